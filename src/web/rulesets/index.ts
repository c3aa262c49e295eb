/**
 * The one list of ruleset views (as src/rules/registry.ts is of rulesets): each ruleset's seat view is loaded
 * on demand, so the first page carries the shell only. A ruleset without a view of its own gets the generic one
 * (its report as text and the orders editor).
 */
import { lazy } from "react";
import { GenericSeatView } from "../shell/GenericSeatView.js";
import type { SeatView } from "../shell/views.js";

const VIEWS: Readonly<Record<string, SeatView>> = {
  "galactic-empires": lazy(() => import("./galactic-empires/SeatView.js")),
  battleshift: lazy(() => import("./battleshift/SeatView.js")),
};

export function seatViewFor(ruleset: string): SeatView {
  return Object.hasOwn(VIEWS, ruleset) ? VIEWS[ruleset]! : GenericSeatView;
}
