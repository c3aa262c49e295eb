/**
 * Accounts, sessions and API tokens:
 *   POST   /api/accounts        register (and sign in)
 *   POST   /api/session         sign in (rate limited): a session cookie and its CSRF token
 *   GET    /api/session         who is signed in
 *   DELETE /api/session         sign out
 *   POST   /api/tokens          a new API token (signed in, or with name and password: rate limited)
 *   GET    /api/tokens          the caller's tokens (never the secret)
 *   DELETE /api/tokens/:id      revoke one
 *   PUT    /api/accounts/:name/admin   a site admin makes another account admin (or not)
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Account } from "../store/site.js";
import { hashPassword, newSecret, sha256, verifyPassword } from "./auth.js";
import { ApiError } from "./errors.js";
import { CSRF_COOKIE, requireAuth, route, SESSION_COOKIE, type ServerContext } from "./http.js";

export const NAME = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{1,31}$/, 'a name is 2 to 32 letters, digits, "_", "." or "-", starting with a letter or digit');
const PASSWORD = z.string().min(8, "a password has at least 8 characters").max(200, "a password has at most 200 characters");
const Credentials = z.strictObject({ name: NAME, password: PASSWORD });

export const AccountView = z.object({ id: z.string(), name: z.string(), admin: z.boolean() });
const SignedIn = z.object({
  account: AccountView,
  csrfToken: z.string().describe("send it back in X-CSRF-Token with every cookie-authenticated write"),
});

export function accountView(a: Account): z.infer<typeof AccountView> {
  return { id: a.id, name: a.name, admin: a.admin };
}

/** A dummy hash to check a password against when the name has no account (the same time either way). */
const DUMMY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

function secure(ctx: ServerContext, req: FastifyRequest): boolean {
  return ctx.secureCookies === "auto" ? req.protocol === "https" : ctx.secureCookies;
}

async function startSession(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  account: Account,
): Promise<z.infer<typeof SignedIn>> {
  const secret = newSecret("shs");
  const csrf = randomBytes(32).toString("base64url");
  const now = ctx.now();
  const expires = new Date(now.getTime() + ctx.sessionMs);
  await ctx.site.createSession({
    idHash: sha256(secret),
    accountId: account.id,
    csrf,
    createdAt: now.toISOString(),
    expiresAt: expires.toISOString(),
  });
  const base = { path: "/", sameSite: "lax" as const, secure: secure(ctx, req), expires };
  reply.setCookie(SESSION_COOKIE, secret, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrf, { ...base, httpOnly: false });
  return { account: accountView(account), csrfToken: csrf };
}

