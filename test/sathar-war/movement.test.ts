import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { Location, SatharWarState } from "../../src/rules/sathar-war/model.js";
import type { MoveOrder } from "../../src/rules/sathar-war/orders.js";
import {
  checkMoves,
  currentAdf,
  deputised,
  imminentlyThreatened,
  moveSide,
  movesFor,
  safeJump,
} from "../../src/rules/sathar-war/strategic-movement/index.js";
import { campaign, DieRng, inSystem, put } from "./support.js";

const move = (ships: string[], extra: Partial<MoveOrder> = {}): MoveOrder => ({ type: "move", ships, ...extra });
const upf = (state: SatharWarState, orders: MoveOrder[], rng: Rng = new DieRng([])) => moveSide(state, "upf", { upf: orders }, rng);
const sathar = (state: SatharWarState, orders: MoveOrder[], rng: Rng = new DieRng([])) =>
  moveSide(state, "sathar", { sathar: orders }, rng);
const loc = (state: SatharWarState, id: string): Location => state.ships[id]!.location;
const codes = (r: { problems: Record<string, { code: string }[]> }, seat = "upf") => (r.problems[seat] ?? []).map((p) => p.code);

/** A transit box (boxes count from the route's first system: Fromeltar on "fromeltar~dramune", 7 boxes, jump boxes 4 and 4). */
const transit = (route: string, box: number, toward: string, rate: 1 | 2 | 3, jumped: boolean): Location => ({
  kind: "transit",
  route,
  box,
  toward,
  rate,
  jumped,
});

const EXAMPLE = ["TFP-BB1", "TFP-DD1", "TFP-DD2", "NA-DD1", "M-TER-AS1", "M-TER-FF1"];
/** "One UPF battleship, three destroyers and two militia ships at Fromeltar" (000:381). */
function exampleAtFromeltar(): SatharWarState {
  return put(campaign(), EXAMPLE, inSystem("fromeltar", "terledrom"));
}

describe("Interlocked Computers (seed 000:378-385)", () => {
  it("EXAMPLE: a battleship, three destroyers and two militia at Fromeltar moving two boxes a day toward Dramune roll once at the battleship's 95%", () => {
    let s = exampleAtFromeltar();
    const day1 = upf(s, [move(EXAMPLE, { to: "dramune", rate: 2 })]);
    expect(day1.problems.upf).toEqual([]);
    s = day1.state;
    for (const id of EXAMPLE) expect(loc(s, id)).toEqual(transit("fromeltar~dramune", 2, "dramune", 2, false));
    const rng = new DieRng([95]);
    const day2 = upf(s, []);
    // No order: risk-jumping ships keep their rate; the stack interlocks by default.
    const day2b = upf(s, [], rng);
    expect(day2.events.filter((e) => e.kind === "jumped")).toHaveLength(1);
    const jump = day2b.events.find((e) => e.kind === "jumped")!;
    expect(jump.rolls).toEqual([{ die: "d100", value: 95, for: expect.stringContaining("interlocked"), needed: 95 }]);
    expect(rng.rolled).toEqual([95]);
    for (const id of EXAMPLE) expect(loc(day2b.state, id)).toEqual(transit("fromeltar~dramune", 4, "dramune", 2, true));
  });

  it("EXAMPLE: a roll of 96 loses the whole group, each ship a misjump loss", () => {
    const s = upf(exampleAtFromeltar(), [move(EXAMPLE, { to: "dramune", rate: 2 })]).state;
    const r = upf(s, [move(EXAMPLE)], new DieRng([96]));
    for (const id of EXAMPLE) expect(loc(r.state, id)).toEqual({ kind: "gone", how: "misjumped", day: 1 });
    expect(r.state.losses.map((l) => [l.ship, l.how, l.militia])).toEqual(EXAMPLE.map((id) => [id, "misjumped", id.startsWith("M-")]));
    expect(r.events.find((e) => e.kind === "misjumped")?.rolls?.[0]).toMatchObject({ value: 96, needed: 95 });
  });

  it("Ships in a stack can be grouped however the commanding player wants: each group rolls for itself", () => {
    const s = upf(exampleAtFromeltar(), [move(EXAMPLE, { to: "dramune", rate: 2 })]).state;
    // Two groups of three: the battleship's group at 95%, the destroyer with two militia at the destroyer's 90%.
    const rng = new DieRng([93, 93]);
    const r = upf(s, [move(["TFP-BB1", "TFP-DD1", "TFP-DD2"]), move(["NA-DD1", "M-TER-AS1", "M-TER-FF1"])], rng);
    const rolls = r.events.flatMap((e) => e.rolls ?? []);
    expect(rolls.map((x) => [x.value, x.needed])).toEqual([
      [93, 95],
      [93, 90],
    ]);
    expect(loc(r.state, "TFP-BB1").kind).toBe("transit");
    expect(loc(r.state, "NA-DD1").kind).toBe("gone");
    expect(loc(r.state, "M-TER-AS1").kind).toBe("gone");
  });

  it("six individual ships (interlock: false) roll six times, each at its own astrogator's chance", () => {
    const s = upf(exampleAtFromeltar(), [move(EXAMPLE, { to: "dramune", rate: 2 })]).state;
    const rng = new DieRng([80, 80, 80, 80, 80, 80]);
    const r = upf(s, [move(EXAMPLE, { interlock: false })], rng);
    const rolls = r.events.flatMap((e) => e.rolls ?? []);
    expect(rolls.map((x) => x.needed)).toEqual([95, 90, 90, 90, 70, 70]);
    expect(EXAMPLE.map((id) => loc(r.state, id).kind)).toEqual(["transit", "transit", "transit", "transit", "gone", "gone"]);
  });
});

