/**
 * The minelayer's choice (seed 000 "Declaring Combat", 000:433: "If the defender's ships include a minelayer, the
 * defender may place all of its mines and seeker missiles before the battle. The number and locations of the mines
 * and seeker missiles must be recorded on paper"): the UPF's `mines` order records, secretly, what a minelayer lays
 * should it defend a system; the Sathar never learn it; a battle there is declared with it; bad orders are problems.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { satharWar } from "../../src/rules/sathar-war/index.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import type { Order, Orders } from "../../src/rules/sathar-war/orders.js";
import { knownState } from "../../src/rules/sathar-war/presentation/known-state.js";
import { declareAttacks } from "../../src/rules/sathar-war/special-combat/index.js";
import { legalOrders } from "../../src/rules/sathar-war/turn/legal-orders.js";
import { campaign, inSystem, put } from "./support.js";

const orders = (seat: string, state: SatharWarState, list: Order[]): Orders => ({ seat, step: state.step, orders: list });
const run = (state: SatharWarState, seat: string, list: Order[]) =>
  satharWar.resolve(state, { [seat]: orders(seat, state, list) }, Rng.fromSeed(3));
const mines = (minelayer: string, n: number, seekers: number, system?: string): Order => ({
  type: "mines",
  minelayer,
  mines: n,
  seekers,
  ...(system ? { system } : {}),
});

/** The UPF's movement step, TFP's minelayer at Morgaine's World (Prenglar), a Sathar destroyer beside it. */
function atPrenglar(): SatharWarState {
  const s = campaign("upf-move");
  put(s, ["TFP-ML1"], inSystem("prenglar", "morgaines-world"));
  put(s, ["S-DD01"], inSystem("prenglar", "morgaines-world"));
  return s;
}

