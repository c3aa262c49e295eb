/**
 * The Space War bots (issue 13): the normal bot's decisions, step by step, on states built by hand; then whole
 * squadron actions against the random-legal bot (issue 13 "Win rates": the 50-game table is the benchmark's,
 * bench/space-war-campaign.bench.ts).
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { afterGameOrders } from "../../src/rules/space-war/bot/after-game.js";
import {
  alliesOnTable,
  fighterOrders,
  giveUp,
  helpless,
  mayGiveUp,
  nukeOrders,
  repairOrders,
  tractorOrders,
  turnOrders,
} from "../../src/rules/space-war/bot/battle.js";
import { normalOrders } from "../../src/rules/space-war/bot/bot.js";
import { danger, EXIT_PAST, exitPoint } from "../../src/rules/space-war/bot/convoy.js";
import { DEPLOY_REACH, deployOrders, enemyHome } from "../../src/rules/space-war/bot/deploy.js";
import { BRAWLER, CANDIDATES, DART, designOrders, GUNSHIP, LANCER, STRIKER } from "../../src/rules/space-war/bot/designs.js";
import { fireOrders } from "../../src/rules/space-war/bot/fire.js";
import { isPlaced, STATION_WIN_VALUE, targetValue } from "../../src/rules/space-war/bot/knowledge.js";
import {
  goalOf,
  inAlliesWay,
  LANE_CLEARANCE,
  LASER_RANGE_GOAL,
  moveOrders,
  STATION_PULL,
  stationAims,
  toSegment,
} from "../../src/rules/space-war/bot/manoeuvre.js";
import { bestPurchase, purchaseOrders } from "../../src/rules/space-war/bot/purchase.js";
import { nukeRamWorth, ramOrders, ramWorth } from "../../src/rules/space-war/bot/ramming.js";
import { createCampaign } from "../../src/rules/space-war/campaign-sequence/create.js";
import { type Design, design, designCost } from "../../src/rules/space-war/designing-craft/design.js";
import { checkSquadron } from "../../src/rules/space-war/designing-craft/squadron.js";
import type { Medal } from "../../src/rules/space-war/medals/medals.js";
import { type Battle, type Craft, craftOf, type Point, type SpaceWarState } from "../../src/rules/space-war/model.js";
import { type Order, orderSchema } from "../../src/rules/space-war/orders.js";
import { ordersTemplate } from "../../src/rules/space-war/presentation/view.js";
import { TRANSPORT } from "../../src/rules/space-war/scenarios/scenarios.js";
import { spaceStation } from "../../src/rules/space-war/scenarios/set-up.js";
import { angleBetween, bearing, distance } from "../../src/rules/space-war/the-turn/geometry.js";
import { ramRuling } from "../../src/rules/space-war/the-turn/s8-ramming.js";
import { matchups, play, playLineup, SCENARIO_SIDES, tally, won } from "./bots-support.js";

const rng = () => Rng.fromSeed(7);

/** One craft for a hand-built battle: whose, which design, where and facing, face up unless said. */
interface Spec {
  id: string;
  owner?: string;
  d?: Design;
  at?: Point;
  heading?: number;
  hidden?: boolean;
  aboard?: string;
  damaged?: number[];
  crew?: string;
}

/** A campaign in battle: blue's planet at (6, 24), red's at (66, 24), the craft as given; blue to play. */
function battle(specs: Spec[], more: Partial<Battle> = {}): SpaceWarState {
  const s = createCampaign({ games: 3, scenario: "squadron-action", budget: "normal" });
  for (const q of s.campaign.squadrons) q.designs = [STRIKER, LANCER, DART];
  const craft: Craft[] = specs.map((x) => {
    const c = craftOf(x.id, x.owner ?? "blue", x.d ?? STRIKER);
    if (x.aboard) c.where = { kind: "aboard", vessel: x.aboard };
    else if (x.at) c.where = { kind: x.hidden ? "hidden" : "table", at: x.at, heading: x.heading ?? 90 };
    for (const i of x.damaged ?? []) (c.modules[i] as { damaged: boolean }).damaged = true;
    if (x.crew) c.crew = x.crew;
    return c;
  });
  const started = (seat: string) => craft.filter((c) => c.owner === seat).length;
  const tally = (seat: string) => ({ started: started(seat), lost: 0, destroyed: [], captured: [], tasks: [] });
  s.campaign.step = "battle";
  s.campaign.battle = {
    scenario: "squadron-action",
    turn: 1,
    order: ["blue", "red"],
    active: "blue",
    table: { width: 72, depth: 48 },
    planets: [
      { at: { x: 6, y: 24 }, diameter: 3 },
      { at: { x: 66, y: 24 }, diameter: 3 },
    ],
    craft,
    gaveUp: [],
    tally: { blue: tally("blue"), red: tally("red") },
    homes: { blue: { planet: 0, edge: "west" }, red: { planet: 1, edge: "east" } },
    ...more,
  };
  return s;
}

const b = (s: SpaceWarState): Battle => s.campaign.battle as Battle;
const valid = (orders: readonly Order[]) => orders.every((o) => orderSchema.safeParse(o).success);

