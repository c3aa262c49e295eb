/**
 * The battle table's pointing, as plain data (BattleTable.tsx and SeatView.tsx draw and use it): where a point of the
 * table is on the picture and back, the arrow of a craft along its heading, and the order a click makes: a point
 * clicked with one of the seat's craft chosen deploys it there (the deploy step: face down within 6" of its planet,
 * l.884) or moves it there (S7: in a straight line, at most its allowance, l.466-500); an enemy clicked is a shot at
 * it (S9, l.525-635) with the chosen craft's weapon. Nothing here decides whether an order is good: the server's
 * check does, and says why (the inches against the allowance, the score each die needs). The notes here are what the
 * seat can see before asking: how far the point is, and the craft's allowance.
 *
 * Table geometry (rules' model.ts): x along the long edge, y along the short one, heading clockwise from +y; the
 * picture draws +y up (as the rules' table-svg.ts does), so a heading of 0 points up the page.
 */
import { type Craft, operating, type Point, type SpaceWarState } from "../../../rules/space-war/model.js";
import { bearing, distance, inchesText } from "../../../rules/space-war/the-turn/geometry.js";
import { movementAllowance } from "../../../rules/space-war/the-turn/movement.js";
import type { DraftOrder } from "./sx-draft.js";

/** Picture units per inch, and the margin about the table. */
export const SCALE = 10;
export const MARGIN = 12;

export interface TableSize {
  width: number;
  depth: number;
}

/** The picture's size for a table. */
export const pictureSize = (t: TableSize): { w: number; h: number } => ({
  w: t.width * SCALE + 2 * MARGIN,
  h: t.depth * SCALE + 2 * MARGIN,
});

/** A table point on the picture. */
export const toPicture = (t: TableSize, p: Point): { x: number; y: number } => ({
  x: MARGIN + p.x * SCALE,
  y: MARGIN + (t.depth - p.y) * SCALE,
});

/** A picture point on the table, rounded to a tenth of an inch and kept on the table. */
export function toTable(t: TableSize, px: number, py: number): Point {
  const r = (v: number, hi: number) => Math.max(0, Math.min(hi, Math.round(v * 10) / 10));
  return { x: r((px - MARGIN) / SCALE, t.width), y: r(t.depth - (py - MARGIN) / SCALE, t.depth) };
}

/** A craft's arrow on the picture: a triangle along its heading, a vessel larger than a fighter. */
export function arrowPoints(at: { x: number; y: number }, heading: number, vessel: boolean): string {
  const h = (heading * Math.PI) / 180;
  const dx = Math.sin(h);
  const dy = -Math.cos(h);
  const len = vessel ? 11 : 7;
  const wide = vessel ? 7 : 5;
  const f = (v: number) => String(Math.round(v * 10) / 10);
  const tip = `${f(at.x + dx * len)},${f(at.y + dy * len)}`;
  const l = `${f(at.x - dx * len * 0.6 - dy * wide)},${f(at.y - dy * len * 0.6 + dx * wide)}`;
  const r = `${f(at.x - dx * len * 0.6 + dy * wide)},${f(at.y - dy * len * 0.6 - dx * wide)}`;
  return `${tip} ${l} ${r}`;
}

/** Where a craft is on the table, if it is there (face up or down). */
export const placeOf = (c: Craft): { at: Point; heading: number } | null =>
  c.where.kind === "table" || c.where.kind === "hidden" ? { at: c.where.at, heading: c.where.heading } : null;

/** The inches a craft moves this turn by its operating Engines (l.480-500). */
export const allowanceOf = (c: Craft): number => movementAllowance(c.type, operating(c, "E"));

/** "Deploy within 6" of your planet" (l.884). */
export const DEPLOY_REACH = 6;

/** The seat's home planet's centre in this battle, if any. */
export function homePlanet(state: SpaceWarState, seat: string): Point | null {
  const b = state.campaign.battle;
  const h = b?.homes[seat];
  return (h && b?.planets[h.planet]?.at) || null;
}

/** What the seat can tell of a move before the check: how far, and whether it is within the allowance. */
export function moveNote(c: Craft, to: Point): { inches: number; allowance: number; within: boolean; text: string } {
  const from = placeOf(c);
  const inches = from ? distance(from.at, to) : 0;
  const allowance = allowanceOf(c);
  const within = inches <= allowance + 1e-9;
  return {
    inches,
    allowance,
    within,
    text: `${c.id} to (${to.x}, ${to.y}): ${inchesText(inches)} of its ${inchesText(allowance)}${within ? "" : ", too far (l.480-500)"}`,
  };
}

