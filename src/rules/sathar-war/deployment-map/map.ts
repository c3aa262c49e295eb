/**
 * The Frontier Deployment Map as data (seed 000 "THE FRONTIER DEPLOYMENT MAP"): star systems with one or two
 * planets, the routes of light blue transit boxes between them with a dark blue jump box for each direction,
 * and the Sathar Start Circles with their light red boxes leading into a system.
 *
 * The seeds print no geometry (reference/sathar-war-notes.md D.9, E.2): the default map (`frontier.ts`) is a
 * candidate built from the Frontier's published coordinates, and any other map of this shape can be loaded.
 */

export interface Planet {
  /** A slug: "morgaines-world". */
  id: string;
  name: string;
}

export interface StarSystem {
  id: string;
  name: string;
  planets: Planet[];
  /** Where it is drawn (the map's own units, about light years). */
  x: number;
  y: number;
}

/**
 * A route of transit boxes between two systems, `a` and `b`. Boxes are numbered 1..boxes from `a`. A ship heading
 * to `b` has jumped when it enters box `jumpToB` (its dark blue box with the arrow pointing its way); heading to
 * `a`, when it enters box `jumpToA` (seed 000 "Using The Transit Boxes").
 */
export interface Route {
  /** "prenglar~cassidine": the two system ids in map order. */
  id: string;
  a: string;
  b: string;
  boxes: number;
  jumpToB: number;
  jumpToA: number;
}

/**
 * A Sathar Start Circle and its light red boxes into `system` (seed 000 "Sathar Start Circles"): boxes are
 * numbered 1..redBoxes from the circle; a ship in the last box enters the system next.
 */
export interface StartCircle {
  id: string;
  name: string;
  system: string;
  redBoxes: number;
  x: number;
  y: number;
}

export interface FrontierMap {
  name: string;
  /** Where its geometry comes from (a map file says). */
  source: string;
  systems: StarSystem[];
  routes: Route[];
  circles: StartCircle[];
}

/** The route's other end. */
export function otherEnd(route: Route, system: string): string {
  return route.a === system ? route.b : route.a;
}

/** The routes leaving a system, in map order. */
export function routesFrom(map: FrontierMap, system: string): Route[] {
  return map.routes.filter((r) => r.a === system || r.b === system);
}

/** The systems one route away. */
export function neighbours(map: FrontierMap, system: string): string[] {
  return routesFrom(map, system).map((r) => otherEnd(r, system));
}

/** The system a planet is in, or undefined. */
export function systemOfPlanet(map: FrontierMap, planet: string): StarSystem | undefined {
  return map.systems.find((s) => s.planets.some((p) => p.id === planet));
}
