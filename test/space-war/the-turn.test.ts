/** Seed 001 "Turn Sequence" data: S1 armour (l.351-387), S2 damage (l.392-404), S7 movement (l.466-500), S9 SHOTS (l.525-635), l.11. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { ARMOUR_TABLE, damageChance, effectiveArmour, toDamage } from "../../src/rules/space-war/the-turn/armour.js";
import { BEST_NEED, chanceOf, needAfter, needText } from "../../src/rules/space-war/the-turn/dice.js";
import { isPowered, MOVEMENT_ALLOWANCE, movementAllowance, turnsAllowed } from "../../src/rules/space-war/the-turn/movement.js";
import {
  allocateDamage,
  columnOf,
  exactShotOdds,
  rowOf,
  SHOT_ROWS,
  SHOTS,
  sampledShotOdds,
  shotNeed,
  shotRange,
  TARGET_COLUMNS,
  volleyShots,
  WEAPONS,
} from "../../src/rules/space-war/the-turn/shooting.js";

describe("IMPORTANT: No die roll may be improved to better than ... 2+ (l.11)", () => {
  it("property: after any modifiers a need is 2..6 or no roll at all; never better than 2+; monotone in the bonus", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 3, 4, 5, 6, null),
        fc.integer({ min: -6, max: 6 }),
        fc.integer({ min: -6, max: 6 }),
        fc.boolean(),
        (base, a, b, lift) => {
          expect(needAfter(base, a, lift) ?? 7).toBeGreaterThanOrEqual(BEST_NEED);
          const n = needAfter(base, a);
          if (n !== null) {
            expect(n).toBeGreaterThanOrEqual(BEST_NEED);
            expect(n).toBeLessThanOrEqual(6);
          }
          expect(chanceOf(n)).toBeLessThanOrEqual(5 / 6);
          if (base === null) expect(n).toBeNull();
          // More bonus never makes a roll harder.
          if (a <= b) expect(chanceOf(needAfter(base, a))).toBeLessThanOrEqual(chanceOf(needAfter(base, b)));
        },
      ),
    );
  });
  it("property: every shot of every weapon, firer and target needs 2+ or worse", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WEAPONS),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("vessel" as const, "fighter" as const),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        (weapon, ace, superiorLasers, betterMissiles, type, powered, electronics) => {
          const n = shotNeed(weapon, { ace, superiorLasers, betterMissiles }, { type, powered, electronics });
          if (n !== null) expect(n).toBeGreaterThanOrEqual(2);
        },
      ),
    );
  });
  it("an Ace with Superior Lasers at an un-powered target: 3+ improved by one is 2+, and no better", () => {
    const un = { type: "vessel" as const, powered: false, electronics: 0 };
    expect(shotNeed("laser", { ace: true, superiorLasers: true, betterMissiles: false }, un)).toBe(2);
    expect(shotNeed("missile", { ace: false, superiorLasers: false, betterMissiles: true }, un)).toBe(2);
    expect(needAfter(2, 3)).toBe(2);
  });
  it('the table\'s "-" stays no hit whatever the modifier (ruling C.4); setting cardsLiftNoHit makes it a 6', () => {
    const f = { type: "fighter" as const, powered: true, electronics: 2 };
    expect(shotNeed("missile", { ace: false, superiorLasers: false, betterMissiles: true }, f)).toBeNull();
    expect(shotNeed("missile", { ace: false, superiorLasers: false, betterMissiles: true }, f, { cardsLiftNoHit: true })).toBe(6);
    expect(shotNeed("missile", { ace: false, superiorLasers: false, betterMissiles: false }, f, { cardsLiftNoHit: true })).toBeNull();
    expect(needText(null)).toBe("-");
  });
});

describe("S1 - Make Armour saves: Protection (l.357-387)", () => {
  it("None: Automatic; 1: 2+; 2: 3+; 3: 4+; 4: 5+; 5+: 6+", () => {
    expect(ARMOUR_TABLE.map((r) => [r.armour, r.toDamage])).toEqual([
      [0, "automatic"],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(toDamage)).toEqual(["automatic", 2, 3, 4, 5, 6, 6, 6]);
    expect([0, 1, 2, 3, 4, 5, 7].map(damageChance)).toEqual([1, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6, 1 / 6]);
  });
  it("what counts as armour: modules, Better Armour, Star, Corporation, Wingman (l.692-694, l.759-769, l.793)", () => {
    const none = { armourModules: 0, betterArmour: false, star: false, corporation: false, wingman: false };
    expect(effectiveArmour(none)).toBe(0);
    expect(effectiveArmour({ armourModules: 2, betterArmour: true, star: true, corporation: true, wingman: true })).toBe(6);
  });
});

describe("S2 - Results of Damage (l.396-404)", () => {
  it("damage falls on surviving modules only, each at most once; damage beyond them is lost", () => {
    const rng = Rng.fromSeed(7);
    for (let t = 0; t < 200; t++) {
      const damaged = [true, false, false, true, false, false];
      const hit = allocateDamage(rng, damaged, t % 7);
      expect(hit.length).toBe(Math.min(t % 7, 4));
      expect(new Set(hit).size).toBe(hit.length);
      for (const i of hit) expect(damaged[i]).toBe(false);
    }
  });
  it("spread evenly over the surviving modules", () => {
    const rng = Rng.fromSeed(11);
    const counts = [0, 0, 0, 0];
    for (let t = 0; t < 40_000; t++) counts[allocateDamage(rng, [false, false, false, false], 1)[0]!]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
  });
});

describe("S7 - Movement (l.466-500)", () => {
  it('vessels: 6" one Engine, 12" two, 18" three or more; fighters: 9" one, 18" two or more', () => {
    expect(MOVEMENT_ALLOWANCE).toEqual({ vessel: [0, 6, 12, 18], fighter: [0, 9, 18] });
    expect([0, 1, 2, 3, 4, 10].map((e) => movementAllowance("vessel", e))).toEqual([0, 6, 12, 18, 18, 18]);
    expect([0, 1, 2, 3, 5].map((e) => movementAllowance("fighter", e))).toEqual([0, 9, 18, 18, 18]);
  });
  it("turns: vessel Engines before, Thrusters after; fighter Engines before and after", () => {
    expect(turnsAllowed("vessel", 1, 0)).toEqual({ before: true, after: false });
    expect(turnsAllowed("vessel", 1, 1)).toEqual({ before: true, after: true });
    expect(turnsAllowed("vessel", 0, 1)).toEqual({ before: false, after: true });
    expect(turnsAllowed("fighter", 1, 0)).toEqual({ before: true, after: true });
  });
  it("powered: at least one operating Thruster or Engine (l.627)", () => {
    expect(isPowered(0, 0)).toBe(false);
    expect(isPowered(0, 1)).toBe(true);
    expect(isPowered(1, 0)).toBe(true);
  });
});

describe("S9 - Shoot: SHOTS (l.533-623)", () => {
  it("the table, rows by columns (Un-powered / Powered Vessel / Powered Fighter, ruling C.3), with ranges", () => {
    const table = SHOT_ROWS.map((r) => [SHOTS[r].name, ...TARGET_COLUMNS.map((c) => needText(SHOTS[r].need[c])), `${SHOTS[r].range}"`]);
    expect(table).toEqual([
      ["Expendables (x6)", "5+", "6", "6", '6"'],
      ["Lasers", "4+", "5+", "6", '12"'],
      ["Lasers fired by Ace", "3+", "4+", "5+", '12"'],
      ["Missiles", "3+", "4+", "5+", '6"'],
      ["Missiles v. Electronics", "4+", "5+", "6", '6"'],
      ["Missiles v. 2 or more Electronics", "5+", "6", "-", '6"'],
    ]);
  });
  it("rows and columns: an Ace fires Lasers better; Electronics make Missiles worse (l.631); un-powered craft of both types share a column", () => {
    expect(rowOf("laser", true, 0)).toBe("lasers-ace");
    expect(rowOf("missile", true, 0)).toBe("missiles");
    expect(rowOf("missile", false, 1)).toBe("missiles-v-electronics");
    expect(rowOf("missile", false, 3)).toBe("missiles-v-2-electronics");
    expect(rowOf("laser", false, 3)).toBe("lasers");
    expect(columnOf("fighter", false)).toBe("unpowered");
    expect(columnOf("vessel", false)).toBe("unpowered");
    expect(shotRange("laser")).toBe(12);
    expect(shotRange("missile")).toBe(6);
    expect(shotRange("expendables")).toBe(6);
  });
  it("a volley is six shots, nine with Superior Expendables (l.128, l.688-690)", () => {
    expect(volleyShots(false)).toBe(6);
    expect(volleyShots(true)).toBe(9);
  });
});

describe("shot odds", () => {
  const target = { modules: 6, damaged: 0, armour: 2 };
  it("exact: two 4+ shots through armour 2 (3+): each damages at 1/2 x 2/3 = 1/3", () => {
    const o = exactShotOdds([{ shots: 2, need: 4 }], target);
    expect(o.pHitPerShot).toEqual([0.5]);
    expect(o.meanHits).toBe(1);
    expect(o.damagedDistribution[0]).toBeCloseTo(4 / 9, 12);
    expect(o.damagedDistribution[1]).toBeCloseTo(4 / 9, 12);
    expect(o.damagedDistribution[2]).toBeCloseTo(1 / 9, 12);
    expect(o.meanDamaged).toBeCloseTo(2 / 3, 12);
    expect(o.pDestroyed).toBe(0);
  });
  it("damage beyond the surviving modules is lost; all damaged is destroyed (l.404)", () => {
    const o = exactShotOdds([{ shots: 10, need: 2 }], { modules: 3, damaged: 1, armour: 0 });
    expect(o.damagedDistribution).toHaveLength(3);
    expect(o.damagedDistribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Destroyed unless at most one of the ten shots hits.
    const p = 5 / 6;
    expect(o.pDestroyed).toBeCloseTo(1 - (1 - p) ** 10 - 10 * p * (1 - p) ** 9, 12);
  });
  it("rolled odds agree with the exact ones; the same seed gives the same figures", () => {
    const groups = [
      { shots: 3, need: 5 },
      { shots: 12, need: 6 },
    ];
    const t = { modules: 4, damaged: 1, armour: 1 };
    const exact = exactShotOdds(groups, t);
    const a = sampledShotOdds(Rng.fromSeed(5), groups, t, 40_000);
    const b = sampledShotOdds(Rng.fromSeed(5), groups, t, 40_000);
    expect(a).toEqual(b);
    expect(Math.abs(a.meanHits - exact.meanHits)).toBeLessThan(0.03);
    a.damagedDistribution.forEach((p, k) => {
      expect(Math.abs(p - exact.damagedDistribution[k]!)).toBeLessThan(0.01);
    });
  });
});
