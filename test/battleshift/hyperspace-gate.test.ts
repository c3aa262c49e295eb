/**
 * Definitions, Battleshifting: "Shifts cannot be made near large gravity wells (1' from planets, or
 * the same sector as a moon) except when assisted by a friendly Hyperspace Gate. Some battles can
 * take place where shifts cannot occur in the entire battlespace" (RULINGS "Hyperspace Gates").
 */

import { describe, expect, it } from "vitest";
import { gateAssisting, HYPERSPACE_GATE, shiftInBlocked, shiftOutBlocked } from "../../src/rules/battleshift/battlespace/battleshifting.js";
import { parseSector, sectorName } from "../../src/rules/battleshift/battlespace/battlespace.js";
import { STATION_DESIGNS } from "../../src/rules/battleshift/fleet/catalogue.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { createBattle, fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import { playSteps } from "./support.js";

const sq = (name: string, design: string, ships: number) => ({ name, design, ships });
const fleet = (name: string) => ({
  name,
  taskforces: [
    { name: `${name} 1`, squadrons: [sq(`${name} A`, "generic/fleet-cruiser", 3)] },
    { name: `${name} 2`, squadrons: [sq(`${name} B`, "generic/fleet-cruiser", 3)] },
  ],
});
/** The planet Kesh sits on the corner of sectors 3B, 4B, 3C and 4C; the gate is in sector 4B at (42, 20). */
function battle(gateSide: "blue" | "red" | null, noShifting = false): BattleState {
  return createBattle({
    seed: 1,
    scenario: "test",
    fleets: fleetsFrom([fleet("Blue"), fleet("Red")]),
    battlespace: { widthFt: 6, depthFt: 4, terrain: [{ id: "p", kind: "planet", name: "Kesh", x: 36, y: 24, radius: 6 }], noShifting },
    stations: gateSide ? [{ side: gateSide, design: HYPERSPACE_GATE, x: 42, y: 20, facing: 0 }] : [],
  }).state;
}
const sector = (name: string) => parseSector(name) ?? { col: 0, row: 0 };

describe('Definitions, Battleshifting: "except when assisted by a friendly Hyperspace Gate"', () => {
  it("a friendly gate opens its own sector for shifting in; an enemy gate or none leaves the planet's sectors closed", () => {
    expect(shiftInBlocked(battle(null), "blue", sector("4B"))).toMatch(/holds the planet Kesh/);
    expect(shiftInBlocked(battle("red"), "blue", sector("4B"))).toMatch(/holds the planet Kesh/);
    expect(shiftInBlocked(battle("blue"), "blue", sector("4B"))).toBeNull();
    // Only the gate's own sector: the planet's other sectors stay closed.
    expect(shiftInBlocked(battle("blue"), "blue", sector("3B"))).toMatch(/holds the planet Kesh/);
  });
  it('a gate cannot open a battlespace where "shifts cannot occur in the entire battlespace"', () => {
    const s = battle("blue", true);
    expect(gateAssisting(s, "blue", sector("4B"))).toBeNull();
    expect(shiftInBlocked(s, "blue", sector("4B"))).toMatch(/no battleshifting is possible anywhere/);
  });
  it("a disabled gate assists nobody", () => {
    const s = battle("blue");
    const gate = Object.values(s.squadrons).find((q) => q.design === HYPERSPACE_GATE);
    if (gate?.ships[0]) gate.ships[0].disabled = true;
    expect(shiftInBlocked(s, "blue", sector("4B"))).toMatch(/holds the planet Kesh/);
  });
  it("ships in the gate's sector may shift out of the planet's gravity well", () => {
    for (const gateSide of [null, "red", "blue"] as const) {
      const s = battle(gateSide);
      const q = s.squadrons["blue-tf1-s1"];
      if (!q) throw new Error("no blue-tf1-s1");
      q.arrivedTurn = 0;
      q.ships.forEach((ship, i) => {
        Object.assign(ship, { x: 44 + i, y: 16 });
      });
      const why = shiftOutBlocked(s, q);
      if (gateSide === "blue") expect(why).toBeNull();
      else expect(why).toMatch(/within the gravity well of Kesh/);
    }
  });
  it("a return sector holding the planet is accepted on the sheet with a friendly gate in it, and the taskforce comes out there", () => {
    const start = playSteps(
      battle("blue"),
      () => [],
      (s) => s.turn === 2,
    ).state;
    const sheet = (s: BattleState) =>
      s.turn === 2 ? [{ type: "shift" as const, unit: "blue-tf1", returnTurn: 4, sector: "4B", facing: "W" }] : [];
    const r = playSteps(start, sheet, (s) => s.turn === 4 && s.turnState.phase === "activation");
    expect(r.problems).toEqual([]);
    const back = r.state.squadrons["blue-tf1-s1"];
    expect(back?.location).toBe("table");
    for (const ship of back?.ships ?? [])
      expect(sectorName({ col: Math.floor(ship.x / 12) + 1, row: Math.floor(ship.y / 12) + 1 })).toBe("4B");
  });
  it("if the gate is lost while the taskforce is in hyperspace, it comes out in the nearest open sector", () => {
    const start = playSteps(
      battle("blue"),
      () => [],
      (s) => s.turn === 2,
    ).state;
    const sheet = (s: BattleState) =>
      s.turn === 2 ? [{ type: "shift" as const, unit: "blue-tf1", returnTurn: 4, sector: "4B", facing: "W" }] : [];
    const mid = playSteps(start, sheet, (s) => s.turn === 3).state;
    expect(mid.squadrons["blue-tf1-s1"]?.location).toBe("hyperspace");
    const gate = Object.values(mid.squadrons).find((q) => q.design === HYPERSPACE_GATE);
    if (gate) Object.assign(gate, { location: "gone", goneReason: "destroyed", ships: [] });
    const r = playSteps(mid, sheet, (s) => s.turn === 4 && s.turnState.phase === "activation");
    expect(r.notes.some((t) => /cannot come out in sector 4B .*holds the planet Kesh.*nearest open sector, 4A/.test(t))).toBe(true);
    expect(r.state.squadrons["blue-tf1-s1"]?.location).toBe("table");
  });
});

