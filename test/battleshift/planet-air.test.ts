/**
 * Fighters, missiles and interceptors of and against a planet's quadrants (seed 004, "Planets (Extremely
 * experimental)", "Moonbases"; RULINGS "Fighters, missiles and interceptors at quadrants").
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders, randomLegalOrders } from "../../src/rules/battleshift/bot/bot.js";
import type { NoteEvent } from "../../src/rules/battleshift/events.js";
import { fleetsFrom, PLANETFALL_FLEETS, planetfall } from "../../src/rules/battleshift/fleet/setup.js";
import type { BattleState, Flight, PlanetInPlay, Squadron } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { planetAirActivation, quadrantFlightTarget } from "../../src/rules/battleshift/planets/planet-air.js";
import { parseState } from "../../src/rules/battleshift/state-schema.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { clearTable, ctxFor, DiceRng, design, FixedRng, place, unitOf } from "./support.js";

/** Kethra ("planet") is at (48, 24), radius 6; its moon at (54, 42), radius 2. */
function fresh(): BattleState {
  const s = planetfall(1, fleetsFrom(PLANETFALL_FLEETS));
  clearTable(s);
  s.turnState.phase = "activation";
  return s;
}

/** blue-tf1-s1 as light carriers (4 wings ready) at x, centred on y = 24 (first ship at y = 22.5). */
function carriers(state: BattleState, x: number, y = 24): Squadron {
  state.designs["generic/light-carrier"] = design("generic/light-carrier");
  const sq = place(state, "blue-tf1-s1", x, y);
  sq.design = "generic/light-carrier";
  sq.fighters = 4;
  sq.fightersMax = 4;
  return sq;
}

const planetOf = (s: BattleState, id = "planet") => s.planets?.[id] as PlanetInPlay;
const quadrant = (s: BattleState, id: string, planet = "planet") => planetOf(s, planet).defense.quadrants.find((q) => q.id === id)!;
const notes = (ctx: { events: { kind: string }[] }, what: string) =>
  ctx.events.filter((e) => e.kind === "note" && (e as NoteEvent).what === what).map((e) => (e as NoteEvent).text);

function run(s: BattleState, orders: Order[], rng: Rng = Rng.fromSeed(3)) {
  const ctx = ctxFor(s, "blue", rng);
  runActivation(ctx, unitOf(s, "blue", "blue-tf1"), orders);
  return ctx;
}
const flights = (s: BattleState) => Object.values(s.flights);

