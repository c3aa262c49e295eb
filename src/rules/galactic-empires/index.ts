/**
 * The `galactic-empires` ruleset: seed 003, the play-by-email galactic conquest
 * game whose original was adjudicated by a program. Simultaneous turns: every
 * empire's orders are awaited, then one pure `resolve` runs the whole turn.
 */
import { isId, own } from "../../core/ids.js";
import type { Problem } from "../../core/result.js";
import { mixSeed, Rng } from "../../core/rng.js";
import type { Ruleset } from "../../core/ruleset.js";
import { BOTS, independentOrders, withIndependentPool } from "./bot/index.js";
import { checkOrders, wholeFileProblem } from "./check.js";
import type { GeEvent } from "./events.js";
import type { EmpireId, GameState } from "./model.js";
import { INDEPENDENT } from "./model.js";
import { type Order, type Orders, ordersSchema, parseOrders } from "./orders.js";
import { randomOrders } from "./random-orders.js";
import { resultsFor, resultsText } from "./report.js";
import { createAlphaBetaQuadrants } from "./scenarios/alpha-beta-quadrants.js";
import { createFrontier } from "./scenarios/frontier.js";
import { createGeneratedGalaxy, GENERATED_SIZES } from "./scenarios/generated.js";
import { createTutorial } from "./scenarios/tutorial.js";
import { parseState } from "./state-schema.js";
import { ordersTemplate } from "./template.js";
import { runTurn } from "./turn.js";
import { outcomeOf } from "./victory.js";
import { type EmpireView, seenSectors, viewFor } from "./view.js";

export const galacticEmpires: Ruleset<GameState, Orders, EmpireView, GeEvent> = {
  id: "galactic-empires",
  title: "Galactic Empires",
  scenarios: {
    tutorial: {
      id: "tutorial",
      title: "Tutorial",
      description:
        "A hand-made map of 20 sectors: Klingons, Romulans and the Federation with independents, barriers, industrial centres and defences.",
      create: ({ seed }) => createTutorial(seed),
    },
    "alpha-beta-quadrants": {
      id: "alpha-beta-quadrants",
      title: "The Alpha and Beta Quadrants",
      description:
        "The default galaxy: 792 sectors generated from the seed, the 26 empires of chapter 8 where chapter 8 places them, equal starts, independents between them.",
      create: ({ seed }) => createAlphaBetaQuadrants(seed),
    },
    frontier: {
      id: "frontier",
      title: "The Frontier",
      description: "A quick game: six empires around 80 sectors of independent frontier, three home sectors each, 30 turns.",
      create: ({ seed }) => createFrontier(seed),
    },
    ...Object.fromEntries(
      GENERATED_SIZES.map((n) => [
        `galaxy-${n}`,
        {
          id: `galaxy-${n}`,
          title: `A galaxy of ${n} sectors`,
          description: `${n} sectors generated from the seed with the 26 empires of chapter 8 in their chapter 8 places (for speed tests and long games).`,
          create: ({ seed }: { seed: number }) => createGeneratedGalaxy(n, seed),
        },
      ]),
    ),
  },
  ordersSchema: ordersSchema as unknown as Ruleset<GameState, Orders, EmpireView, GeEvent>["ordersSchema"],
  parseOrders,
  parseState,
  seats: (state) => activeEmpires(state),
  awaiting: (state) => activeEmpires(state),
  ordersTemplate,
  emptyOrders: (state, seat) => ({ empire: seat, turn: state.turn, orders: [] }),
  check: checkOrders,
  resolve(state, ordersBySeat, rng) {
    const lists: Record<EmpireId, readonly Order[]> = {};
    const refused: Record<EmpireId, Problem[]> = {};
    for (const seat of Object.keys(ordersBySeat).sort()) {
      // Seats are ids (core/ids.ts); orders arrive parsed, but are checked again here so
      // that orders no parser saw ("constructor" as an empire) fail as problems, never throw.
      if (!isId(seat)) continue;
      const given = own(ordersBySeat, seat);
      if (!given) continue;
      const { orders: o, problems } = parseOrders(given);
      const whole = wholeFileProblem(state, seat, o);
      if (whole) problems.unshift(whole);
      else lists[seat] = o.orders;
      if (problems.length > 0) refused[seat] = problems;
    }
    // Chapter 8: Local Forces are "controlled by the computer": their pool is fed and their
    // orders are written here, from a generator derived from (not drawn from) the turn's.
    delete lists[INDEPENDENT];
    const start = withIndependentPool(state);
    lists[INDEPENDENT] = independentOrders(start, Rng.fromSeed(mixSeed(rng.clone().nextUint32(), state.turn, "independents")));
    const res = runTurn(start, lists, rng);
    for (const [seat, ps] of Object.entries(refused)) {
      res.problems[seat] = [...ps, ...(res.problems[seat] ?? [])];
      res.events.unshift(...ps.map((p) => ({ kind: "problem" as const, to: [seat] as [string], step: "Orders received", problem: p })));
    }
    return res;
  },
  view: viewFor,
  report(state, seat, events) {
    const r = resultsFor(state, seat, events);
    return { json: r, text: resultsText(r) };
  },
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
  turn: (state) => state.turn,
  bots: BOTS,
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
