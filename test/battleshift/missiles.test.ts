import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { FireEvent, MissileEvent, NoteEvent } from "../../src/rules/battleshift/events.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, FixedRng, type SqSpec, tinyBattle, unitOf } from "./support.js";

function run(state: BattleState, orders: Order[], rng: Rng = Rng.fromSeed(3)) {
  const ctx = ctxFor(state, "blue", rng);
  runActivation(ctx, unitOf(state, "blue", "blue-tf1"), orders);
  return ctx;
}
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);
const launchers = (extra: Partial<SqSpec> = {}): SqSpec => ({
  id: "b1",
  side: "blue",
  design: "generic/missile-cruiser",
  at: [
    [10, 20],
    [10, 21],
    [10, 22],
  ],
  facing: 90,
  ...extra,
});
const target = (id: string, x: number, y: number, extra: Partial<SqSpec> = {}): SqSpec => ({
  id,
  side: "red",
  design: "generic/fleet-battleship",
  at: [[x, y]],
  facing: 270,
  ...extra,
});
const notes = (ctx: { events: { kind: string }[] }) => ctx.events.filter((e) => e.kind === "note").map((e) => (e as NoteEvent).text);
const missileEvent = (ctx: { events: { kind: string }[] }) => ctx.events.find((e) => e.kind === "missiles") as MissileEvent;

describe("Missiles: locks per ship", () => {
  it('"They require a locking roll on a per ship basis of 5 or less ... If the ship misses, none of its missiles are launched"', () => {
    const s = tinyBattle([launchers(), target("r1", 30, 21)]);
    // Locks 5, 6, 1: two of three Missile Cruisers lock, 2 x 4 missiles fly.
    const ctx = run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new DiceRng([5, 6, 1]));
    expect(missileEvent(ctx)).toMatchObject({ launched: 8 });
  });
  it('the lock is reduced by suppression, and "1\'s always obtain locks"', () => {
    const s = tinyBattle([launchers({ suppression: 4 }), target("r1", 30, 21)]);
    const ctx = run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new DiceRng([1, 2, 2]));
    expect(ctx.lines.some((l) => /lock needs 1 or less/.test(l.text))).toBe(true);
    expect(missileEvent(ctx)).toMatchObject({ launched: 4 });
  });
  it('24" range, 360 degree arc: a target astern 20" away is fine, one 25" away is not', () => {
    const behind = tinyBattle([launchers(), target("r1", 10, 42)]);
    expect(codes(run(behind, [{ type: "missiles", squadron: "b1", target: "r1" }]))).toEqual([]);
    const far = run(tinyBattle([launchers(), target("r1", 35, 20)]), [{ type: "missiles", squadron: "b1", target: "r1" }]);
    expect(far.problems[0]?.message).toMatch(/25" away; missiles reach 24"/);
  });
  it("all of a squadron's missiles go at one target", () => {
    const s = tinyBattle([launchers(), target("r1", 30, 21), target("r2", 30, 10, { taskforce: "red-tf2" })]);
    const ctx = run(s, [
      { type: "missiles", squadron: "b1", target: "r1" },
      { type: "missiles", squadron: "b1", target: "r2" },
    ]);
    expect(codes(ctx)).toEqual(["already-launched"]);
  });
});

