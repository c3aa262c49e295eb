/**
 * COST (M€) by the number of modules (seed 001 l.156-256): "Cost goes up dramatically depending on the size of the
 * Craft ... Large Fighters are cost prohibitive." The flattened table reads as rows (n, vessel value, fighter value)
 * (ruling C.1): a vessel of n modules costs n², a fighter n³. The table is given as printed, not by formula, so a
 * test checks the formula against every row.
 */
import type { CraftType } from "./modules.js";

/** The table as printed, l.170-256: modules → [vessel M€, fighter M€]. */
export const COST_TABLE: Readonly<Record<number, readonly [vessel: number, fighter: number]>> = {
  2: [4, 8],
  3: [9, 27],
  4: [16, 64],
  5: [25, 125],
  6: [36, 216],
  7: [49, 343],
  8: [64, 512],
  9: [81, 729],
  10: [100, 1000],
};

/** The price in M€ of one craft of this type and number of modules (l.160-256), or undefined outside 2..10 (ruling C.16). */
export function craftCost(type: CraftType, modules: number): number | undefined {
  const row = COST_TABLE[modules];
  if (row === undefined) return undefined;
  return type === "vessel" ? row[0] : row[1];
}

/**
 * The squadron's budget in M€: "100 M€" (l.7, l.156); "Incompetent players should be allowed 120 M€ and experts only
 * 90 M€" (l.1042); machine forces "120 M€" (l.975). A machine force gets 120 whatever the player's option (ruling
 * "Budgets").
 */
export const BUDGETS = { normal: 100, incompetent: 120, expert: 90 } as const;
export type BudgetOption = keyof typeof BUDGETS;
export const MACHINE_BUDGET = 120;

export const budgetOf = (option: BudgetOption, machine: boolean): number => (machine ? MACHINE_BUDGET : BUDGETS[option]);

/** "Players are limited to a maximum of 16 Craft ... with a 3 Design Limit" (l.7, l.57). */
export const MAX_CRAFT = 16;
export const MAX_DESIGNS = 3;
