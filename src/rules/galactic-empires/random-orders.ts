/**
 * Random orders for one empire, legal or not: the property tests' fuzz input and
 * the weakest bot. Mostly plausible (own units, real neighbours, real types) so
 * the turn gets exercised, with a share of nonsense (unknown ids, foreign units,
 * absurd counts) so the failure paths do too.
 */
import { own } from "../../core/ids.js";
import type { Rng } from "../../core/rng.js";
import { STARSHIP_TYPES } from "./catalog.js";
import { type EmpireId, type GameState, INDEPENDENT } from "./model.js";
import type { Order, Orders } from "./orders.js";

const WORDS = ["glory", "to", "the", "empire", "our", "fleets", "stand", "ready", "peace", "in", "our", "time", "xqzt", "blorp"];

export function randomOrders(state: GameState, empire: EmpireId, rng: Rng, size = 12): Orders {
  const mine = Object.values(state.units).filter((u) => u.owner === empire);
  const all = Object.values(state.units);
  const others = Object.keys(state.empires).filter((e) => e !== empire);
  const sectorIds = state.sectors.map((s) => s.id);
  const neighbours = (sector: number): number[] => {
    const out: number[] = [];
    for (const b of state.borders) {
      if (b.a === sector) out.push(b.b);
      else if (b.b === sector) out.push(b.a);
    }
    return out;
  };
  const unitRef = (): string => {
    const r = rng.int(0, 9);
    if (r < 7 && mine.length > 0) return rng.pick(mine).id;
    if (r < 8 && all.length > 0) return rng.pick(all).id;
    if (r < 9) return "new1";
    return `A${rng.int(0, 999)}`;
  };
  const typeOf = (unitId: string): string => {
    const u = own(state.units, unitId);
    if (u && u.ships.length > 0 && rng.int(0, 3) > 0) return rng.pick(u.ships).type;
    return rng.pick(STARSHIP_TYPES).id;
  };
  const other = (): string => (others.length > 0 && rng.int(0, 9) > 0 ? rng.pick(others) : rng.pick([INDEPENDENT, empire, "nobody"]));
  const sector = (): number => (rng.int(0, 19) > 0 ? rng.pick(sectorIds) : rng.int(-1, 10_000));
  const orders: Order[] = [];
  if (rng.int(0, 3) === 0) orders.push({ type: "formFleet", ref: "new1", at: unitRef() });
  const n = rng.int(0, size);
  for (let i = 0; i < n; i++) {
    const u = unitRef();
    const here = own(state.units, u)?.sector ?? rng.pick(sectorIds);
    const k = rng.int(0, 39);
    let o: Order;
    switch (k) {
      case 0:
        o = { type: "declareWar", empire: other() };
        break;
      case 1:
        o = { type: "offerPeace", empire: other() };
        break;
      case 2:
        o = { type: "offerAlliance", empire: other() };
        break;
      case 3:
        o = { type: "cancelAlliance", empire: other() };
        break;
      case 4:
        o = { type: "passage", empire: other(), grant: rng.int(0, 1) === 1 };
        break;
      case 5:
        o = { type: "permission", sector: sector(), empire: other(), grant: rng.int(0, 1) === 1 };
        break;
      case 6:
        o = { type: "annex", sector: sector() };
        break;
      case 7:
        o = { type: "giveSector", sector: sector(), empire: other() };
        break;
      case 8:
        o = { type: "sendResources", empire: other(), amount: rng.int(1, 200) };
        break;
      case 9:
        o = { type: "espionage", empire: other() };
        break;
      case 10: {
        const words: string[] = [];
        for (let w = rng.int(0, 14); w > 0; w--) words.push(rng.pick(WORDS));
        o = { type: "proclaim", text: words.join(" ") };
        break;
      }
      case 11:
        o = { type: "retreatLevel", unit: u, level: rng.int(1, 5) };
        break;
      case 12:
        o = { type: "follow", unit: u, leader: rng.int(0, 1) ? unitRef() : null };
        break;
      case 13:
        o = { type: "defend", unit: u, value: rng.int(0, 1) === 1 };
        break;
      case 14:
        o = { type: "cloak", unit: u };
        break;
      case 15:
        o = { type: "decloak", unit: u };
        break;
      case 16:
      case 17:
        o = { type: "transfer", from: u, to: unitRef(), starship: typeOf(u), count: rng.int(1, 5), rank: rng.int(1, 5) };
        break;
      case 18:
        o = { type: "reassign", unit: u, starship: typeOf(u), toRank: rng.int(1, 5) };
        break;
      case 19:
        o = { type: "disband", unit: u, starship: typeOf(u), count: rng.int(1, 3) };
        break;
      case 20:
        o = { type: "salvage", unit: u, starship: typeOf(u), count: rng.int(1, 3) };
        break;
      case 21:
      case 22:
      case 23:
      case 24:
      case 25:
      case 26: {
        const ns = neighbours(here);
        o = { type: "travel", unit: u, to: ns.length > 0 && rng.int(0, 9) > 0 ? rng.pick(ns) : sector() };
        break;
      }
      case 27:
        o = { type: "wait", unit: u };
        break;
      case 28:
        o = { type: "pillage", unit: u };
        break;
      case 29:
        o = { type: "search", unit: u };
        break;
      case 30:
        o = { type: "construct", unit: u };
        break;
      case 31:
        o = { type: "raze", unit: u, levels: rng.int(1, 5) };
        break;
      case 32:
      case 33: {
        const s = state.sectors.find((x) => x.id === here);
        const types = s?.industry?.builds ?? [];
        o = {
          type: "build",
          unit: u,
          starship: types.length > 0 && rng.int(0, 4) > 0 ? rng.pick(types) : typeOf(u),
          count: rng.int(1, 12),
          rank: rng.int(1, 5),
        };
        break;
      }
      case 34:
        o = { type: "hireAdmiral", unit: u };
        break;
      case 35:
        o = { type: "acceptance", empire: other(), accept: rng.int(0, 1) === 1 };
        break;
      case 36:
        o = { type: "infoSharing", empire: other(), grant: rng.int(0, 1) === 1 };
        break;
      case 37:
        o = { type: "requestPermission", sector: sector() };
        break;
      case 38:
        o = { type: "cede", sector: sector() };
        break;
      default:
        o = { type: "rename", unit: u, name: `Fleet ${rng.int(1, 99)}` };
    }
    orders.push(o);
  }
  return { empire, turn: state.turn, orders };
}
