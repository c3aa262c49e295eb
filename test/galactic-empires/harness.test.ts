import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";

rulesetHarness(galacticEmpires, { scenario: "tutorial", seeds: [1, 2, 3, 4, 5, 6], turns: 8 });
