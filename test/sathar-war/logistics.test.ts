/**
 * Seed 000 "SUPPLY", "Rearming", "REPAIR", "UPF Repairs", "REPAIR CAPACITY TABLE", "Sathar Repair", "REPLACEMENTS
 * (Optional)", "SHATTER DRONES (Optional)", "CONDITIONS FOR VICTORY", "SATHAR RETREAT CONDITIONS", "The Time Record
 * Track".
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import { dock } from "../../src/rules/sathar-war/repair/docking.js";
import { repairDay } from "../../src/rules/sathar-war/repair/repair-day.js";
import { enterVoid, returnFromVoid } from "../../src/rules/sathar-war/repair/sathar-repair.js";
import { replacementPhase } from "../../src/rules/sathar-war/replacements/replacements.js";
import { applyDefaultDrones, chooseDrones } from "../../src/rules/sathar-war/shatter-drones/shatter-drones.js";
import { rearm } from "../../src/rules/sathar-war/supply/rearming.js";
import { boxKey, inSupply, suppliedPlaces, systemKey } from "../../src/rules/sathar-war/supply/supply.js";
import { endOfDay } from "../../src/rules/sathar-war/time-record/end-of-day.js";
import { timeRecord, timeRecordText } from "../../src/rules/sathar-war/time-record/time-record.js";
import { ensureRetreatCondition } from "../../src/rules/sathar-war/victory/sathar-retreat.js";
import { checkVictory, warOutcome } from "../../src/rules/sathar-war/victory/victory.js";
import { at, DiceRng, destroy, emptyCampaign, idsOf, lose } from "./logistics-support.js";

const FORTRESSES = ["st-kdikit", "st-gollywog", "st-morgaines-world", "st-pale"];

describe("The Time Record Track", () => {
  it("day 11 of the war shows day 1 with the Tenday marker on 10 (C.2 #15)", () => {
    expect(timeRecord(11)).toEqual({ day: 1, tenday: 10 });
    expect(timeRecordText(11)).toBe("day 1, tenday 10");
  });
  it("day 10 is reached before the marker goes back to 1; day 20 is day 10, tenday 10; day 21 is day 1, tenday 20", () => {
    expect(timeRecord(1)).toEqual({ day: 1, tenday: 0 });
    expect(timeRecord(10)).toEqual({ day: 10, tenday: 0 });
    expect(timeRecordText(10)).toBe("day 10");
    expect(timeRecord(20)).toEqual({ day: 10, tenday: 10 });
    expect(timeRecord(21)).toEqual({ day: 1, tenday: 20 });
  });
});

describe("SUPPLY: UPF ships trace a path to a fortress", () => {
  /** Only Fortress Pale (Truane's Star) stands; Prenglar reaches it through Dixon's Star. */
  function onlyPale(): SatharWarState {
    const s = emptyCampaign();
    destroy(s, ["st-kdikit", "st-gollywog", "st-morgaines-world"]);
    at(s, "TFP-BB1", "morgaines-world");
    return s;
  }
  it("a path through empty systems is supply", () => {
    const s = onlyPale();
    expect(inSupply(s, s.ships["TFP-BB1"]!)).toBe(true);
  });
  it("a system occupied by a Sathar ship blocks it", () => {
    const s = onlyPale();
    at(s, "S-DD01", "laco");
    expect(inSupply(s, s.ships["TFP-BB1"]!)).toBe(false);
  });
  it("the path may pass through transit boxes containing Sathar ships", () => {
    const s = onlyPale();
    s.ships["S-DD01"]!.location = { kind: "transit", route: "prenglar~dixons-star", box: 1, toward: "dixons-star", rate: 1, jumped: false };
    expect(suppliedPlaces(s, "upf").has(boxKey("prenglar~dixons-star", 1))).toBe(true);
    expect(inSupply(s, s.ships["TFP-BB1"]!)).toBe(true);
  });
  it("supply may be traced into a system holding both sides, but not through it", () => {
    const s = onlyPale();
    at(s, "S-DD01", "laco");
    at(s, "NA-DD1", "laco");
    const places = suppliedPlaces(s, "upf");
    expect(places.has(systemKey("dixons-star"))).toBe(true);
    expect(inSupply(s, s.ships["NA-DD1"]!)).toBe(true);
    expect(inSupply(s, s.ships["TFP-BB1"]!)).toBe(false);
  });
  it("with every fortress destroyed no UPF ship is in supply", () => {
    const s = onlyPale();
    destroy(s, ["st-pale"]);
    expect(inSupply(s, s.ships["TFP-BB1"]!)).toBe(false);
  });
});

