/**
 * Battle odds (odds.ts): the adjudicator's own chapter 6 battle fought many times.
 * Statistical checks compare with probabilities derived by hand and allow 4
 * standard errors (a false alarm about once in 16,000 runs of a check).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type OddsInputFile, type OddsResult, oddsJson, parseOddsInput, runOdds } from "../../src/rules/galactic-empires/odds.js";
import { oddsText } from "../../src/rules/galactic-empires/presentation/odds-text.js";

const ROOT = join(import.meta.dirname, "..", "..");
const RUNS = 20_000;

type Ship = { type: string; builder?: string; count: number; rank: number };
type UnitIn = NonNullable<OddsInputFile["sides"]>[number]["units"][number];

function side(name: string, ships: Ship[], extra: Partial<UnitIn> = {}) {
  return { name, units: [{ ships, ...extra }] };
}

function odds(file: unknown, runs = RUNS, seed = 1): OddsResult {
  const p = parseOddsInput(file);
  if (!p.ok) throw new Error(p.error.join("\n"));
  return runOdds(p.value, runs, seed);
}

function problems(file: unknown): string[] {
  const p = parseOddsInput(file);
  if (p.ok) throw new Error("expected the input to be refused");
  return p.error;
}

/**
 * One starship against one, each with one attack and at most 1 hit point: a hit
 * kills, casualties still fire in the round they fall (chapter 6 "Determine
 * Casualties"), and the battle ends with the first round in which any hit lands.
 * Per round s = 1 - (1-pA)(1-pB); A holds with pA(1-pB)/s, B with pB(1-pA)/s,
 * neither with pA pB / s; rounds are geometric with mean 1/s.
 */
function duel(pA: number, pB: number) {
  const s = 1 - (1 - pA) * (1 - pB);
  return { a: (pA * (1 - pB)) / s, b: (pB * (1 - pA)) / s, neither: (pA * pB) / s, rounds: 1 / s, roundsSd: Math.sqrt(1 - s) / s };
}

function within4se(observed: number, expected: number, runs = RUNS): void {
  const se = Math.sqrt((expected * (1 - expected)) / runs);
  expect(Math.abs(observed - expected), `observed ${observed}, expected ${expected} ± ${4 * se}`).toBeLessThanOrEqual(4 * se + 1e-12);
}

const KTINGA = { type: "K'Tinga Class Destroyer", builder: "Klingon", count: 1, rank: 1 }; // 1 x 9%, 0.9 hit points
const BIOSCOUT = { type: "8472-hive/m94-class-bio-scout", count: 1, rank: 1 }; // 1 x 6%, 0.8 hit points
const KAZON_SCOUT = { type: "Kazon Scout", builder: "Kazon", count: 1, rank: 1 }; // 1 x 1%, 0.3 hit points

