/** Issue 13 "Shot odds": `starhost space-war odds --input FILE [--exact | --runs N --seed S] [--json]`. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { oddsTool } from "../../src/rules/space-war/the-turn/odds.js";

const SHOTS_FILE = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "examples", "space-war", "shots.json"), "utf8"));

type Json = { pHitPerShot: number[]; meanHits: number; meanDamaged: number; damagedDistribution: number[]; pDestroyed: number };
const run = (input: unknown, options: Record<string, unknown> = {}) => oddsTool.run(input, options);
/** The largest shots input the odds take (100 of each kind, every card): bench/space-war-odds.bench.ts times it. */
const LARGEST_INPUT = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "..", "examples", "space-war", "largest-shots.json"), "utf8"),
);
const target = (t: object = {}) => ({ kind: "vessel", powered: true, modules: 6, damaged: 0, armour: 2, electronics: 0, ...t });

describe("odds tool", () => {
  it("the issue's example, exact: Superior Lasers make 5+ lasers at a powered vessel 4+", () => {
    const out = run(SHOTS_FILE, { exact: true });
    expect(out.ok).toBe(true);
    expect(Object.keys(out.json as object)).toEqual(["pHitPerShot", "meanHits", "meanDamaged", "damagedDistribution", "pDestroyed"]);
    expect(out.json).toEqual({
      pHitPerShot: [0.5],
      meanHits: 1,
      meanDamaged: 0.666667,
      damagedDistribution: [0.444444, 0.444444, 0.111111, 0, 0, 0, 0],
      pDestroyed: 0,
    });
    expect(out.text).toBe(
      [
        "Shot odds (exact): a powered vessel target of 6 modules, 0 damaged; armour 2 (a hit damages on 3+), electronics 0",
        '  2 laser shot(s): Lasers, range 12", needs 4+: 50.0% a shot',
        "mean hits 1; mean modules damaged 0.667",
        "modules damaged: 0: 44.4%, 1: 44.4%, 2: 11.1%, 3: 0.0%, 4: 0.0%, 5: 0.0%, 6: 0.0%",
        "destroyed (every module damaged, l.404): 0.0%",
      ].join("\n"),
    );
  });
  it("exact without --runs; rolled with --runs and --seed, the same seed giving the same figures", () => {
    expect(run(SHOTS_FILE).json).toEqual(run(SHOTS_FILE, { exact: true }).json);
    const a = run(SHOTS_FILE, { runs: 20_000, seed: 9 });
    const b = run(SHOTS_FILE, { runs: 20_000, seed: 9 });
    expect(a.json).toEqual(b.json);
    expect(a.text).toContain("Shot odds (20,000 runs, seed 9)");
    expect(Math.abs((a.json as Json).meanDamaged - 2 / 3)).toBeLessThan(0.03);
  });
  it("the target's medals and cards count as armour and electronics; the firer's cards as the rules say", () => {
    // Star + Corporation + Better Armour: armour 2 + 3 = 5, a hit damages on 6+.
    const armoured = run({
      shots: [{ weapon: "laser", count: 1 }],
      target: target({ medals: ["star", "corporation"], cards: ["better-armour"] }),
    });
    expect(armoured.text).toContain("armour 5 (a hit damages on 6+)");
    expect((armoured.json as Json).meanDamaged).toBeCloseTo((2 / 6) * (1 / 6), 6);
    // Tek + one Electronics module: missiles at a powered fighter read "v. 2 or more": no hit.
    const tek = run({
      shots: [{ weapon: "missile", count: 4 }],
      cards: ["better-missiles"],
      target: target({ kind: "fighter", modules: 3, armour: 0, electronics: 1, medals: ["tek"] }),
    });
    expect((tek.json as Json).pHitPerShot).toEqual([0]);
    expect(tek.text).toContain("Missiles v. 2 or more Electronics");
    // Superior Expendables: two volleys are 18 shots; at an un-powered craft 5+.
    const em = run({
      shots: [{ weapon: "expendables", count: 2 }],
      cards: ["superior-expendables"],
      target: target({ powered: false, armour: 0 }),
    });
    expect(em.text).toContain("2 volley(s) of expendables (18 shots)");
    expect((em.json as Json).meanHits).toBeCloseTo(6, 6);
    // An Ace with Superior Lasers at an un-powered craft: 3+ becomes 2+ and no better (l.11).
    const ace = run({ shots: [{ weapon: "laser", count: 1, ace: true }], cards: ["superior-lasers"], target: target({ powered: false }) });
    expect((ace.json as Json).pHitPerShot[0]).toBeCloseTo(5 / 6, 6);
  });
  it("exact odds of the largest input: a whole distribution (its time is bench/space-war-odds.bench.ts's, budget 10 ms)", () => {
    const out = run(LARGEST_INPUT, { exact: true });
    expect(out.ok).toBe(true);
    const j = out.json as Json;
    // 12 modules: the craft is destroyed with the twelfth damaged; the distribution sums to one.
    expect(j.damagedDistribution).toHaveLength(13);
    expect(j.damagedDistribution.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 9);
    expect(j.pDestroyed).toBeCloseTo(j.damagedDistribution[12] ?? -1, 9);
  });
  it("refuses bad inputs, a Problem each", () => {
    const refused = (input: unknown) => {
      const out = run(input);
      expect(out.ok).toBe(false);
      expect(out.refused).toBe(true);
      return out.text;
    };
    expect(refused({ shots: [], target: target() })).toContain("shots: at least one");
    expect(refused({ shots: [{ weapon: "phaser", count: 1 }], target: target() })).toContain("weapon: one of expendables, laser, missile");
    expect(refused({ shots: [{ weapon: "laser", count: 0 }], target: target() })).toContain("count: at least 1");
    expect(refused({ shots: [{ weapon: "laser", count: 1 }], target: target({ kind: "station" }) })).toContain("kind: vessel or fighter");
    expect(refused({ shots: [{ weapon: "laser", count: 1 }], target: target({ modules: 4, damaged: 4 }) })).toContain("destroyed (l.404)");
    expect(refused({ shots: [{ weapon: "laser", count: 1 }], target: target({ modules: 3, armour: 2, electronics: 1 }) })).toContain(
      "only 3 module(s) undamaged",
    );
    expect(refused({ shots: [{ weapon: "missile", count: 1, ace: true }], target: target() })).toContain("Better when firing Lasers");
    expect(refused({ shots: [{ weapon: "laser", count: 1 }], cards: ["cloaking"], target: target() })).toContain("a technology card");
    expect(refused({ shots: [{ weapon: "laser", count: 1 }], target: target({ medals: ["ace", "ace"] }) })).toContain("two of same Medal");
    expect(refused({ shots: [{ weapon: "laser", count: 1 }], target: target(), range: 5 })).toContain("range");
    expect(refused("shots")).toBeTruthy();
    const json = run({ shots: [{ weapon: "laser", count: 1, ace: 3 }], target: {} }).json as {
      ok: boolean;
      problems: { order: string; code: string }[];
    };
    expect(json.ok).toBe(false);
    expect(json.problems.map((p) => p.order)).toEqual(
      expect.arrayContaining(["shots[0].ace", "target.kind", "target.powered", "target.modules"]),
    );
  });
});
