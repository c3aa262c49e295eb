/**
 * Where games are kept (DESIGN.md, "The Ruleset contract and the host"). Three
 * implementations pass one shared suite (test/store/store-suite.ts): game
 * folders (play by files), PGlite (the embedded default) and PostgreSQL
 * (DATABASE_URL). A store knows no ruleset: states, orders and events are plain
 * JSON it keeps and gives back unchanged.
 *
 * The rules of the contract:
 *  - a step commits whole or not at all (`commit` is atomic), and only from the
 *    step the caller loaded (compare-and-swap on `step`): two runs of one step
 *    cannot both commit;
 *  - submissions are kept, every revision; one for a step other than the
 *    awaited one is refused (`StoreError` "stale-submission");
 *  - nothing a client names becomes a path or a plain-object key unchecked
 *    (game and seat ids match `ID_PATTERN` of src/core/ids.ts).
 */
import type { Problem } from "../core/result.js";
import type { Outcome, SeatId } from "../core/ruleset.js";
import type { Queryable } from "./sql/driver.js";

export type GameId = string;

/** A game as the host knows it: everything but the ruleset's state is the record's own. */
export interface GameRecord {
  id: GameId;
  ruleset: string;
  /** The ruleset's version when the game was created (a later version may adjudicate differently). */
  rulesetVersion: string;
  /** The scenario the game was made from ("tutorial", "playtest", "map"). */
  scenario: string;
  /** The scenario's inputs as given (JSON): options, fleets, a map; enough to make the game again from the seed. */
  options: unknown;
  /** The game's seed: a safe integer; every step's dice follow from it and the step number. */
  seed: number;
  /** The awaited step, counted from 1: increases by one with every step run. */
  step: number;
  /** The ruleset's own name of the awaited step: "turn 4", "step 7: turn 2, red activation 3". */
  label: string;
  /** Null while the game goes on. */
  outcome: Outcome | null;
  /** The ruleset's state (JSON). */
  state: unknown;
}

/** One step as run: enough to re-run it exactly (state before, orders, seed) and to derive every report (events). */
export interface StepEntry {
  /** The step number (the record's `step` before the run). */
  step: number;
  label: string;
  /** The game's seed (the step's dice come from it and `step`). */
  seed: number;
  /** The state the step started from. */
  state: unknown;
  /** The orders each awaited seat was adjudicated with (parsed), by seat. */
  orders: Record<SeatId, unknown>;
  /** Where each seat's orders came from: "submission 3", "default", "bot normal". */
  sources: Record<SeatId, string>;
  /** Every event of the step, in order. */
  events: unknown[];
}

/** One revision of a seat's orders for one step. */
export interface Submission {
  seat: SeatId;
  /** The step it was made for. */
  step: number;
  /** 1, 2, 3 ... per game, seat and step: the highest counts. */
  revision: number;
  /** The parsed orders (JSON). */
  orders: unknown;
  /** Orders of it that were malformed and skipped (the rest stand): shown in the seat's results. */
  problems: Problem[];
  /** Who or what sent it: "file orders/klingon.yaml", "bot normal", "user 12". */
  source: string;
  /** When it was received (ISO 8601), as the caller's clock says. */
  at: string;
}

export interface GameSummary {
  id: GameId;
  ruleset: string;
  scenario: string;
  step: number;
  label: string;
  over: boolean;
}

