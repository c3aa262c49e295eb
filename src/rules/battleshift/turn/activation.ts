/**
 * One activation of a Taskforce or a detached Squadron, in the order of the
 * Quick Reference Sheet's "Activation Sequence" (and "Turn Sequence" 1-6):
 *
 *  0. (Command transfers: "Command may be transferred voluntarily to another ship
 *     the same size or larger in a different squadron".)
 *  1. Launch missiles (lock rolls per ship), not yet moved.
 *  2. Fire heavy weapon batteries (forward 90, broadsides left or right, super heavy).
 *  3. Move (emergency shifts at the start of movement; detaching; coherency; command
 *     range), launching fighters, firing light batteries and interceptors.
 *  4. Resolve fighter movement and attacks (recovery; fighter repair checks).
 *  5. Missiles move and resolve their attacks.
 *  6. Boarding actions (and engulfing, assault units).
 *  7. Recover from suppression, make repairs.
 *  8. ("Deactivation") add squadrons within range of the Flagship to the Taskforce.
 * A planned battleshift out follows the activation (turn.ts).
 */

import { emergencyShift } from "../battlespace/battleshifting.js";
import { boardOrder, engulfOrder, repairPrizes } from "../boarding/boarding.js";
import { releaseOrder } from "../boarding/release.js";
import { tractorOrder } from "../boarding/tractor.js";
import {
  defaultHeavyWeapons,
  defaultLightWeapons,
  fireGroup,
  type Moment,
  momentNow,
  WEAPONS,
  type WeaponDef,
  type WeaponKey,
} from "../combat/fire.js";
import { dodge, fireInterceptors } from "../combat/interceptors.js";
import { lineOfSight } from "../combat/line-of-sight.js";
import type { Ctx } from "../context.js";
import { diceList, roll, rolledField } from "../events.js";
import { type FighterBook, fighterRepairs, flightOrder, recoverOrder } from "../fighters-and-missiles/fighters.js";
import { launchMissiles, type MissileStrike, resolveMissiles } from "../fighters-and-missiles/missiles.js";
import { dodgeBonus, recoveryBonus, repairNeed } from "../formations-and-experience/experience.js";
import { bearingXY, centroid, dist, inArc, inches, segmentPointDistance } from "../geometry.js";
import {
  designOfSquadron,
  type Flight,
  flagshipPoint,
  largestShipSize,
  notYourSquadron,
  type Squadron,
  shipCaps,
  shipDesignOf,
  squadronsOfTaskforce,
} from "../model.js";
import { ACTIVATION_ORDERS, type Order, type OrderOf } from "../orders.js";
import { quadrantFacing } from "../planets/planet.js";
import { groundTarget, missilesAtQuadrant } from "../planets/planet-air.js";
import { assaultMoveOrder, STEP_ASSAULT_MOVE, STEP_PLANET_ORDERS } from "../planets/planet-orders.js";
import { fireAtQuadrant, groundAssaultOrder, parseQuadrantTarget, planetBody } from "../planets/planet-play.js";
import { afterMovement, type MovePath, moveSquadron, STEP_MOVE, taskforceCone } from "./movement.js";

export const STEP_HEAVY = "2. Fire heavy batteries";
export const STEP_LIGHT = "3. Light batteries";
export const STEP_BOARD = "6. Boarding";
export const STEP_RECOVER = "7. Suppression and repairs";
export const STEP_JOIN = "8. Add squadrons";

export interface ActivationUnit {
  side: string;
  /** Taskforce id, or null for a detached squadron. */
  taskforce: string | null;
  squadrons: Squadron[];
}

interface Labelled<T extends Order["type"]> {
  o: OrderOf<T>;
  label: string;
}

/** The orders of one type, each labelled by its place in the file as written (Ctx.orderLabel). */
function ordersOf<T extends Order["type"]>(ctx: Ctx, orders: readonly Order[], type: T): Labelled<T>[] {
  const out: Labelled<T>[] = [];
  orders.forEach((o, i) => {
    if (o.type === type) out.push({ o: o as OrderOf<T>, label: ctx.orderLabel(o, i) });
  });
  return out;
}

