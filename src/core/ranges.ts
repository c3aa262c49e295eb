/**
 * Numbers read from files (maps, game states, fleets, odds requests) each have a
 * stated range (issue 8): a schema built here refuses anything outside it with a
 * message that says the range ("must be a whole number from 0 to 10,000, not
 * 1e+308"), so a hand-edited 1e308 never reaches a turn.
 */
import { z } from "zod";
import { plainTextProblem } from "./text.js";

/**
 * A bound as people read it: 10,000 and -1,000,000; beyond 10^15 as 1e+15. The
 * digits are grouped here rather than by toLocaleString("en-US") (the same text):
 * schemas are built when a module loads, and a first toLocaleString starts ICU's
 * number formatting, a noticeable part of the command's start (issue 9 item 20).
 */
export function showNumber(n: number): string {
  if (Math.abs(n) >= 1e15) return n.toExponential();
  if (!Number.isInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${grouped}` : grouped;
}

function inputText(input: unknown): string {
  if (typeof input === "number") return String(input);
  if (typeof input === "string") return JSON.stringify(input.length > 20 ? `${input.slice(0, 20)}...` : input);
  return input === null ? "null" : typeof input;
}

// A missing value (input undefined) keeps zod's own "expected ..., received undefined",
// which parsers turn into "... is missing".

/**
 * A whole number from `lo` to `hi` (both included); `what` names it in the message
 * ("a sector's revenue"). Both bounds are safe integers.
 */
export function wholeIn(lo: number, hi: number, what = "a whole number") {
  const say = `${what} must be a whole number from ${showNumber(lo)} to ${showNumber(hi)}`;
  const error = (i: { input?: unknown }) => (i.input === undefined ? undefined : `${say}, not ${inputText(i.input)}`);
  return z.number({ error }).int({ error }).min(lo, { error }).max(hi, { error });
}

/** A number (fractions allowed) from `lo` to `hi`, both included. */
export function numberIn(lo: number, hi: number, what = "a number") {
  const say = `${what} must be a number from ${showNumber(lo)} to ${showNumber(hi)}`;
  const error = (i: { input?: unknown }) => (i.input === undefined ? undefined : `${say}, not ${inputText(i.input)}`);
  return z.number({ error }).min(lo, { error }).max(hi, { error });
}

/** A number above `lo` (not `lo` itself) up to `hi`. */
export function numberAbove(lo: number, hi: number, what = "a number") {
  const say = `${what} must be a number above ${showNumber(lo)} and at most ${showNumber(hi)}`;
  const error = (i: { input?: unknown }) => (i.input === undefined ? undefined : `${say}, not ${inputText(i.input)}`);
  return z.number({ error }).gt(lo, { error }).max(hi, { error });
}

/** A text of at most `max` characters (names, titles: never ids). */
export function textUpTo(max: number, what = "a text", min = 0) {
  const say = `${what} must be a text of ${min > 0 ? `${min} to ` : "at most "}${showNumber(max)} characters`;
  const error = (i: { input?: unknown }) =>
    i.input === undefined
      ? undefined
      : `${say}${typeof i.input === "string" ? ` (this one has ${i.input.length})` : `, not ${inputText(i.input)}`}`;
  return z.string({ error }).min(min, { error }).max(max, { error });
}

/**
 * A plain text (core/text.ts) of at most `max` characters, `what` naming it: a
 * name or a title, on one line; with `lines`, a text that may hold line breaks.
 * Control characters, line separators and bidirectional controls are refused.
 */
export function plainTextUpTo(max: number, what = "a text", min = 0, lines = false) {
  return textUpTo(max, what, min).superRefine((v, ctx) => {
    const p = plainTextProblem(v, lines);
    if (p) ctx.addIssue({ code: "custom", message: `${what} ${p}`, params: { problem: "not-plain-text" } });
  });
}

/** An array of at most `max` items: "at most 40,000 borders (this one has 1,154,440)". */
export function listUpTo<T extends z.ZodType>(item: T, max: number, what: string) {
  const error = (i: { input?: unknown }) =>
    `at most ${showNumber(max)} ${what}${Array.isArray(i.input) ? ` (this one has ${showNumber(i.input.length)})` : ""}`;
  return z.array(item).max(max, { error });
}

/** A record (plain object) of at most `max` entries. */
export function recordUpTo<T extends z.ZodType>(record: T, max: number, what: string) {
  const size = (v: unknown) => (v !== null && typeof v === "object" ? Object.keys(v).length : 0);
  return record.refine((v) => size(v) <= max, {
    error: (i) => `at most ${showNumber(max)} ${what} (this one has ${showNumber(size(i.input))})`,
  });
}
