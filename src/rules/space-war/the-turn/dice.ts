/**
 * Dice (seed 001 l.11): "IMPORTANT: No die roll may be improved to better than a five out of six (i.e. 2+ maximum)."
 *
 * Every roll of the game is a d6 that must score a number or more. A `Need` is that number, 2..6, or `null` for a
 * roll that cannot succeed (the SHOTS table's "-", l.621; ruling C.4). `needAfter` applies every modifier at once
 * and then the 2+ cap, and is the one place the cap is applied: every roll of the-turn asks it.
 */

/** The score a d6 must reach: 2..6; `null`: it cannot succeed. */
export type Need = number | null;

/** The best any roll may be made (l.11). */
export const BEST_NEED = 2;

/**
 * The score needed after modifiers: `bonus` is the sum of every modifier (+1 a card that makes a shot easier, -1
 * one that makes it harder). A roll that cannot succeed stays so whatever the bonus (ruling C.4); one worse than 6
 * cannot succeed; none is better than 2+ (l.11). With `liftNoHit` (setting `cardsLiftNoHit`) a bonus lifts "-" to a 6.
 */
export function needAfter(base: Need, bonus: number, liftNoHit = false): Need {
  // Setting `cardsLiftNoHit` (ruling C.4): "-" read as a 7, so a +1 makes it a 6.
  if (base === null && !(liftNoHit && bonus > 0)) return null;
  const n = (base ?? 7) - bonus;
  if (n > 6) return null;
  return Math.max(BEST_NEED, n);
}

/** The chance a d6 reaches `need`, as sixths (0..6): `null` → 0, 2+ → 5. */
export function sixths(need: Need): number {
  if (need === null) return 0;
  return Math.max(0, Math.min(6, 7 - need));
}

/** The chance a d6 reaches `need` (0..1). */
export const chanceOf = (need: Need): number => sixths(need) / 6;

/** The need as players say it: "4+", "6", "-". */
export function needText(need: Need): string {
  if (need === null) return "-";
  return need === 6 ? "6" : `${need}+`;
}

/** Whether a d6 roll (1..6) reaches the need. */
export const reaches = (roll: number, need: Need): boolean => need !== null && roll >= need;
