import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import { inSector, parseSector } from "../../src/rules/battleshift/battlespace/battlespace.js";
import { createBattle, fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { currentSlot } from "../../src/rules/battleshift/turn/turn.js";
import { ctxFor, playSteps, tinyBattle, unitOf } from "./support.js";

const sq = (name: string, design: string, ships: number) => ({ name, design, ships });
function battle(seed = 1): BattleState {
  const fleet = (name: string) => ({
    name,
    taskforces: [
      { name: `${name} 1`, squadrons: [sq(`${name} A`, "generic/fleet-cruiser", 3)] },
      { name: `${name} 2`, squadrons: [sq(`${name} B`, "generic/fleet-cruiser", 3)] },
    ],
  });
  return createBattle({ seed, scenario: "test", fleets: fleetsFrom([fleet("Blue"), fleet("Red")]) }).state;
}

describe("Battleshifting: planned shifts out and back in", () => {
  it('"Ships cannot battleshift out of the battlespace on the same turn they battleshifted in" (the turn-1 arrival counts)', () => {
    const { problems } = playSteps(
      battle(),
      () => [{ type: "shift", unit: "blue-tf1", returnTurn: 3, sector: "3B", facing: "W" }],
      (s) => s.turnState.phase === "activation",
    );
    expect(problems.map((p) => p.code)).toEqual(["shifted-in-this-turn"]);
  });
  it('"must remain in hyperspace for one full turn": out on turn 2, back on turn 3 is refused', () => {
    const start = playSteps(
      battle(),
      () => [],
      (s) => s.turn === 2,
    ).state;
    const { problems } = playSteps(
      start,
      () => [{ type: "shift", unit: "blue-tf1", returnTurn: 3, sector: "3B", facing: "W" }],
      (s) => s.turnState.phase === "activation",
    );
    expect(problems[0]?.message).toMatch(/return on turn 4 or later/);
  });
  it("a taskforce that shifts out on turn 2 after its activation returns on turn 4 in its sector and facing, with no suppression", () => {
    const start = playSteps(
      battle(),
      () => [],
      (s) => s.turn === 2,
    ).state;
    start.squadrons["blue-tf1-s1"]!.suppression = 2;
    const sheet = (s: BattleState) =>
      s.turn === 2 ? [{ type: "shift" as const, unit: "blue-tf1", returnTurn: 4, sector: "3B", facing: "south" }] : [];
    const out = playSteps(start, sheet, (s) => s.squadrons["blue-tf1-s1"]?.location === "hyperspace");
    const sq1 = out.state.squadrons["blue-tf1-s1"]!;
    expect(sq1.location).toBe("hyperspace");
    expect(sq1.arrival).toEqual({ turn: 4, sector: "3B", facing: 180 });
    // The enemy does not see where and when it comes back.
    const redView = canonicalJson(battleshift.view(out.state, "red", []));
    expect(redView).not.toContain('"sector":"3B"');
    const mid = playSteps(
      out.state,
      () => [],
      (s) => s.turn === 3,
    ).state;
    expect(mid.squadrons["blue-tf1-s1"]?.location).toBe("hyperspace");
    const back = playSteps(
      mid,
      () => [],
      (s) => s.turn === 4,
    ).state;
    const b = back.squadrons["blue-tf1-s1"]!;
    expect(b.location).toBe("table");
    expect(b.facing).toBe(180);
    expect(b.suppression).toBe(0);
    expect(b.arrivedTurn).toBe(4);
    for (const ship of b.ships) expect(inSector(parseSector("3B")!, ship)).toBe(true);
  });
  it('"Example: ... a task force enter the game on Turn 2, in sector 5, B, facing West ... within the 1 foot area between 4 and 5 feet along the length, and 1 and 2 feet along the width"', () => {
    const s = battle();
    for (const id of ["blue-tf2-s1"]) {
      const q = s.squadrons[id]!;
      q.location = "reserve";
      q.arrival = { turn: 2, sector: "5B", facing: 270 };
    }
    const t2 = playSteps(
      s,
      () => [],
      (x) => x.turn === 2,
    ).state;
    const q = t2.squadrons["blue-tf2-s1"]!;
    expect(q.location).toBe("table");
    expect(q.facing).toBe(270);
    for (const ship of q.ships) {
      expect(ship.x).toBeGreaterThanOrEqual(48);
      expect(ship.x).toBeLessThanOrEqual(60);
      expect(ship.y).toBeGreaterThanOrEqual(12);
      expect(ship.y).toBeLessThanOrEqual(24);
    }
  });
  it("a taskforce in a gravity well cannot shift out and stays", () => {
    const start = playSteps(
      battle(),
      () => [],
      (s) => s.turn === 2,
    ).state;
    const ship = start.squadrons["blue-tf1-s1"]!.ships[0]!;
    start.battlespace.terrain.push({ id: "p", kind: "planet", name: "Kesh", x: ship.x + 8, y: ship.y, radius: 3 });
    const sheet = (s: BattleState) =>
      s.turn === 2 ? [{ type: "shift" as const, unit: "blue-tf1", returnTurn: 5, sector: "2D", facing: 90 }] : [];
    const r = playSteps(start, sheet, (s) => s.turnState.activated.blue?.includes("blue-tf1") === true);
    expect(r.problems.map((p) => p.code)).toContain("cannot-shift");
    expect(r.problems.find((p) => p.code === "cannot-shift")?.message).toMatch(/gravity well of Kesh/);
    expect(r.state.squadrons["blue-tf1-s1"]?.location).toBe("table");
  });
  it("a return sector with a planet in it is refused on the sheet", () => {
    const start = playSteps(
      battle(),
      () => [],
      (s) => s.turn === 2,
    ).state;
    start.battlespace.terrain.push({ id: "p", kind: "planet", name: "Kesh", x: 36, y: 24, radius: 6 });
    const { problems } = playSteps(
      start,
      () => [{ type: "shift", unit: "blue-tf1", returnTurn: 4, sector: "3B", facing: 90 }],
      (s) => s.turnState.phase === "activation",
    );
    expect(problems[0]?.message).toMatch(/sector 3B holds the planet Kesh/);
  });
});

describe("Battleshifting: emergency shifts", () => {
  const setup = (damage: number, arrived = 0) => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: [
          [20, 20],
          [21, 20],
          [22, 20],
        ],
        facing: 90,
        damage,
      },
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[50, 20]], facing: 270 },
    ]);
    s.squadrons.b1!.arrivedTurn = arrived;
    return s;
  };
  const shift = (s: BattleState) => {
    const ctx = ctxFor(s, "blue", Rng.fromSeed(1));
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "emergencyShift", squadron: "b1" }]);
    return ctx;
  };
  it('"If the squadron has taken damage above its damage capacity, all escaping ships give half VP to the other side"', () => {
    const s = setup(5); // Fleet Cruisers: hull 4, so 5 damage is above one ship's capacity.
    shift(s);
    expect(s.squadrons.b1?.location).toBe("gone");
    expect(s.squadrons.b1?.goneReason).toBe("emergency");
    expect(s.sides.red?.vp).toBe(45); // 3 x 30 / 2
  });
  it("an emergency shift with little damage gives no VP", () => {
    const s = setup(3);
    shift(s);
    expect(s.squadrons.b1?.location).toBe("gone");
    expect(s.sides.red?.vp).toBe(0);
  });
  it("not on the turn it shifted in", () => {
    const s = setup(5, 1);
    const ctx = shift(s);
    expect(ctx.problems[0]?.code).toBe("cannot-shift");
    expect(s.squadrons.b1?.location).toBe("table");
  });
  it('emergency-shifted ships "may not return to the battle later"; the flagship leaving dissolves the taskforce', () => {
    const s = setup(0);
    s.squadrons.b2 = { ...structuredClone(s.squadrons.b1!), id: "b2", ships: [{ id: "b2.1", x: 20, y: 24, disabled: false }] };
    shift(s);
    expect(s.squadrons.b1?.arrival).toBeNull();
    expect(s.taskforces["blue-tf1"]?.alive).toBe(false);
    expect(s.squadrons.b2?.taskforce).toBeNull();
  });
});

describe("Battleshifting: the game ends when a player has shifted everything out", () => {
  it("ends on victory points", () => {
    let s = battle();
    s = playSteps(
      s,
      () => [],
      (x) => x.turn === 2,
    ).state;
    const sheet = (x: BattleState) =>
      x.turn === 2
        ? [
            { type: "shift" as const, unit: "blue-tf1" },
            { type: "shift" as const, unit: "blue-tf2" },
          ]
        : [];
    const r = playSteps(s, sheet, (x) => x.outcome !== null);
    expect(r.state.outcome?.reason).toMatch(/Blue has no ship left in the battle/);
    expect(currentSlot(r.state)).toBeNull();
  });
});
