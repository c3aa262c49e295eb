/** The empires' standings as a table (the end of a demo, a lobby): sectors, annexed, industrial centres, starships, treasury. */
import { type GameState, INDEPENDENT } from "../model.js";
import { holdingsOf } from "../victory.js";

/** Sectors, annexed, industrial centres, starships and treasury per empire, most sectors first. */
export function empireTable(state: GameState): string {
  const h = holdingsOf(state);
  const ships = new Map<string, number>();
  for (const u of Object.values(state.units)) {
    if (u.owner === INDEPENDENT) continue;
    ships.set(u.owner, (ships.get(u.owner) ?? 0) + u.ships.reduce((n, s) => n + s.count, 0));
  }
  const rows = Object.values(state.empires)
    .map((e) => ({
      name: e.defeated ? `${e.name} (defeated)` : e.name,
      sectors: h[e.id]?.sectors ?? 0,
      annexed: h[e.id]?.annexed ?? 0,
      centres: h[e.id]?.industrialCentres ?? 0,
      ships: ships.get(e.id) ?? 0,
      treasury: Math.round(e.treasury),
    }))
    .sort((a, b) => b.sectors - a.sectors || b.centres - a.centres || (a.name < b.name ? -1 : 1));
  const independent = state.sectors.filter((s) => s.owner === INDEPENDENT).length;
  const head = ["empire", "sectors", "annexed", "industrial centres", "starships", "treasury"];
  const body = rows.map((r) => [r.name, r.sectors, r.annexed, r.centres, r.ships, r.treasury].map(String));
  const width = head.map((hd, i) => Math.max(hd.length, ...body.map((b) => (b[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width[i] ?? 0) : c.padStart(width[i] ?? 0))).join("  ");
  return [
    line(head),
    line(width.map((w) => "-".repeat(w))),
    ...body.map(line),
    `(${independent} of ${state.sectors.length} sectors still independent)`,
  ].join("\n");
}
