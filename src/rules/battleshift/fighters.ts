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
 */

import { onTable as pointOnTable } from "./battlespace.js";
import type { Ctx } from "./context.js";
import { dodgeBonus, fighterHitBonus } from "./experience.js";
import { dist, inches, type Point, segmentPointDistance } from "./geometry.js";
import { dodge, fireInterceptors, interceptorGroups, rollHits } from "./interceptors.js";
import { carrierPresent, minDist } from "./missiles.js";
import {
  activeCarriers,
  type BattleState,
  capsOf,
  type Flight,
  fighterComplement,
  type Squadron,
  squadronList,
  wingsAboard,
} from "./model.js";
import type { OrderOf } from "./orders.js";

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

/** Step 4: one `flight` order (launch a new flight or move one on the table). */
export function flightOrder(ctx: Ctx, o: OrderOf<"flight">, label: string, active: Set<string>, book: FighterBook): void {
  const state = ctx.state;
  let f: Flight | undefined;
  let start: Point;
  let leaving: string | null = null;
  if (o.flight !== undefined) {
    f = state.flights[o.flight];
    if (!f || f.side !== ctx.side)
      return void ctx.fail(STEP, label, "unknown-flight", `no fighter flight ${o.flight} of yours on the table`);
    const carrierHere = carrierPresent(ctx, f);
    if (carrierHere && !active.has(f.carrier)) {
      return void ctx.fail(
        STEP,
        label,
        "not-activating",
        `${f.id} moves with its carrier squadron ${f.carrier}, which is not part of this activation`,
      );
    }
    if (f.movedTurn === state.turn) return void ctx.fail(STEP, label, "already-moved", `${f.id} has already moved this turn (24" a turn)`);
    start = { x: f.x, y: f.y };
    leaving = f.dogfighting;
  } else {
    const sq = o.squadron ? ctx.sq(o.squadron) : undefined;
    if (!sq || sq.side !== ctx.side)
      return void ctx.fail(
        STEP,
        label,
        "unknown-squadron",
        `a flight order names a carrier squadron of yours (squadron) or a flight (flight)`,
      );
    if (!active.has(sq.id) || sq.location !== "table")
      return void ctx.fail(STEP, label, "not-activating", `${sq.id} is not part of this activation`);
    const caps = capsOf(state, sq);
    if (caps.fighterBays <= 0) return void ctx.fail(STEP, label, "no-fighter-bays", `${sq.id} has no fighter bays`);
    const ready = wingsReady(state, sq);
    const wings = o.wings ?? ready;
    if (wings <= 0 || wings > ready)
      return void ctx.fail(STEP, label, "not-enough-wings", `${sq.id} has ${ready} wing(s) ready to launch; asked for ${wings}`);
    const flying = flightsOf(ctx, sq.id).length;
    if (flying >= MAX_FLIGHTS_PER_SQUADRON) {
      return void ctx.fail(STEP, label, "too-many-flights", `${sq.id} already has ${flying} flights on the table ("one or two Flights")`);
    }
    const carrierShip = sq.ships.find((s) => !s.disabled) as Point;
    start = { x: carrierShip.x, y: carrierShip.y };
    f = {
      id: ctx.newId(`${sq.side}-f`),
      side: sq.side,
      carrier: sq.id,
      wings,
      x: start.x,
      y: start.y,
      movedTurn: -1,
      interceptAt: -1,
      dogfighting: null,
    };
    sq.fighters -= wings;
    state.flights[f.id] = f;
    book.launched.add(sq.id);
    ctx.note("launch", `${sq.id} launches ${wings} fighter wing(s) as flight ${f.id}`, { side: sq.side, unit: f.id });
  }
  const flight = f as Flight;
  const len = pathLength(start, o.path);
  if (len > FIGHTER_MOVE + 1e-9) {
    return void ctx.fail(
      STEP,
      label,
      "too-far",
      `the flight path is ${inches(len)}; fighters move up to ${FIGHTER_MOVE}" a turn (with one course change)`,
    );
  }
  for (const p of o.path) {
    if (!pointOnTable(state.battlespace, p)) return void ctx.fail(STEP, label, "off-table", `(${p.x}, ${p.y}) is off the table`);
  }
  // The target and where the flight contacts it.
  let targetSq: Squadron | undefined;
  let targetFl: Flight | undefined;
  let contact: { along: number; at: Point } | null = null;
  if (o.target !== undefined) {
    targetSq = ctx.sq(o.target);
    targetFl = targetSq ? undefined : state.flights[o.target];
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
    `${flight.id} (${flight.wings} wings) flies ${inches(len)} of ${FIGHTER_MOVE}"${contact ? `, contacting ${o.target} after ${inches(contact.along)}` : ""}`,
  );
  flight.movedTurn = state.turn;
  flight.dogfighting = null;
  let evading = leaving !== null;
  const attackAlong = contact ? contact.along : len;
  const legPath = cutPath(start, o.path, attackAlong);
  const enemy =
    flight.side === Object.keys(state.sides).sort()[0] ? Object.keys(state.sides).sort()[1] : Object.keys(state.sides).sort()[0];

  // Enemy fighters may intercept (once per enemy TF activation).
  let stopAt: Point | null = null;
  for (const fid of Object.keys(state.flights).sort()) {
    const e = state.flights[fid] as Flight;
    if (e.side !== enemy || e.interceptAt === ctx.act || e.wings <= 0 || e.id === targetFl?.id) continue;
    const reach = carrierPresent(ctx, e) ? 6 : 1;
    if (polyDist(start, legPath, e) > reach + 1e-9) continue;
    e.interceptAt = ctx.act;
    const meet = firstContact(start, legPath, [e], reach) as { along: number; at: Point };
    e.x = meet.at.x;
    e.y = meet.at.y;
    if (o.evade) {
      // Evading past: the interceptors attack; the evader dodges on 4 or less and attacks at -2 afterwards.
      evading = true;
      const r = rollHits(ctx, e.wings, FIGHTER_TARGETING + fighterHitBonus(state, state.squadrons[e.carrier]));
      const dg = dodge(ctx, r.hits, 4 + dodgeBonus(state, state.squadrons[flight.carrier]));
      ctx.note(
        "dogfight",
        `${e.id} intercepts ${flight.id}, which evades: ${r.hits} hit(s), dodges [${dg.rolls.join(",")}] on 4 - ${dg.stand} wing(s) lost`,
        {
          side: e.side,
        },
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
  for (const sq of shooters) {
    if (!state.flights[flight.id]) break;
    const hits = fireInterceptors(ctx, sq, `fighters ${flight.id}`, true);
    if (hits > 0) {
      const need = (evading ? 4 : 3) + dodgeBonus(state, state.squadrons[flight.carrier]);
      const dg = dodge(ctx, hits, need);
      ctx.note("dodge", `${flight.id} dodges [${dg.rolls.join(",")}] needing ${need}: ${dg.stand} wing(s) lost`, {
        side: flight.side,
      });
      ctx.loseWings(flight, dg.stand, `shot down by interceptors of ${sq.id}`);
    }
  }
  if (!state.flights[flight.id]) return;

  // The attack.
  const targeting =
    FIGHTER_TARGETING - (evading ? 2 : 0) + (targetSq?.station ? 1 : 0) + fighterHitBonus(state, state.squadrons[flight.carrier]);
  if (targetSq && targetSq.location === "table" && targetSq.ships.length > 0) {
    const carrier = state.squadrons[flight.carrier];
    ctx.attackSquadron(
      carrier ? [carrier] : [],
      targetSq,
      { weapon: "fighter", dice: flight.wings, targeting },
      `fighters ${flight.id}`,
      flight.side,
    );
    const ev = ctx.events[ctx.events.length - 1];
    if (ev && ev.kind === "fire") ev.fromPos = [contact ? contact.at : start];
  } else if (targetFl && state.flights[targetFl.id]) {
    dogfight(ctx, flight, targetFl, evading);
  }
  const end = o.path[o.path.length - 1] as Point;
  if (state.flights[flight.id]) {
    flight.x = end.x;
    flight.y = end.y;
    ctx.push(flightEvent(ctx, flight, start, o.path));
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
  const ra = rollHits(ctx, a.wings, FIGHTER_TARGETING - (aEvading ? 2 : 0) + fighterHitBonus(ctx.state, sa));
  const rb = rollHits(ctx, b.wings, FIGHTER_TARGETING + fighterHitBonus(ctx.state, sb));
  const da = dodge(ctx, rb.hits, (aEvading ? 4 : 3) + dodgeBonus(ctx.state, sa));
  const db = dodge(ctx, ra.hits, 3 + dodgeBonus(ctx.state, sb));
  ctx.note(
    "dogfight",
    `Dogfight ${a.id} (${a.wings}) vs ${b.id} (${b.wings}): ${a.id} rolls [${ra.rolls.join(",")}] ${ra.hits} hit(s), ${b.id} rolls [${rb.rolls.join(",")}] ${rb.hits} hit(s); after dodges ${a.id} loses ${da.stand}, ${b.id} loses ${db.stand}`,
    { side: a.side },
  );
  ctx.loseWings(a, da.stand, `lost dogfighting ${b.id}`);
  ctx.loseWings(b, db.stand, `lost dogfighting ${a.id}`);
}

/** Recover a flight into its carriers: it must be within 1" of a ship of its carrier squadron. */
export function recoverOrder(ctx: Ctx, o: OrderOf<"recover">, label: string, active: Set<string>, book: FighterBook): void {
  const f = ctx.state.flights[o.flight];
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
      `${sq.id} fighter repair checks [${r.rolls.join(",")}] needing 3: ${k} wing(s) recovered (${sq.fighters} aboard)`,
      {
        side: sq.side,
        unit: sq.id,
      },
    );
  }
}