describe("Fighters against a quadrant", () => {
  it('"Fighters can only attack a quadrant by coming into contact with it": a path ending 3" from the surface attacks nothing', () => {
    const s = fresh();
    carriers(s, 30);
    const ctx = run(s, [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 39, y: 24 }], target: "planet:W" }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["no-contact"]);
    expect(ctx.problems[0]?.message).toMatch(/the path passes 3" from the surface/);
    expect(quadrant(s, "W").damage).toBe(0);
    expect(flights(s)[0]?.grounded).toBeUndefined();
  });

  it('"It takes 12" of movement for a fighter flight to go from space to ground": 13" to the surface and 12" to land is too far', () => {
    const s = fresh();
    carriers(s, 28);
    const ctx = run(s, [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 41.5, y: 24 }], target: "planet:W" }]);
    expect(ctx.problems[0]?.code).toBe("too-far");
    expect(ctx.problems[0]?.message).toMatch(/the flight path is 13(\.\d+)?" plus 12" to reach the surface; fighters move up to 24"/);
    // 9" to the surface and 12" to land: the flight lands and ends its move on the surface where it made contact.
    const s2 = fresh();
    carriers(s2, 32);
    const ctx2 = run(s2, [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 41.5, y: 24 }], target: "planet:W" }]);
    expect(ctx2.problems).toEqual([]);
    const f = flights(s2)[0] as Flight;
    expect(f.grounded).toBe("planet");
    expect(Math.hypot(f.x - 48, f.y - 24)).toBeCloseTo(7, 1);
  });

  it('"Fighters may then make attacks normally, with no targeting penalty": 3 or less, one shield roll per hit at hardness 5', () => {
    const s = fresh();
    carriers(s, 32);
    // The quadrant's interceptor misses (6); the 4 wings roll [3,3,4,1]: 3 hits; shields [5,6,2] save on 5: 1 wound.
    const ctx = run(
      s,
      [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 41.5, y: 24 }], target: "planet:W" }],
      new DiceRng([6, 3, 3, 4, 1, 5, 6, 2]),
    );
    expect(notes(ctx, "planet-fire")).toEqual([
      expect.stringMatching(
        /fighters blue-f\d+ \(4 wing\(s\)\) attack planet quadrant W needing 3 or less \(no targeting penalty\): rolls \[3,3,4,1\] = 3 hit\(s\); shield rolls \[5,6,2\] saving on 5 or less; 1 wound\(s\), 1 in all/,
      ),
    ]);
    expect(quadrant(s, "W").damage).toBe(1);
  });

  it('"Fighters may move to a different quadrant without restriction during their movement": landing over W, they attack N', () => {
    const s = fresh();
    carriers(s, 32);
    // The interceptor misses; every wing hits; no shield roll saves.
    const ctx = run(
      s,
      [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 41.5, y: 24 }], target: "planet:N" }],
      new DiceRng([6, 1, 1, 1, 1, 6, 6, 6, 6]),
    );
    expect(ctx.problems).toEqual([]);
    expect(quadrant(s, "N").damage).toBeGreaterThan(0);
    expect(quadrant(s, "W").damage).toBe(0);
  });

  it('"Missiles and fighters may be attacked by interceptors for the quadrant they are attacking": a hit not dodged costs a wing', () => {
    const s = fresh();
    carriers(s, 32);
    // The interceptor hits (1), the dodge fails (5): 3 wings attack.
    const ctx = run(
      s,
      [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 41.5, y: 24 }], target: "planet:W" }],
      new DiceRng([1, 5, 6, 6, 6]),
    );
    expect(notes(ctx, "intercept")).toEqual([
      expect.stringMatching(/planet quadrant W's 1 interceptor\(s\) fire at fighters blue-f\d+: \[1\] needing 4 or less - 1 hit\(s\)/),
    ]);
    expect(notes(ctx, "planet-fire")[0]).toMatch(/\(3 wing\(s\)\) attack planet quadrant W/);
    expect(s.sides.red?.vp).toBe(3);
  });

  it("a flight on a planet's surface needs 12\" to go from ground to space; moving round the planet to another quadrant costs nothing", () => {
    const s = fresh();
    carriers(s, 32);
    place(s, "blue-tf2-s1", 20, 10);
    s.flights["blue-f90"] = {
      id: "blue-f90",
      side: "blue",
      carrier: "blue-tf1-s1",
      wings: 2,
      x: 41.5,
      y: 24,
      movedTurn: 0,
      interceptAt: -1,
      dogfighting: null,
      grounded: "planet",
    };
    s.squadrons["red-tf1-s1"] && place(s, "red-tf1-s1", 41.5, 10);
    const ctx = run(s, [{ type: "flight", flight: "blue-f90", path: [{ x: 41.5, y: 11.5 }], target: "red-tf1-s1" }]);
    expect(ctx.problems[0]?.code).toBe("too-far");
    expect(ctx.problems[0]?.message).toMatch(/the flight path is 12\.5" plus 12" to go from ground to space/);
    const ctx2 = run(
      s,
      [{ type: "flight", flight: "blue-f90", path: [{ x: 41.5, y: 24 }], target: "planet:S" }],
      new DiceRng([6, 1, 1, 6, 6]),
    );
    expect(ctx2.problems).toEqual([]);
    expect(quadrant(s, "S").damage).toBeGreaterThan(0);
  });

  it('Moons "do not require additional movement for ships or fighters to reach or leave the surface": 20" to the moon is in reach', () => {
    const s = fresh();
    carriers(s, 54, 20);
    // The moon's quadrant has no interceptor: every wing hits, no shield roll saves.
    const ctx = run(
      s,
      [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 54, y: 39.5 }], target: "moon:N" }],
      new DiceRng([1, 1, 1, 1, 6, 6, 6, 6]),
    );
    expect(ctx.problems).toEqual([]);
    expect(quadrant(s, "N", "moon").damage).toBeGreaterThan(0);
  });

  it("a quadrant held by the flight's own side is refused (friendly-target) and the flight only moves", () => {
    const s = fresh();
    carriers(s, 32);
    quadrant(s, "W").holder = "blue";
    const ctx = run(s, [{ type: "flight", squadron: "blue-tf1-s1", path: [{ x: 41.5, y: 24 }], target: "planet:W" }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["friendly-target"]);
    expect(flights(s)[0]?.grounded).toBeUndefined();
  });
});

