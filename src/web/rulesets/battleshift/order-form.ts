/**
 * An order made from a form built on the seat's menus (GET /api/games/ID/seats/S/options, turn/legal-orders.ts): the
 * values typed or chosen, field by field, become the order the orders file takes (orders.ts). A blank optional field
 * is left out; yes/no menus become booleans; points and the fighters' path (not in the menus: a list of points) are
 * read from their x and y boxes. Plain data in and out, so it is unit tested without a browser.
 */
import type { OptionField } from "../../../core/ruleset.js";
import type { DraftOrder } from "./draft.js";

/** What a form holds: each field's text, a list field's chosen values, a point's "x" and "y" as `field.x`, `field.y`. */
export type FormValues = Readonly<Record<string, string | readonly string[]>>;

/** Fields an order type needs that the menus cannot describe (a list of points; a facing in degrees or a compass name). */
export const EXTRA_FIELDS: Readonly<Record<string, readonly ("path" | "facing")[]>> = {
  flight: ["path"],
  shift: ["facing"],
  move: ["facing"],
};

const isYesNo = (f: OptionField) =>
  f.kind === "choice" && f.values.length === 2 && f.values.every((v) => v.value === "true" || v.value === "false");

function num(s: string | undefined): number | null {
  if (s === undefined || s.trim() === "") return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** The order a form makes, or why it cannot be made yet (a required field left blank). */
export function formOrder(
  type: string,
  fields: Readonly<Record<string, OptionField>>,
  v: FormValues,
): { order: DraftOrder } | { missing: string } {
  const text = (k: string) => {
    const x = v[k];
    return typeof x === "string" ? x : undefined;
  };
  const order: DraftOrder = { type };
  for (const [name, f] of Object.entries(fields)) {
    const optional = "optional" in f && f.optional === true;
    if (f.kind === "choices") {
      const chosen = v[name];
      const list = Array.isArray(chosen) ? chosen : [];
      if (list.length === 0) {
        // A list field may be left out (weapons: "default: all the squadrons carry") unless it names who acts.
        if (name === "squadrons" || name === "taskforces") return { missing: name };
        continue;
      }
      const values = f.values.filter((c) => list.includes(String(c.value))).map((c) => c.value);
      order[name] = values;
      continue;
    }
    if (f.kind === "point") {
      const x = num(text(`${name}.x`));
      const y = num(text(`${name}.y`));
      if (x === null || y === null) {
        // A move may give a heading and distance instead of a point; a release's point is optional.
        if (type === "move" || type === "release") continue;
        return { missing: name };
      }
      order[name] = { x, y };
      continue;
    }
    const t = text(name);
    if (t === undefined || t.trim() === "") {
      if (optional) continue;
      return { missing: name };
    }
    if (f.kind === "number") {
      const n = num(t);
      if (n === null) return { missing: name };
      order[name] = n;
    } else if (isYesNo(f)) order[name] = t === "true";
    else if (f.kind === "choice") {
      const c = f.values.find((x) => String(x.value) === t);
      if (!c) return { missing: name };
      order[name] = c.value;
    } else order[name] = t;
  }
  for (const extra of EXTRA_FIELDS[type] ?? []) {
    if (extra === "facing") {
      const t = text("facing");
      if (t !== undefined && t.trim() !== "") order.facing = num(t) ?? t.trim();
    } else {
      const points: { x: number; y: number }[] = [];
      for (const k of ["path.0", "path.1"]) {
        const x = num(text(`${k}.x`));
        const y = num(text(`${k}.y`));
        if (x !== null && y !== null) points.push({ x, y });
      }
      if (points.length === 0) return { missing: "path" };
      order.path = points;
    }
  }
  return { order };
}
