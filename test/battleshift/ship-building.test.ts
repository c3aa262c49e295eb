/** Battleshift "Ship Building" (seed 004): every line of the System and Weakness tables, size-1 rules, problems. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildShip,
  classOfSize,
  type DesignInput,
  engulfCapacity,
  hitsPerShipToSuppress,
  SYSTEM_KINDS,
  type SystemKind,
} from "../../src/rules/battleshift/fleet/ship-building.js";

const build = (size: number, systems: DesignInput["systems"] = {}, byCost?: DesignInput["byCost"], opts = {}) =>
  buildShip({ name: "Test", size, systems, ...(byCost ? { byCost } : {}) }, opts);
const ok = (size: number, systems: DesignInput["systems"] = {}, byCost?: DesignInput["byCost"], opts = {}) => {
  const r = build(size, systems, byCost, opts);
  expect(r.ok ? [] : r.error).toEqual([]);
  return r.value;
};
const codes = (r: ReturnType<typeof build>) => (r.ok ? [] : r.error.map((p) => p.code));

describe("Ship Building: the derived figures", () => {
  it("'Ships have a Hull equal to their size +1'; 'Shields equal to their size / 2, rounded up'; 'Space Units equal to twice the ship's size'; 'base cost of 10 per size'", () => {
    for (let size = 1; size <= 20; size++) {
      const d = ok(size);
      expect(d.hull).toBe(size + 1);
      expect(d.shields).toBe(Math.ceil(size / 2));
      expect(d.space.total).toBe(2 * size);
      expect(d.cost).toBe(10 * size);
      expect(d.hardness).toBe(4);
    }
  });
  it("'Size 1 has 2, Size 4 has 8' space units", () => {
    expect(ok(1).space.total).toBe(2);
    expect(ok(4).space.total).toBe(8);
  });
  it("Definitions 'Size': 1 destroyer, 2 frigate, 3 cruiser, 4 battleship, 5 dreadnought, 6-7 behemoth, 8+ titan", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 11, 20].map(classOfSize)).toEqual([
      "destroyer",
      "frigate",
      "cruiser",
      "battleship",
      "dreadnought",
      "behemoth",
      "behemoth",
      "titan",
      "titan",
      "titan",
    ]);
  });
  it("Definitions 'Speed': 'Most ships move 12\" per turn'; Destroyers 'have a base move of 18\"'", () => {
    expect(ok(3).move).toBe(12);
    expect(ok(1).move).toBe(18);
  });
  it("Suppression: hits per ship 1-3: 1, 4-7: 2, 8-10: 3, 11+: 5", () => {
    expect([1, 3, 4, 7, 8, 10, 11, 30].map(hitsPerShipToSuppress)).toEqual([1, 1, 2, 2, 3, 3, 5, 5]);
  });
});

describe("Ship Building: the System table", () => {
  it("space units: Light Battery 1, Heavy Battery 2, Missile Launcher 1, Fighter Bay 1, Interceptor 1, Ion Beam 1, Heavy Ion Beam 2, Assault Unit 1", () => {
    const one: [SystemKind, number][] = [
      ["light", 1],
      ["heavy", 2],
      ["missile", 1],
      ["fighterBay", 1],
      ["interceptor", 1],
      ["ion", 1],
      ["heavyIon", 2],
      ["assault", 1],
    ];
    for (const [k, units] of one) {
      const d = ok(4, { [k]: 1 });
      expect(d.space.used, k).toBe(units);
      expect(d.cost, k).toBe(40);
    }
  });
  it("'Heavy Broadside Battery 2 AND +5 Cost increase'", () => {
    const d = ok(4, { broadside: 3 });
    expect(d.space.used).toBe(6);
    expect(d.cost).toBe(55);
    expect(codes(build(4, { broadside: 1 }, { broadside: 1 }))).toEqual(["not-by-cost"]);
  });
  it("'Super Heavy Battery (size 3 ships and larger)': 3 units; a size 2 ship cannot carry one", () => {
    expect(ok(3, { superHeavy: 1 }).space.used).toBe(3);
    expect(codes(build(2, { superHeavy: 1 }))).toEqual(["too-small"]);
  });
  it("'Engulfing: Size of the ship' in space, or '2 per size'; 'a Size 5 battleship could engulf a size 1 or 2'", () => {
    expect(ok(5, { engulfing: 1 }).space.used).toBe(5);
    const byCost = ok(5, { engulfing: 1 }, { engulfing: 1 });
    expect(byCost.space.used).toBe(0);
    expect(byCost.cost).toBe(60);
    expect(byCost.systems.engulf).toBe(2);
    expect(engulfCapacity(5)).toBe(2);
    expect(engulfCapacity(17)).toBe(6);
  });
  it("'Extra space unit +3'", () => {
    const d = ok(3, { extraSpace: 2, light: 8 });
    expect(d.space.total).toBe(8);
    expect(d.cost).toBe(36);
  });
  it("'Extra Shield 1 space OR +5 Cost increase'", () => {
    expect(ok(2, { extraShield: 1 }).shields).toBe(2);
    expect(ok(2, { extraShield: 1 }).space.used).toBe(1);
    const paid = ok(2, { extraShield: 2 }, { extraShield: 2 });
    expect(paid.shields).toBe(3);
    expect(paid.cost).toBe(30);
    expect(paid.space.used).toBe(0);
  });
  it("'Fast (+6\" Movement) 1/2 size of ship (round up) OR 3 per size'", () => {
    const space = ok(5, { fast: 1 });
    expect(space.move).toBe(18);
    expect(space.space.used).toBe(3);
    const paid = ok(5, { fast: 1 }, { fast: 1 });
    expect(paid.cost).toBe(65);
    expect(paid.space.used).toBe(0);
  });
  it("'Reinforced Hull (+1 hull) +5'", () => {
    const d = ok(3, { reinforced: 1 });
    expect(d.hull).toBe(5);
    expect(d.cost).toBe(35);
  });
  it("'Hardened Hull (Destruction saves on 4 instead of 3)': 3 per size by the ruling, 2 per size as the table prints (option)", () => {
    const d = ok(5, { hardened: 1 });
    expect(d.hullRule).toBe("hardened");
    expect(d.cost).toBe(65);
    expect(ok(5, { hardened: 1 }, undefined, { hardenedCostPerSize: 2 }).cost).toBe(60);
  });
  it("'Repair Systems (extra repair roll) 1 space OR 1 per size'", () => {
    expect(ok(4, { repair: 2 }).space.used).toBe(2);
    const paid = ok(4, { repair: 2 }, { repair: 2 });
    expect(paid.cost).toBe(48);
    expect(paid.systems.repair).toBe(2);
  });
  it("systems with one price cannot be switched: a Heavy Battery has no points price", () => {
    expect(codes(build(3, { heavy: 1 }, { heavy: 1 }))).toEqual(["not-by-cost"]);
  });
});

describe("Ship Building: the Weakness table", () => {
  it("'Weak Shields (Shield Hardness 3) -2 per size'", () => {
    const d = ok(4, { weakShields: 1 });
    expect(d.hardness).toBe(3);
    expect(d.cost).toBe(32);
  });
  it("'No Shields (Hardness 2 from armor) -4 per size'", () => {
    const d = ok(4, { noShields: 1 });
    expect(d.hardness).toBe(2);
    expect(d.shields).toBe(2);
    expect(d.cost).toBe(24);
  });
  it("'Flimsy Hull (Destruction saves on 2 instead of 3) -3 per size'", () => {
    const d = ok(4, { flimsy: 1 });
    expect(d.hullRule).toBe("flimsy");
    expect(d.cost).toBe(28);
  });
  it("'Slow drives (-6\" Movement) + 1/2 size of ship (round up)' bonus space", () => {
    const d = ok(5, { slow: 1, light: 13 });
    expect(d.move).toBe(6);
    expect(d.space.total).toBe(13);
    expect(d.cost).toBe(50);
  });
  it("contradictory choices are refused: weak and no shields, hardened and flimsy, fast and slow", () => {
    expect(codes(build(4, { weakShields: 1, noShields: 1 }))).toEqual(["conflict"]);
    expect(codes(build(4, { hardened: 1, flimsy: 1 }))).toEqual(["conflict"]);
    expect(codes(build(4, { fast: 1, slow: 1 }))).toEqual(["conflict"]);
  });
});

describe("Ship Building: size 1", () => {
  it("'Size 1 ships get Fast Drives for free': 18\", no space, no cost", () => {
    const d = ok(1, { light: 2, fast: 1 });
    expect(d.move).toBe(18);
    expect(d.cost).toBe(10);
    expect(d.space.used).toBe(2);
  });
  it("'They may only be armed with Batteries and Interceptors' ('may not carry any heavy weapons or fighter bays')", () => {
    ok(1, { light: 1, interceptor: 1 });
    for (const k of ["heavy", "missile", "fighterBay", "ion", "assault", "broadside"] as SystemKind[]) {
      expect(codes(build(1, { [k]: 1 })), k).toContain("size-1-weapon");
    }
  });
});

describe("Ship Building: problems", () => {
  it("too many systems: the message gives the units used, the units available and the fix", () => {
    const r = build(3, { heavy: 4 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error[0]?.code).toBe("over-space");
      expect(r.error[0]?.message).toContain("fill 8 space units but a size 3 ship has 6");
      expect(r.error[0]?.message).toContain("buy 2 Extra space unit(s)");
    }
    expect(r.value.cost).toBe(30);
  });
  it("bad sizes and counts, on/off systems bought twice", () => {
    expect(codes(build(0))).toEqual(["bad-size"]);
    expect(codes(build(2.5))).toEqual(["bad-size"]);
    expect(codes(build(3, { light: -1 }))).toEqual(["bad-count"]);
    expect(codes(build(3, { hardened: 2 }))).toEqual(["only-one"]);
    expect(codes(build(3, { extraShield: 1 }, { extraShield: 2 }))).toEqual(["bad-by-cost"]);
  });
  it("the deepest discount: No Shields and Flimsy Hull leave 3 points per size", () => {
    expect(ok(1, { noShields: 1, flimsy: 1 }).cost).toBe(3);
    expect(ok(6, { noShields: 1, flimsy: 1 }).cost).toBe(18);
  });
  it("property: any design builds without throwing, and is refused for space exactly when its systems overflow", () => {
    const arb = fc.record({
      size: fc.integer({ min: 1, max: 20 }),
      systems: fc.dictionary(fc.constantFrom(...SYSTEM_KINDS), fc.integer({ min: 0, max: 6 })),
    });
    fc.assert(
      fc.property(arb, ({ size, systems }) => {
        const r = build(size, systems);
        const over = r.value.space.used > r.value.space.total;
        expect(codes(r).includes("over-space")).toBe(over);
        expect(r.value.hull).toBe(size + 1 + (systems.reinforced ?? 0));
        expect(r.value.space.free).toBe(r.value.space.total - r.value.space.used);
      }),
      { numRuns: 500 },
    );
  });
});
