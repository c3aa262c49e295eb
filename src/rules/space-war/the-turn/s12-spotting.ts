/**
 * S12 - Spotting (seed 001 l.659-665; "Scouting" at l.345, ruling C.18: the same step):
 *
 * - "Each Craft should be indicted [indicated] by a face-down counter. Fighters inside a Vessel need not be placed
 *   but which Vessel they are in must be noted." (l.661)
 * - "Turn enemy counters face up if your Craft or counters are within 24" of them during the Spotting phase." (l.663)
 *   Longer Scouting distances: "+6" on scouting distances" (l.680-682), so 30".
 * - "You may not fire at a face down enemy counter." (l.665; S9 `shotRuling`.)
 *
 * Reference E.8: a counter turned face up stays face up (nothing in the seed turns it back); spotting happens only in
 * the spotting seat's own S12. Fighters aboard a vessel are not counters and are never spotted (l.661).
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, enemiesOf, onTable, type StepContext } from "../campaign-sequence/step.js";
import type { Craft } from "../model.js";
import { SCOUTING_DISTANCE, scoutingDistance } from "../technology-cards/cards.js";
import { holds, useCard } from "../technology-cards/in-play.js";
import { distance, inchesText } from "./geometry.js";

/** What a craft is, as everyone learns it when it is turned face up: "Destroyer (vessel: E+E+L+L(rear))". */
export function craftText(c: Craft): string {
  const parts = c.modules.map((m) => (m.arc !== undefined && m.arc !== "front" ? `${m.module}(${m.arc})` : m.module));
  return `${c.design} (${c.type}: ${parts.join("+")})`;
}

/**
 * Turns a face-down counter face up, with an event for everyone naming what it is (l.663). Also used when a counter
 * gives itself away by ramming or shooting (RULINGS.md "The turn: movement, ramming, shooting, spotting").
 */
export function turnFaceUp(ctx: StepContext, c: Craft, why: string, order?: string): void {
  if (c.where.kind !== "hidden") return;
  c.where = { kind: "table", at: c.where.at, heading: c.where.heading };
  ctx.emit("spotted", `${c.owner}'s counter ${c.id} is turned face up (${why}): ${craftText(c)}.`, {
    craft: [c.id],
    ...(order === undefined ? {} : { order }),
  });
}

/** S12 (l.663): every enemy counter within 24" (30" with Longer Scouting) of one of the seat's craft on the table. */
export function spotting(ctx: StepContext, seat: SeatId): void {
  const b = battleOf(ctx.state);
  const mine = b.craft.filter((c) => c.owner === seat && onTable(c));
  if (mine.length === 0) return;
  const enemies = new Set(enemiesOf(ctx.state, seat));
  for (const c of b.craft) {
    if (!enemies.has(c.owner) || c.where.kind !== "hidden") continue;
    const at = c.where.at;
    let nearest: { craft: Craft; d: number } | undefined;
    for (const m of mine) {
      if (!onTable(m)) continue;
      const d = distance(m.where.at, at);
      if (nearest === undefined || d < nearest.d) nearest = { craft: m, d };
    }
    if (nearest === undefined) continue;
    const within = nearest.d <= SCOUTING_DISTANCE + 1e-9;
    // The card is wanted only when it makes the difference (l.672: "Reveal them the first time you want their bonuses").
    const longer =
      !within &&
      nearest.d <= scoutingDistance(true) + 1e-9 &&
      holds(ctx.state, seat, "longer-scouting") &&
      useCard(ctx, seat, "longer-scouting");
    if (!within && !longer) continue;
    turnFaceUp(ctx, c, `spotted at ${inchesText(nearest.d)} by ${nearest.craft.id}${longer ? ", Longer Scouting" : ""}`);
  }
}
