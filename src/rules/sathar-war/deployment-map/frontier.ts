/**
 * The default Frontier Deployment Map.
 *
 * Systems and planets: the seeds name fourteen systems with stations or militia (seed 000 "Planetary Militia
 * Order of Battle", "UPF Spacefleet Fortresses", "Fortified and Armed Space Stations", "REPAIR CAPACITY TABLE").
 * The seeds print neither the map's routes nor its box counts (reference/sathar-war-notes.md C.2 #40, D.9, E.2).
 * The routes, the four systems without stations (Dixon's Star, Zebulon, Athor, Scree Fron) and the coordinates
 * are the Frontier's published geography as the dagorym/SSW program draws it; the box counts are this project's
 * choice (RULINGS.md "The map's geometry"): a route has as many transit boxes as its length in light years,
 * rounded, with the two jump boxes in its middle; a start circle has as many red boxes as its distance to the
 * system, rounded.
 */
import type { FrontierMap, Route, StarSystem, StartCircle } from "./map.js";

const SYSTEMS: StarSystem[] = [
  {
    id: "prenglar",
    name: "Prenglar",
    x: 19,
    y: 20,
    planets: [
      { id: "gran-quivera", name: "Gran Quivera" },
      { id: "morgaines-world", name: "Morgaine's World" },
    ],
  },
  {
    id: "cassidine",
    name: "Cassidine",
    x: 19,
    y: 13,
    planets: [
      { id: "triad", name: "Triad" },
      { id: "ruperts-hole", name: "Rupert's Hole" },
    ],
  },
  { id: "dixons-star", name: "Dixon's Star", x: 15, y: 17, planets: [{ id: "laco", name: "Laco" }] },
  {
    id: "truanes-star",
    name: "Truane's Star",
    x: 14,
    y: 12,
    planets: [
      { id: "pale", name: "Pale" },
      { id: "new-pale", name: "New Pale" },
    ],
  },
  { id: "zebulon", name: "Zebulon", x: 10, y: 9, planets: [{ id: "volturnus", name: "Volturnus" }] },
  { id: "athor", name: "Athor", x: 8, y: 21, planets: [{ id: "yast", name: "Yast" }] },
  { id: "araks", name: "Araks", x: 2, y: 26, planets: [{ id: "hentz", name: "Hentz" }] },
  {
    id: "scree-fron",
    name: "Scree Fron",
    x: 2,
    y: 15,
    planets: [
      { id: "histran", name: "Histran" },
      { id: "hakosoar", name: "Hakosoar" },
    ],
  },
  { id: "gruna-garu", name: "Gruna Garu", x: 10, y: 31, planets: [{ id: "hargut", name: "Hargut" }] },
  { id: "timeon", name: "Timeon", x: 23, y: 27, planets: [{ id: "lossend", name: "Lossend" }] },
  { id: "white-light", name: "White Light", x: 31, y: 21, planets: [{ id: "gollywog", name: "Gollywog" }] },
  { id: "theseus", name: "Theseus", x: 35, y: 30, planets: [{ id: "minotaur", name: "Minotaur" }] },
  { id: "madderlys-star", name: "Madderly's Star", x: 26, y: 15, planets: [{ id: "kdikit", name: "Kdikit" }] },
  { id: "ktsa-kar", name: "K'tsa-Kar", x: 33, y: 15, planets: [{ id: "kawdl-kit", name: "Kawdl-Kit" }] },
  { id: "kaken-kar", name: "K'aken-Kar", x: 36, y: 11, planets: [{ id: "kenzah-kit", name: "Ken'zah Kit" }] },
  { id: "kizk-kar", name: "Kizk'-Kar", x: 32, y: 5, planets: [{ id: "zik-kit", name: "Zik-kit" }] },
  {
    id: "fromeltar",
    name: "Fromeltar",
    x: 24,
    y: 4,
    planets: [
      { id: "groth", name: "Groth" },
      { id: "terledrom", name: "Terledrom" },
    ],
  },
  {
    id: "dramune",
    name: "Dramune",
    x: 22,
    y: 11,
    planets: [
      { id: "inner-reach", name: "Inner Reach" },
      { id: "outer-reach", name: "Outer Reach" },
    ],
  },
];

const LINKS: [string, string][] = [
  ["prenglar", "cassidine"],
  ["prenglar", "dixons-star"],
  ["dixons-star", "truanes-star"],
  ["truanes-star", "zebulon"],
  ["prenglar", "athor"],
  ["athor", "araks"],
  ["araks", "scree-fron"],
  ["araks", "gruna-garu"],
  ["prenglar", "gruna-garu"],
  ["prenglar", "timeon"],
  ["timeon", "white-light"],
  ["white-light", "theseus"],
  ["white-light", "madderlys-star"],
  ["madderlys-star", "cassidine"],
  ["white-light", "ktsa-kar"],
  ["ktsa-kar", "kaken-kar"],
  ["kaken-kar", "kizk-kar"],
  ["kizk-kar", "fromeltar"],
  ["fromeltar", "dramune"],
  ["dramune", "cassidine"],
];

/** Sathar Start Circles as the SSW program places them (the seeds confirm only Prenglar's, seed 000 "Sathar Start Circles"). */
const CIRCLES: { id: string; name: string; system: string; x: number; y: number }[] = [
  { id: "ssc-zebulon", name: "Start Circle Zebulon", system: "zebulon", x: 9, y: 5 },
  { id: "ssc-prenglar", name: "Start Circle Prenglar", system: "prenglar", x: 24, y: 19 },
  { id: "ssc-fromeltar", name: "Start Circle Fromeltar", system: "fromeltar", x: 20, y: 2 },
  { id: "ssc-kizk-kar", name: "Start Circle Kizk'-Kar", system: "kizk-kar", x: 33, y: 1 },
  { id: "ssc-ktsa-kar", name: "Start Circle K'tsa-Kar", system: "ktsa-kar", x: 34, y: 19 },
];

/** Light years between two points of the map, rounded to whole boxes (never fewer than two: one each side of the jump). */
export function boxesFor(x1: number, y1: number, x2: number, y2: number): number {
  return Math.max(2, Math.round(Math.hypot(x2 - x1, y2 - y1)));
}

function at(id: string): StarSystem {
  const s = SYSTEMS.find((x) => x.id === id);
  if (!s) throw new Error(`frontier map: no system ${id}`);
  return s;
}

/** A route whose jump boxes are its middle ones: the jump heading to b is box ⌈n/2⌉, heading to a box n-⌈n/2⌉+1. */
export function routeBetween(a: StarSystem, b: StarSystem): Route {
  const boxes = boxesFor(a.x, a.y, b.x, b.y);
  const half = Math.ceil(boxes / 2);
  return { id: `${a.id}~${b.id}`, a: a.id, b: b.id, boxes, jumpToB: half, jumpToA: boxes - half + 1 };
}

export const FRONTIER: FrontierMap = {
  name: "The Frontier (default)",
  source:
    "Systems, planets and stations: seed 000. Routes, coordinates and start circles: the dagorym/SSW program's Frontier map. Box counts: rounded light years (RULINGS.md \"The map's geometry\").",
  systems: SYSTEMS,
  routes: LINKS.map(([a, b]) => routeBetween(at(a), at(b))),
  circles: CIRCLES.map(
    (c): StartCircle => ({ ...c, redBoxes: Math.max(1, Math.round(Math.hypot(at(c.system).x - c.x, at(c.system).y - c.y))) }),
  ),
};
