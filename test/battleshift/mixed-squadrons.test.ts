/**
 * "New rules for mixed ships in a Squadron" (seed 004, highly experimental) in play: a mixed
 * squadron keeps each ship's design, fires each ship's weapons, moves at its slowest ship's
 * speed, and takes hits and destruction tests through its written list (combat.ts
 * resolveMixedAttack), the ship that fails a test being the one lost.
 */
import { describe, expect, it } from "vitest";
import { mixedOrder } from "../../src/rules/battleshift/combat/combat.js";
import { interceptorGroups } from "../../src/rules/battleshift/combat/interceptors.js";
import type { FireEvent } from "../../src/rules/battleshift/events.js";
import { wingsReady } from "../../src/rules/battleshift/fighters-and-missiles/fighters.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { createBattle, fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order, Orders } from "../../src/rules/battleshift/orders.js";
import { recoverAndRepair, runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, design, tinyBattle, unitOf } from "./support.js";

const rep = (n: number, v: number) => Array.from({ length: n }, () => v);

/** Make squadron `id` mixed: ship i gets designs[i]; the roster in "the order of least hull to largest hull". */
function makeMixed(state: BattleState, id: string, designs: string[]): void {
  const sq = state.squadrons[id]!;
  sq.ships.forEach((s, i) => {
    const key = designs[i]!;
    state.designs[key] = design(key);
    s.design = key;
  });
  const rows = sq.ships.map((s) => ({ ship: s.id, design: s.design!, hull: design(s.design!).hull }));
  sq.mixed = { roster: mixedOrder(rows).map((r) => ({ ship: r.ship, design: r.design, tests: 0, destroyed: false })), next: 0 };
}

const EXAMPLE = [
  "generic/missile-dreadnought",
  "generic/fleet-destroyer",
  "generic/fleet-cruiser",
  "generic/fleet-destroyer",
  "generic/fleet-cruiser",
  "generic/fleet-cruiser",
  "generic/missile-dreadnought",
];

function exampleBattle(): BattleState {
  const s = tinyBattle([
    { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 20]], facing: 90 },
    {
      id: "r1",
      side: "red",
      design: "generic/missile-dreadnought",
      at: EXAMPLE.map((_, i) => [30, 17 + i] as [number, number]),
      facing: 270,
    },
  ]);
  makeMixed(s, "r1", EXAMPLE);
  return s;
}

