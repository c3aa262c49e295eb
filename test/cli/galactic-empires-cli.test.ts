/** The `starhost` command end to end on real game folders, as the README uses it. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { starhost } from "./run-cli.js";

const tmp = () => mkdtempSync(join(tmpdir(), "starhost-"));

describe("starhost CLI: galactic-empires by turn files", () => {
  it("--help on every command, exit 0", () => {
    for (const args of [
      ["--help"],
      ["new", "--help"],
      ["orders", "template", "--help"],
      ["check", "--help"],
      ["turn", "--help"],
      ["report", "--help"],
      ["sample", "--help"],
    ]) {
      const r = starhost(args);
      expect(r.code, args.join(" ")).toBe(0);
      expect(r.stdout).toMatch(/Usage: starhost/);
    }
  });

  it("usage errors exit 2", () => {
    expect(starhost(["frobnicate"]).code).toBe(2);
    expect(starhost(["new", "galactic-empires", "--scenario", "tutorial"]).code).toBe(2); // --out missing
    expect(starhost(["new", "galactic-empires", "--scenario", "tutorial", "--seed", "x", "--out", join(tmp(), "g")]).code).toBe(2);
  });

  it("new, orders template, check, turn, report: a whole turn from files", () => {
    const dir = join(tmp(), "g1");
    let r = starhost(["new", "galactic-empires", "--scenario", "tutorial", "--seed", "7", "--out", dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Seats: federation, klingon, romulan/);
    r = starhost(["orders", "template", dir, "--empire", "klingon"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/A5 starfleet "Patrol Force 2"/);
    const orders = join(dir, "orders", "klingon.yaml");
    writeFileSync(
      orders,
      [
        "empire: klingon",
        "turn: 1",
        "orders:",
        "  - { type: travel, unit: A5, to: 3 }",
        "  - { type: travel, unit: A5, to: 99 }",
        "  - { type: travle, unit: A5, to: 4 }",
      ].join("\n"),
    );
    r = starhost(["check", dir, "--empire", "klingon", orders]);
    expect(r.code, "a failing order makes the check exit 1").toBe(1);
    expect(r.stdout).toMatch(/unknown order type "travle"/);
    expect(r.stdout).toMatch(/#1 travel A5 -> 99/);
    r = starhost(["check", dir, "--empire", "klingon", orders, "--json"]);
    const check = JSON.parse(r.stdout);
    expect(check.ok).toBe(false);
    expect(check.problems.length).toBeGreaterThanOrEqual(2);
    r = starhost(["turn", dir]);
    expect(r.code, r.stderr).toBe(0);
    // History keeps the step (state, orders, events); results are derived from it on demand, never stored alone.
    expect(existsSync(join(dir, "history", "1", "state.json.gz"))).toBe(true);
    expect(existsSync(join(dir, "submissions", "1", "klingon", "1.json"))).toBe(true);
    expect(existsSync(join(dir, "results"))).toBe(false);
    r = starhost(["report", dir, "--empire", "klingon"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Results of turn 1 for Klingon Empire/);
    expect(r.stdout).toMatch(/unknown order type "travle"/);
    r = starhost(["report", dir, "--empire", "klingon", "--json"]);
    expect(JSON.parse(r.stdout).empire).toBe("klingon");
    // The orders inbox was consumed: the next turn starts empty.
    expect(existsSync(orders)).toBe(false);
  });

  it("orders written for another turn are refused whole: `turn` names the file and the steps, exits 1 and changes nothing", () => {
    const dir = join(tmp(), "g2");
    starhost(["new", "galactic-empires", "--scenario", "tutorial", "--out", dir]);
    const before = readFileSync(join(dir, "game.json"), "utf8");
    const file = join(dir, "orders", "romulan.json");
    writeFileSync(file, JSON.stringify({ empire: "romulan", turn: 5, orders: [{ type: "wait", unit: "A6" }] }));
    const r = starhost(["turn", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/romulan\.json: step: these orders were written for step 5, but the game awaits step 1 \(turn 1\)/);
    expect(readFileSync(join(dir, "game.json"), "utf8")).toBe(before);
    expect(existsSync(file), "the refused file stays for its player to fix").toBe(true);
    expect(existsSync(join(dir, "history"))).toBe(false);
  });

  it("a finished game says so everywhere: results say who won and why; template, options, check, submit and turn refuse with one message, exit 1", () => {
    const dir = join(tmp(), "over");
    expect(starhost(["new", "galactic-empires", "--scenario", "tutorial", "--seed", "7", "--out", dir]).code).toBe(0);
    const orders = join(dir, "..", "klingon.yaml");
    expect(starhost(["orders", "template", dir, "--seat", "klingon", "--out", orders]).code).toBe(0);
    // A game of one turn: after turn 1 the empire with most sectors wins (victory.ts, turn limit).
    const game = JSON.parse(readFileSync(join(dir, "game.json"), "utf8"));
    game.state.settings.turnLimit = 1;
    writeFileSync(join(dir, "game.json"), JSON.stringify(game));
    let r = starhost(["turn", dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/The game is over: the turn limit \(1\) was reached/);
    for (const seat of ["federation", "klingon", "romulan"]) {
      r = starhost(["report", dir, "--seat", seat]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/The game is over after turn 1\. .* won.*: the turn limit \(1\) was reached.*No more orders are taken\./);
      expect(r.stdout).not.toMatch(/Orders are now due/);
    }
    r = starhost(["report", dir, "--seat", "klingon", "--json"]);
    expect(JSON.parse(r.stdout).outcome.reason).toMatch(/turn limit/);
    const before = readFileSync(join(dir, "game.json"), "utf8");
    const refusals = [
      ["orders", "template", dir, "--seat", "klingon"],
      ["orders", "options", dir, "--seat", "klingon"],
      ["check", dir, orders, "--seat", "klingon"],
      ["submit", dir, orders, "--seat", "klingon"],
      ["turn", dir],
    ].map((args) => {
      const x = starhost(args);
      expect(x.code, args.join(" ")).toBe(1);
      expect(x.stdout, args.join(" ")).toBe("");
      return x.stderr;
    });
    expect(refusals[0]).toMatch(
      /^starhost: the game is over \(won by .*: the turn limit \(1\) was reached.*\); it takes no more orders or turns \(game-over\)\n$/,
    );
    expect(new Set(refusals).size, "one message for every command").toBe(1);
    // The inbox too: a file dropped there is not taken, and nothing changes.
    writeFileSync(join(dir, "orders", "klingon.yaml"), readFileSync(orders));
    r = starhost(["turn", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(refusals[0]);
    expect(readFileSync(join(dir, "game.json"), "utf8")).toBe(before);
    r = starhost(["check", dir, orders, "--seat", "klingon", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).refused[0].code).toBe("game-over");
  }, 300_000);

  it("bad input: unknown scenario, unknown seat, malformed files, invalid map: exit 1 with a clear message", () => {
    const dir = join(tmp(), "g3");
    let r = starhost(["new", "galactic-empires", "--scenario", "nowhere", "--out", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no scenario "nowhere".*known: tutorial/);
    starhost(["new", "galactic-empires", "--scenario", "tutorial", "--out", dir]);
    r = starhost(["orders", "template", dir, "--empire", "vulcan"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no seat "vulcan".*federation, klingon, romulan/);
    writeFileSync(join(dir, "orders", "klingon.json"), "{ not json");
    r = starhost(["turn", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/klingon\.json.*is not valid JSON/);
    expect(existsSync(join(dir, "history"))).toBe(false);
    const map = join(tmp(), "map.json");
    writeFileSync(
      map,
      JSON.stringify({ empires: {}, sectors: [{ id: 1, name: "A", x: 0, y: 0, revenue: 5, owner: "ghosts" }], borders: [{ a: 1, b: 2 }] }),
    );
    r = starhost(["new", "galactic-empires", "--map", map, "--out", join(tmp(), "g4")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sectors\[0\]\.owner: owner "ghosts" is not an empire/);
    expect(r.stderr).toMatch(/borders\[0\]: border 1-2 names a sector that does not exist/);
    const game = JSON.parse(readFileSync(join(dir, "game.json"), "utf8"));
    writeFileSync(join(dir, "game.json"), JSON.stringify({ ...game, state: { turn: "x" } }));
    r = starhost(["turn", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/invalid galactic-empires state/);
  });

  it("sample: the README's first command prints every empire's results", () => {
    const dir = join(tmp(), "sample");
    const r = starhost(["sample", "--out", dir]);
    expect(r.code, r.stderr).toBe(0);
    for (const e of ["Klingon Empire", "Romulan Star Empire", "Federation Core"]) expect(r.stdout).toContain(`Results of turn 1 for ${e}`);
  });
});