/** The account of a name and password, counted against the sign-in limit (429 over it, 401 when wrong). */
async function checkPassword(ctx: ServerContext, req: FastifyRequest, name: string, password: string): Promise<Account> {
  const wait = await ctx.limiter.attempt(req.ip, name);
  if (wait !== null)
    throw new ApiError(
      429,
      "too-many-sign-ins",
      `too many sign-in attempts for this name or from this address: try again in ${wait} s`,
      [],
      {
        "retry-after": String(wait),
      },
    );
  const account = await ctx.site.accountByName(name);
  const ok = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !ok) throw new ApiError(401, "bad-credentials", "no account has this name and password");
  return account;
}

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext, admins: readonly string[]): void {
  const tags = ["accounts"];
  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/accounts",
      summary: "register an account (and sign in)",
      tags,
      auth: "none",
      body: Credentials,
      reply: SignedIn,
      status: 201,
    },
    async ({ body, req, reply }) => {
      const account: Account = {
        id: `a${randomBytes(8).toString("hex")}`,
        name: body.name,
        passwordHash: await hashPassword(body.password, ctx.scrypt),
        admin: admins.some((n) => n.toLowerCase() === body.name.toLowerCase()),
        createdAt: ctx.now().toISOString(),
      };
      await ctx.site.createAccount(account);
      return startSession(ctx, req, reply, account);
    },
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/session",
      summary: "sign in: a session cookie (HttpOnly, SameSite=Lax) and its CSRF token; rate limited",
      tags,
      auth: "none",
      body: Credentials,
      reply: SignedIn,
    },
    async ({ body, req, reply }) => {
      const account = await checkPassword(ctx, req, body.name, body.password);
      return startSession(ctx, req, reply, account);
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/session",
      summary: "who is signed in (null when nobody)",
      tags,
      auth: "optional",
      reply: z.object({ account: AccountView.nullable(), via: z.enum(["cookie", "token"]).nullable() }),
    },
    async ({ auth }) => ({
      account: auth ? accountView(auth.account) : null,
      via: auth?.via ?? null,
    }),
  );

  route(
    app,
    ctx,
    {
      method: "DELETE",
      url: "/api/session",
      summary: "sign out (the session ends on the server too)",
      tags,
      auth: "required",
      reply: z.object({ signedOut: z.boolean() }),
    },
    async ({ auth, req, reply }) => {
      const a = requireAuth(auth);
      if (!a.session)
        throw new ApiError(
          400,
          "no-session",
          "this request is authenticated by an API token, not a session: revoke the token instead (DELETE /api/tokens/ID)",
        );
      await ctx.site.deleteSession(a.session.idHash);
      await ctx.auth.changed(a.account.id);
      const base = { path: "/", sameSite: "lax" as const, secure: secure(ctx, req) };
      reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
      reply.clearCookie(CSRF_COOKIE, base);
      return { signedOut: true };
    },
  );

  const TokenView = z.object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  });
  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/tokens",
      summary: "a new API token for scripts and bots (shown once): signed in, or give account and password (rate limited like sign-in)",
      tags,
      auth: "optional",
      body: z.strictObject({
        name: z.string().min(1, "name the token (what it is for)").max(100, "a token's name has at most 100 characters"),
        account: NAME.optional(),
        password: PASSWORD.optional(),
      }),
      reply: TokenView.extend({ token: z.string().describe("send it as Authorization: Bearer TOKEN") }),
      status: 201,
    },
    async ({ body, auth, req }) => {
      let owner: Account;
      if (body.account !== undefined || body.password !== undefined) {
        if (body.account === undefined || body.password === undefined)
          throw new ApiError(400, "bad-body", "give both account and password (or neither, when signed in)");
        owner = await checkPassword(ctx, req, body.account, body.password);
      } else owner = requireAuth(auth).account;
      const secret = newSecret("sht");
      const t = {
        id: `t${randomBytes(8).toString("hex")}`,
        accountId: owner.id,
        name: body.name,
        hash: sha256(secret),
        createdAt: ctx.now().toISOString(),
        lastUsedAt: null,
        revokedAt: null,
      };
      await ctx.site.createToken(t);
      return { id: t.id, name: t.name, createdAt: t.createdAt, lastUsedAt: null, revokedAt: null, token: secret };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/tokens",
      summary: "the caller's API tokens (never their secrets)",
      tags,
      auth: "required",
      reply: z.object({ tokens: z.array(TokenView) }),
    },
    async ({ auth }) => {
      const tokens = await ctx.site.tokens(requireAuth(auth).account.id);
      return {
        tokens: tokens.map((t) => ({ id: t.id, name: t.name, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt, revokedAt: t.revokedAt })),
      };
    },
  );

  route(
    app,
    ctx,
    {
      method: "DELETE",
      url: "/api/tokens/:id",
      summary: "revoke one of the caller's API tokens",
      tags,
      auth: "required",
      params: z.object({ id: z.string().max(100) }),
      reply: z.object({ revoked: z.string() }),
    },
    async ({ auth, params }) => {
      const me = requireAuth(auth).account.id;
      const ok = await ctx.site.revokeToken(me, params.id, ctx.now().toISOString());
      if (ok) await ctx.auth.changed(me);
      if (!ok)
        throw new ApiError(
          404,
          "no-token",
          `you have no token "${params.id.slice(0, 40)}" that is not revoked (GET /api/tokens lists yours)`,
        );
      return { revoked: params.id };
    },
  );

  route(
    app,
    ctx,
    {
      method: "PUT",
      url: "/api/accounts/:name/admin",
      summary: "a site admin grants or withdraws site admin",
      tags,
      auth: "required",
      params: z.object({ name: NAME }),
      body: z.strictObject({ admin: z.boolean() }),
      reply: AccountView,
    },
    async ({ auth, params, body }) => {
      if (!requireAuth(auth).account.admin) throw new ApiError(403, "not-admin", "only a site admin may do this");
      const a = await ctx.site.accountByName(params.name);
      if (!a) throw new ApiError(404, "no-account", `no account "${params.name}"`);
      await ctx.site.setAdmin(a.id, body.admin);
      await ctx.auth.changed(a.id);
      return accountView({ ...a, admin: body.admin });
    },
  );
}