describe("New rules for mixed ships in a Squadron, in play", () => {
  it("a fleet file's mixed squadron enters the battle with each ship's design and the list in test order", () => {
    const mixed = (name: string) => ({
      name: "Mixed",
      options: { mixedSquadrons: true },
      taskforces: [
        {
          name: name,
          squadrons: [
            {
              name: "Pickets",
              mixed: [
                { design: "generic/missile-dreadnought", ships: 2 },
                { design: "generic/fleet-destroyer", ships: 2 },
                { design: "generic/fleet-cruiser", ships: 3 },
              ],
            },
          ],
        },
      ],
    });
    const a = parseFleet(mixed("A"));
    const b = parseFleet(mixed("B"));
    if (!a.ok || !b.ok) throw new Error("fleet");
    const { state } = createBattle({ seed: 1, scenario: "default", fleets: [a.value, b.value] });
    const sq = Object.values(state.squadrons).find((q) => q.side === "blue")!;
    expect(sq.ships.map((s) => s.design)).toEqual([
      "generic/missile-dreadnought",
      "generic/missile-dreadnought",
      "generic/fleet-destroyer",
      "generic/fleet-destroyer",
      "generic/fleet-cruiser",
      "generic/fleet-cruiser",
      "generic/fleet-cruiser",
    ]);
    expect(sq.mixed?.roster.map((r) => r.design.replace("generic/", ""))).toEqual([
      "fleet-destroyer",
      "fleet-destroyer",
      "fleet-cruiser",
      "fleet-cruiser",
      "fleet-cruiser",
      "missile-dreadnought",
      "missile-dreadnought",
    ]);
  });

  it('the example\'s first two attacks: "4 hits ... 6 shields ... 9 hits would have been required to suppress"; "15 hits ... suppression ... All 16 shields ... total damage to 8 ... the first two ships on the list are the destroyers. One passes, one fails"', () => {
    const s = exampleBattle();
    const ctx = ctxFor(s, "blue", new DiceRng([...rep(4, 1), 1, 1, 5, 5, 5, 5]));
    const a1 = ctx.attackSquadron([s.squadrons.b1!], s.squadrons.r1!, { weapon: "light", dice: 4, targeting: 4 }, "light batteries");
    expect([a1.shieldsUsed, a1.suppressAt, a1.suppressed, a1.damage, a1.tests.length]).toEqual([6, 9, false, 2, 0]);
    const ctx2 = ctxFor(s, "blue", new DiceRng([...rep(15, 1), ...rep(9, 1), ...rep(7, 6), 2, 5]));
    const a2 = ctx2.attackSquadron([s.squadrons.b1!], s.squadrons.r1!, { weapon: "light", dice: 15, targeting: 4 }, "light batteries");
    expect([a2.suppressed, a2.shieldsUsed, a2.damage, a2.damageTaken, a2.destroyed]).toEqual([true, 16, 6, 8, 1]);
    const r1 = s.squadrons.r1!;
    // The second destroyer on the list (r1.4) failed its test and is gone; the first (r1.2) took a test and passed.
    expect(r1.ships.map((x) => x.id)).toEqual(["r1.1", "r1.2", "r1.3", "r1.5", "r1.6", "r1.7"]);
    expect(r1.mixed?.roster.map((r) => [r.ship, r.tests, r.destroyed])).toEqual([
      ["r1.2", 1, false],
      ["r1.4", 1, true],
      ["r1.3", 0, false],
      ["r1.5", 0, false],
      ["r1.6", 0, false],
      ["r1.1", 0, false],
      ["r1.7", 0, false],
    ]);
    expect(r1.suppression).toBe(1);
    expect(s.sides.blue?.vp).toBe(design("generic/fleet-destroyer").cost);
    expect((ctx2.events.find((e) => e.kind === "fire") as FireEvent).text).toMatch(
      /mixed squadron r1: 15 dice needing 4 or less \[[\d,]+\] = 15 hits \(9 to suppress\), suppressed; 16 shield rolls \[[\d,]+\] .*: 9 saved; 6 damage; destruction tests \[2,5\]: r1\.2 2, r1\.4 5 lost \(damage now 8\)/,
    );
    // "The squadron takes 4 more hits. Now, checking for shields, we start at the first ship in line for a
    // destruction test, so the three cruisers and a dreadnought for 10 total saves ... 8 shots were needed to suppress."
    const ctx3 = ctxFor(s, "blue", new DiceRng([...rep(4, 1), ...rep(10, 1)]));
    const a3 = ctx3.attackSquadron([s.squadrons.b1!], r1, { weapon: "light", dice: 4, targeting: 4 }, "light batteries");
    expect([a3.shieldsUsed, a3.suppressAt, a3.damage]).toEqual([10, 8, 0]);
  });

  it('"The Flagship is always the last ship destroyed in its squadron": a failed test of the flagship takes the next ship in line', () => {
    const s = exampleBattle();
    s.taskforces["red-tf1"]!.flagship = { squadron: "r1", ship: "r1.2" };
    const ctx = ctxFor(s, "blue", new DiceRng([...rep(15, 1), ...rep(9, 1), ...rep(7, 6), 5, 2]));
    ctx.attackSquadron([s.squadrons.b1!], s.squadrons.r1!, { weapon: "light", dice: 15, targeting: 4 }, "light batteries");
    expect(s.squadrons.r1?.ships.map((x) => x.id)).not.toContain("r1.4");
    expect(s.squadrons.r1?.ships.map((x) => x.id)).toContain("r1.2");
    expect(s.taskforces["red-tf1"]?.alive).toBe(true);
  });

  it('"The weapons all work the same": a mixed squadron fires each ship\'s own batteries (3 Fleet Cruisers: 6 heavy dice; the dreadnoughts have none)', () => {
    const s = exampleBattle();
    const ctx = ctxFor(s, "red");
    runActivation(ctx, unitOf(s, "red", "red-tf1"), [{ type: "heavy", squadrons: ["r1"], target: "b1" }]);
    expect(ctx.problems).toEqual([]);
    expect((ctx.events.find((e) => e.kind === "fire") as FireEvent).dice).toBe(6);
  });

  it('"the largest ship in the Squadron naturally limits maneuver": a Fast Attack Cruiser with a Fleet Cruiser moves 12", not 18"', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fast-attack-cruiser",
        at: [
          [10, 20],
          [10, 21],
        ],
        facing: 90,
      },
    ]);
    makeMixed(s, "b1", ["generic/fast-attack-cruiser", "generic/fleet-cruiser"]);
    const ctx = ctxFor(s, "blue");
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading: 90, distance: 15 }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["too-far"]);
    expect(ctx.problems[0]?.message).toMatch(/would move 15"; the mixed squadron's slowest ship moves up to 12"/);
  });

  it("focused fire at a mixed squadron is refused: its hits follow its written list", () => {
    const s = exampleBattle();
    s.squadrons.r1!.ships.forEach((x) => {
      x.x = 25;
    });
    const ctx = ctxFor(s, "blue");
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "heavy", squadrons: ["b1"], target: "r1", ship: "r1.3" }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["mixed-focus"]);
  });
});

