/**
 * The Sathar War's tools, registered with the ruleset so the CLI and the API expose them without naming the
 * ruleset. The map (issue 12 "`starhost map`"): the Frontier Deployment Map with every counter on it, as a seat
 * knows the campaign (its `knownState`) or, without a seat, the referee's.
 */
import type { GameAccess, GameTool, ToolOutput } from "../../core/ruleset.js";
import { viewToDraw } from "../../core/tool-options.js";
import type { SwEvent } from "./events.js";
import type { SatharWarState } from "./model.js";
import { knownState } from "./presentation/known-state.js";
import { mapPicture } from "./presentation/map-picture.js";
import { mapSvg } from "./presentation/map-svg.js";

export const mapTool: GameTool<SatharWarState, SwEvent> = {
  kind: "game",
  id: "map",
  perStep: true,
  summary: "the Frontier Deployment Map as SVG: systems, transit and red boxes, stations, every stack, the Time Record Track",
  help: `--seat SEAT draws the map as that seat knows the campaign (the referee's map without it);
--step N the map as it stood when step N's orders were due (default: now).`,
  options: [
    { name: "seat", description: "the seat whose view to draw (default: the referee's map)", kind: "seat" },
    { name: "step", description: "the step whose map to draw (default: now)", kind: "step", min: 0 },
  ],
  async run(game: GameAccess<SatharWarState, SwEvent>, options): Promise<ToolOutput> {
    const drawn = await viewToDraw(game, options, { step: "step", game: "campaign" }, knownState, "the referee's map");
    if (!drawn.ok) return drawn.refused;
    const { step, state, shown, seat, who } = drawn;
    return {
      ok: true,
      text: `step ${step}, day ${state.day}, ${who}`,
      json: { step, day: state.day, seat: seat ?? null },
      file: { extension: "svg", content: mapSvg(mapPicture(shown), { subtitle: `Step ${step}, ${who}.` }) },
    };
  },
};
