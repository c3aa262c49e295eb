/**
 * Seed 000 "SPECIAL COMBAT RULES": "Declaring Combat", "Which Rules To Use?", "Breaking Off Combat" (the map side),
 * and the battles' results on the Frontier Deployment Map. Battles are fought by a scripted resolver that returns
 * the result a test gives it: these rules never know how a battle was fought (battles/battle.ts).
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { BattleInput, BattleResolver, BattleResult, ShipOutcome, StationOutcome } from "../../src/rules/sathar-war/battles/battle.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import type { Order } from "../../src/rules/sathar-war/orders.js";
import { createCampaign, seatsFor } from "../../src/rules/sathar-war/setting-up/create.js";
import {
  applyBattle,
  attacksFor,
  canAttack,
  checkAttacks,
  declareAttacks,
  fightAttacks,
  strandFighters,
  suggestedRules,
} from "../../src/rules/sathar-war/special-combat/index.js";

/** A campaign on day 3 with only the ships named on the map (the rest in reserve or off the map); stations as at the start. */
function campaign(onMap: Record<string, [system: string, planet: string, docked?: boolean]>, upfSeats: 1 | 2 | 3 = 1): SatharWarState {
  const s = createCampaign({}, seatsFor(upfSeats));
  s.day = 3;
  s.phase = "sathar-attack";
  for (const ship of Object.values(s.ships)) {
    if (ship.cls === "FT") continue;
    ship.location = ship.side === "sathar" ? { kind: "reserve" } : { kind: "offmap" };
  }
  // Fighters based at stations are taken off too (the non-attached ones start at Fortress Gollwin); those aboard a carrier follow it.
  for (const ship of Object.values(s.ships))
    if (ship.cls === "FT" && ship.location.kind === "aboard" && ship.location.station !== undefined) ship.location = { kind: "offmap" };
  for (const [id, [system, planet, docked]] of Object.entries(onMap)) {
    const ship = s.ships[id];
    if (!ship) throw new Error(`no ship ${id}`);
    ship.location = { kind: "system", system, planet, ...(docked ? { docked } : {}) };
  }
  return s;
}

const attack = (system: string, planet?: string, ships?: string[]): Order => ({
  type: "attack",
  system,
  ...(planet !== undefined ? { planet } : {}),
  ...(ships !== undefined ? { ships } : {}),
});

/** A resolver that returns the outcomes given (by ship or station id); every other ship "fought", unchanged. */
function scripted(
  ships: Record<string, Partial<ShipOutcome>> = {},
  stations: Record<string, Partial<StationOutcome>> = {},
  extra: Partial<BattleResult> = {},
): BattleResolver & { inputs: BattleInput[] } {
  const inputs: BattleInput[] = [];
  return {
    id: "table",
    inputs,
    resolve(input: BattleInput): BattleResult {
      inputs.push(input);
      return {
        ships: Object.fromEntries(
          input.ships.map((s) => [s.id, { fate: "fought", damage: s.damage, spent: s.spent, ...ships[s.id] } satisfies ShipOutcome]),
        ),
        stations: Object.fromEntries(
          input.stations.map((s) => [
            s.id,
            { destroyed: false, damage: s.damage, spent: s.spent, ...stations[s.id] } satisfies StationOutcome,
          ]),
        ),
        rounds: 3,
        holder: null,
        lines: [{ round: 1, text: "S-DD01 fires at TFP-FF1", rolls: [42, 7] }],
        ...extra,
      };
    },
  };
}

const rng = () => Rng.fromSeed(12);

