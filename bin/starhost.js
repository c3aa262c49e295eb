#!/usr/bin/env node
// The `starhost` command: runs the build of src/cli/main.ts in dist/ (scripts/build.mjs;
// `npm ci` builds it through `prepare`, or `npm run build`). `npm run starhost` runs the
// TypeScript source through tsx instead.
//
// A build older than the source would run old rules without a word: when any file or
// folder under src/ (or the build scripts) is newer than the build, this rebuilds dist/
// first (about a second) and says so on stderr; a source that does not build is an error
// (exit 1), never a reason to run the old build. The check reads the times of ~170 files
// (about 2 ms, bench/startup.bench.ts).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const buildScript = join(root, "scripts", "build.mjs");
const buildScripts = [buildScript, join(root, "scripts", "load-program.mjs")];

/** When the build in dist/ started, or null if there is no (finished) build. */
function builtAt() {
  try {
    return JSON.parse(readFileSync(join(dist, "build.json"), "utf8")).startedAt;
  } catch {
    return null;
  }
}

/** The first file or folder under src/ (or of the build scripts) changed after `since`, or null. */
function newerThan(since) {
  for (const f of buildScripts) if (existsSync(f) && statSync(f).mtimeMs > since) return f;
  const dirs = [join(root, "src")];
  while (dirs.length > 0) {
    const dir = dirs.pop();
    if (statSync(dir).mtimeMs > since) return dir; // a file added, removed or renamed
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) dirs.push(p);
      else if (statSync(p).mtimeMs > since) return p;
    }
  }
  return null;
}

async function rebuild(why) {
  process.stderr.write(`starhost: ${why}; building dist/ (npm run build)...\n`);
  let script;
  try {
    script = await import(pathToFileURL(buildScript).href);
    await script.build();
  } catch (e) {
    process.stderr.write(`starhost: the build failed, so nothing was run:\n${script ? script.buildErrorText(e) : String(e)}\n`);
    process.exit(1);
  }
}

const at = builtAt();
if (at === null) {
  process.stderr.write("starhost: the command is not built (dist/ is missing); run npm run build\n");
  process.exit(1);
}
const changed = existsSync(join(root, "src")) ? newerThan(at) : null;
if (changed) await rebuild(`${changed.slice(root.length + 1)} changed since dist/ was built`);
await import(pathToFileURL(join(dist, "main.js")).href);
