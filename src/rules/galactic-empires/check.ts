/**
 * The check: the FAQ's "scroll" ("a detailed listing of what will happen in each
 * segment of the game ... At the bottom it will tell you of any problems"). It
 * runs the real turn on the state as the empire knows it (view.ts `knownState`),
 * with only this empire's orders, and lists step by step and phase by phase what
 * each order is expected to do and every order expected to fail, and why.
 *
 * It says what is certain, what is chance and what it cannot know (preview.ts):
 * - a line is certain when nothing it is about (its units, sectors, the empire's
 *   treasury) was touched before it by dice or by what the empire cannot see; a
 *   line the rules say nothing about is in doubt once anything is;
 * - a battle comes with its odds, from simulated battles; a line after dice were
 *   rolled says on what it depends and, from trial runs of the turn with other
 *   dice, how often it came out so; an order that fails in every trial run is
 *   expected to fail (a problem), one that fails in some "may fail";
 * - asked with its odds to follow (`oddsFollow`: a page shows the check as the
 *   player types, then asks again with odds), it runs the turn once, leaves the
 *   simulations and trial runs out, and says on each line after dice "odds
 *   follow"; the answer with odds is the same check with them filled in;
 * - what hangs on forces out of sight, cloaked units, or another empire's answer
 *   (an alliance, peace) "cannot be verified from what you know".
 */

import { isId, own } from "../../core/ids.js";
import type { Problem } from "../../core/result.js";
import { Rng } from "../../core/rng.js";
import type { Check, CheckLine } from "../../core/ruleset.js";
import { showPlain } from "../../core/text.js";
import type { GeEvent } from "./events.js";
import type { EmpireId, GameState } from "./model.js";
import { describeOrder, type Orders, parseGivenOrders } from "./orders.js";
import { Preview } from "./preview.js";
import { rateProclamation } from "./proclamation.js";
import { runTurn } from "./turn.js";
import { knownState, seenSectors } from "./view.js";

export interface CheckOptions {
  /**
   * Work out odds: simulate battles and run the turn again with other dice (the
   * check players read). Off, the check only sorts failures from successes, each
   * failure seen in its one run a problem (the random bot's and the tests' quick check).
   */
  odds?: boolean;
  /**
   * Leave the odds out, as `odds: false` does, but for a reader who will ask for them next (issue 11's check as
   * you type: the check at once, its odds in a second request): each line after dice says "odds follow" and the
   * check is marked `oddsFollow` when there are odds to give. A failure seen in its one run stays a problem until
   * the odds say how often it fails, so the verdict errs towards caution; its line says "may fail".
   */
  oddsFollow?: boolean;
}

/** Trial runs of the turn with other dice, after dice were rolled: fewer on big maps, so a check stays quick. */
export function trialRuns(sectors: number): number {
  return sectors <= 50 ? 19 : sectors <= 200 ? 9 : sectors <= 1000 ? 5 : 3;
}

export function checkOrders(state: GameState, empire: EmpireId, given: Orders, opts: CheckOptions = {}): Check {
  const odds = opts.odds === true ? "now" : opts.oddsFollow === true ? "follow" : "none";
  return plainCheck(scroll(state, empire, given, odds));
}

/** One run of the turn on what the empire knows, with dice from `purpose`. */
function preview(
  state: GameState,
  known: GameState,
  empire: EmpireId,
  orders: Orders,
  positions: number[],
  purpose: string,
  simulate: boolean,
) {
  const p = new Preview(empire, seenSectors(state, empire), state.seed, simulate);
  const res = runTurn(known, { [empire]: orders.orders }, Rng.forTurn(state.seed, state.turn, purpose), { [empire]: positions }, p);
  return { res, p };
}

/**
 * "chance: in 7 of 20 trial runs of the turn; depends on the battle at 3 Narendra"; without trial runs "chance:
 * depends on ...", or "chance: odds follow; depends on ..." when they are asked for next.
 */
const odds_ = (runs: string | null, why: string): string => `chance: ${runs === null ? "" : `${runs}; `}depends on ${why}`;
const FOLLOW = "odds follow";
const mine = (e: GeEvent, empire: EmpireId): boolean => e.to === "all" || e.to.includes(empire);
const lineKey = (step: string, text: string): string => `${step}\u0000${text}`;
/** A failure is counted by its order: it may fail for one reason in one run of the dice and another in the next. */
const problemKey = (p: Problem): string => p.order;

/** Odds worked out now, left out for a second request (`oddsFollow`), or left out (the bots' quick check). */
type Odds = "now" | "follow" | "none";

