/**
 * SHATTER DRONES (Optional) (seed 000): "Before the first turn, each player chooses two of his frigates to be
 * shatter drones. The UPF can use either Spacefleet or militia frigates."
 *
 * Read per side (RULINGS.md "Shatter drones"): each side has two drones, whoever of its seats names them; a seat's
 * `drones` order (in a set-up step, the option on) names two frigates of its side and replaces that side's earlier
 * choice. With no choice made, `defaultDrones` picks the side's first two frigates in id order (for the UPF,
 * Spacefleet frigates before militia ones, keeping the militia for their home planets). The detonation itself is the
 * battle resolvers' (battles/); a detonated drone is lost as "detonated", counted for nothing and never replaced.
 */
import { clonePlain } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import { problem } from "../../../core/result.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState, Side } from "../model.js";
import type { DronesOrder } from "../orders.js";

const SETUP_PHASES = ["upf-setup", "sathar-setup"];

export function chooseDrones(state: SatharWarState, seat: string, order: DronesOrder): { state: SatharWarState; problems: Problem[] } {
  const label = `drones ${order.ships.join(", ")}`;
  const side = state.seats.find((s) => s.id === seat)?.side;
  const fail = (code: string, message: string) => ({ state, problems: [problem(label, code, message)] });
  if (!state.settings.shatterDrones) return fail("option-off", "this campaign does not use the optional shatter drones rule");
  if (!side) return fail("unknown-seat", `there is no seat ${seat}`);
  if (state.day !== 1 || !SETUP_PHASES.includes(state.phase))
    return fail("too-late", "shatter drones are chosen before the first turn, in a set-up step");
  if (new Set(order.ships).size !== 2) return fail("two-frigates", "name two different frigates");
  for (const id of order.ships) {
    const ship = state.ships[id];
    if (!ship) return fail("unknown-ship", `there is no ship ${id}`);
    if (ship.side !== side) return fail("not-your-side", `${id} is not a ${side === "upf" ? "UPF" : "Sathar"} ship`);
    if (ship.cls !== "FF") return fail("not-a-frigate", `${id} is a ${ship.cls}; only frigates become shatter drones`);
    if (ship.location.kind === "gone") return fail("ship-lost", `${id} is lost`);
  }
  const next = clonePlain(state);
  for (const ship of Object.values(next.ships)) if (ship.side === side) delete ship.drone;
  for (const id of order.ships) (next.ships[id] as { drone?: boolean }).drone = true;
  return { state: next, problems: [] };
}

/** How an event names a side's drones (the needle the ruleset's `secrets` looks for). */
export function droneText(ids: readonly string[]): string {
  return `shatter drones ${[...ids].sort().join(" and ")}`;
}

/** The side's default pair: its first two frigates in id order (UPF: Spacefleet before militia). */
export function defaultDrones(state: SatharWarState, side: Side): string[] {
  return Object.values(state.ships)
    .filter((s) => s.side === side && s.cls === "FF" && s.location.kind !== "gone")
    .sort((a, b) => Number(a.militiaOf !== undefined) - Number(b.militiaOf !== undefined) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, 2)
    .map((s) => s.id);
}

/** With the option on, give each side without two drones its default pair (call as the set-up ends). */
export function applyDefaultDrones(state: SatharWarState): { state: SatharWarState; events: SwEvent[] } {
  if (!state.settings.shatterDrones) return { state, events: [] };
  const next = clonePlain(state);
  const events: SwEvent[] = [];
  for (const side of ["sathar", "upf"] as const) {
    const have = Object.values(next.ships).filter((s) => s.side === side && s.drone).length;
    if (have >= 2) continue;
    for (const ship of Object.values(next.ships)) if (ship.side === side) delete ship.drone;
    const pick = defaultDrones(next, side);
    for (const id of pick) (next.ships[id] as { drone?: boolean }).drone = true;
    events.push(
      swEvent(
        "note",
        next.day,
        "Set-up: shatter drones",
        `No drones chosen for the ${side === "upf" ? "UPF" : "Sathar"}: ${droneText(pick)} by default.`,
        { ships: pick },
      ),
    );
  }
  return { state: next, events };
}
