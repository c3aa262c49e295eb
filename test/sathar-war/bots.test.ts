/**
 * Issue 12 "Play": "Bots for both sides ... Measured over 50 seeded campaigns: each side's bot beats a random-legal
 * opponent in at least 90%; report bot against bot results." A whole campaign takes seconds, so CI plays 10 seeded
 * campaigns per matchup (seeds 1-10) and bench/sathar-war-campaign.bench.ts plays the 50 (seeds 1-50) and prints the
 * same table. "Beats" is the war's outcome: the side's victory (a draw or a defeat is not a win).
 */
import { describe, expect, it } from "vitest";
import { normalOrders } from "../../src/rules/sathar-war/bot/bot.js";
import { knownState } from "../../src/rules/sathar-war/presentation/known-state.js";
import { type Campaign, playCampaign, row, TABLE_HEAD, tally } from "./bots-support.js";

const CI_CAMPAIGNS = 10;
const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const LONG = 600_000;

describe("Play: the normal bots against random-legal opponents (10 seeded campaigns each in CI; 50 in the bench)", () => {
  const table: string[] = [];
  let satharVsRandom: Campaign[] = [];
  let upfVsRandom: Campaign[] = [];

  it(
    "the normal Sathar beat a random UPF in at least 90% of campaigns, and every campaign ends",
    () => {
      satharVsRandom = seeds(CI_CAMPAIGNS).map((s) => playCampaign(s, "normal", "random", ["sathar"]));
      table.push(row("normal Sathar vs random UPF", "sathar", satharVsRandom));
      const t = tally(satharVsRandom);
      expect(t.none).toBe(0);
      expect(t.sathar / CI_CAMPAIGNS).toBeGreaterThanOrEqual(0.9);
      // Orders the rules refuse show as problem events: the normal bot gives none.
      expect(satharVsRandom.flatMap((c) => c.problems)).toEqual([]);
    },
    LONG,
  );

  it(
    "the normal UPF beat random Sathar in at least 90% of campaigns, and every campaign ends",
    () => {
      upfVsRandom = seeds(CI_CAMPAIGNS).map((s) => playCampaign(s, "random", "normal", ["upf"]));
      table.push(row("normal UPF vs random Sathar", "upf", upfVsRandom));
      const t = tally(upfVsRandom);
      expect(t.none).toBe(0);
      expect(t.upf / CI_CAMPAIGNS).toBeGreaterThanOrEqual(0.9);
      expect(upfVsRandom.flatMap((c) => c.problems)).toEqual([]);
    },
    LONG,
  );

  it(
    "bot against bot (reported, not held to a figure): every campaign ends",
    () => {
      const both = seeds(5).map((s) => playCampaign(s, "normal", "normal", ["sathar", "upf"]));
      table.push(row("normal Sathar vs normal UPF (Sathar's view)", "sathar", both));
      expect(tally(both).none).toBe(0);
      expect(both.flatMap((c) => c.problems)).toEqual([]);
      console.log(`Sathar War bots, seeds 1-${CI_CAMPAIGNS} (bot vs bot 1-5):\n${TABLE_HEAD}\n${table.join("\n")}`);
    },
    LONG,
  );
});

describe("the normal bots' orders", () => {
  it(
    "pass the rules' check (satharWar.check) at every step of two campaigns, both sides normal",
    () => {
      for (const seed of [3, 4]) {
        const c = playCampaign(seed, "normal", "normal", ["sathar", "upf"], { check: true });
        expect(c.problems).toEqual([]);
        expect(c.state.outcome).toBeDefined();
      }
    },
    LONG,
  );

  it(
    "are deterministic: the same seed plays the same campaign, and the same known state gives the same orders",
    () => {
      const a = playCampaign(2, "normal", "normal");
      const b = playCampaign(2, "normal", "normal");
      expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
      const mid = playCampaign(2, "normal", "normal", [], { maxSteps: 41 }).state;
      for (const seat of ["sathar", "upf"])
        expect(JSON.stringify(normalOrders(knownState(mid, seat), seat))).toBe(JSON.stringify(normalOrders(knownState(mid, seat), seat)));
    },
    LONG,
  );

  it("decide from the known state: the UPF's orders are the same whatever the Sathar's secret retreat condition", () => {
    // Day 1's UPF move: the third step after the two set-ups.
    const mid = playCampaign(2, "normal", "normal", [], { maxSteps: 3 }).state;
    expect(mid.phase).toBe("upf-move");
    const orders = [1, 2, 3, 4, 5].map((n) => JSON.stringify(normalOrders(knownState({ ...mid, retreatCondition: n }, "upf"), "upf")));
    expect(new Set(orders).size).toBe(1);
    expect(JSON.parse(orders[0] ?? "{}").orders.length).toBeGreaterThan(0);
  });
});
