/**
 * The Knight Hawks figures a quick battle needs, as data: weapons, the Advanced Game Combat Table, the Advanced Game
 * Damage Table and the rules numbers, and the seed's suggested rules by battle size.
 *
 * Source: reference/sathar-war-notes.md D.11 ("Knight Hawks weapons and combat tables", read from a public
 * transcription of the Tactical Operations Manual, matching the dagorym/SSW program's weapon data; not in the
 * seeds). Seed 000 "ORDERS OF BATTLE": "If the Basic Rules are used, all weapons and ships introduced in the Advanced
 * Game are still used, as is the Advanced Game Combat Table ... The Advanced Game Damage Table and the repair rule
 * are ignored", so the Basic Game's own table (D.11 `basic_table`) is not used at all.
 */
import type { Defence, Weapon } from "../orders-of-battle/ship-classes.js";
import type { KnightHawksRules } from "./battle.js";

/** A weapon's figures (D.11 `weapons`). */
export interface WeaponData {
  name: string;
  /** Range in hexes (mines: 0, seekers: unlimited). */
  range: number;
  /** Damage dice: `dice` d10 + `plus`. */
  dice: number;
  plus: number;
  /** Forward firing: a docked ship cannot fire it (D.11 `docked_ship_cannot_fire`). */
  ff: boolean;
  /** Range diffusion: -5% a hex of range. */
  rd: boolean;
  /** Limited: a count of charges (rockets, torpedoes, mines, seekers), one fired a round. */
  ltd: boolean;
  /** Damage table modifier. */
  dtm: number;
  /** Change to the hit chance per interceptor missile fired at it (0: ICMs do not work against it). */
  icm: number;
}

export const WEAPON_DATA: Readonly<Record<Weapon, WeaponData>> = {
  LC: { name: "laser cannon", range: 10, dice: 2, plus: 0, ff: true, rd: true, ltd: false, dtm: 0, icm: 0 },
  LB: { name: "laser battery", range: 9, dice: 1, plus: 0, ff: false, rd: true, ltd: false, dtm: 0, icm: 0 },
  PB: { name: "proton beam battery", range: 12, dice: 1, plus: 0, ff: false, rd: true, ltd: false, dtm: 10, icm: 0 },
  EB: { name: "electron beam battery", range: 12, dice: 1, plus: 0, ff: false, rd: true, ltd: false, dtm: 10, icm: 0 },
  DC: { name: "disruptor beam cannon", range: 9, dice: 3, plus: 0, ff: true, rd: true, ltd: false, dtm: 20, icm: 0 },
  T: { name: "torpedo", range: 4, dice: 4, plus: 0, ff: true, rd: false, ltd: true, dtm: -20, icm: -10 },
  AR: { name: "assault rocket", range: 4, dice: 2, plus: 4, ff: true, rd: false, ltd: true, dtm: -10, icm: -5 },
  RB: { name: "rocket battery", range: 3, dice: 2, plus: 0, ff: false, rd: false, ltd: true, dtm: -10, icm: -3 },
  M: { name: "mine", range: 0, dice: 3, plus: 5, ff: false, rd: false, ltd: true, dtm: -20, icm: -5 },
  SM: { name: "seeker missile", range: 99, dice: 5, plus: 0, ff: false, rd: false, ltd: true, dtm: -20, icm: -8 },
};

/** The Advanced Game Combat Table's defence columns (D.11 `advanced_table.columns`, without ICM_mod and damage). */
export const TABLE_COLUMNS = ["None", "RH", "PS", "ES", "SS", "MS"] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

/** Advanced Game Combat Table: % to hit on d100, by weapon and the defence used (D.11 `advanced_table`). */
export const COMBAT_TABLE: Readonly<Record<Weapon, readonly [number, number, number, number, number, number]>> = {
  LC: [75, 60, 75, 75, 75, 25],
  LB: [65, 50, 65, 65, 65, 20],
  PB: [60, 60, 25, 70, 40, 50],
  EB: [60, 60, 70, 25, 40, 50],
  DC: [60, 60, 50, 50, 40, 50],
  T: [50, 50, 50, 50, 75, 50],
  AR: [60, 60, 60, 60, 60, 60],
  RB: [40, 40, 40, 40, 40, 40],
  M: [60, 60, 60, 60, 80, 60],
  SM: [75, 75, 75, 75, 90, 75],
};

/** Hull damage is halved, rounded up, for these weapon/defence pairs (D.11 `half_damage_entries`). */
export const HALF_DAMAGE: ReadonlyArray<readonly [Weapon, Defence]> = [
  ["LC", "MS"],
  ["LB", "MS"],
  ["PB", "PS"],
  ["EB", "ES"],
];

/**
 * The screen a weapon is drawn to (D.11 `defense_choice`: "most effective defense, except an attracting screen (PS
 * vs EB, ES vs PB) is used instead"): a ship with that screen must use it against that weapon.
 */
