/**
 * Battleshift (seed 004): command passing, fire focused on one ship, the hits of several
 * weapon types added up for suppression, and prizes (engulfed ships when their engulfer
 * dies, prizes repairing and moving, recapture). Each test is named after its passage.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { resolveCombinedAttack } from "../../src/rules/battleshift/combat/combat.js";
import type { FireEvent } from "../../src/rules/battleshift/events.js";
import { buildShip } from "../../src/rules/battleshift/fleet/ship-building.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, design, korzineBesideFrigates, type SqSpec, tinyBattle, unitOf } from "./support.js";

function run(state: BattleState, orders: Order[], rng: Rng = Rng.fromSeed(3), side = "blue", tf: string | null = "blue-tf1") {
  const ctx = ctxFor(state, side, rng);
  runActivation(ctx, unitOf(state, side, tf), orders);
  return ctx;
}
const fires = (ctx: { events: { kind: string }[] }) => ctx.events.filter((e) => e.kind === "fire") as FireEvent[];
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);
const texts = (ctx: { events: { text: string }[] }) => ctx.events.map((e) => e.text).join("\n");

const line = (id: string, side: "blue" | "red", at: [number, number][], facing: number, extra: Partial<SqSpec> = {}): SqSpec => ({
  id,
  side,
  design: "generic/fleet-cruiser",
  at,
  facing,
  ...extra,
});

describe('Definitions, "Taskforce": command passing', () => {
  const battle = () =>
    tinyBattle([
      line("b1", "blue", [[10, 10]], 90),
      line(
        "b2",
        "blue",
        [
          [10, 14],
          [10, 15],
        ],
        90,
      ),
      line("b3", "blue", [[10, 30]], 90, { taskforce: null }),
    ]);

  it('"If it is destroyed before it could transfer command, the Taskforce is destroyed and all remaining squadrons are considered detached"', () => {
    const s = battle();
    const red = ctxFor(s, "red");
    red.destroyShips(s.squadrons.b1!, 1, "red", "destroyed");
    expect(s.taskforces["blue-tf1"]).toMatchObject({ alive: false, flagship: null });
    expect(s.squadrons.b2?.taskforce).toBeNull();
    expect(texts(red)).toMatch(/flagship of blue-tf1 .* is destroyed: the taskforce is dissolved and its squadrons are detached/);
  });

  it('"Command may be transferred voluntarily to another ship the same size or larger in a different squadron": after the transfer the old flagship\'s loss dissolves nothing', () => {
    const s = battle();
    const ctx = run(s, [{ type: "command", squadron: "b2" }]);
    expect(codes(ctx)).toEqual([]);
    expect(ctx.lines.find((l) => l.step === "0. Command")?.text).toBe("command of blue-tf1 passes to b2.1 in b2");
    const red = ctxFor(s, "red");
    red.destroyShips(s.squadrons.b1!, 1, "red", "destroyed");
    expect(s.taskforces["blue-tf1"]).toMatchObject({ alive: true, flagship: { squadron: "b2", ship: "b2.1" } });
    expect(s.squadrons.b2?.taskforce).toBe("blue-tf1");
  });

  it('"... in a different squadron that has joined the Taskforce": a detached squadron cannot take command', () => {
    const s = battle();
    const ctx = run(s, [{ type: "command", squadron: "b3" }]);
    expect(codes(ctx)).toEqual(["not-in-taskforce"]);
    expect(ctx.problems[0]?.message).toBe("b3 is not a squadron of blue-tf1");
  });

  it('"The Flagship is always the last ship destroyed in its squadron"', () => {
    const s = battle();
    run(s, [{ type: "command", squadron: "b2" }]);
    const red = ctxFor(s, "red");
    red.destroyShips(s.squadrons.b2!, 1, "red", "destroyed");
    expect(s.squadrons.b2?.ships.map((x) => x.id)).toEqual(["b2.1"]);
    expect(s.taskforces["blue-tf1"]?.alive).toBe(true);
  });
});

describe('"Fire Heavy Weapons": "there is no suppression if fire is focused on one ship"', () => {
  const battle = (
    redAt: [number, number][] = [
      [40, 20],
      [40, 21],
      [40, 22],
    ],
  ) =>
    tinyBattle([
      line(
        "b1",
        "blue",
        [
          [10, 20],
          [10, 21],
        ],
        90,
      ),
      line("r1", "red", redAt, 270),
    ]);

  it("4 hits on three Fleet Cruisers: whole-squadron fire suppresses and rolls 3 ships' shields; fire focused on r1.3 does not suppress and rolls one ship's 2 shields", () => {
    // 4 heavy dice all hit; every shield die misses (6); 4 damage crosses the hull-4 threshold; the test rolls 4: destroyed.
    const whole = battle();
    const a = run(whole, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new DiceRng([1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 4]));
    expect(fires(a)[0]).toMatchObject({ hits: 4, suppressed: true, shieldsUsed: 6, damage: 4, destroyed: 1 });
    const focused = battle();
    const f = run(focused, [{ type: "heavy", squadrons: ["b1"], target: "r1", ship: "r1.3" }], new DiceRng([1, 1, 1, 1, 6, 6, 4]));
    expect(codes(f)).toEqual([]);
    expect(fires(f)[0]).toMatchObject({ hits: 4, suppressed: false, shieldsUsed: 2, damage: 4, destroyed: 1 });
    expect(focused.squadrons.r1?.suppression).toBe(0);
    expect(focused.squadrons.r1?.ships.map((x) => x.id)).toEqual(["r1.1", "r1.2"]);
    expect(f.lines.find((l) => l.step.startsWith("2."))?.text).toMatch(
      /-> 4 dice at 4 against r1\.3 of r1 \(focused on one ship: no suppression\)/,
    );
    expect(fires(f)[0]?.text).toMatch(/fire heavy batteries at r1\.3 of r1/);
  });

  it('"A Squadron may chose to fire to disable ships": firing to disable a chosen ship (to board it) disables that ship on a failed test of 2', () => {
    const s = battle();
    // Targeting 4 - 1 = 3: four 1s hit; shields 6, 6; 4 damage, one test: 2 fails without a 1, so the ship is disabled.
    const ctx = run(
      s,
      [{ type: "heavy", squadrons: ["b1"], target: "r1", ship: "r1.2", disable: true }],
      new DiceRng([1, 1, 1, 1, 6, 6, 2]),
    );
    expect(fires(ctx)[0]).toMatchObject({ hits: 4, disabled: 1, destroyed: 0 });
    expect(s.squadrons.r1?.ships.map((x) => [x.id, x.disabled])).toEqual([
      ["r1.1", false],
      ["r1.2", true],
      ["r1.3", false],
    ]);
  });

  it("refuses focus on the flagship while its squadron has other ships, and an unknown ship, naming the valid ships", () => {
    const s = battle();
    const ctx = run(s, [
      { type: "heavy", squadrons: ["b1"], target: "r1", ship: "r1.1" },
      { type: "heavy", squadrons: ["b1"], target: "r1", ship: "r1.9" },
    ]);
    expect(codes(ctx)).toEqual(["flagship-last", "unknown-ship"]);
    expect(ctx.problems[0]?.message).toMatch(/r1\.1 is the flagship of red-tf1: .* focus on r1\.2 or r1\.3/);
    expect(ctx.problems[1]?.message).toBe("r1 has no ship r1.9; its ships are r1.1, r1.2, r1.3");
  });

  it('range and arc are measured to the chosen ship: r1.2 at 38" is out of the heavy batteries\' 36"', () => {
    const s = battle([
      [40, 20],
      [48, 20],
    ]);
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1", ship: "r1.2" }]);
    expect(codes(ctx)).toEqual(["cannot-fire"]);
    expect(ctx.problems[0]?.message).toMatch(/b1 heavy batteries: r1 is 38" away \(range 36"\)/);
  });
});

describe('"Basic Combat Resolution" 4): synchronised hits "add up ... to determine if they suppress", whatever the weapon types', () => {
  const battle = () => {
    const built = buildShip({ name: "Ion Gunship", size: 3, systems: { heavy: 2, heavyIon: 1 } });
    if (!built.ok) throw new Error("design");
    const s = tinyBattle([
      line("b1", "blue", [[10, 20]], 90),
      line(
        "r1",
        "red",
        [
          [25, 19],
          [25, 20],
          [25, 21],
        ],
        270,
      ),
    ]);
    s.designs.gunship = { ...built.value, id: "gunship" };
    (s.squadrons.b1 as { design: string }).design = "gunship";
    return s;
  };

  it("2 heavy-battery hits + 1 heavy-ion hit = 3 hits suppress three Fleet Cruisers (3 needed); the 6 shield dice are rolled once for all, the lowest dice saving the hardest hits", () => {
    const s = battle();
    // Heavy [1,1] and heavy ion [1]: 3 hits. Shields min(3, 3) x 2 = 6 dice [3,3,6,6,6,6]: a 3 cannot save a heavy-battery
    // hit (hardness 4 - 2 = 2) but saves the heavy-ion hit (4 - 1 = 3): 1 save, 2 damage (below the hull-4 threshold).
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new DiceRng([1, 1, 1, 3, 3, 6, 6, 6, 6]));
    const f = fires(ctx);
    expect(f.map((e) => [e.weapon, e.dice, e.hits, e.shieldsUsed, e.damage, e.suppressed])).toEqual([
      ["heavy batteries + heavy ion beams", 3, 3, 6, 2, true],
    ]);
    expect(s.squadrons.r1?.suppression).toBe(1);
    expect(texts(ctx)).toMatch(
      /r1: the combined fire of heavy batteries x2 \+ heavy ion beams x1 scores 3 hits \(3 needed to suppress\): suppressed; 6 shield dice once for all/,
    );
  });

  it("resolveCombinedAttack: every die saves where it can (a 2 saves a heavy hit, a 3 only a heavy-ion hit)", () => {
    const t = { ships: 3, size: 3, shieldsPerShip: 2, hardness: 4, hull: 4, damageTaken: 0, hullRule: "normal" as const };
    const out = resolveCombinedAttack(
      [
        { weapon: "heavy", dice: 2, targeting: 4 },
        { weapon: "heavy", dice: 1, targeting: 4, heavyIon: true, ion: true, disable: true },
      ],
      t,
      new DiceRng([1, 1, 1, 3, 2, 6, 6, 6, 6]),
    );
    expect([out.hits, out.shieldsUsed, out.saves, out.damage]).toEqual([3, 6, 2, 1]);
  });

  it("the heavy batteries alone (2 hits) do not suppress", () => {
    const s = battle();
    run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1", weapons: ["heavy"] }], new DiceRng([1, 1, 1, 1, 1, 1]));
    expect(s.squadrons.r1?.suppression).toBe(0);
  });
});

describe('"Engulfing (Highly experimental)" and "Boarding": prizes', () => {
  const engulfed = () => {
    const s = tinyBattle([
      { id: "b1", side: "blue", design: "bionid/korzine-carrier", at: [[10, 10]], facing: 90 },
      {
        id: "r1",
        side: "red",
        design: "generic/sword-frigate",
        at: [
          [10.5, 10.5],
          [20, 20],
        ],
        facing: 90,
      },
    ]);
    s.squadrons.r1!.ships[0]!.disabled = true;
    const ctx = run(s, [{ type: "engulf", squadron: "b1", target: "r1", ship: "r1.1" }]);
    expect(codes(ctx)).toEqual([]);
    return s;
  };

  it('"If the ship that engulfed them is destroyed, they must make a destruction test ... If they pass, they float free"', () => {
    const s = engulfed();
    const prize = Object.values(s.prizes)[0]!;
    expect(prize).toMatchObject({ engulfed: true, engulfer: "b1.1", side: "blue", fromSide: "red" });
    const red = ctxFor(s, "red", new DiceRng([3]));
    red.destroyShips(s.squadrons.b1!, 1, "red", "destroyed");
    expect(s.prizes[prize.id]).toMatchObject({ engulfed: false, engulfer: null });
    expect(texts(red)).toMatch(/destruction test \[3\] needing 3 or less: passed, it floats free/);
  });

  it("... and a failed test (4) destroys the engulfed ship with its engulfer", () => {
    const s = engulfed();
    const id = Object.keys(s.prizes)[0]!;
    const red = ctxFor(s, "red", new DiceRng([4]));
    red.destroyShips(s.squadrons.b1!, 1, "red", "destroyed");
    expect(s.prizes[id]).toBeUndefined();
    expect(texts(red)).toMatch(/destruction test \[4\] needing 3 or less: failed, destroyed with it/);
  });

  it('"Enemy ships cannot be repaired when engulfed": no repair roll for an engulfed prize; it moves inside its engulfer', () => {
    const s = engulfed();
    const ctx = run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 6 }], new DiceRng([1, 1, 1, 1]));
    const prize = Object.values(s.prizes)[0]!;
    expect(prize.repaired).toBeUndefined();
    expect(texts(ctx)).not.toMatch(/Prize .* repair rolls/);
    expect([prize.x, prize.y]).toEqual([16, 10]);
  });

  const boarded = (script: number[]) => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/sword-frigate",
        at: [
          [10, 10],
          [10, 11],
        ],
        facing: 90,
      },
      line(
        "r1",
        "red",
        [
          [10.8, 10.5],
          [30, 30],
        ],
        90,
      ),
    ]);
    s.squadrons.r1!.ships[0]!.disabled = true;
    const ctx = run(s, [{ type: "board", squadrons: ["b1"], target: "r1", ship: "r1.1" }], new DiceRng(script));
    return { s, ctx, prize: Object.values(s.prizes)[0]! };
  };

  it('"A captured ship cannot fight, but it can be moved once it is repaired. ... It activates at the same time the squadron that captured it activates": a repair roll of 1 at the captor\'s activation', () => {
    // Boarding 6 + (2 + 2) = 10 against 1 + 3 = 4: captured; the prize's repair roll: 1.
    const { s, ctx, prize } = boarded([6, 1, 1]);
    expect(texts(ctx)).toMatch(/Prize .* repair rolls \[1\] needing a 1: repaired, it can move/);
    expect(prize.repaired).toBe(true);
    // A size 3 prize is not towed by size 2 ships, but once repaired it moves with its captor.
    run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 10 }]);
    expect(prize.x).toBeCloseTo(20.8, 9);
    expect(prize.y).toBeCloseTo(10.5, 9);
  });

  it('an unrepaired size 3 prize cannot be towed by size 2 ships ("towed by an equal sized or larger ship")', () => {
    const { s, prize } = boarded([6, 1, 4]);
    expect(prize.repaired).toBeFalsy();
    run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 10 }], new DiceRng([4]));
    expect([prize.x, prize.y]).toEqual([10.8, 10.5]);
  });

  it("recapture: the prize is boarded like a disabled ship; retaken by its own side, that side scores its cost, evening out the captor's VP", () => {
    const { s, prize } = boarded([6, 1, 4]);
    const cost = design("generic/fleet-cruiser").cost;
    expect(s.sides.blue?.vp).toBe(cost);
    s.squadrons.r2 = { ...structuredClone(s.squadrons.r1!), id: "r2", ships: [{ id: "r2.1", x: 11.5, y: 10.5, disabled: false }] };
    // Red's flagship r1.1 was the captured ship, so red-tf1 is dissolved: r2 boards as a detached squadron, 5 + 3 = 8 against 2 + 3 = 5.
    const ctx = run(s, [{ type: "board", squadrons: ["r2"], target: prize.id }], new DiceRng([5, 2, 4]), "red", null);
    expect(codes(ctx)).toEqual([]);
    expect(texts(ctx)).toMatch(/Recapture of .*: \[5\] \+ 3 = 8 against \[2\] \+ 3 = 5: retaken/);
    expect(prize).toMatchObject({ side: "red", squadron: "r2", repaired: false });
    expect([s.sides.blue?.vp, s.sides.red?.vp]).toEqual([cost, cost]);
    expect(s.sides.red?.vpLog.at(-1)?.why).toMatch(/retaken/);
  });

  it("an engulfed prize cannot be boarded", () => {
    const s = engulfed();
    const id = Object.keys(s.prizes)[0]!;
    s.squadrons.r1!.ships[0]!.x = 10.5;
    const ctx = run(s, [{ type: "board", squadrons: ["r1"], target: id }], new DiceRng([6, 1]), "red", null);
    expect(codes(ctx)).toEqual(["engulfed"]);
    expect(ctx.problems[0]?.message).toMatch(/is engulfed inside b1\.1/);
  });
});

describe('"Engulfing": "This can be done to friendly ships automatically during movement"', () => {
  const battle = korzineBesideFrigates;

  it('a size 4 Korzine takes a friendly size 2 frigate aboard (0.85" away), disabled or not; no VP to anyone', () => {
    const s = battle(false);
    const ctx = run(s, [{ type: "engulf", squadron: "b1", target: "b2", ship: "b2.1" }]);
    expect(codes(ctx)).toEqual([]);
    expect(ctx.lines.find((l) => l.step === "6. Boarding")?.text).toBe('b1.1 engulfs the friendly Sword Frigate b2.1 (0.85" away)');
    expect(s.squadrons.b2?.ships.map((x) => x.id)).toEqual(["b2.2"]);
    expect(Object.values(s.prizes)[0]).toMatchObject({ side: "blue", fromSide: "blue", engulfed: true, engulfer: "b1.1", repaired: true });
    expect([s.sides.blue?.vp, s.sides.red?.vp]).toEqual([0, 0]);
  });

  it('"Friendly ships that are engulfed can be repaired by the repair systems of the larger ship": a disabled frigate rolls 1 + the Korzine\'s 1 repair system = 2 dice', () => {
    const s = battle(true);
    const ctx = run(s, [{ type: "engulf", squadron: "b1", target: "b2", ship: "b2.1" }], new DiceRng([5, 1]));
    expect(texts(ctx)).toMatch(/Prize .* repair rolls \[5,1\] needing a 1: repaired/);
  });

  it("a friendly ship lost inside its engulfer (failed test 4) scores its cost for the enemy", () => {
    const s = battle(false);
    run(s, [{ type: "engulf", squadron: "b1", target: "b2", ship: "b2.1" }]);
    const red = ctxFor(s, "red", new DiceRng([4]));
    red.destroyShips(s.squadrons.b1!, 1, "red", "destroyed");
    expect(Object.keys(s.prizes)).toEqual([]);
    // The Korzine (48), its 5 fighter wings aboard (3 each) and the frigate inside (20).
    expect(s.sides.red?.vp).toBe(design("bionid/korzine-carrier").cost + 5 * 3 + design("generic/sword-frigate").cost);
  });

  it("refuses a ship out of contact (the measured distance) and a ship of its own squadron", () => {
    const s = battle(false);
    s.squadrons.b2!.ships[0]!.x = 13;
    const ctx = run(s, [
      { type: "engulf", squadron: "b1", target: "b2", ship: "b2.1" },
      { type: "engulf", squadron: "b1", target: "b1" },
    ]);
    expect(codes(ctx)).toEqual(["no-contact", "own-squadron"]);
    expect(ctx.problems[0]?.message).toMatch(/nearest 3\.06"/);
  });
});
