/** Final Events, seed 003 chapter 4 (in the order of chapter 9's list). */
import type { TurnContext } from "./context.js";

export function sectorDamageIncreases(_ctx: TurnContext): void {}
export function resourcesSent(_ctx: TurnContext): void {}
export function upkeepPaid(_ctx: TurnContext): void {}
export function starshipsBuilt(_ctx: TurnContext): void {}
export function admiralsHired(_ctx: TurnContext): void {}
export function sectorsAnnexed(_ctx: TurnContext): void {}
export function annexationDeclines(_ctx: TurnContext): void {}
export function constructionHappens(_ctx: TurnContext): void {}
export function resourcesDecay(_ctx: TurnContext): void {}
export function structuresRazed(_ctx: TurnContext): void {}
export function sectorRevenueGained(_ctx: TurnContext): void {}
export function sectorsGifted(_ctx: TurnContext): void {}
export function proclamationsIncome(_ctx: TurnContext): void {}
export function sectorDamageRepaired(_ctx: TurnContext): void {}
export function peaceEstablished(_ctx: TurnContext): void {}
export function alliancesCancelled(_ctx: TurnContext): void {}
export function alliancesFormed(_ctx: TurnContext): void {}
export function infoSharingChanges(_ctx: TurnContext): void {}
export function espionageOccurs(_ctx: TurnContext): void {}
export function empireLimitsChecked(_ctx: TurnContext): void {}
export function defeatedEmpiresRemoved(_ctx: TurnContext): void {}
export function scoutingOccurs(_ctx: TurnContext): void {}
