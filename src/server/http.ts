/**
 * One way to declare a route: its zod schemas (params, query, body, reply) both
 * validate the request, with messages naming the field, and document the route in the
 * OpenAPI at /docs (converted by zod 4's own `z.toJSONSchema`; Fastify's validator and
 * serializer are not used, so what is checked and what is published are one schema).
 * Authentication is resolved here too: an API token (Authorization: Bearer) or the
 * session cookie; a cookie-authenticated write must carry the session's CSRF token in
 * X-CSRF-Token (double submit: the token is also readable in the starhost_csrf cookie).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parse as parseYaml } from "yaml";
import { type ZodType, z } from "zod";
import type { StepRun } from "../host/games.js";
import type { CheckMemo } from "../host/lifecycle.js";
import type { StepMemo } from "../host/step-memo.js";
import type { Account, Session, SiteStore } from "../store/site.js";
import type { Store } from "../store/store.js";
import { type ScryptParams, type SignInLimiter, sameSecret, sha256 } from "./auth.js";
import type { AuthCache } from "./auth-cache.js";
import type { Enqueue, SeatNotice } from "./deadlines.js";
import { ApiError } from "./errors.js";
import type { EventHub } from "./events.js";
import type { Mailer } from "./mail/outbound.js";

export const SESSION_COOKIE = "starhost_session";
export const CSRF_COOKIE = "starhost_csrf";
export const CSRF_HEADER = "x-csrf-token";

export interface Auth {
  account: Account;
  via: "cookie" | "token";
  session?: Session;
}

/** What every route reads: the stores, the clock, the settings. One per app. */
export interface ServerContext {
  games: Store;
  site: SiteStore;
  now: () => Date;
  limiter: SignInLimiter;
  scrypt: ScryptParams;
  sessionMs: number;
  ordersBodyLimit: number;
  /** true, false, or "auto": Secure cookies when the request came over TLS (directly or as X-Forwarded-Proto says, with trustProxy). */
  secureCookies: boolean | "auto";
  /** Checks made by this process, answered again for the same game, step, seat and orders (host/lifecycle.ts). */
  checks: CheckMemo;
  /** What game tools derived from the steps run (a step never changes once run): the standings' turns. */
  stepMemo: StepMemo;
  /** Due steps go to workers (PostgreSQL: a pg-boss job per game and step); without it they run in this process. */
  enqueue?: Enqueue;
  /** Live updates to every process sharing the database. */
  events: EventHub;
  /** Who tokens and session cookies belong to, remembered for a moment (auth-cache.ts); access changes go through it. */
  auth: AuthCache;
  /** Mail play: the domain of the orders addresses and the mailer (null: results and messages are not mailed). Null: no mail. */
  mail: { domain: string; mailer: Mailer | null } | null;
  /** What follows every step run (POST /run, a due-step runner): live updates, results by mail. Never throws. */
  afterStep: (gameId: string, run: StepRun) => Promise<void>;
  /** Deliver a reminder or "last to submit" to its seat: live to that seat alone, by mail if it plays by mail. Never throws. */
  remind: (n: SeatNotice) => Promise<void>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  auth: Auth | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<P, Q, B> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  summary: string;
  tags: string[];
  /** "required": 401 without an account; "optional": anonymous callers too. */
  auth: "none" | "optional" | "required";
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** The body is a file the handler decodes (orders in YAML or JSON, a tool's input): what it is, for the docs. */
  rawBody?: string;
  reply?: ZodType;
  status?: number;
  bodyLimit?: number;
}

function jsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

/** zod's issues as "where: what" lines. */
export function issueLines(e: z.ZodError): string[] {
  return e.issues.map((i) => `${i.path.length > 0 ? i.path.join(".") : "(whole)"}: ${i.message}`);
}

function parseOr400<T>(schema: ZodType<T> | undefined, value: unknown, what: string): T {
  if (!schema) return value as T;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const lines = issueLines(r.error);
  throw new ApiError(400, `bad-${what}`, `the request's ${what} is not valid: ${lines[0]}`, lines);
}

function authHeader(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== "string") return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  if (!m) throw new ApiError(401, "bad-authorization", 'the Authorization header must be "Bearer TOKEN" with an API token of this server');
  return m[1]!;
}

