/**
 * Hosted games: create, lobby, seats (open, invited by link, given to a bot level),
 * join and leave before the start, start, orders (the reply is the check), run the due
 * step, and the views each role may read.
 *
 * Who sees what (issue 10, "Views"):
 *  - a seat's view, report, history, options and template: the account holding the
 *    seat, the game masters (the creator, whom the creator named, site admins), and
 *    spectators when the game's settings let them;
 *  - the whole state and any step's history entry: game masters and allowed spectators;
 *  - the summary (`GET /api/games/:id`): anyone; it says who has submitted, never what.
 * Spectators are everyone not holding a seat of the game ("live": everything, now) or
 * everyone once the game is over ("after-end"); "none" keeps the game to its players and
 * game masters.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ID_PATTERN } from "../core/ids.js";
import type { AnyRuleset, ParsedOrders, SeatId } from "../core/ruleset.js";
import { DEFAULT_DEADLINES, type DeadlineSettings, deadlineSettingsSchema, openStep } from "../host/deadlines.js";
import { HostError } from "../host/errors.js";
import { loadGame, problemLines, seatReport, submitOrders } from "../host/games.js";
import { acceptOrders, assertNotOver, MAX_SEED, newGame } from "../host/lifecycle.js";
import { rulesetById } from "../host/registry.js";
import { describeSchedule, parseSchedule } from "../host/schedule.js";
import type { GameSchedule, HostedGame, HostedSeat, SeatHolder, Spectators } from "../store/site.js";
import type { GameRecord } from "../store/store.js";
import { newSecret, sha256 } from "./auth.js";
import { type Enqueue, evaluate, gameClock, NotRun, runHostedStep, runIfDue, settingsOf } from "./deadlines.js";
import { ApiError } from "./errors.js";
import { type Auth, decodeBody, requireAuth, route, type ServerContext } from "./http.js";

export const Id = z.string().regex(ID_PATTERN, 'an id is 1 to 64 letters, digits, "_" or "-", starting with a letter or digit');
const GameParams = z.object({ id: Id });
const SeatParams = z.object({ id: Id, seat: Id });
const StepNumber = z.coerce.number().int("a step is a whole number").min(1, "steps count from 1").max(2_147_483_647);
/** A report's step: 0 is the start (the forces as deployed, before the first step). */
const ReportStep = z.coerce.number().int("a step is a whole number").min(0, "steps count from 1 (0: the start)").max(2_147_483_647);

const HolderView = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("open") }),
  z.object({ kind: z.literal("invited") }),
  z.object({ kind: z.literal("player"), name: z.string() }),
  z.object({ kind: z.literal("bot"), level: z.string() }),
]);

const SeatView = z.object({
  id: z.string(),
  name: z.string(),
  holder: HolderView,
  awaited: z.boolean().describe("the due step needs this seat's orders"),
  submitted: z.boolean().describe("orders have been submitted for the due step (what they are is not shown)"),
  missed: z.number().describe("deadlines its player has missed in a row (its bot plays it after the game's missesBeforeBot)"),
  holiday: z.array(z.number()).describe("steps its player has said they will miss (their bot plays them)"),
});

const DeadlineView = z.object({
  settings: deadlineSettingsSchema,
  schedule: z.string().describe("the schedule in words"),
  at: z.string().nullable().describe("the awaited step's deadline (ISO 8601); null for none or before the start"),
  runsAt: z.string().nullable().describe("when the step runs if seats are still awaited: the deadline plus the grace period"),
  inWords: z.string().describe("the deadline in words"),
  paused: z.boolean(),
  waitingFor: z.array(z.string()).describe("awaited seats with no orders yet that no bot plays"),
});

export const GameSummary = z.object({
  id: z.string(),
  title: z.string(),
  ruleset: z.string(),
  rulesetTitle: z.string(),
  scenario: z.string(),
  seatNoun: z.string(),
  structure: z.string(),
  step: z.number(),
  label: z.string(),
  over: z.boolean(),
  outcome: z.object({ winners: z.array(z.string()), reason: z.string() }).nullable(),
  started: z.boolean(),
  spectators: z.enum(["none", "live", "after-end"]),
  gameMastersReadPrivate: z.boolean().describe("game masters read the seats' private messages"),
  creator: z.string(),
  gameMasters: z.array(z.string()),
  seats: z.array(SeatView),
  deadline: DeadlineView,
  you: z.object({ seats: z.array(z.string()), gameMaster: z.boolean(), seesAll: z.boolean() }),
});

/** Most steps awaiting only bots run right after a submission's step (the rest wait for the ticker). */
const FOLLOW_ON = 20;

/** A submission's due step, queued for a worker with the steps awaiting only bots that may follow it. */
function followingOn(enqueue: Enqueue): Enqueue {
  return (gameId, step) => enqueue(gameId, step, FOLLOW_ON);
}

