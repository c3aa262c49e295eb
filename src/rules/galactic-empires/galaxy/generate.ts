/**
 * The galaxy generator: a whole starting GameState from a seed and a spec (how
 * many sectors, which empires, where chapter 8 places each). Pure and
 * deterministic: the same spec and seed give the same galaxy, byte for byte.
 *
 * The rulebook's own map is not in the seed; chapters 3, 5, 7 and 8 say what a
 * map holds, and this builds one faithfully:
 *  - sectors at jittered points of a grid (one point per cell), ids in reading
 *    order (left to right, top to bottom) so a printed map is easy to search;
 *  - borders: the Gabriel graph of the points (two sectors border when no other
 *    sector lies in the circle whose diameter joins them). It is planar (a
 *    subgraph of the Delaunay triangulation), contains the minimum spanning
 *    tree (so it is connected) and gives about four neighbours a sector. The
 *    test is done in integers (tenths of a drawing unit), so it is exact;
 *  - barrier borders (chapter 3, "Barriers": "asteroid fields, time-space
 *    anomalies, dangerous nebulae"): borders crossed by a few random "rifts",
 *    except those of a random spanning tree, so every sector stays reachable;
 *  - empires (chapter 8: "The different empires begin in a roughly equal
 *    standing"): a capital nearest the spot chapter 8 names, grown round-robin
 *    to the same number of home sectors for everyone, the same revenues,
 *    defences, industrial centres, treasury and starting forces of the same
 *    build value, bought by the same recipe from the empire's builder;
 *  - independents (chapter 8: "many independent sectors, that claim loyalty to
 *    no empire (these will attack intruders)"): revenues, some defences,
 *    industrial centres, garrisons;
 *  - industrial centres (chapter 7: "Each industrial center has different
 *    starships available, based on the region"; chapter 5: the same build list
 *    throughout the game): an empire's centres build its builder's starships;
 *    an independent centre builds the starships of the empire whose capital is
 *    nearest if it is within `regionRadius`, else Federation-c ("found usually
 *    in the hands of independents", the note ending chapter 7).
 *
 * Cost is about linear in the number of sectors: every neighbour search goes
 * through the grid of cells, which holds at most one sector each.
 */
import { mixSeed, Rng } from "../../../core/rng.js";
import { STARSHIP_TYPES, type StarshipTypeData } from "../catalog.js";
import type { StarshipClass } from "../catalog-types.js";
import {
  type Admiral,
  type Border,
  DEFAULT_SETTINGS,
  type Empire,
  type EmpireId,
  type GameState,
  INDEPENDENT,
  newUnit,
  type Rank,
  type Sector,
  type Settings,
  type ShipStack,
  type Status,
  type Unit,
} from "../model.js";
import { assignColours } from "./colours.js";
import { sectorNamer } from "./names.js";

export const MIN_SECTORS = 50;
export const MAX_SECTORS = 5000;
/** Drawing units from one grid cell to the next: neighbouring sectors are about this far apart. */
export const CELL = 10;
/** Positions are computed in tenths of a drawing unit, as integers, so geometry tests are exact. */
const SUB = 10;
const C = CELL * SUB;
/** Builder of most independents' industrial centres (the note ending chapter 7). */
export const INDEPENDENT_BUILDER = "Federation-c";

export interface EmpireSpec {
  id: EmpireId;
  name: string;
  ruler: string;
  /** Builder whose starships its industrial centres build ("Klingon", "Federation-b"). */
  builder: string;
  /** Where chapter 8 places it: x 0 (west edge) to 1 (east edge), y 0 (north edge) to 1 (south edge). */
  at: { x: number; y: number };
  /** Name of the capital sector (its homeworld). */
  capital: string;
  /** Name of its starting admiral. */
  admiral: string;
}

