/**
 * The turn (Quick Reference Sheet, "Turn Sequence"):
 *
 *  1. Place Taskforces and Squadrons that are entering the battlespace.
 *  2. Secretly write out TF activation sequences for each player (with planned
 *     battleshifts: return turn, sector and facing).
 *  3. Roll Initiative - winner may activate first or second ("The player with the
 *     greater number of Taskforces on the table adds one to his die roll").
 *  4. Alternate activating TF's in order.
 *  5. Alternate activating detached squadrons.
 *  6. Determine if a player has won.
 *
 * Each call of `resolveStep` is one step of the game: the order sheet (both seats
 * at once: arrivals' placement, sequences, shifts, initiative choice), or one
 * activation (one seat). Between steps the state waits for the next seat's orders.
 */

import { own as ownKey } from "../../../core/ids.js";
import { canonicalJson, cloneData } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import type { Resolution } from "../../../core/ruleset.js";
import { arrivals, placeProblem, plannedShiftProblem, shiftOutPlanned } from "../battlespace/battleshifting.js";
import { Ctx } from "../context.js";
import { type BsEvent, diceList, type Roll, roll, rolledField } from "../events.js";
import { admiralBonus } from "../formations-and-experience/experience.js";
import { parseFacing } from "../geometry.js";
import {
  type ActivationSlot,
  type BattleState,
  compareIds,
  otherSide,
  type PlannedShift,
  type SideId,
  type Squadron,
  sideIds,
  squadronList,
  squadronsOfTaskforce,
} from "../model.js";
import { type Order, type Orders, parseGivenOrders, SHEET_ORDERS } from "../orders.js";
import { planetAirActivation } from "../planets/planet-air.js";
import { planetStep } from "../planets/planet-orders.js";
import { bodyName, planetsOfSide } from "../planets/planet-play.js";
import { type ActivationUnit, runActivation } from "./activation.js";
import { recheckTaskforceCones } from "./movement.js";
import { checkVictory } from "./victory.js";

export const STEP_SHEET = "Order sheet";

/** Taskforces of a side with squadrons on the table, in id order. */
export function taskforcesOnTable(state: BattleState, side: SideId): string[] {
  const ids = new Set<string>();
  for (const sq of squadronList(state))
    if (sq.side === side && sq.taskforce && sq.location === "table" && sq.ships.length > 0) ids.add(sq.taskforce);
  return [...ids].filter((id) => state.taskforces[id]?.alive).sort(compareIds);
}

/** Detached squadrons of a side that may still activate this turn. */
export function detachedReady(state: BattleState, side: SideId): Squadron[] {
  return squadronList(state).filter(
    (s) =>
      s.side === side &&
      s.taskforce === null &&
      s.location === "table" &&
      s.ships.length > 0 &&
      s.activatedTurn !== state.turn &&
      !s.station,
  );
}

/** Whose orders the next step needs. */
export function awaitingSides(state: BattleState): SideId[] {
  const ts = state.turnState;
  if (state.outcome || ts.phase === "over") return [];
  if (ts.phase === "sequences") return sideIds(state);
  const slot = currentSlot(state);
  return slot ? [slot.side] : [];
}

export function currentSlot(state: BattleState): ActivationSlot | null {
  const ts = state.turnState;
  if (ts.phase !== "activation") return null;
  if (ts.index < ts.queue.length) return ts.queue[ts.index] ?? null;
  if (ts.detachedNext) return { side: ts.detachedNext, taskforce: null };
  return null;
}

