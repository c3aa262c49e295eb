/**
 * The server's HTTP API as the browser calls it: JSON in and out, the session cookie sent by the browser, and
 * the session's CSRF token (the readable starhost_csrf cookie) in X-CSRF-Token on every write, as the server
 * requires of cookie sessions. The types are the parts of the replies the shell reads (the server's zod schemas,
 * GET /docs/json, are the truth).
 */

export interface Account {
  id: string;
  name: string;
  admin: boolean;
}

export type Holder = { kind: "open" } | { kind: "invited" } | { kind: "player"; name: string } | { kind: "bot"; level: string };

export interface SeatSummary {
  id: string;
  name: string;
  holder: Holder;
  awaited: boolean;
  submitted: boolean;
  missed: number;
  holiday: number[];
}

export interface GameSummary {
  id: string;
  title: string;
  ruleset: string;
  rulesetTitle: string;
  scenario: string;
  seatNoun: string;
  structure: string;
  step: number;
  label: string;
  over: boolean;
  outcome: { winners: string[]; reason: string } | null;
  started: boolean;
  /** Who may watch: nobody beyond players and game masters, anyone (live), or anyone once the game is over. */
  spectators: "none" | "live" | "after-end";
  creator: string;
  gameMasters: string[];
  seats: SeatSummary[];
  deadline: {
    settings?: { remindHoursBefore?: number[] };
    schedule: string;
    at: string | null;
    runsAt: string | null;
    inWords: string;
    paused: boolean;
    waitingFor: string[];
  };
  you: { seats: string[]; gameMaster: boolean; seesAll: boolean };
}

/** A scenario's input; one with `fields` is a few whole numbers (a turn limit) that a form can fill. */
export interface ScenarioInputInfo {
  name: string;
  description: string;
  min: number;
  fields?: { name: string; description: string; min: number; max: number }[];
}

export interface RulesetInfo {
  id: string;
  title: string;
  summary: string;
  seatNoun: string;
  defaultScenario: string;
  scenarios: { id: string; title: string; description: string; inputs: ScenarioInputInfo[] }[];
  bots: { level: string; summary: string }[];
}

export interface CheckLine {
  step: string;
  order: string;
  text: string;
  ok: boolean;
  certainty?: string;
}

export interface Problem {
  order: string;
  code: string;
  message: string;
}

export interface CheckReply {
  seat: string;
  step: number;
  label: string;
  ok: boolean;
  /** oddsFollow: asked with ?odds=0, the check left its odds out; the same check without it gives them. */
  check: { ok: boolean; lines: CheckLine[]; problems: Problem[]; oddsFollow?: boolean };
  skipped: Problem[];
  revision?: number;
  advanced?: { step: number; label: string } | null;
}

export interface Report {
  seat: string;
  step: number | null;
  label: string;
  text: string;
  json: unknown;
}

export interface SeatHistory {
  seat: string;
  steps: { step: number; label: string; source: string | null }[];
  due: { step: number; label: string; revisions: { revision: number; at: string; source: string; orders: unknown }[] };
}

/** A refusal from the server: its stable code, its message and any detail lines. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

/** Sent on the window when the server no longer knows the session. */
export const SIGNED_OUT = "starhost:signed-out";

function csrfToken(): string | undefined {
  const m = /(?:^|;\s*)starhost_csrf=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/** One call. `body` goes as JSON unless it is a string (sent as YAML: orders files). */
export async function call<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (method !== "GET") {
    const t = csrfToken();
    if (t) headers["x-csrf-token"] = t;
  }
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    headers["content-type"] = typeof body === "string" ? "application/yaml" : "application/json";
  }
  const r = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
  const text = await r.text();
  let data: unknown = text;
  if ((r.headers.get("content-type") ?? "").includes("json")) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  // The session ended (expired, or signed out in another tab): the page goes back to signing in.
  if (r.status === 401 && path !== "/api/session") dispatchEvent(new Event(SIGNED_OUT));
  if (!r.ok) {
    const e = (typeof data === "object" && data !== null ? data : {}) as { error?: string; message?: string; details?: unknown };
    throw new ApiError(
      r.status,
      e.error ?? "http-" + r.status,
      e.message ?? `${method} ${path}: ${r.status} ${r.statusText}`,
      Array.isArray(e.details) ? e.details.map(String) : [],
    );
  }
  return data as T;
}

/** A message for people from anything thrown by `call`. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.details.length > 0 ? `${e.message} (${e.details.join("; ")})` : e.message;
  return e instanceof Error ? e.message : String(e);
}
