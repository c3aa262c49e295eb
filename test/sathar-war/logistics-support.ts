/** Test support for the logistics rules: a cleared campaign to place ships in, and d100/d10-scripted dice. */
import type { Loss, LossCause, SatharWarState, Settings, Ship } from "../../src/rules/sathar-war/model.js";
import type { ShipClass } from "../../src/rules/sathar-war/orders-of-battle/ship-classes.js";
import { createCampaign } from "../../src/rules/sathar-war/setting-up/create.js";

export { ScriptedIntRng as DiceRng } from "../support/scripted-rng.js";

/** A campaign on day `day` in the Sathar move with every ship off the map (UPF) or in reserve (Sathar). */
export function emptyCampaign(settings: Partial<Settings> = {}, day = 1): SatharWarState {
  const s = createCampaign(settings);
  for (const ship of Object.values(s.ships)) ship.location = ship.side === "upf" ? { kind: "offmap" } : { kind: "reserve" };
  s.phase = "sathar-move";
  s.day = day;
  return s;
}

/** Put a ship at a planet (its system found on the map). */
export function at(s: SatharWarState, id: string, planet: string, docked = false): Ship {
  const ship = s.ships[id];
  if (!ship) throw new Error(`no ship ${id}`);
  const system = s.map.systems.find((x) => x.planets.some((p) => p.id === planet));
  if (!system) throw new Error(`no planet ${planet}`);
  ship.location = { kind: "system", system: system.id, planet, ...(docked ? { docked } : {}) };
  return ship;
}

/** Destroy stations (by id) on `day`. */
export function destroy(s: SatharWarState, ids: string[], day = 1): void {
  for (const id of ids) {
    const st = s.stations[id];
    if (!st) throw new Error(`no station ${id}`);
    st.destroyedDay = day;
  }
}

/** Record a loss (and put the ship out of the war). */
export function lose(s: SatharWarState, id: string, how: LossCause = "destroyed", day = s.day): Loss {
  const ship = s.ships[id];
  if (!ship) throw new Error(`no ship ${id}`);
  ship.location = { kind: "gone", how, day };
  const loss: Loss = { ship: id, side: ship.side, cls: ship.cls, militia: ship.militiaOf !== undefined, day, how };
  s.losses.push(loss);
  return loss;
}

/** The ids of a side's ships of a class, in id order. */
export function idsOf(s: SatharWarState, side: "sathar" | "upf", cls: ShipClass, militia = false): string[] {
  return Object.values(s.ships)
    .filter((x) => x.side === side && x.cls === cls && (x.militiaOf !== undefined) === militia)
    .map((x) => x.id)
    .sort();
}
