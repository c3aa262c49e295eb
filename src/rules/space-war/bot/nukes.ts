/**
 * What a Nuclear Warhead's blast is worth to the bot (l.458-462, l.516, l.700): every craft within the radius (3", 5"
 * with EMP enhanced nukes) takes d6 hits, one in contact 2d6; the enemy's expected loss less the bot's and its allies'
 * (l.1023 "what a shame!"), the carrier itself lost. Used for S6's explosions (battle.ts) and S8's nukes rammed in
 * (ramming.ts).
 */
import type { SeatId } from "../../../core/ids.js";
import { allied } from "../campaign-sequence/step.js";
import type { Battle, Craft, SpaceWarState } from "../model.js";
import { ADJACENT, CONTACT, distance } from "../the-turn/geometry.js";
import { exactShotOdds } from "../the-turn/shooting.js";
import { armourOf, craftValue, holdsCard, isPlaced, type Placed, targetValue } from "./knowledge.js";

/** P(destroyed) of a craft taking `hits` hits at once (armour rolled for each, l.357-404). */
function pKillByHits(knownState: SpaceWarState, c: Craft, hits: number): { kill: number; damaged: number } {
  const modules = c.modules.length > 0 ? c.modules.length : 3;
  const damaged = c.modules.filter((m) => m.damaged).length;
  const o = exactShotOdds([{ shots: hits, need: 1 }], { modules, damaged, armour: armourOf(knownState, c) });
  return { kill: o.pDestroyed, damaged: o.meanDamaged };
}

/** The chance of each number of hits: d6 (within the radius) or 2d6 (in contact), l.462. */
const D6 = [1, 2, 3, 4, 5, 6].map((n) => ({ n, p: 1 / 6 }));
const TWO_D6 = Array.from({ length: 11 }, (_, i) => ({ n: i + 2, p: (6 - Math.abs(i + 2 - 7)) / 36 }));

/** What a Nuke exploded where the craft stands would be worth: the enemy's expected loss less the bot's (l.458-462, l.700). */
export function nukeWorth(knownState: SpaceWarState, b: Battle, seat: SeatId, carrier: Placed): number {
  const radius = holdsCard(knownState, seat, "emp-nukes") ? 5 : ADJACENT;
  let worth = -craftValue(carrier);
  for (const c of b.craft) {
    if (c.id === carrier.id || !isPlaced(c)) continue;
    const d = distance(c.where.at, carrier.where.at);
    if (d > radius) continue;
    const dist = d <= CONTACT ? TWO_D6 : D6;
    const loss = dist.reduce((t, { n, p }) => {
      const o = pKillByHits(knownState, c, n);
      return t + p * (o.kill + (0.35 * o.damaged) / Math.max(1, c.modules.length));
    }, 0);
    // An ally's craft is as dear as the bot's own (l.1023: "what a shame!").
    const friend = c.owner === seat || allied(knownState, seat, c.owner);
    // An enemy station is worth what it brings the seat (`targetValue`); without the Corporation card destroying it
    // costs every crew a medal (l.1050), as dear as one's own.
    const value = friend ? -craftValue(c) : targetValue(knownState, seat, c);
    worth += (c.station && value === 0 ? -craftValue(c) : value) * loss;
  }
  return worth;
}
