#!/usr/bin/env node
// The `starhost` command: runs the build of src/cli/main.ts in dist/ (scripts/build.mjs;
// `npm ci` builds it through `prepare`, or `npm run build`). `npm run starhost` runs the
// TypeScript source through tsx instead.
//
// A build older than the source would run old rules without a word: when any file that
// went into the build (build.json lists them: src/cli/main.ts and all it imports), a build
// script or the lockfile is newer than the build, or gone, this rebuilds dist/ first (a few
// seconds) and says so on stderr; a source that does not build is an error (exit 1), never
// a reason to run the old build. A file that nothing imports (a RULINGS.md, a new module
// not yet imported) does not count. The check reads the times of ~135 files
// (bench/startup.bench.ts: "the bin's own cost").
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const buildScript = join(root, "scripts", "build.mjs");
// Besides the files build.json lists: what else makes a build (the packages bundled come with the lockfile).
const buildInputs = [buildScript, join(root, "scripts", "load-program.mjs"), join(root, "package-lock.json")];

/** The build in dist/: when it started and the package's files that went into it; null if there is none (finished). */
function builtFrom() {
  try {
    const { startedAt, inputs } = JSON.parse(readFileSync(join(dist, "build.json"), "utf8"));
    return { startedAt, inputs };
  } catch {
    return null;
  }
}

/** The first file that went into the build `b` and changed since, or is gone; or a newer build script or lockfile; or null. */
function changedSince(b) {
  if (!Array.isArray(b.inputs)) return "dist/build.json"; // a build from before the list was kept
  for (const f of b.inputs) {
    const st = statSync(join(root, f), { throwIfNoEntry: false });
    if (!st || st.mtimeMs > b.startedAt) return f;
  }
  for (const f of buildInputs) if ((statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0) > b.startedAt) return f.slice(root.length + 1);
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

const built = builtFrom();
if (built === null) {
  process.stderr.write("starhost: the command is not built (dist/ is missing); run npm run build\n");
  process.exit(1);
}
const changed = changedSince(built);
if (changed) await rebuild(`${changed} changed since dist/ was built`);
await import(pathToFileURL(join(dist, "main.js")).href);
