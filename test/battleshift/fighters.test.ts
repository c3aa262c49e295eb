import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { dodge } from "../../src/rules/battleshift/combat/interceptors.js";
import type { FireEvent, NoteEvent } from "../../src/rules/battleshift/events.js";
import type { BattleState, Flight } from "../../src/rules/battleshift/model.js";
import { type Order, parseOrders } from "../../src/rules/battleshift/orders.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, FixedRng, type SqSpec, tinyBattle, unitOf } from "./support.js";

function run(state: BattleState, orders: Order[], rng: Rng = Rng.fromSeed(3), side = "blue", tf: string | null = "blue-tf1") {
  const ctx = ctxFor(state, side, rng);
  runActivation(ctx, unitOf(state, side, tf), orders);
  return ctx;
}
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);
const notes = (ctx: { events: { kind: string }[] }, what: string) =>
  ctx.events.filter((e) => e.kind === "note" && (e as NoteEvent).what === what) as NoteEvent[];
const carriers = (x = 10, y = 20): SqSpec => ({
  id: "b1",
  side: "blue",
  design: "generic/light-carrier",
  at: [
    [x, y],
    [x, y + 1],
  ],
  facing: 90,
});
const cruisers = (id: string, side: "blue" | "red", x: number, y: number, extra: Partial<SqSpec> = {}): SqSpec => ({
  id,
  side,
  design: "generic/fleet-cruiser",
  at: [
    [x, y],
    [x, y + 1],
  ],
  facing: 270,
  ...extra,
});
const flight = (s: BattleState, id: string, side: string, carrier: string, wings: number, x: number, y: number): Flight => {
  const f: Flight = { id, side, carrier, wings, x, y, movedTurn: 0, interceptAt: -1, dogfighting: null };
  s.flights[id] = f;
  return f;
};

describe('Fighters: launch, 24" with one course change, contact, one shield save per hit', () => {
  it('a squadron of light carriers launches its 8 wings and attacks a squadron 15" away', () => {
    const s = tinyBattle([carriers(), { id: "r1", side: "red", design: "generic/fleet-battleship", at: [[25, 20]], facing: 270 }]);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 24.5, y: 20 }], target: "r1" }]);
    expect(codes(ctx)).toEqual([]);
    const f = ctx.events.find((e) => e.kind === "fire") as FireEvent;
    expect(f).toMatchObject({ dice: 8, targeting: 3 });
    // "enemy capital ships hit by fighters getting one shield save per hit, regardless of how many shields they actually have"
    expect(f.shieldsUsed).toBe(f.hits);
    expect(s.squadrons.b1?.fighters).toBe(0);
  });
  it('a path longer than 24" is refused with its length', () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 40, 20)]);
    const ctx = run(s, [
      {
        type: "flight",
        squadron: "b1",
        path: [
          { x: 20, y: 20 },
          { x: 20, y: 35 },
        ],
        target: "r1",
      },
    ]);
    expect(ctx.problems.map((p) => p.message)).toContain('the flight path is 25"; fighters move up to 24" a turn (with one course change)');
  });
  it('"They may change course once": a path of three legs does not fit the schema', () => {
    const r = parseOrders({
      orders: [
        {
          type: "flight",
          squadron: "b1",
          path: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
            { x: 3, y: 3 },
          ],
        },
      ],
    });
    expect(r.problems[0]?.code).toBe("malformed-order");
  });
  it('"They must physically contact the enemy they wish to attack": a path ending 1.5" short attacks nothing', () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 25, 20)]);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 23.5, y: 20 }], target: "r1" }]);
    expect(codes(ctx)).toEqual(["no-contact"]);
    expect(ctx.problems[0]?.message).toMatch(/passes 1\.5" from r1/);
    expect(ctx.events.some((e) => e.kind === "fire")).toBe(false);
  });
  it("fighters cause suppression like batteries (hits at least the ships of the target)", () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 25, 20)]);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 24.5, y: 20 }], target: "r1" }], new FixedRng(1));
    expect((ctx.events.find((e) => e.kind === "fire") as FireEvent).suppressed).toBe(true);
    expect(s.squadrons.r1?.suppression).toBe(1);
  });
});

