/**
 * `starhost serve`: the HTTP API (src/server) on a port, its data in a PGlite folder
 * (`--data`, default ./starhost-data) or in PostgreSQL when DATABASE_URL is set. Stops
 * cleanly on SIGINT and SIGTERM: no new connections, requests in flight answered, then the
 * database closed. The server is imported only when this command runs, so no other
 * command loads Fastify.
 */

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { intOption, PACKAGE_ROOT, UsageError } from "./common.js";

export function registerServeCommand(program: Command): void {
  program
    .command("serve")
    .description("serve the HTTP API: accounts, games, orders, runs, views and tools (OpenAPI at /docs)")
    .option("--port <n>", "the TCP port to listen on", intOption("--port", 0, 65_535), 8080)
    .option("--host <address>", "the address to listen on (0.0.0.0 for every interface)", "127.0.0.1")
    .option("--data <dir>", "the PGlite folder that keeps everything (ignored when DATABASE_URL is set)", "./starhost-data")
    .option(
      "--admin <name>",
      "an account name that is a site admin (repeatable; given when it registers, or at start if it exists)",
      (v: string, acc: string[] = []) => [...acc, v],
    )
    .option("--secure-cookies <when>", "auto (when the request came over TLS), always or never", "auto")
    .option("--trust-proxy", "trust X-Forwarded-For and X-Forwarded-Proto from a reverse proxy")
    .option("--web <dir>", "the built web client to serve at / (default: the package's dist-web, made by npm run build:web)")
    .option("--log", "log every request (JSON lines on standard output)")
    .option(
      "--local",
      "a game ready to play on this machine (npm start): a local account, the tutorial galaxy and a Battleshift skirmish against bots, made once in the data folder",
    )
    .option("--tick <seconds>", "how often due steps are looked for (deadlines passed, early advance)", intOption("--tick", 1, 3600), 30)
    .option(
      "--smtp <url>",
      "send results, reminders, order replies and messages over this SMTP server (smtp://user:pass@host:587, smtps:// for TLS)",
    )
    .option(
      "--smtp-in <port>",
      "take orders by mail: an SMTP endpoint on this port (behind the site's mail exchanger)",
      intOption("--smtp-in", 0, 65_535),
    )
    .option("--mail-domain <domain>", "the domain of the seats' orders addresses (orders+GAME.SEAT.SECRET@DOMAIN); turns mail play on")
    .option("--mail-from <address>", "the sender of the server's mail (default: Starhost <starhost@DOMAIN>)")
    .addHelpText(
      "after",
      `
Environment: DATABASE_URL=postgres://user@host:5432/db keeps the data in PostgreSQL instead of --data.

Due steps (a deadline passed, or every awaited seat submitted) are looked for every --tick seconds: on
PGlite they run here; on PostgreSQL they are queued (pg-boss) for \`starhost worker\` processes. The
same look sends the reminders a game's remindHoursBefore asks for (live, and by mail to seats played by
mail); after a submission the one seat still awaited hears it is the last to submit.

Mail play: --mail-domain names the domain whose mail for orders+...@DOMAIN the site's mail exchanger
hands to the --smtp-in port; --smtp is where results, replies to orders and messages are sent. A
player sets an address (PUT /api/account/email) and turns mail play on for a seat
(PUT /api/games/ID/seats/SEAT/mail), which answers with the seat's orders address.

Examples:
  starhost serve --port 8080 --data ./starhost-data
  starhost serve --local --data games/local      what npm start runs: sign in with the printed password and play
  DATABASE_URL=postgres://starhost@127.0.0.1/starhost starhost serve --host 0.0.0.0 --trust-proxy
  starhost serve --mail-domain play.example.org --smtp smtp://relay.example.org:587 --smtp-in 2525
  curl http://127.0.0.1:8080/api/health`,
    )
    .action(
      async (o: {
        port: number;
        host: string;
        data: string;
        admin?: string[];
        secureCookies: string;
        trustProxy?: boolean;
        log?: boolean;
        web?: string;
        local?: boolean;
        tick: number;
        smtp?: string;
        smtpIn?: number;
        mailDomain?: string;
        mailFrom?: string;
      }) => {
        if (o.smtpIn !== undefined && o.mailDomain === undefined)
          throw new UsageError("--smtp-in needs --mail-domain DOMAIN (the domain of the seats' orders addresses)");
        checkMailOptions(o);
        const secure = { auto: "auto", always: true, never: false }[o.secureCookies];
        if (secure === undefined) throw new UsageError(`--secure-cookies is auto, always or never, not "${o.secureCookies}"`);
        // Signals are taken from the start: one that comes while the database opens stops the server once it is up.
        const stop = stopSignal();
        const url = process.env.DATABASE_URL;
        const spec = url && url.trim() !== "" ? url : `pglite:${o.data}`;
        // npm start's folder (games/local) may not exist yet on a fresh clone.
        if (o.local === true && spec.startsWith("pglite:")) mkdirSync(o.data, { recursive: true });
        const { openSite } = await import("../store/open.js");
        const { buildApp } = await import("../server/app.js");
        const { games, site } = await openSite(spec);
        const admins = o.admin ?? [];
        for (const name of admins) {
          const a = await site.accountByName(name);
          if (a && !a.admin) await site.setAdmin(a.id, true);
        }
        // Due steps: on PGlite this process runs them itself, every --tick seconds; on PostgreSQL it queues them
        // for `starhost worker` (pg-boss).
        const { runDue, startTicker } = await import("../server/deadlines.js");
        const boss =
          url && url.trim() !== "" ? await (await import("../server/worker.js")).openBoss(spec, { onError: logBossError }) : null;
        const enqueue = boss ? (await import("../server/worker.js")).enqueuer(boss) : undefined;
        const mailer = await mailerOf(o);
        const app = await buildApp({
          mail: o.mailDomain !== undefined ? { domain: o.mailDomain, mailer } : undefined,
          games,
          site,
          ...(enqueue ? { enqueue } : {}),
          admins,
          secureCookies: secure as boolean | "auto",
          trustProxy: o.trustProxy === true,
          logger: o.log === true,
          web: o.web ?? join(PACKAGE_ROOT, "dist-web"),
        });
        // The local games are made through the app's own API before it listens, so the first page shows them.
        const local = o.local === true ? await (await import("./local.js")).ensureLocalSite(app, o.data) : null;
        const ticker = startTicker(
          async () => {
            const deps = { games, site, afterStep: app.starhost.afterStep, remind: app.starhost.remind };
            const r = await runDue(deps, Date.now(), { holder: "starhost serve: due step", ...(enqueue ? { enqueue } : {}) });
            for (const x of r.ran) console.log(`starhost serve: ${x.gameId} ran step ${x.step} (${x.label}): ${x.why}`);
            for (const x of r.failed) console.error(`starhost serve: ${x.gameId}: the due step failed: ${x.error}`);
          },
          o.tick * 1000,
          systemTimer,
        );
        const address = await listen(app, o.port, o.host, o.local === true);
        console.log(`starhost serve: listening on ${address} (data: ${games.where}); the API is described at ${address}/docs`);
        if (local) console.log((await import("./local.js")).localWelcome(address, local));
        let smtpIn: { port: number; close(): Promise<void> } | null = null;
        if (o.smtpIn !== undefined) {
          const { startSmtpIn } = await import("../server/mail/smtp-in.js");
          smtpIn = await startSmtpIn({
            port: o.smtpIn,
            host: o.host,
            maxBytes: 1024 * 1024,
            onMessage: (raw, to) => app.starhost.orderMail(raw, to),
            onError: (e) => console.error(`starhost serve: orders by mail: ${e.message}`),
          });
          console.log(`starhost serve: orders by mail on smtp://${o.host}:${smtpIn.port} for orders+...@${o.mailDomain}`);
        }
        console.log(`starhost serve: ${await stop}: stopping`);
        await smtpIn?.close();
        await app.close();
        await ticker.stop();
        await boss?.stop({ graceful: true, wait: true });
        mailer?.close();
        await games.close();
        console.log("starhost serve: stopped");
      },
    );
}

