/**
 * What a bot knows: the empire's view (view.ts `viewFor`), indexed for planning.
 * Everything here is computed from the EmpireView alone - sectors' banners,
 * annexation, industrial centres and defence levels (public), own units and
 * admirals, foreign units where the empire sees this turn, relations and
 * standings with it - so a bot built on it cannot use hidden state.
 */
import { canCloak, LIMITS, type StarshipTypeData, shipType, totalCombatOf } from "../catalog.js";
import { compareUnitIds, type EmpireId, type GameState, INDEPENDENT, type Relation, type SectorId, type Unit } from "../model.js";
import { type EmpireView, type ForeignUnitView, type SectorView, viewFor } from "../view.js";

/** A count of starships of one type (ranks aside). */
export interface ShipCount {
  type: string;
  count: number;
}

/** The sum over some starships of one value of their type (each type's value times its count). */
function totalOf(ships: readonly ShipCount[], value: (t: StarshipTypeData) => number): number {
  let t = 0;
  for (const s of ships) t += value(shipType(s.type)) * s.count;
  return t;
}

/** Sum of attacks x combat (chapter 5, "Total Combat") of some starships. */
export function combatOf(ships: readonly ShipCount[]): number {
  return totalOf(ships, totalCombatOf);
}

export function hitsOf(ships: readonly ShipCount[]): number {
  return totalOf(ships, (t) => t.hits);
}

/**
 * A force's fighting strength on one linear scale: the square root of total
 * combat times total hit points (Lanchester's square law: a force twice as
 * numerous of the same starships is twice as strong).
 */
export function strengthOf(ships: readonly ShipCount[]): number {
  return Math.sqrt(combatOf(ships) * hitsOf(ships));
}

/** Combat for taking a sector: cloak-capable starships count a tenth (chapter 4, "Sector Ownership Changes"). */
export function conquestOf(ships: readonly ShipCount[], settings: GameState["settings"]): number {
  let t = 0;
  for (const s of ships) {
    const type = shipType(s.type);
    t += (totalCombatOf(type) * s.count) / (canCloak(type, settings) ? 10 : 1);
  }
  return t;
}

export function upkeepOf(ships: readonly ShipCount[]): number {
  return totalOf(ships, (t) => t.upkeep);
}

/** Move points of starships together: those of the slowest (chapter 5, "Move-points"). */
export function moveOf(ships: readonly ShipCount[]): number {
  let m = Number.POSITIVE_INFINITY;
  for (const s of ships) if (s.count > 0) m = Math.min(m, shipType(s.type).move);
  return m === Number.POSITIVE_INFINITY ? 0 : m;
}

/** Starships of a unit by type, ranks merged, sorted by type id. */
export function shipsOfUnit(u: Pick<Unit, "ships">): ShipCount[] {
  const m = new Map<string, number>();
  for (const s of u.ships) if (s.count > 0) m.set(s.type, (m.get(s.type) ?? 0) + s.count);
  return [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([type, count]) => ({ type, count }));
}

/** Sector adjacency without barriers, ascending (one seat's knowledge builds its own: the borders are few). */
function adjacencyOf(borders: GameState["borders"]): Map<SectorId, SectorId[]> {
  const adj = new Map<SectorId, SectorId[]>();
  const link = (from: SectorId, to: SectorId) => {
    const list = adj.get(from);
    if (list) list.push(to);
    else adj.set(from, [to]);
  };
  for (const b of borders) {
    if (b.barrier) continue;
    link(b.a, b.b);
    link(b.b, b.a);
  }
  for (const list of adj.values()) list.sort((x, y) => x - y);
  return adj;
}

export class Knowledge {
  readonly view: EmpireView;
  readonly me: EmpireId;
  readonly sectors = new Map<SectorId, SectorView>();
  /** Neighbours across borders without a barrier, ascending. */
  private readonly adjacency: ReadonlyMap<SectorId, readonly SectorId[]>;
  private readonly threats = new Map<SectorId, number>();
  private readonly routeCache = new Map<string, Map<SectorId, { cost: number; prev: SectorId | null }>>();
  readonly myUnits: Unit[];
  readonly foreignBySector = new Map<SectorId, ForeignUnitView[]>();
  readonly relations = new Map<EmpireId, Relation>();
  /** Empires that granted us Passage Rights. */
  readonly passageFrom = new Set<EmpireId>();
  /** Empires we will be at war with once this turn's declarations happen (set by the planner). */
  readonly warThisTurn = new Set<EmpireId>();

