/**
 * First Events (seed 003 chapter 4), chapter 2 diplomacy, chapter 5 "Transferring",
 * "Cloaking" and "Permission", chapter 7 salvage and the chapter 10 FAQ palace coup.
 * Most tests run the whole turn; those that look at the treasury or at transfers
 * still waiting run only First Events, so later steps (revenue, upkeep, movement)
 * cannot blur the figures.
 */
import { describe, expect, it } from "vitest";
import { cloneData } from "../../src/core/json.js";
import type { Problem } from "../../src/core/result.js";
import { Rng } from "../../src/core/rng.js";
import { STARSHIP_TYPES, salvageValue, shipType } from "../../src/rules/galactic-empires/catalog.js";
import { cloakProblem } from "../../src/rules/galactic-empires/cloaking.js";
import { TurnContext } from "../../src/rules/galactic-empires/context.js";
import type { GeEvent } from "../../src/rules/galactic-empires/events.js";
import { palaceCoup } from "../../src/rules/galactic-empires/first-events.js";
import { type Admiral, type GameState, relationKey, type Unit } from "../../src/rules/galactic-empires/model.js";
import type { Order } from "../../src/rules/galactic-empires/orders.js";
import { runTransfers } from "../../src/rules/galactic-empires/transfers.js";
import { FIRST_EVENTS, runTurn } from "../../src/rules/galactic-empires/turn.js";
import { addUnit, BIRD, HAWK, KTINGA, NEGHVAR, tinyGalaxy } from "./fixtures.js";

type OrdersBy = Record<string, Order[]>;

/** A galaxy where alpha owns sector 1 and beta owns sector 5 (so neither is defeated at turn end). */
function galaxy(extra: Parameters<typeof tinyGalaxy>[0] = {}): GameState {
  return tinyGalaxy({ owners: { 1: "alpha", 5: "beta" }, ...extra });
}

function turn(state: GameState, orders: OrdersBy) {
  return runTurn(state, orders, Rng.fromSeed(1));
}

/** Only the palace coup and First Events, on a copy of the state. */
function firstEvents(state: GameState, orders: OrdersBy): TurnContext {
  const ctx = new TurnContext(cloneData(state), orders, Rng.fromSeed(1));
  palaceCoup(ctx);
  for (const step of FIRST_EVENTS) {
    ctx.step = step.name;
    step.run(ctx);
  }
  return ctx;
}

const codes = (problems: Record<string, Problem[]>, empire: string): string[] => (problems[empire] ?? []).map((p) => p.code);
const messagesTo = (events: GeEvent[], empire: string): string[] =>
  events.filter((e) => e.kind === "message" && (e.to === "all" || e.to.includes(empire))).map((e) => (e.kind === "message" ? e.text : ""));

function ships(unit: Unit | undefined): [string, number, number, number][] {
  return (unit?.ships ?? []).map((s) => [s.type, s.rank, s.count, s.used]);
}

function addAdmiral(state: GameState, id: string, owner: string, unit: string): Admiral {
  const a: Admiral = { id, owner, name: `Admiral ${id}`, tactics: 10, siegecraft: 0, combat: 10, hits: 1, unit };
  state.admirals[id] = a;
  state.units[unit]?.admirals.push(id);
  return a;
}

