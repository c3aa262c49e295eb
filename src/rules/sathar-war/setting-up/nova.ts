/**
 * Strike Force NOVA (seed 000:267-299, "UPF Reaction" 000:413-415): off the map until the UPF places it, where 1d10
 * on the Strike Force NOVA Placement table says; it moves normally the day it is placed.
 */
import type { Rng } from "../../../core/rng.js";
import { systemOfPlanet } from "../deployment-map/map.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState } from "../model.js";
import { NOVA_PLACEMENT } from "../orders-of-battle/forces.js";

/** UPF ships waiting off the map (SF NOVA and the non-attached ships sent with it). */
function offMap(state: SatharWarState): string[] {
  return Object.values(state.ships)
    .filter((s) => s.side === "upf" && s.location.kind === "offmap")
    .map((s) => s.id);
}

/**
 * May NOVA be placed now? Only at the start of a UPF move (000:272), so never before the Sathar's first placement
 * (000:269): day one's UPF move is the first chance ("UPF Reaction", 000:414), then any later UPF move.
 */
export function novaAllowed(state: SatharWarState): boolean {
  return state.phase === "upf-move" && offMap(state).length > 0;
}

/** Roll 1d10 (a 0 reads as 10) and put every off-map UPF ship at that planet; fighters stay aboard their carriers. */
export function placeNova(state: SatharWarState, rng: Rng): { state: SatharWarState; events: SwEvent[] } {
  const waiting = offMap(state);
  if (waiting.length === 0)
    return { state, events: [swEvent("note", state.day, "UPF reinforcements are placed", "Strike Force NOVA is already on the map")] };
  const value = rng.d10();
  const planet = NOVA_PLACEMENT[value] ?? "gran-quivera";
  const system = systemOfPlanet(state.map, planet);
  const next = structuredClone(state);
  const roll = { die: "d10" as const, value, for: "Strike Force NOVA placement" };
  if (!system) {
    return {
      state,
      events: [
        swEvent(
          "note",
          state.day,
          "UPF reinforcements are placed",
          `NOVA rolled ${value} (${planet}), which this map lacks: it stays off the map`,
          { rolls: [roll] },
        ),
      ],
    };
  }
  const fighters: string[] = [];
  for (const id of waiting) {
    next.ships[id]!.location = { kind: "system", system: system.id, planet };
    for (const f of Object.values(next.ships)) if (f.location.kind === "aboard" && f.location.carrier === id) fighters.push(f.id);
  }
  for (const id of [...waiting, ...fighters]) if (!next.today.moved.includes(id)) next.today.moved.push(id);
  const planetName = system.planets.find((p) => p.id === planet)?.name ?? planet;
  return {
    state: next,
    events: [
      swEvent(
        "nova-placed",
        next.day,
        "UPF reinforcements are placed",
        `Strike Force NOVA rolls ${value}: placed at ${planetName} (${system.name})`,
        {
          ships: [...waiting, ...fighters],
          rolls: [roll],
        },
      ),
    ],
  };
}
