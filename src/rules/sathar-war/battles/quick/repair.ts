/**
 * Seed 000 "REPAIR": "Ships that have been damaged in battle can repair that damage normally using their DCR. If the
 * battle was fought using the Basic Rules, repairs cannot be made until after the battle. If any hull damage repair
 * attempt fails after the battle, no further repairs can be attempted; the ship's hull can be repaired only at a space
 * station. If a system other than the hull cannot be repaired in space (because a 99 or 00 was rolled), the ship must
 * return to a space station to repair this system, also." (C.2 #4, #18.)
 *
 * A battle has no repair during it (Basic or Advanced); after it, every ship that lived (fought or escaped) makes
 * damage control rolls for the damage it took in this battle (older damage has had its rolls): first one d100 per
 * system hit (a key of `Damage` other than the hull): at or under its DCR, and under 90 (Knight Hawks: 90-00 always
 * fail), the system is mended; 99 or 00, it can be mended only at a station. Then the hull: a d100 at or under the
 * DCR (and under 90) mends 1d10 hull points, again and again until the battle's hull damage is gone or a roll fails;
 * a failure leaves the rest for a station ("hull" in `stationOnly`).
 *
 * `damageControl` works on one ship's plain damage (before and after the battle), so the quick battle (on its units,
 * `damageControlAfterBattle`) and a battle fought out in Battleshift (on its ship outcomes) roll the very same dice.
 */
import type { Damage } from "../../model.js";
import { DESTROYED, DETONATED, d10, d100, type Fight, line } from "./units.js";

/** The dice damage control rolls (a campaign's `Rng`, or a quick battle's, which keeps them for its report). */
export interface RepairDice {
  d10(): number;
  d100(): number;
}

/** A ship after a battle, as damage control sees it. */
export interface ShipToMend {
  name: string;
  /** Its class's rated DCR (what it has now is that less its `Damage` "DCR"). */
  dcrRated: number;
  /** Damage it carried into the battle (already had its rolls). */
  damageStart: Damage;
  /** Damage it carries now. */
  damage: Damage;
}

/** What damage control made of one ship. */
export interface Mended {
  /** Its damage after the repairs (a new object). */
  damage: Damage;
  /** Its DCR after the repairs. */
  dcr: number;
  /** Hull points mended. */
  hull: number;
  /** Systems mended. */
  systems: string[];
  /** What now only a station can mend ("hull", or a system after a 99/00). */
  stationOnly: string[];
  /** The dice rolled, in order. */
  rolls: number[];
}

/** The post-battle damage control rolls of one ship (seed 000 "REPAIR"; module comment). */
export function damageControl(ship: ShipToMend, dice: RepairDice): Mended {
  const damage: Damage = { ...ship.damage };
  const rolls: number[] = [];
  const roll = (die: "d10" | "d100") => {
    const r = die === "d10" ? dice.d10() : dice.d100();
    rolls.push(r);
    return r;
  };
  let dcr = Math.max(0, ship.dcrRated - (damage.DCR ?? 0));
  const only: string[] = [];
  const done: string[] = [];
  const need = (r: number) => r < 90 && r <= dcr;
  for (const key of Object.keys(damage).sort()) {
    if (key === "hull") continue;
    const before = ship.damageStart[key] ?? 0;
    if ((damage[key] ?? 0) <= before) continue;
    const r = roll("d100");
    if (r >= 99) only.push(key);
    else if (need(r)) {
      if (before > 0) damage[key] = before;
      else delete damage[key];
      done.push(key);
      if (key === "DCR") dcr = ship.dcrRated - before;
    }
  }
  let hullToMend = (damage.hull ?? 0) - (ship.damageStart.hull ?? 0);
  let mended = 0;
  while (hullToMend > 0) {
    if (!need(roll("d100"))) {
      only.push("hull");
      break;
    }
    const m = Math.min(roll("d10"), hullToMend);
    hullToMend -= m;
    mended += m;
  }
  if (mended > 0) {
    const left = (damage.hull ?? 0) - mended;
    if (left > 0) damage.hull = left;
    else delete damage.hull;
  }
  return { damage, dcr, hull: mended, systems: done, stationOnly: only, rolls };
}

/** The report line of a ship's damage control, or null when it had nothing to roll for. */
export function damageControlText(name: string, m: Mended): string | null {
  if (m.rolls.length === 0) return null;
  const parts = [
    ...(m.hull > 0 ? [`${m.hull} hull point(s) mended`] : []),
    ...(m.systems.length > 0 ? [`mended ${m.systems.join(", ")}`] : []),
    ...(m.stationOnly.length > 0 ? [`only a station can mend ${m.stationOnly.join(", ")}`] : []),
  ];
  return `damage control on ${name} (DCR ${m.dcr}): ${parts.length > 0 ? parts.join("; ") : "nothing mended"}`;
}

/** The quick battle's post-battle damage control rolls; returns what only a station can mend now, per ship id. */
export function damageControlAfterBattle(f: Fight): Record<string, string[]> {
  const stationOnly: Record<string, string[]> = {};
  // The quick battle's dice go through its report (kept in the line's `rolls`).
  const dice: RepairDice = { d10: () => d10(f), d100: () => d100(f) };
  for (const u of f.units) {
    if (u.station || u.status === DESTROYED || u.status === DETONATED) continue;
    const m = damageControl({ name: u.name, dcrRated: u.rating.dcr, damageStart: u.damageStart, damage: u.damage }, dice);
    u.damage = m.damage;
    u.dcr = m.dcr;
    if (m.stationOnly.length > 0) stationOnly[u.id] = m.stationOnly;
    const text = f.report ? damageControlText(u.name, m) : null;
    if (text !== null) line(f, text);
  }
  return stationOnly;
}
