/**
 * Replays of a Battleshift battle: an SVG sheet with one panel per activation, and
 * a self-contained HTML file stepping through them. Each panel shows the table after
 * the activation: every ship as a triangle pointing along its facing (hollow when
 * disabled), each squadron labelled with its ships, damage and suppression markers,
 * the terrain (hazardous features with a dashed orange rim, a minefield's mines, a
 * singularity's black core), the moves made (faint trails), lines of fire with hits and damage (a red cross and
 * the count where ships were lost), missile strikes (dashed) and fighter flights; and (replay-marks.ts) defended
 * planets' quadrants and their fire, launches and ground assaults, stations and gates, prizes, formations.
 *
 * Pure: frames in, text out (the CLI reads the game folder's history).
 */
import { isHazardous, type TerrainKind } from "../battlespace/battlespace.js";
import type { BsEvent, FireEvent, FlightEvent, LossEvent, MissileEvent, MoveEvent } from "../events.js";
import { offset, type Point } from "../geometry.js";
import { type BattleState, designOfSquadron, sideIds, squadronList } from "../model.js";
import {
  colour,
  esc,
  formationMarks,
  n,
  pen,
  planetEventMarks,
  planetFireOrigins,
  planetMarks,
  planetPoints,
  prizeMarks,
  squadronTag,
  stationMark,
} from "./replay-marks.js";

export interface ReplayFrame {
  /** The step number that produced it (0: the deployment). */
  step: number;
  /** The state after the step. */
  state: BattleState;
  /** What happened in the step. */
  events: BsEvent[];
}

const TERRAIN_FILL: Record<TerrainKind, string> = {
  planet: "#2a4a3a",
  moon: "#4a4a4a",
  nebula: "#3a2050",
  dust: "#3a3320",
  asteroids: "#333",
  minefield: "#3a1a1a",
  rift: "#142a4a",
  singularity: "#101018",
};
/** Where a minefield's mines are drawn, as fractions of its radius. */
const MINE_DOTS: readonly [number, number][] = [
  [0, 0],
  [0.5, 0.2],
  [-0.4, 0.45],
  [-0.3, -0.5],
  [0.35, -0.45],
  [0.7, -0.05],
  [-0.7, 0],
];

/** The legend line for the marks of planets, stations, gates, prizes and formations (replay-marks.ts). */
export const LEGEND_NEW_MARKS =
  'Planets and moons: coloured arcs are quadrants in their holder\'s colour (dashed: silenced), labelled "W 3/6 red g3 f1" (quadrant, wounds/defense size, holder, garrison units, fighter wings on the ground); dashed lines from a rim: planet fire; dash-dot lines: fire at a quadrant (h hits, w wounds); thick arrow: ground assault (units landed: -invaders/-defenders lost); "+N" inside: assault units moving; "launch": fighters taking off (filled diamonds: on the surface). Squares: stations; double rings: Hyperspace Gates; "P": a prize in tow, "P in" with a dashed ring: carried inside its engulfer; [cone]/[ring]/[TF cone]: formations, a cone\'s line of fire as a faint strip.';

