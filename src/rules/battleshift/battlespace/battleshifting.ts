/**
 * Battleshifting ("Definitions: Battleshifting", "Movement", "Turn Sequence").
 *
 * - Planned shifts are written on the order sheet "along with the turn they will
 *   reappear, the sector they will appear in, and their facing"; "The squadron is
 *   removed after it or its TF has finished its activation"; "Battleshifting TF's and
 *   squadrons must remain in hyperspace for one full turn" (so the return turn is at
 *   least two turns later); they "always enter the battlespace with no suppression
 *   markers". A shift with no return turn leaves the battle for good.
 * - Emergency shifts: "on the fly, at the start of the squadron's movement. If the
 *   squadron has taken damage above its damage capacity, all escaping ships give half
 *   VP to the other side. They may not return to the battle later."
 * - "Ships cannot battleshift out of the battlespace on the same turn they
 *   battleshifted in." "Shifts cannot be made near large gravity wells (1' from
 *   planets, or the same sector as a moon)".
 * - Arrivals: "At the start of the turn, players place any arriving Taskforces on the
 *   table ... The squadrons and ships within a Taskforce may otherwise be placed in any
 *   formation desired" (a default formation, or `place` orders).
 */

import type { Ctx } from "../context.js";
import type { BsEvent } from "../events.js";
import { centroid, offset, type Point, r2 } from "../geometry.js";
import {
  type BattleState,
  baseOverlap,
  basesTouch,
  designOfSquadron,
  largestShipSize,
  notYourSquadron,
  otherSide,
  type PlannedShift,
  type SideId,
  type Squadron,
  squadronList,
} from "../model.js";
import {
  type Battlespace,
  gravityWellAt,
  inSector,
  onTable as onTableAt,
  parseSector,
  type Sector,
  sectorCentre,
  sectorInTable,
  sectorName,
  sectorOf,
  sectorShiftBlocked,
} from "./battlespace.js";

/** The design of a Hyperspace Gate (a space station; catalogue.ts `STATION_DESIGNS`). */
export const HYPERSPACE_GATE = "station/hyperspace-gate";

/**
 * "Shifts cannot be made near large gravity wells ... except when assisted by a friendly
 * Hyperspace Gate" (Definitions, Battleshifting). The seed says no more; ruling "Hyperspace
 * Gates": a gate of `side`, on the table and not disabled, assists shifts in and out of its own
 * sector. It cannot lift "no battleshifting anywhere" (dark matter, suppression fields). Returns
 * the gate's squadron id, or null.
 */
export function gateAssisting(state: BattleState, side: SideId, s: Sector): string | null {
  if (state.battlespace.noShifting) return null;
  for (const sq of squadronList(state)) {
    if (!sq.station || sq.design !== HYPERSPACE_GATE || sq.side !== side || sq.location !== "table") continue;
    const gate = sq.ships[0];
    if (!gate || gate.disabled) continue;
    const g = sectorOf(gate);
    if (g.col === s.col && g.row === s.row) return sq.id;
  }
  return null;
}

/** Why a shift by `side` into sector `s` is refused now, or null (a friendly gate lifts the gravity wells). */
export function shiftInBlocked(state: BattleState, side: SideId, s: Sector): string | null {
  const blocked = sectorShiftBlocked(state.battlespace, s);
  if (blocked && sectorInTable(state.battlespace, s) && gateAssisting(state, side, s)) return null;
  return blocked;
}

/**
 * Where a taskforce comes out when its written sector is closed at arrival (the gate that assisted
 * the plan was lost meanwhile): the open sector nearest to it, ties by column then row (ruling
 * "Hyperspace Gates"). Null when no sector is open.
 */
export function nearestOpenSector(state: BattleState, side: SideId, s: Sector): Sector | null {
  const b = state.battlespace;
  let best: { s: Sector; d: number } | null = null;
  for (let col = 1; col <= b.widthFt; col++) {
    for (let row = 1; row <= b.depthFt; row++) {
      const c = { col, row };
      if (shiftInBlocked(state, side, c)) continue;
      const d = Math.hypot(col - s.col, row - s.row);
      if (!best || d < best.d - 1e-9) best = { s: c, d };
    }
  }
  return best?.s ?? null;
}

