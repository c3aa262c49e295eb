/**
 * A battle's result written back onto the Frontier Deployment Map (seed 000 "Breaking Off Combat": "the fleeing
 * ships ... are placed in a transit box adjacent to the star system. The victorious ships are placed in the system
 * box where the battle was fought").
 *
 * - Damage, expendables spent and what only a station can now repair, per ship and station, as the resolver says.
 * - A destroyed ship is gone (`destroyed`) and is a `Loss`; a destroyed station keeps `destroyedDay` (it counts for
 *   victory, seed 000 "CONDITIONS FOR VICTORY"). Damage a station's end does to ships docked at it (Knight Hawks:
 *   half the station's hull) is the resolver's to deal: it knows who is docked (`BattleShip.docked`); here they are
 *   only undocked (RULINGS).
 * - A detonated shatter drone is gone (`detonated`) and no loss: "It is not counted as a destroyed ship for victory
 *   conditions" (seed 000 "SHATTER DRONES (Optional)"; C.2 #20).
 * - Escapers go to a box next to the system (breaking-off-combat.ts). A militia ship in its home system that the
 *   resolver says escaped without having fired stays: "Militia ships in their home system must make at least one
 *   attack (fire one weapon at one enemy ship) before breaking off combat". Every fighter in a battle is launched, so it
 *   shares its carrier's end only if the resolver says so; a surviving fighter goes where its carrier goes, or lands
 *   on another carrier of its side with room (one that escaped, if the fighter escaped; one that stayed, otherwise)
 *   or, for the UPF, on a standing station at the battle's planet; failing that it is left in the starburst, to be
 *   lost when the day ends ("they cannot enter a transit box unless they are being carried aboard an assault
 *   carrier").
 * - Ships that stay, the holders among them, are at the battle's planet (those that gathered from the other planet
 *   came to it; seed 000 "Declaring Combat").
 * - Every ship in the battle has fought today (no rearming, seed 000 "Rearming"); the Sathar attackers have
 *   attacked (the UPF may not attack them today, seed 000 "Declaring Combat").
 */
import type { Rng } from "../../../core/rng.js";
import type { BattleInput, BattleResult, BattleShip, ShipOutcome } from "../battles/battle.js";
import { type SwEvent, swEvent } from "../events.js";
import type { BattleRecord, Damage, Location, SatharWarState } from "../model.js";
import { escapeLocation } from "./breaking-off-combat.js";
import { attackStep, stanceOf } from "./declaring-combat.js";
import { RULES_WORDING } from "./which-rules-to-use.js";

function describe(loc: Location): string {
  if (loc.kind === "transit") return `box ${loc.box} of ${loc.route} toward ${loc.toward}`;
  if (loc.kind === "red") return `red box ${loc.box} of ${loc.circle}, outbound`;
  return loc.kind;
}

function load(state: SatharWarState, carrier: string): number {
  return Object.values(state.ships).filter((s) => s.location.kind === "aboard" && s.location.carrier === carrier).length;
}

/**
 * A copy of the state for writing battles into: what battles change (ships, stations, losses, today, battles) is
 * copied; the rest (map, settings, seats, stances, mines) is shared, read only here.
 */
export function copyForBattles(state: SatharWarState): SatharWarState {
  return {
    ...state,
    ships: structuredClone(state.ships),
    stations: structuredClone(state.stations),
    losses: [...state.losses],
    today: structuredClone(state.today),
    battles: [...state.battles],
  };
}

/** The Advanced Damage Table's fires (D.11): "+20 on its later damage rolls" while they burn. */
const FIRES: readonly string[] = ["electrical-fire", "disastrous-fire"];

/**
 * Damage as it leaves the battle: every fire is out (RULINGS "Fires burn out with the battle"). A fire is a state of
 * the tactical battle (Knight Hawks turns of minutes); the strategic day is long enough to put it out or let it burn
 * out. Carried on, fires would add +20 a fire to every later battle's damage rolls, until a station (which has no
 * damage control after a battle) took nothing but fires and never fell. A disastrous fire's halved DCR stays ("DCR").
 */
function firesOut(damage: Damage): Damage {
  const out: Damage = {};
  for (const [k, v] of Object.entries(damage)) if (!FIRES.includes(k) && v !== undefined) out[k] = v;
  return out;
}

