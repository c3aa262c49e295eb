/**
 * Seed 000 "Declaring Combat": each side in its attack step names the systems it attacks, and what is in each
 * battle follows from where the ships are.
 *
 * - "If Sathar and UPF ships occupy the same starburst at the end of a day, those ships can fight each other": an
 *   attack needs ships of the seat in the system and an enemy there (the Sathar may also attack stations alone:
 *   their aim is the stations, seed 000 "CONDITIONS FOR VICTORY").
 * - "If there are two planets in a system that is being attacked, one of the planets must be announced as the
 *   target. Only one planet can be attacked by a specific ship or fleet per day": a two-planet system needs a
 *   `planet`; a ship named in two attacks is refused the second.
 * - "The UPF player may not attack Sathar ships that have already attacked UPF or militia ships": those in
 *   `today.attacked` (this day's Sathar attack step, C.2 #41) are left out of UPF battles.
 * - "If either side's ships are based at two planets in a single star system, all of the ships may gather for the
 *   battle" (C.2 #9: "Ships are not [required to do this]"): the attacker's ships at either planet may attack the
 *   target planet; every defending ship in the system gathers (a program cannot ask mid-step; RULINGS). Stations
 *   cannot move (ADF 0): only those of the target planet are in the battle.
 * - "If the defender's ships include a minelayer, the defender may place all of its mines and seeker missiles before
 *   the battle": what the UPF set aside in `state.mines` for that system, or else everything its defending
 *   minelayers have left (RULINGS); the figures go only to the UPF seats (hidden information, E.6).
 *
 * Several UPF seats' attacks on one system are one battle (one fleet, one planet): the first order names the planet
 * and a later one naming the other planet is refused. A refused order changes nothing: its ships stay out of every
 * battle, and no other order is affected.
 */
import type { SeatId } from "../../../core/ids.js";
import { type Problem, problem } from "../../../core/result.js";
import type { BattleInput, BattleShip, BattleStation, BreakOffPolicy } from "../battles/battle.js";
import { systemOfPlanet } from "../deployment-map/map.js";
import { type SwEvent, swEvent } from "../events.js";
import type { SatharWarState, Ship, Side, Stance } from "../model.js";
import type { Order } from "../orders.js";
import { SHIP_RATINGS } from "../orders-of-battle/ship-classes.js";
import { DEFAULT_STANCE } from "../setting-up/create.js";
import { fightersAboard, mayFight, shipsIn, stationsIn, systemOf } from "./where-ships-are.js";
import { RULES_WORDING, suggestedRules } from "./which-rules-to-use.js";

export interface Declared {
  battles: BattleInput[];
  events: SwEvent[];
  problems: Record<string, Problem[]>;
}

interface Plan {
  system: string;
  planet: string;
  ships: string[];
  seats: string[];
}

export const otherSide = (side: Side): Side => (side === "sathar" ? "upf" : "sathar");

export function attackStep(side: Side): string {
  return side === "sathar" ? "Sathar attacks" : "UPF attacks";
}

/** How an attack order is named in problems and check lines: "#2 attack prenglar at gran-quivera". */
export function attackLabel(index: number, order: { system: string; planet?: string | undefined }): string {
  return `#${index + 1} attack ${order.system}${order.planet !== undefined ? ` at ${order.planet}` : ""}`;
}

/** The seat whose stance a side's ships follow in a battle: the one commanding most of them (ties: seat order). */
export function leadSeat(state: SatharWarState, side: Side, ships: readonly Ship[]): string | undefined {
  const seats = state.seats.filter((s) => s.side === side).map((s) => s.id);
  let best: string | undefined;
  let most = -1;
  for (const seat of seats) {
    const n = ships.filter((s) => s.seat === seat).length;
    if (n > most) {
      best = seat;
      most = n;
    }
  }
  return best;
}

export function stanceOf(state: SatharWarState, seat: string | undefined): Stance {
  return (seat !== undefined ? state.stances[seat] : undefined) ?? DEFAULT_STANCE;
}

function policy(stance: Stance): BreakOffPolicy {
  return { hullLost: stance.breakOffAtHullLost, outgunned: stance.breakOffOutgunned };
}

