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
 */
import { angleDiff, type Point } from "./geometry.js";
import type { BattleState, Squadron } from "./model.js";
import { coherency } from "./movement.js";

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
}

export function coneLine(ships: readonly Point[], facing: number, shipRadius: number): ConeLine {
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
  return { origin, facing, halfWidth: (maxC - minC) / 2 + shipRadius, mouth: maxA - minA };
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
  if (along < -1e-9 || along > range + 1e-9 || across > line.halfWidth + 1e-9) return null;
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

/** The formation a squadron holds now: none when the option is off or too few active ships are left to hold it. */
export function formationOf(state: BattleState, sq: Squadron): Formation | null {
  const f = sq.formation ?? null;
  if (!f || state.settings.formations !== true) return null;
  return sq.ships.filter((s) => !s.disabled).length >= FORMATION_MIN_SHIPS[f] ? f : null;
}
