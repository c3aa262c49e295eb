/**
 * S4 - Launch / retrieve Fighters (seed 001 l.420-434): "Friendly Fighters adjacent to Vessel may be returned to
 * Shuttle bay or launched from it." "Shuttle Bay: Fighters in a Bay may not attack or be attacked. ... Any number of
 * Fighters can be safely aboard as long as at least one Shuttle Bay remains undamaged." And from S5 (l.444-446): "In
 * the next S4 ... an enemy Fighter may be pulled aboard the Vessels Shuttle Bay (if there is one!) and made Prisoner."
 *
 * Adjacent is within 3" (C.10, `ADJACENT`). A launched fighter is placed where its order says, within 3" of its vessel
 * and on the table, by default 1" straight ahead of it (bases touching), facing as the vessel does; it is face down if
 * the vessel is, face up if the vessel is (l.661: fighters aboard are noted, not placed). A prisoner is pulled into any
 * vessel of the holding seat with an operating Shuttle Bay within 3" of it (ruling "Tractor holds").
 */
import type { SeatId } from "../../../core/ids.js";
import {
  battleOf,
  craftById,
  enemiesOf,
  type Fail,
  failing,
  type Given,
  onTable,
  othersThan,
  type Sorted,
  type StepContext,
} from "../campaign-sequence/step.js";
import type { Design } from "../designing-craft/design.js";
import { type Craft, operating, type Point, type Whereabouts } from "../model.js";
import type { LaunchOrder, PrisonerOrder, RetrieveOrder } from "../orders.js";
import { ADJACENT, along, blockingPlanet, CONTACT, distance, inchesText, onTheTable } from "./geometry.js";
import { military, removeCraft, tallyOf } from "./losses.js";
import { heldProblem } from "./s5-tractor-beam.js";

/** The design a prisoner is kept as (l.454, C.36): the captured craft's own modules and arcs, for the campaign part. */
export function prisonerDesign(c: Craft): Design {
  return {
    name: c.design,
    type: c.type,
    modules: c.modules.flatMap((m) =>
      m.module === "hotel" ? [] : [m.arc === undefined ? { module: m.module } : { module: m.module, arc: m.arc }],
    ),
  };
}

/** S4 for `seat`: its launches, then retrievals, then prisoners, each in the order given. */
export function launchAndRetrieve(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  const moved = new Set<string>();
  for (const given of orders.launch) launch(ctx, seat, given, moved);
  for (const given of orders.retrieve) retrieve(ctx, seat, given, moved);
  for (const given of orders.prisoner) takePrisoner(ctx, seat, given);
}

/** A vessel of the seat, on the table, with an operating Shuttle Bay: or a problem. */
interface Bay {
  v: Craft;
  at: Point;
  heading: number;
  face: "hidden" | "table";
}

function bayVessel(ctx: StepContext, seat: SeatId, id: string, fail: Fail): Bay | false {
  const v = craftById(battleOf(ctx.state), id);
  if (!v) return fail("unknown-craft", `there is no craft ${id}`);
  if (v.owner !== seat) return fail("not-your-craft", `${id} is ${v.owner}'s, not yours`);
  if (v.type !== "vessel") return fail("not-a-vessel", `${id} is a fighter: only a vessel has a Shuttle Bay (l.136-140)`);
  if (!onTable(v)) return fail("not-on-table", `${id} is not on the table (${v.where.kind})`);
  if (operating(v, "SB") === 0) return fail("no-shuttle-bay", `${id} has no operating Shuttle Bay (l.428)`);
  return { v, at: v.where.at, heading: v.where.heading, face: v.where.kind };
}

function launch(ctx: StepContext, seat: SeatId, given: Given<LaunchOrder>, moved: Set<string>): boolean {
  const b = battleOf(ctx.state);
  const id = given.order.craft;
  const fail = failing(ctx, seat, given);
  const f = craftById(b, id);
  if (!f) return fail("unknown-craft", `there is no craft ${id}`);
  if (f.owner !== seat) return fail("not-your-craft", `${id} is ${f.owner}'s, not yours`);
  if (f.where.kind !== "aboard")
    return fail("not-aboard", `${id} is not aboard a vessel (${f.where.kind}): only a fighter in a Shuttle Bay launches`);
  if (moved.has(id)) return fail("already-moved", `${id} was retrieved or launched already this S4`);
  const bay = bayVessel(ctx, seat, f.where.vessel, fail);
  if (!bay) return false;
  const v = bay.v;
  const at = given.order.at ?? along(bay.at, bay.heading, CONTACT);
  const d = distance(bay.at, at);
  if (d > ADJACENT)
    return fail("too-far", `${id} would be ${inchesText(d)} from ${v.id}: a fighter is launched within 3" of its vessel (l.424, C.10)`);
  if (!onTheTable(at, b.table))
    return fail(
      "off-table",
      `(${at.x}, ${at.y}) is off the ${b.table.width}" x ${b.table.depth}" table${given.order.at ? "" : ': give at, a point within 3" of the vessel'}`,
    );
  const planet = blockingPlanet(bay.at, at, b.planets);
  if (planet) return fail("planet", `a planet at (${planet.at.x}, ${planet.at.y}) lies between ${v.id} and (${at.x}, ${at.y}) (l.872)`);
  // Contact with an enemy is ramming (S8, l.504-508), as for a move (S7): a launch may not place a fighter there.
  const enemies = new Set(enemiesOf(ctx.state, seat));
  const touched = b.craft.filter(onTable).find((o) => enemies.has(o.owner) && distance(at, o.where.at) <= CONTACT + 1e-9);
  if (touched)
    return fail(
      "contact-enemy",
      `(${round(at.x)}, ${round(at.y)}) is ${inchesText(distance(at, touched.where.at))} from ${touched.id}, in contact (${inchesText(CONTACT)}): contact with an enemy is ramming (S8, l.504); launch farther from it`,
    );
  const heading = given.order.heading ?? bay.heading;
  f.where = { kind: bay.face, at: { x: at.x, y: at.y }, heading };
  moved.add(id);
  const text = `${id} launches from ${v.id} to (${round(at.x)}, ${round(at.y)}) heading ${round(heading)}.`;
  // A fighter launched from a face-down vessel is a new face-down counter: the enemy sees a counter, not what it is.
  if (bay.face === "table") ctx.emit("launched", text, { craft: [id, v.id], order: given.at });
  else {
    ctx.emit("launched", text, { craft: [id, v.id], order: given.at, to: [seat] });
    ctx.emit("launched", `a new face-down counter ${id} appears beside ${v.id}.`, { craft: [id, v.id], to: othersThan(ctx.state, seat) });
  }
  return true;
}

