/**
 * What a seat sees (RULINGS.md "What a seat sees"): its known state (l.61-67, l.428, l.659-665, l.672, l.708-710,
 * E.8), views and reports, the orders template of each step, the menus, the check and the table's picture.
 */
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { GameAccess } from "../../src/core/ruleset.js";
import { createCampaign, DEFAULT_INPUTS } from "../../src/rules/space-war/campaign-sequence/create.js";
import type { Design } from "../../src/rules/space-war/designing-craft/design.js";
import { checkSquadron, parseSquadron } from "../../src/rules/space-war/designing-craft/squadron.js";
import type { SxEvent } from "../../src/rules/space-war/events.js";
import { spaceWar } from "../../src/rules/space-war/index.js";
import { type Craft, type CraftModule, craftOf, type Point, type SpaceWarState } from "../../src/rules/space-war/model.js";
import { parseOrders } from "../../src/rules/space-war/orders.js";
import { check, eventLine } from "../../src/rules/space-war/presentation/check.js";
import { FACE_DOWN, knownState, secrets } from "../../src/rules/space-war/presentation/known-state.js";
import { legalOrders, randomOrders } from "../../src/rules/space-war/presentation/legal-orders.js";
import { tableSvg } from "../../src/rules/space-war/presentation/table-svg.js";
import {
  deployPoints,
  EXAMPLE_DESIGNS,
  fittingPurchase,
  ordersTemplate,
  report,
  standings,
  view,
} from "../../src/rules/space-war/presentation/view.js";
import { distance } from "../../src/rules/space-war/the-turn/geometry.js";
import { tableTool } from "../../src/rules/space-war/tools.js";
import { squadronActionBattle } from "./squadron-action-battle.js";

const CARRIER: Design = { name: "Carrier", type: "vessel", modules: ["E", "E", "SB", "A", "L", "L"].map((m) => ({ module: m as "E" })) };
const HEAVY: Design = {
  name: "Heavy",
  type: "vessel",
  modules: ["E", "E", "A", "A", "L", "L", "M", "N"].map((m) => ({ module: m as "E" })),
};
const RAIDER: Design = { name: "Raider", type: "vessel", modules: ["E", "E", "SB", "L"].map((m) => ({ module: m as "E" })) };
const WASP: Design = { name: "Wasp", type: "fighter", modules: [{ module: "E" }, { module: "EM" }] };

type Place = { at: Point; heading?: number; face?: "up" | "down" } | { aboard: string } | "entering";

/** A squadron's craft placed at points: `[id, design, place]`. */
function placed(owner: string, list: [string, Design, Place][]): Craft[] {
  return list.map(([id, d, p]) => {
    const c = craftOf(id, owner, d);
    if (p === "entering") return c;
    if ("aboard" in p) c.where = { kind: "aboard", vessel: p.aboard };
    else c.where = { kind: p.face === "up" ? "table" : "hidden", at: p.at, heading: p.heading ?? 90 };
    return c;
  });
}

/**
 * A battle of the Squadron Action (l.880-892): blue (Carrier, Wasp fighters) west, red (Heavy, Raider, Wasp) east.
 * Red's Heavy is face up; its Raider face down with a fighter aboard; a red Wasp face down. Red holds Subterfuge
 * (hidden) and Better Armour (revealed); blue holds Superior Lasers (hidden).
 */
