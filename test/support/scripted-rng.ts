import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { Rng } from "../../src/core/rng.js";

/**
 * An Rng whose `chance` answers come from a script (then from a seeded generator):
 * lets a test replay a rulebook example die by die, e.g. the chapter 6 battle report.
 */
export class ScriptedRng extends Rng {
  private readonly script: boolean[];
  constructor(script: boolean[], seed = 1) {
    super(xoroshiro128plus(seed));
    this.script = [...script];
  }
  override chance(percent: number): boolean {
    const next = this.script.shift();
    return next === undefined ? super.chance(percent) : next;
  }
  get remaining(): number {
    return this.script.length;
  }
}
