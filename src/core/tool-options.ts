/**
 * What every ruleset's tools share: the odds tools' `runs` and `seed` options, and a game tool's choice of the step
 * to draw (now, or a past step named by `--step`), so each tool states only what is its own.
 */
import type { GameAccess, ToolOption, ToolOutput } from "./ruleset.js";

/** `--runs N`: how many times an odds tool fights its battle. */
export function runsOption(max: number, description = "number of battles fought"): ToolOption {
  return { name: "runs", description, kind: "integer", min: 1, max, default: 10_000 };
}

/** `--seed S`: the runs' seed (every 32-bit seed, signed or not). */
export function seedOption(description = "seed of the runs: same seed, same figures"): ToolOption {
  return { name: "seed", description, kind: "integer", min: -2147483648, max: 4294967295, default: 1 };
}

/** A tool's refusal of what it was asked. */
export function refusedOutput(text: string): ToolOutput {
  return { ok: false, text, json: { ok: false, message: text } };
}

/** An input tool's refusal of its input: a line per problem, and the problems as data. */
export function refusedInput(problems: readonly { order: string; message: string }[]): ToolOutput {
  return { ok: false, refused: true, text: problems.map((p) => `  ${p.order}: ${p.message}`).join("\n"), json: { ok: false, problems } };
}

/**
 * The step a game tool draws: `options.step`, or the game's step now; refused when it has not come yet or is before
 * the game's first. `noun` names steps as the ruleset does ("turn", "step"), `game` the game ("game", "campaign").
 */
export async function stepToDraw<State, Event>(
  game: GameAccess<State, Event>,
  options: Readonly<Record<string, unknown>>,
  noun: { step: string; game: string },
): Promise<{ ok: true; step: number; state: State } | { ok: false; refused: ToolOutput }> {
  const step = options.step === undefined ? game.step : Number(options.step);
  if (step > game.step)
    return { ok: false, refused: refusedOutput(`${noun.step} ${step} has not come yet; the ${noun.game} is at ${noun.step} ${game.step}`) };
  const first = game.steps[0] ?? game.step;
  if (step < first)
    return { ok: false, refused: refusedOutput(`${noun.step} ${step} is before the ${noun.game}'s first ${noun.step} (${first})`) };
  return { ok: true, step, state: step === game.step ? game.state : (await game.stepAt(step)).state };
}

/**
 * What a game tool's picture shows: the step to draw (`stepToDraw`), the seat `options.seat` names (refused when it is
 * not a seat of the game) and the state as that seat knows it, or the whole state without one (`referee` names that
 * view: "the referee's map"), with `who` saying which ("as Blue squadron knows it").
 */
export async function viewToDraw<State extends { seats: readonly { id: string; name: string }[] }, Event>(
  game: GameAccess<State, Event>,
  options: Readonly<Record<string, unknown>>,
  noun: { step: string; game: string },
  known: (state: State, seat: string) => State,
  referee: string,
): Promise<{ ok: true; step: number; state: State; shown: State; seat?: string; who: string } | { ok: false; refused: ToolOutput }> {
  const drawn = await stepToDraw(game, options, noun);
  if (!drawn.ok) return drawn;
  const { step, state } = drawn;
  if (options.seat === undefined) return { ok: true, step, state, shown: state, who: referee };
  const seat = String(options.seat);
  const spec = state.seats.find((s) => s.id === seat);
  if (!spec)
    return {
      ok: false,
      refused: refusedOutput(`no seat "${seat}" in this ${noun.game}; seats: ${state.seats.map((s) => s.id).join(", ")}`),
    };
  // A seat's picture is drawn from what it knows, so nothing hidden from it can reach it.
  return { ok: true, step, state, shown: known(state, seat), seat, who: `as ${spec.name} knows it` };
}
