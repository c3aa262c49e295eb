/**
 * S1 - Make Armour saves (seed 001 l.351-387): "Effects of Hits are calculated at the start of the players turn. The
 * target Crafts Armour must be beaten in order for the Hit to Damage a Module". The Protection table (l.357-387):
 *
 * | Amount of Armour | None      | 1  | 2  | 3  | 4  | 5+ |
 * | To damage one Module | Automatic | 2+ | 3+ | 4+ | 5+ | 6+ |
 *
 * The amount is the craft's operating Armour modules plus what counts as armour: the Better Armour card (l.692-694),
 * the Star and Corporation medals (l.759-769) and Wingman for fighters (l.793) (`effectiveArmour`).
 */
import { type Need, needAfter } from "./dice.js";

/** The roll that turns a hit into damage, by amount of armour (l.365-387); "Automatic" is `"automatic"`. */
export const ARMOUR_TABLE: readonly { armour: number; toDamage: Need | "automatic" }[] = [
  { armour: 0, toDamage: "automatic" },
  { armour: 1, toDamage: 2 },
  { armour: 2, toDamage: 3 },
  { armour: 3, toDamage: 4 },
  { armour: 4, toDamage: 5 },
  { armour: 5, toDamage: 6 },
];

/** The roll that damages a module through `armour` (0 or more): "automatic", or a need (5 or more armour: 6+). */
export function toDamage(armour: number): Need | "automatic" {
  if (armour <= 0) return "automatic";
  const row = ARMOUR_TABLE[Math.min(armour, ARMOUR_TABLE.length - 1)];
  const need = row?.toDamage ?? 6;
  // No roll is improved here, but every roll passes the one cap (l.11).
  return need === "automatic" ? need : needAfter(need, 0);
}

/** The chance one hit damages a module through `armour` (0..1). */
export function damageChance(armour: number): number {
  const need = toDamage(armour);
  if (need === "automatic") return 1;
  return need === null ? 0 : (7 - need) / 6;
}

/** What counts as armour on a craft (l.357-387, l.692-694, l.759-769, l.793). */
export interface ArmourSources {
  /** Operating (undamaged) Armour modules. */
  armourModules: number;
  /** The craft's side holds the Better Armour card, revealed (l.692-694: "Count as having one extra Armour"). */
  betterArmour: boolean;
  /** The crew holds the Star medal (l.759-763). */
  star: boolean;
  /** The crew holds the Corporation medal (l.765-769). */
  corporation: boolean;
  /** A fighter of a squadron where Wingman applies (l.793: a surviving fighter crew with Valour and at least two fighters). */
  wingman: boolean;
}

export const effectiveArmour = (s: ArmourSources): number =>
  s.armourModules + (s.betterArmour ? 1 : 0) + (s.star ? 1 : 0) + (s.corporation ? 1 : 0) + (s.wingman ? 1 : 0);
