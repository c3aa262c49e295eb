/**
 * Issue 12 "Battles: three ways, chosen per game (and per battle when the seats agree)", way 3: "Entered from the
 * table: players who fight the battle with the Knight Hawks boxed game enter its result; it is validated (only ships
 * that were there, damage within hit points)." Battles other than the table's are fought by a stub resolver that
 * records the way it was asked for: these tests are about the table and the agreement, not the quick tables.
 */
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { Rng } from "../../src/core/rng.js";
import type { BattleInput, BattleResolver, BattleResult } from "../../src/rules/sathar-war/battles/battle.js";
import { battleWay } from "../../src/rules/sathar-war/battles/table/battle-way.js";
import { checkResult } from "../../src/rules/sathar-war/battles/table/entering-results.js";
import { resultTemplate } from "../../src/rules/sathar-war/battles/table/result-forms.js";
import { satharWar } from "../../src/rules/sathar-war/index.js";
import type { BattleMode, SatharWarState } from "../../src/rules/sathar-war/model.js";
import { type Order, type Orders, parseOrders, type ResultOrder } from "../../src/rules/sathar-war/orders.js";
import { knownState } from "../../src/rules/sathar-war/presentation/known-state.js";
import { reportFor } from "../../src/rules/sathar-war/presentation/view.js";
import { createCampaign, seatsFor } from "../../src/rules/sathar-war/setting-up/create.js";
import { declareAttacks } from "../../src/rules/sathar-war/special-combat/index.js";
import { parseState } from "../../src/rules/sathar-war/state-schema.js";
import { legalOrders } from "../../src/rules/sathar-war/turn/legal-orders.js";
import { phaseHandlers } from "../../src/rules/sathar-war/turn/phases.js";
import { resolveStep } from "../../src/rules/sathar-war/turn/turn.js";

/** A campaign on day 3 with only the ships named on the map (the rest in reserve or off the map). */
function campaign(
  onMap: Record<string, [system: string, planet: string]>,
  battles: BattleMode = "table",
  upfSeats: 1 | 2 | 3 = 1,
): SatharWarState {
  const s = createCampaign({}, seatsFor(upfSeats));
  s.settings.battles = battles;
  s.day = 3;
  s.phase = "sathar-attack";
  s.step = 10;
  for (const ship of Object.values(s.ships)) {
    if (ship.cls === "FT") continue;
    ship.location = ship.side === "sathar" ? { kind: "reserve" } : { kind: "offmap" };
  }
  for (const ship of Object.values(s.ships))
    if (ship.cls === "FT" && ship.location.kind === "aboard" && ship.location.station !== undefined) ship.location = { kind: "offmap" };
  for (const [id, [system, planet]] of Object.entries(onMap)) {
    const ship = s.ships[id];
    if (!ship) throw new Error(`no ship ${id}`);
    ship.location = { kind: "system", system, planet };
  }
  return s;
}

/** The Sathar fall on Triad (Cassidine): a heavy cruiser and a carrier with eight fighters against a frigate and a scout. */
const TRIAD: Record<string, [string, string]> = {
  "S-HC1": ["cassidine", "triad"],
  "S-AC1": ["cassidine", "triad"],
  "TFC-FF1": ["cassidine", "triad"],
};
const triad = (battles: BattleMode = "table", more: Record<string, [string, string]> = {}) => campaign({ ...TRIAD, ...more }, battles);

/** Ways the stub was asked to fight, and the battles: each ship fought on, unchanged. */
function stub(): { resolverFor: (mode: BattleMode) => BattleResolver; asked: BattleMode[] } {
  const asked: BattleMode[] = [];
  return {
    asked,
    resolverFor: (mode) => ({
      id: mode,
      resolve(input: BattleInput): BattleResult {
        asked.push(mode);
        return {
          ships: {},
          stations: {},
          rounds: 1,
          holder: input.attacker === "sathar" ? "upf" : "sathar",
          lines: [{ round: 1, text: `fought ${mode}` }],
        };
      },
    }),
  };
}

const orders = (seat: string, list: Order[], step = 0): Orders => ({ seat, step, orders: list });
const attackTriad: Order = { type: "attack", system: "cassidine", planet: "triad" };