const SeatChoice = z.union([
  z.enum(["open", "invited", "me"]),
  z.strictObject({ bot: z.string().describe("a bot level of the ruleset (GET /api/rulesets)") }),
]);

const CreateGame = z.strictObject({
  ruleset: z.string().describe("a ruleset id (GET /api/rulesets)"),
  scenario: z.string().optional().describe("default: the ruleset's default scenario"),
  seed: z.number().int().min(-MAX_SEED).max(MAX_SEED).optional().describe("default: a random seed"),
  inputs: z.record(z.string(), z.array(z.unknown())).optional().describe("the scenario's input files (decoded JSON) by input name"),
  id: Id.optional().describe("the game's id (default: a random one)"),
  title: z.string().min(1).max(100).optional(),
  spectators: z
    .enum(["none", "live", "after-end"])
    .optional()
    .describe('who may watch: nobody, anyone (everything, live), or anyone after the end (default "after-end")'),
  seats: z.record(z.string(), SeatChoice).optional().describe('by seat: "open" (default), "invited", "me", or { "bot": LEVEL }'),
  gameMastersReadPrivate: z.boolean().optional().describe("game masters may read the seats' private messages (default false)"),
  bots: z.string().optional().describe("a bot level for every seat not named in seats"),
  deadlines: deadlineSettingsSchema
    .partial()
    .optional()
    .describe("deadline settings; those left out take the defaults (every 48 hours, early advance, no grace, the bot after 2 misses)"),
});

export interface Access {
  gameMaster: boolean;
  seats: string[];
  /** The game master's sight: every seat, the state, the history. */
  all: boolean;
}

export function accessOf(h: HostedGame, record: GameRecord, auth: Auth | null): Access {
  const me = auth?.account;
  const gameMaster = !!me && (me.admin || h.gameMasters.includes(me.id));
  const seats = me ? h.seats.filter((s) => s.holder.kind === "account" && s.holder.accountId === me.id).map((s) => s.seat) : [];
  const over = record.outcome !== null;
  const spectator = spectatorSees(h.spectators, seats.length > 0, over);
  return { gameMaster, seats, all: gameMaster || spectator };
}

function spectatorSees(s: Spectators, seated: boolean, over: boolean): boolean {
  if (s === "live") return !seated || over;
  if (s === "after-end") return over;
  return false;
}

export async function loadHosted(ctx: ServerContext, id: string): Promise<{ hosted: HostedGame; record: GameRecord; ruleset: AnyRuleset }> {
  const hosted = await ctx.site.hostedGame(id);
  if (!hosted) throw new ApiError(404, "no-game", `no game "${id}" is hosted here (GET /api/games lists the lobby)`);
  const { record, ruleset } = await loadGame(ctx.games, id);
  return { hosted, record, ruleset };
}

/** The hosted game's summary as it stands now (`summaryOf`), as `auth` may see it. */
export async function summaryNow(ctx: ServerContext, id: string, auth: Auth | null): Promise<z.infer<typeof GameSummary>> {
  const { hosted, record, ruleset } = await loadHosted(ctx, id);
  return summaryOf(ctx, hosted, record, ruleset, auth);
}

/** 401 for anonymous callers, 403 for others, unless `a` may read `seat`. */
export function requireSeatSight(a: Access, auth: Auth | null, seat: string, noun: string): void {
  if (a.all || a.seats.includes(seat)) return;
  if (!auth) throw new ApiError(401, "sign-in-required", `sign in to read ${noun} "${seat}"`);
  throw new ApiError(
    403,
    "not-your-seat",
    `${noun} "${seat}" is not yours: you may read only your own${a.seats.length ? ` (${a.seats.join(", ")})` : ""}`,
  );
}

function requireAll(a: Access, auth: Auth | null, what: string): void {
  if (a.all) return;
  if (!auth) throw new ApiError(401, "sign-in-required", `sign in to read ${what}`);
  throw new ApiError(403, "not-game-master", `only the game masters (and spectators, when the game allows) may read ${what}`);
}

export function requireGameMaster(a: Access, what: string): void {
  if (!a.gameMaster) throw new ApiError(403, "not-game-master", `only a game master of this game may ${what}`);
}

export function requireSeat(ruleset: AnyRuleset, record: GameRecord, seat: string): void {
  const seats = ruleset.describe(record.state).seats.map((s) => s.id);
  if (!seats.includes(seat))
    throw new ApiError(404, "unknown-seat", `no ${ruleset.seatNoun} "${seat}" in this game; its ${ruleset.seatNoun}s: ${seats.join(", ")}`);
}

async function names(ctx: ServerContext, ids: readonly string[]): Promise<ReadonlyMap<string, string>> {
  return ctx.site.accountNames(ids);
}

