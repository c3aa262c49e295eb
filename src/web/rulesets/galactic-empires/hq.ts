/**
 * The figures of the Headquarters (seed 003 chapter 2, "Headquarters Overview"), derived from an empire's own
 * view only: its Finances, its Holdings and its relations with each foreign empire. Plain data in and out, so
 * the panel (HQ.tsx) only lays them out and the tests read like the rulebook.
 */
import { DAMAGE_REVENUE, shipType, upkeepOf } from "../../../rules/galactic-empires/catalog.js";
import type { Relation } from "../../../rules/galactic-empires/model.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";

/** Hundredths, as the adjudicator keeps resources (economy.ts toCents): sums without floating-point dust. */
const cents = (x: number): number => Math.round(x * 100);

export interface Finances {
  /** "Treasury: the amount of resources currently in your coffers." */
  treasury: number;
  /** "Upkeep: the total upkeep costs for all starships you own" (and the admirals' pay, chapter 4 "Upkeep Paid"). */
  upkeep: number;
  shipUpkeep: number;
  admiralUpkeep: number;
  /** HQ and garrison expenses of the orders written so far, when the caller knows them; null when not. */
  ordersCost: number | null;
  /**
   * "Expected Surplus or Shortfall": the treasury less what this turn will spend (upkeep and, when known, the
   * orders). Negative is a shortfall: "some of your orders will fail during turn events".
   */
  surplus: number;
  /**
   * "Expected Revenues: the amount of revenues you can expect to receive next season": every sector owned by and
   * annexed to the empire, at its revenue less damage (chapter 5, "Sector Revenue": 80%, 65%, 50%).
   */
  expectedRevenue: number;
}

export function financesOf(view: EmpireView, ordersCost: number | null = null): Finances {
  let ships = 0;
  for (const u of view.units) for (const s of u.ships) ships += s.count * cents(upkeepOf(shipType(s.type), view.settings));
  const admirals = view.admirals.length * cents(view.settings.admiralUpkeep);
  let revenue = 0;
  for (const s of view.sectors) {
    if (s.owner !== view.empire || s.annexedTo !== view.empire) continue;
    const f = DAMAGE_REVENUE[Math.max(0, Math.min(3, s.damage ?? 0))] ?? 1;
    revenue += cents(s.revenue * f);
  }
  const upkeep = ships + admirals;
  const spent = upkeep + (ordersCost === null ? 0 : cents(ordersCost));
  return {
    treasury: view.me.treasury,
    upkeep: upkeep / 100,
    shipUpkeep: ships / 100,
    admiralUpkeep: admirals / 100,
    ordersCost,
    surplus: (cents(view.me.treasury) - spent) / 100,
    expectedRevenue: revenue / 100,
  };
}

export interface Holdings {
  sectors: number;
  annexed: number;
  industrialCentres: number;
  starfleets: number;
  garrisons: number;
  starships: number;
  admirals: number;
}

/** "Holdings: on the left, you can see a list of your holdings." */
export function holdingsOf(view: EmpireView): Holdings {
  const owned = view.sectors.filter((s) => s.owner === view.empire);
  let starships = 0;
  for (const u of view.units) for (const s of u.ships) starships += s.count;
  return {
    sectors: owned.length,
    annexed: owned.filter((s) => s.annexedTo === view.empire).length,
    industrialCentres: owned.filter((s) => s.industrialCentre).length,
    starfleets: view.units.filter((u) => u.kind === "starfleet").length,
    garrisons: view.units.filter((u) => u.kind === "garrison").length,
    starships,
    admirals: view.admirals.length,
  };
}

export interface DiplomacyRow {
  id: string;
  name: string;
  ruler: string;
  defeated: boolean;
  relation: Relation;
  /** Passage Rights through all of our sectors, granted to them; and theirs to us. */
  passageGiven: boolean;
  passageHeld: boolean;
  /** "Acceptance": whether we accept their gifts; whether they accept ours. */
  weAccept: boolean;
  theyAccept: boolean;
  /** Info sharing (chapter 4, "Info Sharing Changes"), each way. */
  shareGiven: boolean;
  shareHeld: boolean;
  /** Special Permission: our sectors they may pass through, and theirs we may (chapter 2, "Passage Rights"). */
  permissionsGiven: string[];
  permissionsHeld: string[];
}

/** "List of Foreign Empires: ... your diplomatic relations with each", with every standing both ways. */
export function diplomacyOf(view: EmpireView): DiplomacyRow[] {
  return view.empires.map((e) => ({
    id: e.id,
    name: e.name,
    ruler: e.ruler,
    defeated: e.defeated,
    relation: e.relation,
    passageGiven: e.ours.passage,
    passageHeld: e.theirs.passage,
    weAccept: e.ours.accept,
    theyAccept: e.theirs.accept,
    shareGiven: e.ours.share,
    shareHeld: e.theirs.share,
    permissionsGiven: view.sectors.filter((s) => s.owner === view.empire && s.permission.includes(e.id)).map((s) => `${s.id} ${s.name}`),
    permissionsHeld: view.sectors.filter((s) => s.owner === e.id && s.permission.includes(view.empire)).map((s) => `${s.id} ${s.name}`),
  }));
}

/** A resource figure as the Diploware prints it: at most two decimals, a minus sign for a shortfall. */
export function resources(x: number): string {
  const r = Math.round(x * 100) / 100;
  return (Object.is(r, -0) ? 0 : r).toLocaleString("en", { maximumFractionDigits: 2 });
}
