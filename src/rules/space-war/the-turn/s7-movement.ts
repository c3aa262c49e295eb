/** S7 - Movement (l.466-500). */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function moveCraft(_ctx: StepContext, _seat: SeatId, _orders: Sorted): void {}
