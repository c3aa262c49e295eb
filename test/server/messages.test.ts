/**
 * Diplomacy between players (issue 10): private messages to one or several seats and public
 * announcements, threaded, kept with the game. No message reaches a seat it was not for, nor the game
 * masters (unless the game says so), nor spectators (public ones only), nor strangers; hostile text is
 * refused like the rest of the API's input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type TestServer, testServer } from "./support.js";

let s: TestServer;
const SEATS = ["federation", "klingon", "romulan"] as const;
type Seat = (typeof SEATS)[number];

interface Table {
  id: string;
  gm: Client;
  players: Record<Seat, Client>;
}

async function table(tag: string, extra: Record<string, unknown>): Promise<Table> {
  const gm = new Client(s.app);
  await gm.register(`gm-${tag}`);
  const made = await gm.call("POST", "/api/games", {
    body: {
      ruleset: "galactic-empires",
      scenario: "tutorial",
      seed: 3,
      seats: { federation: "invited", klingon: "invited", romulan: "invited" },
      ...extra,
    },
  });
  expect(made.status, made.text).toBe(201);
  const id = made.body.id as string;
  const players = {} as Record<Seat, Client>;
  for (const seat of SEATS) {
    const c = new Client(s.app);
    await c.register(`${seat.slice(0, 3)}-${tag}`);
    const inv = await gm.call("POST", `/api/games/${id}/invites`, { body: { seat } });
    expect((await c.call("POST", inv.body.accept)).status).toBe(200);
    players[seat] = c;
  }
  expect((await gm.call("POST", `/api/games/${id}/start`)).status).toBe(200);
  return { id, gm, players };
}

/** Which seats may read a message: its sender, its recipients, everyone when public. */
function readers(m: { from: string; to: string[] | "all" }): Set<string> {
  return new Set(m.to === "all" ? SEATS : [m.from, ...m.to]);
}

beforeAll(async () => {
  s = await testServer();
}, 120_000);
afterAll(async () => s?.close());

