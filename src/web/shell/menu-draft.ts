/**
 * A seat's orders for a step as a plain list, read from and written to the orders file the shell's draft keeps
 * (useCheckedDraft.ts): `{ seat, step, orders: [...] }` as JSON, for any ruleset whose orders file is that shape and
 * whose seat offers menus (GET .../options, core/ruleset.ts `Options`). The forms (MenuForm.tsx) make an order from one
 * of the menus; nothing here decides whether an order is good: the server's check does (POST /api/games/ID/check), and
 * its lines are matched to the orders by their "#n" labels. Nothing here names a ruleset: what one ruleset reads
 * differently (a design's modules typed as words) it passes in as `TypedChoices`.
 */
import type { CheckLine, OptionField, OrderOption } from "../../core/ruleset.js";

/** One order as the file holds it (its shape is the server's to judge). */
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

/** What a form holds for one field: a choice's value, a list of choices, a number, text, a point; undefined: left out. */
export type FieldValue = string | number | boolean | (string | number)[] | { x?: number; y?: number } | undefined;

/**
 * A `choices` field typed as words rather than ticked (a ruleset whose choices repeat, such as a design's modules):
 * `read` turns the text into the list the file holds, `hint` says how to type it (the field's label ends with it).
 */
export interface TypedChoices {
  read(text: string): unknown[];
  hint: string;
}

const isPoint = (v: FieldValue): v is { x?: number; y?: number } => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * An order from a menu and the form's values: every field the menu names and the form filled. Fields the menus offer
 * as the words "true"/"false" are booleans in the file; a point is given whole or not at all; typed choices are read
 * by the ruleset's `typed`.
 */
export function orderFrom(menu: OrderOption, values: Readonly<Record<string, FieldValue>>, typed?: TypedChoices): DraftOrder {
  const order: DraftOrder = { type: menu.type };
  for (const [name, field] of Object.entries(menu.fields)) {
    const v = values[name];
    if (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    if (field.kind === "point") {
      if (isPoint(v) && v.x !== undefined && v.y !== undefined) order[name] = { x: v.x, y: v.y };
      continue;
    }
    if (field.kind === "choices" && typed && typeof v === "string") order[name] = typed.read(v);
    else order[name] = field.kind === "choice" && (v === "true" || v === "false") ? v === "true" : v;
  }
  return order;
}

/** Why the form's values cannot make an order yet (a required choice not made, too few or many chosen, half a point), or null. */
export function missing(menu: OrderOption, values: Readonly<Record<string, FieldValue>>, typed?: TypedChoices): string | null {
  for (const [name, field] of Object.entries(menu.fields) as [string, OptionField][]) {
    const v = values[name];
    if (field.kind === "point") {
      if (isPoint(v) && (v.x === undefined) !== (v.y === undefined)) return `give both x and y of ${name}`;
      continue;
    }
    if (field.kind === "choices") {
      const n = typeof v === "string" && typed ? typed.read(v).length : Array.isArray(v) ? v.length : 0;
      if (n < (field.min ?? 0)) return `choose at least ${field.min} of ${name}`;
      if (field.max !== undefined && n > field.max) return `choose at most ${field.max} of ${name}`;
    } else if (field.kind === "choice" && !field.optional && (v === undefined || v === "")) return `choose the ${name}`;
    else if (field.kind === "number" && !field.optional && v === undefined) return `give the ${name}`;
    else if (field.kind === "text" && !field.optional && (v === undefined || v === "")) return `give the ${name}`;
  }
  return null;
}

/** The check's lines for the order at `index` (labelled "#index ..."). */
export function linesFor<L extends Pick<CheckLine, "order">>(lines: readonly L[], index: number): L[] {
  const label = `#${index}`;
  return lines.filter((l) => l.order === label || l.order.startsWith(`${label} `));
}

/** The check's lines that belong to no one order (the orders as a whole). */
export const generalLines = <L extends Pick<CheckLine, "order">>(lines: readonly L[]): L[] => lines.filter((l) => !/^#\d+/.test(l.order));

/** An order in a few words, field by field: "move; ships: TFC-BB1, TFC-HC1; to: cassidine". */
export function orderText(o: DraftOrder): string {
  const parts: string[] = [o.type];
  for (const [k, v] of Object.entries(o)) {
    if (k === "type") continue;
    parts.push(`${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`);
  }
  return parts.join("; ");
}
