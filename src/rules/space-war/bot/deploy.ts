/**
 * Deployment (l.33, l.884-888): every craft as a hidden marker within 6" of the seat's planet, facing the enemy, spread
 * so that one Nuke catches as few as it can ("All other craft within a 3" radius take d6 Hits", l.458-462); fighters
 * aboard a vessel with a Shuttle Bay (l.661), where nothing can shoot them (l.428).
 */
import type { SeatId } from "../../../core/ids.js";
import type { Battle, Point, SpaceWarState } from "../model.js";
import type { Order } from "../orders.js";
import { bearing, distance, TABLE } from "../the-turn/geometry.js";
import { homePoint, threat } from "./knowledge.js";

/**
 * The farthest from the planet's edge a craft is placed: inside the 6" (l.892, measured from the planet's edge as
 * scenarios/deployment.ts reads it) with room for rounding.
 */
export const DEPLOY_REACH = 5.8;

/**
 * Where the enemy is: the enemy planet nearest `from` (the seat's own planet when not given), or the middle of the far
 * side of the table. In the Wall of Battle (6.0) the enemy alliance has a planet for each squadron along its edge: a
 * squadron faces and heads for the one across from it, not the first listed (l.1017; RULINGS.md "Bots").
 */
export function enemyHome(b: Battle, seat: SeatId, from?: Point): Point {
  const edge = b.homes[seat]?.edge;
  const mine = homePoint(b, seat);
  const here = from ?? mine;
  let best: Point | undefined;
  for (const s of Object.keys(b.homes)) {
    // An ally of the Wall of Battle shares the seat's edge (scenarios/wall-of-battle.ts): not the enemy.
    if (s === seat || (edge !== undefined && b.homes[s]?.edge === edge)) continue;
    const p = homePoint(b, s);
    if (p && (!best || (here !== undefined && distance(here, p) < distance(here, best) - 1e-9))) best = p;
  }
  if (best) return best;
  const width = b.table.width || TABLE.width;
  return { x: mine && mine.x < width / 2 ? width - 6 : 6, y: (b.table.depth || TABLE.depth) / 2 };
}

/**
 * `n` points within `radius` of the centre, on the table and clear of every planet, as far apart as they can
 * be: the first the nearest the enemy, each next the candidate farthest from those already chosen (a half-inch grid), then each moved where it is farthest from the rest.
 */
export function spreadPoints(b: Battle, centre: Point, toward: Point, n: number, radius: number): Point[] {
  const cands: Point[] = [];
  for (let dx = -radius; dx <= radius + 1e-9; dx += 0.5)
    for (let dy = -radius; dy <= radius + 1e-9; dy += 0.5) {
      const p = { x: Math.round((centre.x + dx) * 100) / 100, y: Math.round((centre.y + dy) * 100) / 100 };
      if (distance(p, centre) > radius) continue;
      if (p.x < 0.5 || p.y < 0.5 || p.x > b.table.width - 0.5 || p.y > b.table.depth - 0.5) continue;
      if (b.planets.some((pl) => distance(p, pl.at) < pl.diameter / 2 + 1)) continue;
      cands.push(p);
    }
  const out: Point[] = [];
  if (cands.length === 0) return out;
  let first = cands[0] as Point;
  for (const c of cands) if (distance(c, toward) < distance(first, toward)) first = c;
  out.push(first);
  const gap = cands.map((c) => distance(c, first));
  while (out.length < n) {
    let k = 0;
    for (let i = 1; i < cands.length; i++) if ((gap[i] ?? 0) > (gap[k] ?? 0)) k = i;
    const p = cands[k] as Point;
    out.push(p);
    for (let i = 0; i < cands.length; i++) gap[i] = Math.min(gap[i] ?? 0, distance(cands[i] as Point, p));
  }
  // A round of moving each point (but the first) to the candidate farthest from all the others.
  const nearestOther = (px: number, py: number, skip: number): number => {
    let g = Number.POSITIVE_INFINITY;
    for (let i = 0; i < out.length; i++) {
      if (i === skip) continue;
      const o = out[i] as Point;
      const d2 = (o.x - px) * (o.x - px) + (o.y - py) * (o.y - py);
      if (d2 < g) g = d2;
    }
    return g;
  };
  for (let round = 0; round < 1; round++)
    for (let j = 1; j < out.length; j++) {
      let best = out[j] as Point;
      let bestGap = nearestOther(best.x, best.y, j);
      for (const c of cands) {
        const g = nearestOther(c.x, c.y, j);
        if (g > bestGap + 1e-9) {
          best = c;
          bestGap = g;
        }
      }
      out[j] = best;
    }
  return out;
}

/**
 * Where the seat's craft start: around its planet (within 6" of its edge, l.892), or for the CT's and the machine
 * vessel of Machine Wars II, who enter from the far side (l.907, l.1004), within 6" of their own table edge: the
 * centre and radius of a circle inside that strip.
 */
function startArea(known: SpaceWarState, b: Battle, seat: SeatId): { centre: Point; radius: number } | undefined {
  const role = known.campaign.roles?.[seat];
  const home = b.homes[seat];
  if (role === "ct" || (role === "machine" && known.campaign.scenario === "machine-wars-ii")) {
    const x = home?.edge === "east" ? b.table.width - 3 : 3;
    return { centre: { x, y: b.table.depth / 2 }, radius: 2.8 };
  }
  const planet = home ? b.planets[home.planet] : undefined;
  return planet ? { centre: planet.at, radius: DEPLOY_REACH + planet.diameter / 2 } : undefined;
}

/** The deploy orders: the strongest craft nearest the enemy, each facing it; fighters aboard the first bay vessel. */
export function deployOrders(known: SpaceWarState, seat: SeatId): Order[] {
  const b = known.campaign.battle;
  const area = b ? startArea(known, b, seat) : undefined;
  if (!b || !area) return [];
  const waiting = b.craft.filter((c) => c.owner === seat && c.where.kind === "entering");
  const bay = waiting.find((c) => c.type === "vessel" && c.modules.some((m) => m.module === "SB" && !m.damaged));
  const fighters = bay ? waiting.filter((c) => c.type === "fighter") : [];
  const placed = waiting.filter((c) => !fighters.includes(c)).sort((a, c) => threat(c) - threat(a) || a.id.localeCompare(c.id));
  const enemy = enemyHome(b, seat, area.centre);
  const points = spreadPoints(b, area.centre, enemy, placed.length, area.radius);
  const out: Order[] = [];
  placed.forEach((c, i) => {
    const at = points[i % Math.max(1, points.length)];
    if (!at) return;
    out.push({ type: "deploy", craft: c.id, at, heading: Math.round(bearing(at, enemyHome(b, seat, at))) % 360 });
  });
  for (const f of fighters) if (bay) out.push({ type: "deploy", craft: f.id, aboard: bay.id });
  return out;
}
