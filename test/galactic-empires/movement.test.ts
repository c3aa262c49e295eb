/**
 * Movement Events (seed 003 chapter 4 "Movement Events", chapter 5 "Movement",
 * "Move-points", "Example Movement", "Invading", "Coordinating Movement",
 * "Transferring", "Sector Revenue", "Cloaking", and the FAQ), run through
 * runMovementEvents on a TurnContext built as runTurn builds it.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { TurnContext } from "../../src/rules/galactic-empires/context.js";
import type { BattleEvent, GeEvent, OwnershipEvent } from "../../src/rules/galactic-empires/events.js";
import { type GameState, INDEPENDENT, type Relation, relationKey } from "../../src/rules/galactic-empires/model.js";
import { runMovementEvents } from "../../src/rules/galactic-empires/movement-events.js";
import type { Order } from "../../src/rules/galactic-empires/orders.js";
import { pillageShares } from "../../src/rules/galactic-empires/pillage.js";
import { addUnit, BIRD, HAWK, KTINGA, NEGHVAR, tinyGalaxy } from "./fixtures.js";

const KRON = "klingon/kron-class-battlecruiser";
const PROBE = "borg/borg-probe";
const VORCHA = "klingon/vor-cha-battlecruiser";
const TPLANA = "vulcan/t-plana-dreadnought";
const NORWAY = "federation-a/norway-class-destroyer";

function setRelation(state: GameState, a: string, b: string, r: Relation): void {
  state.relations[relationKey(a, b)] = r;
}

/**
 * Run Movement Events. Transfer orders are put on the pending list as First
 * Events leaves them ("Same Location Transfers Occur" happen in phase 1's
 * "Transfers Happen" here, before anything moves, which comes to the same).
 */
function movement(state: GameState, orders: Record<string, Order[]>, seed = 1): TurnContext {
  const ctx = new TurnContext(state, orders, Rng.fromSeed(seed));
  for (const list of ctx.orders.values()) {
    for (const io of list) if (io.order.type === "transfer" || io.order.type === "transferAdmiral") ctx.pendingTransfers.push(io);
  }
  runMovementEvents(ctx);
  return ctx;
}

const problems = (ctx: TurnContext, empire: string) => ctx.problems[empire] ?? [];
const codes = (ctx: TurnContext, empire: string) => problems(ctx, empire).map((p) => p.code);
const messages = (ctx: TurnContext, empire: string) =>
  ctx.events.filter((e): e is Extract<GeEvent, { kind: "message" }> => e.kind === "message" && (e.to === "all" || e.to.includes(empire)));
const battles = (ctx: TurnContext) => ctx.events.filter((e): e is BattleEvent => e.kind === "battle");
const ownerships = (ctx: TurnContext) => ctx.events.filter((e): e is OwnershipEvent => e.kind === "ownership");
const mp = (ctx: TurnContext, id: string) => {
  const u = ctx.state.units[id];
  if (!u) throw new Error(`no unit ${id}`);
  return ctx.movePoints(u);
};

const travel = (unit: string, to: number): Order => ({ type: "travel", unit, to });
const wait = (unit: string): Order => ({ type: "wait", unit });
const pillage = (unit: string, sector?: number): Order =>
  sector === undefined ? { type: "pillage", unit } : { type: "pillage", unit, sector };
const transfer = (from: string, to: string, starship: string, count: number): Order => ({
  type: "transfer",
  from,
  to,
  starship,
  count,
  rank: 1,
});

