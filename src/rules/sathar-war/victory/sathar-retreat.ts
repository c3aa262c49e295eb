/**
 * Sathar Retreat (seed 000): "the Sathar player gets to select one of five Retreat Conditions before the first turn.
 * This choice is written down, and revealed to the UPF player when the conditions are met."
 *
 * The choice (a `retreat` order in the Sathar set-up, setting-up/set-up.ts `chooseRetreat`) goes into
 * `state.retreatCondition`; victory.ts reveals it to everyone when it is met. A Sathar who names none by the end of
 * the set-up has one rolled for them (d10: 1-2 is condition 1, 3-4 condition 2, ... 9-10 condition 5), seen only by the
 * Sathar, so a campaign can never run without one.
 */
import type { Rng } from "../../../core/rng.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState } from "../model.js";
import { RETREAT_CONDITIONS } from "./victory.js";

const STEP = "Set-up: Sathar Retreat";

function satharSeats(state: SatharWarState): string[] {
  return state.seats.filter((s) => s.side === "sathar").map((s) => s.id);
}

/** If no condition was chosen, roll one (d10, halved up), seen only by the Sathar. */
export function ensureRetreatCondition(state: SatharWarState, rng: Rng): { state: SatharWarState; events: SwEvent[] } {
  if (state.retreatCondition >= 1 && state.retreatCondition <= 5) return { state, events: [] };
  const value = rng.d10();
  const condition = Math.ceil(value / 2);
  const event = swEvent(
    "retreat-chosen",
    state.day,
    STEP,
    `No retreat condition chosen: d10 ${value} gives condition ${condition}: ${RETREAT_CONDITIONS[condition]}.`,
    { to: satharSeats(state), rolls: [{ die: "d10", value, for: "the Sathar retreat condition" }] },
  );
  return { state: { ...state, retreatCondition: condition }, events: [event] };
}
