/**
 * A quick battle's working copy of the ships and stations (RULINGS.md "Battles"): each ship or station as a `Unit`
 * whose weapons, defences and ratings are what its Knight Hawks rating leaves after its damage and spent charges.
 * Units are built fresh for every battle from the `BattleInput`, which is never changed.
 */
import type { Rng } from "../../../../core/rng.js";
import type { Damage, Side } from "../../model.js";
import {
  type Expendable,
  isExpendable,
  type Rating,
  SHIP_RATINGS,
  type ShipClass,
  STATION_RATINGS,
  WEAPONS,
  type Weapon,
} from "../../orders-of-battle/ship-classes.js";
import type { BattleInput, BattleLine } from "../battle.js";
import { WEAPON_DATA } from "../knight-hawks-tables.js";

export const IN_BATTLE = 0;
export const DESTROYED = 1;
export const ESCAPED = 2;
export const DETONATED = 3;

export interface Unit {
  /** Its index in `Fight.units`. */
  i: number;
  id: string;
  name: string;
  side: Side;
  station: boolean;
  /** Ship class; null for a station. */
  cls: ShipClass | null;
  rating: Rating;
  hpMax: number;
  hp: number;
  /** Hull points at the start of the battle. */
  hpStart: number;
  /** Hull points lost in this battle (no more than it had). */
  hullLost: number;
  /** Damage now (starts as the input's): model.ts `Damage`. */
  damage: Damage;
  /** Damage at the start, to tell this battle's damage from older damage (REPAIR). */
  damageStart: Damage;
  spent: Partial<Record<Expendable, number>>;
  /** Spent at the start (the input's). */
  spentStart: Partial<Record<Expendable, number>>;
  /** Per `SYSTEM_KEYS`: systems hit in this battle (written into `damage` when the battle ends: `settle`). */
  sys: number[];
  /** Per weapon: charges at the start. */
  ammoStart: readonly number[];
  msStart: number;
  icmStart: number;
  /** Per weapon (WEAPONS order): working mounts of a beam weapon; 1 or 0 for a limited weapon's launcher. */
  mounts: number[];
  /** Per weapon: charges left of a limited weapon. */
  ammo: number[];
  /** Reflective hull (every rated ship and station has one; never knocked out). */
  rh: boolean;
  ps: boolean;
  es: boolean;
  ss: boolean;
  /** Masking screen charges left, and whether the launcher works. */
  msLeft: number;
  msWorks: boolean;
  msUp: boolean;
  icmLeft: number;
  icmWorks: boolean;
  powerShort: boolean;
  adf: number;
  mr: number;
  dcr: number;
  /** Combat control hits (each -10% on its attacks). */
  combatControl: number;
  /** Fires burning (each +20 on its damage table rolls). */
  fires: number;
  status: number;
  fired: boolean;
  mustFire: boolean;
  drone: boolean;
  /** Index of the station it is docked at, or -1. */
  docked: number;
  /** UPF stations (and ships docked at them) held back while the UPF's ships fight away from the planet. */
  reserve: boolean;
  /** Its destruction is in the report. */
  told: boolean;
}

/** The state of one quick battle while it is fought. */
export interface Fight {
  input: BattleInput;
  rng: Rng;
  advanced: boolean;
  units: Unit[];
  /** Report on: lines are written and every die is kept in `rolls`. */
  report: boolean;
  lines: BattleLine[];
  /** Dice rolled since the last line was written (report on). */
  rolls: number[];
  round: number;
  /** Per side: broke off (its ships that can leave do so at the end of each round). */
  brokeOff: Record<Side, boolean>;
  /** Scratch: expected damage aimed at each unit in the current volley (`combat.ts` `volley`). */
  assigned: Float64Array;
  /** Per side: hull points of its units at the start. */
  startHp: Record<Side, number>;
}