describe("chapter 4 'War Declared' and chapter 2 'Diplomatic Relations'", () => {
  it("chapter 4 'War Declared': neutral -> war; Passage Rights and Special Permission are cancelled both ways", () => {
    const s = galaxy();
    s.empires.alpha!.toward.beta = { accept: true, passage: true, share: false };
    s.empires.beta!.toward.alpha = { accept: true, passage: true, share: false };
    s.sectors[0]!.permission = ["beta"];
    s.sectors[4]!.permission = ["alpha"];
    const r = turn(s, { alpha: [{ type: "declareWar", empire: "beta" }] });
    expect(r.state.relations[relationKey("alpha", "beta")]).toBe("war");
    expect(r.state.empires.alpha!.toward.beta!.passage).toBe(false);
    expect(r.state.empires.beta!.toward.alpha!.passage).toBe(false);
    expect(r.state.sectors[0]!.permission).toEqual([]);
    expect(r.state.sectors[4]!.permission).toEqual([]);
    expect(codes(r.problems, "alpha")).toEqual([]);
    // The target learns who declared.
    expect(messagesTo(r.events, "beta").some((t) => t.includes("Alpha declared war on Beta"))).toBe(true);
  });

  it("chapter 4 'War Declared': you can't declare war on an ally this same turn (cancel the alliance first)", () => {
    const s = galaxy();
    s.relations[relationKey("alpha", "beta")] = "alliance";
    s.empires.alpha!.toward.beta = { accept: true, passage: true, share: false };
    const r = turn(s, { alpha: [{ type: "declareWar", empire: "beta" }] });
    expect(codes(r.problems, "alpha")).toContain("allied");
    expect(r.problems.alpha?.find((p) => p.code === "allied")?.message).toMatch(/cancel the alliance/);
    expect(r.state.empires.alpha!.toward.beta!.passage).toBe(true);
    expect(r.state.relations[relationKey("alpha", "beta")]).not.toBe("war");
  });

  it("chapter 2 'Declare War': only for neutral empires — not when already at war, not on yourself or the independents", () => {
    const s = galaxy({ empires: ["alpha", "beta", "gamma"] });
    s.relations[relationKey("alpha", "beta")] = "war";
    const r = turn(s, {
      alpha: [
        { type: "declareWar", empire: "beta" },
        { type: "declareWar", empire: "alpha" },
        { type: "declareWar", empire: "independent" },
        { type: "declareWar", empire: "nobody" },
      ],
    });
    expect(codes(r.problems, "alpha")).toEqual(["already-at-war", "self", "independent", "unknown-empire"]);
    expect(r.problems.alpha?.[3]?.message).toMatch(/beta, gamma/);
  });

  it("chapter 4 'War Declared': 'Only one Empire has to do this' — both declaring the same turn is no problem", () => {
    const r = turn(galaxy(), { alpha: [{ type: "declareWar", empire: "beta" }], beta: [{ type: "declareWar", empire: "alpha" }] });
    expect(r.state.relations[relationKey("alpha", "beta")]).toBe("war");
    expect(codes(r.problems, "alpha")).toEqual([]);
    expect(codes(r.problems, "beta")).toEqual([]);
  });

  it("chapter 4 'Acceptance Changed': refuse or accept gifts from an empire", () => {
    const r = turn(galaxy(), { alpha: [{ type: "acceptance", empire: "beta", accept: false }] });
    expect(r.state.empires.alpha!.toward.beta!.accept).toBe(false);
    const r2 = turn(r.state, { alpha: [{ type: "acceptance", empire: "beta", accept: true }] });
    expect(r2.state.empires.alpha!.toward.beta!.accept).toBe(true);
  });
});

describe("chapter 4 'Passage Rights Changed'", () => {
  it("grants Passage Rights to a neutral empire and revokes them", () => {
    const r = turn(galaxy(), { alpha: [{ type: "passage", empire: "beta", grant: true }] });
    expect(r.state.empires.alpha!.toward.beta!.passage).toBe(true);
    expect(messagesTo(r.events, "beta").some((t) => t.includes("granted Passage Rights"))).toBe(true);
    const r2 = turn(r.state, { alpha: [{ type: "passage", empire: "beta", grant: false }] });
    expect(r2.state.empires.alpha!.toward.beta!.passage).toBe(false);
  });

  it("'Passage Rights Changed': not to an enemy empire (even one at war only since this turn's War Declared)", () => {
    const s = galaxy({ empires: ["alpha", "beta", "gamma"] });
    s.relations[relationKey("alpha", "beta")] = "war";
    const r = turn(s, {
      alpha: [
        { type: "passage", empire: "beta", grant: true },
        { type: "declareWar", empire: "gamma" },
        { type: "passage", empire: "gamma", grant: true },
      ],
    });
    expect(codes(r.problems, "alpha")).toEqual(["at-war", "at-war"]);
    expect(r.state.empires.alpha!.toward.beta?.passage ?? false).toBe(false);
    expect(r.state.empires.alpha!.toward.gamma?.passage ?? false).toBe(false);
  });

  it("chapter 2: grant only to one not already granted; revoke only from one granted", () => {
    const s = galaxy();
    s.empires.alpha!.toward.beta = { accept: true, passage: true, share: false };
    const r = turn(s, {
      alpha: [{ type: "passage", empire: "beta", grant: true }],
      beta: [{ type: "passage", empire: "alpha", grant: false }],
    });
    expect(codes(r.problems, "alpha")).toEqual(["already-granted"]);
    expect(codes(r.problems, "beta")).toEqual(["not-granted"]);
  });
});

