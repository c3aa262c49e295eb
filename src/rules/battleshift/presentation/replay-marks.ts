/**
 * Replay marks for what the newer rules put on the table (RULINGS "Replays"): defended planets and moons
 * (each quadrant's arc in its holder's colour, labelled "W 3/6 red g3": wounds against the defense size,
 * holder, garrison), their fire, missile and fighter launches, ground assaults and assault moves; stations
 * (a square) and Hyperspace Gates (a double ring); prizes in tow or carried inside their engulfer; and
 * formations (a tag on the squadron's label and a cone's line of fire as a faint strip).
 *
 * Pure: a frame's state and events in, SVG text out. The planet notes carry their facts as data
 * (planet-play.ts `quadrantNote`: the body, the quadrant, hits, wounds, units...), never read from the wording;
 * a planet's own volley is found by its weapon label, which `quadrantName` writes.
 */
import { HYPERSPACE_GATE } from "../battlespace/battleshifting.js";
import type { BsEvent, FireEvent, FlightEvent, NoteEvent } from "../events.js";
import { coneLine, formationOf, taskforceConeOf } from "../formations-and-experience/formations.js";
import { angleDiff, bearing, offset, type Point } from "../geometry.js";
import { type BattleState, designOfSquadron, type PlanetInPlay, type Squadron } from "../model.js";
import type { Quadrant, QuadrantId } from "../planets/planet.js";
import { bodyName, planetBody, planetList, type QuadrantNote, quadrantName } from "../planets/planet-play.js";

const COLOURS: Record<string, { ship: string; line: string; text: string }> = {
  blue: { ship: "#2f6fde", line: "#4d8bff", text: "#a9c8ff" },
  red: { ship: "#d8412f", line: "#ff6a55", text: "#ffb4a8" },
};
export const colour = (side: string) => COLOURS[side] ?? { ship: "#999", line: "#bbb", text: "#ddd" };

export function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function n(x: number): string {
  return (Math.round(x * 10) / 10).toString();
}

/** Table inches to SVG pixels: `scale` pixels per inch from (ox, oy). */
export interface Pen {
  scale: number;
  X: (x: number) => string;
  Y: (y: number) => string;
  /** A label's font size. */
  fs: number;
}

export function pen(scale: number, ox = 0, oy = 0): Pen {
  return { scale, X: (x) => n(ox + x * scale), Y: (y) => n(oy + y * scale), fs: Math.max(6, scale * 1.1) };
}

function line(p: Pen, a: Point, b: Point, attrs: string, title?: string): string {
  const t = title ? `<title>${esc(title)}</title>` : "";
  return `<line x1="${p.X(a.x)}" y1="${p.Y(a.y)}" x2="${p.X(b.x)}" y2="${p.Y(b.y)}" ${attrs}>${t}</line>`;
}

function text(p: Pen, at: Point, fill: string, s: string, anchor = "middle", size = p.fs): string {
  return `<text x="${p.X(at.x)}" y="${p.Y(at.y)}" fill="${fill}" font-size="${n(size)}" text-anchor="${anchor}">${esc(s)}</text>`;
}

// ---------------------------------------------------------------- planets and moons

const QUADRANT_BEARING: Record<QuadrantId, number> = { N: 0, E: 90, S: 180, W: 270 };
const LABEL_ANCHOR: Record<QuadrantId, string> = { N: "middle", E: "start", S: "middle", W: "end" };

interface Body {
  planet: PlanetInPlay;
  centre: Point;
  radius: number;
}

function bodies(state: BattleState): Body[] {
  return planetList(state).map((planet) => ({ planet, ...planetBody(state, planet) }));
}

/** "Silenced": a quadrant whose wounds reach its defense size (no installation left working). */
export function isSilenced(planet: PlanetInPlay, q: Quadrant): boolean {
  return q.damage >= planet.defense.size;
}

