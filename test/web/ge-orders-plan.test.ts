/**
 * The Galactic Empires orders model of the web client (src/web/rulesets/galactic-empires/orders-plan.ts), read
 * as the rulebook: plans made and undone (seed 003 chapter 2, "HQ Plans"), the orders file both views edit, the
 * diplomatic orders a relation allows (chapter 2, "Diplomatic Relations"), a build box's "2/8" (chapter 5), and a
 * starfleet's path, phase by phase, with its move points (chapters 4 and 5, "Move-points"). The Klingons of the
 * tutorial scenario: Patrol Force 2 (A5, 2 move points) at Khitomer (2), the garrison G1 at Qo'noS (1).
 */
import { describe, expect, it } from "vitest";
import { shipType } from "../../src/rules/galactic-empires/catalog.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { parseOrders } from "../../src/rules/galactic-empires/orders.js";
import { viewFor } from "../../src/rules/galactic-empires/view.js";
import {
  addOrder,
  buildBoxes,
  diplomaticOrders,
  forTurn,
  linesByStep,
  movePointsOf,
  newFleets,
  type Plan,
  pathOf,
  pathSteps,
  planArrows,
  plannableFleets,
  plannedSpending,
  readPlan,
  removeOrder,
  replaceOrder,
  rulingsByOrder,
  setPath,
  writePlan,
} from "../../src/web/rulesets/galactic-empires/orders-plan.js";

const state = galacticEmpires.scenarios.tutorial!.create(1, {});
const view = viewFor(state, "klingon", []);
const TUTORIAL = `# Klingon orders
empire: klingon
turn: 1
orders:
  - { type: declareWar, empire: romulan }
  - { type: travel, unit: A5, to: 3 }
`;

