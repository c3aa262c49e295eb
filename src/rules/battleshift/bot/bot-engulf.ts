/**
 * Engulfing and releasing for the bots ("Engulfing (Highly experimental)"; RULINGS "Boarding, assault units,
 * engulfing, prizes", "Friendly engulfing", "Releasing a friendly engulfed ship").
 *
 * "A ship merely has to move into contact with the disabled ship during its movement to engulf": the sensible
 * bot moves an engulfing squadron (Bionid Korzine, Ankax, Mothership) into contact with a disabled enemy ship
 * that one of its engulfing ships can take, when one is within its move, and engulfs it (the prize scores its
 * cost). The random-legal bot sometimes engulfs what is in contact (a disabled enemy ship or a smaller friend)
 * and sometimes releases a friend carried inside. Every order is tried first on the bots' planning copy with
 * the engine's own checks.
 */

import type { Rng } from "../../../core/rng.js";
import { tableDepth, tableWidth } from "../battlespace/battlespace.js";
import { CONTACT, engulfersFor, engulfOrder } from "../boarding/boarding.js";
import { releaseOrder } from "../boarding/release.js";
import { tractorOrder, tractorsFor } from "../boarding/tractor.js";
import type { Ctx } from "../context.js";
import { angleDiff, bearing, dist, inArc, normDeg, offset, type Point } from "../geometry.js";
import {
  type BattleState,
  capsOf,
  contactAim,
  designOfSquadron,
  movementLimits,
  type Prize,
  type Ship,
  type Squadron,
  shipDesignOf,
  squadronList,
  squadronMove,
} from "../model.js";
import type { Order, OrderOf } from "../orders.js";
import { moveSquadron } from "../turn/movement.js";

/** Run `fn` on the planning copy; keep its effect only when the engine raised no problem. */
function accepted(ctx: Ctx, fn: (c: Ctx) => void): boolean {
  const before = ctx.problems.length;
  fn(ctx);
  if (ctx.problems.length === before) return true;
  ctx.problems.length = before;
  return false;
}

export interface Candidate {
  squadron: Squadron;
  ship: Ship;
}

/** Ships `q` could engulf: disabled enemy ships, and (with `friends`) ships of other friendly squadrons, not flagships or stations. */
function engulfTargets(state: BattleState, q: Squadron, friends: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const t of squadronList(state)) {
    if (t.location !== "table" || t.station || t.id === q.id) continue;
    const friend = t.side === q.side;
    if (friend && !friends) continue;
    const flag = t.taskforce ? state.taskforces[t.taskforce]?.flagship?.ship : undefined;
    for (const ship of t.ships) {
      if (friend ? ship.id === flag : !ship.disabled) continue;
      out.push({ squadron: t, ship });
    }
  }
  return out;
}

/** The engulfing ships of `q` able to take this ship (by its own size). */
function ableFor(state: BattleState, q: Squadron, c: Candidate): Ship[] {
  return engulfersFor(state, q, shipDesignOf(state, c.squadron, c.ship).size);
}

// ---------------------------------------------------------------------------
// The random-legal bot

/**
 * A third of the time each: release a friend carried inside one of the activation's engulfers (default placement),
 * and, for an engulfing squadron with something in contact, engulf it (a disabled enemy ship or a smaller friend);
 * a squadron that moved into contact with its prey (`hunters`, a third of the time) engulfs it.
 * The dice are drawn only when there is something to choose, so games without engulfers play as before.
 */
