/**
 * The one interface every ruleset implements (../shared/DESIGN.md, "The Ruleset
 * interface"). Host, store, server, CLI and web know only this; a ruleset is a
 * folder that plugs in. Everything crossing it is plain data.
 */
import type { ZodType } from "zod";
import type { Problem } from "./result.js";
import type { Rng } from "./rng.js";

export type SeatId = string;

/** What a check expects of one order: a line of the FAQ's "scroll". */
export interface CheckLine {
  /** When it happens: a step of the turn ("First Events: War Declared", "Phase 2: Starfleets Travel"). */
  step: string;
  /** Which order (same form as Problem.order). */
  order: string;
  /** What it is expected to do, or why it will fail. */
  text: string;
  ok: boolean;
}

export interface Check {
  /** True when no order is expected to fail. */
  ok: boolean;
  lines: CheckLine[];
  problems: Problem[];
}

export interface Resolution<State, Event> {
  state: State;
  events: Event[];
  /** Orders that failed, per seat, kept as data (godip style). */
  problems: Record<SeatId, Problem[]>;
}

export interface Outcome {
  winners: SeatId[];
  reason: string;
}

export interface ScenarioOptions {
  seed: number;
  /** Decoded fleet files, one per side (Battleshift). */
  fleets?: unknown[];
}

export interface Scenario<State> {
  id: string;
  title: string;
  description: string;
  /** Options: the seed, plus ruleset-specific inputs already decoded from files (e.g. Battleshift's `fleets`). */
  create(options: ScenarioOptions): State;
}

export interface Ruleset<State, Orders, View, Event = unknown> {
  id: string;
  title: string;
  scenarios: Record<string, Scenario<State>>;
  /** One schema for orders shared by CLI, server and browser. */
  ordersSchema: ZodType<Orders>;
  /**
   * Raw (JSON/YAML-decoded) orders to typed orders, order by order: what is
   * malformed becomes a problem and is skipped; the rest stand.
   */
  parseOrders(raw: unknown): { orders: Orders; problems: Problem[] };
  /** Raw saved state to a legal state, or problems naming the fields. */
  parseState(raw: unknown): { ok: true; value: State } | { ok: false; error: Problem[] };
  /** Every seat of the game, in a stable order. */
  seats(state: State): SeatId[];
  /** Whose orders the next step needs (all seats for simultaneous turns). */
  awaiting(state: State): SeatId[];
  /** A commented orders file (YAML) to start from: the seat's units and an example of each kind of order. */
  ordersTemplate(state: State, seat: SeatId): string;
  /** Orders that do nothing (a seat that sends none). */
  emptyOrders(state: State, seat: SeatId): Orders;
  /** Preview using only what `seat` knows: what each order will do, what will fail and why. */
  check(state: State, seat: SeatId, orders: Orders): Check;
  /** The pure step: same state, orders and generator state give byte-identical results. */
  resolve(state: State, ordersBySeat: Record<SeatId, Orders>, rng: Rng): Resolution<State, Event>;
  /** Fog of war: only what `seat` may see of the state and of the step's events. */
  view(state: State, seat: SeatId, events: readonly Event[]): View;
  /** A seat's results of the step just resolved: data for programs, text for people. */
  report(state: State, seat: SeatId, events: readonly Event[]): { json: unknown; text: string };
  outcome(state: State): Outcome | null;
  /** Random orders, legal or not, for property tests and the random bot. */
  randomOrders(state: State, seat: SeatId, rng: Rng): Orders;
  /** Needles `seat` must not find in its view (e.g. `"id":"A17"` of a hidden unit): the shared harness checks none appears. */
  secrets(state: State, seat: SeatId, events: readonly Event[]): string[];
  /** The number of the step/turn the state is at. */
  turn(state: State): number;
  /**
   * Optional computer players, by level name ("normal", "easy", "passive",
   * "random"): each writes a seat's orders for the awaited step. A bot must decide
   * only from what the seat knows - the seat's view or the state with hidden
   * foreign units removed (e.g. galactic-empires' `viewFor` / `knownState`) - never
   * from hidden state, so its orders are the same whether or not hidden foreign
   * units exist. Pure and deterministic: same state, seat and generator state give
   * the same orders.
   */
  bots?: Record<string, (state: State, seat: SeatId, rng: Rng) => Orders>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rulesets of every type.
export type AnyRuleset = Ruleset<any, any, any, any>;
