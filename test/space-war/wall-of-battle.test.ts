/**
 * 6.0 Wall of Battle - fleet actions (seed 001 l.1011-1035): four or six squadrons in two alliances, the sides diced
 * after designing, no targeting of allies, nukes only near an enemy, each squadron giving up alone, the order of play,
 * and a Valour and a Star per enemy squadron.
 */
import { describe, expect, it } from "vitest";
import type { SeatId } from "../../src/core/ids.js";
import { Rng } from "../../src/core/rng.js";
import { CAMPAIGN, createCampaign, DEFAULT_INPUTS } from "../../src/rules/space-war/campaign-sequence/create.js";
import { allied, alliesOf, enemiesOf, noOrders, stepContext } from "../../src/rules/space-war/campaign-sequence/step.js";
import { design } from "../../src/rules/space-war/designing-craft/design.js";
import { spaceWar } from "../../src/rules/space-war/index.js";
import { medalsEarned } from "../../src/rules/space-war/medals/medals.js";
import { type Craft, craftOf, type Side, type SpaceWarState } from "../../src/rules/space-war/model.js";
import { knownState } from "../../src/rules/space-war/presentation/known-state.js";
import { spaceStation } from "../../src/rules/space-war/scenarios/set-up.js";
import { wallHomes } from "../../src/rules/space-war/scenarios/wall-of-battle.js";
import { battleOver } from "../../src/rules/space-war/the-turn/battle-end.js";
import { optToGiveUp } from "../../src/rules/space-war/the-turn/s3-give-up.js";
import { tractorBeams } from "../../src/rules/space-war/the-turn/s5-tractor-beam.js";
import { explodeNukes } from "../../src/rules/space-war/the-turn/s6-nuclear-devices.js";
import { ramRuling } from "../../src/rules/space-war/the-turn/s8-ramming.js";
import { shotRuling } from "../../src/rules/space-war/the-turn/s9-shoot.js";
import { playerTurn } from "../../src/rules/space-war/the-turn/sequence.js";
import { DiceRng } from "../battleshift/support.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";
import { normalStep } from "./bots-support.js";

const GUN = design("Gun", "vessel", ["E", "L", "M", "N", "TR"]);
const WASP = design("Wasp", "fighter", ["E", "L"]);

type Spot = [id: string, x: number, y: number, how?: "hidden" | "table", d?: typeof GUN];

/** Four squadrons, blue and green (side 1, west) against red and yellow (side 2, east), each craft placed at a point. */
function wall(spots: Record<string, Spot[]>, sides: Record<SeatId, Side> = { blue: 1, green: 1, red: 2, yellow: 2 }): SpaceWarState {
  const s = createCampaign({ ...DEFAULT_INPUTS, squadrons: 4 });
  s.campaign.step = "battle";
  s.campaign.scenario = "wall-of-battle";
  s.campaign.sides = sides;
  const craft: Craft[] = [];
  const seats = s.seats.map((x) => x.id);
  for (const seat of seats)
    for (const [id, x, y, how, d] of spots[seat] ?? []) {
      const c = craftOf(id, seat, d ?? GUN);
      c.where = { kind: how ?? "table", at: { x, y }, heading: sides[seat] === 1 ? 90 : 270 };
      craft.push(c);
    }
  s.campaign.battle = {
    scenario: "wall-of-battle",
    turn: 1,
    order: [...seats],
    active: "blue",
    table: { width: 72, depth: 48 },
    planets: [],
    craft,
    gaveUp: [],
    tally: Object.fromEntries(
      seats.map((seat) => [
        seat,
        { started: craft.filter((c) => c.owner === seat).length, lost: 0, destroyed: [], captured: [], tasks: [] },
      ]),
    ),
    homes: Object.fromEntries(seats.map((seat) => [seat, { planet: 0, edge: sides[seat] === 1 ? "west" : "east" }])),
  };
  return s;
}

