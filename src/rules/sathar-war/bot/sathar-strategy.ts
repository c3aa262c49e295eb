/**
 * The normal Sathar: what the seeds' designers meant them to do (seed 000 "Sathar Set-Up", "Sathar Repair", "SATHAR
 * RETREAT CONDITIONS"; issue 12 "Play"):
 *
 * - Retreat condition 2 (five heavy cruisers): the Sathar's 25 fighters are spent in nearly every battle, so
 *   condition 3 (40 ships "including fighters") comes after some 15 real ships; 4 and 5 are met by a slow first tenday
 *   crossing the red boxes. The cruisers are watched: when one more loss would end the war they stay out of attacks.
 * - Entry circles: the pair of start circles nearest each other with the most stations at hand, half in each (the
 *   half rule, 000:264), so the fleets meet within days.
 * - Concentration: one objective at a time for every stack, the station system cheapest to reach for the whole force
 *   and worth most (fortresses are needed for victory, 000:571); a stack attacks only where it outweighs the defence
 *   (stations counted), else waits there for the others.
 * - Risk jumps (000:338-395) for stacks with no ship the retreat condition counts, on routes of five boxes or more,
 *   each ship rolling on its own (a 90% jump must not lose a whole stack to one roll, 000:378).
 * - Repair in the Void (000:521): badly damaged ships at a system with a start circle go out to it and into the Void;
 *   ships back from the Void are placed again in the circles nearest the objective.
 * - When it cannot win (no station destroyed for 30 days from day 10 on, or few ships left) it attacks with everything, so the war
 *   ends by its own retreat condition rather than in a stalemate.
 *
 * Decides from `knownState` only: the Sathar know their own retreat condition (000 "Sathar Retreat").
 */
import { daysFrom, nextHop } from "../deployment-map/paths.js";
import type { SatharWarState, Ship } from "../model.js";
import type { Order, PlaceOrder } from "../orders.js";
import type { ShipClass } from "../orders-of-battle/ship-classes.js";
import { maxRate } from "../strategic-movement/risk-jumping.js";
import { routeJoining } from "../strategic-movement/transit-boxes.js";
import { alive, days, hullLeft, hullLost, livingStations, stacksBySystem, targetPlanet, weightIn } from "./strength.js";

/** The retreat condition the normal Sathar choose (see above). */
export const SATHAR_CONDITION = 2;
/** Attack where the Sathar hull exceeds the defence's (ships and stations) by this factor. */
const ATTACK_RATIO = 1.3;
/**
 * Days without a station destroyed (counted from day 10 at the earliest: the first tenday goes on the red boxes and
 * the first routes) after which the Sathar stop husbanding their fleet: it cannot win.
 */
const STALL_DAYS = 30;
/** Hull lost from which a ship goes home to the Void when it can. */
const VOID_DAMAGE = 0.5;

/** The classes the retreat condition counts, and how many losses end the war (000 "SATHAR RETREAT CONDITIONS"). */
function precious(condition: number): { classes: readonly ShipClass[] | "all"; limit: number } | undefined {
  if (condition === 1) return { classes: ["AC"], limit: 2 };
  if (condition === 2) return { classes: ["HC"], limit: 5 };
  if (condition === 3) return { classes: "all", limit: 40 };
  return undefined;
}

const isPrecious = (condition: number, s: Ship) => {
  const p = precious(condition);
  return p !== undefined && (p.classes === "all" || p.classes.includes(s.cls));
};

/** Losses the condition has counted so far. */
function counted(state: SatharWarState): number {
  const p = precious(state.retreatCondition);
  if (!p) return 0;
  return state.losses.filter((l) => l.side === "sathar" && l.how !== "detonated" && (p.classes === "all" || p.classes.includes(l.cls)))
    .length;
}

/** One more loss would end the war: keep the counted ships out of attacks. */
function conditionBites(state: SatharWarState): boolean {
  const p = precious(state.retreatCondition);
  return p !== undefined && p.classes !== "all" && counted(state) >= p.limit - 1;
}

/** The Sathar cannot win any more: no station destroyed for STALL_DAYS (from day 10), or fewer than six fighting ships left. */
export function cannotWin(state: SatharWarState): boolean {
  const last = Math.max(10, ...Object.values(state.stations).map((s) => s.destroyedDay ?? 0));
  const fighting = Object.values(state.ships).filter((s) => s.side === "sathar" && alive(s) && s.cls !== "FT").length;
  return state.day - last > STALL_DAYS || fighting < 6;
}

/** Where a Sathar ship is headed or stands, as a system (for the centre of the force). */
function whereBound(state: SatharWarState, s: Ship): string | undefined {
  const l = s.location;
  if (l.kind === "system") return l.system;
  if (l.kind === "transit") return l.toward;
  if (l.kind === "red" || l.kind === "circle") return state.map.circles.find((c) => c.id === l.circle)?.system;
  return undefined;
}