function holderView(h: SeatHolder, byId: ReadonlyMap<string, string>): z.infer<typeof HolderView> {
  if (h.kind === "account") return { kind: "player", name: byId.get(h.accountId) ?? "(gone)" };
  if (h.kind === "bot") return { kind: "bot", level: h.level };
  return { kind: h.kind };
}

export async function summaryOf(
  ctx: ServerContext,
  hosted: HostedGame,
  record: GameRecord,
  ruleset: AnyRuleset,
  auth: Auth | null,
): Promise<z.infer<typeof GameSummary>> {
  const d = ruleset.describe(record.state);
  const awaiting = new Set<SeatId>(record.outcome ? [] : ctx.checks.awaiting(ruleset, record.state));
  const submitted = new Set(await ctx.games.submitters(record.id, record.step));
  const holders = new Map(hosted.seats.map((s) => [s.seat, s.holder]));
  const accountIds = [
    hosted.creatorId,
    ...hosted.gameMasters,
    ...hosted.seats.flatMap((s) => (s.holder.kind === "account" ? [s.holder.accountId] : [])),
  ];
  const byId = await names(ctx, accountIds);
  const a = accessOf(hosted, record, auth);
  const sched = await ctx.site.schedule(record.id);
  const attendance = new Map((sched?.seats ?? []).map((s) => [s.seat, s]));
  const ev = sched ? evaluate(sched, record, ruleset, submitted, ctx.now().getTime(), ctx.checks) : null;
  const settings = ev?.settings ?? settingsOf(null);
  const clock = sched?.clock && sched.clock.step === record.step ? sched.clock : null;
  const runsAt =
    clock?.deadline && clock.pausedAt === null ? new Date(Date.parse(clock.deadline) + settings.graceMinutes * 60_000).toISOString() : null;
  const deadline = {
    settings,
    schedule: describeSchedule(settings.schedule),
    at: clock?.deadline ?? null,
    runsAt,
    inWords: deadlineWords(hosted, record, clock, settings),
    paused: clock?.pausedAt != null,
    waitingFor: ev?.waitingFor ?? [],
  };
  return {
    id: record.id,
    title: hosted.title,
    ruleset: ruleset.id,
    rulesetTitle: ruleset.title,
    scenario: record.scenario,
    seatNoun: ruleset.seatNoun,
    structure: ruleset.structure,
    step: record.step,
    label: record.label,
    over: record.outcome !== null,
    outcome: record.outcome,
    started: hosted.startedAt !== null,
    spectators: hosted.spectators,
    gameMastersReadPrivate: hosted.gameMastersReadPrivate === true,
    creator: byId.get(hosted.creatorId) ?? "(gone)",
    gameMasters: hosted.gameMasters.map((m) => byId.get(m) ?? "(gone)"),
    seats: d.seats.map((s) => ({
      id: s.id,
      name: s.name,
      holder: holderView(holders.get(s.id) ?? { kind: "open" }, byId),
      awaited: awaiting.has(s.id),
      submitted: submitted.has(s.id),
      missed: attendance.get(s.id)?.missed ?? 0,
      holiday: attendance.get(s.id)?.holiday ?? [],
    })),
    deadline,
    you: { seats: a.seats, gameMaster: a.gameMaster, seesAll: a.all },
  };
}

function deadlineWords(
  hosted: HostedGame,
  record: GameRecord,
  clock: { deadline: string | null; pausedAt: string | null } | null,
  settings: DeadlineSettings,
): string {
  const schedule = describeSchedule(settings.schedule);
  if (record.outcome) return "the game is over";
  if (hosted.startedAt === null) return `not started; then ${schedule}`;
  if (clock?.pausedAt) return `paused by the game master since ${clock.pausedAt}; ${schedule}`;
  if (!clock?.deadline) return schedule;
  const grace = settings.graceMinutes > 0 ? ` (runs ${settings.graceMinutes} minutes later, the grace period)` : "";
  const early = settings.earlyAdvance ? ", or as soon as every awaited seat has submitted" : "";
  return `${record.label} is due ${clock.deadline}${grace}${early}; ${schedule}`;
}

/** Deadline settings from a request: the defaults for what is left out, the time zone and the bot level checked. */
function deadlineSettings(ruleset: AnyRuleset, given: Partial<DeadlineSettings> | undefined): DeadlineSettings {
  const merged = { ...DEFAULT_DEADLINES, ...(given ?? {}) };
  const schedule = parseSchedule(merged.schedule);
  if (!schedule.ok) {
    const p = schedule.error[0]!;
    throw new ApiError(400, p.code, `deadlines.${p.order}: ${p.message}`, problemLines(schedule.error));
  }
  if (!Object.hasOwn(ruleset.bots, merged.botLevel))
    throw new ApiError(
      400,
      "unknown-bot",
      `deadlines.botLevel: ${ruleset.id} has no bot "${merged.botLevel}"; its bots: ${Object.keys(ruleset.bots).join(", ")}`,
    );
  const r = deadlineSettingsSchema.safeParse({ ...merged, schedule: schedule.value });
  if (!r.success) throw new ApiError(400, "bad-deadlines", `deadlines: ${r.error.issues[0]?.message ?? "not valid"}`);
  return r.data;
}