export interface GalaxySpec {
  name: string;
  scenario: string;
  /** Number of sectors, MIN_SECTORS to MAX_SECTORS. */
  sectors: number;
  /** Width / height of the map. */
  aspect: number;
  empires: readonly EmpireSpec[];
  /** Home sectors of every empire, capital included. */
  homeSize: number;
  treasury: number;
  status: Status;
  /** Barrier rifts per 100 sectors. */
  rifts: number;
  /** Share (0..1) of independent sectors that hold an industrial centre. */
  industryShare: number;
  /** In cells: an independent centre this close to a capital builds that empire's starships. */
  regionRadius: number;
  settings?: Partial<Settings>;
}

export const DEFAULT_SPEC: Omit<GalaxySpec, "name" | "scenario" | "sectors" | "empires"> = {
  aspect: 1.6,
  homeSize: 5,
  treasury: 60,
  status: "royalty",
  rifts: 2.5,
  industryShare: 0.1,
  regionRadius: 2.4,
};

// --- Geometry ---------------------------------------------------------------------

export interface Geometry {
  cols: number;
  rows: number;
  /** Map size in drawing units. */
  width: number;
  height: number;
  /** Point i (sector id i+1) at (px[i], py[i]) in tenths of a drawing unit. */
  px: Int32Array;
  py: Int32Array;
  /** Borders as index pairs a < b, sorted. */
  edges: [number, number][];
}

/**
 * Jittered grid points and their Gabriel graph. `n` points exactly: the grid has
 * at most one row's worth of extra cells, removed at random (never two
 * neighbouring cells, so no large hole opens).
 */
export function galaxyGeometry(n: number, aspect: number, rng: Rng): Geometry {
  if (!Number.isInteger(n) || n < 4) throw new RangeError(`galaxyGeometry: need at least 4 points, got ${n}`);
  const cols = Math.max(2, Math.round(Math.sqrt(n * aspect)));
  const rows = Math.ceil(n / cols);
  const cells = cols * rows;
  const removed = new Uint8Array(cells);
  let excess = cells - n;
  if (excess > 0) {
    const order = rng.shuffle(Array.from({ length: cells }, (_, i) => i));
    const blocked = new Uint8Array(cells);
    for (const pass of [0, 1]) {
      for (const c of order) {
        if (excess === 0) break;
        if (removed[c] || (pass === 0 && blocked[c])) continue;
        removed[c] = 1;
        excess--;
        const cc = c % cols;
        const cr = (c - cc) / cols;
        for (let dr = -1; dr <= 1; dr++)
          for (let dc = -1; dc <= 1; dc++) {
            const r = cr + dr;
            const k = cc + dc;
            if (r >= 0 && r < rows && k >= 0 && k < cols) blocked[r * cols + k] = 1;
          }
      }
    }
  }
  const grid = new Int32Array(cells).fill(-1);
  const px = new Int32Array(n);
  const py = new Int32Array(n);
  let i = 0;
  for (let c = 0; c < cells; c++) {
    if (removed[c]) continue;
    const cc = c % cols;
    const cr = (c - cc) / cols;
    // Anywhere in the middle 60% of the cell: points of different cells stay 4 units apart.
    px[i] = cc * C + rng.int((2 * C) / 10, C - (2 * C) / 10);
    py[i] = cr * C + rng.int((2 * C) / 10, C - (2 * C) / 10);
    grid[c] = i;
    i++;
  }
  let edges = gabrielEdges(px, py, grid, cols, rows, 3);
  if (!connected(n, edges)) edges = gabrielEdges(px, py, grid, cols, rows, 8);
  if (!connected(n, edges)) throw new Error("galaxyGeometry: the border graph is not connected (cannot happen for a Gabriel graph)");
  return { cols, rows, width: cols * CELL, height: rows * CELL, px, py, edges };
}

/**
 * Gabriel graph: p and q border when no third point lies in the closed disk with
 * diameter pq, i.e. |2r - p - q|^2 <= |p - q|^2 for no r. Candidates are looked
 * for within `reach` cells; the disk is searched cell by cell.
 */