describe("Fighters: interceptors", () => {
  it('a flight passing within 1" of an enemy squadron with interceptors is fired at before it attacks', () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 30, 20), cruisers("r2", "red", 20, 20.5, { taskforce: "red-tf2" })]);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 29.5, y: 20 }], target: "r1" }]);
    const fired = notes(ctx, "intercept").map((n) => n.unit);
    expect(fired).toContain("r2");
    const iAt = ctx.events.findIndex((e) => e.kind === "note" && (e as NoteEvent).what === "intercept");
    const fAt = ctx.events.findIndex((e) => e.kind === "fire");
    expect(iAt).toBeLessThan(fAt);
  });
  it('"If they are flying away from the squadrons they started within 1" of and do not attack those squadrons, they may not be fired at"', () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 30, 20), cruisers("r2", "red", 40, 40, { taskforce: "red-tf2" })]);
    flight(s, "bf", "blue", "b1", 4, 30.5, 21);
    const ctx = run(s, [{ type: "flight", flight: "bf", path: [{ x: 39.5, y: 40 }], target: "r2" }]);
    expect(notes(ctx, "intercept").map((n) => n.unit)).not.toContain("r1");
    // Attacking the squadron it started beside: fired at.
    const s2 = tinyBattle([carriers(), cruisers("r1", "red", 30, 20)]);
    flight(s2, "bf", "blue", "b1", 4, 30.5, 21.5);
    const ctx2 = run(s2, [{ type: "flight", flight: "bf", path: [{ x: 30.5, y: 20.5 }], target: "r1" }]);
    expect(notes(ctx2, "intercept").map((n) => n.unit)).toContain("r1");
  });
  it('"interceptors on squadrons within 3" of the one they are attacking, if they are in the same TF" fire too', () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 30, 20), cruisers("r2", "red", 31.5, 23)]);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 29.5, y: 20 }], target: "r1" }]);
    expect(notes(ctx, "intercept").map((n) => n.unit)).toEqual(["r1", "r2"]);
  });
  it('"The targeting is reduced by 1 ... if the enemy has some kind of cover" (L618-619): a flight passing through a dust cloud is fired at needing 3', () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 30, 20), cruisers("r2", "red", 20, 20.5, { taskforce: "red-tf2" })], {
      terrain: [{ id: "d", kind: "dust", name: "Haze", x: 20, y: 19.5, radius: 1.5 }],
    });
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 29.5, y: 20 }], target: "r1" }]);
    const byUnit = (u: string) => notes(ctx, "intercept").find((n) => n.unit === u)?.text ?? "";
    // r2 fires where the flight passes it, inside Haze: 4 - 1; r1 fires at the flight outside the cloud: 4.
    expect(byUnit("r2")).toMatch(/\(in cover: Haze, -1\): \d+ interceptors needing 3 or less/);
    expect(byUnit("r1")).toMatch(/interceptors needing 4 or less/);
    expect(byUnit("r1")).not.toMatch(/in cover/);
  });
  it("interceptors fire once per enemy taskforce activation", () => {
    const s = tinyBattle([
      carriers(),
      { id: "b2", side: "blue", design: "generic/light-carrier", at: [[10, 30]], facing: 90 },
      cruisers("r1", "red", 30, 20),
    ]);
    const ctx = run(s, [
      { type: "flight", squadron: "b1", path: [{ x: 29.5, y: 20 }], target: "r1" },
      { type: "flight", squadron: "b2", path: [{ x: 29.5, y: 21 }], target: "r1" },
    ]);
    expect(notes(ctx, "intercept").filter((n) => n.unit === "r1")).toHaveLength(1);
  });
  it("every hit on a flight may be dodged on a 3 or less: half the hits stand (4000 hits, within 4 standard errors)", () => {
    const ctx = ctxFor(tinyBattle([]), "blue", Rng.fromSeed(11));
    const n = 4000;
    const stand = dodge(ctx, n, 3).stand;
    expect(Math.abs(stand / n - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / n));
    const evading = dodge(ctx, n, 4).stand;
    expect(Math.abs(evading / n - 2 / 6)).toBeLessThan(4 * Math.sqrt(((2 / 6) * (4 / 6)) / n));
  });
});

