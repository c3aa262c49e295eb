/**
 * Battleshift "Basic Combat Resolution" (seed 004) and the damage rules around it:
 * targeting numbers, rolls of 1 always hit, suppression by hits per ship per size
 * band, shield saves limited by the ships hit, hardness and its reductions, damage
 * thresholds and total damage with destruction tests, hardened and flimsy hulls,
 * firing to disable, ion and heavy ion weapons, disabled ships; mixed squadrons
 * ("New rules for mixed ships in a Squadron"); fighters, interceptors, missiles
 * locks, boarding, repairs and suppression recovery as small dice helpers; and the
 * exact odds of one attack, enumerated (no sampling).
 *
 * Pure and deterministic: the dice are drawn in a fixed order — attack dice, shield
 * dice, super heavy damage dice, destruction tests — from the Rng passed in.
 */
import type { Rng } from "../../../core/rng.js";
import { hitsPerShipToSuppress } from "../fleet/ship-building.js";

export type Weapon = "heavy" | "light" | "missile" | "fighter";
export type HullRule = "normal" | "hardened" | "flimsy";

export interface Attack {
  weapon: Weapon;
  /** One die per weapon fired (for missiles: see `missilesPerShip`). */
  dice: number;
  /** Roll this or less to hit; already includes suppression and cover (not the -1 for firing to disable). */
  targeting: number;
  /** Ion Beam (a light-like weapon): no shield reduction; fires only to disable, without the -1. */
  ion?: boolean;
  /** Heavy Ion Beam: shield reduction 1; fires only to disable, without the -1. */
  heavyIon?: boolean;
  /** "A Squadron may chose to fire to disable ships instead of destroying them" (-1 to hit). */
  disable?: boolean;
  /** Super Heavy Battery: shields -3, each unsaved hit inflicts up to 3 damage (a d3; see options). */
  superHeavy?: boolean;
  /**
   * Missiles. Without this, every die is a missile that reached its target and hits
   * ("Missiles that reach their target automatically hit"). With it, `dice` is the number
   * of launching ships, each rolls its lock against `targeting`, and a lock sends this many
   * missiles, all hitting (interception not modelled).
   */
  missilesPerShip?: number;
  /** The attack places no suppression marker (assault units; ring formation). */
  noSuppression?: boolean;
}

export interface TargetSquadron {
  /** Ships left in the squadron (disabled ones included). */
  ships: number;
  size: number;
  shieldsPerShip: number;
  /** Shield hardness: 4 normally, 3 weak shields, 2 no shields (armour), 5 planets. */
  hardness: number;
  /** Hull of one ship = the damage threshold. */
  hull: number;
  /** Damage on the squadron before this attack. */
  damageTaken: number;
  hullRule: HullRule;
  /** The squadron already has this enemy taskforce activation's suppression marker. */
  suppressedAlready?: boolean;
  /**
   * Ignored: shields renew for every attack ("Fire Heavy Weapons": waiting "allows the
   * target to use its shields against each attack separately"). Kept for compatibility.
   */
  shieldsUsed?: number;
  /** How many of `ships` are disabled. */
  disabled?: number;
  /** "Total Damage": the hulls of the whole squadron as bought; default ships x hull. Pass it once ships are lost. */
  totalHull?: number;
  /** Hits per ship to suppress; default from the size band. */
  hitsPerShip?: number;
  /** Every hit gets one shield roll, whatever the ships and shields (planetary shields). */
  savePerHit?: boolean;
}

export interface DestructionTest {
  /** The damage point that called for the test. */
  threshold: number;
  roll: number;
  destroyed: boolean;
  /** The ship was disabled instead (disabling attacks, ion weapons). */
  disabled?: boolean;
}

export interface AttackOutcome {
  /** Every to-hit die, in the order rolled. */
  rolls: number[];
  /** The to-hit dice of each attack of a combined attack, in the order given (one list for a single attack). */
  attackRolls: number[][];
  hits: number;
  /** This attack placed a suppression marker. */
  suppressed: boolean;
  /** Hits needed to suppress: ships x hits per ship. */
  suppressAt: number;
  /** Shield dice rolled (or that could roll). */
  shieldsUsed: number;
  shieldRolls: number[];
  saves: number;
  /** The d3 rolled per unsaved super heavy hit (empty otherwise). */
  damageRolls: number[];
  damage: number;
  destroyed: number;
  /** New total damage on the squadron. */
  damageTaken: number;
  shipsLeft: number;
  /** Disabled ships in the squadron after the attack. */
  disabled: number;
  newlyDisabled: number;
  tests: DestructionTest[];
}

export interface Odds {
  meanHits: number;
  suppressedRate: number;
  meanDamage: number;
  meanShipsDestroyed: number;
  destroyedDistribution: number[];
}

/** Readings where the seed is ambiguous (rulings file); defaults are the rulings. */
export interface CombatOptions {
  /** Super heavy damage per unsaved hit: "up to 3" read as a d3 (default) or a flat 3. */
  superHeavyDamage?: "d3" | "3";
  /**
   * Disabling test faces: "low-rolls" (default, as printed: destroyed on a 1, disabled on
   * 2..(6 - save)) or "high-rolls" (disabled when the roll fails, destroyed on a 6). Same odds.
   */
  disableFaces?: "low-rolls" | "high-rolls";
  /** Ion weapons: failed tests always disable (default, "Ion Beams") or use the disabling test (1 destroys). */
  ionDestroysOnOne?: boolean;
}

