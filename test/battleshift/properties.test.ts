/**
 * Property tests (fast-check): arbitrary, mostly nonsensical orders thrown at the Battleshift
 * engine, step after step (brief: "Property tests throw random orders at every ruleset: no
 * exceptions, invariants hold"). Whatever the orders:
 *  - nothing throws, and every refused order is a Problem with a code and a message that names it;
 *  - a step is deterministic, and the state after it parses back (save/load);
 *  - no ship is in two squadrons, squadrons keep 1-7 ships and at most 21 size units... as fielded,
 *    damage, suppression and fighters stay in range, and victory points never go down.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import { type BattleState, notYourSquadron } from "../../src/rules/battleshift/model.js";
import { ORDER_TYPES, type Orders, orderSchema } from "../../src/rules/battleshift/orders.js";

const base = battleshift.scenarios.outpost?.create(4, {}) as BattleState;
const squadronIds = Object.keys(base.squadrons);
const taskforceIds = Object.keys(base.taskforces);
const shipIds = Object.values(base.squadrons).flatMap((sq) => sq.ships.map((s) => s.id));
const someId = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...squadronIds) },
  { weight: 2, arbitrary: fc.constantFrom(...taskforceIds) },
  { weight: 1, arbitrary: fc.constantFrom(...shipIds) },
  { weight: 1, arbitrary: fc.constantFrom("F1", "F2", "planet:W", "nobody", "") },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const coord = fc.oneof(fc.double({ min: -20, max: 100, noNaN: true }), fc.integer({ min: 0, max: 72 }));
const point = fc.record({ x: coord, y: coord });

/** A raw order: a known or unknown type, fields from the table's ids and from nowhere. */
const rawOrder = fc.record(
  {
    type: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...ORDER_TYPES) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }),
    squadron: someId,
    squadrons: fc.array(someId, { minLength: 0, maxLength: 3 }),
    target: someId,
    ship: someId,
    unit: someId,
    flight: someId,
    taskforces: fc.array(someId, { maxLength: 4 }),
    to: point,
    path: fc.array(point, { minLength: 0, maxLength: 3 }),
    heading: fc.integer({ min: -400, max: 400 }),
    distance: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double({ min: 0, max: 30, noNaN: true })),
    facing: fc.oneof(fc.integer({ min: -90, max: 450 }), fc.constantFrom("N", "south-west", "sideways")),
    returnTurn: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 12 })),
    sector: fc.constantFrom("A1", "B2", "F4", "Z9", "x"),
    wings: fc.integer({ min: -2, max: 30 }),
    at: fc.integer({ min: -3, max: 30 }),
    disable: fc.boolean(),
    assault: fc.boolean(),
    evade: fc.boolean(),
    formation: fc.constantFrom("cone", "ring", "none", "wedge"),
    choose: fc.constantFrom("first", "second", "third"),
    weapons: fc.array(fc.constantFrom("heavy", "broadside", "superHeavy", "heavyIon", "light", "ion", "laser"), { maxLength: 3 }),
  },
  { requiredKeys: ["type"] },
);

/** Only the raw orders the schema accepts reach the engine; the others must be refused by `parseOrders`. */
function ordersFrom(raw: unknown[], side: string): Orders {
  const { orders, problems } = battleshift.parseOrders({ side, orders: raw }) as { orders: Orders; problems: { code: string }[] };
  const kept = raw.flatMap((r) => {
    const p = orderSchema.safeParse(r);
    return p.success ? [p.data] : [];
  });
  if (kept.length < raw.length) expect(problems.length, "a malformed order is reported by parseOrders").toBeGreaterThan(0);
  return { ...orders, orders: kept };
}

function checkInvariants(before: BattleState, after: BattleState): void {
  const seen = new Set<string>();
  for (const sq of Object.values(after.squadrons)) {
    expect(sq.ships.length, `${sq.id} keeps at most 7 ships`).toBeLessThanOrEqual(7);
    expect(sq.damage).toBeGreaterThanOrEqual(0);
    expect(sq.suppression).toBeGreaterThanOrEqual(0);
    expect(sq.fighters).toBeGreaterThanOrEqual(0);
    expect(sq.fighters).toBeLessThanOrEqual(sq.fightersMax);
    for (const s of sq.ships) {
      expect(seen.has(s.id), `ship ${s.id} is in one squadron only`).toBe(false);
      seen.add(s.id);
      expect(Number.isFinite(s.x) && Number.isFinite(s.y), `ship ${s.id} has a position`).toBe(true);
    }
  }
  for (const f of Object.values(after.flights)) expect(f.wings, `flight ${f.id}`).toBeGreaterThan(0);
  for (const side of Object.keys(after.sides)) {
    expect(after.sides[side]?.vp ?? 0, `VP of ${side} never go down`).toBeGreaterThanOrEqual(before.sides[side]?.vp ?? 0);
  }
}

describe("battleshift properties", () => {
  it("fast-check: arbitrary orders at every step never throw, are reported order by order, and keep the invariants", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.array(rawOrder, { maxLength: 12 }), { minLength: 4, maxLength: 10 }),
        (seed, steps) => {
          let state = battleshift.scenarios.outpost?.create(seed, {}) as BattleState;
          for (const [i, raw] of steps.entries()) {
            if (battleshift.outcome(state)) break;
            const orders: Record<string, Orders> = {};
            for (const seat of battleshift.awaiting(state)) {
              // Half the steps mix in the random-legal bot's orders, so arbitrary orders also meet a battle in motion.
              const legal = i % 2 === 0 ? (battleshift.randomOrders(state, seat, Rng.forTurn(seed, i, "legal")) as Orders).orders : [];
              orders[seat] = ordersFrom([...legal, ...raw], seat);
              const check = battleshift.check(state, seat, orders[seat] as Orders);
              for (const p of check.problems) {
                expect(typeof p.code === "string" && p.code.length > 0, "a problem has a stable code").toBe(true);
                expect(p.message.length, `problem ${p.code} says what is wrong`).toBeGreaterThan(10);
              }
            }
            const res = battleshift.resolve(state, orders, Rng.forTurn(seed, state.step));
            const again = battleshift.resolve(JSON.parse(JSON.stringify(state)), orders, Rng.forTurn(seed, state.step));
            expect(canonicalJson(again)).toBe(canonicalJson(res));
            const parsed = battleshift.parseState(JSON.parse(JSON.stringify(res.state)));
            expect(parsed.ok, "the state after a step parses back").toBe(true);
            for (const p of Object.values(res.problems).flat()) expect(p.message.length).toBeGreaterThan(10);
            checkInvariants(state, res.state);
            state = res.state;
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("orders for someone else's units", () => {
  it("name the owner, the kind of id given, or the squadrons that would be valid", () => {
    const state = battleshift.scenarios.playtest?.create(1, {}) as BattleState;
    const blueSq = Object.values(state.squadrons).find((s) => s.side === "blue")?.id as string;
    const redTf = Object.values(state.taskforces).find((t) => t.side === "red")?.id as string;
    const blueShip = state.squadrons[blueSq]?.ships[0]?.id as string;
    expect(notYourSquadron(state, "red", blueSq)).toBe(`${blueSq} is blue's squadron, not yours (you command red)`);
    expect(notYourSquadron(state, "blue", redTf)).toBe(`${redTf} is red's taskforce, not yours (you command blue)`);
    expect(notYourSquadron(state, "blue", blueShip)).toContain(`is a ship of squadron ${blueSq}`);
    expect(notYourSquadron(state, "blue", "nope")).toMatch(/^no squadron nope; yours on the table: .+ \(\d+ in all\)$/);
  });
});
