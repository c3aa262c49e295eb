/**
 * Issue 8, the host's budgets: the default galaxy (alpha-beta-quadrants, 792
 * sectors, 26 seats, every seat the normal bot) played TURNS turns through the
 * host on PGlite, then on the folder store.
 *
 *  - Host overhead per step: load the game, read the step's submissions, commit
 *    the step, derive one seat's report (from the step just run, as the host does
 *    to send results); against the rules' own time for the step (runStep:
 *    resolve), measured in the same run. Budget: at most 1x. A second ratio counts
 *    the ruleset's bots in the rules' time (an all-bot game), and the time to
 *    derive a report later from the store alone is reported too. The bots' thinking and their 26 submissions are the players' part
 *    (they arrive one by one before a deadline): their cost per submission is
 *    reported apart.
 *  - Storage: MB per turn for PGlite and for the folder store. Budget: a 100-turn
 *    game at most 100 MB in PGlite.
 *
 *   npx tsx bench/run.ts host          (TURNS=20 for a quicker look)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGame, loadGame, seatReport } from "../src/host/games.js";
import { runStep } from "../src/host/lifecycle.js";
import { botSubmissions } from "../src/host/play.js";
import { rulesetById } from "../src/host/registry.js";
import { FolderStore } from "../src/store/folder.js";
import { openStore } from "../src/store/open.js";
import type { Store } from "../src/store/store.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const TURNS = Number(process.env.TURNS ?? 100);
const ruleset = rulesetById("galactic-empires");

function mb(dir: string): number {
  return Number(execFileSync("du", ["-sk", dir], { encoding: "utf8" }).split("\t")[0]) / 1024;
}

/** CPU time of this process in ms: on a shared, loaded machine far steadier than the wall clock (the work is on one thread). */
function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function play(
  store: Store,
  label: string,
): Promise<{
  rules: number;
  host: number;
  rulesCpu: number;
  hostCpu: number;
  loadCpu: number;
  steps: number;
  outcome: boolean;
  bots: number;
}> {
  const id = "bench";
  const start = await createGame(store, { id, ruleset, scenario: "alpha-beta-quadrants", inputs: {}, seed: 1 });
  const seats: string[] = ruleset.seats(start.state);
  const bots = Object.fromEntries(seats.map((s) => [s, "normal"]));
  let rules = 0;
  let host = 0;
  let rulesCpu = 0;
  let hostCpu = 0;
  let loadCpu = 0;
  let botsMs = 0;
  let laterReport = 0;
  let submitting = 0;
  let submissions = 0;
  let steps = 0;
  let over = false;
  for (let t = 0; t < TURNS; t++) {
    const c0 = cpu();
    const t0 = performance.now();
    const { record } = await loadGame(store, id);
    const t1 = performance.now();
    const c1 = cpu();
    const subs = botSubmissions(ruleset, record, bots);
    const ts = performance.now();
    botsMs += ts - t1;
    for (const s of subs) await store.submit(id, s);
    submitting += performance.now() - ts;
    submissions += subs.length;
    const c2 = cpu();
    const t2 = performance.now();
    const kept = await store.submissions(id, record.step);
    const t3 = performance.now();
    const c3 = cpu();
    const { next, entry } = runStep(ruleset, record, kept);
    const c4 = cpu();
    const t4 = performance.now();
    await store.commit(id, entry, next);
    const seat = seats[t % seats.length] as string;
    ruleset.report(next.state, seat, entry.events);
    const t5 = performance.now();
    const c5 = cpu();
    rulesCpu += c4 - c3;
    loadCpu += c1 - c0;
    hostCpu += c1 - c0 + (c3 - c2) + (c5 - c4);
    await seatReport(store, id, seat);
    laterReport += performance.now() - t5;
    rules += t4 - t3;
    host += t1 - t0 + (t3 - t2) + (t5 - t4);
    steps++;
    if (t % 10 === 9 || next.outcome)
      console.log(`  ${label}: ${entry.label} (rules ${Math.round(t4 - t3)} ms, host ${Math.round(t1 - t0 + t3 - t2 + t5 - t4)} ms)`);
    if (next.outcome) {
      over = true;
      break;
    }
  }
  console.log(`  ${label}: ${(submitting / submissions).toFixed(1)} ms per submission kept`);
  console.log(`  ${label}: a report derived later from the store alone: ${(laterReport / steps).toFixed(0)} ms`);
  return { rules, host, rulesCpu, hostCpu, loadCpu, steps, outcome: over, bots: botsMs };
}

export async function run(): Promise<Figure[]> {
  const base = mkdtempSync(join(tmpdir(), "starhost-host-bench-"));
  try {
    const pgDir = join(base, "pglite");
    const pg = await openStore(`pglite:${pgDir}`);
    const empty = mb(pgDir);
    const p = await play(pg, "PGlite");
    await pg.close();
    const pgMb = mb(pgDir) - empty;
    // The store caches recent games (src/store/sql/store.ts), so the loop's loads find the game decoded. A game
    // whose step comes due hours later may have left the cache: its load is timed on a store that caches nothing.
    const uncached = await openStore(`pglite:${pgDir}`, { cachedGames: 0 });
    await loadGame(uncached, "bench");
    const k0 = cpu();
    for (let i = 0; i < 5; i++) await loadGame(uncached, "bench");
    const coldLoad = (cpu() - k0) / 5;
    await uncached.close();
    const coldRatio = (p.hostCpu - p.loadCpu + coldLoad * p.steps) / p.rulesCpu;
    console.log(`PGlite: a load from the cache ${(p.loadCpu / p.steps).toFixed(1)} ms of CPU, from the database ${coldLoad.toFixed(1)} ms`);
    const folderDir = join(base, "folder");
    const f = await play(new FolderStore(folderDir), "folder");
    const folderMb = mb(folderDir);
    console.log(
      `PGlite: ${p.steps} turns, rules ${(p.rules / p.steps).toFixed(0)} ms/turn, host ${(p.host / p.steps).toFixed(0)} ms/turn, ${pgMb.toFixed(1)} MB (${(pgMb / p.steps).toFixed(2)} MB/turn; the empty database ${empty.toFixed(1)} MB)`,
    );
    console.log(
      `folder: ${f.steps} turns, rules ${(f.rules / f.steps).toFixed(0)} ms/turn, host ${(f.host / f.steps).toFixed(0)} ms/turn, ${folderMb.toFixed(1)} MB (${(folderMb / f.steps).toFixed(2)} MB/turn)`,
    );
    return [
      { name: "host overhead per step on PGlite, as a ratio to the rules' time", value: p.host / p.rules, unit: "x", budget: 1 },
      { name: "the same in CPU time (steadier on a loaded machine)", value: p.hostCpu / p.rulesCpu, unit: "x" },
      { name: "the same, every load from the database (no cached game), CPU", value: coldRatio, unit: "x" },
      { name: "host overhead on PGlite, as a ratio to the rules' time with their bots", value: p.host / (p.rules + p.bots), unit: "x" },
      { name: "host overhead per step on the folder store, as a ratio", value: f.host / f.rules, unit: "x" },
      {
        name: `PGlite: MB for ${p.steps} turns of the default galaxy (scaled to 100)`,
        value: (pgMb / p.steps) * 100,
        unit: "MB",
        budget: 100,
      },
      { name: "PGlite: MB per turn", value: pgMb / p.steps, unit: "MB" },
      { name: "folder store: MB per turn", value: folderMb / f.steps, unit: "MB" },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
