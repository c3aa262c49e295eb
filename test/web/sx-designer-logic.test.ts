/**
 * The squadron designer's model (src/web/rulesets/space-war/designer.ts) against seed 001 "DESIGNING CRAFT": a squadron
 * edited as data is priced and checked as the design check does it (l.156-256: a vessel of n modules n², a fighter
 * n³), each fault placed beside what it is about, and written as the squadron file the design check takes back.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { designCheckTool } from "../../src/rules/space-war/designing-craft/design-check.js";
import {
  addCrew,
  addDesign,
  addModule,
  arcChoosable,
  bought,
  checkDraft,
  draftOfFile,
  faultPlace,
  faultsAt,
  fileName,
  newSquadron,
  removeDesign,
  removeModule,
  renameDesign,
  type SquadronDraft,
  setArc,
  setCount,
  setMedal,
  setSetting,
  setType,
  squadronFile,
  squadronYaml,
  summaryLine,
} from "../../src/web/rulesets/space-war/designer.js";

const example = (file: string): unknown => parse(readFileSync(join(import.meta.dirname, `../../examples/space-war/${file}`), "utf8"));

const loaded = (file: string): SquadronDraft => {
  const r = draftOfFile(example(file));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.draft;
};

describe("the price, as the COST table gives it (l.156-256)", () => {
  it("the starting squadron: 2 Carriers of 5 modules (25 M€) and 4 Darts of 2 (8 M€) cost 82 of 100 M€", () => {
    const c = checkDraft(newSquadron());
    expect(c.ok).toBe(true);
    expect(c.prices.map((p) => [p.name, p.each, p.count, p.subtotal])).toEqual([
      ["Carrier", 25, 2, 50],
      ["Dart", 8, 4, 32],
    ]);
    expect(c.total).toBe(82);
    expect(c.budget).toBe(100);
    expect(summaryLine(c, newSquadron())).toBe("Cost 82 M€ of 100 M€; 6 craft of 16; 2 design(s) of 3. A legal squadron.");
  });

  it("a module more makes the price go up as the table says: a 6-module vessel 36 M€, a 3-module fighter 27 M€", () => {
    let s = addModule(newSquadron(), 0, "A");
    s = addModule(s, 1, "EL");
    const c = checkDraft(s);
    expect(c.prices.map((p) => p.each)).toEqual([36, 27]);
    expect(c.total).toBe(2 * 36 + 4 * 27);
    // "Large Fighters are cost prohibitive" (l.156): 180 of 100 M€.
    expect(faultsAt(c, s, { at: "squadron" }).map((p) => p.code)).toEqual(["over-budget"]);
  });

  it("the budget option (l.1042) and a machine force's 120 M€ (l.975)", () => {
    expect(checkDraft({ ...newSquadron(), budget: "expert" }).budget).toBe(90);
    expect(checkDraft({ ...newSquadron(), budget: "incompetent" }).budget).toBe(120);
    expect(checkDraft({ ...newSquadron(), budget: "expert", machine: true }).budget).toBe(120);
  });

  it("the blue squadron example: 98 M€ of 100, as its own comment says", () => {
    const s = loaded("blue-squadron.yaml");
    const c = checkDraft(s);
    expect(c.ok).toBe(true);
    expect(c.total).toBe(98);
    expect(c.craft).toBe(8);
  });
});

describe("each fault, beside what it is about", () => {
  it('a 17th craft: "Players are limited to a maximum of 16 Craft" (l.7), a fault of the squadron', () => {
    const s = setCount(newSquadron(), "Dart", 15);
    const c = checkDraft(s);
    expect(c.craft).toBe(17);
    expect(faultsAt(c, s, { at: "squadron" }).map((p) => p.code)).toContain("too-many-craft");
  });

  it("fighters without a Shuttle Bay vessel (l.51): the Carrier's bay removed", () => {
    const s = removeModule(newSquadron(), 0, 2);
    const c = checkDraft(s);
    expect(faultsAt(c, s, { at: "squadron" }).map((p) => p.code)).toEqual(["fighters-without-shuttle-bay"]);
  });

  it("a fighter may not carry a Shuttle Bay (l.136-140): the fault is the module's; no Engine (l.104) is the design's", () => {
    let s = addModule(newSquadron(), 1, "SB");
    s = removeModule(s, 1, 0);
    const c = checkDraft(s);
    expect(faultsAt(c, s, { at: "design", design: 1, module: 1 }).map((p) => p.code)).toEqual(["module-not-allowed"]);
    expect(faultsAt(c, s, { at: "design", design: 1 }).map((p) => p.code)).toEqual(["no-engine"]);
  });

  it("the faulty example: every problem of the design check has a place, and each place is the one it names", () => {
    const s = loaded("faulty-squadron.yaml");
    const c = checkDraft(s);
    const tool = designCheckTool.run(example("faulty-squadron.yaml"), {});
    expect(c.problems).toEqual((tool.json as { problems: unknown }).problems);
    const places = c.problems.map((p) => [p.code, faultPlace(p, s)]);
    expect(places).toContainEqual(["no-engine", { at: "design", design: 0 }]);
    expect(places).toContainEqual(["too-many-modules", { at: "design", design: 1 }]);
    expect(places).toContainEqual(["module-not-allowed", { at: "design", design: 2, module: 1 }]);
    expect(places).toContainEqual(["arc-not-allowed", { at: "design", design: 2, module: 2 }]);
    expect(places).toContainEqual(["too-many-designs", { at: "designs" }]);
    expect(places).toContainEqual(["same-medal-twice", { at: "purchase", purchase: 1, crew: 0 }]);
    expect(places).toContainEqual(["too-many-craft", { at: "squadron" }]);
    expect(places).toContainEqual(["over-budget", { at: "squadron" }]);
    expect(places).toContainEqual(["fighters-without-shuttle-bay", { at: "squadron" }]);
  });

  it("a field the file's shape refuses (a negative count) is a fault of that purchase, from parseSquadron", () => {
    const s = setCount(newSquadron(), "Dart", -1);
    const c = checkDraft(s);
    expect(c.ok).toBe(false);
    expect(c.problems).toEqual([{ order: "craft[1].count", code: "bad-field", message: "count cannot be negative" }]);
    expect(faultPlace(c.problems[0]!, s)).toEqual({ at: "purchase", purchase: 1 });
  });

  it("a crew with two of the same medal (l.801) and medals for a machine force (l.977) are faults of that crew", () => {
    let s = addCrew(newSquadron(), 0);
    s = setMedal(s, 0, 0, "ace", true);
    s = { ...s, machine: true };
    const c = checkDraft(s);
    expect(faultsAt(c, s, { at: "purchase", purchase: 0, crew: 0 }).map((p) => p.code)).toEqual(["machine-medals"]);
    // Ticking a medal twice is one medal: the form cannot give the same medal twice.
    expect(setMedal(s, 0, 0, "ace", true).craft[0]!.crews[0]!.medals).toEqual(["ace"]);
  });
});

describe("editing a squadron as data", () => {
  it("renaming a design renames the craft bought of it; scrapping one (l.57) takes its craft away", () => {
    const s = renameDesign(newSquadron(), 1, "Wasp");
    expect(s.craft.map((c) => c.design)).toEqual(["Carrier", "Wasp"]);
    expect(checkDraft(s).ok).toBe(true);
    const t = removeDesign(s, 1);
    expect(t.craft.map((c) => c.design)).toEqual(["Carrier"]);
  });

  it("a new design has an Engine (l.104) and a name of its own; none is bought until a count is set", () => {
    const s = addDesign(newSquadron(), "fighter");
    expect(s.designs[2]).toEqual({ name: "Design 3", type: "fighter", modules: [{ module: "E" }, { module: "L" }], prisoner: false });
    expect(bought(s, "Design 3")).toBe(0);
    expect(bought(setCount(s, "Design 3", 2), "Design 3")).toBe(2);
  });

  it("a vessel's Lasers turn to another 90° arc (l.635); a fighter's only with the fighterArcs setting (C.31)", () => {
    const s = setArc(newSquadron(), 0, 3, "left");
    expect(s.designs[0]!.modules[3]).toEqual({ module: "L", arc: "left" });
    expect(setArc(s, 0, 3, "front").designs[0]!.modules[3]).toEqual({ module: "L" });
    expect(arcChoosable(s, s.designs[1]!, s.designs[1]!.modules[1]!)).toBe(false);
    const t = setSetting(s, "fighterArcs", true);
    expect(arcChoosable(t, t.designs[1]!, t.designs[1]!.modules[1]!)).toBe(true);
    expect(squadronFile(t).settings).toEqual({ fighterArcs: true });
    expect(squadronFile(setSetting(t, "fighterArcs", false)).settings).toBeUndefined();
  });

  it("a vessel made a fighter keeps its modules, and the check names those a fighter may not carry", () => {
    const s = setType(newSquadron(), 0, "fighter");
    const c = checkDraft(s);
    expect(faultsAt(c, s, { at: "design", design: 0, module: 2 }).map((p) => p.code)).toEqual(["module-not-allowed"]);
    expect(faultsAt(c, s, { at: "design", design: 0, module: 4 }).map((p) => p.code)).toEqual(["arc-not-allowed"]);
  });
});

describe("the squadron file both ways", () => {
  it("the file written is read back as the same squadron, and the design check gives it the same price", () => {
    const s = setMedal(addCrew(setArc(newSquadron(), 0, 3, "right"), 1), 1, 0, "star", true);
    const back = draftOfFile(parse(squadronYaml(s)));
    expect(back).toEqual({ ok: true, draft: s });
    const tool = designCheckTool.run(parse(squadronYaml(s)), {});
    expect((tool.json as { total: number }).total).toBe(checkDraft(s).total);
    expect(squadronYaml(s)).toMatch(/starhost space-war design-check --input FILE/);
    expect(fileName(s)).toBe("blue-squadron.yaml");
  });

  it("the examples load as written: the blue squadron's rear laser and its crews", () => {
    const s = loaded("blue-squadron.yaml");
    expect(s.designs[0]!.modules[4]).toEqual({ module: "L", arc: "rear" });
    expect(s.craft[0]!.crews).toEqual([{ name: "Red Leader", medals: ["ace", "star"] }]);
    expect(squadronFile(s)).toEqual(squadronFile(loaded("blue-squadron.yaml")));
  });

  it("a file the shape refuses is not loaded: its problems are given, in parseSquadron's words", () => {
    const r = draftOfFile({ designs: [{ name: "X", type: "cruiser", modules: ["E", "Warp"] }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.order)).toEqual(["designs[0].type", "designs[0].modules[1]"]);
  });
});