  constructor(view: EmpireView) {
    this.view = view;
    this.me = view.empire;
    for (const s of view.sectors) this.sectors.set(s.id, s);
    this.adjacency = adjacencyOf(view.borders);
    this.myUnits = [...view.units].sort((a, b) => compareUnitIds(a.id, b.id));
    for (const u of view.foreignUnits) {
      const list = this.foreignBySector.get(u.sector) ?? [];
      list.push(u);
      this.foreignBySector.set(u.sector, list);
    }
    for (const e of view.empires) {
      if (e.defeated) continue;
      this.relations.set(e.id, e.relation);
      if (e.theirs.passage) this.passageFrom.add(e.id);
    }
  }

  static of(state: GameState, seat: EmpireId): Knowledge {
    return new Knowledge(viewFor(state, seat, []));
  }

  get turn(): number {
    return this.view.turn;
  }
  get treasury(): number {
    return this.view.me.treasury;
  }
  get settings(): GameState["settings"] {
    return this.view.settings;
  }
  get status(): "commoner" | "royalty" {
    return this.view.me.status;
  }
  get annexLimit(): number {
    return LIMITS[this.view.me.status].annexed;
  }
  get admiralLimit(): number {
    return LIMITS[this.view.me.status].admirals;
  }

  neighbours(id: SectorId): readonly SectorId[] {
    return this.adjacency.get(id) ?? [];
  }

  sector(id: SectorId): SectorView | undefined {
    return this.sectors.get(id);
  }

  mine(id: SectorId): boolean {
    return this.sectors.get(id)?.owner === this.me;
  }

  relation(e: EmpireId): Relation | "self" {
    if (e === this.me) return "self";
    if (e === INDEPENDENT) return "war";
    return this.relations.get(e) ?? "neutral";
  }

  atWar(e: EmpireId): boolean {
    return e !== this.me && (this.relation(e) === "war" || this.warThisTurn.has(e));
  }

  /** Permission (chapter 5): own sector, Special Permission, or Passage Rights from its owner. */
  hasPermission(id: SectorId): boolean {
    const s = this.sectors.get(id);
    if (!s) return false;
    if (s.owner === this.me) return true;
    if (s.permission.includes(this.me)) return true;
    if (s.owner === INDEPENDENT) return false;
    return this.passageFrom.has(s.owner);
  }

  /** A sector we may invade: independent without our permission, or an enemy's (at war now or from this turn). */
  invadable(id: SectorId): boolean {
    const s = this.sectors.get(id);
    if (!s || this.hasPermission(id)) return false;
    return s.owner === INDEPENDENT || this.atWar(s.owner);
  }

  /** Whether a foreign unit would fight us in `sector` (chapter 4, "Battles Are Fought" note 2). */
  hostileUnit(u: ForeignUnitView, sector: SectorId): boolean {
    if (u.owner === INDEPENDENT) {
      const s = this.sectors.get(sector);
      return !(s && s.owner === INDEPENDENT && s.permission.includes(this.me));
    }
    return this.atWar(u.owner);
  }

  /** Visible foreign units that would fight us in a sector: starships or admirals (their corvettes fight too). */
  hostilesIn(sector: SectorId): ForeignUnitView[] {
    return (this.foreignBySector.get(sector) ?? []).filter((u) => (u.ships.length > 0 || u.admirals > 0) && this.hostileUnit(u, sector));
  }

  /**
   * One of our sectors where visible hostile forces stand: it may change hands in
   * the first phase, so nothing is bought, annexed or pillaged there.
   */
  contested(sector: SectorId): boolean {
    return this.mine(sector) && this.hostilesIn(sector).length > 0;
  }

  hostileShipsIn(sector: SectorId): ShipCount[] {
    const out: ShipCount[] = [];
    for (const u of this.hostilesIn(sector)) out.push(...u.ships);
    return out;
  }

