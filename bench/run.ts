/**
 * `npm run bench`: runs every benchmark in bench/ and prints its figures against
 * the budgets the issues give. Benchmarks measure; they are not timed unit tests.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || f.includes(only))
  .sort();
let over = 0;
for (const f of files) {
  console.log(`\n## ${f}`);
  const mod = (await import(pathToFileURL(join(here, f)).href)) as {
    run?: () => Promise<{ name: string; value: number; unit: string; budget?: number }[]>;
  };
  if (!mod.run) continue;
  for (const r of await mod.run()) {
    const verdict =
      r.budget === undefined ? "" : r.value <= r.budget ? `  within budget ${r.budget} ${r.unit}` : `  OVER budget ${r.budget} ${r.unit}`;
    if (r.budget !== undefined && r.value > r.budget) over++;
    console.log(`${r.name.padEnd(60)} ${r.value.toFixed(2).padStart(10)} ${r.unit}${verdict}`);
  }
}
console.log(over === 0 ? "\nAll figures within their budgets." : `\n${over} figure(s) over budget.`);
