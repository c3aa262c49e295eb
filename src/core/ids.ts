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
  if (RESERVED.has(id)) return `"${id}" is reserved and cannot be an id`;
  return null;
}

export function isId(id: unknown): id is string {
  return idProblem(id) === null;
}

/** The zod form of an id, for schemas of orders, states, maps and fleets. */
export const idSchema = z.string().superRefine((v, ctx) => {
  const p = idProblem(v);
  if (p) ctx.addIssue({ code: "custom", message: p });
});

/** `record[key]` only when the record holds `key` itself: never a prototype member. */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
