/**
 * The normal UPF: what the seeds' designers meant the defence to do (seed 000 "UPF Set-Up", "Strike Force NOVA",
 * "SUPPLY", "REPAIR", "CONDITIONS FOR VICTORY"; issue 12 "Play"). It does not know the Sathar's retreat condition
 * (000 "Sathar Retreat"), so it fights for the two things every condition and the Sathar's own victory turn on: Sathar
 * ships destroyed, and fortresses kept (the Sathar win only with all four among 12 stations, 000:571; two left at the
 * retreat is the UPF's victory, 000:576).
 *
 * - One battle fleet. Every Spacefleet ship (deputised militia too; militia bound to their homes keep to their rules
 *   and the defaults) gathers into one stack: the task forces, NOVA (placed at the first chance, 000:275) and the
 *   non-attached ships (set up with Task Force Prenglar). Split, the Sathar's 1.3 ratio beats each part; together
 *   the fleet is as heavy as half the Sathar and more.
 *   The main body (the largest part by hull) decides; the rest follow it.
 * - Concentrating where a battle can be won: it goes for a Sathar stack it (with the stations and militia there)
 *   outweighs by 1.3, timing its arrival for the day the stack arrives or while it is still attacking there (the
 *   normal Sathar turn away from a system the UPF already holds; arriving on their day catches them, and the UPF
 *   attacks the same day). Its attacks are what force the retreat.
 * - Screening the fortresses: with no such battle, it waits for the rest of the fleet, then goes to the station
 *   system the Sathar are bound for if it gets there first and can hold it, fortresses first; else it holds the
 *   fortress it is at or falls back to the nearest. It fights away from the planet, so the stations are reached
 *   only through the fleet.
 * - Rearming and repair: a stack that has spent expendables spends a day in supply (000:471); ships that lost 40% of
 *   their hull go to the nearest construction centre clear of the Sathar and dock (000:512), and rejoin when whole.
 */
import { daysFrom, nextHop } from "../deployment-map/paths.js";
import type { SatharWarState, Ship } from "../model.js";
import type { Order } from "../orders.js";
import { novaAllowed } from "../setting-up/nova.js";
import { boundToHome } from "../strategic-movement/militia-ships.js";
import { circleById, daysToArrive, progressOf, routeById } from "../strategic-movement/transit-boxes.js";
import { inSupply, suppliedPlaces } from "../supply/supply.js";
import { alive, hullLeft, hullLost, livingStations, stacksBySystem, targetPlanet, weightIn } from "./strength.js";

/** Attack where the UPF (stations and militia counted) outweighs the Sathar that may be attacked by this factor. */
const ATTACK_RATIO = 1.0;
/** Go after a Sathar stack that the fleet (with what stands there) outweighs by this factor. */
const HUNT_RATIO = 1.3;
/** How far the fleet goes after a Sathar stack (days). */
const CHASE_DAYS = 14;
/** The fleet is gathered when its main body holds this share of its hull. */
const GATHERED = 0.7;
/** Hull lost from which a ship leaves the fleet for a construction centre. */
const REPAIR_DAMAGE = 0.4;
/** The stance the UPF fights with: away from the planet, so the stations are reached only through the fleet. */
export const UPF_STANCE = { nearPlanet: false } as const;

/** A ship of the battle fleet: the seat's Spacefleet and deputised militia, fighters aside (they ride carriers). */
function inFleet(state: SatharWarState, seat: string, s: Ship): boolean {
  return s.seat === seat && s.cls !== "FT" && alive(s) && !boundToHome(state, s);
}

const needsRepair = (s: Ship) => hullLost(s) >= REPAIR_DAMAGE;

