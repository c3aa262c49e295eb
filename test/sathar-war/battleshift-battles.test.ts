/**
 * Battles fought out in Battleshift (issue 12 "Battles", way 2; RULINGS.md "Battles"): the conversion table, the
 * losses mapped back, determinism, the kept input replaying the same Battleshift battle, and the time a battle takes.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import { newGame } from "../../src/host/lifecycle.js";
import { playInMemory } from "../../src/host/play.js";
import { STATION_DESIGNS } from "../../src/rules/battleshift/fleet/catalogue.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { buildShip } from "../../src/rules/battleshift/fleet/ship-building.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { BattleInput, BattleShip, BattleStation } from "../../src/rules/sathar-war/battles/battle.js";
import {
  battleshiftPlan,
  battleshiftResolver,
  createBattleshiftGame,
  playBattleshift,
  resolveInBattleshift,
} from "../../src/rules/sathar-war/battles/battleshift/battleshift-resolver.js";
import {
  CLASS_SIZE,
  convertShip,
  convertStation,
  designInput,
  STATION_STAND_IN,
} from "../../src/rules/sathar-war/battles/battleshift/conversion.js";
import type { Side } from "../../src/rules/sathar-war/model.js";
import {
  SHIP_CLASSES,
  SHIP_RATINGS,
  type ShipClass,
  STATION_TYPES,
  type StationType,
} from "../../src/rules/sathar-war/orders-of-battle/ship-classes.js";

function ships(side: Side, list: [ShipClass, number][]): BattleShip[] {
  const out: BattleShip[] = [];
  for (const [cls, n] of list)
    for (let i = 1; i <= n; i++) out.push({ id: `${side}-${cls}${i}`, name: `${side} ${cls} ${i}`, side, cls, damage: {}, spent: {} });
  return out;
}
const station = (id: string, type: StationType): BattleStation => ({ id, name: `${id} station`, type, damage: {}, spent: {} });

function battle(upf: BattleShip[], sathar: BattleShip[], more: Partial<BattleInput> = {}): BattleInput {
  return {
    id: "d3-prenglar-sathar",
    day: 3,
    system: "Prenglar",
    planet: "Gran Quivera",
    attacker: "sathar",
    nearPlanet: false,
    rules: "advanced",
    ships: [...upf, ...sathar],
    stations: [],
    breakOff: { upf: { hullLost: 1, outgunned: 0 }, sathar: { hullLost: 1, outgunned: 0 } },
    ...more,
  };
}

/** The Sathar's and the UPF's usual lines: about 20 ships a side, fighters included. */
const LINE: [ShipClass, number][] = [
  ["BB", 1],
  ["HC", 3],
  ["LC", 3],
  ["DD", 4],
  ["FF", 5],
  ["AC", 1],
  ["FT", 3],
];
const twentyAside = (more: Partial<BattleInput> = {}) => battle(ships("upf", LINE), ships("sathar", LINE), more);

