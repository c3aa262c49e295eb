/**
 * Deadlines and absent players on a controlled clock (issue 10): the step's
 * deadline, early advance, grace, pause and resume, extension, misses and the bot
 * taking over, holidays, reminders and "you are the last to submit".
 */
import { describe, expect, it } from "vitest";
import {
  type Attendance,
  afterStep,
  DEFAULT_DEADLINES,
  type DeadlineSettings,
  deadlineSettingsSchema,
  extend,
  isDue,
  lastToSubmit,
  openStep,
  PRESENT,
  pause,
  remindersDue,
  resume,
  type Seating,
  whoPlays,
} from "../../src/host/deadlines.js";

const H = 3600_000;
const T0 = Date.parse("2026-03-02T12:00:00Z");
const settings = (over: Partial<DeadlineSettings> = {}): DeadlineSettings => ({ ...DEFAULT_DEADLINES, ...over });
const seating = (submitted: string[], botPlayed: string[] = []): Seating => ({
  awaited: ["klingon", "romulan", "federation"],
  submitted: new Set(submitted),
  botPlayed: new Set(botPlayed),
});

describe("the deadline", () => {
  it("a step is due at its deadline, not a moment before", () => {
    const s = settings({ earlyAdvance: false });
    const c = openStep(s, T0);
    expect(c.deadline).toBe(T0 + 48 * H);
    expect(isDue(s, c, seating([]), T0 + 48 * H - 1)).toMatchObject({ due: false, why: "waiting", at: T0 + 48 * H });
    expect(isDue(s, c, seating([]), T0 + 48 * H)).toEqual({ due: true, why: "deadline" });
  });

  it("the grace period delays it", () => {
    const s = settings({ earlyAdvance: false, graceMinutes: 30 });
    const c = openStep(s, T0);
    expect(isDue(s, c, seating([]), T0 + 48 * H + 29 * 60_000).due).toBe(false);
    expect(isDue(s, c, seating([]), T0 + 48 * H + 30 * 60_000).due).toBe(true);
  });

  it("a manual schedule has no deadline: only the game master runs the step", () => {
    const s = settings({ schedule: { kind: "manual" }, earlyAdvance: false });
    expect(isDue(s, openStep(s, T0), seating([]), T0 + 1e12)).toMatchObject({ due: false, why: "no-deadline" });
  });
});

describe("early advance", () => {
  it("runs the step once every awaited seat has submitted", () => {
    const s = settings();
    const c = openStep(s, T0);
    expect(isDue(s, c, seating(["klingon", "romulan"]), T0 + H)).toMatchObject({ due: false, waitingFor: ["federation"] });
    expect(isDue(s, c, seating(["klingon", "romulan", "federation"]), T0 + H)).toEqual({ due: true, why: "all-submitted" });
  });

  it("does not wait for seats a bot plays", () => {
    const s = settings();
    expect(isDue(s, openStep(s, T0), seating(["klingon", "romulan"], ["federation"]), T0 + H).due).toBe(true);
  });

  it("is a setting", () => {
    const s = settings({ earlyAdvance: false });
    expect(isDue(s, openStep(s, T0), seating(["klingon", "romulan", "federation"]), T0 + H).due).toBe(false);
  });
});

describe("pause, resume and extension by the game master", () => {
  it("a paused game runs no step, and resuming gives back the time it had left", () => {
    const s = settings();
    const c = pause(openStep(s, T0), T0 + 10 * H);
    expect(isDue(s, c, seating(["klingon", "romulan", "federation"]), T0 + 100 * H)).toMatchObject({ due: false, why: "paused" });
    const r = resume(c, T0 + 34 * H);
    expect(r.deadline).toBe(T0 + 72 * H);
    expect(isDue(s, r, seating([]), T0 + 72 * H - 1).due).toBe(false);
    expect(pause(pause(c, T0 + 20 * H), T0 + 30 * H).pausedAt).toBe(T0 + 10 * H);
  });

  it("an extension moves the deadline, never into the past", () => {
    const s = settings();
    const c = openStep(s, T0);
    expect(extend(c, T0 + 96 * H, T0 + H).deadline).toBe(T0 + 96 * H);
    expect(extend(c, T0 - H, T0 + 5 * H).deadline).toBe(T0 + 5 * H);
  });
});

describe("absent players", () => {
  it("a missed deadline gives default orders; after two misses in a row the bot plays until the player returns", () => {
    const s = settings({ missesBeforeBot: 2 });
    let a: Attendance = PRESENT;
    expect(whoPlays(s, a, 1, false)).toBe("default");
    a = afterStep(a, 1, false);
    expect(whoPlays(s, a, 2, false)).toBe("default");
    a = afterStep(a, 2, false);
    expect(whoPlays(s, a, 3, false)).toBe("bot");
    a = afterStep(a, 3, false);
    expect(whoPlays(s, a, 4, true)).toBe("player");
    a = afterStep(a, 4, true);
    expect(a.missed).toBe(0);
    expect(whoPlays(s, a, 5, false)).toBe("default");
  });

  it("0 misses before the bot: the bot never takes over", () => {
    const s = settings({ missesBeforeBot: 0 });
    expect(whoPlays(s, { missed: 50, holiday: [] }, 60, false)).toBe("default");
  });

  it("holiday: the named steps are played by the bot and are no miss", () => {
    const s = settings();
    let a: Attendance = { missed: 1, holiday: [3, 4] };
    expect(whoPlays(s, a, 3, false)).toBe("bot");
    a = afterStep(a, 3, false);
    expect(a).toEqual({ missed: 1, holiday: [4] });
    expect(whoPlays(s, a, 4, true)).toBe("player");
    expect(afterStep(a, 4, true)).toEqual({ missed: 0, holiday: [] });
  });
});

describe("reminders", () => {
  it("each is due once, when its time passes", () => {
    const s = settings({ remindHoursBefore: [24, 2] });
    const c = openStep(s, T0);
    expect(remindersDue(s, c, T0, T0 + 23 * H)).toEqual([]);
    expect(remindersDue(s, c, T0 + 23 * H, T0 + 24 * H)).toEqual([24]);
    expect(remindersDue(s, c, T0 + 24 * H, T0 + 46 * H)).toEqual([2]);
    expect(remindersDue(s, c, T0, T0 + 47 * H)).toEqual([24, 2]);
    expect(remindersDue(s, pause(c, T0), T0, T0 + 47 * H)).toEqual([]);
  });

  it("names the last seat to submit", () => {
    expect(lastToSubmit(seating(["klingon", "romulan"]))).toBe("federation");
    expect(lastToSubmit(seating(["klingon"]))).toBeNull();
    expect(lastToSubmit(seating(["klingon"], ["romulan"]))).toBe("federation");
  });
});

describe("settings read from input", () => {
  it("the defaults are valid settings and hostile values are refused", () => {
    expect(deadlineSettingsSchema.safeParse(DEFAULT_DEADLINES).success).toBe(true);
    expect(deadlineSettingsSchema.safeParse({ ...DEFAULT_DEADLINES, graceMinutes: -1 }).success).toBe(false);
    expect(deadlineSettingsSchema.safeParse({ ...DEFAULT_DEADLINES, graceMinutes: 1e308 }).success).toBe(false);
    expect(deadlineSettingsSchema.safeParse({ ...DEFAULT_DEADLINES, __proto__: { x: 1 }, extra: 1 }).success).toBe(false);
  });
});