export const ATTRACTING_SCREEN: Readonly<Partial<Record<Weapon, Defence>>> = { EB: "PS", PB: "ES" };

/** D.11 `rules_numbers`. */
export const RULES_NUMBERS = {
  /** Range diffusion: % a hex. */
  rangeDiffusionPerHex: -5,
  /** A roll of this or less always hits. */
  autoHitMaxRoll: 5,
  /** A roll of this or more always misses. */
  autoMissMinRoll: 96,
  /** Fighters and assault scouts evade torpedoes: % per point of MR. */
  evasionVsTorpedoPerMr: -5,
  /** A destroyed station deals its docked ships half its original hull points; a destroyed docked ship, half its own to the station. */
  dockedBlastShare: 0.5,
  /** A combat control hit: % off the ship's attacks. */
  combatControlPenalty: -10,
  /** An electrical fire: added to the ship's damage table rolls. */
  fireDtm: 20,
} as const;

/** One band of the Advanced Game Damage Table (d100 + DTM): `lo..hi` inclusive. */
export interface DamageBand {
  lo: number;
  hi: number;
  effect:
    | { kind: "hull"; times: 1 | 2 }
    | { kind: "ADF"; amount: "1" | "half" | "all" }
    | { kind: "MR"; amount: "1" | "all" }
    | { kind: "weapon"; list: readonly Weapon[] }
    | { kind: "power-short" }
    | { kind: "defence"; list: readonly Defence[] }
    | { kind: "combat-control" }
    | { kind: "navigation" }
    | { kind: "electrical-fire" }
    | { kind: "DCR-half" }
    | { kind: "disastrous-fire" };
}

/** The Advanced Game Damage Table (D.11 `advanced_damage_table_d100_plus_DTM`); below -20 reads as the first band, above 120 as the last. */
export const DAMAGE_TABLE: readonly DamageBand[] = [
  { lo: -20, hi: 10, effect: { kind: "hull", times: 2 } },
  { lo: 11, hi: 45, effect: { kind: "hull", times: 1 } },
  { lo: 46, hi: 49, effect: { kind: "ADF", amount: "1" } },
  { lo: 50, hi: 52, effect: { kind: "ADF", amount: "half" } },
  { lo: 53, hi: 53, effect: { kind: "ADF", amount: "all" } },
  { lo: 54, hi: 58, effect: { kind: "MR", amount: "1" } },
  { lo: 59, hi: 60, effect: { kind: "MR", amount: "all" } },
  { lo: 61, hi: 62, effect: { kind: "weapon", list: ["LC", "LB", "PB", "EB", "AR", "RB"] } },
  { lo: 63, hi: 64, effect: { kind: "weapon", list: ["PB", "EB", "LB", "RB", "T", "AR"] } },
  { lo: 65, hi: 66, effect: { kind: "weapon", list: ["DC", "LC", "AR", "T", "LB"] } },
  { lo: 67, hi: 68, effect: { kind: "weapon", list: ["T", "AR", "EB", "PB", "LB", "RB"] } },
  { lo: 69, hi: 70, effect: { kind: "weapon", list: ["LB", "RB", "T", "AR", "PB", "EB", "LC"] } },
  { lo: 71, hi: 74, effect: { kind: "power-short" } },
  { lo: 75, hi: 77, effect: { kind: "defence", list: ["PS", "ES", "SS", "MS", "ICM"] } },
  { lo: 78, hi: 80, effect: { kind: "defence", list: ["MS", "ICM", "SS", "PS", "ES"] } },
  { lo: 81, hi: 84, effect: { kind: "defence", list: ["ICM", "SS", "PS", "ES", "MS"] } },
  { lo: 85, hi: 91, effect: { kind: "combat-control" } },
  { lo: 92, hi: 97, effect: { kind: "navigation" } },
  { lo: 98, hi: 105, effect: { kind: "electrical-fire" } },
  { lo: 106, hi: 116, effect: { kind: "DCR-half" } },
  { lo: 117, hi: 120, effect: { kind: "disastrous-fire" } },
];

/** The band a damage roll (d100 + DTM) falls in. */
export function damageBand(total: number): DamageBand {
  for (const band of DAMAGE_TABLE) if (total <= band.hi) return band;
  return DAMAGE_TABLE[DAMAGE_TABLE.length - 1] as DamageBand;
}

/**
 * Seed 000 "Which Rules To Use?" (D.10): 2-4 ships, Advanced with average NPC skills; 5-14, Advanced with no skill
 * modifiers; more than 14, Basic. Every ship counts, fighters and stations included (C.2 #28).
 */
export function suggestedRules(shipsInBattle: number): KnightHawksRules {
  if (shipsInBattle > 14) return "basic";
  if (shipsInBattle >= 5) return "advanced";
  return "advanced-skilled";
}
