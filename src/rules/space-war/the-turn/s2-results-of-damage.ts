/**
 * S2 - Results of Damage (seed 001 l.392-404): "Damage is randomly allocated against surviving Modules. Damaged Modules
 * become useless unless repaired. Modules with expended munitions, empty shuttle bays, etc., are still Modules for
 * this." "Destroyed: A Craft with all its Modules Damaged is considered Destroyed and is removed from play. Any Medals
 * held by that Craft are lost."
 *
 * Then what damage brings with it at once: "If all of a Vessels Shuttle Bays are Damaged all carried Fighters are
 * Destroyed immediately" (l.428); a Tractor module damaged lets go of what it held (l.442, reference E.7); a machine
 * force with no vessel left loses its fighters (l.979). The rear-shot exception (l.400, C.5, setting `rearShots`): the
 * damage done by hits S9 marked as rear shots (`Craft.rearHits`) falls on Engines and Thrusters first.
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, type StepContext } from "../campaign-sequence/step.js";
import { allDamaged, type Craft } from "../model.js";
import { aboard, removeCraft, seenBy } from "./losses.js";
import { releaseBrokenHolds } from "./s5-tractor-beam.js";
import { machineSelfDestruct } from "./s6-nuclear-devices.js";
import { allocateDamage } from "./shooting.js";

/** "A craft of 5 modules, 3 damaged" as its owner sees it: the modules newly damaged by name. */
const moduleNames = (c: Craft, idx: readonly number[]): string => idx.map((i) => `${c.modules[i]?.module ?? "?"} (#${i})`).join(", ");

/**
 * Damage on one craft: `damage` modules chosen at random among the surviving ones (`allocateDamage`, l.396); the
 * craft destroyed when every module is damaged (l.404), credited to `by`; then the bays (l.428), tractor holds (l.442)
 * and a machine's fighters (l.979). Also for other steps (rams, S8).
 */
export function damageCraft(ctx: StepContext, c: Craft, damage: number, by: readonly SeatId[], rear = 0): number[] {
  if (damage <= 0 || c.where.kind === "gone") return [];
  // Rear shots (C.5): their damage goes on the surviving Engines and Thrusters first, at random among them.
  const drives = Math.min(rear, damage);
  const first =
    drives > 0
      ? allocateDamage(
          ctx.rng,
          c.modules.map((m) => m.damaged || (m.module !== "E" && m.module !== "T")),
          drives,
        )
      : [];
  for (const i of first) {
    const m = c.modules[i];
    if (m) m.damaged = true;
  }
  const rest = allocateDamage(
    ctx.rng,
    c.modules.map((m) => m.damaged),
    damage - first.length,
  );
  const hit = [...first, ...rest];
  for (const i of rest) {
    const m = c.modules[i];
    if (m) m.damaged = true;
  }
  const to = seenBy(c);
  const left = c.modules.filter((m) => !m.damaged).length;
  ctx.emit(
    "damaged",
    `${c.id} suffers ${damage} damage: ${hit.length === 0 ? "no module left to damage" : moduleNames(c, hit)}; ${left} of ${c.modules.length} modules still work.`,
    to === undefined ? { craft: [c.id] } : { craft: [c.id], to },
  );
  if (allDamaged(c)) removeCraft(ctx, c, "destroyed", by, "every module damaged (l.404)");
  else if (c.type === "vessel") bayCheck(ctx, c, by);
  // What follows at once, wherever the damage came from (S2, or a ram's in S8): holds (l.442), machine fighters (l.979).
  releaseBrokenHolds(ctx);
  machineSelfDestruct(ctx, c.owner);
  return hit;
}

/** l.428: a vessel whose Shuttle Bays are all damaged loses every fighter aboard. */
function bayCheck(ctx: StepContext, v: Craft, by: readonly SeatId[]): void {
  const bays = v.modules.filter((m) => m.module === "SB");
  if (bays.length === 0 || bays.some((m) => !m.damaged)) return;
  for (const f of aboard(battleOf(ctx.state), v)) removeCraft(ctx, f, "destroyed", by, `every Shuttle Bay of ${v.id} is damaged (l.428)`);
}

/** S2 for `seat`: the damage of its S1 allocated, craft destroyed, then what follows at once. */
export function resultsOfDamage(ctx: StepContext, seat: SeatId): void {
  const b = battleOf(ctx.state);
  for (const c of b.craft) {
    if (c.owner !== seat) continue;
    const damage = c.pendingDamage ?? 0;
    const by = c.hitBy ?? [];
    const rear = c.rearHits ?? 0;
    delete c.pendingDamage;
    delete c.rearHits;
    // The hits of S1 are spent (l.355); hits put on later wait for the next S1 with their own `hitBy`.
    if (c.pendingHits === 0) delete c.hitBy;
    damageCraft(ctx, c, damage, by, rear);
  }
  releaseBrokenHolds(ctx);
  machineSelfDestruct(ctx, seat);
}
