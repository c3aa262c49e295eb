/**
 * Battleshift "Basic Combat Resolution" (seed 004) and the damage rules: every worked
 * example is a test named after its passage; dice rules get fixed-dice tests (a scripted
 * d6) and statistical checks over many seeded runs (tolerance: 4 standard errors).
 */
import fc from "fast-check";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import {
  type Attack,
  destructionTestPoints,
  fighterNumbers,
  fightersAboardShips,
  fightersLostWithCarriers,
  type HullRule,
  type MixedShip,
  type MixedSquadron,
  missileLocks,
  mixedOrder,
  recoverFighters,
  recoverSuppression,
  repairRollCount,
  resolveAntiSmallCraft,
  resolveAttack,
  resolveBoarding,
  resolveCombinedAttack,
  resolveMixedAttack,
  resolveMixedCombinedAttack,
  resolveRepairs,
  type TargetSquadron,
} from "../../src/rules/battleshift/combat/combat.js";

/** An Rng whose dice come from a script (d6 and d3 faces), then from a seeded generator. */
class Dice extends Rng {
  private readonly script: number[];
  constructor(script: number[], seed = 1) {
    super(xoroshiro128plus(seed));
    this.script = [...script];
  }
  protected override drawInt(lo: number, hi: number): number {
    const next = this.script.shift();
    if (next === undefined) return super.drawInt(lo, hi);
    if (next < lo || next > hi) throw new Error(`scripted die ${next} outside [${lo}, ${hi}]`);
    return next;
  }
  get remaining(): number {
    return this.script.length;
  }
}

const rep = (n: number, face: number): number[] => new Array<number>(n).fill(face);

/** Five size-3 cruisers, 2 shields at hardness 4, hull 4: the seed's running example. */
const cruisers = (over: Partial<TargetSquadron> = {}): TargetSquadron => ({
  ships: 5,
  size: 3,
  shieldsPerShip: 2,
  hardness: 4,
  hull: 4,
  damageTaken: 0,
  hullRule: "normal",
  ...over,
});
const light = (dice: number, targeting = 4): Attack => ({ weapon: "light", dice, targeting });
const heavy = (dice: number, targeting = 4): Attack => ({ weapon: "heavy", dice, targeting });

/** 4 standard errors of a proportion p over n trials. */
const tol = (p: number, n: number) => 4 * Math.sqrt((p * (1 - p)) / n);

describe("Basic Combat Resolution 3): targeting numbers", () => {
  it("'needing to roll equal to or less than a particular targeting number': battery 4s hit, 5s miss", () => {
    const out = resolveAttack(light(6), cruisers({ shieldsPerShip: 0 }), new Dice([1, 2, 3, 4, 5, 6]));
    expect(out.rolls).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out.hits).toBe(4);
  });
  it("'However, rolls of 1 always hit': targeting cut to 0 by suppression and cover still hits on a 1", () => {
    const out = resolveAttack(light(3, 0), cruisers({ shieldsPerShip: 0 }), new Dice([1, 2, 6]));
    expect(out.hits).toBe(1);
  });
  it("'Fighters require 3's': a fighter attack at targeting 3 misses on a 4", () => {
    const out = resolveAttack({ weapon: "fighter", dice: 2, targeting: 3 }, cruisers({ shieldsPerShip: 0 }), new Dice([3, 4]));
    expect(out.hits).toBe(1);
  });
  it("statistics: hits per die = targeting/6 (1/6 at targeting 0) over 20,000 dice, within 4 standard errors", () => {
    for (const t of [0, 2, 4]) {
      const n = 20_000;
      const out = resolveAttack(light(n, t), cruisers({ shieldsPerShip: 0, ships: 7 }), Rng.fromSeed(11 + t));
      const p = Math.max(1, t) / 6;
      expect(Math.abs(out.hits / n - p)).toBeLessThan(tol(p, n));
    }
  });
});

describe("Basic Combat Resolution 4): suppression", () => {
  it("'if an enemy squadron had 5 ships in it, you would need to score 5 hits ... to put a suppression marker on it'", () => {
    expect(resolveAttack(light(4), cruisers({ shieldsPerShip: 0 }), new Dice(rep(4, 1))).suppressed).toBe(false);
    const five = resolveAttack(light(5), cruisers({ shieldsPerShip: 0 }), new Dice(rep(5, 1)));
    expect(five.suppressed).toBe(true);
    expect(five.suppressAt).toBe(5);
  });
  it("the size bands: hits per ship to suppress 1-3: 1, 4-7: 2, 8-10: 3, 11+: 5", () => {
    const cases: [number, number][] = [
      [1, 1],
      [3, 1],
      [4, 2],
      [7, 2],
      [8, 3],
      [10, 3],
      [11, 5],
      [20, 5],
    ];
    for (const [size, per] of cases) {
      const t = cruisers({ ships: 2, size, shieldsPerShip: 0, hull: size + 1 });
      const need = 2 * per;
      expect(resolveAttack(light(need - 1), t, new Dice(rep(need - 1, 1))).suppressed, `size ${size}, ${need - 1} hits`).toBe(false);
      const at = resolveAttack(light(need), t, new Dice(rep(need, 1)));
      expect(at.suppressed, `size ${size}, ${need} hits`).toBe(true);
      expect(at.suppressAt).toBe(need);
    }
  });
  it("'an enemy squadron may only gain one suppression marker per enemy Taskforce activation'", () => {
    const out = resolveAttack(light(5), cruisers({ shieldsPerShip: 0, suppressedAlready: true }), new Dice(rep(5, 1)));
    expect(out.hits).toBe(5);
    expect(out.suppressed).toBe(false);
  });
});

