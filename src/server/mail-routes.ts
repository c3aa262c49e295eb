/**
 * Mail play over the API:
 *   PUT /api/account/email                 the caller's mail address (null forgets it)
 *   GET /api/games/:id/seats/:seat/mail    the seat's mail play and orders address: its player only
 *   PUT /api/games/:id/seats/:seat/mail    its player turns mail play on or off
 * The orders address carries the seat's secret, so only the seat's player reads it (not the game
 * masters: they must not be able to send orders as the seat).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SeatMail } from "../store/site.js";
import { ApiError } from "./errors.js";
import { Id, loadHosted } from "./games.js";
import { requireAuth, route, type ServerContext } from "./http.js";
import { newSeatSecret, orderAddress } from "./mail/addresses.js";

const Email = z
  .string()
  .max(254, "an address has at most 254 characters")
  .regex(/^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, "a mail address: local@domain.example");

const MailView = z.object({
  seat: z.string(),
  on: z.boolean().describe("results and messages are mailed; orders are taken by mail"),
  email: z.string().nullable().describe("where mail goes and where orders must come from: the account's address"),
  ordersAddress: z.string().nullable().describe("send orders here (keep it secret: it carries the seat's key)"),
  ordersSubject: z.string().nullable().describe('or send to any address of the desk with this subject (e.g. a "Re:" of your results)'),
});

export function registerMailRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ["mail"];

  route(
    app,
    ctx,
    {
      method: "PUT",
      url: "/api/account/email",
      summary: "set the caller's mail address (null forgets it): where results and messages go for the seats played by mail",
      tags,
      auth: "required",
      body: z.strictObject({ email: Email.nullable() }),
      reply: z.object({ email: z.string().nullable() }),
    },
    async ({ body, auth }) => {
      const me = requireAuth(auth).account;
      const email = body.email === null ? null : body.email.toLowerCase();
      await ctx.site.setEmail(me.id, email);
      await ctx.auth.changed(me.id);
      return { email };
    },
  );

  const SeatParams = z.object({ id: Id, seat: Id });

  async function ownSeat(id: string, seat: string, accountId: string): Promise<SeatMail> {
    const { hosted } = await loadHosted(ctx, id);
    const h = hosted.seats.find((s) => s.seat === seat)?.holder;
    if (h?.kind !== "account" || h.accountId !== accountId)
      throw new ApiError(403, "not-your-seat", `seat "${seat}" is not yours: only a seat's player reads or sets its mail play`);
    const m = await ctx.site.seatMail(id, seat);
    if (!m) throw new ApiError(403, "not-your-seat", `seat "${seat}" is not yours`);
    return m;
  }

  function view(m: SeatMail): z.infer<typeof MailView> {
    const ready = ctx.mail !== null && m.on && m.secret !== null;
    const key = { game: m.gameId, seat: m.seat, secret: m.secret ?? "" };
    return {
      seat: m.seat,
      on: m.on,
      email: m.email,
      ordersAddress: ready ? orderAddress(key, ctx.mail!.domain) : null,
      ordersSubject: ready ? `orders ${key.game} ${key.seat} ${key.secret}` : null,
    };
  }

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/seats/:seat/mail",
      summary: "whether your seat plays by mail, and its orders address (only the seat's player)",
      tags,
      auth: "required",
      params: SeatParams,
      reply: MailView,
    },
    async ({ params, auth }) => view(await ownSeat(params.id, params.seat, requireAuth(auth).account.id)),
  );

  route(
    app,
    ctx,
    {
      method: "PUT",
      url: "/api/games/:id/seats/:seat/mail",
      summary: "turn mail play on or off for your seat: results and messages by mail, orders from your address to the orders address",
      tags,
      auth: "required",
      params: SeatParams,
      body: z.strictObject({ on: z.boolean() }),
      reply: MailView,
    },
    async ({ params, body, auth }) => {
      const me = requireAuth(auth).account;
      await ownSeat(params.id, params.seat, me.id);
      if (body.on && ctx.mail === null)
        throw new ApiError(
          409,
          "mail-off",
          "this server does not play by mail (starhost serve --mail-domain DOMAIN --smtp URL --smtp-in PORT)",
        );
      if (body.on && !me.email)
        throw new ApiError(409, "no-email", 'set your mail address first: PUT /api/account/email { "email": "you@example.org" }');
      return view(await ctx.site.setSeatMail(params.id, params.seat, body.on, newSeatSecret()));
    },
  );
}
