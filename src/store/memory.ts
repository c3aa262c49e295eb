/**
 * The reference store: everything in this process's memory, gone at exit. It
 * keeps what it is given as canonical JSON text and parses it again on every
 * read, so a caller never holds its internals and it gives back exactly what a
 * database store gives back (undefined members dropped, -0 as 0, a non-JSON
 * value refused). Every method checks and changes in one synchronous stretch, so
 * concurrent calls see each other whole.
 */
import { randomUUID } from "node:crypto";
import type { SeatId } from "../core/ruleset.js";
import {
  checkEntry,
  checkGameId,
  checkHolder,
  checkJoin,
  checkRecord,
  checkStep,
  checkSubmission,
  DEFAULT_LOCK_LEASE_MS,
  jsonText,
  locked,
  newSubmissions,
  noGame,
  type StoreOptions,
  staleStep,
  staleSubmission,
} from "./check.js";
import {
  type GameId,
  type GameRecord,
  type GameSummary,
  type JoinedWrite,
  type Lock,
  type StepEntry,
  type Store,
  StoreError,
  type Submission,
} from "./store.js";

interface Kept {
  /** The record without its state, as canonical JSON. */
  record: string;
  state: string;
  step: number;
  label: string;
  history: Map<number, string>;
  /** Submissions by step, in arrival order (canonical JSON each). */
  submissions: Map<number, string[]>;
  lock: { holder: string; since: number; token: string } | null;
}

export class MemoryStore implements Store {
  readonly where = "memory";
  readonly trusted = true;
  private games = new Map<GameId, Kept>();
  private closed = false;
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(options: StoreOptions = {}) {
    this.leaseMs = options.lockLeaseMs ?? DEFAULT_LOCK_LEASE_MS;
    this.now = options.now ?? Date.now;
  }

  async create(record: GameRecord): Promise<void> {
    this.open();
    checkRecord(record);
    const kept = keep(record);
    if (this.games.has(record.id)) throw new StoreError("game-exists", `there is a game ${record.id} already`);
    this.games.set(record.id, { ...kept, history: new Map(), submissions: new Map(), lock: null });
  }

  async load(id: GameId): Promise<GameRecord | null> {
    this.open();
    checkGameId(id);
    const g = this.games.get(id);
    if (!g) return null;
    return { ...(JSON.parse(g.record) as Omit<GameRecord, "state">), state: JSON.parse(g.state) };
  }

  async list(): Promise<GameSummary[]> {
    this.open();
    return [...this.games.keys()].sort(byCodeUnits).map((id) => {
      const r = JSON.parse(this.games.get(id)!.record) as GameRecord;
      return { id, ruleset: r.ruleset, scenario: r.scenario, step: r.step, label: r.label, over: r.outcome !== null };
    });
  }

  async submit(id: GameId, submission: Omit<Submission, "revision">): Promise<number> {
    this.open();
    checkGameId(id);
    checkSubmission(submission);
    const orders = jsonText(`the orders of seat ${submission.seat}`, submission.orders);
    const problems = jsonText(`the problems of seat ${submission.seat}`, submission.problems);
    const g = this.games.get(id);
    if (!g) throw noGame(id);
    if (submission.step !== g.step) throw staleSubmission(id, submission.step, g.step, g.label);
    let list = g.submissions.get(submission.step);
    if (!list) g.submissions.set(submission.step, (list = []));
    let revision = 1;
    for (const s of list) {
      const earlier = JSON.parse(s) as Submission;
      if (earlier.seat === submission.seat) revision = Math.max(revision, earlier.revision + 1);
    }
    const { seat, step, source, at } = submission;
    list.push(
      `{"at":${JSON.stringify(at)},"orders":${orders},"problems":${problems},"revision":${revision},"seat":${JSON.stringify(seat)},"source":${JSON.stringify(source)},"step":${step}}`,
    );
    return revision;
  }

  async submissions(id: GameId, step: number): Promise<Submission[]> {
    this.open();
    checkGameId(id);
    checkStep("the step", step);
    return (this.games.get(id)?.submissions.get(step) ?? []).map((s) => JSON.parse(s) as Submission);
  }

  async submitters(id: GameId, step: number): Promise<SeatId[]> {
    return [...new Set((await this.submissions(id, step)).map((s) => s.seat))].sort();
  }

  async commit(id: GameId, entry: StepEntry, next: GameRecord, joined?: JoinedWrite, counted?: number): Promise<void> {
    checkJoin(this.where, undefined, joined);
    this.open();
    checkGameId(id);
    checkRecord(next, id);
    checkEntry(entry, next);
    const kept = keep(next);
    const { step, label, seed, state, orders, sources, events } = entry;
    const history = jsonText(`the history entry of step ${step}`, { step, label, seed, state, orders, sources, events });
    const g = this.games.get(id);
    if (!g) throw noGame(id);
    if (g.step !== entry.step) throw staleStep(id, entry.step, g.step, g.label);
    const held = g.submissions.get(entry.step)?.length ?? 0;
    if (counted !== undefined && held !== counted) throw newSubmissions(id, entry.step, counted, held);
    if (g.history.has(entry.step)) throw new StoreError("corrupt", `game ${id} has a history entry for step ${entry.step} already`);
    g.history.set(entry.step, history);
    Object.assign(g, kept);
  }

  async history(id: GameId, step: number): Promise<StepEntry | null> {
    this.open();
    checkGameId(id);
    checkStep("the step", step);
    const h = this.games.get(id)?.history.get(step);
    return h === undefined ? null : (JSON.parse(h) as StepEntry);
  }

  async steps(id: GameId): Promise<number[]> {
    this.open();
    checkGameId(id);
    return [...(this.games.get(id)?.history.keys() ?? [])].sort((a, b) => a - b);
  }

  async lock(id: GameId, holder: string): Promise<Lock> {
    this.open();
    checkGameId(id);
    checkHolder(holder);
    const g = this.games.get(id);
    if (!g) throw noGame(id);
    const now = this.now();
    if (g.lock && now - g.lock.since < this.leaseMs) throw locked(id, g.lock.holder, new Date(g.lock.since));
    const token = randomUUID();
    g.lock = { holder, since: now, token };
    return {
      release: async () => {
        const h = this.games.get(id);
        if (h?.lock?.token === token) h.lock = null;
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.games.clear();
  }

  private open(): void {
    if (this.closed) throw new StoreError("closed", "the memory store is closed");
  }
}

function keep(record: GameRecord): { record: string; state: string; step: number; label: string } {
  const { state, ...rest } = record;
  const text = jsonText(`game ${record.id}`, {
    id: rest.id,
    ruleset: rest.ruleset,
    rulesetVersion: rest.rulesetVersion,
    scenario: rest.scenario,
    options: rest.options,
    seed: rest.seed,
    step: rest.step,
    label: rest.label,
    outcome: rest.outcome,
  });
  if (rest.options === undefined) throw new StoreError("bad-record", `the options of game ${record.id} are not JSON (undefined)`);
  if (rest.outcome === undefined) throw new StoreError("bad-record", `the outcome of game ${record.id} must be an outcome or null`);
  return { record: text, state: jsonText(`the state of game ${record.id}`, state), step: record.step, label: record.label };
}

/** Ids are ASCII: code-unit order is what PostgreSQL's "C" collation gives. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