/** Destruction test: survive on this or less (3; Hardened Hull 4; Flimsy Hull 2). */
export function saveNumber(rule: HullRule): number {
  return rule === "hardened" ? 4 : rule === "flimsy" ? 2 : 3;
}

/** Shield hardness reduction: heavy 2, missile 1, light 0, fighter 0; super heavy 3; ion 0; heavy ion 1. */
export function shieldReduction(a: Attack): number {
  if (a.heavyIon) return 1;
  if (a.ion) return 0;
  if (a.superHeavy) return 3;
  return a.weapon === "heavy" ? 2 : a.weapon === "missile" ? 1 : 0;
}

const isIon = (a: Attack): boolean => a.ion === true || a.heavyIon === true;
/** Fires to disable: chosen, or forced for ion weapons ("Ionic weapon may only fire to disable"). */
const disabling = (a: Attack): boolean => a.disable === true || isIon(a);

/** The number rolled against: -1 when choosing to fire to disable ("Ionic weapons ... do not suffer a to hit penalty"). */
export function effectiveTargeting(a: Attack): number {
  return a.targeting - (a.disable && !isIon(a) ? 1 : 0);
}

/** "Roll a die ... equal to or less than a particular targeting number ... rolls of 1 always hit." */
export const isHit = (roll: number, targeting: number): boolean => roll === 1 || roll <= targeting;

/** Roll `dice` d6s, one after another, counting those that succeed. */
function rollD6s(dice: number, rng: Rng, succeeds: (roll: number) => boolean): { rolls: number[]; successes: number } {
  const rolls: number[] = [];
  let successes = 0;
  for (let i = 0; i < dice; i++) {
    const r = rng.d6();
    rolls.push(r);
    if (succeeds(r)) successes++;
  }
  return { rolls, successes };
}

/** Roll `dice` d6s to hit on `targeting` or less, a 1 always hitting (attack dice, interceptors, missile locks). */
export function rollToHit(dice: number, targeting: number, rng: Rng): { rolls: number[]; hits: number } {
  const { rolls, successes } = rollD6s(dice, rng, (r) => isHit(r, targeting));
  return { rolls, hits: successes };
}

/** Roll `dice` d6s, each succeeding on `need` or less (shield saves on the hardness, fighters' dodges, suppression recovery). */
export function rollAtMost(dice: number, need: number, rng: Rng): { rolls: number[]; successes: number } {
  return rollD6s(dice, rng, (r) => r <= need);
}

/** Chance one die hits: at least 1/6 (a 1), at most 6/6. */
export const hitChance = (targeting: number): number => Math.max(1, Math.min(6, Math.floor(targeting))) / 6;

/** Hits needed to suppress: "as many hits ... as there were ships", times the size band. */
export function suppressAt(t: TargetSquadron): number {
  return t.ships * (t.hitsPerShip ?? hitsPerShipToSuppress(t.size));
}

/**
 * Shield dice: "If the number of hits is less than the number of ships in the squadron,
 * only that many ships may use their shields ... If ... equal to or greater ... the entire
 * squadron uses all of their shields." Fighters: "one shield save per hit, regardless of how
 * many shields they have"; planetary shields: one roll per hit.
 */
export function shieldDice(weapon: Weapon, hits: number, t: TargetSquadron): number {
  if (t.shieldsPerShip <= 0 || hits <= 0) return 0;
  if (weapon === "fighter" || t.savePerHit) return hits;
  return Math.min(hits, t.ships) * t.shieldsPerShip;
}

/**
 * The damage points of one attack that call for destruction tests: every multiple of the
 * threshold crossed below the total damage, then "every point of damage it suffers at and
 * over its total damage". `maxMultiples` caps the threshold tests (mixed squadrons: the last
 * largest ship only tests at the total).
 */
export function destructionTestPoints(before: number, after: number, threshold: number, total: number, maxMultiples = Infinity): number[] {
  const points: number[] = [];
  if (threshold <= 0 || after <= before) return points;
  for (let k = Math.floor(before / threshold) + 1; k <= maxMultiples; k++) {
    const at = k * threshold;
    if (at > after || at >= total) break;
    points.push(at);
  }
  for (let at = Math.max(before + 1, total); at <= after; at++) points.push(at);
  return points;
}

export function totalHullOf(t: TargetSquadron): number {
  return t.totalHull ?? t.ships * t.hull;
}

/** The kind of one destruction test's result. */
type TestResult = "survived" | "destroyed" | "disabled";

/** Failure, destruction and disabling chances of one test (for the exact odds). */
function testChances(a: Attack, rule: HullRule, o: CombatOptions): { destroy: number; disable: number } {
  const save = saveNumber(rule);
  const fail = (6 - save) / 6;
  if (!disabling(a)) return { destroy: fail, disable: 0 };
  if (isIon(a) && !o.ionDestroysOnOne) return { destroy: 0, disable: fail };
  return { destroy: 1 / 6, disable: fail - 1 / 6 };
}

