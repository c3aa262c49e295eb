/**
 * The battle as one side knows it: the table is open, but the other side's order
 * sheet is secret ("This is not revealed to the other player until the turn they
 * battleshift back into play"): the rest of its activation sequence, its planned
 * battleshifts and where and when its ships in hyperspace come back are removed.
 * Bots and the check decide from this (Ruleset.knownState).
 */
import { cloneData } from "../../../core/json.js";
import type { BattleState, SideId } from "../model.js";

export function knownState(state: BattleState, seat: SideId): BattleState {
  const copy = cloneData(state);
  const ts = copy.turnState;
  for (const side of Object.keys(copy.sides)) {
    if (side === seat) continue;
    const seq = ts.sequences[side];
    if (seq) ts.sequences[side] = seq.slice(0, ts.activated[side]?.length ?? 0);
    if (ts.planned[side]) ts.planned[side] = [];
  }
  for (const sq of Object.values(copy.squadrons)) if (sq.side !== seat && sq.arrival) sq.arrival = null;
  return copy;
}