export function upfSetUp(state: SatharWarState, seat: string): Order[] {
  // The non-attached ships join Task Force Prenglar at Morgaine's World (000:258-260: "any number of non-attached
  // ships can be added to one or more of the task forces"): the core of the battle fleet, at a fortress.
  const ships = Object.values(state.ships)
    .filter((s) => s.seat === seat && s.force === "Non-Attached Ships" && s.cls !== "FT" && alive(s))
    .map((s) => s.id)
    .sort();
  const prenglar = Object.values(state.ships).find(
    (s) => s.seat === seat && s.force === "Task Force Prenglar" && s.location.kind === "system",
  );
  const to =
    prenglar?.location.kind === "system" ? prenglar.location.planet : livingStations(state).find((s) => s.type === "fortress")?.planet;
  const orders: Order[] = [{ type: "stance", ...UPF_STANCE }];
  if (to && ships.length > 0) orders.push({ type: "deploy", ships, to });
  return orders;
}

export interface FleetPlan {
  /** Where the fleet goes. */
  goal?: string;
  /** Under way to the goal, gathering at the main body, going for a Sathar stack it can beat, or holding a fortress. */
  mode: "under-way" | "gather" | "hunt" | "hold";
}

/** A ship's place as a stack key: its system, or its box with its heading and rate (ships there move as one). */
function placeKey(s: Ship): string | undefined {
  const l = s.location;
  if (l.kind === "system") return `system|${l.system}`;
  if (l.kind === "transit") return `transit|${l.route}|${l.box}|${l.toward}|${l.rate}|${l.jumped}`;
  return undefined;
}

/**
 * Where the battle fleet goes today. The main body (the largest part of the fleet, by hull) decides: under way, it
 * keeps its course and the rest follow it; at a system, it goes for the best Sathar stack it outweighs within reach,
 * else waits for the rest of the fleet, else holds the fortress the Sathar threaten most.
 */
export function fleetPlan(state: SatharWarState, seat: string): FleetPlan {
  const fleet = Object.values(state.ships).filter((s) => inFleet(state, seat, s) && !needsRepair(s));
  const parts = new Map<string, { hull: number; ship: Ship }>();
  let total = 0;
  for (const s of fleet) {
    const key = placeKey(s);
    if (!key) continue;
    const p = parts.get(key);
    parts.set(key, { hull: (p?.hull ?? 0) + hullLeft(s), ship: p?.ship ?? s });
    total += hullLeft(s);
  }
  const main = [...parts.entries()].sort(([a, x], [b, y]) => y.hull - x.hull || a.localeCompare(b))[0]?.[1];
  if (!main) return { mode: "hold" };
  const loc = main.ship.location;
  if (loc.kind === "transit") return { goal: loc.toward, mode: "under-way" };
  if (loc.kind !== "system") return { mode: "hold" };
  const at = loc.system;
  const target = huntTarget(state, at, main.hull);
  if (target) return { goal: target.wait > 0 ? at : target.system, mode: "hunt" };
  if (main.hull < GATHERED * total) return { goal: at, mode: "gather" };
  return { goal: screenTarget(state, at, main.hull), mode: "hold" };
}

/**
 * The station system the fleet screens: one the Sathar are bound for that it reaches first and can hold (the
 * Sathar would not attack it there), fortresses first; else it stays at a fortress, or falls back to the nearest.
 */
function screenTarget(state: SatharWarState, at: string, hull: number): string {
  const from = daysFrom(state.map, at);
  const stations = livingStations(state);
  const arrivals = satharArrivals(state);
  let best: { system: string; score: number } | undefined;
  for (const system of [...new Set(stations.map((st) => st.system))].sort()) {
    const coming = arrivals.filter((a) => a.system === system);
    if (coming.length === 0) continue;
    const e = from.get(system) ?? Number.POSITIVE_INFINITY;
    if (e > Math.min(...coming.map((a) => a.eta))) continue;
    const theirs = coming.reduce((x, a) => x + a.hull, 0);
    if ((system === at ? 0 : hull) + weightIn(state, "upf", system) < theirs / 1.3) continue;
    const here = stations.filter((st) => st.system === system);
    const score = e - 6 * here.filter((st) => st.type === "fortress").length - 2 * here.length;
    if (!best || score < best.score) best = { system, score };
  }
  if (best) return best.system;
  const forts = [...new Set(stations.filter((st) => st.type === "fortress").map((st) => st.system))];
  if (forts.includes(at)) return at;
  return (
    forts.sort((a, b) => (from.get(a) ?? Number.POSITIVE_INFINITY) - (from.get(b) ?? Number.POSITIVE_INFINITY) || a.localeCompare(b))[0] ??
    at
  );
}