describe("Basic Combat Resolution 5): shields", () => {
  it("'a squadron of five size 3 ships (2 shields each) was hit 3 times, 3 ships could use their shields (6 total saves)'", () => {
    const out = resolveAttack(light(3), cruisers(), new Dice([1, 1, 1, ...rep(6, 6)]));
    expect(out.hits).toBe(3);
    expect(out.shieldsUsed).toBe(6);
    expect(out.shieldRolls).toHaveLength(6);
  });
  it("'If they were hit 5 or more times, all ships in the squadron would use their shields (10 total)'", () => {
    expect(resolveAttack(light(5), cruisers(), new Dice([...rep(5, 1), ...rep(10, 6)])).shieldsUsed).toBe(10);
    expect(resolveAttack(light(8), cruisers(), new Dice([...rep(8, 1), ...rep(10, 6)])).shieldsUsed).toBe(10);
  });
  it("Fire Heavy Weapons: 'if a squadron of six ships was hit five times, only five of those ships would get to roll for their shields'", () => {
    const out = resolveAttack(light(5), cruisers({ ships: 6, shieldsPerShip: 1 }), new Dice([...rep(5, 1), ...rep(5, 6)]));
    expect(out.shieldsUsed).toBe(5);
  });
  it("'Shields have a basic hardness of 4, meaning they block a hit on a 4 or less' (light batteries reduce nothing)", () => {
    // 5 hits, 10 shield dice: 4s save, 5s do not; saves never exceed hits.
    const out = resolveAttack(light(5), cruisers(), new Dice([...rep(5, 1), 4, 4, 5, 5, 5, 5, 5, 5, 5, 5]));
    expect(out.saves).toBe(2);
    expect(out.damage).toBe(3);
    const all = resolveAttack(light(5), cruisers(), new Dice([...rep(5, 1), ...rep(10, 1)]));
    expect(all.saves).toBe(5);
    expect(all.damage).toBe(0);
  });
  it("'Heavy weapons ... subtract two from the hardness, so typically enemy shields will need 2's or less'", () => {
    const out = resolveAttack(heavy(5), cruisers(), new Dice([...rep(5, 1), 2, 2, 3, 3, 3, 3, 3, 3, 3, 3]));
    expect(out.saves).toBe(2);
    expect(out.damage).toBe(3);
  });
  it("'missiles subtract 1': missile hits are saved on 3 or less; 'Missiles that reach their target automatically hit'", () => {
    const out = resolveAttack({ weapon: "missile", dice: 5, targeting: 0 }, cruisers(), new Dice([3, 3, 4, 4, 4, 4, 4, 4, 4, 4]));
    expect(out.rolls).toEqual([]);
    expect(out.hits).toBe(5);
    expect(out.saves).toBe(2);
  });
  it("Bionid armour: No Shields 'Hardness 2 from armor' saves on 2 against light batteries and never against heavies", () => {
    const t = cruisers({ hardness: 2 });
    expect(resolveAttack(light(5), t, new Dice([...rep(5, 1), 2, 2, 3, 3, 3, 3, 3, 3, 3, 3])).saves).toBe(2);
    const h = resolveAttack(heavy(5), t, new Dice(rep(5, 1)));
    expect(h.saves).toBe(0);
    expect(h.shieldRolls).toEqual([]);
  });
  it("Fighters: 'Targets with shields may roll one shield save per hit, regardless of how many shields they have'", () => {
    const f = (dice: number) => ({ weapon: "fighter" as const, dice, targeting: 3 });
    expect(resolveAttack(f(3), cruisers({ ships: 7 }), new Dice([...rep(3, 1), ...rep(3, 6)])).shieldsUsed).toBe(3);
    expect(resolveAttack(f(10), cruisers({ ships: 7 }), new Dice([...rep(10, 1), ...rep(10, 6)])).shieldsUsed).toBe(10);
    expect(resolveAttack(f(3), cruisers({ shieldsPerShip: 0 }), new Dice(rep(3, 1))).shieldsUsed).toBe(0);
  });
});

describe("Basic Combat Resolution 5): damage thresholds and total damage", () => {
  it("Definitions 'Hull': 'if the squadron suffered 9 damage ... it would have to make two saves, each requiring a 3 or less. Each 4+ rolled would destroy a ship'", () => {
    // 5 ships of hull 4 (total 20): 9 unsaved light hits, then the two tests: a 3 passes, a 4 destroys.
    const out = resolveAttack(light(9), cruisers({ shieldsPerShip: 0 }), new Dice([...rep(9, 1), 3, 4]));
    expect(out.damage).toBe(9);
    expect(out.tests.map((t) => t.threshold)).toEqual([4, 8]);
    expect(out.tests.map((t) => t.destroyed)).toEqual([false, true]);
    expect(out.destroyed).toBe(1);
    expect(out.shipsLeft).toBe(4);
    expect(out.damageTaken).toBe(9);
  });
  it("Fire Heavy Weapons: 'ships that have 3 Hull ... if it took 9 damage in one attack it would have to take three destruction tests'", () => {
    expect(destructionTestPoints(0, 9, 3, 21)).toEqual([3, 6, 9]);
  });
  it("Fire Heavy Weapons: 'seven hull 3 ships has a total hull of 21. ... suffered 19 damage ... took 6 points ... one test at 21, and four more ... total damage taken would now be 25'", () => {
    expect(destructionTestPoints(19, 25, 3, 21)).toEqual([21, 22, 23, 24, 25]);
    const seven = { ships: 7, size: 2, shieldsPerShip: 0, hardness: 4, hull: 3, damageTaken: 19, hullRule: "normal" as const };
    const out = resolveAttack(light(6), seven, new Dice([...rep(6, 1), 1, 1, 1, 1, 1]));
    expect(out.tests.map((t) => t.threshold)).toEqual([21, 22, 23, 24, 25]);
    expect(out.damageTaken).toBe(25);
  });
  it("the threshold counts multiples crossed from the damage already taken (2 + 3 on hull 4 crosses 4 once)", () => {
    expect(destructionTestPoints(2, 5, 4, 20)).toEqual([4]);
    expect(destructionTestPoints(4, 7, 4, 20)).toEqual([]);
  });
  it("'The Total Damage is the value of the hulls of the entire squadron': after losses, the bought total still counts (totalHull)", () => {
    // 5 ships bought (total 20), 2 lost: 18 -> 21 tests at 20 and 21, not at the 3 x 4 = 12 of the ships left.
    const out = resolveAttack(
      light(3),
      cruisers({ ships: 3, damageTaken: 18, totalHull: 20, shieldsPerShip: 0 }),
      new Dice([...rep(3, 1), 1, 1]),
    );
    expect(out.tests.map((t) => t.threshold)).toEqual([20, 21]);
  });
  it("destruction tests stop when no ship is left", () => {
    const out = resolveAttack(light(12), cruisers({ ships: 2, shieldsPerShip: 0, totalHull: 8 }), new Dice([...rep(12, 1), 6, 6]));
    expect(out.destroyed).toBe(2);
    expect(out.shipsLeft).toBe(0);
    expect(out.tests).toHaveLength(2);
  });
  it("'Hardened Hull (Destruction saves on 4 instead of 3)' and 'Flimsy Hull (Destruction saves on 2 instead of 3)'", () => {
    const two = (hullRule: TargetSquadron["hullRule"], a: number, b: number) =>
      resolveAttack(light(8), cruisers({ shieldsPerShip: 0, hullRule }), new Dice([...rep(8, 1), a, b])).destroyed;
    expect(two("normal", 3, 4)).toBe(1);
    expect(two("hardened", 4, 5)).toBe(1);
    expect(two("hardened", 4, 4)).toBe(0);
    expect(two("flimsy", 2, 3)).toBe(1);
    expect(two("flimsy", 3, 3)).toBe(2);
  });
  it("statistics: destruction tests fail 1/2 (normal), 1/3 (hardened), 2/3 (flimsy) over 3,000 attacks, within 4 standard errors", () => {
    for (const [rule, p] of [
      ["normal", 1 / 2],
      ["hardened", 1 / 3],
      ["flimsy", 2 / 3],
    ] as const) {
      const rng = Rng.fromSeed(99);
      let tests = 0;
      let fails = 0;
      for (let i = 0; i < 3000; i++) {
        const out = resolveAttack(
          { weapon: "missile", dice: 4 } as Attack,
          cruisers({ ships: 7, shieldsPerShip: 0, hull: 2, hullRule: rule }),
          rng,
        );
        tests += out.tests.length;
        fails += out.tests.filter((t) => t.destroyed).length;
      }
      expect(tests).toBe(6000);
      expect(Math.abs(fails / tests - p)).toBeLessThan(tol(p, tests));
    }
  });
});

