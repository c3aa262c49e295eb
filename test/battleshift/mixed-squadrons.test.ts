/**
 * "New rules for mixed ships in a Squadron" (seed 004, highly experimental) in play: a mixed
 * squadron keeps each ship's design, fires each ship's weapons, moves at its slowest ship's
 * speed, and takes hits and destruction tests through its written list (combat.ts
 * resolveMixedAttack), the ship that fails a test being the one lost.
 */
import { describe, expect, it } from "vitest";
import { runActivation } from "../../src/rules/battleshift/activation.js";
import { mixedOrder } from "../../src/rules/battleshift/combat.js";
import type { FireEvent } from "../../src/rules/battleshift/events.js";
import { parseFleet } from "../../src/rules/battleshift/fleet.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import { createBattle } from "../../src/rules/battleshift/setup.js";
import { ctxFor, DiceRng, design, tinyBattle, unitOf } from "./support.js";

const rep = (n: number, v: number) => Array.from({ length: n }, () => v);

/** Make squadron `id` mixed: ship i gets designs[i]; the roster in "the order of least hull to largest hull". */
function makeMixed(state: BattleState, id: string, designs: string[]): void {
  const sq = state.squadrons[id]!;
  sq.ships.forEach((s, i) => {
    const key = designs[i]!;
    state.designs[key] = design(key);
    s.design = key;
  });
  const rows = sq.ships.map((s) => ({ ship: s.id, design: s.design!, hull: design(s.design!).hull }));
  sq.mixed = { roster: mixedOrder(rows).map((r) => ({ ship: r.ship, design: r.design, tests: 0, destroyed: false })), next: 0 };
}

const EXAMPLE = [
  "generic/missile-dreadnought",
  "generic/fleet-destroyer",
  "generic/fleet-cruiser",
  "generic/fleet-destroyer",
  "generic/fleet-cruiser",
  "generic/fleet-cruiser",
  "generic/missile-dreadnought",
];

function exampleBattle(): BattleState {
  const s = tinyBattle([
    { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 20]], facing: 90 },
    {
      id: "r1",
      side: "red",
      design: "generic/missile-dreadnought",
      at: EXAMPLE.map((_, i) => [30, 17 + i] as [number, number]),
      facing: 270,
    },
  ]);
  makeMixed(s, "r1", EXAMPLE);
  return s;
}

