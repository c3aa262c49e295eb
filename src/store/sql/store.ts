/**
 * The SQL store: every query of the PGlite and PostgreSQL stores, written once
 * against the tiny adapter of ./driver.ts. The schema is in ./migrations.ts.
 *
 * Concurrency (PostgreSQL's default READ COMMITTED; PGlite runs one transaction
 * at a time):
 *  - commit: one statement locks the game's row where `id = $1 AND step = $2` (the
 *    compare-and-swap), inserts the step's history entry from it and moves the row
 *    on. A second commit of the same step waits for the first's row lock, then finds
 *    the step moved on, changes no row and is refused "stale-step".
 *  - submit: one statement locks the game's row (`FOR UPDATE`), so a step commit
 *    cannot come between its step check and its insert, and numbers the revision
 *    (max + 1); the primary key (game, step, seat, revision) refuses a number given
 *    twice by two submissions at once, and the second counts again. On PGlite, whose
 *    statements never overlap, the number comes from the step's ledger (./ledger.ts)
 *    and the insert keeps only rows whose game still awaits their step.
 *  - lock: one `INSERT ... ON CONFLICT DO UPDATE ... WHERE since <= cutoff` takes a
 *    free or abandoned lock atomically; release deletes the row only while it is
 *    still this holder's (a token), so a late release cannot free a successor's lock.
 *    A holder that died on this host is seen by its pid and replaced at once; one
 *    that died on another machine holds the game until the lease ends (15 minutes by
 *    default). A run that outlives its lease loses nothing either: its commit is a
 *    compare-and-swap, so it and its successor cannot both commit the step.
 * Large JSON is compressed before the statements run, to keep them short.
 *
 * Recent games are cached in the process, decoded: a server checks every
 * submission against the game's state, and decompressing and parsing a 0.5 MB state
 * for each would cost more than the check. Every `load` still asks the database,
 * and gets the game's bytes only when its row changed: the row version is
 * PostgreSQL's `xmin` (the transaction that wrote the row), so a commit by any
 * process, on any machine, is seen at the next load. Cached states are frozen
 * (../frozen.ts) because their callers share them.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { SeatId } from "../../core/ruleset.js";
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
} from "../check.js";
import { packJson, packText, parseJson, unpackJson } from "../codec.js";
import { deepFreeze } from "../frozen.js";
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
} from "../store.js";
import type { Queryable, SqlDriver } from "./driver.js";
import { Ledgers } from "./ledger.js";
import { migrate } from "./migrations.js";

interface GameRow {
  id: string;
  ruleset: string;
  ruleset_version: string;
  scenario: string;
  options: Uint8Array;
  seed: string | number | bigint;
  step: number;
  label: string;
  outcome: string | null;
  state: Uint8Array;
}

interface StepRow {
  step: number;
  label: string;
  seed: string | number | bigint;
  state: Uint8Array;
  orders: Uint8Array;
  sources: string;
  events: Uint8Array;
}

interface SubmissionRow {
  seat: string;
  step: number;
  revision: number;
  orders: Uint8Array;
  problems: string;
  source: string;
  at: string;
}

/** How many games a store keeps decoded in memory unless told (a 792-sector galaxy takes about 3 MB). */
export const DEFAULT_CACHED_GAMES = 16;

interface Cached {
  /** The row version (`xmin`) the record was read or written at. */
  version: string;
  record: GameRecord;
}

/** A row a submissions insert kept (RETURNING). */
interface SubmittedRow {
  game_id: string;
  step: number;
  seat: string;
  revision: number;
}

/** PostgreSQL's unique_violation: a revision numbered twice. */
function isDuplicate(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === "23505";
}

/** A submission waiting for the next group insert (SqlStore.submit). */
interface WaitingSubmission {
  id: GameId;
  submission: Omit<Submission, "revision">;
  orders: Buffer;
  problems: string;
  resolve(kept: Kept): void;
  reject(e: unknown): void;
}