describe("SUPPLY: Sathar ships trace a path to a start circle", () => {
  it("a system with a UPF station blocks the path (Dixon's Star lies between Prenglar and Truane's Star)", () => {
    const s = emptyCampaign();
    at(s, "S-DD01", "laco");
    expect(inSupply(s, s.ships["S-DD01"]!)).toBe(false);
    destroy(s, ["st-pale", "st-new-pale"]);
    expect(inSupply(s, s.ships["S-DD01"]!)).toBe(true);
    at(s, "M-PAL-AS1", "pale");
    expect(inSupply(s, s.ships["S-DD01"]!)).toBe(false);
  });
  it("transit boxes holding UPF ships do not block the Sathar", () => {
    const s = emptyCampaign();
    destroy(s, ["st-pale", "st-new-pale"]);
    at(s, "S-DD01", "laco");
    s.ships["TFC-FF1"]!.location = {
      kind: "transit",
      route: "dixons-star~truanes-star",
      box: 2,
      toward: "truanes-star",
      rate: 1,
      jumped: false,
    };
    expect(inSupply(s, s.ships["S-DD01"]!)).toBe(true);
  });
  it("ships in the red boxes and start circles are in supply; a besieging ship traces out of its own system", () => {
    const s = emptyCampaign();
    s.ships["S-DD01"]!.location = { kind: "red", circle: "ssc-prenglar", box: 1, outbound: false };
    s.ships["S-DD02"]!.location = { kind: "circle", circle: "ssc-zebulon" };
    at(s, "S-DD03", "gran-quivera");
    for (const id of ["S-DD01", "S-DD02", "S-DD03"]) expect(inSupply(s, s.ships[id]!)).toBe(true);
  });
});

describe("Rearming", () => {
  function spentFleet(): SatharWarState {
    const s = emptyCampaign();
    for (const id of ["TFP-BB1", "TFP-DD1", "TFP-DD2"]) at(s, id, "morgaines-world").spent = { T: 2, ICM: 3 };
    return s;
  }
  it("a ship that spends the whole day at a planet of a supplied system, not moving and not fighting, rearms", () => {
    const s = spentFleet();
    s.today.moved.push("TFP-DD1");
    s.today.fought.push("TFP-DD2");
    const { state, events } = rearm(s);
    expect(state.ships["TFP-BB1"]!.spent).toEqual({});
    expect(state.ships["TFP-DD1"]!.spent).toEqual({ T: 2, ICM: 3 });
    expect(state.ships["TFP-DD2"]!.spent).toEqual({ T: 2, ICM: 3 });
    expect(events[0]?.ships).toEqual(["TFP-BB1"]);
    expect(s.ships["TFP-BB1"]!.spent).toEqual({ T: 2, ICM: 3 });
  });
  it("a ship out of supply does not rearm", () => {
    const s = spentFleet();
    destroy(s, FORTRESSES);
    expect(rearm(s).state.ships["TFP-BB1"]!.spent).toEqual({ T: 2, ICM: 3 });
  });
  it("fighters rearm from their carrier twice out of supply, the third time only after it is resupplied (C.2 #21)", () => {
    let s = emptyCampaign();
    at(s, "S-AC1", "laco");
    s.ships["S-FT01"]!.location = { kind: "aboard", carrier: "S-AC1" };
    const spend = () => {
      s.ships["S-FT01"]!.spent = { AR: 3 };
    };
    for (let day = 1; day <= 2; day++) {
      spend();
      s = rearm(s).state;
      expect(s.ships["S-FT01"]!.spent).toEqual({});
      expect(s.fighterRearms["S-AC1"]).toBe(day);
    }
    spend();
    s = rearm(s).state;
    expect(s.ships["S-FT01"]!.spent).toEqual({ AR: 3 });
    at(s, "S-AC1", "volturnus");
    s = rearm(s).state;
    expect(s.fighterRearms["S-AC1"]).toBe(0);
    expect(s.ships["S-FT01"]!.spent).toEqual({});
  });
});

