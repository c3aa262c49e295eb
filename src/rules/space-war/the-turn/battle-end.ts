/**
 * When a battle ends (l.37 "until one player wiped out or gives up", l.267 "until one side gives up or all their
 * vessels are destroyed"). Ruling C.19: a side is out when it has given up or has no vessel left (its fighters may
 * remain: with no bay to repair or re-arm them they are helpless); a vessel still to enter (the CT's, l.907) is not
 * lost. Transports and the station are not the side's fighting vessels (C.39). The battle is over when at most one
 * side is left in: it wins; none left (both wiped out at once, a nuke, a ram): a draw. The scenarios' own terms (l.921
 * the CT's, l.942 the convoy, l.1008 the machine: scenarios/scenario-end.ts) are asked first. In the Wall of Battle the
 * sides are alliances (`Campaign.sides`): the battle is over when at most one alliance has a squadron left in.
 */
import type { SeatId } from "../../../core/ids.js";
import type { Battle, Side, SpaceWarState } from "../model.js";
import { scenarioOver } from "../scenarios/scenario-end.js";

/** Is the seat still in the battle: not given up, with a fighting vessel not gone? */
export function stillIn(b: Battle, seat: SeatId): boolean {
  if (b.gaveUp.includes(seat)) return false;
  return b.craft.some(
    (c) => c.owner === seat && c.type === "vessel" && c.civilian !== true && c.station !== true && c.where.kind !== "gone",
  );
}

export function battleOver(state: SpaceWarState): { winner: SeatId | "draw"; reason: string; winners?: SeatId[] } | undefined {
  const b = state.campaign.battle;
  if (!b) return undefined;
  // A scenario's own terms come first (the CT's l.921, the Convoy l.942, Machine Wars II l.1008).
  const own = scenarioOver(state);
  if (own) return own;
  const seats = b.order.length > 0 ? b.order : state.seats.map((s) => s.id);
  const left = seats.filter((s) => stillIn(b, s));
  const sides = state.campaign.sides;
  if (sides !== undefined) return allianceOver(seats, left, sides, b);
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

/**
 * The Wall of Battle (l.1011-1035): the battle is over when at most one alliance has a squadron still in (C.19 read
 * per squadron: each gives up or is wiped out alone, l.1027); that alliance wins, every seat of it (`winners`), those
 * already out too: the side won. None left: a draw.
 */
function allianceOver(
  seats: readonly SeatId[],
  left: readonly SeatId[],
  sides: Readonly<Record<SeatId, Side>>,
  b: Battle,
): { winner: SeatId | "draw"; reason: string; winners?: SeatId[] } | undefined {
  const standing = new Set(left.map((s) => sides[s]));
  if (standing.size > 1) return undefined;
  const out = (s: SeatId) => (b.gaveUp.includes(s) ? `${s} gave up` : `${s} has no vessel left`);
  const why = seats
    .filter((s) => !left.includes(s))
    .map(out)
    .join("; ");
  const side = [...standing][0];
  if (side === undefined) return { winner: "draw", reason: `${why}: neither alliance is left (l.37, l.267)` };
  const winners = seats.filter((s) => sides[s] === side);
  const first = left[0] ?? winners[0] ?? "draw";
  return { winner: first, winners, reason: `${why}: the alliance of ${winners.join(", ")} is left (l.37, l.267, l.1017)` };
}
