import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { FireEvent, NoteEvent } from "../../src/rules/battleshift/events.js";
import { buildShip } from "../../src/rules/battleshift/fleet/ship-building.js";
import { offset } from "../../src/rules/battleshift/geometry.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, FixedRng, type SqSpec, tinyBattle, unitOf } from "./support.js";

function run(
  state: BattleState,
  orders: Order[],
  rng: Rng = Rng.fromSeed(3),
  side = "blue",
  tf: string | null = "blue-tf1",
  ids?: string[],
) {
  const ctx = ctxFor(state, side, rng);
  runActivation(ctx, unitOf(state, side, tf, ids), orders);
  return ctx;
}
const fires = (ctx: { events: { kind: string }[] }) => ctx.events.filter((e) => e.kind === "fire") as FireEvent[];
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);

const cruisers = (id: string, side: "blue" | "red", x: number, y: number, facing: number, extra: Partial<SqSpec> = {}): SqSpec => ({
  id,
  side,
  design: "generic/fleet-cruiser",
  at: [
    [x, y],
    [x, y + 1],
  ],
  facing,
  ...extra,
});

describe('Fire Heavy Weapons: 36" range, 90 degree forward arc', () => {
  it('fires at a target 30" ahead with every heavy battery of the squadron (2 per Fleet Cruiser)', () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 40, 20, 270)]);
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(codes(ctx)).toEqual([]);
    const f = fires(ctx);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ dice: 4, targeting: 4, weapon: "heavy batteries" });
    expect(ctx.lines.find((l) => l.ok && l.step.startsWith("2."))?.text).toMatch(/at 30"/);
  });
  it('refuses a target 37" away, naming the distance', () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 47, 20, 270)]);
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(codes(ctx)).toEqual(["cannot-fire"]);
    expect(ctx.problems[0]?.message).toMatch(/37" away \(range 36"\)/);
  });
  it("takes a target 44 degrees off the nose and refuses one 50 degrees off, naming the bearing", () => {
    const a = tinyBattle([
      cruisers("b1", "blue", 10, 20, 90),
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[0, 0]], facing: 0 },
    ]);
    const p44 = offset({ x: 10, y: 20 }, 90 + 44, 20);
    const p50 = offset({ x: 10, y: 21 }, 90 + 50, 20);
    const r1ship = a.squadrons.r1?.ships[0];
    if (r1ship) Object.assign(r1ship, { x: p44.x, y: p44.y });
    expect(codes(run(a, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]))).toEqual([]);
    const b = tinyBattle([
      cruisers("b1", "blue", 10, 20, 90),
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[p50.x, p50.y]], facing: 0 },
    ]);
    const ctx = run(b, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(ctx.problems[0]?.message).toMatch(/50 degrees off the arc centre, outside the 90 degree forward arc/);
  });
  it('"if one model in the squadron has arc, all are considered to be able to fire"', () => {
    // Only the second ship sees the target inside its arc; both ships' batteries fire.
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: [
          [10, 20],
          [10, 30],
        ],
        facing: 90,
      },
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[20, 38]], facing: 270 },
    ]);
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(fires(ctx)[0]?.dice).toBe(4);
  });
  it("batteries cannot target fighters", () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 40, 20, 270)]);
    s.flights.rf = { id: "rf", side: "red", carrier: "r1", wings: 2, x: 20, y: 20, movedTurn: 0, interceptAt: -1, dogfighting: null };
    expect(codes(run(s, [{ type: "heavy", squadrons: ["b1"], target: "rf" }]))).toEqual(["fighters-untargetable"]);
  });
});

