/**
 * The campaign as a pipeline of steps (l.15-45, "CAMPAIGN SEQUENCE"), each one step of the game:
 *
 *   1. design      (campaign start only) every seat designs up to 3 craft                    designs.ts
 *   2. purchase    each game: the scenario chosen and the cards drawn as the step before ended;
 *                  every seat buys craft and puts its crews aboard                           purchase.ts
 *   3. deploy      every seat places its craft as hidden markers, as the scenario says        scenarios/deployment.ts
 *   4. battle      one step per player turn (the-turn/sequence.ts) until the battle ends
 *   5. after-game  every seat gives out its medals and may scrap a design for a new one;      after-game.ts
 *                  then the next game's purchase, or the campaign's end
 *
 * Steps 1, 2, 3 and 5 await every seat at once; a battle step awaits the active seat. `resolveStep` parses each
 * seat's orders again (file positions kept), sorts them by type, refuses those this step does not take, and hands
 * each part only the orders it reads.
 */

import type { SeatId } from "../../../core/ids.js";
import { cloneData } from "../../../core/json.js";
import type { Rng } from "../../../core/rng.js";
import type { Resolution } from "../../../core/ruleset.js";
import type { SxEvent } from "../events.js";
import type { CampaignStep, SpaceWarState } from "../model.js";
import { type Order, type Orders, parseGivenOrders, STEP_ORDERS } from "../orders.js";
import { deployStep } from "../scenarios/deployment.js";
import { EMPTY, playerTurn } from "../the-turn/sequence.js";
import { afterGameStep, closeBattle } from "./after-game.js";
import { designStep } from "./designs.js";
import { beginGame } from "./each-game.js";
import { purchaseStep } from "./purchase.js";
import { type Given, noOrders, type Sorted, type StepContext, stepContext } from "./step.js";

export const STEP_NAMES: Readonly<Record<CampaignStep, string>> = {
  design: "Designing craft",
  purchase: "Choosing craft",
  deploy: "Deployment",
  battle: "Battle",
  "after-game": "After the game",
};

/** The seats a step awaits: every seat, or in a battle the active one; none once the campaign is over. */
export function awaiting(state: SpaceWarState): SeatId[] {
  if (state.outcome) return [];
  const c = state.campaign;
  if (c.step === "battle") return c.battle && !c.battle.ended ? [c.battle.active] : [];
  return state.seats.map((s) => s.id);
}

/** A seat's orders sorted by type; orders this step does not take become problems naming the steps that do. */
export function sortOrders(ctx: StepContext, seat: SeatId, given: Orders | undefined): Sorted {
  const step = ctx.state.campaign.step;
  const { orders, problems, positions } = parseGivenOrders(given ?? { orders: [] });
  for (const p of problems) ctx.fail(seat, p.order, p.code, p.message);
  const out = noOrders();
  const takes: readonly string[] = STEP_ORDERS[step];
  orders.orders.forEach((order: Order, i: number) => {
    const at = `#${positions[i] ?? i} ${order.type}${"craft" in order && typeof order.craft === "string" ? ` ${order.craft}` : ""}`;
    if (!takes.includes(order.type)) {
      const where = (Object.keys(STEP_ORDERS) as CampaignStep[]).filter((s) => (STEP_ORDERS[s] as readonly string[]).includes(order.type));
      ctx.fail(
        seat,
        at,
        "wrong-step",
        `${STEP_NAMES[step]} takes ${takes.join(", ")} orders; ${order.type} is given in ${where.map((s) => STEP_NAMES[s]).join(", ")}`,
      );
      return;
    }
    const list: Given[] = out[order.type];
    list.push({ order, at });
  });
  return out;
}

/** The pure step: same state, orders and dice give byte-identical results. */
export function resolveStep(
  state: SpaceWarState,
  ordersBySeat: Readonly<Record<SeatId, Orders>>,
  rng: Rng,
): Resolution<SpaceWarState, SxEvent> {
  const ctx = stepContext(cloneData(state), rng);
  const s = ctx.state;
  const step = s.campaign.step;
  ctx.where = `game ${s.campaign.game + 1}, ${STEP_NAMES[step]}`;
  if (step === "battle") {
    const active = s.campaign.battle?.active;
    playerTurn(ctx, active === undefined ? EMPTY : sortOrders(ctx, active, ordersBySeat[active]));
    if (s.campaign.battle?.ended) closeBattle(ctx);
  } else {
    const sorted: Record<SeatId, Sorted> = {};
    for (const seat of awaiting(s)) sorted[seat] = sortOrders(ctx, seat, ordersBySeat[seat]);
    if (step === "design") {
      designStep(ctx, sorted);
      beginGame(ctx);
    } else if (step === "purchase") purchaseStep(ctx, sorted);
    else if (step === "deploy") deployStep(ctx, sorted);
    else {
      afterGameStep(ctx, sorted);
      if (!s.outcome) beginGame(ctx);
    }
  }
  s.step += 1;
  return { state: s, events: ctx.events, problems: ctx.problems };
}
