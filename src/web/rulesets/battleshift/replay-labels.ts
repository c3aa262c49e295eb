/**
 * Where the replay writes its labels (squadrons, volleys, losses) so that none covers another, a ship, nor a line of
 * fire or a missile strike (a label across a line hides which ship the line comes from and makes both hard to read): each label
 * tries, in a fixed order, spots round its anchor (above, below, right, left, then the corners, then the same a step
 * further out) and takes the first that is free and on the table; when none is, the one that covers least. Labels are
 * placed most important first, ties by id, so the same frame always gets the same layout whatever order the labels
 * come in (a replay stepped back and forth must not shuffle). Pure: boxes in pixels in, boxes out.
 */
import type { BsEvent } from "../../../rules/battleshift/events.js";
import { type BattleState, designOfSquadron, squadronList } from "../../../rules/battleshift/model.js";
import { planetFireOrigins, squadronTag } from "../../../rules/battleshift/presentation/replay-marks.js";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A line drawn on the table (a line of fire, a missile strike), in pixels: labels keep off it. */
export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** How wide a band a line is taken to cover when a label lies across it (pixels): its stroke and a little room. */
export const LINE_BAND = 4;

/**
 * The length of segment `l` inside box `b` (Liang-Barsky clipping), in pixels: 0 when the line misses the box.
 */
export function lengthInside(l: Segment, b: Box): number {
  const dx = l.x2 - l.x1;
  const dy = l.y2 - l.y1;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, l.x1 - b.x],
    [dx, b.x + b.w - l.x1],
    [-dy, l.y1 - b.y],
    [dy, b.y + b.h - l.y1],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return 0;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return 0;
  }
  return (t1 - t0) * Math.hypot(dx, dy);
}

export interface LabelWanted {
  id: string;
  text: string;
  /** The point it labels (pixels). */
  x: number;
  y: number;
  /** Font size in pixels. */
  size: number;
  /** Higher first: a squadron's name matters more than a volley's count. */
  priority: number;
  /** What it names takes this much room (a squadron's line of ships): the spots are tried round it, not round the point. */
  around?: Box;
}

export interface PlacedLabel {
  id: string;
  text: string;
  size: number;
  /** The box the text takes; the text starts at its left and sits on its baseline (y + 0.8 h). */
  box: Box;
  anchor: { x: number; y: number };
  /** Moved away from its anchor (or left overlapping): a line ties it back. */
  leader: boolean;
  /** No free spot was found: it covers `overlap` square pixels of other labels or ships (a line: its length by LINE_BAND). */
  overlap: number;
}

/** A label's box for `text` at `size` pixels: a sans-serif character is about 0.6 of the size wide. */
export function textBox(text: string, size: number): { w: number; h: number } {
  return { w: Math.ceil(text.length * size * 0.6) + 2, h: Math.ceil(size * 1.25) };
}

export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function inside(b: Box, bounds: Box): boolean {
  return b.x >= bounds.x && b.y >= bounds.y && b.x + b.w <= bounds.x + bounds.w && b.y + b.h <= bounds.y + bounds.h;
}

/** The eight directions a label may stand from its anchor, in the order tried: above, below, right, left, corners. */
const DIRECTIONS: readonly [number, number][] = [
  [0, -1],
  [0, 1],
  [1, 0],
  [-1, 0],
  [1, -1],
  [-1, -1],
  [1, 1],
  [-1, 1],
];

/** How many rings of spots are tried before settling for the least covered one. */
const RINGS = 4;

/** The spots tried for a label of size w by h round `at` (a point is a box of no size), `gap` pixels clear of it on the first ring. */
export function candidates(at: Box, w: number, h: number, gap: number): Box[] {
  const out: Box[] = [];
  for (let ring = 1; ring <= RINGS; ring++) {
    const d = gap * ring + (ring - 1) * h * 0.5;
    for (const [dx, dy] of DIRECTIONS) {
      // The label's edge nearest what it names is `d` away from it.
      const cx = dx === 0 ? at.x + at.w / 2 - w / 2 : dx > 0 ? at.x + at.w + d : at.x - d - w;
      const cy = dy === 0 ? at.y + at.h / 2 - h / 2 : dy > 0 ? at.y + at.h + d : at.y - d - h;
      out.push({ x: cx, y: cy, w, h });
    }
  }
  return out;
}

/**
 * Place every label: none over another, none over an obstacle (the ships' bases), none across a line (`lines`: the
 * frame's lines of fire and missile strikes), all inside `bounds`, whenever the rings round its anchor leave room;
 * otherwise the spot covering least, flagged with its overlap (a line counts as a band LINE_BAND pixels wide).
 */
