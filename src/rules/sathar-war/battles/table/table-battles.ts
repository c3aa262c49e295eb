/**
 * Battles fought at the table (issue 12 way 3), in the step pipeline:
 *
 * - `fightOrKeep`, a side's attack step: attacks are declared as always (seed 000 "Declaring Combat"); each battle is
 *   fought the way its seats agree or the campaign's setting names (battle-way.ts). Those fought at the table are
 *   kept in `pendingBattles`, and the step after is that side's battle results (turn.ts); the others are fought now.
 * - `enterResults`, the battle results step: the attacking side's seats enter each battle's result (entering-results.ts);
 *   a valid one is written onto the map exactly as a resolved battle's (special-combat `writeBattle`). A battle with
 *   no valid result is fought the campaign's other way (battle-way.ts `fallbackWay`; RULINGS.md), so the war goes on.
 */
import type { Problem } from "../../../../core/result.js";
import type { Rng } from "../../../../core/rng.js";
import { type SwEvent, swEvent } from "../../events.js";
import type { BattleMode, SatharWarState, Side } from "../../model.js";
import { type Order, orderSchema, type ResultOrder } from "../../orders.js";
import { copyForBattles, writeBattle } from "../../special-combat/battle-results.js";
import { declareAttacks } from "../../special-combat/declaring-combat.js";
import type { BattleInput, BattleResolver } from "../battle.js";
import { battleWay, fallbackWay } from "./battle-way.js";
import { checkResult } from "./entering-results.js";

/** The resolver of a way (the campaign's `resolverFor`; never asked for "table"). */
export type ResolverOf = (mode: BattleMode) => BattleResolver;

/** The step a side's battle results are entered in. */
export const resultsStep = (side: Side): string => (side === "sathar" ? "Sathar battle results" : "UPF battle results");

/** The battle just written keeps the way it was fought (writeBattle records the campaign's setting). */
function markWay(next: SatharWarState, id: string, mode: BattleMode): void {
  const at = next.battles.length - 1;
  const rec = next.battles[at];
  if (rec && rec.id === id) next.battles[at] = { ...rec, mode };
}

/** A side's attack step: declared battles fought now, or kept for the table. The input state is not changed. */
export function fightOrKeep(
  state: SatharWarState,
  side: Side,
  ordersBySeat: Readonly<Record<string, readonly Order[]>>,
  resolverOf: ResolverOf,
  rng: Rng,
): { state: SatharWarState; events: SwEvent[]; problems: Record<string, Problem[]> } {
  const declared = declareAttacks(state, side, ordersBySeat);
  const next = copyForBattles(state);
  const events: SwEvent[] = [...declared.events];
  const pending: BattleInput[] = [];
  for (const input of declared.battles) {
    const way = battleWay(state, input);
    if (way === "table") {
      pending.push(input);
      events.push(
        swEvent(
          "battle-pending",
          state.day,
          side === "sathar" ? "Sathar attacks" : "UPF attacks",
          `Battle ${input.id} is fought at the table: the ${side === "sathar" ? "Sathar enter" : "UPF enters"} its result in the next step`,
          { ships: input.ships.map((s) => s.id) },
        ),
      );
      continue;
    }
    events.push(...writeBattle(next, input, resolverOf(way).resolve(input, rng)));
    markWay(next, input.id, way);
  }
  if (pending.length > 0) next.pendingBattles = pending;
  else delete next.pendingBattles;
  return { state: next, events, problems: declared.problems };
}

/**
 * The battle results step: each seat's `result` orders (with their places in its file, for problems), checked and
 * applied; pending battles with no valid result fought the fallback way. Returns a new state with no pending battles.
 */
export function enterResults(
  state: SatharWarState,
  ordersBySeat: Readonly<Record<string, readonly { order: ResultOrder; index: number }[]>>,
  resolverOf: ResolverOf,
  rng: Rng,
): { state: SatharWarState; events: SwEvent[]; problems: Record<string, Problem[]> } {
  const pending = state.pendingBattles ?? [];
  const side: Side = pending[0]?.attacker ?? (state.phase.startsWith("sathar") ? "sathar" : "upf");
  const step = resultsStep(side);
  const problems: Record<string, Problem[]> = {};
  const chosen = new Map<string, { seat: string; result: NonNullable<ReturnType<typeof checkResult>["result"]> }>();
  const seats = state.seats.map((s) => s.id).filter((s) => s in ordersBySeat);
  for (const seat of seats) {
    const list = (problems[seat] ??= []);
    const spec = state.seats.find((s) => s.id === seat);
    for (const { order, index } of ordersBySeat[seat] ?? []) {
      const label = `#${index} result ${String(order.battle).slice(0, 60)}`;
      if (spec?.side !== side) {
        list.push({ order: label, code: "not-your-battle", message: `the ${side === "sathar" ? "Sathar" : "UPF"} enter these results` });
        continue;
      }
      // Orders built from menus reach here unparsed; a malformed one is refused, never trusted.
      const parsed = orderSchema.safeParse(order);
      const given = parsed.success && parsed.data.type === "result" ? parsed.data : undefined;
      if (!given) {
        list.push({
          order: label,
          code: "malformed-result",
          message: `not a result order: ${parsed.error?.issues[0]?.message ?? "wrong type"}`,
        });
        continue;
      }
      const input = pending.find((b) => b.id === given.battle);
      if (!input) {
        list.push({
          order: label,
          code: "no-such-battle",
          message: `no battle ${given.battle} awaits a result; pending: ${pending.map((b) => b.id).join(", ") || "none"}`,
        });
        continue;
      }
      const had = chosen.get(input.id);
      if (had) {
        list.push({ order: label, code: "battle-already-entered", message: `${had.seat} has entered battle ${input.id}'s result already` });
        continue;
      }
      const checked = checkResult(input, given, label, seat, state.settings.carrierCapacity);
      list.push(...checked.problems);
      if (checked.result) chosen.set(input.id, { seat, result: checked.result });
    }
  }
  const next = copyForBattles(state);
  delete next.pendingBattles;
  const events: SwEvent[] = [];
  for (const input of pending) {
    const entered = chosen.get(input.id);
    if (entered) {
      events.push(
        swEvent(
          "result-entered",
          state.day,
          step,
          `Battle ${input.id}, fought at the table: ${entered.seat} entered its result. ${entered.result.lines
            .slice(1)
            .map((l) => l.text)
            .join("; ")}`,
          { ships: input.ships.map((s) => s.id) },
        ),
      );
      events.push(...writeBattle(next, input, entered.result));
      markWay(next, input.id, "table");
      continue;
    }
    const way = fallbackWay(state);
    events.push(
      swEvent(
        "note",
        state.day,
        step,
        `No valid result was entered for battle ${input.id}: it is fought the ${way} way instead (RULINGS.md "Battles entered from the table")`,
        { ships: input.ships.map((s) => s.id) },
      ),
    );
    events.push(...writeBattle(next, input, resolverOf(way).resolve(input, rng)));
    markWay(next, input.id, way);
  }
  for (const seat of Object.keys(problems)) if (problems[seat]?.length === 0) delete problems[seat];
  return { state: next, events, problems };
}