/** A Sathar stack's way to a system: the system, its hull, and the days until it is there (0: there now). */
export interface Arrival {
  system: string;
  hull: number;
  eta: number;
}

/** Every Sathar stack at a planet or inbound (transit boxes, red boxes, circles), with when it arrives; fighters ride. */
export function satharArrivals(state: SatharWarState): Arrival[] {
  const out: Arrival[] = [];
  for (const s of Object.values(state.ships)) {
    if (s.side !== "sathar" || !alive(s)) continue;
    const l = s.location;
    const carrier = l.kind === "aboard" && l.carrier ? state.ships[l.carrier] : s;
    const c = carrier?.location;
    if (!c) continue;
    const hull = hullLeft(s);
    if (c.kind === "system") out.push({ system: c.system, hull, eta: 0 });
    else if (c.kind === "transit") {
      const route = routeById(state.map, c.route);
      if (!route) continue;
      const eta = c.coasting ? CHASE_DAYS : daysToArrive(route, c.toward, progressOf(route, c.toward, c.box), c.jumped, c.rate);
      out.push({ system: c.toward, hull, eta });
    } else if ((c.kind === "red" || c.kind === "circle") && !c.outbound) {
      const circle = circleById(state.map, c.circle);
      if (circle) out.push({ system: circle.system, hull, eta: c.kind === "red" ? circle.redBoxes - c.box + 1 : circle.redBoxes + 1 });
    }
  }
  return out;
}

/**
 * The system the fleet (`hull` at `at`) goes for, and the days it waits before leaving: one where it meets a Sathar
 * stack it outweighs. The Sathar are at a station system from the day they arrive until they have attacked each
 * station there (a planet a day, 000 "Declaring Combat"), and they turn away from a system the fleet already holds,
 * so the fleet times its arrival for the day they arrive or after. Once the Sathar as a whole cannot stand the fleet,
 * it goes after any stack within reach.
 */
function huntTarget(state: SatharWarState, at: string, hull: number): { system: string; wait: number } | undefined {
  const from = daysFrom(state.map, at);
  const stations = livingStations(state);
  const arrivals = satharArrivals(state);
  const weak = arrivals.reduce((x, a) => x + a.hull, 0) * HUNT_RATIO <= hull;
  let best: { system: string; wait: number; score: number } | undefined;
  for (const system of [...new Set(arrivals.map((a) => a.system))].sort()) {
    const e = from.get(system) ?? Number.POSITIVE_INFINITY;
    if (e > CHASE_DAYS) continue;
    const here = stations.filter((st) => st.system === system).length;
    const coming = arrivals.filter((a) => a.system === system);
    // A stack that attacked here yesterday and still has a station to attack is laying siege: it stays.
    const siege = here > 0 && state.battles.some((b) => b.system === system && b.attacker === "sathar" && b.day >= state.day - 1);
    const last = Math.max(...coming.map((a) => a.eta + (weak || siege ? CHASE_DAYS : Math.max(0, here - 1))));
    const first = Math.min(...coming.map((a) => a.eta));
    if (e > last) continue;
    const wait = Math.max(0, first - e);
    const theirs = coming.filter((a) => a.eta <= e + wait + 1).reduce((x, a) => x + a.hull, 0);
    const ours = (system === at ? 0 : hull) + weightIn(state, "upf", system);
    if (theirs === 0 || ours < HUNT_RATIO * theirs) continue;
    const score = e + wait - 4 * here - theirs / 200;
    if (!best || score < best.score) best = { system, wait, score };
  }
  return best && { system: best.system, wait: best.wait };
}

