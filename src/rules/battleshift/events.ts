/**
 * Battleshift events: every change of a step, as data (DESIGN.md principle 2).
 * Reports print `text`; the replay draws `fire`, `move` and `loss` events. An
 * event with `to` is seen only by those seats (a secret order sheet, a problem).
 */
import type { Problem } from "../../core/result.js";
import type { Point } from "./geometry.js";
import type { SideId } from "./model.js";

interface Base {
  /** Activation number it happened in (0 for the order sheet step). */
  act: number;
  turn: number;
  text: string;
  to?: SideId[];
}

export interface FireEvent extends Base {
  kind: "fire";
  side: SideId;
  weapon: string;
  from: string[];
  fromPos: Point[];
  target: string;
  targetPos: Point;
  dice: number;
  targeting: number;
  rolls: number[];
  hits: number;
  suppressed: boolean;
  shieldsUsed: number;
  damage: number;
  destroyed: number;
  disabled: number;
  damageTaken: number;
  shipsLeft: number;
}

export interface MoveEvent extends Base {
  kind: "move";
  side: SideId;
  squadron: string;
  start: Point;
  end: Point;
  facing: number;
}

export interface LossEvent extends Base {
  kind: "loss";
  side: SideId;
  squadron: string;
  ships: number;
  at: Point;
  /** destroyed, captured, abandoned, fighters */
  what: string;
}

export interface FlightEvent extends Base {
  kind: "flight";
  side: SideId;
  flight: string;
  path: Point[];
  wings: number;
}

export interface MissileEvent extends Base {
  kind: "missiles";
  side: SideId;
  from: Point;
  targetPos: Point;
  target: string;
  launched: number;
  arrived: number;
}

export interface ProblemEvent extends Base {
  kind: "problem";
  step: string;
  problem: Problem;
}

export interface NoteEvent extends Base {
  /** activation, initiative, sheet, arrive, shift, suppression, repair, vp, detach, board, end, lock, intercept, ... */
  kind: "note";
  what: string;
  side?: SideId;
  unit?: string;
  data?: Record<string, unknown>;
}

export type BsEvent = FireEvent | MoveEvent | LossEvent | FlightEvent | MissileEvent | ProblemEvent | NoteEvent;

/** May `seat` see this event? */
export function visibleTo(e: { to?: SideId[] }, seat: SideId): boolean {
  return !e.to || e.to.includes(seat);
}
