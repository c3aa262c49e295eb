/**
 * Fighters, missiles and interceptors of and against a planet's or moon's quadrants (seed 004, "Planets (Extremely
 * experimental)", "Moonbases"; RULINGS "Fighters, missiles and interceptors at quadrants"):
 *
 * - "Fighters can only attack a quadrant by coming into contact with it. It takes 12" of movement for a fighter
 *   flight to go from space to ground or from ground to space. Fighters may then make attacks normally, with no
 *   targeting penalty. Fighters may move to a different quadrant without restriction during their movement": a
 *   `flight` order naming "<planet id>:<N|E|S|W>" (fighters.ts `flyFlight` with a `GroundTarget`);
 * - "Missiles attack quadrants and shields normally": a `missiles` order naming a quadrant locks at launch
 *   (`missilesAtQuadrant`) and the strike flies with missiles.ts;
 * - "Missiles and fighters may be attacked by interceptors for the quadrant they are attacking": the quadrant's
 *   working interceptors fire at the attacking flight;
 * - a quadrant's own fighter bays ("A fighter wing comes with every carrier bay") and missile installations act in
 *   the planet's activation, after its heavy installations (planet-play.ts `planetActivation`).
 */

import { rollToHit, shieldReduction } from "../combat/combat.js";
import { rollHits } from "../combat/interceptors.js";
import type { Ctx } from "../context.js";
import { diceList, roll, rolledField } from "../events.js";
import { FIGHTER_MOVE, flyFlight, type GroundTarget, newFlight } from "../fighters-and-missiles/fighters.js";
import { LOCK_TARGETING, MISSILE_RANGE, type MissileStrike, resolveMissiles } from "../fighters-and-missiles/missiles.js";
import { suppressionPenalty } from "../formations-and-experience/experience.js";
import { bearing, centroid, dist, inches, offset, type Point } from "../geometry.js";
import {
  type BattleState,
  type Flight,
  type PlanetInPlay,
  quadrantRef,
  type SideId,
  type Squadron,
  shipCaps,
  squadronList,
} from "../model.js";
import {
  attackQuadrant,
  inQuadrantArc,
  outgoingFire,
  PLANET_HARDNESS,
  type Quadrant,
  quadrantFacing,
  surfaceCost,
  workingWeapons,
} from "./planet.js";
import {
  bodyName,
  parseQuadrantTarget,
  planetBody,
  planetList,
  quadrantInterceptorFire,
  quadrantName,
  quadrantNote,
  scoreQuadrant,
} from "./planet-play.js";

const STEP_FIGHTERS = "4. Fighters";
/** Flights end 0.5" short of what they reach: within the 1" contact. */
const SHORT = 0.5;

/** Fighter wings on a quadrant's ground: one per fighter bay until some fly or are lost. */
export function quadrantWings(q: Quadrant): number {
  return q.fighters ?? q.weapons.fighterBay ?? 0;
}

/**
 * The quadrant a `flight` order names, as a fighter target; null when `target` is no quadrant; "refused" when it
 * names one of the flight's own side (the problem is recorded and the flight only moves).
 */
export function groundTarget(ctx: Ctx, label: string, target: string | undefined): GroundTarget | "refused" | null {
  const t = target === undefined ? null : quadrantRef(ctx.state, target);
  if (!t) return null;
  const { planet, quadrant } = t;
  const name = quadrantName(planet, quadrant);
  if (quadrant.holder === ctx.side) {
    ctx.fail(STEP_FIGHTERS, label, "friendly-target", `${name} is held by your side; the flight only moves`);
    return "refused";
  }
  const { centre, radius } = planetBody(ctx.state, planet);
  return {
    name,
    body: planet.id,
    centre,
    radius,
    // "Missiles and fighters may be attacked by interceptors for the quadrant they are attacking" (planet-play.ts).
    intercept: (c, flight) => quadrantInterceptorFire(c, planet, quadrant, `fighters ${flight.id}`),
    attack: (c, flight, targeting) => fightersAtQuadrant(c, planet, quadrant, flight, targeting),
  };
}

