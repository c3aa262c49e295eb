/**
 * src/core and src/rules stay pure (DESIGN.md principle 1, "Layout"): no node:
 * modules, no host/store/server/cli imports, no Math.random, clock or console.
 * Biome enforces the imports too; this test also catches the calls.
 *
 * Issue 8's code standard adds: no module-level mutable state (memo caches
 * included: a rule must not answer differently because of what ran before it,
 * in this game or another), and no `as unknown as` casts anywhere under src
 * (schemas and types agree instead).
 */
import { readFileSync } from "node:fs";
import ts from "typescript";
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

/** Comments may name what they avoid ("no Math.random", "no `as unknown as`"): scan code only. */
function codeOf(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

const MUTABLE_COLLECTIONS = new Set(["Map", "Set", "WeakMap", "WeakSet"]);
const READONLY_TYPES = /^(ReadonlyMap|ReadonlySet)\s*</;

function withoutAssertions(e: ts.Expression): ts.Expression {
  let x = e;
  while (ts.isAsExpression(x) || ts.isSatisfiesExpression(x) || ts.isParenthesizedExpression(x) || ts.isTypeAssertionExpression(x))
    x = x.expression;
  return x;
}

/**
 * The module-level state of one source file, as "line: what": a `let` or `var`, a Map/Set not typed
 * ReadonlyMap/ReadonlySet (a WeakMap or WeakSet can only be a cache), a static class field that is not
 * readonly, or a statement run at load that is not a declaration (a loop filling a table, say).
 * Parsed rather than grepped, so code inside a template (a replay page's script) does not count.
 */
function moduleState(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const out: string[] = [];
  const checkConst = (d: ts.VariableDeclaration | ts.PropertyDeclaration, name: string) => {
    const init = d.initializer && withoutAssertions(d.initializer);
    if (!init || !ts.isNewExpression(init) || !ts.isIdentifier(init.expression)) return;
    const kind = init.expression.text;
    if (!MUTABLE_COLLECTIONS.has(kind)) return;
    if (kind.startsWith("Weak") || !d.type || !READONLY_TYPES.test(d.type.getText(sf)))
      out.push(`${at(d)}: ${name} = new ${kind}(...) at module level; type it ReadonlyMap/ReadonlySet if it is never written`);
  };
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const d of st.declarationList.declarations) {
        const name = d.name.getText(sf);
        if (!isConst) out.push(`${at(d)}: module-level let/var ${name}`);
        else checkConst(d, name);
      }
    } else if (ts.isClassDeclaration(st)) {
      for (const m of st.members) {
        if (!ts.isPropertyDeclaration(m)) continue;
        const mods = ts.getModifiers(m) ?? [];
        if (!mods.some((x) => x.kind === ts.SyntaxKind.StaticKeyword)) continue;
        const name = `${st.name?.text ?? "class"}.${m.name.getText(sf)}`;
        if (!mods.some((x) => x.kind === ts.SyntaxKind.ReadonlyKeyword)) out.push(`${at(m)}: static field ${name} is not readonly`);
        else checkConst(m, name);
      }
    } else if (
      !ts.isImportDeclaration(st) &&
      !ts.isImportEqualsDeclaration(st) &&
      !ts.isExportDeclaration(st) &&
      !ts.isExportAssignment(st) &&
      !ts.isFunctionDeclaration(st) &&
      !ts.isInterfaceDeclaration(st) &&
      !ts.isTypeAliasDeclaration(st) &&
      !ts.isEnumDeclaration(st) &&
      !ts.isModuleDeclaration(st) &&
      !ts.isEmptyStatement(st)
    ) {
      out.push(`${at(st)}: a statement run at load (${ts.SyntaxKind[st.kind]}): build tables in their const's initializer`);
    }
  }
  return out;
}

describe("purity of src/core and src/rules", () => {
  for (const root of ["src/core", "src/rules"]) {
    it(`${root} imports and calls nothing impure`, () => {
      const bad: string[] = [];
      for (const f of sourceFiles(root)) {
        const text = codeOf(f);
        for (const [re, what] of FORBIDDEN) if (re.test(text)) bad.push(`${f}: ${what}`);
      }
      expect(bad).toEqual([]);
    });

    it(`${root} keeps no module-level mutable state: no let or var, no Map or Set not typed readonly, no WeakMap cache`, () => {
      const bad = sourceFiles(root).flatMap((f) => moduleState(f, readFileSync(f, "utf8")));
      expect(bad).toEqual([]);
    });
  }

  it("the module-state check finds what it looks for and nothing else", () => {
    const found = (code: string) => moduleState("x.ts", code).length;
    expect(found("let turns = 0;")).toBe(1);
    expect(found("export var seen = [];")).toBe(1);
    expect(found("const cache = new Map<string, number>();")).toBe(1);
    expect(found("const caps = new WeakMap<object, number>();")).toBe(1);
    expect(found("const names = new Set(['a']) as Set<string>;")).toBe(1);
    expect(found("const BY = new Map<string, number[]>();\nfor (const x of xs) BY.set(x, []);")).toBe(2);
    expect(found("class Memo { static hits = 0; static readonly table = new Map(); }")).toBe(2);
    expect(found("const byId: ReadonlyMap<string, number> = new Map([['a', 1]]);")).toBe(0);
    expect(found("const KINDS: ReadonlySet<string> = new Set(['a']);")).toBe(0);
    expect(found("function f() { let n = 0; const m = new Map(); return [n, m]; }")).toBe(0);
    expect(found("const page = `\nlet i=0,timer=null;\n`;")).toBe(0);
    expect(found("class Ctx { readonly seen = new Set<string>(); static of() { return new Ctx(); } }")).toBe(0);
  });
});

describe("no `as unknown as` under src (issue 8: typed inputs, no schema casts)", () => {
  it("src has no double cast through unknown", () => {
    const bad: string[] = [];
    for (const f of sourceFiles("src"))
      codeOf(f)
        .split("\n")
        .forEach((line, i) => {
          if (/\bas\s+unknown\s+as\b/.test(line)) bad.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    expect(bad).toEqual([]);
  });
});