/** A quadrant's label: "W 3/6 red g3" (wounds/defense size, holder, garrison units), "silenced", fighters on the ground. */
export function quadrantLabel(planet: PlanetInPlay, q: Quadrant): string {
  const bays = q.weapons.fighterBay ?? 0;
  const wings = bays > 0 ? ` f${q.fighters ?? bays}` : "";
  return `${q.id} ${q.damage}/${planet.defense.size} ${q.holder} g${q.assault}${wings}${isSilenced(planet, q) ? " silenced" : ""}`;
}

/** The point of a quadrant's arc (on the rim) nearest `p`: where its fire leaves and where fire at it lands. */
function rimToward(b: Body, q: QuadrantId, p: Point): Point {
  const mid = QUADRANT_BEARING[q];
  const off = Math.max(-45, Math.min(45, angleDiff(mid, bearing(b.centre, p))));
  return offset(b.centre, mid + off, b.radius);
}

/** The planet quadrant a note or weapon names (the earliest named in the text), or null. */
function quadrantIn(state: BattleState, s: string): { body: Body; q: Quadrant } | null {
  let best: { body: Body; q: Quadrant; at: number } | null = null;
  for (const body of bodies(state))
    for (const q of body.planet.defense.quadrants) {
      const at = s.indexOf(`${quadrantName(body.planet, q)}`);
      if (at >= 0 && (!best || at < best.at)) best = { body, q, at };
    }
  return best;
}

function arc(p: Pen, b: Body, from: number, to: number, r: number): string {
  const a = offset(b.centre, from, r);
  const c = offset(b.centre, to, r);
  return `M ${p.X(a.x)} ${p.Y(a.y)} A ${n(r * p.scale)} ${n(r * p.scale)} 0 0 1 ${p.X(c.x)} ${p.Y(c.y)}`;
}

/** Each defended body: its name and defense size inside, its four quadrant arcs in the holder's colour and their labels. */
export function planetMarks(state: BattleState, p: Pen): string[] {
  const out: string[] = [];
  for (const b of bodies(state)) {
    const name = state.battlespace.terrain.find((t) => t.id === b.planet.id)?.name ?? b.planet.id;
    // The body's name and defense: inside a planet, under a small moon's south label.
    const below = b.centre.y + b.radius + 5.8 <= state.battlespace.depthFt * 12;
    const y = b.radius >= 4 ? b.centre.y : below ? b.centre.y + b.radius + 4.4 : b.centre.y - b.radius - 4.6;
    out.push(text(p, { x: b.centre.x, y }, "#cfe", name));
    out.push(text(p, { x: b.centre.x, y: y + 1.4 }, "#9bb", `defense ${b.planet.defense.size} (${b.planet.side})`, "middle", p.fs * 0.9));
    const r = b.radius + 0.5;
    for (const q of b.planet.defense.quadrants) {
      const mid = QUADRANT_BEARING[q.id];
      const silenced = isSilenced(b.planet, q);
      const dash = silenced ? ` stroke-dasharray="${n(p.scale * 0.6)},${n(p.scale * 0.6)}" stroke-opacity="0.6"` : "";
      out.push(
        `<path d="${arc(p, b, mid - 43, mid + 43, r)}" fill="none" stroke="${colour(q.holder).ship}" stroke-width="${n(Math.max(1.5, p.scale * 0.6))}"${dash}><title>${esc(`${quadrantName(b.planet, q)}: ${q.damage} wound(s) on defense size ${b.planet.defense.size}, held by ${q.holder}, ${q.assault} assault unit(s)${silenced ? ", silenced" : ""}`)}</title></path>`,
      );
      const at = offset(b.centre, mid, r + (q.id === "S" ? 2.2 : q.id === "N" ? 1 : 1.2));
      out.push(text(p, at, colour(q.holder).text, quadrantLabel(b.planet, q), LABEL_ANCHOR[q.id]));
    }
  }
  return out;
}

