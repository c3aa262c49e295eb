/**
 * Chapter 4, "Sectors are Pillaged", and chapter 5, "Sector Revenue" (Pillaging):
 * pillage orders reached this phase seize 90% of a sector's damaged revenue,
 * shared among the units pillaging it in the same phase.
 */
import { DAMAGE_REVENUE } from "./catalog.js";
import type { IndexedOrder, TurnContext } from "./context.js";
import { compareUnitIds, INDEPENDENT, type SectorId, type Unit } from "./model.js";
import { liveUnit, type MovementRun, PILLAGE_STEP, queuedUnitIds, sectorLabel, takeHead } from "./movement.js";
import type { OrderOf } from "./orders.js";

/** Chapter 5, "Sector Revenue": "For pillaging, revenue is reduced to 90% of normal." */
export const PILLAGE_SHARE = 0.9;
/** Chapter 4: the total combat of a pillaging unit "must be at least 10". */
export const PILLAGE_MIN_COMBAT = 10;

interface Pillager {
  unit: Unit;
  io: IndexedOrder<OrderOf<"pillage">>;
}

export function sectorsArePillaged(ctx: TurnContext, run: MovementRun): void {
  const bySector = new Map<SectorId, Pillager[]>();
  const pillaging = new Set<string>();
  for (const id of queuedUnitIds(run)) {
    // The check: these lines are about the unit and where it is (preview.ts).
    ctx.about = [`unit:${id}`];
    const unit = liveUnit(ctx, run, id);
    if (!unit) continue;
    ctx.about = [`unit:${id}`, `sector:${unit.sector}`];
    for (let io = takeHead(run, id, PILLAGE_STEP); io; io = takeHead(run, id, PILLAGE_STEP)) {
      if (io.order.type !== "pillage") continue;
      const pio = io as IndexedOrder<OrderOf<"pillage">>;
      if (pillaging.has(unit.id)) {
        ctx.fail(
          pio,
          "already-pillaging",
          `${unit.id} is already pillaging ${sectorLabel(ctx.sector(unit.sector), unit.sector)} in this phase`,
        );
        continue;
      }
      const problem = pillageProblem(ctx, unit, pio);
      if (problem) {
        ctx.fail(pio, problem.code, problem.message);
        continue;
      }
      pillaging.add(unit.id);
      const list = bySector.get(unit.sector) ?? [];
      list.push({ unit, io: pio });
      bySector.set(unit.sector, list);
    }
  }
  for (const sectorId of [...bySector.keys()].sort((a, b) => a - b)) {
    const group = (bySector.get(sectorId) ?? []).sort((a, b) => compareUnitIds(a.unit.id, b.unit.id));
    const s = ctx.sector(sectorId);
    if (!s) continue;
    const total = s.revenue * (DAMAGE_REVENUE[s.damage] ?? DAMAGE_REVENUE[3]) * PILLAGE_SHARE;
    const shares = pillageShares(
      total,
      group.map((p) => ctx.starshipCount(p.unit)),
    );
    ctx.pillaged.add(sectorId);
    // The shares hang on the sector (revenue, damage) and on every pillager's starships.
    ctx.about = [`sector:${sectorId}`, ...group.map((p): `unit:${string}` => `unit:${p.unit.id}`)];
    group.forEach((p, i) => {
      const share = shares[i] ?? 0;
      ctx.credit(p.unit.owner, share);
      // Chapter 4: "Pillaging uses up all Move-points for the unit for the rest of the turn".
      ctx.exhaust(p.unit);
      const others =
        group.length > 1 ? ` (shared with ${group.length - 1} other unit${group.length > 2 ? "s" : ""} by starship count)` : "";
      ctx.message(
        [p.unit.owner],
        `${p.unit.id} pillaged ${sectorLabel(s, sectorId)} for ${share} resources${others}: 90% of revenue ${s.revenue} at damage ${s.damage}`,
      );
    });
    const victims = s.owner === INDEPENDENT || group.every((p) => p.unit.owner === s.owner) ? [] : [s.owner];
    ctx.message(victims, `${sectorLabel(s, sectorId)} was pillaged by ${[...new Set(group.map((p) => p.unit.owner))].join(", ")}`);
  }
}

/**
 * Chapter 5, "Sector Revenue": "Starfleet#1 has 10 starships, and starfleet#2 has
 * 5 starships, so Starfleet#1 gets 10/15 of the resources, and Starfleet#2 gets
 * 5/15 of the resources (rounded to the nearest 1)". Units without starships (an
 * admiral's fleet) share equally if no pillager has any.
 */
export function pillageShares(total: number, starships: readonly number[]): number[] {
  const sum = starships.reduce((a, b) => a + b, 0);
  if (sum <= 0) return starships.map(() => Math.round(total / Math.max(1, starships.length)));
  return starships.map((n) => Math.round((total * n) / sum + 1e-9));
}

function pillageProblem(ctx: TurnContext, unit: Unit, io: IndexedOrder<OrderOf<"pillage">>): { code: string; message: string } | null {
  const s = ctx.sector(unit.sector);
  const here = sectorLabel(s, unit.sector);
  if (!s) return { code: "unknown-sector", message: `${unit.id} is in no known sector` };
  // "The unit must be at the location indicated for the action, or it won't Pillage."
  if (io.order.sector !== undefined && io.order.sector !== unit.sector) {
    return {
      code: "wrong-sector",
      message: `${unit.id} is in ${here}, not in sector ${io.order.sector} named by the order, when this order comes up`,
    };
  }
  // Chapter 5, "Cloaking": "Ships may not pillage while cloaked".
  if (unit.cloaked) return { code: "cloaked", message: `${unit.id} is cloaked; cloaked units may not pillage (decloak first)` };
  // "A unit can only Pillage if it unit has at least 1 Move-point." Garrisons have no
  // move points at all and pillage their own sector (RULINGS, "Garrisons pillage").
  if (unit.kind === "starfleet") {
    const mp = ctx.movePoints(unit);
    if (mp < 1) return { code: "no-move-points", message: `${unit.id} has 0 move points left; pillaging needs at least 1` };
  }
  const combat = ctx.totalCombat(unit);
  if (combat < PILLAGE_MIN_COMBAT) {
    return {
      code: "too-weak",
      message: `${unit.id} has total combat ${Math.round(combat * 100) / 100}; at least ${PILLAGE_MIN_COMBAT} is needed to pillage (FAQ: "Under 10, it will fail")`,
    };
  }
  if (s.owner !== unit.owner) {
    // "if you have Passage Rights or Special Permission granted by the owner of the
    // sector, then you can't Pillage it. ie you must be at war".
    if (ctx.hasPermission(unit.owner, s.id)) {
      return {
        code: "has-permission",
        message: `you hold Passage Rights or Special Permission for ${here} (owner ${s.owner}); you cannot pillage a sector you have permission for`,
      };
    }
    if (s.owner !== INDEPENDENT && !ctx.atWar(unit.owner, s.owner)) {
      return {
        code: "not-at-war",
        message: `${here} belongs to ${s.owner}, with whom you are not at war; you may pillage only your own, enemy or independent sectors`,
      };
    }
  }
  // "If a sector has already been pillaged this turn (in a previous Phase), then nothing will happen".
  if (ctx.pillaged.has(s.id)) {
    return { code: "already-pillaged", message: `${here} was already pillaged this turn; a sector yields its revenue only once a turn` };
  }
  return null;
}