function battle(step: SpaceWarState["campaign"]["step"] = "battle"): SpaceWarState {
  const s = createCampaign(DEFAULT_INPUTS);
  const [blue, red] = s.campaign.squadrons;
  if (!blue || !red) throw new Error("two squadrons");
  blue.designs = [CARRIER, WASP];
  red.designs = [HEAVY, RAIDER, WASP];
  blue.cards = [{ card: "superior-lasers", revealed: false, cancelled: false }];
  red.cards = [
    { card: "subterfuge", revealed: false, cancelled: false },
    { card: "better-armour", revealed: true, cancelled: false },
  ];
  red.crews = [{ id: "red-crew-1", name: "The Reds", medals: ["ace"] }];
  blue.crews = [{ id: "blue-crew-1", name: "The Blues", medals: ["star"] }];
  s.campaign.game = 0;
  s.campaign.step = step;
  const craft = [
    ...placed("blue", [
      ["blue-1", CARRIER, { at: { x: 9, y: 24 }, heading: 90, face: "down" }],
      ["blue-2", WASP, { aboard: "blue-1" }],
      ["blue-3", WASP, { at: { x: 30, y: 20 }, heading: 90, face: "up" }],
    ]),
    ...placed("red", [
      ["red-1", HEAVY, { at: { x: 50, y: 24 }, heading: 270, face: "up" }],
      ["red-2", RAIDER, { at: { x: 63, y: 30 }, heading: 270, face: "down" }],
      ["red-3", WASP, { aboard: "red-2" }],
      ["red-4", WASP, { at: { x: 60, y: 18 }, heading: 270, face: "down" }],
    ]),
  ];
  const red2 = craft.find((c) => c.id === "red-2");
  if (red2) {
    red2.pendingHits = 2;
    red2.hitBy = ["blue"];
    red2.crew = "red-crew-1";
  }
  const blue1 = craft.find((c) => c.id === "blue-1");
  if (blue1) blue1.crew = "blue-crew-1";
  s.campaign.battle = squadronActionBattle(craft, { blue: 3, red: 4 }, 2);
  if (step === "deploy" || step === "purchase") for (const c of s.campaign.battle.craft) c.where = { kind: "entering" };
  return s;
}

const byId = (s: SpaceWarState, id: string): Craft | undefined => s.campaign.battle?.craft.find((c) => c.id === id);

const leaks = (state: SpaceWarState, seat: string, text: string, events: readonly SxEvent[] = []): string[] =>
  secrets(state, seat, events).filter((n) => text.includes(n));