export class StoreError extends Error {
  constructor(
    /**
     * Stable: "game-exists", "no-game", "stale-step", "stale-submission", "new-submissions", "locked", "unsafe-path", "corrupt";
     * "bad-id" (a game or seat id failing `idProblem`, refused before any query), "bad-record" (not JSON, a step
     * that is not a whole number from 1, a seed that is not a safe integer, text with NUL or a lone surrogate, a
     * next record that does not follow the entry), "closed" (used after `close`), "bad-spec" (`openStore`), "cannot-join" (a
     * `JoinedWrite` to another database than the store's).
     */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A write of another store on the same database that must commit with a step or not at all: the server's
 * seat attendance and next deadline (the site store's `settleWrite`). A crash between two transactions
 * would otherwise leave a step run with its misses uncounted, or counted for a step that never ran.
 */
export interface JoinedWrite {
  /** The database it writes to: a store joins only a write to its own (`Store.database`). */
  readonly database: object;
  /** Runs in the step's transaction once the step's own rows are written; throwing rolls the step back. */
  run(tx: Queryable): Promise<void>;
}

/** A held lock on one game; `release` is idempotent. */
export interface Lock {
  release(): Promise<void>;
}

export interface Store {
  /** What kind of store, for messages ("folder games/g1", "pglite ./starhost-data", "postgres"). */
  readonly where: string;
  /**
   * True when every state it holds was written by the host's own commits (the databases, memory): the host
   * then skips validating a state it loads. False for game folders, whose files a person may edit.
   */
  readonly trusted: boolean;
  /**
   * The database the store's commits run on (the SQL stores; undefined for game folders and memory): a
   * `JoinedWrite` to the same database may commit with a step.
   */
  readonly database?: object;
  /** Make a new game at step `record.step` (1). Refuses an id already used ("game-exists"). */
  create(record: GameRecord): Promise<void>;
  /**
   * The game as it stands, or null. `seen` is the game row's version a read of the same database saw just now
   * (SiteStore.hostedWithSchedule's `gameVersion`): a store that holds the game decoded at that very version may
   * answer from memory without asking the database again; the answer is then the game as of that read.
   */
  load(id: GameId, seen?: { version: string }): Promise<GameRecord | null>;
  list(): Promise<GameSummary[]>;
  /**
   * Keep a submission as the next revision of (seat, step). Refused with "stale-submission"
   * (naming both steps) when `step` is not the game's awaited step; "no-game" when there is no game.
   * Returns the revision given.
   */
  submit(id: GameId, submission: Omit<Submission, "revision">): Promise<number>;
  /**
   * `submit`, answered with who had submitted for the step once it was kept (as `submitters` would be, asked at
   * that moment). Optional: a store that learns both at once offers it (the SQL stores, in the submission's own
   * round trip), and a server then needs no second query to see whether every awaited seat is in.
   */
  submitWithSubmitters?(id: GameId, submission: Omit<Submission, "revision">): Promise<{ revision: number; submitters: SeatId[] }>;
  /** Every revision for a step, oldest first. */
  submissions(id: GameId, step: number): Promise<Submission[]>;
  /**
   * The seats with at least one revision for a step, sorted: who has submitted, never what. The server asks
   * this on every submission (early advance) and every summary, so it reads no orders: a seat that
   * resubmits all day must not make each answer slower than the last.
   */
  submitters(id: GameId, step: number): Promise<SeatId[]>;
  /**
   * Commit one step whole: the entry joins the history and `next` becomes the game, only if the game is
   * still at `entry.step` ("stale-step" otherwise, and nothing changes). `next.step` is `entry.step + 1`.
   * `entry.state` is the game's state at that step: a store may keep its own copy of it instead.
   * A game's id, ruleset, ruleset version, scenario, options and seed are fixed when it is created: `next`
   * carries them unchanged (the host's `runStep` does), and a store may keep its own copy of them instead.
   * `joined` (only to a store whose `database` it names; "cannot-join" otherwise, and nothing changes) is
   * written in the same transaction: both commit or neither does.
   * `counted`, when given, is how many submissions for `entry.step` the step was run from: if the store holds
   * more (orders that came while it ran), nothing changes and the commit is refused ("new-submissions"), so
   * the runner runs the step again with them. Orders accepted before a step commits are never left out of it.
   */
  commit(id: GameId, entry: StepEntry, next: GameRecord, joined?: JoinedWrite, counted?: number): Promise<void>;
  /** A step run earlier, or null. */
  history(id: GameId, step: number): Promise<StepEntry | null>;
  /** The numbers of the steps run, ascending. */
  steps(id: GameId): Promise<number[]>;
  /** Hold the game for a step run: a second holder is refused ("locked", saying who holds it). */
  lock(id: GameId, holder: string): Promise<Lock>;
  close(): Promise<void>;
}
