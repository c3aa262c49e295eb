/**
 * S3 - Opt to give up (seed 001 l.408-416): "You are not allowed to "give up" unless you have lost at least 5 Vessels
 * or have only one Vessel left. If you only started with one Craft you may not give up." In the Wall of Battle: "can
 * give up after suffering 5 lost Craft or being reduced to one Craft. If giving up immediately remove all his or her
 * surviving Craft (they will have fled or scuttled their Craft)" (l.1027).
 *
 * Ruling C.6: losses count craft, fighters too (setting `giveUpCounts: "vessels"` counts vessels only, and then "one
 * left" means one vessel). C.7: a seat that started with one craft never gives up. Transports and the station are
 * neither counted nor lost (C.39). A craft is lost when destroyed or captured; fled craft are not lost.
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import type { Craft } from "../model.js";
import { military, release } from "./losses.js";

/** Losses that allow giving up (l.416). */
export const GIVE_UP_LOSSES = 5;

/** What the seat has lost and has left, in the setting's count (C.6): for the rule and its problem message. */
export function giveUpStanding(
  ctx: StepContext,
  seat: SeatId,
): { counts: "craft" | "vessels"; started: number; lost: number; left: number; allowed: boolean } {
  const b = battleOf(ctx.state);
  const counts = ctx.state.settings.giveUpCounts;
  const counted = (c: Craft) => c.owner === seat && military(c) && (counts === "craft" || c.type === "vessel");
  const mine = b.craft.filter(counted);
  const lost = mine.filter((c) => c.where.kind === "gone" && c.where.how !== "fled").length;
  const left = mine.filter((c) => c.where.kind !== "gone").length;
  // C.7 counts craft whatever the setting; the tally's count, or the craft of the battle where none was kept.
  const tallied = b.tally[seat]?.started ?? 0;
  const started = tallied > 0 ? tallied : b.craft.filter((c) => c.owner === seat && military(c)).length;
  const allowed = started > 1 && (lost >= GIVE_UP_LOSSES || left <= 1);
  return { counts, started, lost, left, allowed };
}

/** S3 for `seat`: a `give-up` order, if allowed, removes its remaining craft (fled) and ends its part in the battle. */
export function optToGiveUp(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  const given = orders["give-up"][0];
  if (!given) return;
  for (const extra of orders["give-up"].slice(1))
    ctx.fail(seat, extra.at, "duplicate-order", "give up once: this order repeats an earlier one");
  const b = battleOf(ctx.state);
  const s = giveUpStanding(ctx, seat);
  if (!s.allowed) {
    const what = s.counts === "craft" ? "craft" : "vessels";
    const message =
      s.started <= 1
        ? `you started with one craft and may not give up (l.416)`
        : `you have lost ${s.lost} ${what} and have ${s.left} left: you may give up after losing at least ${GIVE_UP_LOSSES} ${what} or with only one left (l.416)`;
    ctx.fail(seat, given.at, "may-not-give-up", message);
    return;
  }
  const fled: string[] = [];
  for (const c of b.craft) {
    // The Space Station stays where it is: it is un-powered (l.876) and cannot flee. In the Wall of Battle the enemy
    // may still destroy it after its squadron gave up (l.1027: only "surviving Craft" flee or are scuttled).
    if (c.owner !== seat || c.where.kind === "gone" || c.station) continue;
    c.where = { kind: "gone", how: "fled" };
    c.pendingHits = 0;
    delete c.pendingDamage;
    delete c.hitBy;
    delete c.tractoredBy;
    fled.push(c.id);
  }
  for (const c of b.craft) if (c.tractoredBy !== undefined && fled.includes(c.tractoredBy)) release(ctx, c, `${c.tractoredBy} has fled`);
  if (!b.gaveUp.includes(seat)) b.gaveUp.push(seat);
  ctx.emit("gave-up", `${seat} gives up: ${fled.length === 0 ? "no craft left" : `${fled.join(", ")} flee the battle`} (l.416, l.1027).`, {
    craft: fled,
    order: given.at,
  });
}