/**
 * The objective: the station system with the least hull-weighted days for the whole force to reach, less its worth
 * (a fortress 6 days, another station 3), plus its defence against the force's hull (10 days at parity).
 */
export function objective(state: SatharWarState, seat: string): string | undefined {
  const force: [string, number][] = [];
  for (const s of Object.values(state.ships)) {
    if (s.seat !== seat || s.cls === "FT") continue;
    const at = whereBound(state, s);
    if (at) force.push([at, hullLeft(s)]);
  }
  const total = force.reduce((a, [, w]) => a + w, 0);
  const systems = [...new Set(livingStations(state).map((s) => s.system))].sort();
  let best: { system: string; cost: number } | undefined;
  for (const system of systems) {
    const here = livingStations(state).filter((s) => s.system === system);
    const worth = here.reduce((a, s) => a + (s.type === "fortress" ? 6 : 3), 0);
    // Routes are the same both ways: one search from the candidate serves the whole force.
    const from = daysFrom(state.map, system);
    const reach = total > 0 ? force.reduce((a, [at, w]) => a + w * Math.min(60, from.get(at) ?? 60), 0) / total : 0;
    const defence = total > 0 ? (10 * weightIn(state, "upf", system)) / total : 0;
    const cost = reach - worth + defence;
    if (!best || cost < best.cost) best = { system, cost };
  }
  return best?.system;
}

/** The two start circles nearest each other, with the most stations at their systems: the opening's entry. */
export function entryCircles(state: SatharWarState): string[] {
  const circles = [...state.map.circles].sort((a, b) => a.id.localeCompare(b.id));
  const stations = (system: string) => livingStations(state).filter((s) => s.system === system).length;
  let best: { pair: string[]; cost: number } | undefined;
  for (const [i, a] of circles.entries())
    for (const b of circles.slice(i + 1)) {
      const cost = days(state, a.system, b.system) + a.redBoxes + b.redBoxes - 2 * (stations(a.system) + stations(b.system));
      if (!best || cost < best.cost) best = { pair: [a.id, b.id], cost };
    }
  return best?.pair ?? circles.slice(0, 2).map((c) => c.id);
}

/** Ships split over two circles, at most half in one (000:264): an odd one out waits in the reserve. */
function placeOver(ids: readonly string[], circles: readonly string[]): PlaceOrder[] {
  const [a, b] = circles;
  const n = ids.length - (ids.length % 2);
  if (!a || !b || n < 2) return [];
  return [
    { type: "place", ships: ids.slice(0, n / 2), circle: a },
    { type: "place", ships: ids.slice(n / 2, n), circle: b },
  ];
}

export function satharSetUp(state: SatharWarState, seat: string): Order[] {
  const reserve = Object.values(state.ships)
    .filter((s) => s.seat === seat && s.location.kind === "reserve" && s.cls !== "FT")
    .map((s) => s.id)
    .sort();
  return [{ type: "retreat", condition: SATHAR_CONDITION }, ...placeOver(reserve, entryCircles(state))];
}

/** The two circles nearest the objective (the reserve and ships back from the Void join the fight there). */
function circlesToward(state: SatharWarState, goal: string | undefined): string[] {
  const from = goal ? daysFrom(state.map, goal) : new Map<string, number>();
  const far = (c: { system: string; redBoxes: number }) => (from.get(c.system) ?? 0) + c.redBoxes;
  return [...state.map.circles]
    .sort((a, b) => far(a) - far(b) || a.id.localeCompare(b.id))
    .slice(0, 2)
    .map((c) => c.id);
}