describe("Basic Combat Resolution 6): firing to disable, ion weapons, disabled ships", () => {
  it("'A squadron that decides to fire to disable suffers a -1 to hit penalty': a 4 misses at targeting 4", () => {
    const out = resolveAttack({ ...light(2), disable: true }, cruisers({ shieldsPerShip: 0 }), new Dice([3, 4]));
    expect(out.hits).toBe(1);
  });
  it("'only destroyed on roll of 1. If they fail their destruction test on a higher roll (typically a 2 or 3), the ship is ... disabled'", () => {
    const out = resolveAttack({ ...light(12, 5), disable: true }, cruisers({ shieldsPerShip: 0 }), new Dice([...rep(12, 1), 1, 2, 4]));
    expect(out.tests.map((t) => [t.roll, t.destroyed, t.disabled ?? false])).toEqual([
      [1, true, false],
      [2, false, true],
      [4, false, false],
    ]);
    expect(out.destroyed).toBe(1);
    expect(out.newlyDisabled).toBe(1);
    expect(out.disabled).toBe(1);
    expect(out.shipsLeft).toBe(4);
  });
  it("disabling tests keep each hull's failure chance: hardened fails on 1-2, flimsy on 1-4", () => {
    const dis = (hullRule: TargetSquadron["hullRule"], roll: number) =>
      resolveAttack({ ...light(4, 5), disable: true }, cruisers({ shieldsPerShip: 0, hullRule }), new Dice([...rep(4, 1), roll])).tests[0];
    expect(dis("hardened", 2)?.disabled).toBe(true);
    expect(dis("hardened", 3)?.disabled).toBeFalsy();
    expect(dis("flimsy", 4)?.disabled).toBe(true);
    expect(dis("flimsy", 5)?.disabled).toBeFalsy();
  });
  it("the 'high-rolls' reading: a failed disabling test (4-6) disables, a 6 destroys", () => {
    const out = resolveAttack({ ...light(12, 5), disable: true }, cruisers({ shieldsPerShip: 0 }), new Dice([...rep(12, 1), 6, 5, 1]), {
      disableFaces: "high-rolls",
    });
    expect(out.tests.map((t) => [t.destroyed, t.disabled ?? false])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
  });
  it("'Ionic weapon may only fire to disable, but do not suffer a to hit penalty'; Ion Beams: 'no shield reduction'; failures disable, never destroy", () => {
    const out = resolveAttack({ ...light(8), ion: true }, cruisers(), new Dice([...rep(4, 4), ...rep(4, 1), ...rep(10, 5), 6, 1]));
    expect(out.hits).toBe(8);
    expect(out.shieldRolls).toHaveLength(10);
    expect(out.tests.map((t) => [t.roll, t.destroyed, t.disabled ?? false])).toEqual([
      [6, false, true],
      [1, false, false],
    ]);
    expect(out.destroyed).toBe(0);
  });
  it("Heavy Ion Beams: 'a shield reduction of 1' (saves on 3 against hardness 4)", () => {
    const out = resolveAttack({ ...heavy(5), heavyIon: true }, cruisers(), new Dice([...rep(5, 1), 3, 3, 4, 4, 4, 4, 4, 4, 4, 4]));
    expect(out.saves).toBe(2);
  });
  it("ruling 'Which ship a failed test takes': active ships are destroyed before disabled ones; a squadron of only disabled ships loses them", () => {
    const out = resolveAttack(
      light(8),
      cruisers({ ships: 2, disabled: 1, shieldsPerShip: 0, totalHull: 20 }),
      new Dice([...rep(8, 1), 6, 6]),
    );
    expect(out.destroyed).toBe(2);
    expect(out.disabled).toBe(0);
    const one = resolveAttack(light(4), cruisers({ ships: 2, disabled: 1, shieldsPerShip: 0, totalHull: 20 }), new Dice([...rep(4, 1), 6]));
    expect(one.disabled).toBe(1);
    expect(one.shipsLeft).toBe(1);
  });
});

describe("Super Heavy Batteries (experimental)", () => {
  it("'They reduce shield strength by 3, and inflict up to 3 damage when they penetrate shields' (a d3 per unsaved hit)", () => {
    // 2 hits on hardness 4: shields save on 1 only; one saved, one through for a d3 of 3.
    const out = resolveAttack({ ...heavy(2), superHeavy: true }, cruisers(), new Dice([1, 1, 1, 2, 6, 6, 3]));
    expect(out.saves).toBe(1);
    expect(out.damage).toBe(3);
    const flat = resolveAttack({ ...heavy(2), superHeavy: true }, cruisers(), new Dice([1, 1, 2, 2, 6, 6]), { superHeavyDamage: "3" });
    expect(flat.damage).toBe(6);
  });
});

describe("New rules for mixed ships in a Squadron: the worked example", () => {
  const row = (name: string, size: number, shields: number, hull: number) => ({ name, size, shields, hull, tests: 0, destroyed: false });
  const start: MixedSquadron = {
    ships: mixedOrder([
      row("Missile Dreadnought 1", 5, 4, 6),
      row("Destroyer 1", 1, 1, 2),
      row("Fleet Cruiser 1", 3, 2, 4),
      row("Destroyer 2", 1, 1, 2),
      row("Fleet Cruiser 2", 3, 2, 4),
      row("Fleet Cruiser 3", 3, 2, 4),
      row("Missile Dreadnought 2", 5, 4, 6),
    ]),
    damageTaken: 0,
    hardness: 4,
    hullRule: "normal",
    next: 0,
  };

  it("'Ships will take destruction tests in the order of least hull to largest hull': destroyers, cruisers, dreadnoughts; threshold every 4", () => {
    expect(start.ships.map((s) => s.name)).toEqual([
      "Destroyer 1",
      "Destroyer 2",
      "Fleet Cruiser 1",
      "Fleet Cruiser 2",
      "Fleet Cruiser 3",
      "Missile Dreadnought 1",
      "Missile Dreadnought 2",
    ]);
  });

  it("plays the whole example: 4 hits (6 shields), 15 hits (16 shields, suppressed, 2 tests), 4 hits (10 shields), later 3 hits (9 shields) and 15 hits (11 shields, 7 tests)", () => {
    // "This squadron takes 4 hits. The first four ships on the list would use their shields ... 6 shields.
    // If two shots got through ... no ships have to take a destruction test. 9 hits would have been required to suppress."
    const a1 = resolveMixedAttack(light(4), start, new Dice([1, 1, 1, 1, 1, 1, 5, 5, 5, 5]));
    expect(a1.shieldsUsed).toBe(6);
    expect(a1.suppressAt).toBe(9);
    expect(a1.suppressed).toBe(false);
    expect(a1.damage).toBe(2);
    expect(a1.tests).toEqual([]);
    // "Next, the squadron takes 15 hits ... suppression occurs. All 16 shields get to save, and 6 hits get through.
    // This takes the total damage to 8, so 2 thresholds have been crossed ... the destroyers. One passes, one fails."
    const a2 = resolveMixedAttack(light(15), a1.squadron, new Dice([...rep(15, 1), ...rep(9, 1), ...rep(7, 6), 2, 5]));
    expect(a2.suppressed).toBe(true);
    expect(a2.shieldsUsed).toBe(16);
    expect(a2.damage).toBe(6);
    expect(a2.squadron.damageTaken).toBe(8);
    expect(a2.tests.map((t) => [t.threshold, t.ship, t.destroyed])).toEqual([
      [4, "Destroyer 1", false],
      [8, "Destroyer 2", true],
    ]);
    // "The squadron takes 4 more hits ... the three cruisers and a dreadnought for 10 total saves ... 8 shots were needed to suppress."
    const a3 = resolveMixedAttack(light(4), a2.squadron, new Dice([...rep(4, 1), ...rep(10, 1)]));
    expect(a3.shieldsUsed).toBe(10);
    expect(a3.suppressAt).toBe(8);
    expect(a3.damage).toBe(0);
    // "Later in the battle ... Total Damage: 22": 14 more damage, tests at 12, 16, 20 for the three cruisers; two fail.
    const a4 = resolveMixedAttack(light(14), a3.squadron, new Dice([...rep(14, 1), ...rep(15, 6), 3, 5, 6]));
    expect(a4.squadron.damageTaken).toBe(22);
    expect(a4.tests.map((t) => t.ship)).toEqual(["Fleet Cruiser 1", "Fleet Cruiser 2", "Fleet Cruiser 3"]);
    // "The squadron takes 3 hits. This does not suppress, as 6 are needed. Three ships will use their shields, so the two
    // dreadnoughts (which have not tested yet), and a destroyer (... flipping back to the start), for 9 total shields."
    const a5 = resolveMixedAttack(light(3), a4.squadron, new Dice([...rep(3, 1), ...rep(9, 1)]));
    expect(a5.suppressAt).toBe(6);
    expect(a5.suppressed).toBe(false);
    expect(a5.shieldsUsed).toBe(9);
    expect(a5.damage).toBe(0);
    // "the enemy really unloads, and causes 15 hits. This suppresses. 11 shields get to block ... 11 get through for a total of 33 damage.
    // This takes up the last two destruction test thresholds, and 5 more must be taken ... The destroyer must save twice, the cruiser
    // must save once, and the two missile dreadnoughts must save twice each. The cruiser and a dreadnought survive the rolls."
    const a6 = resolveMixedAttack(light(15), a5.squadron, new Dice([...rep(15, 1), 1, 1, 1, 1, ...rep(7, 6), 1, 1, 1, 1, 1, 6, 6]));
    expect(a6.suppressed).toBe(true);
    expect(a6.shieldsUsed).toBe(11);
    expect(a6.damage).toBe(11);
    expect(a6.squadron.damageTaken).toBe(33);
    expect(a6.tests.map((t) => [t.threshold, t.ship])).toEqual([
      [24, "Missile Dreadnought 1"],
      [28, "Missile Dreadnought 2"],
      [29, "Destroyer 1"],
      [30, "Fleet Cruiser 1"],
      [31, "Missile Dreadnought 1"],
      [32, "Missile Dreadnought 2"],
      [33, "Destroyer 1"],
    ]);
    const left = a6.squadron.ships.filter((s) => !s.destroyed).map((s) => s.name);
    expect(left).toEqual(["Fleet Cruiser 1", "Missile Dreadnought 1"]);
    // "The next ship in line for shields and a destruction test is the fleet cruiser."
    expect(a6.squadron.ships[a6.squadron.next]?.name).toBe("Fleet Cruiser 1");
  });

  it("'The last largest ship only takes a destruction test when total hull damage has been reached, which can leave a larger than normal gap'", () => {
    // Two destroyers (hull 2) and a size 8 titan (hull 9): total 13, threshold floor(13/3) = 4; tests at 4 and 8, then at 13.
    const sq: MixedSquadron = {
      ships: [row("D1", 1, 1, 2), row("D2", 1, 1, 2), row("Titan", 8, 4, 9)],
      damageTaken: 0,
      hardness: 4,
      hullRule: "normal",
      next: 0,
    };
    const out = resolveMixedAttack({ weapon: "missile", dice: 13, targeting: 0 }, sq, new Dice([...rep(6, 6), 1, 1, 1]));
    expect(out.tests.map((t) => [t.threshold, t.ship])).toEqual([
      [4, "D1"],
      [8, "D2"],
      [13, "Titan"],
    ]);
  });
});

describe("Mixed squadrons: disabling results, several weapon classes, fighters per carrier design", () => {
  const row = (name: string, size: number, shields: number, hull: number, over: Partial<MixedShip> = {}): MixedShip => ({
    name,
    size,
    shields,
    hull,
    tests: 0,
    destroyed: false,
    ...over,
  });
  /** Two destroyers and a cruiser: total hull 8, threshold floor(8 / 3) = 2, threshold tests at 2 and 4, then from 8. */
  const trio = (d1: Partial<MixedShip> = {}, d2: Partial<MixedShip> = {}, c: Partial<MixedShip> = {}): MixedSquadron => ({
    ships: [row("D1", 1, 1, 2, d1), row("D2", 1, 1, 2, d2), row("C", 3, 2, 4, c)],
    damageTaken: 0,
    hardness: 4,
    hullRule: "normal",
    next: 0,
  });
  /** Missiles that arrive hit automatically: `n` damage against no shields (hardness 0 rolls none). */
  const unsaved = (n: number, over: Partial<Attack> = {}): Attack => ({ weapon: "missile", dice: n, targeting: 0, ...over });
  const bare = (sq: MixedSquadron): MixedSquadron => ({ ...sq, hardness: 0 });

  it('"Firing to disable": "only destroyed on roll of 1. If they fail their destruction test on a higher roll (typically a 2 or 3), the ship is not destroyed, but is instead disabled" — the ship in line that fails is disabled, a 1 destroys it', () => {
    const out = resolveMixedAttack(unsaved(2, { disable: true }), bare(trio()), new Dice([2]));
    expect(out.tests).toEqual([{ threshold: 2, ship: "D1", roll: 2, destroyed: false, disabled: true }]);
    expect(out.disabled).toEqual(["D1"]);
    expect(out.squadron.ships.map((s) => [s.name, s.disabled === true, s.destroyed])).toEqual([
      ["D1", true, false],
      ["D2", false, false],
      ["C", false, false],
    ]);
    const one = resolveMixedAttack(unsaved(2, { disable: true }), bare(trio()), new Dice([1]));
    expect([one.destroyed, one.disabled]).toEqual([["D1"], []]);
    const pass = resolveMixedAttack(unsaved(2, { disable: true }), bare(trio()), new Dice([4]));
    expect([pass.destroyed, pass.disabled]).toEqual([[], []]);
    // Setting disableFaces "high-rolls": the usual failing faces disable, a 6 destroys.
    const high = resolveMixedAttack(unsaved(4, { disable: true }), bare(trio()), new Dice([5, 6]), { disableFaces: "high-rolls" });
    expect(high.tests.map((t) => [t.ship, t.destroyed, t.disabled === true])).toEqual([
      ["D1", false, true],
      ["D2", true, false],
    ]);
  });

  it('"Ion Beams": "Ships which fail destruction tests from an Ion Beam attack are not destroyed, instead they are disabled" (setting ionDestroysOnOne: a 1 destroys)', () => {
    const ion = resolveMixedAttack(unsaved(4, { ion: true }), bare(trio()), new Dice([6, 1]));
    expect(ion.tests.map((t) => [t.ship, t.destroyed, t.disabled === true])).toEqual([
      ["D1", false, true],
      ["D2", false, false],
    ]);
    const heavyIon = resolveMixedAttack(unsaved(4, { heavyIon: true }), bare(trio()), new Dice([1, 4]), { ionDestroysOnOne: true });
    expect(heavyIon.tests.map((t) => [t.ship, t.destroyed, t.disabled === true])).toEqual([
      ["D1", true, false],
      ["D2", false, false],
    ]);
  });

  it("ruling 'Mixed squadrons: disabled ships': a disabled ship stays in the written list (its shields save) but later tests pass over it while an active ship is in line", () => {
    // D1 disabled: the test at 2 goes to D2, the one at 4 to C; D1 keeps no dot.
    const out = resolveMixedAttack(unsaved(4), bare(trio({ disabled: true })), new Dice([2, 3]));
    expect(out.tests.map((t) => t.ship)).toEqual(["D2", "C"]);
    expect(out.squadron.ships.map((s) => s.tests)).toEqual([0, 1, 1]);
    // Shields: 1 hit uses the next ship in line, disabled or not (D1's 1 shield).
    expect(resolveMixedAttack(light(1), trio({ disabled: true }), new Dice([1, 6])).shieldsUsed).toBe(1);
    // Every ship left disabled: the next in line tests; a failed normal test destroys it, a disabling one leaves it as it is.
    const last = bare({ ...trio({ disabled: true }, { destroyed: true }, { disabled: true }), damageTaken: 4 });
    const lost = resolveMixedAttack(unsaved(4), last, new Dice([6]));
    expect([lost.tests.map((t) => t.ship), lost.destroyed]).toEqual([["D1"], ["D1"]]);
    const stays = resolveMixedAttack(unsaved(4, { disable: true }), last, new Dice([2]));
    expect([stays.destroyed, stays.disabled, stays.tests[0]?.disabled]).toEqual([[], [], undefined]);
  });

  it('"Hardened Hull (Destruction saves on 4 instead of 3)": in a mixed squadron each ship tests on its own hull', () => {
    const at8 = (c: Partial<MixedShip>): MixedSquadron => bare({ ...trio({}, {}, c), damageTaken: 4, next: 2 });
    expect(resolveMixedAttack(unsaved(4), at8({ hullRule: "hardened" }), new Dice([4])).destroyed).toEqual([]);
    expect(resolveMixedAttack(unsaved(4), at8({}), new Dice([4])).destroyed).toEqual(["C"]);
    expect(resolveMixedAttack(unsaved(4), at8({ hullRule: "flimsy" }), new Dice([3])).destroyed).toEqual(["C"]);
  });

  it('"Synchronised fire with different weapon types" against a mixed squadron: one attack, the hits added for suppression, one set of shield dice, the lowest dice saving the hardest hits', () => {
    // Heavy 3 hits (hardness 4 - 2 = 2) + light 2 hits (hardness 4): 5 hits >= 3 ships: all 4 shields roll once.
    const heavyHits: Attack = { weapon: "heavy", dice: 3, targeting: 4 };
    const lightHits: Attack = { weapon: "light", dice: 2, targeting: 4 };
    const out = resolveMixedCombinedAttack([heavyHits, lightHits], trio(), new Dice([1, 1, 1, 1, 1, 2, 3, 4, 6]));
    expect([out.hits, out.suppressAt, out.suppressed, out.shieldsUsed]).toEqual([5, 3, true, 4]);
    // Dice 2, 3, 4, 6: the 2 saves a heavy hit; the 3 and 4 save the light hits; the 6 saves nothing.
    expect([out.saves, out.damage]).toEqual([3, 2]);
    expect(out.tests.map((t) => t.ship)).toEqual(["D1"]);
  });

  it('ruling \'Mixed squadrons: each ship\'s own shield hardness\': "Shields have a hardness (usually 4)", a Bionid\'s "Hardness 2 from armor": each shield die "from the next ships in line" is rolled against its own ship\'s hardness', () => {
    // A destroyer (1 shield at 4), a Bionid Arbite Cruiser (2 at 2, hardened hull), a Fleet Cruiser (2 at 4); all hull 2-4.
    const mixedBionid = (next: number): MixedSquadron => ({
      ships: [
        row("Destroyer", 1, 1, 2),
        row("Arbite Cruiser", 3, 2, 4, { hardness: 2, hullRule: "hardened" }),
        row("Fleet Cruiser", 3, 2, 4),
      ],
      damageTaken: 0,
      hardness: 4,
      hullRule: "normal",
      next,
    });
    // 2 light hits: the destroyer's die and the Arbite's two, in line order. The destroyer's 3 saves (4), the Arbite's 3s do not (2).
    const light2 = resolveMixedAttack(light(2), mixedBionid(0), new Dice([1, 1, 3, 3, 3]));
    expect([light2.shieldsUsed, light2.shieldRolls, light2.shieldHardness, light2.saves, light2.damage]).toEqual([
      3,
      [3, 3, 3],
      [4, 2, 2],
      1,
      1,
    ]);
    // The same dice with the Arbite first in line (next 1): 1 hit uses only its shields, saving on 2: none.
    const arbite = resolveMixedAttack(light(1), mixedBionid(1), new Dice([1, 3, 3]));
    expect([arbite.shieldRolls, arbite.shieldHardness, arbite.saves]).toEqual([[3, 3], [2, 2], 0]);
    // Heavy batteries (shields -2): the Arbite's dice are at 0 and are not rolled; the others save on 2.
    const heavy3 = resolveMixedAttack(heavy(3), mixedBionid(0), new Dice([1, 1, 1, 2, 2, 3]));
    expect([heavy3.shieldsUsed, heavy3.shieldRolls, heavy3.shieldHardness, heavy3.saves, heavy3.damage]).toEqual([
      5,
      [2, 2, 3],
      [4, 4, 4],
      2,
      1,
    ]);
    // Fighters ("one shield save per hit"): each hit on the next ship in line, saving at that ship's hardness.
    const fighters = resolveMixedAttack({ weapon: "fighter", dice: 2, targeting: 3 }, mixedBionid(1), new Dice([1, 1, 2, 3]));
    expect([fighters.shieldHardness, fighters.saves]).toEqual([[2, 4], 2]);
    // One heavy and one light hit: the destroyer's 2 (margin 2) saves the heavy hit, an Arbite 2 (margin 0) the light one.
    const both = resolveMixedCombinedAttack([heavy(1), light(1)], mixedBionid(0), new Dice([1, 1, 2, 2, 2]));
    expect([both.shieldHardness, both.saves, both.damage]).toEqual([[4, 2, 2], 2, 0]);
    // The destroyer's 3 (margin 1) cannot save the heavy hit (2 needed); the light hit is saved.
    const one = resolveMixedCombinedAttack([heavy(1), light(1)], mixedBionid(0), new Dice([1, 1, 3, 2, 2]));
    expect([one.saves, one.damage]).toEqual([1, 1]);
  });

  it("a mixed squadron of one design gives exactly the uniform squadron's result for the same dice (any attacks, any state)", () => {
    const arbAttack = fc
      .record({
        weapon: fc.constantFrom("heavy", "light", "missile", "fighter"),
        dice: fc.integer({ min: 0, max: 25 }),
        targeting: fc.integer({ min: -1, max: 7 }),
        disable: fc.boolean(),
        ion: fc.boolean(),
        heavyIon: fc.boolean(),
        superHeavy: fc.boolean(),
        noSuppression: fc.boolean(),
        missilesPerShip: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      })
      .map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined && v !== false)) as unknown as Attack);
    const arbCase = fc.record({
      attacks: fc.array(arbAttack, { minLength: 1, maxLength: 3 }),
      initial: fc.integer({ min: 1, max: 7 }),
      lost: fc.integer({ min: 0, max: 6 }),
      disabled: fc.integer({ min: 0, max: 7 }),
      size: fc.integer({ min: 1, max: 8 }),
      shields: fc.integer({ min: 0, max: 4 }),
      hardness: fc.integer({ min: 2, max: 5 }),
      hull: fc.integer({ min: 1, max: 8 }),
      damageTaken: fc.integer({ min: 0, max: 40 }),
      hullRule: fc.constantFrom<HullRule>("normal", "hardened", "flimsy"),
      suppressedAlready: fc.boolean(),
      next: fc.nat({ max: 6 }),
      options: fc.record({
        disableFaces: fc.constantFrom<"low-rolls" | "high-rolls">("low-rolls", "high-rolls"),
        ionDestroysOnOne: fc.boolean(),
        superHeavyDamage: fc.constantFrom<"d3" | "3">("d3", "3"),
      }),
      seed: fc.integer(),
    });
    fc.assert(
      fc.property(arbCase, (c) => {
        const left = Math.max(1, c.initial - c.lost);
        const disabled = Math.min(c.disabled, left);
        const uniform: TargetSquadron = {
          ships: left,
          size: c.size,
          shieldsPerShip: c.shields,
          hardness: c.hardness,
          hull: c.hull,
          damageTaken: c.damageTaken,
          hullRule: c.hullRule,
          suppressedAlready: c.suppressedAlready,
          disabled,
          totalHull: c.initial * c.hull,
        };
        // The ships lost are spread through the list (every other one first), the disabled ones are the last alive.
        const lostAt = new Set(
          Array.from({ length: c.initial }, (_, i) => i)
            .sort((x, y) => (x % 2) - (y % 2) || x - y)
            .slice(0, c.initial - left),
        );
        const aliveIdx = Array.from({ length: c.initial }, (_, i) => i).filter((i) => !lostAt.has(i));
        const disabledAt = new Set(aliveIdx.slice(aliveIdx.length - disabled));
        const mixed: MixedSquadron = {
          ships: Array.from({ length: c.initial }, (_, i) =>
            row(`S${i}`, c.size, c.shields, c.hull, { destroyed: lostAt.has(i), disabled: disabledAt.has(i) }),
          ),
          damageTaken: c.damageTaken,
          hardness: c.hardness,
          hullRule: c.hullRule,
          next: c.next % c.initial,
          suppressedAlready: c.suppressedAlready,
        };
        const u = resolveCombinedAttack(c.attacks, uniform, Rng.fromSeed(c.seed), c.options);
        const m = resolveMixedCombinedAttack(c.attacks, mixed, Rng.fromSeed(c.seed), c.options);
        expect([m.rolls, m.hits, m.suppressed, m.suppressAt, m.shieldsUsed, m.shieldRolls, m.saves, m.damage]).toEqual([
          u.rolls,
          u.hits,
          u.suppressed,
          u.suppressAt,
          u.shieldsUsed,
          u.shieldRolls,
          u.saves,
          u.damage,
        ]);
        expect(m.squadron.damageTaken).toBe(u.damageTaken);
        const norm = (t: { threshold: number; roll: number; destroyed: boolean; disabled?: boolean }) => [
          t.threshold,
          t.roll,
          t.destroyed,
          t.disabled === true,
        ];
        expect(m.tests.map(norm)).toEqual(u.tests.map(norm));
        const after = m.squadron.ships.filter((s) => !s.destroyed);
        expect([after.length, after.filter((s) => s.disabled).length]).toEqual([u.shipsLeft, u.disabled]);
      }),
      { numRuns: 1000 },
    );
  });

  it('Fighters lost per carrier design: "17 fighters on 7 carriers losing 2 carriers lose 4"; in a mixed squadron a lost carrier takes its own bays\' share (rounded down), a ship without bays none, the last carriers all that is left', () => {
    expect(fightersAboardShips(17, rep(7, 1), rep(2, 1))).toBe(4);
    // Two light carriers (4 bays), a fleet carrier (6 bays), a fleet cruiser (no bays): 14 bays, 13 wings aboard.
    const bays = [4, 4, 6, 0];
    expect(fightersAboardShips(13, bays, [4])).toBe(3); // floor(13 x 4 / 14)
    expect(fightersAboardShips(13, bays, [6])).toBe(5); // floor(13 x 6 / 14)
    expect(fightersAboardShips(13, bays, [0])).toBe(0);
    expect(fightersAboardShips(13, bays, [4, 6])).toBe(8);
    expect(fightersAboardShips(13, bays, [4, 4, 6])).toBe(13);
    expect(fightersAboardShips(13, bays, [4, 4, 6, 0])).toBe(13);
  });
});