describe('seed 000 "Declaring Combat"', () => {
  it('"If there are two planets in a system that is being attacked, one of the planets must be announced as the target"', () => {
    const s = campaign({ "S-DD01": ["prenglar", "gran-quivera"], "TFP-FF1": ["prenglar", "morgaines-world"] });
    const d = declareAttacks(s, "sathar", { sathar: [attack("prenglar")] });
    expect(d.battles).toEqual([]);
    expect(d.problems.sathar?.map((p) => p.code)).toEqual(["planet-required"]);
    expect(d.problems.sathar?.[0]?.order).toBe("#1 attack prenglar");
    const named = declareAttacks(s, "sathar", { sathar: [attack("prenglar", "morgaines-world")] });
    expect(named.battles.map((b) => [b.id, b.planet])).toEqual([["d3-prenglar-sathar", "morgaines-world"]]);
  });

  it("a one-planet system needs no planet named; a planet not in the system is refused", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"] });
    expect(declareAttacks(s, "sathar", { sathar: [attack("araks")] }).battles[0]?.planet).toBe("hentz");
    expect(declareAttacks(s, "sathar", { sathar: [attack("araks", "triad")] }).problems.sathar?.[0]?.code).toBe("unknown-planet");
    expect(declareAttacks(s, "sathar", { sathar: [attack("nowhere")] }).problems.sathar?.[0]?.code).toBe("unknown-system");
  });

  it('"Only one planet can be attacked by a specific ship or fleet per day"', () => {
    const s = campaign({
      "S-DD01": ["prenglar", "gran-quivera"],
      "S-DD02": ["prenglar", "gran-quivera"],
      "TFP-FF1": ["prenglar", "morgaines-world"],
    });
    const twice = declareAttacks(s, "sathar", {
      sathar: [attack("prenglar", "gran-quivera", ["S-DD01"]), attack("prenglar", "gran-quivera", ["S-DD01", "S-DD02"])],
    });
    expect(twice.problems.sathar?.map((p) => [p.order, p.code])).toEqual([["#2 attack prenglar at gran-quivera", "one-planet-a-day"]]);
    expect(twice.battles[0]?.ships.filter((b) => b.side === "sathar").map((b) => b.id)).toEqual(["S-DD01"]);
    const otherPlanet = declareAttacks(s, "sathar", {
      sathar: [attack("prenglar", "gran-quivera", ["S-DD01"]), attack("prenglar", "morgaines-world", ["S-DD02"])],
    });
    expect(otherPlanet.problems.sathar?.map((p) => p.code)).toEqual(["one-planet-per-system"]);
    expect(otherPlanet.battles).toHaveLength(1);
  });

  it('"The UPF player may not attack Sathar ships that have already attacked UPF or militia ships" (C.2 #41: this day)', () => {
    const s = campaign({ "S-DD01": ["cassidine", "triad"], "S-DD02": ["cassidine", "triad"], "TFC-BB1": ["cassidine", "triad"] });
    s.phase = "upf-attack";
    s.today.attacked = ["S-DD01", "S-DD02"];
    const all = declareAttacks(s, "upf", { upf: [attack("cassidine", "triad")] });
    expect(all.battles).toEqual([]);
    expect(all.problems.upf?.[0]?.code).toBe("enemy-attacked-today");
    s.today.attacked = ["S-DD01"];
    const some = declareAttacks(s, "upf", { upf: [attack("cassidine", "triad")] });
    expect(some.battles[0]?.ships.map((b) => b.id).sort()).toEqual(["S-DD02", "TFC-BB1"]);
  });

  it("ships named must be the seat's own and in the system at the end of movement", () => {
    const s = campaign(
      { "S-DD01": ["prenglar", "gran-quivera"], "TFP-FF1": ["prenglar", "morgaines-world"], "TFC-FF1": ["cassidine", "triad"] },
      2,
    );
    s.phase = "upf-attack";
    const codes = (seat: string, ships: string[]) =>
      declareAttacks(s, "upf", { [seat]: [attack("prenglar", "gran-quivera", ships)] }).problems[seat]?.map((p) => p.code);
    // Two UPF seats: Task Force Cassidine is upf1's, Task Force Prenglar upf2's.
    expect(codes("upf1", ["TFP-FF1"])).toEqual(["not-your-ship"]);
    expect(codes("upf1", ["S-DD01"])).toEqual(["not-your-ship"]);
    expect(codes("upf1", ["TFC-FF1"])).toEqual(["not-in-system"]);
    expect(codes("upf2", ["NOPE-1"])).toEqual(["unknown-ship"]);
    expect(codes("upf2", ["TFP-FF1"])).toEqual([]);
    expect(declareAttacks(s, "upf", { sathar: [attack("prenglar", "gran-quivera")] }).problems.sathar?.[0]?.code).toBe(
      "not-your-attack-step",
    );
  });

  it("an attack needs an enemy in the system; the Sathar may attack stations alone, at the planet they orbit", () => {
    const s = campaign({ "S-DD01": ["fromeltar", "groth"], "S-DD02": ["zebulon", "volturnus"] });
    expect(declareAttacks(s, "sathar", { sathar: [attack("zebulon")] }).problems.sathar?.[0]?.code).toBe("no-enemy");
    const groth = declareAttacks(s, "sathar", { sathar: [attack("fromeltar", "groth")] });
    expect(groth.battles[0]?.stations.map((st) => st.id)).toEqual(["st-groth"]);
    s.stations["st-groth"]!.destroyedDay = 2;
    expect(declareAttacks(s, "sathar", { sathar: [attack("fromeltar", "groth")] }).problems.sathar?.[0]?.code).toBe("no-enemy-at-planet");
  });

  it("several UPF seats' attacks on one system become one battle", () => {
    const s = campaign(
      { "S-DD01": ["prenglar", "gran-quivera"], "TFC-FF1": ["prenglar", "morgaines-world"], "TFP-FF1": ["prenglar", "gran-quivera"] },
      2,
    );
    s.phase = "upf-attack";
    const d = declareAttacks(s, "upf", { upf1: [attack("prenglar", "gran-quivera")], upf2: [attack("prenglar", "gran-quivera")] });
    expect(d.problems).toEqual({ upf1: [], upf2: [] });
    expect(d.battles).toHaveLength(1);
    expect(d.battles[0]?.id).toBe("d3-prenglar-upf");
    expect(d.battles[0]?.ships.map((b) => b.id)).toEqual(["TFC-FF1", "TFP-FF1", "S-DD01"]);
    expect(d.battles[0]?.stations.map((st) => st.id)).toEqual(["st-gran-quivera"]);
  });

  it('"If either side\'s ships are based at two planets in a single star system, all of the ships may gather" (C.2 #9): defenders from both planets', () => {
    const s = campaign({
      "S-DD01": ["prenglar", "gran-quivera"],
      "TFP-FF1": ["prenglar", "morgaines-world"],
      "TFP-FF2": ["prenglar", "gran-quivera"],
    });
    const b = declareAttacks(s, "sathar", { sathar: [attack("prenglar", "gran-quivera")] }).battles[0];
    expect(b?.ships.map((x) => x.id)).toEqual(["S-DD01", "TFP-FF1", "TFP-FF2"]);
    // Fortress Gollwin orbits Morgaine's World: a station cannot move, so it is not in a battle at Gran Quivera.
    expect(b?.stations.map((x) => x.id)).toEqual(["st-gran-quivera"]);
  });

  it("fighters fight from a carrier or a station: a carrier brings its fighters; a loose fighter cannot attack", () => {
    const s = campaign({ "S-AC1": ["kaken-kar", "kenzah-kit"] });
    const b = declareAttacks(s, "sathar", { sathar: [attack("kaken-kar", undefined, ["S-AC1"])] }).battles[0];
    const fighters = b?.ships.filter((x) => x.cls === "FT") ?? [];
    expect(fighters).toHaveLength(8);
    expect(fighters.every((f) => f.aboard === "S-AC1")).toBe(true);
    s.ships["S-FT01"]!.location = { kind: "system", system: "kaken-kar", planet: "kenzah-kit" };
    const loose = declareAttacks(s, "sathar", { sathar: [attack("kaken-kar", undefined, ["S-FT01"])] });
    expect(loose.problems.sathar?.[0]?.code).toBe("fighter-not-based");
  });

  it('militia in their home system are flagged: "must make at least one attack ... before breaking off combat"', () => {
    const s = campaign({
      "S-DD01": ["truanes-star", "pale"],
      "M-PAL-AS1": ["truanes-star", "pale", true],
      "M-GOL-AS1": ["truanes-star", "pale"],
      "TFP-FF1": ["truanes-star", "new-pale"],
    });
    const b = declareAttacks(s, "sathar", { sathar: [attack("truanes-star", "pale")] }).battles[0]!;
    const flag = (id: string) => b.ships.find((x) => x.id === id)?.mustFireBeforeBreakOff ?? false;
    expect([flag("M-PAL-AS1"), flag("M-GOL-AS1"), flag("TFP-FF1"), flag("S-DD01")]).toEqual([true, false, false, false]);
    expect(b.ships.find((x) => x.id === "M-PAL-AS1")?.docked).toBe("st-pale");
  });

  it("the defender's stance chooses the planet option; each side's stance its break-off policy", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "M-HEN-FF1": ["araks", "hentz"] });
    s.stances.upf = { ...s.stances.upf!, nearPlanet: false, breakOffAtHullLost: 0.8 };
    s.stances.sathar = { ...s.stances.sathar!, nearPlanet: true, breakOffOutgunned: 0 };
    const b = declareAttacks(s, "sathar", { sathar: [attack("araks")] }).battles[0]!;
    expect(b.nearPlanet).toBe(false);
    expect(b.breakOff).toEqual({ sathar: { hullLost: 0.5, outgunned: 0 }, upf: { hullLost: 0.8, outgunned: 3 } });
  });

  it("a defending minelayer lays what the UPF set aside, or all it has left; only the UPF is told", () => {
    const s = campaign({ "S-DD01": ["prenglar", "morgaines-world"], "TFP-ML1": ["prenglar", "morgaines-world"] });
    s.ships["TFP-ML1"]!.spent = { M: 5 };
    const all = declareAttacks(s, "sathar", { sathar: [attack("prenglar", "morgaines-world")] });
    expect(all.battles[0]?.mines).toEqual({ mines: 15, seekers: 4 });
    const told = all.events.find((e) => e.kind === "mines");
    expect(told?.to).toEqual(["upf"]);
    s.mines.prenglar = { minelayer: "TFP-ML1", mines: 8, seekers: 1 };
    expect(declareAttacks(s, "sathar", { sathar: [attack("prenglar", "morgaines-world")] }).battles[0]?.mines).toEqual({
      mines: 8,
      seekers: 1,
    });
  });

  it("a bad declaration changes nothing else: the good orders make the same battles, the state is untouched", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "S-DD02": ["prenglar", "gran-quivera"], "TFP-FF1": ["prenglar", "gran-quivera"] });
    const before = JSON.stringify(s);
    const good = declareAttacks(s, "sathar", { sathar: [attack("araks")] });
    const mixed = declareAttacks(s, "sathar", {
      sathar: [attack("prenglar"), attack("araks"), attack("prenglar", "gran-quivera", ["S-DD01", "S-DD02"]), attack("nowhere")],
    });
    expect(mixed.battles).toEqual(good.battles);
    expect(mixed.problems.sathar?.map((p) => p.code)).toEqual(["planet-required", "not-in-system", "unknown-system"]);
    expect(JSON.stringify(s)).toBe(before);
    const fought = fightAttacks(s, "sathar", { sathar: [attack("prenglar"), attack("nowhere")] }, scripted(), rng());
    expect(JSON.stringify(fought.state)).toBe(before);
    expect(fought.events).toEqual([]);
  });
});

