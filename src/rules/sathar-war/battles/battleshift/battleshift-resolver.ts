/**
 * Battles fought out in Battleshift (issue 12 "Battles", way 2): the two forces of a `BattleInput` become two
 * Battleshift fleet files (conversion.ts), the battle is played to its end by Battleshift's own bots exactly as
 * `starhost` plays a game with bots on both seats, and the result is mapped back to the Knight Hawks ships.
 *
 * Seed 000 "SPECIAL COMBAT RULES" leaves every battle to another game; what comes back is what the strategic game
 * needs (reference E.1): ships destroyed, damage, expendables spent, who escaped, stations destroyed. The Battleshift
 * game is kept (`BattleResult.battleshift`): its scenario inputs and seed replay it with
 * `starhost new battleshift --scenario default --fleet upf.json --fleet sathar.json --victory turns.json --seed N`
 * and bots on both sides (exactly so while no break-off rule stepped in). What Battleshift has no rule for is done
 * by the quick battle's own code: the mines, seekers and shatter drones before the battle (before-the-battle.ts), the
 * break-off policies and the militia's fire-first as the bots' orders are given (breaking-off.ts), and damage control
 * after it (seed 000 "REPAIR"). RULINGS.md "Battles" gives every reading taken here.
 */

import { err, ok, type Problem, type Result } from "../../../../core/result.js";
import type { Rng } from "../../../../core/rng.js";
import { stepRng } from "../../../../core/ruleset.js";
import type { BsEvent } from "../../../battleshift/events.js";
import { battleshift } from "../../../battleshift/index.js";
import type { BattleState } from "../../../battleshift/model.js";
import type { Orders } from "../../../battleshift/orders.js";
import type { Damage, Side } from "../../model.js";
import { type Expendable, SHIP_RATINGS, STATION_RATINGS } from "../../orders-of-battle/ship-classes.js";
import type {
  BattleInput,
  BattleLine,
  BattleResolver,
  BattleResult,
  BattleShip,
  KeptBattleshift,
  ShipOutcome,
  StationOutcome,
} from "../battle.js";
import { damageControl, damageControlText } from "../quick/repair.js";
import { beforeTheBattle } from "./before-the-battle.js";
import { type BreakOffRules, type BsSide, breakOffMemory, stayingSquadrons, withBreakOff } from "./breaking-off.js";
import {
  CHARGES_PER_LAUNCHER,
  type Converted,
  designInput,
  designName,
  remaining,
  type ShipDesignRow,
  STATION_STAND_IN,
  shipRow,
  stationRow,
  stationStartingDamage,
} from "./conversion.js";

/** Battleshift turns a battle lasts at most (Battleshift's own default is 10; RULINGS "Battles": turn limit). */
export const BATTLESHIFT_TURN_LIMIT = 8;
/** Steps the play loop runs at most, whatever happens (a guard: a battle of 8 turns takes far fewer). */
const MAX_STEPS = 2_000;
/** Squadrons per taskforce in the converted fleets (Battleshift allows 5; its playtester note suggests 3 or 4). */
const SQUADRONS_PER_TASKFORCE = 3;
/** Battleshift: "Each squadron may have 1 - 7 ships", "no more than 21 size units". */
const MAX_SHIPS = 7;
const MAX_UNITS = 21;
/**
 * Sectors of the UPF's own (west) half where its stations stand: beside the planet (24" in, mid-depth) as stations
 * orbit it, clear of it, and the arrival column (1) last.
 */
const STATION_SECTORS = ["2B", "2C", "3B", "3C", "2A", "2D", "3A", "3D", "1B", "1C", "1A", "1D"];

/** The Battleshift side of each campaign side: the UPF blue (the west edge), the Sathar red. */
export const BS_SIDE: Readonly<Record<Side, "blue" | "red">> = { upf: "blue", sathar: "red" };

