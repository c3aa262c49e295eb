/**
 * The galaxy as an SVG picture a player would print: chapter 3 "The Map" on
 * paper. Pure: a view (or, for the game master, the whole state) in, a string out.
 *
 *  - Sectors are drawn as the regions nearest their point (Voronoi cells) "lined
 *    by golden borders", filled with the owner's colour (its "banner"); a sector
 *    annexed to its owner ("a golden base under the ownership banner") is filled
 *    solid, one owned but not annexed is hatched. Independents are left plain.
 *  - Borders between sectors are thin lanes from centre to centre; barrier
 *    borders are thick bars across the lane (chapter 3, "Barriers" prints them
 *    blue: here they are charcoal with a white core, so they never read as the blue
 *    of your own starships; RULINGS.md "The printed map").
 *  - Banners (galaxy/colours.ts) are chosen so that neighbours differ for
 *    colour-blind readers too; each empire's name is written across its largest
 *    territory, so a colour used twice is never ambiguous.
 *  - Each sector shows its tax revenue above its id and its damage as red pips;
 *    the ids of the units under each starship badge (where cells have room).
 *  - An industrial centre is "represented by a planet icon"; a sector defence
 *    "with a 3 means that there are Level 3 defenses" (chapter 3, "Map Options").
 *  - Starships: "Starships you own are shown with a blue base ... Foreign
 *    starships are shown with a red base", with "the number of starships at the
 *    location" (chapter 3, "Starships"). The game master's map shows one badge
 *    per owner in the owner's colour instead.
 *  - Last turn's battles are marked with a burst, on the sector or on the border.
 *  - Sectors the empire did not see this turn are stippled (chapter 5: "sectors
 *    with a skull and cross-bones ... did not receive a scouting report").
 *
 * An empire's map is drawn from `viewFor` only, so it can show nothing the view
 * does not hold (no cloaked or unseen foreign forces).
 */
import { CSS_COLOUR_NAMES } from "../../../core/colour.js";
import { showPlain } from "../../../core/text.js";
import { shipType, starshipType } from "../catalog.js";
import type { GeEvent } from "../events.js";
import { FILL_TINT, INDEPENDENT_FILL } from "../galaxy/colours.js";
import {
  type Admiral,
  type Border,
  type EmpireId,
  type GameState,
  INDEPENDENT,
  type PublicSector,
  publicSector,
  type SectorId,
  type Unit,
} from "../model.js";
import { type EmpireView, viewFor } from "../view.js";

export interface MapSvgOptions {
  /** Title line (default: the game's name and turn). */
  title?: string;
  /** Width of the map area in pixels (default 1500). */
  width?: number;
}

/** Drawing data, the same for an empire's view and the game master's. */
interface MapModel {
  title: string;
  subtitle: string;
  perspective: EmpireId | null;
  empires: { id: EmpireId; name: string; colour: string }[];
  sectors: MapSector[];
  borders: readonly Border[];
  forces: Map<SectorId, Badge[]>;
  battles: { sectors: SectorId[]; where: string; step: string }[];
}

interface MapSector extends PublicSector {
  industrial: boolean;
  defence: number;
  defenceDamage: number | null;
  damage: number | null;
  seen: boolean;
}

interface Badge {
  fill: string;
  count: number;
  title: string;
  /** The units counted, by id (printed under the badge where there is room). */
  ids: string[];
}

const OWN = "#1f5fbf";
const FOREIGN = "#c62828";
const GOLD = "#b8912a";
/** Barriers: charcoal bars with a white core, apart from the blue of your starships (and the red of foreign ones). */
const BARRIER = "#2b2b2b";
const LANE = "#a99f8c";
const REVENUE = "#6b5200";
const DAMAGE = "#e65100";

/** An empire's map (from its view) or, without `empire`, the game master's map of everything. */
export function mapSvg(state: GameState, opts: MapSvgOptions & { empire?: EmpireId; events?: readonly GeEvent[] } = {}): string {
  if (opts.empire !== undefined) return viewMapSvg(viewFor(state, opts.empire, opts.events ?? []), opts);
  return gmMapSvg(state, opts.events ?? [], opts);
}