describe("Mixed squadrons: disabled ships, systems ship by ship, fighters per carrier design, several weapon classes", () => {
  it('"Firing to disable" at a mixed squadron: the destroyer that fails its test on a 2 is disabled (the play state marks it); it can then be boarded, defending with its own size ("Disabled ships ... may be boarded")', () => {
    const s = exampleBattle();
    // 4 hits at 4 - 1; the first four ships' 6 shields all fail; 4 damage: the test at 4 is the first destroyer's (r1.2): a 2.
    const ctx = ctxFor(s, "blue", new DiceRng([...rep(4, 1), ...rep(6, 6), 2]));
    const out = ctx.attackSquadron(
      [s.squadrons.b1!],
      s.squadrons.r1!,
      { weapon: "light", dice: 4, targeting: 4, disable: true },
      "light batteries",
    );
    expect([out.damage, out.destroyed, out.newlyDisabled]).toEqual([4, 0, 1]);
    const r1 = s.squadrons.r1!;
    expect(r1.ships.filter((x) => x.disabled).map((x) => x.id)).toEqual(["r1.2"]);
    expect(r1.mixed?.roster[0]).toEqual({ ship: "r1.2", design: "generic/fleet-destroyer", tests: 1, destroyed: false });
    expect((ctx.events.find((e) => e.kind === "fire") as FireEvent).text).toMatch(/destruction tests \[2\]: r1\.2 2 disabled/);
    // Boarding: d6 2 + the Fleet Cruiser's size 3 = 5 against d6 3 + the destroyer's own size 1 = 4: captured.
    s.squadrons.b1!.ships[0]!.x = 29.2;
    s.squadrons.b1!.ships[0]!.y = 18;
    const board = ctxFor(s, "blue", new DiceRng([2, 3]));
    runActivation(board, unitOf(s, "blue", "blue-tf1"), [{ type: "board", squadrons: ["b1"], target: "r1", ship: "r1.2" }]);
    expect(board.problems).toEqual([]);
    expect(r1.ships.map((x) => x.id)).not.toContain("r1.2");
    expect(Object.values(s.prizes).map((p) => p.design)).toEqual(["generic/fleet-destroyer"]);
  });

  it('"Disabled ships can be made active with a successful repair roll": a disabled ship of a mixed squadron rolls its repair at the end of the activation', () => {
    const s = exampleBattle();
    const r1 = s.squadrons.r1!;
    r1.ships[1]!.disabled = true;
    recoverAndRepair(ctxFor(s, "red", new DiceRng([1])), r1);
    expect(r1.ships[1]!.disabled).toBe(false);
  });

  it('"Squadrons with repair systems may make an extra repair roll per ship": ship by ship, and "only as many ships ... as there is damage" are those with the most repair systems', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: [
          [10, 20],
          [10, 21],
          [10, 22],
        ],
        facing: 90,
        damage: 2,
      },
    ]);
    makeMixed(s, "b1", ["generic/fleet-cruiser", "bionid/arbite-cruiser", "generic/fleet-cruiser"]);
    const ctx = ctxFor(s, "blue", new DiceRng([6, 6, 6]));
    recoverAndRepair(ctx, s.squadrons.b1!);
    // 2 damage: two ships roll, the Arbite Cruiser (1 repair system: 2 dice) and a Fleet Cruiser (1 die).
    expect(ctx.events.map((e) => e.text).join("\n")).toMatch(/b1 repair rolls \[6,6,6\] needing 1: 0 damage repaired/);
  });

  it('"They require a locking roll on a per ship basis ... If the ship misses, none of its missiles are launched that turn, though other ships in the squadron may launch theirs": only the ships with launchers lock, each launching its own', () => {
    const s = exampleBattle();
    // The two Missile Dreadnoughts (7 launchers each) roll; the destroyers and cruisers have none.
    const ctx = ctxFor(s, "red", new DiceRng([1, 6]));
    runActivation(ctx, unitOf(s, "red", "red-tf1"), [{ type: "missiles", squadron: "r1", target: "b1" }]);
    expect(ctx.problems).toEqual([]);
    expect(ctx.events.map((e) => e.text).join("\n")).toMatch(
      /r1 locks on b1: 2 lock rolls needing 5 or less \[1,6\]: 1 lock, 7 missiles launched/,
    );
  });

  it('"Roll a die for each interceptor in the squadron": each active ship its own interceptors; "Light Batteries on Destroyers" only the destroyers\'', () => {
    const s = exampleBattle();
    s.squadrons.r1!.ships[2]!.disabled = true; // a Fleet Cruiser: its interceptor does not fire
    const ctx = ctxFor(s, "blue");
    // 2 dreadnoughts x 3 + 2 cruisers x 1 + 2 destroyers x 1 = 10 interceptors; the 2 destroyers' light batteries at 3.
    expect(interceptorGroups(ctx, s.squadrons.r1!, true)).toEqual([
      { dice: 10, targeting: 4, lights: false },
      { dice: 2, targeting: 3, lights: true },
    ]);
  });

  it('Fighters lost per carrier design: "If the squadron loses carriers with fighters on them ... Assume even fighter distribution", each carrier its own bays\' share, a ship without bays none, the last carrier all', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-carrier",
        at: [
          [10, 20],
          [10, 21],
          [10, 22],
          [10, 23],
        ],
        facing: 90,
      },
    ]);
    makeMixed(s, "b1", ["generic/light-carrier", "generic/light-carrier", "generic/fleet-carrier", "generic/fleet-cruiser"]);
    const sq = s.squadrons.b1!;
    sq.fighters = 13; // of 4 + 4 + 6 = 14 bays
    const ctx = ctxFor(s, "red");
    // Disabled ships hold their share: the cruiser none, the fleet carrier floor(13 x 6 / 14) = 5.
    sq.ships[3]!.disabled = true;
    expect(wingsReady(s, sq)).toBe(13);
    sq.ships[3]!.disabled = false;
    sq.ships[2]!.disabled = true;
    expect(wingsReady(s, sq)).toBe(8);
    sq.ships[2]!.disabled = false;
    ctx.destroyShips(sq, 1, "red", "destroyed"); // the Fleet Cruiser
    expect(sq.fighters).toBe(13);
    ctx.destroyShips(sq, 1, "red", "destroyed"); // the Fleet Carrier: 5 wings
    expect(sq.fighters).toBe(8);
    ctx.destroyShips(sq, 1, "red", "destroyed"); // a Light Carrier: floor(8 x 4 / 8) = 4
    expect(sq.fighters).toBe(4);
    ctx.destroyShips(sq, 1, "red", "destroyed"); // the last carrier: all of them
    expect(sq.fighters).toBe(0);
    expect(s.sides.red?.vp).toBe(30 + 40 + 30 + 30 + 13 * 3);
  });

  it('Each ship\'s own shield hardness: a Bionid Arbite Cruiser ("Shieldless ... Hardened Hulls": hardness 2 from armour) among Fleet Cruisers (hardness 4) rolls no shield die against heavy batteries (shields -2)', () => {
    const s = tinyBattle([
      { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 20]], facing: 90 },
      {
        id: "r1",
        side: "red",
        design: "generic/fleet-cruiser",
        at: [
          [30, 20],
          [30, 21],
          [30, 22],
        ],
        facing: 270,
      },
    ]);
    makeMixed(s, "r1", ["generic/fleet-cruiser", "bionid/arbite-cruiser", "generic/fleet-cruiser"]);
    // 3 hits on 3 ships: all 6 shields; the Arbite's 2 (hardness 2 - 2 = 0) are not rolled, the cruisers' 4 save on 2.
    const ctx = ctxFor(s, "blue", new DiceRng([1, 1, 1, 2, 2, 3, 3]));
    const out = ctx.attackSquadron([s.squadrons.b1!], s.squadrons.r1!, { weapon: "heavy", dice: 3, targeting: 4 }, "heavy batteries");
    expect([out.hits, out.shieldsUsed, out.shieldRolls, out.saves, out.damage]).toEqual([3, 6, [2, 2, 3, 3], 2, 1]);
  });

  it('"Synchronised fire with different weapon types" at a mixed squadron: heavy batteries and heavy ion beams make one attack, one set of shield dice', () => {
    const s = exampleBattle();
    s.designs["test/ion-cruiser"] = {
      ...design("generic/fleet-cruiser"),
      name: "Ion Cruiser",
      systems: { ...design("generic/fleet-cruiser").systems, heavyIon: 1 },
    };
    const b1 = s.squadrons.b1!;
    b1.design = "test/ion-cruiser";
    b1.ships[0]!.x = 14;
    const ctx = ctxFor(s, "blue");
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(ctx.problems).toEqual([]);
    const fire = ctx.events.filter((e) => e.kind === "fire") as FireEvent[];
    expect(fire.map((f) => [f.weapon, f.dice])).toEqual([["heavy batteries + heavy ion beams", 3]]);
    expect(fire[0]?.text).toMatch(/at the mixed squadron r1/);
    expect(ctx.events.map((e) => e.text).join("\n")).toMatch(/r1: the combined fire of heavy batteries x2 \+ heavy ion beams x1 scores/);
  });
});

