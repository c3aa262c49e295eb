/**
 * Battleshift "Ship Building" (seed 004): a ship design from its size and the
 * systems bought for it, with every figure the rules derive — hull, shields,
 * shield hardness, space units, move, cost — and a Problem for every rule the
 * design breaks. Pure: plain data in, plain data out, nothing thrown.
 *
 * The rules, as the section prints them:
 * - "Ships have a Hull equal to their size +1."
 * - "Ships have Shields equal to their size / 2, rounded up. Ships may purchase extra shields."
 * - "A ship has Space Units equal to twice the ship's size."
 * - "Systems can be bought in two ways ... by filling up Space Units ... or by increasing the cost."
 * - "Size 1 ships get Fast Drives for free. They may only be armed with Batteries and Interceptors."
 * - "Ships have a base cost of 10 per size."
 * and the System / Weakness table (see SYSTEMS below).
 */
import type { Problem } from "../../../core/result.js";

/** Definitions, "Size": 1 destroyer, 2 frigate, 3 cruiser, 4 battleship, 5 dreadnought, 6-7 behemoth, 8+ titan. */
export type ShipClass = "destroyer" | "frigate" | "cruiser" | "battleship" | "dreadnought" | "behemoth" | "titan";
export const SHIP_CLASSES: readonly ShipClass[] = ["destroyer", "frigate", "cruiser", "battleship", "dreadnought", "behemoth", "titan"];

export function classOfSize(size: number): ShipClass {
  if (size <= 1) return "destroyer";
  if (size === 2) return "frigate";
  if (size === 3) return "cruiser";
  if (size === 4) return "battleship";
  if (size === 5) return "dreadnought";
  if (size <= 7) return "behemoth";
  return "titan";
}

/** "Hull - Equals the size of the ship +1." */
export const hullOfSize = (size: number): number => size + 1;
/** "Shields - ... half the size of the ship, rounded up." */
export const shieldsOfSize = (size: number): number => Math.ceil(size / 2);
/** "a ship has 2 system space units for every size it is". */
export const spaceOfSize = (size: number): number => 2 * size;
/** "Ships have a base cost of 10 per size." */
export const baseCostOfSize = (size: number): number => 10 * size;
/** Basic Combat Resolution 4): hits per ship to suppress by size band 1-3: 1, 4-7: 2, 8-10: 3, 11+: 5. */
export function hitsPerShipToSuppress(size: number): number {
  if (size <= 3) return 1;
  if (size <= 7) return 2;
  if (size <= 10) return 3;
  return 5;
}
/** Engulfing: "A ship can engulf up to 1/3 of its size in smaller ship sizes (rounded up)". */
export const engulfCapacity = (size: number): number => Math.ceil(size / 3);

/** "Most ships move 12" per turn"; fast drives +6", slow drives -6". */
export const BASE_MOVE = 12;
export const DRIVE_STEP = 6;
/** "Shields have a hardness (usually 4)"; Weak Shields: hardness 3; No Shields: "Hardness 2 from armor". */
export const BASE_HARDNESS = 4;

/** Everything a ship can buy (the System table) and every weakness (the Weakness table). */
export type SystemKind =
  | "light"
  | "heavy"
  | "broadside"
  | "superHeavy"
  | "missile"
  | "fighterBay"
  | "interceptor"
  | "ion"
  | "heavyIon"
  | "assault"
  | "engulfing"
  | "extraSpace"
  | "extraShield"
  | "fast"
  | "reinforced"
  | "hardened"
  | "repair"
  | "weakShields"
  | "noShields"
  | "flimsy"
  | "slow";

export const SYSTEM_KINDS: readonly SystemKind[] = [
  "light",
  "heavy",
  "broadside",
  "superHeavy",
  "missile",
  "fighterBay",
  "interceptor",
  "ion",
  "heavyIon",
  "assault",
  "engulfing",
  "extraSpace",
  "extraShield",
  "fast",
  "reinforced",
  "hardened",
  "repair",
  "weakShields",
  "noShields",
  "flimsy",
  "slow",
];