function gabrielEdges(px: Int32Array, py: Int32Array, grid: Int32Array, cols: number, rows: number, reach: number): [number, number][] {
  const n = px.length;
  const edges: [number, number][] = [];
  for (let p = 0; p < n; p++) {
    const x = px[p] as number;
    const y = py[p] as number;
    const pc = Math.floor(x / C);
    const pr = Math.floor(y / C);
    for (let r = Math.max(0, pr - reach); r <= Math.min(rows - 1, pr + reach); r++) {
      for (let c = Math.max(0, pc - reach); c <= Math.min(cols - 1, pc + reach); c++) {
        const q = grid[r * cols + c] as number;
        if (q <= p) continue;
        const qx = px[q] as number;
        const qy = py[q] as number;
        const dx = qx - x;
        const dy = qy - y;
        const d2 = dx * dx + dy * dy;
        const sx = x + qx;
        const sy = y + qy;
        const rad = Math.sqrt(d2) / 2;
        const c0 = Math.max(0, Math.floor((sx / 2 - rad) / C));
        const c1 = Math.min(cols - 1, Math.floor((sx / 2 + rad) / C));
        const r0 = Math.max(0, Math.floor((sy / 2 - rad) / C));
        const r1 = Math.min(rows - 1, Math.floor((sy / 2 + rad) / C));
        let empty = true;
        for (let rr = r0; rr <= r1 && empty; rr++) {
          for (let cc = c0; cc <= c1; cc++) {
            const o = grid[rr * cols + cc] as number;
            if (o < 0 || o === p || o === q) continue;
            const ex = 2 * (px[o] as number) - sx;
            const ey = 2 * (py[o] as number) - sy;
            if (ex * ex + ey * ey <= d2) {
              empty = false;
              break;
            }
          }
        }
        if (empty) edges.push([p, q]);
      }
    }
  }
  return edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

class UnionFind {
  private parent: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
  }
  find(a: number): number {
    let r = a;
    while (this.parent[r] !== r) r = this.parent[r] as number;
    let x = a;
    while (this.parent[x] !== r) {
      const next = this.parent[x] as number;
      this.parent[x] = r;
      x = next;
    }
    return r;
  }
  union(a: number, b: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    this.parent[ra] = rb;
    return true;
  }
}

function connected(n: number, edges: readonly (readonly [number, number])[]): boolean {
  const uf = new UnionFind(n);
  let parts = n;
  for (const [a, b] of edges) if (uf.union(a, b)) parts--;
  return parts === 1;
}

/** Whether segments ab and cd properly cross (share a point that is not an end of both). Exact for integers. */
export function segmentsCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4 && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0) return true;
  // Collinear overlaps and a point lying inside the other segment also count as crossing.
  const on = (px: number, py: number, qx: number, qy: number, rx: number, ry: number) =>
    Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry && ry <= Math.max(py, qy);
  const endpoint = (x: number, y: number) => (x === ax && y === ay) || (x === bx && y === by);
  if (o1 === 0 && on(ax, ay, bx, by, cx, cy) && !endpoint(cx, cy)) return true;
  if (o2 === 0 && on(ax, ay, bx, by, dx, dy) && !endpoint(dx, dy)) return true;
  const endpoint2 = (x: number, y: number) => (x === cx && y === cy) || (x === dx && y === dy);
  if (o3 === 0 && on(cx, cy, dx, dy, ax, ay) && !endpoint2(ax, ay)) return true;
  if (o4 === 0 && on(cx, cy, dx, dy, bx, by) && !endpoint2(bx, by)) return true;
  return false;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
}

/**
 * Barrier borders: those crossed by a rift (a random segment one to two and a
 * half cells long each way), except the borders of a spanning tree built
 * preferring borders no rift crosses. Barriers therefore form short walls, and
 * every sector remains reachable from every other.
 */
