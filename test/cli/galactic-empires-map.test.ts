/** `starhost map`: the galaxy as SVG, for an empire or the game master, now or at an earlier turn. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { starhost } from "./run-cli.js";

const tmp = () => mkdtempSync(join(tmpdir(), "starhost-map-"));

describe("starhost map", () => {
  it("--help, exit 0", () => {
    const r = starhost(["map", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: starhost map/);
    expect(r.stdout).toMatch(/--empire/);
  });

  it("draws an empire's map and the game master's map of a new frontier game, and of an earlier turn", () => {
    const base = tmp();
    const dir = join(base, "g");
    let r = starhost(["new", "galactic-empires", "--scenario", "frontier", "--seed", "3", "--out", dir]);
    expect(r.code, r.stderr).toBe(0);
    r = starhost(["map", dir, "--empire", "federation", "--out", join(base, "fed.svg")]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/turn 1, as seen by Federation Core/);
    const fed = readFileSync(join(base, "fed.svg"), "utf8");
    expect(fed.startsWith("<svg ")).toBe(true);
    expect(fed).toContain("As seen by Federation Core");
    r = starhost(["map", dir, "--out", join(base, "gm.svg")]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(base, "gm.svg"), "utf8")).toContain("Game master&apos;s map");
    // One turn later, turn 1's map is drawn from history.
    writeFileSync(join(dir, "orders", "federation.json"), JSON.stringify({ empire: "federation", turn: 1, orders: [] }));
    expect(starhost(["turn", dir]).code).toBe(0);
    r = starhost(["map", dir, "--empire", "klingon", "--turn", "1", "--out", join(base, "k1.svg")]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(base, "k1.svg"), "utf8")).toContain("turn 1</title>");
    r = starhost(["map", dir, "--empire", "klingon", "--out", join(base, "k2.svg")]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(base, "k2.svg"), "utf8")).toContain("turn 2</title>");
  });

  it("bad input: unknown empire or a turn to come exit 1; a turn that is not a number exits 2; --out is required", () => {
    const base = tmp();
    const dir = join(base, "g");
    starhost(["new", "galactic-empires", "--scenario", "tutorial", "--out", dir]);
    let r = starhost(["map", dir, "--empire", "vulcan", "--out", join(base, "x.svg")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no empire "vulcan" in this game; empires: federation, klingon, romulan/);
    r = starhost(["map", dir, "--turn", "4", "--out", join(base, "x.svg")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/turn 4 has not come yet; the game is at turn 1/);
    r = starhost(["map", dir, "--turn", "x", "--out", join(base, "x.svg")]);
    expect(r.code).toBe(2);
    expect(starhost(["map", dir]).code).toBe(2);
    expect(starhost(["map", join(base, "nowhere"), "--out", join(base, "x.svg")]).code).toBe(1);
    expect(existsSync(join(base, "x.svg"))).toBe(false);
  });
});
