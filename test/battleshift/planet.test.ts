/** "Planets (Extremely experimental)" and "Moonbases" (seed 004): the pure quadrant rules of planet.ts. */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import {
  attackQuadrant,
  defenseFault,
  groundAssault,
  inQuadrantArc,
  moonPlacementFault,
  outgoingFire,
  type PlanetDefense,
  type Quadrant,
  quadrantFacing,
  repairQuadrant,
  shielded,
  workingWeapons,
} from "../../src/rules/battleshift/planets/planet.js";
import { DiceRng } from "./support.js";

const quadrant = (weapons: Quadrant["weapons"], extra: Partial<Quadrant> = {}): Quadrant => ({
  id: "N",
  weapons,
  damage: 0,
  assault: 0,
  holder: "red",
  ...extra,
});
const defense = (size: number, q: Quadrant): PlanetDefense => ({
  size,
  quadrants: [q, { ...q, id: "E" }, { ...q, id: "S" }, { ...q, id: "W" }],
});

describe('"Planets (Extremely experimental)"', () => {
  it('"a size 20 defense system would offer 20 space units to each quadrant"', () => {
    expect(defenseFault(defense(20, quadrant({ heavy: 10, missile: 4, interceptor: 6 })), "planet")).toBeNull();
    expect(defenseFault(defense(20, quadrant({ heavy: 21 })), "planet")).toMatch(/21 weapons in 20 spaces/);
  });

  it('"if a size 20 quadrant suffers 10 wounds, 10 weapons may no longer be fired"', () => {
    const q = quadrant({ heavy: 10, missile: 4, interceptor: 6 }, { damage: 10 });
    const w = workingWeapons(q);
    expect(w.heavy + w.missile + w.interceptor + w.light + w.fighterBay).toBe(10);
    // Wounds silence the smallest installations first (RULINGS): interceptors, then missiles; heavy batteries last.
    expect(w).toEqual({ heavy: 10, missile: 0, fighterBay: 0, interceptor: 0, light: 0 });
  });

  it('"Quadrants may make a repair roll each turn, needing a 3 or less to improve one level"', () => {
    const q = quadrant({ heavy: 4 }, { damage: 2 });
    expect(repairQuadrant(q, new DiceRng([3]))).toEqual({ roll: 3, repaired: true });
    expect(repairQuadrant(q, new DiceRng([4]))).toEqual({ roll: 4, repaired: false });
    expect(q.damage).toBe(1);
  });

  it('"When a quadrant is reduced to zero or less, it loses its shielding. A quadrant can keep receiving damage beyond its size"', () => {
    const q = quadrant({ heavy: 4 }, { damage: 4 });
    const def = defense(4, q);
    expect(shielded(def, q)).toBe(false);
    const out = attackQuadrant({ weapon: "missile", dice: 3, targeting: 0 }, def, q, new DiceRng([]));
    expect(out).toMatchObject({ hits: 3, saves: [], wounds: 3, damage: 7 });
    expect(repairQuadrant(q, new DiceRng([1])).repaired).toBe(true);
  });

  it('"Planetary shields are exceptionally strong, with a hardness of 5. Every hit gets one shield roll" and "targeting against weapon installations is reduced by 1"', () => {
    const q = quadrant({ heavy: 10 });
    const def = defense(20, q);
    // Heavy batteries at targeting 4 hit on 3 or less against a quadrant; each hit saves on 5 - 2 = 3 or less.
    const out = attackQuadrant({ weapon: "heavy", dice: 4, targeting: 4 }, def, q, new DiceRng([3, 4, 1, 6, 3, 4]));
    expect(out).toMatchObject({ rolls: [3, 4, 1, 6], hits: 2, saves: [3, 4], wounds: 1 });
    // Fighters attack "with no targeting penalty".
    const f = attackQuadrant({ weapon: "fighter", dice: 1, targeting: 3 }, def, quadrant({}), new DiceRng([3, 6]));
    expect(f.hits).toBe(1);
  });

  it("statistically, planetary shields (hardness 5, one roll per hit) save 2 missile hits in 3 (20,000 hits, within 4 standard errors)", () => {
    const rng = Rng.fromSeed(42);
    const q = quadrant({ heavy: 10 });
    const def = defense(1000000, q);
    let hits = 0;
    let wounds = 0;
    for (let i = 0; i < 20000; i++) {
      const o = attackQuadrant({ weapon: "missile", dice: 1, targeting: 0 }, def, q, rng);
      hits += o.hits;
      wounds += o.wounds;
    }
    // Missiles reduce hardness by 1: saves on 4 or less, 2/3 of the time; 1/3 wound.
    const p = 1 / 3;
    const se = Math.sqrt((p * (1 - p)) / hits);
    expect(Math.abs(wounds / hits - p)).toBeLessThan(4 * se);
  });

  it('"Planets never become suppressed, but their targeting is reduced by 1 by the atmosphere. All ranges are reduced by 12" - Light weapons are completely useless"', () => {
    expect(outgoingFire("planet", "heavy", 36, 4)).toEqual({ range: 24, targeting: 3, usable: true });
    expect(outgoingFire("planet", "light", 12, 4).usable).toBe(false);
    expect(outgoingFire("moon", "light", 12, 4)).toEqual({ range: 12, targeting: 4, usable: true });
  });

  it('"Space ships firing at the planet must attack the quadrant they are facing" and each quadrant has a "90 degree firing arc"', () => {
    const planet = { x: 48, y: 24 };
    expect(quadrantFacing(planet, { x: 48, y: 0 })).toBe("N");
    expect(quadrantFacing(planet, { x: 70, y: 30 })).toBe("E");
    expect(quadrantFacing(planet, { x: 40, y: 48 })).toBe("S");
    expect(inQuadrantArc(planet, "E", { x: 70, y: 30 })).toBe(true);
    expect(inQuadrantArc(planet, "N", { x: 70, y: 30 })).toBe(false);
  });
});

