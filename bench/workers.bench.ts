/**
 * Issue 10, "Budgets": due steps processed per minute by one and by two `starhost worker` processes
 * (as built, bin/starhost.js) sharing one PostgreSQL database, on Galactic Empires `frontier` games
 * (six empires, 80 sectors) whose every seat is a normal bot, so each game's next step is due as soon
 * as the last one ran (early advance: nobody is waited for). The workers find due steps themselves
 * (`--tick 1`), queue them on pg-boss and take them (`--poll 1`), as they would in production.
 *
 * Each configuration gets GAMES fresh games (default 40; a frontier game lasts 30 turns, more than
 * either run uses), a warm-up until steps are committing, then counts the steps committed in SECONDS
 * (default 60) across all the bench's games. The figure includes everything a due step costs: finding
 * it, the job, the lock, loading the game, the bots' orders, the turn, the commit with its attendance
 * and next clock. On a 2-core machine the two workers share the cores with PostgreSQL, so the second
 * worker cannot double the rate there.
 *
 * Needs DATABASE_URL (skipped without it):
 *   bash scripts/with-postgres.sh npx tsx bench/run.ts workers      (SECONDS=20 GAMES=20 for a quicker look)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { DEFAULT_DEADLINES } from "../src/host/deadlines.js";
import { createGame } from "../src/host/games.js";
import { rulesetById } from "../src/host/registry.js";
import { openSite } from "../src/store/open.js";
import type { SiteStore } from "../src/store/site.js";
import type { Store } from "../src/store/store.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const ROOT = join(import.meta.dirname, "..");
const SECONDS = Number(process.env.SECONDS ?? 60);
const GAMES = Number(process.env.GAMES ?? 40);
const WARMUP_MS = 5_000;

interface Worker {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A `starhost worker` process, once it says it is taking due steps. */
function startWorker(url: string): Promise<Worker> {
  const child = spawn(process.execPath, [join(ROOT, "bin", "starhost.js"), "worker", "--tick", "1", "--poll", "1"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
  });
  let out = "";
  child.stdout?.on("data", (b) => (out += b));
  child.stderr?.on("data", (b) => (out += b));
  return new Promise((resolve, reject) => {
    // The bin rebuilds dist/ first when a source is newer: that takes a while on a busy machine.
    const timer = setTimeout(() => reject(new Error(`the worker did not start: ${out}`)), 180_000);
    child.stdout?.on("data", () => {
      if (!out.includes("taking due steps")) return;
      clearTimeout(timer);
      resolve({
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited ${code}: ${out}`));
    });
  });
}

/** `count` frontier games, every seat a normal bot, started with their first step due now. */
async function makeGames(games: Store, site: SiteStore, prefix: string, creator: string, count: number): Promise<void> {
  const ge = rulesetById("galactic-empires");
  for (let i = 0; i < count; i++) {
    const id = `${prefix}-${i}`;
    const record = await createGame(games, { id, ruleset: ge, scenario: "frontier", inputs: {}, seed: i + 1 });
    const now = new Date().toISOString();
    await site.hostGame({
      gameId: id,
      title: id,
      creatorId: creator,
      gameMasters: [],
      spectators: "none",
      createdAt: now,
      startedAt: null,
      seats: ge.describe(record.state).seats.map((s) => ({ seat: s.id, holder: { kind: "bot", level: "normal" } })),
      deadlines: { ...DEFAULT_DEADLINES, schedule: { kind: "every", hours: 1 } },
    });
    await site.startGame(id, now, { step: 1, opened: now, deadline: new Date(Date.now() + 3600_000).toISOString(), pausedAt: null });
  }
}

/** Steps committed so far in the bench's games (those whose id starts with `tag`). */
async function committed(games: Store, tag: string): Promise<number> {
  let n = 0;
  for (const g of await games.list()) if (g.id.startsWith(tag)) n += g.step - 1;
  return n;
}

async function measure(url: string, games: Store, tag: string, workers: number): Promise<{ perMinute: number; steps: number }> {
  const started: Worker[] = [];
  try {
    for (let i = 0; i < workers; i++) started.push(await startWorker(url));
    // Warm up: the workers' first ticks queue the due steps and their first steps load the games.
    const first = await committed(games, tag);
    const until = Date.now() + 120_000;
    while ((await committed(games, tag)) === first && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    const from = await committed(games, tag);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const steps = (await committed(games, tag)) - from;
    const minutes = (performance.now() - t0) / 60_000;
    return { perMinute: steps / minutes, steps };
  } finally {
    await Promise.all(started.map((w) => w.stop()));
  }
}

export async function run(): Promise<Figure[]> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log(
      "  due steps per minute with workers: skipped (no DATABASE_URL; bash scripts/with-postgres.sh npx tsx bench/run.ts workers)",
    );
    return [];
  }
  const figures: Figure[] = [];
  const { games, site } = await openSite(url);
  try {
    const tag = `wb${Date.now().toString(36)}`;
    const creator = `acc-${tag}`;
    await site.createAccount({ id: creator, name: tag, passwordHash: "x", admin: false, createdAt: new Date().toISOString() });
    for (const workers of [1, 2]) {
      // Fresh games for each run; the earlier run's games are paused so they take no worker's time.
      const prefix = `${tag}-${workers}w`;
      await makeGames(games, site, prefix, creator, GAMES);
      const r = await measure(url, games, prefix, workers);
      await pauseAll(site, prefix);
      console.log(
        `  ${workers} worker${workers > 1 ? "s" : ""}: ${r.steps} frontier steps in ${SECONDS} s, ${r.perMinute.toFixed(0)} due steps/minute (${GAMES} games, bots in every seat)`,
      );
      figures.push({
        name: `due steps/minute, ${workers} worker${workers > 1 ? "s" : ""} (frontier games, PostgreSQL)`,
        value: r.perMinute,
        unit: "/min",
      });
    }
    if (figures.length === 2)
      figures.push({ name: "  two workers as a share of one", value: figures[1]!.value / figures[0]!.value, unit: "x" });
  } finally {
    await games.close();
  }
  return figures;
}

/** Stop the clocks of the games made for a run: a paused step is never due. */
async function pauseAll(site: SiteStore, prefix: string): Promise<void> {
  const now = new Date().toISOString();
  for (const s of await site.scheduled()) {
    if (!s.gameId.startsWith(prefix) || !s.clock) continue;
    await site.setClock(s.gameId, s.clock.step, { ...s.clock, pausedAt: now });
  }
}
