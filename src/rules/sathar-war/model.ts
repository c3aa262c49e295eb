/**
 * The state of a Second Sathar War campaign (seeds 000 and 002): plain data, JSON as it is saved.
 *
 * The campaign is a sequence of steps, four a day in the seeds' order (seed 000 "STRATEGIC TURN SEQUENCE"):
 * the Sathar move (placing reinforcements first), the UPF move (placing Strike Force NOVA first), the Sathar
 * declare and fight their attacks, the UPF declare and fight theirs; then the Time Record advances. Before day 1
 * come the two set-up steps (seed 000 "SETTING UP THE GAME"): the UPF's, then the Sathar's.
 */

import type { BattleInput, KeptBattleshift } from "./battles/battle.js";
import type { FrontierMap } from "./deployment-map/map.js";
import type { RepairOrder } from "./orders.js";
import type { Side } from "./orders-of-battle/forces.js";
import type { Damage, Expendable, ShipClass, StationType } from "./orders-of-battle/ship-classes.js";

export type { Side } from "./orders-of-battle/forces.js";
export type { Damage } from "./orders-of-battle/ship-classes.js";

/**
 * The phases of a day, and the two set-up steps before day 1. `sathar-results` and `upf-results` come only when
 * battles are fought at the table (issue 12 way 3): after that side's attack step, its seats enter each battle's result.
 */
export const PHASES = [
  "upf-setup",
  "sathar-setup",
  "sathar-move",
  "upf-move",
  "sathar-attack",
  "upf-attack",
  "sathar-results",
  "upf-results",
] as const;
export type Phase = (typeof PHASES)[number];

/**
 * Where a ship is.
 * - `system`: in a star system's starburst, at one of its planets (reference E.4: a ship is always at a planet, for
 *   the one-planet-per-attack rule, rearming "at a planet" and docking).
 * - `transit`: in a transit box of a route (boxes numbered from the route's `a`), heading to `toward`, moving
 *   `rate` boxes a day (2 or 3: risk-jumping, under an RJ counter), `jumped` once it has entered its jump box.
 *   `coasting`: it kept its box on its last move (seed 000 "Transit Boxes"). `planet`: the planet of `toward` an
 *   order named for its arrival, kept until it arrives (RULINGS "Strategic movement": arrival).
 * - `red`: in a light red box of a start circle's path (numbered from the circle), heading to the system or out;
 *   `planet` as for `transit` (inbound); `rate` 2 or 3: outbound at a risk-jump rate (setting `movement.outboundRed`).
 * - `circle`: in a Sathar Start Circle, having emerged from the Void (or about to enter it: `outbound`, reached from its
 *   red boxes heading home; such a ship is not forced back into the red box, strategic-movement/RULINGS).
 * - `reserve`: Sathar not yet placed on the map (seed 000 "Sathar Set-Up").
 * - `offmap`: Strike Force NOVA and its ships before they are placed (seed 000 "Strike Force NOVA").
 * - `void`: a Sathar ship gone home to be repaired, back in a start circle on day `returnDay` (seed 000 "Sathar Repair").
 * - `aboard`: a fighter aboard a carrier (`carrier`: a ship id) or based at a station (`station`).
 * - `gone`: destroyed, misjumped, detonated (a shatter drone) or lost at day's end (a fighter left outside).
 */
export type Location =
  | { kind: "system"; system: string; planet: string; docked?: boolean }
  | {
      kind: "transit";
      route: string;
      box: number;
      toward: string;
      rate: 1 | 2 | 3;
      jumped: boolean;
      coasting?: boolean;
      planet?: string;
    }
  | { kind: "red"; circle: string; box: number; outbound: boolean; planet?: string; rate?: 2 | 3 }
  | { kind: "circle"; circle: string; outbound?: boolean }
  | { kind: "reserve" }
  | { kind: "offmap" }
  | { kind: "void"; returnDay: number }
  | { kind: "aboard"; carrier?: string; station?: string }
  | { kind: "gone"; how: LossCause; day: number };

/** How a ship left the war (reference C.2 #22-24: what counts as "lost" for the retreat conditions). */
export type LossCause = "destroyed" | "misjumped" | "detonated" | "stranded";

