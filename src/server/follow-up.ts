/**
 * What follows a step run or a notice, the same in every process that runs steps or claims notices: the app
 * of `starhost serve` (POST /run, early advance, its due-step ticker) and `starhost worker` (pg-boss jobs, its
 * ticker). One function, so a step a worker runs mails its results exactly as one serve runs does.
 *
 *  - after a step: every process's subscribers hear "step" (NOTIFY); seats that play by mail get their results;
 *  - a notice (reminder, last to submit): the seat's own stream hears "reminder"; by mail if it plays by mail.
 *
 * Neither throws: the step or the claim stands, and a failure is logged (`log`).
 */
import type { StepRun } from "../host/games.js";
import type { SeatNotice } from "./deadlines.js";
import { type MailContext, mailNotice, mailResults } from "./mail/wire.js";

export type FollowUpContext = MailContext & { log: (e: Error, what: string) => void };

export interface FollowUps {
  afterStep(gameId: string, run: StepRun): Promise<void>;
  remind(n: SeatNotice): Promise<void>;
}

export function followUps(ctx: FollowUpContext): FollowUps {
  const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));
  return {
    async afterStep(gameId, run) {
      await ctx.events.publish({ kind: "step", game: gameId, step: run.next.step });
      for (const e of await mailResults(ctx, gameId, run).catch((e: unknown) => [asError(e)])) ctx.log(e, `results of ${gameId} by mail`);
    },
    async remind(n) {
      await ctx.events.publish({ kind: "reminder", game: n.gameId, seat: n.seat, step: n.step, reason: n.reason });
      await mailNotice(ctx, n).catch((e: unknown) => ctx.log(asError(e), `the ${n.reason} notice of ${n.gameId} to ${n.seat} by mail`));
    },
  };
}
