/** The rulesets this host knows. Host, store, server and CLI know only the Ruleset interface. */
import type { AnyRuleset, Scenario } from "../core/ruleset.js";
import { battleshift } from "../rules/battleshift/index.js";
import { galacticEmpires } from "../rules/galactic-empires/index.js";

export const RULESETS: Record<string, AnyRuleset> = {
  [galacticEmpires.id]: galacticEmpires,
  [battleshift.id]: battleshift,
};

export function rulesetById(id: string): AnyRuleset {
  const r = RULESETS[id];
  if (!r) throw new HostError("unknown-ruleset", `no ruleset "${id}"; known rulesets: ${Object.keys(RULESETS).join(", ")}`);
  return r;
}

/** A ruleset's scenario by name; an unknown name is a HostError listing the known ones. */
export function scenarioOf(ruleset: AnyRuleset, name: string): Scenario<unknown> {
  const sc = ruleset.scenarios[name];
  if (!sc) {
    throw new HostError("unknown-scenario", `no scenario "${name}" in ${ruleset.id}; known: ${Object.keys(ruleset.scenarios).join(", ")}`);
  }
  return sc;
}

/** A failure the CLI reports as a message (exit code 1), never as a stack trace. */
export class HostError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}
