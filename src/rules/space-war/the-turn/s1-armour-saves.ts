/** S1 - Make Armour saves (l.351-387): each pending hit on the seat's craft rolled against its armour. */
import type { SeatId } from "../../../core/ids.js";
import type { StepContext } from "../campaign-sequence/step.js";

/** Not yet written (issue 13): does nothing. */
export function makeArmourSaves(_ctx: StepContext, _seat: SeatId): void {}