/** The attack step with the Sathar's attack on Triad, then the state awaiting results. */
function declared(s: SatharWarState, resolverFor = stub().resolverFor) {
  return resolveStep(s, { sathar: orders("sathar", [attackTriad]) }, Rng.fromSeed(3), phaseHandlers(resolverFor));
}

const result = (battle: string, more: Omit<ResultOrder, "type" | "battle"> = {}): ResultOrder => ({ type: "result", battle, ...more });

describe("table mode: the attack step keeps its battles for the table", () => {
  it("an attack step declares its battles as always, fights none of them and awaits the attackers' results", () => {
    const s = triad();
    const { asked, resolverFor } = stub();
    const r = declared(s, resolverFor);
    expect(asked).toEqual([]);
    expect(r.state.phase).toBe("sathar-results");
    expect(r.state.step).toBe(11);
    expect(r.state.pendingBattles?.map((b) => b.id)).toEqual(["d3-cassidine-sathar"]);
    expect(r.state.pendingBattles?.[0]?.ships.map((x) => x.id)).toContain("TFC-FF1");
    expect(r.state.battles).toEqual([]);
    expect(r.state.ships["TFC-FF1"]!.location).toEqual({ kind: "system", system: "cassidine", planet: "triad" });
    expect(r.events.some((e) => e.kind === "battle-pending")).toBe(true);
    expect(satharWar.awaiting(r.state)).toEqual(["sathar"]);
    expect(s.pendingBattles).toBeUndefined();
  });

  it("a state with pending battles is a legal saved campaign (JSON round trip)", () => {
    const r = declared(triad());
    const parsed = parseState(JSON.parse(JSON.stringify(r.state)));
    expect(parsed.ok).toBe(true);
  });

  it("an attack step that declares nothing goes on as before", () => {
    const r = resolveStep(triad(), { sathar: orders("sathar", []) }, Rng.fromSeed(3), phaseHandlers(stub().resolverFor));
    expect(r.state.pendingBattles).toBeUndefined();
    expect(r.state.phase).not.toMatch(/results/);
  });
});

