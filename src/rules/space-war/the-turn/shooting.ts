/**
 * S9 - Shoot (seed 001 l.525-635): "A shot requires a score as below to become a hit". The SHOTS table (l.533-623)
 * read with ruling C.3: three target columns, Un-powered (any craft) / Powered Vessel / Powered Fighter.
 *
 * | weapon                            | un-powered | powered vessel | powered fighter | range |
 * | Expendables (x6)                  | 5,6        | 6              | 6               | 6"    |
 * | Lasers                            | 4,5,6      | 5,6            | 6               | 12"   |
 * | Lasers fired by Ace               | 3,4,5,6    | 4,5,6          | 5,6             | 12"   |
 * | Missiles                          | 3,4,5,6    | 4,5,6          | 5,6             | 6"    |
 * | Missiles v. Electronics           | 4,5,6      | 5,6            | 6               | 6"    |
 * | Missiles v. 2 or more Electronics | 5,6        | 6              | -               | 6"    |
 *
 * Modifiers: Superior Lasers "+1 to shots with Lasers" (l.684-686), Better Missiles "+1 to shots with missiles"
 * (l.696-698); then "No die roll may be improved to better than ... 2+" (l.11, `needAfter`). The target's
 * Electronics are its operating Electronics modules plus the Tek medal (l.777-781). Superior Expendables: a volley
 * "Throws 9 rather than 6 Shots" (l.688-690).
 *
 * This module also works out what shots do to a craft: the hits, then each hit beaten through the target's armour
 * (S1, `the-turn/armour.ts`), then the damage allocated over surviving modules (S2, l.396): damage beyond the
 * surviving modules is lost and a craft with every module damaged is destroyed (l.404). Exactly (`exactShotOdds`,
 * a product of one polynomial per shot) or by rolling the dice (`rollShots`, the engine's own rolls).
 */
import type { Rng } from "../../../core/rng.js";
import type { CraftType } from "../designing-craft/modules.js";
import { DEFAULT_SETTINGS, type Settings } from "../settings.js";
import { damageChance, toDamage } from "./armour.js";
import { type Need, needAfter, reaches, sixths } from "./dice.js";

/** The weapons that shoot (l.563-623): Expendables (volleys), Lasers, Missiles. */
export const WEAPONS = ["expendables", "laser", "missile"] as const;
export type Weapon = (typeof WEAPONS)[number];

/** The rows of the SHOTS table (l.563-623). */
export const SHOT_ROWS = ["expendables", "lasers", "lasers-ace", "missiles", "missiles-v-electronics", "missiles-v-2-electronics"] as const;
export type ShotRow = (typeof SHOT_ROWS)[number];

/** The target columns (ruling C.3). */
export const TARGET_COLUMNS = ["unpowered", "powered-vessel", "powered-fighter"] as const;
export type TargetColumn = (typeof TARGET_COLUMNS)[number];

export interface ShotRowData {
  /** The seed's words (l.563-615). */
  name: string;
  /** The score to hit per column; `null` the table's "-" (l.621). */
  need: Readonly<Record<TargetColumn, Need>>;
  /** Range in inches (l.571-623). */
  range: number;
}

/** The SHOTS table, l.533-623. */
export const SHOTS: Readonly<Record<ShotRow, ShotRowData>> = {
  expendables: { name: "Expendables (x6)", need: { unpowered: 5, "powered-vessel": 6, "powered-fighter": 6 }, range: 6 },
  lasers: { name: "Lasers", need: { unpowered: 4, "powered-vessel": 5, "powered-fighter": 6 }, range: 12 },
  "lasers-ace": { name: "Lasers fired by Ace", need: { unpowered: 3, "powered-vessel": 4, "powered-fighter": 5 }, range: 12 },
  missiles: { name: "Missiles", need: { unpowered: 3, "powered-vessel": 4, "powered-fighter": 5 }, range: 6 },
  "missiles-v-electronics": {
    name: "Missiles v. Electronics",
    need: { unpowered: 4, "powered-vessel": 5, "powered-fighter": 6 },
    range: 6,
  },
  "missiles-v-2-electronics": {
    name: "Missiles v. 2 or more Electronics",
    need: { unpowered: 5, "powered-vessel": 6, "powered-fighter": null },
    range: 6,
  },
};

