/** The play commands as a person runs them: new, turn, battleshift auto, replay. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { starhost } from "../cli/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "bs-play-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const blue = `name: Patrol
taskforces:
  - name: Alpha
    squadrons:
      - { name: Cruisers, design: generic/fleet-cruiser, ships: 4 }
      - { name: Carriers, design: generic/light-carrier, ships: 2 }
`;
const red = `name: Raiders
taskforces:
  - name: Hammer
    squadrons:
      - { name: Frigates, design: raishek/frigate, ships: 5 }
      - { name: Destroyers, design: raishek/destroyer, ships: 6 }
`;

describe("starhost battleshift auto / starhost replay", () => {
  it("creates a battle from two fleet files, plays a step, lets the bots finish it and draws the replay", () => {
    writeFileSync(join(dir, "a.yaml"), blue);
    writeFileSync(join(dir, "b.yaml"), red);
    const game = join(dir, "g");
    const made = starhost([
      "new",
      "battleshift",
      "--fleet",
      join(dir, "a.yaml"),
      "--fleet",
      join(dir, "b.yaml"),
      "--seed",
      "4",
      "--out",
      game,
    ]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Seats: blue, red/);
    const turn = starhost(["turn", game]);
    expect(turn.code, turn.stderr).toBe(0);
    const part = starhost(["battleshift", "auto", game, "--max-steps", "3"]);
    expect(part.code, part.stderr).toBe(0);
    expect(part.stdout).toMatch(/Stopped after 3 step\(s\)/);
    const auto = starhost(["battleshift", "auto", game]);
    expect(auto.code, auto.stderr).toBe(0);
    expect(auto.stdout).toMatch(/The battle is over after \d+ step\(s\)/);
    const svg = starhost(["replay", game, "--out", join(dir, "r.svg")]);
    expect(svg.code, svg.stderr).toBe(0);
    const text = readFileSync(join(dir, "r.svg"), "utf8");
    expect(text.startsWith("<svg")).toBe(true);
    expect(text).toMatch(/Battleshift replay: Patrol \(blue\) vs Raiders \(red\)/);
    const html = starhost(["replay", game, "--out", join(dir, "r.html")]);
    expect(html.code, html.stderr).toBe(0);
    const page = readFileSync(join(dir, "r.html"), "utf8");
    expect(page).toMatch(/<!doctype html>/);
    expect(page).not.toMatch(/<script src=/); // self-contained
    expect(existsSync(join(game, "history", "1", "events.json"))).toBe(true);
    // A Battleshift seat is a side: --side (or the generic --seat) names it; naming none or two is a usage error.
    const report = starhost(["report", game, "--side", "red"]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/Raiders \(red\)/);
    expect(starhost(["report", game, "--seat", "red"]).stdout).toBe(report.stdout);
    const none = starhost(["report", game]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/name the seat once: --seat ID \(or --empire ID, or --side ID\)/);
    const template = starhost(["orders", "template", game, "--side", "blue"]);
    expect(template.code, template.stderr).toBe(0);
  });
  it("refuses an output that is neither .svg nor .html, and a folder without a game", () => {
    const png = starhost(["replay", join(dir, "g"), "--out", join(dir, "r.png")]);
    expect(png.code).toBe(1);
    expect(png.stderr).toMatch(/--out must end in \.svg or \.html/);
    const bad = starhost(["replay", join(dir, "nothing-here"), "--out", join(dir, "r.svg")]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/holds no game/);
  });
});

describe('starhost fleet check / new battleshift with a fleet\'s defended planet (RULINGS "Planets and moons from a fleet file")', () => {
  it("checks and prices the defenses, and a battle from the file has planets in play", () => {
    const file = join("examples", "battleshift", "fleets", "kethra-defenders.yaml");
    const check = starhost(["fleet", "check", file]);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain('Defended planet "Kethra": defense size 6, 12" across, 84 points');
    expect(check.stdout).toContain("Quadrant S: 3 heavy; 0 assault unit(s)");
    expect(check.stdout).toContain("is a legal fleet of 240 points");
    writeFileSync(join(dir, "bad-defense.yaml"), `${blue}defenses:\n  - { kind: moon, size: 2, quadrant: { heavy: 3 } }\n`);
    const bad = starhost(["fleet", "check", join(dir, "bad-defense.yaml")]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(
      /fleet.defenses\[0\] "Moon": a moon's defense .* add the planet \(kind: planet\) it circles \(moon-without-planet\)/,
    );
    expect(bad.stdout).toMatch(/quadrant N mounts 3 weapons in 2 spaces .*\(too-many-installations\)/);
    writeFileSync(join(dir, "a.yaml"), blue);
    const game = join(dir, "planets");
    const made = starhost(["new", "battleshift", "--fleet", join(dir, "a.yaml"), "--fleet", file, "--seed", "3", "--out", game]);
    expect(made.code, made.stderr).toBe(0);
    const state = JSON.parse(readFileSync(join(game, "game.json"), "utf8")).state;
    expect(state.settings.planets).toBe(true);
    expect(state.settings.planetOrders).toBe(true);
    expect(Object.keys(state.planets)).toEqual(["red-moon", "red-planet"]);
    const auto = starhost(["battleshift", "auto", game, "--max-steps", "6"]);
    expect(auto.code, auto.stderr).toBe(0);
  });
});
