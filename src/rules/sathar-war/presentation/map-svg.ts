/**
 * The Frontier Deployment Map drawn as SVG (issue 12 "`starhost map`"): the picture of `map-picture.ts` painted as
 * the seed describes the printed map (000 "THE FRONTIER DEPLOYMENT MAP"): large yellow starbursts labelled with the
 * system names and their planets, light blue transit boxes with a dark blue arrowed jump box for each direction,
 * dark red start circles with light red boxes, the counters, and the Time Record Track (000 "The Time Record Track").
 *
 * Readable without colour: UPF counters are squares, Sathar counters diamonds, each with its ships as text ("3 DD 2
 * LC"); stations are lettered (F fortress, S fortified station, A armed station) and a destroyed one is crossed out
 * and says so; a jump box has its arrow. Every stack and station has a tooltip (`<title>`) naming its ships. Every
 * word from the map or the state is escaped: a map file's names cannot break the SVG.
 */
import { escapeXml } from "../../../core/text.js";
import type { MapPicture, PictureBox, Stack } from "./map-picture.js";

export interface MapSvgOptions {
  /** A line under the title (the tool says whose view it is). */
  subtitle?: string;
}

const BG = "#f6f3ea";
const STAR = "#ffd22e";
const STAR_EDGE = "#b57d00";
const PLANET = "#3d7fc1";
const BOX = "#a9d8f5";
const BOX_EDGE = "#3b7dbf";
const JUMP = "#16357f";
const CIRCLE = "#7a1010";
const RED_BOX = "#f5a9a9";
const RED_EDGE = "#b03030";
const UPF = "#1f4fbf";
const SATHAR = "#b71c1c";
const STATION = "#3a3a3a";
const LINE = 14;
const HEADER = 56;
const RIGHT = 190;

const STATION_LETTER = { fortress: "F", fortified: "S", armed: "A" } as const;
const STATION_WORD = { fortress: "fortress", fortified: "fortified station", armed: "armed station" } as const;

const f = (v: number) => String(Math.round(v * 10) / 10);

/** XML text and attribute values (core/text.ts `escapeXml`). */
export const esc = escapeXml;

const HALO = `stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke"`;

