/**
 * Orders on and for a planet's quadrants (seed 004, "Planets (Extremely experimental)", "Moonbases"; RULINGS
 * "The defender's orders" and "Assault forces from quadrant to quadrant"):
 *
 * - "Planets are their own task force for determining initiative and when they activate": with the setting
 *   `planetOrders`, the defending seat names in the planet's activation the squadron each quadrant fires at
 *   (`quadrantFire`); a quadrant without an order fires at the nearest enemy in its arc and range (planet-play.ts);
 * - "It is possible to move assault forces from quadrant to quadrant, both by the attackers and defenders. If the
 *   defenders recover a quadrant, it resumes all normal functions with whatever damage it currently suffers":
 *   `assaultMove` orders, the defender's in its planet's activation, the invaders' in their own activations.
 */
import type { Rng } from "../../../core/rng.js";
import type { Ctx } from "../context.js";
import { bearingXY, centroid, inches } from "../geometry.js";
import {
  assaultAboard,
  type BattleState,
  designOfSquadron,
  type PlanetInPlay,
  type SideId,
  type Squadron,
  squadronList,
} from "../model.js";
import type { Order, OrderOf } from "../orders.js";
import { QUADRANTS, type Quadrant, type QuadrantId, workingWeapons } from "./planet.js";
import {
  bodyName,
  parseQuadrantTarget,
  planetBody,
  planetFoes,
  quadrantBatteries,
  quadrantName,
  quadrantNote,
  quadrantsFire,
  reachInArc,
  repairQuadrants,
  resolveGroundAssault,
} from "./planet-play.js";

export const STEP_PLANET_ORDERS = "Planet orders";
export const STEP_ASSAULT_MOVE = "6. Assault forces";

/** Two quadrants side by side on the planet's surface (N-E, E-S, S-W, W-N). */
export function adjacentQuadrants(a: QuadrantId, b: QuadrantId): boolean {
  const d = Math.abs(QUADRANTS.indexOf(a) - QUADRANTS.indexOf(b));
  return d === 1 || d === 3;
}

/**
 * A planet's activation with the defending seat's orders: repairs first, then assault moves, then each quadrant's
 * fire (the targets checked after the repairs: "Quadrants may make a repair roll each turn").
 */
export function planetStep(ctx: Ctx, planet: PlanetInPlay, orders: readonly Order[]): void {
  const fire: { o: OrderOf<"quadrantFire">; label: string }[] = [];
  const arrived = new Set<string>();
  const moves: { o: OrderOf<"assaultMove">; label: string }[] = [];
  orders.forEach((o, i) => {
    const label = ctx.orderLabel(o, i);
    if (o.type === "quadrantFire") fire.push({ o, label });
    else if (o.type === "assaultMove") moves.push({ o, label });
    else
      ctx.fail(
        STEP_PLANET_ORDERS,
        label,
        "planet-activates-alone",
        `${bodyName(planet)} activates on its own: it takes only quadrantFire${ctx.state.settings.planetOrders ? "" : " (setting planetOrders)"} and assaultMove orders, not ${o.type}`,
      );
  });
  repairQuadrants(ctx, planet);
  for (const { o, label } of moves) assaultMoveOrder(ctx, STEP_ASSAULT_MOVE, label, o, arrived, planet);
  quadrantsFire(ctx, planet, chosenTargets(ctx, planet, fire));
}

/** The defender's `quadrantFire` orders, checked (each refused one becomes a Problem; its quadrant fires at the nearest). */
function chosenTargets(
  ctx: Ctx,
  planet: PlanetInPlay,
  fire: { o: OrderOf<"quadrantFire">; label: string }[],
): Partial<Record<QuadrantId, Squadron>> {
  const chosen: Partial<Record<QuadrantId, Squadron>> = {};
  for (const { o, label } of fire) {
    const r = checkQuadrantFire(ctx, planet, o, label, chosen);
    if (typeof r === "string") continue;
    chosen[r.q.id] = r.target;
    ctx.ok(STEP_PLANET_ORDERS, label, `${quadrantName(planet, r.q)} fires at ${r.target.id}, ${inches(r.d)} from the surface`);
  }
  return chosen;
}

