/**
 * Fire in a quick battle: the Advanced Game Combat Table (seed 000 "ORDERS OF BATTLE": used with the Basic rules
 * too), the defence a target uses, interceptor missiles, and the damage a hit does (Basic: hull points only; Advanced:
 * the Damage Table on d100 + DTM). Every figure comes from `knight-hawks-tables.ts` (reference D.11).
 */
import type { Defence, Weapon } from "../../orders-of-battle/ship-classes.js";
import { WEAPONS } from "../../orders-of-battle/ship-classes.js";
import { ATTRACTING_SCREEN, COMBAT_TABLE, damageBand, RULES_NUMBERS, WEAPON_DATA, type WeaponData } from "../knight-hawks-tables.js";
import { add, DESTROYED, d100, damageDice, type Fight, IN_BATTLE, type Unit, W_INDEX } from "./units.js";

/** Combat table columns, by index: None, RH, PS, ES, SS, MS. */
const C_NONE = 0;
const C_RH = 1;
const C_PS = 2;
const C_ES = 3;
const C_SS = 4;
const C_MS = 5;

/**
 * Interceptor missiles a target fires at one incoming attack (RULINGS.md "Battles: ICMs"): two at a torpedo or a
 * seeker missile (-10 and -8 each), one at an assault rocket or a mine (-5 each), none at a rocket battery (-3: not
 * worth a missile).
 */
export const ICMS_FIRED: Readonly<Partial<Record<Weapon, number>>> = { T: 2, SM: 2, AR: 1, M: 1 };

/** A range band of the abstract battle: how far apart the fleets fire, and whether only beam weapons reach. */
export interface Band {
  name: string;
  hexes: number;
  beamsOnly: boolean;
}
/** Round 1: the attacker comes in from the map's edge; only the long-ranged beam weapons (9-12 hexes) reach. */
export const APPROACH: Band = { name: "approach", hexes: 6, beamsOnly: true };
/** Round 2 on: the fleets are in among each other, two hexes apart: every weapon reaches (rocket batteries: 3). */
export const CLOSE: Band = { name: "close", hexes: 2, beamsOnly: false };

/** The tables by weapon index (WEAPONS order): a battle asks them hundreds of times a round. */
const ROWS: readonly (readonly number[])[] = WEAPONS.map((w) => COMBAT_TABLE[w]);
const DATA: readonly WeaponData[] = WEAPONS.map((w) => WEAPON_DATA[w]);
const ATTRACTS: readonly number[] = WEAPONS.map((w) => (ATTRACTING_SCREEN[w] === "PS" ? C_PS : ATTRACTING_SCREEN[w] === "ES" ? C_ES : -1));
const ICMS: readonly number[] = WEAPONS.map((w) => ICMS_FIRED[w] ?? 0);
const WI_T = W_INDEX.T;
const RD_PER_HEX = RULES_NUMBERS.rangeDiffusionPerHex;
const CC_PENALTY = RULES_NUMBERS.combatControlPenalty;
const EVASION = RULES_NUMBERS.evasionVsTorpedoPerMr;
const AUTO_HIT = RULES_NUMBERS.autoHitMaxRoll;
const AUTO_MISS = RULES_NUMBERS.autoMissMinRoll;

/**
 * The defence a target uses against weapon `wi` (D.11 `defense_choice`): the most effective it has up, except that a
 * screen that attracts the weapon (a proton screen an electron beam, an electron screen a proton beam) must be used.
 * Screens, masking screens included, are down while the power is short.
 */
export function defenceColumn(t: Unit, wi: number): number {
  const row = ROWS[wi] as readonly number[];
  let best = t.rh ? C_RH : C_NONE;
  if (t.powerShort) return best;
  const attracts = ATTRACTS[wi] as number;
  if ((attracts === C_PS && t.ps) || (attracts === C_ES && t.es)) return attracts;
  if (t.ps && (row[C_PS] as number) < (row[best] as number)) best = C_PS;
  if (t.es && (row[C_ES] as number) < (row[best] as number)) best = C_ES;
  if (t.ss && (row[C_SS] as number) < (row[best] as number)) best = C_SS;
  if (t.msUp && (row[C_MS] as number) < (row[best] as number)) best = C_MS;
  return best;
}

/** The chance (%) weapon `wi` of `s` hits `t` using defence column `col` at `band`, before ICMs. */
export function hitChance(s: Unit | null, t: Unit, wi: number, col: number, band: Band): number {
  let pct = (ROWS[wi] as readonly number[])[col] as number;
  if ((DATA[wi] as WeaponData).rd) pct += RD_PER_HEX * band.hexes;
  if (s !== null) pct += CC_PENALTY * s.combatControl;
  // Fighters and assault scouts evade torpedoes by their manoeuvre rating (D.11 `evasion_vs_torpedo_pct_per_MR`).
  if (wi === WI_T && (t.cls === "FT" || t.cls === "AS")) pct += EVASION * t.mr;
  return pct;
}

