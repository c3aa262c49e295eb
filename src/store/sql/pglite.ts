/**
 * PGlite: PostgreSQL compiled to WebAssembly, its data in a folder. The embedded
 * default: nothing to install or run. One process may open a folder at a time.
 * PGlite runs one statement at a time and its transactions exclusively, so
 * concurrent calls on one store are serialised by PGlite itself.
 */
import { PGlite } from "@electric-sql/pglite";
import type { Queryable, QueryResult, SqlDriver } from "./driver.js";

/** PostgreSQL's type oid of bytea. */
const BYTEA = 17;

/**
 * bytea to and from PostgreSQL's hex text through Node's native codec. PGlite's
 * own goes byte by byte in JavaScript (`Array.from(...).map(toString(16))` and a
 * `parseInt` per byte): about 14 ms to write and 4 ms to read a 45 KB state, most of
 * a step's time in the store (bench/host.bench.ts); these take well under 1 ms.
 */
const byteaText = {
  serializers: { [BYTEA]: (v: Uint8Array) => `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("hex")}` },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), "hex") },
};

export async function openPglite(dataDir: string): Promise<SqlDriver> {
  const db = await PGlite.create(dataDir, byteaText);
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const run = async <R>(q: Pick<PGlite, "query">, text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
    const r = await q.query<R>(text, params ? [...params] : undefined);
    return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
  };
  return {
    where: `pglite ${dataDir}`,
    exclusive: true,
    query: (text, params) => run(db, text, params),
    transaction: (fn) => db.transaction((tx) => fn({ query: (text, params) => run(tx, text, params) } satisfies Queryable)),
    close: () => db.close(),
    // Only this process opens the folder, so only its own listeners can hear: they are told directly, after
    // the current turn of the event loop (as PostgreSQL tells them after the notifying statement commits),
    // without a statement through PostgreSQL's NOTIFY (a few hundred microseconds of this process's CPU each).
    async notify(channel, payload) {
      const fns = [...(listeners.get(channel) ?? [])];
      if (fns.length > 0)
        setImmediate(() => {
          for (const fn of fns) fn(payload);
        });
    },
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      const fn = (p: string) => onPayload(p);
      set.add(fn);
      return async () => {
        set.delete(fn);
      };
    },
  };
}
