/**
 * Formations (seed 004, "Formations (experimental rules)"; setting `formations`,
 * off by default; RULINGS "Formations").
 *
 * "A squadron may adopt a formation only when it moves, and may only break
 * formation during a later movement. A squadron cannot battleshift into space in a
 * particular formation, but may battleshift out of space from a formation."
 *
 * - Cone (minimum of 5 ships): "Each ship must be no more than 1" from another
 *   ship. This limits the squadron's Heavy Battery field of fire into a straight
 *   line directly in front of the mouth of the cone. This concentration of fire
 *   affects ALL squadrons (friend and foe) within this line of fire, though at a -1
 *   to hit penalty. The cone may move its normal distance, but can only make a
 *   single 45 degree turn at the end of its movement."
 * - Ring (minimum of 2 ships): "360 degrees of fire with their heavy weapons. All
 *   ships are placed in a circle, no more than 1" from another ship in the squadron.
 *   The squadron loses 12" of movement ... though they can move in any direction.
 *   ... it cannot cause suppression with any battery weapons. When the squadron
 *   breaks formation, it can leave with any facing."
 * - The full-taskforce cone: "A full taskforce may also adopt this formation, which
 *   widens its aperture and can affect a wider area of space." (RULINGS "The
 *   full-taskforce cone": every squadron of the taskforce in the cone, 5 ships in
 *   all, one 1" chain; the line of fire is as wide as the whole taskforce.)
 */
import { angleDiff, coherency, type Point } from "../geometry.js";
import type { BattleState, Ship, Squadron, Taskforce } from "../model.js";

export type Formation = "cone" | "ring";

export const FORMATION_MIN_SHIPS: Record<Formation, number> = { cone: 5, ring: 2 };
/** "no more than 1" from another ship". */
export const FORMATION_SPACING = 1;
/** Ring: "The squadron loses 12" of movement". */
export const RING_MOVE_LOSS = 12;
/** Cone: "a single 45 degree turn at the end of its movement". */
export const CONE_TURN = 45;
/** Cone fire: "a -1 to hit penalty". */
export const CONE_PENALTY = 1;
/** The full-taskforce cone: the squadron cone's "minimum of 5 ships", counted over the whole taskforce. */
export const TASKFORCE_CONE_MIN = 5;
/** Setting `taskforceCone: "wedge"`: the wider aperture as a 45 degree wedge (22.5 degrees either side of the facing). */
export const WEDGE_HALF_ANGLE = 22.5;

/** Why these ship positions cannot hold the formation, or null when they can. */
export function formationFault(f: Formation, points: readonly Point[]): string | null {
  const min = FORMATION_MIN_SHIPS[f];
  if (points.length < min) return `a ${f} needs at least ${min} active ships; the squadron has ${points.length}`;
  // Every ship within 1" of another: a chain of 1" links (the widest gap of the spanning tree).
  const c = coherency(points, 0, FORMATION_SPACING);
  if (!c.ok)
    return `in a ${f} each ship must be no more than ${FORMATION_SPACING}" from another; a gap of ${Math.round(c.chainGap * 100) / 100}" breaks it`;
  return null;
}

/**
 * The cone's line of fire: the strip straight ahead of the cone along its facing,
 * as wide as the cone is across (its ships' spread at right angles to the facing,
 * plus a ship's base either side), from the cone's rearmost ship forward to `range`.
 */
export interface ConeLine {
  origin: Point;
  facing: number;
  halfWidth: number;
  /** Along-facing distance of the cone's foremost ship from the origin. */
  mouth: number;
  /** Degrees the line widens either side as it goes out (0: a straight strip; the taskforce wedge setting: 22.5). */
  flare?: number;
}

export function coneLine(ships: readonly Point[], facing: number, shipRadius: number, flare = 0): ConeLine {
  const rad = (facing * Math.PI) / 180;
  const fx = Math.sin(rad);
  const fy = -Math.cos(rad);
  let minA = Number.POSITIVE_INFINITY;
  let maxA = Number.NEGATIVE_INFINITY;
  let minC = Number.POSITIVE_INFINITY;
  let maxC = Number.NEGATIVE_INFINITY;
  for (const s of ships) {
    const a = s.x * fx + s.y * fy;
    const c = s.x * -fy + s.y * fx;
    minA = Math.min(minA, a);
    maxA = Math.max(maxA, a);
    minC = Math.min(minC, c);
    maxC = Math.max(maxC, c);
  }
  const midC = (minC + maxC) / 2;
  // Origin: on the centre line at the rearmost ship.
  const origin = { x: minA * fx + midC * -fy, y: minA * fy + midC * fx };
  return { origin, facing, halfWidth: (maxC - minC) / 2 + shipRadius, mouth: maxA - minA, ...(flare > 0 ? { flare } : {}) };
}

/** Distance along the cone's line from its mouth to `p`, or null when `p` is not in the line within `range` of the mouth. */
export function inConeLine(line: ConeLine, p: Point, range: number): number | null {
  const rad = (line.facing * Math.PI) / 180;
  const fx = Math.sin(rad);
  const fy = -Math.cos(rad);
  const dx = p.x - line.origin.x;
  const dy = p.y - line.origin.y;
  const along = dx * fx + dy * fy - line.mouth;
  const across = Math.abs(dx * -fy + dy * fx);
  const half = line.halfWidth + Math.max(0, along) * Math.tan(((line.flare ?? 0) * Math.PI) / 180);
  if (along < -1e-9 || along > range + 1e-9 || across > half + 1e-9) return null;
  return along;
}

