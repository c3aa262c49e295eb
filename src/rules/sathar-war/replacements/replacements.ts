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
 *   replacement appears at the fortress or fortified station that earned it, fighters based there. The UPF chooses
 *   which with `replace` orders (`chooseReplacements`, standing until the phase); for what it left open the program
 *   picks: fortresses the largest class lost first, then the earliest loss; fortified stations the earliest losses.
 *   Fortresses and stations take turns in id order, the ships the UPF chose for any station set aside first.
 * - "Both players may only replace ships that have been destroyed; they can never increase their fleets beyond
 *   their original size": each replacement is a new ship that `replaces` one lost ship, once. "Planetary militia
 *   ships may not be replaced at all"; a detonated drone "cannot be replaced"; misjumped ships are "lost for the
 *   duration of the war" (seed 000 "Effects of a Misjump"), not destroyed, so not replaced. Fighters lost outside a
 *   carrier at the day's end are "destroyed automatically" (seed 000 "Breaking Off Combat"), so they count.
 */

import { own } from "../../../core/ids.js";
import { clonePlain } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import type { Rng } from "../../../core/rng.js";
import { type Roll, type SwEvent, swEvent } from "../events.js";
import type { Loss, SatharWarState, Ship, Station } from "../model.js";
import type { ReplaceOrder } from "../orders.js";
import { CLASS_NAMES, type ShipClass } from "../orders-of-battle/ship-classes.js";

const STEP = "End of day: replacements";
/** Seed 000 "35 or less". */
export const SATHAR_REPLACED_AT_OR_UNDER = 35;
/** Every 20 days (seed 000). */
export const REPLACEMENT_INTERVAL = 20;

/** Frigate class or larger, the largest first (for a fortress's pick). */
const LARGE_FIRST: readonly ShipClass[] = ["BB", "AC", "HC", "LC", "ML", "DD", "FF"];

/** What a fortified station replaces (000: "two assault scouts, two fighters, or a fighter and an assault scout"). */
const SMALL: readonly ShipClass[] = ["AS", "FT"];

/** How many ships a station replaces each phase: a fortress one, a fortified station two, an armed station none. */
export function replacementSlots(station: Station): number {
  return station.type === "fortress" ? 1 : station.type === "fortified" ? 2 : 0;
}

/** The classes a station's replacements may be. */
function classesFor(station: Station): readonly ShipClass[] {
  return station.type === "fortress" ? LARGE_FIRST : station.type === "fortified" ? SMALL : [];
}

/** The UPF's losses a station could replace now (destroyed, not militia, not a drone, not yet replaced, its classes). */
export function replaceableAt(state: SatharWarState, station: Station): Loss[] {
  const classes = classesFor(station);
  return state.losses.filter(
    (l) => l.side === "upf" && replaceable(state, l) && state.ships[l.ship] !== undefined && classes.includes(l.cls),
  );
}

/**
 * The `replace` orders of a UPF seat (any UPF step of a day; option `replacements`): which lost ships a fortress or
 * fortified station replaces at the next replacement phase. Each order replaces that station's earlier choice; a
 * refused order changes nothing. Works on `state` in place (the step's own copy), like the stance.
 */
