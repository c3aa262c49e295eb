/**
 * The `space-war` ruleset: the "Design My UCSV" squadron campaign of seed 001. A campaign is one game: designs,
 * purchases, deployment, each battle's player turns (S1-S12) and the medals after each game are its steps
 * (campaign-sequence/sequence.ts), so it is stored, replayed and hosted like every other game.
 *
 * Registered (src/rules/registry.ts): the CLI, the HTTP API and the web client (its seat view,
 * src/web/rulesets/space-war/SeatView.tsx, and the designer page) offer it. Two squadrons, or four or six in the Wall
 * of Battle (option `squadrons`).
 */
import { addressed } from "../../core/orders.js";
import type { Ruleset } from "../../core/ruleset.js";
import { normalOrders } from "./bot/bot.js";
import { CAMPAIGN } from "./campaign-sequence/create.js";
import { awaiting, resolveStep, STEP_NAMES } from "./campaign-sequence/sequence.js";
import type { SxEvent } from "./events.js";
import type { SpaceWarState } from "./model.js";
import { type Orders, ordersSchema, parseOrders } from "./orders.js";
import { check } from "./presentation/check.js";
import { knownState, secrets } from "./presentation/known-state.js";
import { legalOrders, randomOrders } from "./presentation/legal-orders.js";
import { ordersTemplate, report, type SxView, standings, view } from "./presentation/view.js";
import { parseState } from "./state-schema.js";
import { allSpaceWarTools } from "./tools.js";

export type { SpaceWarState } from "./model.js";
export type { SxView } from "./presentation/view.js";

function label(s: SpaceWarState): string {
  if (s.outcome) return `step ${s.step}: the campaign is over`;
  const c = s.campaign;
  const b = c.battle;
  const what = c.step === "battle" && b ? `turn ${b.turn}, ${b.active}` : STEP_NAMES[c.step].toLowerCase();
  return `step ${s.step}: game ${c.game + 1}, ${what}`;
}

const none = (state: SpaceWarState, seat: string): Orders => ({ seat, step: state.step, orders: [] });

export const spaceWar: Ruleset<SpaceWarState, Orders, SxView, SxEvent> = {
  id: "space-war",
  version: "1",
  title: "Space War",
  summary: "design your UCSV squadron, then fight game after game; crews earn medals that carry on (seed 001)",
  seatNoun: "squadron",
  structure: "phased",
  scenarios: { campaign: CAMPAIGN as never },
  defaultScenario: "campaign",
  ordersSchema,
  parseOrders: (raw) => addressed(parseOrders(raw), "seat", "step"),
  parseState,
  describe: (state) => ({
    ruleset: "space-war",
    seats: state.seats.map((s) => ({ id: s.id, name: s.name })),
    seatNoun: "squadron",
    structure: "phased",
    summary: label(state),
  }),
  seats: (state) => state.seats.map((s) => s.id),
  awaiting,
  step: (state) => state.step,
  label,
  ordersTemplate,
  defaultOrders: none,
  legalOrders,
  knownState,
  check: (state, seat, orders) => check(state, seat, orders),
  resolve: (state, ordersBySeat, rng) => resolveStep(state, ordersBySeat, rng),
  view,
  report,
  standings,
  outcome: (state) => state.outcome ?? null,
  randomOrders,
  secrets,
  bots: {
    normal: {
      summary: "designs a 99 M€ missile-and-laser squadron, closes, focuses fire, rams with crippled craft, gives up when beaten",
      play: (known, seat, rng) => normalOrders(known, seat, rng),
    },
    passive: { summary: "sends nothing: the rules' defaults", play: (known, seat) => none(known, seat) },
    random: { summary: "random orders from its menus, often ones that fail", play: (known, seat, rng) => randomOrders(known, seat, rng) },
  },
  tools: { ...allSpaceWarTools },
};