/** "Fighters may then make attacks normally, with no targeting penalty": one die per wing; every hit gets one shield roll at hardness 5. */
function fightersAtQuadrant(ctx: Ctx, planet: PlanetInPlay, q: Quadrant, flight: Flight, targeting: number): void {
  const wasSilenced = planet.defense.size - q.damage <= 0;
  const attack = { weapon: "fighter" as const, dice: flight.wings, targeting };
  const out = attackQuadrant(attack, planet.defense, q, ctx.rng);
  ctx.note(
    "planet-fire",
    `fighters ${flight.id} (${flight.wings} wing(s)) attack ${quadrantName(planet, q)} needing ${targeting} or less (no targeting penalty): rolls ${diceList(out.rolls)} = ${out.hits} hit(s); shield rolls ${diceList(out.saves)} saving on ${PLANET_HARDNESS - shieldReduction(attack)} or less; ${out.wounds} wound(s), ${out.damage} in all`,
    {
      side: flight.side,
      unit: flight.id,
      ...quadrantNote(planet, q, { hits: out.hits, wounds: out.wounds }),
      ...rolledField(roll("to hit", out.rolls, targeting), roll("shields", out.saves, PLANET_HARDNESS - shieldReduction(attack))),
    },
  );
  if (!wasSilenced && planet.defense.size - q.damage <= 0) scoreQuadrant(ctx, planet, q, "silenced", flight.side);
}

/** The nearest enemy ship of `side` by `measure`, within `max` and where `ok`. */
function nearestEnemyShip(
  state: BattleState,
  side: SideId,
  measure: (p: Point) => number,
  max: number,
  ok: (p: Point) => boolean = () => true,
): { sq: Squadron; ship: Point; d: number } | null {
  let best: { sq: Squadron; ship: Point; d: number } | null = null;
  for (const sq of squadronList(state)) {
    if (sq.side === side || sq.location !== "table" || sq.ships.length === 0) continue;
    for (const s of sq.ships) {
      const d = measure(s);
      if (d <= max + 1e-9 && ok(s) && (!best || d < best.d - 1e-9)) best = { sq, ship: s, d };
    }
  }
  return best;
}

/** The point `height` above the surface of a body (centre, radius) on the line to `p`. */
function abovePoint(centre: Point, radius: number, p: Point, height: number): Point {
  const b = dist(centre, p) > 1e-9 ? bearing(centre, p) : 0;
  return round(offset(centre, b, radius + height));
}

function round(p: Point): Point {
  return { x: Math.round(p.x * 1000) / 1000, y: Math.round(p.y * 1000) / 1000 };
}

/** Where a flight at `from` flies to contact a ship at `to`: 0.5" short of it. */
function approach(from: Point, to: Point): Point {
  const d = dist(from, to);
  return d > SHORT + 0.1 ? round(offset(from, bearing(from, to), d - SHORT)) : { x: from.x, y: from.y };
}

/**
 * A quadrant's missile installations in its planet's activation: each working installation makes one lock roll
 * ("a locking roll on a per ship basis of 5 or less"; a planet's atmosphere -1) and launches one missile at the
 * nearest enemy squadron with a ship in the quadrant's arc within range of the surface (24", a planet's 12" less).
 */
function quadrantMissiles(ctx: Ctx, planet: PlanetInPlay, q: Quadrant): MissileStrike | null {
  const n = workingWeapons(q).missile;
  const f = outgoingFire(planet.kind, "missile", MISSILE_RANGE, LOCK_TARGETING);
  if (n <= 0 || !f.usable) return null;
  const { centre, radius } = planetBody(ctx.state, planet);
  const surface = (p: Point) => Math.max(0, dist(centre, p) - radius);
  const best = nearestEnemyShip(ctx.state, planet.side, surface, f.range, (p) => inQuadrantArc(centre, q.id, p));
  if (!best) return null;
  // "Enemy weapons get a +1 to their targeting against a station."
  const targeting = f.targeting + (best.sq.station ? 1 : 0);
  const lock = rollHits(ctx, n, targeting);
  ctx.note(
    "lock",
    `${quadrantName(planet, q)} locks on ${best.sq.id}, ${inches(best.d)} from the surface (range ${f.range}"): ${n} lock roll(s) needing ${targeting} or less ${diceList(lock.rolls)}: ${lock.hits} missile(s) launched`,
    {
      side: planet.side,
      unit: planet.id,
      data: { target: best.sq.id, rolls: lock.rolls, launched: lock.hits },
      ...rolledField(roll("missile locks", lock.rolls, targeting)),
    },
  );
  if (lock.hits === 0) return null;
  // Launched from just inside the surface: the planet itself does not halve them (missiles.ts: a body they start in).
  const at = abovePoint(centre, radius, best.ship, -0.01);
  return {
    id: ctx.newId(`${planet.side}-m`),
    side: planet.side,
    squadron: `${planet.id}:${q.id}`,
    target: best.sq.id,
    count: lock.hits,
    ...at,
  };
}

