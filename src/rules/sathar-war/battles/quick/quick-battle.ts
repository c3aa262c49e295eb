/**
 * The quick battle (issue 12 "Battles", way 1): a battle of the Second Sathar War auto-resolved with the Knight Hawks
 * figures and tables, by an abstract model of rounds and range bands instead of the boardgame's hex map. The model is
 * set out in RULINGS.md "Battles"; in short:
 *
 * - A round is one Knight Hawks turn. Round 1 is the approach: the attacker enters from the map's edge (seed 000
 *   "Declaring Combat") and only the beam weapons reach (6 hexes, range diffusion -30%). From round 2 the fleets are
 *   at close range (2 hexes, -10%): every weapon fires. Before round 2's fire the defender's mines and seekers attack
 *   the incoming ships (`declaring-combat.ts`) and shatter drones detonate (`shatter-drones.ts`).
 * - Each round the attacker's units fire, then the defender's, every unit that was fighting at the round's start
 *   (`combat.ts` `volley`); damage takes effect at once.
 * - After each round each side looks at its break-off policy (`breaking-off.ts`).
 * - The battle ends when a side has nothing left fighting, when a round passes with no shot fired, or after 20
 *   rounds. The holder of the field is the side with units left in the system while the other has none.
 * - After it, damage control (`repair.ts`).
 *
 * Pure: the input is not changed; the same input and generator give the same result. With `report: false` (the odds
 * tool's thousands of runs) no text is built and no die is kept.
 */
import type { Rng } from "../../../../core/rng.js";
import type { Side } from "../../model.js";
import type { BattleInput, BattleResolver, BattleResult, ShipOutcome, StationOutcome } from "../battle.js";
import { leave, policySaysBreakOff } from "./breaking-off.js";
import { APPROACH, CLOSE, volley } from "./combat.js";
import { minesAndSeekers } from "./declaring-combat.js";
import { damageControlAfterBattle } from "./repair.js";
import { detonateDrones } from "./shatter-drones.js";
import {
  cloneUnits,
  DESTROYED,
  DETONATED,
  destroyedNow,
  ESCAPED,
  type Fight,
  fighting,
  IN_BATTLE,
  line,
  other,
  settle,
  sideHp,
  type Unit,
  unitsOf,
} from "./units.js";

/** Rounds after which a battle ends with both sides still there (neither holds the field). */
export const MAX_ROUNDS = 20;

export interface QuickOptions {
  /** Write the report lines with their dice (default true). */
  report?: boolean;
  /** Make the post-battle damage control rolls (default true; the odds tool, which does not need them, skips them). */
  repair?: boolean;
  /** The input's units as `unitsOf(input)` built them, to fight from a copy instead of building them again. */
  units?: readonly Unit[];
}

/** A fought battle's units, for the odds tool's figures without building a `BattleResult`. */
export interface Fought {
  fight: Fight;
  holder: Side | null;
  stationOnly: Record<string, string[]>;
}

/** A battle about to be fought: its units, each side's hull points at the start (for the break-off policy). */
export function startFight(input: BattleInput, rng: Rng, options: QuickOptions = {}): Fight {
  const f: Fight = {
    input,
    rng,
    advanced: input.rules !== "basic",
    units: options.units === undefined ? unitsOf(input) : cloneUnits(options.units),
    report: options.report !== false,
    lines: [],
    rolls: [],
    round: 0,
    brokeOff: { sathar: false, upf: false },
    startHp: { sathar: 0, upf: 0 },
    assigned: new Float64Array(0),
  };
  f.assigned = new Float64Array(f.units.length);
  f.startHp.sathar = sideHp(f, "sathar");
  f.startHp.upf = sideHp(f, "upf");
  return f;
}

/**
 * As the attacker closes (seed 000 "Declaring Combat": the defender's mines and seekers placed before the battle;
 * "SHATTER DRONES (Optional)"): the minefield and seekers attack the incoming ships, then each side's drones detonate,
 * the attacker's first. The quick battle does it at the start of round 2; a battle fought out in Battleshift before
 * the Battleshift battle (battleshift/before-the-battle.ts), with these very rules and dice.
 */
export function asTheFleetsClose(f: Fight): void {
  minesAndSeekers(f);
  detonateDrones(f, f.input.attacker);
  detonateDrones(f, other(f.input.attacker));
}

