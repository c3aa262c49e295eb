/**
 * Mail play wired to the server's stores: the orders desk looks a seat's registered
 * address (its account's email) and secret up in the site store, and only for seats
 * whose player turned mail play on; results go to those seats when a step runs, each
 * seat its own report and nothing else, and so do reminders and "you are the last to
 * submit" (the notices of ../deadlines.ts), each to its own seat.
 */
import { canonicalJson } from "../../core/json.js";
import { loadGame, type StepRun } from "../../host/games.js";
import { noticeFacts, runIfDue, type SeatNotice } from "../deadlines.js";
import type { EventHub } from "../events.js";
import type { ServerContext } from "../http.js";
import { orderAddress } from "./addresses.js";
import { storeDesk } from "./desk.js";
import { answerOrderMail, type MailDesk, readOrderMail } from "./inbound.js";
import { reminderMail, replyMail, resultsMail } from "./outbound.js";

export type MailContext = Pick<ServerContext, "games" | "site" | "now" | "mail"> & { events: Pick<EventHub, "publish"> };

/**
 * The desk of a server: orders by mail from a seat's player, checked like orders over HTTP and followed as they
 * are: early advance (the step runs, or is queued for a worker, once every awaited seat has submitted), or else
 * the one seat left without orders hears it is the last to submit.
 */
export function siteDesk(ctx: MailContext & Pick<ServerContext, "remind" | "afterStep" | "enqueue">): MailDesk {
  const inner = storeDesk(
    ctx.games,
    async (game, seat) => {
      const m = await ctx.site.seatMail(game, seat);
      return m?.on && m.email && m.secret ? { address: m.email, secret: m.secret } : null;
    },
    () => ctx.now().toISOString(),
  );
  return {
    seatMail: inner.seatMail,
    async submit(key, orders, source) {
      const hosted = await ctx.site.hostedGame(key.game);
      if (!hosted?.startedAt) return { accepted: false, text: "Orders refused, nothing kept: the game has not started." };
      const r = await inner.submit(key, orders, source);
      if (r.accepted) {
        const { record } = await loadGame(ctx.games, key.game);
        await ctx.events.publish({ kind: "submitted", game: key.game, seat: key.seat, step: record.step });
        // After the reply: the orders are kept whatever happens then, and a failure there is not the sender's (the
        // next due-step look runs the step all the same).
        const afterwards = async () => {
          await runIfDue(ctx, key.game, ctx.now().getTime(), {
            holder: "starhost serve: early advance (orders by mail)",
            lastCall: true,
            ...(ctx.enqueue ? { enqueue: ctx.enqueue } : {}),
          }).catch(() => null);
        };
        return { ...r, afterwards };
      }
      return r;
    },
  };
}

/** One message that came to the orders endpoint: read, answered (by mail, when a mailer is set), or dropped. */
export async function takeOrderMail(ctx: MailContext, desk: MailDesk, raw: Buffer, envelopeTo: string[]): Promise<void> {
  const mail = await readOrderMail(raw, envelopeTo);
  const reply = await answerOrderMail(mail, desk);
  try {
    if (reply && ctx.mail?.mailer) await ctx.mail.mailer.send(replyMail(reply));
  } finally {
    // The orders are kept: what follows them (early advance, last to submit) happens even if the reply fails.
    await reply?.afterwards?.();
  }
}

/** After a step: each seat that plays by mail gets its own results. Failures are returned, not thrown (the step stands). */
export async function mailResults(ctx: MailContext, gameId: string, run: StepRun): Promise<Error[]> {
  const mail = ctx.mail;
  if (!mail?.mailer) return [];
  const failed: Error[] = [];
  const seats = (await ctx.site.mailSeats(gameId)).filter((m) => m.email && m.secret);
  if (seats.length === 0) return [];
  // The step's results come from the run in hand: the state after it in the key order every store gives back
  // (what seatReport reads from the history), once for all seats rather than a history read per seat.
  const after = JSON.parse(canonicalJson(run.next.state));
  for (const m of seats) {
    if (!m.email || !m.secret) continue;
    try {
      const r = run.ruleset.report(after, m.seat, run.entry.events);
      await mail.mailer.send(
        resultsMail({
          to: m.email,
          game: gameId,
          seat: m.seat,
          label: run.entry.label,
          text: r.text,
          json: r.json,
          ordersAddress: orderAddress({ game: gameId, seat: m.seat, secret: m.secret }, mail.domain),
        }),
      );
    } catch (e) {
      failed.push(e instanceof Error ? e : new Error(String(e)));
    }
  }
  return failed;
}

/** A notice (reminder, last to submit) by mail, when its seat plays by mail; nothing when its step has run meanwhile. */
export async function mailNotice(ctx: MailContext, n: SeatNotice): Promise<void> {
  const mail = ctx.mail;
  if (!mail?.mailer) return;
  const m = await ctx.site.seatMail(n.gameId, n.seat);
  if (!m?.on || !m.email || !m.secret) return;
  const f = await noticeFacts(ctx, n);
  if (!f) return;
  await mail.mailer.send(
    reminderMail({
      to: m.email,
      game: n.gameId,
      title: f.title,
      seat: n.seat,
      label: f.label,
      reason: n.reason,
      deadline: f.deadline,
      now: ctx.now().getTime(),
      submitted: f.submitted,
      ordersAddress: orderAddress({ game: n.gameId, seat: n.seat, secret: m.secret }, mail.domain),
    }),
  );
}