export interface Ship {
  /** "TFC-BB1", "S-DD07", "M-PAL-AS2". */
  id: string;
  /** As players call it: "Task Force Cassidine battleship", "Sathar destroyer 7". */
  name: string;
  side: Side;
  cls: ShipClass;
  /** The force it started in (ForceSpec.name); task forces may be regrouped freely (seed 000), this stays as a label. */
  force: string;
  /** The seat that commands it. */
  seat: string;
  /** Militia: the home planet. Deputised once every station of the home system is destroyed (seed 000 "Militia Ships"). */
  militiaOf?: string;
  location: Location;
  damage: Damage;
  /** Expendables spent since it last rearmed (seed 000 "SUPPLY"). */
  spent: Partial<Record<Expendable, number>>;
  /**
   * What only a station can mend now: "hull" after a failed post-battle hull repair, or a system that rolled 99/00
   * (seed 000 "REPAIR").
   */
  stationOnly?: string[];
  /** One of the side's two shatter drones (seed 000 "SHATTER DRONES (Optional)"). */
  drone?: boolean;
  /** A replacement for a ship lost earlier: that ship's id (seed 000 "REPLACEMENTS (Optional)"). */
  replaces?: string;
}

export interface Station {
  /** "st-" and its planet's id. */
  id: string;
  name: string;
  type: StationType;
  system: string;
  planet: string;
  /** Hull points repaired a day by its SCC (seed 000 "REPAIR CAPACITY TABLE"). */
  scc?: number;
  damage: Damage;
  spent: Partial<Record<Expendable, number>>;
  /** The day it was destroyed (it counts for victory and condition 4). */
  destroyedDay?: number;
}

/** How the campaign's battles are fought (issue 12 "Battles: three ways"). */
export type BattleMode = "quick" | "battleshift" | "table";

/** A campaign's options and the settings where the seeds are silent or garbled (each named in RULINGS.md). */
export interface Settings {
  /** Seed 000 "REPLACEMENTS (Optional)". */
  replacements: boolean;
  /** The d100 roll from which a Sathar ship is lost for good (garbled "6 or more": C.2 #1, default 36). */
  replacementFail: number;
  /** Seed 000 "SHATTER DRONES (Optional)". */
  shatterDrones: boolean;
  battles: BattleMode;
  /** Fighters an assault carrier holds (seed 000 gives 8 for the Sathar; RULINGS "Carrier capacity"). */
  carrierCapacity: number;
  /** A retreat with no fortress left: "sathar" wins (default) or "draw" (C.2 #25). */
  retreatWithNoFortress: "sathar" | "draw";
  /** Days after which the campaign ends as a draw if nothing else ended it (0: no limit; the seeds set none). */
  dayLimit: number;
  /** The other readings of strategic movement's unclear passages (RULINGS.md "Strategic movement"); absent: the defaults. */
  movement?: MovementSettings;
  /**
   * Retreat condition 4 ("A tenday passes without the Sathar destroying at least two stations ...") not checked at
   * the end of the first tenday, while the Sathar are still crossing the red boxes (C.2 #22's alternative; default
   * false: every calendar tendays counts).
   */
  firstTendayExempt?: boolean;
}

/** Strategic movement readings (each default first; RULINGS.md "Strategic movement"). */
export interface MovementSettings {
  /** After a risk jump: decelerate at any rate up to the jump's ("any", C.2 #16) or one box a day ("one", the SSW reading). */
  afterJump?: "any" | "one";
  /** "No more than half" of n ships placed: ⌊n/2⌋ ("down", C.2 #14) or ⌈n/2⌉ ("up"). */
  half?: "down" | "up";
  /** Sathar placed after day 1 may wait in their start circle (false: they must enter the red box that turn, C.2 #42). */
  reinforcementsWait?: boolean;
  /**
   * Militia returning home "as quickly as possible" (000:400, E.14): `"any"` (default) lets the player choose the rate,
   * risk-jumping or not, the quickest way home; `"fastest"` makes them go at the highest rate each ship may use.
   */
  militiaReturn?: "any" | "fastest";
  /**
   * Sathar heading out along the red boxes to a start circle (C.2 #43): `"one"` box a day (default) or at a
   * `"risk-jump"` rate (2 or 3 by ADF, kept to the circle, a misjump roll on entering it).
   */
  outboundRed?: "one" | "risk-jump";
}

/** A seat: the Sathar, or one of one to three UPF commands (seed 000 "Determining Sides"). */
export interface SeatSpec {
  id: string;
  name: string;
  side: Side;
}

