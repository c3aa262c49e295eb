/**
 * Militia Ships (seed 000:398-403): home system or a neighbouring one, never away while home is imminently
 * threatened, back home as quickly as possible when it becomes threatened; deputised by Spacefleet once every station
 * of the home system is destroyed.
 */
import { neighbours, otherEnd, routesFrom, systemOfPlanet } from "../deployment-map/map.js";
import { daysFrom } from "../deployment-map/paths.js";
import type { SatharWarState, Ship } from "../model.js";
import { daysToArrive, leftFrom, progressOf, routeById } from "./transit-boxes.js";

/**
 * "A system is 'imminently threatened' if Sathar ships have emerged from the Void inside that system" (000:400). Read
 * (C.2 #31): from the moment Sathar ships are in a start circle leading to it or in that circle's red boxes (the
 * circle "is actually inside" its system, 000:230) until no Sathar ship remains there or in the system itself.
 */
export function imminentlyThreatened(state: SatharWarState, system: string): boolean {
  const circles = new Set(state.map.circles.filter((c) => c.system === system).map((c) => c.id));
  return Object.values(state.ships).some((s) => {
    if (s.side !== "sathar") return false;
    const at = s.location;
    if (at.kind === "system") return at.system === system;
    if (at.kind === "circle" || at.kind === "red") return circles.has(at.circle);
    return false;
  });
}

/** The militia ship's home system id (undefined for other ships or a planet missing from the map). */
export function homeSystem(state: SatharWarState, ship: Ship): string | undefined {
  return ship.militiaOf ? systemOfPlanet(state.map, ship.militiaOf)?.id : undefined;
}

/** Every station of the home system destroyed: the militia "can move as Spacefleet ships" (000:403). */
export function deputised(state: SatharWarState, ship: Ship): boolean {
  const home = homeSystem(state, ship);
  if (!home) return false;
  const stations = Object.values(state.stations).filter((st) => st.system === home);
  return stations.length > 0 && stations.every((st) => st.destroyedDay !== undefined);
}

/** Is the ship held by the militia limits (a militia ship not deputised)? */
export function boundToHome(state: SatharWarState, ship: Ship): boolean {
  return ship.militiaOf !== undefined && !deputised(state, ship);
}

/**
 * The quickest way home (000:400 "those ships must return home as quickly as possible"; E.14) for a militia ship bound
 * to its home (not deputised) while home is imminently threatened and the ship is away from it; undefined otherwise
 * (no return is due, or it is home). Counted in days at one box a day (paths.ts `daysFrom`), the rate being the
 * player's (RULINGS "Militia"): in a system, the neighbours on a shortest way home (`to`); in a transit box, whether
 * going on or turning back (`reverse`, refused to a ship risk-jumping before its jump box, 000:352) gets it home
 * sooner. Ties allow both; the first listed is the default (going on, the neighbour first in id order).
 */
export function wayHome(
  state: SatharWarState,
  ship: Ship,
): { kind: "system"; to: string[] } | { kind: "transit"; actions: ("advance" | "reverse")[] } | undefined {
  if (!boundToHome(state, ship)) return undefined;
  const home = homeSystem(state, ship);
  if (!home || !imminentlyThreatened(state, home)) return undefined;
  const at = ship.location;
  const back = daysFrom(state.map, home);
  const days = (system: string) => back.get(system) ?? Number.POSITIVE_INFINITY;
  if (at.kind === "system") {
    if (at.system === home) return undefined;
    const options = routesFrom(state.map, at.system).map((r) => ({
      to: otherEnd(r, at.system),
      days: r.boxes + 1 + days(otherEnd(r, at.system)),
    }));
    const best = Math.min(...options.map((o) => o.days));
    const to = options
      .filter((o) => o.days === best && Number.isFinite(best))
      .map((o) => o.to)
      .sort();
    return to.length > 0 ? { kind: "system", to } : undefined;
  }
  if (at.kind !== "transit") return undefined;
  const route = routeById(state.map, at.route);
  if (!route) return undefined;
  const p = progressOf(route, at.toward, at.box);
  const preRj = !at.jumped && at.rate > 1;
  const goOn = daysToArrive(route, at.toward, p, at.jumped, preRj ? at.rate : 1) + days(at.toward);
  // Turning back takes it to the system it left in `p` days: the boxes it has crossed, one a day (000:222).
  const turn = preRj ? Number.POSITIVE_INFINITY : p + days(leftFrom(route, at.toward));
  const actions: ("advance" | "reverse")[] = [];
  if (goOn <= turn) actions.push("advance");
  if (turn <= goOn) actions.push("reverse");
  return { kind: "transit", actions };
}

/**
 * Why a militia ship may not head for `destination` (a system id) from where it is, or undefined. `inHome`: it is in its
 * home system's starburst now. Codes: `militia-range` (beyond home's neighbours), `home-threatened` (may not leave a
 * threatened home), `militia-must-return` (away from a threatened home and not heading there).
 */
export function militiaRefusal(
  state: SatharWarState,
  ship: Ship,
  destination: string,
  inHome: boolean,
): { code: string; message: string } | undefined {
  if (!boundToHome(state, ship)) return undefined;
  const home = homeSystem(state, ship);
  if (!home) return undefined;
  const near = neighbours(state.map, home);
  if (destination !== home && !near.includes(destination)) {
    return {
      code: "militia-range",
      message: `${ship.id} is ${ship.militiaOf} militia: it may go only to its home system or a neighbouring one (${[home, ...near].join(", ")}) until deputised (000:400-403)`,
    };
  }
  if (destination !== home && imminentlyThreatened(state, home) && inHome) {
    return {
      code: "home-threatened",
      message: `${ship.id}'s home system ${home} is imminently threatened: its militia may not leave (000:400, C.2 #31)`,
    };
  }
  const way = inHome ? undefined : wayHome(state, ship);
  if (way?.kind === "system" && !way.to.includes(destination)) {
    return {
      code: "militia-must-return",
      message: `${ship.id}'s home system ${home} is imminently threatened: it must return home as quickly as possible (000:400), toward ${way.to.join(" or ")}`,
    };
  }
  if (way === undefined && destination !== home && imminentlyThreatened(state, home)) {
    return {
      code: "militia-must-return",
      message: `${ship.id}'s home system ${home} is imminently threatened: it must return home as quickly as possible (000:400)`,
    };
  }
  return undefined;
}
