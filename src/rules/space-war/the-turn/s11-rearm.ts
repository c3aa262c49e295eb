/** S11 - Re-arm Expendables (l.651-655). */
import type { SeatId } from "../../../core/ids.js";
import type { StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function rearmExpendables(_ctx: StepContext, _seat: SeatId): void {}
