/**
 * A whole game over HTTP (issue 10, phase 1): two accounts and a bot play the Galactic Empires tutorial,
 * first through app.inject with cookie sessions, then over a real loopback socket with API tokens. Along
 * the way: the lobby, join, invites, start, orders as YAML and JSON (the reply is the check), stale and
 * foreign submissions, run by the game master, reports, views and history for each seat only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type Reply, type TestServer, testServer } from "./support.js";

const ROOT = join(import.meta.dirname, "..", "..");
const KLINGON_YAML = readFileSync(join(ROOT, "examples/tutorial/orders/klingon.yaml"), "utf8");
const ROMULAN_YAML = readFileSync(join(ROOT, "examples/tutorial/orders/romulan.yaml"), "utf8");

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 120_000);
afterAll(async () => s?.close());

describe("a tutorial game through app.inject", () => {
  it("create, lobby, join, start, submit, run, read: each seat reads only its own", { timeout: 120_000 }, async () => {
    const alice = new Client(s.app);
    const bob = new Client(s.app);
    const eve = new Client(s.app);
    await alice.register("alice");
    await bob.register("bob");
    await eve.register("eve");

    const made = await alice.call("POST", "/api/games", {
      body: {
        ruleset: "galactic-empires",
        scenario: "tutorial",
        seed: 7,
        seats: { klingon: "me", romulan: "open" },
        bots: "normal",
        title: "Tutorial",
        // The game master runs each step (no early advance): this test submits twice before a run.
        deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    expect(made.body).toMatchObject({
      ruleset: "galactic-empires",
      scenario: "tutorial",
      step: 1,
      label: "turn 1",
      started: false,
      creator: "alice",
      gameMasters: ["alice"],
    });
    expect(made.body.seats.map((x: { id: string; holder: unknown }) => [x.id, x.holder])).toEqual([
      ["federation", { kind: "bot", level: "normal" }],
      ["klingon", { kind: "player", name: "alice" }],
      ["romulan", { kind: "open" }],
    ]);

    const lobby = await bob.call("GET", "/api/games");
    expect(lobby.body.games.map((g: { id: string }) => g.id)).toContain(id);
    const joined = await bob.call("POST", `/api/games/${id}/seats/romulan/join`);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.you).toEqual({ seats: ["romulan"], gameMaster: false, seesAll: false });
    expect((await eve.call("POST", `/api/games/${id}/seats/romulan/join`)).body.error).toBe("seat-taken");
    expect((await bob.call("POST", `/api/games/${id}/start`)).status).toBe(403);

    // Orders wait for the start.
    const early = await alice.call("POST", `/api/games/${id}/orders`, { body: KLINGON_YAML });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("not-started");
    const started = await alice.call("POST", `/api/games/${id}/start`);
    expect(started.body.started).toBe(true);
    expect((await bob.call("POST", `/api/games/${id}/seats/romulan/leave`)).body.error).toBe("started");

    // The check at once, its odds left to follow (?odds=0): A5's travel into Narendra brings a battle.
    const quick = await alice.call("POST", `/api/games/${id}/check?odds=0`, { body: KLINGON_YAML });
    expect(quick.status, quick.text).toBe(200);
    expect(quick.body).toMatchObject({ seat: "klingon", step: 1, ok: false, check: { oddsFollow: true } });
    expect(JSON.stringify(quick.body.check.lines)).toContain("odds follow");
    expect((await alice.call("POST", `/api/games/${id}/check?odds=2`, { body: KLINGON_YAML })).status).toBe(400);
    // A check alone (a client checking as its player types): the same check as a submission, nothing kept.
    const checked = await alice.call("POST", `/api/games/${id}/check`, { body: KLINGON_YAML });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toMatchObject({ seat: "klingon", step: 1, label: "turn 1", ok: false });
    expect(checked.body.check.oddsFollow).toBeUndefined();
    expect(JSON.stringify(checked.body.check.lines)).toMatch(/of 20 trial runs of the turn/);
    expect(checked.body.revision).toBeUndefined();
    expect((await alice.call("GET", `/api/games/${id}/seats/klingon/history`)).body.due.revisions).toEqual([]);
    expect((await bob.call("POST", `/api/games/${id}/check?seat=klingon&step=1`, { body: KLINGON_YAML })).status).toBe(403);
    expect((await eve.call("POST", `/api/games/${id}/check?step=1`, { body: { orders: [] } })).body.error).toBe("not-your-seat");
    const wrongSeat = await alice.call("POST", `/api/games/${id}/check?seat=klingon`, { body: ROMULAN_YAML });
    expect(wrongSeat.status).toBe(422);
    expect(wrongSeat.body.details.join("\n")).toContain("romulan");
    // Alice's orders as the YAML file itself; the reply is the check.
    const k = await alice.call("POST", `/api/games/${id}/orders`, { body: KLINGON_YAML });
    expect(k.status, k.text).toBe(200);
    expect(k.body).toMatchObject({ seat: "klingon", step: 1, label: "turn 1", revision: 1, ok: false });
    expect(k.body.check.lines.some((l: { ok: boolean; order: string }) => !l.ok)).toBe(true);
    expect(k.body.check).toEqual(checked.body.check);
    expect(k.body.check.lines.length).toBeGreaterThan(5);
    // Bob sends JSON and names the step in the query; then revises as text/plain.
    const romulan = {
      empire: "romulan",
      orders: [{ type: "build", unit: "G5", starship: "romulan/romulan-bird-of-prey", count: 1, rank: 1 }],
    };
    const r1 = await bob.call("POST", `/api/games/${id}/orders?step=1`, { body: romulan });
    expect(r1.status, r1.text).toBe(200);
    expect(r1.body.revision).toBe(1);
    const r2 = await bob.call("POST", `/api/games/${id}/orders?seat=romulan`, { body: ROMULAN_YAML, type: "text/plain" });
    expect(r2.body.revision).toBe(2);

    // Not yours: 403. Stale: 409 naming both steps. No step named: 400.
    const foreign = await bob.call("POST", `/api/games/${id}/orders?seat=klingon`, { body: KLINGON_YAML });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe("not-your-seat");
    const stale = await bob.call("POST", `/api/games/${id}/orders`, { body: ROMULAN_YAML.replace("turn: 1", "turn: 2") });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("stale-orders");
    expect(stale.body.message).toMatch(/made for step 2.*awaits step 1 \(turn 1\)/);
    const noStep = await bob.call("POST", `/api/games/${id}/orders`, { body: { orders: [] } });
    expect(noStep.status).toBe(400);
    expect(noStep.body.error).toBe("no-step");
    expect((await eve.call("POST", `/api/games/${id}/orders?seat=romulan&step=1`, { body: { orders: [] } })).status).toBe(403);

    // Who has submitted (not what).
    const g = await eve.call("GET", `/api/games/${id}`);
    expect(g.body.seats.map((x: { id: string; submitted: boolean }) => [x.id, x.submitted])).toEqual([
      ["federation", false],
      ["klingon", true],
      ["romulan", true],
    ]);
    expect(g.text).not.toContain("declareWar");

    // Only a game master runs the step; the bot plays federation.
    expect((await bob.call("POST", `/api/games/${id}/run`)).status).toBe(403);
    const ran = await alice.call("POST", `/api/games/${id}/run`);
    expect(ran.status, ran.text).toBe(200);
    expect(ran.body.ran).toEqual({ step: 1, label: "turn 1" });
    expect(ran.body.game).toMatchObject({ step: 2, label: "turn 2" });
    expect(ran.body.game.seats.every((x: { submitted: boolean }) => !x.submitted)).toBe(true);

    // Reports, views and history: the seat's player (and the game master) only.
    const rep = await bob.call("GET", `/api/games/${id}/seats/romulan/report`);
    expect(rep.status, rep.text).toBe(200);
    expect(rep.body).toMatchObject({ seat: "romulan", step: 1, label: "turn 1" });
    expect(rep.body.text.length).toBeGreaterThan(100);
    expect((await bob.call("GET", `/api/games/${id}/seats/klingon/report`)).status).toBe(403);
    expect((await new Client(s.app).call("GET", `/api/games/${id}/seats/klingon/report`)).status).toBe(401);
    expect((await eve.call("GET", `/api/games/${id}/seats/romulan/view`)).status).toBe(403);
    expect((await bob.call("GET", `/api/games/${id}/seats/romulan/view`)).status).toBe(200);
    const hist = await bob.call("GET", `/api/games/${id}/seats/romulan/history`);
    expect(hist.body.steps).toEqual([{ step: 1, label: "turn 1", source: "revision 2: api bob", orders: expect.any(Object) }]);
    expect((await bob.call("GET", `/api/games/${id}/seats/romulan/options`)).body).toMatchObject({ seat: "romulan", step: 2 });
    const tpl = await bob.call("GET", `/api/games/${id}/seats/romulan/template`);
    expect(tpl.status).toBe(200);
    expect(tpl.text).toContain("empire: romulan");
    expect((await bob.call("GET", `/api/games/${id}/state`)).status).toBe(403);
    expect((await alice.call("GET", `/api/games/${id}/state`)).status).toBe(200);
    expect((await alice.call("GET", `/api/games/${id}/seats/romulan/report`)).status).toBe(200);
    expect((await alice.call("GET", `/api/games/${id}/steps/1`)).body.sources).toEqual({
      federation: "revision 1: bot normal",
      klingon: "revision 1: api alice",
      romulan: "revision 2: api bob",
    });
    // The map: a player's own; the whole galaxy only for the game master.
    const myMap = await bob.call("GET", `/api/games/${id}/tools/map?seat=romulan`);
    expect(myMap.status, myMap.text).toBe(200);
    expect(myMap.body.file.extension).toBe("svg");
    expect((await bob.call("GET", `/api/games/${id}/tools/map`)).status).toBe(403);
    expect((await bob.call("GET", `/api/games/${id}/tools/map?seat=klingon`)).status).toBe(403);
    expect((await alice.call("GET", `/api/games/${id}/tools/map`)).status).toBe(200);
  });

  it("invites by link; a game master sets seats to bots; a named game master", { timeout: 120_000 }, async () => {
    const gm = new Client(s.app);
    const friend = new Client(s.app);
    await gm.register("gina");
    await friend.register("fred");
    const made = await gm.call("POST", "/api/games", { body: { ruleset: "galactic-empires", scenario: "tutorial", seed: 3 } });
    const id = made.body.id;
    const inv = await gm.call("POST", `/api/games/${id}/invites`, { body: { seat: "klingon" } });
    expect(inv.status, inv.text).toBe(201);
    expect(inv.body.token).toMatch(/^shi_/);
    expect((await friend.call("POST", `/api/games/${id}/seats/klingon/join`)).body.error).toBe("seat-taken");
    const acc = await friend.call("POST", inv.body.accept);
    expect(acc.status, acc.text).toBe(200);
    expect(acc.body.you.seats).toEqual(["klingon"]);
    expect((await new Client(s.app).call("POST", inv.body.accept)).status).toBe(401);
    const set = await gm.call("PUT", `/api/games/${id}/seats/romulan`, { body: { holder: { bot: "easy" } } });
    expect(set.body.seats.find((x: { id: string }) => x.id === "romulan").holder).toEqual({ kind: "bot", level: "easy" });
    expect((await gm.call("PUT", `/api/games/${id}/seats/romulan`, { body: { holder: { bot: "genius" } } })).body).toMatchObject({
      error: "unknown-bot",
      message: expect.stringContaining("its bots: normal"),
    });
    const named = await gm.call("POST", `/api/games/${id}/game-masters`, { body: { name: "fred" } });
    expect(named.body.gameMasters.sort()).toEqual(["fred", "gina"]);
    expect((await friend.call("POST", `/api/games/${id}/start`)).body.started).toBe(true);
    expect((await gm.call("GET", "/api/games?mine=true")).body.games.map((x: { id: string }) => x.id)).toContain(id);
  });
});

describe("a tutorial game over a real loopback socket, with API tokens", () => {
  it("two accounts and a bot: tokens, create, join, start, orders, run, reports", { timeout: 120_000 }, async () => {
    const base = await s.app.listen({ port: 0, host: "127.0.0.1" });
    const call = async (token: string | null, method: string, path: string, body?: unknown, type = "application/json") => {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers["content-type"] = type;
      const r = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as Reply["body"] };
    };
    const tokenFor = async (name: string) => {
      expect((await call(null, "POST", "/api/accounts", { name, password: "correct horse battery" })).status).toBe(201);
      const t = await call(null, "POST", "/api/tokens", { name: "script", account: name, password: "correct horse battery" });
      expect(t.status).toBe(201);
      return t.body.token as string;
    };
    const kira = await tokenFor("kira");
    const odo = await tokenFor("odo");
    expect((await call(null, "GET", "/api/health")).body.ok).toBe(true);
    const made = await call(kira, "POST", "/api/games", {
      ruleset: "galactic-empires",
      scenario: "tutorial",
      seed: 11,
      seats: { klingon: "me" },
      bots: "easy",
      deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    // odo takes romulan from the bot before the start: the game master opens it, odo joins.
    expect((await call(kira, "PUT", `/api/games/${id}/seats/romulan`, { holder: "open" })).status).toBe(200);
    expect((await call(odo, "POST", `/api/games/${id}/seats/romulan/join`)).status).toBe(200);
    expect((await call(kira, "POST", `/api/games/${id}/start`)).status).toBe(200);
    const k = await call(kira, "POST", `/api/games/${id}/orders`, KLINGON_YAML, "application/yaml");
    expect(k.status).toBe(200);
    expect(k.body.check.lines.length).toBeGreaterThan(0);
    const r = await call(odo, "POST", `/api/games/${id}/orders`, ROMULAN_YAML, "application/yaml");
    expect(r.status).toBe(200);
    // The start, before any step: the same report is step 0 once steps have run (a replay opens on it).
    const start = await call(odo, "GET", `/api/games/${id}/seats/romulan/report`);
    expect(start.body.step).toBeNull();
    for (let turn = 1; turn <= 2; turn++) {
      const ran = await call(kira, "POST", `/api/games/${id}/run`);
      expect(ran.status).toBe(200);
      expect(ran.body.ran.step).toBe(turn);
    }
    const rep = await call(odo, "GET", `/api/games/${id}/seats/romulan/report?step=2`);
    expect(rep.status).toBe(200);
    expect(rep.body.label).toBe("turn 2");
    const again = await call(odo, "GET", `/api/games/${id}/seats/romulan/report?step=0`);
    expect(again.status).toBe(200);
    expect(again.body.step).toBeNull();
    expect(again.body.label).toBe(start.body.label);
    expect(again.body.text).toBe(start.body.text);
    expect((await call(odo, "GET", `/api/games/${id}/seats/klingon/report?step=0`)).status).toBe(403);
    expect((await call(odo, "GET", `/api/games/${id}/seats/klingon/report`)).status).toBe(403);
    const big = "# padding\n".repeat(40_000) + KLINGON_YAML;
    const tooBig = await call(kira, "POST", `/api/games/${id}/orders`, big, "application/yaml");
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe("body-too-large");
  });
});
