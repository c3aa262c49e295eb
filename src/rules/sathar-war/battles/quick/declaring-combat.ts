/**
 * Seed 000 "Declaring Combat": "If the defender's ships include a minelayer, the defender may place all of its mines
 * and seeker missiles before the battle begins." In the abstract battle the minefield lies across the attacker's way
 * in: at the start of round 2, as the attacker closes, each mine is met by an attacking ship on a d10 of 1-5 (the
 * other half lie off its path) and attacks it; each seeker missile homes on one attacking ship. The ships attacked are
 * taken in turn, largest (most hull points left) first. Every mine and seeker placed is spent (RULINGS.md "Battles:
 * mines and seekers").
 */

import { attack, CLOSE } from "./combat.js";
import { d10, type Fight, fighting, line, other, type Unit, W_INDEX } from "./units.js";

export function minesAndSeekers(f: Fight): void {
  const placed = f.input.mines;
  if (placed === undefined || placed.mines + placed.seekers <= 0) return;
  const defender = other(f.input.attacker);
  const victims = f.units.filter((u) => fighting(u, f.input.attacker)).sort((a, b) => b.hp - a.hp || a.i - b.i);
  let next = 0;
  const victim = (): Unit | undefined => {
    for (let tries = 0; tries < victims.length; tries++) {
      const v = victims[next++ % victims.length] as Unit;
      if (v.status === 0) return v;
    }
    return undefined;
  };
  let met = 0;
  let hits = 0;
  let hull = 0;
  for (let k = 0; k < placed.mines; k++) {
    if (d10(f) > 5) continue;
    const v = victim();
    if (v === undefined) break;
    met++;
    const lost = attack(f, null, v, W_INDEX.M, CLOSE);
    if (lost >= 0) {
      hits++;
      hull += lost;
    }
  }
  for (let k = 0; k < placed.seekers; k++) {
    const v = victim();
    if (v === undefined) break;
    met++;
    const lost = attack(f, null, v, W_INDEX.SM, CLOSE);
    if (lost >= 0) {
      hits++;
      hull += lost;
    }
  }
  spendOnMinelayers(f, defender, placed.mines, placed.seekers);
  line(
    f,
    `mines and seekers: ${placed.mines} mine(s) and ${placed.seekers} seeker(s), ${met} attack(s), ${hits} hit(s), ${hull} hull point(s)`,
  );
}

/** Mines and seekers placed come off the defender's minelayers' charges, in the input's order. */
function spendOnMinelayers(f: Fight, side: "sathar" | "upf", mines: number, seekers: number): void {
  let m = mines;
  let s = seekers;
  for (const u of f.units) {
    if (u.side !== side || u.cls !== "ML") continue;
    const tm = Math.min(m, u.ammo[W_INDEX.M] ?? 0);
    const ts = Math.min(s, u.ammo[W_INDEX.SM] ?? 0);
    u.ammo[W_INDEX.M] = (u.ammo[W_INDEX.M] ?? 0) - tm;
    u.ammo[W_INDEX.SM] = (u.ammo[W_INDEX.SM] ?? 0) - ts;
    m -= tm;
    s -= ts;
  }
}
