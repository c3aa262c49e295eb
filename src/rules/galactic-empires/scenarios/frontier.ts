/**
 * The `frontier` scenario: a quick game. Six empires of chapter 8 around 80
 * sectors of independent frontier, three home sectors each, a turn limit of 30.
 * Their places keep chapter 8's directions where they can (the Cardassians west,
 * the Ferengi north, the Romulans east, the Klingons south-east) but sit on a
 * ring, so no one starts surrounded.
 */

import { CHAPTER_8_EMPIRES } from "../galaxy/chapter8.js";
import { DEFAULT_SPEC, type EmpireSpec, type GalaxySpec, generateGalaxy } from "../galaxy/generate.js";
import type { GameState } from "../model.js";

const RING: Record<string, { x: number; y: number }> = {
  cardassian: { x: 0.06, y: 0.5 },
  ferengi: { x: 0.3, y: 0.08 },
  breen: { x: 0.72, y: 0.08 },
  romulan: { x: 0.94, y: 0.5 },
  klingon: { x: 0.72, y: 0.92 },
  federation: { x: 0.3, y: 0.92 },
};

export const FRONTIER_SPEC: GalaxySpec = {
  ...DEFAULT_SPEC,
  name: "The Frontier",
  scenario: "frontier",
  sectors: 80,
  homeSize: 3,
  rifts: 3,
  industryShare: 0.12,
  regionRadius: 1.5,
  empires: Object.keys(RING).map((id) => {
    const e = CHAPTER_8_EMPIRES.find((x) => x.id === id) as EmpireSpec;
    return { ...e, at: RING[id] as { x: number; y: number } };
  }),
  settings: { turnLimit: 30 },
};

export function createFrontier(seed: number): GameState {
  return generateGalaxy(FRONTIER_SPEC, seed);
}
