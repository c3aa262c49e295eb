/**
 * Battleshift geometry: the table is measured in inches ("Battlespace", seed 004
 * "Definitions"). Points are {x, y} with x along the numbered (north) edge,
 * growing east, and y growing south, away from the north edge; sector 1,A is the
 * north-west corner. Bearings and facings are compass degrees: 0 = north (-y),
 * 90 = east (+x), 180 = south, 270 = west, so a facing can be "written down" as the
 * seed's order sheets ask.
 *
 * Everything is plain arithmetic on numbers (no allocation in the hot helpers that
 * take coordinates), because line of sight runs these checks many times a turn.
 */

export interface Point {
  x: number;
  y: number;
}

/** Tolerance for measurements: 1/1000 inch and 1/100 degree are "exactly" on the line. */
export const EPS = 1e-6;
export const DEG_EPS = 0.01;

export function dist(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

export function dist2(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  return dx * dx + dy * dy;
}

/** An angle in [0, 360). */
export function normDeg(d: number): number {
  const r = d % 360;
  return r < 0 ? r + 360 : r === 0 ? 0 : r;
}

/** Signed turn from bearing a to bearing b, in (-180, 180]: positive is clockwise (to starboard). */
export function angleDiff(a: number, b: number): number {
  let d = normDeg(b - a);
  if (d > 180) d -= 360;
  return d;
}

/** Compass bearing from one point to another (0 when they coincide). */
export function bearing(from: Point, to: Point): number {
  return bearingXY(from.x, from.y, to.x, to.y);
}

export function bearingXY(fx: number, fy: number, tx: number, ty: number): number {
  const dx = tx - fx;
  const dy = ty - fy;
  if (dx === 0 && dy === 0) return 0;
  return normDeg((Math.atan2(dx, -dy) * 180) / Math.PI);
}

/** The point `d` inches from `p` along compass `heading`. */
export function offset(p: Point, heading: number, d: number): Point {
  const r = (heading * Math.PI) / 180;
  return { x: p.x + Math.sin(r) * d, y: p.y - Math.cos(r) * d };
}

/** Point on segment a-b at fraction t. */
export function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/**
 * Is compass bearing `b` inside an arc `width` degrees wide centred on `centre`?
 * The edges count as inside (a target exactly on the edge of a 90 degree arc is in arc).
 */
export function inArc(centre: number, width: number, b: number): boolean {
  if (width >= 360) return true;
  return Math.abs(angleDiff(centre, b)) <= width / 2 + DEG_EPS;
}

/** Distance from point p to segment a-b. */
export function segmentPointDistance(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  return Math.hypot(ax + t * dx - px, ay + t * dy - py);
}

/** Fraction along a-b of the point of the segment closest to p (0..1). */
export function closestT(a: Point, b: Point, p: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return 0;
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  return t < 0 ? 0 : Math.min(t, 1);
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Do segments a-b and c-d cross or touch? */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orient(a.x, a.y, b.x, b.y, c.x, c.y);
  const o2 = orient(a.x, a.y, b.x, b.y, d.x, d.y);
  const o3 = orient(c.x, c.y, d.x, d.y, a.x, a.y);
  const o4 = orient(c.x, c.y, d.x, d.y, b.x, b.y);
  if (((o1 > EPS && o2 < -EPS) || (o1 < -EPS && o2 > EPS)) && ((o3 > EPS && o4 < -EPS) || (o3 < -EPS && o4 > EPS))) return true;
  // Touching or collinear: fall back to distances.
  return (
    segmentPointDistance(a.x, a.y, b.x, b.y, c.x, c.y) <= EPS ||
    segmentPointDistance(a.x, a.y, b.x, b.y, d.x, d.y) <= EPS ||
    segmentPointDistance(c.x, c.y, d.x, d.y, a.x, a.y) <= EPS ||
    segmentPointDistance(c.x, c.y, d.x, d.y, b.x, b.y) <= EPS
  );
}

/** Shortest distance between segments a-b and c-d. */
export function segmentSegmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  if (segmentsIntersect(a, b, c, d)) return 0;
  return Math.min(
    segmentPointDistance(a.x, a.y, b.x, b.y, c.x, c.y),
    segmentPointDistance(a.x, a.y, b.x, b.y, d.x, d.y),
    segmentPointDistance(c.x, c.y, d.x, d.y, a.x, a.y),
    segmentPointDistance(c.x, c.y, d.x, d.y, b.x, b.y),
  );
}

