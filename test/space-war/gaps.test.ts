/**
 * Seed 001 rules the coverage audit found without code or without a test: the Saboteur task (l.720-722), the
 * Corporation task earned in a battle (l.716-718), the penalty for fleeing the CT's (l.921), the Convoy's disaster
 * (l.954), and Machine Wars as a variant of the other scenarios (l.973-979).
 */
import { describe, expect, it } from "vitest";
import type { SeatId } from "../../src/core/ids.js";
import { Rng } from "../../src/core/rng.js";
import { CAMPAIGN, createCampaign, DEFAULT_INPUTS } from "../../src/rules/space-war/campaign-sequence/create.js";
import { resolveStep } from "../../src/rules/space-war/campaign-sequence/sequence.js";
import { stepContext } from "../../src/rules/space-war/campaign-sequence/step.js";
import { type Design, design } from "../../src/rules/space-war/designing-craft/design.js";
import type { SxEvent } from "../../src/rules/space-war/events.js";
import type { Medal } from "../../src/rules/space-war/medals/medals.js";
import { type Craft, craftOf, type Side, type SpaceWarState } from "../../src/rules/space-war/model.js";
import type { Order } from "../../src/rules/space-war/orders.js";
import type { ScenarioId } from "../../src/rules/space-war/scenarios/scenarios.js";
import { spaceStation } from "../../src/rules/space-war/scenarios/set-up.js";
import { parseState } from "../../src/rules/space-war/state-schema.js";
import type { Card } from "../../src/rules/space-war/technology-cards/cards.js";
import { machineSelfDestruct } from "../../src/rules/space-war/the-turn/s6-nuclear-devices.js";
import { DiceRng } from "../battleshift/support.js";
import { ScriptedIntRng as ScriptRng } from "../support/scripted-rng.js";
import { normalStep } from "./bots-support.js";

// ---------------------------------------------------------------------------------------------------------------
// Helpers: a battle of craft placed at points (stations too), and campaigns run step by step.

type Step = { state: SpaceWarState; events: SxEvent[]; problems: Record<string, { order: string; code: string; message: string }[]> };

/** One step of the game with each seat's orders as a file gives them (defaults left out); the state must still parse. */
function step(state: SpaceWarState, orders: Record<string, object[]> = {}, rng: Rng = Rng.fromSeed(state.step)): Step {
  const r = resolveStep(state, Object.fromEntries(Object.entries(orders).map(([s, o]) => [s, { orders: o as Order[] }])), rng);
  const parsed = parseState(JSON.parse(JSON.stringify(r.state)));
  if (!parsed.ok) throw new Error(`state does not parse: ${JSON.stringify(parsed.error)}`);
  return r as Step;
}

const codes = (r: Step, seat: string) => (r.problems[seat] ?? []).map((p) => p.code);
const kinds = (r: Step) => r.events.map((e) => e.kind);

/** A vessel with two Engines (12"), two Lasers and Armour. */
const GUN = design("Gun", "vessel", ["E", "E", "L", "L", "A"]);
/** A vessel carrying a Nuclear Warhead. */
const BOMB = design("Bomb", "vessel", ["E", "E", "N"]);

type Spot = [id: string, x: number, y: number, heading?: number, d?: Design];

interface Placed {
  craft: Partial<Record<SeatId, Spot[]>>;
  /** Each seat's Space Station at a point. */
  stations?: Partial<Record<SeatId, [number, number]>>;
  cards?: Partial<Record<SeatId, Card[]>>;
  /** Crews with medals: aboard the craft named. */
  crews?: Partial<Record<SeatId, { id: string; craft: string; medals: Medal[] }[]>>;
  squadrons?: 2 | 4;
  sides?: Record<SeatId, Side>;
}

