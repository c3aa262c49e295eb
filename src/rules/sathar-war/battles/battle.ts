/**
 * One way in and out of every battle (issue 12 "Battles: three ways"): the strategic rules hand a `BattleInput` to
 * a `BattleResolver` and apply the `BattleResult`; they never know whether the battle was auto-resolved with the
 * Knight Hawks tables (quick), fought out in Battleshift by its bots, or entered from the table.
 *
 * Seed 000 "SPECIAL COMBAT RULES" defers every battle to the Knight Hawks Basic or Advanced game; what comes back
 * must be what the strategic game needs (reference/sathar-war-notes.md E.1): ships destroyed, damage per ship,
 * expendables spent, who broke off and escaped, stations destroyed, militia that fired, shatter drones used.
 */
import type { Rng } from "../../../core/rng.js";
import type { Side } from "../orders-of-battle/forces.js";
import type { Damage, Expendable, ShipClass, StationType } from "../orders-of-battle/ship-classes.js";

/** A ship as it goes into battle. */
export interface BattleShip {
  id: string;
  name: string;
  side: Side;
  cls: ShipClass;
  /** Damage it already carries (model.ts `Damage`: hull points and systems lost). */
  damage: Damage;
  /** Expendables already spent (it fights with what is left). */
  spent: Partial<Record<Expendable, number>>;
  /** Militia in their home system: must fire at least once before breaking off (seed 000 "Breaking Off Combat"). */
  mustFireBeforeBreakOff?: boolean;
  /** A fighter: the carrier (ship id) or station it is aboard at the start, if any. */
  aboard?: string;
  /** A shatter drone (seed 000 "SHATTER DRONES (Optional)"). */
  drone?: boolean;
  /** Docked at this station (stations' and docked ships' damage rules). */
  docked?: string;
}

/** A station as it goes into battle (always the UPF's). */
export interface BattleStation {
  id: string;
  name: string;
  type: StationType;
  damage: Damage;
  spent: Partial<Record<Expendable, number>>;
}

/**
 * When a side breaks off (seed 000 "Breaking Off Combat": "If a battle is going badly for one side, that player
 * can try to escape"). Quick battles follow it; a side with no policy given fights to the end.
 */
export interface BreakOffPolicy {
  /** Break off once this share of the side's hull points at the start is lost (0..1); 1 never. */
  hullLost: number;
  /** Break off once the enemy's remaining hull points exceed ours by this ratio (e.g. 2); 0 never. */
  outgunned: number;
}

/** The Knight Hawks rules the battle is fought with (seed 000 "Which Rules To Use?"). */
export type KnightHawksRules = "basic" | "advanced" | "advanced-skilled";

export interface BattleInput {
  /** "d12-prenglar-sathar": day, system, attacker. */
  id: string;
  day: number;
  system: string;
  /** The planet attacked (seed 000 "Declaring Combat": one planet of a two-planet system is named). */
  planet: string;
  attacker: Side;
  /** The defender's option to fight near the planet (seed 000: the planet in the middle of the map). */
  nearPlanet: boolean;
  rules: KnightHawksRules;
  ships: BattleShip[];
  stations: BattleStation[];
  /** The defender's minelayer's mines and seekers placed before the battle (seed 000 "Declaring Combat"). */
  mines?: { mines: number; seekers: number };
  breakOff: Record<Side, BreakOffPolicy>;
  /** Shatter drones each side detonates when it can (the option on). */
  detonateDrones?: Record<Side, boolean>;
}

/** What became of one ship. */
export interface ShipOutcome {
  fate: "fought" | "destroyed" | "escaped" | "detonated";
  /** Damage it carries after the battle and the damage control repairs made after it (seed 000 "REPAIR"). */
  damage: Damage;
  spent: Partial<Record<Expendable, number>>;
  /** What now only a station can repair ("hull" after a failed hull repair; a system after a 99/00). */
  stationOnly?: string[];
  /** It fired at least once (militia may break off only then). */
  fired?: boolean;
}

export interface StationOutcome {
  destroyed: boolean;
  damage: Damage;
  spent: Partial<Record<Expendable, number>>;
}

/** One line of a battle's report; dice are listed so a player can audit them (`rolls`). */
export interface BattleLine {
  round: number;
  text: string;
  rolls?: number[];
}

export interface BattleResult {
  ships: Record<string, ShipOutcome>;
  stations: Record<string, StationOutcome>;
  /** Rounds fought (a quick battle's turns; a Battleshift battle's turns). */
  rounds: number;
  /** The side holding the field (seed 000: "The victorious ships are placed in the system box"), or null if neither. */
  holder: Side | null;
  lines: BattleLine[];
  /** Set when the battle was fought out in Battleshift: enough to replay it. */
  battleshift?: KeptBattleshift;
}

/**
 * A Battleshift battle as the campaign keeps it (issue 12: "The Battleshift battle is kept and its replay linked"):
 * its scenario input and seed replay it (battles/battleshift/battle-replay.ts); `ships` and `stations` name the
 * Knight Hawks ship or station each Battleshift ship ("blue-tf1-s2.3") or station squadron ("blue-st1-s1") stands
 * for (absent in battles kept before they were recorded). Without `breakOff` and `mustFire` the battle is plain
 * Battleshift with its normal bot on both sides: `starhost new battleshift` replays it exactly.
 */
export interface KeptBattleshift {
  seed: number;
  input: unknown;
  ships?: Record<string, string>;
  stations?: Record<string, string>;
  /**
   * Each Battleshift side's break-off policy (blue the UPF, red the Sathar), kept when either could step in: the play
   * loop shifts a side out once its policy is crossed (battleshift/breaking-off.ts), and the replay must too.
   */
  breakOff?: { blue: BreakOffPolicy; red: BreakOffPolicy };
  /** Battleshift squadrons ("blue-tf1-s2") holding a militia ship bound to fire before breaking off (when any). */
  mustFire?: string[];
}

export interface BattleResolver {
  id: "quick" | "battleshift" | "table";
  /** Pure: same input and generator, same result. */
  resolve(input: BattleInput, rng: Rng): BattleResult;
}
