/** "Space Terrain" and hazardous terrain (seed 004, "Movement"; RULINGS "Hazardous terrain"). */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { runActivation } from "../../src/rules/battleshift/activation.js";
import { hazardsOnPath, type Terrain } from "../../src/rules/battleshift/battlespace.js";
import type { FireEvent } from "../../src/rules/battleshift/events.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
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
