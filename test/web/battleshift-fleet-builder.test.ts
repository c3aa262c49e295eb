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
  draftOfFile,
  type FleetDraft,
  fleetFile,
  fleetYaml,
  newFleet,
  priceDesign,
  renameDesign,
  setSystem,
  squadronPoints,
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
    // Its flagship is named in the file; the builder leaves the default (the first squadron of the largest ships).
    expect(dropped).toEqual(["flagship of Shield Wall"]);
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
