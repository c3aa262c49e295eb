/**
 * Experience (seed 004, "Experience"). The seed gives only a list, with no costs
 * and no figures beyond those written in it:
 *
 *   Recovery from suppression +1 / Ignores First Suppression Marker / +1 to hit /
 *   Extra 45 degree turn / Veteran fighters (Dodge on 4's) / Elite fighters (Hit on
 *   4's) / Veteran engineers (Repair +1) / Veteran Marines / Elite Marines /
 *   Veteran Admiral +1 Initiative
 *
 * Each entry is a trait a squadron may carry (fleet file `experience: [...]` with
 * option `experience: true`; setting `experience` in the battle). How each one
 * applies is in RULINGS.md "Experience". Traits only count when the setting is on.
 */
import type { BattleState, SideId, Squadron } from "../model.js";

export const EXPERIENCE_TRAITS = [
  "recovery",
  "ignores-first-suppression",
  "plus-one-to-hit",
  "extra-turn",
  "veteran-fighters",
  "elite-fighters",
  "veteran-engineers",
  "veteran-marines",
  "elite-marines",
  "veteran-admiral",
] as const;
export type ExperienceTrait = (typeof EXPERIENCE_TRAITS)[number];

/** Does the squadron carry this trait (and is the Experience option on)? */
export function hasTrait(state: BattleState, sq: Squadron | undefined | null, trait: ExperienceTrait): boolean {
  return state.settings.experience === true && sq?.experience?.includes(trait) === true;
}

/** "Ignores First Suppression Marker": the targeting penalty of its markers (RULINGS: the first marker costs no targeting). */
export function suppressionPenalty(state: BattleState, sq: Squadron): number {
  return hasTrait(state, sq, "ignores-first-suppression") ? Math.max(0, sq.suppression - 1) : sq.suppression;
}

/** "+1 to hit": added to its batteries' targeting. */
export function hitBonus(state: BattleState, sq: Squadron): number {
  return hasTrait(state, sq, "plus-one-to-hit") ? 1 : 0;
}

/** "Recovery from suppression +1": the recovery roll needs one more (4 or less in command range, 3 out of it). */
export function recoveryBonus(state: BattleState, sq: Squadron): number {
  return hasTrait(state, sq, "recovery") ? 1 : 0;
}

/** "Extra 45 degree turn": 45 degrees more facing change after a move (sizes 4+; smaller ships turn freely anyway). */
export function extraTurn(state: BattleState, sq: Squadron): number {
  return hasTrait(state, sq, "extra-turn") ? 45 : 0;
}

/** "Veteran engineers (Repair +1)": a repair roll succeeds on 2 or less instead of a 1. */
export function repairNeed(state: BattleState, sq: Squadron): number {
  return hasTrait(state, sq, "veteran-engineers") ? 2 : 1;
}

/** "Veteran fighters (Dodge on 4's)": the carrier's wings dodge one better (4, or 5 when evading). */
export function dodgeBonus(state: BattleState, carrier: Squadron | undefined): number {
  return hasTrait(state, carrier, "veteran-fighters") ? 1 : 0;
}

/** "Elite fighters (Hit on 4's)": the carrier's wings attack at targeting 4 instead of 3. */
export function fighterHitBonus(state: BattleState, carrier: Squadron | undefined): number {
  return hasTrait(state, carrier, "elite-fighters") ? 1 : 0;
}

/** Veteran / Elite Marines (no figure in the seed): +1 / +2 to the boarding or assault roll of the squadron. */
export function marineBonus(state: BattleState, sq: Squadron | undefined): number {
  if (hasTrait(state, sq, "elite-marines")) return 2;
  return hasTrait(state, sq, "veteran-marines") ? 1 : 0;
}

/** "Veteran Admiral +1 Initiative": a side with a Veteran Admiral squadron on the table adds 1 to its initiative roll. */
export function admiralBonus(state: BattleState, side: SideId): number {
  if (state.settings.experience !== true) return 0;
  for (const id of Object.keys(state.squadrons).sort()) {
    const sq = state.squadrons[id] as Squadron;
    if (sq.side === side && sq.location === "table" && sq.ships.length > 0 && sq.experience?.includes("veteran-admiral")) return 1;
  }
  return 0;
}
