/**
 * Final Events (seed 003 chapter 4, in chapter 9's order) with chapter 5
 * "Resources", "Sector defences", "Sector Revenue", "Player Status", "Admirals",
 * chapter 6 "Battle Aftermath" and the chapter 10 FAQ. Each test builds a small
 * galaxy, makes a TurnContext (setting what Movement Events would have recorded:
 * pillage, change of owner, battles, moves) and runs the step it checks.
 *
 * Dice rules are checked with fixed seeds and with a statistical test over many
 * runs whose tolerance is 4 standard errors of the expected proportion.
 */
import { describe, expect, it } from "vitest";
import type { Problem } from "../../src/core/result.js";
import { Rng } from "../../src/core/rng.js";
import { ADMIRAL_HIRE_COST, CONSTRUCTION_COST, ESPIONAGE_COST, shipType } from "../../src/rules/galactic-empires/catalog.js";
import { TurnContext } from "../../src/rules/galactic-empires/context.js";
import { standingToward } from "../../src/rules/galactic-empires/diplomacy.js";
import { sendRoute } from "../../src/rules/galactic-empires/economy.js";
import { ESPIONAGE_FIELDS } from "../../src/rules/galactic-empires/espionage.js";
import type { GeEvent } from "../../src/rules/galactic-empires/events.js";
import * as final from "../../src/rules/galactic-empires/final-events.js";
import { type Admiral, type GameState, INDEPENDENT, relationKey, type Unit } from "../../src/rules/galactic-empires/model.js";
import type { Order } from "../../src/rules/galactic-empires/orders.js";
import { rateProclamation } from "../../src/rules/galactic-empires/proclamation.js";
import { FINAL_EVENTS, runTurn } from "../../src/rules/galactic-empires/turn.js";
import { addUnit, BIRD, HAWK, KTINGA, NEGHVAR, tinyGalaxy } from "./fixtures.js";

type OrdersBy = Record<string, Order[]>;
type Step = (ctx: TurnContext) => void;

const KLINGON_BUILDS = [HAWK, KTINGA, BIRD, NEGHVAR];

/** alpha owns 1 and 2, beta owns 5: neither is defeated. */
function galaxy(extra: Parameters<typeof tinyGalaxy>[0] = {}): GameState {
  return tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 5: "beta" }, ...extra });
}

function ctxFor(state: GameState, orders: OrdersBy = {}, seed = 1): TurnContext {
  return new TurnContext(state, orders, Rng.fromSeed(seed));
}

function run(ctx: TurnContext, ...steps: Step[]): TurnContext {
  for (const step of steps) {
    ctx.step = FINAL_EVENTS.find((s) => s.run === step)?.name ?? "test";
    step(ctx);
  }
  return ctx;
}

const codes = (problems: Record<string, Problem[]>, empire: string): string[] => (problems[empire] ?? []).map((p) => p.code);
const texts = (events: GeEvent[], empire: string): string[] =>
  events.filter((e) => e.kind === "message" && (e.to === "all" || e.to.includes(empire))).map((e) => (e.kind === "message" ? e.text : ""));
const sector = (state: GameState, id: number) => {
  const s = state.sectors.find((x) => x.id === id);
  if (!s) throw new Error(`no sector ${id}`);
  return s;
};
const count = (unit: Unit | undefined): number => (unit?.ships ?? []).reduce((n, s) => n + s.count, 0);

function addAdmiral(state: GameState, id: string, owner: string, unit: string, tactics = 10): Admiral {
  const a: Admiral = { id, owner, name: `Admiral ${id}`, tactics, siegecraft: 0, combat: 10, hits: 1, unit };
  state.admirals[id] = a;
  state.units[unit]?.admirals.push(id);
  return a;
}

/** Proportion check: |observed - p| within 4 standard errors of p over n trials. */
function expectProportion(hits: number, n: number, p: number): void {
  const se = Math.sqrt((p * (1 - p)) / n);
  expect(Math.abs(hits / n - p)).toBeLessThan(4 * se);
}

// --- 3.1 / 3.14 damage ---------------------------------------------------------------

describe("chapter 4 'Sector Damage Increases'", () => {
  it("pillage and a change of owner each raise damage +1, only +1 a turn, at most 3", () => {
    const state = galaxy();
    sector(state, 2).damage = 3;
    const ctx = ctxFor(state);
    ctx.pillaged.add(1);
    ctx.changedOwner.add(1);
    ctx.pillaged.add(2);
    ctx.changedOwner.add(3);
    run(ctx, final.sectorDamageIncreases);
    expect(sector(state, 1).damage).toBe(1);
    expect(sector(state, 2).damage).toBe(3);
    expect(sector(state, 3).damage).toBe(1);
    expect(sector(state, 4).damage).toBe(0);
    expect([...ctx.damageRaised].sort()).toEqual([1, 2, 3]);
  });

  it("each sector battle has a 10% chance of damage (statistical, 4 standard errors)", () => {
    const n = 4000;
    let raised = 0;
    for (let seed = 1; seed <= n; seed++) {
      const state = galaxy();
      const ctx = ctxFor(state, {}, seed);
      ctx.battles.set(3, 1);
      run(ctx, final.sectorDamageIncreases);
      raised += sector(state, 3).damage;
    }
    expectProportion(raised, n, 0.1);
  });

  it("two battles give 1 - 0.9^2 = 19%, still only +1 (statistical)", () => {
    const n = 4000;
    let raised = 0;
    for (let seed = 1; seed <= n; seed++) {
      const state = galaxy();
      const ctx = ctxFor(state, {}, seed);
      ctx.battles.set(3, 2);
      run(ctx, final.sectorDamageIncreases);
      expect(sector(state, 3).damage).toBeLessThanOrEqual(1);
      raised += sector(state, 3).damage;
    }
    expectProportion(raised, n, 0.19);
  });
});

describe("chapter 4 'Sector Damage Repaired'", () => {
  it("repairs 1 level when the sector did not change owner, saw no battle and was not damaged this turn", () => {
    const state = galaxy();
    for (const id of [1, 2, 3, 4, 5]) sector(state, id).damage = 2;
    const ctx = ctxFor(state);
    ctx.changedOwner.add(2);
    ctx.battles.set(3, 1);
    ctx.damageRaised.add(4);
    run(ctx, final.sectorDamageRepaired);
    expect([1, 2, 3, 4, 5].map((id) => sector(state, id).damage)).toEqual([1, 2, 2, 2, 1]);
  });

  it("cross-border battles have no effect: they are not sector battles", () => {
    const state = galaxy();
    sector(state, 1).damage = 1;
    const ctx = ctxFor(state); // a cross-border battle leaves ctx.battles empty
    run(ctx, final.sectorDamageIncreases, final.sectorDamageRepaired);
    expect(sector(state, 1).damage).toBe(0);
  });

  it("a sector at damage 3 that is pillaged again is not repaired", () => {
    const state = galaxy();
    sector(state, 1).damage = 3;
    const ctx = ctxFor(state);
    ctx.pillaged.add(1);
    run(ctx, final.sectorDamageIncreases, final.sectorDamageRepaired);
    expect(sector(state, 1).damage).toBe(3);
  });
});

