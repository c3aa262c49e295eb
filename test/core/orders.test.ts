import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseOrderList } from "../../src/core/orders.js";
import type { Problem } from "../../src/core/result.js";

const schema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("wait"), unit: z.string() }),
  z.object({ type: z.literal("travel"), unit: z.string(), to: z.number().int() }),
]);
const TYPES = ["wait", "travel"] as const;

describe("core: order lists parsed order by order", () => {
  it("keeps the good orders in their order; an unknown or malformed one becomes a problem named by index and is skipped", () => {
    const problems: Problem[] = [];
    const orders = parseOrderList(
      [{ type: "wait", unit: "A1" }, { type: "fly" }, null, { type: "travel", unit: "A2", to: "x" }, { type: "travel", unit: "A2", to: 3 }],
      TYPES,
      schema,
      problems,
    );
    expect(orders).toEqual([
      { type: "wait", unit: "A1" },
      { type: "travel", unit: "A2", to: 3 },
    ]);
    expect(problems.map((p) => [p.order, p.code])).toEqual([
      ["#1 fly", "unknown-order-type"],
      ["#2 (no type)", "unknown-order-type"],
      ["#3 travel", "malformed-order"],
    ]);
    expect(problems[0]?.message).toBe('unknown order type "fly"; valid types are wait, travel');
    expect(problems[2]?.message).toMatch(/^to: .* \(the order is skipped\)$/);
  });
});
