/**
 * The check, the FAQ's "scroll" (seed 003 chapter 10: "a detailed listing of what
 * will happen in each segment of the game"), says what is certain, gives odds for
 * what is chance, and says "cannot be verified from what you know" where that is
 * the truth (issue 9, item 8; RULINGS.md, "The check").
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { CheckLine } from "../../src/core/ruleset.js";
import { galacticEmpires as ge } from "../../src/rules/galactic-empires/index.js";
import { type GameState, relationKey } from "../../src/rules/galactic-empires/model.js";
import type { Orders } from "../../src/rules/galactic-empires/orders.js";
import { parseGivenOrders } from "../../src/rules/galactic-empires/orders.js";
import { Preview } from "../../src/rules/galactic-empires/preview.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";
import { runTurn } from "../../src/rules/galactic-empires/turn.js";
import { knownState, seenSectors } from "../../src/rules/galactic-empires/view.js";
import { addUnit, HAWK, KTINGA, tinyGalaxy } from "./fixtures.js";

const linesOf = (lines: readonly CheckLine[], step: string) => lines.filter((l) => l.step === step);

describe("chapter 4 'Admirals Hired': the check says an admiral will be hired, not who", () => {
  it("name, id and skills are rolled when the turn runs: the check gives their ranges, never one roll as a fact", () => {
    const s = createTutorial(1);
    const orders: Orders = { orders: [{ type: "hireAdmiral", unit: "G1" }] };
    const check = ge.check(s, "klingon", orders);
    const hired = linesOf(check.lines, "Admirals Hired");
    expect(hired).toHaveLength(1);
    expect(hired[0]?.text).toBe(
      "An admiral will be hired at Qo'noS (1) into G1 for 15. Name, id and skills are rolled then: tactics and siegecraft 1 to 50 each (most often near 25), corvette combat 5 to 20, hit points 0.5 to 2.",
    );
    expect(hired[0]?.certainty).toBe("certain");
    // The turn itself rolls them.
    const res = ge.resolve(s, { klingon: orders }, Rng.forTurn(1, 1));
    const roll = res.events.find((e) => e.kind === "message" && e.step === "Admirals Hired");
    expect(roll?.kind === "message" && roll.text).toMatch(/^Admiral \w+ \(ADM2\) hired at Qo'noS \(1\) into G1: tactics \d+/);
  });

  it("a new starfleet's id is given when the turn runs: the check names it by its ref", () => {
    const s = createTutorial(1);
    const check = ge.check(s, "klingon", { orders: [{ type: "formFleet", ref: "strike", at: "G1", name: "Strike Group" }] });
    expect(linesOf(check.lines, "New Starfleets Formed")[0]?.text).toBe(
      'New starfleet Strike Group (ref "strike"; its id is given when the turn runs) formed in sector 1 by G1.',
    );
  });
});

/** Alpha's fleet in sector 2 against beta's in sector 3 (which alpha sees from its sector 2), at war: a battle in doubt. */
function contested(): GameState {
  const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 5: "beta" } });
  s.relations[relationKey("alpha", "beta")] = "war";
  addUnit(s, "A1", "alpha", 2, [[HAWK, 3]], { admirals: ["ADM1"], leader: "ADM1" });
  s.admirals.ADM1 = { id: "ADM1", owner: "alpha", name: "General Martok", tactics: 40, siegecraft: 10, combat: 10, hits: 1, unit: "A1" };
  addUnit(s, "A2", "beta", 3, [
    [HAWK, 3],
    [KTINGA, 3],
  ]);
  return s;
}
const ATTACK: Orders = {
  orders: [
    { type: "retreatLevel", unit: "A1", level: 5 },
    { type: "travel", unit: "A1", to: 3 },
  ],
};

