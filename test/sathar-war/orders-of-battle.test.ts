/**
 * Seed 000 "ORDERS OF BATTLE", "Planetary Militia Order of Battle", "UPF Spacefleet Fortresses", "Fortified and Armed
 * Space Stations", "UPF Set-Up" and the "REPAIR CAPACITY TABLE", read as data: every row of each table is checked
 * against the seed, and the UPF set-up's `deploy` and `base` orders with their refusals.
 */
import { describe, expect, it } from "vitest";
import type { Problem } from "../../src/core/result.js";
import { Rng } from "../../src/core/rng.js";
import { satharWar } from "../../src/rules/sathar-war/index.js";
import type { SatharWarState, Ship } from "../../src/rules/sathar-war/model.js";
import type { Order } from "../../src/rules/sathar-war/orders.js";
import { MILITIA } from "../../src/rules/sathar-war/orders-of-battle/forces.js";
import { STATION_RATINGS } from "../../src/rules/sathar-war/orders-of-battle/ship-classes.js";
import { repairDay } from "../../src/rules/sathar-war/repair/repair-day.js";
import { createCampaign } from "../../src/rules/sathar-war/setting-up/create.js";
import { placeNova } from "../../src/rules/sathar-war/setting-up/nova.js";
import { at, DiceRng, destroy, emptyCampaign } from "./logistics-support.js";

/** One step of the campaign through the ruleset, one seat's orders. */
function step(state: SatharWarState, seat: string, orders: Order[]) {
  return satharWar.resolve(state, { [seat]: { seat, step: state.step, orders } }, Rng.fromSeed(1));
}
const codes = (problems: Readonly<Record<string, readonly Problem[]>>, seat = "upf") => (problems[seat] ?? []).map((p) => p.code);
const where = (s: SatharWarState, id: string) => s.ships[id]!.location;
const aboard = (s: SatharWarState, carrier: string) =>
  Object.values(s.ships)
    .filter((x) => x.location.kind === "aboard" && x.location.carrier === carrier)
    .map((x) => x.id)
    .sort();

describe("Planetary Militia Order of Battle (seed 000:112-159)", () => {
  /** The table as printed: planet (system), counter colours, assault scouts, frigates, destroyers. */
  const TABLE: [string, string, string, number, number, number][] = [
    ["gollywog", "white-light", "black on light green", 3, 1, 0],
    ["hargut", "gruna-garu", "black on dark green", 2, 0, 0],
    ["hentz", "araks", "black on dark blue", 3, 1, 0],
    ["inner-reach", "dramune", "black on orange", 3, 1, 1],
    ["kenzah-kit", "kaken-kar", "black on purple", 2, 0, 0],
    ["minotaur", "theseus", "black on yellow", 4, 1, 1],
    ["outer-reach", "dramune", "black on lt. orange", 2, 2, 0],
    ["pale", "truanes-star", "black on gray", 3, 1, 0],
    ["terledrom", "fromeltar", "black on brown", 3, 1, 0],
    ["zik-kit", "kizk-kar", "black on tan", 2, 0, 0], // C.2 #11: two assault scouts, no frigate
  ];

  it.each(TABLE)("%s's militia: as printed, docked at the station orbiting its planet (000:159, 256)", (planet, system, _c, as, ff, dd) => {
    const s = createCampaign();
    const militia = Object.values(s.ships).filter((x) => x.militiaOf === planet);
    const count = (cls: Ship["cls"]) => militia.filter((x) => x.cls === cls).length;
    expect([count("AS"), count("FF"), count("DD")]).toEqual([as, ff, dd]);
    expect(militia).toHaveLength(as + ff + dd);
    const station = Object.values(s.stations).find((st) => st.planet === planet);
    expect(station?.system).toBe(system);
    for (const ship of militia) expect(ship.location).toEqual({ kind: "system", system, planet, docked: true });
  });

  it("ten planets, 37 ships (27 assault scouts, 8 frigates, 2 destroyers), each counter in its planet's colours", () => {
    expect(MILITIA.map((m) => [m.militiaOf, m.colours])).toEqual(TABLE.map(([p, , c]) => [p, c]));
    const militia = Object.values(createCampaign().ships).filter((x) => x.militiaOf !== undefined);
    expect(militia).toHaveLength(37);
    expect(militia.filter((x) => x.cls === "AS")).toHaveLength(27);
    expect(militia.filter((x) => x.cls === "FF")).toHaveLength(8);
    expect(militia.filter((x) => x.cls === "DD")).toHaveLength(2);
  });
});

