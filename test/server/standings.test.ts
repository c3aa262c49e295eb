/**
 * The standings tool over HTTP (issue 11, the web client's charts): each turn's sectors, starships and treasury.
 * A treasury is an empire's own until the end (seed 003 chapter 2, "Finances": each sees its own), so before the
 * game is over a seat gets its own figures and nothing of any other empire's, another seat's figures are refused,
 * and the whole table (no seat) is the game master's; once it is over, every seat gets everyone's. A turn run never
 * changes, so the server reads each past turn from the store once, not at every call (issue 11, the charts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadGame } from "../../src/host/games.js";
import { botOrders } from "../../src/host/play.js";
import { rulesetById } from "../../src/host/registry.js";
import { Client, type TestServer, testServer } from "./support.js";

interface Figures {
  empire: string;
  sectors: number;
  starships: number;
  treasury: number;
}
interface Standings {
  over: boolean;
  turns: { turn: number; empires: Figures[] }[];
}

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 120_000);
afterAll(async () => s?.close());

describe("GET /api/games/ID/tools/standings", () => {
  it("gives a seat only its own figures until the game is over, then everyone's", { timeout: 600_000 }, async () => {
    const gm = new Client(s.app);
    await gm.register("gm-standings");
    const made = await gm.call("POST", "/api/games", {
      body: {
        ruleset: "galactic-empires",
        scenario: "tutorial",
        seed: 5,
        deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    const players = new Map<string, Client>();
    for (const seat of ["klingon", "romulan"]) {
      const c = new Client(s.app);
      await c.register(`p-${seat}`);
      const inv = await gm.call("POST", `/api/games/${id}/invites`, { body: { seat } });
      expect((await c.call("POST", inv.body.accept)).status).toBe(200);
      players.set(seat, c);
    }
    expect((await gm.call("PUT", `/api/games/${id}/seats/federation`, { body: { holder: { bot: "normal" } } })).status).toBe(200);
    const stranger = new Client(s.app);
    await stranger.register("stranger-standings");
    expect((await gm.call("POST", `/api/games/${id}/start`)).status).toBe(200);
    const klingon = players.get("klingon")!;
    const romulan = players.get("romulan")!;
    // Each player plays as the normal bot would (a game between bots ends within the tutorial's 30 turns).
    const play = async () => {
      const { record } = await loadGame(s.games, id);
      for (const [seat, c] of players) {
        const orders = botOrders(rulesetById("galactic-empires"), record, seat, "normal");
        const r = await c.call("POST", `/api/games/${id}/orders?seat=${seat}&step=${record.step}`, { body: orders as object });
        expect(r.status, r.text).toBe(200);
      }
      const ran = await gm.call("POST", `/api/games/${id}/run`);
      expect(ran.status, ran.text).toBe(200);
    };
    const standings = (c: Client, seat?: string) => c.call("GET", `/api/games/${id}/tools/standings${seat ? `?seat=${seat}` : ""}`);

    for (let turn = 1; turn <= 3; turn++) {
      await play();
      // Before the end: one's own figures, turn by turn, and nothing of anyone else's.
      for (const [seat, c] of players) {
        const r = await standings(c, seat);
        expect(r.status, r.text).toBe(200);
        const body = r.body.json as Standings;
        expect(body.over, JSON.stringify((await gm.call("GET", `/api/games/${id}`)).body.outcome)).toBe(false);
        expect(body.turns.map((t) => t.turn)).toEqual(Array.from({ length: turn + 1 }, (_, i) => i + 1));
        for (const t of body.turns) expect(t.empires.map((f) => f.empire)).toEqual([seat]);
        // The last turn's figures are the seat's report's.
        const report = await c.call("GET", `/api/games/${id}/seats/${seat}/report`);
        const view = report.body.json.view as { me: { treasury: number }; sectors: { owner: string }[] };
        const last = body.turns.at(-1)!.empires[0]!;
        expect(last.treasury).toBeCloseTo(view.me.treasury, 2);
        expect(last.sectors).toBe(view.sectors.filter((x) => x.owner === seat).length);
        expect(r.text).not.toMatch(seat === "klingon" ? /romulan|federation/ : /klingon|federation/);
      }
      // Another seat's figures, the whole table, a stranger: refused.
      expect((await standings(klingon, "romulan")).status).toBe(403);
      expect((await standings(romulan, "klingon")).status).toBe(403);
      expect((await standings(klingon)).status).toBe(403);
      expect((await standings(stranger, "klingon")).status).toBe(403);
      const whole = await standings(gm);
      expect(whole.status, whole.text).toBe(200);
      expect((whole.body.json as Standings).turns.at(-1)!.empires.map((f) => f.empire)).toEqual(["federation", "klingon", "romulan"]);
    }

    // The game runs to its end (the tutorial's turn limit is 30), then every seat sees everyone's history.
    for (let i = 0; i < 40; i++) {
      const g = await gm.call("GET", `/api/games/${id}`);
      if (g.body.over) break;
      await play();
    }
    expect((await gm.call("GET", `/api/games/${id}`)).body.over).toBe(true);
    for (const [seat, c] of players) {
      const r = await standings(c, seat);
      expect(r.status, r.text).toBe(200);
      const body = r.body.json as Standings;
      expect(body.over).toBe(true);
      for (const t of body.turns) expect(t.empires.map((f) => f.empire)).toEqual(["federation", "klingon", "romulan"]);
    }
  });

  it("reads each turn run from the store once: a later call reads only the turns run since", { timeout: 300_000 }, async () => {
    const gm = new Client(s.app);
    await gm.register("gm-standings-memo");
    const made = await gm.call("POST", "/api/games", {
      body: { ruleset: "galactic-empires", scenario: "tutorial", seed: 7, bots: "passive", deadlines: { schedule: { kind: "manual" } } },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    expect((await gm.call("POST", `/api/games/${id}/start`)).status).toBe(200);
    const run = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const r = await gm.call("POST", `/api/games/${id}/run`);
        expect(r.status, r.text).toBe(200);
      }
    };
    const reads = vi.spyOn(s.games, "history");
    const standings = async () => {
      reads.mockClear();
      const r = await gm.call("GET", `/api/games/${id}/tools/standings`);
      expect(r.status, r.text).toBe(200);
      return { turns: (r.body.json as Standings).turns, read: reads.mock.calls.map((c) => c[1]) };
    };
    try {
      await run(5);
      const first = await standings();
      expect(first.turns.map((t) => t.turn)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(first.read).toEqual([1, 2, 3, 4, 5]);
      // Again: the same figures, and no past turn read again.
      const again = await standings();
      expect(again.turns).toEqual(first.turns);
      expect(again.read).toEqual([]);
      // Two more turns: only those are read; the earlier figures are unchanged.
      await run(2);
      const later = await standings();
      expect(later.read).toEqual([6, 7]);
      expect(later.turns.slice(0, 5)).toEqual(first.turns.slice(0, 5));
      expect(later.turns.map((t) => t.turn)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      // A seat's own figures come from the same remembered turns, filtered as before.
      const klingon = await gm.call("GET", `/api/games/${id}/tools/standings?seat=klingon`);
      expect((klingon.body.json as Standings).turns.every((t) => t.empires.length === 1 && t.empires[0]!.empire === "klingon")).toBe(true);
    } finally {
      reads.mockRestore();
    }
  });
});