export function runActivation(ctx: Ctx, unit: ActivationUnit, orders: readonly Order[]): void {
  const state = ctx.state;
  const active = new Set(unit.squadrons.map((s) => s.id));
  orders.forEach((o, i) => {
    if (!ACTIVATION_ORDERS.includes(o.type)) {
      ctx.fail(
        "Orders",
        ctx.orderLabel(o, i),
        "wrong-step",
        `a ${o.type} order belongs on the order sheet at the start of a turn; this step is an activation`,
      );
    }
  });

  // 0. Command transfers.
  for (const { o, label } of ordersOf(ctx, orders, "command")) transferCommand(ctx, o, label, unit);

  // 1. Launch missiles.
  const launched = new Set<string>();
  const strikes: MissileStrike[] = [];
  for (const { o, label } of ordersOf(ctx, orders, "missiles")) {
    // "Missiles attack quadrants and shields normally" (planet-play.ts).
    if (parseQuadrantTarget(ctx.state, o.target)) {
      const sq = ctx.sq(o.squadron);
      if (!sq || sq.side !== ctx.side || !active.has(sq.id) || sq.location !== "table" || launched.has(sq.id)) {
        ctx.fail("1. Launch missiles", label, "not-activating", `${o.squadron} is not a squadron of this activation that may still launch`);
        continue;
      }
      if (missilesAtQuadrant(ctx, "1. Launch missiles", label, sq, o.target, strikes)) launched.add(sq.id);
      continue;
    }
    const s = launchMissiles(ctx, o, label, active, launched);
    if (s) strikes.push(s);
  }

  // 2. Heavy batteries.
  const firedHeavy = new Set<string>();
  const superHeavy = new Set<string>();
  for (const { o, label } of ordersOf(ctx, orders, "heavy")) {
    const sqs = firingSquadrons(ctx, STEP_HEAVY, label, o.squadrons, active, firedHeavy, unit);
    if (!sqs) continue;
    // "Planets (Extremely experimental)": a target "<planet>:<quadrant>" is a planet's or moon's quadrant.
    if (parseQuadrantTarget(ctx.state, o.target)) {
      const qKeys: WeaponKey[] = o.weapons ? [...new Set(o.weapons)] : [...new Set(sqs.flatMap((s) => defaultHeavyWeapons(ctx.caps(s))))];
      for (const sq of fireAtQuadrant(ctx, STEP_HEAVY, label, sqs, o.target, qKeys)) firedHeavy.add(sq.id);
      continue;
    }
    const target = enemyTarget(ctx, STEP_HEAVY, label, o.target);
    if (!target) continue;
    const keys: WeaponKey[] = o.weapons ? [...new Set(o.weapons)] : [...new Set(sqs.flatMap((s) => defaultHeavyWeapons(ctx.caps(s))))];
    if (keys.includes("superHeavy")) {
      if (keys.length > 1) {
        ctx.fail(
          STEP_HEAVY,
          label,
          "super-heavy-exclusive",
          "ships which fire super heavy batteries may not use other weapons except interceptors that turn: fire super heavy alone",
        );
        continue;
      }
      const missiled = sqs.find((s) => launched.has(s.id));
      if (missiled) {
        ctx.fail(
          STEP_HEAVY,
          label,
          "super-heavy-exclusive",
          `${missiled.id} launched missiles this turn, so it may not fire super heavy batteries`,
        );
        continue;
      }
    }
    const fired = fireGroup(ctx, STEP_HEAVY, label, sqs, target, keys, !!o.disable, (sq) => momentNow(sq), { focus: o.ship });
    for (const c of fired) {
      firedHeavy.add(c.sq.id);
      if (c.weapon.key === "superHeavy") superHeavy.add(c.sq.id);
    }
  }

  // 3. Movement: emergency shifts at the start of movement, then moves (the flagship's squadron first), detaching.
  for (const { o, label } of ordersOf(ctx, orders, "emergencyShift")) {
    const sq = ctx.sq(o.squadron);
    if (!sq || sq.side !== ctx.side) {
      ctx.fail(STEP_MOVE, label, "unknown-squadron", notYourSquadron(ctx.state, ctx.side, o.squadron));
      continue;
    }
    if (!active.has(sq.id) || sq.location !== "table") {
      ctx.fail(STEP_MOVE, label, "not-activating", `${sq.id} is not part of this activation`);
      continue;
    }
    emergencyShift(ctx, sq, STEP_MOVE, label);
  }
  const moves = ordersOf(ctx, orders, "move");
  const flagSq = unit.taskforce ? state.taskforces[unit.taskforce]?.flagship?.squadron : undefined;
  moves.sort((a, b) => Number(b.o.squadron === flagSq) - Number(a.o.squadron === flagSq));
  const moved = new Set<string>();
  const paths = new Map<string, MovePath>();
  for (const { o, label } of moves) {
    const p = moveSquadron(ctx, o, label, active, moved);
    if (p) {
      paths.set(p.squadron, p);
      towPrizes(ctx, p);
    }
  }
  for (const { o, label } of ordersOf(ctx, orders, "detach")) {
    const sq = ctx.sq(o.squadron);
    if (!sq || sq.side !== ctx.side || !active.has(sq.id)) {
      ctx.fail(STEP_MOVE, label, "not-activating", `${o.squadron} is not a squadron of this activation`);
      continue;
    }
    if (!sq.taskforce) {
      ctx.fail(STEP_MOVE, label, "already-detached", `${sq.id} is already detached`);
      continue;
    }
    if (state.taskforces[sq.taskforce]?.flagship?.squadron === sq.id) {
      ctx.fail(STEP_MOVE, label, "flagship-squadron", `${sq.id} carries the flagship; transfer command first (command order)`);
      continue;
    }
    ctx.ok(STEP_MOVE, label, `${sq.id} detaches from ${sq.taskforce}`);
    ctx.note("detach", `${sq.id} detaches from taskforce ${sq.taskforce}`, { side: sq.side, unit: sq.id });
    sq.taskforce = null;
  }
  // "A full taskforce may also adopt this formation" (RULINGS "The full-taskforce cone").
  const tfCone = moves.filter((m) => paths.has(m.o.squadron) && m.o.taskforceFormation !== undefined);
  taskforceCone(
    ctx,
    unit.taskforce,
    new Set(tfCone.filter((m) => m.o.taskforceFormation === "cone").map((m) => m.o.squadron)),
    tfCone.some((m) => m.o.taskforceFormation === "none"),
  );
  afterMovement(ctx, unit.squadrons);

  // Interceptors fire at enemy flights the moving squadrons pass within 1" of.
  for (const [id, p] of paths) {
    const sq = state.squadrons[id];
    if (sq?.location !== "table") continue;
    const flight = flightPassed(ctx, p);
    if (!flight) continue;
    const hits = fireInterceptors(ctx, sq, `fighters ${flight.id}`, false, { start: flight, path: [] });
    if (hits > 0) {
      // "Fighters flights may attempt to dodge incoming fire ... rolling a 3 or less" (veterans 4: RULINGS "Experience").
      const need = 3 + dodgeBonus(state, state.squadrons[flight.carrier]);
      const dg = dodge(ctx, hits, need);
      ctx.note("dodge", `${flight.id} dodges ${diceList(dg.rolls)} needing ${need}: ${dg.stand} wing(s) lost`, {
        side: flight.side,
        ...rolledField(roll(`dodges: ${flight.id}`, dg.rolls, need)),
      });
      ctx.loseWings(flight, dg.stand, `shot down by interceptors of ${sq.id} as it moved`);
    }
  }

  // Light batteries and ion beams at any point of the move.
  const firedLight = new Set<string>();
  for (const { o, label } of ordersOf(ctx, orders, "light")) {
    const sqs = firingSquadrons(ctx, STEP_LIGHT, label, o.squadrons, active, firedLight, unit);
    if (!sqs) continue;
    const sh = sqs.find((s) => superHeavy.has(s.id));
    if (sh) {
      ctx.fail(
        STEP_LIGHT,
        label,
        "super-heavy-exclusive",
        `${sh.id} fired super heavy batteries this turn and may use no other weapons except interceptors`,
      );
      continue;
    }
    const used = sqs.find((s) => s.lightAt === ctx.act);
    if (used) {
      ctx.fail(STEP_LIGHT, label, "lights-used", `${used.id} already used its light batteries as interceptors this activation`);
      continue;
    }
    const keys: WeaponKey[] = o.weapons ? [...new Set(o.weapons)] : [...new Set(sqs.flatMap((s) => defaultLightWeapons(ctx.caps(s))))];
    // Light batteries at a quadrant, "at any point during the squadron's movement" (RULINGS "Light batteries at a quadrant").
    if (parseQuadrantTarget(ctx.state, o.target)) {
      const at = (sq: Squadron) => quadrantMoment(ctx, sq, o.target, paths.get(sq.id), o.at);
      for (const sq of fireAtQuadrant(ctx, STEP_LIGHT, label, sqs, o.target, keys, at)) {
        firedLight.add(sq.id);
        if (designOfSquadron(state, sq).size <= 1 && keys.includes("light")) sq.lightAt = ctx.act;
      }
      continue;
    }
    const target = enemyTarget(ctx, STEP_LIGHT, label, o.target);
    if (!target) continue;
    const fired = fireGroup(
      ctx,
      STEP_LIGHT,
      label,
      sqs,
      target,
      keys,
      !!o.disable,
      (sq, t, w) => bestMoment(ctx, sq, t, w, paths.get(sq.id), o.at),
      { focus: o.ship },
    );
    for (const c of fired) {
      firedLight.add(c.sq.id);
      if (designOfSquadron(state, c.sq).size <= 1 && c.weapon.key === "light") c.sq.lightAt = ctx.act;
    }
  }

  // 4. Fighters.
  const book: FighterBook = { launched: new Set(), recovered: new Set() };
  for (const { o, label } of ordersOf(ctx, orders, "flight")) {
    if (o.squadron && superHeavy.has(o.squadron)) {
      ctx.fail("4. Fighters", label, "super-heavy-exclusive", `${o.squadron} fired super heavy batteries this turn`);
      continue;
    }
    // "Fighters can only attack a quadrant by coming into contact with it" (planet-air.ts).
    const ground = groundTarget(ctx, label, o.target);
    if (ground === "refused") flightOrder(ctx, { ...o, target: undefined }, label, active, book);
    else flightOrder(ctx, o, label, active, book, ground ?? undefined);
  }
  for (const { o, label } of ordersOf(ctx, orders, "recover")) recoverOrder(ctx, o, label, active, book);
  fighterRepairs(ctx, unit.squadrons, book);

  // 5. Missiles.
  resolveMissiles(ctx, strikes);

  // 6. Boarding.
  const engulfed = new Set<string>();
  for (const { o, label } of ordersOf(ctx, orders, "board")) {
    if (parseQuadrantTarget(ctx.state, o.target)) {
      const sqs = firingSquadrons(ctx, STEP_BOARD, label, o.squadrons, active, new Set(), unit);
      if (sqs) groundAssaultOrder(ctx, STEP_BOARD, label, sqs, o.target, (sq) => paths.get(sq.id)?.length ?? 0);
      continue;
    }
    boardOrder(ctx, o, label, active);
  }
  // Releasing a friendly engulfed ship (RULINGS "Releasing a friendly engulfed ship"), then engulfing.
  for (const { o, label } of ordersOf(ctx, orders, "release")) releaseOrder(ctx, o, label, active);
  for (const { o, label } of ordersOf(ctx, orders, "engulf")) engulfOrder(ctx, o, label, active, engulfed);
  // "They may also be engulfed or captured by a combat tractor beam" (option `tractorBeams`, tractor.ts).
  const beamsUsed = new Set<string>();
  for (const { o, label } of ordersOf(ctx, orders, "tractor")) tractorOrder(ctx, o, label, active, beamsUsed);
  // "It is possible to move assault forces from quadrant to quadrant, both by the attackers and defenders" (planet-orders.ts).
  const arrived = new Set<string>();
  for (const { o, label } of ordersOf(ctx, orders, "assaultMove")) assaultMoveOrder(ctx, STEP_ASSAULT_MOVE, label, o, arrived);
  for (const { label } of ordersOf(ctx, orders, "quadrantFire"))
    ctx.fail(
      STEP_PLANET_ORDERS,
      label,
      "not-planet-activation",
      "a quadrant's target is named in its planet's own activation, not a taskforce's",
    );

  // 7. Suppression recovery and repairs.
  for (const sq of unit.squadrons) recoverAndRepair(ctx, sq);
  repairPrizes(ctx, unit.squadrons);

  // 8. Add squadrons.
  for (const { o, label } of ordersOf(ctx, orders, "join")) joinOrder(ctx, o, label, unit);
}