describe('Weapons: broadside heavy batteries fire left or right, 24"', () => {
  const bb = (x: number, y: number): SqSpec => ({
    id: "b1",
    side: "blue",
    design: "generic/broadside-battleship",
    at: [[x, y]],
    facing: 90,
  });
  it('a target abeam at 20" is in the right-hand arc', () => {
    const s = tinyBattle([bb(30, 10), cruisers("r1", "red", 30, 30, 0)]);
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(codes(ctx)).toEqual([]);
    expect(fires(ctx)[0]).toMatchObject({ dice: 3, weapon: "broadside batteries" });
  });
  it("a target dead ahead is not in a broadside arc", () => {
    const s = tinyBattle([bb(30, 10), cruisers("r1", "red", 50, 10, 270)]);
    expect(codes(run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]))).toEqual(["cannot-fire"]);
  });
  it('a target abeam at 30" is beyond the broadside\'s 24"', () => {
    const s = tinyBattle([bb(30, 5), cruisers("r1", "red", 30, 35, 0)]);
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(ctx.problems[0]?.message).toMatch(/30" away \(range 24"\)/);
  });
  it('setting broadsideRange 36 (heavy batteries\' 36", L211-213, L1759-1761): the same target abeam at 30" is in range', () => {
    const s = tinyBattle([bb(30, 5), cruisers("r1", "red", 30, 35, 0)]);
    s.settings.broadsideRange = 36;
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(codes(ctx)).toEqual([]);
    expect(fires(ctx)[0]).toMatchObject({ weapon: "broadside batteries" });
  });
});

