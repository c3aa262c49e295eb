/**
 * Rules that were in the code without a test named after their passage (RULINGS "Coverage of the seed",
 * "Gaps found" item 5): one describe per seed passage, with fixed or scripted dice where dice matter.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { interceptorGroups } from "../../src/rules/battleshift/combat/interceptors.js";
import type { FireEvent, LossEvent, NoteEvent } from "../../src/rules/battleshift/events.js";
import { STATION_DESIGNS } from "../../src/rules/battleshift/fleet/catalogue.js";
import { createBattle, fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import type { BattleState, Flight } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, FixedRng, playSteps, type SqSpec, tinyBattle, unitOf } from "./support.js";

function run(state: BattleState, orders: Order[], rng: Rng = Rng.fromSeed(3), side = "blue", tf: string | null = "blue-tf1") {
  const ctx = ctxFor(state, side, rng);
  runActivation(ctx, unitOf(state, side, tf), orders);
  return ctx;
}
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);
const notes = (ctx: { events: { kind: string }[] }, what: string) =>
  ctx.events.filter((e) => e.kind === "note" && (e as NoteEvent).what === what) as NoteEvent[];
const fires = (ctx: { events: { kind: string }[] }) => ctx.events.filter((e) => e.kind === "fire") as FireEvent[];
const line = (id: string, side: "blue" | "red", design: string, x: number, y: number, n: number, extra: Partial<SqSpec> = {}): SqSpec => ({
  id,
  side,
  design,
  at: Array.from({ length: n }, (_, i) => [x, y + i] as [number, number]),
  facing: side === "blue" ? 90 : 270,
  ...extra,
});
const flight = (s: BattleState, id: string, side: string, carrier: string, wings: number, x: number, y: number): Flight => {
  const f: Flight = { id, side, carrier, wings, x, y, movedTurn: 0, interceptAt: -1, dogfighting: null };
  s.flights[id] = f;
  return f;
};

/** DiceRng whose d3s (int(1, 3)) come from a script too: assault units roll "a d3 for the attack". */
class AssaultDice extends DiceRng {
  private readonly d3s: number[];
  constructor(d6s: number[], d3s: number[]) {
    super(d6s);
    this.d3s = [...d3s];
  }
  protected override drawInt(lo: number, hi: number): number {
    if (lo === 1 && hi === 3 && this.d3s.length > 0) return this.d3s.shift() as number;
    return super.drawInt(lo, hi);
  }
}

describe('Ion Beams (L248-251): "If they were abandoned by a squadron moving outside of command distance, they immediately shift out of the battle and do not return"', () => {
  const withDisabled = () => {
    const s = tinyBattle([line("b1", "blue", "generic/fleet-cruiser", 20, 20, 3), line("r1", "red", "generic/fleet-cruiser", 60, 20, 2)]);
    s.squadrons.b1!.ships[2]!.disabled = true;
    return s;
  };
  it('"Disabled ships cannot be moved ... and may be freely abandoned": moving 10" leaves the disabled ship more than 8" (command distance) behind; it shifts out for good, no VP to anyone', () => {
    const s = withDisabled();
    const ctx = run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 10 }]);
    expect(codes(ctx)).toEqual([]);
    expect(s.squadrons.b1?.ships.map((x) => x.id)).toEqual(["b1.1", "b1.2"]);
    const loss = ctx.events.find((e) => e.kind === "loss") as LossEvent;
    expect(loss).toMatchObject({ squadron: "b1", ships: 1, what: "abandoned" });
    expect(loss.text).toMatch(/beyond 8": they shift out of the battle and do not return/);
    expect([s.sides.blue?.vp, s.sides.red?.vp]).toEqual([0, 0]);
    // "do not return": the ship is in no squadron, no hyperspace, no arrival.
    expect(Object.values(s.squadrons).some((q) => q.ships.some((x) => x.id === "b1.3"))).toBe(false);
    expect(Object.values(s.prizes)).toHaveLength(0);
  });
  it('a disabled ship left within 8" of an active ship of its squadron stays (moving 6")', () => {
    const s = withDisabled();
    const ctx = run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 6 }]);
    expect(ctx.events.some((e) => e.kind === "loss")).toBe(false);
    expect(s.squadrons.b1?.ships.map((x) => [x.id, x.x, x.disabled])).toEqual([
      ["b1.1", 26, false],
      ["b1.2", 26, false],
      ["b1.3", 20, true],
    ]);
  });
});

