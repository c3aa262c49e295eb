/**
 * Craft and the modules they are made of (seed 001 "DESIGNING CRAFT", l.74-152; `l.N` is line N of
 * `../shared/seeds/001_c2b6d8a9948b10c4.txt`).
 *
 * Craft are of two types (l.49-53): Fighters, small craft carried into action in a vessel's Shuttle Bay, and
 * Vessels, larger craft. The MODULES table (l.82-152) says which type may carry each module: "(Both)",
 * "(Fighter only)" or "(Vessel only)". The abbreviations are the seed's where it has one (E, L, EM, SB: l.909-913;
 * A: l.938; T: l.488) and the reference's otherwise (EL, M, N, SR, TR: reference D.1).
 */

/** The two types of craft (l.49-53). */
export const CRAFT_TYPES = ["vessel", "fighter"] as const;
export type CraftType = (typeof CRAFT_TYPES)[number];

/** The eleven modules, in the seed's order (l.88-152). */
export const MODULES = ["A", "EL", "E", "L", "M", "N", "EM", "SR", "SB", "T", "TR"] as const;
export type Module = (typeof MODULES)[number];

export interface ModuleData {
  id: Module;
  /** The seed's name (l.88-148). */
  name: string;
  /** Which craft may carry it (l.90-150: "(Both)", "(Fighter only)", "(Vessel only)"). */
  on: readonly CraftType[];
  /** Lasers and Expendables have a 90° arc of fire (l.110, l.128, l.635); every other module has none. */
  arc: boolean;
  /** The seed's note (l.92-152). */
  note: string;
}

const BOTH: readonly CraftType[] = ["vessel", "fighter"];

/** The MODULES table, l.82-152. */
export const MODULE_DATA: Readonly<Record<Module, ModuleData>> = {
  A: { id: "A", name: "Armour", on: BOTH, arc: false, note: "Redundant systems and modern alloys can reduce effects of Hits. (l.88-92)" },
  EL: { id: "EL", name: "Electronics", on: BOTH, arc: false, note: "Enemy Missile batteries throw to hit one worse on dice. (l.94-98)" },
  E: {
    id: "E",
    name: "Engine",
    on: BOTH,
    arc: false,
    note: "More engines equal more speed. Craft must have at least one engine. (l.100-104)",
  },
  L: { id: "L", name: "Lasers", on: BOTH, arc: true, note: "Long range weapons. Limited arc of fire. (l.106-110)" },
  M: { id: "M", name: "Missiles", on: BOTH, arc: false, note: "Close in systems. May fire in any direction. (l.112-116)" },
  N: { id: "N", name: "Nuclear Warhead", on: BOTH, arc: false, note: "Can be exploded. (l.118-122)" },
  EM: {
    id: "EM",
    name: "Expendable munitions",
    on: ["fighter"],
    arc: true,
    note: "One volley of six shots against a single Craft then mark as Expended; reloaded in a Shuttle Bay. Limited arc of fire. (l.124-128)",
  },
  SR: { id: "SR", name: "Self-Repair", on: ["vessel"], arc: false, note: "May repair a Damaged section of own Vessel. (l.130-134)" },
  SB: {
    id: "SB",
    name: "Shuttle Bay",
    on: ["vessel"],
    arc: false,
    note: "May repair damage on Fighters and reload their Expendable Munitions. (l.136-140)",
  },
  T: { id: "T", name: "Thrusters", on: ["vessel"], arc: false, note: "Makes Vessels more manoeuvrable. (l.142-146)" },
  TR: { id: "TR", name: "Tractor", on: ["vessel"], arc: false, note: "Captures Fighters. (l.148-152)" },
};

/** Whether a craft of this type may carry the module (l.90-150). */
export const mayCarry = (type: CraftType, module: Module): boolean => MODULE_DATA[module].on.includes(type);

/** A module by its abbreviation ("SB") or its name ("shuttle bay", "Shuttle Bay"), any case; undefined if none. */
export function moduleOf(text: string): Module | undefined {
  const t = text.trim().toLowerCase();
  return MODULES.find((m) => m.toLowerCase() === t || MODULE_DATA[m].name.toLowerCase() === t);
}

/**
 * The four 90° arcs of fire (l.635): "the front 90° (45° each side of straight ahead)"; "Vessels may be rearranged
 * to fire their weapons into another 90° arc but this must be specified in its Design". Ruling C.31: a vessel
 * picks the arc of each Lasers module in its design; a fighter's arcs are always the front.
 */
export const ARCS = ["front", "right", "rear", "left"] as const;
export type Arc = (typeof ARCS)[number];

/** The arc's centre, in degrees clockwise from the craft's heading. */
export const ARC_CENTRE: Readonly<Record<Arc, number>> = { front: 0, right: 90, rear: 180, left: 270 };

/** The fewest and most modules a design may have (l.170-256: the cost table's rows, ruling C.16). */
export const MIN_MODULES = 2;
export const MAX_MODULES = 10;
