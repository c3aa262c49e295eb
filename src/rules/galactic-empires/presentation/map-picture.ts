/**
 * The galaxy's map as a picture in plain data (chapter 3 "The Map"): every shape a printed map shows, placed in
 * the picture's own pixels (a map `width` wide, 1500 by default, under a title, over a legend), with its fill, its
 * outline and its words. Two painters draw the same picture: `map-svg.ts` writes it as SVG (the CLI's and the
 * server's maps, byte for byte the map printed before this file existed), and the browser's map paints it on a
 * canvas (src/web/rulesets/galactic-empires/GalaxyMap.tsx), where thousands of SVG elements could not be moved
 * at a frame's pace (issue 11's map budgets). One picture, so the two never disagree about what a sector shows.
 *
 *  - Sectors are the regions nearest their point (Voronoi cells) "lined by golden borders", filled with the
 *    owner's colour (its "banner"): solid when annexed to its owner ("a golden base under the ownership banner"),
 *    hatched when owned but not annexed, plain when independent.
 *  - Borders are lanes from centre to centre; barrier borders are bars across the lane (chapter 3, "Barriers";
 *    charcoal with a white core, never the blue of your own starships: RULINGS.md "The printed map").
 *  - Each empire's name across its largest territory; each sector's tax revenue, id and damage pips; an
 *    industrial centre's planet; a defence's shield and level (chapter 3, "Map Options"); starship badges with
 *    their count (chapter 3, "Starships"); last turn's battles; sectors not seen this turn (chapter 5).
 *
 * Pure: a view (or, for the game master, the whole state) in, plain data out. An empire's picture is made from
 * `viewFor` only, so it holds nothing the view does not (no cloaked or unseen foreign forces).
 */
