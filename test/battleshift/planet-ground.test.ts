/**
 * Planets in play, the ground and the defender's orders (seed 004, "Planets (Extremely experimental)", "Moonbases";
 * RULINGS "The defender's orders", "Assault forces from quadrant to quadrant", "Assault units lost from the landing
 * ships", "Light batteries at a quadrant").
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders, randomLegalOrders } from "../../src/rules/battleshift/bot/bot.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { createBattle, fleetsFrom, PLANETFALL_FLEETS, planetfall } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState, PlanetInPlay } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { moonPlacementFault, type Quadrant, type QuadrantId } from "../../src/rules/battleshift/planets/planet.js";
import { planetStep } from "../../src/rules/battleshift/planets/planet-orders.js";
import { groundAssaultOrder, planetsOfSide } from "../../src/rules/battleshift/planets/planet-play.js";
import { parseState } from "../../src/rules/battleshift/state-schema.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { clearTable, ctxFor, DiceRng, place, unitOf } from "./support.js";

function fresh(): BattleState {
  const s = planetfall(1, fleetsFrom(PLANETFALL_FLEETS));
  clearTable(s);
  return s;
}

const kethra = (s: BattleState): PlanetInPlay => s.planets?.planet as PlanetInPlay;
const quadrant = (s: BattleState, id: QuadrantId): Quadrant => kethra(s).defense.quadrants.find((q) => q.id === id) as Quadrant;
const notes = (events: readonly { kind: string; what?: string; text?: string }[], what: string): string[] =>
  events.filter((e) => e.kind === "note" && e.what === what).map((e) => e.text ?? "");
const fire = (q: string, target: string): Order => ({ type: "quadrantFire", quadrant: q, target });
const move = (from: string, to: string, units?: number): Order => ({ type: "assaultMove", from, to, ...(units ? { units } : {}) });

describe("The defender's orders (setting planetOrders)", () => {
  it("Planets are their own task force ... when they activate: the defending seat names each quadrant's target; a quadrant without an order fires at the nearest", () => {
    const s = fresh();
    s.settings.planetOrders = true;
    place(s, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    place(s, "blue-tf2-s1", 48 - 6 - 10, 24, 90);
    const ctx = ctxFor(s, "red", Rng.fromSeed(2));
    planetStep(ctx, kethra(s), [fire("planet:W", "blue-tf1-s1")]);
    expect(ctx.problems).toEqual([]);
    expect(notes(ctx.events, "planet-fire")).toEqual([
      expect.stringMatching(
        /quadrant W fires 4 heavy installation\(s\) at blue-tf1-s1 \(the defender's target\), 20" from the surface \(range 24", targeting 3\)/,
      ),
    ]);
    const s2 = fresh();
    s2.settings.planetOrders = true;
    place(s2, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    place(s2, "blue-tf2-s1", 48 - 6 - 10, 24, 90);
    const ctx2 = ctxFor(s2, "red", Rng.fromSeed(2));
    planetStep(ctx2, kethra(s2), []);
    expect(notes(ctx2.events, "planet-fire")).toEqual([
      expect.stringMatching(/quadrant W fires 4 heavy installation\(s\) at blue-tf2-s1, 10" from/),
    ]);
  });

  it("each quadrant's order is checked: unknown quadrant, arc, range (measured), quadrant not held, silenced; other orders are refused", () => {
    const s = fresh();
    s.settings.planetOrders = true;
    place(s, "blue-tf1-s1", 48 - 6 - 30, 24, 90);
    quadrant(s, "E").holder = "blue";
    quadrant(s, "S").damage = 9;
    const ctx = ctxFor(s, "red", Rng.fromSeed(2));
    planetStep(ctx, kethra(s), [
      fire("planet:X", "blue-tf1-s1"),
      fire("moon:N", "blue-tf1-s1"),
      fire("planet:N", "blue-tf1-s1"),
      fire("planet:W", "blue-tf1-s1"),
      fire("planet:E", "blue-tf1-s1"),
      fire("planet:S", "blue-tf1-s1"),
      { type: "move", squadron: "red-tf1-s1", heading: 0, distance: 1 },
    ]);
    const byCode = Object.fromEntries(ctx.problems.map((p) => [p.order, `${p.code}: ${p.message}`]));
    expect(byCode["#0 quadrantFire planet:X -> blue-tf1-s1"]).toMatch(/^unknown-quadrant: .*\(planet:N, planet:E, planet:S, planet:W\)/);
    expect(byCode["#1 quadrantFire moon:N -> blue-tf1-s1"]).toMatch(/^unknown-quadrant/);
    expect(byCode["#2 quadrantFire planet:N -> blue-tf1-s1"]).toMatch(
      /^out-of-arc: blue-tf1-s1 lies at bearing 270 degrees .*\(315 to 45 degrees\)/,
    );
    expect(byCode["#3 quadrantFire planet:W -> blue-tf1-s1"]).toMatch(
      /^out-of-range: blue-tf1-s1 is 30" from the surface of planet; quadrant W's installations reach 24"/,
    );
    expect(byCode["#4 quadrantFire planet:E -> blue-tf1-s1"]).toMatch(/^quadrant-not-held: planet quadrant E is held by blue/);
    expect(byCode["#5 quadrantFire planet:S -> blue-tf1-s1"]).toMatch(
      /^silenced: .*[89] wound\(s\) on defense size 6: 0 heavy installation\(s\) working/,
    );
    expect(byCode["#6 move red-tf1-s1"]).toMatch(/^planet-activates-alone/);
    // The setting off: today's automatic fire, the order refused.
    const off = fresh();
    const ctx2 = ctxFor(off, "red");
    planetStep(ctx2, kethra(off), [fire("planet:W", "blue-tf1-s1")]);
    expect(ctx2.problems.map((p) => p.code)).toEqual(["planet-orders-off"]);
  });

  it("the planet's orders reach its activation through the order flow (check and resolve)", () => {
    const s = fresh();
    s.settings.planetOrders = true;
    place(s, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    place(s, "blue-tf2-s1", 48 - 6 - 10, 24, 90);
    Object.assign(s.turnState, { phase: "activation", queue: [{ side: "red", taskforce: "planet" }], index: 0 });
    expect(battleshift.awaiting(s)).toEqual(["red"]);
    const orders = { orders: [fire("planet:W", "blue-tf1-s1")] };
    const check = battleshift.check(s, "red", orders as never);
    expect(check.ok).toBe(true);
    expect(check.lines.some((l) => /quadrant W fires at blue-tf1-s1, 20" from the surface/.test(l.text))).toBe(true);
    const r = battleshift.resolve(s, { red: orders as never }, Rng.fromSeed(3));
    expect(notes(r.events, "planet-fire")[0]).toMatch(/at blue-tf1-s1 \(the defender's target\)/);
  });
});

describe("It is possible to move assault forces from quadrant to quadrant, both by the attackers and defenders", () => {
  it("the defender moves its garrison in the planet's activation, to an adjacent quadrant (setting assaultMoves: any quadrant)", () => {
    const s = fresh();
    const ctx = ctxFor(s, "red");
    planetStep(ctx, kethra(s), [
      move("planet:N", "planet:W", 1),
      move("planet:N", "planet:S"),
      move("planet:E", "planet:S", 9),
      move("planet:W", "planet:S"),
    ]);
    expect(quadrant(s, "W").assault).toBe(3);
    expect(quadrant(s, "N").assault).toBe(1);
    expect(notes(ctx.events, "assault-move")[0]).toMatch(
      /1 assault unit\(s\) of red move from planet quadrant N to quadrant W \(3 there now\)/,
    );
    expect(ctx.problems.map((p) => `${p.code}: ${p.message}`)).toEqual([
      expect.stringMatching(/^not-adjacent: quadrants N and S are opposite: .*adjacent quadrant \(E or W\)/),
      expect.stringMatching(/^too-many-units: planet quadrant E has 2 assault unit\(s\); move 1 to 2/),
      expect.stringMatching(/^already-moved: assault units arrived in planet quadrant W this activation/),
    ]);
    s.settings.assaultMoves = "any";
    const ctx2 = ctxFor(s, "red");
    planetStep(ctx2, kethra(s), [move("planet:N", "planet:S")]);
    expect(ctx2.problems).toEqual([]);
    expect(quadrant(s, "S").assault).toBe(3);
    // Not in a taskforce's activation: the garrison moves with its planet.
    const ctx3 = ctxFor(s, "red");
    runActivation(ctx3, unitOf(s, "red", "red-tf1"), [move("planet:E", "planet:S")]);
    expect(ctx3.problems.map((p) => p.code)).toEqual(["planet-activation"]);
  });

  it("invaders holding a quadrant move in their own activation; into an enemy quadrant they assault it (survivors fall back)", () => {
    const s = fresh();
    const w = quadrant(s, "W");
    Object.assign(w, { holder: "blue", assault: 5, damage: 6 });
    // N: size 6 + 2 garrison = 8 dice of 1 = 8; the 5 invaders roll 1,1,1,1,2 = 6: the quadrant wins by 2.
    const ctx = ctxFor(s, "blue", new DiceRng([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]));
    runActivation(ctx, unitOf(s, "blue", "blue-tf1"), [move("planet:W", "planet:N")]);
    expect(notes(ctx.events, "ground-assault")[0]).toMatch(
      /^5 assault unit\(s\) move from quadrant W against planet quadrant N: .* = 8, .* = 6; invaders lose 2/,
    );
    expect(w.assault).toBe(3);
    // 3 invaders roll 6s (18) against 8: 2 garrison units, then 6 installations fall; blue owns N.
    const ctx2 = ctxFor(s, "blue", new DiceRng([1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6]));
    const vp = s.sides.blue?.vp ?? 0;
    runActivation(ctx2, unitOf(s, "blue", "blue-tf1"), [move("planet:W", "planet:N")]);
    expect(quadrant(s, "N")).toMatchObject({ holder: "blue", assault: 3, damage: 6 });
    expect(w.assault).toBe(0);
    expect(s.sides.blue?.vp).toBe(vp + 60);
  });
});

describe("Assault units lost from the landing ships", () => {
  it("If the quadrant wins, it destroys an enemy assault unit for every point it won by: those units are gone from the ships", () => {
    const s = fresh();
    const sq = place(s, "blue-tf1-s1", 48 - 6 - 1, 24, 90);
    // Defence 8 dice of 6 (48) against 8 invaders: 1,1,1,1,1,1,1,1 = 8: all 8 lost.
    const ctx = ctxFor(s, "blue", new DiceRng([6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]));
    groundAssaultOrder(ctx, "board", "o1", [sq], "planet:W", () => 0);
    expect(sq.assaultLost).toBe(8);
    groundAssaultOrder(ctx, "board", "o2", [sq], "planet:W", () => 0);
    expect(ctx.problems.map((p) => `${p.code}: ${p.message}`)).toEqual([
      "no-assault-units: blue-tf1-s1 has lost or landed all its 8 assault unit(s) (8 gone): it has no landing party left",
    ]);
  });

  it("the units that win a quadrant stay on the ground as its garrison and leave the ships", () => {
    const s = fresh();
    const sq = place(s, "blue-tf1-s1", 48 - 6 - 1, 24, 90);
    Object.assign(quadrant(s, "W"), { damage: 6, assault: 0 });
    sq.assaultLost = 2;
    const ctx = ctxFor(s, "blue", new DiceRng([1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6]));
    groundAssaultOrder(ctx, "board", "o1", [sq], "planet:W", () => 0);
    expect(notes(ctx.events, "ground-assault")[0]).toMatch(/^6 assault unit\(s\) land on planet quadrant W/);
    expect(quadrant(s, "W")).toMatchObject({ holder: "blue", assault: 6 });
    expect(sq.assaultLost).toBe(8);
  });
});

describe("Light batteries at a quadrant", () => {
  it("light batteries fire at a quadrant at any point during the squadron's movement (range to the surface, -1 against installations, hardness 5)", () => {
    const s = fresh();
    place(s, "blue-tf2-s1", 48 - 6 - 20, 24, 90);
    const ctx = ctxFor(s, "blue", Rng.fromSeed(4));
    runActivation(ctx, unitOf(s, "blue", "blue-tf2"), [
      { type: "move", squadron: "blue-tf2-s1", heading: 90, distance: 12 },
      { type: "light", squadrons: ["blue-tf2-s1"], target: "planet:W" },
    ]);
    expect(ctx.problems).toEqual([]);
    expect(notes(ctx.events, "planet-fire")[0]).toMatch(
      /^blue-tf2-s1 fires 5 light batteries at 75% of the move at planet quadrant W \(targeting 4 - 1 against installations\).*saving on 5 or less \(hardness 5 less the weapon's 0\)/,
    );
    const s2 = fresh();
    place(s2, "blue-tf2-s1", 48 - 6 - 20, 24, 90);
    const ctx2 = ctxFor(s2, "blue");
    runActivation(ctx2, unitOf(s2, "blue", "blue-tf2"), [
      { type: "move", squadron: "blue-tf2-s1", heading: 90, distance: 12 },
      { type: "light", squadrons: ["blue-tf2-s1"], target: "planet:W", at: 0 },
    ]);
    expect(ctx2.problems.map((p) => `${p.code}: ${p.message}`)).toEqual([
      expect.stringMatching(/^cannot-bear: blue-tf2-s1 light batteries: the surface of planet is 20" away \(range 12"\)/),
    ]);
  });
});

describe("Planets and moons from a fleet file", () => {
  const fleet = (defenses: unknown[]) => ({
    name: "Garrison",
    taskforces: [{ name: "Guard", squadrons: [{ name: "Frigates", design: "generic/sword-frigate", ships: 2 }] }],
    defenses,
  });
  const all = { heavy: 4, light: 1, interceptor: 1, assault: 2 };

  it("The planet has its own size category of defense, like buying a ship: 10 points per size, 3 per garrison unit", () => {
    const r = parseFleet(fleet([{ kind: "planet", name: "Kethra", size: 6, quadrant: all }]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.defenses?.[0]).toMatchObject({ kind: "planet", name: "Kethra", diameter: 12, cost: 60 + 3 * 8 });
    expect(r.value.points).toBe(40 + 84);
  });

  it("each fault of a defense gets its own message (quadrants, spaces, a moon's size, diameters, one planet and one moon)", () => {
    const r = parseFleet(
      fleet([
        { kind: "planet", size: 4, diameter: 4, quadrants: { N: all, E: { heavy: 2 } } },
        { kind: "planet", size: 4, quadrant: { heavy: 1 } },
        { kind: "moon", size: 3, diameter: 8, quadrant: { heavy: 1 }, quadrants: { N: { heavy: 1 } } },
      ]),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const msgs = r.error.map((p) => `${p.order} ${p.code}: ${p.message}`);
    expect(msgs).toEqual([
      expect.stringMatching(/^fleet.defenses\[0\] "Planet" planet-too-small: the planet is 4" across/),
      expect.stringMatching(/^fleet.defenses\[0\] "Planet" missing-quadrant: quadrant\(s\) S, W have no layout/),
      expect.stringMatching(/^fleet.defenses\[0\] "Planet" too-many-installations: quadrant N mounts 6 weapons in 4 spaces/),
      expect.stringMatching(/^fleet.defenses\[1\] "Planet" too-many-defenses: .* a second planet/),
      expect.stringMatching(/^fleet.defenses\[2\] "Moon" moon-size: the moon is 8" across/),
      expect.stringMatching(/^fleet.defenses\[2\] "Moon" quadrant-layout: give either quadrant .* not both/),
      expect.stringMatching(/^fleet.defenses\[2\] "Moon" moon-too-large: a moon's defense size \(3\) "cannot be more than half/),
    ]);
  });

  it("a fleet's defended planet and moon are placed on its side of the table and turn the setting planets on", () => {
    const planetFleet = fleet([
      { kind: "planet", name: "Kethra", size: 6, quadrant: all },
      { kind: "moon", name: "Moon", size: 3, quadrant: { heavy: 2, assault: 1 } },
    ]);
    const { state } = createBattle({ seed: 1, scenario: "default", fleets: fleetsFrom([PLANETFALL_FLEETS[0], planetFleet]) });
    expect(state.settings.planets).toBe(true);
    const terrain = state.battlespace.terrain.map((t) => [t.id, t.kind, t.x, t.y, t.radius]);
    expect(terrain).toEqual([
      ["red-planet", "planet", 72 - 24, 24, 6],
      ["red-moon", "moon", 72 - 18, 42, 2],
    ]);
    expect(moonPlacementFault({ x: 48, y: 24 }, { x: 54, y: 42 })).toBeNull();
    expect(state.planets?.["red-planet"]?.defense.quadrants.every((q) => q.holder === "red" && q.assault === 2)).toBe(true);
    expect(planetsOfSide(state, "red")).toEqual(["red-moon", "red-planet"]);
    expect(parseState(JSON.parse(JSON.stringify(state))).ok).toBe(true);
  });
});

describe("Bots and the planet's orders", () => {
  const planetSlot = (s: BattleState): void => {
    Object.assign(s.turnState, { phase: "activation", queue: [{ side: "red", taskforce: "planet" }], index: 0 });
  };

  it("the sensible bot's quadrants focus the most damaged enemy squadron in arc, and reinforce a threatened quadrant", () => {
    const s = fresh();
    s.settings.planetOrders = true;
    planetSlot(s);
    place(s, "blue-tf1-s1", 48 - 6 - 2, 24, 90);
    const hurt = place(s, "blue-tf2-s1", 48 - 6 - 20, 24, 90);
    hurt.damage = 10;
    const orders = botOrders(s, "red").orders;
    expect(orders).toContainEqual({ type: "quadrantFire", quadrant: "planet:W", target: "blue-tf2-s1" });
    // 8 assault units aboard the Dargens 2" off quadrant W (2 garrison units): half of N's garrison comes over.
    expect(orders).toContainEqual({ type: "assaultMove", from: "planet:N", to: "planet:W", units: 1 });
    const check = battleshift.check(s, "red", { orders } as never);
    expect(check.problems).toEqual([]);
  });

  it("the invaders' bot takes an undefended, silenced neighbour; the random-legal bot gives legal planet orders", () => {
    const s = fresh();
    Object.assign(quadrant(s, "W"), { holder: "blue", assault: 3, damage: 6 });
    Object.assign(quadrant(s, "N"), { assault: 0, damage: 7 });
    const sq = place(s, "blue-tf1-s1", 10, 10, 90);
    Object.assign(s.turnState, { phase: "activation", queue: [{ side: "blue", taskforce: "blue-tf1" }], index: 0 });
    sq.activatedTurn = 0;
    expect(botOrders(s, "blue").orders).toContainEqual({ type: "assaultMove", from: "planet:W", to: "planet:N" });
    const r = fresh();
    r.settings.planetOrders = true;
    planetSlot(r);
    place(r, "blue-tf2-s1", 48 - 6 - 10, 24, 90);
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const o = randomLegalOrders(r, "red", Rng.fromSeed(seed));
      for (const x of o.orders) kinds.add(x.type);
      expect(battleshift.check(r, "red", o as never).problems).toEqual([]);
    }
    expect([...kinds].sort()).toEqual(["assaultMove", "quadrantFire"]);
  });

  it("random games with planetOrders on stay deterministic and round-trip (seeds 21, 22)", () => {
    const seen: string[] = [];
    for (const seed of [21, 22]) {
      let state = planetfall(seed, fleetsFrom(PLANETFALL_FLEETS));
      state.settings.planetOrders = true;
      state.settings.assaultMoves = seed === 22 ? "any" : "adjacent";
      for (let t = 0; t < 60 && !battleshift.outcome(state); t++) {
        const rng = Rng.forTurn(seed, t, "orders");
        const orders: Record<string, unknown> = {};
        for (const seat of battleshift.awaiting(state))
          orders[seat] = t % 2 ? battleshift.randomOrders?.(state, seat, rng) : botOrders(state, seat);
        const a = battleshift.resolve(state, orders as never, Rng.forTurn(seed, t));
        const b = battleshift.resolve(JSON.parse(JSON.stringify(state)), JSON.parse(JSON.stringify(orders)), Rng.forTurn(seed, t));
        expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
        expect(parseState(JSON.parse(JSON.stringify(a.state))).ok).toBe(true);
        seen.push(...a.events.map((e) => ("what" in e ? `${e.what} ${e.text}` : "")));
        state = a.state;
      }
    }
    expect(seen.some((t) => /the defender's target/.test(t))).toBe(true);
    expect(seen.some((t) => /^assault-move /.test(t))).toBe(true);
  });
});
