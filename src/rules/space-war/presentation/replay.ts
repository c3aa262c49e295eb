/**
 * The replay of one Space War battle (issue 13: "a replay (SVG or self-contained HTML) that shows every move, shot,
 * roll and damaged module"): one frame for the deployment and one for each player turn (each battle step), each the
 * table as it stood after the step (table-svg.ts), the step's events beside it with every die rolled, what it was for
 * and the score it needed (events.ts `Roll`), and each craft with its modules (damaged `*`, expended `°`).
 *
 * Frames come already cut to what their viewer may see (tools.ts `replayFrames`: a seat's known state and the events
 * `to` it): this module only draws them. Pure: frames in, text out; every word from the game is escaped.
 */
import type { SeatId } from "../../../core/ids.js";
import { escapeXml } from "../../../core/text.js";
import type { Roll, SxEvent } from "../events.js";
import type { Craft, Point, SpaceWarState } from "../model.js";
import { FACE_DOWN } from "./known-state.js";
import { type TableMark, tableSvg } from "./table-svg.js";
import { craftLine } from "./view.js";

/** One step of the battle as its viewer knows it. */
export interface SxReplayFrame {
  /** The Starhost step that produced it (the deployment's, then each player turn's). */
  step: number;
  /** What the step was: "the deployment", "turn 2, red's player turn". */
  label: string;
  /** The state after the step: the seat's known state in a seat's replay. */
  state: SpaceWarState;
  /** The step's events the viewer may see (problems left out: they are about orders, not the battle). */
  events: SxEvent[];
}

/** A battle's replay: which game of the campaign, whose view ("the referee's", "as Blue squadron knows it"). */
export interface SxReplay {
  game: number;
  seat?: SeatId;
  who: string;
  frames: SxReplayFrame[];
}

const esc = escapeXml;

/** A die as a line: "d6 5 for laser blue-2 at red-5: needs 4+, made". */
export function rollLine(r: Roll): string {
  const test = r.need === undefined ? "" : `: needs ${r.need}+, ${r.value >= r.need ? "made" : "missed"}`;
  return `${r.die} ${r.value} for ${r.for}${test}`;
}

/** A frame's title: "Game 1, turn 2, blue's player turn (step 7)". */
export function frameTitle(f: SxReplayFrame): string {
  const b = f.state.campaign.battle;
  const over = b?.ended ? `; the battle is over: ${b.ended.winner === "draw" ? "a draw" : `${b.ended.winner} wins`}` : "";
  return `Game ${f.state.campaign.game + 1}, ${f.label} (step ${f.step})${over}`;
}

/** The step's events, each with its dice on lines of their own. */
export function frameLog(f: SxReplayFrame): string[] {
  const lines: string[] = [];
  for (const e of f.events) {
    lines.push(`${e.step}: ${e.text}`);
    for (const r of e.rolls ?? []) lines.push(`    ${rollLine(r)}`);
  }
  if (lines.length === 0) lines.push("Nothing happened in this step.");
  return lines;
}

const counter = (c: Craft): boolean => c.design === FACE_DOWN.design && c.modules.length === 1 && c.modules[0]?.module === "hotel";

/** Each seat's craft as the viewer knows them, modules by name (`*` damaged, `°` expended); counters as counters. */
export function rosterLines(state: SpaceWarState): string[] {
  const b = state.campaign.battle;
  if (!b) return ["No battle on the table."];
  const lines: string[] = [];
  for (const s of state.seats) {
    const craft = b.craft.filter((c) => c.owner === s.id);
    lines.push(`${s.name} (${s.id}): ${craft.filter((c) => c.where.kind !== "gone").length} craft in the battle`);
    for (const c of craft) lines.push(`    ${counter(c) ? `${c.id}: a face-down counter` : craftLine(c)}`);
  }
  return lines;
}

/** Where a craft stands on the table in a state (face up or down), if it does. */
function placeOf(state: SpaceWarState | undefined, id: string): Point | undefined {
  const c = state?.campaign.battle?.craft.find((x) => x.id === id);
  return c && (c.where.kind === "table" || c.where.kind === "hidden") ? c.where.at : undefined;
}

