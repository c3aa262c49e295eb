import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { Rng, type Trials } from "../../src/core/rng.js";

/**
 * An Rng whose `chance` answers come from a script (then from a seeded generator):
 * lets a test replay a rulebook example die by die, e.g. the chapter 6 battle report.
 * It scripts the draw behind `chance`, and answers `successes` (a stack's attacks)
 * with that draw trial by trial, in the rules' order.
 */
export class ScriptedRng extends Rng {
  private readonly script: boolean[];
  constructor(script: boolean[], seed = 1) {
    super(xoroshiro128plus(seed));
    this.script = [...script];
  }
  protected override drawChance(percent: number): boolean {
    const next = this.script.shift();
    return next === undefined ? super.drawChance(percent) : next;
  }
  protected override drawSuccesses(trials: Trials): number {
    return this.successesTrialByTrial(trials);
  }
  get remaining(): number {
    return this.script.length;
  }
}

/**
 * An Rng whose `int` draws (every die: d6, d10, d100, and any other range: who defends, which card) come from a
 * script, then from a seeded generator: a rulebook example replayed roll by roll.
 */
export class ScriptedIntRng extends Rng {
  private readonly script: number[];
  constructor(script: number[], seed = 1) {
    super(xoroshiro128plus(seed));
    this.script = [...script];
  }
  protected override drawInt(lo: number, hi: number): number {
    const next = this.script.shift();
    return next === undefined ? super.drawInt(lo, hi) : next;
  }
  get remaining(): number {
    return this.script.length;
  }
}
