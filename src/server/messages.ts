/**
 * Diplomacy between players (issue 10): messages kept with the game.
 *   POST /api/games/:id/messages   a seat's player writes to some seats, or to all (a public announcement);
 *                                  a reply names the message it answers and joins its thread
 *   GET  /api/games/:id/messages   the messages the caller may read, oldest first
 * Who reads what: a seat reads what it sent, what was sent to it, and public announcements; game masters
 * read public ones, and private ones only when the game says so (gameMastersReadPrivate); spectators the
 * game lets watch read public ones. Nobody else reads anything. Recipients who play by mail get the
 * message by mail too. `maySee` is the one rule, for these routes and for live updates (./live.ts).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { GameMessage, HostedGame } from "../store/site.js";
import { ApiError } from "./errors.js";
import { type Access, accessOf, Id, loadHosted } from "./games.js";
import { type Auth, requireAuth, route, type ServerContext } from "./http.js";

export const MAX_MESSAGE = 4000;
const MAX_RECIPIENTS = 64;

/** Control characters other than newline and tab, and the bidirectional overrides that disguise text. */
function hostileChar(t: string): boolean {
  for (const ch of t) {
    const c = ch.codePointAt(0)!;
    if ((c < 0x20 && c !== 0x0a && c !== 0x09) || (c >= 0x7f && c <= 0x9f)) return true;
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true;
  }
  return false;
}

const Text = z
  .string()
  .min(1, "a message has some text")
  .max(MAX_MESSAGE, `a message has at most ${MAX_MESSAGE} characters`)
  .refine((t) => t.trim() !== "", "a message has some text besides spaces")
  .refine((t) => !hostileChar(t), "a message has no control characters (newlines and tabs are fine) and no bidirectional overrides");

const Post = z.strictObject({
  from: Id.optional().describe("your seat (default: your only seat)"),
  to: z
    .union([z.literal("all"), z.array(Id).min(1).max(MAX_RECIPIENTS)])
    .describe('"all" for a public announcement, or the seats it is for (private to them)'),
  replyTo: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().describe("the id of the message this answers (its thread)"),
  text: Text,
});

export const MessageView = z.object({
  id: z.number(),
  from: z.string(),
  to: z.union([z.literal("all"), z.array(z.string())]),
  replyTo: z.number().nullable(),
  thread: z.number(),
  text: z.string(),
  at: z.string(),
});

export function messageView(m: GameMessage): z.infer<typeof MessageView> {
  return { id: m.id, from: m.from, to: m.to ?? "all", replyTo: m.replyTo, thread: m.thread, text: m.text, at: m.at };
}

/** Whether a reader with this access may read the message. */
export function maySee(m: GameMessage, a: Access, hosted: HostedGame): boolean {
  if (m.to === null) return a.seats.length > 0 || a.gameMaster || a.all;
  if (a.seats.includes(m.from) || m.to.some((s) => a.seats.includes(s))) return true;
  return a.gameMaster && hosted.gameMastersReadPrivate === true;
}

/** The seat `seat` alone: may it read the message (for replies and mail)? */
function seatSees(m: GameMessage, seat: string): boolean {
  return m.to === null || m.from === seat || m.to.includes(seat);
}

