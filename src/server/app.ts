/**
 * The HTTP API (issue 10, phase 1): `buildApp` makes a Fastify app over a game store and
 * a site store; `starhost serve` (src/cli/serve.ts) listens with it. Nothing here names a
 * ruleset: games, orders, views and tools go through src/host and the registry.
 *
 * The app holds no state of its own but the sign-in counts, so any number of processes
 * can share one PostgreSQL. The clock is injected (`now`), so tests control time.
 */
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { z } from "zod";
import type { StepRun } from "../host/games.js";
import { CheckMemo } from "../host/lifecycle.js";
import { StepMemo } from "../host/step-memo.js";
import type { SiteStore } from "../store/site.js";
import type { Store } from "../store/store.js";
import { registerAccountRoutes } from "./accounts.js";
import { SCRYPT_DEFAULT, type ScryptParams, SIGN_IN_DEFAULT, SignInLimiter, type SignInLimits } from "./auth.js";
import { AuthCache } from "./auth-cache.js";
import type { Enqueue, SeatNotice } from "./deadlines.js";
import { errorReply } from "./errors.js";
import { EventHub } from "./events.js";
import { followUps } from "./follow-up.js";
import { registerGameRoutes } from "./games.js";
import { route, type ServerContext } from "./http.js";
import { registerLiveRoutes } from "./live.js";
import type { Mailer } from "./mail/outbound.js";
import { siteDesk, takeOrderMail } from "./mail/wire.js";
import { registerMailRoutes } from "./mail-routes.js";
import { registerMessageRoutes } from "./messages.js";
import { registerScheduleRoutes } from "./schedule-routes.js";
import { registerToolRoutes } from "./tools.js";
import { registerWebClient } from "./web.js";

export const API_VERSION = "0.1.0";

export interface AppOptions {
  games: Store;
  site: SiteStore;
  /** The server's clock (default: the system's). */
  now?: () => Date;
  /** Secure cookies: always, never, or "auto" (when the request came over TLS). Default "auto". */
  secureCookies?: boolean | "auto";
  /** Trust X-Forwarded-* from a reverse proxy (for the client's address and protocol). Default false. */
  trustProxy?: boolean;
  /** Largest request body, in bytes (default 4 MiB: scenario inputs such as maps and fleets). */
  bodyLimit?: number;
  /** Largest orders body, in bytes (default 256 KiB); larger is refused 413. */
  ordersBodyLimit?: number;
  /** How long a session lasts (default 30 days). */
  sessionMs?: number;
  signInLimits?: SignInLimits;
  scrypt?: ScryptParams;
  /** Account names that are site admins when they register. */
  admins?: readonly string[];
  /** Fastify's logger (pino): true for JSON lines on standard output. Default off. */
  logger?: boolean;
  /** Hand due steps to workers (a pg-boss job per game and step); by default they run in this process. */
  enqueue?: Enqueue;
  /**
   * Mail play: the domain of the seats' orders addresses (orders+GAME.SEAT.SECRET@DOMAIN) and the mailer for
   * results, replies and messages (openMailer; none: nothing is mailed). Without it, mail play is off.
   */
  mail?: { domain: string; mailer?: Mailer | null };
  /** The built web client's folder (dist-web/), served at `/`; without it, `/` is not served. */
  web?: string;
}

/** What the app offers the processes around it (`app.starhost`). */
export interface StarhostHooks {
  /**
   * Call after a step of a hosted game has run (POST /run does; so does a due-step runner): subscribers hear
   * "step", seats that play by mail get their results. Never throws: a mail that fails is logged.
   */
  afterStep(gameId: string, run: StepRun): Promise<void>;
  /** Deliver a notice a due-step runner claimed (a reminder): live to its seat, by mail if it plays by mail. Never throws. */
  remind(n: SeatNotice): Promise<void>;
  /** One message for the orders endpoint (startSmtpIn's onMessage): checked, kept, answered. */
  orderMail(raw: Buffer, envelopeTo: string[]): Promise<void>;
  events: EventHub;
}

