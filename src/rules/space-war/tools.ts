/**
 * The space-war ruleset's tools: the design check, shot odds,
 * and the battle table as a seat sees it (like the Sathar War's map tool).
 */
import type { GameAccess, GameTool, InputTool, Tool, ToolOutput } from "../../core/ruleset.js";
import { viewToDraw } from "../../core/tool-options.js";
import { designCheckTool } from "./designing-craft/design-check.js";
import type { SxEvent } from "./events.js";
import type { SpaceWarState } from "./model.js";
import { knownState } from "./presentation/known-state.js";
import { tableSvg } from "./presentation/table-svg.js";
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

/** The tools over an input file of their own. */
export const spaceWarTools: Readonly<Record<string, InputTool>> = { [designCheckTool.id]: designCheckTool, [oddsTool.id]: oddsTool };

/** Every tool of the ruleset: those over an input and those over a game (the table). */
export const allSpaceWarTools: Readonly<Record<string, Tool<SpaceWarState, SxEvent>>> = { ...spaceWarTools, [tableTool.id]: tableTool };