/** Why this squadron cannot shift out now, or null. */
export function shiftOutBlocked(state: BattleState, sq: Squadron): string | null {
  if (sq.station) return `${sq.id} is a station and cannot battleshift`;
  if (sq.arrivedTurn === state.turn)
    return `${sq.id} battleshifted in this turn ("Ships cannot battleshift out of the battlespace on the same turn they battleshifted in")`;
  for (const s of sq.ships) {
    const why = gravityWellAt(state.battlespace, s);
    if (why && !gateAssisting(state, sq.side, sectorOf(s))) return `${s.id} is ${why}`;
  }
  return null;
}

/** Half VP rule for emergency shifts (setting `emergencyHalfVp`). */
export function emergencyGivesHalfVp(state: BattleState, sq: Squadron): boolean {
  const d = designOfSquadron(state, sq);
  const rule = state.settings.emergencyHalfVp;
  if (rule === "damaged") return sq.damage > 0;
  if (rule === "over-total") return sq.damage > d.hull * sq.ships.length;
  return sq.damage > d.hull;
}

/** An emergency shift at the start of the squadron's movement. */
export function emergencyShift(ctx: Ctx, sq: Squadron, step: string, label: string): boolean {
  const why = shiftOutBlocked(ctx.state, sq);
  if (why) {
    ctx.fail(step, label, "cannot-shift", why);
    return false;
  }
  const d = designOfSquadron(ctx.state, sq);
  const half = emergencyGivesHalfVp(ctx.state, sq);
  const escaping = sq.ships.length;
  if (half) {
    const vp = Math.floor((escaping * d.cost) / 2);
    ctx.addVp(otherSide(ctx.state, sq.side), vp, `half VP for ${escaping} damaged ${d.name} of ${sq.id} escaping by emergency shift`);
  }
  ctx.ok(
    step,
    label,
    `${sq.id} makes an emergency shift out of the battle with ${escaping} ship(s)${half ? ` (damage ${sq.damage}: half VP to the enemy)` : ""}`,
  );
  leaveTable(ctx, sq, "emergency");
  ctx.note("shift-out", `${sq.id} (${sq.name}) makes an emergency battleshift away from the battle${half ? ", giving half VP" : ""}`, {
    side: sq.side,
    unit: sq.id,
  });
  return true;
}

/** Take a squadron off the table (into hyperspace, or gone). Its flights stay on the table without their carriers; towed prizes go with it. */
export function leaveTable(ctx: Ctx, sq: Squadron, how: "hyperspace" | "shifted" | "emergency"): void {
  const state = ctx.state;
  // The largest ship leaving, by its own size (a mixed squadron's ships differ).
  const size = largestShipSize(state, sq);
  for (const pid of Object.keys(state.prizes).sort()) {
    const p = state.prizes[pid];
    if (!p || p.squadron !== sq.id) continue;
    const pd = state.designs[p.design];
    // "may be shifted from the battlespace by a larger ship"; a repaired prize enters hyperspace on its own.
    if (pd && (size > pd.size || p.repaired)) {
      ctx.note("prize", `${sq.id} takes the captured ${pd.name} ${p.id} into hyperspace as a prize`, { side: sq.side });
      delete state.prizes[pid];
    }
  }
  if (sq.taskforce) {
    const tf = state.taskforces[sq.taskforce];
    if (tf?.flagship?.squadron === sq.id && how !== "hyperspace") {
      // The flagship left for good: the taskforce is dissolved, its squadrons detached.
      ctx.flagshipLost(sq);
    }
  }
  if (how === "hyperspace") {
    sq.location = "hyperspace";
  } else {
    sq.location = "gone";
    sq.goneReason = how === "emergency" ? "emergency" : "shifted";
    if (sq.taskforce && state.taskforces[sq.taskforce]?.flagship?.squadron !== sq.id) sq.taskforce = null;
  }
  sq.suppression = 0;
  ctx.los.invalidate(sq.id);
}

