/**
 * A Space War seat's orders for a step as a plain list (`{ seat, step, orders }` as JSON, the shell's draft): the file
 * handling is the Sathar War's (sathar-war/draft.ts, nothing of that ruleset in it); here are the forms' values made
 * orders for this ruleset's menus (presentation/legal-orders.ts), which have two kinds of field the Sathar War's do
 * not: a point on the table (deploy at, move to, launch at) and a design's modules, which repeat ("E E SB L").
 */
import type { OptionField, OrderOption } from "../../../core/ruleset.js";
import { type DraftOrder, emptyDraft, linesFor, readDraft, writeDraft } from "../sathar-war/draft.js";

export { type DraftOrder, emptyDraft, linesFor, readDraft, writeDraft };

/** What a form holds for one field: a choice, a list, a number, text, a point; undefined: left out. */
export type SxFieldValue = string | number | boolean | (string | number)[] | { x?: number; y?: number } | undefined;

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

const isPoint = (v: SxFieldValue): v is { x?: number; y?: number } => typeof v === "object" && v !== null && !Array.isArray(v);

/** An order from a menu and the form's values: every field filled; "true"/"false" choices as booleans (ram's nuke). */
export function orderFrom(menu: OrderOption, values: Readonly<Record<string, SxFieldValue>>): DraftOrder {
  const order: DraftOrder = { type: menu.type };
  for (const [name, field] of Object.entries(menu.fields)) {
    const v = values[name];
    if (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    if (field.kind === "point") {
      if (isPoint(v) && v.x !== undefined && v.y !== undefined) order[name] = { x: v.x, y: v.y };
      continue;
    }
    if (field.kind === "choices" && name === "modules" && typeof v === "string") order[name] = modulesFrom(v);
    else order[name] = field.kind === "choice" && (v === "true" || v === "false") ? v === "true" : v;
  }
  return order;
}

/** Why the form's values cannot make an order yet, or null. A point half given is missing. */
export function missing(menu: OrderOption, values: Readonly<Record<string, SxFieldValue>>): string | null {
  for (const [name, field] of Object.entries(menu.fields) as [string, OptionField][]) {
    const v = values[name];
    if (field.kind === "point") {
      const half = isPoint(v) && (v.x === undefined) !== (v.y === undefined);
      if (half) return `give both x and y of ${name}`;
      continue;
    }
    if (field.kind === "choices") {
      const n = typeof v === "string" ? modulesFrom(v).length : Array.isArray(v) ? v.length : 0;
      if (n < (field.min ?? 0)) return `choose at least ${field.min} of ${name}`;
      if (field.max !== undefined && n > field.max) return `choose at most ${field.max} of ${name}`;
    } else if (field.kind === "choice" && !field.optional && (v === undefined || v === "")) return `choose the ${name}`;
    else if (field.kind === "number" && !field.optional && v === undefined) return `give the ${name}`;
    else if (field.kind === "text" && !field.optional && (v === undefined || v === "")) return `give the ${name}`;
  }
  return null;
}

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