describe("UPF Spacefleet Fortresses and Fortified and Armed Space Stations (seed 000:163-206)", () => {
  it('fortresses: "HP 300 / ADF 0 / MR 0 / DCR 200; Weapons: LB (x3), EB, PB, RB (x12); Defenses: RH, MS (x3), ES, PS, ICM (x20)"', () => {
    expect(STATION_RATINGS.fortress).toEqual({
      hp: 300,
      adf: 0,
      mr: 0,
      dcr: 200,
      weapons: { LB: 3, EB: 1, PB: 1, RB: 12 },
      defences: { RH: 1, MS: 3, ES: 1, PS: 1, ICM: 20 },
    });
  });
  it('fortified stations: "HP 140 / ADF 0 / MR 0 / DCR 100; Weapons: LB (x2), RB (x8); Defenses: RH, MS (x2), ICM (x10)"', () => {
    expect(STATION_RATINGS.fortified).toEqual({
      hp: 140,
      adf: 0,
      mr: 0,
      dcr: 100,
      weapons: { LB: 2, RB: 8 },
      defences: { RH: 1, MS: 2, ICM: 10 },
    });
  });
  it('armed stations: "HP 80 / ADF 0 / MR 0 / DCR 75; Weapons: LB, RB (x6); Defenses: RH, MS (x2), ICM (x6)"', () => {
    expect(STATION_RATINGS.armed).toEqual({
      hp: 80,
      adf: 0,
      mr: 0,
      dcr: 75,
      weapons: { LB: 1, RB: 6 },
      defences: { RH: 1, MS: 2, ICM: 6 },
    });
  });
  it("each fortress and station orbits the planet the seed names, of the type it names (4 + 4 + 11)", () => {
    const s = createCampaign();
    const byType = (type: string) =>
      Object.values(s.stations)
        .filter((st) => st.type === type)
        .map((st) => `${st.planet} (${st.system})`)
        .sort();
    expect(byType("fortress")).toEqual(
      ["kdikit (madderlys-star)", "gollywog (white-light)", "morgaines-world (prenglar)", "pale (truanes-star)"].sort(),
    );
    expect(byType("fortified")).toEqual(
      ["minotaur (theseus)", "kenzah-kit (kaken-kar)", "hentz (araks)", "gran-quivera (prenglar)"].sort(),
    );
    expect(byType("armed")).toEqual(
      [
        "kawdl-kit (ktsa-kar)",
        "zik-kit (kizk-kar)",
        "groth (fromeltar)",
        "terledrom (fromeltar)",
        "new-pale (truanes-star)",
        "inner-reach (dramune)",
        "outer-reach (dramune)",
        "ruperts-hole (cassidine)",
        "triad (cassidine)",
        "hargut (gruna-garu)",
        "lossend (timeon)",
      ].sort(),
    );
    const names = Object.values(s.stations)
      .filter((st) => st.type === "fortress")
      .map((st) => st.name)
      .sort();
    expect(names).toEqual(["Fortress Gollwin", "Fortress Kdikit", "Fortress Pale", "Fortress Redoubt"]);
  });
});

describe("REPAIR CAPACITY TABLE (seed 000:489-509)", () => {
  /** System / planet, daily hull points, as printed. */
  const TABLE: [string, string, number][] = [
    ["araks", "hentz", 20],
    ["cassidine", "ruperts-hole", 10],
    ["cassidine", "triad", 40],
    ["dramune", "outer-reach", 10],
    ["fromeltar", "terledrom", 20],
    ["prenglar", "gran-quivera", 40],
    ["theseus", "minotaur", 20],
    ["truanes-star", "pale", 10],
    ["white-light", "gollywog", 10],
  ];

  it("exactly the nine SCCs of the table have a construction centre (C.2 #17)", () => {
    const sccs = Object.values(createCampaign().stations)
      .filter((st) => st.scc !== undefined)
      .map((st) => [st.system, st.planet, st.scc])
      .sort();
    expect(sccs).toEqual([...TABLE].sort());
  });

  it.each(TABLE)(
    "%s/%s repairs %i hull points a day, shared by the UPF ships docked there; the Sathar half when captured",
    (system, planet, hp) => {
      const s = emptyCampaign({}, 3);
      at(s, "TFC-BB1", planet, true);
      at(s, "TFP-BB1", planet, true);
      s.ships["TFC-BB1"]!.damage = { hull: 100 };
      s.ships["TFP-BB1"]!.damage = { hull: 100 };
      const day = repairDay(s, {}).state;
      const mended = 200 - (day.ships["TFC-BB1"]!.damage.hull ?? 0) - (day.ships["TFP-BB1"]!.damage.hull ?? 0);
      expect(mended).toBe(hp);
      // Captured (000:524): every station of the system destroyed, no UPF ship there: half the capacity.
      const c = emptyCampaign({}, 3);
      destroy(
        c,
        Object.values(c.stations)
          .filter((st) => st.system === system)
          .map((st) => st.id),
      );
      at(c, "S-HC1", planet, true);
      c.ships["S-HC1"]!.damage = { hull: 79 };
      expect(79 - (repairDay(c, {}).state.ships["S-HC1"]!.damage.hull ?? 0)).toBe(hp / 2);
    },
  );
});