describe("chapter 5 'Example Movement'", () => {
  it("'The Cosmic Raiders': slow ships transferred out, 1 into an own sector, 2 into an enemy one, 0 left", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    // "One type has 3 Move-points, but the second only has 2 Move-points."
    addUnit(s, "A1", "alpha", 1, [
      [NEGHVAR, 2],
      [HAWK, 2],
    ]);
    addUnit(s, "A2", "alpha", 1, [[HAWK, 1]]);
    const before = new TurnContext(structuredClone(s), {}, Rng.fromSeed(1));
    expect(before.movePoints(before.state.units.A1!)).toBe(2);
    const ctx = movement(s, { alpha: [transfer("A1", "A2", HAWK, 2), travel("A1", 2), travel("A1", 3)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    expect(ctx.state.units.A1?.sector).toBe(3);
    expect(ctx.state.units.A2?.ships.reduce((n, x) => n + x.count, 0)).toBe(3);
    const texts = messages(ctx, "alpha").map((m) => `${m.step}: ${m.text}`);
    expect(texts).toContain("Phase 1: Starfleets Travel: A1 travelled from 1 Sector 1 to 2 Sector 2 (cost 1; 2 move points left)");
    expect(texts).toContain("Phase 2: Starfleets Travel: A1 travelled from 2 Sector 2 to 3 Sector 3 (cost 2; 0 move points left)");
    expect(mp(ctx, "A1")).toBe(0);
  });

  it("'Example 2': Starfleet A moves twice, then transfers the slow pokes to B, which then has 0", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [
      [NEGHVAR, 2],
      [HAWK, 2],
    ]);
    addUnit(s, "A2", "alpha", 3, [[NEGHVAR, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 2), travel("A1", 3), transfer("A1", "A2", HAWK, 2)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    // "Starfleet A will now have (3-2) =1 Move-point to move. Starfleet B will have 0 Move-points".
    expect(mp(ctx, "A1")).toBe(1);
    expect(mp(ctx, "A2")).toBe(0);
    const done = messages(ctx, "alpha").find((m) => m.text.startsWith("2 Hawk Heavy Cruiser transferred"));
    expect(done?.step).toBe("Phase 3: Transfers Happen");
  });
});

describe("chapter 5 'Move-points'", () => {
  it("'Receiving Transferred Starships': Unit A moves 1, transfers a 3-move ship to B (2 move points): B keeps 2", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 2]]);
    addUnit(s, "A2", "alpha", 2, [[HAWK, 3]]);
    const ctx = movement(s, { alpha: [travel("A1", 2), transfer("A1", "A2", NEGHVAR, 1)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    // "The starship will have 3-1=2 Move-points ... This will not decrease Unit B's Move-points".
    expect(mp(ctx, "A2")).toBe(2);
    expect(ctx.state.units.A2?.ships.find((x) => x.type === NEGHVAR)?.used).toBe(1);
  });

  it("'Another example': Starfleet A invades using 2, transfers a light starship to B: Starfleet B reduced to 1", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 1, [
      [NEGHVAR, 1],
      [BIRD, 1],
    ]);
    // "Starfleet B has only used 1 Move-point up to now, and has ships with 3 Move-points".
    addUnit(s, "A2", "alpha", 2, [[NEGHVAR, 1, 1, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 2), transfer("A1", "A2", BIRD, 1)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    expect(mp(ctx, "A1")).toBe(1);
    expect(mp(ctx, "A2")).toBe(1);
  });

  it("rule 3: a sector conquered this turn costs 2 for the rest of the turn, for everyone", () => {
    const s = tinyGalaxy({ owners: { 1: "beta", 2: "alpha" }, empires: ["alpha", "beta", "gamma"] });
    setRelation(s, "alpha", "beta", "war");
    s.empires.beta!.toward.gamma = { accept: true, passage: true, share: false };
    addUnit(s, "B1", "beta", 1, [[NEGHVAR, 1]]);
    addUnit(s, "B2", "beta", 1, [[NEGHVAR, 1]]);
    addUnit(s, "C1", "gamma", 1, [[NEGHVAR, 1]]);
    const ctx = movement(s, {
      beta: [travel("B1", 2), wait("B2"), travel("B2", 2)],
      gamma: [wait("C1"), travel("C1", 2)],
    });
    expect(ownerships(ctx)).toMatchObject([{ sector: 2, from: "alpha", owner: "beta", step: "Phase 1: Sector Ownership Changes" }]);
    expect(ctx.changedOwner.has(2)).toBe(true);
    // Beta now owns it and gamma has Passage Rights from beta, yet both pay 2.
    expect(mp(ctx, "B2")).toBe(1);
    expect(mp(ctx, "C1")).toBe(1);
  });

  it("'Waiting': the first wait is free, every later one costs 1", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 1]]);
    const ctx = movement(s, { alpha: [wait("A1"), wait("A1"), wait("A1"), wait("A1"), wait("A1")] });
    expect(mp(ctx, "A1")).toBe(0);
    expect(codes(ctx, "alpha")).toEqual(["not-enough-move-points"]);
  });

  it("'One Move-point is not enough to get you into an enemy sector': the unit stops and later moves are dropped", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "beta", 4: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 1, [[HAWK, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 2), travel("A1", 3), travel("A1", 4)] });
    expect(ctx.state.units.A1?.sector).toBe(2);
    expect(codes(ctx, "alpha")).toEqual(["not-enough-move-points", "unit-stopped"]);
    expect(problems(ctx, "alpha")[0]?.message).toContain("needs 2 move points");
    expect(problems(ctx, "alpha")[0]?.message).toContain("has 1 left");
  });
});

describe("chapter 4 'Phases' and chapter 5 'Coordinating Movement'", () => {
  it("'Another example': the near fleet waits free, the far fleet moves, both attack in phase 2", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "beta" }, borders: [[1, 2]] });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 2, [[HAWK, 2]]); // nearest
    addUnit(s, "A2", "alpha", 1, [[NEGHVAR, 2]]); // farthest
    const ctx = movement(s, { alpha: [wait("A1"), travel("A1", 3), travel("A2", 2), travel("A2", 3)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    const arrivals = messages(ctx, "alpha").filter((m) => m.text.includes("to 3 Sector 3"));
    expect(arrivals.map((m) => m.step)).toEqual(["Phase 2: Starfleets Travel", "Phase 2: Starfleets Travel"]);
    // "Phase 1: Nearest stays where it is (no cost), Farthest moves (cost of 1)
    //  Phase 2: Nearest starfleet attacks (2 move points used), Farthest attacks (2 move points used)".
    expect(ctx.state.units.A1?.ships[0]?.used).toBe(2);
    expect(ctx.state.units.A2?.ships[0]?.used).toBe(3);
  });

  it("'Another example': ... and both will be in the battle", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 2, [[HAWK, 2]]);
    addUnit(s, "A2", "alpha", 1, [[NEGHVAR, 2]]);
    addUnit(s, "G3", "beta", 3, [[KTINGA, 1]]);
    const ctx = movement(s, { alpha: [wait("A1"), travel("A1", 3), travel("A2", 2), travel("A2", 3)] });
    const b = battles(ctx);
    expect(b).toHaveLength(1);
    expect(b[0]?.step).toBe("Phase 2: Space Battles are Fought");
    expect(b[0]?.report.units.map((u) => u.id).sort()).toEqual(["A1", "A2", "G3"]);
    expect(b[0]?.to).toEqual(["alpha", "beta"]);
  });

  it("chapter 4 'Phases': orders repeat phase after phase, then one extra phase; the phase limit stops runaway orders", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha", 5: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 1]]);
    addUnit(s, "A2", "alpha", 5, [[HAWK, 1]]);
    // A transfer that never meets fails at the end of the last phase, which shows its number.
    const ctx = movement(s, { alpha: [travel("A1", 2), travel("A1", 3), travel("A1", 4), transfer("A1", "A2", NEGHVAR, 1)] });
    expect(ctx.state.units.A1?.sector).toBe(4);
    expect(messages(ctx, "alpha").map((m) => m.step)).toEqual([
      "Phase 1: Starfleets Travel",
      "Phase 2: Starfleets Travel",
      "Phase 3: Starfleets Travel",
    ]);
    expect(ctx.events.find((e) => e.kind === "problem")?.step).toBe("Phase 4: Movement Events Repeat");

    const s2 = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha" } });
    s2.settings.maxPhases = 2;
    addUnit(s2, "A1", "alpha", 1, [[NEGHVAR, 1]]);
    const ctx2 = movement(s2, { alpha: [travel("A1", 2), travel("A1", 3), travel("A1", 4)] });
    expect(ctx2.state.units.A1?.sector).toBe(3);
    expect(codes(ctx2, "alpha")).toEqual(["phase-limit"]);
  });
});

