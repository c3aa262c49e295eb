/**
 * Space War games played by bots, for the bot measures of issue 13 "Win rates" (test/space-war/bots.test.ts) and the
 * benchmarks (bench/space-war-*.bench.ts): the ruleset's own `knownState` and `resolve`, a bot on every seat.
 */
import type { SeatId } from "../../src/core/ids.js";
import { Rng } from "../../src/core/rng.js";
import { normalOrders } from "../../src/rules/space-war/bot/bot.js";
import { type CampaignInputs, createCampaign } from "../../src/rules/space-war/campaign-sequence/create.js";
import { spaceWar } from "../../src/rules/space-war/index.js";
import type { Role, Side, SpaceWarState } from "../../src/rules/space-war/model.js";
import type { Orders } from "../../src/rules/space-war/orders.js";
import type { ScenarioId } from "../../src/rules/space-war/scenarios/scenarios.js";

export type BotName = "normal" | "random" | "passive";

export const BOTS: Readonly<Record<BotName, (known: SpaceWarState, seat: SeatId, rng: Rng) => Orders>> = {
  normal: normalOrders,
  // The random-legal bot: the seat's menus drawn at random (presentation/legal-orders.ts).
  random: (known, seat, rng) => spaceWar.randomOrders(known, seat, rng),
  passive: (known, seat) => ({ seat, step: known.step, orders: [] }),
};

/** Steps a game may take before it counts as unfinished. */
export const MAX_STEPS = 1500;

/**
 * Who plays each seat: by seat id ("blue"), by the role the seat commands this game ("ct", "squadron", "escort",
 * "attacker", "machine": each-game.ts `assignRoles`), or by its Wall of Battle alliance ("side1", "side2"); a seat
 * named first. Roles and sides are diced as the game begins, after the designs: `setUp` learns them beforehand from
 * the same seed (the dice of that step do not depend on the orders), so the right bot designs for its side too.
 */
export type Lineup = Readonly<Record<string, BotName>>;

/** A game's roles and alliances from its seed: the design step played with the normal bot on every seat. */
export function setUp(seed: number, inputs: CampaignInputs): { roles?: Record<SeatId, Role>; sides?: Record<SeatId, Side> } {
  let state = createCampaign(inputs);
  for (let i = 0; i < 5 && !state.campaign.roles; i++) {
    const orders: Record<SeatId, Orders> = {};
    for (const seat of spaceWar.awaiting(state)) orders[seat] = normalOrders(spaceWar.knownState(state, seat), seat, Rng.fromSeed(0));
    state = spaceWar.resolve(state, orders, Rng.forTurn(seed, state.step)).state;
  }
  return { roles: state.campaign.roles, sides: state.campaign.sides };
}

/** The bot for a seat under the lineup, the roles and the sides. */
function botOf(lineup: Lineup, seat: SeatId, roles?: Record<SeatId, Role>, sides?: Record<SeatId, Side>): BotName {
  const role = roles?.[seat];
  const side = sides?.[seat];
  return lineup[seat] ?? (role && lineup[role]) ?? (side && lineup[`side${side}`]) ?? "passive";
}

export interface Played {
  seed: number;
  state: SpaceWarState;
  steps: number;
  /** The campaign's winners (or the one game's; the Wall of Battle's: the whole alliance), none when unfinished. */
  winners: SeatId[];
  finished: boolean;
  /** Problems each seat's orders met ("step 12: #3 move blue-2: ..."). */
  problems: Record<SeatId, string[]>;
  /** Which bot played each seat. */
  bots: Record<SeatId, BotName>;
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
  return playLineup(seed, { blue, red }, inputs, maxSteps);
}

/** One step with the normal bot on every awaited seat (each from its known state): the state after it and the codes refused. */
export function normalStep(state: SpaceWarState, seed: number): { state: SpaceWarState; codes: string[] } {
  const orders: Record<SeatId, Orders> = {};
  for (const seat of spaceWar.awaiting(state))
    orders[seat] = BOTS.normal(spaceWar.knownState(state, seat), seat, Rng.forTurn(seed, state.step, `bot-${seat}`));
  const r = spaceWar.resolve(state, orders, Rng.forTurn(seed, state.step));
  return { state: r.state, codes: Object.values(r.problems).flatMap((ps) => ps.map((p) => p.code)) };
}