/** The squadrons named in a fire order: own, activating, not yet fired this phase; several only within one taskforce. */
function firingSquadrons(
  ctx: Ctx,
  step: string,
  label: string,
  ids: readonly string[],
  active: Set<string>,
  fired: Set<string>,
  unit: ActivationUnit,
): Squadron[] | null {
  const out: Squadron[] = [];
  for (const id of new Set(ids)) {
    const sq = ctx.sq(id);
    if (!sq || sq.side !== ctx.side) {
      ctx.fail(step, label, "unknown-squadron", notYourSquadron(ctx.state, ctx.side, id));
      return null;
    }
    if (!active.has(sq.id) || sq.location !== "table" || sq.ships.length === 0) {
      ctx.fail(step, label, "not-activating", `${sq.id} is not part of this activation (${unit.taskforce ?? "detached squadron"})`);
      return null;
    }
    if (fired.has(sq.id)) {
      ctx.fail(step, label, "already-fired", `${sq.id} has already fired these weapons this activation`);
      return null;
    }
    if (!sq.ships.some((s) => !s.disabled)) {
      ctx.fail(step, label, "all-disabled", `every ship of ${sq.id} is disabled and cannot fire`);
      return null;
    }
    out.push(sq);
  }
  if (out.length > 1) {
    const tfs = new Set(out.map((s) => s.taskforce));
    if (tfs.has(null) || tfs.size > 1) {
      ctx.fail(
        step,
        label,
        "cannot-synchronise",
        "only squadrons of one taskforce synchronise their fire; detached squadrons cannot coordinate their fire",
      );
      return null;
    }
  }
  return out;
}

