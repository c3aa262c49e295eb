/**
 * The fleet builder's model (src/web/rulesets/battleshift/fleet-builder.ts) against the seed's own worked examples:
 * "Ship Building" and "Sample Generic Ships" (seed 004) price a design as the rules do, show each fault a design or a
 * fleet has, and export the ruleset's fleet file, which the fleet check takes back unchanged.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import {
  checkFleet,
  defensePoints,
  draftOfFile,
  type FleetDraft,
  faultsAt,
  fleetFile,
  fleetYaml,
  newDefense,
  newFleet,
  newStation,
  OPTION_CONTROLS,
  optionValue,
  priceDesign,
  renameDesign,
  setOption,
  setSystem,
  squadronPoints,
  stationPoints,
} from "../../src/web/rulesets/battleshift/fleet-builder.js";

describe("a design priced as Ship Building prices it", () => {
  it("the Fleet Cruiser of Sample Generic Ships: size 3, 2 heavy and 1 light battery, 1 interceptor: 30 points, hull 4, shields 2", () => {
    const p = priceDesign({ name: "Fleet Cruiser", size: 3, systems: { heavy: 2, light: 1, interceptor: 1 }, byCost: {} });
    expect(p.faults).toEqual([]);
    expect(p.design).toMatchObject({ cost: 30, hull: 4, shields: 2, hardness: 4, move: 12, space: { total: 6, used: 6 } });
    expect(p.costLine).toMatch(/^cost 30: base 3 x 10 = 30\. Space 6 of 6/);
  });

  it("the Shield Frigate: two extra shields paid with points (+5 each) make a size 2 ship cost 30", () => {
    const d = setSystem(
      { name: "Shield Frigate", size: 2, systems: { light: 1, interceptor: 1, extraShield: 2 }, byCost: {} },
      "extraShield",
      2,
      true,
    );
    const p = priceDesign(d);
    expect(p.design).toMatchObject({ cost: 30, shields: 3 });
    expect(p.faults).toEqual([]);
  });

  it("shows a fault for each rule broken: a size 1 ship armed with a missile, four heavies in a cruiser", () => {
    expect(
      priceDesign({ name: "Gun Destroyer", size: 1, systems: { light: 1, missile: 1 }, byCost: {} }).faults.map((f) => f.code),
    ).toEqual(["size-1-weapon"]);
    const over = priceDesign({ name: "Overloaded Cruiser", size: 3, systems: { heavy: 4 }, byCost: {} });
    expect(over.faults.map((f) => f.code)).toEqual(["over-space"]);
    // Still priced, so the player sees what the design would cost.
    expect(over.design.cost).toBe(30);
  });
});

describe("a fleet checked as the fleet check does it", () => {
  it("prices the starting fleet and exports a fleet file the fleet check takes back", () => {
    const f = newFleet();
    const c = checkFleet(f);
    expect(c.faults).toEqual([]);
    // 3 Line Cruisers (30 each) and 3 Fleet Destroyers (10 each).
    expect(c.points).toBe(120);
    expect(c.lines[0]).toBe('Fleet "My Fleet": 120 points (limit 200), 1 taskforce(s)');
    const again = parseFleet(parse(fleetYaml(f)));
    expect(again.ok).toBe(true);
    expect(fleetFile(f)).toEqual(parse(fleetYaml(f)));
  });

  it("shows the faults of a bad fleet: too many ships in a squadron, a misspelt ship, over the points", () => {
    const f: FleetDraft = {
      ...newFleet(),
      points: 100,
      taskforces: [
        {
          name: "Anvil",
          squadrons: [
            { name: "Pickets", design: "generic/fleet-destroyer", ships: 8 },
            { name: "Cruisers", design: "generic/fleet-crusier", ships: 2 },
            { name: "Line", design: "Line Cruiser", ships: 4 },
          ],
        },
      ],
    };
    const c = checkFleet(f);
    expect(c.ok).toBe(false);
    const text = c.faults.map((p) => p.message).join("\n");
    expect(text).toMatch(/7/);
    expect(text).toMatch(/fleet-crusier/);
    expect(c.faults.length).toBeGreaterThanOrEqual(3);
  });

  it("renaming a design renames it in the squadrons that fly it", () => {
    const f = renameDesign(newFleet(), 0, "Wall Cruiser");
    expect(f.taskforces[0]!.squadrons[0]!.design).toBe("Wall Cruiser");
    expect(checkFleet(f).ok).toBe(true);
  });
});

describe("a fleet file loaded to edit", () => {
  it("reads back what the builder writes", () => {
    const f = newFleet();
    expect(draftOfFile(parse(fleetYaml(f)))).toEqual({ draft: f, dropped: [] });
  });

  it("loads the Raishek Raiders example at the fleet check's own price, squadron by squadron", () => {
    const raw = parse(readFileSync(join(import.meta.dirname, "../../examples/battleshift/fleets/raishek-raiders.yaml"), "utf8"));
    const { draft, dropped } = draftOfFile(raw)!;
    // Its flagship is named in the file, and kept: the builder edits flagships.
    expect(dropped).toEqual([]);
    expect(draft.taskforces.find((tf) => tf.name === "Shield Wall")?.flagship).toBe(
      (raw.taskforces as { name: string; flagship?: string }[]).find((tf) => tf.name === "Shield Wall")?.flagship,
    );
    const want = parseFleet(raw);
    expect(want.ok).toBe(true);
    expect(checkFleet(draft).points).toBe(want.ok ? want.value.points : -1);
    // "Wall battleship": 1 Raishek battleship at 85 points (the file's own comment).
    expect(squadronPoints(draft, draft.taskforces[0]!.squadrons[0]!)).toBe(85);
    expect(squadronPoints(draft, { name: "x", design: "no/such-ship", ships: 2 })).toBeNull();
  });

  it("is not fooled by a file that is not a fleet", () => {
    expect(draftOfFile("just text")).toBeNull();
    expect(draftOfFile({ name: "No taskforces" })).toBeNull();
  });
});

const example = (file: string) => parse(readFileSync(join(import.meta.dirname, `../../examples/battleshift/fleets/${file}`), "utf8"));

describe("the fleet's options, checked by the fleet check (Building a Fleet; RULINGS names each)", () => {
  it("offers every option of the fleet file, each in the schema's own words, at the rules' default", () => {
    expect(OPTION_CONTROLS.map((c) => c.key).sort()).toEqual(
      [
        "assaultMoves",
        "catalogueValues",
        "experience",
        "fighterMissileTargeting",
        "formations",
        "hardenedHullCost",
        "mixedSquadrons",
        "planetOrders",
        "shipsPerTaskforce",
        "squadronsPerTaskforce",
        "tractorBeams",
      ].sort(),
    );
    expect(OPTION_CONTROLS.find((c) => c.key === "squadronsPerTaskforce")?.help).toBe("squadrons a taskforce may have (default 5)");
    const f = newFleet();
    expect(optionValue(f, "squadronsPerTaskforce")).toBe(5);
    expect(optionValue(f, "formations")).toBe(false);
    expect(optionValue(f, "shipsPerTaskforce")).toBeNull();
  });

  it("writes an option set away from its default, and leaves it out once set back", () => {
    const f = setOption(setOption(newFleet(), "formations", true), "squadronsPerTaskforce", 3);
    expect(fleetFile(f).options).toEqual({ formations: true, squadronsPerTaskforce: 3 });
    expect(fleetFile(setOption(setOption(f, "formations", false), "squadronsPerTaskforce", 5)).options).toBeUndefined();
    const back = parseFleet(fleetFile(f));
    expect(back.ok && back.value.options).toMatchObject({ formations: true, squadronsPerTaskforce: 3 });
  });

  it("checks the fleet under its options: one squadron a taskforce refuses the starting fleet's two", () => {
    const c = checkFleet(setOption(newFleet(), "squadronsPerTaskforce", 1));
    expect(faultsAt(c, "fleet.taskforces[0]").map((p) => p.code)).toEqual(["too-many-squadrons"]);
  });

  it('prices designs under them: a Hardened Hull at 2 a size ("as the table prints it") instead of 3', () => {
    const hard = { name: "Hard", size: 3, systems: { heavy: 1, hardened: 1 }, byCost: {} };
    const f: FleetDraft = {
      ...newFleet(),
      designs: [hard],
      taskforces: [{ name: "A", squadrons: [{ name: "H", design: "Hard", ships: 1 }] }],
    };
    const three = priceDesign(hard, f).design.cost;
    const two = priceDesign(hard, setOption(f, "hardenedHullCost", 2)).design.cost;
    expect(three - two).toBe(3);
    expect(squadronPoints(setOption(f, "hardenedHullCost", 2), f.taskforces[0]!.squadrons[0]!)).toBe(two);
    expect(checkFleet(setOption(f, "hardenedHullCost", 2)).points).toBe(two);
  });
});

describe("a taskforce's flagship (Definitions: the flagship is one of its largest ships)", () => {
  it("writes the chosen squadron, and shows the check's fault when it is not of the largest ships", () => {
    const f = newFleet();
    const tf = f.taskforces[0]!;
    const good = { ...f, taskforces: [{ ...tf, flagship: "Line cruisers" }] };
    expect((fleetFile(good).taskforces as { flagship?: string }[])[0]!.flagship).toBe("Line cruisers");
    expect(checkFleet(good).ok).toBe(true);
    // Destroyers (size 1) beside size 3 cruisers: not one of its largest ships.
    const small = checkFleet({ ...f, taskforces: [{ ...tf, flagship: "Pickets" }] });
    expect(faultsAt(small, "fleet.taskforces[0]", ["unknown-flagship", "small-flagship"]).map((p) => p.code)).toEqual(["small-flagship"]);
    expect(draftOfFile(parse(fleetYaml(good)))!.draft).toEqual(good);
  });
});

describe('a defended planet and moon ("Planets": "like buying a ship")', () => {
  it("prices a planet at 10 a size and 3 a garrison unit, as the fleet check does", () => {
    const planet = newDefense("planet");
    const f = { ...newFleet(), points: null, defenses: [planet] };
    const c = checkFleet(f);
    expect(c.ok).toBe(true);
    const garrison = 4 * (planet.quadrant.assault ?? 0);
    expect(defensePoints(c, planet)).toBe(10 * planet.size + 3 * garrison);
    expect(c.points).toBe(checkFleet(newFleet()).points! + 10 * planet.size + 3 * garrison);
  });

  it("shows the check's faults beside the part: a moon larger than half its planet, a planet's quadrant over its size", () => {
    const planet = { ...newDefense("planet"), quadrant: { heavy: 9 } };
    const moon = { ...newDefense("moon"), size: 3 };
    const c = checkFleet({ ...newFleet(), points: null, defenses: [planet, moon] });
    expect(faultsAt(c, "fleet.defenses[0]").map((p) => p.code)).toEqual(["too-many-installations"]);
    expect(faultsAt(c, "fleet.defenses[1]").map((p) => p.code)).toEqual(["moon-too-large"]);
  });

  it("loads the Kethra Defenders example at the check's own price, its options and the moon's quadrant-by-quadrant layout kept", () => {
    const raw = example("kethra-defenders.yaml");
    const { draft, dropped } = draftOfFile(raw)!;
    expect(dropped).toEqual([]);
    expect(draft.options).toEqual({ planetOrders: true });
    const want = parseFleet(raw);
    expect(want.ok).toBe(true);
    expect(checkFleet(draft).points).toBe(want.ok ? want.value.points : -1);
    expect(parseFleet(fleetFile(draft))).toEqual(want);
  });
});

describe('space stations ("Space Stations", "Sample Space Stations")', () => {
  it("prices a station at its design's cost and finds a sector that is not one", () => {
    const st = newStation();
    const c = checkFleet({ ...newFleet(), points: null, stations: [st] });
    expect(c.ok).toBe(true);
    expect(c.points).toBe(checkFleet(newFleet()).points! + stationPoints(st)!);
    const bad = checkFleet({ ...newFleet(), stations: [{ ...st, sector: "here" }] });
    expect(faultsAt(bad, "fleet.stations[0]").map((p) => p.code)).toEqual(["bad-sector"]);
    expect(stationPoints({ ...st, design: "station/none" })).toBeNull();
  });

  it("loads the Gate Keepers example at the check's own price and writes it back unchanged", () => {
    const raw = example("gate-keepers.yaml");
    const { draft, dropped } = draftOfFile(raw)!;
    expect(dropped).toEqual([]);
    const want = parseFleet(raw);
    expect(checkFleet(draft).points).toBe(want.ok ? want.value.points : -1);
    expect(parseFleet(fleetFile(draft))).toEqual(want);
  });
});