// --- 3.2 Resources Sent -------------------------------------------------------------------

describe("chapter 4 'Resources Sent'", () => {
  function sendGalaxy(n = 5): GameState {
    const state = tinyGalaxy({ sectors: n, owners: { 1: "alpha", [n]: "beta" } });
    addUnit(state, "G1", "alpha", 1, []);
    addUnit(state, `G${n}`, "beta", n, []);
    return state;
  }

  it("costs the amount plus a 10% fee; the recipient gets the amount", () => {
    const state = sendGalaxy();
    for (const id of [2, 3, 4]) sector(state, id).permission = ["alpha"];
    const ctx = run(ctxFor(state, { alpha: [{ type: "sendResources", empire: "beta", amount: 50 }] }), final.resourcesSent);
    expect(ctx.problems.alpha).toBeUndefined();
    expect(state.empires.alpha?.treasury).toBe(45);
    expect(state.empires.beta?.treasury).toBe(150);
  });

  it("FAQ: every sector in between needs Permission", () => {
    const state = sendGalaxy();
    sector(state, 2).permission = ["alpha"];
    sector(state, 4).permission = ["alpha"];
    const ctx = run(ctxFor(state, { alpha: [{ type: "sendResources", empire: "beta", amount: 10 }] }), final.resourcesSent);
    expect(codes(ctx.problems, "alpha")).toEqual(["no-route"]);
    expect(state.empires.alpha?.treasury).toBe(100);
    // Passage Rights from the owner serve as well.
    sector(state, 3).owner = "beta";
    standingToward(ctx, "beta", "alpha").passage = true;
    const ctx2 = run(ctxFor(state, { alpha: [{ type: "sendResources", empire: "beta", amount: 10 }] }), final.resourcesSent);
    expect(ctx2.problems.alpha).toBeUndefined();
  });

  it("chapter 2: the garrisons must be within 7 locations", () => {
    const near = sendGalaxy(8); // 1 -> 8 is 7 steps
    const far = sendGalaxy(9); // 1 -> 9 is 8 steps
    for (const st of [near, far]) for (const s of st.sectors) if (s.owner === INDEPENDENT) s.permission = ["alpha"];
    expect(sendRoute(ctxFor(near), "alpha", "beta")).toBe(7);
    expect(sendRoute(ctxFor(far), "alpha", "beta")).toBeNull();
  });

  it("fails when the recipient does not accept gifts, when sent to yourself, or unaffordable (with the figures)", () => {
    const state = sendGalaxy();
    for (const id of [2, 3, 4]) sector(state, id).permission = ["alpha"];
    state.empires.beta!.toward.alpha = { accept: false, passage: false, share: false };
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "sendResources", empire: "beta", amount: 10 },
          { type: "sendResources", empire: "alpha", amount: 10 },
          { type: "sendResources", empire: INDEPENDENT, amount: 10 },
        ],
      }),
      final.resourcesSent,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["gift-refused", "self", "unknown-empire"]);
    state.empires.beta!.toward.alpha = { accept: true, passage: false, share: false };
    const ctx2 = run(ctxFor(state, { alpha: [{ type: "sendResources", empire: "beta", amount: 95 }] }), final.resourcesSent);
    expect(codes(ctx2.problems, "alpha")).toEqual(["cannot-afford"]);
    expect(ctx2.problems.alpha?.[0]?.message).toContain("104.5");
    expect(state.empires.alpha?.treasury).toBe(100);
  });
});

// --- 3.3 Upkeep Paid ------------------------------------------------------------------

describe("chapter 4 'Upkeep Paid'", () => {
  it("pays admirals, then starships, and keeps what is left", () => {
    const state = galaxy({ treasury: 10 });
    addUnit(state, "A1", "alpha", 1, [[HAWK, 2, 1]]); // 2 x 1
    addUnit(state, "G2", "alpha", 2, [[KTINGA, 10, 3]]); // 10 x 0.3
    addAdmiral(state, "ADM1", "alpha", "A1");
    const ctx = run(ctxFor(state), final.upkeepPaid);
    expect(state.empires.alpha?.treasury).toBe(4); // 10 - 1 - 2 - 3
    expect(count(state.units.A1) + count(state.units.G2)).toBe(12);
    expect(texts(ctx.events, "alpha")[0]).toContain("Upkeep paid: 6");
  });

  it("admirals first: a treasury that covers only the admiral leaves every starship unpaid", () => {
    const state = galaxy({ treasury: 1.2 });
    addUnit(state, "A1", "alpha", 1, [[HAWK, 4, 1]]);
    addAdmiral(state, "ADM1", "alpha", "A1");
    const ctx = run(ctxFor(state, {}, 7), final.upkeepPaid);
    expect(state.admirals.ADM1).toBeDefined(); // paid, never at risk
    expect(state.empires.alpha?.treasury).toBe(0); // never negative
    const lost = ctx.events
      .filter((e) => e.kind === "ships" && e.reason === "upkeep")
      .reduce((n, e) => n + (e.kind === "ships" ? -e.delta : 0), 0);
    expect(count(state.units.A1)).toBe(4 - lost);
  });

  it("back ranks are paid first: rank 5 kept, rank 1 at risk", () => {
    const state = galaxy({ treasury: 1 });
    addUnit(state, "A1", "alpha", 1, [
      [HAWK, 1, 5],
      [HAWK, 20, 1],
    ]);
    for (let seed = 1; seed <= 20; seed++) {
      const s = structuredClone(state);
      run(ctxFor(s, {}, seed), final.upkeepPaid);
      expect(s.units.A1?.ships.find((x) => x.rank === 5)?.count).toBe(1);
      expect(s.empires.alpha?.treasury).toBe(0);
    }
  });

  it("fixed seed: the same starships are lost every time", () => {
    const make = () => {
      const state = galaxy({ treasury: 0 });
      addUnit(state, "A1", "alpha", 1, [[HAWK, 10, 1]]);
      return state;
    };
    const a = make();
    const b = make();
    run(ctxFor(a, {}, 42), final.upkeepPaid);
    run(ctxFor(b, {}, 42), final.upkeepPaid);
    expect(a.units.A1).toEqual(b.units.A1);
    expect(count(a.units.A1)).toBeGreaterThan(0);
    expect(count(a.units.A1)).toBeLessThan(10);
  });

  it("each unpaid starship is lost with 50% chance, each unpaid admiral resigns with 50% (statistical)", () => {
    let ships = 0;
    let lost = 0;
    let admirals = 0;
    let resigned = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const state = galaxy({ treasury: 0 });
      addUnit(state, "A1", "alpha", 1, [[HAWK, 10, 1]]);
      addAdmiral(state, "ADM1", "alpha", "A1");
      run(ctxFor(state, {}, seed), final.upkeepPaid);
      ships += 10;
      lost += 10 - count(state.units.A1);
      admirals += 1;
      if (!state.admirals.ADM1) resigned++;
    }
    expectProportion(lost, ships, 0.5);
    expectProportion(resigned, admirals, 0.5);
  });
});

