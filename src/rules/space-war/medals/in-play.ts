/**
 * Medals in play (l.737-801): a crew's medals count for the craft it is aboard ("Bonus" column): Ace (lasers on the
 * Ace row), Star and Corporation (+1 armour each), Saboteur (+1 Self-Repair die), Tek (+1 Electronics), Valour
 * (Wingman: +1 armour for every own fighter while a fighter crew with Valour survives and two or more fighters
 * remain, l.793). Machines never hold medals (l.977).
 */
import type { Battle, Craft, SpaceWarState } from "../model.js";
import type { Medal } from "./medals.js";

/** The medals of the crew aboard the craft (none when no crew with medals is aboard). */
export function crewMedals(state: SpaceWarState, craft: Craft): readonly Medal[] {
  if (craft.crew === undefined) return [];
  const q = state.campaign.squadrons.find((s) => s.seat === craft.owner);
  return q?.crews.find((c) => c.id === craft.crew)?.medals ?? [];
}

/** Wingman (l.793): the seat has a fighter whose crew holds Valour, and two or more fighters remain in the battle. */
export function wingman(state: SpaceWarState, battle: Battle, seat: string): boolean {
  const fighters = battle.craft.filter((c) => c.owner === seat && c.type === "fighter" && c.where.kind !== "gone");
  return fighters.length >= 2 && fighters.some((f) => crewMedals(state, f).includes("valour"));
}