describe("knownState: what a seat may know (l.61-67, l.428, l.659-665, l.672, E.8)", () => {
  it("an enemy face-down counter keeps its id, owner, place, heading and the hits on it, nothing else", () => {
    const s = battle();
    const k = knownState(s, "blue");
    expect(byId(k, "red-2")).toEqual({
      id: "red-2",
      owner: "red",
      design: FACE_DOWN.design,
      type: "vessel",
      modules: [{ module: "hotel", damaged: false }],
      where: { kind: "hidden", at: { x: 63, y: 30 }, heading: 270 },
      pendingHits: 2,
      hitBy: ["blue"],
    });
    // A face-down fighter is blanked the same way: its type does not show.
    expect(byId(k, "red-4")?.type).toBe("vessel");
    expect(byId(k, "red-4")?.design).toBe(FACE_DOWN.design);
    // Face up: whole.
    expect(byId(k, "red-1")).toEqual(byId(s, "red-1"));
    // The seat's own face-down craft, and its fighters aboard, are whole.
    expect(byId(k, "blue-1")).toEqual(byId(s, "blue-1"));
    expect(byId(k, "blue-2")).toEqual(byId(s, "blue-2"));
    expect(s.campaign.battle?.craft.find((c) => c.id === "red-2")?.design).toBe("Raider");
  });
  it("enemy fighters aboard a vessel are removed (l.661: they need not be placed; l.428)", () => {
    const k = knownState(battle(), "blue");
    expect(byId(k, "red-3")).toBeUndefined();
    expect(canonicalJson(k)).not.toContain('"vessel":"red-2"');
    expect(byId(knownState(battle(), "red"), "blue-2")).toBeUndefined();
  });
  it("an enemy's cards not yet revealed are removed (l.672 'Reveal them the first time you want their bonuses')", () => {
    const k = knownState(battle(), "blue");
    expect(k.campaign.squadrons[1]?.cards).toEqual([{ card: "better-armour", revealed: true, cancelled: false }]);
    expect(k.campaign.squadrons[0]?.cards).toEqual([{ card: "superior-lasers", revealed: false, cancelled: false }]);
    expect(knownState(battle(), "red").campaign.squadrons[0]?.cards).toEqual([]);
  });
  it("an enemy's designs are those it has shown on the table (E.8); a wreck shows its design", () => {
    const s = battle();
    expect(knownState(s, "blue").campaign.squadrons[1]?.designs.map((d) => d.name)).toEqual(["Heavy"]);
    expect(knownState(s, "red").campaign.squadrons[0]?.designs.map((d) => d.name)).toEqual(["Wasp"]);
    const red2 = byId(s, "red-2");
    if (red2) red2.where = { kind: "gone", how: "destroyed" };
    expect(knownState(s, "blue").campaign.squadrons[1]?.designs.map((d) => d.name)).toEqual(["Heavy", "Raider"]);
    expect(byId(knownState(s, "blue"), "red-2")?.design).toBe("Raider");
    // A craft that fled face down is gone unseen.
    const red4 = byId(s, "red-4");
    if (red4) red4.where = { kind: "gone", how: "fled" };
    expect(byId(knownState(s, "blue"), "red-4")).toBeUndefined();
  });
  it("the crew aboard an enemy face-down counter does not show; its crews' medals do (awarded after a game)", () => {
    const k = knownState(battle(), "blue");
    expect(byId(k, "red-2")?.crew).toBeUndefined();
    expect(k.campaign.squadrons[1]?.crews).toEqual([{ id: "red-crew-1", name: "The Reds", medals: ["ace"] }]);
  });
  it("before deployment the enemy's purchase is hidden; the Traitor reveals it (l.708-710)", () => {
    const s = battle("deploy");
    const k = knownState(s, "blue");
    expect(k.campaign.battle?.craft.map((c) => c.id)).toEqual(["blue-1", "blue-2", "blue-3"]);
    expect(k.campaign.squadrons[1]?.designs).toEqual([]);
    const blue = s.campaign.squadrons[0];
    if (blue) blue.cards = [{ card: "traitor", revealed: false, cancelled: false }];
    const t = knownState(s, "blue");
    expect(t.campaign.battle?.craft.map((c) => c.id)).toEqual(["blue-1", "blue-2", "blue-3", "red-1", "red-2", "red-3", "red-4"]);
    expect(t.campaign.squadrons[1]?.designs.map((d) => d.name)).toEqual(["Heavy", "Raider", "Wasp"]);
    // A record of the enemy's purchase kept on its squadron (a field this part does not know) is not shown either.
    const red = s.campaign.squadrons[1];
    if (red) Object.assign(red, { bought: [{ design: "Heavy", count: 1 }] });
    if (blue) blue.cards = [];
    expect(canonicalJson(knownState(s, "blue"))).not.toContain('"bought"');
    if (blue) blue.cards = [{ card: "traitor", revealed: false, cancelled: false }];
    expect(canonicalJson(knownState(s, "blue"))).toContain('"bought"');
    // Cancelled by Subterfuge (l.706): no more than without it.
    if (blue) blue.cards = [{ card: "traitor", revealed: true, cancelled: true }];
    expect(knownState(s, "blue").campaign.battle?.craft).toHaveLength(3);
  });
  it("the needles of secrets() are in the state and in none of the seat's known state, view, report or menus", () => {
    for (const step of ["battle", "deploy"] as const) {
      const s = battle(step);
      for (const seat of ["blue", "red"]) {
        const needles = secrets(s, seat, []);
        expect(needles.length).toBeGreaterThan(0);
        const whole = canonicalJson(s);
        for (const n of needles) expect(whole, n).toContain(n);
        expect(leaks(s, seat, canonicalJson(knownState(s, seat)))).toEqual([]);
        expect(leaks(s, seat, canonicalJson(view(s, seat, [])))).toEqual([]);
        expect(leaks(s, seat, canonicalJson(report(s, seat, []).json))).toEqual([]);
        expect(leaks(s, seat, canonicalJson(legalOrders(s, seat)))).toEqual([]);
      }
    }
    const needles = secrets(battle(), "blue", []);
    expect(needles).toContain('"design":"Raider"');
    expect(needles).toContain('"card":"subterfuge"');
    expect(needles).toContain('"vessel":"red-2"');
    expect(needles).toContain('"crew":"red-crew-1"');
  });
  it("does not change the state it is given", () => {
    const s = battle();
    const before = canonicalJson(s);
    knownState(s, "blue");
    knownState(s, "red");
    expect(canonicalJson(s)).toBe(before);
  });
});

