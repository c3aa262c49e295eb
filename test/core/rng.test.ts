import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { describe, expect, it } from "vitest";
import { mixSeed, Rng } from "../../src/core/rng.js";

describe("core: seeded generator and dice", () => {
  it("same seed, same draws; state saves and restores exactly", () => {
    const a = Rng.fromSeed(42);
    const b = Rng.fromSeed(42);
    const xs = Array.from({ length: 20 }, () => a.d100());
    expect(Array.from({ length: 20 }, () => b.d100())).toEqual(xs);
    const saved = JSON.parse(JSON.stringify(a.state()));
    const c = Rng.fromState(saved);
    expect(Array.from({ length: 10 }, () => c.int(0, 1_000_000))).toEqual(Array.from({ length: 10 }, () => a.int(0, 1_000_000)));
  });

  it("rejects a malformed saved state", () => {
    expect(() => Rng.fromState([1, 2, 3])).toThrow(/four integers/);
  });

  it("dice stay in range and are fair (chi-square, 10^5 rolls, p > 0.001)", () => {
    const r = Rng.fromSeed(7);
    for (const [sides, roll] of [
      [6, () => r.d6()],
      [10, () => r.d10()],
      [100, () => r.d100()],
    ] as const) {
      const n = 100_000;
      const counts = new Array<number>(sides).fill(0);
      for (let i = 0; i < n; i++) {
        const v = roll();
        expect(v).toBeGreaterThanOrEqual(1);
        expect(v).toBeLessThanOrEqual(sides);
        counts[v - 1] = (counts[v - 1] ?? 0) + 1;
      }
      const e = n / sides;
      const chi = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
      // 99.9th percentile of chi-square: df 5 -> 20.5, df 9 -> 27.9, df 99 -> 148.2
      const limit = sides === 6 ? 20.5 : sides === 10 ? 27.9 : 148.2;
      expect(chi).toBeLessThan(limit);
    }
  });

  it("fractional percentages count: 36.9% succeeds 36.9% of the time (within 4 standard errors over 200,000 draws)", () => {
    const r = Rng.fromSeed(3);
    const n = 200_000;
    let hits = 0;
    for (let i = 0; i < n; i++) if (r.chance(36.9)) hits++;
    const p = 0.369;
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(hits / n - p)).toBeLessThan(4 * se);
  });

  it("chance(p) is int(0, 999,999) < p% of 1,000,000, draw for draw, also when a subclass scripts int", () => {
    class PassThroughInt extends Rng {
      constructor(state: readonly number[]) {
        super(xoroshiro128plusFromState(state));
      }
      protected override drawInt(lo: number, hi: number): number {
        return super.drawInt(lo, hi);
      }
    }
    const a = Rng.fromSeed(9);
    const b = Rng.fromSeed(9);
    const c = new PassThroughInt(Rng.fromSeed(9).state());
    const percents = [36.3, 36.3, 0.0001, 12.5, 50, 99.9999, 36.9, 36.9, 1e-7, 63.7];
    for (let i = 0; i < 20_000; i++) {
      const p = percents[i % percents.length]!;
      const want = b.int(0, 999_999) < Math.round((p * 1_000_000) / 100);
      expect(a.chance(p)).toBe(want);
      expect(c.chance(p)).toBe(want);
    }
    expect(a.draws).toBe(b.draws);
    expect(c.draws).toBe(b.draws);
  });

  it("chance edges: 0% never, 100% always, 99% almost always", () => {
    const r = Rng.fromSeed(9);
    for (let i = 0; i < 1000; i++) {
      expect(r.chance(0)).toBe(false);
      expect(r.chance(-5)).toBe(false);
      expect(r.chance(100)).toBe(true);
    }
  });

  it("turn seeds differ by turn and purpose, and are stable", () => {
    expect(mixSeed(1, 1, "turn")).toBe(mixSeed(1, 1, "turn"));
    expect(mixSeed(1, 1, "turn")).not.toBe(mixSeed(1, 2, "turn"));
    expect(mixSeed(1, 1, "turn")).not.toBe(mixSeed(1, 1, "check"));
  });

  it("weighted picks follow their weights (10/25 vs 15/25 within 4 standard errors)", () => {
    const r = Rng.fromSeed(11);
    const n = 100_000;
    let first = 0;
    for (let i = 0; i < n; i++) if (r.weighted([10, 15]) === 0) first++;
    const se = Math.sqrt((0.4 * 0.6) / n);
    expect(Math.abs(first / n - 0.4)).toBeLessThan(4 * se);
  });
});

describe("core: seeds spread", () => {
  it("turn seeds of 20,000 consecutive game seeds are all different", () => {
    const seen = new Set<number>();
    for (let s = 1; s <= 20_000; s++) seen.add(mixSeed(s, 1, "turn"));
    expect(seen.size).toBe(20_000);
  });

  it("neighbouring seeds give unrelated first draws (mean of first d100 over 10,000 seeds within 4 standard errors of 50.5)", () => {
    let total = 0;
    const n = 10_000;
    for (let s = 0; s < n; s++) total += Rng.fromSeed(s).d100();
    const sd = Math.sqrt((100 * 100 - 1) / 12);
    expect(Math.abs(total / n - 50.5)).toBeLessThan((4 * sd) / Math.sqrt(n));
  });
});