describe("Fighters: intercept moves and dogfights", () => {
  it('an enemy flight whose carriers are on the table intercepts within 6"; the flights dogfight and the attacker stops', () => {
    const s = tinyBattle([
      carriers(),
      cruisers("r1", "red", 32, 20),
      { id: "r2", side: "red", design: "generic/light-carrier", at: [[60, 40]], facing: 270, taskforce: "red-tf2" },
    ]);
    flight(s, "rf", "red", "r2", 4, 25, 25);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 31.5, y: 20 }], target: "r1" }]);
    expect(notes(ctx, "dogfight").length).toBeGreaterThan(0);
    expect(ctx.events.some((e) => e.kind === "fire")).toBe(false);
    const bf = Object.values(s.flights).find((f) => f.side === "blue");
    if (bf) expect(bf.x).toBeLessThan(31);
  });
  it('without carriers on the table an enemy flight only intercepts what passes within 1"', () => {
    const s = tinyBattle([carriers(), cruisers("r1", "red", 32, 20)]);
    flight(s, "rf", "red", "gone-carrier", 4, 25, 25);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 31.5, y: 20 }], target: "r1" }]);
    expect(notes(ctx, "dogfight")).toHaveLength(0);
    expect(ctx.events.some((e) => e.kind === "fire")).toBe(true);
  });
  it("evading: \"a fighter wing will hit on 1's and dodge on 4's or less\"", () => {
    const s = tinyBattle([
      carriers(),
      cruisers("r1", "red", 32, 20),
      { id: "r2", side: "red", design: "generic/light-carrier", at: [[60, 40]], facing: 270, taskforce: "red-tf2" },
    ]);
    flight(s, "rf", "red", "r2", 1, 25, 22);
    const ctx = run(s, [{ type: "flight", squadron: "b1", path: [{ x: 31.5, y: 20 }], target: "r1", evade: true }]);
    const f = ctx.events.find((e) => e.kind === "fire") as FireEvent;
    expect(f.targeting).toBe(1);
  });
});

describe("Fighters: recovery, repair checks and losses", () => {
  it('a flight within 1" of its carriers lands; at 1.5" it cannot', () => {
    const s = tinyBattle([carriers()]);
    s.squadrons.b1!.fighters = 4;
    flight(s, "bf", "blue", "b1", 4, 10.5, 20.5);
    const ctx = run(s, [{ type: "recover", flight: "bf" }]);
    expect(codes(ctx)).toEqual([]);
    expect(s.squadrons.b1?.fighters).toBe(8);
    const s2 = tinyBattle([carriers()]);
    flight(s2, "bf", "blue", "b1", 4, 11.5, 19);
    expect(codes(run(s2, [{ type: "recover", flight: "bf" }]))).toEqual(["too-far-to-recover"]);
  });
  it('"each carrier may roll a fighter repair check after it moves, needing a 3 or less to recover one fighter"', () => {
    const s = tinyBattle([carriers()]);
    s.squadrons.b1!.fighters = 5;
    run(s, [], new DiceRng([3, 4]));
    expect(s.squadrons.b1?.fighters).toBe(6);
    // Not while it has a flight out.
    const s2 = tinyBattle([carriers()]);
    s2.squadrons.b1!.fighters = 5;
    flight(s2, "bf", "blue", "b1", 2, 40, 40);
    run(s2, [], new DiceRng([1, 1]));
    expect(s2.squadrons.b1?.fighters).toBe(5);
  });
  it('"if a squadron of 7 ships has 17 fighters on them when 2 are lost, 4 fighters are lost from the squadron, leaving 13"', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/light-carrier",
        at: Array.from({ length: 7 }, (_, i) => [10 + i, 20] as [number, number]),
        facing: 90,
        fighters: 17,
      },
    ]);
    const ctx = ctxFor(s, "red");
    ctx.destroyShips(s.squadrons.b1!, 2, "red", "destroyed");
    expect(s.squadrons.b1?.fighters).toBe(13);
    // 2 Light Carriers (30 each) and 4 wings at 3 VP each.
    expect(s.sides.red?.vp).toBe(2 * 30 + 4 * 3);
  });
  it('"Fighter wings that are destroyed count as 3 VP each for the enemy"', () => {
    const s = tinyBattle([carriers()]);
    const f = flight(s, "bf", "blue", "b1", 5, 40, 40);
    const ctx = ctxFor(s, "red");
    ctx.loseWings(f, 2, "test");
    expect(s.sides.red?.vp).toBe(6);
    ctx.loseWings(f, 9, "test");
    expect(s.sides.red?.vp).toBe(15);
    expect(s.flights.bf).toBeUndefined();
  });
});
