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

describe('Bases may not overlap (issue 9 item 13; RULINGS "Bases")', () => {
  // "Interceptors ... a range of 1" - essentially, they may only fire at targets the squadron directly moves over":
  // a ship's base is 1" across (setting shipRadius 0.5"); ships of different squadrons end at least 1" apart.
  const line = () =>
    tinyBattle([
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
        id: "b2",
        side: "blue",
        design: "generic/fleet-carrier",
        at: [
          [20, 20],
          [20, 21],
        ],
        facing: 90,
        taskforce: "blue-tf2",
      },
    ]);

  it("a move ending on another squadron's ships is refused with the measured gap, and offered as a move into contact", () => {
    const s = line();
    const ctx = ctxFor(s, "blue", Rng.fromSeed(1));
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading: 90, distance: 9.6 }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["bases-overlap"]);
    const m = ctx.problems[0]?.message ?? "";
    expect(m).toMatch(/^b1\.1 would end at \(19\.6, 20\), 0\.4" from b2\.1 of b2 at \(20, 20\), centre to centre: bases are 1" across/);
    expect(m).toMatch(/at least 1" apart \(0\.6" short; from 0\.99" to 1" the bases touch, which is contact\)/);
    expect(m).toMatch(
      /to move into contact, stop the same move where the bases touch: after 9\.005" \(distance: 9\.005\), in contact with b2\.1/,
    );
    expect(ctx.problems[0]?.order).toBe("#0 move b1");
    expect(s.squadrons.b1?.ships[0]).toMatchObject({ x: 10, y: 20 });
    // The move offered is accepted and ends in contact (bases touching: 0.995" apart).
    const t = line();
    const ctx2 = ctxFor(t, "blue", Rng.fromSeed(1));
    runActivation(ctx2, unitOf(t, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading: 90, distance: 9.005 }]);
    expect(ctx2.problems).toEqual([]);
    expect(t.squadrons.b1?.ships[0]?.x).toBeCloseTo(19.005, 9);
  });

  it("a move given as `to` is offered its `to` into contact; one whose start already touches is offered the part that ends clear", () => {
    const s = line();
    const ctx = ctxFor(s, "blue", Rng.fromSeed(1));
    // The centre of b1 is (10, 20.5): to (19.5, 20.5) ends b1's ships 0.5" from b2's.
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", to: { x: 19.5, y: 20.5 } }]);
    expect(ctx.problems[0]?.message).toMatch(/after 9\.005" \(to: \{x: 19\.005, y: 20\.5\}\), in contact with b2\.1/);
  });

  it('contact is reachable: moves into contact from any bearing, written to a thousandth, end touching (RULINGS "Bases")', () => {
    for (let k = 0; k < 24; k++) {
      const s = line();
      const b1 = s.squadrons.b1;
      const b2 = s.squadrons.b2;
      if (!b1 || !b2) throw new Error("no squadrons");
      // b1 (one ship) somewhere round b2.1, 7.3" off, facing it; b2's second ship out of the way.
      b1.ships = [{ ...(b1.ships[0] as (typeof b1.ships)[0]) }];
      const bearing = k * 15 + 7;
      const from = { x: 30 + 7.3 * Math.sin((bearing * Math.PI) / 180), y: 30 - 7.3 * Math.cos((bearing * Math.PI) / 180) };
      Object.assign(b1.ships[0] as object, from);
      b2.ships = [{ ...(b2.ships[0] as (typeof b2.ships)[0]), x: 30, y: 30 }];
      const heading = (bearing + 180) % 360;
      b1.facing = heading;
      const ctx = ctxFor(s, "blue", Rng.fromSeed(1));
      runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading, distance: 7.3 }]);
      const offered = /\(distance: ([\d.]+)\)/.exec(ctx.problems[0]?.message ?? "")?.[1];
      expect(offered, `bearing ${bearing}`).toBeDefined();
      const t = line();
      t.squadrons.b1 = JSON.parse(JSON.stringify(s.squadrons.b1));
      t.squadrons.b2 = JSON.parse(JSON.stringify(s.squadrons.b2));
      const ctx2 = ctxFor(t, "blue", Rng.fromSeed(1));
      runActivation(ctx2, unitOf(t, "blue", "blue-tf1"), [
        { type: "move", squadron: "b1", heading: Math.round(heading * 1000) / 1000, distance: Number(offered) },
      ]);
      expect(ctx2.problems, `bearing ${bearing}`).toEqual([]);
      const x = t.squadrons.b1?.ships[0] as { x: number; y: number };
      const gap = Math.hypot(x.x - 30, x.y - 30);
      expect(gap, `bearing ${bearing}`).toBeGreaterThanOrEqual(0.99);
      expect(gap, `bearing ${bearing}`).toBeLessThanOrEqual(1);
    }
  });

  it('a move ending in contact (bases touching, 1" apart or up to 0.01" less) or passing over a squadron is allowed', () => {
    for (const distance of [9, 9.005, 9.01, 12]) {
      const s = line();
      const ctx = ctxFor(s, "blue", Rng.fromSeed(1));
      runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading: 90, distance }]);
      expect(ctx.problems, `distance ${distance}`).toEqual([]);
    }
    const s = line();
    const ctx = ctxFor(s, "blue", Rng.fromSeed(1));
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "move", squadron: "b1", heading: 90, distance: 9.011 }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["bases-overlap"]);
  });

  it("the state's validation refuses ships of different squadrons on one another's bases", () => {
    const s = line();
    const b1 = s.squadrons.b1;
    if (!b1?.ships[0]) throw new Error("no b1");
    b1.ships[0].x = 19.5;
    const p = battleshift.parseState(JSON.parse(JSON.stringify(s)));
    expect(p.ok).toBe(false);
    if (!p.ok)
      expect(p.error.find((e) => e.code === "bases-overlap")?.message).toMatch(
        /^ship b2\.1 at \(20, 20\) is 0\.5" from b1\.1 of b1 at \(19\.5, 20\): bases are 1" across and may not overlap/,
      );
    b1.ships[0].x = 19;
    expect(battleshift.parseState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
  });

  it("taskforces arriving in one sector come out beside one another, never on top (the playtest's fleets)", () => {
    for (const id of ["playtest", "outpost", "veterans", "planetfall"]) {
      const s = battleshift.scenarios[id]?.create(1, {}) as BattleState;
      const onTable = Object.values(s.squadrons).filter((q) => q.location === "table");
      const close: string[] = [];
      for (const a of onTable)
        for (const b of onTable)
          if (a.id < b.id)
            for (const x of a.ships)
              for (const y of b.ships) if (Math.hypot(x.x - y.x, x.y - y.y) < 1 - 1e-6) close.push(`${x.id} ${y.id}`);
      expect(close, id).toEqual([]);
      expect(battleshift.parseState(JSON.parse(JSON.stringify(s))).ok, id).toBe(true);
    }
  });
});
