/**
 * The game master's hold on time, and a player's holiday (issue 10, "Schedules and absent players"):
 * pause, resume, move the deadline, set the reminders, hand a seat to another account; a seat's player
 * names the steps they will miss. Running the step now is /run (games.ts). Every change to a clock is a compare-and-swap
 * on the step it belongs to, so a step that runs meanwhile is not given a stale clock.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { deadlineSettingsSchema, extend, pause, resume, type StepClock } from "../host/deadlines.js";
import { gameClock, settingsOf, stepClock } from "./deadlines.js";
import { ApiError } from "./errors.js";
import { accessOf, GameSummary, Id, loadHosted, requireGameMaster, requireSeat, summaryNow } from "./games.js";
import { requireAuth, route, type ServerContext } from "./http.js";

const GameParams = z.object({ id: Id });
const SeatParams = z.object({ id: Id, seat: Id });

export function registerScheduleRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ["deadlines"];

  /** Change the awaited step's clock as a game master: refused before the start, after the end, and if the step ran meanwhile. */
  async function changeClock(
    id: string,
    auth: Parameters<typeof accessOf>[2],
    what: string,
    change: (c: StepClock, now: number) => StepClock,
  ) {
    const { hosted, record } = await loadHosted(ctx, id);
    requireGameMaster(accessOf(hosted, record, auth), what);
    if (hosted.startedAt === null) throw new ApiError(409, "not-started", "the game has not started: its clock starts with it");
    if (record.outcome) throw new ApiError(409, "game-over", "the game is over: it has no deadline");
    const sched = await ctx.site.schedule(id);
    const clock = sched?.clock;
    if (!clock || clock.step !== record.step) throw new ApiError(409, "stale-step", "the step has just run: read the game again and retry");
    const next = change(stepClock(clock), ctx.now().getTime());
    if (!(await ctx.site.setClock(id, clock.step, gameClock(clock.step, next))))
      throw new ApiError(409, "stale-step", "the step has just run: read the game again and retry");
    return summaryNow(ctx, id, auth);
  }

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/pause",
      summary: "a game master pauses the game: no step runs on its deadline until resumed",
      tags,
      auth: "required",
      params: GameParams,
      reply: GameSummary,
    },
    async ({ params, auth }) => changeClock(params.id, auth, "pause it", (c, now) => pause(c, now)),
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/resume",
      summary: "a game master resumes a paused game: the deadline moves on by the time spent paused",
      tags,
      auth: "required",
      params: GameParams,
      reply: GameSummary,
    },
    async ({ params, auth }) => changeClock(params.id, auth, "resume it", (c, now) => resume(c, now)),
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/deadline",
      summary: "a game master moves the awaited step's deadline (later, or earlier but never before now)",
      tags,
      auth: "required",
      params: GameParams,
      body: z.strictObject({
        to: z.iso.datetime({ offset: true, message: "a time in ISO 8601, e.g. 2026-12-01T17:00:00Z" }).describe("the new deadline"),
      }),
      reply: GameSummary,
    },
    async ({ params, body, auth }) => changeClock(params.id, auth, "move its deadline", (c, now) => extend(c, Date.parse(body.to), now)),
  );

  route(
    app,
    ctx,
    {
      method: "PUT",
      url: "/api/games/:id/reminders",
      summary:
        "a game master sets the reminders: the hours before each deadline at which seats still without orders are reminded ([] for none)",
      tags,
      auth: "required",
      params: GameParams,
      body: z.strictObject({ hoursBefore: deadlineSettingsSchema.shape.remindHoursBefore }),
      reply: GameSummary,
    },
    async ({ params, body, auth }) => {
      const { hosted, record } = await loadHosted(ctx, params.id);
      requireGameMaster(accessOf(hosted, record, auth), "set its reminders");
      // The other settings stay as kept. A new time that has passed already is reminded at the next look, unless the
      // seat was reminded after it.
      const settings = settingsOf((await ctx.site.schedule(params.id))?.deadlines);
      const hoursBefore = [...new Set(body.hoursBefore)].sort((a, b) => b - a);
      await ctx.site.setDeadlines(params.id, { ...settings, remindHoursBefore: hoursBefore });
      return summaryNow(ctx, params.id, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/seats/:seat/hand",
      summary: "a game master hands a seat to another account (before or after the start); its attendance starts afresh",
      tags,
      auth: "required",
      params: SeatParams,
      body: z.strictObject({ to: z.string().min(1).max(64).describe("the account name that takes the seat") }),
      reply: GameSummary,
    },
    async ({ params, body, auth }) => {
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireGameMaster(accessOf(hosted, record, auth), "hand its seats on");
      requireSeat(ruleset, record, params.seat);
      const to = await ctx.site.accountByName(body.to);
      if (!to) throw new ApiError(404, "no-account", `no account "${body.to}"`);
      await ctx.site.handSeat(params.id, params.seat, { kind: "account", accountId: to.id });
      return summaryNow(ctx, params.id, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "PUT",
      url: "/api/games/:id/seats/:seat/holiday",
      summary: "a seat's player names the steps they will miss: their bot plays those, and they count as no miss ([] to clear)",
      tags,
      auth: "required",
      params: SeatParams,
      body: z.strictObject({
        steps: z
          .array(z.number().int("a step is a whole number").min(1, "steps count from 1").max(2_147_483_647))
          .max(100, "at most 100 steps")
          .describe("the steps (the awaited one or later) the player will miss"),
      }),
      reply: GameSummary,
    },
    async ({ params, body, auth }) => {
      const me = requireAuth(auth).account;
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      const h = hosted.seats.find((s) => s.seat === params.seat)?.holder;
      if (h?.kind !== "account" || h.accountId !== me.id)
        throw new ApiError(403, "not-your-seat", `${ruleset.seatNoun} "${params.seat}" is not yours: only its player names its holidays`);
      const past = body.steps.filter((n) => n < record.step);
      if (past.length > 0)
        throw new ApiError(400, "past-step", `step ${past[0]} has run already: the game awaits step ${record.step} (${record.label})`);
      await ctx.site.setHoliday(
        params.id,
        params.seat,
        [...new Set(body.steps)].sort((a, b) => a - b),
      );
      return summaryNow(ctx, params.id, auth);
    },
  );
}
