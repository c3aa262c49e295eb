/**
 * Militia Ships (seed 000:398-403): home system or a neighbouring one, never away while home is imminently
 * threatened, back home as quickly as possible when it becomes threatened; deputised by Spacefleet once every station
 * of the home system is destroyed.
 */
import { neighbours, systemOfPlanet } from "../deployment-map/map.js";
import type { SatharWarState, Ship } from "../model.js";

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
  if (destination !== home && imminentlyThreatened(state, home)) {
    return inHome
      ? {
          code: "home-threatened",
          message: `${ship.id}'s home system ${home} is imminently threatened: its militia may not leave (000:400, C.2 #31)`,
        }
      : {
          code: "militia-must-return",
          message: `${ship.id}'s home system ${home} is imminently threatened: it must return home as quickly as possible (000:400)`,
        };
  }
  return undefined;
}