describe("chapter 4 'Special Permission Changed' and chapter 5 'Permission'", () => {
  it("grants and revokes Special Permission for one sector you own; not for a sector you don't own; not to an enemy", () => {
    const s = galaxy({ empires: ["alpha", "beta", "gamma"], owners: { 1: "alpha", 2: "alpha", 5: "beta" } });
    s.relations[relationKey("alpha", "gamma")] = "war";
    s.sectors[1]!.permission = ["beta"];
    const r = turn(s, {
      alpha: [
        { type: "permission", sector: 1, empire: "beta", grant: true },
        { type: "permission", sector: 2, empire: "beta", grant: false },
        { type: "permission", sector: 5, empire: "beta", grant: true },
        { type: "permission", sector: 1, empire: "gamma", grant: true },
      ],
    });
    expect(r.state.sectors[0]!.permission).toEqual(["beta"]);
    expect(r.state.sectors[1]!.permission).toEqual([]);
    expect(codes(r.problems, "alpha")).toEqual(["not-your-sector", "at-war"]);
  });

  it("chapter 5 'Permission': request Special Permission from an independent sector, paying independentPermissionCostFactor x revenue", () => {
    const s = galaxy({ treasury: 100 });
    s.sectors[2]!.revenue = 12;
    const ctx = firstEvents(s, { alpha: [{ type: "requestPermission", sector: 3 }] });
    expect(ctx.state.sectors[2]!.permission).toEqual(["alpha"]);
    expect(ctx.state.empires.alpha!.treasury).toBe(100 - 2 * 12);
    expect(ctx.hasPermission("alpha", 3)).toBe(true);
    expect(ctx.hostileIn("alpha", "independent", 3)).toBe(false);
  });

  it("chapter 5 'Permission': the request fails, costing nothing, when unaffordable (with the figures) or not independent", () => {
    const s = galaxy({ treasury: 15 });
    const ctx = firstEvents(s, {
      alpha: [
        { type: "requestPermission", sector: 3 },
        { type: "requestPermission", sector: 5 },
      ],
    });
    expect(codes(ctx.problems, "alpha")).toEqual(["cannot-afford", "not-independent"]);
    expect(ctx.problems.alpha?.[0]?.message).toMatch(/costs 20 .*holds 15/);
    expect(ctx.state.empires.alpha!.treasury).toBe(15);
    expect(ctx.state.sectors[2]!.permission).toEqual([]);
  });

  it("chapter 3 'Permission': withdrawing Special Permission from an independent sector lets you invade it", () => {
    const s = galaxy();
    s.sectors[2]!.permission = ["alpha", "beta"];
    const ctx = firstEvents(s, {
      alpha: [
        { type: "withdrawPermission", sector: 3 },
        { type: "withdrawPermission", sector: 4 },
      ],
    });
    expect(ctx.state.sectors[2]!.permission).toEqual(["beta"]);
    expect(ctx.hostileIn("alpha", "independent", 3)).toBe(true);
    expect(codes(ctx.problems, "alpha")).toEqual(["not-granted"]);
  });
});

describe("chapter 4 'New Starfleets Formed'", () => {
  it("forms an empty starfleet at the unit's location: retreat level 5, not defending, not cloaked, 'Starfleet #N'", () => {
    const s = galaxy();
    addUnit(s, "G1", "alpha", 1, [[HAWK, 5]]);
    const ctx = firstEvents(s, { alpha: [{ type: "formFleet", ref: "new1", at: "G1" }] });
    const u = ctx.state.units.A100;
    expect(u).toMatchObject({
      kind: "starfleet",
      owner: "alpha",
      sector: 1,
      name: "Starfleet #1",
      ships: [],
      retreatLevel: 5,
      defendDefences: false,
      cloaked: false,
      follow: null,
    });
    expect(ctx.state.nextUnit).toBe(101);
    expect(ctx.state.empires.alpha!.nextFleetNumber).toBe(2);
  });

  it("'Starfleets formed can have starships ... transferred into them, and can be given orders the same turn': transfer from a garrison into new1", () => {
    const s = galaxy();
    addUnit(s, "G1", "alpha", 1, [[HAWK, 5]]);
    const r = turn(s, {
      alpha: [
        { type: "formFleet", ref: "new1", at: "G1", name: "Strike Group" },
        { type: "transfer", from: "G1", to: "new1", starship: HAWK, count: 3, rank: 2 },
        { type: "retreatLevel", unit: "new1", level: 2 },
        { type: "defend", unit: "new1", value: true },
      ],
    });
    expect(codes(r.problems, "alpha")).toEqual([]);
    const u = r.state.units.A100!;
    expect(u.name).toBe("Strike Group");
    expect(u.retreatLevel).toBe(2);
    expect(u.defendDefences).toBe(true);
    expect(u.ships.map((x) => [x.type, x.rank, x.count])).toEqual([[HAWK, 2, 3]]);
    expect(r.state.units.G1!.ships.map((x) => x.count)).toEqual([2]);
  });

  it("'Each Empire can have only 99 starfleets', counting those it already has", () => {
    const s = galaxy();
    for (let i = 1; i <= 98; i++) addUnit(s, `A${i}`, "alpha", 1, []);
    const ctx = firstEvents(s, {
      alpha: [
        { type: "formFleet", ref: "a", at: "A1" },
        { type: "formFleet", ref: "b", at: "A1" },
      ],
    });
    expect(Object.values(ctx.state.units).filter((u) => u.owner === "alpha" && u.kind === "starfleet")).toHaveLength(99);
    expect(codes(ctx.problems, "alpha")).toEqual(["starfleet-limit"]);
    expect(ctx.problems.alpha?.[0]?.message).toMatch(/99/);
  });

  it("refs must be unique and must not look like unit ids; `at` must be your unit", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, []);
    addUnit(s, "B1", "beta", 5, []);
    const ctx = firstEvents(s, {
      alpha: [
        { type: "formFleet", ref: "x", at: "A1" },
        { type: "formFleet", ref: "x", at: "A1" },
        { type: "formFleet", ref: "A7", at: "A1" },
        { type: "formFleet", ref: "y", at: "B1" },
      ],
    });
    expect(codes(ctx.problems, "alpha")).toEqual(["duplicate-ref", "bad-ref", "not-your-unit"]);
    expect(ctx.refs.get("alpha")?.get("x")).toBe("A100");
  });
});

