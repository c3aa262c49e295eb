/**
 * Each engine event with its readable line, as the contract's event base asks
 * (core/events.ts: kind, step, to, text). Messages and proclamations carry their
 * own text; the others get one here, at the ruleset's edge, so the engine's own
 * events (and the stored replays that hash them) stay as they are.
 */
import type { GameEvent } from "../../../core/events.js";
import type { GeEvent } from "../events.js";

export function eventText(e: GeEvent): GeEvent & GameEvent {
  switch (e.kind) {
    case "message":
    case "proclamation":
      return e;
    case "problem":
      return { ...e, text: `${e.problem.order}: ${e.problem.message} (${e.problem.code})` };
    case "battle":
      return { ...e, text: `battle at ${e.report.where}: ${e.report.units.map((u) => u.name).join(", ")}` };
    case "espionage":
      return { ...e, text: `espionage report on ${e.target}` };
    case "ships":
      return {
        ...e,
        text: `${e.delta > 0 ? `${e.delta} built` : `${-e.delta} lost`} (${e.reason}): ${e.starship} in ${e.unit}`,
      };
    case "ownership":
      return { ...e, text: `sector ${e.sector} passes from ${e.from} to ${e.owner} (${e.how})` };
  }
}
