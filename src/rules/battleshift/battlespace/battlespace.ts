/**
 * The Battlespace (seed 004, "Definitions"): a table measured in inches, divided
 * into 1' by 1' Sectors. One long edge is numbered 1, 2, 3... (that edge is
 * north), the other lettered A, B, C...; corner 1,A is the north-west corner.
 * Sector "5B" is the square between 4' and 5' along the length and 1' and 2'
 * along the width (the seed's own example).
 *
 * Terrain ("Space Terrain", "Planets", "Moonbases"): planets and moons are solid
 * discs with gravity wells; asteroid fields, dust clouds and nebulae are discs
 * that obscure fire, give cover and cost missiles half their number.
 * "minefields, gravity rifts and small singularities" ("Movement": "These will have
 * their own special rules", none given): always hazardous to move through; a rift and
 * a singularity are gravity wells as a planet's; a singularity is a massive body
 * (RULINGS "Minefields, gravity rifts and small singularities").
 */
import { type Point, segmentHitsCircle } from "../geometry.js";

export const SECTOR = 12;

export type TerrainKind = "planet" | "moon" | "asteroids" | "dust" | "nebula" | "minefield" | "rift" | "singularity";
export const TERRAIN_KINDS: readonly TerrainKind[] = ["planet", "moon", "asteroids", "dust", "nebula", "minefield", "rift", "singularity"];

export interface Terrain {
  id: string;
  kind: TerrainKind;
  name: string;
  x: number;
  y: number;
  /** Radius in inches (a planet "should be big. A minimum of 6", and 12" is more like it": that is the diameter). */
  radius: number;
  /**
   * "Some space terrain features may be considered hazardous to move near, such as a plasma filled nebula
   * ... These will have their own special rules that are resolved as the squadron moves": the scenario marks
   * which features are hazardous (RULINGS "Hazardous terrain").
   */
  hazardous?: boolean;
}

export interface Battlespace {
  /** Length along the numbered edge, in feet (sectors). */
  widthFt: number;
  /** Width along the lettered edge, in feet. */
  depthFt: number;
  terrain: Terrain[];
  /** "Some battles can take place where shifts cannot occur in the entire battlespace." */
  noShifting: boolean;
}

export function tableWidth(b: Battlespace): number {
  return b.widthFt * SECTOR;
}
export function tableDepth(b: Battlespace): number {
  return b.depthFt * SECTOR;
}

