/**
 * Distances on the Frontier Deployment Map, in days at one transit box a day: a route of n boxes takes n + 1 days
 * (n boxes, then the starburst). For bots and for tracing: the seeds' rules never need a shortest path.
 */
import { type FrontierMap, otherEnd, routesFrom } from "./map.js";

/** Days from `from` to every system reachable (Dijkstra over routes; the map is small). */
export function daysFrom(map: FrontierMap, from: string): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  const done = new Set<string>();
  for (;;) {
    let best: string | undefined;
    for (const [k, d] of dist)
      if (!done.has(k) && (best === undefined || d < (dist.get(best) ?? 0) || (d === dist.get(best) && k < best))) best = k;
    if (best === undefined) return dist;
    done.add(best);
    const d0 = dist.get(best) ?? 0;
    for (const r of routesFrom(map, best)) {
      const n = otherEnd(r, best);
      const d = d0 + r.boxes + 1;
      if (d < (dist.get(n) ?? Number.POSITIVE_INFINITY)) dist.set(n, d);
    }
  }
}

/** The neighbouring system to head for from `from` on a shortest way to `to` (undefined when there or unreachable). */
export function nextHop(map: FrontierMap, from: string, to: string): string | undefined {
  if (from === to) return undefined;
  const back = daysFrom(map, to);
  let best: string | undefined;
  let bestDays = Number.POSITIVE_INFINITY;
  for (const r of routesFrom(map, from)) {
    const n = otherEnd(r, from);
    const d = r.boxes + 1 + (back.get(n) ?? Number.POSITIVE_INFINITY);
    if (d < bestDays || (d === bestDays && best !== undefined && n < best)) {
      best = n;
      bestDays = d;
    }
  }
  return Number.isFinite(bestDays) ? best : undefined;
}
