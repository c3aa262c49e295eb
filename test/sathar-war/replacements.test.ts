/**
 * Seed 000 "UPF Replacements": "For each fortress that has not been destroyed by the Sathar, the UPF can replace one
 * ship larger than an assault scout ... For each Fortified station left undestroyed, the UPF player can replace two
 * assault scouts, two fighters, or a fighter and an assault scout." The UPF chooses which with `replace` orders; the
 * program's pick stays the default (RULINGS "Replacements").
 */
import { describe, expect, it } from "vitest";
import type { Problem } from "../../src/core/result.js";
import { Rng } from "../../src/core/rng.js";
import { satharWar } from "../../src/rules/sathar-war/index.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import type { Order, ReplaceOrder } from "../../src/rules/sathar-war/orders.js";
import { templateFor } from "../../src/rules/sathar-war/presentation/view.js";
import { chooseReplacements, replacementPhase } from "../../src/rules/sathar-war/replacements/replacements.js";
import { legalOrders } from "../../src/rules/sathar-war/turn/legal-orders.js";
import { DiceRng, destroy, emptyCampaign, lose } from "./logistics-support.js";

const replace = (station: string, ships: string[]): ReplaceOrder => ({ type: "replace", station, ships });

/** Apply `replace` orders as a UPF step would; the problems' codes and the state. */
function choose(state: SatharWarState, orders: ReplaceOrder[], seat = "upf") {
  const s = structuredClone(state);
  const problems: Problem[] = [];
  chooseReplacements(
    s,
    seat,
    orders.map((order, index) => ({ order, index })),
    problems,
    [],
    "UPF movement",
  );
  return { state: s, codes: problems.map((p) => p.code), problems };
}

/** Day 20 with the option on, UPF ships lost. */
function lossesOnDay20(): SatharWarState {
  const s = emptyCampaign({ replacements: true }, 20);
  s.phase = "upf-move";
  for (const id of ["TFC-BB1", "TFC-LC1", "TFC-AS1", "TFC-AS2", "TFC-FT1", "TFC-FT2"]) lose(s, id, "destroyed", 6);
  return s;
}

describe("UPF Replacements: the UPF chooses which lost ships (seed 000:539-543)", () => {
  it("without a choice the program picks: each fortress in id order the largest class lost, fortified stations the earliest", () => {
    const { state } = replacementPhase(lossesOnDay20(), new DiceRng([]));
    expect(state.ships["TFC-BB1-R1"]?.location).toMatchObject({ planet: "gollywog" }); // st-gollywog, the first fortress
    expect(state.ships["TFC-LC1-R1"]?.location).toMatchObject({ planet: "kdikit" });
    expect(state.ships["TFC-AS1-R1"]?.location).toMatchObject({ planet: "gran-quivera" });
    expect(state.ships["TFC-AS2-R1"]?.location).toMatchObject({ planet: "gran-quivera" });
  });

  it('"For each fortress ... one ship larger than an assault scout": Fortress Redoubt replaces the light cruiser it was told to', () => {
    const chosen = choose(lossesOnDay20(), [replace("st-gollywog", ["TFC-LC1"])]);
    expect(chosen.codes).toEqual([]);
    expect(chosen.state.replacementChoices).toEqual({ "st-gollywog": ["TFC-LC1"] });
    const { state } = replacementPhase(chosen.state, new DiceRng([]));
    expect(state.ships["TFC-LC1-R1"]?.location).toEqual({ kind: "system", system: "white-light", planet: "gollywog" });
    // The next fortress's own pick takes the battleship; the choice is spent with the phase.
    expect(state.ships["TFC-BB1-R1"]?.location).toMatchObject({ planet: "kdikit" });
    expect(state.replacementChoices).toBeUndefined();
  });

  it('"two assault scouts, two fighters, or a fighter and an assault scout": chosen ships are set aside for their station', () => {
    // Minotaur (the last fortified station in id order) wants the first scout and a fighter; Gran Quivera, picking
    // first, takes the earliest ships left.
    const chosen = choose(lossesOnDay20(), [replace("st-minotaur", ["TFC-AS1", "TFC-FT2"])]);
    expect(chosen.codes).toEqual([]);
    const { state } = replacementPhase(chosen.state, new DiceRng([]));
    expect(state.ships["TFC-AS1-R1"]?.location).toMatchObject({ planet: "minotaur" });
    expect(state.ships["TFC-FT2-R1"]?.location).toEqual({ kind: "aboard", station: "st-minotaur" });
    expect(state.ships["TFC-AS2-R1"]?.location).toMatchObject({ planet: "gran-quivera" });
    expect(state.ships["TFC-FT1-R1"]?.location).toEqual({ kind: "aboard", station: "st-gran-quivera" });
  });

  it("a station given one ship of two has the other picked for it; [] gives the choice back to the program; the last order stands", () => {
    let s = choose(lossesOnDay20(), [replace("st-gran-quivera", ["TFC-FT2"])]).state;
    const one = replacementPhase(s, new DiceRng([])).state;
    expect(one.ships["TFC-FT2-R1"]?.location).toEqual({ kind: "aboard", station: "st-gran-quivera" });
    expect(one.ships["TFC-AS1-R1"]?.location).toMatchObject({ planet: "gran-quivera" });
    s = choose(s, [replace("st-gran-quivera", [])]).state;
    expect(s.replacementChoices).toEqual({});
    s = choose(s, [replace("st-pale", ["TFC-LC1"]), replace("st-pale", ["TFC-BB1"])]).state;
    expect(s.replacementChoices).toEqual({ "st-pale": ["TFC-BB1"] });
  });

  it("the refusals, each naming what the station could replace; a refused order keeps the earlier choice", () => {
    const s = lossesOnDay20();
    lose(s, "TFC-FF1", "misjumped", 7);
    lose(s, "M-PAL-FF1", "destroyed", 7);
    destroy(s, ["st-kdikit"], 9);
    const first = choose(s, [replace("st-pale", ["TFC-BB1"])]).state;
    const r = choose(first, [
      replace("st-nowhere", ["TFC-BB1"]),
      replace("st-triad", ["TFC-BB1"]),
      replace("st-kdikit", ["TFC-BB1"]),
      replace("st-pale", ["TFC-BB1", "TFC-LC1"]),
      replace("st-pale", ["TFC-HC1"]),
      replace("st-pale", ["TFC-FF1"]),
      replace("st-pale", ["M-PAL-FF1"]),
      replace("st-pale", ["TFC-AS1"]),
      replace("st-pale", ["S-DD01"]),
      replace("st-pale", ["NOPE"]),
      replace("st-hentz", ["TFC-AS1", "TFC-AS1"]),
    ]);
    expect(r.codes).toEqual([
      "unknown-station",
      "replaces-nothing",
      "station-destroyed",
      "too-many",
      "not-lost",
      "not-replaceable",
      "not-replaceable",
      "wrong-class",
      "not-your-ship",
      "unknown-ship",
      "ship-named-twice",
    ]);
    expect(r.problems[4]?.message).toContain("could replace: TFC-BB1, TFC-LC1");
    expect(r.problems[0]?.order).toBe("#0 replace st-nowhere");
    expect(r.state.replacementChoices).toEqual({ "st-pale": ["TFC-BB1"] });
    const off = emptyCampaign({}, 20);
    expect(choose(off, [replace("st-pale", [])]).codes).toEqual(["no-replacements"]);
  });

  it("a ship already replaced is refused; a choice for a station destroyed before the phase falls to the others' picks", () => {
    const s = lossesOnDay20();
    const done = replacementPhase(s, new DiceRng([])).state;
    expect(choose({ ...done, day: 25 }, [replace("st-pale", ["TFC-BB1"])]).codes).toEqual(["not-replaceable"]);
    const t = choose(lossesOnDay20(), [replace("st-pale", ["TFC-LC1"])]).state;
    destroy(t, ["st-pale"], 20);
    const after = replacementPhase(t, new DiceRng([])).state;
    expect(after.ships["TFC-LC1-R1"]?.location).toMatchObject({ planet: "kdikit" });
  });
});

