/**
 * S7 Movement (l.466-500), the bot's manoeuvres: each craft closes to fighting range of the enemy nearest it (a
 * face-down counter too: coming within 24" turns it face up in the bot's S12, l.663), facing it so its Lasers' arc
 * bears (l.635). A craft with Missiles or Expendables closes to 6" (l.571-601), one with Lasers only stops at 10" of
 * their 12"; an unarmed craft keeps away; a fighter with its Expendables spent goes back to a Shuttle Bay to reload
 * (l.651-655); a craft with a Nuke goes within 3" of the enemy (l.462) for the next S6.
 *
 * A move is a straight line (ruling C.30) at most the allowance (l.480-500), on the table, around planets (l.872),
 * never into contact with a powered enemy craft (l.508) nor onto another craft. A vessel turns before it moves, so it
 * ends facing the way it went; with Thrusters (or as a fighter) it turns after moving to face its target.
 */
import type { SeatId } from "../../../core/ids.js";
import { ARC_CENTRE } from "../designing-craft/modules.js";
import { type Battle, type Craft, operating, type Point, powered, type SpaceWarState } from "../model.js";
import type { MoveOrder } from "../orders.js";
import { military } from "../scenarios/set-up.js";
import { along, angleBetween, bearing, blockingPlanet, CONTACT, distance } from "../the-turn/geometry.js";
import { movementAllowance } from "../the-turn/movement.js";
import { escorting, isTransport, transportMove } from "./convoy.js";
import { enemyHome } from "./deploy.js";
import { HALF_ARC, type Pose } from "./fire.js";
import { isPlaced, type Placed, STATION_WIN_VALUE, targetValue, weapons } from "./knowledge.js";

/** Laser stand-off: inside the 12" range (l.577) with room for the target's drift. */
export const LASER_RANGE_GOAL = 10;
/** Missiles and Expendables reach 6" (l.571, l.601): close to this. */
export const CLOSE_RANGE_GOAL = 4.5;
/** Where a Nuke carrier waits: inside the 3" blast (l.462), out of contact (l.508). */
export const NUKE_GOAL = 2;
/** How near an enemy an unarmed craft lets it come before moving away: a vessel's move and a Laser's reach, and 2". */
export const KEEP_AWAY = 20;
/** The nearest a craft ends to an enemy craft (contact is 1", l.508) and to its own. */
const ENEMY_CLEARANCE = CONTACT + 0.6;
const FRIEND_CLEARANCE = CONTACT + 0.2;

/**
 * How much nearer a hurt enemy seems (inches per damaged module or hit waiting for its S1, at most three): a craft
 * closes on the enemy nearest it, but between two at much the same distance on the one already hurt, so that the
 * squadron's, and its allies', fire falls on the same craft (the hits of a turn add up at its S1, l.355).
 */
export const HURT_PULL = 1.5;
/** How near the line from an ally's craft to its target a move may end before it is in that ally's way. */
export const LANE_CLEARANCE = 1.5;
/** What ending in an ally's way costs a move, in inches of its own miss. */
const LANE_COST = 3;

/** The line from an ally's craft to the enemy craft it closes on (the Wall of Battle, 6.0). */
export interface Lane {
  from: Point;
  to: Point;
}

/** The seat's allies as its moves see them: where their craft stand (to keep clear of) and their lines of advance. */
export interface Allies {
  at: readonly Point[];
  lanes: readonly Lane[];
}

const NO_ALLIES: Allies = { at: [], lanes: [] };

/** The distance from a point to a segment. */
export function toSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Does ending at `p` put the craft in an ally's way (within `LANE_CLEARANCE` of a lane, away from its ends)? */
export function inAlliesWay(p: Point, lanes: readonly Lane[]): boolean {
  for (const l of lanes) {
    if (distance(p, l.to) < 3 || distance(p, l.from) < 1.5) continue;
    if (toSegment(p, l.from, l.to) < LANE_CLEARANCE) return true;
  }
  return false;
}