describe("MISJUMP PROBABILITY TABLE (seed 000:356-376)", () => {
  it("reads UPF battleship 95/90, UPF ship 90/70, Sathar warship 90/70, Frontier Militia 70/50; deputised militia keep their row (C.2 #32)", () => {
    const s = campaign();
    const rows = ["TFC-BB1", "TFC-LC1", "S-DD01", "M-MIN-DD1"].map((id) => [safeJump(s.ships[id]!, 2), safeJump(s.ships[id]!, 3)]);
    expect(rows).toEqual([
      [95, 90],
      [90, 70],
      [90, 70],
      [70, 50],
    ]);
    for (const st of Object.values(s.stations)) if (st.system === "theseus") st.destroyedDay = 1;
    expect(deputised(s, s.ships["M-MIN-DD1"]!)).toBe(true);
    expect(safeJump(s.ships["M-MIN-DD1"]!, 2)).toBe(70);
  });

  it("fixed seed: the same state, orders and seed give byte-identical results", () => {
    const s = upf(exampleAtFromeltar(), [move(EXAMPLE, { to: "dramune", rate: 2 })]).state;
    const a = upf(s, [move(EXAMPLE, { interlock: false })], Rng.fromSeed(12));
    const b = upf(s, [move(EXAMPLE, { interlock: false })], Rng.fromSeed(12));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.events.flatMap((e) => e.rolls ?? [])).toHaveLength(6);
  });

  it("statistical: 20,000 Sathar ships at RJ2 jump safely 90% ± 1% of the time", () => {
    const s = campaign("sathar-move");
    const proto = s.ships["S-DD01"]!;
    const ships: Record<string, (typeof s.ships)[string]> = {};
    const ids: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const id = `X-${i}`;
      ids.push(id);
      ships[id] = { ...proto, id, location: transit("fromeltar~dramune", 2, "dramune", 2, false) };
    }
    s.ships = ships;
    const r = sathar(s, [move(ids, { interlock: false })], Rng.fromSeed(2026));
    const safe = ids.filter((id) => r.state.ships[id]!.location.kind === "transit").length;
    expect(r.events.flatMap((e) => e.rolls ?? [])).toHaveLength(20_000);
    expect(Math.abs(safe / 20_000 - 0.9)).toBeLessThan(0.01);
    expect(r.state.losses).toHaveLength(20_000 - safe);
  });
});

describe("Effects of a Misjump (seed 000:387-388; reference E.13)", () => {
  it("a carrier that misjumps is lost with the fighters aboard, every one a Loss", () => {
    let s = campaign();
    put(s, ["TFC-AC1"], inSystem("prenglar", "morgaines-world"));
    s = upf(s, [move(["TFC-AC1"], { to: "cassidine", rate: 2 })]).state;
    const r = upf(s, [], new DieRng([100]));
    const fighters = Object.values(s.ships).filter((f) => f.location.kind === "aboard" && f.location.carrier === "TFC-AC1");
    expect(fighters.length).toBe(6);
    for (const f of fighters) expect(loc(r.state, f.id)).toMatchObject({ kind: "gone", how: "misjumped" });
    expect(r.state.losses.map((l) => l.ship).sort()).toEqual(["TFC-AC1", ...fighters.map((f) => f.id)].sort());
  });
});

