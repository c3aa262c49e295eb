/**
 * Property tests (fast-check): random, also nonsensical, orders for every empire
 * over many turns. Whatever the orders: no exception; starships appear only by
 * building and vanish only by recorded events; treasuries never go negative;
 * every sector has exactly one owner that exists; results are deterministic.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { GeEvent } from "../../src/rules/galactic-empires/events.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { type GameState, INDEPENDENT } from "../../src/rules/galactic-empires/model.js";
import { type Orders, orderSchema } from "../../src/rules/galactic-empires/orders.js";
import { randomOrders } from "../../src/rules/galactic-empires/random-orders.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";

function shipsByOwner(s: GameState): Map<string, number> {
  const m = new Map<string, number>();
  for (const u of Object.values(s.units)) for (const st of u.ships) m.set(u.owner, (m.get(u.owner) ?? 0) + st.count);
  return m;
}

function checkInvariants(before: GameState, after: GameState, events: readonly GeEvent[]): void {
  // Every starship count change of every owner is explained by a ledger event.
  const b = shipsByOwner(before);
  const a = shipsByOwner(after);
  const ledger = new Map<string, number>();
  for (const e of events) if (e.kind === "ships") ledger.set(e.empire, (ledger.get(e.empire) ?? 0) + e.delta);
  for (const owner of new Set([...a.keys(), ...b.keys(), ...ledger.keys()])) {
    expect((a.get(owner) ?? 0) - (b.get(owner) ?? 0), `starship count change of ${owner} = its recorded events`).toBe(
      ledger.get(owner) ?? 0,
    );
  }
  for (const e of events) if (e.kind === "ships" && e.delta > 0) expect(["built", "defeated", "gift"]).toContain(e.reason);
  for (const e of Object.values(after.empires)) expect(e.treasury, `treasury of ${e.id}`).toBeGreaterThanOrEqual(0);
  for (const s of after.sectors) {
    expect(s.owner === INDEPENDENT || after.empires[s.owner] !== undefined, `owner of sector ${s.id}`).toBe(true);
    expect(s.damage).toBeGreaterThanOrEqual(0);
    expect(s.damage).toBeLessThanOrEqual(3);
    expect(s.defence.damage).toBeLessThanOrEqual(s.defence.level);
    expect(s.defence.level).toBeLessThanOrEqual(12);
  }
  for (const u of Object.values(after.units)) {
    expect(
      after.sectors.some((s) => s.id === u.sector),
      `unit ${u.id} is in a sector`,
    ).toBe(true);
    for (const st of u.ships) expect(st.count).toBeGreaterThan(0);
    for (const id of u.admirals) expect(after.admirals[id]?.unit).toBe(u.id);
  }
  const starfleets = new Map<string, number>();
  for (const u of Object.values(after.units)) if (u.kind === "starfleet") starfleets.set(u.owner, (starfleets.get(u.owner) ?? 0) + 1);
  for (const [owner, n] of starfleets) if (owner !== INDEPENDENT) expect(n).toBeLessThanOrEqual(99);
}

/** An arbitrary order, mostly nonsense: any type with random fields. */
const arbitraryOrder = fc
  .record({
    type: fc.constantFrom(...orderSchema.options.map((o) => o.shape.type.value)),
    unit: fc.oneof(fc.constantFrom("A5", "A6", "A7", "G1", "G5", "G18", "new1"), fc.string()),
    to: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer()),
    empire: fc.constantFrom("klingon", "romulan", "federation", "independent", "nobody"),
    sector: fc.integer({ min: -2, max: 25 }),
    starship: fc.constantFrom(
      "klingon/hawk-heavy-cruiser",
      "romulan/hawk-heavy-cruiser",
      "federation-a/norway-class-destroyer",
      "nonsense",
    ),
    count: fc.integer({ min: 1, max: 50 }),
    rank: fc.integer({ min: 1, max: 5 }),
    level: fc.integer({ min: 1, max: 5 }),
    levels: fc.integer({ min: 1, max: 12 }),
    amount: fc.integer({ min: 1, max: 500 }),
    grant: fc.boolean(),
    accept: fc.boolean(),
    value: fc.boolean(),
    text: fc.string({ maxLength: 80 }),
    name: fc.string({ minLength: 1, maxLength: 20 }),
    ref: fc.constant("new1"),
    at: fc.constantFrom("G1", "G5", "G18", "A5"),
    from: fc.constantFrom("G1", "G5", "G18", "A5", "A6", "A7"),
    toRank: fc.integer({ min: 1, max: 5 }),
    admiral: fc.constantFrom("ADM1", "ADM9"),
    leader: fc.constantFrom(null, "A5", "A6"),
  })
  .map((r) => {
    // Keep only what the order type's schema knows; the rest would be rejected as noise.
    const parsed = orderSchema.safeParse(r.type === "transfer" || r.type === "transferAdmiral" ? { ...r, to: r.unit } : r);
    return parsed.success ? parsed.data : { type: "wait" as const, unit: r.unit };
  });

describe("galactic-empires properties", () => {
  it("fast-check: arbitrary orders for every empire never throw and keep the invariants", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.array(arbitraryOrder, { maxLength: 25 }), { minLength: 3, maxLength: 3 }),
        (seed, lists) => {
          const s = createTutorial(seed);
          const orders: Record<string, Orders> = {
            federation: { orders: lists[0] ?? [] },
            klingon: { orders: lists[1] ?? [] },
            romulan: { orders: lists[2] ?? [] },
          };
          const res = galacticEmpires.resolve(s, orders, Rng.forTurn(seed, 1));
          checkInvariants(s, res.state, res.events);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("many turns of random orders (plausible and nonsensical): invariants hold every turn, and re-running each turn is byte-identical", () => {
    for (const seed of [11, 12, 13]) {
      let s = createTutorial(seed);
      for (let t = 1; t <= 15; t++) {
        const rng = Rng.forTurn(seed, t, "orders");
        const orders: Record<string, Orders> = {};
        for (const e of galacticEmpires.awaiting(s)) orders[e] = randomOrders(s, e, rng, 20);
        const res = galacticEmpires.resolve(s, orders, Rng.forTurn(seed, t));
        const again = galacticEmpires.resolve(JSON.parse(JSON.stringify(s)), orders, Rng.forTurn(seed, t));
        expect(canonicalJson(again)).toBe(canonicalJson(res));
        checkInvariants(s, res.state, res.events);
        s = res.state;
      }
    }
  });
});