describe("battle odds agree with hand-computed cases (chapter 6)", () => {
  it("chapter 6 'Causing Damage': one K'Tinga (9%) against one M94 bio-scout (6%), each killed by one hit", () => {
    const r = odds({ sides: [side("Klingons", [KTINGA]), side("Hive", [BIOSCOUT])] });
    const x = duel(0.09, 0.06);
    within4se(r.sides[0]!.winRate, x.a);
    within4se(r.sides[1]!.winRate, x.b);
    within4se(r.neitherRate, x.neither);
    expect(Math.abs(r.meanRounds - x.rounds)).toBeLessThanOrEqual((4 * x.roundsSd) / Math.sqrt(RUNS));
    // Losses: each side loses its one starship exactly when the other holds or neither does.
    expect(r.sides[0]!.meanShipsLost).toBeCloseTo(r.sides[1]!.winRate + r.neitherRate, 10);
    expect(r.sides[0]!.lostByType["klingon/k-tinga-class-destroyer"]).toBeCloseTo(r.sides[0]!.meanShipsLost, 10);
    expect(r.sides[0]!.winRateStdErr).toBeCloseTo(Math.sqrt((r.sides[0]!.winRate * (1 - r.sides[0]!.winRate)) / RUNS), 12);
  });

  it("chapter 6 'Admiral Modifier': a leader of tactics 100 makes 9% into 9+9*100/200 = 13.5%", () => {
    // The admiral's corvette has combat 0 (it never hits) and retreats once its unit
    // has no starships (chapter 5, "Admirals"), so the duel formula still holds.
    const r = odds({
      sides: [side("Klingons", [KTINGA], { admiral: { tactics: 100, combat: 0, hits: 0.5 } }), side("Hive", [BIOSCOUT])],
    });
    const x = duel(0.135, 0.06);
    within4se(r.sides[0]!.winRate, x.a);
    within4se(r.sides[1]!.winRate, x.b);
    within4se(r.neitherRate, x.neither);
  });

  it("chapter 5 'Sector defences': a level 1 defence gives its garrison +45% combat and +0.7 hit points (0.3 + 0.7 = 1: still one hit)", () => {
    const r = odds({
      sides: [side("Klingons", [KTINGA]), side("Kazon", [KAZON_SCOUT], { kind: "garrison" })],
      sectorDefence: { level: 1, damage: 0, ownerSide: 1 },
    });
    const x = duel(0.09, 0.0145);
    within4se(r.sides[0]!.winRate, x.a);
    within4se(r.sides[1]!.winRate, x.b);
    within4se(r.neitherRate, x.neither);
  });

  it("chapter 6 'Admiral Modifier': against defended starships the Number is 600: 9+9*100/600 = 10.5%", () => {
    const r = odds({
      sides: [
        side("Klingons", [KTINGA], { admiral: { tactics: 100, combat: 0, hits: 0.5 } }),
        side("Kazon", [KAZON_SCOUT], { kind: "garrison" }),
      ],
      sectorDefence: { level: 1, damage: 0, ownerSide: "Kazon" },
    });
    const x = duel(0.105, 0.0145);
    within4se(r.sides[0]!.winRate, x.a);
    within4se(r.sides[1]!.winRate, x.b);
  });

  it("chapter 6 'Units Commit to Defending': a starfleet that does not defend gets no defence bonus; damage 1 of level 1 ruins it", () => {
    const notDefending = odds({
      sides: [side("Klingons", [KTINGA]), side("Kazon", [KAZON_SCOUT], { defendsDefences: false, canRetreat: false })],
      sectorDefence: { level: 1, damage: 0, ownerSide: 1 },
    });
    const ruined = odds({
      sides: [side("Klingons", [KTINGA]), side("Kazon", [KAZON_SCOUT], { kind: "garrison" })],
      sectorDefence: { level: 1, damage: 1, ownerSide: 1 },
    });
    const x = duel(0.09, 0.01);
    within4se(notDefending.sides[1]!.winRate, x.b);
    within4se(ruined.sides[1]!.winRate, x.b);
  });

  it("symmetric sides: ten K'Tingas against ten K'Tingas hold the field equally often", () => {
    const ten = { ...KTINGA, count: 10 };
    const r = odds({ sides: [side("Left", [ten]), side("Right", [ten])] }, 10_000);
    const a = r.sides[0]!.winRate;
    const b = r.sides[1]!.winRate;
    // Standard error of the difference of two shares of one multinomial.
    const se = Math.sqrt((a + b - (a - b) ** 2) / 10_000);
    expect(Math.abs(a - b)).toBeLessThanOrEqual(4 * se);
    expect(a + b + r.neitherRate).toBeCloseTo(1, 10);
  });

  it("chapter 5 'Sector defences': a level 6 defence raises the defender's rate of holding the field", () => {
    const attackers = side("Klingons", [{ type: "Hawk Heavy Cruiser", builder: "Klingon", count: 12, rank: 1 }]);
    const defenders = side("Romulans", [{ type: "Hawk Heavy Cruiser", builder: "Romulan", count: 12, rank: 1 }], { kind: "garrison" });
    const open = odds({ sides: [attackers, defenders] }, 4000);
    const defended = odds({ sides: [attackers, defenders], sectorDefence: { level: 6, ownerSide: 1 } }, 4000);
    const se = Math.hypot(open.sides[1]!.winRateStdErr, defended.sides[1]!.winRateStdErr);
    expect(defended.sides[1]!.winRate - open.sides[1]!.winRate).toBeGreaterThan(4 * se);
    expect(defended.sides[0]!.meanShipsLost).toBeGreaterThan(open.sides[0]!.meanShipsLost);
  });

  it("three sides, all at war: the rates of each side and of neither add up to 1", () => {
    const five = (s: Ship) => ({ ...s, count: 5 });
    const r = odds({ sides: [side("A", [five(KTINGA)]), side("B", [five(BIOSCOUT)]), side("C", [five(KTINGA)])] }, 3000);
    expect(r.sides.reduce((t, s) => t + s.winRate, 0) + r.neitherRate).toBeCloseTo(1, 10);
    expect(r.sides[1]!.winRate).toBeLessThan(r.sides[0]!.winRate);
  });
});