describe("Using The Transit Boxes and Transit Boxes (seed 000:218-222, 327-335)", () => {
  it("one box a day: Prenglar to Cassidine (7 boxes) jumps without a roll in box 4 and arrives at Triad on day 8", () => {
    let s = campaign();
    s = upf(s, [move(["TFP-FF1"], { to: "cassidine" })]).state;
    const seen: string[] = [];
    for (let day = 2; day <= 8; day++) {
      const r = upf(s, []);
      expect(r.events.some((e) => e.rolls)).toBe(false);
      s = r.state;
      const at = loc(s, "TFP-FF1");
      seen.push(at.kind === "transit" ? `${at.box}${at.jumped ? "j" : ""}` : at.kind === "system" ? at.planet : at.kind);
    }
    expect(seen).toEqual(["2", "3", "4j", "5j", "6j", "7j", "triad"]);
    expect(s.today.moved).toContain("TFP-FF1");
  });

  it("moves to the other planet of the system", () => {
    const r = upf(campaign(), [move(["TFP-FF1"], { to: "gran-quivera" })]);
    expect(loc(r.state, "TFP-FF1")).toEqual(inSystem("prenglar", "gran-quivera"));
  });

  it("coasting keeps the box, day after day, until told otherwise; then either direction", () => {
    let s = upf(campaign(), [move(["TFP-FF1"], { to: "cassidine" })]).state;
    s = upf(s, [move(["TFP-FF1"], { action: "coast" })]).state;
    expect(loc(s, "TFP-FF1")).toMatchObject({ box: 1, coasting: true });
    s = upf(s, []).state;
    expect(loc(s, "TFP-FF1")).toMatchObject({ box: 1, coasting: true });
    const on = upf(s, [move(["TFP-FF1"])]).state;
    expect(loc(on, "TFP-FF1")).toEqual(transit("prenglar~cassidine", 2, "cassidine", 1, false));
    const back = upf(s, [move(["TFP-FF1"], { action: "reverse" })]).state;
    expect(loc(back, "TFP-FF1")).toEqual(inSystem("prenglar", "gran-quivera"));
  });

  it("reversing before the jump box decelerates back toward the star at one box a day", () => {
    let s = campaign();
    for (let i = 0; i < 3; i++) s = upf(s, i === 0 ? [move(["TFP-FF1"], { to: "cassidine" })] : []).state;
    expect(loc(s, "TFP-FF1")).toMatchObject({ box: 3, toward: "cassidine" });
    s = upf(s, [move(["TFP-FF1"], { action: "reverse" })]).state;
    expect(loc(s, "TFP-FF1")).toEqual(transit("prenglar~cassidine", 2, "prenglar", 1, true));
    s = upf(s, []).state;
    expect(loc(s, "TFP-FF1")).toEqual(transit("prenglar~cassidine", 1, "prenglar", 1, true));
    // "to" names the planet to arrive at, on the day the ships arrive (without it: the first planet with a station).
    s = upf(s, [move(["TFP-FF1"], { to: "morgaines-world" })]).state;
    expect(loc(s, "TFP-FF1")).toEqual(inSystem("prenglar", "morgaines-world"));
  });
});

describe("Accelerated Movement (Risk Jumping) (seed 000:338-352)", () => {
  it("RJ3: a light cruiser moves three boxes, stops on entering its jump box with one box moved, rolls, then decelerates at 3 and stops in the starburst", () => {
    let s = upf(campaign(), [move(["TFP-LC1"], { to: "cassidine", rate: 3 })]).state;
    expect(loc(s, "TFP-LC1")).toEqual(transit("prenglar~cassidine", 3, "cassidine", 3, false));
    const rng = new DieRng([70]);
    s = upf(s, [], rng).state;
    expect(rng.rolled).toEqual([70]);
    expect(loc(s, "TFP-LC1")).toEqual(transit("prenglar~cassidine", 4, "cassidine", 3, true));
    s = upf(s, []).state;
    expect(loc(s, "TFP-LC1")).toEqual(transit("prenglar~cassidine", 7, "cassidine", 3, true));
    const r = upf(s, []);
    expect(loc(r.state, "TFP-LC1")).toEqual(inSystem("cassidine", "triad"));
    expect(r.events.some((e) => e.rolls)).toBe(false); // no second roll on decelerating (C.2 #16)
  });

  it("RJ2: two boxes a day to the jump box; after the jump it may decelerate at a lower rate", () => {
    let s = upf(campaign(), [move(["TFP-BB1"], { to: "cassidine", rate: 2 })]).state;
    s = upf(s, [], new DieRng([1])).state;
    expect(loc(s, "TFP-BB1")).toEqual(transit("prenglar~cassidine", 4, "cassidine", 2, true));
    s = upf(s, [move(["TFP-BB1"], { rate: 1 })]).state;
    expect(loc(s, "TFP-BB1")).toEqual(transit("prenglar~cassidine", 5, "cassidine", 1, true));
    const fast = upf(s, [move(["TFP-BB1"], { rate: 2 })]);
    expect(codes(fast)).toEqual(["decelerate-too-fast"]);
  });

  it("a risk-jumping ship keeps its rate to the jump box: no coasting, no reversing, no change of rate", () => {
    const s = upf(campaign(), [move(["TFP-LC1"], { to: "cassidine", rate: 2 })]).state;
    expect(codes(upf(s, [move(["TFP-LC1"], { action: "coast" })]))).toEqual(["rj-must-keep-rate"]);
    expect(codes(upf(s, [move(["TFP-LC1"], { action: "reverse" })]))).toEqual(["rj-must-keep-rate"]);
    expect(codes(upf(s, [move(["TFP-LC1"], { rate: 3 })]))).toEqual(["rj-must-keep-rate"]);
    const slow = upf(campaign(), [move(["TFP-LC1"], { to: "cassidine" })]).state;
    expect(codes(upf(slow, [move(["TFP-LC1"], { rate: 2 })]))).toEqual(["rj-from-first-box"]);
  });

  it("ADF: RJ2 needs ADF 2, RJ3 ADF 3, counted after drive damage (C.2 #33)", () => {
    const s = campaign();
    expect(codes(upf(s, [move(["TFP-ML1"], { to: "cassidine", rate: 2 })]))).toEqual(["rate-too-high"]);
    expect(codes(upf(s, [move(["TFP-BB1"], { to: "cassidine", rate: 3 })]))).toEqual(["rate-too-high"]);
    s.ships["TFP-DD1"]!.damage.ADF = 1;
    expect(currentAdf(s.ships["TFP-DD1"]!)).toBe(2);
    expect(codes(upf(s, [move(["TFP-DD1"], { to: "cassidine", rate: 3 })]))).toEqual(["rate-too-high"]);
    expect(codes(upf(s, [move(["TFP-DD1"], { to: "cassidine", rate: 2 })]))).toEqual([]);
  });

  it("Risk-Jump Limits: a ship with unrepaired hull damage never moves more than one box a day", () => {
    const s = campaign();
    s.ships["TFP-LC1"]!.damage.hull = 5;
    const r = upf(s, [move(["TFP-LC1"], { to: "cassidine", rate: 2 })]);
    expect(codes(r)).toEqual(["rate-too-high"]);
    expect(r.problems.upf![0]!.message).toContain("hull damage");
    // Damaged after setting out at RJ2: it goes on at one box a day, and rolls no more.
    const t = upf(campaign(), [move(["TFP-LC1"], { to: "cassidine", rate: 2 })]).state;
    t.ships["TFP-LC1"]!.damage.hull = 5;
    const on = upf(t, []);
    expect(loc(on.state, "TFP-LC1")).toEqual(transit("prenglar~cassidine", 3, "cassidine", 1, false));
  });
});