describe("chapter 4 'Various Administrative Actions Performed'", () => {
  it("retreat level, follow, leader, names; garrisons never retreat and always defend", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[HAWK, 1]]);
    addUnit(s, "A2", "alpha", 1, [[HAWK, 1]]);
    addUnit(s, "G1", "alpha", 1, [[HAWK, 1]]);
    addAdmiral(s, "D1", "alpha", "A1");
    addAdmiral(s, "D2", "alpha", "A2");
    const r = turn(s, {
      alpha: [
        { type: "retreatLevel", unit: "A1", level: 3 },
        { type: "follow", unit: "A2", leader: "A1" },
        { type: "follow", unit: "A1", leader: "A2" },
        { type: "follow", unit: "A1", leader: "A1" },
        { type: "leader", unit: "A1", admiral: "D1" },
        { type: "leader", unit: "A1", admiral: "D2" },
        { type: "rename", unit: "A1", name: "Home Fleet" },
        { type: "renameAdmiral", admiral: "D1", name: "Martok" },
        { type: "renameRuler", name: "Gowron" },
        { type: "retreatLevel", unit: "G1", level: 2 },
        { type: "follow", unit: "G1", leader: "A1" },
        { type: "defend", unit: "G1", value: false },
      ],
    });
    const a1 = r.state.units.A1!;
    expect(a1.retreatLevel).toBe(3);
    expect(a1.leader).toBe("D1");
    expect(a1.name).toBe("Home Fleet");
    expect(a1.follow).toBeNull();
    expect(r.state.units.A2!.follow).toBe("A1");
    expect(r.state.admirals.D1!.name).toBe("Martok");
    expect(r.state.empires.alpha!.ruler).toBe("Gowron");
    expect(codes(r.problems, "alpha")).toEqual([
      "follow-cycle",
      "follow-self",
      "admiral-not-in-unit",
      "garrison-never-retreats",
      "garrison-never-retreats",
      "garrison-always-defends",
    ]);
  });

  it("a defend order placed after the unit's travel is left for Movement Events", () => {
    const s = galaxy({ owners: { 1: "alpha", 2: "alpha", 5: "beta" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 1]], { defendDefences: true });
    const ctx = firstEvents(s, {
      alpha: [
        { type: "travel", unit: "A1", to: 2 },
        { type: "defend", unit: "A1", value: false },
      ],
    });
    expect(ctx.state.units.A1!.defendDefences).toBe(true);
  });
});

