/**
 * The battle table as SVG, as a seat knows it (or the referee's table without a seat): the table's edge with its
 * size, the planets (circles about 3" across, l.872), the Space Stations, every craft on the table as an arrow along
 * its heading with its id, face-down counters the seat cannot identify as plain squares (l.659-665: a counter shows
 * nothing), the seat's own face-down craft as dashed arrows, and optionally the 24" scouting circle about each of the
 * seat's craft (30" with Longer Scouting, l.680-682). Readable without colour: squares and arrows differ in shape,
 * every counter has its id beside it and a tooltip (`<title>`); every word from the state is escaped.
 *
 * Table geometry (model.ts): x along the long edge, y along the short one, heading clockwise from +y ("up"). The
 * picture draws +y up, so a heading of 0 points up the page and 90 to the right.
 */
import type { SeatId } from "../../../core/ids.js";
import { escapeXml } from "../../../core/text.js";
import { type Craft, operating, type Point, type SpaceWarState } from "../model.js";
import { scoutingDistance } from "../technology-cards/cards.js";
import { holds } from "../technology-cards/in-play.js";
import { FACE_DOWN } from "./known-state.js";

export interface TableSvgOptions {
  /** The seat whose view is drawn (its craft get scouting circles); the state given must already be its known state. */
  seat?: SeatId;
  /** Draw the scouting circle about each of the seat's craft on the table. */
  ranges?: boolean;
  subtitle?: string;
  /** What happened on the table, drawn under the craft (the replay's): moves as dotted trails, shots and rams as lines. */
  marks?: readonly TableMark[];
}

/** A move (from where the craft stood to where it stands), a shot or a ram (from the craft to its target). */
export interface TableMark {
  kind: "move" | "shot" | "ram";
  from: Point;
  to: Point;
  owner: SeatId;
}

