/** S6 - Explode Nuclear devices (l.458-462). */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function explodeNukes(_ctx: StepContext, _seat: SeatId, _orders: Sorted): void {}
