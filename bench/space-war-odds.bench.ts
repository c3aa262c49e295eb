/**
 * Space War shot odds benchmark (issue 13 "Budgets"): "Exact shot odds for any input above: at most 10 ms." The input
 * is the largest the odds take (examples/space-war/largest-shots.json: 100 volleys of expendables, 100 Ace laser shots
 * and 100 missiles, every card, at a 12-module craft); the figure is the best of 20 runs after a warm-up, and the
 * median beside it.
 *
 *   npx tsx bench/run.ts space-war-odds
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { oddsTool } from "../src/rules/space-war/the-turn/odds.js";

export async function run(): Promise<{ name: string; value: number; unit: string; budget?: number }[]> {
  const input: unknown = JSON.parse(readFileSync(join(import.meta.dirname, "..", "examples", "space-war", "largest-shots.json"), "utf8"));
  for (let i = 0; i < 5; i++) oddsTool.run(input, { exact: true });
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const out = oddsTool.run(input, { exact: true });
    times.push(performance.now() - t0);
    if (!out.ok) throw new Error(out.text);
  }
  times.sort((a, b) => a - b);
  return [
    { name: "exact shot odds, the largest input: best of 20", value: times[0] ?? 0, unit: "ms", budget: 10 },
    { name: "exact shot odds, the largest input: median of 20", value: times[10] ?? 0, unit: "ms" },
  ];
}
