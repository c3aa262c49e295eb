/**
 * The check is the real step (as in the other rulesets): the seat's orders run through `resolveStep` on the campaign as
 * the seat knows it (`knownState`: face-down counters blanked, enemy fighters aboard and cards unseen left out), the
 * other seats sending nothing, with a fixed stand-in generator. Every problem the step finds is a failed line; every
 * event that names an order (`SxEvent.order`) is a line for that order. What dice decide is not known before the step
 * is played: a line from an event with rolls is `certainty: "chance"` and gives the score each die needs.
 */
import { isVisibleTo } from "../../../core/events.js";
import { isId } from "../../../core/ids.js";
import type { Problem } from "../../../core/result.js";
import { Rng } from "../../../core/rng.js";
import type { Check, CheckLine } from "../../../core/ruleset.js";
import { awaiting, resolveStep, STEP_NAMES } from "../campaign-sequence/sequence.js";
import type { SxEvent } from "../events.js";
import type { SpaceWarState } from "../model.js";
import { type Orders, type OrderType, parseGivenOrders } from "../orders.js";
import { knownState } from "./known-state.js";

/** The step of the turn each battle order is carried out in (l.277-347). */
const TURN_STEP_OF: Partial<Record<OrderType, string>> = {
  "give-up": "S3 Opt to give up",
  launch: "S4 Launch / retrieve Fighters",
  retrieve: "S4 Launch / retrieve Fighters",
  prisoner: "S4 Launch / retrieve Fighters",
  tractor: "S5 Tractor Beam",
  nuke: "S6 Explode Nuclear devices",
  move: "S7 Movement",
  ram: "S8 Ramming",
  shoot: "S9 Shoot",
  repair: "S10 Repairs",
};

/** "#3" of "#3 shoot blue-2". */
const position = (order: string): string => order.split(" ")[0] ?? order;

const needs = (e: SxEvent): string => {
  const ns = (e.rolls ?? []).map((r) => r.need).filter((n): n is number => n !== undefined);
  if (ns.length === 0) return "";
  const distinct = [...new Set(ns)];
  return `; each die needs ${distinct.map((n) => `${n}+`).join(" or ")}`;
};

/**
 * The line of an event that carried out an order: what dice decide is `certainty: "chance"`, said as what the
 * stand-in dice gave, with the score each die needs (the real dice are rolled when the step is played).
 */
export function eventLine(e: SxEvent, order: string): CheckLine {
  const chance = (e.rolls?.length ?? 0) > 0;
  return {
    step: e.step,
    order,
    text: chance ? `with stand-in dice: ${e.text}${needs(e)}` : e.text,
    ok: true,
    certainty: chance ? "chance" : "certain",
  };
}

export function check(state: SpaceWarState, seat: string, given: Orders): Check {
  const refuse = (order: string, code: string, message: string): Check => ({
    ok: false,
    lines: [{ step: "Orders", order, text: message, ok: false, certainty: "certain" }],
    problems: [{ order, code, message }],
  });
  if (!isId(seat) || !state.seats.some((s) => s.id === seat)) {
    const named = JSON.stringify(seat.length > 40 ? `${seat.slice(0, 40)}...` : seat);
    return refuse("orders", "unknown-seat", `no seat ${named} in this campaign; seats: ${state.seats.map((s) => s.id).join(", ")}`);
  }
  const { orders, problems: parsedNow, positions } = parseGivenOrders(given);
  // Orders the file's parser skipped as malformed (`Orders.skipped`) fail here too, so the check names every one.
  const malformed: Problem[] = [
    ...(orders.skipped ?? [])
      .filter((p) => !parsedNow.some((q) => position(q.order) === `#${p}`))
      .map((p) => ({
        order: `#${p}`,
        code: "malformed-order",
        message: "this order was skipped as malformed when the file was read: see the file's problems",
      })),
    ...parsedNow,
  ];
  if (orders.seat !== undefined && orders.seat !== seat)
    return refuse("seat", "wrong-seat", `these orders are for seat "${orders.seat}", not for "${seat}": nothing in them is checked`);
  if (state.outcome) return refuse("orders", "campaign-over", "the campaign is over; it takes no more orders");
  if (orders.step !== undefined && orders.step !== state.step)
    return refuse("step", "wrong-step", `these orders are for step ${orders.step}; the campaign is at step ${state.step}`);
  const c = state.campaign;
  const stepName =
    c.step === "battle" && c.battle
      ? `game ${c.game + 1}, turn ${c.battle.turn}, ${c.battle.active}'s turn`
      : `game ${c.game + 1}, ${STEP_NAMES[c.step]}`;
  if (!awaiting(state).includes(seat)) {
    const now = `step ${state.step} is ${stepName}`;
    if (orders.orders.length === 0)
      return {
        ok: true,
        lines: [{ step: "Orders", order: "", text: `${now}; no orders are needed from you now`, ok: true, certainty: "certain" }],
        problems: [],
      };
    return refuse("orders", "not-your-turn", `${now}: your orders are not taken now; send them when your turn comes`);
  }
  const known = knownState(state, seat);
  const others: Record<string, Orders> = Object.fromEntries(awaiting(known).map((s) => [s, s === seat ? orders : { orders: [] }]));
  let events: SxEvent[] = [];
  let problems: Problem[] = [...malformed];
  try {
    const r = resolveStep(known, others, Rng.forTurn(0, state.step, "check"));
    events = r.events.filter((e) => isVisibleTo(e, seat));
    problems = [...problems, ...(r.problems[seat] ?? [])];
  } catch (e) {
    // The rules never throw on orders; should a part still do so on the known state, say so rather than fail the check.
    return {
      ok: true,
      lines: [
        {
          step: stepName,
          order: "",
          text: `the dry run could not be completed: ${e instanceof Error ? e.message : String(e)}`,
          ok: true,
          certainty: "unknown",
        },
      ],
      problems: [...malformed],
    };
  }
  const stepOf = (type: string | undefined): string =>
    c.step === "battle" && type ? (TURN_STEP_OF[type as OrderType] ?? stepName) : stepName;
  const typeAt = (order: string): string | undefined => order.split(" ")[1];
  const failing = new Set(problems.map((p) => position(p.order)));
  const lines: CheckLine[] = problems.map((p) => ({
    step: stepOf(typeAt(p.order)),
    order: p.order,
    text: `${p.message} (${p.code})`,
    ok: false,
    certainty: "certain",
  }));
  const said = new Set<string>();
  for (const e of events) {
    if (e.order === undefined) continue;
    const at = position(e.order);
    said.add(at);
    lines.push(eventLine(e, e.order));
  }
  orders.orders.forEach((o, i) => {
    const at = `#${positions[i] ?? i}`;
    if (failing.has(at) || said.has(at)) return;
    const craft = "craft" in o && typeof o.craft === "string" ? ` ${o.craft}` : "";
    lines.push({ step: stepOf(o.type), order: `${at} ${o.type}${craft}`, text: "accepted", ok: true, certainty: "certain" });
  });
  return { ok: problems.length === 0, lines, problems };
}