/** Whether a d100 roll hits at `pct`%: 5 or less always hits, 96 or more always misses (D.11 `rules_numbers`). */
export function hits(roll: number, pct: number): boolean {
  return roll <= AUTO_HIT || (roll < AUTO_MISS && roll <= pct);
}

/**
 * One attack with weapon `wi`: the target's ICMs, the roll, and the damage on a hit. Returns the hull points the
 * target lost, or -1 for a miss. `col` and `pct` may be given when the caller has worked them out (the volley does).
 */
export function attack(
  f: Fight,
  s: Unit | null,
  t: Unit,
  wi: number,
  band: Band,
  dtmExtra = 0,
  col = defenceColumn(t, wi),
  pct = hitChance(s, t, wi, col, band),
): number {
  const per = (DATA[wi] as WeaponData).icm;
  if (per !== 0 && t.icmLeft > 0 && t.icmWorks && !t.powerShort) {
    const fired = Math.min(ICMS[wi] as number, t.icmLeft);
    t.icmLeft -= fired;
    pct += per * fired;
  }
  if (!hits(d100(f), pct)) return -1;
  return damage(f, t, wi, col, dtmExtra);
}

const WI_LC = W_INDEX.LC;
const WI_LB = W_INDEX.LB;
const WI_PB = W_INDEX.PB;
const WI_EB = W_INDEX.EB;
function halved(wi: number, col: number): boolean {
  return (col === C_MS && (wi === WI_LC || wi === WI_LB)) || (col === C_PS && wi === WI_PB) || (col === C_ES && wi === WI_EB);
}

/**
 * A hit's damage. Basic rules: the weapon's hull damage dice (halved, rounded up, for lasers on a masking screen and
 * the beams on their own screens). Advanced: the Damage Table on d100 + the weapon's DTM + 20 a fire burning.
 */
export function damage(f: Fight, t: Unit, wi: number, col: number, dtmExtra = 0, dice?: { count: number; plus: number }): number {
  const data = DATA[wi] as WeaponData;
  if (!f.advanced) return hull(f, t, hullDice(f, wi, col, data, 1, dice));
  const band = damageBand(d100(f) + data.dtm + dtmExtra + RULES_NUMBERS.fireDtm * t.fires);
  const e = band.effect;
  switch (e.kind) {
    case "hull":
      return hull(f, t, hullDice(f, wi, col, data, e.times, dice));
    case "ADF": {
      const lost = e.amount === "1" ? Math.min(1, t.adf) : e.amount === "half" ? Math.ceil(t.adf / 2) : t.adf;
      t.adf -= lost;
      if (lost > 0) add(t, "ADF", lost);
      return 0;
    }
    case "MR": {
      const lost = e.amount === "1" ? Math.min(1, t.mr) : t.mr;
      t.mr -= lost;
      if (lost > 0) add(t, "MR", lost);
      return 0;
    }
    case "weapon":
      // The first weapon of the list the target still has working is knocked out; none: no effect (RULINGS.md).
      for (const x of e.list) {
        const k = W_INDEX[x];
        if ((t.mounts[k] ?? 0) > 0) {
          t.mounts[k] = (t.mounts[k] ?? 0) - 1;
          add(t, x, 1);
          break;
        }
      }
      return 0;
    case "power-short":
      if (!t.powerShort) add(t, "power-short", 1);
      t.powerShort = true;
      t.msUp = false;
      return 0;
    case "defence":
      for (const x of e.list) if (knockOutDefence(t, x)) break;
      return 0;
    case "combat-control":
      t.combatControl++;
      add(t, "combat-control", 1);
      return 0;
    case "navigation":
      add(t, "navigation", 1);
      return 0;
    case "electrical-fire":
      t.fires++;
      add(t, "electrical-fire", 1);
      return 0;
    case "DCR-half":
      halveDcr(t);
      return 0;
    case "disastrous-fire":
      t.fires++;
      add(t, "disastrous-fire", 1);
      halveDcr(t);
      return 0;
  }
}

/** A hit's hull damage dice (halved, rounded up, for lasers on a masking screen and the beams on their own screens). */
function hullDice(f: Fight, wi: number, col: number, data: WeaponData, times: number, dice?: { count: number; plus: number }): number {
  let d = damageDice(f, dice?.count ?? data.dice, dice?.plus ?? data.plus) * times;
  if (halved(wi, col)) d = Math.ceil(d / 2);
  return d;
}

function halveDcr(t: Unit): void {
  const lost = Math.floor(t.dcr / 2);
  t.dcr -= lost;
  if (lost > 0) add(t, "DCR", lost);
}

function knockOutDefence(t: Unit, d: Defence): boolean {
  switch (d) {
    case "PS":
      if (!t.ps) return false;
      t.ps = false;
      break;
    case "ES":
      if (!t.es) return false;
      t.es = false;
      break;
    case "SS":
      if (!t.ss) return false;
      t.ss = false;
      break;
    case "MS":
      if (!t.msWorks) return false;
      t.msWorks = false;
      t.msUp = false;
      break;
    case "ICM":
      if (!t.icmWorks) return false;
      t.icmWorks = false;
      break;
    default:
      return false;
  }
  add(t, d, 1);
  return true;
}