describe("Designing craft (l.19-57, l.74-256): the normal bot's squadron", () => {
  it("three designs that pass the design check, 7 of three modules and 9 Darts: 99 M€, 16 craft (l.7)", () => {
    const s = createCampaign({ games: 3, scenario: "squadron-action", budget: "normal" });
    const orders = designOrders(s, "blue");
    expect(orders.map((o) => (o.type === "design" ? o.name : ""))).toEqual(["Brawler", "Dart", "Gunship"]);
    expect(valid(orders)).toBe(true);
    const mine = [BRAWLER, DART, GUNSHIP];
    const counts = bestPurchase(
      mine.map((design) => ({ design, max: 16 })),
      100,
    );
    expect(counts).toEqual([3, 9, 4]);
    const check = checkSquadron({
      name: "bot",
      budgetOption: "normal",
      machine: false,
      settings: s.settings,
      designs: mine.map((d) => ({ ...d, prisoner: false })),
      craft: mine.map((d, k) => ({ design: d.name, count: counts[k] ?? 0, crews: [] })),
    });
    expect(check.problems).toEqual([]);
    expect(check.total).toBe(99);
    expect(check.craft).toBe(16);
  });
  it("Σ modules is largest under Σ n² ≤ 100 and 16 craft when the sizes are 2s and 3s (the reasoning of designs.ts)", () => {
    let best = { modules: 0, threes: 0 };
    for (let threes = 0; threes <= 16; threes++)
      for (let twos = 0; threes + twos <= 16; twos++)
        for (let fours = 0; threes + twos + fours <= 16; fours++) {
          const cost = 9 * threes + 4 * twos + 16 * fours;
          const modules = 3 * threes + 2 * twos + 4 * fours;
          if (cost <= 100 && modules > best.modules) best = { modules, threes };
        }
    expect(best).toEqual({ modules: 39, threes: 7 });
    expect(designCost(STRIKER)).toBe(9);
    expect(designCost(LANCER)).toBe(4);
  });
  it("the candidates for a redesign are all valid designs", () => {
    for (const d of CANDIDATES)
      expect(
        checkSquadron({
          name: "x",
          budgetOption: "normal",
          machine: false,
          settings: createCampaign({ games: 1, scenario: "squadron-action", budget: "normal" }).settings,
          designs: [{ ...d, prisoner: false }],
          craft: [],
        }).problems,
      ).toEqual([]);
  });
  it("no designs once it has some", () => {
    const s = createCampaign({ games: 3, scenario: "squadron-action", budget: "normal" });
    (s.campaign.squadrons[0] as { designs: Design[] }).designs = [STRIKER];
    expect(designOrders(s, "blue")).toEqual([]);
  });
});

describe("Choosing craft (l.29): as many as fit, crews on the strongest", () => {
  it("fighters only with a Shuttle Bay vessel (l.51); never over the budget or 16 craft", () => {
    const fighter = design("Wasp", "fighter", ["E", "M"]);
    expect(bestPurchase([{ design: fighter, max: 16 }], 100)).toEqual([0]);
    const carrier = design("Carrier", "vessel", ["E", "SB"]);
    const [f, c] = bestPurchase(
      [
        { design: fighter, max: 16 },
        { design: carrier, max: 16 },
      ],
      100,
    );
    expect((c ?? 0) >= 1).toBe(true);
    expect(8 * (f ?? 0) + 4 * (c ?? 0)).toBeLessThanOrEqual(100);
    expect((f ?? 0) + (c ?? 0)).toBeLessThanOrEqual(16);
  });
  it("the most decorated crew aboard the strongest design; an Ace aboard a craft with Lasers (l.751)", () => {
    const s = createCampaign({ games: 3, scenario: "squadron-action", budget: "normal" });
    const q = s.campaign.squadrons[0];
    if (!q) throw new Error("no squadron");
    q.designs = [DART, STRIKER, LANCER];
    q.crews = [
      { id: "c1", name: "One", medals: ["star"] },
      { id: "c2", name: "Two", medals: ["ace", "valour"] },
    ];
    const orders = purchaseOrders(s, "blue");
    expect(valid(orders)).toBe(true);
    expect(orders.filter((o) => o.type === "crew")).toEqual([
      { type: "crew", crew: "c2", design: "Striker" },
      { type: "crew", crew: "c1", design: "Striker" },
    ]);
    const spent = orders.reduce((t, o) => t + (o.type === "buy" ? o.count * (o.design === "Striker" ? 9 : 4) : 0), 0);
    expect(spent).toBe(99);
  });
  it("a machine force spends its 120 M€ (l.975) and puts no crews aboard (l.977)", () => {
    const s = createCampaign({ games: 3, scenario: "squadron-action", budget: "normal" });
    const q = s.campaign.squadrons[0];
    if (!q) throw new Error("no squadron");
    q.designs = [STRIKER, LANCER, DART];
    q.machine = true;
    q.crews = [{ id: "c1", name: "One", medals: ["star"] }];
    const orders = purchaseOrders(s, "blue");
    const spent = orders.reduce((t, o) => t + (o.type === "buy" ? o.count * (o.design === "Striker" ? 9 : 4) : 0), 0);
    expect(spent).toBeGreaterThan(100);
    expect(spent).toBeLessThanOrEqual(120);
    expect(orders.some((o) => o.type === "crew")).toBe(false);
  });
});

describe("Deployment (l.33, l.884-888)", () => {
  const entering = (n: number): SpaceWarState => {
    const s = battle([]);
    for (let i = 0; i < n; i++) b(s).craft.push(craftOf(`blue-${i + 1}`, "blue", i < 7 ? STRIKER : LANCER));
    s.campaign.step = "deploy";
    return s;
  };
  it('16 craft within 6" of its planet, facing the enemy, no two within 2.5" (one Nuke catches few, l.462)', () => {
    const s = entering(16);
    const orders = deployOrders(s, "blue");
    expect(valid(orders)).toBe(true);
    expect(orders).toHaveLength(16);
    const pts: Point[] = [];
    for (const o of orders) {
      if (o.type !== "deploy" || !o.at) throw new Error("not placed");
      expect(distance(o.at, { x: 6, y: 24 })).toBeLessThanOrEqual(DEPLOY_REACH + 1.5 + 1e-9);
      expect(distance(o.at, { x: 6, y: 24 })).toBeGreaterThan(2);
      expect(o.at.x).toBeGreaterThanOrEqual(0.5);
      expect(angleBetween(o.heading ?? 0, bearing(o.at, { x: 66, y: 24 }))).toBeLessThanOrEqual(1);
      pts.push(o.at);
    }
    const gaps = pts.flatMap((p, i) => pts.slice(i + 1).map((q) => distance(p, q)));
    expect(Math.min(...gaps)).toBeGreaterThan(3);
  });
  it("8 craft: every two more than 3\" apart (out of each other's Nuke radius)", () => {
    const orders = deployOrders(entering(8), "blue");
    const pts = orders.map((o) => (o.type === "deploy" && o.at ? o.at : { x: 0, y: 0 }));
    const gaps = pts.flatMap((p, i) => pts.slice(i + 1).map((q) => distance(p, q)));
    expect(Math.min(...gaps)).toBeGreaterThan(3);
  });
  it("fighters start aboard a vessel with a Shuttle Bay (l.661)", () => {
    const s = battle([]);
    b(s).craft.push(
      craftOf("blue-1", "blue", design("Carrier", "vessel", ["E", "SB"])),
      craftOf("blue-2", "blue", design("Wasp", "fighter", ["E", "M"])),
    );
    s.campaign.step = "deploy";
    expect(deployOrders(s, "blue")).toContainEqual({ type: "deploy", craft: "blue-2", aboard: "blue-1" });
  });
});

