/**
 * The Frontier Deployment Map as a picture in plain data (seed 000 "THE FRONTIER DEPLOYMENT MAP"): the yellow
 * starbursts of the star systems with their one or two planets, the paths of light blue transit boxes between them
 * with a dark blue jump box (and its arrow) for each direction, the dark red Sathar Start Circles with their light
 * red boxes leading to their system, the counters on it, and the Time Record Track (000 "The Time Record Track").
 *
 * Everything is placed in the picture's own pixels, scaled from the map's coordinates (`FrontierMap` is in about
 * light years), so `map-svg.ts` only paints: the same picture could be painted on a canvas.
 *
 * Pure, and from the state alone: a seat's map is drawn from `knownState(state, seat)`, so nothing the seat may not
 * see can reach it. Everything on the FDM is open to both sides anyway (000 "SETTING UP THE GAME": "The contents of
 * the fleets, or any other stacks on the FDM, may be examined freely by all players").
 */
import type { Route } from "../deployment-map/map.js";
import type { Location, SatharWarState, Ship, Side } from "../model.js";
import { SHIP_CLASSES, type ShipClass, type StationType } from "../orders-of-battle/ship-classes.js";
import { PHASE_NAMES } from "../turn/turn.js";

export interface MapPictureOptions {
  /** Width of the map area in pixels (default 1400); the height follows the map's shape. */
  width?: number;
}

export interface PicturePlanet {
  id: string;
  name: string;
  x: number;
  y: number;
}

export interface PictureSystem {
  id: string;
  name: string;
  x: number;
  y: number;
  planets: PicturePlanet[];
}

/** A transit box (or a light red box): its number along its path and its centre. */
export interface PictureBox {
  n: number;
  x: number;
  y: number;
}

export interface PictureRoute {
  id: string;
  a: string;
  b: string;
  /** Boxes numbered from `a`; a jump box lists the systems it jumps a ship toward (the middle box of an odd route, both). */
  boxes: (PictureBox & { jumpTo: string[] })[];
  /** Side of a box, in pixels (smaller on a short crowded route). */
  boxSize: number;
  /** Direction from `a` to `b`, in degrees (SVG's: clockwise from the x axis), for the boxes and their arrows. */
  angle: number;
}

export interface PictureCircle {
  id: string;
  name: string;
  system: string;
  x: number;
  y: number;
  /** Light red boxes numbered from the circle. */
  boxes: PictureBox[];
  boxSize: number;
  angle: number;
}

/** Where a stack stands, exactly (model.ts `Location`, the kinds that are on the map). */
export type StackPlace =
  | { kind: "planet"; system: string; planet: string; docked: boolean }
  | { kind: "transit"; route: string; box: number; toward: string; rate: 1 | 2 | 3; jumped: boolean; coasting: boolean }
  | { kind: "red"; circle: string; box: number; outbound: boolean }
  | { kind: "circle"; circle: string };

export interface ClassCount {
  cls: ShipClass;
  n: number;
}

/** The ships of one side at one exact place: one counter on the FDM. */
export interface Stack {
  /** Stable: side and place ("upf|planet|triad|-"). */
  key: string;
  side: Side;
  place: StackPlace;
  /** Where the counter goes: its planet, box or circle. */
  x: number;
  y: number;
  /** Ships by class, biggest first; fighters aboard the stack's carriers (or based at its planet's station) counted here. */
  counts: ClassCount[];
  /** "1 BB 2 HC 8 FT". */
  text: string;
  /** Any ship in it carries damage (or needs a station to mend it). */
  damaged: boolean;
  /** The ships, by id (fighters included). */
  ships: string[];
  /** The seats commanding them (with two or three UPF seats a stack may hold several commands' ships). */
  seats: string[];
  /** The place in words: "Cassidine, at Triad (docked)". */
  where: string;
}

/** Ships off the map: the Sathar reserve, Strike Force NOVA before it is placed, Sathar gone home to the Void. */
export interface OffMap {
  side: Side;
  kind: "reserve" | "offmap" | "void";
  counts: ClassCount[];
  text: string;
  ships: string[];
}

export interface PictureStation {
  id: string;
  name: string;
  type: StationType;
  system: string;
  planet: string;
  x: number;
  y: number;
  destroyed: boolean;
}

