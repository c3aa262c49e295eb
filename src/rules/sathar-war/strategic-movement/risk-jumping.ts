/**
 * Accelerated Movement (Risk Jumping), the MISJUMP PROBABILITY TABLE and Interlocked Computers (seed 000:338-388).
 */

import type { Ship } from "../model.js";
import { SAFE_JUMP } from "../orders-of-battle/forces.js";
import { SHIP_RATINGS } from "../orders-of-battle/ship-classes.js";

/** The ship's ADF now: its class ADF less drive damage (C.2 #33: risk jumps use the current ADF). */
export function currentAdf(ship: Ship): number {
  return Math.max(0, SHIP_RATINGS[ship.cls].adf - (ship.damage.ADF ?? 0));
}

/**
 * Most boxes a day the ship may move: "Ships with an ADF of 2 or more can move two transit boxes per day ... ADF of 3
 * or more ... three" and "No ship can move more than three" (000:346); "A ship with unrepaired hull damage may never
 * move more than one transit box per turn" (000:395). One box a day is normal movement and needs no ADF (RULINGS).
 */
export function maxRate(ship: Ship): 1 | 2 | 3 {
  if ((ship.damage.hull ?? 0) > 0) return 1;
  const adf = currentAdf(ship);
  return adf >= 3 ? 3 : adf >= 2 ? 2 : 1;
}

/** Why a ship may not move `rate` boxes a day, or undefined. */
export function rateRefusal(ship: Ship, rate: number): string | undefined {
  if (rate <= 1) return undefined;
  if ((ship.damage.hull ?? 0) > 0)
    return `${ship.id} has unrepaired hull damage (${ship.damage.hull} points): one box a day at most (000:395)`;
  const adf = currentAdf(ship);
  if (adf < rate)
    return `${ship.id} has ADF ${adf}${ship.damage.ADF ? ` (${ship.damage.ADF} lost)` : ""}: RJ${rate} needs ADF ${rate} (000:346)`;
  return undefined;
}

/**
 * The table row a ship's astrogator reads: UPF battleships (6th level), other Spacefleet ships (4th), Sathar (4th),
 * Frontier Militia (2nd). Deputised militia keep the militia row: deputising changes where they may go, not who
 * computes their jumps (C.2 #32).
 */
export function jumpRow(ship: Ship): keyof typeof SAFE_JUMP {
  if (ship.side === "sathar") return "sathar";
  if (ship.militiaOf) return "militia";
  return ship.cls === "BB" ? "battleship" : "spacefleet";
}

/** The safe-jump chance in percent for one ship at 2 or 3 boxes a day (000:356-373). */
export function safeJump(ship: Ship, rate: 2 | 3): number {
  return SAFE_JUMP[jumpRow(ship)][rate];
}

/**
 * An interlocked group's chance: all share one astrogator's calculations (000:378), the group's best (reference E.13;
 * the EXAMPLE gives a battleship, three destroyers and two militia the battleship's 95%, 000:381).
 */
export function groupSafeJump(ships: readonly Ship[], rate: 2 | 3): number {
  return Math.max(0, ...ships.map((s) => safeJump(s, rate)));
}