describe("Fighters, interceptors and missiles", () => {
  it("Fighter recovery: 'if a squadron of 7 ships has 17 fighters on them when 2 are lost, 4 fighters are lost from the squadron, leaving 13'", () => {
    expect(fightersLostWithCarriers(17, 7, 2)).toBe(4);
    expect(17 - fightersLostWithCarriers(17, 7, 2)).toBe(13);
    expect(fightersLostWithCarriers(17, 7, 7)).toBe(17);
    expect(fightersLostWithCarriers(17, 7, 0)).toBe(0);
  });
  it("'Fighters flights ... can negate any hit they take by rolling a 3 or less on a d6'", () => {
    const out = resolveAntiSmallCraft(4, 4, 3, new Dice([1, 4, 5, 6, 3, 4]));
    expect(out.hits).toBe(2);
    expect(out.dodgeRolls).toEqual([3, 4]);
    expect(out.kills).toBe(1);
  });
  it("Evading: '-2 penalty to attack rolls and ... +1 to dodge rolls. This generally means a fighter wing will hit on 1's and dodge on 4's or less'", () => {
    expect(fighterNumbers(true)).toEqual({ targeting: 1, dodge: 4 });
    expect(fighterNumbers(false)).toEqual({ targeting: 3, dodge: 3 });
  });
  it("Missile Resolution: interceptors need 'a 4 or less to destroy a missile. Each point of suppression subtracts 1 ... though 1's will always hit'", () => {
    expect(resolveAntiSmallCraft(3, 4, 0, new Dice([4, 5, 1])).kills).toBe(2);
    expect(resolveAntiSmallCraft(3, 4 - 4, 0, new Dice([2, 5, 1])).kills).toBe(1);
  });
  it("Missiles: 'a locking roll on a per ship basis of 5 or less' (1s always lock)", () => {
    expect(missileLocks(3, 5, new Dice([5, 6, 2])).locked).toBe(2);
    expect(missileLocks(2, 0, new Dice([1, 2])).locked).toBe(1);
  });
  it("missile strikes with locks: each locked ship sends its missiles, which all hit", () => {
    const out = resolveAttack(
      { weapon: "missile", dice: 3, targeting: 5, missilesPerShip: 4 },
      cruisers({ shieldsPerShip: 0 }),
      new Dice([5, 6, 1, 1, 1, 1, 1, 1]),
    );
    expect(out.hits).toBe(8);
  });
  it("Fighter recovery: 'each carrier may roll ... needing a 3 or less to recover one fighter. A squadron cannot go above its initial complement'", () => {
    expect(recoverFighters(3, 10, 12, new Dice([3, 4, 1])).fighters).toBe(12);
    expect(recoverFighters(3, 11, 12, new Dice([1, 1, 1])).fighters).toBe(12);
  });
});