describe("view and report", () => {
  const events: SxEvent[] = [
    { kind: "moved", game: 1, turn: 2, step: "game 1, turn 2, blue S7 Movement", text: 'blue-3 moves 9.0"', order: "#0 move blue-3" },
    { kind: "moved", game: 1, turn: 2, step: "game 1, turn 2, blue S7 Movement", text: "blue-1 (Carrier) moves face down", to: ["blue"] },
    {
      kind: "shot",
      game: 1,
      turn: 2,
      step: "game 1, turn 2, blue S9 Shoot",
      text: "blue-3 fires at red-1: 1 hit",
      rolls: [{ die: "d6", value: 5, for: "laser blue-3 at red-1", need: 4 }],
    },
  ];
  it("an event a seat may not see is among its secrets, and not in its view or report", () => {
    const s = battle();
    expect(secrets(s, "red", events)).toContain('"text":"blue-1 (Carrier) moves face down"');
    expect(secrets(s, "blue", events).filter((n) => n.startsWith('"text"'))).toEqual([]);
    expect(leaks(s, "red", canonicalJson(view(s, "red", events)), events)).toEqual([]);
    expect(leaks(s, "red", canonicalJson(report(s, "red", events).json), events)).toEqual([]);
    expect(leaks(s, "red", canonicalJson({ events }), events)).toEqual(['"text":"blue-1 (Carrier) moves face down"']);
  });
  it("each seat sees its own known state and the events it may see", () => {
    const s = battle();
    const b = view(s, "blue", events);
    const r = view(s, "red", events);
    expect(b.events).toHaveLength(3);
    expect(r.events.map((e) => e.text)).toEqual(['blue-3 moves 9.0"', "blue-3 fires at red-1: 1 hit"]);
    expect(byId(b.state, "red-2")?.design).toBe(FACE_DOWN.design);
    expect(byId(r.state, "blue-1")?.design).toBe(FACE_DOWN.design);
    expect(byId(r.state, "red-2")?.design).toBe("Raider");
    expect(spaceWar.view(s, "red", events)).toEqual(r);
  });
  it("the report groups the events by the seed's named steps, then the seat's craft, cards, crews and medals", () => {
    const s = battle();
    const text = report(s, "blue", events).text;
    expect(text).toContain('game 1, turn 2, blue S7 Movement:\n  blue-3 moves 9.0"\n  blue-1 (Carrier) moves face down');
    expect(text).toContain("game 1, turn 2, blue S9 Shoot:\n  blue-3 fires at red-1: 1 hit [laser blue-3 at red-1: 5 need 4+]");
    expect(text).toContain("blue-1 Carrier (vessel E+E+SB+A+L+L): face down at (9, 24) heading 90; crew blue-crew-1");
    expect(text).toContain("blue-2 Wasp (fighter E+EM): aboard blue-1");
    expect(text).toContain("Superior Lasers: +1 to shots with Lasers. (l.684-686) (hidden)");
    expect(text).toContain("blue-crew-1 The Blues: Star, aboard blue-1");
    expect(text).toContain(
      "Enemy craft on the table as you know them:\n  red-1 Heavy (vessel E+E+A+A+L+L+M+N): face up at (50, 24) heading 270\n  red-2 (red): a face-down counter at (63, 30)",
    );
    const red = report(s, "red", events);
    expect(red.text).not.toContain("Carrier");
    expect(red.text).not.toContain("moves face down");
    expect(red.json).toMatchObject({ seat: "red", game: 1, campaignStep: "battle", turn: 2, active: "blue" });
  });
  it("standings: games played, each result and the medals per squadron", () => {
    const s = battle("after-game");
    s.campaign.results.push({
      game: 1,
      scenario: "squadron-action",
      winner: "blue",
      reason: "red gave up",
      turns: 5,
      medals: { blue: ["bravery"], red: [] },
    });
    s.campaign.game = 1;
    const t = standings(s);
    expect(t).toContain("1 of 3 game(s) played");
    expect(t).toContain("game 1 (squadron-action, 5 turns): blue won: red gave up; medals blue 1, red 0");
    expect(t).toContain("blue (Blue squadron): 1 medal(s) on 1 crew(s): The Blues [star]");
  });
});

