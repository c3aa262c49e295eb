/**
 * A Space War seat's orders for a step as a plain list (`{ seat, step, orders }` as JSON, the shell's draft): the file
 * handling and the forms' values made orders are the shell's (shell/menu-draft.ts, with its point on the table: deploy
 * at, move to, launch at); here is what this ruleset reads its own way: a design's modules, typed since they repeat
 * ("E E SB L"), and its orders said in a few words.
 */
import type { OrderOption } from "../../../core/ruleset.js";
import {
  type DraftOrder,
  type FieldValue,
  missing as menuMissing,
  orderFrom as menuOrderFrom,
  type TypedChoices,
} from "../../shell/menu-draft.js";

export { type DraftOrder, emptyDraft, linesFor, readDraft, writeDraft } from "../../shell/menu-draft.js";

/** What a form holds for one field: a choice, a list, a number, text, a point; undefined: left out. */
export type SxFieldValue = FieldValue;

/**
 * A design's modules as typed: abbreviations apart ("E E SB L L/rear"), an arc after a slash (l.635: Lasers and
 * Expendables fire in a 90° arc, front unless said). Unknown words are kept, for the check to name.
 */
export function modulesFrom(text: string): (string | { module: string; arc: string })[] {
  return text
    .split(/[\s,+]+/)
    .filter((w) => w !== "")
    .map((w) => {
      const [m, arc] = w.split("/");
      const module = (m ?? "").toUpperCase();
      return arc ? { module, arc: arc.toLowerCase() } : module;
    });
}

/** A design's modules in the forms: typed as the seed abbreviates them (l.909-938), an arc after a slash (l.635). */
export const TYPED_MODULES: TypedChoices = { read: modulesFrom, hint: "repeat as needed, an arc after a slash: L/rear" };

/** An order from a menu and the form's values: every field filled; "true"/"false" choices as booleans (ram's nuke). */
export const orderFrom = (menu: OrderOption, values: Readonly<Record<string, SxFieldValue>>): DraftOrder =>
  menuOrderFrom(menu, values, TYPED_MODULES);

/** Why the form's values cannot make an order yet, or null. A point half given is missing. */
export const missing = (menu: OrderOption, values: Readonly<Record<string, SxFieldValue>>): string | null =>
  menuMissing(menu, values, TYPED_MODULES);

const valueText = (v: unknown): string => {
  if (Array.isArray(v)) return v.map(valueText).join(" ");
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    if (typeof o.x === "number" && typeof o.y === "number") return `(${o.x}, ${o.y})`;
    if (typeof o.module === "string") return `${o.module}/${String(o.arc)}`;
    return JSON.stringify(v);
  }
  return String(v);
};

/** An order in a few words: "move blue-2 to (20, 24)", "shoot blue-2 at red-1 with laser". */
export function orderText(o: DraftOrder): string {
  const v = (k: string) => valueText(o[k]);
  switch (o.type) {
    case "move":
      return `move ${v("craft")} to ${v("to")}${o.facing !== undefined ? `, then face ${v("facing")}°` : ""}`;
    case "shoot":
      return `shoot ${v("craft")} at ${v("target")} with ${v("weapon")}${o.count !== undefined ? ` (${v("count")})` : ""}`;
    case "deploy":
      return o.aboard !== undefined
        ? `deploy ${v("craft")} aboard ${v("aboard")}`
        : `deploy ${v("craft")} at ${v("at")}${o.heading !== undefined ? ` heading ${v("heading")}°` : ""}`;
    case "design":
      return `design ${v("name")} (${v("craft")}: ${v("modules")})${o.replaces !== undefined ? ` replacing ${v("replaces")}` : ""}`;
    case "buy":
      return `buy ${v("count")} ${v("design")}`;
  }
  const parts: string[] = [o.type];
  for (const [k, x] of Object.entries(o)) if (k !== "type") parts.push(`${k}: ${valueText(x)}`);
  return parts.join("; ");
}

/** The menus that order a craft (their `craft` field offers it), for the chosen craft's panel. */
export function menusForCraft(menus: readonly OrderOption[], id: string): OrderOption[] {
  return menus.filter((m) => {
    const f = m.fields.craft;
    return f !== undefined && f.kind === "choice" && f.values.some((x) => String(x.value) === id);
  });
}