/** Options where the seed reads two ways (see /tmp/rulings-bs-fleets.md). */
export interface BuildOptions {
  /**
   * Ruling "Hardened hull costs 3 per size": the System table prints "2 per size",
   * but every hardened ship of the Raishek and Bionid lists is priced at 3 per size.
   * 3 (default, "catalogue") or 2 ("table").
   */
  hardenedCostPerSize?: 2 | 3;
}

/** How one system is paid for. */
export type Purchase = "space" | "cost";

interface SystemRule {
  /** Words of the table, for messages. */
  label: string;
  /** Space units per item for a ship of this size, or null if it cannot be bought with space. */
  space: ((size: number) => number) | null;
  /** Cost per item (positive) or discount (negative), or null if it cannot be bought with points. */
  cost: ((size: number, o: Required<BuildOptions>) => number) | null;
  /** True when the space AND the cost are both paid (Heavy Broadside Battery: "2 AND +5"). */
  both?: boolean;
  /** Can a ship buy more than one? */
  multiple: boolean;
  /** A weapon (size-1 ships "may only be armed with Batteries and Interceptors"). */
  weapon?: boolean;
  /** A weakness: gives back space ("Bonus Space") or points ("Cost decrease"). */
  weakness?: boolean;
}

/**
 * The System table of "Ship Building", column by column ("Space Units OR Cost increase"),
 * and the Weakness table ("Bonus Space, or Cost decrease").
 */
export const SYSTEMS: Readonly<Record<SystemKind, SystemRule>> = {
  light: { label: "Light Battery", space: () => 1, cost: null, multiple: true, weapon: true },
  heavy: { label: "Heavy Battery", space: () => 2, cost: null, multiple: true, weapon: true },
  broadside: { label: "Heavy Broadside Battery", space: () => 2, cost: () => 5, both: true, multiple: true, weapon: true },
  superHeavy: { label: "Super Heavy Battery", space: () => 3, cost: null, multiple: true, weapon: true },
  missile: { label: "Missile Launcher", space: () => 1, cost: null, multiple: true, weapon: true },
  fighterBay: { label: "Fighter Bay", space: () => 1, cost: null, multiple: true, weapon: true },
  interceptor: { label: "Interceptor", space: () => 1, cost: null, multiple: true },
  ion: { label: "Ion Beam", space: () => 1, cost: null, multiple: true, weapon: true },
  heavyIon: { label: "Heavy Ion Beam", space: () => 2, cost: null, multiple: true, weapon: true },
  assault: { label: "Assault Unit", space: () => 1, cost: null, multiple: true, weapon: true },
  engulfing: { label: "Engulfing", space: (size) => size, cost: (size) => 2 * size, multiple: false },
  extraSpace: { label: "Extra space unit", space: null, cost: () => 3, multiple: true },
  extraShield: { label: "Extra Shield", space: () => 1, cost: () => 5, multiple: true },
  fast: { label: 'Fast (+6" Movement)', space: (size) => Math.ceil(size / 2), cost: (size) => 3 * size, multiple: false },
  reinforced: { label: "Reinforced Hull (+1 hull)", space: null, cost: () => 5, multiple: true },
  hardened: { label: "Hardened Hull", space: null, cost: (size, o) => o.hardenedCostPerSize * size, multiple: false },
  repair: { label: "Repair Systems", space: () => 1, cost: (size) => size, multiple: true },
  weakShields: { label: "Weak Shields (Shield Hardness 3)", space: null, cost: (size) => -2 * size, multiple: false, weakness: true },
  noShields: { label: "No Shields (Hardness 2 from armor)", space: null, cost: (size) => -4 * size, multiple: false, weakness: true },
  flimsy: { label: "Flimsy Hull (Destruction saves on 2)", space: null, cost: (size) => -3 * size, multiple: false, weakness: true },
  // "Slow drives (-6" Movement) | + 1/2 size of ship (round up)": bonus space units.
  slow: { label: 'Slow drives (-6" Movement)', space: (size) => -Math.ceil(size / 2), cost: null, multiple: false, weakness: true },
};

