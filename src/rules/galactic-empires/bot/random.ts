/**
 * The random bot: random orders (random-orders.ts) drawn from what the empire
 * knows (view.ts `knownState`: foreign units it cannot see are not there), kept
 * only if the check (check.ts, the FAQ's "scroll") does not expect them to fail.
 * Orders the check rejects are dropped and the rest checked again, since one
 * order's failure can make another fail (a transfer into a fleet that was not
 * formed); what still fails after a few rounds is dropped whole.
 */
import { own } from "../../../core/ids.js";
import type { Rng } from "../../../core/rng.js";
import { checkOrders } from "../check.js";
import type { EmpireId, GameState } from "../model.js";
import type { Order, Orders } from "../orders.js";
import { randomOrders } from "../random-orders.js";
import { knownState } from "../view.js";

const ROUNDS = 6;

export function randomLegalOrders(state: GameState, seat: EmpireId, rng: Rng): Orders {
  const wrap = (orders: Order[]): Orders => ({ empire: seat, turn: state.turn, orders });
  if (own(state.empires, seat)?.defeated) return wrap([]);
  let list = randomOrders(knownState(state, seat), seat, rng).orders;
  for (let round = 0; round < ROUNDS && list.length > 0; round++) {
    const c = checkOrders(state, seat, wrap(list));
    if (c.problems.length === 0) return wrap(list);
    const bad = new Set<number>();
    for (const p of c.problems) {
      const m = /^#(\d+)\b/.exec(p.order);
      if (m) bad.add(Number(m[1]));
    }
    if (bad.size === 0) return wrap([]);
    list = list.filter((_, i) => !bad.has(i));
  }
  return checkOrders(state, seat, wrap(list)).problems.length === 0 ? wrap(list) : wrap([]);
}
