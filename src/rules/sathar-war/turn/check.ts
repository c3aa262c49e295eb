/**
 * The check is the real step (README "The check is the real turn"): the seat's orders are run through the step on
 * the campaign as the seat knows it, with the other seats sending nothing and stand-in dice, and every problem the
 * step finds with them is a failing line. Lines for orders that stand say what they will do where a part of the
 * rules can say it more precisely (moves: boxes and days, the safe-jump chance; attacks: who would fight).
 */
import { isId } from "../../../core/ids.js";
import { Rng } from "../../../core/rng.js";
import type { Check, CheckLine } from "../../../core/ruleset.js";
import type { SatharWarState } from "../model.js";
import { type Orders, parseGivenOrders } from "../orders.js";
import { knownState, sideOfSeat } from "../presentation/known-state.js";
import { PHASE_NAMES, type PhaseHandlers, resolveStep, seatsOf, sideOf } from "./turn.js";

export interface CheckParts {
  handlers: PhaseHandlers;
  /** What each order will do, from its part of the rules (the lines of orders that fail are replaced by their problems). */
  explain?: (known: SatharWarState, seat: string, orders: Orders) => CheckLine[];
}

export function checkOrders(state: SatharWarState, seat: string, given: Orders, parts: CheckParts): Check {
  const refuse = (order: string, code: string, message: string): Check => ({
    ok: false,
    lines: [{ step: "Orders", order, text: message, ok: false }],
    problems: [{ order, code, message }],
  });
  const side = isId(seat) ? sideOfSeat(state, seat) : undefined;
  if (!side) {
    const named = JSON.stringify(seat.length > 40 ? `${seat.slice(0, 40)}...` : seat);
    return refuse("orders", "unknown-seat", `no seat ${named} in this campaign; seats: ${state.seats.map((s) => s.id).join(", ")}`);
  }
  const { orders, problems: malformed } = parseGivenOrders(given);
  if (orders.seat !== undefined && orders.seat !== seat)
    return refuse("seat", "wrong-seat", `these orders are for seat "${orders.seat}", not for "${seat}": nothing in them is checked`);
  if (state.outcome) return refuse("", "game-over", "the war is over; it takes no more orders");
  if (orders.step !== undefined && orders.step !== state.step)
    return refuse("step", "wrong-step", `these orders are for step ${orders.step}; the campaign is at step ${state.step}`);
  const phase = state.phase;
  if (sideOf(phase) !== side) {
    const now = `step ${state.step} is the ${PHASE_NAMES[phase]}`;
    if (orders.orders.length === 0)
      return {
        ok: true,
        lines: [{ step: "Orders", order: "", text: `${now}; no orders are needed from you now`, ok: true }],
        problems: [],
      };
    return refuse("", "not-your-phase", `${now}: your orders are not taken now; send them when your side's step comes`);
  }
  const known = knownState(state, seat);
  const others = Object.fromEntries(seatsOf(known, side).map((s) => [s, s === seat ? orders : { orders: [] }]));
  const r = resolveStep(known, others, Rng.forTurn(0, state.step, "check"), parts.handlers);
  const problems = [...malformed, ...(r.problems[seat] ?? [])];
  const failing = new Set(problems.map((p) => p.order.split(" ")[0]));
  const lines: CheckLine[] = problems.map((p) => ({
    step: PHASE_NAMES[phase],
    order: p.order,
    text: `${p.message} (${p.code})`,
    ok: false,
    certainty: "certain",
  }));
  const explained = parts.explain?.(known, seat, orders) ?? [];
  orders.orders.forEach((o, i) => {
    if (failing.has(`#${i}`)) return;
    const mine = explained.filter((l) => l.order.split(" ")[0] === `#${i}`);
    if (mine.length > 0) lines.push(...mine);
    else lines.push({ step: PHASE_NAMES[phase], order: `#${i} ${o.type}`, text: "accepted", ok: true, certainty: "certain" });
  });
  for (const e of r.events)
    if (e.kind === "misjumped" || e.kind === "battle")
      lines.push({ step: e.step, order: "", text: `with stand-in dice: ${e.text}`, ok: true, certainty: "chance" });
  return { ok: problems.length === 0, lines, problems };
}
