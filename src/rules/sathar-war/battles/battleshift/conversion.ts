/**
 * The conversion table: a Knight Hawks ship (or station) as it goes into battle, with its current damage and spent
 * expendables, as a Battleshift design (issue 12 "Battles", way 2: "each Knight Hawks ship converted into a
 * Battleshift design by a conversion table (size, batteries, shields, hull from the Knight Hawks figures)").
 *
 * Neither game says how its ships read in the other's terms: every figure here is Starhost's own reading, and
 * RULINGS.md "Battles" gives each with its reason. In short:
 * - size: by the class's role, as Battleshift's Definitions name sizes ("1 (destroyer) 2 (frigate) 3 (cruiser)
 *   4 (battleship)"), the undamaged ship's;
 * - hull: one Battleshift hull point for every `HULL_SCALE` Knight Hawks hull points left, bought as "Reinforced
 *   Hull (+1 hull)" above the size's own size + 1; a ship so damaged its hull no longer fills its size keeps the
 *   size's hull and starts with the rest as damage (Battleshift's fleet-file `damage`, "Starting damage");
 * - batteries: cannons (LC, DC) become Heavy Batteries, turreted batteries (LB, PB, EB) Light Batteries, rockets
 *   and torpedoes (RB, T) Missile Launchers, a launcher for every `CHARGES_PER_LAUNCHER` charges left; assault
 *   rockets (AR) a Light Battery (size-1 ships "may only be armed with Batteries and Interceptors");
 * - shields: the size's own ("half the size of the ship, rounded up") plus an Extra Shield for every screen
 *   (ES, PS, SS, and MS while it has a charge left);
 * - interceptors: one for every `CHARGES_PER_LAUNCHER` ICMs left;
 * - drives: Fast for MR 4 or more (Battleshift gives size 1 fast drives anyway), Slow for ADF 1;
 * - repair: a Repair System for every 100 DCR;
 * - space: whatever does not fit is bought as "Extra space unit" (points, not space): no point limit applies.
 * Systems knocked out (a `Damage` key naming a weapon or defence) are taken off before converting.
 * Stations: Battleshift fleet files take only its catalogue stations, so each station type has a stand-in, which
 * starts with the share of its hull the station has lost (`stationStartingDamage`).
 */
import { STATION_DESIGNS } from "../../../battleshift/fleet/catalogue.js";
import type { DesignInput, SystemKind } from "../../../battleshift/fleet/ship-building.js";
import type { Damage, Side } from "../../model.js";
import {
  CLASS_NAMES,
  type Rating,
  SHIP_RATINGS,
  type ShipClass,
  STATION_RATINGS,
  type StationType,
} from "../../orders-of-battle/ship-classes.js";
import type { BattleShip, BattleStation } from "../battle.js";

/** Knight Hawks hull points to one Battleshift hull point (a battleship's 120 is 8, a frigate's 40 is 3). */
export const HULL_SCALE = 15;
/** Charges of rockets, torpedoes or ICMs behind one Battleshift missile launcher or interceptor (rounded up). */
export const CHARGES_PER_LAUNCHER = 4;
/** DCR behind one Battleshift Repair System. */
export const DCR_PER_REPAIR = 100;

/**
 * Battleshift size of each Knight Hawks class by its role (Battleshift "Definitions", Size): the small craft are
 * destroyers (size 1: "small and agile", 18" moves), frigates, destroyers and minelayers frigates (2), the light
 * cruiser and the carrier cruisers (3), the heavy cruiser and the battleship battleships (4).
 */
export const CLASS_SIZE: Readonly<Record<ShipClass, number>> = { FT: 1, AS: 1, FF: 2, DD: 2, ML: 2, LC: 3, AC: 3, HC: 4, BB: 4 };

/**
 * Battleshift's catalogue station standing in for each Knight Hawks station (a fleet file may bring only catalogue
 * stations, `STATION_DESIGNS`): the fortress (300 HP) a Battlefortress (size 15), the fortified (140 HP) and armed
 * (80 HP) stations an Orbital Defense (size 5).
 */
export const STATION_STAND_IN: Readonly<Record<StationType, string>> = {
  fortress: "station/battlefortress",
  fortified: "station/orbital-defense",
  armed: "station/orbital-defense",
};

