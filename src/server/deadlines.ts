/**
 * Deadlines on hosted games (issue 10, "Schedules and absent players"): the pure rules of
 * src/host/deadlines.ts and src/host/schedule.ts over the site store's clocks and attendance
 * (migration 4), and the one way a hosted step runs, whether a game master asks (/run), a
 * deadline passes (`runDue`), the last awaited seat submits (early advance) or a worker takes
 * a job (pg-boss, src/server/worker.ts).
 *
 * A step runs through `playStep` under the game's lock: seats whose player submitted play
 * their orders, bot seats their bot, absent seats as `whoPlays` says (the settings' bot level,
 * or the ruleset's default orders). The store's commit is a compare-and-swap on the step, so
 * a step runs once however many runners try; a runner that finds the game moved on does
 * nothing. Each seat's attendance and the next step's clock (`settleWrite`, once: a
 * compare-and-swap on the clock's step) are written in the step's own transaction, so a runner
 * that dies mid-step leaves neither, and one that fails writing them commits no step. A clock
 * behind its game (a game hosted before deadlines) is set after the commit; `runDue` opens
 * the awaited step's clock afresh too if it ever finds one behind.
 *
 * Reminders (issue 10): while a step waits, each seat a player holds that has not submitted is
 * reminded at the game's `remindHoursBefore` (hours before the deadline; [] for none), unless its
 * bot plays it (a holiday, or missed deadlines: the player is away, and the step does not wait
 * for them); after a submission the one seat left without orders is told it is the last to
 * submit. Each notice is claimed in the site store first (seats.reminded_at, seats.last_call_step:
 * conditional UPDATEs), so it goes out once however many `serve`s and workers look; a notice whose
 * delivery fails is not sent again (at most once: a late duplicate is worse than a missed nudge).
 * Delivery is the caller's (`DueDeps.remind`: live to that seat alone, by mail to a seat played by
 * mail).
 *
 * Nothing here reads a clock: the time comes from the caller.
 */

import type { AnyRuleset, SeatId } from "../core/ruleset.js";
import {
  type Attendance,
  afterStep,
  DEFAULT_DEADLINES,
  type DeadlineSettings,
  type Due,
  deadlineSettingsSchema,
  isDue,
  lastToSubmit,
  openStep,
  remindersDue,
  type StepClock,
  whoPlays,
} from "../host/deadlines.js";
import { loadGame, playStep, type StepRun } from "../host/games.js";
import type { CheckMemo } from "../host/lifecycle.js";
import type { GameClock, GameSchedule, SiteStore } from "../store/site.js";
import { type GameRecord, type Store, StoreError } from "../store/store.js";

/**
 * How a due step is queued for a worker (PostgreSQL: a pg-boss job, server/worker.ts): the game, the step, and how
 * many steps awaiting only bots may follow it as jobs of their own (a player's submission made it due).
 */
export type Enqueue = (gameId: string, step: number, followOn?: number) => Promise<void>;

/** A game hosted before deadlines existed keeps playing as it did: the game master runs each step, no early advance. */
export const NO_DEADLINES: DeadlineSettings = {
  ...DEFAULT_DEADLINES,
  schedule: { kind: "manual" },
  earlyAdvance: false,
  missesBeforeBot: 0,
};

export interface DueDeps {
  games: Store;
  site: SiteStore;
  /** What follows a step run: live updates, results by mail (the app's and a worker's: src/server/follow-up.ts). */
  afterStep?: (gameId: string, run: StepRun) => Promise<void>;
  /** Deliver a notice claimed for one seat (follow-up.ts). Without it no notice is claimed, so none is lost. */
  remind?: (n: SeatNotice) => Promise<void>;
  /** What this process worked out already (the seats a state awaits): a server asks on every submission. */
  checks?: CheckMemo;
}

/** A notice to one seat's player: a reminder before the deadline, or "you are the last to submit". */
export interface SeatNotice {
  gameId: string;
  seat: SeatId;
  step: number;
  reason: "deadline" | "last";
}

