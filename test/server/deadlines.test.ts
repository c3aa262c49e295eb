/**
 * Deadlines through the app on a controlled clock (issue 10, "Schedules and absent players"): a deadline
 * passes and the due-step runner runs the step; early advance; grace; pause, resume and a moved deadline;
 * a seat that misses twice is played by its bot until its player returns; holiday; a weekly deadline
 * across a daylight-saving change; the GM hands a seat on. Galactic Empires tutorial games: alice plays
 * the Klingons, passive bots the rest (so no game ends early).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDue, startTicker } from "../../src/server/deadlines.js";
import type { SiteStore } from "../../src/store/site.js";
import { Client, type TestServer, testServer } from "./support.js";

const HOUR = 3600_000;

let s: TestServer;
let alice: Client;
let bob: Client;
beforeAll(async () => {
  s = await testServer();
  alice = new Client(s.app);
  bob = new Client(s.app);
  await alice.register("alice");
  await bob.register("bob");
}, 120_000);
afterAll(async () => s?.close());

const due = () => runDue({ games: s.games, site: s.site }, s.clock.now().getTime());

async function game(deadlines: Record<string, unknown>): Promise<string> {
  const made = await alice.call("POST", "/api/games", {
    body: { ruleset: "galactic-empires", scenario: "tutorial", seed: 5, seats: { klingon: "me" }, bots: "passive", deadlines },
  });
  expect(made.status, made.text).toBe(201);
  const id = made.body.id as string;
  expect((await alice.call("POST", `/api/games/${id}/start`)).status).toBe(200);
  return id;
}

const summary = async (id: string) => (await alice.call("GET", `/api/games/${id}`)).body;
const orders = (step: number) => `empire: klingon\nturn: ${step}\norders: []\n`;
const source = async (id: string, step: number) =>
  (await alice.call("GET", `/api/games/${id}/steps/${step}`)).body.sources.klingon as string;
const ranSteps = async (id: string) => (await summary(id)).step - 1;

describe("deadlines on a controlled clock", () => {
  it("refuses bad settings with clear 400s; shows the defaults", { timeout: 60_000 }, async () => {
    const bad = async (deadlines: unknown) =>
      alice.call("POST", "/api/games", { body: { ruleset: "galactic-empires", scenario: "tutorial", deadlines } });
    const zone = await bad({ schedule: { kind: "weekly", times: [{ day: "tue", time: "17:00" }], timeZone: "Mars/Olympus" } });
    expect(zone.status).toBe(400);
    expect(zone.body).toMatchObject({ error: "unknown-time-zone" });
    expect(zone.body.message).toContain("Mars/Olympus");
    const time = await bad({ schedule: { kind: "weekly", times: [{ day: "tue", time: "25:00" }], timeZone: "UTC" } });
    expect(time.status).toBe(400);
    expect(time.body.message).toContain("HH:MM");
    const level = await bad({ botLevel: "genius" });
    expect(level.status).toBe(400);
    expect(level.body.error).toBe("unknown-bot");
    const id = await game({});
    const d = (await summary(id)).deadline;
    expect(d.settings).toMatchObject({ schedule: { kind: "every", hours: 48 }, earlyAdvance: true, missesBeforeBot: 2 });
    expect(d.at).toBe(new Date(s.clock.now().getTime() + 48 * HOUR).toISOString());
    expect(d.schedule).toBe("every 48 hours");
    expect(d.inWords).toContain("turn 1 is due");
    expect(d.waitingFor).toEqual(["klingon"]);
  });

  it("a deadline passes and the step runs, once; the next step's clock opens", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 24 }, earlyAdvance: false });
    s.clock.advance(23 * HOUR);
    expect((await due()).ran.filter((r) => r.gameId === id)).toEqual([]);
    s.clock.advance(HOUR);
    const r = await due();
    expect(r.ran.filter((x) => x.gameId === id)).toEqual([{ gameId: id, step: 1, label: "turn 1", why: "deadline" }]);
    expect((await due()).ran.filter((x) => x.gameId === id)).toEqual([]);
    const g = await summary(id);
    expect(g.step).toBe(2);
    expect(g.deadline.at).toBe(new Date(s.clock.now().getTime() + 24 * HOUR).toISOString());
    expect(await source(id, 1)).toBe("default (nothing submitted)");
    expect(g.seats.find((x: { id: string }) => x.id === "klingon").missed).toBe(1);
  });

  it("a failure in the attendance write leaves the step uncommitted; the next look runs it once, the miss counted once", {
    timeout: 60_000,
  }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 24 }, earlyAdvance: false });
    // The site store as it is, but the attendance and next clock written in the step's transaction then fail.
    const failing: SiteStore = Object.create(s.site);
    failing.settleWrite = (...args) => {
      const w = s.site.settleWrite(...args);
      return {
        database: w.database,
        settled: false,
        async run(tx) {
          await w.run(tx);
          throw new Error("injected: the attendance write fails");
        },
      };
    };
    s.clock.advance(24 * HOUR);
    const r = await runDue({ games: s.games, site: failing }, s.clock.now().getTime());
    expect(r.failed.filter((x) => x.gameId === id).map((x) => x.error)).toEqual(["injected: the attendance write fails"]);
    let g = await summary(id);
    expect(g.step).toBe(1);
    expect(g.seats.find((x: { id: string }) => x.id === "klingon").missed).toBe(0);
    expect((await s.games.steps(id)).length).toBe(0);
    expect((await due()).ran.filter((x) => x.gameId === id).map((x) => x.step)).toEqual([1]);
    expect((await due()).ran.filter((x) => x.gameId === id)).toEqual([]);
    g = await summary(id);
    expect(g.step).toBe(2);
    expect(g.seats.find((x: { id: string }) => x.id === "klingon").missed).toBe(1);
    expect(g.deadline.at).toBe(new Date(s.clock.now().getTime() + 24 * HOUR).toISOString());
  });

  it("early advance: the last awaited seat's orders run the step at once", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 24 }, earlyAdvance: true });
    const r = await alice.call("POST", `/api/games/${id}/orders`, { body: orders(1) });
    expect(r.status, r.text).toBe(200);
    expect(r.body.advanced).toEqual({ step: 1, label: "turn 1" });
    expect(await ranSteps(id)).toBe(1);
    expect(await source(id, 1)).toMatch(/^revision 1: api alice/);
  });

  it("early advance: the steps after it that await only bots run at once too (a Battleshift side's, then the red bot's)", {
    timeout: 60_000,
  }, async () => {
    const made = await alice.call("POST", "/api/games", {
      body: {
        ruleset: "battleshift",
        scenario: "skirmish",
        seed: 5,
        seats: { blue: "me" },
        bots: "normal",
        deadlines: { schedule: { kind: "manual" } },
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    expect((await alice.call("POST", `/api/games/${id}/start`)).status).toBe(200);
    expect((await summary(id)).label).toMatch(/order sheets/);
    const sheet = (await alice.call("GET", `/api/games/${id}/seats/blue/template`)).text;
    const r = await alice.call("POST", `/api/games/${id}/orders`, { body: sheet });
    expect(r.status, r.text).toBe(200);
    expect(r.body.advanced).toMatchObject({ step: 1 });
    // The order sheets ran, then (after the reply, which does not wait for bots) red's activation, its bot's alone,
    // and the game awaits blue again, with no tick and no "Run now".
    await expect.poll(async () => (await summary(id)).step, { timeout: 30_000 }).toBeGreaterThan(2);
    await expect.poll(async () => (await summary(id)).label, { timeout: 30_000 }).toMatch(/blue activation/);
    const g = await summary(id);
    expect(g.step).toBeGreaterThan(2);
    expect(g.seats.find((x: { id: string }) => x.id === "blue").awaited).toBe(true);
    expect(g.label).toMatch(/blue activation/);
  });

  it("grace: the step runs that many minutes after the deadline", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 1 }, earlyAdvance: false, graceMinutes: 30 });
    expect((await summary(id)).deadline.inWords).toContain("30 minutes later");
    s.clock.advance(HOUR);
    await due();
    expect(await ranSteps(id)).toBe(0);
    s.clock.advance(30 * 60_000);
    await due();
    expect(await ranSteps(id)).toBe(1);
  });

  it("pause, resume (the deadline moves on by the pause), and a moved deadline; only a game master may", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 10 }, earlyAdvance: false });
    const first = Date.parse((await summary(id)).deadline.at);
    expect((await bob.call("POST", `/api/games/${id}/pause`)).body.error).toBe("not-game-master");
    s.clock.advance(2 * HOUR);
    const paused = await alice.call("POST", `/api/games/${id}/pause`);
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.deadline.paused).toBe(true);
    s.clock.advance(20 * HOUR);
    await due();
    expect(await ranSteps(id)).toBe(0);
    const resumed = await alice.call("POST", `/api/games/${id}/resume`);
    expect(resumed.body.deadline.paused).toBe(false);
    expect(Date.parse(resumed.body.deadline.at)).toBe(first + 20 * HOUR);
    const to = new Date(s.clock.now().getTime() + HOUR).toISOString();
    const moved = await alice.call("POST", `/api/games/${id}/deadline`, { body: { to } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.deadline.at).toBe(to);
    expect((await alice.call("POST", `/api/games/${id}/deadline`, { body: { to: "tomorrow" } })).status).toBe(400);
    s.clock.advance(HOUR);
    await due();
    expect(await ranSteps(id)).toBe(1);
  });

  it("a seat that misses twice is played by its bot, until its player submits again", { timeout: 90_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 1 }, earlyAdvance: false, missesBeforeBot: 2, botLevel: "easy" });
    for (let i = 0; i < 3; i++) {
      s.clock.advance(HOUR);
      await due();
    }
    expect(await ranSteps(id)).toBe(3);
    expect(await source(id, 1)).toBe("default (nothing submitted)");
    expect(await source(id, 2)).toBe("default (nothing submitted)");
    expect(await source(id, 3)).toMatch(/bot easy/);
    expect((await summary(id)).deadline.waitingFor).toEqual([]);
    const back = await alice.call("POST", `/api/games/${id}/orders`, { body: orders(4) });
    expect(back.status, back.text).toBe(200);
    s.clock.advance(HOUR);
    await due();
    expect(await source(id, 4)).toMatch(/api alice/);
    const g = await summary(id);
    expect(g.seats.find((x: { id: string }) => x.id === "klingon").missed).toBe(0);
    expect(g.deadline.waitingFor).toEqual(["klingon"]);
  });

  it("holiday: the player's bot plays the named steps, which count as no miss", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 1 }, earlyAdvance: false, botLevel: "easy" });
    expect((await bob.call("PUT", `/api/games/${id}/seats/klingon/holiday`, { body: { steps: [1] } })).status).toBe(403);
    expect((await alice.call("PUT", `/api/games/${id}/seats/klingon/holiday`, { body: { steps: [0] } })).status).toBe(400);
    const set = await alice.call("PUT", `/api/games/${id}/seats/klingon/holiday`, { body: { steps: [1] } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.seats.find((x: { id: string }) => x.id === "klingon").holiday).toEqual([1]);
    s.clock.advance(HOUR);
    await due();
    expect(await source(id, 1)).toMatch(/bot easy/);
    const k = (await summary(id)).seats.find((x: { id: string }) => x.id === "klingon");
    expect(k).toMatchObject({ missed: 0, holiday: [] });
  });

  it("a game master hands a seat to another account", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "manual" } });
    expect((await bob.call("POST", `/api/games/${id}/seats/klingon/hand`, { body: { to: "bob" } })).status).toBe(403);
    const handed = await alice.call("POST", `/api/games/${id}/seats/klingon/hand`, { body: { to: "bob" } });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.seats.find((x: { id: string }) => x.id === "klingon").holder).toEqual({ kind: "player", name: "bob" });
    const r = await bob.call("POST", `/api/games/${id}/orders`, { body: orders(1) });
    expect(r.status, r.text).toBe(200);
    expect((await alice.call("POST", `/api/games/${id}/seats/klingon/hand`, { body: { to: "nobody-at-all" } })).body.error).toBe(
      "no-account",
    );
  });

  it("a weekly deadline (Tuesday 17:00 Pacific) follows daylight saving", { timeout: 90_000 }, async () => {
    // The clock stands on 2026-11-27 (Pacific standard time); move it to Friday 2027-03-05, before the spring change (2027-03-14).
    s.clock.advance(Date.parse("2027-03-05T12:00:00Z") - s.clock.now().getTime());
    await alice.signIn("alice"); // the session of November has ended
    const id = await game({
      schedule: { kind: "weekly", times: [{ day: "tue", time: "17:00" }], timeZone: "America/Los_Angeles" },
      earlyAdvance: false,
    });
    const g = await summary(id);
    expect(g.deadline.at).toBe("2027-03-10T01:00:00.000Z");
    expect(g.deadline.schedule).toBe("Tuesday 17:00 (America/Los_Angeles)");
    s.clock.advance(Date.parse("2027-03-10T00:59:00Z") - s.clock.now().getTime());
    await due();
    expect(await ranSteps(id)).toBe(0);
    s.clock.advance(60_000);
    await due();
    expect(await ranSteps(id)).toBe(1);
    // The next Tuesday 17:00 is in daylight time: 00:00 UTC.
    expect((await summary(id)).deadline.at).toBe("2027-03-17T00:00:00.000Z");
  });

  it("the ticker runs due steps on the timer it is given, one tick at a time", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 1 }, earlyAdvance: false });
    let fire: (() => void) | null = null;
    let done: Promise<void> = Promise.resolve();
    const ticker = startTicker(
      async () => {
        done = due().then(() => {});
        await done;
      },
      1000,
      {
        setInterval: (f) => {
          fire = f;
          return 1;
        },
        clearInterval: () => {
          fire = null;
        },
      },
    );
    s.clock.advance(HOUR);
    (fire as (() => void) | null)?.();
    await ticker.stop();
    await done;
    expect(fire).toBeNull();
    expect(await ranSteps(id)).toBe(1);
  });

  it("orders that come in while the step runs count, and so does their player: no miss", { timeout: 60_000 }, async () => {
    const id = await game({ schedule: { kind: "every", hours: 24 }, earlyAdvance: false });
    s.clock.advance(24 * HOUR);
    // The runner has decided who plays (klingon sent nothing: default orders, a miss) when the step reads its
    // submissions; klingon's player submits just then, as a late request would.
    let arrived = false;
    const games = new Proxy(s.games, {
      get(target, key, receiver) {
        if (key !== "submissions") return Reflect.get(target, key, receiver);
        return async (gameId: string, step: number) => {
          if (gameId === id && !arrived) {
            arrived = true;
            await target.submit(id, {
              seat: "klingon",
              step,
              orders: { empire: "klingon", turn: step, orders: [] },
              problems: [],
              source: "api alice",
              at: "late",
            });
          }
          return target.submissions(gameId, step);
        };
      },
    });
    const r = await runDue({ games, site: s.site }, s.clock.now().getTime());
    expect(r.ran.filter((x) => x.gameId === id)).toEqual([{ gameId: id, step: 1, label: "turn 1", why: "deadline" }]);
    expect(arrived).toBe(true);
    expect(await source(id, 1)).toBe("revision 1: api alice");
    expect((await summary(id)).seats.find((x: { id: string }) => x.id === "klingon").missed).toBe(0);
  });
});
