/** `starhost demo` end to end: an all-bot game written as a game folder, a table at the end. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { playStates } from "../../src/host/play.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { starhost } from "./run-cli.js";

const tmp = () => mkdtempSync(join(tmpdir(), "starhost-demo-"));

describe("starhost demo", () => {
  it("plays a few turns of bots, keeps each turn's history and a map, and ends with a table per empire; results come from `report`", () => {
    const dir = join(tmp(), "demo");
    const r = starhost(["demo", "--turns", "3", "--scenario", "frontier", "--seed", "4", "--out", dir]);
    expect(r.code, r.stderr).toBe(0);
    // Not a terminal: plain progress lines, no bar.
    expect(r.stdout).toMatch(/Demo: Galactic Empires, The Frontier \(80 sectors, 6 empires\), seed 4, normal bots/);
    expect(r.stdout).toMatch(/turn 1 done \(1\/3\)/);
    expect(r.stdout).toMatch(/empire\s+sectors\s+annexed\s+industrial centres\s+starships\s+treasury/);
    for (const name of ["Federation Core", "Klingon Empire", "Romulan Star Empire"]) expect(r.stdout).toContain(name);
    for (let t = 1; t <= 3; t++) {
      const orders = JSON.parse(readFileSync(join(dir, "history", String(t), "orders.json"), "utf8"));
      expect(orders.klingon, `turn ${t} orders`).toBeDefined();
      expect(readFileSync(join(dir, "pictures", `${t + 1}.svg`), "utf8")).toMatch(/^<svg /);
    }
    // Every empire's results are derived from the history on demand; none is stored as the only copy.
    expect(existsSync(join(dir, "results"))).toBe(false);
    const report = starhost(["report", dir, "--seat", "klingon", "--step", "2"]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/Results of turn 2 for Klingon Empire/);
    // The folder is an ordinary game: the same game as played in memory by the same bots.
    const game = JSON.parse(readFileSync(join(dir, "game.json"), "utf8"));
    const start = galacticEmpires.scenarios.frontier?.create(4, {});
    if (!start) throw new Error("frontier");
    const levels = Object.fromEntries(galacticEmpires.seats(start).map((s) => [s, "normal" as const]));
    const mem = playStates(galacticEmpires, start, start.seed, levels, 3).state;
    expect(canonicalJson(game.state)).toBe(canonicalJson(JSON.parse(JSON.stringify(mem))));
    // A second demo into the same folder replaces it; a folder holding another game is refused.
    const again = starhost(["demo", "--turns", "1", "--scenario", "tutorial", "--out", dir, "--quiet"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toMatch(/turn 1 done/);
    expect(again.stdout).toMatch(/Klingon Empire/);
    const other = join(tmp(), "g");
    expect(starhost(["new", "galactic-empires", "--scenario", "tutorial", "--out", other]).code).toBe(0);
    const refused = starhost(["demo", "--turns", "1", "--out", other]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not a demo/);
    expect(existsSync(join(other, "game.json"))).toBe(true);
  }, 120_000);

  it("usage errors exit 2; an unknown scenario is refused (exit 1)", () => {
    const dir = join(tmp(), "d");
    expect(starhost(["demo", "--turns", "0", "--out", dir]).code).toBe(2);
    expect(starhost(["demo", "--level", "grandmaster", "--out", dir]).code).toBe(2);
    expect(starhost(["demo", "--seed", "x", "--out", dir]).code).toBe(2);
    const r = starhost(["demo", "--scenario", "nowhere", "--out", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no scenario "nowhere"/);
    const help = starhost(["demo", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--turns <n>/);
  });

  it("the game goes on by hand afterwards: `starhost turn` adjudicates the next turn from orders files", () => {
    const dir = join(tmp(), "demo");
    expect(starhost(["demo", "--turns", "1", "--scenario", "tutorial", "--out", dir, "--quiet"]).code).toBe(0);
    writeFileSync(join(dir, "orders", "klingon.yaml"), "orders: []\n");
    const r = starhost(["turn", dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Turn 2 adjudicated/);
  });
});
