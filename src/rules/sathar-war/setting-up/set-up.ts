/**
 * The set-up orders the lead's turn pipeline applies itself (seed 000 "UPF Set-Up", "Sathar Set-Up", "Sathar
 * Retreat"): the UPF's non-attached ships deployed, fighters based aboard carriers or at stations, and the Sathar's
 * secret retreat condition. (The Sathar's placement and NOVA are strategic-movement's.)
 */
import { own } from "../../../core/ids.js";
import type { Problem } from "../../../core/result.js";
import { systemOfPlanet } from "../deployment-map/map.js";
import type { SatharWarState, Ship } from "../model.js";
import type { BaseOrder, DeployOrder, PlaceOrder, RetreatOrder } from "../orders.js";

const label = (i: number, type: string, what: string) => `#${i} ${type} ${what}`.trim();

/** The seat's own ship, or a problem saying why not. */
export function ownShip(state: SatharWarState, seat: string, id: string, at: string, problems: Problem[]): Ship | null {
  const ship = own(state.ships, id);
  if (!ship) {
    problems.push({ order: at, code: "unknown-ship", message: `there is no ship ${id}; ship ids look like "TFC-BB1" or "S-DD07"` });
    return null;
  }
  if (ship.seat !== seat) {
    problems.push({ order: at, code: "not-your-ship", message: `${id} is not commanded by seat ${seat}` });
    return null;
  }
  if (ship.location.kind === "gone") {
    problems.push({
      order: at,
      code: "ship-gone",
      message: `${id} is no longer in the war (${ship.location.how} on day ${ship.location.day})`,
    });
    return null;
  }
  return ship;
}

/**
 * 000 "UPF Set-Up": "Non-attached ships can be placed in any systems where the UPF player wants them ... Any number
 * of non-attached ships can be added to one or more of the task forces", Strike Force NOVA included (placed off the
 * map with it). Only non-attached ships may be deployed; their fighters go with a carrier or to a station (`base`).
 */
export function deploy(
  state: SatharWarState,
  seat: string,
  orders: readonly { order: DeployOrder; index: number }[],
  problems: Problem[],
): void {
  for (const { order, index } of orders) {
    for (const id of order.ships) {
      const at = label(index, "deploy", id);
      const ship = ownShip(state, seat, id, at, problems);
      if (!ship) continue;
      if (ship.force !== "Non-Attached Ships") {
        problems.push({
          order: at,
          code: "not-non-attached",
          message: `${id} belongs to ${ship.force}; only the Non-Attached Ships are deployed at set-up`,
        });
        continue;
      }
      if (ship.cls === "FT") {
        problems.push({
          order: at,
          code: "fighter-deploy",
          message: `${id} is a fighter: base it aboard a carrier or at a station ("base")`,
        });
        continue;
      }
      if (order.to === "nova") {
        ship.location = { kind: "offmap" };
        continue;
      }
      const system = systemOfPlanet(state.map, order.to);
      if (!system) {
        problems.push({ order: at, code: "unknown-planet", message: `there is no planet ${order.to} on the map` });
        continue;
      }
      ship.location = { kind: "system", system: system.id, planet: order.to };
    }
  }
}

/** Where a ship or station is, as a place fighters may share: "planet:ID", "offmap", "circle:ID", "reserve". */
function placeOf(state: SatharWarState, ship: Ship): string | null {
  const l = ship.location;
  if (l.kind === "system") return `planet:${l.planet}`;
  if (l.kind === "offmap" || l.kind === "reserve") return l.kind;
  if (l.kind === "circle") return `circle:${l.circle}`;
  if (l.kind === "aboard") {
    if (l.station) return `planet:${state.stations[l.station]?.planet ?? ""}`;
    const c = l.carrier ? state.ships[l.carrier] : undefined;
    return c ? placeOf(state, c) : null;
  }
  return null;
}

/**
 * Fighters aboard a carrier at the same place, up to its capacity (000 "Sathar Order of Battle": eight; the setting
 * `carrierCapacity`), or based at a station at their planet (000 "UPF Spacefleet Order Of Battle"). Only at set-up.
 * "The non-attached fighters can be placed with any of the task forces, or based at any station in the Frontier"
 * (000:107): at the UPF set-up they go aboard any UPF carrier (Strike Force NOVA's off the map included) or to any
 * station, wherever it is (`anywhere`).
 */
