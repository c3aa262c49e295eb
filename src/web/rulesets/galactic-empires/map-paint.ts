/**
 * Paints the rules' map picture (presentation/map-picture.ts) on a 2D canvas: the same cells, fills, lanes,
 * barriers, names, markers, badges and battles the printed SVG map shows (chapter 3 "The Map"), in the same order
 * and colours, so the browser's map and the CLI's never disagree. Why a canvas: at 5,000 sectors the SVG is some
 * 4 MB and 60,000 elements, which Chromium lays out for seconds and draws again at every frame of a pan (issue 11's
 * budgets, bench/web-map.bench.ts); a canvas is one bitmap, painted once per settled view.
 *
 * Only what is in sight is painted (cells near the visible part), each fill batched into one path; words are
 * written only where they are legible at the zoom (an id smaller than LEGIBLE pixels on the screen is left out;
 * the cell's report and the sector cursor still give it), badges and their counts likewise.
 */
import {
  burstPoints,
  MAP_COLOURS,
  type MapPicture,
  type PictureSector,
  sectorMarks,
} from "../../../rules/galactic-empires/presentation/map-picture.js";

const { GOLD, BARRIER, LANE, REVENUE, DAMAGE } = MAP_COLOURS;
const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";
/** The fog's stipple seen from afar: two dots of radius 0.9 in a 6 by 6 tile at 35% (map-svg.ts's pattern). */
const FOG_TONE = "rgba(91, 91, 91, 0.05)";
/** The smallest text, in screen pixels, worth writing. */
const LEGIBLE = 6;

/** What painting a picture needs besides the picture: its patterns, made once per picture and context. */
export interface Painter {
  picture: MapPicture;
  /** Paints the picture; says how many sectors were in sight (and so painted). */
  paint(ctx: CanvasRenderingContext2D, at: PaintAt): number;
}

/** Where to paint: picture point q goes to canvas pixel (ax + m qx, ay + m qy); `visible` is the canvas's size. */
export interface PaintAt {
  ax: number;
  ay: number;
  m: number;
  width: number;
  height: number;
}

function tile(size: number, draw: (c: CanvasRenderingContext2D) => void): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = size;
  c.height = size;
  const ctx = c.getContext("2d");
  if (ctx) draw(ctx);
  return c;
}

export function painter(picture: MapPicture): Painter {
  // The SVG's patterns, as tiles: each empire's hatching (owned, not annexed) and the fog's stipple.
  const hatchColour = new Map<number, string>();
  for (const s of picture.sectors) if (s.fill.kind === "hatched") hatchColour.set(s.fill.empire, s.fill.colour);
  const hatchTiles = picture.empires.map((_, k) => {
    const colour = hatchColour.get(k) ?? "#cccccc";
    return tile(8, (c) => {
      c.fillStyle = "#ffffff";
      c.fillRect(0, 0, 8, 8);
      c.fillStyle = colour;
      c.fillRect(0, 0, 4, 8);
    });
  });
  const fogTile = tile(6, (c) => {
    c.fillStyle = "rgba(91, 91, 91, 0.35)";
    for (const [x, y] of [
      [1.5, 1.5],
      [4.5, 4.5],
    ] as const) {
      c.beginPath();
      c.arc(x, y, 0.9, 0, Math.PI * 2);
      c.fill();
    }
  });
  return { picture, paint: (ctx, at) => paint(ctx, at, picture, hatchTiles, fogTile) };
}

// Paths are written as SVG path data and made a Path2D in one call: a call a vertex (some 60,000 for 5,000 cells)
// took seconds in Chromium, one parse of the same text a few milliseconds.
const n = (v: number) => String(Math.round(v * 100) / 100);

function cellPath(out: string[], cell: readonly number[]): void {
  out.push(`M${n(cell[0] as number)} ${n(cell[1] as number)}`);
  for (let k = 2; k < cell.length; k += 2) out.push(`L${n(cell[k] as number)} ${n(cell[k + 1] as number)}`);
  out.push("Z");
}

