/**
 * Computer players for Galactic Empires (the Ruleset's `bots`). Each takes the
 * state, a seat and a generator and returns that seat's orders, deciding only from
 * what the seat knows (view.ts `viewFor` / `knownState`), never from hidden state.
 *
 *  - `normal`: plays as seed 003 chapter 9 advises (planner.ts);
 *  - `easy`: the same plan without battle odds, synchronised attacks, rank
 *    orders, searches, pillage, admirals or diplomacy, buying only its hardest-hitting type;
 *  - `passive`: builds, annexes, fortifies and defends, never attacks;
 *  - `random`: random orders the check does not reject (random.ts).
 *
 * The independents' orders are not a seat's: the ruleset's resolve gives them
 * (independents.ts).
 */
import type { Rng } from "../../../core/rng.js";
import type { EmpireId, GameState } from "../model.js";
import type { Orders } from "../orders.js";
import { EASY, NORMAL, PASSIVE, planOrders } from "./planner.js";
import { randomLegalOrders } from "./random.js";

export type Bot = (state: GameState, seat: EmpireId, rng: Rng) => Orders;

export const BOT_LEVELS = ["normal", "easy", "passive", "random"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export const BOTS: Record<BotLevel, Bot> = {
  normal: (state, seat, rng) => planOrders(state, seat, rng, NORMAL),
  easy: (state, seat, rng) => planOrders(state, seat, rng, EASY),
  passive: (state, seat, rng) => planOrders(state, seat, rng, PASSIVE),
  random: randomLegalOrders,
};

export { annexedToIndependents, independentOrders, independentPool, withIndependentPool } from "./independents.js";
