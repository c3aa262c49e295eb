/**
 * Victory (chapter 5 "Achieving Victory" points to a web page not in the seed;
 * RULINGS.md "Victory"): shares of sectors and industrial centres held by an
 * empire or an alliance, a turn limit, the last empire standing.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { playStep } from "../../src/host/games.js";
import { newGame } from "../../src/host/lifecycle.js";
import { playInMemory } from "../../src/host/play.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { DEFAULT_SETTINGS, type GameState, relationKey } from "../../src/rules/galactic-empires/model.js";
import { parseState } from "../../src/rules/galactic-empires/state-schema.js";
import { allianceGroups, holdingsOf, leaders, outcomeOf } from "../../src/rules/galactic-empires/victory.js";
import { FolderStore } from "../../src/store/folder.js";
import { addUnit, HAWK, tinyGalaxy } from "./fixtures.js";

/** Ten sectors, two industrial centres (9 and 10), owners as given. */
function galaxy(owners: Record<number, string>, empires = ["alpha", "beta", "gamma", "delta"]): GameState {
  const s = tinyGalaxy({ sectors: 10, owners, empires });
  for (const id of [9, 10]) {
    const sec = s.sectors[id - 1];
    if (sec) sec.industry = { maxBuild: 3, builds: ["klingon/hawk-heavy-cruiser"] };
  }
  return s;
}

const ally = (s: GameState, a: string, b: string) => {
  s.relations[relationKey(a, b)] = "alliance";
};

describe("victory by shares of sectors and industrial centres (defaults 40% and 40%)", () => {
  it("defaults: 40% of the sectors, 40% of the industrial centres, alliances of up to three", () => {
    expect(DEFAULT_SETTINGS.victorySectorShare).toBe(40);
    expect(DEFAULT_SETTINGS.victoryIndustryShare).toBe(40);
    expect(DEFAULT_SETTINGS.victoryAllianceSize).toBe(3);
  });

  it("one empire with 4 of 10 sectors (40%) and 1 of 2 industrial centres (50%) wins", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 3: "alpha", 9: "alpha", 5: "beta" });
    const o = outcomeOf(s);
    expect(o?.winners).toEqual(["alpha"]);
    expect(o?.reason).toMatch(/alpha holds 4 of 10 sectors \(40%\) and 1 of 2 industrial centres \(50%\)/);
    expect(galacticEmpires.outcome(s)).toEqual(o);
  });

  it("3 of 10 sectors (30%) is not enough, nor 4 sectors without an industrial centre", () => {
    expect(outcomeOf(galaxy({ 1: "alpha", 2: "alpha", 9: "alpha", 5: "beta" }))).toBeNull();
    expect(outcomeOf(galaxy({ 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha", 5: "beta" }))).toBeNull();
  });

  it("a null share is not required: sectors alone, or industrial centres alone", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha", 5: "beta" });
    s.settings.victoryIndustryShare = null;
    expect(outcomeOf(s)?.winners).toEqual(["alpha"]);
    const t = galaxy({ 9: "beta", 10: "beta", 1: "alpha" });
    t.settings.victorySectorShare = null;
    t.settings.victoryIndustryShare = 100;
    expect(outcomeOf(t)?.winners).toEqual(["beta"]);
    t.settings.victoryIndustryShare = null;
    expect(outcomeOf(t), "no share conditions: no share victory").toBeNull();
  });

  it("'Alliance victories are fine' (chapter 5, 'Player Status'): allies' holdings add up", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 9: "alpha", 4: "beta", 5: "beta", 7: "gamma" });
    expect(outcomeOf(s), "not allied: no one has 40%").toBeNull();
    ally(s, "alpha", "beta");
    const o = outcomeOf(s);
    expect(o?.winners).toEqual(["alpha", "beta"]);
    expect(o?.reason).toMatch(/the alliance of alpha, beta holds 5 of 10 sectors/);
  });

  it("an alliance must be allied all round, and no bigger than victoryAllianceSize", () => {
    // alpha-beta and beta-gamma allied, alpha-gamma not: no group of the three.
    const s = galaxy({ 1: "alpha", 9: "alpha", 3: "beta", 5: "gamma" });
    ally(s, "alpha", "beta");
    ally(s, "beta", "gamma");
    expect(outcomeOf(s)).toBeNull();
    expect(allianceGroups(s, 3).map((g) => g.join("+"))).toEqual(["alpha", "alpha+beta", "beta", "beta+gamma", "delta", "gamma"]);
    ally(s, "alpha", "gamma");
    expect(outcomeOf(s)?.winners).toEqual(["alpha", "beta", "gamma"]);
    s.settings.victoryAllianceSize = 2;
    expect(outcomeOf(s), "three allies, but alliances of two at most").toBeNull();
    s.settings.victoryAllianceSize = 1;
    expect(allianceGroups(s, 1)).toEqual([["alpha"], ["beta"], ["delta"], ["gamma"]]);
  });

  it("when several qualify, the one holding most sectors wins", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 3: "alpha", 9: "alpha", 5: "beta", 6: "beta", 7: "beta", 8: "beta", 10: "beta" });
    expect(outcomeOf(s)?.winners).toEqual(["beta"]);
    ally(s, "alpha", "gamma");
    expect(outcomeOf(s)?.winners).toEqual(["beta"]);
  });

  it("defeated empires neither win nor count", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 3: "alpha", 9: "alpha", 5: "beta" });
    (s.empires.alpha as GameState["empires"][string]).defeated = true;
    expect(outcomeOf(s)).toBeNull();
  });
});