export function satharMove(state: SatharWarState, seat: string): Order[] {
  const orders: Order[] = [];
  const goal = objective(state, seat);
  const placeable = Object.values(state.ships)
    .filter(
      (s) =>
        s.seat === seat &&
        s.cls !== "FT" &&
        (s.location.kind === "reserve" || (s.location.kind === "void" && s.location.returnDay <= state.day)),
    )
    .map((s) => s.id)
    .sort();
  orders.push(...placeOver(placeable, circlesToward(state, goal)));
  // Damaged ships in a start circle go home to be repaired (000:521).
  const home = Object.values(state.ships)
    .filter((s) => s.seat === seat && s.location.kind === "circle" && Object.values(s.damage).some((v) => (v ?? 0) > 0))
    .map((s) => s.id)
    .sort();
  if (home.length > 0) orders.push({ type: "void", ships: home });
  // The rest in a circle (placed, or sound again) go back in by the red boxes (000:410, "Day One").
  for (const c of [...state.map.circles].sort((a, b) => a.id.localeCompare(b.id))) {
    const back = Object.values(state.ships)
      .filter(
        (s) => s.seat === seat && s.location.kind === "circle" && s.location.circle === c.id && s.cls !== "FT" && !home.includes(s.id),
      )
      .map((s) => s.id)
      .sort();
    if (back.length > 0) orders.push({ type: "move", ships: back, action: "advance" });
  }
  const stations = livingStations(state);
  const condition = state.retreatCondition;
  const allIn = cannotWin(state);
  orders.push(...turnBack(state, seat, allIn));
  for (const [system, stack] of stacksBySystem(state, seat)) {
    // Badly damaged ships leave by the system's own start circle, for the Void, unless a battle is on here.
    const circle = state.map.circles.find((c) => c.system === system);
    const hurt = circle ? stack.filter((s) => hullLost(s) >= VOID_DAMAGE) : [];
    const rest = stack.filter((s) => !hurt.includes(s));
    const stationsHere = stations.some((st) => st.system === system);
    if (circle && hurt.length > 0 && !stationsHere) orders.push({ type: "move", ships: hurt.map((s) => s.id), to: circle.id });
    const moving = stationsHere || !circle ? stack : rest;
    if (moving.length === 0) continue;
    if (stationsHere) {
      // Stay and fight while the defence can be beaten or the others are coming to the objective.
      const ours = weightIn(state, "sathar", system);
      const theirs = weightIn(state, "upf", system);
      if (system === goal || ours >= theirs * 0.6 || cannotWin(state)) continue;
    }
    if (!goal || goal === system) continue;
    const hop = nextHop(state.map, system, goal);
    if (!hop) continue;
    // Do not walk into a UPF concentration that outweighs the stack and what the Sathar have there.
    const arriving = moving.reduce((a, s) => a + hullLeft(s), 0) + weightIn(state, "sathar", hop);
    if (!allIn && weightIn(state, "upf", hop) > arriving) continue;
    const route = routeJoining(state.map, system, hop);
    const rush =
      route !== undefined &&
      route.boxes >= 5 &&
      moving.every((s) => maxRate(s) >= 2 && s.cls !== "AC" && !isPrecious(condition, s)) &&
      precious(condition)?.classes !== "all";
    orders.push({
      type: "move",
      ships: moving.map((s) => s.id),
      to: hop,
      ...(rush ? { rate: 2 as const, interlock: false } : {}),
    });
  }
  return orders;
}

/**
 * Stacks in a transit box heading for a system where the UPF outweigh them by a fifth (and the Sathar already there)
 * reverse (000:222), unless they cannot win; a stack still accelerating to a risk jump cannot.
 */
function turnBack(state: SatharWarState, seat: string, allIn: boolean): Order[] {
  if (allIn) return [];
  const groups = new Map<string, Ship[]>();
  for (const s of Object.values(state.ships)) {
    const l = s.location;
    if (s.seat !== seat || s.cls === "FT" || l.kind !== "transit" || (!l.jumped && l.rate > 1)) continue;
    const key = `${l.route}|${l.box}|${l.toward}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const orders: Order[] = [];
  for (const [key, ships] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const toward = key.split("|")[2] ?? "";
    const ours = ships.reduce((a, s) => a + hullLeft(s), 0) + weightIn(state, "sathar", toward);
    if (weightIn(state, "upf", toward) > ours * 1.2) orders.push({ type: "move", ships: ships.map((s) => s.id).sort(), action: "reverse" });
  }
  return orders;
}

/** The Sathar attack wherever they outweigh the defence (everywhere once they cannot win), sparing the counted ships when the condition bites. */
export function satharAttacks(state: SatharWarState, seat: string, attackable: ReadonlySet<string>): Order[] {
  const orders: Order[] = [];
  const allIn = cannotWin(state);
  const spare = !allIn && conditionBites(state);
  for (const system of [...attackable].sort()) {
    const keep = (s: Ship) => !spare || !isPrecious(state.retreatCondition, s);
    const ours = weightIn(state, "sathar", system, keep);
    const theirs = weightIn(state, "upf", system);
    if (theirs === 0 || ours === 0) continue;
    if (!allIn && ours < theirs * ATTACK_RATIO) continue;
    const planet = targetPlanet(state, system, "upf");
    const named = spare
      ? Object.values(state.ships)
          .filter((s) => s.seat === seat && s.location.kind === "system" && s.location.system === system && keep(s))
          .map((s) => s.id)
          .sort()
      : [];
    if (spare && named.length === 0) continue;
    orders.push({ type: "attack", system, ...(planet ? { planet } : {}), ...(spare ? { ships: named } : {}) });
  }
  return orders;
}