describe("S7 Movement (l.466-500): closing to fighting range", () => {
  it('a Striker moves its 6" straight at the nearest enemy, even a face-down counter (to spot it at 24", l.663)', () => {
    const s = battle([
      { id: "blue-1", at: { x: 12, y: 24 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 40, y: 30 }, hidden: true },
      { id: "red-2", owner: "red", at: { x: 60, y: 24 }, hidden: true },
    ]);
    const { orders } = moveOrders(s, "blue");
    expect(orders).toHaveLength(1);
    const o = orders[0];
    if (!o) throw new Error("no move");
    expect(distance({ x: 12, y: 24 }, o.to)).toBeLessThanOrEqual(6);
    expect(distance({ x: 12, y: 24 }, o.to)).toBeGreaterThan(5.5);
    expect(distance(o.to, { x: 40, y: 30 })).toBeLessThan(distance({ x: 12, y: 24 }, { x: 40, y: 30 }) - 5.5);
    expect(o.facing).toBeUndefined();
  });
  it('a Lancer (Lasers only) stops at 10" of its target; a Dart (Missiles) closes to 6" (l.571-601)', () => {
    const s = battle([
      { id: "blue-1", d: LANCER, at: { x: 30, y: 10 }, heading: 90 },
      { id: "blue-2", d: DART, at: { x: 30, y: 40 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 44, y: 10 } },
      { id: "red-2", owner: "red", at: { x: 40, y: 40 } },
    ]);
    const { poses } = moveOrders(s, "blue");
    expect(distance(poses.get("blue-1")?.at ?? { x: 0, y: 0 }, { x: 44, y: 10 })).toBeCloseTo(LASER_RANGE_GOAL, 0);
    expect(distance(poses.get("blue-2")?.at ?? { x: 0, y: 0 }, { x: 40, y: 40 })).toBeLessThanOrEqual(6);
  });
  it("in range already and facing away: a short move turns it to bring the Lasers' arc to bear (l.635)", () => {
    const s = battle([
      { id: "blue-1", d: LANCER, at: { x: 30, y: 24 }, heading: 270 },
      { id: "red-1", owner: "red", at: { x: 39, y: 24 } },
    ]);
    const { orders, poses } = moveOrders(s, "blue");
    expect(orders).toHaveLength(1);
    expect(angleBetween(poses.get("blue-1")?.heading ?? 0, 90)).toBeLessThan(1);
  });
  it("never through a planet (l.872), never off the table, never into contact with an enemy (l.508)", () => {
    const s = battle([
      { id: "blue-1", d: DART, at: { x: 60, y: 24 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 70, y: 24 } },
    ]);
    const { orders } = moveOrders(s, "blue");
    const o = orders[0];
    if (!o) throw new Error("no move");
    expect(distance(o.to, { x: 66, y: 24 })).toBeGreaterThan(2);
    expect(o.to.x).toBeLessThanOrEqual(71.5);
    expect(distance(o.to, { x: 70, y: 24 })).toBeGreaterThan(1);
    expect(distance({ x: 60, y: 24 }, o.to)).toBeLessThanOrEqual(6);
  });
  it("an un-powered craft does not move (l.627)", () => {
    const s = battle([
      { id: "blue-1", at: { x: 30, y: 24 }, damaged: [0] },
      { id: "red-1", owner: "red", at: { x: 50, y: 24 } },
    ]);
    expect(moveOrders(s, "blue").orders).toEqual([]);
  });
});

describe("S9 Shoot (l.525-635): every weapon that may, where it does most", () => {
  it("focus fire on the damaged craft, the one most likely destroyed (most of the shots)", () => {
    const s = battle([
      { id: "blue-1", at: { x: 30, y: 24 }, heading: 90 },
      { id: "blue-2", at: { x: 30, y: 28 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 34, y: 24 } },
      { id: "red-2", owner: "red", at: { x: 34, y: 28 }, damaged: [0, 1] },
    ]);
    const orders = fireOrders(s, "blue", new Map());
    expect(orders.length).toBeGreaterThanOrEqual(2);
    // red-2, its Engine and Lasers damaged, is un-powered (l.627: hit on 4+ by Lasers, 3+ by Missiles) with one module left.
    expect(orders.filter((o) => o.target === "red-2").length).toBeGreaterThanOrEqual(3);
    expect(orders.filter((o) => o.weapon === "missile")).toHaveLength(2);
    expect(orders.filter((o) => o.weapon === "laser")).toHaveLength(2);
  });
  it('not at a face-down counter (l.665); Lasers only in their arc, Missiles any way (l.631-635); ranges 12" and 6"', () => {
    const s = battle([
      { id: "blue-1", at: { x: 30, y: 24 }, heading: 0 },
      { id: "red-1", owner: "red", at: { x: 34, y: 24 } },
      { id: "red-2", owner: "red", at: { x: 30, y: 30 }, hidden: true },
      { id: "red-3", owner: "red", at: { x: 30, y: 35 } },
    ]);
    const orders = fireOrders(s, "blue", new Map());
    expect(orders).toContainEqual({ type: "shoot", craft: "blue-1", target: "red-1", weapon: "missile", count: 1 });
    expect(orders).toContainEqual({ type: "shoot", craft: "blue-1", target: "red-3", weapon: "laser", count: 1 });
    expect(orders.some((o) => o.target === "red-2")).toBe(false);
  });
  it("no shot through a planet (l.872)", () => {
    const s = battle([
      { id: "blue-1", d: LANCER, at: { x: 60, y: 24 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 71, y: 24 } },
    ]);
    expect(fireOrders(s, "blue", new Map())).toEqual([]);
  });
});