/** Sathar ships that may not be attacked by the UPF today (C.2 #41), fighters aboard such a carrier with them. */
function attackedToday(state: SatharWarState, ship: Ship): boolean {
  if (state.today.attacked.includes(ship.id)) return true;
  const loc = ship.location;
  return loc.kind === "aboard" && loc.carrier !== undefined && state.today.attacked.includes(loc.carrier);
}

/** The defending side's ships in a battle in `system`: all of them, gathered from both planets. */
function defenders(state: SatharWarState, system: string, side: Side): Ship[] {
  const all = shipsIn(state, system, otherSide(side));
  return side === "upf" ? all.filter((s) => !attackedToday(state, s)) : all;
}

type Checked = { ok: true; planet: string; ships: string[] } | { ok: false; problems: Problem[] };

function checkOrder(
  state: SatharWarState,
  side: Side,
  seat: string,
  order: Extract<Order, { type: "attack" }>,
  label: string,
  used: ReadonlyMap<string, string>,
  plans: ReadonlyMap<string, Plan>,
): Checked {
  const bad = (code: string, message: string): Checked => ({ ok: false, problems: [problem(label, code, message)] });
  const system = state.map.systems.find((s) => s.id === order.system);
  if (!system) return bad("unknown-system", `there is no system "${order.system}" on the map`);
  let planet: string;
  if (order.planet !== undefined) {
    if (!system.planets.some((p) => p.id === order.planet))
      return bad(
        "unknown-planet",
        `${system.name} has no planet "${order.planet}"; its planets: ${system.planets.map((p) => p.id).join(", ")}`,
      );
    planet = order.planet;
  } else if (system.planets.length > 1) {
    return bad(
      "planet-required",
      `${system.name} has two planets: name one as the target (${system.planets.map((p) => p.id).join(" or ")}), seed 000 "Declaring Combat"`,
    );
  } else {
    planet = system.planets[0]!.id;
  }
  const plan = plans.get(system.id);
  if (plan && plan.planet !== planet)
    return bad(
      "one-planet-per-system",
      `${system.name} is already attacked at ${plan.planet} today (one battle a system): attack ${plan.planet} or not at all`,
    );

  const problems: Problem[] = [];
  let ships: Ship[];
  if (order.ships !== undefined) {
    ships = [];
    for (const id of [...new Set(order.ships)]) {
      const ship = state.ships[id];
      if (!ship) problems.push(problem(label, "unknown-ship", `there is no ship "${id}"`));
      else if (ship.seat !== seat) problems.push(problem(label, "not-your-ship", `${id} is not commanded by ${seat}`));
      else if (ship.location.kind === "gone") problems.push(problem(label, "ship-gone", `${id} is no longer in the war`));
      else if (systemOf(state, ship) !== system.id)
        problems.push(problem(label, "not-in-system", `${id} is not in ${system.name} at the end of movement`));
      else if (!mayFight(state, ship))
        problems.push(
          problem(label, "fighter-not-based", `${id} is a fighter neither aboard a carrier nor based at a station: it cannot fight`),
        );
      else if (used.has(id))
        problems.push(problem(label, "one-planet-a-day", `${id} already attacks in ${used.get(id)} today: one planet a ship a day`));
      else if (side === "sathar" && state.today.attacked.includes(id))
        problems.push(problem(label, "already-attacked", `${id} has already attacked today`));
      else ships.push(ship);
    }
    if (problems.length > 0) return { ok: false, problems };
  } else {
    ships = shipsIn(state, system.id, side).filter(
      (s) => s.seat === seat && !used.has(s.id) && !(side === "sathar" && state.today.attacked.includes(s.id)),
    );
  }
  // A carrier brings its fighters along: they launch with it (RULINGS "Special combat rules").
  const ids = new Set(ships.map((s) => s.id));
  for (const carrier of ships.filter((s) => s.cls === "AC"))
    for (const f of fightersAboard(state, carrier.id)) if (!used.has(f.id)) ids.add(f.id);
  if (ids.size === 0) return bad("no-ships", `no ship of ${seat} in ${system.name} can attack`);

  const enemy = defenders(state, system.id, side);
  if (enemy.length === 0) {
    if (side === "upf" && shipsIn(state, system.id, "sathar").length > 0)
      return bad(
        "enemy-attacked-today",
        `every Sathar ship in ${system.name} attacked today: the UPF may not attack ships that have already attacked (seed 000 "Declaring Combat")`,
      );
    if (side === "sathar") {
      if (stationsIn(state, system.id, planet).length === 0) {
        const elsewhere = stationsIn(state, system.id);
        if (elsewhere.length > 0)
          return bad("no-enemy-at-planet", `no UPF ship is in ${system.name} and no station at ${planet}: attack ${elsewhere[0]!.planet}`);
        return bad("no-enemy", `no UPF ship or station is in ${system.name}`);
      }
    } else {
      return bad("no-enemy", `no Sathar ship is in ${system.name} at the end of movement`);
    }
  }
  return { ok: true, planet, ships: [...ids] };
}