describe('Assault Units (L747-752): "A ship with assault units can board a non-disabled ship ... within 3"', () => {
  /** A Bionid Dargen Battleship (2 assault units) beside two Fleet Cruisers (size 3, 2 shields each, hull 4). */
  const assault = (dx = 2) =>
    tinyBattle([
      { id: "b1", side: "blue", design: "bionid/dargen-battleship", at: [[10, 20]], facing: 90 },
      line("r1", "red", "generic/fleet-cruiser", 10 + dx, 20, 2),
    ]);
  const order: Order = { type: "board", squadrons: ["b1"], target: "r1", ship: "r1.1", assault: true };
  it('"roll an attack with each assault unit with a targeting of 4", "resisted by the enemy\'s shields", "a d3 for the attack" against d6 + size: 3 + 3 = 6 against 1 + 3 = 4 captures the ship', () => {
    const s = assault();
    // To hit [4, 2] needing 4: two hits; the cruiser's 2 shields roll [5, 6] at hardness 4: none saved; d3s 3 + 3; defence d6 1 + size 3.
    const rng = new AssaultDice([4, 2, 5, 6, 1], [3, 3]);
    const ctx = run(s, [order], rng);
    expect(codes(ctx)).toEqual([]);
    expect(notes(ctx, "board")[0]?.text).toMatch(
      /2 units roll \[4,2\] needing 4, shields \[5,6\]: 2 through, attack 6 \(2d3 \[3,3\]\) against defence 4 \(d6 \[1\] \+ size 3\): captured/,
    );
    expect(rng.remaining).toBe(0);
    expect(s.squadrons.r1?.ships.map((x) => x.id)).toEqual(["r1.2"]);
    expect(Object.values(s.prizes)).toMatchObject([{ side: "blue", fromSide: "red", squadron: "b1", design: "generic/fleet-cruiser" }]);
    // "Hits do not cause suppression."
    expect(s.squadrons.r1?.suppression).toBe(0);
  });
  it('"normal modifiers": a suppression marker on the boarders makes it 3; "have no strength": a shield roll of 4 saves; with no unit through the assault fails', () => {
    const s = assault();
    s.squadrons.b1!.suppression = 1;
    const ctx = run(s, [order], new AssaultDice([4, 3, 4, 6], [3, 3]));
    expect(notes(ctx, "board")[0]?.text).toMatch(/2 units roll \[4,3\] needing 3, shields \[4\]: 0 through, .*: repelled/);
    expect(s.squadrons.r1?.ships).toHaveLength(2);
    expect(s.squadrons.r1?.damage).toBe(0);
  });
  it('"normal modifiers" on the target\'s side: a ship in cover (a dust cloud) makes it 3, a station +1 makes it 5', () => {
    const inDust = assault();
    inDust.battlespace.terrain.push({ id: "dust", kind: "dust", name: "the Veil", x: 12, y: 20, radius: 3 });
    const dusty = run(inDust, [order], new AssaultDice([4, 3, 6, 6], [3, 3]));
    expect(notes(dusty, "board")[0]?.text).toMatch(/2 units roll \[4,3\] needing 3 \(in cover: the Veil\), shields \[6\]: 1 through/);
    const station = assault();
    station.squadrons.r1!.station = true;
    const st = run(station, [order], new AssaultDice([5, 6, 6, 1], [3, 3]));
    expect(notes(st, "board")[0]?.text).toMatch(/2 units roll \[5,6\] needing 5, shields \[6\]: 1 through/);
  });
  it('beyond 3" the assault is refused with the distance; without `assault` only disabled ships can be boarded', () => {
    const far = run(assault(3.5), [order]);
    expect(codes(far)).toEqual(["no-assault-units"]);
    expect(far.problems[0]?.message).toMatch(/within 3" of r1\.1 \(nearest 3\.5"\)/);
    expect(codes(run(assault(), [{ ...order, assault: false }]))).toEqual(["not-disabled"]);
  });
});

