/** After each game (l.39-45, l.729-805): medals earned and given out, penalties, a design scrapped and replaced. Not yet written. */
import type { SeatId } from "../../../core/ids.js";
import type { Sorted, StepContext } from "./step.js";

/** The battle just ended: its result kept, the medals each squadron earned worked out, the after-game step next. */
export function closeBattle(ctx: StepContext): void {
  ctx.state.campaign.step = "after-game";
}

export function afterGameStep(_ctx: StepContext, _orders: Readonly<Record<SeatId, Sorted>>): void {}
