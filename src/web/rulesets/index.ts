/**
 * The one list of ruleset views (as src/rules/registry.ts is of rulesets): each ruleset's seat view is loaded
 * on demand, so the first page carries the shell only. A ruleset without a view of its own gets the generic one
 * (its report as text and the orders editor). A ruleset's own pages (a fleet builder) are listed here too, by
 * title, and reached at `#/rulesets/RULESET/PAGE` from the lobby; their code is loaded only when opened.
 */
import { type ComponentType, lazy } from "react";
import { GenericSeatView } from "../shell/GenericSeatView.js";
import type { SeatView } from "../shell/views.js";

const VIEWS: Readonly<Record<string, SeatView>> = {
  "galactic-empires": lazy(() => import("./galactic-empires/SeatView.js")),
  battleshift: lazy(() => import("./battleshift/SeatView.js")),
  "sathar-war": lazy(() => import("./sathar-war/SeatView.js")),
  "space-war": lazy(() => import("./space-war/SeatView.js")),
};

export function seatViewFor(ruleset: string): SeatView {
  return Object.hasOwn(VIEWS, ruleset) ? VIEWS[ruleset]! : GenericSeatView;
}

/** A page of a ruleset's own, outside any game. */
export interface RulesetPage {
  ruleset: string;
  name: string;
  title: string;
  component: ComponentType;
}

const PAGES: readonly RulesetPage[] = [
  {
    ruleset: "battleshift",
    name: "fleet-builder",
    title: "Battleshift fleet builder: design ships and squadrons, priced and checked as you edit",
    component: lazy(() => import("./battleshift/FleetBuilder.js")),
  },
  {
    ruleset: "space-war",
    name: "designer",
    title: "Space War squadron designer: craft built module by module, priced and checked as you edit",
    component: lazy(() => import("./space-war/Designer.js")),
  },
];

export function rulesetPages(): readonly RulesetPage[] {
  return PAGES;
}

export function rulesetPage(ruleset: string, name: string): RulesetPage | undefined {
  return PAGES.find((p) => p.ruleset === ruleset && p.name === name);
}
