/** S4 - Launch / retrieve Fighters (l.420-434), prisoners pulled aboard (l.444-446). */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function launchAndRetrieve(_ctx: StepContext, _seat: SeatId, _orders: Sorted): void {}
