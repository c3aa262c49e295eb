/**
 * The purchase (l.29): as many craft as fit the budget and 16 craft (l.7), and the crews with medals aboard the
 * strongest of them (l.29, l.737).
 */
import type { SeatId } from "../../../core/ids.js";
import { budgetOf, MACHINE_BUDGET, MAX_CRAFT } from "../designing-craft/cost.js";
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
  const n = designs.length;
  const worth = designs.map((d) => designWorth(d.design));
  const cost = designs.map((d) => designCost(d.design));
  const fighter = designs.map((d) => d.design.type === "fighter");
  const bay = designs.map((d) => d.design.type === "vessel" && countOf(d.design, "SB") > 0);
  let best: number[] = designs.map(() => 0);
  let bestWorth = -1;
  let bestSpread = Number.POSITIVE_INFINITY;
  const counts = designs.map(() => 0);
  const leaf = (): void => {
    let w = 0;
    let fighters = false;
    let bays = false;
    let lo = Number.POSITIVE_INFINITY;
    let hi = 0;
    for (let k = 0; k < n; k++) {
      const c = counts[k] ?? 0;
      w += (worth[k] ?? 0) * c;
      if (c > 0 && fighter[k]) fighters = true;
      if (c > 0 && bay[k]) bays = true;
      lo = Math.min(lo, c);
      hi = Math.max(hi, c);
    }
    if (fighters && !bays) return;
    const spread = hi - lo;
    if (w > bestWorth + 1e-9 || (Math.abs(w - bestWorth) <= 1e-9 && spread < bestSpread)) {
      best = [...counts];
      bestWorth = w;
      bestSpread = spread;
    }
  };
  const visit = (i: number, spent: number, craft: number): void => {
    if (i === n) {
      leaf();
      return;
    }
    const each = cost[i];
    const max = designs[i]?.max ?? 0;
    if (each === undefined) {
      visit(i + 1, spent, craft);
      return;
    }
    for (let k = 0; k <= max && craft + k <= MAX_CRAFT && spent + k * each <= budget; k++) {
      counts[i] = k;
      visit(i + 1, spent + k * each, craft + k);
    }
    counts[i] = 0;
  };
  visit(0, 0, 0);
  return best;
}

/**
 * The buy and crew orders of the purchase step. A seat commanding a scenario's fixed force (the CT's, l.907-913; the
 * machine vessel, l.990-1000) buys nothing; the machines of Machine Wars buy with 120 M€ (l.975) and carry no crews
 * (l.977). A prisoner (l.454) is bought by its id.
 */
export function purchaseOrders(known: SpaceWarState, seat: SeatId): Order[] {
  const q = squadronOf(known, seat);
  if (!q) return [];
  const role = known.campaign.roles?.[seat] ?? "squadron";
  if (role === "ct" || (role === "machine" && known.campaign.scenario === "machine-wars-ii")) return [];
  const pool = [
    ...q.designs.map((design) => ({ design, max: MAX_CRAFT, buy: design.name })),
    ...q.prisoners.map((p) => ({ design: p.design, max: 1, buy: p.id })),
  ];
  const counts = bestPurchase(pool, role === "machine" ? MACHINE_BUDGET : budgetOf(q.budgetOption, q.machine));
  const out: Order[] = [];
  pool.forEach((p, k) => {
    const count = counts[k] ?? 0;
    if (count > 0) out.push({ type: "buy", design: p.buy, count });
  });
  // Crews with medals aboard the strongest craft bought: the most decorated crew first (l.737).
  if (q.machine || role === "machine") return out;
  const places = pool
    .map((p, k) => ({ name: p.buy, worth: designWorth(p.design), lasers: countOf(p.design, "L"), left: counts[k] ?? 0 }))
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
