/**
 * S8 - Ramming (seed 001 l.504-516), read with rulings C.11 and C.12:
 *
 * - "This is where one Craft moves into contact with another craft. No Vessel may contact a Powered enemy Craft."
 *   (l.508; C.12: a fighter may.)
 * - "Both involved Craft takes one Hit for each Module in size of the rammer's original number of Modules." (l.512)
 * - "Instead of the above, a rammer may instead opt to explode a Nuclear device carried on board upon contact with the
 *   enemy Craft." (l.516; C.11: a vessel, which may not contact a powered craft, explodes its nuke only adjacent, in S6.)
 *
 * A `ram` order moves the rammer in a straight line until its base touches the target's (centre to centre 1",
 * geometry.ts `CONTACT`), at most its allowance less what it moved in S7 (`Craft.moved`); planets block (l.872). The
 * rammer must be on the table, powered and not held by a tractor; the target an enemy craft face up on the table (you
 * ram what you can see, as you fire at it: l.665). A face-down rammer gives itself away. Hits are pending on both
 * craft (reference E.4), credited to the rammer's seat on the target; the rammer's own hits credit no one. A ram into
 * the enemy's Space Station achieves the Saboteur task for a seat holding its card (l.720-722,
 * technology-cards/tasks.ts `saboteurContact`).
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, craftById, onTable, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import { operating, type Point, powered, type SpaceWarState } from "../model.js";
import type { RamOrder } from "../orders.js";
import { saboteurContact } from "../technology-cards/tasks.js";
import { along, angleBetween, bearing, blockingPlanet, CONTACT, distance, inchesText } from "./geometry.js";
import { addHits } from "./losses.js";
import { releaseBrokenHolds } from "./s5-tractor-beam.js";
import { detonate } from "./s6-nuclear-devices.js";
import { allowanceText, craftMovement, degrees, EPSILON, enemyCraft, ownCraftOnTable, pointText, type Ruling } from "./s7-movement.js";
import { turnFaceUp } from "./s12-spotting.js";

export interface RamFigures {
  craft: string;
  target: string;
  /** Where the rammer ends, touching the target, and its heading (toward the target). */
  to: Point;
  heading: number;
  /** Inches it moves now, and what it had left after S7. */
  distance: number;
  left: number;
  /** Hits each craft takes: the rammer's original number of modules (l.512); 0 with a nuke. */
  hits: number;
  nuke: boolean;
  text: string;
}

/** The figures of a ram, or why it may not be made (pure: the step and the check both ask it). */
export function ramRuling(
  state: SpaceWarState,
  seat: SeatId,
  order: RamOrder,
  rammedAlready: ReadonlySet<string> = new Set(),
): Ruling<RamFigures> {
  const own = ownCraftOnTable(state, seat, order.craft);
  if (!own.ok) return own;
  const c = own.craft;
  const b = battleOf(state);
  if (rammedAlready.has(c.id)) return { ok: false, code: "rammed-already", text: `${c.id} has rammed this turn already` };
  if (!powered(c))
    return { ok: false, code: "unpowered", text: `${c.id} has no operating Engine or Thruster: un-powered, it cannot ram (l.627)` };
  const enemy = enemyCraft(state, seat, order.target);
  if (!enemy.ok) return enemy;
  const t = enemy.craft;
  if (t.where.kind === "hidden") {
    return {
      ok: false,
      code: "face-down-target",
      text: `${t.id} is face down: you may ram only what you have spotted (l.665, RULINGS.md)`,
    };
  }
  if (t.where.kind !== "table") return { ok: false, code: "target-not-on-table", text: `${t.id} is not on the table` };
  const nuke = order.nuke;
  if (nuke && operating(c, "N") === 0) return { ok: false, code: "no-nuke", text: `${c.id} carries no operating Nuclear Warhead (l.118)` };
  if (c.type === "vessel" && powered(t)) {
    return {
      ok: false,
      code: "vessel-contact-powered",
      text: `${t.id} is powered and ${c.id} is a vessel: "No Vessel may contact a Powered enemy Craft" (l.508)${nuke ? "; explode the nuke adjacent to it in S6 instead (l.516)" : ""}`,
    };
  }
  const from = c.where.at;
  const gap = distance(from, t.where.at);
  const need = Math.max(0, gap - CONTACT);
  const m = craftMovement(c);
  const left = Math.max(0, m.allowance - (c.moved ?? 0));
  if (need > left + EPSILON) {
    return {
      ok: false,
      code: "too-far",
      text: `${t.id} is ${inchesText(gap)} away: ${c.id} would move ${inchesText(need)} into contact with ${inchesText(left)} left of its ${allowanceText(m)}`,
    };
  }
  const heading = need > EPSILON ? bearing(from, t.where.at) : c.where.heading;
  if (need > EPSILON && angleBetween(heading, c.where.heading) > 0.05 && !m.before) {
    return {
      ok: false,
      code: "no-turn-before",
      text: `${c.id} may not turn toward ${t.id} (${degrees(heading)}) without an operating Engine (l.478)`,
    };
  }
  const to = need > EPSILON ? along(t.where.at, bearing(t.where.at, from), CONTACT) : from;
  const p = need > EPSILON ? blockingPlanet(from, to, b.planets) : undefined;
  if (p) return { ok: false, code: "planet-in-the-way", text: `the planet at ${pointText(p.at)} lies between ${c.id} and ${t.id} (l.872)` };
  const hits = nuke ? 0 : c.modules.length;
  const text = nuke
    ? `${c.id} moves ${inchesText(need)} into contact with ${t.id} and explodes its Nuclear Warhead (l.516)`
    : `${c.id} moves ${inchesText(need)} of ${inchesText(left)} left into contact with ${t.id}: both take ${hits} hits, one per module of ${c.id} (l.512)`;
  return { ok: true, craft: c.id, target: t.id, to, heading, distance: need, left, hits, nuke, text };
}

/** S8: each `ram` order of the seat in turn, in file order. */
export function ramming(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  const b = battleOf(ctx.state);
  const rammed = new Set<string>();
  for (const given of orders.ram) {
    const r = ramRuling(ctx.state, seat, given.order, rammed);
    if (!r.ok) {
      ctx.fail(seat, given.at, r.code, r.text);
      continue;
    }
    const c = craftById(b, r.craft);
    const t = craftById(b, r.target);
    if (c === undefined || t === undefined || !onTable(c)) continue;
    rammed.add(c.id);
    turnFaceUp(ctx, c, "it rams", given.at);
    c.where = { kind: "table", at: { x: r.to.x, y: r.to.y }, heading: r.heading };
    c.moved = (c.moved ?? 0) + r.distance;
    if (r.nuke) {
      ctx.emit("rammed", `${r.text}.`, { craft: [c.id, t.id], order: given.at });
      // Contact is made before the blast (l.516 "upon contact"): the Saboteur task counts it (l.722).
      saboteurContact(ctx, seat, c, t, given.at);
      // The blast in contact (l.516): S6's own, the target taking 2d6 as the craft it touched (l.462).
      detonate(ctx, seat, c, t.id, given.at);
      continue;
    }
    addHits(t, r.hits, seat);
    addHits(c, r.hits);
    ctx.emit("rammed", `${r.text}.`, { craft: [c.id, t.id], order: given.at });
    // "Get one of your craft to contact the enemy Space Station" (l.722): a ram is how a craft makes contact (l.508).
    saboteurContact(ctx, seat, c, t, given.at);
  }
  // A holding vessel that rammed away from what it held lets go (l.442, E.7).
  releaseBrokenHolds(ctx);
}
