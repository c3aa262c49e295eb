/** S8 - Ramming (l.504-516). */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function ramming(_ctx: StepContext, _seat: SeatId, _orders: Sorted): void {}
