/**
 * Games over a Store: the lifecycle (lifecycle.ts) with the store's reads,
 * writes and locks around it, for every store and every ruleset. The CLI, the
 * server to come and the benchmarks go through these functions.
 */
import { canonicalJson } from "../core/json.js";
import type { Problem } from "../core/result.js";
import type { AnyRuleset, GameAccess, ParsedOrders, SeatId } from "../core/ruleset.js";
import { type GameRecord, type JoinedWrite, type StepEntry, type Store, StoreError, type Submission } from "../store/store.js";
import { HostError } from "./errors.js";
import { type AcceptedOrders, acceptOrders, assertNotOver, type CheckMemo, type NewGame, newGame, runStep } from "./lifecycle.js";
import { botSubmissions } from "./play.js";
import { rulesetById } from "./registry.js";
import { StepMemo } from "./step-memo.js";

export function problemLines(problems: readonly Problem[]): string[] {
  return problems.map((p) => `${p.order}: ${p.message} (${p.code})`);
}

export async function createGame(store: Store, g: NewGame): Promise<GameRecord> {
  const r = newGame(g);
  if (!r.ok) throw new HostError("invalid-game", `cannot start a ${g.ruleset.id} game`, problemLines(r.error));
  await store.create(r.value);
  return r.value;
}

export async function loadGame(store: Store, id: string, seen?: { version: string }): Promise<{ record: GameRecord; ruleset: AnyRuleset }> {
  const record = await store.load(id, seen);
  if (!record) throw new HostError("no-game", `no game "${id}" in ${store.where}`);
  const ruleset = rulesetById(record.ruleset);
  // A database holds only states its own commits wrote; a game folder's may have been edited by hand.
  if (store.trusted) return { record, ruleset };
  // Keys in canonical order, as every store gives them back (a file edited by hand may reorder them): the
  // rules iterate records in key order, so the same state must always come in the same order.
  const parsed = ruleset.parseState(JSON.parse(canonicalJson(record.state)));
  if (!parsed.ok) throw new HostError("invalid-state", `the game holds an invalid ${ruleset.id} state`, problemLines(parsed.error));
  return { record: { ...record, state: parsed.value }, ruleset };
}

export interface Submitted extends AcceptedOrders {
  revision: number;
  /** Who had submitted for the step once this was kept, when the store said so in the same round trip. */
  submitters?: SeatId[];
}

/** Keep one seat's orders for the awaited step (refused whole when malformed, stale or for another seat); the reply is the check. */
export async function submitOrders(
  store: Store,
  id: string,
  seat: SeatId,
  raw: unknown,
  source: string,
  at: string,
  memo?: CheckMemo,
  /** The game as the caller loaded it and the orders as it parsed them: a server has both, and need not load or parse again. */
  given?: { record: GameRecord; ruleset: AnyRuleset; parsed?: ParsedOrders<unknown> },
): Promise<Submitted> {
  const { record, ruleset } = given ?? (await loadGame(store, id));
  assertNotOver(record);
  const a = acceptOrders(ruleset, record, seat, raw, memo, given?.parsed);
  if (!a.ok) throw new HostError("orders-refused", `${source}: refused, nothing kept`, problemLines(a.error));
  const sub = { seat, step: record.step, orders: a.value.orders, problems: a.value.problems, source, at };
  // The store refuses it if the game has moved on since `record` was loaded ("stale-submission").
  if (store.submitWithSubmitters) {
    const kept = await store.submitWithSubmitters(id, sub);
    return { ...a.value, revision: kept.revision, submitters: kept.submitters };
  }
  const revision = await store.submit(id, sub);
  return { ...a.value, revision };
}

export interface StepRun {
  record: GameRecord;
  next: GameRecord;
  entry: StepEntry;
  ruleset: AnyRuleset;
  /**
   * The seats whose orders this run took from their players' own submissions (not a bot's, not the default):
   * read from the very submissions the run used, so orders that came in while it ran (and made it run again)
   * count. A server keeps attendance by it.
   */
  playerSubmitted: ReadonlySet<SeatId>;
}

/**
 * Run the awaited step under the game's lock: bots (by seat) submit first, then
 * the last submission of each awaited seat counts and the step commits whole.
 */
