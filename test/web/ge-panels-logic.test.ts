/**
 * The pure parts of the Galactic Empires areas (src/web/rulesets/galactic-empires/): the Headquarters figures of
 * seed 003 chapter 2, the results sorted into the Messages sections, the battle odds form's input file, and the
 * geometry and words of the history charts. Plain vitest, on the tutorial's Klingon Empire.
 */
import { describe, expect, it } from "vitest";
import type { GeEvent } from "../../src/rules/galactic-empires/events.js";
import { parseOddsInput } from "../../src/rules/galactic-empires/odds.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";
import { type EmpireView, viewFor } from "../../src/rules/galactic-empires/view.js";
import { describeSeries, plot, type StandingsReply, seriesOf, ticks } from "../../src/web/rulesets/galactic-empires/chart.js";
import { diplomacyOf, financesOf, holdingsOf, resources } from "../../src/web/rulesets/galactic-empires/hq.js";
import { initialForm, oddsInput } from "../../src/web/rulesets/galactic-empires/odds-form.js";
import { battleTitle, resultSections } from "../../src/web/rulesets/galactic-empires/results.js";

const klingon = (events: GeEvent[] = []): EmpireView => viewFor(createTutorial(1), "klingon", events);

describe("Headquarters: Finances (chapter 2)", () => {
  it("the treasury less this turn's upkeep is the expected surplus; revenue comes from owned and annexed sectors", () => {
    const f = financesOf(klingon());
    // 60 in the coffers; Patrol Force 2 and the Qo'noS garrison cost 5.4 a turn, General Martok 1.
    expect(f).toEqual({
      treasury: 60,
      shipUpkeep: 5.4,
      admiralUpkeep: 1,
      upkeep: 6.4,
      ordersCost: null,
      surplus: 53.6,
      // Qo'noS 12, Khitomer 8, Boreth 8, all annexed and undamaged.
      expectedRevenue: 28,
    });
  });

  it("the orders written so far count against the treasury; spending more than it holds is a shortfall", () => {
    expect(financesOf(klingon(), 40).surplus).toBe(13.6);
    const short = financesOf(klingon(), 70);
    expect(short.surplus).toBe(-16.4);
    expect(resources(short.surplus)).toBe("-16.4");
  });

  it("a damaged sector yields less (chapter 5, 'Sector Revenue': 80%, 65%, 50%); one not annexed yields nothing", () => {
    const v = klingon();
    const qonos = v.sectors.find((s) => s.id === 1)!;
    qonos.damage = 2;
    expect(financesOf(v).expectedRevenue).toBe(12 * 0.65 + 8 + 8);
    v.sectors.find((s) => s.id === 2)!.annexedTo = null;
    expect(financesOf(v).expectedRevenue).toBe(12 * 0.65 + 8);
  });
});

describe("Headquarters: Holdings and Diplomacy", () => {
  it("counts sectors, annexed, industrial centres, starfleets, garrisons, starships and admirals", () => {
    expect(holdingsOf(klingon())).toEqual({
      sectors: 3,
      annexed: 3,
      industrialCentres: 1,
      starfleets: 1,
      garrisons: 1,
      starships: 8,
      admirals: 1,
    });
  });

  it("lists each foreign empire with the relation and every standing both ways, permissions by sector", () => {
    const v = klingon();
    v.empires[1]!.relation = "war";
    v.empires[0]!.ours.passage = true;
    v.sectors.find((s) => s.id === 2)!.permission = ["romulan"];
    const rows = diplomacyOf(v);
    expect(rows.map((r) => [r.name, r.relation, r.passageGiven, r.permissionsGiven])).toEqual([
      ["Federation Core", "neutral", true, []],
      ["Romulan Star Empire", "war", false, ["2 Khitomer"]],
    ]);
  });
});