/** The template of a step as the harness's client would send it: YAML parsed, then parsed as orders. */
function templateOrders(s: SpaceWarState, seat: string) {
  const yaml = ordersTemplate(s, seat);
  const parsed = parseOrders(parseYaml(yaml));
  expect(parsed.refused, yaml).toEqual([]);
  expect(parsed.problems, yaml).toEqual([]);
  return { yaml, orders: parsed.orders };
}

describe("orders templates: parse, and have no problems at each step kind", () => {
  it("design: three example designs that make a squadron within 100 M€ (l.7, l.57, l.74-256)", () => {
    const s = createCampaign(DEFAULT_INPUTS);
    const { yaml, orders } = templateOrders(s, "blue");
    expect(orders.orders.map((o) => o.type)).toEqual(["design", "design", "design"]);
    expect(yaml).toContain("# Vessel: E+E+SB+A+L+L(rear), 36 M€");
    expect(check(s, "blue", orders)).toMatchObject({ ok: true, problems: [] });
    // The designs, bought as the purchase template would, pass the squadron check.
    const q = { ...(s.campaign.squadrons[0] as SpaceWarState["campaign"]["squadrons"][number]), designs: [...EXAMPLE_DESIGNS] };
    const plan = fittingPurchase(q);
    expect(plan.map((p) => [p.design.name, p.count])).toEqual([
      ["Carrier", 1],
      ["Frigate", 1],
      ["Interceptor", 3],
    ]);
    const file = parseSquadron({ designs: EXAMPLE_DESIGNS, craft: plan.map((p) => ({ design: p.design.name, count: p.count })) });
    expect(file.ok).toBe(true);
    if (file.ok) expect(checkSquadron(file.value).problems).toEqual([]);
  });
  it("purchase: a buy per design, with prices and the budget, that fits", () => {
    const s = battle("purchase");
    const { yaml, orders } = templateOrders(s, "red");
    expect(yaml).toContain("Budget 100 M€");
    expect(orders.orders).toEqual([
      { type: "buy", design: "Raider", count: 1 },
      { type: "buy", design: "Heavy", count: 1 },
      { type: "buy", design: "Wasp", count: 2 },
    ]);
    expect(yaml).toContain("This purchase costs 96 M€");
    expect(check(s, "red", orders)).toMatchObject({ ok: true, problems: [] });
  });
  it('deploy: a deploy per craft at a point within 6" of its planet, on the table and clear of the planet (l.884)', () => {
    const s = battle("deploy");
    // The Space Station is "randomly deployed" (l.876): neither in the template nor in the menus.
    const station = craftOf("blue-station", "blue", { name: "Space Station", type: "vessel", modules: [{ module: "E" }] });
    station.station = true;
    station.where = { kind: "table", at: { x: 12, y: 24 }, heading: 90 };
    s.campaign.battle?.craft.push(station);
    expect(ordersTemplate(s, "blue")).not.toContain("blue-station");
    const menu = legalOrders(s, "blue").orders[0]?.fields.craft;
    expect(menu?.kind === "choice" && menu.values.map((v) => v.value)).toEqual(["blue-1", "blue-2", "blue-3"]);
    for (const seat of ["blue", "red"]) {
      const { orders } = templateOrders(s, seat);
      const planet = s.campaign.battle?.planets[s.campaign.battle.homes[seat]?.planet ?? 0];
      const mine = s.campaign.battle?.craft.filter((c) => c.owner === seat && !c.station) ?? [];
      expect(orders.orders.map((o) => ("craft" in o ? o.craft : ""))).toEqual(mine.map((c) => c.id));
      for (const o of orders.orders) {
        if (o.type !== "deploy" || !o.at || !planet) throw new Error("a deploy at a point");
        const d = distance(o.at, planet.at);
        expect(d).toBeLessThanOrEqual(6);
        expect(d).toBeGreaterThan(planet.diameter / 2 + 0.5);
        expect(o.at.x).toBeGreaterThanOrEqual(0);
        expect(o.at.x).toBeLessThanOrEqual(72);
      }
      expect(check(s, seat, orders)).toMatchObject({ ok: true, problems: [] });
    }
    // Sixteen craft: two rings, none closer than a base to another.
    const pts = deployPoints(s, "blue", 16);
    expect(pts).toHaveLength(16);
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++) expect(distance(pts[i]?.at as Point, pts[j]?.at as Point)).toBeGreaterThanOrEqual(0.9);
  });
  it("battle: the seat's craft with a commented move and shoot each; the waiting seat is told to wait", () => {
    const s = battle();
    const { yaml, orders } = templateOrders(s, "blue");
    expect(orders.orders).toEqual([]);
    expect(yaml).toContain("# - { type: move, craft: blue-3, to: { x: 39, y: 20 } }");
    expect(yaml).toContain("# - { type: shoot, craft: blue-1, target: red-1, weapon: laser }");
    expect(yaml).toContain("# - { type: launch, craft: blue-2 }");
    expect(yaml).not.toContain("red-2");
    expect(check(s, "blue", orders)).toMatchObject({ ok: true, problems: [] });
    const red = templateOrders(s, "red");
    expect(red.yaml).toContain("It is blue's turn");
  });
  it("after-game: the medals to give", () => {
    const s = battle("after-game");
    s.campaign.results.push({
      game: 1,
      scenario: "squadron-action",
      winner: "blue",
      reason: "red gave up",
      turns: 5,
      medals: { blue: ["bravery", "star"], red: [] },
    });
    const { yaml, orders } = templateOrders(s, "blue");
    expect(yaml).toContain("Medals your squadron earned: Bravery, Star");
    expect(yaml).toContain("#  - { type: medal, medal: bravery, craft: blue-1 }");
    expect(check(s, "blue", orders)).toMatchObject({ ok: true, problems: [] });
  });
});

