/**
 * A Sathar War seat's orders for a step: the file handling and the forms' values made orders are the shell's
 * (shell/menu-draft.ts, re-exported here for this ruleset's view and tests); here is what a stack on the Frontier
 * Deployment Map has to do with the menus (turn/legal-orders.ts): which menus order some ship of it, and a form's
 * first values when opened from it.
 */
import type { OptionField, OrderOption } from "../../../core/ruleset.js";
import type { FieldValue } from "../../shell/menu-draft.js";

export {
  type DraftOrder,
  emptyDraft,
  type FieldValue,
  linesFor,
  missing,
  orderFrom,
  orderText,
  type ReadDraft,
  readDraft,
  writeDraft,
} from "../../shell/menu-draft.js";

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
