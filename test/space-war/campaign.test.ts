/** Seed 001 "CAMPAIGN SEQUENCE" (l.15-57), Medals after a game (l.729-805), Scenarios (l.810-1008): the campaign's steps. */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { gameFacts, STRIP_ORDER } from "../../src/rules/space-war/campaign-sequence/after-game.js";
import { createCampaign, DEFAULT_INPUTS } from "../../src/rules/space-war/campaign-sequence/create.js";
import { DEFAULT_DESIGNS } from "../../src/rules/space-war/campaign-sequence/designs.js";
import { drawCards } from "../../src/rules/space-war/campaign-sequence/each-game.js";
import { resolveStep } from "../../src/rules/space-war/campaign-sequence/sequence.js";
import { stepContext } from "../../src/rules/space-war/campaign-sequence/step.js";
import { designCost } from "../../src/rules/space-war/designing-craft/design.js";
import type { SxEvent } from "../../src/rules/space-war/events.js";
import type { Craft, SpaceWarState } from "../../src/rules/space-war/model.js";
import type { Order } from "../../src/rules/space-war/orders.js";
import { startProblem } from "../../src/rules/space-war/scenarios/deployment.js";
import { convoyExit, scenarioOver } from "../../src/rules/space-war/scenarios/scenario-end.js";
import type { ScenarioId } from "../../src/rules/space-war/scenarios/scenarios.js";
import { parseState } from "../../src/rules/space-war/state-schema.js";
import { CARDS } from "../../src/rules/space-war/technology-cards/cards.js";
import { distance } from "../../src/rules/space-war/the-turn/geometry.js";
import { machineSelfDestruct } from "../../src/rules/space-war/the-turn/s6-nuclear-devices.js";
import { ScriptedIntRng as ScriptRng } from "../support/scripted-rng.js";

type Step = { state: SpaceWarState; events: SxEvent[]; problems: Record<string, { order: string; code: string; message: string }[]> };

/** One step of the campaign with each seat's orders (omitted: none). */
function step(state: SpaceWarState, orders: Record<string, Order[]> = {}, rng: Rng = Rng.fromSeed(state.step)): Step {
  const r = resolveStep(state, Object.fromEntries(Object.entries(orders).map(([s, o]) => [s, { orders: o }])), rng);
  const parsed = parseState(JSON.parse(JSON.stringify(r.state)));
  if (!parsed.ok) throw new Error(`state does not parse: ${JSON.stringify(parsed.error)}`);
  return r as Step;
}

const codes = (r: Step, seat: string) => (r.problems[seat] ?? []).map((p) => p.code);
const d = (
  name: string,
  craft: "vessel" | "fighter",
  modules: (string | { module: string; arc?: "front" | "right" | "rear" | "left" })[],
  replaces?: string,
): Order => ({ type: "design", name, craft, modules, ...(replaces ? { replaces } : {}) }) as Order;

/** A campaign of `games` games of one scenario, designed (blue as given, red the defaults), at the purchase step. */
function designed(blue: Order[] = [], games = 2, scenario: "roll" | ScenarioId = "squadron-action", red: Order[] = []): Step {
  return step(createCampaign({ ...DEFAULT_INPUTS, games, scenario }), { blue, red });
}

/** Through purchase and deployment (all by default unless given) to the battle. */
function toBattle(s: SpaceWarState, buys: Record<string, Order[]> = {}, deploys: Record<string, Order[]> = {}): Step {
  const bought = step(s, buys);
  return step(bought.state, deploys);
}

/** A craft of the battle by id. */
function craft(s: SpaceWarState, id: string): Craft {
  const c = s.campaign.battle?.craft.find((x) => x.id === id);
  if (!c) throw new Error(`no craft ${id}`);
  return c;
}

/** The battle ends as given (another helper's S1-S12 decide it in play): the next step closes it. */
function endBattle(s: SpaceWarState, winner: string, reason = "test"): Step {
  const b = s.campaign.battle;
  if (!b) throw new Error("no battle");
  b.ended = { winner, reason };
  return step(s);
}

const kill = (c: Craft, by?: { s: SpaceWarState; seat: string }) => {
  c.where = { kind: "gone", how: "destroyed" };
  for (const m of c.modules) m.damaged = true;
  by?.s.campaign.battle?.tally[by.seat]?.destroyed.push(c.id);
};

const RED = [
  d("Flagship", "vessel", ["E", "E", "L", "L", "A", "A"]),
  d("Gunboat", "vessel", ["E", "L", "A"]),
  d("Tender", "vessel", ["E", "SB"]),
];
const RED_BUY: Order[] = [
  { type: "buy", design: "Flagship", count: 1 },
  { type: "buy", design: "Gunboat", count: 6 },
  { type: "buy", design: "Tender", count: 2 },
];

