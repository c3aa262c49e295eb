/**
 * Seed 000 "REPAIR": "Ships that have been damaged in battle can repair that damage normally using their DCR. If the
 * battle was fought using the Basic Rules, repairs cannot be made until after the battle. If any hull damage repair
 * attempt fails after the battle, no further repairs can be attempted; the ship's hull can be repaired only at a space
 * station. If a system other than the hull cannot be repaired in space (because a 99 or 00 was rolled), the ship must
 * return to a space station to repair this system, also." (C.2 #4, #18.)
 *
 * A quick battle has no repair during the battle (Basic or Advanced); after it, every ship that lived (fought or
 * escaped) makes damage control rolls for the damage it took in this battle (older damage has had its rolls):
 * first one d100 per system hit (a key of `Damage` other than the hull): at or under its DCR, and under 90 (Knight
 * Hawks: 90-00 always fail), the system is mended; 99 or 00, it can be mended only at a station. Then the hull: a
 * d100 at or under the DCR (and under 90) mends 1d10 hull points, again and again until the battle's hull damage is
 * gone or a roll fails; a failure leaves the rest for a station ("hull" in `stationOnly`).
 */
import { DESTROYED, DETONATED, d10, d100, type Fight, line } from "./units.js";

/** The post-battle damage control rolls; returns what only a station can mend now, per ship id. */
export function damageControlAfterBattle(f: Fight): Record<string, string[]> {
  const stationOnly: Record<string, string[]> = {};
  for (const u of f.units) {
    if (u.station || u.status === DESTROYED || u.status === DETONATED) continue;
    const only: string[] = [];
    const done: string[] = [];
    const need = (roll: number) => roll < 90 && roll <= u.dcr;
    for (const key of Object.keys(u.damage).sort()) {
      if (key === "hull") continue;
      const before = u.damageStart[key] ?? 0;
      if ((u.damage[key] ?? 0) <= before) continue;
      const roll = d100(f);
      if (roll >= 99) only.push(key);
      else if (need(roll)) {
        if (before > 0) u.damage[key] = before;
        else delete u.damage[key];
        done.push(key);
        if (key === "DCR") u.dcr = u.rating.dcr - before;
      }
    }
    let hullToMend = (u.damage.hull ?? 0) - (u.damageStart.hull ?? 0);
    let mended = 0;
    while (hullToMend > 0) {
      if (!need(d100(f))) {
        only.push("hull");
        break;
      }
      const m = Math.min(d10(f), hullToMend);
      hullToMend -= m;
      mended += m;
    }
    if (mended > 0) {
      const left = (u.damage.hull ?? 0) - mended;
      if (left > 0) u.damage.hull = left;
      else delete u.damage.hull;
    }
    if (only.length > 0) stationOnly[u.id] = only;
    if (f.report && (done.length > 0 || mended > 0 || only.length > 0 || f.rolls.length > 0)) {
      const parts = [
        ...(mended > 0 ? [`${mended} hull point(s) mended`] : []),
        ...(done.length > 0 ? [`mended ${done.join(", ")}`] : []),
        ...(only.length > 0 ? [`only a station can mend ${only.join(", ")}`] : []),
      ];
      line(f, `damage control on ${u.name} (DCR ${u.dcr}): ${parts.length > 0 ? parts.join("; ") : "nothing mended"}`);
    }
  }
  return stationOnly;
}
