/** First Events, seed 003 chapter 4 (in the order of chapter 9's list). */
import type { TurnContext } from "./context.js";

/** FAQ: a ruler who gives away every sector and disbands every force is deposed; none of his orders happen. */
export function palaceCoup(_ctx: TurnContext): void {}
export function warDeclared(_ctx: TurnContext): void {}
export function acceptanceChanged(_ctx: TurnContext): void {}
export function passageRightsChanged(_ctx: TurnContext): void {}
export function specialPermissionChanged(_ctx: TurnContext): void {}
export function newStarfleetsFormed(_ctx: TurnContext): void {}
export function administrativeActions(_ctx: TurnContext): void {}
export function starfleetsChangeCloaking(_ctx: TurnContext): void {}
export function sameLocationTransfers(_ctx: TurnContext): void {}
export function starshipsReassigned(_ctx: TurnContext): void {}
export function disbandingSalvaging(_ctx: TurnContext): void {}
