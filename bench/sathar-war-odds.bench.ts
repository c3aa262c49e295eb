/**
 * Sathar War quick battle odds benchmark (issue 12 "Budgets"): "Quick battle odds, 10,000 runs of a 20-ship against
 * 20-ship battle: at most 1 s." The battle: a Sathar attack fleet of 20 (fighters included) on a UPF force of 20;
 * 40 ships, so the rules the seed suggests are the Basic rules (000 "Which Rules To Use?").
 * The same battle with the Advanced rules (the damage table: longer battles) is measured too, against no budget.
 *
 *   npx tsx bench/run.ts sathar-war-odds
 */
import { type OddsInputFile, parseOddsInput, runOdds } from "../src/rules/sathar-war/battles/quick/odds.js";

export function twentyVsTwenty(rules: "auto" | "advanced"): OddsInputFile {
  return {
    rules,
    attacker: "sathar",
    sathar: {
      ships: [
        { class: "HC", count: 2 },
        { class: "LC", count: 3 },
        { class: "DD", count: 5 },
        { class: "FF", count: 4 },
        { class: "AC", count: 1 },
        { class: "FT", count: 5 },
      ],
    },
    upf: {
      ships: [
        { class: "BB", count: 1 },
        { class: "LC", count: 2 },
        { class: "DD", count: 4 },
        { class: "FF", count: 5 },
        { class: "AS", count: 6 },
        { class: "AC", count: 1 },
        { class: "ML", count: 1 },
      ],
    },
  };
}

export async function run(): Promise<{ name: string; value: number; unit: string; budget?: number }[]> {
  const out: { name: string; value: number; unit: string; budget?: number }[] = [];
  for (const rules of ["auto", "advanced"] as const) {
    const parsed = parseOddsInput(twentyVsTwenty(rules));
    if (!parsed.ok) throw new Error(parsed.error.join("\n"));
    runOdds(parsed.value, 500, 99); // warm-up
    let best = Number.POSITIVE_INFINITY;
    for (let rep = 0; rep < 3; rep++) {
      const t0 = performance.now();
      runOdds(parsed.value, 10_000, 1 + rep);
      best = Math.min(best, performance.now() - t0);
    }
    const label = rules === "auto" ? `basic rules (suggested for ${parsed.value.size})` : "advanced rules, damage table";
    out.push({
      name: `quick battle odds, 10,000 runs of 20 v 20, ${label}`,
      value: best / 1000,
      unit: "s",
      ...(rules === "auto" ? { budget: 1 } : {}),
    });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run()) console.log(`${r.name.padEnd(70)} ${r.value.toFixed(3).padStart(10)} ${r.unit}`);
}
