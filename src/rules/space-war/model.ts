/**
 * The state of a Space War campaign (seed 001 "Design My UCSV"): plain data, JSON as it is saved.
 *
 * A campaign is a series of games (l.15-45): at its start each player designs up to 3 craft; each game every side
 * draws a technology card, buys its craft up to its budget, deploys them as hidden counters and fights until one
 * side is wiped out or gives up; after each game medals are awarded and one design may be scrapped and replaced.
 * `CampaignStep` names where the campaign is; a battle, while one is fought, is `Battle`, whose `step` is S1-S12 of
 * the active seat's turn (l.263-347).
 *
 * Geometry (reference E.1): positions are in inches on a flat table, x along the long edge, y along the short one;
 * a heading is in degrees clockwise from +y ("up" the table), 0 ≤ heading < 360.
 */
import type { SeatId } from "../../core/ids.js";
import type { BudgetOption } from "./designing-craft/cost.js";
import type { Design } from "./designing-craft/design.js";
import type { Module } from "./designing-craft/modules.js";
import type { Medal } from "./medals/medals.js";
import type { ScenarioId } from "./scenarios/scenarios.js";
import type { Settings } from "./settings.js";
import type { Card } from "./technology-cards/cards.js";

/** A point on the table, in inches. */
export interface Point {
  x: number;
  y: number;
}

/** The steps of a turn, in the seed's order (l.277-347). */
export const TURN_STEPS = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12"] as const;
export type TurnStep = (typeof TURN_STEPS)[number];

/**
 * Where a campaign is (l.15-45), each a step of the game awaiting every squadron's seat at once, but the battle, whose
 * steps await one seat each, its turn (l.263-347):
 * - `design`: at campaign start only, "Design up to 3 Craft" (l.19);
 * - `purchase`: each game, the technology cards just drawn (l.23-25, l.672), "Choose numbers of Vessels up to 100 M€
 *   from your Designs" and the crews with medals aboard them (l.29);
 * - `deploy`: "Deploy units as hidden markers on tabletop" (l.33) as the scenario says (l.880-1035);
 * - `battle`: "Play game until one player wiped out or gives up" (l.37): one step per player turn (S3-S12 ordered,
 *   S1-S2 rolled for the next player as the step ends, ruling C.20);
 * - `after-game`: "Award Medals" and the "Option to create a new design but if so must scrap an old one" (l.41-45).
 */
export const CAMPAIGN_STEPS = ["design", "purchase", "deploy", "battle", "after-game"] as const;
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number];

/**
 * One module of one craft: which module, its arc (Lasers, Expendables), and its state. `damaged` modules are useless
 * until repaired (l.396); `expended` Expendables may not shoot until reloaded in a Shuttle Bay (l.128, l.651-655).
 */
export interface CraftModule {
  /** One of the eleven, or a Space Station's "hotels, gymnasiums, hospitals, restaurants" (l.876): no use in battle. */
  module: Module | "hotel";
  arc?: Design["modules"][number]["arc"];
  damaged: boolean;
  expended?: boolean;
}

/**
 * Where a craft is.
 * - `hidden`: on the table as a face-down counter (l.65, l.659-665): its owner knows what it is, the enemy does not.
 * - `table`: revealed, on the table.
 * - `aboard`: a fighter in a vessel's Shuttle Bay (`vessel`: a craft id; l.428, l.661).
 * - `entering`: not yet on the table (the CT's arrive on turn one from the far side, l.907).
 * - `gone`: destroyed (l.404), fled (given up, l.1027), exited (a convoy transport, l.942) or captured (l.446).
 */
export type Whereabouts =
  | { kind: "hidden"; at: Point; heading: number }
  | { kind: "table"; at: Point; heading: number }
  | { kind: "aboard"; vessel: string }
  | { kind: "entering" }
  | { kind: "gone"; how: "destroyed" | "fled" | "exited" | "captured" };

