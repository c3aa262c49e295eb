/**
 * Generated galaxies of any size from 50 to 5,000 sectors with the 26 empires of
 * chapter 8 in their chapter 8 places: the scenarios `galaxy-500`,
 * `galaxy-1000`, `galaxy-2000` and `galaxy-5000` (used by the speed benchmarks).
 */

import { CHAPTER_8_EMPIRES } from "../galaxy/chapter8.js";
import { DEFAULT_SPEC, generateGalaxy } from "../galaxy/generate.js";
import type { GameState } from "../model.js";

export const GENERATED_SIZES = [500, 1000, 2000, 5000] as const;

export function createGeneratedGalaxy(sectors: number, seed: number): GameState {
  return generateGalaxy(
    {
      ...DEFAULT_SPEC,
      name: `A galaxy of ${sectors} sectors`,
      scenario: `galaxy-${sectors}`,
      sectors,
      empires: CHAPTER_8_EMPIRES,
    },
    seed,
  );
}