describe("S4-S6, S10: fighters, tractors, nukes, repairs", () => {
  const CARRIER = design("Carrier", "vessel", ["E", "SB", "TR"]);
  const BOMBER = design("Bomber", "fighter", ["E", "EM"]);
  it("fighters aboard are launched beside their vessel, toward the enemy (l.424)", () => {
    const s = battle([
      { id: "blue-1", d: CARRIER, at: { x: 20, y: 24 } },
      { id: "blue-2", d: BOMBER, aboard: "blue-1" },
      { id: "red-1", owner: "red", at: { x: 40, y: 24 } },
    ]);
    const { orders } = fighterOrders(b(s), "blue");
    const o = orders[0];
    if (o?.type !== "launch" || !o.at) throw new Error("no launch");
    expect(distance(o.at, { x: 20, y: 24 })).toBeLessThanOrEqual(3);
    expect(o.at.x).toBeGreaterThan(20);
    const turn = turnOrders(s, "blue", rng());
    expect(turn.some((x) => x.type === "move" && x.craft === "blue-2")).toBe(true);
  });
  it("a bomber with its Expendables spent is retrieved to reload (l.424, l.651-655)", () => {
    const s = battle([
      { id: "blue-1", d: CARRIER, at: { x: 20, y: 24 } },
      { id: "blue-2", d: BOMBER, at: { x: 22, y: 24 } },
      { id: "red-1", owner: "red", at: { x: 40, y: 24 } },
    ]);
    const em = b(s).craft[1]?.modules[1];
    if (em) em.expended = true;
    expect(fighterOrders(b(s), "blue").orders).toContainEqual({ type: "retrieve", craft: "blue-2", into: "blue-1" });
  });
  it('each Tractor at an enemy fighter within 3" (l.442); a held fighter pulled aboard a Shuttle Bay (l.446)', () => {
    const s = battle([
      { id: "blue-1", d: CARRIER, at: { x: 20, y: 24 } },
      { id: "red-1", owner: "red", d: BOMBER, at: { x: 22, y: 24 } },
      { id: "red-2", owner: "red", d: BOMBER, at: { x: 20, y: 30 } },
    ]);
    expect(tractorOrders(b(s), "blue")).toEqual([{ type: "tractor", craft: "blue-1", target: "red-1" }]);
    const held = b(s).craft[1];
    if (held) held.tractoredBy = "blue-1";
    expect(fighterOrders(b(s), "blue").orders).toContainEqual({ type: "prisoner", craft: "red-1", into: "blue-1" });
  });
  it("a Nuke explodes among enemies, not among friends (l.458-462)", () => {
    const NUKE = design("Bomb", "vessel", ["E", "N"]);
    const s = battle([
      { id: "blue-1", d: NUKE, at: { x: 30, y: 24 } },
      { id: "red-1", owner: "red", d: LANCER, at: { x: 32, y: 24 } },
      { id: "red-2", owner: "red", d: LANCER, at: { x: 30, y: 26 } },
      { id: "red-3", owner: "red", d: LANCER, at: { x: 28, y: 24 } },
    ]);
    expect(nukeOrders(s, b(s), "blue")).toEqual([{ type: "nuke", craft: "blue-1" }]);
    const t = turnOrders(s, "blue", rng());
    expect(t.some((o) => o.type === "move" && o.craft === "blue-1")).toBe(false);
    const f = battle([
      { id: "blue-1", d: NUKE, at: { x: 30, y: 24 } },
      { id: "blue-2", d: STRIKER, at: { x: 32, y: 24 } },
      { id: "blue-3", d: STRIKER, at: { x: 30, y: 26 } },
      { id: "red-1", owner: "red", d: LANCER, at: { x: 28, y: 24 } },
    ]);
    expect(nukeOrders(f, b(f), "blue")).toEqual([]);
  });
  it("repairs: Engines first, then weapons (l.639-647); one order a Self-Repair die", () => {
    const REPAIRER = design("Mender", "vessel", ["L", "SR", "E", "A"]);
    const s = battle([
      { id: "blue-1", d: REPAIRER, at: { x: 20, y: 24 }, damaged: [0, 2, 3] },
      { id: "red-1", owner: "red", at: { x: 60, y: 24 } },
    ]);
    expect(repairOrders(s, b(s), "blue")).toEqual([{ type: "repair", craft: "blue-1", module: 2 }]);
  });
});