function enemyTarget(ctx: Ctx, step: string, label: string, id: string): Squadron | null {
  const t = ctx.sq(id);
  if (!t) {
    if (ctx.state.flights[id]) {
      ctx.fail(step, label, "fighters-untargetable", `${id} is a fighter flight: "Fighters groups may not be targeted by battery weapons"`);
    } else ctx.fail(step, label, "unknown-target", `no squadron ${id}`);
    return null;
  }
  if (t.side === ctx.side) {
    ctx.fail(step, label, "friendly-target", `${id} is one of your own squadrons`);
    return null;
  }
  if (t.location !== "table" || t.ships.length === 0) {
    ctx.fail(step, label, "target-absent", `${id} is not on the table`);
    return null;
  }
  return t;
}

/** Positions of a squadron at fraction t of its move (facing: old at the start, the heading on the way, new at the end). */
function momentAt(sq: Squadron, p: MovePath, t: number, turned: boolean): Moment {
  const ships = p.ships.map((s) => {
    const moving = dist(s.from, s.to) > 1e-9;
    const facing = t <= 0 ? p.oldFacing : turned ? p.newFacing : moving ? s.heading : p.oldFacing;
    return { id: s.id, x: s.from.x + (s.to.x - s.from.x) * t, y: s.from.y + (s.to.y - s.from.y) * t, facing };
  });
  void sq;
  return { ships, label: `${Math.round(t * 100)}% of the move` };
}