export function settingsOf(raw: unknown): DeadlineSettings {
  if (raw === null || raw === undefined) return NO_DEADLINES;
  const r = deadlineSettingsSchema.safeParse(raw);
  return r.success ? r.data : NO_DEADLINES;
}

export function stepClock(c: GameClock): StepClock {
  return {
    opened: Date.parse(c.opened),
    deadline: c.deadline === null ? null : Date.parse(c.deadline),
    pausedAt: c.pausedAt === null ? null : Date.parse(c.pausedAt),
  };
}

export function gameClock(step: number, c: StepClock): GameClock {
  const t = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return { step, opened: new Date(c.opened).toISOString(), deadline: t(c.deadline), pausedAt: t(c.pausedAt) };
}

export interface Evaluation {
  settings: DeadlineSettings;
  due: Due;
  /** Absent seats their bot plays this step (seat: level). */
  bots: Record<SeatId, string>;
  submitted: Set<SeatId>;
  /** Seats nobody waits for: bots, seats nobody holds, absent players their bot plays, holidays. */
  botPlayed: Set<SeatId>;
  awaited: readonly SeatId[];
  /** Awaited seats with no orders yet that nobody else plays. */
  waitingFor: SeatId[];
}

/** Who plays what and whether the awaited step is due at `now`, from the game's schedule and its submissions. */
export function evaluate(
  sched: GameSchedule,
  record: GameRecord,
  ruleset: AnyRuleset,
  submitted: Set<SeatId>,
  now: number,
  memo?: CheckMemo,
): Evaluation {
  const settings = settingsOf(sched.deadlines);
  const awaited: readonly SeatId[] = record.outcome ? [] : memo ? memo.awaiting(ruleset, record.state) : ruleset.awaiting(record.state);
  const bots: Record<SeatId, string> = {};
  const botPlayed = new Set<SeatId>();
  const level = Object.hasOwn(ruleset.bots, settings.botLevel) ? settings.botLevel : undefined;
  for (const s of sched.seats) {
    if (s.holder.kind === "bot") {
      botPlayed.add(s.seat);
      bots[s.seat] = s.holder.level;
    } else if (s.holder.kind !== "account") {
      // Nobody holds it: nobody to wait for; it gets the ruleset's default orders.
      botPlayed.add(s.seat);
    } else if (whoPlays(settings, attendance(s), record.step, submitted.has(s.seat)) === "bot") {
      botPlayed.add(s.seat);
      if (level !== undefined) bots[s.seat] = level;
    }
  }
  const running = sched.clock && sched.clock.step === record.step ? stepClock(sched.clock) : null;
  const due: Due =
    sched.startedAt === null || record.outcome || !running
      ? { due: false, why: "no-deadline", at: null, waitingFor: [] }
      : isDue(settings, running, { awaited, submitted, botPlayed }, now);
  const waitingFor = awaited.filter((s) => !submitted.has(s) && !botPlayed.has(s));
  return { settings, due, bots, submitted, botPlayed, awaited, waitingFor };
}

function attendance(s: { missed: number; holiday: readonly number[] }): Attendance {
  return { missed: s.missed, holiday: s.holiday };
}

/** Why a runner did not run a step: it is not due, or it ran already (another runner, an earlier job). */
export class NotRun extends Error {
  constructor(readonly why: "not-due" | "already-run" | "not-started" | "locked") {
    super(`step not run: ${why}`);
  }
}

/**
 * Run a hosted game's awaited step once, under its lock: `expectStep` (when given) must still be awaited, and
 * unless `force` (a game master's /run) it must be due at `now`. Then attendance and the next clock are kept.
 * Throws NotRun when nothing was done for those reasons.
 */
