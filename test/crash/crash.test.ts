/**
 * Crash safety (issue 8): a step run killed with SIGKILL at random moments, on the
 * folder store and on PGlite. After every kill the game is at the step it was at
 * or the next, never between; no submitted orders are lost (every revision is
 * still there, and a step that committed used the last one of each seat); and the
 * whole game, once played through, is byte-identical to the same game played
 * without a single kill.
 *
 * The worker is bundled once with esbuild (tsx's own) so each start takes a
 * fraction of a second. KILLS sets the number of kills per store (default 100 for
 * the folder store, 25 for PGlite, whose start is slower).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import { createGame, loadGame } from "../../src/host/games.js";
import { runStep } from "../../src/host/lifecycle.js";
import { botOrders, playInMemory } from "../../src/host/play.js";
import { rulesetById } from "../../src/host/registry.js";
import { FoldersStore } from "../../src/store/folders.js";
import { openStore } from "../../src/store/open.js";
import type { GameRecord, Store } from "../../src/store/store.js";

const base = mkdtempSync(join(tmpdir(), "starhost-crash-"));
// Beside node_modules, so the bundle's own imports of the database drivers resolve.
const worker = join(import.meta.dirname, "..", "..", "node_modules", ".cache", "starhost-crash", `step-worker-${process.pid}.mjs`);
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(worker, { force: true });
});

beforeAll(async () => {
  await build({
    entryPoints: [join(import.meta.dirname, "step-worker.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: worker,
    external: ["@electric-sql/pglite", "pg"],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: "error",
  });
}, 120_000);

/** Run the worker; kill it after `ms` (or let it finish when ms is null). Resolves when it is gone. */
function runWorker(spec: string, id: string, ms: number | null): Promise<{ killed: boolean; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [worker, spec, id], {
      stdio: ["ignore", "ignore", "pipe"],
      cwd: join(import.meta.dirname, "..", ".."),
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    let killed = false;
    const timer =
      ms === null
        ? null
        : setTimeout(() => {
            killed = child.kill("SIGKILL");
          }, ms);
    child.on("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ killed: killed && signal === "SIGKILL", code, stderr });
    });
  });
}

const ruleset = rulesetById("galactic-empires");

async function crashRun(spec: string, open: () => Promise<Store>, kills: number) {
  const rng = Rng.fromSeed(20261124);
  let store = await open();
  let killed = 0;
  /** How long a whole run takes (measured on the first, which is not killed): kills fall anywhere in it, the commit included. */
  let span: number | null = null;
  let committedUnderKill = 0;
  let submitted = 0;
  for (let g = 0; killed < kills; g++) {
    const id = `crash-${g}`;
    const start = await createGame(store, { id, ruleset, scenario: "tutorial", inputs: {}, seed: 11 + g });
    // The same game without a single kill, in memory: every seat plays the normal bot.
    const seats: string[] = ruleset.seats(start.state);
    const bots = Object.fromEntries(seats.map((s) => [s, "normal"]));
    const reference: GameRecord[] = [start];
    playInMemory(ruleset, start, bots, 30, (r) => reference.push(r.next));
    for (;;) {
      let record = (await loadGame(store, id)).record;
      if (record.outcome) break;
      // Orders for the awaited step, submitted (again) before each attempt: revisions pile up, the last counts.
      for (const seat of ruleset.awaiting(record.state) as string[]) {
        const orders = botOrders(ruleset, record, seat, "normal");
        await store.submit(id, { seat, step: record.step, orders, problems: [], source: `attempt ${submitted}`, at: "t" });
        submitted++;
      }
      const before = record.step;
      await store.close();
      const delay = killed < kills && span !== null ? Math.floor(rng.float() * span * 1.1) : null;
      const began = performance.now();
      const w = await runWorker(spec, id, delay);
      span ??= performance.now() - began;
      if (!w.killed && w.code !== 0) throw new Error(`the worker failed: ${w.stderr}`);
      if (w.killed) killed++;
      store = await open();
      record = (await loadGame(store, id)).record;
      expect([before, before + 1], `after a kill at ${delay} ms the game is at step ${before} or ${before + 1}`).toContain(record.step);
      const steps = await store.steps(id);
      expect(steps).toEqual(Array.from({ length: record.step - start.step }, (_, i) => start.step + i));
      const subs = await store.submissions(id, before);
      expect(subs.length, "no submission is ever lost").toBeGreaterThanOrEqual(seats.length);
      if (record.step === before + 1) {
        if (w.killed) committedUnderKill++;
        const entry = (await store.history(id, before))!;
        // The step used each seat's last revision, and re-running it gives the same events byte for byte.
        const last = new Map<string, number>();
        for (const s of subs) last.set(s.seat, Math.max(last.get(s.seat) ?? 0, s.revision));
        for (const [seat, rev] of last) expect(entry.sources[seat]).toMatch(new RegExp(`^revision ${rev}:`));
        expect(canonicalJson(record.state)).toBe(canonicalJson(reference[before - start.step + 1]?.state));
        const again = runStep(ruleset, { ...record, step: before, label: entry.label, state: entry.state, outcome: null }, subs);
        expect(canonicalJson(again.entry.events)).toBe(canonicalJson(entry.events));
      }
    }
    const final = (await loadGame(store, id)).record;
    expect(canonicalJson(final)).toBe(canonicalJson(reference.at(-1)));
  }
  await store.close();
  return { killed, committedUnderKill, submitted };
}

describe("crash safety: kill -9 of a step run at random moments", () => {
  it("folder store: the game is always at the previous step or the next, no orders lost, the same game in the end", async () => {
    const dir = join(base, "folder-game");
    const kills = Number(process.env.KILLS ?? 100);
    const r = await crashRun(`folders:${dir}`, async () => new FoldersStore(dir), kills);
    expect(r.killed).toBe(kills);
    console.log(`folder store: ${r.killed} kills, ${r.committedUnderKill} of them after the commit, ${r.submitted} submissions`);
  }, 600_000);

  it("PGlite: the game is always at the previous step or the next, no orders lost, the same game in the end", async () => {
    const dir = join(base, "pglite");
    const kills = Number(process.env.KILLS ?? 25);
    const r = await crashRun(`pglite:${dir}`, () => openStore(`pglite:${dir}`), kills);
    expect(r.killed).toBe(kills);
    console.log(`PGlite: ${r.killed} kills, ${r.committedUnderKill} of them after the commit, ${r.submitted} submissions`);
  }, 900_000);
});