/** A battle's fleets as Battleshift fleet files, and where each Knight Hawks ship and station went. */
export interface BattleshiftPlan {
  /** The scenario inputs: `starhost new battleshift --scenario default` with these files. */
  inputs: { fleet: [unknown, unknown]; victory: [{ turnLimit: number }] };
  /** Knight Hawks ship id by Battleshift ship id ("blue-tf1-s2.3"). */
  ships: Record<string, string>;
  /** The converted figures of each Knight Hawks ship, by its id. */
  converted: Record<string, Converted>;
  /** Station id by Battleshift squadron id ("blue-st1-s1"). */
  stations: Record<string, string>;
}

interface SideFleet {
  file: Record<string, unknown>;
  ships: Record<string, string>;
  stations: Record<string, string>;
}

/** One side's fleet file: its ships grouped by design into squadrons, three squadrons a taskforce. */
function sideFleet(input: BattleInput, side: Side, rows: ShipDesignRow[]): SideFleet {
  const bs = BS_SIDE[side];
  // Designs: one per distinct converted figure, numbered by class in order of first appearance.
  const byKey = new Map<string, { name: string; rows: ShipDesignRow[] }>();
  const variants: Partial<Record<string, number>> = {};
  for (const row of rows) {
    let g = byKey.get(row.key);
    if (!g) {
      const v = (variants[row.kind] ?? 0) + 1;
      variants[row.kind] = v;
      g = { name: designName(side, row.kind, v), rows: [] };
      byKey.set(row.key, g);
    }
    g.rows.push(row);
  }
  const groups = [...byKey.values()];
  const designs = groups.map((g) => designInput(g.name, (g.rows[0] as ShipDesignRow).converted));
  // Squadrons: at most 7 ships and 21 size units of one design; the largest first (they lead the taskforces).
  const squadrons: { name: string; design: string; rows: ShipDesignRow[]; size: number }[] = [];
  for (const g of groups) {
    const size = (g.rows[0] as ShipDesignRow).converted.size;
    const per = Math.max(1, Math.min(MAX_SHIPS, Math.floor(MAX_UNITS / size)));
    for (let i = 0, k = 1; i < g.rows.length; i += per, k++)
      squadrons.push({ name: `${g.name} ${k}`, design: g.name, rows: g.rows.slice(i, i + per), size });
  }
  squadrons.sort((a, b) => b.size - a.size);
  const ships: Record<string, string> = {};
  const taskforces: unknown[] = [];
  const sideName = side === "upf" ? "UPF" : "Sathar";
  for (let t = 0; t * SQUADRONS_PER_TASKFORCE < squadrons.length; t++) {
    const part = squadrons.slice(t * SQUADRONS_PER_TASKFORCE, (t + 1) * SQUADRONS_PER_TASKFORCE);
    for (const [si, sq] of part.entries())
      for (const [j, row] of sq.rows.entries()) {
        // setup.ts createBattle: squadron "blue-tf1-s2", its ships "blue-tf1-s2.1", ... in the file's order.
        ships[`${bs}-tf${t + 1}-s${si + 1}.${j + 1}`] = row.id;
      }
    taskforces.push({
      name: `${sideName} ${t + 1}`,
      squadrons: part.map((sq) => {
        // A damaged ship's hull lost below its size's own starts as damage (Battleshift "Starting damage").
        const damage = sq.rows.length * ((sq.rows[0] as ShipDesignRow).converted.damage ?? 0);
        return { name: sq.name, design: sq.design, ships: sq.rows.length, ...(damage > 0 ? { damage } : {}) };
      }),
    });
  }
  const file: Record<string, unknown> = {
    name: side === "upf" ? `UPF at ${input.system}` : "Sathar attack force",
    designs,
    taskforces,
  };
  const stations: Record<string, string> = {};
  if (side === "upf") {
    if (input.nearPlanet) file.defenses = [{ kind: "planet", name: input.planet, size: 1, quadrant: {} }];
    // Stations that fight as ships (no UPF ship) are not placed again as stations.
    const asShips = new Set(rows.map((r) => r.id));
    const placed = input.stations.filter((st) => !asShips.has(st.id)).slice(0, STATION_SECTORS.length);
    if (placed.length) {
      file.stations = placed.map((st, k) => {
        // A station's earlier damage starts on its stand-in (Battleshift "Starting damage").
        const damage = stationStartingDamage(st);
        return { design: STATION_STAND_IN[st.type], name: st.name, sector: STATION_SECTORS[k], ...(damage > 0 ? { damage } : {}) };
      });
      placed.forEach((st, k) => {
        stations[`${bs}-st${k + 1}-s1`] = st.id;
      });
    }
  }
  return { file, ships, stations };
}

