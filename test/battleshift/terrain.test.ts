/** "Space Terrain" and hazardous terrain (seed 004, "Movement"; RULINGS "Hazardous terrain"). */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import {
  gravityWellAt,
  hazardsOnPath,
  hindersMissiles,
  isObscuring,
  isSolid,
  sectorShiftBlocked,
  type Terrain,
} from "../../src/rules/battleshift/battlespace/battlespace.js";
import type { FireEvent } from "../../src/rules/battleshift/events.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { renderTable } from "../../src/rules/battleshift/presentation/replay.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, tinyBattle, unitOf } from "./support.js";

const nebula = (hazardous: boolean): Terrain => ({ id: "n", kind: "nebula", name: "the Ember nebula", x: 20, y: 20, radius: 3, hazardous });
const battle = (t: Terrain) =>
  tinyBattle(
    [
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: [
          [10, 20],
          [10, 21],
        ],
        facing: 90,
      },
    ],
    { terrain: [t] },
  );
function run(state: BattleState, orders: Order[], dice: number[]) {
  const ctx = ctxFor(state, "blue", new DiceRng(dice));
  runActivation(ctx, unitOf(state, "blue", "blue-tf1"), orders);
  return ctx;
}
const across: Order = { type: "move", squadron: "b1", heading: 90, distance: 12 };

describe('"hazardous to move near, such as a plasma filled nebula ... resolved as the squadron moves"', () => {
  it("each ship crossing a hazardous feature rolls a die; a 1 is a hit, resisted by shields", () => {
    const s = battle(nebula(true));
    // Hazard dice [1, 1]: two hits; 2 ships x 2 shields = 4 shield dice [6, 6, 6, 6]: none saves; 2 damage.
    const ctx = run(s, [across], [1, 1, 6, 6, 6, 6]);
    const f = ctx.events.filter((e) => e.kind === "fire") as FireEvent[];
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ weapon: "hazard (the Ember nebula)", dice: 2, hits: 2, damage: 2, suppressed: false });
    expect(s.squadrons.b1?.damage).toBe(2);
    expect(s.squadrons.b1?.suppression).toBe(0);
  });
  it("a feature not marked hazardous only obscures and gives cover; a move that misses the feature is safe", () => {
    const plain = battle(nebula(false));
    expect(run(plain, [across], [1, 1, 6, 6, 6, 6]).events.filter((e) => e.kind === "fire")).toHaveLength(0);
    const s = battle(nebula(true));
    expect(
      run(s, [{ type: "move", squadron: "b1", heading: 0, distance: 6 }], [1, 1]).events.filter((e) => e.kind === "fire"),
    ).toHaveLength(0);
    expect(hazardsOnPath(s.battlespace, { x: 10, y: 20 }, { x: 22, y: 20 }).map((t) => t.id)).toEqual(["n"]);
    expect(hazardsOnPath(s.battlespace, { x: 20, y: 20 }, { x: 20, y: 20 })).toEqual([]);
  });
  it("statistically, a crossing ship is hit 1 time in 6 (3,000 crossings, within 4 standard errors)", () => {
    let hits = 0;
    const n = 3000;
    for (let i = 0; i < n / 2; i++) {
      const s = battle(nebula(true));
      const ctx = ctxFor(s, "blue", Rng.fromSeed(i + 1));
      runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [across]);
      for (const e of ctx.events) if (e.kind === "fire") hits += (e as FireEvent).hits;
    }
    const p = 1 / 6;
    expect(Math.abs(hits / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n));
  });
});

describe('"minefields, gravity rifts and small singularities ... These will have their own special rules" (RULINGS "Minefields, gravity rifts and small singularities")', () => {
  const feature = (kind: Terrain["kind"], radius = 3): Terrain => ({ id: kind, kind, name: `the ${kind}`, x: 20, y: 20, radius });

  it("a minefield, a gravity rift and a singularity are hazardous without being marked: each crossing ship rolls, a 1 is a hit", () => {
    for (const kind of ["minefield", "rift", "singularity"] as const) {
      const s = battle(feature(kind));
      const f = run(s, [across], [1, 6, 6, 6]).events.filter((e) => e.kind === "fire") as FireEvent[];
      expect(f.map((x) => [x.weapon, x.dice, x.hits])).toEqual([[`hazard (the ${kind})`, 2, 1]]);
    }
  });

  it('a gravity rift and a singularity are gravity wells as a planet is ("Shifts cannot be made near large gravity wells (1\' from planets")', () => {
    for (const kind of ["rift", "singularity"] as const) {
      const b = { widthFt: 6, depthFt: 4, terrain: [feature(kind, 2)], noShifting: false };
      expect(gravityWellAt(b, { x: 30, y: 20 })).toMatch(/within the gravity well of the \w+: 8" from its edge \(shifting needs 12"\)/);
      expect(gravityWellAt(b, { x: 40, y: 20 })).toBeNull();
      expect(sectorShiftBlocked(b, { col: 2, row: 2 })).toMatch(/sector 2B holds the (gravity rift|singularity) the \w+/);
    }
    const mines = { widthFt: 6, depthFt: 4, terrain: [feature("minefield")], noShifting: false };
    expect(gravityWellAt(mines, { x: 20, y: 20 })).toBeNull();
  });

  it('a singularity is a "massive body": it blocks the line of fire through it and missiles crossing it lose half', () => {
    expect([isSolid(feature("singularity")), hindersMissiles(feature("singularity"))]).toEqual([true, true]);
    expect([isSolid(feature("rift")), hindersMissiles(feature("minefield")), isObscuring(feature("minefield"))]).toEqual([
      false,
      false,
      false,
    ]);
    const s = tinyBattle(
      [
        { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 20]], facing: 90 },
        { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[30, 20]], facing: 270 },
      ],
      { terrain: [feature("singularity", 1)] },
    );
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], []);
    expect(ctx.problems.map((p) => p.code)).toEqual(["cannot-fire"]);
    expect(ctx.problems[0]?.message).toMatch(/the singularity/);
  });

  it("the veterans scenario places one of each; the state schema takes them and the replay draws them", () => {
    const s = battleshift.scenarios.veterans?.create(7, {}) as BattleState;
    expect(s.battlespace.terrain.map((t) => t.kind)).toEqual(expect.arrayContaining(["minefield", "rift", "singularity"]));
    expect(battleshift.parseState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
    const svg = renderTable({ step: 0, state: s, events: [] }, 10);
    expect(svg).toMatch(/<title>minefield the Sown Field \(hazardous\)<\/title>/);
    expect(svg).toMatch(/<title>rift the Tear \(hazardous\)<\/title>/);
    expect(svg).toMatch(/<title>singularity the Maw \(hazardous\)<\/title>/);
    expect(svg).toMatch(/fill="#d04040"/);
  });
});