describe("Stations from a fleet file", () => {
  const keepers = (sector: string, design = HYPERSPACE_GATE) => ({
    name: "Keepers",
    stations: [{ design, name: "Gate of Vesh", sector }],
    taskforces: [{ name: "Talon", squadrons: [sq("Talon cruisers", "raishek/cruiser", 3)] }],
  });
  it("a station is priced at its design's cost and stands in the centre of its sector, facing the enemy's edge", () => {
    const parsed = parseFleet(keepers("5B"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.points).toBe(3 * 35 + (STATION_DESIGNS[HYPERSPACE_GATE]?.cost ?? 0));
    const s = createBattle({ seed: 1, scenario: "test", fleets: fleetsFrom([fleet("Blue"), keepers("5B")]) }).state;
    const gate = Object.values(s.squadrons).find((q) => q.design === HYPERSPACE_GATE);
    expect(gate).toMatchObject({ side: "red", name: "Gate of Vesh", station: true, facing: 270 });
    expect(gate?.ships[0]).toMatchObject({ x: 54, y: 18 });
    expect(gateAssisting(s, "red", sector("5B"))).toBe(gate?.id);
  });
  it("an unknown station design or an unreadable sector is a fault of the fleet file", () => {
    const bad = parseFleet(keepers("5B", "station/death-star"));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.map((p) => p.code)).toEqual(["unknown-station"]);
    expect(bad.error[0]?.message).toMatch(/station designs: station\/orbital-defense, .*station\/hyperspace-gate/);
    const badSector = parseFleet(keepers("middle"));
    expect(!badSector.ok && badSector.error[0]?.message).toMatch(/sector "middle" is not a sector such as "2B"/);
  });
  it("a station stands on its own fleet's half of the table and off planets: the battle is refused with the reason", () => {
    expect(() => createBattle({ seed: 1, scenario: "test", fleets: fleetsFrom([fleet("Blue"), keepers("2B")]) })).toThrow(
      /Keepers's station Gate of Vesh in sector 2B: a station stands in its own fleet's half of the table \(red: columns 4-6\)/,
    );
    expect(() => createBattle({ seed: 1, scenario: "test", fleets: fleetsFrom([fleet("Blue"), keepers("9B")]) })).toThrow(
      /sector 9B: the sector is off the 6' x 4' table/,
    );
  });
});
