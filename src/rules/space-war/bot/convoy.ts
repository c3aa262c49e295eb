/**
 * 3.0 Convoy Escort (l.924-958), the escort's Transports: "The escorting squadron must get at least two out of three
 * civilian Transports to exit from within 6" of the centre of the enemy squadrons table edge in order to win" (l.942).
 * Each Transport (Vessel E+E+A+A, 12" a turn, l.480-484) makes for that exit, past the enemy's planet (l.872), and
 * leaves the table by it once it can reach it (S7 marks it exited, the-turn/s7-movement.ts). On the way it weighs each
 * place it might end by the enemy fire that could reach it there next turn (an enemy's move and its weapons' range,
 * l.480-500, l.571-601), so it runs when the way is clear and waits behind its escort while the enemy is strong.
 */
import type { SeatId } from "../../../core/ids.js";
import { type Battle, operating, type Point, powered, type SpaceWarState } from "../model.js";
import type { MoveOrder } from "../orders.js";
import { EXIT_HALF_WIDTH } from "../scenarios/scenario-end.js";
import { along, bearing, blockingPlanet, distance } from "../the-turn/geometry.js";
import { movementAllowance } from "../the-turn/movement.js";
import { isPlaced, known, type Placed, threat, weapons } from "./knowledge.js";

/** How far past the table's edge a Transport's exit move ends (the move must leave the table, l.942). */
export const EXIT_PAST = 0.4;
/** How far from the centre of the exit a Transport leaves, clear of the enemy planet 6" in from it (l.872). */
export const EXIT_OFFSET = 4;
/** What each point of enemy threat able to reach a place costs a Transport's move, in inches of progress. */
export const DANGER_COST = 6;

/** Does the seat escort the convoy this game (l.932)? */
export const escorting = (known: SpaceWarState, seat: SeatId): boolean => known.campaign.roles?.[seat] === "escort";

/** The seat's Transports able to move: civilian vessels on the table, not stations (l.936-938). */
export const isTransport = (c: Placed): boolean => c.civilian === true && c.station !== true;

/**
 * Where a Transport leaves: the enemy's table edge (the edge opposite the seat's home), `EXIT_OFFSET` from its centre
 * on the Transport's side, just past the edge.
 */
export function exitPoint(b: Battle, seat: SeatId, from: Point): Point {
  const east = b.homes[seat]?.edge !== "east";
  const mid = b.table.depth / 2;
  const y = from.y < mid ? mid - EXIT_OFFSET : mid + EXIT_OFFSET;
  return {
    x: east ? b.table.width + EXIT_PAST : -EXIT_PAST,
    y: Math.max(mid - EXIT_HALF_WIDTH + 1, Math.min(mid + EXIT_HALF_WIDTH - 1, y)),
  };
}

/** The enemy threat that could reach a point next turn: each armed enemy within its move and its longest weapon's range. */
export function danger(b: Battle, seat: SeatId, p: Point): number {
  let t = 0;
  for (const e of b.craft) {
    if (e.owner === seat || !isPlaced(e) || e.civilian || e.station) continue;
    if (!known(e)) {
      // A face-down counter: an average craft, a fighter's 9" and a Laser's 12" (l.498, l.577).
      if (distance(p, e.where.at) <= 21) t += threat(e);
      continue;
    }
    const w = weapons(e);
    if (w.L + w.M + w.EM === 0) continue;
    const range = w.L > 0 ? 12 : 6;
    const move = powered(e) ? movementAllowance(e.type, operating(e, "E")) : 0;
    if (distance(p, e.where.at) <= move + range) t += threat(e);
  }
  return t;
}

const round2 = (p: Point): Point => ({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 });

/**
 * A Transport's move: off the table by the exit when it can reach it this turn, else the place (straight on or up to
 * 60° off, the whole way or part, or staying) where the way left to the exit plus the danger is least. `clear` is the
 * caller's test of a place on the table (off planets, out of contact, clear of other craft).
 */
export function transportMove(
  b: Battle,
  seat: SeatId,
  c: Placed,
  clear: (from: Point, to: Point) => boolean,
): { order?: MoveOrder; at: Point; heading: number } {
  const from = c.where.at;
  const stay = { at: from, heading: c.where.heading };
  if (!powered(c)) return stay;
  const reach = Math.max(0, movementAllowance(c.type, operating(c, "E")) * 0.98 - 0.05);
  if (reach <= 0) return stay;
  const exit = exitPoint(b, seat, from);
  const out = round2(exit);
  if (distance(from, out) <= reach && !blockingPlanet(from, out, b.planets))
    return { order: { type: "move", craft: c.id, to: out }, at: out, heading: bearing(from, out) };
  const cost = (p: Point) => distance(p, exit) + DANGER_COST * danger(b, seat, p);
  let best = { to: from, score: cost(from) };
  const dir = bearing(from, exit);
  for (const off of [0, 15, -15, 30, -30, 45, -45, 60, -60])
    for (const f of [1, 0.75, 0.5, 0.25]) {
      const to = round2(along(from, (dir + off + 360) % 360, reach * f));
      if (distance(from, to) > reach || !clear(from, to)) continue;
      const score = cost(to) + Math.abs(off) * 0.001;
      if (score < best.score - 1e-9) best = { to, score };
    }
  if (best.to === from) return stay;
  return { order: { type: "move", craft: c.id, to: best.to }, at: best.to, heading: bearing(from, best.to) };
}
