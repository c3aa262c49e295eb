/**
 * What starts each game (l.23-25): the scenario (the Scenario Roll, l.818, or the campaign's own), each side's
 * technology card drawn at random (l.672), then the purchase step. Not yet written (issue 13).
 */
import type { StepContext } from "./step.js";

export function beginGame(ctx: StepContext): void {
  ctx.state.campaign.step = "purchase";
}