describe("chapter 5 'Movement': adjacency, barriers and permission", () => {
  it("'Locations Must Be Adjacent ... Barriers prevent movement'", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 3: "alpha" }, borders: [[1, 3, true]] });
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 3), travel("A1", 5)] });
    expect(ctx.state.units.A1?.sector).toBe(1);
    expect(codes(ctx, "alpha")).toEqual(["not-adjacent", "not-adjacent"]);
    expect(problems(ctx, "alpha")[0]?.message).toContain("barrier");
    expect(problems(ctx, "alpha")[1]?.message).toContain("it can travel to 2 Sector 2");
  });

  it("'Permission': without Permission a non-enemy sector refuses entry; the FAQ 'bounce' leaves later orders to run", () => {
    const s = tinyGalaxy({ owners: { 1: "beta", 2: "alpha", 3: "alpha" } });
    addUnit(s, "A1", "alpha", 2, [[NEGHVAR, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 1), travel("A1", 3)] });
    expect(codes(ctx, "alpha")).toEqual(["refused-entry"]);
    expect(ctx.events.find((e) => e.kind === "problem")?.step).toBe("Phase 1: Starfleets Travel");
    // "All orders you give will be followed": the next order runs in the next phase.
    const moved = messages(ctx, "alpha").find((m) => m.text.includes("to 3 Sector 3"));
    expect(moved?.step).toBe("Phase 2: Starfleets Travel");
    expect(ctx.state.units.A1?.sector).toBe(3);
    expect(mp(ctx, "A1")).toBe(2);
  });

  it("'Permission': Passage Rights let you in for 1, war lets you in for 2", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta", 3: "gamma" }, empires: ["alpha", "beta", "gamma"], borders: [[1, 3]] });
    s.empires.beta!.toward.alpha = { accept: true, passage: true, share: false };
    setRelation(s, "alpha", "gamma", "war");
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 1]]);
    addUnit(s, "A2", "alpha", 1, [[NEGHVAR, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 2), travel("A2", 3)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    expect(mp(ctx, "A1")).toBe(2);
    expect(mp(ctx, "A2")).toBe(1);
  });

  it("chapter 4 'Starfleets Travel': with Special Permission from an independent sector the move is peaceful", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    s.sectors[1]!.permission = ["alpha"];
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 3]]);
    addUnit(s, "G2", INDEPENDENT, 2, [[KTINGA, 5]]);
    const ctx = movement(s, { alpha: [travel("A1", 2)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    expect(mp(ctx, "A1")).toBe(2);
    expect(battles(ctx)).toEqual([]);
    expect(ctx.state.sectors[1]?.owner).toBe(INDEPENDENT);
  });

  it("chapter 5 'Units': garrisons cannot travel", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "G1", "alpha", 1, [[NEGHVAR, 1]]);
    const ctx = movement(s, { alpha: [travel("G1", 2)] });
    expect(codes(ctx, "alpha")).toEqual(["garrison-cannot-travel"]);
    expect(ctx.state.units.G1?.sector).toBe(1);
  });
});

