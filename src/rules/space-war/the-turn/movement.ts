/**
 * S7 - Movement (seed 001 l.466-500): how far a craft moves by its operating Engines, and when it may turn.
 *
 * | Vessel  | Engines (E)   | turns before movement     | 6" one Engine, 12" two, 18" three or more |
 * | Vessel  | Thrusters (T) | turns after movement      |                                           |
 * | Fighter | Engines (E)   | turns before and after    | 9" one Engine, 18" two or more            |
 *
 * Ruling C.30: the figure is the most a craft moves, in a straight line; a turn is a pivot to any heading at the
 * permitted time. Movement itself (S7) is the next sessions'.
 */
import type { CraftType } from "../designing-craft/modules.js";

/** Inches moved by operating engines (l.480-484, l.498-500), one entry per number of engines from 0. */
export const MOVEMENT_ALLOWANCE: Readonly<Record<CraftType, readonly number[]>> = {
  vessel: [0, 6, 12, 18],
  fighter: [0, 9, 18],
};

/** The most inches a craft moves with `engines` operating Engine modules. */
export function movementAllowance(type: CraftType, engines: number): number {
  const row = MOVEMENT_ALLOWANCE[type];
  if (engines <= 0) return 0;
  return row[Math.min(engines, row.length - 1)] ?? 0;
}

/** When a craft may turn (l.472-496): before moving with an operating Engine; after with a Thruster (vessel) or always (fighter). */
export function turnsAllowed(type: CraftType, engines: number, thrusters: number): { before: boolean; after: boolean } {
  if (type === "fighter") return { before: engines > 0, after: engines > 0 };
  return { before: engines > 0, after: thrusters > 0 };
}

/** "A Vessel with at least one operating Thruster or Engine module is powered else is Un-powered" (l.627; ruling C.3: fighters too). */
export const isPowered = (engines: number, thrusters: number): boolean => engines + thrusters > 0;
