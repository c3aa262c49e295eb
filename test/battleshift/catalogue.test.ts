/**
 * The built-in ships ("Sample Generic Ships", "Bionid Ships", "Raishek Ships"): each one
 * recomputed by the building rules; every printed figure agrees except the named ERRATA,
 * and each erratum is checked both ways (printed value kept, recomputed value used).
 */
import { describe, expect, it } from "vitest";
import { CATALOGUE, catalogueDesign, ERRATA, type ErratumField } from "../../src/rules/battleshift/fleet/catalogue.js";
import { designOf, findDesign } from "../../src/rules/battleshift/fleet/fleet.js";
import { buildShip } from "../../src/rules/battleshift/fleet/ship-building.js";

const FIELDS: ErratumField[] = ["cost", "size", "hull", "shields", "move"];

/** Every (id, field) where the printed figure and the recomputation differ. */
function mismatches(hardenedCostPerSize: 2 | 3 = 3): { id: string; field: ErratumField; printed: number; recomputed: number }[] {
  const out: { id: string; field: ErratumField; printed: number; recomputed: number }[] = [];
  for (const e of CATALOGUE) {
    const d = buildShip(e.input, { hardenedCostPerSize }).value;
    for (const f of FIELDS) {
      const pv = e.printed[f];
      if (pv !== null && pv !== d[f]) out.push({ id: e.id, field: f, printed: pv, recomputed: d[f] });
    }
  }
  return out;
}

describe("catalogue", () => {
  it("holds the seed's ships: 18 generic, 12 Bionid, 13 Raishek (the Delari table is printed empty)", () => {
    const by = (f: string) => CATALOGUE.filter((e) => e.faction === f).length;
    expect([by("generic"), by("bionid"), by("raishek")]).toEqual([18, 12, 13]);
    expect(new Set(CATALOGUE.map((e) => e.id)).size).toBe(CATALOGUE.length);
  });

  it("every ship is a legal design under the building rules (no space overflow, size-1 limits kept)", () => {
    for (const e of CATALOGUE) {
      const r = buildShip(e.input);
      expect(r.ok ? [] : r.error, e.id).toEqual([]);
    }
  });

  it("printed and recomputed figures differ exactly where ERRATA says, with both values as listed", () => {
    const found = mismatches()
      .map((m) => `${m.id}:${m.field} printed ${m.printed} recomputed ${m.recomputed}`)
      .sort();
    const listed = ERRATA.map((e) => `${e.name} printed ${e.printed} recomputed ${e.recomputed}`).sort();
    expect(found).toEqual(listed);
    for (const e of ERRATA) expect(e.name).toBe(`${e.id}:${e.field}`);
  });

  it("errata: play uses the recomputed figure; the named setting catalogueValues 'printed' restores the printed one", () => {
    for (const e of ERRATA) {
      expect(catalogueDesign(e.id)?.[e.field], e.name).toBe(e.recomputed);
      expect(catalogueDesign(e.id, { printed: true })?.[e.field], e.name).toBe(e.printed);
    }
  });

  it("ruling 'Hardened hull costs 3 per size': of the 17 hardened ships with a printed cost, 15 agree at 3 per size, 1 (Akkaris) at 2", () => {
    const hardened = CATALOGUE.filter((e) => e.input.systems.hardened && e.printed.cost !== null).map((e) => e.id);
    expect(hardened).toHaveLength(17);
    const agree = (h: 2 | 3) => {
      const bad = new Set(
        mismatches(h)
          .filter((m) => m.field === "cost")
          .map((m) => m.id),
      );
      return hardened.filter((id) => !bad.has(id));
    };
    expect(agree(3)).toHaveLength(15);
    expect(agree(2)).toEqual(["bionid/akkaris-huntship"]);
  });
  it("Sample Generic Ships: Fleet Cruiser 30 = size 3 with 2 heavy + 1 light + 1 interceptor filling its 6 units", () => {
    const d = designOf("generic/fleet-cruiser");
    expect([d.cost, d.size, d.hull, d.shields, d.move, d.space.used, d.space.total]).toEqual([30, 3, 4, 2, 12, 6, 6]);
  });
  it('Sample Generic Ships: Fast Attack Cruiser 36 = 30 + 2 extra space units for Fast drives; 18"', () => {
    const d = designOf("generic/fast-attack-cruiser");
    expect([d.cost, d.move, d.space.total]).toEqual([36, 18, 8]);
  });
  it("Sample Generic Ships: Shield Frigate 30 = 20 + 2 Extra Shields at +5 (3 shields)", () => {
    const d = designOf("generic/shield-frigate");
    expect([d.cost, d.shields]).toEqual([30, 3]);
  });
  it("Sample Generic Ships: Broadside Battleship 55 = 40 + 3 x 5 for the broadsides", () => {
    expect(designOf("generic/broadside-battleship").cost).toBe(55);
  });
  it("Missile Dreadnought matches the mixed-squadron example's row: size 5, 4 shields, hull 6, 2 hits to suppress", () => {
    const d = designOf("generic/missile-dreadnought");
    expect([d.size, d.shields, d.hull, d.hitsToSuppress]).toEqual([5, 4, 6, 2]);
  });
  it("Bionid Ships: 'Shieldless (shield save of 2 from armor), but have Hardened Hulls': hardness 2, hardened, 9 points per size", () => {
    for (const e of CATALOGUE.filter((x) => x.faction === "bionid")) {
      const d = designOf(e.id);
      expect(d.hardness, e.id).toBe(2);
      expect(d.hullRule, e.id).toBe("hardened");
    }
    expect(designOf("bionid/attack-drone").cost).toBe(18);
    expect(designOf("bionid/matronis-swarm-carrier").cost).toBe(90);
  });
  it("Bionid engulfing capacities as printed: Korzine (2), Ankax (3), Mothership (6)", () => {
    expect(designOf("bionid/korzine-carrier").systems.engulf).toBe(2);
    expect(designOf("bionid/ankax-feedship").systems.engulf).toBe(3);
    expect(designOf("bionid/mothership").systems.engulf).toBe(6);
  });
  it("Raishek Ships: 'All Raishek ships have reinforced hulls': hull = size + 2 (Destroyer 3, Frigate 4, Interdictor 12, Dominator 22)", () => {
    for (const e of CATALOGUE.filter((x) => x.faction === "raishek")) {
      const d = designOf(e.id);
      expect(d.hull, e.id).toBe(d.size + 2);
    }
    expect(designOf("raishek/dominator").cost).toBe(305);
    expect(designOf("raishek/planetary-interdictor").cost).toBe(165);
  });
  it("each design is the caller's own: changing one changes neither the catalogue nor the next battle's (no shared cache)", () => {
    const a = catalogueDesign("generic/fleet-cruiser");
    const b = catalogueDesign("generic/fleet-cruiser");
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    if (!a) throw new Error("generic/fleet-cruiser is in the catalogue");
    a.hull = 99;
    a.systems.heavy = 99;
    a.input.systems.heavy = 99;
    const entry = CATALOGUE.find((e) => e.id === "generic/fleet-cruiser");
    expect(entry?.input.systems.heavy).not.toBe(99);
    expect(catalogueDesign("generic/fleet-cruiser")).toEqual(b);
  });
  it("designs are found by id or by printed name; unknown ids are undefined (findDesign)", () => {
    expect(findDesign("Fleet Cruiser")?.id).toBe("generic/fleet-cruiser");
    expect(findDesign("raishek battleship")?.id).toBe("raishek/battleship");
    expect(findDesign("generic/nope")).toBeUndefined();
  });
});
