/**
 * The rulesets this host knows: the one place above a ruleset's own folder that
 * names them. Host, store, server and CLI take rulesets from here and know only
 * the Ruleset contract (core/ruleset.ts).
 */
import type { AnyRuleset } from "../core/ruleset.js";
import { battleshift } from "./battleshift/index.js";
import { galacticEmpires } from "./galactic-empires/index.js";
import { satharWar } from "./sathar-war/index.js";
import { spaceWar } from "./space-war/index.js";

export const RULESETS: ReadonlyMap<string, AnyRuleset> = new Map<string, AnyRuleset>([
  [galacticEmpires.id, galacticEmpires],
  [battleshift.id, battleshift],
  [satharWar.id, satharWar],
  [spaceWar.id, spaceWar],
]);