export function chooseBarriers(geo: Geometry, rifts: number, rng: Rng): boolean[] {
  const { px, py, edges } = geo;
  const W = geo.cols * C;
  const H = geo.rows * C;
  const list: [number, number, number, number][] = [];
  for (let k = 0; k < rifts; k++) {
    const cx = rng.int(0, W);
    const cy = rng.int(0, H);
    let hx = 0;
    let hy = 0;
    for (;;) {
      hx = rng.int(-(5 * C) / 2, (5 * C) / 2);
      hy = rng.int(-(5 * C) / 2, (5 * C) / 2);
      const l2 = hx * hx + hy * hy;
      if (l2 >= C * C && l2 <= (25 * C * C) / 4) break;
    }
    list.push([cx - hx, cy - hy, cx + hx, cy + hy]);
  }
  const crossed = edges.map(([a, b]) => {
    const ax = px[a] as number;
    const ay = py[a] as number;
    const bx = px[b] as number;
    const by = py[b] as number;
    for (const [x1, y1, x2, y2] of list) {
      if (Math.max(x1, x2) < Math.min(ax, bx) || Math.min(x1, x2) > Math.max(ax, bx)) continue;
      if (Math.max(y1, y2) < Math.min(ay, by) || Math.min(y1, y2) > Math.max(ay, by)) continue;
      if (segmentsCross(ax, ay, bx, by, x1, y1, x2, y2)) return true;
    }
    return false;
  });
  const keys = edges.map(() => rng.nextUint32());
  const order = edges
    .map((_, i) => i)
    .sort((a, b) => Number(crossed[a]) - Number(crossed[b]) || (keys[a] as number) - (keys[b] as number) || a - b);
  const uf = new UnionFind(px.length);
  const tree = new Uint8Array(edges.length);
  for (const e of order) {
    const [a, b] = edges[e] as [number, number];
    if (uf.union(a, b)) tree[e] = 1;
  }
  return crossed.map((c, e) => c && !tree[e]);
}

// --- Starting forces ----------------------------------------------------------------

/** The catalogue's types by builder, in catalogue order: built once at load, never written afterwards. */
const BY_BUILDER: ReadonlyMap<string, readonly StarshipTypeData[]> = new Map(
  [...new Set(STARSHIP_TYPES.map((t) => t.builder))].map((b) => [b, STARSHIP_TYPES.filter((t) => t.builder === b)]),
);

/** The builders of the catalogue (chapter 7, "STARSHIP LIST BY BUILDER"). */
export function builders(): string[] {
  return [...BY_BUILDER.keys()];
}

/** The builder's starship types in catalogue order (scout first, battleship last). */
export function typesOf(builder: string): readonly StarshipTypeData[] {
  const l = BY_BUILDER.get(builder);
  if (!l) throw new Error(`no builder "${builder}" in the catalogue; builders: ${builders().join(", ")}`);
  return l;
}

function typeOfClass(builder: string, cls: StarshipClass): StarshipTypeData | undefined {
  return typesOf(builder).find((t) => t.class === cls);
}

interface Recipe {
  budget: number;
  /** Bought first, as long as the budget allows: [class, count, rank]. */
  buy: [StarshipClass, number, Rank][];
  /** Then the rest of the budget in this class (at least one starship in all). */
  fill: [StarshipClass, Rank] | null;
}

/**
 * Buys starships of `builder` by a recipe. `carry` is the budget left over by the
 * previous purchase, so one empire's forces add up to its total budget less at
 * most the cost of one filler starship.
 */
