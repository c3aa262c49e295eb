/**
 * The campaign as a seat knows it (seed 000 "SETTING UP THE GAME": "The contents of the fleets, or any other stacks
 * on the FDM, may be examined freely by all players"): everything on the map is open. Hidden are the Sathar's
 * retreat condition (000 "Sathar Retreat": "written down, and revealed to the UPF player when the conditions are
 * met"), and the UPF minelayers' mines and seekers (000 "Declaring Combat": "recorded on paper"). Which frigates are
 * shatter drones is open like every stack (RULINGS.md "Shatter drones").
 */
import { cloneData } from "../../../core/json.js";
import type { SatharWarState, Side } from "../model.js";

export function sideOfSeat(state: SatharWarState, seat: string): Side | undefined {
  return state.seats.find((s) => s.id === seat)?.side;
}

export function knownState(state: SatharWarState, seat: string): SatharWarState {
  const side = sideOfSeat(state, seat);
  const k = cloneData(state);
  if (side !== "sathar" && !k.outcome) k.retreatCondition = 0;
  if (side !== "upf") {
    k.mines = {};
    // A battle kept for the table carries the minelayers' secret mines and seekers (battles/table).
    for (const b of k.pendingBattles ?? []) delete b.mines;
  }
  return k;
}