/** A submission's revision, and the seats that had submitted for its step once it was kept. */
interface Kept {
  revision: number;
  submitters: SeatId[];
}

export class SqlStore implements Store {
  private closed = false;
  /** Recent games by id, least recently used first. */
  private readonly cache = new Map<GameId, Cached>();
  private readonly packed = new Map<string, Buffer>();
  private readonly waiting: WaitingSubmission[] = [];
  private inserting = 0;
  /** Each seat's latest revision per step, on a database only this process writes (./ledger.ts). */
  private readonly ledgers = new Ledgers();
  /** Batches inserted so far: a ledger read while one went in may have missed it, and is not kept. */
  private inserted = 0;
  private readonly cacheSize: number;
  private readonly leaseMs: number;
  private readonly now: () => number;

  private constructor(
    private readonly db: SqlDriver,
    /** The migrations this open ran ("1 games, steps, ..."); empty when the schema was current. */
    readonly migrated: readonly string[],
    options: StoreOptions,
  ) {
    this.leaseMs = options.lockLeaseMs ?? DEFAULT_LOCK_LEASE_MS;
    this.now = options.now ?? Date.now;
    this.cacheSize = options.cachedGames ?? DEFAULT_CACHED_GAMES;
  }

  /** A store on `db`, its schema brought up to date first (the driver is closed if that fails). */
  static async open(db: SqlDriver, options: StoreOptions = {}): Promise<SqlStore> {
    try {
      return new SqlStore(db, await migrate(db), options);
    } catch (e) {
      await db.close().catch(() => {});
      throw e;
    }
  }

  readonly trusted = true;

  get database(): object {
    return this.db;
  }

  get where(): string {
    return this.db.where;
  }

