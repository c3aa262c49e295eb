/**
 * What a player reads: the orders template, the results and the map (seed 003
 * chapter 1, "The File You Send" and the results file; chapter 3, "Map Options").
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { createGame, seatReport } from "../../src/host/games.js";
import { galacticEmpires as ge } from "../../src/rules/galactic-empires/index.js";
import { mapSvg } from "../../src/rules/galactic-empires/presentation/map-svg.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";
import { MemoryStore } from "../../src/store/memory.js";

/** Every text a seat reads of a turn: messages, problems and battle reports of its results, as printed. */
function resultsOf(orders: Record<string, unknown>[], seat = "klingon", seed = 1) {
  const s = createTutorial(seed);
  const parsed = ge.parseOrders({ orders });
  expect(parsed.problems).toEqual([]);
  const res = ge.resolve(s, { [seat]: parsed.orders }, Rng.forTurn(seed, 1));
  return { state: res.state, events: res.events, text: ge.report(res.state, seat, res.events).text };
}

describe("chapter 5 'Admirals': an admiral's id is shown wherever orders need it", () => {
  it("the orders template lists each admiral with its id, unit, leadership and skills, and its examples use a real id", () => {
    const t = ge.ordersTemplate(createTutorial(1), "klingon");
    expect(t).toMatch(/^# {3}A5 starfleet "Patrol Force 2" at 2 Khitomer: .*; admirals ADM1 \(leader\)$/m);
    expect(t).toMatch(/^# {3}ADM1 "General Martok" in A5 \(leads it\): tactics 46, siegecraft 42, corvette combat 10, hit points 1$/m);
    expect(t).toContain("{ type: leader, unit: A5, admiral: ADM1 }");
    const none = ge.ordersTemplate(createTutorial(1), "romulan");
    expect(none).toMatch(/Your admirals .*:\n# {3}none/);
  });

  it("the results name the admiral with its id in 'Your forces'", () => {
    const { text } = resultsOf([]);
    expect(text).toMatch(/^A5 Patrol Force 2 at 2 Khitomer: .*; admirals: General Martok \(ADM1, leader\) T46\/S42/m);
  });

  it("the map's tooltip of a unit names its admirals with their ids; another empire's map shows none of them", () => {
    const s = createTutorial(1);
    expect(mapSvg(s, { empire: "klingon" })).toContain(
      "A5 Patrol Force 2: 1 Hawk Heavy Cruiser, 1 Negh&apos;var Battleship; admirals General Martok (ADM1, leader)",
    );
    expect(mapSvg(s)).toContain("; admirals General Martok (ADM1, leader)");
    s.units.A5!.sector = 3; // Narendra borders Romulan Nimbus: the Romulans see A5 there, but not its admirals
    const romulan = mapSvg(s, { empire: "romulan" });
    expect(romulan).toContain("A5 Patrol Force 2 (Klingon Empire)");
    expect(romulan).not.toMatch(/ADM1|Martok/);
  });
});

describe("chapter 5 'Admirals': messages give an admiral's name as it is, with its id", () => {
  it("a renamed admiral is 'Admiral Thelev (ADM1)', never 'Admiral Admiral Thelev'", () => {
    const { text } = resultsOf([
      { type: "renameAdmiral", admiral: "ADM1", name: "Admiral Thelev" },
      { type: "leader", unit: "A5", admiral: "ADM1" },
      { type: "travel", unit: "A5", to: 3 },
    ]);
    expect(text).toContain("General Martok (ADM1) is now called Admiral Thelev.");
    expect(text).toContain("Admiral Thelev (ADM1) now leads Patrol Force 2 (A5).");
    expect(text).not.toMatch(/Admiral Admiral|admiral Admiral/);
  });

  it("a hired admiral ('Admiral Soval') fights in battle reports as 'Admiral Soval's corvette'", () => {
    const s = createTutorial(1);
    s.admirals.ADM1!.name = "Admiral Soval";
    const res = ge.resolve(s, { klingon: { orders: [{ type: "travel", unit: "A5", to: 3 }] } }, Rng.forTurn(1, 1));
    const text = ge.report(res.state, "klingon", res.events).text;
    expect(text).toContain("A sector battle occurred");
    expect(text).toContain("1 Admiral Soval's corvette Caused");
    expect(text).not.toMatch(/Admiral Admiral/);
  });
});

describe("chapter 5 'Movement': a travel order to the sector the unit is in", () => {
  it("fails as 'already-there', naming where it could go and that a wait keeps it there: never 'not connected' to itself", () => {
    const s = createTutorial(1);
    const orders = { orders: [{ type: "travel", unit: "A5", to: 2 }] } as never;
    const res = ge.resolve(s, { klingon: orders }, Rng.forTurn(1, 1));
    const [p] = res.problems.klingon ?? [];
    expect(p?.code).toBe("already-there");
    expect(p?.message).toBe(
      "A5 is already in 2 Khitomer; a travel order takes it to a neighbouring sector (1 Qo'noS, 3 Narendra, 7 Ty'Gokor), and a wait order keeps it where it is",
    );
    expect(ge.check(s, "klingon", orders).problems).toEqual(res.problems.klingon);
  });
});

describe("chapter 4 'Construction Happens': a starfleet ordered to construct and to travel stays and builds", () => {
  it("its travel fails for want of move points, and the message says the construct order used them up", () => {
    const s = createTutorial(1);
    s.units.A5!.ships.push({ type: "klingon/hawk-heavy-cruiser", rank: 1, count: 2, used: 0 });
    const orders = {
      orders: [
        { type: "construct", unit: "A5" },
        { type: "travel", unit: "A5", to: 1 },
      ],
    } as never;
    const res = ge.resolve(s, { klingon: orders }, Rng.forTurn(1, 1));
    expect(res.state.units.A5!.sector).toBe(2);
    expect(res.state.sectors[1]!.defence.level).toBe(1);
    const [p] = res.problems.klingon ?? [];
    expect(p?.code).toBe("not-enough-move-points");
    expect(p?.message).toMatch(/its construct order used them up in First Events: it stays to build/);
  });
});

describe("chapter 1: the results before the first turn are the starting position", () => {
  it("the report says so, and 'report' asked for the awaited first turn or for turn 0 shows it too", async () => {
    const text = ge.report(createTutorial(1), "klingon", []).text;
    expect(text.split("\n")[1]).toBe(
      "Starting position of Klingon Empire (klingon), ruled by Chancellor Gowron: no turn has been run yet. Orders are now due for turn 1.",
    );
    expect(text).not.toMatch(/Results of turn 0/);
    const store = new MemoryStore();
    await createGame(store, { id: "g1", ruleset: ge as never, scenario: "tutorial", inputs: {}, seed: 1 });
    for (const step of [undefined, 0, 1]) {
      const r = await seatReport(store, "g1", "klingon", step);
      expect(r.text, `step ${step}`).toBe(text);
    }
    await expect(seatReport(store, "g1", "klingon", 2)).rejects.toThrow(/without a step shows the starting position/);
  });
});

describe("chapter 4: an empire that gives no orders", () => {
  it("the check of an empty orders file says 'no orders', and of a file whose every order was skipped says so", () => {
    const s = createTutorial(1);
    const empty = ge.check(s, "klingon", { orders: [] });
    expect(empty.lines[0]).toMatchObject({ step: "Orders", ok: true });
    expect(empty.lines[0]?.text).toMatch(/^no orders: this file gives none/);
    const parsed = ge.parseOrders({ orders: [{ type: "travle", unit: "A5", to: 3 }] });
    const skipped = ge.check(s, "klingon", parsed.orders);
    const none = skipped.lines.find((l) => l.text.startsWith("no orders"));
    expect(none).toMatchObject({ step: "Orders", ok: false });
    expect(none?.text).toMatch(/^no orders stand: the one order of the file was skipped/);
  });
});
