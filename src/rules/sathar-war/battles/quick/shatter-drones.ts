/**
 * Seed 000 "SHATTER DRONES (Optional)": a drone detonates "at the end of the active player's movement phase" and
 * "inflicts one torpedo hit on every other ship in the drone's hex ... the Damage Table with a -20 modifier (Advanced
 * Rules). A shatter drone has a hull damage rating of 5d10 in both the Basic and Advanced Games" (C.2 #19).
 *
 * In the abstract battle a side that detonates its drones steers each one still fighting into the enemy's formation
 * at the start of round 2 (the fleets close): the hex holds ⌈d10 ÷ 2⌉ (1-5) enemy ships, the largest first (the
 * drone seeks the big ships); stations are not in the hex. Basic: 5d10 hull points each; Advanced: the Damage Table
 * at d100 − 20, hull results 5d10 (twice on "hull ×2"). The drone is gone ("detonated", not destroyed: C.2 #20).
 */

import type { Side } from "../../model.js";
import { damage, hull } from "./combat.js";
import { DETONATED, d10, damageDice, type Fight, fighting, line, other, W_INDEX } from "./units.js";

export function detonateDrones(f: Fight, side: Side): void {
  if (f.input.detonateDrones?.[side] !== true) return;
  for (const drone of f.units) {
    if (!drone.drone || !fighting(drone, side)) continue;
    const inHex = Math.ceil(d10(f) / 2);
    const victims = f.units
      .filter((u) => fighting(u, other(side)) && !u.station)
      .sort((a, b) => b.hp - a.hp || a.i - b.i)
      .slice(0, inHex);
    drone.status = DETONATED;
    let lost = 0;
    for (const v of victims) {
      // A torpedo hit (DTM -20) whose hull damage is 5d10 (C.2 #19: the -20 is the torpedo's, not added to it).
      lost += f.advanced ? damage(f, v, W_INDEX.T, 1, 0, { count: 5, plus: 0 }) : hull(f, v, damageDice(f, 5, 0));
    }
    line(
      f,
      `${drone.name} detonates as a shatter drone: ${victims.map((v) => v.name).join(", ") || "no ship"} in its hex, ${lost} hull point(s)`,
    );
  }
}
