/**
 * The bots (src/rules/galactic-empires/bot/): legal orders, determinism, no
 * hidden information, chapter 9's advice, the independents of chapter 8, and the
 * measured strength of the normal bot.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { mixSeed, Rng } from "../../src/core/rng.js";
import { measure } from "../../src/host/match.js";
import { botOrdersFor, playStates } from "../../src/host/play.js";
import {
  annexedToIndependents,
  GARRISON_CAP_FACTOR,
  INDEPENDENT_REVENUE_SHARE,
  independentOrders,
  independentPool,
  withIndependentPool,
} from "../../src/rules/galactic-empires/bot/independents.js";
import { BOT_LEVELS, BOTS, type BotLevel } from "../../src/rules/galactic-empires/bot/index.js";
import { rankByCombat } from "../../src/rules/galactic-empires/bot/odds.js";
import { verdict } from "../../src/rules/galactic-empires/bot/verdict.js";
import { checkOrders } from "../../src/rules/galactic-empires/check.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { type GameState, INDEPENDENT } from "../../src/rules/galactic-empires/model.js";
import type { Order, Orders } from "../../src/rules/galactic-empires/orders.js";
import { seenSectors } from "../../src/rules/galactic-empires/view.js";
import { addUnit, HAWK, KTINGA, NEGHVAR, tinyGalaxy } from "./fixtures.js";

const VORCHA = "klingon/vor-cha-battlecruiser";

/** Every empire has scouted every sector (chapter 4, "Scouting Occurs"): what it sees of its neighbours. */
function see(s: GameState): GameState {
  for (const e of Object.values(s.empires)) e.scouted = s.sectors.map((x) => x.id);
  return s;
}
const AKULA = "federation-c/akula-class-destroyer";
const MIRANDA = "federation-c/miranda-class-cruiser";

/**
 * Problem codes a bot's order can still get in the real turn, and why: each
 * depends on what the bot cannot know when it writes its orders - the other
 * empires' and the independents' orders of the same turn, and the dice. In the
 * check (the empire's orders alone, on the state it knows) none of them happens;
 * rulings-bots.md, "Bots' orders and the check".
 */
const REAL_TURN_ONLY = new Set([
  // A unit destroyed or a garrison's sector taken earlier in the turn: its later orders.
  "unit-lost",
  // A battle (with forces that arrived this turn) used up the move points a pillage needed.
  "no-move-points",
  // A sector on the route changed owner earlier in the turn: entering it costs 2, or is refused.
  "not-enough-move-points",
  "unit-stopped",
  "refused-entry",
  // A unit that retreated or was moved by a battle before its next travel.
  "retreated",
  // The sector was taken before Final Events: no building, annexing, constructing or pillaging there.
  "sector-lost",
  "not-owner",
  "not-your-sector",
  "moved",
  // Another empire declared war, made peace or allied in the same turn.
  "at-war",
  "not-at-war",
  "already-at-war",
  "already-allied",
  "not-allied",
  "was-at-war",
  "has-permission",
  // Other units pillaged first, or losses left too little to pillage with.
  "already-pillaged",
  "too-weak",
  // Resources sent: a sector on the convoy's route, or the recipient's garrison, changed owner during movement.
  "no-route",
  // Transfers between units separated by a retreat.
  "never-met",
  // An enemy moved into the sector ours left, in the same phase, and won on the border.
  "lost-border-battle",
  // Money: battle losses cannot raise costs, but another empire's gift refusal etc. cannot cost either; kept for completeness.
  "cannot-afford",
  "did-not-search",
  "not-enough-workers",
]);