/** One game (or campaign) from seed `seed`, the bots as the lineup says (by seat, role or alliance). */
export function playLineup(
  seed: number,
  lineup: Lineup,
  inputs: CampaignInputs = { games: 1, scenario: "squadron-action", budget: "normal" },
  maxSteps = MAX_STEPS,
): Played {
  const started = performance.now();
  let state = createCampaign(inputs);
  const seatIds = state.seats.map((s) => s.id);
  const bySeat = seatIds.every((s) => lineup[s] !== undefined);
  const probe = bySeat ? {} : setUp(seed, inputs);
  const bots: Record<SeatId, BotName> = {};
  for (const s of seatIds) bots[s] = botOf(lineup, s, probe.roles, probe.sides);
  const problems: Record<SeatId, string[]> = Object.fromEntries(seatIds.map((s) => [s, []]));
  let steps = 0;
  while (!state.outcome && steps < maxSteps) {
    const seats = spaceWar.awaiting(state);
    if (seats.length === 0) break;
    const orders: Record<SeatId, Orders> = {};
    for (const seat of seats) {
      // Once the game has begun its own roles and sides say who is who (a campaign dices them every game).
      const bot = BOTS[botOf(lineup, seat, state.campaign.roles ?? probe.roles, state.campaign.sides ?? probe.sides)];
      orders[seat] = bot(spaceWar.knownState(state, seat), seat, Rng.forTurn(seed, state.step, `bot-${seat}`));
    }
    const r = spaceWar.resolve(state, orders, Rng.forTurn(seed, state.step));
    for (const [seat, ps] of Object.entries(r.problems))
      for (const p of ps) (problems[seat] ??= []).push(`step ${state.step}: ${p.order}: ${p.message} (${p.code})`);
    state = r.state;
    steps++;
  }
  if (!bySeat && inputs.games === 1)
    for (const s of seatIds)
      if (botOf(lineup, s, state.campaign.roles, state.campaign.sides) !== bots[s])
        throw new Error(`seed ${seed}: ${s}'s role or side is not the one its seed foretold`);
  // A single game: its winner (the Wall of Battle's: the alliance); a campaign: the campaign's (the most medals, E.10).
  const last = state.campaign.results.at(-1);
  const single = inputs.games === 1 && last !== undefined;
  const winners = single ? (last.winner === "draw" ? [] : (last.winners ?? [last.winner])) : (state.outcome?.winners ?? []);
  return { seed, state, steps, winners, finished: single || state.outcome !== undefined, problems, bots, ms: performance.now() - started };
}

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
  unfinished: number;
}

/** A seat of each game: a seat id, or the first seat the game's lineup gave that bot ("normal"). */
export type Whose = SeatId | ((g: Played) => SeatId | undefined);

/** The first seat a bot played in the game. */
export const seatOfBot =
  (bot: BotName) =>
  (g: Played): SeatId | undefined =>
    Object.keys(g.bots).find((s) => g.bots[s] === bot);

/** How `seat` fared over the games. */
export function tally(games: readonly Played[], seat: Whose): Tally {
  const t: Tally = { wins: 0, draws: 0, losses: 0, unfinished: 0 };
  for (const g of games) {
    const who = typeof seat === "function" ? seat(g) : seat;
    if (!g.finished) t.unfinished++;
    else if (who !== undefined && g.winners.includes(who)) t.wins++;
    else if (g.winners.length === 0) t.draws++;
    else t.losses++;
  }
  return t;
}

export const TABLE_HEAD =
  "| matchup | games | wins | draws | losses | unfinished | mean steps | mean time |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";

export function row(label: string, seat: Whose, games: readonly Played[]): string {
  const t = tally(games, seat);
  const steps = games.reduce((a, g) => a + g.steps, 0) / Math.max(1, games.length);
  const ms = games.reduce((a, g) => a + g.ms, 0) / Math.max(1, games.length);
  return `| ${label} | ${games.length} | ${t.wins} | ${t.draws} | ${t.losses} | ${t.unfinished} | ${steps.toFixed(0)} | ${ms.toFixed(0)} ms |`;
}

/** One measured matchup: a scenario, the lineup, and whose results the row counts. */
export interface Matchup {
  label: string;
  inputs: CampaignInputs;
  lineup: Lineup;
  /** The seat the row reports: the normal bot's (against random), or the first side's (normal against normal). */
  whose: Whose;
}

