/**
 * Where `map`, `replay`, `orders template` and `export` write (issue 9 item 20b): a command
 * replaces only a file it wrote itself and that nobody changed since, anything else only with
 * `--force`, a game's `game.json` never; a folder or a path under a file is refused with a
 * message, exit 2 (README, "Exit codes": a usage error), leaving nothing behind.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputFolderProblem, outputProblem, stamp, stampOf } from "../../src/cli/output.js";
import { writeText } from "../../src/host/files.js";
import { starhost } from "./run-cli.js";

const base = mkdtempSync(join(tmpdir(), "starhost-out-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("the stamp a command leaves on its output", () => {
  it("SVG and HTML end in an XML comment, YAML in a # line; both name the command and the digest of what is above", () => {
    const svg = stamp("<svg></svg>", "map");
    expect(svg).toMatch(/^<svg><\/svg>\n<!-- starhost map: sha256 [0-9a-f]{64} -->\n$/);
    expect(stampOf(svg)).toEqual({ command: "map", unchanged: true });
    const yaml = stamp("empire: klingon\norders: []\n", "orders template");
    expect(yaml).toMatch(/\n# starhost orders template: sha256 [0-9a-f]{64} \(.*\)\n$/);
    expect(stampOf(yaml)).toEqual({ command: "orders template", unchanged: true });
  });

  it("a file changed anywhere, or with lines added after the stamp, is no longer the command's own", () => {
    const yaml = stamp("empire: klingon\norders: []\n", "orders template");
    expect(stampOf(yaml.replace("orders: []", "orders: [{ type: wait, unit: A1 }]"))?.unchanged).toBe(false);
    expect(stampOf(`${yaml}# my note\n`)?.unchanged).toBe(false);
    expect(stampOf("orders: []\n")).toBeNull();
  });
});

describe("outputProblem: what --out may name", () => {
  it("a new file in an existing or new folder may be written; a folder, a trailing slash or a path under a file may not", () => {
    const d = mkdtempSync(join(base, "p-"));
    writeFileSync(join(d, "file.txt"), "mine\n");
    expect(outputProblem(join(d, "new.svg"), "map", false)).toBeNull();
    expect(outputProblem(join(d, "sub", "deeper", "new.svg"), "map", false)).toBeNull();
    expect(outputProblem(d, "map", true)).toMatch(/is a folder; name a file to write/);
    expect(outputProblem(join(d, "nowhere") + "/", "map", false)).toMatch(/names a folder \(it ends in "\/"\)/);
    expect(outputProblem(join(d, "file.txt", "x.svg"), "map", false)).toMatch(/file\.txt is a file, so nothing can be written under it/);
    expect(outputProblem("", "map", false)).toMatch(/names no file/);
  });

  it("an existing file: the same command's unchanged output may be replaced, anything else only with --force", () => {
    const d = mkdtempSync(join(base, "p-"));
    writeFileSync(join(d, "mine.svg"), "<svg>my own drawing</svg>\n");
    writeFileSync(join(d, "map.svg"), stamp("<svg></svg>", "map"));
    expect(outputProblem(join(d, "mine.svg"), "map", false)).toMatch(/exists and was not written by "starhost map": pass --force/);
    expect(outputProblem(join(d, "mine.svg"), "map", true)).toBeNull();
    expect(outputProblem(join(d, "map.svg"), "map", false)).toBeNull();
    expect(outputProblem(join(d, "map.svg"), "replay", false)).toMatch(/was written by "starhost map", not "starhost replay"/);
    appendFileSync(join(d, "map.svg"), "<!-- mine -->\n");
    expect(outputProblem(join(d, "map.svg"), "map", false)).toMatch(/was changed since it was written: pass --force/);
    // A file that cannot carry a stamp (an export's JSON): only with --force.
    expect(outputProblem(join(d, "map.svg"), null, false)).toMatch(/exists: pass --force/);
  });

  it("a game's record and a symbolic link are never written, --force or not", () => {
    const d = mkdtempSync(join(base, "p-"));
    writeFileSync(join(d, "game.json"), JSON.stringify({ starhost: 1, id: "g", state: {} }));
    symlinkSync(join(d, "game.json"), join(d, "link.svg"));
    expect(outputProblem(join(d, "game.json"), "map", true)).toMatch(/is a game's record \(game\.json\); it is never replaced/);
    expect(outputProblem(join(d, "link.svg"), "map", true)).toMatch(/is a symbolic link; it is never written through/);
  });

  it("a game folder --out (new, import, demo, sample) may be a new or existing folder, never a file", () => {
    const d = mkdtempSync(join(base, "p-"));
    writeFileSync(join(d, "file.txt"), "mine\n");
    expect(outputFolderProblem(join(d, "g"))).toBeNull();
    expect(outputFolderProblem(d)).toBeNull();
    expect(outputFolderProblem(join(d, "file.txt"))).toMatch(/is a file, not a folder/);
    expect(outputFolderProblem(join(d, "file.txt", "g"))).toMatch(/is a file, so nothing can be written under it/);
  });
});

describe("writeText: a write that fails leaves no temporary file", () => {
  it("renaming onto a path ending in a slash, or under a file, fails with a message and nothing stray", () => {
    const d = mkdtempSync(join(base, "w-"));
    writeFileSync(join(d, "file.txt"), "mine\n");
    expect(() => writeText(join(d, "nodir") + "/", "x")).toThrow(/names a folder; name a file to write/);
    expect(() => writeText(join(d, "file.txt", "x.svg"), "x")).toThrow(/cannot write .*file\.txt\/x\.svg: (ENOTDIR|EEXIST)/);
    expect(readdirSync(d)).toEqual(["file.txt"]);
  });
});

describe("starhost map / orders template / export --out (README, Exit codes)", () => {
  const dir = join(base, "cli");
  const g1 = join(dir, "g1");
  const g2 = join(dir, "g2");
  // Two games made by the command itself: a hook of its own time, as a loaded machine takes seconds a command.
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    expect(starhost(["new", "galactic-empires", "--scenario", "tutorial", "--out", g1]).code).toBe(0);
    expect(starhost(["new", "galactic-empires", "--scenario", "tutorial", "--out", g2]).code).toBe(0);
  }, 120_000);

  it("never replaces another game's game.json, even with --force: exit 2, the game untouched", () => {
    const before = readFileSync(join(g2, "game.json"), "utf8");
    for (const force of [[], ["--force"]]) {
      const r = starhost(["map", g1, "--out", join(g2, "game.json"), ...force]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/game\.json is a game's record \(game\.json\); it is never replaced/);
    }
    const t = starhost(["orders", "template", g1, "--seat", "klingon", "--out", join(g2, "game.json"), "--force"]);
    expect(t.code).toBe(2);
    expect(readFileSync(join(g2, "game.json"), "utf8")).toBe(before);
  });

  it("a folder as --out: a message, exit 2, no stack trace and no stray temporary file", () => {
    for (const out of [g2, join(dir, "nodir") + "/"]) {
      const r = starhost(["map", g1, "--out", out, "--force"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^starhost: --out .* (is a folder|names a folder)/);
      expect(r.stderr).not.toMatch(/ at |EISDIR|ENOTDIR/);
    }
    expect(readdirSync(dir).sort()).toEqual(["g1", "g2"]);
  });

  it("draws the map again over its own file; refuses a file of the user's without --force", () => {
    const out = join(dir, "map.svg");
    expect(starhost(["map", g1, "--out", out]).code).toBe(0);
    const again = starhost(["map", g1, "--seat", "klingon", "--out", out]);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("As seen by");
    writeFileSync(join(dir, "notes.svg"), "<svg>my notes</svg>\n");
    const r = starhost(["map", g1, "--out", join(dir, "notes.svg")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/notes\.svg exists and was not written by "starhost map": pass --force/);
    expect(readFileSync(join(dir, "notes.svg"), "utf8")).toBe("<svg>my notes</svg>\n");
    expect(starhost(["map", g1, "--out", join(dir, "notes.svg"), "--force"]).code).toBe(0);
  });

  it("an orders template edited since it was written is not replaced without --force", () => {
    const out = join(dir, "klingon.yaml");
    expect(starhost(["orders", "template", g1, "--seat", "klingon", "--out", out]).code).toBe(0);
    expect(starhost(["orders", "template", g1, "--seat", "klingon", "--out", out]).code).toBe(0);
    writeFileSync(out, readFileSync(out, "utf8").replace("orders: []", "orders:\n  - { type: wait, unit: A1 }"));
    const r = starhost(["orders", "template", g1, "--seat", "klingon", "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/klingon\.yaml exists and was changed since it was written: pass --force/);
    expect(readFileSync(out, "utf8")).toContain("type: wait");
  });

  it("export --out over an existing file needs --force; new --out naming a file is refused", () => {
    writeFileSync(join(dir, "keep.json"), "{}\n");
    const r = starhost(["export", g1, "--out", join(dir, "keep.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/keep\.json exists: pass --force/);
    const n = starhost(["new", "galactic-empires", "--scenario", "tutorial", "--out", join(dir, "keep.json")]);
    expect(n.code).toBe(2);
    expect(n.stderr).toMatch(/keep\.json is a file, not a folder/);
    expect(readFileSync(join(dir, "keep.json"), "utf8")).toBe("{}\n");
  });
});