/**
 * Light batteries fire "at any time during the squadron's movement": at `at` inches
 * along the move when given, else at the first moment (start, quarter points, end
 * before and after turning) with range, arc and the smallest line of sight penalty.
 */
function bestMoment(ctx: Ctx, sq: Squadron, target: Squadron, w: WeaponDef, p: MovePath | undefined, at: number | undefined): Moment {
  const candidates = momentCandidates(sq, p, at);
  if (candidates.length === 1) return candidates[0] as Moment;
  let best: Moment | null = null;
  let bestPenalty = Number.POSITIVE_INFINITY;
  const range = w.range(ctx);
  for (const m of candidates) {
    let inRange = false;
    for (const s of m.ships) {
      for (const t of target.ships) if (dist(s, t) <= range + 1e-9) inRange = true;
    }
    if (!inRange) continue;
    const los = lineOfSight(ctx.los, sq, target, m.ships);
    if (!los.ok) continue;
    // Arc: reuse the firing code's check through a quick test of any pair.
    let arcOk = false;
    for (const s of m.ships) {
      for (const t of target.ships) {
        if (dist(s, t) > range + 1e-9) continue;
        const b = Math.atan2(t.x - s.x, -(t.y - s.y)) * (180 / Math.PI);
        const off = Math.abs(((b - s.facing + 540) % 360) - 180);
        if (off <= w.width / 2 + 0.01) arcOk = true;
      }
    }
    if (!arcOk) continue;
    if (los.penalty < bestPenalty) {
      best = m;
      bestPenalty = los.penalty;
      if (bestPenalty === 0) break;
    }
  }
  return best ?? (candidates[candidates.length - 1] as Moment);
}

