/**
 * Seeded randomness for every ruleset.
 *
 * Rules never use the platform's unseeded random source: a turn draws from an `Rng` made from the game's
 * seed and the turn number, so a re-run of the turn is byte-identical. The
 * generator is pure-rand's xoroshiro128+, whose state is four 32-bit numbers
 * and can be saved in a game file and restored exactly.
 */
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";

/** Serializable generator state: four 32-bit integers. */
export type RngState = readonly [number, number, number, number];

/** Fractional percentages are resolved to this many parts per 100% (0.0001% steps). */
const PERCENT_SCALE = 1_000_000;
/** `int(0, PERCENT_SCALE - 1)`'s rejection bound (the largest multiple of the scale below 2^32), computed once. */
const PERCENT_LIMIT = 0x1_0000_0000 - (0x1_0000_0000 % PERCENT_SCALE);

/**
 * Independent trials of a few kinds, each kind at its own chance: what `Rng.successes` counts (a stack's
 * attacks in a battle round, say). The seeded generator needs only how many trials there are of each kind;
 * `forEachRun` lists them in the order the rules make them, for a generator that answers trial by trial.
 */
export interface Trials {
  /** The kinds are 0 .. kinds - 1. */
  readonly kinds: number;
  /** How many trials are of this kind. */
  count(kind: number): number;
  /** Their chance, in percent. */
  percent(kind: number): number;
  /** The trials in order: `visit(kind, n)` for each run of `n` trials of one kind. */
  forEachRun(visit: (kind: number, n: number) => void): void;
}

/**
 * The rules ask a generator questions (`int`, `chance`, `successes` and what is built on them) and get the
 * same kind of answer whatever the generator: no rule looks at which generator it holds. Each question is
 * answered by one protected draw (`drawInt`, `drawChance`, `drawSuccesses`), which this seeded generator
 * takes from its stream. A test generator overrides a draw to script its answers (a rulebook example
 * replayed die by die); nothing else changes.
 */
export class Rng {
  private g: RandomGenerator;
  /** Number of raw draws taken so far (for reports and benchmarks). */
  draws = 0;
  /** The last percentage `chance` was asked and its threshold: a battle asks the same one attack after attack. */
  private lastPercent = Number.NaN;
  private lastThreshold = 0;

  protected constructor(g: RandomGenerator) {
    this.g = g;
  }

  /**
   * A generator from a seed. Every bit of a safe-integer seed counts: seeds from
   * -2^31 to 2^32 - 1 start where they always have (their 32 bits), and a seed
   * outside that range is first mixed down to 32 bits with its high word
   * (`seedWord`), so seeds differing only above bit 32 give different draws.
   */
  static fromSeed(seed: number): Rng {
    return new Rng(xoroshiro128plusFromState(seedState(seedWord(seed))));
  }

  static fromState(state: readonly number[]): Rng {
    if (state.length !== 4 || state.some((n) => !Number.isInteger(n))) {
      throw new Error(`Rng.fromState: expected four integers, got ${JSON.stringify(state)}`);
    }
    return new Rng(xoroshiro128plusFromState(state));
  }

  /** A generator for one named purpose of one turn: `Rng.forTurn(gameSeed, turn)`. */
  static forTurn(gameSeed: number, turn: number, purpose = "turn"): Rng {
    return Rng.fromSeed(mixSeed(gameSeed, turn, purpose));
  }

  state(): RngState {
    const s = this.g.getState();
    return [s[0] ?? 0, s[1] ?? 0, s[2] ?? 0, s[3] ?? 0];
  }

  clone(): Rng {
    const r = new Rng(this.g.clone());
    r.draws = this.draws;
    return r;
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    this.draws++;
    return this.g.next() >>> 0;
  }

  /** Uniform integer in [lo, hi], both included, without modulo bias. */
  int(lo: number, hi: number): number {
    const n = hi - lo + 1;
    if (!(n >= 1) || !Number.isInteger(n) || n > 0x1_0000_0000) {
      throw new Error(`Rng.int: bad range [${lo}, ${hi}]`);
    }
    return this.drawInt(lo, hi);
  }

