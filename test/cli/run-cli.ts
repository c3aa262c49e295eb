import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

/** Run `starhost ARGS` as a person would; returns exit code and output. */
export function starhost(args: string[], cwd = ROOT): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [TSX, join(ROOT, "src", "cli", "main.ts"), ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