describe("At campaign start only: Design up to 3 Craft using Modules list (l.19-21, l.57, l.74-256)", () => {
  it("valid designs become the squadron's; the enemy does not see them", () => {
    const r = designed([d("Lancer", "vessel", ["E", "L", { module: "L", arc: "rear" }, "A"])]);
    const blue = r.state.campaign.squadrons[0];
    expect(blue?.designs).toEqual([
      { name: "Lancer", type: "vessel", modules: [{ module: "E" }, { module: "L" }, { module: "L", arc: "rear" }, { module: "A" }] },
    ]);
    const ev = r.events.find((e) => e.kind === "designed" && e.text.startsWith("blue"));
    expect(ev?.to).toEqual(["blue"]);
    expect(r.state.campaign.step).toBe("purchase");
  });
  it("a problem per fault naming the order: no engine (l.104), a module the type may not carry, 11 modules, a fourth design (l.57)", () => {
    const r = designed([
      d("Brick", "vessel", ["A", "A"]),
      d("Bay Fighter", "fighter", ["E", "SB"]),
      d("Huge", "vessel", ["E", "E", "E", "E", "E", "E", "E", "E", "E", "E", "E"]),
      d("One", "vessel", ["E", "L"]),
      d("Two", "vessel", ["E", "A"]),
      d("One", "vessel", ["E", "M"]),
      d("Three", "fighter", ["E", "M"]),
      d("Four", "fighter", ["E", "L"]),
    ]);
    expect(codes(r, "blue")).toEqual(["no-engine", "module-not-allowed", "too-many-modules", "duplicate-design", "too-many-designs"]);
    expect(r.problems.blue?.[0]?.order).toBe("#0 design vessel");
    expect(r.problems.blue?.[4]?.message).toContain("l.57");
    expect(r.state.campaign.squadrons[0]?.designs.map((x) => x.name)).toEqual(["One", "Two", "Three"]);
  });
  it("none, or none valid: the default designs, a squadron bought within 100 M€ (2 Frigates, 2 Carriers, 2 Darts: 98 M€)", () => {
    const r = designed([d("Brick", "vessel", ["A", "A"])]);
    expect(r.state.campaign.squadrons.map((q) => q.designs.map((x) => x.name))).toEqual([
      ["Frigate", "Carrier", "Dart"],
      ["Frigate", "Carrier", "Dart"],
    ]);
    const b = step(r.state).state.campaign.battle;
    const blue = b?.craft.filter((c) => c.owner === "blue" && !c.station) ?? [];
    expect(blue.map((c) => c.design)).toEqual(["Carrier", "Carrier", "Frigate", "Frigate", "Dart", "Dart"]);
    const spent = blue.reduce(
      (t, c) => t + (designCost(DEFAULT_DESIGNS.find((x) => x.name === c.design) ?? { name: "", type: "vessel", modules: [] }) ?? 0),
      0,
    );
    expect(spent).toBe(98);
  });
});