/** What the seat can tell of a deployment before the check: how far from its planet (within 6", l.884). */
export function deployNote(state: SpaceWarState, seat: string, id: string, at: Point): { within: boolean; text: string } {
  const home = homePlanet(state, seat);
  if (!home) return { within: false, text: `${id} at (${at.x}, ${at.y}): no planet of yours on this table` };
  const d = distance(home, at);
  const within = d <= DEPLOY_REACH + 1e-9;
  return {
    within,
    text: `${id} at (${at.x}, ${at.y}): ${inchesText(d)} from your planet${within ? "" : `, more than ${DEPLOY_REACH}" (l.884)`}`,
  };
}

/** The weapons a craft can fire now: operating Lasers, Missiles, Expendables not expended (l.525-635). */
export function weaponsOf(c: Craft): ("laser" | "missile" | "expendables")[] {
  const out: ("laser" | "missile" | "expendables")[] = [];
  if (operating(c, "L") > 0) out.push("laser");
  if (operating(c, "M") > 0) out.push("missile");
  if (c.modules.some((m) => m.module === "EM" && !m.damaged && !m.expended)) out.push("expendables");
  return out;
}

/** The order a point clicked makes for the chosen craft in this step, or null where a point orders nothing. */
export function pointOrder(state: SpaceWarState, seat: string, c: Craft, to: Point): DraftOrder | null {
  const step = state.campaign.step;
  if (c.owner !== seat) return null;
  if (step === "deploy" && c.where.kind === "entering") {
    const b = state.campaign.battle;
    // Facing the middle of the table, where the enemy comes from (as the rules' example deployment does).
    const centre = { x: (b?.table.width ?? 72) / 2, y: (b?.table.depth ?? 48) / 2 };
    const heading = distance(to, centre) > 0 ? Math.round(bearing(to, centre)) % 360 : 0;
    return { type: "deploy", craft: c.id, at: to, heading };
  }
  if (step === "battle" && placeOf(c)) return { type: "move", craft: c.id, to };
  if (step === "battle" && c.where.kind === "aboard") return { type: "launch", craft: c.id, at: to };
  return null;
}

/** The shot an enemy clicked makes: the chosen craft's `weapon`, or its first weapon. */
export function shotOrder(c: Craft, target: Craft, weapon?: string): DraftOrder | null {
  const ws = weaponsOf(c);
  const w = weapon && (ws as string[]).includes(weapon) ? weapon : ws[0];
  if (!w || target.owner === c.owner) return null;
  return { type: "shoot", craft: c.id, target: target.id, weapon: w };
}

/**
 * The draft with `order` put in: one move (or deployment, or launch) of a craft replaces its earlier one, since a
 * craft moves once a turn (RULINGS.md) and is placed once; a shot of the same craft with the same weapon replaces
 * the earlier one too (a craft's weapons of a kind fire at one target). Anything else is added at the end.
 */
export function putOrder(orders: readonly DraftOrder[], order: DraftOrder): DraftOrder[] {
  const once = ["move", "deploy", "launch"];
  const same = (o: DraftOrder) =>
    o.craft === order.craft &&
    ((once.includes(order.type) && once.includes(o.type)) || (order.type === "shoot" && o.type === "shoot" && o.weapon === order.weapon));
  const i = orders.findIndex(same);
  if (i < 0) return [...orders, order];
  return orders.map((o, j) => (j === i ? order : o));
}

/** The draft's orders for one craft (as the craft's panel lists them), with their places in the draft. */
export const ordersOf = (orders: readonly DraftOrder[], id: string): { order: DraftOrder; at: number }[] =>
  orders.flatMap((order, at) => (order.craft === id ? [{ order, at }] : []));

/** A craft's name as its button says it: "blue-2 Frigate, vessel, face down at (10, 20)". */
export function craftName(c: Craft): string {
  const p = placeOf(c);
  const where =
    c.where.kind === "aboard"
      ? `aboard ${c.where.vessel}`
      : c.where.kind === "entering"
        ? "to deploy"
        : c.where.kind === "gone"
          ? c.where.how
          : p
            ? `${c.where.kind === "hidden" ? "face down " : ""}at (${Math.round(p.at.x * 10) / 10}, ${Math.round(p.at.y * 10) / 10})`
            : "";
  return `${c.id} ${c.design}, ${c.type}, ${where}`;
}
