/**
 * Each phase's own rules, wired into the step pipeline (turn.ts): the parts of the rulebook each phase calls, in the
 * seeds' order within it. A part numbers the problems of the orders it is given from 1 ("#1 move ..."); they are
 * renamed here by each order's place in the file (#0 the first), as every ruleset's problems are.
 */
import { problemEvent } from "../../../core/events.js";
import type { Problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import type { BattleResolver } from "../battles/battle.js";
import { enterResults, fightOrKeep } from "../battles/table/table-battles.js";
import type { SwEvent } from "../events.js";
import type { BattleMode, Phase, SatharWarState, Side } from "../model.js";
import type { Order, OrderType, RepairOrder } from "../orders.js";
import { dock } from "../repair/docking.js";
import { enterVoid } from "../repair/sathar-repair.js";
import { novaAllowed, placeNova } from "../setting-up/nova.js";
import { placeSathar } from "../setting-up/placement.js";
import { defaultPlacement } from "../setting-up/set-up.js";
import { applyDefaultDrones, chooseDrones } from "../shatter-drones/shatter-drones.js";
import { canAttack, strandFighters } from "../special-combat/index.js";
import { moveSide } from "../strategic-movement/index.js";
import { endOfDay } from "../time-record/end-of-day.js";
import { ensureRetreatCondition } from "../victory/sathar-retreat.js";
import { checkVictory } from "../victory/victory.js";
import { type Indexed, ordersOf, type PhaseHandlers, runSetUp } from "./turn.js";

/** The resolver a campaign's setting names. */
export type ResolverFor = (mode: BattleMode) => BattleResolver;

/** `#n` (counted from 1 in the orders a part was given) renamed `#i`, the order's place in the file. */
export function relabel<O>(problems: readonly Problem[], given: Indexed<O>): Problem[] {
  return problems.map((p) => {
    const m = /^#(\d+)/.exec(p.order);
    const at = m ? given[Number(m[1]) - 1] : undefined;
    return at ? { ...p, order: `#${at.index}${p.order.slice(m?.[0].length ?? 0)}` } : p;
  });
}

type Sorted = Record<string, Record<OrderType, Indexed<Order>>>;

function push(problems: Record<string, Problem[]>, seat: string, more: readonly Problem[]): void {
  (problems[seat] ??= []).push(...more);
}

/** Each seat's orders of one type, as the parts take them. */
function bySeat<T extends OrderType>(sorted: Sorted, type: T): Record<string, Extract<Order, { type: T }>[]> {
  return Object.fromEntries(Object.entries(sorted).map(([seat, o]) => [seat, ordersOf(o, type).map((x) => x.order)]));
}

/** Problems of a part that names them by seat and `#n` within that seat's orders of one type. */
function relabelAll(
  sorted: Sorted,
  type: OrderType,
  problems: Readonly<Record<string, readonly Problem[]>>,
  out: Record<string, Problem[]>,
): void {
  for (const [seat, list] of Object.entries(problems)) {
    const given = sorted[seat] ? ordersOf(sorted[seat], type) : [];
    push(out, seat, relabel(list, given));
  }
}

function setUp(
  phase: Phase,
  state: SatharWarState,
  sorted: Sorted,
  rng: Rng,
  events: SwEvent[],
  problems: Record<string, Problem[]>,
): SatharWarState {
  runSetUp(phase, state, sorted, problems);
  let s = state;
  for (const [seat, orders] of Object.entries(sorted)) {
    const drones = ordersOf(orders, "drones");
    if (drones.length === 0) continue;
    if (!s.settings.shatterDrones) {
      push(problems, seat, [
        {
          order: `#${drones[0]?.index ?? 0} drones`,
          code: "no-drones",
          message: "this campaign is played without the shatter drones option",
        },
      ]);
      continue;
    }
    const r = chooseDrones(s, seat, drones[0]!.order);
    s = r.state;
    push(problems, seat, r.problems);
  }
  if (phase === "upf-setup") return s;
  // The Sathar opening (000 "Sathar Set-Up"): placed as ordered, or, when no valid placement is given, the rules'
  // default opening (RULINGS.md "A seat that sends nothing"), so the war can begin.
  for (const [seat, orders] of Object.entries(sorted)) {
    const given = ordersOf(orders, "place");
    const placed = placeSathar(
      s,
      seat,
      given.map((x) => x.order),
      { setUp: true },
    );
    push(problems, seat, relabel(placed.problems, given));
    if (placed.problems.length === 0 && given.length > 0) {
      s = placed.state;
      events.push(...placed.events);
      continue;
    }
    const fallback = placeSathar(s, seat, defaultPlacement(s, seat), { setUp: true });
    s = fallback.state;
    events.push(...fallback.events);
  }
  const retreat = ensureRetreatCondition(s, rng);
  s = retreat.state;
  events.push(...retreat.events);
  const drones = applyDefaultDrones(s);
  events.push(...drones.events);
  return drones.state;
}

/** What a part of the rules gives back for one seat's orders of one type. */
type PartResult = { state: SatharWarState; events?: SwEvent[]; problems: Problem[] };

/** Docking, the Void and the day's repair orders: what the movement phases take besides moves. */
function logistics(s: SatharWarState, sorted: Sorted, events: SwEvent[], problems: Record<string, Problem[]>): SatharWarState {
  let next = s;
  const apply = <O>(seat: string, given: Indexed<O>, part: (orders: O[]) => PartResult) => {
    if (given.length === 0) return;
    const r = part(given.map((x) => x.order));
    next = r.state;
    events.push(...(r.events ?? []));
    push(problems, seat, relabel(r.problems, given));
  };
  for (const [seat, orders] of Object.entries(sorted)) {
    apply(seat, ordersOf(orders, "void"), (o) => enterVoid(next, seat, o));
    apply(seat, ordersOf(orders, "dock"), (o) => dock(next, seat, o));
    const rep = ordersOf(orders, "repair");
    if (rep.length > 0) next = { ...next, today: { ...next.today, repairs: { ...next.today.repairs, [seat]: rep.map((x) => x.order) } } };
  }
  return next;
}

function movement(
  side: Side,
  state: SatharWarState,
  sorted: Sorted,
  rng: Rng,
  events: SwEvent[],
  problems: Record<string, Problem[]>,
): SatharWarState {
  let s = state;
  if (side === "sathar")
    for (const [seat, orders] of Object.entries(sorted)) {
      const given = ordersOf(orders, "place");
      if (given.length === 0) continue;
      const placed = placeSathar(
        s,
        seat,
        given.map((x) => x.order),
        { setUp: false },
      );
      push(problems, seat, relabel(placed.problems, given));
      s = placed.state;
      events.push(...placed.events);
    }
  if (side === "upf") {
    const asked = Object.entries(sorted).filter(([, o]) => ordersOf(o, "nova").length > 0);
    if (asked.length > 0 && novaAllowed(s)) {
      const r = placeNova(s, rng);
      s = r.state;
      events.push(...r.events);
    } else
      for (const [seat, o] of asked)
        push(problems, seat, [
          {
            order: `#${ordersOf(o, "nova")[0]?.index ?? 0} nova`,
            code: "nova-not-now",
            message: "Strike Force NOVA is on the map already (or has no ships off it)",
          },
        ]);
  }
  s = logistics(s, sorted, events, problems);
  const moved = moveSide(s, side, bySeat(sorted, "move"), rng);
  events.push(...moved.events);
  relabelAll(sorted, "move", moved.problems, problems);
  return moved.state;
}

export function phaseHandlers(resolverFor: ResolverFor): PhaseHandlers {
  return {
    run(phase, state, sorted, rng, events, problems) {
      switch (phase) {
        case "upf-setup":
        case "sathar-setup":
          return setUp(phase, state, sorted, rng, events, problems);
        case "sathar-move":
          return movement("sathar", state, sorted, rng, events, problems);
        case "upf-move":
          return movement("upf", state, sorted, rng, events, problems);
        case "sathar-attack":
        case "upf-attack": {
          const side: Side = phase === "sathar-attack" ? "sathar" : "upf";
          // Each battle fought the way its seats agree, else the campaign's setting; those at the table wait (battles/table).
          const fought = fightOrKeep(state, side, bySeat(sorted, "attack"), resolverFor, rng);
          events.push(...fought.events);
          relabelAll(sorted, "attack", fought.problems, problems);
          const won = checkVictory(fought.state, false);
          events.push(...won.events);
          return won.state;
        }
        case "sathar-results":
        case "upf-results": {
          const entered = enterResults(
            state,
            Object.fromEntries(Object.entries(sorted).map(([seat, o]) => [seat, ordersOf(o, "result")])),
            resolverFor,
            rng,
          );
          events.push(...entered.events);
          for (const [seat, list] of Object.entries(entered.problems)) push(problems, seat, list);
          const won = checkVictory(entered.state, false);
          events.push(...won.events);
          return won.state;
        }
      }
    },
    endOfDay(state, rng, events) {
      const stranded = strandFighters(state);
      events.push(...stranded.events);
      const repairs: Record<string, readonly RepairOrder[]> = state.today.repairs ?? {};
      const r = endOfDay(stranded.state, rng, repairs);
      events.push(...r.events);
      let s = r.state;
      if (!s.outcome && s.settings.dayLimit > 0 && s.day > s.settings.dayLimit)
        s = { ...s, outcome: { winner: "draw", reason: `the day limit (${s.settings.dayLimit}) was reached`, day: s.settings.dayLimit } };
      return s;
    },
    canAttack,
  };
}

/** The problems of a step as events (a seat's own). */
export function problemEvents(problems: Readonly<Record<string, readonly Problem[]>>, day: number, step: string): SwEvent[] {
  return Object.entries(problems).flatMap(([seat, list]) => list.map((p) => ({ ...problemEvent(seat, p, step), day })));
}