describe("Each game: Each side randomly selects one Technology Card (l.23-25, l.672; C.25, C.26, C.27)", () => {
  it("one card each from one shared deck, known to its seat only until revealed", () => {
    const r = designed();
    const [blue, red] = r.state.campaign.squadrons;
    expect(blue?.cards.length).toBeGreaterThanOrEqual(1);
    expect(red?.cards.length).toBeGreaterThanOrEqual(1);
    const held = [...(blue?.cards ?? []), ...(red?.cards ?? [])].map((c) => c.card);
    expect(new Set(held).size).toBe(held.length);
    for (const e of r.events.filter((x) => x.kind === "card-drawn")) expect(e.to?.length).toBe(1);
  });
  it("Great Leap Forward (l.714): played at once, two more cards (C.26)", () => {
    const s = createCampaign(DEFAULT_INPUTS);
    const ctx = stepContext(s, new ScriptRng([CARDS.indexOf("great-leap-forward"), 0, 0, 0]));
    drawCards(ctx, "squadron-action");
    expect(s.campaign.squadrons[0]?.cards).toEqual([
      { card: "great-leap-forward", revealed: true, cancelled: false },
      { card: "longer-scouting", revealed: false, cancelled: false },
      { card: "superior-lasers", revealed: false, cancelled: false },
    ]);
    expect(s.campaign.squadrons[1]?.cards).toEqual([{ card: "superior-expendables", revealed: false, cancelled: false }]);
  });
  it("task cards are irrelevant in the Convoy (l.958): set aside and another drawn (C.27)", () => {
    const s = createCampaign(DEFAULT_INPUTS);
    const ctx = stepContext(s, new ScriptRng([CARDS.indexOf("task-corporation"), 9, 0]));
    drawCards(ctx, "convoy-escort");
    expect(s.campaign.squadrons[0]?.cards.map((c) => c.card)).toEqual(["longer-scouting"]);
    expect(ctx.events.filter((e) => e.kind === "card-redrawn")).toHaveLength(2);
  });
  it("each card equally likely: blue's card over 2,200 campaigns, each 1/11 within ±2.5 points", () => {
    const counts = new Map<string, number>();
    const runs = 2200;
    for (let i = 0; i < runs; i++) {
      const s = createCampaign(DEFAULT_INPUTS);
      drawCards(stepContext(s, Rng.fromSeed(i)), "squadron-action");
      const c = s.campaign.squadrons[0]?.cards[0]?.card ?? "none";
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(11);
    for (const n of counts.values()) expect(Math.abs(n / runs - 1 / 11)).toBeLessThan(0.025);
  });
  it("the Scenario Roll (l.818-858): a d6 in an event; 3 is the Cultural Terrorists", () => {
    const r = step(createCampaign({ ...DEFAULT_INPUTS, scenario: "roll" }), {}, new ScriptRng([3, 2]));
    const ev = r.events.find((e) => e.kind === "scenario");
    expect(ev?.rolls).toEqual([{ die: "d6", value: 3, for: "the Scenario Roll" }]);
    expect(r.state.campaign.scenario).toBe("cultural-terrorists");
    expect(r.state.campaign.roles).toEqual({ blue: "squadron", red: "ct" });
  });
});

describe("Choose numbers of Vessels up to 100 M€ from your Designs (l.29, l.7, l.51, l.454)", () => {
  it("buy orders in file order while they fit; a refused one is a problem naming the limit", () => {
    const r0 = designed([], 2, "squadron-action", RED);
    const r = step(r0.state, {
      red: [
        { type: "buy", design: "Flagship", count: 2 },
        { type: "buy", design: "Gunboat", count: 4 },
        { type: "buy", design: "Tender", count: 1 },
        { type: "buy", design: "Nothing", count: 1 },
      ],
    });
    expect(codes(r, "red")).toEqual(["over-budget", "unknown-design"]);
    expect(r.problems.red?.[0]?.message).toContain("108 M€ of 100 M€");
    const red = r.state.campaign.battle?.craft.filter((c) => c.owner === "red" && !c.station) ?? [];
    expect(red.map((c) => c.design)).toEqual(["Flagship", "Flagship", "Tender"]);
    expect(r.state.campaign.squadrons[1]?.bought).toEqual([
      { design: "Flagship", count: 2 },
      { design: "Tender", count: 1 },
    ]);
  });
  it('"a maximum of 16 Craft" (l.7); fighters only with a vessel with a Shuttle Bay (l.51)', () => {
    const r0 = designed([d("Mite", "fighter", ["E", "A"]), d("Gun", "vessel", ["E", "L"])]);
    const r = step(r0.state, {
      blue: [
        { type: "buy", design: "Mite", count: 2 },
        { type: "buy", design: "Gun", count: 15 },
        { type: "buy", design: "Gun", count: 3 },
      ],
    });
    expect(codes(r, "blue")).toEqual(["too-many-craft", "fighters-without-shuttle-bay"]);
    expect(r.state.campaign.battle?.craft.filter((c) => c.owner === "blue" && !c.station).map((c) => c.design)).toEqual([
      "Gun",
      "Gun",
      "Gun",
    ]);
  });
  it("nothing ordered: last game's purchase again", () => {
    let s = designed([], 2, "squadron-action", RED).state;
    s = toBattle(s, { red: RED_BUY }).state;
    s = endBattle(s, "draw").state;
    s = step(s).state; // after the game
    const r = step(s);
    const red = r.state.campaign.battle?.craft.filter((c) => c.owner === "red" && !c.station) ?? [];
    expect(red.map((c) => c.design)).toEqual(["Flagship", ...Array(6).fill("Gunboat"), "Tender", "Tender"]);
  });
  it("crews with medals: a crew order puts one aboard a craft of the design (l.29, l.737); the rest aboard by default", () => {
    const s = designed().state;
    const blue = s.campaign.squadrons[0];
    blue?.crews.push({ id: "ace-crew", name: "Red Baron", medals: ["ace"] }, { id: "vet", name: "Vets", medals: ["star", "tek"] });
    const r = step(s, {
      blue: [
        { type: "crew", crew: "ace-crew", design: "Dart" },
        { type: "crew", crew: "nobody", design: "Dart" },
      ],
    });
    expect(codes(r, "blue")).toEqual(["unknown-crew"]);
    const aboard = r.state.campaign.battle?.craft.filter((c) => c.crew !== undefined).map((c) => [c.crew, c.design]);
    expect(aboard).toEqual([
      ["vet", "Frigate"],
      ["ace-crew", "Dart"],
    ]);
  });
});

describe("The table (l.872-892, E.1, E.12)", () => {
  it('a planet 6" in from the centre of each narrow edge, 3" across; a Space Station 6" from it on the side nearer the enemy, 12 hotel modules', () => {
    const b = step(designed().state).state.campaign.battle;
    expect(b?.table).toEqual({ width: 72, depth: 48 });
    expect(b?.planets).toEqual([
      { at: { x: 6, y: 24 }, diameter: 3 },
      { at: { x: 66, y: 24 }, diameter: 3 },
    ]);
    expect(b?.homes).toEqual({ blue: { planet: 0, edge: "west" }, red: { planet: 1, edge: "east" } });
    const stations = b?.craft.filter((c) => c.station) ?? [];
    expect(stations.map((c) => c.id)).toEqual(["blue-station", "red-station"]);
    for (const st of stations) {
      expect(st.modules).toHaveLength(12);
      expect(st.modules.every((m) => m.module === "hotel")).toBe(true);
      expect(st.civilian).toBe(true);
      const at = st.where.kind === "table" ? st.where.at : { x: 0, y: 0 };
      const planet = st.owner === "blue" ? { x: 6, y: 24 } : { x: 66, y: 24 };
      expect(distance(at, planet)).toBeCloseTo(6, 1);
      expect(st.owner === "blue" ? at.x >= 6 - 1e-9 : at.x <= 66 + 1e-9).toBe(true);
    }
    expect(b?.tally.blue?.started).toBe(6);
  });
  it("the station's angle is random within ±90° (E.12): over 400 set-ups its mean offset across the table is near 0 (±1\")", () => {
    let sum = 0;
    const runs = 400;
    const s0 = designed().state;
    for (let i = 0; i < runs; i++) {
      const b = step(s0, {}, Rng.fromSeed(i)).state.campaign.battle;
      const st = b?.craft.find((c) => c.id === "blue-station");
      if (st?.where.kind === "table") sum += st.where.at.y - 24;
    }
    expect(Math.abs(sum / runs)).toBeLessThan(1);
  });
});

describe("Deploy units as hidden markers on tabletop (l.33, l.61-67, l.892)", () => {
  it('within 6" of your planet, face down; a fighter aboard a vessel with a Shuttle Bay; the rest by default', () => {
    const s = step(designed().state).state;
    const r = step(s, {
      blue: [
        { type: "deploy", craft: "blue-1", at: { x: 10, y: 25 }, heading: 45 },
        { type: "deploy", craft: "blue-5", aboard: "blue-1" },
        { type: "deploy", craft: "blue-2", at: { x: 20, y: 24 } },
        { type: "deploy", craft: "blue-4", at: { x: 6.5, y: 24.5 } },
        { type: "deploy", craft: "red-1", at: { x: 10, y: 24 } },
        { type: "deploy", craft: "blue-6", aboard: "blue-3" },
      ],
    });
    expect(codes(r, "blue")).toEqual(["bad-start", "bad-start", "not-your-craft", "no-shuttle-bay"]);
    expect(r.problems.blue?.[0]?.message).toContain('"Start your squadron within 6" of your planet" (l.892)');
    expect(r.problems.blue?.[1]?.message).toContain("inside the planet");
    const b = r.state.campaign.battle;
    expect(craft(r.state, "blue-1").where).toEqual({ kind: "hidden", at: { x: 10, y: 25 }, heading: 45 });
    expect(craft(r.state, "blue-5").where).toEqual({ kind: "aboard", vessel: "blue-1" });
    for (const c of b?.craft.filter((x) => !x.station && x.where.kind === "hidden") ?? [])
      if (c.where.kind === "hidden") expect(startProblem(stepContext(r.state, Rng.fromSeed(1)), b!, c.owner, c.where.at)).toBeUndefined();
    expect(r.events.find((e) => e.kind === "deployed" && e.to?.[0] === "blue")?.text).toContain("blue-5 aboard blue-1");
    expect(r.state.campaign.step).toBe("battle");
  });
  it("the order of play decided at random (E.3): each seat a d6, highest first, ties again", () => {
    const s = step(designed().state).state;
    const r = step(s, {}, new ScriptRng([4, 4, 2, 5]));
    expect(r.state.campaign.battle?.order).toEqual(["red", "blue"]);
    expect(r.state.campaign.battle?.active).toBe("red");
    expect(r.events.find((e) => e.kind === "order")?.rolls?.map((x) => x.value)).toEqual([4, 4, 2, 5]);
  });
});

describe("After each game: Award Medals (l.39-45, l.729-805)", () => {
  /** Blue (defaults) against red (Flagship, 6 Gunboats, 2 Tenders), at the battle. */
  const battle = () => toBattle(designed([], 2, "squadron-action", RED).state, { red: RED_BUY }).state;

  it('"an enemy squadron flees after losing 6 craft, including their largest vessel ... one Ace, One Star and one Bravery Medal to parcel out" (l.789)', () => {
    const s = battle();
    for (const id of ["red-1", "red-2", "red-3", "red-4", "red-5", "red-6"]) kill(craft(s, id), { s, seat: "blue" });
    for (const id of ["red-7", "red-8", "red-9"]) craft(s, id).where = { kind: "gone", how: "fled" };
    s.campaign.battle?.gaveUp.push("red");
    const r = endBattle(s, "blue", "red gave up");
    expect(r.state.campaign.step).toBe("after-game");
    expect(r.state.campaign.awards?.find((a) => a.seat === "blue")?.medals).toEqual(["ace", "star", "bravery"]);
    expect(r.state.campaign.results[0]).toMatchObject({ game: 1, winner: "blue", medals: { blue: ["ace", "star", "bravery"], red: [] } });
  });

  it("medal orders to crews of surviving craft, never two of the same to one crew (l.801); the rest by default", () => {
    const s = battle();
    for (const id of ["red-1", "red-2", "red-3", "red-4", "red-5", "red-6"]) kill(craft(s, id), { s, seat: "blue" });
    for (const id of ["red-7", "red-8", "red-9"]) craft(s, id).where = { kind: "gone", how: "fled" };
    s.campaign.battle?.gaveUp.push("red");
    kill(craft(s, "blue-2"), { s, seat: "red" });
    const closed = endBattle(s, "blue").state;
    const r = step(closed, {
      blue: [
        { type: "medal", medal: "ace", craft: "blue-3" },
        { type: "medal", medal: "star", craft: "blue-2" },
        { type: "medal", medal: "valour", craft: "blue-1" },
        { type: "medal", medal: "star", crew: "blue-3-g1" },
      ],
    });
    expect(codes(r, "blue")).toEqual(["craft-not-surviving", "medal-not-earned"]);
    const crews = r.state.campaign.squadrons[0]?.crews;
    expect(crews?.find((c) => c.id === "blue-3-g1")?.medals).toEqual(["ace", "star"]);
    // Bravery by default: the first survivor (vessels first) whose crew lacks it.
    expect(crews?.find((c) => c.medals.includes("bravery"))?.id).toBe("blue-1-g1");
    expect(r.state.campaign.step).toBe("purchase");
  });

  it('"If destroyed strip a Medal from each Craft in the defending Squadron (after adding Medals for this game.)" (l.876); "start with those Bravery Medals!" (l.797)', () => {
    const s = battle();
    s.campaign.squadrons[0]?.crews.push({ id: "old", name: "Old hands", medals: ["tek", "bravery"] });
    craft(s, "blue-1").crew = "old";
    kill(craft(s, "blue-station"), { s, seat: "red" });
    kill(craft(s, "red-1"), { s, seat: "blue" });
    const closed = endBattle(s, "draw");
    const blueAward = closed.state.campaign.awards?.find((a) => a.seat === "blue");
    expect(blueAward?.medals).toEqual(["star"]);
    expect(blueAward?.strip).toEqual([{ crew: "old", why: "own Space Station destroyed (l.876)" }]);
    // Red destroyed a franchise without the Corporation card (l.797, C.13): each red crew loses one (red has none).
    const r = step(closed.state, { blue: [{ type: "medal", medal: "star", crew: "old" }] });
    expect(r.state.campaign.squadrons[0]?.crews.find((c) => c.id === "old")?.medals).toEqual(["tek", "star"]);
    expect(STRIP_ORDER[0]).toBe("bravery");
  });

  it("strip orders choose the medal (l.876: the leader chooses); a crew lost with its craft (l.737)", () => {
    const s = battle();
    const blue = s.campaign.squadrons[0];
    blue?.crews.push({ id: "old", name: "Old hands", medals: ["tek", "bravery"] }, { id: "doomed", name: "Doomed", medals: ["ace"] });
    craft(s, "blue-1").crew = "old";
    craft(s, "blue-4").crew = "doomed";
    kill(craft(s, "blue-4"), { s, seat: "red" });
    kill(craft(s, "blue-station"), { s, seat: "red" });
    const closed = endBattle(s, "red").state;
    expect(closed.campaign.squadrons[0]?.crews.map((c) => c.id)).toEqual(["old"]);
    const r = step(closed, { blue: [{ type: "strip", crew: "old", medal: "tek" }] });
    expect(r.state.campaign.squadrons[0]?.crews.find((c) => c.id === "old")?.medals).toEqual(["bravery"]);
  });

  it("Tek and prisoners: a captured enemy fighter becomes the captor's prisoner, bought by its id above the 3 designs (l.454, l.779)", () => {
    const s = battle();
    const dart = craft(s, "blue-5");
    dart.where = { kind: "gone", how: "captured" };
    s.campaign.battle?.tally.red?.captured.push("blue-5");
    const closed = endBattle(s, "draw");
    expect(closed.state.campaign.awards?.find((a) => a.seat === "red")?.medals).toEqual(["tek"]);
    const red = closed.state.campaign.squadrons[1];
    expect(red?.prisoners).toEqual([
      { id: "blue-5", design: { name: "Dart (prisoner blue-5)", type: "fighter", modules: [{ module: "E" }, { module: "L" }] } },
    ]);
    const next = step(closed.state).state;
    const buy = (n: number): Order[] => [
      { type: "buy", design: "Flagship", count: 1 },
      { type: "buy", design: "Tender", count: 1 },
      { type: "buy", design: "blue-5", count: n },
    ];
    const r = step(next, { red: buy(2) });
    expect(codes(r, "red")).toEqual(["prisoner-more-than-one"]);
    const r2 = step(next, { red: buy(1) });
    expect(codes(r2, "red")).toEqual([]);
    expect(r2.state.campaign.battle?.craft.filter((c) => c.owner === "red").map((c) => c.design)).toContain("Dart (prisoner blue-5)");
  });

  it('"Between games you may scrap one Design and replace it with a new one!" (l.57): one only, and it must scrap one (l.45)', () => {
    const closed = endBattle(battle(), "draw").state;
    const r = step(closed, {
      blue: [
        d("Raider", "vessel", ["E", "E", "M"]),
        d("Raider", "vessel", ["E", "E", "M"], "Frigate"),
        d("Other", "vessel", ["E", "A"], "Carrier"),
      ],
    });
    expect(codes(r, "blue")).toEqual(["replaces-needed", "one-redesign"]);
    expect(r.state.campaign.squadrons[0]?.designs.map((x) => x.name)).toEqual(["Raider", "Carrier", "Dart"]);
  });

  it("every craft repaired between actions (l.864, C.37): the next game's craft are whole", () => {
    const s = battle();
    for (const m of craft(s, "blue-1").modules.slice(0, 2)) m.damaged = true;
    let t = endBattle(s, "draw").state;
    t = step(t).state;
    t = step(t).state;
    expect(t.campaign.battle?.craft.every((c) => c.modules.every((m) => !m.damaged))).toBe(true);
    expect(t.campaign.battle?.turn).toBe(1);
  });
});

describe("A whole 1.0 Squadron Action campaign, end to end", () => {
  function campaign(seed: number): { state: SpaceWarState; events: SxEvent[] } {
    const events: SxEvent[] = [];
    let s = createCampaign({ ...DEFAULT_INPUTS, games: 2 });
    const go = (orders: Record<string, Order[]> = {}) => {
      const r = step(s, orders, Rng.fromSeed(seed * 1000 + s.step));
      events.push(...r.events);
      s = r.state;
    };
    go({
      blue: [d("Frigate", "vessel", ["E", "E", "L", "L", "A"]), d("Carrier", "vessel", ["E", "SB", "A"]), d("Dart", "fighter", ["E", "L"])],
    });
    for (let game = 0; game < 2; game++) {
      expect(s.campaign.step).toBe("purchase");
      go();
      expect(s.campaign.step).toBe("deploy");
      go();
      expect(s.campaign.step).toBe("battle");
      const b = s.campaign.battle;
      if (!b) throw new Error("no battle");
      const reds = b.craft.filter((c) => c.owner === "red" && !c.station);
      for (const c of reds) kill(c, { s, seat: "blue" });
      b.ended = { winner: "blue", reason: "red wiped out" };
      go();
      expect(s.campaign.step).toBe("after-game");
      go();
    }
    return { state: s, events };
  }
  it("design, purchase, deploy, battle, medals, twice; blue wins on medals (E.10); same seed and orders: byte-identical", () => {
    const a = campaign(7);
    expect(a.state.outcome?.winners).toEqual(["blue"]);
    expect(a.state.outcome?.reason).toContain("most medals");
    expect(a.state.campaign.results.map((r) => r.medals.blue)).toEqual([
      ["ace", "valour", "star"],
      ["ace", "valour", "star"],
    ]);
    expect(JSON.stringify(campaign(7))).toBe(JSON.stringify(a));
    expect(JSON.stringify(campaign(8).state)).not.toBe(JSON.stringify(a.state));
  });
});

describe("Scenarios (l.895-1008)", () => {
  /** A campaign of one scenario at the battle; the d6 for who defends rolls `who` (1-3 blue). */
  function scenario(id: ScenarioId, who = 1): SpaceWarState {
    const s = createCampaign({ ...DEFAULT_INPUTS, scenario: id });
    const r = step(s, {}, new ScriptRng([who]));
    return toBattle(r.state).state;
  }

  it("2.0 Cultural Terrorists: the CT force of 11 (l.907-913) starts at the far edge and plays first; the defender's station only (l.903)", () => {
    const s = scenario("cultural-terrorists", 5);
    expect(s.campaign.roles).toEqual({ blue: "ct", red: "squadron" });
    const b = s.campaign.battle;
    const ct = b?.craft.filter((c) => c.owner === "blue") ?? [];
    expect(ct.map((c) => c.design)).toEqual([...Array(5).fill("CT Fighter"), ...Array(5).fill("CT Bomber"), "CT Carrier"]);
    for (const c of ct) expect(c.where.kind === "hidden" && c.where.at.x <= 6).toBe(true);
    expect(b?.order).toEqual(["blue", "red"]);
    expect(b?.craft.filter((c) => c.station).map((c) => c.id)).toEqual(["red-station"]);
  });
  it('CT\'s: "You lose if the local franchise (the Space Station) is destroyed or your squadron protecting it flees" (l.921)', () => {
    const s = scenario("cultural-terrorists", 1);
    kill(craft(s, "blue-station"), { s, seat: "red" });
    expect(scenarioOver(s)).toEqual({ winner: "red", reason: "the local franchise, the Space Station, is destroyed (l.921)" });
    const t = scenario("cultural-terrorists", 1);
    t.campaign.battle?.gaveUp.push("blue");
    expect(scenarioOver(t)?.winner).toBe("red");
    const u = scenario("cultural-terrorists", 1);
    expect(scenarioOver(u)).toBeUndefined();
    for (const c of u.campaign.battle?.craft.filter((x) => x.owner === "red") ?? []) kill(c);
    expect(scenarioOver(u)?.winner).toBe("blue");
  });
  it("3.0 Convoy Escort: 3 Transports (l.938) with the escort; two exit by the enemy's edge: the escort wins and a Corporation Medal (l.942, l.948)", () => {
    const s = scenario("convoy-escort", 2);
    expect(s.campaign.roles).toEqual({ blue: "escort", red: "attacker" });
    const b = s.campaign.battle;
    if (!b) throw new Error("no battle");
    const transports = b.craft.filter((c) => c.civilian && !c.station);
    expect(transports.map((c) => [c.owner, c.design])).toEqual([
      ["blue", "Transport"],
      ["blue", "Transport"],
      ["blue", "Transport"],
    ]);
    expect(b.tally.blue?.started).toBe(6);
    expect(b.craft.some((c) => c.station)).toBe(false);
    expect(convoyExit(b, "blue", { x: 72, y: 29 })).toBe(true);
    expect(convoyExit(b, "blue", { x: 72, y: 31 })).toBe(false);
    expect(convoyExit(b, "blue", { x: 0, y: 24 })).toBe(false);
    const [t1, t2, t3] = transports as [Craft, Craft, Craft];
    t1.where = { kind: "gone", how: "exited" };
    expect(scenarioOver(s)).toBeUndefined();
    kill(t2);
    kill(t3);
    expect(scenarioOver(s)?.winner).toBe("draw");
    t2.where = { kind: "gone", how: "exited" };
    const over = scenarioOver(s);
    expect(over?.winner).toBe("blue");
    b.ended = over;
    const closed = step(s);
    expect(closed.state.campaign.awards?.find((a) => a.seat === "blue")?.medals).toContain("corporation");
  });
  it("Convoy: the attacker wins by destroying all three Transports (l.942) and takes a Saboteur Medal (l.950)", () => {
    const s = scenario("convoy-escort", 2);
    for (const t of s.campaign.battle?.craft.filter((c) => c.civilian) ?? []) kill(t, { s, seat: "red" });
    const over = scenarioOver(s);
    expect(over?.winner).toBe("red");
    if (s.campaign.battle && over) s.campaign.battle.ended = over;
    expect(step(s).state.campaign.awards?.find((a) => a.seat === "red")?.medals).toEqual(["saboteur"]);
  });
  it("4.0 Machine Wars: the machines buy with 120 M€ (l.975), carry no crews and earn no medals (l.977); fighters go with the last vessel (l.979)", () => {
    const s = createCampaign({ ...DEFAULT_INPUTS, scenario: "machine-wars" });
    const designed1 = step(
      s,
      { red: [d("Drone", "vessel", ["E", "L", "L"]), d("Hive", "vessel", ["E", "SB"]), d("Bug", "fighter", ["E", "L"])] },
      new ScriptRng([1]),
    );
    expect(designed1.state.campaign.roles).toEqual({ blue: "squadron", red: "machine" });
    designed1.state.campaign.squadrons[1]?.crews.push({ id: "c", name: "c", medals: ["ace"] });
    const r = step(designed1.state, {
      red: [
        { type: "buy", design: "Drone", count: 12 },
        { type: "buy", design: "Hive", count: 1 },
        { type: "buy", design: "Bug", count: 1 },
      ],
    });
    expect(codes(r, "red")).toEqual([]);
    const red = r.state.campaign.battle?.craft.filter((c) => c.owner === "red") ?? [];
    expect(red).toHaveLength(14); // 108 + 4 + 8 = 120 M€
    expect(red.every((c) => c.crew === undefined)).toBe(true);
    for (const c of red.filter((x) => x.type === "vessel")) kill(c);
    machineSelfDestruct(stepContext(r.state, Rng.fromSeed(1)), "red");
    expect(red.filter((c) => c.type === "fighter" && c.where.kind === "gone").map((c) => c.id)).toEqual(["red-14"]);
    const ctx = stepContext(r.state, Rng.fromSeed(1));
    expect(gameFacts(ctx, "red").machine).toBe(true);
  });
  it("5.0 Machine Wars II: the machine vessel (l.990-1000) from the opposite edge; destroyed or driven off, the defender wins (l.1008, C.15)", () => {
    const s = scenario("machine-wars-ii", 1);
    const m = s.campaign.battle?.craft.filter((c) => c.owner === "red") ?? [];
    expect(m.map((c) => [c.design, c.modules.length])).toEqual([["Machine", 12]]);
    expect(m[0]?.where.kind === "hidden" && m[0].where.at.x >= 66).toBe(true);
    expect(s.campaign.battle?.craft.filter((c) => c.station).map((c) => c.id)).toEqual(["blue-station"]);
    const machine = m[0] as Craft;
    machine.where = { kind: "gone", how: "fled" };
    expect(scenarioOver(s)?.reason).toContain("driven off");
    kill(machine);
    expect(scenarioOver(s)).toEqual({ winner: "blue", reason: "the invader is destroyed (l.1008)" });
  });
});

describe("Dice of the campaign, over many runs", () => {
  it("the order of play (E.3): blue first in half of 600 battles, ±6 points", () => {
    const s = step(designed().state).state;
    let blue = 0;
    const runs = 600;
    for (let i = 0; i < runs; i++) if (step(s, {}, Rng.fromSeed(i)).state.campaign.battle?.order[0] === "blue") blue++;
    expect(Math.abs(blue / runs - 0.5)).toBeLessThan(0.06);
  });
  it("the Scenario Roll (l.818): a Squadron Action a third of 900 games, each other scenario a sixth, ±5 points; the Wall of Battle never", () => {
    const counts = new Map<string, number>();
    const runs = 900;
    const s = createCampaign({ ...DEFAULT_INPUTS, scenario: "roll" });
    for (let i = 0; i < runs; i++) {
      const id = step(s, {}, Rng.fromSeed(i)).state.campaign.scenario ?? "none";
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(Math.abs((counts.get("squadron-action") ?? 0) / runs - 1 / 3)).toBeLessThan(0.05);
    for (const id of ["cultural-terrorists", "convoy-escort", "machine-wars", "machine-wars-ii"])
      expect(Math.abs((counts.get(id) ?? 0) / runs - 1 / 6)).toBeLessThan(0.05);
    expect(counts.has("wall-of-battle")).toBe(false);
  });
  it('"Randomly decide which squadron (player) is the escort" (l.932): blue escorts in half of 600, ±6 points', () => {
    const s = createCampaign({ ...DEFAULT_INPUTS, scenario: "convoy-escort" });
    let blue = 0;
    const runs = 600;
    for (let i = 0; i < runs; i++) if (step(s, {}, Rng.fromSeed(i)).state.campaign.roles?.blue === "escort") blue++;
    expect(Math.abs(blue / runs - 0.5)).toBeLessThan(0.06);
  });
});

describe("The other readings (settings.ts)", () => {
  it('deployFrom: within 6" of the planet\'s edge (7.5" from its centre) by default, of its centre with `centre`', () => {
    const s = step(designed().state).state;
    const order: Order[] = [{ type: "deploy", craft: "blue-1", at: { x: 13, y: 24 } }];
    expect(codes(step(s, { blue: order }), "blue")).toEqual([]);
    s.settings.deployFrom = "centre";
    expect(codes(step(s, { blue: order }), "blue")).toEqual(["bad-start"]);
  });
  it("franchisePenalty random (l.1050): the franchise penalty's medal is drawn, a strip order for it refused", () => {
    const s = toBattle(designed([], 1).state).state;
    s.settings.franchisePenalty = "random";
    s.campaign.squadrons[1]?.crews.push({ id: "r", name: "Red crew", medals: ["ace", "star", "bravery"] });
    craft(s, "red-1").crew = "r";
    kill(craft(s, "blue-station"), { s, seat: "red" });
    const closed = endBattle(s, "draw").state;
    expect(closed.campaign.awards?.find((a) => a.seat === "red")?.strip).toEqual([
      { crew: "r", why: "a franchise destroyed without the Corporation card (l.797, C.13)" },
    ]);
    const r = step(closed, { red: [{ type: "strip", crew: "r", medal: "bravery" }] });
    expect(codes(r, "red")).toEqual(["nothing-to-strip"]);
    expect(r.state.campaign.squadrons[1]?.crews.find((c) => c.id === "r")?.medals).toHaveLength(2);
    expect(r.events.find((e) => e.kind === "medal-lost")?.text).toContain("at random");
  });
  it("campaignWinner (E.10): the most medals held by default; equal, every seat wins: a draw", () => {
    let s = toBattle(designed([], 1).state).state;
    s = endBattle(s, "draw").state;
    const r = step(s);
    expect(r.state.outcome).toEqual({ winners: ["blue", "red"], reason: "after 1 game every squadron holds 0 medals: a draw (E.10)" });
  });
});

describe("Refusals at campaign start", () => {
  it('a design that "replaces" one at campaign start is refused: nothing to scrap yet (l.45)', () => {
    const r = designed([d("Lancer", "vessel", ["E", "L"], "Frigate")]);
    expect(codes(r, "blue")).toEqual(["nothing-to-replace"]);
  });
  it("orders of another step are refused with the step that takes them", () => {
    const r = designed([{ type: "buy", design: "Frigate", count: 1 }]);
    expect(codes(r, "blue")).toEqual(["wrong-step"]);
  });
});

describe('"Optional: allow the CT\'s to choose 11 craft from among their 3 designs" (l.917, C.32, setting ctChoice)', () => {
  const atPurchase = () => step(createCampaign({ ...DEFAULT_INPUTS, scenario: "cultural-terrorists" }), {}, new ScriptRng([5])).state;
  const ct = (s: SpaceWarState) => s.campaign.battle?.craft.filter((c) => c.owner === "blue").map((c) => c.design) ?? [];
  it("with the setting: any mix of the three designs, 11 in all", () => {
    const s = atPurchase();
    s.settings.ctChoice = true;
    const r = step(s, {
      blue: [
        { type: "buy", design: "CT Carrier", count: 2 },
        { type: "buy", design: "CT Bomber", count: 9 },
      ],
    });
    expect(codes(r, "blue")).toEqual([]);
    expect(ct(r.state)).toEqual(["CT Carrier", "CT Carrier", ...Array(9).fill("CT Bomber")]);
  });
  it("not 11, or fighters without a Carrier: a problem, and the fixed force stands; without the setting, buying is refused", () => {
    const s = atPurchase();
    s.settings.ctChoice = true;
    const r = step(s, { blue: [{ type: "buy", design: "CT Fighter", count: 12 }] });
    expect(codes(r, "blue")).toEqual(["ct-eleven"]);
    expect(ct(r.state)).toHaveLength(11);
    expect(codes(step(s, { blue: [{ type: "buy", design: "CT Fighter", count: 11 }] }), "blue")).toEqual(["fighters-without-shuttle-bay"]);
    const off = atPurchase();
    expect(codes(step(off, { blue: [{ type: "buy", design: "CT Fighter", count: 11 }] }), "blue")).toEqual(["fixed-force"]);
  });
});

describe('"a captured crew with Medals may be held and exchanged for prisoners held by the enemy" (l.868)', () => {
  /** Blue's Dart blue-5 (crew "bc") and, if `both`, red's Dart red-5 (crew "rc") captured by the other side. */
  function captured(both: boolean): SpaceWarState {
    const s = toBattle(designed([], 3).state).state;
    s.campaign.squadrons[0]?.crews.push({ id: "bc", name: "Blue aces", medals: ["ace", "star"] });
    s.campaign.squadrons[1]?.crews.push({ id: "rc", name: "Red aces", medals: ["tek"] }, { id: "rz", name: "Red plain", medals: [] });
    craft(s, "blue-5").crew = "bc";
    craft(s, "red-5").crew = "rc";
    craft(s, "red-6").crew = "rz";
    craft(s, "blue-5").where = { kind: "gone", how: "captured" };
    s.campaign.battle?.tally.red?.captured.push("blue-5");
    if (both) {
      for (const id of ["red-5", "red-6"]) {
        craft(s, id).where = { kind: "gone", how: "captured" };
        s.campaign.battle?.tally.blue?.captured.push(id);
      }
    }
    return endBattle(s, "draw").state;
  }
  it("held by the captor, it cannot fly until exchanged; a crew without medals is not tracked", () => {
    const s = captured(false);
    expect(s.campaign.squadrons[0]?.crews).toEqual([{ id: "bc", name: "Blue aces", medals: ["ace", "star"], heldBy: "red" }]);
    const next = step(s).state;
    const r = step(next, { blue: [{ type: "crew", crew: "bc", design: "Dart" }] });
    expect(codes(r, "blue")).toEqual(["crew-held"]);
    expect(r.state.campaign.battle?.craft.some((c) => c.crew === "bc")).toBe(false);
  });
  it("each side holding a crew of the other: exchanged one for one", () => {
    const r = captured(true);
    expect(r.campaign.squadrons[0]?.crews.find((k) => k.id === "bc")?.heldBy).toBeUndefined();
    expect(r.campaign.squadrons[1]?.crews.find((k) => k.id === "rc")?.heldBy).toBeUndefined();
    expect(r.campaign.squadrons[1]?.crews.some((k) => k.id === "rz")).toBe(false);
  });
});