/** Listen on the port; a local site (npm start) whose port is taken by something else takes a free one instead. */
async function listen(app: { listen(o: { port: number; host: string }): Promise<string> }, port: number, host: string, local: boolean) {
  try {
    return await app.listen({ port, host });
  } catch (e) {
    if (!local || port === 0 || (e as NodeJS.ErrnoException).code !== "EADDRINUSE") throw e;
    console.log(`starhost serve: port ${port} is in use: taking a free one`);
    return app.listen({ port: 0, host });
  }
}

/** --smtp, --mail-domain and --mail-from, as serve and worker take them. */
interface MailOptions {
  smtp?: string;
  mailDomain?: string;
  mailFrom?: string;
}

function checkMailOptions(o: MailOptions): void {
  if (o.smtp !== undefined && o.mailDomain === undefined)
    throw new UsageError("--smtp needs --mail-domain DOMAIN (the domain of the seats' orders addresses, named in every mail)");
  if (o.mailDomain !== undefined && !/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(o.mailDomain))
    throw new UsageError(`--mail-domain is a domain name such as play.example.org, not "${o.mailDomain}"`);
  if (o.smtp !== undefined && !/^smtps?:\/\//.test(o.smtp)) throw new UsageError(`--smtp is an smtp:// or smtps:// URL, not "${o.smtp}"`);
}

/** The mailer --smtp names (null without it); the server's mail module is loaded only then. */
async function mailerOf(o: MailOptions) {
  if (o.smtp === undefined || o.mailDomain === undefined) return null;
  const { openMailer } = await import("../server/mail/outbound.js");
  return openMailer(o.smtp, o.mailFrom ?? `Starhost <starhost@${o.mailDomain}>`);
}

/** The first SIGINT or SIGTERM, taken from now on (one that comes while the process starts stops it once it is up). */
function stopSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
}

