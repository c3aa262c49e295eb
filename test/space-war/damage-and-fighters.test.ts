/**
 * Seed 001 "Turn Sequence" S1-S6, S10, S11 (l.351-462, l.639-655) and the battle's end (l.37, l.267, C.19): armour
 * saves, results of damage, giving up, fighters launched and retrieved, tractor beams and prisoners, nukes, repairs,
 * re-arming. Battles are built by hand: a few craft placed at points.
 */
import { describe, expect, it } from "vitest";
import type { SeatId } from "../../src/core/ids.js";
import { Rng } from "../../src/core/rng.js";
import { createCampaign } from "../../src/rules/space-war/campaign-sequence/create.js";
import { sortOrders } from "../../src/rules/space-war/campaign-sequence/sequence.js";
import { type Sorted, type StepContext, stepContext } from "../../src/rules/space-war/campaign-sequence/step.js";
import { design } from "../../src/rules/space-war/designing-craft/design.js";
import type { Module } from "../../src/rules/space-war/designing-craft/modules.js";
import type { Medal } from "../../src/rules/space-war/medals/medals.js";
import { type Battle, type Craft, craftOf, type SpaceWarState } from "../../src/rules/space-war/model.js";
import type { Order } from "../../src/rules/space-war/orders.js";
import { parseState } from "../../src/rules/space-war/state-schema.js";
import type { Card } from "../../src/rules/space-war/technology-cards/cards.js";
import { battleOver } from "../../src/rules/space-war/the-turn/battle-end.js";
import { makeArmourSaves } from "../../src/rules/space-war/the-turn/s1-armour-saves.js";
import { resultsOfDamage } from "../../src/rules/space-war/the-turn/s2-results-of-damage.js";
import { optToGiveUp } from "../../src/rules/space-war/the-turn/s3-give-up.js";
import { launchAndRetrieve, prisonerDesign } from "../../src/rules/space-war/the-turn/s4-launch-retrieve.js";
import { heldProblem, releaseBrokenHolds, tractorBeams } from "../../src/rules/space-war/the-turn/s5-tractor-beam.js";
import { detonate, explodeNukes } from "../../src/rules/space-war/the-turn/s6-nuclear-devices.js";
import { repairs } from "../../src/rules/space-war/the-turn/s10-repairs.js";
import { rearmExpendables } from "../../src/rules/space-war/the-turn/s11-rearm.js";
import { EMPTY, playerTurn } from "../../src/rules/space-war/the-turn/sequence.js";
import { DiceRng, FixedRng } from "../battleshift/support.js";

/** One craft of a hand-built battle. */
interface Spec {
  id: string;
  type?: "vessel" | "fighter";
  modules: Module[];
  /** Its place, face up; `hidden` face down; `aboard` a vessel's id. */
  at?: [number, number];
  heading?: number;
  hidden?: boolean;
  aboard?: string;
  damaged?: number[];
  medals?: Medal[];
  hits?: number;
  hitBy?: SeatId[];
}

/** A battle of blue and red with these craft (owner from the id's prefix), the cards each holds, a machine red. */
function battle(
  specs: Spec[],
  opts: { cards?: Partial<Record<SeatId, Card[]>>; machine?: SeatId; started?: Partial<Record<SeatId, number>> } = {},
) {
  const state: SpaceWarState = createCampaign({ games: 1, scenario: "squadron-action", budget: "normal" });
  state.campaign.step = "battle";
  const craft: Craft[] = specs.map((s) => {
    const owner = s.id.split("-")[0] as SeatId;
    const c = craftOf(s.id, owner, design(`${s.id} design`, s.type ?? "vessel", s.modules));
    if (s.aboard) c.where = { kind: "aboard", vessel: s.aboard };
    else if (s.at) c.where = { kind: s.hidden ? "hidden" : "table", at: { x: s.at[0], y: s.at[1] }, heading: s.heading ?? 0 };
    for (const i of s.damaged ?? []) (c.modules[i] as { damaged: boolean }).damaged = true;
    if (s.medals) {
      const q = state.campaign.squadrons.find((x) => x.seat === owner);
      q?.crews.push({ id: `crew-${s.id}`, name: `Crew of ${s.id}`, medals: s.medals });
      c.crew = `crew-${s.id}`;
    }
    if (s.hits) c.pendingHits = s.hits;
    if (s.hitBy) c.hitBy = s.hitBy;
    return c;
  });
  for (const q of state.campaign.squadrons) {
    q.cards = (opts.cards?.[q.seat] ?? []).map((card) => ({ card, revealed: false, cancelled: false }));
    q.machine = opts.machine === q.seat;
  }
  const tally = (seat: SeatId) => ({
    started: opts.started?.[seat] ?? craft.filter((c) => c.owner === seat).length,
    lost: 0,
    destroyed: [] as string[],
    captured: [] as string[],
    tasks: [] as ("corporation" | "saboteur")[],
  });
  const b: Battle = {
    scenario: "squadron-action",
    turn: 1,
    order: ["blue", "red"],
    active: "blue",
    table: { width: 72, depth: 48 },
    planets: [],
    craft,
    gaveUp: [],
    tally: { blue: tally("blue"), red: tally("red") },
    homes: { blue: { planet: 0, edge: "west" }, red: { planet: 1, edge: "east" } },
  };
  state.campaign.battle = b;
  return { state, b, get: (id: string) => craft.find((c) => c.id === id) as Craft };
}

