/**
 * Line of Sight ("Basic Combat Resolution", steps 1 and 2; Quick Reference
 * Sheet 2a and 2b).
 *
 * "Enemy squadrons block the line of sight to squadrons beyond them if no ship
 * from the firing squadron can draw a line to the target without passing through
 * the interposing squadron. If at least one ship can get a clear line of sight,
 * but some are blocked, then the target may be fired at with a -1 penalty. You may
 * see through friendly squadrons with no penalty." and "if any ship has its line of
 * sight blocked or obscured by another enemy squadron, dust field or massive body,
 * then the entire squadron fires at a -1 penalty for each obscuring object."
 *
 * Each firing ship draws its best line (to any ship of the target squadron): the
 * one with nothing solid across it and the fewest obscuring objects. A squadron
 * has line of sight when at least one ship's best line is unblocked; the penalty is
 * one per distinct object that blocks or obscures any ship's best line, plus one
 * for cover when the target sits inside an asteroid field, dust cloud or nebula.
 */
import { isObscuring, isSolid, type Terrain } from "../battlespace/battlespace.js";
import { type Body, bodyOf, type Point, segmentHitsBody, segmentHitsCircle } from "../geometry.js";
import type { BattleState, Squadron } from "../model.js";

export interface LosResult {
  /** At least one firing ship has a line not blocked by an enemy squadron or a solid body. */
  ok: boolean;
  /** The targeting penalty (0 or more): obscuring objects plus cover. */
  penalty: number;
  /** Names of the objects behind the penalty (squadron ids, terrain names). */
  obscurers: string[];
  /** The terrain giving the target cover, if any. */
  cover: string | null;
  /** Firing ships whose every line is blocked. */
  blockedShips: number;
  clearShips: number;
  /** When not ok: what blocks (squadron id or terrain name). */
  blocker: string | null;
}

/** Caches the bodies of squadrons during one activation; call `invalidate` after a squadron moves or loses ships. */
export class LosContext {
  private bodies = new Map<string, Body>();
  constructor(readonly state: BattleState) {}

  body(sq: Squadron): Body {
    let b = this.bodies.get(sq.id);
    if (!b) {
      b = bodyOf(sq.ships, this.state.settings.shipRadius);
      this.bodies.set(sq.id, b);
    }
    return b;
  }

  invalidate(id?: string): void {
    if (id === undefined) this.bodies.clear();
    else this.bodies.delete(id);
  }

  /** Squadrons that can block fire at `target` from `firer`: the target's side, on the table, other than the target. */
  blockersFor(firer: Squadron, target: Squadron): Squadron[] {
    const out: Squadron[] = [];
    // Bounding box of both squadrons: a blocker must touch it.
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const s of firer.ships.concat(target.ships)) {
      if (s.x < minX) minX = s.x;
      if (s.y < minY) minY = s.y;
      if (s.x > maxX) maxX = s.x;
      if (s.y > maxY) maxY = s.y;
    }
    for (const id of this.sortedIds()) {
      const sq = this.state.squadrons[id] as Squadron;
      if (sq.side !== target.side || sq.id === target.id || sq.location !== "table" || sq.ships.length === 0) continue;
      const b = this.body(sq);
      if (b.maxX < minX || b.minX > maxX || b.maxY < minY || b.minY > maxY) continue;
      out.push(sq);
    }
    return out;
  }

  private ids: string[] | null = null;
  private sortedIds(): string[] {
    if (!this.ids) this.ids = Object.keys(this.state.squadrons).sort();
    return this.ids;
  }
}

interface LineVerdict {
  blockedBy: string | null;
  obscurers: string[];
}

function judgeLine(ctx: LosContext, a: Point, b: Point, blockers: Squadron[], terrain: Terrain[], solidBlocks: boolean): LineVerdict {
  const obscurers: string[] = [];
  let blockedBy: string | null = null;
  for (const sq of blockers) {
    if (segmentHitsBody(a, b, ctx.body(sq))) {
      blockedBy = sq.id;
      break;
    }
  }
  for (const t of terrain) {
    if (!segmentHitsCircle(a, b, t, t.radius)) continue;
    // Terrain around either end is cover (or the firer's own position), not an object in between.
    if (Math.hypot(a.x - t.x, a.y - t.y) <= t.radius || Math.hypot(b.x - t.x, b.y - t.y) <= t.radius) continue;
    if (isSolid(t) && solidBlocks) {
      if (!blockedBy) blockedBy = t.name;
    } else if (isSolid(t) || isObscuring(t)) obscurers.push(t.name);
  }
  return { blockedBy, obscurers };
}

/** Cover: the target squadron has a ship inside obscuring terrain ("if the target has cover"). */
export function coverOf(state: BattleState, target: Squadron): string | null {
  for (const s of target.ships) {
    const c = coverAt(state, s);
    if (c) return c;
  }
  return null;
}

/** The obscuring terrain (asteroid field, dust cloud, nebula) a point is inside, if any: cover for whatever is there. */
export function coverAt(state: BattleState, p: Point): string | null {
  for (const t of state.battlespace.terrain) {
    if (isObscuring(t) && Math.hypot(p.x - t.x, p.y - t.y) <= t.radius) return t.name;
  }
  return null;
}

/**
 * Line of sight from a firing squadron to a target squadron. `firingShips`
 * defaults to the firer's active ships.
 */
export function lineOfSight(ctx: LosContext, firer: Squadron, target: Squadron, firingShips?: readonly Point[]): LosResult {
  const state = ctx.state;
  const ships = firingShips ?? firer.ships.filter((s) => !s.disabled);
  const blockers = ctx.blockersFor(firer, target);
  const terrain = state.battlespace.terrain;
  const solidBlocks = state.settings.massiveBodies === "block";
  const objects = new Set<string>();
  let clear = 0;
  let blocked = 0;
  let firstBlocker: string | null = null;
  for (const f of ships) {
    let best: LineVerdict | null = null;
    for (const t of target.ships) {
      const v = judgeLine(ctx, f, t, blockers, terrain, solidBlocks);
      if (!best || better(v, best)) best = v;
      if (!best.blockedBy && best.obscurers.length === 0) break;
    }
    if (!best) continue;
    if (best.blockedBy) {
      blocked++;
      objects.add(best.blockedBy);
      if (!firstBlocker) firstBlocker = best.blockedBy;
    } else clear++;
    for (const o of best.obscurers) objects.add(o);
  }
  const cover = coverOf(state, target);
  const ok = clear > 0;
  const obscurers = [...objects].sort();
  return {
    ok,
    penalty: ok ? obscurers.length + (cover ? 1 : 0) : 0,
    obscurers,
    cover,
    blockedShips: blocked,
    clearShips: clear,
    blocker: ok ? null : firstBlocker,
  };
}

function better(a: LineVerdict, b: LineVerdict): boolean {
  if (!a.blockedBy !== !b.blockedBy) return !a.blockedBy;
  return a.obscurers.length < b.obscurers.length;
}

/** A readable account: "clear", "-1 (partly blocked by b-sq3)", "blocked by b-sq3". */
export function describeLos(l: LosResult): string {
  if (!l.ok) return `line of sight blocked by ${l.blocker ?? "an enemy squadron"}`;
  if (l.penalty === 0) return "line of sight clear";
  const bits: string[] = [];
  if (l.obscurers.length) bits.push(`${l.blockedShips > 0 ? "partly blocked/obscured" : "obscured"} by ${l.obscurers.join(", ")}`);
  if (l.cover) bits.push(`target in cover (${l.cover})`);
  return `line of sight -${l.penalty} (${bits.join("; ")})`;
}