describe("Basic Combat Resolution: synchronised fire and suppression", () => {
  // "Basic Combat Resolution" 3): "Roll a die for each attack, needing to roll equal to or less than a particular targeting
  // number ... The target number for battery attacks gets decreased by 1 for every suppression counter on the firing
  // squadron"; 4): "If multiple squadrons were synchronizing their attacks, all of them add up their hits together".
  const synchronised = () =>
    tinyBattle([
      cruisers("b1", "blue", 10, 20, 90),
      cruisers("b2", "blue", 10, 24, 90, { suppression: 1 }),
      cruisers("r1", "red", 30, 22, 270),
    ]);
  it("squadrons of one taskforce synchronise: one attack whose hits are added, each squadron rolling at its own targeting (b1 4, b2 suppressed 3)", () => {
    // b1's four dice roll 4s (hits at 4); b2's four roll 4s (misses at 3): 4 hits, not the 0 the worst targeting would give.
    // Four hits on two Fleet Cruisers (2 shields each): 4 shield dice at 4 - 2 = 2 roll 6s; 4 damage, one test at 4: a 3.
    const rng = new DiceRng([4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 3]);
    const ctx = run(synchronised(), [{ type: "heavy", squadrons: ["b1", "b2"], target: "r1" }], rng);
    expect(codes(ctx)).toEqual([]);
    const f = fires(ctx);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ dice: 8, hits: 4, damage: 4, from: ["b1", "b2"], suppressed: true });
    expect(f[0]?.rolled?.slice(0, 2)).toEqual([
      { what: "to hit: b1 heavy batteries", rolls: [4, 4, 4, 4], need: 4 },
      { what: "to hit: b2 heavy batteries", rolls: [4, 4, 4, 4], need: 3 },
    ]);
    expect(f[0]?.text).toContain(
      "b1 heavy batteries: 4 dice needing 4 or less [4,4,4,4] + b2 heavy batteries: 4 dice needing 3 or less [4,4,4,4] = 4 hits",
    );
    expect(rng.remaining).toBe(0);
  });
  it("statistically: 8 dice, 4 at targeting 4 and 4 at 3, hit 4 x 4/6 + 4 x 3/6 = 4.667 times on average (the worst targeting would give 4.0); 4,000 volleys, tolerance 0.1 (4 standard errors)", () => {
    const rng = Rng.fromSeed(14);
    let hits = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const ctx = run(synchronised(), [{ type: "heavy", squadrons: ["b1", "b2"], target: "r1" }], rng);
      hits += fires(ctx)[0]?.hits ?? 0;
    }
    // Variance of one volley: 4 x (2/3)(1/3) + 4 x (1/2)(1/2) = 1.889; standard error over 4,000: 0.022.
    expect(Math.abs(hits / n - (4 * 4) / 6 - (4 * 3) / 6)).toBeLessThan(0.1);
  });
  it('a squadron of the group that cannot fire is named, and the rest fire: "At least one ship in the squadron must have range"', () => {
    const s = synchronised();
    // b2 faces north: its target (east) is outside its 90 degree forward arc.
    (s.squadrons.b2 as { facing: number }).facing = 0;
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1", "b2"], target: "r1" }]);
    expect(codes(ctx)).toEqual(["cannot-fire"]);
    expect(ctx.problems[0]?.message).toMatch(
      /^b2 cannot join this fire \(b2 heavy batteries: r1 is \d+ degrees off the arc centre, outside the 90 degree forward arc/,
    );
    expect(ctx.problems[0]?.message).toContain("b1 fires without it");
    expect(fires(ctx)).toMatchObject([{ from: ["b1"], dice: 4, targeting: 4 }]);
    // Out of range: named with the distance.
    const far = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("b2", "blue", 4, 24, 90), cruisers("r1", "red", 45.5, 20, 270)]);
    const ctx2 = run(far, [{ type: "heavy", squadrons: ["b1", "b2"], target: "r1" }]);
    expect(ctx2.problems.map((p) => p.message)).toEqual([
      'b2 cannot join this fire (b2 heavy batteries: r1 is 41.61" away (range 36")); b1 fires without it',
    ]);
    expect(fires(ctx2)).toMatchObject([{ from: ["b1"] }]);
  });
  it("detached squadrons cannot coordinate their fire", () => {
    const s = tinyBattle([
      cruisers("b1", "blue", 10, 20, 90, { taskforce: null }),
      cruisers("b2", "blue", 10, 24, 90, { taskforce: null }),
      cruisers("r1", "red", 30, 22, 270),
    ]);
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1", "b2"], target: "r1" }], Rng.fromSeed(1), "blue", null, ["b1", "b2"]);
    expect(codes(ctx)).toEqual(["cannot-synchronise"]);
  });
  it('"an enemy squadron may only gain one suppression marker per enemy Taskforce activation"', () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("b2", "blue", 10, 24, 90), cruisers("r1", "red", 30, 22, 270)]);
    // Every die a 1: every shot hits (and every shield saves, so nothing dies).
    const ctx = run(
      s,
      [
        { type: "heavy", squadrons: ["b1"], target: "r1" },
        { type: "heavy", squadrons: ["b2"], target: "r1" },
      ],
      new FixedRng(1),
    );
    const f = fires(ctx);
    expect(f.map((e) => e.hits)).toEqual([4, 4]);
    expect(f.map((e) => e.suppressed)).toEqual([true, false]);
    expect(s.squadrons.r1?.suppression).toBe(1);
  });
  it("each suppression marker on the firer takes one from its targeting", () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90, { suppression: 2 }), cruisers("r1", "red", 30, 22, 270)]);
    expect(fires(run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]))[0]?.targeting).toBe(2);
  });
  it("a squadron fires its heavy batteries once an activation", () => {
    const s = tinyBattle([
      cruisers("b1", "blue", 10, 20, 90),
      cruisers("r1", "red", 30, 22, 270),
      cruisers("r2", "red", 30, 12, 270, { taskforce: "red-tf2" }),
    ]);
    const ctx = run(s, [
      { type: "heavy", squadrons: ["b1"], target: "r1" },
      { type: "heavy", squadrons: ["b1"], target: "r2" },
    ]);
    expect(codes(ctx)).toEqual(["already-fired"]);
  });
});

describe("Weapons: super heavy batteries (experimental)", () => {
  it('"Ships which fire Super Heavy batteries may not use other weapons except interceptors that turn"', () => {
    const built = buildShip({ name: "Lance", size: 3, systems: { superHeavy: 1, light: 2, interceptor: 1 } });
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 40, 22, 270)]);
    s.designs.lance = { ...built.value, id: "lance" };
    (s.squadrons.b1 as { design: string }).design = "lance";
    const ctx = run(s, [
      { type: "heavy", squadrons: ["b1"], target: "r1", weapons: ["superHeavy"] },
      { type: "move", squadron: "b1", heading: 90, distance: 12 },
      { type: "light", squadrons: ["b1"], target: "r1" },
    ]);
    expect(fires(ctx)[0]).toMatchObject({ weapon: "super heavy batteries", dice: 2 });
    expect(codes(ctx)).toEqual(["super-heavy-exclusive"]);
  });
});

