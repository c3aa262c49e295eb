/** Reading and writing game files: JSON or YAML in, canonical JSON out, writes atomic. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parse as parseYaml } from "yaml";
import { canonicalJson } from "../core/json.js";
import { HostError } from "./registry.js";

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

export function writeText(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}