/**
 * What the step did on the table, from the frame's events and the viewer's states before and after it: each move from
 * where the craft stood to where it stands, each shot and ram from the craft to its target (where they stood after the
 * step, or before it for a craft destroyed since). Only events and craft the viewer knows of are drawn.
 */
export function frameMarks(f: SxReplayFrame, before: SpaceWarState | undefined): TableMark[] {
  const marks: TableMark[] = [];
  const owner = (id: string): string => f.state.campaign.battle?.craft.find((x) => x.id === id)?.owner ?? "";
  for (const e of f.events) {
    const [a, b] = e.craft ?? [];
    if (a === undefined) continue;
    if (e.kind === "moved") {
      const from = placeOf(before, a);
      const to = placeOf(f.state, a);
      if (from && to && (from.x !== to.x || from.y !== to.y)) marks.push({ kind: "move", from, to, owner: owner(a) });
    } else if ((e.kind === "shot" || e.kind === "rammed") && b !== undefined) {
      const from = placeOf(f.state, a) ?? placeOf(before, a);
      const to = placeOf(f.state, b) ?? placeOf(before, b);
      if (from && to) marks.push({ kind: e.kind === "shot" ? "shot" : "ram", from, to, owner: owner(a) });
    }
  }
  return marks;
}

/** The table of frame `k` as its own SVG with its marks, ids made unique by `k` (several tables share one sheet). */
function frameTable(frames: readonly SxReplayFrame[], k: number, seat: SeatId | undefined, subtitle: string): string {
  const f = frames[k] as SxReplayFrame;
  const marks = frameMarks(f, frames[k - 1]?.state);
  return tableSvg(f.state, { ...(seat === undefined ? {} : { seat }), subtitle, marks }).replaceAll("table-edge", `table-edge-${k}`);
}

function wrap(s: string, width: number): string[] {
  const out: string[] = [];
  const indent = s.match(/^ */)?.[0] ?? "";
  let cur = "";
  for (const w of s.trim().split(" ")) {
    if (cur && cur.length + 1 + w.length > width) {
      out.push(cur);
      cur = `${indent}  ${w}`;
    } else cur = cur ? `${cur} ${w}` : `${indent}${w}`;
  }
  if (cur) out.push(cur);
  return out;
}

/** What a replay with no frames says. */
export const NOTHING = "No battle has been deployed yet in this campaign: nothing to replay.";

const TABLE_W = 768;
const TABLE_H = 572;

