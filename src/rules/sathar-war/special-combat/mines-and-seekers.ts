/**
 * The minelayer's choice (seed 000 "Declaring Combat", 000:433: "If the defender's ships include a minelayer, the
 * defender may place all of its mines and seeker missiles before the battle. The number and locations of the mines
 * and seeker missiles must be recorded on paper"). The UPF's `mines` order records, secretly, how many mines and
 * seekers a minelayer lays should it defend a system: `state.mines[system]`, which `knownState` hides from the Sathar
 * and `minesFor` (declaring-combat.ts) reads when the battle is declared (capped there by what the ship still has).
 * Without an order for the system, a defending minelayer lays all it has (the seeds' "may place all").
 *
 * The order stands until another for the same system replaces it (the last one given stands); `mines: 0, seekers: 0`
 * lays none. Bad orders are problems, never exceptions, and change nothing.
 */
import type { Problem } from "../../../core/result.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState } from "../model.js";
import type { MinesOrder } from "../orders.js";
import { SHIP_RATINGS } from "../orders-of-battle/ship-classes.js";
import { systemOf } from "./where-ships-are.js";

/** Mines ("M") and seeker missiles ("SM") a ship has left: its rating less what it has spent. */
export function layable(state: SatharWarState, shipId: string): { mines: number; seekers: number } {
  const ship = state.ships[shipId];
  if (!ship) return { mines: 0, seekers: 0 };
  const left = (code: "M" | "SM") => Math.max(0, (SHIP_RATINGS[ship.cls].weapons[code] ?? 0) - (ship.spent[code] ?? 0));
  return { mines: left("M"), seekers: left("SM") };
}

/** The seat's minelayers still in the war (for messages and menus). */
export function minelayersOf(state: SatharWarState, seat: string): string[] {
  return Object.values(state.ships)
    .filter((s) => s.seat === seat && s.cls === "ML" && s.location.kind !== "gone")
    .map((s) => s.id);
}

/** Carry out a UPF seat's `mines` orders on `state` (a working copy: the step's own), in the file's order. */
export function applyMines(
  state: SatharWarState,
  seat: string,
  orders: readonly { order: MinesOrder; index: number }[],
  problems: Problem[],
  events: SwEvent[],
  step: string,
): void {
  for (const { order, index } of orders) {
    const label = `#${index} mines ${order.minelayer}`;
    const fail = (code: string, message: string) => problems.push({ order: label, code, message });
    const mine = minelayersOf(state, seat);
    const choice = mine.length > 0 ? `your minelayers: ${mine.join(", ")}` : "you have no minelayer";
    const ship = state.ships[order.minelayer];
    if (!ship) {
      fail("unknown-ship", `no ship "${order.minelayer}" in this campaign; ${choice}`);
      continue;
    }
    if (ship.seat !== seat) {
      fail("not-your-ship", `${ship.id} is not yours to command; ${choice}`);
      continue;
    }
    if (ship.cls !== "ML") {
      fail("not-a-minelayer", `${ship.id} is not a minelayer (class ML): only a minelayer lays mines and seekers; ${choice}`);
      continue;
    }
    if (ship.location.kind === "gone") {
      fail("ship-lost", `${ship.id} is lost; ${choice}`);
      continue;
    }
    const system = order.system ?? systemOf(state, ship);
    if (system === undefined) {
      fail("no-system", `${ship.id} is not in a star system now: name the system it would lay them in (system: ID)`);
      continue;
    }
    const sys = state.map.systems.find((s) => s.id === system);
    if (!sys) {
      fail("unknown-system", `no system "${system}" on the map; systems: ${state.map.systems.map((s) => s.id).join(", ")}`);
      continue;
    }
    const has = layable(state, ship.id);
    if (order.mines > has.mines || order.seekers > has.seekers) {
      fail(
        "more-than-it-has",
        `${ship.id} has ${has.mines} mines and ${has.seekers} seeker missiles left: it can lay at most that many (asked ${order.mines} and ${order.seekers})`,
      );
      continue;
    }
    state.mines[system] = { minelayer: ship.id, mines: order.mines, seekers: order.seekers };
    const upf = state.seats.filter((s) => s.side === "upf").map((s) => s.id);
    events.push(
      swEvent(
        "mines",
        state.day,
        step,
        `${ship.id} will lay ${order.mines} mines and ${order.seekers} seeker missiles should it defend ${sys.name} (recorded secretly)`,
        { ships: [ship.id], to: upf },
      ),
    );
  }
}
