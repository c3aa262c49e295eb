/**
 * Who fights: the orders of battle and the stations (seed 000 "ORDERS OF BATTLE: THE OPPOSING SHIPS", "UPF
 * Spacefleet Fortresses", "Fortified and Armed Space Stations", "REPAIR CAPACITY TABLE"; seed 002 for the Sathar
 * counts, the only copy that keeps them: reference/sathar-war-notes.md C.1 #1).
 */
import type { ShipClass, StationType } from "./ship-classes.js";

/** The two sides of the war. */
export type Side = "sathar" | "upf";

/** A force of ships that starts together: a task force, the non-attached ships, a planet's militia, the Sathar. */
export interface ForceSpec {
  /** Short prefix of its ships' ids: "TFC" makes "TFC-BB1". */
  prefix: string;
  name: string;
  side: Side;
  /** How many of each class. */
  ships: Partial<Record<ShipClass, number>>;
  /** Militia: the home planet (they start docked at its station, seed 000 "Planetary Militia Order of Battle"). */
  militiaOf?: string;
  /** Where it starts, as the seeds say (planet id), or "anywhere", "offmap" (SF NOVA), "reserve" (the Sathar). */
  start: string;
  /** The counters' colours (militia: seed 000 prints them). */
  colours?: string;
}

/** Seed 002 "25 fighters, 8 frigates, 15 destroyers, 7 light cruisers, 8 heavy cruisers, 4 assault carriers". */
export const SATHAR: ForceSpec = {
  prefix: "S",
  name: "Sathar",
  side: "sathar",
  ships: { FT: 25, FF: 8, DD: 15, LC: 7, HC: 8, AC: 4 },
  start: "reserve",
};

/** Seed 000 "UPF Spacefleet Order Of Battle". TF Prenglar as read: one minelayer, one assault carrier (C.2 #10). */
export const SPACEFLEET: readonly ForceSpec[] = [
  {
    prefix: "TFC",
    name: "Task Force Cassidine",
    side: "upf",
    ships: { FT: 6, AS: 3, FF: 2, LC: 1, HC: 1, BB: 1, AC: 1, ML: 1 },
    start: "triad",
  },
  {
    prefix: "TFP",
    name: "Task Force Prenglar",
    side: "upf",
    ships: { ML: 1, AS: 5, FF: 3, DD: 2, LC: 3, BB: 1, AC: 1 },
    start: "morgaines-world",
  },
  { prefix: "SFN", name: "Strike Force NOVA", side: "upf", ships: { FT: 6, AS: 3, FF: 2, DD: 1, LC: 2, BB: 1, AC: 1 }, start: "offmap" },
  { prefix: "NA", name: "Non-Attached Ships", side: "upf", ships: { FT: 4, AS: 3, ML: 1, DD: 2, LC: 2 }, start: "anywhere" },
];

/** Seed 000 "Planetary Militia Order of Battle" (Zik-kit: two assault scouts, as read, C.2 #11). */
export const MILITIA: readonly ForceSpec[] = [
  {
    prefix: "M-GOL",
    name: "Gollywog Militia",
    side: "upf",
    ships: { AS: 3, FF: 1 },
    militiaOf: "gollywog",
    start: "gollywog",
    colours: "black on light green",
  },
  {
    prefix: "M-HAR",
    name: "Hargut Militia",
    side: "upf",
    ships: { AS: 2 },
    militiaOf: "hargut",
    start: "hargut",
    colours: "black on dark green",
  },
  {
    prefix: "M-HEN",
    name: "Hentz Militia",
    side: "upf",
    ships: { AS: 3, FF: 1 },
    militiaOf: "hentz",
    start: "hentz",
    colours: "black on dark blue",
  },
  {
    prefix: "M-INR",
    name: "Inner Reach Militia",
    side: "upf",
    ships: { AS: 3, FF: 1, DD: 1 },
    militiaOf: "inner-reach",
    start: "inner-reach",
    colours: "black on orange",
  },
  {
    prefix: "M-KEN",
    name: "Ken'zah Kit Militia",
    side: "upf",
    ships: { AS: 2 },
    militiaOf: "kenzah-kit",
    start: "kenzah-kit",
    colours: "black on purple",
  },
  {
    prefix: "M-MIN",
    name: "Minotaur Militia",
    side: "upf",
    ships: { AS: 4, FF: 1, DD: 1 },
    militiaOf: "minotaur",
    start: "minotaur",
    colours: "black on yellow",
  },
  {
    prefix: "M-OUR",
    name: "Outer Reach Militia",
    side: "upf",
    ships: { AS: 2, FF: 2 },
    militiaOf: "outer-reach",
    start: "outer-reach",
    colours: "black on lt. orange",
  },
  {
    prefix: "M-PAL",
    name: "Pale Militia",
    side: "upf",
    ships: { AS: 3, FF: 1 },
    militiaOf: "pale",
    start: "pale",
    colours: "black on gray",
  },
  {
    prefix: "M-TER",
    name: "Terledrom Militia",
    side: "upf",
    ships: { AS: 3, FF: 1 },
    militiaOf: "terledrom",
    start: "terledrom",
    colours: "black on brown",
  },
  {
    prefix: "M-ZIK",
    name: "Zik-kit Militia",
    side: "upf",
    ships: { AS: 2 },
    militiaOf: "zik-kit",
    start: "zik-kit",
    colours: "black on tan",
  },
];

