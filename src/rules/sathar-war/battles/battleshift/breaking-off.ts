/**
 * Seed 000 "Breaking Off Combat" in a battle fought out in Battleshift: "If a battle is going badly for one side, that
 * player can try to escape the battle with whatever ships he has remaining"; "Militia ships in their home system must
 * make at least one attack (fire one weapon at one enemy ship) before breaking off combat."
 *
 * Battleshift's bot fights the battle; these rules wrap its orders (`withBreakOff`, called by `playBattleshift` for
 * every seat's orders, so the replay makes the very same changes):
 * - A side's `BreakOffPolicy` is measured at each turn's order sheet in Battleshift's own hull points (a squadron's
 *   ships times its design's hull, less the damage its survivors carry; stations count, as in the quick battle), by
 *   the quick battle's rule (`policyMet`). Once crossed it stays crossed, and from then on, at every order sheet, each
 *   of the side's taskforces on the table (and each detached squadron) is given Battleshift's planned shift out for
 *   good (`shift` with no return turn): it fights out its activation and is "removed after it or its TF has finished
 *   its activation" (Battleshift "Battleshifting"), so it takes the enemy's fire on its way out as the quick battle's
 *   leavers take pursuit fire. A squadron Battleshift will not let shift (a station; within 1' of the planet; arrived
 *   this turn) stays and fights, as it would if its own bot had planned the shift; a station fought as a ship (a side
 *   with no ship) never breaks off (`stayingSquadrons`).
 * - A squadron holding a militia ship bound to fire (`mustFireBeforeBreakOff`) that has not fired yet is held: its
 *   taskforce's shift orders (the policy's or the bot's own) and its own emergency shifts are dropped until it has
 *   fired. Battleshift shifts a taskforce whole, so the held squadron's taskforce stays with it. A squadron with no
 *   weapon left to fire is not held (the quick battle's `canFire`).
 */
import type { BattleState, Squadron } from "../../../battleshift/model.js";
import type { Order, Orders } from "../../../battleshift/orders.js";
import type { BreakOffPolicy } from "../battle.js";
import { policyMet } from "../quick/breaking-off.js";

/** The Battleshift sides. */
export type BsSide = "blue" | "red";

/** What a battle's orders are held to besides the bot's own wishes; absent: the bot alone decides. */
export interface BreakOffRules {
  /** Each side's policy (by Battleshift side: blue the UPF, red the Sathar). */
  breakOff?: Readonly<Record<BsSide, BreakOffPolicy>>;
  /** Squadrons holding a militia ship bound to fire before it breaks off ("blue-tf1-s2"). */
  mustFire?: readonly string[];
  /** Squadrons that never break off: stations fought as ships (`stayingSquadrons`). */
  stay?: readonly string[];
}

/**
 * The squadrons of stations fought as ships (a side with stations and no ship): a station cannot leave its orbit (the
 * quick battle's `leave` never takes one), so the policy never shifts them out. Derived from the kept key (which
 * Knight Hawks ship or station each Battleshift ship stands for), so the replay finds the same.
 */
export function stayingSquadrons(ships: Readonly<Record<string, string>>, stationIds: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const [bsShip, kh] of Object.entries(ships)) if (stationIds.has(kh)) out.add(bsShip.slice(0, bsShip.lastIndexOf(".")));
  return [...out].sort();
}

/** What the play loop remembers between steps: each side's hull at the start, and the sides that broke off. */
export interface BreakOffMemory {
  startHull: Record<BsSide, number>;
  /** The Battleshift turn on which each side that broke off did. */
  brokeOff: Partial<Record<BsSide, number>>;
  /** Whether any seat's orders were changed (the battle is no longer plain Battleshift with its bots). */
  steppedIn: boolean;
}

const WEAPON_SYSTEMS = ["light", "heavy", "missile", "broadside", "superHeavy", "heavyIon", "ion"] as const;

/** A squadron's hull points left: its ships' hulls less the damage its survivors carry. */
function hullLeft(state: BattleState, sq: Squadron): number {
  const hull = state.designs[sq.design]?.hull ?? 1;
  const lost = sq.initialShips - sq.ships.length;
  return Math.max(0, sq.ships.length * hull - Math.max(0, sq.damage - lost * hull));
}

/** A side's hull points in the battle: its squadrons on the table, still to arrive or in hyperspace (not gone). */
export function sideHull(state: BattleState, side: BsSide): number {
  let t = 0;
  for (const sq of Object.values(state.squadrons)) if (sq.side === side && sq.location !== "gone") t += hullLeft(state, sq);
  return t;
}

