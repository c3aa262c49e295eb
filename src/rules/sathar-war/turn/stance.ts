/** The `stance` order: how a seat's ships fight until it says otherwise (breaking off, the planet option, drones). */
import type { Problem } from "../../../core/result.js";
import type { SatharWarState } from "../model.js";
import type { StanceOrder } from "../orders.js";
import { DEFAULT_STANCE } from "../setting-up/create.js";

export function applyStance(
  state: SatharWarState,
  seat: string,
  orders: readonly { order: StanceOrder; index: number }[],
  _problems: Problem[],
): void {
  for (const { order } of orders) {
    const was = state.stances[seat] ?? { ...DEFAULT_STANCE };
    state.stances[seat] = {
      breakOffAtHullLost: order.breakOffAtHullLost ?? was.breakOffAtHullLost,
      breakOffOutgunned: order.breakOffOutgunned ?? was.breakOffOutgunned,
      nearPlanet: order.nearPlanet ?? was.nearPlanet,
      detonateDrones: order.detonateDrones ?? was.detonateDrones,
    };
    const toward = order.escapeToward ?? was.escapeToward;
    if (toward !== undefined) state.stances[seat] = { ...state.stances[seat], escapeToward: toward };
    const way = order.battleWay ?? was.battleWay;
    if (way !== undefined) state.stances[seat] = { ...state.stances[seat], battleWay: way };
  }
}
