/**
 * The independents ("Local Forces"), seed 003 chapter 8: "If an empire is
 * controlled by Local (or "independent") Forces, this means the computer is in
 * control. Such an empire will build troops and defend its sectors. It will only
 * attack sectors that are annexed to it, no others. It won't change its existing
 * diplomatic relations."
 *
 * The ruleset's `resolve` feeds their treasury (`independentTreasury`) and gives
 * them these orders, which go through the same turn as every empire's
 * (rulings-bots.md, "Independents' treasury", "Independents' orders"):
 *  - they build at the industrial centres they own, from their pool, while a
 *    centre's garrison holds fewer than GARRISON_CAP_FACTOR x its build size;
 *  - a garrison above that forms a starfleet of the surplus, which reinforces the
 *    most threatened independent sector next to it;
 *  - a starfleet attacks a neighbouring sector only when that sector is still
 *    annexed to the independents (annexed to no empire: "local control") and its
 *    visible defenders are clearly weaker; otherwise it moves to defend a
 *    threatened independent sector next to it, or stays;
 *  - no diplomacy, no searches, no pillage.
 * They see what an empire would: their own sectors and the sectors next to them.
 */
import { own } from "../../../core/ids.js";
import { round } from "../../../core/json.js";
import type { Rng } from "../../../core/rng.js";
import { DAMAGE_REVENUE, DECAY_RATE, MAX_STARFLEETS, shipType, totalCombatOf } from "../catalog.js";
import { compareUnitIds, type GameState, INDEPENDENT, type Sector, type SectorId, type Unit } from "../model.js";
import type { Order } from "../orders.js";
import { conquestOf, moveOf, type ShipCount, shipsOfUnit, strengthOf, upkeepOf } from "./knowledge.js";
import { rankByCombat } from "./odds.js";

/** Share of their sectors' revenue the independents can spend on troops (the rest keeps local order). */
export const INDEPENDENT_REVENUE_SHARE = 0.25;
/** An independent industrial centre builds while its garrison holds fewer than this many times its build size. */
export const GARRISON_CAP_FACTOR = 2;
/** Independent starfleets attack only with this much more strength than the defenders they see. */
export const INDEPENDENT_ATTACK_RATIO = 1.5;

/**
 * The independents' pool at the start of a turn: last turn's pool less decay
 * (chapter 4, "Resources Decay", as for empires), plus INDEPENDENT_REVENUE_SHARE of
 * the revenue of every sector they own at its damage (chapter 5, "Sector Revenue"),
 * less the upkeep of their starships (chapter 4, "Upkeep Paid"). Never below 0;
 * unpaid upkeep costs them no starships (they are at home).
 */
export function independentPool(state: GameState): number {
  let cents = Math.round((state.independentTreasury ?? 0) * 100);
  cents -= Math.round(cents * DECAY_RATE);
  for (const s of state.sectors) {
    if (s.owner !== INDEPENDENT) continue;
    const f = DAMAGE_REVENUE[Math.max(0, Math.min(3, s.damage))] ?? 1;
    cents += Math.round(s.revenue * f * INDEPENDENT_REVENUE_SHARE * 100);
  }
  for (const u of Object.values(state.units)) {
    if (u.owner !== INDEPENDENT) continue;
    cents -= Math.round(upkeepOf(shipsOfUnit(u)) * 100);
  }
  return round(Math.max(0, cents) / 100, 2);
}

/** The state with the independents' pool brought up to date for the turn (a shallow copy). */
export function withIndependentPool(state: GameState): GameState {
  return { ...state, independentTreasury: independentPool(state) };
}

interface Sight {
  sectors: Map<SectorId, Sector>;
  adjacency: Map<SectorId, SectorId[]>;
  /** Sectors the independents see: their own and those next to them. */
  seen: Set<SectorId>;
  unitsIn: Map<SectorId, Unit[]>;
}

