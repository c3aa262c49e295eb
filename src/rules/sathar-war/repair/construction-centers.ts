/**
 * Who may use a station's spaceship construction centre (SCC) today (seed 000 "UPF Repairs", "Sathar Repair").
 *
 * - UPF: "UPF ships can be repaired at any spaceship construction center in a system that contains no Sathar ships":
 *   the station stands and no Sathar ship is in its system.
 * - Sathar: "An SCC is considered captured when all space stations in its system have been destroyed and no UPF or
 *   Militia ships are in the system." They repair "only one-half as many hull points per day as the construction
 *   center's capacity" (every capacity is even, so no rounding arises; E.11).
 *
 * Only the nine SCCs of the REPAIR CAPACITY TABLE repair (reference C.2 #17): other stations dock ships but mend
 * nothing.
 */
import type { SatharWarState, Side, Station } from "../model.js";
import { systemsHeldBy } from "../supply/supply.js";

/** The side that may repair at this station's SCC today, or undefined (no SCC, or nobody may). */
export function sccUser(state: SatharWarState, station: Station, held?: Held): Side | undefined {
  if (!station.scc) return undefined;
  if (station.destroyedDay === undefined) return (held?.sathar ?? systemsHeldBy(state, "sathar")).has(station.system) ? undefined : "upf";
  const allDestroyed = Object.values(state.stations).every((s) => s.system !== station.system || s.destroyedDay !== undefined);
  return allDestroyed && !(held?.upf ?? systemsHeldBy(state, "upf")).has(station.system) ? "sathar" : undefined;
}

/** The systems each side holds (supply.ts `systemsHeldBy`), worked out once for a day's many questions. */
export interface Held {
  upf: Set<string>;
  sathar: Set<string>;
}

export function heldSystems(state: SatharWarState): Held {
  return { upf: systemsHeldBy(state, "upf"), sathar: systemsHeldBy(state, "sathar") };
}

/** Hull points this SCC repairs a day for `side` (REPAIR CAPACITY TABLE; the Sathar at half). */
export function dailyCapacity(station: Station, side: Side): number {
  const scc = station.scc ?? 0;
  return side === "upf" ? scc : Math.floor(scc / 2);
}

/** The station (standing or destroyed) orbiting a planet. */
export function stationAt(state: SatharWarState, planet: string): Station | undefined {
  return Object.values(state.stations).find((s) => s.planet === planet);
}
