/**
 * Orders by pointing at the table, as plain functions (no React, no DOM): where the pointer is on the table in inches,
 * which squadron it is on, and what a drag of a squadron would order. A drag is the QRS "Activation Sequence" 3 move
 * ("Movement": ships move in straight lines, every ship by the same amount here, and end within the movement arc
 * centred on the nose; then "it can adopt a new facing"), measured with the rules' own geometry and limits
 * (geometry.ts, model.ts movementLimits and squadronMove, formations.ts, experience.ts) so the page tells what the
 * check will: the distance against the allowance, the bearing against the arc, the turn to the new facing. The check
 * (POST /api/games/ID/check) stays the judge: a drag past a limit is drawn as such, not refused.
 */
import { onTable } from "../../../rules/battleshift/battlespace/battlespace.js";
import { extraTurn } from "../../../rules/battleshift/formations-and-experience/experience.js";
import { formationOf, RING_MOVE_LOSS } from "../../../rules/battleshift/formations-and-experience/formations.js";
import { angleDiff, bearing, centroid, dist, inArc, normDeg, offset, type Point } from "../../../rules/battleshift/geometry.js";
import { type BattleState, designOfSquadron, movementLimits, type Squadron, squadronMove } from "../../../rules/battleshift/model.js";

/** A drag shorter than this (inches) is a click, not a move. */
export const DRAG_THRESHOLD = 0.5;

/** The SVG's viewBox and where it is drawn on the page: enough to turn a pointer into inches. */
export interface Frame {
  rect: { left: number; top: number; width: number; height: number };
  viewBox: { x: number; y: number; width: number; height: number };
  /** Drawing units per inch (Table.tsx SCALE). */
  scale: number;
}

/**
 * The table point (inches from the west and north edges) under a pointer at `clientX, clientY`. The SVG keeps its
 * aspect ratio (the frame's height follows its width), so one factor serves both axes.
 */
export function pointerToTable(clientX: number, clientY: number, f: Frame): Point {
  const k = f.viewBox.width / f.rect.width;
  const ux = f.viewBox.x + (clientX - f.rect.left) * k;
  const uy = f.viewBox.y + (clientY - f.rect.top) * k;
  return { x: ux / f.scale, y: uy / f.scale };
}

/**
 * The squadron whose ship base is under point `p`: the nearest ship within `reach` inches (a base's radius, widened
 * for fingers), on the table. Null when the point is on open space.
 */
export function squadronAt(state: BattleState, p: Point, reach: number): string | null {
  let best: { id: string; d: number } | null = null;
  for (const sq of Object.values(state.squadrons)) {
    if (sq.location !== "table") continue;
    for (const s of sq.ships) {
      const d = dist(s, p);
      if (d <= reach && (!best || d < best.d)) best = { id: sq.id, d };
    }
  }
  return best?.id ?? null;
}

/** What a drag of a squadron to `to` (its centre's new place), ending at `facing`, would order and meet. */
export interface PlannedMove {
  squadron: string;
  /** The centre of its ships that move (disabled ships stay: "Disabled ships do not move"). */
  from: Point;
  to: Point;
  /** Inches moved, and the most it may move (its design's speed; a ring loses 12": "Formations"). */
  distance: number;
  allowance: number;
  /** The compass bearing of the move, and how far it is off the squadron's facing now. */
  heading: number;
  offFacing: number;
  /** The movement arc's width (size 1: 360; 2-3: 180; larger: 90) and whether the move is within it. */
  arc: number;
  inArc: boolean;
  /** The facing at the end (default: the direction of movement), the turn from the heading, and the turn allowed. */
  facing: number;
  turn: number;
  maxTurn: number;
  turnOk: boolean;
  onTable: boolean;
  /** Every limit above holds: the check should find nothing wrong with the move itself (bases, coherency aside). */
  ok: boolean;
}

function mobileShips(sq: Squadron) {
  return sq.ships.filter((s) => !s.disabled);
}

/** The centre a move order's `to` is measured from: that of the squadron's ships that move. */
export function moveCentre(sq: Squadron): Point {
  const mobile = mobileShips(sq);
  return centroid(mobile.length ? mobile : sq.ships);
}