/** A context over the state with these dice. */
const ctxOf = (state: SpaceWarState, rng: Rng = Rng.fromSeed(1)): StepContext => {
  const ctx = stepContext(state, rng);
  ctx.where = "test";
  return ctx;
};

/** Orders of one step, as the sequence sorts them (a battle's step takes them all). */
const SORTING = createCampaign({ games: 1, scenario: "squadron-action", budget: "normal" });
SORTING.campaign.step = "battle";
const sorted = (...orders: Order[]): Sorted => sortOrders(stepContext(SORTING, Rng.fromSeed(1)), "blue", { orders });

const codes = (ctx: StepContext, seat: SeatId = "blue") => (ctx.problems[seat] ?? []).map((p) => p.code);

describe("S1 - Make Armour saves (l.351-387)", () => {
  it("the Protection table, armour by armour: a roll one short saves, the need itself damages; no armour is automatic", () => {
    const needs = [undefined, 2, 3, 4, 5, 6];
    for (let armour = 0; armour <= 5; armour++) {
      const need = needs[armour];
      const modules: Module[] = ["E", ...Array<Module>(armour).fill("A")];
      const { state, get } = battle([{ id: "blue-1", modules, at: [10, 10], hits: 2, hitBy: ["red"] }]);
      const rng = new DiceRng(need === undefined ? [] : [need - 1, need]);
      const ctx = ctxOf(state, rng);
      makeArmourSaves(ctx, "blue");
      expect(get("blue-1").pendingHits).toBe(0);
      expect(get("blue-1").pendingDamage).toBe(need === undefined ? 2 : 1);
      const rolls = ctx.events.flatMap((e) => e.rolls ?? []);
      expect(rolls.map((r) => r.value)).toEqual(need === undefined ? [] : [need - 1, need]);
      if (need !== undefined) expect(rolls.every((r) => r.need === need)).toBe(true);
    }
  });

  it("5+ armour: 6+ (l.385-387); Star and Corporation medals and the Better Armour card count as armour (l.692, l.759-769)", () => {
    const { state, get } = battle([{ id: "blue-1", modules: ["E", "A", "A"], at: [10, 10], hits: 1, medals: ["star", "corporation"] }], {
      cards: { blue: ["better-armour"] },
    });
    const ctx = ctxOf(state, new DiceRng([5]));
    makeArmourSaves(ctx, "blue");
    expect(get("blue-1").pendingDamage).toBe(0);
    expect(ctx.events.flatMap((e) => e.rolls ?? [])[0]?.need).toBe(6);
    expect(ctx.events.some((e) => e.kind === "card-revealed")).toBe(true);
    expect(state.campaign.squadrons[0]?.cards[0]?.revealed).toBe(true);
  });

  it("Wingman (l.793): a Valour fighter crew and two fighters give every fighter one more armour", () => {
    const { state, get } = battle([
      { id: "blue-1", modules: ["E", "SB"], at: [10, 10] },
      { id: "blue-2", type: "fighter", modules: ["E", "L"], at: [12, 10], medals: ["valour"] },
      { id: "blue-3", type: "fighter", modules: ["E", "L"], at: [14, 10], hits: 1 },
    ]);
    const ctx = ctxOf(state, new DiceRng([1]));
    makeArmourSaves(ctx, "blue");
    expect(ctx.events.flatMap((e) => e.rolls ?? [])[0]?.need).toBe(2);
    expect(get("blue-3").pendingDamage).toBe(0);
  });

  it("only the seat's own craft: hits on the enemy wait for its turn (C.20)", () => {
    const { state, get } = battle([
      { id: "blue-1", modules: ["E", "A"], at: [10, 10], hits: 3 },
      { id: "red-1", modules: ["E", "A"], at: [20, 10], hits: 3 },
    ]);
    makeArmourSaves(ctxOf(state), "blue");
    expect(get("blue-1").pendingHits).toBe(0);
    expect(get("red-1").pendingHits).toBe(3);
  });

  it("a face-down counter's armour rolls go to its owner only (l.659-665)", () => {
    const { state } = battle([{ id: "blue-1", modules: ["E", "A"], at: [10, 10], hidden: true, hits: 1 }]);
    const ctx = ctxOf(state, new DiceRng([6]));
    makeArmourSaves(ctx, "blue");
    const withRolls = ctx.events.filter((e) => (e.rolls ?? []).length > 0);
    expect(withRolls.every((e) => JSON.stringify(e.to) === JSON.stringify(["blue"]))).toBe(true);
    expect(ctx.events.some((e) => JSON.stringify(e.to) === JSON.stringify(["red"]) && !e.rolls)).toBe(true);
  });

  it("statistical: 6,000 hits through armour 2 damage 4/6 of the time (± 2%)", () => {
    const { state, get } = battle([{ id: "blue-1", modules: ["E", "A", "A"], at: [10, 10], hits: 6000 }]);
    makeArmourSaves(ctxOf(state, Rng.fromSeed(2026)), "blue");
    expect(Math.abs((get("blue-1").pendingDamage ?? 0) / 6000 - 4 / 6)).toBeLessThan(0.02);
  });
});

