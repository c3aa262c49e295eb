/** Deployment (l.33, l.61-67, l.884-888): each seat's craft as hidden markers within 6" of its planet. Not yet written. */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "../campaign-sequence/step.js";

export function deployStep(_ctx: StepContext, _orders: Readonly<Record<SeatId, Sorted>>): void {}
