/**
 * The shared ruleset harness on Space War (unregistered: run on the ruleset record directly): from a new campaign,
 * and from a battle under way (a Squadron Action set up by hand, face-down counters, fighters aboard, cards and crews
 * on both sides), so that views, menus, checks and secrets are tried on battle states whatever parts of the turn
 * are written.
 */

import type { Scenario } from "../../src/core/ruleset.js";
import { CAMPAIGN, createCampaign, DEFAULT_INPUTS } from "../../src/rules/space-war/campaign-sequence/create.js";
import { design } from "../../src/rules/space-war/designing-craft/design.js";
import { spaceWar } from "../../src/rules/space-war/index.js";
import { type Craft, craftOf, type SpaceWarState } from "../../src/rules/space-war/model.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";
import { squadronActionBattle } from "./squadron-action-battle.js";

rulesetHarness(spaceWar, { scenario: "campaign", seeds: [1, 2], turns: 30 });

const CARRIER = design("Carrier", "vessel", ["E", "E", "SB", "A", "L", "TR"]);
const HEAVY = design("Heavy", "vessel", ["E", "E", "A", "A", "L", "L", "M", "N"]);
const WASP = design("Wasp", "fighter", ["E", "EM"]);

/** Blue and red, each a carrier with a fighter aboard and one out, a heavy vessel face up or down, on a 72" x 48" table. */
function battleUnderWay(): SpaceWarState {
  const s = createCampaign(DEFAULT_INPUTS);
  s.campaign.step = "battle";
  const craft: Craft[] = [];
  for (const [seat, x, h] of [
    ["blue", 20, 90],
    ["red", 52, 270],
  ] as const) {
    const q = s.campaign.squadrons.find((k) => k.seat === seat);
    if (!q) throw new Error(seat);
    q.designs = [CARRIER, HEAVY, WASP];
    q.crews = [{ id: `${seat}-crew-1`, name: `${seat} aces`, medals: ["ace"] }];
    q.cards = [{ card: seat === "blue" ? "traitor" : "subterfuge", revealed: false, cancelled: false }];
    const c1 = craftOf(`${seat}-1`, seat, CARRIER);
    c1.where = { kind: "hidden", at: { x, y: 24 }, heading: h };
    c1.crew = `${seat}-crew-1`;
    const c2 = craftOf(`${seat}-2`, seat, WASP);
    c2.where = { kind: "aboard", vessel: `${seat}-1` };
    const c3 = craftOf(`${seat}-3`, seat, WASP);
    c3.where = { kind: "table", at: { x, y: 30 }, heading: h };
    const c4 = craftOf(`${seat}-4`, seat, HEAVY);
    c4.where = { kind: seat === "blue" ? "table" : "hidden", at: { x: x + (seat === "blue" ? 4 : -4), y: 18 }, heading: h };
    craft.push(c1, c2, c3, c4);
  }
  s.campaign.battle = squadronActionBattle(craft, { blue: 4, red: 4 });
  return s;
}

const BATTLE: Scenario<SpaceWarState> = { ...CAMPAIGN, id: "battle", create: () => battleUnderWay() } as Scenario<SpaceWarState>;

rulesetHarness({ ...spaceWar, scenarios: { battle: BATTLE as never } }, { scenario: "battle", seeds: [3, 4], turns: 24 });
