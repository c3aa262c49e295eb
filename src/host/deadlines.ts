/**
 * When a hosted step runs, and who plays a seat whose player is away (issue 10,
 * "Schedules and absent players"). Pure: the caller passes the time and what the
 * database holds; nothing here reads a clock or a store, so every rule is tested
 * on a controlled clock (test/host/deadlines.test.ts).
 *
 * The rules, as seed 003's host ran its weekly turns and today's hosts run theirs:
 *  - a step opens when the previous one runs; its deadline comes from the schedule
 *    (schedule.ts), unless the game master extended it;
 *  - early advance (a setting): the step runs as soon as every awaited seat has
 *    submitted, seats on holiday and seats their bot plays not waited for;
 *  - a grace period after the deadline, for a player still typing;
 *  - a paused game runs no step; resuming gives the step back the time it had left;
 *  - a seat that misses a deadline gets the ruleset's default orders; after N misses
 *    in a row (a setting) its bot plays it until its player submits again;
 *  - holiday: a player names the steps they will miss; their bot plays those, and
 *    they count as no miss.
 * A step is whatever the ruleset awaits: a Galactic Empires turn, a Battleshift
 * activation. So "every N hours" is also the per-activation deadline of an
 * alternating game.
 */
import { z } from "zod";
import type { SeatId } from "../core/ruleset.js";
import { deadlineAfter, scheduleSchema } from "./schedule.js";

const MINUTE = 60_000;

export const deadlineSettingsSchema = z
  .object({
    schedule: scheduleSchema,
    earlyAdvance: z.boolean().describe("Run the step as soon as every awaited seat has submitted"),
    graceMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .describe("Minutes after the deadline before the step runs"),
    missesBeforeBot: z.number().int().min(0).max(100).describe("Deadlines a seat may miss in a row before its bot plays it (0: never)"),
    botLevel: z.string().min(1).max(32).describe("The bot level that plays an absent seat"),
    remindHoursBefore: z
      .array(
        z
          .number()
          .min(0)
          .max(24 * 14),
      )
      .max(10)
      .describe("Reminders, in hours before the deadline"),
  })
  .strict();
export type DeadlineSettings = z.infer<typeof deadlineSettingsSchema>;

export const DEFAULT_DEADLINES: DeadlineSettings = {
  schedule: { kind: "every", hours: 48 },
  earlyAdvance: true,
  graceMinutes: 0,
  missesBeforeBot: 2,
  botLevel: "normal",
  remindHoursBefore: [24, 2],
};

/** The clock of the awaited step, as the host keeps it. */
export interface StepClock {
  /** When the step opened (ms since the epoch). */
  opened: number;
  /** Its deadline, null for none (manual schedule). */
  deadline: number | null;
  /** Set while the game is paused: when it was paused. */
  pausedAt: number | null;
}

export function openStep(settings: DeadlineSettings, opened: number): StepClock {
  return { opened, deadline: deadlineAfter(settings.schedule, opened), pausedAt: null };
}

/** The game master pauses the game: no step runs until resumed. */
export function pause(clock: StepClock, now: number): StepClock {
  return clock.pausedAt === null ? { ...clock, pausedAt: now } : clock;
}

/** Resumed: the deadline moves on by the time spent paused, so nobody loses time they had. */
export function resume(clock: StepClock, now: number): StepClock {
  if (clock.pausedAt === null) return clock;
  const paused = Math.max(0, now - clock.pausedAt);
  return { ...clock, pausedAt: null, deadline: clock.deadline === null ? null : clock.deadline + paused };
}

/** The game master moves the deadline (later or earlier; never before now). */
export function extend(clock: StepClock, to: number, now: number): StepClock {
  return { ...clock, deadline: Math.max(to, now) };
}

export interface Seating {
  /** The seats the step awaits. */
  awaited: readonly SeatId[];
  /** Seats with a submission for this step. */
  submitted: ReadonlySet<SeatId>;
  /** Seats played by a bot this step: a bot seat, an absent player's, or one on holiday. */
  botPlayed: ReadonlySet<SeatId>;
}

export type Due =
  | { due: true; why: "deadline" | "all-submitted" }
  | { due: false; why: "paused" | "no-deadline" | "waiting"; at: number | null; waitingFor: SeatId[] };

/** Is the awaited step due at `now`? */
export function isDue(settings: DeadlineSettings, clock: StepClock, seating: Seating, now: number): Due {
  const waitingFor = seating.awaited.filter((s) => !seating.submitted.has(s) && !seating.botPlayed.has(s));
  if (clock.pausedAt !== null) return { due: false, why: "paused", at: null, waitingFor };
  if (settings.earlyAdvance && waitingFor.length === 0) return { due: true, why: "all-submitted" };
  if (clock.deadline === null) return { due: false, why: "no-deadline", at: null, waitingFor };
  const at = clock.deadline + settings.graceMinutes * MINUTE;
  return now >= at ? { due: true, why: "deadline" } : { due: false, why: "waiting", at, waitingFor };
}

/** One seat's attendance, kept across steps. */
export interface Attendance {
  /** Deadlines missed in a row (reset by a submission). */
  missed: number;
  /** Steps the player said they will miss. */
  holiday: readonly number[];
}

export const PRESENT: Attendance = { missed: 0, holiday: [] };

/** Who plays a human seat this step: its player, its bot (absent or on holiday), or nobody (default orders). */
export function whoPlays(settings: DeadlineSettings, a: Attendance, step: number, submitted: boolean): "player" | "bot" | "default" {
  if (submitted) return "player";
  if (a.holiday.includes(step)) return "bot";
  if (settings.missesBeforeBot > 0 && a.missed >= settings.missesBeforeBot) return "bot";
  return "default";
}

/** The attendance after a step ran: a submission resets the count, a miss adds one, a holiday leaves it. */
export function afterStep(a: Attendance, step: number, submitted: boolean): Attendance {
  const holiday = a.holiday.filter((s) => s > step);
  if (submitted) return { missed: 0, holiday };
  if (a.holiday.includes(step)) return { missed: a.missed, holiday };
  return { missed: a.missed + 1, holiday };
}

/**
 * The reminders due between `since` (exclusive) and `now` (inclusive), as hours before the deadline, for the
 * seats still awaited: a reminder is sent once, when its time passes.
 */
export function remindersDue(settings: DeadlineSettings, clock: StepClock, since: number, now: number): number[] {
  if (clock.deadline === null || clock.pausedAt !== null) return [];
  const deadline = clock.deadline;
  return settings.remindHoursBefore
    .filter((h) => {
      const at = deadline - h * 60 * MINUTE;
      return at > since && at <= now && at > clock.opened;
    })
    .sort((a, b) => b - a);
}

/** "You are the last to submit": the one seat still awaited when all others have submitted. */
export function lastToSubmit(seating: Seating): SeatId | null {
  const waiting = seating.awaited.filter((s) => !seating.submitted.has(s) && !seating.botPlayed.has(s));
  return waiting.length === 1 && seating.awaited.length > 1 ? (waiting[0] as SeatId) : null;
}