/** Check a planned shift written on the sheet; returns a problem message or null. */
export function plannedShiftProblem(state: BattleState, side: string, p: PlannedShift): string | null {
  const tf = state.taskforces[p.unit];
  const sq = state.squadrons[p.unit];
  if (tf) {
    if (tf.side !== side) return `${p.unit} is ${tf.side}'s taskforce, not yours (you command ${side})`;
    if (!tf.alive) return `taskforce ${p.unit} is no more (its flagship was lost): shift its squadrons one by one`;
  } else if (sq) {
    if (sq.side !== side) return notYourSquadron(state, side, p.unit);
    if (sq.location !== "table") return `${sq.id} is not on the table (${sq.location})`;
    if (sq.taskforce)
      return `${sq.id} belongs to taskforce ${sq.taskforce}: shift the whole taskforce (only detached squadrons shift alone)`;
  } else return `no taskforce or detached squadron ${p.unit}`;
  if (p.returnTurn === null) return null;
  if (p.returnTurn < state.turn + 2) {
    return `return turn ${p.returnTurn} is too soon: shifting out on turn ${state.turn}, it must stay in hyperspace for one full turn (return on turn ${state.turn + 2} or later)`;
  }
  const s = p.sector ? parseSector(p.sector) : null;
  if (!s) return `return sector ${JSON.stringify(p.sector ?? null)} is not a sector such as "5B"`;
  const blocked = shiftInBlocked(state, side, s);
  if (blocked) return blocked;
  if (p.facing === null) return "a return facing is needed (degrees or N, NE, E, ...)";
  return null;
}

/** After a taskforce (or detached squadron) activation: carry out its planned shift. */
export function shiftOutPlanned(ctx: Ctx, unit: string, squadrons: readonly Squadron[]): void {
  const plans = ctx.state.turnState.planned[ctx.side] ?? [];
  const plan = plans.find((p) => p.unit === unit);
  if (!plan) return;
  const label = `shift ${unit}`;
  for (const sq of squadrons) {
    if (sq.location !== "table" || sq.ships.length === 0) continue;
    const why = shiftOutBlocked(ctx.state, sq);
    if (why) {
      ctx.fail("Battleshift out", label, "cannot-shift", `${why}: it stays in the battlespace`);
      continue;
    }
    if (plan.returnTurn !== null && plan.sector && plan.facing !== null) {
      sq.arrival = { turn: plan.returnTurn, sector: plan.sector, facing: plan.facing };
      leaveTable(ctx, sq, "hyperspace");
    } else {
      sq.arrival = null;
      leaveTable(ctx, sq, "shifted");
    }
    ctx.note("shift-out", `${sq.id} (${sq.name}) battleshifts out of the battlespace`, { side: sq.side, unit: sq.id });
  }
}

/**
 * Formation for arriving squadrons: each squadron a line abreast (1" between
 * ships) across the facing, squadrons 2" apart along it, centred on `centre`.
 */
export function formation(centre: Point, facing: number, shipCounts: readonly number[]): Point[][] {
  const n = shipCounts.length;
  const out: Point[][] = [];
  for (let k = 0; k < n; k++) {
    const m = shipCounts[k] as number;
    const row = offset(centre, facing, (k - (n - 1) / 2) * -2);
    const ships: Point[] = [];
    for (let j = 0; j < m; j++) ships.push(offset(row, facing + 90, j - (m - 1) / 2));
    out.push(ships);
  }
  return out;
}

/** Clamp a point into a sector, keeping `margin` inches from its edges. */
function clampToSector(p: Point, s: Sector, margin: number): Point {
  const x0 = (s.col - 1) * 12;
  const y0 = (s.row - 1) * 12;
  return { x: Math.min(Math.max(p.x, x0 + margin), x0 + 12 - margin), y: Math.min(Math.max(p.y, y0 + margin), y0 + 12 - margin) };
}