describe("Day One and the red boxes (seed 000:406-410, 392; C.2 #42, #43)", () => {
  function placed(): SatharWarState {
    const s = campaign("sathar-move");
    return put(s, ["S-DD01", "S-DD02"], { kind: "circle", circle: "ssc-prenglar" });
  }

  it("Sathar placed in a start circle must be moved into the adjacent red box, whatever the order says", () => {
    const r = sathar(placed(), [move(["S-DD01"], { action: "coast" })]);
    expect(codes(r, "sathar")).toEqual(["must-enter-red-box"]);
    for (const id of ["S-DD01", "S-DD02"])
      expect(loc(r.state, id)).toEqual({ kind: "red", circle: "ssc-prenglar", box: 1, outbound: false });
  });

  it("one box a day until the system (5 red boxes to Prenglar): no faster, no coasting", () => {
    let s = sathar(placed(), []).state;
    expect(codes(sathar(s, [move(["S-DD01"], { rate: 2 })]), "sathar")).toEqual(["red-one-box"]);
    expect(codes(sathar(s, [move(["S-DD01"], { action: "coast" })]), "sathar")).toEqual(["red-no-coast"]);
    for (let day = 2; day <= 5; day++) s = sathar(s, []).state;
    expect(loc(s, "S-DD01")).toEqual({ kind: "red", circle: "ssc-prenglar", box: 5, outbound: false });
    s = sathar(s, [move(["S-DD01", "S-DD02"], { to: "gran-quivera" })]).state;
    expect(loc(s, "S-DD01")).toEqual(inSystem("prenglar", "gran-quivera"));
    // Once in a star system, normal or accelerated movement (000:410).
    const rj = sathar(s, [move(["S-DD01"], { to: "cassidine", rate: 3 })]);
    expect(codes(rj, "sathar")).toEqual([]);
  });

  it("reverse turns them outbound toward the circle at one box a day; there they stay", () => {
    let s = sathar(placed(), []).state;
    s = sathar(s, []).state;
    s = sathar(s, [move(["S-DD01"], { action: "reverse" })]).state;
    expect(loc(s, "S-DD01")).toEqual({ kind: "red", circle: "ssc-prenglar", box: 1, outbound: true });
    s = sathar(s, []).state;
    expect(loc(s, "S-DD01")).toEqual({ kind: "circle", circle: "ssc-prenglar", outbound: true });
    s = sathar(s, []).state;
    expect(loc(s, "S-DD01")).toEqual({ kind: "circle", circle: "ssc-prenglar", outbound: true });
  });

  it("UPF ships do not use the red boxes", () => {
    expect(codes(upf(campaign(), [move(["TFP-FF1"], { to: "ssc-prenglar" })]))).toEqual(["no-red-boxes"]);
  });
});