describe("Mixed squadrons: engulfing ship by ship, fighter repair checks per carrier", () => {
  /** Blue: an Ankax Feedship (size 7, engulfs up to 3), a Korzine Carrier (size 4, up to 2), an Arbite Cruiser (no engulfing). */
  function engulfBattle(): BattleState {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "bionid/ankax-feedship",
        at: [
          [10, 10],
          [10, 14],
          [10, 18],
        ],
        facing: 90,
      },
      {
        id: "r1",
        side: "red",
        design: "generic/fleet-carrier",
        at: [
          [10.5, 14],
          [10.5, 10],
          [10.5, 18],
          [10.5, 22],
        ],
        facing: 270,
      },
    ]);
    makeMixed(s, "b1", ["bionid/ankax-feedship", "bionid/korzine-carrier", "bionid/arbite-cruiser"]);
    makeMixed(s, "r1", ["generic/fleet-destroyer", "generic/fleet-cruiser", "generic/fleet-cruiser", "generic/fleet-carrier"]);
    for (const ship of s.squadrons.r1!.ships) ship.disabled = true;
    return s;
  }

  it('Engulfing: "A ship can engulf up to 1/3 of its size in smaller ship sizes (rounded up)": in a mixed squadron each engulfing ship by its own size, only ships with engulfing, the engulfed ship by its own size', () => {
    const s = engulfBattle();
    const ctx = ctxFor(s, "blue");
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [
      // r1.3, a size 3 Fleet Cruiser, touches only the Arbite Cruiser (no engulfing): refused, the Ankax is 8.02" away.
      { type: "engulf", squadron: "b1", target: "r1", ship: "r1.3" },
      // r1.1, a size 1 destroyer of a squadron of Fleet Carriers (size 4): the Korzine (up to 2) in contact takes it.
      { type: "engulf", squadron: "b1", target: "r1", ship: "r1.1" },
      // r1.2, a size 3 Fleet Cruiser: only the Ankax (up to 3) can, and it is in contact.
      { type: "engulf", squadron: "b1", target: "r1", ship: "r1.2" },
      // r1.4, a size 4 Fleet Carrier: larger than any engulfing ship of b1 can take.
      { type: "engulf", squadron: "b1", target: "r1", ship: "r1.4" },
    ]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["no-contact", "too-large"]);
    expect(ctx.problems[0]?.message).toMatch(
      /no ship of b1 able to engulf a size 3 ship that has not engulfed this turn is in contact with r1\.3 \(nearest 8\.02"\)/,
    );
    expect(ctx.problems[1]?.message).toMatch(/r1\.4 is size 4; the largest engulfing ship of b1, a size 7, engulfs up to size 3/);
    expect(
      Object.values(s.prizes)
        .map((p) => [p.design, p.engulfer])
        .sort(),
    ).toEqual([
      ["generic/fleet-cruiser", "b1.1"],
      ["generic/fleet-destroyer", "b1.2"],
    ]);
    expect(s.squadrons.r1!.ships.map((x) => x.id)).toEqual(["r1.3", "r1.4"]);
  });

  it('Engulfing: "Friendly ships that are engulfed can be repaired by the repair systems of the larger ship": the engulfing ship\'s own repair systems in a mixed squadron', () => {
    const s = engulfBattle();
    s.squadrons.r1!.side = "blue";
    s.squadrons.r1!.taskforce = "blue-tf1";
    const ctx = ctxFor(s, "blue", new DiceRng([6, 6, 6, 6, 6, 6]));
    runActivation(ctx, unitOf(s, "blue", "blue-tf1", ["b1"]), [{ type: "engulf", squadron: "b1", target: "r1", ship: "r1.1" }]);
    expect(ctx.problems).toEqual([]);
    // The Korzine (1 repair system) carries the disabled destroyer: 1 + 1 dice, not the Ankax's 1 + 2.
    expect(ctx.events.map((e) => e.text).join("\n")).toMatch(/Prize .* repair rolls \[6,6\] needing a 1: not repaired/);
  });
});