describe("Rearming at stations", () => {
  it("a station in supply rearms; fighters based at a station cut off rearm twice, then wait for it to be resupplied", () => {
    let s = emptyCampaign();
    s.stations["st-triad"]!.spent = { ICM: 4 };
    s.ships["TFC-FT1"]!.location = { kind: "aboard", station: "st-hentz" };
    at(s, "S-DD01", "yast");
    at(s, "S-DD02", "hargut");
    const first = rearm(s);
    expect(first.state.stations["st-triad"]!.spent).toEqual({});
    s = first.state;
    for (let day = 1; day <= 3; day++) {
      s.ships["TFC-FT1"] = { ...s.ships["TFC-FT1"]!, spent: { AR: 1 } };
      s = rearm(s).state;
      expect(s.ships["TFC-FT1"]!.spent).toEqual(day <= 2 ? {} : { AR: 1 });
    }
    s.ships["S-DD02"] = { ...s.ships["S-DD02"]!, location: { kind: "reserve" } };
    s = rearm(s).state;
    expect(s.ships["TFC-FT1"]!.spent).toEqual({});
    expect(s.fighterRearms["st-hentz"]).toBe(0);
  });
});

describe("REPAIR at the construction centres", () => {
  function docked(ids: string[], planet: string, day = 1): SatharWarState {
    const s = emptyCampaign({}, day);
    for (const id of ids) at(s, id, planet, true);
    return s;
  }
  it('"3 ADF points and 8 hull points ... two days in the shop": one day the hull, one day the drives', () => {
    let s = docked(["TFC-LC1"], "triad");
    s.ships["TFC-LC1"]!.damage = { hull: 8, ADF: 3 };
    s = repairDay(s, {}).state;
    expect(s.ships["TFC-LC1"]!.damage).toEqual({ ADF: 3 });
    s = repairDay(s, {}).state;
    expect(s.ships["TFC-LC1"]!.damage).toEqual({});
  });
  it("a repair order chooses the drives first; hull or one system a day, never both", () => {
    let s = docked(["TFC-LC1"], "triad");
    s.ships["TFC-LC1"]!.damage = { hull: 8, ADF: 3 };
    const day1 = repairDay(s, { upf: [{ type: "repair", ship: "TFC-LC1", what: "ADF" }] });
    expect(day1.problems).toEqual([]);
    s = day1.state;
    expect(s.ships["TFC-LC1"]!.damage).toEqual({ hull: 8 });
    const twice = repairDay(s, {
      upf: [
        { type: "repair", ship: "TFC-LC1", what: "hull" },
        { type: "repair", ship: "TFC-LC1", what: "hull" },
      ],
    });
    expect(twice.problems.map((p) => p.problem.code)).toEqual(["one-repair-a-day"]);
    expect(twice.state.ships["TFC-LC1"]!.damage).toEqual({});
  });
  it("each SCC's daily hull capacity is shared among the ships docked there (Rupert's Hole: 10)", () => {
    const s = docked(["NA-DD1", "TFC-LC1"], "ruperts-hole");
    s.ships["NA-DD1"]!.damage = { hull: 8 };
    s.ships["TFC-LC1"]!.damage = { hull: 8 };
    const inOrder = repairDay(s, {}).state;
    expect(inOrder.ships["NA-DD1"]!.damage).toEqual({});
    expect(inOrder.ships["TFC-LC1"]!.damage).toEqual({ hull: 6 });
    const split = repairDay(s, {
      upf: [
        { type: "repair", ship: "TFC-LC1", what: "hull", points: 5 },
        { type: "repair", ship: "NA-DD1", what: "hull", points: 5 },
      ],
    }).state;
    expect(split.ships["TFC-LC1"]!.damage).toEqual({ hull: 3 });
    expect(split.ships["NA-DD1"]!.damage).toEqual({ hull: 3 });
  });
  it("no repair in a system that contains Sathar ships, nor without an SCC, nor for a ship that moved", () => {
    const s = docked(["TFC-LC1"], "triad");
    s.ships["TFC-LC1"]!.damage = { hull: 8 };
    at(s, "S-FF1", "ruperts-hole");
    expect(repairDay(s, {}).state.ships["TFC-LC1"]!.damage).toEqual({ hull: 8 });
    const noScc = docked(["TFC-LC1"], "kdikit");
    noScc.ships["TFC-LC1"]!.damage = { hull: 8 };
    expect(repairDay(noScc, {}).state.ships["TFC-LC1"]!.damage).toEqual({ hull: 8 });
    const moved = docked(["TFC-LC1"], "triad");
    moved.ships["TFC-LC1"]!.damage = { hull: 8 };
    moved.today.moved.push("TFC-LC1");
    const r = repairDay(moved, { upf: [{ type: "repair", ship: "TFC-LC1", what: "hull" }] });
    expect(r.state.ships["TFC-LC1"]!.damage).toEqual({ hull: 8 });
    expect(r.problems.map((p) => p.problem.code)).toEqual(["not-in-the-shop"]);
  });
  it("what only a station can mend (a failed hull repair, a 99/00 system) is mended here", () => {
    const s = docked(["TFC-LC1"], "triad");
    s.ships["TFC-LC1"]!.damage = { hull: 12 };
    s.ships["TFC-LC1"]!.stationOnly = ["hull"];
    expect(repairDay(s, {}).state.ships["TFC-LC1"]!.stationOnly).toBeUndefined();
  });
  it("the Sathar repair at a captured SCC at half its capacity (Gran Quivera: 40, so 20)", () => {
    const s = docked(["S-HC1"], "gran-quivera");
    s.ships["S-HC1"]!.damage = { hull: 30 };
    expect(repairDay(s, {}).state.ships["S-HC1"]!.damage).toEqual({ hull: 30 });
    destroy(s, ["st-gran-quivera", "st-morgaines-world"]);
    expect(repairDay(s, {}).state.ships["S-HC1"]!.damage).toEqual({ hull: 10 });
    at(s, "TFP-AS1", "morgaines-world");
    expect(repairDay(s, {}).state.ships["S-HC1"]!.damage).toEqual({ hull: 30 });
  });
});