/** Build both fleet files from a battle's input (pure; no dice). */
export function battleshiftPlan(input: BattleInput, turnLimit = BATTLESHIFT_TURN_LIMIT): BattleshiftPlan {
  const converted: Record<string, Converted> = {};
  const fleets: SideFleet[] = (["upf", "sathar"] as const).map((side) => {
    const rows = input.ships.filter((s) => s.side === side).map(shipRow);
    // A side that brings stations but no ship: its stations fight as ships (a fleet file needs a taskforce).
    if (side === "upf" && rows.length === 0) rows.push(...input.stations.map(stationRow));
    for (const r of rows) converted[r.id] = r.converted;
    return sideFleet(input, side, rows);
  });
  const [upf, sathar] = fleets as [SideFleet, SideFleet];
  return {
    inputs: { fleet: [upf.file, sathar.file], victory: [{ turnLimit }] },
    ships: { ...upf.ships, ...sathar.ships },
    converted,
    stations: { ...upf.stations },
  };
}

/**
 * The Battleshift battle of scenario inputs (fleet files, victory) and a seed, created as `starhost new battleshift
 * --scenario default` creates it; the inputs' problems if Battleshift refuses them (a kept battle's file altered).
 */
export function battleshiftGameOf(inputs: Readonly<Record<string, readonly unknown[]>>, seed: number): Result<BattleState, Problem[]> {
  const scenario = battleshift.scenarios.default;
  if (!scenario) throw new Error("battleshift has no default scenario");
  const parsed = scenario.parseInputs(inputs);
  return parsed.ok ? ok(scenario.create(seed, parsed.value)) : err(parsed.error);
}

/** The Battleshift battle of a plan, created as `starhost new battleshift --scenario default` creates it. */
export function createBattleshiftGame(plan: BattleshiftPlan, seed: number): BattleState {
  const made = battleshiftGameOf(plan.inputs, seed);
  if (!made.ok) {
    // The conversion table makes only legal designs and fleets (tests hold it to that): a fault here is a bug.
    throw new Error(`sathar-war: a converted fleet is not valid: ${made.error.map((p) => `${p.order}: ${p.message}`).join("; ")}`);
  }
  return made.value;
}

/** What the play loop saw besides the end state: who fired, the turn each squadron left the table, who broke off. */
export interface Played {
  state: BattleState;
  fired: Set<string>;
  left: Record<string, number>;
  /** The Battleshift turn each side that broke off by its policy did (breaking-off.ts). */
  brokeOff: Partial<Record<BsSide, number>>;
  /** Whether the campaign's rules changed any of the bots' orders (a plain `starhost` replay would then differ). */
  steppedIn: boolean;
}

/**
 * Play a Battleshift battle to its end with the "normal" bot on both sides, as the host does (host/play.ts): each
 * awaited side's bot orders from what it knows, with the generator of the seed, the step and the side; the step
 * resolved with the generator of the seed and the step. `onStep` sees each step as it is run (the step number, the state
 * after it, its events): the replay (battle-replay.ts) draws its frames from the very loop that fought the battle.
 * `rules` (a kept battle's `breakOff` and `mustFire`) hold the bots' orders to the campaign's "Breaking Off Combat"
 * (breaking-off.ts `withBreakOff`); without them the loop is exactly the host's.
 */
