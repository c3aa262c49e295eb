/**
 * The Galactic Empires game state: plain data, saved as JSON between turns.
 *
 * Names follow seed 003 (the rulebook): an Empire owns Sectors; its forces are
 * Units, either a Starfleet (mobile, "A11") or a Garrison (tied to a sector, "G5");
 * a unit holds Starships in five Ranks and may hold Admirals, one of whom leads it.
 */

/** An empire's id ("klingon"), or the independents ("local forces", chapter 8). */
export type EmpireId = string;
export const INDEPENDENT: EmpireId = "independent";

export type SectorId = number;
/** Starfleets are "A<n>", garrisons are "G<sector id>" (chapter 3, "Unit List"). */
export type UnitId = string;
export type AdmiralId = string;
/** A starship type id from the catalogue, e.g. "klingon/hawk-heavy-cruiser". */
export type StarshipTypeId = string;

export type Rank = 1 | 2 | 3 | 4 | 5;
export const RANKS: readonly Rank[] = [1, 2, 3, 4, 5];
export const isRank = (n: number): n is Rank => Number.isInteger(n) && n >= 1 && n <= 5;

/** Diplomatic relation between two empires (chapter 2, "Diplomatic Relations"). */
export type Relation = "war" | "neutral" | "alliance";

/** Chapter 5, "Player Status": limits on admirals and annexed sectors. */
export type Status = "commoner" | "royalty";

export interface Empire {
  id: EmpireId;
  name: string;
  ruler: string;
  status: Status;
  /** Resources in the treasury; fractional (upkeep is 0.5 a scout), never negative. */
  treasury: number;
  /** Colour for maps (CSS). */
  colour: string;
  /** Builder name whose ships this empire's home yards build ("Klingon"). */
  builder: string;
  defeated: boolean;
  /** Sector ids scouted at the end of the last turn (chapter 4, "Scouting Occurs"). */
  scouted: SectorId[];
  /** Per-other-empire standing settings this empire has chosen. */
  toward: Record<EmpireId, Standing>;
  /** Offers made last turn are consumed; these are this empire's standing offers (kept for reports). */
  nextFleetNumber: number;
}

/** What one empire grants another (chapter 2, "Other Diplomatic Status"). */
export interface Standing {
  /** Accept gifts (sectors, resources) from that empire. Default yes. */
  accept: boolean;
  /** Passage Rights through all of this empire's sectors. */
  passage: boolean;
  /** Share scouting info with that empire (chapter 4, "Info Sharing Changes"). */
  share: boolean;
}

/** A new Standing with the defaults: accept gifts, no Passage Rights, no info sharing. */
export const defaultStanding = (): Standing => ({ accept: true, passage: false, share: false });

export interface SectorDefence {
  /** Level 0-12 (chapter 5, "Sector defences"). */
  level: number;
  /** Damage 0..level; actual level = level - damage. */
  damage: number;
}

export interface IndustrialCentre {
  /** Most starships the centre may build in one turn ("0/13", chapter 5 "Building starships"). */
  maxBuild: number;
  /** Its fixed build list: starship type ids (chapter 5: "the same build-list throughout the game"). */
  builds: StarshipTypeId[];
}

export interface Sector {
  id: SectorId;
  name: string;
  /** Position for drawing maps. */
  x: number;
  y: number;
  owner: EmpireId;
  /** The empire it is annexed to, or null for local control. */
  annexedTo: EmpireId | null;
  /** Turns in a row the sector's owner has differed from the empire it is annexed to. */
  annexDrift: number;
  /** Tax revenue at no damage. */
  revenue: number;
  /** Sector damage 0 (none) to 3 (heavy) (chapter 5, "Sector Revenue"). */
  damage: number;
  defence: SectorDefence;
  industry: IndustrialCentre | null;
  /** Empires granted Special Permission for this one sector (by its owner or, for independents, bought). */
  permission: EmpireId[];
}

/** What every empire knows of a sector, seen this turn or not: drawn on every map. */
export type PublicSector = Pick<Sector, "id" | "name" | "x" | "y" | "owner" | "annexedTo" | "revenue">;

/** The public facts of a sector (or of a view of one), copied. */
export const publicSector = (s: PublicSector): PublicSector => ({
  id: s.id,
  name: s.name,
  x: s.x,
  y: s.y,
  owner: s.owner,
  annexedTo: s.annexedTo,
  revenue: s.revenue,
});

export interface Border {
  a: SectorId;
  b: SectorId;
  /** A barrier border blocks movement (chapter 3, "Barriers"). */
  barrier: boolean;
}

/** Starships of one type in one rank that have used the same move points this turn. */
export interface ShipStack {
  type: StarshipTypeId;
  rank: Rank;
  count: number;
  /** Move points already used this turn; transferred starships carry them (chapter 5, "Transferring"). */
  used: number;
}

export type UnitKind = "starfleet" | "garrison";

export interface Unit {
  id: UnitId;
  kind: UnitKind;
  owner: EmpireId;
  name: string;
  sector: SectorId;
  ships: ShipStack[];
  admirals: AdmiralId[];
  leader: AdmiralId | null;
  /** Rank 1-5 that, when all starships up to it are casualties, makes the unit retreat. */
  retreatLevel: Rank;
  /** Unit to follow in retreats, or null. */
  follow: UnitId | null;
  /** Defend Sector defences option (starfleets; garrisons always defend). */
  defendDefences: boolean;
  cloaked: boolean;
}

