/**
 * Quick battles (issue 12 "Battles", way 1): the Knight Hawks tables auto-resolved by the abstract round model of
 * RULINGS.md "Battles", and its odds tool. Statistical tests state their tolerance in their names.
 */
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { Rng } from "../../src/core/rng.js";
import type { BattleInput, BattleShip, BattleStation } from "../../src/rules/sathar-war/battles/battle.js";
import { COMBAT_TABLE, damageBand } from "../../src/rules/sathar-war/battles/knight-hawks-tables.js";
import { attack, type Band, defenceColumn, hull } from "../../src/rules/sathar-war/battles/quick/combat.js";
import { oddsTool, parseOddsInput } from "../../src/rules/sathar-war/battles/quick/odds.js";
import { quickResolver, resolveQuick, settleAll, startFight } from "../../src/rules/sathar-war/battles/quick/quick-battle.js";
import { damageControlAfterBattle } from "../../src/rules/sathar-war/battles/quick/repair.js";
import { W_INDEX } from "../../src/rules/sathar-war/battles/quick/units.js";
import type { Side } from "../../src/rules/sathar-war/model.js";
import type { ShipClass } from "../../src/rules/sathar-war/orders-of-battle/ship-classes.js";
import { suggestedRules } from "../../src/rules/sathar-war/special-combat/which-rules-to-use.js";
import { ScriptedIntRng as DiceRng } from "../support/scripted-rng.js";

/** A band with no range diffusion: the table's figure as printed. */
const ADJACENT: Band = { name: "adjacent", hexes: 0, beamsOnly: false };

function ships(side: Side, cls: ShipClass, count: number, extra: Partial<BattleShip> = {}): BattleShip[] {
  return Array.from({ length: count }, (_, k) => ({
    id: `${side}-${cls}${k + 1}`,
    name: `${side} ${cls} ${k + 1}`,
    side,
    cls,
    damage: {},
    spent: {},
    ...extra,
  }));
}

function battle(over: Partial<BattleInput> & { ships: BattleShip[] }): BattleInput {
  return {
    id: "test",
    day: 1,
    system: "prenglar",
    planet: "gran-quivera",
    attacker: "sathar",
    nearPlanet: true,
    rules: "basic",
    stations: [],
    breakOff: { sathar: { hullLost: 1, outgunned: 0 }, upf: { hullLost: 1, outgunned: 0 } },
    ...over,
  };
}

const twentyVsTwenty = (rules: BattleInput["rules"]): BattleInput =>
  battle({
    rules,
    ships: [
      ...ships("sathar", "HC", 2),
      ...ships("sathar", "LC", 3),
      ...ships("sathar", "DD", 5),
      ...ships("sathar", "FF", 4),
      ...ships("sathar", "AC", 1),
      ...ships("sathar", "FT", 5),
      ...ships("upf", "BB", 1),
      ...ships("upf", "LC", 2),
      ...ships("upf", "DD", 4),
      ...ships("upf", "FF", 5),
      ...ships("upf", "AS", 6),
      ...ships("upf", "AC", 1),
      ...ships("upf", "ML", 1),
    ],
    stations: [{ id: "st-gq", name: "Gran Quivera Fortress", type: "fortress", damage: {}, spent: {} }],
    breakOff: { sathar: { hullLost: 0.5, outgunned: 3 }, upf: { hullLost: 0.5, outgunned: 3 } },
  });

/** Hits of `n` attacks of one weapon at one target (fresh units each time). */
function hitRate(input: BattleInput, weapon: "LB" | "T", n: number, band: Band = ADJACENT): number {
  const rng = Rng.fromSeed(7);
  let hits = 0;
  for (let k = 0; k < n; k++) {
    const f = startFight(input, rng, { report: false });
    const [s, t] = [f.units.find((u) => u.side === "sathar"), f.units.find((u) => u.side === "upf")];
    if (s === undefined || t === undefined) throw new Error("no units");
    if (attack(f, s, t, W_INDEX[weapon], band) >= 0) hits++;
  }
  return hits / n;
}

describe("Which Rules To Use? (seed 000)", () => {
  it("suggests Advanced with average NPC skills for 2 to 4 ships, Advanced for 5 to 14, Basic for more than 14", () => {
    expect([2, 4, 5, 14, 15, 40].map(suggestedRules)).toEqual([
      "advanced-skilled",
      "advanced-skilled",
      "advanced",
      "advanced",
      "basic",
      "basic",
    ]);
  });
});

