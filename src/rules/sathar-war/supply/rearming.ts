/**
 * Rearming (seed 000 "SUPPLY", "Rearming"), at the end of the day: "In order to rearm, the ship must spend one
 * complete day at a planet in a star system that is in supply. The ship may not move or attack during that day. If
 * the ship is attacked and fights back, it is not rearmed." A rearmed ship has its `spent` expendables cleared.
 *
 * Fighters: "Fighters can be rearmed from their assault carrier or station twice while out of supply, but the
 * carrier or station must be resupplied before the fighters can rearm a third time." Read per carrier or station
 * (reference C.2 #21): `state.fighterRearms[host]` counts the days its fighters rearmed while it was not resupplied;
 * a host is resupplied on a day it rearms itself (a carrier: the ship rule above; a station: its system in supply and
 * no battle there today), which sets the count back to 0 and rearms its fighters without counting.
 */
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState, Ship } from "../model.js";
import { inSupply, type PlaceKey, placeOf, suppliedPlaces, systemKey } from "./supply.js";

const STEP = "End of day: rearming";

function hasSpent(spent: Partial<Record<string, number>>): boolean {
  return Object.values(spent).some((n) => (n ?? 0) > 0);
}

/** Would this ship (not a fighter) rearm today: a whole day at a planet of a supplied system, not moved, not fought. */
function shipRearms(state: SatharWarState, ship: Ship, supplied: Set<PlaceKey>): boolean {
  return (
    ship.location.kind === "system" &&
    !state.today.moved.includes(ship.id) &&
    !state.today.fought.includes(ship.id) &&
    inSupply(state, ship, supplied)
  );
}

/** Ships and stations rearm at the day's end; fighters from their carrier or station (C.2 #21). Returns a new state. */
export function rearm(state: SatharWarState): { state: SatharWarState; events: SwEvent[] } {
  // Copy only what changes: the ship and station records, and each one rearmed.
  const next: SatharWarState = {
    ...state,
    ships: { ...state.ships },
    stations: { ...state.stations },
    fighterRearms: { ...state.fighterRearms },
  };
  const supplied = { upf: suppliedPlaces(state, "upf"), sathar: suppliedPlaces(state, "sathar") };
  const rearmed: string[] = [];
  const resupplied = new Set<string>();
  for (const ship of Object.values(state.ships)) {
    if (ship.cls === "FT" || !shipRearms(state, ship, supplied[ship.side])) continue;
    resupplied.add(ship.id);
    if (!hasSpent(ship.spent)) continue;
    rearmed.push(ship.id);
    next.ships[ship.id] = { ...ship, spent: {} };
  }
  const foughtToday = new Set(state.battles.filter((b) => b.day === state.day).flatMap((b) => b.stations));
  const stationsRearmed: string[] = [];
  for (const station of Object.values(state.stations)) {
    if (station.destroyedDay !== undefined || foughtToday.has(station.id) || state.today.fought.includes(station.id)) continue;
    if (!supplied.upf.has(systemKey(station.system))) continue;
    resupplied.add(station.id);
    if (!hasSpent(station.spent)) continue;
    stationsRearmed.push(station.id);
    next.stations[station.id] = { ...station, spent: {} };
  }
  for (const host of resupplied) if (next.fighterRearms[host] !== undefined) next.fighterRearms[host] = 0;

  const events: SwEvent[] = [];
  const outOfSupply = new Map<string, string[]>();
  const refused: string[] = [];
  for (const fighter of Object.values(state.ships)) {
    if (fighter.cls !== "FT" || fighter.location.kind !== "aboard" || !hasSpent(fighter.spent)) continue;
    if (state.today.moved.includes(fighter.id) || state.today.fought.includes(fighter.id)) continue;
    const host = fighter.location.carrier ?? fighter.location.station;
    // A carrier off the map (reserve, the Void) rearms nothing: the Void refits its fighters (sathar-repair.ts).
    if (host === undefined || placeOf(state, fighter) === undefined) continue;
    if (resupplied.has(host)) {
      next.ships[fighter.id] = { ...fighter, spent: {} };
      rearmed.push(fighter.id);
      continue;
    }
    if ((next.fighterRearms[host] ?? 0) >= 2) {
      refused.push(fighter.id);
      continue;
    }
    next.ships[fighter.id] = { ...fighter, spent: {} };
    rearmed.push(fighter.id);
    outOfSupply.set(host, [...(outOfSupply.get(host) ?? []), fighter.id]);
  }
  for (const host of [...outOfSupply.keys()].sort()) next.fighterRearms[host] = (next.fighterRearms[host] ?? 0) + 1;

  if (rearmed.length > 0) events.push(swEvent("rearmed", state.day, STEP, `Rearmed: ${rearmed.join(", ")}.`, { ships: rearmed }));
  if (stationsRearmed.length > 0) events.push(swEvent("rearmed", state.day, STEP, `Stations rearmed: ${stationsRearmed.join(", ")}.`));
  for (const [host, fighters] of [...outOfSupply.entries()].sort()) {
    events.push(
      swEvent(
        "rearmed",
        state.day,
        STEP,
        `Fighters ${fighters.join(", ")} rearmed from ${host} out of supply (${next.fighterRearms[host]} of 2 before it must be resupplied).`,
        { ships: fighters },
      ),
    );
  }
  if (refused.length > 0)
    events.push(
      swEvent("note", state.day, STEP, `Not rearmed (their carrier or station must be resupplied first): ${refused.join(", ")}.`, {
        ships: refused,
      }),
    );
  return { state: next, events };
}