  /**
   * The threat to one of our sectors: visible forces next to it (or in it) that
   * could attack it this turn - enemies at war, and independents only where the
   * sector is still annexed to them (chapter 8: Local Forces "will only attack
   * sectors that are annexed to it").
   */
  threatTo(id: SectorId): number {
    const cached = this.threats.get(id);
    if (cached !== undefined) return cached;
    const t = this.computeThreat(id);
    this.threats.set(id, t);
    return t;
  }

  private computeThreat(id: SectorId): number {
    const s = this.sectors.get(id);
    if (!s) return 0;
    const ships: ShipCount[] = [];
    for (const n of [id, ...this.neighbours(id)]) {
      for (const u of this.foreignBySector.get(n) ?? []) {
        if (u.ships.length === 0 || u.kind === "garrison") continue;
        if (u.owner === INDEPENDENT ? s.annexedTo !== null : !this.atWar(u.owner)) continue;
        ships.push(...u.ships);
      }
    }
    return strengthOf(ships);
  }

  /** Our sectors, ascending. */
  mySectors(): SectorView[] {
    return this.view.sectors.filter((s) => s.owner === this.me);
  }

  /** One of our sectors that borders a sector not ours. */
  isFrontier(id: SectorId): boolean {
    return this.neighbours(id).some((n) => !this.mine(n));
  }

  myGarrison(sector: SectorId): Unit | undefined {
    return this.myUnits.find((u) => u.kind === "garrison" && u.sector === sector);
  }

  /** Sectors annexed to us now (owned or not): what the annexation limit counts. */
  annexedCount(): number {
    let n = 0;
    for (const s of this.view.sectors) if (s.annexedTo === this.me) n++;
    return n;
  }

  /** Revenue expected at the end of the turn from sectors owned by and annexed to us (chapter 5, "Sector Revenue"). */
  income(extraAnnexed: readonly SectorId[] = []): number {
    const extra = new Set(extraAnnexed);
    let t = 0;
    for (const s of this.view.sectors) {
      if (s.owner !== this.me) continue;
      if (s.annexedTo !== this.me && !extra.has(s.id)) continue;
      const f = [1, 0.8, 0.65, 0.5][Math.max(0, Math.min(3, s.damage ?? 0))] ?? 1;
      t += s.revenue * f;
    }
    return t;
  }

  /** What the empire pays in upkeep this turn (chapter 4, "Upkeep Paid"): starships and admirals. */
  upkeep(): number {
    let cents = 0;
    for (const u of this.myUnits) for (const s of u.ships) cents += Math.round(shipType(s.type).upkeep * 100) * s.count;
    cents += Math.round(this.settings.admiralUpkeep * 100) * this.view.admirals.length;
    return cents / 100;
  }

  /**
   * Shortest routes from `from` through sectors we have Permission for and where
   * no visible hostile force waits (cost 1 each), as distances in move points
   * (= travels). Returns for each reached sector its cost and the previous sector.
   */
  routes(from: SectorId, maxCost: number): Map<SectorId, { cost: number; prev: SectorId | null }> {
    const key = `${from}:${maxCost}`;
    const cached = this.routeCache.get(key);
    if (cached) return cached;
    const out = new Map<SectorId, { cost: number; prev: SectorId | null }>([[from, { cost: 0, prev: null }]]);
    let frontier = [from];
    for (let d = 1; d <= maxCost && frontier.length > 0; d++) {
      const next: SectorId[] = [];
      for (const at of frontier) {
        for (const n of this.neighbours(at)) {
          if (out.has(n)) continue;
          if (!this.hasPermission(n) || this.hostilesIn(n).length > 0) continue;
          out.set(n, { cost: d, prev: at });
          next.push(n);
        }
      }
      frontier = next;
    }
    this.routeCache.set(key, out);
    return out;
  }

  /** The path (sectors entered, in order) to `to` from a routes map. */
  static pathTo(routes: Map<SectorId, { cost: number; prev: SectorId | null }>, to: SectorId): SectorId[] {
    const path: SectorId[] = [];
    let at: SectorId | null = to;
    while (at !== null) {
      const r = routes.get(at);
      if (!r || r.prev === null) break;
      path.unshift(at);
      at = r.prev;
    }
    return path;
  }
}