describe("Movement: movement arc and facing change by size", () => {
  const at = (design: string, x = 30, y = 24, n = 1): SqSpec => ({
    id: "b1",
    side: "blue",
    design,
    at: Array.from({ length: n }, (_, i) => [x, y + i] as [number, number]),
    facing: 90,
  });
  const move = (design: string, heading: number, distance: number, facing?: number) => {
    const s = tinyBattle([at(design)]);
    return run(s, [{ type: "move", squadron: "b1", heading, distance, ...(facing !== undefined ? { facing } : {}) }]);
  };
  it("size 2-3: a forward 180 degree arc (80 degrees off the nose moves, 95 does not) and any facing after", () => {
    expect(codes(move("generic/fleet-cruiser", 170, 12, 300))).toEqual([]);
    const bad = move("generic/fleet-cruiser", 185, 12);
    expect(codes(bad)).toEqual(["outside-movement-arc"]);
    expect(bad.problems[0]?.message).toMatch(/95 degrees off its facing 90; size 3 ships move within a forward 180 degree arc/);
  });
  it("size 4-7: a forward 90 degree arc, then at most 90 degrees of facing change", () => {
    expect(codes(move("generic/fleet-battleship", 130, 12))).toEqual([]);
    expect(codes(move("generic/fleet-battleship", 140, 12))).toEqual(["outside-movement-arc"]);
    expect(codes(move("generic/fleet-battleship", 90, 12, 175))).toEqual([]);
    expect(codes(move("generic/fleet-battleship", 90, 12, 185))).toEqual(["facing-change"]);
  });
  it("size 8+: a forward 90 degree arc, then at most 45 degrees of facing change", () => {
    expect(codes(move("raishek/planetary-interdictor", 90, 6, 135))).toEqual([]);
    expect(codes(move("raishek/planetary-interdictor", 90, 6, 140))).toEqual(["facing-change"]);
  });
  it('size 1 moves freely in any direction, 18"', () => {
    expect(codes(move("generic/fleet-destroyer", 270, 18, 0))).toEqual([]);
    expect(codes(move("generic/fleet-destroyer", 270, 18.5))).toEqual(["too-far"]);
  });
  it('a 12" ship may not go 12.5"; not moving keeps the facing limits from the old facing', () => {
    expect(codes(move("generic/fleet-cruiser", 90, 12.5))).toEqual(["too-far"]);
    expect(codes(move("generic/fleet-battleship", 90, 0, 200))).toEqual(["facing-change"]);
  });
  it("ships may not leave the table except by battleshifting", () => {
    const s = tinyBattle([at("generic/fleet-cruiser", 70, 24)]);
    expect(codes(run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 6 }]))).toEqual(["off-table"]);
  });
  it("a move that breaks coherency is refused and the ships stay", () => {
    const s = tinyBattle([at("generic/fleet-cruiser", 30, 24, 3)]);
    const ctx = run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 2, ships: [{ ship: "b1.3", to: { x: 30, y: 34 } }] }]);
    expect(codes(ctx)).toEqual(["coherency"]);
    expect(ctx.problems[0]?.message).toMatch(/up to 10\.2" apart \(limit 6"\)/);
    expect(s.squadrons.b1?.ships[0]?.x).toBe(30);
  });
  it("a disabled ship does not move", () => {
    const s = tinyBattle([at("generic/fleet-cruiser", 30, 24, 2)]);
    (s.squadrons.b1 as { ships: { disabled: boolean }[] }).ships[1]!.disabled = true;
    run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 4 }]);
    expect(s.squadrons.b1?.ships.map((x) => x.x)).toEqual([34, 30]);
  });
});