// --- 3.4 Starships Built --------------------------------------------------------------------

describe("chapter 4 'Starships Built' and chapter 5 'Building starships'", () => {
  function yard(treasury = 100, maxBuild = 5): GameState {
    const state = galaxy({ treasury });
    sector(state, 1).industry = { maxBuild, builds: KLINGON_BUILDS };
    addUnit(state, "G1", "alpha", 1, []);
    return state;
  }

  it("builds into the garrison's rank, paying the build cost (ledger 'built')", () => {
    const state = yard();
    const ctx = run(ctxFor(state, { alpha: [{ type: "build", unit: "G1", starship: HAWK, count: 2, rank: 4 }] }), final.starshipsBuilt);
    expect(state.units.G1?.ships).toEqual([{ type: HAWK, rank: 4, count: 2, used: 0 }]);
    expect(state.empires.alpha?.treasury).toBe(100 - 2 * shipType(HAWK).build);
    expect(ctx.events.some((e) => e.kind === "ships" && e.reason === "built" && e.delta === 2)).toBe(true);
  });

  it("only types on the centre's build list, and the failure names the list", () => {
    const state = yard();
    const ctx = run(
      ctxFor(state, { alpha: [{ type: "build", unit: "G1", starship: "romulan/hawk-heavy-cruiser", count: 1, rank: 1 }] }),
      final.starshipsBuilt,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["not-in-build-list"]);
    expect(ctx.problems.alpha?.[0]?.message).toContain(KTINGA);
  });

  it("'0/13': at most maxBuild a sector a turn, counted over all orders; larger orders are reduced", () => {
    const state = yard(1000, 5);
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "build", unit: "G1", starship: KTINGA, count: 3, rank: 1 },
          { type: "build", unit: "G1", starship: BIRD, count: 4, rank: 1 },
          { type: "build", unit: "G1", starship: BIRD, count: 1, rank: 1 },
        ],
      }),
      final.starshipsBuilt,
    );
    expect(count(state.units.G1)).toBe(5);
    expect(codes(ctx.problems, "alpha")).toEqual(["build-limit", "build-limit"]);
  });

  it("'reduced to what you can afford'", () => {
    const state = yard(30); // Hawk costs 12
    const ctx = run(ctxFor(state, { alpha: [{ type: "build", unit: "G1", starship: HAWK, count: 4, rank: 1 }] }), final.starshipsBuilt);
    expect(count(state.units.G1)).toBe(2);
    expect(state.empires.alpha?.treasury).toBe(6);
    expect(ctx.problems.alpha?.[0]?.message).toContain("reduced to what you can afford, 2");
  });

  it("no industrial centre, or a starfleet: fails", () => {
    const state = yard();
    addUnit(state, "G2", "alpha", 2, []);
    addUnit(state, "A1", "alpha", 1, [[HAWK, 1]]);
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "build", unit: "G2", starship: HAWK, count: 1, rank: 1 },
          { type: "build", unit: "A1", starship: HAWK, count: 1, rank: 1 },
        ],
      }),
      final.starshipsBuilt,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["no-industrial-centre", "not-a-garrison"]);
  });

  it("'If the sector you were building in is conquered by another nation, you will not be able to build there'", () => {
    const state = yard();
    const ctx = ctxFor(state, { alpha: [{ type: "build", unit: "G1", starship: HAWK, count: 1, rank: 1 }] });
    sector(state, 1).owner = "beta";
    state.units.G1!.owner = "beta";
    ctx.changedOwner.add(1);
    run(ctx, final.starshipsBuilt);
    expect(codes(ctx.problems, "alpha")).toEqual(["sector-lost"]);
    expect(count(state.units.G1)).toBe(0);
  });

  it("FAQ: a centre lost in phase 1 and retaken in phase 2 still builds", () => {
    const state = yard();
    const ctx = ctxFor(state, { alpha: [{ type: "build", unit: "G1", starship: HAWK, count: 1, rank: 1 }] });
    ctx.changedOwner.add(1); // lost and retaken: owner alpha again at the end of movement
    run(ctx, final.starshipsBuilt);
    expect(ctx.problems.alpha).toBeUndefined();
    expect(count(state.units.G1)).toBe(1);
  });
});

// --- 3.5 Admirals Hired ----------------------------------------------------------------------

describe("chapter 4 'Admirals Hired'", () => {
  function hq(status: "royalty" | "commoner" = "royalty"): GameState {
    const state = galaxy();
    state.empires.alpha!.status = status;
    sector(state, 1).industry = { maxBuild: 5, builds: KLINGON_BUILDS };
    addUnit(state, "G1", "alpha", 1, []);
    return state;
  }

  it("costs 15, once per garrison per turn; the admiral joins and leads the garrison", () => {
    const state = hq();
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "hireAdmiral", unit: "G1" },
          { type: "hireAdmiral", unit: "G1" },
        ],
      }),
      final.admiralsHired,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["already-hired"]);
    expect(state.empires.alpha?.treasury).toBe(100 - ADMIRAL_HIRE_COST);
    const a = state.admirals.ADM100;
    expect(a?.owner).toBe("alpha");
    expect(a?.unit).toBe("G1");
    expect(state.units.G1?.admirals).toEqual(["ADM100"]);
    expect(state.units.G1?.leader).toBe("ADM100");
    expect(state.nextAdmiral).toBe(101);
  });

  it("'some admirals have higher ratings than others': ratings stay in their ranges", () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 200; seed++) {
      const state = hq();
      run(ctxFor(state, { alpha: [{ type: "hireAdmiral", unit: "G1" }] }, seed), final.admiralsHired);
      const a = state.admirals.ADM100 as Admiral;
      expect(a.tactics).toBeGreaterThanOrEqual(1);
      expect(a.tactics).toBeLessThanOrEqual(50);
      expect(a.siegecraft).toBeGreaterThanOrEqual(1);
      expect(a.siegecraft).toBeLessThanOrEqual(50);
      expect(a.combat).toBeGreaterThanOrEqual(5);
      expect(a.combat).toBeLessThanOrEqual(20);
      expect(a.hits).toBeGreaterThanOrEqual(0.5);
      expect(a.hits).toBeLessThanOrEqual(2);
      seen.add(a.tactics);
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it("'commoners may have none'; royalty at most 5; needs an industrial centre and 15 resources", () => {
    const commoner = hq("commoner");
    const c1 = run(ctxFor(commoner, { alpha: [{ type: "hireAdmiral", unit: "G1" }] }), final.admiralsHired);
    expect(codes(c1.problems, "alpha")).toEqual(["admiral-limit"]);

    const royal = hq();
    addUnit(royal, "A1", "alpha", 1, []);
    for (let i = 1; i <= 5; i++) addAdmiral(royal, `ADM${i}`, "alpha", "A1");
    const c2 = run(ctxFor(royal, { alpha: [{ type: "hireAdmiral", unit: "G1" }] }), final.admiralsHired);
    expect(codes(c2.problems, "alpha")).toEqual(["admiral-limit"]);

    const poor = hq();
    poor.empires.alpha!.treasury = 14;
    addUnit(poor, "G2", "alpha", 2, []);
    const c3 = run(
      ctxFor(poor, {
        alpha: [
          { type: "hireAdmiral", unit: "G2" },
          { type: "hireAdmiral", unit: "G1" },
        ],
      }),
      final.admiralsHired,
    );
    expect(codes(c3.problems, "alpha")).toEqual(["no-industrial-centre", "cannot-afford"]);
  });
});

