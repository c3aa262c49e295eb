/** The shared ruleset harness on the 160-ship playtest: random orders, determinism, JSON round trips, secrets; plus invariants over longer games. */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders, randomLegalOrders } from "../../src/rules/battleshift/bot/bot.js";
import type { NoteEvent } from "../../src/rules/battleshift/events.js";
import { fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import { type BsGameEvent, battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";

rulesetHarness(battleshift, { scenario: "playtest", seeds: [1, 2, 3], turns: 30 });

/** What no step may break, whatever the orders. */
function invariant(beforeRaw: unknown, afterRaw: unknown): void {
  const before = beforeRaw as BattleState;
  const after = afterRaw as BattleState;
  expect(battleshift.step(after)).toBe(battleshift.step(before) + 1);
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
        create: (seed: number) => defaultScenario.create(seed, { fleets: fleetsFrom([mixedFleet("Blue"), mixedFleet("Red")]) }),
      },
    },
  },
  { scenario: "mixed", seeds: [13, 14], turns: 120, invariant },
);

// Engulfing, prizes and releases ("Engulfing (Highly experimental)"; RULINGS "Boarding, assault units, engulfing, prizes",
// "Friendly engulfing", "Releasing a friendly engulfed ship"): a Bionid hive (Ankax Feedships, whose ion beams disable ships,
// Korzine Carriers, Attack Drones small enough for a Korzine to take aboard) beside a line of destroyers and cruisers, each side,
// over 20 turns.
const hiveFleet = (name: string) => ({
  name,
  taskforces: [
    {
      name: `${name} Hive`,
      squadrons: [
        { name: `${name} Feeders`, design: "bionid/ankax-feedship", ships: 2 },
        { name: `${name} Korzines`, design: "bionid/korzine-carrier", ships: 3 },
        { name: `${name} Drones`, design: "bionid/attack-drone", ships: 4 },
      ],
    },
    {
      name: `${name} Line`,
      squadrons: [
        { name: `${name} Destroyers`, design: "generic/fleet-destroyer", ships: 5 },
        { name: `${name} Cruisers`, design: "generic/fleet-cruiser", ships: 3 },
      ],
    },
  ],
});
const hive = (seed: number): BattleState => {
  const state = defaultScenario.create(seed, { fleets: fleetsFrom([hiveFleet("Blue"), hiveFleet("Red")]) }) as BattleState;
  state.settings.turnLimit = 20;
  return state;
};
/** Engulf and release notes seen by the hive harness runs (checked below, so the harness really covers them). */
const harnessSeen: Record<string, number> = {};
const engulfKind = (e: NoteEvent): string | null =>
  e.what === "release"
    ? "release"
    : e.what !== "board"
      ? null
      : / engulfs the disabled /.test(e.text)
        ? "enemy"
        : / takes the friendly .* aboard /.test(e.text)
          ? "friend"
          : null;
function countingEngulfs(before: unknown, after: unknown, events: readonly unknown[]): void {
  invariant(before, after);
  for (const e of events as NoteEvent[]) {
    const k = e.kind === "note" ? engulfKind(e) : null;
    if (k) harnessSeen[k] = (harnessSeen[k] ?? 0) + 1;
  }
}
rulesetHarness(
  { ...battleshift, scenarios: { hive: { ...defaultScenario, id: "hive", create: (seed: number) => hive(seed) } } },
  { scenario: "hive", seeds: [7, 15], turns: 150, invariant: countingEngulfs },
);

describe('the harness covers "Engulfing (Highly experimental)": engulfing, prizes and releases happen in bot games', () => {
  type Player = "smart" | "random";
  /** A seeded game on the hive fleets; the engulf and release notes counted. */
  function play(seed: number, players: Record<string, Player>): Record<string, number> {
    let state = hive(seed);
    const rng = Rng.forTurn(seed, 0, "x");
    const count: Record<string, number> = { enemy: 0, friend: 0, release: 0 };
    for (let i = 0; i < 1500 && !state.outcome; i++) {
      const orders: Record<string, Orders> = {};
      for (const seat of battleshift.awaiting(state))
        orders[seat] = players[seat] === "smart" ? botOrders(state, seat) : randomLegalOrders(state, seat, rng);
      const r = battleshift.resolve(state, orders, Rng.forTurn(seed, state.step));
      for (const e of r.events.filter((x): x is NoteEvent & BsGameEvent => x.kind === "note")) {
        const k = engulfKind(e);
        if (k) count[k] = (count[k] ?? 0) + 1;
      }
      state = r.state;
    }
    return count;
  }
  it("random-legal bots engulf disabled enemies and smaller friends and release them; the sensible bot engulfs disabled enemies", () => {
    const random = [3, 4, 7].map((seed) => play(seed, { blue: "random", red: "random" }));
    const smart = [1, 2].map((seed) => play(seed, { blue: "smart", red: "random" }));
    const total = (rows: Record<string, number>[], k: string) => rows.reduce((t, r) => t + (r[k] ?? 0), 0);
    expect(total(random, "enemy")).toBeGreaterThan(0);
    expect(total(random, "friend")).toBeGreaterThan(0);
    expect(total(random, "release")).toBeGreaterThan(0);
    expect(total(smart, "enemy")).toBeGreaterThan(0);
  });
  it("the hive harness runs above (random orders, legal or not) engulf too", () => {
    console.log(`hive harness runs: ${JSON.stringify(harnessSeen)}`);
    expect((harnessSeen.enemy ?? 0) + (harnessSeen.friend ?? 0)).toBeGreaterThan(0);
  });
});

// Combat tractor beams and fighters shooting down missiles on 4 (fleet options tractorBeams, fighterMissileTargeting; RULINGS
// "Combat tractor beams (option `tractorBeams`)", "Fighters shooting down missiles"): the hive fleets, whose ion beams disable ships.
const towFleet = (name: string) => ({ ...hiveFleet(name), options: { tractorBeams: true, fighterMissileTargeting: 4 } });
const tow = (seed: number): BattleState => {
  const state = defaultScenario.create(seed, { fleets: fleetsFrom([towFleet("Blue"), towFleet("Red")]) }) as BattleState;
  state.settings.turnLimit = 20;
  return state;
};
rulesetHarness(
  { ...battleshift, scenarios: { tow: { ...defaultScenario, id: "tow", create: (seed: number) => tow(seed) } } },
  { scenario: "tow", seeds: [15, 16], turns: 60, invariant },
);