describe("Docking", () => {
  it("UPF ships dock at their planet's station; bad orders are problems that change nothing else", () => {
    const s = emptyCampaign();
    at(s, "TFC-LC1", "triad");
    at(s, "NA-DD1", "laco");
    const r = dock(s, "upf", [{ type: "dock", ships: ["TFC-LC1", "NA-DD1", "S-FF1", "NOPE"] }]);
    expect(r.state.ships["TFC-LC1"]!.location).toMatchObject({ kind: "system", planet: "triad", docked: true });
    expect(r.problems.map((p) => p.code)).toEqual(["no-station", "not-your-ship", "unknown-ship"]);
    expect(s.ships["TFC-LC1"]!.location).not.toHaveProperty("docked");
  });
  it("the Sathar dock only at a captured SCC", () => {
    const s = emptyCampaign();
    at(s, "S-HC1", "triad");
    expect(dock(s, "sathar", [{ type: "dock", ships: ["S-HC1"] }]).problems[0]?.code).toBe("scc-not-captured");
    destroy(s, ["st-triad"]);
    expect(dock(s, "sathar", [{ type: "dock", ships: ["S-HC1"] }]).problems[0]?.code).toBe("scc-not-captured");
    destroy(s, ["st-ruperts-hole"]);
    const ok = dock(s, "sathar", [{ type: "dock", ships: ["S-HC1"] }]);
    expect(ok.problems).toEqual([]);
    expect(ok.state.ships["S-HC1"]!.location).toMatchObject({ docked: true });
  });
});