describe("the conversion table (RULINGS.md Battles: The conversion table)", () => {
  it("every Knight Hawks class converts to a legal Battleshift design of its size, its hull from its hull points", () => {
    const rows: string[] = [];
    for (const cls of SHIP_CLASSES) {
      const c = convertShip(cls, {}, {});
      const built = buildShip(designInput(`UPF ${cls}`, c));
      expect(built.ok, `${cls}: ${built.ok ? "" : built.error.map((p) => p.message).join("; ")}`).toBe(true);
      expect(built.value.size).toBe(CLASS_SIZE[cls]);
      expect(built.value.hull).toBe(Math.max(CLASS_SIZE[cls] + 1, Math.round(SHIP_RATINGS[cls].hp / 15)));
      rows.push(
        `${cls.padEnd(2)} ${String(SHIP_RATINGS[cls].hp).padStart(3)} HP -> size ${built.value.size}, hull ${built.value.hull}, shields ${built.value.shields}, ${built.value.move}", ${Object.entries(
          c.systems,
        )
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")}`,
      );
    }
    console.log(`The conversion table:\n${rows.join("\n")}`);
  });
  it("the table's rows: a battleship is a size-4 battleship of 8 hull with its cannon heavy, its batteries light, its rockets and torpedoes missiles", () => {
    const c = convertShip("BB", {}, {});
    expect(c.size).toBe(4);
    expect(c.hull).toBe(8);
    expect(c.systems.heavy).toBe(1); // DC
    expect(c.systems.light).toBe(6); // LB 3, PB 1, EB 2
    expect(c.systems.missile).toBe(5); // T 8 -> 2, RB 10 -> 3
    expect(c.systems.interceptor).toBe(3); // ICM 12
    expect(c.systems.extraShield).toBe(3); // ES, PS, SS
    expect(c.systems.repair).toBe(2); // DCR 200
    const as = convertShip("AS", {}, {});
    expect(as).toMatchObject({ size: 1, hull: 2, systems: { light: 2 } }); // LB 1 and its assault rockets
    expect(convertShip("ML", {}, {}).systems.slow).toBe(1); // ADF 1
  });
  it("damage and spent expendables: a battleship with 90 hull points lost stays a size-4 battleship of hull 5 starting with 3 damage (2 hull points left); knocked-out and spent systems are gone", () => {
    const c = convertShip("BB", { hull: 90, LB: 3, DC: 1 }, { T: 8, ICM: 12 });
    expect(c.size).toBe(4);
    expect(c.hull).toBe(5);
    expect(c.damage).toBe(3); // 30 hull points left: 2 Battleshift hull points of the size's 5
    expect(c.systems.heavy).toBeUndefined(); // DC knocked out
    expect(c.systems.light).toBe(3); // PB, EB 2
    expect(c.systems.missile).toBe(3); // RB 10; the torpedoes spent
    expect(c.systems.interceptor).toBeUndefined();
    // A ship whose hull still fills its size starts undamaged, its hull smaller; an undamaged fighter starts with none.
    expect(convertShip("BB", { hull: 30 }, {})).toMatchObject({ size: 4, hull: 6 });
    expect(convertShip("BB", { hull: 30 }, {}).damage).toBeUndefined();
    expect(convertShip("FT", {}, {}).damage).toBeUndefined();
    expect(convertShip("FT", { hull: 4 }, {}).damage).toBeUndefined();
    const ff = convertShip("FF", {}, { T: 2, RB: 2, MS: 2 });
    expect(ff.systems.missile).toBe(1); // RB 2 left
    expect(ff.systems.extraShield).toBeUndefined(); // the masking screen spent
    expect(buildShip(designInput("x", c)).ok).toBe(true);
  });
  it("every station type has a catalogue stand-in, and converts to a legal ship for a side with no ship", () => {
    for (const t of STATION_TYPES) {
      expect(STATION_DESIGNS[STATION_STAND_IN[t]]).toBeDefined();
      const built = buildShip(designInput(t, convertStation(t, {}, {})));
      expect(built.ok, t).toBe(true);
      expect(built.value.slow).toBe(true);
    }
  });
  it("both fleets of a battle with every class, a planet and every station type are valid Battleshift fleet files", () => {
    const all = SHIP_CLASSES.map((c) => [c, 2] as [ShipClass, number]);
    const input = battle(ships("upf", all), ships("sathar", all), {
      nearPlanet: true,
      stations: STATION_TYPES.map((t) => station(`st-${t}`, t)),
    });
    const plan = battleshiftPlan(input);
    for (const f of plan.inputs.fleet) {
      const p = parseFleet(f);
      expect(p.ok, p.ok ? "" : p.error.map((e) => e.message).join("; ")).toBe(true);
    }
    const state = createBattleshiftGame(plan, 7);
    // Every Knight Hawks ship is a Battleshift ship, every station a Battleshift station, the planet in play.
    expect(Object.keys(plan.ships).length).toBe(input.ships.length);
    for (const bsId of Object.keys(plan.ships)) expect(state.squadrons[bsId.slice(0, bsId.lastIndexOf("."))]).toBeDefined();
    for (const sqId of Object.keys(plan.stations)) expect(state.squadrons[sqId]?.station).toBe(true);
    expect(Object.keys(state.planets ?? {})).toEqual(["blue-planet"]);
  });
});

