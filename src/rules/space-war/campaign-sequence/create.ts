/**
 * How a campaign starts (l.15-21): its options chosen when the game is made (`options`: whole numbers a lobby offers
 * as boxes), then every seat's first step is designing its craft. Two squadrons, blue and red, or for the Wall of
 * Battle (l.1011-1035, "four or six player games with equal numbers of squadrons on each side", l.1017) four or six:
 * blue, red, green, yellow, white, black. With four or six every game is the Wall of Battle: it is chosen, never
 * rolled (l.860 "scenario #6 requires more than 2 players so does not appear on this chart"). Machine Wars "can be a
 * variant of the other scenarios" (l.973): the option `machines` names a seat whose squadron is a machine force every
 * game (`Squadron.machine`: 120 M€, no crews, no medals, its fighters self-destruct with its last vessel, l.975-979).
 */
import { z } from "zod";
import { parseSingleInput } from "../../../core/inputs.js";
import { wholeIn } from "../../../core/ranges.js";
import { err, ok, problem } from "../../../core/result.js";
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
    squadrons: wholeIn(2, 6, "squadrons").optional(),
    machines: wholeIn(0, 6, "machines").optional(),
  })
  .describe("the campaign's options; each left out takes the default");

export const OPTIONS_INPUT: ScenarioInput = {
  name: "options",
  description: "the campaign's options (games, scenario, budget, squadrons, machines); left out, the defaults",
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
    {
      name: "squadrons",
      description: "Squadrons: 2, or 4 or 6 for the Wall of Battle, two alliances diced each game (l.1017-1019) (default 2)",
      min: 2,
      max: 6,
    },
    {
      name: "machines",
      description:
        "Machine Wars as a variant of any scenario (l.973): 0 none, or the seat (1 blue, 2 red, 3 green, ...) whose squadron is a machine force every game: 120 M€, no crews, no medals, fighters self-destruct with the last vessel (l.975-979) (default 0)",
      min: 0,
      max: 6,
    },
  ],
};

export interface CampaignInputs {
  games: number;
  scenario: "roll" | ScenarioId;
  budget: BudgetOption;
  /** 2, or 4 or 6 for the Wall of Battle (l.1017); left out, 2. */
  squadrons?: number;
  /** Machine Wars as a variant (l.973): the seat number (1 the first) whose squadron is a machine force; 0 or left out, none. */
  machines?: number;
}

export const DEFAULT_INPUTS: CampaignInputs = { games: 3, scenario: "squadron-action", budget: "normal" };

/** The seats a campaign may have, in order: the first two always, four or six for the Wall of Battle. */
export const ALL_SEATS: readonly SeatInfo[] = [
  { id: "blue", name: "Blue squadron" },
  { id: "red", name: "Red squadron" },
  { id: "green", name: "Green squadron" },
  { id: "yellow", name: "Yellow squadron" },
  { id: "white", name: "White squadron" },
  { id: "black", name: "Black squadron" },
];

/** The two seats of an ordinary campaign. */
export const SEATS: readonly SeatInfo[] = ALL_SEATS.slice(0, 2);

/** The numbers of squadrons a campaign may have: two, or "four or six" for the Wall of Battle (l.1017). */
export const SQUADRON_COUNTS: readonly number[] = [2, 4, 6];

/** A new campaign: every seat's squadron empty, awaiting its designs (step 1). */
export function createCampaign(inputs: CampaignInputs): SpaceWarState {
  const n = inputs.squadrons ?? 2;
  const seats = ALL_SEATS.slice(0, SQUADRON_COUNTS.includes(n) ? n : 2);
  return {
    ruleset: "space-war",
    step: 1,
    seats: seats.map((s) => ({ ...s })),
    settings: { ...DEFAULT_SETTINGS },
    games: inputs.games,
    // With four or six squadrons every game is the Wall of Battle (l.860).
    scenario: seats.length > 2 ? "wall-of-battle" : inputs.scenario,
    campaign: {
      game: 0,
      step: "design",
      squadrons: seats.map((s, i) => ({
        seat: s.id,
        name: s.name,
        budgetOption: inputs.budget,
        machine: inputs.machines === i + 1,
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
    const squadrons = v.squadrons ?? 2;
    if (!SQUADRON_COUNTS.includes(squadrons))
      return err([
        problem(
          "options squadrons",
          "bad-squadrons",
          `${squadrons} squadrons: a campaign has 2, or 4 or 6 ("equal numbers of squadrons on each side", l.1017)`,
        ),
      ]);
    const wall = SCENARIOS.indexOf("wall-of-battle") + 1;
    if (squadrons > 2 && v.scenario !== undefined && v.scenario !== wall)
      return err([
        problem(
          "options scenario",
          "wall-of-battle-only",
          `with ${squadrons} squadrons every game is ${wall} the Wall of Battle (l.1011-1017); leave the scenario out or give ${wall}`,
        ),
      ]);
    if (squadrons === 2 && v.scenario === wall)
      return err([
        problem(
          "options scenario",
          "wall-needs-more",
          `the Wall of Battle needs four or six squadrons (l.1017, l.860); give squadrons 4 or 6`,
        ),
      ]);
    const machines = v.machines ?? 0;
    if (machines > squadrons)
      return err([
        problem(
          "options machines",
          "bad-machines",
          `machines ${machines}: there are ${squadrons} squadrons; give 0 for none or a seat from 1 to ${squadrons} (l.973)`,
        ),
      ]);
    return ok({
      games: v.games ?? DEFAULT_INPUTS.games,
      scenario:
        squadrons > 2
          ? "wall-of-battle"
          : v.scenario === undefined
            ? DEFAULT_INPUTS.scenario
            : v.scenario === 0
              ? "roll"
              : (SCENARIOS[v.scenario - 1] ?? "squadron-action"),
      budget: BUDGET_NUMBERS[(v.budget ?? 1) - 1] ?? "normal",
      squadrons,
      ...(machines > 0 ? { machines } : {}),
    });
  },
  create: (_seed, inputs) => createCampaign(inputs ?? DEFAULT_INPUTS),
};