/** An empire's map from its view: only what the view holds. */
export function viewMapSvg(view: EmpireView, opts: MapSvgOptions = {}): string {
  const empires = [
    { id: view.me.id, name: view.me.name, colour: view.me.colour },
    ...view.empires.map((e) => ({ id: e.id, name: e.name, colour: e.colour })),
  ];
  const forces = new Map<SectorId, Badge[]>();
  const own = new Map<SectorId, { count: number; lines: string[]; best: string | null; ids: string[] }>();
  const ownAdmirals = new Map(view.admirals.map((a) => [a.id, a]));
  for (const u of view.units) {
    const n = u.ships.reduce((t, s) => t + s.count, 0);
    if (n === 0 && u.admirals.length === 0) continue;
    const e = own.get(u.sector) ?? { count: 0, lines: [], best: null, ids: [] };
    e.count += n;
    e.ids.push(u.id);
    e.lines.push(`${u.id} ${u.name}: ${shipsText(u.ships)}${admiralsText(u, ownAdmirals)}${u.cloaked ? " (cloaked)" : ""}`);
    e.best = mostFormidable([e.best, ...u.ships.map((s) => s.type)]);
    own.set(u.sector, e);
  }
  const foreign = new Map<SectorId, { count: number; lines: string[]; best: string | null; ids: string[] }>();
  const nameOf = new Map(empires.map((e) => [e.id, e.name]));
  for (const u of view.foreignUnits) {
    const n = u.ships.reduce((t, s) => t + s.count, 0);
    const e = foreign.get(u.sector) ?? { count: 0, lines: [], best: null, ids: [] };
    e.count += n;
    e.ids.push(u.id);
    e.lines.push(
      `${u.id} ${u.name} (${u.owner === INDEPENDENT ? "independent" : (nameOf.get(u.owner) ?? u.owner)}): ${shipsText(u.ships)}`,
    );
    e.best = mostFormidable([e.best, ...u.ships.map((s) => s.type)]);
    foreign.set(u.sector, e);
  }
  for (const [sid, e] of own)
    push(forces, sid, {
      fill: OWN,
      count: e.count,
      title: `Your starships: ${e.count}${bestText(e.best)}\n${e.lines.join("\n")}`,
      ids: e.ids,
    });
  for (const [sid, e] of foreign)
    push(forces, sid, {
      fill: FOREIGN,
      count: e.count,
      title: `Foreign starships: ${e.count}${bestText(e.best)}\n${e.lines.join("\n")}`,
      ids: e.ids,
    });
  const model: MapModel = {
    title: opts.title ?? `${view.game} - turn ${view.turn}`,
    subtitle: `As seen by ${view.me.name} (${view.me.ruler}). Foreign forces are shown where you scouted this turn.`,
    perspective: view.empire,
    empires,
    sectors: view.sectors.map((s) => ({
      ...publicSector(s),
      industrial: s.industrialCentre,
      defence: s.defenceLevel,
      defenceDamage: s.defenceDamage,
      damage: s.damage,
      seen: s.seen,
    })),
    borders: view.borders,
    forces,
    battles: battlesOf(view.events, view.sectors),
  };
  return render(model, opts);
}

