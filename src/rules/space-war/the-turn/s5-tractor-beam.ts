/** S5 - Tractor Beam (l.438-454). */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function tractorBeams(_ctx: StepContext, _seat: SeatId, _orders: Sorted): void {}