describe("Mixed squadrons: fighter repair checks and recovery per carrier", () => {
  /** Light Carrier (4 bays), Fleet Carrier (6), Fleet Cruiser (none), Light Carrier (4): 14 wings as it entered. */
  function carrierBattle(): BattleState {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-carrier",
        at: [
          [10, 20],
          [10, 21],
          [10, 22],
          [10, 23],
        ],
        facing: 90,
      },
    ]);
    makeMixed(s, "b1", ["generic/light-carrier", "generic/fleet-carrier", "generic/fleet-cruiser", "generic/light-carrier"]);
    s.squadrons.b1!.fightersMax = 14;
    return s;
  }
  const activate = (s: BattleState, dice: number[], orders: Order[] = []) => {
    const ctx = ctxFor(s, "blue", new DiceRng(dice));
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), orders);
    return ctx;
  };

  it('"each carrier may roll a fighter repair check after it moves, needing a 3 or less to recover one fighter": one die per active ship with bays of its own (not the Fleet Cruiser, not a disabled carrier)', () => {
    const s = carrierBattle();
    const sq = s.squadrons.b1!;
    sq.fighters = 10;
    sq.ships[3]!.disabled = true; // a Light Carrier
    const ctx = activate(s, [3, 3, 1, 1]);
    expect(ctx.events.map((e) => e.text).join("\n")).toMatch(
      /b1 fighter repair checks \[3,3\] needing 3: 2 wing\(s\) recovered \(12 aboard\)/,
    );
    expect(sq.fighters).toBe(12);
  });

  it('Fighter repair checks and recovery "never above the complement": the bays of the ships still in the squadron, each its own (a Light Carrier lost: 4 + 6 + 0 = 10)', () => {
    const s = carrierBattle();
    const sq = s.squadrons.b1!;
    sq.ships.pop(); // the second Light Carrier is gone
    sq.fighters = 9;
    activate(s, [1, 1, 1]);
    expect(sq.fighters).toBe(10);
    // A flight of 4 lands on carriers holding 8: room for 2.
    const s2 = carrierBattle();
    const sq2 = s2.squadrons.b1!;
    sq2.ships.pop();
    sq2.fighters = 8;
    s2.flights.bf = { id: "bf", side: "blue", carrier: "b1", wings: 4, x: 10.5, y: 20.5, movedTurn: 0, interceptAt: -1, dogfighting: null };
    const ctx = activate(s2, [], [{ type: "recover", flight: "bf" }]);
    expect(ctx.problems).toEqual([]);
    expect(sq2.fighters).toBe(10);
    expect(ctx.events.map((e) => e.text).join("\n")).toMatch(/b1 recovers 2 fighter wing\(s\) of bf/);
  });
});

