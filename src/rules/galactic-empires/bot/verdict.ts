/**
 * How a bot game is scored (the bot matches of src/host/match.ts, tests and
 * bench): by sectors owned at the end of the game.
 */
import { type EmpireId, type GameState, INDEPENDENT } from "../model.js";

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