/** Fights one quick battle. */
export function fightQuick(input: BattleInput, rng: Rng, options: QuickOptions = {}): Fought {
  const f = startFight(input, rng, options);
  const attacker = input.attacker;
  const defender = other(attacker);
  if (f.report)
    line(
      f,
      `${attacker} attack at ${input.planet} (${input.system}), ${input.rules} rules, ${input.nearPlanet ? "near the planet" : "away from the planet"}`,
    );
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    f.round = round;
    const band = round === 1 ? APPROACH : CLOSE;
    releaseReserve(f);
    if (over(f)) break;
    raiseMaskingScreens(f);
    if (round === 2) {
      asTheFleetsClose(f);
      releaseReserve(f);
      if (over(f)) break;
    }
    let shots = 0;
    const shooters: Record<Side, Unit[]> = {
      sathar: f.units.filter((u) => fighting(u, "sathar")),
      upf: f.units.filter((u) => fighting(u, "upf")),
    };
    for (const side of [attacker, defender]) {
      const v = volley(
        f,
        shooters[side],
        f.units.filter((u) => fighting(u, other(side))),
        band,
      );
      shots += v.shots;
      if (f.report)
        if (f.report)
          line(f, `${side} fire at ${band.name} range: ${v.shots} shot(s), ${v.hits} hit(s), ${v.hull} hull point(s)${destroyedNow(f)}`);
    }
    releaseReserve(f);
    if (over(f)) break;
    for (const side of [attacker, defender]) {
      if (!f.brokeOff[side] && policySaysBreakOff(f, side)) {
        f.brokeOff[side] = true;
        if (f.report)
          line(
            f,
            `${side} break off (policy: ${f.input.breakOff[side].hullLost} of hull lost or outgunned ${f.input.breakOff[side].outgunned} to 1)`,
          );
      }
      if (f.brokeOff[side]) leave(f, side);
    }
    releaseReserve(f);
    if (over(f) || (shots === 0 && round > 1)) break;
  }
  const present = (side: Side) => f.units.some((u) => u.side === side && u.status === IN_BATTLE);
  const s = present("sathar");
  const u = present("upf");
  const holder: Side | null = s && !u ? "sathar" : u && !s ? "upf" : null;
  if (f.report) line(f, `after ${f.round} round(s): ${holder === null ? "neither side holds the field" : `the ${holder} hold the field`}`);
  // The odds tool needs neither the damage written out nor the repairs; a result needs the damage, repaired or not.
  if (options.repair !== false) settleAll(f);
  const stationOnly = options.repair === false ? {} : damageControlAfterBattle(f);
  return { fight: f, holder, stationOnly };
}

/** Fights one quick battle and reports it as the `BattleResolver` contract asks. */
export function resolveQuick(input: BattleInput, rng: Rng, options: QuickOptions = {}): BattleResult {
  const { fight: f, holder, stationOnly } = fightQuick(input, rng, options);
  if (options.repair === false) settleAll(f);
  const ships: Record<string, ShipOutcome> = {};
  const stations: Record<string, StationOutcome> = {};
  for (const u of f.units) {
    if (u.station) {
      stations[u.id] = { destroyed: u.status === DESTROYED, damage: clean(u.damage), spent: clean(u.spent) };
      continue;
    }
    const fate = u.status === DESTROYED ? "destroyed" : u.status === ESCAPED ? "escaped" : u.status === DETONATED ? "detonated" : "fought";
    const only = stationOnly[u.id];
    ships[u.id] = {
      fate,
      damage: clean(u.damage),
      spent: clean(u.spent),
      ...(only !== undefined ? { stationOnly: only } : {}),
      fired: u.fired,
    };
  }
  return { ships, stations, rounds: f.round, holder, lines: f.lines };
}

/** The quick resolver (id "quick"): `resolveQuick` with its report. */
export const quickResolver: BattleResolver = {
  id: "quick",
  resolve: (input, rng) => resolveQuick(input, rng),
};

export function clean<T extends Partial<Record<string, number>>>(d: T): T {
  const out: Partial<Record<string, number>> = {};
  for (const k of Object.keys(d).sort()) {
    const v = d[k];
    if (v !== undefined && v > 0) out[k] = v;
  }
  return out as T;
}

/** A side has nothing fighting (held-back stations count: they join when their ships are gone). */
function over(f: Fight): boolean {
  let s = false;
  let u = false;
  for (const x of f.units) {
    if (x.status !== IN_BATTLE) continue;
    if (x.side === "sathar") s = true;
    else u = true;
  }
  return !s || !u;
}

/** The UPF's stations and docked ships held back while its ships fought away from the planet join once those are gone. */
function releaseReserve(f: Fight): void {
  let reserve = false;
  for (const u of f.units) if (u.reserve && u.status === IN_BATTLE) reserve = true;
  if (!reserve) return;
  if (f.units.some((u) => u.side === "upf" && !u.reserve && u.status === IN_BATTLE)) return;
  for (const u of f.units) u.reserve = false;
  if (f.report) line(f, `the attackers reach ${f.input.planet}: its stations fight`);
}

/**
 * Masking screens (RULINGS.md "Battles: masking screens"): at the start of a round, a ship whose enemy has lasers
 * fighting raises a masking screen if it has a charge and the launcher works and the power is on; it spends a charge
 * each round (it moves out of its cloud). A station's screen, once raised, stays for the battle (it does not move).
 */
function raiseMaskingScreens(f: Fight): void {
  const lasers: Record<Side, boolean> = { sathar: false, upf: false };
  for (const u of f.units) if (fighting(u, u.side) && ((u.mounts[0] ?? 0) > 0 || (u.mounts[1] ?? 0) > 0)) lasers[u.side] = true;
  for (const u of f.units) {
    if (!fighting(u, u.side)) continue;
    if (u.station && u.msUp) continue;
    u.msUp = false;
    if (!lasers[other(u.side)] || !u.msWorks || u.powerShort || u.msLeft <= 0) continue;
    u.msLeft--;
    u.msUp = true;
  }
}

/** Writes what the battle did into every unit's `damage` and `spent`. */
export function settleAll(f: Fight): void {
  for (const x of f.units) settle(x);
}
