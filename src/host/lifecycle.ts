/**
 * One game lifecycle for every ruleset, knowing only the contract (core/ruleset.ts):
 * a game is made from a scenario, its inputs and a seed; submissions are checked
 * when they arrive; a step turns the record and the step's submissions into the
 * next record, a history entry and what each seat receives. Everything here is
 * pure: files, clocks and databases stay with the caller (games.ts, the stores).
 */
import { ORDERS_RECEIVED, problemEvent } from "../core/events.js";
import { isId } from "../core/ids.js";
import type { Problem, Result } from "../core/result.js";
import { err, ok } from "../core/result.js";
import { seedProblem } from "../core/rng.js";
import { type AnyRuleset, type Check, type CheckOptions, type Outcome, type ParsedOrders, type SeatId, stepRng } from "../core/ruleset.js";
import { deepFreeze } from "../store/frozen.js";
import type { GameRecord, StepEntry, Submission } from "../store/store.js";
import { HostError } from "./errors.js";

/** The largest seed a game takes: every seed up to 2^53 - 1 is used whole (core/rng.ts `mixSeed`). */
export { SEED_MAX as MAX_SEED } from "../core/rng.js";

export interface NewGame {
  id: string;
  ruleset: AnyRuleset;
  scenario: string;
  /** Decoded input files by input name, in the order given (`--fleet A --fleet B`). */
  inputs: Readonly<Record<string, readonly unknown[]>>;
  seed: number;
}

/** A new game's record, or every reason it cannot start. */
export function newGame(g: NewGame): Result<GameRecord, Problem[]> {
  const { ruleset } = g;
  const problems: Problem[] = [];
  if (!isId(g.id)) problems.push({ order: "game", code: "bad-id", message: `"${String(g.id).slice(0, 40)}" is not a game id` });
  const sp = seedProblem(g.seed);
  if (sp) problems.push({ order: "seed", code: "bad-seed", message: sp });
  const scenario = Object.hasOwn(ruleset.scenarios, g.scenario) ? ruleset.scenarios[g.scenario] : undefined;
  if (!scenario) {
    problems.push({
      order: "scenario",
      code: "unknown-scenario",
      message: `no scenario "${g.scenario}" in ${ruleset.id}; known: ${Object.keys(ruleset.scenarios).join(", ")}`,
    });
    return err(problems);
  }
  for (const name of Object.keys(g.inputs)) {
    const spec = scenario.inputs.find((i) => i.name === name);
    const given = g.inputs[name]?.length ?? 0;
    if (!spec) {
      if (given > 0)
        problems.push({
          order: name,
          code: "unknown-input",
          message: `scenario ${scenario.id} takes no "${name}"${scenario.inputs.length ? `; it takes ${scenario.inputs.map((i) => i.name).join(", ")}` : ""}`,
        });
    } else if (given > spec.max)
      problems.push({ order: name, code: "too-many-inputs", message: `scenario ${scenario.id} takes at most ${spec.max} ${name}` });
  }
  for (const spec of scenario.inputs) {
    const given = g.inputs[spec.name]?.length ?? 0;
    if (given < spec.min)
      problems.push({
        order: spec.name,
        code: "missing-input",
        message: `scenario ${scenario.id} needs ${spec.min} ${spec.name} (${spec.description})`,
      });
  }
  if (problems.length > 0) return err(problems);
  const parsed = scenario.parseInputs(g.inputs);
  if (!parsed.ok) return err(parsed.error);
  const state = scenario.create(g.seed, parsed.value);
  const options: Record<string, unknown[]> = {};
  for (const [k, v] of Object.entries(g.inputs)) if (v.length > 0) options[k] = [...v];
  return ok({
    id: g.id,
    ruleset: ruleset.id,
    rulesetVersion: ruleset.version,
    scenario: scenario.id,
    options,
    seed: g.seed,
    step: ruleset.step(state),
    label: ruleset.label(state),
    outcome: ruleset.outcome(state),
    state,
  });
}

/** The scenario's warnings about inputs that are valid but may not be what was meant (none when they do not parse). */
export function newGameWarnings(g: NewGame): string[] {
  const scenario = Object.hasOwn(g.ruleset.scenarios, g.scenario) ? g.ruleset.scenarios[g.scenario] : undefined;
  if (!scenario?.warnings) return [];
  const parsed = scenario.parseInputs(g.inputs);
  return parsed.ok ? scenario.warnings(parsed.value) : [];
}

