/**
 * Issue 8: every number read from a map, fleet, state or odds request has a stated
 * range; maps, fleets, orders and odds requests have size limits a host can state;
 * a seed is any safe integer and is used whole. (Issue 9 item 19: a Battleshift
 * ship at x = 1e308 is refused.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, cloneData } from "../../src/core/json.js";
import { showNumber } from "../../src/core/ranges.js";
import type { Problem } from "../../src/core/result.js";
import { Rng } from "../../src/core/rng.js";
import { botOrders } from "../../src/rules/battleshift/bot/bot.js";
import { oddsRunsProblem, parseOddsInput as parseVolley } from "../../src/rules/battleshift/combat/odds.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { createBattle, fleetsFrom, scaledPlaytestFleets } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import { LIMITS as BS_LIMITS } from "../../src/rules/battleshift/limits.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Orders as BsOrders } from "../../src/rules/battleshift/orders.js";
import { galacticEmpires as ge } from "../../src/rules/galactic-empires/index.js";
import { LIMITS as GE_LIMITS } from "../../src/rules/galactic-empires/limits.js";
import type { GameState } from "../../src/rules/galactic-empires/model.js";
import { parseOddsInput as parseBattle } from "../../src/rules/galactic-empires/odds.js";
import { parseMap, parseState } from "../../src/rules/galactic-empires/state-schema.js";
import { starhost } from "../cli/run-cli.js";

const TUTORIAL = ge.scenarios.tutorial?.create(7, {}) as GameState;

function problemsOf(r: { ok: true } | { ok: false; error: Problem[] }): Problem[] {
  return r.ok ? [] : r.error;
}

describe("galactic-empires: every number of a map or state has a stated range", () => {
  const cases: [string, (s: GameState) => void, string, RegExp][] = [
    [
      "revenue 1e308",
      (s) => void ((s.sectors[0] as { revenue: number }).revenue = 1e308),
      "sectors[0].revenue",
      /revenue must be a number from 0 to 10,000, not 1e\+308/,
    ],
    ["x 1e308", (s) => void ((s.sectors[0] as { x: number }).x = 1e308), "sectors[0].x", /x must be a number from -1,000,000 to 1,000,000/],
    [
      "negative revenue",
      (s) => void ((s.sectors[0] as { revenue: number }).revenue = -1),
      "sectors[0].revenue",
      /from 0 to 10,000, not -1/,
    ],
    [
      "treasury 1e300",
      (s) => void ((s.empires.klingon as { treasury: number }).treasury = 1e300),
      "empires.klingon.treasury",
      /treasury must be a number from 0 to 1e\+15/,
    ],
    [
      "maxBuild 1e9",
      (s) => void (s.sectors.find((x) => x.industry)!.industry!.maxBuild = 1e9),
      ".industry.maxBuild",
      /maxBuild must be a whole number from 0 to 1,000/,
    ],
    [
      "a ship count 1e12",
      (s) => void (Object.values(s.units)[0]!.ships[0]!.count = 1e12),
      ".count",
      /starship count must be a whole number from 0 to 1,000,000,000/,
    ],
    [
      "admiral hits 0",
      (s) => void (Object.values(s.admirals)[0]!.hits = 0),
      ".hits",
      /hit points must be a number above 0 and at most 100/,
    ],
    [
      "sector id 1e10",
      (s) => void ((s.sectors[0] as { id: number }).id = 1e10),
      "sectors[0].id",
      /sector id must be a whole number from 0 to 999,999,999/,
    ],
    [
      "turn limit 1e9",
      (s) => void (s.settings.turnLimit = 1e9),
      "settings.turnLimit",
      /turnLimit must be a whole number from 1 to 100,000/,
    ],
  ];
  for (const [what, put, at, message] of cases) {
    it(`${what}: refused by new (parseMap) and by a saved game (parseState), naming the field and the range`, () => {
      const raw = cloneData(TUTORIAL);
      put(raw);
      for (const [where, r] of [
        ["map", parseMap(raw, 1)],
        ["state", parseState(raw)],
      ] as const) {
        const p = problemsOf(r).find((x) => x.order.startsWith(where) && x.order.endsWith(at));
        expect(p, JSON.stringify(problemsOf(r))).toBeDefined();
        expect(p?.message).toMatch(message);
      }
    });
  }
});

describe("galactic-empires: size limits a host can state", () => {
  /** A map of `n` sectors, each bordering every other. */
  function fullyConnected(n: number): unknown {
    const raw = cloneData(TUTORIAL) as unknown as Record<string, unknown>;
    raw.units = {};
    raw.admirals = {};
    raw.sectors = Array.from({ length: n }, (_, i) => ({ id: i, name: `S${i}`, x: i, y: 0, revenue: 5 }));
    const borders: { a: number; b: number }[] = [];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) borders.push({ a, b });
    raw.borders = borders;
    return raw;
  }

  it("a fully connected map of 1,520 sectors (1,154,440 borders) is refused by the border limit", () => {
    const r = parseMap(fullyConnected(1520), 1);
    expect(problemsOf(r)).toEqual([
      { order: "map.borders", code: "invalid-too_big", message: "at most 40,000 borders (this one has 1,154,440)" },
    ]);
  });

  it("a sector with more than LIMITS.bordersPerSector borders is refused; more sectors than LIMITS.sectors too", () => {
    const r = parseMap(fullyConnected(GE_LIMITS.bordersPerSector + 2), 1);
    expect(problemsOf(r).map((p) => p.code)).toContain("too-many-borders");
    expect(problemsOf(r)[0]?.message).toMatch(/more than 32 borders/);
    const many = cloneData(TUTORIAL) as unknown as Record<string, unknown>;
    many.sectors = Array.from({ length: GE_LIMITS.sectors + 1 }, (_, i) => ({ id: i, name: `S${i}`, x: 0, y: 0, revenue: 1 }));
    many.borders = [];
    expect(problemsOf(parseMap(many, 1))).toContainEqual({
      order: "map.sectors",
      code: "invalid-too_big",
      message: "at most 10,000 sectors (this one has 10,001)",
    });
  });

  it("the largest built-in galaxy (galaxy-5000) is within the limits: it saves and loads", () => {
    const big = ge.scenarios["galaxy-5000"]?.create(3, {}) as GameState;
    const r = parseState(JSON.parse(JSON.stringify(big)));
    expect(problemsOf(r)).toEqual([]);
  });

  it("an orders file of more than LIMITS.orders orders: the rest are refused, named", () => {
    const list = Array.from({ length: GE_LIMITS.orders + 3 }, () => ({ type: "wait", unit: "A1" }));
    const r = ge.parseOrders({ orders: list });
    expect(r.orders.orders).toHaveLength(GE_LIMITS.orders);
    expect(r.problems).toEqual([
      {
        order: "orders",
        code: "too-many-orders",
        message: "at most 5000 orders in one file; this one has 5003: the orders after #4999 are skipped",
      },
    ]);
  });

  it("battle odds: more starships in all than LIMITS.oddsShips, or units than LIMITS.oddsUnitsPerSide, are refused", () => {
    const side = (name: string, units: number, count: number) => ({
      name,
      units: Array.from({ length: units }, () => ({ ships: [{ type: "klingon/hawk-heavy-cruiser", count, rank: 1 }] })),
    });
    const tooMany = parseBattle({ sides: [side("A", 3, 100_000), side("B", 1, 1)] });
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.error.join("\n")).toMatch(/300,001 starships in all; a battle for odds has at most 200,000/);
    const units = parseBattle({ sides: [side("A", GE_LIMITS.oddsUnitsPerSide + 1, 1), side("B", 1, 1)] });
    expect(units.ok).toBe(false);
    if (!units.ok) expect(units.error.join("\n")).toMatch(/at most 100 units on one side/);
  });
});

