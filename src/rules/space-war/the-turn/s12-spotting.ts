/** S12 - Spotting (l.659-665). */
import type { SeatId } from "../../../core/ids.js";
import type { StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function spotting(_ctx: StepContext, _seat: SeatId): void {}
