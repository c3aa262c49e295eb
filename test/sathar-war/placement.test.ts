import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import type { PlaceOrder } from "../../src/rules/sathar-war/orders.js";
import { moveSide, novaAllowed, placeNova, placeSathar } from "../../src/rules/sathar-war/strategic-movement/index.js";
import { campaign, DieRng } from "./support.js";

const nonFighters = (s: SatharWarState) =>
  Object.values(s.ships)
    .filter((x) => x.side === "sathar" && x.cls !== "FT")
    .map((x) => x.id);
const place = (ships: string[], circle: string): PlaceOrder => ({ type: "place", ships, circle });
const codes = (r: { problems: { code: string }[] }) => r.problems.map((p) => p.code);

describe("Sathar Set-Up (seed 000:262-264; C.2 #14)", () => {
  const s = campaign("sathar-setup");
  const ids = nonFighters(s);

  it("at least 20 ships, not counting fighters: 19 are refused whole, saying the counts", () => {
    const r = placeSathar(s, "sathar", [place(ids.slice(0, 10), "ssc-prenglar"), place(ids.slice(10, 19), "ssc-zebulon")], { setUp: true });
    expect(codes(r)).toEqual(["too-few-ships"]);
    expect(r.problems[0]!.message).toContain("19 ships (10 in ssc-prenglar, 9 in ssc-zebulon)");
    expect(r.state).toBe(s);
    expect(r.events).toEqual([]);
  });

  it("two or more circles, no more than half of those placed in one: 20 in one, or 11 + 9, are refused", () => {
    expect(codes(placeSathar(s, "sathar", [place(ids.slice(0, 20), "ssc-prenglar")], { setUp: true }))).toEqual(["half-per-circle"]);
    const r = placeSathar(s, "sathar", [place(ids.slice(0, 11), "ssc-prenglar"), place(ids.slice(11, 20), "ssc-zebulon")], { setUp: true });
    expect(codes(r)).toEqual(["half-per-circle"]);
    expect(r.problems[0]!.message).toContain("no more than half, 10,");
  });

  it("10 + 10, or 7 + 7 + 6, are placed; carriers bring their fighters; every ship placed counts as moved", () => {
    expect(
      codes(
        placeSathar(
          s,
          "sathar",
          [place(ids.slice(0, 7), "ssc-prenglar"), place(ids.slice(7, 14), "ssc-zebulon"), place(ids.slice(14, 20), "ssc-fromeltar")],
          { setUp: true },
        ),
      ),
    ).toEqual([]);
    const carriers = ids.filter((id) => id.startsWith("S-AC"));
    const others = ids.filter((id) => !id.startsWith("S-AC"));
    const r = placeSathar(
      s,
      "sathar",
      [place([...carriers, ...others.slice(0, 6)], "ssc-prenglar"), place(others.slice(6, 16), "ssc-ktsa-kar")],
      { setUp: true },
    );
    expect(codes(r)).toEqual([]);
    expect(r.state.ships["S-AC1"]!.location).toEqual({ kind: "circle", circle: "ssc-prenglar" });
    const fighters = Object.values(r.state.ships).filter(
      (f) => f.cls === "FT" && f.location.kind === "aboard" && f.location.carrier?.startsWith("S-AC"),
    );
    expect(fighters).toHaveLength(25);
    expect(r.state.today.moved).toEqual(expect.arrayContaining([...carriers, ...fighters.map((f) => f.id)]));
    expect(s.ships["S-AC1"]!.location).toEqual({ kind: "reserve" }); // the input is untouched
  });

  it("fighters are never placed alone; unknown, UPF or already placed ships are refused", () => {
    const r = placeSathar(
      s,
      "sathar",
      [place(["S-FT01", ...ids.slice(0, 10)], "ssc-prenglar"), place(["TFC-BB1", ...ids.slice(10, 20)], "ssc-zebulon")],
      {
        setUp: true,
      },
    );
    expect(codes(r)).toEqual(["cannot-place", "cannot-place"]);
    expect(codes(placeSathar(s, "sathar", [place(ids.slice(0, 20), "ssc-nowhere")], { setUp: true }))).toEqual(["unknown-circle"]);
  });

  it("later turns: the same half rule for that turn's placements, so one ship alone, or two in one circle, cannot come", () => {
    const later = campaign("sathar-move");
    expect(codes(placeSathar(later, "sathar", [place(["S-DD01"], "ssc-prenglar")], { setUp: false }))).toEqual(["half-per-circle"]);
    expect(codes(placeSathar(later, "sathar", [place(["S-DD01", "S-DD02"], "ssc-prenglar")], { setUp: false }))).toEqual([
      "half-per-circle",
    ]);
    const ok = placeSathar(later, "sathar", [place(["S-DD01"], "ssc-prenglar"), place(["S-DD02"], "ssc-zebulon")], { setUp: false });
    expect(codes(ok)).toEqual([]);
    expect(ok.events[0]!.step).toBe("Sathar reinforcements are placed");
    // "These ships can move as soon as they are placed on the map": and must, into the red box (C.2 #42).
    const moved = moveSide(ok.state, "sathar", {}, Rng.fromSeed(1));
    expect(moved.state.ships["S-DD01"]!.location).toEqual({ kind: "red", circle: "ssc-prenglar", box: 1, outbound: false });
  });
});

