/**
 * Transfers of starships and admirals between an empire's own units: seed 003
 * chapter 5, "Transferring", carried out in First Events ("Same Location Transfers
 * Occur") and in every movement phase ("Transfers Happen": "exactly like they did
 * in First Events, with the same requirements").
 *
 * A transfer waits in ctx.pendingTransfers until both units are in one place and
 * neither is cloaked; then it happens and leaves the list. Transfers that never
 * meet are failed by Movement Events at the end of movement.
 */
import { own } from "../../core/ids.js";
import { type StarshipTypeData, starshipType } from "./catalog.js";
import { type IndexedOrder, sortStacks, type TurnContext } from "./context.js";
import { type Admiral, admiralLabel, isRank, type Unit } from "./model.js";
import type { OrderOf } from "./orders.js";

type Outcome = "done" | "wait";

/** Carry out every pending transfer that can happen now, in list order; the rest keep waiting. */
export function runTransfers(ctx: TurnContext): void {
  const still: IndexedOrder[] = [];
  for (const io of ctx.pendingTransfers) {
    if (ctx.deposed.has(io.empire)) continue;
    let outcome: Outcome = "done";
    if (io.order.type === "transfer") outcome = transferStarships(ctx, io as IndexedOrder<OrderOf<"transfer">>);
    else if (io.order.type === "transferAdmiral") outcome = transferAdmiral(ctx, io as IndexedOrder<OrderOf<"transferAdmiral">>);
    if (outcome === "wait") still.push(io);
  }
  ctx.pendingTransfers = still;
}

/**
 * The receiving unit: one of yours. Chapter 5 "Transferring": "You cannot give your
 * starships to a different empire", and admirals "can not be given to a different
 * empire (they have sworn allegiance only to you)". Another empire's unit gets the
 * answer a missing one gets (RULINGS.md, "Orders naming units you cannot see"): whether,
 * and whose, it is stays unsaid, so listing ids maps no one's forces.
 */
function receiver(ctx: TurnContext, io: IndexedOrder, ref: string): Unit | null {
  const r = ctx.ownUnit(io.empire, ref);
  if ("unit" in r) return r.unit;
  ctx.fail(
    io,
    r.code,
    `receiving unit: ${r.message}; starships and admirals can only be transferred to units you own (chapter 5, "Transferring")`,
  );
  return null;
}

/** Both units present and visible: chapter 5, "Same Location Requirement" and "Cloaked Units". */
function canMeet(from: Unit, to: Unit): boolean {
  return !from.cloaked && !to.cloaked && from.sector === to.sector;
}

function transferStarships(ctx: TurnContext, io: IndexedOrder<OrderOf<"transfer">>): Outcome {
  const o = io.order;
  const from = ctx.ownUnitOr(io, o.from, "sending unit");
  if (!from) return "done";
  const to = receiver(ctx, io, o.to);
  if (!to) return "done";
  if (from.id === to.id) {
    ctx.fail(io, "same-unit", `${o.from} and ${o.to} are the same unit; to move starships between ranks use a reassign order`);
    return "done";
  }
  const type = orderStarshipType(ctx, io, o.starship, from);
  if (!type) return "done";
  if (!isRank(o.rank)) {
    ctx.fail(io, "bad-rank", `rank ${o.rank} does not exist; ranks are 1 (front) to 5 (reserves)`);
    return "done";
  }
  if (!canMeet(from, to)) return "wait";
  const have = ctx.countOf(from, type.id);
  if (have === 0) {
    ctx.fail(io, "no-starships", `${from.id} has no ${type.name} (${type.id}) to transfer; it holds ${heldTypes(from)}`);
    return "done";
  }
  // Chapter 5 "Transferring": taken out of the lowest-numbered ranks of the sender,
  // placed into the chosen rank of the receiver; each keeps the move points it used.
  sortStacks(from.ships); // takeShips walks the stacks in array order; make that rank order.
  const taken = ctx.takeShips(from, type.id, o.count);
  let moved = 0;
  for (const s of taken) {
    ctx.addShips(to, s.type, o.rank, s.count, s.used);
    moved += s.count;
  }
  ctx.message(
    [io.empire],
    `${moved} ${type.name} transferred from ${from.name} (${from.id}) to rank ${o.rank} of ${to.name} (${to.id}) in sector ${to.sector}`,
  );
  if (moved < o.count) {
    ctx.fail(
      io,
      "fewer-starships",
      `${from.id} had only ${moved} ${type.name} of the ${o.count} ordered; all ${moved} were transferred to ${to.id}`,
    );
  }
  return "done";
}

function transferAdmiral(ctx: TurnContext, io: IndexedOrder<OrderOf<"transferAdmiral">>): Outcome {
  const o = io.order;
  const admiral = ownAdmiral(ctx, io, o.admiral);
  if (!admiral) return "done";
  const to = receiver(ctx, io, o.to);
  if (!to) return "done";
  const from = own(ctx.state.units, admiral.unit);
  if (!from) {
    ctx.fail(io, "admiral-without-unit", `${admiralLabel(admiral)} is in no unit`);
    return "done";
  }
  if (from.id === to.id) {
    ctx.fail(io, "same-unit", `${admiralLabel(admiral)} is already in ${to.id}`);
    return "done";
  }
  if (!canMeet(from, to)) return "wait";
  from.admirals = from.admirals.filter((a) => a !== admiral.id);
  if (from.leader === admiral.id) from.leader = null;
  to.admirals.push(admiral.id);
  admiral.unit = to.id;
  ctx.message(
    [io.empire],
    `${admiralLabel(admiral)} transferred from ${from.name} (${from.id}) to ${to.name} (${to.id}) in sector ${to.sector}`,
  );
  return "done";
}

/** The starship type an order names, or null after recording the problem (with what `holder` holds). */
export function orderStarshipType(ctx: TurnContext, io: IndexedOrder, id: string, holder: Unit): StarshipTypeData | null {
  const type = starshipType(id);
  if (type) return type;
  ctx.fail(io, "unknown-starship-type", `there is no starship type "${id}"; ${holder.id} holds ${heldTypes(holder)}`);
  return null;
}

/** "2 Hawk Heavy Cruiser (klingon/hawk-heavy-cruiser), 5 ..." or "no starships". */
export function heldTypes(unit: Unit): string {
  const counts = new Map<string, number>();
  for (const s of unit.ships) counts.set(s.type, (counts.get(s.type) ?? 0) + s.count);
  const parts = [...counts].filter(([, n]) => n > 0).map(([id, n]) => `${n} ${starshipType(id)?.name ?? id} (${id})`);
  return parts.length > 0 ? parts.join(", ") : "no starships";
}

/**
 * The admiral an order names, if it is one of yours; else null after recording the
 * problem. Another empire's admiral gets the answer a missing one gets: the reply
 * never says whether, or whom, an admiral id serves.
 */
export function ownAdmiral(ctx: TurnContext, io: IndexedOrder, id: string): Admiral | null {
  const a = own(ctx.state.admirals, id);
  if (a && a.owner === io.empire) return a;
  ctx.fail(io, "not-your-admiral", `you have no admiral "${id}"; your admirals are ${admiralsOf(ctx, io.empire)}`);
  return null;
}

export function admiralsOf(ctx: TurnContext, empire: string): string {
  const ids = Object.values(ctx.state.admirals)
    .filter((a) => a.owner === empire)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(admiralLabel);
  return ids.length > 0 ? ids.join(", ") : "none";
}