describe('Movement: command range 8", the taskforce facing, detaching', () => {
  it('a squadron whose nearest ship ends more than 8" from the flagship is detached ("or else become detached")', () => {
    const s = tinyBattle([cruisers("b1", "blue", 20, 20, 90), cruisers("b2", "blue", 20, 26, 90)], { flagships: { "blue-tf1": "b1" } });
    const ctx = run(s, [{ type: "move", squadron: "b2", heading: 180, distance: 6 }]);
    expect(codes(ctx)).toEqual(["out-of-command-range"]);
    expect(ctx.problems[0]?.message).toMatch(/12" from the flagship/);
    expect(s.squadrons.b2?.taskforce).toBeNull();
  });
  it("squadrons must end facing so they could move the flagship's way, or are detached", () => {
    const s = tinyBattle(
      [
        { id: "b1", side: "blue", design: "generic/fleet-battleship", at: [[20, 20]], facing: 90 },
        { id: "b2", side: "blue", design: "generic/fleet-battleship", at: [[20, 24]], facing: 90 },
      ],
      { flagships: { "blue-tf1": "b1" } },
    );
    const ctx = run(s, [{ type: "move", squadron: "b2", heading: 90, distance: 2, facing: 170 }]);
    expect(codes(ctx)).toEqual(["taskforce-facing"]);
    expect(s.squadrons.b2?.taskforce).toBeNull();
  });
  it("a taskforce may detach squadrons as it moves", () => {
    const s = tinyBattle([cruisers("b1", "blue", 20, 20, 90), cruisers("b2", "blue", 20, 24, 90)]);
    const ctx = run(s, [{ type: "detach", squadron: "b2" }]);
    expect(codes(ctx)).toEqual([]);
    expect(s.squadrons.b2?.taskforce).toBeNull();
    expect(codes(run(tinyBattle([cruisers("b1", "blue", 20, 20, 90)]), [{ type: "detach", squadron: "b1" }]))).toEqual([
      "flagship-squadron",
    ]);
  });
});

describe("Light Weapons: 12\", 270 degree arc, at any point during the squadron's movement", () => {
  it('fires at the end of a move that closes from 20" to 8"', () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 30, 20, 270)]);
    const ctx = run(s, [
      { type: "move", squadron: "b1", heading: 90, distance: 12 },
      { type: "light", squadrons: ["b1"], target: "r1" },
    ]);
    expect(codes(ctx)).toEqual([]);
    expect(fires(ctx)[0]).toMatchObject({ weapon: "light batteries", dice: 2 });
  });
  it('fires from the start of a move that opens the range from 10" to 22"', () => {
    const s = tinyBattle([cruisers("b1", "blue", 30, 20, 90), cruisers("r1", "red", 20, 20, 90)]);
    const ctx = run(s, [
      { type: "move", squadron: "b1", heading: 90, distance: 12, facing: 90 },
      { type: "light", squadrons: ["b1"], target: "r1" },
    ]);
    // At the start it faces east with the target astern-ish (270): 180 off, outside the 270 degree arc... so it fires nowhere.
    expect(codes(ctx)).toEqual(["cannot-fire"]);
    const s2 = tinyBattle([cruisers("b1", "blue", 30, 20, 0), cruisers("r1", "red", 20, 20, 90)]);
    const ctx2 = run(s2, [
      { type: "move", squadron: "b1", heading: 60, distance: 12, facing: 60 },
      { type: "light", squadrons: ["b1"], target: "r1" },
    ]);
    expect(codes(ctx2)).toEqual([]);
    expect(fires(ctx2)).toHaveLength(1);
  });
  it("`at` picks the inch of the move it fires from", () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 30, 20, 270)]);
    const ctx = run(s, [
      { type: "move", squadron: "b1", heading: 90, distance: 12 },
      { type: "light", squadrons: ["b1"], target: "r1", at: 2 },
    ]);
    expect(ctx.problems[0]?.message).toMatch(/18" away \(range 12"\)/);
  });
});