export function base(
  state: SatharWarState,
  seat: string,
  orders: readonly { order: BaseOrder; index: number }[],
  problems: Problem[],
): void {
  const aboard = (carrier: string) =>
    Object.values(state.ships).filter((s) => s.location.kind === "aboard" && s.location.carrier === carrier).length;
  for (const { order, index } of orders) {
    for (const id of order.fighters) {
      const at = label(index, "base", id);
      const fighter = ownShip(state, seat, id, at, problems);
      if (!fighter) continue;
      if (fighter.cls !== "FT") {
        problems.push({
          order: at,
          code: "not-a-fighter",
          message: `${id} is not a fighter; only fighters are based aboard carriers or at stations`,
        });
        continue;
      }
      const here = placeOf(state, fighter);
      const anywhere = state.phase === "upf-setup" && fighter.force === "Non-Attached Ships";
      if (order.carrier !== undefined) {
        const carrier = ownShip(state, seat, order.carrier, at, problems);
        if (!carrier) continue;
        if (carrier.cls !== "AC") {
          problems.push({ order: at, code: "not-a-carrier", message: `${order.carrier} is not an assault carrier` });
          continue;
        }
        const there = placeOf(state, carrier);
        if (here !== there && !anywhere) {
          problems.push({
            order: at,
            code: "not-together",
            message: `${id} and ${order.carrier} are not at the same place (${here} and ${there})`,
          });
          continue;
        }
        const held = fighter.location.kind === "aboard" && fighter.location.carrier === carrier.id;
        if (!held && aboard(carrier.id) >= state.settings.carrierCapacity) {
          problems.push({
            order: at,
            code: "carrier-full",
            message: `${order.carrier} already holds ${state.settings.carrierCapacity} fighters, its capacity`,
          });
          continue;
        }
        fighter.location = { kind: "aboard", carrier: carrier.id };
        continue;
      }
      const station = order.station === undefined ? undefined : own(state.stations, order.station);
      if (!station) {
        problems.push({
          order: at,
          code: "unknown-station",
          message: `there is no station ${order.station ?? ""}; station ids look like "st-gran-quivera"`,
        });
        continue;
      }
      if (fighter.side !== "upf") {
        problems.push({ order: at, code: "not-your-station", message: `${station.name} is a UPF station` });
        continue;
      }
      if (here !== `planet:${station.planet}` && here !== "offmap" && !anywhere) {
        problems.push({ order: at, code: "not-together", message: `${id} is not at ${station.planet}, where ${station.name} orbits` });
        continue;
      }
      fighter.location = { kind: "aboard", station: station.id };
    }
  }
}

/** 000 "Sathar Retreat": the Sathar choose one of five conditions before the first turn; it stays secret until met. */
export function chooseRetreat(state: SatharWarState, orders: readonly { order: RetreatOrder; index: number }[], problems: Problem[]): void {
  orders.forEach(({ order, index }, n) => {
    if (n > 0) {
      problems.push({
        order: label(index, "retreat", ""),
        code: "one-retreat-condition",
        message: "choose one retreat condition; the first one given stands",
      });
      return;
    }
    state.retreatCondition = order.condition;
  });
}

/**
 * The Sathar's opening when none valid is given (RULINGS.md "A seat that sends nothing"): every ship of the reserve
 * but the fighters (which ride their carriers), dealt in turn over the Prenglar, K'tsa-Kar and Zebulon start circles
 * (000 "Sathar Set-Up": "the Sathar always try to attack from several directions at once"), or the map's first three.
 */
export function defaultPlacement(state: SatharWarState, seat: string): PlaceOrder[] {
  const ships = Object.values(state.ships)
    .filter((s) => s.seat === seat && s.location.kind === "reserve" && s.cls !== "FT")
    .map((s) => s.id)
    .sort();
  const wanted = ["ssc-prenglar", "ssc-ktsa-kar", "ssc-zebulon"].filter((c) => state.map.circles.some((x) => x.id === c));
  const circles = wanted.length >= 2 ? wanted : state.map.circles.map((c) => c.id).slice(0, 3);
  const orders: PlaceOrder[] = [];
  circles.forEach((circle, i) => {
    const mine = ships.filter((_, j) => j % circles.length === i);
    if (mine.length > 0) orders.push({ type: "place", ships: mine, circle });
  });
  return orders;
}
