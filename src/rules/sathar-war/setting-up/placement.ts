/**
 * Sathar Set-Up and Sathar reinforcements (seed 000:262-264): ships from the reserve into start circles.
 *
 * "At least 20 of his ships (not counting fighters) ... divided among two or more of the Sathar Start Circles ... no
 * more than half of the ships placed can be in one start circle"; later, "no more than half of the Sathar ships placed
 * on the map may start in one start circle" on any turn: read as ⌊n/2⌋ per circle of the n ships placed that turn
 * (C.2 #14), so a lone reinforcement cannot be placed. Fighters are not counted and are never placed alone: they come
 * aboard their carriers (000:45). A placement that breaks a limit is refused whole.
 */
import { type Problem, problem } from "../../../core/result.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState, Ship } from "../model.js";
import type { PlaceOrder } from "../orders.js";

/** Ships the set-up must place at least (000:264). */
export const SETUP_MINIMUM = 20;

export interface PlaceResult {
  state: SatharWarState;
  events: SwEvent[];
  problems: Problem[];
}

/** Can this ship be placed now: in the reserve, or back from the Void on or before today (000:521; reference E.12). */
function placeable(state: SatharWarState, ship: Ship): boolean {
  const at = ship.location;
  return at.kind === "reserve" || (at.kind === "void" && at.returnDay <= state.day);
}

export function placeSathar(state: SatharWarState, seat: string, orders: readonly PlaceOrder[], opts: { setUp: boolean }): PlaceResult {
  const problems: Problem[] = [];
  const label = (i: number, o: PlaceOrder) =>
    `#${i + 1} place ${o.ships.slice(0, 3).join(", ")}${o.ships.length > 3 ? ` +${o.ships.length - 3}` : ""} in ${o.circle}`;
  const seen = new Set<string>();
  const perCircle = new Map<string, number>();
  for (const [i, o] of orders.entries()) {
    const circle = state.map.circles.find((c) => c.id === o.circle);
    if (!circle) {
      problems.push(
        problem(
          label(i, o),
          "unknown-circle",
          `no start circle ${o.circle}; the circles are ${state.map.circles.map((c) => c.id).join(", ")}`,
        ),
      );
      continue;
    }
    const bad: string[] = [];
    for (const id of o.ships) {
      const ship = state.ships[id];
      if (!ship) bad.push(`no ship ${id}`);
      else if (ship.seat !== seat || ship.side !== "sathar") bad.push(`${id} is not a Sathar ship of seat ${seat}`);
      else if (ship.cls === "FT") bad.push(`${id} is a fighter: fighters come aboard their carriers, never placed alone (000:45)`);
      else if (!placeable(state, ship)) bad.push(`${id} is not in the reserve (it is ${ship.location.kind})`);
      else if (seen.has(id)) bad.push(`${id} is placed twice`);
      seen.add(id);
    }
    if (bad.length > 0) {
      problems.push(problem(label(i, o), "cannot-place", bad.join("; ")));
      continue;
    }
    perCircle.set(o.circle, (perCircle.get(o.circle) ?? 0) + o.ships.length);
  }
  const n = [...perCircle.values()].reduce((a, b) => a + b, 0);
  if (problems.length === 0 && n > 0) {
    const half = state.settings.movement?.half === "up" ? Math.ceil(n / 2) : Math.floor(n / 2);
    const counts = [...perCircle.entries()].map(([c, k]) => `${k} in ${c}`).join(", ");
    const over = [...perCircle.entries()].filter(([, k]) => k > half);
    const where = opts.setUp ? "the set-up" : "this turn's placement";
    if (opts.setUp && n < SETUP_MINIMUM) {
      problems.push(
        problem(
          "place",
          "too-few-ships",
          `${where} places ${n} ships (${counts}): at least ${SETUP_MINIMUM}, not counting fighters, in two or more start circles (000:264)`,
        ),
      );
    } else if (over.length > 0) {
      problems.push(
        problem(
          "place",
          "half-per-circle",
          `${where} places ${n} ships (${counts}): no more than half, ${half}, may start in one start circle (000:264, C.2 #14)${
            n < 2 ? "; place at least two ships, in two circles" : ""
          }`,
        ),
      );
    }
  }
  if (opts.setUp && n === 0 && problems.length === 0) {
    problems.push(
      problem(
        "place",
        "too-few-ships",
        `the set-up must place at least ${SETUP_MINIMUM} ships, not counting fighters, in two or more start circles (000:264)`,
      ),
    );
  }
  if (problems.length > 0) return { state, events: [], problems };
  const next = structuredClone(state);
  const events: SwEvent[] = [];
  const step = opts.setUp ? "Sathar Set-Up" : "Sathar reinforcements are placed";
  for (const o of orders) {
    const fighters: string[] = [];
    for (const id of o.ships) {
      next.ships[id]!.location = { kind: "circle", circle: o.circle };
      for (const f of Object.values(next.ships)) {
        if (f.location.kind === "aboard" && f.location.carrier === id) fighters.push(f.id);
      }
    }
    for (const id of [...o.ships, ...fighters]) if (!next.today.moved.includes(id)) next.today.moved.push(id);
    const name = next.map.circles.find((c) => c.id === o.circle)?.name ?? o.circle;
    events.push(
      swEvent(
        "placed",
        next.day,
        step,
        `${o.ships.join(", ")}${fighters.length ? ` (with ${fighters.length} fighters aboard)` : ""} emerge from the Void in ${name}`,
        {
          ships: [...o.ships, ...fighters],
        },
      ),
    );
  }
  return { state: next, events, problems };
}