describe("A quadrant's fighter bays and missile installations in the planet's activation", () => {
  it('fighter bays launch at the nearest enemy squadron in reach (12" of the 24" to go from ground to space)', () => {
    const s = fresh();
    const cr = place(s, "blue-tf2-s1", 48, 24 - 6 - 10, 180);
    const ctx = ctxFor(s, "red", Rng.fromSeed(1));
    planetAirActivation(ctx, planetOf(s));
    const launches = notes(ctx, "launch");
    expect(launches).toEqual([
      expect.stringMatching(/planet quadrant N launches 1 fighter wing\(s\) as flight red-f\d+/),
      expect.stringMatching(/planet quadrant S launches 1 fighter wing\(s\) as flight red-f\d+/),
    ]);
    expect(quadrant(s, "N").fighters).toBe(0);
    expect(ctx.events.filter((e) => e.kind === "fire" && (e as { target?: string }).target === cr.id).length).toBeGreaterThan(0);
    // 13" from the surface: out of reach (13" + 12" > 24"); nothing launches.
    const s2 = fresh();
    place(s2, "blue-tf2-s1", 48, 24 - 6 - 13.5 - 2, 180);
    const ctx2 = ctxFor(s2, "red", Rng.fromSeed(1));
    planetAirActivation(ctx2, planetOf(s2));
    expect(notes(ctx2, "launch")).toEqual([]);
  });

  it("wings in wounded bays cannot launch (the interceptor, missile and bay are silenced before the heavy batteries)", () => {
    const s = fresh();
    place(s, "blue-tf2-s1", 48, 24 - 6 - 5, 180);
    quadrant(s, "N").damage = 2;
    quadrant(s, "S").damage = 2;
    const ctx = ctxFor(s, "red", Rng.fromSeed(1));
    planetAirActivation(ctx, planetOf(s));
    expect(notes(ctx, "launch")).toEqual([]);
  });

  it("a quadrant's flight with no enemy in reach flies home and is recovered; idle bays make fighter repair checks (3 or less)", () => {
    const s = fresh();
    const q = quadrant(s, "N");
    q.fighters = 0;
    s.flights["red-f50"] = {
      id: "red-f50",
      side: "red",
      carrier: "planet:N",
      wings: 1,
      x: 48,
      y: 8,
      movedTurn: 0,
      interceptAt: -1,
      dogfighting: null,
    };
    quadrant(s, "S").fighters = 0;
    const ctx = ctxFor(s, "red", new FixedRng(1));
    planetAirActivation(ctx, planetOf(s));
    expect(notes(ctx, "recover")).toEqual(["planet quadrant N recovers 1 fighter wing(s) of red-f50"]);
    expect(q.fighters).toBe(1);
    expect(s.flights["red-f50"]).toBeUndefined();
    expect(notes(ctx, "fighter-repair")).toEqual([
      expect.stringMatching(/quadrant S fighter repair checks \[1\] needing 3: 1 wing\(s\) recovered/),
    ]);
    expect(quadrant(s, "S").fighters).toBe(1);
  });

  it("a quadrant's flights move in their planet's activation only (not-activating in the side's taskforce activation)", () => {
    const s = fresh();
    place(s, "red-tf1-s1", 20, 10);
    s.flights["red-f50"] = {
      id: "red-f50",
      side: "red",
      carrier: "planet:N",
      wings: 1,
      x: 48,
      y: 8,
      movedTurn: 0,
      interceptAt: -1,
      dogfighting: null,
    };
    const ctx = ctxFor(s, "red");
    runActivation(ctx, unitOf(s, "red", "red-tf1"), [{ type: "flight", flight: "red-f50", path: [{ x: 48, y: 12 }] }]);
    expect(ctx.problems.map((p) => p.code)).toEqual(["not-activating"]);
    expect(ctx.problems[0]?.message).toContain("planet:N");
  });

  it("missile installations lock at 5 less the atmosphere's 1 within 24\" less 12\" of the surface, in the quadrant's arc", () => {
    const s = fresh();
    const cr = place(s, "blue-tf2-s1", 48 - 6 - 10, 24, 90);
    quadrant(s, "N").fighters = 0;
    quadrant(s, "S").fighters = 0;
    // The lock roll (4) succeeds; the idle bays of N and S roll their repair checks (6, 6); the cruisers' interceptors
    // (5 dice) all miss; the missile hits.
    const ctx = ctxFor(s, "red", new DiceRng([4, 6, 6, 6, 6, 6, 6, 6]));
    planetAirActivation(ctx, planetOf(s));
    expect(notes(ctx, "lock")).toEqual([
      expect.stringMatching(
        /planet quadrant W locks on blue-tf2-s1, 10" from the surface \(range 12"\): 1 lock roll\(s\) needing 4 or less \[4\]: 1 missile\(s\) launched/,
      ),
    ]);
    expect(notes(ctx, "intercept")[0]).toMatch(/blue-tf2-s1 fires at 1 missiles of planet:W/);
    expect(ctx.events.some((e) => e.kind === "fire" && (e as { target?: string }).target === cr.id)).toBe(true);
    // 13" from the surface: out of the planet's 12".
    const s2 = fresh();
    place(s2, "blue-tf2-s1", 48 - 6 - 13, 24, 90);
    const ctx2 = ctxFor(s2, "red", new FixedRng(1));
    planetAirActivation(ctx2, planetOf(s2));
    expect(notes(ctx2, "lock")).toEqual([]);
  });

  it('a moon\'s missile installations keep 24" and 5 or less ("Moons do not suffer the -1 when firing out or the 12" range reduction")', () => {
    const s = fresh();
    quadrant(s, "N", "moon").weapons = { heavy: 2, missile: 1 };
    place(s, "blue-tf2-s1", 54, 42 - 2 - 20 - 2, 180);
    const ctx = ctxFor(s, "red", new FixedRng(6));
    planetAirActivation(ctx, planetOf(s, "moon"));
    expect(notes(ctx, "lock")[0]).toMatch(
      /moon quadrant N locks on blue-tf2-s1, 20" from the surface \(range 24"\): 1 lock roll\(s\) needing 5 or less/,
    );
  });

  it("a quadrant's flights and wings survive the state's JSON round trip (the carrier is the quadrant)", () => {
    const s = fresh();
    place(s, "blue-tf2-s1", 48, 24 - 6 - 10, 180);
    planetAirActivation(ctxFor(s, "red", Rng.fromSeed(1)), planetOf(s));
    expect(flights(s).some((f) => f.carrier.startsWith("planet:"))).toBe(true);
    const back = parseState(JSON.parse(JSON.stringify(s)));
    expect(back.ok).toBe(true);
  });
});