const SCALE = 10;
const MARGIN = 24;
const HEADER = 44;
const COLOURS = ["#1f4fbf", "#b71c1c", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f"];
const f = (v: number) => String(Math.round(v * 10) / 10);
const esc = escapeXml;

/** A craft the seat cannot identify: blanked in its known state (known-state.ts `FACE_DOWN`). */
const unidentified = (c: Craft): boolean => c.design === FACE_DOWN.design && c.modules.length === 1 && c.modules[0]?.module === "hotel";

export function tableSvg(state: SpaceWarState, opts: TableSvgOptions = {}): string {
  const b = state.campaign.battle;
  const width = (b?.table.width ?? 72) * SCALE;
  const depth = (b?.table.depth ?? 48) * SCALE;
  const W = width + 2 * MARGIN;
  const H = depth + 2 * MARGIN + HEADER;
  const X = (x: number) => MARGIN + x * SCALE;
  const Y = (y: number) => HEADER + MARGIN + depth - y * SCALE;
  const colour = (seat: SeatId) =>
    COLOURS[
      Math.max(
        0,
        state.seats.findIndex((s) => s.id === seat),
      ) % COLOURS.length
    ] ?? "#333";
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif">`);
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="#ffffff"/>`);
  const title = b
    ? `Space War: game ${state.campaign.game + 1}, ${b.scenario}, turn ${b.turn}, ${b.active} to play${b.ended ? " (over)" : ""}`
    : `Space War: game ${state.campaign.game + 1}, no battle on the table`;
  out.push(`<text x="${MARGIN}" y="20" font-size="15" font-weight="bold">${esc(title)}</text>`);
  if (opts.subtitle) out.push(`<text x="${MARGIN}" y="37" font-size="11">${esc(opts.subtitle)}</text>`);
  out.push(`<rect x="${MARGIN}" y="${HEADER + MARGIN}" width="${width}" height="${depth}" fill="#0b1330" stroke="#000" stroke-width="2"/>`);
  // Scouting circles reach past the table's edge: drawn within it only.
  out.push(`<clipPath id="table-edge"><rect x="${MARGIN}" y="${HEADER + MARGIN}" width="${width}" height="${depth}"/></clipPath>`);
  // Grid every 6" (deployment is within 6" of a planet, l.884).
  for (let x = 6; x < width / SCALE; x += 6)
    out.push(`<line x1="${f(X(x))}" y1="${f(Y(0))}" x2="${f(X(x))}" y2="${f(Y(depth / SCALE))}" stroke="#26315a" stroke-width="0.5"/>`);
  for (let y = 6; y < depth / SCALE; y += 6)
    out.push(`<line x1="${f(X(0))}" y1="${f(Y(y))}" x2="${f(X(width / SCALE))}" y2="${f(Y(y))}" stroke="#26315a" stroke-width="0.5"/>`);
  out.push(
    `<text x="${MARGIN}" y="${H - 6}" font-size="10">${esc(`${width / SCALE}" x ${depth / SCALE}", grid 6"; arrows: craft face up (dashed: yours face down); grey squares: counters not known; S: Space Station`)}</text>`,
  );
  if (b) {
    b.planets.forEach((p, i) => {
      const home = Object.entries(b.homes).find(([, h]) => h.planet === i)?.[0];
      out.push(
        `<circle cx="${f(X(p.at.x))}" cy="${f(Y(p.at.y))}" r="${f((p.diameter / 2) * SCALE)}" fill="#c98f3a" stroke="#fff" stroke-width="1"><title>${esc(`planet ${i + 1}${home ? ` (${home}'s)` : ""}`)}</title></circle>`,
      );
    });
    for (const m of opts.marks ?? []) {
      const line = `x1="${f(X(m.from.x))}" y1="${f(Y(m.from.y))}" x2="${f(X(m.to.x))}" y2="${f(Y(m.to.y))}"`;
      const style =
        m.kind === "move"
          ? `stroke="${colour(m.owner)}" stroke-width="1.5" stroke-dasharray="1 3" stroke-opacity="0.9"`
          : m.kind === "shot"
            ? `stroke="#ffb300" stroke-width="1" stroke-dasharray="5 3"`
            : `stroke="#ff1744" stroke-width="2.5"`;
      out.push(`<line class="${m.kind}" ${line} ${style}/>`);
    }
    if (opts.ranges && opts.seat !== undefined) {
      const reach = scoutingDistance(holds(state, opts.seat, "longer-scouting"));
      for (const c of b.craft) {
        if (c.owner !== opts.seat || (c.where.kind !== "hidden" && c.where.kind !== "table")) continue;
        out.push(
          `<circle class="scouting" clip-path="url(#table-edge)" cx="${f(X(c.where.at.x))}" cy="${f(Y(c.where.at.y))}" r="${f(reach * SCALE)}" fill="none" stroke="${colour(c.owner)}" stroke-opacity="0.5" stroke-dasharray="4 4"/>`,
        );
      }
    }
    for (const c of b.craft) {
      if (c.where.kind !== "hidden" && c.where.kind !== "table") continue;
      const x = X(c.where.at.x);
      const y = Y(c.where.at.y);
      const col = colour(c.owner);
      const tip = esc(
        unidentified(c)
          ? `${c.id} (${c.owner}): a face-down counter`
          : `${c.id} (${c.owner}) ${c.design}, ${c.type}${c.where.kind === "hidden" ? ", face down" : ""}${c.pendingHits > 0 ? `, ${c.pendingHits} hit(s) pending` : ""}`,
      );
      if (unidentified(c)) {
        out.push(
          `<rect class="counter" x="${f(x - 6)}" y="${f(y - 6)}" width="12" height="12" fill="#9e9e9e" stroke="${col}" stroke-width="2"><title>${tip}</title></rect>`,
        );
      } else if (c.station) {
        out.push(
          `<rect class="station" x="${f(x - 8)}" y="${f(y - 8)}" width="16" height="16" rx="4" fill="#ffffff" stroke="${col}" stroke-width="2"><title>${tip}</title></rect>`,
        );
        out.push(`<text x="${f(x)}" y="${f(y + 4)}" font-size="10" font-weight="bold" text-anchor="middle" fill="${col}">S</text>`);
      } else {
        const h = (c.where.heading * Math.PI) / 180;
        const dx = Math.sin(h);
        const dy = -Math.cos(h);
        const len = c.type === "vessel" ? 11 : 7;
        const wide = c.type === "vessel" ? 7 : 5;
        const tipPt = `${f(x + dx * len)},${f(y + dy * len)}`;
        const l = `${f(x - dx * len * 0.6 - dy * wide)},${f(y - dy * len * 0.6 + dx * wide)}`;
        const r = `${f(x - dx * len * 0.6 + dy * wide)},${f(y - dy * len * 0.6 - dx * wide)}`;
        const faceDown = c.where.kind === "hidden" ? ` stroke-dasharray="2 2" fill-opacity="0.35"` : "";
        const dead = operating(c, "E") + operating(c, "T") === 0 ? " (un-powered)" : "";
        out.push(
          `<polygon class="craft" points="${tipPt} ${l} ${r}" fill="${col}" stroke="#fff" stroke-width="1.2"${faceDown}><title>${tip}${esc(dead)}</title></polygon>`,
        );
      }
      out.push(`<text x="${f(x + 9)}" y="${f(y - 8)}" font-size="10" fill="#ffffff">${esc(c.id)}</text>`);
    }
  }
  const legend = state.seats.map(
    (s, i) =>
      `<text x="${W - MARGIN - 140 * (state.seats.length - i)}" y="37" font-size="11" fill="${colour(s.id)}">${esc(`■ ${s.name}`)}</text>`,
  );
  out.push(...legend);
  out.push("</svg>");
  return out.join("\n");
}