/**
 * One destruction test's result. "Needing to roll a d6 equal to or less than 3" (4 hardened,
 * 2 flimsy). A disabling test: "only destroyed on roll of 1. If they fail their destruction
 * test on a higher roll (typically a 2 or 3) ... disabled": the failing faces are the lowest
 * (6 - save) faces, the 1 destroys (ruling "Firing to disable"). Ion beams: "Ships which fail
 * destruction tests from an Ion Beam attack are not destroyed, instead they are disabled."
 */
export function testResult(roll: number, a: Attack, rule: HullRule, o: CombatOptions = {}): TestResult {
  const save = saveNumber(rule);
  if (!disabling(a)) return roll <= save ? "survived" : "destroyed";
  if (isIon(a) && !o.ionDestroysOnOne) return roll <= save ? "survived" : "disabled";
  if (o.disableFaces === "high-rolls") return roll <= save ? "survived" : roll === 6 ? "destroyed" : "disabled";
  const failFaces = 6 - save;
  if (roll > failFaces) return "survived";
  return roll === 1 ? "destroyed" : "disabled";
}

/** Roll the attack dice; missiles hit automatically (or after per-ship locks). */
function rollAttack(a: Attack, rng: Rng): { rolls: number[]; hits: number } {
  const dice = Math.max(0, Math.floor(a.dice));
  if (a.weapon === "missile" && a.missilesPerShip === undefined) return { rolls: [], hits: dice };
  const { rolls, hits } = rollToHit(dice, effectiveTargeting(a), rng);
  if (a.weapon === "missile") return { rolls, hits: hits * Math.max(0, Math.floor(a.missilesPerShip ?? 1)) };
  return { rolls, hits };
}

/** Damage from the hits the shields did not save: one a hit; super heavy batteries a d3 each ("3": three each). */
function unsavedDamage(a: Attack, unsaved: number, rng: Rng, options: CombatOptions): { damage: number; rolls: number[] } {
  if (!a.superHeavy || unsaved <= 0) return { damage: unsaved, rolls: [] };
  if (options.superHeavyDamage === "3") return { damage: 3 * unsaved, rolls: [] };
  const rolls: number[] = [];
  for (let i = 0; i < unsaved; i++) rolls.push(rng.int(1, 3));
  return { damage: rolls.reduce((t, r) => t + r, 0), rolls };
}

/**
 * Step 6) of "Basic Combat Resolution": the damage is added to the squadron's and a destruction test is
 * rolled at every point it reaches, each as the attack `attackAt` names for that point (until no ship is
 * left). A failed test destroys a ship, or disables one (disabling fire, ion beams).
 */
function destructionTests(
  target: TargetSquadron,
  damage: number,
  attackAt: (at: number) => Attack,
  rng: Rng,
  options: CombatOptions,
): Pick<AttackOutcome, "damage" | "destroyed" | "damageTaken" | "shipsLeft" | "disabled" | "newlyDisabled" | "tests"> {
  const before = target.damageTaken;
  const after = before + damage;
  const points = destructionTestPoints(before, after, target.hull, totalHullOf(target));
  let disabled = Math.min(target.ships, target.disabled ?? 0);
  let active = target.ships - disabled;
  let destroyed = 0;
  let newlyDisabled = 0;
  const tests: DestructionTest[] = [];
  for (const at of points) {
    if (active + disabled === 0) break;
    const roll = rng.d6();
    const res = testResult(roll, attackAt(at), target.hullRule, options);
    const test: DestructionTest = { threshold: at, roll, destroyed: res === "destroyed" };
    if (res === "destroyed") {
      // Ruling "Which ship a failed test takes": the active ships go first.
      if (active > 0) active--;
      else disabled--;
      destroyed++;
    } else if (res === "disabled") {
      test.disabled = active > 0;
      if (active > 0) {
        active--;
        disabled++;
        newlyDisabled++;
      }
    }
    tests.push(test);
  }
  return {
    damage,
    destroyed,
    damageTaken: after,
    shipsLeft: target.ships - destroyed,
    disabled,
    newlyDisabled,
    tests,
  };
}

/**
 * Resolve one attack (one squadron, or several synchronised) on one enemy squadron:
 * steps 3) to 6) of "Basic Combat Resolution".
 */
export function resolveAttack(attack: Attack, target: TargetSquadron, rng: Rng, options: CombatOptions = {}): AttackOutcome {
  const { rolls, hits } = rollAttack(attack, rng);
  // 4) Suppression: one marker per enemy taskforce activation.
  const need = suppressAt(target);
  const suppressed = !attack.noSuppression && !target.suppressedAlready && target.ships > 0 && hits >= need;
  // 5) Shields.
  const shieldsUsed = shieldDice(attack.weapon, hits, target);
  const hardness = target.hardness - shieldReduction(attack);
  const { rolls: shieldRolls, successes } = rollAtMost(hardness > 0 ? shieldsUsed : 0, hardness, rng);
  const saves = Math.min(hits, successes);
  const { damage, rolls: damageRolls } = unsavedDamage(attack, hits - saves, rng, options);
  return {
    rolls,
    attackRolls: [rolls],
    hits,
    suppressed,
    suppressAt: need,
    shieldsUsed,
    shieldRolls,
    saves,
    damageRolls,
    ...destructionTests(target, damage, () => attack, rng, options),
  };
}

/** The hits of several weapon classes rolled one after another (in the order given). */
interface Volley {
  rolled: { rolls: number[]; hits: number }[];
  hits: number;
}
function rollVolley(attacks: readonly Attack[], rng: Rng): Volley {
  const rolled = attacks.map((a) => rollAttack(a, rng));
  return { rolled, hits: rolled.reduce((t, r) => t + r.hits, 0) };
}