/** Flights launched from this planet's or moon's quadrants that are still under its orders (their quadrant held). */
function flightsOfPlanet(ctx: Ctx, planet: PlanetInPlay): Flight[] {
  return Object.keys(ctx.state.flights)
    .sort()
    .map((k) => ctx.state.flights[k] as Flight)
    .filter((f) => {
      const from = quadrantRef(ctx.state, f.carrier);
      return f.side === planet.side && from?.planet === planet && from.quadrant.holder === planet.side;
    });
}

/**
 * A quadrant's fighter bays launch its ready wings as one flight at the nearest enemy squadron in reach: the flight
 * leaves from the point of the surface nearest its target ("Fighters may move to a different quadrant without
 * restriction"), spending 12" of its 24" to go from ground to space on a planet (none on a moon). Wings in wounded
 * (silenced) bays cannot launch; at most two flights per quadrant on the table, as per carrier squadron.
 */
function launchFromQuadrant(ctx: Ctx, planet: PlanetInPlay, q: Quadrant, out: Flight[]): boolean {
  const ready = Math.min(quadrantWings(q), workingWeapons(q).fighterBay);
  const carrier = `${planet.id}:${q.id}`;
  if (ready <= 0 || out.filter((f) => f.carrier === carrier).length >= 2) return false;
  const { centre, radius } = planetBody(ctx.state, planet);
  const reach = FIGHTER_MOVE - surfaceCost(ctx.state.battlespace.terrain, planet.id);
  const best = nearestEnemyShip(ctx.state, planet.side, (p) => Math.max(0, dist(centre, p) - radius - SHORT * 2), reach - 0.05);
  if (!best) return false;
  const start = abovePoint(centre, radius, best.ship, SHORT);
  const flight = newFlight(ctx, carrier, ready, start);
  flight.grounded = planet.id;
  q.fighters = quadrantWings(q) - ready;
  ctx.note("launch", `${quadrantName(planet, q)} launches ${ready} fighter wing(s) as flight ${flight.id}`, {
    side: planet.side,
    unit: flight.id,
    ...quadrantNote(planet, q, { wings: ready }),
  });
  flyFlight(
    ctx,
    flight,
    null,
    { path: [approach(start, best.ship)], target: best.sq.id },
    `${quadrantName(planet, q)} flight ${flight.id}`,
  );
  return true;
}

/**
 * A quadrant's flight already on the table, in its planet's activation: it attacks the nearest enemy squadron in
 * reach, else flies home, landing (12" on a planet) within 1" of the surface, where its quadrant recovers it.
 * Returns the quadrant that recovered wings, if any.
 */
function flyQuadrantFlight(ctx: Ctx, planet: PlanetInPlay, f: Flight): Quadrant | null {
  const state = ctx.state;
  const terrain = state.battlespace.terrain;
  const label = `${bodyName(planet)} flight ${f.id}`;
  const ascent = surfaceCost(terrain, f.grounded);
  const target = nearestEnemyShip(state, planet.side, (p) => dist(f, p) - SHORT, FIGHTER_MOVE - ascent - 0.05);
  if (target) {
    flyFlight(ctx, f, f.dogfighting, { path: [approach(f, target.ship)], target: target.sq.id }, label);
    return null;
  }
  const { centre, radius } = planetBody(state, planet);
  if (f.grounded !== planet.id) {
    const home = abovePoint(centre, radius, f, SHORT);
    const landing = surfaceCost(terrain, planet.id);
    const d = dist(f, home);
    if (d + ascent + landing > FIGHTER_MOVE + 1e-9) {
      const leg = FIGHTER_MOVE - ascent;
      if (leg > 0.05) flyFlight(ctx, f, f.dogfighting, { path: [round(offset(f, bearing(f, home), Math.min(d, leg - 0.01)))] }, label);
      return null;
    }
    flyFlight(ctx, f, f.dogfighting, { path: [home] }, label);
    if (!state.flights[f.id]) return null;
    f.grounded = planet.id;
  }
  return recoverIntoQuadrant(ctx, planet, f);
}

