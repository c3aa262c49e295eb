/**
 * The one thing the SQL store needs from a database: parameterised queries and
 * transactions. Two adapters (./pglite.ts, ./postgres.ts) give it, so the
 * schema (./migrations.ts) and the queries (./store.ts) are one text for both.
 *
 * What an adapter hands back differs per driver and the queries allow for it:
 * `bigint` may come as a string (pg) or a BigInt (PGlite), `bytea` as a Buffer
 * or a Uint8Array; JSON columns are selected as `::text` so neither driver parses
 * them.
 */
export interface QueryResult<R> {
  rows: R[];
  /** Rows inserted, updated or deleted by the statement. */
  rowCount: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
}

export interface SqlDriver extends Queryable {
  /** For messages: "pglite ./starhost-data", "postgres 127.0.0.1:5432/starhost" (never a password). */
  readonly where: string;
  /**
   * True when only this process opens the database and its statements and transactions never overlap
   * (PGlite): then no statement needs a row lock against another's, and reads can be remembered.
   */
  readonly exclusive: boolean;
  /** Run `fn` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Tell every listener of a channel, in every process that shares the database (PostgreSQL's NOTIFY). A
   * database only one process opens (PGlite) tells its own listeners without a statement.
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Hear NOTIFY on a channel (one connection kept for it); the function returned stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}
