/**
 * When a step is due (issue 10, "Schedules and absent players"). Pure: the
 * caller passes the time; nothing here reads a clock.
 *
 * Two kinds of schedule, as hosts of this kind offer them:
 *  - every N hours after the step opened (Planets.nu's and PHost's "every 48 hours");
 *  - fixed weekly times in a time zone: seed 003 runs its turns on "Tuesday 17:00
 *    Pacific", which is 01:00 UTC on Wednesday in winter and 00:00 UTC in summer. The zone's own rules decide (IANA names, the tz data Node ships), so a
 *    deadline follows daylight saving.
 * A wall time that a daylight-saving change skips (02:30 on the spring-forward night)
 * is moved on by the gap's length (03:30), one that occurs twice (01:30 on the
 * fall-back night) is the first of the two: JavaScript's Temporal calls this the
 * "compatible" reading, and it is what calendars do.
 */
import { z } from "zod";
import { err, ok, type Problem, problem, type Result } from "../core/result.js";

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const scheduleSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("manual").describe("No deadline: the game master runs each step"),
    })
    .strict(),
  z
    .object({
      kind: z.literal("every"),
      hours: z
        .number()
        .min(1 / 60)
        .max(24 * 60)
        .describe("Hours from the step's opening to its deadline (1 minute to 60 days)"),
    })
    .strict(),
  z
    .object({
      kind: z.literal("weekly"),
      times: z
        .array(
          z
            .object({
              day: z.enum(WEEKDAYS),
              time: z
                .string()
                .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time is HH:MM on a 24-hour clock, 00:00 to 23:59")
                .describe("Wall-clock time in the schedule's zone, HH:MM"),
            })
            .strict(),
        )
        .min(1)
        .max(7 * 24)
        .describe("Deadlines in the week, e.g. [{day: 'tue', time: '17:00'}]"),
      timeZone: z.string().min(1).max(64).describe("An IANA time zone, e.g. America/Los_Angeles"),
    })
    .strict(),
]);
export type Schedule = z.infer<typeof scheduleSchema>;

/** A schedule read from a request or a settings file: checked, time zone included. */
export function parseSchedule(raw: unknown): Result<Schedule, Problem[]> {
  const r = scheduleSchema.safeParse(raw);
  if (!r.success) {
    return err(r.error.issues.map((i) => problem(`schedule${i.path.length ? `.${i.path.join(".")}` : ""}`, "bad-schedule", i.message)));
  }
  if (r.data.kind === "weekly" && !isTimeZone(r.data.timeZone)) {
    return err([
      problem(
        "schedule.timeZone",
        "unknown-time-zone",
        `"${r.data.timeZone}" is not a time zone; give an IANA name such as America/Los_Angeles or UTC`,
      ),
    ]);
  }
  return ok(r.data);
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The deadline of a step that opened at `opened` (ms since the epoch), or null when
 * the schedule has none. Weekly: the first of the week's times strictly after `opened`.
 */
export function deadlineAfter(schedule: Schedule, opened: number): number | null {
  if (schedule.kind === "manual") return null;
  if (schedule.kind === "every") return opened + Math.round(schedule.hours * HOUR);
  let best: number | null = null;
  const start = wallClock(opened, schedule.timeZone);
  // Eight days of local dates cover every weekday after `opened`, whatever its time of day.
  for (let d = 0; d <= 7; d++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + d));
    const weekday = WEEKDAYS[date.getUTCDay()] as Weekday;
    for (const t of schedule.times) {
      if (t.day !== weekday) continue;
      const [h, m] = t.time.split(":").map(Number) as [number, number];
      const at = instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), h, m, schedule.timeZone);
      if (at > opened && (best === null || at < best)) best = at;
    }
  }
  return best;
}

/** A schedule in words: "every 48 hours", "Tuesday 17:00 (America/Los_Angeles)". */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.kind === "manual") return "no deadline: the game master runs each step";
  if (schedule.kind === "every") return `every ${formatHours(schedule.hours)}`;
  const names: Record<Weekday, string> = {
    sun: "Sunday",
    mon: "Monday",
    tue: "Tuesday",
    wed: "Wednesday",
    thu: "Thursday",
    fri: "Friday",
    sat: "Saturday",
  };
  return `${schedule.times.map((t) => `${names[t.day]} ${t.time}`).join(", ")} (${schedule.timeZone})`;
}

function formatHours(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} minutes`;
  return hours === 1 ? "hour" : `${Number.isInteger(hours) ? hours : hours.toFixed(2)} hours`;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of `zone` at instant `t`. */
export function wallClock(t: number, zone: string): WallClock {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** The zone's offset from UTC at instant `t`, in ms (UTC-8 gives -8 hours). */
function offsetAt(t: number, zone: string): number {
  const w = wallClock(t, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (t - (((t % 1000) + 1000) % 1000));
}

/**
 * The instant at which `zone`'s wall clock reads the given date and time. In a gap
 * (the clock jumps over it) the time is moved on by the gap's length; in an overlap
 * (the clock reads it twice) the earlier instant.
 */
export function instantOf(year: number, month: number, day: number, hour: number, minute: number, zone: string): number {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets in force a day either side bracket any change near this time (zones change at most once a day).
  const before = offsetAt(naive - DAY, zone);
  const after = offsetAt(naive + DAY, zone);
  const candidates = [naive - before, naive - after].sort((a, b) => a - b);
  for (const c of candidates) {
    const w = wallClock(c, zone);
    if (Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === naive) return c;
  }
  // Neither reads it: a gap. Read with the offset in force before it, the wall time lands as far past the gap's
  // end as it stood past the gap's start.
  return naive - before;
}