describe("a battle fought out in Battleshift", () => {
  it("round-trips losses: a ship destroyed in Battleshift is destroyed in the result, and the counts match side by side", () => {
    const seen = { damaged: 0, fired: 0, spent: 0 };
    for (const seed of [1, 2, 3]) {
      const input = twentyAside({ nearPlanet: true, stations: [station("st-gq", "fortified")] });
      const r = resolveInBattleshift(input, Rng.fromSeed(seed));
      const bsSeed = r.battleshift?.seed ?? 0;
      const plan = battleshiftPlan(input);
      const played = playBattleshift(createBattleshiftGame(plan, bsSeed), bsSeed);
      for (const [bsId, khId] of Object.entries(plan.ships)) {
        const sq = played.state.squadrons[bsId.slice(0, bsId.lastIndexOf("."))];
        const alive = sq?.ships.some((s) => s.id === bsId) ?? false;
        expect(r.ships[khId]?.fate === "destroyed", `${khId} (${bsId})`).toBe(!alive);
      }
      for (const [side, bs] of [
        ["upf", "blue"],
        ["sathar", "red"],
      ] as const) {
        const lostInBs = Object.values(played.state.squadrons)
          .filter((sq) => sq.side === bs && !sq.station)
          .reduce((t, sq) => t + sq.initialShips - sq.ships.length, 0);
        const destroyed = input.ships.filter((s) => s.side === side && r.ships[s.id]?.fate === "destroyed").length;
        expect(destroyed, `${side}, seed ${seed}`).toBe(lostInBs);
      }
      const stSq = played.state.squadrons["blue-st1-s1"];
      expect(r.stations["st-gq"]?.destroyed).toBe(stSq?.ships.length === 0);
      // A survivor never loses more than it had; a survivor of a damaged squadron has lost hull in proportion.
      for (const s of input.ships) {
        const o = r.ships[s.id];
        if (o && o.fate !== "destroyed") expect(o.damage.hull ?? 0).toBeLessThan(SHIP_RATINGS[s.cls].hp);
        if (o && o.fate !== "destroyed" && (o.damage.hull ?? 0) > 0) seen.damaged++;
        if (o?.fired) seen.fired++;
        // Expendables: a surviving frigate spent rockets and torpedoes, never more than it carried.
        if (o && o.fate !== "destroyed" && s.cls === "FF") {
          expect(o.spent.T ?? 0).toBeLessThanOrEqual(2);
          expect(o.spent.RB ?? 0).toBeLessThanOrEqual(4);
          if ((o.spent.T ?? 0) > 0) seen.spent++;
        }
      }
      expect(r.rounds).toBe(played.state.turn);
    }
    // Survivors of squadrons that took damage lose hull points; squadrons that fired are marked.
    expect(seen.damaged).toBeGreaterThan(0);
    expect(seen.fired).toBeGreaterThan(0);
    expect(seen.spent).toBeGreaterThan(0);
  });
  it("same input and seed: byte-identical results", () => {
    const input = twentyAside({ nearPlanet: true });
    const a = battleshiftResolver.resolve(input, Rng.fromSeed(42));
    const b = battleshiftResolver.resolve(structuredClone(input), Rng.fromSeed(42));
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
  it("does not touch its input", () => {
    const input = twentyAside({ stations: [station("st-gq", "armed")] });
    const before = canonicalJson(input);
    battleshiftResolver.resolve(input, Rng.fromSeed(5));
    expect(canonicalJson(input)).toBe(before);
  });
  it("the kept input replays to the same Battleshift battle: `starhost new battleshift` with its inputs and seed, bots normal on both sides", () => {
    const input = twentyAside({ nearPlanet: true, stations: [station("st-gq", "fortress")] });
    const r = battleshiftResolver.resolve(input, Rng.fromSeed(9));
    const kept = r.battleshift as { seed: number; input: { scenario: string; inputs: Record<string, unknown[]> } };
    expect(kept.seed).toBeGreaterThan(0);
    // Through JSON, as a campaign keeps it.
    const inputs = JSON.parse(JSON.stringify(kept.input.inputs)) as Record<string, unknown[]>;
    const made = newGame({ id: "replay", ruleset: battleshift, scenario: kept.input.scenario, inputs, seed: kept.seed });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const replay = playInMemory(battleshift, made.value, { blue: "normal", red: "normal" }, 5_000).record.state as BattleState;
    const ours = playBattleshift(createBattleshiftGame(battleshiftPlan(input), kept.seed), kept.seed).state;
    expect(replay.outcome).toEqual(ours.outcome);
    expect(canonicalJson(replay)).toBe(canonicalJson(ours));
  });
  it("a station with no ship to defend it fights alone (as a slow ship), and is destroyed or not", () => {
    const input = battle(
      [],
      ships("sathar", [
        ["HC", 1],
        ["FF", 3],
      ]),
      { stations: [station("st-pa", "armed")] },
    );
    const r = battleshiftResolver.resolve(input, Rng.fromSeed(3));
    expect(r.stations["st-pa"]).toBeDefined();
    expect(typeof r.stations["st-pa"]?.destroyed).toBe("boolean");
    expect(r.lines.length).toBeGreaterThan(3);
  });
  it("a side that brings nothing: no Battleshift battle, the other side holds the field", () => {
    const r = battleshiftResolver.resolve(battle([], ships("sathar", [["FF", 2]])), Rng.fromSeed(1));
    expect(r.holder).toBe("sathar");
    expect(r.battleshift).toBeUndefined();
    expect(r.ships["sathar-FF1"]?.fate).toBe("fought");
  });
  it("reports the battle in a few lines, naming the seed and how to replay it", () => {
    const r = battleshiftResolver.resolve(twentyAside(), Rng.fromSeed(1));
    const text = r.lines.map((l) => l.text).join("\n");
    expect(text).toMatch(/Fought out in Battleshift \(seed \d+/);
    expect(text).toMatch(/UPF: 20 ships: \d+ destroyed/);
    expect(text).toMatch(/Replay: starhost new battleshift/);
  });
  it("statistical: the larger force fares better: 20 ships against 10, in at least 8 of 10 seeded battles it loses the smaller share of its ships", () => {
    let better = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const big = ships("sathar", LINE);
      const small = ships("upf", LINE).filter((_, i) => i % 2 === 0);
      const r = battleshiftResolver.resolve(battle(small, big), Rng.fromSeed(seed));
      const share = (side: Side) => {
        const mine = r.ships ? Object.entries(r.ships).filter(([id]) => id.startsWith(`${side}-`)) : [];
        return mine.filter(([, o]) => o.fate === "destroyed").length / mine.length;
      };
      if (share("sathar") < share("upf")) better++;
    }
    console.log(`20 against 10: the larger force lost the smaller share in ${better} of 10 battles`);
    expect(better).toBeGreaterThanOrEqual(8);
  });
  it("statistical: even fleets fight evenly: over 10 seeded battles of the same 20 ships a side, each side's total losses within 40% of the other's", () => {
    const lost: Record<Side, number> = { upf: 0, sathar: 0 };
    for (let seed = 101; seed <= 110; seed++) {
      const r = battleshiftResolver.resolve(twentyAside(), Rng.fromSeed(seed));
      for (const [id, o] of Object.entries(r.ships)) if (o.fate === "destroyed") lost[id.startsWith("upf-") ? "upf" : "sathar"]++;
    }
    console.log(`even fleets, 10 battles: UPF (blue) lost ${lost.upf} ships, the Sathar (red) ${lost.sathar}`);
    expect(Math.abs(lost.upf - lost.sathar)).toBeLessThanOrEqual(0.4 * Math.max(lost.upf, lost.sathar));
  });
  it("timing: a 20 against 20 battle, measured (printed, not asserted)", () => {
    const times: number[] = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const t = performance.now();
      battleshiftResolver.resolve(twentyAside({ nearPlanet: true, stations: [station("st-gq", "fortified")] }), Rng.fromSeed(seed));
      times.push(performance.now() - t);
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `Battleshift battle, 20 against 20 (with a planet and a station): ${times.map((t) => t.toFixed(0)).join(", ")} ms; mean ${mean.toFixed(0)} ms`,
    );
  });
});
