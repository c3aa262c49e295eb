#!/usr/bin/env node
// Thin launcher: runs the TypeScript CLI through tsx so `npx starhost` works without a build step.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tsxCli = require.resolve("tsx/cli");
const r = spawnSync(process.execPath, [tsxCli, join(here, "..", "src", "cli", "main.ts"), ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
