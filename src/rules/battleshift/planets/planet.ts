/**
 * Planetary defenses (seed 004, "Planets (Extremely experimental)" and "Moonbases").
 * Pure rules for a planet's or moon's defense quadrants; RULINGS "Planets and moons".
 *
 * "Planets should be divided into quadrants. Each quadrant has its own weapon
 * systems, shields and 90 degree firing arc. The planet has its own size category of
 * defense ... a size 20 defense system would offer 20 space units to each quadrant
 * for weapons. However, planetary defenses are spread out ... and those systems are
 * reduced on a per wound basis. For instance, if a size 20 quadrant suffers 10
 * wounds, 10 weapons may no longer be fired. Quadrants may make a repair roll each
 * turn, needing a 3 or less to improve one level. When a quadrant is reduced to zero
 * or less, it loses its shielding. A quadrant can keep receiving damage beyond its
 * size. It may continue to make repair rolls, however."
 *
 * "Planets never become suppressed, but their targeting is reduced by 1 by the
 * atmosphere. All ranges are reduced by 12" - Light weapons are completely useless.
 * Space ships firing at the planet must attack the quadrant they are facing. All
 * targeting against weapon installations is reduced by 1. Planetary shields are
 * exceptionally strong, with a hardness of 5. Every hit gets one shield roll."
 * Moons: "Moons do not suffer the -1 when firing out or the 12" range reduction
 * (light weapons may be useful), and do not require additional movement for ships or
 * fighters to reach or leave the surface."
 */
import type { Rng } from "../../../core/rng.js";
import type { Terrain } from "../battlespace/battlespace.js";
import { type Attack, effectiveTargeting, rollAtMost, rollToHit, shieldReduction } from "../combat/combat.js";
import { angleDiff, bearingXY, type Point } from "../geometry.js";

export type QuadrantId = "N" | "E" | "S" | "W";
export const QUADRANTS: readonly QuadrantId[] = ["N", "E", "S", "W"];
const QUADRANT_BEARING: Record<QuadrantId, number> = { N: 0, E: 90, S: 180, W: 270 };

/** Weapons a quadrant may mount: one space each (RULINGS "Planets and moons"). */
export type InstallationKind = "heavy" | "missile" | "fighterBay" | "interceptor" | "light";
/** The order wounds silence installations: the smallest first, heavy batteries last (RULINGS). */
export const WOUND_ORDER: readonly InstallationKind[] = ["interceptor", "light", "missile", "fighterBay", "heavy"];

export interface Quadrant {
  id: QuadrantId;
  /** Spaces per installation kind; their total is at most the defense size. */
  weapons: Partial<Record<InstallationKind, number>>;
  /** Wounds suffered ("A quadrant can keep receiving damage beyond its size"). */
  damage: number;
  /** Ground assault units of the holder. */
  assault: number;
  /** Who holds the quadrant ("they own the quadrant and can now count themselves as the defenders"). */
  holder: string;
  /** Objectives already scored (planet-play.ts: "silenced", "captured"). */
  scored?: string[];
  /** Fighter wings on the ground (planet-air.ts); absent: one per fighter bay ("A fighter wing comes with every carrier bay"). */
  fighters?: number;
}

export interface PlanetDefense {
  /** The size category: "one space for each quadrant" per category. */
  size: number;
  quadrants: Quadrant[];
}

export const PLANET_HARDNESS = 5;
/** "All ranges are reduced by 12"" for a planet (not a moon). */
export const PLANET_RANGE_LOSS = 12;
/** "It takes 12" of movement ... to go from space to ground or from ground to space" (planets, not moons). */
export const PLANET_LANDING_MOVE = 12;

/** Which quadrant a ship at `p` faces ("must attack the quadrant they are facing"): the 90 degree arc holding its bearing from the centre. */
export function quadrantFacing(body: Point, p: Point): QuadrantId {
  const b = bearingXY(body.x, body.y, p.x, p.y);
  let best: QuadrantId = "N";
  for (const q of QUADRANTS) if (Math.abs(angleDiff(QUADRANT_BEARING[q], b)) < Math.abs(angleDiff(QUADRANT_BEARING[best], b))) best = q;
  return best;
}