/** Where a planet's own volley leaves (its fire events name no ship): the firing quadrant's rim toward the target. */
export function planetFireOrigins(state: BattleState, fe: FireEvent): Point[] {
  if (fe.fromPos.length) return fe.fromPos;
  // The quadrant is the firer (games played before `firer` named it in the weapon).
  const hit = quadrantIn(state, `${fe.firer ?? ""} ${fe.weapon}`);
  return hit ? [rimToward(hit.body, hit.q.id, fe.targetPos)] : [];
}

/** The quadrant a planet note is about, from its data. */
function quadrantOfNote(state: BattleState, e: NoteEvent): { body: Body; q: Quadrant; facts: QuadrantNote } | null {
  const facts = e.data as QuadrantNote | undefined;
  if (!facts?.body || !facts.quadrant) return null;
  const body = bodies(state).find((b) => b.planet.id === facts.body);
  const q = body?.planet.defense.quadrants.find((x) => x.id === facts.quadrant);
  return body && q ? { body, q, facts } : null;
}

const shown = (x: number | undefined, suffix = ""): string => (x === undefined ? "" : `${x}${suffix}`);

/** Ships or fighters firing at a quadrant: a dash-dot line from each shooter to the quadrant, labelled hits and wounds. */
function fireAtQuadrant(state: BattleState, e: NoteEvent, p: Pen, hit: { body: Body; q: Quadrant; facts: QuadrantNote }): string[] {
  const unit = e.unit ?? "";
  const sq = state.squadrons[unit];
  const fl = state.flights[unit];
  const from: Point[] = sq && sq.location === "table" ? sq.ships : fl ? [fl] : [];
  const c = colour(e.side ?? "");
  const out: string[] = [];
  for (const s of from)
    out.push(
      line(
        p,
        s,
        rimToward(hit.body, hit.q.id, s),
        `stroke="${c.line}" stroke-width="${n(Math.max(1, p.scale * 0.25))}" stroke-dasharray="6,2,1,2"`,
        e.text,
      ),
    );
  const first = from[0];
  if (!first) return out;
  const { hits, wounds } = hit.facts;
  const label = `${bodyName(hit.body.planet)} ${hit.q.id} ${shown(hits, "h")} ${shown(wounds, "w")}`.replace(/ +/g, " ").trim();
  const to = rimToward(hit.body, hit.q.id, first);
  out.push(text(p, { x: first.x + (to.x - first.x) * 0.45, y: first.y + (to.y - first.y) * 0.45 }, "#fff", label));
  return out;
}

/** A quadrant's fighters taking off: a dotted line from the quadrant to where the flight starts, "launch N". */
function launchMark(
  f: { state: BattleState; events: readonly BsEvent[] },
  e: NoteEvent,
  p: Pen,
  hit: { body: Body; q: Quadrant; facts: QuadrantNote },
): string[] {
  const path = f.events.find((x): x is FlightEvent => x.kind === "flight" && x.flight === e.unit)?.path[0];
  const at = path ?? f.state.flights[e.unit ?? ""];
  if (!at) return [];
  const rim = rimToward(hit.body, hit.q.id, at);
  const c = colour(e.side ?? "");
  const wings = hit.facts.wings;
  return [
    line(p, rim, at, `stroke="${c.line}" stroke-width="1.2" stroke-dasharray="1,2"`, e.text),
    text(p, offset(rim, bearing(hit.body.centre, rim), 1.2), c.text, `launch ${wings ?? ""}`.trim(), "middle", p.fs * 0.9),
  ];
}