describe('seed 000 "Which Rules To Use?"', () => {
  it("2 to 4: Advanced, average NPC skills; 5 to 14: Advanced, no skill modifiers; more than 14: Basic", () => {
    expect([2, 3, 4].map(suggestedRules)).toEqual(["advanced-skilled", "advanced-skilled", "advanced-skilled"]);
    expect([5, 9, 14].map(suggestedRules)).toEqual(["advanced", "advanced", "advanced"]);
    expect([15, 40, 120].map(suggestedRules)).toEqual(["basic", "basic", "basic"]);
  });

  it("ships in battle count both sides, fighters and stations (C.2 #28)", () => {
    // Araks: Hentz's fortified station. One destroyer against it: 2 in the battle.
    const s = campaign({ "S-DD01": ["araks", "hentz"] });
    expect(declareAttacks(s, "sathar", { sathar: [attack("araks")] }).battles[0]?.rules).toBe("advanced-skilled");
    // A carrier and its eight fighters, the destroyer and the station: 11.
    s.ships["S-AC1"]!.location = { kind: "system", system: "araks", planet: "hentz" };
    expect(declareAttacks(s, "sathar", { sathar: [attack("araks")] }).battles[0]?.rules).toBe("advanced");
    // Hentz's militia (three assault scouts, a frigate) and four more destroyers: 19.
    for (const id of ["M-HEN-AS1", "M-HEN-AS2", "M-HEN-AS3", "M-HEN-FF1"])
      s.ships[id]!.location = { kind: "system", system: "araks", planet: "hentz" };
    for (const id of ["S-DD02", "S-DD03", "S-DD04", "S-DD05"]) s.ships[id]!.location = { kind: "system", system: "araks", planet: "hentz" };
    const b = declareAttacks(s, "sathar", { sathar: [attack("araks")] }).battles[0]!;
    expect(b.ships.length + b.stations.length).toBe(19);
    expect(b.rules).toBe("basic");
  });
});

