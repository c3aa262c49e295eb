/** The shared ruleset harness on the Second Sathar War: random orders, determinism, JSON round trips, secrets. */

import { satharWar } from "../../src/rules/sathar-war/index.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";

rulesetHarness(satharWar, { scenario: "war", seeds: [1, 2], turns: 40 });
