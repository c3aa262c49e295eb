/** S3 - Opt to give up (l.408-416). */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function optToGiveUp(_ctx: StepContext, _seat: SeatId, _orders: Sorted): void {}