describe("Declaring Combat: the minelayer's mines and seekers, recorded secretly (000:433)", () => {
  it("the UPF records how many mines and seekers a minelayer lays in its system; only the UPF is told", () => {
    const s = atPrenglar();
    const r = run(s, "upf", [mines("TFP-ML1", 12, 3)]);
    expect(r.problems.upf ?? []).toEqual([]);
    expect(r.state.mines.prenglar).toEqual({ minelayer: "TFP-ML1", mines: 12, seekers: 3 });
    const told = r.events.find((e) => e.kind === "mines");
    expect(told?.to).toEqual(["upf"]);
    expect(told?.text).toContain("TFP-ML1 will lay 12 mines and 3 seeker missiles should it defend Prenglar");
    // The input is not changed: a new state comes back.
    expect(s.mines).toEqual({});
  });

  it("the record is hidden from the Sathar: their known state, and the harness's secrets", () => {
    const r = run(atPrenglar(), "upf", [mines("TFP-ML1", 12, 3)]);
    expect(knownState(r.state, "sathar").mines).toEqual({});
    expect(knownState(r.state, "upf").mines.prenglar?.mines).toBe(12);
    expect(satharWar.secrets?.(r.state, "sathar", r.events)).toContain('"prenglar":{"minelayer":"TFP-ML1"');
  });

  it("a battle declared there lays what was recorded (capped by what the ship still has), not all it carries", () => {
    const r = run(atPrenglar(), "upf", [mines("TFP-ML1", 12, 3)]);
    const s = r.state;
    s.phase = "sathar-attack";
    const attack: Order = { type: "attack", system: "prenglar", planet: "morgaines-world" };
    expect(declareAttacks(s, "sathar", { sathar: [attack] }).battles[0]?.mines).toEqual({ mines: 12, seekers: 3 });
    // Mines spent since (an earlier battle): the record is capped by what is left.
    s.ships["TFP-ML1"]!.spent = { M: 15 };
    expect(declareAttacks(s, "sathar", { sathar: [attack] }).battles[0]?.mines).toEqual({ mines: 5, seekers: 3 });
  });

  it("none at all may be laid (0 and 0), and the last order for a system stands", () => {
    const r = run(atPrenglar(), "upf", [mines("TFP-ML1", 12, 3), mines("TFP-ML1", 0, 0)]);
    expect(r.state.mines.prenglar).toEqual({ minelayer: "TFP-ML1", mines: 0, seekers: 0 });
    const s = r.state;
    s.phase = "sathar-attack";
    expect(
      declareAttacks(s, "sathar", { sathar: [{ type: "attack", system: "prenglar", planet: "morgaines-world" }] }).battles[0]?.mines,
    ).toBe(undefined);
  });

  it("another system may be named (where it would defend), defaulting to where it is", () => {
    const r = run(atPrenglar(), "upf", [mines("TFP-ML1", 4, 1, "cassidine")]);
    expect(r.problems.upf ?? []).toEqual([]);
    expect(r.state.mines.cassidine).toEqual({ minelayer: "TFP-ML1", mines: 4, seekers: 1 });
    expect(r.state.mines.prenglar).toBeUndefined();
  });

  it("bad orders are problems that name what would be valid, and change nothing", () => {
    const s = atPrenglar();
    const r = run(s, "upf", [
      mines("NO-SUCH-SHIP", 1, 0),
      mines("TFP-BB1", 1, 0),
      mines("TFP-ML1", 21, 0),
      mines("TFP-ML1", 1, 5),
      mines("TFP-ML1", 1, 0, "nowhere"),
      mines("S-DD01", 1, 0),
    ]);
    const got = (r.problems.upf ?? []).map((p) => [p.order, p.code]);
    expect(got).toEqual([
      ["#0 mines NO-SUCH-SHIP", "unknown-ship"],
      ["#1 mines TFP-BB1", "not-a-minelayer"],
      ["#2 mines TFP-ML1", "more-than-it-has"],
      ["#3 mines TFP-ML1", "more-than-it-has"],
      ["#4 mines TFP-ML1", "unknown-system"],
      ["#5 mines S-DD01", "not-your-ship"],
    ]);
    const msg = (code: string) => (r.problems.upf ?? []).find((p) => p.code === code)?.message ?? "";
    expect(msg("more-than-it-has")).toContain("TFP-ML1 has 20 mines and 4 seeker missiles left");
    expect(msg("not-a-minelayer")).toContain("your minelayers: ");
    expect(msg("not-a-minelayer")).toContain("TFP-ML1");
    expect(r.state.mines).toEqual({});
  });

  it("a minelayer in transit must name the system", () => {
    const s = atPrenglar();
    s.ships["TFP-ML1"]!.location = {
      kind: "transit",
      route: s.map.routes[0]!.id,
      box: 1,
      toward: s.map.routes[0]!.b,
      rate: 1,
      jumped: false,
    };
    const r = run(s, "upf", [mines("TFP-ML1", 1, 0)]);
    expect((r.problems.upf ?? []).map((p) => p.code)).toEqual(["no-system"]);
  });

  it("the Sathar give no mines order: their steps do not take it", () => {
    const s = campaign("sathar-move");
    const r = run(s, "sathar", [mines("TFP-ML1", 1, 0)]);
    expect((r.problems.sathar ?? []).map((p) => p.code)).toEqual(["wrong-phase"]);
  });

  it("the check says so before the step, and the menus offer one mines order a minelayer, bounded by what it has", () => {
    const s = atPrenglar();
    s.ships["TFP-ML1"]!.spent = { SM: 1 };
    const c = satharWar.check(s, "upf", orders("upf", s, [mines("TFP-ML1", 30, 0)]));
    expect(c.ok).toBe(false);
    expect(c.problems.map((p) => p.code)).toEqual(["more-than-it-has"]);
    const menus = legalOrders(s, "upf").orders.filter((o) => o.type === "mines");
    const ml = menus.find((m) => JSON.stringify(m.fields.minelayer).includes("TFP-ML1"));
    expect(ml?.fields.mines).toMatchObject({ kind: "number", min: 0, max: 20 });
    expect(ml?.fields.seekers).toMatchObject({ kind: "number", min: 0, max: 3 });
    // Where it is comes first.
    const systems = ml?.fields.system as { kind: string; values: { value: string }[] } | undefined;
    expect(systems?.values[0]?.value).toBe("prenglar");
    expect(legalOrders(campaign("sathar-move"), "sathar").orders.some((o) => o.type === "mines")).toBe(false);
  });
});
