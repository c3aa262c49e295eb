/**
 * Issue 9 item 20: the command ships as built JavaScript (scripts/build.mjs, dist/,
 * run by bin/starhost.js). The build must be the same command as the TypeScript
 * source run through tsx (`npm run starhost`, what the other CLI tests run), and the
 * bin must never run a build older than the source.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, ROOT } from "../../scripts/build.mjs";
import { starhost } from "./run-cli.js";

type Run = { code: number; stdout: string; stderr: string };

function node(args: string[], cwd: string): Run {
  const r = spawnSync(process.execPath, args, { cwd, encoding: "utf8", timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A game folder's record and history (decompressed), without the submissions (they hold the time they came). */
function gameFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = { "game.json": readFileSync(join(dir, "game.json"), "utf8") };
  for (const step of readdirSync(join(dir, "history")))
    for (const f of readdirSync(join(dir, "history", step))) {
      const raw = readFileSync(join(dir, "history", step, f));
      out[`history/${step}/${f}`] = (f.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
    }
  return out;
}

describe("the built command (dist/) is the same command as the source", () => {
  let work: string;
  let main: string;
  let built: Awaited<ReturnType<typeof build>>;

  beforeAll(async () => {
    // Inside the package (tmp/ is ignored), as dist/ is: the build finds node_modules (PGlite) from there.
    mkdirSync(join(ROOT, "tmp"), { recursive: true });
    work = mkdtempSync(join(ROOT, "tmp", "built-"));
    built = await build({ out: join(work, "dist") });
    main = join(built.out, "main.js");
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("--version loads main.ts and commander only: the rest is in the program file", () => {
    // main.js is all that --version loads; the rules, host, stores, zod and yaml are in the
    // program file, loaded for every other command.
    const sources = Object.keys(built.metafile.outputs["main.js"]?.inputs ?? {});
    expect(sources.filter((s) => s.startsWith("src/"))).toEqual(["src/cli/main.ts"]);
    expect(sources.some((s) => /node_modules\/commander\//.test(s))).toBe(true);
    expect(sources.filter((s) => /node_modules\/(zod|yaml|pg|cli-progress)\//.test(s))).toEqual([]);
  });

  it("the program file comes with V8's code cache, and a fresh node takes it", () => {
    const program = built.files.find((f) => f.path.endsWith(".cjs"))!.path;
    const check = node(
      [
        "--input-type=module",
        "-e",
        `import { readFileSync } from "node:fs";
         import { runCommonJs } from ${JSON.stringify(join(ROOT, "scripts", "load-program.mjs"))};
         const file = ${JSON.stringify(join(built.out, program))};
         console.log(runCommonJs(file, readFileSync(file + ".cache")).script.cachedDataRejected);`,
      ],
      work,
    );
    expect(check).toEqual({ code: 0, stdout: "false\n", stderr: "" });
  });

  /** The same command line through tsx and through the build, each in its own folder. */
  function both(args: string[]): { source: Run; built: Run; dirs: { source: string; built: string } } {
    const dirs = { source: join(work, "source"), built: join(work, "built") };
    mkdirSync(dirs.source, { recursive: true });
    mkdirSync(dirs.built, { recursive: true });
    return { source: starhost(args, dirs.source), built: node([main, ...args], dirs.built), dirs };
  }

  it("--version, -V and --help print the same, exit 0", () => {
    for (const args of [["--version"], ["--help"], ["turn", "--help"]]) {
      const { source, built } = both(args);
      expect(built, args.join(" ")).toEqual(source);
      expect(built.code).toBe(0);
    }
    expect(node([main, "-V"], work)).toEqual({ code: 0, stdout: both(["--version"]).source.stdout, stderr: "" });
  }, 120_000);

  it("usage errors and refusals: the same message and exit code", () => {
    for (const args of [["nosuch"], ["turn", "no-such-folder"]]) {
      const { source, built } = both(args);
      expect(built, args.join(" ")).toEqual(source);
      expect(built.code).not.toBe(0);
    }
  }, 120_000);

  it("new, then a tutorial turn from the sample orders: the same output, the same game and history", () => {
    const made = both(["new", "galactic-empires", "--scenario", "tutorial", "--seed", "7", "--out", "g1"]);
    expect(made.built).toEqual(made.source);
    expect(made.built.code).toBe(0);
    for (const dir of Object.values(made.dirs))
      cpSync(join(ROOT, "examples", "tutorial", "orders"), join(dir, "g1", "orders"), { recursive: true });
    const turn = both(["turn", "g1"]);
    expect(turn.built.code, turn.built.stderr).toBe(0);
    expect(turn.built).toEqual(turn.source);
    expect(turn.built.stdout).toMatch(/Turn 1 adjudicated in g1/);
    expect(gameFiles(join(turn.dirs.built, "g1"))).toEqual(gameFiles(join(turn.dirs.source, "g1")));
    const report = both(["report", "g1", "--seat", "klingon"]);
    expect(report.built.code, report.built.stderr).toBe(0);
    expect(report.built).toEqual(report.source);
  }, 120_000);

  it("a game to PGlite and back (PGlite is loaded from node_modules, not bundled)", () => {
    const made = node([main, "new", "galactic-empires", "--scenario", "tutorial", "--seed", "3", "--out", "p1"], work);
    expect(made.code, made.stderr).toBe(0);
    expect(node([main, "export", "p1", "--out", "p1.json"], work).code).toBe(0);
    const put = node([main, "import", "p1.json", "--store", "pglite:pg"], work);
    expect(put.code, put.stderr).toBe(0);
    const back = node([main, "export", "--store", "pglite:pg", "--game", "p1", "--out", "p1-back.json"], work);
    expect(back.code, back.stderr).toBe(0);
    expect(readFileSync(join(work, "p1-back.json"), "utf8")).toBe(readFileSync(join(work, "p1.json"), "utf8"));
  }, 120_000);

  it("sample finds examples/ from the build's folder", () => {
    const { source, built } = both(["sample"]);
    expect(built.code, built.stderr).toBe(0);
    expect(built).toEqual(source);
  }, 120_000);
});

describe("bin/starhost.js runs dist/, and never a build older than src/", () => {
  // A copy of the package (bin, build script, source) with its own dist/, so the real dist/ is left alone.
  let pkg: string;
  const bin = (args: string[]) => node([join(pkg, "bin", "starhost.js"), ...args], pkg);

  beforeAll(() => {
    pkg = mkdtempSync(join(tmpdir(), "starhost-bin-"));
    for (const d of ["bin", "scripts", "src"]) cpSync(join(ROOT, d), join(pkg, d), { recursive: true });
    cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
    symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  });

  afterAll(() => rmSync(pkg, { recursive: true, force: true }));

  it("without a build: says to run npm run build, exit 1", () => {
    const r = bin(["--version"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/not built .*run npm run build/);
  });

  it("after npm run build: runs it; after an edit of a file in the build: rebuilds first; a source that does not build runs nothing", () => {
    const b = node([join(pkg, "scripts", "build.mjs")], pkg);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/^built dist: \d+ files/);
    const first = bin(["--version"]);
    expect(first).toEqual({ code: 0, stdout: "0.2.0\n", stderr: "" });
    // A file that no module imports is not part of the build: no rebuild for it.
    const rulings = join(pkg, "src", "rules", "galactic-empires", "RULINGS.md");
    writeFileSync(rulings, `${readFileSync(rulings, "utf8")}\n`);
    expect(bin(["--version"])).toEqual({ code: 0, stdout: "0.2.0\n", stderr: "" });

    const mainTs = join(pkg, "src", "cli", "main.ts");
    const source = readFileSync(mainTs, "utf8");
    writeFileSync(mainTs, source.replace('const VERSION = "0.2.0";', 'const VERSION = "9.9.9";'));
    const edited = bin(["--version"]);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toBe("9.9.9\n");
    expect(edited.stderr).toMatch(/src\/cli\/main\.ts changed since dist\/ was built; building dist\//);
    // Built once: the next call runs the new build without a word.
    expect(bin(["--version"])).toEqual({ code: 0, stdout: "9.9.9\n", stderr: "" });

    writeFileSync(mainTs, `${source}\nconst broken = ;\n`);
    const broken = bin(["--version"]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe("");
    expect(broken.stderr).toMatch(/the build failed, so nothing was run:\n.*main\.ts:\d+:\d+: /);
  }, 120_000);
});
