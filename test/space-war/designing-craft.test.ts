/** Seed 001 "DESIGNING CRAFT" (l.74-256) and the squadron limits (l.7, l.51, l.57, l.454, l.801, l.975, l.1042). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BUDGETS, budgetOf, COST_TABLE, craftCost, MAX_CRAFT, MAX_DESIGNS } from "../../src/rules/space-war/designing-craft/cost.js";
import { design, designCost, designText } from "../../src/rules/space-war/designing-craft/design.js";
import { designCheckTool } from "../../src/rules/space-war/designing-craft/design-check.js";
import { MODULE_DATA, MODULES, mayCarry, moduleOf } from "../../src/rules/space-war/designing-craft/modules.js";
import { checkSquadron, parseSquadron, type SquadronFile } from "../../src/rules/space-war/designing-craft/squadron.js";
import { starhost } from "../cli/run-cli.js";

const EXAMPLES = join(import.meta.dirname, "..", "..", "examples", "space-war");
const example = (name: string): unknown => parse(readFileSync(join(EXAMPLES, name), "utf8"));

/** The codes of a squadron's faults. */
function faults(file: unknown): string[] {
  const p = parseSquadron(file);
  if (!p.ok) throw new Error(`refused: ${JSON.stringify(p.problems)}`);
  return checkSquadron(p.value).problems.map((x) => x.code);
}

const CARRIER = { name: "Carrier", type: "vessel", modules: ["E", "E", "SB"] };
const DART = { name: "Dart", type: "fighter", modules: ["E", "L"] };

describe("COST (M€) (l.160-256)", () => {
  it("the table as printed: 2..10 modules, vessel and fighter values", () => {
    expect(COST_TABLE).toEqual({
      2: [4, 8],
      3: [9, 27],
      4: [16, 64],
      5: [25, 125],
      6: [36, 216],
      7: [49, 343],
      8: [64, 512],
      9: [81, 729],
      10: [100, 1000],
    });
  });
  it("a vessel of n modules costs n², a fighter n³ (ruling C.1)", () => {
    for (let n = 2; n <= 10; n++) {
      expect(craftCost("vessel", n)).toBe(n * n);
      expect(craftCost("fighter", n)).toBe(n * n * n);
    }
  });
  it("no price outside 2..10 modules (ruling C.16)", () => {
    expect(craftCost("vessel", 1)).toBeUndefined();
    expect(craftCost("vessel", 11)).toBeUndefined();
    expect(craftCost("fighter", 12)).toBeUndefined();
  });
  it('"Large Fighters are cost prohibitive" (l.156): a 5-module fighter costs more than a normal game\'s 100 M€', () => {
    expect(craftCost("fighter", 5)).toBeGreaterThan(100);
    expect(craftCost("fighter", 4)).toBeLessThanOrEqual(100);
  });
});

describe("MODULES (l.82-152)", () => {
  it("eleven modules; which craft may carry each", () => {
    expect(MODULES).toHaveLength(11);
    const both = MODULES.filter((m) => mayCarry("vessel", m) && mayCarry("fighter", m));
    const fighterOnly = MODULES.filter((m) => !mayCarry("vessel", m));
    const vesselOnly = MODULES.filter((m) => !mayCarry("fighter", m));
    expect(both.map((m) => MODULE_DATA[m].name)).toEqual(["Armour", "Electronics", "Engine", "Lasers", "Missiles", "Nuclear Warhead"]);
    expect(fighterOnly.map((m) => MODULE_DATA[m].name)).toEqual(["Expendable munitions"]);
    expect(vesselOnly.map((m) => MODULE_DATA[m].name)).toEqual(["Self-Repair", "Shuttle Bay", "Thrusters", "Tractor"]);
  });
  it("Lasers and Expendables have an arc of fire; Missiles fire in any direction (l.110, l.116, l.128, l.635)", () => {
    expect(MODULES.filter((m) => MODULE_DATA[m].arc)).toEqual(["L", "EM"]);
  });
  it("modules by abbreviation or name, any case", () => {
    expect(moduleOf("sb")).toBe("SB");
    expect(moduleOf("Shuttle Bay")).toBe("SB");
    expect(moduleOf("expendable munitions")).toBe("EM");
    expect(moduleOf("phaser")).toBeUndefined();
  });
});