export async function playStep(
  store: Store,
  id: string,
  opts: {
    holder: string;
    bots?: Readonly<Record<SeatId, string>>;
    at?: string;
    /**
     * Runs under the lock before the step (the CLI takes in the orders inbox here; the server decides who plays
     * absent seats): bot levels it returns play those seats too. Throwing leaves the game as it was.
     */
    before?: (record: GameRecord, ruleset: AnyRuleset) => Promise<unknown>;
    /** Once the step is run, before its commit: a write (the server's attendance) to commit in the step's transaction. */
    joined?: (run: StepRun) => JoinedWrite | undefined;
  } = { holder: "a step run" },
): Promise<StepRun> {
  const lock = await store.lock(id, opts.holder);
  try {
    const { record, ruleset } = await loadGame(store, id);
    assertNotOver(record);
    const decided = (await opts.before?.(record, ruleset)) as { bots?: Readonly<Record<SeatId, string>> } | undefined;
    const bots = { ...(opts.bots ?? {}), ...(decided?.bots ?? {}) };
    const botRevisions = new Map<SeatId, number>();
    for (const { revision: _, ...s } of botSubmissions(ruleset, record, bots, opts.at ?? ""))
      botRevisions.set(s.seat, await store.submit(id, s));
    // Orders accepted while the step runs are not left out of it: the commit counts the submissions the run
    // used, and is refused if more came meanwhile (the lock holds other runs off, not submissions); the step is
    // then run again from all of them. The same submissions give the same step, so nothing else changes.
    for (let attempt = 1; ; attempt++) {
      const subs: Submission[] = await store.submissions(id, record.step);
      const { next, entry } = runStep(ruleset, record, subs);
      const run = { record, next, entry, ruleset, playerSubmitted: playersOf(subs, record.step, botRevisions) };
      try {
        await store.commit(id, entry, next, opts.joined?.(run), subs.length);
        return run;
      } catch (e) {
        if (e instanceof StoreError && e.code === "new-submissions" && attempt < 10) continue;
        throw e;
      }
    }
  } finally {
    await lock.release();
  }
}

/** The seats whose latest revision for the step is not the one their bot made for this run. */
function playersOf(subs: readonly Submission[], step: number, botRevisions: ReadonlyMap<SeatId, number>): Set<SeatId> {
  const latest = new Map<SeatId, number>();
  for (const s of subs) if (s.step === step && s.revision > (latest.get(s.seat) ?? 0)) latest.set(s.seat, s.revision);
  return new Set([...latest].filter(([seat, revision]) => botRevisions.get(seat) !== revision).map(([seat]) => seat));
}

/**
 * Read access to a stored game for the ruleset's game tools (maps, replays): states and events by step. With a
 * memo (a server's), what a tool derives from a step run is remembered across calls (GameAccess `derived`).
 */
export async function gameAccess(
  store: Store,
  id: string,
  memo?: StepMemo,
): Promise<{ ruleset: AnyRuleset; access: GameAccess<unknown, unknown> }> {
  const { record, ruleset } = await loadGame(store, id);
  const steps = await store.steps(id);
  const cache = new Map<number, { state: unknown; events: unknown[] }>();
  const stepAt = async (n: number) => {
    const hit = cache.get(n);
    if (hit) return hit;
    const e = await store.history(id, n);
    if (!e) throw new HostError("no-history", `step ${n} has not been run in this game`);
    const parsed = ruleset.parseState(e.state);
    if (!parsed.ok) throw new HostError("invalid-state", `the state of step ${n} is not valid`, problemLines(parsed.error));
    const v = { state: parsed.value, events: e.events };
    cache.set(n, v);
    return v;
  };
  return {
    ruleset,
    access: {
      step: record.step,
      state: record.state,
      steps,
      stepAt,
      async derived<T>(n: number, key: string, derive: (step: { state: unknown; events: unknown[] }) => T): Promise<T> {
        // Only a step run is remembered: the awaited one has no history and changes as orders come.
        const k = StepMemo.key(id, ruleset.version, n, key);
        const hit = steps.includes(n) ? memo?.get(k) : undefined;
        if (hit) return hit.value as T;
        const value = derive(await stepAt(n));
        if (memo && steps.includes(n)) memo.set(k, value);
        return value;
      },
    },
  };
}

/**
 * A seat's results of step `step` (default: the last step run), derived from the
 * history: the state after the step and the step's events. Before any step, the
 * starting position with no events; step 0, the starting position at any time.
 */
