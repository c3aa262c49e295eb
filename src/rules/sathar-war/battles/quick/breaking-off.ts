/**
 * Seed 000 "Breaking Off Combat": "If a battle is going badly for one side, that player can try to escape the battle
 * with whatever ships he has remaining ... The fleeing ships must outrun any enemy ships that pursue them ... When the
 * fleeing ships are beyond the range of the pursuers' weapons, they have escaped." "Militia ships in their home system
 * must make at least one attack (fire one weapon at one enemy ship) before breaking off combat."
 *
 * A side breaks off by its `BreakOffPolicy`, looked at after every round: once it has lost `hullLost` of the hull
 * points it started with, or the enemy's hull points left are `outgunned` times its own. From then on, at the end of
 * every round, each of its ships that can leave does: not a station, not a ship docked at one (it stays to defend it),
 * not a ship whose drive is gone (ADF 0), and not militia bound to fire that have not fired yet and still can (they
 * fight one more round first). The leaving ships take one volley of pursuit fire: the enemy's ships that can move
 * fire their beam weapons at them at the approach band (6 hexes); those that live escape.
 */
import type { Side } from "../../model.js";
import { WEAPONS } from "../../orders-of-battle/ship-classes.js";
import type { BreakOffPolicy } from "../battle.js";
import { WEAPON_DATA } from "../knight-hawks-tables.js";
import { APPROACH, volley } from "./combat.js";
import { ESCAPED, type Fight, fighting, IN_BATTLE, line, other, sideHp, type Unit } from "./units.js";

/**
 * Whether a break-off policy is crossed, from hull points: the side's at the start, its own now and the enemy's now.
 * The quick battle measures them in Knight Hawks hull points, a battle fought out in Battleshift in Battleshift's own
 * (battleshift/breaking-off.ts): the one rule for both.
 */
export function policyMet(policy: BreakOffPolicy, start: number, ours: number, theirs: number): boolean {
  if (start <= 0) return false;
  // Nothing to escape from once the enemy has gone (the other side broke off first, or was destroyed).
  if (theirs <= 0) return false;
  if (policy.hullLost < 1 && 1 - ours / start >= policy.hullLost) return true;
  return policy.outgunned > 0 && ours > 0 && theirs >= policy.outgunned * ours;
}

/** Whether `side`'s policy says to break off now. */
export function policySaysBreakOff(f: Fight, side: Side): boolean {
  if (f.startHp[side] <= 0) return false;
  return policyMet(f.input.breakOff[side], f.startHp[side], sideHp(f, side), sideHp(f, other(side)));
}

/** Whether a ship has a weapon it could fire now. */
export function canFire(u: Unit): boolean {
  for (let k = 0; k < WEAPONS.length; k++) {
    if ((u.mounts[k] ?? 0) <= 0) continue;
    const data = WEAPON_DATA[WEAPONS[k] as (typeof WEAPONS)[number]];
    if (WEAPONS[k] === "M") continue;
    if (data.ltd && (u.ammo[k] ?? 0) <= 0) continue;
    if (u.docked >= 0 && (data.ff || WEAPONS[k] === "T")) continue;
    return true;
  }
  return false;
}

function canLeave(u: Unit): boolean {
  return !u.station && u.docked < 0 && u.adf > 0 && (!u.mustFire || u.fired || !canFire(u));
}

/** `side`'s ships that can leave do, under pursuit fire. */
export function leave(f: Fight, side: Side): void {
  const leavers = f.units.filter((u) => fighting(u, side) && canLeave(u));
  if (leavers.length === 0) return;
  const pursuers = f.units.filter((u) => fighting(u, other(side)) && !u.station && u.docked < 0 && u.adf > 0);
  const v = volley(f, pursuers, [...leavers], APPROACH, true);
  const away: string[] = [];
  for (const u of leavers)
    if (u.status === IN_BATTLE) {
      u.status = ESCAPED;
      away.push(u.name);
    }
  if (f.report)
    line(
      f,
      `${side} ships break off under pursuit fire (${v.shots} shots, ${v.hits} hits, ${v.hull} hull): ${away.length > 0 ? away.join(", ") : "none"} escape`,
    );
}
