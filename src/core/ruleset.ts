/**
 * The one interface every ruleset implements (../shared/DESIGN.md, "The Ruleset
 * contract and the host"). Host, store, server, CLI and web know only this; a
 * ruleset is a folder that plugs in, and nothing above the rules ever names or
 * special-cases one. Everything crossing it is plain data.
 *
 * A game is its ruleset, scenario, inputs and seed plus the orders of each step
 * (open_spiel's "settings, seed and action log"): the host keeps those in a game
 * record outside the state, numbers the steps, and derives each step's dice from
 * the seed and the step number (`stepRng`), never from the state.
 */
import type { ZodType } from "zod";
import type { GameEvent } from "./events.js";
import type { Problem, Result } from "./result.js";
import { Rng } from "./rng.js";

export type { SeatId } from "./ids.js";

import type { SeatId } from "./ids.js";

/** One seat of a game: an empire, a side, a player. */
export interface Seat {
  id: SeatId;
  /** As players call it: "Klingon Empire", "Terran Home Fleet (blue)". */
  name: string;
}

/**
 * How a game's steps await its seats: every seat at once (simultaneous turns),
 * one seat a step (alternating), or some steps all and some one (phased:
 * Battleshift's secret order sheets, then alternate activations).
 */
export type Structure = "simultaneous" | "alternating" | "phased";

/** What a game is, for lobbies, help and messages. */
export interface Descriptor {
  ruleset: string;
  /** Every seat of the game, in a stable order (defeated ones too). */
  seats: Seat[];
  /** What players call a seat: "empire", "side", "player". */
  seatNoun: string;
  structure: Structure;
  /** One line: what the game is. */
  summary: string;
}

/** What a check expects of one order: a line of the FAQ's "scroll". */
export interface CheckLine {
  /** When it happens: a step of the turn ("First Events: War Declared", "Phase 2: Starfleets Travel"). */
  step: string;
  /** Which order (same form as Problem.order). */
  order: string;
  /** What it is expected to do, or why it will fail. */
  text: string;
  ok: boolean;
  /**
   * How sure the check is (when the ruleset says): "certain" from what the seat knows,
   * "chance" where dice decide (the text gives the odds), "unknown" where it hangs on
   * what the seat cannot see or on other seats' orders.
   */
  certainty?: "certain" | "chance" | "unknown";
}

export interface Check {
  /** True when no order is expected to fail. */
  ok: boolean;
  lines: CheckLine[];
  problems: Problem[];
  /**
   * This check was asked without odds (`CheckOptions.odds` false) and left out odds that take long to work out:
   * its lines that depend on dice say so ("odds follow"), and the same check with odds gives them.
   */
  oddsFollow?: boolean;
}

