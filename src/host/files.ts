/** Reading and writing game files: JSON or YAML in, canonical JSON out, writes atomic. */
import { randomBytes } from "node:crypto";
import { closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse as parseYaml } from "yaml";
import { canonicalJson } from "../core/json.js";
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
 * a symbolic link, at `path` is refused with a message.
 */
export function writeText(path: string, text: string): void {
  if (existsSync(path)) {
    const st = lstatSync(path);
    if (st.isDirectory()) throw new HostError("is-a-folder", `${path} is a folder; name a file to write`);
    if (st.isSymbolicLink()) throw new HostError("unsafe-path", `${path} is a symbolic link; not written through`);
  }
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.tmp-${randomBytes(8).toString("hex")}`);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    const buf = Buffer.from(text, "utf8");
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}