/** One craft in a battle: a design's copy with its own damage, place and crew. */
export interface Craft {
  /** Stable within the campaign's battle: "blue-3". */
  id: string;
  owner: SeatId;
  /** The design's name in the owner's squadron, or a scenario's fixed design ("CT Bomber", "Transport"). */
  design: string;
  type: Design["type"];
  modules: CraftModule[];
  where: Whereabouts;
  /**
   * Hits put on the craft and not yet resolved: "Effects of Hits are calculated at the start of the players turn"
   * (l.355): the owner's next S1 rolls them against its armour (reference E.4, ruling C.20).
   */
  pendingHits: number;
  /**
   * Hits that beat the armour in the owner's S1 (l.355-387), for S2 to allocate over surviving modules (l.396): kept
   * apart because S1 counts the armour once, before any of this damage falls (reference E.4).
   */
  pendingDamage?: number;
  /** Held by an enemy tractor (S5, l.442): the holding vessel's id; un-powered for targeting while held. */
  tractoredBy?: string;
  /** The crew with medals aboard (a `Crew.id`), if any (l.29, l.737). */
  crew?: string;
  /** A civilian craft (transport, station): not counted for Valour and Star (l.805). */
  civilian?: boolean;
  /** The Space Station, the local franchise (l.876): un-powered, 12 hotel modules, destroyed with a medal penalty. */
  station?: boolean;
  /** Seats whose hits are among `pendingHits`, for crediting a destruction (medals, l.741-805). */
  hitBy?: SeatId[];
  /**
   * Inches it moved in its owner's last S7 (l.466-500): a ram in S8 moves at most the allowance less this (l.508).
   * Cleared for the seat's craft as its S7 begins.
   */
  moved?: number;
  /**
   * Of `pendingHits`, those shot from the craft's rear 90° (setting `rearShots`, ruling C.5: the lost exception of
   * l.400); after S1, of `pendingDamage`, the damage they did, which S2 puts on Engines and Thrusters first. Absent
   * with the setting off.
   */
  rearHits?: number;
}

/** A crew with medals: they move between craft before a game, never during one (l.737), and are lost with their craft. */
export interface Crew {
  id: string;
  name: string;
  medals: Medal[];
  /** Captured with its craft and held by this seat until exchanged for prisoners it holds (l.868): it cannot fly. */
  heldBy?: SeatId;
}

/** A technology card a seat holds this game (l.672): hidden until first used, or cancelled by Subterfuge (l.706). */
export interface HeldCard {
  card: Card;
  revealed: boolean;
  cancelled: boolean;
}

/** One player's squadron across the campaign. */
export interface Squadron {
  seat: SeatId;
  name: string;
  budgetOption: BudgetOption;
  /** A machine force (l.969-979): 120 M€, no medals, fighters self-destruct with the last vessel. */
  machine: boolean;
  /** At most 3 (l.57); prisoners are kept apart (l.454). */
  designs: Design[];
  /** Captured enemy fighters kept above the design limit, each a unique craft (l.454). */
  prisoners: { id: string; design: Design }[];
  crews: Crew[];
  /** The technology cards of this game (l.25, l.672). */
  cards: HeldCard[];
  /** A design was scrapped and replaced since the last game: only one may be (l.45, l.57). */
  redesigned: boolean;
  /** The last game's purchase (design names, or prisoner ids), the default of the next (campaign-sequence/purchase.ts). */
  bought?: { design: string; count: number }[];
}

/** A planet, moon or asteroid: a sphere about 3" across that blocks movement and fire (l.872). */
export interface Planet {
  at: Point;
  diameter: number;
}

/**
 * What one seat did and suffered in a battle: for giving up (l.416: "lost at least 5 Vessels or have only one Vessel
 * left"; "If you only started with one Craft you may not give up") and for the medals (l.741-805).
 */
export interface Tally {
  /** Military craft it brought into the battle (ruling C.39: transports and the station are not counted). */
  started: number;
  /** Its military craft destroyed or captured. */
  lost: number;
  /** Enemy craft ids it destroyed (credited to the seats whose hits were pending, `Craft.hitBy`). */
  destroyed: string[];
  /** Enemy fighter ids it took prisoner (l.446, Tek l.779). */
  captured: string[];
  /** The technology-card tasks it achieved (l.710-722): "corporation" (enemy franchise destroyed), "saboteur". */
  tasks: ("corporation" | "saboteur")[];
}

/** One battle (one game of the campaign). */
export interface Battle {
  scenario: ScenarioId;
  /** The turn number, from 1: a turn is every seat's player turn once, in `order`. */
  turn: number;
  /** The seats in the order they play each turn (reference E.3: decided at random when the battle begins). */
  order: SeatId[];
  /** Whose player turn the battle awaits (S3-S12 of it; its S1-S2 were rolled as the last step ended). */
  active: SeatId;
  /** The table's size in inches (reference E.1: 72 x 48 unless a scenario says). */
  table: { width: number; depth: number };
  planets: Planet[];
  /** Every craft, stations and transports included, in a stable order. */
  craft: Craft[];
  /** Seats that gave up (S3, l.408-416). */
  gaveUp: SeatId[];
  /** Per seat, what it did (giving up, medals). */
  tally: Record<SeatId, Tally>;
  /** Where each seat's planet is and which table edge is its own: deployment and exits (l.884-888). */
  homes: Record<SeatId, { planet: number; edge: "west" | "east" }>;
  /** Set when the battle is over: who won, why (l.37, l.267, the scenario's own terms). */
  ended?: { winner: SeatId | "draw"; reason: string; winners?: SeatId[] };
}

