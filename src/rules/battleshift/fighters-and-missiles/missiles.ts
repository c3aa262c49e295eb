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
 *
 * A strike's target may also be a planet's quadrant ("Missiles attack quadrants and shields normally"; the lock at
 * launch is planet-air.ts `missilesAtQuadrant`): it flies here like any strike, the quadrant's holder defending, and
 * last "Missiles and fighters may be attacked by interceptors for the quadrant they are attacking".
 */

import { own } from "../../../core/ids.js";
import { hindersMissiles } from "../battlespace/battlespace.js";
import { isHit } from "../combat/combat.js";
import { dodge, fireInterceptors, interceptorGroups, rollHits } from "../combat/interceptors.js";
import { describeLos, lineOfSight } from "../combat/line-of-sight.js";
import type { Ctx } from "../context.js";
import { diceList, roll, rolledField } from "../events.js";
import { bearing, centroid, dist, inches, offset, type Point, segmentPointDistance } from "../geometry.js";
import { type Flight, type PlanetInPlay, quadrantRef, type Squadron, shipCaps, squadronList } from "../model.js";
import type { OrderOf } from "../orders.js";
import { type Quadrant, surfaceCost } from "../planets/planet.js";
import { missilesHitQuadrant, planetBody, quadrantInterceptorFire } from "../planets/planet-play.js";

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
  const flight = target ? undefined : own(ctx.state.flights, o.target);
  if (!target && !flight) return fail(ctx, label, "unknown-target", `no enemy squadron or fighter flight ${o.target} on the table`);
  const targetSide = target ? target.side : (flight as Flight).side;
  if (targetSide === sq.side) return fail(ctx, label, "friendly-target", `${o.target} is on your own side`);
  if (target && target.location !== "table") return fail(ctx, label, "target-absent", `${target.id} is not on the table`);
  const targetPts: Point[] = target ? target.ships : [{ x: (flight as Flight).x, y: (flight as Flight).y }];
  // Range: ships within 24" of any target ship. The strike sets out from the shooter nearest the target.
  let best = Number.POSITIVE_INFINITY;
  let bestShip: Point | undefined;
  for (const s of shooters) {
    let m = Number.POSITIVE_INFINITY;
    for (const t of targetPts) m = Math.min(m, dist(s, t));
    if (m < best) {
      best = m;
      bestShip = s;
    }
  }
  if (!bestShip || best > MISSILE_RANGE + 1e-9)
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
    `${sq.id} locks on ${o.target}: ${shooters.length} lock rolls needing ${targeting} or less ${diceList(lock.rolls)}: ${locks} lock${locks === 1 ? "" : "s"}, ${count} missile${count === 1 ? "" : "s"} launched`,
    {
      side: sq.side,
      unit: sq.id,
      data: { target: o.target, rolls: lock.rolls, launched: count },
      ...rolledField(roll("missile locks", lock.rolls, targeting)),
    },
  );
  if (count === 0) return null;
  return { id: ctx.newId(`${sq.side}-m`), side: sq.side, squadron: sq.id, target: o.target, count, x: bestShip.x, y: bestShip.y };
}

function fail(ctx: Ctx, label: string, code: string, message: string): null {
  ctx.fail(STEP, label, code, message);
  return null;
}

/**
 * What a strike flies at: an enemy squadron's nearest ship, a fighter flight, or a planet's quadrant ("Missiles attack
 * quadrants and shields normally": the point of the surface nearest the launch, just inside it so that the body
 * attacked does not halve them).
 */
interface StrikeTarget {
  side: string;
  to: Point;
  squadron?: Squadron;
  flight?: Flight;
  quadrant?: { planet: PlanetInPlay; quadrant: Quadrant };
}

function strikeTarget(ctx: Ctx, m: MissileStrike, from: Point): StrikeTarget | null {
  const state = ctx.state;
  const target = state.squadrons[m.target];
  const flight = target ? undefined : state.flights[m.target];
  const aim = target || flight ? null : quadrantRef(state, m.target);
  const gone = (why: string) => {
    ctx.note("missiles", `${m.count} missiles from ${m.squadron} find no target: ${m.target} ${why}`, { side: m.side });
    return null;
  };
  if (target) {
    if (target.location !== "table" || target.ships.length === 0) return gone("has left the table");
    let to = target.ships[0] as Point;
    for (const s of target.ships) if (dist(from, s) < dist(from, to)) to = s;
    return { side: target.side, to: { x: to.x, y: to.y }, squadron: target };
  }
  if (flight) return { side: flight.side, to: { x: flight.x, y: flight.y }, flight };
  if (!aim) return gone("is gone");
  if (aim.quadrant.holder === m.side) return gone("is now held by their own side");
  const { centre, radius } = planetBody(state, aim.planet);
  const b = dist(centre, from) > 1e-9 ? bearing(centre, from) : 0;
  return { side: aim.quadrant.holder, to: offset(centre, b, Math.max(0, radius - 0.01)), quadrant: aim };
}

/** "Missiles that must negotiate their way around or through planets, asteroids or dust clouds lose half of their number." */
function terrainLosses(ctx: Ctx, from: Point, to: Point, count: number, notes: string[]): number {
  let n = count;
  for (const t of ctx.state.battlespace.terrain) {
    if (!hindersMissiles(t)) continue;
    const inside = Math.hypot(to.x - t.x, to.y - t.y) <= t.radius || Math.hypot(from.x - t.x, from.y - t.y) <= t.radius;
    if (inside) continue;
    if (segmentPointDistance(from.x, from.y, to.x, to.y, t.x, t.y) < t.radius) {
      const lost = Math.floor(n / 2);
      n -= lost;
      notes.push(`${lost} lost negotiating ${t.name}`);
    }
  }
  return n;
}