function segments(
  out: string[],
  segs: readonly { x1: number; y1: number; x2: number; y2: number }[],
  near: (x: number, y: number) => boolean,
): void {
  for (const s of segs) {
    if (!near(s.x1, s.y1) && !near(s.x2, s.y2)) continue;
    out.push(`M${n(s.x1)} ${n(s.y1)}L${n(s.x2)} ${n(s.y2)}`);
  }
}

/** An ellipse about (x, y), its rx axis turned by `deg` degrees (a circle: rx = ry, deg = 0), as two arcs. */
function ellipse(out: string[], x: number, y: number, rx: number, ry: number, deg: number): void {
  const t = (deg * Math.PI) / 180;
  const dx = Math.cos(t) * rx;
  const dy = Math.sin(t) * rx;
  const arc = `A${n(rx)} ${n(ry)} ${deg} 1 0 `;
  out.push(`M${n(x + dx)} ${n(y + dy)}${arc}${n(x - dx)} ${n(y - dy)}${arc}${n(x + dx)} ${n(y + dy)}Z`);
}

const path2d = (out: string[]) => new Path2D(out.join(""));

/** Text with its white outline under it, as the SVG's paint-order="stroke" writes it. */
function outlined(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, width: number) {
  if (width > 0) {
    ctx.lineWidth = width;
    ctx.strokeText(text, x, y);
  }
  ctx.fillText(text, x, y);
}