describe("battles' results on the map", () => {
  it("damage, expendables and destroyed ships are written back; each destroyed ship is a loss; the dice are kept in the record", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "S-DD02": ["araks", "hentz"], "M-HEN-FF1": ["araks", "hentz", true] });
    const r = fightAttacks(
      s,
      "sathar",
      { sathar: [attack("araks")] },
      scripted(
        { "S-DD01": { damage: { hull: 12, LC: 1 }, spent: { T: 2 }, stationOnly: ["LC"] }, "M-HEN-FF1": { fate: "destroyed" } },
        { "st-hentz": { damage: { hull: 30 }, spent: { ICM: 4 } } },
        { holder: "sathar" },
      ),
      rng(),
    );
    const t = r.state;
    expect(t.ships["S-DD01"]).toMatchObject({ damage: { hull: 12, LC: 1 }, spent: { T: 2 }, stationOnly: ["LC"] });
    expect(t.ships["M-HEN-FF1"]?.location).toEqual({ kind: "gone", how: "destroyed", day: 3 });
    expect(t.losses).toEqual([{ ship: "M-HEN-FF1", side: "upf", cls: "FF", militia: true, day: 3, how: "destroyed" }]);
    expect(t.stations["st-hentz"]).toMatchObject({ damage: { hull: 30 }, spent: { ICM: 4 } });
    expect(t.stations["st-hentz"]?.destroyedDay).toBeUndefined();
    expect(t.today.fought.sort()).toEqual(["M-HEN-FF1", "S-DD01", "S-DD02"]);
    expect(t.today.attacked.sort()).toEqual(["S-DD01", "S-DD02"]);
    expect(t.battles).toEqual([
      {
        id: "d3-araks-sathar",
        day: 3,
        system: "araks",
        planet: "hentz",
        attacker: "sathar",
        mode: "quick",
        ships: ["S-DD01", "S-DD02", "M-HEN-FF1"],
        stations: ["st-hentz"],
        report: ["round 1: S-DD01 fires at TFP-FF1 [dice: 42 7]"],
      },
    ]);
    expect(r.events.map((e) => e.kind)).toEqual(["attack-declared", "battle", "destroyed"]);
    // The input is not changed.
    expect(s.ships["M-HEN-FF1"]?.location.kind).toBe("system");
  });

  it("a destroyed station keeps the day it fell; ships docked at it are undocked", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "M-HEN-AS1": ["araks", "hentz", true] });
    const r = fightAttacks(s, "sathar", { sathar: [attack("araks")] }, scripted({}, { "st-hentz": { destroyed: true } }), rng());
    expect(r.state.stations["st-hentz"]?.destroyedDay).toBe(3);
    expect(r.state.ships["M-HEN-AS1"]?.location).toEqual({ kind: "system", system: "araks", planet: "hentz" });
    expect(r.events.some((e) => e.kind === "station-destroyed" && e.text.includes("Hentz"))).toBe(true);
    // Stations are not ships: no loss.
    expect(r.state.losses).toEqual([]);
  });

  it('a detonated shatter drone is gone but "not counted as a destroyed ship for victory conditions"', () => {
    const s = campaign({ "S-FF1": ["araks", "hentz"], "S-DD01": ["araks", "hentz"], "M-HEN-FF1": ["araks", "hentz"] });
    s.settings.shatterDrones = true;
    s.ships["S-FF1"]!.drone = true;
    const resolver = scripted({ "S-FF1": { fate: "detonated" }, "M-HEN-FF1": { fate: "destroyed" } });
    const r = fightAttacks(s, "sathar", { sathar: [attack("araks")] }, resolver, rng());
    expect(resolver.inputs[0]?.ships.find((x) => x.id === "S-FF1")?.drone).toBe(true);
    expect(resolver.inputs[0]?.detonateDrones).toEqual({ sathar: true, upf: true });
    expect(r.state.ships["S-FF1"]?.location).toEqual({ kind: "gone", how: "detonated", day: 3 });
    expect(r.state.losses.map((l) => l.ship)).toEqual(["M-HEN-FF1"]);
  });

  it("the victorious ships are placed at the battle's planet, those that gathered from the other planet too", () => {
    const s = campaign({ "S-DD01": ["prenglar", "gran-quivera"], "TFP-FF1": ["prenglar", "morgaines-world"] });
    const r = fightAttacks(
      s,
      "sathar",
      { sathar: [attack("prenglar", "gran-quivera")] },
      scripted({ "S-DD01": { fate: "destroyed" } }, {}, { holder: "upf" }),
      rng(),
    );
    expect(r.state.ships["TFP-FF1"]?.location).toEqual({ kind: "system", system: "prenglar", planet: "gran-quivera" });
  });

  it("the Sathar fight their battles in the order they declared them", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "S-DD02": ["kaken-kar", "kenzah-kit"] });
    const resolver = scripted();
    fightAttacks(s, "sathar", { sathar: [attack("kaken-kar"), attack("araks")] }, resolver, rng());
    expect(resolver.inputs.map((i) => i.id)).toEqual(["d3-kaken-kar-sathar", "d3-araks-sathar"]);
  });

  it("same state, orders and resolver: byte-identical results", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "S-AC1": ["araks", "hentz"], "M-HEN-FF1": ["araks", "hentz"] });
    const run = () =>
      JSON.stringify(fightAttacks(s, "sathar", { sathar: [attack("araks")] }, scripted({ "S-DD01": { fate: "escaped" } }), rng()));
    const before = JSON.stringify(s);
    expect(run()).toBe(run());
    // The step's input is not changed (the new state shares only what battles never write: map, settings, seats).
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('seed 000 "Breaking Off Combat": where the escapers go', () => {
  it('"placed in a transit box adjacent to the star system": the first box of the route toward the nearest friendly station, heading away at one box a day', () => {
    const s = campaign({ "S-DD01": ["prenglar", "gran-quivera"], "TFP-FF1": ["prenglar", "gran-quivera"] });
    const r = fightAttacks(
      s,
      "sathar",
      { sathar: [attack("prenglar", "gran-quivera")] },
      scripted({ "TFP-FF1": { fate: "escaped" } }, {}, { holder: "sathar" }),
      rng(),
    );
    // From Prenglar the nearest other system with a UPF station is Cassidine (7 boxes): box 1 of prenglar~cassidine.
    expect(r.state.ships["TFP-FF1"]?.location).toEqual({
      kind: "transit",
      route: "prenglar~cassidine",
      box: 1,
      toward: "cassidine",
      rate: 1,
      jumped: false,
    });
    expect(r.state.ships["S-DD01"]?.location).toEqual({ kind: "system", system: "prenglar", planet: "gran-quivera" });
    expect(r.events.find((e) => e.kind === "escaped")?.ships).toEqual(["TFP-FF1"]);
  });

  it("the fleeing seat's stance may name the way out; the Sathar flee toward a start circle (its red box, outbound)", () => {
    const s = campaign({ "S-DD01": ["prenglar", "gran-quivera"], "TFP-FF1": ["prenglar", "gran-quivera"] });
    s.stances.upf = { ...s.stances.upf!, escapeToward: "timeon" };
    const both = scripted({ "TFP-FF1": { fate: "escaped" }, "S-DD01": { fate: "escaped" } });
    const r = fightAttacks(s, "sathar", { sathar: [attack("prenglar", "gran-quivera")] }, both, rng());
    const route = s.map.routes.find((x) => x.id === "prenglar~timeon")!;
    expect(r.state.ships["TFP-FF1"]?.location).toMatchObject({
      kind: "transit",
      route: "prenglar~timeon",
      box: 1,
      toward: "timeon",
      rate: 1,
    });
    expect(route.a).toBe("prenglar");
    const circle = s.map.circles.find((c) => c.system === "prenglar")!;
    expect(r.state.ships["S-DD01"]?.location).toEqual({ kind: "red", circle: circle.id, box: circle.redBoxes, outbound: true });
  });

  it('fighters "cannot enter a transit box unless they are being carried aboard an assault carrier"', () => {
    const s = campaign({ "S-AC1": ["araks", "hentz"], "S-AC2": ["araks", "hentz"], "M-HEN-FF1": ["araks", "hentz"] });
    // S-AC1's fighters S-FT01..08 and S-AC2's S-FT09..16. S-AC1 escapes with its fighters; S-AC2 is destroyed.
    const outcomes: Record<string, Partial<ShipOutcome>> = { "S-AC1": { fate: "escaped" }, "S-AC2": { fate: "destroyed" } };
    for (let i = 1; i <= 16; i++) outcomes[`S-FT${String(i).padStart(2, "0")}`] = { fate: i <= 8 || i === 9 ? "escaped" : "fought" };
    const r = fightAttacks(s, "sathar", { sathar: [attack("araks")] }, scripted(outcomes), rng());
    const t = r.state;
    expect(t.ships["S-AC1"]?.location.kind).toBe("transit");
    expect(t.ships["S-FT01"]?.location).toEqual({ kind: "aboard", carrier: "S-AC1" });
    // S-FT09 broke off but S-AC1 is full (eight): it stays in the starburst with the others, to be lost at the day's end.
    expect(t.ships["S-FT09"]?.location).toEqual({ kind: "system", system: "araks", planet: "hentz" });
    expect(t.ships["S-FT12"]?.location).toEqual({ kind: "system", system: "araks", planet: "hentz" });
    expect(t.losses.map((l) => l.ship)).toEqual(["S-AC2"]);
    const end = strandFighters(t);
    expect(end.state.losses.filter((l) => l.how === "stranded").map((l) => l.ship)).toEqual([
      "S-FT09",
      "S-FT10",
      "S-FT11",
      "S-FT12",
      "S-FT13",
      "S-FT14",
      "S-FT15",
      "S-FT16",
    ]);
    expect(end.state.ships["S-FT01"]?.location).toEqual({ kind: "aboard", carrier: "S-AC1" });
  });

  it("a UPF fighter whose carrier is destroyed lands on a standing station at the battle's planet", () => {
    const s = campaign({ "S-DD01": ["cassidine", "triad"], "TFC-AC1": ["cassidine", "triad"] });
    const r = fightAttacks(s, "sathar", { sathar: [attack("cassidine", "triad")] }, scripted({ "TFC-AC1": { fate: "destroyed" } }), rng());
    expect(r.state.ships["TFC-FT1"]?.location).toEqual({ kind: "aboard", station: "st-triad" });
    expect(strandFighters(r.state).state.losses.map((l) => l.ship)).toEqual(["TFC-AC1"]);
  });
});

