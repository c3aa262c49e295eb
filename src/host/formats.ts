/**
 * The file formats of every ruleset, as JSON Schema (issue 9 item 17): its orders file, the files its
 * scenarios take (a fleet, a map) and the input files of its tools (odds), each generated from the very
 * zod schema the ruleset parses with (`z.toJSONSchema`, the input side: what a person writes, defaults
 * optional). Only the Ruleset contract is read: a ruleset publishes a format by giving its schema.
 * `starhost schema` prints or writes them; docs/schemas holds them, checked against this code by a test.
 */
import { type ZodType, z } from "zod";
import type { AnyRuleset } from "../core/ruleset.js";
import { HostError } from "./errors.js";

export interface Format {
  /** "orders", a scenario input's name ("fleet", "map"), or an input tool's id ("odds"). */
  name: string;
  /** What a file of this format is, in a line. */
  description: string;
  schema: ZodType;
}

/** The formats of `ruleset`: orders first, then its scenarios' inputs, then its input tools' inputs (each schema once). */
export function formatsOf(ruleset: AnyRuleset): Format[] {
  const out: Format[] = [
    {
      name: "orders",
      description: `A ${ruleset.title} orders file: one ${ruleset.seatNoun}'s orders for one step (JSON or YAML).`,
      schema: ruleset.ordersSchema,
    },
  ];
  const taken = (name: string, schema: ZodType) => out.some((f) => f.name === name || f.schema === schema);
  for (const sc of Object.values(ruleset.scenarios))
    for (const i of sc.inputs)
      if (i.schema && !taken(i.name, i.schema))
        out.push({
          name: i.name,
          description: `A ${ruleset.title} ${i.name} file, as --${i.name} takes it: ${i.description}.`,
          schema: i.schema,
        });
  for (const t of Object.values(ruleset.tools))
    if (t.kind === "input" && t.schema && !taken(t.id, t.schema))
      out.push({
        name: t.id,
        description: `A ${ruleset.title} ${t.input} file, the input of its ${t.id} tool: ${t.summary}.`,
        schema: t.schema,
      });
  return out;
}

/** The file docs/schemas keeps a format in. */
export function schemaFileName(ruleset: AnyRuleset, format: string): string {
  return `${ruleset.id}.${format}.schema.json`;
}

/** The format `name` of `ruleset`, or a message listing its formats. */
export function formatOf(ruleset: AnyRuleset, name: string): Format {
  const f = formatsOf(ruleset).find((x) => x.name === name);
  if (!f)
    throw new HostError(
      "unknown-format",
      `${ruleset.id} has no format "${name}"; its formats: ${formatsOf(ruleset)
        .map((x) => x.name)
        .join(", ")}`,
    );
  return f;
}

/** The JSON Schema of a format (draft 2020-12), titled and described. */
export function jsonSchemaOf(ruleset: AnyRuleset, format: Format): Record<string, unknown> {
  const generated = z.toJSONSchema(format.schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  const { $schema, title: _title, description: _description, ...rest } = generated;
  return {
    $schema,
    title: `${ruleset.title} ${format.name} (${ruleset.id} version ${ruleset.version})`,
    description: format.description,
    ...rest,
  };
}

/** A format's JSON Schema as the file `starhost schema` writes and docs/schemas keeps. */
export function schemaText(ruleset: AnyRuleset, format: Format): string {
  return `${JSON.stringify(jsonSchemaOf(ruleset, format), null, 2)}\n`;
}
