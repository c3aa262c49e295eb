/**
 * The ships and stations of the Second Sathar War, as the Knight Hawks game rates them.
 *
 * The seeds give the stations' ratings (seed 000 "UPF Spacefleet Fortresses", "Fortified and Armed Space
 * Stations") but not the ships': they say only "outfitted with the weapons, defenses, DCR and movement
 * capabilities recommended in the Basic or Advanced Game rules" (seed 000 "ORDERS OF BATTLE"). The ship figures
 * are the published Knight Hawks Advanced Game ratings (reference/sathar-war-notes.md D.8, checked against the
 * dagorym/SSW transcription of the Tactical Operations Manual). RULINGS.md "Ship ratings" says so; a campaign may
 * load other ratings.
 */

/** Ship classes, by their Knight Hawks abbreviations (also the middle of a ship's id: "TFC-BB1"). */
export const SHIP_CLASSES = ["FT", "AS", "FF", "DD", "ML", "LC", "HC", "AC", "BB"] as const;
export type ShipClass = (typeof SHIP_CLASSES)[number];

export const CLASS_NAMES: Readonly<Record<ShipClass, string>> = {
  FT: "fighter",
  AS: "assault scout",
  FF: "frigate",
  DD: "destroyer",
  ML: "minelayer",
  LC: "light cruiser",
  HC: "heavy cruiser",
  AC: "assault carrier",
  BB: "battleship",
};

/** Weapons (Knight Hawks codes): laser cannon, laser battery, proton beam, electron beam, disruptor cannon, torpedo, assault rocket, rocket battery, mines, seeker missiles. */
export const WEAPONS = ["LC", "LB", "PB", "EB", "DC", "T", "AR", "RB", "M", "SM"] as const;
export type Weapon = (typeof WEAPONS)[number];

/** Defences: reflective hull, masking screen, proton screen, electron screen, stasis screen, interceptor missiles. */
export const DEFENCES = ["RH", "MS", "PS", "ES", "SS", "ICM"] as const;
export type Defence = (typeof DEFENCES)[number];

/**
 * What a ship carries a limited number of, and rearms when in supply (seed 000 "SUPPLY": "torpedos, assault
 * rockets, masking screens and ICMs"): the weapons and defences whose rating is a count of charges.
 */
export const EXPENDABLES = ["T", "AR", "RB", "M", "SM", "MS", "ICM"] as const;
export type Expendable = (typeof EXPENDABLES)[number];

export interface Rating {
  /** Hull points. */
  hp: number;
  /** Acceleration/deceleration factor: how many transit boxes a day it may risk-jump (seed 000 "Accelerated Movement"). */
  adf: number;
  /** Manoeuvre rating. */
  mr: number;
  /** Damage control rating. */
  dcr: number;
  /** Weapons and how many of each (for expendables, how many charges). */
  weapons: Partial<Record<Weapon, number>>;
  /** Defences and how many of each (MS and ICM: charges). */
  defences: Partial<Record<Defence, number>>;
  /** How many fighters it carries (assault carriers; seed 000 "Sathar Order of Battle": eight). */
  fighters?: number;
}

/**
 * Knight Hawks Advanced Game ratings (reference D.8). Assault carriers carry eight fighters, the figure the seed
 * gives for the Sathar's (seed 000 "Sathar Order of Battle"), applied to the UPF's too (RULINGS.md "Carrier
 * capacity"; the setting `carrierCapacity` gives Knight Hawks' ten).
 */
export const SHIP_RATINGS: Readonly<Record<ShipClass, Rating>> = {
  FT: { hp: 8, adf: 5, mr: 5, dcr: 30, weapons: { AR: 3 }, defences: { RH: 1 } },
  AS: { hp: 15, adf: 5, mr: 4, dcr: 50, weapons: { AR: 4, LB: 1 }, defences: { RH: 1 } },
  FF: { hp: 40, adf: 4, mr: 3, dcr: 70, weapons: { LC: 1, RB: 4, LB: 1, T: 2 }, defences: { RH: 1, MS: 2, ICM: 4 } },
  DD: { hp: 50, adf: 3, mr: 3, dcr: 75, weapons: { LC: 1, RB: 4, LB: 1, T: 2, EB: 1 }, defences: { RH: 1, MS: 2, ICM: 5 } },
  ML: { hp: 50, adf: 1, mr: 2, dcr: 75, weapons: { M: 20, SM: 4, LB: 2 }, defences: { RH: 1, ICM: 4 } },
  LC: {
    hp: 70,
    adf: 3,
    mr: 2,
    dcr: 100,
    weapons: { DC: 1, LB: 1, EB: 1, PB: 1, RB: 6, T: 4 },
    defences: { RH: 1, ES: 1, SS: 1, ICM: 8 },
  },
  HC: {
    hp: 80,
    adf: 2,
    mr: 1,
    dcr: 120,
    weapons: { LB: 2, PB: 1, EB: 1, DC: 1, SM: 2, T: 4, RB: 8 },
    defences: { RH: 1, ES: 1, PS: 1, SS: 1, ICM: 8 },
  },
  AC: { hp: 75, adf: 2, mr: 1, dcr: 150, weapons: { LB: 1, PB: 1, RB: 8 }, defences: { RH: 1, MS: 4, ICM: 10 }, fighters: 8 },
  BB: {
    hp: 120,
    adf: 2,
    mr: 2,
    dcr: 200,
    weapons: { DC: 1, LB: 3, PB: 1, EB: 2, SM: 4, T: 8, RB: 10 },
    defences: { RH: 1, ES: 1, PS: 1, SS: 1, ICM: 12 },
  },
};

export const STATION_TYPES = ["fortress", "fortified", "armed"] as const;
export type StationType = (typeof STATION_TYPES)[number];

/** Seed 000 "UPF Spacefleet Fortresses" and "Fortified and Armed Space Stations": the ratings as printed. */
export const STATION_RATINGS: Readonly<Record<StationType, Rating>> = {
  fortress: {
    hp: 300,
    adf: 0,
    mr: 0,
    dcr: 200,
    weapons: { LB: 3, EB: 1, PB: 1, RB: 12 },
    defences: { RH: 1, MS: 3, ES: 1, PS: 1, ICM: 20 },
  },
  fortified: { hp: 140, adf: 0, mr: 0, dcr: 100, weapons: { LB: 2, RB: 8 }, defences: { RH: 1, MS: 2, ICM: 10 } },
  armed: { hp: 80, adf: 0, mr: 0, dcr: 75, weapons: { LB: 1, RB: 6 }, defences: { RH: 1, MS: 2, ICM: 6 } },
};

/** True for the expendable weapons and defences, whose rating counts charges spent in battle and rearmed in supply. */
export function isExpendable(code: string): code is Expendable {
  return (EXPENDABLES as readonly string[]).includes(code);
}

/**
 * Damage a ship carries, by what was hit: `hull` is hull points lost; "ADF", "MR", "DCR" rating points lost;
 * "LB", "MS", ... a weapon or defence knocked out (how many); "combat-control", "navigation" and the like one each.
 * An SCC repairs the hull by its capacity or one other key wholly a day (seed 000 "UPF Repairs").
 */
export type Damage = Partial<Record<string, number>>;