/** The moments a light battery may fire from: now (no move), the point `at` inches along, or start, quarters, end before and after turning. */
function momentCandidates(sq: Squadron, p: MovePath | undefined, at: number | undefined): Moment[] {
  if (!p || p.length <= 1e-9) return [momentNow(sq)];
  if (at !== undefined) {
    const t = Math.min(1, at / p.length);
    return [momentAt(sq, p, t, t >= 1)];
  }
  return [...[0, 0.25, 0.5, 0.75, 1].map((t) => momentAt(sq, p, t, false)), momentAt(sq, p, 1, true)];
}

/**
 * Light batteries at a quadrant: the first moment of the move (as `bestMoment`) where the squadron faces the
 * quadrant and a ship has the planet's surface within light range and its centre in the arc; else the end.
 */
function quadrantMoment(ctx: Ctx, sq: Squadron, target: string, p: MovePath | undefined, at: number | undefined): Moment {
  const candidates = momentCandidates(sq, p, at);
  const t = parseQuadrantTarget(ctx.state, target);
  const last = candidates[candidates.length - 1] as Moment;
  if (!t) return last;
  const { centre, radius } = planetBody(ctx.state, t.planet);
  const w = WEAPONS.light;
  const bears = (m: Moment): boolean =>
    m.ships.length > 0 &&
    quadrantFacing(centre, centroid(m.ships)) === t.quadrant.id &&
    m.ships.some(
      (s) =>
        Math.hypot(centre.x - s.x, centre.y - s.y) - radius <= w.range(ctx) + 1e-9 &&
        inArc(s.facing, w.width, bearingXY(s.x, s.y, centre.x, centre.y)),
    );
  return candidates.find(bears) ?? last;
}

/** The first enemy flight within 1" of a squadron's move, if any. */
function flightPassed(ctx: Ctx, p: MovePath): Flight | null {
  const sq = ctx.state.squadrons[p.squadron];
  if (!sq) return null;
  for (const fid of Object.keys(ctx.state.flights).sort()) {
    const f = ctx.state.flights[fid] as Flight;
    if (f.side === sq.side) continue;
    for (const s of p.ships) {
      if (dist(s.from, s.to) < 1e-9) continue;
      if (segmentPointDistance(s.from.x, s.from.y, s.to.x, s.to.y, f.x, f.y) <= 1 + 1e-9) return f;
    }
  }
  return null;
}

/**
 * Prizes follow the squadron that captured them when it has a ship as large ("towed by an equal sized or larger
 * ship"), or on their own once repaired ("it can be moved once it is repaired"); an engulfed one is carried inside
 * its engulfer.
 */
function towPrizes(ctx: Ctx, p: MovePath): void {
  const state = ctx.state;
  const sq = state.squadrons[p.squadron];
  if (!sq) return;
  // "towed by an equal sized or larger ship": the largest ship still in the squadron, by its own size (mixed squadrons).
  const size = largestShipSize(state, sq);
  const first = p.ships[0];
  if (!first) return;
  const dx = first.to.x - first.from.x;
  const dy = first.to.y - first.from.y;
  for (const pid of Object.keys(state.prizes).sort()) {
    const prize = state.prizes[pid];
    if (!prize || prize.squadron !== sq.id) continue;
    const inside = prize.engulfed && prize.engulfer ? sq.ships.find((s) => s.id === prize.engulfer) : undefined;
    if (inside) {
      prize.x = inside.x;
      prize.y = inside.y;
      continue;
    }
    const pd = state.designs[prize.design];
    if (!pd || (pd.size > size && !prize.repaired)) continue;
    prize.x += dx;
    prize.y += dy;
  }
}

