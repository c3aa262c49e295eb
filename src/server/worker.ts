/**
 * Due steps as jobs on PostgreSQL (issue 10, "Many machines"): pg-boss 10 keeps a queue of
 * (game, step) jobs in the same database. `serve` processes and `starhost worker`s look for due
 * steps (runDue) and enqueue one job per due (game, step), keyed `GAME:STEP` on a "stately"
 * queue, so a step is queued once however many processes look; workers take jobs one at a time
 * and run them through runHostedStep. A job for a step that has run already (another worker,
 * an earlier try) does nothing: the step must still be awaited, and the store's commit is a
 * compare-and-swap on the step. A worker killed mid-step commits nothing (the step commits in
 * one transaction); its job stays active until it expires (`expireInSeconds`), then pg-boss
 * retries it, and the game lock of a holder whose process is gone is taken at once.
 */
import PgBoss from "pg-boss";
import { type DueDeps, type Enqueue, NotRun, runHostedStep, runIfDue } from "./deadlines.js";

export const DUE_QUEUE = "starhost-due-steps";

export interface DueJob {
  gameId: string;
  step: number;
  /**
   * How many steps awaiting only bots may run on after this one (a player's submission made it due: early advance),
   * each as a job of its own; absent or 0: none (a step the ticker found due runs alone, as on one `serve`).
   */
  followOn?: number;
}

export interface BossOptions {
  /** The PostgreSQL schema pg-boss keeps its tables in (default "pgboss"). */
  schema?: string;
  /** How long a job may run before it is taken for dead and retried (default 600 s). */
  expireInSeconds?: number;
  /** How often pg-boss looks for expired jobs (default 60 s). */
  maintenanceIntervalSeconds?: number;
  /** Seconds before a failed job is retried (default 5). */
  retryDelay?: number;
  onError?: (e: unknown) => void;
}

/** A started pg-boss on `url` with the due-steps queue made. */
export async function openBoss(url: string, o: BossOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: o.schema ?? "pgboss",
    max: 4,
    maintenanceIntervalSeconds: o.maintenanceIntervalSeconds ?? 60,
    schedule: false,
  });
  boss.on("error", (e) => o.onError?.(e));
  await boss.start();
  if (!(await boss.getQueue(DUE_QUEUE))) {
    try {
      await boss.createQueue(DUE_QUEUE, {
        name: DUE_QUEUE,
        policy: "stately",
        retryLimit: 1000,
        retryDelay: o.retryDelay ?? 5,
        expireInSeconds: o.expireInSeconds ?? 600,
      });
    } catch (e) {
      // Another process made it at the same moment.
      if (!(await boss.getQueue(DUE_QUEUE))) throw e;
    }
  }
  return boss;
}

/** Enqueue a due step, once: a second send for the same (game, step) while one waits or runs is dropped. */
export function enqueuer(boss: PgBoss): Enqueue {
  return async (gameId, step, followOn) => {
    const job: DueJob = followOn ? { gameId, step, followOn } : { gameId, step };
    await boss.send(DUE_QUEUE, job, { singletonKey: `${gameId}:${step}` });
  };
}

/** Take due-step jobs and run them. The worker's id (for `boss.offWork`). */
export async function work(
  boss: PgBoss,
  deps: DueDeps,
  o: {
    now: () => number;
    holder: string;
    pollingIntervalSeconds?: number;
    onTake?: (job: DueJob) => void;
    onRan?: (job: DueJob, label: string) => void;
  },
): Promise<string> {
  let id = "";
  id = await boss.work<DueJob>(DUE_QUEUE, { batchSize: 1, pollingIntervalSeconds: o.pollingIntervalSeconds ?? 2 }, async (jobs) => {
    for (const job of jobs) {
      const { gameId, step } = job.data;
      o.onTake?.(job.data);
      try {
        const run = await runHostedStep(deps, gameId, { now: o.now(), holder: o.holder, force: false, expectStep: step });
        o.onRan?.(job.data, run.entry.label);
        // A step after a player's submission: the steps then awaiting only bots (a Battleshift side's activation
        // after the player's) are due at once (early advance) and follow as jobs, as `serve` runs them itself on
        // PGlite (server/games.ts FOLLOW_ON), at most `followOn` of them; the ticker finds any left.
        const more = job.data.followOn ?? 0;
        if (more > 0) {
          const send = enqueuer(boss);
          await runIfDue(deps, gameId, o.now(), { holder: o.holder, enqueue: (g, st) => send(g, st, more - 1) });
        }
      } catch (e) {
        // Done already, no longer due (paused, moved), or not started: nothing to do. Locked: retried later.
        if (e instanceof NotRun && e.why !== "locked") continue;
        throw e;
      }
    }
    // pg-boss waits the polling interval after every fetch, a job or none, which held a worker to one step a
    // poll (bench/workers.bench.ts): after a job, it looks for the next at once; an empty queue still waits.
    boss.notifyWorker(id);
  });
  return id;
}
