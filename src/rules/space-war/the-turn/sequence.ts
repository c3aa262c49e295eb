/**
 * The player turn as a numbered pipeline of the seed's named steps (l.263-347, "Turn Sequence"):
 *
 *   S1 Make Armour saves        S2 Results of Damage          (rolled for the next player as a step ends, C.20)
 *   S3 Opt to give up           S4 Launch / retrieve Fighters S5 Tractor Beam       S6 Explode Nuclear devices
 *   S7 Movement                 S8 Ramming                    S9 Shoot              S10 Repairs
 *   S11 Re-arm Expendables      S12 Spotting
 *
 * One step of the game is one player's turn: its S3-S12 run on that seat's orders in this order; then, unless the
 * battle is over, the next seat in `Battle.order` becomes active and its S1-S2 are rolled at once (they take no
 * orders: "Effects of Hits are calculated at the start of the players turn", l.355), so the player sees what the
 * hits did before writing the orders of S3-S12. Each step's module is given only what it needs: the step's context
 * (the state, the dice, events, problems), the seat and its orders.
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, noOrders, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import type { Roll } from "../events.js";
import type { TurnStep } from "../model.js";
import { rankByDice } from "../scenarios/wall-of-battle.js";
import { battleOver } from "./battle-end.js";
import { makeArmourSaves } from "./s1-armour-saves.js";
import { resultsOfDamage } from "./s2-results-of-damage.js";
import { optToGiveUp } from "./s3-give-up.js";
import { launchAndRetrieve } from "./s4-launch-retrieve.js";
import { tractorBeams } from "./s5-tractor-beam.js";
import { explodeNukes } from "./s6-nuclear-devices.js";
import { moveCraft } from "./s7-movement.js";
import { ramming } from "./s8-ramming.js";
import { shoot } from "./s9-shoot.js";
import { repairs } from "./s10-repairs.js";
import { rearmExpendables } from "./s11-rearm.js";
import { spotting } from "./s12-spotting.js";

/** One step of the turn: its number, the seed's name for it, and what it does with the seat's orders. */
export interface TurnStepRule {
  step: TurnStep;
  name: string;
  run(ctx: StepContext, seat: SeatId, orders: Sorted): void;
}

/** S1-S2: at the start of a player's turn, no orders (l.351-404). */
export const START_OF_TURN: readonly TurnStepRule[] = [
  { step: "S1", name: "Make Armour saves", run: (ctx, seat) => makeArmourSaves(ctx, seat) },
  { step: "S2", name: "Results of Damage", run: (ctx, seat) => resultsOfDamage(ctx, seat) },
];

/** S3-S12: the player's orders (l.408-665). */
export const PLAYER_TURN: readonly TurnStepRule[] = [
  { step: "S3", name: "Opt to give up", run: optToGiveUp },
  { step: "S4", name: "Launch / retrieve Fighters", run: launchAndRetrieve },
  { step: "S5", name: "Tractor Beam", run: tractorBeams },
  { step: "S6", name: "Explode Nuclear devices", run: explodeNukes },
  { step: "S7", name: "Movement", run: moveCraft },
  { step: "S8", name: "Ramming", run: ramming },
  { step: "S9", name: "Shoot", run: shoot },
  { step: "S10", name: "Repairs", run: repairs },
  { step: "S11", name: "Re-arm Expendables", run: (ctx, seat) => rearmExpendables(ctx, seat) },
  { step: "S12", name: "Spotting", run: (ctx, seat) => spotting(ctx, seat) },
];

/** "game 1, turn 2, blue S9 Shoot" */
export function stepName(ctx: StepContext, seat: SeatId, rule: Pick<TurnStepRule, "step" | "name">): string {
  const b = battleOf(ctx.state);
  return `game ${ctx.state.campaign.game + 1}, turn ${b.turn}, ${seat} ${rule.step} ${rule.name}`;
}

function runSteps(ctx: StepContext, seat: SeatId, orders: Sorted, rules: readonly TurnStepRule[]): void {
  for (const rule of rules) {
    if (battleOf(ctx.state).ended) return;
    ctx.where = stepName(ctx, seat, rule);
    rule.run(ctx, seat, orders);
    const over = battleOver(ctx.state);
    if (over) battleOf(ctx.state).ended = over;
  }
}

/** The seat after `seat` in the battle's order that still plays (has not given up), and whether a new turn begins. */
export function nextSeat(order: readonly SeatId[], gaveUp: readonly SeatId[], seat: SeatId): { seat: SeatId; newTurn: boolean } {
  const at = order.indexOf(seat);
  for (let i = 1; i <= order.length; i++) {
    const j = (at + i) % order.length;
    const s = order[j] as SeatId;
    if (!gaveUp.includes(s)) return { seat: s, newTurn: at + i >= order.length };
  }
  return { seat, newTurn: true };
}

/**
 * The active seat's turn, S3-S12, then the next seat's S1-S2. The battle ends (`Battle.ended`) when a step leaves a
 * side wiped out or given up (battle-end.ts); what follows the battle is the campaign's (campaign-sequence).
 */
export function playerTurn(ctx: StepContext, orders: Sorted): void {
  const b = battleOf(ctx.state);
  const seat = b.active;
  runSteps(ctx, seat, orders, PLAYER_TURN);
  if (b.ended) return;
  // A squadron with nothing left (every craft gone) plays no more turns: in the Wall of Battle its allies fight on.
  const out = b.order.filter((x) => !b.craft.some((c) => c.owner === x && c.where.kind !== "gone"));
  const skip = [...b.gaveUp, ...out];
  let next = nextSeat(b.order, skip, seat);
  if (next.newTurn) {
    b.turn++;
    if (ctx.state.campaign.sides !== undefined && ctx.state.settings.wallOrder === "turn") {
      // l.1031 "Optionally decide it at the start of each complete turn using Squadron Cards!" (C.35).
      ctx.where = `game ${ctx.state.campaign.game + 1}, turn ${b.turn}, the Squadron Cards`;
      const rolls: Roll[] = [];
      b.order = rankByDice(ctx, b.order, "Squadron Card", rolls);
      ctx.emit("order", `The Squadron Cards deal turn ${b.turn}'s order of play (l.1031, C.35): ${b.order.join(", ")}.`, { rolls });
      const first = b.order.find((x) => !skip.includes(x));
      if (first !== undefined) next = { seat: first, newTurn: true };
    }
  }
  b.active = next.seat;
  runSteps(ctx, next.seat, EMPTY, START_OF_TURN);
}

/** No orders (S1-S2 take none). */
export const EMPTY: Sorted = Object.freeze(noOrders());