function checkQuadrantFire(
  ctx: Ctx,
  planet: PlanetInPlay,
  o: OrderOf<"quadrantFire">,
  label: string,
  chosen: Partial<Record<QuadrantId, Squadron>>,
): { q: Quadrant; target: Squadron; d: number } | string {
  const fail = (code: string, message: string): string => {
    ctx.fail(STEP_PLANET_ORDERS, label, code, message);
    return code;
  };
  if (!ctx.state.settings.planetOrders)
    return fail(
      "planet-orders-off",
      `${bodyName(planet)}'s quadrants fire at the nearest enemy in their arc and range; naming their targets needs the setting planetOrders`,
    );
  const names = planet.defense.quadrants.map((q) => `${planet.id}:${q.id}`).join(", ");
  const t = parseQuadrantTarget(ctx.state, o.quadrant);
  if (!t || t.planet.id !== planet.id) return fail("unknown-quadrant", `${o.quadrant} is not a quadrant of ${planet.id} (${names})`);
  const q = t.quadrant;
  if (q.holder !== planet.side)
    return fail("quadrant-not-held", `${quadrantName(planet, q)} is held by ${q.holder}: it fires for them no more`);
  if (chosen[q.id]) return fail("duplicate-quadrant", `${quadrantName(planet, q)} already fires at ${chosen[q.id]?.id} this activation`);
  const batteries = quadrantBatteries(planet, q);
  if (batteries.length === 0) {
    const w = workingWeapons(q);
    return fail(
      "silenced",
      `${quadrantName(planet, q)} has ${q.damage} wound(s) on defense size ${planet.defense.size}: ${w.heavy} heavy${planet.kind === "moon" ? ` and ${w.light} light` : ""} installation(s) working, nothing to fire`,
    );
  }
  const target = ctx.sq(o.target);
  if (!target || target.side === planet.side || target.location !== "table" || target.ships.length === 0)
    return fail("unknown-target", `no enemy squadron ${o.target} on the table`);
  const d = reachInArc(ctx.state, planet, q.id, target);
  if (!Number.isFinite(d)) {
    const { centre } = planetBody(ctx.state, planet);
    const c = centroid(target.ships);
    const b = Math.round(bearingXY(centre.x, centre.y, c.x, c.y));
    const mid = QUADRANTS.indexOf(q.id) * 90;
    return fail(
      "out-of-arc",
      `${target.id} lies at bearing ${b} degrees from the centre of ${planet.id}, no ship inside quadrant ${q.id}'s 90 degree arc (${(mid + 315) % 360} to ${(mid + 45) % 360} degrees)`,
    );
  }
  const reach = Math.max(...batteries.map((b) => b.range));
  if (d > reach + 1e-9)
    return fail(
      "out-of-range",
      `${target.id} is ${inches(d)} from the surface of ${planet.id}; quadrant ${q.id}'s installations reach ${reach}"${planet.kind === "planet" ? ' ("All ranges are reduced by 12"")' : ""}`,
    );
  return { q, target, d };
}

/**
 * "It is possible to move assault forces from quadrant to quadrant": `units` (default all) of the active side's
 * assault units leave `from` for `to` on the same planet, adjacent unless the setting `assaultMoves` is "any".
 * Into a quadrant the side holds they reinforce its garrison; into one the enemy holds they assault it (planet.ts
 * `groundAssault`), survivors of a failed assault falling back. Units that arrived this activation move no further.
 * `own`: the planet whose activation this is (the defender's moves); otherwise a taskforce activation, where only
 * the invaders of other sides' planets move.
 */
