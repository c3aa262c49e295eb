/**
 * The one play loop for bots (DESIGN.md, "The host"): demo, `auto`, bot matches
 * and the benchmarks all go through `botSubmissions` and `runStep`, in memory
 * here or through a store (games.ts `playStep`, `playBots`).
 */
import { type AnyRuleset, type SeatId, stepRng } from "../core/ruleset.js";
import type { GameRecord, Submission } from "../store/store.js";
import { HostError } from "./errors.js";
import { runStep, type StepResult } from "./lifecycle.js";

/** A bot's orders for one seat: from what the seat knows, with a generator from the seed, the step and the seat. */
export function botOrders(ruleset: AnyRuleset, record: GameRecord, seat: SeatId, level: string): unknown {
  const bot = Object.hasOwn(ruleset.bots, level) ? ruleset.bots[level] : undefined;
  if (!bot) throw new HostError("unknown-bot", `${ruleset.id} has no bot "${level}"; its bots: ${Object.keys(ruleset.bots).join(", ")}`);
  return bot.play(ruleset.knownState(record.state, seat), seat, stepRng(record.seed, record.step, `bot:${seat}`));
}

/** Each awaited seat with a bot level submits the bot's orders (revision 1, source "bot LEVEL"). */
export function botSubmissions(ruleset: AnyRuleset, record: GameRecord, bots: Readonly<Record<SeatId, string>>, at = ""): Submission[] {
  const out: Submission[] = [];
  for (const seat of ruleset.awaiting(record.state) as SeatId[]) {
    const level = Object.hasOwn(bots, seat) ? bots[seat] : undefined;
    if (level === undefined) continue;
    const orders = botOrders(ruleset, record, seat, level);
    out.push({ seat, step: record.step, revision: 1, orders, problems: [], source: `bot ${level}`, at });
  }
  return out;
}

/** Bots play up to `maxSteps` steps in memory (fewer if the game ends): the record after, and the steps run. */
export function playInMemory(
  ruleset: AnyRuleset,
  start: GameRecord,
  bots: Readonly<Record<SeatId, string>>,
  maxSteps: number,
  onStep?: (r: StepResult) => void,
): { record: GameRecord; steps: number } {
  let record = start;
  let steps = 0;
  while (steps < maxSteps && !record.outcome) {
    const r = runStep(ruleset, record, botSubmissions(ruleset, record, bots));
    onStep?.(r);
    record = r.next;
    steps++;
  }
  return { record, steps };
}

/** A game record around a bare state, its step the ruleset's own (tests and benchmarks that start from a state). */
export function recordOf(ruleset: AnyRuleset, state: unknown, seed: number): GameRecord {
  return {
    id: "game",
    ruleset: ruleset.id,
    rulesetVersion: ruleset.version,
    scenario: "state",
    options: {},
    seed,
    step: ruleset.step(state),
    label: ruleset.label(state),
    outcome: ruleset.outcome(state),
    state,
  };
}

/** Every awaited seat's bot orders for a bare state, by seat. */
export function botOrdersFor(
  ruleset: AnyRuleset,
  state: unknown,
  seed: number,
  bots: Readonly<Record<SeatId, string>>,
): Record<SeatId, unknown> {
  const out: Record<SeatId, unknown> = {};
  for (const s of botSubmissions(ruleset, recordOf(ruleset, state, seed), bots)) out[s.seat] = s.orders;
  return out;
}

/** Bots play a bare state for up to `steps` steps: the state after, and the steps run. */
export function playStates<S>(
  ruleset: AnyRuleset,
  state: S,
  seed: number,
  bots: Readonly<Record<SeatId, string>>,
  steps: number,
): { state: S; steps: number } {
  const r = playInMemory(ruleset, recordOf(ruleset, state, seed), bots, steps);
  return { state: r.record.state as S, steps: r.steps };
}