export function playBattleshift(
  start: BattleState,
  seed: number,
  onStep?: (step: number, after: BattleState, events: readonly BsEvent[]) => void,
  rules: BreakOffRules = {},
): Played {
  let state = start;
  const fired = new Set<string>();
  const left: Record<string, number> = {};
  const memory = breakOffMemory(start);
  const bot = battleshift.bots.normal;
  if (!bot) throw new Error("battleshift has no normal bot");
  for (let i = 0; i < MAX_STEPS && !state.outcome; i++) {
    const orders: Record<string, Orders> = {};
    for (const seat of battleshift.awaiting(state)) {
      const own = bot.play(battleshift.knownState(state, seat), seat, stepRng(seed, state.step, `bot:${seat}`));
      orders[seat] = withBreakOff(state, seat, own, rules, fired, memory);
    }
    const r = battleshift.resolve(state, orders, stepRng(seed, state.step));
    onStep?.(state.step, r.state, r.events);
    for (const e of r.events) if (e.kind === "fire") for (const f of e.from) fired.add(f);
    // The turn a squadron last left the table (one back from hyperspace has not left).
    for (const sq of Object.values(r.state.squadrons)) {
      if (sq.location === "table") delete left[sq.id];
      else if (sq.location !== "reserve" && left[sq.id] === undefined) left[sq.id] = r.state.turn;
    }
    state = r.state;
  }
  return { state, fired, left, brokeOff: memory.brokeOff, steppedIn: memory.steppedIn };
}

/** The break-off rules of a battle (kept with it): each side's policy when either could step in, and the militia's squadrons. */
export function breakOffRules(input: BattleInput, plan: BattleshiftPlan): BreakOffRules {
  const steps = (p: { hullLost: number; outgunned: number }) => p.hullLost < 1 || p.outgunned > 0;
  const out: {
    breakOff?: { blue: BattleInput["breakOff"]["upf"]; red: BattleInput["breakOff"]["sathar"] };
    mustFire?: string[];
    stay?: string[];
  } = {};
  if (steps(input.breakOff.upf) || steps(input.breakOff.sathar)) {
    out.breakOff = { blue: { ...input.breakOff.upf }, red: { ...input.breakOff.sathar } };
    const stay = stayingSquadrons(plan.ships, new Set(input.stations.map((st) => st.id)));
    if (stay.length > 0) out.stay = stay;
  }
  const bound = new Set(input.ships.filter((s) => s.mustFireBeforeBreakOff === true).map((s) => s.id));
  const squadrons = new Set<string>();
  for (const [bsId, khId] of Object.entries(plan.ships)) if (bound.has(khId)) squadrons.add(bsId.slice(0, bsId.lastIndexOf(".")));
  if (squadrons.size > 0) out.mustFire = [...squadrons].sort();
  return out;
}

/** Expendables a surviving ship spent: one charge a turn on the table of each that its design turned into systems. */
function spentInBattle(ship: BattleShip, turns: number): Partial<Record<Expendable, number>> {
  const r = remaining(SHIP_RATINGS[ship.cls], ship.damage, ship.spent);
  const out: Partial<Record<Expendable, number>> = { ...ship.spent };
  const spend = (code: Expendable, perTurn: number) => {
    const left = (code in r.weapons ? r.weapons[code] : r.defences[code]) ?? 0;
    const n = Math.min(left, perTurn * turns);
    if (n > 0) out[code] = (out[code] ?? 0) + n;
  };
  const launchers = (code: "T" | "RB" | "ICM") => Math.ceil(((code === "ICM" ? r.defences : r.weapons)[code] ?? 0) / CHARGES_PER_LAUNCHER);
  spend("T", launchers("T"));
  spend("RB", launchers("RB"));
  spend("ICM", launchers("ICM"));
  spend("AR", 1);
  spend("MS", 1);
  return out;
}

/** Damage after the battle: hull lost in proportion to the Battleshift damage its squadron's survivors share. */
function withHullLost(damage: Damage, hp: number, lostShare: number): Damage {
  const lost = Math.min(Math.max(0, hp - 1), Math.round(hp * Math.min(1, Math.max(0, lostShare))));
  if (lost <= 0) return { ...damage };
  return { ...damage, hull: (damage.hull ?? 0) + lost };
}

/** The share of what it had left that a lone ship or station lost: its damage less what it started with, of its hull then. */
function lostShare(damage: number, started: number, hull: number): number {
  return Math.max(0, damage - started) / Math.max(1, hull - started);
}