/** Monotone chain: add `p` to a half hull, first dropping the last points while they make a straight or non-convex turn with it. */
function pushHullPoint(chain: Point[], p: Point): void {
  while (chain.length >= 2) {
    const a = chain[chain.length - 2] as Point;
    const b = chain[chain.length - 1] as Point;
    if (orient(a.x, a.y, b.x, b.y, p.x, p.y) <= EPS) chain.pop();
    else break;
  }
  chain.push(p);
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in screen terms; fewer than 3 distinct points give those points. */
export function convexHull(points: readonly Point[]): Point[] {
  const pts = [...points].sort((p, q) => p.x - q.x || p.y - q.y);
  const uniq: Point[] = [];
  for (const p of pts) {
    const last = uniq[uniq.length - 1];
    if (!last || Math.abs(last.x - p.x) > EPS || Math.abs(last.y - p.y) > EPS) uniq.push(p);
  }
  if (uniq.length < 3) return uniq;
  const lower: Point[] = [];
  for (const p of uniq) pushHullPoint(lower, p);
  const upper: Point[] = [];
  for (let i = uniq.length - 1; i >= 0; i--) pushHullPoint(upper, uniq[i] as Point);
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Is p inside (or on) convex polygon `hull` (>= 3 points, either orientation)? */
export function pointInConvex(hull: readonly Point[], p: Point): boolean {
  if (hull.length < 3) return false;
  let sign = 0;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i] as Point;
    const b = hull[(i + 1) % hull.length] as Point;
    const o = orient(a.x, a.y, b.x, b.y, p.x, p.y);
    if (Math.abs(o) <= EPS) continue;
    const s = o > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/**
 * The area a squadron occupies: the convex hull of its ships, widened by the
 * radius of a ship's base. A segment "passes through" it when it comes within
 * `radius` of the hull (or crosses it).
 */
export interface Body {
  hull: Point[];
  radius: number;
  /** Bounding box widened by the radius, for a quick reject. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function bodyOf(points: readonly Point[], radius: number): Body {
  const hull = convexHull(points);
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { hull, radius, minX: minX - radius, minY: minY - radius, maxX: maxX + radius, maxY: maxY + radius };
}

/** Shortest distance from segment a-b to a body's hull (0 if it crosses the hull). */
export function segmentBodyDistance(a: Point, b: Point, body: Body): number {
  const h = body.hull;
  if (h.length === 0) return Number.POSITIVE_INFINITY;
  if (h.length === 1) {
    const p = h[0] as Point;
    return segmentPointDistance(a.x, a.y, b.x, b.y, p.x, p.y);
  }
  if (h.length >= 3 && (pointInConvex(h, a) || pointInConvex(h, b))) return 0;
  let best = Number.POSITIVE_INFINITY;
  const n = h.length === 2 ? 1 : h.length;
  for (let i = 0; i < n; i++) {
    const d = segmentSegmentDistance(a, b, h[i] as Point, h[(i + 1) % h.length] as Point);
    if (d < best) best = d;
    if (best === 0) break;
  }
  return best;
}

/** Does segment a-b pass through the body (within its radius of the hull)? */
export function segmentHitsBody(a: Point, b: Point, body: Body): boolean {
  // Quick reject on bounding boxes.
  if (Math.max(a.x, b.x) < body.minX || Math.min(a.x, b.x) > body.maxX) return false;
  if (Math.max(a.y, b.y) < body.minY || Math.min(a.y, b.y) > body.maxY) return false;
  return segmentBodyDistance(a, b, body) < body.radius - EPS;
}

/** Does segment a-b pass through a circle (terrain disc)? Touching the rim does not count. */
export function segmentHitsCircle(a: Point, b: Point, c: Point, r: number): boolean {
  return segmentPointDistance(a.x, a.y, b.x, b.y, c.x, c.y) < r - EPS;
}

/**
 * Coherency of a set of points (a squadron's ships: "within 6" of each other, or have no ships separated
 * from another by more than 2""): the largest pairwise distance, and whether links of `chain` inches join them all.
 */
export function coherency(points: readonly Point[], spread: number, chain: number): { ok: boolean; widest: number; chainGap: number } {
  let widest = 0;
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) widest = Math.max(widest, dist(points[i] as Point, points[j] as Point));
  if (widest <= spread + 1e-9) return { ok: true, widest, chainGap: 0 };
  // Chain: the graph with edges of at most `chain` inches must be connected; report the gap a minimum spanning tree needs.
  const n = points.length;
  const inTree = new Array<boolean>(n).fill(false);
  const best = new Array<number>(n).fill(Number.POSITIVE_INFINITY);
  best[0] = 0;
  let gap = 0;
  for (let k = 0; k < n; k++) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!inTree[i] && (u < 0 || (best[i] as number) < (best[u] as number))) u = i;
    inTree[u] = true;
    gap = Math.max(gap, best[u] as number);
    for (let v = 0; v < n; v++) {
      if (inTree[v]) continue;
      const d = dist(points[u] as Point, points[v] as Point);
      if (d < (best[v] as number)) best[v] = d;
    }
  }
  return { ok: gap <= chain + 1e-9, widest, chainGap: gap };
}

/** Compass names the order sheets may use for facings. */
export const COMPASS: Record<string, number> = {
  N: 0,
  NNE: 22.5,
  NE: 45,
  ENE: 67.5,
  E: 90,
  ESE: 112.5,
  SE: 135,
  SSE: 157.5,
  S: 180,
  SSW: 202.5,
  SW: 225,
  WSW: 247.5,
  W: 270,
  WNW: 292.5,
  NW: 315,
  NNW: 337.5,
};

/** A facing written as degrees or as a compass name ("W", "north-east", "NE"). Null when unreadable. */
export function parseFacing(f: number | string): number | null {
  if (typeof f === "number") return Number.isFinite(f) ? normDeg(f) : null;
  const s = f
    .trim()
    .toUpperCase()
    .replace(/NORTH/g, "N")
    .replace(/SOUTH/g, "S")
    .replace(/EAST/g, "E")
    .replace(/WEST/g, "W")
    .replace(/[-\s_]/g, "");
  if (s in COMPASS) return COMPASS[s] as number;
  if (/^-?\d+(\.\d+)?$/.test(s)) return normDeg(Number(s));
  return null;
}

/** Two decimals: figures in messages and events. */
export function r2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** "12.35\"" for messages. */
export function inches(x: number): string {
  return `${r2(x)}"`;
}

export function centroid(points: readonly Point[]): Point {
  if (points.length === 0) return { x: 0, y: 0 };
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / points.length, y: y / points.length };
}
