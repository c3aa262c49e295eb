/**
 * The checks every ruleset passes (open_spiel style): random playthroughs from
 * random (often illegal) orders, asserting that
 *  - nothing throws: bad orders become problems, never exceptions;
 *  - a step is deterministic: same state, orders and seed give byte-identical results;
 *  - the state survives a save/load (JSON) round trip and resolves identically after it;
 *  - orders survive the schema (JSON round trip through `ordersSchema`);
 *  - no seat's view holds a fact that seat may not see (`secrets`);
 *  - parseState and parseOrders answer junk with problems, never an exception;
 *  - every seat gets a report; awaited seats are seats; every step adds one to the step number;
 *  - legalOrders offers only known order types; knownState keeps the seat's secrets from others.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { AnyRuleset } from "../../src/core/ruleset.js";
import { deepFreeze } from "../../src/store/frozen.js";

export interface HarnessOptions {
  scenario: string;
  seeds: number[];
  turns: number;
  /** Extra invariant checked after every step (throws or uses expect). */
  invariant?: (before: unknown, after: unknown, events: readonly unknown[]) => void;
}

/**
 * The needles of `ruleset.secrets` for `seat` that `text` holds: what the seat may not see and yet finds
 * there. `menus` text (legalOrders, order menus) names ids bare, so a needle `"id":"A17"` is looked for
 * as `"A17"` too. Shared by this harness and the server's leak tests (test/server/leaks.test.ts).
 */
export function revealedSecrets(
  ruleset: AnyRuleset,
  state: unknown,
  seat: string,
  events: readonly unknown[],
  text: string,
  opts: { menus?: boolean } = {},
): string[] {
  return (ruleset.secrets(state, seat, events) as string[]).filter(
    (needle) => text.includes(needle) || (opts.menus === true && text.includes(needle.replace(/^"id":/, ""))),
  );
}

export function rulesetHarness(ruleset: AnyRuleset, opts: HarnessOptions): void {
  const scenario = ruleset.scenarios[opts.scenario];
  describe(`${ruleset.id}: shared ruleset harness (${opts.scenario}, ${opts.seeds.length} seeds x ${opts.turns} turns)`, () => {
    it("has the scenario", () => {
      expect(scenario, `scenario ${opts.scenario}`).toBeDefined();
    });
    it("parseState and parseOrders answer junk with problems, never an exception", () => {
      const junk: unknown[] = [
        null,
        undefined,
        0,
        -1,
        1e308,
        "",
        "x",
        [],
        [1, 2],
        {},
        { orders: 5 },
        { orders: [null, 1, "a"] },
        { __proto__: { a: 1 } },
        JSON.parse('{"__proto__": {"x": 1}, "constructor": "y"}'),
        { empire: "../../evil", side: "__proto__", turn: -3, step: 1e308 },
      ];
      for (const j of junk) {
        const st = ruleset.parseState(j);
        expect(st.ok, `parseState(${JSON.stringify(j)})`).toBe(false);
        if (!st.ok) expect(st.error.length).toBeGreaterThan(0);
        const o = ruleset.parseOrders(j);
        expect(Array.isArray(o.problems) && Array.isArray(o.refused)).toBe(true);
      }
    });
    for (const seed of opts.seeds) {
      it(`random game ${seed}: no exception, deterministic, round-trips, views keep secrets`, () => {
        if (!scenario) return;
        // States are frozen as a store with a cache shares them (src/store/frozen.ts): nothing below may change one.
        let state = deepFreeze(scenario.create(seed, {}));
        expect(canonicalJson(JSON.parse(JSON.stringify(state)))).toBe(canonicalJson(state));
        for (let t = 0; t < opts.turns; t++) {
          if (ruleset.outcome(state)) break;
          const ordersRng = Rng.forTurn(seed, t, "harness-orders");
          const orders: Record<string, unknown> = {};
          for (const seat of ruleset.awaiting(state)) {
            const raw = ruleset.randomOrders(state, seat, ordersRng);
            const parsed = ruleset.ordersSchema.safeParse(JSON.parse(JSON.stringify(raw)));
            expect(parsed.success, `orders of ${seat} at step ${t} fit the schema`).toBe(true);
            orders[seat] = parsed.data;
            const check = ruleset.check(state, seat, parsed.data);
            expect(Array.isArray(check.lines)).toBe(true);
          }
          for (const seat of ruleset.awaiting(state)) expect(ruleset.seats(state), "awaited seats are seats").toContain(seat);
          for (const seat of ruleset.awaiting(state)) {
            const options = ruleset.legalOrders(state, seat);
            expect(options.seat).toBe(seat);
            for (const o of options.orders) {
              const p = ruleset.parseOrders({ orders: [{ type: o.type }] });
              expect(
                p.problems.map((x) => x.code),
                `${o.type} is an order type the parser knows`,
              ).not.toContain("unknown-order-type");
            }
          }
          const before = canonicalJson(state);
          const a = ruleset.resolve(state, orders, Rng.forTurn(seed, ruleset.step(state)));
          expect(canonicalJson(state), "resolve must not change its input").toBe(before);
          const reloaded = JSON.parse(JSON.stringify(state));
          const b = ruleset.resolve(reloaded, JSON.parse(JSON.stringify(orders)), Rng.forTurn(seed, ruleset.step(state)));
          expect(canonicalJson(b.state), "same state, orders and seed: same next state").toBe(canonicalJson(a.state));
          expect(canonicalJson(b.events), "same state, orders and seed: same events").toBe(canonicalJson(a.events));
          opts.invariant?.(state, a.state, a.events);
          expect(ruleset.step(a.state), "every step adds one to the step number").toBe(ruleset.step(state) + 1);
          expect(typeof ruleset.label(a.state)).toBe("string");
          for (const seat of ruleset.seats(a.state)) {
            const view = canonicalJson(ruleset.view(a.state, seat, a.events));
            const known = canonicalJson(ruleset.knownState(a.state, seat));
            const menus = canonicalJson(ruleset.legalOrders(a.state, seat));
            const report = ruleset.report(a.state, seat, a.events);
            expect(typeof report.text).toBe("string");
            const reportJson = canonicalJson(report.json);
            expect(revealedSecrets(ruleset, a.state, seat, a.events, view), `view of ${seat} after step ${t} reveals`).toEqual([]);
            expect(revealedSecrets(ruleset, a.state, seat, a.events, reportJson), `report of ${seat} after step ${t} reveals`).toEqual([]);
            expect(revealedSecrets(ruleset, a.state, seat, a.events, known), `knownState of ${seat} after step ${t} holds`).toEqual([]);
            expect(
              revealedSecrets(ruleset, a.state, seat, a.events, menus, { menus: true }),
              `legalOrders of ${seat} after step ${t} name`,
            ).toEqual([]);
          }
          state = deepFreeze(a.state);
        }
      }, 300_000); // a whole random game with its checks: about 40 s alone, far more on a loaded machine
    }
  });
}