describe("entering a valid result applies it as a resolved battle", () => {
  const fighters = ["S-FT01", "S-FT02", "S-FT03", "S-FT04", "S-FT05", "S-FT06", "S-FT07", "S-FT08"];
  const valid = result("d3-cassidine-sathar", {
    destroyed: ["TFC-FF1"],
    escaped: ["S-AC1", ...fighters],
    damage: { "S-HC1": { hull: 30, LB: 1 }, "st-triad": { hull: 80 } },
    spent: { "S-HC1": { T: 2 } },
    stationsDestroyed: ["st-triad"],
    rounds: 7,
  });

  it("losses, stations and escapes are written back; the battle is recorded as fought at the table", () => {
    const pending = declared(triad()).state;
    const { asked, resolverFor } = stub();
    const r = resolveStep(pending, { sathar: orders("sathar", [valid]) }, Rng.fromSeed(4), phaseHandlers(resolverFor));
    expect(r.problems).toEqual({});
    expect(asked).toEqual([]);
    const s = r.state;
    expect(s.pendingBattles).toBeUndefined();
    expect(s.ships["TFC-FF1"]!.location).toEqual({ kind: "gone", how: "destroyed", day: 3 });
    expect(s.losses.map((l) => l.ship)).toEqual(["TFC-FF1"]);
    expect(s.stations["st-triad"]!.destroyedDay).toBe(3);
    expect(s.ships["S-HC1"]!.damage).toEqual({ hull: 30, LB: 1 });
    expect(s.ships["S-HC1"]!.spent).toEqual({ T: 2 });
    expect(s.ships["S-HC1"]!.location).toEqual({ kind: "system", system: "cassidine", planet: "triad" });
    expect(s.ships["S-AC1"]!.location.kind).toBe("transit");
    expect(s.ships["S-FT01"]!.location).toEqual({ kind: "aboard", carrier: "S-AC1" });
    expect(s.battles).toHaveLength(1);
    expect(s.battles[0]!.mode).toBe("table");
    expect(s.battles[0]!.report.join("\n")).toContain("entered from the table by sathar");
  });

  it("the day continues: no UPF ship left to attack with, the day ends and the next begins", () => {
    const pending = declared(triad()).state;
    const r = resolveStep(pending, { sathar: orders("sathar", [valid]) }, Rng.fromSeed(4), phaseHandlers(stub().resolverFor));
    expect(r.state.day).toBe(4);
    expect(r.state.phase).toBe("sathar-move");
  });

  it("the day continues: the UPF, with a Sathar ship to attack that did not attack, comes to its attack step", () => {
    const s = triad("table", { "TFC-AS1": ["cassidine", "ruperts-hole"], "S-DD01": ["cassidine", "ruperts-hole"] });
    const pending = resolveStep(
      s,
      { sathar: orders("sathar", [{ ...attackTriad, ships: ["S-HC1", "S-AC1"] }]) },
      Rng.fromSeed(3),
      phaseHandlers(stub().resolverFor),
    ).state;
    expect(pending.phase).toBe("sathar-results");
    const scout = result("d3-cassidine-sathar", { destroyed: ["TFC-FF1"] });
    const r = resolveStep(pending, { sathar: orders("sathar", [scout]) }, Rng.fromSeed(4), phaseHandlers(stub().resolverFor));
    expect(r.problems).toEqual({});
    expect(r.state.phase).toBe("upf-attack");
    expect(r.state.day).toBe(3);
    // As a resolved battle: its ships fought today, and the UPF may not attack the Sathar that attacked.
    expect(r.state.today.fought).toContain("S-HC1");
    expect(r.state.today.attacked).toEqual(expect.arrayContaining(["S-HC1", "S-AC1"]));
    expect(r.state.today.attacked).not.toContain("S-DD01");
  });

  it("the UPF's battles at the table are entered by the UPF, then the day ends", () => {
    const s = triad("table", { "TFC-AS1": ["cassidine", "ruperts-hole"] });
    s.phase = "upf-attack";
    const r1 = resolveStep(
      s,
      { upf: orders("upf", [{ type: "attack", system: "cassidine", planet: "triad" }]) },
      Rng.fromSeed(5),
      phaseHandlers(stub().resolverFor),
    );
    expect(r1.state.phase).toBe("upf-results");
    expect(satharWar.awaiting(r1.state)).toEqual(["upf"]);
    const id = r1.state.pendingBattles![0]!.id;
    const r2 = resolveStep(
      r1.state,
      { upf: orders("upf", [result(id, { destroyed: ["S-HC1"] })]) },
      Rng.fromSeed(5),
      phaseHandlers(stub().resolverFor),
    );
    expect(r2.problems).toEqual({});
    expect(r2.state.ships["S-HC1"]!.location.kind).toBe("gone");
    expect(r2.state.day).toBe(4);
  });

  it("the defending side sees the entered result in its report", () => {
    const pending = declared(triad()).state;
    const r = resolveStep(pending, { sathar: orders("sathar", [valid]) }, Rng.fromSeed(4), phaseHandlers(stub().resolverFor));
    const text = reportFor(r.state, "upf", r.events).text;
    expect(text).toContain("sathar entered its result");
    expect(text).toContain("S-HC1: fought; damage hull 30, LB 1; spent T 2");
    expect(text).toContain("Destroyed: TFC-FF1");
    expect(text).toContain("is destroyed");
  });

  it("same state, orders and seed: byte-identical results", () => {
    const pending = declared(triad()).state;
    const a = resolveStep(pending, { sathar: orders("sathar", [valid]) }, Rng.fromSeed(4), phaseHandlers(stub().resolverFor));
    const b = resolveStep(pending, { sathar: orders("sathar", [valid]) }, Rng.fromSeed(4), phaseHandlers(stub().resolverFor));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe("a bad result is refused with a message per fault, and nothing of it is applied", () => {
  const input = () => declared(triad()).state.pendingBattles![0]!;
  const codes = (order: ResultOrder, i: BattleInput = input(), capacity = 8) => {
    const r = checkResult(i, order, "#0 result", "sathar", capacity);
    expect(r.result).toBeUndefined();
    return r.problems.map((p) => p.code);
  };
  const id = "d3-cassidine-sathar";

  it("a ship that was not in that battle", () => {
    expect(codes(result(id, { destroyed: ["TFP-LC1"] }))).toEqual(["not-in-battle"]);
    expect(codes(result(id, { damage: { "TFP-LC1": { hull: 3 } } }))).toEqual(["not-in-battle"]);
  });
  it("a station not there, and a station named as a ship", () => {
    expect(codes(result(id, { stationsDestroyed: ["st-gran-quivera"] }))).toEqual(["not-in-battle"]);
    expect(codes(result(id, { escaped: ["st-triad"] }))).toEqual(["station-is-not-a-ship"]);
  });
  it("damage over its hit points, and all of them lost without its being destroyed", () => {
    expect(codes(result(id, { damage: { "S-HC1": { hull: 81 } } }))).toEqual(["damage-over-hull"]);
    expect(codes(result(id, { damage: { "S-HC1": { hull: 80 } } }))).toEqual(["hull-gone-not-destroyed"]);
    expect(codes(result(id, { damage: { "st-triad": { hull: 80 } } }))).toEqual(["hull-gone-not-destroyed"]);
    expect(codes(result(id, { damage: { "st-triad": { hull: 81 } }, stationsDestroyed: ["st-triad"] }))).toEqual(["damage-over-hull"]);
  });
  it("a system it does not have, or more of one than it has", () => {
    expect(codes(result(id, { damage: { "S-HC1": { warp: 1 } } }))).toEqual(["unknown-system"]);
    expect(codes(result(id, { damage: { "S-HC1": { LB: 3 } } }))).toEqual(["damage-over-rating"]);
    expect(codes(result(id, { damage: { "TFC-FF1": { ADF: 5 } } }))).toEqual(["damage-over-rating"]);
  });
  it("expendables it does not carry, more than it carries, or fewer than it had spent going in", () => {
    expect(codes(result(id, { spent: { "TFC-FF1": { SM: 1 } } }))).toEqual(["spent-not-carried"]);
    expect(codes(result(id, { spent: { "S-HC1": { T: 5 } } }))).toEqual(["spent-over-carried"]);
    const i = input();
    i.ships.find((s) => s.id === "S-HC1")!.spent = { T: 2 };
    expect(codes(result(id, { spent: { "S-HC1": { T: 1 } } }), i)).toEqual(["spent-less-than-before"]);
  });
  it('damage below what it carried in: damage control mends only the battle\'s own damage (seed 000 "REPAIR")', () => {
    const i = input();
    i.ships.find((s) => s.id === "S-HC1")!.damage = { hull: 20, LB: 1 };
    expect(codes(result(id, { damage: { "S-HC1": { hull: 10 } } }), i)).toEqual(["damage-less-than-before"]);
    // A key not named keeps what it carried in; so do expendables.
    i.ships.find((s) => s.id === "S-HC1")!.spent = { T: 1, RB: 2 };
    const ok = checkResult(i, result(id, { damage: { "S-HC1": { hull: 35 } }, spent: { "S-HC1": { T: 3 } } }), "#0", "sathar", 8);
    expect(ok.problems).toEqual([]);
    expect(ok.result?.ships["S-HC1"]).toMatchObject({ fate: "fought", damage: { hull: 35, LB: 1 }, spent: { T: 3, RB: 2 } });
  });
  it("an escape for a fighter not aboard an escaping carrier, or more than the carriers hold", () => {
    expect(codes(result(id, { escaped: ["S-FT01"] }))).toEqual(["fighter-escape-without-carrier"]);
    expect(codes(result(id, { escaped: ["S-AC1", "S-FT01", "S-FT02"] }), input(), 1)).toEqual(["fighters-over-capacity"]);
  });
  it("two fates for one ship; a detonation by a ship that is no drone; militia at home escaping without having fired", () => {
    expect(codes(result(id, { destroyed: ["S-HC1"], escaped: ["S-HC1"] }))).toEqual(["two-fates"]);
    expect(codes(result(id, { detonated: ["TFC-FF1"] }))).toEqual(["not-a-drone"]);
    const i = input();
    i.ships.find((s) => s.id === "TFC-FF1")!.mustFireBeforeBreakOff = true;
    expect(codes(result(id, { escaped: ["TFC-FF1"] }), i)).toEqual(["militia-must-fire"]);
    expect(checkResult(i, result(id, { escaped: ["TFC-FF1"], fired: ["TFC-FF1"] }), "#0", "sathar", 8).problems).toEqual([]);
  });
  it("a holder with nothing left in the field", () => {
    expect(codes(result(id, { destroyed: ["TFC-FF1"], stationsDestroyed: ["st-triad"], holder: "upf" }))).toEqual([
      "holder-has-nothing-left",
    ]);
  });
  it("every fault is told, each with its own message naming what would be valid", () => {
    const r = checkResult(
      input(),
      result(id, { destroyed: ["TFP-LC1"], damage: { "S-HC1": { hull: 99, warp: 2 } } }),
      "#2 result",
      "sathar",
      8,
    );
    expect(r.problems.map((p) => p.code).sort()).toEqual(["damage-over-hull", "not-in-battle", "unknown-system"]);
    expect(r.problems.every((p) => p.order === "#2 result")).toBe(true);
    expect(r.problems[0]!.message).toContain("S-HC1");
    expect(r.problems.find((p) => p.code === "unknown-system")!.message).toContain("it may lose: hull, ADF, MR, DCR, LB");
  });

  it("in the step: the seat's problem names the order; the result is not applied; the battle falls to the quick resolver", () => {
    const pending = declared(triad()).state;
    const { asked, resolverFor } = stub();
    const bad = result(id, { destroyed: ["TFC-FF1"], damage: { "S-HC1": { hull: 200 } } });
    const r = resolveStep(
      pending,
      { sathar: orders("sathar", [{ type: "stance", nearPlanet: true }, bad]) },
      Rng.fromSeed(4),
      phaseHandlers(resolverFor),
    );
    expect(r.problems.sathar?.map((p) => [p.order, p.code])).toEqual([["#1 result d3-cassidine-sathar", "damage-over-hull"]]);
    expect(r.state.ships["TFC-FF1"]!.location.kind).toBe("system");
    expect(r.state.ships["S-HC1"]!.damage).toEqual({});
    expect(asked).toEqual(["quick"]);
    expect(r.state.battles[0]!.mode).toBe("quick");
    expect(r.events.some((e) => e.kind === "note" && e.text.includes("No valid result"))).toBe(true);
    expect(r.state.pendingBattles).toBeUndefined();
  });

  it("a battle not pending, and a second result for one battle, are refused; the first valid one stands", () => {
    const pending = declared(triad()).state;
    const r = resolveStep(
      pending,
      { sathar: orders("sathar", [result("d2-prenglar-sathar"), result(id, { destroyed: ["TFC-FF1"] }), result(id)]) },
      Rng.fromSeed(4),
      phaseHandlers(stub().resolverFor),
    );
    expect(r.problems.sathar?.map((p) => p.code)).toEqual(["no-such-battle", "battle-already-entered"]);
    expect(r.state.ships["TFC-FF1"]!.location.kind).toBe("gone");
  });

  it("a seat that sends nothing: the battle is fought the campaign's other way (quick when the setting is the table)", () => {
    const pending = declared(triad()).state;
    const { asked, resolverFor } = stub();
    resolveStep(pending, { sathar: orders("sathar", []) }, Rng.fromSeed(4), phaseHandlers(resolverFor));
    expect(asked).toEqual(["quick"]);
    const agreed = triad("battleshift");
    agreed.stances.sathar!.battleWay = "table";
    agreed.stances.upf!.battleWay = "table";
    const p2 = declared(agreed).state;
    const second = stub();
    resolveStep(p2, { sathar: orders("sathar", []) }, Rng.fromSeed(4), phaseHandlers(second.resolverFor));
    expect(second.asked).toEqual(["battleshift"]);
  });
});

describe("per battle when the seats agree (issue 12)", () => {
  const battleOf = (s: SatharWarState) => declareAttacks(s, "sathar", { sathar: [attackTriad] }).battles[0]!;

  it("both sides name the same way: the battle is fought so, whatever the setting", () => {
    const s = triad("quick");
    s.stances.sathar!.battleWay = "table";
    s.stances.upf!.battleWay = "table";
    expect(battleWay(s, battleOf(s))).toBe("table");
    const r = declared(s);
    expect(r.state.phase).toBe("sathar-results");
    s.stances.sathar!.battleWay = "battleshift";
    s.stances.upf!.battleWay = "battleshift";
    const { asked, resolverFor } = stub();
    const fought = declared(s, resolverFor);
    expect(asked).toEqual(["battleshift"]);
    expect(fought.state.battles[0]!.mode).toBe("battleshift");
  });

  it("one side only, or two different ways: the campaign's setting", () => {
    const s = triad("quick");
    s.stances.sathar!.battleWay = "table";
    expect(battleWay(s, battleOf(s))).toBe("quick");
    s.stances.upf!.battleWay = "battleshift";
    expect(battleWay(s, battleOf(s))).toBe("quick");
    const t = triad("table");
    t.stances.sathar!.battleWay = "quick";
    t.stances.upf!.battleWay = "quick";
    const { asked, resolverFor } = stub();
    const r = declared(t, resolverFor);
    expect(asked).toEqual(["quick"]);
    expect(r.state.pendingBattles).toBeUndefined();
  });

  it("every seat with ships in the battle must agree: one UPF seat of two naming nothing leaves the setting", () => {
    const s = createCampaign({}, seatsFor(2));
    const upfSeats = s.seats.filter((x) => x.side === "upf").map((x) => x.id);
    const base = triad("quick");
    base.seats = s.seats;
    base.stances = s.stances;
    base.ships["TFC-AS1"]!.location = { kind: "system", system: "cassidine", planet: "triad" };
    base.ships["TFC-FF1"]!.seat = upfSeats[0]!;
    base.ships["TFC-AS1"]!.seat = upfSeats[1]!;
    base.stances.sathar!.battleWay = "table";
    base.stances[upfSeats[0]!]!.battleWay = "table";
    expect(battleWay(base, battleOf(base))).toBe("quick");
    base.stances[upfSeats[1]!]!.battleWay = "table";
    expect(battleWay(base, battleOf(base))).toBe("table");
  });

  it("the stance order sets the way, and it stands until changed", () => {
    const s = triad("quick");
    s.phase = "sathar-move";
    const r = resolveStep(
      s,
      { sathar: orders("sathar", [{ type: "stance", battleWay: "table" }]) },
      Rng.fromSeed(1),
      phaseHandlers(stub().resolverFor),
    );
    expect(r.problems).toEqual({});
    expect(r.state.stances.sathar!.battleWay).toBe("table");
    expect(r.state.stances.sathar!.breakOffAtHullLost).toBe(s.stances.sathar!.breakOffAtHullLost);
  });
});

describe("what the attacking side is offered", () => {
  it("legalOrders offers the result order with the pending battles' ships and stations; the defender is asked nothing", () => {
    const pending = declared(triad()).state;
    const menu = legalOrders(pending, "sathar").orders.find((o) => o.type === "result");
    expect(menu).toBeDefined();
    const battle = menu!.fields.battle;
    expect(battle?.kind === "choice" && battle.values.map((v) => v.value)).toEqual(["d3-cassidine-sathar"]);
    const destroyed = menu!.fields.destroyed;
    expect(destroyed?.kind === "choices" && destroyed.values.map((v) => v.value)).toContain("TFC-FF1");
    const st = menu!.fields.stationsDestroyed;
    expect(st?.kind === "choices" && st.values.map((v) => v.value)).toEqual(["st-triad"]);
    expect(legalOrders(pending, "upf").orders).toEqual([]);
  });

  it("the orders template is a ready-to-fill result file: sent as it is, every ship fought on unchanged", () => {
    const pending = declared(triad()).state;
    pending.ships["S-HC1"]!.spent = { T: 1 };
    pending.pendingBattles![0]!.ships.find((x) => x.id === "S-HC1")!.spent = { T: 1 };
    const text = satharWar.ordersTemplate(pending, "sathar");
    expect(text).toBe(resultTemplate(pending, "sathar"));
    expect(text).toContain("battle: d3-cassidine-sathar");
    const parsed = parseOrders(parseYaml(text));
    expect([...parsed.problems, ...parsed.refused]).toEqual([]);
    expect(parsed.orders.orders[0]?.type).toBe("result");
    const r = resolveStep(pending, { sathar: parsed.orders }, Rng.fromSeed(4), phaseHandlers(stub().resolverFor));
    expect(r.problems).toEqual({});
    expect(r.state.battles[0]!.mode).toBe("table");
    expect(r.state.ships["S-HC1"]!.spent).toEqual({ T: 1 });
    expect(r.state.ships["TFC-FF1"]!.location.kind).toBe("system");
  });

  it("the check runs the real step: a bad result fails with its problem", () => {
    const pending = declared(triad()).state;
    const c = satharWar.check(
      pending,
      "sathar",
      orders("sathar", [result("d3-cassidine-sathar", { destroyed: ["TFP-LC1"] })], pending.step),
    );
    expect(c.ok).toBe(false);
    expect(c.problems.map((p) => p.code)).toEqual(["not-in-battle"]);
  });

  it("the Sathar do not learn the minelayers' secret mines from a pending battle", () => {
    const s = triad("table", { "TFC-ML1": ["cassidine", "triad"] });
    const pending = declared(s).state;
    expect(pending.pendingBattles![0]!.mines).toBeDefined();
    expect(knownState(pending, "sathar").pendingBattles![0]!.mines).toBeUndefined();
    expect(knownState(pending, "upf").pendingBattles![0]!.mines).toBeDefined();
    const secrets = satharWar.secrets(pending, "sathar", []);
    const seen = JSON.stringify(knownState(pending, "sathar"));
    expect(secrets.some((x) => x.startsWith('"mines":'))).toBe(true);
    for (const x of secrets) expect(seen).not.toContain(x);
  });
});

describe("a table campaign played by bots", () => {
  /** The normal bot moves and attacks; in battle results steps the seat sends the template as it is, or random menu orders. */
  function play(seed: number, steps: number): { state: SatharWarState; entered: number; fallbacks: number; results: number } {
    let s = satharWar.scenarios.war!.create(seed, undefined) as SatharWarState;
    s = { ...s, settings: { ...s.settings, battles: "table" } };
    let entered = 0;
    let fallbacks = 0;
    let results = 0;
    for (let t = 0; t < steps && !satharWar.outcome(s); t++) {
      const given: Record<string, Orders> = {};
      const inResults = s.phase.endsWith("-results");
      if (inResults) results++;
      for (const seat of satharWar.awaiting(s)) {
        const known = satharWar.knownState(s, seat);
        const rng = Rng.forTurn(seed, t, seat);
        given[seat] = !inResults
          ? satharWar.bots.normal!.play(known, seat, rng)
          : results % 2 === 1
            ? parseOrders(parseYaml(satharWar.ordersTemplate(known, seat))).orders
            : satharWar.bots.random!.play(known, seat, rng);
      }
      const r = satharWar.resolve(s, given, Rng.forTurn(seed, t, "step"));
      entered += r.events.filter((e) => e.kind === "result-entered").length;
      fallbacks += r.events.filter((e) => e.kind === "note" && e.text.startsWith("No valid result")).length;
      const parsed = parseState(JSON.parse(JSON.stringify(r.state)));
      expect(parsed.ok, `step ${t}`).toBe(true);
      s = r.state;
    }
    return { state: s, entered, fallbacks, results };
  }

  it("templates sent as they are and random menu results: no exception, legal states, every pending battle settled", () => {
    const a = play(2, 100);
    expect(a.results).toBeGreaterThan(0);
    expect(a.entered).toBeGreaterThan(0);
    expect(a.fallbacks).toBeGreaterThan(0);
    // Every battle of a table campaign was entered from the table or, with no valid result, fought quick.
    expect(a.state.battles.filter((b) => b.mode === "table")).toHaveLength(a.entered);
    expect(a.state.battles.filter((b) => b.mode === "quick")).toHaveLength(a.fallbacks);
    expect(a.state.pendingBattles === undefined || a.state.phase.endsWith("-results")).toBe(true);
    expect(JSON.stringify(play(2, 100).state)).toBe(JSON.stringify(a.state));
  });
});
