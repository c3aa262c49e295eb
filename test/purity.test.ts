/**
 * src/core and src/rules stay pure (DESIGN.md principle 1, "Layout"): no node:
 * modules, no host/store/server/cli imports, no Math.random, clock or console.
 * Biome enforces the imports too; this test also catches the calls.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./support/source-files.js";

const FORBIDDEN: [RegExp, string][] = [
  [/from\s+["']node:/, "a node: module"],
  [/from\s+["'](fs|path|os|child_process|crypto|http|net)["']/, "a Node built-in"],
  [/from\s+["'][./]*(\.\.\/)+(host|store|server|cli)\//, "host/store/server/cli"],
  [/Math\.random/, "Math.random"],
  [/Date\.now|new Date\(|performance\.now/, "the clock"],
  [/\bconsole\./, "console output"],
];

describe("purity of src/core and src/rules", () => {
  for (const root of ["src/core", "src/rules"]) {
    it(`${root} imports and calls nothing impure`, () => {
      const bad: string[] = [];
      for (const f of sourceFiles(root)) {
        // Comments may name what they avoid ("no Math.random"): scan code only.
        const text = readFileSync(f, "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/^\s*\/\/.*$/gm, "");
        for (const [re, what] of FORBIDDEN) if (re.test(text)) bad.push(`${f}: ${what}`);
      }
      expect(bad).toEqual([]);
    });
  }
});