describe("Sathar Repair: six days in the Void", () => {
  it("a damaged ship in a start circle enters the Void and returns to the reserve wholly repaired when the Day marker reaches it", () => {
    const s = emptyCampaign({}, 3);
    s.ships["S-HC1"]!.location = { kind: "circle", circle: "ssc-prenglar" };
    s.ships["S-HC1"]!.damage = { hull: 40, LB: 1 };
    s.ships["S-HC1"]!.spent = { T: 2 };
    s.ships["S-HC2"]!.location = { kind: "circle", circle: "ssc-prenglar" };
    at(s, "S-HC3", "laco").damage = { hull: 5 };
    const r = enterVoid(s, "sathar", [{ type: "void", ships: ["S-HC1", "S-HC2", "S-HC3"] }]);
    expect(r.problems.map((p) => p.code)).toEqual(["nothing-to-repair", "not-in-a-start-circle"]);
    expect(r.state.ships["S-HC1"]!.location).toEqual({ kind: "void", returnDay: 9 });
    expect(returnFromVoid(r.state, 8).state.ships["S-HC1"]!.location.kind).toBe("void");
    const back = returnFromVoid(r.state, 9).state.ships["S-HC1"]!;
    expect(back).toMatchObject({ location: { kind: "reserve" }, damage: {}, spent: {} });
  });
});

describe("SHATTER DRONES (Optional)", () => {
  it("before the first turn each side chooses two frigates; the UPF may use militia frigates", () => {
    const s = createSetup();
    const r = chooseDrones(s, "upf", { type: "drones", ships: ["M-PAL-FF1", "TFC-FF1"] });
    expect(r.problems).toEqual([]);
    expect(r.state.ships["M-PAL-FF1"]!.drone).toBe(true);
    expect(chooseDrones(s, "upf", { type: "drones", ships: ["TFC-LC1", "TFC-FF1"] }).problems[0]?.code).toBe("not-a-frigate");
    expect(chooseDrones(s, "upf", { type: "drones", ships: ["S-FF1", "TFC-FF1"] }).problems[0]?.code).toBe("not-your-side");
    expect(chooseDrones({ ...s, phase: "sathar-move" }, "upf", { type: "drones", ships: ["TFC-FF2", "TFC-FF1"] }).problems[0]?.code).toBe(
      "too-late",
    );
    expect(
      chooseDrones({ ...s, settings: { ...s.settings, shatterDrones: false } }, "upf", { type: "drones", ships: ["TFC-FF2", "TFC-FF1"] })
        .problems[0]?.code,
    ).toBe("option-off");
  });
  it("with no choice given, each side's first two frigates (UPF: Spacefleet before militia)", () => {
    const { state } = applyDefaultDrones(createSetup());
    const drones = Object.values(state.ships)
      .filter((x) => x.drone)
      .map((x) => x.id)
      .sort();
    expect(drones).toEqual(["S-FF1", "S-FF2", "SFN-FF1", "SFN-FF2"]);
  });
  function createSetup(): SatharWarState {
    const s = emptyCampaign({ shatterDrones: true });
    s.phase = "upf-setup";
    return s;
  }
});