function transferCommand(ctx: Ctx, o: OrderOf<"command">, label: string, unit: ActivationUnit): void {
  const state = ctx.state;
  const step = "0. Command";
  if (!unit.taskforce) return void ctx.fail(step, label, "no-taskforce", "a detached squadron has no flagship to transfer");
  const tf = state.taskforces[unit.taskforce];
  if (!tf?.flagship) return void ctx.fail(step, label, "no-flagship", `${unit.taskforce} has no flagship`);
  const sq = ctx.sq(o.squadron);
  if (!sq || sq.taskforce !== tf.id || sq.location !== "table")
    return void ctx.fail(step, label, "not-in-taskforce", `${o.squadron} is not a squadron of ${tf.id}`);
  if (sq.id === tf.flagship.squadron) return void ctx.fail(step, label, "already-flagship", `${sq.id} already carries the flagship`);
  const cur = state.squadrons[tf.flagship.squadron];
  const flagShip = cur?.ships.find((s) => s.id === tf.flagship?.ship);
  const curSize = cur ? (flagShip ? shipDesignOf(state, cur, flagShip) : designOfSquadron(state, cur)).size : 0;
  if (sq.ships.length === 0) return void ctx.fail(step, label, "no-ships", `${sq.id} has no ships`);
  // "another ship the same size or larger": each ship by its own size (a mixed squadron's ships differ).
  const able = sq.ships.filter((s) => shipDesignOf(state, sq, s).size >= curSize);
  const ship = able.find((s) => !s.disabled) ?? able[0];
  if (!ship) {
    const size = largestShipSize(state, sq);
    return void ctx.fail(
      step,
      label,
      "too-small",
      `${sq.id}'s ${sq.mixed ? "largest ship is" : "ships are"} size ${size}; command passes only to a ship of the same size or larger (${curSize})`,
    );
  }
  tf.flagship = { squadron: sq.id, ship: ship.id };
  ctx.ok(step, label, `command of ${tf.name} passes to ${ship.id} in ${sq.id}`);
  ctx.note("command", `Command of ${tf.name} passes to ${ship.id} of ${sq.id}`, { side: tf.side, unit: tf.id });
}

/**
 * "Squadrons then attempt to remove suppression markers. A squadron rolls a d6 for
 * each suppression marker on it, needing a 3 or less if it is within 8" range of its
 * flagship or a 2 or less if it is not." "Every ship may attempt to repair one damage
 * ... by rolling a 1 on a d6 ... only as many ships may make repair rolls as there is
 * damage on the squadron"; "Squadrons with repair systems may make an extra repair
 * roll per ship". A disabled ship is made active by a successful repair roll.
 */
