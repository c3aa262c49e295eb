/**
 * Who a token or session belongs to is remembered for a moment (src/server/auth-cache.ts), and forgotten at once
 * when access changes: in the process that changed it, and in every other process sharing the database through a
 * notification, on a real PGlite site store and, with DATABASE_URL, on PostgreSQL with two connections (two `serve`
 * processes).
 */
import { afterAll, describe, expect, it } from "vitest";
import { AuthCache } from "../../src/server/auth-cache.js";
import { EventHub } from "../../src/server/events.js";
import { openSite } from "../../src/store/open.js";
import type { SiteStore } from "../../src/store/site.js";

const specs = ["pglite:memory://", ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
const NOW = "2026-11-28T12:00:00.000Z";

async function until(what: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return what();
}

describe.each(specs)("the auth cache on %s", (spec) => {
  const pg = !spec.startsWith("pglite");
  const a = openSite(spec);
  // Another process: on PostgreSQL its own connection; PGlite is one process, so the same store.
  const b = pg ? openSite(spec) : a;
  const hubs: EventHub[] = [];
  afterAll(async () => {
    for (const h of hubs) await h.close();
    await (await a).games.close();
    if (pg) await (await b).games.close();
  });

  function cacheOn(site: SiteStore, ttlMs: number): AuthCache {
    const hub = new EventHub(site);
    hubs.push(hub);
    return new AuthCache(site, (forget) => hub.watchAccess(forget), ttlMs);
  }

  async function account(site: SiteStore, name: string) {
    const tag = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const id = `acc-${tag}`;
    await site.createAccount({ id, name: tag.slice(0, 32), passwordHash: "x", admin: false, createdAt: NOW });
    const token = {
      id: `tok-${tag}`,
      accountId: id,
      name: "script",
      hash: `hash-${tag}`,
      createdAt: NOW,
      lastUsedAt: null,
      revokedAt: null,
    };
    await site.createToken(token);
    return { id, token };
  }

  it("a revoked token stops working at once here and, by notification, in the other process (long before its time to live)", {
    timeout: 60_000,
  }, async () => {
    const siteA = (await a).site;
    const siteB = (await b).site;
    // A minute's time to live: only the notification can make B forget within the test.
    const here = cacheOn(siteA, 60_000);
    const there = cacheOn(siteB, 60_000);
    const { id, token } = await account(siteA, "revoke");
    expect((await here.token(token.hash, NOW))?.account.id).toBe(id);
    expect((await there.token(token.hash, NOW))?.account.id).toBe(id);
    expect(await siteA.revokeToken(id, token.id, NOW)).toBe(true);
    await here.changed(id);
    expect(await here.token(token.hash, NOW)).toBeNull();
    expect(await until(async () => (await there.token(token.hash, NOW)) === null, 5000)).toBe(true);
  });

  it("without a notification an entry is trusted only for its time to live", { timeout: 60_000 }, async () => {
    const site = (await a).site;
    const cache = cacheOn(site, 150);
    const { id, token } = await account(site, "ttl");
    expect((await cache.token(token.hash, NOW))?.account.id).toBe(id);
    // Revoked behind the cache's back (no `changed`): still trusted for a moment, then looked up again.
    await site.revokeToken(id, token.id, NOW);
    expect((await cache.token(token.hash, NOW))?.account.id).toBe(id);
    await new Promise((r) => setTimeout(r, 200));
    expect(await cache.token(token.hash, NOW)).toBeNull();
  });

  it("a session is never trusted past its end by the server's clock, and signing out forgets it", { timeout: 60_000 }, async () => {
    const site = (await a).site;
    const cache = cacheOn(site, 60_000);
    const { id } = await account(site, "session");
    const idHash = `sess-${id}`;
    await site.createSession({ idHash, accountId: id, csrf: "c", createdAt: NOW, expiresAt: "2026-11-28T13:00:00.000Z" });
    expect((await cache.session(idHash, NOW))?.account.id).toBe(id);
    expect(await cache.session(idHash, "2026-11-28T13:00:00.000Z")).toBeNull();
    expect((await cache.session(idHash, NOW))?.account.id).toBe(id);
    await site.deleteSession(idHash);
    await cache.changed(id);
    expect(await cache.session(idHash, NOW)).toBeNull();
  });
});
