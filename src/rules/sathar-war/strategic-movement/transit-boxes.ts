/**
 * Transit boxes as positions (seed 000 "Transit Boxes", "Using The Transit Boxes"): a ship in a route is counted by
 * its *progress*, the boxes it has entered since it left the system behind it (1 = the first box, `boxes + 1` = the
 * starburst it is heading to). Its jump box is the dark blue box whose arrow points its way; a ship has jumped once it
 * enters that box (000:329); the other dark blue box "is treated as a normal transit box".
 */
import type { FrontierMap, Route, StartCircle } from "../deployment-map/map.js";
import type { Location, SatharWarState } from "../model.js";

export type TransitAt = Extract<Location, { kind: "transit" }>;
export type RedAt = Extract<Location, { kind: "red" }>;

export function routeById(map: FrontierMap, id: string): Route | undefined {
  return map.routes.find((r) => r.id === id);
}

/** The route joining two systems, if there is one. */
export function routeJoining(map: FrontierMap, a: string, b: string): Route | undefined {
  return map.routes.find((r) => (r.a === a && r.b === b) || (r.a === b && r.b === a));
}

export function circleById(map: FrontierMap, id: string): StartCircle | undefined {
  return map.circles.find((c) => c.id === id);
}

/** The system a ship heading to `toward` left. */
export function leftFrom(route: Route, toward: string): string {
  return toward === route.b ? route.a : route.b;
}

/** Boxes entered since leaving (box numbers count from `route.a`). */
export function progressOf(route: Route, toward: string, box: number): number {
  return toward === route.b ? box : route.boxes - box + 1;
}

/** The box at a progress. */
export function boxAt(route: Route, toward: string, progress: number): number {
  return toward === route.b ? progress : route.boxes - progress + 1;
}

/** The progress of the jump box for a ship heading to `toward`. */
export function jumpProgress(route: Route, toward: string): number {
  return toward === route.b ? route.jumpToB : progressOf(route, toward, route.jumpToA);
}

/** The progress at which a ship enters the starburst it is heading to. */
export function arrivalProgress(route: Route): number {
  return route.boxes + 1;
}

/**
 * Days still needed to reach the starburst at `rate` boxes a day: to the jump box (where a risk-jumping ship must stop,
 * 000:352), then on to the star.
 */
export function daysToArrive(route: Route, toward: string, progress: number, jumped: boolean, rate: number): number {
  const end = arrivalProgress(route);
  if (jumped) return Math.ceil((end - progress) / rate);
  const jp = Math.max(jumpProgress(route, toward), progress + 1);
  return Math.ceil((jp - progress) / rate) + Math.ceil((end - jp) / rate);
}

/**
 * The planet ships arriving in a system go to: the one asked for if it is in the system, else the system's first planet
 * with a standing station (the defended planet), else its first planet (RULINGS "Strategic movement": arrival).
 */
export function arrivalPlanet(state: SatharWarState, system: string, wanted?: string): string {
  const sys = state.map.systems.find((s) => s.id === system);
  if (!sys || sys.planets.length === 0) return wanted ?? system;
  if (wanted && sys.planets.some((p) => p.id === wanted)) return wanted;
  const standing = (planet: string) => Object.values(state.stations).some((st) => st.planet === planet && st.destroyedDay === undefined);
  return (sys.planets.find((p) => standing(p.id)) ?? sys.planets[0]!).id;
}

/** A place in words: "Prenglar (Morgaine's World)", "box 3 of 7 Prenglar→Cassidine". */
export function describe(map: FrontierMap, loc: Location): string {
  const sysName = (id: string) => map.systems.find((s) => s.id === id)?.name ?? id;
  const planetName = (id: string) => map.systems.flatMap((s) => s.planets).find((p) => p.id === id)?.name ?? id;
  switch (loc.kind) {
    case "system":
      return `${sysName(loc.system)} (${planetName(loc.planet)})`;
    case "transit": {
      const route = routeById(map, loc.route);
      if (!route) return `route ${loc.route}`;
      const p = progressOf(route, loc.toward, loc.box);
      const rj = loc.rate > 1 ? ` at RJ${loc.rate}` : "";
      return `transit box ${p} of ${route.boxes} from ${sysName(leftFrom(route, loc.toward))} to ${sysName(loc.toward)}${
        loc.jumped ? ", jumped" : ""
      }${rj}${loc.coasting ? ", coasting" : ""}${loc.planet ? `, for ${planetName(loc.planet)}` : ""}`;
    }
    case "red": {
      const c = circleById(map, loc.circle);
      return `red box ${loc.box} of ${c?.redBoxes ?? "?"} of ${c?.name ?? loc.circle}${loc.outbound ? ", outbound" : ""}${
        loc.rate ? ` at RJ${loc.rate}` : ""
      }${loc.planet ? `, for ${planetName(loc.planet)}` : ""}`;
    }
    case "circle":
      return circleById(map, loc.circle)?.name ?? loc.circle;
    default:
      return loc.kind;
  }
}
