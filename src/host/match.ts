/**
 * Bot matches: the measurement of a ruleset's bots (tests and bench). In game g
 * (seeds 1..games) the seat at index (g - 1) mod seats plays `hero` and every
 * other seat `opponent`; the ruleset's own `verdict` scores the hero's seat.
 */
import type { AnyRuleset, SeatId } from "../core/ruleset.js";
import { HostError } from "./errors.js";
import { newGame } from "./lifecycle.js";
import { playInMemory } from "./play.js";

export interface Tally {
  win: number;
  draw: number;
  loss: number;
}

export function measure(
  ruleset: AnyRuleset,
  scenario: string,
  hero: string,
  opponent: string,
  games: number,
  steps: number,
  verdict: (state: unknown, seat: SeatId) => keyof Tally,
): Tally {
  const tally: Tally = { win: 0, draw: 0, loss: 0 };
  for (let g = 1; g <= games; g++) {
    const made = newGame({ id: `match-${g}`, ruleset, scenario, inputs: {}, seed: g });
    if (!made.ok) throw new HostError("invalid-game", made.error.map((p) => p.message).join("; "));
    const seats: SeatId[] = ruleset.seats(made.value.state);
    const heroSeat = seats[(g - 1) % seats.length] as SeatId;
    const bots = Object.fromEntries(seats.map((s) => [s, s === heroSeat ? hero : opponent]));
    const r = playInMemory(ruleset, made.value, bots, steps);
    tally[verdict(r.record.state, heroSeat)]++;
  }
  return tally;
}
