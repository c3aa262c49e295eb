/**
 * Missiles ("Missiles", "Missile Resolution", "Basic Combat Resolution" 8, QRS):
 * 24" range, 360 degree arc, launched before the Taskforce moves (Activation
 * Sequence 1) and moved and resolved after the taskforce and fighters have moved
 * (5). "They require a locking roll on a per ship basis of 5 or less. This is
 * modified by all the normal targeting factors" (suppression, obscuring, cover;
 * 1s always lock). "If the ship misses, none of its missiles are launched". All
 * missiles of a squadron go at one target and are placed together "at any one of
 * the ships in the squadron that had range to the target" (the nearest one here).
 *
 * On the way "If they pass within 1" of an enemy squadron (including the target),
 * they can be attacked by interceptors", and squadrons of the target's TF within
 * 3" of it may fire too; enemy fighter flights within 6" (1" if their carriers
 * have left) may intercept. Missiles through planets, asteroids or dust clouds
 * "lose half of their number". Missiles that reach the target automatically hit;
 * they reduce shield hardness by 1 and cause suppression like batteries.
 */
import { hindersMissiles } from "./battlespace.js";
import { isHit } from "./combat.js";
import type { Ctx } from "./context.js";
import { centroid, dist, inches, type Point, segmentPointDistance } from "./geometry.js";
import { dodge, fireInterceptors, interceptorGroups, rollHits } from "./interceptors.js";
import { describeLos, lineOfSight } from "./line-of-sight.js";
import { type Flight, quadrantRef, type Squadron, shipCaps, squadronList } from "./model.js";
import type { OrderOf } from "./orders.js";
import { surfaceCost } from "./planet.js";

export const MISSILE_RANGE = 24;
export const LOCK_TARGETING = 5;

export interface MissileStrike {
  id: string;
  side: string;
  squadron: string;
  target: string;
  count: number;
  x: number;
  y: number;
}

const STEP = "1. Launch missiles";

/** Step 1: lock rolls per ship and launch. Returns the strike placed on the table, if any. */
export function launchMissiles(
  ctx: Ctx,
  o: OrderOf<"missiles">,
  label: string,
  active: Set<string>,
  launched: Set<string>,
): MissileStrike | null {
  const sq = ctx.sq(o.squadron);
  if (!sq || sq.side !== ctx.side) return fail(ctx, label, "unknown-squadron", `no squadron ${o.squadron} of yours`);
  if (!active.has(sq.id) || sq.location !== "table") return fail(ctx, label, "not-activating", `${sq.id} is not part of this activation`);
  if (launched.has(sq.id))
    return fail(
      ctx,
      label,
      "already-launched",
      `${sq.id} has already launched its missiles this activation (all of a squadron's missiles go at one target)`,
    );
  const caps = ctx.caps(sq);
  if (caps.missiles <= 0)
    return fail(ctx, label, "no-missiles", `${sq.id} (${ctx.state.designs[sq.design]?.name}) carries no missile launchers`);
  if (!sq.ships.some((s) => !s.disabled)) return fail(ctx, label, "all-disabled", `every ship of ${sq.id} is disabled`);
  // "Each ship firing missiles must ...": the active ships with launchers of their own (a mixed squadron's differ).
  const shooters = sq.ships.filter((s) => !s.disabled && shipCaps(ctx.state, sq, s).missiles > 0);
  if (shooters.length === 0) return fail(ctx, label, "all-disabled", `every ship of ${sq.id} with missile launchers is disabled`);
  const target = ctx.sq(o.target);
  const flight = target ? undefined : ctx.state.flights[o.target];
  if (!target && !flight) return fail(ctx, label, "unknown-target", `no enemy squadron or fighter flight ${o.target} on the table`);
  const targetSide = target ? target.side : (flight as Flight).side;
  if (targetSide === sq.side) return fail(ctx, label, "friendly-target", `${o.target} is on your own side`);
  if (target && target.location !== "table") return fail(ctx, label, "target-absent", `${target.id} is not on the table`);
  const targetPts: Point[] = target ? target.ships : [{ x: (flight as Flight).x, y: (flight as Flight).y }];
  // Range: ships within 24" of any target ship.
  let best = Number.POSITIVE_INFINITY;
  let bestShip: Point | null = null;
  const inRange = shooters.filter((s) => {
    let m = Number.POSITIVE_INFINITY;
    for (const t of targetPts) m = Math.min(m, dist(s, t));
    if (m < best) {
      best = m;
      bestShip = s;
    }
    return m <= MISSILE_RANGE + 1e-9;
  });
  if (inRange.length === 0)
    return fail(ctx, label, "out-of-range", `${o.target} is ${inches(best)} away; missiles reach ${MISSILE_RANGE}"`);
  let penalty = 0;
  let losText = "fighters are in the open";
  if (target) {
    const los = lineOfSight(ctx.los, sq, target);
    if (!los.ok) return fail(ctx, label, "no-line-of-sight", `${describeLos(los)}: no ship of ${sq.id} can lock on ${target.id}`);
    penalty = los.penalty;
    losText = describeLos(los);
  }
  // "Enemy weapons get a +1 to their targeting against a station."
  const targeting = LOCK_TARGETING - sq.suppression - penalty + (target?.station ? 1 : 0);
  launched.add(sq.id);
  // "They require a locking roll on a per ship basis": every active launcher rolls; "If the ship misses, none of its
  // missiles are launched that turn, though other ships in the squadron may launch theirs": a lock launches its own.
  const lock = rollHits(ctx, shooters.length, targeting);
  const locks = lock.hits;
  const count = shooters.reduce((t, s, i) => t + (isHit(lock.rolls[i] as number, targeting) ? shipCaps(ctx.state, sq, s).missiles : 0), 0);
  ctx.ok(
    STEP,
    label,
    `${o.target} at ${inches(best)} (max ${MISSILE_RANGE}"), ${losText}; lock needs ${targeting} or less (5 - ${sq.suppression} suppression - ${penalty})`,
  );
  ctx.note(
    "lock",
    `${sq.id} locks on ${o.target}: ${shooters.length} lock rolls needing ${targeting} or less [${lock.rolls.join(",")}]: ${locks} lock${locks === 1 ? "" : "s"}, ${count} missile${count === 1 ? "" : "s"} launched`,
    { side: sq.side, unit: sq.id, data: { target: o.target, rolls: lock.rolls, launched: count } },
  );
  if (count === 0) return null;
  const at = bestShip as unknown as Point;
  return { id: ctx.newId(`${sq.side}-m`), side: sq.side, squadron: sq.id, target: o.target, count, x: at.x, y: at.y };
}

