/**
 * Ids of games, seats, units and everything else a player or a file names. One
 * strict pattern, checked when input is parsed, so an id can never become a path
 * outside its folder ("../../evil"), a prototype key of a plain object
 * ("__proto__", "constructor", "toString") or a terminal escape.
 *
 * An id is 1 to 64 characters: ASCII letters, digits, "_" and "-", starting with a
 * letter or digit. The names of Object.prototype's members are refused too, since
 * `record[id]` on a plain object would find them ("constructor" is a letter string).
 */
import { z } from "zod";
import { showPlain } from "./text.js";

/** A seat of a game: an empire, a side, a player (an id). */
export type SeatId = string;

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const ID_MAX = 64;

/** Names a plain object answers without holding them (Object.prototype's members). */
const RESERVED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Why `id` is not an id, or null when it is one. */
export function idProblem(id: unknown): string | null {
  if (typeof id !== "string") return `an id is a string, not ${id === null ? "null" : typeof id}`;
  if (id.length === 0) return "an id may not be empty";
  if (id.length > ID_MAX) return `an id has at most ${ID_MAX} characters (this one has ${id.length})`;
  if (!ID_PATTERN.test(id))
    return `${JSON.stringify(id.slice(0, 40))} is not an id: use letters, digits, "_" and "-", starting with a letter or digit`;
  if (RESERVED.has(id))
    return `"${id}" is reserved (every JavaScript object has a member of that name) and cannot be an id; choose another`;
  return null;
}

export function isId(id: unknown): id is string {
  return idProblem(id) === null;
}

/**
 * The zod form of an id, for schemas of orders, states, maps and fleets. Its issues
 * carry `params.problem` ("invalid-id"; "invalid-ref" and "invalid-name" for the
 * schemas below): a stable problem code for `issueCode`.
 */
export const idSchema = z
  .string()
  .superRefine((v, ctx) => {
    const p = idProblem(v);
    if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-id" } });
  })
  // What the published JSON Schema states (the names of Object.prototype's members are refused too).
  .meta({ pattern: ID_PATTERN.source, minLength: 1, maxLength: ID_MAX });

/**
 * A reference made of ids: ids joined by "." or ":" ("blue-tf1-s1.3" a ship of a
 * squadron, "planet:N" a quadrant of a planet, "A12.2"), at most `REF_MAX`
 * characters. Each part follows the id rules (so no part is ".." or a prototype
 * name) and no "/" or "\\" can appear: a ref is no more a path than an id is.
 */
export const REF_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:[.:][A-Za-z0-9][A-Za-z0-9_-]*)*$/;
export const REF_MAX = 128;

/** Why `ref` is not a reference made of ids (see `REF_PATTERN`), or null when it is one. */
export function refProblem(ref: unknown): string | null {
  if (typeof ref !== "string") return `a reference is a string, not ${ref === null ? "null" : typeof ref}`;
  if (ref.length === 0) return "a reference may not be empty";
  if (ref.length > REF_MAX) return `a reference has at most ${REF_MAX} characters (this one has ${ref.length})`;
  if (!REF_PATTERN.test(ref))
    return `${JSON.stringify(ref.slice(0, 40))} is not a reference: ids (letters, digits, "_" and "-", starting with a letter or digit) joined by "." or ":"`;
  for (const part of ref.split(/[.:]/)) {
    const p = idProblem(part);
    if (p) return `${JSON.stringify(ref.slice(0, 40))}: ${p}`;
  }
  return null;
}

/** The zod form of `refProblem`. */
export const refSchema = z
  .string()
  .superRefine((v, ctx) => {
    const p = refProblem(v);
    if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-ref" } });
  })
  .meta({ pattern: REF_PATTERN.source, minLength: 1, maxLength: REF_MAX });

/** The longest name `keyProblem` accepts. */
export const KEY_MAX = 120;

/**
 * Why `key` cannot be a free-form name used as a key ("generic/fleet-cruiser", an
 * inline design called "Lancer Mk II"), or null when it can: 1 to `KEY_MAX`
 * characters, no control characters, and not a prototype name. Such a key is never
 * a path; use an id (`idProblem`) for anything that may become one.
 */
export function keyProblem(key: unknown): string | null {
  if (typeof key !== "string") return `a name is a string, not ${key === null ? "null" : typeof key}`;
  if (key.length === 0) return "a name may not be empty";
  if (key.length > KEY_MAX) return `a name has at most ${KEY_MAX} characters (this one has ${key.length})`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(key))
    return `${JSON.stringify(showPlain(key.slice(0, 40)))} holds a control character`;
  if (RESERVED.has(key))
    return `"${key}" is reserved (every JavaScript object has a member of that name) and cannot be a name; choose another`;
  return null;
}

/** The zod form of `keyProblem`. */
export const keySchema = z
  .string()
  .superRefine((v, ctx) => {
    const p = keyProblem(v);
    if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-name" } });
  })
  .meta({ minLength: 1, maxLength: KEY_MAX });

/**
 * A record (plain object) whose keys `key` checks. zod's own record skips a
 * "__proto__" key without a word (so a map's empire "__proto__" would vanish):
 * here it is refused, named, like any other bad key (problem code `problem`:
 * "invalid-id", or "invalid-name" for records keyed by names).
 */
export function safeRecord<V extends z.ZodType>(key: z.ZodType<string>, value: V, problem = "invalid-id") {
  return z.preprocess(
    (raw, ctx) => {
      if (raw !== null && typeof raw === "object" && !Array.isArray(raw) && Object.hasOwn(raw, "__proto__"))
        ctx.issues.push({
          code: "custom",
          message: '"__proto__" is reserved and cannot be a key',
          path: ["__proto__"],
          input: raw,
          params: { problem },
        });
      return raw;
    },
    z.record(key, value, { error: keyIssueMessage }),
  );
}

/** A bad key's own message ("a record key: ... is not an id ..."), not zod's "Invalid key in record". */
function keyIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== "invalid_key") return undefined;
  const inner = (issue as { issues?: { message?: string }[] }).issues?.[0]?.message;
  return inner ? `bad key: ${inner}` : undefined;
}

/** A record keyed by ids (`safeRecord` with `idSchema`). */
export function idRecord<V extends z.ZodType>(value: V) {
  return safeRecord(idSchema, value);
}

/** The stable problem code of a zod issue: `params.problem` of the schemas here, else "invalid-<zod code>". */
export function issueCode(issue: { code: string; params?: Record<string, unknown>; issues?: unknown }): string {
  const p = issue.params?.problem;
  if (typeof p === "string") return p;
  // A record key refused by its key schema: the key schema's own code.
  const inner = Array.isArray(issue.issues) ? (issue.issues[0] as { params?: Record<string, unknown> } | undefined) : undefined;
  const q = inner?.params?.problem;
  return typeof q === "string" ? q : `invalid-${issue.code}`;
}

/** `record[key]` only when the record holds `key` itself: never a prototype member. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
