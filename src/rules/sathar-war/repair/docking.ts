/**
 * Docking (seed 000 "UPF Repairs": "To be repaired, a ship must spend a full day docked at the station. A ship can
 * remain docked for repairs as long as its owner wants"; "Sathar Repair": "captured construction centers").
 *
 * A `dock` order docks the named ships at the station of the planet they orbit (`location.docked = true`); it is
 * not a move. The UPF docks at any standing station (militia start docked at theirs, seed 000 "UPF Set-Up"),
 * though only an SCC repairs; the Sathar only at a captured SCC (construction-centers.ts). A docked ship stays docked
 * until it moves (the movement rules clear the flag). Whether it is repaired is decided at the day's end
 * (repair-day.ts): docked the whole day (not in `today.moved`) at an SCC its side may use.
 */
import { clonePlain } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import { problem } from "../../../core/result.js";
import type { SatharWarState } from "../model.js";
import type { DockOrder } from "../orders.js";
import { sccUser, stationAt } from "./construction-centers.js";

export function dock(state: SatharWarState, seat: string, orders: readonly DockOrder[]): { state: SatharWarState; problems: Problem[] } {
  const next = clonePlain(state);
  const problems: Problem[] = [];
  orders.forEach((order, i) => {
    for (const id of order.ships) {
      const label = `#${i + 1} dock ${id}`;
      const ship = next.ships[id];
      if (!ship) {
        problems.push(problem(label, "unknown-ship", `there is no ship ${id}`));
        continue;
      }
      if (ship.seat !== seat) {
        problems.push(problem(label, "not-your-ship", `${id} is commanded by ${ship.seat}, not ${seat}`));
        continue;
      }
      const loc = ship.location;
      if (loc.kind !== "system") {
        problems.push(
          problem(label, "not-at-a-planet", `${id} is not at a planet (${loc.kind}); ships dock at the station of the planet they orbit`),
        );
        continue;
      }
      const station = stationAt(next, loc.planet);
      if (!station) {
        problems.push(problem(label, "no-station", `${loc.planet} has no station; ships dock only at a planet with a station`));
        continue;
      }
      if (ship.side === "upf" && station.destroyedDay !== undefined) {
        problems.push(problem(label, "station-destroyed", `${station.name} was destroyed on day ${station.destroyedDay}`));
        continue;
      }
      if (ship.side === "sathar" && sccUser(next, station) !== "sathar") {
        problems.push(
          problem(
            label,
            "scc-not-captured",
            `the Sathar dock only at a captured SCC: every station of ${station.system} destroyed, no UPF ship there, and a construction centre (${station.name} ${station.scc ? "has one" : "has none"})`,
          ),
        );
        continue;
      }
      ship.location = { ...loc, docked: true };
    }
  });
  return { state: next, problems };
}