function sight(state: GameState): Sight {
  const adjacency = new Map<SectorId, SectorId[]>(state.sectors.map((s) => [s.id, []]));
  for (const b of state.borders) {
    if (b.barrier) continue;
    adjacency.get(b.a)?.push(b.b);
    adjacency.get(b.b)?.push(b.a);
  }
  for (const l of adjacency.values()) l.sort((a, b) => a - b);
  const seen = new Set<SectorId>();
  for (const s of state.sectors) {
    if (s.owner !== INDEPENDENT) continue;
    seen.add(s.id);
    for (const n of adjacency.get(s.id) ?? []) seen.add(n);
  }
  for (const u of Object.values(state.units)) if (u.owner === INDEPENDENT) seen.add(u.sector);
  const unitsIn = new Map<SectorId, Unit[]>();
  for (const u of Object.values(state.units).sort((a, b) => compareUnitIds(a.id, b.id))) {
    if (u.owner !== INDEPENDENT && (u.cloaked || !seen.has(u.sector))) continue;
    const l = unitsIn.get(u.sector) ?? [];
    l.push(u);
    unitsIn.set(u.sector, l);
  }
  return { sectors: new Map(state.sectors.map((s) => [s.id, s])), adjacency, seen, unitsIn };
}

/** Empire forces (not independents) the independents see in a sector, excluding those holding its Special Permission. */
function intruders(v: Sight, sector: SectorId): ShipCount[] {
  const s = v.sectors.get(sector);
  const out: ShipCount[] = [];
  for (const u of v.unitsIn.get(sector) ?? []) {
    if (u.owner === INDEPENDENT) continue;
    if (s && s.owner === INDEPENDENT && s.permission.includes(u.owner)) continue;
    out.push(...shipsOfUnit(u));
  }
  return out;
}

/** Empire starfleets next to (or in) an independent sector: the threat to it. */
function threat(v: Sight, sector: SectorId): number {
  const ships: ShipCount[] = [];
  for (const n of [sector, ...(v.adjacency.get(sector) ?? [])]) {
    for (const u of v.unitsIn.get(n) ?? []) if (u.owner !== INDEPENDENT && u.kind === "starfleet") ships.push(...shipsOfUnit(u));
  }
  return strengthOf(ships);
}

function ownStrength(v: Sight, sector: SectorId): number {
  const ships: ShipCount[] = [];
  for (const u of v.unitsIn.get(sector) ?? []) if (u.owner === INDEPENDENT) ships.push(...shipsOfUnit(u));
  return strengthOf(ships);
}

/** Chapter 8: the sectors Local Forces attack - owned by an empire but still annexed to the independents. */
export function annexedToIndependents(s: { owner: string; annexedTo: string | null }): boolean {
  return s.owner !== INDEPENDENT && (s.annexedTo === null || s.annexedTo === INDEPENDENT);
}

