/**
 * Losses, shared by the steps that destroy craft (S2 damage, S3 giving up, S4 prisoners, S6 nukes, S8 rams): a craft
 * destroyed is removed from play with its crew and medals (l.404, l.737), fighters aboard a destroyed vessel go with
 * it (l.428: no bay left to hold them), a tractor's hold ends with its vessel (l.442), and the destruction is credited
 * to the seats whose hits were on it (`Craft.hitBy`, for the medals l.741-805) and counted against its owner (its
 * `Tally.lost`, for giving up l.416).
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, type StepContext } from "../campaign-sequence/step.js";
import type { Battle, Craft } from "../model.js";

/** Who may see an event about the craft: everyone when it is face up on the table, else only its owner (l.659-665). */
export const seenBy = (c: Craft): SeatId[] | undefined => (c.where.kind === "table" ? undefined : [c.owner]);

/** A military craft: counted in `Tally.started` and `lost` (ruling C.39: transports and the station are not). */
export const military = (c: Craft): boolean => c.civilian !== true && c.station !== true;

/** Hits put on a craft, resolved at its owner's next S1 (l.355, C.20), and the seat that put them (for credit). */
export function addHits(c: Craft, hits: number, by?: SeatId): void {
  if (hits <= 0) return;
  c.pendingHits += hits;
  if (by !== undefined) c.hitBy = [...new Set([...(c.hitBy ?? []), by])];
}

/** The craft aboard a vessel (its Shuttle Bays, l.428). */
export const aboard = (b: Battle, vessel: Craft): Craft[] =>
  b.craft.filter((c) => c.where.kind === "aboard" && c.where.vessel === vessel.id);

/** The tally of a seat, made if missing (a seat with no craft this battle). */
export function tallyOf(b: Battle, seat: SeatId): Battle["tally"][SeatId] {
  const t = b.tally[seat] ?? { started: 0, lost: 0, destroyed: [], captured: [], tasks: [] };
  b.tally[seat] = t;
  return t;
}

/**
 * The craft leaves play as `how` (l.404 destroyed, l.446 captured): its pending hits and holds end; a destroyed
 * craft's crew and their medals are lost (l.404, l.737: removed from the squadron's crews; a captured crew is held
 * for exchange, l.868, so it stays); a military craft counts as its owner's loss; `by` (the seats whose hits did it,
 * the owner left out) are credited with it. Fighters aboard a destroyed vessel are destroyed with it (l.428).
 * Craft it held in a tractor beam are released (l.442). `announce` false: the caller says it. Returns every craft
 * removed, itself first.
 */
export function removeCraft(
  ctx: StepContext,
  c: Craft,
  how: "destroyed" | "captured",
  by: readonly SeatId[],
  why: string,
  announce = true,
): Craft[] {
  const b = battleOf(ctx.state);
  if (c.where.kind === "gone") return [];
  const wasAt = c.where.kind;
  c.where = { kind: "gone", how };
  c.pendingHits = 0;
  delete c.pendingDamage;
  delete c.hitBy;
  delete c.tractoredBy;
  const credited = [...new Set(by)].filter((s) => s !== c.owner);
  if (how === "destroyed") for (const s of credited) tallyOf(b, s).destroyed.push(c.id);
  if (military(c)) tallyOf(b, c.owner).lost++;
  // A face-down counter's loss is seen (the counter leaves the table); a fighter aboard was never on it (l.661).
  const text = `${c.id}${wasAt === "hidden" ? " (face down)" : ""} is ${how}: ${why}.`;
  if (announce) ctx.emit(how, text, wasAt === "aboard" ? { craft: [c.id], to: [c.owner] } : { craft: [c.id] });
  if (how === "destroyed" && c.crew !== undefined) {
    const q = ctx.state.campaign.squadrons.find((s) => s.seat === c.owner);
    const crew = q?.crews.find((x) => x.id === c.crew);
    if (q && crew) {
      q.crews = q.crews.filter((x) => x.id !== crew.id);
      ctx.emit(
        "medal-lost",
        `${crew.name} (${crew.id}) is lost with ${c.id}${crew.medals.length > 0 ? `, and their medals: ${crew.medals.join(", ")}` : ""} (l.404).`,
        { craft: [c.id] },
      );
    }
  }
  for (const held of b.craft) if (held.tractoredBy === c.id) release(ctx, held, `${c.id} is gone`);
  const out = [c];
  for (const f of aboard(b, c)) out.push(...removeCraft(ctx, f, "destroyed", by, `aboard ${c.id} when it was ${how} (l.428)`));
  return out;
}

/** A tractor beam lets the fighter go (l.446): it may act again. */
export function release(ctx: StepContext, held: Craft, why: string): void {
  if (held.tractoredBy === undefined) return;
  const from = held.tractoredBy;
  delete held.tractoredBy;
  ctx.emit("released", `${held.id} is released from ${from}'s tractor beam: ${why}.`, { craft: [held.id, from] });
}