const FOUR: Record<string, Spot[]> = {
  blue: [["blue-1", 30, 20]],
  green: [["green-1", 30, 24]],
  red: [["red-1", 40, 20]],
  yellow: [["yellow-1", 40, 28]],
};

describe("6.0 Wall of Battle: four or six players (l.1017)", () => {
  it('"This allows four or six player games with equal numbers of squadrons on each side" (l.1017): 2, 4 or 6 squadrons', () => {
    const parse = (o: object) => CAMPAIGN.parseInputs({ options: [o] });
    const four = parse({ squadrons: 4 });
    expect(four.ok && four.value.squadrons).toBe(4);
    expect(four.ok && four.value.scenario).toBe("wall-of-battle");
    for (const n of [3, 5]) {
      const r = parse({ squadrons: n });
      expect(!r.ok && r.error[0]?.code).toBe("bad-squadrons");
    }
    const six = createCampaign({ ...DEFAULT_INPUTS, squadrons: 6 });
    expect(six.seats.map((x) => x.id)).toEqual(["blue", "red", "green", "yellow", "white", "black"]);
    expect(six.campaign.squadrons).toHaveLength(6);
    expect(createCampaign(DEFAULT_INPUTS).seats).toHaveLength(2);
  });
  it('"scenario #6 requires more than 2 players so does not appear on this chart" (l.860): chosen with 4 or 6, never with 2', () => {
    const parse = (o: object) => CAMPAIGN.parseInputs({ options: [o] });
    const rolled = parse({ squadrons: 4, scenario: 0 });
    expect(!rolled.ok && rolled.error[0]?.code).toBe("wall-of-battle-only");
    const two = parse({ scenario: 6 });
    expect(!two.ok && two.error[0]?.code).toBe("wall-needs-more");
    const chosen = parse({ squadrons: 6, scenario: 6 });
    expect(chosen.ok && chosen.value.scenario).toBe("wall-of-battle");
    expect(createCampaign({ ...DEFAULT_INPUTS, scenario: "roll", squadrons: 4 }).scenario).toBe("wall-of-battle");
  });
});

describe('"After designing Vessels, randomly dice to see who\'s on which side!" (l.1019)', () => {
  it("after the designs each seat rolls a d6 (ties again): the higher half is side 1; every die is in the event", () => {
    const s = createCampaign({ ...DEFAULT_INPUTS, squadrons: 4 });
    // blue 2, red 6, green 4, yellow 4: green and yellow tie and roll again, 1 and 5.
    const r = spaceWar.resolve(s, {}, new DiceRng([2, 6, 4, 4, 1, 5]));
    expect(r.state.campaign.scenario).toBe("wall-of-battle");
    expect(r.state.campaign.sides).toEqual({ red: 1, yellow: 1, green: 2, blue: 2 });
    const e = r.events.find((x) => x.kind === "sides");
    expect(e?.rolls?.map((x) => x.value)).toEqual([2, 6, 4, 4, 1, 5]);
    expect(e?.to).toBeUndefined();
  });
  it("equal sides over 300 campaigns of six: each seat on side 1 half the time (±9 points)", () => {
    let blueOne = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const r = spaceWar.resolve(createCampaign({ ...DEFAULT_INPUTS, squadrons: 6 }), {}, Rng.forTurn(seed, 1));
      const sides = r.state.campaign.sides ?? {};
      expect(Object.values(sides).filter((x) => x === 1)).toHaveLength(3);
      if (sides.blue === 1) blueOne++;
    }
    expect(Math.abs(blueOne / 300 - 0.5)).toBeLessThan(0.09);
  });
  it('"You may be allied with a player one game and a bitter enemy the next" (l.1015): the sides are diced every game', () => {
    const s = createCampaign({ ...DEFAULT_INPUTS, squadrons: 4 });
    const ctxs = [new DiceRng([6, 5, 2, 1]), new DiceRng([1, 5, 6, 2])].map((rng) => spaceWar.resolve(s, {}, rng).state.campaign.sides);
    expect(ctxs[0]).toEqual({ blue: 1, red: 1, green: 2, yellow: 2 });
    expect(ctxs[1]).toEqual({ green: 1, red: 1, yellow: 2, blue: 2 });
  });
});