function scroll(state: GameState, empire: EmpireId, given: Orders, oddsMode: Odds): Check {
  const odds = oddsMode === "now";
  const follow = oddsMode === "follow";
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
  // Every order of the file in its place: those that stand, and those the parser skipped (their problems say why).
  const listed: [number, CheckLine][] = orders.orders.map((o, i) => [
    positions[i] ?? i,
    { step: "Orders", order: describeOrder(o, positions[i] ?? i), text: "accepted for adjudication", ok: true },
  ]);
  for (const at of orders.skipped ?? [])
    listed.push([at, { step: "Orders", order: `#${at}`, text: "skipped as malformed (its problem says why)", ok: false }]);
  for (const [, l] of listed.sort((a, b) => a[0] - b[0])) lines.push(l);
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
  lines.push({
    step: "Orders",
    order: "",
    text: "the check runs your orders alone on what you know: other empires' orders this turn, and forces you cannot see, can change what follows",
    ok: true,
    certainty: "unknown",
  });
  const known = knownState(state, empire);
  const { res, p } = preview(state, known, empire, orders, positions, "check", odds);

  // Trial runs with other dice, once dice were rolled: how often each line and each failure comes out so.
  const runs: { lines: Set<string>; problems: Set<string> }[] = [];
  const tally = (r: typeof res) => ({
    lines: new Set(
      r.events.filter((e) => e.kind === "message" && mine(e, empire)).map((e) => lineKey(e.step, (e as { text: string }).text)),
    ),
    problems: new Set((r.problems[empire] ?? []).map(problemKey)),
  });
  if (odds && p.from !== null) {
    runs.push(tally(res));
    for (let k = 1; k <= trialRuns(state.sectors.length); k++)
      runs.push(tally(preview(state, known, empire, orders, positions, `check-trial-${k}`, false).res));
  }
  const inRuns = (has: (r: (typeof runs)[number]) => boolean): string =>
    `in ${runs.filter(has).length} of ${runs.length} trial runs of the turn`;

  /** What the turn will decide that no order fails for, but the empire would want to know: a proclamation that earns nothing or costs 7. */
  const warnings: Problem[] = [];
  /** Failures expected in every run of the dice (or in the one run, before any dice). */
  const expected: Problem[] = [];
  res.events.forEach((e, i) => {
    if (!mine(e, empire)) return;
    // In doubt only when something this line is about was touched by dice or the unknown before it (preview.ts).
    const why = p.doubtAt(i);
    const chance = why !== "";
    if (e.kind === "message") {
      const about = p.unknown.get(i);
      if (about !== undefined) {
        lines.push({ step: e.step, order: about, text: e.text, ok: true, certainty: "unknown" });
        return;
      }
      if (!chance) {
        lines.push({ step: e.step, order: "", text: e.text, ok: true, certainty: "certain" });
        return;
      }
      lines.push({
        step: e.step,
        order: "",
        text: `${e.text} (${odds_(runs.length > 0 ? inRuns((r) => r.lines.has(lineKey(e.step, e.text))) : follow ? FOLLOW : null, why)})`,
        ok: true,
        certainty: "chance",
      });
      return;
    }
    if (e.kind === "problem") {
      const pr = e.problem;
      if (!chance) {
        expected.push(pr);
        lines.push({ step: e.step, order: pr.order, text: `will fail: ${pr.message} (${pr.code})`, ok: false, certainty: "certain" });
        return;
      }
      const always = runs.length === 0 || runs.every((r) => r.problems.has(problemKey(pr)));
      // Seen failing in the one run: a problem until the odds say how often (a cautious verdict meanwhile).
      if (always) expected.push(pr);
      const runsText = runs.length > 0 ? `the order fails ${inRuns((r) => r.problems.has(problemKey(pr)))}` : follow ? FOLLOW : null;
      lines.push({
        step: e.step,
        order: pr.order,
        text: `${always && !follow ? "will fail" : "may fail"}: ${pr.message} (${pr.code}) (${odds_(runsText, why)})`,
        ok: false,
        certainty: "chance",
      });
      return;
    }
    if (e.kind === "battle") {
      // Whether it is fought at all depends only on what was in doubt about its units and sector before it.
      const before = p.battleDoubt.get(e.report) ?? "";
      const fought = before === "";
      const outcome = p.odds.get(e.report);
      const when = fought ? "" : ` (it depends on ${before})`;
      lines.push({
        step: e.step,
        order: "",
        text: `a battle ${fought ? "will be" : "may be"} fought at ${e.report.where}${when}; its outcome is chance${outcome ? `: ${outcome}` : follow ? ` (${FOLLOW})` : ""}`,
        ok: true,
        certainty: "chance",
      });
      return;
    }
    if (e.kind === "proclamation" && e.from === empire && e.income <= 0) {
      const at = orders.orders.findIndex((o) => o.type === "proclaim");
      const o = orders.orders[at];
      const rating = rateProclamation(e.text);
      const w = {
        order: o ? describeOrder(o, positions[at] ?? at) : "proclaim",
        code: rating.income < 0 ? "unsuitable-proclamation" : "proclamation-too-short",
        message:
          rating.income < 0
            ? `the proclamation will be issued and cost you ${-rating.income} resources: the turn rates it ${rating.verdict} (${rating.reason}; chapter 4, "Proclamations Income")`
            : `the proclamation will be issued but earn nothing: the turn rates it too short (${rating.reason}; chapter 4, "Proclamations Income")`,
      };
      warnings.push(w);
      lines.push({ step: e.step, order: w.order, text: `${w.message} (${w.code})`, ok: false, certainty: "certain" });
    }
  });
  const problems = [...malformed, ...expected, ...warnings];
  // Odds follow exactly when the check with odds would have simulated or run trials: once dice were rolled (a battle
  // rolls them too: movement-events.ts `uncertain`).
  if (follow && p.from !== null) return { ok: problems.length === 0, lines, problems, oddsFollow: true };
  return { ok: problems.length === 0, lines, problems };
}

/** The check with every text plain (core/text.ts): an echo of a name or of refused input never controls a terminal. */
function plainCheck(c: Check): Check {
  return {
    ok: c.ok,
    lines: c.lines.map((l) => ({ ...l, step: showPlain(l.step), order: showPlain(l.order), text: showPlain(l.text) })),
    problems: c.problems.map((p) => ({ ...p, order: showPlain(p.order), message: showPlain(p.message) })),
    ...(c.oddsFollow ? { oddsFollow: true } : {}),
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
