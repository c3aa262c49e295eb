import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every .ts and .tsx file under `dir` (the web client's components are .tsx), depth first. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (p.endsWith(".ts") || p.endsWith(".tsx")) out.push(p);
  }
  return out;
}