/** How hurt an enemy craft is: its damaged modules and the hits waiting for its S1, at most three. */
const hurt = (c: Craft): number => Math.min(3, c.pendingHits + c.modules.filter((m) => m.damaged).length);

/**
 * How much nearer a convoy's Transport seems to its attackers: destroying all three wins them the game (l.942), so
 * they go for the Transports before the escort unless an escort is much nearer.
 */
export const TRANSPORT_PULL = 8;

/** A convoy's Transport (l.936): civilian, not a station. */
const transport = (c: Craft): boolean => c.civilian === true && c.station !== true;

/**
 * How much nearer an enemy Space Station seems when it is the seat's aim (knowledge.ts `targetValue`): the game for
 * the CT's (l.921) and the Machine Wars II machine (l.1008); a medal with the Corporation task card (l.716-718).
 */
export const STATION_PULL = { win: 10, task: 3 } as const;

/** The extra pull of the enemy stations the seat goes for, by id (none it would not fire at, l.1050). */
export function stationAims(known: SpaceWarState, seat: SeatId): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of known.campaign.battle?.craft ?? []) {
    if (!c.station || c.owner === seat || !isPlaced(c)) continue;
    const v = targetValue(known, seat, c);
    if (v > 0) out.set(c.id, v >= STATION_WIN_VALUE ? STATION_PULL.win : STATION_PULL.task);
  }
  return out;
}

/** The enemy a craft closes on: the nearest, a hurt one seeming `HURT_PULL` inches nearer per hurt, an aim nearer still. */
export function preferred<T extends Placed>(from: Point, cs: readonly T[], aims: ReadonlyMap<string, number> = new Map()): T | undefined {
  let best: T | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const c of cs) {
    const pull = (transport(c) ? TRANSPORT_PULL : 0) + (aims.get(c.id) ?? 0);
    const score = distance(from, c.where.at) - HURT_PULL * hurt(c) - pull;
    if (score < bestScore - 1e-9) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

const round2 = (p: Point): Point => ({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 });

/** What the craft moves for: a point and how far from it to stop (Infinity: keep away from it). */
export interface Goal {
  toward: Point;
  stopAt: number;
  /** What it should face when it gets there. */
  face: Point;
}

function nearest<T extends Placed>(from: Point, cs: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const c of cs) if (!best || distance(from, c.where.at) < distance(from, best.where.at)) best = c;
  return best;
}

/** Where one craft should go (`poses`: where the craft moved already this turn are). */
export function goalOf(
  b: Battle,
  seat: SeatId,
  c: Placed,
  poses: ReadonlyMap<string, Pose>,
  aims: ReadonlyMap<string, number> = new Map(),
): Goal | undefined {
  // Stations are closed on only when they are the seat's aim (`aims`); the Convoy's Transports always.
  const enemies = b.craft.filter((e): e is Placed => e.owner !== seat && isPlaced(e) && (!e.station || aims.has(e.id)));
  const anyEnemy = b.craft.filter((e): e is Placed => e.owner !== seat && isPlaced(e));
  const w = weapons(c);
  const from = c.where.at;
  const hasEM = c.modules.some((m) => m.module === "EM" && !m.damaged);
  if (c.type === "fighter" && hasEM && w.EM === 0 && w.L + w.M === 0) {
    const bays = b.craft.filter((v): v is Placed => v.owner === seat && isPlaced(v) && v.type === "vessel" && operating(v, "SB") > 0);
    const bay = nearest(from, bays);
    if (bay) {
      const at = poses.get(bay.id)?.at ?? bay.where.at;
      return { toward: at, stopAt: NUKE_GOAL, face: at };
    }
  }
  const foe = preferred(from, enemies.length > 0 ? enemies : anyEnemy, aims);
  if (!foe) {
    const home = enemyHome(b, seat, from);
    return { toward: home, stopAt: 20, face: home };
  }
  const at = foe.where.at;
  if (w.N > 0 && w.L + w.M + w.EM === 0) return { toward: at, stopAt: NUKE_GOAL, face: at };
  if (w.M + w.EM > 0) return { toward: at, stopAt: CLOSE_RANGE_GOAL, face: at };
  if (w.L > 0) return { toward: at, stopAt: LASER_RANGE_GOAL, face: at };
  // Unarmed: toward the nearest enemy military craft it may ram (S8, ramming.ts), else away from the nearest of them
  // (not from a station or a Transport, which cannot shoot): the CT's Carrier, their one vessel, keeps out of reach.
  const fighting = anyEnemy.filter(military);
  const prey = nearest(
    from,
    fighting.filter((e) => e.where.kind === "table" && (c.type === "fighter" || !powered(e))),
  );
  if (prey) return { toward: prey.where.at, stopAt: NUKE_GOAL, face: prey.where.at };
  const away = nearest(from, fighting)?.where.at ?? at;
  return { toward: away, stopAt: Number.POSITIVE_INFINITY, face: away };
}