describe("REPLACEMENTS (Optional)", () => {
  it("Sathar: d100 ≤ 35 back in the reserve as a new ship; 36 or more lost for good (fixed dice)", () => {
    const s = emptyCampaign({ replacements: true }, 20);
    lose(s, "S-DD01", "destroyed", 5);
    lose(s, "S-DD02", "destroyed", 19);
    lose(s, "S-DD03", "misjumped", 19);
    const { state, events } = replacementPhase(s, new DiceRng([35, 36]));
    expect(state.ships["S-DD01-R1"]).toMatchObject({ location: { kind: "reserve" }, replaces: "S-DD01", cls: "DD" });
    expect(state.ships["S-DD02-R1"]).toBeUndefined();
    expect(state.losses.map((l) => l.replacement)).toEqual(["replaced", "never", undefined]);
    expect(events.flatMap((e) => e.rolls ?? []).map((r) => r.value)).toEqual([35, 36]);
  });
  it("Sathar: a fixed seed gives the same rolls", () => {
    const run = () => {
      const s = emptyCampaign({ replacements: true }, 20);
      for (const id of idsOf(s, "sathar", "DD")) lose(s, id, "destroyed", 10);
      return replacementPhase(s, Rng.fromSeed(42)).events.map((e) => e.text);
    };
    expect(run()).toEqual(run());
  });
  it("Sathar: 35% of 20,000 destroyed ships are replaced (± 1.5%)", () => {
    const s = emptyCampaign({ replacements: true }, 20);
    const template = s.ships["S-DD01"]!;
    s.ships = {};
    for (let i = 0; i < 20_000; i++) {
      const id = `X-${i}`;
      s.ships[id] = { ...template, id, location: { kind: "gone", how: "destroyed", day: 10 } };
      s.losses.push({ ship: id, side: "sathar", cls: "DD", militia: false, day: 10, how: "destroyed" });
    }
    const { state } = replacementPhase(s, Rng.fromSeed(7));
    const share = state.losses.filter((l) => l.replacement === "replaced").length / 20_000;
    expect(share).toBeGreaterThan(0.335);
    expect(share).toBeLessThan(0.365);
  });
  it("UPF: one frigate-or-larger per fortress left, two scouts or fighters per fortified station left, at the station that earned them; militia never", () => {
    const s = emptyCampaign({ replacements: true }, 20);
    destroy(s, ["st-kdikit", "st-gollywog", "st-morgaines-world", "st-hentz", "st-minotaur", "st-kenzah-kit"]);
    lose(s, "TFC-BB1");
    lose(s, "TFC-LC1");
    lose(s, "TFC-AS1");
    lose(s, "TFC-FT1");
    lose(s, "TFC-AS2");
    lose(s, "M-PAL-FF1");
    const { state } = replacementPhase(s, new DiceRng([]));
    expect(state.ships["TFC-BB1-R1"]?.location).toEqual({ kind: "system", system: "truanes-star", planet: "pale" });
    expect(state.ships["TFC-LC1-R1"]).toBeUndefined();
    expect(state.ships["TFC-AS1-R1"]?.location).toMatchObject({ planet: "gran-quivera" });
    expect(state.ships["TFC-FT1-R1"]?.location).toEqual({ kind: "aboard", station: "st-gran-quivera" });
    expect(state.ships["TFC-AS2-R1"]).toBeUndefined();
    expect(state.ships["M-PAL-FF1-R1"]).toBeUndefined();
    const again = replacementPhase({ ...state, day: 40 }, new DiceRng([]));
    expect(again.state.ships["TFC-LC1-R1"]).toBeDefined();
    expect(again.state.ships["TFC-BB1-R2"]).toBeUndefined();
  });
  it("a detonated drone is never replaced", () => {
    const s = emptyCampaign({ replacements: true, shatterDrones: true }, 20);
    s.ships["TFC-FF1"]!.drone = true;
    lose(s, "TFC-FF1", "destroyed");
    expect(replacementPhase(s, new DiceRng([])).state.ships["TFC-FF1-R1"]).toBeUndefined();
  });
});

