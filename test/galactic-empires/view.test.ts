/**
 * No hidden leaks: an empire's view and results hold only what it may see
 * (seed 003 chapter 3 "Cloaking ability", chapter 4 "Scouting Occurs").
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import { checkOrders } from "../../src/rules/galactic-empires/check.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { resultsFor, resultsText } from "../../src/rules/galactic-empires/presentation/report.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";
import { viewFor } from "../../src/rules/galactic-empires/view.js";
import { addUnit, HAWK } from "./fixtures.js";

describe("galactic-empires: views keep other empires' secrets", () => {
  it("a foreign cloaked starfleet is invisible even in the viewer's own sector", () => {
    const s = createTutorial(1);
    addUnit(s, "A50", "romulan", 2, [["romulan/talon-class-scout", 1, 1]], { cloaked: true, name: "Shadow" });
    const v = canonicalJson(viewFor(s, "klingon", []));
    expect(v).not.toContain('"id":"A50"');
    expect(v).not.toContain("Shadow");
  });

  it("foreign forces out of sight are not shown; in sight they are, without ranks, orders or admirals' skills", () => {
    const s = createTutorial(1);
    addUnit(s, "A51", "romulan", 2, [[HAWK, 2, 4]], { name: "Visible" });
    addUnit(s, "A52", "romulan", 20, [[HAWK, 2, 4]], { name: "Far Away" });
    const v = viewFor(s, "klingon", []);
    const seen = v.foreignUnits.find((u) => u.id === "A51");
    expect(seen?.ships).toEqual([{ type: HAWK, count: 2 }]);
    expect(JSON.stringify(seen)).not.toMatch(/rank|retreat|leader|used/);
    expect(v.foreignUnits.find((u) => u.id === "A52")).toBeUndefined();
  });

  it("other empires' treasuries, standings toward third parties and admirals never appear", () => {
    const s = createTutorial(1);
    s.empires.romulan!.treasury = 987.65;
    s.empires.romulan!.toward.federation = { accept: false, passage: true, share: true };
    const v = viewFor(s, "klingon", []);
    const text = canonicalJson(v);
    expect(text).not.toContain("987.65");
    expect(v.empires.find((e) => e.id === "romulan")).not.toHaveProperty("treasury");
    expect(text).not.toContain('"federation":{"accept":false');
    expect(v.admirals.every((a) => a.owner === "klingon")).toBe(true);
  });

  it("events reach only their audience: another empire's failed orders and espionage stay private", () => {
    const s = createTutorial(3);
    const res = galacticEmpires.resolve(
      s,
      {
        romulan: {
          orders: [
            { type: "travel", unit: "A6", to: 99 },
            { type: "espionage", empire: "klingon" },
          ],
        },
        klingon: { orders: [] },
      },
      Rng.forTurn(3, 1),
    );
    const klingon = resultsFor(res.state, "klingon", res.events);
    const text = resultsText(klingon) + canonicalJson(klingon);
    expect(text).not.toContain("A6 -> 99");
    expect(klingon.view.events.some((e) => e.kind === "espionage")).toBe(false);
    const romulan = resultsFor(res.state, "romulan", res.events);
    expect(romulan.view.events.some((e) => e.kind === "problem")).toBe(true);
  });

  it("the check does not reveal hidden foreign units: an order into a sector with a cloaked enemy predicts no battle", () => {
    const s = createTutorial(1);
    s.relations["klingon|romulan"] = "war";
    addUnit(s, "A53", "romulan", 3, [["romulan/talon-class-scout", 3, 1]], { cloaked: true });
    const c = checkOrders(s, "klingon", { orders: [{ type: "travel", unit: "A5", to: 3 }] });
    const text = JSON.stringify(c);
    expect(text).not.toContain("A53");
    expect(text).not.toMatch(/romulan/i);
  });

  it("an order naming another empire's unit gets the same answer as a missing unit (no existence or owner leak)", () => {
    const s = createTutorial(1);
    const res = galacticEmpires.resolve(
      s,
      {
        klingon: {
          orders: [
            { type: "travel", unit: "A6", to: 3 },
            { type: "travel", unit: "A777", to: 3 },
          ],
        },
      },
      Rng.fromSeed(1),
    );
    const [a, b] = res.problems.klingon ?? [];
    expect(a?.code).toBe("not-your-unit");
    expect(b?.code).toBe("not-your-unit");
    expect(a?.message).not.toMatch(/romulan/i);
    expect(a?.message).toMatch(/your units are/);
  });
});

describe("chapter 4 'Scouting Occurs': owned sectors see their neighbours", () => {
  it("from the very first turn, before any scouting roll: Klingon sees the local forces next door, not those two sectors away", () => {
    const s = createTutorial(1);
    const v = viewFor(s, "klingon", []);
    const seen = v.foreignUnits.map((u) => `${u.id}@${u.sector}`);
    expect(seen).toContain("A1@3"); // Narendra borders Khitomer (2)
    expect(seen.some((x) => x.endsWith("@12"))).toBe(false); // Sherman: behind a barrier from Ty'Gokor, not adjacent to Klingon space
  });
});