describe("messages between seats", () => {
  let t: Table;
  const sent: { id: number; from: Seat; to: Seat[] | "all"; text: string; replyTo?: number }[] = [];

  beforeAll(async () => {
    t = await table("m1", { spectators: "live" });
  }, 120_000);

  async function post(from: Seat, to: Seat[] | "all", text: string, replyTo?: number) {
    const r = await t.players[from].call("POST", `/api/games/${t.id}/messages`, { body: { to, text, ...(replyTo ? { replyTo } : {}) } });
    expect(r.status, r.text).toBe(201);
    sent.push({ id: r.body.id, from, to, text, ...(replyTo ? { replyTo } : {}) });
    return r.body;
  }

  it("private, to several seats, public; replies join the thread", async () => {
    const a = await post("klingon", ["romulan"], "secret: K-R pact, strike the Federation at turn 3");
    expect(a).toMatchObject({ from: "klingon", to: ["romulan"], replyTo: null, thread: a.id });
    const b = await post("romulan", ["klingon"], "agreed, secretly", a.id);
    expect(b).toMatchObject({ replyTo: a.id, thread: a.id });
    await post("federation", "all", "public: the Federation seeks peace");
    const d = await post("klingon", ["romulan", "federation"], "secret-KRF: three-way talks");
    await post("federation", ["klingon"], "secret-FK: reply to three-way", d.id);
    const thread = await t.players.romulan.call("GET", `/api/games/${t.id}/messages?thread=${a.id}`);
    expect(thread.body.messages.map((m: { id: number }) => m.id)).toEqual([a.id, b.id]);
  });

  it("each seat reads exactly what it sent or received and the public ones; nothing else anywhere in its reads", async () => {
    for (const seat of SEATS) {
      const r = await t.players[seat].call("GET", `/api/games/${t.id}/messages`);
      expect(r.status).toBe(200);
      const want = sent.filter((m) => readers(m).has(seat)).map((m) => m.id);
      expect(r.body.messages.map((m: { id: number }) => m.id)).toEqual(want);
      const hidden = sent.filter((m) => !readers(m).has(seat));
      for (const url of [
        `/api/games/${t.id}`,
        `/api/games/${t.id}/messages`,
        `/api/games/${t.id}/seats/${seat}/report`,
        `/api/games/${t.id}/seats/${seat}/history`,
      ])
        for (const m of hidden) expect((await t.players[seat].call("GET", url)).text).not.toContain(m.text);
    }
  });

  it("a seat cannot reply into a thread it cannot read: answered as no such message", async () => {
    const kr = sent[0]!;
    const r = await t.players.federation.call("POST", `/api/games/${t.id}/messages`, {
      body: { to: ["klingon"], text: "let me in", replyTo: kr.id },
    });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("no-message");
    const none = await t.players.federation.call("POST", `/api/games/${t.id}/messages`, {
      body: { to: ["klingon"], text: "x", replyTo: 999_999 },
    });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(r.body.message.replace(String(kr.id), "999999"));
  });

  it("game masters and live spectators read public ones only (the game's default); strangers and anonymous nothing", async () => {
    const pub = sent.filter((m) => m.to === "all").map((m) => m.id);
    const gm = await t.gm.call("GET", `/api/games/${t.id}/messages`);
    expect(gm.body.messages.map((m: { id: number }) => m.id)).toEqual(pub);
    const watcher = new Client(s.app);
    await watcher.register("watcher-m1");
    expect((await watcher.call("GET", `/api/games/${t.id}/messages`)).body.messages.map((m: { id: number }) => m.id)).toEqual(pub);
    expect((await new Client(s.app).call("GET", `/api/games/${t.id}/messages`)).body.messages.map((m: { id: number }) => m.id)).toEqual(
      pub,
    );
    // Nobody but seats writes.
    expect((await t.gm.call("POST", `/api/games/${t.id}/messages`, { body: { to: "all", text: "hi" } })).status).toBe(403);
    expect((await watcher.call("POST", `/api/games/${t.id}/messages`, { body: { to: "all", text: "hi" } })).status).toBe(403);
    expect((await new Client(s.app).call("POST", `/api/games/${t.id}/messages`, { body: { to: "all", text: "hi" } })).status).toBe(401);
  });

  it("a game that keeps strangers out gives them nothing; one whose settings say so shows the game masters everything", async () => {
    const closed = await table("m2", { spectators: "none", gameMastersReadPrivate: true });
    const p = await closed.players.klingon.call("POST", `/api/games/${closed.id}/messages`, {
      body: { to: ["romulan"], text: "private m2" },
    });
    expect(p.status).toBe(201);
    expect((await closed.gm.call("GET", `/api/games/${closed.id}`)).body.gameMastersReadPrivate).toBe(true);
    expect((await closed.gm.call("GET", `/api/games/${closed.id}/messages`)).body.messages.map((m: { id: number }) => m.id)).toEqual([
      p.body.id,
    ]);
    expect((await closed.players.federation.call("GET", `/api/games/${closed.id}/messages`)).body.messages).toEqual([]);
    const stranger = new Client(s.app);
    await stranger.register("stranger-m2");
    expect((await stranger.call("GET", `/api/games/${closed.id}/messages`)).status).toBe(403);
    expect((await new Client(s.app).call("GET", `/api/games/${closed.id}/messages`)).status).toBe(401);
  });

  it("hostile or malformed messages are refused with stable codes, and nothing is kept", async () => {
    const before = (await t.players.klingon.call("GET", `/api/games/${t.id}/messages`)).body.messages.length;
    const bad: [unknown, string][] = [
      [{ to: ["romulan"], text: "bell\u0007" }, "bad-body"],
      [{ to: ["romulan"], text: "esc\u001b[2J" }, "bad-body"],
      [{ to: ["romulan"], text: "rtl \u202e gnp.exe" }, "bad-body"],
      [{ to: ["romulan"], text: "x".repeat(4001) }, "bad-body"],
      [{ to: ["romulan"], text: "   " }, "bad-body"],
      [{ to: ["romulan"], text: "" }, "bad-body"],
      [{ to: [], text: "to nobody" }, "bad-body"],
      [{ to: ["vulcan"], text: "to nobody" }, "unknown-seat"],
      [{ to: ["klingon"], text: "to myself" }, "no-recipient"],
      [{ to: ["romulan"], text: "x", from: "romulan" }, "not-your-seat"],
      [{ to: "everyone", text: "x" }, "bad-body"],
      [{ to: ["romulan"], text: "x", extra: 1 }, "bad-body"],
    ];
    for (const [body, code] of bad) {
      const r = await t.players.klingon.call("POST", `/api/games/${t.id}/messages`, { body });
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([code === "not-your-seat" ? 403 : 400, code]);
      expect(r.text).not.toMatch(/at .*\.ts|node_modules/);
    }
    const ok = await t.players.klingon.call("POST", `/api/games/${t.id}/messages`, {
      body: { to: ["romulan"], text: "lines\n\tand tabs are fine ✓" },
    });
    expect(ok.status).toBe(201);
    sent.push({ id: ok.body.id, from: "klingon", to: ["romulan"], text: "lines\n\tand tabs are fine ✓" });
    expect((await t.players.klingon.call("GET", `/api/games/${t.id}/messages`)).body.messages.length).toBe(before + 1);
  });
});
