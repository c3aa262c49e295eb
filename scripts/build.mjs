/**
 * `npm run build` (and `prepare`, so `npm ci` builds): the `starhost` command as
 * plain JavaScript in dist/, so bin/starhost.js starts without the TypeScript loader.
 *
 *   node scripts/build.mjs [--out DIR] [--no-minify]
 *
 * One esbuild bundle of src/cli/main.ts: ESM, split into chunks so code that a command
 * imports only when it runs (each command's work, the PostgreSQL and PGlite drivers)
 * is not even parsed by `starhost --version`. Every package is bundled except PGlite
 * (it loads its .wasm and data files from beside itself) and pg-native (optional, not
 * installed). The build is written to a fresh folder beside DIR and then renamed into
 * place, so a command started meanwhile never sees half a build. `build.json` in DIR
 * records when the build started: bin/starhost.js rebuilds when anything in src/ (or
 * this script) is newer.
 */
import { randomBytes } from "node:crypto";
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The package's folder (where package.json, src/ and examples/ are). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_OUT = join(ROOT, "dist");
/** The file in a build folder that says when it was built; written last. */
export const STAMP = "build.json";

/**
 * Bundled CommonJS packages (commander, cli-progress, pg) call `require("events")` and
 * the like; an ESM chunk has no `require`, so each chunk makes one.
 */
const REQUIRE_SHIM =
  'import { createRequire as __starhostCreateRequire } from "node:module"; const require = __starhostCreateRequire(import.meta.url);';

/**
 * Builds the command into `out` (default dist/). Returns the folder, its files with
 * their sizes and the build's files each imports first, esbuild's metafile (which
 * sources went into which file; its outputs named by their path in the folder), and
 * how long the build took.
 * @param {{ out?: string, minify?: boolean }} [options]
 * @returns {Promise<{ out: string, files: { path: string, bytes: number, imports: string[] }[], metafile: import("esbuild").Metafile, ms: number }>}
 */
export async function build(options = {}) {
  const out = resolve(options.out ?? DEFAULT_OUT);
  const minify = options.minify ?? true;
  const startedAt = Date.now();
  const t0 = performance.now();
  const { build: esbuild } = await import("esbuild");
  const tmp = `${out}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    const result = await esbuild({
      absWorkingDir: ROOT,
      entryPoints: { main: join(ROOT, "src", "cli", "main.ts") },
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      minify,
      sourcemap: "linked",
      external: ["@electric-sql/pglite", "pg-native"],
      banner: { js: REQUIRE_SHIM },
      // src/cli/sample.ts finds examples/ from its own file: in a build, from the build's folder.
      define: { STARHOST_PACKAGE_ROOT: JSON.stringify(relative(out, ROOT) || ".") },
      metafile: true,
      logLevel: "silent",
    });
    const inBuild = (path) => relative(tmp, resolve(ROOT, path));
    const files = Object.entries(result.metafile.outputs)
      .map(([path, o]) => ({
        path: inBuild(path),
        bytes: o.bytes,
        // The build's own files this one imports before it runs (not those it imports when needed).
        imports: o.imports.filter((i) => i.kind === "import-statement" && !i.external).map((i) => inBuild(i.path)),
      }))
      .sort((a, b) => a.path.localeCompare(b.path));
    writeFileSync(join(tmp, STAMP), `${JSON.stringify({ startedAt, minify, files }, null, 2)}\n`);
    swapInto(tmp, out);
    const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([path, o]) => [inBuild(path), o]));
    return { out, files, metafile: { ...result.metafile, outputs }, ms: performance.now() - t0 };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** Puts the finished build `tmp` at `out`, replacing an older build there. */
function swapInto(tmp, out) {
  if (!existsSync(out)) {
    renameSync(tmp, out);
    return;
  }
  const old = `${out}.old-${process.pid}-${randomBytes(4).toString("hex")}`;
  renameSync(out, old);
  try {
    renameSync(tmp, out);
  } catch (e) {
    // Another build put its own folder there in between: keep that one (built from the same sources).
    if (!existsSync(out)) throw e;
    rmSync(tmp, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
}

/** The message of an esbuild failure (its errors with file and line), or of any other error. */
export function buildErrorText(e) {
  const errors = /** @type {{ errors?: { text: string, location?: { file: string, line: number, column: number } | null }[] }} */ (e)
    .errors;
  if (!Array.isArray(errors) || errors.length === 0) return e instanceof Error ? e.message : String(e);
  return errors.map((x) => (x.location ? `${x.location.file}:${x.location.line}:${x.location.column}: ${x.text}` : x.text)).join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--out");
  const out = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !out) {
    console.error("build: --out takes a folder");
    process.exit(2);
  }
  try {
    const r = await build({ out, minify: !args.includes("--no-minify") });
    const js = r.files.filter((f) => f.path.endsWith(".js"));
    const kb = js.reduce((s, f) => s + f.bytes, 0) / 1024;
    console.log(
      `built ${relative(process.cwd(), r.out) || "."}: ${js.length} files, ${kb.toFixed(0)} KB of JavaScript, in ${r.ms.toFixed(0)} ms`,
    );
  } catch (e) {
    console.error(`build failed:\n${buildErrorText(e)}`);
    process.exit(1);
  }
}