describe("Ground assaults", () => {
  it('"A quadrant rolls one d6 for every size category it started with, and subtracts 1 point for every damage point ... If the quadrant wins, it destroys an enemy assault unit for every point it won by"', () => {
    const q = quadrant({ heavy: 2 }, { damage: 1 });
    const def = defense(2, q);
    // Quadrant: 4 + 5 - 1 damage = 8; invaders (3 units): 1 + 2 + 2 = 5: the quadrant wins by 3.
    const out = groundAssault(def, q, 3, "blue", new DiceRng([4, 5, 1, 2, 2]));
    expect(out).toMatchObject({ attackersLost: 3, defendersLost: 0, captured: false });
    expect(out.defence.total).toBe(8);
  });

  it('"If the invaders win, they destroy one assault unit for every point they won by - if all ground defenders are destroyed, they destroy one defense installation for each additional point"', () => {
    const q = quadrant({ heavy: 3 }, { assault: 1 });
    const def = defense(3, q);
    // Quadrant: 3 dice for size + 1 for its assault unit = 1+1+1+1 = 4; invaders 6+6 = 12: won by 8.
    // 1 defender unit lost, then 3 installations (all of them): the invaders own the quadrant.
    const out = groundAssault(def, q, 2, "blue", new DiceRng([1, 1, 1, 1, 6, 6]));
    expect(out).toMatchObject({ defendersLost: 1, installationsDestroyed: 3, captured: true });
    expect(q).toMatchObject({ holder: "blue", assault: 2, damage: 3 });
  });

  it("a tie changes nothing (RULINGS)", () => {
    const q = quadrant({ heavy: 1 });
    const out = groundAssault(defense(1, q), q, 1, "blue", new DiceRng([3, 3]));
    expect(out).toMatchObject({ attackersLost: 0, defendersLost: 0, installationsDestroyed: 0, captured: false });
  });
});

describe('"Moonbases"', () => {
  it("\"a moon's defense size cannot be more than half of their planet's planetary defense size\"", () => {
    expect(defenseFault(defense(10, quadrant({})), "moon", 20)).toBeNull();
    expect(defenseFault(defense(11, quadrant({})), "moon", 20)).toMatch(/cannot be more than half/);
  });
  it('"Moons should be placed between 12" and 24" away from their planet, in the center of a sector" (the outpost\'s moon)', () => {
    expect(moonPlacementFault({ x: 48, y: 24 }, { x: 54, y: 42 })).toBeNull();
    expect(moonPlacementFault({ x: 48, y: 24 }, { x: 54, y: 30 })).toMatch(/from its planet/);
    expect(moonPlacementFault({ x: 48, y: 24 }, { x: 52, y: 42 })).toMatch(/centre/);
  });
});
