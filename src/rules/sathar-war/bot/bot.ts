/**
 * Computer players for both sides. They decide from what their seat knows (`knownState`), never from hidden state,
 * and are deterministic (no dice: the same known state gives the same orders).
 *
 * - normal: `sathar-strategy.ts` (entry circles, concentration on stations and fortresses, risk jumps, the Void,
 *   sparing the ships the retreat condition counts) and `upf-strategy.ts` (one battle fleet with NOVA placed at once,
 *   timed to meet a Sathar stack it outweighs, else screening the fortresses; rearming and repair); `strength.ts`
 *   weighs both.
 * - passive: sends nothing (the rules' defaults: ships in transit keep going, nobody attacks).
 * - random: random orders from the seat's menus (`random.ts`).
 */
import type { SatharWarState } from "../model.js";
import type { Order, Orders } from "../orders.js";
import { sideOfSeat } from "../presentation/known-state.js";
import { attacksFor } from "../special-combat/index.js";
import { satharAttacks, satharMove, satharSetUp } from "./sathar-strategy.js";
import { upfAttacks, upfMove, upfSetUp } from "./upf-strategy.js";

export { randomFromMenus } from "./random.js";
export { weightIn } from "./strength.js";

/** The systems the seat may attack now, as the rules' own menu (`attacksFor`) offers them. */
function attackable(known: SatharWarState, seat: string): Set<string> {
  const out = new Set<string>();
  for (const o of attacksFor(known, seat)) {
    const f = o.fields.system;
    if (f?.kind === "choice") for (const v of f.values) out.add(String(v.value));
  }
  return out;
}

export function normalOrders(known: SatharWarState, seat: string): Orders {
  const side = sideOfSeat(known, seat);
  const at = { seat, step: known.step };
  if (!side || known.outcome) return { ...at, orders: [] };
  let orders: Order[] = [];
  switch (known.phase) {
    case "upf-setup":
      orders = side === "upf" ? upfSetUp(known, seat) : [];
      break;
    case "sathar-setup":
      orders = side === "sathar" ? satharSetUp(known, seat) : [];
      break;
    case "sathar-move":
      orders = side === "sathar" ? satharMove(known, seat) : [];
      break;
    case "upf-move":
      orders = side === "upf" ? upfMove(known, seat) : [];
      break;
    case "sathar-attack":
      orders = side === "sathar" ? satharAttacks(known, seat, attackable(known, seat)) : [];
      break;
    case "upf-attack":
      orders = side === "upf" ? upfAttacks(known, attackable(known, seat)) : [];
      break;
    case "sathar-results":
    case "upf-results":
      // A bot has no table to fight at: it enters nothing, and the battle is fought the campaign's other way.
      break;
  }
  return { ...at, orders };
}
