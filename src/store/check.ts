/**
 * What every store checks before it touches anything: ids (src/core/ids.ts), step
 * numbers, seeds and the text fields kept as SQL text. One module, so the memory,
 * PGlite and PostgreSQL stores refuse the same things with the same codes and
 * messages (the shared suite compares them).
 */
import { idProblem } from "../core/ids.js";
import { canonicalJson } from "../core/json.js";
import { type GameId, type GameRecord, type JoinedWrite, type StepEntry, StoreError, type Submission } from "./store.js";

/** The largest step a store keeps: PostgreSQL's `integer`. */
export const MAX_STEP = 2_147_483_647;

/** A game id, checked before any query: "bad-id" otherwise. */
export function checkGameId(id: unknown): asserts id is GameId {
  const p = idProblem(id);
  if (p !== null) throw new StoreError("bad-id", `bad game id: ${p}`);
}

export function checkSeatId(seat: unknown): void {
  const p = idProblem(seat);
  if (p !== null) throw new StoreError("bad-id", `bad seat id: ${p}`);
}

export function checkStep(what: string, step: unknown): asserts step is number {
  if (typeof step !== "number" || !Number.isInteger(step) || step < 1 || step > MAX_STEP)
    throw new StoreError("bad-record", `${what} must be a whole number from 1 to ${MAX_STEP}, not ${describe(step)}`);
}

function checkSeed(what: string, seed: unknown): void {
  if (typeof seed !== "number" || !Number.isSafeInteger(seed))
    throw new StoreError("bad-record", `${what} must be a safe integer, not ${describe(seed)}`);
}

/** Lone surrogates would not survive UTF-8 (they become U+FFFD) and PostgreSQL text cannot hold NUL. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string kept as SQL text: refused ("bad-record") if it could not come back unchanged. */
export function checkText(what: string, s: unknown, max = 10_000): asserts s is string {
  if (typeof s !== "string") throw new StoreError("bad-record", `${what} must be a string, not ${describe(s)}`);
  if (s.length > max) throw new StoreError("bad-record", `${what} has at most ${max} characters (this one has ${s.length})`);
  if (s.includes("\u0000") || LONE_SURROGATE.test(s))
    throw new StoreError("bad-record", `${what} holds a NUL character or a lone surrogate`);
}

/**
 * Canonical JSON text of `value` (keys sorted), or "bad-record" naming `what` when it is not JSON. Canonical,
 * not merely JSON: a state comes back from every store with its keys in one order, and the rules iterate
 * records in key order, so the same game plays the same on a game folder, PGlite and PostgreSQL. (Keeping
 * JSON.stringify's text was tried: twice as fast to pack, but the memory store's games then diverged from
 * the folder's; test/harness/lifecycle.test.ts caught it.)
 */
export function jsonText(what: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = canonicalJson(value);
  } catch (e) {
    throw new StoreError("bad-record", `${what} is not JSON: ${(e as Error).message}`);
  }
  if (typeof text !== "string") throw new StoreError("bad-record", `${what} is not JSON (${describe(value)})`);
  return text;
}

export function checkRecord(record: GameRecord, id?: GameId): void {
  if (record === null || typeof record !== "object") throw new StoreError("bad-record", "a game record must be an object");
  checkGameId(record.id);
  if (id !== undefined && record.id !== id)
    throw new StoreError("bad-record", `the record is game ${record.id}, not game ${id}: a game cannot change its id`);
  checkText("the ruleset", record.ruleset, 200);
  checkText("the ruleset version", record.rulesetVersion, 200);
  checkText("the scenario", record.scenario, 200);
  checkText("the label", record.label, 1000);
  checkSeed("the seed", record.seed);
  checkStep("the step", record.step);
}