describe("chapter 4 'Starfleets Change Cloaking' and chapter 5 'Cloaking'", () => {
  it("chapter 5 'Cloaking': a starfleet can only change its cloaking one time per turn", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[BIRD, 2]]);
    const r = turn(s, {
      alpha: [
        { type: "cloak", unit: "A1" },
        { type: "decloak", unit: "A1" },
      ],
    });
    expect(r.state.units.A1!.cloaked).toBe(true);
    expect(codes(r.problems, "alpha")).toEqual(["cloak-changed-this-turn"]);
  });

  it("chapter 4 'Cloak Unit': not if the weight is more than 10 times the storage (build cost against upkeep)", () => {
    const s = galaxy();
    // The weight limit matters when heavy types may cloak: cloakCapable "all" (with the default
    // "scouts" only Scout-class units cloak, and a scout alone is never too heavy).
    s.settings.cloakCapable = "all";
    // Two Hawks: build 24 against upkeep 2 -> 24 > 20, too heavy.
    addUnit(s, "A1", "alpha", 1, [[HAWK, 2]]);
    // Two Hawks and four Birds of Prey: build 24 + 12 = 36 against 10 x (2 + 1.6) = 36, allowed.
    addUnit(s, "A2", "alpha", 1, [
      [HAWK, 2],
      [BIRD, 4],
    ]);
    // Two Hawks and three Birds: 33 > 10 x 3.2 = 32, too heavy.
    addUnit(s, "A3", "alpha", 1, [
      [HAWK, 2],
      [BIRD, 3],
    ]);
    const r = turn(s, {
      alpha: [
        { type: "cloak", unit: "A1" },
        { type: "cloak", unit: "A2" },
        { type: "cloak", unit: "A3" },
      ],
    });
    expect(r.state.units.A1!.cloaked).toBe(false);
    expect(r.state.units.A2!.cloaked).toBe(true);
    expect(r.state.units.A3!.cloaked).toBe(false);
    expect(codes(r.problems, "alpha")).toEqual(["too-heavy-to-cloak", "too-heavy-to-cloak"]);
    expect(r.problems.alpha?.[0]?.message).toMatch(/24 .*storage \(total upkeep 2\) = 20/);
  });

  it("chapter 3 'Cloak Unit': starfleets only, all starships cloak-capable, not already cloaked; decloak only when cloaked", () => {
    const s = galaxy();
    s.settings.cloakCapable = "scouts";
    addUnit(s, "A1", "alpha", 1, [
      [BIRD, 4],
      [KTINGA, 1],
    ]);
    addUnit(s, "A2", "alpha", 1, [[BIRD, 1]], { cloaked: true });
    addUnit(s, "A3", "alpha", 1, [[BIRD, 1]]);
    addUnit(s, "G1", "alpha", 1, [[BIRD, 1]]);
    addUnit(s, "A4", "alpha", 1, []);
    const ctx = firstEvents(s, {
      alpha: [
        { type: "cloak", unit: "A1" },
        { type: "cloak", unit: "A2" },
        { type: "decloak", unit: "A3" },
        { type: "cloak", unit: "G1" },
        { type: "cloak", unit: "A4" },
      ],
    });
    expect(codes(ctx.problems, "alpha")).toEqual([
      "cannot-cloak",
      "already-cloaked",
      "not-cloaked",
      "garrison-cannot-cloak",
      "no-starships",
    ]);
    expect(ctx.problems.alpha?.[0]?.message).toMatch(/K'Tinga/);
    // The shared helper answers the same for the movement phases.
    expect(cloakProblem(ctx, ctx.state.units.A3!, true)).toBeNull();
  });

  it("a cloak order after the unit's first travel is not a First Event", () => {
    const s = galaxy({ owners: { 1: "alpha", 2: "alpha", 5: "beta" } });
    addUnit(s, "A1", "alpha", 1, [[BIRD, 1]]);
    const ctx = firstEvents(s, {
      alpha: [
        { type: "travel", unit: "A1", to: 2 },
        { type: "cloak", unit: "A1" },
      ],
    });
    expect(ctx.state.units.A1!.cloaked).toBe(false);
    expect(ctx.cloakChanged.size).toBe(0);
    expect(codes(ctx.problems, "alpha")).toEqual([]);
  });
});

