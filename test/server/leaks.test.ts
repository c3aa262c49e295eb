/**
 * No response to a seat carries what that seat may not see (issue 10, "Security"), for every ruleset of
 * the registry: each seat is held by an account that submits its bot's orders over HTTP; after every
 * step each account reads everything the API offers a seat (the game, its report, view, history, order
 * menus, template, the check of its orders, the game tools with its seat) and none of it holds a needle
 * of the ruleset's own `secrets` for that seat (the shared ruleset harness's check, `revealedSecrets` of test/harness). A
 * stranger (no seat; spectators only after the end) gets 403 for seat reads and a summary with no
 * seat's secret.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGame } from "../../src/host/games.js";
import { botOrders } from "../../src/host/play.js";
import { RULESETS } from "../../src/rules/registry.js";
import { revealedSecrets } from "../harness/ruleset-harness.js";
import { Client, type TestServer, testServer } from "./support.js";

/** A small scenario per ruleset that needs no input file (the harness's own choices); others get their default. */
const SCENARIO: Readonly<Record<string, string>> = { "galactic-empires": "tutorial", battleshift: "playtest" };
const STEPS: Readonly<Record<string, number>> = { "galactic-empires": 4, battleshift: 8 };

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 120_000);
afterAll(async () => s?.close());

describe("no response to a seat carries what it may not see", () => {
  for (const ruleset of RULESETS.values()) {
    it(`${ruleset.id}: every seat's reads, step after step`, { timeout: 600_000 }, async () => {
      const scenario = SCENARIO[ruleset.id] ?? ruleset.defaultScenario;
      const gm = new Client(s.app);
      await gm.register(`gm-${ruleset.id}`.slice(0, 32));
      const made = await gm.call("POST", "/api/games", {
        // The game master runs each step (no early advance), so every seat submits before it runs.
        body: {
          ruleset: ruleset.id,
          scenario,
          seed: 5,
          spectators: "after-end",
          deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
        },
      });
      expect(made.status, made.text).toBe(201);
      const id = made.body.id as string;
      const seats = (made.body.seats as { id: string }[]).map((x) => x.id);
      const players = new Map<string, Client>();
      for (const [i, seat] of seats.entries()) {
        const c = new Client(s.app);
        await c.register(`p${i}-${ruleset.id}`.slice(0, 32));
        const inv = await gm.call("POST", `/api/games/${id}/invites`, { body: { seat } });
        expect((await c.call("POST", inv.body.accept)).status).toBe(200);
        players.set(seat, c);
      }
      const stranger = new Client(s.app);
      await stranger.register(`x-${ruleset.id}`.slice(0, 32));
      expect((await gm.call("POST", `/api/games/${id}/start`)).status).toBe(200);
      const tools = Object.values(ruleset.tools).filter((t) => t.kind === "game" && t.options.some((o) => o.kind === "seat"));

      let checked = 0;
      for (let step = 0; step < (STEPS[ruleset.id] ?? 4); step++) {
        const { record } = await loadGame(s.games, id);
        if (record.outcome) break;
        // Each awaited seat's player submits its bot's orders; the reply (the check) is a read too.
        const checks = new Map<string, string>();
        for (const seat of ruleset.awaiting(record.state) as string[]) {
          const orders = botOrders(ruleset, record, seat, "normal");
          const r = await players
            .get(seat)!
            .call("POST", `/api/games/${id}/orders?seat=${seat}&step=${record.step}`, { body: orders as object });
          expect(r.status, r.text).toBe(200);
          checks.set(seat, r.text);
        }
        const ran = await gm.call("POST", `/api/games/${id}/run`);
        expect(ran.status, ran.text).toBe(200);
        const after = await loadGame(s.games, id);
        const entry = await s.games.history(id, record.step);
        const events = entry?.events ?? [];
        const all: string[] = [];
        for (const seat of seats) {
          const needles = ruleset.secrets(after.record.state, seat, events) as string[];
          all.push(...needles);
          const c = players.get(seat)!;
          const reads: [string, string][] = [];
          for (const path of ["", `/seats/${seat}/report`, `/seats/${seat}/view`, `/seats/${seat}/history`]) {
            const r = await c.call("GET", `/api/games/${id}${path}`);
            expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(200);
            reads.push([path || "summary", r.text]);
          }
          if (!after.record.outcome) {
            for (const path of [`/seats/${seat}/options`, `/seats/${seat}/template`]) {
              const r = await c.call("GET", `/api/games/${id}${path}`);
              expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(200);
              reads.push([path, r.text]);
            }
          }
          for (const t of tools) {
            const opt = t.options.find((o) => o.kind === "seat")!;
            const r = await c.call("GET", `/api/games/${id}/tools/${t.id}?${opt.name}=${seat}`);
            expect(r.status, `${t.id}: ${r.text.slice(0, 200)}`).toBe(200);
            reads.push([`tool ${t.id}`, r.text]);
          }
          for (const [what, text] of reads) {
            const found = revealedSecrets(ruleset, after.record.state, seat, events, text, { menus: what.endsWith("/options") });
            expect(found, `${ruleset.id} step ${record.step}: ${what} of ${seat} reveals`).toEqual([]);
            checked += needles.length;
          }
          // The check was made before the step, on the state then: its needles are that state's.
          const check = checks.get(seat);
          if (check !== undefined)
            expect(
              revealedSecrets(ruleset, record.state, seat, [], check),
              `the check of ${seat}'s orders at step ${record.step} reveals`,
            ).toEqual([]);
          // Another seat's reads are refused.
          const other = seats.find((x) => x !== seat)!;
          expect((await c.call("GET", `/api/games/${id}/seats/${other}/report`)).status).toBe(403);
        }
        const summary = await stranger.call("GET", `/api/games/${id}`);
        for (const needle of all) expect(summary.text.includes(needle), `the summary reveals ${needle}`).toBe(false);
        if (!after.record.outcome) {
          expect((await stranger.call("GET", `/api/games/${id}/seats/${seats[0]}/report`)).status).toBe(403);
          expect((await stranger.call("GET", `/api/games/${id}/state`)).status).toBe(403);
        }
      }
      // The game tools without a seat (a map of everything, a battle's replay) are the game master's.
      const { record: last } = await loadGame(s.games, id);
      for (const t of Object.values(ruleset.tools).filter((x) => x.kind === "game")) {
        const gmRead = await gm.call("GET", `/api/games/${id}/tools/${t.id}`);
        expect(gmRead.status, `${t.id}: ${gmRead.text.slice(0, 200)}`).toBe(200);
        expect(gmRead.body.file.content.length).toBeGreaterThan(100);
        if (!last.outcome) expect((await players.get(seats[0]!)!.call("GET", `/api/games/${id}/tools/${t.id}`)).status).toBe(403);
      }
      // The games ran long enough to have secrets to keep.
      expect(checked).toBeGreaterThan(0);
    });
  }
});
