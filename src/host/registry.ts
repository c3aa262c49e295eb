/** The rulesets this host knows. Host, store, server and CLI know only the Ruleset interface. */
import type { AnyRuleset } from "../core/ruleset.js";
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
