/**
 * S7 - Movement (seed 001 l.466-500), read with ruling C.30 and reference E.2:
 *
 * | Vessel  | Engines (E)   | Enables turns before movement | 6" one Engine, 12" two, 18" three or more |
 * | Vessel  | Thrusters (T) | Enables turns after movement  |                                           |
 * | Fighter | Engines (E)   | Enables turns before and after movement | 9" one Engine, 18" two or more  |
 *
 * A `move` order takes a craft in a straight line to `to`, at most its allowance (C.30: "up to"); moving anywhere but
 * straight ahead is a turn before moving (an operating Engine); `facing` is a turn after moving (a vessel's operating
 * Thruster; a fighter's Engine). Without `facing` the craft faces the way it moved. Planets block movement (l.872);
 * a craft held by an enemy tractor "can do nothing at all" (l.442); a move may not end off the table (fleeing is
 * giving up, S3), in contact with an enemy craft (that is ramming, S8, l.508) or overlapping another craft's base.
 * One move per craft per turn. A face-down counter moves face down: the enemy sees a counter move, not what it is.
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, craftById, enemiesOf, onTable, ownCraft, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import { type Craft, operating, type Point, type SpaceWarState } from "../model.js";
import type { MoveOrder } from "../orders.js";
import { convoyExit } from "../scenarios/scenario-end.js";
import { angleBetween, BASE, bearing, blockingPlanet, CONTACT, distance, inchesText, onTheTable } from "./geometry.js";
import { movementAllowance, turnsAllowed } from "./movement.js";
import { releaseBrokenHolds } from "./s5-tractor-beam.js";

/** Slack for measured figures (floating point): a move of 12.0000000001" on a 12" allowance is 12". */
export const EPSILON = 1e-6;

/** A heading as players say it: "90°". */
export const degrees = (h: number): string => `${Math.round(h * 10) / 10}°`;

/** A point as players say it: "(20.0, 24.0)". */
export const pointText = (p: Point): string => `(${(Math.round(p.x * 10) / 10).toFixed(1)}, ${(Math.round(p.y * 10) / 10).toFixed(1)})`;

/** What a craft may do moving: its allowance and turns by its operating Engines and Thrusters (l.472-500). */
export function craftMovement(c: Craft): { engines: number; thrusters: number; allowance: number; before: boolean; after: boolean } {
  const engines = operating(c, "E");
  const thrusters = operating(c, "T");
  return { engines, thrusters, allowance: movementAllowance(c.type, engines), ...turnsAllowed(c.type, engines, thrusters) };
}

/** "12\" (2 Engines)" */
export const allowanceText = (m: { allowance: number; engines: number }): string =>
  `${inchesText(m.allowance)} (${m.engines} Engine${m.engines === 1 ? "" : "s"})`;

/** A ruling on an order: carried out as `text` says, or refused with a code and a message saying why. */
export type Ruling<T> = ({ ok: true } & T) | { ok: false; code: string; text: string };

export interface MoveFigures {
  craft: string;
  from: Point;
  to: Point;
  /** Inches moved. */
  distance: number;
  allowance: number;
  /** The heading after the move. */
  heading: number;
  /** A convoy's Transport leaves the table by the Convoy's exit (l.942). */
  exits?: boolean;
  /** Turned before moving (moved off its heading) / after moving (to `facing`). */
  turnedBefore: boolean;
  turnedAfter: boolean;
  /** The figures as the players read them. */
  text: string;
}

/** The seat's craft by id, on the table, able to act: the refusals every order of S7-S9 shares. */
export function ownCraftOnTable(
  state: SpaceWarState,
  seat: SeatId,
  id: string,
):
  | { ok: true; craft: Craft & { where: { kind: "hidden" | "table"; at: Point; heading: number } } }
  | { ok: false; code: string; text: string } {
  const own = ownCraft(state, seat, id);
  if (!own.ok) return own;
  const c = own.craft;
  if (c.where.kind === "aboard")
    return { ok: false, code: "craft-aboard", text: `${id} is aboard ${c.where.vessel}: launch it first (S4, l.424)` };
  if (!onTable(c)) return { ok: false, code: "not-on-table", text: `${id} is not on the table yet` };
  if (c.tractoredBy !== undefined) {
    return {
      ok: false,
      code: "held-by-tractor",
      text: `${id} is held by ${c.tractoredBy}'s tractor beam and can do nothing at all (l.442)`,
    };
  }
  return { ok: true, craft: c };
}

/** The target of a ram or a shot by id: a craft of this battle, an enemy's (neither the seat's own nor an ally's). */
export function enemyCraft(
  state: SpaceWarState,
  seat: SeatId,
  id: string,
): { ok: true; craft: Craft } | { ok: false; code: string; text: string } {
  const t = craftById(battleOf(state), id);
  if (t === undefined) return { ok: false, code: "unknown-target", text: `there is no craft ${id} in this battle` };
  if (!enemiesOf(state, seat).includes(t.owner))
    return t.owner === seat
      ? { ok: false, code: "not-an-enemy", text: `${t.id} is your own craft` }
      : {
          ok: false,
          code: "allied-target",
          text: `${t.id} is ${t.owner}'s, your ally: "You may not target friendly allied Craft" (l.1023)`,
        };
  return { ok: true, craft: t };
}