/** The `Damage` keys other than the hull, in a fixed order (the Damage Table's effects). */
export const SYSTEM_KEYS: readonly string[] = [
  "ADF",
  "MR",
  "DCR",
  ...WEAPONS,
  "PS",
  "ES",
  "SS",
  "MS",
  "ICM",
  "power-short",
  "combat-control",
  "navigation",
  "electrical-fire",
  "disastrous-fire",
];
/** A system key's index in `SYSTEM_KEYS`. */
export const SYS: Readonly<Record<string, number>> = Object.fromEntries(SYSTEM_KEYS.map((k, i) => [k, i]));

export const W_INDEX: Readonly<Record<Weapon, number>> = Object.fromEntries(WEAPONS.map((w, i) => [w, i])) as Record<Weapon, number>;

const n = (x: number | undefined): number => x ?? 0;

function unitOf(
  i: number,
  id: string,
  name: string,
  side: Side,
  cls: ShipClass | null,
  rating: Rating,
  damage: Damage,
  spent: Partial<Record<Expendable, number>>,
): Unit {
  const mounts: number[] = [];
  const ammo: number[] = [];
  for (const w of WEAPONS) {
    const rated = n(rating.weapons[w]);
    if (WEAPON_DATA[w].ltd) {
      mounts.push(rated > 0 && n(damage[w]) === 0 ? 1 : 0);
      ammo.push(Math.max(0, rated - (isExpendable(w) ? n(spent[w]) : 0)));
    } else {
      mounts.push(Math.max(0, rated - n(damage[w])));
      ammo.push(0);
    }
  }
  const d = rating.defences;
  const hp = Math.max(0, rating.hp - n(damage.hull));
  return {
    i,
    id,
    name,
    side,
    station: cls === null,
    cls,
    rating,
    hpMax: rating.hp,
    hp,
    hpStart: hp,
    hullLost: 0,
    damage: { ...damage },
    damageStart: damage,
    spent: { ...spent },
    spentStart: spent,
    sys: new Array<number>(SYSTEM_KEYS.length).fill(0),
    ammoStart: ammo.slice(),
    msStart: Math.max(0, n(d.MS) - n(spent.MS)),
    icmStart: Math.max(0, n(d.ICM) - n(spent.ICM)),
    mounts,
    ammo,
    rh: n(d.RH) > 0,
    ps: n(d.PS) > n(damage.PS),
    es: n(d.ES) > n(damage.ES),
    ss: n(d.SS) > n(damage.SS),
    msLeft: Math.max(0, n(d.MS) - n(spent.MS)),
    msWorks: n(d.MS) > 0 && n(damage.MS) === 0,
    msUp: false,
    icmLeft: Math.max(0, n(d.ICM) - n(spent.ICM)),
    icmWorks: n(d.ICM) > 0 && n(damage.ICM) === 0,
    powerShort: n(damage["power-short"]) > 0,
    adf: Math.max(0, rating.adf - n(damage.ADF)),
    mr: Math.max(0, rating.mr - n(damage.MR)),
    dcr: Math.max(0, rating.dcr - n(damage.DCR)),
    combatControl: n(damage["combat-control"]),
    fires: n(damage["electrical-fire"]) + n(damage["disastrous-fire"]),
    status: IN_BATTLE,
    fired: false,
    mustFire: false,
    drone: false,
    docked: -1,
    reserve: false,
    told: false,
  };
}

/**
 * The units of a battle: stations first (so docked ships can name them), then ships, in the input's order. A ship
 * or station already at 0 hull points is not in the battle (status destroyed, as it came).
 */