export function registerMessageRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ["messages"];
  const GameParams = z.object({ id: Id });

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/games/:id/messages",
      summary: "write to some seats (private to them) or to all (public); replyTo answers a message you can read, in its thread",
      tags,
      auth: "required",
      params: GameParams,
      body: Post,
      reply: MessageView,
      status: 201,
    },
    async ({ params, body, auth }) => {
      requireAuth(auth);
      const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
      const a = accessOf(hosted, record, auth);
      if (a.seats.length === 0)
        throw new ApiError(403, "not-your-seat", "you hold no seat in this game: only the seats' players write messages");
      const from = body.from ?? (a.seats.length === 1 ? a.seats[0]! : undefined);
      if (from === undefined)
        throw new ApiError(400, "name-the-seat", `you hold several seats (${a.seats.join(", ")}): name one in "from"`);
      if (!a.seats.includes(from))
        throw new ApiError(403, "not-your-seat", `${ruleset.seatNoun} "${from}" is not yours: you write as your own seat`);
      const seats = ruleset.describe(record.state).seats.map((s) => s.id);
      let to: string[] | null = null;
      if (body.to !== "all") {
        const unknown = body.to.filter((s) => !seats.includes(s));
        if (unknown.length > 0)
          throw new ApiError(
            400,
            "unknown-seat",
            `to: no ${ruleset.seatNoun} "${unknown[0]}" in this game; its ${ruleset.seatNoun}s: ${seats.join(", ")}`,
          );
        to = [...new Set(body.to)].filter((s) => s !== from);
        if (to.length === 0) throw new ApiError(400, "no-recipient", 'to: name at least one seat besides your own, or "all"');
      }
      if (body.replyTo !== undefined) {
        const parent = await ctx.site.message(params.id, body.replyTo);
        // A message the seat may not read is answered as one that does not exist: nothing is learnt by probing ids.
        if (!parent || !seatSees(parent, from))
          throw new ApiError(404, "no-message", `no message ${body.replyTo} that ${ruleset.seatNoun} "${from}" can read in this game`);
      }
      const m = await ctx.site.addMessage({
        gameId: params.id,
        from,
        to,
        replyTo: body.replyTo ?? null,
        text: body.text,
        at: ctx.now().toISOString(),
      });
      await ctx.events.publish({ kind: "message", game: params.id, id: m.id });
      await mailMessage(ctx, hosted, m, ruleset.seatNoun, app);
      return messageView(m);
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/messages",
      summary:
        "the messages you may read: your seats' (sent and received) and public ones; ?thread=ID for one thread, ?after=ID for newer ones",
      tags,
      auth: "optional",
      params: GameParams,
      query: z.object({
        thread: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
        after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      }),
      reply: z.object({ messages: z.array(MessageView) }),
    },
    async ({ params, query, auth }) => {
      const { hosted, record } = await loadHosted(ctx, params.id);
      const a = requireReader(accessOf(hosted, record, auth), auth);
      const all = await ctx.site.messages(params.id, { afterId: query.after ?? 0 });
      const messages = all
        .filter((m) => maySee(m, a, hosted))
        .filter((m) => query.thread === undefined || m.thread === query.thread)
        .map(messageView);
      return { messages };
    },
  );
}

/** 401 or 403 unless the caller reads some of the game's messages (a seat, a game master, an allowed spectator). */
export function requireReader(a: Access, auth: Auth | null): Access {
  if (a.seats.length > 0 || a.gameMaster || a.all) return a;
  if (!auth) throw new ApiError(401, "sign-in-required", "sign in to read this game's messages");
  throw new ApiError(403, "not-a-reader", "only the game's players, its game masters and the spectators it allows read its messages");
}

/** Mail the message to its recipients who play by mail (never to its sender's seat). Failures are logged. */
async function mailMessage(ctx: ServerContext, hosted: HostedGame, m: GameMessage, noun: string, app: FastifyInstance): Promise<void> {
  const mailer = ctx.mail?.mailer;
  if (!mailer) return;
  for (const s of await ctx.site.mailSeats(hosted.gameId)) {
    if (!s.email || s.seat === m.from || !seatSees(m, s.seat)) continue;
    const to = m.to === null ? "everyone (public)" : m.to.join(", ");
    try {
      await mailer.send({
        to: s.email,
        subject: `${hosted.gameId}: ${m.to === null ? "announcement" : "message"} from ${m.from}`,
        text: `From ${noun} ${m.from} to ${to} (message ${m.id}${m.replyTo !== null ? `, in reply to ${m.replyTo}` : ""}):\n\n${m.text}\n\n-- \nAnswer over the API: POST /api/games/${hosted.gameId}/messages with "replyTo": ${m.id}\n`,
      });
    } catch (e) {
      app.log.error({ err: e }, `message ${m.id} of ${hosted.gameId} by mail to ${s.seat} failed`);
    }
  }
}