describe('Assault Units (L754-755): "A ship that is captured adds its hull to the total damage taken by its former squadron, though that squadron will not have to take any immediate Destruction tests"', () => {
  it("a Fleet Cruiser (hull 4) taken by assault: its old squadron's damage goes 2 -> 6, and no destruction test is rolled", () => {
    const s = tinyBattle([
      { id: "b1", side: "blue", design: "bionid/dargen-battleship", at: [[10, 20]], facing: 90 },
      line("r1", "red", "generic/fleet-cruiser", 12, 20, 3, { damage: 2 }),
    ]);
    const rng = new AssaultDice([1, 1, 6, 6, 1], [3, 3]);
    const ctx = run(s, [{ type: "board", squadrons: ["b1"], target: "r1", ship: "r1.1", assault: true }], rng);
    expect(notes(ctx, "board")[0]?.text).toMatch(/captured/);
    expect(s.squadrons.r1?.damage).toBe(6);
    expect(s.squadrons.r1?.ships).toHaveLength(2);
    // The dice rolled are the assault's (2 to hit, 2 shields, 1 defence) and, at step 7, the prize's repair roll: no destruction test.
    expect(rng.rolled.slice(0, 5)).toEqual([1, 1, 6, 6, 1]);
    expect(rng.rolled).toHaveLength(6);
    expect(notes(ctx, "repair").map((n) => n.text)).toEqual([expect.stringMatching(/^Prize blue-p\d+ repair rolls \[\d\] needing a 1/)]);
    expect(ctx.events.filter((e) => e.kind === "loss").map((e) => (e as LossEvent).what)).toEqual(["captured"]);
    // "The captured ship now activates with the squadron that captured it."
    expect(Object.values(s.prizes)[0]?.squadron).toBe("b1");
  });
});

describe('Interceptors (L621-623): destroyers\' light batteries "may not be fired as light weapons AND interceptors during the same Taskforce activation"', () => {
  const destroyers = () =>
    tinyBattle([line("b1", "blue", "generic/attack-destroyer", 10, 20, 2), line("r1", "red", "generic/fleet-cruiser", 20, 20, 2)]);
  it("light batteries fired as light weapons in an activation are not fired as interceptors in it", () => {
    const s = destroyers();
    const ctx = ctxFor(s, "blue", new FixedRng(6));
    expect(interceptorGroups(ctx, s.squadrons.b1!, true)).toEqual([{ dice: 4, targeting: 3, lights: true }]);
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "light", squadrons: ["b1"], target: "r1" }]);
    expect(fires(ctx)).toHaveLength(1);
    expect(interceptorGroups(ctx, s.squadrons.b1!, true)).toEqual([]);
  });
  it("light batteries already fired as interceptors in an activation cannot fire as light weapons in it (`lights-used`)", () => {
    const s = destroyers();
    const ctx = ctxFor(s, "blue", new FixedRng(6));
    s.squadrons.b1!.lightAt = ctx.act;
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [{ type: "light", squadrons: ["b1"], target: "r1" }]);
    expect(codes(ctx)).toEqual(["lights-used"]);
    expect(ctx.problems[0]?.message).toMatch(/b1 already used its light batteries as interceptors this activation/);
    expect(fires(ctx)).toHaveLength(0);
  });
  it("in its own activation a destroyer squadron passing an enemy flight keeps its light batteries as weapons (ruling 'Destroyer light batteries as interceptors')", () => {
    const s = destroyers();
    flight(s, "rf", "red", "gone-carrier", 3, 14, 20.5);
    const ctx = run(
      s,
      [
        { type: "move", squadron: "b1", heading: 90, distance: 6 },
        { type: "light", squadrons: ["b1"], target: "r1" },
      ],
      new FixedRng(6),
    );
    expect(notes(ctx, "intercept")).toHaveLength(0);
    expect(codes(ctx)).toEqual([]);
    expect(fires(ctx)).toHaveLength(1);
  });
});