/** Place a group of squadrons arriving together in a sector with a facing. */
export function placeGroup(b: Battlespace, squadrons: readonly Squadron[], sector: Sector, facing: number, slot = 0, slots = 1): void {
  // Several groups arriving in one sector share it: offset each group across the facing.
  let centre = sectorCentre(sector);
  if (slots > 1) centre = offset(centre, facing + 90, ((slot + 0.5) / slots - 0.5) * 10);
  centre = clampToSector(centre, sector, 0);
  const pts = formation(
    centre,
    facing,
    squadrons.map((s) => s.ships.length),
  );
  squadrons.forEach((sq, k) => {
    const ps = pts[k] as Point[];
    sq.ships.forEach((ship, j) => {
      const p = clampToSector(ps[j] as Point, sector, 0.01);
      ship.x = r2(p.x);
      ship.y = r2(p.y);
    });
    sq.facing = facing;
  });
  void b;
}

/**
 * RULINGS "Bases": squadrons placed on the table (arriving, or set up) whose ships would overlap the base of a ship
 * of another squadron (closer than a base's width, touching tolerance not allowed) are moved as a whole to the nearest clear spot, within their sector if it has room, else the
 * nearest on the table (1" rings, 16 bearings, up to 4'); a squadron with no clear spot stays (none on a real table).
 * Returns the squadrons moved.
 */
export function settleBases(state: BattleState, squadrons: readonly Squadron[], sector: Sector | null): string[] {
  const moved: string[] = [];
  for (const sq of squadrons) {
    if (!baseOverlap(state, sq.id, sq.ships, 0)) continue;
    const candidates: Point[] = [];
    for (let r = 1; r <= 48; r++) for (let k = 0; k < 16; k++) candidates.push(offset({ x: 0, y: 0 }, k * 22.5, r));
    const clearAt = (d: Point, inOwnSector: boolean): boolean => {
      const pts = sq.ships.map((x) => ({ id: x.id, x: r2(x.x + d.x), y: r2(x.y + d.y) }));
      if (!pts.every((p) => onTableAt(state.battlespace, p) && (!inOwnSector || !sector || inSector(sector, p)))) return false;
      return baseOverlap(state, sq.id, pts, 0) === null;
    };
    const d = candidates.find((c) => clearAt(c, true)) ?? candidates.find((c) => clearAt(c, false));
    if (!d) continue;
    for (const x of sq.ships) {
      x.x = r2(x.x + d.x);
      x.y = r2(x.y + d.y);
    }
    moved.push(sq.id);
  }
  return moved;
}