describe("chapter 4 'Sector Ownership Changes'", () => {
  it("'nine weak starships beat eight strong ones': Federation, not Vulcan, takes Ro' Schala", () => {
    const s = tinyGalaxy({ empires: ["vulcan", "federation"] });
    setRelation(s, "vulcan", "federation", "alliance");
    addUnit(s, "A1", "vulcan", 2, [[TPLANA, 8]]);
    addUnit(s, "A2", "federation", 2, [[NORWAY, 9]]);
    const ctx = movement(s, {});
    expect(ctx.state.sectors[1]?.owner).toBe("federation");
    expect(ownerships(ctx)).toMatchObject([{ sector: 2, from: INDEPENDENT, owner: "federation", how: "conquest", to: "all" }]);
  });

  it("'a lone siege machine cannot conquer a sector': total combat under 10 (cloak-capable starships count a tenth)", () => {
    // Default (cloakCapable "scouts"): three Klingon Birds of Prey (Scout class, 3 x 1 x 3 = 9,
    // a tenth: 0.9) cannot take a sector; a lone Kron Class Battlecruiser (2 x 45 = 90) can.
    const scouts = tinyGalaxy({ owners: { 1: "alpha" } });
    addUnit(scouts, "A1", "alpha", 1, [[BIRD, 3]]);
    const sc = movement(scouts, { alpha: [travel("A1", 2)] });
    expect(sc.state.units.A1?.sector).toBe(2);
    expect(sc.state.sectors[1]?.owner).toBe(INDEPENDENT);
    expect(messages(sc, "alpha").filter((m) => m.text.includes("too weak"))).toHaveLength(1);
    const kron = tinyGalaxy({ owners: { 1: "alpha" } });
    addUnit(kron, "A1", "alpha", 1, [[KRON, 1]]);
    expect(movement(kron, { alpha: [travel("A1", 2)] }).state.sectors[1]?.owner).toBe("alpha");
    // With cloakCapable "all" every starship counts a tenth: the lone Kron counts 9 and cannot.
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    s.settings.cloakCapable = "all";
    addUnit(s, "A1", "alpha", 1, [[KRON, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 2)] });
    expect(ctx.state.units.A1?.sector).toBe(2);
    expect(ctx.state.sectors[1]?.owner).toBe(INDEPENDENT);
    expect(messages(ctx, "alpha").filter((m) => m.text.includes("too weak"))).toHaveLength(1);
  });

  it("conquest clears Special Permission, hands over the garrison, and makes the sector cost 2", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" }, empires: ["alpha", "beta", "gamma"] });
    setRelation(s, "alpha", "beta", "war");
    s.sectors[1]!.permission = ["gamma"];
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 1]]);
    addUnit(s, "G2", "beta", 2, []);
    const ctx = movement(s, { alpha: [travel("A1", 2)] });
    const sector = ctx.state.sectors[1]!;
    expect(sector.owner).toBe("alpha");
    expect(sector.permission).toEqual([]);
    expect(sector.annexedTo).toBe("beta");
    expect(ctx.state.units.G2?.owner).toBe("alpha");
    expect(ctx.moveCost("alpha", 2)).toBe(2);
  });

  it("chapter 2 'Breaking up with an ally': units already in an enemy sector take it in phase 1 without moving", () => {
    const s = tinyGalaxy({ owners: { 2: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 2, [[NEGHVAR, 1]]);
    const ctx = movement(s, {});
    expect(ownerships(ctx)).toMatchObject([{ sector: 2, owner: "alpha", step: "Phase 1: Sector Ownership Changes" }]);
  });

  it("neutral units in a sector never take it", () => {
    const s = tinyGalaxy({ owners: { 2: "beta" } });
    addUnit(s, "A1", "alpha", 2, [[NEGHVAR, 1]]);
    expect(movement(s, {}).state.sectors[1]?.owner).toBe("beta");
  });
});