/** A flight on its planet's surface lands its wings in its quadrant (while its side holds it), up to one wing per bay. */
function recoverIntoQuadrant(ctx: Ctx, planet: PlanetInPlay, f: Flight): Quadrant | null {
  const q = quadrantRef(ctx.state, f.carrier)?.quadrant;
  if (!q || q.holder !== f.side) return null;
  const k = Math.min(f.wings, Math.max(0, (q.weapons.fighterBay ?? 0) - quadrantWings(q)));
  if (k <= 0) return null;
  q.fighters = quadrantWings(q) + k;
  f.wings -= k;
  ctx.note("recover", `${quadrantName(planet, q)} recovers ${k} fighter wing(s) of ${f.id}`, { side: f.side, unit: planet.id });
  if (f.wings <= 0) delete ctx.state.flights[f.id];
  return q;
}

/**
 * "each carrier may roll a fighter repair check ... needing a 3 or less to recover one fighter": a quadrant with no
 * flight on the table that neither launched nor recovered this activation rolls one die per working fighter bay.
 */
function quadrantFighterRepairs(ctx: Ctx, planet: PlanetInPlay, q: Quadrant): void {
  const cap = q.weapons.fighterBay ?? 0;
  const bays = workingWeapons(q).fighterBay;
  if (bays <= 0 || quadrantWings(q) >= cap) return;
  const r = rollHits(ctx, bays, 3);
  const k = Math.min(r.hits, cap - quadrantWings(q));
  q.fighters = quadrantWings(q) + k;
  ctx.note("fighter-repair", `${quadrantName(planet, q)} fighter repair checks ${diceList(r.rolls)} needing 3: ${k} wing(s) recovered`, {
    side: planet.side,
    unit: planet.id,
    ...rolledField(roll("fighter repair checks", r.rolls, 3)),
  });
}

/**
 * The planet's fighters and missiles in its own activation (after its heavy installations): each held quadrant's
 * missile installations lock on; its flights on the table attack or come home; its fighter bays launch; idle bays
 * make repair checks; then the missiles fly (missiles.ts: the target's interceptors and fighters may stop them).
 */
export function planetAirActivation(ctx: Ctx, planet: PlanetInPlay): void {
  const held = planet.defense.quadrants.filter((q) => q.holder === planet.side);
  const strikes: MissileStrike[] = [];
  for (const q of held) {
    const s = quadrantMissiles(ctx, planet, q);
    if (s) strikes.push(s);
  }
  const busy = new Set<Quadrant>();
  for (const f of flightsOfPlanet(ctx, planet)) {
    if (f.movedTurn === ctx.state.turn || !ctx.state.flights[f.id]) continue;
    const q = flyQuadrantFlight(ctx, planet, f);
    if (q) busy.add(q);
  }
  for (const q of held) if (launchFromQuadrant(ctx, planet, q, flightsOfPlanet(ctx, planet))) busy.add(q);
  const out = new Set(flightsOfPlanet(ctx, planet).map((f) => f.carrier));
  for (const q of held) if (!busy.has(q) && !out.has(`${planet.id}:${q.id}`)) quadrantFighterRepairs(ctx, planet, q);
  resolveMissiles(ctx, strikes);
}

/**
 * A quadrant for a flight at `from` to attack (the bots): on the nearest body with an enemy-held quadrant that still
 * fires, the one with the fewest standing installations, reached at the surface point nearest `from` within the
 * flight's 24" less 12" to land and `grounded`'s 12" to take off (none when it is already on that body).
 */
