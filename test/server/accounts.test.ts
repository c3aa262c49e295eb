/**
 * Accounts, sessions, API tokens and their security: cookie flags, CSRF on cookie writes (API tokens
 * exempt), 401 without an account, the sign-in rate limit on the server's clock, OpenAPI at /docs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.js";
import { Client, type TestServer, testServer } from "./support.js";

let s: TestServer;
beforeAll(async () => {
  s = await testServer({ signInLimits: { perName: 5, perAddress: 1000, windowMs: 15 * 60_000 } });
}, 120_000);
afterAll(async () => s?.close());

describe("the server", () => {
  it("answers /api/health and publishes OpenAPI from the zod schemas at /docs/json (and the UI at /docs)", async () => {
    const c = new Client(s.app);
    const h = await c.call("GET", "/api/health");
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, store: "pglite", time: "2026-11-27T12:00:00.000Z" });
    const doc = await c.call("GET", "/docs/json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/accounts", "/api/games/{id}/orders", "/api/games/{id}/run"]),
    );
    const reg = doc.body.paths["/api/accounts"].post;
    expect(reg.requestBody.content["application/json"].schema.properties.name.pattern).toBe("^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$");
    const orders = doc.body.paths["/api/games/{id}/orders"].post;
    expect(Object.keys(orders.requestBody.content)).toEqual(expect.arrayContaining(["application/json", "application/yaml", "text/plain"]));
    expect(orders.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["id", "seat", "step"]);
    const ui = await c.call("GET", "/docs/");
    expect([200, 302]).toContain(ui.status);
    const none = await c.call("GET", "/api/nothing-here");
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: "not-found", message: "no route GET /api/nothing-here; the API is described at /docs" });
  });
});

describe("accounts and sessions", () => {
  it("registers, signs in with a session cookie (HttpOnly, SameSite=Lax; Secure behind TLS), signs out", async () => {
    const c = new Client(s.app);
    const r = await c.register("alice");
    expect(r.status).toBe(201);
    expect(r.body.account).toMatchObject({ name: "alice", admin: false });
    const session = r.cookies.find((x) => x.name === "starhost_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(session.secure).toBeFalsy();
    const csrf = r.cookies.find((x) => x.name === "starhost_csrf")!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).toBe(r.body.csrfToken);
    expect((await c.call("GET", "/api/session")).body).toEqual({ account: r.body.account, via: "cookie" });

    // Behind a TLS-terminating proxy (trusted), the cookie is Secure.
    const tls = await testServer({ trustProxy: true });
    try {
      const t = new Client(tls.app);
      const rr = await t.call("POST", "/api/accounts", {
        body: { name: "tess", password: "correct horse battery" },
        headers: { "x-forwarded-proto": "https" },
      });
      expect(rr.cookies.find((x) => x.name === "starhost_session")).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    } finally {
      await tls.close();
    }

    expect((await c.register("ALICE")).body).toMatchObject({ error: "name-taken" });
    const bad = await new Client(s.app).register("x y", "short");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("bad-body");
    expect(bad.body.details).toEqual(
      expect.arrayContaining([expect.stringMatching(/^name: a name is 2 to 32/), "password: a password has at least 8 characters"]),
    );

    const stolen = c.cookies.get("starhost_session")!;
    const out = await c.call("DELETE", "/api/session");
    expect(out.status).toBe(200);
    // The session ended on the server: the old cookie no longer signs anyone in.
    const replay = new Client(s.app);
    replay.cookies.set("starhost_session", stolen);
    expect((await replay.call("GET", "/api/session")).body.account).toBeNull();
    expect((await c.call("GET", "/api/session")).body.account).toBeNull();
    const again = new Client(s.app);
    expect((await again.signIn("alice")).status).toBe(200);
    expect((await again.signIn("alice", "wrong password")).body).toEqual({
      error: "bad-credentials",
      message: "no account has this name and password",
    });
  });

  it("a session ends after its time on the server's clock", async () => {
    const c = new Client(s.app);
    await c.register("shortlived");
    s.clock.advance(31 * 24 * 3600_000);
    expect((await c.call("GET", "/api/session")).body.account).toBeNull();
    expect((await c.call("GET", "/api/tokens")).status).toBe(401);
  });

  it("CSRF: a cookie-authenticated write without the X-CSRF-Token header (or with a wrong one) is refused 403; an API token needs none", async () => {
    const c = new Client(s.app);
    await c.register("carol");
    const noHeader = await c.call("POST", "/api/tokens", { body: { name: "x" }, csrf: false });
    expect(noHeader.status).toBe(403);
    expect(noHeader.body.error).toBe("csrf");
    const wrong = await c.call("POST", "/api/tokens", { body: { name: "x" }, csrf: false, headers: { "x-csrf-token": "guess" } });
    expect(wrong.status).toBe(403);
    const made = await c.call("POST", "/api/tokens", { body: { name: "my bot" } });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^sht_/);

    const script = new Client(s.app);
    script.token = made.body.token;
    const listed = await script.call("GET", "/api/tokens");
    expect(listed.body.tokens).toEqual([
      { id: made.body.id, name: "my bot", createdAt: expect.any(String), lastUsedAt: expect.any(String), revokedAt: null },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token);
    const viaToken = await script.call("POST", "/api/tokens", { body: { name: "second" } });
    expect(viaToken.status).toBe(201);
    // A token may also be had with a name and password (for scripts), no session needed.
    const byPassword = await new Client(s.app).call("POST", "/api/tokens", {
      body: { name: "cron", account: "carol", password: "correct horse battery" },
    });
    expect(byPassword.status).toBe(201);

    const revoked = await script.call("DELETE", `/api/tokens/${made.body.id}`);
    expect(revoked.body).toEqual({ revoked: made.body.id });
    const after = await script.call("GET", "/api/tokens");
    expect(after.status).toBe(401);
    expect(after.body.error).toBe("bad-token");
    const garbage = new Client(s.app);
    expect((await garbage.call("GET", "/api/tokens", { headers: { authorization: "Basic abc" } })).body.error).toBe("bad-authorization");
  });

  it("401 for what needs an account, with how to get one", async () => {
    const r = await new Client(s.app).call("POST", "/api/games", { body: { ruleset: "galactic-empires" } });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: "sign-in-required", message: expect.stringContaining("Authorization: Bearer") });
  });

  it("sign-in is rate limited per name on the server's clock: 429 with Retry-After, then allowed again", async () => {
    const c = new Client(s.app);
    await c.register("dave");
    const guesser = new Client(s.app);
    for (let i = 0; i < 5; i++) expect((await guesser.signIn("dave", `guess number ${i}`)).status).toBe(401);
    const limited = await guesser.signIn("dave");
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("too-many-sign-ins");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Tokens by password count against the same limit.
    expect(
      (await guesser.call("POST", "/api/tokens", { body: { name: "t", account: "dave", password: "correct horse battery" } })).status,
    ).toBe(429);
    s.clock.advance(15 * 60_000 + 1000);
    expect((await guesser.signIn("dave")).status).toBe(200);
  });

  it("two apps on one database share the sign-in limit (the counts are the database's, not a process's)", async () => {
    const other = await buildApp({
      games: s.games,
      site: s.site,
      now: s.clock.now,
      signInLimits: { perName: 5, perAddress: 1000, windowMs: 15 * 60_000 },
    });
    try {
      await new Client(s.app).register("erin");
      const here = new Client(s.app);
      const there = new Client(other);
      for (let i = 0; i < 5; i++) expect((await (i % 2 ? there : here).signIn("erin", `guess number ${i}`)).status).toBe(401);
      expect((await here.signIn("erin")).status).toBe(429);
      expect((await there.signIn("erin")).status).toBe(429);
      s.clock.advance(15 * 60_000 + 1000);
      expect((await there.signIn("erin")).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
