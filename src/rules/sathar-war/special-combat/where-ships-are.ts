/**
 * Who is in a star system at the end of movement (seed 000 "Declaring Combat": "If Sathar and UPF ships occupy the
 * same starburst at the end of a day, those ships can fight each other"; C.2 #29: after both movement phases).
 *
 * A ship is in a system when its location is that system's starburst (at one of its planets). A fighter is in a
 * system when it is aboard a carrier that is, or based at a station of that system that still stands; a fighter
 * left loose in a starburst (its carrier destroyed) is there too, but cannot fight (seed 000 "Breaking Off Combat":
 * fighters live aboard a carrier or station).
 */
import type { SatharWarState, Ship, Side, Station } from "../model.js";

/** The system a ship is in, or undefined (in transit, in a red box or circle, in reserve, gone). */
export function systemOf(state: SatharWarState, ship: Ship): string | undefined {
  const loc = ship.location;
  if (loc.kind === "system") return loc.system;
  if (loc.kind !== "aboard") return undefined;
  if (loc.carrier !== undefined) {
    const carrier = state.ships[loc.carrier];
    return carrier && carrier.location.kind === "system" ? carrier.location.system : undefined;
  }
  if (loc.station !== undefined) {
    const station = state.stations[loc.station];
    return station && station.destroyedDay === undefined ? station.system : undefined;
  }
  return undefined;
}

/** The planet a ship is at (a fighter: its carrier's planet or its station's), or undefined. */
export function planetOf(state: SatharWarState, ship: Ship): string | undefined {
  const loc = ship.location;
  if (loc.kind === "system") return loc.planet;
  if (loc.kind !== "aboard") return undefined;
  if (loc.carrier !== undefined) {
    const carrier = state.ships[loc.carrier];
    return carrier && carrier.location.kind === "system" ? carrier.location.planet : undefined;
  }
  const station = loc.station !== undefined ? state.stations[loc.station] : undefined;
  return station && station.destroyedDay === undefined ? station.planet : undefined;
}

/** A fighter may fight only from a carrier or a station (seed 000 "Breaking Off Combat"); every other ship may. */
export function mayFight(state: SatharWarState, ship: Ship): boolean {
  if (ship.cls !== "FT") return true;
  return ship.location.kind === "aboard" && systemOf(state, ship) !== undefined;
}

/** Ships of a side in a system, in the state's order, that are on the map and may fight. */
export function shipsIn(state: SatharWarState, system: string, side: Side): Ship[] {
  return Object.values(state.ships).filter((s) => s.side === side && systemOf(state, s) === system && mayFight(state, s));
}

/** Stations standing in a system (at one planet, when given). */
export function stationsIn(state: SatharWarState, system: string, planet?: string): Station[] {
  return Object.values(state.stations).filter(
    (s) => s.system === system && s.destroyedDay === undefined && (planet === undefined || s.planet === planet),
  );
}

/** The fighters aboard a carrier. */
export function fightersAboard(state: SatharWarState, carrier: string): Ship[] {
  return Object.values(state.ships).filter((s) => s.location.kind === "aboard" && s.location.carrier === carrier);
}