/**
 * Writes `result` back onto a copy of `state` (the input is not changed). `rng` is accepted for the pipeline's
 * uniform shape; no die is rolled here.
 */
export function applyBattle(
  state: SatharWarState,
  input: BattleInput,
  result: BattleResult,
  _rng?: Rng,
): { state: SatharWarState; events: SwEvent[] } {
  const next = copyForBattles(state);
  return { state: next, events: writeBattle(next, input, result) };
}

/** `applyBattle` on a state the caller has already copied (`copyForBattles`): it is changed in place. */
export function writeBattle(next: SatharWarState, input: BattleInput, result: BattleResult): SwEvent[] {
  const step = attackStep(input.attacker);
  const day = next.day;
  const events: SwEvent[] = [];
  const destroyed: string[] = [];
  const detonated: string[] = [];
  const escaped: string[] = [];
  const stranded: string[] = [];
  const escapedCarriers = new Set<string>();
  const stayingCarriers = new Set<string>();

  const inBattle = input.ships.filter((bs) => next.ships[bs.id] !== undefined);
  const heldBack: string[] = [];
  const fateOf = (bs: BattleShip): ShipOutcome["fate"] => {
    const out = result.ships[bs.id];
    if (!out) return "fought";
    // "Militia ships in their home system must make at least one attack ... before breaking off combat."
    if (out.fate === "escaped" && bs.mustFireBeforeBreakOff === true && out.fired !== true) return "fought";
    // Only a shatter drone detonates; a resolver saying so of another ship has it destroyed.
    if (out.fate === "detonated" && bs.drone !== true) return "destroyed";
    return out.fate;
  };
  for (const bs of inBattle) if (result.ships[bs.id]?.fate === "escaped" && fateOf(bs) === "fought") heldBack.push(bs.id);

  for (const bs of inBattle) {
    const ship = next.ships[bs.id]!;
    const out = result.ships[bs.id];
    if (out) {
      ship.damage = firesOut(out.damage);
      ship.spent = { ...out.spent };
      const only = (out.stationOnly ?? []).filter((k) => !FIRES.includes(k));
      if (only.length > 0) ship.stationOnly = [...new Set([...(ship.stationOnly ?? []), ...only])];
    }
  }
  for (const st of input.stations) {
    const station = next.stations[st.id];
    const out = result.stations[st.id];
    if (!station || !out) continue;
    station.damage = firesOut(out.damage);
    station.spent = { ...out.spent };
    if (out.destroyed && station.destroyedDay === undefined) {
      station.destroyedDay = day;
      events.push(swEvent("station-destroyed", day, step, `${station.name} is destroyed`));
    }
  }
  const standing = (id: string) => next.stations[id] !== undefined && next.stations[id]!.destroyedDay === undefined;

  // Ships other than fighters first: the carriers' places decide the fighters'.
  for (const bs of inBattle.filter((b) => b.cls !== "FT")) {
    const ship = next.ships[bs.id]!;
    const fate = fateOf(bs);
    if (fate === "destroyed") {
      ship.location = { kind: "gone", how: "destroyed", day };
      next.losses.push({ ship: ship.id, side: ship.side, cls: ship.cls, militia: ship.militiaOf !== undefined, day, how: "destroyed" });
      destroyed.push(ship.id);
      continue;
    }
    if (fate === "detonated") {
      ship.location = { kind: "gone", how: "detonated", day };
      detonated.push(ship.id);
      continue;
    }
    if (fate === "escaped") {
      const loc = escapeLocation(next, ship.side, input.system, stanceOf(next, ship.seat).escapeToward);
      if (loc) {
        ship.location = loc;
        escaped.push(`${ship.id} (${describe(loc)})`);
        if (ship.cls === "AC") escapedCarriers.add(ship.id);
        continue;
      }
    }
    const docked = bs.docked !== undefined && standing(bs.docked);
    ship.location = { kind: "system", system: input.system, planet: input.planet, ...(docked ? { docked: true } : {}) };
    if (ship.cls === "AC") stayingCarriers.add(ship.id);
  }

  for (const bs of inBattle.filter((b) => b.cls === "FT")) {
    const ship = next.ships[bs.id]!;
    const fate = fateOf(bs);
    if (fate === "destroyed" || fate === "detonated") {
      ship.location = { kind: "gone", how: fate, day };
      if (fate === "destroyed") {
        next.losses.push({ ship: ship.id, side: ship.side, cls: ship.cls, militia: ship.militiaOf !== undefined, day, how: "destroyed" });
        destroyed.push(ship.id);
      } else detonated.push(ship.id);
      continue;
    }
    const loc = ship.location;
    const own = loc.kind === "aboard" ? loc.carrier : undefined;
    const base = loc.kind === "aboard" ? loc.station : undefined;
    const sameSide = (id: string) => next.ships[id]?.side === ship.side;
    const room = (id: string) => load(next, id) < next.settings.carrierCapacity;
    if (fate === "escaped") {
      if (own !== undefined && escapedCarriers.has(own)) {
        escaped.push(`${ship.id} (aboard ${own})`);
        continue;
      }
      const other = [...escapedCarriers].find((c) => sameSide(c) && room(c));
      if (other !== undefined) {
        ship.location = { kind: "aboard", carrier: other };
        escaped.push(`${ship.id} (aboard ${other})`);
        continue;
      }
    }
    // Back aboard its own carrier if that is still in the system (it stayed, or it was not in the battle at all).
    const ownCarrier = own !== undefined ? next.ships[own] : undefined;
    if (ownCarrier && ownCarrier.location.kind === "system" && ownCarrier.location.system === input.system) continue;
    if (base !== undefined && standing(base)) continue;
    const carrier = [...stayingCarriers].find((c) => sameSide(c) && room(c));
    if (carrier !== undefined) {
      ship.location = { kind: "aboard", carrier };
      continue;
    }
    const station = ship.side === "upf" ? input.stations.find((st) => standing(st.id)) : undefined;
    if (station) {
      ship.location = { kind: "aboard", station: station.id };
      continue;
    }
    ship.location = { kind: "system", system: input.system, planet: input.planet };
    stranded.push(ship.id);
  }

  const ids = inBattle.map((b) => b.id);
  next.today.fought = [...new Set([...next.today.fought, ...ids])];
  if (input.attacker === "sathar")
    next.today.attacked = [...new Set([...next.today.attacked, ...inBattle.filter((b) => b.side === "sathar").map((b) => b.id)])];

  const record: BattleRecord = {
    id: input.id,
    day: input.day,
    system: input.system,
    planet: input.planet,
    attacker: input.attacker,
    mode: next.settings.battles,
    ships: ids,
    stations: input.stations.map((s) => s.id),
    report: result.lines.map((l) => `round ${l.round}: ${l.text}${l.rolls && l.rolls.length > 0 ? ` [dice: ${l.rolls.join(" ")}]` : ""}`),
    ...(result.battleshift ? { battleshift: result.battleshift } : {}),
  };
  next.battles.push(record);

  const sys = next.map.systems.find((s) => s.id === input.system)?.name ?? input.system;
  const holder =
    result.holder === null ? "neither side holds the field" : `the ${result.holder === "sathar" ? "Sathar hold" : "UPF holds"} the field`;
  events.unshift(
    swEvent(
      "battle",
      day,
      step,
      `Battle ${input.id} at ${sys} (${input.planet}), ${RULES_WORDING[input.rules]}, ${result.rounds} rounds: ${holder}`,
      {
        ships: ids,
      },
    ),
  );
  if (destroyed.length > 0) events.push(swEvent("destroyed", day, step, `Destroyed: ${destroyed.join(", ")}`, { ships: destroyed }));
  if (detonated.length > 0)
    events.push(
      swEvent("detonated", day, step, `Shatter drones detonated: ${detonated.join(", ")} (not counted as destroyed ships)`, {
        ships: detonated,
      }),
    );
  if (escaped.length > 0)
    events.push(
      swEvent("escaped", day, step, `Broke off and escaped: ${escaped.join(", ")}`, { ships: escaped.map((e) => e.split(" ")[0]!) }),
    );
  if (heldBack.length > 0)
    events.push(
      swEvent(
        "note",
        day,
        step,
        `${heldBack.join(", ")}: militia in their home system that had not fired cannot break off (seed 000 "Breaking Off Combat"); they stay in the system`,
        { ships: heldBack },
      ),
    );
  if (stranded.length > 0)
    events.push(
      swEvent(
        "note",
        day,
        step,
        `Fighters with no carrier or station to land on: ${stranded.join(", ")} (lost at the day's end unless taken aboard)`,
        {
          ships: stranded,
        },
      ),
    );
  return events;
}