/** The seat holding a role this game. */
export const seatOfRole =
  (role: Role) =>
  (g: Played): SeatId | undefined =>
    Object.keys(g.state.campaign.roles ?? {}).find((s) => g.state.campaign.roles?.[s] === role);

/** The first seat of an alliance this game. */
export const seatOfSide =
  (side: Side) =>
  (g: Played): SeatId | undefined =>
    Object.keys(g.state.campaign.sides ?? {}).find((s) => g.state.campaign.sides?.[s] === side);

/** The scenarios with sides (l.895-1008) and who commands each side (each-game.ts `SIDES`). */
export const SCENARIO_SIDES: readonly { scenario: ScenarioId; title: string; sides: readonly [Role, Role] }[] = [
  { scenario: "cultural-terrorists", title: "2.0 Cultural Terrorists", sides: ["squadron", "ct"] },
  { scenario: "convoy-escort", title: "3.0 Convoy Escort", sides: ["escort", "attacker"] },
  { scenario: "machine-wars", title: "4.0 Machine Wars", sides: ["squadron", "machine"] },
  { scenario: "machine-wars-ii", title: "5.0 Machine Wars II", sides: ["squadron", "machine"] },
];

const ROLE_NAMES: Readonly<Record<Role, string>> = {
  squadron: "defending squadron",
  ct: "CT's",
  machine: "machines",
  escort: "escort",
  attacker: "attackers",
};

/**
 * Every measured matchup (issue 13 "Win rates"): 1.0 Squadron Action each seat; each scenario with sides, the normal
 * bot on each side against the random-legal bot, and normal against normal (the side balance); 6.0 Wall of Battle,
 * four squadrons, a normal alliance against a random one, each side, and normal against normal.
 */
export function matchups(): Matchup[] {
  const one = (scenario: ScenarioId): CampaignInputs => ({ games: 1, scenario, budget: "normal" });
  const out: Matchup[] = [
    { label: "1.0 normal blue v random red", inputs: one("squadron-action"), lineup: { blue: "normal", red: "random" }, whose: "blue" },
    { label: "1.0 normal red v random blue", inputs: one("squadron-action"), lineup: { blue: "random", red: "normal" }, whose: "red" },
    {
      label: "1.0 normal blue v normal red (blue's view)",
      inputs: one("squadron-action"),
      lineup: { blue: "normal", red: "normal" },
      whose: "blue",
    },
  ];
  for (const { scenario, title, sides } of SCENARIO_SIDES) {
    const [a, b] = sides;
    out.push(
      {
        label: `${title}: normal ${ROLE_NAMES[a]} v random ${ROLE_NAMES[b]}`,
        inputs: one(scenario),
        lineup: { [a]: "normal", [b]: "random" },
        whose: seatOfRole(a),
      },
      {
        label: `${title}: normal ${ROLE_NAMES[b]} v random ${ROLE_NAMES[a]}`,
        inputs: one(scenario),
        lineup: { [a]: "random", [b]: "normal" },
        whose: seatOfRole(b),
      },
      {
        label: `${title}: normal v normal (the ${ROLE_NAMES[a]}'s view)`,
        inputs: one(scenario),
        lineup: { [a]: "normal", [b]: "normal" },
        whose: seatOfRole(a),
      },
    );
  }
  const wall: CampaignInputs = { games: 1, scenario: "wall-of-battle", budget: "normal", squadrons: 4 };
  out.push(
    {
      label: "6.0 Wall of Battle (4): normal side 1 v random side 2",
      inputs: wall,
      lineup: { side1: "normal", side2: "random" },
      whose: seatOfSide(1),
    },
    {
      label: "6.0 Wall of Battle (4): normal side 2 v random side 1",
      inputs: wall,
      lineup: { side1: "random", side2: "normal" },
      whose: seatOfSide(2),
    },
    {
      label: "6.0 Wall of Battle (4): normal v normal (side 1's view)",
      inputs: wall,
      lineup: { side1: "normal", side2: "normal" },
      whose: seatOfSide(1),
    },
  );
  return out;
}

/** Did the seat the matchup reports win the game? */
export const won = (m: Matchup, g: Played): boolean => {
  const who = typeof m.whose === "function" ? m.whose(g) : m.whose;
  return g.finished && who !== undefined && g.winners.includes(who);
};
