/**
 * Interceptors ("Interceptors", "Missile Resolution", QRS "Specific Weapon System
 * Rules"): 1" range (3" for protecting squadrons in the same TF), 360 degrees,
 * targeting 4 less one per suppression marker (1s always hit). "They are too weak
 * to affect capital ships"; they fire at fighter flights and missiles. "A Squadron
 * or fighter group may only make one response fire with interceptors per enemy
 * Taskforce activation." Light Batteries on Destroyers may fire as interceptors at
 * targeting 3, but "may not be fired as light weapons AND interceptors during the
 * same Taskforce activation".
 *
 * "The targeting is reduced by 1 for every point of suppression on the unit, and if the enemy has some kind of
 * cover" ("Interceptors"): -1 when the flight or the missiles, where they come nearest the squadron, are inside an
 * asteroid field, dust cloud or nebula (the cover battery fire gives a target: RULINGS "Cover for interceptor fire").
 *
 * Fighters "can negate any hit they take by rolling a 3 or less on a d6" (4 or less
 * when evading).
 */

import type { Ctx } from "../context.js";
import { diceList, type Roll, roll, rolledField } from "../events.js";
import { closestT, dist, lerp, type Point } from "../geometry.js";
import { type Squadron, shipDesignOf, systemsOf } from "../model.js";
import { rollAtMost, rollToHit } from "./combat.js";
import { coverAt } from "./line-of-sight.js";

export interface InterceptorGroup {
  dice: number;
  targeting: number;
  lights: boolean;
}

/** The dice a squadron can fire as interceptors now (empty if it already fired this activation); `cover` is 0 or 1. */
export function interceptorGroups(ctx: Ctx, sq: Squadron, allowLights: boolean, cover = 0): InterceptorGroup[] {
  if (sq.location !== "table" || sq.interceptAt === ctx.act) return [];
  const active = sq.ships.filter((s) => !s.disabled);
  if (active.length === 0) return [];
  const out: InterceptorGroup[] = [];
  // "Roll a die for each interceptor in the squadron": each active ship its own (a mixed squadron's differ).
  const interceptors = systemsOf(ctx.state, sq, active, (c) => c.interceptors);
  if (interceptors > 0) out.push({ dice: interceptors, targeting: 4 - sq.suppression - cover, lights: false });
  // "Light Batteries on Destroyers may fire as interceptors": the active size 1 ships' own light batteries.
  const destroyers = active.filter((s) => shipDesignOf(ctx.state, sq, s).size <= 1);
  const lights = systemsOf(ctx.state, sq, destroyers, (c) => c.light);
  if (allowLights && lights > 0 && sq.lightAt !== ctx.act) {
    out.push({ dice: lights, targeting: 3 - sq.suppression - cover, lights: true });
  }
  return out;
}

export function canIntercept(ctx: Ctx, sq: Squadron, allowLights: boolean): boolean {
  return interceptorGroups(ctx, sq, allowLights).length > 0;
}

/** Roll d6s needing `targeting` or less; a 1 always hits. */
export function rollHits(ctx: Ctx, dice: number, targeting: number): { rolls: number[]; hits: number } {
  return rollToHit(dice, targeting, ctx.rng);
}

/** The enemy the interceptors fire at: a fighter flight or missiles moving from `start` along `path` (empty: standing). */
export interface InterceptedCourse {
  start: Point;
  path: readonly Point[];
}

/** Where a course comes nearest the squadron's active ships: where its interceptors fire at it. */
export function nearestApproach(sq: Squadron, course: InterceptedCourse): Point {
  const ships = sq.ships.filter((s) => !s.disabled);
  let best = course.start;
  let bestD = Math.min(...ships.map((s) => dist(s, course.start)));
  let a = course.start;
  for (const b of course.path) {
    for (const s of ships) {
      const p = lerp(a, b, closestT(a, b, s));
      const d = dist(p, s);
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
    a = b;
  }
  return best;
}

/** A squadron fires its interceptors (once per activation) at the enemy on `course`; returns the hits. */
export function fireInterceptors(ctx: Ctx, sq: Squadron, at: string, allowLights: boolean, course: InterceptedCourse): number {
  // "and if the enemy has some kind of cover": the flight or missiles inside obscuring terrain where the interceptors fire.
  const cover = coverAt(ctx.state, nearestApproach(sq, course));
  const groups = interceptorGroups(ctx, sq, allowLights, cover ? 1 : 0);
  if (groups.length === 0) return 0;
  sq.interceptAt = ctx.act;
  let hits = 0;
  const bits: string[] = [];
  const dice: Roll[] = [];
  for (const g of groups) {
    if (g.lights) sq.lightAt = ctx.act;
    const r = rollHits(ctx, g.dice, g.targeting);
    hits += r.hits;
    const what = g.lights ? "light batteries as interceptors" : "interceptors";
    dice.push(roll(what, r.rolls, g.targeting));
    bits.push(`${g.dice} ${what} needing ${g.targeting} or less: ${diceList(r.rolls)}`);
  }
  const covered = cover ? ` (in cover: ${cover}, -1)` : "";
  ctx.note("intercept", `${sq.id} fires at ${at}${covered}: ${bits.join("; ")} - ${hits} hit${hits === 1 ? "" : "s"}`, {
    side: sq.side,
    unit: sq.id,
    ...rolledField(...dice),
  });
  return hits;
}

/** Fighters dodge each hit on `threshold` or less (3, or 4 when evading); returns the hits that stand. */
export function dodge(ctx: Ctx, hits: number, threshold: number): { rolls: number[]; stand: number } {
  const { rolls, successes } = rollAtMost(hits, threshold, ctx.rng);
  return { rolls, stand: hits - successes };
}
