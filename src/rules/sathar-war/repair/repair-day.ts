/**
 * A day in the shop (seed 000 "UPF Repairs", "REPAIR CAPACITY TABLE", "Sathar Repair"), at the day's end.
 *
 * "Each SCC can repair a certain number of hull points per day ... These repairs can be divided among as many ships
 * as the UPF player has at that station." "Damage other than hull damage also can be repaired at an SCC. One system
 * can be repaired per day. The repaired system is completely restored. No other system repairs or hull repairs can
 * be performed that day. For example, if a ship lost 3 ADF points and 8 hull points, it must spend two days in the
 * shop to be repaired: One day to repair the hull, and one day to completely repair the drives."
 *
 * Read as (E.11): each SCC's daily hull capacity is one pool shared by the ships docked there the whole day; each
 * such ship gets either hull points from the pool or one system wholly restored, never both. `repair` orders say
 * which, and how many points (default: all it needs that the pool still has), in the order given; docked ships
 * without an order come after, in id order, taking hull first while the pool lasts, else their first damaged
 * system. What only a station can mend (`stationOnly`, seed 000 "REPAIR": a failed hull repair after battle, or a
 * system that rolled 99/00) is mended only here, and is cleared once that damage is gone.
 */
import { clonePlain } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import { problem } from "../../../core/result.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState, Ship, Station } from "../model.js";
import type { RepairOrder } from "../orders.js";
import { dailyCapacity, type Held, heldSystems, sccUser, stationAt } from "./construction-centers.js";

const STEP = "End of day: repairs";

/** The damaged keys of a ship: "hull" and each system with points lost. */
export function damagedKeys(ship: Ship): string[] {
  return Object.entries(ship.damage)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([k]) => k)
    .sort((a, b) => (a === "hull" ? -1 : b === "hull" ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/** The SCC a ship is being repaired at today: docked the whole day at a station whose SCC its side may use. */
export function repairingAt(state: SatharWarState, ship: Ship, held?: Held): Station | undefined {
  const loc = ship.location;
  if (loc.kind !== "system" || !loc.docked || state.today.moved.includes(ship.id)) return undefined;
  const station = stationAt(state, loc.planet);
  return station && sccUser(state, station, held) === ship.side ? station : undefined;
}

function mend(ship: Ship, key: string, points?: number): number {
  const had = ship.damage[key] ?? 0;
  const fixed = points === undefined ? had : Math.min(had, points);
  const left = had - fixed;
  if (left > 0) ship.damage[key] = left;
  else {
    delete ship.damage[key];
    if (ship.stationOnly) {
      const rest = ship.stationOnly.filter((k) => k !== key);
      if (rest.length > 0) ship.stationOnly = rest;
      else delete ship.stationOnly;
    }
  }
  return fixed;
}

/** Why a repair order cannot be carried out ([code, message]), or undefined. */
function whyNot(
  state: SatharWarState,
  seat: string,
  order: RepairOrder,
  ordered: Map<string, RepairOrder>,
  held: Held,
): [string, string] | undefined {
  const ship = state.ships[order.ship];
  if (!ship) return ["unknown-ship", `there is no ship ${order.ship}`];
  if (ship.seat !== seat) return ["not-your-ship", `${order.ship} is commanded by ${ship.seat}, not ${seat}`];
  if (!repairingAt(state, ship, held))
    return [
      "not-in-the-shop",
      `${order.ship} is not docked the whole day at a construction centre its side may use (UPF: a standing station with an SCC, no Sathar ship in the system; Sathar: a captured SCC)`,
    ];
  if (ordered.has(order.ship)) return ["one-repair-a-day", `${order.ship} already has a repair today: hull or one system a day`];
  const keys = damagedKeys(ship);
  if (!keys.includes(order.what))
    return ["not-damaged", `${order.ship} has no ${order.what} damage; damaged: ${keys.length > 0 ? keys.join(", ") : "nothing"}`];
  return undefined;
}

export function repairDay(
  state: SatharWarState,
  ordersBySeat: Readonly<Record<string, readonly RepairOrder[]>>,
): { state: SatharWarState; events: SwEvent[]; problems: { seat: string; problem: Problem }[] } {
  // Copy only what changes: the ship records, and each ship mended (`mended`).
  const next: SatharWarState = { ...state, ships: { ...state.ships } };
  const mended = (id: string): Ship => {
    const copy = clonePlain(next.ships[id] as Ship);
    next.ships[id] = copy;
    return copy;
  };
  // Repairs change no ship's place, so who holds which system is the same all through.
  const held = heldSystems(state);
  const problems: { seat: string; problem: Problem }[] = [];
  const events: SwEvent[] = [];
  const ordered = new Map<string, RepairOrder>();
  for (const seat of Object.keys(ordersBySeat).sort()) {
    for (const [i, order] of (ordersBySeat[seat] ?? []).entries()) {
      const wrong = whyNot(next, seat, order, ordered, held);
      if (wrong) problems.push({ seat, problem: problem(`#${i + 1} repair ${order.ship} ${order.what}`, wrong[0], wrong[1]) });
      else ordered.set(order.ship, order);
    }
  }

  for (const station of Object.values(next.stations).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const side = sccUser(next, station, held);
    if (!side) continue;
    const inShop = Object.values(next.ships).filter((s) => s.side === side && repairingAt(next, s, held)?.id === station.id);
    if (inShop.length === 0) continue;
    const order = [...ordered.keys()].filter((id) => inShop.some((s) => s.id === id));
    const rest = inShop
      .map((s) => s.id)
      .filter((id) => !ordered.has(id))
      .sort();
    let pool = dailyCapacity(station, side);
    const capacity = pool;
    for (const id of [...order, ...rest]) {
      const keys = damagedKeys(next.ships[id] as Ship);
      if (keys.length === 0) continue;
      const given = ordered.get(id);
      const what = given?.what ?? (keys.includes("hull") && pool > 0 ? "hull" : keys.find((k) => k !== "hull"));
      if (what === undefined) continue;
      if (what === "hull") {
        if (pool <= 0) {
          events.push(
            swEvent("note", next.day, STEP, `${id}: ${station.name}'s ${capacity} hull points for today are used up.`, { ships: [id] }),
          );
          continue;
        }
        const ship = mended(id);
        const fixed = mend(ship, "hull", Math.min(pool, given?.points ?? pool));
        pool -= fixed;
        const left = ship.damage.hull ?? 0;
        events.push(
          swEvent(
            "repaired",
            next.day,
            STEP,
            `${id}: ${fixed} hull points repaired at ${station.name} (${capacity} a day, ${pool} left today)${left > 0 ? `; ${left} still to mend` : "; hull whole"}.`,
            { ships: [id] },
          ),
        );
      } else {
        mend(mended(id), what);
        events.push(swEvent("repaired", next.day, STEP, `${id}: ${what} completely restored at ${station.name}.`, { ships: [id] }));
      }
    }
  }
  return { state: next, events, problems };
}