/** A battle fought today or yesterday (seed 000 "Combat": battles are fought off the FDM, marked here where they were). */
export interface PictureBattle {
  id: string;
  day: number;
  system: string;
  planet: string;
  attacker: Side;
  x: number;
  y: number;
}

/** A minelayer's mines and seekers laid in a system (000 "Declaring Combat"): only on a map drawn from a state that holds them (the UPF's, the referee's). */
export interface PictureMines {
  system: string;
  minelayer: string;
  mines: number;
  seekers: number;
  x: number;
  y: number;
}

export interface MapPicture {
  title: string;
  /** The map's name and where its geometry comes from. */
  mapName: string;
  source: string;
  day: number;
  phase: string;
  /** The Time Record Track's reading (C.2 #15): the Day box (1-10) and the Tenday box (0 before day 11). */
  timeRecord: { day: number; tenday: number };
  outcome?: string;
  /** The map area, in pixels. */
  width: number;
  height: number;
  /** Pixels per map unit. */
  scale: number;
  /** Radius of a starburst and of a start circle. */
  burst: number;
  circleRadius: number;
  systems: PictureSystem[];
  routes: PictureRoute[];
  circles: PictureCircle[];
  stations: PictureStation[];
  stacks: Stack[];
  offMap: OffMap[];
  battles: PictureBattle[];
  mines: PictureMines[];
}

const MARGIN = 70;
const BURST = 30;
const CIRCLE = 20;
const BOX_MAX = 22;

/** The Time Record Track's boxes for a day (seed 000 "The Time Record Track"; C.2 #15): day 11 is Day 1, Tenday 10. */
export function timeRecordOf(day: number): { day: number; tenday: number } {
  return { day: ((day - 1) % 10) + 1, tenday: Math.floor((day - 1) / 10) * 10 };
}

/** Two decimals: the picture stays the same on every machine and its SVG short. */
function r2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Boxes evenly spaced on the line between two edges (the centres' line less each end's radius). */
function boxesAlong(
  x1: number,
  y1: number,
  r1: number,
  x2: number,
  y2: number,
  r2_: number,
  n: number,
): { pts: PictureBox[]; size: number; angle: number } {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const span = Math.max(len - r1 - r2_, n);
  const step = span / n;
  const pts: PictureBox[] = [];
  for (let i = 1; i <= n; i++) {
    const d = r1 + (i - 0.5) * step;
    pts.push({ n: i, x: r2(x1 + ux * d), y: r2(y1 + uy * d) });
  }
  return { pts, size: r2(Math.min(BOX_MAX, step * 0.78)), angle: r2((Math.atan2(dy, dx) * 180) / Math.PI) };
}

/** Biggest class first (battleships down to fighters), the order a counter lists them. */
const CLASS_ORDER: readonly ShipClass[] = [...SHIP_CLASSES].reverse();

function countsOf(ships: readonly Ship[]): ClassCount[] {
  const by = new Map<ShipClass, number>();
  for (const s of ships) by.set(s.cls, (by.get(s.cls) ?? 0) + 1);
  return CLASS_ORDER.filter((c) => by.has(c)).map((cls) => ({ cls, n: by.get(cls) ?? 0 }));
}

function countsText(counts: readonly ClassCount[]): string {
  return counts.map((c) => `${c.n} ${c.cls}`).join(" ");
}

function isDamaged(s: Ship): boolean {
  return Object.values(s.damage).some((v) => (v ?? 0) > 0) || (s.stationOnly?.length ?? 0) > 0;
}

