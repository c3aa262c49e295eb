/**
 * What the bots weigh: a side's strength in a system, where a ship is, the stations left. Plain reads of a seat's
 * `knownState` (every stack on the map is open, 000 "SETTING UP THE GAME"), shared by both sides' strategies.
 */
import { daysFrom } from "../deployment-map/paths.js";
import type { SatharWarState, Ship, Side, Station } from "../model.js";
import { SHIP_RATINGS, STATION_RATINGS } from "../orders-of-battle/ship-classes.js";

export const alive = (s: Ship): boolean => s.location.kind !== "gone";

/** Hull points a ship has left. */
export const hullLeft = (s: Ship): number => Math.max(0, SHIP_RATINGS[s.cls].hp - (s.damage.hull ?? 0));

/** The share of its hull a ship has lost (0 to 1). */
export const hullLost = (s: Ship): number => (s.damage.hull ?? 0) / SHIP_RATINGS[s.cls].hp;

/** A station's hull left (its weight in a battle: fortresses 300, fortified 140, armed 80 when whole). */
export const stationHull = (st: Station): number => Math.max(0, STATION_RATINGS[st.type].hp - (st.damage.hull ?? 0));

export function livingStations(state: SatharWarState): Station[] {
  return Object.values(state.stations)
    .filter((s) => s.destroyedDay === undefined)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The system a ship is in (at a planet, or aboard a carrier or station there); undefined in transit, off the map... */
export function systemOf(state: SatharWarState, s: Ship): string | undefined {
  const l = s.location;
  if (l.kind === "system") return l.system;
  if (l.kind === "aboard" && l.carrier) {
    const c = state.ships[l.carrier];
    return c?.location.kind === "system" ? c.location.system : undefined;
  }
  if (l.kind === "aboard" && l.station) return state.stations[l.station]?.system;
  return undefined;
}

/** Hull points a side has in a system (fighters aboard counted; the UPF's stations too). */
export function weightIn(state: SatharWarState, side: Side, system: string, only?: (s: Ship) => boolean): number {
  let w = 0;
  for (const s of Object.values(state.ships)) {
    if (s.side !== side || !alive(s) || (only && !only(s))) continue;
    if (systemOf(state, s) === system) w += hullLeft(s);
  }
  if (side === "upf") for (const st of livingStations(state)) if (st.system === system) w += stationHull(st);
  return w;
}

/** A seat's non-fighter ships at planets, by system (sorted ids, systems in id order): its stacks that can move. */
export function stacksBySystem(state: SatharWarState, seat: string, keep: (s: Ship) => boolean = () => true): [string, Ship[]][] {
  const by = new Map<string, Ship[]>();
  for (const s of Object.values(state.ships)) {
    if (s.seat !== seat || s.location.kind !== "system" || s.cls === "FT" || !keep(s)) continue;
    by.set(s.location.system, [...(by.get(s.location.system) ?? []), s]);
  }
  return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v.sort((x, y) => x.id.localeCompare(y.id))]);
}

/** Days between systems (shortest route), memo-free: the map is small. Unreachable: Infinity. */
export function days(state: SatharWarState, from: string, to: string): number {
  return daysFrom(state.map, from).get(to) ?? Number.POSITIVE_INFINITY;
}

/** The planet to attack in a system: a fortress's, else any station's (Sathar), else where the enemy ships are. */
export function targetPlanet(state: SatharWarState, system: string, enemy: Side): string | undefined {
  const here = livingStations(state).filter((s) => s.system === system);
  const fortress = here.find((s) => s.type === "fortress");
  if (enemy === "upf" && (fortress ?? here[0])) return (fortress ?? here[0])?.planet;
  const ship = Object.values(state.ships).find((s) => s.side === enemy && s.location.kind === "system" && s.location.system === system);
  return ship?.location.kind === "system" ? ship.location.planet : here[0]?.planet;
}