/** A ground assault on a quadrant: the attacker's thick arrow into it, "assault 6: -6/-0" (units landed, invaders/defenders lost). */
function assaultMark(e: NoteEvent, p: Pen, hit: { body: Body; q: Quadrant; facts: QuadrantNote }): string[] {
  const mid = QUADRANT_BEARING[hit.q.id];
  const outside = offset(hit.body.centre, mid + 20, hit.body.radius + 3);
  const rim = offset(hit.body.centre, mid + 10, hit.body.radius * 0.8);
  const c = colour(e.side ?? "");
  const { landed, invadersLost, defendersLost } = hit.facts;
  const label = `assault ${shown(landed)}${invadersLost !== undefined ? `: -${invadersLost}/-${defendersLost ?? 0}` : ""}`;
  return [
    line(p, outside, rim, `stroke="${c.ship}" stroke-width="${n(Math.max(2, p.scale * 0.5))}"`, e.text),
    `<circle cx="${p.X(rim.x)}" cy="${p.Y(rim.y)}" r="${n(Math.max(2, p.scale * 0.5))}" fill="${c.ship}" stroke="#fff" />`,
    text(p, offset(outside, mid + 20, 1), c.text, label, LABEL_ANCHOR[hit.q.id]),
  ];
}

/** Assault units moving from quadrant to quadrant inside the body: a line from one to the other ending in a dot. */
function assaultMoveMark(e: NoteEvent, p: Pen, hit: { body: Body; q: Quadrant; facts: QuadrantNote }): string[] {
  const to = hit.facts.to;
  if (!to) return [];
  const r = hit.body.radius * 0.6;
  const a = offset(hit.body.centre, QUADRANT_BEARING[hit.q.id], r);
  const b = offset(hit.body.centre, QUADRANT_BEARING[to], r);
  const c = colour(e.side ?? "");
  const units = hit.facts.units;
  return [
    line(p, a, b, `stroke="${c.text}" stroke-width="1.5"`, e.text),
    `<circle cx="${p.X(b.x)}" cy="${p.Y(b.y)}" r="${n(Math.max(1.5, p.scale * 0.3))}" fill="${c.text}" />`,
    text(p, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, c.text, `+${units ?? ""}`, "middle", p.fs * 0.9),
  ];
}

/** This step's planet events: fire at quadrants, launches from quadrants, ground assaults and assault moves. */
export function planetEventMarks(f: { state: BattleState; events: readonly BsEvent[] }, p: Pen): string[] {
  const out: string[] = [];
  for (const e of f.events) {
    if (e.kind !== "note") continue;
    const hit = quadrantOfNote(f.state, e);
    if (!hit) continue;
    if (e.what === "planet-fire" && !f.state.planets?.[e.unit ?? ""]) out.push(...fireAtQuadrant(f.state, e, p, hit));
    else if (e.what === "launch") out.push(...launchMark(f, e, p, hit));
    else if (e.what === "ground-assault") out.push(...assaultMark(e, p, hit));
    else if (e.what === "assault-move") out.push(...assaultMoveMark(e, p, hit));
  }
  return out;
}

/** The part of the table the defended bodies take (so a zoomed frame keeps them in view). */
export function planetPoints(state: BattleState): Point[] {
  return bodies(state).flatMap((b) => [
    { x: b.centre.x - b.radius - 2, y: b.centre.y - b.radius - 2 },
    { x: b.centre.x + b.radius + 2, y: b.centre.y + b.radius + (b.radius >= 4 ? 3 : 6) },
  ]);
}

// ---------------------------------------------------------------- stations, prizes, formations

/** A station: a square; a Hyperspace Gate: a double ring (it opens the way for battleshifts in its sector). */
export function stationMark(state: BattleState, sq: Squadron, ship: Squadron["ships"][number], r: number, p: Pen): string {
  const c = colour(sq.side);
  const fill = ship.disabled ? "none" : c.ship;
  if (designOfSquadron(state, sq).id === HYPERSPACE_GATE || sq.design === HYPERSPACE_GATE)
    return `<g><title>${esc(`${sq.id} ${sq.name}: Hyperspace Gate`)}</title><circle cx="${p.X(ship.x)}" cy="${p.Y(ship.y)}" r="${n(r * 1.2)}" fill="none" stroke="${c.ship}" stroke-width="${n(Math.max(1.5, r * 0.35))}" /><circle cx="${p.X(ship.x)}" cy="${p.Y(ship.y)}" r="${n(r * 0.55)}" fill="${fill}" stroke="#fff" stroke-width="0.6" /></g>`;
  return `<rect x="${n(Number(p.X(ship.x)) - r)}" y="${n(Number(p.Y(ship.y)) - r)}" width="${n(2 * r)}" height="${n(2 * r)}" fill="${fill}" stroke="#fff" stroke-width="0.6" />`;
}