function fail(ctx: Ctx, label: string, code: string, message: string): null {
  ctx.fail(STEP, label, code, message);
  return null;
}

/** Step 5: missiles move in a straight line to their target, are intercepted, and hit. */
export function resolveMissiles(ctx: Ctx, strikes: MissileStrike[]): void {
  const state = ctx.state;
  for (const m of strikes) {
    const target = state.squadrons[m.target];
    const flight = target ? undefined : state.flights[m.target];
    if (target && (target.location !== "table" || target.ships.length === 0)) {
      ctx.note("missiles", `${m.count} missiles from ${m.squadron} find no target: ${m.target} has left the table`, { side: m.side });
      continue;
    }
    if (!target && !flight) {
      ctx.note("missiles", `${m.count} missiles from ${m.squadron} find no target: ${m.target} is gone`, { side: m.side });
      continue;
    }
    const from: Point = { x: m.x, y: m.y };
    let to: Point;
    if (target) {
      to = target.ships[0] as Point;
      for (const s of target.ships) if (dist(from, s) < dist(from, to)) to = s;
      to = { x: to.x, y: to.y };
    } else to = { x: (flight as Flight).x, y: (flight as Flight).y };
    let n = m.count;
    const launched = n;
    const notes: string[] = [];
    // Terrain on the way: "lose half of their number" for each body negotiated.
    for (const t of state.battlespace.terrain) {
      if (!hindersMissiles(t)) continue;
      const inside = Math.hypot(to.x - t.x, to.y - t.y) <= t.radius || Math.hypot(from.x - t.x, from.y - t.y) <= t.radius;
      if (inside) continue;
      if (segmentPointDistance(from.x, from.y, to.x, to.y, t.x, t.y) < t.radius) {
        const lost = Math.floor(n / 2);
        n -= lost;
        notes.push(`${lost} lost negotiating ${t.name}`);
      }
    }
    // Interceptors and fighters of the target's side, in the order the missiles pass them.
    const defenders: { t: number; kind: "squadron" | "flight"; id: string }[] = [];
    const targetSide = target ? target.side : (flight as Flight).side;
    const targetTf = target?.taskforce ?? null;
    for (const sq of squadronList(state)) {
      if (sq.side !== targetSide || sq.location !== "table" || sq.ships.length === 0) continue;
      if (interceptorGroups(ctx, sq, true).length === 0) continue;
      let near = Number.POSITIVE_INFINITY;
      let tAt = 1;
      for (const s of sq.ships) {
        const d = segmentPointDistance(from.x, from.y, to.x, to.y, s.x, s.y);
        if (d < near) {
          near = d;
          tAt = tAlong(from, to, s);
        }
      }
      let eligible = near <= 1 + 1e-9 || sq.id === m.target;
      if (!eligible && target && targetTf && sq.taskforce === targetTf) {
        // "squadrons in the same TF as the target may fire their interceptors if they are within 3" of a ship in the targeted squadron".
        eligible = minDist(sq.ships, target.ships) <= 3 + 1e-9;
        tAt = 1;
      }
      if (eligible) defenders.push({ t: tAt, kind: "squadron", id: sq.id });
    }
    for (const fid of Object.keys(state.flights).sort()) {
      const f = state.flights[fid] as Flight;
      if (f.side !== targetSide || f.interceptAt === ctx.act || f.wings <= 0 || !airborne(ctx, f)) continue;
      const reach = carrierPresent(ctx, f) ? 6 : 1;
      const d = segmentPointDistance(from.x, from.y, to.x, to.y, f.x, f.y);
      if (d <= reach + 1e-9) defenders.push({ t: tAlong(from, to, f), kind: "flight", id: f.id });
    }
    defenders.sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : 1));
    for (const d of defenders) {
      if (n <= 0) break;
      if (d.kind === "squadron") {
        const sq = state.squadrons[d.id] as Squadron;
        const hits = fireInterceptors(ctx, sq, `${n} missiles of ${m.squadron}`, true);
        const k = Math.min(hits, n);
        if (k > 0) notes.push(`${k} shot down by ${sq.id}`);
        n -= k;
      } else {
        const f = state.flights[d.id] as Flight;
        // Intercept move: the flight moves onto the missiles' path (6" with carriers, 1" without).
        const p = closestPoint(from, to, f);
        f.x = p.x;
        f.y = p.y;
        delete f.grounded;
        f.interceptAt = ctx.act;
        const r = rollHits(ctx, f.wings, 3);
        const k = Math.min(r.hits, n);
        ctx.note(
          "intercept",
          `${f.id} (${f.wings} wings) intercepts ${n} missiles of ${m.squadron}: [${r.rolls.join(",")}] needing 3 - ${k} shot down`,
          {
            side: f.side,
            unit: f.id,
          },
        );
        if (k > 0) notes.push(`${k} shot down by fighters ${f.id}`);
        n -= k;
      }
    }
    ctx.push({
      kind: "missiles",
      side: m.side,
      from,
      targetPos: to,
      target: m.target,
      launched,
      arrived: n,
      act: ctx.act,
      turn: state.turn,
      text: `${launched} missiles of ${m.squadron} fly ${inches(dist(from, to))} at ${m.target}${notes.length ? ` (${notes.join("; ")})` : ""}: ${n} arrive`,
    });
    if (n <= 0) continue;
    const shooter = state.squadrons[m.squadron];
    if (target) {
      // "Missiles that reach their target automatically hit."
      ctx.attackSquadron(shooter ? [shooter] : [], target, { weapon: "missile", dice: n, targeting: 6 }, "missiles", m.side);
    } else {
      const f = flight as Flight;
      const dg = dodge(ctx, n, 3);
      ctx.note("missiles", `${n} missiles hit fighters ${f.id}: dodge rolls [${dg.rolls.join(",")}] needing 3 - ${dg.stand} wing(s) lost`, {
        side: m.side,
      });
      ctx.loseWings(f, dg.stand, `destroyed by missiles of ${m.squadron}`);
    }
  }
}

/** The flight's carriers are on the table: its carrier squadron, or the planet's quadrant it launched from while its side holds it. */
export function carrierPresent(ctx: Ctx, f: Flight): boolean {
  const c = ctx.state.squadrons[f.carrier];
  if (!c) return quadrantRef(ctx.state, f.carrier)?.quadrant.holder === f.side;
  return c.location === "table" && c.ships.length > 0;
}

/** A flight that can make an intercept move: not on a planet's surface (12" to go from ground to space; a moon's costs nothing). */
export function airborne(ctx: Ctx, f: Flight): boolean {
  return surfaceCost(ctx.state.battlespace.terrain, f.grounded) === 0;
}

function tAlong(a: Point, b: Point, p: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  if (l2 === 0) return 0;
  return Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
}

function closestPoint(a: Point, b: Point, p: Point): Point {
  const t = tAlong(a, b, p);
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

export function minDist(a: readonly Point[], b: readonly Point[]): number {
  let m = Number.POSITIVE_INFINITY;
  for (const p of a) for (const q of b) m = Math.min(m, dist(p, q));
  return m;
}

export { centroid };
