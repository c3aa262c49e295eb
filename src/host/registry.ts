/** Rulesets by id, for the layers above the rules; an unknown id is a HostError listing the known ones. */
import type { AnyRuleset } from "../core/ruleset.js";
import { RULESETS } from "../rules/registry.js";
import { HostError } from "./errors.js";

export { HostError } from "./errors.js";

export function rulesetIds(): string[] {
  return [...RULESETS.keys()];
}

export function allRulesets(): AnyRuleset[] {
  return [...RULESETS.values()];
}

export function rulesetById(id: string): AnyRuleset {
  const r = RULESETS.get(id);
  if (!r) throw new HostError("unknown-ruleset", `no ruleset "${id}"; known rulesets: ${rulesetIds().join(", ")}`);
  return r;
}
