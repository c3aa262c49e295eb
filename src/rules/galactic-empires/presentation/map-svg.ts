/**
 * The galaxy as an SVG picture a player would print: chapter 3 "The Map" on paper. The picture itself (every
 * cell, lane, barrier, marker and badge, where it goes and what it says) is `map-picture.ts`'s, shared with the
 * browser's canvas map; this file writes it as SVG, each shape with its tooltip (<title>), and adds the printed
 * legend below the map. Pure: a view (or, for the game master, the whole state) in, a string out.
 *
 * An empire's map is drawn from `viewFor` only, so it can show nothing the view does not hold (no cloaked or
 * unseen foreign forces).
 */
import { escapeXml } from "../../../core/text.js";
import type { GeEvent } from "../events.js";
import { FILL_TINT } from "../galaxy/colours.js";
import type { EmpireId, GameState } from "../model.js";
import type { EmpireView } from "../view.js";
import {
  burstPoints,
  darken,
  gmMapPicture,
  MAP_COLOURS,
  type MapPicture,
  type MapPictureOptions,
  mapPicture,
  sectorMarks,
  statePicture,
  tint,
} from "./map-picture.js";

export type MapSvgOptions = MapPictureOptions;

const { OWN, FOREIGN, GOLD, BARRIER, LANE, REVENUE, DAMAGE, INDEPENDENT_FILL } = MAP_COLOURS;

/** An empire's map (from its view) or, without `empire`, the game master's map of everything. */
export function mapSvg(state: GameState, opts: MapSvgOptions & { empire?: EmpireId; events?: readonly GeEvent[] } = {}): string {
  return render(statePicture(state, opts));
}

/** An empire's map from its view: only what the view holds. */
export function viewMapSvg(view: EmpireView, opts: MapSvgOptions = {}): string {
  return render(mapPicture(view, opts));
}

/** The game master's map: every sector and every unit, cloaked or not. */
export function gmMapSvg(state: GameState, events: readonly GeEvent[], opts: MapSvgOptions = {}): string {
  return render(gmMapPicture(state, events, opts));
}