  async create(record: GameRecord): Promise<void> {
    this.open();
    checkRecord(record);
    const [options, state, outcome] = this.packRecord(record);
    const r = await this.db.query(
      `INSERT INTO games (id, ruleset, ruleset_version, scenario, options, seed, step, label, outcome, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
      [record.id, record.ruleset, record.rulesetVersion, record.scenario, options, record.seed, record.step, record.label, outcome, state],
    );
    // Not cached: the record stays its caller's (the first load caches the game).
    if (r.rowCount !== 1) throw new StoreError("game-exists", `there is a game ${record.id} already`);
  }

  async load(id: GameId, seen?: { version: string }): Promise<GameRecord | null> {
    this.open();
    checkGameId(id);
    const had = this.cache.get(id);
    if (had && seen?.version === had.version) {
      this.cache.delete(id);
      this.cache.set(id, had);
      return { ...had.record };
    }
    // The bytes come only when the row is not the cached version: one round trip either way.
    const r = await this.db.query<GameRow & { version: string }>(
      `SELECT xmin::text AS version, id, ruleset, ruleset_version, scenario, seed, step, label, outcome::text AS outcome,
         CASE WHEN xmin::text = $2 THEN NULL ELSE options END AS options,
         CASE WHEN xmin::text = $2 THEN NULL ELSE state END AS state
       FROM games WHERE id = $1`,
      [id, had?.version ?? ""],
    );
    const row = r.rows[0];
    if (!row) {
      this.cache.delete(id);
      return null;
    }
    if (had && row.version === had.version && row.state === null) {
      this.cache.delete(id);
      this.cache.set(id, had);
      return { ...had.record };
    }
    const record: GameRecord = {
      id: row.id,
      ruleset: row.ruleset,
      rulesetVersion: row.ruleset_version,
      scenario: row.scenario,
      options: unpackJson(`the options of game ${id}`, row.options),
      seed: Number(row.seed),
      step: row.step,
      label: row.label,
      outcome: row.outcome === null ? null : (parseJson(`the outcome of game ${id}`, row.outcome) as GameRecord["outcome"]),
      state: unpackJson(`the state of game ${id}`, row.state),
    };
    this.remember(id, row.version, record);
    return { ...record };
  }

  /** Keep a record as the game's at row version `version` (frozen: callers share it), dropping the least recent. */
  private remember(id: GameId, version: string | undefined, record: GameRecord): void {
    this.cache.delete(id);
    if (version === undefined || this.cacheSize <= 0) return;
    deepFreeze(record.state);
    deepFreeze(record.options);
    this.cache.set(id, { version, record: { ...record } });
    for (const old of this.cache.keys()) {
      if (this.cache.size <= this.cacheSize) break;
      this.cache.delete(old);
    }
  }

  async list(): Promise<GameSummary[]> {
    this.open();
    const r = await this.db.query<GameSummary>(
      `SELECT id, ruleset, scenario, step, label, outcome IS NOT NULL AS over FROM games ORDER BY id COLLATE "C"`,
    );
    return r.rows.map((g) => ({ id: g.id, ruleset: g.ruleset, scenario: g.scenario, step: g.step, label: g.label, over: g.over }));
  }

  async submit(id: GameId, submission: Omit<Submission, "revision">): Promise<number> {
    return (await this.submitWithSubmitters(id, submission)).revision;
  }

  async submitWithSubmitters(id: GameId, submission: Omit<Submission, "revision">): Promise<Kept> {
    this.open();
    checkGameId(id);
    checkSubmission(submission);
    const orders = this.packOrders(jsonText(`the orders of seat ${submission.seat}`, submission.orders));
    const problems = jsonText(`the problems of seat ${submission.seat}`, submission.problems);
    return new Promise<Kept>((resolve, reject) => {
      this.waiting.push({ id, submission, orders, problems, resolve, reject });
      if (this.inserting < (this.db.exclusive ? 1 : 4)) void this.insertWaiting();
    });
  }

  /**
   * Submissions are kept by group commit: those that arrive while an insert runs wait for it and then go in
   * together, in one statement. A server under load takes many submissions a second, and each statement (and
   * each commit's write to disk) costs more than a row: on PGlite, in this process's own CPU.
   */
  private async insertWaiting(): Promise<void> {
    this.inserting += 1;
    try {
      // PGlite runs each statement in this thread, so the requests in flight cannot reach submit() while an insert
      // runs: started at once, every batch would be one submission. A turn of the event loop first lets them join.
      if (this.db.exclusive) await new Promise((resolve) => setImmediate(resolve));
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, 100);
        try {
          const kept = await this.insertBatch(batch);
          batch.forEach((w, i) => {
            const r = kept[i]!;
            if (r instanceof Error) w.reject(r);
            else w.resolve(r);
          });
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
        if (this.db.exclusive) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.inserting -= 1;
    }
  }

  /**
   * One round trip for a batch: the function `starhost_submit` (migration 8) locks each game's row (FOR UPDATE, in
   * id order, so two batches never wait on each other in a circle), so a step commit cannot come between the step
   * check and the insert (a commit that got there first has moved the step on, and that game's submissions are
   * refused as stale); then, in a fresh snapshot under the lock, numbers the revisions (max + 1) and inserts the
   * rows in the batch's order (their sequence numbers keep the order of arrival); then reads who has submitted.
   * On PGlite, where statements never overlap, the revisions come from the ledger instead (insertNumbered). Should
   * two revisions still collide, the primary key refuses the call, nothing of it is kept, and it counts again.
   * The answer for each submission is what was kept, or the error that refused it.
   */
  private async insertBatch(batch: readonly WaitingSubmission[]): Promise<(Kept | Error)[]> {
    if (this.db.exclusive) {
      try {
        return await this.insertNumbered(batch);
      } catch (e) {
        if (!isDuplicate(e)) throw e;
        // Something else added a revision (./ledger.ts): forget what was kept and let SQL count.
        for (const w of batch) this.ledgers.drop(w.id, w.submission.step);
      }
    }
    const column = <T>(f: (w: WaitingSubmission, i: number) => T): T[] => batch.map(f);
    const params = [
      column((_, i) => i),
      column((w) => w.id),
      column((w) => w.submission.step),
      column((w) => w.submission.seat),
      column((w) => w.orders),
      column((w) => w.problems),
      column((w) => w.submission.source),
      column((w) => w.submission.at),
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await this.db.query<{ out_game: string; out_step: number; out_seat: string; out_revision: number }>(
          "SELECT out_game, out_step, out_seat, out_revision FROM starhost_submit($1::int[], $2::text[], $3::int[], $4::text[], $5::bytea[], $6::json[], $7::text[], $8::text[])",
          params,
        );
        this.inserted += 1;
        const kept: SubmittedRow[] = [];
        const submitters = new Map<string, SeatId[]>();
        for (const row of r.rows) {
          if (row.out_revision > 0)
            kept.push({ game_id: row.out_game, step: row.out_step, seat: row.out_seat, revision: row.out_revision });
          else {
            const k = `${row.out_game}\u0000${row.out_step}`;
            const list = submitters.get(k);
            if (list) list.push(row.out_seat);
            else submitters.set(k, [row.out_seat]);
          }
        }
        return this.answers(batch, kept, (w) => submitters.get(`${w.id}\u0000${w.submission.step}`) ?? []);
      } catch (e) {
        if (attempt < 20 && isDuplicate(e)) continue;
        throw e;
      }
    }
  }

  /**
   * A batch on a database only this process writes: numbered from the ledger (./ledger.ts), so the statement is
   * a plain insert of the rows whose game still awaits their step. A number given twice (the ledger was wrong)
   * fails the whole statement on the primary key, and nothing of the batch is kept.
   */
  private async insertNumbered(batch: readonly WaitingSubmission[]): Promise<(Kept | Error)[]> {
    const latest = new Map<string, number>();
    const params: unknown[] = [];
    const rows: string[] = [];
    for (const [i, w] of batch.entries()) {
      const { step, seat } = w.submission;
      const k = `${w.id}\u0000${step}\u0000${seat}`;
      const revision = (latest.get(k) ?? (await this.ledgerOf(w.id, step)).get(seat) ?? 0) + 1;
      latest.set(k, revision);
      const n = params.push(i, w.id, step, seat, revision, w.orders, w.problems, w.submission.source, w.submission.at);
      rows.push(
        `($${n - 8}::int, $${n - 7}::text, $${n - 6}::int, $${n - 5}::text, $${n - 4}::int, $${n - 3}::bytea, $${n - 2}::json, $${n - 1}::text, $${n}::text)`,
      );
    }
    const r = await this.db.query<SubmittedRow>(
      `INSERT INTO submissions (game_id, step, seat, revision, orders, problems, source, at)
       SELECT v.game_id, v.step, v.seat, v.revision, v.orders, v.problems, v.source, v.at
       FROM (VALUES ${rows.join(", ")}) AS v (ord, game_id, step, seat, revision, orders, problems, source, at)
       JOIN games g ON g.id = v.game_id AND g.step = v.step
       ORDER BY v.ord
       RETURNING game_id, step, seat, revision`,
      params,
    );
    this.inserted += 1;
    for (const row of r.rows) this.ledgers.note(row.game_id, row.step, row.seat, row.revision);
    const submitters = new Map<string, SeatId[]>();
    for (const w of batch) {
      const k = `${w.id}\u0000${w.submission.step}`;
      if (!submitters.has(k)) submitters.set(k, [...(await this.ledgerOf(w.id, w.submission.step)).keys()].sort());
    }
    return this.answers(batch, r.rows, (w) => submitters.get(`${w.id}\u0000${w.submission.step}`) ?? []);
  }

  /** A step's ledger (./ledger.ts), read from the database if it is not kept. Only on an exclusive database. */
  private async ledgerOf(id: GameId, step: number): Promise<ReadonlyMap<SeatId, number>> {
    const had = this.ledgers.get(id, step);
    if (had) return had;
    const before = this.inserted;
    const r = await this.db.query<{ seat: string; revision: number }>(
      "SELECT seat, MAX(revision)::int AS revision FROM submissions WHERE game_id = $1 AND step = $2 GROUP BY seat",
      [id, step],
    );
    const latest = r.rows.map((row) => [row.seat, row.revision] as const);
    return this.inserted === before ? this.ledgers.set(id, step, latest) : new Map(latest);
  }

  /** Each submission's revision and its step's submitters, from the rows the batch's statement kept, or why it was refused. */
  private async answers(
    batch: readonly WaitingSubmission[],
    kept: readonly SubmittedRow[],
    submittersOf: (w: WaitingSubmission) => SeatId[],
  ): Promise<(Kept | Error)[]> {
    // Revisions back to submissions: within one (game, step, seat) they were given in the batch's order.
    const given = new Map<string, number[]>();
    for (const row of kept) {
      const k = `${row.game_id}\u0000${row.step}\u0000${row.seat}`;
      const list = given.get(k);
      if (list) list.push(row.revision);
      else given.set(k, [row.revision]);
    }
    for (const list of given.values()) list.sort((x, y) => x - y);
    const out: (Kept | Error)[] = [];
    const refused = new Map<string, Error>();
    for (const w of batch) {
      const next = given.get(`${w.id}\u0000${w.submission.step}\u0000${w.submission.seat}`)?.shift();
      if (next !== undefined) {
        out.push({ revision: next, submitters: submittersOf(w) });
        continue;
      }
      // Nothing kept for it: the game is gone or has moved on.
      let e = refused.get(w.id);
      if (!e) {
        const g = (await this.db.query<{ step: number; label: string }>("SELECT step, label FROM games WHERE id = $1", [w.id])).rows[0];
        e = g ? staleSubmission(w.id, w.submission.step, g.step, g.label) : noGame(w.id);
        refused.set(w.id, e);
      }
      out.push(e);
    }
    return out;
  }

  async submissions(id: GameId, step: number): Promise<Submission[]> {
    this.open();
    checkGameId(id);
    checkStep("the step", step);
    const r = await this.db.query<SubmissionRow>(
      "SELECT seat, step, revision, orders, problems::text AS problems, source, at FROM submissions WHERE game_id = $1 AND step = $2 ORDER BY seq",
      [id, step],
    );
    return r.rows.map((s) => ({
      seat: s.seat,
      step: s.step,
      revision: s.revision,
      orders: unpackJson(`the orders of seat ${s.seat}, revision ${s.revision}`, s.orders),
      problems: parseJson(`the problems of seat ${s.seat}, revision ${s.revision}`, s.problems) as Submission["problems"],
      source: s.source,
      at: s.at,
    }));
  }

  /**
   * Orders packed recently, by their JSON text: a seat resubmits the same orders often (a client that submits
   * each draft, a script), and compressing them is a third of a submission's own work.
   */
  private packOrders(text: string): Buffer {
    const had = this.packed.get(text);
    if (had) return had;
    const p = packText(text);
    this.packed.set(text, p);
    for (const old of this.packed.keys()) {
      if (this.packed.size <= 64) break;
      this.packed.delete(old);
    }
    return p;
  }

  async submitters(id: GameId, step: number): Promise<SeatId[]> {
    this.open();
    checkGameId(id);
    checkStep("the step", step);
    if (this.db.exclusive) return [...(await this.ledgerOf(id, step)).keys()].sort();
    const r = await this.db.query<{ seat: string }>(
      // Seat by seat along the primary key (game, step, seat, revision): a few index probes however many
      // revisions a seat has sent, where DISTINCT would read them all.
      `WITH RECURSIVE s AS (
         (SELECT seat FROM submissions WHERE game_id = $1 AND step = $2 ORDER BY seat LIMIT 1)
         UNION ALL
         SELECT (SELECT n.seat FROM submissions n WHERE n.game_id = $1 AND n.step = $2 AND n.seat > s.seat ORDER BY n.seat LIMIT 1)
         FROM s WHERE s.seat IS NOT NULL
       )
       SELECT seat FROM s WHERE seat IS NOT NULL`,
      [id, step],
    );
    return r.rows.map((s) => s.seat);
  }

  async commit(id: GameId, entry: StepEntry, next: GameRecord, joined?: JoinedWrite, counted?: number): Promise<void> {
    this.open();
    checkJoin(this.db.where, this.db, joined);
    checkGameId(id);
    checkRecord(next, id);
    checkEntry(entry, next);
    const what = `step ${entry.step} of game ${id}`;
    // A game's ruleset, version, scenario, options and seed are fixed at its creation (the host's next record
    // carries them unchanged): only the step, label, outcome and state move on. Not packing the options again
    // matters for a game made from a map, whose options hold the whole map.
    const state = packJson(`the state of game ${id}`, next.state);
    const outcome = this.outcomeText(next);
    const orders = packJson(`the orders of ${what}`, entry.orders);
    const events = packJson(`the events of ${what}`, entry.events);
    // The state the step started from is the game's state now (the compare-and-swap on the step below makes sure):
    // the row's packed bytes are copied into the history instead of packing the same state again.
    const sources = jsonText(`the sources of ${what}`, entry.sources);
    // One statement, so one round trip and atomic without a transaction: the game's row is locked first (a
    // concurrent commit of the same step waits there, then finds the step moved on and changes nothing), the
    // history row is made from it, and the row moves on. A joined write needs the transaction.
    const moveOn = (q: Queryable) =>
      q.query<{ version: string }>(
        `WITH held AS (
         SELECT id, step, state FROM games WHERE id = $1 AND step = $2 FOR UPDATE
       ), kept AS (
         INSERT INTO steps (game_id, step, label, seed, state, orders, sources, events)
         SELECT id, step, $7, $8, state, $9, $10, $11 FROM held
       )
       UPDATE games SET step = $3, label = $4, outcome = $5, state = $6, updated_at = now()
       FROM held WHERE games.id = held.id
       RETURNING games.xmin::text AS version`,
        [id, entry.step, next.step, next.label, outcome, state, entry.label, entry.seed, orders, sources, events],
      );
    const r =
      joined || counted !== undefined
        ? await this.db.transaction(async (tx) => {
            if (counted !== undefined) {
              // The row lock waits for submissions being inserted (they lock the row too: insertBatch), and the
              // count, a statement of its own, sees them: a submission either is counted here or, waiting for this
              // transaction, finds the step moved on and is refused as stale.
              const g = (await tx.query<{ step: number }>("SELECT step FROM games WHERE id = $1 FOR UPDATE", [id])).rows[0];
              if (g?.step === entry.step) {
                const n = (
                  await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM submissions WHERE game_id = $1 AND step = $2", [
                    id,
                    entry.step,
                  ])
                ).rows[0]!.n;
                if (n !== counted) throw newSubmissions(id, entry.step, counted, n);
              }
            }
            const moved = await moveOn(tx);
            // Stale: nothing of the step was written, and the joined write must not be either.
            if (moved.rowCount === 1 && joined) await joined.run(tx);
            return moved;
          })
        : await moveOn(this.db);
    if (r.rowCount !== 1) {
      this.cache.delete(id);
      const g = (await this.db.query<{ step: number; label: string }>("SELECT step, label FROM games WHERE id = $1", [id])).rows[0];
      throw g ? staleStep(id, entry.step, g.step, g.label) : noGame(id);
    }
    // The record as committed: the fixed part as the database has it (a cached record's), the rest from `next`.
    const had = this.cache.get(id);
    if (had)
      this.remember(id, r.rows[0]?.version, {
        ...had.record,
        step: next.step,
        label: next.label,
        outcome: next.outcome,
        state: next.state,
      });
    else this.cache.delete(id);
  }

  async history(id: GameId, step: number): Promise<StepEntry | null> {
    this.open();
    checkGameId(id);
    checkStep("the step", step);
    const r = await this.db.query<StepRow>(
      "SELECT step, label, seed, state, orders, sources::text AS sources, events FROM steps WHERE game_id = $1 AND step = $2",
      [id, step],
    );
    const row = r.rows[0];
    if (!row) return null;
    const what = `step ${step} of game ${id}`;
    return {
      step: row.step,
      label: row.label,
      seed: Number(row.seed),
      state: unpackJson(`the state before ${what}`, row.state),
      orders: unpackJson(`the orders of ${what}`, row.orders) as StepEntry["orders"],
      sources: parseJson(`the sources of ${what}`, row.sources) as StepEntry["sources"],
      events: unpackJson(`the events of ${what}`, row.events) as unknown[],
    };
  }

  async steps(id: GameId): Promise<number[]> {
    this.open();
    checkGameId(id);
    const r = await this.db.query<{ step: number }>("SELECT step FROM steps WHERE game_id = $1 ORDER BY step", [id]);
    return r.rows.map((s) => s.step);
  }

  async lock(id: GameId, holder: string): Promise<Lock> {
    this.open();
    checkGameId(id);
    checkHolder(holder);
    const token = randomUUID();
    // A release between our failed take and our look at the holder: try again (a few times at most).
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = this.now();
      const taken = await this.db.query(
        `INSERT INTO game_locks (game_id, holder, since, token, host, pid)
         SELECT $1::text, $2::text, $3::timestamptz, $4::text, $6::text, $7::integer WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::text)
         ON CONFLICT (game_id) DO UPDATE SET holder = EXCLUDED.holder, since = EXCLUDED.since, token = EXCLUDED.token,
           host = EXCLUDED.host, pid = EXCLUDED.pid
         WHERE game_locks.since <= $5::timestamptz`,
        [id, holder, new Date(now).toISOString(), token, new Date(now - this.leaseMs).toISOString(), hostname(), process.pid],
      );
      if (taken.rowCount === 1) {
        return {
          release: async () => {
            if (!this.closed) await this.db.query("DELETE FROM game_locks WHERE game_id = $1 AND token = $2", [id, token]);
          },
        };
      }
      const held = (
        await this.db.query<{ holder: string; since: Date; token: string; host: string | null; pid: number | null }>(
          "SELECT holder, since, token, host, pid FROM game_locks WHERE game_id = $1",
          [id],
        )
      ).rows[0];
      if (held && held.host === hostname() && held.pid !== null && held.pid !== process.pid && !processAlive(held.pid)) {
        // Its process is gone from this host: abandoned by a crash, taken over now rather than after the lease.
        await this.db.query("DELETE FROM game_locks WHERE game_id = $1 AND token = $2", [id, held.token]);
        continue;
      }
      if (held) throw locked(id, held.holder, new Date(held.since));
      if ((await this.db.query("SELECT 1 FROM games WHERE id = $1", [id])).rows.length === 0) throw noGame(id);
    }
    throw new StoreError("locked", `game ${id} is being locked and released by others too fast to take: try again`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cache.clear();
    await this.db.close();
  }

  private packRecord(record: GameRecord): [Buffer, Buffer, string | null] {
    if (record.options === undefined) throw new StoreError("bad-record", `the options of game ${record.id} are not JSON (undefined)`);
    return [
      packJson(`the options of game ${record.id}`, record.options),
      packJson(`the state of game ${record.id}`, record.state),
      this.outcomeText(record),
    ];
  }

  private outcomeText(record: GameRecord): string | null {
    if (record.outcome === undefined) throw new StoreError("bad-record", `the outcome of game ${record.id} must be an outcome or null`);
    return record.outcome === null ? null : jsonText(`the outcome of game ${record.id}`, record.outcome);
  }

  private open(): void {
    if (this.closed) throw new StoreError("closed", `${this.db.where} is closed`);
  }
}

/** Is process `pid` of this host still running? */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
