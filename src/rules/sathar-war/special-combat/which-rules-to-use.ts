/**
 * Seed 000 "Which Rules To Use?": the Knight Hawks rules a battle is fought with, by the number of ships in it.
 *
 *   2 to 4        Advanced Rules; average NPC skills   -> "advanced-skilled"
 *   5 to 14       Advanced Rules; no skill modifiers   -> "advanced"
 *   More than 14  Basic Rules                          -> "basic"
 *
 * "Ships in Battle" counts every ship of both sides, fighters and stations included (reference C.2 #28; RULINGS
 * "Special combat rules"). The seed lets the players agree on other rules; the campaign's battle mode (Settings
 * `battles`) is where that choice is made, not here.
 */
import type { KnightHawksRules } from "../battles/battle.js";

export function suggestedRules(shipsInBattle: number): KnightHawksRules {
  if (shipsInBattle <= 4) return "advanced-skilled";
  if (shipsInBattle <= 14) return "advanced";
  return "basic";
}

/** The table's wording, for reports and menus. */
export const RULES_WORDING: Readonly<Record<KnightHawksRules, string>> = {
  "advanced-skilled": "Advanced Rules; average NPC skills",
  advanced: "Advanced Rules; no skill modifiers",
  basic: "Basic Rules",
};