/**
 * The shield dice of one combined attack and the damage after them: each shield die saves a hit of a
 * class whose reduced hardness it meets, the lowest dice going to the hardest hits (the most saves the
 * dice allow); unsaved hits do damage class by class (super heavy: a d3 each). `dieHardness` is each
 * die's own hardness before the reduction (a squadron of one design: all the same; a mixed squadron:
 * the hardness of the ship whose shield it is). A die whose hardness no class's reduction leaves above
 * 0 is not rolled. `classAt` names the class whose damage reached a damage point (counting from
 * `before`), for the destruction test there.
 */
function combinedSaves(
  attacks: readonly Attack[],
  volley: Volley,
  dieHardness: readonly number[],
  before: number,
  rng: Rng,
  options: CombatOptions,
): {
  shieldRolls: number[];
  shieldHardness: number[];
  saves: number;
  damage: number;
  damageRolls: number[];
  classAt: (at: number) => Attack;
} {
  const reduction = attacks.map(shieldReduction);
  const least = Math.min(...reduction);
  const shieldRolls: number[] = [];
  const shieldHardness = dieHardness.filter((h) => h - least > 0);
  for (let i = 0; i < shieldHardness.length; i++) shieldRolls.push(rng.d6());
  // A die's margin (its hardness less its roll) saves a hit whose reduction is at most the margin.
  const margins = shieldRolls.map((r, i) => (shieldHardness[i] as number) - r).sort((x, y) => y - x);
  const order = attacks.map((_, i) => i).sort((x, y) => (reduction[y] as number) - (reduction[x] as number) || x - y);
  const hitsOf = (c: number): number => (volley.rolled[c] as { hits: number }).hits;
  const saved = attacks.map(() => 0);
  let d = 0;
  for (const c of order) {
    const r = reduction[c] as number;
    while ((saved[c] as number) < hitsOf(c) && d < margins.length && (margins[d] as number) >= r) {
      saved[c] = (saved[c] as number) + 1;
      d++;
    }
  }
  const unsaved = attacks.map((a, c) => unsavedDamage(a, hitsOf(c) - (saved[c] as number), rng, options));
  const classDamage = unsaved.map((u) => u.damage);
  const classAt = (at: number): Attack => {
    let cum = before;
    for (let c = 0; c < attacks.length; c++) {
      cum += classDamage[c] as number;
      if (at <= cum) return attacks[c] as Attack;
    }
    return attacks[attacks.length - 1] as Attack;
  };
  return {
    shieldRolls,
    shieldHardness,
    saves: saved.reduce((t, x) => t + x, 0),
    damage: classDamage.reduce((t, x) => t + x, 0),
    damageRolls: unsaved.flatMap((u) => u.rolls),
    classAt,
  };
}

/** "all of them add up their hits together to determine if they suppress or not" (none when any class places none). */
const volleySuppresses = (attacks: readonly Attack[], hits: number, need: number, already: boolean, ships: number): boolean =>
  attacks.every((a) => !a.noSuppression) && !already && ships > 0 && hits >= need;

/**
 * One attack made of several weapon classes with different shield reductions (synchronised squadrons,
 * or one squadron with heavy batteries and heavy ion beams): "all of them add up their hits together to
 * determine if they suppress or not. They should all resolve their to hit rolls before the enemy squadron
 * rolls its shield saves." Every class rolls its dice (in the order given); the hits are added for
 * suppression and for the shield dice (min(hits, ships) x shields, once); each shield die saves a hit of
 * a class whose reduced hardness it meets, the lowest dice going to the hardest hits (the most saves the
 * dice allow); unsaved hits do damage class by class (super heavy: a d3 each); the destruction tests
 * follow the damage points, each tested as the class whose damage reached that point (disabling, ion).
 */
export function resolveCombinedAttack(attacks: Attack[], target: TargetSquadron, rng: Rng, options: CombatOptions = {}): AttackOutcome {
  const [first] = attacks;
  if (!first) throw new Error("resolveCombinedAttack: no attack");
  if (attacks.length === 1) return resolveAttack(first, target, rng, options);
  const volley = rollVolley(attacks, rng);
  const need = suppressAt(target);
  const anyFighter = attacks.some((a) => a.weapon === "fighter");
  const shieldsUsed = shieldDice(anyFighter ? "fighter" : "heavy", volley.hits, target);
  const dieHardness = new Array<number>(shieldsUsed).fill(target.hardness);
  const s = combinedSaves(attacks, volley, dieHardness, target.damageTaken, rng, options);
  return {
    rolls: volley.rolled.flatMap((r) => r.rolls),
    attackRolls: volley.rolled.map((r) => r.rolls),
    hits: volley.hits,
    suppressed: volleySuppresses(attacks, volley.hits, need, target.suppressedAlready === true, target.ships),
    suppressAt: need,
    shieldsUsed,
    shieldRolls: s.shieldRolls,
    saves: s.saves,
    damageRolls: s.damageRolls,
    ...destructionTests(target, s.damage, s.classAt, rng, options),
  };
}

// ---------------------------------------------------------------------------
// Exact odds: the dice distribution enumerated, no sampling.