describe("S2 - Results of Damage (l.392-404)", () => {
  it("statistical: damage falls uniformly on surviving modules, never on a damaged one (6,000 runs, each 1/5 ± 2%)", () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const rng = Rng.fromSeed(7);
    for (let run = 0; run < 6000; run++) {
      const { state, get } = battle([{ id: "blue-1", modules: ["E", "A", "L", "M", "EL", "SR"], at: [10, 10], damaged: [3] }]);
      get("blue-1").pendingDamage = 1;
      resultsOfDamage(ctxOf(state, rng), "blue");
      get("blue-1").modules.forEach((m, i) => {
        if (m.damaged && i !== 3) counts[i] = (counts[i] ?? 0) + 1;
      });
    }
    expect(counts[3]).toBe(0);
    for (const i of [0, 1, 2, 4, 5]) expect(Math.abs((counts[i] ?? 0) / 6000 - 1 / 5)).toBeLessThan(0.02);
  });

  it("Destroyed: every module damaged; removed from play, its crew and medals lost, credited to the hitters (l.404)", () => {
    const { state, b, get } = battle([
      { id: "blue-1", modules: ["E", "L"], at: [10, 10], medals: ["ace", "star"], hitBy: ["red"] },
      { id: "blue-2", modules: ["E", "SB"], at: [20, 10] },
    ]);
    get("blue-1").pendingDamage = 3;
    const ctx = ctxOf(state);
    resultsOfDamage(ctx, "blue");
    expect(get("blue-1").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(get("blue-1").hitBy).toBeUndefined();
    expect(state.campaign.squadrons[0]?.crews).toEqual([]);
    expect(ctx.events.find((e) => e.kind === "medal-lost")?.text).toContain("ace, star");
    expect(b.tally.red?.destroyed).toEqual(["blue-1"]);
    expect(b.tally.blue?.lost).toBe(1);
  });

  it("l.428: every Shuttle Bay damaged destroys every fighter aboard; l.442: a damaged Tractor lets go", () => {
    const { state, b, get } = battle([
      { id: "blue-1", modules: ["SB", "E"], at: [10, 10], hitBy: ["red"] },
      { id: "blue-2", type: "fighter", modules: ["E", "L"], aboard: "blue-1" },
      { id: "blue-3", modules: ["TR", "E"], at: [30, 10] },
      { id: "red-1", type: "fighter", modules: ["E", "L"], at: [31, 10] },
    ]);
    get("red-1").tractoredBy = "blue-3";
    get("blue-1").pendingDamage = 1;
    get("blue-3").pendingDamage = 1;
    // FixedRng: every allocation picks the first surviving module (the bay, the tractor).
    const ctx = ctxOf(state, new FixedRng(6));
    resultsOfDamage(ctx, "blue");
    expect(get("blue-1").where.kind).toBe("table");
    expect(get("blue-2").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(b.tally.red?.destroyed).toEqual(["blue-2"]);
    expect(ctx.events.find((e) => e.kind === "destroyed")?.to).toEqual(["blue"]);
    expect(get("red-1").tractoredBy).toBeUndefined();
    expect(ctx.events.some((e) => e.kind === "released")).toBe(true);
  });

  it("a vessel destroyed takes its fighters aboard with it", () => {
    const { state, get } = battle([
      { id: "blue-1", modules: ["SB", "E"], at: [10, 10], hitBy: ["red"] },
      { id: "blue-2", type: "fighter", modules: ["E", "L"], aboard: "blue-1" },
    ]);
    get("blue-1").pendingDamage = 2;
    resultsOfDamage(ctxOf(state), "blue");
    expect(get("blue-2").where).toEqual({ kind: "gone", how: "destroyed" });
  });

  it("l.979: a machine force's last vessel gone, its fighters are removed and their nukes explode", () => {
    const { state, get } = battle(
      [
        { id: "red-1", modules: ["E", "L"], at: [10, 10], hitBy: ["blue"] },
        { id: "red-2", type: "fighter", modules: ["E", "L"], at: [40, 10] },
        { id: "red-3", type: "fighter", modules: ["E", "N"], at: [50, 10] },
        { id: "blue-1", modules: ["E", "L"], at: [52, 10] },
      ],
      { machine: "red" },
    );
    get("red-1").pendingDamage = 2;
    resultsOfDamage(ctxOf(state, new DiceRng([4])), "red");
    expect(get("red-2").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(get("red-3").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(get("blue-1").pendingHits).toBe(4);
    expect(get("blue-1").hitBy).toEqual(["red"]);
  });
});

describe("S3 - Opt to give up (l.408-416)", () => {
  const squadron = (total: number, fighters = 0): Spec[] =>
    Array.from({ length: total }, (_, i) => ({
      id: `blue-${i + 1}`,
      type: i < fighters ? ("fighter" as const) : ("vessel" as const),
      modules: ["E", "L"] as Module[],
      at: [10 + i * 2, 10] as [number, number],
    })).concat([{ id: "red-1", type: "vessel", modules: ["E", "L"], at: [60, 40] }]);
  const lose = (b: Battle, n: number) => {
    for (const c of b.craft.filter((x) => x.owner === "blue").slice(0, n)) c.where = { kind: "gone", how: "destroyed" };
  };

  it("after losing 5 craft: allowed; the rest flee (l.1027) and the other side wins", () => {
    const { state, b } = battle(squadron(8));
    lose(b, 5);
    const ctx = ctxOf(state);
    optToGiveUp(ctx, "blue", sorted({ type: "give-up" }));
    expect(codes(ctx)).toEqual([]);
    expect(b.gaveUp).toEqual(["blue"]);
    expect(b.craft.filter((c) => c.owner === "blue").map((c) => c.where)).toContainEqual({ kind: "gone", how: "fled" });
    expect(battleOver(state)).toMatchObject({ winner: "red" });
  });

  it("with 4 lost and 4 left: refused, saying what it has lost and what it needs", () => {
    const { state, b } = battle(squadron(8));
    lose(b, 4);
    const ctx = ctxOf(state);
    optToGiveUp(ctx, "blue", sorted({ type: "give-up" }));
    expect(codes(ctx)).toEqual(["may-not-give-up"]);
    expect(ctx.problems.blue?.[0]?.message).toContain("lost 4 craft and have 4 left");
    expect(b.gaveUp).toEqual([]);
  });

  it("with only one left: allowed; started with one: never (C.7)", () => {
    const two = battle(squadron(2));
    lose(two.b, 1);
    const ctx = ctxOf(two.state);
    optToGiveUp(ctx, "blue", sorted({ type: "give-up" }));
    expect(codes(ctx)).toEqual([]);
    const one = battle(squadron(1));
    const ctx1 = ctxOf(one.state);
    optToGiveUp(ctx1, "blue", sorted({ type: "give-up" }));
    expect(codes(ctx1)).toEqual(["may-not-give-up"]);
    expect(ctx1.problems.blue?.[0]?.message).toContain("started with one craft");
  });

  it("C.6: lost fighters count by default; with giveUpCounts: vessels they do not", () => {
    const { state, b } = battle(squadron(9, 5));
    lose(b, 5); // the five fighters
    const ctx = ctxOf(state);
    optToGiveUp(ctx, "blue", sorted({ type: "give-up" }));
    expect(codes(ctx)).toEqual([]);
    const v = battle(squadron(9, 5));
    lose(v.b, 5);
    v.state.settings.giveUpCounts = "vessels";
    const ctxv = ctxOf(v.state);
    optToGiveUp(ctxv, "blue", sorted({ type: "give-up" }));
    expect(codes(ctxv)).toEqual(["may-not-give-up"]);
    expect(ctxv.problems.blue?.[0]?.message).toContain("lost 0 vessels and have 4 left");
  });
});

describe("S4 - Launch / retrieve Fighters (l.420-434)", () => {
  const carrier = (): Spec[] => [
    { id: "blue-1", modules: ["E", "SB"], at: [10, 10], heading: 90 },
    { id: "blue-2", type: "fighter", modules: ["E", "L"], aboard: "blue-1" },
    { id: "blue-3", type: "fighter", modules: ["E", "L"], at: [12.5, 10] },
    { id: "blue-4", type: "fighter", modules: ["E", "L"], at: [13.5, 10] },
  ];

  it('launched just ahead of the vessel (1", bases touching), facing as it does, face up as it is', () => {
    const { state, get } = battle(carrier());
    const ctx = ctxOf(state);
    launchAndRetrieve(ctx, "blue", sorted({ type: "launch", craft: "blue-2" }));
    expect(codes(ctx)).toEqual([]);
    const w = get("blue-2").where;
    expect(w.kind).toBe("table");
    if (w.kind === "table") {
      expect(w.at.x).toBeCloseTo(11, 9);
      expect(w.at.y).toBeCloseTo(10, 9);
      expect(w.heading).toBe(90);
    }
  });

  it('launched from a face-down vessel it is face down; more than 3" away is refused', () => {
    const specs = carrier();
    (specs[0] as Spec).hidden = true;
    const { state, get } = battle(specs);
    const ctx = ctxOf(state);
    launchAndRetrieve(ctx, "blue", sorted({ type: "launch", craft: "blue-2", at: { x: 14, y: 10 } }));
    expect(codes(ctx)).toEqual(["too-far"]);
    expect(get("blue-2").where.kind).toBe("aboard");
    launchAndRetrieve(ctx, "blue", sorted({ type: "launch", craft: "blue-2", at: { x: 12, y: 11 } }));
    expect(get("blue-2").where.kind).toBe("hidden");
  });

  it("launched into contact with an enemy is refused: contact is ramming (S8, l.504-508), as for a move", () => {
    const { state, get } = battle([...carrier(), { id: "red-1", modules: ["E", "L"], at: [11.8, 10], heading: 270 }]);
    const ctx = ctxOf(state);
    launchAndRetrieve(ctx, "blue", sorted({ type: "launch", craft: "blue-2", at: { x: 11, y: 10 } }));
    expect(codes(ctx)).toEqual(["contact-enemy"]);
    expect(ctx.problems.blue?.[0]?.message).toContain("from red-1, in contact");
    expect(get("blue-2").where.kind).toBe("aboard");
    launchAndRetrieve(ctx, "blue", sorted({ type: "launch", craft: "blue-2", at: { x: 10, y: 12.5 } }));
    expect(get("blue-2").where.kind).toBe("table");
  });

  it('retrieved within 3" (2.5": aboard); 3.5" refused; no operating bay refused', () => {
    const { state, get } = battle(carrier());
    const ctx = ctxOf(state);
    launchAndRetrieve(
      ctx,
      "blue",
      sorted({ type: "retrieve", craft: "blue-3", into: "blue-1" }, { type: "retrieve", craft: "blue-4", into: "blue-1" }),
    );
    expect(get("blue-3").where).toEqual({ kind: "aboard", vessel: "blue-1" });
    expect(codes(ctx)).toEqual(["too-far"]);
    (get("blue-1").modules[1] as { damaged: boolean }).damaged = true;
    const ctx2 = ctxOf(state);
    launchAndRetrieve(ctx2, "blue", sorted({ type: "launch", craft: "blue-3" }));
    expect(codes(ctx2)).toEqual(["no-shuttle-bay"]);
  });

  it("an enemy's craft, an unknown craft: clear problems, nothing else affected", () => {
    const { state, get } = battle([...carrier(), { id: "red-1", type: "fighter", modules: ["E", "L"], at: [11, 11] }]);
    const ctx = ctxOf(state);
    launchAndRetrieve(
      ctx,
      "blue",
      sorted(
        { type: "retrieve", craft: "red-1", into: "blue-1" },
        { type: "launch", craft: "blue-9" },
        { type: "retrieve", craft: "blue-3", into: "blue-1" },
      ),
    );
    expect(codes(ctx)).toEqual(["unknown-craft", "not-your-craft"]);
    expect(get("blue-3").where.kind).toBe("aboard");
  });
});

describe("S5 - Tractor Beam (l.438-454) and prisoners (S4, l.446)", () => {
  const scene = (): Spec[] => [
    { id: "blue-1", modules: ["E", "TR", "SB"], at: [10, 10] },
    { id: "red-1", type: "fighter", modules: ["E", "L", "EM"], at: [12, 10] },
    { id: "red-2", type: "fighter", modules: ["E", "L"], at: [13.5, 10] },
    { id: "red-3", modules: ["E", "L"], at: [11, 11] },
  ];

  it('each Tractor module tries once on a 5,6 at a fighter within 3": caught, it counts as un-powered and can do nothing', () => {
    const { state, get } = battle(scene());
    const ctx = ctxOf(state, new DiceRng([5]));
    tractorBeams(ctx, "blue", sorted({ type: "tractor", craft: "blue-1", target: "red-1" }));
    expect(get("red-1").tractoredBy).toBe("blue-1");
    expect(ctx.events.find((e) => e.kind === "tractored")?.rolls?.[0]).toMatchObject({ value: 5, need: 5 });
    expect(heldProblem(get("red-1"))).toContain("l.442");
    const nuke = ctxOf(state);
    get("red-1").modules.push({ module: "N", damaged: false });
    explodeNukes(nuke, "red", sorted({ type: "nuke", craft: "red-1" }));
    expect(codes(nuke, "red")).toEqual(["held"]);
  });

  it('a 4 misses; 3.5" is out of reach; a vessel is not a fighter; a second try with one module is refused', () => {
    const { state, get } = battle(scene());
    const ctx = ctxOf(state, new DiceRng([4]));
    tractorBeams(
      ctx,
      "blue",
      sorted(
        { type: "tractor", craft: "blue-1", target: "red-2" },
        { type: "tractor", craft: "blue-1", target: "red-3" },
        { type: "tractor", craft: "blue-1", target: "red-1" },
        { type: "tractor", craft: "blue-1", target: "red-1" },
      ),
    );
    expect(codes(ctx)).toEqual(["out-of-range", "not-a-fighter", "tractors-spent"]);
    expect(get("red-1").tractoredBy).toBeUndefined();
  });

  it("a face-down counter may not be tractored; your own fighter only when damaged (l.450)", () => {
    const specs = scene();
    (specs[1] as Spec).hidden = true;
    const { state, get } = battle([...specs, { id: "blue-2", type: "fighter", modules: ["E", "L"], at: [9, 9] }]);
    const ctx = ctxOf(state, new DiceRng([6]));
    tractorBeams(
      ctx,
      "blue",
      sorted({ type: "tractor", craft: "blue-1", target: "red-1" }, { type: "tractor", craft: "blue-1", target: "blue-2" }),
    );
    expect(codes(ctx)).toEqual(["face-down", "not-damaged"]);
    (get("blue-2").modules[1] as { damaged: boolean }).damaged = true;
    tractorBeams(ctx, "blue", sorted({ type: "tractor", craft: "blue-1", target: "blue-2" }));
    expect(get("blue-2").tractoredBy).toBe("blue-1");
    launchAndRetrieve(ctx, "blue", sorted({ type: "retrieve", craft: "blue-2", into: "blue-1" }));
    expect(get("blue-2").where).toEqual({ kind: "aboard", vessel: "blue-1" });
    expect(get("blue-2").tractoredBy).toBeUndefined();
  });

  it("pulled aboard in the next S4 and made Prisoner: captured, the seat's tally, the owner's loss, its design kept", () => {
    const { state, b, get } = battle(scene());
    tractorBeams(ctxOf(state, new DiceRng([6])), "blue", sorted({ type: "tractor", craft: "blue-1", target: "red-1" }));
    const held = ctxOf(state);
    launchAndRetrieve(held, "red", sorted({ type: "retrieve", craft: "red-1", into: "red-3" }));
    expect(codes(held, "red")).toEqual(["no-shuttle-bay"]);
    const ctx = ctxOf(state);
    launchAndRetrieve(ctx, "blue", sorted({ type: "prisoner", craft: "red-1", into: "blue-1" }));
    expect(codes(ctx)).toEqual([]);
    expect(get("red-1").where).toEqual({ kind: "gone", how: "captured" });
    expect(b.tally.blue?.captured).toEqual(["red-1"]);
    expect(b.tally.red?.lost).toBe(1);
    expect(prisonerDesign(get("red-1"))).toEqual({
      name: "red-1 design",
      type: "fighter",
      modules: [{ module: "E" }, { module: "L" }, { module: "EM" }],
    });
    expect(ctx.events.find((e) => e.kind === "captured")?.text).toContain("E+L+EM");
  });

  it("not pulled aboard: the hold ends at the holder's next S5 unless the tractor succeeds again (l.446)", () => {
    const { state, get } = battle(scene());
    tractorBeams(ctxOf(state, new DiceRng([6])), "blue", sorted({ type: "tractor", craft: "blue-1", target: "red-1" }));
    const ctx = ctxOf(state, new DiceRng([3]));
    tractorBeams(ctx, "blue", sorted({ type: "tractor", craft: "blue-1", target: "red-1" }));
    expect(get("red-1").tractoredBy).toBeUndefined();
    expect(ctx.events.map((e) => e.kind)).toEqual(["released", "tractored"]);
    const again = ctxOf(state, new DiceRng([5]));
    tractorBeams(again, "blue", sorted({ type: "tractor", craft: "blue-1", target: "red-1" }));
    expect(get("red-1").tractoredBy).toBe("blue-1");
  });

  it('the hold ends at once when the holding vessel is destroyed or the two are more than 3" apart', () => {
    const { state, get } = battle(scene());
    get("red-1").tractoredBy = "blue-1";
    get("red-2").tractoredBy = "blue-1";
    const ctx = ctxOf(state);
    // One operating Tractor module holds one fighter: the last caught goes first.
    releaseBrokenHolds(ctx);
    expect(get("red-1").tractoredBy).toBe("blue-1");
    expect(get("red-2").tractoredBy).toBeUndefined();
    const v = get("blue-1");
    if (v.where.kind === "table") v.where.at = { x: 8.5, y: 10 };
    releaseBrokenHolds(ctx);
    expect(get("red-1").tractoredBy).toBeUndefined();
    get("red-1").tractoredBy = "blue-1";
    get("blue-1").pendingDamage = 3;
    get("blue-1").hitBy = ["red"];
    resultsOfDamage(ctx, "blue");
    expect(get("blue-1").where.kind).toBe("gone");
    expect(get("red-1").tractoredBy).toBeUndefined();
  });

  it("a prisoner order for a fighter not held is refused", () => {
    const { state } = battle(scene());
    const ctx = ctxOf(state);
    launchAndRetrieve(ctx, "blue", sorted({ type: "prisoner", craft: "red-1", into: "blue-1" }));
    expect(codes(ctx)).toEqual(["not-held"]);
  });
});

describe("S6 - Explode Nuclear device (l.458-462)", () => {
  const scene = (): Spec[] => [
    { id: "blue-1", type: "fighter", modules: ["E", "N"], at: [20, 20] },
    { id: "red-1", modules: ["E", "SB"], at: [20.8, 20] },
    { id: "red-2", type: "fighter", modules: ["E", "L"], aboard: "red-1" },
    { id: "blue-2", modules: ["E", "L"], at: [22.5, 20], hidden: true },
    { id: "red-3", modules: ["E", "L"], at: [24, 20] },
    { id: "red-4", modules: ["E", "L"], at: [30, 20] },
  ];

  it('the carrier destroyed; contact 2d6 hits; other craft within 3" d6, friend or foe; aboard and beyond untouched', () => {
    const { state, b, get } = battle(scene());
    const ctx = ctxOf(state, new DiceRng([3, 4, 2]));
    explodeNukes(ctx, "blue", sorted({ type: "nuke", craft: "blue-1" }));
    expect(codes(ctx)).toEqual([]);
    expect(get("blue-1").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(b.tally.blue?.lost).toBe(1);
    expect(get("red-1").pendingHits).toBe(7);
    expect(get("red-1").hitBy).toEqual(["blue"]);
    expect(get("blue-2").pendingHits).toBe(2);
    expect(get("red-2").pendingHits).toBe(0);
    expect(get("red-3").pendingHits).toBe(0);
    expect(get("red-4").pendingHits).toBe(0);
    expect(ctx.events.find((e) => e.kind === "nuked")?.order).toBe("#0 nuke blue-1");
    const rolls = ctx.events.find((e) => e.kind === "nuked")?.rolls ?? [];
    expect(rolls.map((r) => [r.die, r.value])).toEqual([
      ["2d6", 7],
      ["d6", 2],
    ]);
  });

  it('EMP enhanced nukes: 5" (l.700-702), the card revealed when it matters', () => {
    const { state, get } = battle(scene(), { cards: { blue: ["emp-nukes"] } });
    const ctx = ctxOf(state, new DiceRng([1, 1, 1, 5]));
    explodeNukes(ctx, "blue", sorted({ type: "nuke", craft: "blue-1" }));
    expect(get("red-3").pendingHits).toBe(5);
    expect(get("red-4").pendingHits).toBe(0);
    expect(ctx.events.some((e) => e.kind === "card-revealed")).toBe(true);
  });

  it("hits on the exploding seat's own craft wait for its next S1 (C.20); detonate's contact target takes 2d6 (S8)", () => {
    const { state, get } = battle(scene());
    const ctx = ctxOf(state, new DiceRng([1, 1, 1, 6, 6]));
    detonate(ctx, "blue", get("blue-1"), "red-3");
    expect(get("red-3").pendingHits).toBe(12);
    expect(get("blue-2").pendingHits).toBe(1);
    makeArmourSaves(ctxOf(state), "red");
    expect(get("blue-2").pendingHits).toBe(1);
  });

  it("no operating warhead, not your craft: problems", () => {
    const { state } = battle(scene());
    const ctx = ctxOf(state);
    explodeNukes(ctx, "blue", sorted({ type: "nuke", craft: "blue-2" }, { type: "nuke", craft: "red-1" }));
    expect(codes(ctx)).toEqual(["no-nuke", "not-your-craft"]);
  });
});

describe("S10 - Repairs (l.639-647)", () => {
  it("each operating Self-Repair throws; each 5,6 fixes one module, where the orders say, then by priority (Engines first)", () => {
    const { state, get } = battle([{ id: "blue-1", modules: ["E", "SR", "SR", "L", "A", "E"], at: [10, 10], damaged: [0, 3, 5] }]);
    const ctx = ctxOf(state, new DiceRng([5, 6]));
    repairs(ctx, "blue", sorted({ type: "repair", craft: "blue-1", module: 3 }));
    expect(codes(ctx)).toEqual([]);
    expect(get("blue-1").modules.map((m) => m.damaged)).toEqual([false, false, false, false, false, true]);
    expect(ctx.events.find((e) => e.kind === "repaired")?.rolls?.map((r) => r.value)).toEqual([5, 6]);
  });

  it("a Saboteur crew throws one more die (l.771-775); a 4 fixes nothing", () => {
    const { state, get } = battle([{ id: "blue-1", modules: ["E", "SR", "L"], at: [10, 10], damaged: [2], medals: ["saboteur"] }]);
    const ctx = ctxOf(state, new DiceRng([4, 5]));
    repairs(ctx, "blue", EMPTY);
    expect(ctx.events.find((e) => e.kind === "repaired")?.rolls).toHaveLength(2);
    expect(get("blue-1").modules[2]?.damaged).toBe(false);
  });

  it("each Shuttle Bay throws for the fighters aboard; orders for undamaged modules or craft with no dice are refused", () => {
    const { state, get } = battle([
      { id: "blue-1", modules: ["E", "SB", "SB"], at: [10, 10] },
      { id: "blue-2", type: "fighter", modules: ["E", "L", "EM"], aboard: "blue-1", damaged: [1, 2] },
      { id: "blue-3", modules: ["E", "L"], at: [30, 10], damaged: [1] },
    ]);
    const ctx = ctxOf(state, new DiceRng([6, 2]));
    repairs(
      ctx,
      "blue",
      sorted(
        { type: "repair", craft: "blue-2", module: 2 },
        { type: "repair", craft: "blue-2", module: 0 },
        { type: "repair", craft: "blue-3", module: 1 },
      ),
    );
    expect(codes(ctx)).toEqual(["not-damaged", "no-repair"]);
    expect(get("blue-2").modules.map((m) => m.damaged)).toEqual([false, true, false]);
  });
});

describe("S11 - Re-arm Expendables (l.651-655)", () => {
  it("fighters aboard a vessel with an operating bay reload; on the table they do not", () => {
    const { state, get } = battle([
      { id: "blue-1", modules: ["E", "SB"], at: [10, 10] },
      { id: "blue-2", type: "fighter", modules: ["E", "EM"], aboard: "blue-1" },
      { id: "blue-3", type: "fighter", modules: ["E", "EM"], at: [11, 10] },
    ]);
    for (const id of ["blue-2", "blue-3"]) (get(id).modules[1] as { expended?: boolean }).expended = true;
    const ctx = ctxOf(state);
    rearmExpendables(ctx, "blue");
    expect(get("blue-2").modules[1]?.expended).toBeUndefined();
    expect(get("blue-3").modules[1]?.expended).toBe(true);
    expect(ctx.events[0]?.to).toEqual(["blue"]);
  });
});

describe("the battle's end (l.37, l.267, C.19)", () => {
  it("a side with no vessel left loses, though it has fighters; both wiped out: a draw; a vessel still to enter counts", () => {
    const { state, get } = battle([
      { id: "blue-1", modules: ["E", "SB"], at: [10, 10] },
      { id: "red-1", modules: ["E", "SB"], at: [60, 10] },
      { id: "red-2", type: "fighter", modules: ["E", "L"], at: [50, 10] },
    ]);
    expect(battleOver(state)).toBeUndefined();
    get("red-1").where = { kind: "gone", how: "destroyed" };
    expect(battleOver(state)).toMatchObject({ winner: "blue" });
    get("blue-1").where = { kind: "entering" };
    expect(battleOver(state)).toMatchObject({ winner: "blue" });
    get("blue-1").where = { kind: "gone", how: "destroyed" };
    expect(battleOver(state)).toMatchObject({ winner: "draw" });
  });

  it("the state with pendingDamage still parses", () => {
    const { state, get } = battle([{ id: "blue-1", modules: ["E", "SB"], at: [10, 10] }]);
    get("blue-1").pendingDamage = 2;
    expect(parseState(JSON.parse(JSON.stringify(state))).ok).toBe(true);
  });
});

describe("statistical: the dice of S5, S6 and S10 (6,000 runs each)", () => {
  it("a tractor catches on 5,6: 1/3 ± 2%; a repair die fixes on 5,6: 1/3 ± 2%; a contact blast averages 7 hits ± 0.15", () => {
    const rng = Rng.fromSeed(13);
    let caught = 0;
    let fixed = 0;
    let hits = 0;
    for (let run = 0; run < 6000; run++) {
      const t = battle([
        { id: "blue-1", modules: ["E", "TR"], at: [10, 10] },
        { id: "red-1", type: "fighter", modules: ["E", "L"], at: [12, 10] },
      ]);
      tractorBeams(ctxOf(t.state, rng), "blue", sorted({ type: "tractor", craft: "blue-1", target: "red-1" }));
      if (t.get("red-1").tractoredBy) caught++;
      const r = battle([{ id: "blue-1", modules: ["E", "SR", "L"], at: [10, 10], damaged: [2] }]);
      repairs(ctxOf(r.state, rng), "blue", EMPTY);
      if (!r.get("blue-1").modules[2]?.damaged) fixed++;
      const n = battle([
        { id: "blue-1", type: "fighter", modules: ["E", "N"], at: [10, 10] },
        { id: "red-1", modules: ["E", "L"], at: [10.5, 10] },
      ]);
      detonate(ctxOf(n.state, rng), "blue", n.get("blue-1"));
      hits += n.get("red-1").pendingHits;
    }
    expect(Math.abs(caught / 6000 - 1 / 3)).toBeLessThan(0.02);
    expect(Math.abs(fixed / 6000 - 1 / 3)).toBeLessThan(0.02);
    expect(Math.abs(hits / 6000 - 7)).toBeLessThan(0.15);
  });
});

describe("the turn: S3-S12 of the active seat, then the next seat's S1-S2 (l.263-347, C.20)", () => {
  it("blue's fighter nukes red's only vessel in contact; red's S1-S2 destroy it and the battle is over, blue the winner", () => {
    const { state, b, get } = battle([
      { id: "blue-1", modules: ["E", "SB"], at: [10, 10] },
      { id: "blue-2", type: "fighter", modules: ["E", "N"], at: [30, 10] },
      { id: "red-1", modules: ["E", "L"], at: [30.5, 10] },
    ]);
    const ctx = ctxOf(state, new DiceRng([3, 4]));
    playerTurn(ctx, sorted({ type: "nuke", craft: "blue-2" }));
    expect(get("red-1").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(b.tally.blue?.destroyed).toEqual(["red-1"]);
    expect(b.ended).toMatchObject({ winner: "blue" });
    expect(b.active).toBe("red");
    expect(ctx.events.map((e) => e.kind)).toEqual(["destroyed", "nuked", "hits-resolved", "damaged", "destroyed"]);
  });
});

describe("S2 - Results of Damage: rear shots (l.400 'Exception: see S9- rear shots', C.5, setting rearShots)", () => {
  it("the damage of hits from the rear goes on Engines and Thrusters first; the rest at random over what survives", () => {
    // Armour 0: every hit damages. 2 of the 3 hits came from the rear: both Engines go first, the third hit anywhere.
    const { state, get } = battle([{ id: "blue-1", modules: ["L", "E", "L", "E", "L", "M"], at: [10, 10], hits: 3, hitBy: ["red"] }]);
    get("blue-1").rearHits = 2;
    for (let seed = 1; seed <= 30; seed++) {
      const s = structuredClone(state);
      const c = s.campaign.battle?.craft.find((x) => x.id === "blue-1") as Craft;
      const ctx = ctxOf(s, Rng.fromSeed(seed));
      makeArmourSaves(ctx, "blue");
      expect(c.rearHits, "after S1: the rear hits' damage").toBe(2);
      resultsOfDamage(ctx, "blue");
      expect(c.modules.filter((m) => m.module === "E").every((m) => m.damaged)).toBe(true);
      expect(c.modules.filter((m) => m.damaged)).toHaveLength(3);
      expect(c.rearHits).toBeUndefined();
    }
  });
  it("a rear hit saved by armour does nothing; without rear hits the allocation is the common one, die for die", () => {
    const { state, get } = battle([{ id: "blue-1", modules: ["L", "E", "A", "A"], at: [10, 10], hits: 2, hitBy: ["red"] }]);
    get("blue-1").rearHits = 1;
    // Armour 2 (3+ to damage): the rear hit rolls 2 (saved), the other 6 (damages): no rear damage.
    const ctx = ctxOf(state, new DiceRng([2, 6]));
    makeArmourSaves(ctx, "blue");
    expect(get("blue-1").pendingDamage).toBe(1);
    expect(get("blue-1").rearHits).toBeUndefined();
  });
});

describe("S5 - Tractor Beam: a hold ends when the holding vessel moves away (l.442 'within 3\"', E.7)", () => {
  it("blue's vessel moves 6\" off: red's fighter it held is released at once", async () => {
    const { moveCraft } = await import("../../src/rules/space-war/the-turn/s7-movement.js");
    const { state, get } = battle([
      { id: "blue-1", modules: ["E", "TR", "A"], at: [10, 10], heading: 90 },
      { id: "red-1", type: "fighter", modules: ["E", "L"], at: [12, 10] },
      { id: "red-2", modules: ["E", "A"], at: [60, 40] },
    ]);
    get("red-1").tractoredBy = "blue-1";
    const ctx = ctxOf(state);
    moveCraft(ctx, "blue", sorted({ type: "move", craft: "blue-1", to: { x: 4, y: 10 } }));
    expect(codes(ctx)).toEqual([]);
    expect(get("red-1").tractoredBy).toBeUndefined();
    expect(ctx.events.map((e) => e.kind)).toContain("released");
  });
});
