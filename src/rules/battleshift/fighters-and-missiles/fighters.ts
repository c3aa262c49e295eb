/**
 * Fighters ("Fighters", QRS "Fighters"). "A fighter wing comes with every carrier
 * bay"; a squadron's wings form one or two Flights, launched during its move and
 * moved after it (Activation Sequence 4): up to 24" a turn, "They may change course
 * once during their movement", attacking "a single target squadron or flight" they
 * "physically contact" (within 1" here) at any point of the move. Targeting 3; no
 * shield reduction; "enemy capital ships hit by fighters getting one shield save per
 * hit"; fighters cause suppression but are never suppressed.
 *
 * Responses: enemy flights whose carriers are on the table may make an intercept
 * move of up to 6" (1" without carriers) once per enemy TF activation; the
 * intercepted flight dogfights (stops; both roll at once) or evades past (-2 to its
 * attacks, dodges on 4). Interceptors of squadrons the flight passes within 1" of
 * fire at it, and squadrons of the target's TF within 3" of the target, before it
 * attacks; a flight that starts within 1" of a squadron and flies away from it
 * without attacking it is not fired at by it. Every hit on a flight may be dodged
 * on a 3 or less.
 *
 * Recovery: a flight ending within 1" of its carrier squadron may be recovered.
 * "Carrier squadrons that have no active flights on the board ... If the squadron
 * does not launch, recover, or have any active flights on the board, each carrier
 * may roll a fighter repair check after it moves, needing a 3 or less to recover one
 * fighter", never above the initial complement.
 *
 * A planet's or moon's quadrant as a target, and flights launched from a quadrant: planet-air.ts ("Fighters can only
 * attack a quadrant by coming into contact with it. It takes 12" of movement ... to go from space to ground or from
 * ground to space").
 */

import { own } from "../../../core/ids.js";
import { onTable as pointOnTable } from "../battlespace/battlespace.js";
import { dodge, fireInterceptors, interceptorGroups, rollHits } from "../combat/interceptors.js";
import type { Ctx } from "../context.js";
import { diceList, roll, rolledField } from "../events.js";
import { dodgeBonus, fighterHitBonus } from "../formations-and-experience/experience.js";
import { dist, inches, type Point, segmentPointDistance } from "../geometry.js";
import {
  activeCarriers,
  type BattleState,
  capsOf,
  type Flight,
  fighterComplement,
  otherSide,
  type Squadron,
  squadronList,
  wingsAboard,
} from "../model.js";
import type { OrderOf } from "../orders.js";
import { surfaceCost as bodyCost } from "../planets/planet.js";
import { airborne, carrierPresent, minDist } from "./missiles.js";

export const FIGHTER_MOVE = 24;
export const FIGHTER_TARGETING = 3;
export const CONTACT = 1;
export const MAX_FLIGHTS_PER_SQUADRON = 2;

const STEP = "4. Fighters";

export interface FighterBook {
  /** Carrier squadrons that launched this activation. */
  launched: Set<string>;
  /** Carrier squadrons that recovered this activation. */
  recovered: Set<string>;
}

/** Flights on the table launched by `carrier`. */
export function flightsOf(ctx: Ctx, carrier: string): Flight[] {
  return Object.keys(ctx.state.flights)
    .sort()
    .map((k) => ctx.state.flights[k] as Flight)
    .filter((f) => f.carrier === carrier);
}

/** Wings that can be launched: those aboard ships that are not disabled (even distribution, rounding down for disabled ships). */
export function wingsReady(state: BattleState, sq: Squadron): number {
  // Wings aboard disabled carriers cannot launch: each its own bays' share (all of them when every carrier is disabled).
  return Math.max(0, sq.fighters - wingsAboard(state, sq, sq.fighters, (s) => s.disabled));
}

function pathLength(start: Point, path: readonly Point[]): number {
  let l = 0;
  let p = start;
  for (const q of path) {
    l += dist(p, q);
    p = q;
  }
  return l;
}

/** First point along the polyline (start + path) within `reach` of any of `pts`: its distance along the path, or null. */
function firstContact(start: Point, path: readonly Point[], pts: readonly Point[], reach: number): { along: number; at: Point } | null {
  let along = 0;
  let a = start;
  for (const b of path) {
    const len = dist(a, b);
    // Sample finely along the leg (1/4" steps): contact is a question of inches.
    const steps = Math.max(1, Math.ceil(len * 4));
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      for (const q of pts) if (dist(p, q) <= reach + 1e-9) return { along: along + len * t, at: p };
    }
    along += len;
    a = b;
  }
  return null;
}