describe("Deactivation: repairs and suppression recovery", () => {
  it('"if a squadron of four ships has 3 damage on it, only three ships may attempt repair rolls"', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: [
          [10, 10],
          [11, 10],
          [12, 10],
          [13, 10],
        ],
        facing: 90,
        damage: 3,
      },
    ]);
    const rng = new DiceRng([1, 6, 1]);
    const ctx = run(s, [], rng);
    const note = ctx.events.find((e) => e.kind === "note" && (e as NoteEvent).what === "repair") as NoteEvent;
    expect(note.text).toMatch(/repair rolls \[1,6,1\] needing 1: 2 damage repaired \(damage now 1\)/);
    expect(s.squadrons.b1?.damage).toBe(1);
  });
  it('"Squadrons with repair systems may make an extra repair roll per ship"', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "bionid/arbite-cruiser",
        at: [
          [10, 10],
          [11, 10],
        ],
        facing: 90,
        damage: 5,
      },
    ]);
    const rng = new DiceRng([6, 6, 6, 6]);
    run(s, [], rng);
    expect(rng.rolled).toHaveLength(4);
  });
  it('suppression markers come off on a 3 or less within 8" of the flagship, 2 or less when detached', () => {
    const inTf = tinyBattle([cruisers("b1", "blue", 10, 10, 90, { suppression: 1 })]);
    run(inTf, [], new DiceRng([3]));
    expect(inTf.squadrons.b1?.suppression).toBe(0);
    const alone = tinyBattle([cruisers("b1", "blue", 10, 10, 90, { suppression: 1, taskforce: null })]);
    run(alone, [], new DiceRng([3]), "blue", null, ["b1"]);
    expect(alone.squadrons.b1?.suppression).toBe(1);
  });
  it("a disabled ship is made active by a repair roll of 1", () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 10, 90)]);
    (s.squadrons.b1 as { ships: { disabled: boolean }[] }).ships[1]!.disabled = true;
    run(s, [], new DiceRng([1]));
    expect(s.squadrons.b1?.ships.every((x) => !x.disabled)).toBe(true);
  });
});

describe("Deactivation: adding squadrons; command transfers", () => {
  it('adds a detached squadron within 8" of the flagship, refuses one at 9"', () => {
    const s = tinyBattle([
      cruisers("b1", "blue", 10, 10, 90),
      cruisers("b2", "blue", 10, 17, 90, { taskforce: null }),
      cruisers("b3", "blue", 10, 29, 90, { taskforce: null }),
    ]);
    const ctx = run(s, [
      { type: "join", squadron: "b2" },
      { type: "join", squadron: "b3" },
    ]);
    expect(s.squadrons.b2?.taskforce).toBe("blue-tf1");
    expect(codes(ctx)).toEqual(["out-of-command-range"]);
  });
  it('"Command may be transferred voluntarily to another ship the same size or larger in a different squadron"', () => {
    const s = tinyBattle([
      cruisers("b1", "blue", 10, 10, 90),
      { id: "b2", side: "blue", design: "generic/sword-frigate", at: [[10, 14]], facing: 90 },
      { id: "b3", side: "blue", design: "generic/fleet-battleship", at: [[10, 16]], facing: 90 },
    ]);
    const ctx = run(s, [
      { type: "command", squadron: "b2" },
      { type: "command", squadron: "b3" },
    ]);
    expect(codes(ctx)).toEqual(["too-small"]);
    expect(s.taskforces["blue-tf1"]?.flagship).toEqual({ squadron: "b3", ship: "b3.1" });
  });
});

