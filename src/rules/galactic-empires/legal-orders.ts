/**
 * What an empire can order now, as menus (the Ruleset's `legalOrders`, godip's
 * Options): every order type of chapter 4 with the values each field may take for
 * this empire this turn, drawn from what the empire knows. Whether an order will
 * succeed is still the check's to say (chapter 1, "Invalid Orders": "Rulers can
 * always ask the impossible of their followers"); the menus offer what can be
 * named, never what the empire may not see.
 */
import { type Choice, orderOptions } from "../../core/options.js";
import type { Options } from "../../core/ruleset.js";
import { shipType } from "./catalog.js";
import { type EmpireId, type GameState, INDEPENDENT } from "./model.js";
import { ORDER_SUMMARIES, ORDER_TYPES, orderSchema } from "./orders.js";
import { knownState } from "./view.js";

const UNIT_FIELDS: ReadonlySet<string> = new Set(["unit", "at", "from", "to", "leader"]);

export function legalOrders(state: GameState, seat: EmpireId): Options {
  const me = state.empires[seat];
  if (!me || me.defeated || seat === INDEPENDENT) return { seat, step: state.turn, orders: [], note: `${seat} gives no orders` };
  const known = knownState(state, seat);
  const units = Object.values(known.units)
    .filter((u) => u.owner === seat)
    .map((u) => ({ value: u.id, label: `${u.id} ${u.name} (sector ${u.sector})` }));
  const empires = Object.values(known.empires)
    .filter((e) => e.id !== seat && e.id !== INDEPENDENT && !e.defeated)
    .map((e) => ({ value: e.id, label: e.name }));
  const sectorChoice = (s: { id: number; name: string }): Choice => ({ value: s.id, label: `${s.id} ${s.name}` });
  const own = known.sectors.filter((s) => s.owner === seat).map(sectorChoice);
  const independent = known.sectors.filter((s) => s.owner === INDEPENDENT).map(sectorChoice);
  const all = known.sectors.map(sectorChoice);
  const admirals = Object.values(known.admirals)
    .filter((a) => a.owner === seat)
    .map((a) => ({ value: a.id, label: `${a.id} ${a.name}` }));
  const buildable = new Set<string>();
  for (const s of known.sectors) if (s.owner === seat && s.industry) for (const t of s.industry.builds) buildable.add(t);
  const carried = new Set<string>();
  for (const u of Object.values(known.units)) if (u.owner === seat) for (const st of u.ships) carried.add(st.type);
  const typeChoice = (ids: Iterable<string>): Choice[] => [...ids].sort().map((id) => ({ value: id, label: shipType(id).name }));
  const choices = (type: string, field: string): readonly Choice[] | undefined => {
    if (field === "empire") return empires;
    if (field === "admiral") return admirals;
    if (type === "travel" && field === "to") return all;
    if (UNIT_FIELDS.has(field)) return units;
    if (field === "starship") return typeChoice(type === "build" ? buildable : carried);
    if (field === "sector") {
      if (type === "requestPermission" || type === "withdrawPermission") return independent;
      if (type === "pillage") return all;
      return own;
    }
    return undefined;
  };
  const offered = (type: string): boolean => {
    const f = (orderSchema.options.find((o) => o.shape.type.value === type)?.shape ?? {}) as Record<string, unknown>;
    if ("unit" in f || "at" in f || "from" in f) return units.length > 0;
    if ("empire" in f && empires.length === 0) return false;
    if ("admiral" in f) return admirals.length > 0;
    if (type === "build") return buildable.size > 0;
    return true;
  };
  return { seat, step: state.turn, orders: orderOptions(orderSchema, ORDER_TYPES, ORDER_SUMMARIES, choices, offered) };
}