describe("New rules for mixed ships in a Squadron, in play", () => {
  it("a fleet file's mixed squadron enters the battle with each ship's design and the list in test order", () => {
    const mixed = (name: string) => ({
      name: "Mixed",
      options: { mixedSquadrons: true },
      taskforces: [
        {
          name: name,
          squadrons: [
            {
              name: "Pickets",
              mixed: [
                { design: "generic/missile-dreadnought", ships: 2 },
                { design: "generic/fleet-destroyer", ships: 2 },
                { design: "generic/fleet-cruiser", ships: 3 },
              ],
            },
          ],
        },
      ],
    });
    const a = parseFleet(mixed("A"));
    const b = parseFleet(mixed("B"));
    if (!a.ok || !b.ok) throw new Error("fleet");
    const { state } = createBattle({ seed: 1, scenario: "default", fleets: [a.value, b.value] });
    const sq = Object.values(state.squadrons).find((q) => q.side === "blue")!;
    expect(sq.ships.map((s) => s.design)).toEqual([
      "generic/missile-dreadnought",
      "generic/missile-dreadnought",
      "generic/fleet-destroyer",
      "generic/fleet-destroyer",
      "generic/fleet-cruiser",
      "generic/fleet-cruiser",
      "generic/fleet-cruiser",
    ]);
    expect(sq.mixed?.roster.map((r) => r.design.replace("generic/", ""))).toEqual([
      "fleet-destroyer",
      "fleet-destroyer",
      "fleet-cruiser",
      "fleet-cruiser",
      "fleet-cruiser",
      "missile-dreadnought",
      "missile-dreadnought",
    ]);
  });

  it('the example\'s first two attacks: "4 hits ... 6 shields ... 9 hits would have been required to suppress"; "15 hits ... suppression ... All 16 shields ... total damage to 8 ... the first two ships on the list are the destroyers. One passes, one fails"', () => {
    const s = exampleBattle();
    const ctx = ctxFor(s, "blue", new DiceRng([...rep(4, 1), 1, 1, 5, 5, 5, 5]));
    const a1 = ctx.attackSquadron([s.squadrons.b1!], s.squadrons.r1!, { weapon: "light", dice: 4, targeting: 4 }, "light batteries");
    expect([a1.shieldsUsed, a1.suppressAt, a1.suppressed, a1.damage, a1.tests.length]).toEqual([6, 9, false, 2, 0]);
    const ctx2 = ctxFor(s, "blue", new DiceRng([...rep(15, 1), ...rep(9, 1), ...rep(7, 6), 2, 5]));
    const a2 = ctx2.attackSquadron([s.squadrons.b1!], s.squadrons.r1!, { weapon: "light", dice: 15, targeting: 4 }, "light batteries");
    expect([a2.suppressed, a2.shieldsUsed, a2.damage, a2.damageTaken, a2.destroyed]).toEqual([true, 16, 6, 8, 1]);
    const r1 = s.squadrons.r1!;
    // The second destroyer on the list (r1.4) failed its test and is gone; the first (r1.2) took a test and passed.
    expect(r1.ships.map((x) => x.id)).toEqual(["r1.1", "r1.2", "r1.3", "r1.5", "r1.6", "r1.7"]);
    expect(r1.mixed?.roster.map((r) => [r.ship, r.tests, r.destroyed])).toEqual([
      ["r1.2", 1, false],
      ["r1.4", 1, true],
      ["r1.3", 0, false],
      ["r1.5", 0, false],
      ["r1.6", 0, false],
      ["r1.1", 0, false],
      ["r1.7", 0, false],
    ]);
    expect(r1.suppression).toBe(1);
    expect(s.sides.blue?.vp).toBe(design("generic/fleet-destroyer").cost);
    expect((ctx2.events.find((e) => e.kind === "fire") as FireEvent).text).toMatch(
      /mixed squadron r1: 15 dice .* 15 hits \(9 to suppress\), suppressed, 16 shield rolls, 6 damage; destruction tests: r1\.2 2, r1\.4 5 lost \(damage now 8\)/,
    );
    // "The squadron takes 4 more hits. Now, checking for shields, we start at the first ship in line for a
    // destruction test, so the three cruisers and a dreadnought for 10 total saves ... 8 shots were needed to suppress."
    const ctx3 = ctxFor(s, "blue", new DiceRng([...rep(4, 1), ...rep(10, 1)]));
    const a3 = ctx3.attackSquadron([s.squadrons.b1!], r1, { weapon: "light", dice: 4, targeting: 4 }, "light batteries");
    expect([a3.shieldsUsed, a3.suppressAt, a3.damage]).toEqual([10, 8, 0]);
  });

  it('"The Flagship is always the last ship destroyed in its squadron": a failed test of the flagship takes the next ship in line', () => {
    const s = exampleBattle();
    s.taskforces["red-tf1"]!.flagship = { squadron: "r1", ship: "r1.2" };
    const ctx = ctxFor(s, "blue", new DiceRng([...rep(15, 1), ...rep(9, 1), ...rep(7, 6), 5, 2]));
    ctx.attackSquadron([s.squadrons.b1!], s.squadrons.r1!, { weapon: "light", dice: 15, targeting: 4 }, "light batteries");
    expect(s.squadrons.r1?.ships.map((x) => x.id)).not.toContain("r1.4");
    expect(s.squadrons.r1?.ships.map((x) => x.id)).toContain("r1.2");
    expect(s.taskforces["red-tf1"]?.alive).toBe(true);
  });

  it('"The weapons all work the same": a mixed squadron fires each ship\'s own batteries (3 Fleet Cruisers: 6 heavy dice; the dreadnoughts have none)', () => {
    const s = exampleBattle();
    const ctx = ctxFor(s, "red");
    runActivation(ctx, unitOf(s, "red", "red-tf1"), [{ type: "heavy", squadrons: ["r1"], target: "b1" }]);
    expect(ctx.problems).toEqual([]);
    expect((ctx.events.find((e) => e.kind === "fire") as FireEvent).dice).toBe(6);
  });

  it('"the largest ship in the Squadron naturally limits maneuver": a Fast Attack Cruiser with a Fleet Cruiser moves 12", not 18"', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fast-attack-cruiser",
        at: [
          [10, 20],
          [10, 21],
        ],
        facing: 90,
      },
    ]);
    makeMixed(s, "b1", ["generic/fast-attack-cruiser", "generic/fleet-cruiser"]);
    const ctx = ctxFor(s, "blue");
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading: 90, distance: 15 }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["too-far"]);
    expect(ctx.problems[0]?.message).toMatch(/would move 15"; the mixed squadron's slowest ship moves up to 12"/);
  });

  it("focused fire at a mixed squadron is refused: its hits follow its written list", () => {
    const s = exampleBattle();
    s.squadrons.r1!.ships.forEach((x) => {
      x.x = 25;
    });
    const ctx = ctxFor(s, "blue");
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "heavy", squadrons: ["b1"], target: "r1", ship: "r1.3" }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["mixed-focus"]);
  });
});