/**
 * The one answer to anything that wants another step of a finished game (orders, a check, a template, the
 * step itself): who won, why, and that nothing more is taken. The CLI and the API print it as is.
 */
export function gameOverMessage(outcome: Outcome): string {
  const who = outcome.winners.length > 0 ? `won by ${outcome.winners.join(", ")}` : "no winner";
  return `the game is over (${who}: ${outcome.reason}); it takes no more orders or turns`;
}

/** Throws HostError "game-over" (gameOverMessage) when the game is over. */
export function assertNotOver(record: GameRecord): void {
  if (record.outcome) throw new HostError("game-over", gameOverMessage(record.outcome));
}

/** A submission as accepted: parsed orders, the orders skipped as malformed, and the check's verdict. */
export interface AcceptedOrders {
  orders: unknown;
  problems: Problem[];
  check: Check;
}

/**
 * Read one seat's orders for the awaited step: refused whole (with every reason)
 * when the file is malformed, names another seat, or was written for another step
 * ("stale"); otherwise the parsed orders, the orders skipped, and the check.
 */
export function acceptOrders(
  ruleset: AnyRuleset,
  record: GameRecord,
  seat: SeatId,
  raw: unknown,
  memo?: CheckMemo,
  /** `ruleset.parseOrders(raw)`, when the caller has made it already (a server reads the file's seat and step first). */
  parsed?: ParsedOrders<unknown>,
  /** How the check is asked for (default: with odds); a submission always keeps the check with odds. */
  checkOpts: CheckOptions = {},
): Result<AcceptedOrders, Problem[]> {
  if (record.outcome) return err([{ order: "game", code: "game-over", message: gameOverMessage(record.outcome) }]);
  const awaiting: readonly SeatId[] = memo ? memo.awaiting(ruleset, record.state) : ruleset.awaiting(record.state);
  if (!awaiting.includes(seat) && !ruleset.seats(record.state).includes(seat)) {
    const seats = ruleset.describe(record.state).seats.map((s) => s.id);
    return err([
      {
        order: ruleset.seatNoun,
        code: "unknown-seat",
        message: `no seat "${seat}" plays in this game; its ${ruleset.seatNoun}s: ${seats.join(", ")}`,
      },
    ]);
  }
  parsed ??= ruleset.parseOrders(raw);
  const refused = [...parsed.refused];
  if (parsed.seat !== undefined && parsed.seat !== "" && parsed.seat !== seat) {
    refused.push({
      order: ruleset.seatNoun,
      code: "wrong-seat",
      message: `these orders are for ${ruleset.seatNoun} "${parsed.seat}", not for "${seat}"`,
    });
  }
  if (parsed.step !== undefined && parsed.step !== record.step) {
    refused.push({
      order: "step",
      code: "stale-orders",
      message: `these orders were written for step ${parsed.step}, but the game awaits step ${record.step} (${record.label}): use the newest results`,
    });
  }
  if (refused.length > 0) return err(refused);
  if (!awaiting.includes(seat)) {
    return err([{ order: "step", code: "not-awaited", message: `${record.label} awaits ${awaiting.join(", ") || "no one"}, not ${seat}` }]);
  }
  const odds = checkOpts.odds !== false;
  if (!memo)
    return ok({ orders: parsed.orders, problems: parsed.problems, check: ruleset.check(record.state, seat, parsed.orders, { odds }) });
  const key = checkKey(record, seat, parsed.orders);
  // A check with odds answers one asked without them too: it is the same check with the odds in it.
  const check = memo.get(withOdds(key)) ?? (odds ? undefined : memo.get(key)) ?? ruleset.check(record.state, seat, parsed.orders, { odds });
  // A check asked without odds that left nothing out (no dice rolled) is the check with odds as well.
  memo.set(odds || check.oddsFollow !== true ? withOdds(key) : key, check);
  return ok({ orders: parsed.orders, problems: parsed.problems, check });
}

/**
 * Checks already made. A check is a pure function of the game's state at a step (which never changes once
 * the step is awaited), the seat and its parsed orders, so one made once answers again: the same orders
 * resubmitted, a file checked and then submitted, a client that checked as the player typed. A check with
 * battle odds runs the turn many times (a tenth of a second and more), so a server keeps one memo per process
 * (src/server) and the command line one per run.
 */
