/**
 * Every refusal the API gives: an HTTP status, a stable code, a message that says
 * which field is wrong, what is wrong and what is valid, and details where there are
 * several (one line per problem). Never a stack trace: an error the server did not
 * foresee is answered 500 "internal" with no detail and logged.
 */
import { HostError } from "../host/errors.js";
import { SiteError } from "../store/site.js";
import { StoreError } from "../store/store.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string[] = [],
    /** Extra headers (Retry-After). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: string;
  message: string;
  details?: string[];
}

/** HTTP statuses of the host's, the game store's and the site store's codes (400 when not listed). */
const STATUS: Readonly<Record<string, number>> = {
  "no-game": 404,
  "no-history": 404,
  "no-results": 404,
  "unknown-seat": 404,
  "unknown-ruleset": 404,
  "no-account": 404,
  "no-seat": 404,
  "no-invite": 404,
  "no-message": 404,
  "game-over": 409,
  "game-exists": 409,
  "game-hosted": 409,
  "stale-step": 409,
  "stale-submission": 409,
  "stale-orders": 409,
  locked: 409,
  "name-taken": 409,
  "seat-taken": 409,
  started: 409,
  "invite-used": 409,
  "not-awaited": 409,
  "orders-refused": 422,
  "invalid-game": 422,
  closed: 503,
};

/** Fastify's own refusals (a body too large, a media type it cannot read, JSON that does not parse). */
const FASTIFY: Readonly<Record<string, [string, string]>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ["body-too-large", "the request body is larger than this route takes"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    "unsupported-media-type",
    "this content type is not read here: send application/json, application/yaml or text/plain",
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: ["empty-body", "the body is empty but the content type says JSON: send a JSON value or no content type"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ["bad-content-length", "the Content-Length header does not match the body"],
};

/** The status and body an error is answered with; `internal` is true for errors nobody foresaw (log them). */
export function errorReply(e: unknown): { status: number; body: ErrorBody; headers: Readonly<Record<string, string>>; internal: boolean } {
  const body = (error: string, message: string, details: string[] = []): ErrorBody =>
    details.length > 0 ? { error, message, details } : { error, message };
  if (e instanceof ApiError) return { status: e.status, body: body(e.code, e.message, e.details), headers: e.headers, internal: false };
  if (e instanceof HostError)
    return { status: STATUS[e.code] ?? 400, body: body(e.code, e.message, e.details), headers: {}, internal: false };
  if (e instanceof StoreError || e instanceof SiteError)
    return { status: STATUS[e.code] ?? 400, body: body(e.code, e.message), headers: {}, internal: false };
  const fe = e as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof fe?.code === "string" && Object.hasOwn(FASTIFY, fe.code)) {
    const [code, message] = FASTIFY[fe.code]!;
    return { status: typeof fe.statusCode === "number" ? fe.statusCode : 400, body: body(code, message), headers: {}, internal: false };
  }
  if (typeof fe?.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 500) {
    // A body that does not parse as JSON, a malformed URL: Fastify's message says where, without a stack.
    const msg = typeof fe.message === "string" ? fe.message.split("\n")[0]!.slice(0, 300) : "bad request";
    const code = e instanceof SyntaxError ? "malformed-json" : "bad-request";
    return {
      status: fe.statusCode,
      body: body(code, code === "malformed-json" ? `the body is not valid JSON: ${msg}` : msg),
      headers: {},
      internal: false,
    };
  }
  return {
    status: 500,
    body: body("internal", "the server failed to answer this request; it has been logged"),
    headers: {},
    internal: true,
  };
}
