/**
 * Chapter 10, "Frequently Asked Questions": each answer as a test, through whole
 * turns. (Answers tested elsewhere: the "bounce" and "just in case" orders in
 * movement.test.ts, retreating to a sector lost in phase 1 and "your retreating
 * starships will take the hits" in movement/battle tests, send-resources routes
 * and the centre retaken in phase 2 in final-events.test.ts, the palace coup in
 * first-events.test.ts, only the unit leader's modifier in battle.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { GeEvent } from "../../src/rules/galactic-empires/events.js";
import { INDEPENDENT, relationKey } from "../../src/rules/galactic-empires/model.js";
import type { Order } from "../../src/rules/galactic-empires/orders.js";
import { runTurn } from "../../src/rules/galactic-empires/turn.js";
import { viewFor } from "../../src/rules/galactic-empires/view.js";
import { addUnit, HAWK, KTINGA, NEGHVAR, ROMULAN_HAWK, tinyGalaxy } from "./fixtures.js";

const battles = (events: readonly GeEvent[]) => events.filter((e) => e.kind === "battle");

describe("chapter 10 FAQ", () => {
  it("'two neutrally aligned empires simultaneously invade an independent sector': each attacks only the independents", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 5: "beta" } });
    addUnit(s, "A1", "alpha", 2, [[NEGHVAR, 4, 1]]);
    addUnit(s, "A2", "beta", 4, [[NEGHVAR, 4, 1]]);
    addUnit(s, "A3", INDEPENDENT, 3, [[KTINGA, 1, 1]]);
    const r = runTurn(
      s,
      {
        alpha: [{ type: "travel", unit: "A1", to: 3 }],
        beta: [{ type: "travel", unit: "A2", to: 3 }],
      },
      Rng.fromSeed(4),
    );
    const [b] = battles(r.events);
    expect(b?.kind === "battle" && b.report.holders.sort()).toEqual(["alpha", "beta"]);
    // Neither invader lost to the other: both are still there with their battleships.
    expect(r.state.units.A1?.sector).toBe(3);
    expect(r.state.units.A2?.sector).toBe(3);
  });

  it("'a cloaked starfleet walks into an independent sector on phase 1, then on phase 2 a neutral player takes it': it stays there, unseen", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 5: "beta" } });
    addUnit(s, "A1", "alpha", 2, [["romulan/talon-class-scout", 1, 1]], { cloaked: true });
    addUnit(s, "A2", "beta", 4, [[NEGHVAR, 6, 1]]);
    const orders: Record<string, Order[]> = {
      alpha: [{ type: "travel", unit: "A1", to: 3 }],
      beta: [
        { type: "wait", unit: "A2" },
        { type: "travel", unit: "A2", to: 3 },
      ],
    };
    const r = runTurn(s, orders, Rng.fromSeed(2));
    expect(r.state.sectors[2]?.owner).toBe("beta");
    expect(r.state.units.A1).toMatchObject({ sector: 3, cloaked: true });
    expect(viewFor(r.state, "beta", r.events).foreignUnits.map((u) => u.id)).not.toContain("A1");
  });

  it("'You can pillage every turn ... 10 or more it will succeed. It will never revolt': two turns in a row both pay", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 2, [[HAWK, 1, 1]]); // total combat 36
    const before = s.empires.alpha?.treasury ?? 0;
    const one = runTurn(s, { alpha: [{ type: "pillage", unit: "A1" }] }, Rng.fromSeed(1));
    expect(one.state.sectors[1]?.damage).toBe(1);
    const two = runTurn(one.state, { alpha: [{ type: "pillage", unit: "A1" }] }, Rng.fromSeed(2));
    expect(two.state.sectors[1]?.damage).toBe(2);
    expect(one.problems.alpha ?? []).toEqual([]);
    expect(two.problems.alpha ?? []).toEqual([]);
    expect(two.state.sectors[1]?.owner).toBe("alpha");
    expect(before).toBeGreaterThan(0);
  });

  it("'You need to have combat of at least 10 to pillage. Under 10, it will fail, 10 or more it will succeed'", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha" } });
    addUnit(s, "A1", "alpha", 2, [["breen/qur-taan-scout", 3, 1]]); // 3 x (1 x 3) = 9
    addUnit(s, "A2", "alpha", 3, [["breen/qur-taan-scout", 4, 1]]); // 4 x 3 = 12
    const r = runTurn(
      s,
      {
        alpha: [
          { type: "pillage", unit: "A1" },
          { type: "pillage", unit: "A2" },
        ],
      },
      Rng.fromSeed(1),
    );
    expect((r.problems.alpha ?? []).map((p) => p.code)).toEqual(["too-weak"]);
    expect(r.state.sectors[1]?.damage).toBe(0);
    expect(r.state.sectors[2]?.damage).toBe(1);
  });

  it("'When I cede a sector, independents gain control. Do they create starfleets immediately?' No enemy forces are created", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    const unitsBefore = Object.keys(s.units).length;
    const r = runTurn(s, { alpha: [{ type: "cede", sector: 2 }] }, Rng.fromSeed(1));
    expect(r.state.sectors[1]?.annexedTo).toBeNull();
    expect(Object.keys(r.state.units).length).toBe(unitsBefore);
  });

  it("'A battle goes from start to finish in one turn, no matter how many phases are required'", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 3: "beta" } });
    s.relations[relationKey("alpha", "beta")] = "war";
    addUnit(s, "A1", "alpha", 2, [[HAWK, 12, 1]]);
    addUnit(s, "A2", "beta", 3, [[ROMULAN_HAWK, 12, 1]], { defendDefences: false });
    const r = runTurn(s, { alpha: [{ type: "travel", unit: "A1", to: 3 }] }, Rng.fromSeed(9));
    const [b] = battles(r.events);
    expect(b?.kind === "battle" && b.report.rounds.length).toBeGreaterThan(2);
    const left = Object.values(r.state.units).filter((u) => u.sector === 3 && u.ships.length > 0);
    expect(new Set(left.map((u) => u.owner)).size).toBeLessThanOrEqual(1);
  });
});
