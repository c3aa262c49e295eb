/**
 * The SQL stores' schema, as versioned migrations.
 *
 * Why plain SQL and not Drizzle ORM (which DESIGN.md's stack table names): the
 * store is four tables and about fifteen statements, all written once in
 * ./store.ts, and the very same SQL text runs unchanged on PGlite and on
 * PostgreSQL. An ORM would add a dependency, a schema DSL, a migration generator
 * with its own journal files to ship, and a layer between us and the two things
 * that matter here: the compare-and-swap `UPDATE ... WHERE step = $2` of a commit
 * and the `SELECT ... FOR UPDATE` that numbers submissions. Plain SQL keeps those
 * visible and reviewable.
 *
 * The migrations are TypeScript string constants, so they ship with the code
 * (no SQL files to find at run time). Each has a version; the `migrations` table
 * records which ran. At open, one transaction takes an advisory lock (two
 * processes opening one database at once wait for each other), runs the missing
 * migrations in order and records them. A database migrated by a newer Starhost is
 * refused rather than guessed at.
 *
 * Rules for adding one: never edit a migration that has shipped; add the next
 * version. Each statement is its own array element (PGlite's `query` runs one
 * statement at a time).
 *
 * Columns holding JSON that may be large (states, orders, events, options) are
 * `bytea`: canonical JSON, brotli-compressed (../codec.ts). Small JSON (outcome,
 * sources, problems) is `json`, which keeps the text exactly as given (unlike `jsonb`).
 * Ids are checked in code (src/core/ids.ts) before any query, and again here by
 * CHECK constraints.
 */
import { StoreError } from "../store.js";
import type { Queryable, SqlDriver } from "./driver.js";

export interface Migration {
  version: number;
  name: string;
  statements: readonly string[];
}