describe("the combat table (reference D.11)", () => {
  it("one laser battery shot at a reflective hull hits at the table's 50% (± 1.5%, 20,000 shots)", () => {
    const input = battle({ ships: [...ships("sathar", "AS", 1), ...ships("upf", "DD", 1)] });
    expect(COMBAT_TABLE.LB[1]).toBe(50);
    expect(Math.abs(hitRate(input, "LB", 20_000) - 0.5)).toBeLessThan(0.015);
  });

  it("range diffusion: at close range (2 hexes) the same shot hits at 40% (± 1.5%, 20,000 shots)", () => {
    const input = battle({ ships: [...ships("sathar", "AS", 1), ...ships("upf", "DD", 1)] });
    expect(Math.abs(hitRate(input, "LB", 20_000, { name: "close", hexes: 2, beamsOnly: false }) - 0.4)).toBeLessThan(0.015);
  });

  it("ICMs lower torpedo hits: 50% on a frigate without ICMs, 30% with two fired (± 1.5%, 20,000 torpedoes each)", () => {
    const without = battle({ ships: [...ships("sathar", "FF", 1), ...ships("upf", "FF", 1, { damage: { ICM: 1 } })] });
    const withIcms = battle({ ships: [...ships("sathar", "FF", 1), ...ships("upf", "FF", 1)] });
    expect(Math.abs(hitRate(without, "T", 20_000) - 0.5)).toBeLessThan(0.015);
    expect(Math.abs(hitRate(withIcms, "T", 20_000) - 0.3)).toBeLessThan(0.015);
  });

  it("the most effective defence is used, but an attracting screen must be (a proton screen draws an electron beam)", () => {
    const f = startFight(battle({ ships: [...ships("sathar", "BB", 1), ...ships("upf", "BB", 1)] }), Rng.fromSeed(1));
    const bb = f.units[1];
    if (bb === undefined) throw new Error("no battleship");
    // Against a laser battery: RH 50 (PS, ES, SS 65). Against an electron beam: the proton screen, 70, not the electron screen's 25.
    expect(defenceColumn(bb, W_INDEX.LB)).toBe(1);
    expect(defenceColumn(bb, W_INDEX.EB)).toBe(2);
    expect(defenceColumn(bb, W_INDEX.PB)).toBe(3);
    expect(defenceColumn(bb, W_INDEX.T)).toBe(1);
  });

  it("a masking screen halves laser damage, rounded up (Basic: roll 1d10 = 7, 4 hull points)", () => {
    const f = startFight(battle({ ships: [...ships("sathar", "AS", 1), ...ships("upf", "FF", 1)] }), new DiceRng([15, 7]));
    const [s, t] = f.units;
    if (s === undefined || t === undefined) throw new Error("no units");
    t.msUp = true;
    expect(defenceColumn(t, W_INDEX.LB)).toBe(5);
    expect(attack(f, s, t, W_INDEX.LB, ADJACENT)).toBe(4);
    expect(t.hp).toBe(36);
  });
});

describe("Basic and Advanced damage", () => {
  it("Basic: a hit costs hull points only; Advanced: the damage table on d100 + DTM (53: all ADF lost)", () => {
    const input = battle({ ships: [...ships("sathar", "AS", 1), ...ships("upf", "DD", 1)] });
    const basic = startFight(input, new DiceRng([10, 6]));
    const [bs, bt] = basic.units;
    if (bs === undefined || bt === undefined) throw new Error("no units");
    expect(attack(basic, bs, bt, W_INDEX.LB, ADJACENT)).toBe(6);
    settleAll(basic);
    expect(bt.damage).toEqual({ hull: 6 });
    const adv = startFight({ ...input, rules: "advanced" }, new DiceRng([10, 53]));
    const [as, at] = adv.units;
    if (as === undefined || at === undefined) throw new Error("no units");
    expect(attack(adv, as, at, W_INDEX.LB, ADJACENT)).toBe(0);
    expect(at.adf).toBe(0);
    settleAll(adv);
    expect(at.damage).toEqual({ ADF: 3 });
    expect(damageBand(5).effect).toEqual({ kind: "hull", times: 2 });
  });

  it("a battle under Basic rules damages hulls only; under Advanced, systems too", () => {
    const keys = (rules: BattleInput["rules"]) => {
      const r = resolveQuick(twentyVsTwenty(rules), Rng.fromSeed(3), { repair: false });
      return new Set(Object.values(r.ships).flatMap((s) => Object.keys(s.damage)));
    };
    expect([...keys("basic")]).toEqual(["hull"]);
    expect(keys("advanced").size).toBeGreaterThan(1);
  });
});