/** How a check is asked for. */
export interface CheckOptions {
  /**
   * Work out odds where dice decide (default true). False: answer at once and leave out what takes long to work
   * out (simulated battles, trial runs), marking the check `oddsFollow` when something was left out; a client then
   * shows the check first and asks again with odds (issue 11: a check shown within 100 ms as a player types).
   */
  odds?: boolean;
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

/** An orders file as parsed: what stands, what was skipped, and what refuses the file whole. */
export interface ParsedOrders<Orders> {
  orders: Orders;
  /** Orders that are malformed: each is skipped and the rest stand (DESIGN.md principle 3). */
  problems: Problem[];
  /**
   * Faults of the file as a whole (not an object, an unknown field, a seat or step
   * field that is not one): a submission with any is refused, nothing kept.
   */
  refused: Problem[];
  /** The seat the file says it is for, if it says. */
  seat?: SeatId;
  /** The step the file says it was written for, if it says (in the ruleset's numbering, which the record's step follows). */
  step?: number;
}

/** A named input a scenario takes besides the seed: "map" (one file), "fleet" (one file per side). */
export interface ScenarioInput {
  /** The input's name, also the command-line flag (`--fleet FILE`). */
  name: string;
  description: string;
  /** How many values it takes. */
  min: number;
  max: number;
  /** The shape of one file of this input (its JSON Schema is published: `starhost schema`, docs/schemas). */
  schema?: ZodType;
  /**
   * When one value of this input is a few whole numbers (a scenario's settings, such as its turn limit), those
   * numbers: a client offers a box for each instead of asking for a file, and leaves out the ones left empty.
   */
  fields?: readonly InputField[];
}

/** One whole number of an input given as fields (`ScenarioInput.fields`). */
export interface InputField {
  name: string;
  /** What it sets, with the scenario's own value when left out. */
  description: string;
  min: number;
  max: number;
}

/**
 * A way to start a game. Inputs arrive decoded (JSON/YAML values, by input name, in
 * the order given) and are parsed into the scenario's own typed inputs first, so a
 * bad fleet or map is refused with a problem per fault before any game exists.
 */
export interface Scenario<State, Inputs = unknown> {
  id: string;
  title: string;
  description: string;
  inputs: readonly ScenarioInput[];
  parseInputs(raw: Readonly<Record<string, readonly unknown[]>>): Result<Inputs, Problem[]>;
  create(seed: number, inputs: Inputs): State;
  /** What the players should know of inputs that are valid but may not be what they meant (fleets of unequal points). */
  warnings?(inputs: Inputs): string[];
}

/** A field of an order a client can offer: a choice among values, a number in a range, free text, a list of choices. */
export type OptionField =
  | { kind: "choice"; values: { value: string | number; label: string }[]; optional?: boolean }
  | { kind: "choices"; values: { value: string | number; label: string }[]; min?: number; max?: number }
  | { kind: "number"; min: number; max: number; integer: boolean; optional?: boolean }
  | { kind: "text"; maxLength: number; optional?: boolean }
  | { kind: "point"; xMax: number; yMax: number };

/** One kind of order a seat may give now, with what each field may be (godip's Options, as menus). */
export interface OrderOption {
  type: string;
  /** What it does, in the rulebook's words. */
  summary: string;
  fields: Record<string, OptionField>;
}

/** Everything a seat can order now: what a client builds its menus from. */
export interface Options {
  seat: SeatId;
  step: number;
  /** Empty when the step awaits nothing of this seat. */
  orders: OrderOption[];
  /** Why nothing can be ordered, when `orders` is empty. */
  note?: string;
}

/**
 * A computer player. It decides from what its seat knows (`knownState`), never
 * from hidden state, with a generator the host derives from the game's seed, the
 * step and the seat. Pure: same input, same orders.
 */
export interface Bot<State, Orders> {
  summary: string;
  play(known: State, seat: SeatId, rng: Rng): Orders;
}

/** What a tool prints or writes: text for people, JSON for programs, a file (SVG, HTML) where one is drawn. */
export interface ToolOutput {
  /** False when the answer is "no" (an invalid fleet) or the input was refused. */
  ok: boolean;
  /** The input itself was refused (`text` lists why); otherwise `text` is the answer, whatever `ok` says. */
  refused?: boolean;
  text: string;
  json: unknown;
  file?: { extension: "svg" | "html" | "csv"; content: string };
}

/** A tool's option, as the CLI's `--name VALUE` and an API query field. */
export interface ToolOption {
  name: string;
  description: string;
  kind: "integer" | "boolean" | "seat" | "step" | "string";
  min?: number;
  max?: number;
  default?: number | boolean | string;
  /** Options that cannot be given with this one (`--exact` and `--runs`). */
  conflicts?: readonly string[];
}

/** A ruleset tool over an input file of its own: battle odds, a fleet check. */
export interface InputTool {
  kind: "input";
  id: string;
  summary: string;
  /** What its input is, for messages: "battle input", "fleet", "odds input". */
  input: string;
  /** The input file's shape and an example, for help. */
  help: string;
  /** The input file's schema, when it has one (its JSON Schema is published: `starhost schema`, docs/schemas). */
  schema?: ZodType;
  options: readonly ToolOption[];
  /** `source` names the input in messages (a file name). */
  run(input: unknown, options: Readonly<Record<string, unknown>>, source?: string): ToolOutput;
}

/** What a game tool may read of a game: the state now and any step run before. Reading is the host's; the tool stays pure. */
export interface GameAccess<State, Event> {
  step: number;
  state: State;
  /** Steps run, ascending. */
  steps: readonly number[];
  /** The state step `n` started from, and its events. */
  stepAt(n: number): Promise<{ state: State; events: Event[] }>;
  /**
   * What `derive` makes of step `n` (as `stepAt` gives it), remembered by the host where it can: a step run never
   * changes, so a tool that reads every past step (the standings) reads each once, not at every call. `key` names
   * what is derived, the same key for the same derivation. Without it, a tool derives from `stepAt` itself.
   */
  derived?<T>(n: number, key: string, derive: (step: { state: State; events: Event[] }) => T): Promise<T>;
}

/** A ruleset tool over a game: a map, a replay. */
export interface GameTool<State, Event> {
  kind: "game";
  id: string;
  summary: string;
  help: string;
  /** A picture of the game worth keeping after every step (a demo writes one per step). */
  perStep?: boolean;
  options: readonly ToolOption[];
  run(game: GameAccess<State, Event>, options: Readonly<Record<string, unknown>>): Promise<ToolOutput>;
}

export type Tool<State, Event> = InputTool | GameTool<State, Event>;

export interface Ruleset<State, Orders, View, Event extends GameEvent = GameEvent> {
  id: string;
  /** Changes when the same game could adjudicate differently. */
  version: string;
  title: string;
  /** One line: what the game is. */
  summary: string;
  seatNoun: string;
  structure: Structure;
  scenarios: Record<string, Scenario<State>>;
  /** The scenario a newcomer gets. */
  defaultScenario: string;
  /** One schema for orders shared by CLI, server and browser (its JSON Schema is published). */
  ordersSchema: ZodType<Orders>;
  /** Raw (JSON/YAML-decoded) orders to typed orders, order by order. Never throws. */
  parseOrders(raw: unknown): ParsedOrders<Orders>;
  /** Raw saved state to a legal state, or problems naming the fields. Never throws. */
  parseState(raw: unknown): Result<State, Problem[]>;
  describe(state: State): Descriptor;
  /** The seats still playing, in a stable order. */
  seats(state: State): SeatId[];
  /** Whose orders the next step needs (every playing seat for simultaneous turns); empty once the game is over. */
  awaiting(state: State): SeatId[];
  /** The ruleset's number of the awaited step: increases by exactly one with every resolve. */
  step(state: State): number;
  /** The ruleset's name of the awaited step: "turn 4", "step 9: turn 2, red activation 3". */
  label(state: State): string;
  /** A commented orders file (YAML) to start from. */
  ordersTemplate(state: State, seat: SeatId): string;
  /** What a seat that sends nothing does (the rules' default, documented in RULINGS.md). */
  defaultOrders(state: State, seat: SeatId): Orders;
  /** What this seat can order now, as menus. */
  legalOrders(state: State, seat: SeatId): Options;
  /** The state as `seat` knows it: what it may not see is removed or blanked. Bots and the check decide from it. */
  knownState(state: State, seat: SeatId): State;
  /** Preview using only what `seat` knows: what each order will do, what will fail and why. */
  check(state: State, seat: SeatId, orders: Orders, opts?: CheckOptions): Check;
  /** The pure step: same state, orders and generator give byte-identical results. */
  resolve(state: State, ordersBySeat: Readonly<Record<SeatId, Orders>>, rng: Rng): Resolution<State, Event>;
  /** Fog of war: only what `seat` may see of the state and of the step's events. */
  view(state: State, seat: SeatId, events: readonly Event[]): View;
  /** A seat's results of a step: data for programs, text for people. `events` may hold host problem events. */
  report(state: State, seat: SeatId, events: readonly Event[]): { json: unknown; text: string };
  /** A table of every seat's standing, for the end of a demo or a lobby. */
  standings(state: State): string;
  outcome(state: State): Outcome | null;
  /** Random orders, legal or not, for property tests. */
  randomOrders(state: State, seat: SeatId, rng: Rng): Orders;
  /** Needles `seat` must not find in its view (e.g. `"id":"A17"` of a hidden unit): the shared harness checks none appears. */
  secrets(state: State, seat: SeatId, events: readonly Event[]): string[];
  /** Computer players by level: "normal", "easy", "passive", "random". */
  bots: Record<string, Bot<State, Orders>>;
  /** Odds, maps, replays, fleet checks: exposed by the CLI and the API. */
  tools: Record<string, Tool<State, Event>>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rulesets of every type.
export type AnyRuleset = Ruleset<any, any, any, any>;

/** The generator of one step of a game: from the game's seed and the step number only (`purpose` names other uses: a bot's). */
export function stepRng(seed: number, step: number, purpose?: string): Rng {
  return purpose === undefined ? Rng.forTurn(seed, step) : Rng.forTurn(seed, step, purpose);
}