/** Binomial probabilities P(k of n succeed), k = 0..n. */
export function binomial(n: number, p: number): number[] {
  const out = new Array<number>(n + 1).fill(0);
  if (p <= 0) {
    out[0] = 1;
    return out;
  }
  if (p >= 1) {
    out[n] = 1;
    return out;
  }
  // Multiply up row by row: stable for the sizes of a volley (hundreds of dice).
  out[0] = 1;
  for (let i = 1; i <= n; i++) {
    for (let k = i; k >= 1; k--) out[k] = (out[k] as number) * (1 - p) + (out[k - 1] as number) * p;
    out[0] = (out[0] as number) * (1 - p);
  }
  return out;
}

/** Distribution of the sum of n d3s (index = sum). */
function d3Sum(n: number): number[] {
  let dist = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + 3).fill(0);
    for (let s = 0; s < dist.length; s++) for (let f = 1; f <= 3; f++) next[s + f] = (next[s + f] as number) + (dist[s] as number) / 3;
    dist = next;
  }
  return dist;
}

/**
 * The exact odds of `resolveAttack`: the hits are binomial, the shield successes binomial,
 * the damage follows (d3 sums for super heavies), the tests are deterministic in the damage,
 * and the destruction tests are a small chain over (active, disabled) ships.
 */
export function exactOdds(attack: Attack, target: TargetSquadron, options: CombatOptions = {}): Odds {
  const ships = Math.max(0, target.ships);
  const dice = Math.max(0, Math.floor(attack.dice));
  // Hits distribution.
  let hitsDist: number[];
  if (attack.weapon === "missile" && attack.missilesPerShip === undefined) {
    hitsDist = new Array<number>(dice + 1).fill(0);
    hitsDist[dice] = 1;
  } else {
    const rolled = binomial(dice, hitChance(effectiveTargeting(attack)));
    const per = attack.weapon === "missile" ? Math.max(0, Math.floor(attack.missilesPerShip ?? 1)) : 1;
    hitsDist = new Array<number>(dice * per + 1).fill(0);
    for (let k = 0; k <= dice; k++) hitsDist[k * per] = (hitsDist[k * per] as number) + (rolled[k] as number);
  }
  const need = suppressAt(target);
  const hardness = target.hardness - shieldReduction(attack);
  const q = Math.max(0, Math.min(6, hardness)) / 6;
  const total = totalHullOf(target);
  const chance = testChances(attack, target.hullRule, options);
  const disabled0 = Math.min(ships, target.disabled ?? 0);
  const testsMemo = new Map<number, number[]>();
  const d3Memo = new Map<number, number[]>();
  const d3Of = (n: number): number[] => {
    let dist = d3Memo.get(n);
    if (!dist) d3Memo.set(n, (dist = d3Sum(n)));
    return dist;
  };
  /** Distribution of ships destroyed after n tests. */
  const afterTests = (n: number): number[] => {
    const hit = testsMemo.get(n);
    if (hit) return hit;
    // state: [active][disabled] -> probability, with destroyed = ships - active - disabled.
    let state = new Map<string, number>([[`${ships - disabled0},${disabled0}`, 1]]);
    for (let i = 0; i < n; i++) {
      const next = new Map<string, number>();
      const add = (a: number, d: number, pr: number) => {
        if (pr === 0) return;
        const key = `${a},${d}`;
        next.set(key, (next.get(key) ?? 0) + pr);
      };
      for (const [key, pr] of state) {
        const [a, d] = key.split(",").map(Number) as [number, number];
        if (a + d === 0) {
          add(a, d, pr);
          continue;
        }
        const survive = 1 - chance.destroy - chance.disable;
        add(a, d, pr * survive);
        if (a > 0) add(a - 1, d, pr * chance.destroy);
        else add(a, d - 1, pr * chance.destroy);
        if (a > 0) add(a - 1, d + 1, pr * chance.disable);
        else add(a, d, pr * chance.disable);
      }
      state = next;
    }
    const dist = new Array<number>(ships + 1).fill(0);
    for (const [key, pr] of state) {
      const [a, d] = key.split(",").map(Number) as [number, number];
      const k = ships - a - d;
      dist[k] = (dist[k] as number) + pr;
    }
    testsMemo.set(n, dist);
    return dist;
  };

  let meanHits = 0;
  let suppressedRate = 0;
  let meanDamage = 0;
  const destroyedDistribution = new Array<number>(ships + 1).fill(0);
  const damageDist = new Map<number, number>();
  for (let h = 0; h < hitsDist.length; h++) {
    const ph = hitsDist[h] as number;
    if (ph === 0) continue;
    meanHits += h * ph;
    if (!attack.noSuppression && !target.suppressedAlready && ships > 0 && h >= need) suppressedRate += ph;
    const s = hardness > 0 ? shieldDice(attack.weapon, h, target) : 0;
    const succ = binomial(s, q);
    for (let k = 0; k <= s; k++) {
      const pk = succ[k] as number;
      if (pk === 0) continue;
      const unsaved = h - Math.min(h, k);
      if (attack.superHeavy && unsaved > 0) {
        if (options.superHeavyDamage === "3") damageDist.set(3 * unsaved, (damageDist.get(3 * unsaved) ?? 0) + ph * pk);
        else {
          const sums = d3Of(unsaved);
          for (let dmg = 0; dmg < sums.length; dmg++) {
            const pd = sums[dmg] as number;
            if (pd > 0) damageDist.set(dmg, (damageDist.get(dmg) ?? 0) + ph * pk * pd);
          }
        }
      } else damageDist.set(unsaved, (damageDist.get(unsaved) ?? 0) + ph * pk);
    }
  }
  for (const [dmg, pd] of damageDist) {
    meanDamage += dmg * pd;
    const n = destructionTestPoints(target.damageTaken, target.damageTaken + dmg, target.hull, total).length;
    const dist = afterTests(n);
    for (let k = 0; k <= ships; k++) destroyedDistribution[k] = (destroyedDistribution[k] as number) + pd * (dist[k] as number);
  }
  let meanShipsDestroyed = 0;
  for (let k = 0; k <= ships; k++) meanShipsDestroyed += k * (destroyedDistribution[k] as number);
  return { meanHits, suppressedRate, meanDamage, meanShipsDestroyed, destroyedDistribution };
}