describe("CONDITIONS FOR VICTORY", () => {
  const eleven = ["st-minotaur", "st-kenzah-kit", "st-hentz", "st-gran-quivera", "st-kawdl-kit", "st-zik-kit", "st-groth", "st-terledrom"];
  it("Sathar Victory: 12 stations destroyed including all four fortresses", () => {
    const s = emptyCampaign();
    destroy(s, [...FORTRESSES, ...eleven]);
    expect(warOutcome(s)).toMatchObject({ winner: "sathar" });
  });
  it("12 stations without all four fortresses is not a victory; nor all four fortresses among 11", () => {
    const s = emptyCampaign();
    destroy(s, [...FORTRESSES.slice(0, 3), ...eleven, "st-new-pale"]);
    expect(warOutcome(s)).toBeUndefined();
    const t = emptyCampaign();
    destroy(t, [...FORTRESSES, ...eleven.slice(0, 7)]);
    expect(warOutcome(t)).toBeUndefined();
  });

  function retreat(condition: number, day = 5): SatharWarState {
    const s = emptyCampaign({}, day);
    s.retreatCondition = condition;
    return s;
  }
  it("condition 1: two assault carriers lost (a misjump counts, C.2 #24)", () => {
    const s = retreat(1);
    lose(s, "S-AC1");
    expect(warOutcome(s)).toBeUndefined();
    lose(s, "S-AC2", "misjumped");
    expect(warOutcome(s)).toMatchObject({ winner: "upf", day: 5 });
  });
  it("condition 2: five heavy cruisers lost", () => {
    const s = retreat(2);
    for (const id of idsOf(s, "sathar", "HC").slice(0, 4)) lose(s, id);
    expect(warOutcome(s)).toBeUndefined();
    lose(s, "S-HC5");
    expect(warOutcome(s)).toMatchObject({ winner: "upf" });
  });
  it("condition 3: 40 ships lost including fighters; a detonated drone is not counted (C.2 #20)", () => {
    const s = retreat(3);
    const pool = [...idsOf(s, "sathar", "FT"), ...idsOf(s, "sathar", "DD")];
    for (const id of pool.slice(0, 39)) lose(s, id);
    lose(s, "S-FF1", "detonated");
    expect(warOutcome(s)).toBeUndefined();
    lose(s, pool[39]!);
    expect(warOutcome(s)).toMatchObject({ winner: "upf" });
  });
  it("condition 4: a tenday without two stations destroyed, checked only as the tenday ends", () => {
    const s = retreat(4, 10);
    destroy(s, ["st-groth"], 3);
    expect(warOutcome(s)).toBeUndefined();
    expect(warOutcome(s, true)).toMatchObject({ winner: "upf" });
    expect(warOutcome({ ...s, settings: { ...s.settings, firstTendayExempt: true } }, true)).toBeUndefined();
    destroy(s, ["st-triad"], 9);
    expect(warOutcome(s, true)).toBeUndefined();
    const mid = retreat(4, 9);
    expect(warOutcome(mid, true)).toBeUndefined();
    const next = retreat(4, 20);
    destroy(next, ["st-groth", "st-triad"], 9);
    expect(warOutcome(next, true)).toMatchObject({ winner: "upf" });
  });
  it("condition 5: more Sathar ships than UPF lost in combat at a tenday's end, fighters and militia not counted", () => {
    const s = retreat(5, 10);
    lose(s, "S-DD01");
    lose(s, "S-DD02");
    lose(s, "TFC-LC1");
    lose(s, "M-PAL-FF1");
    lose(s, "TFC-FT1");
    expect(warOutcome(s)).toBeUndefined();
    expect(warOutcome(s, true)).toMatchObject({ winner: "upf" });
    lose(s, "TFP-DD1");
    expect(warOutcome(s, true)).toBeUndefined();
    lose(s, "S-FT01");
    lose(s, "S-DD03", "misjumped");
    expect(warOutcome(s, true)).toBeUndefined();
  });
  it("retreat with two fortresses left: the UPF win; one: a draw; none: the setting (C.2 #25)", () => {
    const s = retreat(1);
    lose(s, "S-AC1");
    lose(s, "S-AC2");
    destroy(s, ["st-kdikit", "st-gollywog"]);
    expect(warOutcome(s)?.winner).toBe("upf");
    destroy(s, ["st-pale"]);
    expect(warOutcome(s)?.winner).toBe("draw");
    destroy(s, ["st-morgaines-world"]);
    expect(warOutcome(s)?.winner).toBe("sathar");
    expect(warOutcome({ ...s, settings: { ...s.settings, retreatWithNoFortress: "draw" } })?.winner).toBe("draw");
  });
  it("the condition stays secret until met, then the event telling everyone reveals it", () => {
    const s = retreat(2);
    expect(checkVictory(s).events).toEqual([]);
    for (const id of idsOf(s, "sathar", "HC").slice(0, 5)) lose(s, id);
    const { state, events } = checkVictory(s);
    expect(state.outcome?.winner).toBe("upf");
    expect(events.map((e) => e.kind)).toEqual(["retreat", "victory"]);
    expect(events.every((e) => e.to === undefined)).toBe(true);
  });
  it("the day limit ends the war as a draw", () => {
    const s = emptyCampaign({ dayLimit: 30 }, 30);
    expect(warOutcome(s)).toBeUndefined();
    expect(warOutcome(s, true)).toMatchObject({ winner: "draw" });
  });
});