/** A campaign at its battle, craft placed face up at points, `active` the seat whose turn the battle awaits. */
function placed(p: Placed, active: SeatId = "blue"): SpaceWarState {
  const s = createCampaign({ ...DEFAULT_INPUTS, games: 2, squadrons: p.squadrons ?? 2 });
  const scenario: ScenarioId = s.scenario === "roll" ? "squadron-action" : s.scenario;
  s.campaign.step = "battle";
  s.campaign.scenario = scenario;
  s.campaign.roles = Object.fromEntries(s.seats.map((x) => [x.id, "squadron"]));
  if (p.sides) s.campaign.sides = p.sides;
  const seats = s.seats.map((x) => x.id);
  const craft: Craft[] = [];
  for (const seat of seats) {
    for (const [id, x, y, heading, d] of p.craft[seat] ?? []) {
      const c = craftOf(id, seat, d ?? GUN);
      c.where = { kind: "table", at: { x, y }, heading: heading ?? 90 };
      craft.push(c);
    }
    const st = p.stations?.[seat];
    if (st) craft.push(spaceStation(seat, { x: st[0], y: st[1] }));
    const q = s.campaign.squadrons.find((x) => x.seat === seat);
    if (!q) continue;
    q.cards = (p.cards?.[seat] ?? []).map((card) => ({ card, revealed: false, cancelled: false }));
    for (const k of p.crews?.[seat] ?? []) {
      q.crews.push({ id: k.id, name: k.id, medals: [...k.medals] });
      const c = craft.find((x) => x.id === k.craft);
      if (c) c.crew = k.id;
    }
  }
  s.campaign.battle = {
    scenario,
    turn: 1,
    order: [...seats],
    active,
    table: { width: 72, depth: 48 },
    planets: [],
    craft,
    gaveUp: [],
    tally: Object.fromEntries(
      seats.map((seat) => [
        seat,
        { started: craft.filter((c) => c.owner === seat && !c.station).length, lost: 0, destroyed: [], captured: [], tasks: [] },
      ]),
    ),
    homes: Object.fromEntries(seats.map((seat, i) => [seat, { planet: 0, edge: i % 2 === 0 ? "west" : "east" }])),
  };
  return s;
}

/** The battle ends as given (its end is another part's, tested there): the next step closes it. */
function closed(s: SpaceWarState, winner: SeatId | "draw" = "blue"): Step {
  const next = structuredClone(s);
  const b = next.campaign.battle;
  if (!b) throw new Error("no battle");
  b.ended = { winner, reason: "test" };
  return step(next);
}

const awardOf = (s: SpaceWarState, seat: SeatId) => s.campaign.awards?.find((a) => a.seat === seat);
const craftIn = (s: SpaceWarState, id: string): Craft => {
  const c = s.campaign.battle?.craft.find((x) => x.id === id);
  if (!c) throw new Error(`no craft ${id}`);
  return c;
};

// ---------------------------------------------------------------------------------------------------------------