export function checkEntry(entry: StepEntry, next: GameRecord): void {
  if (entry === null || typeof entry !== "object") throw new StoreError("bad-record", "a step entry must be an object");
  checkStep("the entry's step", entry.step);
  checkText("the entry's label", entry.label, 1000);
  checkSeed("the entry's seed", entry.seed);
  if (next.seed !== entry.seed) throw new StoreError("bad-record", `a step keeps the game's seed (${entry.seed}), not ${next.seed}`);
  if (next.step !== entry.step + 1)
    throw new StoreError("bad-record", `running step ${entry.step} leads to step ${entry.step + 1}, not step ${next.step}`);
  checkSeatKeys("the entry's orders", entry.orders);
  checkSeatKeys("the entry's sources", entry.sources);
  for (const [seat, source] of Object.entries(entry.sources)) checkText(`the source of seat ${seat}`, source);
  if (!Array.isArray(entry.events)) throw new StoreError("bad-record", "the entry's events must be an array");
}

function checkSeatKeys(what: string, byseat: unknown): void {
  if (byseat === null || typeof byseat !== "object" || Array.isArray(byseat))
    throw new StoreError("bad-record", `${what} must be an object by seat`);
  for (const seat of Object.keys(byseat)) checkSeatId(seat);
}

export function checkSubmission(sub: Omit<Submission, "revision">): void {
  if (sub === null || typeof sub !== "object") throw new StoreError("bad-record", "a submission must be an object");
  checkSeatId(sub.seat);
  checkStep("the submission's step", sub.step);
  checkText("the submission's source", sub.source, 1000);
  checkText("the submission's time", sub.at, 100);
  if (!Array.isArray(sub.problems)) throw new StoreError("bad-record", "the submission's problems must be an array");
}

/** The lock holder is free text ("worker 3, pid 4411"), kept as SQL text. */
export function checkHolder(holder: unknown): asserts holder is string {
  checkText("the lock holder", holder, 1000);
  if (holder.length === 0) throw new StoreError("bad-record", "the lock holder must be named");
}

function describe(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.slice(0, 40));
  if (typeof v === "number" || typeof v === "boolean" || v === null || v === undefined) return String(v);
  if (typeof v === "bigint") return `${v}n`;
  return Array.isArray(v) ? "an array" : `a ${typeof v}`;
}

/** The message of a refused submission: "these orders are for step 3, but the game awaits step 4 (turn 4)". */
export function staleSubmission(id: GameId, step: number, awaited: number, label: string): StoreError {
  return new StoreError(
    "stale-submission",
    `game ${id}: these orders are for step ${step}, but the game awaits step ${awaited} (${label})`,
  );
}

/** The message of a refused commit: the game moved on (or back) since the caller loaded it. */
export function staleStep(id: GameId, step: number, now: number, label: string): StoreError {
  return new StoreError(
    "stale-step",
    `game ${id} is at step ${now} (${label}), not step ${step}: step ${step} was run by someone else meanwhile, so this run is dropped`,
  );
}

/** Orders came for a step while it ran (Store.commit's `counted`): the run is dropped, to be made again with them. */
export function newSubmissions(id: GameId, step: number, counted: number, held: number): StoreError {
  return new StoreError(
    "new-submissions",
    `game ${id} holds ${held} submissions for step ${step}, but the step was run from ${counted}: orders came while it ran, so this run is dropped and the step is run again with them`,
  );
}

/**
 * Refuse a joined write to another database than `database` (the store's own; undefined for stores with no
 * database): writing it apart would lose the "both or neither" its caller relies on.
 */
export function checkJoin(where: string, database: object | undefined, joined: JoinedWrite | undefined): void {
  if (joined && joined.database !== database)
    throw new StoreError("cannot-join", `${where} cannot write another database's rows in a step's transaction`);
}

export function noGame(id: GameId): StoreError {
  return new StoreError("no-game", `there is no game ${id}`);
}

export function locked(id: GameId, holder: string, since: Date): StoreError {
  return new StoreError("locked", `game ${id} is locked by ${JSON.stringify(holder)} since ${since.toISOString()}`);
}

/** Store options shared by every implementation. */
export interface StoreOptions {
  /** A lock older than this (ms) counts as abandoned and may be taken over; 15 minutes unless told. */
  lockLeaseMs?: number;
  /** The clock for locks (tests step it); `Date.now` unless told. */
  now?: () => number;
  /** SQL stores: how many recent games to keep decoded in memory (0: none); 16 unless told. */
  cachedGames?: number;
}

export const DEFAULT_LOCK_LEASE_MS = 15 * 60 * 1000;