describe("Mixed squadrons: the flagship, command passing and prizes by each ship's own size", () => {
  it('"One of the largest ships in the Taskforce becomes the Taskforce Flagship": in a mixed squadron listed destroyers first, a Missile Dreadnought', () => {
    const fleet = parseFleet({
      name: "Mixed",
      options: { mixedSquadrons: true },
      taskforces: [
        {
          name: "A",
          squadrons: [
            {
              name: "Line",
              mixed: [
                { design: "generic/fleet-destroyer", ships: 2 },
                { design: "generic/missile-dreadnought", ships: 1 },
              ],
            },
          ],
        },
      ],
    });
    if (!fleet.ok) throw new Error("fleet");
    const { state } = createBattle({ seed: 1, scenario: "default", fleets: [fleet.value, fleet.value] });
    for (const tf of Object.values(state.taskforces)) {
      const sq = state.squadrons[tf.flagship!.squadron]!;
      expect(sq.ships.find((x) => x.id === tf.flagship!.ship)?.design).toBe("generic/missile-dreadnought");
    }
  });

  it('"Command may be transferred voluntarily to another ship the same size or larger": in a mixed squadron the ship passed to is one at least as large, by its own size', () => {
    const battle = () => {
      const s = tinyBattle([
        { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 10]], facing: 90 },
        {
          id: "b2",
          side: "blue",
          design: "generic/missile-dreadnought",
          at: [
            [10, 14],
            [10, 15],
          ],
          facing: 90,
        },
      ]);
      return s;
    };
    const s = battle();
    makeMixed(s, "b2", ["generic/fleet-destroyer", "generic/missile-dreadnought"]);
    const ctx = ctxFor(s, "blue");
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "command", squadron: "b2" }]);
    expect(ctx.problems).toEqual([]);
    expect(s.taskforces["blue-tf1"]?.flagship).toEqual({ squadron: "b2", ship: "b2.2" });
    // Destroyers and a frigate (size 2) cannot take command from a size 3 Fleet Cruiser.
    const s2 = battle();
    makeMixed(s2, "b2", ["generic/fleet-destroyer", "generic/sword-frigate"]);
    const ctx2 = ctxFor(s2, "blue");
    runActivation(ctx2, unitOf(s2, "blue", "blue-tf1"), [{ type: "command", squadron: "b2" }]);
    expect(ctx2.problems.map((p) => [p.code, p.message])).toEqual([
      ["too-small", "b2's largest ship is size 2; command passes only to a ship of the same size or larger (3)"],
    ]);
  });

  it('"It can be towed by an equal sized or larger ship": a mixed captor whose dreadnought is gone no longer tows a size 3 prize with its destroyers', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/missile-dreadnought",
        at: [
          [10, 10],
          [10, 11],
        ],
        facing: 90,
      },
    ]);
    makeMixed(s, "b1", ["generic/fleet-destroyer", "generic/missile-dreadnought"]);
    s.designs["generic/fleet-cruiser"] = design("generic/fleet-cruiser");
    s.prizes.p1 = {
      id: "p1",
      side: "blue",
      fromSide: "red",
      design: "generic/fleet-cruiser",
      squadron: "b1",
      x: 11,
      y: 10,
      engulfed: false,
    };
    const move = () => {
      const ctx = ctxFor(s, "blue", new DiceRng([6, 6, 6, 6]));
      runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading: 90, distance: 5 }]);
      expect(ctx.problems).toEqual([]);
    };
    move();
    expect(s.prizes.p1?.x).toBeCloseTo(16, 9);
    s.squadrons.b1!.ships.pop(); // the Missile Dreadnought is gone; the destroyer (size 1) is left
    move();
    expect(s.prizes.p1?.x).toBeCloseTo(16, 9);
  });
});