/** The game master's map: every sector and every unit, cloaked or not. */
export function gmMapSvg(state: GameState, events: readonly GeEvent[], opts: MapSvgOptions = {}): string {
  const empires = Object.values(state.empires)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((e) => ({ id: e.id, name: e.name, colour: e.colour }));
  const colour = new Map(empires.map((e) => [e.id, e.colour]));
  const name = new Map(empires.map((e) => [e.id, e.name]));
  const bySector = new Map<SectorId, Map<EmpireId, { count: number; lines: string[]; best: string | null; ids: string[] }>>();
  const admirals = new Map(Object.entries(state.admirals));
  const units = Object.values(state.units).sort((a, b) => compareIds(a.id, b.id));
  for (const u of units) {
    const n = u.ships.reduce((t, s) => t + s.count, 0);
    if (n === 0 && u.admirals.length === 0) continue;
    const m = bySector.get(u.sector) ?? new Map();
    const e = m.get(u.owner) ?? { count: 0, lines: [], best: null, ids: [] };
    e.count += n;
    e.ids.push(u.id);
    e.lines.push(`${u.id} ${u.name}: ${shipsText(u.ships)}${admiralsText(u, admirals)}${u.cloaked ? " (cloaked)" : ""}`);
    e.best = mostFormidable([e.best, ...u.ships.map((s) => s.type)]);
    m.set(u.owner, e);
    bySector.set(u.sector, m);
  }
  const forces = new Map<SectorId, Badge[]>();
  for (const [sid, m] of bySector) {
    for (const owner of [...m.keys()].sort()) {
      const e = m.get(owner);
      if (!e) continue;
      const who = owner === INDEPENDENT ? "Independent" : (name.get(owner) ?? owner);
      push(forces, sid, {
        fill: owner === INDEPENDENT ? "#6d6d6d" : darken(colour.get(owner) ?? "#888888", 0.25),
        count: e.count,
        title: `${who}: ${e.count} starships${bestText(e.best)}\n${e.lines.join("\n")}`,
        ids: e.ids,
      });
    }
  }
  const model: MapModel = {
    title: opts.title ?? `${state.name} - turn ${state.turn}`,
    subtitle: "Game master's map: every sector and every force, cloaked or not.",
    perspective: null,
    empires,
    sectors: state.sectors.map((s) => ({
      ...publicSector(s),
      industrial: s.industry !== null,
      defence: s.defence.level,
      defenceDamage: s.defence.damage,
      damage: s.damage,
      seen: true,
    })),
    borders: state.borders,
    forces,
    battles: battlesOf(events, state.sectors),
  };
  return render(model, opts);
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

function compareIds(a: string, b: string): number {
  if (a[0] !== b[0]) return (a[0] ?? "") < (b[0] ?? "") ? -1 : 1;
  return Number(a.slice(1)) - Number(b.slice(1));
}

/** "; admirals General Martok (ADM1, leader)": the ids `leader` and `transferAdmiral` orders take. */
function admiralsText(u: Pick<Unit, "admirals" | "leader">, admirals: ReadonlyMap<string, Pick<Admiral, "id" | "name">>): string {
  if (u.admirals.length === 0) return "";
  const named = u.admirals.map((id) => `${admirals.get(id)?.name ?? "an admiral"} (${id}${u.leader === id ? ", leader" : ""})`);
  return `; admirals ${named.join(", ")}`;
}

function shipsText(ships: readonly { type: string; count: number }[]): string {
  const byType = new Map<string, number>();
  for (const s of ships) byType.set(s.type, (byType.get(s.type) ?? 0) + s.count);
  if (byType.size === 0) return "no starships";
  return [...byType].map(([t, c]) => `${c} ${starshipType(t)?.name ?? t}`).join(", ");
}

/** "The miniature will be for the most formidable starship there" (chapter 3): the dearest to build. */
function mostFormidable(types: (string | null)[]): string | null {
  let best: string | null = null;
  for (const t of types) {
    if (t === null || !starshipType(t)) continue;
    if (best === null || shipType(t).build > shipType(best).build || (shipType(t).build === shipType(best).build && t < best)) best = t;
  }
  return best;
}

function bestText(t: string | null): string {
  return t ? ` (most formidable: ${shipType(t).name})` : "";
}

/**
 * Battles of the events, located by their printed place: a sector battle at
 * "12 Vega", a cross-border battle on "the border of 12 Vega and 13 Deneb"
 * (movement-events.ts, sectorLabel).
 */
function battlesOf(events: readonly GeEvent[], sectors: readonly { id: SectorId; name: string }[]): MapModel["battles"] {
  const byLabel = new Map(sectors.map((s) => [`${s.id} ${s.name}`, s.id]));
  const out: MapModel["battles"] = [];
  const seen = new Set<string>();
  for (const e of events) {
    if (e.kind !== "battle") continue;
    const where = e.report.where;
    const key = `${e.step}|${where}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let ids: SectorId[] = [];
    const one = byLabel.get(where);
    if (one !== undefined) ids = [one];
    else if (where.startsWith("the border of ")) {
      const rest = where.slice("the border of ".length);
      for (let i = rest.indexOf(" and "); i >= 0; i = rest.indexOf(" and ", i + 1)) {
        const a = byLabel.get(rest.slice(0, i));
        const b = byLabel.get(rest.slice(i + 5));
        if (a !== undefined && b !== undefined) {
          ids = [a, b];
          break;
        }
      }
    }
    if (ids.length > 0) out.push({ sectors: ids, where, step: e.step });
  }
  return out;
}

// --- Geometry: Voronoi cells ---------------------------------------------------------

interface Cell {
  /** Vertices in order; tags[i] is the sector index whose bisector made the edge from vertex i to i+1 (-1: the frame). */
  xs: number[];
  ys: number[];
  tags: number[];
}

/**
 * The region of the frame nearer to each point than to any other (Voronoi cell),
 * cut from a square around the point by the bisectors of nearby points, found
 * through a grid of buckets: about linear in the number of sectors.
 */
function voronoiCells(px: number[], py: number[], frame: { x0: number; y0: number; x1: number; y1: number }, spacing: number): Cell[] {
  const n = px.length;
  const bucket = spacing;
  const bx0 = frame.x0;
  const by0 = frame.y0;
  const cols = Math.max(1, Math.ceil((frame.x1 - frame.x0) / bucket));
  const rows = Math.max(1, Math.ceil((frame.y1 - frame.y0) / bucket));
  const grid: number[][] = Array.from({ length: cols * rows }, () => []);
  const cellOf = (x: number, y: number) => {
    const c = Math.min(cols - 1, Math.max(0, Math.floor((x - bx0) / bucket)));
    const r = Math.min(rows - 1, Math.max(0, Math.floor((y - by0) / bucket)));
    return [c, r] as const;
  };
  for (let i = 0; i < n; i++) {
    const [c, r] = cellOf(px[i] as number, py[i] as number);
    grid[r * cols + c]?.push(i);
  }
  const cells: Cell[] = [];
  const half = 2.5 * spacing;
  for (let i = 0; i < n; i++) {
    const x = px[i] as number;
    const y = py[i] as number;
    const xa = Math.max(frame.x0, x - half);
    const xb = Math.min(frame.x1, x + half);
    const ya = Math.max(frame.y0, y - half);
    const yb = Math.min(frame.y1, y + half);
    let cell: Cell = { xs: [xa, xb, xb, xa], ys: [ya, ya, yb, yb], tags: [-1, -1, -1, -1] };
    const [c, r] = cellOf(x, y);
    const reach = Math.ceil(half / bucket) + 1;
    const near: { j: number; d2: number }[] = [];
    for (let rr = Math.max(0, r - reach); rr <= Math.min(rows - 1, r + reach); rr++)
      for (let cc = Math.max(0, c - reach); cc <= Math.min(cols - 1, c + reach); cc++)
        for (const j of grid[rr * cols + cc] ?? []) {
          if (j === i) continue;
          const dx = (px[j] as number) - x;
          const dy = (py[j] as number) - y;
          near.push({ j, d2: dx * dx + dy * dy });
        }
    near.sort((a, b) => a.d2 - b.d2 || a.j - b.j);
    for (const { j, d2 } of near) {
      // Once a point is farther than twice the farthest vertex, no later bisector cuts.
      let far = 0;
      for (let k = 0; k < cell.xs.length; k++) {
        const dx = (cell.xs[k] as number) - x;
        const dy = (cell.ys[k] as number) - y;
        far = Math.max(far, dx * dx + dy * dy);
      }
      if (d2 > 4 * far) break;
      cell = clip(cell, x, y, px[j] as number, py[j] as number, j);
      if (cell.xs.length === 0) break;
    }
    cells.push(cell);
  }
  return cells;
}

/** Keep the part of the cell nearer (x, y) than (qx, qy); the new edge is tagged `tag`. */
function clip(cell: Cell, x: number, y: number, qx: number, qy: number, tag: number): Cell {
  const nx = qx - x;
  const ny = qy - y;
  const mx = (x + qx) / 2;
  const my = (y + qy) / 2;
  const side = (k: number) => ((cell.xs[k] as number) - mx) * nx + ((cell.ys[k] as number) - my) * ny;
  const out: Cell = { xs: [], ys: [], tags: [] };
  const m = cell.xs.length;
  let any = false;
  for (let k = 0; k < m; k++) if (side(k) > 1e-9) any = true;
  if (!any) return cell;
  for (let k = 0; k < m; k++) {
    const k2 = (k + 1) % m;
    const s1 = side(k);
    const s2 = side(k2);
    const in1 = s1 <= 1e-9;
    const in2 = s2 <= 1e-9;
    const cross = () => {
      const t = s1 / (s1 - s2);
      return [
        (cell.xs[k] as number) + t * ((cell.xs[k2] as number) - (cell.xs[k] as number)),
        (cell.ys[k] as number) + t * ((cell.ys[k2] as number) - (cell.ys[k] as number)),
      ] as const;
    };
    if (in1) {
      out.xs.push(cell.xs[k] as number);
      out.ys.push(cell.ys[k] as number);
      out.tags.push(cell.tags[k] as number);
      if (!in2) {
        const [ix, iy] = cross();
        out.xs.push(ix);
        out.ys.push(iy);
        out.tags.push(tag);
      }
    } else if (in2) {
      const [ix, iy] = cross();
      out.xs.push(ix);
      out.ys.push(iy);
      out.tags.push(cell.tags[k] as number);
    }
  }
  return out;
}

// --- Drawing ------------------------------------------------------------------------------

function render(model: MapModel, opts: MapSvgOptions): string {
  const sectors = model.sectors;
  const index = new Map(sectors.map((s, i) => [s.id, i]));
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const s of sectors) {
    minX = Math.min(minX, s.x);
    minY = Math.min(minY, s.y);
    maxX = Math.max(maxX, s.x);
    maxY = Math.max(maxY, s.y);
  }
  // Typical distance between neighbours: the median border length.
  const lengths = model.borders
    .map((b) => {
      const a = sectors[index.get(b.a) ?? -1];
      const c = sectors[index.get(b.b) ?? -1];
      return a && c ? Math.hypot(a.x - c.x, a.y - c.y) : 0;
    })
    .filter((l) => l > 0)
    .sort((a, b) => a - b);
  const spacing =
    lengths[Math.floor(lengths.length / 2)] ??
    Math.max(1, Math.sqrt(((maxX - minX + 1) * (maxY - minY + 1)) / Math.max(1, sectors.length)));
  const margin = spacing * 0.55;
  const frame = { x0: minX - margin, y0: minY - margin, x1: maxX + margin, y1: maxY + margin };
  const mapW = opts.width ?? 1500;
  const scale = mapW / (frame.x1 - frame.x0);
  const mapH = (frame.y1 - frame.y0) * scale;
  const pad = 20;
  const top = 64;
  const X = (x: number) => pad + (x - frame.x0) * scale;
  const Y = (y: number) => top + (y - frame.y0) * scale;
  const sp = spacing * scale;
  const font = Math.max(6, Math.min(16, sp * 0.24));
  // Names fit only on large cells (small maps); elsewhere they are in the tooltips.
  const names = sp >= 70;
  const nameFont = font * 0.6;
  const f = (v: number) => (Math.round(v * 10) / 10).toString();

  const colour = new Map(model.empires.map((e) => [e.id, e.colour]));
  const empireName = new Map(model.empires.map((e) => [e.id, e.name]));
  const px = sectors.map((s) => s.x);
  const py = sectors.map((s) => s.y);
  const cells = voronoiCells(px, py, frame, spacing);
  // Markers go at the middle of each drawn cell, where they have the most room.
  const centre = cells.map((c, i) => centroid(c) ?? { x: px[i] as number, y: py[i] as number });

  // Legend geometry below the map.
  const legendCols = 4;
  const empiresInLegend = model.empires;
  const legendRows = Math.ceil(empiresInLegend.length / legendCols);
  const legendTop = top + mapH + 16;
  // Two rows of symbols, then the empires.
  const legendH = 76 + legendRows * 20 + 10;
  const totalW = mapW + 2 * pad;
  const totalH = legendTop + legendH;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f(totalW)}" height="${f(totalH)}" viewBox="0 0 ${f(totalW)} ${f(totalH)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`,
  );
  out.push(`<title>${esc(model.title)}</title>`);
  // Patterns: hatching per empire (owned, not annexed) and the stipple of unseen sectors.
  out.push("<defs>");
  model.empires.forEach((e, k) => {
    out.push(
      `<pattern id="hatch-${k}" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffffff"/><rect width="4" height="8" fill="${esc(tint(e.colour, 0.35))}"/></pattern>`,
    );
  });
  out.push(
    `<pattern id="fog" patternUnits="userSpaceOnUse" width="6" height="6"><circle cx="1.5" cy="1.5" r="0.9" fill="#5b5b5b" fill-opacity="0.35"/><circle cx="4.5" cy="4.5" r="0.9" fill="#5b5b5b" fill-opacity="0.35"/></pattern>`,
  );
  out.push(
    `<radialGradient id="planet" cx="35%" cy="35%" r="70%"><stop offset="0%" stop-color="#9fd3ff"/><stop offset="100%" stop-color="#1e5a96"/></radialGradient>`,
  );
  out.push("</defs>");
  out.push(`<rect width="${f(totalW)}" height="${f(totalH)}" fill="#ffffff"/>`);
  out.push(`<text x="${pad}" y="28" font-size="22" font-weight="bold" fill="#222">${esc(model.title)}</text>`);
  out.push(`<text x="${pad}" y="50" font-size="13" fill="#444">${esc(model.subtitle)}</text>`);

  // Sector fills.
  const empIdx = new Map(model.empires.map((e, k) => [e.id, k]));
  out.push(`<g id="sectors" stroke="${GOLD}" stroke-width="${f(Math.min(2, Math.max(0.6, sp * 0.03)))}" stroke-linejoin="round">`);
  sectors.forEach((s, i) => {
    const cell = cells[i];
    if (!cell || cell.xs.length < 3) return;
    const d = cell.xs.map((x, k) => `${k === 0 ? "M" : "L"}${f(X(x))},${f(Y(cell.ys[k] as number))}`).join("") + "Z";
    let fill = INDEPENDENT_FILL;
    if (s.owner !== INDEPENDENT) {
      const c = colour.get(s.owner) ?? "#999999";
      fill = s.annexedTo === s.owner ? tint(c, FILL_TINT) : `url(#hatch-${empIdx.get(s.owner) ?? 0})`;
    }
    const owner = s.owner === INDEPENDENT ? "independent" : (empireName.get(s.owner) ?? s.owner);
    const annexed = s.annexedTo === null ? "local control" : (empireName.get(s.annexedTo) ?? s.annexedTo);
    const tip = [
      `${s.id} ${s.name}`,
      `Owner: ${owner}; annexed to: ${annexed}`,
      `Tax revenue: ${s.revenue}${s.damage !== null ? `; sector damage: ${s.damage}` : ""}`,
      `Sector defence: level ${s.defence}${s.defenceDamage ? ` (damage ${s.defenceDamage})` : ""}${s.industrial ? "; industrial centre" : ""}`,
      s.seen ? "" : "Not seen this turn",
    ]
      .filter(Boolean)
      .join("\n");
    out.push(`<path d="${d}" fill="${fill}"><title>${esc(tip)}</title></path>`);
  });
  out.push("</g>");
  // Own sectors stand out: a darker outline in the perspective's colour.
  if (model.perspective) {
    const mine = colour.get(model.perspective) ?? OWN;
    out.push(
      `<g id="own-sectors" fill="none" stroke="${darken(mine, 0.35)}" stroke-width="${f(Math.min(4, Math.max(1, sp * 0.06)))}" stroke-linejoin="round">`,
    );
    sectors.forEach((s, i) => {
      const cell = cells[i];
      if (s.owner !== model.perspective || !cell || cell.xs.length < 3) return;
      // Only the edges facing another owner, so an empire is outlined as a whole.
      cell.tags.forEach((t, k) => {
        const other = t >= 0 ? sectors[t] : undefined;
        if (other && other.owner === s.owner) return;
        const k2 = (k + 1) % cell.xs.length;
        out.push(
          `<line x1="${f(X(cell.xs[k] as number))}" y1="${f(Y(cell.ys[k] as number))}" x2="${f(X(cell.xs[k2] as number))}" y2="${f(Y(cell.ys[k2] as number))}"/>`,
        );
      });
    });
    out.push("</g>");
  }
  // Fog of war.
  if (model.perspective) {
    out.push(`<g id="unseen" fill="url(#fog)" stroke="none">`);
    sectors.forEach((s, i) => {
      const cell = cells[i];
      if (s.seen || !cell || cell.xs.length < 3) return;
      out.push(`<path d="${cell.xs.map((x, k) => `${k === 0 ? "M" : "L"}${f(X(x))},${f(Y(cell.ys[k] as number))}`).join("")}Z"/>`);
    });
    out.push("</g>");
  }
  // Lanes (borders that can be crossed) and barriers.
  out.push(
    `<g id="lanes" stroke="${LANE}" stroke-width="${f(Math.min(1.5, Math.max(0.5, sp * 0.025)))}" stroke-dasharray="${f(Math.min(6, sp * 0.08))},${f(Math.min(4, sp * 0.06))}">`,
  );
  for (const b of model.borders) {
    const a = centre[index.get(b.a) ?? -1];
    const c = centre[index.get(b.b) ?? -1];
    if (!a || !c || b.barrier) continue;
    out.push(`<line x1="${f(X(a.x))}" y1="${f(Y(a.y))}" x2="${f(X(c.x))}" y2="${f(Y(c.y))}"/>`);
  }
  out.push("</g>");
  const barrierW = Math.min(9, Math.max(2.5, sp * 0.14));
  const cores: string[] = [];
  out.push(`<g id="barriers" stroke="${BARRIER}" stroke-width="${f(barrierW)}" stroke-linecap="round">`);
  for (const b of model.borders) {
    if (!b.barrier) continue;
    const ia = index.get(b.a);
    const ib = index.get(b.b);
    const a = ia === undefined ? undefined : sectors[ia];
    const c = ib === undefined ? undefined : sectors[ib];
    if (!a || !c || ia === undefined || ib === undefined) continue;
    // The shared edge of the two cells, if they share one; else a bar across the lane.
    const cell = cells[ia];
    const k = cell ? cell.tags.indexOf(ib) : -1;
    let x1: number;
    let y1: number;
    let x2: number;
    let y2: number;
    if (cell && k >= 0) {
      const k2 = (k + 1) % cell.xs.length;
      x1 = cell.xs[k] as number;
      y1 = cell.ys[k] as number;
      x2 = cell.xs[k2] as number;
      y2 = cell.ys[k2] as number;
      // Keep the bar short of the corners so neighbouring bars stay apart.
      const sx = (x2 - x1) * 0.1;
      const sy = (y2 - y1) * 0.1;
      x1 += sx;
      y1 += sy;
      x2 -= sx;
      y2 -= sy;
    } else {
      const mx = (a.x + c.x) / 2;
      const my = (a.y + c.y) / 2;
      const len = Math.hypot(c.x - a.x, c.y - a.y) || 1;
      const ux = (-(c.y - a.y) / len) * spacing * 0.3;
      const uy = ((c.x - a.x) / len) * spacing * 0.3;
      x1 = mx - ux;
      y1 = my - uy;
      x2 = mx + ux;
      y2 = my + uy;
    }
    out.push(
      `<line x1="${f(X(x1))}" y1="${f(Y(y1))}" x2="${f(X(x2))}" y2="${f(Y(y2))}"><title>${esc(`Barrier between ${a.id} ${a.name} and ${c.id} ${c.name}`)}</title></line>`,
    );
    cores.push(`<line x1="${f(X(x1))}" y1="${f(Y(y1))}" x2="${f(X(x2))}" y2="${f(Y(y2))}"/>`);
  }
  out.push("</g>");
  // A white core down each bar: a barrier reads as a wall, never as a starship badge's blue.
  out.push(`<g id="barrier-cores" stroke="#ffffff" stroke-width="${f(barrierW * 0.3)}" stroke-linecap="round">`, ...cores, "</g>");

  // Each empire's name across its largest territory (connected owned sectors), under the markers.
  out.push(
    `<g id="empire-names" text-anchor="middle" font-weight="bold" fill="#1d1d1d" fill-opacity="0.55" stroke="#ffffff" stroke-opacity="0.7" stroke-linejoin="round" paint-order="stroke">`,
  );
  for (const t of territories(sectors, model.borders, model.empires)) {
    const pts = t.sectors.map((id) => centre[index.get(id) ?? -1]).filter((c) => c !== undefined);
    if (pts.length === 0) continue;
    const mx = pts.reduce((a, c) => a + c.x, 0) / pts.length;
    const my = pts.reduce((a, c) => a + c.y, 0) / pts.length;
    const size = Math.min(28, Math.max(font * 0.9, sp * 0.22 * Math.sqrt(pts.length)));
    // Kept inside the map: about 0.6 em a letter in bold.
    const half = Math.min((mapW - 8) / 2, (size * 0.62 * t.name.length) / 2);
    const tx = Math.min(pad + mapW - half - 4, Math.max(pad + half + 4, X(mx)));
    const ty = Math.min(top + mapH - 4, Math.max(top + size, Y(my) - font * 1.1));
    out.push(`<text x="${f(tx)}" y="${f(ty)}" font-size="${f(size)}" stroke-width="${f(size * 0.18)}">${esc(t.name)}</text>`);
  }
  out.push("</g>");

  // Markers: sector point, id, industrial centre, defence, forces.
  out.push(`<g id="markers" font-size="${f(font)}" text-anchor="middle">`);
  const planetR = Math.max(2.5, Math.min(font * 0.38, sp * 0.08));
  sectors.forEach((s, i) => {
    const cx = X(centre[i]?.x ?? s.x);
    const cy = Y(centre[i]?.y ?? s.y);
    out.push(
      `<text x="${f(cx)}" y="${f(cy + font * 0.1)}" font-weight="bold" fill="#1d1d1d" stroke="#ffffff" stroke-width="${f(font * 0.22)}" stroke-linejoin="round" paint-order="stroke">${s.id}</text>`,
    );
    // Tax revenue above the id; sector damage as pips beside it (chapter 3: "Damage reduces revenue").
    const small = font * 0.62;
    const rev = `${Math.round(s.revenue * 10) / 10}`;
    out.push(
      `<text x="${f(cx)}" y="${f(cy - font * 0.85)}" font-size="${f(small)}" fill="${REVENUE}" stroke="#ffffff" stroke-width="${f(small * 0.25)}" stroke-linejoin="round" paint-order="stroke">${esc(rev)}</text>`,
    );
    if (s.damage !== null && s.damage > 0) {
      const pr = small * 0.22;
      const px0 = cx + small * 0.35 * rev.length + pr * 2;
      const pips = Array.from(
        { length: Math.min(3, s.damage) },
        (_, k) => `<circle cx="${f(px0 + k * pr * 2.6)}" cy="${f(cy - font * 0.85 - small * 0.32)}" r="${f(pr)}"/>`,
      ).join("");
      out.push(`<g fill="${DAMAGE}" stroke="#ffffff" stroke-width="${f(pr * 0.5)}"><title>Sector damage ${s.damage}</title>${pips}</g>`);
    }
    if (names)
      out.push(
        `<text x="${f(cx)}" y="${f(cy + font * 0.1 + nameFont * 1.15)}" font-size="${f(nameFont)}" font-style="italic" fill="#333" stroke="#ffffff" stroke-width="${f(nameFont * 0.22)}" stroke-linejoin="round" paint-order="stroke">${esc(s.name)}</text>`,
      );
    if (s.industrial) {
      const ix = cx - font * 1.5 - planetR;
      const iy = cy - font * 0.25;
      out.push(
        `<g><title>Industrial centre</title><circle cx="${f(ix)}" cy="${f(iy)}" r="${f(planetR)}" fill="url(#planet)" stroke="#0d3a66" stroke-width="0.6"/><ellipse cx="${f(ix)}" cy="${f(iy)}" rx="${f(planetR * 1.7)}" ry="${f(planetR * 0.5)}" fill="none" stroke="#0d3a66" stroke-width="0.9" transform="rotate(-20 ${f(ix)} ${f(iy)})"/></g>`,
      );
    }
    if (s.defence > 0) {
      const w = Math.max(5, font * 0.75);
      const dx = cx + font * 1.3 + w / 2;
      const dy = cy - font * 0.3;
      const damaged = s.defenceDamage !== null && s.defenceDamage > 0;
      const label = damaged ? `${s.defence - (s.defenceDamage as number)}` : `${s.defence}`;
      out.push(
        `<g><title>${esc(`Sector defence level ${s.defence}${damaged ? `, damaged ${s.defenceDamage}` : ""}`)}</title><path d="M${f(dx - w / 2)},${f(dy - w / 2)}h${f(w)}v${f(w * 0.55)}l${f(-w / 2)},${f(w * 0.55)}l${f(-w / 2)},${f(-w * 0.55)}Z" fill="${damaged ? "#8d5a2b" : "#4a4a4a"}"/><text x="${f(dx)}" y="${f(dy + w * 0.22)}" font-size="${f(w * 0.75)}" font-weight="bold" fill="#fff">${esc(label)}</text></g>`,
      );
    }
    const badges = model.forces.get(s.id) ?? [];
    const bh = Math.max(7, font * 0.85);
    const bw = bh * 1.45;
    const total = badges.length * bw + (badges.length - 1) * 2;
    badges.forEach((b, k) => {
      const bx = cx - total / 2 + k * (bw + 2);
      const by = cy + font * 0.35 + (names ? nameFont * 1.3 : 0);
      out.push(
        `<g><title>${esc(b.title)}</title><rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bh * 0.3)}" fill="${b.fill}" stroke="#fff" stroke-width="0.6"/><text x="${f(bx + bw / 2)}" y="${f(by + bh * 0.78)}" font-size="${f(bh * 0.8)}" font-weight="bold" fill="#fff">${b.count}</text></g>`,
      );
    });
    // The units' ids under the badges, where cells have room: what orders name.
    const ids = badges.flatMap((b) => b.ids);
    if (ids.length > 0 && sp >= 36) {
      const idFont = font * 0.55;
      const shown = ids.length > 3 ? `${ids.slice(0, 3).join(" ")} +${ids.length - 3}` : ids.join(" ");
      const by = cy + font * 0.35 + (names ? nameFont * 1.3 : 0) + bh + idFont * 1.05;
      out.push(
        `<text class="unit-ids" x="${f(cx)}" y="${f(by)}" font-size="${f(idFont)}" fill="#1d1d1d" stroke="#ffffff" stroke-width="${f(idFont * 0.25)}" stroke-linejoin="round" paint-order="stroke">${esc(shown)}</text>`,
      );
    }
  });
  out.push("</g>");

  // Last turn's battles.
  out.push(`<g id="battles">`);
  for (const b of model.battles) {
    const pts = b.sectors.map((id) => centre[index.get(id) ?? -1]).filter((s) => s !== undefined);
    if (pts.length === 0) continue;
    const bx = pts.length === 2 ? (X(pts[0]?.x ?? 0) + X(pts[1]?.x ?? 0)) / 2 : X(pts[0]?.x ?? 0) + sp * 0.28;
    const by = pts.length === 2 ? (Y(pts[0]?.y ?? 0) + Y(pts[1]?.y ?? 0)) / 2 : Y(pts[0]?.y ?? 0) - sp * 0.3;
    out.push(`<g><title>${esc(`Battle at ${b.where} (${b.step})`)}</title>${burst(bx, by, Math.max(5, sp * 0.16), f)}</g>`);
  }
  out.push("</g>");

  // Legend.
  out.push(`<g id="legend" font-size="12" fill="#222">`);
  out.push(`<line x1="${pad}" y1="${f(legendTop - 8)}" x2="${f(totalW - pad)}" y2="${f(legendTop - 8)}" stroke="#bbb"/>`);
  let ly = legendTop + 14;
  let lx = pad;
  const newRow = () => {
    ly += 20;
    lx = pad;
  };
  const item = (svg: string, text: string, width: number) => {
    out.push(svg);
    out.push(`<text x="${f(lx + 22)}" y="${f(ly + 4)}">${esc(text)}</text>`);
    lx += width;
  };
  const sample = model.perspective ? (colour.get(model.perspective) ?? "#4a7fd4") : (model.empires[0]?.colour ?? "#4a7fd4");
  const sampleIdx = model.perspective ? (empIdx.get(model.perspective) ?? 0) : 0;
  item(`<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="${tint(sample, FILL_TINT)}" stroke="${GOLD}"/>`, "annexed", 92);
  item(
    `<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="url(#hatch-${sampleIdx})" stroke="${GOLD}"/>`,
    "owned, not annexed",
    158,
  );
  item(`<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="${INDEPENDENT_FILL}" stroke="${GOLD}"/>`, "independent", 104);
  item(
    `<circle cx="${lx + 8}" cy="${ly}" r="5" fill="url(#planet)" stroke="#0d3a66" stroke-width="0.6"/><ellipse cx="${lx + 8}" cy="${ly}" rx="8.5" ry="2.5" fill="none" stroke="#0d3a66" stroke-width="0.9" transform="rotate(-20 ${lx + 8} ${ly})"/>`,
    "industrial centre",
    140,
  );
  item(
    `<path d="M${lx + 3},${ly - 6}h11v6l-5.5,6l-5.5,-6Z" fill="#4a4a4a"/><text x="${lx + 8.5}" y="${ly + 2}" font-size="8" font-weight="bold" fill="#fff" text-anchor="middle">2</text>`,
    "sector defence level",
    160,
  );
  if (model.perspective) {
    item(
      `<rect x="${lx}" y="${ly - 6}" width="18" height="12" rx="3" fill="${OWN}"/><text x="${lx + 9}" y="${ly + 4}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">8</text>`,
      "your starships",
      118,
    );
    item(
      `<rect x="${lx}" y="${ly - 6}" width="18" height="12" rx="3" fill="${FOREIGN}"/><text x="${lx + 9}" y="${ly + 4}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">3</text>`,
      "foreign starships",
      136,
    );
  } else {
    item(
      `<rect x="${lx}" y="${ly - 6}" width="18" height="12" rx="3" fill="#6d6d6d"/><text x="${lx + 9}" y="${ly + 4}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">8</text>`,
      "starships (owner's colour)",
      190,
    );
  }
  newRow();
  item(
    `<line x1="${lx}" y1="${ly}" x2="${lx + 16}" y2="${ly}" stroke="${BARRIER}" stroke-width="5" stroke-linecap="round"/><line x1="${lx}" y1="${ly}" x2="${lx + 16}" y2="${ly}" stroke="#ffffff" stroke-width="1.5" stroke-linecap="round"/>`,
    "barrier",
    80,
  );
  item(`<line x1="${lx}" y1="${ly}" x2="${lx + 16}" y2="${ly}" stroke="${LANE}" stroke-width="1.2" stroke-dasharray="3,2"/>`, "border", 74);
  item(burst(lx + 8, ly, 7, f), "battle last turn", 130);
  item(`<text x="${lx + 8}" y="${ly + 4}" font-size="10" fill="${REVENUE}" text-anchor="middle">12</text>`, "tax revenue", 100);
  item(
    `<circle cx="${lx + 4}" cy="${ly}" r="2.6" fill="${DAMAGE}"/><circle cx="${lx + 11}" cy="${ly}" r="2.6" fill="${DAMAGE}"/>`,
    "sector damage (a pip a level)",
    215,
  );
  item(`<text x="${lx + 8}" y="${ly + 4}" font-size="9" fill="#1d1d1d" text-anchor="middle">A5</text>`, "unit ids (under the count)", 190);
  if (model.perspective)
    item(`<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="url(#fog)" stroke="${GOLD}"/>`, "not seen this turn", 150);
  const colW = (totalW - 2 * pad) / legendCols;
  empiresInLegend.forEach((e, k) => {
    const ex = pad + (k % legendCols) * colW;
    const ey = legendTop + 64 + Math.floor(k / legendCols) * 20;
    const bold = e.id === model.perspective ? ` font-weight="bold"` : "";
    out.push(
      `<rect x="${f(ex)}" y="${f(ey - 10)}" width="16" height="13" fill="${tint(e.colour, FILL_TINT)}" stroke="${darken(e.colour, 0.2)}"/>`,
    );
    out.push(`<text x="${f(ex + 22)}" y="${f(ey + 1)}"${bold}>${esc(e.name)}${e.id === model.perspective ? " (you)" : ""}</text>`);
  });
  out.push("</g>");
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

/**
 * Each empire's largest territory: its owned sectors joined by borders, the largest group (the lowest
 * sector id on a tie). The empire's name is written there.
 */
function territories(
  sectors: readonly { id: SectorId; owner: EmpireId }[],
  borders: readonly Border[],
  empires: readonly { id: EmpireId; name: string }[],
): { name: string; sectors: SectorId[] }[] {
  const ownerOf = new Map(sectors.map((s) => [s.id, s.owner]));
  const next = new Map<SectorId, SectorId[]>();
  for (const b of borders) {
    if (ownerOf.get(b.a) !== ownerOf.get(b.b)) continue;
    for (const [x, y] of [
      [b.a, b.b],
      [b.b, b.a],
    ] as const) {
      const l = next.get(x);
      if (l) l.push(y);
      else next.set(x, [y]);
    }
  }
  const out: { name: string; sectors: SectorId[] }[] = [];
  const seen = new Set<SectorId>();
  for (const e of empires) {
    let best: SectorId[] = [];
    for (const s of sectors) {
      if (s.owner !== e.id || seen.has(s.id)) continue;
      const group: SectorId[] = [];
      const stack = [s.id];
      seen.add(s.id);
      while (stack.length > 0) {
        const id = stack.pop() as SectorId;
        group.push(id);
        for (const n of next.get(id) ?? [])
          if (!seen.has(n)) {
            seen.add(n);
            stack.push(n);
          }
      }
      if (group.length > best.length) best = group;
    }
    if (best.length > 0) out.push({ name: e.name, sectors: best });
  }
  return out;
}

/** Centre of gravity of a convex polygon. */
function centroid(cell: Cell): { x: number; y: number } | null {
  const m = cell.xs.length;
  if (m < 3) return null;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let k = 0; k < m; k++) {
    const x0 = cell.xs[k] as number;
    const y0 = cell.ys[k] as number;
    const x1 = cell.xs[(k + 1) % m] as number;
    const y1 = cell.ys[(k + 1) % m] as number;
    const cr = x0 * y1 - x1 * y0;
    a += cr;
    cx += (x0 + x1) * cr;
    cy += (y0 + y1) * cr;
  }
  if (Math.abs(a) < 1e-12) return null;
  return { x: cx / (3 * a), y: cy / (3 * a) };
}

function burst(x: number, y: number, r: number, f: (v: number) => string): string {
  const pts: string[] = [];
  for (let k = 0; k < 16; k++) {
    const a = (Math.PI * 2 * k) / 16;
    const rr = k % 2 === 0 ? r : r * 0.45;
    pts.push(`${f(x + Math.cos(a) * rr)},${f(y + Math.sin(a) * rr)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="#ffb300" stroke="#b23c17" stroke-width="1.2"/>`;
}

/** Mix a CSS hex colour with white: 0 = the colour, 1 = white. */
function tint(hex: string, amount: number): string {
  return mix(hex, [255, 255, 255], amount);
}

function darken(hex: string, amount: number): string {
  return mix(hex, [0, 0, 0], amount);
}

function mix(hex: string, to: [number, number, number], amount: number): string {
  // A map file may name its colours ("navy"): tinted as their hex code is.
  const name = hex.trim().toLowerCase();
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(Object.hasOwn(CSS_COLOUR_NAMES, name) ? (CSS_COLOUR_NAMES[name] as string) : hex.trim());
  if (!m) return hex;
  let h = m[1] as string;
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const rgb = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const out = rgb.map((v, i) => Math.round(v + ((to[i] as number) - v) * amount));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * XML text and attribute values. Line breaks stay (a tooltip has lines); any other control character (from a
 * name of before names were checked) is shown as its code point.
 */
function esc(s: string): string {
  return s
    .split("\n")
    .map(showPlain)
    .join("\n")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