describe("chapter 5 'Cloaking' and chapter 4 'Searches Happen'", () => {
  it("cloaked units don't fight or capture", () => {
    const s = tinyGalaxy({ owners: { 2: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 2, [[BIRD, 1]], { cloaked: true });
    addUnit(s, "A2", "alpha", 3, [[BIRD, 1]], { cloaked: true });
    // Beta holds Special Permission from independent sector 3, so its Hawk there neither fights the
    // independents nor takes the sector: only the cloaked alpha starfleet could change anything.
    s.sectors[2]!.permission = ["beta"];
    addUnit(s, "B1", "beta", 3, [[HAWK, 1]]);
    const ctx = movement(s, {});
    expect(ctx.state.sectors[1]?.owner).toBe("beta");
    expect(ctx.state.sectors[2]?.owner).toBe(INDEPENDENT);
    expect(battles(ctx)).toEqual([]);
  });

  it("'The movement costs are the same for cloaked units (2 to move into an enemy sector)'", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[BIRD, 1]], { cloaked: true });
    const ctx = movement(s, { alpha: [travel("A1", 2)] });
    expect(mp(ctx, "A1")).toBe(1);
  });

  it("'Cloaked units cannot move and uncloak themselves in the same turn'; cloaking changes once a turn", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[BIRD, 1]], { cloaked: true });
    addUnit(s, "A2", "alpha", 1, [[BIRD, 1]]);
    const ctx = movement(s, {
      alpha: [
        travel("A1", 2),
        { type: "decloak", unit: "A1" },
        travel("A2", 2),
        { type: "cloak", unit: "A2" },
        { type: "decloak", unit: "A2" },
      ],
    });
    expect(codes(ctx, "alpha")).toEqual(["moved-this-turn", "cloak-changed-this-turn"]);
    expect(ctx.state.units.A1?.cloaked).toBe(true);
    expect(ctx.state.units.A2?.cloaked).toBe(true);
    const cloaked = messages(ctx, "alpha").find((m) => m.text.startsWith("A2 cloaked"));
    expect(cloaked?.step).toBe("Phase 1: Starfleet Cloaking Changed");
  });

  it("a cloak order after a travel happens in that phase's cloaking step, so the unit avoids the battle", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 1, [[BIRD, 2]]);
    addUnit(s, "G2", "beta", 2, [[HAWK, 2]]);
    const ctx = movement(s, { alpha: [travel("A1", 2), { type: "cloak", unit: "A1" }] });
    expect(ctx.state.units.A1?.cloaked).toBe(true);
    expect(battles(ctx)).toEqual([]);
  });

  it("a defend order after a travel changes the option in that phase", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 2), { type: "defend", unit: "A1", value: false }] });
    expect(ctx.state.units.A1?.defendDefences).toBe(false);
    expect(messages(ctx, "alpha").find((m) => m.text.includes("defend"))?.step).toBe("Phase 1: Defend Sector defences Option Changed");
  });

  it("'starfleet#1 has 3 ships in it, each with a 10% chance': found with chance 1 - 0.9^3 = 27.1%", () => {
    const trials = 3000;
    let found = 0;
    for (let seed = 1; seed <= trials; seed++) {
      const s = tinyGalaxy({ owners: { 1: "alpha" } });
      addUnit(s, "A1", "alpha", 1, [[BIRD, 3]]);
      addUnit(s, "B1", "beta", 1, [[BIRD, 1]], { cloaked: true });
      const ctx = movement(s, { alpha: [{ type: "search", unit: "A1" }] }, seed);
      if (!ctx.state.units.B1?.cloaked) found++;
    }
    const p = 1 - 0.9 ** 3;
    const se = Math.sqrt((p * (1 - p)) / trials);
    // Within 4 standard errors.
    expect(Math.abs(found / trials - p)).toBeLessThan(4 * se);
  });

  it("search: a fixed seed finds the neutral scout, and it cannot cloak again that turn", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[VORCHA, 10]]); // search 47 each: 1 - 0.53^10 > 99.8%
    addUnit(s, "B1", "beta", 1, [[BIRD, 1]], { cloaked: true });
    const ctx = movement(s, { alpha: [{ type: "search", unit: "A1" }], beta: [wait("B1"), wait("B1"), { type: "cloak", unit: "B1" }] }, 7);
    expect(ctx.state.units.B1?.cloaked).toBe(false);
    expect(codes(ctx, "beta")).toEqual(["cloak-changed-this-turn"]);
    expect(messages(ctx, "beta").some((m) => m.text.includes("found by a search"))).toBe(true);
  });

  it("search never decloaks friendly or allied units, and independents never search", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = tinyGalaxy({ owners: { 1: "alpha" }, empires: ["alpha", "beta", "gamma"] });
      setRelation(s, "alpha", "beta", "alliance");
      addUnit(s, "A1", "alpha", 1, [[VORCHA, 20]]);
      addUnit(s, "A2", "alpha", 1, [[BIRD, 1]], { cloaked: true });
      addUnit(s, "B1", "beta", 1, [[BIRD, 1]], { cloaked: true });
      addUnit(s, "G2", INDEPENDENT, 2, [[VORCHA, 20]]);
      addUnit(s, "C1", "gamma", 2, [[BIRD, 1]], { cloaked: true });
      const ctx = movement(s, { alpha: [{ type: "search", unit: "A1" }], [INDEPENDENT]: [{ type: "search", unit: "G2" }] }, seed);
      expect(ctx.state.units.A2?.cloaked).toBe(true);
      expect(ctx.state.units.B1?.cloaked).toBe(true);
      expect(ctx.state.units.C1?.cloaked).toBe(true);
    }
  });

  it("FAQ 'Search takes up a whole turn': a unit that travels does not search", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[VORCHA, 20]]);
    addUnit(s, "B1", "beta", 2, [[BIRD, 1]], { cloaked: true });
    const ctx = movement(s, { alpha: [{ type: "search", unit: "A1" }, travel("A1", 2)] });
    expect(ctx.state.units.B1?.cloaked).toBe(true);
    expect(codes(ctx, "alpha")).toEqual(["did-not-search"]);
  });

  it("'if they uncloak while enemies are in the same sector, a battle will occur' (found by search, same phase)", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 1, [[VORCHA, 10]]);
    addUnit(s, "B1", "beta", 1, [[BIRD, 1]], { cloaked: true });
    const ctx = movement(s, { alpha: [{ type: "search", unit: "A1" }] }, 7);
    expect(battles(ctx)[0]?.step).toBe("Phase 1: Space Battles are Fought");
  });
});