export interface Admiral {
  id: AdmiralId;
  owner: EmpireId;
  name: string;
  /** Starship Tactics 0-100 (chapter 5, "Admirals"). */
  tactics: number;
  /** Siegecraft 0-100. */
  siegecraft: number;
  /** The admiral's personal corvette: combat % (one attack) and hit points. */
  combat: number;
  hits: number;
  unit: UnitId;
}

/** Named, configurable readings of garbled or contradictory passages (see RULINGS.md). */
export interface Settings {
  /**
   * Chapter 6 "Sector defence Modifier" says level 2 gives +30%; the table in
   * chapters 5 and 7 says 47%. "table" (default) follows the table.
   */
  defenceBonus: "table" | "example";
  /**
   * Which starship types have cloaking ability ("Some types of starships", chapter 3).
   * "scouts" (default): the Scout class of chapter 7's tables, the "force of scouts" and
   * "spy ships" of chapter 5 "Cloaking"; "all": every type (RULINGS.md, "Which starships
   * can cloak"). Cloak-capable combat counts a tenth for sector ownership (chapter 4).
   */
  cloakCapable: "all" | "scouts";
  /** Orion Keep as printed (equal to Build) or the erratum (median Keep of same-cost types); see RULINGS.md. */
  orionUpkeep: "erratum" | "printed";
  /** Resources to buy Special Permission from an independent sector, as a multiple of its revenue. */
  independentPermissionCostFactor: number;
  /** Upkeep of one admiral a turn (the seed gives none; see RULINGS.md). */
  admiralUpkeep: number;
  /** Hard cap on movement phases, a guard against orders that never run out (the seed has none). */
  maxPhases: number;
  /** Victory: null for an open-ended game. */
  turnLimit: number | null;
  /**
   * Victory (victory.ts; RULINGS.md "Victory"): the share in percent of all sectors,
   * and of all industrial centres, an empire or an alliance must hold to win; null
   * means that share is not required (both null: no share victory).
   */
  victorySectorShare: number | null;
  victoryIndustryShare: number | null;
  /** Most empires, all allied with one another, that may win together (1: no alliance victories). */
  victoryAllianceSize: number;
}

export const DEFAULT_SETTINGS: Settings = {
  defenceBonus: "table",
  cloakCapable: "scouts",
  orionUpkeep: "erratum",
  independentPermissionCostFactor: 2,
  admiralUpkeep: 1,
  maxPhases: 40,
  turnLimit: null,
  victorySectorShare: 40,
  victoryIndustryShare: 40,
  victoryAllianceSize: 3,
};

export interface GameState {
  ruleset: "galactic-empires";
  version: 1;
  name: string;
  scenario: string;
  seed: number;
  /** The turn whose orders are awaited (1 at the start). */
  turn: number;
  settings: Settings;
  empires: Record<EmpireId, Empire>;
  /** Relations keyed by relationKey(a, b) (sorted pair); a missing key is "neutral". */
  relations: Record<string, Relation>;
  sectors: Sector[];
  borders: Border[];
  units: Record<UnitId, Unit>;
  admirals: Record<AdmiralId, Admiral>;
  /** Global counters for new ids. */
  nextUnit: number;
  nextAdmiral: number;
  /**
   * The independents' ("Local Forces", chapter 8) pool of resources for building
   * troops; absent means 0. Fed each turn by the revenue of the sectors they own,
   * less their upkeep (bot/independents.ts; rulings-bots.md, "Independents' treasury").
   */
  independentTreasury?: number;
}

/**
 * How results name an admiral: "General Martok (ADM1)", the name as given (it may
 * hold a rank: "Admiral Soval") and the id that `leader` and `transferAdmiral` orders use.
 */
export const admiralLabel = (a: Pick<Admiral, "id" | "name">): string => `${a.name} (${a.id})`;

export const relationKey = (a: EmpireId, b: EmpireId): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Relation between two owners; independents are at war with every empire (chapter 5, "Cloaking"). */
export function relationOf(state: Pick<GameState, "relations">, a: EmpireId, b: EmpireId): Relation | "self" {
  if (a === b) return "self";
  if (a === INDEPENDENT || b === INDEPENDENT) return "war";
  return state.relations[relationKey(a, b)] ?? "neutral";
}

export const isGarrison = (u: Unit): boolean => u.kind === "garrison";
export const garrisonId = (sector: SectorId): UnitId => `G${sector}`;
export const starfleetId = (n: number): UnitId => `A${n}`;

/** "A2" < "A10" < "G3": kind letter, then number. */
export function compareUnitIds(a: string, b: string): number {
  const ka = a[0] ?? "";
  const kb = b[0] ?? "";
  if (ka !== kb) return ka < kb ? -1 : 1;
  return Number(a.slice(1)) - Number(b.slice(1)) || (a < b ? -1 : a > b ? 1 : 0);
}

/** What a new unit must be given; the rest may be left to the defaults of `newUnit`. */
export type NewUnit = Pick<Unit, "id" | "kind" | "owner" | "name" | "sector"> & Partial<Unit>;

/**
 * A unit as it is formed: unless told otherwise, no starships and no admirals,
 * retreat level 5, following no unit, not cloaked, and defending the sector
 * defences only if it is a garrison (garrisons always defend).
 */
export function newUnit(u: NewUnit): Unit {
  return {
    id: u.id,
    kind: u.kind,
    owner: u.owner,
    name: u.name,
    sector: u.sector,
    ships: u.ships ?? [],
    admirals: u.admirals ?? [],
    leader: u.leader ?? null,
    retreatLevel: u.retreatLevel ?? 5,
    follow: u.follow ?? null,
    defendDefences: u.defendDefences ?? u.kind === "garrison",
    cloaked: u.cloaked ?? false,
  };
}