export function unitsOf(input: BattleInput): Unit[] {
  const units: Unit[] = [];
  const stationIndex = new Map<string, number>();
  const upfDefendsAway = input.attacker === "sathar" && !input.nearPlanet;
  for (const s of input.stations) {
    const u = unitOf(units.length, s.id, s.name, "upf", null, STATION_RATINGS[s.type], s.damage, s.spent);
    u.reserve = upfDefendsAway;
    stationIndex.set(s.id, u.i);
    units.push(u);
  }
  for (const s of input.ships) {
    const u = unitOf(units.length, s.id, s.name, s.side, s.cls, SHIP_RATINGS[s.cls], s.damage, s.spent);
    u.mustFire = s.mustFireBeforeBreakOff === true;
    u.drone = s.drone === true;
    const at = s.docked === undefined ? undefined : stationIndex.get(s.docked);
    if (at !== undefined) {
      u.docked = at;
      u.reserve = upfDefendsAway && s.side === "upf";
    }
    units.push(u);
  }
  for (const u of units) if (u.hp <= 0) u.status = DESTROYED;
  return units;
}

export function other(side: Side): Side {
  return side === "sathar" ? "upf" : "sathar";
}

/** A d100 (1..100), kept for the report when it is on. */
export function d100(f: Fight): number {
  const r = f.rng.d100();
  if (f.report) f.rolls.push(r);
  return r;
}

export function d10(f: Fight): number {
  const r = f.rng.d10();
  if (f.report) f.rolls.push(r);
  return r;
}

/** `count` d10 plus `plus`; each die kept for the report. */
export function damageDice(f: Fight, count: number, plus: number): number {
  let t = plus;
  for (let k = 0; k < count; k++) t += d10(f);
  return t;
}

/** Writes a report line with the dice rolled since the last one (report on only). */
export function line(f: Fight, text: string): void {
  if (!f.report) return;
  f.lines.push(f.rolls.length > 0 ? { round: f.round, text, rolls: f.rolls } : { round: f.round, text });
  f.rolls = [];
}

/** Units of `side` fighting now (not destroyed, escaped or detonated, nor held back). */
export function fighting(u: Unit, side: Side): boolean {
  return u.side === side && u.status === IN_BATTLE && !u.reserve;
}

export function sideHp(f: Fight, side: Side): number {
  let t = 0;
  for (const u of f.units) if (u.side === side && u.status === IN_BATTLE) t += u.hp;
  return t;
}

/** A system hit `by` (counted in `sys`, written into `damage` when the battle ends). */
export function add(u: Unit, key: string, by: number): void {
  const k = SYS[key] as number;
  u.sys[k] = (u.sys[k] as number) + by;
}

/** Writes what the battle did into the unit's `damage` and `spent` (from its start values: may be called again). */
export function settle(u: Unit): void {
  if (u.hullLost > 0) u.damage.hull = n(u.damageStart.hull) + u.hullLost;
  for (let k = 0; k < SYSTEM_KEYS.length; k++) {
    const by = u.sys[k] as number;
    if (by > 0) {
      const key = SYSTEM_KEYS[k] as string;
      u.damage[key] = key === "power-short" ? 1 : n(u.damageStart[key]) + by;
    }
  }
  for (let k = 0; k < WEAPONS.length; k++) {
    const used = (u.ammoStart[k] as number) - (u.ammo[k] as number);
    const w = WEAPONS[k] as Weapon;
    if (used > 0 && isExpendable(w)) u.spent[w] = n(u.spentStart[w]) + used;
  }
  if (u.msLeft < u.msStart) u.spent.MS = n(u.spentStart.MS) + u.msStart - u.msLeft;
  if (u.icmLeft < u.icmStart) u.spent.ICM = n(u.spentStart.ICM) + u.icmStart - u.icmLeft;
}

/** A fresh copy of units built by `unitsOf` (the odds tool builds them once and fights many battles from copies). */
export function cloneUnits(template: readonly Unit[]): Unit[] {
  const out: Unit[] = new Array(template.length);
  for (let k = 0; k < template.length; k++) {
    const u = template[k] as Unit;
    out[k] = { ...u, damage: { ...u.damage }, spent: { ...u.spent }, sys: u.sys.slice(), mounts: u.mounts.slice(), ammo: u.ammo.slice() };
  }
  return out;
}
