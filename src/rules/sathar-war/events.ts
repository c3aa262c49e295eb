/**
 * What happens in a campaign, as events (core/events.ts): each names the step of the rules it happened in, who may
 * see it (everyone, unless hidden information is involved: the Sathar's retreat condition, mines and seekers, the
 * Sathar's reserve), and carries the dice it rolled so a player can audit every roll.
 */
import type { GameEvent } from "../../core/events.js";
import type { SeatId } from "../../core/ids.js";

/** One die rolled: which (d10: 1..10, a 0 read as 10; d100: 1..100, 00 read as 100), what came up, and what it needed. */
export interface Roll {
  die: "d10" | "d100" | "2d10" | "3d10" | "4d10" | "5d10";
  value: number;
  /** What it was for: "safe jump for TFC-BB1, TFC-DD1 (90%)". */
  for: string;
  /** The roll succeeds at or under this (a chance in percent, d100), when it is a test. */
  needed?: number;
}

export interface SwEvent extends GameEvent {
  /** "placed", "moved", "misjumped", "nova-placed", "attack-declared", "battle", "destroyed", "escaped", "rearmed",
   * "repaired", "replaced", "stranded", "retreat", "victory", "day", "note", "problem". */
  kind: string;
  day: number;
  /** The ships concerned. */
  ships?: string[];
  /** Dice rolled for it. */
  rolls?: Roll[];
}

/** An event of a day's named step. `to` omitted: everyone sees it. */
export function swEvent(
  kind: string,
  day: number,
  step: string,
  text: string,
  extra: { ships?: string[]; rolls?: Roll[]; to?: SeatId[] } = {},
): SwEvent {
  return { kind, day, step, text, ...extra };
}
