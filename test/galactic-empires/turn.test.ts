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
