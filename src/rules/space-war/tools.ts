/**
 * The space-war ruleset's tools: the design check, shot odds, the battle table as a seat sees it (like the Sathar
 * War's map tool) and the replay of a battle (like Battleshift's, with a seat's view and the game of the campaign).
 */
import type { SeatId } from "../../core/ids.js";
import type { GameAccess, GameTool, InputTool, Tool, ToolOutput } from "../../core/ruleset.js";
import { refusedOutput, viewToDraw } from "../../core/tool-options.js";
import { designCheckTool } from "./designing-craft/design-check.js";
import type { SxEvent } from "./events.js";
import type { SpaceWarState } from "./model.js";
import { knownState } from "./presentation/known-state.js";
import { renderReplayHtml, renderReplaySvg, type SxReplay, type SxReplayFrame } from "./presentation/replay.js";
import { tableSvg } from "./presentation/table-svg.js";
import { view } from "./presentation/view.js";
import { oddsTool } from "./the-turn/odds.js";

export const tableTool: GameTool<SpaceWarState, SxEvent> = {
  kind: "game",
  id: "table",
  perStep: true,
  summary: "the battle table as SVG: planets, stations, craft as arrows with their ids, face-down counters as squares",
  help: `--seat SEAT draws the table as that seat knows it (the referee's table without it): enemy face-down counters
are plain squares, enemy fighters aboard a vessel are not drawn;
--step N the table as it stood when step N's orders were due (default: now);
--ranges draws the 24" scouting circle about each of the seat's craft (30" with Longer Scouting).`,
  options: [
    { name: "seat", description: "the seat whose view to draw (default: the referee's table)", kind: "seat" },
    { name: "step", description: "the step whose table to draw (default: now)", kind: "step", min: 0 },
    { name: "ranges", description: "draw the seat's scouting circles", kind: "boolean", default: false },
  ],
  async run(game: GameAccess<SpaceWarState, SxEvent>, options): Promise<ToolOutput> {
    const drawn = await viewToDraw(game, options, { step: "step", game: "campaign" }, knownState, "the referee's table");
    if (!drawn.ok) return drawn.refused;
    const { step, shown, seat, who } = drawn;
    const b = shown.campaign.battle;
    return {
      ok: true,
      text: `step ${step}, game ${shown.campaign.game + 1}${b ? `, turn ${b.turn}` : ", no battle"}, ${who}`,
      json: { step, game: shown.campaign.game + 1, turn: b?.turn ?? null, seat: seat ?? null },
      file: {
        extension: "svg",
        content: tableSvg(shown, {
          ...(seat === undefined ? {} : { seat }),
          ranges: options.ranges === true,
          subtitle: `Step ${step}, ${who}.`,
        }),
      },
    };
  },
};

/** What one step of the campaign was, as the replay sorts steps: the game it belongs to and its kind. */
interface StepKind {
  game: number;
  kind: "deployment" | "turn" | "other";
  label: string;
}

function stepKind(state: SpaceWarState): StepKind {
  const c = state.campaign;
  const b = c.battle;
  if (c.step === "deploy") return { game: c.game + 1, kind: "deployment", label: "the deployment" };
  if (c.step === "battle" && b) return { game: c.game + 1, kind: "turn", label: `turn ${b.turn}, ${b.active}'s player turn` };
  return { game: c.game + 1, kind: "other", label: c.step };
}

/**
 * The frames of one game's battle of the campaign (default: the last battle deployed): the deployment, then each player
 * turn, each the state after it with its events; as `seat` knows them when one is named (its known state, the events
 * `to` it: presentation/view.ts `view`), whole (the referee's) without one; no frames when no battle has been deployed
 * yet and no game was named. A string when it cannot be replayed: a seat not in the campaign, a game whose battle has
 * not been deployed yet.
 */