describe("S8 Ramming (l.504-516)", () => {
  const BOMB = design("Bomb", "fighter", ["E", "N"]);
  it("a fighter's Nuke rammed in (l.516): from 8\" into two enemy Gunships side by side, the blast in contact with one (2d6, l.462)", () => {
    const s = battle([
      { id: "blue-1", d: BOMB, at: { x: 20, y: 24 }, heading: 90 },
      { id: "red-1", owner: "red", d: GUNSHIP, at: { x: 28, y: 24 } },
      { id: "red-2", owner: "red", d: GUNSHIP, at: { x: 29, y: 25.5 } },
    ]);
    const bb = b(s);
    const [bomb, r1] = [bb.craft[0], bb.craft[1]];
    if (!bomb || !r1 || !isPlaced(bomb) || !isPlaced(r1)) throw new Error("no craft");
    expect(nukeRamWorth(s, bb, bomb, r1)).toBeGreaterThan(ramWorth(s, bomb, r1));
    const rams = ramOrders(s, bb, "blue", new Set());
    expect(rams).toHaveLength(1);
    expect(rams[0]?.nuke).toBe(true);
    const ram = rams[0];
    if (ram) expect(ramRuling(s, "blue", ram).ok).toBe(true);
    // Not where its own craft stand in the blast.
    const near = battle([
      { id: "blue-1", d: BOMB, at: { x: 20, y: 24 }, heading: 90 },
      { id: "blue-2", d: GUNSHIP, at: { x: 27, y: 26 } },
      { id: "blue-3", d: GUNSHIP, at: { x: 29, y: 22 } },
      { id: "red-1", owner: "red", d: DART, at: { x: 28, y: 24 } },
    ]);
    expect(ramOrders(near, b(near), "blue", new Set()).some((r) => r.nuke)).toBe(false);
  });
  it("a disarmed Dart rams an un-powered enemy Gunship: both take 2 hits (l.512); the ram moves it, not S7", () => {
    const s = battle([
      { id: "blue-1", d: DART, at: { x: 30, y: 24 }, damaged: [1] },
      { id: "red-1", owner: "red", d: GUNSHIP, at: { x: 34, y: 24 }, damaged: [0] },
    ]);
    const t = turnOrders(s, "blue", rng());
    expect(t).toContainEqual({ type: "ram", craft: "blue-1", target: "red-1", nuke: false });
    expect(t.some((o) => o.type === "move" && o.craft === "blue-1")).toBe(false);
  });
  it("a vessel never rams a powered enemy (l.508), and an armed Brawler does not trade itself for a Gunship", () => {
    const powered = battle([
      { id: "blue-1", d: DART, at: { x: 30, y: 24 }, damaged: [1] },
      { id: "red-1", owner: "red", d: GUNSHIP, at: { x: 34, y: 24 } },
    ]);
    expect(turnOrders(powered, "blue", rng()).some((o) => o.type === "ram")).toBe(false);
    const armed = battle([
      { id: "blue-1", d: BRAWLER, at: { x: 30, y: 24 } },
      { id: "red-1", owner: "red", d: GUNSHIP, at: { x: 34, y: 24 }, damaged: [0] },
    ]);
    expect(turnOrders(armed, "blue", rng()).some((o) => o.type === "ram")).toBe(false);
  });
});

describe("S3 Opt to give up (l.408-416)", () => {
  it("helpless (nothing left that can hurt the enemy) and allowed: it gives up rather than play on for ever", () => {
    const s = battle([
      { id: "blue-1", d: GUNSHIP, at: { x: 20, y: 24 }, heading: 0, damaged: [0, 1] },
      { id: "blue-2", d: DART, at: { x: 20, y: 30 }, damaged: [1] },
      { id: "red-1", owner: "red", d: GUNSHIP, at: { x: 50, y: 24 }, damaged: [1] },
    ]);
    const t = b(s).tally.blue;
    if (t) t.started = 8;
    for (let i = 0; i < 6; i++) b(s).craft.push({ ...craftOf(`blue-${i + 3}`, "blue", DART), where: { kind: "gone", how: "destroyed" } });
    expect(helpless(b(s), "blue")).toBe(true);
    expect(giveUp(s, b(s), "blue")).toBe(true);
  });
  it("only when it may (5 lost or one vessel left, C.6) and the battle is lost", () => {
    const s = battle([
      { id: "blue-1", d: LANCER, at: { x: 20, y: 24 }, damaged: [1] },
      { id: "red-1", owner: "red", at: { x: 40, y: 24 } },
      { id: "red-2", owner: "red", at: { x: 40, y: 30 } },
    ]);
    const t = b(s).tally.blue;
    if (t) t.started = 6;
    expect(mayGiveUp(s, b(s), "blue")).toBe(true);
    expect(giveUp(s, b(s), "blue")).toBe(true);
    expect(turnOrders(s, "blue", rng())).toEqual([{ type: "give-up" }]);
    if (t) t.started = 1;
    expect(mayGiveUp(s, b(s), "blue")).toBe(false);
  });
  it("not while the battle is even", () => {
    const s = battle([
      { id: "blue-1", at: { x: 20, y: 24 } },
      { id: "red-1", owner: "red", at: { x: 40, y: 24 } },
    ]);
    expect(giveUp(s, b(s), "blue")).toBe(false);
  });
});

describe("After the game (l.729-805)", () => {
  const ended = (medals: Medal[]): SpaceWarState => {
    const s = battle([
      { id: "blue-1", d: LANCER, at: { x: 20, y: 24 } },
      { id: "blue-2", d: STRIKER, at: { x: 20, y: 30 }, crew: "k1" },
      { id: "blue-3", d: STRIKER, at: { x: 20, y: 34 } },
    ]);
    const q = s.campaign.squadrons[0];
    if (q) q.crews = [{ id: "k1", name: "Old hands", medals: ["ace"] }];
    s.campaign.step = "after-game";
    s.campaign.results.push({
      game: 1,
      scenario: "squadron-action",
      winner: "blue",
      reason: "wiped out",
      turns: 5,
      medals: { blue: medals, red: [] },
    });
    return s;
  };
  it("medals to the strongest surviving craft's crew, never two of one medal (l.801)", () => {
    const orders = afterGameOrders(ended(["ace", "valour"]), "blue");
    expect(orders).toEqual([
      { type: "medal", medal: "ace", craft: "blue-3" },
      { type: "medal", medal: "valour", crew: "k1" },
    ]);
  });
  it("no vessels left, no crews left (l.733)", () => {
    const s = ended(["star"]);
    for (const c of b(s).craft) c.where = { kind: "gone", how: "destroyed" };
    expect(afterGameOrders(s, "blue")).toEqual([]);
  });
  it("a design that did badly is replaced by the next candidate (l.45)", () => {
    const s = battle([
      { id: "blue-1", d: DART, at: { x: 20, y: 24 } },
      { id: "blue-2", d: DART, at: { x: 20, y: 30 } },
      { id: "blue-3", d: STRIKER, at: { x: 20, y: 34 } },
      { id: "blue-4", d: STRIKER, at: { x: 20, y: 38 } },
      { id: "blue-5", d: LANCER, at: { x: 20, y: 38 } },
    ]);
    for (const id of ["blue-1", "blue-2"]) {
      const c = b(s).craft.find((x) => x.id === id);
      if (c) c.where = { kind: "gone", how: "destroyed" };
    }
    s.campaign.step = "after-game";
    const orders = afterGameOrders(s, "blue");
    expect(orders).toContainEqual({ type: "design", name: "Brawler", craft: "vessel", modules: ["E", "M", "M"], replaces: "Dart" });
  });
});