interface Defender {
  t: number;
  kind: "squadron" | "flight" | "quadrant";
  id: string;
}

/**
 * Interceptors and fighters of the target's side, in the order the missiles pass them: squadrons within 1" of the
 * path (and the target's TF within 3" of it), flights within 6" (1" without carriers), and last, as the missiles
 * arrive, a quadrant's own interceptors ("Missiles ... may be attacked by interceptors for the quadrant they are
 * attacking"; while the planet's defender holds it: RULINGS).
 */
function defendersOf(ctx: Ctx, m: MissileStrike, from: Point, aim: StrikeTarget): Defender[] {
  const state = ctx.state;
  const { to, squadron: target } = aim;
  const defenders: Defender[] = [];
  const targetTf = target?.taskforce ?? null;
  for (const sq of squadronList(state)) {
    if (sq.side !== aim.side || sq.location !== "table" || sq.ships.length === 0) continue;
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
    if (f.side !== aim.side || f.interceptAt === ctx.act || f.wings <= 0 || !airborne(ctx, f)) continue;
    const reach = carrierPresent(ctx, f) ? 6 : 1;
    const d = segmentPointDistance(from.x, from.y, to.x, to.y, f.x, f.y);
    if (d <= reach + 1e-9) defenders.push({ t: tAlong(from, to, f), kind: "flight", id: f.id });
  }
  const q = aim.quadrant;
  if (q && q.quadrant.holder === q.planet.side) defenders.push({ t: 2, kind: "quadrant", id: m.target });
  return defenders.sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : 1));
}

/** One defender fires at the `n` missiles of strike `m` flying from `from` to `to`; returns how many it stops. */
function interceptStrike(ctx: Ctx, d: Defender, m: MissileStrike, n: number, from: Point, to: Point, aim: StrikeTarget): number {
  const state = ctx.state;
  if (d.kind === "squadron") {
    const sq = state.squadrons[d.id] as Squadron;
    return Math.min(fireInterceptors(ctx, sq, `${n} missiles of ${m.squadron}`, true, { start: from, path: [to] }), n);
  }
  if (d.kind === "quadrant") {
    const q = aim.quadrant as { planet: PlanetInPlay; quadrant: Quadrant };
    return Math.min(quadrantInterceptorFire(ctx, q.planet, q.quadrant, `${n} missiles of ${m.squadron}`), n);
  }
  const f = state.flights[d.id] as Flight;
  // Intercept move: the flight moves onto the missiles' path (6" with carriers, 1" without).
  const p = closestPoint(from, to, f);
  f.x = p.x;
  f.y = p.y;
  delete f.grounded;
  f.interceptAt = ctx.act;
  // "needing a 4 or less" ("Missile Resolution") or "Fighters need 3's" (QRS): the setting decides (default 3).
  const need = state.settings.fighterMissileTargeting ?? 3;
  const r = rollHits(ctx, f.wings, need);
  const k = Math.min(r.hits, n);
  ctx.note(
    "intercept",
    `${f.id} (${f.wings} wings) intercepts ${n} missiles of ${m.squadron}: ${diceList(r.rolls)} needing ${need} - ${k} shot down`,
    { side: f.side, unit: f.id, ...rolledField(roll(`fighters at missiles: ${f.id}`, r.rolls, need)) },
  );
  return k;
}

/** Step 5: missiles move in a straight line to their target, are intercepted, and hit. */
export function resolveMissiles(ctx: Ctx, strikes: MissileStrike[]): void {
  const state = ctx.state;
  for (const m of strikes) {
    const from: Point = { x: m.x, y: m.y };
    const aim = strikeTarget(ctx, m, from);
    if (!aim) continue;
    const { to } = aim;
    const launched = m.count;
    const notes: string[] = [];
    let n = terrainLosses(ctx, from, to, m.count, notes);
    for (const d of defendersOf(ctx, m, from, aim)) {
      if (n <= 0) break;
      const k = interceptStrike(ctx, d, m, n, from, to, aim);
      if (k > 0) notes.push(`${k} shot down by ${d.kind === "flight" ? "fighters " : ""}${d.id}`);
      n -= k;
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
    if (n > 0) strikeHits(ctx, m, n, aim);
  }
}

/** "Missiles that reach their target automatically hit." */
function strikeHits(ctx: Ctx, m: MissileStrike, n: number, aim: StrikeTarget): void {
  const shooter = ctx.state.squadrons[m.squadron];
  if (aim.squadron) {
    ctx.attackSquadron(shooter ? [shooter] : [], aim.squadron, { weapon: "missile", dice: n, targeting: 6 }, "missiles", { by: m.side });
  } else if (aim.quadrant) {
    missilesHitQuadrant(ctx, aim.quadrant.planet, aim.quadrant.quadrant, n, m.squadron, m.side);
  } else {
    const f = aim.flight as Flight;
    const dg = dodge(ctx, n, 3);
    ctx.note("missiles", `${n} missiles hit fighters ${f.id}: dodge rolls ${diceList(dg.rolls)} needing 3 - ${dg.stand} wing(s) lost`, {
      side: m.side,
      ...rolledField(roll(`dodges: ${f.id}`, dg.rolls, 3)),
    });
    ctx.loseWings(f, dg.stand, `destroyed by missiles of ${m.squadron}`);
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
