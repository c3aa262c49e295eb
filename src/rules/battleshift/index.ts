/**
 * The `battleshift` ruleset: seed 004, mass fleet battles in inches with
 * alternating taskforce activations (DESIGN.md: "secret activation sheets, then
 * alternate taskforce activations").
 *
 * Steps: at the start of every turn both seats write their order sheet (awaiting
 * both); then each step is one activation and awaits the seat whose taskforce (or
 * detached squadron) activates next. `turn(state)` is the step number.
 */
import type { GameEvent } from "../../core/events.js";
import { isId, own } from "../../core/ids.js";
import { canonicalJson, cloneData } from "../../core/json.js";
import { addressed } from "../../core/orders.js";
import { err, ok, type Problem } from "../../core/result.js";
import { Rng } from "../../core/rng.js";
import type { Check, CheckLine, Ruleset, Scenario } from "../../core/ruleset.js";
import { botOrders, randomLegalOrders, randomOrders } from "./bot/bot.js";
import { Ctx } from "./context.js";
import { type BsEvent, visibleTo } from "./events.js";
import { type Fleet, fleetFileSchema, parseFleet } from "./fleet/fleet.js";
import {
  createBattle,
  fleetsFrom,
  OUTPOST_TERRAIN,
  PLANETFALL_FLEETS,
  PLAYTEST_FLEETS,
  planetfall,
  SKIRMISH_FLEETS,
  veteranOutpost,
} from "./fleet/setup.js";
import type { BattleState, SideId } from "./model.js";
import { sideIds } from "./model.js";
import { type Orders, ordersSchema, parseGivenOrders, parseOrders } from "./orders.js";
import { planetStep } from "./planets/planet-orders.js";
import { bodyName } from "./planets/planet-play.js";
import { knownState } from "./presentation/known-state.js";
import { standings } from "./presentation/standings.js";
import { type BattleView, reportFor, templateFor, viewFor } from "./presentation/view.js";
import { parseState } from "./state-schema.js";
import { fleetCheckTool, oddsTool, replayTool } from "./tools.js";
import { runActivation } from "./turn/activation.js";
import { legalOrders } from "./turn/legal-orders.js";
import { activationUnit, applySheet, awaitingSides, currentSlot, resolveStep } from "./turn/turn.js";
import { withVictoryInput } from "./victory-input.js";

/** An event of the contract: the engine's event with the step it happened in (core/events.ts). */
export type BsGameEvent = BsEvent & GameEvent;

/** The step an engine event happened in, by name: "turn 2, order sheets", "turn 2, activation 5". */
function withStep(e: BsEvent): BsGameEvent {
  if (e.kind === "problem") return e;
  return {
    ...e,
    step: e.act === 0 && e.kind === "note" && e.what === "sheet" ? `turn ${e.turn}, order sheets` : `turn ${e.turn}, activation ${e.act}`,
  };
}

/** Fleet files, by input name "fleet": none (the scenario's own fleets) or two (blue, then red). */
interface FleetInputs {
  fleets: Fleet[] | null;
}

function parseFleets(raw: Readonly<Record<string, readonly unknown[]>>, required: boolean) {
  const files = raw.fleet ?? [];
  if (files.length === 0 && !required) return ok<FleetInputs>({ fleets: null });
  if (files.length !== 2) {
    return err<Problem[]>([
      { order: "fleet", code: "two-fleets", message: `a battle takes two fleet files (--fleet A --fleet B), not ${files.length}` },
    ]);
  }
  const fleets: Fleet[] = [];
  const problems: Problem[] = [];
  files.forEach((f, i) => {
    const p = parseFleet(f);
    if (p.ok) fleets.push(p.value);
    else for (const e of p.error) problems.push({ ...e, order: `fleet ${i + 1} (${i === 0 ? "blue" : "red"}): ${e.order}` });
  });
  return problems.length > 0 ? err(problems) : ok<FleetInputs>({ fleets });
}

/**
 * Definitions, "Fleet": fleets "are bought at the start of the game, based on a point cost system"; two fleets of
 * different totals are legal (a scenario may want it) but worth a warning naming both (issue 9 item 19).
 */