describe("Missile Resolution: moved after the taskforce, intercepted, automatic hits", () => {
  it("launched before the taskforce moves, they fly from where they were placed, after the move", () => {
    const s = tinyBattle([launchers(), target("r1", 30, 21)]);
    const ctx = run(
      s,
      [
        { type: "missiles", squadron: "b1", target: "r1" },
        { type: "move", squadron: "b1", heading: 0, distance: 10 },
      ],
      new DiceRng([1, 1, 1]),
    );
    const m = missileEvent(ctx);
    expect(m.from.y).toBeGreaterThanOrEqual(20);
    const moveAt = ctx.events.findIndex((e) => e.kind === "move");
    expect(ctx.events.indexOf(m)).toBeGreaterThan(moveAt);
  });
  it('"Missiles that reach their target automatically hit" (shields still roll, at hardness -1)', () => {
    const s = tinyBattle([launchers(), target("r1", 30, 21, { design: "bionid/attack-drone" })]);
    const ctx = run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new DiceRng([1, 1, 1]));
    const f = ctx.events.find((e) => e.kind === "fire") as FireEvent;
    expect(f).toMatchObject({ weapon: "missiles", dice: 12, hits: 12 });
  });
  it('"If they pass within 1" of an enemy squadron (including the target), they can be attacked by interceptors"', () => {
    const s = tinyBattle([
      launchers(),
      target("r1", 30, 21),
      { id: "r2", side: "red", design: "generic/defense-frigate", at: [[20, 21.5]], facing: 270, taskforce: "red-tf2" },
    ]);
    // Every die a 1: three locks (12 missiles); r2's 2 interceptors and the battleship's 2 hit.
    const ctx = run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new FixedRng(1));
    const shooters = ctx.events.filter((e) => e.kind === "note" && (e as NoteEvent).what === "intercept").map((e) => (e as NoteEvent).unit);
    expect(shooters).toEqual(["r2", "r1"]);
    expect(missileEvent(ctx)).toMatchObject({ launched: 12, arrived: 8 });
  });
  it('"squadrons in the same TF as the target may fire their interceptors at the missiles if they are within 3" of the targeted squadron"', () => {
    const s = tinyBattle([
      launchers(),
      target("r1", 30, 21),
      { id: "r2", side: "red", design: "generic/defense-frigate", at: [[32, 23]], facing: 270 },
    ]);
    const ctx = run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new FixedRng(1));
    expect(missileEvent(ctx)).toMatchObject({ launched: 12, arrived: 8 });
    const far = tinyBattle([
      launchers(),
      target("r1", 30, 21),
      { id: "r2", side: "red", design: "generic/defense-frigate", at: [[34, 25]], facing: 270 },
    ]);
    expect(missileEvent(run(far, [{ type: "missiles", squadron: "b1", target: "r1" }], new FixedRng(1)))).toMatchObject({ arrived: 10 });
  });
  it('"If missiles pass within 6" of an enemy fighter flight ... the flight may be moved to intercept the missiles"', () => {
    const s = tinyBattle([
      launchers(),
      target("r1", 30, 21),
      { id: "r2", side: "red", design: "generic/light-carrier", at: [[60, 40]], facing: 270, taskforce: "red-tf2" },
    ]);
    s.flights.rf = { id: "rf", side: "red", carrier: "r2", wings: 3, x: 20, y: 26, movedTurn: 0, interceptAt: -1, dogfighting: null };
    const ctx = run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new FixedRng(1));
    // 3 wings hit on 1s: 3 missiles; the battleship's 2 interceptors: 2 more.
    expect(missileEvent(ctx)).toMatchObject({ launched: 12, arrived: 7 });
    expect(s.flights.rf?.y).toBeCloseTo(21, 0);
  });
  describe('"Roll a die for each ... fighter in the flight, needing a 4 or less to destroy a missile" (L715-716) vs QRS "Fighters need 3\'s" (L1755): setting fighterMissileTargeting', () => {
    const interceptedBy = (need?: 3 | 4) => {
      const s = tinyBattle([
        launchers(),
        target("r1", 30, 21),
        { id: "r2", side: "red", design: "generic/light-carrier", at: [[60, 40]], facing: 270, taskforce: "red-tf2" },
      ]);
      if (need) s.settings.fighterMissileTargeting = need;
      s.flights.rf = { id: "rf", side: "red", carrier: "r2", wings: 3, x: 20, y: 26, movedTurn: 0, interceptAt: -1, dogfighting: null };
      // Every die a 4: all three lock (12 missiles); the battleship's 2 interceptors (4 or less) stop 2.
      return run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new FixedRng(4));
    };
    it("default 3: three wings rolling 4s shoot nothing down", () => {
      const ctx = interceptedBy();
      expect(missileEvent(ctx)).toMatchObject({ launched: 12, arrived: 10 });
      expect(notes(ctx).some((t) => /rf \(3 wings\) intercepts 12 missiles of b1: \[4,4,4\] needing 3 - 0 shot down/.test(t))).toBe(true);
    });
    it("setting 4: the same 4s shoot down three missiles", () => {
      const ctx = interceptedBy(4);
      expect(missileEvent(ctx)).toMatchObject({ launched: 12, arrived: 7 });
      expect(notes(ctx).some((t) => /needing 4 - 3 shot down/.test(t))).toBe(true);
    });
  });
  it('"The targeting is reduced by 1 ... if the enemy has some kind of cover" (L618-619): missiles arriving inside a dust cloud are intercepted needing 3', () => {
    const dusty = { terrain: [{ id: "d", kind: "dust" as const, name: "Haze", x: 30, y: 21, radius: 2 }] };
    // Every die a 4: the locks (5, less 1 for the target's cover) hold; the battleship's 2 interceptors need 3 in the cloud.
    const ctx = run(
      tinyBattle([launchers(), target("r1", 30, 21)], dusty),
      [{ type: "missiles", squadron: "b1", target: "r1" }],
      new FixedRng(4),
    );
    expect(missileEvent(ctx)).toMatchObject({ launched: 12, arrived: 12 });
    expect(notes(ctx).some((t) => /r1 fires at 12 missiles of b1 \(in cover: Haze, -1\): 2 interceptors needing 3 or less/.test(t))).toBe(
      true,
    );
    const open = run(
      tinyBattle([launchers(), target("r1", 30, 21)]),
      [{ type: "missiles", squadron: "b1", target: "r1" }],
      new FixedRng(4),
    );
    expect(missileEvent(open)).toMatchObject({ launched: 12, arrived: 10 });
  });
  it('"Missiles that must negotiate their way around or through planets, asteroids or dust clouds lose half of their number"', () => {
    const s = tinyBattle([launchers(), target("r1", 30, 21, { design: "generic/missile-frigate" })], {
      terrain: [{ id: "d", kind: "dust", name: "Haze", x: 20, y: 21, radius: 2 }],
    });
    // 12 missiles lose 6 in the dust; the frigate's interceptor shoots down 1.
    const ctx = run(s, [{ type: "missiles", squadron: "b1", target: "r1" }], new FixedRng(1));
    const m = missileEvent(ctx);
    expect(m.text).toMatch(/6 lost negotiating Haze/);
    expect(m.arrived).toBe(5);
  });
  it("missiles may strike a fighter flight, which dodges each on a 3 or less", () => {
    const s = tinyBattle([launchers(), target("r1", 40, 40)]);
    s.flights.rf = { id: "rf", side: "red", carrier: "r1", wings: 10, x: 25, y: 21, movedTurn: 0, interceptAt: 1, dogfighting: null };
    // Locks 1,1,1 (12 missiles); the flight already intercepted this activation; dodges: six 6s, then 1s.
    run(s, [{ type: "missiles", squadron: "b1", target: "rf" }], new DiceRng([1, 1, 1, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1]));
    expect(s.flights.rf?.wings).toBe(4);
  });
});