export function randomEngulfOrders(
  ctx: Ctx,
  mine: readonly Squadron[],
  { active, hunters }: { active: Set<string>; hunters: ReadonlySet<string> },
  rng: Rng,
): Order[] {
  const s = ctx.state;
  const orders: Order[] = [];
  for (const p of Object.keys(s.prizes)
    .sort()
    .map((k) => s.prizes[k] as Prize)) {
    if (p.side !== ctx.side || p.fromSide !== ctx.side || !p.engulfed || !active.has(p.squadron) || !rng.chance(33)) continue;
    const o: OrderOf<"release"> = { type: "release", squadron: p.squadron, target: p.id };
    if (accepted(ctx, (c) => releaseOrder(c, o, "plan", active))) orders.push(o);
  }
  const engulfed = new Set<string>();
  for (const q of mine) {
    if (q.location !== "table" || capsOf(s, q).engulfing <= 0) continue;
    const touching = engulfTargets(s, q, true).filter((c) => ableFor(s, q, c).some((e) => dist(e, c.ship) <= CONTACT));
    if (touching.length === 0) continue;
    // A hunter (moved into contact with its prey) engulfs it; the others a third of the time.
    const prey = touching.filter((c) => c.squadron.side !== q.side);
    const hunted = hunters.has(q.id);
    if (!hunted && !rng.chance(33)) continue;
    const c = rng.pick(hunted && prey.length > 0 ? prey : touching);
    const o: OrderOf<"engulf"> = { type: "engulf", squadron: q.id, target: c.squadron.id, ship: c.ship.id };
    if (accepted(ctx, (x) => engulfOrder(x, o, "plan", active, engulfed))) orders.push(o);
  }
  return orders;
}

/**
 * Option `tractorBeams` (tractor.ts): the random-legal bot has a ship in contact with a disabled enemy ship no
 * larger than itself capture it, half of the time; each ship once an activation.
 */
export function randomTractorOrders(ctx: Ctx, mine: readonly Squadron[], active: Set<string>, rng: Rng): Order[] {
  const s = ctx.state;
  if (!s.settings.tractorBeams) return [];
  const orders: Order[] = [];
  const used = new Set<string>();
  for (const q of mine) {
    if (q.location !== "table" || !active.has(q.id)) continue;
    const touching = engulfTargets(s, q, false).filter((c) => tractorInContact(ctx, q, c, used) !== undefined);
    if (touching.length === 0 || !rng.chance(50)) continue;
    const c = rng.pick(touching);
    const o: OrderOf<"tractor"> = { type: "tractor", squadron: q.id, target: c.squadron.id, ship: c.ship.id };
    if (accepted(ctx, (x) => tractorOrder(x, o, "plan", active, used))) orders.push(o);
  }
  return orders;
}

/** The ship of `q` whose beam is free, at least as large as the candidate, in contact with it (if any). */
export function tractorInContact(ctx: Ctx, q: Squadron, c: Candidate, used: ReadonlySet<string>): Ship | undefined {
  const size = shipDesignOf(ctx.state, c.squadron, c.ship).size;
  return tractorsFor(ctx, q, size, used).find((e) => dist(e, c.ship) <= CONTACT + 1e-9);
}