describe("design limits", () => {
  const one = (d: object, extra: Partial<SquadronFile> = {}) => faults({ designs: [d], craft: [], ...extra });
  it("2 to 10 modules (the COST table's rows, ruling C.16)", () => {
    expect(one({ name: "x", type: "vessel", modules: ["E"] })).toEqual(["too-few-modules"]);
    expect(one({ name: "x", type: "vessel", modules: ["E", "L"] })).toEqual([]);
    expect(one({ name: "x", type: "vessel", modules: Array(10).fill("E") })).toEqual([]);
    expect(one({ name: "x", type: "vessel", modules: Array(11).fill("E") })).toEqual(["too-many-modules"]);
  });
  it('"Craft must have at least one engine" (l.104)', () => {
    expect(one({ name: "x", type: "vessel", modules: ["A", "L"] })).toEqual(["no-engine"]);
  });
  it("modules a craft may not carry (l.90-150): Expendables on a vessel, vessel-only modules on a fighter", () => {
    expect(one({ name: "x", type: "vessel", modules: ["E", "EM"] })).toEqual(["module-not-allowed"]);
    for (const m of ["SR", "SB", "T", "TR"]) expect(one({ name: "x", type: "fighter", modules: ["E", m] })).toEqual(["module-not-allowed"]);
  });
  it("a vessel may turn a laser to another 90° arc; a fighter may not; modules without an arc take none (l.635, C.31)", () => {
    expect(one({ name: "x", type: "vessel", modules: ["E", { module: "L", arc: "rear" }] })).toEqual([]);
    expect(one({ name: "x", type: "fighter", modules: ["E", { module: "L", arc: "left" }] })).toEqual(["arc-not-allowed"]);
    expect(one({ name: "x", type: "fighter", modules: ["E", { module: "EM", arc: "front" }] })).toEqual([]);
    expect(one({ name: "x", type: "vessel", modules: ["E", { module: "M", arc: "front" }] })).toEqual(["arc-not-allowed"]);
  });
  it('"You may never have more than 3 Designs" (l.57), prisoners apart (l.454)', () => {
    const designs = ["a", "b", "c", "d"].map((name) => ({ name, type: "vessel", modules: ["E", "SB"] }));
    expect(faults({ designs, craft: [] })).toEqual(["too-many-designs"]);
    const withPrisoner = [...designs.slice(0, 3), { name: "Captured", type: "fighter", modules: ["E", "L"], prisoner: true }];
    expect(
      faults({
        designs: withPrisoner,
        craft: [
          { design: "Captured", count: 1 },
          { design: "a", count: 1 },
        ],
      }),
    ).toEqual([]);
    expect(
      faults({
        designs: withPrisoner,
        craft: [
          { design: "Captured", count: 2 },
          { design: "a", count: 1 },
        ],
      }),
    ).toEqual(["prisoner-more-than-one"]);
    expect(one({ name: "P", type: "vessel", modules: ["E", "L"], prisoner: true })).toEqual(["prisoner-not-fighter"]);
  });
  it('"a maximum of 16 Craft" (l.7)', () => {
    const small = { name: "Pod", type: "vessel", modules: ["E", "L"] };
    expect(faults({ designs: [small], craft: [{ design: "Pod", count: MAX_CRAFT }] })).toEqual([]);
    expect(faults({ designs: [small], craft: [{ design: "Pod", count: MAX_CRAFT + 1 }] })).toContain("too-many-craft");
    expect(MAX_DESIGNS).toBe(3);
  });
  it("100 M€ (l.7); 120 incompetent, 90 expert (l.1042); 120 machine forces whatever the option (l.975)", () => {
    expect(BUDGETS).toEqual({ normal: 100, incompetent: 120, expert: 90 });
    expect(budgetOf("expert", true)).toBe(120);
    const big = { name: "Big", type: "vessel", modules: ["E", "E", "L", "L", "A", "A", "M", "M", "SB", "T"] }; // 100 M€
    const tenner = { name: "Ten", type: "vessel", modules: ["E", "L", "A"] }; // 9 M€
    expect(faults({ designs: [big], craft: [{ design: "Big", count: 1 }] })).toEqual([]);
    expect(faults({ budget: "expert", designs: [big], craft: [{ design: "Big", count: 1 }] })).toEqual(["over-budget"]);
    const over = {
      designs: [big, tenner],
      craft: [
        { design: "Big", count: 1 },
        { design: "Ten", count: 2 },
      ],
    };
    expect(faults(over)).toEqual(["over-budget"]);
    expect(faults({ ...over, budget: "incompetent" })).toEqual([]);
    expect(faults({ ...over, machine: true })).toEqual([]);
  });
  it("fighters only with a vessel with a Shuttle Bay (l.51)", () => {
    const gun = { name: "Gun", type: "vessel", modules: ["E", "L"] };
    expect(
      faults({
        designs: [gun, DART],
        craft: [
          { design: "Gun", count: 1 },
          { design: "Dart", count: 2 },
        ],
      }),
    ).toEqual(["fighters-without-shuttle-bay"]);
    expect(
      faults({
        designs: [CARRIER, DART],
        craft: [
          { design: "Carrier", count: 1 },
          { design: "Dart", count: 2 },
        ],
      }),
    ).toEqual([]);
    // A shuttle-bay design that is not bought carries nothing.
    expect(faults({ designs: [CARRIER, DART], craft: [{ design: "Dart", count: 2 }] })).toEqual(["fighters-without-shuttle-bay"]);
  });
  it("crews: one a craft, never two of the same medal (l.801), none for machines (l.977)", () => {
    const crews = (medals: string[][], count = 1, machine = false) =>
      faults({
        machine,
        designs: [CARRIER],
        craft: [{ design: "Carrier", count, crews: medals.map((m, i) => ({ name: `c${i}`, medals: m })) }],
      });
    expect(crews([["ace", "star"]])).toEqual([]);
    expect(crews([["ace", "ace"]])).toEqual(["same-medal-twice"]);
    expect(crews([["ace"], ["star"]])).toEqual(["crews-exceed-craft"]);
    expect(crews([["tek"]], 1, true)).toEqual(["machine-medals"]);
  });
  it("settings for the other readings: fighterArcs (C.31), prisonersFree (C.36)", () => {
    const arced = { name: "x", type: "fighter", modules: ["E", { module: "L", arc: "left" }] };
    expect(one(arced, { settings: { fighterArcs: true } })).toEqual([]);
    const file = (prisonersFree: boolean) => ({
      settings: { prisonersFree },
      designs: [CARRIER, { name: "Captured", type: "fighter", modules: ["E", "L", "L"], prisoner: true }],
      craft: [
        { design: "Carrier", count: 1 },
        { design: "Captured", count: 1 },
      ],
    });
    expect(designCheckTool.run(file(false), {}).text).toContain("Total: 36 M€");
    expect(designCheckTool.run(file(true), {}).text).toContain("Total: 9 M€");
    expect(designCheckTool.run({ ...file(true), settings: { prisonersFree: "yes" } }, {}).refused).toBe(true);
  });
  it("a craft of an unknown design, and two designs of one name", () => {
    expect(faults({ designs: [CARRIER], craft: [{ design: "Nope", count: 1 }] })).toEqual(["unknown-design"]);
    expect(faults({ designs: [CARRIER, CARRIER], craft: [] })).toEqual(["duplicate-design"]);
  });
  it("a design's price and text", () => {
    const d = design("CT Carrier", "vessel", ["E", "E", "SB"]);
    expect(designCost(d)).toBe(9);
    expect(designText({ ...d, modules: [...d.modules, { module: "L", arc: "rear" }] })).toBe("Vessel: E+E+SB+L(rear)");
  });
});