describe("battle odds: output and determinism", () => {
  const example = JSON.parse(readFileSync(join(ROOT, "examples", "galactic-empires", "battle-patrol-force.json"), "utf8"));

  it("the issue's example parses and its JSON has the documented shape", () => {
    const r = odds(example, 500, 3);
    const j = oddsJson(r);
    expect(Object.keys(j).sort()).toEqual(["meanRounds", "neitherRate", "neitherRateStdErr", "runs", "sides"]);
    expect(j.runs).toBe(500);
    expect(j.sides.map((s) => s.name)).toEqual(["Patrol Force 2", "Romulan Starfleet 20"]);
    for (const s of j.sides) expect(Object.keys(s).sort()).toEqual(["lostByType", "meanShipsLost", "name", "winRate", "winRateStdErr"]);
    expect(Object.keys(j.sides[0]!.lostByType)).toEqual(["klingon/hawk-heavy-cruiser", "klingon/negh-var-battleship"]);
    expect(Object.keys(j.sides[1]!.lostByType)).toEqual(["romulan/hawk-heavy-cruiser"]);
  });

  it("same seed, same figures; another seed, other figures", () => {
    const a = JSON.stringify(oddsJson(odds(example, 2000, 7)));
    expect(JSON.stringify(oddsJson(odds(example, 2000, 7)))).toBe(a);
    const twoHawks = { sides: [side("K", [{ ...KTINGA, count: 3 }]), side("H", [{ ...BIOSCOUT, count: 3 }])] };
    expect(JSON.stringify(oddsJson(odds(twoHawks, 2000, 7)))).not.toBe(JSON.stringify(oddsJson(odds(twoHawks, 2000, 8))));
  });

  it("the table names every side, neither, the mean rounds and the losses by type", () => {
    const p = parseOddsInput(example);
    if (!p.ok) throw new Error(p.error.join("\n"));
    const text = oddsText(p.value, runOdds(p.value, 300, 1));
    expect(text).toMatch(/^Battle odds: 300 runs, seed 1, a sector battle, no sector defence\./);
    expect(text).toMatch(/Patrol Force 2 +\d+\.\d\d% +\d+\.\d\d% +\d+\.\d\d of 2/);
    expect(text).toMatch(/Neither side/);
    expect(text).toMatch(/Mean rounds: \d+\.\d\d/);
    expect(text).toMatch(/Negh'var Battleship \(Klingon\) +\d+\.\d\d of 1/);
  });

  it("ship types by id, by name alone when only one builder prints it, and case-insensitively", () => {
    const r = parseOddsInput({
      sides: [
        side("A", [{ type: "Klingon/Hawk-Heavy-Cruiser", count: 1, rank: 1 }]),
        side("B", [{ type: "d'deridex warbird", count: 2, rank: 5 }]),
      ],
    });
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.value.sides.map((s) => s.ships)).toEqual([
        [{ type: "klingon/hawk-heavy-cruiser", count: 1 }],
        [{ type: "romulan/d-deridex-warbird", count: 2 }],
      ]);
  });
});