describe("Militia Ships (seed 000:398-403; C.2 #31, E.14)", () => {
  it("go to a neighbouring system of home, never beyond", () => {
    const s = campaign();
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "dramune" })]))).toEqual([]);
    put(s, ["M-TER-AS1"], inSystem("dramune", "inner-reach"));
    const far = upf(s, [move(["M-TER-AS1"], { to: "cassidine" })]);
    expect(codes(far)).toEqual(["militia-range"]);
  });

  it("imminently threatened from the moment Sathar ships are in a start circle leading to the system: the militia may not leave", () => {
    const s = campaign();
    expect(imminentlyThreatened(s, "fromeltar")).toBe(false);
    put(s, ["S-DD01"], { kind: "circle", circle: "ssc-fromeltar" });
    expect(imminentlyThreatened(s, "fromeltar")).toBe(true);
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "dramune" })]))).toEqual(["home-threatened"]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "groth" })]))).toEqual([]);
  });

  it("militia in a neighbouring system when home is threatened head home by themselves; other orders are refused", () => {
    const s = campaign();
    put(s, ["M-TER-AS1"], inSystem("dramune", "inner-reach"));
    put(s, ["S-DD01"], { kind: "red", circle: "ssc-fromeltar", box: 2, outbound: false });
    const r = upf(s, []);
    expect(loc(r.state, "M-TER-AS1")).toMatchObject({ kind: "transit", toward: "fromeltar" });
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "outer-reach" })]))).toEqual(["militia-must-return"]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "cassidine" })]))).toEqual(["militia-range"]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "fromeltar" })]))).toEqual([]);
  });

  it("away in a transit box when home becomes threatened: no coasting; not yet jumped away from home, it turns back by itself", () => {
    const s = campaign();
    put(s, ["M-TER-AS1"], transit("kizk-kar~fromeltar", 7, "kizk-kar", 1, false)); // left Fromeltar, 2 boxes out of 8
    put(s, ["S-DD01"], { kind: "circle", circle: "ssc-fromeltar" });
    expect(codes(upf(s, [move(["M-TER-AS1"], { action: "coast" })]))).toEqual(["militia-must-return"]);
    expect(codes(upf(s, [move(["M-TER-AS1"])]))).toEqual(["militia-must-return"]);
    const r = upf(s, []);
    // Bound for its own planet, Terledrom (not Groth, Fromeltar's first planet), kept until it arrives.
    expect(loc(r.state, "M-TER-AS1")).toEqual({ ...transit("kizk-kar~fromeltar", 8, "fromeltar", 1, true), planet: "terledrom" });
  });

  it("deputised once every station of the home system is destroyed: they move as Spacefleet", () => {
    const s = campaign();
    put(s, ["M-TER-AS1"], inSystem("dramune", "inner-reach"));
    s.stations["st-groth"]!.destroyedDay = 3;
    expect(deputised(s, s.ships["M-TER-AS1"]!)).toBe(false);
    s.stations["st-terledrom"]!.destroyedDay = 4;
    expect(deputised(s, s.ships["M-TER-AS1"]!)).toBe(true);
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "cassidine" })]))).toEqual([]);
  });
});