describe('Turn Sequence (L412-414): "players place any arriving Taskforces on the table ... The squadrons and ships within a Taskforce may otherwise be place[d] in any formation desired" (the `place` order)', () => {
  const battle = () => {
    const fleet = (name: string) => ({
      name,
      taskforces: [
        { name: `${name} 1`, squadrons: [{ name: `${name} A`, design: "generic/fleet-cruiser", ships: 3 }] },
        { name: `${name} 2`, squadrons: [{ name: `${name} B`, design: "generic/fleet-cruiser", ships: 3 }] },
      ],
    });
    const s = createBattle({ seed: 1, scenario: "test", fleets: fleetsFrom([fleet("Blue"), fleet("Red")]) }).state;
    const q = s.squadrons["blue-tf2-s1"]!;
    q.location = "reserve";
    q.arrival = { turn: 2, sector: "5B", facing: 270 };
    return playSteps(
      s,
      () => [],
      (x) => x.turn === 2,
    ).state;
  };
  const centre = (s: BattleState, id: string) => {
    const ships = s.squadrons[id]!.ships;
    return { x: ships.reduce((t, p) => t + p.x, 0) / ships.length, y: ships.reduce((t, p) => t + p.y, 0) / ships.length };
  };
  it("an arriving squadron is placed where its player writes, in its sector and with its facing", () => {
    const r = playSteps(
      battle(),
      () => [{ type: "place", squadron: "blue-tf2-s1", x: 50, y: 14 }],
      (x) => x.turnState.phase === "activation",
    );
    expect(r.problems).toEqual([]);
    const c = centre(r.state, "blue-tf2-s1");
    expect([Math.round(c.x * 100) / 100, Math.round(c.y * 100) / 100]).toEqual([50, 14]);
    expect(r.state.squadrons["blue-tf2-s1"]?.facing).toBe(270);
  });
  it("a placement that would put a ship outside the arrival sector, or a squadron that is not arriving, is refused and nothing moves", () => {
    const start = battle();
    const before = structuredClone(start.squadrons["blue-tf2-s1"]!.ships);
    const r = playSteps(
      start,
      () => [
        { type: "place", squadron: "blue-tf2-s1", x: 47, y: 14 },
        { type: "place", squadron: "blue-tf1-s1", x: 10, y: 10 },
      ],
      (x) => x.turnState.phase === "activation",
    );
    expect(r.problems.map((p) => p.code)).toEqual(["bad-placement", "bad-placement"]);
    expect(r.problems[0]?.message).toMatch(/outside its arrival sector 5B/);
    expect(r.problems[1]?.message).toMatch(/blue-tf1-s1 is not arriving this turn/);
    expect(r.state.squadrons["blue-tf2-s1"]?.ships).toEqual(before);
  });
});

describe('Fighters (L634-635): "Fighters wings from a squadron form up into one or two flights"', () => {
  it("a carrier squadron launches a first and a second flight; a third is refused (`too-many-flights`), its wings stay aboard", () => {
    const s = tinyBattle([line("b1", "blue", "generic/light-carrier", 10, 20, 2), line("r1", "red", "generic/fleet-cruiser", 50, 20, 2)]);
    const launch = (y: number): Order => ({ type: "flight", squadron: "b1", wings: 2, path: [{ x: 20, y }] });
    const ctx = run(s, [launch(18), launch(22), launch(26)]);
    expect(codes(ctx)).toEqual(["too-many-flights"]);
    expect(ctx.problems[0]?.message).toMatch(/b1 already has 2 flights on the table \("one or two Flights"\)/);
    expect(Object.values(s.flights).map((f) => [f.carrier, f.wings])).toEqual([
      ["b1", 2],
      ["b1", 2],
    ]);
    expect(s.squadrons.b1?.fighters).toBe(4);
  });
  it("flights still on the table from an earlier turn count: with two out, none can be launched", () => {
    const s = tinyBattle([line("b1", "blue", "generic/light-carrier", 10, 20, 2)]);
    flight(s, "bf1", "blue", "b1", 1, 30, 10);
    flight(s, "bf2", "blue", "b1", 1, 30, 30);
    expect(codes(run(s, [{ type: "flight", squadron: "b1", wings: 1, path: [{ x: 20, y: 20 }] }]))).toEqual(["too-many-flights"]);
  });
});

