/** legalOrders: the menus a client builds from, for a seat and a step (godip's Options), as the rulebooks' orders. */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";

describe("legalOrders", () => {
  it("Galactic Empires: every order type of chapter 4 for an empire, its own units and admirals only, travel to any sector", () => {
    const s = galacticEmpires.scenarios.tutorial!.create(7, {});
    const o = galacticEmpires.legalOrders(s, "klingon");
    expect(o.step).toBe(1);
    const byType = new Map(o.orders.map((x) => [x.type, x]));
    for (const t of ["travel", "declareWar", "annex", "build", "transfer", "proclaim"]) expect(byType.has(t), t).toBe(true);
    const unitField = byType.get("travel")?.fields.unit;
    expect(unitField?.kind).toBe("choice");
    const units = unitField?.kind === "choice" ? unitField.values.map((v) => String(v.value)) : [];
    for (const u of units) expect(s.units[u]?.owner, `unit ${u} is klingon's`).toBe("klingon");
    const to = byType.get("travel")?.fields.to;
    expect(to?.kind === "choice" ? to.values.length : 0).toBe(s.sectors.length);
    const war = byType.get("declareWar")?.fields.empire;
    expect(war?.kind === "choice" ? war.values.map((v) => v.value).sort() : []).toEqual(["federation", "romulan"]);
    const level = byType.get("raze")?.fields.levels;
    expect(level).toEqual({ kind: "number", min: 1, max: 12, integer: true });
    // What the schema takes is what the menus offer: each menu's type parses.
    for (const x of o.orders)
      expect(galacticEmpires.parseOrders({ orders: [{ type: x.type }] }).problems[0]?.code).not.toBe("unknown-order-type");
  });

  it("Battleshift: the order sheet's orders for both sides, then the activation's for the side that activates and nothing for the other", () => {
    const s = battleshift.scenarios.playtest!.create(3, {});
    const sheet = battleshift.legalOrders(s, "blue");
    expect(sheet.orders.map((x) => x.type)).toEqual(expect.arrayContaining(["sequence", "shift", "initiative"]));
    const seq = sheet.orders.find((x) => x.type === "sequence")?.fields.taskforces;
    expect(seq?.kind === "choices" ? seq.values.every((v) => s.taskforces[String(v.value)]?.side === "blue") : false).toBe(true);
    const next = battleshift.resolve(s, { blue: { orders: [] }, red: { orders: [] } }, Rng.forTurn(3, 1)).state;
    const acting = battleshift.awaiting(next)[0] as string;
    const other = acting === "blue" ? "red" : "blue";
    const mine = battleshift.legalOrders(next, acting);
    expect(mine.orders.map((x) => x.type)).toEqual(expect.arrayContaining(["move", "heavy", "light"]));
    const target = mine.orders.find((x) => x.type === "heavy")?.fields.target;
    expect(target?.kind === "choice" ? target.values.every((v) => next.squadrons[String(v.value)]?.side !== acting) : false).toBe(true);
    const theirs = battleshift.legalOrders(next, other);
    expect(theirs.orders).toEqual([]);
    expect(theirs.note).toMatch(new RegExp(`${acting}'s activation`));
  });
});
