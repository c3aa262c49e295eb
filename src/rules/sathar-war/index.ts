/**
 * The `sathar-war` ruleset: the Second Sathar War strategic campaign of seeds 000 and 002, day by day on the Frontier
 * Deployment Map, with its battles auto-resolved on the Knight Hawks tables or fought out in Battleshift.
 *
 * Steps (turn/turn.ts): the UPF's set-up, the Sathar's, then each day the Sathar move, the UPF move, the Sathar
 * attack, the UPF attack (an attack step with nothing to attack is passed over); each step awaits one side's seats.
 */
import { addressed } from "../../core/orders.js";
import type { Ruleset } from "../../core/ruleset.js";
import type { BattleResolver } from "./battles/battle.js";
import { battleReplayTool } from "./battles/battleshift/battle-replay.js";
import { battleshiftResolver } from "./battles/battleshift/battleshift-resolver.js";
import { oddsTool } from "./battles/quick/odds.js";
import { quickResolver } from "./battles/quick/quick-battle.js";
import { resultTemplate } from "./battles/table/result-forms.js";
import { normalOrders, randomFromMenus } from "./bot/bot.js";
import type { SwEvent } from "./events.js";
import type { BattleMode, SatharWarState } from "./model.js";
import { type Orders, ordersSchema, parseOrders } from "./orders.js";
import { knownState, sideOfSeat } from "./presentation/known-state.js";
import { dayText, reportFor, type SwView, standings, templateFor, viewFor } from "./presentation/view.js";
import { WAR } from "./setting-up/scenarios.js";
import { checkAttacks } from "./special-combat/index.js";
import { parseState } from "./state-schema.js";
import { checkMoves } from "./strategic-movement/index.js";
import { mapTool } from "./tools.js";
import { checkOrders } from "./turn/check.js";
import { legalOrders } from "./turn/legal-orders.js";
import { phaseHandlers, problemEvents } from "./turn/phases.js";
import { PHASE_NAMES, resolveStep, seatsOf, sideOf } from "./turn/turn.js";

export type { SatharWarState } from "./model.js";

/** Every battle is fought by the way the campaign's setting names (issue 12 "Battles: three ways"). */
export function resolverFor(mode: BattleMode): BattleResolver {
  return mode === "battleshift" ? battleshiftResolver : quickResolver;
}

const HANDLERS = phaseHandlers(resolverFor);

function label(state: SatharWarState): string {
  if (state.outcome) return `step ${state.step}: the war is over`;
  return `step ${state.step}: ${dayText(state.day)}, ${PHASE_NAMES[state.phase]}`;
}

export const satharWar: Ruleset<SatharWarState, Orders, SwView, SwEvent> = {
  id: "sathar-war",
  version: "1",
  title: "The Second Sathar War",
  summary: "the Sathar invade the Frontier, the UPF defends it, day by day on the Frontier Deployment Map (seeds 000 and 002)",
  seatNoun: "side",
  structure: "phased",
  scenarios: { war: WAR as never },
  defaultScenario: "war",
  ordersSchema,
  parseOrders: (raw) => addressed(parseOrders(raw), "seat", "step"),
  parseState,
  describe: (state) => ({
    ruleset: "sathar-war",
    seats: state.seats.map((s) => ({ id: s.id, name: s.name })),
    seatNoun: "side",
    structure: "phased",
    summary: standings(state).split("\n")[0] ?? "",
  }),
  seats: (state) => state.seats.map((s) => s.id),
  awaiting: (state) => (state.outcome ? [] : seatsOf(state, sideOf(state.phase))),
  step: (state) => state.step,
  label,
  // In a battle results step (battles fought at the table), a ready-to-fill result for each pending battle.
  ordersTemplate: (state, seat) => (state.phase.endsWith("-results") ? resultTemplate(state, seat) : templateFor(state, seat)),
  // RULINGS.md "A seat that sends nothing": ships in transit keep going, nobody attacks; the Sathar's opening and
  // retreat condition are the rules' defaults.
  defaultOrders: (state, seat) => ({ seat, step: state.step, orders: [] }),
  legalOrders: (state, seat) => legalOrders(state, seat),
  knownState,
  check: (state, seat, orders) =>
    checkOrders(state, seat, orders, {
      handlers: HANDLERS,
      explain: (known, s, o) => [
        ...checkMoves(
          known,
          s,
          o.orders.filter((x) => x.type === "move"),
        ),
        ...checkAttacks(known, s, o.orders),
      ],
    }),
  resolve: (state, ordersBySeat, rng) => {
    const r = resolveStep(state, ordersBySeat, rng, HANDLERS);
    return { ...r, events: [...problemEvents(r.problems, state.day, PHASE_NAMES[state.phase]), ...r.events] };
  },
  view: viewFor,
  report: reportFor,
  standings,
  outcome: (state) =>
    state.outcome
      ? {
          winners: state.outcome.winner === "draw" ? [] : state.seats.filter((s) => s.side === state.outcome?.winner).map((s) => s.id),
          reason: state.outcome.reason,
        }
      : null,
  randomOrders: (state, seat, rng) => {
    const menus = legalOrders(state, seat).orders;
    return { seat, step: state.step, orders: randomFromMenus(menus, rng, rng.int(0, 4)) };
  },
  secrets(state, seat) {
    const side = sideOfSeat(state, seat);
    const out: string[] = [];
    if (side !== "sathar" && !state.outcome && state.retreatCondition > 0) out.push(`"retreatCondition":${state.retreatCondition}`);
    if (side !== "upf") for (const [system, m] of Object.entries(state.mines)) out.push(`"${system}":{"minelayer":"${m.minelayer}"`);
    // A battle kept for the table carries the mines and seekers laid (battles/table).
    if (side !== "upf")
      for (const b of state.pendingBattles ?? []) if (b.mines) out.push(`"mines":{"mines":${b.mines.mines},"seekers":${b.mines.seekers}}`);
    return [...new Set(out)];
  },
  bots: {
    normal: {
      summary:
        "the Sathar concentrate on one station system at a time, risk-jump, repair in the Void and spare what their retreat condition counts; the UPF gathers on the most threatened station, rearms, repairs and attacks where it outweighs",
      play: (known, seat) => normalOrders(known, seat),
    },
    passive: { summary: "sends nothing: the rules' defaults", play: (known, seat) => ({ seat, step: known.step, orders: [] }) },
    random: {
      summary: "random orders from the seat's menus",
      play: (known, seat, rng) => ({
        seat,
        step: known.step,
        orders: randomFromMenus(legalOrders(known, seat).orders, rng, rng.int(0, 4)),
      }),
    },
  },
  tools: { map: mapTool, odds: oddsTool, "battle-replay": battleReplayTool },
};
