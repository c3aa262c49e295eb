/**
 * Legal orders as menus (godip's `Options`), derived from a ruleset's own order
 * schema so the menus can never disagree with what the parser accepts: every
 * order type is offered with each field's range or choices, and fields that name
 * things of the game (a unit, an empire, a sector) get the choices the ruleset
 * gives for the seat and the step.
 */
import type { ZodType } from "zod";
import type { OptionField, OrderOption } from "./ruleset.js";

export type Choice = { value: string | number; label: string };

interface Inspected {
  type: string;
  optional: boolean;
  inner: ZodType;
}

// zod 4 exposes the kind of a schema in `def.type`; wrappers (optional, default, nullable) hold `innerType`.
function inspect(schema: ZodType): Inspected {
  let s = schema as unknown as { def: { type: string; innerType?: ZodType } };
  let optional = false;
  while (s.def.type === "optional" || s.def.type === "default" || s.def.type === "nullable" || s.def.type === "prefault") {
    optional = true;
    s = s.def.innerType as unknown as typeof s;
  }
  return { type: s.def.type, optional, inner: s as unknown as ZodType };
}

/** One field of an order schema as a menu field: `choices` wins for fields that name things of the game. */
export function optionField(schema: ZodType, choices: readonly Choice[] | undefined): OptionField | null {
  const { type, optional, inner } = inspect(schema);
  const z = inner as unknown as {
    minValue?: number | null;
    maxValue?: number | null;
    isInt?: boolean;
    maxLength?: number | null;
    options?: readonly (string | number)[];
    def: { element?: ZodType };
  };
  if (type === "array") {
    const element = z.def.element;
    const el = element ? optionField(element, choices) : null;
    if (el && (el.kind === "choice" || el.kind === "choices")) return { kind: "choices", values: el.values };
    return null;
  }
  if (choices) return { kind: "choice", values: [...choices], ...(optional ? { optional } : {}) };
  if (type === "number")
    return {
      kind: "number",
      // zod answers an unbounded side with null or an infinity; a menu states a finite range (plain JSON).
      min: Number.isFinite(z.minValue) ? (z.minValue as number) : Number.MIN_SAFE_INTEGER,
      max: Number.isFinite(z.maxValue) ? (z.maxValue as number) : Number.MAX_SAFE_INTEGER,
      integer: z.isInt === true,
      ...(optional ? { optional } : {}),
    };
  if (type === "boolean")
    return {
      kind: "choice",
      values: [
        { value: "true", label: "yes" },
        { value: "false", label: "no" },
      ],
      ...(optional ? { optional } : {}),
    };
  if (type === "enum" && z.options) return { kind: "choice", values: z.options.map((v) => ({ value: v, label: String(v) })) };
  if (type === "string") return { kind: "text", maxLength: z.maxLength ?? 1000, ...(optional ? { optional } : {}) };
  return null;
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
  const byType = new Map<string, ZodType>();
  for (const option of (union as unknown as { options: ZodType[] }).options) {
    const shape = (option as unknown as { shape: Record<string, ZodType> }).shape;
    const lit = shape.type as unknown as { value?: string; def: { values?: string[] } };
    const name = lit.value ?? lit.def.values?.[0];
    if (name) byType.set(name, option);
  }
  const out: OrderOption[] = [];
  for (const type of types) {
    const schema = byType.get(type);
    if (!schema || !offered(type)) continue;
    const shape = (schema as unknown as { shape: Record<string, ZodType> }).shape;
    const fields: Record<string, OptionField> = {};
    for (const [field, fs] of Object.entries(shape)) {
      if (field === "type") continue;
      const c = choices(type, field);
      const f = c !== undefined && !Array.isArray(c) ? (c as OptionField) : optionField(fs, c as readonly Choice[] | undefined);
      if (f) fields[field] = f;
    }
    out.push({ type, summary: summaries[type] ?? type, fields });
  }
  return out;
}
