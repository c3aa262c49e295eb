/**
 * Where a command writes (`--out`): a file it may create or replace, or a folder it may create.
 *
 * A file a command writes ends with a stamp: a comment naming the command and the SHA-256 of
 * everything above it (`<!-- starhost map: sha256 ... -->` in SVG and HTML, `# starhost orders
 * template: sha256 ...` in YAML). The same command may replace a file that still carries its own
 * stamp unchanged (drawing a map again); anything else that exists (another command's file, a file
 * changed since, a file of the user's, another game's `game.json`) is replaced only with `--force`.
 * A game's record is never replaced. A folder, a symbolic link or a path whose folder is a file is
 * refused with a message. These are mistakes in how the command was called: exit code 2
 * (README, "Exit codes").
 */
import { createHash } from "node:crypto";
import { closeSync, lstatSync, openSync, readSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { writeText } from "../host/files.js";
import { UsageError } from "./common.js";

/** The largest file read back to check its stamp: a bigger one is not ours (a map of 5,000 sectors is ~3 MB). */
const STAMP_READ_MAX = 256 * 1024 * 1024;

const digest = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** Markup (SVG, HTML) takes an XML comment; anything else (YAML, text) a `#` line. */
const isMarkup = (text: string): boolean => /^\s*</.test(text);

/** `text` with the stamp of `command` as its last line. */
export function stamp(text: string, command: string): string {
  const body = text.endsWith("\n") ? text : `${text}\n`;
  const what = `starhost ${command}: sha256 ${digest(body)}`;
  return `${body}${isMarkup(body) ? `<!-- ${what} -->` : `# ${what} (replaced by the same command unless changed)`}\n`;
}

/**
 * The last stamp in `text`: the command that wrote it and whether the file is still as written (the stamp its
 * last line, the digest that of everything above it); null when there is none.
 */
export function stampOf(text: string): { command: string; unchanged: boolean } | null {
  const re = /(?:<!-- |# )starhost ([a-z][a-z -]*): sha256 ([0-9a-f]{64})(?: -->| \([^\n]*\))(\n?)/g;
  let last: RegExpExecArray | null = null;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) last = m;
  if (last === null) return null;
  const atLineStart = last.index === 0 || text[last.index - 1] === "\n";
  const atEnd = last.index + last[0].length === text.length;
  const unchanged = atLineStart && atEnd && digest(text.slice(0, last.index)) === last[2];
  return { command: last[1] as string, unchanged };
}

function readSmall(path: string, size: number): string | null {
  if (size > STAMP_READ_MAX) return null;
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** A Starhost game record (a game folder's `game.json`): JSON with its format number under "starhost". */
function isGameRecord(text: string): boolean {
  if (!/^\s*\{/.test(text)) return false;
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === "object" && !Array.isArray(v) && "starhost" in v && "state" in v;
  } catch {
    return false;
  }
}

/** Why the folder `dir` cannot hold a file or a folder to be made in it, or null. */
function parentProblem(path: string): string | null {
  let dir = dirname(path);
  for (;;) {
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(dir);
    } catch {
      st = undefined;
    }
    if (st) return st.isDirectory() ? null : `--out ${path}: ${dir} is a file, so nothing can be written under it`;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/**
 * Why `path` may not be written by `command` (null when it may): see the module's comment.
 * `force` allows replacing a file that exists, never a game's record.
 */
export function outputProblem(path: string, command: string | null, force: boolean): string | null {
  if (path.trim() === "") return "--out names no file";
  if (/[/\\]$/.test(path)) return `--out ${path} names a folder (it ends in "${path.slice(-1)}"); name a file to write`;
  let st: ReturnType<typeof lstatSync> | undefined;
  try {
    st = lstatSync(path);
  } catch {
    st = undefined;
  }
  if (!st) return parentProblem(path);
  if (st.isDirectory()) return `--out ${path} is a folder; name a file to write in it (or elsewhere)`;
  if (st.isSymbolicLink()) return `--out ${path} is a symbolic link; it is never written through: name another file`;
  if (!st.isFile()) return `--out ${path} is not a regular file; name a file to write`;
  const text = readSmall(path, st.size);
  if (text !== null && isGameRecord(text)) return `--out ${path} is a game's record (game.json); it is never replaced: name another file`;
  if (force) return null;
  if (command === null) return `--out ${path} exists: pass --force to replace it, or name another file`;
  const s = text === null ? null : stampOf(text);
  if (s?.command === command && s.unchanged) return null;
  const why =
    s === null
      ? `was not written by "starhost ${command}"`
      : s.command !== command
        ? `was written by "starhost ${s.command}", not "starhost ${command}"`
        : "was changed since it was written";
  return `--out ${path} exists and ${why}: pass --force to replace it, or name another file`;
}

/** Write a command's output file, stamped, after `outputProblem` allows it (a refusal is a usage error, exit 2). */
export function writeOutput(path: string, text: string, command: string, force = false): void {
  const p = outputProblem(path, command, force);
  if (p !== null) throw new UsageError(p);
  writeText(path, stamp(text, command));
}

/**
 * Write a file that cannot carry a stamp (JSON): an existing file is replaced only with `--force`, or, when
 * `sameIsFine`, if it already holds exactly `text` (nothing is lost; a schema written again).
 */
export function writeUnstamped(path: string, text: string, force = false, sameIsFine = false): void {
  const p = outputProblem(path, null, force);
  if (p !== null && !(sameIsFine && holds(path, text))) throw new UsageError(p);
  writeText(path, text);
}

function holds(path: string, text: string): boolean {
  try {
    const st = lstatSync(path);
    return st.isFile() && st.size === Buffer.byteLength(text) && readSmall(path, st.size) === text;
  } catch {
    return false;
  }
}

/** Why `dir` cannot be the folder a command creates (a file is there, or its parent is a file), or null. */
export function outputFolderProblem(dir: string): string | null {
  if (dir.trim() === "") return "--out names no folder";
  let st: ReturnType<typeof lstatSync> | undefined;
  try {
    st = lstatSync(dir);
  } catch {
    st = undefined;
  }
  if (!st) return parentProblem(dir);
  if (st.isSymbolicLink()) return `--out ${dir} is a symbolic link; name a folder`;
  if (!st.isDirectory()) return `--out ${dir} is a file, not a folder; name a folder for the game`;
  return null;
}

/** Refuse (exit 2) a game folder `--out` that cannot be one. */
export function requireOutputFolder(dir: string): void {
  const p = outputFolderProblem(dir);
  if (p !== null) throw new UsageError(p);
}
