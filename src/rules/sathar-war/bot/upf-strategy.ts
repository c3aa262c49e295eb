/**
 * The normal UPF: what the seeds' designers meant the defence to do (seed 000 "UPF Set-Up", "Strike Force NOVA",
 * "SUPPLY", "REPAIR"; issue 12 "Play"). It does not know the Sathar's retreat condition (000 "Sathar Retreat"), so it
 * trades ships only where it outweighs them and keeps its fortresses (two left at the retreat is the UPF's victory,
 * 000:576).
 *
 * - Set-up: the non-attached ships screen the four fortresses, dealt in turn.
 * - Strike Force NOVA is placed at the first chance (000:275: the sooner, the surer it comes).
 * - Concentration: the Spacefleet's stacks (militia keep to their home rules) gather at one defence point, the station
 *   system most threatened by the Sathar's hull within reach, weighted by what it holds (a fortress three stations);
 *   they do not step into a system where the Sathar outweigh them by half again.
 * - Rearm: a stack that has spent expendables and is in supply spends the day at its planet (000:471) unless the
 *   Sathar are there. Repair: damaged ships at a station with a construction centre dock (000:512).
 * - Attacks where the UPF (stations counted) outweighs the Sathar ships that may be attacked by a fifth.
 * - A quiet war (no battle for ten days): the Sathar are sitting still, and only attacks can force their retreat; the
 *   Spacefleet gathers on the weakest Sathar stack at a planet and attacks at near parity.
 */
import { daysFrom, nextHop } from "../deployment-map/paths.js";
import type { SatharWarState, Ship } from "../model.js";
import type { Order } from "../orders.js";
import { novaAllowed } from "../setting-up/nova.js";
import { inSupply, suppliedPlaces } from "../supply/supply.js";
import { alive, hullLeft, livingStations, stacksBySystem, targetPlanet, weightIn } from "./strength.js";

const ATTACK_RATIO = 1.2;
/** Days without a battle after which the UPF go after the Sathar (a Sathar that sits still must still be forced to retreat). */
const QUIET_DAYS = 10;
/** In a quiet war the UPF attack at near parity. */
const PRESSING_RATIO = 0.9;

/** No battle for QUIET_DAYS: the Sathar are not attacking, and only UPF attacks can force their retreat. */
export function quietWar(state: SatharWarState): boolean {
  const last = Math.max(0, ...state.battles.map((b) => b.day));
  return state.day - last >= QUIET_DAYS;
}

/** The Sathar stack at a planet with the least hull: where a pressing UPF goes. */
function weakestSathar(state: SatharWarState): string | undefined {
  const systems = new Set<string>();
  for (const s of Object.values(state.ships)) if (s.side === "sathar" && s.location.kind === "system") systems.add(s.location.system);
  return [...systems].sort((a, b) => weightIn(state, "sathar", a) - weightIn(state, "sathar", b) || a.localeCompare(b))[0];
}
/** Days within which a Sathar stack counts as threatening a station (its weight falls off to nothing at this). */
const THREAT_DAYS = 16;

export function upfSetUp(state: SatharWarState, seat: string): Order[] {
  const ships = Object.values(state.ships)
    .filter((s) => s.seat === seat && s.force === "Non-Attached Ships" && s.cls !== "FT" && alive(s))
    .map((s) => s.id)
    .sort();
  const forts = livingStations(state).filter((s) => s.type === "fortress");
  return forts
    .map((f, i): Order => ({ type: "deploy", ships: ships.filter((_, j) => j % forts.length === i), to: f.planet }))
    .filter((o) => o.type === "deploy" && o.ships.length > 0);
}

/** Where a Sathar ship is or is bound, as a system. */
function satharAt(state: SatharWarState, s: Ship): string | undefined {
  const l = s.location;
  if (l.kind === "system") return l.system;
  if (l.kind === "transit") return l.toward;
  if (l.kind === "red" || l.kind === "circle") return state.map.circles.find((c) => c.id === l.circle)?.system;
  return undefined;
}

