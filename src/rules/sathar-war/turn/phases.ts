/**
 * Each phase's own rules, wired into the step pipeline (turn.ts): the parts of the rulebook each phase calls, in the
 * seeds' order within it.
 */
import type { Problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import type { BattleResolver } from "../battles/battle.js";
import { battleshiftResolver } from "../battles/battleshift/battleshift-resolver.js";
import { type SwEvent, swEvent } from "../events.js";
import type { BattleMode, Phase, SatharWarState, Side } from "../model.js";
import type { Order, OrderType } from "../orders.js";
import { contested, type Indexed, type PhaseHandlers, runSetUp } from "./turn.js";

/** The resolver a campaign's setting names ("table": not yet, RULINGS.md "Not yet done"; fought as quick). */
export function resolverFor(mode: BattleMode): BattleResolver {
  return mode === "battleshift" ? battleshiftResolver : battleshiftResolver;
}

function nextDay(state: SatharWarState, events: SwEvent[]): SatharWarState {
  state.day += 1;
  state.today = { moved: [], fought: [], attacked: [] };
  events.push(swEvent("day", state.day, "The Time Record advances", `Day ${state.day} begins.`));
  return state;
}

export const HANDLERS: PhaseHandlers = {
  run(
    phase: Phase,
    state: SatharWarState,
    sorted: Record<string, Record<OrderType, Indexed<Order>>>,
    _rng: Rng,
    _events: SwEvent[],
    problems: Record<string, Problem[]>,
  ): SatharWarState {
    if (phase === "upf-setup" || phase === "sathar-setup") runSetUp(phase, state, sorted, problems);
    return state;
  },
  endOfDay(state: SatharWarState, _rng: Rng, events: SwEvent[]): SatharWarState {
    if (state.settings.dayLimit > 0 && state.day >= state.settings.dayLimit) {
      state.outcome = { winner: "draw", reason: `the day limit (${state.settings.dayLimit}) was reached`, day: state.day };
      return state;
    }
    return nextDay(state, events);
  },
  canAttack(state: SatharWarState, _side: Side): boolean {
    return contested(state).length > 0;
  },
};