describe("the end of the game", () => {
  it("the last empire standing wins; none standing, no one wins", () => {
    const s = galaxy({ 1: "alpha" });
    for (const e of ["beta", "gamma", "delta"]) (s.empires[e] as GameState["empires"][string]).defeated = true;
    expect(outcomeOf(s)).toEqual({ winners: ["alpha"], reason: "the last empire standing" });
    (s.empires.alpha as GameState["empires"][string]).defeated = true;
    expect(outcomeOf(s)?.winners).toEqual([]);
  });

  it("the empires left, all allied and no more than victoryAllianceSize, win together", () => {
    const s = galaxy({ 1: "alpha", 2: "beta" });
    for (const e of ["gamma", "delta"]) (s.empires[e] as GameState["empires"][string]).defeated = true;
    expect(outcomeOf(s)).toBeNull();
    ally(s, "alpha", "beta");
    expect(outcomeOf(s)?.winners).toEqual(["alpha", "beta"]);
  });

  it("turn limit: after turnLimit turns, most sectors win, then most industrial centres", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 3: "beta", 9: "beta", 5: "gamma" });
    s.settings.turnLimit = 10;
    s.turn = 10;
    expect(outcomeOf(s), "turn 10's orders are still to come").toBeNull();
    s.turn = 11;
    const o = outcomeOf(s);
    expect(o?.winners).toEqual(["beta"]);
    expect(o?.reason).toMatch(/turn limit \(10\)/);
    (s.sectors[9] as GameState["sectors"][number]).owner = "alpha";
    (s.sectors[8] as GameState["sectors"][number]).owner = "gamma";
    expect(leaders(s)).toEqual(["alpha"]);
  });

  it("holdings count owned sectors, annexed sectors and industrial centres", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 9: "alpha" });
    (s.sectors[1] as GameState["sectors"][number]).annexedTo = null;
    expect(holdingsOf(s).alpha).toEqual({ sectors: 3, annexed: 2, industrialCentres: 1 });
  });

  it("a game that has met its victory conditions takes no more turns", async () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 3: "alpha", 9: "alpha", 5: "beta" });
    const dir = join(mkdtempSync(join(tmpdir(), "starhost-victory-")), "g");
    const store = new FolderStore(dir);
    const record = {
      id: "g",
      ruleset: "galactic-empires",
      rulesetVersion: galacticEmpires.version,
      scenario: "map",
      options: {},
      seed: s.seed,
      step: s.turn,
      label: galacticEmpires.label(s),
      outcome: galacticEmpires.outcome(s),
      state: s,
    };
    await store.create(record);
    await expect(playStep(store, "g", { holder: "test" })).rejects.toThrow(/the game is over/);
  });

  it("a turn that meets the conditions ends the game: alpha conquers its fourth sector", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 9: "alpha", 6: "beta" });
    addUnit(s, "A1", "alpha", 2, [[HAWK, 4]]); // 4 x 36 combat: 144 >= 10 (a tenth each, 14.4, with cloakCapable "all")
    expect(outcomeOf(s)).toBeNull();
    const res = galacticEmpires.resolve(
      s,
      {
        alpha: { empire: "alpha", turn: 1, orders: [{ type: "travel", unit: "A1", to: 3 }] },
        beta: { empire: "beta", turn: 1, orders: [] },
      },
      Rng.fromSeed(1),
    );
    expect(res.state.sectors[2]?.owner).toBe("alpha");
    expect(galacticEmpires.outcome(res.state)?.winners).toEqual(["alpha"]);
  });

  it("the results of the turn that ends the game say who won and why, and ask for no more orders", () => {
    const s = galaxy({ 1: "alpha", 2: "alpha", 9: "alpha", 6: "beta" });
    addUnit(s, "A1", "alpha", 2, [[HAWK, 4]]);
    const res = galacticEmpires.resolve(
      s,
      {
        alpha: { empire: "alpha", turn: 1, orders: [{ type: "travel", unit: "A1", to: 3 }] },
        beta: { empire: "beta", turn: 1, orders: [] },
      },
      Rng.fromSeed(1),
    );
    const alpha = galacticEmpires.report(res.state, "alpha", res.events);
    expect(alpha.text).toMatch(/The game is over after turn 1\. Alpha won \(you are among the victors\): alpha holds 4 of 10 sectors/);
    expect(alpha.text).not.toMatch(/Orders are now due/);
    expect((alpha.json as { outcome: { winners: string[] } }).outcome.winners).toEqual(["alpha"]);
    expect(galacticEmpires.report(res.state, "beta", res.events).text).toMatch(/The game is over after turn 1\. Alpha won: /);
    // A turn that does not end the game asks for the next turn's orders.
    const quiet = galacticEmpires.resolve(galaxy({ 1: "alpha", 6: "beta" }), {}, Rng.fromSeed(1));
    expect(galacticEmpires.report(quiet.state, "alpha", quiet.events).text).toMatch(/Orders are now due for turn 2\./);
  });

  it("settings: old game files get the defaults; shares outside (0, 100] and alliance sizes outside 1..6 are refused", () => {
    const s = galaxy({ 1: "alpha" });
    const raw = JSON.parse(JSON.stringify(s));
    delete raw.settings.victorySectorShare;
    delete raw.settings.victoryIndustryShare;
    delete raw.settings.victoryAllianceSize;
    const ok = parseState(raw);
    expect(ok.ok && ok.value.settings.victorySectorShare).toBe(40);
    for (const [k, v] of [
      ["victorySectorShare", 0],
      ["victoryIndustryShare", 120],
      ["victoryAllianceSize", 0],
      ["victoryAllianceSize", 7],
    ] as const) {
      const bad = JSON.parse(JSON.stringify(s));
      bad.settings[k] = v;
      const r = parseState(bad);
      expect(r.ok, `${k} = ${v}`).toBe(false);
      if (!r.ok) expect(r.error[0]?.order).toBe(`state.settings.${k}`);
    }
    const nulls = JSON.parse(JSON.stringify(s));
    nulls.settings.victorySectorShare = null;
    expect(parseState(nulls).ok).toBe(true);
  });
});

