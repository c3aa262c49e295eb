/**
 * A side's attack step whole (seed 000 "STRATEGIC TURN SEQUENCE" 3 and 4): declare, then fight each battle and write
 * it back. "These attacks are then resolved in any order the Sathar player wishes": battles are fought in the order
 * they were first declared (seats in seat order, orders in their order), a stable order the players control.
 */
import type { Problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import type { BattleResolver } from "../battles/battle.js";
import type { SwEvent } from "../events.js";
import type { SatharWarState, Side } from "../model.js";
import type { Order } from "../orders.js";
import { copyForBattles, writeBattle } from "./battle-results.js";
import { declareAttacks } from "./declaring-combat.js";

export function fightAttacks(
  state: SatharWarState,
  side: Side,
  ordersBySeat: Readonly<Record<string, readonly Order[]>>,
  resolver: BattleResolver,
  rng: Rng,
): { state: SatharWarState; events: SwEvent[]; problems: Record<string, Problem[]> } {
  const declared = declareAttacks(state, side, ordersBySeat);
  // One copy for the whole step; each battle is in its own system, so one battle's result cannot change another's ships.
  const next = copyForBattles(state);
  const events: SwEvent[] = [...declared.events];
  for (const input of declared.battles) {
    const result = resolver.resolve(input, rng);
    events.push(...writeBattle(next, input, result));
  }
  return { state: next, events, problems: declared.problems };
}
