/**
 * The Sathar War draft (src/web/rulesets/sathar-war/draft.ts): orders made from the seat's menus and kept as the
 * orders file's JSON; the menus a stack's panel offers; the check's lines matched to their orders by "#n".
 */
import { describe, expect, it } from "vitest";
import type { OrderOption } from "../../src/core/ruleset.js";
import {
  emptyDraft,
  linesFor,
  menusForStack,
  missing,
  orderFrom,
  prefill,
  readDraft,
  writeDraft,
} from "../../src/web/rulesets/sathar-war/draft.js";

const move: OrderOption = {
  type: "move",
  summary: "Move ships at Prenglar, at Gran Quivera",
  fields: {
    ships: {
      kind: "choices",
      values: [
        { value: "TFP-BB1", label: "battleship" },
        { value: "TFP-LC1", label: "light cruiser" },
      ],
      min: 1,
      max: 2,
    },
    to: { kind: "choice", values: [{ value: "cassidine", label: "cassidine" }], optional: false },
    rate: { kind: "choice", values: [1, 2].map((v) => ({ value: v, label: String(v) })), optional: true },
    interlock: { kind: "choice", values: ["true", "false"].map((v) => ({ value: v, label: v })), optional: true },
  },
};
const nova: OrderOption = { type: "nova", summary: "Place Strike Force NOVA", fields: {} };

describe("the Sathar War draft", () => {
  it("starts empty for the seat and step, and reads back what it wrote", () => {
    expect(readDraft(emptyDraft("upf", 3))).toEqual({ orders: [], problem: null });
    const text = writeDraft("upf", 3, [{ type: "nova" }]);
    expect(JSON.parse(text)).toEqual({ seat: "upf", step: 3, orders: [{ type: "nova" }] });
    expect(readDraft(text).orders).toEqual([{ type: "nova" }]);
  });

  it("says why text edited into something else is no list of orders", () => {
    expect(readDraft("orders: [").problem).toMatch(/not JSON/);
    expect(readDraft('{"orders": 3}').problem).toMatch(/not a list/);
  });

  it("a move from a stack: its ships chosen, a destination required, a risk jump's interlock a boolean", () => {
    const start = prefill(move, ["TFP-BB1", "TFP-LC1", "TFP-FT1"]);
    expect(start).toEqual({ ships: ["TFP-BB1", "TFP-LC1"] });
    expect(missing(move, start)).toBe("choose the to");
    const values = { ...start, to: "cassidine", rate: 2, interlock: "false" };
    expect(missing(move, values)).toBeNull();
    expect(orderFrom(move, values)).toEqual({ type: "move", ships: ["TFP-BB1", "TFP-LC1"], to: "cassidine", rate: 2, interlock: false });
    expect(missing(move, { to: "cassidine" })).toBe("choose at least 1 of ships");
  });

  it("a stack's panel offers the menus that can order one of its ships, not NOVA", () => {
    expect(menusForStack([move, nova], ["TFP-LC1"])).toEqual([move]);
    expect(menusForStack([move, nova], ["S-DD01"])).toEqual([]);
  });

  it("the check's lines go to their orders by #n (#1 is not #10)", () => {
    const lines = [{ order: "#1 move TFP-BB1" }, { order: "#10 attack" }, { order: "place" }, { order: "#1" }];
    expect(linesFor(lines, 1)).toEqual([{ order: "#1 move TFP-BB1" }, { order: "#1" }]);
  });
});