function play(
  scenario: string,
  seed: number,
  levels: (seat: string, i: number) => BotLevel,
  turns: number,
  visit: (state: GameState, orders: Record<string, { orders: Order[] }>) => void,
) {
  const sc = galacticEmpires.scenarios[scenario];
  if (!sc) throw new Error(scenario);
  let state = sc.create(seed, {});
  const seats = galacticEmpires.seats(state);
  const lv: Record<string, BotLevel> = {};
  seats.forEach((s, i) => {
    lv[s] = levels(s, i);
  });
  for (let t = 0; t < turns && !galacticEmpires.outcome(state); t++) {
    const orders = botOrdersFor(galacticEmpires, state, state.seed, lv) as Record<string, Orders>;
    visit(state, orders);
    const res = galacticEmpires.resolve(state, orders, Rng.forTurn(state.seed, state.turn));
    for (const seat of seats) {
      for (const p of res.problems[seat] ?? []) {
        expect(REAL_TURN_ONLY.has(p.code), `${lv[seat]} bot of ${seat}, turn ${state.turn}: ${p.order}: ${p.code} ${p.message}`).toBe(true);
      }
    }
    state = res.state;
  }
  return state;
}

describe("bots: every order passes the check (the FAQ's scroll)", () => {
  const cases: [string, number, number][] = [
    ["tutorial", 1, 12],
    ["tutorial", 2, 12],
    ["frontier", 1, 14],
    ["frontier", 2, 14],
    ["alpha-beta-quadrants", 1, 3],
  ];
  for (const [scenario, seed, turns] of cases) {
    it(`${scenario} seed ${seed}: normal, easy, passive and random bots, ${turns} turns; real-turn failures only those that depend on others' orders or dice`, () => {
      let checked = 0;
      play(
        scenario,
        seed,
        (_, i) => BOT_LEVELS[(i + seed) % BOT_LEVELS.length] as BotLevel,
        turns,
        (state, orders) => {
          for (const [seat, o] of Object.entries(orders)) {
            const c = checkOrders(state, seat, o as never);
            expect(c.problems, `${seat} turn ${state.turn}`).toEqual([]);
            checked += o.orders.length;
          }
        },
      );
      expect(checked).toBeGreaterThan(20);
    }, 120_000);
  }
});

describe("bots: deterministic and blind to hidden state", () => {
  it("same state, seat and generator: the same orders; a whole all-bot game re-runs identically", () => {
    const levels = (_: string, i: number) => (["normal", "easy", "random"] as const)[i % 3] as BotLevel;
    const a = play("tutorial", 5, levels, 6, () => {});
    const b = play("tutorial", 5, levels, 6, () => {});
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    const state = galacticEmpires.scenarios.frontier?.create(3, {}) as GameState;
    for (const level of BOT_LEVELS) {
      const x = BOTS[level](state, "klingon", Rng.fromSeed(9));
      const y = BOTS[level](structuredClone(state), "klingon", Rng.fromSeed(9));
      expect(canonicalJson(x), level).toBe(canonicalJson(y));
    }
  });

  it("a bot's orders are identical whether or not hidden foreign units exist (out of sight or cloaked), and whatever foreign treasuries and admirals hold", () => {
    for (const scenario of ["tutorial", "frontier"]) {
      const sc = galacticEmpires.scenarios[scenario];
      if (!sc) throw new Error(scenario);
      const lv: Record<string, BotLevel> = {};
      const start = sc.create(4, {});
      for (const s of galacticEmpires.seats(start)) lv[s] = "normal";
      const state = playStates(galacticEmpires, start, start.seed, lv, 3).state;
      for (const seat of galacticEmpires.seats(state)) {
        const seen = seenSectors(state, seat);
        const hidden = structuredClone(state);
        const other = Object.keys(state.empires).find((e) => e !== seat) as string;
        const unseen = state.sectors.find((s) => !seen.has(s.id));
        if (unseen) addUnit(hidden, "A9001", other, unseen.id, [[NEGHVAR, 40, 5]]);
        const near = [...seen].find((id) => state.sectors.find((s) => s.id === id)?.owner !== seat);
        if (near !== undefined) addUnit(hidden, "A9002", other, near, [[VORCHA, 30, 5]], { cloaked: true });
        addUnit(hidden, "A9003", INDEPENDENT, unseen?.id ?? 1, [[AKULA, 50]]);
        for (const e of Object.values(hidden.empires)) if (e.id !== seat) e.treasury = 9999;
        for (const a of Object.values(hidden.admirals)) if (a.owner !== seat) a.tactics = 100;
        for (const level of BOT_LEVELS) {
          const x = BOTS[level](state, seat, Rng.forTurn(7, state.turn, seat));
          const y = BOTS[level](hidden, seat, Rng.forTurn(7, state.turn, seat));
          expect(canonicalJson(y), `${scenario} ${seat} ${level}`).toBe(canonicalJson(x));
        }
      }
    }
  }, 60_000);
});