function fleetWarnings(inputs: FleetInputs): string[] {
  const [blue, red] = inputs.fleets ?? [];
  if (!blue || !red || blue.points === red.points) return [];
  return [
    `the fleets are not of equal points: ${blue.name} (blue) is ${blue.points} points and ${red.name} (red) ${red.points} points (a difference of ${Math.abs(blue.points - red.points)}); fleets are bought to an agreed total (fleet check --points N)`,
  ];
}

const FLEET_INPUT = (min: number) => [
  { name: "fleet", description: "a fleet file (YAML or JSON), once per side: blue first, then red", min, max: 2, schema: fleetFileSchema },
];

/** A scenario over the playtest fleets unless two fleet files are given. */
function withFleets(
  id: string,
  title: string,
  description: string,
  create: (seed: number, fleets: Fleet[]) => BattleState,
  fallback: readonly unknown[],
): Scenario<BattleState, FleetInputs> {
  return {
    id,
    title,
    description,
    inputs: FLEET_INPUT(0),
    parseInputs: (raw) => parseFleets(raw, false),
    create: (seed, inputs) => create(seed, inputs.fleets ?? fleetsFrom(fallback)),
    warnings: fleetWarnings,
  };
}

/** The scenarios, each taking the `victory` input (a turn limit) besides its own. */
function withTurnLimits(scenarios: Record<string, Scenario<BattleState>>): Record<string, Scenario<BattleState>> {
  return Object.fromEntries(
    Object.entries(scenarios).map(([id, sc]) => [id, withVictoryInput(sc as Scenario<BattleState, object>) as Scenario<BattleState>]),
  );
}