describe("menus (legalOrders)", () => {
  it("only what the step takes, only for the seat the step awaits", () => {
    const s = battle();
    const red = legalOrders(s, "red");
    expect(red.orders).toEqual([]);
    expect(red.note).toContain("blue's turn");
    const blue = legalOrders(s, "blue");
    expect(blue.orders.map((o) => o.type)).toEqual(["give-up", "launch", "retrieve", "move", "ram", "shoot"]);
    expect(legalOrders(createCampaign(DEFAULT_INPUTS), "red").orders.map((o) => o.type)).toEqual(["design"]);
    expect(legalOrders(battle("purchase"), "red").orders.map((o) => o.type)).toEqual(["buy", "crew"]);
    expect(legalOrders(battle("deploy"), "red").orders.map((o) => o.type)).toEqual(["deploy"]);
    expect(legalOrders(battle("after-game"), "red").orders.map((o) => o.type)).toEqual(["medal", "strip", "design"]);
  });
  it("craft are the seat's own; targets the enemy's face-up craft on the table, never a face-down counter (l.665) nor a fighter aboard (l.428)", () => {
    const menus = legalOrders(battle(), "blue").orders;
    const values = (type: string, field: string) => {
      const f = menus.find((o) => o.type === type)?.fields[field];
      return f && f.kind === "choice" ? f.values.map((v) => v.value) : [];
    };
    expect(values("move", "craft")).toEqual(["blue-1", "blue-3"]);
    expect(values("launch", "craft")).toEqual(["blue-2"]);
    expect(values("shoot", "craft")).toEqual(["blue-1", "blue-3"]);
    expect(values("shoot", "target")).toEqual(["red-1"]);
    expect(values("ram", "target")).toEqual(["red-1"]);
    expect(menus.find((o) => o.type === "move")?.fields.to).toEqual({ kind: "point", xMax: 72, yMax: 48 });
  });
  it("random orders from the menus fit the order schema and name only the seat's own craft", () => {
    const s = battle();
    for (let i = 0; i < 50; i++) {
      const o = randomOrders(s, "blue", Rng.fromSeed(i));
      expect(spaceWar.ordersSchema.safeParse(JSON.parse(JSON.stringify(o))).success).toBe(true);
      for (const x of o.orders) if ("craft" in x && typeof x.craft === "string") expect(x.craft).toMatch(/^blue-/);
    }
    expect(randomOrders(s, "red", Rng.fromSeed(1)).orders).toEqual([]);
    const bot = spaceWar.bots.random;
    expect(bot?.play(knownState(s, "blue"), "blue", Rng.fromSeed(3)).seat).toBe("blue");
  });
});