const CheckReply = z.object({
  seat: z.string(),
  step: z.number(),
  label: z.string(),
  revision: z.number().describe("every revision is kept; the last one before the step runs counts"),
  ok: z.boolean().describe("no order is expected to fail"),
  check: z.object({
    ok: z.boolean(),
    lines: z.array(z.object({ step: z.string(), order: z.string(), text: z.string(), ok: z.boolean(), certainty: z.string().optional() })),
    problems: z.array(z.object({ order: z.string(), code: z.string(), message: z.string() })),
    oddsFollow: z
      .boolean()
      .optional()
      .describe('checked with ?odds=0: odds were left out (lines say "odds follow"); the same check without ?odds=0 gives them'),
  }),
  skipped: z
    .array(z.object({ order: z.string(), code: z.string(), message: z.string() }))
    .describe("orders skipped as malformed (the rest stand)"),
  advanced: z
    .object({ step: z.number(), label: z.string() })
    .nullable()
    .describe("the step ran at once because every awaited seat had submitted (early advance)"),
});

const OrdersQuery = z.object({
  seat: Id.optional().describe("default: the seat the file names if it is yours, else your only seat"),
  step: StepNumber.optional(),
});

const CheckQuery = OrdersQuery.extend({
  odds: z
    .enum(["0", "1"])
    .optional()
    .describe(
      "0: answer at once and leave out odds that take long to work out (battles simulated, trial runs): the check says oddsFollow, and the same request with odds=1 (the default) gives them; a page shows the first and fills in the second",
    ),
});

/**
 * The seat and step an orders body is for (POST /orders and POST /check alike): the caller must hold the seat,
 * the game must be started and not over, and the step named (by ?step or the file) must be the due one.
 */
async function ordersFor(
  ctx: ServerContext,
  id: string,
  query: z.infer<typeof OrdersQuery>,
  body: unknown,
  auth: Auth | null,
  req: FastifyRequest,
): Promise<{ record: GameRecord; ruleset: AnyRuleset; seat: string; raw: unknown; parsed: ParsedOrders<unknown>; schedule: GameSchedule }> {
  // The game's schedule comes with it (one round trip): a submission then asks whether the step is due.
  const both = await ctx.site.hostedWithSchedule(id);
  if (!both) throw new ApiError(404, "no-game", `no game "${id}" is hosted here (GET /api/games lists the lobby)`);
  const { hosted, schedule, gameVersion } = both;
  const { record, ruleset } = await loadGame(ctx.games, id, gameVersion === undefined ? undefined : { version: gameVersion });
  const a = accessOf(hosted, record, auth);
  if (a.seats.length === 0)
    throw new ApiError(403, "not-your-seat", "you hold no seat in this game: only a seat's player submits its orders");
  if (hosted.startedAt === null)
    throw new ApiError(409, "not-started", "the game has not started: a game master starts it (POST /api/games/ID/start)");
  assertNotOver(record);
  if (body === undefined || body === null || body === "")
    throw new ApiError(400, "no-orders", "the body is empty: send the orders as JSON, YAML or the ruleset's orders file");
  const raw = decodeBody(req, "the orders");
  const parsed = ruleset.parseOrders(raw);
  // The seat: ?seat=ID, else the one the file names (when it is yours), else your only seat.
  const named = parsed.seat !== undefined && parsed.seat !== "" && a.seats.includes(parsed.seat) ? parsed.seat : undefined;
  const seat = query.seat ?? named ?? (a.seats.length === 1 ? a.seats[0]! : undefined);
  if (seat === undefined)
    throw new ApiError(400, "name-the-seat", `you hold several seats (${a.seats.join(", ")}): name one with ?seat=ID or in the file`);
  requireSeat(ruleset, record, seat);
  if (!a.seats.includes(seat))
    throw new ApiError(403, "not-your-seat", `${ruleset.seatNoun} "${seat}" is not yours: only its player submits its orders`);
  if (query.step !== undefined && parsed.step !== undefined && query.step !== parsed.step)
    throw new ApiError(400, "step-mismatch", `?step=${query.step} but the orders say they are for step ${parsed.step}: name one step`);
  const step = query.step ?? parsed.step;
  if (step === undefined)
    throw new ApiError(
      400,
      "no-step",
      `name the step these orders were made for: ?step=${record.step} or the file's own step field (the game awaits step ${record.step}, ${record.label})`,
    );
  if (step !== record.step) {
    const was = step < record.step ? (await ctx.games.history(record.id, step))?.label : undefined;
    throw new ApiError(
      409,
      "stale-orders",
      `these orders were made for step ${step}${was ? ` (${was})` : ""}, but the game awaits step ${record.step} (${record.label}): use the newest results`,
    );
  }
  return { record, ruleset, seat, raw, parsed, schedule };
}