// ---------------------------------------------------------------------------
// Mixed squadrons ("New rules for mixed ships in a Squadron", highly experimental).

export interface MixedShip {
  name: string;
  size: number;
  shields: number;
  hull: number;
  /** Destruction tests taken so far (the dots beside its name). */
  tests: number;
  destroyed: boolean;
  /** Disabled (by disabling fire or ion weapons): it stays in the list, passed over by tests while an active ship is in line. */
  disabled?: boolean;
  /** Its own hull ("Hardened Hull (Destruction saves on 4 instead of 3)"); default the squadron's. */
  hullRule?: HullRule;
  /** Its own shield hardness (4; weak shields 3; no shields 2, "Hardness 2 from armor"); default the squadron's. */
  hardness?: number;
}

export interface MixedSquadron {
  /** "write the ships down in the mixed squadron in the order they will take destruction tests" (least hull first). */
  ships: MixedShip[];
  damageTaken: number;
  /** Shield hardness of the ships that do not give their own. */
  hardness: number;
  hullRule: HullRule;
  /** Index in `ships` of the next ship to test (and the first to use shields). */
  next: number;
  suppressedAlready?: boolean;
}

/** Orders ships "in the order of least hull to largest hull" (stable). */
export function mixedOrder<T extends { hull: number }>(ships: T[]): T[] {
  return ships
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.hull - b.s.hull || a.i - b.i)
    .map((x) => x.s);
}

/** "the total hull is divided by the number of ships and rounded down". */
export function mixedThreshold(sq: MixedSquadron): number {
  return Math.floor(mixedTotal(sq) / sq.ships.length);
}
export const mixedTotal = (sq: MixedSquadron): number => sq.ships.reduce((t, s) => t + s.hull, 0);

/** The alive ships from `next`, cycling: the order shields are used and tests taken. */
function cycleFrom(sq: MixedSquadron, count: number): number[] {
  const out: number[] = [];
  const n = sq.ships.length;
  if (!sq.ships.some((s) => !s.destroyed)) return out;
  let i = sq.next % n;
  while (out.length < count) {
    if (!(sq.ships[i] as MixedShip).destroyed) out.push(i);
    i = (i + 1) % n;
  }
  return out;
}

/**
 * The next ship to take a destruction test: the next one in line, passing over disabled ships while an
 * active one is left (ruling "Mixed squadrons: disabled ships"; as "Which ship a failed test takes").
 */
function nextTester(sq: MixedSquadron): number | undefined {
  const alive = cycleFrom(sq, sq.ships.filter((s) => !s.destroyed).length);
  return alive.find((i) => !(sq.ships[i] as MixedShip).disabled) ?? alive[0];
}

/**
 * The shield dice of a mixed squadron against `hits`, each as the hardness of the ship whose shield it is, in
 * line order: "start with the next ship that will have to take a destruction test and add up the next ships
 * equal to the hits, cycling back ... If the number of hits is equal to or greater than the number of ships,
 * then the total number of shields remaining in the squadron can be used" (every ship left, from the next in
 * line). Fighters ("one shield save per hit"): the hits fall on the ships in line, one die each on a ship
 * with shields (ruling "Mixed squadrons: each ship's own shield hardness").
 */
function mixedShieldDice(sq: MixedSquadron, hits: number, fighter: boolean): number[] {
  if (hits <= 0) return [];
  const alive = sq.ships.filter((s) => !s.destroyed).length;
  const ship = (i: number): MixedShip => sq.ships[i] as MixedShip;
  const hardness = (m: MixedShip): number => m.hardness ?? sq.hardness;
  if (fighter)
    return cycleFrom(sq, hits)
      .map(ship)
      .filter((m) => m.shields > 0)
      .map(hardness);
  return cycleFrom(sq, Math.min(hits, alive))
    .map(ship)
    .flatMap((m) => new Array<number>(Math.max(0, m.shields)).fill(hardness(m)));
}

export interface MixedOutcome {
  rolls: number[];
  /** The to-hit dice of each attack, in the order given. */
  attackRolls: number[][];
  hits: number;
  suppressAt: number;
  suppressed: boolean;
  shieldsUsed: number;
  shieldRolls: number[];
  /** The hardness (before the weapon's reduction) of each shield die rolled: its ship's. */
  shieldHardness: number[];
  saves: number;
  /** The d3 rolled per unsaved super heavy hit. */
  damageRolls: number[];
  damage: number;
  tests: { threshold: number; ship: string; roll: number; destroyed: boolean; disabled?: boolean }[];
  destroyed: string[];
  /** Ships disabled by this attack. */
  disabled: string[];
  squadron: MixedSquadron;
}