export function assaultMoveOrder(
  ctx: Ctx,
  step: string,
  label: string,
  o: OrderOf<"assaultMove">,
  arrived: Set<string>,
  own?: PlanetInPlay,
): void {
  const fail = (code: string, message: string): void => ctx.fail(step, label, code, message);
  const from = parseQuadrantTarget(ctx.state, o.from);
  const to = parseQuadrantTarget(ctx.state, o.to);
  if (!from || !to) return void fail("unknown-quadrant", `${!from ? o.from : o.to} is not a quadrant in play ("<planet>:<N|E|S|W>")`);
  const planet = from.planet;
  if (to.planet.id !== planet.id)
    return void fail("other-planet", `${o.from} and ${o.to} are on different bodies: assault units move between quadrants of one planet`);
  if (own && own.id !== planet.id) return void fail("other-planet", `this is ${own.kind} ${own.id}'s activation, not ${planet.id}'s`);
  if (!own && planet.side === ctx.side)
    return void fail("planet-activation", `${bodyName(planet)} is yours: its garrison moves in the planet's own activation`);
  const a = from.quadrant;
  const b = to.quadrant;
  if (a.holder !== ctx.side) return void fail("quadrant-not-held", `${quadrantName(planet, a)} is held by ${a.holder}, not ${ctx.side}`);
  if (a.id === b.id) return void fail("same-quadrant", `${o.from} is both where the units are and where they go`);
  if ((ctx.state.settings.assaultMoves ?? "adjacent") === "adjacent" && !adjacentQuadrants(a.id, b.id))
    return void fail(
      "not-adjacent",
      `quadrants ${a.id} and ${b.id} are opposite: assault units move to an adjacent quadrant (${QUADRANTS.filter((x) => adjacentQuadrants(a.id, x)).join(" or ")}) in one activation`,
    );
  if (arrived.has(`${planet.id}:${a.id}`))
    return void fail("already-moved", `assault units arrived in ${quadrantName(planet, a)} this activation; they move once per activation`);
  const units = o.units ?? a.assault;
  if (a.assault === 0 || units > a.assault)
    return void fail(
      "too-many-units",
      `${quadrantName(planet, a)} has ${a.assault} assault unit(s)${a.assault > 0 ? `; move 1 to ${a.assault}` : ""}`,
    );
  a.assault -= units;
  arrived.add(`${planet.id}:${b.id}`);
  if (b.holder === ctx.side) {
    b.assault += units;
    ctx.ok(step, label, `${units} assault unit(s) move from ${quadrantName(planet, a)} to quadrant ${b.id}`);
    ctx.note(
      "assault-move",
      `${units} assault unit(s) of ${ctx.side} move from ${quadrantName(planet, a)} to quadrant ${b.id} (${b.assault} there now)`,
      { side: ctx.side, unit: planet.id, ...quadrantNote(planet, a, { to: b.id, units }) },
    );
    return;
  }
  ctx.ok(step, label, `${units} assault unit(s) move from ${quadrantName(planet, a)} against quadrant ${b.id}`);
  const out = resolveGroundAssault(ctx, planet, b, units, `move from quadrant ${a.id} against`);
  if (!out.captured) a.assault += units - out.attackersLost;
}

// ---------------------------------------------------------------------------
// Bots (RULINGS "The defender's orders", bots)

/** How far from the surface enemy landing ships threaten a quadrant: a landing needs 3", after a 12" move. */
const THREAT_RANGE = 15;

const key = (planet: PlanetInPlay, q: Quadrant): string => `${planet.id}:${q.id}`;
const neighbours = (planet: PlanetInPlay, q: Quadrant): Quadrant[] => planet.defense.quadrants.filter((x) => adjacentQuadrants(q.id, x.id));

/** The fraction of a squadron's total damage it has taken ("most damaged" first). */
function damaged(state: BattleState, sq: Squadron): number {
  return sq.damage / Math.max(1, designOfSquadron(state, sq).hull * sq.ships.length);
}

/** Enemy squadrons a quadrant's batteries reach in its arc, with their surface distance. */
function inReach(state: BattleState, planet: PlanetInPlay, q: Quadrant): { sq: Squadron; d: number }[] {
  const reach = Math.max(0, ...quadrantBatteries(planet, q).map((b) => b.range));
  return planetFoes(state, planet)
    .map((sq) => ({ sq, d: reachInArc(state, planet, q.id, sq) }))
    .filter((x) => x.d <= reach + 1e-9);
}

