/**
 * The `battleshift` ruleset: seed 004, mass fleet battles in inches with
 * alternating taskforce activations (DESIGN.md: "secret activation sheets, then
 * alternate taskforce activations").
 *
 * Steps: at the start of every turn both seats write their order sheet (awaiting
 * both); then each step is one activation and awaits the seat whose taskforce (or
 * detached squadron) activates next. `turn(state)` is the step number.
 */
import { isId, own } from "../../core/ids.js";
import { canonicalJson, cloneData } from "../../core/json.js";
import { Rng } from "../../core/rng.js";
import type { Check, Ruleset } from "../../core/ruleset.js";
import { runActivation } from "./activation.js";
import { botOrders, randomOrders } from "./bot.js";
import { Ctx } from "./context.js";
import { type BsEvent, visibleTo } from "./events.js";
import type { BattleState, SideId } from "./model.js";
import { sideIds } from "./model.js";
import { type Orders, ordersSchema, parseOrders } from "./orders.js";
import { planetStep } from "./planet-orders.js";
import { bodyName } from "./planet-play.js";
import { createBattle, fleetsFrom, OUTPOST_TERRAIN, PLANETFALL_FLEETS, PLAYTEST_FLEETS, planetfall, veteranOutpost } from "./setup.js";
import { parseState } from "./state-schema.js";
import { activationUnit, applySheet, awaitingSides, currentSlot, resolveStep } from "./turn.js";
import { type BattleView, reportFor, templateFor, viewFor } from "./view.js";

export const battleshift: Ruleset<BattleState, Orders, BattleView, BsEvent> = {
  id: "battleshift",
  title: "Battleshift",
  scenarios: {
    default: {
      id: "default",
      title: "Fleet against fleet",
      description:
        "two fleet files (--fleet A --fleet B): blue enters along the west edge facing east, red along the east edge facing west",
      create: ({ seed, fleets }) => createBattle({ seed, scenario: "default", fleets: fleetsFrom(fleets) }).state,
    },
    playtest: {
      id: "playtest",
      title: "The 160-ship playtest",
      description: "the seed's largest playtest: 80 generic sample ships against 80 Raishek ships on a 6' x 4' table",
      create: ({ seed }) => createBattle({ seed, scenario: "playtest", fleets: fleetsFrom(PLAYTEST_FLEETS) }).state,
    },
    outpost: {
      id: "outpost",
      title: "The outpost",
      description:
        "the playtest fleets over a planet with a moon (gravity wells), an asteroid field, dust clouds and a nebula; red holds an orbital defense station (fleets from --fleet files if given)",
      create: ({ seed, fleets }) =>
        createBattle({
          seed,
          scenario: "outpost",
          fleets: fleetsFrom(fleets && fleets.length > 0 ? fleets : PLAYTEST_FLEETS),
          battlespace: { widthFt: 6, depthFt: 4, terrain: OUTPOST_TERRAIN.map((t) => ({ ...t })), noShifting: false },
          stations: [{ side: "red", design: "station/orbital-defense", x: 40, y: 24, facing: 270 }],
        }).state,
    },
    veterans: {
      id: "veterans",
      title: "The outpost, with the experimental rules",
      description:
        "the outpost with formations (cone, ring) and experience on, veteran squadrons on both sides, a hazardous asteroid field and plasma nebula, a minefield, a gravity rift and a small singularity (fleets from --fleet files if given)",
      create: ({ seed, fleets }) => veteranOutpost(seed, fleetsFrom(fleets && fleets.length > 0 ? fleets : PLAYTEST_FLEETS)),
    },
    planetfall: {
      id: "planetfall",
      title: "Planetfall",
      description:
        "planets and moons in play (extremely experimental): red defends the planet Kethra (defense size 6) and its moon (size 3), quadrant by quadrant; blue brings landing ships for ground assaults (fleets from --fleet files if given)",
      create: ({ seed, fleets }) => planetfall(seed, fleetsFrom(fleets && fleets.length > 0 ? fleets : PLANETFALL_FLEETS)),
    },
  },
  ordersSchema: ordersSchema as unknown as Ruleset<BattleState, Orders, BattleView, BsEvent>["ordersSchema"],
  parseOrders,
  parseState,
  seats: (state) => sideIds(state),
  awaiting: (state) => awaitingSides(state),
  ordersTemplate: (state, seat) => templateFor(state, seat, botOrders(state, seat)),
  emptyOrders: () => ({ orders: [] }),
  check: checkOrders,
  resolve: (state, ordersBySeat, rng) => resolveStep(state, ordersBySeat as Record<SideId, Orders | undefined>, rng),
  view: viewFor,
  report: reportFor,
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
  turn: (state) => state.step,
};