describe("Strike Force NOVA (seed 000:267-299, 413-415)", () => {
  it("may be placed at a UPF move only, never before the Sathar's first placement, and not once it is on the map", () => {
    expect(novaAllowed(campaign("upf-setup"))).toBe(false);
    expect(novaAllowed(campaign("sathar-setup"))).toBe(false);
    expect(novaAllowed(campaign("sathar-move"))).toBe(false);
    const s = campaign("upf-move");
    expect(novaAllowed(s)).toBe(true);
    expect(novaAllowed(placeNova(s, new DieRng([4])).state)).toBe(false);
  });

  it("fixed dice: 1-3 Gran Quivera, 4 Pale, 0 (10) Kawdl-Kit; the fighters stay aboard the carrier; the roll is in the event", () => {
    const s = campaign("upf-move");
    const r = placeNova(s, new DieRng([2]));
    expect(r.state.ships["SFN-BB1"]!.location).toEqual({ kind: "system", system: "prenglar", planet: "gran-quivera" });
    expect(r.state.ships["SFN-FT1"]!.location).toEqual({ kind: "aboard", carrier: "SFN-AC1" });
    expect(r.events[0]!.rolls).toEqual([{ die: "d10", value: 2, for: "Strike Force NOVA placement" }]);
    expect(placeNova(s, new DieRng([4])).state.ships["SFN-LC1"]!.location).toMatchObject({ system: "truanes-star", planet: "pale" });
    expect(placeNova(s, new DieRng([10])).state.ships["SFN-LC1"]!.location).toMatchObject({ system: "ktsa-kar", planet: "kawdl-kit" });
    expect(s.ships["SFN-BB1"]!.location).toEqual({ kind: "offmap" });
  });

  it("non-attached ships sent to NOVA go with it", () => {
    const s = campaign("upf-move");
    s.ships["NA-DD1"]!.location = { kind: "offmap" };
    expect(placeNova(s, new DieRng([9])).state.ships["NA-DD1"]!.location).toMatchObject({ planet: "gollywog" });
  });

  it("statistical: over 20,000 placements, 1-3 puts NOVA at Gran Quivera 30% ± 1.5%, each other planet 10% ± 1.5%", () => {
    const s = campaign("upf-move");
    s.ships = Object.fromEntries(Object.entries(s.ships).filter(([id]) => id === "SFN-BB1"));
    s.stations = {};
    const rng = Rng.fromSeed(77);
    const at = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const loc = placeNova(s, rng).state.ships["SFN-BB1"]!.location;
      const planet = loc.kind === "system" ? loc.planet : "none";
      at.set(planet, (at.get(planet) ?? 0) + 1);
    }
    expect(Math.abs((at.get("gran-quivera") ?? 0) / 20_000 - 0.3)).toBeLessThan(0.015);
    for (const p of ["pale", "inner-reach", "terledrom", "zik-kit", "kenzah-kit", "gollywog", "kawdl-kit"]) {
      expect(Math.abs((at.get(p) ?? 0) / 20_000 - 0.1)).toBeLessThan(0.015);
    }
  });
});

describe("placement setting: half rounds up (the other reading of C.2 #14)", () => {
  it("with half 'up', three ships may come two in one circle and one in another", () => {
    const s = campaign("sathar-move");
    const orders = [place(["S-DD01", "S-DD02"], "ssc-prenglar"), place(["S-DD03"], "ssc-zebulon")];
    expect(codes(placeSathar(s, "sathar", orders, { setUp: false }))).toEqual(["half-per-circle"]);
    s.settings.movement = { half: "up" };
    expect(codes(placeSathar(s, "sathar", orders, { setUp: false }))).toEqual([]);
  });
});
