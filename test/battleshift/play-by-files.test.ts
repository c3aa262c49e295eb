/**
 * Playing Battleshift by files (issue 9): the check's one verdict, the view of the enemy, names and order numbers,
 * fleets, states and the odd report line a player meets.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { newGame, newGameWarnings } from "../../src/host/lifecycle.js";
import type { FireEvent } from "../../src/rules/battleshift/events.js";
import { createBattle, fleetsFrom, PLANETFALL_FLEETS, planetfall } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import { planetActivation } from "../../src/rules/battleshift/planets/planet-play.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { clearTable, ctxFor, DiceRng, place, tinyBattle, unitOf } from "./support.js";

const sq = (name: string, design: string, ships: number) => ({ name, design, ships });

/** Two taskforces of three cruisers a side, at the first activation (blue's, seed 1). */
function firstActivation(): BattleState {
  const fleet = (name: string) => ({
    name,
    taskforces: [1, 2].map((i) => ({ name: `${name} ${i}`, squadrons: [sq(`${name} cruisers ${i}`, "generic/fleet-cruiser", 3)] })),
  });
  let s = createBattle({ seed: 1, scenario: "test", fleets: fleetsFrom([fleet("Blue"), fleet("Red")]) }).state;
  const orders: Record<string, Orders> = {};
  for (const seat of battleshift.awaiting(s))
    orders[seat] = { orders: [{ type: "initiative", choose: seat === "blue" ? "first" : "second" }] };
  s = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step)).state;
  return s;
}

describe("check: one verdict (issue 9 item 15)", () => {
  it("orders from a side that is not acting fail with a problem, so the verdict and the lines agree", () => {
    const s = firstActivation();
    const [acting] = battleshift.awaiting(s);
    const other = acting === "blue" ? "red" : "blue";
    const c = battleshift.check(s, other, { orders: [{ type: "move", squadron: `${other}-tf1-s1`, heading: 0, distance: 6 }] });
    expect(c.ok).toBe(false);
    expect(c.problems.map((p) => p.code)).toEqual(["not-your-activation"]);
    expect(c.problems[0]?.message).toMatch(new RegExp(`${acting}'s activation`));
  });

  it("a side that is not acting and gives no orders passes: nothing is needed from it", () => {
    const s = firstActivation();
    const [acting] = battleshift.awaiting(s);
    const other = acting === "blue" ? "red" : "blue";
    const c = battleshift.check(s, other, { orders: [] });
    expect(c.ok).toBe(true);
    expect(c.problems).toEqual([]);
    expect(c.lines.every((l) => l.ok)).toBe(true);
  });

  it("a file whose side: names the other side is refused, not checked as if it were the seat's", () => {
    const s = firstActivation();
    const [acting] = battleshift.awaiting(s) as [string];
    const other = acting === "blue" ? "red" : "blue";
    const c = battleshift.check(s, acting, { side: other, orders: [] });
    expect(c.ok).toBe(false);
    expect(c.problems.map((p) => p.code)).toEqual(["wrong-side"]);
    expect(c.problems[0]?.message).toContain(`side "${other}"`);
  });

  it("whenever a line fails, a problem says why: ok is true exactly when there are no problems", () => {
    let s = firstActivation();
    for (let k = 0; k < 6 && !s.outcome; k++) {
      for (const seat of ["blue", "red"]) {
        const c = battleshift.check(s, seat, { orders: [{ type: "move", squadron: `${seat}-tf1-s1`, heading: 0, distance: 40 }] });
        expect(c.ok, `${seat} at step ${s.step}`).toBe(c.problems.length === 0);
        if (c.lines.some((l) => !l.ok && l.certainty === undefined)) expect(c.problems.length).toBeGreaterThan(0);
      }
      const orders: Record<string, Orders> = {};
      for (const seat of battleshift.awaiting(s)) orders[seat] = { orders: [] };
      s = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step)).state;
    }
  });
});