describe("orders that fail touch nothing else", () => {
  it("unknown ships, another seat's ships, fighters alone, ships ordered twice, ships apart", () => {
    const s = campaign();
    put(s, ["TFP-DD1"], inSystem("cassidine", "triad"));
    const r = upf(s, [
      move(["NOPE"], { to: "cassidine" }),
      move(["S-DD01"], { to: "cassidine" }),
      move(["TFC-FT1"], { to: "prenglar" }),
      move(["TFP-FF1"], { to: "cassidine" }),
      move(["TFP-FF1"], { to: "timeon" }),
      move(["TFP-FF2", "TFP-DD1"], { to: "timeon" }),
      move(["TFP-FF3"], { to: "zebulon" }),
    ]);
    expect(codes(r)).toEqual(["unknown-ship", "not-your-ship", "fighter-alone", "ship-ordered-twice", "not-together", "bad-destination"]);
    expect(loc(r.state, "TFP-FF1")).toMatchObject({ kind: "transit", toward: "cassidine" });
    expect(loc(r.state, "TFP-FF2")).toEqual(loc(s, "TFP-FF2"));
  });

  it("does not change the state it is given", () => {
    const s = exampleAtFromeltar();
    const before = JSON.stringify(s);
    upf(s, [move(EXAMPLE, { to: "dramune", rate: 2 })], Rng.fromSeed(1));
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe("movesFor and checkMoves", () => {
  it("check: what each move will do, the safe-jump chance, or why it fails", () => {
    const s = upf(exampleAtFromeltar(), [move(EXAMPLE, { to: "dramune", rate: 2 })]).state;
    const lines = checkMoves(s, "upf", [move(EXAMPLE), move(["TFP-ML1"], { to: "cassidine", rate: 2 })]);
    expect(lines[0]).toMatchObject({ ok: true, certainty: "chance" });
    expect(lines[0]!.text).toContain("95%");
    expect(lines[1]).toMatchObject({ ok: false });
    expect(lines[1]!.text).toContain("rate-too-high");
  });

  it("menus: one move per stack, with destinations and the rates the stack may use", () => {
    const s = campaign();
    const opts = movesFor(s, "upf");
    const prenglar = opts.find((o) => o.type === "move" && o.summary.includes("Prenglar (Morgaine's World)"))!;
    expect(prenglar.fields.to).toMatchObject({ kind: "choice" });
    const to = prenglar.fields.to as { values: { value: string | number }[] };
    expect(to.values.map((v) => v.value)).toEqual(expect.arrayContaining(["gran-quivera", "cassidine", "timeon"]));
    expect(movesFor(s, "sathar")).toEqual([]);
  });
});

describe("movement settings: the other readings (RULINGS 'Strategic movement')", () => {
  it("afterJump 'one' (the SSW reading of C.2 #16): after the jump, one box a day", () => {
    let s = campaign();
    s.settings.movement = { afterJump: "one" };
    s = upf(s, [move(["TFP-LC1"], { to: "cassidine", rate: 3 })]).state;
    s = upf(s, [], new DieRng([1])).state;
    s = upf(s, []).state;
    expect(loc(s, "TFP-LC1")).toEqual(transit("prenglar~cassidine", 5, "cassidine", 1, true));
  });

  it("reinforcementsWait (the other reading of C.2 #42): after day 1 Sathar may wait in the circle", () => {
    const s = put(campaign("sathar-move"), ["S-DD01"], { kind: "circle", circle: "ssc-prenglar" });
    s.day = 3;
    expect(loc(sathar(s, []).state, "S-DD01").kind).toBe("red");
    s.settings.movement = { reinforcementsWait: true };
    expect(loc(sathar(s, []).state, "S-DD01").kind).toBe("circle");
    expect(loc(sathar(s, [move(["S-DD01"], { action: "coast" })]).state, "S-DD01").kind).toBe("circle");
  });
});

describe("the check and the menus in more detail", () => {
  it("the check gives the boxes and days: one box a day from Prenglar reaches Cassidine after 7 more days", () => {
    const lines = checkMoves(campaign(), "upf", [move(["TFP-FF1"], { to: "cassidine" }), move(["TFP-LC1"], { to: "cassidine", rate: 3 })]);
    expect(lines.map((l) => l.ok)).toEqual([true, true]);
    expect(lines[0]!.text).toContain("7 more day(s) to cassidine");
    expect(lines[1]!.text).toContain("3 more day(s) to cassidine"); // box 3; jump box 4 tomorrow; 7 the day after; then in
    expect(lines[0]!.certainty).toBe("certain");
  });

  it("the Sathar are offered placement at set-up; the UPF NOVA at its move", () => {
    expect(movesFor(campaign("sathar-setup"), "sathar").map((o) => o.type)).toEqual(["place"]);
    expect(movesFor(campaign("upf-move"), "upf").map((o) => o.type)).toContain("nova");
  });
});

describe('Militia: "those ships must return home as quickly as possible" (seed 000:400; E.14; RULINGS "Militia")', () => {
  /** Terledrom's militia (home Fromeltar) away at Dramune; a Sathar ship emerges in Fromeltar's start circle. */
  function away(): SatharWarState {
    const s = campaign();
    put(s, ["M-TER-AS1", "M-TER-FF1"], inSystem("dramune", "inner-reach"));
    return put(s, ["S-DD01"], { kind: "circle", circle: "ssc-fromeltar" });
  }

  it("without orders: home the quickest way at one box a day (no risk jump), to their own planet Terledrom, not Groth", () => {
    let s = away();
    s = upf(s, []).state;
    expect(loc(s, "M-TER-AS1")).toEqual({ ...transit("fromeltar~dramune", 7, "fromeltar", 1, false), planet: "terledrom" });
    for (let day = 2; day <= 8; day++) {
      const r = upf(s, []);
      expect(r.events.some((e) => e.rolls)).toBe(false);
      s = r.state;
    }
    expect(loc(s, "M-TER-AS1")).toEqual(inSystem("fromeltar", "terledrom"));
    expect(loc(s, "M-TER-FF1")).toEqual(inSystem("fromeltar", "terledrom"));
  });

  it("a risk jump home is allowed, not required: the player may order RJ2 or RJ3 and rolls the militia row (70%)", () => {
    const s = away();
    const rj = upf(s, [move(["M-TER-AS1", "M-TER-FF1"], { to: "fromeltar", rate: 2 })]);
    expect(codes(rj)).toEqual([]);
    const rng = new DieRng([70]);
    const next = upf(rj.state, [], rng);
    expect(next.events.flatMap((e) => e.rolls ?? []).map((x) => x.needed)).toEqual([70]);
    expect(loc(next.state, "M-TER-AS1")).toMatchObject({ toward: "fromeltar", rate: 2, jumped: true });
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "terledrom" })]))).toEqual([]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "terledrom", rate: 3 })]))).toEqual([]);
  });

  it("away in a transit box having jumped away from home: turning back is quicker, so the default turns back and going on is refused", () => {
    const s = away();
    put(s, ["M-TER-AS1"], transit("fromeltar~dramune", 4, "dramune", 1, true)); // 4 days from home back, 12 going on
    expect(codes(upf(s, [move(["M-TER-AS1"])]))).toEqual(["militia-must-return"]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { action: "coast" })]))).toEqual(["militia-must-return"]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { action: "reverse" })]))).toEqual([]);
    const r = upf(s, []);
    expect(loc(r.state, "M-TER-AS1")).toMatchObject({ kind: "transit", toward: "fromeltar", rate: 1, planet: "terledrom" });
  });

  it("risk-jumping away before its jump box it cannot turn back (000:352): going on is the way home, ordered or not", () => {
    const s = away();
    put(s, ["M-TER-AS1"], transit("fromeltar~dramune", 2, "dramune", 2, false));
    expect(codes(upf(s, [move(["M-TER-AS1"])], new DieRng([1])))).toEqual([]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { action: "reverse" })]))).toEqual(["rj-must-keep-rate"]);
    expect(loc(upf(s, [], new DieRng([1])).state, "M-TER-AS1")).toMatchObject({ toward: "dramune", jumped: true });
  });

  it("setting militiaReturn 'fastest' (the literal reading): by default at the highest rate each ship may; slower orders refused", () => {
    const s = away();
    s.settings.movement = { militiaReturn: "fastest" };
    const r = upf(s, []);
    expect(loc(r.state, "M-TER-AS1")).toMatchObject({ kind: "transit", toward: "fromeltar", rate: 3, planet: "terledrom" });
    const slow = upf(s, [move(["M-TER-AS1"], { to: "fromeltar" })]);
    expect(codes(slow)).toEqual(["militia-too-slow"]);
    expect(codes(upf(s, [move(["M-TER-AS1"], { to: "fromeltar", rate: 3 })]))).toEqual([]);
    // With hull damage a ship may go at one box a day only (000:395): that is its fastest.
    s.ships["M-TER-FF1"]!.damage.hull = 3;
    expect(codes(upf(s, [move(["M-TER-FF1"], { to: "fromeltar" })]))).toEqual([]);
  });
});