/**
 * One attack on a mixed squadron: shields from "the next ship that will have to take a
 * destruction test and ... the next ships equal to the hits, cycling back"; suppression
 * "the number of hits per ship remaining is simply added up"; tests in list order, cycling,
 * with "The last largest ship only takes a destruction test when total hull damage has been
 * reached". Returns the new squadron (the input is not changed).
 */
export function resolveMixedAttack(attack: Attack, squadron: MixedSquadron, rng: Rng, options: CombatOptions = {}): MixedOutcome {
  return resolveMixedCombinedAttack([attack], squadron, rng, options);
}

/**
 * Several weapon classes in one synchronised attack on a mixed squadron, read as `resolveCombinedAttack`
 * reads it for a squadron of one design (ruling "Synchronised fire with different weapon types"): every
 * class rolls, the hits are added for suppression (the hits per ship added up) and for the shield dice
 * (the mixed rule, once), the lowest shield dice save the hardest hits, damage class by class, and each
 * test is taken as the class whose damage reached its point. A failed disabling test disables the ship
 * that took it ("Firing to disable", "Ion Beams"): it stays in the list.
 */
export function resolveMixedCombinedAttack(
  attacks: Attack[],
  squadron: MixedSquadron,
  rng: Rng,
  options: CombatOptions = {},
): MixedOutcome {
  if (attacks.length === 0) throw new Error("resolveMixedCombinedAttack: no attack");
  const sq: MixedSquadron = { ...squadron, ships: squadron.ships.map((s) => ({ ...s })) };
  const alive = sq.ships.filter((s) => !s.destroyed);
  const volley = rollVolley(attacks, rng);
  const need = alive.reduce((t, s) => t + hitsPerShipToSuppress(s.size), 0);
  const suppressed = volleySuppresses(attacks, volley.hits, need, sq.suppressedAlready === true, alive.length);
  const dieHardness = mixedShieldDice(
    sq,
    volley.hits,
    attacks.some((a) => a.weapon === "fighter"),
  );
  const shieldsUsed = dieHardness.length;
  // Each die is rolled against the hardness of the ship whose shield it is, in line order.
  const s = combinedSaves(attacks, volley, dieHardness, sq.damageTaken, rng, options);
  const before = sq.damageTaken;
  sq.damageTaken = before + s.damage;
  const points = destructionTestPoints(before, sq.damageTaken, mixedThreshold(sq), mixedTotal(sq), sq.ships.length - 1);
  const tests: MixedOutcome["tests"] = [];
  const destroyed: string[] = [];
  const disabled: string[] = [];
  for (const at of points) {
    const i = nextTester(sq);
    if (i === undefined) break;
    const ship = sq.ships[i] as MixedShip;
    const roll = rng.d6();
    // The ship that tests saves on its own hull's number (hardened 4, flimsy 2).
    const res = testResult(roll, s.classAt(at), ship.hullRule ?? sq.hullRule, options);
    ship.tests++;
    const test: MixedOutcome["tests"][number] = { threshold: at, ship: ship.name, roll, destroyed: res === "destroyed" };
    if (res === "destroyed") {
      ship.destroyed = true;
      destroyed.push(ship.name);
    } else if (res === "disabled" && !ship.disabled) {
      // A ship already disabled (no active ship left in line) stays as it is, as in a squadron of one design.
      ship.disabled = true;
      disabled.push(ship.name);
      test.disabled = true;
    }
    tests.push(test);
    sq.next = (i + 1) % sq.ships.length;
  }
  // The pointer rests on the next alive ship in line.
  const [nx] = cycleFrom(sq, 1);
  if (nx !== undefined) sq.next = nx;
  return {
    rolls: volley.rolled.flatMap((r) => r.rolls),
    attackRolls: volley.rolled.map((r) => r.rolls),
    hits: volley.hits,
    suppressAt: need,
    suppressed,
    shieldsUsed,
    shieldRolls: s.shieldRolls,
    shieldHardness: s.shieldHardness,
    saves: s.saves,
    damageRolls: s.damageRolls,
    damage: s.damage,
    tests,
    destroyed,
    disabled: disabled.filter((n) => !destroyed.includes(n)),
    squadron: sq,
  };
}

// ---------------------------------------------------------------------------
// Fighters, interceptors, missiles, boarding, repair and recovery: the small dice rules.

/**
 * Fire at fighters or missiles (interceptors, fighters, destroyer light batteries as
 * interceptors): a die per weapon, hits on `targeting` or less (1 always hits); each hit
 * on a fighter flight may be dodged on `dodge` or less ("Fighters flights may attempt to
 * dodge incoming fire. They can negate any hit they take by rolling a 3 or less"; +1 when
 * evading). Missiles do not dodge (dodge 0).
 */
export function resolveAntiSmallCraft(
  dice: number,
  targeting: number,
  dodge: number,
  rng: Rng,
): { rolls: number[]; hits: number; dodgeRolls: number[]; kills: number } {
  const { rolls, hits } = rollToHit(dice, targeting, rng);
  const { rolls: dodgeRolls, successes: dodged } = rollAtMost(dodge > 0 ? hits : 0, dodge, rng);
  return { rolls, hits, dodgeRolls, kills: hits - dodged };
}