describe("the check", () => {
  it("a bad order gives a failed line naming it; the rest stand", () => {
    const s = battle();
    const c = check(s, "blue", {
      orders: [
        { type: "move", craft: "blue-3", to: { x: 35, y: 20 } },
        { type: "buy", design: "Carrier", count: 1 },
      ],
    });
    expect(c.ok).toBe(false);
    expect(c.problems).toEqual([expect.objectContaining({ order: "#1 buy", code: "wrong-step" })]);
    expect(c.lines).toContainEqual(expect.objectContaining({ order: "#1 buy", ok: false, certainty: "certain" }));
    expect(c.lines).toContainEqual(expect.objectContaining({ order: "#0 move blue-3", ok: true }));
    expect(c.lines.filter((l) => !l.ok).map((l) => l.order)).toEqual(["#1 buy"]);
  });
  it("a malformed order fails as itself; the waiting seat and another seat's file are refused", () => {
    const s = battle();
    const raw = parseOrders({
      orders: [
        { type: "move", craft: "blue-3" },
        { type: "move", craft: "blue-3", to: { x: 35, y: 20 } },
      ],
    });
    const c = check(s, "blue", raw.orders);
    expect(c.lines).toContainEqual(expect.objectContaining({ order: "#0", ok: false, text: expect.stringContaining("malformed") }));
    expect(c.lines).toContainEqual(expect.objectContaining({ order: "#1 move blue-3", ok: true }));
    expect(check(s, "red", { orders: [{ type: "give-up" }] }).problems[0]?.code).toBe("not-your-turn");
    expect(check(s, "red", { orders: [] }).ok).toBe(true);
    expect(check(s, "blue", { seat: "red", orders: [] }).problems[0]?.code).toBe("wrong-seat");
    expect(check(s, "nobody", { orders: [] }).problems[0]?.code).toBe("unknown-seat");
  });
  it("a line from an event with dice is a chance, with the need of each die; one without dice is certain", () => {
    const shot: SxEvent = {
      kind: "shot",
      game: 1,
      turn: 2,
      step: "game 1, turn 2, blue S9 Shoot",
      text: "blue-3 fires 1 laser at red-1: 1 hit",
      order: "#0 shoot blue-3",
      rolls: [
        { die: "d6", value: 2, for: "laser blue-3 at red-1", need: 4 },
        { die: "d6", value: 5, for: "laser blue-3 at red-1", need: 4 },
      ],
    };
    expect(eventLine(shot, "#0 shoot blue-3")).toEqual({
      step: "game 1, turn 2, blue S9 Shoot",
      order: "#0 shoot blue-3",
      text: "with stand-in dice: blue-3 fires 1 laser at red-1: 1 hit; each die needs 4+",
      ok: true,
      certainty: "chance",
    });
    const { rolls: _r, ...moved } = shot;
    expect(eventLine({ ...moved, text: "blue-3 moves" }, "#0 move blue-3").certainty).toBe("certain");
  });
  it("runs on the seat's known state: it does not change the state and names nothing hidden", () => {
    const s = battle();
    const before = canonicalJson(s);
    const c = check(s, "blue", { orders: [{ type: "shoot", craft: "blue-3", target: "red-1", weapon: "missile" }] });
    expect(canonicalJson(s)).toBe(before);
    expect(leaks(s, "blue", canonicalJson(c))).toEqual([]);
  });
});

