/**
 * How one battle is fought (issue 12 "Battles: three ways, chosen per game (and per battle when the seats agree)"):
 * the way the campaign's setting names (`settings.battles`), unless every seat with ships in the battle, on both
 * sides, has named one same way in its stance (`battleWay`). A side with no ship in the battle (stations alone)
 * speaks through all its seats. One seat that names nothing, or names another way, and the setting stands
 * (RULINGS.md "Battles entered from the table": "agree" means all of them).
 */
import type { BattleMode, SatharWarState, Side } from "../../model.js";
import type { BattleInput } from "../battle.js";

/** The seats that speak for `side` in a battle: those with ships in it, else every seat of the side. */
export function seatsInBattle(state: SatharWarState, input: BattleInput, side: Side): string[] {
  const seats: string[] = [];
  for (const bs of input.ships) {
    const seat = state.ships[bs.id]?.seat;
    if (bs.side === side && seat !== undefined && !seats.includes(seat)) seats.push(seat);
  }
  return seats.length > 0 ? seats : state.seats.filter((s) => s.side === side).map((s) => s.id);
}

/** The way every seat of `side` in the battle names, or undefined when they do not all name one. */
export function sideWay(state: SatharWarState, input: BattleInput, side: Side): BattleMode | undefined {
  const ways = seatsInBattle(state, input, side).map((seat) => state.stances[seat]?.battleWay);
  const first = ways[0];
  return first !== undefined && ways.every((w) => w === first) ? first : undefined;
}

/** The way a battle is fought: both sides' agreed way, else the campaign's setting. */
export function battleWay(state: SatharWarState, input: BattleInput): BattleMode {
  const sathar = sideWay(state, input, "sathar");
  const upf = sideWay(state, input, "upf");
  return sathar !== undefined && sathar === upf ? sathar : state.settings.battles;
}

/**
 * The way a battle left without a valid result from the table is fought instead: the campaign's setting when that is
 * not the table, else quick (RULINGS.md "Battles entered from the table": a seat that sends no valid result).
 */
export function fallbackWay(state: SatharWarState): Exclude<BattleMode, "table"> {
  return state.settings.battles === "table" ? "quick" : state.settings.battles;
}