describe("Messages: the results in sections", () => {
  it("groups messages by step, keeps public news apart, and lists failures, battles, proclamations and espionage", () => {
    const events: GeEvent[] = [
      { kind: "message", to: ["klingon"], step: "Upkeep Paid", text: "Upkeep paid: 6.4." },
      { kind: "message", to: ["klingon"], step: "Upkeep Paid", text: "Nothing unpaid." },
      { kind: "message", to: "all", step: "Sector Ownership", text: "3 Narendra was taken by klingon." },
      {
        kind: "problem",
        to: ["klingon"],
        step: "Phase 1",
        problem: { order: "#8 travel strike -> 11", code: "no-move-points", message: "needs 2 move points" },
      },
      { kind: "proclamation", to: "all", step: "Proclamations", from: "romulan", text: "Hail.", income: 0 },
      { kind: "espionage", to: ["klingon"], step: "Espionage", target: "romulan", fields: { treasury: 40, admirals: null } },
      {
        kind: "battle",
        to: ["klingon"],
        step: "Phase 1: Space Battles",
        report: { kind: "sector", where: "3 Narendra", units: [], siege: [], defence: null, rounds: [], wounded: [], holders: ["klingon"] },
      },
    ];
    const s = resultSections(klingon(events));
    expect(s.messages).toEqual([{ step: "Upkeep Paid", lines: ["Upkeep paid: 6.4.", "Nothing unpaid."] }]);
    expect(s.announcements).toEqual(["3 Narendra was taken by klingon."]);
    expect(s.failed).toEqual([{ step: "Phase 1", order: "#8 travel strike -> 11", why: "needs 2 move points", code: "no-move-points" }]);
    expect(s.proclamations).toEqual([{ from: "Romulan Star Empire", text: "Hail.", income: 0 }]);
    expect(s.espionage).toEqual([
      {
        target: "Romulan Star Empire",
        fields: [
          { name: "treasury", value: 40 },
          { name: "admirals", value: null },
        ],
      },
    ]);
    expect(s.battles.map((b) => battleTitle(b.report))).toEqual(["A sector battle at 3 Narendra"]);
  });
});

describe("Battle odds: the form's input file", () => {
  it("starts with our largest force against the largest foreign force in sight, and makes an input the odds tool accepts", () => {
    const f = initialForm(klingon());
    expect(f.sides[0].name).toBe("Garrison of Qo'noS (G1)");
    expect(f.sides[0].ships.reduce((n, s) => n + s.count, 0)).toBe(6);
    // Foreign ranks are not in the view: assumed the front rank.
    expect(f.sides[1].name).toMatch(/^Independent Local Forces/);
    expect(f.sides[1].ships.every((s) => s.rank === 1)).toBe(true);
    f.sides[1].ships = [];
    f.sides[1].ships.push({ type: "romulan/hawk-heavy-cruiser", count: 2, rank: 1 }, { type: "", count: 3, rank: 1 });
    f.defenceLevel = 2;
    f.defenceSide = 0;
    const parsed = parseOddsInput(oddsInput(f));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    // The empty row is left out; the defence protects side 1, whose unit defends it.
    expect(parsed.value.sides[1]!.ships).toEqual([{ type: "romulan/hawk-heavy-cruiser", count: 2 }]);
    expect(parsed.value.battle.defence?.level).toBe(2);
    expect(parsed.value.battle.defence?.protects).toEqual([parsed.value.sides[0]!.owner]);
  });

  it("a cross-border battle has no sector defence", () => {
    const f = initialForm(klingon());
    f.defenceLevel = 3;
    f.crossBorder = true;
    expect(oddsInput(f)).toMatchObject({ crossBorder: true, sectorDefence: { level: 0, ownerSide: null } });
  });
});

describe("History charts", () => {
  const reply: StandingsReply = {
    over: true,
    turns: [
      {
        turn: 2,
        empires: [
          { empire: "klingon", name: "Klingon Empire", sectors: 4, starships: 10, treasury: 65.32, defeated: false },
          { empire: "romulan", name: "Romulan Star Empire", sectors: 3, starships: 6, treasury: 50, defeated: false },
        ],
      },
      {
        turn: 1,
        empires: [
          { empire: "klingon", name: "Klingon Empire", sectors: 3, starships: 8, treasury: 60, defeated: false },
          { empire: "romulan", name: "Romulan Star Empire", sectors: 3, starships: 6, treasury: 60, defeated: false },
        ],
      },
    ],
  };

  it("one series per empire, in turn order", () => {
    expect(seriesOf(reply, "sectors").map((s) => [s.name, s.points.map((p) => p.value)])).toEqual([
      ["Klingon Empire", [3, 4]],
      ["Romulan Star Empire", [3, 3]],
    ]);
  });

  it("round ticks from 0 over the highest figure", () => {
    expect(ticks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(ticks(65.32)).toEqual([0, 20, 40, 60, 80]);
    expect(ticks(0)).toEqual([0, 1]);
  });

  it("scales turns left to right and values bottom to top", () => {
    const box = { width: 100, height: 60, left: 10, right: 10, top: 10, bottom: 10 };
    const p = plot(seriesOf(reply, "sectors"), box);
    expect(p.turns).toEqual([1, 2]);
    expect(p.paths[0]).toBe("M10 20 L90 10");
    expect(p.y(0)).toBe(50);
  });

  it("says in words what the chart shows", () => {
    expect(describeSeries(seriesOf(reply, "treasury"), "treasury")).toBe(
      "Klingon Empire: 60 at turn 1, 65.32 at turn 2. Romulan Star Empire: 60 at turn 1, 50 at turn 2.",
    );
    expect(describeSeries([], "sectors")).toBe("No sectors figures yet.");
  });
});
