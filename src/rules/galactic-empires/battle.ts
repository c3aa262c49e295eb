/**
 * Space battles, seed 003 chapter 6 ("Battles: Mayhem and Destruction").
 *
 * One pure function fights one battle, sector or cross-border, from plain data:
 * the adjudicator's movement events call it, and so does the battle-odds command,
 * so both always run the very same code.
 */
import type { Rng } from "../../core/rng.js";
import type { EmpireId, Rank, SectorId, Settings, StarshipTypeId, UnitId } from "./model.js";

export interface BattleAdmiral {
  id: string;
  name: string;
  tactics: number;
  siegecraft: number;
  combat: number;
  hits: number;
}

export interface BattleUnit {
  id: UnitId;
  /** As shown in reports: "Patrol Force 2 (Our Starfleet #2)" is built by the report from name and id. */
  name: string;
  owner: EmpireId;
  kind: "starfleet" | "garrison";
  ships: { type: StarshipTypeId; rank: Rank; count: number }[];
  admirals: BattleAdmiral[];
  /** Id of the leading admiral (one of `admirals`), or null. */
  leader: string | null;
  retreatLevel: Rank;
  follow: UnitId | null;
  defendDefences: boolean;
  /** False when the unit has nowhere to retreat to (chapter 4: "the unit will not retreat"). */
  canRetreat: boolean;
}

export interface BattleInput {
  kind: "sector" | "cross-border";
  /** Label for the report: "224 Tranome Sar", or "the border of 3 Alpha and 4 Beta". */
  where: string;
  sector: SectorId | null;
  units: BattleUnit[];
  /** Who is at war with whom here (independents against intruders included). */
  hostile: (a: EmpireId, b: EmpireId) => boolean;
  /** Same empire or allied: such units take casualties as one team. */
  friendly: (a: EmpireId, b: EmpireId) => boolean;
  /**
   * The sector defence, for sector battles only: its level and damage, and the
   * empires it protects (the sector's owner at the end of the previous phase and
   * his allies).
   */
  defence: { level: number; damage: number; protects: EmpireId[] } | null;
  settings: Pick<Settings, "defenceBonus">;
  /** Safety stop; battles end long before (RULINGS.md). */
  maxRounds?: number;
}

export interface UnitOutcome {
  id: UnitId;
  /** Starships left after casualties and the aftermath, by type and rank. */
  ships: { type: StarshipTypeId; rank: Rank; count: number }[];
  /** Admirals still alive. */
  admirals: string[];
  /** Losses by starship type (casualties plus wounded destroyed in the aftermath). */
  lost: Record<StarshipTypeId, number>;
  admiralsLost: string[];
  /** Round at whose end it retreated, or null. */
  retreatedAfterRound: number | null;
  /** Successful siege attempts by its starships (raises its leader's siegecraft). */
  siegeHits: number;
  /** Enemy starships it destroyed (drives its leader's tactics gain). */
  kills: number;
}

export interface BattleResult {
  rounds: number;
  units: UnitOutcome[];
  /** Owners whose units hold the field at the end (none left: empty). */
  holders: EmpireId[];
  /** Sector defence damage after siege (sector battles with a defence). */
  defenceDamage: number | null;
  /** Tactics gain per admiral id for victorious leaders. */
  tacticsGain: Record<string, number>;
  report: BattleReport;
}

/** The chapter 6 battle report, as data; `battleReportText` prints it in the rulebook's layout. */
export interface BattleReport {
  kind: "sector" | "cross-border";
  where: string;
  units: {
    id: UnitId;
    name: string;
    owner: EmpireId;
    modifiers: string;
    totalCombat: number;
    totalHits: number;
  }[];
  siege: { unit: UnitId; attempts: number; hits: number }[];
  defence: { level: number; damageBefore: number; damageAfter: number } | null;
  rounds: {
    round: number;
    fire: { unit: UnitId; retreatLevel: Rank; lines: { count: number; starship: string; damage: number }[] }[];
    status: { unit: UnitId; suffered: number; totalHits: number; totalDamage: number }[];
    casualtyRound: boolean;
    casualties: { unit: UnitId; suffered: number; losses: { starship: string; hits: number; killed: boolean; remaining: number }[] }[];
    retreats: { unit: UnitId; to: string | null }[];
  }[];
  wounded: { unit: UnitId; starship: string; damage: number; hits: number; destroyed: boolean }[];
  holders: EmpireId[];
}

export function fightBattle(_input: BattleInput, _rng: Rng): BattleResult {
  throw new Error("fightBattle: not implemented yet");
}

export function battleReportText(_report: BattleReport, _viewer: EmpireId): string {
  throw new Error("battleReportText: not implemented yet");
}
