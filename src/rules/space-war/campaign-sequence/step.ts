/**
 * What every part of a step works with: the state being changed (the step's own copy), the step's dice, the events
 * it writes and the problems of the orders that failed. One per resolve (and per check, on the seat's known state):
 * each rule's module changes the state in place and says what it did; nothing else is shared.
 */
import type { SeatId } from "../../../core/ids.js";
import type { Problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import { type Roll, type SxEvent, sxEvent } from "../events.js";
import type { Battle, Craft, SpaceWarState } from "../model.js";
import type { Order, OrderType } from "../orders.js";

/** One order of a seat, with the name problems give it: its place in the file as written and its type ("#3 move"). */
export interface Given<O extends Order = Order> {
  order: O;
  /** "#3 move blue-2" */
  at: string;
}

/** A seat's orders of this step, by type, in file order. */
export type Sorted = { readonly [T in OrderType]: readonly Given<Extract<Order, { type: T }>>[] };

/** No orders of any type: what S1-S2 take, and where sorting starts. */
export function noOrders(): { [T in OrderType]: Given<Extract<Order, { type: T }>>[] } {
  return {
    design: [],
    buy: [],
    crew: [],
    deploy: [],
    "give-up": [],
    launch: [],
    retrieve: [],
    prisoner: [],
    tractor: [],
    nuke: [],
    move: [],
    ram: [],
    shoot: [],
    repair: [],
    medal: [],
    strip: [],
  };
}

export interface StepContext {
  /** The state being changed: the step's own deep copy. */
  readonly state: SpaceWarState;
  readonly rng: Rng;
  readonly events: SxEvent[];
  readonly problems: Record<SeatId, Problem[]>;
  /** The named step of the rules now ("game 1, turn 2, blue S9 Shoot"), for events and problems. */
  where: string;
  /** An event of the step now; `to` omitted: everyone sees it; `order`: the order it carried out (`Given.at`). */
  emit(kind: string, text: string, extra?: { craft?: string[]; rolls?: Roll[]; to?: SeatId[]; order?: string }): void;
  /** An order of `seat` failed: which order, what is wrong, what would be valid. */
  fail(seat: SeatId, at: string, code: string, message: string): void;
}

/** How an order is refused: the problem is the seat's, named by the order's place, and the order does nothing (false). */
export type Fail = (code: string, message: string) => false;

/** The `Fail` of one order of `seat`: each refusal becomes its problem (`StepContext.fail`). */
export function failing(ctx: StepContext, seat: SeatId, given: Given): Fail {
  return (code, message) => {
    ctx.fail(seat, given.at, code, message);
    return false;
  };
}

export function stepContext(state: SpaceWarState, rng: Rng): StepContext {
  const events: SxEvent[] = [];
  const problems: Record<SeatId, Problem[]> = {};
  for (const s of state.seats) problems[s.id] = [];
  const ctx: StepContext = {
    state,
    rng,
    events,
    problems,
    where: "",
    emit(kind, text, extra = {}) {
      const b = state.campaign.battle;
      events.push(sxEvent(kind, { game: state.campaign.game + 1, ...(b ? { turn: b.turn } : {}), step: ctx.where }, text, extra));
    },
    fail(seat, at, code, message) {
      (problems[seat] ??= []).push({ order: at, code, message });
    },
  };
  return ctx;
}

/** The battle being fought; the step pipelines call battle steps only while there is one. */
export function battleOf(state: SpaceWarState): Battle {
  const b = state.campaign.battle;
  if (!b) throw new Error("no battle is being fought");
  return b;
}

/** A craft of the battle by id, or undefined. */
export const craftById = (b: Battle, id: string): Craft | undefined => b.craft.find((c) => c.id === id);

/**
 * The seats on the other side of `seat`: every other seat, or in the Wall of Battle every seat of the other alliance
 * (`Campaign.sides`, l.1019-1023 "You may not target friendly allied Craft").
 */
export function enemiesOf(state: SpaceWarState, seat: SeatId): SeatId[] {
  return state.seats.map((s) => s.id).filter((s) => s !== seat && !allied(state, seat, s));
}

/** Are two different seats allies (the same side of a Wall of Battle, l.1019)? A seat is not its own ally. */
export function allied(state: SpaceWarState, a: SeatId, b: SeatId): boolean {
  const sides = state.campaign.sides;
  if (a === b || sides === undefined) return false;
  const x = sides[a];
  return x !== undefined && x === sides[b];
}

/** Every seat but `seat`: who sees the public half of an event whose details only the owner may (allies included). */
export const othersThan = (state: SpaceWarState, seat: SeatId): SeatId[] => state.seats.map((s) => s.id).filter((s) => s !== seat);

/** The seats allied with `seat` (none outside the Wall of Battle). */
export const alliesOf = (state: SpaceWarState, seat: SeatId): SeatId[] =>
  state.seats.map((s) => s.id).filter((s) => allied(state, seat, s));

/** The seat's own craft an order names, or why it is not one: unknown, another seat's, destroyed or gone. */
export function ownCraft(
  state: SpaceWarState,
  seat: SeatId,
  id: string,
): { ok: true; craft: Craft } | { ok: false; code: string; text: string } {
  const c = craftById(battleOf(state), id);
  if (c === undefined) return { ok: false, code: "unknown-craft", text: `there is no craft ${id} in this battle` };
  if (c.owner !== seat) return { ok: false, code: "not-your-craft", text: `${id} is ${c.owner}'s craft, not yours` };
  if (c.where.kind === "gone") return { ok: false, code: "craft-gone", text: `${id} is ${c.where.how}` };
  return { ok: true, craft: c };
}

/** Is the craft on the table (face down or up)? */
export const onTable = (c: Craft): c is Craft & { where: { kind: "hidden" | "table" } } =>
  c.where.kind === "hidden" || c.where.kind === "table";