/** The arc the craft's Lasers (or Expendables) mostly fire into, for facing its target. */
function mainArcCentre(c: Craft): number {
  const arcs = c.modules.filter((m) => (m.module === "L" || m.module === "EM") && !m.damaged).map((m) => ARC_CENTRE[m.arc ?? "front"]);
  return arcs.length === 0 ? 0 : (arcs.sort((a, d) => arcs.filter((x) => x === d).length - arcs.filter((x) => x === a).length)[0] ?? 0);
}

/** The other craft a move must keep clear of: where they are (or go this turn) and how near it may end. */
interface Obstacle {
  x: number;
  y: number;
  /** Squared clearance. */
  r2: number;
}

function obstacles(b: Battle, seat: SeatId, c: Craft, poses: ReadonlyMap<string, Pose>, allies: readonly Point[]): Obstacle[] {
  // Allies' craft (the Wall of Battle), kept out of `b` so that nothing aims at them, are in the way all the same.
  const out: Obstacle[] = allies.map((p) => ({ x: p.x, y: p.y, r2: FRIEND_CLEARANCE * FRIEND_CLEARANCE }));
  for (const o of b.craft) {
    if (o.id === c.id || !isPlaced(o)) continue;
    const at = poses.get(o.id)?.at ?? o.where.at;
    const r = o.owner === seat ? FRIEND_CLEARANCE : ENEMY_CLEARANCE;
    out.push({ x: at.x, y: at.y, r2: r * r });
  }
  return out;
}

/** Is the end of a move legal and clear: on the table, off planets, out of contact. */
function clear(b: Battle, from: Point, to: Point, others: readonly Obstacle[]): boolean {
  if (to.x < 0.5 || to.y < 0.5 || to.x > b.table.width - 0.5 || to.y > b.table.depth - 0.5) return false;
  for (const o of others) {
    const dx = to.x - o.x;
    const dy = to.y - o.y;
    if (dx * dx + dy * dy < o.r2) return false;
  }
  if (blockingPlanet(from, to, b.planets)) return false;
  return !b.planets.some((p) => distance(to, p.at) < p.diameter / 2 + 0.8);
}

