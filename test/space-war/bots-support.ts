/**
 * Space War games played by bots, for the bot measures of issue 13 "Win rates" (test/space-war/bots.test.ts) and the
 * benchmarks (bench/space-war-*.bench.ts): the ruleset's own `knownState` and `resolve`, a bot on every seat.
 */
import type { SeatId } from "../../src/core/ids.js";
import { Rng } from "../../src/core/rng.js";
import { normalOrders } from "../../src/rules/space-war/bot/bot.js";
import { type CampaignInputs, createCampaign } from "../../src/rules/space-war/campaign-sequence/create.js";
import { spaceWar } from "../../src/rules/space-war/index.js";
import type { SpaceWarState } from "../../src/rules/space-war/model.js";
import type { Orders } from "../../src/rules/space-war/orders.js";

export type BotName = "normal" | "random" | "passive";

export const BOTS: Readonly<Record<BotName, (known: SpaceWarState, seat: SeatId, rng: Rng) => Orders>> = {
  normal: normalOrders,
  // The random-legal bot: the seat's menus drawn at random (presentation/legal-orders.ts).
  random: (known, seat, rng) => spaceWar.randomOrders(known, seat, rng),
  passive: (known, seat) => ({ seat, step: known.step, orders: [] }),
};

/** Steps a game may take before it counts as unfinished. */
export const MAX_STEPS = 1500;

export interface Played {
  state: SpaceWarState;
  steps: number;
  /** The campaign's winners (or the one game's), none when unfinished. */
  winners: SeatId[];
  finished: boolean;
  /** Problems each seat's orders met ("step 12: #3 move blue-2: ..."). */
  problems: Record<SeatId, string[]>;
  ms: number;
}

/** One game (or campaign) from seed `seed`, `blue`'s bot against `red`'s. */
export function play(
  seed: number,
  blue: BotName,
  red: BotName,
  inputs: CampaignInputs = { games: 1, scenario: "squadron-action", budget: "normal" },
  maxSteps = MAX_STEPS,
): Played {
  const started = performance.now();
  let state = createCampaign(inputs);
  const bots: Record<SeatId, BotName> = { blue, red };
  const problems: Record<SeatId, string[]> = { blue: [], red: [] };
  let steps = 0;
  while (!state.outcome && steps < maxSteps) {
    const seats = spaceWar.awaiting(state);
    if (seats.length === 0) break;
    const orders: Record<SeatId, Orders> = {};
    for (const seat of seats) {
      const bot = BOTS[bots[seat] ?? "passive"];
      orders[seat] = bot(spaceWar.knownState(state, seat), seat, Rng.forTurn(seed, state.step, `bot-${seat}`));
    }
    const r = spaceWar.resolve(state, orders, Rng.forTurn(seed, state.step));
    for (const [seat, ps] of Object.entries(r.problems))
      for (const p of ps) (problems[seat] ??= []).push(`step ${state.step}: ${p.order}: ${p.message} (${p.code})`);
    state = r.state;
    steps++;
  }
  // A single game: its winner; a campaign: the campaign's (the most medals, reference E.10).
  const last = state.campaign.results.at(-1);
  const single = inputs.games === 1 && last !== undefined;
  const winners = single ? (last.winner === "draw" ? [] : [last.winner]) : (state.outcome?.winners ?? []);
  return { state, steps, winners, finished: single || state.outcome !== undefined, problems, ms: performance.now() - started };
}

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
  unfinished: number;
}

/** How `seat` fared over the games. */
export function tally(games: readonly Played[], seat: SeatId): Tally {
  const t: Tally = { wins: 0, draws: 0, losses: 0, unfinished: 0 };
  for (const g of games) {
    if (!g.finished) t.unfinished++;
    else if (g.winners.includes(seat)) t.wins++;
    else if (g.winners.length === 0) t.draws++;
    else t.losses++;
  }
  return t;
}

export const TABLE_HEAD =
  "| matchup | games | wins | draws | losses | unfinished | mean steps | mean time |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";

export function row(label: string, seat: SeatId, games: readonly Played[]): string {
  const t = tally(games, seat);
  const steps = games.reduce((a, g) => a + g.steps, 0) / Math.max(1, games.length);
  const ms = games.reduce((a, g) => a + g.ms, 0) / Math.max(1, games.length);
  return `| ${label} | ${games.length} | ${t.wins} | ${t.draws} | ${t.losses} | ${t.unfinished} | ${steps.toFixed(0)} | ${ms.toFixed(0)} ms |`;
}