/** Can a quadrant fire at `p`: its own "90 degree firing arc", centred on the quadrant's compass bearing. */
export function inQuadrantArc(body: Point, q: QuadrantId, p: Point): boolean {
  return Math.abs(angleDiff(QUADRANT_BEARING[q], bearingXY(body.x, body.y, p.x, p.y))) <= 45 + 1e-9;
}

/** Installations still able to fire: "if a size 20 quadrant suffers 10 wounds, 10 weapons may no longer be fired". */
export function workingWeapons(q: Quadrant): Record<InstallationKind, number> {
  const out: Record<InstallationKind, number> = { heavy: 0, missile: 0, fighterBay: 0, interceptor: 0, light: 0 };
  for (const k of WOUND_ORDER) out[k] = q.weapons[k] ?? 0;
  let wounds = Math.max(0, q.damage);
  for (const k of WOUND_ORDER) {
    const lost = Math.min(out[k], wounds);
    out[k] -= lost;
    wounds -= lost;
  }
  return out;
}

/** "When a quadrant is reduced to zero or less, it loses its shielding." */
export function shielded(def: PlanetDefense, q: Quadrant): boolean {
  return def.size - q.damage > 0;
}

/** Why a defense layout is not allowed, or null (spaces per quadrant; a moon's size at most half its planet's). */
export function defenseFault(def: PlanetDefense, kind: "planet" | "moon", planetSize?: number): string | null {
  if (def.quadrants.length !== 4) return `a ${kind} has 4 quadrants (N, E, S, W); ${def.quadrants.length} given`;
  for (const q of def.quadrants) {
    const used = Object.values(q.weapons).reduce((t, n) => t + (n ?? 0), 0);
    if (used > def.size) return `quadrant ${q.id} mounts ${used} weapons in ${def.size} spaces ("one space for each quadrant" per size)`;
  }
  if (kind === "moon" && planetSize !== undefined && def.size > planetSize / 2)
    return `a moon's defense size (${def.size}) "cannot be more than half of their planet's planetary defense size" (${planetSize / 2})`;
  return null;
}

/** Why a moon is badly placed, or null: "between 12" and 24" away from their planet, in the center of a sector". */
export function moonPlacementFault(planet: Point, moon: Point): string | null {
  const d = Math.hypot(moon.x - planet.x, moon.y - planet.y);
  if (d < 12 - 1e-9 || d > 24 + 1e-9) return `the moon is ${Math.round(d * 100) / 100}" from its planet (12" to 24")`;
  const cx = ((moon.x % 12) + 12) % 12;
  const cy = ((moon.y % 12) + 12) % 12;
  if (Math.abs(cx - 6) > 1e-6 || Math.abs(cy - 6) > 1e-6) return `the moon is not in the centre of its sector`;
  return null;
}

/** Range and targeting of a planet's or moon's own weapons ("reduced by 1 by the atmosphere", "ranges are reduced by 12""). */
export function outgoingFire(kind: "planet" | "moon", weapon: "heavy" | "light" | "missile", baseRange: number, baseTargeting: number) {
  if (kind === "moon") return { range: baseRange, targeting: baseTargeting, usable: true };
  const range = Math.max(0, baseRange - PLANET_RANGE_LOSS);
  return { range, targeting: baseTargeting - 1, usable: weapon !== "light" && range > 0 };
}

/** Moving to or from the surface: 12" for a planet, nothing for a moon. */
export function landingCost(t: Terrain): number {
  return t.kind === "planet" ? PLANET_LANDING_MOVE : 0;
}

/** The landing cost of the body with terrain id `id` (none when there is no such body). */
export function surfaceCost(terrain: readonly Terrain[], id: string | undefined): number {
  const t = id === undefined ? undefined : terrain.find((x) => x.id === id);
  return t ? landingCost(t) : 0;
}

export interface QuadrantAttackOutcome {
  rolls: number[];
  hits: number;
  saves: number[];
  wounds: number;
  damage: number;
}