describe("UPF Set-Up (seed 000:107, 251-259)", () => {
  it("stations in orbit, militia docked, Task Force Prenglar at Morgaine's World, Task Force Cassidine at Triad, NOVA off the map", () => {
    const s = createCampaign();
    const of = (force: string) => Object.values(s.ships).filter((x) => x.force === force && x.cls !== "FT");
    for (const x of of("Task Force Prenglar"))
      expect(x.location).toMatchObject({ kind: "system", system: "prenglar", planet: "morgaines-world" });
    for (const x of of("Task Force Cassidine")) expect(x.location).toMatchObject({ kind: "system", system: "cassidine", planet: "triad" });
    for (const x of of("Strike Force NOVA")) expect(x.location).toEqual({ kind: "offmap" });
    // "The fighters in each task force can be placed aboard that force's carrier" (000:107): Cassidine's six aboard.
    expect(aboard(s, "TFC-AC1")).toEqual(["TFC-FT1", "TFC-FT2", "TFC-FT3", "TFC-FT4", "TFC-FT5", "TFC-FT6"]);
    expect(aboard(s, "SFN-AC1")).toHaveLength(6);
    expect(s.phase).toBe("upf-setup");
  });

  it('"Non-attached ships can be placed in any systems ... split into as many small groups or individual ships as desired"', () => {
    const s = createCampaign();
    const r = step(s, "upf", [
      { type: "deploy", ships: ["NA-DD1", "NA-AS1"], to: "kdikit" },
      { type: "deploy", ships: ["NA-DD2"], to: "lossend" },
      { type: "deploy", ships: ["NA-LC1", "NA-LC2"], to: "triad" }, // added to Task Force Cassidine
    ]);
    expect(r.problems.upf ?? []).toEqual([]);
    expect(where(r.state, "NA-DD1")).toEqual({ kind: "system", system: "madderlys-star", planet: "kdikit" });
    expect(where(r.state, "NA-AS1")).toEqual({ kind: "system", system: "madderlys-star", planet: "kdikit" });
    expect(where(r.state, "NA-DD2")).toEqual({ kind: "system", system: "timeon", planet: "lossend" });
    expect(where(r.state, "NA-LC1")).toEqual({ kind: "system", system: "cassidine", planet: "triad" });
    expect(r.state.phase).toBe("sathar-setup");
  });

  it('"Strike Force NOVA and any non-attached ships assigned to it are placed off the map until later", and come with it', () => {
    const r = step(createCampaign(), "upf", [{ type: "deploy", ships: ["NA-LC1", "NA-ML1"], to: "nova" }]);
    expect(where(r.state, "NA-LC1")).toEqual({ kind: "offmap" });
    const s = { ...r.state, phase: "upf-move" as const };
    const placed = placeNova(s, new DiceRng([4])).state; // 4: Pale (Truane's Star)
    for (const id of ["NA-LC1", "NA-ML1", "SFN-BB1"])
      expect(where(placed, id)).toEqual({ kind: "system", system: "truanes-star", planet: "pale" });
  });

  it("only non-attached ships are deployed; fighters are based, not deployed; bad ids and places are refused, the rest stands", () => {
    const r = step(createCampaign(), "upf", [
      { type: "deploy", ships: ["TFC-BB1", "NA-FT1", "S-DD01", "NOPE", "NA-DD1"], to: "pale" },
      { type: "deploy", ships: ["NA-DD2"], to: "nowhere" },
    ]);
    expect(codes(r.problems)).toEqual(["not-non-attached", "fighter-deploy", "not-your-ship", "unknown-ship", "unknown-planet"]);
    expect(r.problems.upf?.[0]?.order).toBe("#0 deploy TFC-BB1");
    expect(where(r.state, "TFC-BB1")).toMatchObject({ kind: "system", system: "cassidine", planet: "triad" });
    expect(where(r.state, "NA-DD1")).toEqual({ kind: "system", system: "truanes-star", planet: "pale" });
    expect(where(r.state, "NA-DD2")).toMatchObject({ kind: "system", system: "prenglar", planet: "morgaines-world" });
  });

  it('"The non-attached fighters can be placed with any of the task forces, or based at any station in the Frontier"', () => {
    const r = step(createCampaign(), "upf", [
      { type: "base", fighters: ["NA-FT1"], carrier: "SFN-AC1" }, // NOVA, off the map
      { type: "base", fighters: ["NA-FT2"], carrier: "TFC-AC1" }, // at Triad
      { type: "base", fighters: ["NA-FT3"], station: "st-pale" },
      { type: "base", fighters: ["NA-FT4"], carrier: "TFP-AC1" }, // Task Force Prenglar's empty carrier (C.2 #35)
    ]);
    expect(r.problems.upf ?? []).toEqual([]);
    expect(aboard(r.state, "SFN-AC1")).toContain("NA-FT1");
    expect(aboard(r.state, "TFC-AC1")).toHaveLength(7);
    expect(where(r.state, "NA-FT3")).toEqual({ kind: "aboard", station: "st-pale" });
    expect(aboard(r.state, "TFP-AC1")).toEqual(["NA-FT4"]);
  });

  it('task-force fighters: "aboard that force\'s carrier, or ... based at the station where the fleet is based"; the refusals', () => {
    const s = createCampaign({ carrierCapacity: 4 }); // TFC-AC1 holds four, TFC-FT5 and TFC-FT6 start at Triad's station
    expect(where(s, "TFC-FT5")).toEqual({ kind: "aboard", station: "st-triad" });
    const r = step(s, "upf", [
      { type: "base", fighters: ["TFC-FT1"], station: "st-triad" },
      { type: "base", fighters: ["TFC-FT2"], station: "st-gran-quivera" },
      { type: "base", fighters: ["TFC-FT6"], carrier: "TFP-AC1" },
      { type: "base", fighters: ["TFC-BB1"], station: "st-triad" },
      { type: "base", fighters: ["TFC-FT3"], carrier: "TFC-BB1" },
      { type: "base", fighters: ["TFC-FT5"], carrier: "TFC-AC1" },
      { type: "base", fighters: ["S-FT01"], station: "st-triad" },
      { type: "base", fighters: ["TFC-FT4"], station: "st-nowhere" },
    ]);
    expect(where(r.state, "TFC-FT1")).toEqual({ kind: "aboard", station: "st-triad" });
    // TFC-FT1 left the carrier, so TFC-FT5 finds room aboard.
    expect(aboard(r.state, "TFC-AC1")).toEqual(["TFC-FT2", "TFC-FT3", "TFC-FT4", "TFC-FT5"]);
    expect(codes(r.problems)).toEqual([
      "not-together",
      "not-together",
      "not-a-fighter",
      "not-a-carrier",
      "not-your-ship",
      "unknown-station",
    ]);
    const full = step(createCampaign({ carrierCapacity: 4 }), "upf", [{ type: "base", fighters: ["TFC-FT5"], carrier: "TFC-AC1" }]);
    expect(codes(full.problems)).toEqual(["carrier-full"]);
  });

  it("the Sathar divide their fighters among the carriers as they like, eight to a carrier (000:45)", () => {
    let s = createCampaign();
    s = step(s, "upf", []).state;
    expect(s.phase).toBe("sathar-setup");
    const onFirst = aboard(s, "S-AC1");
    expect(onFirst).toHaveLength(8);
    const r = satharWar.resolve(
      s,
      { sathar: { seat: "sathar", step: s.step, orders: [{ type: "base", fighters: ["S-FT01"], carrier: "S-AC4" }] } },
      Rng.fromSeed(1),
    );
    // (No placement given: the default opening is placed, with its own note; the base order stands.)
    expect((r.problems.sathar ?? []).filter((p) => p.order.includes("base"))).toEqual([]);
    expect(aboard(r.state, "S-AC4")).toContain("S-FT01");
    expect(aboard(r.state, "S-AC1")).toHaveLength(7);
  });
});

