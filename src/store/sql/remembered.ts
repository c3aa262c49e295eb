/**
 * Reads remembered, for a database that only this process writes: PGlite, whose
 * folder one process opens at a time (./pglite.ts). There, a read's answer can
 * change only through a statement this process runs, so an answer can be kept
 * until a statement writes a table it read. A server answers most requests from
 * the same few rows (the caller's token and account, the game's seats and
 * schedule, the game's row version), and on PGlite every statement costs a few
 * hundred microseconds of this process's CPU (PostgreSQL runs in it, as
 * WebAssembly): keeping them is most of what lets one process take order
 * submissions at the rate issue 10 asks (bench/server.bench.ts).
 *
 * What counts, read from the statement's text (Starhost's own SQL, never a
 * user's):
 *  - a read is a SELECT (or WITH ... SELECT) that writes nothing, locks nothing
 *    (FOR UPDATE/SHARE), and calls nothing volatile (now(), nextval, pg_notify,
 *    advisory locks, random, or one of Starhost's own functions, `starhost_*`, which
 *    write: ./migrations.ts): its tables are the names after FROM and JOIN. A read
 *    of no table is not kept.
 *  - anything else is a write: it forgets every kept read of the tables it names
 *    after INSERT INTO, UPDATE, DELETE FROM. A DELETE forgets everything, since a
 *    foreign key may cascade it to other tables (./migrations.ts); so does a
 *    statement naming no table (DDL, VACUUM).
 *  - inside a transaction nothing is kept (a transaction sees its own writes);
 *    its writes forget as they run and again when it ends.
 * A read in flight while a write runs is not kept: each table has a generation
 * that a write moves on before and after it runs, and a read is kept only if the
 * generations of its tables did not move while it ran.
 *
 * Kept rows are frozen (shared by every caller); a result with binary columns
 * (states, orders) or many rows is not kept: the SQL game store caches decoded
 * games itself, and big answers would crowd out the small ones this is for.
 */
import { deepFreeze } from "../frozen.js";
import type { Queryable, QueryResult, SqlDriver } from "./driver.js";