/** One craft's move toward its goal, or undefined when it stays (and its pose then). */
export function moveOf(
  b: Battle,
  seat: SeatId,
  c: Placed,
  poses: ReadonlyMap<string, Pose>,
  allies: Allies = NO_ALLIES,
  aims: ReadonlyMap<string, number> = new Map(),
): { order?: MoveOrder; pose: Pose } {
  const stay = { pose: { at: c.where.at, heading: c.where.heading } };
  if (!powered(c)) return stay;
  const allowance = movementAllowance(c.type, operating(c, "E"));
  if (allowance <= 0) return stay;
  const goal = goalOf(b, seat, c, poses, aims);
  if (!goal) return stay;
  const from = c.where.at;
  const d = distance(from, goal.toward);
  const reach = Math.max(0, allowance * 0.98 - 0.05);
  const wantDir = bearing(from, goal.toward);
  const turnAfter = c.type === "fighter" || operating(c, "T") > 0;
  const arc = mainArcCentre(c);
  let travel: number;
  let dir: number;
  let pivot = false;
  if (goal.stopAt === Number.POSITIVE_INFINITY) {
    if (d > KEEP_AWAY) return stay;
    travel = reach;
    dir = (wantDir + 180) % 360;
  } else if (d > goal.stopAt + 0.3) {
    travel = Math.min(reach, d - goal.stopAt);
    dir = wantDir;
  } else {
    // In range already: only turn to bring the arc to bear, by a short move toward the goal (a vessel turns before moving).
    const facing = (c.where.heading + arc) % 360;
    if (angleBetween(facing, bearing(from, goal.face)) <= HALF_ARC - 5) return stay;
    travel = Math.min(reach, 0.3);
    dir = (bearing(from, goal.face) - arc + 360) % 360;
    pivot = true;
  }
  if (travel < 0.05) return stay;
  const others = obstacles(b, seat, c, poses, allies.at);
  let best: { to: Point; score: number } | undefined;
  search: for (const off of [0, 15, -15, 30, -30, 45, -45, 60, -60, 90, -90]) {
    for (const f of [1, 0.75, 0.5, 0.25]) {
      const to = round2(along(from, (dir + off + 360) % 360, travel * f));
      if (distance(from, to) > reach || !clear(b, from, to, others)) continue;
      const miss =
        goal.stopAt === Number.POSITIVE_INFINITY ? -distance(to, goal.toward) : Math.abs(distance(to, goal.toward) - goal.stopAt);
      // A pivot is for the facing: the least turn off it wins; a move, the nearest to its stand-off, out of allies' way.
      const blocking = allies.lanes.length > 0 && inAlliesWay(to, allies.lanes);
      const score = (pivot ? Math.abs(off) + (1 - f) : miss + Math.abs(off) * 0.001) + (blocking ? LANE_COST : 0);
      if (!best || score < best.score - 1e-9) best = { to, score };
      // Straight on and the whole way, in nobody's way: nothing does better.
      if (off === 0 && f === 1 && !blocking) break search;
    }
  }
  if (!best) return stay;
  const moved = bearing(from, best.to);
  const order: MoveOrder = { type: "move", craft: c.id, to: best.to };
  let heading = moved;
  if (turnAfter) {
    heading = Math.round((bearing(best.to, goal.face) - arc + 360) % 360) % 360;
    order.facing = heading;
  }
  return { order, pose: { at: best.to, heading } };
}

/** Every craft's move but those kept `still` (rammers, S8): vessels first (fighters going home to a bay follow their vessel), then by id. */
export function moveOrders(
  known: SpaceWarState,
  seat: SeatId,
  still: ReadonlySet<string> = new Set(),
  allies: Allies = NO_ALLIES,
): { orders: MoveOrder[]; poses: Map<string, Pose> } {
  const b = known.campaign.battle;
  const poses = new Map<string, Pose>();
  const orders: MoveOrder[] = [];
  if (!b) return { orders, poses };
  const mine = b.craft
    .filter((c): c is Placed => c.owner === seat && isPlaced(c) && c.tractoredBy === undefined)
    .sort((a, c) => (a.type === c.type ? a.id.localeCompare(c.id) : a.type === "vessel" ? -1 : 1));
  const aims = stationAims(known, seat);
  // The convoy's Transports move last, behind their escort (convoy.ts).
  const escort = escorting(known, seat);
  if (escort) mine.sort((a, c) => Number(isTransport(a)) - Number(isTransport(c)));
  for (const c of mine) {
    if (still.has(c.id)) continue;
    if (escort && isTransport(c)) {
      const t = transportMove(b, seat, c, (from, to) => clear(b, from, to, obstacles(b, seat, c, poses, allies.at)));
      poses.set(c.id, { at: t.at, heading: t.heading });
      if (t.order) orders.push(t.order);
      continue;
    }
    const m = moveOf(b, seat, c, poses, allies, aims);
    poses.set(c.id, m.pose);
    if (m.order) orders.push(m.order);
  }
  return { orders, poses };
}
