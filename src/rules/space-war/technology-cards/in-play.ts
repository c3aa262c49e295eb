/**
 * Technology cards in play (l.672-722): a seat's card "only influence[s] the next game"; "Reveal them the first time
 * you want their bonuses" (l.672). Every rule that a card changes asks `useCard` when the bonus would apply: the
 * first time, the card is revealed to everyone (an event), and an enemy's Subterfuge held face down cancels it at that
 * moment (l.706, ruling C.26: the Subterfuge is played on the first card an enemy reveals).
 */
import type { SeatId } from "../../../core/ids.js";
import { enemiesOf, type StepContext } from "../campaign-sequence/step.js";
import type { SpaceWarState } from "../model.js";
import { CARD_DATA, type Card } from "./cards.js";

/** The seat's squadron holds this card this game, not cancelled (whether revealed or not). */
export function holds(state: SpaceWarState, seat: SeatId, card: Card): boolean {
  const q = state.campaign.squadrons.find((s) => s.seat === seat);
  return q?.cards.some((c) => c.card === card && !c.cancelled) ?? false;
}

/**
 * The seat wants the card's bonus now: true when it applies. The first use reveals it (an event for everyone); an
 * enemy holding Subterfuge, not yet played, cancels it then (the Subterfuge is revealed and spent too).
 */
export function useCard(ctx: StepContext, seat: SeatId, card: Card): boolean {
  const q = ctx.state.campaign.squadrons.find((s) => s.seat === seat);
  const held = q?.cards.find((c) => c.card === card && !c.cancelled);
  if (!held) return false;
  if (held.revealed) return true;
  held.revealed = true;
  ctx.emit("card-revealed", `${seat} reveals its technology card: ${CARD_DATA[card].name}.`);
  for (const enemy of enemiesOf(ctx.state, seat)) {
    const e = ctx.state.campaign.squadrons.find((s) => s.seat === enemy);
    const sub = e?.cards.find((c) => c.card === "subterfuge" && !c.revealed && !c.cancelled);
    if (!sub) continue;
    sub.revealed = true;
    sub.cancelled = true;
    held.cancelled = true;
    ctx.emit("card-cancelled", `${enemy} plays Subterfuge: ${seat}'s ${CARD_DATA[card].name} is cancelled (l.706).`);
    return false;
  }
  return true;
}