describe("what a player reads (issue 9 item 19)", () => {
  it('a Shieldless target ("shield save of 2 from armor") rolls armour saves, and the report says so, not "shield rolls"', () => {
    const s = tinyBattle([
      { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 20]], facing: 90 },
      {
        id: "r1",
        side: "red",
        design: "bionid/attack-drone",
        at: [
          [20, 20],
          [20, 21],
          [20, 22],
        ],
        facing: 270,
      },
    ]);
    const ctx = ctxFor(s, "blue", new DiceRng([1, 1, 1, 1, 6, 6, 6, 1, 1, 1]));
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "light", squadrons: ["b1"], target: "r1" }]);
    const fire = ctx.events.find((e) => e.kind === "fire") as FireEvent | undefined;
    expect(fire?.text).toMatch(/armour rolls? \[[\d,]+\] needing 2 or less \(no shields: hardness 2 from armour\)/);
    expect(fire?.text).not.toMatch(/shield roll/);
  });

  it("a planet's quadrant that fires is named as the firer", () => {
    const s = planetfall(1, fleetsFrom(PLANETFALL_FLEETS));
    clearTable(s);
    place(s, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    const planet = s.planets?.planet;
    if (!planet) throw new Error("no planet");
    const ctx = ctxFor(s, "red", Rng.fromSeed(2));
    planetActivation(ctx, planet);
    const fire = ctx.events.filter((e) => e.kind === "fire") as FireEvent[];
    expect(fire.length).toBeGreaterThan(0);
    for (const f of fire) {
      expect(f.firer).toMatch(/quadrant [NESW]/);
      expect(f.text.startsWith(f.firer)).toBe(true);
    }
  });

  it("a scenario with fleets of its own refuses --fleet files with a message instead of ignoring them", () => {
    const r = newGame({ id: "g", ruleset: battleshift as never, scenario: "playtest", inputs: { fleet: [{}] }, seed: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]).toMatchObject({ code: "unknown-input", message: expect.stringContaining('takes no "fleet"') });
  });

  it("fleets of different points totals are warned of when the battle is made, naming both totals", () => {
    const fleet = (name: string, ships: number) => ({
      name,
      taskforces: [{ name: "A", squadrons: [sq("C", "generic/fleet-cruiser", ships)] }],
    });
    const inputs = { fleet: [fleet("Blue", 3), fleet("Red", 5)] };
    const warnings = newGameWarnings({ id: "g", ruleset: battleshift as never, scenario: "default", inputs, seed: 1 });
    expect(warnings).toEqual([expect.stringMatching(/Blue \(blue\) is 90 points and Red \(red\) 150 points/)]);
    const even = newGameWarnings({
      id: "g",
      ruleset: battleshift as never,
      scenario: "default",
      inputs: { fleet: [fleet("Blue", 3), fleet("Red", 3)] },
      seed: 1,
    });
    expect(even).toEqual([]);
  });

  it("a ship at x = 1e308 is refused by the state's validation, with the table's range", () => {
    const s = JSON.parse(JSON.stringify(firstActivation())) as BattleState;
    const ship = Object.values(s.squadrons)[0]?.ships[0];
    if (!ship) throw new Error("no ship");
    ship.x = 1e308;
    const p = battleshift.parseState(s);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.error[0]?.message).toMatch(/must be a number from -?[\d,]+ to [\d,]+, not 1e\+308/);
  });
});

describe("a view of the enemy to plan by files (issue 9 item 16)", () => {
  /** Blue's cruisers and carriers against red's, red with a flight out and one squadron in hyperspace. */
  function seen(): BattleState {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: [
          [10, 20],
          [10, 21],
        ],
        facing: 90,
      },
      {
        id: "r1",
        side: "red",
        design: "generic/fleet-cruiser",
        at: [
          [40, 20],
          [40, 21],
          [40, 22],
        ],
        facing: 270,
        damage: 3,
        suppression: 1,
      },
      { id: "r2", side: "red", design: "generic/fleet-carrier", at: [[50, 30]], facing: 225 },
      { id: "r3", side: "red", design: "generic/fleet-cruiser", at: [[60, 40]], facing: 270 },
    ]);
    s.flights["red-f1"] = {
      id: "red-f1",
      side: "red",
      carrier: "r2",
      wings: 3,
      x: 44.25,
      y: 27.5,
      movedTurn: 1,
      interceptAt: -1,
      dogfighting: null,
    };
    const r3 = s.squadrons.r3;
    if (!r3) throw new Error("no r3");
    r3.location = "hyperspace";
    r3.arrival = { turn: 3, sector: "2B", facing: 90 };
    return s;
  }

  it("the orders template lists every enemy squadron on the table with each ship's position, facing, ships and damage, and its flights", () => {
    const text = battleshift.ordersTemplate(seen(), "blue");
    expect(text).toContain("# Enemy forces you see, Red (red)");
    expect(text).toMatch(
      /# {3}r1: Fleet Cruiser 3 of 3 ship\(s\) in red-tf1, at \(40, 21\) facing 270; ships 1 \(40, 20\), 2 \(40, 21\), 3 \(40, 22\); damage 3, suppression 1/,
    );
    expect(text).toMatch(/# {3}r2: Fleet Carrier 1 of 1 ship\(s\).* facing 225/);
    expect(text).toContain("#   red-f1: flight of 3 wing(s) from r2 at (44.3, 27.5)");
    expect(text).toMatch(/r3: .*in hyperspace \(where and when it returns is secret\)/);
    expect(text).not.toMatch(/2B/);
    // Its own flights and every ship of its own squadrons too, not the first ship only.
    expect(text).toMatch(
      /# {3}b1: Fleet Cruiser 2 of 2 ship\(s\) in blue-tf1, at \(10, 20.5\) facing 90; ships 1 \(10, 20\), 2 \(10, 21\)/,
    );
  });

  it("the report says the same in text and JSON, and keeps the enemy's secrets (its return point)", () => {
    const s = seen();
    const r = battleshift.report(s, "blue", []);
    expect(r.text).toMatch(/Enemy forces you see, Red \(red\)/);
    expect(r.text).toMatch(/ {2}r1: Fleet Cruiser 3 of 3 ship\(s\).*damage 3, suppression 1/);
    expect(r.text).toContain("red-f1: flight of 3 wing(s) from r2 at (44.3, 27.5)");
    const json = r.json as {
      enemy: Record<string, { squadrons: { id: string; ships: unknown[]; facing: number; damage: number }[]; flights: { id: string }[] }>;
    };
    const red = json.enemy.red;
    expect(red?.squadrons.map((q) => q.id)).toEqual(["r1", "r2", "r3"]);
    expect(red?.squadrons[0]).toMatchObject({
      facing: 270,
      damage: 3,
      ships: [{ id: "r1.1", x: 40, y: 20, disabled: false }, expect.anything(), expect.anything()],
    });
    expect(red?.flights.map((f) => f.id)).toEqual(["red-f1"]);
    expect(JSON.stringify(r.json)).not.toContain('"2B"');
    for (const needle of battleshift.secrets(s, "blue", [])) expect(JSON.stringify(r.json) + r.text).not.toContain(needle);
  });
});