export function resolveStep(
  input: BattleState,
  ordersBySeat: Record<SideId, Orders | undefined>,
  rng: Rng,
): Resolution<BattleState, BsEvent> {
  const state = cloneData(input);
  const events: BsEvent[] = [];
  const problems: Record<SideId, Problem[]> = {};
  for (const s of sideIds(state)) problems[s] = [];
  const stepNo = state.step;
  state.step++;
  if (state.outcome || state.turnState.phase === "over") return { state, events, problems };
  // Orders written for another step are refused whole.
  const usable: Record<SideId, Order[]> = {};
  /** Where each usable order stood in its file as written (problems name orders by it). */
  const positions: Record<SideId, number[]> = {};
  for (const side of sideIds(state)) {
    const given = ownKey(ordersBySeat, side);
    if (!given) continue;
    const reject = (p: Problem) => {
      problems[side]?.push(p);
      events.push({
        kind: "problem",
        step: "Orders received",
        problem: p,
        to: [side],
        act: state.activationNo,
        turn: state.turn,
        text: p.message,
      });
    };
    // Orders arrive parsed; checked again so that orders no parser saw fail as problems, never throw.
    const { orders: o, problems: malformed, positions: at } = parseGivenOrders(given);
    for (const p of malformed) reject(p);
    if (o.step !== undefined && o.step !== stepNo) {
      reject({ order: "step", code: "wrong-step", message: `these orders are for step ${o.step}; the game is at step ${stepNo}` });
      continue;
    }
    usable[side] = o.orders;
    positions[side] = at;
  }
  if (state.turnState.phase === "sequences") sheetStep(state, usable, positions, rng, events, problems);
  else activationStep(state, usable, positions, rng, events, problems);
  return { state, events, problems };
}

/** One side's order sheet: placements, the sequence, planned shifts, the initiative choice. */
export function applySheet(ctx: Ctx, list: readonly Order[]): { choice: "first" | "second" | null } {
  const state = ctx.state;
  const side = ctx.side;
  const ts = state.turnState;
  let choice: "first" | "second" | null = null;
  let sequence: string[] | null = null;
  const planned: PlannedShift[] = [];
  for (const [i, o] of list.entries()) {
    const label = ctx.orderLabel(o, i);
    if (!SHEET_ORDERS.includes(o.type)) {
      ctx.fail(
        STEP_SHEET,
        label,
        "wrong-step",
        `a ${o.type} order belongs to an activation; this step is the order sheet at the start of turn ${state.turn}`,
      );
      continue;
    }
    if (o.type === "place") {
      const r = placeProblem(state, side, o.squadron, { x: o.x, y: o.y });
      if (typeof r === "string") {
        ctx.fail(STEP_SHEET, label, "bad-placement", r);
        continue;
      }
      for (const s of r.sq.ships) {
        s.x += r.dx;
        s.y += r.dy;
      }
      ctx.ok(STEP_SHEET, label, `${r.sq.id} placed around (${o.x}, ${o.y})`);
    } else if (o.type === "sequence") {
      if (sequence) {
        ctx.fail(STEP_SHEET, label, "duplicate-sequence", "only one activation sequence per turn");
        continue;
      }
      sequence = o.taskforces;
    } else if (o.type === "shift") {
      const facing = o.facing === undefined ? null : parseFacing(o.facing);
      const p: PlannedShift = { unit: o.unit, returnTurn: o.returnTurn ?? null, sector: o.sector ?? null, facing };
      if (planned.some((q) => q.unit === o.unit)) {
        ctx.fail(STEP_SHEET, label, "duplicate-shift", `${o.unit} already has a planned shift`);
        continue;
      }
      const why = plannedShiftProblem(state, side, p);
      if (why) {
        ctx.fail(STEP_SHEET, label, "bad-shift", why);
        continue;
      }
      const sqs = ownKey(state.taskforces, o.unit) ? squadronsOfTaskforce(state, o.unit) : [ownKey(state.squadrons, o.unit) as Squadron];
      const justIn = sqs.find((s) => s.arrivedTurn === state.turn);
      if (justIn) {
        ctx.fail(
          STEP_SHEET,
          label,
          "shifted-in-this-turn",
          `${justIn.id} battleshifted in this turn: "Ships cannot battleshift out of the battlespace on the same turn they battleshifted in"`,
        );
        continue;
      }
      planned.push(p);
      ctx.ok(
        STEP_SHEET,
        label,
        p.returnTurn === null
          ? `${o.unit} will leave the battle after its activation`
          : `${o.unit} shifts out after its activation and returns on turn ${p.returnTurn} in sector ${p.sector} facing ${p.facing}`,
      );
    } else if (o.type === "initiative") {
      choice = o.choose;
      ctx.ok(STEP_SHEET, label, `if you win the initiative you go ${o.choose}`);
    }
  }
  // The sequence: every taskforce on the table once; unknown ones refused, forgotten ones appended in id order.
  const own = taskforcesOnTable(state, side);
  const seq: string[] = [];
  for (const id of (sequence as string[] | null) ?? []) {
    if (!own.includes(id)) {
      ctx.fail(
        STEP_SHEET,
        `sequence ${id}`,
        "unknown-taskforce",
        `${id} is not one of your taskforces on the table (${own.join(", ") || "none"})`,
      );
      continue;
    }
    if (seq.includes(id)) {
      ctx.fail(STEP_SHEET, `sequence ${id}`, "duplicate-taskforce", `${id} appears twice in the sequence`);
      continue;
    }
    seq.push(id);
  }
  const missing = own.filter((id) => !seq.includes(id));
  if (missing.length && sequence)
    ctx.fail(
      STEP_SHEET,
      "sequence",
      "incomplete-sequence",
      `the sequence leaves out ${missing.join(", ")}: they activate last, in id order`,
    );
  seq.push(...missing);
  ts.sequences[side] = seq;
  ts.planned[side] = planned;
  ctx.ok(STEP_SHEET, "sequence", `activation sequence: ${seq.join(", ") || "(no taskforce on the table)"}`);
  ctx.events.push({
    kind: "note",
    what: "sheet",
    side,
    to: [side],
    act: state.activationNo,
    turn: state.turn,
    text: `Your order sheet for turn ${state.turn}: sequence ${seq.join(", ") || "(none)"}${
      planned.length
        ? `; shifts: ${planned.map((p) => `${p.unit}${p.returnTurn === null ? " leaves" : ` returns turn ${p.returnTurn} in ${p.sector} facing ${p.facing}`}`).join("; ")}`
        : ""
    }`,
    data: { sequence: seq, shifts: planned },
  });
  return { choice };
}