import { CSS_COLOUR_NAMES } from "../../../core/colour.js";
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
export interface MapPictureOptions {
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

export interface MapSector extends PublicSector {
  industrial: boolean;
  defence: number;
  defenceDamage: number | null;
  damage: number | null;
  seen: boolean;
}

export interface Badge {
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

export function statePicture(
  state: GameState,
  opts: MapPictureOptions & { empire?: EmpireId; events?: readonly GeEvent[] } = {},
): MapPicture {
  if (opts.empire !== undefined) return mapPicture(viewFor(state, opts.empire, opts.events ?? []), opts);
  return gmMapPicture(state, opts.events ?? [], opts);
}

/** An empire's map from its view: only what the view holds. */
export function mapPicture(view: EmpireView, opts: MapPictureOptions = {}): MapPicture {
  const empires = [
    { id: view.me.id, name: view.me.name, colour: view.me.colour },
    ...view.empires.map((e) => ({ id: e.id, name: e.name, colour: e.colour })),
  ];
  const forces = new Map<SectorId, Badge[]>();
  const own = new Map<SectorId, Gathered>();
  const ownAdmirals = new Map(view.admirals.map((a) => [a.id, a]));
  for (const u of view.units) {
    if (starships(u) === 0 && u.admirals.length === 0) continue;
    own.set(u.sector, gather(own.get(u.sector), u, unitLine(u, ownAdmirals)));
  }
  const foreign = new Map<SectorId, Gathered>();
  const nameOf = new Map(empires.map((e) => [e.id, e.name]));
  for (const u of view.foreignUnits) {
    const owner = u.owner === INDEPENDENT ? "independent" : (nameOf.get(u.owner) ?? u.owner);
    foreign.set(u.sector, gather(foreign.get(u.sector), u, `${u.id} ${u.name} (${owner}): ${shipsText(u.ships)}`));
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
  return layout(model, opts);
}

/** The game master's map: every sector and every unit, cloaked or not. */
export function gmMapPicture(state: GameState, events: readonly GeEvent[], opts: MapPictureOptions = {}): MapPicture {
  const empires = Object.values(state.empires)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((e) => ({ id: e.id, name: e.name, colour: e.colour }));
  const colour = new Map(empires.map((e) => [e.id, e.colour]));
  const name = new Map(empires.map((e) => [e.id, e.name]));
  const bySector = new Map<SectorId, Map<EmpireId, Gathered>>();
  const admirals = new Map(Object.entries(state.admirals));
  const units = Object.values(state.units).sort((a, b) => compareIds(a.id, b.id));
  for (const u of units) {
    if (starships(u) === 0 && u.admirals.length === 0) continue;
    const m = bySector.get(u.sector) ?? new Map<EmpireId, Gathered>();
    m.set(u.owner, gather(m.get(u.owner), u, unitLine(u, admirals)));
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
  return layout(model, opts);
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
/** The units of one badge: their starships, a line each, the most formidable class among them, their ids. */
interface Gathered {
  count: number;
  lines: string[];
  best: string | null;
  ids: string[];
}

/** How many starships a unit has. */
function starships(u: { ships: readonly { count: number }[] }): number {
  return u.ships.reduce((t, s) => t + s.count, 0);
}

/** `e` (a new one if none) with unit `u` added, told by `line`. */
function gather(e: Gathered | undefined, u: { id: string; ships: readonly { type: string; count: number }[] }, line: string): Gathered {
  const g = e ?? { count: 0, lines: [], best: null, ids: [] };
  g.count += starships(u);
  g.ids.push(u.id);
  g.lines.push(line);
  g.best = mostFormidable([g.best, ...u.ships.map((s) => s.type)]);
  return g;
}

/** A unit of an empire's own as its badge lists it: its starships, its admirals, whether it is cloaked. */
function unitLine(
  u: Pick<Unit, "id" | "name" | "ships" | "admirals" | "leader" | "cloaked">,
  admirals: ReadonlyMap<string, Pick<Admiral, "id" | "name">>,
): string {
  return `${u.id} ${u.name}: ${shipsText(u.ships)}${admiralsText(u, admirals)}${u.cloaked ? " (cloaked)" : ""}`;
}

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
  // The heap of near points (distance squared, index), as large as any sector's neighbourhood can be.
  let most = 0;
  for (const b of grid) most = Math.max(most, b.length);
  const span = 2 * (Math.ceil(half / bucket) + 1) + 1;
  const heapD = new Float64Array(Math.min(n, most * span * span) + 1);
  const heapJ = new Int32Array(heapD.length);
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
    // The points near by, nearest first (then by index): taken from a heap, as only the first few ever cut.
    let m = 0;
    for (let rr = Math.max(0, r - reach); rr <= Math.min(rows - 1, r + reach); rr++)
      for (let cc = Math.max(0, c - reach); cc <= Math.min(cols - 1, c + reach); cc++)
        for (const j of grid[rr * cols + cc] ?? []) {
          if (j === i) continue;
          const dx = (px[j] as number) - x;
          const dy = (py[j] as number) - y;
          heapD[m] = dx * dx + dy * dy;
          heapJ[m] = j;
          m++;
        }
    for (let k = (m >> 1) - 1; k >= 0; k--) siftDown(heapD, heapJ, k, m);
    while (m > 0) {
      const j = heapJ[0] as number;
      const d2 = heapD[0] as number;
      m--;
      heapD[0] = heapD[m] as number;
      heapJ[0] = heapJ[m] as number;
      siftDown(heapD, heapJ, 0, m);
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

/** Restore the heap below k: each entry no farther than its children (ties: the lower index first). */
function siftDown(d: Float64Array, j: Int32Array, k: number, m: number): void {
  const less = (a: number, b: number) =>
    (d[a] as number) < (d[b] as number) || ((d[a] as number) === (d[b] as number) && (j[a] as number) < (j[b] as number));
  for (;;) {
    const l = 2 * k + 1;
    if (l >= m) return;
    const r = l + 1;
    const c = r < m && less(r, l) ? r : l;
    if (!less(c, k)) return;
    const td = d[k] as number;
    const tj = j[k] as number;
    d[k] = d[c] as number;
    j[k] = j[c] as number;
    d[c] = td;
    j[c] = tj;
    k = c;
  }
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

// --- The picture ------------------------------------------------------------------------------

/** How a sector's cell is filled (chapter 3 "Annexation"). */
export type SectorFill =
  | { kind: "independent"; colour: string }
  /** Annexed to its owner: solid, the owner's banner tinted. */
  | { kind: "annexed"; colour: string }
  /** Owned, not annexed: hatched in the owner's banner (`empire` indexes `MapPicture.empires`). */
  | { kind: "hatched"; empire: number; colour: string };

/** A sector as drawn: its cell, where its markers go, and what its markers say. */
export interface PictureSector extends MapSector {
  /** The cell's corners, x0, y0, x1, y1, ... in the picture's pixels (none where the cell vanished). */
  cell: number[];
  fill: SectorFill;
  /** Its tooltip: id and name, owner, annexation, revenue, defence (the lines of the SVG's <title>). */
  tip: string;
  /** The middle of the drawn cell, where its markers go. */
  cx: number;
  cy: number;
  badges: Badge[];
}

/** A line from (x1, y1) to (x2, y2). */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface MapPicture {
  title: string;
  subtitle: string;
  /** The empire whose map it is; null for the game master's. */
  perspective: EmpireId | null;
  empires: { id: EmpireId; name: string; colour: string }[];
  /** The whole picture: title, map and legend. */
  width: number;
  height: number;
  /** The map's own box in the picture (below the title, above the legend). */
  map: { x: number; y: number; width: number; height: number };
  legendTop: number;
  /** The typical distance between neighbouring sectors' points, in pixels. */
  spacing: number;
  /** The size of a sector's id; its revenue, name and unit ids are sized from it. */
  font: number;
  /** Whether sectors' names are written under their ids (only large cells have room). */
  names: boolean;
  nameFont: number;
  /** Stroke widths: cells' golden borders, your own territory's outline, lanes, barriers; the lanes' dashes. */
  strokes: { cell: number; own: number; lane: number; barrier: number; dash: [number, number] };
  /** Your territory's outline colour (null on the game master's map). */
  ownOutline: string | null;
  sectors: PictureSector[];
  /** The edges of your sectors that face another owner: your territory outlined as a whole. */
  ownEdges: Segment[];
  /** Borders that can be crossed, from centre to centre. */
  lanes: Segment[];
  barriers: (Segment & { title: string })[];
  /** Each empire's name across its largest territory. */
  territoryNames: { x: number; y: number; size: number; text: string }[];
  battles: { x: number; y: number; r: number; title: string }[];
}

/** Colours the painters share: chapter 3's blue base for your starships, red for foreign ones, and the rest. */
export const MAP_COLOURS = { OWN, FOREIGN, GOLD, BARRIER, LANE, REVENUE, DAMAGE, INDEPENDENT_FILL } as const;

/** The least and greatest grid coordinates of the sectors (infinite, and crossed, for none). */
export function gridBounds(sectors: readonly { x: number; y: number }[]): { x0: number; x1: number; y0: number; y1: number } {
  let x0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const s of sectors) {
    x0 = Math.min(x0, s.x);
    x1 = Math.max(x1, s.x);
    y0 = Math.min(y0, s.y);
    y1 = Math.max(y1, s.y);
  }
  return { x0, x1, y0, y1 };
}

function layout(model: MapModel, opts: MapPictureOptions): MapPicture {
  const sectors = model.sectors;
  const index = new Map(sectors.map((s, i) => [s.id, i]));
  const { x0: minX, x1: maxX, y0: minY, y1: maxY } = gridBounds(sectors);
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

  const colour = new Map(model.empires.map((e) => [e.id, e.colour]));
  const empireName = new Map(model.empires.map((e) => [e.id, e.name]));
  const px = sectors.map((s) => s.x);
  const py = sectors.map((s) => s.y);
  const cells = voronoiCells(px, py, frame, spacing);
  // Markers go at the middle of each drawn cell, where they have the most room.
  const centre = cells.map((c, i) => centroid(c) ?? { x: px[i] as number, y: py[i] as number });

  // Legend geometry below the map: two rows of symbols, then the empires.
  const legendCols = 4;
  const legendRows = Math.ceil(model.empires.length / legendCols);
  const legendTop = top + mapH + 16;
  const legendH = 76 + legendRows * 20 + 10;

  const empIdx = new Map(model.empires.map((e, k) => [e.id, k]));
  const drawn: PictureSector[] = sectors.map((s, i) => {
    const cell = cells[i];
    const corners: number[] = [];
    if (cell && cell.xs.length >= 3)
      for (let k = 0; k < cell.xs.length; k++) corners.push(X(cell.xs[k] as number), Y(cell.ys[k] as number));
    let fill: SectorFill = { kind: "independent", colour: INDEPENDENT_FILL };
    if (s.owner !== INDEPENDENT) {
      const c = colour.get(s.owner) ?? "#999999";
      const e = empIdx.get(s.owner) ?? 0;
      fill =
        s.annexedTo === s.owner ? { kind: "annexed", colour: tint(c, FILL_TINT) } : { kind: "hatched", empire: e, colour: tint(c, 0.35) };
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
    return {
      ...s,
      cell: corners,
      fill,
      tip,
      cx: X(centre[i]?.x ?? s.x),
      cy: Y(centre[i]?.y ?? s.y),
      badges: model.forces.get(s.id) ?? [],
    };
  });

  // Own sectors stand out: only the edges facing another owner, so an empire is outlined as a whole.
  const ownEdges: Segment[] = [];
  if (model.perspective)
    sectors.forEach((s, i) => {
      const cell = cells[i];
      if (s.owner !== model.perspective || !cell || cell.xs.length < 3) return;
      cell.tags.forEach((t, k) => {
        const other = t >= 0 ? sectors[t] : undefined;
        if (other && other.owner === s.owner) return;
        const k2 = (k + 1) % cell.xs.length;
        ownEdges.push({
          x1: X(cell.xs[k] as number),
          y1: Y(cell.ys[k] as number),
          x2: X(cell.xs[k2] as number),
          y2: Y(cell.ys[k2] as number),
        });
      });
    });

  const lanes: Segment[] = [];
  for (const b of model.borders) {
    const a = centre[index.get(b.a) ?? -1];
    const c = centre[index.get(b.b) ?? -1];
    if (!a || !c || b.barrier) continue;
    lanes.push({ x1: X(a.x), y1: Y(a.y), x2: X(c.x), y2: Y(c.y) });
  }
  const barriers: MapPicture["barriers"] = [];
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
    barriers.push({ x1: X(x1), y1: Y(y1), x2: X(x2), y2: Y(y2), title: `Barrier between ${a.id} ${a.name} and ${c.id} ${c.name}` });
  }

  // Each empire's name across its largest territory (connected owned sectors), under the markers.
  const territoryNames: MapPicture["territoryNames"] = [];
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
    territoryNames.push({ x: tx, y: ty, size, text: t.name });
  }

  // Last turn's battles: on the sector, or on the middle of the border.
  const battles: MapPicture["battles"] = [];
  for (const b of model.battles) {
    const pts = b.sectors.map((id) => centre[index.get(id) ?? -1]).filter((s) => s !== undefined);
    if (pts.length === 0) continue;
    const bx = pts.length === 2 ? (X(pts[0]?.x ?? 0) + X(pts[1]?.x ?? 0)) / 2 : X(pts[0]?.x ?? 0) + sp * 0.28;
    const by = pts.length === 2 ? (Y(pts[0]?.y ?? 0) + Y(pts[1]?.y ?? 0)) / 2 : Y(pts[0]?.y ?? 0) - sp * 0.3;
    battles.push({ x: bx, y: by, r: Math.max(5, sp * 0.16), title: `Battle at ${b.where} (${b.step})` });
  }

  const mine = model.perspective ? (colour.get(model.perspective) ?? OWN) : null;
  return {
    title: model.title,
    subtitle: model.subtitle,
    perspective: model.perspective,
    empires: model.empires,
    width: mapW + 2 * pad,
    height: legendTop + legendH,
    map: { x: pad, y: top, width: mapW, height: mapH },
    legendTop,
    spacing: sp,
    font,
    names,
    nameFont,
    strokes: {
      cell: Math.min(2, Math.max(0.6, sp * 0.03)),
      own: Math.min(4, Math.max(1, sp * 0.06)),
      lane: Math.min(1.5, Math.max(0.5, sp * 0.025)),
      barrier: Math.min(9, Math.max(2.5, sp * 0.14)),
      dash: [Math.min(6, sp * 0.08), Math.min(4, sp * 0.06)],
    },
    ownOutline: mine === null ? null : darken(mine, 0.35),
    sectors: drawn,
    ownEdges,
    lanes,
    barriers,
    territoryNames,
    battles,
  };
}

/** Where a sector's markers go, in the picture's pixels: both painters place them so. */
export interface SectorMarks {
  /** The id, bold, at the cell's middle. */
  id: { x: number; y: number };
  /** The tax revenue above it, small. */
  revenue: { x: number; y: number; size: number; text: string };
  /** Sector damage: a pip a level, at most three, beside the revenue. */
  pips: { x: number; y: number; r: number }[];
  /** The sector's name under its id, where cells are large. */
  name: { x: number; y: number; size: number } | null;
  /** An industrial centre's planet: a disc with a ring. */
  planet: { x: number; y: number; r: number } | null;
  /** A sector defence's shield (w wide) and the level it holds now. */
  shield: { x: number; y: number; w: number; label: string; damaged: boolean } | null;
  /** Starship badges, side by side under the id. */
  badges: { x: number; y: number; w: number; h: number; fill: string; count: number; title: string }[];
  /** The units' ids under the badges, where cells have room: what orders name. */
  unitIds: { x: number; y: number; size: number; text: string } | null;
}

export function sectorMarks(p: MapPicture, s: PictureSector): SectorMarks {
  const { font, names, nameFont } = p;
  const { cx, cy } = s;
  const small = font * 0.62;
  const rev = `${Math.round(s.revenue * 10) / 10}`;
  const pips: SectorMarks["pips"] = [];
  if (s.damage !== null && s.damage > 0) {
    const pr = small * 0.22;
    const px0 = cx + small * 0.35 * rev.length + pr * 2;
    for (let k = 0; k < Math.min(3, s.damage); k++) pips.push({ x: px0 + k * pr * 2.6, y: cy - font * 0.85 - small * 0.32, r: pr });
  }
  const planetR = Math.max(2.5, Math.min(font * 0.38, p.spacing * 0.08));
  let shield: SectorMarks["shield"] = null;
  if (s.defence > 0) {
    const w = Math.max(5, font * 0.75);
    const damaged = s.defenceDamage !== null && s.defenceDamage > 0;
    shield = {
      x: cx + font * 1.3 + w / 2,
      y: cy - font * 0.3,
      w,
      label: damaged ? `${s.defence - (s.defenceDamage as number)}` : `${s.defence}`,
      damaged,
    };
  }
  const bh = Math.max(7, font * 0.85);
  const bw = bh * 1.45;
  const total = s.badges.length * bw + (s.badges.length - 1) * 2;
  const badgeY = cy + font * 0.35 + (names ? nameFont * 1.3 : 0);
  const badges = s.badges.map((b, k) => ({
    x: cx - total / 2 + k * (bw + 2),
    y: badgeY,
    w: bw,
    h: bh,
    fill: b.fill,
    count: b.count,
    title: b.title,
  }));
  const ids = s.badges.flatMap((b) => b.ids);
  let unitIds: SectorMarks["unitIds"] = null;
  if (ids.length > 0 && p.spacing >= 36) {
    const idFont = font * 0.55;
    const shown = ids.length > 3 ? `${ids.slice(0, 3).join(" ")} +${ids.length - 3}` : ids.join(" ");
    unitIds = { x: cx, y: badgeY + bh + idFont * 1.05, size: idFont, text: shown };
  }
  return {
    id: { x: cx, y: cy + font * 0.1 },
    revenue: { x: cx, y: cy - font * 0.85, size: small, text: rev },
    pips,
    name: names ? { x: cx, y: cy + font * 0.1 + nameFont * 1.15, size: nameFont } : null,
    planet: s.industrial ? { x: cx - font * 1.5 - planetR, y: cy - font * 0.25, r: planetR } : null,
    shield,
    badges,
    unitIds,
  };
}

/** A battle's burst: a sixteen-pointed star about (x, y), its points alternately r and 0.45 r out. */
export function burstPoints(x: number, y: number, r: number): number[] {
  const pts: number[] = [];
  for (let k = 0; k < 16; k++) {
    const a = (Math.PI * 2 * k) / 16;
    const rr = k % 2 === 0 ? r : r * 0.45;
    pts.push(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  return pts;
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
  // Each empire's sectors, in the map's order (a galaxy of 5,000 sectors and hundreds of empires is walked once).
  const byOwner = new Map<EmpireId, SectorId[]>();
  for (const s of sectors) {
    const l = byOwner.get(s.owner);
    if (l) l.push(s.id);
    else byOwner.set(s.owner, [s.id]);
  }
  for (const e of empires) {
    let best: SectorId[] = [];
    for (const id of byOwner.get(e.id) ?? []) {
      const s = { id };
      if (seen.has(s.id)) continue;
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
/** Mix a CSS hex colour with white: 0 = the colour, 1 = white. */
export function tint(hex: string, amount: number): string {
  return mix(hex, [255, 255, 255], amount);
}

export function darken(hex: string, amount: number): string {
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