// --- 3.6 / 3.7 annexation ---------------------------------------------------------------------

describe("chapter 4 'Sectors Annexed'", () => {
  it("you must own it now and at the start of the turn; the cost is its revenue; no revenue that turn", () => {
    const state = galaxy({ treasury: 50 });
    sector(state, 2).annexedTo = null;
    sector(state, 2).revenue = 12;
    sector(state, 1).revenue = 10;
    const ctx = ctxFor(state, {
      alpha: [
        { type: "annex", sector: 2 },
        { type: "annex", sector: 3 },
        { type: "annex", sector: 4 },
        { type: "annex", sector: 1 },
      ],
    });
    sector(state, 4).owner = "alpha"; // conquered this turn
    ctx.changedOwner.add(4);
    run(ctx, final.sectorsAnnexed, final.sectorRevenueGained);
    expect(codes(ctx.problems, "alpha")).toEqual(["not-owner", "not-owned-at-start", "already-annexed"]);
    expect(sector(state, 2).annexedTo).toBe("alpha");
    expect(ctx.annexedNow.has(2)).toBe(true);
    // 50 - 12 for the annexation + 10 from sector 1 only.
    expect(state.empires.alpha?.treasury).toBe(48);
  });

  it("fails with the figures when unaffordable", () => {
    const state = galaxy({ treasury: 5 });
    sector(state, 2).annexedTo = null;
    const ctx = run(ctxFor(state, { alpha: [{ type: "annex", sector: 2 }] }), final.sectorsAnnexed);
    expect(codes(ctx.problems, "alpha")).toEqual(["cannot-afford"]);
    expect(ctx.problems.alpha?.[0]?.message).toMatch(/costs its revenue, 10, but your treasury holds 5/);
  });

  it("cede returns a sector annexed to you to local control", () => {
    const state = galaxy();
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "cede", sector: 2 },
          { type: "cede", sector: 5 },
        ],
      }),
      final.sectorsAnnexed,
    );
    expect(sector(state, 2).annexedTo).toBeNull();
    expect(sector(state, 2).owner).toBe("alpha");
    expect(codes(ctx.problems, "alpha")).toEqual(["not-annexed-to-you"]);
  });
});

describe("chapter 4 'Sector Annexation Declines'", () => {
  it("a sector owned by one empire and annexed to another yields nothing and lapses after 3 turns", () => {
    const state = galaxy();
    sector(state, 2).owner = "beta"; // conquered by beta, still annexed to alpha
    for (let turn = 1; turn <= 3; turn++) {
      const before = state.empires.beta!.treasury;
      run(ctxFor(state), final.sectorRevenueGained, final.annexationDeclines);
      expect(state.empires.beta?.treasury).toBe(before + 10); // only its own sector 5
      expect(sector(state, 2).annexedTo).toBe(turn < 3 ? "alpha" : null);
    }
  });

  it("recaptured in time, it stays annexed and the count starts again", () => {
    const state = galaxy();
    sector(state, 2).owner = "beta";
    run(ctxFor(state), final.annexationDeclines);
    run(ctxFor(state), final.annexationDeclines);
    expect(sector(state, 2).annexDrift).toBe(2);
    sector(state, 2).owner = "alpha";
    run(ctxFor(state), final.annexationDeclines);
    expect(sector(state, 2).annexDrift).toBe(0);
    expect(sector(state, 2).annexedTo).toBe("alpha");
  });
});

// --- 3.8 Construction Happens ----------------------------------------------------------------

describe("chapter 4 'Construction Happens' and chapter 5 'Sector defences'", () => {
  it("14 resources and 3 starships build one level; a starfleet's move points are used up", () => {
    const state = galaxy();
    const fleet = addUnit(state, "A1", "alpha", 2, [[HAWK, 3]]);
    const ctx = run(ctxFor(state, { alpha: [{ type: "construct", unit: "A1" }] }), final.constructionHappens);
    expect(ctx.problems.alpha).toBeUndefined();
    expect(sector(state, 2).defence).toEqual({ level: 1, damage: 0 });
    expect(state.empires.alpha?.treasury).toBe(100 - CONSTRUCTION_COST);
    expect(ctx.movePoints(fleet)).toBe(0);
    expect(state.units.G2?.owner).toBe("alpha"); // a sector with defences has a garrison
  });

  it("fewer than 3 starships, a moved starfleet, no Permission, or no resources: fails", () => {
    const state = galaxy({ treasury: 13 });
    addUnit(state, "A1", "alpha", 1, [[HAWK, 2]]);
    addUnit(state, "A2", "alpha", 2, [[HAWK, 3]]);
    addUnit(state, "A3", "alpha", 4, [[HAWK, 3]]);
    addUnit(state, "A4", "alpha", 1, [[HAWK, 3]]);
    const ctx = ctxFor(state, {
      alpha: [
        { type: "construct", unit: "A1" },
        { type: "construct", unit: "A2" },
        { type: "construct", unit: "A3" },
        { type: "construct", unit: "A4" },
      ],
    });
    ctx.moved.add("A2");
    run(ctx, final.constructionHappens);
    expect(codes(ctx.problems, "alpha")).toEqual(["not-enough-workers", "moved", "no-permission", "cannot-afford"]);
  });

  it("once per sector per turn, at most level 12; a garrison whose sector changed owner cannot build", () => {
    const state = galaxy({ treasury: 1000 });
    sector(state, 2).defence.level = 12;
    addUnit(state, "A1", "alpha", 1, [[HAWK, 3]]);
    addUnit(state, "A2", "alpha", 1, [[HAWK, 3]]);
    addUnit(state, "A3", "alpha", 2, [[HAWK, 3]]);
    addUnit(state, "G3", "alpha", 3, [[HAWK, 3]]);
    sector(state, 3).owner = "alpha";
    const ctx = ctxFor(state, {
      alpha: [
        { type: "construct", unit: "A1" },
        { type: "construct", unit: "A2" },
        { type: "construct", unit: "A3" },
        { type: "construct", unit: "G3" },
      ],
    });
    ctx.changedOwner.add(3);
    run(ctx, final.constructionHappens);
    expect(codes(ctx.problems, "alpha")).toEqual(["already-built", "max-level", "moved"]);
    expect(sector(state, 1).defence.level).toBe(1);
  });

  it("you may build in someone else's sector with Permission, and they own what you build", () => {
    const state = galaxy();
    sector(state, 3).permission = ["alpha"];
    addUnit(state, "A1", "alpha", 3, [[HAWK, 3]]);
    run(ctxFor(state, { alpha: [{ type: "construct", unit: "A1" }] }), final.constructionHappens);
    expect(sector(state, 3).defence.level).toBe(1);
    expect(sector(state, 3).owner).toBe(INDEPENDENT);
    expect(state.units.G3?.owner).toBe(INDEPENDENT);
  });

  it("'a sector could have its sector defence level go up twice in one turn': level 2 with 1 damage, left in peace, plus a construct order -> level 3 undamaged", () => {
    const state = galaxy();
    sector(state, 1).defence = { level: 2, damage: 1 };
    addUnit(state, "G1", "alpha", 1, [[HAWK, 3]]);
    run(ctxFor(state, { alpha: [{ type: "construct", unit: "G1" }] }), final.constructionHappens);
    expect(sector(state, 1).defence).toEqual({ level: 3, damage: 0 });
  });

  it("no automatic repair where there was a sector battle or pillage", () => {
    const state = galaxy();
    sector(state, 1).defence = { level: 2, damage: 1 };
    sector(state, 2).defence = { level: 2, damage: 2 };
    const ctx = ctxFor(state);
    ctx.battles.set(1, 1);
    ctx.pillaged.add(2);
    run(ctx, final.constructionHappens);
    expect(sector(state, 1).defence.damage).toBe(1);
    expect(sector(state, 2).defence.damage).toBe(2);
  });
});