describe("the alliances as the rules ask them", () => {
  it("the sides are state: saved and parsed again; a side naming no seat of the game is refused", () => {
    const s = wall(FOUR);
    const back = spaceWar.parseState(JSON.parse(JSON.stringify(s)));
    expect(back.ok && back.value.campaign.sides).toEqual({ blue: 1, green: 1, red: 2, yellow: 2 });
    const bad = spaceWar.parseState(JSON.parse(JSON.stringify({ ...s, campaign: { ...s.campaign, sides: { mauve: 1 } } })));
    expect(bad.ok).toBe(false);
  });
  it("enemiesOf is the other alliance; a seat is not its own ally", () => {
    const s = wall(FOUR);
    expect(enemiesOf(s, "blue")).toEqual(["red", "yellow"]);
    expect(alliesOf(s, "blue")).toEqual(["green"]);
    expect(allied(s, "blue", "blue")).toBe(false);
    delete s.campaign.sides;
    expect(enemiesOf(s, "blue")).toEqual(["red", "green", "yellow"]);
  });
  it('"You may not target friendly allied Craft" (l.1023): no shot, ram or tractor at an ally', () => {
    const s = wall(FOUR);
    const shot = shotRuling(s, "blue", { type: "shoot", craft: "blue-1", target: "green-1", weapon: "laser" });
    expect(!shot.ok && shot.code).toBe("allied-target");
    expect(shotRuling(s, "blue", { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }).ok).toBe(true);
    const ram = ramRuling(s, "blue", { type: "ram", craft: "blue-1", target: "green-1", nuke: false });
    expect(!ram.ok && ram.code).toBe("allied-target");
    const t = wall({ ...FOUR, green: [["green-2", 31, 20, "table", WASP]] });
    const ctx = stepContext(t, new DiceRng([6]));
    const o = noOrders();
    o.tractor.push({ order: { type: "tractor", craft: "blue-1", target: "green-2" }, at: "#1 tractor blue-1" });
    tractorBeams(ctx, "blue", o);
    expect(ctx.problems.blue?.map((p) => p.code)).toEqual(["allied-target"]);
  });
  it('"can only explode a nuke within blast radius of an enemy Craft" (l.1023): refused with the nearest enemy 10" away', () => {
    const ctx = stepContext(wall(FOUR), new DiceRng([]));
    const o = noOrders();
    o.nuke.push({ order: { type: "nuke", craft: "blue-1" }, at: "#1 nuke blue-1" });
    explodeNukes(ctx, "blue", o);
    expect(ctx.problems.blue?.map((p) => p.code)).toEqual(["no-enemy-in-blast"]);
    expect(ctx.problems.blue?.[0]?.message).toContain('the nearest enemy craft is 10.0" away');
  });
  it('"but if accidentally the nuke happens to blow up a crack allied Craft, what a shame!" (l.1023): allies in the blast are hit', () => {
    const s = wall({ ...FOUR, red: [["red-1", 32, 20, "hidden"]], green: [["green-1", 30, 22]] });
    const ctx = stepContext(s, new DiceRng([4, 5]));
    const o = noOrders();
    o.nuke.push({ order: { type: "nuke", craft: "blue-1" }, at: "#1 nuke blue-1" });
    explodeNukes(ctx, "blue", o);
    expect(ctx.problems.blue).toEqual([]);
    const b = ctx.state.campaign.battle;
    expect(b?.craft.find((c) => c.id === "green-1")?.pendingHits).toBe(5);
    expect(b?.craft.find((c) => c.id === "red-1")?.pendingHits).toBe(4);
  });
});