describe("chapter 6: a battle's outcome is chance, and the check gives its odds", () => {
  it("what comes before the battle is certain; the battle comes with its odds; what follows says it is chance and how often it came out so", () => {
    const check = ge.check(contested(), "alpha", ATTACK);
    const admin = linesOf(check.lines, "Various Administrative Actions Performed")[0];
    expect(admin).toMatchObject({ certainty: "certain", text: "A1 (A1) will retreat when rank 5 is empty." });
    expect(linesOf(check.lines, "Phase 1: Starfleets Travel")[0]?.certainty).toBe("certain");
    const battle = linesOf(check.lines, "Phase 1: Space Battles are Fought").find((l) => l.text.startsWith("a battle"));
    expect(battle?.certainty).toBe("chance");
    expect(battle?.text).toMatch(
      /^a battle will be fought at 3 Sector 3; its outcome is chance: odds from 200 simulated battles: you hold the field in \d+%, no one in \d+%, the other side in \d+%; A1 retreats in \d+% and is destroyed in \d+%, losing \d+\.\d starships on average; General Martok \(ADM1\) is killed in \d+%$/,
    );
    const after = check.lines.filter((l) => l.step.startsWith("Phase 1: Sector Ownership") || l.step === "Upkeep Paid");
    expect(after.length).toBeGreaterThan(0);
    for (const l of after) {
      expect(l.certainty).toBe("chance");
      expect(l.text).toMatch(/\(chance: in \d+ of 20 trial runs of the turn; depends on the battle at 3 Sector 3(; .*)?\)$/);
    }
    // A death in battle is never stated as a fact.
    for (const l of check.lines) if (/was killed/.test(l.text)) expect(l.certainty).toBe("chance");
  });

  it("the odds the check gives agree with the turn: who holds the field, over 400 turns with other dice (tolerance 4 standard errors)", () => {
    const check = ge.check(contested(), "alpha", ATTACK);
    const text = check.lines.find((l) => l.text.startsWith("a battle will be fought"))?.text ?? "";
    const said = Number(/you hold the field in (\d+)%/.exec(text)?.[1]) / 100;
    const n = 400;
    let held = 0;
    for (let seed = 1; seed <= n; seed++) {
      const res = ge.resolve(contested(), { alpha: ATTACK }, Rng.forTurn(seed, 1));
      const b = res.events.find((e) => e.kind === "battle");
      if (b?.kind === "battle" && b.report.holders.includes("alpha")) held++;
    }
    const p = held / n;
    expect(p).toBeGreaterThan(0.05); // a contested battle, or the test says nothing
    expect(p).toBeLessThan(0.95);
    // The check's figure is rounded to a whole % from 200 battles: its error and the turns' add up.
    const se = Math.sqrt(p * (1 - p) * (1 / 200 + 1 / n));
    expect(Math.abs(said - p)).toBeLessThanOrEqual(4 * se + 0.005);
  });

  it("an order that fails whatever the dice is still a problem; one that fails only on some dice 'may fail' and is not", () => {
    const orders: Orders = {
      orders: [...ATTACK.orders, { type: "travel", unit: "A1", to: 999 }],
    };
    const check = ge.check(contested(), "alpha", orders);
    const bad = check.lines.find((l) => l.order === "#2 travel A1 -> 999" && l.step !== "Orders");
    expect(bad?.certainty).toBe("chance");
    // It fails in every run of the dice (out of sector range, or after a retreat, or with its fleet destroyed).
    expect(bad?.text).toMatch(
      /^will fail: .*\(chance: the order fails in 20 of 20 trial runs of the turn; depends on the battle at 3 Sector 3(; .*)?\)$/,
    );
    expect(check.problems.map((p) => p.order)).toContain("#2 travel A1 -> 999");
    for (const l of check.lines) if (l.text.startsWith("may fail")) expect(check.problems.map((p) => p.order)).not.toContain(l.order);
  });
});

