/**
 * CONDITIONS FOR VICTORY (seed 000 "Sathar Victory", "UPF Victory", "Sathar Retreat", "SATHAR RETREAT CONDITIONS").
 *
 * - "The Sathar player wins immediately if the Sathar forces destroy 12 space stations, including all four
 *   fortresses" (C.2 #26: fortresses count among the 12, and all four must be among them).
 * - The Sathar's secret retreat condition (`state.retreatCondition`, chosen before the first turn). Conditions 1-3
 *   are checked whenever losses are counted (after a battle, at the day's end); 4 and 5 "at the end of each tenday"
 *   (C.2 #22: calendar tendays, days 1-10, 11-20, ...).
 * - "If the Sathar can be forced to retreat while the UPF has at least two fortresses left, the UPF wins the war. If
 *   ... only one fortress remaining, the game is a draw"; none left: `settings.retreatWithNoFortress` (C.2 #25).
 * - The war ends when the condition is met (E.8: the retreat itself is not played out). `settings.dayLimit` (the seeds
 *   set none) ends it as a draw at the end of that day.
 *
 * What is lost (C.2 #20, #23, #24; E.7): destroyed in battle, misjumped, and fighters lost outside a carrier at the
 * day's end count as lost for 1-3; detonated drones never count. Condition 5 counts "ships in combat": destroyed
 * only (misjumps and stranded fighters are not combat), fighters and militia excluded, and stations are not ships,
 * over the whole war so far.
 */
import { type SwEvent, swEvent } from "../events.js";
import type { Loss, SatharWarState } from "../model.js";
import { endsTenday } from "../time-record/time-record.js";

/** Seed 000 "12 space stations, including all four fortresses". */
export const STATIONS_TO_WIN = 12;

export const RETREAT_CONDITIONS: Readonly<Record<number, string>> = {
  1: "the Sathar have lost two assault carriers",
  2: "the Sathar have lost five heavy cruisers",
  3: "the Sathar have lost 40 ships, including fighters",
  4: "a tenday passed without the Sathar destroying at least two stations, two fortresses or a station and a fortress",
  5: "at the end of a tenday the Sathar have lost more ships in combat than the UPF (fighters and militia not counted)",
};

type Outcome = NonNullable<SatharWarState["outcome"]>;

/** Lost for conditions 1-3 (C.2 #24): everything but detonated drones. */
const lost = (l: Loss) => l.how !== "detonated";
/** Lost "in combat" for condition 5 (C.2 #23). */
const inCombat = (l: Loss) => l.how === "destroyed" && l.cls !== "FT" && !l.militia;

/** The stations and fortresses destroyed so far. */
export function stationsDestroyed(state: SatharWarState): { stations: number; fortresses: number; fortressesLeft: number } {
  const all = Object.values(state.stations);
  const down = all.filter((s) => s.destroyedDay !== undefined);
  const forts = all.filter((s) => s.type === "fortress");
  return {
    stations: down.length,
    fortresses: down.filter((s) => s.type === "fortress").length,
    fortressesLeft: forts.filter((s) => s.destroyedDay === undefined).length,
  };
}

/** Is retreat condition `n` met now? `atTendayEnd`: the state's day is the last of a tenday and the day is ending. */
export function retreatConditionMet(state: SatharWarState, n: number, atTendayEnd: boolean): boolean {
  const sathar = state.losses.filter((l) => l.side === "sathar" && lost(l));
  switch (n) {
    case 1:
      return sathar.filter((l) => l.cls === "AC").length >= 2;
    case 2:
      return sathar.filter((l) => l.cls === "HC").length >= 5;
    case 3:
      return sathar.length >= 40;
    case 4: {
      if (!atTendayEnd || (state.settings.firstTendayExempt && state.day <= 10)) return false;
      const first = state.day - 9;
      const down = Object.values(state.stations).filter(
        (s) => s.destroyedDay !== undefined && s.destroyedDay >= first && s.destroyedDay <= state.day,
      );
      return down.length < 2;
    }
    case 5: {
      if (!atTendayEnd) return false;
      const s = state.losses.filter((l) => l.side === "sathar" && inCombat(l)).length;
      const u = state.losses.filter((l) => l.side === "upf" && inCombat(l)).length;
      return s > u;
    }
    default:
      return false;
  }
}

/**
 * The war's outcome now, if it is over. `atDayEnd`: the day is ending (the tenday conditions 4-5 and the day limit
 * are checked then, on days 10, 20, ...); otherwise only the immediate Sathar victory and conditions 1-3.
 */
export function warOutcome(state: SatharWarState, atDayEnd = false): Outcome | undefined {
  if (state.outcome) return state.outcome;
  const day = state.day;
  const down = stationsDestroyed(state);
  if (down.stations >= STATIONS_TO_WIN && down.fortresses >= 4)
    return { winner: "sathar", reason: `the Sathar destroyed ${down.stations} stations, all four fortresses among them`, day };
  const n = state.retreatCondition;
  if (n >= 1 && n <= 5 && retreatConditionMet(state, n, atDayEnd && endsTenday(day))) {
    const left = down.fortressesLeft;
    const winner = left >= 2 ? "upf" : left === 1 ? "draw" : state.settings.retreatWithNoFortress;
    return {
      winner,
      reason: `the Sathar retreat (condition ${n}: ${RETREAT_CONDITIONS[n]}) with ${left} fortress${left === 1 ? "" : "es"} left`,
      day,
    };
  }
  if (atDayEnd && state.settings.dayLimit > 0 && day >= state.settings.dayLimit)
    return { winner: "draw", reason: `the day limit (${state.settings.dayLimit}) was reached`, day };
  return undefined;
}

/** Sets the outcome when the war is over, with the event that tells everyone (and reveals the retreat condition). */
export function checkVictory(state: SatharWarState, atDayEnd = false): { state: SatharWarState; events: SwEvent[] } {
  if (state.outcome) return { state, events: [] };
  const outcome = warOutcome(state, atDayEnd);
  if (!outcome) return { state, events: [] };
  const events: SwEvent[] = [];
  const step = "Conditions for victory";
  if (outcome.reason.startsWith("the Sathar retreat"))
    events.push(
      swEvent(
        "retreat",
        state.day,
        step,
        `The Sathar retreat condition is met: ${RETREAT_CONDITIONS[state.retreatCondition]} (condition ${state.retreatCondition}).`,
      ),
    );
  const who =
    outcome.winner === "draw" ? "The war is a draw" : outcome.winner === "upf" ? "The UPF wins the war" : "The Sathar win the war";
  events.push(swEvent("victory", state.day, step, `${who}: ${outcome.reason}.`));
  return { state: { ...state, outcome }, events };
}