describe("seeds: any safe integer, used whole", () => {
  it("a game of seed 2^53 - 1 loads and plays; 2^53 is refused where a seed is read", () => {
    const s = ge.scenarios.tutorial?.create(Number.MAX_SAFE_INTEGER, {}) as GameState;
    const loaded = parseState(JSON.parse(JSON.stringify(s)));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const next = ge.resolve(loaded.value, {}, Rng.forTurn(loaded.value.seed, loaded.value.turn)).state;
    expect(parseState(JSON.parse(JSON.stringify(next))).ok).toBe(true);
    expect(next.turn).toBe(2);
    expect(problemsOf(parseState({ ...s, seed: 2 ** 53 }))[0]).toMatchObject({ order: "state.seed", code: "invalid-seed" });
    expect(problemsOf(parseMap(s, 2 ** 53))[0]).toMatchObject({ order: "seed", code: "invalid-seed" });
    expect(problemsOf(parseMap(s, 1.5))[0]).toMatchObject({ order: "seed", code: "invalid-seed" });
  });

  it("two games whose seeds differ only above bit 32 roll different dice (the same map, different battles)", () => {
    const turnDice = (seed: number) =>
      Array.from(
        { length: 10 },
        (
          (r) => () =>
            r.d100()
        )(Rng.forTurn(seed, 1)),
      );
    expect(turnDice(5)).not.toEqual(turnDice(5 + 2 ** 32));
    expect(turnDice(5 + 2 ** 40)).not.toEqual(turnDice(5 + 2 ** 41));
  });

  it("a battle of seed 2^53 - 1 loads and plays", () => {
    let s = battleshift.scenarios.playtest?.create(Number.MAX_SAFE_INTEGER, {}) as BattleState;
    for (let i = 0; i < 4; i++) {
      const orders: Record<string, BsOrders> = {};
      for (const seat of battleshift.awaiting(s)) orders[seat] = botOrders(s, seat);
      s = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step)).state;
      expect(problemsOf(battleshift.parseState(JSON.parse(JSON.stringify(s))))).toEqual([]);
    }
    expect(problemsOf(battleshift.parseState({ ...s, seed: -(2 ** 53) }))[0]).toMatchObject({ order: "state.seed", code: "invalid-seed" });
  });
});

