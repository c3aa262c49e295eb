/**
 * The Galactic Empires order forms offer only legal choices (src/web/rulesets/galactic-empires/order-choices.ts):
 * the seat's options (legal-orders.ts) narrowed by its view and plan, as seed 003 says the Diploware did. The
 * Klingons of the tutorial: Patrol Force 2 (A5) at Khitomer (2) with a Hawk Heavy Cruiser and a Negh'Var
 * Battleship; the garrison G1 at Qo'noS (1), its industrial centre (8 a turn), 4 K'Tinga destroyers and 2 Hawks.
 */
import { describe, expect, it } from "vitest";
import type { OptionField, OrderOption } from "../../src/core/ruleset.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { legalOrders } from "../../src/rules/galactic-empires/legal-orders.js";
import { relationKey } from "../../src/rules/galactic-empires/model.js";
import { viewFor } from "../../src/rules/galactic-empires/view.js";
import { countMax, legalValues, type Narrowing, toOrder } from "../../src/web/rulesets/galactic-empires/order-choices.js";
import type { Plan } from "../../src/web/rulesets/galactic-empires/orders-plan.js";

const state = galacticEmpires.scenarios.tutorial!.create(1, {});
const view = viewFor(state, "klingon", []);
const options = legalOrders(state, "klingon");
const option = (type: string): OrderOption => options.orders.find((o) => o.type === type)!;
const field = (type: string, name: string): OptionField => option(type).fields[name]!;
const values = (type: string, name: string, current: Record<string, string> = {}, n: Partial<Narrowing> = {}) =>
  legalValues(type, name, field(type, name), current, { view, plan: { orders: [] }, ...n })?.map((c) => c.value);

describe("diplomacy offers what the relation allows (chapter 2)", () => {
  it("war may be declared on a neutral empire, peace offered to none", () => {
    expect(values("declareWar", "empire")).toEqual(["federation", "romulan"]);
    expect(values("offerPeace", "empire")).toEqual([]);
    expect(values("cancelAlliance", "empire")).toEqual([]);
  });

  it("at war with the Romulans: peace may be offered to them, war declared on the Federation only", () => {
    const atWar = structuredClone(state);
    atWar.relations[relationKey("klingon", "romulan")] = "war";
    const v = viewFor(atWar, "klingon", []);
    const of = (type: string) => legalValues(type, "empire", field(type, "empire"), {}, { view: v, plan: null })?.map((c) => c.value);
    expect(of("offerPeace")).toEqual(["romulan"]);
    expect(of("declareWar")).toEqual(["federation"]);
    expect(of("offerAlliance")).toEqual(["federation"]);
  });
});

describe("units", () => {
  it("a travel is offered to starfleets only, and only to the sectors bordering where the fleet will be", () => {
    expect(values("travel", "unit")).toEqual(["A5"]);
    expect(values("travel", "to", { unit: "A5" })?.sort()).toEqual([1, 3, 7]);
    // After a planned travel to Narendra (3), the next one starts there.
    const plan: Plan = { orders: [{ type: "travel", unit: "A5", to: 3 }] };
    expect(values("travel", "to", { unit: "A5" }, { plan })?.sort()).toEqual([2, 4, 8]);
  });

  it("a transfer takes only what the giving unit carries, to a unit in the same sector, and no more than it has", () => {
    expect(values("transfer", "starship", { from: "G1" })?.sort()).toEqual([
      "klingon/hawk-heavy-cruiser",
      "klingon/k-tinga-class-destroyer",
    ]);
    // A5 is at Khitomer, G1 at Qo'noS: nobody to transfer to, until a fleet is formed at G1.
    expect(values("transfer", "to", { from: "G1" })).toEqual([]);
    const plan: Plan = { orders: [{ type: "formFleet", ref: "strike", at: "G1" }] };
    expect(values("transfer", "to", { from: "G1" }, { plan })).toEqual(["strike"]);
    const n: Narrowing = { view, plan };
    expect(countMax("transfer", { from: "G1", starship: "klingon/k-tinga-class-destroyer" }, n, 100_000)).toBe(4);
  });

  it("a unit does not follow itself", () => {
    expect(values("follow", "leader", { unit: "A5" })).toEqual(["G1"]);
  });
});

describe("building (chapter 5)", () => {
  it("at an industrial centre, from its build list, no more than the room left in its build box", () => {
    expect(values("build", "unit")).toEqual(["G1"]);
    expect(values("build", "starship", { unit: "G1" })).toContain("klingon/klingon-bird-of-prey");
    const plan: Plan = { orders: [{ type: "build", unit: "G1", starship: "klingon/klingon-bird-of-prey", count: 3 }] };
    expect(countMax("build", { unit: "G1" }, { view, plan }, 100_000)).toBe(5);
  });
});

describe("the form's values as an order", () => {
  it("numbers as numbers, yes and no as booleans, an empty optional left out, an empty leader as none", () => {
    expect(toOrder(option("build"), { unit: "G1", starship: "klingon/klingon-bird-of-prey", count: "2", rank: "" })).toEqual({
      type: "build",
      unit: "G1",
      starship: "klingon/klingon-bird-of-prey",
      count: 2,
    });
    expect(toOrder(option("passage"), { empire: "romulan", grant: "true" })).toEqual({ type: "passage", empire: "romulan", grant: true });
    expect(toOrder(option("follow"), { unit: "A5", leader: "" })).toEqual({ type: "follow", unit: "A5", leader: null });
    expect(toOrder(option("travel"), { unit: "A5", to: "3" })).toEqual({ type: "travel", unit: "A5", to: 3 });
  });
});
