/**
 * A game's victory conditions chosen when it is made (the scenarios' `victory` input, which the lobby's
 * "Settings" fill): Galactic Empires' turn limit and shares over the scenario's own (RULINGS.md "Victory"),
 * Battleshift's turn limit ("Victory points and victory conditions"); a value out of range is refused by name.
 */
import { describe, expect, it } from "vitest";
import { newGame } from "../../src/host/lifecycle.js";
import { playInMemory } from "../../src/host/play.js";
import { rulesetById } from "../../src/host/registry.js";

const made = (ruleset: string, scenario: string, inputs: Record<string, unknown[]>) => {
  const r = newGame({ id: "v", ruleset: rulesetById(ruleset), scenario, inputs, seed: 7 });
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join("; "));
  return r.value;
};

describe("Galactic Empires: the victory conditions of a game", () => {
  it("left out, the tutorial's own stand (50 % of sectors and centres, alone, 30 turns)", () => {
    const state = made("galactic-empires", "tutorial", {}).state as { settings: Record<string, unknown> };
    expect(state.settings).toMatchObject({ turnLimit: 30, victorySectorShare: 50, victoryIndustryShare: 50, victoryAllianceSize: 1 });
  });

  it("a turn limit of 2 ends the tutorial after turn 2, most sectors winning; the rest stay the tutorial's", () => {
    const start = made("galactic-empires", "tutorial", { victory: [{ turnLimit: 2 }] });
    expect((start.state as { settings: Record<string, unknown> }).settings).toMatchObject({ turnLimit: 2, victorySectorShare: 50 });
    const bots = { klingon: "passive", romulan: "passive", federation: "passive" };
    const { record, steps } = playInMemory(rulesetById("galactic-empires"), start, bots, 10);
    expect(steps).toBe(2);
    expect(record.outcome?.reason).toContain("the turn limit (2) was reached");
  });

  it("a value out of its range is refused, named", () => {
    const r = newGame({
      id: "v",
      ruleset: rulesetById("galactic-empires"),
      scenario: "tutorial",
      inputs: { victory: [{ turnLimit: 0 }] },
      seed: 7,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]?.message).toMatch(/turnLimit must be a whole number from 1/);
    const unknown = newGame({
      id: "v",
      ruleset: rulesetById("galactic-empires"),
      scenario: "tutorial",
      inputs: { victory: [{ turns: 3 }] },
      seed: 7,
    });
    expect(unknown.ok).toBe(false);
  });
});

describe("Battleshift: the turn limit of a battle", () => {
  it("left out, 10 turns; given, the battle ends on victory points after that turn", () => {
    expect((made("battleshift", "playtest", {}).state as { settings: { turnLimit: number } }).settings.turnLimit).toBe(10);
    const start = made("battleshift", "playtest", { victory: [{ turnLimit: 1 }] });
    const { record } = playInMemory(rulesetById("battleshift"), start, { blue: "normal", red: "normal" }, 100);
    expect(record.outcome?.reason).toMatch(/turn limit \(1\)|no ship left/);
    expect(record.label).not.toMatch(/turn 2\b/);
  });
});