  /** Uniform float in [0, 1) with 32 bits of resolution. */
  float(): number {
    return this.nextUint32() / 0x1_0000_0000;
  }

  d6(): number {
    return this.int(1, 6);
  }
  d10(): number {
    return this.int(1, 10);
  }
  d100(): number {
    return this.int(1, 100);
  }
  /** Sum of `n` dice of `sides` sides. */
  roll(n: number, sides: number): number {
    let t = 0;
    for (let i = 0; i < n; i++) t += this.int(1, sides);
    return t;
  }

  /**
   * True with probability `percent`%. Fractions count (36.9% is 369,000 chances
   * in 1,000,000), as seed 003 chapter 6 says: "even fractions help a little bit".
   * Percentages at or below 0 never succeed; at or above 100 always do.
   */
  chance(percent: number): boolean {
    return this.drawChance(percent);
  }

  /**
   * How many of `trials` succeed: the same distribution as one `chance` per trial. The seeded generator
   * draws each kind's count at once (see `drawSuccesses`), which keeps a battle of thousands of attacks fast.
   */
  successes(trials: Trials): number {
    return this.drawSuccesses(trials);
  }

  /** True with probability num/den (exact rational chance). */
  ratio(num: number, den: number): boolean {
    if (num <= 0) return false;
    if (num >= den) return true;
    if (Number.isInteger(num) && Number.isInteger(den)) return this.int(0, den - 1) < num;
    return this.float() * den < num;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Rng.pick: empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Index chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += Math.max(0, w);
    if (!(total > 0)) throw new Error("Rng.weighted: no positive weight");
    let x = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      const w = Math.max(0, weights[i] ?? 0);
      if (x < w) return i;
      x -= w;
    }
    // Floating rounding: fall back to the last positive weight.
    for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] ?? 0) > 0) return i;
    return 0;
  }

  /** Fisher-Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }

  // --- The draws: where the answers come from -------------------------------------------------

  /** The draw behind `int` (its range already checked): rejection sampling keeps the distribution exactly uniform. */
  protected drawInt(lo: number, hi: number): number {
    const n = hi - lo + 1;
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return lo + (x % n);
    }
  }

  /**
   * The draw behind `chance`: `int(0, 999,999)` below the percentage's share of 1,000,000, taken inline
   * (`percentDraw`, the same draws and the same answer).
   */
  protected drawChance(percent: number): boolean {
    if (!(percent > 0)) return false;
    if (percent >= 100) return true;
    if (percent !== this.lastPercent) {
      this.lastPercent = percent;
      this.lastThreshold = Math.round((percent * PERCENT_SCALE) / 100);
    }
    return this.percentDraw() < this.lastThreshold;
  }

  /** The draw behind `successes`: each kind's count in turn, as one binomial draw (`binomial`). */
  protected drawSuccesses(trials: Trials): number {
    let k = 0;
    for (let kind = 0; kind < trials.kinds; kind++) k += this.binomial(trials.count(kind), trials.percent(kind));
    return k;
  }

  /**
   * `successes` answered trial by trial, one `drawChance` each in the rules' order: for a generator whose
   * `drawChance` scripts the answers, so that a battle replays an example die by die.
   */
  protected successesTrialByTrial(trials: Trials): number {
    let k = 0;
    trials.forEachRun((kind, n) => {
      const percent = trials.percent(kind);
      for (let i = 0; i < n; i++) if (this.drawChance(percent)) k++;
    });
    return k;
  }

  /**
   * Exactly `int(0, PERCENT_SCALE - 1)` (same rejection, same draws, same answer)
   * without its range checks and per-call bound: `chance` is asked in tight loops
   * (sieges, economies). The remainder is taken by division, which stays exact
   * below 2^32 and avoids a floating-point `%`.
   */
  private percentDraw(): number {
    for (;;) {
      const x = this.nextUint32();
      if (x < PERCENT_LIMIT) return x - Math.floor(x / PERCENT_SCALE) * PERCENT_SCALE;
    }
  }

  /**
   * Successes in n independent trials of `percent`% each: the same distribution
   * as n `chance` draws ("even fractions help a little bit"), from one uniform draw
   * per 512 trials by inversion, which keeps a 100 vs 100 starship battle fast.
   */
  private binomial(n: number, percent: number): number {
    if (!(percent > 0) || n <= 0) return 0;
    if (percent >= 100) return n;
    let p = percent / 100;
    const flip = p > 0.5;
    if (flip) p = 1 - p;
    const q = 1 - p;
    const odds = p / q;
    let k = 0;
    for (let left = n; left > 0; ) {
      const m = Math.min(left, 512);
      left -= m;
      const u = this.float();
      let j = 0;
      let pj = q ** m;
      let cum = pj;
      while (u >= cum && j < m) {
        j++;
        pj *= ((m - j + 1) / j) * odds;
        cum += pj;
      }
      k += j;
    }
    return flip ? n - k : k;
  }
}