/** A loss, for the retreat conditions (seed 000 "SATHAR RETREAT CONDITIONS") and replacements. */
export interface Loss {
  ship: string;
  side: Side;
  cls: ShipClass;
  militia: boolean;
  day: number;
  how: LossCause;
  /** A replacement was rolled or given for it (seed 000 "REPLACEMENTS"): "replaced" or "never". */
  replacement?: "replaced" | "never";
}

/** What happened this day so far. */
export interface Today {
  /** Ships that moved (left their box or planet, or were placed): they cannot rearm or be repaired today (000 "Rearming", "UPF Repairs"). */
  moved: string[];
  /** Ships that fought a battle today: they cannot rearm today (000 "Rearming": "If the ship is attacked and fights back, it is not rearmed"). */
  fought: string[];
  /** Sathar ships that attacked in this day's Sathar attack phase: the UPF may not attack them (000 "Declaring Combat"). */
  attacked: string[];
  /** Each seat's repair orders of the day, carried out at its end (000 "UPF Repairs"). */
  repairs?: Record<string, RepairOrder[]>;
}

/** How a seat's ships fight (the `stance` order; defaults in setting-up/create.ts). */
export interface Stance {
  breakOffAtHullLost: number;
  breakOffOutgunned: number;
  nearPlanet: boolean;
  detonateDrones: boolean;
  /**
   * Where its ships flee when they break off (seed 000 "Breaking Off Combat": "placed in a transit box adjacent to
   * the star system"; C.2 #27 the fleeing player's choice): a neighbouring system's id (the first box of the route
   * to it) or, for the Sathar, a start circle's id (its red box next to the system). Unset, or not adjacent to the
   * battle: toward the nearest friendly station (UPF) or start circle (Sathar), RULINGS "Special combat rules".
   */
  escapeToward?: string;
  /**
   * How the seat would have its battles fought (issue 12: "per battle when the seats agree"): a battle is fought this
   * way when every seat on both sides with ships in it names the same way; otherwise as the campaign's `battles`.
   */
  battleWay?: BattleMode;
}

/** A battle fought, kept for reports and replays. */
export interface BattleRecord {
  id: string;
  day: number;
  system: string;
  planet: string;
  attacker: Side;
  mode: BattleMode;
  /** Ships and stations in it at the start. */
  ships: string[];
  stations: string[];
  /** Its report, line by line. */
  report: string[];
  /** A Battleshift battle's key (its scenario input and seed, and which ship is which) when fought out in Battleshift. */
  battleshift?: KeptBattleshift;
}

export interface SatharWarState {
  ruleset: "sathar-war";
  settings: Settings;
  map: FrontierMap;
  seats: SeatSpec[];
  /** Day of the war, from 1 (the Time Record Track shows it as day and tenday, C.2 #15). */
  day: number;
  phase: Phase;
  /** The step number (increases by one each resolve). */
  step: number;
  ships: Record<string, Ship>;
  stations: Record<string, Station>;
  /** The Sathar's secret retreat condition, 1-5 (seed 000 "Sathar Retreat"); 0 until chosen; hidden from the UPF. */
  retreatCondition: number;
  losses: Loss[];
  /** What ships did this day, for the rules that look back over it (cleared when the Time Record advances). */
  today: Today;
  /** How each seat's ships fight, as its last `stance` order left it. */
  stances: Record<string, Stance>;
  /** Times each carrier or station has rearmed fighters since it was last in supply (seed 000 "Rearming"; C.2 #21). */
  fighterRearms: Record<string, number>;
  /** Minelayers' secret mines and seekers, per system (seed 000 "Declaring Combat"); hidden from the Sathar. */
  mines: Record<string, { minelayer: string; mines: number; seekers: number }>;
  battles: BattleRecord[];
  /**
   * Battles declared to be fought at the table, awaiting their results from the attacking side's seats in the step
   * after the attack step (battles/table/table-battles.ts). Absent when none waits.
   */
  pendingBattles?: BattleInput[];
  /**
   * The UPF's choice of which lost ships each fortress or fortified station replaces at the next replacement phase
   * (seed 000 "UPF Replacements"; the `replace` order), by station id, in order of preference. Cleared by the phase;
   * absent or empty: the program picks (replacements/replacements.ts).
   */
  replacementChoices?: Record<string, string[]>;
  /** Set once the war is over. */
  outcome?: { winner: Side | "draw"; reason: string; day: number };
}
