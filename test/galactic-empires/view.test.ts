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

/**
 * Chapter 3, "Cloaking ability" and the fog of war: a refusal names only what the
 * empire may know. An order naming another empire's unit or admiral (seen, unseen,
 * cloaked or independent) gets the very answer an id that names nothing gets, in
 * the check and in the turn's results alike; so listing ids maps no one's forces.
 */
describe("fog of war in refusals: a foreign id is answered as a missing one, in the check and in the results", () => {
  const KLINGON_HAWK = "klingon/hawk-heavy-cruiser";
  /** Every order field that names a unit (X) or an admiral (Y) of the ordering empire. */
  const UNIT_FIELDS: [string, (x: string) => Record<string, unknown>][] = [
    ["rename.unit", (x) => ({ type: "rename", unit: x, name: "Renamed" })],
    ["retreatLevel.unit", (x) => ({ type: "retreatLevel", unit: x, level: 3 })],
    ["follow.unit", (x) => ({ type: "follow", unit: x, leader: null })],
    ["follow.leader", (x) => ({ type: "follow", unit: "A5", leader: x })],
    ["defend.unit", (x) => ({ type: "defend", unit: x, value: true })],
    ["leader.unit", (x) => ({ type: "leader", unit: x, admiral: null })],
    ["cloak.unit", (x) => ({ type: "cloak", unit: x })],
    ["decloak.unit", (x) => ({ type: "decloak", unit: x })],
    ["formFleet.at", (x) => ({ type: "formFleet", ref: "new1", at: x })],
    ["transfer.from", (x) => ({ type: "transfer", from: x, to: "A5", starship: KLINGON_HAWK, count: 1, rank: 1 })],
    ["transfer.to", (x) => ({ type: "transfer", from: "A5", to: x, starship: KLINGON_HAWK, count: 1, rank: 1 })],
    ["transferAdmiral.to", (x) => ({ type: "transferAdmiral", admiral: "ADM1", to: x })],
    ["reassign.unit", (x) => ({ type: "reassign", unit: x, starship: KLINGON_HAWK, toRank: 2 })],
    ["disband.unit", (x) => ({ type: "disband", unit: x, starship: KLINGON_HAWK, count: 1 })],
    ["salvage.unit", (x) => ({ type: "salvage", unit: x, starship: KLINGON_HAWK, count: 1 })],
    ["travel.unit", (x) => ({ type: "travel", unit: x, to: 3 })],
    ["wait.unit", (x) => ({ type: "wait", unit: x })],
    ["pillage.unit", (x) => ({ type: "pillage", unit: x })],
    ["search.unit", (x) => ({ type: "search", unit: x })],
    ["construct.unit", (x) => ({ type: "construct", unit: x })],
    ["raze.unit", (x) => ({ type: "raze", unit: x, levels: 1 })],
    ["build.unit", (x) => ({ type: "build", unit: x, starship: KLINGON_HAWK, count: 1, rank: 1 })],
    ["hireAdmiral.unit", (x) => ({ type: "hireAdmiral", unit: x })],
  ];
  const ADMIRAL_FIELDS: [string, (y: string) => Record<string, unknown>][] = [
    ["leader.admiral", (y) => ({ type: "leader", unit: "A5", admiral: y })],
    ["renameAdmiral.admiral", (y) => ({ type: "renameAdmiral", admiral: y, name: "Renamed" })],
    ["disbandAdmiral.admiral", (y) => ({ type: "disbandAdmiral", admiral: y })],
    ["transferAdmiral.admiral", (y) => ({ type: "transferAdmiral", admiral: y, to: "G1" })],
  ];

  /** The tutorial with romulan forces seen (A51 at 2), unseen (A6 at 4) and cloaked in sight (A53 at 3), each with an admiral. */
  function board() {
    const s = createTutorial(1);
    s.relations["klingon|romulan"] = "war";
    addUnit(s, "A51", "romulan", 2, [[HAWK, 2]]);
    addUnit(s, "A53", "romulan", 3, [["romulan/talon-class-scout", 1]], { cloaked: true });
    for (const [adm, unit] of [
      ["ADM7", "A6"],
      ["ADM8", "A51"],
      ["ADM9", "A53"],
    ] as const) {
      s.admirals[adm] = { id: adm, owner: "romulan", name: `Commander ${adm}`, tactics: 50, siegecraft: 50, combat: 10, hits: 1, unit };
      s.units[unit]!.admirals.push(adm);
    }
    return s;
  }

  /** What the empire is told about one order naming `id`, in the check and in the turn, with the id itself blanked. */
  function answers(order: Record<string, unknown>, id: string) {
    const s = board();
    const orders = { orders: [order] } as never;
    const check = galacticEmpires.check(s, "klingon", orders);
    const res = galacticEmpires.resolve(s, { klingon: orders }, Rng.forTurn(s.seed, 1));
    const blank = (t: string) => t.split(id).join("<id>");
    return {
      check: check.problems.map((p) => blank(`${p.order}: ${p.message} (${p.code})`)),
      checkLines: check.lines.filter((l) => !l.ok).map((l) => blank(`${l.order}: ${l.text}`)),
      turn: (res.problems.klingon ?? []).map((p) => blank(`${p.order}: ${p.message} (${p.code})`)),
    };
  }

  for (const [field, make] of UNIT_FIELDS) {
    it(`${field}: a romulan unit seen, unseen, cloaked, an independent one and an id of no unit get one answer`, () => {
      const missing = answers(make("A66"), "A66");
      expect(missing.turn.length, "the order fails").toBeGreaterThan(0);
      expect(missing.check).toEqual(missing.turn);
      for (const id of ["A51", "A6", "A53", "A1"]) {
        const got = answers(make(id), id);
        expect(got, `${field} = ${id}`).toEqual(missing);
        expect(JSON.stringify(got)).not.toMatch(/romulan|independent|belongs|another empire/i);
      }
    });
  }
  for (const [field, make] of ADMIRAL_FIELDS) {
    it(`${field}: a romulan admiral seen, unseen, cloaked and an id of no admiral get one answer`, () => {
      const missing = answers(make("ADM77"), "ADM77");
      expect(missing.turn.length, "the order fails").toBeGreaterThan(0);
      expect(missing.check).toEqual(missing.turn);
      for (const id of ["ADM8", "ADM7", "ADM9"]) {
        const got = answers(make(id), id);
        expect(got, `${field} = ${id}`).toEqual(missing);
        expect(JSON.stringify(got)).not.toMatch(/romulan|serves|belongs|another empire/i);
      }
    });
  }
});
