/**
 * Legal orders as menus (godip's `Options`), derived from a ruleset's own order
 * schema so the menus can never disagree with what the parser accepts: every
 * order type is offered with each field's range or choices, and fields that name
 * things of the game (a unit, an empire, a sector) get the choices the ruleset
 * gives for the seat and the step.
 */
import { type ZodType, z } from "zod";
import type { OptionField, OrderOption } from "./ruleset.js";

export type Choice = { value: string | number; label: string };

/** Any zod schema: what the wrappers' `unwrap()` and an object's `shape` give. */
type Schema = z.core.$ZodType;

/** A field's schema without its wrappers (optional, default, nullable, prefault), and whether there was one. */
function unwrapped(schema: Schema): { inner: Schema; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodDefault ||
    inner instanceof z.ZodNullable ||
    inner instanceof z.ZodPrefault
  ) {
    optional = true;
    inner = inner.unwrap();
  }
  return { inner, optional };
}

/** One field of an order schema as a menu field: `choices` wins for fields that name things of the game. */
export function optionField(schema: Schema, choices: readonly Choice[] | undefined): OptionField | null {
  const { inner, optional } = unwrapped(schema);
  if (inner instanceof z.ZodArray) {
    const el = optionField(inner.element, choices);
    if (el && (el.kind === "choice" || el.kind === "choices")) return { kind: "choices", values: el.values };
    return null;
  }
  if (choices) return { kind: "choice", values: [...choices], ...(optional ? { optional } : {}) };
  if (inner instanceof z.ZodNumber) {
    const { minValue, maxValue } = inner;
    return {
      kind: "number",
      // zod answers an unbounded side with null or an infinity; a menu states a finite range (plain JSON).
      min: minValue !== null && Number.isFinite(minValue) ? minValue : Number.MIN_SAFE_INTEGER,
      max: maxValue !== null && Number.isFinite(maxValue) ? maxValue : Number.MAX_SAFE_INTEGER,
      integer: inner.isInt === true,
      ...(optional ? { optional } : {}),
    };
  }
  if (inner instanceof z.ZodBoolean)
    return {
      kind: "choice",
      values: [
        { value: "true", label: "yes" },
        { value: "false", label: "no" },
      ],
      ...(optional ? { optional } : {}),
    };
  if (inner instanceof z.ZodEnum)
    return { kind: "choice", values: inner.options.map((v) => ({ value: v, label: String(v) })), ...(optional ? { optional } : {}) };
  if (inner instanceof z.ZodString) return { kind: "text", maxLength: inner.maxLength ?? 1000, ...(optional ? { optional } : {}) };
  return null;
}

function isChoiceList(c: readonly Choice[] | OptionField): c is readonly Choice[] {
  return Array.isArray(c);
}

/**
 * The menus of every order type in `union` (a discriminated union on `type`),
 * in the order given by `types`. `choices(type, field)` names the legal values of
 * fields that refer to the game (or the whole field, for points on a table); an order type for which `offered(type)` is false
 * is left out (nothing to give it to).
 */
export function orderOptions(
  union: ZodType,
  types: readonly string[],
  summaries: Readonly<Record<string, string>>,
  choices: (type: string, field: string) => readonly Choice[] | OptionField | undefined,
  offered: (type: string) => boolean = () => true,
): OrderOption[] {
  // The order types by their `type` literal: a union (discriminated or not) of objects.
  const byType = new Map<string, z.ZodObject>();
  const options = union instanceof z.ZodUnion ? union.options : [];
  for (const option of options) {
    if (!(option instanceof z.ZodObject)) continue;
    const lit = option.shape.type;
    const name = lit instanceof z.ZodLiteral ? [...lit.values][0] : undefined;
    if (typeof name === "string") byType.set(name, option);
  }
  const out: OrderOption[] = [];
  for (const type of types) {
    const schema = byType.get(type);
    if (!schema || !offered(type)) continue;
    const shape: Readonly<Record<string, Schema>> = schema.shape;
    const fields: Record<string, OptionField> = {};
    for (const [field, fs] of Object.entries(shape)) {
      if (field === "type") continue;
      const c = choices(type, field);
      const f = c === undefined || isChoiceList(c) ? optionField(fs, c) : c;
      if (f) fields[field] = f;
    }
    out.push({ type, summary: summaries[type] ?? type, fields });
  }
  return out;
}
