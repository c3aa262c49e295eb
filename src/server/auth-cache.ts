/**
 * Who an API token or session cookie belongs to, remembered for a moment (issue 10's PostgreSQL budget: the lookup
 * was the one query of an order submission left that every request made).
 *
 * An entry is trusted for `ttlMs` of real time (2 s), a session never past its end by the server's clock. What
 * changes who may act (signing out, revoking a token, an admin's rights, the account's address) forgets the
 * account's entries in this process at once and tells every other `serve` process sharing the database by a
 * notification, which forgets them too. So a token revoked on one process stops working on another within the
 * notification's delay (milliseconds); should the notification be lost, within `ttlMs`. README "Design notes" says so.
 *
 * The time-to-live runs on the process's monotonic clock, not the server's (which tests set): a test that moves the
 * server's clock ahead of a session's end sees the session ended at once.
 */
import { performance } from "node:perf_hooks";
import type { Account, ApiToken, Session, SiteStore } from "../store/site.js";

type Hit = { account: Account; via: "token"; token: ApiToken } | { account: Account; via: "cookie"; session: Session };

interface Entry {
  hit: Hit;
  at: number;
}

/** The notification's payload: the account whose access changed. */
export function accessPayload(accountId: string): string {
  return JSON.stringify({ kind: "access", account: accountId });
}

/** The account a payload says changed, or null when it is not an access notification. */
export function accessChanged(payload: string): string | null {
  if (!payload.includes('"access"')) return null;
  try {
    const o = JSON.parse(payload) as { kind?: unknown; account?: unknown };
    return o.kind === "access" && typeof o.account === "string" ? o.account : null;
  } catch {
    return null;
  }
}

export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  /** Listening for other processes' changes, from the first lookup on (nothing is kept before it listens). */
  private watching: Promise<void> | null = null;

  constructor(
    private readonly site: SiteStore,
    /** Starts hearing other processes' changes (EventHub.watchAccess); called once, at the first lookup. */
    private readonly watch: (forget: (accountId: string) => void) => Promise<void>,
    /** How long an entry is trusted, in ms of real time. */
    private readonly ttlMs = 2000,
    /** Most entries kept; the oldest go first. */
    private readonly max = 10_000,
  ) {}

  /** The token's holder, unless revoked (a lookup marks it used, to the minute, as `SiteStore.useToken` does). */
  async token(hash: string, now: string): Promise<{ token: ApiToken; account: Account } | null> {
    const key = `t:${hash}`;
    const e = this.fresh(key);
    if (e && e.hit.via === "token") return { token: e.hit.token, account: e.hit.account };
    const listening = await this.listening();
    const hit = await this.site.useToken(hash, now);
    if (hit && listening) this.keep(key, { via: "token", ...hit });
    return hit;
  }

  /** The session and its account while `now` is before its end. */
  async session(idHash: string, now: string): Promise<{ session: Session; account: Account } | null> {
    const key = `s:${idHash}`;
    const e = this.fresh(key);
    if (e && e.hit.via === "cookie") {
      if (now < e.hit.session.expiresAt) return { session: e.hit.session, account: e.hit.account };
      this.entries.delete(key);
      return null;
    }
    const listening = await this.listening();
    const hit = await this.site.session(idHash, now);
    if (hit && listening) this.keep(key, { via: "cookie", ...hit });
    return hit;
  }

  /** The account's access changed here: forget it in this process and tell the others (best effort). */
  async changed(accountId: string): Promise<void> {
    this.forget(accountId);
    try {
      await this.site.notify(accessPayload(accountId));
    } catch {
      // The database is closing: the change itself is committed; other processes forget within ttlMs.
    }
  }

  /** Forget every entry of the account (another process changed its access). */
  forget(accountId: string): void {
    for (const [k, e] of this.entries) if (e.hit.account.id === accountId) this.entries.delete(k);
  }

  /** Start listening, once; a failure to listen keeps nothing (every lookup goes to the store). */
  private async listening(): Promise<boolean> {
    if (!this.watching) this.watching = this.watch((a) => this.forget(a));
    try {
      await this.watching;
      return true;
    } catch {
      return false;
    }
  }

  private fresh(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (performance.now() - e.at < this.ttlMs) return e;
    this.entries.delete(key);
    return undefined;
  }

  private keep(key: string, hit: Hit): void {
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { hit, at: performance.now() });
  }
}