declare module "fastify" {
  interface FastifyInstance {
    starhost: StarhostHooks;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const events = new EventHub(options.site);
  const mail = options.mail ? { domain: options.mail.domain, mailer: options.mail.mailer ?? null } : null;
  // Filled in once the app (and its logger) exists.
  let log: (e: Error, what: string) => void = () => {};
  const follow = followUps({ games: options.games, site: options.site, now, mail, events, log: (e, what) => log(e, what) });
  const ctx: ServerContext = {
    events,
    auth: new AuthCache(options.site, (forget) => events.watchAccess(forget)),
    mail,
    afterStep: follow.afterStep,
    remind: follow.remind,
    games: options.games,
    site: options.site,
    now,
    limiter: new SignInLimiter(options.signInLimits ?? SIGN_IN_DEFAULT, () => now().getTime(), options.site),
    scrypt: options.scrypt ?? SCRYPT_DEFAULT,
    sessionMs: options.sessionMs ?? 30 * 24 * 3600_000,
    ordersBodyLimit: options.ordersBodyLimit ?? 256 * 1024,
    secureCookies: options.secureCookies ?? "auto",
    checks: new CheckMemo(),
    stepMemo: new StepMemo(),
    ...(options.enqueue ? { enqueue: options.enqueue } : {}),
  };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 4 * 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // Every route validates with its zod schemas (http.ts); Fastify's own JSON Schema compilers are not used.
    ajv: { customOptions: { strict: false } },
  });
  log = (e, what) => app.log.error({ err: e }, `${what} failed`);
  const desk = siteDesk(ctx);
  app.decorate("starhost", {
    afterStep: ctx.afterStep,
    remind: ctx.remind,
    orderMail: (raw: Buffer, envelopeTo: string[]) => takeOrderMail(ctx, desk, raw, envelopeTo),
    events,
  } satisfies StarhostHooks);
  // Live streams end before the server waits for its connections to finish; then the hub stops listening.
  app.addHook("preClose", async () => events.endStreams());
  app.addHook("onClose", async () => events.close());
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Orders and tool inputs may come as YAML or as the ruleset's file in plain text: kept as text, decoded by the route.
  app.addContentTypeParser(
    ["application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "text/plain"],
    { parseAs: "string" },
    (_req, body, done) => done(null, body),
  );

  app.setErrorHandler((e, req, reply) => {
    const r = errorReply(e);
    if (r.internal) req.log.error(e);
    reply.code(r.status).headers(r.headers).send(r.body);
  });
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({
      error: "not-found",
      message: `no route ${req.method} ${req.url.split("?")[0]!.slice(0, 200)}; the API is described at /docs`,
    });
  });

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Starhost API",
        version: API_VERSION,
        description:
          "Play Starhost games over HTTP: accounts, games and seats, orders (the reply is the check), runs, views and ruleset tools. Errors are { error: CODE, message, details? }.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", description: "an API token (POST /api/tokens)" },
          cookie: { type: "apiKey", in: "cookie", name: "starhost_session", description: "a session; writes also need X-CSRF-Token" },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/health",
      summary: "whether the server and its database answer",
      tags: ["server"],
      auth: "none",
      reply: z.object({ ok: z.boolean(), version: z.string(), store: z.string(), time: z.string() }),
    },
    async () => {
      await ctx.games.list();
      return { ok: true, version: API_VERSION, store: ctx.games.where.split(" ")[0]!, time: now().toISOString() };
    },
  );

  registerAccountRoutes(app, ctx, options.admins ?? []);
  registerGameRoutes(app, ctx);
  registerScheduleRoutes(app, ctx);
  registerToolRoutes(app, ctx);
  registerMailRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  if (options.web !== undefined) registerWebClient(app, options.web);
  return app;
}
