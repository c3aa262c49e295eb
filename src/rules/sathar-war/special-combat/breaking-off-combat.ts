/**
 * Seed 000 "Breaking Off Combat", its map side.
 *
 * - "When the fleeing ships are beyond the range of the pursuers' weapons, they have escaped and are placed in a
 *   transit box adjacent to the star system. The victorious ships are placed in the system box where the battle was
 *   fought. The ships resume normal movement on the following turn." An escaper goes to the first box of a route away
 *   from the system, heading away at one box a day (C.2 #27: the fleeing player's choice). The choice is the seat's
 *   stance `escapeToward` (a neighbouring system, or for the Sathar a start circle of this system: its red box next
 *   to the system, outbound); unset or not adjacent, the route toward the nearest system with a standing UPF station
 *   (UPF; not the battle's system) or the nearest start circle (Sathar), counted in boxes (RULINGS). The UPF never
 *   flee into red boxes (C.2 #27).
 * - "Fighters can break off combat, but they cannot enter a transit box unless they are being carried aboard an
 *   assault carrier. Fighters not aboard a carrier or station when the 'Day' marker is advanced are destroyed
 *   automatically": `strandFighters`, run as the Time Record advances.
 */
import { type FrontierMap, otherEnd, type Route, routesFrom } from "../deployment-map/map.js";
import { type SwEvent, swEvent } from "../events.js";
import type { Location, Loss, SatharWarState, Ship, Side } from "../model.js";

/** Boxes from each system to the nearest goal, along routes (and red boxes for start circles); Dijkstra, small map. */
function distances(map: FrontierMap, goals: ReadonlyMap<string, number>): Map<string, number> {
  const dist = new Map(goals);
  const done = new Set<string>();
  for (;;) {
    let at: string | undefined;
    for (const [s, d] of dist) if (!done.has(s) && (at === undefined || d < dist.get(at)!)) at = s;
    if (at === undefined) return dist;
    done.add(at);
    for (const r of routesFrom(map, at)) {
      const next = otherEnd(r, at);
      const d = dist.get(at)! + r.boxes;
      if (d < (dist.get(next) ?? Number.POSITIVE_INFINITY)) dist.set(next, d);
    }
  }
}

/** The first box of `route` leaving `from`, heading away at one box a day. */
export function firstBoxAway(route: Route, from: string): Location {
  const toward = otherEnd(route, from);
  const box = route.a === from ? 1 : route.boxes;
  const jumped = route.a === from ? box === route.jumpToB : box === route.jumpToA;
  return { kind: "transit", route: route.id, box, toward, rate: 1, jumped };
}

/**
 * Where a ship of `side` that broke off in `system` is placed: the seat's `escapeToward` if it names a way out of
 * this system, else toward the nearest friendly station (UPF) or start circle (Sathar); a system with no way out
 * keeps the ship (undefined).
 */
export function escapeLocation(state: SatharWarState, side: Side, system: string, toward?: string): Location | undefined {
  const map = state.map;
  const routes = routesFrom(map, system);
  const circles = side === "sathar" ? map.circles.filter((c) => c.system === system) : [];
  if (toward !== undefined) {
    const route = routes.find((r) => otherEnd(r, system) === toward);
    if (route) return firstBoxAway(route, system);
    const circle = circles.find((c) => c.id === toward);
    if (circle) return { kind: "red", circle: circle.id, box: circle.redBoxes, outbound: true };
  }
  const goals = new Map<string, number>();
  if (side === "upf") {
    for (const st of Object.values(state.stations)) if (st.destroyedDay === undefined && st.system !== system) goals.set(st.system, 0);
  } else {
    for (const c of map.circles) goals.set(c.system, Math.min(goals.get(c.system) ?? Number.POSITIVE_INFINITY, c.redBoxes));
  }
  const dist = distances(map, goals);
  let best: { loc: Location; cost: number } | undefined;
  for (const c of circles)
    if (!best || c.redBoxes < best.cost) best = { loc: { kind: "red", circle: c.id, box: c.redBoxes, outbound: true }, cost: c.redBoxes };
  for (const r of routes) {
    const cost = r.boxes + (dist.get(otherEnd(r, system)) ?? Number.POSITIVE_INFINITY);
    if (!best || cost < best.cost) best = { loc: firstBoxAway(r, system), cost };
  }
  if (best && Number.isFinite(best.cost)) return best.loc;
  const first = routes[0];
  return first ? firstBoxAway(first, system) : undefined;
}

/**
 * At the day's end (the "Day" marker advanced), every fighter on the map that is not aboard a carrier still in the
 * war or a standing station is destroyed: each is a loss (`how: "stranded"`; C.2 #24 counts it as lost). Fighters
 * in the Sathar reserve, off the map with NOVA or in the Void are not on the map and are left alone.
 */
export function strandFighters(state: SatharWarState): { state: SatharWarState; events: SwEvent[] } {
  const next = { ...state, ships: structuredClone(state.ships), losses: [...state.losses] };
  const events: SwEvent[] = [];
  const lost: Ship[] = [];
  for (const ship of Object.values(next.ships)) {
    if (ship.cls !== "FT") continue;
    const loc = ship.location;
    if (loc.kind === "gone" || loc.kind === "reserve" || loc.kind === "offmap" || loc.kind === "void") continue;
    if (loc.kind === "aboard") {
      const carrier = loc.carrier !== undefined ? next.ships[loc.carrier] : undefined;
      const station = loc.station !== undefined ? next.stations[loc.station] : undefined;
      if (carrier && carrier.location.kind !== "gone") continue;
      if (station && station.destroyedDay === undefined) continue;
    }
    lost.push(ship);
  }
  for (const ship of lost) {
    ship.location = { kind: "gone", how: "stranded", day: next.day };
    const loss: Loss = {
      ship: ship.id,
      side: ship.side,
      cls: ship.cls,
      militia: ship.militiaOf !== undefined,
      day: next.day,
      how: "stranded",
    };
    next.losses.push(loss);
  }
  if (lost.length > 0)
    events.push(
      swEvent(
        "stranded",
        next.day,
        "Day's end",
        `${lost.map((s) => s.id).join(", ")}: fighters not aboard a carrier or station when the Day marker advances are destroyed (seed 000 "Breaking Off Combat")`,
        { ships: lost.map((s) => s.id) },
      ),
    );
  return { state: next, events };
}
