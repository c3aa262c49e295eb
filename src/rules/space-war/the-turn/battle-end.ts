/**
 * When a battle ends (l.37 "until one player wiped out or gives up", l.267 "until one side gives up or all their
 * vessels are destroyed"). Ruling C.19: a side is out when it has given up or has no vessel left (its fighters may
 * remain: with no bay to repair or re-arm them they are helpless); a vessel still to enter (the CT's, l.907) is not
 * lost. Transports and the station are not the side's fighting vessels (C.39). The battle is over when at most one
 * side is left in: it wins; none left (both wiped out at once, a nuke, a ram): a draw. The scenarios' own terms (l.921
 * the CT's, l.942 the convoy, l.1008 the machine: scenarios/scenario-end.ts) are asked first.
 */
import type { SeatId } from "../../../core/ids.js";
import type { Battle, SpaceWarState } from "../model.js";
import { scenarioOver } from "../scenarios/scenario-end.js";

/** Is the seat still in the battle: not given up, with a fighting vessel not gone? */
export function stillIn(b: Battle, seat: SeatId): boolean {
  if (b.gaveUp.includes(seat)) return false;
  return b.craft.some(
    (c) => c.owner === seat && c.type === "vessel" && c.civilian !== true && c.station !== true && c.where.kind !== "gone",
  );
}

export function battleOver(state: SpaceWarState): { winner: SeatId | "draw"; reason: string } | undefined {
  const b = state.campaign.battle;
  if (!b) return undefined;
  // A scenario's own terms come first (the CT's l.921, the Convoy l.942, Machine Wars II l.1008).
  const own = scenarioOver(state);
  if (own) return own;
  const seats = b.order.length > 0 ? b.order : state.seats.map((s) => s.id);
  const left = seats.filter((s) => stillIn(b, s));
  if (left.length > 1) return undefined;
  const out = (s: SeatId) => (b.gaveUp.includes(s) ? `${s} gave up` : `${s} has no vessel left`);
  const why = seats
    .filter((s) => !left.includes(s))
    .map(out)
    .join("; ");
  const winner = left[0];
  if (winner === undefined) return { winner: "draw", reason: `${why}: neither side is left (l.37, l.267)` };
  return { winner, reason: `${why} (l.37, l.267, C.19)` };
}