/** The polyline cut at `along` inches. */
function cutPath(start: Point, path: readonly Point[], along: number): Point[] {
  const out: Point[] = [];
  let a = start;
  let left = along;
  for (const b of path) {
    const len = dist(a, b);
    if (left <= len + 1e-9) {
      const t = len === 0 ? 0 : left / len;
      out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
      return out;
    }
    out.push(b);
    left -= len;
    a = b;
  }
  return out;
}

function polyDist(start: Point, path: readonly Point[], p: Point): number {
  let m = Number.POSITIVE_INFINITY;
  let a = start;
  for (const b of path) {
    m = Math.min(m, segmentPointDistance(a.x, a.y, b.x, b.y, p.x, p.y));
    a = b;
  }
  return m;
}

/**
 * A quadrant of a planet or moon as a fighter target (planet-air.ts): "Fighters can only attack a quadrant by coming
 * into contact with it. It takes 12" of movement for a fighter flight to go from space to ground or from ground to
 * space. Fighters may then make attacks normally, with no targeting penalty."
 */
export interface GroundTarget {
  /** "planet planet quadrant W". */
  name: string;
  /** The body's terrain id (a flight on its surface is `grounded` there). */
  body: string;
  centre: Point;
  radius: number;
  /** "Missiles and fighters may be attacked by interceptors for the quadrant they are attacking": the hits. */
  intercept(ctx: Ctx, flight: Flight): number;
  /** The attack at fighter targeting. */
  attack(ctx: Ctx, flight: Flight, targeting: number): void;
}

/** Inches of movement to reach or leave the surface of terrain `id` (12" for a planet, nothing for a moon). */
function surfaceCost(ctx: Ctx, id: string | undefined): number {
  return bodyCost(ctx.state.battlespace.terrain, id);
}

/** Step 4: one `flight` order (launch a new flight or move one on the table); `ground` when it names a quadrant. */
export function flightOrder(
  ctx: Ctx,
  o: OrderOf<"flight">,
  label: string,
  active: Set<string>,
  book: FighterBook,
  ground?: GroundTarget,
): void {
  const picked = o.flight !== undefined ? pickFlight(ctx, o.flight, label, active) : launchFlight(ctx, o, label, active, book);
  if (picked) flyFlight(ctx, picked.flight, picked.leaving, o, label, ground);
}

function pickFlight(ctx: Ctx, id: string, label: string, active: Set<string>): { flight: Flight; leaving: string | null } | null {
  const state = ctx.state;
  const f = state.flights[id];
  if (!f || f.side !== ctx.side) return failed(ctx, label, "unknown-flight", `no fighter flight ${id} of yours on the table`);
  if (carrierPresent(ctx, f) && !active.has(f.carrier))
    return failed(
      ctx,
      label,
      "not-activating",
      `${f.id} moves with its carrier squadron ${f.carrier}, which is not part of this activation`,
    );
  if (f.movedTurn === state.turn) return failed(ctx, label, "already-moved", `${f.id} has already moved this turn (24" a turn)`);
  return { flight: f, leaving: f.dogfighting };
}

function failed(ctx: Ctx, label: string, code: string, message: string): null {
  ctx.fail(STEP, label, code, message);
  return null;
}

function launchFlight(
  ctx: Ctx,
  o: OrderOf<"flight">,
  label: string,
  active: Set<string>,
  book: FighterBook,
): { flight: Flight; leaving: null } | null {
  const state = ctx.state;
  const sq = o.squadron ? ctx.sq(o.squadron) : undefined;
  if (!sq || sq.side !== ctx.side)
    return failed(ctx, label, "unknown-squadron", `a flight order names a carrier squadron of yours (squadron) or a flight (flight)`);
  if (!active.has(sq.id) || sq.location !== "table") return failed(ctx, label, "not-activating", `${sq.id} is not part of this activation`);
  const caps = capsOf(state, sq);
  if (caps.fighterBays <= 0) return failed(ctx, label, "no-fighter-bays", `${sq.id} has no fighter bays`);
  const ready = wingsReady(state, sq);
  const wings = o.wings ?? ready;
  if (wings <= 0 || wings > ready)
    return failed(ctx, label, "not-enough-wings", `${sq.id} has ${ready} wing(s) ready to launch; asked for ${wings}`);
  const flying = flightsOf(ctx, sq.id).length;
  if (flying >= MAX_FLIGHTS_PER_SQUADRON)
    return failed(ctx, label, "too-many-flights", `${sq.id} already has ${flying} flights on the table ("one or two Flights")`);
  const carrierShip = sq.ships.find((s) => !s.disabled) as Point;
  const flight = newFlight(ctx, sq.id, wings, carrierShip);
  sq.fighters -= wings;
  book.launched.add(sq.id);
  ctx.note("launch", `${sq.id} launches ${wings} fighter wing(s) as flight ${flight.id}`, { side: sq.side, unit: flight.id });
  return { flight, leaving: null };
}

