/**
 * A scenario input given at most once, as one object read by its schema (a victory setting, say): the shared
 * part of every such input's parser, so each ruleset states only its schema and what "give it once" means.
 */
import type { ZodType } from "zod";
import type { Problem, Result } from "./result.js";
import { err, ok } from "./result.js";

/**
 * The input `name` of a scenario's raw inputs: `undefined` when it is not given, its parsed value when given once,
 * and problems named after the input and the field (`victory turnLimit`) otherwise.
 */
export function parseSingleInput<T>(
  raw: Readonly<Record<string, readonly unknown[]>>,
  name: string,
  schema: ZodType<T>,
  once: string,
): Result<T | undefined, Problem[]> {
  const given = raw[name] ?? [];
  if (given.length === 0) return ok(undefined);
  if (given.length > 1) return err([{ order: name, code: "too-many-inputs", message: once }]);
  const parsed = schema.safeParse(given[0]);
  if (parsed.success) return ok(parsed.data);
  return err(
    parsed.error.issues.map((i) => ({
      order: `${name}${i.path.length ? ` ${i.path.join(".")}` : ""}`,
      code: `bad-${name}`,
      message: i.message,
    })),
  );
}
