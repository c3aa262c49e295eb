/**
 * The checks every ruleset passes (open_spiel style): random playthroughs from
 * random (often illegal) orders, asserting that
 *  - nothing throws: bad orders become problems, never exceptions;
 *  - a step is deterministic: same state, orders and seed give byte-identical results;
 *  - the state survives a save/load (JSON) round trip and resolves identically after it;
 *  - orders survive the schema (JSON round trip through `ordersSchema`);
 *  - no seat's view holds a fact that seat may not see (`secrets`).
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { AnyRuleset } from "../../src/core/ruleset.js";

export interface HarnessOptions {
  scenario: string;
  seeds: number[];
  turns: number;
  /** Extra invariant checked after every step (throws or uses expect). */
  invariant?: (before: unknown, after: unknown, events: readonly unknown[]) => void;
}

export function rulesetHarness(ruleset: AnyRuleset, opts: HarnessOptions): void {
  const scenario = ruleset.scenarios[opts.scenario];
  describe(`${ruleset.id}: shared ruleset harness (${opts.scenario}, ${opts.seeds.length} seeds x ${opts.turns} turns)`, () => {
    it("has the scenario", () => {
      expect(scenario, `scenario ${opts.scenario}`).toBeDefined();
    });
    for (const seed of opts.seeds) {
      it(`random game ${seed}: no exception, deterministic, round-trips, views keep secrets`, () => {
        if (!scenario) return;
        let state = scenario.create({ seed });
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
          const before = canonicalJson(state);
          const a = ruleset.resolve(state, orders, Rng.forTurn(seed, ruleset.turn(state)));
          expect(canonicalJson(state), "resolve must not change its input").toBe(before);
          const reloaded = JSON.parse(JSON.stringify(state));
          const b = ruleset.resolve(reloaded, JSON.parse(JSON.stringify(orders)), Rng.forTurn(seed, ruleset.turn(state)));
          expect(canonicalJson(b.state), "same state, orders and seed: same next state").toBe(canonicalJson(a.state));
          expect(canonicalJson(b.events), "same state, orders and seed: same events").toBe(canonicalJson(a.events));
          opts.invariant?.(state, a.state, a.events);
          for (const seat of ruleset.seats(a.state)) {
            const view = canonicalJson(ruleset.view(a.state, seat, a.events));
            for (const needle of ruleset.secrets(a.state, seat, a.events)) {
              expect(view.includes(needle), `view of ${seat} after step ${t} reveals ${needle}`).toBe(false);
            }
          }
          state = a.state;
        }
      });
    }
  });
}
