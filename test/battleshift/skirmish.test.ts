/**
 * The `skirmish` scenario (what the lobby makes for a short battle): the two example fleets of
 * examples/battleshift/fleets, the ones `npm start`'s skirmish reads from those files, so the scenario's copy
 * may never drift from them; both fleets are legal at 200 points, and bots play it to an end.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { newGame } from "../../src/host/lifecycle.js";
import { playInMemory } from "../../src/host/play.js";
import { rulesetById } from "../../src/host/registry.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { SKIRMISH_FLEETS } from "../../src/rules/battleshift/fleet/setup.js";

const example = (f: string) => parse(readFileSync(join(import.meta.dirname, "../../examples/battleshift/fleets", f), "utf8"));

describe("Battleshift's skirmish scenario", () => {
  it("holds exactly the example fleets: the Terran Home Fleet (blue) and the Raishek Raiders (red), 200 points each", () => {
    expect(SKIRMISH_FLEETS).toEqual([example("terran-home-fleet.yaml"), example("raishek-raiders.yaml")]);
    for (const f of SKIRMISH_FLEETS) {
      const p = parseFleet(f);
      expect(p.ok).toBe(true);
      if (p.ok) expect(p.value.points).toBe(200);
    }
  });

  it("bots play it to an end well within the default 10 turns", () => {
    const made = newGame({ id: "s", ruleset: rulesetById("battleshift"), scenario: "skirmish", inputs: {}, seed: 3 });
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    const { record, steps } = playInMemory(rulesetById("battleshift"), made.value, { blue: "normal", red: "normal" }, 200);
    expect(record.outcome).not.toBeNull();
    expect(steps).toBeLessThan(60);
  });
});
