/** The empires' standings as a table (the end of a demo, a lobby): sectors, annexed, industrial centres, starships, treasury. */
import { type EmpireId, type GameState, INDEPENDENT } from "../model.js";
import { holdingsOf } from "../victory.js";

/** One empire's figures at one moment: what chapter 2's Headquarters lists as its holdings, and its treasury. */
export interface EmpireFigures {
  empire: EmpireId;
  name: string;
  defeated: boolean;
  sectors: number;
  annexed: number;
  industrialCentres: number;
  starships: number;
  treasury: number;
}

/** Every empire's figures in `state`, in id order (independents left out). */
export function empireFigures(state: GameState): EmpireFigures[] {
  const h = holdingsOf(state);
  const ships = new Map<string, number>();
  for (const u of Object.values(state.units)) {
    if (u.owner === INDEPENDENT) continue;
    ships.set(u.owner, (ships.get(u.owner) ?? 0) + u.ships.reduce((n, s) => n + s.count, 0));
  }
  return Object.values(state.empires)
    .filter((e) => e.id !== INDEPENDENT)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => ({
      empire: e.id,
      name: e.name,
      defeated: e.defeated,
      sectors: h[e.id]?.sectors ?? 0,
      annexed: h[e.id]?.annexed ?? 0,
      industrialCentres: h[e.id]?.industrialCentres ?? 0,
      starships: ships.get(e.id) ?? 0,
      treasury: e.treasury,
    }));
}

/** Sectors, annexed, industrial centres, starships and treasury per empire, most sectors first. */
export function empireTable(state: GameState): string {
  const rows = empireFigures(state)
    .map((f) => ({
      name: f.defeated ? `${f.name} (defeated)` : f.name,
      sectors: f.sectors,
      annexed: f.annexed,
      centres: f.industrialCentres,
      ships: f.starships,
      treasury: Math.round(f.treasury),
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
