/**
 * Deployment (l.33 "Deploy units as hidden markers on tabletop", l.61-67, l.888-892 "Start your squadron within 6" of
 * your planet"): `deploy` orders place each craft face down (`hidden`), or a fighter aboard a vessel of its own side
 * with a Shuttle Bay (l.420-428, l.661). The CT's (l.907 "enter ... from the far side") and the machine vessel
 * (l.1004 "from the opposite table edge") start within 6" of their own table edge and play first (RULINGS.md
 * "Entering from the far side", E.3). Craft not ordered are placed by the default (RULINGS.md "Default deployment").
 * Then the order of play is decided at random (E.3) and the battle begins.
 */
import type { SeatId } from "../../../core/ids.js";
import type { Given, Sorted, StepContext } from "../campaign-sequence/step.js";
import { battleOf, craftById } from "../campaign-sequence/step.js";
import type { Roll } from "../events.js";
import { type Battle, type Craft, operating, type Point } from "../model.js";
import type { DeployOrder } from "../orders.js";
import { BASE, distance, inchesText, onTheTable } from "../the-turn/geometry.js";
import { towardEnemy } from "./set-up.js";

/** "within 6" of your planet" (l.892): from the planet's edge, 7.5" from its centre (setting `deployFrom`, RULINGS.md). */
export const DEPLOY_REACH = 6;

/** Does the seat start at its table edge (the CT's; the machine vessel of Machine Wars II) rather than by its planet? */
export function startsAtEdge(ctx: StepContext, seat: SeatId): boolean {
  const c = ctx.state.campaign;
  const role = c.roles?.[seat];
  return role === "ct" || (role === "machine" && c.scenario === "machine-wars-ii");
}

/** Why a point is not a legal start for the seat's craft, or undefined when it is. */
export function startProblem(ctx: StepContext, b: Battle, seat: SeatId, at: Point): string | undefined {
  if (!onTheTable(at, b.table)) return `(${at.x}, ${at.y}) is off the ${b.table.width}" x ${b.table.depth}" table`;
  for (const p of b.planets)
    if (distance(at, p.at) < p.diameter / 2 + BASE / 2)
      return `(${at.x}, ${at.y}) is inside the planet at (${p.at.x}, ${p.at.y}) (${inchesText(distance(at, p.at))} from its centre; at least ${inchesText(p.diameter / 2 + BASE / 2)})`;
  const home = b.homes[seat];
  if (!home) return `${seat} has no home on this table`;
  if (startsAtEdge(ctx, seat)) {
    const off = home.edge === "west" ? at.x : b.table.width - at.x;
    return off <= DEPLOY_REACH
      ? undefined
      : `${inchesText(off)} from your ${home.edge} table edge; you enter from it and start within 6" of it (l.907, l.1004)`;
  }
  const planet = b.planets[home.planet];
  if (!planet) return `${seat} has no planet`;
  const reach = DEPLOY_REACH + (ctx.state.settings.deployFrom === "edge" ? planet.diameter / 2 : 0);
  const d = distance(at, planet.at);
  return d <= reach
    ? undefined
    : `${inchesText(d)} from your planet's centre; "Start your squadron within 6" of your planet" (l.892): at most ${inchesText(reach)} from its centre`;
}

/** The default places (RULINGS.md): two files of eight facing the enemy, in front of the planet or along the edge. */
export function defaultSpot(ctx: StepContext, b: Battle, seat: SeatId, k: number): Point {
  const home = b.homes[seat];
  const edge = home?.edge ?? "west";
  const sign = edge === "west" ? 1 : -1;
  const file = Math.floor(k / 8) % 2;
  const rank = k % 8;
  if (startsAtEdge(ctx, seat)) {
    const x = edge === "west" ? 1 + 2 * file : b.table.width - 1 - 2 * file;
    return { x, y: b.table.depth / 2 + (rank - 3.5) * 1.5 };
  }
  const planet = b.planets[home?.planet ?? 0]?.at ?? { x: 0, y: b.table.depth / 2 };
  return { x: planet.x + sign * (file === 0 ? 3 : 5.5), y: planet.y + (rank - 3.5) * 1.25 };
}

