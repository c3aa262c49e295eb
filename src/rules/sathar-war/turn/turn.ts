/**
 * The strategic turn as a pipeline of the seeds' named steps (seed 000 "STRATEGIC TURN SEQUENCE"):
 *
 *   set-up   0. UPF set-up (non-attached ships, fighters, drones)   1. Sathar set-up (retreat condition, placement)
 *   each day 1. Sathar reinforcements placed, Sathar ships moved      2. Strike Force NOVA placed, UPF ships moved
 *            3. Sathar attacks declared and resolved                  4. UPF attacks declared and resolved
 *            5. the Time Record advances (fighters left outside are lost, rearming, repairs, the Void, replacements,
 *               the retreat conditions at a tenday's end)
 *
 * When battles are fought at the table (issue 12 way 3), an attack step that declared some is followed by that side's
 * battle results step, in which its seats enter them (battles/table).
 *
 * Each of set-up 0-1 and day steps 1-4 is one step of the game, awaiting one side's seats. An attack step in which
 * the side has nothing it could attack is passed over within the step before it (it would await a seat with no
 * choice to make), so a quiet day is two steps.
 */
import { cloneData } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import type { Resolution } from "../../../core/ruleset.js";
import { type SwEvent, swEvent } from "../events.js";
import type { Phase, SatharWarState, Side } from "../model.js";
import { ORDER_TYPES, type Order, type Orders, type OrderType, PHASE_ORDERS } from "../orders.js";
import { chooseReplacements } from "../replacements/replacements.js";
import { base, chooseRetreat, deploy } from "../setting-up/set-up.js";
import { applyMines } from "../special-combat/mines-and-seekers.js";
import { applyStance } from "./stance.js";

export const PHASE_NAMES: Readonly<Record<Phase, string>> = {
  "upf-setup": "UPF set-up",
  "sathar-setup": "Sathar set-up",
  "sathar-move": "Sathar movement",
  "upf-move": "UPF movement",
  "sathar-attack": "Sathar attacks",
  "upf-attack": "UPF attacks",
  "sathar-results": "Sathar battle results",
  "upf-results": "UPF battle results",
};

/** The side whose seats a phase awaits. */
export function sideOf(phase: Phase): Side {
  return phase.startsWith("sathar") ? "sathar" : "upf";
}

/** Orders of one type, with their position in the file (for problems: "#3 move TFC-BB1"). */
export type Indexed<O> = { order: O; index: number }[];

/** A seat's orders sorted by type; orders its phase does not take become problems naming the phases that do. */
export function byType(phase: Phase, orders: readonly Order[], problems: Problem[]): Record<OrderType, Indexed<Order>> {
  const out = {} as Record<OrderType, Indexed<Order>>;
  for (const t of ORDER_TYPES) out[t] = [];
  const takes: readonly string[] = PHASE_ORDERS[phase];
  orders.forEach((order, index) => {
    if (!takes.includes(order.type)) {
      const where = (Object.keys(PHASE_ORDERS) as Phase[]).filter((p) => (PHASE_ORDERS[p] as readonly string[]).includes(order.type));
      problems.push({
        order: `#${index} ${order.type}`,
        code: "wrong-phase",
        message: `${PHASE_NAMES[phase]} takes ${takes.join(", ")} orders; ${order.type} is given in ${where.map((p) => PHASE_NAMES[p]).join(", ")}`,
      });
      return;
    }
    out[order.type].push({ order, index });
  });
  return out;
}

/** Typed access to one type's orders. */
export function ordersOf<T extends OrderType>(sorted: Record<OrderType, Indexed<Order>>, type: T): Indexed<Extract<Order, { type: T }>> {
  return sorted[type] as Indexed<Extract<Order, { type: T }>>;
}

/** The seats of a side, in the campaign's order. */
export function seatsOf(state: SatharWarState, side: Side): string[] {
  return state.seats.filter((s) => s.side === side).map((s) => s.id);
}

export interface PhaseHandlers {
  /** Apply a phase's orders (stance already applied): the phase's own rules. */
  run(
    phase: Phase,
    state: SatharWarState,
    sorted: Record<string, Record<OrderType, Indexed<Order>>>,
    rng: Rng,
    events: SwEvent[],
    problems: Record<string, Problem[]>,
  ): SatharWarState;
  /** The day's end (step 5): returns the state of the next day. */
  endOfDay(state: SatharWarState, rng: Rng, events: SwEvent[]): SatharWarState;
  /** Can `side` attack anything now (else its attack step is passed over)? */
  canAttack(state: SatharWarState, side: Side): boolean;
}