describe("seed 000: \"Fighters not aboard a carrier or station when the 'Day' marker is advanced are destroyed automatically\"", () => {
  it("loose fighters and fighters of a destroyed station are lost, each a loss; those aboard are kept; the reserve is left alone", () => {
    const s = campaign({ "TFC-AC1": ["cassidine", "triad"] });
    s.ships["NA-FT1"]!.location = { kind: "system", system: "prenglar", planet: "gran-quivera" };
    s.ships["NA-FT2"]!.location = { kind: "aboard", station: "st-gran-quivera" };
    s.ships["NA-FT3"]!.location = { kind: "aboard", station: "st-hentz" };
    s.stations["st-hentz"]!.destroyedDay = 3;
    const before = JSON.stringify(s);
    const r = strandFighters(s);
    expect(r.state.losses.map((l) => [l.ship, l.how])).toEqual([
      ["NA-FT1", "stranded"],
      ["NA-FT3", "stranded"],
    ]);
    expect(r.state.ships["NA-FT1"]?.location).toEqual({ kind: "gone", how: "stranded", day: 3 });
    expect(r.state.ships["NA-FT2"]?.location.kind).toBe("aboard");
    expect(r.state.ships["TFC-FT1"]?.location).toEqual({ kind: "aboard", carrier: "TFC-AC1" });
    expect(r.state.ships["S-FT01"]?.location).toEqual({ kind: "aboard", carrier: "S-AC1" });
    expect(r.events.map((e) => e.kind)).toEqual(["stranded"]);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe("attack menus and checks", () => {
  it("attacksFor lists the systems that can be attacked now, what would be in the battle and the suggested rules", () => {
    const s = campaign({
      "S-DD01": ["araks", "hentz"],
      "S-DD02": ["prenglar", "gran-quivera"],
      "TFP-FF1": ["prenglar", "morgaines-world"],
    });
    const [option] = attacksFor(s, "sathar");
    expect(option?.type).toBe("attack");
    const system = option?.fields.system;
    expect(system?.kind === "choice" ? system.values.map((v) => v.value) : []).toEqual(["prenglar", "araks"]);
    expect(system?.kind === "choice" ? system.values[1]?.label : "").toContain("Advanced Rules; average NPC skills");
    // Not the UPF's attack step: nothing to offer it.
    expect(attacksFor(s, "upf")).toEqual([]);
    s.phase = "upf-attack";
    expect(attacksFor(s, "upf")[0]?.fields.system).toMatchObject({ values: [{ value: "prenglar" }] });
  });

  it("canAttack: whether a side has anything to attack now (the step is passed over otherwise)", () => {
    const s = campaign({ "S-DD01": ["zebulon", "volturnus"], "TFP-FF1": ["cassidine", "triad"] });
    expect([canAttack(s, "sathar"), canAttack(s, "upf")]).toEqual([false, false]);
    s.ships["S-DD01"]!.location = { kind: "system", system: "cassidine", planet: "ruperts-hole" };
    expect([canAttack(s, "sathar"), canAttack(s, "upf")]).toEqual([true, true]);
    s.today.attacked = ["S-DD01"];
    expect(canAttack(s, "upf")).toBe(false);
  });

  it("checkAttacks says what each attack makes, or why it is refused", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"] });
    const lines = checkAttacks(s, "sathar", [attack("araks"), attack("prenglar")]);
    expect(lines.map((l) => [l.order, l.ok])).toEqual([
      ["#1 attack araks", true],
      ["#2 attack prenglar", false],
    ]);
    expect(lines[0]?.text).toContain("Advanced Rules; average NPC skills");
    expect(lines[1]?.text).toContain("planet-required");
  });
});

describe("applyBattle on its own", () => {
  it('fires burn out with the battle (RULINGS "Fires burn out with the battle"): the DCR a disastrous fire halved stays, the fire does not', () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "M-HEN-FF1": ["araks", "hentz"] });
    const fire = { hull: 12, "electrical-fire": 2, "disastrous-fire": 1, DCR: 10, LB: 1 };
    const r = fightAttacks(
      s,
      "sathar",
      { sathar: [attack("araks")] },
      scripted(
        { "M-HEN-FF1": { damage: fire, stationOnly: ["electrical-fire", "LB"] } },
        { "st-hentz": { damage: { hull: 30, "disastrous-fire": 3, DCR: 40 } } },
      ),
      rng(),
    );
    expect(r.state.ships["M-HEN-FF1"]?.damage).toEqual({ hull: 12, DCR: 10, LB: 1 });
    expect(r.state.ships["M-HEN-FF1"]?.stationOnly).toEqual(["LB"]);
    expect(r.state.stations["st-hentz"]?.damage).toEqual({ hull: 30, DCR: 40 });
  });

  it("ignores outcomes for ships that were not in the battle", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"] });
    const input = declareAttacks(s, "sathar", { sathar: [attack("araks")] }).battles[0]!;
    const result = scripted().resolve(input, rng());
    result.ships["TFP-BB1"] = { fate: "destroyed", damage: {}, spent: {} };
    const t = applyBattle(s, input, result).state;
    expect(t.ships["TFP-BB1"]?.location).toEqual(s.ships["TFP-BB1"]?.location);
    expect(t.losses).toEqual([]);
  });
});

