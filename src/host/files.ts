/** Reading and writing game files: JSON or YAML in, canonical JSON out, writes atomic. */
import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { canonicalJson } from "../core/json.js";
import { createExclusive } from "../store/exclusive.js";
import { HostError } from "./errors.js";

/** Decode a JSON or YAML file; a syntax error names the file, line and column. */
export function readDataFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new HostError("unreadable-file", `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return decodeData(text, path);
}

export function decodeData(text: string, path: string): unknown {
  const isJson = path.endsWith(".json") || /^\s*[[{]/.test(text);
  try {
    return isJson ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    const msg = (e as Error).message.split("\n")[0];
    throw new HostError("malformed-file", `${path} is not valid ${isJson ? "JSON" : "YAML"}: ${msg}`);
  }
}

export function writeJson(path: string, value: unknown): void {
  writeText(path, `${canonicalJson(value, 2)}\n`);
}

/**
 * Write a whole file: a temporary file under a random name opened exclusively
 * (nothing planted in advance is written through), then one rename. A folder, or
 * a symbolic link, at `path` is refused with a message; so is a path ending in "/".
 * Whatever fails (no room, no permission, a file where a folder should be), no
 * temporary file is left behind and the error names the path.
 */
export function writeText(path: string, text: string): void {
  if (/[/\\]$/.test(path)) throw new HostError("is-a-folder", `${path} names a folder; name a file to write`);
  if (existsSync(path)) {
    const st = lstatSync(path);
    if (st.isDirectory()) throw new HostError("is-a-folder", `${path} is a folder; name a file to write`);
    if (st.isSymbolicLink()) throw new HostError("unsafe-path", `${path} is a symbolic link; not written through`);
  }
  const fsError = (e: unknown) =>
    new HostError("cannot-write", `cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (e) {
    throw fsError(e);
  }
  const tmp = join(dirname(path), `.tmp-${randomBytes(8).toString("hex")}`);
  try {
    createExclusive(tmp, text, false);
    renameSync(tmp, path);
  } catch (e) {
    // EEXIST: something stood at the random name before us; it is not ours to remove.
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") rmSync(tmp, { force: true });
    throw fsError(e);
  }
}
