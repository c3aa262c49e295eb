/**
 * Battleshift events: every change of a step, as data (DESIGN.md principle 2).
 * Reports print `text`; the replay draws `fire`, `move` and `loss` events. An
 * event with `to` is seen only by those seats (a secret order sheet, a problem).
 */
import type { Problem } from "../../core/result.js";
import type { Point } from "./geometry.js";
import type { SideId } from "./model.js";

/**
 * Dice rolled for one purpose. Every die a step rolls is in the `rolled` of one of its events, in the order rolled
 * (the audit test counts them against the generator), and the event's text shows each group as `[a,b,c]`.
 */
export interface Roll {
  /** What they were rolled for: "to hit", "shields", "destruction tests", "dodges", "initiative (blue)", ... */
  what: string;
  rolls: number[];
  /** A die succeeds on this or less, when one number decides (absent for opposed rolls and sums). */
  need?: number;
  /** Faces: absent for a d6, 3 for a d3. */
  sides?: 3;
}

interface Base {
  /** Activation number it happened in (0 for the order sheet step). */
  act: number;
  turn: number;
  text: string;
  to?: SideId[];
  /** The dice behind it, in the order rolled (absent when none were rolled). */
  rolled?: Roll[];
}

export interface FireEvent extends Base {
  kind: "fire";
  side: SideId;
  weapon: string;
  /** Who fired, as a report names it: the squadrons ("a-s1+a-s2"), a planet's quadrant, or the hazard. */
  firer: string;
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

/** A group of dice: empty groups are left out of events. */
export function roll(what: string, rolls: readonly number[], need?: number, sides?: 3): Roll {
  return { what, rolls: [...rolls], ...(need !== undefined ? { need } : {}), ...(sides ? { sides } : {}) };
}

/** `{ rolled }` for an event, with the groups that rolled any dice; `{}` when none did. */
export function rolledField(...groups: readonly Roll[]): { rolled?: Roll[] } {
  const rolled = groups.filter((g) => g.rolls.length > 0);
  return rolled.length > 0 ? { rolled } : {};
}

/** The dice as a report prints them: "[1,4,6]". */
export function diceList(rolls: readonly number[]): string {
  return `[${rolls.join(",")}]`;
}

/** May `seat` see this event? */
export function visibleTo(e: { to?: SideId[] }, seat: SideId): boolean {
  return !e.to || e.to.includes(seat);
}