describe('seed 000 "Breaking Off Combat": "Militia ships in their home system must make at least one attack ... before breaking off"', () => {
  it("a home militia ship that had not fired stays in the system; one that fired escapes; militia away from home may flee at once", () => {
    const s = campaign({
      "S-DD01": ["araks", "hentz"],
      "M-HEN-AS1": ["araks", "hentz"],
      "M-HEN-AS2": ["araks", "hentz"],
      "M-GOL-AS1": ["araks", "hentz"],
    });
    const r = fightAttacks(
      s,
      "sathar",
      { sathar: [attack("araks")] },
      scripted({
        "M-HEN-AS1": { fate: "escaped", fired: false },
        "M-HEN-AS2": { fate: "escaped", fired: true },
        "M-GOL-AS1": { fate: "escaped" },
      }),
      rng(),
    );
    expect(r.state.ships["M-HEN-AS1"]?.location).toEqual({ kind: "system", system: "araks", planet: "hentz" });
    expect(r.state.ships["M-HEN-AS2"]?.location.kind).toBe("transit");
    expect(r.state.ships["M-GOL-AS1"]?.location.kind).toBe("transit");
    expect(r.events.find((e) => e.kind === "note")?.ships).toEqual(["M-HEN-AS1"]);
  });

  it("only a shatter drone detonates: a resolver saying so of another ship has it destroyed (a loss)", () => {
    const s = campaign({ "S-DD01": ["araks", "hentz"], "M-HEN-FF1": ["araks", "hentz"] });
    const r = fightAttacks(s, "sathar", { sathar: [attack("araks")] }, scripted({ "S-DD01": { fate: "detonated" } }), rng());
    expect(r.state.ships["S-DD01"]?.location).toEqual({ kind: "gone", how: "destroyed", day: 3 });
    expect(r.state.losses.map((l) => l.ship)).toEqual(["S-DD01"]);
  });
});