/** Movement, seed 004 "Movement" and "Facing Change" (movement.ts moveSquadron measures the same, ship by ship). */
export function planMove(state: BattleState, squadron: string, to: Point, facing?: number): PlannedMove | null {
  const sq = state.squadrons[squadron];
  if (sq?.location !== "table" || sq.ships.length === 0) return null;
  const from = moveCentre(sq);
  const lim = movementLimits(designOfSquadron(state, sq).size);
  const ring = formationOf(state, sq) === "ring";
  const allowance = ring ? Math.max(0, squadronMove(state, sq) - RING_MOVE_LOSS) : squadronMove(state, sq);
  const arc = ring ? 360 : lim.arc;
  const distance = dist(from, to);
  const moved = distance > 1e-9;
  const heading = moved ? bearing(from, to) : sq.facing;
  const end = normDeg(facing ?? heading);
  const anyTurn = ring || lim.facingChange >= 360;
  const maxTurn = anyTurn ? 360 : lim.facingChange + extraTurn(state, sq);
  const turn = angleDiff(heading, end);
  const within = !moved || inArc(sq.facing, arc, heading);
  const turnOk = maxTurn >= 360 || Math.abs(turn) <= maxTurn + 0.01;
  const edge = mobileShips(sq).every((s) => onTable(state.battlespace, { x: s.x + to.x - from.x, y: s.y + to.y - from.y }));
  return {
    squadron,
    from,
    to,
    distance,
    allowance,
    heading,
    offFacing: Math.abs(angleDiff(sq.facing, heading)),
    arc,
    inArc: within,
    facing: end,
    turn,
    maxTurn,
    turnOk,
    onTable: edge,
    ok: distance <= allowance + 1e-6 && within && turnOk && edge,
  };
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/** The move order a plan writes: the new centre and, when it differs from the direction of movement, the facing. */
export function moveOrder(p: PlannedMove): { type: "move"; squadron: string; to: Point; facing?: number } {
  const o: { type: "move"; squadron: string; to: Point; facing?: number } = {
    type: "move",
    squadron: p.squadron,
    to: { x: r2(p.to.x), y: r2(p.to.y) },
  };
  if (Math.abs(p.turn) > 0.01 || p.distance <= 1e-9) o.facing = r2(p.facing);
  return o;
}

/** The plan's figures in words: what the drag shows and a screen reader hears. */
export function planText(p: PlannedMove): string {
  const bits = [
    `${p.squadron}: ${p.distance.toFixed(1)}" of ${p.allowance}"${p.distance > p.allowance + 1e-6 ? " (too far)" : ""}`,
    `bearing ${Math.round(p.heading)}, ${Math.round(p.offFacing)} degrees off its facing (arc +/-${p.arc / 2})${p.inArc ? "" : " (outside its movement arc)"}`,
    `ends facing ${Math.round(p.facing)}${Math.abs(p.turn) > 0.01 ? `, a turn of ${Math.round(p.turn)} (up to ${p.maxTurn >= 360 ? "any" : p.maxTurn})` : ""}${p.turnOk ? "" : " (too sharp a turn)"}`,
  ];
  if (!p.onTable) bits.push("off the table");
  return bits.join("; ");
}

/**
 * Turn a facing by `by` degrees (keys: "[" and "]": 15, with Shift 45) onto the 15 degree marks, kept in [0, 360): a
 * facing left a little off a mark by a drag comes onto the marks at the first key.
 */
export function turnBy(facing: number, by: number): number {
  return normDeg(Math.round((facing + by) / 15) * 15);
}

/** The facing handle: a point `reach` inches ahead of `at` along `facing`, and the facing a pointer at `p` gives. */
export function handlePoint(at: Point, facing: number, reach: number): Point {
  return offset(at, facing, reach);
}

export function facingToward(at: Point, p: Point): number {
  return Math.round(bearing(at, p));
}

/** A copy of the state with the squadron's active ships moved by the plan and turned: to measure from the end of a move. */
export function afterMove(state: BattleState, p: PlannedMove): BattleState {
  const sq = state.squadrons[p.squadron];
  if (!sq) return state;
  const dx = p.to.x - p.from.x;
  const dy = p.to.y - p.from.y;
  const moved: Squadron = {
    ...sq,
    facing: p.facing,
    ships: sq.ships.map((s) => (s.disabled ? s : { ...s, x: s.x + dx, y: s.y + dy })),
  };
  return { ...state, squadrons: { ...state.squadrons, [sq.id]: moved } };
}

/**
 * Light batteries fire "at any point during the squadron's movement" (seed 004 "Light Batteries"; RULINGS 'Light
 * batteries "at any point during the squadron's movement"'): a `light` order's `at` is the inches along the move it
 * fires from. A point `p` pointed at near a drafted move's path: how far along the move it falls (clamped to the
 * move, to a tenth of an inch as the order writes it) and how far off the path it is (to tell a click on the path).
 */
export function pointOnPath(plan: PlannedMove, p: Point): { along: number; off: number } {
  const dx = plan.to.x - plan.from.x;
  const dy = plan.to.y - plan.from.y;
  const len2 = dx * dx + dy * dy;
  if (len2 <= 1e-12) return { along: 0, off: dist(plan.from, p) };
  const t = Math.max(0, Math.min(1, ((p.x - plan.from.x) * dx + (p.y - plan.from.y) * dy) / len2));
  const foot = { x: plan.from.x + dx * t, y: plan.from.y + dy * t };
  return { along: Math.round(t * plan.distance * 10) / 10, off: dist(foot, p) };
}

/**
 * A copy of the state with the squadron standing `along` inches into its drafted move, as the step fires its light
 * batteries from there (turn/activation.ts momentCandidates and momentAt): its old facing at the start, the direction
 * of movement on the way, and the facing after the move at the end (an `at` past the end fires from the end, turned).
 * Disabled ships stay where they are ("Disabled ships do not move").
 */
export function alongMove(state: BattleState, p: PlannedMove, along: number): BattleState {
  const sq = state.squadrons[p.squadron];
  if (!sq) return state;
  const t = p.distance <= 1e-9 ? 0 : Math.min(1, Math.max(0, along) / p.distance);
  const facing = p.distance <= 1e-9 ? sq.facing : t <= 0 ? sq.facing : t >= 1 ? p.facing : p.heading;
  const dx = (p.to.x - p.from.x) * t;
  const dy = (p.to.y - p.from.y) * t;
  const moved: Squadron = {
    ...sq,
    facing,
    ships: sq.ships.map((s) => (s.disabled ? s : { ...s, x: s.x + dx, y: s.y + dy })),
  };
  return { ...state, squadrons: { ...state.squadrons, [sq.id]: moved } };
}

/** The point `along` inches into the move, and the facing there (alongMove's): where the fire point is drawn. */
export function firePoint(state: BattleState, p: PlannedMove, along: number): { at: Point; facing: number } {
  const sq = alongMove(state, p, along).squadrons[p.squadron];
  const t = p.distance <= 1e-9 ? 0 : Math.min(1, Math.max(0, along) / p.distance);
  return {
    at: { x: p.from.x + (p.to.x - p.from.x) * t, y: p.from.y + (p.to.y - p.from.y) * t },
    facing: sq?.facing ?? p.facing,
  };
}
