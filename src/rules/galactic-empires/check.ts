/**
 * The check: the FAQ's "scroll" ("a detailed listing of what will happen in each
 * segment of the game ... At the bottom it will tell you of any problems"). It
 * runs the real turn on the state as the empire knows it (view.ts `knownState`),
 * with only this empire's orders, and lists step by step and phase by phase what
 * each order is expected to do and every order expected to fail, and why. Dice
 * are rolled with a fixed seed: battle results shown are one possible outcome.
 */

import { isId, own } from "../../core/ids.js";
import type { Problem } from "../../core/result.js";
import { Rng } from "../../core/rng.js";
import type { Check, CheckLine } from "../../core/ruleset.js";
import { showPlain } from "../../core/text.js";
import type { EmpireId, GameState } from "./model.js";
import { describeOrder, type Orders, parseGivenOrders } from "./orders.js";
import { rateProclamation } from "./proclamation.js";
import { runTurn } from "./turn.js";
import { knownState } from "./view.js";

export function checkOrders(state: GameState, empire: EmpireId, given: Orders): Check {
  return plainCheck(scroll(state, empire, given));
}

function scroll(state: GameState, empire: EmpireId, given: Orders): Check {
  const lines: CheckLine[] = [];
  if (!isId(empire) || !own(state.empires, empire)) {
    const named = JSON.stringify(empire.length > 40 ? `${empire.slice(0, 40)}...` : empire);
    return { ok: false, lines, problems: [{ order: "orders", code: "unknown-empire", message: `no empire ${named} in this game` }] };
  }
  // Orders arrive parsed; checked again so that orders no parser saw fail as problems, never throw.
  const { orders, problems: malformed, positions } = parseGivenOrders(given);
  const whole = wholeFileProblem(state, empire, orders);
  if (whole) return { ok: false, lines, problems: [whole, ...malformed] };
  for (const p of malformed) lines.push({ step: "Orders", order: p.order, text: `refused: ${p.message} (${p.code})`, ok: false });
  orders.orders.forEach((o, i) => {
    lines.push({ step: "Orders", order: describeOrder(o, positions[i] ?? i), text: "accepted for adjudication", ok: true });
  });
  if (orders.orders.length === 0) {
    // Chapter 4: an empire that gives no orders "won't do anything except pay upkeep and collect revenues".
    const skipped = (orders.skipped?.length ?? 0) + malformed.length;
    lines.push({
      step: "Orders",
      order: "",
      text:
        skipped > 0
          ? `no orders stand: ${skipped === 1 ? "the one order" : `all ${skipped} orders`} of the file ${skipped === 1 ? "was" : "were"} skipped as malformed; your empire will do nothing this turn but pay upkeep and collect revenue, and your forces will still defend`
          : "no orders: this file gives none; your empire will do nothing this turn but pay upkeep and collect revenue, and your forces will still defend (chapter 4)",
      ok: skipped === 0,
    });
  }
  const known = knownState(state, empire);
  const res = runTurn(known, { [empire]: orders.orders }, Rng.forTurn(state.seed, state.turn, "check"), { [empire]: positions });
  /** What the turn will decide that no order fails for, but the empire would want to know: a proclamation that earns nothing or costs 7. */
  const warnings: Problem[] = [];
  for (const e of res.events) {
    if (e.kind === "proclamation" && e.from === empire && e.income <= 0) {
      const i = orders.orders.findIndex((o) => o.type === "proclaim");
      const o = orders.orders[i];
      const rating = rateProclamation(e.text);
      const p = {
        order: o ? describeOrder(o, positions[i] ?? i) : "proclaim",
        code: rating.income < 0 ? "unsuitable-proclamation" : "proclamation-too-short",
        message:
          rating.income < 0
            ? `the proclamation will be issued and cost you ${-rating.income} resources: the turn rates it ${rating.verdict} (${rating.reason}; chapter 4, "Proclamations Income")`
            : `the proclamation will be issued but earn nothing: the turn rates it too short (${rating.reason}; chapter 4, "Proclamations Income")`,
      };
      warnings.push(p);
      lines.push({ step: e.step, order: p.order, text: `${p.message} (${p.code})`, ok: false });
    }
    if (e.kind === "message" && (e.to === "all" || e.to.includes(empire))) lines.push({ step: e.step, order: "", text: e.text, ok: true });
    if (e.kind === "problem" && e.to.includes(empire))
      lines.push({ step: e.step, order: e.problem.order, text: `will fail: ${e.problem.message} (${e.problem.code})`, ok: false });
    if (e.kind === "battle" && e.to.includes(empire)) {
      lines.push({ step: e.step, order: "", text: `battle expected at ${e.report.where} (its outcome depends on the dice)`, ok: true });
    }
  }
  const problems = [...malformed, ...(res.problems[empire] ?? []), ...warnings];
  return { ok: problems.length === 0, lines, problems };
}

/** The check with every text plain (core/text.ts): an echo of a name or of refused input never controls a terminal. */
function plainCheck(c: Check): Check {
  return {
    ok: c.ok,
    lines: c.lines.map((l) => ({ ...l, step: showPlain(l.step), order: showPlain(l.order), text: showPlain(l.text) })),
    problems: c.problems.map((p) => ({ ...p, order: showPlain(p.order), message: showPlain(p.message) })),
  };
}

/** Orders written for another empire or another turn are refused whole (chapter 1, "The File You Send"). */
export function wholeFileProblem(state: GameState, empire: EmpireId, orders: Orders) {
  if (orders.empire !== undefined && orders.empire !== empire) {
    const named = orders.empire.length > 40 ? `${orders.empire.slice(0, 40)}...` : orders.empire;
    return { order: "orders.empire", code: "wrong-empire", message: `these orders are for ${JSON.stringify(named)}, not for "${empire}"` };
  }
  if (orders.turn !== undefined && orders.turn !== state.turn) {
    return {
      order: "orders.turn",
      code: "wrong-turn",
      message: `these orders were written for turn ${orders.turn}, but the game awaits turn ${state.turn}: use your newest results`,
    };
  }
  return null;
}