/** A rating less what is knocked out and spent: the figures the ship fights with. */
export interface Remaining {
  hp: number;
  adf: number;
  mr: number;
  dcr: number;
  weapons: Partial<Record<string, number>>;
  defences: Partial<Record<string, number>>;
}

/** What a ship has left of its rating after its damage and its spent expendables. */
export function remaining(rating: Rating, damage: Damage, spent: Partial<Record<string, number>>): Remaining {
  const left = (code: string, n: number) => Math.max(0, n - (damage[code] ?? 0) - (spent[code] ?? 0));
  const weapons: Partial<Record<string, number>> = {};
  for (const [k, n] of Object.entries(rating.weapons)) weapons[k] = left(k, n ?? 0);
  const defences: Partial<Record<string, number>> = {};
  for (const [k, n] of Object.entries(rating.defences)) defences[k] = left(k, n ?? 0);
  return {
    hp: Math.max(0, rating.hp - (damage.hull ?? 0)),
    adf: Math.max(0, rating.adf - (damage.ADF ?? 0)),
    mr: Math.max(0, rating.mr - (damage.MR ?? 0)),
    dcr: Math.max(0, rating.dcr - (damage.DCR ?? 0)),
    weapons,
    defences,
  };
}

/** Battleshift hull points for Knight Hawks hull points: at least 1 while the ship is afloat. */
export function hullPoints(hp: number): number {
  return Math.max(1, Math.round(hp / HULL_SCALE));
}

const launchers = (charges: number | undefined): number => Math.ceil((charges ?? 0) / CHARGES_PER_LAUNCHER);

/** The converted figures of one ship: its Battleshift size, hull and systems (before the space is made to fit). */
export interface Converted {
  size: number;
  hull: number;
  systems: Partial<Record<SystemKind, number>>;
  /**
   * Battleshift damage the ship starts the battle with (Battleshift's fleet file `damage`, RULINGS "Starting
   * damage"): the hull it has lost below its size's own hull (size + 1), which the design cannot shrink to. Absent: none.
   */
  damage?: number;
}

/** The conversion table, row by row (module comment; RULINGS.md "Battles": "The conversion table"). */
export function convertShip(cls: ShipClass, damage: Damage, spent: Partial<Record<string, number>>): Converted {
  return convertRating(SHIP_RATINGS[cls], CLASS_SIZE[cls], damage, spent);
}

/**
 * A station of a side with no ship, fought as a slow ship (a fleet file needs a taskforce; its catalogue stations
 * stand apart from taskforces): its own figures by the same table, at most size 6 (a behemoth), the rest of its
 * hull reinforced (RULINGS.md "Battles": "A station without ships").
 */
export const STATION_SHIP_MAX_SIZE = 6;
export function convertStation(type: StationType, damage: Damage, spent: Partial<Record<string, number>>): Converted {
  const c = convertRating(STATION_RATINGS[type], STATION_SHIP_MAX_SIZE, damage, spent);
  const systems = { ...c.systems, slow: 1 };
  delete systems.fast;
  return { ...c, systems };
}

function convertRating(rating: Rating, classSize: number, damage: Damage, spent: Partial<Record<string, number>>): Converted {
  const r = remaining(rating, damage, spent);
  const hull = hullPoints(r.hp);
  // The size is the undamaged ship's (Battleshift's hull is at least the size + 1: a rating too light for its
  // class's size is a smaller ship). A damaged ship keeps its size: the hull it has lost below the size's own
  // hull starts as damage (Battleshift "Starting damage"), beyond what the undamaged rating already lacked.
  const whole = hullPoints(rating.hp);
  const size = Math.max(1, Math.min(classSize, whole - 1));
  const started = Math.max(0, size + 1 - hull) - Math.max(0, size + 1 - whole);
  const w = r.weapons;
  const d = r.defences;
  const systems: Partial<Record<SystemKind, number>> = {};
  const add = (k: SystemKind, n: number) => {
    if (n > 0) systems[k] = (systems[k] ?? 0) + n;
  };
  const small = size === 1;
  if (!small) add("heavy", (w.LC ?? 0) + (w.DC ?? 0));
  // A size-1 ship may carry no heavy weapons: its cannons fire as light batteries.
  add("light", (w.LB ?? 0) + (w.PB ?? 0) + (w.EB ?? 0) + (small ? (w.LC ?? 0) + (w.DC ?? 0) : 0) + ((w.AR ?? 0) > 0 ? 1 : 0));
  if (!small) add("missile", launchers(w.RB) + launchers(w.T));
  add("interceptor", launchers(d.ICM));
  // Screens: each a further shield roll; a masking screen only while it has a charge left.
  add("extraShield", (d.ES ?? 0) + (d.PS ?? 0) + (d.SS ?? 0) + ((d.MS ?? 0) > 0 ? 1 : 0));
  add("reinforced", Math.max(0, hull - (size + 1)));
  add("repair", Math.floor(r.dcr / DCR_PER_REPAIR));
  if (r.mr >= 4 && !small) systems.fast = 1;
  if (r.adf <= 1 && !small) systems.slow = 1;
  return { size, hull: Math.max(hull, size + 1), systems, ...(started > 0 ? { damage: started } : {}) };
}