function starburst(x: number, y: number, r: number): string {
  const pts: string[] = [];
  for (let k = 0; k < 24; k++) {
    const a = (k * Math.PI) / 12;
    const rr = k % 2 === 0 ? r : r * 0.72;
    pts.push(`${f(x + rr * Math.cos(a))},${f(y + rr * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${STAR}" stroke="${STAR_EDGE}" stroke-width="1.2"/>`;
}

function battleBurst(x: number, y: number, r: number): string {
  const pts: string[] = [];
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    const rr = k % 2 === 0 ? r : r * 0.55;
    pts.push(`${f(x + rr * Math.cos(a))},${f(y + rr * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="#ff8f00" stroke="#b23c17" stroke-width="1.2"/>`;
}

/** A counter: a UPF square or a Sathar diamond, centred on (x, y). */
function counter(side: Stack["side"], x: number, y: number, s = 10): string {
  if (side === "upf")
    return `<rect x="${f(x - s / 2)}" y="${f(y - s / 2)}" width="${f(s)}" height="${f(s)}" fill="${UPF}" stroke="#fff" stroke-width="1"/>`;
  const h = s * 0.68;
  return `<path d="M${f(x)},${f(y - h)}L${f(x + h)},${f(y)}L${f(x)},${f(y + h)}L${f(x - h)},${f(y)}Z" fill="${SATHAR}" stroke="#fff" stroke-width="1"/>`;
}

function stationBadge(type: keyof typeof STATION_LETTER, destroyed: boolean, x: number, y: number): string {
  const cross = destroyed
    ? `<path d="M${f(x - 6)},${f(y - 6)}L${f(x + 6)},${f(y + 6)}M${f(x + 6)},${f(y - 6)}L${f(x - 6)},${f(y + 6)}" stroke="${SATHAR}" stroke-width="2"/>`
    : "";
  return `<rect x="${f(x - 6)}" y="${f(y - 6)}" width="12" height="12" rx="2" fill="${destroyed ? "#9e9e9e" : STATION}"/><text x="${f(x)}" y="${f(y + 3.5)}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">${STATION_LETTER[type]}</text>${cross}`;
}

function stackTitle(s: Stack): string {
  return `${s.side === "upf" ? "UPF" : "Sathar"}: ${s.text}${s.damaged ? " (damaged ships)" : ""}\n${s.where}\nCommanded by ${s.seats.join(", ")}: ${s.ships.join(", ")}`;
}

function stackWords(s: Stack): string {
  const p = s.place;
  let extra = "";
  if (p.kind === "planet" && p.docked) extra = " docked";
  if (p.kind === "transit") extra = `${p.rate > 1 ? ` RJ${p.rate}` : ""}${p.jumped ? " jumped" : ""}${p.coasting ? " coasting" : ""}`;
  if (p.kind === "red" && p.outbound) extra = " outbound";
  return `${s.text}${extra}${s.damaged ? " damaged" : ""}`;
}

/** A row of a stack list: its counter and its words; `data-stack` names the stack (its key), for a client that makes it a button. */
function stackRow(s: Stack, x: number, y: number, prefix = ""): string {
  const colour = s.side === "upf" ? UPF : SATHAR;
  return `<g data-stack="${esc(s.key)}"><g class="stack"><title>${esc(stackTitle(s))}</title>${counter(s.side, x + 6, y - 4)}<text x="${f(x + 14)}" y="${f(y)}" font-size="11" font-weight="bold" fill="${colour}" ${HALO}>${esc(prefix + stackWords(s))}</text></g></g>`;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** About how wide a character of 11-pixel bold text is (for placing lists, not for drawing). */
const CHAR = 7;

function square(x: number, y: number, side: number): Rect {
  return { x: x - side / 2, y: y - side / 2, w: side, h: side };
}

/** A centred line of text whose baseline is at y. */
function textRect(x: number, y: number, w: number, h: number): Rect {
  return { x: x - w / 2, y: y - h + 2, w, h };
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function mapSvg(p: MapPicture, opts: MapSvgOptions = {}): string {
  const totalW = p.width + RIGHT;
  const mapTop = HEADER;
  const panelTop = mapTop + p.height + 10;
  const offRows = Math.max(1, p.offMap.length);
  const totalH = panelTop + 92 + 8 * 20 + offRows * 18 + 40;
  const out: string[] = [];
  const sysName = new Map(p.systems.map((s) => [s.id, s.name]));
  const stacksOf = new Map<string, Stack[]>();
  const keyOf = (s: Stack): string => {
    const q = s.place;
    if (q.kind === "planet") return `p|${q.planet}`;
    if (q.kind === "transit") return `t|${q.route}|${q.box}`;
    if (q.kind === "red") return `r|${q.circle}|${q.box}`;
    return `c|${q.circle}`;
  };
  for (const s of p.stacks) {
    const k = keyOf(s);
    const l = stacksOf.get(k);
    if (l) l.push(s);
    else stacksOf.set(k, [s]);
  }
  const upf = p.stacks.filter((s) => s.side === "upf");
  const sathar = p.stacks.filter((s) => s.side === "sathar");
  const desc = [
    `${p.mapName}: ${p.systems.length} star systems, ${p.routes.length} routes of transit boxes, ${p.circles.length} Sathar Start Circles, ${p.stations.filter((s) => !s.destroyed).length} of ${p.stations.length} stations standing.`,
    `UPF: ${upf.length} stacks on the map (${upf.reduce((t, s) => t + s.ships.length, 0)} ships). Sathar: ${sathar.length} stacks on the map (${sathar.reduce((t, s) => t + s.ships.length, 0)} ships).`,
    `Time Record: Day ${p.timeRecord.day}${p.timeRecord.tenday > 0 ? `, Tenday ${p.timeRecord.tenday}` : ""} (day ${p.day} of the war).`,
    ...(p.outcome ? [p.outcome] : []),
  ].join(" ");

  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f(totalW)}" height="${f(totalH)}" viewBox="0 0 ${f(totalW)} ${f(totalH)}" role="img" aria-labelledby="map-title map-desc" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`,
  );
  out.push(`<title id="map-title">${esc(p.title)}</title>`);
  out.push(`<desc id="map-desc">${esc(desc)}</desc>`);
  out.push(`<rect width="100%" height="100%" fill="${BG}"/>`);
  out.push(`<text x="20" y="28" font-size="20" font-weight="bold" fill="#1d1d1d">${esc(p.title)}</text>`);
  const sub = opts.subtitle ?? p.outcome ?? "";
  if (sub) out.push(`<text x="20" y="48" font-size="13" fill="#444">${esc(sub)}</text>`);
  out.push(`<g id="map" transform="translate(0 ${mapTop})">`);

  // Routes: a faint line under the transit boxes, then the boxes, the jump boxes dark blue with their arrows.
  out.push(`<g id="routes">`);
  for (const r of p.routes) {
    const a = p.systems.find((s) => s.id === r.a);
    const b = p.systems.find((s) => s.id === r.b);
    const title = `${sysName.get(r.a) ?? r.a} to ${sysName.get(r.b) ?? r.b}: ${r.boxes.length} transit boxes`;
    out.push(`<g><title>${esc(title)}</title>`);
    if (a && b)
      out.push(`<line x1="${f(a.x)}" y1="${f(a.y)}" x2="${f(b.x)}" y2="${f(b.y)}" stroke="${BOX_EDGE}" stroke-width="1" opacity="0.5"/>`);
    const h = r.boxSize / 2;
    for (const bx of r.boxes) {
      const jump = bx.jumpTo.length > 0;
      const arrows = bx.jumpTo
        .map((to) => {
          const dir = to === r.b ? 1 : -1;
          // One arrow: across the box; both ways (an odd route's middle box): two small arrows apart, tip to each end.
          const [tip, base, half] = bx.jumpTo.length > 1 ? [0.85, 0.15, 0.38] : [0.55, -0.35, 0.5];
          return `<path d="M${f(dir * h * tip)},0L${f(dir * h * base)},${f(-h * half)}L${f(dir * h * base)},${f(h * half)}Z" fill="#fff"/>`;
        })
        .join("");
      const tip = jump
        ? `<title>${esc(`Jump box ${bx.n}: ships heading to ${bx.jumpTo.map((t) => sysName.get(t) ?? t).join(" or ")} jump here`)}</title>`
        : "";
      out.push(
        `<g transform="translate(${f(bx.x)} ${f(bx.y)}) rotate(${f(r.angle)})">${tip}<rect x="${f(-h)}" y="${f(-h)}" width="${f(2 * h)}" height="${f(2 * h)}" fill="${jump ? JUMP : BOX}" stroke="${jump ? JUMP : BOX_EDGE}" stroke-width="1"/>${arrows}</g>`,
      );
    }
    out.push(`</g>`);
  }
  out.push(`</g>`);

  // Start circles and their light red boxes.
  out.push(`<g id="circles">`);
  for (const c of p.circles) {
    const h = c.boxSize / 2;
    out.push(`<g><title>${esc(`${c.name}: ${c.boxes.length} red boxes to ${sysName.get(c.system) ?? c.system}`)}</title>`);
    for (const bx of c.boxes)
      out.push(
        `<rect transform="translate(${f(bx.x)} ${f(bx.y)}) rotate(${f(c.angle)})" x="${f(-h)}" y="${f(-h)}" width="${f(2 * h)}" height="${f(2 * h)}" fill="${RED_BOX}" stroke="${RED_EDGE}" stroke-width="1"/>`,
      );
    out.push(`<circle cx="${f(c.x)}" cy="${f(c.y)}" r="${f(p.circleRadius)}" fill="${CIRCLE}" stroke="#3d0000" stroke-width="1.5"/>`);
    out.push(`<text x="${f(c.x)}" y="${f(c.y + 4)}" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">SSC</text></g>`);
    out.push(
      `<text x="${f(c.x)}" y="${f(c.y - p.circleRadius - 6)}" font-size="11" font-style="italic" fill="${CIRCLE}" text-anchor="middle" ${HALO}>${esc(c.name)}</text>`,
    );
  }
  out.push(`</g>`);

  // What is already drawn, for placing the lists of planets and stacks where they cover least of it.
  const taken: Rect[] = [];
  for (const r of p.routes) for (const bx of r.boxes) taken.push(square(bx.x, bx.y, r.boxSize * 1.2));
  for (const c of p.circles) {
    for (const bx of c.boxes) taken.push(square(bx.x, bx.y, c.boxSize * 1.2));
    taken.push(square(c.x, c.y, 2 * p.circleRadius), textRect(c.x, c.y - p.circleRadius - 6, c.name.length * 6.5, 12));
  }
  for (const s of p.systems) taken.push(square(s.x, s.y, 2 * p.burst), textRect(s.x, s.y - p.burst - 6, s.name.length * 8.6, 15));

  // Stacks in transit boxes, red boxes and start circles: listed beside their box, away from its path.
  const rows: { s: Stack; x: number; y: number; prefix: string }[] = [];
  // Either side of the path, next to it or a line or two out, whichever covers least of what is drawn.
  const beside = (box: PictureBox, size: number, angle: number, stacks: readonly Stack[], prefix: (s: Stack) => string) => {
    const a = ((angle + 90) * Math.PI) / 180;
    const d = size / 2 + 6;
    const w = Math.max(...stacks.map((k) => 14 + (prefix(k) + stackWords(k)).length * CHAR));
    const h = stacks.length * LINE;
    let best: Rect | undefined;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const [side, out] of [
      [1, 0],
      [-1, 0],
      [1, 1],
      [-1, 1],
      [1, 2],
      [-1, 2],
    ] as const) {
      const nx = Math.cos(a) * side;
      const ny = Math.sin(a) * side;
      const ax = box.x + nx * (d + out * LINE);
      const ay = box.y + ny * (d + out * LINE);
      const c: Rect = {
        x: Math.abs(nx) < 0.5 ? ax - w / 2 : nx > 0 ? ax : ax - w,
        y: Math.abs(ny) < 0.5 ? ay - h / 2 : ny > 0 ? ay : ay - h,
        w,
        h,
      };
      const cost = taken.reduce((t, o) => t + overlap(c, o), 0) + out * 40 + (c.x < 0 || c.x + c.w > totalW ? 1e6 : 0);
      if (cost < bestCost) {
        best = c;
        bestCost = cost;
      }
    }
    if (!best) return;
    taken.push(best);
    const at = best;
    stacks.forEach((k, i) => {
      rows.push({ s: k, x: at.x, y: at.y + 11 + i * LINE, prefix: prefix(k) });
    });
  };
  for (const r of p.routes)
    for (const bx of r.boxes) {
      const here = stacksOf.get(`t|${r.id}|${bx.n}`);
      if (here)
        beside(bx, r.boxSize, r.angle, here, (k) =>
          k.place.kind === "transit" ? `\u2192${sysName.get(k.place.toward) ?? k.place.toward}: ` : "",
        );
    }
  for (const c of p.circles) {
    for (const bx of c.boxes) {
      const here = stacksOf.get(`r|${c.id}|${bx.n}`);
      if (here) beside(bx, c.boxSize, c.angle, here, () => "");
    }
    const here = stacksOf.get(`c|${c.id}`);
    if (here) beside({ n: 0, x: c.x, y: c.y }, 2 * p.circleRadius, c.angle, here, () => "");
  }

  // Star systems: the starburst, its planets, the name above; beside it, each planet's name with its station's badge,
  // then the stacks at that planet. The list goes where it covers least of what is drawn (the biggest list first).
  out.push(`<g id="systems">`);
  for (const s of p.systems) {
    out.push(`<g><title>${esc(`${s.name}: ${s.planets.map((q) => q.name).join(", ")}`)}</title>${starburst(s.x, s.y, p.burst)}`);
    for (const q of s.planets)
      out.push(`<circle cx="${f(q.x)}" cy="${f(q.y)}" r="5" fill="${PLANET}" stroke="#0d3a66" stroke-width="0.8"/>`);
    out.push(`</g>`);
    out.push(
      `<text x="${f(s.x)}" y="${f(s.y - p.burst - 6)}" font-size="14" font-weight="bold" fill="#1d1d1d" text-anchor="middle" ${HALO}>${esc(s.name)}</text>`,
    );
  }
  const lists = p.systems.map((s) => {
    const planets = s.planets.map((q) => ({
      planet: q,
      station: p.stations.find((t) => t.planet === q.id),
      stacks: stacksOf.get(`p|${q.id}`) ?? [],
    }));
    const lines = planets.reduce((t, r) => t + 1 + r.stacks.length, 0);
    const w = Math.max(
      30,
      ...planets.flatMap((r) => [
        15 + (r.planet.name.length + (r.station?.destroyed ? 20 : 0)) * 6.2,
        22 + Math.max(0, ...r.stacks.map((k) => stackWords(k).length * CHAR)),
      ]),
    );
    return { s, planets, w, h: lines * LINE + 4 };
  });
  const order = lists
    .map((_, i) => i)
    .sort((i, j) => (lists[j]?.h ?? 0) * (lists[j]?.w ?? 0) - (lists[i]?.h ?? 0) * (lists[i]?.w ?? 0) || i - j);
  for (const i of order) {
    const l = lists[i];
    if (!l) continue;
    const { s, w, h } = l;
    const R = p.burst;
    const candidates: Rect[] = [
      { x: s.x - R, y: s.y + R + 2, w, h },
      { x: s.x + R + 4, y: s.y - h / 2, w, h },
      { x: s.x - R - 4 - w, y: s.y - h / 2, w, h },
      { x: s.x + 6 - w, y: s.y + R + 2, w, h },
      { x: s.x + R * 0.7, y: s.y + R * 0.7, w, h },
      { x: s.x - R * 0.7 - w, y: s.y + R * 0.7, w, h },
      { x: s.x + R * 0.7, y: s.y - R * 0.7 - h, w, h },
      { x: s.x - R * 0.7 - w, y: s.y - R * 0.7 - h, w, h },
    ];
    let best = candidates[0] as Rect;
    let bestCost = Number.POSITIVE_INFINITY;
    candidates.forEach((c, k) => {
      // Each candidate after the first costs a little, so a clear spot below the name wins a tie.
      const cost = taken.reduce((t, o) => t + overlap(c, o), 0) + k * 20 + (c.x < 0 || c.x + c.w > totalW ? 1e6 : 0);
      if (cost < bestCost) {
        best = c;
        bestCost = cost;
      }
    });
    taken.push(best);
    const x0 = best.x;
    let y = best.y + 12;
    for (const { planet: q, station: st, stacks } of l.planets) {
      if (st)
        out.push(
          `<g class="station"><title>${esc(`${st.name}: ${STATION_WORD[st.type]}${st.destroyed ? ", destroyed" : ""}`)}</title>${stationBadge(st.type, st.destroyed, x0 + 6, y - 4)}</g>`,
        );
      out.push(
        `<text x="${f(x0 + 15)}" y="${f(y)}" font-size="11" font-style="italic" fill="#333" ${HALO}>${esc(q.name)}${st?.destroyed ? " (station destroyed)" : ""}</text>`,
      );
      y += LINE;
      for (const k of stacks) {
        out.push(stackRow(k, x0 + 8, y));
        y += LINE;
      }
    }
  }
  out.push(`</g>`);

  // Battles of today and yesterday: an orange burst at the planet fought over; mines: a lettered badge by the system.
  out.push(`<g id="battles">`);
  for (const b of p.battles) {
    const where = `${sysName.get(b.system) ?? b.system}, ${p.systems.find((s) => s.id === b.system)?.planets.find((q) => q.id === b.planet)?.name ?? b.planet}`;
    out.push(
      `<g><title>${esc(`Battle on day ${b.day} at ${where}: the ${b.attacker === "upf" ? "UPF" : "Sathar"} attacked`)}</title>${battleBurst(b.x, b.y - p.burst * 0.55, 11)}<text x="${f(b.x)}" y="${f(b.y - p.burst * 0.55 + 4)}" font-size="10" font-weight="bold" fill="#1d1d1d" text-anchor="middle">B</text></g>`,
    );
  }
  for (const m of p.mines) {
    const x = m.x + p.burst * 0.75;
    const y = m.y - p.burst * 0.75;
    out.push(
      `<g><title>${esc(`${m.minelayer}: ${m.mines} mines and ${m.seekers} seekers in ${sysName.get(m.system) ?? m.system} (secret)`)}</title><circle cx="${f(x)}" cy="${f(y)}" r="8" fill="#4a148c" stroke="#fff"/><text x="${f(x)}" y="${f(y + 3.5)}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">M</text></g>`,
    );
  }
  out.push(`</g>`);

  out.push(`<g id="stacks">`);
  for (const r of rows) out.push(stackRow(r.s, r.x, r.y, r.prefix));
  out.push(`</g>`);
  out.push(`</g>`);

  // The Time Record Track: Day 1-10 and the Tenday column, the markers on the day's boxes.
  out.push(`<g id="time-record" font-size="12" fill="#222">`);
  out.push(`<line x1="20" y1="${f(panelTop - 4)}" x2="${f(totalW - 20)}" y2="${f(panelTop - 4)}" stroke="#bbb"/>`);
  out.push(`<text x="20" y="${f(panelTop + 16)}" font-weight="bold">Time Record Track</text>`);
  out.push(
    `<text x="200" y="${f(panelTop + 16)}">${esc(`Day ${p.timeRecord.day}${p.timeRecord.tenday > 0 ? `, Tenday ${p.timeRecord.tenday}` : ""}: day ${p.day} of the war, ${p.phase}`)}</text>`,
  );
  const track = (label: string, values: number[], marked: number, top: number) => {
    out.push(`<text x="20" y="${f(top + 17)}">${label}</text>`);
    values.forEach((v, i) => {
      const x = 80 + i * 34;
      const on = v === marked;
      out.push(
        `<rect x="${x}" y="${f(top)}" width="30" height="24" fill="${on ? STAR : "#fff"}" stroke="${on ? "#1d1d1d" : "#888"}" stroke-width="${on ? 2.5 : 1}"/><text x="${x + 15}" y="${f(top + 17)}" text-anchor="middle"${on ? ` font-weight="bold"` : ""}>${v}</text>`,
      );
    });
  };
  track(
    "Day",
    Array.from({ length: 10 }, (_, i) => i + 1),
    p.timeRecord.day,
    panelTop + 26,
  );
  const tendays = Math.max(9, p.timeRecord.tenday / 10);
  track(
    "Tenday",
    Array.from({ length: tendays }, (_, i) => (i + 1) * 10),
    p.timeRecord.tenday,
    panelTop + 56,
  );
  out.push(`</g>`);

  // The legend.
  const lt = panelTop + 100;
  out.push(`<g id="legend" font-size="12" fill="#222">`);
  out.push(`<text x="20" y="${f(lt + 4)}" font-weight="bold">Legend</text>`);
  const items: [string, string][] = [
    [starburst(10, 0, 9), "star system"],
    [`<circle cx="10" cy="0" r="5" fill="${PLANET}" stroke="#0d3a66"/>`, "planet"],
    [`<rect x="2" y="-8" width="16" height="16" fill="${BOX}" stroke="${BOX_EDGE}"/>`, "transit box (a day)"],
    [
      `<rect x="2" y="-8" width="16" height="16" fill="${JUMP}"/><path d="M15,0L6,-5L6,5Z" fill="#fff"/>`,
      "jump box: ships heading the arrow's way jump here",
    ],
    [`<circle cx="10" cy="0" r="9" fill="${CIRCLE}"/>`, "Sathar Start Circle (SSC)"],
    [`<rect x="2" y="-8" width="16" height="16" fill="${RED_BOX}" stroke="${RED_EDGE}"/>`, "red box (a day)"],
    [counter("upf", 10, 0, 12), "UPF stack (square), ships by class"],
    [counter("sathar", 10, 0, 12), "Sathar stack (diamond), ships by class"],
    [stationBadge("fortress", false, 10, 0), "fortress"],
    [stationBadge("fortified", false, 10, 0), "fortified station"],
    [stationBadge("armed", false, 10, 0), "armed station"],
    [stationBadge("armed", true, 10, 0), "station destroyed"],
    [`<text x="10" y="4" font-size="11" font-weight="bold" text-anchor="middle">RJ2</text>`, "risk-jumping 2 boxes a day"],
    [`<text x="10" y="4" font-size="11" font-weight="bold" text-anchor="middle">\u2192</text>`, "heading (in a transit box)"],
    [
      `${battleBurst(10, 0, 10)}<text x="10" y="4" font-size="9" font-weight="bold" text-anchor="middle">B</text>`,
      "battle today or yesterday",
    ],
    [
      `<circle cx="10" cy="0" r="8" fill="#4a148c"/><text x="10" y="3.5" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">M</text>`,
      "mines laid (UPF and referee only)",
    ],
    [`<text x="10" y="4" font-size="9" font-weight="bold" text-anchor="middle">dmg</text>`, '"damaged": a ship in the stack is damaged'],
    [`<text x="10" y="4" font-size="9" font-weight="bold" text-anchor="middle">dock</text>`, '"docked": at its planet\'s station'],
  ];
  const cols = 4;
  const colW = (totalW - 40) / cols;
  items.forEach(([svg, text], i) => {
    const x = 20 + (i % cols) * colW;
    const y = lt + 24 + Math.floor(i / cols) * 20;
    out.push(`<g transform="translate(${f(x)} ${f(y)})">${svg}<text x="26" y="4">${esc(text)}</text></g>`);
  });
  const classes =
    "Classes: BB battleship, AC assault carrier, HC heavy cruiser, LC light cruiser, ML minelayer, DD destroyer, FF frigate, AS assault scout, FT fighter (counted with its carrier or station's planet).";
  const ly = lt + 24 + Math.ceil(items.length / cols) * 20;
  out.push(`<text x="20" y="${f(ly + 4)}" font-size="11">${esc(classes)}</text>`);
  out.push(`</g>`);

  // Off the map.
  out.push(`<g id="off-map" font-size="12" fill="#222">`);
  let oy = ly + 28;
  out.push(`<text x="20" y="${f(oy)}" font-weight="bold">Off the map</text>`);
  const what = { reserve: "Sathar reserve", offmap: "Strike Force NOVA, not yet placed", void: "in the Void, being repaired" } as const;
  if (p.offMap.length === 0) out.push(`<text x="130" y="${f(oy)}">none</text>`);
  for (const o of p.offMap) {
    out.push(
      `<g><title>${esc(o.ships.join(", "))}</title>${counter(o.side, 136, oy - 4)}<text x="148" y="${f(oy)}" font-weight="bold" fill="${o.side === "upf" ? UPF : SATHAR}">${esc(`${what[o.kind]}: ${o.text}`)}</text></g>`,
    );
    oy += 18;
  }
  out.push(`<text x="20" y="${f(totalH - 12)}" font-size="10" fill="#666">${esc(`${p.mapName}. ${p.source}`)}</text>`);
  out.push(`</g>`);
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}