export class CheckMemo {
  private readonly checks = new Map<string, Check>();
  /** The seats each state awaits: a ruleset may work it out at length (Galactic Empires looks for a victory first). */
  private readonly awaited = new WeakMap<object, readonly SeatId[]>();
  constructor(private readonly size = 512) {}

  /**
   * `ruleset.awaiting(state)`, worked out once per state object: a store's cached states are frozen and shared
   * (src/store/frozen.ts), so a server asks this of the same object on every submission until the step runs.
   */
  awaiting(ruleset: AnyRuleset, state: unknown): readonly SeatId[] {
    if (state === null || typeof state !== "object") return ruleset.awaiting(state);
    let seats = this.awaited.get(state);
    if (!seats) {
      seats = Object.freeze([...(ruleset.awaiting(state) as SeatId[])]);
      // Only a frozen state cannot change under the memo.
      if (Object.isFrozen(state)) this.awaited.set(state, seats);
    }
    return seats;
  }

  get(key: string): Check | undefined {
    const c = this.checks.get(key);
    if (c !== undefined) {
      this.checks.delete(key);
      this.checks.set(key, c);
    }
    return c;
  }

  set(key: string, check: Check): void {
    this.checks.delete(key);
    if (this.size <= 0) return;
    this.checks.set(key, deepFreeze(check));
    for (const old of this.checks.keys()) {
      if (this.checks.size <= this.size) break;
      this.checks.delete(old);
    }
  }
}

function checkKey(record: GameRecord, seat: SeatId, orders: unknown): string {
  // A game id names one game for good (games are never deleted and made again); the seed and scenario too, to be sure.
  const game = `${record.id}\u0000${record.ruleset}\u0000${record.rulesetVersion}\u0000${record.scenario}\u0000${record.seed}`;
  // JSON as parsed, not canonical: the same file sent again (what a memo is for) gives the same text, several times
  // faster; the same orders with their keys in another order only cost a check of their own.
  return `${game}\u0000${record.step}\u0000${seat}\u0000${JSON.stringify(orders)}`;
}

/** The memo's key of the check with odds (`checkKey` alone names the check asked without them). */
const withOdds = (key: string): string => `${key}\u0000odds`;

/** What one step produced: the record after it, its history entry, and each seat's report. */
export interface StepResult {
  next: GameRecord;
  entry: StepEntry;
}

/**
 * Run the awaited step: the last submission of each awaited seat counts, a seat
 * with none gets the ruleset's default orders, the dice come from the seed and
 * the step number. Problems of the submissions (orders skipped as malformed) join
 * the events first, as problem events every report prints.
 */
export function runStep(ruleset: AnyRuleset, record: GameRecord, submissions: readonly Submission[]): StepResult {
  assertNotOver(record);
  const state = record.state;
  const awaiting: SeatId[] = ruleset.awaiting(state);
  const latest = new Map<SeatId, Submission>();
  for (const s of submissions) {
    if (s.step !== record.step) continue;
    const had = latest.get(s.seat);
    if (!had || s.revision > had.revision) latest.set(s.seat, s);
  }
  const orders: Record<SeatId, unknown> = {};
  const sources: Record<SeatId, string> = {};
  const early: ReturnType<typeof problemEvent>[] = [];
  for (const seat of awaiting) {
    const sub = latest.get(seat);
    if (sub) {
      orders[seat] = sub.orders;
      sources[seat] = `revision ${sub.revision}: ${sub.source}`;
      for (const p of sub.problems) early.push(problemEvent(seat, p, ORDERS_RECEIVED));
    } else {
      orders[seat] = ruleset.defaultOrders(state, seat);
      sources[seat] = "default (nothing submitted)";
    }
  }
  const res = ruleset.resolve(state, orders, stepRng(record.seed, record.step));
  const after = ruleset.step(res.state);
  if (after !== record.step + 1) {
    throw new HostError("ruleset-step", `${ruleset.id} went from step ${record.step} to ${after}; a step must add exactly one`);
  }
  const events = [...early, ...res.events];
  const next: GameRecord = {
    ...record,
    step: after,
    label: ruleset.label(res.state),
    outcome: ruleset.outcome(res.state),
    state: res.state,
  };
  return { next, entry: { step: record.step, label: record.label, seed: record.seed, state, orders, sources, events } };
}