describe('Task – Saboteur: "Get one of your craft to contact the enemy Space Station" (l.720-722)', () => {
  /** Blue's Gun 6" west of red's station, facing it; red's own Gun far off. */
  const table = (cards: Partial<Record<SeatId, Card[]>>, d: Design = GUN): SpaceWarState =>
    placed({
      craft: {
        blue: [
          ["blue-1", 50, 24, 90, d],
          ["blue-2", 20, 40],
        ],
        red: [["red-1", 66, 6]],
      },
      stations: { blue: [12, 24], red: [56, 24] },
      cards,
    });

  it("earned: a ram into the enemy's Space Station (S8, l.508) achieves the task, reveals the card and earns the Saboteur medal (l.773)", () => {
    const r = step(table({ blue: ["task-saboteur"] }), { blue: [{ type: "ram", craft: "blue-1", target: "red-station" }] });
    expect(codes(r, "blue")).toEqual([]);
    expect(kinds(r)).toEqual(expect.arrayContaining(["rammed", "card-revealed", "task"]));
    const task = r.events.find((e) => e.kind === "task");
    expect(task?.text).toContain("blue-1 contacts red-station");
    expect(task?.to).toBeUndefined();
    expect(r.state.campaign.battle?.tally.blue?.tasks).toEqual(["saboteur"]);
    expect(r.state.campaign.squadrons[0]?.cards).toEqual([{ card: "task-saboteur", revealed: true, cancelled: false }]);
    // "Both involved Craft takes one Hit for each Module in size of the rammer's original number of Modules" (l.512).
    expect(craftIn(r.state, "blue-1").pendingHits).toBe(5);
    const after = closed(r.state);
    expect(awardOf(after.state, "blue")?.medals).toEqual(["saboteur"]);
  });

  it("a Nuclear Warhead rammed in makes contact before it explodes (l.516): the task is achieved", () => {
    const r = step(table({ blue: ["task-saboteur"] }, BOMB), {
      blue: [{ type: "ram", craft: "blue-1", target: "red-station", nuke: true }],
    });
    expect(codes(r, "blue")).toEqual([]);
    expect(craftIn(r.state, "blue-1").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(r.state.campaign.battle?.tally.blue?.tasks).toEqual(["saboteur"]);
    // blue-2 is a vessel left: the crews may be decorated (l.733).
    expect(awardOf(closed(r.state).state, "blue")?.medals).toEqual(["saboteur"]);
  });

  it("not earned without the card: the same ram is only a ram", () => {
    const r = step(table({ blue: ["better-armour"] }), { blue: [{ type: "ram", craft: "blue-1", target: "red-station" }] });
    expect(codes(r, "blue")).toEqual([]);
    expect(kinds(r)).not.toContain("task");
    expect(r.state.campaign.battle?.tally.blue?.tasks).toEqual([]);
    expect(r.state.campaign.squadrons[0]?.cards[0]?.revealed).toBe(false);
    expect(awardOf(closed(r.state).state, "blue")?.medals).toEqual([]);
  });

  it("an enemy's Subterfuge cancels the task card as it is played (l.706, C.26): no task", () => {
    const r = step(table({ blue: ["task-saboteur"], red: ["subterfuge"] }), {
      blue: [{ type: "ram", craft: "blue-1", target: "red-station" }],
    });
    expect(kinds(r)).toEqual(expect.arrayContaining(["card-revealed", "card-cancelled"]));
    expect(kinds(r)).not.toContain("task");
    expect(r.state.campaign.battle?.tally.blue?.tasks).toEqual([]);
  });

  it("once a battle: a second contact adds nothing", () => {
    const s = table({ blue: ["task-saboteur"] });
    s.campaign.battle?.craft.push(craftOf("blue-3", "blue", GUN));
    const c3 = craftIn(s, "blue-3");
    c3.where = { kind: "table", at: { x: 56, y: 30 }, heading: 0 };
    const r = step(s, {
      blue: [
        { type: "ram", craft: "blue-1", target: "red-station" },
        { type: "ram", craft: "blue-3", target: "red-station" },
      ],
    });
    expect(r.events.filter((e) => e.kind === "task")).toHaveLength(1);
    expect(r.state.campaign.battle?.tally.blue?.tasks).toEqual(["saboteur"]);
  });

  it("not by contact with a friendly station: a ram at one's own is refused; a move touching it is no task; a move into the enemy's is refused (l.508)", () => {
    const s = placed({
      craft: {
        blue: [
          ["blue-1", 6, 24, 90],
          ["blue-2", 48, 24, 90],
        ],
        red: [["red-1", 66, 6]],
      },
      stations: { blue: [12, 24], red: [56, 24] },
      cards: { blue: ["task-saboteur"] },
    });
    const r = step(s, {
      blue: [
        { type: "move", craft: "blue-1", to: { x: 11, y: 24 } },
        { type: "move", craft: "blue-2", to: { x: 55.5, y: 24 } },
        { type: "ram", craft: "blue-1", target: "blue-station" },
      ],
    });
    expect(codes(r, "blue")).toEqual(["contact-enemy", "not-an-enemy"]);
    expect(craftIn(r.state, "blue-1").where).toMatchObject({ at: { x: 11, y: 24 } });
    expect(kinds(r)).not.toContain("task");
    expect(r.state.campaign.battle?.tally.blue?.tasks).toEqual([]);
    expect(r.state.campaign.squadrons[0]?.cards[0]?.revealed).toBe(false);
  });

  it("not by contact with an allied station (6.0 Wall of Battle, l.1023): the ram is refused", () => {
    const s = placed({
      squadrons: 4,
      sides: { blue: 1, green: 1, red: 2, yellow: 2 },
      craft: { blue: [["blue-1", 20, 24, 90]], green: [["green-1", 6, 6]], red: [["red-1", 66, 6]], yellow: [["yellow-1", 66, 40]] },
      stations: { green: [26, 24], red: [60, 24] },
      cards: { blue: ["task-saboteur"] },
    });
    const r = step(s, { blue: [{ type: "ram", craft: "blue-1", target: "green-station" }] });
    expect(codes(r, "blue")).toEqual(["allied-target"]);
    expect(r.state.campaign.battle?.tally.blue?.tasks).toEqual([]);
  });
});

describe('Task – Corporation: "Destroy the enemy franchise to gain the Corporation Medal" (l.716-718), from a battle', () => {
  /** Six blue Guns 8" west of red's whole station (12 hotel modules), facing it; blue's crew "old" aboard blue-1. */
  const GUNS = [1, 2, 3, 4, 5, 6].map((n): Spot => [`blue-${n}`, 48, 17 + 2 * n, 90]);
  const table = (cards: Card[]): SpaceWarState =>
    placed({
      craft: { blue: GUNS, red: [["red-1", 66, 6]] },
      stations: { blue: [12, 24], red: [56, 24] },
      cards: { blue: cards },
      crews: { blue: [{ id: "old", craft: "blue-1", medals: ["tek"] }] },
    });
  /**
   * Every Gun fires both Lasers at the station (4+ at an un-powered craft, l.575): twelve 6s, twelve hits; red's S1
   * (no Armour: every hit damages, l.357-387) and S2 (one module each, l.396) then destroy it (l.404).
   */
  const shot = (s: SpaceWarState): Step =>
    step(
      s,
      { blue: GUNS.map(([id]) => ({ type: "shoot", craft: id, target: "red-station", weapon: "laser" })) },
      new DiceRng(Array(12).fill(6)),
    );

  it("holding the card: the station destroyed by blue's Lasers earns the Corporation Medal and no franchise penalty", () => {
    const r = shot(table(["task-corporation"]));
    expect(codes(r, "blue")).toEqual([]);
    expect(craftIn(r.state, "red-station").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(r.state.campaign.battle?.tally.blue?.destroyed).toEqual(["red-station"]);
    const after = closed(r.state).state;
    expect(awardOf(after, "blue")).toEqual({ seat: "blue", medals: ["corporation"], strip: [] });
    // The defending squadron is stripped for its own station (l.876): red has no crews to strip.
    expect(awardOf(after, "red")?.strip).toEqual([]);
  });

  it('without the card: no Corporation Medal, and "every crew in your squadron" is stripped of one (l.797, C.13)', () => {
    const r = shot(table(["better-armour"]));
    expect(craftIn(r.state, "red-station").where).toEqual({ kind: "gone", how: "destroyed" });
    const after = closed(r.state);
    expect(awardOf(after.state, "blue")).toEqual({
      seat: "blue",
      medals: [],
      strip: [{ crew: "old", why: "a franchise destroyed without the Corporation card (l.797, C.13)" }],
    });
    const next = step(after.state);
    expect(next.state.campaign.squadrons[0]?.crews.find((k) => k.id === "old")).toBeUndefined();
  });
});

/** A two-seat campaign of one scenario at its battle (purchases and deployments by default); `who` the d6 for roles. */
function scenarioBattle(id: ScenarioId, who: number): SpaceWarState {
  const designed = step(createCampaign({ ...DEFAULT_INPUTS, scenario: id }), {}, new ScriptRng([who]));
  return step(step(designed.state).state).state;
}

/** Destroyed, every module damaged; credited to nobody (the tally is not what these tests read). */
const wreck = (c: Craft): void => {
  c.where = { kind: "gone", how: "destroyed" };
  for (const m of c.modules) m.damaged = true;
};

describe('2.0 Cultural Terrorists: "If your squadron flees then the Space Station is assumed destroyed" (l.921)', () => {
  it("the defender gives up (S3) after losing 5 craft: the CT's win, and each surviving crew is stripped of a medal as for its station (l.876)", () => {
    const s = scenarioBattle("cultural-terrorists", 1);
    expect(s.campaign.roles).toEqual({ blue: "squadron", red: "ct" });
    const blue = s.campaign.squadrons[0];
    blue?.crews.push({ id: "old", name: "Old hands", medals: ["tek", "bravery"] });
    craftIn(s, "blue-1").crew = "old";
    for (const id of ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]) wreck(craftIn(s, id));
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    b.active = "blue";
    const r = step(s, { blue: [{ type: "give-up" }] });
    expect(codes(r, "blue")).toEqual([]);
    expect(r.state.campaign.results[0]).toMatchObject({
      winner: "red",
      reason: "the defending squadron flees: the Space Station is assumed destroyed (l.921)",
    });
    // The station is not destroyed, yet the penalty is owed (l.921 read with l.876).
    expect(craftIn(r.state, "blue-station").where).not.toEqual({ kind: "gone", how: "destroyed" });
    expect(awardOf(r.state, "blue")?.strip).toEqual([
      { crew: "old", why: "fled from the CT's: the Space Station is assumed destroyed (l.921, l.876)" },
    ]);
    expect(awardOf(r.state, "red")).toEqual({ seat: "red", medals: [], strip: [] });
    const next = step(r.state);
    // "start with those Bravery Medals!" (l.797): the default strips Bravery first.
    expect(next.state.campaign.squadrons[0]?.crews.find((k) => k.id === "old")?.medals).toEqual(["tek"]);
  });

  it("giving up in a Squadron Action owes no such penalty: the station is not assumed destroyed there", () => {
    const s = scenarioBattle("squadron-action", 1);
    s.campaign.squadrons[0]?.crews.push({ id: "old", name: "Old hands", medals: ["tek"] });
    craftIn(s, "blue-1").crew = "old";
    for (const id of ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]) wreck(craftIn(s, id));
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    b.active = "blue";
    const r = step(s, { blue: [{ type: "give-up" }] });
    expect(r.state.campaign.results[0]?.winner).toBe("red");
    expect(awardOf(r.state, "blue")?.strip).toEqual([]);
  });
});