describe("chapter 5 'Transferring' and chapter 4 'Same Location Transfers Occur'", () => {
  it("starships are taken from the lowest ranks of the sender, placed into the chosen rank, and carry their used move points", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [
      [HAWK, 2, 1, 1],
      [HAWK, 4, 3, 0],
    ]);
    addUnit(s, "A2", "alpha", 1, [[BIRD, 2, 1, 0]]);
    const ctx = firstEvents(s, { alpha: [{ type: "transfer", from: "A1", to: "A2", starship: HAWK, count: 3, rank: 5 }] });
    expect(ships(ctx.state.units.A1)).toEqual([[HAWK, 3, 3, 0]]);
    expect(ships(ctx.state.units.A2)).toEqual([
      [BIRD, 1, 2, 0],
      [HAWK, 5, 1, 0],
      [HAWK, 5, 2, 1],
    ]);
    // Chapter 5 "Move Cost": the received Hawks (2 move, 1 used) slow A2 to 1 move point.
    expect(ctx.movePoints(ctx.state.units.A2!)).toBe(1);
    expect(ctx.pendingTransfers).toEqual([]);
  });

  it("a sender with fewer starships than ordered transfers what it has and the shortfall is reported", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[HAWK, 4]]);
    addUnit(s, "G1", "alpha", 1, []);
    const r = turn(s, { alpha: [{ type: "transfer", from: "A1", to: "G1", starship: HAWK, count: 10, rank: 1 }] });
    expect(r.state.units.G1!.ships.map((x) => x.count)).toEqual([4]);
    expect(codes(r.problems, "alpha")).toEqual(["fewer-starships"]);
    expect(r.problems.alpha?.[0]?.message).toMatch(/only 4 .* of the 10/);
  });

  it("a type the sender does not hold fails, naming the types it holds", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[HAWK, 4]]);
    addUnit(s, "A2", "alpha", 1, []);
    const ctx = firstEvents(s, {
      alpha: [
        { type: "transfer", from: "A1", to: "A2", starship: NEGHVAR, count: 1, rank: 1 },
        { type: "transfer", from: "A1", to: "A2", starship: "klingon/no-such-ship", count: 1, rank: 1 },
        { type: "transfer", from: "A1", to: "A1", starship: HAWK, count: 1, rank: 1 },
      ],
    });
    expect(codes(ctx.problems, "alpha")).toEqual(["no-starships", "unknown-starship-type", "same-unit"]);
    expect(ctx.problems.alpha?.[0]?.message).toMatch(/holds 4 Hawk Heavy Cruiser/);
  });

  it("admirals and starships are never given to another empire's unit", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[HAWK, 4]]);
    addUnit(s, "B1", "beta", 1, []);
    s.relations[relationKey("alpha", "beta")] = "alliance";
    addAdmiral(s, "D1", "alpha", "A1");
    const r = turn(s, {
      alpha: [
        { type: "transferAdmiral", admiral: "D1", to: "B1" },
        { type: "transfer", from: "A1", to: "B1", starship: HAWK, count: 2, rank: 1 },
      ],
    });
    // The answer a missing unit gets: it never says whose B1 is (RULINGS.md, "Orders naming units you cannot see").
    expect(codes(r.problems, "alpha")).toEqual(["not-your-unit", "not-your-unit"]);
    expect(r.problems.alpha?.[0]?.message).toMatch(/can only be transferred to units you own/);
    expect(r.state.admirals.D1!.unit).toBe("A1");
    expect(r.state.units.B1!.ships).toEqual([]);
  });

  it("admirals move between units of one place; a transferred leader no longer leads the old unit", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[HAWK, 1]], { leader: "D1" });
    addUnit(s, "G1", "alpha", 1, []);
    addAdmiral(s, "D1", "alpha", "A1");
    const ctx = firstEvents(s, { alpha: [{ type: "transferAdmiral", admiral: "D1", to: "G1" }] });
    expect(ctx.state.units.A1!.admirals).toEqual([]);
    expect(ctx.state.units.A1!.leader).toBeNull();
    expect(ctx.state.units.G1!.admirals).toEqual(["D1"]);
    expect(ctx.state.admirals.D1!.unit).toBe("G1");
  });

  it("chapter 5 'Cloaked Units': a cloaked unit neither gives nor receives; the transfer waits — decloak first and it happens", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[BIRD, 3]], { cloaked: true });
    addUnit(s, "A2", "alpha", 1, []);
    addUnit(s, "A3", "alpha", 1, [[BIRD, 3]]);
    addUnit(s, "A4", "alpha", 1, [], { cloaked: true });
    const order = (from: string, to: string): Order => ({ type: "transfer", from, to, starship: BIRD, count: 1, rank: 1 });
    const waiting = firstEvents(s, { alpha: [order("A1", "A2"), order("A3", "A4")] });
    expect(waiting.pendingTransfers.map((io) => io.index)).toEqual([0, 1]);
    expect(waiting.state.units.A2!.ships).toEqual([]);
    expect(waiting.state.units.A4!.ships).toEqual([]);
    expect(codes(waiting.problems, "alpha")).toEqual([]);

    const decloaked = firstEvents(s, { alpha: [{ type: "decloak", unit: "A1" }, order("A1", "A2")] });
    expect(decloaked.state.units.A2!.ships.map((x) => x.count)).toEqual([1]);
    expect(decloaked.pendingTransfers).toEqual([]);
  });

  it("chapter 5 'Same Location Requirement': units apart keep the transfer waiting until they meet", () => {
    const s = galaxy({ owners: { 1: "alpha", 2: "alpha", 5: "beta" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 2]]);
    addUnit(s, "A2", "alpha", 2, []);
    const ctx = firstEvents(s, { alpha: [{ type: "transfer", from: "A1", to: "A2", starship: HAWK, count: 2, rank: 4 }] });
    expect(ctx.pendingTransfers).toHaveLength(1);
    expect(ctx.state.units.A1!.ships.map((x) => x.count)).toEqual([2]);
    // A movement phase later, A1 has travelled to sector 2 ("Transfers Happen").
    ctx.state.units.A1!.sector = 2;
    ctx.spendMove(ctx.state.units.A1!, 1);
    runTransfers(ctx);
    expect(ctx.pendingTransfers).toHaveLength(0);
    expect(ships(ctx.state.units.A2)).toEqual([[HAWK, 4, 2, 1]]);
  });
});