function buy(builder: string, recipe: Recipe, carry: number): { ships: ShipStack[]; left: number } {
  let left = recipe.budget + carry;
  const stacks = new Map<string, ShipStack>();
  const add = (t: StarshipTypeData, rank: Rank, count: number) => {
    if (count <= 0) return;
    const key = `${t.id}|${rank}`;
    const s = stacks.get(key);
    if (s) s.count += count;
    else stacks.set(key, { type: t.id, rank, count, used: 0 });
    left -= t.build * count;
  };
  for (const [cls, count, rank] of recipe.buy) {
    const t = typeOfClass(builder, cls);
    if (t) add(t, rank, Math.min(count, Math.floor(left / t.build)));
  }
  if (recipe.fill) {
    const t = typeOfClass(builder, recipe.fill[0]) ?? cheapest(builder);
    add(t, recipe.fill[1], Math.floor(left / t.build));
  }
  if (stacks.size === 0) add(cheapest(builder), 1, 1);
  const ships = [...stacks.values()].sort((a, b) => a.rank - b.rank || (a.type < b.type ? -1 : 1));
  return { ships, left };
}

function cheapest(builder: string): StarshipTypeData {
  return [...typesOf(builder)].sort((a, b) => a.build - b.build || (a.id < b.id ? -1 : 1))[0] as StarshipTypeData;
}

/**
 * Every empire's starting forces, bought from its own builder with the same
 * budgets (chapter 8, "roughly equal standing"): fodder in rank 1, heavies behind
 * (chapter 4 "Ranks": "put your worst starships up front").
 */
export const START_RECIPES = {
  scouts: { budget: 4, buy: [["Scout", 1, 1]], fill: null } as Recipe,
  homeGarrison: { budget: 8, buy: [], fill: ["Destroyer", 1] } as Recipe,
  firstFleet: {
    budget: 40,
    buy: [
      ["Battlecruiser", 1, 5],
      ["Strike Cruiser", 1, 3],
    ],
    fill: ["Destroyer", 1],
  } as Recipe,
  capitalGarrison: {
    budget: 48,
    buy: [
      ["Heavy Cruiser", 1, 4],
      ["Light Cruiser", 2, 2],
    ],
    fill: ["Destroyer", 1],
  } as Recipe,
};

/** Total build value of an empire's starting forces for a home of `homeSize` sectors. */
export function startingBudget(homeSize: number): number {
  const r = START_RECIPES;
  return r.scouts.budget + (homeSize - 1) * r.homeGarrison.budget + r.firstFleet.budget + r.capitalGarrison.budget;
}

// --- The galaxy ----------------------------------------------------------------------

/** Home sectors' fixed values: the same for every empire. */
const CAPITAL_REVENUE = 14;
const HOME_REVENUE = 8;
const CAPITAL_DEFENCE = 2;
const SECOND_CENTRE_DEFENCE = 1;
const CAPITAL_MAX_BUILD = 8;
const SECOND_CENTRE_MAX_BUILD = 4;
const SECOND_CENTRE_CLASSES: StarshipClass[] = ["Scout", "Destroyer", "Light Cruiser", "Strike Cruiser"];

export interface GalaxyLayout {
  geometry: Geometry;
  /** Sector id of each empire's capital, by empire id. */
  capitals: Record<EmpireId, number>;
  /** Home sector ids by empire id, capital first. */
  homes: Record<EmpireId, number[]>;
}

/** The galaxy of `spec` for `seed`. */
export function generateGalaxy(spec: GalaxySpec, seed: number): GameState {
  return generateGalaxyWithLayout(spec, seed).state;
}