describe("chapter 4 'Sectors are Pillaged' and chapter 5 'Sector Revenue'", () => {
  it("'Starfleet#1 gets 10/15 of the resources, and Starfleet#2 gets 5/15 ... (rounded to the nearest 1)'", () => {
    expect(pillageShares(18, [10, 5])).toEqual([12, 6]);
    expect(pillageShares(9, [10, 5])).toEqual([6, 3]);
    const s = tinyGalaxy({ owners: { 2: "alpha" } });
    s.sectors[1]!.revenue = 20;
    addUnit(s, "A1", "alpha", 2, [[KTINGA, 10]]);
    addUnit(s, "A2", "alpha", 2, [[KTINGA, 5]]);
    const ctx = movement(s, { alpha: [pillage("A1"), pillage("A2", 2)] });
    expect(problems(ctx, "alpha")).toEqual([]);
    // 20 x 90% = 18: 12 and 6.
    expect(ctx.state.empires.alpha?.treasury).toBe(118);
    const texts = messages(ctx, "alpha").map((m) => m.text);
    expect(texts.some((t) => t.startsWith("A1 pillaged 2 Sector 2 for 12 resources"))).toBe(true);
    expect(texts.some((t) => t.startsWith("A2 pillaged 2 Sector 2 for 6 resources"))).toBe(true);
    expect(ctx.pillaged.has(2)).toBe(true);
    expect(mp(ctx, "A1")).toBe(0);
  });

  it("'40*.65=26': revenue is reduced by damage, then to 90%", () => {
    const s = tinyGalaxy({ owners: { 2: "alpha" } });
    s.sectors[1]!.revenue = 40;
    s.sectors[1]!.damage = 2;
    addUnit(s, "A1", "alpha", 2, [[HAWK, 1]]);
    const ctx = movement(s, { alpha: [pillage("A1")] });
    expect(ctx.state.empires.alpha?.treasury).toBe(123); // 40 x 0.65 x 0.9 = 23.4 -> 23
  });

  it("pillage needs total combat 10, 1 move point, no cloak, the named sector, and war (not permission)", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "beta", 4: "gamma" }, empires: ["alpha", "beta", "gamma"] });
    s.empires.gamma!.toward.alpha = { accept: true, passage: true, share: false };
    addUnit(s, "A1", "alpha", 1, [[KTINGA, 1]]); // 1 x 9 = 9
    addUnit(s, "A2", "alpha", 2, [[HAWK, 1, 1, 2]]); // 0 move points left
    addUnit(s, "A3", "alpha", 2, [[BIRD, 4]], { cloaked: true });
    addUnit(s, "A4", "alpha", 3, [[HAWK, 1]]); // beta is neutral
    addUnit(s, "A5", "alpha", 4, [[HAWK, 1]]); // gamma gave Passage Rights
    addUnit(s, "A6", "alpha", 1, [[KTINGA, 2]]); // 18
    const ctx = movement(s, {
      alpha: [pillage("A1"), pillage("A2"), pillage("A3"), pillage("A4"), pillage("A5"), pillage("A6", 2), pillage("A6", 1)],
    });
    expect(codes(ctx, "alpha")).toEqual(["too-weak", "no-move-points", "cloaked", "not-at-war", "has-permission", "wrong-sector"]);
    // Both of A6's orders come up in phase 1's pillage step: the first fails, the second pillages.
    expect(messages(ctx, "alpha").find((m) => m.text.startsWith("A6 pillaged"))?.step).toBe("Phase 1: Sectors are Pillaged");
  });

  it("a sector yields its revenue once a turn: a later pillage finds nothing", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" } });
    addUnit(s, "A1", "alpha", 2, [[HAWK, 1]]);
    addUnit(s, "A2", "alpha", 1, [[NEGHVAR, 1]]);
    // A2 arrives in phase 2, after A1 pillaged in phase 1 (arriving in phase 1 it would have shared).
    const ctx = movement(s, { alpha: [pillage("A1"), wait("A2"), travel("A2", 2), pillage("A2")] });
    expect(codes(ctx, "alpha")).toEqual(["already-pillaged"]);
    expect(ctx.state.empires.alpha?.treasury).toBe(109);
  });

  it("you must be at war to pillage another player's sector; independents without permission may be pillaged", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" } });
    setRelation(s, "alpha", "beta", "war");
    // Two Borg Probes (Scout class): total combat 2 x 6 = 12 (enough to pillage), conquest combat a
    // tenth, 1.2 (too weak to take the sector).
    addUnit(s, "A1", "alpha", 2, [[PROBE, 2]]);
    addUnit(s, "B1", "beta", 3, [[PROBE, 2]]);
    const ctx = movement(s, { alpha: [pillage("A1")], beta: [pillage("B1")] });
    expect(problems(ctx, "alpha")).toEqual([]);
    expect(problems(ctx, "beta")).toEqual([]);
    expect(ctx.state.sectors[1]?.owner).toBe("beta");
    expect(ctx.state.empires.alpha?.treasury).toBe(109);
    expect(ctx.state.empires.beta?.treasury).toBe(109);
    // With Special Permission from the independent sector, no pillage.
    const s2 = tinyGalaxy({ owners: { 1: "beta" } });
    s2.sectors[2]!.permission = ["beta"];
    addUnit(s2, "B1", "beta", 3, [[KTINGA, 2]]);
    expect(codes(movement(s2, { beta: [pillage("B1")] }), "beta")).toEqual(["has-permission"]);
  });

  it("RULINGS 'Garrisons pillage': a garrison, which has no move points, may pillage its own sector", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    addUnit(s, "G1", "alpha", 1, [[HAWK, 1]]);
    const ctx = movement(s, { alpha: [pillage("G1")] });
    expect(problems(ctx, "alpha")).toEqual([]);
    expect(ctx.state.empires.alpha?.treasury).toBe(109);
  });
});

describe("chapter 5 'Transferring'", () => {
  it("'If 2 units are never in the same location at the same phase, then the transfer won't happen'", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 1]]);
    addUnit(s, "A2", "alpha", 3, [[HAWK, 1]]);
    const ctx = movement(s, { alpha: [transfer("A1", "A2", HAWK, 1), travel("A2", 2)] });
    expect(codes(ctx, "alpha")).toEqual(["never-met"]);
    expect(ctx.pendingTransfers).toEqual([]);
  });
});