describe("stations in battles", () => {
  it("when the UPF attacks at a planet, its station and the fighters based there fight too, whichever seat commands them", () => {
    const s = campaign({ "S-DD01": ["prenglar", "gran-quivera"], "TFP-FF1": ["prenglar", "gran-quivera"] }, 2);
    s.phase = "upf-attack";
    s.ships["NA-FT1"]!.location = { kind: "aboard", station: "st-gran-quivera" };
    const b = declareAttacks(s, "upf", { upf2: [attack("prenglar", "gran-quivera", ["TFP-FF1"])] }).battles[0]!;
    expect(b.stations.map((st) => st.id)).toEqual(["st-gran-quivera"]);
    expect(b.ships.map((x) => [x.id, x.side])).toEqual([
      ["TFP-FF1", "upf"],
      ["NA-FT1", "upf"],
      ["S-DD01", "sathar"],
    ]);
    expect(s.ships["NA-FT1"]?.seat).toBe("upf1");
  });
});

describe("fighters launched from a carrier that stays out of the battle", () => {
  it("return to it afterwards", () => {
    const s = campaign({ "S-AC1": ["araks", "hentz"], "S-DD01": ["araks", "hentz"] });
    const resolver = scripted({ "S-FT02": { fate: "escaped" } });
    const r = fightAttacks(s, "sathar", { sathar: [attack("araks", undefined, ["S-DD01", "S-FT01", "S-FT02"])] }, resolver, rng());
    expect(resolver.inputs[0]?.ships.map((x) => x.id)).toEqual(["S-DD01", "S-FT01", "S-FT02"]);
    expect(r.state.ships["S-FT01"]?.location).toEqual({ kind: "aboard", carrier: "S-AC1" });
    expect(r.state.ships["S-FT02"]?.location).toEqual({ kind: "aboard", carrier: "S-AC1" });
    expect(r.state.today.attacked.sort()).toEqual(["S-DD01", "S-FT01", "S-FT02"]);
  });
});
