/** model.ts: a craft of a design, powered (l.627, l.442), destroyed when every module is damaged (l.404). */
import { describe, expect, it } from "vitest";
import { allDamaged, type Campaign, craftOf, operating, powered, TURN_STEPS } from "../../src/rules/space-war/model.js";
import { CT_CARRIER, MACHINE_VESSEL } from "../../src/rules/space-war/scenarios/scenarios.js";

describe("model", () => {
  it("a craft of a design: every module whole, not yet on the table", () => {
    const c = craftOf("ct-1", "ct", CT_CARRIER);
    expect(c).toEqual({
      id: "ct-1",
      owner: "ct",
      design: "CT Carrier",
      type: "vessel",
      modules: [
        { module: "E", damaged: false },
        { module: "E", damaged: false },
        { module: "SB", damaged: false },
      ],
      where: { kind: "entering" },
      pendingHits: 0,
    });
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
  it("powered by an operating Engine or Thruster, un-powered while tractored; destroyed with every module damaged", () => {
    const c = craftOf("m", "machine", MACHINE_VESSEL);
    expect(powered(c)).toBe(true);
    expect(operating(c, "SR")).toBe(4);
    for (const m of c.modules) if (m.module === "E") m.damaged = true;
    expect(powered(c)).toBe(true); // the Thrusters
    for (const m of c.modules) if (m.module === "T") m.damaged = true;
    expect(powered(c)).toBe(false);
    expect(allDamaged(c)).toBe(false);
    for (const m of c.modules) m.damaged = true;
    expect(allDamaged(c)).toBe(true);
    const held = { ...craftOf("f", "x", CT_CARRIER), tractoredBy: "m" };
    expect(powered(held)).toBe(false);
  });
  it("the turn's twelve steps; a campaign is plain data", () => {
    expect(TURN_STEPS).toHaveLength(12);
    const campaign: Campaign = { game: 0, step: "design", squadrons: [], results: [] };
    expect(JSON.parse(JSON.stringify(campaign))).toEqual(campaign);
  });
});

describe("tools", () => {
  it("design-check and odds, with schemas that publish as JSON Schema", async () => {
    const { z } = await import("zod");
    const { spaceWarTools } = await import("../../src/rules/space-war/tools.js");
    expect(Object.keys(spaceWarTools)).toEqual(["design-check", "odds"]);
    for (const t of Object.values(spaceWarTools)) {
      expect(t.kind).toBe("input");
      expect(() => z.toJSONSchema(t.schema!, { io: "input" })).not.toThrow();
    }
  });
});