export async function runHostedStep(
  deps: DueDeps,
  gameId: string,
  opts: { now: number; holder: string; force: boolean; expectStep?: number },
): Promise<StepRun> {
  let evaluation: Evaluation | undefined;
  let sched: GameSchedule | null = null;
  let joined: Settlement | undefined;
  let run: StepRun;
  try {
    run = await playStep(deps.games, gameId, {
      holder: opts.holder,
      at: new Date(opts.now).toISOString(),
      before: async (record: GameRecord, ruleset: AnyRuleset) => {
        if (opts.expectStep !== undefined && record.step !== opts.expectStep) throw new NotRun("already-run");
        sched = await deps.site.schedule(gameId);
        if (!sched || sched.startedAt === null) throw new NotRun("not-started");
        const submitted = new Set(await deps.games.submitters(gameId, record.step));
        evaluation = evaluate(sched, record, ruleset, submitted, opts.now, deps.checks);
        if (!opts.force && !evaluation.due.due) throw new NotRun("not-due");
        return { bots: evaluation.bots };
      },
      // Attendance and the next clock commit in the step's transaction when both stores share the database.
      joined: (r) => {
        if (!sched || !evaluation) return undefined;
        const w = settlement(deps, sched, evaluation, r, opts.now);
        joined = w.database === deps.games.database ? w : undefined;
        return joined;
      },
    });
  } catch (e) {
    if (e instanceof StoreError && (e.code === "locked" || e.code === "stale-step"))
      throw new NotRun(e.code === "locked" ? "locked" : "already-run");
    throw e;
  }
  const s = sched as GameSchedule | null;
  const ev = evaluation;
  if (s && ev && !joined?.settled) await settle(deps, s, ev, run, opts.now, joined !== undefined);
  await deps.afterStep?.(gameId, run);
  return run;
}

type Settlement = ReturnType<SiteStore["settleWrite"]>;

/** The seats' attendance after the step and the next step's clock, as the site store's write joined to the commit. */
function settlement(deps: DueDeps, sched: GameSchedule, ev: Evaluation, run: StepRun, now: number): Settlement {
  return deps.site.settleWrite(sched.gameId, run.record.step, nextClock(ev, run, now), attendanceAfter(sched, ev, run));
}

function attendanceAfter(sched: GameSchedule, ev: Evaluation, run: StepRun) {
  const step = run.record.step;
  const awaited = new Set(ev.awaited);
  // Who submitted by the orders the run used, not by the evaluation before it: orders that came in while the
  // step ran made it run again with them, and their player was there.
  return sched.seats
    .filter((s) => s.holder.kind === "account" && awaited.has(s.seat))
    .map((s) => ({ seat: s.seat, ...afterStep(attendance(s), step, run.playerSubmitted.has(s.seat)) }));
}

function nextClock(ev: Evaluation, run: StepRun, now: number): GameClock | null {
  return run.next.outcome ? null : gameClock(run.next.step, openStep(ev.settings, now));
}

/**
 * After the commit, when it could not carry the settlement (`tried`: it did, and found the clock not the
 * step's): settle now, or set a clock that was behind.
 */
async function settle(deps: DueDeps, sched: GameSchedule, ev: Evaluation, run: StepRun, now: number, tried: boolean): Promise<void> {
  const step = run.record.step;
  const next = nextClock(ev, run, now);
  if (!tried && sched.clock?.step === step) {
    if (await deps.site.settleStep(sched.gameId, step, next, attendanceAfter(sched, ev, run))) return;
  }
  // The clock was behind (a game hosted before deadlines, or a runner that died after a commit): set it now.
  const current = await deps.site.schedule(sched.gameId);
  if (current && current.clock?.step !== run.next.step) await deps.site.setClock(sched.gameId, current.clock?.step ?? null, next);
}

export interface DueReport {
  ran: { gameId: string; step: number; label: string; why: string }[];
  /** Reminders claimed and handed to `remind`. */
  reminded: SeatNotice[];
  queued: { gameId: string; step: number }[];
  failed: { gameId: string; error: string }[];
}

/**
 * Every hosted game whose awaited step is due at `now`: run it here (PGlite's `serve`), or hand it to
 * `enqueue` (PostgreSQL: a pg-boss job per game and step, run by `starhost worker`).
 */
