/** The play commands as a person runs them: new, turn, battleshift auto, replay. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders } from "../../src/rules/battleshift/bot/bot.js";
import { createBattle, fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState, Squadron } from "../../src/rules/battleshift/model.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import { type ReplayFrame, renderReplayHtml, renderReplaySvg, renderTable } from "../../src/rules/battleshift/presentation/replay.js";
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
    expect(auto.stdout).toMatch(/The game is over after \d+ step\(s\)/);
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
    expect(existsSync(join(game, "history", "1", "events.json.gz"))).toBe(true);
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

/** Play a scenario's battle with the bots in process, keeping every step as a replay frame. */
function botFrames(state: BattleState, maxSteps = 200): ReplayFrame[] {
  const frames: ReplayFrame[] = [{ step: 0, state, events: [] }];
  let s = state;
  for (let i = 0; i < maxSteps && !s.outcome; i++) {
    const orders: Record<string, Orders> = {};
    for (const seat of battleshift.awaiting(s)) orders[seat] = botOrders(s, seat);
    const r = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step));
    s = r.state;
    frames.push({ step: i + 1, state: s, events: r.events });
  }
  return frames;
}

describe('Replays (RULINGS "Replays"): planets and moons, stations and gates, prizes and formations', () => {
  it("a planetfall battle shows each quadrant's holder and wounds against the defense size, planet fire, fire at quadrants, launches and ground assaults", () => {
    const frames = botFrames(battleshift.scenarios.planetfall?.create(3, {}) as BattleState);
    const svg = renderReplaySvg(frames);
    // "Planets should be divided into quadrants": four arcs, each labelled quadrant, wounds/size, holder, garrison.
    expect(svg).toMatch(/>W \d+\/6 red g\d+</);
    expect(svg).toMatch(/>N \d+\/3 red g\d+</);
    expect(svg).toMatch(/<title>planet quadrant E: \d+ wound\(s\) on defense size 6, held by red, \d+ assault unit\(s\)/);
    expect(svg).toContain("Kethra");
    expect(svg).toMatch(/>defense 6 \(red\)</);
    // A quadrant whose wounds reach its size is silenced, and said so.
    expect(svg).toMatch(/>N [3-9]\/3 red g\d+ silenced</);
    // Planet fire leaves the quadrant's rim (dashed); ships' and fighters' fire at a quadrant is a dash-dot line labelled hits and wounds.
    expect(svg).toMatch(/stroke-dasharray="5,2"><title>planet quadrant [NESW] fires heavy installations at/);
    expect(svg).toMatch(/stroke-dasharray="6,2,1,2"><title>[^<]*fires \d+ heavy batteries at (planet|moon) quadrant/);
    expect(svg).toMatch(/>(planet|moon) [NESW] \d+h \d+w</);
    // "Fighters launched from quadrants", ground assaults and assault units moving between quadrants.
    expect(svg).toMatch(/>launch \d+</);
    expect(svg).toMatch(/<title>\d+ assault unit\(s\) land on planet quadrant [NESW]:[^<]*<\/title><\/line>/);
    expect(svg).toMatch(/>assault \d+: -\d+\/-\d+</);
    expect(svg).toMatch(/<title>\d+ assault unit\(s\) of red move from planet quadrant [NESW] to quadrant [NESW][^<]*<\/title><\/line>/);
    expect(svg).toMatch(/>\+\d+</);
    // The legend explains the new marks, in the SVG and in the self-contained HTML.
    expect(svg).toContain("coloured arcs are quadrants in their holder's colour");
    const html = renderReplayHtml(frames);
    expect(html).toContain("labelled &quot;W 3/6 red g3 f1&quot; (quadrant, wounds/defense size, holder, garrison units");
    expect(html).not.toMatch(/<script src=|<link |href="http/);
  });

  it('a station is a square and a Hyperspace Gate ("station/hyperspace-gate") a double ring; prizes in tow and inside an engulfer; formations labelled', () => {
    const sq = (name: string, design: string, ships: number) => ({ name, design, ships });
    const fleet = (name: string) => ({
      name,
      taskforces: [{ name: `${name} 1`, squadrons: [sq(`${name} A`, "generic/fleet-cruiser", 5)] }],
    });
    const s = createBattle({
      seed: 1,
      scenario: "test",
      fleets: fleetsFrom([fleet("Blue"), fleet("Red")]),
      settings: { formations: true },
      stations: [
        { side: "blue", design: "station/hyperspace-gate", x: 20, y: 20, facing: 90 },
        { side: "red", design: "station/orbital-defense", x: 52, y: 20, facing: 270 },
      ],
    }).state;
    const gate = Object.values(s.squadrons).find((q) => q.design === "station/hyperspace-gate") as Squadron;
    const cone = s.squadrons["blue-tf1-s1"] as Squadron;
    cone.location = "table";
    cone.formation = "cone";
    cone.facing = 90;
    cone.ships.forEach((ship, i) => {
      Object.assign(ship, { x: 30 + (i % 2) * 0.8, y: 10 + i * 0.8 });
    });
    const ring = s.squadrons["red-tf1-s1"] as Squadron;
    ring.location = "table";
    ring.formation = "ring";
    ring.ships.forEach((ship, i) => {
      Object.assign(ship, { x: 50 + Math.cos(i), y: 30 + Math.sin(i) });
    });
    const base = { side: "blue", fromSide: "red", design: "generic/fleet-cruiser", squadron: cone.id };
    s.prizes = {
      p1: { id: "p1", ...base, x: 31, y: 14, engulfed: false },
      p2: { id: "p2", ...base, x: 30, y: 10, engulfed: true, engulfer: `${cone.id}.1` },
    };
    const svg = renderTable({ step: 0, state: s, events: [] }, 10);
    expect(svg).toMatch(new RegExp(`<title>${gate.id} [^<]*: Hyperspace Gate</title><circle [^>]*fill="none"`));
    expect(svg).toMatch(/>st1-s1 1 gate</);
    expect(svg).toMatch(/<rect [^>]*fill="#d8412f" stroke="#fff"/);
    expect(svg).toMatch(/>st2-s1 1 station</);
    expect(svg).toMatch(/<title>prize p1 \(Fleet Cruiser\) of blue, towed by blue-tf1-s1<\/title>/);
    expect(svg).toMatch(/<title>prize p2 \(Fleet Cruiser\) of blue, carried inside blue-tf1-s1\.1<\/title>/);
    expect(svg).toMatch(/>P in</);
    expect(svg).toMatch(/>tf1-s1 5 \[cone\]</);
    expect(svg).toMatch(/<title>blue-tf1-s1 cone: its heavy batteries' line of fire<\/title>/);
    expect(svg).toMatch(/>tf1-s1 5 \[ring\]</);
    const sheet = renderReplaySvg([{ step: 0, state: s, events: [] }]);
    expect(sheet.startsWith("<svg")).toBe(true);
    expect(sheet).toContain("double rings: Hyperspace Gates");
  });
});