/** Shots in one volley of Expendables: six (l.128, l.563), nine with Superior Expendables (l.688-690). */
export const volleyShots = (superiorExpendables: boolean): number => (superiorExpendables ? 9 : 6);

/** The column a target is read in (ruling C.3): un-powered craft of either type share one. */
export const columnOf = (type: CraftType, powered: boolean): TargetColumn =>
  !powered ? "unpowered" : type === "vessel" ? "powered-vessel" : "powered-fighter";

/** The row a shot is read in: Lasers by an Ace (l.583, l.747-751); Missiles by the target's Electronics (l.603-615, l.631). */
export function rowOf(weapon: Weapon, ace: boolean, targetElectronics: number): ShotRow {
  if (weapon === "expendables") return "expendables";
  if (weapon === "laser") return ace ? "lasers-ace" : "lasers";
  if (targetElectronics >= 2) return "missiles-v-2-electronics";
  return targetElectronics === 1 ? "missiles-v-electronics" : "missiles";
}

/** What a shooting craft brings to a shot: its crew's Ace medal and its side's revealed cards. */
export interface Firer {
  ace: boolean;
  superiorLasers: boolean;
  betterMissiles: boolean;
}

/** What a shot needs of its target. */
export interface ShotTarget {
  type: CraftType;
  powered: boolean;
  /** Operating Electronics modules plus the Tek medal (l.777-781). */
  electronics: number;
}

/** The modifiers to one shot (l.684-698): +1 with the card for its weapon. */
export function shotBonus(weapon: Weapon, firer: Firer): number {
  if (weapon === "laser") return firer.superiorLasers ? 1 : 0;
  if (weapon === "missile") return firer.betterMissiles ? 1 : 0;
  return 0;
}

/** The score one shot needs to hit, after every modifier and the 2+ cap (l.11, l.529-623). */
export function shotNeed(
  weapon: Weapon,
  firer: Firer,
  target: ShotTarget,
  settings: Pick<Settings, "cardsLiftNoHit"> = DEFAULT_SETTINGS,
): Need {
  const row = SHOTS[rowOf(weapon, weapon === "laser" && firer.ace, target.electronics)];
  return needAfter(row.need[columnOf(target.type, target.powered)], shotBonus(weapon, firer), settings.cardsLiftNoHit);
}

/** One shot's range in inches (l.571-623). */
export const shotRange = (weapon: Weapon): number => SHOTS[rowOf(weapon, false, 0)].range;

/**
 * Rolls `shots` shots that need `need` and counts the hits: one d6 each, the engine's roll (l.529).
 */
export function rollHits(rng: Rng, shots: number, need: Need): number {
  let hits = 0;
  for (let i = 0; i < shots; i++) if (reaches(rng.d6(), need)) hits++;
  return hits;
}

/** S1 (l.355): each hit rolled against the armour; how many damage a module. */
export function rollArmourSaves(rng: Rng, hits: number, armour: number): number {
  const need = toDamage(armour);
  if (need === "automatic") return hits;
  let damage = 0;
  for (let i = 0; i < hits; i++) if (reaches(rng.d6(), need)) damage++;
  return damage;
}

/**
 * S2 (l.396-404): each damage falls on a surviving module chosen at random ("Modules with expended munitions,
 * empty shuttle bays, etc., are still Modules for this"). `damaged[i]` says module i is damaged; returns the
 * indices newly damaged, in order. Damage beyond the surviving modules is lost.
 */
export function allocateDamage(rng: Rng, damaged: readonly boolean[], damage: number): number[] {
  const surviving: number[] = [];
  damaged.forEach((d, i) => {
    if (!d) surviving.push(i);
  });
  const out: number[] = [];
  for (let k = 0; k < damage && surviving.length > 0; k++) {
    const j = rng.int(0, surviving.length - 1);
    out.push(surviving[j] as number);
    surviving.splice(j, 1);
  }
  return out;
}

