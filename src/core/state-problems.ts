/**
 * A saved state (game.json) that its ruleset's schema refuses: each fault a problem naming the field
 * ("state.campaign.battle.craft.3.where") with a stable code: the id, reference, name, seed and plain-text codes
 * as core/ids.ts gives them, every other fault "invalid-state". At most 20, so a wrecked file is still readable.
 */
import type { ZodError, ZodType } from "zod";
import { issueCode } from "./ids.js";
import { err, ok, type Problem, type Result } from "./result.js";

const KEPT = /^invalid-(id|ref|name|seed)$|^not-plain-text$/;

export function stateSchemaProblems(error: ZodError): Problem[] {
  return error.issues.slice(0, 20).map((i) => {
    const c = issueCode(i);
    return {
      order: `state.${i.path.map((x) => String(x).slice(0, 40)).join(".")}`,
      code: KEPT.test(c) ? c : "invalid-state",
      message: i.message,
    };
  });
}

/** A saved state through its schema, then through the checks of references the schema cannot see. */
export function parseStateWith<S>(schema: ZodType, raw: unknown, references: (s: S) => Problem[]): Result<S, Problem[]> {
  const p = schema.safeParse(raw);
  if (!p.success) return err(stateSchemaProblems(p.error));
  const s = p.data as S;
  const problems = references(s);
  return problems.length > 0 ? err(problems.slice(0, 20)) : ok(s);
}