/** The sensible bot: the first of `squadrons` with a free beam in contact with the candidate (its ship marked used). */
export function tractorBy(ctx: Ctx, squadrons: readonly Squadron[], c: Candidate, used: Set<string>): Squadron | undefined {
  for (const q of squadrons) {
    const beam = tractorInContact(ctx, q, c, used);
    if (!beam) continue;
    used.add(beam.id);
    return q;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// The sensible bot

/** A planned engulf: the move into contact and the engulf order after it. */
export interface Hunt {
  move: OrderOf<"move">;
  engulf: OrderOf<"engulf">;
}

/** Do these points stay on the table moved `distance` along `heading`? */
export function onTableAfter(state: BattleState, ships: readonly Point[], heading: number, distance: number): boolean {
  const w = tableWidth(state.battlespace);
  const h = tableDepth(state.battlespace);
  return ships.every((p) => {
    const q = offset(p, heading, distance);
    return q.x >= 0 && q.y >= 0 && q.x <= w && q.y <= h;
  });
}

/**
 * The move that brings engulfing ship `e` of `q` into contact with `target`, straight at it inside the movement arc, or
 * null: a move into contact stops where the bases touch (RULINGS "Bases": centres `contactAim` apart, the middle of the
 * touching band, so that the order's thousandths keep it in contact and clear of overlap), not at the target's centre.
 */
function moveInto(state: BattleState, q: Squadron, e: Ship, target: Ship, facing: number): OrderOf<"move"> | null {
  const d = dist(e, target);
  const touching = d <= CONTACT + 1e-9;
  const heading = touching ? q.facing : bearing(e, target);
  const distance = touching ? 0 : Math.max(0, d - contactAim(state));
  return moveAlong(state, q, heading, distance, facing);
}

/**
 * The moves into contact with `target`: straight at it first, then to the points round it where `e`'s base would touch
 * its base (every 30 degrees), for when the straight approach ends on a neighbour's base (RULINGS "Bases").
 */
function movesInto(state: BattleState, q: Squadron, e: Ship, target: Ship, facing: number): OrderOf<"move">[] {
  const out: OrderOf<"move">[] = [];
  const straight = moveInto(state, q, e, target, facing);
  if (straight) out.push(straight);
  if (dist(e, target) <= CONTACT + 1e-9) return out;
  for (let k = 0; k < 12; k++) {
    const p = offset(target, k * 30, contactAim(state));
    const m = moveAlong(state, q, bearing(e, p), dist(e, p), facing);
    if (m) out.push(m);
  }
  return out;
}

function moveAlong(state: BattleState, q: Squadron, heading: number, along: number, facing: number): OrderOf<"move"> | null {
  const distance = Math.round(along * 1000) / 1000;
  const lim = movementLimits(designOfSquadron(state, q).size);
  if (distance > squadronMove(state, q) || !inArc(q.facing, lim.arc, heading)) return null;
  if (
    !onTableAfter(
      state,
      q.ships.filter((x) => !x.disabled),
      heading,
      distance,
    )
  )
    return null;
  // Facing after the move: toward the taskforce's facing as far as it may turn (the taskforce facing rule).
  const turn = angleDiff(heading, facing);
  const f = Math.abs(turn) <= lim.facingChange ? facing : heading + Math.sign(turn) * lim.facingChange;
  // To a thousandth (of a degree, of an inch): over a 24" move that is under 0.001" off, inside the touching band.
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return { type: "move", squadron: q.id, heading: r3(normDeg(heading)), distance, facing: r3(normDeg(f)) };
}

/**
 * The enemy squadrons with a disabled ship one of `engulfers` can reach and take this move: the sensible bot holds
 * its fire on them (a destroyed ship is not engulfed; an engulfed one scores its cost as surely).
 */
export function preySquadrons(state: BattleState, engulfers: readonly Squadron[]): Set<string> {
  const out = new Set<string>();
  for (const q of engulfers) {
    if (q.station || capsOf(state, q).engulfing <= 0) continue;
    for (const c of engulfTargets(state, q, false))
      if (ableFor(state, q, c).some((e) => moveInto(state, q, e, c.ship, q.facing))) out.add(c.squadron.id);
  }
  return out;
}

/** Where the active ships of a squadron end after a move (ship id to point), and its facing. */
export interface MoveEnd {
  ends: Map<string, Point>;
  facing: number;
}

/**
 * "A ship merely has to move into contact with the disabled ship during its movement to engulf": the nearest
 * disabled enemy ship an engulfing ship of `q` can take and reach this move, the move carried out on the planning
 * copy, kept only when `fits` (the caller's taskforce checks: command range, facing) and the engine accept it.
 * `facing`: the facing the taskforce turns to. Null when there is none.
 */
export function engulfHunt(
  ctx: Ctx,
  q: Squadron,
  facing: number,
  fits: (end: MoveEnd) => boolean,
  moves: { active: Set<string>; moved: Set<string> },
  taken: Set<string>,
  friends = false,
): Hunt | null {
  const s = ctx.state;
  if (q.station || capsOf(s, q).engulfing <= 0) return null;
  const options: { e: Ship; c: Candidate; d: number }[] = [];
  for (const c of engulfTargets(s, q, friends)) {
    if (taken.has(c.ship.id)) continue;
    for (const e of ableFor(s, q, c)) options.push({ e, c, d: dist(e, c.ship) });
  }
  options.sort((a, b) => a.d - b.d);
  for (const { e, c } of options) {
    for (const move of movesInto(s, q, e, c.ship, facing)) {
      const ends = new Map(q.ships.filter((x) => !x.disabled).map((x) => [x.id, offset(x, move.heading ?? q.facing, move.distance ?? 0)]));
      if (!fits({ ends, facing: typeof move.facing === "number" ? move.facing : q.facing })) continue;
      let path = false;
      if (!accepted(ctx, (x) => void (path = moveSquadron(x, move, "plan", moves.active, moves.moved) !== null)) || !path) continue;
      taken.add(c.ship.id);
      return { move, engulf: { type: "engulf", squadron: q.id, target: c.squadron.id, ship: c.ship.id } };
    }
  }
  return null;
}

/**
 * Closing on prey out of reach: the engulfing squadron `q` moves its full move straight toward the nearest disabled
 * enemy ship (within `within` inches) one of its ships can take (within its movement arc, staying on the table, no nearer
 * than contact; facing toward `facing`), carried out on the planning copy if `fits` and the engine accept it. Null when there is none or the move is refused.
 * Contact is bases touching (RULINGS "Bases"), which a random move all but never ends in, so without closing on purpose
 * a random game sees a disabled enemy in reach only by chance.
 */
export function engulfStalk(
  ctx: Ctx,
  q: Squadron,
  moves: { active: Set<string>; moved: Set<string> },
  within = Number.POSITIVE_INFINITY,
  facing?: number,
  fits: (end: MoveEnd) => boolean = () => true,
): OrderOf<"move"> | null {
  const s = ctx.state;
  if (q.station || capsOf(s, q).engulfing <= 0) return null;
  let best: { e: Ship; c: Candidate; d: number } | null = null;
  for (const c of engulfTargets(s, q, false))
    for (const e of ableFor(s, q, c)) {
      const d = dist(e, c.ship);
      if (d <= within && (!best || d < best.d)) best = { e, c, d };
    }
  if (!best) return null;
  // Straight at it, or as near that as the movement arc allows; turning toward it unless told a facing.
  const want = bearing(best.e, best.c.ship);
  const half = Math.min(movementLimits(designOfSquadron(s, q).size).arc, 359.99) / 2;
  const off = angleDiff(q.facing, want);
  const heading = Math.abs(off) <= half ? want : normDeg(q.facing + Math.sign(off) * (half - 0.01));
  const move = moveAlong(s, q, heading, Math.min(squadronMove(s, q), Math.max(0, best.d - contactAim(s))), facing ?? want);
  if (!move) return null;
  const ends = new Map(q.ships.filter((x) => !x.disabled).map((x) => [x.id, offset(x, move.heading ?? q.facing, move.distance ?? 0)]));
  if (!fits({ ends, facing: typeof move.facing === "number" ? move.facing : q.facing })) return null;
  let path = false;
  if (!accepted(ctx, (x) => void (path = moveSquadron(x, move, "plan", moves.active, moves.moved) !== null)) || !path) return null;
  return move;
}

/** Is there a disabled enemy ship that an engulfing ship of `q` could take (anywhere on the table)? */
export function hasPrey(state: BattleState, q: Squadron): boolean {
  if (q.station || capsOf(state, q).engulfing <= 0) return false;
  return engulfTargets(state, q, false).some((c) => ableFor(state, q, c).length > 0);
}

/**
 * Could an engulfing ship of `side` on the table take a ship of `t` were it disabled? The random-legal bot then fires
 * at `t` to disable, half of the time ("Engulfing": a disabled ship is taken by moving into contact with it).
 */
export function engulfable(state: BattleState, side: string, t: Squadron): boolean {
  return squadronList(state).some(
    (q) =>
      q.side === side &&
      q.location === "table" &&
      !q.station &&
      capsOf(state, q).engulfing > 0 &&
      t.ships.some((x) => !x.disabled && engulfersFor(state, q, shipDesignOf(state, t, x).size).length > 0),
  );
}