/** Map the end of a Battleshift battle back to the Knight Hawks ships and stations. */
export function mapBack(input: BattleInput, plan: BattleshiftPlan, played: Played): Omit<BattleResult, "lines" | "battleshift"> {
  const state = played.state;
  const bsShip = new Map<string, string>();
  for (const [bsId, khId] of Object.entries(plan.ships)) bsShip.set(khId, bsId);
  const ships: Record<string, ShipOutcome> = {};
  for (const ship of input.ships) {
    const bsId = bsShip.get(ship.id) ?? "";
    const sqId = bsId.slice(0, bsId.lastIndexOf("."));
    const sq = state.squadrons[sqId];
    const alive = sq?.ships.some((s) => s.id === bsId) ?? false;
    if (!sq || !alive) {
      ships[ship.id] = { fate: "destroyed", damage: { ...ship.damage }, spent: { ...ship.spent }, fired: played.fired.has(sqId) };
      continue;
    }
    const hull = state.designs[sq.design]?.hull ?? 1;
    const lost = sq.initialShips - sq.ships.length;
    // The damage each survivor carries, less what it started with (a destroyed ship took at least its hull).
    const started = plan.converted[ship.id]?.damage ?? 0;
    const share = Math.max(0, Math.max(0, sq.damage - lost * hull) / sq.ships.length - started);
    const hp = Math.max(0, SHIP_RATINGS[ship.cls].hp - (ship.damage.hull ?? 0));
    const escaped =
      sq.location === "hyperspace" || (sq.location === "gone" && (sq.goneReason === "shifted" || sq.goneReason === "emergency"));
    // Every squadron arrives on turn 1 (setup.ts): turns on the table, up to the one it last left in.
    const turns = played.left[sqId] ?? state.turn;
    ships[ship.id] = {
      fate: escaped ? "escaped" : "fought",
      damage: withHullLost(ship.damage, hp, share / (hull - started)),
      spent: spentInBattle(ship, turns),
      fired: played.fired.has(sqId),
    };
  }
  const stations: Record<string, StationOutcome> = {};
  const bsStation = new Map<string, string>();
  for (const [sqId, id] of Object.entries(plan.stations)) bsStation.set(id, sqId);
  for (const st of input.stations) {
    const hp = Math.max(0, STATION_RATINGS[st.type].hp - (st.damage.hull ?? 0));
    const asShip = bsShip.get(st.id);
    if (asShip !== undefined) {
      // A station fought as a ship (its side had no ship): destroyed with it; a "shift out" leaves it in orbit.
      const sq = state.squadrons[asShip.slice(0, asShip.lastIndexOf("."))];
      const alive = sq?.ships.some((s) => s.id === asShip) ?? false;
      const hull = sq ? (state.designs[sq.design]?.hull ?? 1) : 1;
      const started = plan.converted[st.id]?.damage ?? 0;
      stations[st.id] =
        !sq || !alive
          ? { destroyed: true, damage: { ...st.damage, hull: STATION_RATINGS[st.type].hp }, spent: { ...st.spent } }
          : { destroyed: false, damage: withHullLost(st.damage, hp, lostShare(sq.damage, started, hull)), spent: { ...st.spent } };
      continue;
    }
    const sqId = bsStation.get(st.id);
    const sq = sqId ? state.squadrons[sqId] : undefined;
    if (!sq) {
      // Not on the table (more stations than sectors): it took no part.
      stations[st.id] = { destroyed: false, damage: { ...st.damage }, spent: { ...st.spent } };
      continue;
    }
    const hull = state.designs[sq.design]?.hull ?? 1;
    stations[st.id] =
      sq.ships.length === 0
        ? { destroyed: true, damage: { ...st.damage, hull: STATION_RATINGS[st.type].hp }, spent: { ...st.spent } }
        : {
            destroyed: false,
            damage: withHullLost(st.damage, hp, lostShare(sq.damage, stationStartingDamage(st), hull)),
            spent: { ...st.spent },
          };
  }
  // The field: the side with ships or stations left on the table; both (the turn limit reached), the defender.
  const onTable = (bs: "blue" | "red") =>
    Object.values(state.squadrons).some((sq) => sq.side === bs && sq.location === "table" && sq.ships.length > 0);
  const upf = onTable("blue");
  const sathar = onTable("red");
  const defender: Side = input.attacker === "upf" ? "sathar" : "upf";
  const holder: Side | null = upf && sathar ? defender : upf ? "upf" : sathar ? "sathar" : null;
  return { ships, stations, rounds: state.turn, holder };
}

