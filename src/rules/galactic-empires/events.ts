/**
 * Everything that happens in a turn is an event (../shared/DESIGN.md principle 2).
 * Results, battle reports and views are derived from events, each filtered by who
 * may see it: `to` lists the empires an event is for ("all" for public news).
 */
import type { Problem } from "../../core/result.js";
import type { BattleReport } from "./battle.js";
import type { EmpireId, SectorId, StarshipTypeId, UnitId } from "./model.js";

export type Audience = EmpireId[] | "all";

/** A line in an empire's messages (chapter 1, "Messages Menu"). */
export interface MessageEvent {
  kind: "message";
  to: Audience;
  /** The named step of chapter 4 it happened in, e.g. "Phase 2: Starfleets Travel". */
  step: string;
  text: string;
}

/** An order that failed, with its reason: shown in the empire's results. */
export interface ProblemEvent {
  kind: "problem";
  to: [EmpireId];
  step: string;
  problem: Problem;
}

export interface BattleEvent {
  kind: "battle";
  /** Empires with units in the battle. */
  to: EmpireId[];
  step: string;
  report: BattleReport;
}

export interface ProclamationEvent {
  kind: "proclamation";
  to: "all";
  step: string;
  from: EmpireId;
  text: string;
  /** Resources gained: 7, 0 (too short) or -7 (unsuitable). */
  income: number;
}

export interface EspionageEvent {
  kind: "espionage";
  to: [EmpireId];
  step: string;
  target: EmpireId;
  /** Each field is a number, or null when the agents did not learn it. */
  fields: Record<string, number | null>;
}

/**
 * Every change in an empire's starship count, with its cause. Property tests add
 * these up: starships appear only by building and vanish only by recorded events.
 */
export interface ShipLedgerEvent {
  kind: "ships";
  to: [EmpireId];
  step: string;
  empire: EmpireId;
  unit: UnitId;
  starship: StarshipTypeId;
  /** Positive for built, negative for lost. */
  delta: number;
  reason: "built" | "battle" | "aftermath" | "upkeep" | "disband" | "salvage" | "defeated" | "gift";
}

/** Sector ownership change (public on the map). */
export interface OwnershipEvent {
  kind: "ownership";
  to: "all";
  step: string;
  sector: SectorId;
  from: EmpireId;
  owner: EmpireId;
  how: "conquest" | "gift" | "defeat";
}

export type GeEvent = MessageEvent | ProblemEvent | BattleEvent | ProclamationEvent | EspionageEvent | ShipLedgerEvent | OwnershipEvent;

export function isFor(e: GeEvent, empire: EmpireId): boolean {
  return e.to === "all" || e.to.includes(empire);
}