describe("Deactivation: repairs and suppression recovery", () => {
  it("'if a squadron of four ships has 3 damage on it, only three ships may attempt repair rolls'", () => {
    expect(repairRollCount(4, 3, 0)).toBe(3);
    expect(repairRollCount(4, 9, 0)).toBe(4);
  });
  it("'Squadrons with repair systems may make an extra repair roll per ship ... each of which allows an extra repair roll per ship'", () => {
    expect(repairRollCount(4, 3, 1)).toBe(6);
    expect(repairRollCount(4, 9, 2)).toBe(12);
  });
  it("repairs need a 1 ('rolling a 1 on a d6') and never take damage below 0", () => {
    expect(resolveRepairs(4, 3, 0, new Dice([1, 2, 1])).repaired).toBe(2);
    expect(resolveRepairs(2, 1, 2, new Dice([1, 1, 1])).repaired).toBe(1);
  });
  it("'needing a 3 or less if it is within 8\" range of its flagship or a 2 or less if it is not'", () => {
    expect(recoverSuppression(3, true, new Dice([3, 3, 4])).removed).toBe(2);
    expect(recoverSuppression(3, false, new Dice([3, 3, 2])).removed).toBe(1);
  });
});

describe("Boarding", () => {
  it("'The boarding ships add their combined ship size ... If the boarders roll higher than the disabled ship, they capture the ship. If they do not, the boarders are repelled'", () => {
    expect(resolveBoarding({ boardersSize: 3, defenderSize: 4 }, new Dice([4, 3]))).toEqual({ attacker: 7, defender: 7, captured: false });
    expect(resolveBoarding({ boardersSize: 3, defenderSize: 4 }, new Dice([5, 3])).captured).toBe(true);
  });
  it("Assault Units: 'each assault unit adds another d3 for the attacker or defender'", () => {
    expect(resolveBoarding({ boardersSize: 2, defenderSize: 4, attackerAssault: 2 }, new Dice([1, 3, 2, 1]))).toEqual({
      attacker: 8,
      defender: 5,
      captured: true,
    });
  });
});