describe("the normal bot plays as chapter 9 advises", () => {
  /** Sectors 1-5 in a row; alpha holds 1 (an industrial centre) and 2. */
  function frontierState(): GameState {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha" }, sectors: 5, empires: ["alpha", "beta"], treasury: 100 });
    const centre = s.sectors[0];
    if (centre) centre.industry = { maxBuild: 4, builds: [KTINGA, HAWK, NEGHVAR] };
    for (const x of s.sectors) x.revenue = 10;
    return see(s);
  }
  const normal = (s: GameState, seat = "alpha", seed = 1) => BOTS.normal(s, seat, Rng.fromSeed(seed)).orders;

  it("chapter 9 'What to do when you're new' 4): starships leave the garrison in a new starfleet and take the independent next door", () => {
    const s = frontierState();
    addUnit(s, "G1", "alpha", 1, [[NEGHVAR, 2, 5]]);
    const orders = normal(s);
    expect(orders).toContainEqual({ type: "formFleet", ref: "bot1", at: "G1" });
    expect(orders).toContainEqual(expect.objectContaining({ type: "transfer", from: "G1", to: "bot1", starship: NEGHVAR }));
    expect(orders).toContainEqual({ type: "travel", unit: "bot1", to: 2 });
    expect(orders).toContainEqual({ type: "travel", unit: "bot1", to: 3 });
    expect(checkOrders(s, "alpha", { empire: "alpha", turn: 1, orders }).problems).toEqual([]);
  });

  it("chapter 9 'Put Your Worst Starships Up Front': fodder in rank 1, heavies in rank 5", () => {
    expect([...rankByCombat([NEGHVAR, KTINGA, HAWK])].sort()).toEqual(
      [
        [HAWK, 3],
        [KTINGA, 1],
        [NEGHVAR, 5],
      ].sort(),
    );
    const s = frontierState();
    addUnit(s, "A1", "alpha", 2, [
      [NEGHVAR, 2, 1],
      [KTINGA, 4, 5],
    ]);
    addUnit(s, "A2", "beta", 3, [[NEGHVAR, 9, 5]]);
    s.sectors[2] = { ...(s.sectors[2] as GameState["sectors"][number]), owner: "beta", annexedTo: "beta" };
    const orders = normal(s);
    expect(orders).toContainEqual({ type: "reassign", unit: "A1", starship: NEGHVAR, toRank: 5 });
    expect(orders).toContainEqual({ type: "reassign", unit: "A1", starship: KTINGA, toRank: 1 });
  });

  it("chapter 9 'Compare your force with the neighbouring independent': uses the battle odds - no attack on a far stronger garrison, an attack on a weaker one", () => {
    const strong = frontierState();
    addUnit(strong, "A1", "alpha", 2, [[NEGHVAR, 2, 5]]);
    addUnit(strong, "G3", INDEPENDENT, 3, [[MIRANDA, 20]]);
    expect(normal(strong).filter((o) => o.type === "travel" && o.to === 3)).toEqual([]);
    const weak = frontierState();
    addUnit(weak, "A1", "alpha", 2, [[NEGHVAR, 4, 5]]);
    addUnit(weak, "G3", INDEPENDENT, 3, [[AKULA, 1]]);
    expect(normal(weak)).toContainEqual({ type: "travel", unit: "A1", to: 3 });
  });

  it("chapter 9 'Use Starfleets Together': two starfleets converge, the nearer holding position so both arrive in the same phase", () => {
    // 1 - 2 - 3 - 4 (independent, defended); alpha holds 1-3; Vor'Cha (move 4) at 1, Negh'var (move 3) at 3.
    const s = see(tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "alpha" }, sectors: 5, empires: ["alpha", "beta"], treasury: 0 }));
    addUnit(s, "A1", "alpha", 2, [[VORCHA, 3, 5]]);
    addUnit(s, "A2", "alpha", 3, [[NEGHVAR, 3, 5]]);
    addUnit(s, "G4", INDEPENDENT, 4, [
      [AKULA, 6],
      [MIRANDA, 3],
    ]);
    const orders = normal(s);
    const of = (u: string) =>
      orders.filter((o) => "unit" in o && o.unit === u && (o.type === "travel" || o.type === "wait")).map((o) => o.type);
    expect(of("A1")).toEqual(["travel", "travel"]);
    expect(of("A2")).toEqual(["wait", "travel"]);
    expect(checkOrders(s, "alpha", { empire: "alpha", turn: 1, orders }).problems).toEqual([]);
  });

  it("chapter 9 'Pillage what you can't annex': a commoner at its 7 annexed sectors pillages its other sectors; it annexes the most valuable first", () => {
    const s = see(
      tinyGalaxy({
        owners: { 1: "alpha", 2: "alpha", 3: "alpha", 4: "alpha", 5: "alpha", 6: "alpha", 7: "alpha", 8: "alpha", 9: "alpha" },
        sectors: 10,
        empires: ["alpha", "beta"],
        treasury: 100,
      }),
    );
    const alpha = s.empires.alpha;
    if (alpha) alpha.status = "commoner";
    s.sectors.forEach((x, i) => {
      x.revenue = 10 + i;
      if (i >= 5 && i <= 8) x.annexedTo = null;
    });
    // Annexed: 1-5 (5 of 7). Not annexed: 6, 7, 8, 9: the two worth most (9, 8) are annexed; 6 and 7 are pillaged.
    addUnit(s, "A1", "alpha", 6, [[NEGHVAR, 1]]);
    addUnit(s, "A2", "alpha", 7, [[NEGHVAR, 1]]);
    addUnit(s, "A3", "alpha", 9, [[NEGHVAR, 1]]);
    const orders = normal(s);
    expect(orders.filter((o) => o.type === "annex")).toEqual([
      { type: "annex", sector: 9 },
      { type: "annex", sector: 8 },
    ]);
    expect(orders).toContainEqual({ type: "pillage", unit: "A1" });
    expect(orders).toContainEqual({ type: "pillage", unit: "A2" });
    // A3 does not pillage its own sector 9 (it is annexed this turn): it takes the independent 10 and pillages that.
    expect(orders.filter((o) => "unit" in o && o.unit === "A3")).toEqual([
      { type: "travel", unit: "A3", to: 10 },
      { type: "pillage", unit: "A3" },
    ]);
  });

  it("chapter 9 'Make sure you build more starships': the industrial centre fills its slots with its hardest-hitting type, within the treasury after upkeep", () => {
    const s = frontierState();
    addUnit(s, "G1", "alpha", 1, [[KTINGA, 1]]);
    const build = normal(s).filter((o) => o.type === "build");
    // 100 - 0.3 upkeep = 99.7: five Negh'vars would cost 85 but the centre builds 4 a turn.
    expect(build).toEqual([{ type: "build", unit: "G1", starship: NEGHVAR, count: 4, rank: 5 }]);
  });

  it("chapter 9 'Offer alliances to those you want to befriend': one ally at a time, a neighbour at least 80% its size; peace offered to enemies it does not target", () => {
    const s = see(
      tinyGalaxy({ owners: { 1: "alpha", 2: "beta", 3: "gamma" }, sectors: 4, empires: ["alpha", "beta", "gamma"], treasury: 0 }),
    );
    s.borders.push({ a: 1, b: 3, barrier: false });
    const orders = normal(s);
    // The independent sector 4 is not next to alpha: no independents near, so one neighbour is the target.
    const diplomacy = orders.filter((o) => ["declareWar", "offerAlliance", "offerPeace"].includes(o.type));
    expect(diplomacy.filter((o) => o.type === "declareWar")).toHaveLength(1);
    expect(diplomacy.filter((o) => o.type === "offerAlliance")).toHaveLength(1);
  });

  it("garrisons on the border search for cloaked units; the passive bot never travels into a sector not its own", () => {
    const s = frontierState();
    addUnit(s, "G2", "alpha", 2, [[HAWK, 2]]);
    addUnit(s, "A1", "alpha", 2, [[NEGHVAR, 3, 5]]);
    expect(normal(s)).toContainEqual({ type: "search", unit: "G2" });
    const passive = BOTS.passive(s, "alpha", Rng.fromSeed(1)).orders;
    for (const o of passive) if (o.type === "travel") expect(s.sectors.find((x) => x.id === o.to)?.owner).toBe("alpha");
    expect(passive.some((o) => o.type === "declareWar")).toBe(false);
  });
});