/** A ship as it goes in: docked only at a station of the battle's planet (one at the other planet stays out of it). */
function battleShip(state: SatharWarState, ship: Ship, system: string, planet: string): BattleShip {
  const loc = ship.location;
  const home = ship.militiaOf !== undefined ? systemOfPlanet(state.map, ship.militiaOf) : undefined;
  const dockedAt = loc.kind === "system" && loc.docked === true && loc.planet === planet ? stationsIn(state, system, planet)[0] : undefined;
  const aboard = loc.kind === "aboard" ? (loc.carrier ?? loc.station) : undefined;
  return {
    id: ship.id,
    name: ship.name,
    side: ship.side,
    cls: ship.cls,
    damage: { ...ship.damage },
    spent: { ...ship.spent },
    ...(home?.id === system ? { mustFireBeforeBreakOff: true } : {}),
    ...(aboard !== undefined ? { aboard } : {}),
    ...(state.settings.shatterDrones && ship.drone === true ? { drone: true } : {}),
    ...(dockedAt ? { docked: dockedAt.id } : {}),
  };
}

/** What a defending minelayer lays before the battle (seed 000 "Declaring Combat"; RULINGS). */
function minesFor(state: SatharWarState, system: string, defending: readonly Ship[]): { mines: number; seekers: number } | undefined {
  const layers = defending.filter((s) => s.cls === "ML");
  if (layers.length === 0) return undefined;
  const left = (s: Ship, code: "M" | "SM") => Math.max(0, (SHIP_RATINGS[s.cls].weapons[code] ?? 0) - (s.spent[code] ?? 0));
  const secret = state.mines[system];
  const chosen = secret ? layers.find((s) => s.id === secret.minelayer) : undefined;
  const mines = chosen && secret ? Math.min(secret.mines, left(chosen, "M")) : layers.reduce((t, s) => t + left(s, "M"), 0);
  const seekers = chosen && secret ? Math.min(secret.seekers, left(chosen, "SM")) : layers.reduce((t, s) => t + left(s, "SM"), 0);
  return mines + seekers > 0 ? { mines, seekers } : undefined;
}

