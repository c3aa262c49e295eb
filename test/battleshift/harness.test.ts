/** The shared ruleset harness on the 160-ship playtest: random orders, determinism, JSON round trips, secrets; plus invariants over longer games. */
import { expect } from "vitest";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";

rulesetHarness(battleshift, { scenario: "playtest", seeds: [1, 2, 3], turns: 30 });

/** What no step may break, whatever the orders. */
function invariant(beforeRaw: unknown, afterRaw: unknown): void {
  const before = beforeRaw as BattleState;
  const after = afterRaw as BattleState;
  expect(battleshift.turn(after)).toBe(battleshift.turn(before) + 1);
  const W = after.battlespace.widthFt * 12;
  const H = after.battlespace.depthFt * 12;
  // Only a friendly ship released from its engulfer joins a squadron (RULINGS "Releasing a friendly engulfed ship").
  const released = Object.values(before.prizes).filter((p) => p.side === p.fromSide && p.engulfed && !after.prizes[p.id]).length;
  for (const [id, sq] of Object.entries(after.squadrons)) {
    const was = before.squadrons[id];
    expect(sq.ships.length, `${id} never gains ships but released friends`).toBeLessThanOrEqual((was?.ships.length ?? 0) + released);
    expect(sq.damage).toBeGreaterThanOrEqual(0);
    expect(sq.suppression).toBeGreaterThanOrEqual(0);
    expect(sq.fighters).toBeLessThanOrEqual(sq.fightersMax);
    if (sq.location === "table")
      for (const s of sq.ships) expect(s.x >= 0 && s.y >= 0 && s.x <= W && s.y <= H, `${s.id} on the table`).toBe(true);
    if (was?.location === "gone") expect(sq.location, `${id} never returns once gone`).toBe("gone");
  }
  for (const side of Object.keys(after.sides)) expect(after.sides[side]?.vp ?? 0).toBeGreaterThanOrEqual(before.sides[side]?.vp ?? 0);
}

rulesetHarness(battleshift, { scenario: "playtest", seeds: [11, 12], turns: 160, invariant });

// Terrain, gravity wells and a station.
rulesetHarness(battleshift, { scenario: "outpost", seeds: [5, 6], turns: 60, invariant });

// The experimental options on: formations, experience, hazardous terrain, a station (RULINGS "Formations", "Experience").
rulesetHarness(battleshift, { scenario: "veterans", seeds: [7, 8], turns: 60, invariant });

// Planets and moons in play: quadrant fire, planet activations, ground assaults (RULINGS "Planets and moons in play").
rulesetHarness(battleshift, { scenario: "planetfall", seeds: [9, 10], turns: 80, invariant });

// Mixed squadrons (fleet option mixedSquadrons; RULINGS "Mixed squadrons in play"): the seed's example squadron (2 destroyers,
// 3 fleet cruisers, 2 missile dreadnoughts), mixed carriers, and ion-armed Bionids whose beams disable ships in mixed lists.
const mixedFleet = (name: string) => ({
  name,
  options: { mixedSquadrons: true },
  taskforces: [
    {
      name: `${name} Line`,
      squadrons: [
        {
          name: `${name} Example`,
          mixed: [
            { design: "generic/fleet-destroyer", ships: 2 },
            { design: "generic/fleet-cruiser", ships: 3 },
            { design: "generic/missile-dreadnought", ships: 2 },
          ],
        },
        {
          name: `${name} Carriers`,
          mixed: [
            { design: "generic/light-carrier", ships: 2 },
            { design: "generic/fleet-carrier", ships: 1 },
            { design: "generic/fleet-cruiser", ships: 1 },
          ],
        },
      ],
    },
    {
      name: `${name} Swarm`,
      squadrons: [
        {
          name: `${name} Feeders`,
          mixed: [
            { design: "bionid/ankax-feedship", ships: 1 },
            { design: "bionid/arbite-cruiser", ships: 2 },
          ],
        },
      ],
    },
  ],
});
const defaultScenario = battleshift.scenarios.default as (typeof battleshift.scenarios)[string];
rulesetHarness(
  {
    ...battleshift,
    scenarios: {
      mixed: {
        ...defaultScenario,
        id: "mixed",
        create: ({ seed }) => defaultScenario.create({ seed, fleets: [mixedFleet("Blue"), mixedFleet("Red")] }),
      },
    },
  },
  { scenario: "mixed", seeds: [13, 14], turns: 120, invariant },
);