describe("chapter 8, Local Forces: 'build troops and defend its sectors ... only attack sectors that are annexed to it'", () => {
  it("their pool: last pool less 7% decay, plus a share of their sectors' revenue at its damage, less their upkeep", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" }, sectors: 3 });
    s.independentTreasury = 100;
    const s2 = s.sectors[1];
    if (s2) s2.damage = 2; // 65%
    addUnit(s, "G3", INDEPENDENT, 3, [[AKULA, 4]]); // upkeep 4 x 0.5
    // Each sector's share is counted to the hundredth: 0.25 x 6.5 = 1.625 -> 1.63.
    expect(independentPool(s)).toBeCloseTo(100 - 7 + INDEPENDENT_REVENUE_SHARE * (10 * 0.65 + 10) - 2, 1);
    expect(withIndependentPool(s).independentTreasury).toBe(independentPool(s));
    expect(s.independentTreasury).toBe(100);
  });

  it("they build at an industrial centre they own, up to its size, while its garrison is under its cap", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha" }, sectors: 3 });
    const c = s.sectors[2];
    if (c) c.industry = { maxBuild: 3, builds: [AKULA, MIRANDA] };
    addUnit(s, "G3", INDEPENDENT, 3, [[AKULA, 1]]);
    s.independentTreasury = 100;
    const orders = independentOrders(s, Rng.fromSeed(1));
    const built = orders.filter((o) => o.type === "build").reduce((n, o) => n + (o.type === "build" ? o.count : 0), 0);
    expect(built).toBe(3);
    const res = galacticEmpires.resolve(s, {}, Rng.fromSeed(2));
    expect(res.state.units.G3?.ships.reduce((n, x) => n + x.count, 0)).toBe(4);
    const full = structuredClone(s);
    addUnit(full, "G3", INDEPENDENT, 3, [[AKULA, 3 * GARRISON_CAP_FACTOR]]);
    expect(independentOrders(full, Rng.fromSeed(1)).filter((o) => o.type === "build")).toEqual([]);
  });

  it("an independent starfleet retakes a neighbouring sector still annexed to the independents, but never one annexed to an empire", () => {
    const s = tinyGalaxy({ owners: { 2: "alpha", 3: "alpha" }, sectors: 3 });
    const s2 = s.sectors[1];
    if (s2) s2.annexedTo = null; // conquered, not yet annexed: still "local control"
    addUnit(s, "A1", INDEPENDENT, 1, [[MIRANDA, 6]]);
    const orders = independentOrders(s, Rng.fromSeed(1));
    expect(orders).toEqual([{ type: "travel", unit: "A1", to: 2 }]);
    const res = galacticEmpires.resolve(s, {}, Rng.fromSeed(3));
    expect(res.state.sectors[1]?.owner).toBe(INDEPENDENT);
    // Annexed to alpha: left alone, even at war (independents are at war with everyone).
    const annexed = structuredClone(s);
    if (annexed.sectors[1]) annexed.sectors[1].annexedTo = "alpha";
    expect(independentOrders(annexed, Rng.fromSeed(1))).toEqual([]);
    expect(galacticEmpires.resolve(annexed, {}, Rng.fromSeed(3)).state.sectors[1]?.owner).toBe("alpha");
  });

  it("over all-bot games, the independents' moves only ever enter their own sectors or sectors annexed to them, and take only the latter", () => {
    let travels = 0;
    let built = 0;
    for (const [scenario, seed] of [
      ["frontier", 1],
      ["frontier", 6],
      ["tutorial", 3],
    ] as const) {
      const sc = galacticEmpires.scenarios[scenario];
      if (!sc) throw new Error(scenario);
      let state = sc.create(seed, {});
      const lv: Record<string, BotLevel> = {};
      galacticEmpires.seats(state).forEach((e, i) => {
        lv[e] = (["normal", "random", "easy"] as const)[i % 3] as BotLevel;
      });
      for (let t = 0; t < 15 && !galacticEmpires.outcome(state); t++) {
        const orders = botOrdersFor(galacticEmpires, state, state.seed, lv) as Record<string, Orders>;
        const rng = Rng.forTurn(state.seed, state.turn);
        const start = withIndependentPool(state);
        const mine = independentOrders(start, Rng.fromSeed(mixSeed(rng.clone().nextUint32(), state.turn, "independents")));
        for (const o of mine) {
          if (o.type === "build") built += o.count;
          if (o.type !== "travel") continue;
          travels++;
          const to = state.sectors.find((x) => x.id === o.to);
          expect(
            to && (to.owner === INDEPENDENT || annexedToIndependents(to)),
            `${scenario} turn ${state.turn}: ${JSON.stringify(o)}`,
          ).toBe(true);
        }
        const before = new Map(state.sectors.map((x) => [x.id, x.annexedTo]));
        const res = galacticEmpires.resolve(state, orders, rng);
        for (const e of res.events) {
          if (e.kind === "ownership" && e.owner === INDEPENDENT) expect(before.get(e.sector), `sector ${e.sector}`).toBeNull();
        }
        state = res.state;
      }
    }
    // They did build troops. (Their moves are rare in these fast games - the sectors
    // they could retake are annexed by their conquerors the next turn - and are
    // checked one by one above whenever there are any.)
    expect(built).toBeGreaterThan(0);
    expect(travels).toBeGreaterThanOrEqual(0);
  }, 60_000);
});