/** Does a cone's heavy fire reach a ship of `target`? Returns the nearest distance along the line, or null. */
export function coneReaches(line: ConeLine, target: Squadron, range: number): number | null {
  let best: number | null = null;
  for (const s of target.ships) {
    const d = inConeLine(line, s, range);
    if (d !== null && (best === null || d < best)) best = d;
  }
  return best;
}

/** Cone movement: straight ahead (the direction of movement is the facing) and one turn of at most 45 degrees at the end. */
export function coneMoveFault(oldFacing: number, headings: readonly number[], newFacing: number): string | null {
  for (const h of headings) {
    const off = Math.abs(angleDiff(oldFacing, h));
    if (off > 0.5)
      return `a cone moves straight ahead: bearing ${Math.round(h * 100) / 100} is ${Math.round(off * 100) / 100} degrees off its facing ${Math.round(oldFacing * 100) / 100}`;
  }
  const turn = Math.abs(angleDiff(oldFacing, newFacing));
  if (turn > CONE_TURN + 0.01)
    return `a cone makes a single turn of at most ${CONE_TURN} degrees at the end of its move; ${Math.round(turn * 100) / 100} asked`;
  return null;
}

/**
 * The formation a squadron holds now: none when the option is off or too few active ships are left to hold it.
 * A squadron of a taskforce in cone holds the cone while the taskforce's cone has its 5 ships in all.
 */
export function formationOf(state: BattleState, sq: Squadron): Formation | null {
  const f = sq.formation ?? null;
  if (!f || state.settings.formations !== true) return null;
  if (f === "cone" && taskforceConeOf(state, sq)) return "cone";
  return sq.ships.filter((s) => !s.disabled).length >= FORMATION_MIN_SHIPS[f] ? f : null;
}

/** The taskforce whose full cone this squadron is part of (the cone still holding 5 active ships in all), or null. */
export function taskforceConeOf(state: BattleState, sq: Squadron): Taskforce | null {
  if (sq.formation !== "cone" || !sq.taskforce || state.settings.formations !== true) return null;
  const tf = state.taskforces[sq.taskforce];
  if (tf?.formation !== "cone") return null;
  return taskforceConeShips(state, tf).length >= TASKFORCE_CONE_MIN ? tf : null;
}

/** The squadrons of a taskforce's cone: its squadrons on the table that carry the cone. */
export function taskforceConeSquadrons(state: BattleState, tf: Taskforce): Squadron[] {
  return Object.keys(state.squadrons)
    .sort()
    .map((k) => state.squadrons[k] as Squadron)
    .filter((q) => q.taskforce === tf.id && q.formation === "cone" && q.location === "table" && q.ships.length > 0);
}

export function taskforceConeShips(state: BattleState, tf: Taskforce): Ship[] {
  return taskforceConeSquadrons(state, tf).flatMap((q) => q.ships.filter((s) => !s.disabled));
}

/**
 * The cone a squadron's heavy fire goes down: its own ships (`own`, where they are as it fires), or, in a
 * full-taskforce cone, every active ship of the taskforce's cone ("widens its aperture"), straight or as a
 * 45 degree wedge (setting `taskforceCone`). `members`: the squadrons that make up the cone (never swept).
 */
export function coneOf(state: BattleState, sq: Squadron, own: readonly Point[], facing: number): { line: ConeLine; members: Set<string> } {
  const tf = taskforceConeOf(state, sq);
  if (!tf) return { line: coneLine(own, facing, state.settings.shipRadius), members: new Set([sq.id]) };
  const flare = state.settings.taskforceCone === "wedge" ? WEDGE_HALF_ANGLE : 0;
  return {
    line: coneLine(taskforceConeShips(state, tf), facing, state.settings.shipRadius, flare),
    members: new Set(taskforceConeSquadrons(state, tf).map((q) => q.id)),
  };
}

/**
 * Why the squadrons of a taskforce cannot hold a full cone at these positions, or null: 5 active ships in all,
 * "Each ship must be no more than 1" from another ship" over the whole taskforce, and one facing (the cone's mouth
 * faces "the forward movement direction"; squadrons facing apart make no one mouth).
 */
export function taskforceConeFault(squadrons: readonly Squadron[]): string | null {
  const ships = squadrons.flatMap((q) => q.ships.filter((s) => !s.disabled));
  if (ships.length < TASKFORCE_CONE_MIN)
    return `a taskforce cone needs at least ${TASKFORCE_CONE_MIN} active ships in all; the taskforce has ${ships.length}`;
  const first = squadrons[0] as Squadron;
  for (const q of squadrons) {
    const off = Math.abs(angleDiff(first.facing, q.facing));
    if (off > 0.5)
      return `every squadron of a taskforce cone faces one way: ${q.id} faces ${Math.round(q.facing * 100) / 100}, ${first.id} ${Math.round(first.facing * 100) / 100} (${Math.round(off * 100) / 100} degrees apart)`;
  }
  const c = coherency(ships, 0, FORMATION_SPACING);
  if (!c.ok)
    return `in a taskforce cone each ship must be no more than ${FORMATION_SPACING}" from another ship of the taskforce; a gap of ${Math.round(c.chainGap * 100) / 100}" breaks it`;
  return null;
}
