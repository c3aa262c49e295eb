/**
 * PGlite: PostgreSQL compiled to WebAssembly, its data in a folder. The embedded
 * default: nothing to install or run. One process may open a folder at a time.
 * PGlite runs one statement at a time and its transactions exclusively, so
 * concurrent calls on one store are serialised by PGlite itself.
 */
import { PGlite } from "@electric-sql/pglite";
import type { Queryable, QueryResult, SqlDriver } from "./driver.js";

export async function openPglite(dataDir: string): Promise<SqlDriver> {
  const db = await PGlite.create(dataDir);
  const run = async <R>(q: Pick<PGlite, "query">, text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
    const r = await q.query<R>(text, params ? [...params] : undefined);
    return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
  };
  return {
    where: `pglite ${dataDir}`,
    query: (text, params) => run(db, text, params),
    transaction: (fn) => db.transaction((tx) => fn({ query: (text, params) => run(tx, text, params) } satisfies Queryable)),
    close: () => db.close(),
  };
}
