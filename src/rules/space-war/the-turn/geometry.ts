/**
 * The table's geometry (reference E.1; RULINGS.md "The table"): a flat table, positions in inches, x along the long
 * edge (0..width) and y along the short one (0..depth); a heading in degrees clockwise from +y. Craft stand on bases
 * 1" across and every distance is measured centre to centre: two craft are in **contact** within 1" (their bases
 * touch, l.462, l.508) and **adjacent** within 3" (ruling C.10, the tractor's "within 3"", l.442). Planets are circles
 * about 3" across (l.872) that block movement and any line of fire through them.
 */
import type { Planet, Point } from "../model.js";

/** A craft's base, in inches across. */
export const BASE = 1;
/** Two craft this close (centre to centre) are in contact (bases touching). */
export const CONTACT = 1;
/** Two craft this close are adjacent (ruling C.10). */
export const ADJACENT = 3;
/** The default table (reference E.1): 72" x 48", the narrow edges 48". */
export const TABLE = { width: 72, depth: 48 } as const;

export const distance = (a: Point, b: Point): number => Math.hypot(b.x - a.x, b.y - a.y);

/** The heading from `a` toward `b`, 0 ≤ h < 360 (0 when they are the same point). */
export function bearing(a: Point, b: Point): number {
  const h = (Math.atan2(b.x - a.x, b.y - a.y) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

/** The smallest angle between two headings, 0..180. */
export function angleBetween(h1: number, h2: number): number {
  const d = Math.abs((((h1 - h2) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}

/** The point `d` inches from `p` along heading `h`. */
export const along = (p: Point, h: number, d: number): Point => ({
  x: p.x + d * Math.sin((h * Math.PI) / 180),
  y: p.y + d * Math.cos((h * Math.PI) / 180),
});

/** Does the segment a-b pass through the circle (centre c, radius r)? */
export function segmentCrossesCircle(a: Point, b: Point, c: Point, r: number): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((c.x - a.x) * dx + (c.y - a.y) * dy) / len2));
  return distance({ x: a.x + t * dx, y: a.y + t * dy }, c) < r;
}

/** The first planet the segment a-b passes through (movement and fire are blocked, l.872), if any. */
export const blockingPlanet = (a: Point, b: Point, planets: readonly Planet[]): Planet | undefined =>
  planets.find((p) => segmentCrossesCircle(a, b, p.at, p.diameter / 2));

/** Is the point on a table of this size? */
export const onTheTable = (p: Point, table: { width: number; depth: number }): boolean =>
  p.x >= 0 && p.x <= table.width && p.y >= 0 && p.y <= table.depth;

/** A number to one decimal, for rulings and reports ("11.3"). */
export const inchesText = (d: number): string => `${(Math.round(d * 10) / 10).toFixed(1)}"`;