function place(ctx: StepContext, b: Battle, seat: SeatId, g: Given<DeployOrder>, done: Set<string>): void {
  const o = g.order;
  const c = craftById(b, o.craft);
  if (!c || c.owner !== seat) {
    const mine = b.craft.filter((x) => x.owner === seat && !x.station).map((x) => x.id);
    ctx.fail(seat, g.at, c ? "not-your-craft" : "unknown-craft", `${o.craft} is not one of your craft; yours: ${mine.join(", ")}`);
    return;
  }
  if (c.station) {
    ctx.fail(seat, g.at, "station-fixed", `${c.id} is the Space Station: it is "randomly deployed" (l.876), not placed`);
    return;
  }
  if (done.has(c.id)) {
    ctx.fail(seat, g.at, "deployed-twice", `${c.id} is already placed by an earlier order`);
    return;
  }
  if (o.aboard !== undefined) {
    const v = craftById(b, o.aboard);
    if (c.type !== "fighter") {
      ctx.fail(seat, g.at, "not-a-fighter", `${c.id} is a vessel; only fighters are carried in a Shuttle Bay (l.51)`);
      return;
    }
    if (!v || v.owner !== seat || v.type !== "vessel" || operating(v, "SB") === 0) {
      const bays = b.craft.filter((x) => x.owner === seat && x.type === "vessel" && operating(x, "SB") > 0).map((x) => x.id);
      ctx.fail(
        seat,
        g.at,
        "no-shuttle-bay",
        `${o.aboard} is not a vessel of yours with a Shuttle Bay; yours with one: ${bays.join(", ") || "none"}`,
      );
      return;
    }
    c.where = { kind: "aboard", vessel: v.id };
    done.add(c.id);
    return;
  }
  const at = o.at as Point;
  const why = startProblem(ctx, b, seat, at);
  if (why) {
    ctx.fail(seat, g.at, "bad-start", `${c.id}: ${why}`);
    return;
  }
  c.where = { kind: "hidden", at: { x: at.x, y: at.y }, heading: o.heading ?? towardEnemy(b.homes[seat]?.edge ?? "west") };
  done.add(c.id);
}

/** A craft's place in words, for its owner's event. */
function placeText(c: Craft): string {
  if (c.where.kind === "aboard") return `${c.id} aboard ${c.where.vessel}`;
  if (c.where.kind === "hidden" || c.where.kind === "table")
    return `${c.id} at (${c.where.at.x}, ${c.where.at.y}) facing ${c.where.heading}°`;
  return `${c.id} ${c.where.kind}`;
}

/**
 * The order of play (E.3): a seat entering from the far side (the CT's, the machine vessel) plays first; otherwise each
 * seat rolls a d6, highest first, the tied rolling again among themselves.
 */
export function orderOfPlay(ctx: StepContext, seats: readonly SeatId[]): SeatId[] {
  const first = seats.filter((s) => startsAtEdge(ctx, s));
  if (first.length > 0) {
    const order = [...first, ...seats.filter((s) => !first.includes(s))];
    ctx.emit(
      "order",
      `${first.join(", ")} enter${first.length === 1 ? "s" : ""} from the far side and play${first.length === 1 ? "s" : ""} first (E.3): ${order.join(", ")}.`,
    );
    return order;
  }
  const rolls: Roll[] = [];
  const rank = (group: readonly SeatId[]): SeatId[] => {
    if (group.length <= 1) return [...group];
    const scores = group.map((s) => {
      const value = ctx.rng.d6();
      rolls.push({ die: "d6", value, for: `${s}'s place in the order of play` });
      return { s, value };
    });
    const values = [...new Set(scores.map((x) => x.value))].sort((a, b) => b - a);
    return values.flatMap((v) => rank(scores.filter((x) => x.value === v).map((x) => x.s)));
  };
  const order = rank(seats);
  ctx.emit("order", `The order of play, decided at random (E.3): ${order.join(", ")}.`, { rolls });
  return order;
}

export function deployStep(ctx: StepContext, orders: Readonly<Record<SeatId, Sorted>>): void {
  const b = battleOf(ctx.state);
  const seats = ctx.state.seats.map((s) => s.id);
  for (const seat of seats) {
    const done = new Set<string>();
    for (const g of orders[seat]?.deploy ?? []) place(ctx, b, seat, g, done);
    let k = 0;
    const left = b.craft.filter((c) => c.owner === seat && !c.station && !done.has(c.id));
    for (const c of left) {
      c.where = { kind: "hidden", at: defaultSpot(ctx, b, seat, k++), heading: towardEnemy(b.homes[seat]?.edge ?? "west") };
    }
    // A fighter aboard a vessel that is itself aboard nothing: fine. Fighters ordered aboard stay aboard.
    const mine = b.craft.filter((c) => c.owner === seat && !c.station);
    if (mine.length > 0)
      ctx.emit("deployed", `${seat} deploys: ${mine.map(placeText).join("; ")}${left.length > 0 ? ` (${left.length} by default)` : ""}.`, {
        to: [seat],
        craft: mine.map((c) => c.id),
      });
    const counters = mine.filter((c) => c.where.kind === "hidden").length;
    ctx.emit("counters", `${seat} places ${counters} face-down counter${counters === 1 ? "" : "s"}.`);
  }
  b.order = orderOfPlay(ctx, seats);
  b.active = b.order[0] ?? b.active;
  b.turn = 1;
  ctx.state.campaign.step = "battle";
}