/**
 * Assault units that threaten quadrant `q` of `side`: the enemy's garrisons next to it and the assault units aboard
 * enemy squadrons within 15" of the surface over it.
 */
function threat(state: BattleState, side: SideId, planet: PlanetInPlay, q: Quadrant): number {
  let n = neighbours(planet, q)
    .filter((x) => x.holder !== side)
    .reduce((t, x) => t + x.assault, 0);
  for (const sq of squadronList(state)) {
    if (sq.side === side || sq.location !== "table" || sq.ships.length === 0) continue;
    if (reachInArc(state, planet, q.id, sq) <= THREAT_RANGE) n += assaultAboard(state, sq, sq.ships);
  }
  return n;
}

/**
 * The sensible bot's ground moves for `side` on `planet`: retake (or take) a neighbouring quadrant the enemy holds
 * with no garrison and no installation standing, then (the defender) reinforce a threatened quadrant with half the
 * garrison of an unthreatened neighbour.
 */
export function groundBotOrders(state: BattleState, side: SideId, planet: PlanetInPlay, defender: boolean): OrderOf<"assaultMove">[] {
  const out: OrderOf<"assaultMove">[] = [];
  const used = new Set<string>();
  const mine = planet.defense.quadrants.filter((q) => q.holder === side);
  for (const q of mine) {
    const open = neighbours(planet, q).find((x) => x.holder !== side && x.assault === 0 && planet.defense.size - x.damage <= 0);
    if (!open || q.assault === 0 || used.has(key(planet, open))) continue;
    out.push({ type: "assaultMove", from: key(planet, q), to: key(planet, open) });
    used.add(key(planet, q)).add(key(planet, open));
  }
  if (!defender) return out;
  const threats = new Map(mine.map((q) => [q.id, threat(state, side, planet, q)]));
  for (const q of [...mine].sort((a, b) => (threats.get(b.id) ?? 0) - (threats.get(a.id) ?? 0))) {
    if ((threats.get(q.id) ?? 0) <= q.assault || used.has(key(planet, q))) continue;
    const from = neighbours(planet, q).find(
      (x) => x.holder === side && (threats.get(x.id) ?? 0) === 0 && x.assault >= 2 && !used.has(key(planet, x)),
    );
    if (!from) continue;
    out.push({ type: "assaultMove", from: key(planet, from), to: key(planet, q), units: Math.floor(from.assault / 2) });
    used.add(key(planet, from)).add(key(planet, q));
  }
  return out;
}

/** The sensible bot in its planet's activation: each quadrant fires at the most damaged enemy squadron it reaches; ground moves. */
export function planetBotTurn(state: BattleState, side: SideId, planet: PlanetInPlay): Order[] {
  const out: Order[] = [...groundBotOrders(state, side, planet, true)];
  if (!state.settings.planetOrders) return out;
  for (const q of planet.defense.quadrants) {
    if (q.holder !== side) continue;
    const best = inReach(state, planet, q).sort((a, b) => damaged(state, b.sq) - damaged(state, a.sq) || a.d - b.d)[0];
    if (best) out.push({ type: "quadrantFire", quadrant: key(planet, q), target: best.sq.id });
  }
  return out;
}

/** The random-legal bot's ground and quadrant orders: some quadrants name a random target in reach, some garrisons move. */
export function randomPlanetOrders(state: BattleState, side: SideId, planets: readonly PlanetInPlay[], own: boolean, rng: Rng): Order[] {
  const out: Order[] = [];
  for (const planet of planets) {
    for (const q of planet.defense.quadrants) {
      if (q.holder !== side) continue;
      const options = own && state.settings.planetOrders ? inReach(state, planet, q) : [];
      if (options.length > 0 && rng.chance(50))
        out.push({ type: "quadrantFire", quadrant: key(planet, q), target: rng.pick(options).sq.id });
      if (q.assault > 0 && rng.chance(25)) {
        const to = rng.pick(neighbours(planet, q));
        out.push({ type: "assaultMove", from: key(planet, q), to: key(planet, to), units: rng.int(1, q.assault) });
        break;
      }
    }
  }
  return out;
}