const systemTimer = {
  setInterval: (f: () => void, ms: number): unknown => setInterval(f, ms),
  clearInterval: (h: unknown) => clearInterval(h as NodeJS.Timeout),
};

function logBossError(e: unknown): void {
  console.error(`starhost: job queue: ${e instanceof Error ? e.message : String(e)}`);
}

export function registerWorkerCommand(program: Command): void {
  program
    .command("worker")
    .description("run due steps from the PostgreSQL job queue (pg-boss) beside any number of serve processes")
    .option("--tick <seconds>", "how often due steps are looked for and queued", intOption("--tick", 1, 3600), 30)
    .option("--poll <seconds>", "how often the queue is polled for jobs", intOption("--poll", 1, 600), 2)
    .option("--expire <seconds>", "how long a job may run before it is taken for dead and retried", intOption("--expire", 5, 86_400), 600)
    .option("--smtp <url>", "mail results and reminders over this SMTP server (smtp://user:pass@host:587, smtps:// for TLS), as serve does")
    .option("--mail-domain <domain>", "the domain of the seats' orders addresses (orders+GAME.SEAT.SECRET@DOMAIN): give serve's")
    .option("--mail-from <address>", "the sender of the worker's mail (default: Starhost <starhost@DOMAIN>)")
    .addHelpText(
      "after",
      `
Environment: DATABASE_URL=postgres://user@host:5432/db, the database serve uses (required).

A worker queues the due steps it finds (each (game, step) once) and runs jobs one at a time: a job
for a step that has run already does nothing. Stop it with Ctrl-C (SIGINT) or SIGTERM: the job in
hand finishes first. A worker killed mid-step commits nothing; its job is retried after --expire.

Mail: with --smtp and --mail-domain (the same as serve's), each step the worker runs mails its results
to the seats played by mail, and the reminders its --tick claims go by mail too. Give every serve and
worker the same mail options: a reminder is claimed by whichever process looks first, and one without
--smtp sends it live only.

Examples:
  DATABASE_URL=postgres://starhost@127.0.0.1/starhost starhost worker
  DATABASE_URL=postgres://starhost@127.0.0.1/starhost starhost worker --tick 10 --expire 300
  DATABASE_URL=postgres://starhost@127.0.0.1/starhost starhost worker --mail-domain play.example.org --smtp smtp://relay.example.org:587`,
    )
    .action(async (o: { tick: number; poll: number; expire: number } & MailOptions) => {
      const url = process.env.DATABASE_URL;
      if (!url || url.trim() === "")
        throw new UsageError("starhost worker needs DATABASE_URL (a postgres:// URL): workers share serve's PostgreSQL");
      checkMailOptions(o);
      const stop = stopSignal();
      const { openSite } = await import("../store/open.js");
      const { runDue, startTicker } = await import("../server/deadlines.js");
      const { enqueuer, openBoss, work } = await import("../server/worker.js");
      const { EventHub } = await import("../server/events.js");
      const { followUps } = await import("../server/follow-up.js");
      const { games, site } = await openSite(url);
      // A step run here, or a reminder claimed here, is heard by every serve's live streams (PostgreSQL NOTIFY) and
      // mailed to the seats played by mail, by the app's own follow-up.
      const hub = new EventHub(site);
      const mailer = await mailerOf(o);
      const follow = followUps({
        games,
        site,
        now: () => new Date(),
        mail: o.mailDomain !== undefined ? { domain: o.mailDomain, mailer } : null,
        events: hub,
        log: (e, what) => console.error(`starhost worker: ${what} failed: ${e.message}`),
      });
      const deps = { games, site, afterStep: follow.afterStep, remind: follow.remind };
      const boss = await openBoss(url, { expireInSeconds: o.expire, onError: logBossError });
      const holder = `starhost worker ${process.pid}`;
      const enqueue = enqueuer(boss);
      await work(boss, deps, {
        now: () => Date.now(),
        holder,
        pollingIntervalSeconds: o.poll,
        onRan: (job, label) => console.log(`starhost worker: ${job.gameId} ran step ${job.step} (${label})`),
      });
      const ticker = startTicker(
        async () => {
          const r = await runDue(deps, Date.now(), { holder, enqueue });
          for (const x of r.failed) console.error(`starhost worker: ${x.gameId}: ${x.error}`);
        },
        o.tick * 1000,
        systemTimer,
      );
      console.log(`starhost worker: taking due steps from ${games.where}`);
      console.log(`starhost worker: ${await stop}: stopping`);
      await ticker.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
      mailer?.close();
      await games.close();
      console.log("starhost worker: stopped");
    });
}
