/**
 * How a build (scripts/build.mjs) runs the bulk of the command: src/cli/program.ts
 * bundled as one CommonJS file, compiled through node:vm so V8 can start from a code
 * cache the build made (Node 20 has no module.enableCompileCache). Used by the build,
 * to make the cache, and by the build's main.js, to load the program with it; the
 * same wrapper and options both times, or V8 would refuse the cache.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import vm from "node:vm";

/**
 * Compiles and runs the CommonJS file `file`, from V8's code cache `cachedData` when
 * given (V8 refuses a cache made by another V8 or with other flags, and then compiles
 * as usual). Returns the file's exports and its script, whose createCachedData()
 * makes a cache of everything compiled so far.
 * @param {string} file an absolute path
 * @param {Buffer} [cachedData]
 * @returns {{ exports: Record<string, unknown>, script: import("node:vm").Script }}
 */
export function runCommonJs(file, cachedData) {
  const source = readFileSync(file, "utf8");
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    // An `import()` in the file (esbuild leaves none today) works as in any module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, script };
}

/**
 * Loads a build's program file `file` with its code cache (`file`.cache) if there is
 * one: a missing or refused cache only costs the compilation it would have saved.
 * @param {string} file an absolute path
 */
export function loadProgram(file) {
  let cachedData;
  try {
    cachedData = readFileSync(`${file}.cache`);
  } catch {
    cachedData = undefined;
  }
  return runCommonJs(file, cachedData).exports;
}