describe('3.0 Convoy Escort, "Disaster" (l.954)', () => {
  /** Blue escorts (d6 2); its crew "old" aboard blue-1; blue-7 a Transport with both Engines destroyed. */
  const convoy = (): SpaceWarState => {
    const s = scenarioBattle("convoy-escort", 2);
    expect(s.campaign.roles).toEqual({ blue: "escort", red: "attacker" });
    s.campaign.squadrons[0]?.crews.push({ id: "old", name: "Old hands", medals: ["tek", "bravery"] });
    craftIn(s, "blue-1").crew = "old";
    const t = craftIn(s, "blue-7");
    expect(t.design).toBe("Transport");
    for (const m of t.modules) if (m.module === "E") m.damaged = true;
    const b = s.campaign.battle;
    if (b) b.active = "blue";
    return s;
  };

  it('"If the escorts flee ... and at least one of the transports has all its Engines destroyed, then that transport is captured by the attackers. The escorts must strip a Medal from each of their Craft"', () => {
    const s = convoy();
    for (const id of ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]) wreck(craftIn(s, id));
    const r = step(s, { blue: [{ type: "give-up" }] });
    expect(codes(r, "blue")).toEqual([]);
    expect(r.state.campaign.results[0]?.winner).toBe("red");
    expect(craftIn(r.state, "blue-7").where).toEqual({ kind: "gone", how: "captured" });
    // The other transports, Engines whole, fled with the escort.
    expect(craftIn(r.state, "blue-8").where).toEqual({ kind: "gone", how: "fled" });
    expect(r.events.find((e) => e.kind === "captured")?.text).toBe(
      "Disaster: blue-7, every Engine destroyed, captured by the attackers (l.954).",
    );
    expect(awardOf(r.state, "blue")?.strip).toEqual([{ crew: "old", why: "the Convoy's disaster (l.954)" }]);
    const next = step(r.state);
    expect(next.state.campaign.squadrons[0]?.crews.find((k) => k.id === "old")?.medals).toEqual(["tek"]);
  });

  it('"or are destroyed": every escort vessel destroyed, the stranded transport is captured as the battle ends', () => {
    const s = convoy();
    for (const id of ["blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]) wreck(craftIn(s, id));
    const r = step(s);
    expect(r.state.campaign.results[0]?.winner).toBe("red");
    expect(craftIn(r.state, "blue-7").where).toEqual({ kind: "gone", how: "captured" });
    expect(craftIn(r.state, "blue-8").where.kind).not.toBe("gone");
  });

  it("no disaster while the escort stands, nor when no transport has lost every Engine", () => {
    const s = convoy();
    const standing = closed(s, "draw").state;
    expect(craftIn(standing, "blue-7").where.kind).not.toBe("gone");
    expect(awardOf(standing, "blue")?.strip).toEqual([]);
    const t = convoy();
    for (const m of craftIn(t, "blue-7").modules) m.damaged = false;
    for (const id of ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6"]) wreck(craftIn(t, id));
    const r = step(t, { blue: [{ type: "give-up" }] });
    expect(r.events.map((e) => e.kind)).not.toContain("captured");
    expect(awardOf(r.state, "blue")?.strip).toEqual([]);
  });
});

describe('4.0 Machine Wars: "This can be a variant of the other scenarios" (l.973-979), the campaign option machines', () => {
  const dsg = (name: string, craft: "vessel" | "fighter", modules: string[]) => ({ type: "design", name, craft, modules });
  const MACHINE_DESIGNS = [dsg("Drone", "vessel", ["E", "L", "L"]), dsg("Hive", "vessel", ["E", "SB"]), dsg("Bug", "fighter", ["E", "L"])];
  /** A campaign of one scenario with red (seat 2) a machine force, designed; `script` the d6 of who commands what. */
  const machineCampaign = (scenario: ScenarioId, script: number[] = []): Step =>
    step(createCampaign({ ...DEFAULT_INPUTS, scenario, machines: 2 }), { red: MACHINE_DESIGNS }, new ScriptRng(script));

  it("the option: 0 or left out none, else the seat whose squadron is a machine force; a seat beyond the squadrons is refused", () => {
    const parse = (o: object) => CAMPAIGN.parseInputs({ options: [o] });
    const none = parse({});
    expect(none.ok && none.value.machines).toBeUndefined();
    const red = parse({ machines: 2 });
    expect(red.ok && red.value.machines).toBe(2);
    const bad = parse({ machines: 3 });
    expect(bad.ok ? [] : bad.error.map((p) => p.code)).toEqual(["bad-machines"]);
    const six = parse({ squadrons: 6, machines: 5 });
    expect(six.ok && six.value.machines).toBe(5);
    expect(createCampaign(DEFAULT_INPUTS).campaign.squadrons.map((q) => q.machine)).toEqual([false, false]);
    expect(createCampaign({ ...DEFAULT_INPUTS, machines: 2 }).campaign.squadrons.map((q) => q.machine)).toEqual([false, true]);
  });

  it("1.0 Squadron Action against machines: 120 M€ (l.975), no crews, no medals (l.977), fighters self-destruct with the last vessel (l.979)", () => {
    const d = machineCampaign("squadron-action");
    expect(d.state.campaign.roles).toEqual({ blue: "squadron", red: "squadron" });
    const r = step(d.state, {
      red: [
        { type: "buy", design: "Drone", count: 12 },
        { type: "buy", design: "Hive", count: 1 },
        { type: "buy", design: "Bug", count: 1 },
        { type: "crew", crew: "anyone", design: "Drone" },
      ],
    });
    expect(codes(r, "red")).toEqual(["machine-crews"]);
    expect(r.events.find((e) => e.kind === "bought" && e.to?.includes("red"))?.text).toContain("120 M€ of 120 M€, 14 craft");
    const battle = step(r.state).state;
    // Red's machines destroy five blue craft and the station: no Ace, no Corporation, no medal at all (l.977).
    const b = battle.campaign.battle;
    if (!b) throw new Error("no battle");
    for (const id of ["blue-1", "blue-2", "blue-3", "blue-4", "blue-5", "blue-station"]) {
      wreck(craftIn(battle, id));
      b.tally.red?.destroyed.push(id);
    }
    const after = closed(battle, "red").state;
    expect(awardOf(after, "red")?.medals).toEqual([]);
    expect(after.campaign.results[0]?.medals.red).toEqual([]);
    // The Bug is red-14; every red vessel destroyed, it self-destructs at once.
    for (const c of b.craft.filter((x) => x.owner === "red" && x.type === "vessel")) wreck(c);
    const ctx = stepContext(battle, Rng.fromSeed(1));
    machineSelfDestruct(ctx, "red");
    expect(craftIn(battle, "red-14").where).toEqual({ kind: "gone", how: "destroyed" });
  });

  it("3.0 Convoy Escort with a machine escort: it wins, and takes no Corporation Medal (l.948 read with l.977)", () => {
    const d = machineCampaign("convoy-escort", [5]);
    expect(d.state.campaign.roles).toEqual({ blue: "attacker", red: "escort" });
    const s = step(step(d.state).state).state;
    const transports = s.campaign.battle?.craft.filter((c) => c.civilian && !c.station) ?? [];
    expect(transports.map((c) => c.owner)).toEqual(["red", "red", "red"]);
    for (const t of transports.slice(0, 2)) t.where = { kind: "gone", how: "exited" };
    const r = step(s);
    expect(r.state.campaign.results[0]?.winner).toBe("red");
    expect(awardOf(r.state, "red")?.medals).toEqual([]);
  });

  it("2.0 Cultural Terrorists: a machine seat commanding the CT's commands the CT force, whose fighters are no machines (l.907-913)", () => {
    const d = machineCampaign("cultural-terrorists", [1]);
    expect(d.state.campaign.roles).toEqual({ blue: "squadron", red: "ct" });
    const s = step(step(d.state).state).state;
    const ct = s.campaign.battle?.craft.filter((c) => c.owner === "red") ?? [];
    const carrier = ct.find((c) => c.design === "CT Carrier");
    if (!carrier) throw new Error("no carrier");
    wreck(carrier);
    machineSelfDestruct(stepContext(s, Rng.fromSeed(1)), "red");
    expect(ct.filter((c) => c.where.kind === "gone").map((c) => c.design)).toEqual(["CT Carrier"]);
    // The other way round, the machine squadron defends the station ("UCSV often protect sensitive corporation
    // establishments", l.969) and buys with 120 M€.
    const m = machineCampaign("cultural-terrorists", [4]);
    expect(m.state.campaign.roles).toEqual({ blue: "ct", red: "squadron" });
    const bought = step(m.state);
    expect(bought.events.find((e) => e.kind === "bought" && e.to?.includes("red"))?.text).toContain("of 120 M€");
  });

  it("4.0 and 5.0 Machine Wars: the machine squadron commands the machines, with no roll", () => {
    for (const scenario of ["machine-wars", "machine-wars-ii"] as const) {
      const d = machineCampaign(scenario);
      expect(d.state.campaign.roles).toEqual({ blue: "squadron", red: "machine" });
      const roles = d.events.find((e) => e.kind === "roles");
      expect(roles?.text).toBe("blue defends; red's squadron, a machine force (l.973), commands the machines: no roll.");
      expect(roles?.rolls).toBeUndefined();
    }
  });
});

describe("Machines as a variant, played through: the normal bot on both seats", () => {
  it("three games on the Scenario Roll with red a machine force, seeds 2-4 (all five rolled scenarios): every game ends, no order refused, red never earns a medal nor carries a crew", () => {
    const played = new Set<string>();
    for (const seed of [2, 3, 4]) {
      let state = createCampaign({ games: 3, scenario: "roll", budget: "normal", machines: 2 });
      const refused: string[] = [];
      for (let steps = 0; !state.outcome && steps < 2000; steps++) {
        const r = normalStep(state, seed);
        refused.push(...r.codes);
        state = r.state;
        const b = state.campaign.battle;
        if (b && state.campaign.roles?.red !== "ct") expect(b.craft.filter((c) => c.owner === "red" && c.crew !== undefined)).toEqual([]);
      }
      expect(state.outcome, `seed ${seed}`).toBeDefined();
      expect(refused).toEqual([]);
      expect(state.campaign.results).toHaveLength(3);
      for (const r of state.campaign.results) {
        expect(r.medals.red ?? []).toEqual([]);
        played.add(r.scenario);
      }
    }
    expect(played.size).toBe(5);
  });
});
