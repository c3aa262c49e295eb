/**
 * A Sathar War seat's orders for a step as a plain list, read from and written to the orders file the shell's draft
 * keeps (useCheckedDraft.ts): `{ seat, step, orders: [...] }` as JSON. The forms add an order made from one of the
 * seat's menus (GET .../options, turn/legal-orders.ts) and remove one by its place; nothing here decides whether an
 * order is good: the server's check does (POST /api/games/ID/check), and its lines are matched to the orders by
 * their "#n" labels.
 */
import type { CheckLine, OptionField, OrderOption } from "../../../core/ruleset.js";

/** One order as the file holds it (orders.ts `orderSchema`; its shape is the server's to judge). */
export type DraftOrder = { type: string } & Record<string, unknown>;

export interface ReadDraft {
  orders: DraftOrder[] | null;
  /** Why the text is not a list of orders (it was edited as text into something else). */
  problem: string | null;
}

export function emptyDraft(seat: string, step: number): string {
  return writeDraft(seat, step, []);
}

export function writeDraft(seat: string, step: number, orders: readonly DraftOrder[]): string {
  return JSON.stringify({ seat, step, orders }, null, 2);
}

export function readDraft(text: string): ReadDraft {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { orders: null, problem: "the orders file is not JSON: edit it as text, or start again from an empty draft" };
  }
  const list = typeof raw === "object" && raw !== null ? (raw as { orders?: unknown }).orders : undefined;
  if (list === undefined) return { orders: [], problem: null };
  if (!Array.isArray(list)) return { orders: null, problem: "the file's `orders` is not a list" };
  const orders = list.filter((o): o is DraftOrder => typeof o === "object" && o !== null && typeof (o as DraftOrder).type === "string");
  return { orders, problem: orders.length === list.length ? null : "some entries of `orders` have no type" };
}

/** What a form holds for one field: a choice's value, a list of choices, a number, text; undefined: left out. */
export type FieldValue = string | number | boolean | (string | number)[] | undefined;

/**
 * An order from a menu and the form's values: every field the menu names and the form filled. Fields the menus offer
 * as the words "true"/"false" (a move's `interlock`) are booleans in the file (orders.ts `move`).
 */
export function orderFrom(menu: OrderOption, values: Readonly<Record<string, FieldValue>>): DraftOrder {
  const order: DraftOrder = { type: menu.type };
  for (const [name, field] of Object.entries(menu.fields)) {
    const v = values[name];
    if (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    order[name] = field.kind === "choice" && (v === "true" || v === "false") ? v === "true" : v;
  }
  return order;
}

/** Why the form's values cannot make an order yet (a required choice not made, too few or many ships), or null. */
export function missing(menu: OrderOption, values: Readonly<Record<string, FieldValue>>): string | null {
  for (const [name, field] of Object.entries(menu.fields)) {
    const v = values[name];
    if (field.kind === "choices") {
      const n = Array.isArray(v) ? v.length : 0;
      if (n < (field.min ?? 0)) return `choose at least ${field.min} of ${name}`;
      if (field.max !== undefined && n > field.max) return `choose at most ${field.max} of ${name}`;
    } else if (field.kind === "choice" && !field.optional && (v === undefined || v === "")) return `choose the ${name}`;
    else if (field.kind === "number" && !field.optional && v === undefined) return `give the ${name}`;
  }
  return null;
}

/** The ship ids a menu's field offers (its `ships`, `fighters` or `ship`), for matching menus to a stack. */
export function shipsOffered(menu: OrderOption): string[] {
  const out: string[] = [];
  for (const name of ["ships", "fighters", "ship"]) {
    const f: OptionField | undefined = menu.fields[name];
    if (f && (f.kind === "choices" || f.kind === "choice")) out.push(...f.values.map((v) => String(v.value)));
  }
  return out;
}

/** The menus that can order some ship of a stack (a move of that stack, docking, the Void, an attack from its system). */
export function menusForStack(menus: readonly OrderOption[], ships: readonly string[]): OrderOption[] {
  const here = new Set(ships);
  return menus.filter((m) => shipsOffered(m).some((s) => here.has(s)));
}

/**
 * The form's first values for a menu opened from a stack: the stack's ships chosen (those the menu offers), every
 * other field empty.
 */
export function prefill(menu: OrderOption, ships: readonly string[]): Record<string, FieldValue> {
  const here = new Set(ships);
  const values: Record<string, FieldValue> = {};
  const f = menu.fields.ships;
  if (f && f.kind === "choices") {
    const chosen = f.values.map((v) => v.value).filter((v) => here.has(String(v)));
    values.ships = f.max !== undefined ? chosen.slice(0, f.max) : chosen;
  }
  return values;
}

/** The check's lines for the order at `index` (labelled "#index ..."). */
export function linesFor<L extends Pick<CheckLine, "order">>(lines: readonly L[], index: number): L[] {
  const label = `#${index}`;
  return lines.filter((l) => l.order === label || l.order.startsWith(`${label} `));
}

/** An order in a few words: "move TFC-BB1, TFC-HC1 to cassidine at RJ2". */
export function orderText(o: DraftOrder): string {
  const parts: string[] = [o.type];
  for (const [k, v] of Object.entries(o)) {
    if (k === "type") continue;
    parts.push(`${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`);
  }
  return parts.join("; ");
}
