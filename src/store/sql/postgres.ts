/**
 * PostgreSQL by URL (node-postgres): a pool of connections, so one store serves
 * many concurrent requests and several processes or machines may share a database.
 */
import pg from "pg";
import type { Queryable, QueryResult, SqlDriver } from "./driver.js";

export async function openPostgres(url: string): Promise<SqlDriver> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a network cut) must not end the process:
  // the pool replaces it and the next query reports any lasting trouble.
  pool.on("error", () => {});
  const run = async <R>(c: pg.Pool | pg.PoolClient, text: string, params?: readonly unknown[]): Promise<QueryResult<R>> => {
    const r = await c.query(text, params ? [...params] : undefined);
    return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
  };
  // Fail at open, not at the first request, when the database cannot be reached.
  await run(pool, "SELECT 1");
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
    async notify(channel, payload) {
      await run(pool, "SELECT pg_notify($1, $2)", [channel, payload]);
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
