/**
 * The purchase (l.29): as many craft as fit the budget and 16 craft (l.7), and the crews with medals aboard the
 * strongest of them (l.29, l.737).
 */
import type { SeatId } from "../../../core/ids.js";
import { budgetOf, MAX_CRAFT } from "../designing-craft/cost.js";
import { countOf, type Design, designCost } from "../designing-craft/design.js";
import type { SpaceWarState } from "../model.js";
import type { Order } from "../orders.js";
import { squadronOf } from "./knowledge.js";

/**
 * A design's worth in battle, for buying: its modules (damage it can take) and its weapons (what it does). Lasers and
 * Missiles weigh the same: the Laser reaches twice as far, the Missile hits half as often again (l.571-601).
 */
export function designWorth(d: Design): number {
  const weapons = countOf(d, "L") + countOf(d, "M") + 1.5 * countOf(d, "EM") + 0.5 * countOf(d, "N");
  return d.modules.length + 1.5 * weapons;
}

/**
 * How many of each design to buy: every combination of counts (at most 16 craft, at most the budget) tried, the one
 * with the most worth kept; fighters only with a Shuttle Bay vessel among them (l.51); a tie goes to the more even
 * spread. Designs are few (3 and the prisoners, l.454), so the search is small.
 */
export function bestPurchase(designs: readonly { design: Design; max: number }[], budget: number): number[] {
  let best: number[] = designs.map(() => 0);
  let bestWorth = -1;
  let bestSpread = Number.POSITIVE_INFINITY;
  const counts = designs.map(() => 0);
  const visit = (i: number, cost: number, craft: number): void => {
    if (i === designs.length) {
      const fighters = designs.some((d, k) => d.design.type === "fighter" && (counts[k] ?? 0) > 0);
      const bay = designs.some((d, k) => d.design.type === "vessel" && countOf(d.design, "SB") > 0 && (counts[k] ?? 0) > 0);
      if (fighters && !bay) return;
      const worth = designs.reduce((t, d, k) => t + designWorth(d.design) * (counts[k] ?? 0), 0);
      const spread = Math.max(...counts) - Math.min(...counts);
      if (worth > bestWorth + 1e-9 || (Math.abs(worth - bestWorth) <= 1e-9 && spread < bestSpread)) {
        best = [...counts];
        bestWorth = worth;
        bestSpread = spread;
      }
      return;
    }
    const d = designs[i];
    const each = d ? designCost(d.design) : undefined;
    if (!d || each === undefined) {
      visit(i + 1, cost, craft);
      return;
    }
    for (let n = 0; n <= d.max && craft + n <= MAX_CRAFT && cost + n * each <= budget; n++) {
      counts[i] = n;
      visit(i + 1, cost + n * each, craft + n);
    }
    counts[i] = 0;
  };
  visit(0, 0, 0);
  return best;
}

/** The buy and crew orders of the purchase step. */
export function purchaseOrders(known: SpaceWarState, seat: SeatId): Order[] {
  const q = squadronOf(known, seat);
  if (!q) return [];
  const pool = [...q.designs.map((design) => ({ design, max: MAX_CRAFT })), ...q.prisoners.map((p) => ({ design: p.design, max: 1 }))];
  const counts = bestPurchase(pool, budgetOf(q.budgetOption, q.machine));
  const out: Order[] = [];
  pool.forEach((p, k) => {
    const count = counts[k] ?? 0;
    if (count > 0) out.push({ type: "buy", design: p.design.name, count });
  });
  // Crews with medals aboard the strongest craft bought: the most decorated crew first (l.737).
  if (q.machine) return out;
  const places = pool
    .map((p, k) => ({ name: p.design.name, worth: designWorth(p.design), lasers: countOf(p.design, "L"), left: counts[k] ?? 0 }))
    .filter((p) => p.left > 0)
    .sort((a, b) => b.worth - a.worth || a.name.localeCompare(b.name));
  const crews = [...q.crews]
    .filter((c) => c.medals.length > 0)
    .sort((a, b) => b.medals.length - a.medals.length || a.id.localeCompare(b.id));
  for (const c of crews) {
    // An Ace is better aboard a craft with Lasers (l.751).
    const ace = c.medals.includes("ace");
    const place = (ace ? places.find((p) => p.left > 0 && p.lasers > 0) : undefined) ?? places.find((p) => p.left > 0);
    if (!place) break;
    place.left--;
    out.push({ type: "crew", crew: c.id, design: place.name });
  }
  return out;
}