describe("End of the day", () => {
  it("rearms, repairs, returns ships from the Void, then advances the Time Record and clears today", () => {
    const s = emptyCampaign({}, 8);
    at(s, "TFC-LC1", "triad", true).damage = { hull: 8 };
    s.ships["TFC-LC1"]!.spent = { T: 1 };
    s.ships["S-HC1"]!.location = { kind: "void", returnDay: 9 };
    s.ships["S-HC1"]!.damage = { hull: 10 };
    s.today.moved.push("S-DD01");
    const { state, events } = endOfDay(s, Rng.fromSeed(1));
    expect(state.day).toBe(9);
    expect(state.today).toEqual({ moved: [], fought: [], attacked: [] });
    expect(state.ships["TFC-LC1"]).toMatchObject({ damage: {}, spent: {} });
    expect(state.ships["S-HC1"]).toMatchObject({ location: { kind: "reserve" }, damage: {} });
    expect(events.map((e) => e.kind)).toEqual(["rearmed", "repaired", "void-return", "day"]);
  });
  it("rolls replacements on day 20 and stops when the war is over", () => {
    const s = emptyCampaign({ replacements: true }, 20);
    s.retreatCondition = 4;
    lose(s, "S-DD01", "destroyed", 12);
    const { state, events } = endOfDay(s, new DiceRng([10]));
    expect(state.ships["S-DD01-R1"]).toBeDefined();
    expect(state.outcome).toMatchObject({ winner: "upf", day: 20 });
    expect(state.day).toBe(20);
    expect(events.map((e) => e.kind)).toEqual(["replaced", "retreat", "victory"]);
    expect(endOfDay(state, Rng.fromSeed(1)).events).toEqual([]);
  });
});

describe("Sathar Retreat: the secret choice", () => {
  it("none chosen: a d10 picks one (7 gives condition 4), for the Sathar's eyes only", () => {
    const r = ensureRetreatCondition(emptyCampaign(), new DiceRng([7]));
    expect(r.state.retreatCondition).toBe(4);
    expect(r.events[0]).toMatchObject({ to: ["sathar"], rolls: [{ die: "d10", value: 7 }] });
  });
});

describe("Pure and deterministic", () => {
  it("endOfDay leaves its input alone and gives byte-identical results for the same state and seed", () => {
    const s = emptyCampaign({ replacements: true }, 20);
    s.retreatCondition = 1;
    for (const id of idsOf(s, "sathar", "DD").slice(0, 6)) lose(s, id, "destroyed", 15);
    at(s, "TFC-LC1", "triad", true).damage = { hull: 30, LB: 1 };
    const before = JSON.stringify(s);
    const a = endOfDay(s, Rng.fromSeed(9));
    const b = endOfDay(s, Rng.fromSeed(9));
    expect(JSON.stringify(s)).toBe(before);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
