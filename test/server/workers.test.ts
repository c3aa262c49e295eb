/**
 * Due steps as pg-boss jobs on PostgreSQL (issue 10, "Many machines"; skipped without DATABASE_URL:
 * bash scripts/with-postgres.sh npx vitest run test/server/workers.test.ts):
 *  - two workers and 200 due steps (100 Galactic Empires tutorial games, two steps each, bots in every
 *    seat), every due step enqueued twice (two `serve`s looking at once): each step committed exactly once;
 *  - a worker process SIGKILLed at a random moment of its step (0 to 1.5 times the last step's length after it
 *    took the job), KILLS times (default 50, as issue 10 asks): every step committed exactly once with its
 *    seats' attendance and next clock, and every step ran with the orders submitted for it (no submission lost).
 *    Kills are made cheap: workers are started ahead and wait to be told to take jobs, and four dead workers'
 *    jobs in five are failed at once (retried) rather than left to expire.
 * Each test keeps its jobs in its own pg-boss schema.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEADLINES } from "../../src/host/deadlines.js";
import { createGame, submitOrders } from "../../src/host/games.js";
import { rulesetById } from "../../src/host/registry.js";
import { runDue, runIfDue } from "../../src/server/deadlines.js";
import { DUE_QUEUE, enqueuer, openBoss, work } from "../../src/server/worker.js";
import { openSite } from "../../src/store/open.js";
import type { SeatHolder, SiteStore } from "../../src/store/site.js";
import type { Store } from "../../src/store/store.js";

const url = process.env.DATABASE_URL;
const HOW = "bash scripts/with-postgres.sh npx vitest run test/server/workers.test.ts";
const KILLS = Number(process.env.KILLS ?? 50);
const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
const ge = rulesetById("galactic-empires");

async function hostGame(
  games: Store,
  site: SiteStore,
  id: string,
  creator: string,
  holder: SeatHolder,
  deadlines = { ...DEFAULT_DEADLINES, earlyAdvance: true },
): Promise<string[]> {
  const record = await createGame(games, { id, ruleset: ge, scenario: "tutorial", inputs: {}, seed: 3 });
  const seats = ge.describe(record.state).seats.map((s) => s.id);
  const now = new Date().toISOString();
  await site.hostGame({
    gameId: id,
    title: id,
    creatorId: creator,
    gameMasters: [],
    spectators: "none",
    createdAt: now,
    startedAt: null,
    seats: seats.map((seat) => ({ seat, holder })),
    deadlines,
  });
  await site.startGame(id, now, { step: 1, opened: now, deadline: null, pausedAt: null });
  return seats;
}

async function until(what: string, test: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

if (!url) {
  console.warn(`test/server/workers.test.ts: pg-boss workers are skipped: no DATABASE_URL; ${HOW}`);
  describe("workers on PostgreSQL", () => {
    it.skip(`skipped: no DATABASE_URL; ${HOW}`, () => {});
  });
} else {
  describe("workers on PostgreSQL", () => {
    it("two workers and 200 due steps, each enqueued twice: each step committed exactly once", { timeout: 110_000 }, async () => {
      const a = await openSite(url);
      const b = await openSite(url);
      const schema = `pgboss_a${tag}`;
      const bossA = await openBoss(url, { schema });
      const bossB = await openBoss(url, { schema });
      try {
        const creator = `acc-${tag}`;
        await a.site.createAccount({
          id: creator,
          name: `w${tag}`.slice(0, 32),
          passwordHash: "x",
          admin: false,
          createdAt: new Date().toISOString(),
        });
        const ids = Array.from({ length: 100 }, (_, i) => `w${tag}-${i}`);
        for (const id of ids) await hostGame(a.games, a.site, id, creator, { kind: "bot", level: "passive" });
        const ran: string[] = [];
        for (const [boss, deps] of [
          [bossA, a],
          [bossB, b],
        ] as const)
          await work(boss, deps, {
            now: () => Date.now(),
            holder: "test worker",
            pollingIntervalSeconds: 0.5,
            onRan: (j) => ran.push(`${j.gameId}:${j.step}`),
          });
        for (const round of [1, 2]) {
          // Two `serve`s find the same due steps at once: each (game, step) is queued once.
          await Promise.all([runDue(a, Date.now(), { enqueue: enqueuer(bossA) }), runDue(b, Date.now(), { enqueue: enqueuer(bossB) })]);
          await until(
            `round ${round}`,
            async () => {
              for (const id of ids) if ((await a.games.load(id))!.step !== round + 1) return false;
              return true;
            },
            90_000,
          );
        }
        expect(ran.length).toBe(200);
        expect(new Set(ran).size).toBe(200);
        for (const id of ids) expect(await a.games.steps(id)).toEqual([1, 2]);
      } finally {
        await bossA.stop({ graceful: false, wait: true });
        await bossB.stop({ graceful: false, wait: true });
        await a.games.close();
        await b.games.close();
      }
    });

    it("a player's submission: the steps then awaiting only bots follow as jobs, without the ticker (at most 20)", {
      timeout: 110_000,
    }, async () => {
      const a = await openSite(url);
      const schema = `pgboss_f${tag}`;
      const boss = await openBoss(url, { schema });
      const bs = rulesetById("battleshift");
      try {
        const player = `acc-f${tag}`;
        await a.site.createAccount({
          id: player,
          name: `f${tag}`.slice(0, 32),
          passwordHash: "x",
          admin: false,
          createdAt: new Date().toISOString(),
        });
        const id = `f${tag}`;
        const record = await createGame(a.games, { id, ruleset: bs, scenario: "skirmish", inputs: {}, seed: 4 });
        const now = new Date().toISOString();
        await a.site.hostGame({
          gameId: id,
          title: id,
          creatorId: player,
          gameMasters: [],
          spectators: "none",
          createdAt: now,
          startedAt: null,
          seats: [
            { seat: "blue", holder: { kind: "account", accountId: player } },
            { seat: "red", holder: { kind: "bot", level: "normal" } },
          ],
          deadlines: { ...DEFAULT_DEADLINES, earlyAdvance: true },
        });
        await a.site.startGame(id, now, { step: record.step, opened: now, deadline: null, pausedAt: null });
        const ran: string[] = [];
        await work(boss, a, {
          now: () => Date.now(),
          holder: "test worker",
          pollingIntervalSeconds: 0.5,
          onRan: (j) => ran.push(`${j.step}`),
        });
        const send = enqueuer(boss);
        // Blue submits (nothing: its default orders) whenever awaited, as the orders route does: the step is queued
        // with 20 to follow. The ticker never runs: whatever ran after blue's steps followed them as jobs.
        const awaitsBlue = async () => {
          const r = (await a.games.load(id))!;
          return r.outcome !== null || bs.awaiting(r.state).includes("blue");
        };
        for (let round = 0; round < 4; round++) {
          const r = (await a.games.load(id))!;
          if (r.outcome) break;
          await submitOrders(a.games, id, "blue", { side: "blue", step: r.step, orders: [] }, "test", new Date().toISOString());
          const before = r.step;
          await runIfDue(a, id, Date.now(), { enqueue: (g, st) => send(g, st, 20) });
          await until(
            `round ${round}: blue's step ran and the game awaits blue again`,
            async () => {
              const now2 = (await a.games.load(id))!;
              return now2.step > before && (await awaitsBlue());
            },
            60_000,
          );
        }
        // Red's activations ran as follow-on jobs: more steps ran than blue submitted for.
        expect(ran.length).toBeGreaterThan(4);
      } finally {
        await boss.stop({ graceful: false, wait: true });
        await a.games.close();
      }
    });

    describe("a worker killed mid-step", () => {
      const bundle = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "starhost-workers", `due-worker-${process.pid}.mjs`);
      beforeAll(async () => {
        await build({
          entryPoints: [join(import.meta.dirname, "due-worker.ts")],
          bundle: true,
          platform: "node",
          format: "esm",
          target: "node20",
          outfile: bundle,
          external: ["@electric-sql/pglite", "pg", "pg-boss"],
          banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
          logLevel: "error",
        });
      }, 60_000);
      afterAll(() => rmSync(bundle, { force: true }));

      interface Worker {
        child: ChildProcess;
        out: () => string;
        /** Take jobs; resolves when it takes `job` ("GAME STEP"), not a late copy of a job done already. */
        go: (job: string) => Promise<void>;
        /** From taking `job` to its commit (null if it did not commit). */
        stepMs: () => number | null;
      }

      /** A worker process; a standby one opens its stores and pg-boss, then waits for `go` to take jobs. */
      function startWorker(schema: string, standby = false): Worker {
        const child = spawn(process.execPath, [bundle, url!, schema, "2", ...(standby ? ["standby"] : [])], {
          stdio: ["pipe", "pipe", "pipe"],
        });
        let out = "";
        let job: string | null = null;
        let took: () => void = () => {};
        let tookAt: number | null = null;
        let ranAt: number | null = null;
        const look = () => {
          if (job === null) return;
          if (tookAt === null && out.includes(`took ${job}\n`)) {
            tookAt = Date.now();
            took();
          }
          if (ranAt === null && out.includes(`ran ${job}\n`)) ranAt = Date.now();
        };
        child.stdin!.on("error", () => {});
        child.stdout!.on("data", (d) => {
          out += String(d);
          look();
        });
        child.stderr!.on("data", (d) => {
          out += String(d);
        });
        return {
          child,
          out: () => out,
          go: (j) => {
            job = j;
            const p = new Promise<void>((r) => (took = r));
            look();
            child.stdin!.write("go\n");
            return p;
          },
          stepMs: () => (tookAt !== null && ranAt !== null ? ranAt - tookAt : null),
        };
      }

      it(`SIGKILLed ${KILLS} times: every step committed exactly once, with its attendance, no submission lost`, {
        // About a minute on two quiet cores; several minutes when other work crowds them.
        timeout: 300_000,
      }, async () => {
        const { games, site } = await openSite(url);
        const schema = `pgboss_k${tag}`;
        const boss = await openBoss(url, { schema, expireInSeconds: 2, maintenanceIntervalSeconds: 1, retryDelay: 0 });
        const standby: Worker[] = [];
        try {
          const creator = `acc-k${tag}`;
          await site.createAccount({
            id: creator,
            name: `k${tag}`.slice(0, 32),
            passwordHash: "x",
            admin: false,
            createdAt: new Date().toISOString(),
          });
          const id = `k${tag}`;
          const seats = await hostGame(games, site, id, creator, { kind: "account", accountId: creator });
          // Holidays every seat will not take (it submits each step): each settled step drops its own from the list,
          // so the first left is the awaited step exactly when every committed step's attendance was written.
          for (const seat of seats)
            await site.setHoliday(
              id,
              seat,
              Array.from({ length: 2 * KILLS + 10 }, (_, i) => i + 1),
            );
          const submitAll = async (step: number) => {
            for (const seat of seats)
              await submitOrders(games, id, seat, { empire: seat, turn: step, orders: [] }, `test ${step}`, new Date().toISOString());
          };
          const settledAt = async (step: number) => {
            const sched = (await site.schedule(id))!;
            expect(sched.clock?.step).toBe(step);
            for (const seat of sched.seats) expect([seat.seat, seat.holiday[0]]).toEqual([seat.seat, step]);
          };
          let kills = 0;
          let midStep = 0;
          let expired = 0;
          let span = 300;
          let step = 1;
          await submitAll(1);
          // Three ahead: a process takes a second or more to start (load its code, open its stores and pg-boss).
          for (let i = 0; i < 3; i++) standby.push(startWorker(schema, true));
          while (kills < KILLS) {
            const record = (await games.load(id))!;
            if (record.step !== step) {
              // The killed worker's step committed after all: orders for the next one.
              step = record.step;
              await submitAll(step);
            }
            await runDue({ games, site }, Date.now(), { enqueue: enqueuer(boss) });
            // A worker started ahead takes the job; the next one starts meanwhile.
            const w = standby.shift()!;
            const took = w.go(`${id} ${step}`);
            standby.push(startWorker(schema, true));
            await Promise.race([took, new Promise((r) => setTimeout(r, 20_000))]);
            // Somewhere in the step: up to 1.5 times as long as the last whole step took (the machine's load decides).
            await new Promise((r) => setTimeout(r, Math.floor(Math.random() * span * 1.5)));
            w.child.kill("SIGKILL");
            await new Promise((r) => w.child.once("exit", r));
            if (process.env.SHOW_WORKER) console.log(w.out());
            span = w.stepMs() ?? span * 1.5;
            kills++;
            const after = (await games.load(id))!;
            expect([step, step + 1]).toContain(after.step);
            await settledAt(after.step);
            if (after.step === step) midStep++;
            // The dead worker's job is retried once it expires (pg-boss's maintenance): one kill in five waits for
            // that; the others fail the job at once, as a supervisor seeing the process gone would, to keep the test short.
            if (kills % 5 === 0) expired++;
            else {
              const active = await boss
                .getDb()
                .executeSql(`SELECT id FROM ${schema}.job WHERE name = $1 AND state = 'active'`, [DUE_QUEUE]);
              const ids = (active.rows as { id: string }[]).map((j) => j.id);
              if (ids.length > 0) await boss.fail(DUE_QUEUE, ids);
            }
          }
          // One worker left alive finishes what the killed ones left (jobs retried once they expire).
          const last = standby.shift()!;
          void last.go(`${id} ${step}`);
          try {
            await until(
              "the last step",
              async () => {
                const r = (await games.load(id))!;
                if (r.step !== step) return true;
                await runDue({ games, site }, Date.now(), { enqueue: enqueuer(boss) });
                return false;
              },
              60_000,
            );
          } finally {
            last.child.kill("SIGKILL");
          }
          const final = (await games.load(id))!;
          const steps = await games.steps(id);
          expect(steps).toEqual(Array.from({ length: final.step - 1 }, (_, i) => i + 1));
          // Every step ran with the orders submitted for it: nothing lost, no default.
          for (const n of steps) {
            const e = await games.history(id, n);
            for (const seat of seats) expect(e!.sources[seat]).toBe(`revision 1: test ${n}`);
          }
          await settledAt(final.step);
          console.log(
            `workers.test: ${kills} kills (${midStep} before the step committed, ${expired} retried on expiry), ${steps.length} steps committed`,
          );
        } finally {
          for (const w of standby) w.child.kill("SIGKILL");
          await boss.stop({ graceful: false, wait: true });
          await games.close();
        }
      });
    });
  });
}