/** Space a ship's systems take (Battleshift "Ship Building": the System table's space column). */
function spaceNeeded(size: number, s: Partial<Record<SystemKind, number>>): number {
  const per: Partial<Record<SystemKind, (n: number) => number>> = {
    light: (n) => n,
    heavy: (n) => 2 * n,
    missile: (n) => n,
    interceptor: (n) => n,
    extraShield: (n) => n,
    repair: (n) => n,
    fast: (n) => n * Math.ceil(size / 2),
    slow: (n) => -n * Math.ceil(size / 2),
  };
  let t = 0;
  for (const [k, n] of Object.entries(s)) t += per[k as SystemKind]?.(n ?? 0) ?? 0;
  return t;
}

/**
 * A Battleshift design input for a converted ship: its systems, with the space they lack bought as "Extra space
 * unit"s (cost, not space). Size-1 ships get their fast drives free (Battleshift "Ship Building").
 */
export function designInput(name: string, c: Converted): DesignInput {
  const systems = { ...c.systems };
  const lack = spaceNeeded(c.size, systems) - 2 * c.size;
  if (lack > 0) systems.extraSpace = lack;
  return { name, size: c.size, systems };
}

/** The design a fleet file names for a ship (or a station fought as a ship): the converted figures, keyed so that alike ships share one. */
export interface ShipDesignRow {
  /** The ship's (or station's) id. */
  id: string;
  side: Side;
  /** Its class, or its station type. */
  kind: ShipClass | StationType;
  converted: Converted;
  /** Signature of the converted figures: ships with the same one share a design and may share a squadron. */
  key: string;
}

export function designKey(side: Side, cls: string, c: Converted): string {
  const systems = Object.entries(c.systems)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, n]) => `${k}${n}`)
    .join(" ");
  return `${side} ${cls} s${c.size} ${systems}${c.damage ? ` damage${c.damage}` : ""}`;
}

/** A ship's row of the conversion table. */
export function shipRow(ship: BattleShip): ShipDesignRow {
  const converted = convertShip(ship.cls, ship.damage, ship.spent);
  return { id: ship.id, side: ship.side, kind: ship.cls, converted, key: designKey(ship.side, ship.cls, converted) };
}

/** A station's row when it fights as a ship (its side has no ship: `convertStation`); always the UPF's. */
export function stationRow(st: BattleStation): ShipDesignRow {
  const converted = convertStation(st.type, st.damage, st.spent);
  return { id: st.id, side: "upf", kind: st.type, converted, key: designKey("upf", st.type, converted) };
}

/**
 * A station's stand-in's starting damage (Battleshift "Starting damage"): its stand-in's hull times the share of its
 * hull points the station has lost, rounded, below the stand-in's hull (it is not destroyed).
 */
export function stationStartingDamage(st: BattleStation): number {
  const hull = STATION_DESIGNS[STATION_STAND_IN[st.type]]?.hull ?? 1;
  const lost = Math.min(1, Math.max(0, (st.damage.hull ?? 0) / STATION_RATINGS[st.type].hp));
  return Math.min(hull - 1, Math.round(hull * lost));
}

/** The name a design goes by in the fleet file: "UPF battleship", and "UPF battleship (2)" for a damaged variant. */
export function designName(side: Side, kind: ShipClass | StationType, variant: number): string {
  const what = (CLASS_NAMES as Readonly<Record<string, string>>)[kind] ?? `${kind} station`;
  const base = `${side === "upf" ? "UPF" : "Sathar"} ${what}`;
  return variant <= 1 ? base : `${base} (${variant})`;
}