/** The independents' orders for this turn, from the state with the pool already fed (withIndependentPool). */
export function independentOrders(state: GameState, rng: Rng): Order[] {
  const v = sight(state);
  const orders: Order[] = [];
  const moves: Order[] = [];
  const sectorOf = v.sectors;
  let cents = Math.round((state.independentTreasury ?? 0) * 100);
  let starfleets = Object.values(state.units).filter((u) => u.owner === INDEPENDENT && u.kind === "starfleet").length;
  let refs = 0;
  const moved = new Set<string>();

  // Build troops at their industrial centres, the most threatened first.
  const centres = state.sectors
    .filter((s) => s.owner === INDEPENDENT && s.industry && s.industry.maxBuild > 0 && s.industry.builds.length > 0)
    .map((s) => ({ s, g: own(state.units, `G${s.id}`) }))
    .filter((x): x is { s: (typeof x)["s"]; g: Unit } => x.g !== undefined && x.g.owner === INDEPENDENT && x.g.kind === "garrison")
    .sort((a, b) => threat(v, b.s.id) - threat(v, a.s.id) || a.s.id - b.s.id);
  for (const { s, g } of centres) {
    const industry = s.industry;
    if (!industry) continue;
    const have = g.ships.reduce((n, x) => n + x.count, 0);
    const room = Math.min(industry.maxBuild, GARRISON_CAP_FACTOR * industry.maxBuild - have);
    const list = industry.builds.filter((t) => shipType(t).build > 0);
    if (room <= 0 || list.length === 0) continue;
    const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const eff = (t: string) => (totalCombatOf(shipType(t)) * shipType(t).hits) / shipType(t).build ** 2;
    const hitter = [...list].sort((a, b) => eff(b) - eff(a) || byId(a, b))[0] as string;
    const front = [...list].sort(
      (a, b) => shipType(b).hits / shipType(b).build - shipType(a).hits / shipType(a).build || byId(a, b),
    )[0] as string;
    const pattern = [hitter, front];
    const counts = new Map<string, number>();
    for (let i = 0; i < room; i++) {
      const t = pattern[i % 2] as string;
      const c = Math.round(shipType(t).build * 100);
      if (c > cents) break;
      cents -= c;
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    const ranks = rankByCombat([...g.ships.map((x) => x.type), ...counts.keys()]);
    for (const [t, n] of [...counts].sort(([a], [b]) => byId(a, b))) {
      orders.push({ type: "build", unit: g.id, starship: t, count: n, rank: ranks.get(t) ?? 1 });
    }
    // A garrison above its cap sends the surplus out as a starfleet to the most threatened neighbour.
    const surplus = have - GARRISON_CAP_FACTOR * industry.maxBuild;
    if (surplus > 0 && starfleets < MAX_STARFLEETS) {
      const dest = (v.adjacency.get(s.id) ?? [])
        .filter((n) => sectorOf.get(n)?.owner === INDEPENDENT && intruders(v, n).length === 0)
        .map((n) => ({ n, need: threat(v, n) - ownStrength(v, n) }))
        .filter((x) => x.need > 0)
        .sort((a, b) => b.need - a.need || a.n - b.n)[0];
      if (dest) {
        const ref = `local${++refs}`;
        starfleets++;
        orders.push({ type: "formFleet", ref, at: g.id, name: "Local Forces" });
        // The sturdiest go first: the surplus taken is the cheapest starships per hit point.
        const stacks = shipsOfUnit(g).sort(
          (a, b) => shipType(a.type).build / shipType(a.type).hits - shipType(b.type).build / shipType(b.type).hits || byId(a.type, b.type),
        );
        let left = surplus;
        const taken: ShipCount[] = [];
        for (const st of stacks) {
          if (left <= 0) break;
          const n = Math.min(left, st.count);
          taken.push({ type: st.type, count: n });
          left -= n;
        }
        const r = rankByCombat(taken.map((x) => x.type));
        for (const t of taken)
          orders.push({ type: "transfer", from: g.id, to: ref, starship: t.type, count: t.count, rank: r.get(t.type) ?? 1 });
        if (moveOf(taken) >= 1) moves.push({ type: "travel", unit: ref, to: dest.n });
      }
    }
  }

  // Starfleets: attack sectors annexed to the independents, else defend.
  const fleets = Object.values(state.units)
    .filter((u) => u.owner === INDEPENDENT && u.kind === "starfleet" && !u.cloaked && u.ships.some((s) => s.count > 0))
    .sort((a, b) => compareUnitIds(a.id, b.id));
  for (const u of fleets) {
    if (moved.has(u.id)) continue;
    const ships = shipsOfUnit(u);
    const mp = moveOf(ships);
    const here = sectorOf.get(u.sector);
    if (!here || mp < 1) continue;
    // Stay where an intruder is, or where the sector is threatened beyond its other defenders.
    if (
      here.owner === INDEPENDENT &&
      (intruders(v, here.id).length > 0 || threat(v, here.id) > ownStrength(v, here.id) - strengthOf(ships))
    )
      continue;
    const mine = strengthOf(ships);
    if (mp >= 2) {
      const targets = (v.adjacency.get(u.sector) ?? [])
        .map((n) => sectorOf.get(n))
        .filter((s): s is NonNullable<typeof s> => s !== undefined && annexedToIndependents(s) && v.seen.has(s.id))
        .filter((s) => {
          const def = strengthOf(intruders(v, s.id)) * (1 + s.defence.level * 0.1);
          return mine >= INDEPENDENT_ATTACK_RATIO * def && conquestOf(ships, state.settings) >= 10;
        })
        .sort((a, b) => b.revenue - a.revenue || a.id - b.id);
      const best = targets.filter((s) => s.revenue === targets[0]?.revenue);
      if (best.length > 0) {
        const t = best.length === 1 ? (best[0] as (typeof best)[0]) : rng.pick(best);
        moves.push({ type: "travel", unit: u.id, to: t.id });
        moved.add(u.id);
        continue;
      }
    }
    if (here.owner !== INDEPENDENT) continue;
    const help = (v.adjacency.get(u.sector) ?? [])
      .filter((n) => sectorOf.get(n)?.owner === INDEPENDENT && intruders(v, n).length === 0)
      .map((n) => ({ n, need: threat(v, n) - ownStrength(v, n) }))
      .filter((x) => x.need > 0 && threat(v, u.sector) === 0)
      .sort((a, b) => b.need - a.need || a.n - b.n)[0];
    if (help) {
      moves.push({ type: "travel", unit: u.id, to: help.n });
      moved.add(u.id);
    }
  }
  return [...orders, ...moves];
}