/** What a game of the campaign came to, kept for the campaign's record and standings. */
export interface GameResult {
  game: number;
  scenario: ScenarioId;
  winner: SeatId | "draw";
  /** The Wall of Battle (l.1011-1035): every seat of the winning alliance (`winner` is the first of them). */
  winners?: SeatId[];
  reason: string;
  turns: number;
  /** Medals each seat's squadron earned (l.741-805). */
  medals: Record<SeatId, Medal[]>;
}

/**
 * What a seat commands in a game (campaign-sequence/each-game.ts): its own squadron, or a scenario's other side
 * (RULINGS.md "Who commands the CT's and the machines"): the cultural terrorists, the machines, the convoy's escort or
 * its attackers.
 */
export const ROLES = ["squadron", "ct", "machine", "escort", "attacker"] as const;
export type Role = (typeof ROLES)[number];

/** One of the Wall of Battle's two alliances (l.1017 "equal numbers of squadrons on each side"). */
export type Side = 1 | 2;

/** The medals a seat earned in the game just fought and the penalties it owes (l.729-805, l.876, l.954, l.797). */
export interface Award {
  seat: SeatId;
  /** Earned, not yet given to a crew (one of each, l.789; the Convoy's own, l.948-950). */
  medals: Medal[];
  /** One medal to strip from each crew named, with why (l.876 own station, l.797 franchise, l.954 disaster). */
  strip: { crew: string; why: string }[];
}

/** A whole campaign: the squadrons, where it is, the game number and the battle being fought. */
export interface Campaign {
  /** Games played so far; the next or current game is `game + 1`. */
  game: number;
  step: CampaignStep;
  squadrons: Squadron[];
  battle?: Battle;
  /** Every game played, in order. */
  results: GameResult[];
  /** This game's scenario, chosen as the game begins (the Scenario Roll, l.818, or the campaign's own). */
  scenario?: ScenarioId;
  /** What each seat commands this game (squadron, or the scenario's CT's, machines, escort, attackers). */
  roles?: Record<SeatId, Role>;
  /**
   * The Wall of Battle's alliances this game (l.1019 "After designing Vessels, randomly dice to see who's on which
   * side!"): each seat's side, 1 or 2, diced again every game ("allied with a player one game and a bitter enemy the
   * next", l.1015). Absent: every other seat is an enemy.
   */
  sides?: Record<SeatId, Side>;
  /** After a game: each seat's medals to give out and penalties to take (the after-game step). */
  awards?: Award[];
}

/** A seat: one squadron leader (l.1-7); the cultural terrorists and machines of a scenario are played by a seat too. */
export interface SeatInfo {
  id: SeatId;
  name: string;
}

/** A Space War game: a campaign of `games` games (issue 13: "A campaign is one Starhost game"). */
export interface SpaceWarState {
  ruleset: "space-war";
  /** The step the game awaits, from 1; one more with every resolve. */
  step: number;
  seats: SeatInfo[];
  settings: Settings;
  /** Games the campaign lasts; after the last, the squadron with the most medals wins (reference E.10). */
  games: number;
  /** How each game's scenario is chosen: the Scenario Roll (l.818) or always the one named. */
  scenario: "roll" | ScenarioId;
  campaign: Campaign;
  /** Set when the campaign is over. */
  outcome?: { winners: SeatId[]; reason: string };
}

/** A craft's operating modules of one kind (undamaged; expended Expendables still count as modules, l.396). */
export const operating = (c: Craft, m: Module): number => c.modules.filter((x) => x.module === m && !x.damaged).length;

/** "A Craft with all its Modules Damaged is considered Destroyed" (l.404). */
export const allDamaged = (c: Craft): boolean => c.modules.every((m) => m.damaged);

/** Powered: at least one operating Thruster or Engine (l.627), and not held by an enemy tractor (l.442). */
export const powered = (c: Craft): boolean => c.tractoredBy === undefined && operating(c, "E") + operating(c, "T") > 0;

/** A new craft of a design, every module whole, not yet on the table. */
export function craftOf(id: string, owner: SeatId, d: Design): Craft {
  return {
    id,
    owner,
    design: d.name,
    type: d.type,
    modules: d.modules.map((m) =>
      m.arc === undefined ? { module: m.module, damaged: false } : { module: m.module, arc: m.arc, damaged: false },
    ),
    where: { kind: "entering" },
    pendingHits: 0,
  };
}