describe("chapter 4 'Starships Reassigned To Ranks'", () => {
  it("moves `count` of a type from the lowest ranks (not counting those already in the target rank), keeping used move points", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [
      [HAWK, 3, 1, 1],
      [HAWK, 2, 2, 0],
      [HAWK, 1, 4, 0],
    ]);
    const ctx = firstEvents(s, { alpha: [{ type: "reassign", unit: "A1", starship: HAWK, toRank: 4, count: 4 }] });
    expect(ships(ctx.state.units.A1)).toEqual([
      [HAWK, 2, 1, 0],
      [HAWK, 4, 2, 0],
      [HAWK, 4, 3, 1],
    ]);
    expect(codes(ctx.problems, "alpha")).toEqual([]);
  });

  it("without a count moves all of the type; with fromRank only from that rank; errors name the ranks", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [
      [HAWK, 3, 1],
      [HAWK, 2, 2],
      [BIRD, 2, 1],
    ]);
    const ctx = firstEvents(s, {
      alpha: [
        { type: "reassign", unit: "A1", starship: BIRD, toRank: 5 },
        { type: "reassign", unit: "A1", starship: HAWK, toRank: 3, fromRank: 2, count: 5 },
        { type: "reassign", unit: "A1", starship: NEGHVAR, toRank: 3 },
        { type: "reassign", unit: "A1", starship: HAWK, toRank: 3, fromRank: 3 },
      ],
    });
    expect(ships(ctx.state.units.A1)).toEqual([
      [HAWK, 1, 3, 0],
      [HAWK, 3, 2, 0],
      [BIRD, 5, 2, 0],
    ]);
    expect(codes(ctx.problems, "alpha")).toEqual(["fewer-starships", "no-starships", "same-rank"]);
  });
});

describe("chapter 4 'Disbanding/Salvaging Starships' and chapter 7 salvage", () => {
  it("chapter 7: salvage 'yields resources in the amount of about 1/3 of the build cost'", () => {
    for (const t of STARSHIP_TYPES) expect(Math.abs(salvageValue(t) - t.build / 3)).toBeLessThanOrEqual(0.05 + 1e-9);
    const s = galaxy({ treasury: 10 });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 5]]);
    const ctx = firstEvents(s, { alpha: [{ type: "salvage", unit: "A1", starship: HAWK, count: 3 }] });
    expect(ctx.state.empires.alpha!.treasury).toBe(10 + 3 * 4);
    expect(ctx.state.units.A1!.ships.map((x) => x.count)).toEqual([2]);
    expect(ctx.events.filter((e) => e.kind === "ships")).toMatchObject([{ unit: "A1", starship: HAWK, delta: -3, reason: "salvage" }]);
  });

  it("disbanding yields nothing and is recorded; fewer starships than ordered: all are removed and the shortfall reported", () => {
    const s = galaxy({ treasury: 10 });
    addUnit(s, "G1", "alpha", 1, [
      [NEGHVAR, 2, 3],
      [NEGHVAR, 1, 1],
    ]);
    addAdmiral(s, "D1", "alpha", "G1");
    s.units.G1!.leader = "D1";
    const ctx = firstEvents(s, {
      alpha: [
        { type: "disband", unit: "G1", starship: NEGHVAR, count: 5 },
        { type: "salvage", unit: "G1", starship: NEGHVAR, count: 1 },
        { type: "disbandAdmiral", admiral: "D1" },
      ],
    });
    expect(ctx.state.units.G1!.ships).toEqual([]);
    expect(ctx.state.empires.alpha!.treasury).toBe(10);
    expect(codes(ctx.problems, "alpha")).toEqual(["fewer-starships", "no-starships"]);
    expect(ctx.events.filter((e) => e.kind === "ships")).toMatchObject([{ delta: -3, reason: "disband" }]);
    expect(ctx.state.admirals.D1).toBeUndefined();
    expect(ctx.state.units.G1!.leader).toBeNull();
    expect(ctx.state.units.G1!.admirals).toEqual([]);
  });

  it("disbanding takes the lowest ranks first", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [
      [HAWK, 2, 4],
      [HAWK, 2, 2],
    ]);
    const ctx = firstEvents(s, { alpha: [{ type: "disband", unit: "A1", starship: HAWK, count: 3 }] });
    expect(ships(ctx.state.units.A1)).toEqual([[HAWK, 4, 1, 0]]);
    expect(shipType(HAWK).build).toBe(12);
  });
});

