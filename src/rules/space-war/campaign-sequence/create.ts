/**
 * How a campaign starts (l.15-21): its options chosen when the game is made (`options`: whole numbers a lobby offers
 * as boxes), then every seat's first step is designing its craft. Two squadrons, blue and red (the Wall of Battle's
 * four or six, l.1011-1035, are not yet: RULINGS.md).
 */
import { z } from "zod";
import { parseSingleInput } from "../../../core/inputs.js";
import { wholeIn } from "../../../core/ranges.js";
import { err, ok } from "../../../core/result.js";
import type { Scenario, ScenarioInput } from "../../../core/ruleset.js";
import type { BudgetOption } from "../designing-craft/cost.js";
import type { SeatInfo, SpaceWarState } from "../model.js";
import { SCENARIOS, type ScenarioId } from "../scenarios/scenarios.js";
import { DEFAULT_SETTINGS } from "../settings.js";

/** The budget options in the order a lobby's box numbers them (l.7, l.1042). */
const BUDGET_NUMBERS: readonly BudgetOption[] = ["normal", "incompetent", "expert"];

export const optionsSchema = z
  .strictObject({
    games: wholeIn(1, 100, "games").optional(),
    scenario: wholeIn(0, SCENARIOS.length, "scenario").optional(),
    budget: wholeIn(1, 3, "budget").optional(),
  })
  .describe("the campaign's options; each left out takes the default");

export const OPTIONS_INPUT: ScenarioInput = {
  name: "options",
  description: "the campaign's options (games, scenario, budget); left out, the defaults",
  min: 0,
  max: 1,
  schema: optionsSchema,
  fields: [
    { name: "games", description: "Games in the campaign (default 3)", min: 1, max: 100 },
    {
      name: "scenario",
      description: `Scenario of every game: 0 the Scenario Roll (l.818), ${SCENARIOS.map((s, i) => `${i + 1} ${s}`).join(", ")} (default 1)`,
      min: 0,
      max: SCENARIOS.length,
    },
    { name: "budget", description: "Budget: 1 normal 100 M€, 2 incompetent 120 M€, 3 expert 90 M€ (default 1)", min: 1, max: 3 },
  ],
};

export interface CampaignInputs {
  games: number;
  scenario: "roll" | ScenarioId;
  budget: BudgetOption;
}

export const DEFAULT_INPUTS: CampaignInputs = { games: 3, scenario: "squadron-action", budget: "normal" };

export const SEATS: readonly SeatInfo[] = [
  { id: "blue", name: "Blue squadron" },
  { id: "red", name: "Red squadron" },
];

/** A new campaign: every seat's squadron empty, awaiting its designs (step 1). */
export function createCampaign(inputs: CampaignInputs): SpaceWarState {
  return {
    ruleset: "space-war",
    step: 1,
    seats: SEATS.map((s) => ({ ...s })),
    settings: { ...DEFAULT_SETTINGS },
    games: inputs.games,
    scenario: inputs.scenario,
    campaign: {
      game: 0,
      step: "design",
      squadrons: SEATS.map((s) => ({
        seat: s.id,
        name: s.name,
        budgetOption: inputs.budget,
        machine: false,
        designs: [],
        prisoners: [],
        crews: [],
        cards: [],
        redesigned: false,
      })),
      results: [],
    },
  };
}

export const CAMPAIGN: Scenario<SpaceWarState, CampaignInputs> = {
  id: "campaign",
  title: "A Space War campaign",
  description:
    "A campaign of seed 001: each player designs up to three craft, then game after game buys a squadron of at most 16 craft for 100 M€, draws a technology card, and fights; crews earn medals that carry from game to game.",
  inputs: [OPTIONS_INPUT],
  parseInputs(raw) {
    const o = parseSingleInput(raw, "options", optionsSchema, "give the options once");
    if (!o.ok) return err(o.error);
    const v = o.value ?? {};
    return ok({
      games: v.games ?? DEFAULT_INPUTS.games,
      scenario:
        v.scenario === undefined ? DEFAULT_INPUTS.scenario : v.scenario === 0 ? "roll" : (SCENARIOS[v.scenario - 1] ?? "squadron-action"),
      budget: BUDGET_NUMBERS[(v.budget ?? 1) - 1] ?? "normal",
    });
  },
  create: (_seed, inputs) => createCampaign(inputs ?? DEFAULT_INPUTS),
};
