/**
 * A scenario's victory conditions, chosen when a game is made: the `victory` input every seeded scenario takes
 * (none: the scenario's own). Chapter 5 "Achieving Victory" leaves victory to a web page the seed does not hold,
 * so the conditions are settings (RULINGS.md "Victory", victory.ts); a group that wants a short game sets a turn
 * limit, or smaller shares, here rather than through a map file.
 */
import { z } from "zod";
import { parseSingleInput } from "../../../core/inputs.js";
import { wholeIn } from "../../../core/ranges.js";
import { ok, type Problem, type Result } from "../../../core/result.js";
import type { ScenarioInput } from "../../../core/ruleset.js";
import { RANGES } from "../limits.js";
import type { GameState } from "../model.js";

export type VictoryChoice = Partial<
  Pick<GameState["settings"], "turnLimit" | "victorySectorShare" | "victoryIndustryShare" | "victoryAllianceSize">
>;

const FIELDS = [
  {
    name: "turnLimit",
    description: "Turn limit: after this turn, most sectors wins (then most industrial centres)",
    min: RANGES.turnLimit[0],
    max: RANGES.turnLimit[1],
  },
  { name: "victorySectorShare", description: "Share of all sectors that wins, in %", min: 1, max: 100 },
  { name: "victoryIndustryShare", description: "Share of all industrial centres that wins, in %", min: 1, max: 100 },
  { name: "victoryAllianceSize", description: "Most empires an alliance may win with", min: 1, max: 6 },
] as const;

export const victorySchema = z
  .strictObject(Object.fromEntries(FIELDS.map((f) => [f.name, wholeIn(f.min, f.max, f.name).optional()])))
  .describe("the victory conditions of this game (RULINGS.md, Victory); each one left out is the scenario's own");

export const VICTORY_INPUT: ScenarioInput = {
  name: "victory",
  description:
    "the game's victory conditions (turnLimit, victorySectorShare, victoryIndustryShare, victoryAllianceSize), each left out the scenario's own",
  min: 0,
  max: 1,
  schema: victorySchema,
  fields: FIELDS,
};

/** The `victory` input of a scenario's raw inputs: none, or one object of the fields above. */
export function parseVictory(raw: Readonly<Record<string, readonly unknown[]>>): Result<VictoryChoice, Problem[]> {
  const parsed = parseSingleInput(raw, "victory", victorySchema, "give the victory conditions once");
  if (!parsed.ok) return parsed;
  const out: VictoryChoice = {};
  for (const [k, v] of Object.entries(parsed.value ?? {})) if (typeof v === "number") (out as Record<string, number>)[k] = v;
  return ok(out);
}

/** The scenario's state with the chosen conditions over its own (a new state: the scenario's is left as made). */
export function withVictory(state: GameState, choice: VictoryChoice | undefined): GameState {
  return !choice || Object.keys(choice).length === 0 ? state : { ...state, settings: { ...state.settings, ...choice } };
}
