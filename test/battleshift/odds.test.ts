/**
 * Volley odds (issue 4): exact odds (enumerated) against sampled odds over the engine's
 * `resolveAttack`, input checks naming the field, and `starhost battleshift odds` end to end.
 * Tolerance of the statistical checks: 4 standard errors (of the sample, per figure).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { type Attack, resolveAttack, type TargetSquadron } from "../../src/rules/battleshift/combat/combat.js";
import { exactOdds, monteCarloOdds, parseOddsInput } from "../../src/rules/battleshift/combat/odds.js";

const ISSUE_INPUT = {
  attack: { weapon: "heavy", dice: 8, targeting: 4 },
  target: { ships: 5, size: 3, shieldsPerShip: 2, hardness: 4, hull: 4, damageTaken: 0, hullRule: "normal" },
} as const;

const target = (over: Partial<TargetSquadron> = {}): TargetSquadron => ({ ...(ISSUE_INPUT.target as TargetSquadron), ...over });

describe("exact odds", () => {
  it("one light die at 4 on a lone unshielded hull-1 destroyer: hits 2/3, suppressed 2/3, destroyed 1/3", () => {
    const o = exactOdds(
      { weapon: "light", dice: 1, targeting: 4 },
      { ships: 1, size: 1, shieldsPerShip: 0, hardness: 4, hull: 1, damageTaken: 0, hullRule: "normal" },
    );
    expect(o.meanHits).toBeCloseTo(2 / 3, 12);
    expect(o.suppressedRate).toBeCloseTo(2 / 3, 12);
    expect(o.meanDamage).toBeCloseTo(2 / 3, 12);
    expect(o.meanShipsDestroyed).toBeCloseTo(1 / 3, 12);
    expect(o.destroyedDistribution.map((p) => Number(p.toFixed(12)))).toEqual([Number((2 / 3).toFixed(12)), Number((1 / 3).toFixed(12))]);
  });
  it("the issue's example: 8 heavy dice at 4 hit 16/3 on average; the distribution has ships + 1 entries summing to 1", () => {
    const o = exactOdds(ISSUE_INPUT.attack as Attack, target());
    expect(o.meanHits).toBeCloseTo(16 / 3, 12);
    expect(o.destroyedDistribution).toHaveLength(6);
    expect(o.destroyedDistribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const mean = o.destroyedDistribution.reduce((t, p, k) => t + k * p, 0);
    expect(o.meanShipsDestroyed).toBeCloseTo(mean, 12);
  });
  it("a suppressed-already target is never suppressed again; missiles hit without rolling", () => {
    expect(exactOdds(ISSUE_INPUT.attack as Attack, target({ suppressedAlready: true })).suppressedRate).toBe(0);
    const m = exactOdds({ weapon: "missile", dice: 6, targeting: 0 }, target());
    expect(m.meanHits).toBe(6);
    expect(m.suppressedRate).toBe(1);
  });

  const cases: [string, Attack, TargetSquadron][] = [
    ["the issue's example (8 heavy at 4 on five size-3 cruisers)", ISSUE_INPUT.attack as Attack, target()],
    [
      "light batteries on a damaged hardened squadron near its total",
      { weapon: "light", dice: 12, targeting: 4 },
      target({ hullRule: "hardened", damageTaken: 15 }),
    ],
    [
      "fighters (one save per hit) on a flimsy squadron",
      { weapon: "fighter", dice: 14, targeting: 3 },
      target({ hullRule: "flimsy", ships: 7 }),
    ],
    ["missile locks, 3 missiles a ship", { weapon: "missile", dice: 4, targeting: 4, missilesPerShip: 3 }, target({ damageTaken: 6 })],
    [
      "super heavy batteries firing to disable",
      { weapon: "heavy", dice: 10, targeting: 4, superHeavy: true, disable: true },
      target({ damageTaken: 10 }),
    ],
    [
      "heavy ion beams on two disabled of four",
      { weapon: "heavy", dice: 12, targeting: 4, heavyIon: true },
      target({ ships: 4, disabled: 2, damageTaken: 12, totalHull: 20 }),
    ],
    [
      "big ships: size 8 titans, hull 9",
      { weapon: "heavy", dice: 20, targeting: 3 },
      { ships: 2, size: 8, shieldsPerShip: 4, hardness: 4, hull: 9, damageTaken: 0, hullRule: "normal" },
    ],
  ];
  for (const [name, attack, tgt] of cases) {
    it(`exact and sampled odds agree within 4 standard errors: ${name}`, () => {
      const exact = exactOdds(attack, tgt);
      const n = 40_000;
      const rng = Rng.fromSeed(2024);
      const sums = { hits: 0, hits2: 0, dmg: 0, dmg2: 0, sup: 0, kills: 0, kills2: 0 };
      const bins = new Array<number>(tgt.ships + 1).fill(0);
      for (let i = 0; i < n; i++) {
        const o = resolveAttack(attack, tgt, rng);
        sums.hits += o.hits;
        sums.hits2 += o.hits * o.hits;
        sums.dmg += o.damage;
        sums.dmg2 += o.damage * o.damage;
        sums.kills += o.destroyed;
        sums.kills2 += o.destroyed * o.destroyed;
        if (o.suppressed) sums.sup++;
        bins[o.destroyed] = (bins[o.destroyed] as number) + 1;
      }
      const within = (label: string, sum: number, sum2: number, expected: number) => {
        const mean = sum / n;
        const se = Math.sqrt(Math.max(0, sum2 / n - mean * mean) / n);
        expect(Math.abs(mean - expected), `${label}: sampled ${mean}, exact ${expected}, se ${se}`).toBeLessThanOrEqual(4 * se + 1e-9);
      };
      within("mean hits", sums.hits, sums.hits2, exact.meanHits);
      within("mean damage", sums.dmg, sums.dmg2, exact.meanDamage);
      within("mean ships destroyed", sums.kills, sums.kills2, exact.meanShipsDestroyed);
      within("suppressed rate", sums.sup, sums.sup, exact.suppressedRate);
      exact.destroyedDistribution.forEach((p, k) => {
        const se = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs((bins[k] as number) / n - p), `P(${k} destroyed)`).toBeLessThanOrEqual(4 * se + 1e-9);
      });
      // monteCarloOdds is this same loop.
      const mc = monteCarloOdds(attack, tgt, n, 2024);
      expect(mc.meanHits).toBeCloseTo(sums.hits / n, 12);
      expect(mc.destroyedDistribution).toEqual(bins.map((b) => b / n));
    });
  }
  it("monteCarloOdds is deterministic for a seed", () => {
    expect(monteCarloOdds(ISSUE_INPUT.attack as Attack, target(), 1000, 5)).toEqual(
      monteCarloOdds(ISSUE_INPUT.attack as Attack, target(), 1000, 5),
    );
  });
});

describe("odds input", () => {
  it("accepts the issue's FILE", () => {
    expect(parseOddsInput(ISSUE_INPUT).ok).toBe(true);
  });
  it("names the field at fault", () => {
    const bad = (over: object, field: string) => {
      const r = parseOddsInput({ ...ISSUE_INPUT, ...over });
      expect(r.ok, field).toBe(false);
      if (!r.ok) expect(r.error.map((p) => p.order)).toContain(field);
    };
    bad({ attack: { ...ISSUE_INPUT.attack, weapon: "laser" } }, "attack.weapon");
    bad({ attack: { ...ISSUE_INPUT.attack, dice: -1 } }, "attack.dice");
    bad({ target: { ...ISSUE_INPUT.target, hullRule: "armoured" } }, "target.hullRule");
    bad({ target: { ...ISSUE_INPUT.target, ships: 9 } }, "target.ships");
    bad({ target: { ...ISSUE_INPUT.target, hull: undefined } }, "target.hull");
    bad({ attack: { ...ISSUE_INPUT.attack, missilesPerShip: 2 } }, "attack.missilesPerShip");
  });
});

describe("starhost battleshift odds (end to end)", () => {
  const dir = mkdtempSync(join(tmpdir(), "bs-odds-"));
  const file = join(dir, "volley.json");
  writeFileSync(file, JSON.stringify(ISSUE_INPUT));
  const run = (...args: string[]) =>
    spawnSync("node", ["node_modules/tsx/dist/cli.mjs", "src/cli/main.ts", "battleshift", "odds", ...args], { encoding: "utf8" });

  it("--exact --json prints exactly the issue's keys with the exact figures", () => {
    const r = run("--input", file, "--exact", "--json");
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(j)).toEqual(["meanHits", "suppressedRate", "meanDamage", "meanShipsDestroyed", "destroyedDistribution"]);
    const exact = exactOdds(ISSUE_INPUT.attack as Attack, target());
    expect(j.meanHits).toBeCloseTo(exact.meanHits, 5);
    expect(j.meanShipsDestroyed).toBeCloseTo(exact.meanShipsDestroyed, 5);
  });
  it("sampled, human: the means and a bar per number of ships destroyed", () => {
    const r = run("--input", file, "--runs", "2000", "--seed", "3");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Odds (2000 sampled attacks, seed 3):");
    expect(r.stdout).toMatch(/mean hits\s+5\.\d{3}/);
    expect(r.stdout).toContain("suppressed");
    expect(r.stdout).toContain("ships destroyed:");
  });
  it("bad input: exit 1 and a message naming the field", () => {
    const badFile = join(dir, "bad.json");
    writeFileSync(badFile, JSON.stringify({ ...ISSUE_INPUT, target: { ...ISSUE_INPUT.target, hullRule: "steel" } }));
    const r = run("--input", badFile);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("target.hullRule");
  });
  it("--exact with --runs is a usage error (exit 2)", () => {
    expect(run("--input", file, "--exact", "--runs", "10").status).toBe(2);
  });
});