/** Tags balance, attributes are quoted, every & starts an entity (as test/sathar-war/map.test.ts). */
function xmlProblems(svg: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  const body = svg.trim();
  if (!body.startsWith("<svg ")) out.push("does not start with <svg");
  if (/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/.test(body)) out.push("a bare &");
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const between = body.slice(last, m.index);
    if (between.includes("<") || between.includes(">")) out.push(`stray markup before ${m[0].slice(0, 40)}`);
    last = re.lastIndex;
    const [, close, name, , self] = m;
    if (self) continue;
    if (close) {
      const open = stack.pop();
      if (open !== name) out.push(`</${name}> closes <${open}>`);
    } else stack.push(name as string);
  }
  if (body.slice(last).trim() !== "") out.push("text after the last tag");
  if (stack.length > 0) out.push(`unclosed: ${stack.join(", ")}`);
  return out;
}

function access(state: SpaceWarState): GameAccess<SpaceWarState, SxEvent> {
  return { step: state.step, state, steps: [state.step], stepAt: async () => ({ state, events: [] }) };
}

describe("the table (SVG)", () => {
  it("is well-formed and draws what the seat knows only: enemy face-down counters as plain squares, no fighters aboard", () => {
    const s = battle();
    const blue = tableSvg(knownState(s, "blue"), { seat: "blue", ranges: true });
    expect(xmlProblems(blue)).toEqual([]);
    expect(blue.match(/class="counter"/g)).toHaveLength(2); // red-2, red-4
    expect(blue.match(/class="craft"/g)).toHaveLength(3); // blue-1 (face down, dashed), blue-3, red-1
    expect(blue.match(/class="scouting"/g)).toHaveLength(2);
    expect(blue).not.toContain("Raider");
    expect(blue).not.toContain("red-3");
    expect(blue).toContain("red-1 (red) Heavy");
    expect(leaks(s, "blue", blue)).toEqual([]);
    const referee = tableSvg(s);
    expect(xmlProblems(referee)).toEqual([]);
    expect(referee).toContain("Raider");
    expect(referee).not.toContain('class="counter"');
  });
  it("escapes every name and draws with no battle", () => {
    const s = battle();
    const red = s.campaign.battle?.craft.find((c) => c.id === "red-1");
    if (red) red.design = 'A&B <"x">';
    const svg = tableSvg(s);
    expect(xmlProblems(svg)).toEqual([]);
    expect(xmlProblems(tableSvg(createCampaign(DEFAULT_INPUTS)))).toEqual([]);
  });
  it("the tool: per step, a seat's view or the referee's, refuses an unknown seat", async () => {
    expect(tableTool.perStep).toBe(true);
    expect(spaceWar.tools.table).toBe(tableTool);
    const s = battle();
    const out = await tableTool.run(access(s), { seat: "red" });
    expect(out.ok).toBe(true);
    expect(out.file?.extension).toBe("svg");
    expect(out.file?.content).not.toContain("Carrier");
    expect(out.text).toContain("as Red squadron knows it");
    const bad = await tableTool.run(access(s), { seat: "green" });
    expect(bad.ok).toBe(false);
    expect(bad.text).toContain('no seat "green"');
  });
});

describe("modules of a blanked counter", () => {
  it("one whole module no rule uses, so the rules run on the known state see a craft still in the fight (l.404)", () => {
    const m: readonly CraftModule[] = FACE_DOWN.modules;
    expect(m.every((x) => x.damaged)).toBe(false);
  });
});