describe('Missiles launched at a quadrant ("Missile Resolution")', () => {
  /** blue-tf2-s1 as missile cruisers (4 launchers a ship) at x, y; blue-tf2 activates with a missiles order at `target`. */
  function launchAt(s: BattleState, x: number, y: number, target: string, rng: Rng) {
    s.designs["generic/missile-cruiser"] = design("generic/missile-cruiser");
    const sq = place(s, "blue-tf2-s1", x, y);
    sq.design = "generic/missile-cruiser";
    const ctx = ctxFor(s, "blue", rng);
    runActivation(ctx, unitOf(s, "blue", "blue-tf2"), [{ type: "missiles", squadron: sq.id, target }]);
    return ctx;
  }
  const strikes = (ctx: { events: { kind: string }[] }) =>
    ctx.events.filter((e) => e.kind === "missiles") as unknown as { target: string; launched: number; arrived: number; text: string }[];

  it('"If missiles pass within 6" of an enemy fighter flight who\'s carrier squadron is still in the battlespace, the flight may be moved to intercept the missiles": a quadrant\'s flight stops missiles bound for its quadrant', () => {
    const s = fresh();
    // A flight of quadrant W's bays (its quadrant held: its carriers are present), 4" off the missiles' path.
    s.flights["red-f50"] = {
      id: "red-f50",
      side: "red",
      carrier: "planet:W",
      wings: 4,
      x: 34,
      y: 28,
      movedTurn: 0,
      interceptAt: -1,
      dogfighting: null,
    };
    // One lock of five (4 missiles launched in step 1); in step 5 the flight's 4 wings roll [1,2,3,1]: all 4 shot down.
    const ctx = launchAt(s, 22, 24, "planet:W", new DiceRng([1, 6, 6, 6, 6, 1, 2, 3, 1]));
    expect(ctx.problems).toEqual([]);
    expect(notes(ctx, "lock")).toEqual([
      'blue-tf2-s1 locks on planet quadrant W, 20" from the surface: lock rolls [1,6,6,6,6] needing 5 or less, 4 missile(s) launched',
    ]);
    expect(notes(ctx, "intercept")).toEqual(["red-f50 (4 wings) intercepts 4 missiles of blue-tf2-s1: [1,2,3,1] needing 3 - 4 shot down"]);
    expect(strikes(ctx)).toMatchObject([{ target: "planet:W", launched: 4, arrived: 0 }]);
    expect(strikes(ctx)[0]?.text).toContain("4 shot down by fighters red-f50");
    // The intercept move put the flight on the missiles' path; nothing reached the quadrant (its interceptor never fired).
    expect(s.flights["red-f50"]).toMatchObject({ x: 34, y: 24 });
    expect(quadrant(s, "W").damage).toBe(0);
    expect(notes(ctx, "planet-fire")).toEqual([]);
  });

  it("a flight on the planet's surface cannot intercept missiles at its quadrant; the quadrant's interceptors fire at what arrives", () => {
    const s = fresh();
    s.flights["red-f50"] = {
      id: "red-f50",
      side: "red",
      carrier: "planet:W",
      wings: 4,
      x: 41.5,
      y: 24,
      grounded: "planet",
      movedTurn: 0,
      interceptAt: -1,
      dogfighting: null,
    };
    // Two locks (8 missiles); the quadrant's interceptor (1) stops one; 7 shield rolls at 4 or less: 3 wounds.
    const ctx = launchAt(s, 22, 24, "planet:W", new DiceRng([1, 2, 6, 6, 6, 1, 1, 2, 3, 4, 5, 6, 6]));
    expect(notes(ctx, "intercept")).toEqual([
      "planet quadrant W's 1 interceptor(s) fire at 8 missiles of blue-tf2-s1: [1] needing 4 or less - 1 hit(s)",
    ]);
    expect(notes(ctx, "planet-fire")).toEqual([
      "7 missile(s) of blue-tf2-s1 hit planet quadrant W: shield rolls [1,2,3,4,5,6,6] saving on 4 or less (hardness 5 less the missile's 1); 3 wound(s), 3 in all",
    ]);
    expect(quadrant(s, "W").damage).toBe(3);
  });

  it('"Missiles that must negotiate their way around or through planets, asteroids or dust clouds lose half of their number": the moon halves missiles bound for Kethra\'s quadrant S', () => {
    const s = fresh();
    // Beyond the moon (54, 42) on the line from Kethra's centre (48, 24): 25" from the centre, over quadrant S.
    const ctx = launchAt(s, 55.9, 47.7, "planet:S", new DiceRng([1, 1, 6, 6, 6, 6]));
    expect(ctx.problems).toEqual([]);
    expect(strikes(ctx)).toMatchObject([{ target: "planet:S", launched: 8, arrived: 4 }]);
    expect(strikes(ctx)[0]?.text).toMatch(/4 lost negotiating/);
    expect(notes(ctx, "planet-fire")[0]).toMatch(/^4 missile\(s\) of blue-tf2-s1 hit planet quadrant S/);
  });

  it("missiles at a quadrant keep the launch checks: wrong-quadrant and out-of-range (the distance measured)", () => {
    const s = fresh();
    const ctx = launchAt(s, 22, 24, "planet:N", new FixedRng(1));
    expect(ctx.problems.map((p) => [p.code, p.message])).toEqual([
      ["wrong-quadrant", "blue-tf2-s1 faces quadrant W of planet, not N (fire at planet:W)"],
    ]);
    const ctx2 = launchAt(fresh(), 12, 24, "planet:W", new FixedRng(1));
    expect(ctx2.problems.map((p) => [p.code, p.message])).toEqual([
      ["out-of-range", 'the surface of planet is 30" away; missiles reach 24"'],
    ]);
    expect(strikes(ctx2)).toEqual([]);
  });
});