// --- 3.4 before 3.8 and 3.10: starships built this turn are not workers ---------------------------

describe("chapter 9's turn sequence ('Starships Built', then 'Construction Happens' and 'Structures Razed'): starships built this turn are not workers", () => {
  // Chapter 4 "Construction Happens": the unit "must have successfully performed the Construction
  // Action during First Events", and "3 starships are required to do nothing but build ... for their
  // turn"; chapter 5 "Building starships": "The starships you build will not be available to you
  // immediately ... they will appear where you requested them in your next turnfile."
  function centre(treasury = 100): GameState {
    const state = galaxy({ treasury });
    sector(state, 1).industry = { maxBuild: 8, builds: KLINGON_BUILDS };
    return state;
  }

  it("a garrison that builds 3 starships this turn cannot use them to construct a level (turn run whole)", () => {
    const state = centre();
    addUnit(state, "G1", "alpha", 1, []);
    const orders: OrdersBy = {
      alpha: [
        { type: "build", unit: "G1", starship: KTINGA, count: 3, rank: 1 },
        { type: "construct", unit: "G1" },
      ],
    };
    const res = runTurn(state, orders, Rng.fromSeed(1));
    expect(count(res.state.units.G1)).toBe(3); // built
    expect(res.state.sectors.find((s) => s.id === 1)?.defence.level).toBe(0); // but not a worker
    const p = res.problems.alpha?.find((x) => x.code === "not-enough-workers");
    expect(p?.message).toContain("3 built this turn");
  });

  it("2 starships of last turn plus 1 built now are 2 workers, not 3; 3 of last turn are enough", () => {
    /** A garrison of `hawks` Hawks of last turn builds one K't'inga, then constructs. */
    const buildThenConstruct = (hawks: number) => {
      const state = centre();
      addUnit(state, "G1", "alpha", 1, [[HAWK, hawks]]);
      const ctx = ctxFor(state, {
        alpha: [
          { type: "build", unit: "G1", starship: KTINGA, count: 1, rank: 1 },
          { type: "construct", unit: "G1" },
        ],
      });
      return { state, res: run(ctx, final.starshipsBuilt, final.constructionHappens) };
    };
    const short = buildThenConstruct(2);
    expect(codes(short.res.problems, "alpha")).toEqual(["not-enough-workers"]);
    expect(sector(short.state, 1).defence.level).toBe(0);

    const enough = buildThenConstruct(3);
    expect(enough.res.problems.alpha).toBeUndefined();
    expect(sector(enough.state, 1).defence.level).toBe(1);
  });

  it("razing: starships built this turn do not count toward the 3 workers a level", () => {
    const state = centre();
    sector(state, 1).defence = { level: 2, damage: 0 };
    addUnit(state, "G1", "alpha", 1, [[HAWK, 3]]);
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "build", unit: "G1", starship: KTINGA, count: 3, rank: 1 },
          { type: "raze", unit: "G1", levels: 2 },
        ],
      }),
      final.starshipsBuilt,
      final.structuresRazed,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["not-enough-workers"]);
    expect(sector(state, 1).defence.level).toBe(2);
    expect(count(state.units.G1)).toBe(6);
  });
});

// --- 3.9 Resources Decay ----------------------------------------------------------------------

describe("chapter 4 'Resources Decay'", () => {
  it("7% of the treasury decays, to the hundredth", () => {
    const state = galaxy();
    state.empires.alpha!.treasury = 100;
    state.empires.beta!.treasury = 33.33;
    run(ctxFor(state), final.resourcesDecay);
    expect(state.empires.alpha?.treasury).toBe(93);
    expect(state.empires.beta?.treasury).toBe(31); // 33.33 - 2.33
  });
});

// --- 3.10 Structures Razed ---------------------------------------------------------------------