function sheetStep(
  state: BattleState,
  orders: Record<SideId, Order[]>,
  positions: Record<SideId, number[]>,
  rng: Rng,
  events: BsEvent[],
  problems: Record<SideId, Problem[]>,
): void {
  const ts = state.turnState;
  const choice: Record<SideId, "first" | "second"> = {};
  for (const side of sideIds(state)) {
    const ctx = new Ctx(state, rng, side);
    ctx.orderPositions = ownKey(positions, side) ?? [];
    const r = applySheet(ctx, orders[side] ?? []);
    if (r.choice) choice[side] = r.choice;
    events.push(...ctx.events);
    problems[side]?.push(...ctx.problems);
  }
  // Initiative.
  const [a, b] = sideIds(state) as [SideId, SideId];
  // "Planets are their own task force for determining initiative and when they activate."
  const tfA = taskforcesOnTable(state, a).length + planetsOfSide(state, a).length;
  const tfB = taskforcesOnTable(state, b).length + planetsOfSide(state, b).length;
  const rolls: Record<SideId, number[]> = { [a]: [], [b]: [] };
  const dice: Roll[] = [];
  // Experience: "Veteran Admiral +1 Initiative".
  const bonusA = (tfA > tfB ? 1 : 0) + admiralBonus(state, a);
  const bonusB = (tfB > tfA ? 1 : 0) + admiralBonus(state, b);
  let winner: SideId = a;
  for (let k = 0; k < 50; k++) {
    const da = rng.d6();
    const db = rng.d6();
    dice.push(roll(`initiative: ${a}${k ? ` (roll ${k + 1})` : ""}`, [da]), roll(`initiative: ${b}${k ? ` (roll ${k + 1})` : ""}`, [db]));
    const ra = da + bonusA;
    const rb = db + bonusB;
    rolls[a]?.push(ra);
    rolls[b]?.push(rb);
    if (ra !== rb) {
      winner = ra > rb ? a : b;
      break;
    }
  }
  // "blue rolls [6] then [1]", "red rolls [5] + 1 = 6 then [4] + 1 = 5": each die, with its bonus.
  const rolled = (side: SideId, bonus: number) =>
    dice
      .filter((d) => d.what.startsWith(`initiative: ${side}`))
      .map((d) => `${diceList(d.rolls)}${bonus ? ` + ${bonus} = ${(d.rolls[0] as number) + bonus}` : ""}`)
      .join(" then ");
  const first = (choice[winner] ?? "first") === "first" ? winner : otherSide(state, winner);
  ts.initiative = { rolls, winner, first };
  events.push({
    kind: "note",
    what: "initiative",
    act: state.activationNo,
    turn: state.turn,
    text: `Initiative, turn ${state.turn}: ${a} rolls ${rolled(a, bonusA)}${tfA > tfB ? " (+1 for more taskforces)" : ""}, ${b} rolls ${rolled(b, bonusB)}${tfB > tfA ? " (+1 for more taskforces)" : ""}: ${winner} wins and ${first === winner ? "goes first" : `lets ${first} go first`}`,
    data: { rolls, winner, first },
    ...rolledField(...dice),
  });
  // The alternating queue.
  const second = otherSide(state, first);
  // A planet's activation comes after its side's taskforces (RULINGS "Planets and moons in play").
  const qa = [...(ts.sequences[first] ?? []), ...planetsOfSide(state, first)];
  const qb = [...(ts.sequences[second] ?? []), ...planetsOfSide(state, second)];
  const queue: ActivationSlot[] = [];
  for (let i = 0; i < Math.max(qa.length, qb.length); i++) {
    if (i < qa.length) queue.push({ side: first, taskforce: qa[i] as string });
    if (i < qb.length) queue.push({ side: second, taskforce: qb[i] as string });
  }
  ts.queue = queue;
  ts.index = 0;
  ts.detachedNext = null;
  ts.phase = "activation";
  advance(state, events, false);
}

