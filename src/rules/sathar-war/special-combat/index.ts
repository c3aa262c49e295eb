/** Seed 000 "SPECIAL COMBAT RULES": declaring combat, which rules to use, breaking off, and battles' results on the map. */
export { attacksFor, canAttack, checkAttacks } from "./attack-options.js";
export { applyBattle } from "./battle-results.js";
export { escapeLocation, strandFighters } from "./breaking-off-combat.js";
export { type Declared, declareAttacks } from "./declaring-combat.js";
export { fightAttacks } from "./fighting-attacks.js";
export { RULES_WORDING, suggestedRules } from "./which-rules-to-use.js";