export function generateGalaxyWithLayout(spec: GalaxySpec, seed: number): { state: GameState; layout: GalaxyLayout } {
  const n = spec.sectors;
  if (!Number.isInteger(n) || n < MIN_SECTORS || n > MAX_SECTORS)
    throw new RangeError(`a galaxy has ${MIN_SECTORS} to ${MAX_SECTORS} sectors, not ${n}`);
  const ids = new Set<string>();
  for (const e of spec.empires) {
    if (ids.has(e.id) || e.id === INDEPENDENT) throw new Error(`empire id "${e.id}" is repeated or reserved`);
    ids.add(e.id);
    typesOf(e.builder);
  }
  // One generator per purpose: changing how one part draws leaves the others as they were.
  const stream = (purpose: string) => Rng.fromSeed(mixSeed(seed, n, `galaxy:${purpose}`));
  const geo = galaxyGeometry(n, spec.aspect, stream("geometry"));
  const barrier = chooseBarriers(geo, Math.round((n * spec.rifts) / 100), stream("barriers"));

  const adj: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of geo.edges) {
    adj[a]?.push(b);
    adj[b]?.push(a);
  }
  const dist2 = (i: number, x: number, y: number) => {
    const dx = (geo.px[i] as number) - x;
    const dy = (geo.py[i] as number) - y;
    return dx * dx + dy * dy;
  };

  // Empires: capitals nearest chapter 8's spots, then homes grown round-robin.
  const homeOf = new Int32Array(n).fill(-1);
  const nearCapital = new Uint8Array(n);
  const capitals: number[] = [];
  const W = geo.cols * C;
  const H = geo.rows * C;
  spec.empires.forEach((e, k) => {
    const tx = e.at.x * W;
    const ty = e.at.y * H;
    // The nearest free sector at least two borders from other capitals (ties: lower id).
    const nearest = (ok: (i: number) => boolean) => {
      let best = -1;
      for (let i = 0; i < n; i++) if (ok(i) && (best === -1 || dist2(i, tx, ty) < dist2(best, tx, ty))) best = i;
      return best;
    };
    let cap = nearest((i) => homeOf[i] === -1 && !nearCapital[i]);
    if (cap === -1) cap = nearest((i) => homeOf[i] === -1);
    if (cap === -1) throw new Error(`no room for the capital of ${e.id}`);
    homeOf[cap] = k;
    capitals.push(cap);
    // Keep other capitals two borders away, so every home can grow.
    for (const a of adj[cap] ?? []) {
      nearCapital[a] = 1;
      for (const b of adj[a] ?? []) nearCapital[b] = 1;
    }
    nearCapital[cap] = 1;
  });
  const homes: number[][] = capitals.map((c) => [c]);
  const touchesOther = (i: number, k: number) => (adj[i] ?? []).some((j) => homeOf[j] !== -1 && homeOf[j] !== k);
  for (let round = 1; round < spec.homeSize; round++) {
    for (let s = 0; s < spec.empires.length; s++) {
      const k = (s + round - 1) % spec.empires.length;
      const home = homes[k] as number[];
      const cap = capitals[k] as number;
      const cx = geo.px[cap] as number;
      const cy = geo.py[cap] as number;
      let best = -1;
      for (const strict of [true, false]) {
        for (const h of home)
          for (const j of adj[h] ?? []) {
            if (homeOf[j] !== -1 || (strict && touchesOther(j, k))) continue;
            if (best === -1 || dist2(j, cx, cy) < dist2(best, cx, cy) || (dist2(j, cx, cy) === dist2(best, cx, cy) && j < best)) best = j;
          }
        if (best !== -1) break;
      }
      if (best === -1)
        throw new Error(`cannot give ${spec.empires[k]?.id} ${spec.homeSize} home sectors: the galaxy of ${n} sectors is too crowded`);
      homeOf[best] = k;
      home.push(best);
    }
  }

  // Sectors.
  const reserved = spec.empires.map((e) => e.capital);
  const nextName = sectorNamer(stream("names"), reserved);
  const attrs = stream("sectors");
  const regionBuilder = (i: number): string => {
    let bestK = -1;
    let bestD = Number.POSITIVE_INFINITY;
    capitals.forEach((c, k) => {
      const d = dist2(i, geo.px[c] as number, geo.py[c] as number);
      if (d < bestD) {
        bestD = d;
        bestK = k;
      }
    });
    const r = spec.regionRadius * C;
    return bestK >= 0 && bestD <= r * r ? (spec.empires[bestK]?.builder ?? INDEPENDENT_BUILDER) : INDEPENDENT_BUILDER;
  };
  const sectors: Sector[] = [];
  const builderOf: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = homeOf[i] as number;
    const e = k >= 0 ? spec.empires[k] : undefined;
    const isCapital = e !== undefined && capitals[k] === i;
    const owner = e ? e.id : INDEPENDENT;
    // Independents: 4-13 resources, mostly 7-10; defences mostly none (chapter 5, "Sector Revenue" and "Sector defences").
    const revenue = e ? (isCapital ? CAPITAL_REVENUE : HOME_REVENUE) : 2 + attrs.int(1, 6) + attrs.int(1, 5);
    const defence = e ? (isCapital ? CAPITAL_DEFENCE : 0) : attrs.weighted([70, 20, 8, 2]);
    sectors.push({
      id: i + 1,
      name: isCapital && e ? e.capital : "",
      x: (geo.px[i] as number) / SUB,
      y: (geo.py[i] as number) / SUB,
      owner,
      annexedTo: e ? e.id : null,
      annexDrift: 0,
      revenue,
      damage: 0,
      defence: { level: defence, damage: 0 },
      industry: null,
      permission: [],
    });
    builderOf.push(e ? e.builder : regionBuilder(i));
  }
  for (const s of sectors) if (s.name === "") s.name = nextName();

  // Home industrial centres: the capital builds everything, the first-grown home sector four light classes.
  spec.empires.forEach((e, k) => {
    const home = homes[k] as number[];
    const cap = sectors[home[0] as number] as Sector;
    cap.industry = { maxBuild: CAPITAL_MAX_BUILD, builds: typesOf(e.builder).map((t) => t.id) };
    const second = home[1] === undefined ? undefined : sectors[home[1]];
    if (second) {
      second.industry = {
        maxBuild: SECOND_CENTRE_MAX_BUILD,
        builds: typesOf(e.builder)
          .filter((t) => SECOND_CENTRE_CLASSES.includes(t.class))
          .map((t) => t.id),
      };
      second.defence.level = SECOND_CENTRE_DEFENCE;
      second.revenue = HOME_REVENUE + 2;
    }
  });
  // Independent industrial centres: never next to another centre.
  const independents = sectors.filter((s) => s.owner === INDEPENDENT).map((s) => s.id - 1);
  const target = Math.round(independents.length * spec.industryShare);
  let made = 0;
  for (const i of attrs.shuffle([...independents])) {
    if (made >= target) break;
    if ((adj[i] ?? []).some((j) => sectors[j]?.industry)) continue;
    const s = sectors[i] as Sector;
    const types = typesOf(builderOf[i] as string);
    const must = types.filter((t) => t.class === "Destroyer" || t.class === "Light Cruiser");
    const rest = types.filter((t) => !must.includes(t));
    const extra = attrs.shuffle([...rest]).slice(0, attrs.int(1, Math.max(1, rest.length)));
    s.industry = {
      maxBuild: attrs.int(2, 5),
      builds: types.filter((t) => must.includes(t) || extra.includes(t)).map((t) => t.id),
    };
    s.defence.level = Math.min(4, s.defence.level + 1);
    s.revenue += 3;
    made++;
  }

  // Borders; no barrier inside a home.
  const borders: Border[] = geo.edges.map(([a, b], e) => ({
    a: a + 1,
    b: b + 1,
    barrier: (barrier[e] ?? false) && !(homeOf[a] !== -1 && homeOf[a] === homeOf[b]),
  }));

  // Forces.
  const units: Record<string, Unit> = {};
  const admirals: Record<string, Admiral> = {};
  const unit = (id: string, kind: Unit["kind"], owner: EmpireId, name: string, sector: number, ships: ShipStack[]): Unit => {
    const u = newUnit({ id, kind, owner, name, sector, ships });
    units[id] = u;
    return u;
  };
  let nextUnit = 1;
  let nextAdmiral = 1;
  const empires: Record<EmpireId, Empire> = {};
  const sortedHomes = spec.empires.map((_, k) => homes[k] as number[]);
  spec.empires.forEach((e, k) => {
    const home = sortedHomes[k] as number[];
    const cap = (home[0] as number) + 1;
    let carry = 0;
    const scouts = buy(e.builder, START_RECIPES.scouts, carry);
    carry = scouts.left;
    const garrisons = home.slice(1).map((i) => {
      const g = buy(e.builder, START_RECIPES.homeGarrison, carry);
      carry = g.left;
      return [i + 1, g.ships] as const;
    });
    const fleet = buy(e.builder, START_RECIPES.firstFleet, carry);
    carry = fleet.left;
    const capital = buy(e.builder, START_RECIPES.capitalGarrison, carry);
    unit(`G${cap}`, "garrison", e.id, `Garrison of ${sectors[cap - 1]?.name}`, cap, capital.ships);
    for (const [sid, ships] of garrisons) unit(`G${sid}`, "garrison", e.id, `Garrison of ${sectors[sid - 1]?.name}`, sid, ships);
    const first = unit(`A${nextUnit++}`, "starfleet", e.id, "First Fleet", cap, fleet.ships);
    unit(`A${nextUnit++}`, "starfleet", e.id, "Scout Wing", cap, scouts.ships);
    const adm = `ADM${nextAdmiral++}`;
    admirals[adm] = { id: adm, owner: e.id, name: e.admiral, tactics: 30, siegecraft: 20, combat: 10, hits: 1, unit: first.id };
    first.admirals = [adm];
    first.leader = adm;
    empires[e.id] = {
      id: e.id,
      name: e.name,
      ruler: e.ruler,
      status: spec.status,
      treasury: spec.treasury,
      // Set below, once every empire's place is known (galaxy/colours.ts).
      colour: "#888888",
      builder: e.builder,
      defeated: false,
      scouted: [],
      toward: {},
      nextFleetNumber: 1,
    };
  });
  // Independent garrisons: every industrial centre (chapter 3: it "will always have a
  // garrison"), every defended sector, and two sectors in five of the rest.
  const garrisonRng = stream("garrisons");
  for (const s of sectors) {
    if (s.owner !== INDEPENDENT) continue;
    const builder = builderOf[s.id - 1] as string;
    let recipe: Recipe | null = null;
    if (s.industry) recipe = { budget: garrisonRng.int(16, 28), buy: [["Light Cruiser", 1, 2]], fill: ["Destroyer", 1] };
    else if (s.defence.level > 0) recipe = { budget: garrisonRng.int(5, 10), buy: [], fill: ["Destroyer", 1] };
    else if (garrisonRng.chance(40)) recipe = { budget: garrisonRng.int(3, 8), buy: [], fill: ["Destroyer", 1] };
    if (recipe) unit(`G${s.id}`, "garrison", INDEPENDENT, `Garrison of ${s.name}`, s.id, buy(builder, recipe, 0).ships);
  }

  const state: GameState = {
    ruleset: "galactic-empires",
    version: 1,
    name: spec.name,
    scenario: spec.scenario,
    seed,
    turn: 1,
    settings: { ...DEFAULT_SETTINGS, ...spec.settings },
    empires,
    relations: {},
    sectors,
    borders,
    units,
    admirals,
    nextUnit,
    nextAdmiral,
  };
  // Banners: empires near each other differ most, for normal and red-green colour-blind vision alike.
  const banners = assignColours(sectors, borders, Object.keys(empires));
  for (const [id, c] of Object.entries(banners)) (empires[id] as Empire).colour = c;
  const layout: GalaxyLayout = { geometry: geo, capitals: {}, homes: {} };
  spec.empires.forEach((e, k) => {
    layout.capitals[e.id] = (capitals[k] as number) + 1;
    layout.homes[e.id] = (homes[k] as number[]).map((i) => i + 1);
  });
  return { state, layout };
}
