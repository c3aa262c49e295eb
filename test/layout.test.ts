/**
 * The layout shows the design (issue 8): no module of src imports, directly or through others, a module
 * that imports it back. Every relative import and re-export counts, `import type` too: a circle of types
 * is still two files that cannot be read one before the other.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./support/source-files.js";

const ROOT = join(import.meta.dirname, "..");

/** The modules of src that `file` imports or re-exports (relative specifiers only). */
function importsOf(file: string): string[] {
  // Comments may quote an import; scan code only.
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    // "./x.js" names x.ts, or x.tsx in the web client.
    const base = resolve(dirname(file), m[1]!.replace(/\.js$/, ""));
    const target = [`${base}.ts`, `${base}.tsx`].find((t) => existsSync(t));
    if (target) out.push(target);
  }
  return out;
}

/** Strongly connected components of more than one module (Tarjan), each as sorted paths from the repository root. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(relative(ROOT, w));
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("layout", () => {
  it("no import circles in src (a module never reaches itself through its imports)", () => {
    const graph = new Map<string, string[]>();
    for (const f of sourceFiles(join(ROOT, "src"))) graph.set(f, importsOf(f));
    expect(graph.size).toBeGreaterThan(50);
    expect(circles(graph)).toEqual([]);
  });

  it("src/server stands above src/host: it imports no ruleset and no command, and nothing below it imports the server", () => {
    const bad: string[] = [];
    for (const f of sourceFiles(join(ROOT, "src"))) {
      const rel = relative(ROOT, f);
      for (const target of importsOf(f).map((t) => relative(ROOT, t))) {
        if (rel.startsWith("src/server/") && (target.startsWith("src/rules/") || target.startsWith("src/cli/")))
          bad.push(`${rel} -> ${target}`);
        if (/^src\/(core|rules|host|store)\//.test(rel) && target.startsWith("src/server/")) bad.push(`${rel} -> ${target}`);
      }
    }
    expect(existsSync(join(ROOT, "src/server/app.ts"))).toBe(true);
    expect(bad).toEqual([]);
  });

  it("src/web talks to the server over HTTP and knows rulesets only in their view folders", () => {
    const bad: string[] = [];
    const web = sourceFiles(join(ROOT, "src/web"));
    expect(web.length).toBeGreaterThan(5);
    for (const f of sourceFiles(join(ROOT, "src"))) {
      const rel = relative(ROOT, f);
      for (const target of importsOf(f).map((t) => relative(ROOT, t))) {
        // Nothing below the client imports it.
        if (!rel.startsWith("src/web/") && target.startsWith("src/web/")) bad.push(`${rel} -> ${target}`);
        if (!rel.startsWith("src/web/")) continue;
        // In the browser: core and the rules only, never the host, stores, server or command.
        if (/^src\/(host|store|server|cli)\//.test(target)) bad.push(`${rel} -> ${target}`);
        // A ruleset's rules are imported only by that ruleset's view folder (src/web/rulesets/ID/).
        const rules = /^src\/rules\/([^/]+)\//.exec(target);
        const view = /^src\/web\/rulesets\/([^/]+)\//.exec(rel);
        if (rules && rules[1] !== view?.[1]) bad.push(`${rel} -> ${target}`);
        if (target === "src/rules/registry.ts") bad.push(`${rel} -> ${target}`);
        // The shell reaches views through src/web/rulesets/index.ts only.
        if (rel.startsWith("src/web/shell/") && /^src\/web\/rulesets\/[^/]+\//.test(target)) bad.push(`${rel} -> ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("the circle finder finds a circle (a -> b -> c -> a) and leaves a chain alone", () => {
    const g = new Map([
      ["/x/a.ts", ["/x/b.ts"]],
      ["/x/b.ts", ["/x/c.ts"]],
      ["/x/c.ts", ["/x/a.ts", "/x/d.ts"]],
      ["/x/d.ts", []],
    ]);
    expect(circles(g).map((c) => c.length)).toEqual([3]);
    expect(
      circles(
        new Map([
          ["/x/a.ts", ["/x/b.ts"]],
          ["/x/b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });
});