/** A new flight of `wings` wings of the activating side at `at`, on the table. */
export function newFlight(ctx: Ctx, carrier: string, wings: number, at: Point): Flight {
  const f: Flight = {
    id: ctx.newId(`${ctx.side}-f`),
    side: ctx.side,
    carrier,
    wings,
    x: at.x,
    y: at.y,
    movedTurn: -1,
    interceptAt: -1,
    dogfighting: null,
  };
  ctx.state.flights[f.id] = f;
  return f;
}

/**
 * A flight flies its path (up to 24", one course change), attacking `o.target` (a squadron, a flight, or with
 * `ground` a quadrant) at the first contact; enemy fighters may intercept and interceptors fire before the attack.
 * A flight on a planet's surface first spends 12" to go from ground to space (unless it attacks that body again:
 * "Fighters may move to a different quadrant without restriction"); one attacking a quadrant spends 12" to land and
 * ends its move on the surface where it made contact.
 */
export function flyFlight(
  ctx: Ctx,
  flight: Flight,
  leaving: string | null,
  o: Pick<OrderOf<"flight">, "path" | "target" | "evade">,
  label: string,
  ground?: GroundTarget,
): void {
  const state = ctx.state;
  const start: Point = { x: flight.x, y: flight.y };
  const len = pathLength(start, o.path);
  const ascent = flight.grounded !== undefined && flight.grounded !== ground?.body ? surfaceCost(ctx, flight.grounded) : 0;
  const landed = ground ? firstContact(start, o.path, [ground.centre], ground.radius + CONTACT) : null;
  const landing = ground && flight.grounded !== ground.body ? surfaceCost(ctx, ground.body) : 0;
  const flown = landed ? landed.along : len;
  const extra = ascent + (landed ? landing : 0);
  if (flown + extra > FIGHTER_MOVE + 1e-9) {
    const why = [ascent ? `${ascent}" to go from ground to space` : "", landed && landing ? `${landing}" to reach the surface` : ""];
    return void ctx.fail(
      STEP,
      label,
      "too-far",
      `the flight path is ${inches(flown)}${extra ? ` plus ${why.filter((w) => w).join(" and ")}` : ""}; fighters move up to ${FIGHTER_MOVE}" a turn (with one course change)`,
    );
  }
  for (const p of o.path) {
    if (!pointOnTable(state.battlespace, p)) return void ctx.fail(STEP, label, "off-table", `(${p.x}, ${p.y}) is off the table`);
  }
  // The target and where the flight contacts it.
  let targetSq: Squadron | undefined;
  let targetFl: Flight | undefined;
  let contact: { along: number; at: Point } | null = null;
  if (ground) {
    contact = landed;
    if (!contact) {
      const near = Math.max(0, polyDist(start, o.path, ground.centre) - ground.radius);
      ctx.fail(
        STEP,
        label,
        "no-contact",
        `the path passes ${inches(near)} from the surface; "Fighters can only attack a quadrant by coming into contact with it" (within ${CONTACT}")`,
      );
      ground = undefined;
    }
  } else if (o.target !== undefined) {
    targetSq = ctx.sq(o.target);
    targetFl = targetSq ? undefined : own(state.flights, o.target);
    if (targetSq && (targetSq.side === ctx.side || targetSq.location !== "table" || targetSq.ships.length === 0)) targetSq = undefined;
    if (targetFl && targetFl.side === ctx.side) targetFl = undefined;
    if (!targetSq && !targetFl) {
      ctx.fail(STEP, label, "unknown-target", `no enemy squadron or flight ${o.target} on the table; the flight only moves`);
    } else {
      const pts: Point[] = targetSq ? targetSq.ships : [{ x: (targetFl as Flight).x, y: (targetFl as Flight).y }];
      contact = firstContact(start, o.path, pts, CONTACT);
      if (!contact) {
        const near = Math.min(...pts.map((p) => polyDist(start, o.path, p)));
        ctx.fail(
          STEP,
          label,
          "no-contact",
          `the path passes ${inches(near)} from ${o.target}; fighters must contact (within ${CONTACT}") what they attack`,
        );
        targetSq = undefined;
        targetFl = undefined;
      }
    }
  }
  ctx.ok(
    STEP,
    label,
    `${flight.id} (${flight.wings} wings) flies ${inches(flown)}${extra ? ` (+${extra}" to leave or reach the surface)` : ""} of ${FIGHTER_MOVE}"${contact ? `, contacting ${ground ? ground.name : o.target} after ${inches(contact.along)}` : ""}`,
  );
  flight.movedTurn = state.turn;
  flight.dogfighting = null;
  // "or leave a squadron they were previously dogfighting": the flight left is no longer dogfighting it.
  const left = leaving ? state.flights[leaving] : undefined;
  if (left?.dogfighting === flight.id) left.dogfighting = null;
  delete flight.grounded;
  let evading = leaving !== null;
  const attackAlong = contact ? contact.along : len;
  const legPath = cutPath(start, o.path, attackAlong);
  const enemy = otherSide(state, flight.side);

  // Enemy fighters may intercept (once per enemy TF activation). The flight it leaves does not: "If they ... leave a
  // squadron they were previously dogfighting, they suffer a -2 penalty" (Fighters) makes leaving possible, at that price.
  let stopAt: Point | null = null;
  for (const fid of Object.keys(state.flights).sort()) {
    const e = state.flights[fid] as Flight;
    if (e.side !== enemy || e.interceptAt === ctx.act || e.wings <= 0 || e.id === targetFl?.id || e.id === leaving || !airborne(ctx, e))
      continue;
    const reach = carrierPresent(ctx, e) ? 6 : 1;
    if (polyDist(start, legPath, e) > reach + 1e-9) continue;
    e.interceptAt = ctx.act;
    const meet = firstContact(start, legPath, [e], reach) as { along: number; at: Point };
    e.x = meet.at.x;
    e.y = meet.at.y;
    delete e.grounded;
    if (o.evade) {
      // Evading past: the interceptors attack; the evader dodges on 4 or less and attacks at -2 afterwards.
      evading = true;
      const hitOn = FIGHTER_TARGETING + fighterHitBonus(state, state.squadrons[e.carrier]);
      const r = rollHits(ctx, e.wings, hitOn);
      const dodgeOn = 4 + dodgeBonus(state, state.squadrons[flight.carrier]);
      const dg = dodge(ctx, r.hits, dodgeOn);
      ctx.note(
        "dogfight",
        `${e.id} intercepts ${flight.id}, which evades: ${e.id} rolls ${diceList(r.rolls)} needing ${hitOn} or less, ${r.hits} hit(s), dodges ${diceList(dg.rolls)} on ${dodgeOn} - ${dg.stand} wing(s) lost`,
        { side: e.side, ...rolledField(roll(`to hit: ${e.id}`, r.rolls, hitOn), roll(`dodges: ${flight.id}`, dg.rolls, dodgeOn)) },
      );
      ctx.loseWings(flight, dg.stand, `shot down by fighters ${e.id}`);
    } else {
      stopAt = meet.at;
      ctx.note("dogfight", `${e.id} intercepts ${flight.id} after ${inches(meet.along)}: they dogfight`, { side: e.side });
      dogfight(ctx, flight, e, false);
      if (state.flights[flight.id]) flight.dogfighting = e.id;
      if (state.flights[e.id]) e.dogfighting = flight.id;
    }
    break;
  }
  if (!state.flights[flight.id]) return;
  if (stopAt) {
    flight.x = stopAt.x;
    flight.y = stopAt.y;
    ctx.push(flightEvent(ctx, flight, start, [stopAt]));
    return;
  }

  // Interceptor fire before the attack: squadrons passed within 1" (not those left behind), and the target's TF within 3" of it.
  const shooters: Squadron[] = [];
  for (const sq of squadronList(state)) {
    if (sq.side !== enemy || sq.location !== "table" || sq.ships.length === 0) continue;
    if (interceptorGroups(ctx, sq, true).length === 0) continue;
    const startedNear = minDist(sq.ships, [start]) <= CONTACT + 1e-9;
    const passes = sq.ships.some((s) => polyDist(start, legPath, s) <= CONTACT + 1e-9);
    let fires = passes && (!startedNear || sq.id === targetSq?.id);
    if (!fires && targetSq?.taskforce && sq.taskforce === targetSq.taskforce && minDist(sq.ships, targetSq.ships) <= 3 + 1e-9) fires = true;
    if (fires) shooters.push(sq);
  }
  const interceptorHits = (hits: number, by: string): void => {
    if (hits <= 0 || !state.flights[flight.id]) return;
    const need = (evading ? 4 : 3) + dodgeBonus(state, state.squadrons[flight.carrier]);
    const dg = dodge(ctx, hits, need);
    ctx.note("dodge", `${flight.id} dodges ${diceList(dg.rolls)} needing ${need}: ${dg.stand} wing(s) lost`, {
      side: flight.side,
      ...rolledField(roll(`dodges: ${flight.id}`, dg.rolls, need)),
    });
    ctx.loseWings(flight, dg.stand, `shot down by interceptors of ${by}`);
  };
  for (const sq of shooters) {
    if (!state.flights[flight.id]) break;
    interceptorHits(fireInterceptors(ctx, sq, `fighters ${flight.id}`, true, { start, path: legPath }), sq.id);
  }
  // "Missiles and fighters may be attacked by interceptors for the quadrant they are attacking."
  if (ground && state.flights[flight.id]) interceptorHits(ground.intercept(ctx, flight), ground.name);
  if (!state.flights[flight.id]) return;

  // The attack.
  const targeting =
    FIGHTER_TARGETING - (evading ? 2 : 0) + (targetSq?.station ? 1 : 0) + fighterHitBonus(state, state.squadrons[flight.carrier]);
  if (targetSq && targetSq.location === "table" && targetSq.ships.length > 0) {
    const carrier = state.squadrons[flight.carrier];
    ctx.attackSquadron(carrier ? [carrier] : [], targetSq, { weapon: "fighter", dice: flight.wings, targeting }, `fighters ${flight.id}`, {
      by: flight.side,
    });
    // The line of fire leaves the flight where it made contact (the fire event, before any losses it caused).
    const ev = ctx.events.findLast((e) => e.kind === "fire");
    if (ev && ev.kind === "fire") ev.fromPos = [contact ? contact.at : start];
  } else if (targetFl && state.flights[targetFl.id]) {
    dogfight(ctx, flight, targetFl, evading);
  } else if (ground && contact) {
    ground.attack(ctx, flight, targeting);
  }
  // A flight that attacked a quadrant has landed: its move ends on the surface where it made contact.
  const path = ground && contact ? legPath : o.path;
  const end = path[path.length - 1] ?? start;
  if (state.flights[flight.id]) {
    flight.x = end.x;
    flight.y = end.y;
    if (ground && contact) flight.grounded = ground.body;
    ctx.push(flightEvent(ctx, flight, start, path));
  }
}

function flightEvent(ctx: Ctx, f: Flight, start: Point, path: readonly Point[]) {
  return {
    kind: "flight" as const,
    side: f.side,
    flight: f.id,
    path: [start, ...path].map((p) => ({ x: p.x, y: p.y })),
    wings: f.wings,
    act: ctx.act,
    turn: ctx.state.turn,
    text: `${f.id} (${f.wings} wings) ends at (${Math.round(f.x * 10) / 10}, ${Math.round(f.y * 10) / 10})`,
  };
}

/** "Both groups of fighters roll their attacks simultaneously. Fighters can dodge other fighters." */
export function dogfight(ctx: Ctx, a: Flight, b: Flight, aEvading: boolean): void {
  // Experience: elite fighters hit on 4, veteran fighters dodge on 4 (one better when evading).
  const sa = ctx.state.squadrons[a.carrier];
  const sb = ctx.state.squadrons[b.carrier];
  const hitA = FIGHTER_TARGETING - (aEvading ? 2 : 0) + fighterHitBonus(ctx.state, sa);
  const hitB = FIGHTER_TARGETING + fighterHitBonus(ctx.state, sb);
  const dodgeA = (aEvading ? 4 : 3) + dodgeBonus(ctx.state, sa);
  const dodgeB = 3 + dodgeBonus(ctx.state, sb);
  const ra = rollHits(ctx, a.wings, hitA);
  const rb = rollHits(ctx, b.wings, hitB);
  const da = dodge(ctx, rb.hits, dodgeA);
  const db = dodge(ctx, ra.hits, dodgeB);
  ctx.note(
    "dogfight",
    `Dogfight ${a.id} (${a.wings}) vs ${b.id} (${b.wings}): ${a.id} rolls ${diceList(ra.rolls)} ${ra.hits} hit(s), ${b.id} rolls ${diceList(rb.rolls)} ${rb.hits} hit(s); ` +
      `${a.id} dodges ${diceList(da.rolls)} needing ${dodgeA}, ${b.id} dodges ${diceList(db.rolls)} needing ${dodgeB}; ${a.id} loses ${da.stand}, ${b.id} loses ${db.stand}`,
    {
      side: a.side,
      ...rolledField(
        roll(`to hit: ${a.id}`, ra.rolls, hitA),
        roll(`to hit: ${b.id}`, rb.rolls, hitB),
        roll(`dodges: ${a.id}`, da.rolls, dodgeA),
        roll(`dodges: ${b.id}`, db.rolls, dodgeB),
      ),
    },
  );
  ctx.loseWings(a, da.stand, `lost dogfighting ${b.id}`);
  ctx.loseWings(b, db.stand, `lost dogfighting ${a.id}`);
}

/** Recover a flight into its carriers: it must be within 1" of a ship of its carrier squadron. */
export function recoverOrder(ctx: Ctx, o: OrderOf<"recover">, label: string, active: Set<string>, book: FighterBook): void {
  const f = own(ctx.state.flights, o.flight);
  if (!f || f.side !== ctx.side) return void ctx.fail(STEP, label, "unknown-flight", `no fighter flight ${o.flight} of yours on the table`);
  const sq = ctx.state.squadrons[f.carrier];
  if (sq?.location !== "table" || sq.ships.length === 0)
    return void ctx.fail(STEP, label, "no-carrier", `the carriers of ${f.id} are not on the table`);
  if (!active.has(sq.id)) return void ctx.fail(STEP, label, "not-activating", `carrier squadron ${sq.id} is not part of this activation`);
  const d = minDist(sq.ships, [f]);
  if (d > CONTACT + 1e-9)
    return void ctx.fail(STEP, label, "too-far-to-recover", `${f.id} is ${inches(d)} from ${sq.id}; it must be within ${CONTACT}" to land`);
  // "never above the complement": the bays of the squadron's ships, each its own (mixed squadrons).
  const room = Math.max(0, fighterComplement(ctx.state, sq) - sq.fighters);
  const k = Math.min(room, f.wings);
  sq.fighters += k;
  book.recovered.add(sq.id);
  ctx.ok(STEP, label, `${f.id} lands ${k} wing(s) on ${sq.id} (${inches(d)} away)`);
  ctx.note("recover", `${sq.id} recovers ${k} fighter wing(s) of ${f.id}`, { side: sq.side, unit: sq.id });
  delete ctx.state.flights[f.id];
}

/** Fighter repair checks for idle carriers of this activation. */
export function fighterRepairs(ctx: Ctx, squadrons: readonly Squadron[], book: FighterBook): void {
  for (const sq of squadrons) {
    if (sq.location !== "table" || sq.ships.length === 0) continue;
    if (capsOf(ctx.state, sq).fighterBays <= 0) continue;
    if (book.launched.has(sq.id) || book.recovered.has(sq.id) || flightsOf(ctx, sq.id).length > 0) continue;
    const cap = fighterComplement(ctx.state, sq);
    if (sq.fighters >= cap) continue;
    // "each carrier may roll a fighter repair check": one die per active ship with bays of its own (mixed squadrons).
    const r = rollHits(ctx, activeCarriers(ctx.state, sq), 3);
    const k = Math.min(r.hits, cap - sq.fighters);
    sq.fighters += k;
    ctx.note(
      "fighter-repair",
      `${sq.id} fighter repair checks ${diceList(r.rolls)} needing 3: ${k} wing(s) recovered (${sq.fighters} aboard)`,
      { side: sq.side, unit: sq.id, ...rolledField(roll("fighter repair checks", r.rolls, 3)) },
    );
  }
}