function retrieve(ctx: StepContext, seat: SeatId, given: Given<RetrieveOrder>, moved: Set<string>): boolean {
  const b = battleOf(ctx.state);
  const { craft: id, into } = given.order;
  const fail = failing(ctx, seat, given);
  const f = craftById(b, id);
  if (!f) return fail("unknown-craft", `there is no craft ${id}`);
  if (f.owner !== seat) return fail("not-your-craft", `${id} is ${f.owner}'s: an enemy fighter is taken prisoner, not retrieved (l.446)`);
  if (f.type !== "fighter") return fail("not-a-fighter", `${id} is a vessel: only fighters go aboard (l.424)`);
  if (!onTable(f)) return fail("not-on-table", `${id} is not on the table (${f.where.kind})`);
  if (moved.has(id)) return fail("already-moved", `${id} was launched already this S4`);
  const bay = bayVessel(ctx, seat, into, fail);
  if (!bay) return false;
  const v = bay.v;
  // Held by an enemy tractor it can do nothing (l.442); held by one's own it is being recovered (l.450).
  const holder = f.tractoredBy === undefined ? undefined : craftById(b, f.tractoredBy);
  if (holder && holder.owner !== seat) return fail("held", heldProblem(f) ?? "held");
  const d = distance(bay.at, f.where.at);
  if (d > ADJACENT) return fail("too-far", `${id} is ${inchesText(d)} from ${v.id}: it must be within 3" to go aboard (l.424, C.10)`);
  const wasUp = f.where.kind === "table";
  place(f, { kind: "aboard", vessel: v.id });
  delete f.tractoredBy;
  moved.add(id);
  const text = `${id} is retrieved into ${v.id}'s Shuttle Bay.`;
  if (wasUp && bay.face === "table") ctx.emit("retrieved", text, { craft: [id, v.id], order: given.at });
  else {
    ctx.emit("retrieved", text, { craft: [id, v.id], order: given.at, to: [seat] });
    ctx.emit("retrieved", `${id} leaves the table${bay.face === "table" ? ` into ${v.id}` : ""}.`, {
      craft: bay.face === "table" ? [id, v.id] : [id],
      to: othersThan(ctx.state, seat),
    });
  }
  return true;
}

function takePrisoner(ctx: StepContext, seat: SeatId, given: Given<PrisonerOrder>): boolean {
  const b = battleOf(ctx.state);
  const { craft: id, into } = given.order;
  const fail = failing(ctx, seat, given);
  const f = craftById(b, id);
  if (!f) return fail("unknown-craft", `there is no craft ${id}`);
  if (f.owner === seat) return fail("own-craft", `${id} is your own: retrieve it instead (l.450)`);
  if (f.where.kind === "gone") return fail("gone", `${id} is ${f.where.how}`);
  const holder = f.tractoredBy === undefined ? undefined : craftById(b, f.tractoredBy);
  if (!holder || holder.owner !== seat)
    return fail("not-held", `${id} is not held by your tractor beam: catch it in S5 first, then pull it aboard in the next S4 (l.446)`);
  if (!onTable(f)) return fail("not-on-table", `${id} is not on the table (${f.where.kind})`);
  const bay = bayVessel(ctx, seat, into, fail);
  if (!bay) return false;
  const v = bay.v;
  const d = distance(bay.at, f.where.at);
  if (d > ADJACENT)
    return fail("too-far", `${id} is ${inchesText(d)} from ${v.id}: it must be within 3" to be pulled aboard (l.446, C.10)`);
  const design = prisonerDesign(f);
  removeCraft(ctx, f, "captured", [seat], "made prisoner (l.446)", false);
  if (military(f)) tallyOf(b, seat).captured.push(f.id);
  ctx.emit(
    "captured",
    `${seat} pulls ${f.id} aboard ${v.id}'s Shuttle Bay and takes it prisoner (l.446): ${design.name}, ${design.modules.map((m) => (m.arc ? `${m.module}(${m.arc})` : m.module)).join("+")}${f.crew ? `, crew ${f.crew} held for exchange (l.868)` : ""}; after the game it may fly for ${seat} above the 3 design limit (l.454).`,
    { craft: [f.id, v.id], order: given.at },
  );
  return true;
}

/** Moves a craft (its type narrowed by an earlier test would refuse a new kind of place). */
function place(c: Craft, where: Whereabouts): void {
  c.where = where;
}

const round = (n: number): number => Math.round(n * 10) / 10;
