/**
 * REPLACEMENTS (Optional) (seed 000): "Replacements can appear at the end of every 20 days."
 *
 * - Sathar: "The Sathar player can try to replace every ship destroyed in combat in the 20 days prior to the
 *   replacement phase ... roll d100 for each ship. If the result of the roll is 35 or less, that ship can be
 *   brought back into the game through an SSC during the next turn. If the result of the roll is) 6 or more, that
 *   ship is permanently removed". Read (C.2 #1, #2, #5): d100 ≤ 35 replaced, back in the reserve to be placed in a
 *   start circle ("SSC") by a `place` order; ≥ `settings.replacementFail` (default 36) lost for good; a roll between
 *   (only when the setting is raised) leaves the loss to be rolled again at the next phase.
 * - UPF: "For each fortress that has not been destroyed ... one ship larger than an assault scout (i.e., Frigate
 *   class or larger). For each Fortified station left undestroyed ... two assault scouts, two fighters, or a fighter
 *   and an assault scout. These replacements are placed on the map at the start of the next turn at the appropriate
 *   station or fortress." Read (C.2 #36, #37): any UPF Spacefleet ship destroyed so far and not yet replaced; each
 *   replacement appears at the fortress or fortified station that earned it, fighters based there. The program picks
 *   (no order type exists for it): fortresses the largest class lost first, then the earliest loss; fortified stations
 *   the earliest losses. Fortresses and stations take turns in id order.
 * - "Both players may only replace ships that have been destroyed; they can never increase their fleets beyond
 *   their original size": each replacement is a new ship that `replaces` one lost ship, once. "Planetary militia
 *   ships may not be replaced at all"; a detonated drone "cannot be replaced"; misjumped ships are "lost for the
 *   duration of the war" (seed 000 "Effects of a Misjump"), not destroyed, so not replaced. Fighters lost outside a
 *   carrier at the day's end are "destroyed automatically" (seed 000 "Breaking Off Combat"), so they count.
 */
import { clonePlain } from "../../../core/json.js";
import type { Rng } from "../../../core/rng.js";
import { type Roll, type SwEvent, swEvent } from "../events.js";
import type { Loss, SatharWarState, Ship } from "../model.js";
import type { ShipClass } from "../orders-of-battle/ship-classes.js";

const STEP = "End of day: replacements";
/** Seed 000 "35 or less". */
export const SATHAR_REPLACED_AT_OR_UNDER = 35;
/** Every 20 days (seed 000). */
export const REPLACEMENT_INTERVAL = 20;

/** Frigate class or larger, the largest first (for a fortress's pick). */
const LARGE_FIRST: readonly ShipClass[] = ["BB", "AC", "HC", "LC", "ML", "DD", "FF"];

/** Is the end of `day` a replacement phase? */
export function isReplacementDay(day: number): boolean {
  return day > 0 && day % REPLACEMENT_INTERVAL === 0;
}

function replaceable(state: SatharWarState, loss: Loss): boolean {
  const ship = state.ships[loss.ship];
  return loss.replacement === undefined && !loss.militia && (loss.how === "destroyed" || loss.how === "stranded") && !ship?.drone;
}

/** A new id for the replacement of `lost`: "S-DD07-R1", "S-DD07-R2" for a second, ... */
function replacementId(state: SatharWarState, lost: string): string {
  const base = lost.replace(/-R\d+$/, "");
  let n = 1;
  while (state.ships[`${base}-R${n}`]) n++;
  return `${base}-R${n}`;
}

function rebuild(state: SatharWarState, lost: Ship, location: Ship["location"]): Ship {
  const id = replacementId(state, lost.id);
  const ship: Ship = {
    id,
    name: `${lost.name.replace(/ \(replacement\)$/, "")} (replacement)`,
    side: lost.side,
    cls: lost.cls,
    force: lost.force,
    seat: lost.seat,
    location,
    damage: {},
    spent: {},
    replaces: lost.id,
  };
  state.ships[id] = ship;
  return ship;
}

/** The replacement phase at the end of a 20th day (the caller checks the option and the day). Returns a new state. */
export function replacementPhase(state: SatharWarState, rng: Rng): { state: SatharWarState; events: SwEvent[] } {
  const next = clonePlain(state);
  const events: SwEvent[] = [];
  if (!next.settings.replacements) return { state: next, events };

  // Sathar: one d100 per ship destroyed in the 20 days before (and any loss left between the bands earlier).
  const from = next.day - REPLACEMENT_INTERVAL;
  for (const loss of next.losses) {
    if (loss.side !== "sathar" || !replaceable(next, loss)) continue;
    const lost = next.ships[loss.ship];
    if (!lost) continue;
    if (loss.day <= from && next.settings.replacementFail <= SATHAR_REPLACED_AT_OR_UNDER + 1) continue;
    const value = rng.d100();
    const roll: Roll = { die: "d100", value, for: `replacement of ${loss.ship}`, needed: SATHAR_REPLACED_AT_OR_UNDER };
    if (value <= SATHAR_REPLACED_AT_OR_UNDER) {
      loss.replacement = "replaced";
      const ship = rebuild(next, lost, { kind: "reserve" });
      events.push(
        swEvent("replaced", next.day, STEP, `Sathar ${loss.ship} replaced (d100 ${value} ≤ 35): ${ship.id} joins the reserve.`, {
          ships: [ship.id],
          rolls: [roll],
        }),
      );
    } else if (value >= next.settings.replacementFail) {
      loss.replacement = "never";
      events.push(
        swEvent(
          "replaced",
          next.day,
          STEP,
          `Sathar ${loss.ship} not replaced (d100 ${value} ≥ ${next.settings.replacementFail}): lost for good.`,
          {
            ships: [loss.ship],
            rolls: [roll],
          },
        ),
      );
    } else {
      events.push(
        swEvent("replaced", next.day, STEP, `Sathar ${loss.ship} not replaced this time (d100 ${value}); rolled again next phase.`, {
          ships: [loss.ship],
          rolls: [roll],
        }),
      );
    }
  }

  // UPF: by the fortresses and fortified stations left (C.2 #36-37).
  const pending = next.losses
    .map((loss, i) => ({ loss, i }))
    .filter(({ loss }) => loss.side === "upf" && replaceable(next, loss) && next.ships[loss.ship] !== undefined);
  const take = (classes: readonly ShipClass[], largestFirst: boolean) => {
    const fits = pending.filter(({ loss }) => classes.includes(loss.cls) && loss.replacement === undefined);
    if (largestFirst)
      fits.sort((a, b) => classes.indexOf(a.loss.cls) - classes.indexOf(b.loss.cls) || a.loss.day - b.loss.day || a.i - b.i);
    return fits[0]?.loss;
  };
  const standing = Object.values(next.stations)
    .filter((s) => s.destroyedDay === undefined && (s.type === "fortress" || s.type === "fortified"))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const station of standing) {
    const slots = station.type === "fortress" ? 1 : 2;
    for (let n = 0; n < slots; n++) {
      const loss = station.type === "fortress" ? take(LARGE_FIRST, true) : take(["AS", "FT"], false);
      if (!loss) break;
      const lost = next.ships[loss.ship] as Ship;
      loss.replacement = "replaced";
      const location: Ship["location"] =
        loss.cls === "FT" ? { kind: "aboard", station: station.id } : { kind: "system", system: station.system, planet: station.planet };
      const ship = rebuild(next, lost, location);
      events.push(swEvent("replaced", next.day, STEP, `UPF ${loss.ship} replaced at ${station.name}: ${ship.id}.`, { ships: [ship.id] }));
    }
  }
  return { state: next, events };
}
