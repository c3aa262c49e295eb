/**
 * Live updates as Server-Sent Events (issue 10): GET /api/games/:id/events, for whoever may read the
 * game's messages (a seat's player, a game master, a spectator the game allows; authenticated as every
 * other route). Events:
 *   submitted  { seat, step }          a seat has submitted (which seat, never what)
 *   step       { step, label, over }   a step ran: the game now awaits this one
 *   message    { ...the message }      only to those who may read it (messages.ts `maySee`)
 *   deadline   { }                     the deadline changed (re-read the game)
 *   reminder   { seat, step, label, reason, deadline, submitted }
 *                                      to the stream of that seat's player alone: the deadline is near
 *                                      (reason "deadline") or every other awaited seat has submitted ("last")
 * Each notification names ids only; it is re-read here and filtered for this subscriber, with the
 * subscriber's access taken anew (a seat handed to another account stops hearing its messages).
 *
 * A message event carries the message's id as its SSE id. A client that reconnects sends the last one it
 * had (the Last-Event-ID header, which browsers' EventSource send by themselves, or ?lastEventId=N): it is
 * sent the messages it may read that came meanwhile, oldest first, then a "step" event with where the game
 * stands now (a step may have run while it was away), before anything new. Other events are not kept, so
 * they are not sent again: the step event says what to re-read.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { noticeFacts } from "./deadlines.js";
import type { GameEvent } from "./events.js";
import { accessOf, Id, loadHosted } from "./games.js";
import { route, type ServerContext } from "./http.js";
import { maySee, messageView, requireReader } from "./messages.js";

/** How often a comment line keeps idle proxies from closing the stream. */
const KEEPALIVE_MS = 15_000;

export function registerLiveRoutes(app: FastifyInstance, ctx: ServerContext): void {
  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/events",
      summary:
        "live updates as Server-Sent Events: submitted (which seat, not what), step (the new step and label), message (those you may read), deadline, reminder (to your own seat: the deadline is near, or you are the last to submit)",
      tags: ["live"],
      auth: "optional",
      params: z.object({ id: Id }),
      query: z.object({
        lastEventId: z.coerce
          .number()
          .int()
          .min(0)
          .max(Number.MAX_SAFE_INTEGER)
          .optional()
          .describe("the last message id you had (as the Last-Event-ID header): the messages since are sent first"),
      }),
    },
    async ({ params, query, auth, req, reply }) => {
      const first = await loadHosted(ctx, params.id);
      requireReader(accessOf(first.hosted, first.record, auth), auth);
      const header = req.headers["last-event-id"];
      const lastId =
        query.lastEventId ?? (typeof header === "string" && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined);
      const res = reply.raw;
      let open = true;
      // Events are delivered in order, one at a time, after the stream's head (and any catching up) is written.
      let started = () => {};
      let queue: Promise<void> = new Promise<void>((r) => {
        started = r;
      });
      const write = (text: string) => {
        if (open) res.write(text);
      };
      const end = () => {
        if (!open) return;
        open = false;
        res.end();
      };
      const send = (event: string, data: unknown, id?: number) =>
        write(`${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

      const deliver = async (e: GameEvent): Promise<void> => {
        const { hosted, record } = await loadHosted(ctx, params.id);
        const a = accessOf(hosted, record, auth);
        if (!(a.seats.length > 0 || a.gameMaster || a.all)) return end();
        if (e.kind === "submitted") send("submitted", { seat: e.seat, step: e.step });
        else if (e.kind === "step") send("step", { step: record.step, label: record.label, over: record.outcome !== null });
        else if (e.kind === "deadline") send("deadline", {});
        else if (e.kind === "reminder") {
          // Only the seat's own player: not the game masters, not spectators, not the other seats.
          if (!a.seats.includes(e.seat)) return;
          const f = await noticeFacts(ctx, { gameId: params.id, seat: e.seat, step: e.step, reason: e.reason });
          if (f)
            send("reminder", {
              seat: e.seat,
              step: e.step,
              label: f.label,
              reason: e.reason,
              deadline: f.deadline,
              submitted: f.submitted,
            });
        } else {
          const m = await ctx.site.message(params.id, e.id);
          if (m && maySee(m, a, hosted)) send("message", messageView(m), m.id);
        }
      };
      const catchUp = async (after: number): Promise<void> => {
        const { hosted, record } = await loadHosted(ctx, params.id);
        const a = accessOf(hosted, record, auth);
        for (const m of await ctx.site.messages(params.id, { afterId: after }))
          if (maySee(m, a, hosted)) send("message", messageView(m), m.id);
        send("step", { step: record.step, label: record.label, over: record.outcome !== null });
      };
      if (lastId !== undefined) queue = queue.then(() => catchUp(lastId)).catch(() => {});
      const stop = await ctx.events.subscribe(
        params.id,
        (e) => {
          // In order, one at a time; a failure to re-read drops that event, not the stream.
          queue = queue.then(() => deliver(e)).catch(() => {});
        },
        end,
      );
      reply.hijack();
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      write(`: live updates of ${params.id}\nretry: 3000\n\n`);
      started();
      const ping = setInterval(() => write(": keep-alive\n\n"), KEEPALIVE_MS);
      ping.unref();
      req.raw.on("close", () => {
        clearInterval(ping);
        stop();
        end();
      });
    },
  );
}
