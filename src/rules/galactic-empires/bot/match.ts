/**
 * All-bot games, in memory: the measurement of the bots (test and bench) and the
 * building block of `starhost demo`. Every seat's orders come from its bot, with a
 * generator made from the game seed, the turn and the seat, so a game is a pure
 * function of its scenario, seed and seating.
 */
import { Rng } from "../../../core/rng.js";
import { galacticEmpires } from "../index.js";
import { type EmpireId, type GameState, INDEPENDENT } from "../model.js";
import type { Orders } from "../orders.js";
import { BOTS, type BotLevel } from "./index.js";

/** The generator a seat's bot gets for one turn. */
export function botRng(seed: number, turn: number, seat: EmpireId): Rng {
  return Rng.forTurn(seed, turn, `bot:${seat}`);
}

/** Every awaited seat's orders from its bot. */
export function botOrders(state: GameState, levels: Record<EmpireId, BotLevel>): Record<EmpireId, Orders> {
  const out: Record<EmpireId, Orders> = {};
  for (const seat of galacticEmpires.awaiting(state)) {
    const level = levels[seat];
    if (!level) continue;
    out[seat] = BOTS[level](state, seat, botRng(state.seed, state.turn, seat));
  }
  return out;
}

export interface MatchResult {
  state: GameState;
  turnsPlayed: number;
  outcome: ReturnType<typeof galacticEmpires.outcome>;
}

/** Play up to `turns` turns (fewer if the game ends). */
export function playMatch(start: GameState, levels: Record<EmpireId, BotLevel>, turns: number): MatchResult {
  let state = start;
  let played = 0;
  for (; played < turns; played++) {
    if (galacticEmpires.outcome(state)) break;
    const orders = botOrders(state, levels);
    state = galacticEmpires.resolve(state, orders, Rng.forTurn(state.seed, state.turn)).state;
  }
  return { state, turnsPlayed: played, outcome: galacticEmpires.outcome(state) };
}

/** Sectors owned by each empire (independents left out). */
export function sectorCounts(state: GameState): Record<EmpireId, number> {
  const out: Record<EmpireId, number> = {};
  for (const id of Object.keys(state.empires).sort()) out[id] = 0;
  for (const s of state.sectors) if (s.owner !== INDEPENDENT && out[s.owner] !== undefined) out[s.owner] = (out[s.owner] ?? 0) + 1;
  return out;
}

/**
 * "Beats": at the end of the game (its outcome, or the last turn played) the seat
 * owns more sectors than every other empire; "draw": as many as the best of them;
 * "loss": fewer.
 */
export function verdict(state: GameState, seat: EmpireId): "win" | "draw" | "loss" {
  const counts = sectorCounts(state);
  const mine = counts[seat] ?? 0;
  let best = 0;
  for (const [e, n] of Object.entries(counts)) if (e !== seat) best = Math.max(best, n);
  return mine > best ? "win" : mine === best ? "draw" : "loss";
}

export interface Tally {
  win: number;
  draw: number;
  loss: number;
}

/**
 * The measurement: `games` games of `scenario`, seeds 1..games; in game g the
 * seat at index (g - 1) mod seats plays `hero`, every other seat `opponent`.
 */
export function measure(scenario: string, hero: BotLevel, opponent: BotLevel, games: number, turns: number): Tally {
  const tally: Tally = { win: 0, draw: 0, loss: 0 };
  const sc = galacticEmpires.scenarios[scenario];
  if (!sc) throw new Error(`no scenario ${scenario}`);
  for (let g = 1; g <= games; g++) {
    const state = sc.create(g, {});
    const seats = galacticEmpires.seats(state);
    const heroSeat = seats[(g - 1) % seats.length] as EmpireId;
    const levels: Record<EmpireId, BotLevel> = {};
    for (const s of seats) levels[s] = s === heroSeat ? hero : opponent;
    const r = playMatch(state, levels, turns);
    tally[verdict(r.state, heroSeat)]++;
  }
  return tally;
}