export function recoverAndRepair(ctx: Ctx, sq: Squadron): void {
  const state = ctx.state;
  if (sq.location !== "table" || sq.ships.length === 0) return;
  if (sq.suppression > 0) {
    let need = 2;
    if (sq.taskforce) {
      const tf = state.taskforces[sq.taskforce];
      const fp = tf ? flagshipPoint(state, tf) : null;
      if (fp && sq.ships.some((s) => dist(s, fp) <= state.settings.commandRange + 1e-9)) need = 3;
    }
    need += recoveryBonus(state, sq); // Experience: "Recovery from suppression +1".
    const rolls: number[] = [];
    let removed = 0;
    for (let i = 0; i < sq.suppression; i++) {
      const r = ctx.rng.d6();
      rolls.push(r);
      if (r <= need) removed++;
    }
    const before = sq.suppression;
    sq.suppression -= removed;
    ctx.note(
      "suppression",
      `${sq.id} tries to recover from ${before} suppression marker(s) needing ${need} or less: ${diceList(rolls)} - ${removed} removed`,
      { side: sq.side, unit: sq.id, ...rolledField(roll("suppression recovery", rolls, need)) },
    );
  }
  // "Some ships may have multiple repair systems, each of which allows an extra repair roll per ship": each ship
  // rolls 1 + its own repair systems (a mixed squadron's differ).
  const perShip = (s: Squadron["ships"][number]): number => 1 + shipCaps(state, sq, s).repair;
  const fixOn = repairNeed(state, sq); // Experience: "Veteran engineers (Repair +1)": 2 or less.
  if (sq.damage > 0) {
    // "only as many ships may make repair rolls as there is damage": those with the most repair systems roll.
    const rollers = sq.ships
      .filter((s) => !s.disabled)
      .sort((a, b) => perShip(b) - perShip(a))
      .slice(0, sq.damage);
    const dice = rollers.reduce((t, s) => t + perShip(s), 0);
    const rolls: number[] = [];
    let fixed = 0;
    for (let i = 0; i < dice; i++) {
      const r = ctx.rng.d6();
      rolls.push(r);
      if (r <= fixOn) fixed++;
    }
    fixed = Math.min(fixed, sq.damage);
    sq.damage -= fixed;
    if (rolls.length) {
      ctx.note("repair", `${sq.id} repair rolls ${diceList(rolls)} needing ${fixOn}: ${fixed} damage repaired (damage now ${sq.damage})`, {
        side: sq.side,
        unit: sq.id,
        ...rolledField(roll("repairs", rolls, fixOn)),
      });
    }
  }
  for (const s of sq.ships) {
    if (!s.disabled) continue;
    const rolls: number[] = [];
    for (let i = 0; i < perShip(s); i++) rolls.push(ctx.rng.d6());
    const fixed = rolls.some((r) => r <= fixOn);
    if (fixed) s.disabled = false;
    ctx.note(
      "repair",
      `${s.id} of ${sq.id} (disabled) repair rolls ${diceList(rolls)} needing ${fixOn}: ${fixed ? "repaired and active again" : "still disabled"}`,
      { side: sq.side, unit: sq.id, ...rolledField(roll(`repairs: ${s.id}`, rolls, fixOn)) },
    );
  }
}

function joinOrder(ctx: Ctx, o: OrderOf<"join">, label: string, unit: ActivationUnit): void {
  const state = ctx.state;
  if (!unit.taskforce) return void ctx.fail(STEP_JOIN, label, "no-taskforce", "only a taskforce's activation can add squadrons to it");
  const tf = state.taskforces[unit.taskforce];
  if (!tf?.alive || !tf.flagship) return void ctx.fail(STEP_JOIN, label, "no-flagship", `${unit.taskforce} has no flagship`);
  const sq = ctx.sq(o.squadron);
  if (!sq || sq.side !== ctx.side) return void ctx.fail(STEP_JOIN, label, "unknown-squadron", notYourSquadron(state, ctx.side, o.squadron));
  if (sq.location !== "table") return void ctx.fail(STEP_JOIN, label, "not-on-table", `${sq.id} is not on the table (${sq.location})`);
  if (sq.taskforce === tf.id) return void ctx.fail(STEP_JOIN, label, "already-member", `${sq.id} is already in ${tf.id}`);
  if (sq.taskforce) return void ctx.fail(STEP_JOIN, label, "in-other-taskforce", `${sq.id} belongs to taskforce ${sq.taskforce}`);
  const members = squadronsOfTaskforce(state, tf.id).length;
  const max = state.settings.squadronsPerTaskforce;
  if (members >= max)
    return void ctx.fail(STEP_JOIN, label, "taskforce-full", `${tf.id} already has ${members} squadrons (at most ${max})`);
  const fp = flagshipPoint(state, tf);
  if (!fp) return void ctx.fail(STEP_JOIN, label, "no-flagship", `${tf.id}'s flagship is not on the table`);
  const near = Math.min(...sq.ships.map((s) => dist(s, fp)));
  if (near > state.settings.commandRange + 1e-9) {
    return void ctx.fail(
      STEP_JOIN,
      label,
      "out-of-command-range",
      `${sq.id}'s nearest ship is ${inches(near)} from the flagship (within ${state.settings.commandRange}" to join)`,
    );
  }
  sq.taskforce = tf.id;
  ctx.ok(STEP_JOIN, label, `${sq.id} joins ${tf.id} (${inches(near)} from the flagship)`);
  ctx.note("join", `${sq.id} joins taskforce ${tf.name}`, { side: sq.side, unit: sq.id });
}