describe("Boarding and engulfing", () => {
  it("ships in contact with a disabled ship board it: d6 + combined sizes against d6 + its size", () => {
    const s = tinyBattle([
      cruisers("b1", "blue", 10, 10, 90),
      {
        id: "r1",
        side: "red",
        design: "generic/sword-frigate",
        at: [
          [10.8, 10.5],
          [14, 10.5],
        ],
        facing: 90,
      },
    ]);
    (s.squadrons.r1 as { ships: { disabled: boolean }[] }).ships[0]!.disabled = true;
    // Boarders: 2 + (3 + 3) = 8 against 6 + 2 = 8: repelled; then 3 + 6 = 9 against 1 + 2 = 3: captured.
    const ctx = run(s, [{ type: "board", squadrons: ["b1"], target: "r1" }], new DiceRng([2, 6]));
    expect(ctx.events.some((e) => e.text.includes("repelled"))).toBe(true);
    const s2 = tinyBattle([
      cruisers("b1", "blue", 10, 10, 90),
      {
        id: "r1",
        side: "red",
        design: "generic/sword-frigate",
        at: [
          [10.8, 10.5],
          [14, 10.5],
        ],
        facing: 90,
      },
    ]);
    (s2.squadrons.r1 as { ships: { disabled: boolean }[] }).ships[0]!.disabled = true;
    run(s2, [{ type: "board", squadrons: ["b1"], target: "r1" }], new DiceRng([3, 1]));
    expect(s2.squadrons.r1?.ships.map((x) => x.id)).toEqual(["r1.2"]);
    expect(Object.values(s2.prizes)).toHaveLength(1);
    expect(s2.sides.blue?.vp).toBe(20);
  });
  it("only disabled ships can be boarded without assault units", () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 10, 90), cruisers("r1", "red", 10.8, 10.5, 90)]);
    expect(codes(run(s, [{ type: "board", squadrons: ["b1"], target: "r1" }]))).toEqual(["not-disabled"]);
  });
  it('"A ship can engulf up to 1/3 of its size in smaller ship sizes (rounded up)": a size 4 Korzine takes a size 2, not a size 3', () => {
    const base = (victim: string) => {
      const s = tinyBattle([
        { id: "b1", side: "blue", design: "bionid/korzine-carrier", at: [[10, 10]], facing: 90 },
        { id: "r1", side: "red", design: victim, at: [[10.5, 10.5]], facing: 90 },
      ]);
      (s.squadrons.r1 as { ships: { disabled: boolean }[] }).ships[0]!.disabled = true;
      return s;
    };
    const ok = base("generic/sword-frigate");
    expect(codes(run(ok, [{ type: "engulf", squadron: "b1", target: "r1" }]))).toEqual([]);
    expect(ok.squadrons.r1?.ships).toHaveLength(0);
    const big = run(base("generic/fleet-cruiser"), [{ type: "engulf", squadron: "b1", target: "r1" }]);
    expect(big.problems[0]?.message).toMatch(/a size 4 ship engulfs up to size 2/);
  });
});

describe("Orders for the wrong step", () => {
  it("an order-sheet order in an activation is refused, the rest goes on", () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 30, 20, 270)]);
    const ctx = run(s, [
      { type: "sequence", taskforces: [] },
      { type: "heavy", squadrons: ["b1"], target: "r1" },
    ]);
    expect(codes(ctx)).toEqual(["wrong-step"]);
    expect(fires(ctx)).toHaveLength(1);
  });
});

describe("Space Stations", () => {
  const withStation = () => {
    const s = tinyBattle([cruisers("b1", "blue", 10, 20, 90), cruisers("r1", "red", 30, 20, 270)]);
    s.squadrons.r1!.station = true;
    return s;
  };
  it('"Enemy weapons get a +1 to their targeting against a station"', () => {
    expect(fires(run(withStation(), [{ type: "heavy", squadrons: ["b1"], target: "r1" }]))[0]?.targeting).toBe(5);
  });
  it('"Heavy batteries on a station may fire 360 degrees"; stations do not move', () => {
    const s = withStation();
    const ctx = run(
      s,
      [
        { type: "heavy", squadrons: ["r1"], target: "b1" },
        { type: "move", squadron: "r1", heading: 270, distance: 3 },
      ],
      Rng.fromSeed(2),
      "red",
      "red-tf1",
    );
    // Facing west, the target due west is ahead; below, facing east, the target astern is still in its 360 degree arc.
    expect(fires(ctx)).toHaveLength(1);
    expect(codes(ctx)).toEqual(["station-immobile"]);
    const s2 = withStation();
    s2.squadrons.r1!.facing = 90;
    expect(fires(run(s2, [{ type: "heavy", squadrons: ["r1"], target: "b1" }], Rng.fromSeed(2), "red", "red-tf1"))).toHaveLength(1);
  });
  it('"Stations may be boarded by enemy ships that move up to them"', () => {
    const s = tinyBattle([
      cruisers("b1", "blue", 10, 20, 90),
      { id: "r1", side: "red", design: "generic/sword-frigate", at: [[10.8, 20.5]], facing: 90 },
    ]);
    s.squadrons.r1!.station = true;
    const ctx = run(s, [{ type: "board", squadrons: ["b1"], target: "r1" }], new DiceRng([6, 1]));
    expect(codes(ctx)).toEqual([]);
    expect(s.squadrons.r1?.ships).toHaveLength(0);
  });
});