function buildBattle(state: SatharWarState, side: Side, plan: Plan): { input: BattleInput; events: SwEvent[] } {
  const step = attackStep(side);
  const stations = stationsIn(state, plan.system, plan.planet);
  const attacking = plan.ships.map((id) => state.ships[id]!);
  // The stations of the target planet fight whoever attacks; when the UPF attacks, the fighters based at them fight
  // from them too, whichever UPF seat commands them (a station cannot stay out of a battle at its planet).
  if (side === "upf") {
    const based = new Set(stations.map((st) => st.id));
    for (const ship of Object.values(state.ships)) {
      const loc = ship.location;
      if (
        ship.side === "upf" &&
        loc.kind === "aboard" &&
        loc.station !== undefined &&
        based.has(loc.station) &&
        !plan.ships.includes(ship.id)
      )
        attacking.push(ship);
    }
  }
  const defending = defenders(state, plan.system, side);
  const count = attacking.length + defending.length + stations.length;
  const rules = suggestedRules(count);
  const defSide = otherSide(side);
  const seatOf = {
    sathar: leadSeat(state, "sathar", side === "sathar" ? attacking : defending),
    upf: leadSeat(state, "upf", side === "upf" ? attacking : defending),
  };
  const mines = defSide === "upf" ? minesFor(state, plan.system, defending) : undefined;
  const input: BattleInput = {
    id: `d${state.day}-${plan.system}-${side}`,
    day: state.day,
    system: plan.system,
    planet: plan.planet,
    attacker: side,
    nearPlanet: stanceOf(state, seatOf[defSide]).nearPlanet,
    rules,
    ships: [...attacking, ...defending].map((s) => battleShip(state, s, plan.system, plan.planet)),
    stations: stations.map(
      (st): BattleStation => ({ id: st.id, name: st.name, type: st.type, damage: { ...st.damage }, spent: { ...st.spent } }),
    ),
    ...(mines ? { mines } : {}),
    breakOff: { sathar: policy(stanceOf(state, seatOf.sathar)), upf: policy(stanceOf(state, seatOf.upf)) },
    ...(state.settings.shatterDrones
      ? { detonateDrones: { sathar: stanceOf(state, seatOf.sathar).detonateDrones, upf: stanceOf(state, seatOf.upf).detonateDrones } }
      : {}),
  };
  const sys = state.map.systems.find((s) => s.id === plan.system)!;
  const planetName = sys.planets.find((p) => p.id === plan.planet)?.name ?? plan.planet;
  const who = side === "sathar" ? "The Sathar attack" : "The UPF attacks";
  const events: SwEvent[] = [
    swEvent(
      "attack-declared",
      state.day,
      step,
      `${who} ${sys.name} at ${planetName}: ${attacking.length} ships against ${defending.length} ships and ${stations.length} stations; ` +
        `${count} in the battle: ${RULES_WORDING[rules]} (seed 000 "Which Rules To Use?")`,
      { ships: input.ships.map((s) => s.id) },
    ),
  ];
  if (mines) {
    const upfSeats: SeatId[] = state.seats.filter((s) => s.side === "upf").map((s) => s.id);
    events.push(
      swEvent(
        "mines",
        state.day,
        step,
        `Minelayers at ${sys.name} place ${mines.mines} mines and ${mines.seekers} seeker missiles before the battle`,
        {
          to: upfSeats,
        },
      ),
    );
  }
  return { input, events };
}

/**
 * A side's declarations, checked (see the module comment): the battles they make, one a system, in the order they
 * were first declared (the Sathar resolve theirs "in any order the Sathar player wishes": their order of orders).
 * Orders of other types are skipped (another part of the step reads them); they keep their numbers in labels.
 */
export function declareAttacks(state: SatharWarState, side: Side, ordersBySeat: Readonly<Record<string, readonly Order[]>>): Declared {
  const problems: Record<string, Problem[]> = {};
  const events: SwEvent[] = [];
  const used = new Map<string, string>();
  const plans = new Map<string, Plan>();
  const known = state.seats.map((s) => s.id);
  const seats = [
    ...known.filter((s) => s in ordersBySeat),
    ...Object.keys(ordersBySeat)
      .filter((s) => !known.includes(s))
      .sort(),
  ];
  for (const seat of seats) {
    const list = (problems[seat] = [] as Problem[]);
    const spec = state.seats.find((s) => s.id === seat);
    for (const [index, order] of (ordersBySeat[seat] ?? []).entries()) {
      if (order.type !== "attack") continue;
      const label = attackLabel(index, order);
      if (!spec) {
        list.push(problem(label, "unknown-seat", `there is no seat "${seat}"`));
        continue;
      }
      if (spec.side !== side) {
        list.push(problem(label, "not-your-attack-step", `this is the ${side === "sathar" ? "Sathar" : "UPF"}'s attack step`));
        continue;
      }
      const checked = checkOrder(state, side, seat, order, label, used, plans);
      if (!checked.ok) {
        list.push(...checked.problems);
        continue;
      }
      const plan = plans.get(order.system) ?? { system: order.system, planet: checked.planet, ships: [], seats: [] };
      plans.set(order.system, plan);
      for (const id of checked.ships) {
        used.set(id, order.system);
        plan.ships.push(id);
      }
      if (!plan.seats.includes(seat)) plan.seats.push(seat);
    }
  }
  const battles: BattleInput[] = [];
  for (const plan of plans.values()) {
    const built = buildBattle(state, side, plan);
    battles.push(built.input);
    events.push(...built.events);
  }
  return { battles, events, problems };
}