describe("fixed seeds", () => {
  it("the same battle and seed give byte-identical results, report on or off", () => {
    const a = JSON.stringify(quickResolver.resolve(twentyVsTwenty("advanced"), Rng.fromSeed(42)));
    const b = JSON.stringify(quickResolver.resolve(twentyVsTwenty("advanced"), Rng.fromSeed(42)));
    expect(a).toBe(b);
    const lean = resolveQuick(twentyVsTwenty("advanced"), Rng.fromSeed(42), { report: false });
    const full = JSON.parse(a);
    expect(JSON.stringify(lean.ships)).toBe(JSON.stringify(full.ships));
    expect(lean.holder).toBe(full.holder);
    expect(lean.lines).toEqual([]);
  });

  it("every die rolled is in the lines' rolls, a line per round and side", () => {
    const input = twentyVsTwenty("basic");
    const rng = Rng.fromSeed(5);
    const r = resolveQuick(input, rng);
    const rolled = r.lines.reduce((t, l) => t + (l.rolls?.length ?? 0), 0);
    expect(rolled).toBe(rng.draws); // every d10 and d100 is one draw here (no rejection at 32 bits for 10 or 100 sides, almost always)
    expect(r.lines.filter((l) => l.round === 1 && l.text.includes("fire at approach range"))).toHaveLength(2);
  });

  it("the input is not changed", () => {
    const input = twentyVsTwenty("advanced");
    const before = JSON.stringify(input);
    resolveQuick(input, Rng.fromSeed(9));
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe("Breaking Off Combat (seed 000)", () => {
  it("a side whose policy is met breaks off: its ships escape and the other side holds the field", () => {
    const input = battle({
      ships: [...ships("sathar", "DD", 3), ...ships("upf", "FF", 2)],
      breakOff: { sathar: { hullLost: 1, outgunned: 0 }, upf: { hullLost: 0, outgunned: 0 } },
    });
    const r = resolveQuick(input, Rng.fromSeed(1));
    for (const id of ["upf-FF1", "upf-FF2"]) expect(["escaped", "destroyed"]).toContain(r.ships[id]?.fate);
    expect(r.holder).toBe("sathar");
    expect(r.rounds).toBe(1);
  });

  it("a side with no policy (1 and 0) fights to the end", () => {
    const input = battle({ ships: [...ships("sathar", "DD", 3), ...ships("upf", "FF", 2)] });
    const r = resolveQuick(input, Rng.fromSeed(1));
    expect(Object.values(r.ships).some((s) => s.fate === "escaped")).toBe(false);
  });

  it("outgunned: a side breaks off once the enemy's hull points are that many times its own", () => {
    const input = battle({
      ships: [...ships("sathar", "BB", 2), ...ships("upf", "AS", 2)],
      breakOff: { sathar: { hullLost: 1, outgunned: 0 }, upf: { hullLost: 1, outgunned: 3 } },
    });
    const r = resolveQuick(input, Rng.fromSeed(2));
    expect(r.rounds).toBe(1);
    expect(r.holder).toBe("sathar");
  });

  it("militia in their home system fire at least once before breaking off; Spacefleet ships need not", () => {
    // Their laser batteries out, the assault scouts can fire only their assault rockets, at close range (round 2);
    // the Sathar carrier's beams are out too: only its rocket batteries fire, at close range. The UPF break off at
    // once (policy 0): Spacefleet after round 1, the militia after round 2, having fired.
    const input = battle({
      ships: [
        ...ships("sathar", "AC", 1, { damage: { LB: 1, PB: 1 } }),
        ...ships("upf", "AS", 1, { id: "militia", name: "militia", mustFireBeforeBreakOff: true, damage: { LB: 1 } }),
        ...ships("upf", "AS", 1, { id: "spacefleet", name: "spacefleet", damage: { LB: 1 } }),
      ],
      breakOff: { sathar: { hullLost: 1, outgunned: 0 }, upf: { hullLost: 0, outgunned: 0 } },
    });
    let militiaEscaped = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const r = resolveQuick(input, Rng.fromSeed(seed));
      expect(r.ships.spacefleet).toMatchObject({ fate: "escaped", fired: false });
      expect(r.lines.find((l) => l.text.includes("spacefleet escape"))?.round).toBe(1);
      expect(r.ships.militia?.fired).toBe(true);
      if (r.ships.militia?.fate === "escaped") {
        militiaEscaped++;
        expect(r.lines.find((l) => l.text.includes("militia escape"))?.round).toBe(2);
      }
    }
    expect(militiaEscaped).toBeGreaterThan(10);
  });
});

describe("stations", () => {
  it("a station is destroyed at 0 hull points and not before; its docked ships take half its hull points", () => {
    const input = battle({
      ships: [...ships("sathar", "DD", 1), ...ships("upf", "AS", 1, { docked: "st-1" })],
      stations: [{ id: "st-1", name: "armed station", type: "armed", damage: {}, spent: {} }],
    });
    const f = startFight(input, Rng.fromSeed(1));
    const station = f.units[0];
    const docked = f.units[2];
    if (station === undefined || docked === undefined) throw new Error("no units");
    hull(f, station, 79);
    expect(station.status).toBe(0);
    hull(f, station, 1);
    expect(station.status).toBe(1);
    expect(docked.status).toBe(1); // 40 hull points on a 15-point assault scout
  });

  it("the UPF's stations join once the UPF's ships, fighting away from the planet, are gone", () => {
    const station: BattleStation = { id: "st-1", name: "armed station", type: "armed", damage: {}, spent: {} };
    const input = battle({ nearPlanet: false, ships: [...ships("sathar", "BB", 2), ...ships("upf", "FT", 1)], stations: [station] });
    const r = resolveQuick(input, Rng.fromSeed(4));
    expect(r.lines.some((l) => l.text.includes("its stations fight"))).toBe(true);
  });
});

describe("REPAIR (seed 000)", () => {
  it("after the battle: a system mended on a roll at or under the DCR; hull 1d10 a success until a roll fails, then only a station", () => {
    const input = battle({ ships: [...ships("sathar", "DD", 1), ...ships("upf", "FF", 1)] });
    // LB: 50 (mended); hull: 10 (mends 7), 95 (fails: the rest only at a station).
    const f = startFight(input, new DiceRng([50, 10, 7, 95]));
    const ff = f.units[1];
    if (ff === undefined) throw new Error("no frigate");
    ff.hullLost = 20;
    ff.hp -= 20;
    ff.damage.LB = 1;
    settleAll(f);
    const only = damageControlAfterBattle(f);
    expect(ff.damage).toEqual({ hull: 13 });
    expect(only[ff.id]).toEqual(["hull"]);
  });

  it("a 99 or 00 on a system's roll: only a station can mend it", () => {
    const input = battle({ ships: [...ships("sathar", "DD", 1), ...ships("upf", "FF", 1)] });
    const f = startFight(input, new DiceRng([99]));
    const ff = f.units[1];
    if (ff === undefined) throw new Error("no frigate");
    ff.damage.MR = 1;
    settleAll(f);
    expect(damageControlAfterBattle(f)[ff.id]).toEqual(["MR"]);
    expect(ff.damage).toEqual({ MR: 1 });
  });

  it("a fought battle ends with damage control lines and its outcomes carry what only a station mends", () => {
    const r = resolveQuick(twentyVsTwenty("basic"), Rng.fromSeed(11));
    expect(r.lines.some((l) => l.text.startsWith("damage control"))).toBe(true);
    for (const s of Object.values(r.ships)) if (s.stationOnly !== undefined) expect(s.stationOnly).toContain("hull");
  });
});

describe("SHATTER DRONES (Optional) (seed 000)", () => {
  const input = (detonate: boolean): BattleInput =>
    battle({
      ships: [...ships("sathar", "FF", 1, { drone: true }), ...ships("sathar", "AS", 1), ...ships("upf", "BB", 1)],
      detonateDrones: { sathar: detonate, upf: false },
    });

  it("a drone detonates at close range: gone (not destroyed), its victim hit for 5d10", () => {
    const r = resolveQuick(input(true), Rng.fromSeed(3));
    expect(r.ships["sathar-FF1"]?.fate).toBe("detonated");
    expect(r.lines.some((l) => l.round === 2 && l.text.includes("detonates as a shatter drone"))).toBe(true);
  });

  it("a side that does not detonate fights its drone as a frigate", () => {
    const r = resolveQuick(input(false), Rng.fromSeed(3));
    expect(r.ships["sathar-FF1"]?.fate).not.toBe("detonated");
  });
});

describe("Declaring Combat: mines and seekers (seed 000)", () => {
  it("the defender's mines and seekers attack the incoming ships at round 2 and are spent from its minelayer", () => {
    const input = battle({ ships: [...ships("sathar", "DD", 3), ...ships("upf", "ML", 1)], mines: { mines: 20, seekers: 4 } });
    const r = resolveQuick(input, Rng.fromSeed(8));
    expect(r.lines.some((l) => l.round === 2 && l.text.startsWith("mines and seekers"))).toBe(true);
    expect(r.ships["upf-ML1"]?.spent).toMatchObject({ M: 20, SM: 4 });
  });
});

describe("the odds tool", () => {
  const file = {
    sathar: {
      ships: [
        { class: "HC", count: 2 },
        { class: "LC", count: 3 },
        { class: "DD", count: 5 },
        { class: "FF", count: 4 },
        { class: "AC", count: 1 },
        { class: "fighter", count: 5 },
      ],
    },
    upf: {
      ships: [
        { class: "BB", count: 1 },
        { class: "LC", count: 2 },
        { class: "DD", count: 4 },
        { class: "FF", count: 5 },
        { class: "AS", count: 6 },
        { class: "AC", count: 1 },
        { class: "ML", count: 1 },
      ],
      stations: [{ type: "fortress", name: "Gran Quivera Fortress" }],
    },
  };

  it("gives each side's chance to hold the field, ships lost by class, hull lost and each station's chance, as text and JSON", () => {
    const out = oddsTool.run(file, { runs: 500, seed: 1 });
    expect(out.ok).toBe(true);
    expect(out.text).toContain("basic rules (suggested for 41 ships and stations)");
    expect(out.text).toContain("holds the field");
    expect(out.text).toContain("Gran Quivera Fortress (fortress)");
    const json = out.json as { sathar: { holds: number; shipsLost: Record<string, number> }; upf: { holds: number }; neither: number };
    expect(json.sathar.holds + json.upf.holds + json.neither).toBeCloseTo(1, 3);
    expect(Object.keys(json.sathar.shipsLost)).toEqual(["FT", "FF", "DD", "LC", "HC", "AC"]);
    expect(JSON.stringify(oddsTool.run(file, { runs: 500, seed: 1 }).json)).toBe(JSON.stringify(out.json));
  });

  it("the help's example is a valid input", () => {
    const example = oddsTool.help.slice(oddsTool.help.indexOf("Example (YAML):") + "Example (YAML):".length);
    const parsed = parseOddsInput(parseYaml(example.replace(/^ {2}/gm, "")));
    expect(parsed.ok ? parsed.value.size : parsed.error).toBe(41);
  });

  it("refuses bad input with a message per fault", () => {
    const out = oddsTool.run(
      {
        sathar: { ships: [{ class: "XX" }, { class: "DD", count: -1 }, { class: "DD", damage: { hull: 50, warp: 1 }, spent: { T: 3 } }] },
        upf: { ships: [{ class: "AS", drone: true }] },
      },
      {},
    );
    expect(out.refused).toBe(true);
    const problems = (out.json as { problems: string[] }).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sathar\.ships\[0\]\.class: unknown ship class "XX"/),
        expect.stringMatching(/^sathar\.ships\[1\]\.count: count cannot be negative/),
        expect.stringMatching(/^sathar\.ships\[2\]\.damage\.warp: unknown damage/),
        expect.stringMatching(/^sathar\.ships\[2\]\.damage\.hull: 50 is not less than its 50 hull points/),
        expect.stringMatching(/^sathar\.ships\[2\]\.spent\.T: 3 spent, but it carries 2/),
        expect.stringMatching(/^upf\.ships\[0\]\.drone: only frigates/),
      ]),
    );
    const docked = parseOddsInput({ sathar: { ships: [{ class: "DD" }] }, upf: { ships: [{ class: "FF", docked: "Nowhere" }] } });
    expect(docked.ok ? [] : docked.error).toEqual([expect.stringMatching(/^upf\.ships\[0\]\.docked: no station "Nowhere"/)]);
    const empty = parseOddsInput({ sathar: { ships: [] }, upf: { ships: [{ class: "FF" }] } });
    expect(empty.ok ? [] : empty.error).toEqual(["sathar: no ships; a battle needs both sides"]);
  });
});
