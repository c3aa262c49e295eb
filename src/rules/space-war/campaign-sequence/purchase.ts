/** Choosing craft for a game (l.29): buying up to the budget, crews aboard; then the battle's table is set up. Not yet written. */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "./step.js";

export function purchaseStep(_ctx: StepContext, _orders: Readonly<Record<SeatId, Sorted>>): void {}