describe("measured: the normal bot against random-legal and passive bots (frontier, 20 games each)", () => {
  // "Beats" (match.ts `verdict`): at the end of the game - its outcome, or turn 30 -
  // the normal bot's empire owns more sectors than every other empire. In game g the
  // normal bot holds seat (g - 1) mod 6; every other seat is the opponent level.
  // The 50-game measurement is bench/ge-bots.bench.ts.
  for (const opponent of ["random", "passive"] as const) {
    it(`normal beats ${opponent} in at least 85% of 20 games`, () => {
      const t = measure(galacticEmpires, "frontier", "normal", opponent, 20, 30, (s, seat) => verdict(s as GameState, seat));
      expect(t.win + t.draw + t.loss).toBe(20);
      expect(t.win / 20, JSON.stringify(t)).toBeGreaterThanOrEqual(0.85);
    }, 180_000);
  }

  it("verdict: more sectors than every other empire wins, as many as the best draws", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "beta" }, sectors: 5, empires: ["alpha", "beta", "gamma"] });
    expect(verdict(s, "alpha")).toBe("win");
    expect(verdict(s, "beta")).toBe("loss");
    if (s.sectors[3]) s.sectors[3].owner = "beta";
    expect(verdict(s, "alpha")).toBe("draw");
  });
});
