/**
 * Deadlines (issue 10, "Schedules and absent players"): seed 003's "Tuesday 17:00
 * Pacific" must be expressible, daylight saving included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deadlineAfter, describeSchedule, instantOf, parseSchedule, type Schedule, wallClock } from "../../src/host/schedule.js";

const utc = (s: string) => Date.parse(s);
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const PACIFIC: Schedule = { kind: "weekly", times: [{ day: "tue", time: "17:00" }], timeZone: "America/Los_Angeles" };

describe("seed 003: orders due Tuesday 17:00 Pacific", () => {
  it("is 01:00 UTC on Wednesday in winter (PST, UTC-8)", () => {
    expect(iso(deadlineAfter(PACIFIC, utc("2026-01-05T12:00:00Z")))).toBe("2026-01-07T01:00:00.000Z");
  });

  it("is 00:00 UTC on Wednesday in summer (PDT, UTC-7)", () => {
    expect(iso(deadlineAfter(PACIFIC, utc("2026-07-06T12:00:00Z")))).toBe("2026-07-08T00:00:00.000Z");
  });

  it("follows the clock change: the week the clocks go forward (8 March 2026) and back (1 November 2026)", () => {
    // Opened on Tuesday 3 March after the deadline: the next is Tuesday 10 March, after the change, at PDT.
    expect(iso(deadlineAfter(PACIFIC, utc("2026-03-04T02:00:00Z")))).toBe("2026-03-11T00:00:00.000Z");
    // Opened on Tuesday 27 October after the deadline: the next is Tuesday 3 November, after the change, at PST.
    expect(iso(deadlineAfter(PACIFIC, utc("2026-10-28T01:00:00Z")))).toBe("2026-11-04T01:00:00.000Z");
  });

  it("a step opened a minute before the deadline is due at that deadline; one opened on it waits a week", () => {
    const deadline = utc("2026-01-07T01:00:00Z");
    expect(deadlineAfter(PACIFIC, deadline - 60_000)).toBe(deadline);
    expect(iso(deadlineAfter(PACIFIC, deadline))).toBe("2026-01-14T01:00:00.000Z");
  });

  it("reads in words", () => {
    expect(describeSchedule(PACIFIC)).toBe("Tuesday 17:00 (America/Los_Angeles)");
    expect(describeSchedule({ kind: "every", hours: 48 })).toBe("every 48 hours");
    expect(describeSchedule({ kind: "manual" })).toContain("game master");
  });
});

describe("wall times a daylight-saving change skips or repeats", () => {
  it("02:30 on the spring-forward night is moved on by the gap (03:30 PDT)", () => {
    expect(iso(instantOf(2026, 3, 8, 2, 30, "America/Los_Angeles"))).toBe("2026-03-08T10:30:00.000Z");
  });

  it("01:30 on the fall-back night is the first of the two (PDT)", () => {
    expect(iso(instantOf(2026, 11, 1, 1, 30, "America/Los_Angeles"))).toBe("2026-11-01T08:30:00.000Z");
  });

  it("Europe and the southern hemisphere too", () => {
    expect(iso(instantOf(2026, 3, 29, 2, 30, "Europe/Berlin"))).toBe("2026-03-29T01:30:00.000Z");
    expect(iso(instantOf(2026, 4, 5, 2, 30, "Australia/Sydney"))).toBe("2026-04-04T15:30:00.000Z");
    expect(iso(instantOf(2026, 6, 1, 12, 0, "Asia/Kolkata"))).toBe("2026-06-01T06:30:00.000Z");
  });
});

describe("every N hours", () => {
  it("is N hours after the step opened", () => {
    expect(iso(deadlineAfter({ kind: "every", hours: 48 }, utc("2026-03-07T12:00:00Z")))).toBe("2026-03-09T12:00:00.000Z");
    expect(deadlineAfter({ kind: "manual" }, 0)).toBeNull();
  });
});

describe("schedules read from input", () => {
  it("refuses what is not a schedule, saying what is valid", () => {
    const bad = parseSchedule({ kind: "weekly", times: [{ day: "tue", time: "5pm" }], timeZone: "America/Los_Angeles" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error[0]?.message).toContain("HH:MM");
    const zone = parseSchedule({ kind: "weekly", times: [{ day: "tue", time: "17:00" }], timeZone: "Pacific/Nowhere" });
    expect(zone.ok).toBe(false);
    if (!zone.ok) expect(zone.error[0]).toMatchObject({ order: "schedule.timeZone", code: "unknown-time-zone" });
    expect(parseSchedule({ kind: "every", hours: 0 }).ok).toBe(false);
    expect(parseSchedule({ kind: "every", hours: 48, extra: 1 }).ok).toBe(false);
    expect(parseSchedule(PACIFIC)).toEqual({ ok: true, value: PACIFIC });
  });

  it("never throws on random input", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const r = parseSchedule(raw);
        if (!r.ok) expect(r.error.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("properties of weekly deadlines", () => {
  const zones = ["America/Los_Angeles", "Europe/London", "Australia/Sydney", "Asia/Kathmandu", "UTC", "America/St_Johns"];
  it("the deadline is after the opening, within a week and a day, and reads the scheduled wall time (or the hour after a gap)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc("2020-01-01T00:00:00Z"), max: utc("2035-01-01T00:00:00Z") }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (opened, timeZone, day, hour, minute) => {
          const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
          const days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
          const s: Schedule = { kind: "weekly", times: [{ day: days[day] as (typeof days)[number], time }], timeZone };
          const d = deadlineAfter(s, opened) as number;
          expect(d).toBeGreaterThan(opened);
          expect(d - opened).toBeLessThanOrEqual(8 * 24 * 3600_000);
          const w = wallClock(d, timeZone);
          const reads = w.hour * 60 + w.minute;
          const wanted = hour * 60 + minute;
          expect(reads === wanted || reads - wanted === 60 || reads - wanted === 30).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