describe('"Each individual player (squadron) can give up after suffering 5 lost Craft or being reduced to one Craft" (l.1027)', () => {
  const five: Spot[] = [1, 2, 3, 4, 5, 6].map((i) => [`blue-${i}`, 10, 5 + i * 2] as Spot);
  it('blue, down to one craft, gives up: "immediately remove all his or her surviving Craft"; green fights on', () => {
    const s = wall({
      ...FOUR,
      blue: five,
      green: [
        ["green-1", 30, 24],
        ["green-2", 30, 26],
      ],
    });
    for (const c of s.campaign.battle?.craft ?? [])
      if (c.owner === "blue" && c.id !== "blue-6") c.where = { kind: "gone", how: "destroyed" };
    const ctx = stepContext(s, Rng.forTurn(1, 1));
    const o = noOrders();
    o["give-up"].push({ order: { type: "give-up" }, at: "#1 give-up" });
    optToGiveUp(ctx, "blue", o);
    expect(ctx.problems.blue).toEqual([]);
    expect(s.campaign.battle?.craft.find((c) => c.id === "blue-6")?.where).toEqual({ kind: "gone", how: "fled" });
    expect(battleOver(s)).toBeUndefined();
  });
  it("its Space Station cannot flee (un-powered, l.876): it stays on the table, where the enemy may still destroy it", () => {
    const s = wall({ ...FOUR, blue: five });
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    b.craft.push(spaceStation("blue", { x: 4, y: 24 }));
    for (const c of b.craft) if (c.owner === "blue" && c.id !== "blue-6" && !c.station) c.where = { kind: "gone", how: "destroyed" };
    const ctx = stepContext(s, Rng.forTurn(1, 1));
    const o = noOrders();
    o["give-up"].push({ order: { type: "give-up" }, at: "#1 give-up" });
    optToGiveUp(ctx, "blue", o);
    expect(ctx.problems.blue).toEqual([]);
    expect(b.craft.find((c) => c.id === "blue-6")?.where).toEqual({ kind: "gone", how: "fled" });
    expect(b.craft.find((c) => c.id === "blue-station")?.where.kind).toBe("table");
  });
  it("a squadron with nothing left plays no more turns: blue gone, the turn passes from yellow to green", () => {
    const s = wall(FOUR);
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    b.order = ["yellow", "blue", "green", "red"];
    b.active = "yellow";
    const blue = b.craft.find((c) => c.id === "blue-1");
    if (blue) blue.where = { kind: "gone", how: "destroyed" };
    const ctx = stepContext(s, Rng.forTurn(1, 1));
    playerTurn(ctx, noOrders());
    expect(b.active).toBe("green");
  });
});

describe("the battle's end by alliance (l.37, l.267, C.19)", () => {
  it("over when one alliance is left: its every seat wins, the one wiped out too", () => {
    const s = wall(FOUR);
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    b.gaveUp.push("red");
    expect(battleOver(s)).toBeUndefined();
    const y = b.craft.find((c) => c.id === "yellow-1");
    if (y) y.where = { kind: "gone", how: "destroyed" };
    const g = b.craft.find((c) => c.id === "green-1");
    if (g) g.where = { kind: "gone", how: "destroyed" };
    const end = battleOver(s);
    expect(end?.winner).toBe("blue");
    expect(end?.winners).toEqual(["blue", "green"]);
  });
  it("both alliances out at once: a draw", () => {
    const s = wall(FOUR);
    for (const c of s.campaign.battle?.craft ?? []) c.where = { kind: "gone", how: "destroyed" };
    expect(battleOver(s)?.winner).toBe("draw");
  });
});