describe('Arrival: a planet named in "to" is kept in transit until the ships arrive (RULINGS "Strategic movement": arrival)', () => {
  it("leaving Prenglar for Rupert's Hole: seven boxes later it arrives at Rupert's Hole, not Triad (the default)", () => {
    let s = upf(campaign(), [move(["TFP-FF1"], { to: "ruperts-hole" })]).state;
    expect(loc(s, "TFP-FF1")).toEqual({ ...transit("prenglar~cassidine", 1, "cassidine", 1, false), planet: "ruperts-hole" });
    for (let day = 2; day <= 8; day++) s = upf(s, []).state;
    expect(loc(s, "TFP-FF1")).toEqual(inSystem("cassidine", "ruperts-hole"));
  });

  it("named on the way, kept through coasting; naming the system clears it; reversing drops it", () => {
    let s = upf(campaign(), [move(["TFP-FF1"], { to: "cassidine" })]).state;
    s = upf(s, [move(["TFP-FF1"], { to: "ruperts-hole" })]).state;
    expect(loc(s, "TFP-FF1")).toMatchObject({ box: 2, planet: "ruperts-hole" });
    s = upf(s, [move(["TFP-FF1"], { action: "coast" })]).state;
    expect(loc(s, "TFP-FF1")).toMatchObject({ box: 2, coasting: true, planet: "ruperts-hole" });
    const cleared = upf(s, [move(["TFP-FF1"], { to: "cassidine" })]).state;
    expect(loc(cleared, "TFP-FF1")).not.toHaveProperty("planet");
    const back = upf(s, [move(["TFP-FF1"], { action: "reverse" })]).state;
    expect(loc(back, "TFP-FF1")).toMatchObject({ toward: "prenglar" });
    expect(loc(back, "TFP-FF1")).not.toHaveProperty("planet");
    expect(codes(upf(s, [move(["TFP-FF1"], { to: "gran-quivera" })]))).toEqual(["bad-destination"]);
  });

  it("ships of one stack keep their own planets, and one order moves them together", () => {
    let s = upf(campaign(), [move(["TFP-FF1"], { to: "ruperts-hole" }), move(["TFP-FF2"], { to: "cassidine" })]).state;
    const sameBox = { ...loc(s, "TFP-FF1"), planet: undefined };
    expect({ ...loc(s, "TFP-FF2"), planet: undefined }).toEqual(sameBox);
    const together = upf(s, [move(["TFP-FF1", "TFP-FF2"])]);
    expect(codes(together)).toEqual([]);
    s = together.state;
    for (let day = 3; day <= 8; day++) s = upf(s, []).state;
    expect(loc(s, "TFP-FF1")).toEqual(inSystem("cassidine", "ruperts-hole"));
    expect(loc(s, "TFP-FF2")).toEqual(inSystem("cassidine", "triad"));
  });

  it("Sathar in the red boxes keep the planet named, and arrive there (Morgaine's World, not Gran Quivera)", () => {
    let s = put(campaign("sathar-move"), ["S-DD01"], { kind: "red", circle: "ssc-prenglar", box: 1, outbound: false });
    s = sathar(s, [move(["S-DD01"], { to: "morgaines-world" })]).state;
    expect(loc(s, "S-DD01")).toEqual({ kind: "red", circle: "ssc-prenglar", box: 2, outbound: false, planet: "morgaines-world" });
    for (let day = 3; day <= 6; day++) s = sathar(s, []).state;
    expect(loc(s, "S-DD01")).toEqual(inSystem("prenglar", "morgaines-world"));
  });
});