describe("Determining Sides (seed 000:11-16)", () => {
  it("Determining Sides (000:13): two people sharing the Sathar seat write parts of one orders file; neither part alone is the set-up", () => {
    const s = step(createCampaign(), "upf", []).state;
    const reserve = Object.values(s.ships)
      .filter((x) => x.side === "sathar" && x.cls !== "FT")
      .map((x) => x.id)
      .sort();
    // The referee gives each co-commander ten ships of the fleet; each writes the part of the file for his own.
    const partA: Order[] = [{ type: "place", ships: reserve.slice(0, 10), circle: "ssc-prenglar" }];
    const partB: Order[] = [
      { type: "place", ships: reserve.slice(10, 20), circle: "ssc-ktsa-kar" },
      { type: "retreat", condition: 2 },
    ];
    const alone = step(s, "sathar", partA);
    expect(codes(alone.problems, "sathar")).toContain("too-few-ships"); // 000:264: at least 20, counted over the side
    const whole = step(s, "sathar", [...partA, ...partB]);
    expect(whole.problems.sathar ?? []).toEqual([]);
    expect(reserve.slice(0, 20).every((id) => whole.state.ships[id]!.location.kind === "circle")).toBe(true);
    expect(whole.state.retreatCondition).toBe(2);
  });
});