describe("Bots and quadrants", () => {
  it("the sensible bot sends its fighters at the weakest enemy-held quadrant in reach when no squadron is", () => {
    const s = fresh();
    carriers(s, 32);
    quadrant(s, "N").damage = 3;
    expect(quadrantFlightTarget(s, "blue", { x: 32, y: 22.5 })).toMatchObject({ id: "planet:N" });
    s.turnState.queue = [{ side: "blue", taskforce: "blue-tf1" }];
    s.turnState.index = 0;
    const orders = botOrders(s, "blue").orders;
    expect(orders).toContainEqual(expect.objectContaining({ type: "flight", squadron: "blue-tf1-s1", target: "planet:N" }));
    const ctx = run(s, orders);
    expect(ctx.problems).toEqual([]);
    expect(notes(ctx, "planet-fire")).toContainEqual(expect.stringMatching(/fighters blue-f\d+ \(4 wing\(s\)\) attack planet quadrant N/));
  });

  it("the random-legal bot may give quadrant targets to flights", () => {
    const s = fresh();
    carriers(s, 32);
    place(s, "red-tf1-s1", 4, 44);
    s.turnState.queue = [{ side: "blue", taskforce: "blue-tf1" }];
    s.turnState.index = 0;
    let seen = false;
    for (let seed = 0; seed < 40 && !seen; seed++) {
      const o = randomLegalOrders(s, "blue", Rng.fromSeed(seed)).orders;
      seen = o.some((x) => x.type === "flight" && /^planet:[NESW]$/.test(x.target ?? ""));
    }
    expect(seen).toBe(true);
  });
});
