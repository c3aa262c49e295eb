/**
 * What happens in a Space War campaign, as events (core/events.ts): each names the step of the rules it happened in
 * ("game 2, turn 3, blue S9 Shoot"), who may see it (everyone, unless hidden information is involved: a face-down
 * counter's moves, a card not yet revealed, a design the enemy has not seen), and carries the dice it rolled so a
 * player can audit every roll.
 */
import type { GameEvent } from "../../core/events.js";
import type { SeatId } from "../../core/ids.js";

/** One roll: a d6 (or 2d6 for a nuke in contact, l.462), what came up, what it was for and the score it needed. */
export interface Roll {
  die: "d6" | "2d6";
  value: number;
  /** What it was for: "laser blue-2 at red-5". */
  for: string;
  /** The roll succeeds at or over this (ruling "The 2+ cap": never below 2); absent when it is not a test. */
  need?: number;
}

export interface SxEvent extends GameEvent {
  /**
   * "designed", "bought", "card-drawn", "card-revealed", "scenario", "deployed", "turn", "hits-resolved",
   * "damaged", "destroyed", "gave-up", "launched", "retrieved", "tractored", "captured", "nuked", "moved",
   * "rammed", "shot", "repaired", "rearmed", "spotted", "battle-over", "medal", "medal-lost", "campaign-over", "problem".
   */
  kind: string;
  /** The game of the campaign (1 the first). */
  game: number;
  /** The battle's turn, while one is fought. */
  turn?: number;
  /** The craft concerned. */
  craft?: string[];
  rolls?: Roll[];
  /** The order it carried out, as problems name it ("#3 shoot blue-2"): the check shows it against that order. */
  order?: string;
}

/** An event; `to` omitted: everyone sees it. */
export function sxEvent(
  kind: string,
  where: { game: number; turn?: number; step: string },
  text: string,
  extra: { craft?: string[]; rolls?: Roll[]; to?: SeatId[]; order?: string } = {},
): SxEvent {
  return { kind, game: where.game, ...(where.turn === undefined ? {} : { turn: where.turn }), step: where.step, text, ...extra };
}
