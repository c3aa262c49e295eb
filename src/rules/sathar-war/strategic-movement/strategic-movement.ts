/**
 * STRATEGIC MOVEMENT (seed 000:322-415): one side's movement phase. Orders are planned (using-the-transit-boxes.ts),
 * then ships without a (valid) order do what the rules make them do, then the plans are carried out in order, with the
 * misjump rolls (000:373-388).
 *
 * Ships without an order: in a system they stay; in a transit box they keep doing what they did on their last move
 * (advancing at their rate, or coasting); Sathar in a start circle go into its first red box (000:410, C.2 #42) and
 * Sathar in the red boxes move one box on (C.2 #43); militia away from home while it is imminently threatened head
 * home the quickest way (000:400, E.14; `wayHome`), at one box a day (at the highest rate each may, with setting
 * `movement.militiaReturn: "fastest"`), to their home planet. Ships default-moved together in one stack interlock.
 */
import { type Problem, problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import { type Roll, type SwEvent, swEvent } from "../events.js";
import type { Loss, SatharWarState, Ship, Side } from "../model.js";
import type { MoveOrder } from "../orders.js";
import { wayHome } from "./militia-ships.js";
import { maxRate } from "./risk-jumping.js";
import { describe, routeById } from "./transit-boxes.js";
import { type MovePlan, moveLabel, placeKey, planMove } from "./using-the-transit-boxes.js";

export interface MoveResult {
  state: SatharWarState;
  events: SwEvent[];
  problems: Record<string, Problem[]>;
}

const stepName = (side: Side) => (side === "sathar" ? "Sathar ships are moved" : "UPF ships are moved");

/**
 * Check who may order which ships, then plan each order. Returns the plans in order, the problems, and which ships the
 * orders claimed. `state` is the phase's starting state.
 */
export function planOrders(
  state: SatharWarState,
  seat: string,
  orders: readonly MoveOrder[],
): { plans: MovePlan[]; problems: Problem[]; claimed: Set<string> } {
  const plans: MovePlan[] = [];
  const problems: Problem[] = [];
  const claimed = new Set<string>();
  const named = new Set<string>();
  for (const [i, order] of orders.entries()) {
    const label = moveLabel(i, order.ships);
    const why = refusal(state, seat, order, named);
    for (const id of order.ships) named.add(id);
    if (why) {
      problems.push(problem(label, why.code, why.message));
      continue;
    }
    const planned = planMove(state, order, label);
    if (!planned.ok) {
      problems.push(planned.problem);
      continue;
    }
    plans.push(planned.plan);
    for (const id of order.ships) claimed.add(id);
  }
  return { plans, problems, claimed };
}

/** Who may order which ships: known ids, the seat's own, once each, no fighter alone (000:458). */
function refusal(
  state: SatharWarState,
  seat: string,
  order: MoveOrder,
  named: ReadonlySet<string>,
): { code: string; message: string } | undefined {
  const unknown = order.ships.filter((id) => !state.ships[id]);
  if (unknown.length > 0) return { code: "unknown-ship", message: `no ship ${unknown.join(", ")}` };
  const others = order.ships.filter((id) => state.ships[id]!.seat !== seat);
  if (others.length > 0) {
    return { code: "not-your-ship", message: `${others.join(", ")} ${others.length > 1 ? "are" : "is"} not commanded by seat ${seat}` };
  }
  const inOrder = new Set<string>();
  const twice = order.ships.filter((id) => {
    const again = named.has(id) || inOrder.has(id);
    inOrder.add(id);
    return again;
  });
  if (twice.length > 0)
    return { code: "ship-ordered-twice", message: `${[...new Set(twice)].join(", ")} already ordered this move: one order per ship` };
  const fighters = order.ships.filter((id) => state.ships[id]!.cls === "FT");
  if (fighters.length > 0) {
    return {
      code: "fighter-alone",
      message: `${fighters.join(", ")}: fighters never move alone between systems; they travel aboard an assault carrier and move with it (000:458)`,
    };
  }
  return undefined;
}

/** What the rules make ships without an order do (see the module comment), as plans. */
export function defaultPlans(state: SatharWarState, side: Side, claimed: ReadonlySet<string>): MovePlan[] {
  const stacks = new Map<string, { seat: string; order: MoveOrder }>();
  const add = (ship: Ship, key: string, order: Omit<MoveOrder, "ships" | "type">) => {
    const k = `${ship.seat}|${key}|${JSON.stringify(order)}`;
    const stack = stacks.get(k);
    if (stack) stack.order.ships.push(ship.id);
    else stacks.set(k, { seat: ship.seat, order: { type: "move", ships: [ship.id], ...order } });
  };
  for (const ship of Object.values(state.ships)) {
    if (ship.side !== side || claimed.has(ship.id) || ship.cls === "FT") continue;
    const at = ship.location;
    const key = placeKey(at);
    if (key === undefined) continue;
    const way = wayHome(state, ship);
    const fastest = state.settings.movement?.militiaReturn === "fastest";
    // Bound home, it arrives at its own planet (its station's), unless an order named another planet of home.
    const homePlanet = (system: string) =>
      ship.militiaOf && state.map.systems.some((x) => x.id === system && x.planets.some((p) => p.id === ship.militiaOf))
        ? ship.militiaOf
        : undefined;
    if (at.kind === "system") {
      if (way?.kind === "system") {
        const next = way.to[0]!;
        const rate = fastest ? maxRate(ship) : 1;
        add(ship, key, { to: homePlanet(next) ?? next, ...(rate > 1 ? { rate } : {}) });
      }
    } else if (at.kind === "transit") {
      if (way?.kind === "transit") {
        const action = way.actions[0]!;
        const route = routeById(state.map, at.route);
        const heading = action === "reverse" && route ? (route.a === at.toward ? route.b : route.a) : at.toward;
        const planet = at.planet === undefined || action === "reverse" ? homePlanet(heading) : undefined;
        add(ship, key, { ...(action === "reverse" ? { action } : {}), ...(planet ? { to: planet } : {}) });
      } else add(ship, key, at.coasting ? { action: "coast" } : {});
    } else if (at.kind === "red") add(ship, key, {});
    else if (at.kind === "circle" && !at.outbound && !(state.settings.movement?.reinforcementsWait === true && state.day > 1))
      add(ship, key, {});
  }
  const plans: MovePlan[] = [];
  for (const { order } of stacks.values()) {
    const planned = planMove(state, order, `default ${moveLabel(0, order.ships).slice(3)}`, { forced: true });
    if (planned.ok) plans.push(planned.plan);
  }
  return plans;
}

/**
 * One side's movement phase: each of the side's seats' orders, then the ships the rules move by themselves. Returns a
 * new state (the input is not changed), the events (every misjump roll in one) and each seat's problems.
 */
export function moveSide(state: SatharWarState, side: Side, ordersBySeat: Record<string, MoveOrder[]>, rng: Rng): MoveResult {
  const next = structuredClone(state);
  const events: SwEvent[] = [];
  const problems: Record<string, Problem[]> = {};
  const plans: MovePlan[] = [];
  const claimed = new Set<string>();
  for (const seat of state.seats) {
    const orders = ordersBySeat[seat.id] ?? [];
    if (seat.side !== side) {
      if (orders.length > 0) {
        problems[seat.id] = orders.map((o, i) =>
          problem(
            moveLabel(i, o.ships),
            "not-your-move",
            `this is the ${side === "sathar" ? "Sathar" : "UPF"} movement phase: seat ${seat.id} moves in its own side's`,
          ),
        );
      }
      continue;
    }
    const planned = planOrders(state, seat.id, orders);
    problems[seat.id] = planned.problems;
    plans.push(...planned.plans);
    for (const id of planned.claimed) claimed.add(id);
  }
  for (const seat of Object.keys(ordersBySeat)) {
    if (!state.seats.some((s) => s.id === seat))
      problems[seat] = [problem(`seat ${seat}`, "unknown-seat", `no seat ${seat} in this campaign`)];
  }
  plans.push(...defaultPlans(state, side, claimed));
  for (const plan of plans) carryOut(next, plan, side, rng, events);
  return { state: next, events, problems };
}

/** Move the plan's ships (and the fighters aboard its carriers), rolling for a risk jump. */
function carryOut(state: SatharWarState, plan: MovePlan, side: Side, rng: Rng, events: SwEvent[]): void {
  const step = stepName(side);
  const lost = new Set<string>();
  if (plan.jump) {
    const { rate, chances } = plan.jump;
    const groups = plan.jump.interlock ? [plan.ships] : plan.ships.map((id) => [id]);
    for (const group of groups) {
      const best = Math.max(...group.map((id) => chances[id] ?? 0));
      const value = rng.d100();
      const ok = value <= best;
      const who = group.join(", ");
      const roll: Roll = {
        die: "d100",
        value,
        for: `safe jump at RJ${rate} for ${who}${group.length > 1 ? " (interlocked)" : ""}`,
        needed: best,
      };
      if (!ok) for (const id of group) lost.add(id);
      events.push(
        swEvent(
          ok ? "jumped" : "misjumped",
          state.day,
          step,
          ok
            ? `${who} jumped safely at RJ${rate} (rolled ${value}, needed ${best} or less)`
            : `${who} misjumped at RJ${rate} (rolled ${value}, needed ${best} or less): lost for the war (000:388)`,
          {
            ships: group,
            rolls: [roll],
          },
        ),
      );
    }
  }
  const moved: string[] = [];
  const before = plan.ships.map((id) => state.ships[id]!.location);
  const inPlan = new Set(plan.ships);
  const aboardOf = new Map<string, Ship[]>();
  for (const f of Object.values(state.ships)) {
    if (f.location.kind === "aboard" && f.location.carrier !== undefined && inPlan.has(f.location.carrier)) {
      aboardOf.set(f.location.carrier, [...(aboardOf.get(f.location.carrier) ?? []), f]);
    }
  }
  for (const id of plan.ships) {
    const ship = state.ships[id]!;
    const aboard = aboardOf.get(id) ?? [];
    if (lost.has(id)) {
      for (const s of [ship, ...aboard]) lose(state, s, "misjumped");
      continue;
    }
    const to = structuredClone(plan.to);
    // Each ship's own arrival planet, where a stack's ships were told different ones (RULINGS "Strategic movement": arrival).
    if (plan.planets) {
      const p = plan.planets[id];
      if (to.kind === "system") to.planet = p ?? to.planet;
      else if (to.kind === "transit" || to.kind === "red") {
        delete to.planet;
        if (p !== undefined) to.planet = p;
      }
    }
    ship.location = to;
    if (plan.boxes > 0) moved.push(id, ...aboard.map((f) => f.id));
  }
  const already = new Set(state.today.moved);
  for (const id of moved) if (!already.has(id)) state.today.moved.push(id);
  const staying = plan.ships.filter((id) => !lost.has(id));
  // A stack coasting by default makes no event day after day; an ordered coast does.
  if (staying.length > 0 && before[0] && (plan.boxes > 0 || !plan.label.startsWith("default"))) {
    events.push(
      swEvent("moved", state.day, step, `${staying.join(", ")}: from ${describe(state.map, before[0])}, ${plan.text}`, {
        ships: staying,
      }),
    );
  }
}

/** A ship lost for the war, with its Loss entry (the retreat conditions count misjumps as lost, C.2 #24). */
function lose(state: SatharWarState, ship: Ship, how: Loss["how"]): void {
  ship.location = { kind: "gone", how, day: state.day };
  state.losses.push({ ship: ship.id, side: ship.side, cls: ship.cls, militia: ship.militiaOf !== undefined, day: state.day, how });
}
