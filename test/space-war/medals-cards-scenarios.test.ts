/** Seed 001 Technological Advances (l.668-722), Medals (l.729-805), Scenarios (l.810-1035). */
import { describe, expect, it } from "vitest";
import { craftCost } from "../../src/rules/space-war/designing-craft/cost.js";
import { designCost, designText } from "../../src/rules/space-war/designing-craft/design.js";
import { designProblems } from "../../src/rules/space-war/designing-craft/squadron.js";
import { type GameFacts, MEDAL_DATA, MEDALS, medalsEarned } from "../../src/rules/space-war/medals/medals.js";
import {
  CONVOY_TRANSPORTS,
  CT_FORCE,
  CT_OPTIONAL_CRAFT,
  CT_PRINTED_VALUE,
  MACHINE_VESSEL,
  SCENARIO_ROLL,
  SPACE_STATION_MODULES,
  TRANSPORT,
} from "../../src/rules/space-war/scenarios/scenarios.js";
import { CARD_DATA, CARDS, nukeRadius, scoutingDistance } from "../../src/rules/space-war/technology-cards/cards.js";

const NOTHING: GameFacts = {
  enemyCraftDestroyed: 0,
  everyEnemyCraftDestroyed: false,
  largestDesignCraftDestroyed: false,
  corporationTask: false,
  saboteurTask: false,
  enemyFightersCaptured: 0,
  enemyGaveUpWithCraft: false,
  vesselsLeft: true,
  machine: false,
};

describe("Technological Advances (l.668-722)", () => {
  it("eleven cards, named as the seed names them", () => {
    expect(CARDS).toHaveLength(11);
    expect(CARDS.map((c) => CARD_DATA[c].name)).toEqual([
      "Longer Scouting distances",
      "Superior Lasers",
      "Superior Expendables",
      "Better Armour",
      "Better Missiles",
      "EMP enhanced nukes",
      "Subterfuge",
      "Traitor",
      "Great Leap Forward",
      "Task - Corporation",
      "Task - Saboteur",
    ]);
  });
  it('"+6" on scouting distances" over 24" (l.663, l.682); "Widens radius of Nuclear blast to 5"" over 3" (l.462, l.702)', () => {
    expect(scoutingDistance(false)).toBe(24);
    expect(scoutingDistance(true)).toBe(30);
    expect(nukeRadius(false)).toBe(3);
    expect(nukeRadius(true)).toBe(5);
  });
});

describe("Medals (l.729-805)", () => {
  it("seven medals", () => {
    expect(MEDALS.map((m) => MEDAL_DATA[m].name)).toEqual(["Ace", "Valour", "Star", "Corporation", "Saboteur", "Tek", "Bravery"]);
  });
  it('"an enemy squadron flees after losing 6 craft, including their largest vessel ... one Ace, One Star and one Bravery Medal" (l.789)', () => {
    expect(medalsEarned({ ...NOTHING, enemyCraftDestroyed: 6, largestDesignCraftDestroyed: true, enemyGaveUpWithCraft: true })).toEqual([
      "ace",
      "star",
      "bravery",
    ]);
  });
  it("Ace for five or more (l.749); each medal by its deed (l.747-785)", () => {
    expect(medalsEarned({ ...NOTHING, enemyCraftDestroyed: 4 })).toEqual([]);
    expect(medalsEarned({ ...NOTHING, enemyCraftDestroyed: 5 })).toEqual(["ace"]);
    expect(medalsEarned({ ...NOTHING, everyEnemyCraftDestroyed: true })).toEqual(["valour"]);
    expect(medalsEarned({ ...NOTHING, corporationTask: true, saboteurTask: true, enemyFightersCaptured: 1 })).toEqual([
      "corporation",
      "saboteur",
      "tek",
    ]);
  });
  it('"if you have no Vessels left then there are no crews left to get Medals" (l.733); "Machine forces never receive Medals" (l.977)', () => {
    expect(medalsEarned({ ...NOTHING, enemyCraftDestroyed: 9, vesselsLeft: false })).toEqual([]);
    expect(medalsEarned({ ...NOTHING, enemyCraftDestroyed: 9, machine: true })).toEqual([]);
  });
});

describe("Scenarios (l.810-1035)", () => {
  it("the Scenario Roll, mapped by name (ruling C.14); the Wall of Battle is not on the chart (l.860)", () => {
    expect(SCENARIO_ROLL).toEqual({
      1: "squadron-action",
      2: "squadron-action",
      3: "cultural-terrorists",
      4: "convoy-escort",
      5: "machine-wars",
      6: "machine-wars-ii",
    });
  });
  it("the cultural terrorists' force: 5 Fighters (E+L), 5 Bombers (E+EM), 1 Carrier (E+E+SB) (l.907-913)", () => {
    expect(CT_FORCE.map((e) => [e.design.name, designText(e.design), e.count])).toEqual([
      ["CT Fighter", "Fighter: E+L", 5],
      ["CT Bomber", "Fighter: E+EM", 5],
      ["CT Carrier", "Vessel: E+E+SB", 1],
    ]);
    expect(CT_FORCE.reduce((t, e) => t + e.count, 0)).toBe(CT_OPTIONAL_CRAFT);
    for (const e of CT_FORCE) expect(designProblems(e.design, e.design.name)).toEqual([]);
  });
  it("\"value 9\" (l.909-913): the carrier's 9 is the table's; the fighters' are 8 by the table (ruling C.2): 89 M€, 99 as printed", () => {
    expect(CT_FORCE.map((e) => [e.design.name, designCost(e.design), CT_PRINTED_VALUE[e.design.name]])).toEqual([
      ["CT Fighter", 8, 9],
      ["CT Bomber", 8, 9],
      ["CT Carrier", 9, 9],
    ]);
    expect(CT_FORCE.reduce((t, e) => t + (designCost(e.design) ?? 0) * e.count, 0)).toBe(89);
    expect(CT_FORCE.reduce((t, e) => t + (CT_PRINTED_VALUE[e.design.name] ?? 0) * e.count, 0)).toBe(99);
  });
  it("3 Transports (Vessel: E+E+A+A) (l.938)", () => {
    expect(CONVOY_TRANSPORTS).toBe(3);
    expect(designText(TRANSPORT)).toBe("Vessel: E+E+A+A");
  });
  it("Machine Wars II's vessel: Engines x 2, Self-Repair x 4, Armour x 2, Lasers x 2, Thrusters, Tractor: 12 modules, beyond the table (C.16)", () => {
    const count = (m: string) => MACHINE_VESSEL.modules.filter((x) => x.module === m).length;
    expect([count("E"), count("SR"), count("A"), count("L"), count("T"), count("TR")]).toEqual([2, 4, 2, 2, 1, 1]);
    expect(MACHINE_VESSEL.modules).toHaveLength(12);
    expect(craftCost("vessel", 12)).toBeUndefined();
    expect(SPACE_STATION_MODULES).toBe(12);
  });
});
