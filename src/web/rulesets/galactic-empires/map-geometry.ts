/**
 * The browser map's geometry, plain functions of the rules' map picture (presentation/map-picture.ts), kept out of
 * the component so they read and test like the map itself:
 *  - `fitMap`: where the picture's map box sits in a frame at zoom 1 (the whole galaxy, centred, as an SVG's
 *    "xMidYMid meet" puts it), and so where a point of the picture is on the screen at any pan and zoom;
 *  - `sectorIndex` / `sectorAt`: which sector's cell holds a point (a click), by geometry over a grid of buckets,
 *    not by asking the page which element is under the pointer: the canvas has no elements;
 *  - `nextSector`: the sector cursor's move for an arrow key, the nearest sector that way (seed 003 ch. 3: the
 *    map is sectors and their borders, so a keyboard walks from sector to sector).
 */
import type { MapPicture, PictureSector } from "../../../rules/galactic-empires/presentation/map-picture.js";

/** A pan and zoom of the map: a point q of the fitted map is drawn at (x + k qx, y + k qy) in the frame. */
export interface Viewport {
  x: number;
  y: number;
  k: number;
}

/** The picture's map box fitted in a frame: picture point q is at (x + s qx, y + s qy) at zoom 1. */
export interface Fit {
  x: number;
  y: number;
  s: number;
}

export function fitMap(p: Pick<MapPicture, "map">, width: number, height: number): Fit {
  const { x, y, width: w, height: h } = p.map;
  const s = Math.max(1e-6, Math.min(width / w, height / h));
  return { x: (width - w * s) / 2 - x * s, y: (height - h * s) / 2 - y * s, s };
}

/** The affine map from the picture's pixels to the frame's CSS pixels at a viewport: screen = a + m q. */
export function toScreen(fit: Fit, v: Viewport): { ax: number; ay: number; m: number } {
  return { ax: v.x + v.k * fit.x, ay: v.y + v.k * fit.y, m: v.k * fit.s };
}

/** A point of the frame (CSS pixels) in the picture's pixels. */
export function toPicture(fit: Fit, v: Viewport, sx: number, sy: number): { x: number; y: number } {
  const t = toScreen(fit, v);
  return { x: (sx - t.ax) / t.m, y: (sy - t.ay) / t.m };
}

/** Buckets of the picture, each listing the sectors whose cells reach into it. */
export interface SectorIndex {
  x0: number;
  y0: number;
  size: number;
  cols: number;
  rows: number;
  buckets: number[][];
  sectors: readonly PictureSector[];
}

export function sectorIndex(p: Pick<MapPicture, "map" | "spacing" | "sectors">): SectorIndex {
  const size = Math.max(4, p.spacing);
  const x0 = p.map.x;
  const y0 = p.map.y;
  const cols = Math.max(1, Math.ceil(p.map.width / size));
  const rows = Math.max(1, Math.ceil(p.map.height / size));
  const buckets: number[][] = Array.from({ length: cols * rows }, () => []);
  const clampC = (v: number) => Math.min(cols - 1, Math.max(0, Math.floor((v - x0) / size)));
  const clampR = (v: number) => Math.min(rows - 1, Math.max(0, Math.floor((v - y0) / size)));
  p.sectors.forEach((s, i) => {
    const c = s.cell;
    if (c.length < 6) return;
    let xa = Number.POSITIVE_INFINITY;
    let xb = Number.NEGATIVE_INFINITY;
    let ya = Number.POSITIVE_INFINITY;
    let yb = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < c.length; k += 2) {
      xa = Math.min(xa, c[k] as number);
      xb = Math.max(xb, c[k] as number);
      ya = Math.min(ya, c[k + 1] as number);
      yb = Math.max(yb, c[k + 1] as number);
    }
    for (let r = clampR(ya); r <= clampR(yb); r++) for (let q = clampC(xa); q <= clampC(xb); q++) buckets[r * cols + q]?.push(i);
  });
  return { x0, y0, size, cols, rows, buckets, sectors: p.sectors };
}

/** Whether (x, y) is inside a polygon given as x0, y0, x1, y1, ... (crossings of a ray to the right). */
export function insidePolygon(poly: readonly number[], x: number, y: number): boolean {
  let inside = false;
  const n = poly.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = poly[i] as number;
    const yi = poly[i + 1] as number;
    const xj = poly[j] as number;
    const yj = poly[j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The sector whose cell holds the picture point (x, y), or null (outside the map). */
export function sectorAt(index: SectorIndex, x: number, y: number): PictureSector | null {
  const c = Math.floor((x - index.x0) / index.size);
  const r = Math.floor((y - index.y0) / index.size);
  if (c < 0 || r < 0 || c >= index.cols || r >= index.rows) return null;
  for (const i of index.buckets[r * index.cols + c] ?? []) {
    const s = index.sectors[i];
    if (s && insidePolygon(s.cell, x, y)) return s;
  }
  return null;
}

export type Direction = "left" | "right" | "up" | "down";
const UNIT: Record<Direction, [number, number]> = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] };

/**
 * The sector an arrow key moves the cursor to: of the sectors that way (within 60 degrees of it), the one nearest
 * along it, a sideways step counting double; null at the edge of the galaxy that way.
 */
export function nextSector(sectors: readonly PictureSector[], from: PictureSector, way: Direction): PictureSector | null {
  const [ux, uy] = UNIT[way];
  let best: PictureSector | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const s of sectors) {
    if (s === from) continue;
    const dx = s.cx - from.cx;
    const dy = s.cy - from.cy;
    const along = dx * ux + dy * uy;
    const side = Math.abs(dx * uy - dy * ux);
    if (along <= 0 || side > along * Math.sqrt(3)) continue;
    const score = along + 2 * side;
    if (score < bestScore || (score === bestScore && best !== null && s.id < best.id)) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}