/** The figures of a move, or why it may not be made (pure: the step and the check both ask it). */
export function moveRuling(
  state: SpaceWarState,
  seat: SeatId,
  order: MoveOrder,
  movedAlready: ReadonlySet<string> = new Set(),
): Ruling<MoveFigures> {
  const own = ownCraftOnTable(state, seat, order.craft);
  if (!own.ok) return own;
  const c = own.craft;
  const b = battleOf(state);
  if (movedAlready.has(c.id))
    return { ok: false, code: "moved-already", text: `${c.id} has moved this turn already: one move a turn (RULINGS.md)` };
  const m = craftMovement(c);
  const from = c.where.at;
  const to = order.to;
  const d = distance(from, to);
  const moving = d > EPSILON;
  if (d > m.allowance + EPSILON) {
    return { ok: false, code: "too-far", text: `${c.id} would move ${inchesText(d)} of its ${allowanceText(m)} (l.480-500)` };
  }
  const way = moving ? bearing(from, to) : c.where.heading;
  const turnedBefore = moving && angleBetween(way, c.where.heading) > 0.05;
  if (turnedBefore && !m.before) {
    return {
      ok: false,
      code: "no-turn-before",
      text: `${c.id} heads ${degrees(c.where.heading)} and would move toward ${degrees(way)}: turning before moving needs an operating Engine (l.478)`,
    };
  }
  const heading = order.facing ?? way;
  const turnedAfter = angleBetween(heading, way) > 0.05;
  if (turnedAfter && !m.after) {
    const why =
      c.type === "vessel"
        ? "a vessel turns after moving only with an operating Thruster (l.490)"
        : "a fighter needs an operating Engine (l.496)";
    return { ok: false, code: "no-turn-after", text: `${c.id} may not turn to ${degrees(heading)} after moving: ${why}` };
  }
  // A convoy's Transport leaves by the enemy's edge, within 6" of its centre: it has exited (l.942).
  const exits = !onTheTable(to, b.table) && c.civilian === true && c.station !== true && convoyExit(b, seat, to);
  if (!onTheTable(to, b.table) && !exits) {
    return {
      ok: false,
      code: "off-table",
      text: `${pointText(to)} is off the ${b.table.width}" x ${b.table.depth}" table: a craft may not move off it (leaving the battle is giving up, S3)`,
    };
  }
  if (moving) {
    const p = blockingPlanet(from, to, b.planets);
    if (p)
      return {
        ok: false,
        code: "planet-in-the-way",
        text: `the planet at ${pointText(p.at)} blocks ${c.id}'s way to ${pointText(to)} (l.872)`,
      };
  }
  const enemies = new Set(enemiesOf(state, seat));
  for (const o of b.craft) {
    if (o.id === c.id || !onTable(o)) continue;
    const gap = distance(to, o.where.at);
    if (enemies.has(o.owner) && gap <= CONTACT + EPSILON) {
      return {
        ok: false,
        code: "contact-enemy",
        text: `${pointText(to)} is ${inchesText(gap)} from ${o.id}, in contact (${inchesText(CONTACT)}): moving into contact is ramming (S8, l.504)`,
      };
    }
    if (gap < BASE - EPSILON) {
      return { ok: false, code: "overlaps", text: `${pointText(to)} is ${inchesText(gap)} from ${o.id}: their bases would overlap` };
    }
  }
  const turns = [turnedBefore ? "turns before moving" : "", turnedAfter ? `turns to ${degrees(heading)} after` : ""].filter(
    (t) => t !== "",
  );
  const text = moving
    ? `${c.id} moves ${inchesText(d)} of its ${allowanceText(m)} to ${pointText(to)}, heading ${degrees(heading)}${turns.length > 0 ? ` (${turns.join(", ")})` : ""}`
    : turnedAfter
      ? `${c.id} turns in place to ${degrees(heading)}`
      : `${c.id} stays at ${pointText(to)}`;
  return {
    ok: true,
    craft: c.id,
    from,
    to,
    distance: moving ? d : 0,
    allowance: m.allowance,
    heading,
    turnedBefore,
    turnedAfter,
    ...(exits ? { exits } : {}),
    text: exits ? `${c.id} moves ${inchesText(d)} and leaves the table by the enemy's edge: it exits (l.942)` : text,
  };
}

/** S7: each `move` order of the seat in turn, in file order (each sees the moves before it). */
export function moveCraft(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  const b = battleOf(ctx.state);
  for (const c of b.craft) if (c.owner === seat) delete c.moved;
  const moved = new Set<string>();
  for (const given of orders.move) {
    const r = moveRuling(ctx.state, seat, given.order, moved);
    if (!r.ok) {
      ctx.fail(seat, given.at, r.code, r.text);
      continue;
    }
    const c = craftById(b, r.craft);
    if (c === undefined) continue;
    moved.add(c.id);
    if (r.exits) {
      c.where = { kind: "gone", how: "exited" };
      ctx.emit("exited", `${c.id} leaves the table by the enemy's edge at ${pointText(r.to)}: it has exited (l.942).`, {
        craft: [c.id],
        order: given.at,
      });
      continue;
    }
    if (!onTable(c)) continue;
    c.where = { kind: c.where.kind, at: { x: r.to.x, y: r.to.y }, heading: r.heading };
    c.moved = r.distance;
    if (c.where.kind === "hidden") {
      // The enemy sees a counter move, not what it is (l.661): its allowance would tell its Engines.
      ctx.emit("moved", `counter ${c.id} moves ${inchesText(r.distance)} to ${pointText(r.to)}, heading ${degrees(r.heading)}`, {
        craft: [c.id],
        order: given.at,
      });
    } else {
      ctx.emit("moved", `${r.text}.`, { craft: [c.id], order: given.at });
    }
  }
  // A holding vessel that moved more than 3" from what it held lets go (l.442, E.7).
  releaseBrokenHolds(ctx);
}
