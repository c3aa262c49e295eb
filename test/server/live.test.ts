/**
 * Live updates (issue 10) read as a real HTTP client reads them: GET /api/games/:id/events over loopback,
 * the Server-Sent Events parsed off the stream. "submitted" names the seat and never the orders, "step"
 * the new label, "message" reaches only those who may read it. On PostgreSQL (DATABASE_URL), two apps on
 * one database: an event made on one reaches a subscriber of the other (LISTEN/NOTIFY).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribe } from "./sse.js";
import { Client, type TestServer, testServer } from "./support.js";

async function tokenOf(c: Client, name: string): Promise<string> {
  return (await c.call("POST", "/api/tokens", { body: { name } })).body.token;
}

const SEATS = ["federation", "klingon", "romulan"] as const;

async function setUp(s: TestServer, tag: string, spectators = "none") {
  const gm = new Client(s.app);
  await gm.register(`lgm-${tag}`);
  const made = await gm.call("POST", "/api/games", {
    body: {
      ruleset: "galactic-empires",
      scenario: "tutorial",
      seed: 3,
      spectators,
      seats: { federation: "invited", klingon: "invited", romulan: "invited" },
    },
  });
  const id = made.body.id as string;
  const players: Record<string, Client> = {};
  const tokens: Record<string, string> = { gm: await tokenOf(gm, "live") };
  for (const seat of SEATS) {
    const c = new Client(s.app);
    await c.register(`l${seat.slice(0, 3)}-${tag}`);
    const inv = await gm.call("POST", `/api/games/${id}/invites`, { body: { seat } });
    await c.call("POST", inv.body.accept);
    players[seat] = c;
    tokens[seat] = await tokenOf(c, "live");
  }
  expect((await gm.call("POST", `/api/games/${id}/start`)).status).toBe(200);
  return { id, gm, players, tokens };
}

describe("live updates over Server-Sent Events (PGlite, in-process)", () => {
  let s: TestServer;
  let base: string;
  beforeAll(async () => {
    s = await testServer();
    base = await s.app.listen({ port: 0, host: "127.0.0.1" });
  }, 120_000);
  afterAll(async () => s?.close());

  it("submitted (which seat, not what), message (only to its readers), step (the new label); strangers are refused", async () => {
    const { id, gm, players, tokens } = await setUp(s, "a");
    const streams = {
      gm: await subscribe(base, id, tokens.gm),
      federation: await subscribe(base, id, tokens.federation),
      klingon: await subscribe(base, id, tokens.klingon),
      romulan: await subscribe(base, id, tokens.romulan),
    };
    expect(streams.klingon.status).toBe(200);
    expect(streams.klingon.type).toMatch(/^text\/event-stream/);
    const stranger = new Client(s.app);
    await stranger.register("lstranger-a");
    const refused = await subscribe(base, id, await tokenOf(stranger, "x"));
    expect([refused.status, refused.body?.error]).toEqual([403, "not-a-reader"]);
    expect((await subscribe(base, id)).status).toBe(401);

    const orders = readFileSync("examples/tutorial/orders/klingon.yaml", "utf8");
    expect((await players.klingon!.call("POST", `/api/games/${id}/orders?step=1`, { body: orders })).status).toBe(200);
    for (const st of Object.values(streams)) {
      const e = await st.next();
      expect(e).toEqual({ event: "submitted", data: { seat: "klingon", step: 1 } });
    }

    const secret = "live secret: K to R only";
    const p = await players.klingon!.call("POST", `/api/games/${id}/messages`, { body: { to: ["romulan"], text: secret } });
    expect(p.status).toBe(201);
    for (const seat of ["klingon", "romulan"] as const) {
      const e = await streams[seat].next();
      expect(e.event).toBe("message");
      expect(e.data).toMatchObject({ id: p.body.id, from: "klingon", to: ["romulan"], text: secret });
    }
    const pub = await players.federation!.call("POST", `/api/games/${id}/messages`, { body: { to: "all", text: "public hail" } });
    // The federation and the game master hear the public one next: the private one never came.
    for (const st of [streams.federation, streams.gm])
      expect((await st.next()).data).toMatchObject({ id: pub.body.id, text: "public hail" });
    for (const st of [streams.klingon, streams.romulan]) expect((await st.next()).data).toMatchObject({ id: pub.body.id });

    const run = await gm.call("POST", `/api/games/${id}/run`);
    expect(run.status, run.text).toBe(200);
    for (const st of Object.values(streams)) {
      const e = await st.next();
      expect(e.event).toBe("step");
      expect(e.data).toEqual({ step: run.body.game.step, label: run.body.game.label, over: false });
    }
    for (const st of Object.values(streams)) {
      expect(JSON.stringify(st.got)).not.toContain("orders");
      st.close();
    }
    expect(JSON.stringify(streams.federation.got) + JSON.stringify(streams.gm.got)).not.toContain(secret);
  });

  it("a reconnecting client (Last-Event-ID) is sent the messages it may read since, then where the game stands", async () => {
    const { id, players, tokens } = await setUp(s, "b");
    const before = await players.klingon!.call("POST", `/api/games/${id}/messages`, { body: { to: "all", text: "already seen" } });
    const secret = "while away: K to R only";
    const p = await players.klingon!.call("POST", `/api/games/${id}/messages`, { body: { to: ["romulan"], text: secret } });
    const pub = await players.federation!.call("POST", `/api/games/${id}/messages`, { body: { to: "all", text: "while away: public" } });
    const since = { "last-event-id": String(before.body.id) };
    const romulan = await subscribe(base, id, tokens.romulan, since);
    expect((await romulan.next()).data).toMatchObject({ id: p.body.id, text: secret });
    expect((await romulan.next()).data).toMatchObject({ id: pub.body.id, text: "while away: public" });
    expect(await romulan.next()).toEqual({ event: "step", data: { step: 1, label: "turn 1", over: false } });
    // The federation may not read the private one: it is not sent again to it, nor does its id show.
    const federation = await subscribe(base, id, tokens.federation, {}, `?lastEventId=${before.body.id}`);
    expect((await federation.next()).data).toMatchObject({ id: pub.body.id });
    expect((await federation.next()).event).toBe("step");
    // Then the stream goes on as any other.
    const orders = readFileSync("examples/tutorial/orders/klingon.yaml", "utf8");
    expect((await players.klingon!.call("POST", `/api/games/${id}/orders?step=1`, { body: orders })).status).toBe(200);
    expect(await federation.next()).toEqual({ event: "submitted", data: { seat: "klingon", step: 1 } });
    expect(JSON.stringify(federation.got)).not.toContain(secret);
    // A header that is no id is ignored (no catching up); a query that is no id is refused.
    const odd = await subscribe(base, id, tokens.federation, { "last-event-id": "not a number" });
    expect(odd.status).toBe(200);
    const bad = await subscribe(base, id, tokens.federation, {}, "?lastEventId=-1");
    expect(bad.status).toBe(400);
    for (const st of [romulan, federation, odd]) st.close();
  });
});

const url = process.env.DATABASE_URL;
const HOW = "bash scripts/with-postgres.sh npx vitest run test/server/live.test.ts";
if (!url) {
  describe("live updates across two apps on PostgreSQL", () => {
    it.skip(`skipped: no DATABASE_URL; ${HOW}`, () => {});
  });
} else {
  describe("live updates across two apps on PostgreSQL", () => {
    it("an event made on one app reaches a subscriber of the other (LISTEN/NOTIFY), filtered there", { timeout: 120_000 }, async () => {
      const one = await testServer({}, url);
      const two = await testServer({}, url);
      try {
        const base2 = await two.app.listen({ port: 0, host: "127.0.0.1" });
        const tag = Date.now().toString(36).slice(-6);
        const { id, players, tokens } = await setUp(one, tag);
        const romulan = await subscribe(base2, id, tokens.romulan);
        const federation = await subscribe(base2, id, tokens.federation);
        expect(romulan.status).toBe(200);
        const p = await players.klingon!.call("POST", `/api/games/${id}/messages`, { body: { to: ["romulan"], text: "across processes" } });
        expect(p.status).toBe(201);
        expect((await romulan.next()).data).toMatchObject({ id: p.body.id, text: "across processes" });
        const orders = readFileSync("examples/tutorial/orders/klingon.yaml", "utf8");
        expect((await players.klingon!.call("POST", `/api/games/${id}/orders?step=1`, { body: orders })).status).toBe(200);
        expect(await federation.next()).toEqual({ event: "submitted", data: { seat: "klingon", step: 1 } });
        expect(await romulan.next()).toEqual({ event: "submitted", data: { seat: "klingon", step: 1 } });
        romulan.close();
        federation.close();
      } finally {
        await one.close();
        await two.close();
      }
    });
  });
}