/** A Wall of Battle (6.0) of four: blue and green (side 1, west: planets at y 16 and 32) against red and yellow (east). */
function wallBattle(specs: Spec[]): SpaceWarState {
  const s = battle(specs);
  const four = createCampaign({ games: 1, scenario: "wall-of-battle", budget: "normal", squadrons: 4 });
  s.seats = four.seats;
  s.campaign.squadrons = four.campaign.squadrons;
  for (const q of s.campaign.squadrons) q.designs = [STRIKER, LANCER, DART];
  s.campaign.scenario = "wall-of-battle";
  s.campaign.sides = { blue: 1, green: 1, red: 2, yellow: 2 };
  const bb = b(s);
  bb.scenario = "wall-of-battle";
  bb.order = ["blue", "green", "red", "yellow"];
  bb.planets = [
    { at: { x: 6, y: 16 }, diameter: 3 },
    { at: { x: 6, y: 32 }, diameter: 3 },
    { at: { x: 66, y: 16 }, diameter: 3 },
    { at: { x: 66, y: 32 }, diameter: 3 },
  ];
  bb.homes = {
    blue: { planet: 0, edge: "west" },
    green: { planet: 1, edge: "west" },
    red: { planet: 2, edge: "east" },
    yellow: { planet: 3, edge: "east" },
  };
  const tally = (seat: string) => ({
    started: bb.craft.filter((c) => c.owner === seat).length,
    lost: 0,
    destroyed: [],
    captured: [],
    tasks: [],
  });
  bb.tally = Object.fromEntries(["blue", "green", "red", "yellow"].map((seat) => [seat, tally(seat)]));
  return s;
}

