/**
 * Roles: player, game master (the creator, whom the creator names, site admins), spectator (as the game's
 * settings allow: nobody, anyone live but the seated players, anyone after the end). The access rule
 * itself over every case, then the routes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessOf } from "../../src/server/games.js";
import type { Auth } from "../../src/server/http.js";
import type { HostedGame, Spectators } from "../../src/store/site.js";
import type { GameRecord } from "../../src/store/store.js";
import { Client, type TestServer, testServer } from "./support.js";

const account = (id: string, admin = false): Auth => ({ account: { id, name: id, passwordHash: "", admin, createdAt: "" }, via: "token" });

describe("accessOf: who sees what", () => {
  const hosted = (spectators: Spectators): HostedGame => ({
    gameId: "g",
    title: "g",
    creatorId: "gm",
    gameMasters: ["gm", "named"],
    spectators,
    createdAt: "",
    startedAt: "",
    seats: [
      { seat: "red", holder: { kind: "account", accountId: "p1" } },
      { seat: "blue", holder: { kind: "bot", level: "normal" } },
    ],
  });
  const record = (over: boolean) => ({ outcome: over ? { winners: ["red"], reason: "r" } : null }) as GameRecord;

  it("game masters and site admins see all; a player sees its seats; spectators as the settings say", () => {
    for (const s of ["none", "live", "after-end"] as const)
      for (const over of [false, true]) {
        const h = hosted(s);
        const r = record(over);
        expect(accessOf(h, r, account("gm"))).toMatchObject({ gameMaster: true, all: true });
        expect(accessOf(h, r, account("named"))).toMatchObject({ gameMaster: true, all: true });
        expect(accessOf(h, r, account("root", true))).toMatchObject({ gameMaster: true, all: true });
        const player = accessOf(h, r, account("p1"));
        expect(player.seats).toEqual(["red"]);
        expect(player.gameMaster).toBe(false);
        // A seated player never spectates a game in play; after the end, as the settings say.
        expect(player.all, `${s}, over ${over}`).toBe(over && s !== "none");
        const spectatorSees = s === "live" || (s === "after-end" && over);
        expect(accessOf(h, r, account("stranger")).all, `${s}, over ${over}`).toBe(spectatorSees);
        expect(accessOf(h, r, null).all, `anonymous: ${s}, over ${over}`).toBe(spectatorSees);
        expect(accessOf(h, r, null).seats).toEqual([]);
      }
  });
});

let s: TestServer;
beforeAll(async () => {
  s = await testServer({ admins: ["root"] });
}, 120_000);
afterAll(async () => s?.close());

describe("roles over HTTP", () => {
  it("live spectators read everything but a seated player reads only its seat; none keeps strangers out; a site admin acts as game master", {
    timeout: 120_000,
  }, async () => {
    const gm = new Client(s.app);
    const bob = new Client(s.app);
    const watcher = new Client(s.app);
    const root = new Client(s.app);
    await gm.register("gm1");
    await bob.register("bob1");
    await watcher.register("watcher1");
    expect((await root.register("root")).body.account.admin).toBe(true);

    const live = (
      await gm.call("POST", "/api/games", {
        body: { ruleset: "galactic-empires", scenario: "tutorial", seed: 2, seats: { romulan: "open" }, bots: "easy", spectators: "live" },
      })
    ).body.id;
    await bob.call("POST", `/api/games/${live}/seats/romulan/join`);
    await gm.call("POST", `/api/games/${live}/start`);
    expect((await watcher.call("GET", `/api/games/${live}/state`)).status).toBe(200);
    expect((await watcher.call("GET", `/api/games/${live}/seats/klingon/report`)).status).toBe(200);
    expect((await new Client(s.app).call("GET", `/api/games/${live}/seats/klingon/view`)).status).toBe(200);
    expect((await bob.call("GET", `/api/games/${live}/seats/klingon/report`)).status).toBe(403);
    expect((await bob.call("GET", `/api/games/${live}/state`)).status).toBe(403);
    // Spectators read; they do not submit.
    expect((await watcher.call("POST", `/api/games/${live}/orders?seat=klingon&step=1`, { body: { orders: [] } })).status).toBe(403);

    const closed = (
      await gm.call("POST", "/api/games", {
        body: { ruleset: "galactic-empires", scenario: "tutorial", seed: 2, bots: "easy", spectators: "none" },
      })
    ).body.id;
    // Every seat is a bot's: nothing to join, so not in the lobby.
    expect((await watcher.call("GET", "/api/games")).body.games.map((g: { id: string }) => g.id)).not.toContain(closed);
    await gm.call("POST", `/api/games/${closed}/start`);
    expect((await watcher.call("GET", `/api/games/${closed}/state`)).status).toBe(403);
    expect((await watcher.call("GET", `/api/games/${closed}/seats/klingon/report`)).status).toBe(403);
    expect((await new Client(s.app).call("GET", `/api/games/${closed}/state`)).status).toBe(401);
    expect((await watcher.call("POST", `/api/games/${closed}/run`)).status).toBe(403);
    // The site admin: the state, a run.
    expect((await root.call("GET", `/api/games/${closed}/state`)).status).toBe(200);
    expect((await root.call("POST", `/api/games/${closed}/run`)).body.ran).toEqual({ step: 1, label: "turn 1" });
    // Only a site admin makes admins.
    expect((await watcher.call("PUT", "/api/accounts/watcher1/admin", { body: { admin: true } })).status).toBe(403);
    expect((await root.call("PUT", "/api/accounts/watcher1/admin", { body: { admin: true } })).body.admin).toBe(true);
  });

  it("after-end spectators see nothing in play and everything once the game is over; a finished game runs no more steps", {
    timeout: 300_000,
  }, async () => {
    const gm = new Client(s.app);
    const watcher = new Client(s.app);
    await gm.register("gm-end");
    await watcher.register("watcher-end");
    const id = (
      await gm.call("POST", "/api/games", {
        body: { ruleset: "galactic-empires", scenario: "tutorial", seed: 1, bots: "normal", spectators: "after-end" },
      })
    ).body.id;
    await gm.call("POST", `/api/games/${id}/start`);
    expect((await watcher.call("GET", `/api/games/${id}/state`)).status).toBe(403);
    let over = false;
    for (let i = 0; i < 40 && !over; i++) {
      const r = await gm.call("POST", `/api/games/${id}/run`);
      expect(r.status, r.text).toBe(200);
      over = r.body.game.over;
    }
    expect(over).toBe(true);
    const g = await watcher.call("GET", `/api/games/${id}`);
    expect(g.body.outcome.reason.length).toBeGreaterThan(5);
    expect(g.body.you.seesAll).toBe(true);
    expect((await watcher.call("GET", `/api/games/${id}/state`)).status).toBe(200);
    expect((await watcher.call("GET", `/api/games/${id}/seats/klingon/report`)).status).toBe(200);
    expect((await watcher.call("GET", `/api/games/${id}/steps/1`)).status).toBe(200);
    const run = await gm.call("POST", `/api/games/${id}/run`);
    expect(run.status).toBe(409);
    expect(run.body.error).toBe("game-over");
    expect(run.body.message).toMatch(/^the game is over/);
  });

  it("a cookie session's orders need the CSRF token; the lobby of my games needs an account", { timeout: 120_000 }, async () => {
    const p = new Client(s.app);
    await p.register("csrf-player");
    const id = (
      await p.call("POST", "/api/games", {
        body: {
          ruleset: "galactic-empires",
          scenario: "tutorial",
          seed: 4,
          seats: { klingon: "me" },
          bots: "easy",
          deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
        },
      })
    ).body.id;
    await p.call("POST", `/api/games/${id}/start`);
    const forged = await p.call("POST", `/api/games/${id}/orders?step=1`, { body: { orders: [] }, csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe("csrf");
    expect((await p.call("POST", `/api/games/${id}/orders?step=1`, { body: { orders: [] } })).status).toBe(200);
    // A JSON string is a string, not a YAML file to decode; the same text sent as YAML is the file.
    const yaml = "empire: klingon\nturn: 1\norders: []\n";
    const asJson = await p.call("POST", `/api/games/${id}/orders`, { body: JSON.stringify(yaml), type: "application/json" });
    expect(asJson.status, asJson.text).toBe(400);
    expect((await p.call("POST", `/api/games/${id}/orders`, { body: yaml, type: "application/yaml" })).body.revision).toBe(2);
    expect((await new Client(s.app).call("GET", "/api/games?mine=true")).status).toBe(401);
    // One account with two seats: the file names its seat, or ?seat=ID does.
    const two = (
      await p.call("POST", "/api/games", {
        body: {
          ruleset: "galactic-empires",
          scenario: "tutorial",
          seats: { klingon: "me", romulan: "me" },
          bots: "easy",
          deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
        },
      })
    ).body.id;
    await p.call("POST", `/api/games/${two}/start`);
    const byFile = await p.call("POST", `/api/games/${two}/orders`, { body: "empire: romulan\nturn: 1\norders: []\n" });
    expect(byFile.body.seat).toBe("romulan");
    const unnamed = await p.call("POST", `/api/games/${two}/orders?step=1`, { body: { orders: [] } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ error: "name-the-seat", message: expect.stringContaining("klingon, romulan") });
    expect((await p.call("POST", `/api/games/${two}/orders?step=1&seat=klingon`, { body: { orders: [] } })).body.seat).toBe("klingon");
  });
});