export interface StationSpec {
  /** "st-" and the planet's id. */
  id: string;
  name: string;
  type: StationType;
  planet: string;
  /** Hull points a day its spaceship construction centre repairs (seed 000 "REPAIR CAPACITY TABLE"), if it has one. */
  scc?: number;
}

/** The 19 stations: 4 fortresses, 4 fortified, 11 armed (seed 000), with the 9 SCCs of the repair table. */
export const STATIONS: readonly StationSpec[] = [
  { id: "st-kdikit", name: "Fortress Kdikit", type: "fortress", planet: "kdikit" },
  { id: "st-gollywog", name: "Fortress Redoubt", type: "fortress", planet: "gollywog", scc: 10 },
  { id: "st-morgaines-world", name: "Fortress Gollwin", type: "fortress", planet: "morgaines-world" },
  { id: "st-pale", name: "Fortress Pale", type: "fortress", planet: "pale", scc: 10 },
  { id: "st-minotaur", name: "Minotaur Station", type: "fortified", planet: "minotaur", scc: 20 },
  { id: "st-kenzah-kit", name: "Ken'zah Kit Station", type: "fortified", planet: "kenzah-kit" },
  { id: "st-hentz", name: "Hentz Station", type: "fortified", planet: "hentz", scc: 20 },
  { id: "st-gran-quivera", name: "Gran Quivera Station", type: "fortified", planet: "gran-quivera", scc: 40 },
  { id: "st-kawdl-kit", name: "Kawdl-Kit Station", type: "armed", planet: "kawdl-kit" },
  { id: "st-zik-kit", name: "Zik-kit Station", type: "armed", planet: "zik-kit" },
  { id: "st-groth", name: "Groth Station", type: "armed", planet: "groth" },
  { id: "st-terledrom", name: "Terledrom Station", type: "armed", planet: "terledrom", scc: 20 },
  { id: "st-new-pale", name: "New Pale Station", type: "armed", planet: "new-pale" },
  { id: "st-inner-reach", name: "Inner Reach Station", type: "armed", planet: "inner-reach" },
  { id: "st-outer-reach", name: "Outer Reach Station", type: "armed", planet: "outer-reach", scc: 10 },
  { id: "st-ruperts-hole", name: "Rupert's Hole Station", type: "armed", planet: "ruperts-hole", scc: 10 },
  { id: "st-triad", name: "Triad Station", type: "armed", planet: "triad", scc: 40 },
  { id: "st-hargut", name: "Hargut Station", type: "armed", planet: "hargut" },
  { id: "st-lossend", name: "Lossend Station", type: "armed", planet: "lossend" },
];

/** Strike Force NOVA placement, 1d10 (seed 000 "STRIKE FORCE NOVA PLACEMENT"; a roll of 0 is 10). Index: the roll. */
export const NOVA_PLACEMENT: Readonly<Record<number, string>> = {
  1: "gran-quivera",
  2: "gran-quivera",
  3: "gran-quivera",
  4: "pale",
  5: "inner-reach",
  6: "terledrom",
  7: "zik-kit",
  8: "kenzah-kit",
  9: "gollywog",
  10: "kawdl-kit",
};

/** Safe-jump chance in percent, by who jumps and how many boxes a day (seed 000 "MISJUMP PROBABILITY TABLE"). */
export const SAFE_JUMP: Readonly<Record<"battleship" | "spacefleet" | "sathar" | "militia", { 2: number; 3: number }>> = {
  battleship: { 2: 95, 3: 90 },
  spacefleet: { 2: 90, 3: 70 },
  sathar: { 2: 90, 3: 70 },
  militia: { 2: 70, 3: 50 },
};
