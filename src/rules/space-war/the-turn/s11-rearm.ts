/**
 * S11 - Re-arm Expendables (seed 001 l.651-655): "Fighters in Shuttle Bays may reload Expendable munitions modules."
 * Ruling "Re-arming": automatic, no order: every fighter aboard a vessel with an operating Shuttle Bay (l.136-140)
 * reloads each of its expended, undamaged Expendables modules (a damaged module is useless until repaired, l.396, and
 * keeps its expended mark until reloaded after the repair).
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, craftById, type StepContext } from "../campaign-sequence/step.js";
import { operating } from "../model.js";

/** S11 for `seat`: its fighters aboard reload (an event for the seat only: fighters aboard are hidden, l.661). */
export function rearmExpendables(ctx: StepContext, seat: SeatId): void {
  const b = battleOf(ctx.state);
  for (const f of b.craft) {
    if (f.owner !== seat || f.where.kind !== "aboard") continue;
    const v = craftById(b, f.where.vessel);
    if (!v || operating(v, "SB") === 0) continue;
    const reloaded = f.modules.filter((m) => m.module === "EM" && m.expended === true && !m.damaged);
    if (reloaded.length === 0) continue;
    for (const m of reloaded) delete m.expended;
    ctx.emit(
      "rearmed",
      `${f.id} reloads ${reloaded.length} Expendables module${reloaded.length === 1 ? "" : "s"} in ${v.id}'s Shuttle Bay (l.655).`,
      {
        craft: [f.id, v.id],
        to: [seat],
      },
    );
  }
}
