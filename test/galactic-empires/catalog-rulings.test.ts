import { describe, expect, it } from "vitest";
import { STARSHIP_TYPES, upkeepOf } from "../../src/rules/galactic-empires/catalog.js";

describe("chapter 7 'Starships': Orion upkeep (RULINGS.md, 'Orion upkeep')", () => {
  const orion = STARSHIP_TYPES.filter((t) => t.builder === "Orion");
  it("the tables print every Orion Keep equal to its Build", () => {
    expect(orion.length).toBe(7);
    for (const t of orion) expect(t.upkeep).toBe(t.build);
  });
  it("the erratum (default) pays the median Keep of other builders' types of the same build cost", () => {
    const keep = Object.fromEntries(orion.map((t) => [t.name, upkeepOf(t, { orionUpkeep: "erratum" })]));
    expect(keep["Orion Wanderer"]).toBe(0.5);
    expect(keep["Orion Heavy Marauder"]).toBe(2);
    for (const t of orion) expect(upkeepOf(t, { orionUpkeep: "printed" })).toBe(t.build);
  });
  it("other builders are untouched", () => {
    for (const t of STARSHIP_TYPES.filter((x) => x.builder !== "Orion")) expect(upkeepOf(t, { orionUpkeep: "erratum" })).toBe(t.upkeep);
  });
});