/** One group of identical shots: `shots` dice each needing `need`. */
export interface ShotGroup {
  shots: number;
  need: Need;
}

/** What shots do to one craft: the figures of the odds tool (issue 13 "Shot odds"). */
export interface ShotOdds {
  /** The chance each shot hits, one per group, in the order given. */
  pHitPerShot: number[];
  meanHits: number;
  /** Mean modules newly damaged. */
  meanDamaged: number;
  /** P(k modules newly damaged), k = 0 .. surviving modules. */
  damagedDistribution: number[];
  /** P(every module damaged): the craft is destroyed (l.404). */
  pDestroyed: number;
}

/** The target of `exactShotOdds`: its modules, how many are damaged already and its effective armour. */
export interface DamageTarget {
  modules: number;
  damaged: number;
  armour: number;
}

/**
 * The exact odds: every shot independently hits (its need) and then damages (the armour roll); the number of
 * damaging hits is the product of one polynomial per shot, capped at the surviving modules (l.396-404). Armour
 * is counted once for all the hits of one S1 (reference E.4), so the shots are independent.
 */
export function exactShotOdds(groups: readonly ShotGroup[], target: DamageTarget): ShotOdds {
  const surviving = Math.max(0, target.modules - target.damaged);
  const q = damageChance(target.armour);
  // dist[k]: P(k damaging hits so far), kept up to `surviving` (everything beyond is lumped into the last cell).
  let dist = [1];
  let meanHits = 0;
  for (const g of groups) {
    const p = sixths(g.need) / 6;
    meanHits += g.shots * p;
    const pd = p * q;
    for (let s = 0; s < g.shots; s++) {
      const next = new Array<number>(Math.min(dist.length + 1, surviving + 1)).fill(0);
      for (let k = 0; k < dist.length; k++) {
        const v = dist[k] ?? 0;
        next[k] = (next[k] ?? 0) + v * (1 - pd);
        const up = Math.min(k + 1, surviving);
        next[up] = (next[up] ?? 0) + v * pd;
      }
      dist = next;
    }
  }
  const damagedDistribution = Array.from({ length: surviving + 1 }, (_, k) => dist[k] ?? 0);
  const meanDamaged = damagedDistribution.reduce((t, p, k) => t + p * k, 0);
  return {
    pHitPerShot: groups.map((g) => sixths(g.need) / 6),
    meanHits,
    meanDamaged,
    damagedDistribution,
    // A craft with no surviving module is already destroyed (l.404): every outcome leaves it so.
    pDestroyed: damagedDistribution[surviving] ?? 0,
  };
}

/** The shots rolled once with the engine's own dice: hits, then S1 armour saves, then S2 allocation. */
export function rollShots(rng: Rng, groups: readonly ShotGroup[], target: DamageTarget): { hits: number; damaged: number } {
  let hits = 0;
  for (const g of groups) hits += rollHits(rng, g.shots, g.need);
  const damage = rollArmourSaves(rng, hits, target.armour);
  const modules = Array.from({ length: target.modules }, (_, i) => i < target.damaged);
  return { hits, damaged: allocateDamage(rng, modules, damage).length };
}

/** The odds by rolling `runs` times from a generator: same seed, same figures. */
export function sampledShotOdds(rng: Rng, groups: readonly ShotGroup[], target: DamageTarget, runs: number): ShotOdds {
  const surviving = Math.max(0, target.modules - target.damaged);
  const counts = new Array<number>(surviving + 1).fill(0);
  let hits = 0;
  for (let r = 0; r < runs; r++) {
    const o = rollShots(rng, groups, target);
    hits += o.hits;
    counts[o.damaged] = (counts[o.damaged] ?? 0) + 1;
  }
  const damagedDistribution = counts.map((c) => c / runs);
  return {
    pHitPerShot: groups.map((g) => sixths(g.need) / 6),
    meanHits: hits / runs,
    meanDamaged: damagedDistribution.reduce((t, p, k) => t + p * k, 0),
    damagedDistribution,
    pDestroyed: damagedDistribution[surviving] ?? 0,
  };
}
