/**
 * Plain text: what a name, a title or a proclamation may hold (issue 9, item 4).
 * Names end up in results, checks and maps that people read in a terminal, so a
 * name must not be able to start a line of its own (and forge a section of a
 * report), move the cursor, recolour the screen or reorder what follows it.
 *
 * Refused: every control character (C0 with line feed, carriage return and tab,
 * DEL, C1), the Unicode line and paragraph separators, and the bidirectional
 * controls (embeddings, overrides, isolates and the marks LRM, RLM, ALM).
 * Letters of every script, punctuation, symbols and spaces are plain text.
 */

/** One character that is not plain text. */
const UNSAFE = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const UNSAFE_ALL = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** The same, but a line feed is allowed: texts of several lines (a proclamation). */
const UNSAFE_BUT_LF = /[^\P{Cc}\n]|[\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

const NAMES: Readonly<Record<number, string>> = {
  9: "a tab",
  10: "a line break",
  13: "a carriage return",
  27: "an escape (terminal control)",
  127: "a delete",
  155: "a terminal control (CSI)",
  8232: "a line separator",
  8233: "a paragraph separator",
};

/** "U+001B" */
export function codePoint(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** What a character that is not plain text is, for messages: "a line break (U+000A)". */
function describe(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const name = NAMES[cp] ?? (cp === 0x061c || cp >= 0x200e ? "a bidirectional control" : "a control character");
  return `${name} (${codePoint(ch)})`;
}

/**
 * Why `text` is not plain text, or null when it is. With `lines`, line feeds are
 * allowed (a text of several lines), nothing else of the above.
 */
export function plainTextProblem(text: string, lines = false): string | null {
  const m = (lines ? UNSAFE_BUT_LF : UNSAFE).exec(text);
  if (!m) return null;
  const at = [...text.slice(0, m.index)].length + 1;
  return `holds ${describe(m[0])} at character ${at}; ${lines ? "a text may hold line breaks but no other control characters" : "names are plain text on one line"}: no line breaks, tabs, escapes or bidirectional controls`;
}

export function isPlainText(text: string, lines = false): boolean {
  return plainTextProblem(text, lines) === null;
}

/**
 * The text with every character that is not plain text shown as its code point
 * ("<U+001B>"), so that printing it can neither start a line nor control the
 * terminal. For text that reached a report or a check from before names were
 * checked, or from an echo of refused input.
 */
export function showPlain(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, (ch) => `<${codePoint(ch)}>`) : text;
}

/**
 * XML text and attribute values (maps, replays): the five markup characters escaped; line breaks kept (a tooltip has
 * lines) and any other control character shown as its code point (`showPlain`), so a name from a file can neither
 * break a picture's markup nor hide a terminal escape in it.
 */
export function escapeXml(s: string): string {
  return s
    .split("\n")
    .map(showPlain)
    .join("\n")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
