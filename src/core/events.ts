/**
 * The one event base every ruleset's events share (DESIGN.md principle 2): what
 * happened (`kind`), in which named step of the rules (`step`), for whom (`to`:
 * the seats that may see it, "all" or absent for everyone) and a readable line
 * (`text`). Rulesets add their own fields; any layer above them (the host reading
 * a malformed orders file, say) can add a problem event that every report prints.
 */

import type { SeatId } from "./ids.js";
import type { Problem } from "./result.js";

export interface GameEvent {
  kind: string;
  /** The named step of the rules it happened in ("Phase 2: Starfleets Travel", "turn 2, activation 3", "Orders received"). */
  step: string;
  /** The seats that may see it; "all" or absent: everyone. */
  to?: readonly SeatId[] | "all";
  /** One readable line. */
  text: string;
}

/** An order, or a whole submission, that failed: kept as data and shown to its seat only. */
export interface ProblemEvent extends GameEvent {
  kind: "problem";
  to: [SeatId];
  problem: Problem;
}

/** The step name the host gives to problems found in a submission before the rules see it. */
export const ORDERS_RECEIVED = "Orders received";

/** One problem of one seat as an event: the factory every layer uses, so every report prints it the same way. */
export function problemEvent(seat: SeatId, problem: Problem, step: string = ORDERS_RECEIVED): ProblemEvent {
  return { kind: "problem", step, to: [seat], text: `${problem.order}: ${problem.message} (${problem.code})`, problem };
}

/** May `seat` see `event`? */
export function isVisibleTo(event: Pick<GameEvent, "to">, seat: SeatId): boolean {
  return event.to === undefined || event.to === "all" || event.to.includes(seat);
}