function render(p: MapPicture): string {
  const { font, nameFont } = p;
  const pad = p.map.x;
  const totalW = p.width;
  const totalH = p.height;
  const legendTop = p.legendTop;
  const legendCols = 4;
  const empiresInLegend = p.empires;
  const model = p;
  const colour = new Map(p.empires.map((e) => [e.id, e.colour]));
  const empIdx = new Map(p.empires.map((e, k) => [e.id, k]));
  const f = (v: number) => (Math.round(v * 10) / 10).toString();
  const seg = (s: { x1: number; y1: number; x2: number; y2: number }) => `x1="${f(s.x1)}" y1="${f(s.y1)}" x2="${f(s.x2)}" y2="${f(s.y2)}"`;
  const d = (cell: number[]) => {
    let out = "";
    for (let k = 0; k < cell.length; k += 2) out += `${k === 0 ? "M" : "L"}${f(cell[k] as number)},${f(cell[k + 1] as number)}`;
    return `${out}Z`;
  };

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f(totalW)}" height="${f(totalH)}" viewBox="0 0 ${f(totalW)} ${f(totalH)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">`,
  );
  out.push(`<title>${esc(model.title)}</title>`);
  // Patterns: hatching per empire (owned, not annexed) and the stipple of unseen sectors.
  out.push("<defs>");
  model.empires.forEach((e, k) => {
    out.push(
      `<pattern id="hatch-${k}" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffffff"/><rect width="4" height="8" fill="${esc(tint(e.colour, 0.35))}"/></pattern>`,
    );
  });
  out.push(
    `<pattern id="fog" patternUnits="userSpaceOnUse" width="6" height="6"><circle cx="1.5" cy="1.5" r="0.9" fill="#5b5b5b" fill-opacity="0.35"/><circle cx="4.5" cy="4.5" r="0.9" fill="#5b5b5b" fill-opacity="0.35"/></pattern>`,
  );
  out.push(
    `<radialGradient id="planet" cx="35%" cy="35%" r="70%"><stop offset="0%" stop-color="#9fd3ff"/><stop offset="100%" stop-color="#1e5a96"/></radialGradient>`,
  );
  out.push("</defs>");
  out.push(`<rect width="${f(totalW)}" height="${f(totalH)}" fill="#ffffff"/>`);
  out.push(`<text x="${pad}" y="28" font-size="22" font-weight="bold" fill="#222">${esc(model.title)}</text>`);
  out.push(`<text x="${pad}" y="50" font-size="13" fill="#444">${esc(model.subtitle)}</text>`);

  // Sector fills.
  out.push(`<g id="sectors" stroke="${GOLD}" stroke-width="${f(p.strokes.cell)}" stroke-linejoin="round">`);
  for (const s of p.sectors) {
    if (s.cell.length < 6) continue;
    const fill = s.fill.kind === "hatched" ? `url(#hatch-${s.fill.empire})` : s.fill.colour;
    out.push(`<path d="${d(s.cell)}" fill="${fill}"><title>${esc(s.tip)}</title></path>`);
  }
  out.push("</g>");
  // Own sectors stand out: a darker outline in the perspective's colour.
  if (model.perspective) {
    out.push(`<g id="own-sectors" fill="none" stroke="${p.ownOutline}" stroke-width="${f(p.strokes.own)}" stroke-linejoin="round">`);
    for (const e of p.ownEdges) out.push(`<line ${seg(e)}/>`);
    out.push("</g>");
  }
  // Fog of war.
  if (model.perspective) {
    out.push(`<g id="unseen" fill="url(#fog)" stroke="none">`);
    for (const s of p.sectors) if (!s.seen && s.cell.length >= 6) out.push(`<path d="${d(s.cell)}"/>`);
    out.push("</g>");
  }
  // Lanes (borders that can be crossed) and barriers.
  out.push(
    `<g id="lanes" stroke="${LANE}" stroke-width="${f(p.strokes.lane)}" stroke-dasharray="${f(p.strokes.dash[0])},${f(p.strokes.dash[1])}">`,
  );
  for (const l of p.lanes) out.push(`<line ${seg(l)}/>`);
  out.push("</g>");
  const barrierW = p.strokes.barrier;
  const cores: string[] = [];
  out.push(`<g id="barriers" stroke="${BARRIER}" stroke-width="${f(barrierW)}" stroke-linecap="round">`);
  for (const b of p.barriers) {
    out.push(`<line ${seg(b)}><title>${esc(b.title)}</title></line>`);
    cores.push(`<line ${seg(b)}/>`);
  }
  out.push("</g>");
  // A white core down each bar: a barrier reads as a wall, never as a starship badge's blue.
  out.push(`<g id="barrier-cores" stroke="#ffffff" stroke-width="${f(barrierW * 0.3)}" stroke-linecap="round">`, ...cores, "</g>");

  // Each empire's name across its largest territory (connected owned sectors), under the markers.
  out.push(
    `<g id="empire-names" text-anchor="middle" font-weight="bold" fill="#1d1d1d" fill-opacity="0.55" stroke="#ffffff" stroke-opacity="0.7" stroke-linejoin="round" paint-order="stroke">`,
  );
  for (const t of p.territoryNames)
    out.push(`<text x="${f(t.x)}" y="${f(t.y)}" font-size="${f(t.size)}" stroke-width="${f(t.size * 0.18)}">${esc(t.text)}</text>`);
  out.push("</g>");

  // Markers: sector point, id, industrial centre, defence, forces.
  out.push(`<g id="markers" font-size="${f(font)}" text-anchor="middle">`);
  for (const s of p.sectors) {
    const m = sectorMarks(p, s);
    out.push(
      `<text x="${f(m.id.x)}" y="${f(m.id.y)}" font-weight="bold" fill="#1d1d1d" stroke="#ffffff" stroke-width="${f(font * 0.22)}" stroke-linejoin="round" paint-order="stroke">${s.id}</text>`,
    );
    // Tax revenue above the id; sector damage as pips beside it (chapter 3: "Damage reduces revenue").
    const small = m.revenue.size;
    out.push(
      `<text x="${f(m.revenue.x)}" y="${f(m.revenue.y)}" font-size="${f(small)}" fill="${REVENUE}" stroke="#ffffff" stroke-width="${f(small * 0.25)}" stroke-linejoin="round" paint-order="stroke">${esc(m.revenue.text)}</text>`,
    );
    if (m.pips.length > 0) {
      const pr = m.pips[0]?.r ?? 0;
      const pips = m.pips.map((c) => `<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(c.r)}"/>`).join("");
      out.push(`<g fill="${DAMAGE}" stroke="#ffffff" stroke-width="${f(pr * 0.5)}"><title>Sector damage ${s.damage}</title>${pips}</g>`);
    }
    if (m.name)
      out.push(
        `<text x="${f(m.name.x)}" y="${f(m.name.y)}" font-size="${f(nameFont)}" font-style="italic" fill="#333" stroke="#ffffff" stroke-width="${f(nameFont * 0.22)}" stroke-linejoin="round" paint-order="stroke">${esc(s.name)}</text>`,
      );
    if (m.planet) {
      const { x: ix, y: iy, r: planetR } = m.planet;
      out.push(
        `<g><title>Industrial centre</title><circle cx="${f(ix)}" cy="${f(iy)}" r="${f(planetR)}" fill="url(#planet)" stroke="#0d3a66" stroke-width="0.6"/><ellipse cx="${f(ix)}" cy="${f(iy)}" rx="${f(planetR * 1.7)}" ry="${f(planetR * 0.5)}" fill="none" stroke="#0d3a66" stroke-width="0.9" transform="rotate(-20 ${f(ix)} ${f(iy)})"/></g>`,
      );
    }
    if (m.shield) {
      const { x: dx, y: dy, w, damaged, label } = m.shield;
      out.push(
        `<g><title>${esc(`Sector defence level ${s.defence}${damaged ? `, damaged ${s.defenceDamage}` : ""}`)}</title><path d="M${f(dx - w / 2)},${f(dy - w / 2)}h${f(w)}v${f(w * 0.55)}l${f(-w / 2)},${f(w * 0.55)}l${f(-w / 2)},${f(-w * 0.55)}Z" fill="${damaged ? "#8d5a2b" : "#4a4a4a"}"/><text x="${f(dx)}" y="${f(dy + w * 0.22)}" font-size="${f(w * 0.75)}" font-weight="bold" fill="#fff">${esc(label)}</text></g>`,
      );
    }
    for (const b of m.badges) {
      const { x: bx, y: by, w: bw, h: bh } = b;
      out.push(
        `<g><title>${esc(b.title)}</title><rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(bh)}" rx="${f(bh * 0.3)}" fill="${b.fill}" stroke="#fff" stroke-width="0.6"/><text x="${f(bx + bw / 2)}" y="${f(by + bh * 0.78)}" font-size="${f(bh * 0.8)}" font-weight="bold" fill="#fff">${b.count}</text></g>`,
      );
    }
    if (m.unitIds)
      out.push(
        `<text class="unit-ids" x="${f(m.unitIds.x)}" y="${f(m.unitIds.y)}" font-size="${f(m.unitIds.size)}" fill="#1d1d1d" stroke="#ffffff" stroke-width="${f(m.unitIds.size * 0.25)}" stroke-linejoin="round" paint-order="stroke">${esc(m.unitIds.text)}</text>`,
      );
  }
  out.push("</g>");

  // Last turn's battles.
  out.push(`<g id="battles">`);
  for (const b of p.battles) out.push(`<g><title>${esc(b.title)}</title>${burst(b.x, b.y, b.r, f)}</g>`);
  out.push("</g>");

  // Legend.
  out.push(`<g id="legend" font-size="12" fill="#222">`);
  out.push(`<line x1="${pad}" y1="${f(legendTop - 8)}" x2="${f(totalW - pad)}" y2="${f(legendTop - 8)}" stroke="#bbb"/>`);
  let ly = legendTop + 14;
  let lx = pad;
  const newRow = () => {
    ly += 20;
    lx = pad;
  };
  const item = (svg: string, text: string, width: number) => {
    out.push(svg);
    out.push(`<text x="${f(lx + 22)}" y="${f(ly + 4)}">${esc(text)}</text>`);
    lx += width;
  };
  const sample = model.perspective ? (colour.get(model.perspective) ?? "#4a7fd4") : (model.empires[0]?.colour ?? "#4a7fd4");
  const sampleIdx = model.perspective ? (empIdx.get(model.perspective) ?? 0) : 0;
  item(`<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="${tint(sample, FILL_TINT)}" stroke="${GOLD}"/>`, "annexed", 92);
  item(
    `<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="url(#hatch-${sampleIdx})" stroke="${GOLD}"/>`,
    "owned, not annexed",
    158,
  );
  item(`<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="${INDEPENDENT_FILL}" stroke="${GOLD}"/>`, "independent", 104);
  item(
    `<circle cx="${lx + 8}" cy="${ly}" r="5" fill="url(#planet)" stroke="#0d3a66" stroke-width="0.6"/><ellipse cx="${lx + 8}" cy="${ly}" rx="8.5" ry="2.5" fill="none" stroke="#0d3a66" stroke-width="0.9" transform="rotate(-20 ${lx + 8} ${ly})"/>`,
    "industrial centre",
    140,
  );
  item(
    `<path d="M${lx + 3},${ly - 6}h11v6l-5.5,6l-5.5,-6Z" fill="#4a4a4a"/><text x="${lx + 8.5}" y="${ly + 2}" font-size="8" font-weight="bold" fill="#fff" text-anchor="middle">2</text>`,
    "sector defence level",
    160,
  );
  if (model.perspective) {
    item(
      `<rect x="${lx}" y="${ly - 6}" width="18" height="12" rx="3" fill="${OWN}"/><text x="${lx + 9}" y="${ly + 4}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">8</text>`,
      "your starships",
      118,
    );
    item(
      `<rect x="${lx}" y="${ly - 6}" width="18" height="12" rx="3" fill="${FOREIGN}"/><text x="${lx + 9}" y="${ly + 4}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">3</text>`,
      "foreign starships",
      136,
    );
  } else {
    item(
      `<rect x="${lx}" y="${ly - 6}" width="18" height="12" rx="3" fill="#6d6d6d"/><text x="${lx + 9}" y="${ly + 4}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">8</text>`,
      "starships (owner's colour)",
      190,
    );
  }
  newRow();
  item(
    `<line x1="${lx}" y1="${ly}" x2="${lx + 16}" y2="${ly}" stroke="${BARRIER}" stroke-width="5" stroke-linecap="round"/><line x1="${lx}" y1="${ly}" x2="${lx + 16}" y2="${ly}" stroke="#ffffff" stroke-width="1.5" stroke-linecap="round"/>`,
    "barrier",
    80,
  );
  item(`<line x1="${lx}" y1="${ly}" x2="${lx + 16}" y2="${ly}" stroke="${LANE}" stroke-width="1.2" stroke-dasharray="3,2"/>`, "border", 74);
  item(burst(lx + 8, ly, 7, f), "battle last turn", 130);
  item(`<text x="${lx + 8}" y="${ly + 4}" font-size="10" fill="${REVENUE}" text-anchor="middle">12</text>`, "tax revenue", 100);
  item(
    `<circle cx="${lx + 4}" cy="${ly}" r="2.6" fill="${DAMAGE}"/><circle cx="${lx + 11}" cy="${ly}" r="2.6" fill="${DAMAGE}"/>`,
    "sector damage (a pip a level)",
    215,
  );
  item(`<text x="${lx + 8}" y="${ly + 4}" font-size="9" fill="#1d1d1d" text-anchor="middle">A5</text>`, "unit ids (under the count)", 190);
  if (model.perspective)
    item(`<rect x="${lx}" y="${ly - 7}" width="16" height="14" fill="url(#fog)" stroke="${GOLD}"/>`, "not seen this turn", 150);
  const colW = (totalW - 2 * pad) / legendCols;
  empiresInLegend.forEach((e, k) => {
    const ex = pad + (k % legendCols) * colW;
    const ey = legendTop + 64 + Math.floor(k / legendCols) * 20;
    const bold = e.id === model.perspective ? ` font-weight="bold"` : "";
    out.push(
      `<rect x="${f(ex)}" y="${f(ey - 10)}" width="16" height="13" fill="${tint(e.colour, FILL_TINT)}" stroke="${darken(e.colour, 0.2)}"/>`,
    );
    out.push(`<text x="${f(ex + 22)}" y="${f(ey + 1)}"${bold}>${esc(e.name)}${e.id === model.perspective ? " (you)" : ""}</text>`);
  });
  out.push("</g>");
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}

function burst(x: number, y: number, r: number, f: (v: number) => string): string {
  const xy = burstPoints(x, y, r);
  const pts: string[] = [];
  for (let k = 0; k < xy.length; k += 2) pts.push(`${f(xy[k] as number)},${f(xy[k + 1] as number)}`);
  return `<polygon points="${pts.join(" ")}" fill="#ffb300" stroke="#b23c17" stroke-width="1.2"/>`;
}

const esc = escapeXml;
