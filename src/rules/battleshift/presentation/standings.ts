/** The sides' standings as a table (the end of a bot battle, a lobby): victory points, ships and squadrons left. */
import { type BattleState, sideIds, squadronList } from "../model.js";

export function standings(state: BattleState): string {
  const rows = sideIds(state).map((id) => {
    const side = state.sides[id];
    const squadrons = squadronList(state).filter((sq) => sq.side === id && sq.location !== "gone");
    const ships = squadrons.reduce((n, sq) => n + sq.ships.length, 0);
    return [`${side?.name ?? id} (${id})`, String(side?.vp ?? 0), String(squadrons.length), String(ships), String(side?.points ?? 0)];
  });
  const head = ["side", "VP", "squadrons", "ships", "points"];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width[i] ?? 0) : c.padStart(width[i] ?? 0))).join("  ");
  const out = [line(head), line(width.map((w) => "-".repeat(w))), ...rows.map(line)];
  out.push(state.outcome ? `The battle is over: ${state.outcome.reason}.` : `Turn ${state.turn}, step ${state.step}: the battle goes on.`);
  return out.join("\n");
}