describe("the check first, its odds after (issue 11: a check shown within 100 ms as the player types)", () => {
  it("asked without odds, every line after the dice says 'odds follow'; the rest is the check with odds, line for line", () => {
    const quick = ge.check(contested(), "alpha", ATTACK, { odds: false });
    const full = ge.check(contested(), "alpha", ATTACK);
    expect(quick.oddsFollow).toBe(true);
    expect(full.oddsFollow).toBeUndefined();
    expect(quick.lines.map(({ step, order, ok, certainty }) => ({ step, order, ok, certainty }))).toEqual(
      full.lines.map(({ step, order, ok, certainty }) => ({ step, order, ok, certainty })),
    );
    quick.lines.forEach((l, i) => {
      if (l.certainty !== "chance") expect(l.text).toBe(full.lines[i]?.text);
      else expect(l.text).toMatch(/odds follow/);
      expect(l.text).not.toMatch(/trial runs|simulated battles/);
    });
    expect(linesOf(quick.lines, "Phase 1: Space Battles are Fought").find((l) => l.text.startsWith("a battle"))?.text).toBe(
      "a battle will be fought at 3 Sector 3; its outcome is chance (odds follow)",
    );
    for (const l of quick.lines.filter((l) => l.step === "Upkeep Paid"))
      expect(l.text).toMatch(/\(chance: odds follow; depends on the battle at 3 Sector 3(; .*)?\)$/);
    // Same state, orders and seed: the same answer.
    expect(ge.check(contested(), "alpha", ATTACK, { odds: false })).toEqual(quick);
  });

  it("an order seen failing after the dice 'may fail' until the odds come, and stays a problem meanwhile (a cautious verdict)", () => {
    const orders: Orders = { orders: [...ATTACK.orders, { type: "travel", unit: "A1", to: 999 }] };
    const quick = ge.check(contested(), "alpha", orders, { odds: false });
    const bad = quick.lines.find((l) => l.order === "#2 travel A1 -> 999" && l.step !== "Orders");
    expect(bad?.text).toMatch(/^may fail: .*\(chance: odds follow; depends on the battle at 3 Sector 3(; .*)?\)$/);
    expect(quick.problems.map((p) => p.order)).toContain("#2 travel A1 -> 999");
    expect(quick.ok).toBe(false);
  });

  it("orders that roll no dice leave nothing to follow: the check without odds is the check with them", () => {
    const s = createTutorial(1);
    const orders: Orders = { orders: [{ type: "hireAdmiral", unit: "G1" }] };
    const quick = ge.check(s, "klingon", orders, { odds: false });
    expect(quick.oddsFollow).toBeUndefined();
    expect(quick).toEqual(ge.check(s, "klingon", orders));
  });
});