/** Preview orders on a copy with stand-in dice: each order's legality and the measured figures behind it. */
export function checkOrders(state: BattleState, seat: SideId, given: Orders): Check {
  if (!isId(seat) || !own(state.sides, seat)) {
    const named = JSON.stringify(seat.length > 40 ? `${seat.slice(0, 40)}...` : seat);
    const p = { order: "orders", code: "unknown-side", message: `no side ${named} in this battle; sides: ${sideIds(state).join(", ")}` };
    return { ok: false, lines: [{ step: "Orders", order: "", text: p.message, ok: false }], problems: [p] };
  }
  // Orders arrive parsed; checked again so that orders no parser saw fail as problems, never throw.
  const { orders, problems: malformed } = parseOrders(given);
  if (malformed.length > 0) {
    const lines = malformed.map((p) => ({ step: "Orders", order: p.order, text: `refused: ${p.message} (${p.code})`, ok: false }));
    const rest = checkOrders(state, seat, orders);
    return { ok: false, lines: [...lines, ...rest.lines], problems: [...malformed, ...rest.problems] };
  }
  const copy = cloneData(state);
  const rng = Rng.forTurn(state.seed, state.step, "check");
  const ctx = new Ctx(copy, rng, seat, true);
  const ts = copy.turnState;
  if (copy.outcome || ts.phase === "over") {
    return { ok: false, lines: [{ step: "Battle", order: "", text: "the battle is over", ok: false }], problems: [] };
  }
  if (orders.step !== undefined && orders.step !== state.step) {
    const p = { order: "step", code: "wrong-step", message: `these orders are for step ${orders.step}; the game is at step ${state.step}` };
    return { ok: false, lines: [{ step: "Orders", order: "step", text: p.message, ok: false }], problems: [p] };
  }
  if (ts.phase === "sequences") {
    applySheet(ctx, orders.orders);
  } else {
    const slot = currentSlot(copy);
    if (!slot || slot.side !== seat) {
      const text = `step ${state.step} is ${slot ? `${slot.side}'s activation` : "not an activation"}; your orders are not needed now`;
      return { ok: orders.orders.length === 0, lines: [{ step: "Orders", order: "", text, ok: orders.orders.length === 0 }], problems: [] };
    }
    copy.activationNo++;
    const planet = slot.taskforce && copy.settings.planets ? copy.planets?.[slot.taskforce] : undefined;
    if (planet) {
      ctx.ok("Activation", "", `${bodyName(planet)} activates (dice are stand-ins in a check)`);
      planetStep(ctx, planet, orders.orders);
      return { ok: ctx.problems.length === 0, lines: ctx.lines, problems: ctx.problems };
    }
    const unit = activationUnit(copy, slot, orders.orders);
    ctx.ok(
      "Activation",
      "",
      `${unit.taskforce ? `taskforce ${unit.taskforce}` : `detached squadron ${unit.squadrons[0]?.id ?? "(none)"}`} activates (dice are stand-ins in a check: later orders may see different results)`,
    );
    runActivation(ctx, unit, orders.orders);
  }
  return { ok: ctx.problems.length === 0, lines: ctx.lines, problems: ctx.problems };
}

export { botOrders, randomLegalOrders } from "./bot.js";
export type { BsEvent } from "./events.js";
export type { BattleState } from "./model.js";
export type { Order, Orders } from "./orders.js";
export type { BattleView } from "./view.js";

/** Only the events `seat` may see. */
export function visibleEvents(events: readonly BsEvent[], seat: SideId): BsEvent[] {
  return events.filter((e) => visibleTo(e, seat));
}
