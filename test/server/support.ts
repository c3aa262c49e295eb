/** A server on an in-memory PGlite with a clock the test moves, and a client that keeps its cookies. */
import type { FastifyInstance, InjectOptions } from "fastify";
import { type AppOptions, buildApp } from "../../src/server/app.js";
import { openSite } from "../../src/store/open.js";
import type { SiteStore } from "../../src/store/site.js";
import type { Store } from "../../src/store/store.js";

export interface TestServer {
  app: FastifyInstance;
  games: Store;
  site: SiteStore;
  clock: { now: () => Date; advance(ms: number): void };
  close(): Promise<void>;
}

export async function testServer(options: Partial<AppOptions> = {}, spec = "pglite:memory://"): Promise<TestServer> {
  const { games, site } = await openSite(spec);
  let t = Date.parse("2026-11-27T12:00:00.000Z");
  const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
  const app = await buildApp({ games, site, now: clock.now, ...options });
  return {
    app,
    games,
    site,
    clock,
    async close() {
      await app.close();
      await games.close();
    },
  };
}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a reply body is whatever JSON the route gave; tests read fields off it.
  body: any;
  text: string;
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; [k: string]: unknown }[];
}

/** One person (or script): cookies kept between requests, the CSRF token sent with writes, or an API token. */
export class Client {
  readonly cookies = new Map<string, string>();
  csrf: string | undefined;
  token: string | undefined;
  constructor(private readonly app: FastifyInstance) {}

  async call(
    method: InjectOptions["method"],
    url: string,
    opts: { body?: unknown; type?: string; headers?: Record<string, string>; csrf?: boolean; stream?: boolean } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.csrf && opts.csrf !== false && method !== "GET") headers["x-csrf-token"] = this.csrf;
    let payload: string | undefined;
    if (opts.body !== undefined) {
      payload = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["content-type"] = opts.type ?? (typeof opts.body === "string" ? "application/yaml" : "application/json");
    }
    if (opts.stream) return this.stream(method, url, headers, payload);
    const r = await this.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    for (const c of r.cookies as Reply["cookies"]) {
      if (c.value === "" || (c.expires instanceof Date && c.expires.getTime() < Date.now() - 1e9)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let body: unknown;
    try {
      body = JSON.parse(r.body);
    } catch {
      body = undefined;
    }
    return { status: r.statusCode, body, text: r.body, headers: r.headers, cookies: r.cookies as Reply["cookies"] };
  }

  /** A route that may answer with a stream that does not end (Server-Sent Events): a refusal is read whole, a 200 only its headers. */
  private async stream(method: InjectOptions["method"], url: string, headers: Record<string, string>, payload?: string): Promise<Reply> {
    const r = await this.app.inject({ method, url, headers, payloadAsStream: true, ...(payload !== undefined ? { payload } : {}) });
    const stream = r.stream();
    let text = "";
    if (r.statusCode >= 300) for await (const c of stream) text += String(c);
    else stream.destroy();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: r.statusCode, body, text, headers: r.headers, cookies: [] };
  }

  async register(name: string, password = "correct horse battery"): Promise<Reply> {
    const r = await this.call("POST", "/api/accounts", { body: { name, password } });
    if (r.status === 201) this.csrf = r.body.csrfToken;
    return r;
  }

  async signIn(name: string, password = "correct horse battery"): Promise<Reply> {
    const r = await this.call("POST", "/api/session", { body: { name, password } });
    if (r.status === 200) this.csrf = r.body.csrfToken;
    return r;
  }
}
