/**
 * Space War, a whole squadron action played by bots (issue 13 "Budgets": "a squadron action, 16 craft a side, bots to
 * the end: at most 200 ms"): 1.0 Squadron Action, one game, the normal bot on both seats, seeds 1-10; the mean and
 * the slowest.
 *
 *   npx tsx bench/run.ts space-war-action
 */
import { play } from "../test/space-war/bots-support.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const SEEDS = Number(process.env.SX_SEEDS ?? 10);

export async function run(): Promise<Figure[]> {
  // Warm-up: the first games pay for loading and compiling (a host plays many; the budget is the steady state).
  for (let seed = 101; seed <= 110; seed++) play(seed, "normal", "normal");
  const games = Array.from({ length: SEEDS }, (_, i) => play(i + 1, "normal", "normal"));
  const ms = games.map((g) => g.ms);
  const crafts = games.map((g) => g.state.campaign.battle?.craft.length ?? 0);
  console.log(
    `Space War squadron action, normal v normal, seeds 1-${SEEDS}: craft ${Math.min(...crafts)}-${Math.max(...crafts)}, steps ${games.map((g) => g.steps).join(" ")}, finished ${games.filter((g) => g.finished).length}/${SEEDS}`,
  );
  return [
    { name: "squadron action, normal bots: mean time", value: ms.reduce((a, b) => a + b, 0) / SEEDS, unit: "ms", budget: 200 },
    { name: "squadron action, normal bots: slowest", value: Math.max(...ms), unit: "ms", budget: 200 },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await run()) console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit}`);
}