export const battleshift: Ruleset<BattleState, Orders, BattleView, BsGameEvent> = {
  id: "battleshift",
  version: "1",
  title: "Battleshift",
  summary: "mass fleet battles on a table measured in inches, secret order sheets then alternate activations (seed 004)",
  seatNoun: "side",
  structure: "phased",
  defaultScenario: "playtest",
  // Every scenario also takes its turn limit (victory-input.ts).
  scenarios: withTurnLimits({
    default: {
      id: "default",
      title: "Fleet against fleet",
      description:
        "two fleet files (--fleet A --fleet B): blue enters along the west edge facing east, red along the east edge facing west",
      inputs: FLEET_INPUT(2),
      parseInputs: (raw) => parseFleets(raw, true),
      create: (seed, inputs) => createBattle({ seed, scenario: "default", fleets: inputs.fleets ?? [] }).state,
      warnings: fleetWarnings,
    } satisfies Scenario<BattleState, FleetInputs> as Scenario<BattleState>,
    playtest: {
      id: "playtest",
      title: "The 160-ship playtest",
      description: "the seed's largest playtest: 80 generic sample ships against 80 Raishek ships on a 6' x 4' table",
      inputs: [],
      parseInputs: () => ok({}),
      create: (seed) => createBattle({ seed, scenario: "playtest", fleets: fleetsFrom(PLAYTEST_FLEETS) }).state,
    },
    skirmish: withFleets(
      "skirmish",
      "A skirmish",
      "two small fleets of 200 points, 8 ships against 7: the Terran Home Fleet (blue) against the Raishek Raiders (red), as in examples/battleshift/fleets (fleets from --fleet files if given)",
      (seed, fleets) => createBattle({ seed, scenario: "skirmish", fleets }).state,
      SKIRMISH_FLEETS,
    ) as Scenario<BattleState>,
    outpost: withFleets(
      "outpost",
      "The outpost",
      "the playtest fleets over a planet with a moon (gravity wells), an asteroid field, dust clouds and a nebula; red holds an orbital defense station (fleets from --fleet files if given)",
      (seed, fleets) =>
        createBattle({
          seed,
          scenario: "outpost",
          fleets,
          battlespace: { widthFt: 6, depthFt: 4, terrain: OUTPOST_TERRAIN.map((t) => ({ ...t })), noShifting: false },
          stations: [{ side: "red", design: "station/orbital-defense", x: 40, y: 24, facing: 270 }],
        }).state,
      PLAYTEST_FLEETS,
    ) as Scenario<BattleState>,
    veterans: withFleets(
      "veterans",
      "The outpost, with the experimental rules",
      "the outpost with formations (cone, ring) and experience on, veteran squadrons on both sides, a hazardous asteroid field and plasma nebula, a minefield, a gravity rift and a small singularity (fleets from --fleet files if given)",
      veteranOutpost,
      PLAYTEST_FLEETS,
    ) as Scenario<BattleState>,
    planetfall: withFleets(
      "planetfall",
      "Planetfall",
      "planets and moons in play (extremely experimental): red defends the planet Kethra (defense size 6) and its moon (size 3), quadrant by quadrant; blue brings landing ships for ground assaults (fleets from --fleet files if given)",
      planetfall,
      PLANETFALL_FLEETS,
    ) as Scenario<BattleState>,
  }),
  ordersSchema,
  parseOrders: (raw) => addressed(parseOrders(raw), "side", "step"),
  parseState,
  describe: (state) => ({
    ruleset: "battleshift",
    seats: sideIds(state).map((id) => ({ id, name: `${state.sides[id]?.name ?? id} (${id})` })),
    seatNoun: "side",
    structure: "phased",
    summary: `turn ${state.turn}, step ${state.step}: ${sideIds(state)
      .map((id) => `${state.sides[id]?.name ?? id} ${state.sides[id]?.vp ?? 0} VP`)
      .join(", ")}`,
  }),
  seats: (state) => sideIds(state),
  awaiting: (state) => awaitingSides(state),
  step: (state) => state.step,
  label: (state) => stepLabel(state),
  ordersTemplate: (state, seat) => templateFor(state, seat, botOrders(knownState(state, seat), seat)),
  // RULINGS.md "A side that sends no orders": the sheet lists its taskforces in id order with no battleshift;
  // in its activations its squadrons hold position and hold fire.
  defaultOrders: (state, seat) => ({ side: seat, step: state.step, orders: [] }),
  legalOrders,
  knownState,
  check: checkOrders,
  resolve: (state, ordersBySeat, rng) => {
    const r = resolveStep(state, ordersBySeat as Record<SideId, Orders | undefined>, rng);
    return { state: r.state, problems: r.problems, events: r.events.map(withStep) };
  },
  view: viewFor,
  report: reportFor,
  standings,
  outcome: (state) => state.outcome,
  randomOrders: (state, seat, rng) => randomOrders(state, seat, rng),
  secrets(state, seat) {
    const out: string[] = [];
    const ts = state.turnState;
    for (const side of sideIds(state)) {
      if (side === seat) continue;
      const seq = ts.sequences[side];
      if (seq && seq.length > (ts.activated[side]?.length ?? 0)) out.push(`"sequence":${canonicalJson(seq)}`);
      for (const p of ts.planned[side] ?? []) out.push(canonicalJson(p));
      for (const sq of Object.values(state.squadrons)) {
        if (sq.side === side && sq.arrival) out.push(`"arrival":${canonicalJson(sq.arrival)}`);
      }
    }
    return out;
  },
  bots: {
    normal: {
      summary: "fights sensibly: sequences by distance, focused and synchronised fire, block moves, missiles, fighters, shifts",
      play: (known, seat) => botOrders(known, seat),
    },
    random: { summary: "random legal orders: every order passes the engine's own checks", play: randomLegalOrders },
  },
  tools: { "fleet-check": fleetCheckTool, odds: oddsTool, replay: replayTool },
};

/** "step 9: turn 2, order sheets", "step 10: turn 2, red activation 3", "step 40: the battle is over". */
export function stepLabel(state: BattleState): string {
  const ts = state.turnState;
  if (state.outcome || ts.phase === "over") return `step ${state.step}: the battle is over`;
  if (ts.phase === "sequences") return `step ${state.step}: turn ${state.turn}, order sheets`;
  const slot = currentSlot(state);
  return `step ${state.step}: turn ${state.turn}, ${slot ? `${slot.side} ` : ""}activation ${state.activationNo + 1}`;
}

