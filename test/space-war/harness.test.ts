/** The shared ruleset harness on Space War (unregistered: run on the ruleset record directly). */

import { spaceWar } from "../../src/rules/space-war/index.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";

rulesetHarness(spaceWar, { scenario: "campaign", seeds: [1, 2], turns: 30 });