/** The memory at a battle's start. */
export function breakOffMemory(start: BattleState): BreakOffMemory {
  return { startHull: { blue: sideHull(start, "blue"), red: sideHull(start, "red") }, brokeOff: {}, steppedIn: false };
}

/** Whether a squadron has a weapon it could fire (its design carries one). */
function armed(state: BattleState, sq: Squadron): boolean {
  const systems = (state.designs[sq.design]?.systems ?? {}) as Partial<Record<string, number>>;
  return WEAPON_SYSTEMS.some((k) => (systems[k] ?? 0) > 0);
}

/** Squadrons held on the table until they fire. */
function heldSquadrons(state: BattleState, rules: BreakOffRules, fired: ReadonlySet<string>): Set<string> {
  const held = new Set<string>();
  for (const id of rules.mustFire ?? []) {
    const sq = state.squadrons[id];
    if (sq && sq.ships.length > 0 && !fired.has(id) && armed(state, sq)) held.add(id);
  }
  return held;
}

/** The squadrons a shift order's unit (a taskforce, or a detached squadron) would take off the table. */
function unitSquadrons(state: BattleState, unit: string): Squadron[] {
  if (state.taskforces[unit])
    return Object.values(state.squadrons).filter((s) => s.taskforce === unit && s.location === "table" && s.ships.length > 0);
  const sq = state.squadrons[unit];
  return sq ? [sq] : [];
}

/** The units `side` may plan a shift for: its living taskforces on the table, and its detached squadrons (not stations). */
function shiftUnits(state: BattleState, side: BsSide): string[] {
  const units = new Set<string>();
  const ids = Object.keys(state.squadrons).sort();
  for (const id of ids) {
    const sq = state.squadrons[id] as Squadron;
    if (sq.side !== side || sq.location !== "table" || sq.ships.length === 0 || sq.station) continue;
    if (sq.taskforce === null) units.add(sq.id);
    else if (state.taskforces[sq.taskforce]?.alive) units.add(sq.taskforce);
  }
  return [...units];
}

/**
 * A seat's orders as the campaign's rules hold them (module comment): the bot's `orders` for `state`, with the
 * break-off policy's shifts added and a held squadron's shifts dropped. `memory` is the play loop's and is updated
 * here (a side whose policy is crossed at an order sheet is marked as broken off). Returns `orders` itself when
 * nothing changes.
 */
export function withBreakOff(
  state: BattleState,
  seat: string,
  orders: Orders,
  rules: BreakOffRules,
  fired: ReadonlySet<string>,
  memory: BreakOffMemory,
): Orders {
  if (seat !== "blue" && seat !== "red") return orders;
  const side: BsSide = seat;
  const foe: BsSide = side === "blue" ? "red" : "blue";
  const held = heldSquadrons(state, rules, fired);
  const holds = (unit: string) => unitSquadrons(state, unit).some((s) => held.has(s.id));
  const phase = state.turnState.phase;
  if (phase === "sequences") {
    const policy = rules.breakOff?.[side];
    if (
      policy &&
      memory.brokeOff[side] === undefined &&
      policyMet(policy, memory.startHull[side], sideHull(state, side), sideHull(state, foe))
    )
      memory.brokeOff[side] = state.turn;
    const stay = new Set(rules.stay ?? []);
    const stays = (unit: string) => unitSquadrons(state, unit).some((s) => stay.has(s.id));
    const leaving = memory.brokeOff[side] !== undefined ? shiftUnits(state, side).filter((u) => !holds(u) && !stays(u)) : [];
    if (leaving.length === 0 && held.size === 0) return orders;
    const away = new Set(leaving);
    const kept = orders.orders.filter((o: Order) => o.type !== "shift" || (!away.has(o.unit) && !holds(o.unit)));
    const shifts: Order[] = leaving.map((unit) => ({ type: "shift", unit, returnTurn: null }));
    if (shifts.length === 0 && kept.length === orders.orders.length) return orders;
    memory.steppedIn = true;
    return { ...orders, orders: [...kept, ...shifts] };
  }
  if (phase === "activation" && held.size > 0) {
    const kept = orders.orders.filter((o: Order) => o.type !== "emergencyShift" || !held.has(o.squadron));
    if (kept.length !== orders.orders.length) {
      memory.steppedIn = true;
      return { ...orders, orders: kept };
    }
  }
  return orders;
}