export function chooseReplacements(
  state: SatharWarState,
  seat: string,
  orders: readonly { order: ReplaceOrder; index: number }[],
  problems: Problem[],
  events: SwEvent[],
  step: string,
): void {
  for (const { order, index } of orders) {
    const label = `#${index} replace ${order.station}`;
    const fail = (code: string, message: string) => problems.push({ order: label, code, message });
    if (!state.settings.replacements) {
      fail("no-replacements", 'this campaign is played without the replacements option (000 "REPLACEMENTS (Optional)")');
      continue;
    }
    const station = own(state.stations, order.station);
    const replacing = Object.values(state.stations)
      .filter((st) => st.destroyedDay === undefined && replacementSlots(st) > 0)
      .map((st) => st.id);
    if (!station) {
      fail("unknown-station", `no station "${order.station}"; the fortresses and fortified stations standing: ${replacing.join(", ")}`);
      continue;
    }
    if (replacementSlots(station) === 0) {
      fail(
        "replaces-nothing",
        `${station.name} is an armed station: only fortresses and fortified stations replace ships (000 "UPF Replacements")`,
      );
      continue;
    }
    if (station.destroyedDay !== undefined) {
      fail("station-destroyed", `${station.name} was destroyed on day ${station.destroyedDay}: it replaces nothing`);
      continue;
    }
    const slots = replacementSlots(station);
    if (order.ships.length > slots) {
      fail("too-many", `${station.name} replaces ${slots === 1 ? "one ship" : "two ships"} a phase, not ${order.ships.length}`);
      continue;
    }
    const open = replaceableAt(state, station).map((l) => l.ship);
    const why = order.ships
      .map((id) => {
        const ship = own(state.ships, id);
        const loss = state.losses.find((l) => l.ship === id);
        if (!ship) return { code: "unknown-ship", message: `no ship "${id}"` };
        if (ship.seat !== seat) return { code: "not-your-ship", message: `${id} is not commanded by seat ${seat}` };
        if (!loss) return { code: "not-lost", message: `${id} has not been lost: only destroyed ships are replaced (000:543)` };
        if (!replaceable(state, loss))
          return {
            code: "not-replaceable",
            message: `${id} cannot be replaced: ${
              loss.replacement
                ? "it has been replaced already"
                : loss.militia
                  ? "militia ships are never replaced (000:546)"
                  : ship.drone
                    ? "a detonated shatter drone is never replaced (000:561)"
                    : `it was ${loss.how}, not destroyed (000:388)`
            }`,
          };
        if (!classesFor(station).includes(ship.cls))
          return {
            code: "wrong-class",
            message: `${station.name} replaces ${station.type === "fortress" ? "a frigate or larger" : "assault scouts and fighters"}, not a ${CLASS_NAMES[ship.cls]} (000 "UPF Replacements")`,
          };
        return undefined;
      })
      .find((w) => w !== undefined);
    if (why) {
      fail(why.code, `${why.message}; ${station.name} could replace: ${open.length > 0 ? open.join(", ") : "nothing lost yet"}`);
      continue;
    }
    if (new Set(order.ships).size < order.ships.length) {
      fail("ship-named-twice", `a lost ship is replaced once (000:543): name each once`);
      continue;
    }
    const choices = { ...(state.replacementChoices ?? {}) };
    if (order.ships.length === 0) delete choices[station.id];
    else choices[station.id] = [...order.ships];
    state.replacementChoices = choices;
    events.push(
      swEvent(
        "replacement-chosen",
        state.day,
        step,
        order.ships.length === 0
          ? `${station.name} will replace what the rules pick at the next replacement phase.`
          : `${station.name} will replace ${order.ships.join(" and ")} at the next replacement phase (if still to be replaced).`,
        { ships: [...order.ships] },
      ),
    );
  }
}

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
  // The ships the UPF chose for a standing station are set aside for it first (`replace` orders).
  const standingIds = new Set(
    Object.values(next.stations)
      .filter((s) => s.destroyedDay === undefined)
      .map((s) => s.id),
  );
  const chosen = Object.entries(next.replacementChoices ?? {}).filter(([station]) => standingIds.has(station));
  const reserved = new Set(chosen.flatMap(([, ids]) => ids));
  const take = (classes: readonly ShipClass[], largestFirst: boolean) => {
    const fits = pending.filter(({ loss }) => classes.includes(loss.cls) && loss.replacement === undefined && !reserved.has(loss.ship));
    if (largestFirst)
      fits.sort((a, b) => classes.indexOf(a.loss.cls) - classes.indexOf(b.loss.cls) || a.loss.day - b.loss.day || a.i - b.i);
    return fits[0]?.loss;
  };
  const standing = Object.values(next.stations)
    .filter((s) => s.destroyedDay === undefined && (s.type === "fortress" || s.type === "fortified"))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const station of standing) {
    const slots = replacementSlots(station);
    const wanted = (next.replacementChoices?.[station.id] ?? [])
      .map(
        (id) =>
          pending.find(({ loss }) => loss.ship === id && loss.replacement === undefined && classesFor(station).includes(loss.cls))?.loss,
      )
      .filter((l): l is Loss => l !== undefined);
    for (let n = 0; n < slots; n++) {
      const loss = wanted[n] ?? (station.type === "fortress" ? take(LARGE_FIRST, true) : take(SMALL, false));
      if (!loss) break;
      const lost = next.ships[loss.ship] as Ship;
      loss.replacement = "replaced";
      const location: Ship["location"] =
        loss.cls === "FT" ? { kind: "aboard", station: station.id } : { kind: "system", system: station.system, planet: station.planet };
      const ship = rebuild(next, lost, location);
      events.push(swEvent("replaced", next.day, STEP, `UPF ${loss.ship} replaced at ${station.name}: ${ship.id}.`, { ships: [ship.id] }));
    }
  }
  // A choice is for the next phase only.
  delete next.replacementChoices;
  return { state: next, events };
}