export interface Sector {
  col: number; // 1-based, along the numbered edge
  row: number; // 1-based: A = 1
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function sectorName(s: Sector): string {
  return `${s.col}${LETTERS[s.row - 1] ?? "?"}`;
}

/** "5B", "5,B", "B5" -> {col 5, row 2}; null when unreadable. Bounds are checked separately. */
export function parseSector(raw: string): Sector | null {
  const s = raw.trim().toUpperCase().replace(/[\s,]/g, "");
  let m = /^(\d+)([A-Z])$/.exec(s);
  if (m) return { col: Number(m[1]), row: LETTERS.indexOf(m[2] as string) + 1 };
  m = /^([A-Z])(\d+)$/.exec(s);
  if (m) return { col: Number(m[2]), row: LETTERS.indexOf(m[1] as string) + 1 };
  return null;
}

export function sectorInTable(b: Battlespace, s: Sector): boolean {
  return s.col >= 1 && s.col <= b.widthFt && s.row >= 1 && s.row <= b.depthFt;
}

export function sectorOf(p: Point): Sector {
  return { col: Math.floor(p.x / SECTOR) + 1, row: Math.floor(p.y / SECTOR) + 1 };
}

export function sectorCentre(s: Sector): Point {
  return { x: (s.col - 0.5) * SECTOR, y: (s.row - 0.5) * SECTOR };
}

export function inSector(s: Sector, p: Point): boolean {
  const x0 = (s.col - 1) * SECTOR;
  const y0 = (s.row - 1) * SECTOR;
  return p.x >= x0 - 1e-9 && p.x <= x0 + SECTOR + 1e-9 && p.y >= y0 - 1e-9 && p.y <= y0 + SECTOR + 1e-9;
}

export function onTable(b: Battlespace, p: Point): boolean {
  return p.x >= 0 && p.y >= 0 && p.x <= tableWidth(b) && p.y <= tableDepth(b);
}

/** Terrain that blocks line of sight outright (solid bodies; a singularity is a "massive body"). */
export function isSolid(t: Terrain): boolean {
  return t.kind === "planet" || t.kind === "moon" || t.kind === "singularity";
}

/** "minefields, gravity rifts and small singularities" are hazardous by nature; other features when the scenario says so. */
export function isHazardous(t: Terrain): boolean {
  return t.hazardous === true || t.kind === "minefield" || t.kind === "rift" || t.kind === "singularity";
}

/** Features whose gravity well reaches 1' from their edge, as a planet's: gravity rifts and singularities. */
function wellLikePlanet(t: Terrain): boolean {
  return t.kind === "planet" || t.kind === "rift" || t.kind === "singularity";
}

/** Terrain that obscures fire through it and gives cover to ships inside it. */
export function isObscuring(t: Terrain): boolean {
  return t.kind === "asteroids" || t.kind === "dust" || t.kind === "nebula";
}

/** "Missiles that must negotiate their way around or through planets, asteroids or dust clouds lose half of their number." */
export function hindersMissiles(t: Terrain): boolean {
  return t.kind === "planet" || t.kind === "moon" || t.kind === "asteroids" || t.kind === "dust" || t.kind === "singularity";
}

/** Hazardous features a ship's straight move from `a` to `b` enters or crosses (not one it starts in and leaves without crossing). */
export function hazardsOnPath(bs: Battlespace, a: Point, b: Point): Terrain[] {
  const out: Terrain[] = [];
  for (const t of bs.terrain) {
    if (!isHazardous(t)) continue;
    if (Math.hypot(a.x - b.x, a.y - b.y) < 1e-9) continue;
    if (segmentHitsCircle(a, b, t, t.radius)) out.push(t);
  }
  return out;
}

export function terrainCrossed(b: Battlespace, a: Point, c: Point): Terrain[] {
  const out: Terrain[] = [];
  for (const t of b.terrain) if (segmentHitsCircle(a, c, t, t.radius)) out.push(t);
  return out;
}

export function terrainAt(b: Battlespace, p: Point): Terrain[] {
  return b.terrain.filter((t) => Math.hypot(p.x - t.x, p.y - t.y) <= t.radius);
}

/** Sectors a planet sits in ("placed on the intersections of sectors - all four sectors it is in cannot be used for battleshifting"). */
function planetSectors(b: Battlespace, t: Terrain): Sector[] {
  const out: Sector[] = [];
  for (let col = 1; col <= b.widthFt; col++) {
    for (let row = 1; row <= b.depthFt; row++) {
      const x0 = (col - 1) * SECTOR;
      const y0 = (row - 1) * SECTOR;
      const nx = Math.max(x0, Math.min(t.x, x0 + SECTOR));
      const ny = Math.max(y0, Math.min(t.y, y0 + SECTOR));
      if (Math.hypot(nx - t.x, ny - t.y) < t.radius) out.push({ col, row });
    }
  }
  return out;
}

/**
 * Why a ship at `p` may not battleshift, or null when it may ("Shifts cannot be
 * made near large gravity wells (1' from planets, or the same sector as a moon)").
 * "1' from planets" is measured from the planet's surface (its rim).
 */
export function gravityWellAt(b: Battlespace, p: Point): string | null {
  if (b.noShifting) return "no battleshifting is possible anywhere in this battlespace";
  for (const t of b.terrain) {
    if (wellLikePlanet(t)) {
      const d = Math.hypot(p.x - t.x, p.y - t.y) - t.radius;
      if (d < SECTOR)
        return `within the gravity well of ${t.name}: ${Math.max(0, Math.round(d * 100) / 100)}" from its ${t.kind === "planet" ? "surface" : "edge"} (shifting needs 12")`;
    }
    if (t.kind === "moon") {
      const s = sectorOf(p);
      const m = sectorOf(t);
      if (s.col === m.col && s.row === m.row) return `in the same sector (${sectorName(s)}) as the moon ${t.name}`;
    }
  }
  return null;
}

/** Why a taskforce may not shift into sector `s`, or null when it may. */
export function sectorShiftBlocked(b: Battlespace, s: Sector): string | null {
  if (b.noShifting) return "no battleshifting is possible anywhere in this battlespace";
  if (!sectorInTable(b, s)) return `sector ${sectorName(s)} is off the table (1-${b.widthFt}, A-${LETTERS[b.depthFt - 1]})`;
  for (const t of b.terrain) {
    if (wellLikePlanet(t) && planetSectors(b, t).some((q) => q.col === s.col && q.row === s.row)) {
      return `sector ${sectorName(s)} holds the ${t.kind === "rift" ? "gravity rift" : t.kind} ${t.name}: its sectors cannot be used for battleshifting`;
    }
    if (t.kind === "moon") {
      const m = sectorOf(t);
      if (m.col === s.col && m.row === s.row) return `sector ${sectorName(s)} holds the moon ${t.name}`;
    }
  }
  return null;
}

/** The default table: 6' x 4' as the seed's playtests used, larger for bigger fleets. */
export function defaultBattlespace(totalShips: number): Battlespace {
  if (totalShips <= 200) return { widthFt: 6, depthFt: 4, terrain: [], noShifting: false };
  if (totalShips <= 500) return { widthFt: 8, depthFt: 6, terrain: [], noShifting: false };
  return { widthFt: 12, depthFt: 8, terrain: [], noShifting: false };
}