describe("Outbound along the red boxes (C.2 #43; setting movement.outboundRed)", () => {
  const atPrenglar = () => put(campaign("sathar-move"), ["S-DD01", "S-DD02", "S-HC1"], inSystem("prenglar", "gran-quivera"));

  it("by default one box a day: a risk-jump rate is refused", () => {
    const r = sathar(atPrenglar(), [move(["S-DD01"], { to: "ssc-prenglar", rate: 2 })]);
    expect(codes(r, "sathar")).toEqual(["red-one-box"]);
    const one = sathar(atPrenglar(), [move(["S-DD01"], { to: "ssc-prenglar" })]).state;
    expect(loc(one, "S-DD01")).toEqual({ kind: "red", circle: "ssc-prenglar", box: 5, outbound: true });
  });

  it("'risk-jump': RJ2 out (5 red boxes: boxes 4, 2, then the circle), kept to the circle, one d100 on entering it", () => {
    let s = atPrenglar();
    s.settings.movement = { outboundRed: "risk-jump" };
    s = sathar(s, [move(["S-DD01", "S-DD02"], { to: "ssc-prenglar", rate: 2 })]).state;
    expect(loc(s, "S-DD01")).toEqual({ kind: "red", circle: "ssc-prenglar", box: 4, outbound: true, rate: 2 });
    expect(codes(sathar(s, [move(["S-DD01", "S-DD02"], { action: "reverse" })]), "sathar")).toEqual(["rj-must-keep-rate"]);
    s = sathar(s, []).state;
    expect(loc(s, "S-DD01")).toEqual({ kind: "red", circle: "ssc-prenglar", box: 2, outbound: true, rate: 2 });
    const rng = new DieRng([90]);
    const safe = sathar(s, [], rng);
    expect(rng.rolled).toEqual([90]);
    expect(safe.events.flatMap((e) => e.rolls ?? [])[0]).toMatchObject({ value: 90, needed: 90 });
    expect(loc(safe.state, "S-DD01")).toEqual({ kind: "circle", circle: "ssc-prenglar", outbound: true });
    const lost = sathar(s, [], new DieRng([91]));
    expect(loc(lost.state, "S-DD02")).toMatchObject({ kind: "gone", how: "misjumped" });
  });

  it("'risk-jump': RJ3 needs ADF 3 (a heavy cruiser has 2) and no hull damage (000:346, 395)", () => {
    const s = atPrenglar();
    s.settings.movement = { outboundRed: "risk-jump" };
    expect(codes(sathar(s, [move(["S-HC1"], { to: "ssc-prenglar", rate: 3 })]), "sathar")).toEqual(["rate-too-high"]);
    s.ships["S-DD01"]!.damage.hull = 4;
    expect(codes(sathar(s, [move(["S-DD01"], { to: "ssc-prenglar", rate: 2 })]), "sathar")).toEqual(["rate-too-high"]);
    const rj3 = sathar(s, [move(["S-DD02"], { to: "ssc-prenglar", rate: 3 })]).state;
    expect(loc(rj3, "S-DD02")).toEqual({ kind: "red", circle: "ssc-prenglar", box: 3, outbound: true, rate: 3 });
    const into = sathar(rj3, [], new DieRng([70]));
    expect(into.events.flatMap((e) => e.rolls ?? [])[0]).toMatchObject({ value: 70, needed: 70 });
    expect(loc(into.state, "S-DD02")).toEqual({ kind: "circle", circle: "ssc-prenglar", outbound: true });
  });
});

describe("Outbound risk jumps: dice (C.2 #43; setting movement.outboundRed 'risk-jump')", () => {
  /** `n` Sathar destroyers outbound at RJ2 in red box 2 of Prenglar's circle: the next move enters the circle. */
  function outbound(n: number): { s: SatharWarState; ids: string[] } {
    const s = campaign("sathar-move");
    s.settings.movement = { outboundRed: "risk-jump" };
    const proto = s.ships["S-DD01"]!;
    const ids: string[] = [];
    s.ships = {};
    for (let i = 0; i < n; i++) {
      const id = `X-${i}`;
      ids.push(id);
      s.ships[id] = { ...proto, id, location: { kind: "red", circle: "ssc-prenglar", box: 2, outbound: true, rate: 2 } };
    }
    return { s, ids };
  }

  it("fixed seed: the same state, orders and seed give byte-identical results", () => {
    const { s, ids } = outbound(6);
    const a = sathar(s, [move(ids, { interlock: false })], Rng.fromSeed(43));
    const b = sathar(s, [move(ids, { interlock: false })], Rng.fromSeed(43));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.events.flatMap((e) => e.rolls ?? [])).toHaveLength(6);
  });

  it("statistical: 20,000 Sathar ships entering the circle at RJ2 arrive safely 90% ± 1% of the time", () => {
    const { s, ids } = outbound(20_000);
    const r = sathar(s, [move(ids, { interlock: false })], Rng.fromSeed(2027));
    const safe = ids.filter((id) => r.state.ships[id]!.location.kind === "circle").length;
    expect(r.events.flatMap((e) => e.rolls ?? [])).toHaveLength(20_000);
    expect(Math.abs(safe / 20_000 - 0.9)).toBeLessThan(0.01);
  });
});

describe("menus for the open items", () => {
  it("a stack in a system is offered the planets of a two-planet neighbour as destinations", () => {
    const opts = movesFor(campaign(), "upf");
    const prenglar = opts.find((o) => o.type === "move" && o.summary.includes("Prenglar (Morgaine's World)"))!;
    const to = (prenglar.fields.to as { values: { value: string | number }[] }).values.map((v) => v.value);
    expect(to).toEqual(expect.arrayContaining(["cassidine", "triad", "ruperts-hole"]));
  });

  it("Sathar outbound at a risk-jump rate are offered only to advance", () => {
    const s = put(campaign("sathar-move"), ["S-DD01"], { kind: "red", circle: "ssc-prenglar", box: 3, outbound: true, rate: 2 });
    const red = movesFor(s, "sathar").find((o) => o.type === "move")!;
    expect((red.fields.action as { values: { value: string | number }[] }).values.map((v) => v.value)).toEqual(["advance"]);
  });
});