export function layoutLabels(
  wanted: readonly LabelWanted[],
  obstacles: readonly Box[],
  bounds: Box,
  lines: readonly Segment[] = [],
): PlacedLabel[] {
  const order = [...wanted].sort((a, b) => b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const placed: PlacedLabel[] = [];
  for (const l of order) {
    const { w, h } = textBox(l.text, l.size);
    const gap = Math.max(2, l.size * 0.3);
    let best: { box: Box; cost: number; k: number } | null = null;
    const spots = candidates(l.around ?? { x: l.x, y: l.y, w: 0, h: 0 }, w, h, gap);
    for (let k = 0; k < spots.length; k++) {
      const box = spots[k]!;
      if (!inside(box, bounds)) continue;
      let cost = 0;
      for (const p of placed) cost += overlapArea(box, p.box);
      for (const o of obstacles) cost += overlapArea(box, o);
      for (const line of lines) cost += lengthInside(line, box) * LINE_BAND;
      if (!best || cost < best.cost) best = { box, cost, k };
      if (cost === 0) break;
    }
    // Nothing inside the bounds (an anchor off the table's edge): the first spot, clamped in.
    const box = best?.box ?? clampInto(spots[0]!, bounds);
    const cost = best?.cost ?? 0;
    placed.push({
      id: l.id,
      text: l.text,
      size: l.size,
      box,
      anchor: { x: l.x, y: l.y },
      leader: (best?.k ?? 0) >= DIRECTIONS.length || cost > 0,
      overlap: Math.round(cost),
    });
  }
  return placed;
}

function clampInto(b: Box, bounds: Box): Box {
  return {
    ...b,
    x: Math.min(Math.max(b.x, bounds.x), bounds.x + bounds.w - b.w),
    y: Math.min(Math.max(b.y, bounds.y), bounds.y + bounds.h - b.h),
  };
}

/** The labels of a frame as the rules' replay words them (presentation/replay.ts renderTable), for layoutLabels. */
export function frameLabels(
  state: BattleState,
  events: readonly BsEvent[],
  scale: number,
): { wanted: LabelWanted[]; obstacles: Box[]; bounds: Box; lines: Segment[] } {
  const wanted: LabelWanted[] = [];
  const obstacles: Box[] = [];
  const lines: Segment[] = [];
  const line = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    lines.push({ x1: a.x * scale, y1: a.y * scale, x2: b.x * scale, y2: b.y * scale });
  const size = Math.max(6, scale * 1.1);
  for (const sq of squadronList(state)) {
    if (sq.location !== "table" || sq.ships.length === 0) continue;
    const d = designOfSquadron(state, sq);
    const r = (0.45 + 0.09 * Math.min(d.size, 10)) * scale;
    for (const s of sq.ships) obstacles.push({ x: s.x * scale - r, y: s.y * scale - r, w: 2 * r, h: 2 * r });
    const cx = sq.ships.reduce((t, s) => t + s.x, 0) / sq.ships.length;
    const cy = sq.ships.reduce((t, s) => t + s.y, 0) / sq.ships.length;
    const marks = `${sq.ships.length}${sq.damage ? ` d${sq.damage}` : ""}${sq.suppression ? ` S${sq.suppression}` : ""}${squadronTag(state, sq)}`;
    wanted.push({
      id: `sq:${sq.id}`,
      text: `${sq.id.replace(/^(blue|red)-/, "")} ${marks}`,
      x: cx * scale,
      y: cy * scale,
      size,
      priority: 2,
      around: {
        x: Math.min(...sq.ships.map((s) => s.x)) * scale - r,
        y: Math.min(...sq.ships.map((s) => s.y)) * scale - r,
        w: (Math.max(...sq.ships.map((s) => s.x)) - Math.min(...sq.ships.map((s) => s.x))) * scale + 2 * r,
        h: (Math.max(...sq.ships.map((s) => s.y)) - Math.min(...sq.ships.map((s) => s.y))) * scale + 2 * r,
      },
    });
  }
  events.forEach((e, k) => {
    if (e.kind === "fire") {
      // The lines the rules' replay draws for the volley (renderTable): one from each firing ship, or from a quadrant's rim.
      const froms = planetFireOrigins(state, e);
      for (const f of froms) line(f, e.targetPos);
      const from = froms[0] ?? e.targetPos;
      const mid = { x: from.x + (e.targetPos.x - from.x) * 0.5, y: from.y + (e.targetPos.y - from.y) * 0.5 };
      wanted.push({
        id: `fire:${String(k).padStart(4, "0")}`,
        text: `${e.hits}h ${e.damage}d${e.suppressed ? " S" : ""}`,
        x: mid.x * scale,
        y: mid.y * scale,
        size,
        priority: 1,
      });
    } else if (e.kind === "missiles") {
      line(e.from, e.targetPos);
    } else if (e.kind === "loss") {
      wanted.push({
        id: `loss:${String(k).padStart(4, "0")}`,
        text: `-${e.ships}${e.what === "fighters" ? "w" : ""}`,
        x: e.at.x * scale,
        y: e.at.y * scale,
        size: size * 1.2,
        priority: 3,
      });
    }
  });
  const bounds = { x: 0, y: 0, w: state.battlespace.widthFt * 12 * scale, h: state.battlespace.depthFt * 12 * scale };
  return { wanted, obstacles, bounds, lines };
}