/** The defence point: the station system with the most Sathar hull within reach, times what it holds. */
export function defencePoint(state: SatharWarState): string | undefined {
  const sathar: [string, number][] = [];
  for (const s of Object.values(state.ships)) {
    if (s.side !== "sathar" || s.cls === "FT") continue;
    const at = satharAt(state, s);
    if (at) sathar.push([at, hullLeft(s)]);
  }
  const stations = livingStations(state);
  const systems = [...new Set(stations.map((s) => s.system))].sort();
  let best: { system: string; score: number } | undefined;
  for (const system of systems) {
    const worth = stations.filter((s) => s.system === system).reduce((a, s) => a + (s.type === "fortress" ? 3 : 1), 0);
    const from = daysFrom(state.map, system);
    const threat = sathar.reduce((a, [at, w]) => a + w * Math.max(0, 1 - (from.get(at) ?? THREAT_DAYS) / THREAT_DAYS), 0);
    const score = (threat + 1) * worth;
    if (!best || score > best.score) best = { system, score };
  }
  return best?.system;
}

export function upfMove(state: SatharWarState, seat: string): Order[] {
  const orders: Order[] = [];
  if (novaAllowed(state) && Object.values(state.ships).some((s) => s.seat === seat && s.location.kind === "offmap"))
    orders.push({ type: "nova" });
  const pressing = quietWar(state);
  const point = (pressing ? weakestSathar(state) : undefined) ?? defencePoint(state);
  const supplied = suppliedPlaces(state, "upf");
  const stations = livingStations(state);
  for (const [system, stack] of stacksBySystem(state, seat, (s) => !s.militiaOf)) {
    const satharHere = weightIn(state, "sathar", system);
    // Repair: damaged ships at a planet whose station has a construction centre dock for the day.
    const docking = stack.filter((s) => {
      if (s.location.kind !== "system" || s.location.docked || satharHere > 0) return false;
      const planet = s.location.planet;
      const damaged = Object.values(s.damage).some((v) => (v ?? 0) > 0);
      return damaged && stations.some((st) => st.planet === planet && st.scc);
    });
    if (docking.length > 0) orders.push({ type: "dock", ships: docking.map((s) => s.id) });
    const free = stack.filter((s) => !docking.includes(s) && !(s.location.kind === "system" && s.location.docked));
    if (free.length === 0 || !point || system === point) continue;
    const spent = free.some((s) => Object.values(s.spent).some((v) => (v ?? 0) > 0));
    if (spent && satharHere === 0 && free.every((s) => inSupply(state, s, supplied))) continue;
    // Hold a station under attack that can still be held.
    if (satharHere > 0 && stations.some((st) => st.system === system) && weightIn(state, "upf", system) >= satharHere) continue;
    const hop = nextHop(state.map, system, point);
    if (!hop) continue;
    const ours = free.reduce((a, s) => a + hullLeft(s), 0) + weightIn(state, "upf", hop);
    if (!pressing && weightIn(state, "sathar", hop) > ours * 1.5) continue;
    orders.push({ type: "move", ships: free.map((s) => s.id), to: hop });
  }
  return orders;
}

export function upfAttacks(state: SatharWarState, attackable: ReadonlySet<string>): Order[] {
  const orders: Order[] = [];
  const free = (s: Ship) => !state.today.attacked.includes(s.id);
  const ratio = quietWar(state) ? PRESSING_RATIO : ATTACK_RATIO;
  for (const system of [...attackable].sort()) {
    const theirs = weightIn(state, "sathar", system, free);
    if (theirs === 0) continue;
    if (weightIn(state, "upf", system) < theirs * ratio) continue;
    const planet = targetPlanet(state, system, "sathar");
    orders.push({ type: "attack", system, ...(planet ? { planet } : {}) });
  }
  return orders;
}