describe("chapter 10 (FAQ): palace coup", () => {
  it("a ruler who gives away all his sectors and disbands all his forces is overthrown: his orders won't happen", () => {
    const s = galaxy({ owners: { 1: "alpha", 2: "alpha", 5: "beta" } });
    addUnit(s, "A1", "alpha", 1, [
      [HAWK, 3],
      [BIRD, 1, 2],
    ]);
    addUnit(s, "G2", "alpha", 2, [[HAWK, 1]]);
    const orders: Order[] = [
      { type: "declareWar", empire: "beta" },
      { type: "giveSector", sector: 1, empire: "beta" },
      { type: "giveSector", sector: 2, empire: "beta" },
      { type: "salvage", unit: "A1", starship: HAWK, count: 3 },
      { type: "disband", unit: "G2", starship: HAWK, count: 1 },
      { type: "disband", unit: "A1", starship: BIRD, count: 1 },
    ];
    const r = turn(s, { alpha: orders });
    expect(codes(r.problems, "alpha")).toEqual(Array(orders.length).fill("palace-coup"));
    expect(r.state.relations[relationKey("alpha", "beta")]).toBeUndefined();
    expect(r.state.sectors.filter((x) => x.owner === "alpha").map((x) => x.id)).toEqual([1, 2]);
    expect(r.state.units.A1!.ships.map((x) => x.count)).toEqual([3, 1]);
    expect(messagesTo(r.events, "beta").some((t) => t.includes("Palace coup in Alpha"))).toBe(true);
  });

  it("keeping one starship, or one sector, is no coup", () => {
    const s = galaxy({ owners: { 1: "alpha", 2: "alpha", 5: "beta" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 3]]);
    const keepShip = firstEvents(s, {
      alpha: [
        { type: "giveSector", sector: 1, empire: "beta" },
        { type: "giveSector", sector: 2, empire: "beta" },
        { type: "disband", unit: "A1", starship: HAWK, count: 2 },
      ],
    });
    expect(keepShip.deposed.size).toBe(0);
    const keepSector = firstEvents(s, {
      alpha: [
        { type: "giveSector", sector: 1, empire: "beta" },
        { type: "disband", unit: "A1", starship: HAWK, count: 3 },
      ],
    });
    expect(keepSector.deposed.size).toBe(0);
    expect(keepSector.state.units.A1!.ships).toEqual([]);
  });
});

describe("orders for someone else's unit", () => {
  it("fail with 'not-your-unit' and nothing else is affected", () => {
    const s = galaxy();
    addUnit(s, "A1", "alpha", 1, [[HAWK, 2]]);
    addUnit(s, "B1", "beta", 1, [[HAWK, 2]], { name: "Beta Fleet" });
    const before = cloneData(s.units.B1);
    const r = turn(s, {
      alpha: [
        { type: "rename", unit: "B1", name: "Mine" },
        { type: "retreatLevel", unit: "B1", level: 1 },
        { type: "cloak", unit: "B1" },
        { type: "transfer", from: "B1", to: "A1", starship: HAWK, count: 2, rank: 1 },
        { type: "reassign", unit: "B1", starship: HAWK, toRank: 5 },
        { type: "disband", unit: "B1", starship: HAWK, count: 2 },
        { type: "salvage", unit: "B1", starship: HAWK, count: 2 },
        { type: "formFleet", ref: "n", at: "B1" },
      ],
    });
    expect(codes(r.problems, "alpha")).toEqual(Array(8).fill("not-your-unit"));
    expect(r.state.units.B1).toEqual(before);
    expect(r.state.units.A1!.ships.map((x) => x.count)).toEqual([2]);
    expect(codes(r.problems, "beta")).toEqual([]);
  });
});