describe("6.0 Wall of Battle (l.1011-1035): facing the nearest enemy, supporting the allies", () => {
  it("green faces the enemy planet across from it (66, 32), not the first enemy home listed (red's, at y 16)", () => {
    const s = wallBattle([]);
    for (let i = 0; i < 4; i++) b(s).craft.push(craftOf(`green-${i + 1}`, "green", STRIKER));
    s.campaign.step = "deploy";
    const orders = deployOrders(s, "green");
    expect(orders).toHaveLength(4);
    for (const o of orders) {
      if (o.type !== "deploy" || !o.at) throw new Error("not placed");
      expect(angleBetween(o.heading ?? 0, bearing(o.at, { x: 66, y: 32 }))).toBeLessThanOrEqual(1);
      expect(angleBetween(o.heading ?? 0, bearing(o.at, { x: 66, y: 16 }))).toBeGreaterThan(5);
    }
    expect(enemyHome(b(s), "green")).toEqual({ x: 66, y: 32 });
    expect(enemyHome(b(s), "blue")).toEqual({ x: 66, y: 16 });
  });
  it("closes on the nearest enemy squadron's craft, never on an ally's (l.1023)", () => {
    const s = wallBattle([
      { id: "green-1", owner: "green", at: { x: 30, y: 32 }, heading: 90 },
      { id: "blue-1", owner: "blue", at: { x: 36, y: 32 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 44, y: 10 } },
      { id: "yellow-1", owner: "yellow", at: { x: 46, y: 36 } },
    ]);
    b(s).active = "green";
    const move = turnOrders(s, "green", rng()).find((o) => o.type === "move");
    if (move?.type !== "move") throw new Error("no move");
    expect(distance(move.to, { x: 46, y: 36 })).toBeLessThan(distance({ x: 30, y: 32 }, { x: 46, y: 36 }) - 4);
    expect(distance(move.to, { x: 36, y: 32 })).toBeGreaterThan(1.2);
  });
  it("focus fire on the enemy its allies are hurting: the hits blue put on a craft wait for its S1 (l.355), green adds to them", () => {
    for (const hurt of ["red-1", "red-2"]) {
      const s = wallBattle([
        { id: "green-1", owner: "green", d: GUNSHIP, at: { x: 30, y: 24 }, heading: 90 },
        { id: "green-2", owner: "green", d: GUNSHIP, at: { x: 30, y: 28 }, heading: 90 },
        { id: "red-1", owner: "red", at: { x: 36, y: 23 } },
        { id: "red-2", owner: "red", at: { x: 36, y: 29 } },
      ]);
      const t = b(s).craft.find((c) => c.id === hurt);
      if (t) {
        t.pendingHits = 2;
        t.hitBy = ["blue"];
      }
      const shots = fireOrders(s, "green", new Map());
      expect(shots.length).toBeGreaterThan(0);
      expect(shots.every((o) => o.target === hurt)).toBe(true);
    }
  });
  it("between two enemies at much the same distance, closes on the hurt one (a damaged module or hits waiting)", () => {
    const s = wallBattle([
      { id: "green-1", owner: "green", d: DART, at: { x: 30, y: 24 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 44, y: 22 } },
      { id: "red-2", owner: "red", at: { x: 44, y: 27 }, damaged: [1] },
    ]);
    const bb = b(s);
    const green = bb.craft.find((c) => c.id === "green-1");
    if (!green || !isPlaced(green)) throw new Error("no craft");
    expect(goalOf(bb, "green", green, new Map())?.toward).toEqual({ x: 44, y: 27 });
  });
  it("the orders template lists the allies' craft, known whole, as comments: never a target (l.1023)", () => {
    const s = wallBattle([
      { id: "blue-1", owner: "blue", at: { x: 20, y: 24 }, heading: 90 },
      { id: "green-1", owner: "green", at: { x: 30, y: 18 }, heading: 90, hidden: true },
      { id: "red-1", owner: "red", at: { x: 44, y: 24 } },
    ]);
    const yaml = ordersTemplate(s, "blue");
    expect(yaml).toContain("# Allied craft (green): you may not shoot, ram or tractor them (l.1023)");
    expect(yaml).toMatch(/#\s+green: green-1 .*face down at \(30(\.0)?, 18(\.0)?\)/);
    expect(yaml).not.toContain("target: green-1");
    b(s).active = "green";
    expect(ordersTemplate(s, "green")).toContain("# Allied craft (blue)");
  });
  it("an ally's line: from each armed craft of its allies to the enemy craft nearest it, within 24\"", () => {
    const s = wallBattle([
      { id: "blue-1", owner: "blue", at: { x: 20, y: 24 }, heading: 90 },
      { id: "blue-2", owner: "blue", at: { x: 10, y: 40 }, heading: 90 },
      { id: "green-1", owner: "green", at: { x: 30, y: 18 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 44, y: 24 } },
    ]);
    expect(alliesOnTable(s, b(s), "green")).toEqual({
      at: [
        { x: 20, y: 24 },
        { x: 10, y: 40 },
      ],
      lanes: [{ from: { x: 20, y: 24 }, to: { x: 44, y: 24 } }],
    });
    expect(alliesOnTable(s, b(s), "red")).toEqual({ at: [], lanes: [] });
  });
  it("keeps out of an ally's line to its target: blue shoots along (20, 24)-(44, 24); green's move at yellow-1 ends off it", () => {
    const s = wallBattle([
      { id: "green-1", owner: "green", at: { x: 30, y: 18 }, heading: 90 },
      { id: "yellow-1", owner: "yellow", at: { x: 36, y: 32 } },
    ]);
    const lanes = [{ from: { x: 20, y: 24 }, to: { x: 44, y: 24 } }];
    // Alone, green's straight 6" at yellow-1 would end on blue's line; with its allies' lines in view it ends off it.
    const alone = moveOrders(s, "green").orders[0];
    if (!alone) throw new Error("no move");
    expect(inAlliesWay(alone.to, lanes)).toBe(true);
    const move = moveOrders(s, "green", new Set(), { at: [{ x: 20, y: 24 }], lanes }).orders[0];
    if (!move) throw new Error("no move");
    expect(inAlliesWay(move.to, lanes)).toBe(false);
    expect(toSegment(move.to, { x: 20, y: 24 }, { x: 44, y: 24 })).toBeGreaterThanOrEqual(LANE_CLEARANCE);
    expect(distance({ x: 30, y: 18 }, move.to)).toBeLessThanOrEqual(6);
  });
});

/** A Convoy Escort (3.0): blue escorts (its home the west edge), red attacks; the ids in `transports` are Transports. */
function convoy(specs: Spec[], transports: string[]): SpaceWarState {
  const s = battle(specs.map((x) => (transports.includes(x.id) ? { ...x, d: TRANSPORT } : x)));
  s.campaign.scenario = "convoy-escort";
  s.campaign.roles = { blue: "escort", red: "attacker" };
  b(s).scenario = "convoy-escort";
  for (const c of b(s).craft) if (transports.includes(c.id)) c.civilian = true;
  return s;
}

describe("3.0 Convoy Escort (l.924-958): the Transports make for the exit, the attackers for the Transports", () => {
  it("the exit: the enemy's table edge within 6\" of its centre (l.942), 4\" off the centre on the Transport's side, past the planet", () => {
    const s = convoy([], []);
    expect(exitPoint(b(s), "blue", { x: 10, y: 20 })).toEqual({ x: 72 + EXIT_PAST, y: 20 });
    expect(exitPoint(b(s), "blue", { x: 10, y: 30 })).toEqual({ x: 72 + EXIT_PAST, y: 28 });
    expect(exitPoint(b(s), "red", { x: 60, y: 30 })).toEqual({ x: -EXIT_PAST, y: 28 });
  });
  it('a Transport that can reach the exit this turn leaves the table by it (12", two Engines, l.480-484)', () => {
    const s = convoy(
      [
        { id: "blue-1", at: { x: 62, y: 21 }, heading: 90 },
        { id: "red-1", owner: "red", at: { x: 20, y: 40 } },
      ],
      ["blue-1"],
    );
    expect(moveOrders(s, "blue").orders).toEqual([{ type: "move", craft: "blue-1", to: { x: 72.4, y: 20 } }]);
  });
  it("with the way clear it runs its whole move toward the exit; it does not end where enemy fire can reach it next turn", () => {
    const clearWay = convoy([{ id: "blue-1", at: { x: 10, y: 20 }, heading: 90 }], ["blue-1"]);
    const run = moveOrders(clearWay, "blue").orders[0];
    if (!run) throw new Error("no move");
    expect(distance({ x: 10, y: 20 }, run.to)).toBeGreaterThan(11);
    expect(run.to.x).toBeGreaterThan(20);
    // A Gunship at (40, 20): its 6" move and its Lasers' 12" reach 18" (l.480, l.577).
    const guarded = convoy(
      [
        { id: "blue-1", at: { x: 10, y: 20 }, heading: 90 },
        { id: "red-1", owner: "red", d: GUNSHIP, at: { x: 40, y: 20 }, heading: 270 },
      ],
      ["blue-1"],
    );
    const wary = moveOrders(guarded, "blue").orders[0];
    if (!wary) throw new Error("no move");
    expect(distance(wary.to, { x: 40, y: 20 })).toBeGreaterThan(18);
    expect(wary.to.x).toBeGreaterThan(20);
    expect(danger(b(guarded), "blue", { x: 23, y: 20 })).toBe(2);
    expect(danger(b(guarded), "blue", { x: 21, y: 20 })).toBe(0);
  });
  it("the attackers close on a Transport before a nearer escort: destroying the three wins (l.942)", () => {
    const s = convoy(
      [
        { id: "blue-1", at: { x: 36, y: 24 }, heading: 270 },
        { id: "blue-2", at: { x: 40, y: 32 }, heading: 270 },
        { id: "red-1", owner: "red", d: DART, at: { x: 30, y: 24 }, heading: 90 },
      ],
      ["blue-2"],
    );
    const red = b(s).craft.find((c) => c.id === "red-1");
    if (!red || !isPlaced(red)) throw new Error("no craft");
    expect(goalOf(b(s), "red", red, new Map())?.toward).toEqual({ x: 40, y: 32 });
  });
});

describe("Space Stations (l.716-718, l.876, l.921, l.1008, l.1050): fired at only when they are the aim", () => {
  const withStation = (): SpaceWarState => {
    const s = battle([
      { id: "blue-1", d: GUNSHIP, at: { x: 50, y: 24 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 30, y: 40 } },
    ]);
    b(s).craft.push(spaceStation("red", { x: 56, y: 24 }));
    return s;
  };
  it("without the Corporation task card a franchise destroyed strips every crew of a medal (l.1050): no shot at it", () => {
    const s = withStation();
    const station = b(s).craft.find((c) => c.station);
    if (!station) throw new Error("no station");
    expect(targetValue(s, "blue", station)).toBe(0);
    expect(fireOrders(s, "blue", new Map())).toEqual([]);
  });
  it('with the card (destroy it: the Corporation Medal, l.716-718) it fires, and closes on the station as if 3" nearer', () => {
    const s = withStation();
    const q = s.campaign.squadrons[0];
    if (q) q.cards = [{ card: "task-corporation", revealed: false, cancelled: false }];
    expect(fireOrders(s, "blue", new Map()).map((o) => o.target)).toEqual(["red-station"]);
    expect(stationAims(s, "blue")).toEqual(new Map([["red-station", STATION_PULL.task]]));
  });
  it("for the CT's the station is the game (l.921): worth the most, and it pulls their craft 10\"", () => {
    const s = withStation();
    s.campaign.scenario = "cultural-terrorists";
    s.campaign.roles = { blue: "ct", red: "squadron" };
    const station = b(s).craft.find((c) => c.station);
    if (!station) throw new Error("no station");
    expect(targetValue(s, "blue", station)).toBe(STATION_WIN_VALUE);
    expect(stationAims(s, "blue").get("red-station")).toBe(STATION_PULL.win);
  });
});

describe("normalOrders: every step, orders of the right shape", () => {
  it("the normal bot's turn: moves then shots, all valid orders, and the same known state gives the same orders", () => {
    const s = battle([
      { id: "blue-1", at: { x: 30, y: 24 }, heading: 90 },
      { id: "blue-2", d: LANCER, at: { x: 30, y: 30 }, heading: 90 },
      { id: "red-1", owner: "red", at: { x: 44, y: 24 } },
      { id: "red-2", owner: "red", at: { x: 44, y: 30 } },
    ]);
    const o = normalOrders(s, "blue", rng());
    expect(o.step).toBe(s.step);
    expect(valid(o.orders)).toBe(true);
    expect(o.orders.filter((x) => x.type === "move")).toHaveLength(2);
    expect(o.orders.some((x) => x.type === "shoot")).toBe(true);
    expect(normalOrders(s, "blue", Rng.fromSeed(99))).toEqual(o);
    expect(normalOrders(s, "red", rng()).orders).toEqual([]);
  });
});

describe("Win rates (issue 13): a single game each, against the random-legal bot (the 50-game table: bench/space-war-campaign.bench.ts)", () => {
  const SEEDS = [1, 2, 3, 4];
  it("1.0 Squadron Action as blue: wins all 4 seeded games, and none of its orders is refused", () => {
    const games = SEEDS.map((seed) => play(seed, "normal", "random"));
    expect(tally(games, "blue")).toEqual({ wins: 4, draws: 0, losses: 0, unfinished: 0 });
    expect(games.flatMap((g) => g.problems.blue ?? [])).toEqual([]);
  }, 20_000);
  it("1.0 Squadron Action as red: wins all 4 seeded games, and none of its orders is refused", () => {
    const games = SEEDS.map((seed) => play(seed, "random", "normal"));
    expect(tally(games, "red")).toEqual({ wins: 4, draws: 0, losses: 0, unfinished: 0 });
    expect(games.flatMap((g) => g.problems.red ?? [])).toEqual([]);
  }, 20_000);
  it("normal against normal: games end, no order refused, the same seed the same game", () => {
    const a = play(3, "normal", "normal");
    expect(a.finished).toBe(true);
    expect([...(a.problems.blue ?? []), ...(a.problems.red ?? [])]).toEqual([]);
    expect(play(3, "normal", "normal").state).toEqual(a.state);
  }, 20_000);
  it("2.0-5.0 on each side (the CT's and the defenders, the escort and the attackers, the machines and the humans) and 6.0's alliances: wins every seeded game (seeds 1-2; the Wall of Battle seed 1), no order refused", () => {
    const rows = matchups().filter((m) => !m.label.startsWith("1.0") && Object.values(m.lineup).includes("random"));
    expect(rows).toHaveLength(10);
    for (const m of rows)
      for (const seed of m.label.startsWith("6.0") ? [1] : [1, 2]) {
        const g = playLineup(seed, m.lineup, m.inputs);
        expect(won(m, g), `${m.label}, seed ${seed}`).toBe(true);
        const refused = Object.entries(g.problems).flatMap(([seat, ps]) => (g.bots[seat] === "normal" ? ps : []));
        expect(refused, `${m.label}, seed ${seed}`).toEqual([]);
      }
  }, 30_000);
  it("normal against normal in 2.0-5.0: the roles are the seed's, games end and no order is refused", () => {
    for (const { scenario } of SCENARIO_SIDES) {
      const g = play(1, "normal", "normal", { games: 1, scenario, budget: "normal" });
      expect(g.finished, scenario).toBe(true);
      expect([...(g.problems.blue ?? []), ...(g.problems.red ?? [])]).toEqual([]);
    }
  }, 20_000);
});