/** A design as written in a fleet file or the catalogue. */
export interface DesignInput {
  /** Catalogue id ("generic/fleet-cruiser") or a fleet's own name for it. */
  id?: string;
  name: string;
  faction?: string;
  size: number;
  /** How many of each system (1 for on/off systems such as fast or hardened). */
  systems: Partial<Record<SystemKind, number>>;
  /**
   * How many of each dual-mode system (engulfing, extra shields, fast, repair) are paid for
   * with points instead of space. By default everything that can go in space goes in space.
   */
  byCost?: Partial<Record<SystemKind, number>>;
}

/** Counts of what a ship carries, for the play engine (a type, not an interface: it reads as a record of counts). */
/** The system counts `buildShip` writes, by name: the one list the state schema and the capabilities read too. */
export const SHIP_SYSTEM_NAMES = [
  "light",
  "heavy",
  "broadside",
  "superHeavy",
  "missile",
  "fighterBay",
  "interceptor",
  "ion",
  "heavyIon",
  "assault",
  "repair",
  "extraShield",
  "extraSpace",
  "reinforced",
  "engulf",
] as const;

/** A design's systems, counted. `engulf` is the largest ship size it can engulf (0: no engulfing). */
export type ShipSystems = { [K in (typeof SHIP_SYSTEM_NAMES)[number]]: number };

/** A ship design with every derived figure. */
export interface ShipDesign {
  id: string;
  name: string;
  faction: string;
  size: number;
  className: ShipClass;
  hull: number;
  shields: number;
  /** Shield hardness: 4, 3 with weak shields, 2 with no shields (armour). */
  hardness: number;
  /** Inches per turn. */
  move: number;
  cost: number;
  /** "normal" saves destruction tests on 3 or less, "hardened" on 4, "flimsy" on 2. */
  hullRule: "normal" | "hardened" | "flimsy";
  fast: boolean;
  slow: boolean;
  space: { total: number; used: number; free: number };
  /** Hits per ship to suppress (size band). */
  hitsToSuppress: number;
  systems: ShipSystems;
  /** Cost line by line, for `fleet check` and the rulings. */
  costBreakdown: { item: string; points: number }[];
  /** The input it was built from (so a fleet file can be re-checked). */
  input: DesignInput;
}

export type BuildResult = { ok: true; value: ShipDesign } | { ok: false; error: Problem[]; value: ShipDesign };

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Build and check a design. Always returns the computed design (so a report can show
 * it); `ok` is false when the design breaks a rule, with one Problem per fault.
 */
