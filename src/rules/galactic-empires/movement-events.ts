/** Movement Events, seed 003 chapter 4: phases repeat while any unit can act, then one extra phase. */
import type { TurnContext } from "./context.js";

export function runMovementEvents(_ctx: TurnContext): void {}