describe("the tutorial's victory conditions (RULINGS.md, 'The tutorial's victory conditions')", () => {
  /** The shortest all-bot tutorial game measured over seeds 1-40 (normal bots): 6 turns (median 10, longest 22). */
  const SHORTEST = 6;

  it("one empire alone must hold half the sectors and half the industrial centres; turn limit 30", () => {
    const s = galacticEmpires.scenarios.tutorial?.create(1, {}) as GameState;
    expect(s.settings).toMatchObject({ victorySectorShare: 50, victoryIndustryShare: 50, victoryAllianceSize: 1, turnLimit: 30 });
    // Two allies start with 4 of the 6 industrial centres: no longer a victory in sight after two conquests.
    s.relations[relationKey("federation", "romulan")] = "alliance";
    for (const id of [3, 9, 12, 14]) {
      const sector = s.sectors.find((x) => x.id === id);
      if (sector) sector.owner = id < 10 ? "romulan" : "federation";
    }
    expect(outcomeOf(s)).toBeNull();
  });

  for (const seed of [1, 2, 3]) {
    it(`an all-bot game (normal bots), seed ${seed}, lasts at least ${SHORTEST} turns and ends by turn 30 with one winner`, () => {
      const made = newGame({ id: "t", ruleset: galacticEmpires, scenario: "tutorial", inputs: {}, seed });
      if (!made.ok) throw new Error(made.error.map((p) => p.message).join("; "));
      const seats = galacticEmpires.seats(made.value.state as GameState);
      const r = playInMemory(galacticEmpires, made.value, Object.fromEntries(seats.map((x) => [x, "normal"])), 100);
      expect(r.steps).toBeGreaterThanOrEqual(SHORTEST);
      expect(r.steps).toBeLessThanOrEqual(30);
      expect(r.record.outcome?.winners).toHaveLength(1);
    });
  }
});
