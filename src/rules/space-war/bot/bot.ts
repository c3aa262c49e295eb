/**
 * Computer players for Space War (issue 13). They decide from what their seat knows (`knownState`), never from hidden
 * state; the host's generator is given them, but the normal bot rolls no dice (the same known state, the same
 * orders).
 *
 * - normal: every step of the campaign (designs.ts, purchase.ts, deploy.ts, battle.ts with manoeuvre.ts and fire.ts,
 *   after-game.ts). It plays whichever seat it is given, the cultural terrorists' or the machines' too: its turn reads
 *   the craft it has, not the scenario.
 * - random: the seat's menus drawn at random (presentation/legal-orders.ts `randomOrders`, the views' own), which the
 *   normal bot is measured against (test/space-war/bots.test.ts, bench/space-war-campaign.bench.ts).
 */
import type { SeatId } from "../../../core/ids.js";
import type { Rng } from "../../../core/rng.js";
import type { SpaceWarState } from "../model.js";
import type { Order, Orders } from "../orders.js";
import { afterGameOrders } from "./after-game.js";
import { turnOrders } from "./battle.js";
import { deployOrders } from "./deploy.js";
import { designOrders } from "./designs.js";
import { purchaseOrders } from "./purchase.js";

export function normalOrders(known: SpaceWarState, seat: SeatId, rng: Rng): Orders {
  const at = { seat, step: known.step };
  if (known.outcome) return { ...at, orders: [] };
  let orders: Order[] = [];
  switch (known.campaign.step) {
    case "design":
      orders = designOrders(known, seat);
      break;
    case "purchase":
      orders = purchaseOrders(known, seat);
      break;
    case "deploy":
      orders = deployOrders(known, seat);
      break;
    case "battle":
      orders = turnOrders(known, seat, rng);
      break;
    case "after-game":
      orders = afterGameOrders(known, seat);
      break;
  }
  return { ...at, orders };
}
