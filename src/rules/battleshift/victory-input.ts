/**
 * A battle's turn limit, chosen when a game is made: the `victory` input every scenario takes (none: the default,
 * 10 turns). The seed's "Victory Conditions" end a battle when a side is annihilated or shifts everything out;
 * a turn limit is the host's (RULINGS.md "Victory points and victory conditions"), so a group that wants a short
 * battle sets a smaller one here.
 */
import { z } from "zod";
import { parseSingleInput } from "../../core/inputs.js";
import { wholeIn } from "../../core/ranges.js";
import { err, ok, type Problem, type Result } from "../../core/result.js";
import type { Scenario, ScenarioInput } from "../../core/ruleset.js";
import { RANGES } from "./limits.js";
import type { BattleState } from "./model.js";

export interface VictoryChoice {
  turnLimit?: number;
}

export const victorySchema = z
  .strictObject({ turnLimit: wholeIn(...RANGES.turn, "turnLimit").optional() })
  .describe("the battle's turn limit (RULINGS.md, Victory points and victory conditions); left out, the default");

export const VICTORY_INPUT: ScenarioInput = {
  name: "victory",
  description: "the battle's turn limit (turnLimit), left out the default",
  min: 0,
  max: 1,
  schema: victorySchema,
  fields: [
    {
      name: "turnLimit",
      description: "Turn limit: after this turn, more victory points wins",
      min: RANGES.turn[0],
      max: RANGES.turn[1],
    },
  ],
};

function parseVictory(raw: Readonly<Record<string, readonly unknown[]>>): Result<VictoryChoice, Problem[]> {
  const parsed = parseSingleInput(raw, "victory", victorySchema, "give the turn limit once");
  if (!parsed.ok) return parsed;
  return ok(parsed.value?.turnLimit === undefined ? {} : { turnLimit: parsed.value.turnLimit });
}

/**
 * `scenario` taking the `victory` input besides its own: its parsed inputs with `victory` added (so its own
 * `create` still takes its own inputs as they were), its state with the chosen turn limit over its own.
 */
export function withVictoryInput<I extends object>(
  scenario: Scenario<BattleState, I>,
): Scenario<BattleState, I & { victory?: VictoryChoice }> {
  return {
    id: scenario.id,
    title: scenario.title,
    description: scenario.description,
    inputs: [...scenario.inputs, VICTORY_INPUT],
    parseInputs(raw) {
      const own = scenario.parseInputs(raw);
      const victory = parseVictory(raw);
      if (!own.ok || !victory.ok) return err([...(own.ok ? [] : own.error), ...(victory.ok ? [] : victory.error)]);
      return ok({ ...own.value, victory: victory.value });
    },
    create(seed, inputs) {
      const { victory, ...own } = inputs ?? ({} as I & { victory?: VictoryChoice });
      const state = scenario.create(seed, own as I);
      return victory?.turnLimit === undefined ? state : { ...state, settings: { ...state.settings, turnLimit: victory.turnLimit } };
    },
    ...(scenario.warnings ? { warnings: (inputs: I) => scenario.warnings!(inputs) } : {}),
  };
}