describe("chapter 4 'Structures Razed'", () => {
  it("at most 4 levels a sector a turn across units; salvage after decay; damage capped at the new level", () => {
    const state = galaxy({ treasury: 0 });
    sector(state, 1).defence = { level: 6, damage: 5 };
    addUnit(state, "A1", "alpha", 1, [[HAWK, 9]]);
    addUnit(state, "G1", "alpha", 1, [[HAWK, 9]]);
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "raze", unit: "A1", levels: 3 },
          { type: "raze", unit: "G1", levels: 3 },
        ],
      }),
      final.resourcesDecay,
      final.structuresRazed,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["raze-limit"]);
    expect(sector(state, 1).defence).toEqual({ level: 2, damage: 2 });
    expect(state.empires.alpha?.treasury).toBe(4 * 5); // RAZE_SALVAGE 5 a level, not decayed
  });

  it("needs 3 workers a level, your own sector, and a unit that stayed put", () => {
    const state = galaxy();
    sector(state, 1).defence = { level: 3, damage: 0 };
    sector(state, 3).defence = { level: 3, damage: 0 };
    addUnit(state, "A1", "alpha", 1, [[HAWK, 5]]);
    addUnit(state, "A2", "alpha", 3, [[HAWK, 9]]);
    addUnit(state, "A3", "alpha", 1, [[HAWK, 9]]);
    const ctx = ctxFor(state, {
      alpha: [
        { type: "raze", unit: "A1", levels: 2 },
        { type: "raze", unit: "A2", levels: 1 },
        { type: "raze", unit: "A3", levels: 1 },
      ],
    });
    ctx.retreated.add("A3");
    run(ctx, final.structuresRazed);
    expect(codes(ctx.problems, "alpha")).toEqual(["not-enough-workers", "not-your-sector", "moved"]);
    expect(sector(state, 1).defence.level).toBe(3);
  });
});

// --- 3.11 Sector Revenue Gained -----------------------------------------------------------------

describe("chapter 5 'Sector Revenue'", () => {
  it("chapter 5 'Sector Revenue': 40 x 65% = 26", () => {
    const state = galaxy({ treasury: 0 });
    sector(state, 1).revenue = 40;
    sector(state, 1).damage = 2;
    sector(state, 2).revenue = 0;
    const ctx = run(ctxFor(state), final.sectorRevenueGained);
    expect(state.empires.alpha?.treasury).toBe(26);
    expect(texts(ctx.events, "alpha")).toContain("Sector revenue: 26 from 2 annexed sector(s).");
  });

  it("damage 0/1/2/3 gives 100/80/65/50%", () => {
    for (const [damage, expected] of [
      [0, 40],
      [1, 32],
      [2, 26],
      [3, 20],
    ] as const) {
      const state = galaxy({ treasury: 0 });
      sector(state, 1).revenue = 40;
      sector(state, 1).damage = damage;
      sector(state, 2).revenue = 0;
      run(ctxFor(state), final.sectorRevenueGained);
      expect(state.empires.alpha?.treasury).toBe(expected);
    }
  });

  it("chapter 4 'Sector Revenue Gained': none if not annexed to the owner, changed owner, or pillaged", () => {
    const state = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha" }, treasury: 0 });
    sector(state, 1).annexedTo = null;
    sector(state, 2).annexedTo = "beta";
    const ctx = ctxFor(state);
    ctx.changedOwner.add(3);
    ctx.pillaged.add(4);
    run(ctx, final.sectorRevenueGained);
    expect(state.empires.alpha?.treasury).toBe(0);
    expect(state.empires.beta?.treasury).toBe(0);
  });
});

// --- 3.12 Sectors Gifted ----------------------------------------------------------------------

describe("chapter 4 'Sectors Gifted'", () => {
  it("the recipient needs a starship in or next to the sector; annexation unchanged; garrison starships stay with the giver", () => {
    const state = galaxy();
    sector(state, 2).defence = { level: 2, damage: 0 };
    sector(state, 2).permission = ["beta"];
    addUnit(state, "G2", "alpha", 2, [[HAWK, 2, 3]]);
    addAdmiral(state, "ADM1", "alpha", "G2");
    addUnit(state, "A1", "beta", 3, [[BIRD, 1]], { cloaked: true });
    const ctx = run(ctxFor(state, { alpha: [{ type: "giveSector", sector: 2, empire: "beta" }] }), final.sectorsGifted);
    expect(ctx.problems.alpha).toBeUndefined();
    const s = sector(state, 2);
    expect(s.owner).toBe("beta");
    expect(s.annexedTo).toBe("alpha");
    expect(s.defence.level).toBe(2);
    expect(s.permission).toEqual([]);
    expect(state.units.G2?.owner).toBe("beta");
    expect(state.units.G2?.ships).toEqual([]);
    const fleet = state.units.A100;
    expect(fleet?.owner).toBe("alpha");
    expect(fleet?.kind).toBe("starfleet");
    expect(fleet?.sector).toBe(2);
    expect(count(fleet)).toBe(2);
    expect(fleet?.admirals).toEqual(["ADM1"]);
    expect(state.admirals.ADM1?.unit).toBe("A100");
    expect(ctx.events.some((e) => e.kind === "ownership" && e.how === "gift" && e.to === "all")).toBe(true);
  });

  it("fails without acceptance, without a token force, for a sector not yours, and past 2 a turn", () => {
    const state = tinyGalaxy({ sectors: 9, owners: { 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha", 6: "alpha", 9: "beta" } });
    addUnit(state, "A1", "beta", 3, [[BIRD, 1]]);
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "giveSector", sector: 6, empire: "beta" }, // no beta starship near 6
          { type: "giveSector", sector: 9, empire: "beta" }, // not alpha's
          { type: "giveSector", sector: 2, empire: "beta" },
          { type: "giveSector", sector: 3, empire: "beta" },
          { type: "giveSector", sector: 4, empire: "beta" }, // third gift
        ],
      }),
      final.sectorsGifted,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["no-token-force", "not-your-sector", "gift-limit"]);
    expect([2, 3, 4].map((id) => sector(state, id).owner)).toEqual(["beta", "beta", "alpha"]);

    const refused = galaxy();
    refused.empires.beta!.toward.alpha = { accept: false, passage: false, share: false };
    addUnit(refused, "A1", "beta", 2, [[BIRD, 1]]);
    const c2 = run(ctxFor(refused, { alpha: [{ type: "giveSector", sector: 2, empire: "beta" }] }), final.sectorsGifted);
    expect(codes(c2.problems, "alpha")).toEqual(["gift-refused"]);
  });
});

// --- 3.13 Proclamations Income ------------------------------------------------------------------