describe('Interceptors (L613-614): "Interceptors may be fired at any time during a squadron\'s movement ... they may only fire at targets the squadron directly moves over"', () => {
  it("a Fleet Battleship squadron moving over an enemy flight fires its 4 interceptors at it, needing 4; every hit may be dodged on a 3", () => {
    const s = tinyBattle([
      line("b1", "blue", "generic/fleet-battleship", 10, 20, 2),
      line("r1", "red", "generic/fleet-cruiser", 60, 20, 2),
    ]);
    flight(s, "rf", "red", "r1", 4, 16, 19.5);
    // Interceptors [4, 5, 1, 2]: 3 hits; dodges [3, 4, 6]: one dodged, two wings lost.
    const ctx = run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 10 }], new DiceRng([4, 5, 1, 2, 3, 4, 6]));
    expect(notes(ctx, "intercept")[0]?.text).toMatch(/b1 fires at fighters rf: 4 interceptors needing 4 or less: \[4,5,1,2\] - 3 hits/);
    expect(s.flights.rf?.wings).toBe(2);
    expect(s.sides.blue?.vp).toBe(6);
  });
  it('a flight 1.5" off the path is not fired at; a suppression marker makes the interceptors need 3', () => {
    const s = tinyBattle([
      line("b1", "blue", "generic/fleet-battleship", 10, 20, 2),
      line("r1", "red", "generic/fleet-cruiser", 60, 20, 2),
    ]);
    flight(s, "rf", "red", "r1", 4, 16, 18.5);
    expect(notes(run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 10 }], new FixedRng(1)), "intercept")).toHaveLength(0);
    const s2 = tinyBattle([
      line("b1", "blue", "generic/fleet-battleship", 10, 20, 2, { suppression: 1 }),
      line("r1", "red", "generic/fleet-cruiser", 60, 20, 2),
    ]);
    flight(s2, "rf", "red", "r1", 4, 16, 20);
    const ctx = run(s2, [{ type: "move", squadron: "b1", heading: 90, distance: 10 }], new FixedRng(6));
    expect(notes(ctx, "intercept")[0]?.text).toMatch(/4 interceptors needing 3 or less/);
  });
});

describe('Fighters (L680-681): "If they ... leave a squadron they were previously dogfighting, they suffer a -2 penalty to attack rolls and gain a +1 to dodge rolls"', () => {
  it("a flight leaving the flight it was dogfighting flies on (the flight it leaves does not stop it again), dodges on 4 and attacks on 1", () => {
    const s = tinyBattle([
      line("b1", "blue", "generic/light-carrier", 10, 20, 2),
      line("r1", "red", "generic/fleet-cruiser", 32, 20, 2),
      { id: "r2", side: "red", design: "generic/light-carrier", at: [[60, 40]], facing: 270, taskforce: "red-tf2" },
    ]);
    const bf = flight(s, "bf", "blue", "b1", 4, 20, 20);
    const rf = flight(s, "rf", "red", "r2", 2, 20, 20);
    bf.dogfighting = "rf";
    rf.dogfighting = "bf";
    // r1's 2 interceptors [1, 1]: 2 hits; dodges [4, 5] needing 4: one wing lost; the 3 wings attack [1, 2, 2] needing 1: 1 hit.
    const ctx = run(s, [{ type: "flight", flight: "bf", path: [{ x: 31.5, y: 20 }], target: "r1" }], new DiceRng([1, 1, 4, 5, 1, 2, 2]));
    expect(codes(ctx)).toEqual([]);
    expect(notes(ctx, "dogfight")).toHaveLength(0);
    expect(notes(ctx, "dodge")[0]?.text).toMatch(/bf dodges \[4,5\] needing 4: 1 wing\(s\) lost/);
    expect(fires(ctx)[0]).toMatchObject({ weapon: expect.stringMatching(/fighter/), dice: 3, targeting: 1, hits: 1 });
    expect([bf.x, bf.dogfighting, rf.dogfighting]).toEqual([31.5, null, null]);
  });
  it('the -2 is for leaving only: the same flight, not dogfighting, attacks at 3 ("a fighter wing will hit on 1\'s")', () => {
    const s = tinyBattle([line("b1", "blue", "generic/light-carrier", 10, 20, 2), line("r1", "red", "generic/fleet-cruiser", 32, 20, 2)]);
    flight(s, "bf", "blue", "b1", 4, 20, 20);
    const ctx = run(s, [{ type: "flight", flight: "bf", path: [{ x: 31.5, y: 20 }], target: "r1" }], new FixedRng(6));
    expect(fires(ctx)[0]?.targeting).toBe(3);
  });
});