describe("design-check tool", () => {
  it("prices the example squadron: each design's price and the total", () => {
    const out = designCheckTool.run(example("blue-squadron.yaml"), {}, "blue-squadron.yaml");
    expect(out.ok).toBe(true);
    expect(out.text).toContain("Carrier  Vessel: E+E+SB+L+L(rear)     25 M€ x  2 = 50 M€");
    expect(out.text).toContain("Total: 98 M€ of 100 M€; 8 craft of 16; 3 design(s) of 3");
    expect(out.text).toContain("Valid: blue-squadron.yaml is a legal squadron.");
    const json = out.json as {
      ok: boolean;
      total: number;
      budget: number;
      craft: number;
      designs: { name: string; each: number; count: number }[];
    };
    expect(json).toMatchObject({ ok: true, total: 98, budget: 100, craft: 8, problems: [] });
    expect(json.designs.map((d) => [d.name, d.each, d.count])).toEqual([
      ["Carrier", 25, 2],
      ["Dart", 8, 4],
      ["Bomber", 8, 2],
    ]);
  });
  it("lists every fault of the faulty example, a line each", () => {
    const out = designCheckTool.run(example("faulty-squadron.yaml"), {}, "faulty-squadron.yaml");
    expect(out.ok).toBe(false);
    expect(out.refused).toBeUndefined();
    expect(out.text).toContain("Invalid: faulty-squadron.yaml has 9 fault(s):");
    const codes = (out.json as { problems: { code: string }[] }).problems.map((p) => p.code);
    expect(codes.sort()).toEqual(
      [
        "no-engine",
        "too-many-modules",
        "module-not-allowed",
        "arc-not-allowed",
        "too-many-designs",
        "same-medal-twice",
        "too-many-craft",
        "over-budget",
        "fighters-without-shuttle-bay",
      ].sort(),
    );
  });
  it("refuses a file that is not a squadron, a Problem per field", () => {
    const out = designCheckTool.run(
      { designs: [{ name: "x", type: "starship", modules: ["E", "Phaser"] }], craft: [{ design: "x", count: -1 }] },
      {},
    );
    expect(out.ok).toBe(false);
    expect(out.refused).toBe(true);
    expect(out.text).toContain("designs[0].type: type: vessel or fighter");
    expect(out.text).toContain('unknown module "Phaser"');
    expect(out.text).toContain("craft[0].count: count cannot be negative");
    expect(designCheckTool.run("hello", {}).refused).toBe(true);
    expect(designCheckTool.run({ designs: [], extra: 1 }, {}).refused).toBe(true);
  });
  it("as the issue spells it, `starhost space-war design check FILE`: exit 0 for a legal squadron, 1 with a line per fault", () => {
    const good = starhost(["space-war", "design", "check", join(EXAMPLES, "blue-squadron.yaml")]);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("Total: 98 M€ of 100 M€; 8 craft of 16; 3 design(s) of 3");
    const bad = starhost(["space-war", "design", "check", join(EXAMPLES, "faulty-squadron.yaml"), "--json"]);
    expect(bad.code).toBe(1);
    expect((JSON.parse(bad.stdout) as { problems: unknown[] }).problems).toHaveLength(9);
    const missing = starhost(["space-war", "design", "check", join(EXAMPLES, "no-such.yaml")]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("no-such.yaml");
  });
});
