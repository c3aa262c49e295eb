/**
 * Property tests (fast-check) that every registered ruleset passes through its `Ruleset` record alone (brief: "Property
 * tests (fast-check) throw random input at every ruleset"). At each step of a game, each awaited seat gets the
 * random-legal bot's orders with some of them mutated (a field set to another seat's id, an unknown id, a number out
 * of range, a string where a list belongs, a point off the table) and raw orders of known and unknown types. Whatever
 * the orders:
 *  - parsing, the check, the step and every seat's view never throw;
 *  - every refused order is a Problem with a stable code and a message that says what is wrong;
 *  - the step is deterministic (the same state, orders and seed: the same result, byte for byte);
 *  - the state after the step parses back (save and load), and the step number goes up by exactly one.
 * The rulesets' own property tests (battleshift/properties, galactic-empires/properties) add their invariants.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { AnyRuleset } from "../../src/core/ruleset.js";
import { newGame } from "../../src/host/lifecycle.js";
import { allRulesets } from "../../src/host/registry.js";

/** A small game of each ruleset (the lifecycle test's), so a run of many steps stays quick. */
const SCENARIO: Record<string, string> = { "galactic-empires": "tutorial", battleshift: "playtest" };

/** Every string the state names as an id or a record key: the pool mutated orders draw from. */
function idsIn(state: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      for (const x of v.slice(0, 50)) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      if (/^[\w-]{1,32}$/.test(k) && out.size < 400) out.add(k);
      if ((k === "id" || k === "seat" || k === "owner") && typeof x === "string") out.add(x);
      walk(x, depth + 1);
    }
  };
  walk(state, 0);
  return [...out].sort();
}

/** A field's new value: an id of the game, an unknown one, a number, a string, a list, a point, nothing. */
const junk = (ids: readonly string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.constantFrom("nobody", "", "x".repeat(40), "<script>", "../../etc") },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 1_000 }) },
    { weight: 1, arbitrary: fc.double({ min: -100, max: 200, noNaN: true }) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...ids), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.record({ x: fc.integer({ min: -10, max: 120 }), y: fc.integer({ min: -10, max: 120 }) }) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, []) },
  );

/** One change to the step's orders: mutate the n-th legal order's k-th field, or add a raw order of some type. */
const change = (ids: readonly string[]) =>
  fc.record({
    kind: fc.constantFrom("mutate", "mutate", "raw"),
    n: fc.nat(),
    k: fc.nat(),
    type: fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 10 })),
    value: junk(ids),
  });
type Change = { kind: string; n: number; k: number; type: string; value: unknown };

/** The bot's legal orders with the changes made: the raw orders a careless or hostile player might send. */
function rawOrders(legal: readonly Record<string, unknown>[], changes: readonly Change[]): unknown[] {
  const out: unknown[] = legal.map((o) => structuredClone(o));
  const types = [...new Set(legal.map((o) => String(o.type)))];
  for (const c of changes) {
    if (c.kind === "raw" || out.length === 0) {
      const type = types.length > 0 && c.n % 2 === 0 ? (types[c.n % types.length] as string) : c.type;
      out.push({ type, [["craft", "ships", "to", "target", "at", "squadron", "units"][c.k % 7] as string]: c.value });
      continue;
    }
    const o = out[c.n % out.length] as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => k !== "type");
    if (keys.length === 0) continue;
    o[keys[c.k % keys.length] as string] = c.value;
  }
  return out;
}

function checkProblems(list: readonly { code: string; message: string; order?: string }[], where: string): void {
  for (const p of list) {
    expect(typeof p.code === "string" && /^[a-z0-9][a-z0-9-]*$/.test(p.code), `${where}: "${p.code}" is a stable code`).toBe(true);
    expect(p.message.length, `${where}: problem ${p.code} says what is wrong`).toBeGreaterThan(10);
  }
}

/** Plays the steps; returns how many problems the parse, the check and the steps reported (the changes reach the rules). */
function play(ruleset: AnyRuleset, seed: number, steps: readonly (readonly Change[])[]): number {
  let problems = 0;
  const made = newGame({ id: "prop", ruleset, scenario: SCENARIO[ruleset.id] ?? ruleset.defaultScenario, inputs: {}, seed });
  if (!made.ok) throw new Error(made.error.map((p) => p.message).join("; "));
  let state = made.value.state;
  for (const [i, changes] of steps.entries()) {
    if (ruleset.outcome(state)) break;
    const orders: Record<string, unknown> = {};
    for (const seat of ruleset.awaiting(state)) {
      const legal = (ruleset.randomOrders(state, seat, Rng.forTurn(seed, i, `legal:${seat}`)) as { orders?: Record<string, unknown>[] })
        .orders;
      const raw = rawOrders(legal ?? [], changes);
      const parsed = ruleset.parseOrders({ orders: raw });
      checkProblems(parsed.problems, `${ruleset.id} step ${i} ${seat} parse`);
      expect(parsed.refused, "orders in a well-formed file are never refused as a whole").toEqual([]);
      const check = ruleset.check(state, seat, parsed.orders);
      checkProblems(check.problems, `${ruleset.id} step ${i} ${seat} check`);
      problems += parsed.problems.length + check.problems.length;
      orders[seat] = parsed.orders;
    }
    const before = ruleset.step(state);
    const copy = JSON.parse(JSON.stringify(state));
    const res = ruleset.resolve(state, orders, Rng.forTurn(seed, before));
    const again = ruleset.resolve(copy, orders, Rng.forTurn(seed, before));
    expect(canonicalJson(again), `${ruleset.id} step ${i}: the same state, orders and seed give the same step`).toBe(canonicalJson(res));
    for (const [seat, list] of Object.entries(res.problems)) checkProblems(list, `${ruleset.id} step ${i} ${seat} resolve`);
    const parsed = ruleset.parseState(JSON.parse(JSON.stringify(res.state)));
    expect(parsed.ok, `${ruleset.id} step ${i}: the state after the step parses back`).toBe(true);
    if (!ruleset.outcome(res.state)) expect(ruleset.step(res.state)).toBe(before + 1);
    for (const seat of ruleset.seats(res.state)) ruleset.knownState(res.state, seat);
    state = res.state;
  }
  return problems;
}

for (const ruleset of allRulesets()) {
  describe(`${ruleset.id}: arbitrary and mutated orders (fast-check)`, () => {
    it("never throw, are refused order by order with a code and a message, and leave a deterministic step whose state parses back", () => {
      const made = newGame({ id: "ids", ruleset, scenario: SCENARIO[ruleset.id] ?? ruleset.defaultScenario, inputs: {}, seed: 1 });
      if (!made.ok) throw new Error("no game");
      const ids = idsIn(made.value.state);
      let reported = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1_000_000 }),
          fc.array(fc.array(change(ids), { maxLength: 6 }), { minLength: 3, maxLength: 8 }),
          (seed, steps) => {
            reported += play(ruleset, seed, steps);
          },
        ),
        { numRuns: 15 },
      );
      expect(reported, "the changed orders reach the rules and are refused there").toBeGreaterThan(15);
    }, 240_000);
  });
}