describe("determinism and invariants", () => {
  const arbAttack = fc.record({
    weapon: fc.constantFrom("heavy", "light", "missile", "fighter"),
    dice: fc.integer({ min: 0, max: 40 }),
    targeting: fc.integer({ min: -3, max: 7 }),
    disable: fc.boolean(),
    ion: fc.boolean(),
    superHeavy: fc.boolean(),
  }) as fc.Arbitrary<Attack>;
  const arbTarget = fc
    .record({
      ships: fc.integer({ min: 1, max: 7 }),
      size: fc.integer({ min: 1, max: 20 }),
      shieldsPerShip: fc.integer({ min: 0, max: 10 }),
      hardness: fc.integer({ min: 0, max: 5 }),
      hull: fc.integer({ min: 1, max: 22 }),
      damageTaken: fc.integer({ min: 0, max: 60 }),
      hullRule: fc.constantFrom("normal", "hardened", "flimsy"),
      disabled: fc.integer({ min: 0, max: 7 }),
      suppressedAlready: fc.boolean(),
    })
    .map((t) => ({ ...t, disabled: Math.min(t.disabled, t.ships) })) as fc.Arbitrary<TargetSquadron>;

  it("same attack, target and seed give the same outcome", () => {
    fc.assert(
      fc.property(arbAttack, arbTarget, fc.integer(), (a, t, seed) => {
        expect(resolveAttack(a, t, Rng.fromSeed(seed))).toEqual(resolveAttack(a, t, Rng.fromSeed(seed)));
      }),
      { numRuns: 200 },
    );
  });

  it("never throws; saves <= hits; damage added; tests as the thresholds say; ships never below 0", () => {
    fc.assert(
      fc.property(arbAttack, arbTarget, fc.integer(), (a, t, seed) => {
        const o = resolveAttack(a, t, Rng.fromSeed(seed));
        expect(o.saves).toBeLessThanOrEqual(o.hits);
        expect(o.damageTaken).toBe(t.damageTaken + o.damage);
        if (!a.superHeavy) expect(o.damage).toBe(o.hits - o.saves);
        const pts = destructionTestPoints(t.damageTaken, o.damageTaken, t.hull, t.ships * t.hull);
        expect(o.tests.length).toBeLessThanOrEqual(pts.length);
        expect(o.destroyed).toBeLessThanOrEqual(t.ships);
        expect(o.shipsLeft).toBe(t.ships - o.destroyed);
        expect(o.disabled).toBeLessThanOrEqual(o.shipsLeft);
        if (t.suppressedAlready) expect(o.suppressed).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