/** Fighters: targeting 3; dodge 3. Evading or leaving a dogfight: "-2 penalty to attack rolls and ... +1 to dodge rolls". */
export const FIGHTER_TARGETING = 3;
export const FIGHTER_DODGE = 3;
export function fighterNumbers(evading: boolean): { targeting: number; dodge: number } {
  return evading ? { targeting: FIGHTER_TARGETING - 2, dodge: FIGHTER_DODGE + 1 } : { targeting: FIGHTER_TARGETING, dodge: FIGHTER_DODGE };
}

/**
 * "If the squadron loses carriers with fighters on them ... the fighters are destroyed. Assume
 * even fighter distribution across the squadron, rounding down."
 */
export function fightersLostWithCarriers(fightersAboard: number, carriers: number, carriersLost: number): number {
  return fightersAboardShips(
    fightersAboard,
    new Array<number>(Math.max(0, carriers)).fill(1),
    new Array<number>(Math.max(0, carriersLost)).fill(1),
  );
}

/**
 * The wings aboard some of a squadron's ships (lost, or disabled): "Assume even fighter distribution
 * across the squadron, rounding down" read per bay (ruling "Mixed squadrons: fighters lost per carrier
 * design"): each carrier holds floor(fighters x its bays / the bays of all the squadron's ships), a ship
 * without bays none, and the last carriers hold all that is left. `bays`: every ship's bays; `some`: the
 * bays of the ships asked about (a subset). With equal carriers this is floor(fighters / carriers) each.
 */
export function fightersAboardShips(fightersAboard: number, bays: readonly number[], some: readonly number[]): number {
  const carriers = bays.filter((b) => b > 0).length;
  const asked = some.filter((b) => b > 0);
  if (fightersAboard <= 0 || carriers === 0 || asked.length === 0) return 0;
  if (asked.length >= carriers) return fightersAboard;
  const all = bays.reduce((t, b) => t + Math.max(0, b), 0);
  return Math.min(
    fightersAboard,
    asked.reduce((t, b) => t + Math.floor((fightersAboard * b) / all), 0),
  );
}

/** "each carrier may roll a fighter repair check after it moves, needing a 3 or less to recover one fighter". */
export function recoverFighters(carriers: number, fighters: number, complement: number, rng: Rng): { rolls: number[]; fighters: number } {
  const rolls: number[] = [];
  let f = fighters;
  for (let i = 0; i < carriers && f < complement; i++) {
    const r = rng.d6();
    rolls.push(r);
    if (r <= 3) f++;
  }
  return { rolls, fighters: f };
}

/** Missile locks: "a locking roll on a per ship basis of 5 or less ... modified by all the normal targeting factors" (1s lock). */
export function missileLocks(ships: number, targeting: number, rng: Rng): { rolls: number[]; locked: number } {
  const { rolls, hits } = rollToHit(ships, targeting, rng);
  return { rolls, locked: hits };
}

/**
 * Boarding: "The boarding ships add their combined ship size to their die roll, and the enemy
 * ship adds its size ... If the boarders roll higher ... they capture the ship." Assault units
 * add a d3 each ("each assault unit adds another d3 for the attacker or defender").
 */
export function resolveBoarding(
  b: { boardersSize: number; defenderSize: number; attackerAssault?: number; defenderAssault?: number },
  rng: Rng,
): { attacker: number; defender: number; captured: boolean } {
  let attacker = rng.d6() + b.boardersSize;
  for (let i = 0; i < (b.attackerAssault ?? 0); i++) attacker += rng.int(1, 3);
  let defender = rng.d6() + b.defenderSize;
  for (let i = 0; i < (b.defenderAssault ?? 0); i++) defender += rng.int(1, 3);
  return { attacker, defender, captured: attacker > defender };
}

/**
 * Deactivation repairs: "Every ship may attempt to repair one damage ... by rolling a 1 on a d6.
 * ... only as many ships may make repair rolls as there is damage on the squadron"; "Squadrons with
 * repair systems may make an extra repair roll per ship", one per system.
 */
export function repairRollCount(ships: number, damage: number, repairSystemsPerShip: number): number {
  return Math.max(0, Math.min(ships, damage)) * (1 + Math.max(0, repairSystemsPerShip));
}
export function resolveRepairs(
  ships: number,
  damage: number,
  repairSystemsPerShip: number,
  rng: Rng,
): { rolls: number[]; repaired: number } {
  const rolls: number[] = [];
  let repaired = 0;
  const n = repairRollCount(ships, damage, repairSystemsPerShip);
  for (let i = 0; i < n; i++) {
    const r = rng.d6();
    rolls.push(r);
    if (r === 1 && repaired < damage) repaired++;
  }
  return { rolls, repaired };
}

/** "A squadron rolls a d6 for each suppression marker on it, needing a 3 or less if it is within 8" of its flagship or a 2 or less if it is not." */
export function recoverSuppression(markers: number, inCommandRange: boolean, rng: Rng): { rolls: number[]; removed: number } {
  const { rolls, successes } = rollAtMost(markers, inCommandRange ? 3 : 2, rng);
  return { rolls, removed: successes };
}
