/**
 * The task cards' deeds done in play (l.716-722). "Task – Saboteur: Get one of your craft to contact the enemy Space
 * Station" (l.720-722): the only way a craft "moves into contact with another craft" is S8, ramming (l.508; S7 refuses a
 * move ending in contact with an enemy, RULINGS.md "Movement"), so `ramming` asks `saboteurContact` after every ram, a
 * Nuclear Warhead rammed in included ("upon contact", l.516). The Space Station is un-powered (l.876), so a vessel may
 * ram it too (l.508). The deed is the seat's `Tally.tasks` "saboteur", read by `campaign-sequence/after-game.ts`
 * `gameFacts` for the Saboteur medal (l.771-775). Claiming the task is the card's first use: it is revealed then, and an
 * enemy's Subterfuge may cancel it (l.672, l.706, C.26). "Task – Corporation" (l.716-718) is read from the battle as it
 * closes (`gameFacts`: an enemy station destroyed by the seat while it holds the card).
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, enemiesOf, type StepContext } from "../campaign-sequence/step.js";
import type { Craft } from "../model.js";
import { holds, useCard } from "./in-play.js";

/**
 * `craft` of `seat` has just come into contact with `target` (a ram, S8). When the target is an enemy's Space Station
 * and the seat holds the Saboteur task card, the task is achieved (once a battle): the card is played (revealed, or
 * cancelled by Subterfuge) and, played, "saboteur" is added to the seat's tally with an event for everyone. True when
 * the task was achieved now.
 */
export function saboteurContact(ctx: StepContext, seat: SeatId, craft: Craft, target: Craft, order?: string): boolean {
  if (target.station !== true || !enemiesOf(ctx.state, seat).includes(target.owner)) return false;
  if (!holds(ctx.state, seat, "task-saboteur")) return false;
  const b = battleOf(ctx.state);
  const tally = (b.tally[seat] ??= { started: 0, lost: 0, destroyed: [], captured: [], tasks: [] });
  if (tally.tasks.includes("saboteur")) return false;
  if (!useCard(ctx, seat, "task-saboteur")) return false;
  tally.tasks.push("saboteur");
  ctx.emit(
    "task",
    `${craft.id} contacts ${target.id}, ${target.owner}'s Space Station: ${seat} achieves the Saboteur task ("Get one of your craft to contact the enemy Space Station", l.722); its Saboteur medal is earned if it keeps a vessel (l.733, l.773).`,
    { craft: [craft.id, target.id], ...(order === undefined ? {} : { order }) },
  );
  return true;
}