function wrap(s: string, width: number): string[] {
  const lines: string[] = [];
  let cur = "";
  for (const w of s.split(" ")) {
    if (cur && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** A one-line title for a frame. */
export function frameTitle(f: ReplayFrame, compact = false): string {
  const act = f.events.find((e) => e.kind === "note" && e.what === "activation");
  if (act) {
    if (!compact) return act.text;
    return act.text
      .replace(/^Turn (\d+), activation (\d+): /, "T$1 #$2 ")
      .replace(" activates taskforce ", ": ")
      .replace(" activates detached squadron ", ": detached ")
      .replace(/ \((?:blue|red)-(tf\d+)\)$/, " ($1)");
  }
  const end = f.events.find((e) => e.kind === "note" && e.what === "end");
  if (f.step === 0)
    return `Deployment: ${sideIds(f.state)
      .map((s) => f.state.sides[s]?.name ?? s)
      .join(" against ")}`;
  if (end && !act) return end.text;
  return `Turn ${f.state.turn}: order sheets and initiative`;
}

/** Counts for a frame's caption: shots, hits, damage, ships lost per side. */
export function frameSummary(f: ReplayFrame): string {
  let shots = 0;
  let hits = 0;
  let damage = 0;
  const lost: Record<string, number> = {};
  for (const e of f.events) {
    if (e.kind === "fire") {
      shots++;
      hits += e.hits;
      damage += e.damage;
    }
    if (e.kind === "loss" && e.what !== "fighters") lost[e.side] = (lost[e.side] ?? 0) + e.ships;
  }
  const losses = Object.entries(lost)
    .map(([s, k]) => `${s} lost ${k} ship${k === 1 ? "" : "s"}`)
    .join(", ");
  const vp = sideIds(f.state)
    .map((s) => `${s} ${f.state.sides[s]?.vp ?? 0} VP`)
    .join(", ");
  return `${shots} volley${shots === 1 ? "" : "s"}, ${hits} hits, ${damage} damage${losses ? `; ${losses}` : ""}. ${vp}`;
}

/**
 * The table after one frame, as an SVG group `scale` pixels per inch, at (ox, oy). `labels: false` leaves out the
 * squadron, volley and loss labels, for a page that places them itself without collisions (the web replay).
 */
export function renderTable(f: ReplayFrame, scale: number, ox = 0, oy = 0, opts: { labels?: boolean } = {}): string {
  const labels = opts.labels ?? true;
  const s = f.state;
  const W = s.battlespace.widthFt * 12;
  const H = s.battlespace.depthFt * 12;
  const X = (x: number) => n(ox + x * scale);
  const Y = (y: number) => n(oy + y * scale);
  const out: string[] = [];
  out.push(`<rect x="${X(0)}" y="${Y(0)}" width="${n(W * scale)}" height="${n(H * scale)}" fill="#0b1020" stroke="#445" />`);
  // Sectors: 1' squares, numbered along the north edge, lettered down the west edge.
  for (let c = 1; c < s.battlespace.widthFt; c++)
    out.push(`<line x1="${X(c * 12)}" y1="${Y(0)}" x2="${X(c * 12)}" y2="${Y(H)}" stroke="#1d2540" />`);
  for (let r = 1; r < s.battlespace.depthFt; r++)
    out.push(`<line x1="${X(0)}" y1="${Y(r * 12)}" x2="${X(W)}" y2="${Y(r * 12)}" stroke="#1d2540" />`);
  const fs = Math.max(7, scale * 1.6);
  for (let c = 1; c <= s.battlespace.widthFt; c++)
    out.push(`<text x="${X(c * 12 - 6)}" y="${Y(1.5)}" fill="#556" font-size="${n(fs)}" text-anchor="middle">${c}</text>`);
  for (let r = 1; r <= s.battlespace.depthFt; r++)
    out.push(`<text x="${X(0.8)}" y="${Y(r * 12 - 6)}" fill="#556" font-size="${n(fs)}">${"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[r - 1]}</text>`);
  for (const t of s.battlespace.terrain) {
    // Hazardous features (minefields, gravity rifts, singularities, and any the scenario marks) get a dashed orange rim.
    const rim = isHazardous(t) ? ` stroke="#d08020" stroke-width="${n(Math.max(1, scale * 0.25))}" stroke-dasharray="3,2"` : "";
    out.push(
      `<circle cx="${X(t.x)}" cy="${Y(t.y)}" r="${n(t.radius * scale)}" fill="${TERRAIN_FILL[t.kind]}" opacity="0.8"${rim}><title>${esc(`${t.kind} ${t.name}${isHazardous(t) ? " (hazardous)" : ""}`)}</title></circle>`,
    );
    // A minefield is dotted with mines; a singularity is a black point with its pull drawn as a ring.
    if (t.kind === "minefield")
      for (const [dx, dy] of MINE_DOTS)
        out.push(
          `<circle cx="${X(t.x + dx * t.radius)}" cy="${Y(t.y + dy * t.radius)}" r="${n(Math.max(0.8, scale * 0.2))}" fill="#d04040" />`,
        );
    if (t.kind === "singularity")
      out.push(`<circle cx="${X(t.x)}" cy="${Y(t.y)}" r="${n(Math.max(1.5, t.radius * scale * 0.4))}" fill="#000" stroke="#a0a0ff" />`);
  }
  const P = pen(scale, ox, oy);
  out.push(...planetMarks(s, P));
  // Moves of this step: faint trails.
  for (const e of f.events) {
    if (e.kind !== "move") continue;
    const m = e as MoveEvent;
    out.push(
      `<line x1="${X(m.start.x)}" y1="${Y(m.start.y)}" x2="${X(m.end.x)}" y2="${Y(m.end.y)}" stroke="${colour(m.side).line}" stroke-opacity="0.35" stroke-width="${n(Math.max(1, scale * 0.3))}" stroke-dasharray="2,2" />`,
    );
  }
  out.push(...formationMarks(s, P));
  // Ships.
  for (const sq of squadronList(s)) {
    if (sq.location !== "table" || sq.ships.length === 0) continue;
    const d = designOfSquadron(s, sq);
    const c = colour(sq.side);
    const r = (0.45 + 0.09 * Math.min(d.size, 10)) * scale;
    for (const ship of sq.ships) {
      if (sq.station) {
        // Stations: a square, a gate a double ring (they have no facing that matters: heavy batteries fire all round).
        out.push(stationMark(s, sq, ship, r, P));
        continue;
      }
      const nose = offset(ship, sq.facing, r / scale);
      const left = offset(ship, sq.facing + 140, (r / scale) * 0.8);
      const right = offset(ship, sq.facing - 140, (r / scale) * 0.8);
      const pts = [nose, left, right].map((p) => `${X(p.x)},${Y(p.y)}`).join(" ");
      out.push(
        ship.disabled
          ? `<polygon points="${pts}" fill="none" stroke="${c.ship}" />`
          : `<polygon points="${pts}" fill="${c.ship}" stroke="#000" stroke-width="0.3" />`,
      );
    }
    let cx = 0;
    let top = Number.POSITIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const ship of sq.ships) {
      cx += ship.x;
      top = Math.min(top, ship.y);
      bottom = Math.max(bottom, ship.y);
    }
    cx /= sq.ships.length;
    // Blue labels above their squadrons, red below, so facing lines do not collide.
    const labelY = sq.side === "red" ? bottom + 1.2 + 1.1 : top - 1;
    const short = sq.id.replace(/^(blue|red)-/, "");
    const marks = `${sq.ships.length}${sq.damage ? ` d${sq.damage}` : ""}${sq.suppression ? ` S${sq.suppression}` : ""}${squadronTag(s, sq)}`;
    if (labels)
      out.push(
        `<text x="${X(cx)}" y="${Y(labelY)}" fill="${c.text}" font-size="${n(Math.max(6, scale * 1.1))}" text-anchor="middle"><title>${esc(`${sq.id} ${sq.name}: ${d.name} x${sq.ships.length}, damage ${sq.damage}, suppression ${sq.suppression}, facing ${Math.round(sq.facing)}`)}</title>${esc(`${short} ${marks}`)}</text>`,
      );
  }
  for (const fl of Object.values(s.flights)) {
    const c = colour(fl.side);
    const k = 0.6 * scale;
    out.push(
      `<polygon points="${X(fl.x)},${n(oy + fl.y * scale - k)} ${n(ox + fl.x * scale + k)},${Y(fl.y)} ${X(fl.x)},${n(oy + fl.y * scale + k)} ${n(ox + fl.x * scale - k)},${Y(fl.y)}" fill="${fl.grounded ? c.ship : "none"}" stroke="${c.line}"><title>${esc(`fighters ${fl.id}: ${fl.wings} wings${fl.grounded ? `, on the surface of ${fl.grounded}` : ""}`)}</title></polygon>`,
    );
    out.push(
      `<text x="${n(ox + fl.x * scale + k)}" y="${n(oy + fl.y * scale - k)}" fill="${c.text}" font-size="${n(Math.max(6, scale))}">${fl.wings}</text>`,
    );
  }
  out.push(...prizeMarks(s, P));
  // Flights, missiles and fire of this step.
  let fireNo = 0;
  for (const e of f.events) {
    if (e.kind === "flight") {
      const fl = e as FlightEvent;
      const pts = fl.path.map((p) => `${X(p.x)},${Y(p.y)}`).join(" ");
      out.push(`<polyline points="${pts}" fill="none" stroke="${colour(fl.side).line}" stroke-dasharray="1,2" stroke-width="1" />`);
    } else if (e.kind === "missiles") {
      const m = e as MissileEvent;
      out.push(
        `<line x1="${X(m.from.x)}" y1="${Y(m.from.y)}" x2="${X(m.targetPos.x)}" y2="${Y(m.targetPos.y)}" stroke="#f5c542" stroke-dasharray="4,3" stroke-width="1.2"><title>${esc(m.text)}</title></line>`,
      );
    } else if (e.kind === "fire") {
      const fe = e as FireEvent;
      const c = colour(fe.side);
      const w = Math.max(0.8, Math.min(4, 0.6 + fe.hits * 0.25));
      // A planet's quadrant fires from its rim (its volley names no ship): dashed.
      const froms = planetFireOrigins(s, fe);
      const dash = fe.fromPos.length ? "" : ` stroke-dasharray="5,2"`;
      for (const from of froms) {
        out.push(
          `<line x1="${X(from.x)}" y1="${Y(from.y)}" x2="${X(fe.targetPos.x)}" y2="${Y(fe.targetPos.y)}" stroke="${c.line}" stroke-width="${n(w)}" stroke-opacity="0.85"${dash}><title>${esc(fe.text)}</title></line>`,
        );
      }
      const from = froms[0] ?? fe.targetPos;
      // Labels of several volleys on one line are staggered along it.
      const t = 0.35 + 0.15 * (fireNo++ % 3);
      const mid: Point = { x: from.x + (fe.targetPos.x - from.x) * t, y: from.y + (fe.targetPos.y - from.y) * t };
      const label = `${fe.hits}h ${fe.damage}d${fe.suppressed ? " S" : ""}`;
      if (labels)
        out.push(
          `<text x="${X(mid.x)}" y="${Y(mid.y)}" fill="#fff" font-size="${n(Math.max(6, scale * 1.1))}" text-anchor="middle">${esc(label)}</text>`,
        );
    }
  }
  out.push(...planetEventMarks(f, P));
  for (const e of f.events) {
    if (e.kind !== "loss") continue;
    const l = e as LossEvent;
    const k = 1.2 * scale;
    out.push(
      `<g stroke="#ff3030" stroke-width="2"><line x1="${n(ox + l.at.x * scale - k)}" y1="${n(oy + l.at.y * scale - k)}" x2="${n(ox + l.at.x * scale + k)}" y2="${n(oy + l.at.y * scale + k)}" /><line x1="${n(ox + l.at.x * scale - k)}" y1="${n(oy + l.at.y * scale + k)}" x2="${n(ox + l.at.x * scale + k)}" y2="${n(oy + l.at.y * scale - k)}" /></g>`,
    );
    if (labels)
      out.push(
        `<text x="${n(ox + l.at.x * scale + k)}" y="${n(oy + l.at.y * scale + k * 1.8)}" fill="#ff7070" font-size="${n(Math.max(7, scale * 1.3))}" font-weight="bold">-${l.ships}${l.what === "fighters" ? "w" : ""}</text>`,
      );
  }
  return out.join("\n");
}

/** The part of the table the battle used (every ship position of every frame, plus a margin), in inches. */
export function battleBox(frames: readonly ReplayFrame[], margin = 4, minW = 0): { x: number; y: number; w: number; h: number } {
  const first = frames[0];
  if (!first) return { x: 0, y: 0, w: 72, h: 48 };
  const W = first.state.battlespace.widthFt * 12;
  const H = first.state.battlespace.depthFt * 12;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const f of frames) {
    // Defended planets and moons stay in view (they are objectives).
    const pts = [...Object.values(f.state.squadrons).flatMap((sq) => (sq.location === "table" ? sq.ships : [])), ...planetPoints(f.state)];
    for (const p of pts) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, w: W, h: H };
  x0 = Math.max(0, x0 - margin);
  y0 = Math.max(0, y0 - margin);
  x1 = Math.min(W, x1 + margin);
  y1 = Math.min(H, y1 + margin);
  let w = x1 - x0;
  let h = y1 - y0;
  if (minW <= 0) return { x: x0, y: y0, w, h };
  // A zoomed view keeps the table's proportions and shows at least `minW` inches across.
  const aspect = W / H;
  if (w < minW) {
    const nw = Math.min(W, minW);
    x0 = Math.max(0, Math.min(W - nw, x0 - (nw - w) / 2));
    w = nw;
  }
  if (w / h < aspect) {
    const nw = Math.min(W, h * aspect);
    x0 = Math.max(0, Math.min(W - nw, x0 - (nw - w) / 2));
    w = nw;
  } else {
    const nh = Math.min(H, w / aspect);
    y0 = Math.max(0, Math.min(H - nh, y0 - (nh - h) / 2));
    h = nh;
  }
  return { x: x0, y: y0, w, h };
}

/** Frames worth a panel: the deployment, every activation, and the end. */
export function panelFrames(frames: readonly ReplayFrame[]): ReplayFrame[] {
  return frames.filter(
    (f, i) => i === 0 || f.events.some((e) => e.kind === "note" && (e.what === "activation" || e.what === "end" || e.what === "arrive")),
  );
}

/** One SVG sheet: a panel per activation, three across, with titles and summaries. */
export function renderReplaySvg(frames: readonly ReplayFrame[], opts: { scale?: number; columns?: number } = {}): string {
  const panels = panelFrames(frames);
  const first = panels[0];
  if (!first) return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><text x="10" y="30">No frames</text></svg>\n`;
  const scale = opts.scale ?? 5;
  const cols = opts.columns ?? 3;
  // Panels zoom on the part of the table the battle used.
  const box = battleBox(frames);
  const zoom = Math.min(3, (first.state.battlespace.widthFt * 12) / box.w);
  const W = Math.round(box.w * scale * zoom);
  const H = Math.round(box.h * scale * zoom);
  const pw = W + 20;
  const ph = H + 50;
  const rows = Math.ceil(panels.length / cols);
  const last = frames[frames.length - 1] as ReplayFrame;
  // The result and the legend, wrapped to the sheet's width (about 6 pixels a character at 11 pixels).
  const width = Math.floor((cols * pw - 10) / 6);
  const result = `${last.state.outcome ? `Result: ${last.state.outcome.reason}.` : `In progress: turn ${last.state.turn}.`} Triangles point along facings; labels: ships, dN damage, SN suppression; lines of fire: hits (h), damage (d), S suppressed; red crosses: ships lost.`;
  const legend = [...wrap(result, width), ...wrap(LEGEND_NEW_MARKS, width)];
  const header = 50 + legend.length * 14;
  const totalW = cols * pw + 10;
  const totalH = header + rows * ph + 10;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${totalW}" height="${totalH}" viewBox="0 0 ${totalW} ${totalH}" font-family="sans-serif">`,
  );
  out.push(`<rect width="100%" height="100%" fill="#05070d" />`);
  out.push(
    `<text x="10" y="24" fill="#eee" font-size="18">${esc(
      `Battleshift replay: ${sideIds(first.state)
        .map((s) => `${first.state.sides[s]?.name} (${s})`)
        .join(" vs ")}`,
    )}</text>`,
  );
  out.push(...legend.map((l, k) => `<text x="10" y="${46 + k * 14}" fill="#aaa" font-size="11">${esc(l)}</text>`));
  panels.forEach((f, i) => {
    const x = 10 + (i % cols) * pw;
    const y = header + Math.floor(i / cols) * ph;
    out.push(`<g>`);
    out.push(`<text x="${x}" y="${y + 12}" fill="#ddd" font-size="11">${esc(`${i + 1}. ${frameTitle(f, true)}`)}</text>`);
    out.push(`<text x="${x}" y="${y + 25}" fill="#999" font-size="10">${esc(frameSummary(f))}</text>`);
    out.push(
      `<svg x="${x}" y="${y + 32}" width="${W}" height="${H}" viewBox="${n(box.x * scale)} ${n(box.y * scale)} ${n(box.w * scale)} ${n(box.h * scale)}">${renderTable(f, scale)}</svg>`,
    );
    out.push(`</g>`);
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

/** A self-contained HTML file: one large panel at a time, with buttons, a slider, the keyboard and the step's event log. */
export function renderReplayHtml(frames: readonly ReplayFrame[], opts: { scale?: number } = {}): string {
  const scale = opts.scale ?? 10;
  const first = frames[0];
  if (!first) return "<!doctype html><title>Battleshift replay</title><p>No frames.</p>\n";
  const W = 960;
  const H = Math.round((W * first.state.battlespace.depthFt) / first.state.battlespace.widthFt);
  // Each frame zooms on the ships then on the table (with their previous frame, so moves stay in view), 3' across at least.
  const data = frames.map((f, i) => {
    const box = battleBox(i > 0 ? [frames[i - 1] as ReplayFrame, f] : [f], 6, 36);
    const vb = `${n(box.x * scale)} ${n(box.y * scale)} ${n(box.w * scale)} ${n(box.h * scale)}`;
    return {
      title: `${i + 1}/${frames.length}. ${frameTitle(f)}`,
      summary: frameSummary(f),
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="${vb}" font-family="sans-serif">${renderTable(f, scale)}</svg>`,
      log: f.events.filter((e) => e.kind !== "problem" && !(e.kind === "note" && e.what === "sheet")).map((e) => e.text),
      forces: sideIds(f.state).map((s) => {
        let ships = 0;
        for (const sq of Object.values(f.state.squadrons)) if (sq.side === s && sq.location === "table") ships += sq.ships.length;
        return `${f.state.sides[s]?.name ?? s} (${s}): ${ships} ships, ${f.state.sides[s]?.vp ?? 0} VP`;
      }),
    };
  });
  const title = `Battleshift replay: ${sideIds(first.state)
    .map((s) => first.state.sides[s]?.name ?? s)
    .join(" vs ")}`;
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body{background:#05070d;color:#ddd;font-family:sans-serif;margin:12px}
#bar{display:flex;gap:8px;align-items:center;margin:6px 0}
button{background:#223;color:#eee;border:1px solid #556;padding:4px 10px;cursor:pointer}
#slider{flex:1}
#wrap{display:flex;gap:12px;align-items:flex-start}
#log{font-size:12px;max-height:${H}px;overflow:auto;width:460px;white-space:pre-wrap;background:#0b1020;padding:6px;border:1px solid #334}
#title{font-size:16px;margin-top:4px}#summary,#forces{color:#aaa;font-size:13px}
</style></head><body>
<h2>${esc(title)}</h2>
<div id="bar"><button id="prev">&larr; Prev</button><button id="play">Play</button><button id="next">Next &rarr;</button><input id="slider" type="range" aria-label="Step of the replay" min="0" max="${frames.length - 1}" value="0"></div>
<div id="title"></div><div id="summary"></div><div id="forces"></div>
<div id="wrap"><div id="board"></div><div id="log"></div></div>
<p style="color:#888;font-size:12px">The view zooms on the ships; grid lines are the 1' sectors. Triangles point along facings (hollow: disabled); labels: squadron, ships, dN damage, SN suppression markers. Lines of fire are labelled with hits (h), damage (d) and S when they suppressed; dashed yellow lines are missile strikes; diamonds are fighter flights; red crosses mark ships lost. ${esc(LEGEND_NEW_MARKS)} Keys: left/right arrows, space to play.</p>
<script>
const F=${json};
let i=0,timer=null;
const $=id=>document.getElementById(id);
function show(k){i=Math.max(0,Math.min(F.length-1,k));const f=F[i];$("board").innerHTML=f.svg;$("title").textContent=f.title;$("summary").textContent=f.summary;$("forces").textContent=f.forces.join("  |  ");$("log").textContent=f.log.join("\\n");$("slider").value=i;}
$("prev").onclick=()=>show(i-1);$("next").onclick=()=>show(i+1);$("slider").oninput=e=>show(+e.target.value);
$("play").onclick=()=>{if(timer){clearInterval(timer);timer=null;$("play").textContent="Play";}else{timer=setInterval(()=>{if(i>=F.length-1){clearInterval(timer);timer=null;$("play").textContent="Play";}else show(i+1);},900);$("play").textContent="Pause";}};
document.addEventListener("keydown",e=>{if(e.key==="ArrowLeft")show(i-1);else if(e.key==="ArrowRight")show(i+1);else if(e.key===" "){e.preventDefault();$("play").click();}});
show(0);
</script></body></html>
`;
}