/** A few report lines: the battle, its outcome, each side's losses, and how to replay it. */
function reportLines(
  input: BattleInput,
  plan: BattleshiftPlan,
  seed: number,
  r: Omit<BattleResult, "lines" | "battleshift">,
  played: Played,
): BattleLine[] {
  const state = played.state;
  const round = r.rounds;
  const count = (side: Side) => {
    const mine = input.ships.filter((s) => s.side === side);
    const by = (f: ShipOutcome["fate"]) => mine.filter((s) => r.ships[s.id]?.fate === f).length;
    const hit = mine.filter((s) => r.ships[s.id]?.fate !== "destroyed" && (r.ships[s.id]?.damage.hull ?? 0) > (s.damage.hull ?? 0)).length;
    return `${mine.length} ships: ${by("destroyed")} destroyed, ${by("escaped")} escaped (shifted out), ${hit} damaged`;
  };
  const lines: BattleLine[] = [
    {
      round: 0,
      text: `Fought out in Battleshift (seed ${seed}, at most ${plan.inputs.victory[0].turnLimit} turns): the UPF as blue, the Sathar as red, both played by Battleshift's normal bot${input.nearPlanet ? `, near ${input.planet}` : ""}`,
      rolls: [seed],
    },
    ...(["upf", "sathar"] as const).flatMap((side) => {
      const turn = played.brokeOff[BS_SIDE[side]];
      if (turn === undefined) return [];
      const p = input.breakOff[side];
      const text = `${side === "upf" ? "The UPF" : "The Sathar"} break off on turn ${turn} (policy: ${p.hullLost} of hull lost or outgunned ${p.outgunned} to 1): their taskforces shift out as they can (stations stay)`;
      return [{ round: turn, text }];
    }),
    {
      round,
      text: `Battleshift outcome after ${state.turn} turns: ${state.outcome ? `${state.outcome.winners.join(" and ") || "no one"} (${state.outcome.reason})` : "unfinished"}`,
    },
    { round, text: `UPF: ${count("upf")}` },
    { round, text: `Sathar: ${count("sathar")}` },
  ];
  const lostStations = input.stations.filter((s) => r.stations[s.id]?.destroyed).map((s) => s.name);
  if (input.stations.length)
    lines.push({ round, text: `Stations: ${lostStations.length ? `${lostStations.join(", ")} destroyed` : "none destroyed"}` });
  lines.push({ round, text: `The field is held by ${r.holder ?? "neither side"}` });
  lines.push({
    round,
    text: played.steppedIn
      ? `Replay: the campaign's battle-replay tool (the break-off rules changed the bots' orders, so plain bots in starhost new battleshift --seed ${seed} would fight another battle)`
      : `Replay: starhost new battleshift --scenario default --seed ${seed} --fleet <the UPF fleet> --fleet <the Sathar fleet> --victory <turn limit>, bots normal on both sides`,
  });
  return lines;
}

/** The largest seed drawn for a Battleshift battle (a 31-bit seed: every host accepts it). */
const SEED_TOP = 2_147_483_647;

/**
 * Fight a battle out in Battleshift (pure: same input and generator, same result). The generator is drawn, in order,
 * for the mines, seekers and shatter drones before the battle (before-the-battle.ts; none when there are none), the
 * Battleshift seed (one draw), and the damage control rolls after it (seed 000 "REPAIR", `damageControl`).
 */
export function resolveInBattleshift(input: BattleInput, rng: Rng, turnLimit = BATTLESHIFT_TURN_LIMIT): BattleResult {
  const pre = beforeTheBattle(input, rng);
  const battle = fightOut(pre.input, rng, turnLimit);
  // Every ship in the input's order: those the mines destroyed or that detonated never reached Battleshift.
  const ships: Record<string, ShipOutcome> = {};
  for (const s of input.ships) {
    const o = pre.outcomes[s.id] ?? battle.ships[s.id];
    if (o) ships[s.id] = o;
  }
  const repairs = damageControlAfter(input, ships, rng, battle.rounds);
  return { ...battle, ships: repairs.ships, lines: [...pre.lines, ...battle.lines, ...repairs.lines] };
}

