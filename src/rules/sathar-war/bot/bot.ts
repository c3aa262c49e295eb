/**
 * Computer players for both sides. They decide from what their seat knows (`knownState`), never from hidden state.
 *
 * - normal: the Sathar choose retreat condition 3, open from three start circles at once (000 "Sathar Set-Up": "the
 *   Sathar always try to attack from several directions at once"), then drive each fleet on the nearest system with
 *   a station left, staying to attack until its stations are destroyed; the UPF place Strike Force NOVA at once,
 *   hold their stations, and attack Sathar fleets they outweigh.
 * - passive: sends nothing (the rules' defaults: ships in transit keep going, nobody attacks).
 * - random: random orders from the seat's menus (`legalOrders`): each is of a kind the step takes, not always one
 *   that succeeds.
 */
import type { Rng } from "../../../core/rng.js";
import type { OptionField, OrderOption } from "../../../core/ruleset.js";
import { daysFrom, nextHop } from "../deployment-map/paths.js";
import type { SatharWarState, Ship, Side } from "../model.js";
import type { Order, Orders } from "../orders.js";
import { SHIP_RATINGS } from "../orders-of-battle/ship-classes.js";
import { sideOfSeat } from "../presentation/known-state.js";
import { defaultPlacement } from "../setting-up/set-up.js";

const alive = (s: Ship) => s.location.kind !== "gone";
const hullLeft = (s: Ship) => Math.max(0, SHIP_RATINGS[s.cls].hp - (s.damage.hull ?? 0));

/** Hull points a side has in a system (ships at its planets, fighters aboard counted; stations for the UPF). */
export function weightIn(state: SatharWarState, side: Side, system: string): number {
  let w = 0;
  for (const s of Object.values(state.ships)) {
    if (s.side !== side || !alive(s)) continue;
    const l = s.location;
    const at =
      l.kind === "system"
        ? l.system
        : l.kind === "aboard" && l.carrier
          ? (() => {
              const c = state.ships[l.carrier];
              return c?.location.kind === "system" ? c.location.system : undefined;
            })()
          : l.kind === "aboard" && l.station
            ? state.stations[l.station]?.system
            : undefined;
    if (at === system) w += hullLeft(s);
  }
  if (side === "upf") for (const st of Object.values(state.stations)) if (st.system === system && st.destroyedDay === undefined) w += 80;
  return w;
}

function livingStations(state: SatharWarState) {
  return Object.values(state.stations).filter((s) => s.destroyedDay === undefined);
}

/** The planet to attack in a system: a fortress's, else any station's, else where the enemy ships are. */
function targetPlanet(state: SatharWarState, system: string, enemy: Side): string | undefined {
  const here = livingStations(state).filter((s) => s.system === system);
  const fortress = here.find((s) => s.type === "fortress");
  if (enemy === "upf" && (fortress ?? here[0])) return (fortress ?? here[0])?.planet;
  const ship = Object.values(state.ships).find((s) => s.side === enemy && s.location.kind === "system" && s.location.system === system);
  return ship?.location.kind === "system" ? ship.location.planet : here[0]?.planet;
}

function satharSetUp(state: SatharWarState, seat: string): Order[] {
  return [{ type: "retreat", condition: 3 }, ...defaultPlacement(state, seat)];
}

function satharMove(state: SatharWarState, seat: string): Order[] {
  const orders: Order[] = [];
  // Reinforcements: the rest of the reserve, split over two circles (the half rule).
  const reserve = Object.values(state.ships)
    .filter((s) => s.seat === seat && s.location.kind === "reserve" && s.cls !== "FT")
    .map((s) => s.id);
  if (reserve.length >= 2) {
    const circles = state.map.circles.map((c) => c.id).slice(0, 2);
    circles.forEach((circle, i) => {
      const mine = reserve.filter((_, j) => j % circles.length === i);
      if (mine.length > 0) orders.push({ type: "place", ships: mine, circle });
    });
  }
  const stations = livingStations(state);
  const bySystem = new Map<string, string[]>();
  for (const s of Object.values(state.ships)) {
    if (s.seat !== seat || s.location.kind !== "system" || s.cls === "FT") continue;
    const list = bySystem.get(s.location.system) ?? [];
    list.push(s.id);
    bySystem.set(s.location.system, list);
  }
  for (const [system, ships] of [...bySystem.entries()].sort()) {
    if (stations.some((st) => st.system === system)) continue;
    const days = daysFrom(state.map, system);
    const goal = stations
      .map((st) => ({ st, d: (days.get(st.system) ?? Number.POSITIVE_INFINITY) - (st.type === "fortress" ? 3 : 0) }))
      .sort((a, b) => a.d - b.d || a.st.id.localeCompare(b.st.id))[0];
    const hop = goal ? nextHop(state.map, system, goal.st.system) : undefined;
    if (hop) orders.push({ type: "move", ships: ships.sort(), to: hop });
  }
  return orders;
}