describe("battles in Movement Events", () => {
  it("chapter 4 'Cross-border Battles Are Fought': the loser goes back, the winner moves on", () => {
    let sawRetreat = false;
    for (let seed = 1; seed <= 30; seed++) {
      const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" } });
      setRelation(s, "alpha", "beta", "war");
      addUnit(s, "A1", "alpha", 1, [[HAWK, 3]]);
      addUnit(
        s,
        "B1",
        "beta",
        2,
        [
          [KTINGA, 1, 1],
          [HAWK, 1, 5],
        ],
        { retreatLevel: 1 },
      );
      const ctx = movement(s, { alpha: [travel("A1", 2)], beta: [travel("B1", 1)] }, seed);
      const b = battles(ctx);
      expect(b[0]?.report.kind).toBe("cross-border");
      expect(b[0]?.step).toBe("Phase 1: Cross-border Battles Are Fought");
      expect(ctx.state.units.A1?.sector).toBe(2);
      expect(codes(ctx, "beta")).toEqual(["lost-border-battle"]);
      expect(ctx.state.units.B1?.sector ?? 2).toBe(2);
      if (problems(ctx, "beta")[0]?.message.includes("fell back to 2 Sector 2")) {
        sawRetreat = true;
        // Note 4: "Units that retreat from a cross-border battle will return to the sector from
        // where they started movement. These units will be involved in any battle in the sector".
        expect(b[1]?.report.kind).toBe("sector");
        expect(b[1]?.report.where).toBe("2 Sector 2");
        expect(b[1]?.step).toBe("Phase 1: Space Battles are Fought");
      } else {
        expect(ctx.state.units.B1).toBeUndefined();
      }
    }
    expect(sawRetreat).toBe(true);
  });

  it("chapter 5 'Move-points': 'there is no move cost for a cross-border battle' - the winner goes on with its move points", () => {
    let checked = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" } });
      setRelation(s, "alpha", "beta", "war");
      addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 3]]);
      addUnit(s, "B1", "beta", 2, [[KTINGA, 1]]);
      const ctx = movement(s, { alpha: [travel("A1", 2)], beta: [travel("B1", 1)] }, seed);
      if (battles(ctx).length !== 1) continue; // a sector battle followed in 2
      checked++;
      expect(ctx.state.units.A1?.sector).toBe(2);
      expect(mp(ctx, "A1")).toBe(1);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("chapter 6 'About Retreating': 'If following, a unit will retreat to the same location as the leading unit'", () => {
    let seen = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = tinyGalaxy({ owners: { 2: "alpha", 3: "beta", 4: "alpha" } });
      setRelation(s, "alpha", "beta", "war");
      addUnit(
        s,
        "A1",
        "alpha",
        2,
        [
          [BIRD, 1, 1],
          [HAWK, 1, 5],
        ],
        { retreatLevel: 1 },
      );
      addUnit(s, "A2", "alpha", 4, [[HAWK, 2, 5]], { follow: "A1" });
      addUnit(s, "G3", "beta", 3, [[HAWK, 3]]);
      const ctx = movement(s, { alpha: [travel("A1", 3), travel("A2", 3)] }, seed);
      if (!ctx.retreated.has("A1") || !ctx.retreated.has("A2")) continue;
      seen++;
      expect(ctx.state.units.A1?.sector).toBe(2);
      expect(ctx.state.units.A2?.sector).toBe(2);
      expect(mp(ctx, "A2")).toBe(0);
      const retreats = battles(ctx)[0]!.report.rounds.flatMap((r) => r.retreats);
      expect(retreats.every((r) => r.to === "2 Sector 2")).toBe(true);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it("chapter 6 'Siege Damage Occurs' and 'Battle Aftermath': siegecraft rises once a turn, tactics gains apply capped at 100", () => {
    let sieged = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" } });
      setRelation(s, "alpha", "beta", "war");
      s.sectors[1]!.defence = { level: 3, damage: 0 };
      s.admirals.adm1 = { id: "adm1", owner: "alpha", name: "Kor", tactics: 99, siegecraft: 50, combat: 10, hits: 1, unit: "A1" };
      addUnit(
        s,
        "A1",
        "alpha",
        1,
        [
          [KRON, 5],
          [NEGHVAR, 5],
        ],
        { admirals: ["adm1"], leader: "adm1" },
      );
      addUnit(s, "G2", "beta", 2, [[KTINGA, 3]]);
      const ctx = movement(s, { alpha: [travel("A1", 2)] }, seed);
      const report = battles(ctx)[0]!.report;
      expect(ctx.state.sectors[1]?.defence.damage).toBe(report.defence?.damageAfter);
      const hits = report.siege.reduce((n, x) => n + x.hits, 0);
      const adm = ctx.state.admirals.adm1!;
      if (hits > 0) {
        sieged++;
        expect(ctx.siegecraftRaised.has("adm1")).toBe(true);
        expect(adm.siegecraft).toBeGreaterThanOrEqual(51);
        expect(adm.siegecraft).toBeLessThanOrEqual(53);
      } else {
        expect(adm.siegecraft).toBe(50);
      }
      expect(adm.tactics).toBe(Math.min(100, 99 + (ctx.tacticsGain.get("adm1") ?? 0)));
      expect(adm.tactics).toBeLessThanOrEqual(100);
    }
    expect(sieged).toBeGreaterThan(0);
  });

  it("chapter 5 'Invading': battle on foreign soil sets move points to 0; 'Move is not lost for battles fought in your own territory'", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta", 3: "alpha" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 5]]);
    addUnit(s, "G2", "beta", 2, [[KTINGA, 1]]);
    addUnit(s, "A2", "alpha", 3, [[NEGHVAR, 5]]);
    addUnit(s, "B2", "beta", 3, [[KTINGA, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 2)] });
    expect(battles(ctx)).toHaveLength(2);
    // Every starship lost is in the ledger.
    const lost = ctx.events.filter((e) => e.kind === "ships").reduce((n, e) => n + (e.kind === "ships" ? e.delta : 0), 0);
    const left = Object.values(ctx.state.units).reduce((n, u) => n + u.ships.reduce((m, x) => m + x.count, 0), 0);
    expect(left - lost).toBe(12);
    expect(mp(ctx, "A1")).toBe(0);
    expect(mp(ctx, "A2")).toBe(3);
    expect(ctx.battles.get(2)).toBe(1);
    expect(ctx.state.sectors[1]?.owner).toBe("alpha");
  });

  it("chapter 4 'Battles Are Fought' note 1: neutral units watch", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" }, empires: ["alpha", "beta", "gamma"] });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 5]]);
    addUnit(s, "B1", "beta", 1, [[KTINGA, 1]]);
    addUnit(s, "C1", "gamma", 1, [[KTINGA, 1]]);
    const ctx = movement(s, {});
    expect(battles(ctx)[0]?.report.units.map((u) => u.id)).toEqual(["A1", "B1"]);
    expect(ctx.state.units.C1?.ships[0]?.count).toBe(1);
  });

  it("FAQ 'retreat to where it came from': 'if someone takes it over in the first phase ... you will not be able to retreat to it'", () => {
    // 1 beta - 2 alpha - 3 independent - 4 beta, and 3 - 5 alpha.
    const s = tinyGalaxy({ owners: { 1: "beta", 2: "alpha", 4: "beta", 5: "alpha" }, borders: [[3, 5]] });
    s.borders = s.borders.filter((b) => !(b.a === 4 && b.b === 5));
    setRelation(s, "alpha", "beta", "war");
    addUnit(
      s,
      "A1",
      "alpha",
      2,
      [
        [BIRD, 1, 1],
        [HAWK, 1, 5],
      ],
      { retreatLevel: 1 },
    );
    addUnit(s, "B1", "beta", 1, [[NEGHVAR, 1]]);
    addUnit(s, "B2", "beta", 4, [[HAWK, 2]]);
    let retreats = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const st = structuredClone(s);
      const ctx = movement(st, { alpha: [travel("A1", 3)], beta: [travel("B1", 2), wait("B2"), travel("B2", 3)] }, seed);
      expect(ctx.state.sectors[1]?.owner).toBe("beta");
      const A1 = ctx.state.units.A1;
      if (A1 && ctx.retreated.has("A1")) {
        retreats++;
        expect(A1.sector).toBe(5);
      }
    }
    expect(retreats).toBeGreaterThan(0);
  });

  it("chapter 4 'Battles Are Fought': a battle happens with nobody moving when enemies already share a sector", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 1, [[NEGHVAR, 5]]);
    addUnit(s, "B1", "beta", 1, [[KTINGA, 1]]);
    const ctx = movement(s, {});
    expect(battles(ctx)[0]?.step).toBe("Phase 1: Space Battles are Fought");
    const lost = ctx.events.filter((e) => e.kind === "ships");
    expect(lost.length).toBeGreaterThan(0);
  });

  it("chapter 5 'A final example': hold position, then the certain way costs 2 into the sector the Romulans took", () => {
    // Romulan (beta) 1 borders Federation (alpha) 2 and 3; the Federation fleet waits in 2.
    const s = tinyGalaxy({ owners: { 1: "beta", 2: "alpha", 3: "alpha" }, borders: [[1, 3]] });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 2, [[HAWK, 3]]);
    addUnit(s, "B1", "beta", 1, [[NEGHVAR, 2]]);
    const ctx = movement(s, { alpha: [wait("A1"), travel("A1", 3)], beta: [travel("B1", 3)] });
    expect(codes(ctx, "alpha")).toEqual([]);
    // "your foe will have invaded the other sector ... even if you recover the sector during the same turn":
    // with these dice the Federation wins the phase 2 battle and recovers it (3 Hawks count in full).
    expect(ownerships(ctx)).toMatchObject([
      { sector: 3, owner: "beta", step: "Phase 1: Sector Ownership Changes" },
      { sector: 3, from: "beta", owner: "alpha", step: "Phase 2: Sector Ownership Changes" },
    ]);
    // "you haven't used any Move-points, so you will be able to expend the required 2".
    expect(messages(ctx, "alpha").map((m) => m.text)).toContain("A1 travelled from 2 Sector 2 to 3 Sector 3 (cost 2; 0 move points left)");
    expect(battles(ctx)[0]?.step).toBe("Phase 2: Space Battles are Fought");
  });
});

describe("chapter 5 'A final example' (Romulan border)", () => {
  it("travelling back into a sector the enemy took this turn costs 2, more than a 2-move fleet has left", () => {
    const s = tinyGalaxy({ owners: { 1: "beta", 2: "alpha", 3: "alpha" } });
    setRelation(s, "alpha", "beta", "war");
    addUnit(s, "A1", "alpha", 2, [[HAWK, 1]]);
    addUnit(s, "B1", "beta", 1, [[NEGHVAR, 1]]);
    const ctx = movement(s, { alpha: [travel("A1", 3), travel("A1", 2)], beta: [travel("B1", 2)] });
    expect(ctx.state.sectors[1]?.owner).toBe("beta");
    expect(codes(ctx, "alpha")).toEqual(["not-enough-move-points"]);
    expect(problems(ctx, "alpha")[0]?.message).toContain("changed owner this turn");
    expect(ctx.state.units.A1?.sector).toBe(3);
  });
});