describe("the replace order through the campaign: step, menus and template", () => {
  it("given in the UPF movement step of day 20, it is carried out at the day's end", () => {
    const s = lossesOnDay20();
    const orders: Order[] = [replace("st-morgaines-world", ["TFC-LC1"])];
    const r = satharWar.resolve(s, { upf: { seat: "upf", step: s.step, orders } }, Rng.fromSeed(3));
    expect(r.problems.upf ?? []).toEqual([]);
    expect(r.events.some((e) => e.kind === "replacement-chosen")).toBe(true);
    expect(r.state.day).toBe(21);
    expect(r.state.ships["TFC-LC1-R1"]?.location).toMatchObject({ planet: "morgaines-world" });
    expect(r.state.ships["TFC-BB1-R1"]?.location).toMatchObject({ planet: "gollywog" });
  });

  it("menus: one replace menu per fortress and fortified station with losses it could replace; none without the option", () => {
    const s = lossesOnDay20();
    const menus = legalOrders(s, "upf").orders.filter((o) => o.type === "replace");
    expect(menus).toHaveLength(8);
    const pale = menus.find((m) => JSON.stringify(m.fields.station).includes("st-pale"))!;
    expect(pale.fields.ships).toMatchObject({ kind: "choices", min: 0, max: 1 });
    const values = (pale.fields.ships as { values: { value: string | number }[] }).values.map((v) => v.value);
    expect(values).toEqual(["TFC-BB1", "TFC-LC1"]);
    const hentz = menus.find((m) => JSON.stringify(m.fields.station).includes("st-hentz"))!;
    expect(hentz.fields.ships).toMatchObject({ max: 2 });
    const off = { ...s, settings: { ...s.settings, replacements: false } };
    expect(legalOrders(off, "upf").orders.some((o) => o.type === "replace")).toBe(false);
  });

  it("the orders template shows the order and what each station may replace", () => {
    const s = choose(lossesOnDay20(), [replace("st-pale", ["TFC-LC1"])]).state;
    const text = templateFor(s, "upf");
    expect(text).toContain("type: replace, station: st-pale");
    expect(text).toContain("st-pale (1) may replace: TFC-BB1, TFC-LC1; chosen: TFC-LC1");
    expect(text).toContain("st-hentz (2) may replace: TFC-AS1, TFC-AS2, TFC-FT1, TFC-FT2");
  });
});