describe("mixed fleets in whole battles", () => {
  const fleet = (name: string, tf: string) => ({
    name,
    options: { mixedSquadrons: true },
    taskforces: [
      {
        name: tf,
        squadrons: [
          {
            name: `${tf} Line`,
            mixed: [
              { design: "generic/fleet-destroyer", ships: 2 },
              { design: "generic/fleet-cruiser", ships: 3 },
              { design: "generic/missile-dreadnought", ships: 2 },
            ],
          },
          {
            name: `${tf} Carriers`,
            mixed: [
              { design: "generic/light-carrier", ships: 2 },
              { design: "generic/fast-attack-cruiser", ships: 2 },
            ],
          },
        ],
      },
    ],
  });

  it("random orders and the bots play them without exception, deterministically, and the state parses back", async () => {
    const { battleshift } = await import("../../src/rules/battleshift/index.js");
    const { botOrders } = await import("../../src/rules/battleshift/bot.js");
    const { Rng } = await import("../../src/core/rng.js");
    const { canonicalJson } = await import("../../src/core/json.js");
    const scenario = battleshift.scenarios.default!;
    let mixedFire = 0;
    for (const seed of [1, 2]) {
      let state = scenario.create({ seed, fleets: [fleet("Blue", "Alpha"), fleet("Red", "Bravo")] }) as BattleState;
      for (let t = 0; t < 80 && !battleshift.outcome(state); t++) {
        const orders: Record<string, Orders> = {};
        for (const seat of battleshift.awaiting(state)) {
          const rng = Rng.forTurn(seed, t, seat);
          orders[seat] = seat === "blue" ? botOrders(state, seat) : battleshift.randomOrders(state, seat, rng);
        }
        const a = battleshift.resolve(state, orders, Rng.forTurn(seed, battleshift.turn(state)));
        const b = battleshift.resolve(
          JSON.parse(JSON.stringify(state)),
          JSON.parse(JSON.stringify(orders)),
          Rng.forTurn(seed, battleshift.turn(state)),
        );
        expect(canonicalJson(b.state)).toBe(canonicalJson(a.state));
        expect(battleshift.parseState(JSON.parse(JSON.stringify(a.state))).ok).toBe(true);
        mixedFire += a.events.filter((e) => e.kind === "fire" && e.text.includes("mixed squadron")).length;
        state = a.state as BattleState;
      }
      const lost = Object.values(state.squadrons).filter((q) => q.mixed && q.ships.length < q.initialShips);
      for (const q of lost)
        expect(q.mixed!.roster.filter((r) => r.destroyed).length).toBeGreaterThanOrEqual(q.initialShips - q.ships.length);
    }
    expect(mixedFire).toBeGreaterThan(0);
  });
});