export function buildShip(input: DesignInput, options: BuildOptions = {}, where = `design "${input.name}"`): BuildResult {
  const o: Required<BuildOptions> = { hardenedCostPerSize: options.hardenedCostPerSize ?? 3 };
  const problems: Problem[] = [];
  const fail = (code: string, message: string) => problems.push({ order: where, code, message });
  const size = input.size;
  if (!Number.isInteger(size) || size < 1) {
    fail(
      "bad-size",
      `size must be a whole number 1 or more (1 destroyer, 2 frigate, 3 cruiser, 4 battleship, 5 dreadnought, 6-7 behemoth, 8+ titan); got ${size}`,
    );
  }
  const s = Number.isInteger(size) && size >= 1 ? size : 1;
  const count = (k: SystemKind): number => input.systems[k] ?? 0;
  const byCost = (k: SystemKind): number => input.byCost?.[k] ?? 0;

  let spaceUsed = 0;
  let spaceBonus = 0;
  let cost = baseCostOfSize(s);
  const breakdown: { item: string; points: number }[] = [{ item: `base ${s} x 10`, points: cost }];

  for (const k of Object.keys(input.systems) as SystemKind[]) {
    if (!(k in SYSTEMS)) fail("unknown-system", `unknown system "${k}"; known: ${SYSTEM_KINDS.join(", ")}`);
  }
  for (const k of Object.keys(input.byCost ?? {}) as SystemKind[]) {
    if (!(k in SYSTEMS)) fail("unknown-system", `byCost names unknown system "${k}"; known: ${SYSTEM_KINDS.join(", ")}`);
  }

  for (const k of SYSTEM_KINDS) {
    const rule = SYSTEMS[k];
    const n = count(k);
    const nc = byCost(k);
    if (n === 0 && nc === 0) continue;
    if (!Number.isInteger(n) || n < 0) {
      fail("bad-count", `${rule.label}: count must be a whole number 0 or more; got ${n}`);
      continue;
    }
    if (!rule.multiple && n > 1) {
      fail("only-one", `${rule.label} is bought once per ship (it is on or off); got ${n}`);
      continue;
    }
    if (!Number.isInteger(nc) || nc < 0) {
      fail("bad-by-cost", `${rule.label}: byCost ${k} must be a whole number from 0 to ${n} (the number bought under systems), not ${nc}`);
      continue;
    }
    if (nc > n) {
      // byCost does not buy: it says how many of those bought under systems are paid with points instead of space.
      fail(
        "bad-by-cost",
        `${rule.label}: byCost pays for ${nc} with points, but systems buys ${n === 0 ? "none" : `only ${n}`}; byCost only says how many of those under systems are paid with points instead of space: set systems ${k}: ${nc}, or byCost ${k}: ${n === 0 ? "0 (or remove it)" : `${n} or less`}`,
      );
      continue;
    }
    if (nc > 0 && (rule.cost === null || rule.both || rule.space === null)) {
      fail(
        "not-by-cost",
        `${rule.label} cannot be switched to points: the System table gives it ${rule.space === null ? "points only" : rule.both ? "space AND points" : "space only"}`,
      );
      continue;
    }
    // Size limits printed in the table and the Definitions.
    if (k === "superHeavy" && s < 3) fail("too-small", `Super Heavy Batteries need a size 3 or larger ship; this one is size ${s}`);
    if (s === 1 && rule.weapon && k !== "light") {
      fail(
        "size-1-weapon",
        `size 1 ships "may only be armed with Batteries and Interceptors" (and Destroyers "may not carry any heavy weapons or fighter bays"): remove ${n} ${rule.label}`,
      );
    }
    if (k === "engulfing" && s < 2) fail("too-small", `Engulfing takes smaller ships: a size 1 ship has nothing smaller to engulf`);
    if (k === "fast" && s === 1) {
      // "Size 1 ships get Fast Drives for free."
      breakdown.push({ item: "Fast drives (free on size 1)", points: 0 });
      continue;
    }
    const bySpace = n - nc;
    if (rule.space && !rule.weakness) {
      const units = rule.space(s) * (rule.both ? n : bySpace);
      spaceUsed += units;
    }
    if (rule.space && rule.weakness) spaceBonus += -rule.space(s) * n;
    if (rule.cost) {
      const per = rule.cost(s, o);
      const paid = rule.both || rule.space === null ? n : nc;
      if (paid > 0) {
        cost += per * paid;
        breakdown.push({ item: `${paid} x ${rule.label} (${per > 0 ? "+" : ""}${per})`, points: per * paid });
      }
    }
  }

  // Mutually exclusive choices.
  if (count("weakShields") && count("noShields")) fail("conflict", "Weak Shields and No Shields cannot both be taken: pick one");
  if (count("hardened") && count("flimsy")) fail("conflict", "Hardened Hull and Flimsy Hull cannot both be taken: pick one");
  if (count("fast") && count("slow")) fail("conflict", "Fast drives and Slow drives cannot both be taken: pick one");

  const spaceTotal = spaceOfSize(s) + count("extraSpace") + spaceBonus;
  if (spaceUsed > spaceTotal) {
    const over = spaceUsed - spaceTotal;
    fail(
      "over-space",
      `the systems fill ${spaceUsed} space units but a size ${s} ship has ${spaceTotal} (${spaceOfSize(s)} from size${count("extraSpace") ? `, +${count("extraSpace")} extra` : ""}${spaceBonus ? `, +${spaceBonus} from slow drives` : ""}): buy ${over} Extra space unit(s) at +3 each, pay for some systems with points, or remove ${over} unit(s)`,
    );
  }
  if (cost < 1) fail("bad-cost", `the weaknesses bring the cost to ${cost}; a ship must cost at least 1 point`);

  const fast = s === 1 || count("fast") > 0;
  const slow = count("slow") > 0;
  const move = BASE_MOVE + (fast ? DRIVE_STEP : 0) - (slow ? DRIVE_STEP : 0);
  const hardness = count("noShields") ? 2 : count("weakShields") ? 3 : BASE_HARDNESS;
  const hullRule = count("hardened") ? "hardened" : count("flimsy") ? "flimsy" : "normal";

  const design: ShipDesign = {
    id: input.id ?? slug(input.name),
    name: input.name,
    faction: input.faction ?? "custom",
    size: s,
    className: classOfSize(s),
    hull: hullOfSize(s) + count("reinforced"),
    shields: shieldsOfSize(s) + count("extraShield"),
    hardness,
    move,
    cost,
    hullRule,
    fast,
    slow,
    space: { total: spaceTotal, used: spaceUsed, free: spaceTotal - spaceUsed },
    hitsToSuppress: hitsPerShipToSuppress(s),
    systems: {
      light: count("light"),
      heavy: count("heavy"),
      broadside: count("broadside"),
      superHeavy: count("superHeavy"),
      missile: count("missile"),
      fighterBay: count("fighterBay"),
      interceptor: count("interceptor"),
      ion: count("ion"),
      heavyIon: count("heavyIon"),
      assault: count("assault"),
      repair: count("repair"),
      extraShield: count("extraShield"),
      extraSpace: count("extraSpace"),
      reinforced: count("reinforced"),
      engulf: count("engulfing") ? engulfCapacity(s) : 0,
    },
    costBreakdown: breakdown,
    input,
  };
  return problems.length ? { ok: false, error: problems, value: design } : { ok: true, value: design };
}

/** One line summary: "Fleet Cruiser (cruiser, size 3): 30 pts, hull 4, shields 2 @4, 12", 2 heavy, 1 light, 1 interceptor". */
export function describeDesign(d: ShipDesign): string {
  const arms: string[] = [];
  const names: [keyof ShipSystems, string][] = [
    ["heavy", "heavy"],
    ["broadside", "broadside"],
    ["superHeavy", "super heavy"],
    ["light", "light"],
    ["missile", "missile"],
    ["fighterBay", "fighter bay"],
    ["interceptor", "interceptor"],
    ["ion", "ion beam"],
    ["heavyIon", "heavy ion beam"],
    ["assault", "assault unit"],
    ["repair", "repair system"],
  ];
  for (const [k, w] of names) if (d.systems[k]) arms.push(`${d.systems[k]} ${w}`);
  if (d.systems.engulf) arms.push(`engulfing (${d.systems.engulf})`);
  if (d.hullRule !== "normal") arms.push(`${d.hullRule} hull`);
  return `${d.name} (${d.className}, size ${d.size}): ${d.cost} pts, hull ${d.hull}, shields ${d.shields}@${d.hardness}, ${d.move}"${arms.length ? `, ${arms.join(", ")}` : ""}`;
}