export async function replayFrames(
  game: GameAccess<SpaceWarState, SxEvent>,
  options: { game?: number; seat?: SeatId } = {},
): Promise<SxReplay | string> {
  const seats = game.state.seats;
  const seat = options.seat;
  const spec = seat === undefined ? undefined : seats.find((s) => s.id === seat);
  if (seat !== undefined && !spec) return `no seat "${seat.slice(0, 40)}" in this campaign; seats: ${seats.map((s) => s.id).join(", ")}`;
  const kinds: { step: number; kind: StepKind }[] = [];
  for (const k of game.steps) {
    const kind = game.derived
      ? await game.derived(k, "space-war:replay-step", (x) => stepKind(x.state))
      : stepKind((await game.stepAt(k)).state);
    kinds.push({ step: k, kind });
  }
  const fought = [...new Set(kinds.filter((x) => x.kind.kind === "deployment").map((x) => x.kind.game))];
  const which = options.game ?? fought[fought.length - 1];
  const who = spec ? `as ${spec.name} knows it` : "the referee's view";
  // Nothing asked for and nothing fought yet: an empty replay that says so (a seat may ask at any step), not a refusal.
  if (which === undefined) return { game: game.state.campaign.game + 1, ...(seat === undefined ? {} : { seat }), who, frames: [] };
  if (!fought.includes(which)) {
    const played = fought.length > 0 ? `battles deployed so far: game ${fought.join(", ")}` : "no battle has been deployed yet";
    return which > game.state.games
      ? `game ${which} is not a game of this campaign (it has ${game.state.games}); ${played}`
      : `game ${which} of the campaign has not been played yet (its battle is not deployed); ${played}`;
  }
  const frames: SxReplayFrame[] = [];
  for (let i = 0; i < kinds.length; i++) {
    const at = kinds[i];
    if (!at || at.kind.game !== which || at.kind.kind === "other") continue;
    const next = kinds[i + 1];
    const after = next ? (await game.stepAt(next.step)).state : game.state;
    const { events } = await game.stepAt(at.step);
    const seen = seat === undefined ? { state: after, events } : view(after, seat, events);
    frames.push({ step: at.step, label: at.kind.label, state: seen.state, events: seen.events.filter((e) => e.kind !== "problem") });
  }
  return { game: which, ...(seat === undefined ? {} : { seat }), who, frames };
}

export const replayTool: GameTool<SpaceWarState, SxEvent> = {
  kind: "game",
  id: "replay",
  summary: "a battle of the campaign step by step: the table after each player turn with every move, shot, die and damaged module",
  help: `--seat SEAT the replay as that seat knows it (its known state each step, only the events it may see: enemy
face-down counters stay counters); without it the referee's replay, whole (the server gives it to game masters);
--game N which game of the campaign (default: the last battle deployed);
--format svg|html (the CLI takes it from --out FILE.svg or FILE.html): an SVG sheet of every frame, or a
self-contained HTML file with First/Previous/Next/Last, the arrow keys and a slider.`,
  options: [
    { name: "seat", description: "the seat whose view to replay (default: the referee's)", kind: "seat" },
    { name: "game", description: "the game of the campaign whose battle to replay (default: the last)", kind: "integer", min: 1, max: 100 },
    { name: "format", description: "svg or html", kind: "string", default: "html" },
  ],
  async run(game: GameAccess<SpaceWarState, SxEvent>, options): Promise<ToolOutput> {
    const format = String(options.format ?? "html");
    if (format !== "svg" && format !== "html") return refusedOutput(`the replay is drawn as svg or html, not "${format}"`);
    const replay = await replayFrames(game, {
      ...(options.game === undefined ? {} : { game: Number(options.game) }),
      ...(options.seat === undefined ? {} : { seat: String(options.seat) }),
    });
    if (typeof replay === "string") return refusedOutput(replay);
    const content = format === "svg" ? renderReplaySvg(replay) : renderReplayHtml(replay);
    return {
      ok: true,
      text:
        replay.frames.length === 0
          ? `no battle has been deployed yet: nothing to replay, ${replay.who}`
          : `game ${replay.game}, ${replay.frames.length} frame(s), ${replay.who}`,
      json: { game: replay.game, frames: replay.frames.length, seat: replay.seat ?? null },
      file: { extension: format, content },
    };
  },
};

/** The tools over an input file of their own. */
export const spaceWarTools: Readonly<Record<string, InputTool>> = { [designCheckTool.id]: designCheckTool, [oddsTool.id]: oddsTool };

/** Every tool of the ruleset: those over an input and those over a game (the table, the replay). */
export const allSpaceWarTools: Readonly<Record<string, Tool<SpaceWarState, SxEvent>>> = {
  ...spaceWarTools,
  [tableTool.id]: tableTool,
  [replayTool.id]: replayTool,
};