/**
 * Fire at a quadrant: "All targeting against weapon installations is reduced by 1"
 * (not for fighters: "Fighters may then make attacks normally, with no targeting
 * penalty"; missiles "attack quadrants and shields normally"); "Every hit gets one
 * shield roll" at hardness 5 less the weapon's reduction while the quadrant is
 * shielded; each hit through is a wound. Planets are never suppressed.
 */
export function attackQuadrant(attack: Attack, def: PlanetDefense, q: Quadrant, rng: Rng): QuadrantAttackOutcome {
  const { rolls, hits } =
    attack.weapon === "missile"
      ? { rolls: [], hits: attack.dice }
      : rollToHit(attack.dice, effectiveTargeting(attack) - (attack.weapon === "fighter" ? 0 : 1), rng);
  const save = PLANET_HARDNESS - shieldReduction(attack);
  const { rolls: saves, successes: saved } = rollAtMost(shielded(def, q) && save > 0 ? hits : 0, save, rng);
  const wounds = hits - saved;
  q.damage += wounds;
  return { rolls, hits, saves, wounds, damage: q.damage };
}

/** "Quadrants may make a repair roll each turn, needing a 3 or less to improve one level." */
export function repairQuadrant(q: Quadrant, rng: Rng): { roll: number; repaired: boolean } {
  const roll = rng.d6();
  const repaired = roll <= 3 && q.damage > 0;
  if (repaired) q.damage--;
  return { roll, repaired };
}

export interface GroundAssaultOutcome {
  defence: { rolls: number[]; total: number };
  attack: { rolls: number[]; total: number };
  attackersLost: number;
  defendersLost: number;
  installationsDestroyed: number;
  captured: boolean;
}

/**
 * "A quadrant may be invaded by enemy assault units from landing ships ... resolved
 * similar to a boarding action. A quadrant rolls one d6 for every size category it
 * started with, and subtracts 1 point for every damage point it has suffered. If the
 * quadrant has assault units, it may add a d6 for each of those. If the quadrant wins,
 * it destroys an enemy assault unit for every point it won by. If the invaders win,
 * they destroy one assault unit for every point they won by - if all ground defenders
 * are destroyed, they destroy one defense installation for each additional point they
 * won by. If they destroy all of the quadrants defenses, they own the quadrant".
 * Invaders roll a d6 per assault unit (RULINGS); a tie changes nothing. `q` is
 * updated (assault units, damage, holder); the invaders' losses are returned.
 */
export function groundAssault(def: PlanetDefense, q: Quadrant, invaders: number, invaderSide: string, rng: Rng): GroundAssaultOutcome {
  const dRolls: number[] = [];
  for (let i = 0; i < def.size + q.assault; i++) dRolls.push(rng.d6());
  const dTotal = dRolls.reduce((t, r) => t + r, 0) - Math.max(0, q.damage);
  const aRolls: number[] = [];
  for (let i = 0; i < invaders; i++) aRolls.push(rng.d6());
  const aTotal = aRolls.reduce((t, r) => t + r, 0);
  const out: GroundAssaultOutcome = {
    defence: { rolls: dRolls, total: dTotal },
    attack: { rolls: aRolls, total: aTotal },
    attackersLost: 0,
    defendersLost: 0,
    installationsDestroyed: 0,
    captured: false,
  };
  if (dTotal > aTotal) out.attackersLost = Math.min(invaders, dTotal - aTotal);
  else if (aTotal > dTotal) {
    let margin = aTotal - dTotal;
    out.defendersLost = Math.min(q.assault, margin);
    q.assault -= out.defendersLost;
    margin -= out.defendersLost;
    if (q.assault === 0 && margin > 0) {
      const standing = Math.max(0, def.size - q.damage);
      out.installationsDestroyed = Math.min(standing, margin);
      q.damage += out.installationsDestroyed;
    }
    if (q.assault === 0 && def.size - q.damage <= 0) {
      out.captured = true;
      q.holder = invaderSide;
      q.assault = invaders;
    }
  }
  return out;
}
