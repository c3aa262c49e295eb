/** Planets and moons in play (seed 004, "Planets (Extremely experimental)", "Moonbases"; RULINGS "Planets and moons in play"). */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders } from "../../src/rules/battleshift/bot/bot.js";
import { type MissileStrike, resolveMissiles } from "../../src/rules/battleshift/fighters-and-missiles/missiles.js";
import { fleetsFrom, PLANETFALL_FLEETS, planetfall } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import { missilesAtQuadrant } from "../../src/rules/battleshift/planets/planet-air.js";
import { fireAtQuadrant, groundAssaultOrder, planetActivation, planetsOfSide } from "../../src/rules/battleshift/planets/planet-play.js";
import { checkVictory } from "../../src/rules/battleshift/turn/victory.js";
import { clearTable, ctxFor, DiceRng, design, place } from "./support.js";

function fresh(): BattleState {
  return planetfall(1, fleetsFrom(PLANETFALL_FLEETS));
}

describe("Planets (Extremely experimental)", () => {
  it("Planets are their own task force for determining initiative and when they activate", () => {
    const s0 = fresh();
    expect(planetsOfSide(s0, "red")).toEqual(["moon", "planet"]);
    const r = battleshift.resolve(s0, { blue: botOrders(s0, "blue"), red: botOrders(s0, "red") }, Rng.fromSeed(3));
    const queue = r.state.turnState.queue;
    // red: one taskforce and two planets (3) against blue's two taskforces: red has the +1.
    const init = r.events.find((e) => e.kind === "note" && e.what === "initiative");
    expect(init?.text).toMatch(/red rolls \[\d\] \+ 1 = \d+( then \[\d\] \+ 1 = \d+)* \(\+1 for more taskforces\)/);
    expect(queue.filter((q) => q.side === "red").map((q) => q.taskforce)).toEqual(["red-tf1", "moon", "planet"]);
  });

  it("Space ships firing at the planet must attack the quadrant they are facing (the bearing measured)", () => {
    const s = fresh();
    clearTable(s);
    const sq = place(s, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    const ctx = ctxFor(s, "blue");
    expect(fireAtQuadrant(ctx, "heavy", "o1", [sq], "planet:E", ["heavy"])).toEqual([]);
    expect(ctx.problems[0]?.code).toBe("wrong-quadrant");
    expect(ctx.problems[0]?.message).toContain("bearing 270 degrees");
    expect(ctx.problems[0]?.message).toContain("planet:W");
    const fired = fireAtQuadrant(ctx, "heavy", "o2", [sq], "planet:W", ["heavy"]);
    expect(fired.map((f) => f.id)).toEqual(["blue-tf1-s1"]);
    const note = ctx.events.find((e) => e.kind === "note" && e.what === "planet-fire");
    expect(note?.text).toMatch(/fires 16 heavy batteries at planet quadrant W \(targeting 4 - 1 against installations\)/);
  });

  it("range and arc to the quadrant are measured (surface distance against the battery's range)", () => {
    const s = fresh();
    clearTable(s);
    const far = place(s, "blue-tf1-s1", 48 - 6 - 40, 24, 90);
    const ctx = ctxFor(s, "blue");
    fireAtQuadrant(ctx, "heavy", "o1", [far], "planet:W", ["heavy"]);
    expect(ctx.problems[0]?.code).toBe("cannot-bear");
    expect(ctx.problems[0]?.message).toMatch(/the surface of planet is 40(\.\d+)?" away \(range 36"\)/);
    const away = place(s, "blue-tf1-s1", 48 - 6 - 20, 24, 270);
    const ctx2 = ctxFor(s, "blue");
    fireAtQuadrant(ctx2, "heavy", "o1", [away], "planet:W", ["heavy"]);
    expect(ctx2.problems[0]?.message).toMatch(/planet is 1[78]\d degrees off the arc centre, outside the 90 degree arc/);
  });

  it("Every hit gets one shield roll at hardness 5; wounds silence weapons (a size 6 quadrant with 6 wounds fires nothing)", () => {
    const s = fresh();
    clearTable(s);
    const sq = place(s, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    const q = s.planets?.planet?.defense.quadrants.find((x) => x.id === "W");
    if (!q) throw new Error("no quadrant");
    let hits = 0;
    let saved = 0;
    for (let seed = 0; seed < 200; seed++) {
      q.damage = 0;
      const ctx = ctxFor(s, "blue", Rng.fromSeed(seed));
      fireAtQuadrant(ctx, "heavy", "o", [sq], "planet:W", ["heavy"]);
      const text = (ctx.events.find((e) => e.kind === "note" && e.what === "planet-fire")?.text ?? "") as string;
      const m = /= (\d+) hit\(s\).*; (\d+) wound/.exec(text);
      hits += Number(m?.[1]);
      saved += Number(m?.[1]) - Number(m?.[2]);
    }
    // Targeting 4 - 1 = 3: half the 16 dice hit; hardness 5 less the heavy battery's 2 saves on 3 or less, half of
    // the hits. 3200 dice: within 4 standard errors.
    expect(Math.abs(hits / 3200 - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / 3200));
    expect(Math.abs(saved / hits - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / hits));
    // Silenced: no fire from it in the planet's activation; the quadrant still repairs.
    q.damage = 6;
    const ctx = ctxFor(s, "red", Rng.fromSeed(1));
    const planet = s.planets?.planet;
    if (!planet) throw new Error("no planet");
    planetActivation(ctx, planet);
    expect(ctx.events.some((e) => e.kind === "note" && e.what === "planet-repair")).toBe(true);
    expect(ctx.events.some((e) => e.kind === "note" && e.what === "planet-fire" && /quadrant W fires/.test(e.text))).toBe(q.damage < 6);
  });

  it('quadrants fire in their own activation: targeting -1 and ranges -12" for a planet, unchanged for a moon', () => {
    const s = fresh();
    clearTable(s);
    place(s, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    const planet = s.planets?.planet;
    if (!planet) throw new Error("no planet");
    const ctx = ctxFor(s, "red", Rng.fromSeed(2));
    planetActivation(ctx, planet);
    const fire = ctx.events.filter((e) => e.kind === "note" && e.what === "planet-fire").map((e) => e.text);
    expect(fire).toEqual([
      expect.stringMatching(/quadrant W fires 4 heavy installation\(s\) at blue-tf1-s1, 20" from the surface \(range 24", targeting 3\)/),
    ]);
    // Out of 24": the planet cannot reach; the moon (no -12") reaches 36".
    const s2 = fresh();
    clearTable(s2);
    place(s2, "blue-tf1-s1", 48 - 6 - 30, 24, 90);
    const ctx2 = ctxFor(s2, "red", Rng.fromSeed(2));
    planetActivation(ctx2, s2.planets?.planet as NonNullable<BattleState["planets"]>[string]);
    expect(ctx2.events.filter((e) => e.kind === "note" && e.what === "planet-fire")).toEqual([]);
    const moonShip = place(s2, "blue-tf1-s1", 54, 42 + 2 + 30, 0);
    const ctx3 = ctxFor(s2, "red", Rng.fromSeed(2));
    planetActivation(ctx3, s2.planets?.moon as NonNullable<BattleState["planets"]>[string]);
    expect(ctx3.events.find((e) => e.kind === "note" && e.what === "planet-fire")?.text).toMatch(
      new RegExp(
        `moon quadrant S fires 2 heavy installation\\(s\\) at ${moonShip.id}, 2\\d(\\.\\d+)?" from the surface \\(range 36", targeting 4\\)`,
      ),
    );
  });

  it('A quadrant may be invaded by enemy assault units from landing ships: it takes 12" of movement to go from orbit to the surface', () => {
    const s = fresh();
    clearTable(s);
    const sq = place(s, "blue-tf1-s1", 48 - 6 - 1, 24, 90);
    const ctx = ctxFor(s, "blue");
    groundAssaultOrder(ctx, "board", "o1", [sq], "planet:W", () => 5);
    expect(ctx.problems[0]?.code).toBe("no-landing-move");
    expect(ctx.problems[0]?.message).toContain('moved 5" of its');
    const far = place(s, "blue-tf1-s1", 48 - 6 - 8, 24, 90);
    groundAssaultOrder(ctx, "board", "o2", [far], "planet:W", () => 0);
    expect(ctx.problems[1]?.code).toBe("too-far");
    const near = place(s, "blue-tf1-s1", 48 - 6 - 1, 24, 90);
    // Silence the quadrant and kill its garrison first: the invaders win and own the quadrant.
    const q = s.planets?.planet?.defense.quadrants.find((x) => x.id === "W");
    if (!q) throw new Error("no quadrant");
    q.damage = 6;
    q.assault = 0;
    const ctx2 = ctxFor(s, "blue", Rng.fromSeed(4));
    const vp = s.sides.blue?.vp ?? 0;
    groundAssaultOrder(ctx2, "board", "o3", [near], "planet:W", () => 0);
    const note = ctx2.events.find((e) => e.kind === "note" && e.what === "ground-assault");
    expect(note?.text).toMatch(/^8 assault unit\(s\) land on planet quadrant W/);
    if (q.holder === "blue") expect(s.sides.blue?.vp).toBe(vp + 60);
  });

  it("Missiles attack quadrants and shields normally; they may be attacked by interceptors for the quadrant they are attacking", () => {
    const s = fresh();
    clearTable(s);
    s.designs["generic/missile-cruiser"] = design("generic/missile-cruiser");
    const sq = place(s, "blue-tf2-s1", 48 - 6 - 20, 24, 90);
    sq.design = "generic/missile-cruiser";
    // 5 lock rolls at 5 or less (two lock: 8 missiles); the quadrant's 1 interceptor (2: one stopped); 7 shield rolls
    // at 4 or less (5 - 1): three saved, four wounds.
    const ctx = ctxFor(s, "blue", new DiceRng([1, 5, 6, 6, 6, 2, 1, 2, 3, 5, 6, 6, 5]));
    const strikes: MissileStrike[] = [];
    expect(missilesAtQuadrant(ctx, "missiles", "o1", sq, "planet:N", strikes)).toBe(false);
    expect(ctx.problems[0]?.code).toBe("wrong-quadrant");
    expect(missilesAtQuadrant(ctx, "missiles", "o2", sq, "planet:W", strikes)).toBe(true);
    const note = (what: string) => ctx.events.filter((e) => e.kind === "note" && e.what === what).map((e) => (e as { text: string }).text);
    expect(note("lock")).toEqual([
      'blue-tf2-s1 locks on planet quadrant W, 20" from the surface: lock rolls [1,5,6,6,6] needing 5 or less, 8 missile(s) launched',
    ]);
    // Locked at launch, they fly in step 5 ("Missile Resolution"): nothing is hit yet.
    expect(strikes).toMatchObject([{ squadron: "blue-tf2-s1", target: "planet:W", count: 8 }]);
    expect(note("planet-fire")).toEqual([]);
    resolveMissiles(ctx, strikes);
    expect(note("intercept")).toEqual([
      "planet quadrant W's 1 interceptor(s) fire at 8 missiles of blue-tf2-s1: [2] needing 4 or less - 1 hit(s)",
    ]);
    expect(note("planet-fire")).toEqual([
      "7 missile(s) of blue-tf2-s1 hit planet quadrant W: shield rolls [1,2,3,5,6,6,5] saving on 4 or less (hardness 5 less the missile's 1); 4 wound(s), 4 in all",
    ]);
    expect(s.planets?.planet?.defense.quadrants.find((q) => q.id === "W")?.damage).toBe(4);
    const far = place(s, "blue-tf2-s1", 48 - 6 - 30, 24, 90);
    const ctx2 = ctxFor(s, "blue");
    expect(missilesAtQuadrant(ctx2, "missiles", "o3", far, "planet:W", [])).toBe(false);
    expect(ctx2.problems[0]?.message).toMatch(/is 30" away; missiles reach 24"/);
  });

  it("Missiles at a quadrant from a mixed squadron: only ships with launchers of their own lock, each launching its own missiles", () => {
    const s = fresh();
    clearTable(s);
    s.designs["generic/missile-cruiser"] = design("generic/missile-cruiser");
    s.designs["generic/fleet-cruiser"] = design("generic/fleet-cruiser");
    const sq = place(s, "blue-tf2-s1", 48 - 6 - 20, 24, 90);
    sq.design = "generic/missile-cruiser";
    sq.ships = sq.ships.slice(0, 3).map((ship, i) => ({ ...ship, design: i === 0 ? "generic/missile-cruiser" : "generic/fleet-cruiser" }));
    sq.mixed = {
      roster: sq.ships.map((ship) => ({ ship: ship.id, design: ship.design ?? "", tests: 0, destroyed: false })),
      next: 0,
    };
    // One missile cruiser (4 launchers) and two fleet cruisers (none): one lock roll, a 1, so 4 missiles.
    const ctx = ctxFor(s, "blue", new DiceRng([1, 6, 6, 6, 6, 6]));
    const strikes: MissileStrike[] = [];
    expect(missilesAtQuadrant(ctx, "missiles", "o1", sq, "planet:W", strikes)).toBe(true);
    const text = ctx.events.find((e) => e.kind === "note" && e.what === "lock")?.text ?? "";
    expect(text).toMatch(/lock rolls \[1\] needing 5 or less, 4 missile\(s\) launched/);
    expect(strikes.map((m) => m.count)).toEqual([4]);
  });

  it("a side with no ship left but a quadrant of its planet fights on; the option off leaves quadrants untargetable", () => {
    const s = fresh();
    for (const sq of Object.values(s.squadrons))
      if (sq.side === "red") {
        sq.ships = [];
        sq.location = "gone";
        sq.goneReason = "destroyed";
      }
    expect(checkVictory(s, false)).toBeNull();
    for (const p of Object.values(s.planets ?? {})) for (const q of p.defense.quadrants) q.holder = "blue";
    expect(checkVictory(s, false)?.winners).toEqual(["blue"]);
    const off = fresh();
    off.settings.planets = false;
    clearTable(off);
    const sq = place(off, "blue-tf1-s1", 48 - 6 - 20, 24, 90);
    expect(fireAtQuadrant(ctxFor(off, "blue"), "heavy", "o", [sq], "planet:W", ["heavy"])).toEqual([]);
  });
});