/** The nearest system with a construction centre the UPF may use and no Sathar ship in it. */
function nearestShop(state: SatharWarState, system: string): string | undefined {
  const from = daysFrom(state.map, system);
  const shops = livingStations(state)
    .filter((st) => st.scc && weightIn(state, "sathar", st.system) === 0)
    .map((st) => st.system)
    .sort((a, b) => (from.get(a) ?? Number.POSITIVE_INFINITY) - (from.get(b) ?? Number.POSITIVE_INFINITY) || a.localeCompare(b));
  return shops[0];
}

export function upfMove(state: SatharWarState, seat: string): Order[] {
  const orders: Order[] = [];
  if (novaAllowed(state) && Object.values(state.ships).some((s) => s.seat === seat && s.location.kind === "offmap"))
    orders.push({ type: "nova" });
  const plan = fleetPlan(state, seat);
  const supplied = suppliedPlaces(state, "upf");
  const stations = livingStations(state);
  const docks: string[] = [];
  for (const [system, stack] of stacksBySystem(state, seat, (s) => inFleet(state, seat, s))) {
    const satharHere = weightIn(state, "sathar", system);
    const shopHere = satharHere === 0 && stations.some((st) => st.system === system && st.scc);
    const damaged = (s: Ship) => Object.values(s.damage).some((v) => (v ?? 0) > 0);
    const docked = (s: Ship) => s.location.kind === "system" && s.location.docked === true;
    // Ships badly hurt stay docked at a construction centre clear of the Sathar, or go to the nearest one.
    const hurt = stack.filter(needsRepair);
    if (hurt.length > 0 && shopHere) docks.push(...hurt.filter((s) => !docked(s)).map((s) => s.id));
    const shop = hurt.length > 0 && !shopHere ? nearestShop(state, system) : undefined;
    const hop = shop ? nextHop(state.map, system, shop) : undefined;
    if (hop) orders.push({ type: "move", ships: hurt.map((s) => s.id), to: hop });
    const others = stack.filter((s) => !needsRepair(s) || (!shopHere && !hop));
    // Docked ships being mended at a construction centre stay; elsewhere a dock mends nothing.
    const mending = (s: Ship) => shopHere && docked(s) && damaged(s);
    if (others.length === 0) continue;
    // Rearm: a day at a planet in supply with no Sathar here (000:471).
    const spent = others.some((s) => Object.values(s.spent).some((v) => (v ?? 0) > 0));
    const rearming = spent && satharHere === 0 && others.every((s) => inSupply(state, s, supplied));
    // Hold a station under attack that can still be held.
    const holding = satharHere > 0 && stations.some((st) => st.system === system) && weightIn(state, "upf", system) >= satharHere;
    const staying = !plan.goal || plan.goal === system || rearming || holding;
    let next = staying ? undefined : nextHop(state.map, system, plan.goal ?? system);
    if (next) {
      const going = others.filter((s) => !mending(s));
      const ours = going.reduce((a, s) => a + hullLeft(s), 0) + weightIn(state, "upf", next);
      if (going.length === 0 || weightIn(state, "sathar", next) > ours * 1.2) next = undefined;
      else orders.push({ type: "move", ships: going.map((s) => s.id), to: next });
    }
    // Staying at a construction centre: the damaged dock for the day (whole ships stay undocked to fight).
    if (!next && shopHere) docks.push(...others.filter((s) => damaged(s) && !docked(s)).map((s) => s.id));
  }
  if (docks.length > 0) orders.push({ type: "dock", ships: docks.sort() });
  return orders;
}

export function upfAttacks(state: SatharWarState, attackable: ReadonlySet<string>): Order[] {
  const orders: Order[] = [];
  const free = (s: Ship) => !state.today.attacked.includes(s.id);
  for (const system of [...attackable].sort()) {
    const theirs = weightIn(state, "sathar", system, free);
    if (theirs === 0) continue;
    if (weightIn(state, "upf", system) < theirs * ATTACK_RATIO) continue;
    const planet = targetPlanet(state, system, "sathar");
    orders.push({ type: "attack", system, ...(planet ? { planet } : {}) });
  }
  return orders;
}