describe('"Order of play - Randomly decide the order of play for the entire game at the start" (l.1031)', () => {
  it("by default the order stays the game's; with wallOrder turn the Squadron Cards deal it again each turn (C.35)", () => {
    const s = wall(FOUR);
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    b.order = ["red", "yellow", "green", "blue"];
    b.active = "blue";
    const same = stepContext(structuredClone(s), Rng.forTurn(1, 1));
    playerTurn(same, noOrders());
    expect(same.state.campaign.battle?.order).toEqual(["red", "yellow", "green", "blue"]);
    expect(same.state.campaign.battle?.turn).toBe(2);
    s.settings.wallOrder = "turn";
    const dealt = stepContext(s, new DiceRng([1, 2, 3, 6]));
    playerTurn(dealt, noOrders());
    expect(b.order).toEqual(["blue", "green", "yellow", "red"]);
    expect(b.active).toBe("blue");
    expect(dealt.events.find((e) => e.kind === "order")?.rolls).toHaveLength(4);
  });
});

describe("Medals in fleet actions (l.1033-1035)", () => {
  it('"it is possible for a single squadron to gain more than one of a particular Medal": Valour and Star per enemy squadron', () => {
    const f = {
      enemyCraftDestroyed: 6,
      everyEnemyCraftDestroyed: false,
      largestDesignCraftDestroyed: false,
      corporationTask: false,
      saboteurTask: false,
      enemyFightersCaptured: 0,
      enemyGaveUpWithCraft: false,
      vesselsLeft: true,
      machine: false,
      enemySquadrons: [
        { seat: "red", everyCraftDestroyed: true, largestDesignCraftDestroyed: true },
        { seat: "yellow", everyCraftDestroyed: true, largestDesignCraftDestroyed: true },
      ],
    };
    expect(medalsEarned(f)).toEqual(["ace", "valour", "valour", "star", "star"]);
  });
  it("after the battle: blue destroyed every craft of red and yellow's largest; green shared red's kill", () => {
    const s = wall({
      blue: [["blue-1", 30, 20]],
      green: [["green-1", 30, 24]],
      red: [
        ["red-1", 40, 20],
        ["red-2", 40, 22, "table", WASP],
      ],
      yellow: [
        ["yellow-1", 40, 28],
        ["yellow-2", 40, 30, "table", WASP],
      ],
    });
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    for (const c of b.craft) if (c.owner === "red" || c.id === "yellow-1") c.where = { kind: "gone", how: "destroyed" };
    const t = (seat: string) => b.tally[seat] ?? { started: 0, lost: 0, destroyed: [], captured: [], tasks: [] };
    t("blue").destroyed.push("red-1", "yellow-1");
    t("green").destroyed.push("red-2");
    b.gaveUp.push("yellow");
    const yw = b.craft.find((c) => c.id === "yellow-2");
    if (yw) yw.where = { kind: "gone", how: "fled" };
    b.ended = battleOver(s);
    s.campaign.game = 0;
    const r = spaceWar.resolve(s, { blue: { seat: "blue", step: s.step, orders: [] } }, Rng.forTurn(1, 1));
    const awards = r.state.campaign.awards ?? [];
    // yellow gave up with a fighter left: no Valour against it ("Giving up might reduce the enemy's gaining of Medals!").
    expect(awards.find((a) => a.seat === "blue")?.medals).toEqual(["valour", "star", "star", "bravery"]);
    expect(awards.find((a) => a.seat === "green")?.medals).toEqual(["valour", "bravery"]);
  });
});