describe("mixed fleets in whole battles", () => {
  const fleet = (name: string, tf: string) => ({
    name,
    options: { mixedSquadrons: true },
    taskforces: [
      {
        name: tf,
        squadrons: [
          {
            name: `${tf} Line`,
            mixed: [
              { design: "generic/fleet-destroyer", ships: 2 },
              { design: "generic/fleet-cruiser", ships: 3 },
              { design: "generic/missile-dreadnought", ships: 2 },
            ],
          },
          {
            name: `${tf} Carriers`,
            mixed: [
              { design: "generic/light-carrier", ships: 2 },
              { design: "generic/fast-attack-cruiser", ships: 2 },
            ],
          },
          {
            name: `${tf} Feeders`,
            mixed: [
              { design: "bionid/ankax-feedship", ships: 1 },
              { design: "bionid/arbite-cruiser", ships: 2 },
            ],
          },
        ],
      },
    ],
  });

  it("random orders and the bots play them without exception, deterministically, and the state parses back (ships disabled in mixed squadrons included)", async () => {
    const { battleshift } = await import("../../src/rules/battleshift/index.js");
    const { botOrders } = await import("../../src/rules/battleshift/bot/bot.js");
    const { Rng } = await import("../../src/core/rng.js");
    const { canonicalJson } = await import("../../src/core/json.js");
    const scenario = battleshift.scenarios.default!;
    let mixedFire = 0;
    let mixedDisabled = 0;
    for (const seed of [1, 2]) {
      let state = scenario.create(seed, { fleets: fleetsFrom([fleet("Blue", "Alpha"), fleet("Red", "Bravo")]) }) as BattleState;
      const captured: Record<string, number> = {};
      for (let t = 0; t < 80 && !battleshift.outcome(state); t++) {
        const orders: Record<string, Orders> = {};
        for (const seat of battleshift.awaiting(state)) {
          const rng = Rng.forTurn(seed, t, seat);
          orders[seat] = seat === "blue" ? botOrders(state, seat) : battleshift.randomOrders(state, seat, rng);
        }
        const a = battleshift.resolve(state, orders, Rng.forTurn(seed, battleshift.step(state)));
        const b = battleshift.resolve(
          JSON.parse(JSON.stringify(state)),
          JSON.parse(JSON.stringify(orders)),
          Rng.forTurn(seed, battleshift.step(state)),
        );
        expect(canonicalJson(b.state)).toBe(canonicalJson(a.state));
        expect(battleshift.parseState(JSON.parse(JSON.stringify(a.state))).ok).toBe(true);
        // Ships also leave by capture or aboard a friendly engulfer (the bots move into contact to engulf, RULINGS
        // "Bases"): not destructions.
        for (const e of a.events) {
          if (e.kind === "loss" && e.what === "captured") captured[e.squadron] = (captured[e.squadron] ?? 0) + e.ships;
          const aboard = e.kind === "note" && e.what === "board" ? / takes the friendly .* of (\S+) aboard \(/.exec(e.text) : null;
          if (aboard?.[1]) captured[aboard[1]] = (captured[aboard[1]] ?? 0) + 1;
        }
        mixedFire += a.events.filter((e) => e.kind === "fire" && e.text.includes("mixed squadron")).length;
        mixedDisabled += a.events.filter(
          // "s1.2 2 disabled, ..." or, for the last test, "s1.2 2 disabled (damage now 4)".
          (e) => e.kind === "fire" && / disabled[,) ]/.test(e.text) && e.text.includes("mixed squadron"),
        ).length;
        state = a.state as BattleState;
      }
      const lost = Object.values(state.squadrons).filter((q) => q.mixed && q.ships.length < q.initialShips);
      for (const q of lost)
        expect(q.mixed!.roster.filter((r) => r.destroyed).length).toBeGreaterThanOrEqual(
          q.initialShips - q.ships.length - (captured[q.id] ?? 0),
        );
    }
    expect(mixedFire).toBeGreaterThan(0);
    // Ion beams (the Ankax Feedships') disable ships in the written lists ("Mixed squadrons: disabled ships").
    expect(mixedDisabled).toBeGreaterThan(0);
  });
});
