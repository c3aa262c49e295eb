/**
 * The campaign as a seat knows it (seed 000 "SETTING UP THE GAME": "The contents of the fleets, or any other stacks
 * on the FDM, may be examined freely by all players"): everything on the map is open. Hidden are the Sathar's
 * retreat condition (000 "Sathar Retreat": "written down, and revealed to the UPF player when the conditions are
 * met"), the UPF minelayers' mines and seekers (000 "Declaring Combat": "recorded on paper"), and which frigates are
 * the other side's shatter drones (RULINGS.md "Shatter drones": a drone is told only when it detonates).
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
  for (const s of Object.values(k.ships)) if (s.side !== side && s.drone && s.location.kind !== "gone") delete s.drone;
  return k;
}
