/**
 * What the shell gives a ruleset's seat view (src/web/rulesets/<ruleset>/): the game, the seat, the step whose
 * results to show (null: the last run), and a number that changes whenever the game moved on (a step ran), so
 * the view reloads what it shows. The view fetches its own report, view and orders through the API.
 */
import type { ComponentType } from "react";
import type { GameSummary } from "./api.js";

export interface SeatViewProps {
  game: GameSummary;
  seat: string;
  reportStep: number | null;
  version: number;
  /** A number that changes whenever a message to this seat (or to all) arrives, so a view that shows them reloads. */
  messages?: number;
  /**
   * The seat is watched, not played (a spectator, or a game master without the seat): the view shows what it would
   * show its player (its map, table, results) but no control that writes (orders, plans, pointing tools, letters),
   * and reads only what a reader of the seat may (its view and report), never the orders routes (template, check).
   */
  readOnly?: boolean;
}

export type SeatView = ComponentType<SeatViewProps>;