/** Who calls: an API token first, else the session cookie; a cookie write without the CSRF token is refused. */
export async function resolveAuth(ctx: ServerContext, req: FastifyRequest): Promise<Auth | null> {
  const now = ctx.now().toISOString();
  const bearer = authHeader(req);
  if (bearer !== null) {
    const hit = await ctx.auth.token(sha256(bearer), now);
    if (!hit) throw new ApiError(401, "bad-token", "this API token is not known here or has been revoked");
    return { account: hit.account, via: "token" };
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (typeof cookie !== "string" || cookie === "") return null;
  const hit = await ctx.auth.session(sha256(cookie), now);
  if (!hit) return null;
  if (req.method !== "GET" && req.method !== "HEAD") {
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== "string" || !sameSecret(sent, hit.session.csrf))
      throw new ApiError(
        403,
        "csrf",
        `a write signed in by cookie must send the session's CSRF token in the ${CSRF_HEADER} header (it is in the ${CSRF_COOKIE} cookie and the sign-in reply); scripts use an API token instead`,
      );
  }
  return { account: hit.account, via: "cookie", session: hit.session };
}

export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  app: FastifyInstance,
  ctx: ServerContext,
  spec: RouteSpec<P, Q, B>,
  handler: (input: RouteInput<P, Q, B>) => Promise<unknown>,
): void {
  const schema: Record<string, unknown> = { summary: spec.summary, tags: spec.tags };
  if (spec.params) schema.params = jsonSchema(spec.params);
  if (spec.query) schema.querystring = jsonSchema(spec.query);
  if (spec.body) schema.body = jsonSchema(spec.body);
  else if (spec.rawBody) {
    // Documented only: the handler decodes it (decodeBody) and the ruleset's own parser checks it.
    schema.body = { description: spec.rawBody, anyOf: [{ type: "object" }, { type: "array" }, { type: "string" }] };
    schema.consumes = ["application/json", "application/yaml", "text/yaml", "text/plain"];
  }
  if (spec.reply) schema.response = { [spec.status ?? 200]: jsonSchema(spec.reply) };
  if (spec.auth !== "none") schema.security = [{ bearer: [] }, { cookie: [] }];
  app.route({
    method: spec.method,
    url: spec.url,
    schema,
    ...(spec.bodyLimit !== undefined ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (req, reply) => {
      const params = parseOr400(spec.params, req.params ?? {}, "path");
      const query = parseOr400(spec.query, req.query ?? {}, "query");
      let body: B;
      if (spec.rawBody) body = req.body as B;
      else if (spec.body) body = parseOr400(spec.body, req.body === undefined ? {} : req.body, "body");
      else body = undefined as B;
      const auth = spec.auth === "none" ? null : await resolveAuth(ctx, req);
      if (spec.auth === "required" && !auth)
        throw new ApiError(401, "sign-in-required", "sign in first (a session cookie) or send an API token (Authorization: Bearer TOKEN)");
      const out = await handler({ params, query, body, auth, req, reply });
      if (reply.sent) return reply;
      reply.code(spec.status ?? 200);
      return out;
    },
  });
}

export function requireAuth(auth: Auth | null): Auth {
  if (!auth)
    throw new ApiError(401, "sign-in-required", "sign in first (a session cookie) or send an API token (Authorization: Bearer TOKEN)");
  return auth;
}

/**
 * A body as data: one Fastify parsed as JSON is taken as is (a JSON string stays a string); one given as
 * text (YAML, or a ruleset's file in JSON or YAML, as application/yaml or text/plain) is decoded here.
 */
export function decodeBody(req: FastifyRequest, what: string): unknown {
  const body = req.body;
  if (typeof body !== "string" || /^application\/([\w.+-]*\+)?json\b/i.test(String(req.headers["content-type"] ?? ""))) return body;
  const isJson = /^\s*[[{"]/.test(body);
  try {
    return isJson ? JSON.parse(body) : parseYaml(body);
  } catch (e) {
    throw new ApiError(
      400,
      "malformed-body",
      `${what} is not valid ${isJson ? "JSON" : "YAML"}: ${(e as Error).message.split("\n")[0]!.slice(0, 300)}`,
    );
  }
}