describe("Valour shared or alone (setting wallValour)", () => {
  const valours = (alone: boolean): string[] => {
    const s = wall({
      blue: [["blue-1", 30, 20]],
      green: [["green-1", 30, 24]],
      red: [
        ["red-1", 40, 20],
        ["red-2", 40, 22, "table", WASP],
      ],
      yellow: [["yellow-1", 40, 28]],
    });
    if (alone) s.settings.wallValour = "alone";
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    for (const c of b.craft) if (c.owner === "red" || c.owner === "yellow") c.where = { kind: "gone", how: "destroyed" };
    b.tally.blue?.destroyed.push("red-1", "yellow-1");
    b.tally.green?.destroyed.push("red-2");
    b.ended = battleOver(s);
    const r = spaceWar.resolve(s, {}, Rng.forTurn(1, 1));
    return (r.state.campaign.awards ?? []).flatMap((a) => a.medals.filter((m) => m === "valour").map(() => a.seat));
  };
  it("shared (default): blue and green each a Valour for red (both killed some), blue one for yellow", () => {
    expect(valours(false)).toEqual(["blue", "blue", "green"]);
  });
  it("alone: only blue's Valour for yellow, which it destroyed whole", () => {
    expect(valours(true)).toEqual(["blue"]);
  });
});

describe("deployment and views", () => {
  it('each alliance along its narrow edge, each squadron its own planet 6" in (l.872, l.888)', () => {
    const four = wallHomes(["blue", "red", "green", "yellow"], { blue: 1, green: 1, red: 2, yellow: 2 }, { width: 72, depth: 48 }, 6);
    expect(four).toEqual([
      { seat: "blue", edge: "west", at: { x: 6, y: 16 } },
      { seat: "green", edge: "west", at: { x: 6, y: 32 } },
      { seat: "red", edge: "east", at: { x: 66, y: 16 } },
      { seat: "yellow", edge: "east", at: { x: 66, y: 32 } },
    ]);
    const six = wallHomes(["a", "b", "c", "d", "e", "f"], { a: 1, b: 2, c: 1, d: 2, e: 1, f: 2 }, { width: 72, depth: 48 }, 6);
    expect(six.filter((h) => h.edge === "west").map((h) => h.at.y)).toEqual([12, 24, 36]);
  });
  it("allies see each other's face-down counters whole; the enemy sees a blank counter", () => {
    const s = wall({ ...FOUR, green: [["green-1", 30, 24, "hidden"]] });
    expect(spaceWar.report(s, "blue", []).text).toContain("Allied craft (green):");
    expect(knownState(s, "blue").campaign.battle?.craft.find((c) => c.id === "green-1")?.design).toBe("Gun");
    expect(knownState(s, "red").campaign.battle?.craft.find((c) => c.id === "green-1")?.design).toBe("face-down counter");
  });
});

describe("bots in a fleet action", () => {
  it("four and six normal bots play a Wall of Battle to its end with no order refused: none at an ally, no nuke far from the enemy", () => {
    for (const [squadrons, seed] of [
      [4, 1],
      [4, 2],
      [6, 3],
    ] as const) {
      let state = createCampaign({ games: 1, scenario: "squadron-action", budget: "normal", squadrons });
      const codes: string[] = [];
      for (let steps = 0; !state.outcome && steps < 2000; steps++) {
        const r = normalStep(state, seed);
        codes.push(...r.codes);
        state = r.state;
      }
      expect(state.outcome, `${squadrons} squadrons, seed ${seed}`).toBeDefined();
      // No order of theirs refused at all: none at an ally, no nuke far from the enemy, no move onto an ally's base.
      expect(codes).toEqual([]);
      const result = state.campaign.results[0];
      if (result && result.winner !== "draw") expect(result.winners).toHaveLength(squadrons / 2);
    }
  });
});

rulesetHarness(
  {
    ...spaceWar,
    scenarios: { wall: { ...CAMPAIGN, id: "wall", create: () => createCampaign({ ...DEFAULT_INPUTS, squadrons: 4 }) } as never },
  },
  { scenario: "wall", seeds: [5, 6], turns: 30 },
);

rulesetHarness(
  {
    ...spaceWar,
    scenarios: { wall6: { ...CAMPAIGN, id: "wall6", create: () => createCampaign({ ...DEFAULT_INPUTS, squadrons: 6 }) } as never },
  },
  { scenario: "wall6", seeds: [7], turns: 30 },
);
