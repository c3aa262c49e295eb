/**
 * A store from a one-line spec, as the CLI and the server take it:
 *
 *   memory                        nothing kept past the process (tests, demos)
 *   pglite:DIR  or  DIR           PGlite, its data in the folder DIR (made if missing)
 *   postgres://user@host:5432/db  PostgreSQL by URL (postgresql:// too)
 *
 * The database drivers are imported only when asked for, so a command that
 * never opens a database never loads PGlite's WebAssembly or pg.
 */
import type { StoreOptions } from "./check.js";
import { MemoryStore } from "./memory.js";
import type { SiteStore } from "./site.js";
import type { SqlDriver } from "./sql/driver.js";
import { rememberReads } from "./sql/remembered.js";
import { SqlSiteStore } from "./sql/site.js";
import { SqlStore } from "./sql/store.js";
import { type Store, StoreError } from "./store.js";

export type { StoreOptions } from "./check.js";

export async function openStore(spec: string, options: StoreOptions = {}): Promise<Store> {
  const s = spec.trim();
  if (s === "") throw new StoreError("bad-spec", 'no store given: say "memory", a folder for PGlite, or a postgres:// URL');
  if (s === "memory") return new MemoryStore(options);
  return SqlStore.open(await openDriver(s), options);
}

/**
 * The server's stores (issue 10): the game store and the site store on one SQL database, PGlite
 * (`pglite:DIR`, `DIR`, or `pglite:memory://` for nothing kept) or PostgreSQL by URL. Closing the game
 * store closes the database.
 */
export async function openSite(spec: string, options: StoreOptions = {}): Promise<{ games: Store; site: SiteStore }> {
  const s = spec.trim();
  if (s === "" || s === "memory")
    throw new StoreError("bad-spec", 'the server keeps its data in SQL: say a folder for PGlite, "pglite:memory://", or a postgres:// URL');
  const driver = await openDriver(s);
  const games = await SqlStore.open(driver, options);
  return { games, site: new SqlSiteStore(driver) };
}

async function openDriver(s: string): Promise<SqlDriver> {
  if (/^postgres(ql)?:\/\//i.test(s)) {
    const { openPostgres } = await import("./sql/postgres.js");
    return openPostgres(s);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s) && !/^pglite:/i.test(s))
    throw new StoreError(
      "bad-spec",
      `unknown kind of store ${JSON.stringify(s.slice(0, 60))}: say "memory", a folder, "pglite:DIR" or a postgres:// URL`,
    );
  const dir = /^pglite:/i.test(s) ? s.slice("pglite:".length) : s;
  if (dir === "") throw new StoreError("bad-spec", 'say which folder PGlite keeps its data in: "pglite:./starhost-data"');
  const { openPglite } = await import("./sql/pglite.js");
  // One process opens a PGlite folder at a time, so its reads can be remembered until this process writes.
  return rememberReads(await openPglite(dir));
}