/** Preview orders on a copy with stand-in dice: each order's legality and the measured figures behind it. */
export function checkOrders(state: BattleState, seat: SideId, given: Orders): Check {
  if (!isId(seat) || !own(state.sides, seat)) {
    const named = JSON.stringify(seat.length > 40 ? `${seat.slice(0, 40)}...` : seat);
    const p = { order: "orders", code: "unknown-side", message: `no side ${named} in this battle; sides: ${sideIds(state).join(", ")}` };
    return { ok: false, lines: [{ step: "Orders", order: "", text: p.message, ok: false }], problems: [p] };
  }
  // Orders arrive parsed; checked again so that orders no parser saw fail as problems, never throw.
  // Problems name each order by its place in the file as written, the skipped ones counted (issue 9 item 5).
  const { orders, problems: malformed, positions } = parseGivenOrders(given);
  if (malformed.length > 0) {
    const lines = malformed.map((p) => ({ step: "Orders", order: p.order, text: `refused: ${p.message} (${p.code})`, ok: false }));
    const rest = checkOrders(state, seat, orders);
    return { ok: false, lines: [...lines, ...rest.lines], problems: [...malformed, ...rest.problems] };
  }
  const skipped = orders.skipped ?? [];
  const skippedLines: CheckLine[] = skipped.map((at) => ({
    step: "Orders",
    order: `#${at}`,
    text: "skipped as malformed (its problem says why)",
    ok: false,
  }));
  // One verdict (issue 9 item 15): every failing line below comes with a problem, so `ok`, the lines and the
  // problems agree, and the command's exit code with them.
  const refuse = (order: string, code: string, message: string): Check => ({
    ok: false,
    lines: [{ step: "Orders", order, text: message, ok: false }],
    problems: [{ order, code, message }],
  });
  if (orders.side !== undefined && orders.side !== seat)
    return refuse("side", "wrong-side", `these orders are for side "${orders.side}", not for "${seat}": nothing in them is checked`);
  const copy = cloneData(state);
  const rng = Rng.forTurn(state.seed, state.step, "check");
  const ctx = new Ctx(copy, rng, seat, true);
  ctx.orderPositions = positions;
  ctx.lines.push(...skippedLines);
  const ts = copy.turnState;
  if (copy.outcome || ts.phase === "over") return refuse("", "game-over", "the battle is over; it takes no more orders");
  if (orders.step !== undefined && orders.step !== state.step)
    return refuse("step", "wrong-step", `these orders are for step ${orders.step}; the game is at step ${state.step}`);
  if (ts.phase === "sequences") {
    applySheet(ctx, orders.orders);
  } else {
    const slot = currentSlot(copy);
    if (!slot || slot.side !== seat) {
      const now = `step ${state.step} is ${slot ? `${slot.side}'s activation` : "not an activation"}`;
      if (orders.orders.length === 0)
        return {
          ok: true,
          lines: [{ step: "Orders", order: "", text: `${now}; no orders are needed from you now`, ok: true }],
          problems: [],
        };
      const n = orders.orders.length;
      return refuse(
        "",
        "not-your-activation",
        `${now}: your ${n === 1 ? "order is" : `${n} orders are`} not taken now; send them when your activation comes`,
      );
    }
    copy.activationNo++;
    const planet = slot.taskforce && copy.settings.planets ? copy.planets?.[slot.taskforce] : undefined;
    if (planet) {
      ctx.ok("Activation", "", `${bodyName(planet)} activates (dice are stand-ins in a check)`);
      planetStep(ctx, planet, orders.orders);
      return { ok: ctx.problems.length === 0 && skipped.length === 0, lines: ctx.lines, problems: ctx.problems };
    }
    const unit = activationUnit(copy, slot, orders.orders);
    ctx.ok(
      "Activation",
      "",
      `${unit.taskforce ? `taskforce ${unit.taskforce}` : `detached squadron ${unit.squadrons[0]?.id ?? "(none)"}`} activates (dice are stand-ins in a check: later orders may see different results)`,
    );
    runActivation(ctx, unit, orders.orders);
  }
  return { ok: ctx.problems.length === 0 && skipped.length === 0, lines: ctx.lines, problems: ctx.problems };
}

export { botOrders, randomLegalOrders } from "./bot/bot.js";
export type { BsEvent } from "./events.js";
export type { BattleState } from "./model.js";
export type { Order, Orders } from "./orders.js";
export type { BattleView } from "./presentation/view.js";

/** Only the events `seat` may see. */
export function visibleEvents(events: readonly BsEvent[], seat: SideId): BsEvent[] {
  return events.filter((e) => visibleTo(e, seat));
}
