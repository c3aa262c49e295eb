/**
 * Sathar Repair by the Void (seed 000 "Sathar Repair"): "the damaged ship must travel to a Sathar Start Circle and
 * enter the Void. The ship counter is then placed on the time track, six days ahead of the Day marker. When the Day
 * marker reaches the box the Sathar ship is in, that ship is placed in a Sathar Start Circle, completely repaired.
 * Any number of ships can be repaired this way."
 *
 * A ship that enters the Void on day d returns when the Day marker reaches day d + 6: it goes to the reserve, wholly
 * repaired and rearmed (going home refits it), with any fighters aboard, and is placed in a start circle by an
 * ordinary `place` order, which counts against the half-per-circle rule like any placement (E.12, RULINGS.md
 * "Repair"): the rule limits every turn's placement, and "placed in a Sathar Start Circle" is a placement.
 */
import { clonePlain } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import { problem } from "../../../core/result.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState, Ship } from "../model.js";
import type { VoidOrder } from "../orders.js";

/** Days in the Void (seed 000 "six days ahead of the Day marker"). */
export const VOID_DAYS = 6;

function needsRefit(ship: Ship): boolean {
  return (
    Object.values(ship.damage).some((n) => (n ?? 0) > 0) ||
    Object.values(ship.spent).some((n) => (n ?? 0) > 0) ||
    (ship.stationOnly?.length ?? 0) > 0
  );
}

/** Sathar ships in a start circle enter the Void, back on day + 6. Only ships with damage or spent expendables go ("the damaged ship"). */
export function enterVoid(
  state: SatharWarState,
  seat: string,
  orders: readonly VoidOrder[],
): { state: SatharWarState; events: SwEvent[]; problems: Problem[] } {
  const next = clonePlain(state);
  const problems: Problem[] = [];
  const gone: string[] = [];
  const returnDay = state.day + VOID_DAYS;
  orders.forEach((order, i) => {
    for (const id of order.ships) {
      const label = `#${i + 1} void ${id}`;
      const ship = next.ships[id];
      if (!ship) problems.push(problem(label, "unknown-ship", `there is no ship ${id}`));
      else if (ship.seat !== seat) problems.push(problem(label, "not-your-ship", `${id} is commanded by ${ship.seat}, not ${seat}`));
      else if (ship.side !== "sathar") problems.push(problem(label, "not-sathar", `only Sathar ships enter the Void`));
      else if (ship.location.kind !== "circle")
        problems.push(
          problem(
            label,
            "not-in-a-start-circle",
            `${id} is not in a Sathar Start Circle (${ship.location.kind}); it must travel to one first`,
          ),
        );
      else if (!needsRefit(ship))
        problems.push(problem(label, "nothing-to-repair", `${id} has no damage and nothing spent; only damaged ships go home for repair`));
      else {
        ship.location = { kind: "void", returnDay };
        gone.push(id);
      }
    }
  });
  const events =
    gone.length > 0
      ? [
          swEvent("void", state.day, "Sathar move: the Void", `Into the Void for repair, back on day ${returnDay}: ${gone.join(", ")}.`, {
            ships: gone,
          }),
        ]
      : [];
  return { state: next, events, problems };
}

/** Ships whose return day has come (`day`: the Day marker now; default the state's day) go to the reserve, wholly repaired and rearmed. */
export function returnFromVoid(state: SatharWarState, day = state.day): { state: SatharWarState; events: SwEvent[] } {
  const back = Object.values(state.ships)
    .filter((s) => s.location.kind === "void" && s.location.returnDay <= day)
    .map((s) => s.id);
  if (back.length === 0) return { state, events: [] };
  const next: SatharWarState = { ...state, ships: { ...state.ships }, fighterRearms: { ...state.fighterRearms } };
  const refit = (ship: Ship): Ship => {
    const { stationOnly: _, ...rest } = ship;
    return { ...rest, damage: {}, spent: {} };
  };
  for (const ship of Object.values(state.ships)) {
    const loc = ship.location;
    if (back.includes(ship.id)) next.ships[ship.id] = { ...refit(ship), location: { kind: "reserve" } };
    else if (loc.kind === "aboard" && loc.carrier !== undefined && back.includes(loc.carrier)) next.ships[ship.id] = refit(ship);
  }
  for (const host of back) delete next.fighterRearms[host];
  const events = [
    swEvent(
      "void-return",
      day,
      "Time Record: back from the Void",
      `Back from the Void, repaired and rearmed, to be placed in a start circle: ${back.join(", ")}.`,
      {
        ships: back,
      },
    ),
  ];
  return { state: next, events };
}
