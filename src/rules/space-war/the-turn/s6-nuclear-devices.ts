/**
 * S6 - Explode Nuclear device (seed 001 l.458-462): "The Craft carrying the Nuke is Destroyed completely. Any Craft in
 * contact takes 2d6 Hits. All other craft within a 3" radius take d6 Hits." EMP enhanced nukes widen the radius to 5"
 * (l.700-702). Friend and foe alike (l.1023: "if accidentally the nuke happens to blow up a crack allied Craft, what a
 * shame!"), but in the Wall of Battle only "within blast radius of an enemy Craft" (l.1023, scenarios/wall-of-battle.ts): every craft on the table, face up or down; fighters aboard a vessel are
 * not on the table and "may not ... be attacked" (l.428). The hits wait for each owner's next S1 (l.355, C.20: the
 * exploding seat's own craft wait a whole round), credited to the exploding seat.
 *
 * Also here, as it explodes nukes: a machine force's fighters self-destruct when its last vessel is gone, and "Any
 * carrying Nukes explode them" (l.979).
 */
import type { SeatId } from "../../../core/ids.js";
import { machineForce } from "../campaign-sequence/each-game.js";
import { battleOf, failing, type Given, onTable, ownCraft, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import type { Roll } from "../events.js";
import { type Craft, operating } from "../model.js";
import type { NukeOrder } from "../orders.js";
import { nukeProblem } from "../scenarios/wall-of-battle.js";
import { NUKE_RADIUS, nukeRadius } from "../technology-cards/cards.js";
import { holds, useCard } from "../technology-cards/in-play.js";
import { CONTACT, distance, inchesText } from "./geometry.js";
import { addHits, removeCraft } from "./losses.js";
import { heldProblem } from "./s5-tractor-beam.js";

/**
 * The blast of `carrier`'s Nuclear Warhead (l.462): the carrier destroyed, craft in contact (within 1", or
 * `contactTarget`, the craft a rammer touched, S8 l.512) 2d6 hits each, every other craft on the table within the
 * radius d6 hits each. `order`: the order that set it off, for its event. Returns the hits put on each craft, by id.
 */
export function detonate(ctx: StepContext, seat: SeatId, carrier: Craft, contactTarget?: string, order?: string): Map<string, number> {
  const b = battleOf(ctx.state);
  const hits = new Map<string, number>();
  if (!onTable(carrier)) return hits;
  const at = carrier.where.at;
  removeCraft(ctx, carrier, "destroyed", [], "its Nuclear Warhead explodes (l.462)");
  const near = b.craft
    .filter((c) => c.id !== carrier.id && onTable(c))
    .map((c) => ({ c, d: onTable(c) ? distance(at, c.where.at) : Number.POSITIVE_INFINITY }));
  // The EMP card is wanted (and so revealed, l.672) only when a craft lies beyond 3" and within 5".
  const wantsEmp =
    holds(ctx.state, seat, "emp-nukes") && near.some((n) => n.d > NUKE_RADIUS && n.d <= nukeRadius(true) && n.c.id !== contactTarget);
  const radius = nukeRadius(wantsEmp && useCard(ctx, seat, "emp-nukes"));
  const rolls: Roll[] = [];
  const said: string[] = [];
  for (const { c, d } of near) {
    const contact = d <= CONTACT || c.id === contactTarget;
    if (!contact && d > radius) continue;
    let n: number;
    if (contact) {
      const a = ctx.rng.d6();
      const z = ctx.rng.d6();
      n = a + z;
      rolls.push({ die: "2d6", value: n, for: `hits on ${c.id}, in contact (${a}+${z})` });
    } else {
      n = ctx.rng.d6();
      rolls.push({ die: "d6", value: n, for: `hits on ${c.id}, ${inchesText(d)} from the blast` });
    }
    addHits(c, n, seat);
    hits.set(c.id, n);
    said.push(`${c.id} ${n} hit${n === 1 ? "" : "s"}${contact ? " (in contact: 2d6)" : ""}`);
  }
  ctx.emit(
    "nuked",
    `${carrier.id}'s nuke explodes (radius ${radius}"): ${said.length === 0 ? "no other craft is caught" : said.join(", ")}; the hits are resolved at each owner's next S1.`,
    order === undefined ? { craft: [carrier.id, ...hits.keys()], rolls } : { craft: [carrier.id, ...hits.keys()], rolls, order },
  );
  machineSelfDestruct(ctx, carrier.owner);
  return hits;
}

/** S6 for `seat`: each `nuke` order explodes that craft's warhead (l.458-462). */
export function explodeNukes(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  for (const given of orders.nuke) explode(ctx, seat, given);
}

function explode(ctx: StepContext, seat: SeatId, given: Given<NukeOrder>): boolean {
  const b = battleOf(ctx.state);
  const id = given.order.craft;
  const fail = failing(ctx, seat, given);
  const own = ownCraft(ctx.state, seat, id);
  if (!own.ok) return fail(own.code, own.text);
  const c = own.craft;
  if (!onTable(c))
    return fail("not-on-table", `${id} is not on the table (${c.where.kind}): only a craft on the table may explode its nuke`);
  if (operating(c, "N") === 0) return fail("no-nuke", `${id} has no operating Nuclear Warhead (l.118-122)`);
  const held = heldProblem(c);
  if (held) return fail("held", held);
  const wall = nukeProblem(ctx.state, b, c);
  if (wall) return fail("no-enemy-in-blast", wall);
  detonate(ctx, seat, c, undefined, given.at);
  return true;
}

/**
 * l.979: "If all a machine squadrons Vessels are Destroyed, all its Fighters are immediately removed ... Any carrying
 * Nukes explode them." Removed fighters count as the machine's losses, credited to no one (they self-destruct).
 */
export function machineSelfDestruct(ctx: StepContext, seat: SeatId): void {
  // A machine force this game: the seat commanding Machine Wars' machines, or a machine squadron (the option of
  // l.973) unless it commands the cultural terrorists, whose fighters are no machines.
  if (!machineForce(ctx.state, seat)) return;
  const b = battleOf(ctx.state);
  const mine = b.craft.filter((c) => c.owner === seat && c.where.kind !== "gone");
  if (mine.some((c) => c.type === "vessel")) return;
  const fighters = mine.filter((c) => c.type === "fighter");
  if (fighters.length === 0) return;
  for (const f of fighters) {
    if (f.where.kind === "gone") continue;
    if (onTable(f) && operating(f, "N") > 0) detonate(ctx, seat, f);
    else removeCraft(ctx, f, "destroyed", [], "its squadron's last vessel is gone: the machine fighters self-destruct (l.979)");
  }
}