/** The phase after `phase`, given the state (attack steps with nothing to attack are passed over). */
function nextPhase(phase: Phase): Phase | "end-of-day" {
  switch (phase) {
    case "upf-setup":
      return "sathar-setup";
    case "sathar-setup":
      return "sathar-move";
    case "sathar-move":
      return "upf-move";
    case "upf-move":
      return "sathar-attack";
    case "sathar-attack":
      return "upf-attack";
    case "upf-attack":
      return "end-of-day";
    case "sathar-results":
      return "upf-attack";
    case "upf-results":
      return "end-of-day";
  }
}

/**
 * After an attack step that kept battles for the table (battles/table, issue 12 way 3), the same side's battle
 * results step; its seats enter the results, then the day goes on where it left off.
 */
function afterRun(phase: Phase, state: SatharWarState): Phase | "end-of-day" {
  if ((state.pendingBattles?.length ?? 0) > 0) {
    if (phase === "sathar-attack") return "sathar-results";
    if (phase === "upf-attack") return "upf-results";
  }
  return nextPhase(phase);
}

/**
 * One step: the awaited phase with its side's orders, then on to the next phase that awaits someone (passing over
 * attack steps with nothing to attack and running the day's end), unless the war is over.
 */
export function resolveStep(
  state: SatharWarState,
  ordersBySeat: Readonly<Record<string, Orders>>,
  rng: Rng,
  handlers: PhaseHandlers,
): Resolution<SatharWarState, SwEvent> {
  let s = cloneData(state);
  const events: SwEvent[] = [];
  const problems: Record<string, Problem[]> = {};
  const phase = s.phase;
  const side = sideOf(phase);
  const sorted: Record<string, Record<OrderType, Indexed<Order>>> = {};
  for (const seat of seatsOf(s, side)) {
    const p: Problem[] = (problems[seat] = []);
    sorted[seat] = byType(phase, ordersBySeat[seat]?.orders ?? [], p);
    applyStance(s, seat, ordersOf(sorted[seat], "stance"), p);
    // The minelayer's secret choice, before the step's own rules (it stands until changed, as a stance does).
    applyMines(s, seat, ordersOf(sorted[seat], "mines"), p, events, PHASE_NAMES[phase]);
    // Which lost ships the fortresses and fortified stations replace at the next replacement phase (000 "UPF Replacements").
    chooseReplacements(s, seat, ordersOf(sorted[seat], "replace"), p, events, PHASE_NAMES[phase]);
  }
  s = handlers.run(phase, s, sorted, rng, events, problems);
  let next = afterRun(phase, s);
  while (!s.outcome) {
    if (next === "end-of-day") {
      s = handlers.endOfDay(s, rng, events);
      if (s.outcome) break;
      next = "sathar-move";
      continue;
    }
    if ((next === "sathar-attack" || next === "upf-attack") && !handlers.canAttack(s, sideOf(next))) {
      events.push(swEvent("note", s.day, PHASE_NAMES[next], `${PHASE_NAMES[next]}: nothing to attack; passed over.`));
      next = nextPhase(next);
      continue;
    }
    s.phase = next;
    break;
  }
  s.step += 1;
  for (const seat of Object.keys(problems)) if (problems[seat]?.length === 0) delete problems[seat];
  return { state: s, events, problems };
}

/** The set-up phases' own rules (the lead's): deploy, base, retreat; placement and drones come from their parts. */
export function runSetUp(
  phase: Phase,
  state: SatharWarState,
  sorted: Record<string, Record<OrderType, Indexed<Order>>>,
  problems: Record<string, Problem[]>,
): void {
  for (const [seat, orders] of Object.entries(sorted)) {
    const p = problems[seat] ?? [];
    if (phase === "upf-setup") deploy(state, seat, ordersOf(orders, "deploy"), p);
    if (phase === "sathar-setup") chooseRetreat(state, ordersOf(orders, "retreat"), p);
    base(state, seat, ordersOf(orders, "base"), p);
  }
}
