/**
 * Battleshift speed (issue 4, "Speed"): the seed's largest playtest, 160 ships,
 * bots against bots to the end (budget 2 s); 1,000 ships (budget 30 s); and how
 * the time of a whole battle grows with the ship count (the fleets are the
 * playtest's taskforces repeated; every battle runs to its end or the turn limit).
 */
import { Rng } from "../src/core/rng.js";
import { botOrders } from "../src/rules/battleshift/bot/bot.js";
import { createBattle, fleetsFrom, scaledPlaytestFleets } from "../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../src/rules/battleshift/index.js";
import type { BattleState } from "../src/rules/battleshift/model.js";
import type { Orders } from "../src/rules/battleshift/orders.js";

function botBattle(state: BattleState): { state: BattleState; steps: number } {
  let s = state;
  let steps = 0;
  while (!s.outcome && steps < 100_000) {
    const orders: Record<string, Orders> = {};
    for (const seat of battleshift.awaiting(s)) orders[seat] = botOrders(s, seat);
    s = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step)).state;
    steps++;
  }
  return { state: s, steps };
}

function timed(make: () => BattleState): { ms: number; steps: number; turn: number } {
  const t0 = performance.now();
  const r = botBattle(make());
  return { ms: performance.now() - t0, steps: r.steps, turn: r.state.turn };
}

export async function run(): Promise<{ name: string; value: number; unit: string; budget?: number }[]> {
  const out: { name: string; value: number; unit: string; budget?: number }[] = [];
  // Warm the JIT once on a small battle (not measured).
  timed(() => createBattle({ seed: 99, scenario: "bench", fleets: fleetsFrom(scaledPlaytestFleets(20)) }).state);
  const playtest = timed(() => battleshift.scenarios.playtest?.create(1, {}) as BattleState);
  out.push({
    name: `playtest 160 ships, bots to the end (${playtest.steps} steps, turn ${playtest.turn})`,
    value: playtest.ms,
    unit: "ms",
    budget: 2000,
  });
  const table: { ships: number; ms: number }[] = [];
  for (const ships of [40, 80, 160, 320, 640, 1000]) {
    const r = timed(() => createBattle({ seed: 1, scenario: "bench", fleets: fleetsFrom(scaledPlaytestFleets(ships / 2)) }).state);
    table.push({ ships, ms: r.ms });
    out.push({
      name: `${ships} ships, bots to the end (${r.steps} steps, turn ${r.turn})`,
      value: r.ms,
      unit: "ms",
      ...(ships === 1000 ? { budget: 30_000 } : {}),
    });
  }
  // Growth: the slope of log(time) against log(ships) between 160 and 1000 ships.
  const a = table.find((t) => t.ships === 160);
  const b = table.find((t) => t.ships === 1000);
  if (a && b)
    out.push({
      name: "growth exponent k (time ~ ships^k, 160 -> 1000 ships)",
      value: Math.log(b.ms / a.ms) / Math.log(b.ships / a.ships),
      unit: "",
    });
  return out;
}
