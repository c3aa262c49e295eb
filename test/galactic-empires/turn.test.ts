/**
 * The whole turn: chapter 9's event list in order, and rules that span steps.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { Order } from "../../src/rules/galactic-empires/orders.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";
import { FINAL_EVENTS, FIRST_EVENTS, runTurn } from "../../src/rules/galactic-empires/turn.js";
import { addUnit, HAWK, KTINGA, tinyGalaxy } from "./fixtures.js";

describe("galactic-empires: the turn as chapter 9 lists it", () => {
  it("chapter 9 'First Events' and 'Final Events': the steps run in the printed order", () => {
    expect(FIRST_EVENTS.map((s) => s.name)).toEqual([
      "War Declared",
      "Acceptance Changed",
      "Passage Rights Changed",
      "Special Permission Changed",
      "New Starfleets Formed",
      "Various Administrative Actions Performed",
      "Starfleets Change Cloaking",
      "Same Location Transfers Occur",
      "Starships Reassigned To Ranks",
      "Disbanding/Salvaging Starships",
      "Construction Actions Taken",
    ]);
    expect(FINAL_EVENTS.map((s) => s.name)).toEqual([
      "Sector Damage Increases",
      "Resources Sent",
      "Upkeep Paid",
      "Starships Built",
      "Admirals Hired",
      "Sectors Annexed",
      "Sector Annexation Declines",
      "Construction Happens",
      "Resources Decay",
      "Structures Razed",
      "Sector Revenue Gained",
      "Sectors Gifted",
      "Proclamations Income",
      "Sector Damage Repaired",
      "Peace Established",
      "Alliances Cancelled",
      "Alliances Formed",
      "Info Sharing Changes",
      "Espionage Occurs",
      "Empire Limits Checked",
      "Defeated Empires Removed",
      "Scouting Occurs",
    ]);
  });

  it("chapter 5 'Move-points': every unit begins each turn with the move points of its slowest starship", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha", 5: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[KTINGA, 1, 1]]); // K'Tinga: 2 move points
    const one = runTurn(
      s,
      {
        alpha: [
          { type: "travel", unit: "A1", to: 2 },
          { type: "travel", unit: "A1", to: 3 },
        ],
      },
      Rng.fromSeed(1),
    );
    expect(one.state.units.A1?.sector).toBe(3);
    expect(one.state.units.A1?.ships.every((x) => x.used === 0)).toBe(true);
    const two = runTurn(
      one.state,
      {
        alpha: [
          { type: "travel", unit: "A1", to: 4 },
          { type: "travel", unit: "A1", to: 5 },
        ],
      },
      Rng.fromSeed(2),
    );
    expect(two.state.units.A1?.sector).toBe(5);
    expect(two.problems.alpha ?? []).toEqual([]);
  });

  it("chapter 4 'Construction Happens': the Construction Action is taken in First Events and uses up a starfleet's move points", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 3, 1]]);
    const orders: Order[] = [
      { type: "construct", unit: "A1" },
      { type: "travel", unit: "A1", to: 2 },
    ];
    const r = runTurn(s, { alpha: orders }, Rng.fromSeed(1));
    expect(r.state.units.A1?.sector).toBe(1);
    expect(r.state.sectors[0]?.defence.level).toBe(1);
    expect((r.problems.alpha ?? []).map((p) => p.code)).toContain("not-enough-move-points");
  });

  it("chapter 4 'Construction Happens' and chapter 5 'Move-points': a Construction Action that fails in First Events costs no move points", () => {
    const cases: [string, (s: ReturnType<typeof tinyGalaxy>) => void, number][] = [
      ["not-enough-workers", (s) => void addUnit(s, "A1", "alpha", 1, [[HAWK, 2, 1]]), 0],
      [
        "max-level",
        (s) => {
          addUnit(s, "A1", "alpha", 1, [[HAWK, 3, 1]]);
          (s.sectors[0] as (typeof s.sectors)[number]).defence = { level: 12, damage: 0 };
        },
        12,
      ],
      [
        "no-permission",
        (s) => {
          addUnit(s, "A1", "alpha", 1, [[HAWK, 3, 1]]);
          (s.sectors[0] as (typeof s.sectors)[number]).owner = "independent";
          (s.sectors[0] as (typeof s.sectors)[number]).annexedTo = null;
        },
        0,
      ],
    ];
    for (const [code, setUp, level] of cases) {
      const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
      setUp(s);
      const orders: Order[] = [
        { type: "construct", unit: "A1" },
        { type: "travel", unit: "A1", to: 2 },
      ];
      const r = runTurn(s, { alpha: orders }, Rng.fromSeed(1));
      const problems = r.problems.alpha ?? [];
      expect(
        problems.map((p) => p.code),
        code,
      ).toEqual([code]);
      expect(problems[0]?.message, code).toMatch(/it keeps its move points/);
      expect(r.state.units.A1?.sector, `${code}: the starfleet travels as ordered`).toBe(2);
      expect(r.state.sectors[0]?.defence.level, code).toBe(level);
    }
  });

  it("chapter 4 'Construction Happens': one Construction Action a sector a turn; a second unit there keeps its move points", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 3, 1]]);
    addUnit(s, "A2", "alpha", 1, [[HAWK, 3, 1]]);
    const orders: Order[] = [
      { type: "construct", unit: "A1" },
      { type: "construct", unit: "A2" },
      { type: "travel", unit: "A2", to: 2 },
    ];
    const r = runTurn(s, { alpha: orders }, Rng.fromSeed(1));
    expect((r.problems.alpha ?? []).map((p) => `${p.order} ${p.code}`)).toEqual(["#1 construct A2 already-built"]);
    expect(r.state.sectors[0]?.defence.level).toBe(1);
    expect(r.state.units.A1?.sector).toBe(1);
    expect(r.state.units.A2?.sector).toBe(2);
  });

  it("chapter 4 'Construction Happens': a failure only Final Events can see (the 14 resources) comes after the action was taken: the starfleet stayed", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" }, treasury: 10 });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 3, 1]]);
    const orders: Order[] = [
      { type: "construct", unit: "A1" },
      { type: "travel", unit: "A1", to: 2 },
    ];
    const r = runTurn(s, { alpha: orders }, Rng.fromSeed(1));
    expect(r.state.units.A1?.sector).toBe(1);
    expect((r.problems.alpha ?? []).map((p) => p.code)).toEqual(["not-enough-move-points", "cannot-afford"]);
  });

  it("same state, orders and seed give byte-identical results (the tutorial's sample orders)", () => {
    const orders: Record<string, Order[]> = {
      klingon: [
        { type: "declareWar", empire: "romulan" },
        { type: "travel", unit: "A5", to: 3 },
      ],
      romulan: [{ type: "travel", unit: "A6", to: 3 }],
      federation: [{ type: "travel", unit: "A7", to: 12 }],
    };
    const a = runTurn(createTutorial(5), orders, Rng.forTurn(5, 1));
    const b = runTurn(createTutorial(5), orders, Rng.forTurn(5, 1));
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    const c = runTurn(createTutorial(5), orders, Rng.forTurn(5, 2));
    expect(canonicalJson(c), "another seed rolls other dice").not.toBe(canonicalJson(a));
  });
});