/** A squadron label's tag: its station kind ("gate", "station") or formation ("cone", "TF cone", "ring"). */
export function squadronTag(state: BattleState, sq: Squadron): string {
  if (sq.station) return designOfSquadron(state, sq).id === HYPERSPACE_GATE ? " gate" : " station";
  const f = formationOf(state, sq);
  if (!f) return "";
  return f === "cone" && taskforceConeOf(state, sq) ? " [TF cone]" : ` [${f}]`;
}

/** Cones: a faint strip straight ahead of the cone, as wide as the cone, out to heavy battery range (formations.ts `coneLine`). */
export function formationMarks(state: BattleState, p: Pen): string[] {
  const out: string[] = [];
  const drawn = new Set<string>();
  for (const sq of Object.values(state.squadrons)) {
    if (sq.location !== "table" || formationOf(state, sq) !== "cone") continue;
    const tf = taskforceConeOf(state, sq);
    const key = tf ? tf.id : sq.id;
    if (drawn.has(key)) continue;
    drawn.add(key);
    const ships = tf
      ? Object.values(state.squadrons)
          .filter((q) => q.taskforce === tf.id && q.formation === "cone" && q.location === "table")
          .flatMap((q) => q.ships)
      : sq.ships;
    const cone = coneLine(ships, sq.facing, state.settings.shipRadius);
    const range = state.settings.broadsideRange;
    const mouth = offset(cone.origin, sq.facing, cone.mouth);
    const far = offset(mouth, sq.facing, range);
    const corners = [
      offset(mouth, sq.facing - 90, cone.halfWidth),
      offset(far, sq.facing - 90, cone.halfWidth),
      offset(far, sq.facing + 90, cone.halfWidth),
      offset(mouth, sq.facing + 90, cone.halfWidth),
    ];
    out.push(
      `<polygon points="${corners.map((c) => `${p.X(c.x)},${p.Y(c.y)}`).join(" ")}" fill="${colour(sq.side).line}" fill-opacity="0.08" stroke="${colour(sq.side).line}" stroke-opacity="0.3" stroke-dasharray="2,3"><title>${esc(`${tf ? `taskforce ${tf.id}` : sq.id} cone: its heavy batteries' line of fire`)}</title></polygon>`,
    );
  }
  return out;
}

/** Prizes: a grey square "P" in tow; inside an engulfer, a dashed grey ring round the engulfer, "P in". */
export function prizeMarks(state: BattleState, p: Pen): string[] {
  const out: string[] = [];
  for (const z of Object.values(state.prizes)) {
    const what = `prize ${z.id} (${state.designs[z.design]?.name ?? z.design}) of ${z.side}`;
    if (z.engulfed) {
      out.push(
        `<circle cx="${p.X(z.x)}" cy="${p.Y(z.y)}" r="${n(p.scale * 1.3)}" fill="none" stroke="#bbb" stroke-dasharray="2,2"><title>${esc(`${what}, carried inside ${z.engulfer ?? "its captor"}`)}</title></circle>`,
      );
      out.push(text(p, { x: z.x - 1.6, y: z.y + 0.4 }, "#ccc", "P in", "end", p.fs * 0.9));
      continue;
    }
    out.push(
      `<rect x="${n(Number(p.X(z.x)) - 2)}" y="${n(Number(p.Y(z.y)) - 2)}" width="4" height="4" fill="#aaa"><title>${esc(`${what}, towed by ${z.squadron}`)}</title></rect>`,
    );
    out.push(text(p, { x: z.x + 0.8, y: z.y - 0.6 }, "#ccc", "P", "start", p.fs * 0.9));
  }
  return out;
}
