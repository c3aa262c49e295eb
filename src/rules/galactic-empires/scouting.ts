/**
 * Scouting: seed 003 chapter 4, "Scouting Occurs" (the last step of a turn), and
 * chapter 3, "Unit List" ("Scout ability": "Only locations with a movement route
 * will be scouted", so barriers block scouting as they block movement).
 */
import { scoutingOf, shipType } from "./catalog.js";
import { type TurnContext, unitsByOwner } from "./context.js";
import { activeEmpires } from "./economy.js";
import type { EmpireId, SectorId, Unit } from "./model.js";

/**
 * What one empire scouts by itself: its own sectors and where its units are; every
 * sector connected to a sector it owns; and, for each of its starships (units by
 * id, stacks in order, one roll per starship), with the ship's scouting chance all
 * sectors connected to where it is, then for each sector so scouted, with its bonus
 * chance, all sectors connected to that one.
 */
export function scoutOwn(ctx: TurnContext, empire: EmpireId, ownUnits?: Unit[]): Set<SectorId> {
  const seen = new Set<SectorId>();
  for (const s of ctx.state.sectors) {
    if (s.owner !== empire) continue;
    seen.add(s.id);
    for (const n of ctx.neighbours(s.id)) seen.add(n);
  }
  const units = ownUnits ?? ctx.unitsOf(empire);
  for (const u of units) seen.add(u.sector);
  for (const u of units) {
    const near = ctx.neighbours(u.sector);
    // Everything this unit's starships could add; once all of it is known, no roll can add more.
    const reach = new Set<SectorId>(near);
    for (const n of near) for (const m of ctx.neighbours(n)) reach.add(m);
    for (const stack of u.ships) {
      const { chance, bonus } = scoutingOf(shipType(stack.type));
      for (let i = 0; i < stack.count; i++) {
        if ([...reach].every((x) => seen.has(x))) break;
        if (!ctx.rng.chance(chance)) continue;
        for (const n of near) {
          seen.add(n);
          if (ctx.rng.chance(bonus)) for (const m of ctx.neighbours(n)) seen.add(m);
        }
      }
    }
  }
  return seen;
}

/**
 * Chapter 4, "Scouting Occurs". Each empire's own reports, then "Info Sharing: If a
 * empire has granted you info sharing, then you will gain all scouting reports from
 * that empire": the reports of this turn of every empire whose toward[you].share is
 * on, one hop (what they received from others is not passed on: RULINGS "Info
 * sharing is not transitive"). Stored sorted in empires[id].scouted.
 */
export function scoutingOccurs(ctx: TurnContext): void {
  const empires = activeEmpires(ctx);
  const own = new Map<EmpireId, Set<SectorId>>();
  // Scouting moves no unit: one grouping by owner serves every empire.
  const byOwner = unitsByOwner(ctx);
  for (const e of empires) own.set(e.id, scoutOwn(ctx, e.id, byOwner.get(e.id) ?? []));
  for (const e of empires) {
    const all = new Set(own.get(e.id));
    for (const f of empires) {
      if (f.id === e.id || f.toward[e.id]?.share !== true) continue;
      for (const s of own.get(f.id) ?? []) all.add(s);
    }
    e.scouted = [...all].sort((a, b) => a - b);
  }
}