function activationStep(
  state: BattleState,
  orders: Record<SideId, Order[]>,
  positions: Record<SideId, number[]>,
  rng: Rng,
  events: BsEvent[],
  problems: Record<SideId, Problem[]>,
): void {
  const ts = state.turnState;
  const slot = currentSlot(state);
  if (!slot) {
    advance(state, events, false);
    return;
  }
  state.activationNo++;
  const ctx = new Ctx(state, rng, slot.side);
  ctx.orderPositions = ownKey(positions, slot.side) ?? [];
  const list = orders[slot.side] ?? [];
  const planet = slot.taskforce && state.settings.planets ? state.planets?.[slot.taskforce] : undefined;
  if (planet) {
    // The planet's own activation: the defender's quadrantFire and assaultMove orders (RULINGS "The defender's orders").
    ctx.note("activation", `Turn ${state.turn}, activation ${state.activationNo}: ${slot.side} activates ${bodyName(planet)}`, {
      side: slot.side,
      unit: planet.id,
    });
    planetStep(ctx, planet, list);
    planetAirActivation(ctx, planet);
    recheckTaskforceCones(ctx);
    planet.activatedTurn = state.turn;
    events.push(...ctx.events);
    problems[slot.side]?.push(...ctx.problems);
    ts.index++;
    const v = checkVictory(state, false);
    if (v) {
      finish(state, events, v);
      return;
    }
    advance(state, events, true);
    return;
  }
  const unit = activationUnit(state, slot, list);
  const name = unit.taskforce
    ? `taskforce ${state.taskforces[unit.taskforce]?.name ?? unit.taskforce} (${unit.taskforce})`
    : `detached squadron ${unit.squadrons[0]?.id ?? "-"}`;
  ctx.note("activation", `Turn ${state.turn}, activation ${state.activationNo}: ${slot.side} activates ${name}`, {
    side: slot.side,
    unit: unit.taskforce ?? unit.squadrons[0]?.id ?? "",
  });
  runActivation(ctx, unit, list);
  for (const sq of unit.squadrons) sq.activatedTurn = state.turn;
  shiftOutPlanned(ctx, unit.taskforce ?? unit.squadrons[0]?.id ?? "", unit.squadrons);
  // The full-taskforce cone re-checked under fire (RULINGS "The full-taskforce cone: losses").
  recheckTaskforceCones(ctx);
  if (unit.taskforce) (ts.activated[slot.side] ??= []).push(unit.taskforce);
  events.push(...ctx.events);
  problems[slot.side]?.push(...ctx.problems);
  // Move on.
  if (ts.index < ts.queue.length) ts.index++;
  else ts.detachedNext = otherSide(state, slot.side);
  const early = checkVictory(state, false);
  if (early) {
    finish(state, events, early);
    return;
  }
  advance(state, events, true);
}

