/** Test support for the Sathar War: scripted dice and hand-placed counters. */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { Rng } from "../../src/core/rng.js";
import type { Location, Phase, SatharWarState } from "../../src/rules/sathar-war/model.js";
import { createCampaign } from "../../src/rules/sathar-war/setting-up/create.js";

/** An Rng whose d10 and d100 rolls come from a script (then from a seeded generator); `rolled` lists every one. */
export class DieRng extends Rng {
  private readonly script: number[];
  rolled: number[] = [];
  constructor(script: number[], seed = 1) {
    super(xoroshiro128plus(seed));
    this.script = [...script];
  }
  protected override drawInt(lo: number, hi: number): number {
    const die = lo === 1 && (hi === 10 || hi === 100);
    const r = die && this.script.length > 0 ? (this.script.shift() as number) : super.drawInt(lo, hi);
    if (die) this.rolled.push(r);
    return r;
  }
  get remaining(): number {
    return this.script.length;
  }
}

/** A new campaign (one UPF seat "upf", the Sathar seat "sathar") at a phase. */
export function campaign(phase: Phase = "upf-move"): SatharWarState {
  const s = createCampaign();
  s.phase = phase;
  return s;
}

/** Put ships somewhere (in place: a test's own state). */
export function put(state: SatharWarState, ids: string[], at: Location): SatharWarState {
  for (const id of ids) {
    const ship = state.ships[id];
    if (!ship) throw new Error(`no ship ${id}`);
    ship.location = structuredClone(at);
  }
  return state;
}

export const inSystem = (system: string, planet: string): Location => ({ kind: "system", system, planet });