export async function runDue(deps: DueDeps, now: number, opts: { holder?: string; enqueue?: Enqueue } = {}): Promise<DueReport> {
  const report: DueReport = { ran: [], reminded: [], queued: [], failed: [] };
  for (const sched of await deps.site.scheduled()) {
    try {
      await dueOne(deps, sched, now, report, opts);
    } catch (e) {
      report.failed.push({ gameId: sched.gameId, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return report;
}

interface DueOptions {
  holder?: string;
  enqueue?: Enqueue;
  /** After a submission: when the step is not due, tell the one seat left, if one, that it is the last to submit. */
  lastCall?: boolean;
  /**
   * The game as the caller loaded it (a submission's route, just now): used when it is at the schedule's step,
   * instead of loading it again. Should the step have run meanwhile, running it again is refused under the
   * game's lock (runHostedStep's expectStep); a record at another step than the clock's is loaded afresh.
   */
  loaded?: { record: GameRecord; ruleset: AnyRuleset };
  /**
   * The game's schedule as the caller read it (with the game, just before the submission), instead of reading it
   * again. A step it finds due is decided again under the game's lock from a fresh read (runHostedStep).
   */
  schedule?: GameSchedule;
  /**
   * Who had submitted for a step, as the store answered a submission (`submitWithSubmitters`), instead of asking
   * again. Used for that game and step only. Two submissions kept at once each may miss the other, but the one kept
   * last saw the first (the store keeps them one after the other under the game's lock), so the last seat in still
   * finds the step due.
   */
  submitted?: { gameId: string; step: number; seats: readonly SeatId[] };
}

/**
 * One game: run (or enqueue) its step if due now. Submissions call this for early advance, with `lastCall`, so the
 * one read of the schedule and the submissions serves both.
 */
export async function runIfDue(deps: DueDeps, gameId: string, now: number, opts: DueOptions = {}): Promise<DueReport> {
  const report: DueReport = { ran: [], reminded: [], queued: [], failed: [] };
  const sched = opts.schedule?.gameId === gameId ? opts.schedule : await deps.site.schedule(gameId);
  if (sched?.clock) await dueOne(deps, sched, now, report, opts);
  return report;
}

async function dueOne(deps: DueDeps, sched: GameSchedule, now: number, report: DueReport, opts: DueOptions): Promise<void> {
  const clock = sched.clock;
  if (!clock) return;
  const given = opts.loaded;
  const { record, ruleset } =
    given && given.record.id === sched.gameId && given.record.step === clock.step && !given.record.outcome
      ? given
      : await loadGame(deps.games, sched.gameId);
  if (record.outcome) {
    await deps.site.setClock(sched.gameId, clock.step, null);
    return;
  }
  if (clock.step !== record.step) {
    // A step committed but its clock was not moved on (the runner died between the two): open it now.
    await deps.site.setClock(sched.gameId, clock.step, gameClock(record.step, openStep(settingsOf(sched.deadlines), now)));
    return;
  }
  const known = opts.submitted;
  const submitted = new Set(
    known?.gameId === sched.gameId && known.step === record.step ? known.seats : await deps.games.submitters(sched.gameId, record.step),
  );
  const ev = evaluate(sched, record, ruleset, submitted, now, deps.checks);
  if (!ev.due.due) {
    await remindDue(deps, sched, clock, ev, now, report);
    if (opts.lastCall) await lastCall(deps, sched, clock, ev, now, report);
    return;
  }
  if (opts.enqueue) {
    await opts.enqueue(sched.gameId, record.step);
    report.queued.push({ gameId: sched.gameId, step: record.step });
    return;
  }
  try {
    const run = await runHostedStep(deps, sched.gameId, {
      now,
      holder: opts.holder ?? "starhost: due step",
      force: false,
      expectStep: record.step,
    });
    report.ran.push({ gameId: sched.gameId, step: run.entry.step, label: run.entry.label, why: ev.due.why });
  } catch (e) {
    if (e instanceof NotRun) return;
    throw e;
  }
}

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The reminders due at `now` for the awaited step: each waiting seat a player holds, once per reminder time
 * (`remindHoursBefore`), since the later of the step's opening and the seat's last reminder. Several due at once
 * (no runner looked for a while) make one notice. None while paused, none once the deadline has passed (the
 * step runs as it stands). A deadline moved later (resume, extension) brings reminders before the new one.
 */
async function remindDue(deps: DueDeps, sched: GameSchedule, clock: GameClock, ev: Evaluation, now: number, report: DueReport) {
  const remind = deps.remind;
  if (!remind || ev.waitingFor.length === 0) return;
  const c = stepClock(clock);
  if (c.deadline === null || c.pausedAt !== null || now >= c.deadline) return;
  for (const seat of ev.waitingFor) {
    const last = sched.seats.find((s) => s.seat === seat)?.remindedAt;
    const hours = remindersDue(ev.settings, c, Math.max(last ? Date.parse(last) : 0, c.opened), now);
    if (hours.length === 0) continue;
    const dueAt = c.deadline - Math.min(...hours) * HOUR;
    const notice: SeatNotice = { gameId: sched.gameId, seat, step: clock.step, reason: "deadline" };
    try {
      if (!(await deps.site.claimReminder(sched.gameId, seat, iso(dueAt), iso(now)))) continue;
      await remind(notice);
      report.reminded.push(notice);
    } catch (e) {
      report.failed.push({ gameId: sched.gameId, error: `the reminder to ${seat}: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
}

/**
 * After a submission: when exactly one awaited seat a player holds is left without orders (and the step awaits
 * others), that seat is told it is the last to submit, once per step. Not while paused, nor once the deadline
 * has passed (the step is about to run).
 */
async function lastCall(deps: DueDeps, sched: GameSchedule, clock: GameClock, ev: Evaluation, now: number, report: DueReport) {
  const remind = deps.remind;
  if (!remind || sched.startedAt === null || clock.pausedAt !== null) return;
  if (clock.deadline !== null && now >= Date.parse(clock.deadline)) return;
  const seat = lastToSubmit({ awaited: ev.awaited, submitted: ev.submitted, botPlayed: ev.botPlayed });
  // Told already (read with the schedule): no write on every revision the other seats send after.
  if (seat === null || sched.seats.find((s) => s.seat === seat)?.lastCallStep === clock.step) return;
  const notice: SeatNotice = { gameId: sched.gameId, seat, step: clock.step, reason: "last" };
  try {
    if (!(await deps.site.claimLastCall(sched.gameId, seat, clock.step))) return;
    await remind(notice);
    report.reminded.push(notice);
  } catch (e) {
    report.failed.push({
      gameId: sched.gameId,
      error: `the last-to-submit notice to ${seat}: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
}

/** What a notice tells its seat, read afresh: null when its step has run meanwhile (the notice is stale). */
export interface NoticeFacts {
  title: string;
  label: string;
  /** ISO 8601, null for none. */
  deadline: string | null;
  /** Seats with orders in for the step (which, never what: every reader of the game sees as much). */
  submitted: SeatId[];
}

export async function noticeFacts(deps: Pick<DueDeps, "games" | "site">, n: SeatNotice): Promise<NoticeFacts | null> {
  const { record } = await loadGame(deps.games, n.gameId);
  if (record.outcome || record.step !== n.step) return null;
  const [hosted, sched, submitted] = await Promise.all([
    deps.site.hostedGame(n.gameId),
    deps.site.schedule(n.gameId),
    deps.games.submitters(n.gameId, n.step),
  ]);
  if (!hosted) return null;
  const deadline = sched?.clock?.step === n.step ? sched.clock.deadline : null;
  return { title: hosted.title, label: record.label, deadline, submitted };
}

/** A timer the caller controls (tests pass their own). */
export interface Timer {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Call `tick` every `ms` milliseconds, one at a time (a tick still running when the next is due skips it).
 * `stop` waits for the tick in flight.
 */
export function startTicker(tick: () => Promise<void>, ms: number, timer: Timer): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const handle = timer.setInterval(() => {
    if (running) return;
    running = tick()
      .catch(() => {})
      .finally(() => {
        running = null;
      });
  }, ms);
  return {
    async stop() {
      timer.clearInterval(handle);
      await running;
    },
  };
}
