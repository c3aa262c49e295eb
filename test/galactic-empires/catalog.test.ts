import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extract, renderData, renderTypes } from "../../scripts/extract-catalog.js";
import { SECTOR_DEFENCE_LEVELS, STARSHIP_TYPES } from "../../src/rules/galactic-empires/catalog-data.js";
import type { StarshipTypeData } from "../../src/rules/galactic-empires/catalog-types.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const seedPath = resolve(root, "../shared/seeds/003_3c41b5fd93f3ff11.txt");

/** Row count of table 1 ("STARSHIP LIST BY BUILDER") as found by scripts/extract-catalog.ts. */
const EXPECTED_TYPES = 110;

const byId = (id: string): StarshipTypeData => {
  const found = STARSHIP_TYPES.find((s) => s.id === id);
  if (!found) throw new Error(`no starship type ${id}`);
  return found;
};

describe("Galactic Empires starship catalog (seed 003, Chapter 7)", () => {
  it("has every row of the STARSHIP LIST BY BUILDER table", () => {
    expect(STARSHIP_TYPES).toHaveLength(EXPECTED_TYPES);
  });

  it("keeps spot rows exactly as printed", () => {
    expect(byId("8472-hive/xr5-command-bio-ship")).toEqual({
      id: "8472-hive/xr5-command-bio-ship",
      name: "XR5 Command Bio-Ship",
      builder: "8472 Hive",
      class: "Heavy Cruiser",
      attacks: 2,
      combat: 28,
      hits: 9.2,
      move: 2,
      build: 18,
      upkeep: 1.5,
      search: 2,
      siege: 0,
    });
    expect(byId("8472-hive/rg4-bio-strike-vessel")).toMatchObject({
      name: "RG4 Bio-Strike Vessel",
      class: "Strike Cruiser",
      attacks: 2,
      combat: 60,
      hits: 2.8,
      search: 4,
      siege: 40,
    });
    expect(byId("klingon/hawk-heavy-cruiser")).toEqual({
      id: "klingon/hawk-heavy-cruiser",
      name: "Hawk Heavy Cruiser",
      builder: "Klingon",
      class: "Heavy Cruiser",
      attacks: 2,
      combat: 18,
      hits: 6.6,
      move: 2,
      build: 12,
      upkeep: 1.0,
      search: 1,
      siege: 0,
    });
    expect(byId("klingon/negh-var-battleship")).toEqual({
      id: "klingon/negh-var-battleship",
      name: "Negh'var Battleship",
      builder: "Klingon",
      class: "Battleship",
      attacks: 4,
      combat: 50,
      hits: 2.6,
      move: 3,
      build: 17,
      upkeep: 1.2,
      search: 3,
      siege: 20,
    });
    // Same printed name, different builder: the id keeps them apart.
    expect(byId("romulan/hawk-heavy-cruiser")).toMatchObject({
      name: "Hawk Heavy Cruiser",
      builder: "Romulan",
      hits: 5.4,
      build: 11,
      upkeep: 0.9,
    });
    // Truncated name is kept as printed (listed in the findings).
    expect(byId("tholian/granite-archeo-dreadnght")).toMatchObject({
      name: "Granite Archeo Dreadnght",
      class: "Battleship",
      attacks: 2,
      combat: 40,
    });
  });

  it("has the sector defence levels 1-12", () => {
    expect(SECTOR_DEFENCE_LEVELS.map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(SECTOR_DEFENCE_LEVELS[0]).toEqual({ level: 1, capacity: 3, combatBonus: 45, hitPointBonus: 0.7 });
    expect(SECTOR_DEFENCE_LEVELS[11]).toEqual({ level: 12, capacity: 36, combatBonus: 67, hitPointBonus: 2.4 });
  });

  it("has unique ids and unique (name, builder) pairs", () => {
    expect(new Set(STARSHIP_TYPES.map((s) => s.id)).size).toBe(STARSHIP_TYPES.length);
    expect(new Set(STARSHIP_TYPES.map((s) => `${s.builder}/${s.name}`)).size).toBe(STARSHIP_TYPES.length);
    for (const s of STARSHIP_TYPES) expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("has finite, non-negative numbers and at least one attack", () => {
    for (const s of STARSHIP_TYPES) {
      for (const v of [s.attacks, s.combat, s.hits, s.move, s.build, s.upkeep, s.search, s.siege]) {
        expect(Number.isFinite(v) && v >= 0, `${s.id}: ${v}`).toBe(true);
      }
      expect(s.attacks, s.id).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(s.attacks), s.id).toBe(true);
      expect(s.name, s.id).not.toMatch(/[\u2018\u2019]/);
    }
    for (const l of SECTOR_DEFENCE_LEVELS) {
      for (const v of [l.level, l.capacity, l.combatBonus, l.hitPointBonus]) expect(Number.isFinite(v) && v >= 0).toBe(true);
    }
  });

  it.skipIf(!existsSync(seedPath))("is up to date with the seed and the generator", () => {
    const x = extract(readFileSync(seedPath, "utf8"));
    expect(x.starships).toHaveLength(EXPECTED_TYPES);
    const dir = resolve(root, "src/rules/galactic-empires");
    expect(readFileSync(resolve(dir, "catalog-data.ts"), "utf8")).toBe(renderData(x));
    expect(readFileSync(resolve(dir, "catalog-types.ts"), "utf8")).toBe(renderTypes(x));
  });
});