/** One SVG sheet: a row per frame, the table on the left (at half size), its events and the craft on the right. */
export function renderReplaySvg(replay: SxReplay): string {
  const scale = 0.6;
  const tw = Math.round(TABLE_W * scale);
  const th = Math.round(TABLE_H * scale);
  const textX = tw + 24;
  const textW = 640;
  const lineH = 13;
  const rows = replay.frames.map((f, i) => {
    const text = [...frameLog(f), "", ...rosterLines(f.state)].flatMap((l) => (l === "" ? [""] : wrap(l, 100)));
    return { f, i, text, h: Math.max(th, text.length * lineH + 24) + 16 };
  });
  const header = 48;
  const W = textX + textW;
  const H = header + rows.reduce((t, r) => t + r.h, 0) + (rows.length === 0 ? 30 : 10);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">`);
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>`);
  out.push(`<text x="10" y="22" font-size="17" font-weight="bold">${esc(`Space War replay: game ${replay.game}, ${replay.who}`)}</text>`);
  out.push(
    `<text x="10" y="40" font-size="11">${esc(`${replay.frames.length} frame(s): the deployment, then the table after each player turn; dotted trails: moves; dashed orange: shots; red: rams; dice as "d6 value for what: needs N+"; modules * damaged, ° expended.`)}</text>`,
  );
  if (rows.length === 0) out.push(`<text x="10" y="${header + 12}" font-size="13">${esc(NOTHING)}</text>`);
  let y = header;
  for (const r of rows) {
    const title = `${r.i + 1}/${replay.frames.length}. ${frameTitle(r.f)}`;
    out.push(`<g class="frame">`);
    out.push(`<text x="10" y="${y + 12}" font-size="13" font-weight="bold">${esc(title)}</text>`);
    out.push(`<g transform="translate(10 ${y + 18}) scale(${scale})">${frameTable(replay.frames, r.i, replay.seat, title)}</g>`);
    r.text.forEach((l, k) => {
      out.push(`<text x="${textX}" y="${y + 30 + k * lineH}" font-size="11" xml:space="preserve">${esc(l)}</text>`);
    });
    out.push(`</g>`);
    y += r.h;
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

/**
 * A self-contained HTML file (no external resource: styles, script and pictures inline): one frame at a time with
 * First, Previous, Next and Last buttons, the arrow keys (Home and End for the ends) and a labelled slider; the step's
 * events with their dice and the craft beside the table.
 */
export function renderReplayHtml(replay: SxReplay): string {
  const title = `Space War replay: game ${replay.game}, ${replay.who}`;
  const data = replay.frames.map((f, i) => {
    const t = `${i + 1}/${replay.frames.length}. ${frameTitle(f)}`;
    return { title: t, svg: frameTable(replay.frames, i, replay.seat, t), log: frameLog(f), craft: rosterLines(f.state) };
  });
  // Inside <script>, "<" is written \u003c so that no text from the game can close the script.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const last = Math.max(0, replay.frames.length - 1);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body{font-family:sans-serif;margin:12px;color:#111;background:#fff}
#bar{display:flex;gap:8px;align-items:center;margin:6px 0}
#slider{flex:1}
#wrap{display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap}
pre{font-size:12px;white-space:pre-wrap;margin:0}
#side{flex:1;min-width:420px;max-height:600px;overflow:auto;border:1px solid #bbb;padding:6px}
#title{font-size:16px;font-weight:bold;margin:4px 0}
</style></head><body>
<h1>${esc(title)}</h1>
<div id="bar"><button id="first" type="button">First</button><button id="prev" type="button">Previous</button><button id="next" type="button">Next</button><button id="last" type="button">Last</button>
<label for="slider">Frame <span id="at">${replay.frames.length === 0 ? 0 : 1}</span> of ${replay.frames.length}</label><input id="slider" type="range" min="0" max="${last}" value="0"></div>
<div id="title">${replay.frames.length === 0 ? esc(NOTHING) : ""}</div>
<div id="wrap"><div id="board"></div><div id="side"><h2>Events and dice</h2><pre id="log"></pre><h2>Craft</h2><pre id="craft"></pre></div></div>
<p>Keys: left and right arrows step, Home and End go to the first and last frame. Arrows on the table are craft face up (dashed: face down), grey squares counters not known; dotted trails are the step's moves, dashed orange lines its shots, red lines its rams. Dice: "d6 value for what: needs N+". Modules: * damaged, ° expended.</p>
<script>
const F=${json};
let i=0;
const $=id=>document.getElementById(id);
function show(k){if(F.length===0)return;i=Math.max(0,Math.min(F.length-1,k));const f=F[i];$("board").innerHTML=f.svg;$("title").textContent=f.title;$("log").textContent=f.log.join("\\n");$("craft").textContent=f.craft.join("\\n");$("slider").value=String(i);$("at").textContent=String(i+1);}
$("first").onclick=()=>show(0);$("prev").onclick=()=>show(i-1);$("next").onclick=()=>show(i+1);$("last").onclick=()=>show(F.length-1);
$("slider").oninput=e=>show(+e.target.value);
document.addEventListener("keydown",e=>{if(e.target&&e.target.id==="slider")return;if(e.key==="ArrowLeft")show(i-1);else if(e.key==="ArrowRight")show(i+1);else if(e.key==="Home")show(0);else if(e.key==="End")show(F.length-1);});
show(0);
</script></body></html>
`;
}