function paint(
  ctx: CanvasRenderingContext2D,
  at: PaintAt,
  p: MapPicture,
  hatchTiles: HTMLCanvasElement[],
  fogTile: HTMLCanvasElement,
): number {
  const { ax, ay, m } = at;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, at.width, at.height);
  ctx.setTransform(m, 0, 0, m, ax, ay);
  // The part of the picture in sight, widened by the largest a cell reaches from its middle (2.5 spacings).
  const reach = p.spacing * 2.6;
  const x0 = -ax / m - reach;
  const y0 = -ay / m - reach;
  const x1 = (at.width - ax) / m + reach;
  const y1 = (at.height - ay) / m + reach;
  const near = (x: number, y: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
  const shown: PictureSector[] = p.sectors.filter((s) => s.cell.length >= 6 && near(s.cx, s.cy));

  // Sector fills, one path a fill; then the golden borders of every cell at once.
  const fills = new Map<string, string[]>();
  const outlines: string[] = [];
  for (const s of shown) {
    const key = s.fill.kind === "hatched" ? `hatch-${s.fill.empire}` : s.fill.colour;
    let path = fills.get(key);
    if (!path) {
      path = [];
      fills.set(key, path);
    }
    cellPath(path, s.cell);
    cellPath(outlines, s.cell);
  }
  for (const [key, path] of fills) {
    if (key.startsWith("hatch-")) {
      const pattern = ctx.createPattern(hatchTiles[Number(key.slice(6))] as HTMLCanvasElement, "repeat");
      pattern?.setTransform(new DOMMatrix().rotate(45));
      ctx.fillStyle = pattern ?? "#cccccc";
    } else ctx.fillStyle = key;
    ctx.fill(path2d(path));
  }
  ctx.lineJoin = "round";
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = p.strokes.cell;
  ctx.stroke(path2d(outlines));

  // Your own territory outlined as a whole.
  if (p.ownOutline) {
    const own: string[] = [];
    segments(own, p.ownEdges, near);
    ctx.strokeStyle = p.ownOutline;
    ctx.lineWidth = p.strokes.own;
    ctx.stroke(path2d(own));
  }
  // Fog of war: sectors not seen this turn, stippled.
  const unseen: string[] = [];
  let anyUnseen = false;
  for (const s of shown)
    if (!s.seen) {
      cellPath(unseen, s.cell);
      anyUnseen = true;
    }
  if (anyUnseen) {
    // Where the stipple's dots would be under a pixel apart, its average tone: the same look for far less work.
    ctx.fillStyle = 6 * m >= 4 ? (ctx.createPattern(fogTile, "repeat") ?? FOG_TONE) : FOG_TONE;
    ctx.fill(path2d(unseen));
  }
  // Lanes, dashed; barriers, a charcoal bar with a white core.
  const laneText: string[] = [];
  segments(laneText, p.lanes, near);
  const lanes = path2d(laneText);
  ctx.strokeStyle = LANE;
  ctx.lineWidth = p.strokes.lane;
  ctx.setLineDash(p.strokes.dash);
  ctx.stroke(lanes);
  ctx.setLineDash([]);
  const barText: string[] = [];
  segments(barText, p.barriers, near);
  const bars = path2d(barText);
  ctx.lineCap = "round";
  ctx.strokeStyle = BARRIER;
  ctx.lineWidth = p.strokes.barrier;
  ctx.stroke(bars);
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = p.strokes.barrier * 0.3;
  ctx.stroke(bars);
  ctx.lineCap = "butt";

  // Empires' names across their territories.
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  for (const t of p.territoryNames) {
    if (t.size * m < LEGIBLE) continue;
    ctx.font = `bold ${t.size}px ${FONT}`;
    ctx.globalAlpha = 0.7;
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = t.size * 0.18;
    ctx.strokeText(t.text, t.x, t.y);
    ctx.globalAlpha = 0.55;
    ctx.fillStyle = "#1d1d1d";
    ctx.fillText(t.text, t.x, t.y);
    ctx.globalAlpha = 1;
  }

  // Markers: each pass sets its style once (ids, revenues, names, planets, shields, badges, unit ids).
  const marks = shown.map((s) => ({ s, m: sectorMarks(p, s) }));
  const font = p.font;
  ctx.strokeStyle = "#ffffff";
  ctx.lineJoin = "round";
  if (font * m >= LEGIBLE) {
    ctx.font = `bold ${font}px ${FONT}`;
    ctx.fillStyle = "#1d1d1d";
    for (const { s, m: k } of marks) outlined(ctx, String(s.id), k.id.x, k.id.y, font * 0.22);
  }
  const small = font * 0.62;
  if (small * m >= LEGIBLE) {
    ctx.font = `${small}px ${FONT}`;
    ctx.fillStyle = REVENUE;
    for (const { m: k } of marks) outlined(ctx, k.revenue.text, k.revenue.x, k.revenue.y, small * 0.25);
  }
  // Damage pips, a level each: shown whenever a pip is a visible dot.
  // Many small shapes are painted a path a kind (each kind's shapes in one fill), not one call each.
  if (small * 0.22 * m >= 0.6) {
    const pipText: string[] = [];
    let r = 0;
    for (const { m: k } of marks)
      for (const c of k.pips) {
        ellipse(pipText, c.x, c.y, c.r, c.r, 0);
        r = c.r;
      }
    const pips = path2d(pipText);
    ctx.fillStyle = DAMAGE;
    ctx.lineWidth = r * 0.5;
    ctx.fill(pips);
    ctx.stroke(pips);
  }
  if (p.names && p.nameFont * m >= LEGIBLE) {
    ctx.font = `italic ${p.nameFont}px ${FONT}`;
    ctx.fillStyle = "#333333";
    for (const { s, m: k } of marks) if (k.name) outlined(ctx, s.name, k.name.x, k.name.y, p.nameFont * 0.22);
  }
  // Industrial centres: "represented by a planet icon" (chapter 3, "Map Options"): a shaded disc where it is large
  // enough for its shading to be seen, a plain disc of its middle tone where not; and its ring.
  const discText: string[] = [];
  const ringText: string[] = [];
  let flat = false;
  for (const { m: k } of marks) {
    const c = k.planet;
    if (!c) continue;
    ellipse(discText, c.x, c.y, c.r, c.r, 0);
    ellipse(ringText, c.x, c.y, c.r * 1.7, c.r * 0.5, -20);
    if (c.r * m >= 4) {
      const g = ctx.createRadialGradient(c.x - c.r * 0.3, c.y - c.r * 0.3, 0, c.x - c.r * 0.3, c.y - c.r * 0.3, c.r * 1.4);
      g.addColorStop(0, "#9fd3ff");
      g.addColorStop(1, "#1e5a96");
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.arc(c.x, c.y, c.r, 0, Math.PI * 2);
      ctx.fill();
    } else flat = true;
  }
  const discs = path2d(discText);
  ctx.fillStyle = "#4f8fc9";
  if (flat) ctx.fill(discs);
  ctx.strokeStyle = "#0d3a66";
  ctx.lineWidth = 0.6;
  ctx.stroke(discs);
  ctx.lineWidth = 0.9;
  ctx.stroke(path2d(ringText));
  // Sector defences: a shield (dark; brown when damaged) with the level it holds now.
  const shields: [string[], string[]] = [[], []];
  for (const { m: k } of marks) {
    const d = k.shield;
    if (!d) continue;
    const w = d.w;
    cellPath(shields[d.damaged ? 1 : 0], [
      d.x - w / 2,
      d.y - w / 2,
      d.x + w / 2,
      d.y - w / 2,
      d.x + w / 2,
      d.y + w * 0.05,
      d.x,
      d.y + w * 0.6,
      d.x - w / 2,
      d.y + w * 0.05,
    ]);
  }
  ctx.fillStyle = "#4a4a4a";
  ctx.fill(path2d(shields[0]));
  ctx.fillStyle = "#8d5a2b";
  ctx.fill(path2d(shields[1]));
  const shieldFont = Math.max(5, font * 0.75) * 0.75;
  if (shieldFont * m >= LEGIBLE) {
    ctx.font = `bold ${shieldFont}px ${FONT}`;
    ctx.fillStyle = "#ffffff";
    for (const { m: k } of marks) if (k.shield) ctx.fillText(k.shield.label, k.shield.x, k.shield.y + k.shield.w * 0.22);
  }
  // Starships: "a blue base" for yours, "a red base" for foreign ones, with their number (chapter 3).
  for (const { m: k } of marks)
    for (const b of k.badges) {
      ctx.beginPath();
      ctx.roundRect(b.x, b.y, b.w, b.h, b.h * 0.3);
      ctx.fillStyle = b.fill;
      ctx.fill();
      ctx.strokeStyle = "#ffffff";
      ctx.lineWidth = 0.6;
      ctx.stroke();
      if (b.h * 0.8 * m >= LEGIBLE) {
        ctx.font = `bold ${b.h * 0.8}px ${FONT}`;
        ctx.fillStyle = "#ffffff";
        ctx.fillText(String(b.count), b.x + b.w / 2, b.y + b.h * 0.78);
      }
    }
  ctx.strokeStyle = "#ffffff";
  for (const { m: k } of marks) {
    const u = k.unitIds;
    if (!u || u.size * m < LEGIBLE) continue;
    ctx.font = `${u.size}px ${FONT}`;
    ctx.fillStyle = "#1d1d1d";
    outlined(ctx, u.text, u.x, u.y, u.size * 0.25);
  }
  // Last turn's battles: a burst on the sector or on the border.
  for (const b of p.battles) {
    if (!near(b.x, b.y)) continue;
    const pts = burstPoints(b.x, b.y, b.r);
    ctx.beginPath();
    ctx.moveTo(pts[0] as number, pts[1] as number);
    for (let k = 2; k < pts.length; k += 2) ctx.lineTo(pts[k] as number, pts[k + 1] as number);
    ctx.closePath();
    ctx.fillStyle = "#ffb300";
    ctx.fill();
    ctx.strokeStyle = "#b23c17";
    ctx.lineWidth = 1.2;
    ctx.stroke();
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return shown.length;
}