export async function seatReport(
  store: Store,
  id: string,
  seat: SeatId,
  step?: number,
): Promise<{ step: number | null; label: string; json: unknown; text: string }> {
  const { record, ruleset } = await loadGame(store, id);
  const seats = ruleset.describe(record.state).seats.map((s) => s.id);
  if (!seats.includes(seat)) {
    throw new HostError("unknown-seat", `no seat "${seat}" in this game; its ${ruleset.seatNoun}s: ${seats.join(", ")}`);
  }
  const steps = await store.steps(id);
  const wanted = step ?? steps.at(-1);
  // Before any step has run, the report is the starting position: asked for plainly, as step 0, or as the awaited step.
  if (wanted === undefined || (steps.length === 0 && (wanted === 0 || wanted === record.step))) {
    const r = ruleset.report(record.state, seat, []);
    return { step: null, label: `the start (${record.label})`, ...r };
  }
  // The start once steps have run (step 0): the state the first step started from, as the seat saw it then (its fog of
  // war, no events): a replay opens on the forces as deployed.
  if (wanted === 0 && steps.length > 0) {
    const first = await store.history(id, steps[0]!);
    if (!first) throw new HostError("no-results", `step ${steps[0]} has not been run`);
    const parsed = ruleset.parseState(first.state);
    if (!parsed.ok) throw new HostError("invalid-state", "a stored state is not valid", problemLines(parsed.error));
    return { step: null, label: `the start (${first.label})`, ...ruleset.report(parsed.value, seat, []) };
  }
  if (!steps.includes(wanted)) {
    const start = steps.length === 0 ? `; before the first step, "report" without a step shows the starting position` : "";
    throw new HostError("no-results", `step ${wanted} has not been run; steps run: ${rangeText(steps)}${start}`);
  }
  const entry = await store.history(id, wanted);
  if (!entry) throw new HostError("no-results", `step ${wanted} has not been run`);
  const nextIdx = steps.indexOf(wanted) + 1;
  const afterStep = steps[nextIdx];
  const after = afterStep === undefined ? record.state : (await store.history(id, afterStep))?.state;
  const parsed = ruleset.parseState(after);
  if (!parsed.ok) throw new HostError("invalid-state", "a stored state is not valid", problemLines(parsed.error));
  const r = ruleset.report(parsed.value, seat, entry.events);
  return { step: wanted, label: entry.label, ...r };
}

function rangeText(steps: readonly number[]): string {
  if (steps.length === 0) return "none yet";
  return steps.length === 1 ? String(steps[0]) : `${steps[0]} to ${steps.at(-1)}`;
}

/** What a bot game reports after each step. */
export interface PlayProgress {
  run: StepRun;
  /** Milliseconds the whole step took (bots, run, commit). */
  stepMs: number;
}

/**
 * The one play loop for bots (demo, `auto`, bot matches, benchmarks): every awaited
 * seat with a bot level plays it, step after step, until the game ends or
 * `maxSteps` steps have run. Seats without a bot get their default orders.
 */
export async function playBots(
  store: Store,
  id: string,
  opts: {
    bots: Readonly<Record<SeatId, string>>;
    maxSteps: number;
    holder?: string;
    clock?: () => string;
    onStep?: (p: PlayProgress) => void | Promise<void>;
  },
): Promise<{ steps: number; record: GameRecord }> {
  let steps = 0;
  let record = (await loadGame(store, id)).record;
  while (steps < opts.maxSteps && !record.outcome) {
    const began = performance.now();
    const run = await playStep(store, id, { holder: opts.holder ?? "bots", bots: opts.bots, at: opts.clock?.() ?? "" });
    steps++;
    record = run.next;
    const stepMs = performance.now() - began;
    await opts.onStep?.({ run, stepMs });
  }
  return { steps, record };
}

/** A game moved between stores: the record now, every step run, every submission kept. */
export interface GameExport {
  starhost: "game";
  format: 1;
  record: GameRecord;
  steps: StepEntry[];
  submissions: Submission[];
}

export async function exportGame(store: Store, id: string): Promise<GameExport> {
  const record = await store.load(id);
  if (!record) throw new HostError("no-game", `no game "${id}" in ${store.where}`);
  const steps: StepEntry[] = [];
  const submissions: Submission[] = [];
  for (const n of await store.steps(id)) {
    const e = await store.history(id, n);
    if (e) steps.push(e);
    submissions.push(...(await store.submissions(id, n)));
  }
  submissions.push(...(await store.submissions(id, record.step)));
  return { starhost: "game", format: 1, record, steps, submissions };
}

/** Put an exported game into a store, step by step through the store's own commit: the same game, byte for byte. */
export async function importGame(store: Store, doc: GameExport): Promise<GameRecord> {
  if (doc?.starhost !== "game" || doc.format !== 1 || !Array.isArray(doc.steps) || !Array.isArray(doc.submissions)) {
    throw new HostError("malformed-export", 'not a Starhost game export (expected { "starhost": "game", "format": 1, ... })');
  }
  const final = doc.record;
  const first = doc.steps[0];
  const start: GameRecord = first ? { ...final, step: first.step, label: first.label, outcome: null, state: first.state } : final;
  await store.create(start);
  const byStep = (n: number) =>
    doc.submissions.filter((s) => s.step === n).sort((a, b) => (a.seat < b.seat ? -1 : a.seat > b.seat ? 1 : a.revision - b.revision));
  for (let i = 0; i < doc.steps.length; i++) {
    const e = doc.steps[i] as StepEntry;
    for (const s of byStep(e.step))
      await store.submit(final.id, { seat: s.seat, step: s.step, orders: s.orders, problems: s.problems, source: s.source, at: s.at });
    const after = doc.steps[i + 1];
    const next: GameRecord = after ? { ...final, step: after.step, label: after.label, outcome: null, state: after.state } : final;
    await store.commit(final.id, e, next);
  }
  for (const s of byStep(final.step))
    await store.submit(final.id, { seat: s.seat, step: s.step, orders: s.orders, problems: s.problems, source: s.source, at: s.at });
  return final;
}