export function mapPicture(state: SatharWarState, opts: MapPictureOptions = {}): MapPicture {
  const map = state.map;
  // An empty map (a state no loader lets through) still draws: an empty frame, not NaN.
  const points = [...map.systems, ...map.circles, ...(map.systems.length === 0 ? [{ x: 0, y: 0 }] : [])];
  const minX = Math.min(...points.map((p) => p.x));
  const maxX = Math.max(...points.map((p) => p.x));
  const minY = Math.min(...points.map((p) => p.y));
  const maxY = Math.max(...points.map((p) => p.y));
  const width = opts.width ?? 1400;
  const scale = (width - 2 * MARGIN) / Math.max(1, maxX - minX);
  const px = (x: number) => r2(MARGIN + (x - minX) * scale);
  const py = (y: number) => r2(MARGIN + (y - minY) * scale);
  const height = r2(2 * MARGIN + (maxY - minY) * scale);

  const systems: PictureSystem[] = map.systems.map((s) => {
    const x = px(s.x);
    const y = py(s.y);
    const n = s.planets.length;
    return {
      id: s.id,
      name: s.name,
      x,
      y,
      planets: s.planets.map((p, i) => ({ id: p.id, name: p.name, x: r2(x + (n === 1 ? 0 : i === 0 ? -11 : 11)), y: r2(y + 4) })),
    };
  });
  const sys = new Map(systems.map((s) => [s.id, s]));
  const planetAt = new Map(systems.flatMap((s) => s.planets.map((p) => [p.id, p] as const)));

  const routes: PictureRoute[] = map.routes.map((r: Route) => {
    const a = sys.get(r.a);
    const b = sys.get(r.b);
    const along = boxesAlong(a?.x ?? 0, a?.y ?? 0, BURST, b?.x ?? 0, b?.y ?? 0, BURST, r.boxes);
    return {
      id: r.id,
      a: r.a,
      b: r.b,
      boxes: along.pts.map((p) => ({
        ...p,
        jumpTo: [...(p.n === r.jumpToA ? [r.a] : []), ...(p.n === r.jumpToB ? [r.b] : [])],
      })),
      boxSize: along.size,
      angle: along.angle,
    };
  });
  const routeAt = new Map(routes.map((r) => [r.id, r]));

  const circles: PictureCircle[] = map.circles.map((c) => {
    const x = px(c.x);
    const y = py(c.y);
    const s = sys.get(c.system);
    const along = boxesAlong(x, y, CIRCLE, s?.x ?? x, s?.y ?? y, BURST, c.redBoxes);
    return { id: c.id, name: c.name, system: c.system, x, y, boxes: along.pts, boxSize: along.size, angle: along.angle };
  });
  const circleAt = new Map(circles.map((c) => [c.id, c]));

  const stations: PictureStation[] = Object.values(state.stations)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((st) => {
      const p = planetAt.get(st.planet);
      return {
        id: st.id,
        name: st.name,
        type: st.type,
        system: st.system,
        planet: st.planet,
        x: p?.x ?? 0,
        y: p?.y ?? 0,
        destroyed: st.destroyedDay !== undefined,
      };
    });

  // Fighters go with their carrier's stack, or with the stack at their station's planet (seed 000: fighters are
  // "placed aboard that force's carrier, or ... based at the station"): a fighter has no counter of its own.
  const ships = Object.values(state.ships).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map(ships.map((s) => [s.id, s]));
  const stationById = new Map(Object.values(state.stations).map((s) => [s.id, s]));
  const locate = (s: Ship, depth = 0): Location | undefined => {
    const l = s.location;
    if (l.kind !== "aboard") return l;
    if (l.carrier !== undefined) {
      const c = byId.get(l.carrier);
      return c && depth < 3 ? locate(c, depth + 1) : undefined;
    }
    const st = l.station === undefined ? undefined : stationById.get(l.station);
    return st ? { kind: "system", system: st.system, planet: st.planet, docked: true } : undefined;
  };

  const sysName = (id: string) => sys.get(id)?.name ?? id;
  const groups = new Map<string, { side: Side; place: StackPlace; x: number; y: number; where: string; ships: Ship[] }>();
  const off = new Map<string, { side: Side; kind: OffMap["kind"]; ships: Ship[] }>();
  for (const s of ships) {
    const l = locate(s);
    if (!l || l.kind === "gone" || l.kind === "aboard") continue;
    if (l.kind === "reserve" || l.kind === "offmap" || l.kind === "void") {
      const k = `${s.side}|${l.kind}`;
      const g = off.get(k) ?? { side: s.side, kind: l.kind, ships: [] };
      g.ships.push(s);
      off.set(k, g);
      continue;
    }
    let place: StackPlace;
    let at: { x: number; y: number } | undefined;
    let where: string;
    switch (l.kind) {
      case "system": {
        const docked = l.docked === true;
        place = { kind: "planet", system: l.system, planet: l.planet, docked };
        at = planetAt.get(l.planet) ?? sys.get(l.system);
        where = `${sysName(l.system)}, at ${planetAt.get(l.planet)?.name ?? l.planet}${docked ? " (docked)" : ""}`;
        break;
      }
      case "transit": {
        place = {
          kind: "transit",
          route: l.route,
          box: l.box,
          toward: l.toward,
          rate: l.rate,
          jumped: l.jumped,
          coasting: l.coasting === true,
        };
        const r = routeAt.get(l.route);
        at = r?.boxes.find((b) => b.n === l.box);
        const from = r ? (r.a === l.toward ? r.b : r.a) : "?";
        where = `transit box ${l.box} from ${sysName(from)} to ${sysName(l.toward)}${l.rate > 1 ? `, risk-jumping ${l.rate} boxes a day` : ""}${l.jumped ? ", jumped" : ""}${l.coasting ? ", coasting" : ""}`;
        break;
      }
      case "red": {
        place = { kind: "red", circle: l.circle, box: l.box, outbound: l.outbound };
        const c = circleAt.get(l.circle);
        at = c?.boxes.find((b) => b.n === l.box);
        where = `red box ${l.box} of ${c?.name ?? l.circle}${l.outbound ? ", outbound" : `, toward ${sysName(c?.system ?? "?")}`}`;
        break;
      }
      case "circle": {
        place = { kind: "circle", circle: l.circle };
        at = circleAt.get(l.circle);
        where = circleAt.get(l.circle)?.name ?? l.circle;
        break;
      }
    }
    const key = `${s.side}|${Object.values(place).join("|")}`;
    const g = groups.get(key) ?? { side: s.side, place, x: at?.x ?? 0, y: at?.y ?? 0, where, ships: [] };
    g.ships.push(s);
    groups.set(key, g);
  }
  const stacks: Stack[] = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, g]) => {
      const counts = countsOf(g.ships);
      return {
        key,
        side: g.side,
        place: g.place,
        x: g.x,
        y: g.y,
        counts,
        text: countsText(counts),
        damaged: g.ships.some(isDamaged),
        ships: g.ships.map((s) => s.id),
        seats: [...new Set(g.ships.map((s) => s.seat))].sort(),
        where: g.where,
      };
    });
  const offMap: OffMap[] = [...off.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, g]) => {
      const counts = countsOf(g.ships);
      return { side: g.side, kind: g.kind, counts, text: countsText(counts), ships: g.ships.map((s) => s.id) };
    });

  const battles: PictureBattle[] = state.battles
    .filter((b) => b.day >= state.day - 1)
    .map((b) => {
      const at = planetAt.get(b.planet) ?? sys.get(b.system);
      return { id: b.id, day: b.day, system: b.system, planet: b.planet, attacker: b.attacker, x: at?.x ?? 0, y: at?.y ?? 0 };
    });
  // Mines are hidden from the Sathar (known-state.ts): a Sathar seat's state holds none, so its picture shows none.
  const mines: PictureMines[] = Object.entries(state.mines)
    .filter(([system]) => sys.has(system))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([system, m]) => ({
      system,
      minelayer: m.minelayer,
      mines: m.mines,
      seekers: m.seekers,
      x: sys.get(system)?.x ?? 0,
      y: sys.get(system)?.y ?? 0,
    }));

  const outcome = state.outcome
    ? `Over on day ${state.outcome.day}: ${state.outcome.winner === "draw" ? "a draw" : `${state.outcome.winner === "upf" ? "UPF" : "Sathar"} victory`}. ${state.outcome.reason}`
    : undefined;
  return {
    title: `Second Sathar War: the Frontier Deployment Map, day ${state.day}, ${PHASE_NAMES[state.phase]}`,
    mapName: map.name,
    source: map.source,
    day: state.day,
    phase: PHASE_NAMES[state.phase],
    timeRecord: timeRecordOf(state.day),
    ...(outcome ? { outcome } : {}),
    width,
    height,
    scale: r2(scale),
    burst: BURST,
    circleRadius: CIRCLE,
    systems,
    routes,
    circles,
    stations,
    stacks,
    offMap,
    battles,
    mines,
  };
}
