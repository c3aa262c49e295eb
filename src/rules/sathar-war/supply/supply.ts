/**
 * SUPPLY (seed 000 "SUPPLY"): who is "in supply", the only use of which is rearming.
 *
 * "A UPF ship is in supply if a path can be traced from the ship to a UPF Fortress without passing through a star
 * system occupied by a Sathar ship. The path may pass through transit boxes containing Sathar ships, but not star
 * system boxes. Supply may be traced into star system boxes that contain both UPF and Sathar ships, but not through
 * those systems." "A Sathar ship is in supply if a path can be traced from the Sathar ship to any Sathar Start
 * Circle, without passing through a star system containing a UPF ship or space station."
 *
 * The graph (reference E.10, RULINGS.md "Supply"): its places are the star systems, every transit box of every
 * route (a chain from system `a` to system `b`), every light red box and every start circle (a chain from the
 * circle to its system). Supply flows from the sources (UPF: each system with a fortress not destroyed; Sathar:
 * every start circle) along the chains. A system the other side holds (UPF: any Sathar ship in it; Sathar: any UPF
 * ship or station) is reached but not passed through: supply may be traced into it, so the ships of a contested
 * system (and a fortress's own system, Sathar there or not) are supplied, but never out of it. The UPF uses no red
 * boxes or start circles (they are the Sathar's approach from the Void).
 */
import type { SatharWarState, Ship, Side } from "../model.js";

/** A place of the supply graph: "system:prenglar", "box:prenglar~cassidine:3", "red:ssc-prenglar:2", "circle:ssc-prenglar". */
export type PlaceKey = string;

export const systemKey = (system: string): PlaceKey => `system:${system}`;
export const boxKey = (route: string, box: number): PlaceKey => `box:${route}:${box}`;
export const redKey = (circle: string, box: number): PlaceKey => `red:${circle}:${box}`;
export const circleKey = (circle: string): PlaceKey => `circle:${circle}`;

/**
 * The place a ship is at for supply: its system, box or circle; a fighter aboard a carrier is where the carrier
 * is, one based at a station is at the station's system. Undefined off the map (reserve, NOVA, the Void, gone).
 */
export function placeOf(state: SatharWarState, ship: Ship, depth = 0): PlaceKey | undefined {
  const loc = ship.location;
  switch (loc.kind) {
    case "system":
      return systemKey(loc.system);
    case "transit":
      return boxKey(loc.route, loc.box);
    case "red":
      return redKey(loc.circle, loc.box);
    case "circle":
      return circleKey(loc.circle);
    case "aboard": {
      if (loc.carrier !== undefined) {
        const carrier = state.ships[loc.carrier];
        return carrier && depth < 2 ? placeOf(state, carrier, depth + 1) : undefined;
      }
      const station = loc.station !== undefined ? state.stations[loc.station] : undefined;
      return station ? systemKey(station.system) : undefined;
    }
    default:
      return undefined;
  }
}

/** The systems holding at least one of `side`'s ships (fighters aboard carriers count where the carrier is). */
export function systemsHeldBy(state: SatharWarState, side: Side): Set<string> {
  const out = new Set<string>();
  for (const ship of Object.values(state.ships)) {
    if (ship.side !== side) continue;
    const place = placeOf(state, ship);
    if (place?.startsWith("system:")) out.add(place.slice("system:".length));
  }
  return out;
}

/** The systems with a UPF station or fortress not destroyed. */
export function systemsWithStations(state: SatharWarState): Set<string> {
  return new Set(
    Object.values(state.stations)
      .filter((s) => s.destroyedDay === undefined)
      .map((s) => s.system),
  );
}

/** The graph's edges: each place with the places next to it (both ways along every chain). */
function edges(state: SatharWarState, side: Side): Map<PlaceKey, PlaceKey[]> {
  const adj = new Map<PlaceKey, PlaceKey[]>();
  const link = (a: PlaceKey, b: PlaceKey) => {
    adj.set(a, [...(adj.get(a) ?? []), b]);
    adj.set(b, [...(adj.get(b) ?? []), a]);
  };
  for (const route of state.map.routes) {
    let prev = systemKey(route.a);
    for (let box = 1; box <= route.boxes; box++) {
      link(prev, boxKey(route.id, box));
      prev = boxKey(route.id, box);
    }
    link(prev, systemKey(route.b));
  }
  if (side === "sathar") {
    for (const circle of state.map.circles) {
      let prev = circleKey(circle.id);
      for (let box = 1; box <= circle.redBoxes; box++) {
        link(prev, redKey(circle.id, box));
        prev = redKey(circle.id, box);
      }
      link(prev, systemKey(circle.system));
    }
  }
  return adj;
}

/**
 * Every place of the graph from which `side` can trace supply (see the module comment): a breadth-first search
 * from the sources that enters a blocked system but does not leave it.
 */
export function suppliedPlaces(state: SatharWarState, side: Side): Set<PlaceKey> {
  const blocked =
    side === "upf" ? systemsHeldBy(state, "sathar") : new Set([...systemsHeldBy(state, "upf"), ...systemsWithStations(state)]);
  const sources: PlaceKey[] =
    side === "upf"
      ? [
          ...new Set(
            Object.values(state.stations)
              .filter((s) => s.type === "fortress" && s.destroyedDay === undefined)
              .map((s) => systemKey(s.system)),
          ),
        ]
      : state.map.circles.map((c) => circleKey(c.id));
  const isBlocked = (p: PlaceKey) => p.startsWith("system:") && blocked.has(p.slice("system:".length));
  const adj = edges(state, side);
  const seen = new Set<PlaceKey>(sources);
  const queue = sources.filter((p) => !isBlocked(p));
  while (queue.length > 0) {
    const p = queue.shift() as PlaceKey;
    for (const q of adj.get(p) ?? []) {
      if (seen.has(q)) continue;
      seen.add(q);
      if (!isBlocked(q)) queue.push(q);
    }
  }
  return seen;
}

/** Is this ship in supply now? (Off the map: no.) */
export function inSupply(state: SatharWarState, ship: Ship, supplied?: Set<PlaceKey>): boolean {
  const place = placeOf(state, ship);
  if (place === undefined) return false;
  return (supplied ?? suppliedPlaces(state, ship.side)).has(place);
}
