/** Designing craft at campaign start (l.19, l.57, l.74-256). Not yet written (issue 13): moves on to the purchase. */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "./step.js";

export function designStep(_ctx: StepContext, _orders: Readonly<Record<SeatId, Sorted>>): void {}
