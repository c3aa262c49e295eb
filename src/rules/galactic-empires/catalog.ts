/**
 * The starship catalogue and sector defence table of seed 003 chapter 7, as typed data
 * with lookups. The numbers come from catalog-data.ts, generated from the seed.
 */
import { SECTOR_DEFENCE_LEVELS, STARSHIP_TYPES } from "./catalog-data.js";
import type { SectorDefenceLevelData, StarshipTypeData } from "./catalog-types.js";
import type { Settings, StarshipTypeId } from "./model.js";

export type { SectorDefenceLevelData, StarshipTypeData } from "./catalog-types.js";
export { SECTOR_DEFENCE_LEVELS, STARSHIP_TYPES };

const byId: ReadonlyMap<string, StarshipTypeData> = new Map(STARSHIP_TYPES.map((t) => [t.id, t]));

export function starshipType(id: StarshipTypeId): StarshipTypeData | undefined {
  return byId.get(id);
}

/** The type, or an exception: only for ids already validated against the catalogue. */
export function shipType(id: StarshipTypeId): StarshipTypeData {
  const t = byId.get(id);
  if (!t) throw new Error(`unknown starship type ${id}`);
  return t;
}

/** Find a type by printed name and builder ("Hawk Heavy Cruiser", "Klingon"), case-insensitive. */
export function findStarshipType(name: string, builder?: string): StarshipTypeData | undefined {
  const n = normaliseName(name);
  const b = builder === undefined ? undefined : normaliseName(builder);
  return STARSHIP_TYPES.find((t) => normaliseName(t.name) === n && (b === undefined || normaliseName(t.builder) === b));
}

function normaliseName(s: string): string {
  return s
    .replace(/[\u2018\u2019`]/g, "'")
    .trim()
    .toLowerCase();
}

/**
 * Upkeep of one starship a turn. Chapter 7 prints every Orion type's Keep equal
 * to its Build (Wanderer 4/4 ... Heavy Marauder 28/28), where every other
 * builder's Keep is 7-14% of Build: a copy error of the source (RULINGS.md,
 * "Orion upkeep"). With `orionUpkeep: "erratum"` (default) an Orion type pays
 * the median Keep of the other builders' types of the same build cost.
 */
export function upkeepOf(t: StarshipTypeData, settings: Pick<Settings, "orionUpkeep">): number {
  if (t.builder !== "Orion" || settings.orionUpkeep === "printed") return t.upkeep;
  return ORION_ERRATUM.get(t.build) ?? t.upkeep;
}

const ORION_ERRATUM: ReadonlyMap<number, number> = (() => {
  const byBuild = new Map<number, number[]>();
  for (const t of STARSHIP_TYPES) {
    if (t.builder === "Orion") continue;
    const list = byBuild.get(t.build) ?? [];
    list.push(t.upkeep);
    byBuild.set(t.build, list);
  }
  const out = new Map<number, number>();
  for (const [build, keeps] of byBuild) {
    keeps.sort((a, b) => a - b);
    out.set(build, keeps[Math.floor((keeps.length - 1) / 2)] ?? 0);
  }
  return out;
})();

/** Total combat of one starship: attacks x combat (chapter 5, "Total Combat"). */
export const totalCombatOf = (t: StarshipTypeData): number => t.attacks * t.combat;

/** Salvage value: "about 1/3 of the build cost" (chapter 7), rounded to a tenth. */
export const salvageValue = (t: StarshipTypeData): number => Math.round((t.build / 3) * 10) / 10;

/** Chapter 5 "Cloaking": whether the type has cloaking ability under the game's settings. */
export function canCloak(t: StarshipTypeData, settings: Pick<Settings, "cloakCapable">): boolean {
  return settings.cloakCapable === "all" || t.class === "Scout";
}

/**
 * Scouting chance and bonus scouting chance per starship. Chapter 4 ("Scouting
 * Occurs") says each starship has them but the catalogue prints neither; they are
 * set by class here (RULINGS.md, "Scouting chances"), scouts best.
 */
const SCOUTING_BY_CLASS: Record<string, { chance: number; bonus: number }> = {
  Scout: { chance: 60, bonus: 20 },
  Destroyer: { chance: 30, bonus: 10 },
  "Light Cruiser": { chance: 25, bonus: 5 },
  "Strike Cruiser": { chance: 20, bonus: 5 },
  "Heavy Cruiser": { chance: 15, bonus: 5 },
  Battlecruiser: { chance: 20, bonus: 5 },
  Battleship: { chance: 10, bonus: 0 },
};
export function scoutingOf(t: StarshipTypeData): { chance: number; bonus: number } {
  return SCOUTING_BY_CLASS[t.class] ?? { chance: 15, bonus: 5 };
}

/** One level of the sector defence table, honouring the `defenceBonus` setting. */
export function defenceLevel(level: number, settings: Pick<Settings, "defenceBonus">): SectorDefenceLevelData | null {
  if (level <= 0) return null;
  const row = SECTOR_DEFENCE_LEVELS[Math.min(level, 12) - 1];
  if (!row) return null;
  // Chapter 6 "Sector defence Modifier": "Sector defence Level 2 gives a combat bonus of +30%".
  if (settings.defenceBonus === "example" && row.level === 2) return { ...row, combatBonus: 30 };
  return row;
}

/** Chapter 5 "Sector defences": 14 resources and 3 workers (starships) per level. */
export const CONSTRUCTION_COST = 14;
export const CONSTRUCTION_WORKERS = 3;
export const MAX_DEFENCE_LEVEL = 12;
/** Razing: workers per level and salvage per level (RULINGS.md, "Razing"). */
export const RAZE_WORKERS = 3;
export const RAZE_SALVAGE = 5;
export const MAX_RAZE_PER_TURN = 4;
export const ADMIRAL_HIRE_COST = 15;
export const ESPIONAGE_COST = 35;
export const PROCLAMATION_INCOME = 7;
export const DECAY_RATE = 0.07;
export const SEND_FEE = 0.1;
export const SEND_RANGE = 7;
export const MAX_STARFLEETS = 99;
export const MAX_GIFTS_PER_TURN = 2;
/** Revenue by sector damage 0..3 (chapter 5, "Sector Revenue"). */
export const DAMAGE_REVENUE = [1, 0.8, 0.65, 0.5] as const;
export const LIMITS = {
  commoner: { admirals: 0, annexed: 7 },
  royalty: { admirals: 5, annexed: 60 },
} as const;