describe('Space Stations (L1494): "Stations have shields equal to their size. Stations can be of any size"', () => {
  const atStation = (target: string) => {
    const s = tinyBattle([line("b1", "blue", "generic/fleet-cruiser", 10, 20, 3), line("r1", "red", "generic/dreadnought", 30, 21, 1)]);
    const d = STATION_DESIGNS[target];
    if (d) {
      s.designs[target] = d;
      Object.assign(s.squadrons.r1!, { design: target, station: true });
    }
    return s;
  };
  it("the station designs' shields equal their size (a ship's are half its size, rounded up)", () => {
    for (const d of Object.values(STATION_DESIGNS)) expect([d.id, d.shields, d.move]).toEqual([d.id, d.size, 0]);
  });
  it("6 heavy battery hits on a size 5 Orbital Defense meet 5 shield rolls; on a size 5 Dreadnought, 3", () => {
    const station = fires(
      run(atStation("station/orbital-defense"), [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(1)),
    )[0];
    expect(station).toMatchObject({ hits: 6, shieldsUsed: 5, targeting: 5 });
    const ship = fires(run(atStation("none"), [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(1)))[0];
    expect(ship).toMatchObject({ hits: 6, shieldsUsed: 3, targeting: 4 });
  });
});

describe("Sample Space Stations (L1591-1640): Orbital Defense, Orbital Carrier, Battlefortress", () => {
  const figures = (id: string) => {
    const d = STATION_DESIGNS[id];
    if (!d) throw new Error(`no station ${id}`);
    const w = d.systems;
    return {
      size: d.size,
      hull: d.hull,
      shields: d.shields,
      move: d.move,
      heavy: w.heavy,
      light: w.light,
      missile: w.missile,
      fighterBay: w.fighterBay,
      interceptor: w.interceptor,
    };
  };
  it('Orbital Defense: "3 Heavy Batteries, 2 Light Batteries, 2 Interceptors", 0" (size 5, read from the space they fill)', () => {
    expect(figures("station/orbital-defense")).toEqual({
      size: 5,
      hull: 6,
      shields: 5,
      move: 0,
      heavy: 3,
      light: 2,
      missile: 0,
      fighterBay: 0,
      interceptor: 2,
    });
  });
  it('Orbital Carrier: "4 Fighter Wings, 1 Heavy Battery, 2 Light Batteries, 2 Interceptors" (size 5)', () => {
    expect(figures("station/orbital-carrier")).toEqual({
      size: 5,
      hull: 6,
      shields: 5,
      move: 0,
      heavy: 1,
      light: 2,
      missile: 0,
      fighterBay: 4,
      interceptor: 2,
    });
  });
  it('Battlefortress: size "15", hull "16", shields "15", "5 Heavy Batteries, 6 Missiles, 6 Fighters, 8 Interceptors"', () => {
    expect(figures("station/battlefortress")).toEqual({
      size: 15,
      hull: 16,
      shields: 15,
      move: 0,
      heavy: 5,
      light: 0,
      missile: 6,
      fighterBay: 6,
      interceptor: 8,
    });
  });
  it("each fills exactly the system space of its size (2 units per size)", () => {
    for (const id of ["station/orbital-defense", "station/orbital-carrier", "station/battlefortress"])
      expect(STATION_DESIGNS[id]?.space).toMatchObject({ used: 2 * (STATION_DESIGNS[id]?.size ?? 0), free: 0 });
  });
});
