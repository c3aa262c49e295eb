/**
 * Galactic Empires' tools, registered with the ruleset so the CLI and the API
 * expose them without naming the ruleset: battle odds (chapter 6, fought many
 * times by the adjudicator's own battle code) and the map (chapter 3, "Map
 * Options": an empire's view, or the game master's map of everything).
 */
import { round } from "../../core/json.js";
import type { GameAccess, GameTool, InputTool, ToolOutput } from "../../core/ruleset.js";
import { refusedOutput, runsOption, seedOption, stepToDraw } from "../../core/tool-options.js";
import type { GeEvent } from "./events.js";
import type { GameState } from "./model.js";
import { oddsInputSchema, oddsJson, parseOddsInput, runOdds } from "./odds.js";
import { mapSvg } from "./presentation/map-svg.js";
import { oddsText } from "./presentation/odds-text.js";
import { type EmpireFigures, empireFigures } from "./presentation/standings.js";
import { outcomeOf } from "./victory.js";

/** The most battles one odds request may fight (a host can state it; about 10 s on a laptop for 100 v 100). */
export const MAX_ODDS_RUNS = 10_000_000;

export const oddsTool: InputTool = {
  kind: "input",
  id: "odds",
  input: "battle input",
  schema: oddsInputSchema,
  summary: "the odds of one battle, fought many times by the adjudicator's own battle code",
  help: `The input (JSON or YAML):
  { sides: [ { name, units: [ { ships: [ { type, builder, count, rank } ], admiral, retreatLevel, defendsDefences } ] } ],
    sectorDefence, crossBorder }
Each side is at war with every other. Starships are named as printed with their builder
("Hawk Heavy Cruiser", "Klingon") or by id ("klingon/hawk-heavy-cruiser").
Example: examples/galactic-empires/battle-patrol-force.json`,
  options: [runsOption(MAX_ODDS_RUNS), seedOption()],
  run(input, options): ToolOutput {
    const parsed = parseOddsInput(input);
    if (!parsed.ok)
      return { ok: false, refused: true, text: parsed.error.map((l) => `  ${l}`).join("\n"), json: { ok: false, problems: parsed.error } };
    const result = runOdds(parsed.value, Number(options.runs ?? 10_000), Number(options.seed ?? 1));
    return { ok: true, text: oddsText(parsed.value, result), json: oddsJson(result) };
  },
};

export const mapTool: GameTool<GameState, GeEvent> = {
  kind: "game",
  id: "map",
  perStep: true,
  summary: "the galaxy as an SVG map: an empire's view (fog of war) or, without one, the game master's map of everything",
  help: `--seat EMPIRE draws the map as that empire sees it; --step N the map as it was when turn N's orders were due,
with the battles of turn N-1 (default: now).`,
  options: [
    { name: "seat", description: "the empire whose view to draw (default: the game master's map)", kind: "seat" },
    { name: "step", description: "the turn whose map to draw (default: now)", kind: "step", min: 1 },
  ],
  async run(game: GameAccess<GameState, GeEvent>, options): Promise<ToolOutput> {
    const drawn = await stepToDraw(game, options, { step: "turn", game: "game" });
    if (!drawn.ok) return drawn.refused;
    const { step: turn, state } = drawn;
    const events = game.steps.includes(turn - 1) ? (await game.stepAt(turn - 1)).events : [];
    const seat = options.seat === undefined ? undefined : String(options.seat);
    if (seat !== undefined && !Object.hasOwn(state.empires, seat)) {
      return refused(`no empire "${seat}" in this game; empires: ${Object.keys(state.empires).sort().join(", ")}`);
    }
    const who = seat === undefined ? "the game master's map" : `as seen by ${state.empires[seat]?.name ?? seat}`;
    return {
      ok: true,
      text: `turn ${turn}, ${who}${events.length > 0 ? `, with the battles of turn ${turn - 1}` : ""}`,
      json: { turn, seat: seat ?? null },
      file: { extension: "svg", content: mapSvg(state, { ...(seat !== undefined ? { empire: seat } : {}), events }) },
    };
  },
};

/** One turn's figures: as they stood when that turn's orders were due (turn 1: the starting position). */
export interface TurnFigures {
  turn: number;
  empires: EmpireFigures[];
}

/**
 * Each turn's sectors, starships and treasury (the Headquarters figures of chapter 2, turn by turn), for the
 * browser's charts. A treasury is an empire's own secret until the end (chapter 2: each sees its own Finances;
 * knownState zeroes the others'), so with a seat the answer holds that empire's figures only while the game goes
 * on, and every empire's once it is over; without one (the game master's) every empire's.
 */
export const standingsTool: GameTool<GameState, GeEvent> = {
  kind: "game",
  id: "standings",
  summary: "each turn's sectors, starships and treasury: an empire's own while the game goes on, every empire's once it is over",
  help: `--seat EMPIRE: that empire's figures (every empire's once the game is over); without it the game master's, every empire's.
One line per turn, as the figures stood when that turn's orders were due.`,
  options: [{ name: "seat", description: "the empire whose figures to give (default: every empire's, the game master's)", kind: "seat" }],
  async run(game: GameAccess<GameState, GeEvent>, options): Promise<ToolOutput> {
    const seat = options.seat === undefined ? undefined : String(options.seat);
    if (seat !== undefined && !Object.hasOwn(game.state.empires, seat)) {
      return refused(`no empire "${seat}" in this game; empires: ${Object.keys(game.state.empires).sort().join(", ")}`);
    }
    const over = outcomeOf(game.state) !== null;
    const only = seat !== undefined && !over ? seat : null;
    // Each past turn's figures are worked out once (a turn run never changes; the host remembers them where it can):
    // a call need not read and parse every past turn's whole state again.
    const figuresOf = (state: GameState): TurnFigures => ({
      turn: state.turn,
      empires: empireFigures(state).map((f) => ({ ...f, treasury: round(f.treasury, 2) })),
    });
    const all: TurnFigures[] = [];
    for (const n of game.steps)
      if (n < game.step)
        all.push(game.derived ? await game.derived(n, "standings", (s) => figuresOf(s.state)) : figuresOf((await game.stepAt(n)).state));
    all.push(figuresOf(game.state));
    const turns: TurnFigures[] = all.map((t) => ({ turn: t.turn, empires: t.empires.filter((f) => only === null || f.empire === only) }));
    // A file too (CSV: one line per turn and empire), so `starhost standings DIR --out FILE.csv` writes it.
    const csv = ["turn,empire,sectors,annexed,industrial centres,starships,treasury"];
    for (const t of turns)
      for (const f of t.empires) csv.push([t.turn, f.empire, f.sectors, f.annexed, f.industrialCentres, f.starships, f.treasury].join(","));
    return {
      ok: true,
      text: `${only === null ? "every empire's figures" : `the figures of ${game.state.empires[only]?.name ?? only}`}, turn by turn, ${turns.length} turn(s)${over ? " (the game is over)" : ""}`,
      json: { over, seat: seat ?? null, turns },
      file: { extension: "csv", content: `${csv.join("\n")}\n` },
    };
  },
};

const refused = refusedOutput;