/** The largest seed a game may have: seeds are safe integers, |seed| <= 2^53 - 1 (`SEED_MAX`). */
export const SEED_MAX = Number.MAX_SAFE_INTEGER;

/** Why `seed` is not a seed, or null when it is one: a safe integer (from -(2^53 - 1) to 2^53 - 1). */
export function seedProblem(seed: unknown): string | null {
  if (typeof seed !== "number" || !Number.isSafeInteger(seed))
    return `a seed is a whole number from ${-SEED_MAX} to ${SEED_MAX}, not ${typeof seed === "number" ? String(seed) : typeof seed}`;
  return null;
}

/**
 * Whether a seed is one of the 32-bit seeds (from -2^31 to 2^32 - 1) that `mixSeed` and
 * `Rng.fromSeed` have always read by their low 32 bits alone: those keep their draws.
 */
const isWordSeed = (seed: number): boolean => seed >= -0x8000_0000 && seed <= 0xffff_ffff;

/** The high word of a seed beyond 32 bits (floor(seed / 2^32)), as 32 bits: every bit of a safe integer counts. */
const highWord = (seed: number): number => Math.floor(seed / 0x1_0000_0000) >>> 0;

/** A seed as the 32-bit word a generator starts from: itself for 32-bit seeds, else its two words mixed. */
function seedWord(seed: number): number {
  return isWordSeed(seed) ? seed : mixSeed(seed, 0, "seed");
}

/**
 * Deterministic 32-bit mix of a seed, a counter and a label (FNV-1a over their bytes, then murmur3's finalizer).
 * A seed outside -2^31..2^32-1 also feeds its high word after the label, so every bit of a
 * safe-integer seed counts while 32-bit seeds (stored games and replays) mix exactly as before.
 */
export function mixSeed(seed: number, counter: number, label = ""): number {
  let h = 0x811c9dc5;
  const feed = (n: number) => {
    h ^= n & 0xff;
    h = Math.imul(h, 0x01000193);
  };
  for (let i = 0; i < 4; i++) feed((seed >>> (8 * i)) & 0xff);
  for (let i = 0; i < 4; i++) feed((counter >>> (8 * i)) & 0xff);
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    feed(c);
    feed(c >>> 8);
  }
  if (!isWordSeed(seed)) {
    const hi = highWord(seed);
    for (let i = 0; i < 4; i++) feed((hi >>> (8 * i)) & 0xff);
    // One byte more than any 32-bit seed's input of the same label: the two can never feed the same bytes.
    feed(0xa5);
  }
  return fmix32(h);
}

/** murmur3's 32-bit finalizer: every input bit affects every output bit. */
function fmix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/**
 * The generator's 128-bit start state from a 32-bit seed, by splitmix32. pure-rand's
 * own `xoroshiro128plus(seed)` starts from [-1, ~seed, seed, 0], whose first draws
 * are nearly fixed functions of the seed; spreading the seed over all four words
 * makes neighbouring seeds independent from the first draw.
 */
function seedState(seed: number): number[] {
  let x = seed | 0;
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) | 0;
    out.push(fmix32(x ^ Math.imul(i + 1, 0x6a09e667)));
  }
  // xoroshiro must not start from the all-zero state.
  if (out.reduce((a, v) => a | v, 0) === 0) out[0] = 1;
  return out;
}
