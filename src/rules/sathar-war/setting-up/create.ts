/**
 * A new campaign, as the counters stand before the UPF sets up (seed 000 "SETTING UP THE GAME", "UPF Set-Up"):
 * stations and fortresses in orbit of their planets, militia docked at their planets' stations, Task Forces
 * Prenglar and Cassidine at Morgaine's World and Triad, Strike Force NOVA off the map, the non-attached ships with
 * Task Force Prenglar until the UPF deploys them, every Sathar ship in reserve (fighters aboard the carriers,
 * eight to a carrier, until the Sathar set-up says otherwise).
 */

import { FRONTIER } from "../deployment-map/frontier.js";
import { type FrontierMap, systemOfPlanet } from "../deployment-map/map.js";
import type { Location, SatharWarState, SeatSpec, Settings, Ship, Stance, Station } from "../model.js";
import { type ForceSpec, MILITIA, SATHAR, SPACEFLEET, STATIONS } from "../orders-of-battle/forces.js";
import { CLASS_NAMES, SHIP_CLASSES, type ShipClass } from "../orders-of-battle/ship-classes.js";

export const DEFAULT_SETTINGS: Settings = {
  replacements: false,
  replacementFail: 36,
  shatterDrones: false,
  battles: "quick",
  carrierCapacity: 8,
  retreatWithNoFortress: "sathar",
  dayLimit: 0,
};

/** Break off at half the side's hull lost or outgunned three to one; defend near the planet; detonate drones. */
export const DEFAULT_STANCE: Stance = { breakOffAtHullLost: 0.5, breakOffOutgunned: 3, nearPlanet: true, detonateDrones: true };

/**
 * The seats for one to three UPF players and the Sathar (seed 000 "Determining Sides": "if there are three UPF
 * players, each could take a single task force and the militias of three planets").
 */
export function seatsFor(upfPlayers: 1 | 2 | 3): SeatSpec[] {
  const upf: SeatSpec[] =
    upfPlayers === 1
      ? [{ id: "upf", name: "UPF Spacefleet", side: "upf" }]
      : Array.from({ length: upfPlayers }, (_, i) => ({ id: `upf${i + 1}`, name: `UPF command ${i + 1}`, side: "upf" as const }));
  return [{ id: "sathar", name: "Sathar", side: "sathar" }, ...upf];
}

/**
 * Which UPF seat commands a force: with one UPF seat, all; with two or three, the task forces in turn (Cassidine,
 * Prenglar, NOVA with the non-attached ships) and the militias dealt out in their listed order.
 */
export function commandOf(force: ForceSpec, seats: readonly SeatSpec[]): string {
  if (force.side === "sathar") return seats.find((s) => s.side === "sathar")?.id ?? "sathar";
  const upf = seats.filter((s) => s.side === "upf");
  if (upf.length <= 1) return upf[0]?.id ?? "upf";
  const order = [...SPACEFLEET.map((f) => f.name), ...MILITIA.map((f) => f.name)];
  const taskForce = ["Task Force Cassidine", "Task Force Prenglar", "Strike Force NOVA", "Non-Attached Ships"].indexOf(force.name);
  const n = taskForce >= 0 ? Math.min(taskForce, 2) : order.indexOf(force.name) - SPACEFLEET.length;
  return upf[n % upf.length]!.id;
}

function startOf(force: ForceSpec, map: FrontierMap): Location {
  if (force.start === "reserve") return { kind: "reserve" };
  if (force.start === "offmap") return { kind: "offmap" };
  const planet = force.start === "anywhere" ? "morgaines-world" : force.start;
  const system = systemOfPlanet(map, planet);
  if (!system) throw new Error(`map ${map.name} has no planet ${planet}`);
  return { kind: "system", system: system.id, planet, docked: force.militiaOf !== undefined };
}

/** Every ship of a force, numbered by class: "TFC-BB1", "S-DD07" (two digits where a class has ten or more). */
export function shipsOf(force: ForceSpec, seat: string, map: FrontierMap): Ship[] {
  const out: Ship[] = [];
  for (const cls of SHIP_CLASSES) {
    const n = force.ships[cls as ShipClass] ?? 0;
    const width = n >= 10 ? 2 : 1;
    for (let i = 1; i <= n; i++) {
      const number = String(i).padStart(width, "0");
      out.push({
        id: `${force.prefix}-${cls}${number}`,
        name: `${force.name} ${CLASS_NAMES[cls]} ${i}`,
        side: force.side,
        cls,
        force: force.name,
        seat,
        ...(force.militiaOf ? { militiaOf: force.militiaOf } : {}),
        location: startOf(force, map),
        damage: {},
        spent: {},
      });
    }
  }
  return out;
}

/** Fighters start aboard their force's carriers, up to the capacity, the rest based at the station of the force's planet (seed 000: "placed aboard that force's carrier, or ... based at the station where the fleet is based"). */
function boardFighters(ships: Ship[], capacity: number, stations: readonly Station[]): void {
  const carriers = ships.filter((s) => s.cls === "AC");
  const load = new Map<string, number>();
  for (const f of ships.filter((s) => s.cls === "FT")) {
    const carrier = carriers.find((c) => c.force === f.force && (load.get(c.id) ?? 0) < capacity);
    if (carrier) {
      load.set(carrier.id, (load.get(carrier.id) ?? 0) + 1);
      f.location = { kind: "aboard", carrier: carrier.id };
      continue;
    }
    const at = f.location.kind === "system" ? f.location.planet : undefined;
    const station = stations.find((s) => s.planet === at) ?? stations.find((s) => s.planet === "morgaines-world");
    if (station) f.location = { kind: "aboard", station: station.id };
  }
}

export function createCampaign(
  settings: Partial<Settings> = {},
  seats: SeatSpec[] = seatsFor(1),
  map: FrontierMap = FRONTIER,
): SatharWarState {
  const full = { ...DEFAULT_SETTINGS, ...settings };
  const stations: Station[] = STATIONS.map((s) => {
    const system = systemOfPlanet(map, s.planet);
    if (!system) throw new Error(`map ${map.name} has no planet ${s.planet}`);
    return {
      id: s.id,
      name: s.name,
      type: s.type,
      system: system.id,
      planet: s.planet,
      ...(s.scc ? { scc: s.scc } : {}),
      damage: {},
      spent: {},
    };
  });
  const ships: Ship[] = [];
  for (const force of [SATHAR, ...SPACEFLEET, ...MILITIA]) ships.push(...shipsOf(force, commandOf(force, seats), map));
  boardFighters(ships, full.carrierCapacity, stations);
  return {
    ruleset: "sathar-war",
    settings: full,
    map,
    seats,
    day: 1,
    phase: "upf-setup",
    step: 1,
    ships: Object.fromEntries(ships.map((s) => [s.id, s])),
    stations: Object.fromEntries(stations.map((s) => [s.id, s])),
    retreatCondition: 0,
    losses: [],
    today: { moved: [], fought: [], attacked: [] },
    stances: Object.fromEntries(seats.map((s) => [s.id, { ...DEFAULT_STANCE }])),
    fighterRearms: {},
    mines: {},
    battles: [],
  };
}
