/**
 * The default scenario `alpha-beta-quadrants`: the galaxy of seed 003 chapter 8,
 * "a model replica of the Alpha and Beta Quadrants" (chapter 3), generated from
 * the game's seed.
 *
 *  - 792 sectors: a grid of 36 x 22 cells (a 1.6 : 1 map that prints on a
 *    landscape page), about four borders a sector. Big enough that the 26
 *    empires each have room to expand ("be sure to leave yourself a route of
 *    expansion", chapter 8), small enough that a turn stays fast.
 *  - The 26 organized empires of chapter 8, each starting where its paragraph
 *    places it (galaxy/chapter8.ts), with 5 home sectors, a treasury of 60, two
 *    industrial centres and starting forces worth the same (galaxy/generate.ts).
 *  - About 660 independent sectors between them, a tenth with an industrial
 *    centre, mostly building Federation-c starships.
 *  - Victory (victory.ts): 40% of the sectors and 40% of the industrial centres,
 *    by one empire or by an alliance of up to three.
 */

import { CHAPTER_8_EMPIRES } from "../galaxy/chapter8.js";
import { DEFAULT_SPEC, type GalaxySpec, generateGalaxy } from "../galaxy/generate.js";
import type { GameState } from "../model.js";

export const ALPHA_BETA_SECTORS = 792;

export const ALPHA_BETA_SPEC: GalaxySpec = {
  ...DEFAULT_SPEC,
  name: "The Alpha and Beta Quadrants",
  scenario: "alpha-beta-quadrants",
  sectors: ALPHA_BETA_SECTORS,
  empires: CHAPTER_8_EMPIRES,
};

export function createAlphaBetaQuadrants(seed: number): GameState {
  return generateGalaxy(ALPHA_BETA_SPEC, seed);
}