describe("only what the dice touch is chance (issue 9 item 8, loose end: not every line after the first die)", () => {
  /** contested(), and a second alpha starfleet far from the battle, in sectors 6-7 of a longer line. */
  function withBystander(): GameState {
    const s = tinyGalaxy({ sectors: 7, owners: { 1: "alpha", 2: "alpha", 5: "beta", 6: "alpha", 7: "alpha" } });
    const c = contested();
    s.relations = c.relations;
    s.units = c.units;
    s.admirals = c.admirals;
    addUnit(s, "A3", "alpha", 7, [[HAWK, 2]]);
    return s;
  }
  const ORDERS: Orders = {
    orders: [...ATTACK.orders, { type: "wait", unit: "A3" }, { type: "travel", unit: "A3", to: 6 }],
  };

  it("a fleet that travels after the battle, far from it, travels for certain; what the battle touches stays chance", () => {
    const check = ge.check(withBystander(), "alpha", ORDERS);
    const battle = check.lines.find((l) => l.text.startsWith("a battle will be fought at 3 Sector 3"));
    expect(battle?.certainty).toBe("chance");
    const bystander = check.lines.find((l) => l.step === "Phase 2: Starfleets Travel" && l.text.startsWith("A3 travelled from 7"));
    expect(bystander).toMatchObject({ certainty: "certain" });
    expect(bystander?.text).toBe("A3 travelled from 7 Sector 7 to 6 Sector 6 (cost 1; 1 move point left)");
    // The battle's own consequences, and the treasury its losses change, are still chance.
    const after = check.lines.filter((l) => l.step.startsWith("Phase 1: Sector Ownership") || l.step === "Upkeep Paid");
    expect(after.length).toBeGreaterThan(0);
    for (const l of after) expect(l.certainty, l.text).toBe("chance");
    const later = check.lines.slice(check.lines.indexOf(battle as CheckLine) + 1);
    const touched = later.filter((l) => /A1|Sector 3|Martok/.test(l.text));
    expect(touched.length).toBeGreaterThan(0);
    for (const l of touched) expect(l.certainty, l.text).toBe("chance");
  });

  it("a fleet that enters the sector of the battle after it is chance: who holds it is", () => {
    const s = withBystander();
    s.units.A3!.sector = 4;
    const moved: Orders = { orders: [...ATTACK.orders, { type: "wait", unit: "A3" }, { type: "travel", unit: "A3", to: 3 }] };
    const check = ge.check(s, "alpha", moved);
    const into = check.lines.find((l) => l.step === "Phase 2: Starfleets Travel" && l.text.startsWith("A3 travelled"));
    expect(into?.certainty).toBe("chance");
    expect(into?.text).toMatch(/\(chance: in \d+ of 20 trial runs of the turn; depends on the battle at 3 Sector 3/);
  });

  it("a line called certain comes out so whatever the dice: every one is in each of 12 runs of the turn with other dice (random frontier games, and the case above)", () => {
    const cases: { state: GameState; seat: string; orders: Orders }[] = [{ state: withBystander(), seat: "alpha", orders: ORDERS }];
    for (let seed = 1; seed <= 3; seed++) {
      let state = ge.scenarios.frontier?.create(seed, {}) as GameState;
      for (let t = 0; t < 3; t++) {
        const orders: Record<string, Orders> = {};
        for (const seat of ge.awaiting(state)) orders[seat] = ge.randomOrders(state, seat, Rng.forTurn(seed, t, seat));
        for (const seat of ge.awaiting(state).slice(0, 2)) cases.push({ state, seat, orders: orders[seat] as Orders });
        state = ge.resolve(state, orders, Rng.forTurn(seed, state.turn)).state;
      }
    }
    let certainAfterChance = 0;
    for (const { state, seat, orders } of cases) {
      const check = ge.check(state, seat, orders);
      const { orders: parsed, positions } = parseGivenOrders(orders);
      const known = knownState(state, seat);
      const runs: Set<string>[] = [];
      for (let k = 0; k < 12; k++) {
        const p = new Preview(seat, seenSectors(state, seat), state.seed, false);
        const r = runTurn(
          known,
          { [seat]: parsed.orders },
          Rng.forTurn(state.seed * 1000 + k, state.turn, "other dice"),
          { [seat]: positions },
          p,
        );
        runs.push(
          new Set(
            r.events
              .filter((e) => e.kind === "message" && (e.to === "all" || e.to.includes(seat)))
              .map((e) => `${e.step}|${(e as { text: string }).text}`),
          ),
        );
      }
      let chance = false;
      for (const l of check.lines) {
        if (l.step === "Orders" || l.order !== "") continue;
        if (l.certainty === "chance") chance = true;
        if (l.certainty !== "certain") continue;
        if (chance) certainAfterChance++;
        for (const r of runs) expect(r.has(`${l.step}|${l.text}`), `${seat} turn ${state.turn}: ${l.step}: ${l.text}`).toBe(true);
      }
    }
    expect(certainAfterChance).toBeGreaterThan(0);
  });

  it("a fleet that takes an empty independent sector after a battle against independents elsewhere takes it for certain", () => {
    const s = withBystander();
    s.units.A2!.owner = "independent";
    s.sectors[5]!.owner = "independent";
    s.sectors[5]!.annexedTo = null;
    addUnit(s, "A3", "alpha", 7, [[KTINGA, 4]]);
    const check = ge.check(s, "alpha", ORDERS);
    expect(check.lines.find((l) => l.text.startsWith("a battle will be fought at 3 Sector 3"))?.certainty).toBe("chance");
    const taken = check.lines.find((l) => l.step === "Phase 2: Sector Ownership Changes" && l.text.startsWith("6 Sector 6 was taken"));
    expect(taken).toMatchObject({ certainty: "certain", text: "6 Sector 6 was taken by alpha from independent" });
  });

  it("with no dice at all, every line of the turn is certain", () => {
    const check = ge.check(withBystander(), "alpha", {
      orders: [
        { type: "wait", unit: "A3" },
        { type: "travel", unit: "A3", to: 6 },
      ],
    });
    for (const l of check.lines) if (l.certainty !== "unknown") expect(l.certainty ?? "certain", l.text).toBe("certain");
  });
});

describe("what the empire cannot see or know: 'cannot be verified from what you know'", () => {
  it("chapter 4 'Resources Sent': a route to a garrison out of sight is not 'no-route' in the check; the turn sends the resources", () => {
    // Alpha owns 1-2, beta owns 3-5; alpha sees 1-3, not beta's garrison at 5.
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 3: "beta", 4: "beta", 5: "beta" } });
    s.empires.beta!.toward.alpha = { accept: true, passage: true, share: false };
    addUnit(s, "G1", "alpha", 1, [[HAWK, 1]]);
    addUnit(s, "G5", "beta", 5, [[HAWK, 1]]);
    const orders: Orders = { orders: [{ type: "sendResources", empire: "beta", amount: 10 }] };
    const check = ge.check(s, "alpha", orders);
    expect(check.problems).toEqual([]);
    const line = linesOf(check.lines, "Resources Sent")[0];
    expect(line).toMatchObject({ order: "#0 sendResources beta", certainty: "unknown" });
    expect(line?.text).toMatch(/^whether 10 resources reach Beta cannot be verified from what you know/);
    const res = ge.resolve(s, { alpha: orders }, Rng.forTurn(1, 1));
    expect(res.problems.alpha ?? []).toEqual([]);
    expect(res.state.empires.beta!.treasury).toBeGreaterThan(100);
  });

  it("chapter 4 'Resources Sent': with no route even through what it cannot see, the check says the order will fail", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 5: "beta" } });
    addUnit(s, "G1", "alpha", 1, [[HAWK, 1]]);
    addUnit(s, "G5", "beta", 5, [[HAWK, 1]]);
    const check = ge.check(s, "alpha", { orders: [{ type: "sendResources", empire: "beta", amount: 10 }] });
    expect(check.problems.map((p) => p.code)).toEqual(["no-route"]);
  });

  it("chapter 4 'Alliances Formed' and 'Peace Established': whether the other side offers too is another empire's order", () => {
    const s = createTutorial(1);
    s.relations[relationKey("klingon", "romulan")] = "war";
    const check = ge.check(s, "klingon", {
      orders: [
        { type: "offerAlliance", empire: "federation" },
        { type: "offerPeace", empire: "romulan" },
      ],
    });
    expect(check.problems).toEqual([]);
    const unknown = check.lines.filter((l) => l.certainty === "unknown" && l.order !== "");
    expect(unknown.map((l) => l.order)).toEqual(["#1 offerPeace romulan", "#0 offerAlliance federation"]);
    for (const l of unknown) expect(l.text).toMatch(/cannot be verified from what you know/);
    expect(check.lines.some((l) => /did not offer/.test(l.text))).toBe(false);
  });

  it("travel into a sector out of sight, and a search: what is there is not known", () => {
    const s = createTutorial(1);
    s.units.A5!.sector = 3; // Narendra: from there 4 Nimbus (Romulan, unseen by the Klingons) is next door
    s.relations[relationKey("klingon", "romulan")] = "war";
    const check = ge.check(s, "klingon", { orders: [{ type: "travel", unit: "A5", to: 4 }] });
    const unseen = check.lines.find((l) => l.certainty === "unknown" && l.order === "#0 travel A5 -> 4");
    expect(unseen?.text).toMatch(/^what waits in 4 Nimbus cannot be verified from what you know: it is out of your sight/);
  });

  it("chapter 4 'Espionage Occurs': the check promises a report, never figures (it does not know them)", () => {
    const s = createTutorial(1);
    const check = ge.check(s, "klingon", { orders: [{ type: "espionage", empire: "romulan" }] });
    const line = linesOf(check.lines, "Espionage Occurs")[0];
    expect(line?.text).toMatch(/^Agents will report on Romulan Star Empire for 35: each of 8 figures .* reaches you with 60% chance\.$/);
  });
});