export function quadrantFlightTarget(state: BattleState, side: SideId, from: Point, grounded?: string): { id: string; end: Point } | null {
  const terrain = state.battlespace.terrain;
  let best: { id: string; end: Point; d: number } | null = null;
  for (const planet of planetList(state)) {
    const open = planet.defense.quadrants.filter((q) => q.holder !== side && planet.defense.size - q.damage > 0);
    if (open.length === 0) continue;
    const weakest = open.reduce((a, b) => (b.damage > a.damage ? b : a));
    const { centre, radius } = planetBody(state, planet);
    const here = grounded === planet.id;
    const cost = here ? 0 : surfaceCost(terrain, grounded) + surfaceCost(terrain, planet.id);
    const end = here ? { x: from.x, y: from.y } : abovePoint(centre, radius, from, SHORT);
    const d = dist(from, end);
    if (d + cost > FIGHTER_MOVE - 0.05 || (best && d >= best.d)) continue;
    best = { id: `${planet.id}:${weakest.id}`, end, d };
  }
  return best ? { id: best.id, end: best.end } : null;
}

/**
 * "Missiles attack quadrants and shields normally": a `missiles` order naming a quadrant locks at launch (Activation
 * Sequence 1) as at a ship: the squadron must face that quadrant; its ships with launchers within 24" of the surface
 * make lock rolls (5 or less, less suppression), each lock launching its own missiles. The strike is pushed onto
 * `strikes` and flies in step 5 with missiles.ts ("Missile Resolution": the defending side's interceptors and fighter
 * flights on the way, bodies that halve them, then the quadrant's own interceptors, and `missilesHitQuadrant`).
 * Returns false when the order is refused.
 */
export function missilesAtQuadrant(ctx: Ctx, step: string, label: string, sq: Squadron, target: string, strikes: MissileStrike[]): boolean {
  const state = ctx.state;
  const t = parseQuadrantTarget(state, target);
  if (!t) return false;
  const { planet, quadrant } = t;
  if (quadrant.holder === ctx.side) {
    ctx.fail(step, label, "friendly-target", `${quadrantName(planet, quadrant)} is yours`);
    return false;
  }
  const caps = ctx.caps(sq);
  if (caps.missiles <= 0) {
    ctx.fail(step, label, "no-missiles", `${sq.id} carries no missile launchers`);
    return false;
  }
  const { centre, radius } = planetBody(state, planet);
  const faced = quadrantFacing(centre, centroid(sq.ships));
  if (faced !== quadrant.id) {
    ctx.fail(
      step,
      label,
      "wrong-quadrant",
      `${sq.id} faces quadrant ${faced} of ${planet.id}, not ${quadrant.id} (fire at ${planet.id}:${faced})`,
    );
    return false;
  }
  const surface = (s: Point) => Math.hypot(s.x - centre.x, s.y - centre.y) - radius;
  // Lock rolls ship by ship, each ship with launchers of its own (a mixed squadron's differ; missiles.ts).
  const shooters = sq.ships.filter((s) => !s.disabled && shipCaps(state, sq, s).missiles > 0 && surface(s) <= 24 + 1e-9);
  if (shooters.length === 0) {
    const nearest = Math.min(...sq.ships.map(surface));
    ctx.fail(step, label, "out-of-range", `the surface of ${planet.id} is ${inches(nearest)} away; missiles reach 24"`);
    return false;
  }
  const targeting = 5 - suppressionPenalty(state, sq);
  const lock = { rolls: [] as number[], missiles: 0 };
  for (const ship of shooters) {
    const r = rollToHit(1, targeting, ctx.rng);
    lock.rolls.push(...r.rolls);
    lock.missiles += r.hits * shipCaps(state, sq, ship).missiles;
  }
  const at = shooters.reduce((a, b) => (surface(b) < surface(a) ? b : a));
  ctx.ok(step, label, `missiles at ${quadrantName(planet, quadrant)}`);
  ctx.note(
    "lock",
    `${sq.id} locks on ${quadrantName(planet, quadrant)}, ${inches(Math.max(0, surface(at)))} from the surface: lock rolls ${diceList(lock.rolls)} needing ${targeting} or less, ${lock.missiles} missile(s) launched`,
    {
      side: ctx.side,
      unit: sq.id,
      data: { target, rolls: lock.rolls, launched: lock.missiles },
      ...rolledField(roll("missile locks", lock.rolls, targeting)),
    },
  );
  if (lock.missiles > 0)
    strikes.push({ id: ctx.newId(`${ctx.side}-m`), side: ctx.side, squadron: sq.id, target, count: lock.missiles, x: at.x, y: at.y });
  return true;
}
