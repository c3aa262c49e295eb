/**
 * The Sathar War's battle replay over HTTP (issue 12: the Battleshift battle's "replay linked from the campaign's
 * report"): GET /api/games/ID/tools/battle-replay?battle=B&seat=S answers a seat's player with the battle's
 * self-contained HTML replay (every battle is open to every seat, seed 000 "SETTING UP THE GAME"), the game master
 * without a seat too; another seat's name is refused (a player reads only their own seat), and an unknown battle is a
 * 400 that names the battles there are. GET .../tools/battle-replay/file serves the HTML itself, for a browser tab,
 * sandboxed by its Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGame } from "../../src/host/games.js";
import { botOrders } from "../../src/host/play.js";
import { rulesetById } from "../../src/host/registry.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import { Client, type TestServer, testServer } from "./support.js";

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 120_000);
afterAll(async () => s?.close());

describe("GET /api/games/ID/tools/battle-replay", () => {
  it("answers a seat with a battle's HTML replay; refuses another's seat and an unknown battle clearly", { timeout: 600_000 }, async () => {
    const gm = new Client(s.app);
    await gm.register("gm-sw-replay");
    const made = await gm.call("POST", "/api/games", {
      body: {
        ruleset: "sathar-war",
        scenario: "war",
        seed: 1,
        inputs: { options: [{ battles: 2 }] },
        deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    const player = new Client(s.app);
    await player.register("p-sathar-replay");
    const inv = await gm.call("POST", `/api/games/${id}/invites`, { body: { seat: "sathar" } });
    expect((await player.call("POST", inv.body.accept)).status).toBe(200);
    expect((await gm.call("PUT", `/api/games/${id}/seats/upf`, { body: { holder: { bot: "normal" } } })).status).toBe(200);
    expect((await gm.call("POST", `/api/games/${id}/start`)).status).toBe(200);
    const ruleset = rulesetById("sathar-war");

    // The Sathar's player plays as the normal bot would, the game master runs each step, until a battle is fought.
    let battle: string | undefined;
    for (let i = 0; i < 40 && battle === undefined; i++) {
      const { record } = await loadGame(s.games, id);
      if (ruleset.awaiting(record.state).includes("sathar")) {
        const orders = botOrders(ruleset, record, "sathar", "normal");
        const r = await player.call("POST", `/api/games/${id}/orders?seat=sathar&step=${record.step}`, { body: orders as object });
        expect(r.status, r.text).toBe(200);
      }
      const ran = await gm.call("POST", `/api/games/${id}/run`);
      expect(ran.status, ran.text).toBe(200);
      const state = (await loadGame(s.games, id)).record.state as SatharWarState;
      battle = state.battles.find((b) => b.battleshift)?.id;
    }
    expect(battle).toBeDefined();
    const url = (q: string) => `/api/games/${id}/tools/battle-replay?${q}`;

    // The player's own seat: the HTML replay.
    const mine = await player.call("GET", url(`battle=${battle}&seat=sathar`));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.file.extension).toBe("html");
    expect(mine.body.file.content).toMatch(/^<!doctype html>/);
    expect(mine.body.file.content).toContain(`Battle ${battle}: day `);
    expect(mine.body.json.battle).toBe(battle);
    // The SVG sheet by format=svg.
    const svg = await player.call("GET", url(`battle=${battle}&seat=sathar&format=svg`));
    expect(svg.status, svg.text).toBe(200);
    expect(svg.body.file.extension).toBe("svg");

    // Not the player's seat: refused, as every seat route refuses it.
    const theirs = await player.call("GET", url(`battle=${battle}&seat=upf`));
    expect(theirs.status).toBe(403);
    expect(theirs.body.error).toBe("not-your-seat");
    // Without a seat (the referee's): the game master only.
    expect((await player.call("GET", url(`battle=${battle}`))).status).toBe(403);
    const referee = await gm.call("GET", url(`battle=${battle}`));
    expect(referee.status, referee.text).toBe(200);

    // An unknown battle: a 400 that says so and names the battles there are.
    const unknown = await player.call("GET", url("battle=d99-nowhere-sathar&seat=sathar"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("tool-refused");
    expect(unknown.body.message).toContain('no battle "d99-nowhere-sathar" in this campaign; battles fought out in Battleshift:');
    expect(unknown.body.message).toContain(String(battle));
    // No battle named: the last fought out in Battleshift.
    const last = await player.call("GET", url("seat=sathar"));
    expect(last.status, last.text).toBe(200);
    expect(last.body.json.battle).toBeTruthy();

    // The file itself, to open in a tab: the HTML page, sandboxed (its own script runs; no cookies, no API, nothing loaded).
    const page = await player.call("GET", url(`battle=${battle}&seat=sathar`).replace("/battle-replay?", "/battle-replay/file?"));
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    expect(String(page.headers["content-type"])).toMatch(/^text\/html/);
    expect(page.text).toMatch(/^<!doctype html>/);
    expect(String(page.headers["content-security-policy"])).toMatch(/^sandbox allow-scripts; default-src 'none'/);
    expect(page.text).toBe(mine.body.file.content);
    // The same rights and refusals as the tool.
    expect((await player.call("GET", `/api/games/${id}/tools/battle-replay/file?battle=${battle}&seat=upf`)).status).toBe(403);
    const nope = await player.call("GET", `/api/games/${id}/tools/battle-replay/file?battle=nope&seat=sathar`);
    expect(nope.status).toBe(400);
    expect(nope.body.message).toContain('no battle "nope"');
  });
});