describe("chapter 4 'Proclamations Income'", () => {
  const GOOD = "Greetings to all the rulers of the galaxy: the Klingon Empire seeks honour, trade and a glorious peace.";

  it("a suitable proclamation earns 7; too short earns 0; profane or gibberish costs 7", () => {
    expect(rateProclamation(GOOD).income).toBe(7);
    expect(rateProclamation("Hello everyone, peace!").income).toBe(0);
    expect(rateProclamation("").income).toBe(0);
    expect(rateProclamation("Qapla'! You are all shitty little worms and I will crush every one of you soon.").income).toBe(-7);
    expect(rateProclamation("asdfgh qwrtz xcvbn lkjhg zxcvb mnbvc qwrty plmkn bvcxz hjklw").income).toBe(-7);
    expect(rateProclamation("gold gold gold gold gold gold gold gold please give me gold").income).toBe(-7);
    // Numbers are neither words nor gibberish.
    expect(rateProclamation("We will pay 50 resources for sector 12 and 7 more for peace with Romulus.").income).toBe(7);
    // Innocent words that contain a vulgar one are fine.
    expect(rateProclamation("Raise your cocktail glasses in Scunthorpe to the Dickensian splendour of our empire!").income).toBe(7);
  });

  it("one per empire per turn; the event goes to all; the treasury never goes below 0", () => {
    const state = galaxy();
    state.empires.beta!.treasury = 3;
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "proclaim", text: GOOD },
          { type: "proclaim", text: GOOD },
        ],
        beta: [{ type: "proclaim", text: "zzzz xxxx qqqq wwww kkkk pppp ssss tttt rrrr nnnn mmmm" }],
      }),
      final.proclamationsIncome,
    );
    expect(state.empires.alpha?.treasury).toBe(107);
    expect(state.empires.beta?.treasury).toBe(0);
    expect(codes(ctx.problems, "alpha")).toEqual(["one-proclamation"]);
    const procs = ctx.events.filter((e) => e.kind === "proclamation");
    expect(procs.map((e) => (e.kind === "proclamation" ? [e.from, e.income, e.to] : null))).toEqual([
      ["alpha", 7, "all"],
      ["beta", -7, "all"],
    ]);
  });
});

// --- 3.15-3.18 relations ----------------------------------------------------------------------

describe("chapter 4 'Peace Established', 'Alliances Cancelled', 'Alliances Formed'", () => {
  const key = relationKey("alpha", "beta");
  const peace: OrdersBy = { alpha: [{ type: "offerPeace", empire: "beta" }], beta: [{ type: "offerPeace", empire: "alpha" }] };
  const ally: OrdersBy = { alpha: [{ type: "offerAlliance", empire: "beta" }], beta: [{ type: "offerAlliance", empire: "alpha" }] };

  it("peace needs both empires to offer it; then they are neutral", () => {
    const state = galaxy();
    state.relations[key] = "war";
    run(ctxFor(state, { alpha: peace.alpha ?? [] }), final.peaceEstablished);
    expect(state.relations[key]).toBe("war");
    run(ctxFor(state, peace), final.peaceEstablished);
    expect(state.relations[key]).toBe("neutral");
  });

  it("offers to a relation they do not fit fail with a clear code", () => {
    const state = galaxy();
    const ctx = run(
      ctxFor(state, {
        alpha: [
          { type: "offerPeace", empire: "beta" },
          { type: "cancelAlliance", empire: "beta" },
        ],
      }),
      final.peaceEstablished,
      final.alliancesCancelled,
    );
    expect(codes(ctx.problems, "alpha")).toEqual(["not-at-war", "not-allied"]);
    state.relations[key] = "war";
    const c2 = run(ctxFor(state, { alpha: ally.alpha ?? [] }), final.alliancesFormed);
    expect(codes(c2.problems, "alpha")).toEqual(["at-war"]);
  });

  it("'you can't move from enemies to allies in the same turn'", () => {
    const state = galaxy();
    state.relations[key] = "war";
    const ctx = run(
      ctxFor(state, {
        alpha: [...(peace.alpha ?? []), ...(ally.alpha ?? [])],
        beta: [...(peace.beta ?? []), ...(ally.beta ?? [])],
      }),
      final.peaceEstablished,
      final.alliancesCancelled,
      final.alliancesFormed,
    );
    expect(state.relations[key]).toBe("neutral");
    expect(codes(ctx.problems, "alpha")).toEqual(["was-at-war"]);
    // Next turn, from neutral, the alliance forms.
    run(ctxFor(state, ally), final.peaceEstablished, final.alliancesCancelled, final.alliancesFormed);
    expect(state.relations[key]).toBe("alliance");
  });

  it("an alliance needs both offers; either ally can cancel it", () => {
    const state = galaxy();
    run(ctxFor(state, { beta: ally.beta ?? [] }), final.alliancesFormed);
    expect(state.relations[key] ?? "neutral").toBe("neutral");
    run(ctxFor(state, ally), final.alliancesFormed);
    expect(state.relations[key]).toBe("alliance");
    run(ctxFor(state, { beta: [{ type: "cancelAlliance", empire: "alpha" }] }), final.alliancesCancelled);
    expect(state.relations[key]).toBe("neutral");
  });
});

describe("chapter 4 'Info Sharing Changes'", () => {
  it("grants and revokes sharing toward one empire", () => {
    const state = galaxy();
    run(ctxFor(state, { alpha: [{ type: "infoSharing", empire: "beta", grant: true }] }), final.infoSharingChanges);
    expect(state.empires.alpha?.toward.beta).toEqual({ accept: true, passage: false, share: true });
    run(ctxFor(state, { alpha: [{ type: "infoSharing", empire: "beta", grant: false }] }), final.infoSharingChanges);
    expect(state.empires.alpha?.toward.beta?.share).toBe(false);
  });
});

// --- 3.19 Espionage Occurs --------------------------------------------------------------------

describe("chapter 4 'Espionage Occurs'", () => {
  it("costs 35; the report goes to the spy only", () => {
    const state = galaxy();
    addUnit(state, "A1", "beta", 5, [[HAWK, 4]]);
    const ctx = run(ctxFor(state, { alpha: [{ type: "espionage", empire: "beta" }] }), final.espionageOccurs);
    expect(state.empires.alpha?.treasury).toBe(100 - ESPIONAGE_COST);
    const ev = ctx.events.find((e) => e.kind === "espionage");
    expect(ev?.to).toEqual(["alpha"]);
    if (ev?.kind !== "espionage") throw new Error("no report");
    expect(Object.keys(ev.fields)).toEqual([...ESPIONAGE_FIELDS]);
    for (const [field, truth] of Object.entries({ starships: 4, sectorsOwned: 1, starfleets: 1, treasury: 100 })) {
      const v = ev.fields[field];
      expect(v === null || v === truth).toBe(true);
    }
  });

  it("'you may not gain all of the information': each field withheld with 40% (statistical)", () => {
    let withheld = 0;
    let fields = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const state = galaxy();
      const ctx = run(ctxFor(state, { alpha: [{ type: "espionage", empire: "beta" }] }, seed), final.espionageOccurs);
      const ev = ctx.events.find((e) => e.kind === "espionage");
      if (ev?.kind !== "espionage") throw new Error("no report");
      for (const v of Object.values(ev.fields)) {
        fields++;
        if (v === null) withheld++;
      }
    }
    expectProportion(withheld, fields, 0.4);
  });

  it("fails without 35 resources", () => {
    const state = galaxy({ treasury: 34 });
    const ctx = run(ctxFor(state, { alpha: [{ type: "espionage", empire: "beta" }] }), final.espionageOccurs);
    expect(codes(ctx.problems, "alpha")).toEqual(["cannot-afford"]);
  });
});

// --- 3.20 Empire Limits Checked ---------------------------------------------------------------