/**
 * Hull damage. At 0 hull points a ship or station is destroyed, and not before (a station too: seed 000 "UPF
 * Spacefleet Fortresses" rates them in hull points). A destroyed station deals each ship docked at it half its
 * original hull points; a destroyed docked ship deals its station half its own (D.11 `rules_numbers`).
 */
export function hull(f: Fight, t: Unit, points: number): number {
  if (t.status !== IN_BATTLE || points <= 0) return 0;
  const lost = Math.min(points, t.hp);
  t.hp -= lost;
  t.hullLost += lost; // `damage.hull` is written once, when the battle ends (quick-battle.ts)
  if (t.hp <= 0) {
    t.status = DESTROYED;
    const blast = Math.ceil(t.hpMax * RULES_NUMBERS.dockedBlastShare);
    if (t.station) {
      for (const u of f.units) if (u.docked === t.i && u.status === IN_BATTLE) hull(f, u, blast);
    } else if (t.docked >= 0) {
      const st = f.units[t.docked];
      if (st !== undefined) hull(f, st, blast);
    }
  }
  return lost;
}

/** The order a ship fires its weapons in: the heavy and limited weapons first, so the focus moves on after them. */
const FIRE_ORDER: readonly Weapon[] = ["DC", "T", "SM", "LC", "PB", "EB", "LB", "AR", "RB"];
const FIRE_INDEX = FIRE_ORDER.map((w) => W_INDEX[w]);
const WI_SM = W_INDEX.SM;
const MEAN_DAMAGE: readonly number[] = WEAPONS.map((w) => WEAPON_DATA[w].dice * 5.5 + WEAPON_DATA[w].plus);
const byHp = (a: Unit, b: Unit): number => a.hp - b.hp || a.i - b.i;

/** What a volley did, for the report. */
export interface Volley {
  shots: number;
  hits: number;
  hull: number;
}

/**
 * One side's fire in a round (RULINGS.md "Battles: who fires at whom"). Each shooter fires every weapon that reaches
 * at this band once: a beam weapon each working mount, a limited weapon one charge. Targets: the enemy's fighting
 * units in order of hull points left, fewest first; each shot goes at the first whose expected damage this volley
 * (hit chance × mean damage) does not already cover its hull points, so fire is concentrated without waste.
 * Torpedoes and seekers go at the enemy with the most hull points left (not fighters). A docked ship fires no
 * forward-firing weapon and no torpedo. `targets` limits the targets (pursuit of fleeing ships).
 */
export function volley(f: Fight, shooters: readonly Unit[], targets: Unit[], band: Band, beamsOnly = band.beamsOnly): Volley {
  const out: Volley = { shots: 0, hits: 0, hull: 0 };
  const assigned = f.assigned;
  for (const t of targets) assigned[t.i] = 0;
  targets.sort(byHp);
  let focus = 0;
  for (const s of shooters) {
    for (let k = 0; k < FIRE_INDEX.length; k++) {
      const wi = FIRE_INDEX[k] as number;
      const mounts = s.mounts[wi] as number;
      if (mounts <= 0) continue;
      const data = DATA[wi] as WeaponData;
      if (beamsOnly && !data.rd) continue;
      if (s.docked >= 0 && (data.ff || wi === WI_T)) continue;
      const shots = data.ltd ? Math.min(1, s.ammo[wi] as number) : mounts;
      const big = wi === WI_T || wi === WI_SM;
      for (let shot = 0; shot < shots; shot++) {
        let t: Unit | undefined;
        if (big) {
          for (let j = targets.length - 1; j >= 0; j--) {
            const c = targets[j] as Unit;
            if (c.status === IN_BATTLE && c.cls !== "FT") {
              t = c;
              break;
            }
          }
        }
        if (t === undefined) {
          while (focus < targets.length) {
            const c = targets[focus] as Unit;
            if (c.status === IN_BATTLE && (assigned[c.i] as number) < c.hp) break;
            focus++;
          }
          if (focus < targets.length) t = targets[focus];
          else
            for (const c of targets)
              if (c.status === IN_BATTLE) {
                t = c;
                break;
              }
        }
        if (t === undefined) return out;
        if (data.ltd) s.ammo[wi] = (s.ammo[wi] as number) - 1;
        s.fired = true;
        out.shots++;
        const col = defenceColumn(t, wi);
        const pct = hitChance(s, t, wi, col, band);
        assigned[t.i] = (assigned[t.i] as number) + (Math.max(5, pct) / 100) * (MEAN_DAMAGE[wi] as number);
        const lost = attack(f, s, t, wi, band, 0, col, pct);
        if (lost >= 0) {
          out.hits++;
          out.hull += lost;
        }
      }
    }
  }
  return out;
}
