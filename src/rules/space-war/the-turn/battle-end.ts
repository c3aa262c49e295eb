/**
 * When a battle ends (l.37 "until one player wiped out or gives up", l.267 "until one side gives up or all their
 * vessels are destroyed"; ruling C.19) and the scenarios' own terms (l.919 the CT's, l.942 the convoy, l.1008 the
 * machine). Not yet written (issue 13): never ends.
 */
import type { SeatId } from "../../../core/ids.js";
import type { SpaceWarState } from "../model.js";

export function battleOver(_state: SpaceWarState): { winner: SeatId | "draw"; reason: string } | undefined {
  return undefined;
}