describe("chapter 4 'Empire Limits Checked' and chapter 5 'Player Status'", () => {
  it("commoner: 0 admirals, 7 annexed sectors; one excess of each removed a turn", () => {
    const state = tinyGalaxy({ sectors: 10, owners: Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => [i, "alpha"])) });
    state.empires.alpha!.status = "commoner";
    state.sectors.forEach((s, i) => {
      s.revenue = 20 - i;
    });
    addUnit(state, "A1", "alpha", 1, [[HAWK, 1]]);
    addAdmiral(state, "ADM1", "alpha", "A1", 30);
    addAdmiral(state, "ADM2", "alpha", "A1", 20);
    run(ctxFor(state), final.empireLimitsChecked);
    expect(Object.keys(state.admirals)).toEqual(["ADM1"]); // the lower tactics resigned
    expect(state.sectors.filter((s) => s.annexedTo === "alpha")).toHaveLength(8);
    expect(sector(state, 9).annexedTo).toBeNull(); // lowest revenue
    run(ctxFor(state), final.empireLimitsChecked);
    expect(Object.keys(state.admirals)).toEqual([]);
    expect(state.sectors.filter((s) => s.annexedTo === "alpha")).toHaveLength(7);
    run(ctxFor(state), final.empireLimitsChecked);
    expect(state.sectors.filter((s) => s.annexedTo === "alpha")).toHaveLength(7);
  });

  it("royalty: 5 admirals and 60 annexed sectors are allowed", () => {
    const state = tinyGalaxy({ sectors: 61, owners: Object.fromEntries(Array.from({ length: 61 }, (_, i) => [i + 1, "alpha"])) });
    addUnit(state, "A1", "alpha", 1, [[HAWK, 1]]);
    for (let i = 1; i <= 6; i++) addAdmiral(state, `ADM${i}`, "alpha", "A1", 50);
    run(ctxFor(state), final.empireLimitsChecked);
    expect(Object.keys(state.admirals)).toHaveLength(5);
    expect(state.admirals.ADM1).toBeUndefined(); // ties broken by id
    expect(state.sectors.filter((s) => s.annexedTo === "alpha")).toHaveLength(60);
    run(ctxFor(state), final.empireLimitsChecked);
    expect(Object.keys(state.admirals)).toHaveLength(5);
  });
});

// --- 3.21 Defeated Empires Removed ---------------------------------------------------------------

describe("chapter 4 'Defeated Empires Removed'", () => {
  it("an empire with no sector and no starship is defeated; its admirals leave; everyone is told", () => {
    const state = tinyGalaxy({ owners: { 1: "alpha" }, empires: ["alpha", "beta", "gamma"] });
    addUnit(state, "A1", "beta", 3, []);
    addAdmiral(state, "ADM1", "beta", "A1");
    addUnit(state, "A2", "gamma", 4, [[BIRD, 1]]); // a starship is enough
    const ctx = run(ctxFor(state), final.defeatedEmpiresRemoved);
    expect(state.empires.alpha?.defeated).toBe(false);
    expect(state.empires.beta?.defeated).toBe(true);
    expect(state.empires.gamma?.defeated).toBe(false);
    expect(state.units.A1).toBeUndefined();
    expect(state.admirals.ADM1).toBeUndefined();
    expect(texts(ctx.events, "gamma").some((t) => t.includes("defeated"))).toBe(true);
  });
});

// --- 3.22 Scouting Occurs ------------------------------------------------------------------------

describe("chapter 4 'Scouting Occurs'", () => {
  it("each sector you own scouts adjacent locations (not across barriers); units see where they are", () => {
    const state = tinyGalaxy({ sectors: 9, owners: { 1: "alpha", 9: "beta" } });
    state.borders = state.borders.map((b) => (b.a === 8 && b.b === 9 ? { ...b, barrier: true } : b));
    addUnit(state, "A1", "alpha", 6, []); // admiral-only units still see their sector
    run(ctxFor(state), final.scoutingOccurs);
    expect(state.empires.alpha?.scouted).toEqual([1, 2, 6]);
    expect(state.empires.beta?.scouted).toEqual([9]);
  });

  it("a starship scouts connected sectors with its chance, and with its bonus their neighbours (statistical)", () => {
    // A Bird of Prey is a Scout: 60% chance, 20% bonus (catalog.ts scoutingOf).
    const n = 1000;
    let near = 0;
    let far = 0;
    for (let seed = 1; seed <= n; seed++) {
      const state = tinyGalaxy({ sectors: 9, owners: { 1: "alpha", 9: "beta" } });
      addUnit(state, "A1", "alpha", 5, [[BIRD, 1]]);
      run(ctxFor(state, {}, seed), final.scoutingOccurs);
      const seen = state.empires.alpha?.scouted ?? [];
      if (seen.includes(4) && seen.includes(6)) near++;
      if (seen.includes(7)) far++;
    }
    expectProportion(near, n, 0.6);
    expectProportion(far, n, 0.6 * 0.2);
  });

  it("info sharing: you gain the scouting of empires that share with you, one hop only", () => {
    const state = tinyGalaxy({ sectors: 9, owners: { 1: "alpha", 5: "beta", 9: "gamma" }, empires: ["alpha", "beta", "gamma"] });
    state.empires.beta!.toward.alpha = { accept: true, passage: false, share: true };
    state.empires.gamma!.toward.beta = { accept: true, passage: false, share: true };
    run(ctxFor(state), final.scoutingOccurs);
    expect(state.empires.alpha?.scouted).toEqual([1, 2, 4, 5, 6]);
    expect(state.empires.beta?.scouted).toEqual([4, 5, 6, 8, 9]);
    expect(state.empires.gamma?.scouted).toEqual([8, 9]);
  });
});

// --- the whole of Final Events ------------------------------------------------------------------

describe("Final Events in chapter 9's order", () => {
  it("a turn without orders: upkeep, revenue, decay in that order", () => {
    const state = galaxy({ treasury: 10 });
    addUnit(state, "G1", "alpha", 1, [[HAWK, 2]]); // upkeep 2
    const ctx = ctxFor(state);
    for (const step of FINAL_EVENTS) {
      ctx.step = step.name;
      step.run(ctx);
    }
    // (10 - 2) x 0.93 = 7.44, then + 20 revenue.
    expect(state.empires.alpha?.treasury).toBe(27.44);
    expect(state.empires.alpha?.scouted).toEqual([1, 2, 3]);
  });

  it("runTurn is deterministic for the same seed", () => {
    const state = galaxy({ treasury: 1 });
    addUnit(state, "G1", "alpha", 1, [[HAWK, 12]]);
    const a = runTurn(state, {}, Rng.fromSeed(9));
    const b = runTurn(state, {}, Rng.fromSeed(9));
    expect(a.state).toEqual(b.state);
    expect(a.events).toEqual(b.events);
    expect(a.state.empires.alpha!.treasury).toBeGreaterThanOrEqual(0);
  });
});