/** Start of a turn: squadrons due this turn come out of hyperspace (or reserve) into their sector. */
export function arrivals(state: BattleState, events: BsEvent[]): void {
  const due = squadronList(state).filter(
    (s) => (s.location === "hyperspace" || s.location === "reserve") && s.arrival && s.arrival.turn <= state.turn,
  );
  /** A note of the arrivals. */
  const arrive = (side: string, text: string, data: Record<string, unknown>): void => {
    events.push({ kind: "note", what: "arrive", side, act: state.activationNo, turn: state.turn, text, data });
  };
  // Group by taskforce (or squadron) + sector + facing.
  const groups = new Map<string, Squadron[]>();
  for (const sq of due) {
    const a = sq.arrival as NonNullable<Squadron["arrival"]>;
    const k = `${a.sector}|${a.facing}|${sq.taskforce ?? sq.id}`;
    const list = groups.get(k) ?? [];
    list.push(sq);
    groups.set(k, list);
  }
  const perSector = new Map<string, string[]>();
  for (const k of groups.keys()) {
    const sec = k.split("|")[0] as string;
    const list = perSector.get(sec) ?? [];
    list.push(k);
    perSector.set(sec, list);
  }
  for (const [k, list] of groups) {
    const [secName, facingText] = k.split("|") as [string, string];
    const written = parseSector(secName);
    if (!written) continue;
    const side = (list[0] as Squadron).side;
    // A gravity-well sector was open when written only through a friendly gate; without it now, the nearest open one.
    const sector = shiftInBlocked(state, side, written) ? nearestOpenSector(state, side, written) : written;
    if (!sector) continue;
    if (sector !== written) {
      arrive(
        side,
        `${list.map((x) => x.id).join(", ")} cannot come out in sector ${sectorName(written)} (${shiftInBlocked(state, side, written)}): ${list.length === 1 ? "it comes" : "they come"} out in the nearest open sector, ${sectorName(sector)}`,
        { squadrons: list.map((x) => x.id), sector: sectorName(sector), written: sectorName(written) },
      );
    }
    const facing = Number(facingText);
    const keys = perSector.get(secName) as string[];
    placeGroup(state.battlespace, list, sector, facing, keys.indexOf(k), keys.length);
    for (const sq of list) {
      sq.location = "table";
      sq.arrivedTurn = state.turn;
      sq.suppression = 0;
      sq.arrival = null;
      // "A squadron cannot battleshift into space in a particular formation" (Formations).
      if (sq.formation) sq.formation = null;
      const tf = sq.taskforce ? state.taskforces[sq.taskforce] : undefined;
      if (tf?.formation) tf.formation = null;
    }
    const nudged = settleBases(state, list, sector);
    if (nudged.length > 0)
      arrive(
        side,
        `${nudged.join(", ")} ${nudged.length === 1 ? "comes" : "come"} out beside the ships already there (bases may not overlap)`,
        { squadrons: nudged, sector: sectorName(sector) },
      );
    arrive(
      side,
      `${list.map((s) => s.id).join(", ")} ${list.length === 1 ? "enters" : "enter"} the battlespace in sector ${sectorName(sector)} facing ${facing}`,
      { squadrons: list.map((s) => s.id), sector: sectorName(sector), facing, at: centroid(list.flatMap((s) => s.ships)) },
    );
  }
}

/** `place` order: move an arriving squadron within its arrival sector (before the sequences are written). */
export function placeProblem(
  state: BattleState,
  side: string,
  squadron: string,
  at: Point,
): { sq: Squadron; dx: number; dy: number } | string {
  const sq = state.squadrons[squadron];
  if (!sq || sq.side !== side) return notYourSquadron(state, side, squadron);
  if (sq.location !== "table" || sq.arrivedTurn !== state.turn)
    return `${sq.id} is not arriving this turn: only arriving squadrons are placed`;
  const c = centroid(sq.ships);
  const dx = at.x - c.x;
  const dy = at.y - c.y;
  const home = sq.ships[0] ? sectorOfArrival(sq.ships[0]) : null;
  if (!home) return `${sq.id} has no ships`;
  for (const s of sq.ships) {
    const p = { x: s.x + dx, y: s.y + dy };
    if (!inSector(home, p))
      return `placing ${sq.id} at (${r2(at.x)}, ${r2(at.y)}) would put ${s.id} at (${r2(p.x)}, ${r2(p.y)}), outside its arrival sector ${sectorName(home)}`;
  }
  const clash = baseOverlap(
    state,
    sq.id,
    sq.ships.map((s) => ({ id: s.id, x: s.x + dx, y: s.y + dy })),
  );
  if (clash)
    return `placing ${sq.id} at (${r2(at.x)}, ${r2(at.y)}) would put ${clash.ship} at (${r2(clash.at.x)}, ${r2(clash.at.y)}), ${Math.round(clash.distance * 1000) / 1000}" from ${clash.other} of ${clash.squadron}: bases are ${basesTouch(state)}" across and may not overlap (RULINGS "Bases"); place it so that every ship is at least ${basesTouch(state)}" from the other squadrons' ships`;
  return { sq, dx, dy };
}

function sectorOfArrival(p: Point): Sector {
  return { col: Math.min(Math.floor(p.x / 12) + 1, 999), row: Math.floor(p.y / 12) + 1 };
}
