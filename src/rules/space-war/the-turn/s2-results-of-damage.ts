/** S2 - Results of Damage (l.392-404): damage allocated at random over surviving modules; destroyed craft removed. */
import type { SeatId } from "../../../core/ids.js";
import type { StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function resultsOfDamage(_ctx: StepContext, _seat: SeatId): void {}