/** The squadrons of this activation: the taskforce's, or the detached squadron the orders name (else the first ready). */
export function activationUnit(state: BattleState, slot: ActivationSlot, orders: readonly Order[]): ActivationUnit {
  if (slot.taskforce) return { side: slot.side, taskforce: slot.taskforce, squadrons: squadronsOfTaskforce(state, slot.taskforce) };
  const ready = detachedReady(state, slot.side);
  let pick: Squadron | undefined;
  for (const o of orders) {
    const r = o as { squadron?: unknown; squadrons?: unknown };
    const names = typeof r.squadron === "string" ? [r.squadron] : Array.isArray(r.squadrons) ? (r.squadrons as string[]) : [];
    pick = ready.find((s) => names.includes(s.id));
    if (pick) break;
  }
  pick ??= ready[0];
  return { side: slot.side, taskforce: null, squadrons: pick ? [pick] : [] };
}

/** Skip to the next activation that has something to activate; at the end of the turn, check victory and start the next. */
export function advance(state: BattleState, events: BsEvent[], _afterActivation: boolean): void {
  const ts = state.turnState;
  for (let guard = 0; guard < 10_000; guard++) {
    if (ts.phase !== "activation") return;
    if (ts.index < ts.queue.length) {
      const slot = ts.queue[ts.index] as ActivationSlot;
      const planet = slot.taskforce && state.settings.planets ? state.planets?.[slot.taskforce] : undefined;
      if (planet) {
        if (planet.activatedTurn !== state.turn && planetsOfSide(state, slot.side).includes(planet.id)) return;
        ts.index++;
        continue;
      }
      const tf = slot.taskforce ? state.taskforces[slot.taskforce] : undefined;
      if (tf?.alive && squadronsOfTaskforce(state, tf.id).some((s) => s.activatedTurn !== state.turn)) return;
      ts.index++;
      continue;
    }
    // Detached squadrons alternate, starting with the side that went first.
    const first = ts.initiative?.first ?? (sideIds(state)[0] as SideId);
    ts.detachedNext ??= first;
    if (detachedReady(state, ts.detachedNext).length > 0) return;
    const other = otherSide(state, ts.detachedNext);
    if (detachedReady(state, other).length > 0) {
      ts.detachedNext = other;
      return;
    }
    endOfTurn(state, events);
    return;
  }
}

function endOfTurn(state: BattleState, events: BsEvent[]): void {
  const v = checkVictory(state, true);
  if (v) {
    finish(state, events, v);
    return;
  }
  state.turn++;
  const ts = state.turnState;
  ts.phase = "sequences";
  ts.sequences = {};
  ts.planned = {};
  ts.initiative = null;
  ts.queue = [];
  ts.index = 0;
  ts.detachedNext = null;
  ts.activated = {};
  events.push({ kind: "note", what: "turn", act: state.activationNo, turn: state.turn, text: `Turn ${state.turn} begins.` });
  arrivals(state, events);
  // A side that can no longer act at all ends the battle at once.
  const v2 = checkVictory(state, false);
  if (v2) finish(state, events, v2);
}

function finish(state: BattleState, events: BsEvent[], v: { winners: SideId[]; reason: string }): void {
  state.outcome = v;
  state.turnState.phase = "over";
  events.push({
    kind: "note",
    what: "end",
    act: state.activationNo,
    turn: state.turn,
    text: `The battle is over: ${v.reason}.`,
    data: { winners: v.winners },
  });
}

/** A stable digest of a state (tests, benchmarks). */
export function digest(state: BattleState): string {
  return canonicalJson(state);
}
