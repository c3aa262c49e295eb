/**
 * `npm run build` (and `prepare`, so `npm ci` builds): the `starhost` command as
 * plain JavaScript in dist/, so bin/starhost.js starts without the TypeScript loader.
 *
 *   node scripts/build.mjs [--out DIR] [--no-minify]
 *
 * Two esbuild bundles, minified. main.js: src/cli/main.ts and commander, all that
 * `starhost --version` loads. program-HASH.cjs: src/cli/program.ts (every command) and
 * all it imports, as CommonJS so that V8 can start it from a code cache the build makes
 * (program-HASH.cjs.cache; scripts/load-program.mjs). Every package is bundled except
 * PGlite (it loads its .wasm and data files from beside itself), Fastify and its plugins
 * (swagger-ui serves files from beside itself; only `serve` loads them) and pg-native
 * (optional, not installed). The build is written to a fresh folder beside DIR and then renamed into
 * place, so a command started meanwhile never sees half a build. `build.json` in DIR
 * records when the build started and the package's files that went into it:
 * bin/starhost.js rebuilds when any of them (or this script, or the lockfile) is newer.
 */
import { randomBytes } from "node:crypto";
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runCommonJs } from "./load-program.mjs";

/** The package's folder (where package.json, src/ and examples/ are). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_OUT = join(ROOT, "dist");
/** The file in a build folder that says when it was built and from what (bin/starhost.js reads it); written last. */
const STAMP = "build.json";

/**
 * Bundled CommonJS packages (commander) call `require("events")` and the like; an ES
 * module has no `require`, so main.js makes one.
 */
const REQUIRE_SHIM =
  'import { createRequire as __starhostCreateRequire } from "node:module"; const require = __starhostCreateRequire(import.meta.url);';

/**
 * zod's `z` carries every locale's messages (`z.locales`, some 250 KB of the bundle);
 * Starhost words its own messages and leaves zod on its default, English, so the
 * build keeps only that one. A zod that moved its locales makes this do nothing.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)[\\/]/.test(a.importer)
        ? { path: join(a.resolveDir, "..", "locales", "index.js"), namespace: "zod-en" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-en" }, (a) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(a.path), "en.js"))};`,
      resolveDir: dirname(a.path),
    }));
  },
};

/**
 * main.ts imports "./program.js" for everything but --version: in a build, a small
 * module that loads the program file (with its code cache) through load-program.mjs.
 */
function programLoader(programFile) {
  return {
    name: "program-loader",
    setup(b) {
      b.onResolve({ filter: /^\.\/program\.js$/ }, (a) =>
        a.importer.endsWith(join("src", "cli", "main.ts")) ? { path: "program-loader", namespace: "program-loader" } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "program-loader" }, () => ({
        contents: [
          `import { fileURLToPath } from "node:url";`,
          `import { loadProgram } from ${JSON.stringify(join(ROOT, "scripts", "load-program.mjs"))};`,
          `export const { runProgram } = loadProgram(fileURLToPath(new URL(${JSON.stringify(`./${programFile}`)}, import.meta.url)));`,
        ].join("\n"),
        resolveDir: ROOT,
      }));
    },
  };
}

/**
 * Builds the command into `out` (default dist/): main.js (src/cli/main.ts and
 * commander: all that --version loads), program-HASH.cjs (src/cli/program.ts and all
 * it imports) and program-HASH.cjs.cache (V8's code cache for it, made by loading it
 * here). Returns the folder, its files with their sizes, esbuild's metafile of both
 * bundles (which sources went into which file; outputs named by their path in the
 * folder), and how long the build took.
 * @param {{ out?: string, minify?: boolean }} [options]
 * @returns {Promise<{ out: string, files: { path: string, bytes: number }[], metafile: import("esbuild").Metafile, ms: number }>}
 */
export async function build(options = {}) {
  const out = resolve(options.out ?? DEFAULT_OUT);
  const minify = options.minify ?? true;
  const startedAt = Date.now();
  const t0 = performance.now();
  const { build: esbuild } = await import("esbuild");
  const tmp = `${out}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  const common = {
    absWorkingDir: ROOT,
    outdir: tmp,
    bundle: true,
    platform: "node",
    target: "node20",
    minify,
    sourcemap: "linked",
    metafile: true,
    logLevel: "silent",
  };
  try {
    // CommonJS: V8 keeps a code cache only for scripts, not for ES modules.
    const program = await esbuild({
      ...common,
      entryPoints: { program: join(ROOT, "src", "cli", "program.ts") },
      entryNames: "[name]-[hash]",
      outExtension: { ".js": ".cjs" },
      format: "cjs",
      // Fastify and its plugins stay in node_modules too: swagger-ui serves files from beside itself, and only
      // `starhost serve` loads them (src/cli/serve.ts imports the server when it runs).
      external: ["@electric-sql/pglite", "pg-native", "fastify", "@fastify/*"],
      plugins: [zodEnglishOnly],
      banner: { js: 'var __starhostFileUrl = require("node:url").pathToFileURL(__filename).href;' },
      define: {
        "import.meta.url": "__starhostFileUrl",
        // src/cli/sample.ts finds examples/ from its own file: in a build, from the build's folder.
        STARHOST_PACKAGE_ROOT: JSON.stringify(relative(out, ROOT) || "."),
      },
    });
    const programFile = Object.keys(program.metafile.outputs)
      .map((p) => relative(tmp, resolve(ROOT, p)))
      .find((p) => p.endsWith(".cjs"));
    // The cache holds what loading compiles: every module's top level, the schemas it builds, commander.
    writeFileSync(join(tmp, `${programFile}.cache`), runCommonJs(join(tmp, programFile)).script.createCachedData());
    const main = await esbuild({
      ...common,
      entryPoints: { main: join(ROOT, "src", "cli", "main.ts") },
      format: "esm",
      plugins: [programLoader(programFile)],
      banner: { js: REQUIRE_SHIM },
    });
    const outputs = Object.fromEntries(
      [...Object.entries(program.metafile.outputs), ...Object.entries(main.metafile.outputs)].map(([p, o]) => [
        relative(tmp, resolve(ROOT, p)),
        o,
      ]),
    );
    const files = [
      ...Object.entries(outputs).map(([path, o]) => ({ path, bytes: o.bytes })),
      { path: `${programFile}.cache`, bytes: statSync(join(tmp, `${programFile}.cache`)).size },
    ].sort((a, b) => a.path.localeCompare(b.path));
    // The package's own files in the build (node_modules comes with the lockfile): the bin checks their times.
    const inputs = [...new Set([...Object.keys(program.metafile.inputs), ...Object.keys(main.metafile.inputs)])]
      .filter((p) => !p.includes("node_modules") && !p.startsWith("..") && !/^[\w-]+:/.test(p))
      .sort();
    writeFileSync(join(tmp, STAMP), `${JSON.stringify({ startedAt, minify, files, inputs }, null, 2)}\n`);
    swapInto(tmp, out);
    return {
      out,
      files,
      metafile: { inputs: { ...program.metafile.inputs, ...main.metafile.inputs }, outputs },
      ms: performance.now() - t0,
    };
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
    const js = r.files.filter((f) => /\.c?js$/.test(f.path));
    const kb = js.reduce((s, f) => s + f.bytes, 0) / 1024;
    console.log(
      `built ${relative(process.cwd(), r.out) || "."}: ${js.length} files, ${kb.toFixed(0)} KB of JavaScript, in ${r.ms.toFixed(0)} ms`,
    );
  } catch (e) {
    console.error(`build failed:\n${buildErrorText(e)}`);
    process.exit(1);
  }
}