const VOLATILE =
  /\b(?:INSERT|UPDATE|DELETE|TRUNCATE|FOR\s+(?:NO\s+KEY\s+)?UPDATE|FOR\s+(?:KEY\s+)?SHARE|current_timestamp|localtimestamp)\b|\b(?:pg_notify|nextval|setval|now|clock_timestamp|statement_timestamp|transaction_timestamp|random|gen_random_uuid|pg_advisory\w*|pg_try_advisory\w*|txid_\w+|pg_current_xact_id|starhost_\w+)\s*\(/i;
const READ_TABLES = /\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/gi;
const COMMA_JOIN = /\bFROM\s+[a-z_][a-z0-9_]*(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?\s*,/i;
const WRITTEN_TABLES = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)/gi;
/** Answers longer than this are not kept. */
const MAX_ROWS = 200;

type Kind = { read: true; tables: string[] } | { read: false; tables: string[] | "all" };

/** What a statement is, by its text. */
export function classify(text: string): Kind {
  const t = text.trim();
  if (/^(?:SELECT|WITH)\b/i.test(t) && !VOLATILE.test(t)) {
    // A table listed after a comma (FROM a, b) is not seen by READ_TABLES: such a read is never kept.
    if (COMMA_JOIN.test(t)) return { read: false, tables: [] };
    return { read: true, tables: names(t, READ_TABLES) };
  }
  // Starhost's own functions write tables their call does not name (./migrations.ts): every read is forgotten.
  if (/\bstarhost_\w+\s*\(/i.test(t)) return { read: false, tables: "all" };
  // A SELECT that locks rows or calls something volatile writes no table (a row lock is not a change).
  const unlocked = t.replace(/\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b|\bFOR\s+(?:KEY\s+)?SHARE\b/gi, "");
  if (/^SELECT\b/i.test(t) && !/\b(?:INSERT|UPDATE|DELETE|TRUNCATE)\b/i.test(unlocked)) return { read: false, tables: [] };
  if (/\bDELETE\b|\bTRUNCATE\b/i.test(t)) return { read: false, tables: "all" };
  const written = names(t, WRITTEN_TABLES);
  return { read: false, tables: written.length > 0 ? written : "all" };
}

function names(text: string, pattern: RegExp): string[] {
  return [...new Set([...text.matchAll(pattern)].map((m) => m[1]!.toLowerCase()))].sort();
}

function hasBytes(v: unknown): boolean {
  if (v instanceof Uint8Array) return true;
  if (v === null || typeof v !== "object") return false;
  return Object.values(v).some(hasBytes);
}

/** A key for a statement and its parameters (Dates as ISO text, bigints as digits: what they send). */
function keyOf(text: string, params: readonly unknown[] | undefined): string | null {
  if (params?.some(hasBytes)) return null;
  return `${text}\u0000${JSON.stringify(params ?? [], (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))}`;
}

export interface Remembered extends SqlDriver {
  /** Reads answered from memory and from the database since the start (for tests and the bench). */
  readonly counts: { remembered: number; asked: number };
}

/** `db` with its reads remembered: only for a database no other process writes. */
export function rememberReads(db: SqlDriver, size = 2048): Remembered {
  // Each kept answer carries the generations of its tables when it was read: a write only moves generations on
  // (no walk over what is kept, on every submission), and an answer whose tables moved on is dropped when asked.
  const kept = new Map<string, { tables: string[]; generation: string; result: QueryResult<unknown> }>();
  const generation = new Map<string, number>();
  let all = 0;
  const counts = { remembered: 0, asked: 0 };
  // The statements are Starhost's own, a few dozen texts: each is read once.
  const kinds = new Map<string, Kind>();
  const kindOf = (text: string): Kind => {
    let k = kinds.get(text);
    if (!k) {
      k = classify(text);
      if (kinds.size >= 1024) kinds.clear();
      kinds.set(text, k);
    }
    return k;
  };
  const gen = (tables: readonly string[]) => `${all}:${tables.map((t) => generation.get(t) ?? 0).join(",")}`;
  const forget = (tables: readonly string[] | "all") => {
    if (tables === "all") {
      all += 1;
      kept.clear();
      return;
    }
    for (const t of tables) generation.set(t, (generation.get(t) ?? 0) + 1);
  };
  const write = async <R>(q: Queryable, tables: string[] | "all", text: string, params?: readonly unknown[]) => {
    forget(tables);
    try {
      return await q.query<R>(text, params);
    } finally {
      forget(tables);
    }
  };
  return {
    where: db.where,
    exclusive: db.exclusive,
    counts,
    async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const kind = kindOf(text);
      if (!kind.read) return write<R>(db, kind.tables, text, params);
      const key = kind.tables.length > 0 ? keyOf(text, params) : null;
      if (key === null) return db.query<R>(text, params);
      const had = kept.get(key);
      if (had && had.generation !== gen(had.tables)) kept.delete(key);
      else if (had) {
        kept.delete(key);
        kept.set(key, had);
        counts.remembered += 1;
        return { rows: [...had.result.rows] as R[], rowCount: had.result.rowCount };
      }
      counts.asked += 1;
      const before = gen(kind.tables);
      const result = await db.query<R>(text, params);
      if (gen(kind.tables) === before && result.rows.length <= MAX_ROWS && !result.rows.some(hasBytes)) {
        for (const row of result.rows) deepFreeze(row);
        kept.set(key, { tables: kind.tables, generation: before, result: { rows: [...result.rows], rowCount: result.rowCount } });
        for (const old of kept.keys()) {
          if (kept.size <= size) break;
          kept.delete(old);
        }
      }
      return result;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const written = new Set<string>();
      let everything = false;
      try {
        return await db.transaction((tx) =>
          fn({
            query<R>(text: string, params?: readonly unknown[]) {
              const kind = kindOf(text);
              if (kind.read) return tx.query<R>(text, params);
              if (kind.tables === "all") everything = true;
              else for (const t of kind.tables) written.add(t);
              return write<R>(tx, kind.tables, text, params);
            },
          }),
        );
      } finally {
        forget(everything ? "all" : [...written]);
      }
    },
    close: () => db.close(),
    notify: (channel, payload) => db.notify(channel, payload),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
  };
}
