/**
 * The menus of a detached squadron's activation ("Alternation and detached squadrons", turn.ts activationUnit):
 * one detached squadron that has not yet activated this turn activates, so only those are offered. Before, every
 * detached squadron on the table was, and one that had activated was then refused by the check ("is not part of
 * this activation"): a person playing by pointing in the browser dragged and fired with it (whole-games.test.ts).
 */
import { describe, expect, it } from "vitest";
import { legalOrders } from "../../src/rules/battleshift/turn/legal-orders.js";
import { tinyBattle } from "./support.js";

const cruisers = (id: string, side: "blue" | "red", x: number, y: number, facing: number, taskforce: string | null | undefined) => ({
  id,
  side,
  design: "generic/fleet-cruiser",
  at: [
    [x, y],
    [x, y + 1],
  ] as [number, number][],
  facing,
  ...(taskforce === undefined ? {} : { taskforce }),
});

describe("Battleshift's menus in a detached squadron's activation", () => {
  it("offer only the detached squadrons that have not activated this turn", () => {
    const s = tinyBattle([
      cruisers("b1", "blue", 10, 20, 90, null),
      cruisers("b2", "blue", 10, 30, 90, null),
      cruisers("b3", "blue", 10, 40, 90, undefined),
      cruisers("r1", "red", 60, 22, 270, undefined),
    ]);
    s.turnState.queue = [{ side: "blue", taskforce: null }];
    s.turnState.index = 0;
    s.squadrons.b1!.activatedTurn = s.turn;
    const move = legalOrders(s, "blue").orders.find((o) => o.type === "move");
    expect(move?.fields.squadron).toMatchObject({ kind: "choice", values: [{ value: "b2" }] });
  });
});