/**
 * Seed 000 "REPAIR" after a battle fought out in Battleshift: every ship that lived (fought or escaped) rolls for the
 * damage it took in this battle (mines and seekers included), exactly as after a quick battle (`damageControl`, the
 * quick battle's own rule), in the input's order; what fails is left for a station (`stationOnly`).
 */
function damageControlAfter(
  input: BattleInput,
  ships: Record<string, ShipOutcome>,
  rng: Rng,
  round: number,
): { ships: Record<string, ShipOutcome>; lines: BattleLine[] } {
  const out: Record<string, ShipOutcome> = {};
  const lines: BattleLine[] = [];
  for (const s of input.ships) {
    const o = ships[s.id];
    if (!o) continue;
    if (o.fate !== "fought" && o.fate !== "escaped") {
      out[s.id] = o;
      continue;
    }
    const m = damageControl({ name: s.name, dcrRated: SHIP_RATINGS[s.cls].dcr, damageStart: s.damage, damage: o.damage }, rng);
    const { stationOnly: _, ...rest } = o;
    out[s.id] = { ...rest, damage: m.damage, ...(m.stationOnly.length > 0 ? { stationOnly: m.stationOnly } : {}) };
    const text = damageControlText(s.name, m);
    if (text !== null) lines.push({ round, text, rolls: m.rolls });
  }
  return { ships: out, lines };
}

/** The Battleshift battle itself, of the ships that reach it (one draw of `rng`: the seed). */
function fightOut(input: BattleInput, rng: Rng, turnLimit: number): BattleResult {
  const upf = input.ships.some((s) => s.side === "upf") || input.stations.length > 0;
  const sathar = input.ships.some((s) => s.side === "sathar");
  if (!upf || !sathar) return noBattle(input, upf ? "upf" : sathar ? "sathar" : null);
  const seed = rng.int(1, SEED_TOP);
  const plan = battleshiftPlan(input, turnLimit);
  const rules = breakOffRules(input, plan);
  const played = playBattleshift(createBattleshiftGame(plan, seed), seed, undefined, rules);
  const r = mapBack(input, plan, played);
  const kept: KeptBattleshift = {
    seed,
    input: { ruleset: "battleshift", scenario: "default", seed, inputs: plan.inputs },
    // Which Knight Hawks ship and station each Battleshift one stands for: the replay's key (battle-replay.ts).
    ships: plan.ships,
    stations: plan.stations,
    // The campaign's break-off rules the play loop held the bots to: the replay holds them to the same.
    ...(rules.breakOff ? { breakOff: rules.breakOff } : {}),
    ...(rules.mustFire ? { mustFire: [...rules.mustFire] } : {}),
  };
  return { ...r, lines: reportLines(input, plan, seed, r, played), battleshift: kept };
}

/** A side that brings nothing: no battle is fought (a Battleshift fleet needs a taskforce); the other holds the field. */
function noBattle(input: BattleInput, holder: Side | null): BattleResult {
  const ships: Record<string, ShipOutcome> = {};
  for (const s of input.ships) ships[s.id] = { fate: "fought", damage: { ...s.damage }, spent: { ...s.spent } };
  const stations: Record<string, StationOutcome> = {};
  for (const st of input.stations) stations[st.id] = { destroyed: false, damage: { ...st.damage }, spent: { ...st.spent } };
  return {
    ships,
    stations,
    rounds: 0,
    holder,
    lines: [
      {
        round: 0,
        text: `No battle: ${holder === "upf" ? "the Sathar bring" : holder === "sathar" ? "the UPF brings" : "neither side brings"} nothing to fight`,
      },
    ],
  };
}

/** The resolver with another turn limit (RULINGS "Battles": the turn limit). */
export function battleshiftResolverWith(turnLimit: number): BattleResolver {
  return { id: "battleshift", resolve: (input, rng) => resolveInBattleshift(input, rng, turnLimit) };
}

export const battleshiftResolver: BattleResolver = battleshiftResolverWith(BATTLESHIFT_TURN_LIMIT);