describe("battleshift: stated ranges and size limits", () => {
  const start = battleshift.scenarios.playtest?.create(2, {}) as BattleState;

  it("a ship at x = 1e308 is refused, naming the field and the range (issue 9 item 19)", () => {
    const raw = cloneData(start);
    const sq = Object.values(raw.squadrons)[0]!;
    sq.ships[0]!.x = 1e308;
    const p = problemsOf(battleshift.parseState(raw));
    expect(p).toHaveLength(1);
    expect(p[0]?.order).toBe(`state.squadrons.${sq.id}.ships.0.x`);
    expect(p[0]?.message).toMatch(/a ship's x must be a number from -12 to 1,212, not 1e\+308/);
  });

  it("a ship off this table (but on the largest one) is refused with the table's own range", () => {
    const raw = cloneData(start);
    const sq = Object.values(raw.squadrons)[0]!;
    sq.ships[0]!.x = 500;
    const p = problemsOf(battleshift.parseState(raw));
    expect(p).toEqual([
      {
        order: `state.squadrons.${sq.id}.ships[0]`,
        code: "off-table",
        message: `(500, ${sq.ships[0]?.y}) is off the 6' x 4' table: x must be from -12 to 84 and y from -12 to 60 inches`,
      },
    ]);
  });

  it("a table, a design or a damage out of range is refused, naming its range", () => {
    const cases: [(s: BattleState) => void, RegExp][] = [
      [(s) => void (s.battlespace.widthFt = 1000), /table's width in feet must be a whole number from 1 to 100/],
      [(s) => void (s.battlespace.depthFt = 27), /depth in feet must be a whole number from 1 to 26/],
      [(s) => void (Object.values(s.designs)[0]!.hull = 1e9), /hull must be a whole number from 1 to 10,000/],
      [(s) => void (Object.values(s.squadrons)[0]!.damage = -3), /damage must be a whole number from 0 to 1,000,000, not -3/],
      [(s) => void (s.sides.blue!.vp = Number.MAX_VALUE), /victory points must be a number from 0 to 1,000,000,000/],
      [(s) => void (s.settings.commandRange = 1e9), /commandRange must be a number from 0 to 1,200/],
    ];
    for (const [put, message] of cases) {
      const raw = cloneData(start);
      put(raw);
      const p = problemsOf(battleshift.parseState(raw));
      expect(p.map((x) => x.message).join("\n")).toMatch(message);
    }
  });

  it("a saved design is a design as Ship Building writes it: a state parses back to itself, and a misspelled system, a lost faction or an unknown class is refused by name", () => {
    const back = battleshift.parseState(JSON.parse(JSON.stringify(start)));
    expect(back.ok && canonicalJson(back.value)).toBe(canonicalJson(start));
    const raw = cloneData(start);
    const [key, d] = Object.entries(raw.designs)[0]!;
    Object.assign(d.systems, { lightt: 1 });
    Object.assign(d.input.systems, { lasers: 2 });
    Reflect.deleteProperty(d, "faction");
    Object.assign(d, { className: "corvette" });
    const p = problemsOf(battleshift.parseState(raw));
    const at = (field: string) => p.find((x) => x.order === `state.designs.${key}.${field}`)?.message;
    expect(at("systems")).toMatch(/^unknown system\(s\) "lightt"; the systems are light, heavy, .*engulf$/);
    expect(at("input.systems")).toMatch(/^unknown system\(s\) "lasers"; the systems are light, heavy, .*slow$/);
    expect(at("faction")).toMatch(/expected string/);
    expect(at("className")).toMatch(/destroyer.*titan/);
    expect(p.every((x) => x.code === "invalid-state")).toBe(true);
  });

  it("the 1,000-ship benchmark's fleets are within the limits, and its battle saves and loads", () => {
    const fleets = scaledPlaytestFleets(500);
    for (const f of fleets) expect(parseFleet(f).ok).toBe(true);
    const state = createBattle({ seed: 1, scenario: "bench", fleets: fleetsFrom(fleets) }).state;
    expect(problemsOf(battleshift.parseState(JSON.parse(JSON.stringify(state))))).toEqual([]);
  });

  it("a fleet file above LIMITS.shipsPerFleet ships or LIMITS.taskforcesPerFleet taskforces is refused", () => {
    const tf = (i: number, squadrons: number) => ({
      name: `T${i}`,
      squadrons: Array.from({ length: squadrons }, (_, j) => ({ name: `S${i}-${j}`, design: "generic/fleet-destroyer", ships: 7 })),
    });
    // 357 taskforces of two squadrons of 7: 4,998 ships, within the limit of 5,000; one squadron more is not.
    const within = parseFleet({ name: "Horde", taskforces: Array.from({ length: 357 }, (_, i) => tf(i, 2)) });
    expect(problemsOf(within as never)).toEqual([]);
    const over = parseFleet({ name: "Horde", taskforces: Array.from({ length: 358 }, (_, i) => tf(i, i === 357 ? 1 : 2)) });
    expect(problemsOf(over as never)).toEqual([
      {
        order: "fleet.taskforces",
        code: "too-many-ships-in-fleet",
        message: "the fleet has 5005 ships; a fleet file has at most 5000 (LIMITS.shipsPerFleet)",
      },
    ]);
    const tfs = parseFleet({ name: "Horde", taskforces: Array.from({ length: BS_LIMITS.taskforcesPerFleet + 1 }, (_, i) => tf(i, 1)) });
    expect(problemsOf(tfs as never)[0]?.message).toMatch(/at most 500 taskforces \(this one has 501\)/);
  });

  it("volley odds: more dice than LIMITS.oddsDice are refused; runs above LIMITS.oddsRuns are refused, also by the command", () => {
    const r = parseVolley({
      attack: { weapon: "heavy", dice: BS_LIMITS.oddsDice + 1, targeting: 4 },
      target: { ships: 5, size: 3, shieldsPerShip: 2, hardness: 4, hull: 4, damageTaken: 0, hullRule: "normal" },
    });
    expect(r.ok).toBe(false);
    expect(oddsRunsProblem(BS_LIMITS.oddsRuns)).toBeNull();
    expect(oddsRunsProblem(1_000_000_000)).toMatch(/from 1 to 10,000,000/);
    const cli = starhost(["battleshift", "odds", "--input", "examples/battleshift/volley.json", "--runs", "1000000000"]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/--runs takes a whole number from 1 to 10000000, not "1000000000"/);
  });
});

describe("a range's bounds as people read them", () => {
  it('whole numbers grouped by thousands, the same text as toLocaleString("en-US") without starting ICU (issue 9 item 20)', () => {
    for (const n of [0, -0, 7, -7, 999, 1000, -1000, 10_000, -1_000_000, 123_456_789, 1e15 - 1, -(1e15 - 1)])
      expect(showNumber(n), String(n)).toBe(n.toLocaleString("en-US"));
    fc.assert(
      fc.property(fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), (n) => void expect(showNumber(n)).toBe(n.toLocaleString("en-US"))),
      { numRuns: 2000 },
    );
    expect(showNumber(1e15)).toBe("1e+15");
    expect(showNumber(1e308)).toBe("1e+308");
    expect(showNumber(2.5)).toBe("2.5");
  });
});
