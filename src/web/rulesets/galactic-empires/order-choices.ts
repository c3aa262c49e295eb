/**
 * The legal values of an order's fields while it is being written (OrderForms.tsx), as plain functions: the seat's
 * options (legal-orders.ts: what may be named at all) narrowed with its view and its plan to what fits the order so
 * far (seed 003 chapter 2, "Not all orders will be available; the orders available will depend on your relations";
 * chapter 5, "Building starships" and "Transferring"; chapter 4, "Starfleets Travel"). Whether the order will
 * succeed stays the check's to say.
 */
import type { OptionField, OrderOption } from "../../../core/ruleset.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { buildBoxes, diplomaticOrders, type Plan, type PlannedOrder, pathOf } from "./orders-plan.js";

export type Choice = { value: string | number; label: string };

/** Fields that take null for "none" rather than being left out (orders.ts: `follow.leader`, `leader.admiral`). */
export const NULLABLE: ReadonlySet<string> = new Set(["follow.leader", "leader.admiral"]);
/** Diplomatic orders whose empire must stand in a given relation with the seat (chapter 2). */
const BY_RELATION: ReadonlySet<string> = new Set(["declareWar", "offerPeace", "offerAlliance", "cancelAlliance"]);
/** Orders whose starship comes out of the unit named by this field. */
const CARRIED: Readonly<Record<string, string>> = { transfer: "from", disband: "unit", salvage: "unit", reassign: "unit" };

/** Units this plan forms (formFleet's ref), named like units: later orders of the plan may give them orders. */
function plannedFleets(plan: Plan | null, view: EmpireView): Choice[] {
  if (!plan) return [];
  const at = new Map(view.units.map((u) => [u.id, u.sector]));
  return plan.orders
    .filter((o) => o.type === "formFleet" && typeof o.ref === "string")
    .map((o) => ({ value: String(o.ref), label: `${String(o.ref)} (new starfleet, sector ${at.get(String(o.at)) ?? "?"})` }));
}

/** The sector a unit (or a fleet this plan forms) stands in at the start of the turn. */
function sectorOfUnit(view: EmpireView, plan: Plan | null, id: unknown): number | undefined {
  const u = view.units.find((x) => x.id === id);
  if (u) return u.sector;
  const formed = plan?.orders.find((o) => o.type === "formFleet" && o.ref === id);
  return formed ? view.units.find((x) => x.id === formed.at)?.sector : undefined;
}

export interface Narrowing {
  view: EmpireView;
  plan: Plan | null;
  /** The sector a building form is for. */
  sector?: number;
}

/** The legal values of one field, given what the form holds so far. */
export function legalValues(type: string, field: string, f: OptionField, current: Record<string, string>, n: Narrowing): Choice[] | null {
  if (f.kind !== "choice") return null;
  const { view, plan } = n;
  let values: Choice[] = f.values;
  const unitField = ["unit", "at", "from", "to", "leader"].includes(field) && !(type === "travel" && field === "to");
  if (unitField) values = [...values, ...plannedFleets(plan, view)];
  if (field === "empire" && BY_RELATION.has(type)) {
    values = values.filter((c) => {
      const e = view.empires.find((x) => x.id === c.value);
      return e !== undefined && diplomaticOrders(e.relation, e.ours).some((d) => d.order.type === type);
    });
  }
  if (n.sector !== undefined && field === "unit") values = values.filter((c) => sectorOfUnit(view, plan, c.value) === n.sector);
  if ((type === "build" || type === "hireAdmiral") && field === "unit") {
    // At an industrial centre of one's own (chapter 5): its garrison or a unit there.
    const centres = new Set(view.sectors.filter((s) => s.owner === view.empire && s.industry).map((s) => s.id));
    values = values.filter((c) => centres.has(sectorOfUnit(view, plan, c.value) ?? -1));
  }
  if (type === "travel" && field === "unit") values = values.filter((c) => view.units.find((u) => u.id === c.value)?.kind !== "garrison");
  if (type === "travel" && field === "to") {
    // The sectors bordering where the unit will be after the travels planned before this one.
    const unit = current.unit ?? "";
    const path = plan ? pathOf(plan, unit) : [];
    const from = path.at(-1) ?? sectorOfUnit(view, plan, unit);
    const near = new Set(view.borders.filter((b) => !b.barrier && (b.a === from || b.b === from)).map((b) => (b.a === from ? b.b : b.a)));
    values = values.filter((c) => near.has(Number(c.value)));
  }
  if ((type === "transfer" || type === "transferAdmiral") && field === "to") {
    const from = type === "transfer" ? current.from : view.admirals.find((a) => a.id === current.admiral)?.unit;
    const where = sectorOfUnit(view, plan, from);
    values = values.filter((c) => c.value !== from && sectorOfUnit(view, plan, c.value) === where);
  }
  if (field === "starship") {
    if (type in CARRIED) {
      const u = view.units.find((x) => x.id === current[CARRIED[type] ?? ""]);
      const have = new Set(u?.ships.filter((s) => s.count > 0).map((s) => s.type) ?? []);
      values = values.filter((c) => have.has(String(c.value)));
    }
    if (type === "build") {
      const where = sectorOfUnit(view, plan, current.unit);
      const list = new Set(view.sectors.find((s) => s.id === where)?.industry?.builds ?? []);
      values = values.filter((c) => list.has(String(c.value)));
    }
  }
  if (type === "follow" && field === "leader") values = values.filter((c) => c.value !== current.unit);
  return values;
}

/** The most a count may be: what the unit carries of that type, or the room left in the build box. */
export function countMax(type: string, current: Record<string, string>, n: Narrowing, fallback: number): number {
  const { view, plan } = n;
  if (type in CARRIED) {
    const u = view.units.find((x) => x.id === current[CARRIED[type] ?? ""]);
    const have = u?.ships.filter((s) => s.type === current.starship).reduce((t, s) => t + s.count, 0);
    return have && have > 0 ? have : fallback;
  }
  if (type === "build" && plan) {
    const box = buildBoxes(view, plan).find((b) => b.sector === sectorOfUnit(view, plan, current.unit));
    return box ? Math.max(0, box.max - box.built) : fallback;
  }
  return fallback;
}

/** The form's strings as an order: numbers and yes/no as such; an empty optional field left out. */
export function toOrder(option: OrderOption, values: Record<string, string>): PlannedOrder {
  const o: PlannedOrder = { type: option.type };
  for (const [field, f] of Object.entries(option.fields)) {
    const v = values[field] ?? "";
    if (v === "") {
      if (NULLABLE.has(`${option.type}.${field}`)) o[field] = null;
      continue;
    }
    if (f.kind === "number") o[field] = Number(v);
    else if (f.kind === "choice") {
      if (v === "true" || v === "false") o[field] = v === "true";
      else {
        const c = f.values.find((x) => String(x.value) === v);
        o[field] = c ? c.value : v;
      }
    } else o[field] = v;
  }
  return o;
}

export function isRequired(type: string, field: string, f: OptionField): boolean {
  if (NULLABLE.has(`${type}.${field}`)) return false;
  return !("optional" in f && f.optional);
}