function attacks(state: SatharWarState, seat: string, side: Side): Order[] {
  const enemy: Side = side === "sathar" ? "upf" : "sathar";
  const systems = new Set<string>();
  for (const s of Object.values(state.ships)) if (s.seat === seat && s.location.kind === "system") systems.add(s.location.system);
  const orders: Order[] = [];
  for (const system of [...systems].sort()) {
    const theirs = weightIn(state, enemy, system);
    if (theirs === 0) continue;
    const ours = weightIn(state, side, system);
    // The Sathar attack wherever they meet the UPF; the UPF only where they outweigh the Sathar by a fifth.
    if (side === "upf" && ours < theirs * 1.2) continue;
    const planet = targetPlanet(state, system, enemy);
    orders.push({ type: "attack", system, ...(planet ? { planet } : {}) });
  }
  return orders;
}

export function normalOrders(known: SatharWarState, seat: string): Orders {
  const side = sideOfSeat(known, seat);
  const at = { seat, step: known.step };
  if (!side || known.outcome) return { ...at, orders: [] };
  switch (known.phase) {
    case "upf-setup":
      return { ...at, orders: [] };
    case "sathar-setup":
      return { ...at, orders: side === "sathar" ? satharSetUp(known, seat) : [] };
    case "sathar-move":
      return { ...at, orders: satharMove(known, seat) };
    case "upf-move": {
      const offmap = Object.values(known.ships).some((s) => s.seat === seat && s.location.kind === "offmap");
      return { ...at, orders: offmap ? [{ type: "nova" }] : [] };
    }
    case "sathar-attack":
    case "upf-attack":
      return { ...at, orders: attacks(known, seat, side) };
    case "sathar-results":
    case "upf-results":
      // A bot has no table to fight at: it enters nothing, and the battle is fought the campaign's other way.
      return { ...at, orders: [] };
  }
}

/** A random value a menu field allows. */
function pickField(f: OptionField, rng: Rng): unknown {
  switch (f.kind) {
    case "choice":
      return f.values.length > 0 ? rng.pick(f.values).value : undefined;
    case "choices": {
      if (f.values.length === 0) return [];
      const n = rng.int(Math.max(1, f.min ?? 1), Math.max(1, Math.min(f.max ?? f.values.length, f.values.length)));
      return rng.shuffle(f.values.map((v) => v.value)).slice(0, n);
    }
    case "number":
      return f.integer ? rng.int(Math.ceil(f.min), Math.floor(f.max)) : f.min + rng.float() * (f.max - f.min);
    case "text":
      return "x";
    case "point":
      return { x: rng.int(0, f.xMax), y: rng.int(0, f.yMax) };
  }
}

/** Orders picked at random from the seat's menus (a few of them). */
export function randomFromMenus(options: readonly OrderOption[], rng: Rng, count: number): Order[] {
  const orders: Order[] = [];
  for (let i = 0; i < count && options.length > 0; i++) {
    const opt = rng.pick(options);
    const o: Record<string, unknown> = { type: opt.type };
    for (const [name, f] of Object.entries(opt.fields)) {
      if ("optional" in f && f.optional && rng.chance(50)) continue;
      const picked = pickField(f, rng);
      // Menus offer a yes/no field as the choices "true" and "false" (core/options.ts): the order takes a boolean.
      const v = picked === "true" ? true : picked === "false" ? false : picked;
      if (v !== undefined && !(Array.isArray(v) && v.length === 0)) o[name] = v;
    }
    orders.push(o as Order);
  }
  return orders;
}
