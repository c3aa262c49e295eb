/**
 * The `galactic-empires` ruleset: seed 003, the play-by-email galactic conquest
 * game whose original was adjudicated by a program. Simultaneous turns: every
 * empire's orders are awaited, then one pure `resolve` runs the whole turn.
 */
import type { GameEvent } from "../../core/events.js";
import { isId, own } from "../../core/ids.js";
import { addressed } from "../../core/orders.js";
import { err, ok, type Problem } from "../../core/result.js";
import { mixSeed, Rng } from "../../core/rng.js";
import type { Bot, Ruleset, Scenario } from "../../core/ruleset.js";
import { BOTS, type BotLevel, independentOrders, withIndependentPool } from "./bot/index.js";
import { checkOrders, wholeFileProblem } from "./check.js";
import type { GeEvent } from "./events.js";
import { legalOrders } from "./legal-orders.js";
import type { EmpireId, GameState } from "./model.js";
import { INDEPENDENT } from "./model.js";
import { type Order, type Orders, ordersSchema, parseGivenOrders, parseOrders } from "./orders.js";
import { eventText } from "./presentation/event-text.js";
import { resultsFor, resultsText } from "./presentation/report.js";
import { empireTable } from "./presentation/standings.js";
import { ordersTemplate } from "./presentation/template.js";
import { randomOrders } from "./random-orders.js";
import { createAlphaBetaQuadrants } from "./scenarios/alpha-beta-quadrants.js";
import { createFrontier } from "./scenarios/frontier.js";
import { createGeneratedGalaxy, GENERATED_SIZES } from "./scenarios/generated.js";
import { createTutorial } from "./scenarios/tutorial.js";
import { parseVictory, VICTORY_INPUT, type VictoryChoice, withVictory } from "./scenarios/victory-input.js";
import { mapSchema, parseMap, parseState } from "./state-schema.js";
import { mapTool, oddsTool, standingsTool } from "./tools.js";
import { runTurn } from "./turn.js";
import { outcomeOf } from "./victory.js";
import { type EmpireView, knownState, seenSectors, viewFor } from "./view.js";

/** An event of the contract: the engine's event with its readable line (core/events.ts). */
export type GeGameEvent = GeEvent & GameEvent;

/** A scenario made from the seed alone, with its victory conditions as they are or as the game chooses (`victory`). */
function seeded(id: string, title: string, description: string, create: (seed: number) => GameState): Scenario<GameState, VictoryChoice> {
  return {
    id,
    title,
    description,
    inputs: [VICTORY_INPUT],
    parseInputs: parseVictory,
    create: (seed, victory) => withVictory(create(seed), victory),
  };
}

/** A galaxy from a map file: sectors, borders, empires, units (README, "A map file"). */
const fromMap: Scenario<GameState, { map: unknown }> = {
  id: "map",
  title: "A galaxy from a map file",
  description: "your own galaxy: --map FILE with sectors, borders, empires and units (the shape of a game's state)",
  inputs: [
    {
      name: "map",
      description: "a map file (JSON or YAML): sectors, borders, empires, units, admirals",
      min: 1,
      max: 1,
      schema: mapSchema,
    },
  ],
  parseInputs(raw) {
    const map = raw.map?.[0];
    if (raw.map?.length !== 1) return err([{ order: "map", code: "map-missing", message: "give one map file (--map FILE)" }]);
    const parsed = parseMap(map, 1);
    return parsed.ok ? ok({ map }) : err(parsed.error);
  },
  create(seed, inputs) {
    const parsed = parseMap(inputs.map, seed, "map");
    if (!parsed.ok) throw new Error(parsed.error.map((p: Problem) => p.message).join("; "));
    return parsed.value;
  },
};

const BOT_SUMMARIES: Record<BotLevel, string> = {
  normal: "plays as chapter 9 advises: expands, builds, fights with the odds, makes alliances",
  easy: "the same plan without odds, synchronised attacks, ranks, admirals or diplomacy",
  passive: "builds, annexes, fortifies and defends; never attacks",
  random: "random orders that the check does not reject",
};