const ID_CHECK = "'^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$'";

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "games, steps, submissions, game_locks",
    statements: [
      `CREATE TABLE games (
        id text PRIMARY KEY CHECK (id ~ ${ID_CHECK}),
        ruleset text NOT NULL,
        ruleset_version text NOT NULL,
        scenario text NOT NULL,
        options bytea NOT NULL,
        seed bigint NOT NULL,
        step integer NOT NULL CHECK (step >= 1),
        label text NOT NULL,
        outcome json,
        state bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE steps (
        game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        step integer NOT NULL CHECK (step >= 1),
        label text NOT NULL,
        seed bigint NOT NULL,
        state bytea NOT NULL,
        orders bytea NOT NULL,
        sources json NOT NULL,
        events bytea NOT NULL,
        committed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, step)
      )`,
      `CREATE TABLE submissions (
        seq bigint GENERATED ALWAYS AS IDENTITY,
        game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        step integer NOT NULL CHECK (step >= 1),
        seat text NOT NULL CHECK (seat ~ ${ID_CHECK}),
        revision integer NOT NULL CHECK (revision >= 1),
        orders bytea NOT NULL,
        problems json NOT NULL,
        source text NOT NULL,
        at text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, step, seat, revision)
      )`,
      `CREATE TABLE game_locks (
        game_id text PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        holder text NOT NULL,
        since timestamptz NOT NULL,
        token text NOT NULL
      )`,
    ],
  },
  {
    version: 2,
    name: "game_locks: the holder's host and process",
    // A lock whose process is gone from this very host was abandoned by a crash: it may be taken at once
    // (the embedded PGlite has one host; on PostgreSQL with many machines the lease still decides).
    statements: ["ALTER TABLE game_locks ADD COLUMN host text", "ALTER TABLE game_locks ADD COLUMN pid integer"],
  },
  {
    version: 3,
    name: "the site: accounts, sessions, api_tokens, hosted_games, game_masters, seats, invites",
    // The server's own tables (../site.ts): who plays, how they sign in, which games are hosted and who holds
    // each seat. Sessions, tokens and invites keep only the SHA-256 of their secret. Times come from the
    // server's clock (injected), not from now(), so tests control them.
    statements: [
      `CREATE TABLE accounts (
        id text PRIMARY KEY CHECK (id ~ ${ID_CHECK}),
        name text NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$'),
        name_key text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL
      )`,
      `CREATE TABLE sessions (
        id_hash text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        csrf text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      "CREATE INDEX sessions_account ON sessions (account_id)",
      `CREATE TABLE api_tokens (
        id text PRIMARY KEY CHECK (id ~ ${ID_CHECK}),
        account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`,
      "CREATE INDEX api_tokens_account ON api_tokens (account_id)",
      `CREATE TABLE hosted_games (
        game_id text PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        title text NOT NULL,
        creator_id text NOT NULL REFERENCES accounts (id),
        spectators text NOT NULL CHECK (spectators IN ('none', 'live', 'after-end')),
        created_at timestamptz NOT NULL,
        started_at timestamptz
      )`,
      `CREATE TABLE game_masters (
        game_id text NOT NULL REFERENCES hosted_games (game_id) ON DELETE CASCADE,
        account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        PRIMARY KEY (game_id, account_id)
      )`,
      `CREATE TABLE seats (
        game_id text NOT NULL REFERENCES hosted_games (game_id) ON DELETE CASCADE,
        seat text NOT NULL CHECK (seat ~ ${ID_CHECK}),
        ord integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('open', 'invited', 'account', 'bot')),
        account_id text REFERENCES accounts (id),
        bot_level text,
        CHECK ((kind = 'account') = (account_id IS NOT NULL)),
        CHECK ((kind = 'bot') = (bot_level IS NOT NULL)),
        PRIMARY KEY (game_id, seat)
      )`,
      "CREATE INDEX seats_account ON seats (account_id)",
      `CREATE TABLE invites (
        token_hash text PRIMARY KEY,
        game_id text NOT NULL REFERENCES hosted_games (game_id) ON DELETE CASCADE,
        seat text NOT NULL,
        created_by text NOT NULL REFERENCES accounts (id),
        created_at timestamptz NOT NULL,
        used_by text REFERENCES accounts (id),
        used_at timestamptz
      )`,
    ],
  },
  {
    version: 4,
    name: "deadlines: hosted games' settings and step clocks, seats' attendance",
    // deadlines: DeadlineSettings as JSON (src/host/deadlines.ts), null for games hosted before version 4 (no deadline).
    // clock_step: the step the clock (opened, deadline, paused_at) belongs to; null before the start and after the end.
    statements: [
      "ALTER TABLE hosted_games ADD COLUMN deadlines json",
      "ALTER TABLE hosted_games ADD COLUMN clock_step integer",
      "ALTER TABLE hosted_games ADD COLUMN step_opened timestamptz",
      "ALTER TABLE hosted_games ADD COLUMN step_deadline timestamptz",
      "ALTER TABLE hosted_games ADD COLUMN paused_at timestamptz",
      "CREATE INDEX hosted_games_clock ON hosted_games (step_deadline) WHERE clock_step IS NOT NULL",
      "ALTER TABLE seats ADD COLUMN missed integer NOT NULL DEFAULT 0 CHECK (missed >= 0)",
      "ALTER TABLE seats ADD COLUMN holiday json NOT NULL DEFAULT '[]'",
      "ALTER TABLE seats ADD COLUMN reminded_at timestamptz",
    ],
  },
  {
    version: 5,
    name: "mail play and diplomacy: accounts.email, seats.mail and mail_secret, hosted_games.gm_reads_private, messages",
    // Version 4 is the deadlines' (another branch). Each statement stands alone (ADD COLUMN, a new table), so
    // either may land first. A seat plays by mail when its holder turned it on; its secret keys its orders
    // address. Messages between seats: to_seats is null for a public announcement; thread is the first
    // message's id (its own for a new thread).
    statements: [
      "ALTER TABLE accounts ADD COLUMN email text",
      "ALTER TABLE seats ADD COLUMN mail boolean NOT NULL DEFAULT false",
      "ALTER TABLE seats ADD COLUMN mail_secret text",
      "ALTER TABLE hosted_games ADD COLUMN gm_reads_private boolean NOT NULL DEFAULT false",
      `CREATE TABLE messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game_id text NOT NULL REFERENCES hosted_games (game_id) ON DELETE CASCADE,
        from_seat text NOT NULL CHECK (from_seat ~ ${ID_CHECK}),
        to_seats text[],
        reply_to bigint REFERENCES messages (id),
        thread bigint NOT NULL,
        body text NOT NULL,
        at timestamptz NOT NULL
      )`,
      "CREATE INDEX messages_game ON messages (game_id, id)",
    ],
  },
  {
    version: 6,
    name: "reminders: seats.last_call_step",
    // reminded_at (version 4) keeps the time of the last reminder before a deadline; last_call_step the step for
    // which the seat was told it is the last to submit. Both are claimed by a conditional UPDATE, so a notice goes
    // out once however many processes look.
    statements: ["ALTER TABLE seats ADD COLUMN last_call_step integer"],
  },
  {
    version: 7,
    name: "sign_in_hits: the sign-in limit's counts, shared by every serve",
    // Behind a load balancer each process counting its own let a guesser try processes x limit
    // times. A row per key (the SHA-256 of "name:..." or "addr:...", so no name or address is kept and any length
    // fits the index) holds the times of its recent attempts; its row lock serialises attempts on that key.
    statements: [
      `CREATE TABLE sign_in_hits (
        key text PRIMARY KEY,
        hits json NOT NULL,
        last_at timestamptz NOT NULL
      )`,
      "CREATE INDEX sign_in_hits_last ON sign_in_hits (last_at)",
    ],
  },
  {
    version: 8,
    name: "starhost_submit: a batch of submissions in one round trip",
    // On PostgreSQL a batch (store.ts, insertBatch) locks its games' rows, then numbers and inserts its rows, then
    // reads who has submitted. Each needs a snapshot taken after the one before: the lock must be held before the
    // revisions are counted, or two batches for one seat count alike and collide. As statements of a transaction
    // that cost four round trips (BEGIN, lock, insert, COMMIT) and a fifth for the submitters. A VOLATILE PL/pgSQL
    // function gives each of its statements a fresh snapshot, so the same steps run as one call. The output rows
    // are the kept revisions (revision >= 1), then every seat that has submitted for each batch's (game, step)
    // (revision 0): read after the insert under the lock, so the last batch to commit sees every earlier one.
    statements: [
      `CREATE FUNCTION starhost_submit(ords int[], game_ids text[], steps int[], seat_ids text[], orders bytea[],
         problems json[], sources text[], ats text[])
       RETURNS TABLE (out_game text, out_step int, out_seat text, out_revision int)
       LANGUAGE plpgsql VOLATILE AS $fn$
       DECLARE
         k record;
       BEGIN
         PERFORM 1 FROM games WHERE id = ANY (game_ids) ORDER BY id FOR UPDATE;
         RETURN QUERY
           WITH v AS (
             SELECT * FROM unnest(ords, game_ids, steps, seat_ids, orders, problems, sources, ats)
               AS u (ord, game_id, step, seat, orders, problems, source, at)
           )
           INSERT INTO submissions AS s (game_id, step, seat, revision, orders, problems, source, at)
           SELECT v.game_id, v.step, v.seat,
             COALESCE((SELECT MAX(x.revision) FROM submissions x
                       WHERE x.game_id = v.game_id AND x.step = v.step AND x.seat = v.seat), 0)
               + row_number() OVER (PARTITION BY v.game_id, v.step, v.seat ORDER BY v.ord),
             v.orders, v.problems, v.source, v.at
           FROM v JOIN games g ON g.id = v.game_id AND g.step = v.step
           ORDER BY v.ord
           RETURNING s.game_id, s.step, s.seat, s.revision;
         FOR k IN SELECT DISTINCT u.game_id, u.step FROM unnest(game_ids, steps) AS u (game_id, step) LOOP
           -- Seat by seat along the primary key, as SqlStore.submitters reads them.
           RETURN QUERY
             WITH RECURSIVE r AS (
               (SELECT x.seat FROM submissions x WHERE x.game_id = k.game_id AND x.step = k.step ORDER BY x.seat LIMIT 1)
               UNION ALL
               SELECT (SELECT n.seat FROM submissions n WHERE n.game_id = k.game_id AND n.step = k.step AND n.seat > r.seat
                       ORDER BY n.seat LIMIT 1)
               FROM r WHERE r.seat IS NOT NULL
             )
             SELECT k.game_id::text, k.step::int, r.seat, 0 FROM r WHERE r.seat IS NOT NULL;
         END LOOP;
       END
       $fn$`,
    ],
  },
];

/** Any fixed number: the advisory lock that serialises migrating one database. */
const MIGRATION_LOCK = 7_303_035_412_118_372;

/** Run the migrations the database lacks, in one transaction; the names of those run. */
export async function migrate(db: SqlDriver, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(`CREATE TABLE IF NOT EXISTS migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ version: number }>("SELECT version FROM migrations")).rows.map((r) => Number(r.version)));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newest = Math.max(0, ...done);
    if (newest > known)
      throw new StoreError(
        "corrupt",
        `${db.where} was migrated by a newer Starhost (schema version ${newest}; this one knows up to ${known}): upgrade Starhost`,
      );
    const ran: string[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await run(tx, m);
      ran.push(`${m.version} ${m.name}`);
    }
    return ran;
  });
}

async function run(tx: Queryable, m: Migration): Promise<void> {
  for (const s of m.statements) await tx.query(s);
  await tx.query("INSERT INTO migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
}
