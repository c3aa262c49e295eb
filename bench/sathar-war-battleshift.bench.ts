/**
 * Issue 12, "Budgets": "A whole campaign with every battle fought out in Battleshift by bots: at most 120 s."
 *
 * The `war` scenario with the option `battles: 2` (every battle fought out in Battleshift: each Knight Hawks ship
 * converted, the battle played to its end by Battleshift's normal bots on both sides, the result mapped back),
 * the normal bot on both seats, played to the war's outcome (at most 3,000 steps). Reported with the same campaign
 * fought with quick battles, in the same run, for the ratio.
 *
 *   npx tsx bench/run.ts sathar-war-battleshift
 */
import { newGame } from "../src/host/lifecycle.js";
import { playInMemory } from "../src/host/play.js";
import { satharWar } from "../src/rules/sathar-war/index.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const SEED = 2;

function campaign(battles: 1 | 2): { seconds: number; steps: number; battles: number; outcome: string } {
  const made = newGame({ id: "bench", ruleset: satharWar, scenario: "war", inputs: { options: [{ battles }] }, seed: SEED });
  if (!made.ok) throw new Error(made.error.map((p) => p.message).join("; "));
  const started = performance.now();
  const r = playInMemory(satharWar, made.value, { sathar: "normal", upf: "normal" }, 3000);
  const seconds = (performance.now() - started) / 1000;
  const state = r.record.state as { battles: unknown[]; step: number };
  return { seconds, steps: state.step, battles: state.battles.length, outcome: r.record.outcome?.reason ?? "no outcome in 3,000 steps" };
}

export async function run(): Promise<Figure[]> {
  const quick = campaign(1);
  const fought = campaign(2);
  for (const [name, c] of [
    ["quick battles", quick],
    ["Battleshift battles", fought],
  ] as const)
    console.log(`${name}: ${c.seconds.toFixed(1)} s, ${c.steps} steps, ${c.battles} battles; ${c.outcome}`);
  return [
    { name: "sathar-war campaign, every battle in Battleshift (bots)", value: fought.seconds, unit: "s", budget: 120 },
    { name: "  the same campaign with quick battles", value: quick.seconds, unit: "s" },
    { name: "  ratio Battleshift / quick", value: fought.seconds / quick.seconds, unit: "x" },
  ];
}