export function registerGameRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ["games"];
  const at = () => ctx.now().toISOString();

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games",
      summary: "create a game of any ruleset and scenario; the caller is its game master",
      tags,
      auth: "required",
      body: CreateGame,
      reply: GameSummary,
      status: 201,
    },
    async ({ body, auth }) => {
      const me = requireAuth(auth).account;
      const ruleset = rulesetById(body.ruleset);
      const scenario = body.scenario ?? ruleset.defaultScenario;
      const id = body.id ?? `g${randomBytes(6).toString("hex")}`;
      const made = newGame({ id, ruleset, scenario, inputs: body.inputs ?? {}, seed: body.seed ?? randomInt(1, 2 ** 31) });
      if (!made.ok)
        throw new ApiError(
          422,
          "invalid-game",
          `cannot start a ${ruleset.id} game: ${problemLines(made.error)[0]}`,
          problemLines(made.error),
        );
      const record = made.value;
      const seatIds = ruleset.describe(record.state).seats.map((s) => s.id);
      const levels = Object.keys(ruleset.bots);
      const badLevel = (l: string) => new ApiError(400, "unknown-bot", `${ruleset.id} has no bot "${l}"; its bots: ${levels.join(", ")}`);
      if (body.bots !== undefined && !levels.includes(body.bots)) throw badLevel(body.bots);
      const seats: HostedSeat[] = [];
      for (const k of Object.keys(body.seats ?? {}))
        if (!seatIds.includes(k))
          throw new ApiError(
            400,
            "unknown-seat",
            `seats: no ${ruleset.seatNoun} "${k}" in this game; its ${ruleset.seatNoun}s: ${seatIds.join(", ")}`,
          );
      for (const seat of seatIds) {
        const c = body.seats && Object.hasOwn(body.seats, seat) ? body.seats[seat]! : body.bots !== undefined ? { bot: body.bots } : "open";
        let holder: SeatHolder;
        if (c === "me") holder = { kind: "account", accountId: me.id };
        else if (c === "open" || c === "invited") holder = { kind: c };
        else if (!levels.includes(c.bot)) throw badLevel(c.bot);
        else holder = { kind: "bot", level: c.bot };
        seats.push({ seat, holder });
      }
      const deadlines = deadlineSettings(ruleset, body.deadlines);
      await ctx.games.create(record);
      const hosted: HostedGame = {
        gameId: id,
        title: body.title ?? `${ruleset.title}: ${scenario}`,
        creatorId: me.id,
        gameMasters: [me.id],
        spectators: body.spectators ?? "after-end",
        createdAt: at(),
        startedAt: null,
        seats,
        deadlines,
        gameMastersReadPrivate: body.gameMastersReadPrivate === true,
      };
      await ctx.site.hostGame(hosted);
      return summaryOf(ctx, hosted, record, ruleset, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games",
      summary: "the lobby: games not started yet with a seat open to join (with ?mine=true, the caller's games)",
      tags,
      auth: "optional",
      query: z.object({ mine: z.enum(["true", "false"]).optional() }),
      reply: z.object({ games: z.array(GameSummary) }),
    },
    async ({ auth, query }) => {
      const list =
        query.mine === "true"
          ? await ctx.site.gamesOf(requireAuth(auth).account.id)
          : (await ctx.site.lobby()).filter((h) => h.seats.some((x) => x.holder.kind === "open"));
      const games = [];
      for (const h of list) {
        const { record, ruleset } = await loadGame(ctx.games, h.gameId);
        games.push(await summaryOf(ctx, h, record, ruleset, auth));
      }
      return { games };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id",
      summary: "a game: its step, label, seats and who has submitted (not what)",
      tags,
      auth: "optional",
      params: GameParams,
      reply: GameSummary,
    },
    async ({ params, auth }) => {
      return summaryNow(ctx, params.id, auth);
    },
  );

  // Seats before the start.
  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/seats/:seat/join",
      summary: "take an open seat (before the start)",
      tags,
      auth: "required",
      params: SeatParams,
      reply: GameSummary,
    },
    async ({ params, auth }) => {
      const me = requireAuth(auth).account;
      const { record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      await ctx.site.setSeat(params.id, params.seat, "open", { kind: "account", accountId: me.id });
      return summaryNow(ctx, params.id, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/seats/:seat/leave",
      summary: "give your seat back (before the start): it is open again",
      tags,
      auth: "required",
      params: SeatParams,
      reply: GameSummary,
    },
    async ({ params, auth }) => {
      const me = requireAuth(auth).account;
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      const h = hosted.seats.find((s) => s.seat === params.seat)?.holder;
      if (h?.kind !== "account" || h.accountId !== me.id)
        throw new ApiError(403, "not-your-seat", `${ruleset.seatNoun} "${params.seat}" is not yours to leave`);
      await ctx.site.setSeat(params.id, params.seat, "account", { kind: "open" });
      return summaryNow(ctx, params.id, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "PUT",
      url: "/api/games/:id/seats/:seat",
      summary: "a game master sets a seat before the start: open, kept for an invite, or given to a bot level",
      tags,
      auth: "required",
      params: SeatParams,
      body: z.strictObject({ holder: z.union([z.enum(["open", "invited"]), z.strictObject({ bot: z.string() })]) }),
      reply: GameSummary,
    },
    async ({ params, body, auth }) => {
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireGameMaster(accessOf(hosted, record, auth), "set its seats");
      requireSeat(ruleset, record, params.seat);
      let to: SeatHolder;
      if (typeof body.holder === "string") to = { kind: body.holder };
      else if (!Object.hasOwn(ruleset.bots, body.holder.bot))
        throw new ApiError(
          400,
          "unknown-bot",
          `${ruleset.id} has no bot "${body.holder.bot}"; its bots: ${Object.keys(ruleset.bots).join(", ")}`,
        );
      else to = { kind: "bot", level: body.holder.bot };
      await ctx.site.setSeat(params.id, params.seat, "any", to);
      return summaryNow(ctx, params.id, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/invites",
      summary: "a game master invites someone to a seat: a link (its token is shown once) that gives the seat to whoever accepts it first",
      tags,
      auth: "required",
      params: GameParams,
      body: z.strictObject({ seat: Id }),
      reply: z.object({ seat: z.string(), token: z.string(), accept: z.string() }),
      status: 201,
    },
    async ({ params, body, auth }) => {
      const me = requireAuth(auth).account;
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireGameMaster(accessOf(hosted, record, auth), "invite players");
      requireSeat(ruleset, record, body.seat);
      const kind = hosted.seats.find((s) => s.seat === body.seat)?.holder.kind;
      if (kind !== "invited") await ctx.site.setSeat(params.id, body.seat, "open", { kind: "invited" });
      const token = newSecret("shi");
      await ctx.site.createInvite({
        tokenHash: sha256(token),
        gameId: params.id,
        seat: body.seat,
        createdBy: me.id,
        createdAt: at(),
        usedBy: null,
        usedAt: null,
      });
      return { seat: body.seat, token, accept: `/api/invites/${token}/accept` };
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/invites/:token/accept",
      summary: "accept an invite: its seat becomes yours",
      tags,
      auth: "required",
      params: z.object({ token: z.string().max(200) }),
      reply: GameSummary,
    },
    async ({ params, auth }) => {
      const me = requireAuth(auth).account;
      const inv = await ctx.site.acceptInvite(sha256(params.token), me.id, at());
      return summaryNow(ctx, inv.gameId, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/game-masters",
      summary: "a game master names another game master",
      tags,
      auth: "required",
      params: GameParams,
      body: z.strictObject({ name: z.string().max(64) }),
      reply: GameSummary,
    },
    async ({ params, body, auth }) => {
      const { hosted, record } = await loadHosted(ctx, params.id);
      requireGameMaster(accessOf(hosted, record, auth), "name game masters");
      const a = await ctx.site.accountByName(body.name);
      if (!a) throw new ApiError(404, "no-account", `no account "${body.name.slice(0, 64)}"`);
      await ctx.site.addGameMaster(params.id, a.id);
      return summaryNow(ctx, params.id, auth);
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/start",
      summary: "a game master starts the game: seats no longer change, orders are taken",
      tags,
      auth: "required",
      params: GameParams,
      reply: GameSummary,
    },
    async ({ params, auth }) => {
      const { hosted, record } = await loadHosted(ctx, params.id);
      requireGameMaster(accessOf(hosted, record, auth), "start it");
      const settings = settingsOf((await ctx.site.schedule(params.id))?.deadlines);
      const now = ctx.now().getTime();
      await ctx.site.startGame(params.id, at(), record.outcome ? null : gameClock(record.step, openStep(settings, now)));
      return summaryNow(ctx, params.id, auth);
    },
  );

  // Orders and runs.
  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/orders",
      summary:
        "submit a seat's orders for the due step (JSON, YAML or the ruleset's orders file as text); the reply is the check. The step is named by ?step=N or by the file itself (its turn/step field)",
      tags: ["orders"],
      auth: "required",
      params: GameParams,
      query: OrdersQuery,
      rawBody: "the seat's orders file (its JSON Schema: starhost schema RULESET orders), as JSON, YAML or plain text",
      bodyLimit: ctx.ordersBodyLimit,
      reply: CheckReply,
    },
    async ({ params, query, body, auth, req }) => {
      const me = requireAuth(auth).account;
      const { record, ruleset, seat, raw, parsed, schedule } = await ordersFor(ctx, params.id, query, body, auth, req);
      const sub = await submitOrders(ctx.games, record.id, seat, raw, `api ${me.name}`, at(), ctx.checks, { record, ruleset, parsed });
      await ctx.events.publish({ kind: "submitted", game: record.id, seat, step: record.step });
      // Early advance: the last awaited seat's orders may make the step due now; if not, the one seat still awaited,
      // if one, hears it is the last to submit. The orders stand whatever happens after.
      let advanced: { step: number; label: string } | null = null;
      try {
        const due = await runIfDue(ctx, record.id, ctx.now().getTime(), {
          holder: "starhost serve: early advance",
          lastCall: true,
          loaded: { record, ruleset },
          schedule,
          ...(sub.submitters ? { submitted: { gameId: record.id, step: record.step, seats: sub.submitters } } : {}),
          // A worker runs the step, and the steps then awaiting only bots after it (at most FOLLOW_ON).
          ...(ctx.enqueue ? { enqueue: followingOn(ctx.enqueue) } : {}),
        });
        const ran = due.ran[0];
        if (ran) advanced = { step: ran.step, label: ran.label };
        for (const f of due.failed) req.log.error(`${f.gameId}: ${f.error}`);
        // Steps that then await only bots (a Battleshift side's activation after the player's) run at once as well:
        // every seat they await has, in effect, submitted (early advance). Before, each waited for the next tick
        // (30 s) or the game master's "Run now". They run after this reply, not before it: a bot's steps can take
        // seconds each on a busy machine, and the player's page hears of each by the live updates. At most
        // FOLLOW_ON of them; the ticker runs any left. Each takes the game's lock, as any run does.
        if (due.ran.length > 0)
          void (async () => {
            for (let more = 0, last = due; last.ran.length > 0 && more < FOLLOW_ON; more++) {
              last = await runIfDue(ctx, record.id, ctx.now().getTime(), { holder: "starhost serve: early advance, bots' steps" });
              for (const f of last.failed) req.log.error(`${f.gameId}: ${f.error}`);
            }
          })().catch((e) => req.log.error(e));
      } catch (e) {
        req.log.error(e);
      }
      return {
        advanced,
        seat,
        step: record.step,
        label: record.label,
        revision: sub.revision,
        ok: sub.check.ok,
        check: sub.check,
        skipped: sub.problems,
      };
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/check",
      summary:
        "check a seat's orders without submitting them: the reply is the check POST /orders would give, and nothing is kept (a client checks as its player types; with ?odds=0 it answers first without the odds, then asks for them)",
      tags: ["orders"],
      auth: "required",
      params: GameParams,
      query: CheckQuery,
      rawBody: "the seat's orders file, as for POST /api/games/ID/orders",
      bodyLimit: ctx.ordersBodyLimit,
      reply: CheckReply.omit({ revision: true, advanced: true }),
    },
    async ({ params, query, body, auth, req }) => {
      const { record, ruleset, seat, raw, parsed } = await ordersFor(ctx, params.id, query, body, auth, req);
      const a = acceptOrders(ruleset, record, seat, raw, ctx.checks, parsed, { odds: query.odds !== "0" });
      if (!a.ok)
        throw new HostError("orders-refused", `these orders would be refused whole: ${problemLines(a.error)[0]}`, problemLines(a.error));
      return { seat, step: record.step, label: record.label, ok: a.value.check.ok, check: a.value.check, skipped: a.value.problems };
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/run",
      summary:
        "a game master runs the due step now: bot seats play, absent players' seats as the deadline settings say (their bot, or default orders)",
      tags: ["orders"],
      auth: "required",
      params: GameParams,
      reply: z.object({ ran: z.object({ step: z.number(), label: z.string() }), game: GameSummary }),
    },
    async ({ params, auth }) => {
      const me = requireAuth(auth).account;
      const { hosted, record } = await loadHosted(ctx, params.id);
      requireGameMaster(accessOf(hosted, record, auth), "run its steps");
      if (hosted.startedAt === null)
        throw new ApiError(409, "not-started", "the game has not started: start it first (POST /api/games/ID/start)");
      const run = await runHostedStep(ctx, record.id, {
        now: ctx.now().getTime(),
        holder: `starhost serve: run by ${me.name}`,
        force: true,
      }).catch((e) => {
        if (e instanceof NotRun)
          throw new ApiError(
            409,
            e.why === "locked" ? "locked" : "stale-step",
            "the step is being run, or has just run: read the game again",
          );
        throw e;
      });
      return { ran: { step: run.entry.step, label: run.entry.label }, game: await summaryOf(ctx, hosted, run.next, run.ruleset, auth) };
    },
  );

  // What each seat may read.
  const Report = z.object({ seat: z.string(), step: z.number().nullable(), label: z.string(), text: z.string(), json: z.unknown() });
  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/seats/:seat/report",
      summary: "a seat's results of a step (default: the last run; before any, the start; step 0: the start)",
      tags: ["views"],
      auth: "optional",
      params: SeatParams,
      query: z.object({ step: ReportStep.optional() }),
      reply: Report,
    },
    async ({ params, query, auth }) => {
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      requireSeatSight(accessOf(hosted, record, auth), auth, params.seat, ruleset.seatNoun);
      const r = await seatReport(ctx.games, params.id, params.seat, query.step);
      return { seat: params.seat, ...r };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/seats/:seat/view",
      summary: "what a seat sees now (fog of war): its view after the last step",
      tags: ["views"],
      auth: "optional",
      params: SeatParams,
      reply: z.object({ seat: z.string(), step: z.number(), label: z.string(), view: z.unknown() }),
    },
    async ({ params, auth }) => {
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      requireSeatSight(accessOf(hosted, record, auth), auth, params.seat, ruleset.seatNoun);
      const last = (await ctx.games.steps(params.id)).at(-1);
      const events = last === undefined ? [] : ((await ctx.games.history(params.id, last))?.events ?? []);
      return { seat: params.seat, step: record.step, label: record.label, view: ruleset.view(record.state, params.seat, events) };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/seats/:seat/history",
      summary: "a seat's own history: the steps run with the orders it was adjudicated with, and its revisions for the due step",
      tags: ["views"],
      auth: "optional",
      params: SeatParams,
      reply: z.object({
        seat: z.string(),
        steps: z.array(z.object({ step: z.number(), label: z.string(), source: z.string().nullable(), orders: z.unknown() })),
        due: z.object({
          step: z.number(),
          label: z.string(),
          revisions: z.array(
            z.object({ revision: z.number(), at: z.string(), source: z.string(), orders: z.unknown(), problems: z.array(z.unknown()) }),
          ),
        }),
      }),
    },
    async ({ params, auth }) => {
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      requireSeatSight(accessOf(hosted, record, auth), auth, params.seat, ruleset.seatNoun);
      const steps = [];
      for (const n of await ctx.games.steps(params.id)) {
        const e = await ctx.games.history(params.id, n);
        if (!e) continue;
        const own = Object.hasOwn(e.sources, params.seat);
        steps.push({
          step: e.step,
          label: e.label,
          source: own ? e.sources[params.seat]! : null,
          orders: own ? e.orders[params.seat] : null,
        });
      }
      const revisions = (await ctx.games.submissions(params.id, record.step))
        .filter((s) => s.seat === params.seat)
        .map((s) => ({ revision: s.revision, at: s.at, source: s.source, orders: s.orders, problems: s.problems }));
      return { seat: params.seat, steps, due: { step: record.step, label: record.label, revisions } };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/seats/:seat/options",
      summary: "what a seat can order now, as menus (every order type with the ids and ranges its fields take)",
      tags: ["views"],
      auth: "optional",
      params: SeatParams,
      reply: z.unknown(),
    },
    async ({ params, auth }) => {
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      requireSeatSight(accessOf(hosted, record, auth), auth, params.seat, ruleset.seatNoun);
      assertNotOver(record);
      return ruleset.legalOrders(record.state, params.seat);
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/seats/:seat/template",
      summary: "a commented orders file (YAML) for a seat to start from",
      tags: ["views"],
      auth: "optional",
      params: SeatParams,
    },
    async ({ params, auth, reply }) => {
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      requireSeat(ruleset, record, params.seat);
      requireSeatSight(accessOf(hosted, record, auth), auth, params.seat, ruleset.seatNoun);
      assertNotOver(record);
      reply.type("application/yaml; charset=utf-8");
      return ruleset.ordersTemplate(record.state, params.seat);
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/state",
      summary: "the whole state (game masters, and spectators when allowed)",
      tags: ["views"],
      auth: "optional",
      params: GameParams,
      reply: z.object({ step: z.number(), label: z.string(), outcome: z.unknown(), state: z.unknown() }),
    },
    async ({ params, auth }) => {
      const { hosted, record } = await loadHosted(ctx, params.id);
      requireAll(accessOf(hosted, record, auth), auth, "the whole state");
      return { step: record.step, label: record.label, outcome: record.outcome, state: record.state };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/steps/:step",
      summary: "a step as run: every seat's orders, where they came from, every event (game masters, and spectators when allowed)",
      tags: ["views"],
      auth: "optional",
      params: z.object({ id: Id, step: StepNumber }),
      reply: z.unknown(),
    },
    async ({ params, auth }) => {
      const { hosted, record } = await loadHosted(ctx, params.id);
      requireAll(accessOf(hosted, record, auth), auth, "a step's history");
      const e = await ctx.games.history(params.id, params.step);
      if (!e) throw new ApiError(404, "no-history", `step ${params.step} has not been run in this game`);
      return { step: e.step, label: e.label, orders: e.orders, sources: e.sources, events: e.events };
    },
  );
}