describe("battle odds: bad input names the field", () => {
  it("an unknown starship of a builder suggests the closest name", () => {
    expect(
      problems({
        sides: [side("A", [KTINGA, { type: "Hawk Heavy Crusier", builder: "Klingon", count: 1, rank: 1 }]), side("B", [BIOSCOUT])],
      }),
    ).toEqual([
      'sides[0].units[0].ships[1].type: no starship "Hawk Heavy Crusier" of builder "Klingon"; did you mean "Hawk Heavy Cruiser"?',
    ]);
  });

  it("an unknown builder, a name two builders print, a name of another builder", () => {
    const p = problems({
      sides: [
        side("A", [
          { type: "Hawk Heavy Cruiser", builder: "Klingons", count: 1, rank: 1 },
          { type: "Hawk Heavy Cruiser", count: 1, rank: 1 },
          { type: "Hawk Heavy Cruiser", builder: "Vulcan", count: 1, rank: 1 },
          { type: "Death Star", count: 1, rank: 1 },
        ]),
        side("B", [BIOSCOUT]),
      ],
    });
    expect(p[0]).toMatch(/^sides\[0\]\.units\[0\]\.ships\[0\]\.builder: no builder "Klingons"; did you mean "Klingon"\?/);
    expect(p[1]).toBe(
      'sides[0].units[0].ships[1].builder: "Hawk Heavy Cruiser" is built by "Klingon" and "Romulan"; say which with "builder"',
    );
    expect(p[2]).toBe(
      'sides[0].units[0].ships[2].type: no starship "Hawk Heavy Cruiser" of builder "Vulcan"; "Hawk Heavy Cruiser" is built by "Klingon", "Romulan"',
    );
    expect(p[3]).toMatch(/^sides\[0\]\.units\[0\]\.ships\[3\]\.type: no starship "Death Star" in the catalogue/);
  });

  it("wrong ranks, negative counts, unknown fields, and the type of the same entry too", () => {
    const p = problems({
      sides: [
        side("A", [{ type: "Hawk Heavy Crusier", builder: "Klingon", count: -2, rank: 6 }], { retreatLevel: 0 } as Partial<UnitIn>),
        { name: "B", units: [{ ships: [{ ...BIOSCOUT, rank: 2.5 }], defendDefences: true }] },
      ],
    });
    expect(p).toEqual([
      "sides[0].units[0].retreatLevel: the retreat level must be a whole number from 1 to 5, not 0",
      "sides[0].units[0].ships[0].count: the number of starships cannot be negative (got -2)",
      "sides[0].units[0].ships[0].rank: a rank must be a whole number from 1 to 5, not 6",
      'sides[0].units[0].ships[0].type: no starship "Hawk Heavy Crusier" of builder "Klingon"; did you mean "Hawk Heavy Cruiser"?',
      'sides[1].units[0].defendDefences: unknown field; did you mean "defendsDefences"?',
      "sides[1].units[0].ships[0].rank: a rank must be a whole number from 1 to 5",
    ]);
  });

  it("fewer than two sides, an empty unit, a defence without an owner, a cross-border defence", () => {
    expect(problems({ sides: [side("A", [KTINGA])] })).toEqual(["sides: a battle needs at least two sides"]);
    expect(problems({ sides: [side("A", []), side("B", [BIOSCOUT])] })).toEqual([
      "sides[0].units[0]: the unit has no starships and no admiral; give it something to fight with",
    ]);
    expect(problems({ sides: [side("A", [KTINGA]), side("B", [BIOSCOUT])], sectorDefence: { level: 3 } })[0]).toMatch(
      /^sectorDefence\.ownerSide: a level 3 sector defence protects a side/,
    );
    expect(
      problems({ sides: [side("A", [KTINGA]), side("B", [BIOSCOUT])], sectorDefence: { level: 3, damage: 4, ownerSide: "C" } }),
    ).toEqual([
      'sectorDefence.ownerSide: no side "C"; give an index from 0 to 1 or one of "A", "B"',
      'sectorDefence.damage: at most the level (3): "the maximum damage that sector defences can have is the sector defence level"',
    ]);
    expect(
      problems({ sides: [side("A", [KTINGA]), side("B", [BIOSCOUT])], sectorDefence: { level: 2, ownerSide: 1 }, crossBorder: true })[0],
    ).toMatch(/^sectorDefence\.level: a cross-border battle has no sector defence/);
    expect(problems({ sides: "two" })).toEqual(["sides: a list of at least two sides"]);
  });
});
