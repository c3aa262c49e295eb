/**
 * PostgreSQL by URL (node-postgres): a pool of connections, so one store serves
 * many concurrent requests and several processes or machines may share a database.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import type { Queryable, QueryResult, SqlDriver } from "./driver.js";

export async function openPostgres(url: string): Promise<SqlDriver> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a network cut) must not end the process:
  // the pool replaces it and the next query reports any lasting trouble.
  pool.on("error", () => {});
  // Every statement is a named prepared statement: each connection parses and plans a text once, then only binds
  // and runs it. Starhost's statements are a few dozen texts (a batch insert one per batch size, up to 100), and
  // planning them afresh each time (the joins, subqueries and JSON of a hosted game or a schedule) had cost the
  // database more CPU than running them, on every request (bench/server.bench.ts).
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `s${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
      if (names.size >= 4096) names.clear();
      names.set(text, name);
    }
    return name;
  };
  const run = async <R>(c: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
    const r = await c.query({ name: nameOf(text), text, values: params ? [...params] : [] });
    return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
  };
  // Fail at open, not at the first request, when the database cannot be reached.
  await run(pool, "SELECT 1");
  // Notifications asked for in one turn of the event loop go in one statement: a busy server publishes one per
  // submission, and a round trip each cost the database more than the submission's insert (bench/server.bench.ts).
  // They are sent in the order asked (a listener hears them so). PostgreSQL delivers identical notifications of one
  // transaction once, so a notification identical to one already in the statement starts the next statement.
  let queued: { channel: string; payload: string; done(e?: unknown): void }[] = [];
  const flush = async () => {
    const all = queued;
    queued = [];
    for (let from = 0; from < all.length; ) {
      const seen = new Set<string>();
      let to = from;
      while (to < all.length && !seen.has(`${all[to]!.channel}\u0000${all[to]!.payload}`))
        seen.add(`${all[to]!.channel}\u0000${all[to++]!.payload}`);
      const batch = all.slice(from, to);
      from = to;
      try {
        await run(
          pool,
          "SELECT pg_notify(n.channel, n.payload) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n (channel, payload, i) ORDER BY n.i",
          [batch.map((n) => n.channel), batch.map((n) => n.payload)],
        );
        for (const n of batch) n.done();
      } catch (e) {
        for (const n of batch) n.done(e);
      }
    }
  };
  return {
    where: `postgres ${describeUrl(url)}`,
    exclusive: false,
    query: (text, params) => run(pool, text, params),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const tx: Queryable = { query: (text, params) => run(client, text, params) };
        const out = await fn(tx);
        await client.query("COMMIT");
        return out;
      } catch (e) {
        try {
          await client.query("ROLLBACK");
        } catch {
          broken = true;
        }
        throw e;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
    notify(channel, payload) {
      return new Promise<void>((resolve, reject) => {
        if (queued.length === 0) setImmediate(() => void flush());
        queued.push({ channel, payload, done: (e) => (e === undefined ? resolve() : reject(e)) });
      });
    },
    async listen(channel, onPayload) {
      // A client of its own, outside the pool: LISTEN holds its connection for as long as it hears.
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => {});
      await client.connect();
      client.on("notification", (n) => {
        if (n.channel === channel) onPayload(n.payload ?? "");
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
  };
}

/** host:port/database, without user or password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`;
  } catch {
    return "(a URL that does not parse)";
  }
}
