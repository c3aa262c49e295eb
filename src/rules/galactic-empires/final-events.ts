/**
 * Final Events, seed 003 chapter 4 (in the order of chapter 9's list; turn.ts runs
 * them as steps 3.1-3.22). The steps live in:
 *   economy.ts      damage, resources sent, upkeep, building, hiring, annexation,
 *                   construction, decay, razing, revenue, damage repair
 *   diplomacy.ts    gifts, peace, alliances, info sharing, empire limits, defeat
 *   proclamation.ts proclamations income
 *   espionage.ts    espionage
 *   scouting.ts     scouting
 *
 * Chapter 6 "Battle Aftermath" (Tactics Increase) is applied by movement-events.ts
 * at the end of Movement Events from ctx.tacticsGain, so no step here adds it again.
 */
export {
  alliancesCancelled,
  alliancesFormed,
  defeatedEmpiresRemoved,
  empireLimitsChecked,
  infoSharingChanges,
  peaceEstablished,
  sectorsGifted,
} from "./diplomacy.js";
export {
  admiralsHired,
  annexationDeclines,
  constructionHappens,
  resourcesDecay,
  resourcesSent,
  sectorDamageIncreases,
  sectorDamageRepaired,
  sectorRevenueGained,
  sectorsAnnexed,
  starshipsBuilt,
  structuresRazed,
  upkeepPaid,
} from "./economy.js";
export { espionageOccurs } from "./espionage.js";
export { proclamationsIncome } from "./proclamation.js";
export { scoutingOccurs } from "./scouting.js";
