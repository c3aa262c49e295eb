/**
 * S5 - Tractor Beam (seed 001 l.438-454): "Tractor Beams work against a Fighter within 3". Each Tractor module may try
 * to capture a Fighter on a 5,6. A captured Fighter can do nothing at all until [while, C.8] the enemy Tractor beam is
 * operating on it and counts as un-powered for targeting purposes." "In the next S4 ... an enemy Fighter may be pulled
 * aboard the Vessels Shuttle Bay (if there is one!) and made Prisoner. If you have no Shuttle Bay then you must use the
 * tractor on it again successfully or the Fighter returns to normal." "You may use Tractors to recover your own
 * damaged fighters!"
 *
 * Ruling "Tractor holds" (RULINGS.md): a hold made in a seat's S5 lasts until that seat's next S5, which first lets go
 * of every fighter its tractors still hold (not pulled aboard in the S4 between), then its tractors may try again,
 * the same fighter too. A hold also ends at once when the holding vessel is gone, when it has fewer operating Tractor
 * modules than fighters held (one fighter per module, E.7: the last caught go first), or when the two are more than
 * 3" apart (`releaseBrokenHolds`). A held fighter does nothing: other steps refuse its orders (`heldProblem`).
 */
import type { SeatId } from "../../../core/ids.js";
import { allied, battleOf, craftById, failing, type Given, onTable, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import type { Roll } from "../events.js";
import { type Craft, operating } from "../model.js";
import type { TractorOrder } from "../orders.js";
import { needAfter, needText, reaches } from "./dice.js";
import { ADJACENT, distance, inchesText } from "./geometry.js";
import { release } from "./losses.js";

/** A tractor beam's reach (l.442). */
export const TRACTOR_RANGE = ADJACENT;
/** "Each Tractor module may try to capture a Fighter on a 5,6" (l.442). */
export const TRACTOR_NEED = 5;

/** Held in a tractor beam, an enemy's or its own side's (l.442, l.450): it can do nothing at all. */
export const heldByTractor = (c: Craft): boolean => c.tractoredBy !== undefined;

/** The problem message for an order given to a held fighter, or undefined when it is free (for every step's orders). */
export function heldProblem(c: Craft): string | undefined {
  if (c.tractoredBy === undefined) return undefined;
  return `${c.id} is held in ${c.tractoredBy}'s tractor beam and can do nothing at all while it is (l.442)`;
}

/** The fighters a vessel holds, in the battle's order. */
export const heldBy = (ctx: StepContext, v: Craft): Craft[] => battleOf(ctx.state).craft.filter((c) => c.tractoredBy === v.id);

/** Every hold that can no longer stand (the vessel gone, its Tractor modules damaged, the two apart): released. */
export function releaseBrokenHolds(ctx: StepContext): void {
  const b = battleOf(ctx.state);
  for (const v of b.craft) {
    const held = heldBy(ctx, v);
    if (held.length === 0) continue;
    const tractors = v.where.kind === "gone" ? 0 : operating(v, "TR");
    held.forEach((f, i) => {
      if (i >= tractors) {
        release(
          ctx,
          f,
          tractors === 0 ? `${v.id} has no Tractor module operating` : `${v.id} has only ${tractors} Tractor modules operating`,
        );
        return;
      }
      if (!onTable(f) || !onTable(v)) release(ctx, f, "no longer on the table");
      else if (distance(f.where.at, v.where.at) > TRACTOR_RANGE)
        release(ctx, f, `${inchesText(distance(f.where.at, v.where.at))} from ${v.id}, beyond the beam's 3" (l.442)`);
    });
  }
}

/** S5 for `seat`: its last holds end, then each `tractor` order is one operating Tractor module's try. */
export function tractorBeams(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  const b = battleOf(ctx.state);
  // The hold of the last S5 is spent: "use the tractor on it again successfully or the Fighter returns to normal" (l.446).
  for (const f of b.craft) {
    const v = f.tractoredBy === undefined ? undefined : craftById(b, f.tractoredBy);
    if (v && v.owner === seat) release(ctx, f, `not pulled aboard in ${seat}'s S4 (l.446)`);
  }
  const tries = new Map<string, number>();
  for (const given of orders.tractor) tryTractor(ctx, seat, given, tries);
}

function tryTractor(ctx: StepContext, seat: SeatId, given: Given<TractorOrder>, tries: Map<string, number>): boolean {
  const b = battleOf(ctx.state);
  const { craft: vid, target: tid } = given.order;
  const fail = failing(ctx, seat, given);
  const v = craftById(b, vid);
  if (!v) return fail("unknown-craft", `there is no craft ${vid}`);
  if (v.owner !== seat) return fail("not-your-craft", `${vid} is ${v.owner}'s, not yours`);
  if (!onTable(v)) return fail("not-on-table", `${vid} is not on the table (${v.where.kind})`);
  const tractors = operating(v, "TR");
  if (tractors === 0) return fail("no-tractor", `${vid} has no operating Tractor module (l.442)`);
  const used = tries.get(vid) ?? 0;
  if (used >= tractors)
    return fail(
      "tractors-spent",
      `${vid} has ${tractors} operating Tractor module${tractors === 1 ? "" : "s"}, each trying once a turn (l.442)`,
    );
  const f = craftById(b, tid);
  if (!f) return fail("unknown-craft", `there is no craft ${tid}`);
  if (f.type !== "fighter") return fail("not-a-fighter", `${tid} is a vessel: tractor beams work against fighters (l.442)`);
  if (!onTable(f)) return fail("not-on-table", `${tid} is not on the table (${f.where.kind})`);
  if (f.owner !== seat && f.where.kind === "hidden")
    return fail("face-down", `${tid} is a face-down counter: you do not know it is a fighter until it is spotted (l.665)`);
  if (allied(ctx.state, seat, f.owner))
    return fail("allied-target", `${tid} is ${f.owner}'s, your ally: "You may not target friendly allied Craft" (l.1023)`);
  if (f.owner === seat && !f.modules.some((m) => m.damaged))
    return fail("not-damaged", `${tid} is your own and undamaged: tractors recover your own damaged fighters only (l.450)`);
  const d = distance(v.where.at, f.where.at);
  if (d > TRACTOR_RANGE) return fail("out-of-range", `${tid} is ${inchesText(d)} from ${vid}: a tractor beam reaches 3" (l.442)`);
  if (f.tractoredBy !== undefined) {
    ctx.emit("tractor", `${tid} is already held by ${f.tractoredBy}: ${vid}'s tractor does not try.`, {
      craft: [vid, tid],
      order: given.at,
    });
    return false;
  }
  tries.set(vid, used + 1);
  const need = needAfter(TRACTOR_NEED, 0);
  const value = ctx.rng.d6();
  const roll: Roll = { die: "d6", value, for: `tractor ${vid} at ${tid}`, ...(need === null ? {} : { need }) };
  if (reaches(value, need)) {
    f.tractoredBy = vid;
    ctx.emit("tractored", `${vid}'s tractor beam catches ${tid} (${needText(need)}): it can do nothing while held (l.442).`, {
      craft: [vid, tid],
      rolls: [roll],
      order: given.at,
    });
  } else
    ctx.emit("tractored", `${vid}'s tractor beam misses ${tid} (${needText(need)}).`, {
      craft: [vid, tid],
      rolls: [roll],
      order: given.at,
    });
  return true;
}
