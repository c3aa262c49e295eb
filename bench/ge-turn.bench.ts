/**
 * Issue 3, "Speed":
 *  - "One turn of alpha-beta-quadrants with all 24 seats played by bots: at most
 *    250 ms for the adjudication and at most as long again for the bots' orders."
 *    The galaxy has 26 seats (chapter 8's 24 empires with the three Dominion
 *    warfleets and four Borg unimatrixes counted one by one); every seat is the
 *    normal bot. After WARM_TURNS turns of play (mid-game: the independents mostly
 *    taken, every empire at war with someone), the next turn is timed: the bots'
 *    orders for every seat, then the adjudication (the ruleset's `resolve`,
 *    independents' orders included). Both are pure, so each is run 3 times on the
 *    same input and the fastest kept (the machine may be shared).
 *  - "A 100-turn all-bot game on the default scenario: at most 60 s": the whole
 *    game in memory, bots and adjudication (the game may end sooner by victory;
 *    the turns played are printed).
 *
 *   npx tsx bench/run.ts ge-turn
 */
import { Rng } from "../src/core/rng.js";
import { botOrdersFor, playStates } from "../src/host/play.js";
import type { BotLevel } from "../src/rules/galactic-empires/bot/index.js";
import { galacticEmpires } from "../src/rules/galactic-empires/index.js";
import type { EmpireId, GameState } from "../src/rules/galactic-empires/model.js";
import type { Orders } from "../src/rules/galactic-empires/orders.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const SCENARIO = "alpha-beta-quadrants";
const WARM_TURNS = 10;
const SEED = 1;

function allNormal(state: GameState): Record<EmpireId, BotLevel> {
  return Object.fromEntries(galacticEmpires.seats(state).map((s) => [s, "normal" as BotLevel]));
}

function fastest<T>(n: number, f: () => T): { ms: number; value: T } {
  let best = Number.POSITIVE_INFINITY;
  let value: T | undefined;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    value = f();
    best = Math.min(best, performance.now() - t);
  }
  return { ms: best, value: value as T };
}

export async function run(): Promise<Figure[]> {
  const sc = galacticEmpires.scenarios[SCENARIO];
  if (!sc) throw new Error(`no scenario ${SCENARIO}`);
  const start = sc.create(SEED, {});
  const levels = allNormal(start);
  const warm = playStates(galacticEmpires, start, start.seed, levels, WARM_TURNS).state;
  const seats = galacticEmpires.seats(warm).length;
  const bots = fastest(3, () => botOrdersFor(galacticEmpires, warm, warm.seed, levels) as Record<string, Orders>);
  const orderCount = Object.values(bots.value).reduce((n, o) => n + o.orders.length, 0);
  const adj = fastest(3, () => galacticEmpires.resolve(warm, bots.value, Rng.forTurn(warm.seed, warm.turn)));
  console.log(
    `${SCENARIO}, seed ${SEED}: turn ${warm.turn} (after ${WARM_TURNS} turns), ${warm.sectors.length} sectors, ${seats} seats, ` +
      `${Object.keys(warm.units).length} units, ${orderCount} orders, ${adj.value.events.length} events`,
  );

  const t = performance.now();
  const game = playStates(galacticEmpires, start, start.seed, levels, 100);
  const gameS = (performance.now() - t) / 1000;
  console.log(
    `100-turn all-bot game: ${game.steps} turns played${galacticEmpires.outcome(game.state) ? ` (${galacticEmpires.outcome(game.state)?.reason})` : ""} in ${gameS.toFixed(1)} s`,
  );
  return [
    { name: `one ${SCENARIO} turn, ${seats} seats: adjudication`, value: adj.ms, unit: "ms", budget: 250 },
    { name: `one ${SCENARIO} turn, ${seats} seats: the bots' orders`, value: bots.ms, unit: "ms", budget: 250 },
    { name: `100-turn all-bot game on ${SCENARIO} (${game.steps} turns played)`, value: gameS, unit: "s", budget: 60 },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await run())
    console.log(`${f.name}: ${f.value.toFixed(1)} ${f.unit}${f.budget !== undefined ? ` (budget ${f.budget})` : ""}`);
}