export const galacticEmpires: Ruleset<GameState, Orders, EmpireView, GeGameEvent> = {
  id: "galactic-empires",
  version: "1",
  title: "Galactic Empires",
  summary: "galactic conquest for up to 26 empires, orders adjudicated each turn (seed 003)",
  seatNoun: "empire",
  structure: "simultaneous",
  defaultScenario: "alpha-beta-quadrants",
  scenarios: {
    tutorial: seeded(
      "tutorial",
      "Tutorial",
      "A hand-made map of 20 sectors: Klingons, Romulans and the Federation with independents, barriers, industrial centres and defences.",
      createTutorial,
    ),
    "alpha-beta-quadrants": seeded(
      "alpha-beta-quadrants",
      "The Alpha and Beta Quadrants",
      "The default galaxy: 792 sectors generated from the seed, the 26 empires of chapter 8 where chapter 8 places them, equal starts, independents between them.",
      createAlphaBetaQuadrants,
    ),
    frontier: seeded(
      "frontier",
      "The Frontier",
      "A quick game: six empires around 80 sectors of independent frontier, three home sectors each, 30 turns.",
      createFrontier,
    ),
    ...Object.fromEntries(
      GENERATED_SIZES.map((n) => [
        `galaxy-${n}`,
        seeded(
          `galaxy-${n}`,
          `A galaxy of ${n} sectors`,
          `${n} sectors generated from the seed with the 26 empires of chapter 8 in their chapter 8 places (for speed tests and long games).`,
          (seed) => createGeneratedGalaxy(n, seed),
        ),
      ]),
    ),
    map: fromMap as Scenario<GameState>,
  },
  ordersSchema,
  parseOrders: (raw) => addressed(parseOrders(raw), "empire", "turn"),
  parseState,
  describe: (state) => ({
    ruleset: "galactic-empires",
    seats: Object.values(state.empires)
      .filter((e) => e.id !== INDEPENDENT)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((e) => ({ id: e.id, name: e.name })),
    seatNoun: "empire",
    structure: "simultaneous",
    summary: `${state.sectors.length} sectors, ${activeEmpires(state).length} empires`,
  }),
  seats: (state) => activeEmpires(state),
  awaiting: (state) => (outcomeOf(state) ? [] : activeEmpires(state)),
  step: (state) => state.turn,
  label: (state) => `turn ${state.turn}`,
  ordersTemplate,
  // Chapter 1: an empire that sends no orders gives none; its forces still defend where they stand.
  defaultOrders: (state, seat) => ({ empire: seat, turn: state.turn, orders: [] }),
  legalOrders,
  knownState,
  // The check players read works out odds (battles simulated, trial runs of the turn); bots use the quick one. Asked
  // without odds (a page's first answer as its player types), it leaves them to a second request: "odds follow".
  check: (state, seat, orders, opts) => checkOrders(state, seat, orders, opts?.odds === false ? { oddsFollow: true } : { odds: true }),
  resolve(state, ordersBySeat, rng) {
    const lists: Record<EmpireId, readonly Order[]> = {};
    const positions: Record<EmpireId, readonly number[]> = {};
    const refused: Record<EmpireId, Problem[]> = {};
    for (const seat of Object.keys(ordersBySeat).sort()) {
      // Seats are ids (core/ids.ts); orders arrive parsed, but are checked again here so
      // that orders no parser saw ("constructor" as an empire) fail as problems, never throw.
      if (!isId(seat)) continue;
      const given = own(ordersBySeat, seat);
      if (!given) continue;
      const { orders: o, problems, positions: at } = parseGivenOrders(given);
      const whole = wholeFileProblem(state, seat, o);
      if (whole) problems.unshift(whole);
      else {
        lists[seat] = o.orders;
        positions[seat] = at;
      }
      if (problems.length > 0) refused[seat] = problems;
    }
    // Chapter 8: Local Forces are "controlled by the computer": their pool is fed and their
    // orders are written here, from a generator derived from (not drawn from) the turn's.
    delete lists[INDEPENDENT];
    const start = withIndependentPool(state);
    lists[INDEPENDENT] = independentOrders(start, Rng.fromSeed(mixSeed(rng.clone().nextUint32(), state.turn, "independents")));
    const res = runTurn(start, lists, rng, positions);
    for (const [seat, ps] of Object.entries(refused)) {
      res.problems[seat] = [...ps, ...(res.problems[seat] ?? [])];
      res.events.unshift(...ps.map((p) => ({ kind: "problem" as const, to: [seat] as [string], step: "Orders received", problem: p })));
    }
    return { state: res.state, problems: res.problems, events: res.events.map(eventText) };
  },
  view: viewFor,
  report(state, seat, events) {
    const r = resultsFor(state, seat, events);
    return { json: r, text: resultsText(r) };
  },
  standings: empireTable,
  // Victory conditions: victory.ts (RULINGS.md, "Victory").
  outcome: (state) => outcomeOf(state),
  randomOrders: (state, seat, rng) => randomOrders(state, seat, rng),
  secrets(state, seat, events) {
    // Cloaked foreign units and foreign units out of sight, unless they met this
    // seat in a battle this turn; foreign admirals' skills never.
    const seen = seenSectors(state, seat);
    const metInBattle = new Set<string>();
    for (const e of events) if (e.kind === "battle" && e.to.includes(seat)) for (const u of e.report.units) metInBattle.add(u.id);
    const out: string[] = [];
    for (const u of Object.values(state.units)) {
      if (u.owner === seat || metInBattle.has(u.id)) continue;
      if (u.cloaked || !seen.has(u.sector)) out.push(`"id":"${u.id}"`);
    }
    for (const a of Object.values(state.admirals)) if (a.owner !== seat) out.push(`"id":"${a.id}"`);
    return out;
  },
  bots: Object.fromEntries(
    Object.entries(BOTS).map(([level, play]) => [
      level,
      { summary: BOT_SUMMARIES[level as BotLevel], play } satisfies Bot<GameState, Orders>,
    ]),
  ),
  tools: { odds: oddsTool, map: mapTool, standings: standingsTool },
};

function activeEmpires(state: GameState): EmpireId[] {
  return Object.keys(state.empires)
    .filter((id) => id !== INDEPENDENT && !own(state.empires, id)?.defeated)
    .sort();
}

export type { GeEvent } from "./events.js";
export type { GameState } from "./model.js";
export type { Order, Orders } from "./orders.js";
export type { EmpireView } from "./view.js";