describe("the orders file as a plan", () => {
  it("reads the file the text editor holds, comments and all, and writes it back as the same orders", () => {
    const { plan } = readPlan(TUTORIAL);
    expect(plan).toEqual({
      empire: "klingon",
      turn: 1,
      orders: [
        { type: "declareWar", empire: "romulan" },
        { type: "travel", unit: "A5", to: 3 },
      ],
    });
    const text = writePlan(plan!);
    expect(text).toBe(
      "empire: klingon\nturn: 1\norders:\n  - { type: declareWar, empire: romulan }\n  - { type: travel, unit: A5, to: 3 }\n",
    );
    expect(readPlan(text).plan).toEqual(plan);
    // The ruleset's own parser takes what the forms write.
    const parsed = parseOrders(readPlan(text).plan);
    expect([parsed.problems, parsed.refused, parsed.orders.orders.length]).toEqual([[], [], 2]);
  });

  it("reads JSON as well, and an empty text as no orders", () => {
    expect(readPlan('{"empire":"klingon","turn":1,"orders":[{"type":"wait","unit":"A5"}]}').plan?.orders).toEqual([
      { type: "wait", unit: "A5" },
    ]);
    expect(readPlan("").plan).toEqual({ orders: [] });
    expect(writePlan({ empire: "klingon", turn: 2, orders: [] })).toBe("empire: klingon\nturn: 2\norders: []\n");
  });

  it("says why a text is no plan, so the forms wait until it is fixed as text", () => {
    expect(readPlan("orders: [").error).toMatch(/not YAML or JSON/);
    expect(readPlan("- a list").error).toMatch(/mapping/);
    expect(readPlan("orders: 3").error).toBe("orders must be a list");
    expect(readPlan("orders:\n  - 7").error).toMatch(/order #0 has no type/);
  });

  it("a proclamation's text survives the round trip, quotes, colons and line breaks", () => {
    const plan: Plan = { orders: [{ type: "proclaim", text: 'Honour: "Qapla\'!"\nAnd glory.' }] };
    expect(readPlan(writePlan(plan)).plan).toEqual(plan);
  });

  it("adds, replaces and undoes one order at a time, the others keeping their places (HQ Plans, Undo)", () => {
    let plan = forTurn({ orders: [] }, "klingon", 1);
    plan = addOrder(plan, { type: "declareWar", empire: "romulan" });
    plan = addOrder(plan, { type: "hireAdmiral", unit: "G1" });
    plan = addOrder(plan, { type: "espionage", empire: "federation" });
    plan = replaceOrder(plan, 1, { type: "construct", unit: "G1" });
    expect(plan.orders.map((o) => o.type)).toEqual(["declareWar", "construct", "espionage"]);
    plan = removeOrder(plan, 0);
    expect(plan).toEqual({
      empire: "klingon",
      turn: 1,
      orders: [
        { type: "construct", unit: "G1" },
        { type: "espionage", empire: "federation" },
      ],
    });
    expect(removeOrder(plan, 5)).toBe(plan);
  });
});

describe("Headquarters", () => {
  it("offers only the diplomatic orders one's relation allows (chapter 2)", () => {
    const labels = (r: "war" | "neutral" | "alliance", passage = false) =>
      diplomaticOrders(r, { passage, share: false, accept: true }).map((c) => c.order.type);
    expect(labels("neutral")).toEqual(["offerAlliance", "declareWar", "passage", "infoSharing", "acceptance", "espionage"]);
    // At war: no alliance can be offered, and no passage granted; peace can be.
    expect(labels("war")).toEqual(["offerPeace", "infoSharing", "acceptance", "espionage"]);
    expect(labels("alliance", true)).toEqual(["cancelAlliance", "passage", "infoSharing", "acceptance", "espionage"]);
    expect(diplomaticOrders("alliance", { passage: true, share: true, accept: false }).map((c) => c.label)).toEqual([
      "Cancel alliance",
      "Revoke passage rights",
      "Revoke info sharing",
      "Accept gifts",
      "Espionage (35 resources)",
    ]);
  });

  it("counts what the plans spend against the treasury (chapter 2, HQ Plans: Used)", () => {
    const plan: Plan = {
      orders: [
        { type: "espionage", empire: "romulan" },
        { type: "hireAdmiral", unit: "G1" },
        { type: "sendResources", empire: "federation", amount: 10 },
        { type: "build", unit: "G1", starship: "klingon/klingon-bird-of-prey", count: 2 },
      ],
    };
    // Espionage 35, an admiral 15, 10 resources sent with the 10% fee, two Birds of Prey at their build cost.
    expect(plannedSpending(view, plan)).toBe(35 + 15 + 11 + 2 * shipType("klingon/klingon-bird-of-prey").build);
  });

  it("shows an industrial centre's build box as built and buildable: Qo'noS 3/8 (chapter 5)", () => {
    const plan: Plan = {
      orders: [
        { type: "build", unit: "G1", starship: "klingon/klingon-bird-of-prey", count: 2 },
        { type: "build", unit: "G1", starship: "klingon/hawk-heavy-cruiser", count: 1, rank: 4 },
        { type: "build", unit: "A5", starship: "klingon/hawk-heavy-cruiser", count: 1 },
      ],
    };
    const [qonos] = buildBoxes(view, plan);
    expect(qonos).toMatchObject({ sector: 1, name: "Qo'noS", built: 3, max: 8, units: ["G1"] });
    expect(qonos!.builds).toContain("klingon/klingon-bird-of-prey");
  });
});

describe("a starfleet's path on the map", () => {
  it("starts with its slowest starship's move points; a garrison has none (chapter 3)", () => {
    expect(movePointsOf(view, "A5")).toBe(2);
    expect(movePointsOf(view, "G1")).toBe(0);
  });

  it("spends 1 move point a phase through its own sectors and 2 into an independent one (chapter 5, Move-points)", () => {
    // Khitomer (2) -> Qo'noS (1, own: 1 point) -> Boreth (6, own: 1 point): two phases, none left.
    expect(pathSteps(view, "A5", [1, 6])).toEqual([
      { phase: 1, from: 2, to: 1, cost: 1, left: 1, problem: null },
      { phase: 2, from: 1, to: 6, cost: 1, left: 0, problem: null },
    ]);
    // Narendra (3) is independent: 2 points, all A5 has.
    expect(pathSteps(view, "A5", [3])[0]).toMatchObject({ cost: 2, left: 0, problem: null });
  });

  it("says where a path cannot go: not a border, too few points, and no further after a failed step", () => {
    const steps = pathSteps(view, "A5", [3, 8, 9]);
    expect(steps[1]).toMatchObject({ phase: 2, from: 3, to: 8, problem: "needs 2 move points, 0 left" });
    expect(steps[2]?.problem).toMatch(/an earlier step fails/);
    expect(pathSteps(view, "A5", [5])[0]?.problem).toBe("sector 5 does not border sector 2");
    // Romulus-bound: Nimbus (4) is Romulan, and the Klingons are not at war with them.
    expect(pathSteps(view, "A5", [3, 4])[1]?.problem).toBeTruthy();
    expect(pathSteps(view, "G1", [2])[0]?.problem).toMatch(/garrison cannot travel/);
  });

  it("becomes the fleet's travel orders in the plan, where its first travel stood", () => {
    let plan: Plan = {
      orders: [
        { type: "retreatLevel", unit: "A5", level: 5 },
        { type: "travel", unit: "A5", to: 3 },
        { type: "pillage", unit: "A5" },
        { type: "build", unit: "G1", starship: "klingon/klingon-bird-of-prey", count: 1 },
      ],
    };
    plan = setPath(plan, "A5", [1, 6]);
    expect(plan.orders.map((o) => `${o.type}${o.to ?? ""}`)).toEqual(["retreatLevel", "travel1", "travel6", "pillage", "build"]);
    expect(pathOf(plan, "A5")).toEqual([1, 6]);
    plan = setPath(plan, "A5", []);
    expect(pathOf(plan, "A5")).toEqual([]);
    expect(setPath({ orders: [] }, "A5", [3]).orders).toEqual([{ type: "travel", unit: "A5", to: 3 }]);
  });
});

describe("a starfleet formed this turn, planned by its ref (chapter 4, New Starfleets Formed)", () => {
  // The garrison G1 at Qo'noS (1) forms "new1" and hands it two K'Tinga destroyers (2 move points each).
  const formed: Plan = {
    orders: [
      { type: "formFleet", ref: "new1", at: "G1", name: "Strike Force" },
      { type: "transfer", from: "G1", to: "new1", starship: "klingon/k-tinga-class-destroyer", count: 2 },
    ],
  };

  it("starts where the unit that forms it is, with the move points of the starships transferred into it", () => {
    expect(newFleets(view, formed)).toEqual([{ ref: "new1", name: "Strike Force", at: "G1", sector: 1 }]);
    expect(movePointsOf(view, "new1", formed)).toBe(2);
    // Nothing transferred: nothing to move with. An admiral alone moves as its corvette.
    const empty: Plan = { orders: [formed.orders[0]!] };
    expect(movePointsOf(view, "new1", empty)).toBe(0);
    expect(movePointsOf(view, "new1", { orders: [...empty.orders, { type: "transferAdmiral", admiral: "ADM1", to: "new1" }] })).toBe(3);
    // A ref that looks like a unit id is refused by the check, so it forms nothing here either.
    expect(newFleets(view, { orders: [{ type: "formFleet", ref: "A9", at: "G1" }] })).toEqual([]);
  });

  it("is offered by the path planner beside the existing starfleets, and its path is its travel orders by ref", () => {
    expect(plannableFleets(view, formed).map((f) => f.id)).toEqual(["A5", "new1"]);
    expect(plannableFleets(view, formed)[1]?.label).toBe("new1 Strike Force (formed this turn by G1 in sector 1, 2 move points)");
    // Qo'noS (1) -> Khitomer (2, own: 1 point) -> Narendra (3, independent: 2 points, only 1 left).
    const plan = setPath(formed, "new1", [2, 3]);
    expect(plan.orders.slice(2)).toEqual([
      { type: "travel", unit: "new1", to: 2 },
      { type: "travel", unit: "new1", to: 3 },
    ]);
    expect(pathSteps(view, "new1", pathOf(plan, "new1"), plan)).toEqual([
      { phase: 1, from: 1, to: 2, cost: 1, left: 1, problem: null },
      { phase: 2, from: 2, to: 3, cost: 2, left: 1, problem: "needs 2 move points, 1 left" },
    ]);
    expect(planArrows(view, plan, "new1").map((a) => [a.from, a.to, a.ok, a.current])).toEqual([
      [1, 2, true, true],
      [2, 3, false, true],
    ]);
    // The ruleset's own parser takes the travel orders by ref.
    const parsed = parseOrders(forTurn(plan, "klingon", 1));
    expect([parsed.problems, parsed.refused, parsed.orders.orders.length]).toEqual([[], [], 4]);
    // The check takes the first travel by ref and fails the second for want of move points, as the planner said.
    const check = galacticEmpires.check(state, "klingon", parsed.orders);
    const travels = check.lines.filter((l) => /Starfleets Travel/.test(l.step));
    expect(travels.map((l) => l.ok)).toEqual([true, false]);
    expect(travels[0]?.text).toMatch(/^new1 travelled from 1 Qo'noS to 2 Khitomer/);
    expect(travels[1]?.text).toMatch(/needs 2 move points to enter 3 Narendra/);
  });
});

describe("the check's rulings beside each order", () => {
  it("gives each order the lines that name it, and the check's steps in its own order", () => {
    const reply = {
      skipped: [{ order: "#2", code: "bad", message: "unit is required" }],
      check: {
        lines: [
          { step: "Orders", order: "#0 declareWar romulan", text: "accepted for adjudication", ok: true },
          { step: "First Events", order: "", text: "War declared", ok: true },
          { step: "Movement Events, phase 1", order: "#1 travel A5 -> 3", text: "will fail: too far (not-enough-move-points)", ok: false },
          { step: "First Events", order: "#0 declareWar romulan", text: "war is declared", ok: true, certainty: "certain" },
        ],
        problems: [
          { order: "#1 travel A5 -> 3", code: "not-enough-move-points", message: "too far" },
          { order: "#10 hireAdmiral G1", code: "cannot-afford", message: "no money" },
        ],
      },
    };
    const r = rulingsByOrder(reply);
    expect(r.get(0)?.map((x) => x.step)).toEqual(["Orders", "First Events"]);
    expect(r.get(1)).toEqual([{ step: "Movement Events, phase 1", text: "will fail: too far (not-enough-move-points)", ok: false }]);
    expect(r.get(2)).toEqual([{ step: "Orders", text: "skipped: unit is required", ok: false }]);
    expect(r.get(10)?.[0]?.text).toBe("no money (cannot-afford)");
    expect(linesByStep(reply.check.lines).map((g) => [g.step, g.lines.length])).toEqual([
      ["Orders", 1],
      ["First Events", 2],
      ["Movement Events, phase 1", 1],
    ]);
  });
});
