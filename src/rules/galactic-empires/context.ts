/**
 * The working state of one turn while its steps run, and the queries every step
 * shares (permission, move cost, move points, total combat). The turn runs on a
 * private copy of the game state, so `resolve` stays pure.
 */
import { own } from "../../core/ids.js";
import { round } from "../../core/json.js";
import { type Problem, problem } from "../../core/result.js";
import type { Rng } from "../../core/rng.js";
import { BattleArrays } from "./battle.js";
import { canCloak, shipType, totalCombatOf } from "./catalog.js";
import type { GeEvent, ShipLedgerEvent } from "./events.js";
import {
  type AdmiralId,
  compareUnitIds,
  type EmpireId,
  type GameState,
  INDEPENDENT,
  type Rank,
  type Relation,
  relationOf,
  type Sector,
  type SectorId,
  type ShipStack,
  type StarshipTypeId,
  type Unit,
  type UnitId,
} from "./model.js";
import { describeOrder, type Order, type OrderType } from "./orders.js";
import type { Preview, Subject } from "./preview.js";

/** An order with where it came from: the empire, its index in that empire's list and its place in the file. */
export interface IndexedOrder<T extends Order = Order> {
  empire: EmpireId;
  index: number;
  /** Its position in the orders file as written (#0 the first), skipped orders counted: what problems name it by. */
  at: number;
  order: T;
}

/** Move points an admiral's corvette has, for a starfleet of admirals only (RULINGS.md). */
export const ADMIRAL_MOVE = 3;

export class TurnContext {
  readonly state: GameState;
  readonly rng: Rng;
  readonly events: GeEvent[] = [];
  readonly problems: Record<EmpireId, Problem[]> = {};
  /** Current step name, for messages and problems. */
  step = "";
  /** Current movement phase (0 during First and Final Events). */
  phase = 0;
  /** The typed arrays the turn's battles run on, kept from one battle to the next (battle.ts). */
  readonly battleArrays = new BattleArrays();

  // --- what the turn remembers (chapter 4 conditions refer to these) -------
  /** Owner of each sector at the start of the turn (annexation needs it). */
  readonly startOwner: Map<SectorId, EmpireId>;
  /** Relations at the start of the turn (alliances are never formed straight from war). */
  readonly startRelations: Record<string, Relation>;
  /** Sectors whose owner changed during Movement Events (move cost 2, no revenue, +1 damage). */
  readonly changedOwner = new Set<SectorId>();
  readonly pillaged = new Set<SectorId>();
  /** Sector battles fought per sector (10% damage chance each; no repair). */
  readonly battles = new Map<SectorId, number>();
  /** Units that changed cloaking this turn (once per unit per turn). */
  readonly cloakChanged = new Set<UnitId>();
  /** Units that used their free first wait. */
  readonly waited = new Set<UnitId>();
  /** Units that travelled (or were moved by a retreat) this turn. */
  readonly moved = new Set<UnitId>();
  readonly retreated = new Set<UnitId>();
  /** Sector each starfleet last moved from (where it retreats to). */
  readonly cameFrom = new Map<UnitId, SectorId>();
  /** New fleets' refs per empire: ref -> unit id. */
  readonly refs = new Map<EmpireId, Map<string, UnitId>>();
  /** Tactics gains per admiral this turn: the greatest counts (chapter 6, "Battle Aftermath"). */
  readonly tacticsGain = new Map<AdmiralId, number>();
  /** Admirals whose siegecraft already rose this turn. */
  readonly siegecraftRaised = new Set<AdmiralId>();
  /** Sectors annexed this turn (no revenue from them this turn). */
  readonly annexedNow = new Set<SectorId>();
  /** Sectors whose damage rose this turn (no repair). */
  readonly damageRaised = new Set<SectorId>();
  /** Starfleets that gave up their move points in First Events to build sector defences (chapter 4, "Construction Happens"). */
  readonly constructing = new Set<UnitId>();
  /** Construct orders whose Construction Action failed in First Events (reported then; Final Events skips them). */
  readonly constructionRefused = new Set<IndexedOrder>();
  /** Empires whose orders are not obeyed this turn (the FAQ's palace coup). */
  readonly deposed = new Set<EmpireId>();
  /** "sector|empire" pairs already told this turn that they are too weak to take the sector (ownership.ts: one message a turn, not one a phase). */
  readonly toldTooWeak = new Set<string>();
  /**
   * Starships built this turn, by garrison ("Starships Built"). They "will not be available to you
   * immediately" (chapter 5, "Building starships"), so they are not workers for the construction and
   * razing steps that follow in chapter 9's list (`workers`).
   */
  readonly builtNow = new Map<UnitId, number>();

  /** Set by the check alone (preview.ts): the turn then says what is certain, what is chance and what cannot be known. */
  preview: Preview | null = null;
  /**
   * The check only: what the events now being said are about (preview.ts `Subject`), set by the steps that know
   * it; null where a step says nothing, and such an event is in doubt once anything is (the safe answer).
   */
  about: readonly Subject[] | null = null;

  /** Transfer orders not yet carried out: they happen once both units are in one place (chapter 5, "Transferring"). */
  pendingTransfers: IndexedOrder[] = [];

  /** All orders, by empire, in submitted order. */
  readonly orders = new Map<EmpireId, IndexedOrder[]>();

  private readonly adjacency: Map<SectorId, SectorId[]>;
  private readonly sectorIndex: Map<SectorId, Sector>;

  /**
   * `positions` gives, per empire, the place in its orders file of each order of
   * its list (orders.ts `parseGivenOrders`); without it an order's place is its index.
   */
  constructor(
    state: GameState,
    ordersByEmpire: Record<EmpireId, readonly Order[]>,
    rng: Rng,
    positions: Readonly<Record<EmpireId, readonly number[]>> = {},
  ) {
    this.state = state;
    this.rng = rng;
    this.startOwner = new Map(state.sectors.map((s) => [s.id, s.owner]));
    this.startRelations = { ...state.relations };
    this.sectorIndex = new Map(state.sectors.map((s) => [s.id, s]));
    this.adjacency = new Map(state.sectors.map((s) => [s.id, [] as SectorId[]]));
    for (const b of state.borders) {
      if (b.barrier) continue;
      this.adjacency.get(b.a)?.push(b.b);
      this.adjacency.get(b.b)?.push(b.a);
    }
    for (const list of this.adjacency.values()) list.sort((x, y) => x - y);
    for (const empire of Object.keys(ordersByEmpire).sort()) {
      const list = ordersByEmpire[empire] ?? [];
      const at = own(positions, empire);
      this.orders.set(
        empire,
        list.map((order, index) => ({ empire, index, at: at?.[index] ?? index, order })),
      );
    }
  }

  // --- orders ----------------------------------------------------------------

  /** Every order of a type, empire by empire (sorted ids), each empire's in its own order. */
  ordersOf<T extends OrderType>(type: T): IndexedOrder<Extract<Order, { type: T }>>[] {
    const out: IndexedOrder<Extract<Order, { type: T }>>[] = [];
    for (const [empire, list] of this.orders) {
      if (this.deposed.has(empire)) continue;
      for (const io of list) if (io.order.type === type) out.push(io as IndexedOrder<Extract<Order, { type: T }>>);
    }
    return out;
  }

  /**
   * Cloak, decloak and defend orders happen in First Events when no travel, wait
   * or pillage order of the same unit comes before them in the empire's list;
   * otherwise they run in the phase the unit's order queue reaches them.
   */
  isFirstEventsPart(io: IndexedOrder): boolean {
    const o = io.order as { unit?: string };
    if (o.unit === undefined) return true;
    for (const other of this.orders.get(io.empire) ?? []) {
      if (other.index >= io.index) break;
      const t = other.order.type;
      if ((t === "travel" || t === "wait" || t === "pillage") && other.order.unit === o.unit) return false;
    }
    return true;
  }

  /** Record a failed order: a Problem for the results, and a problem event. */
  fail(io: IndexedOrder, code: string, message: string): void {
    if (this.preview && this.about) this.preview.record(this.events.length, this.about, this.ownersOf(this.about));
    const p = problem(describeOrder(io.order, io.at), code, message);
    const list = this.problems[io.empire] ?? [];
    list.push(p);
    this.problems[io.empire] = list;
    this.events.push({ kind: "problem", to: [io.empire], step: this.stepLabel(), problem: p });
  }

  /**
   * The check only: from the next event on, outcomes may depend on `why` (dice, or what the empire cannot see):
   * those about `subjects` and what they reach (`reach`), or every outcome when no subjects are given.
   */
  uncertain(why: string, subjects?: readonly Subject[]): void {
    if (!this.preview) return;
    this.preview.uncertain(this.events.length, why, subjects === undefined ? undefined : this.reach(subjects));
  }

  /** The empires whose treasuries the units among `subjects` weigh on (upkeep). */
  private ownersOf(subjects: readonly Subject[]): Subject[] {
    const out: Subject[] = [];
    for (const k of subjects) {
      const u = k.startsWith("unit:") ? own(this.state.units, k.slice(5)) : undefined;
      if (u) out.push(`empire:${u.owner}`);
    }
    return out;
  }

  /** The check only: why events about `subjects` would be in doubt now ("" if they would be certain). */
  doubtAbout(subjects: readonly Subject[]): string {
    return this.preview?.doubtOf(this.events.length, subjects) ?? "";
  }

  /**
   * `subjects` and what a unit's doubt reaches: its owner's treasury and holdings (its losses change upkeep), its
   * sector, the sectors its travel orders name, and the units an order of its gives to, takes from or follows.
   */
  private reach(subjects: readonly Subject[]): Subject[] {
    const out = new Set<Subject>(subjects);
    for (const k of subjects) {
      if (!k.startsWith("unit:")) continue;
      const id = k.slice(5);
      const unit = own(this.state.units, id);
      if (unit) {
        out.add(`empire:${unit.owner}`);
        out.add(`sector:${unit.sector}`);
      }
      for (const [empire, list] of this.orders) {
        const idOf = (v: unknown) => (typeof v === "string" ? (this.refs.get(empire)?.get(v) ?? v) : null);
        for (const io of list) {
          const o: Readonly<Record<string, unknown>> = io.order;
          const admiralHere = o.type === "transferAdmiral" && own(this.state.admirals, String(o.admiral))?.unit === id;
          if (!admiralHere && ![o.unit, o.from, o.to, o.leader].some((v) => idOf(v) === id)) continue;
          if (o.type === "travel" && typeof o.to === "number") out.add(`sector:${o.to}`);
          for (const v of [o.unit, o.from, o.to, o.leader]) {
            const u = idOf(v);
            if (u !== null) out.add(`unit:${u}`);
          }
        }
      }
    }
    return [...out];
  }

  /** The check only: say of an order of the previewing empire what cannot be verified from what it knows. */
  cannotVerify(io: IndexedOrder, text: string): void {
    if (!this.preview || io.empire !== this.preview.empire) return;
    this.preview.unknown.set(this.events.length, describeOrder(io.order, io.at));
    this.events.push({ kind: "message", to: [io.empire], step: this.stepLabel(), text });
  }

  /** True in the check, for the previewing empire's own orders. */
  previewing(empire: EmpireId): boolean {
    return this.preview !== null && this.preview.empire === empire;
  }

  message(to: EmpireId[] | "all", text: string): void {
    const audience = to === "all" ? "all" : to.filter((e) => e !== INDEPENDENT);
    if (audience !== "all" && audience.length === 0) return;
    if (this.preview && this.about) this.preview.record(this.events.length, this.about, this.ownersOf(this.about));
    this.events.push({ kind: "message", to: audience, step: this.stepLabel(), text });
  }

  ledger(unit: Unit, starship: StarshipTypeId, delta: number, reason: ShipLedgerEvent["reason"]): void {
    if (delta === 0) return;
    this.events.push({
      kind: "ships",
      to: [unit.owner],
      step: this.stepLabel(),
      empire: unit.owner,
      unit: unit.id,
      starship,
      delta,
      reason,
    });
  }

  stepLabel(): string {
    return this.phase > 0 ? `Phase ${this.phase}: ${this.step}` : this.step;
  }

  /**
   * The unit an order of `empire` names: an id of its own, or a ref of a fleet it
   * formed this turn. Returns a problem code and message when it cannot.
   */
  ownUnit(empire: EmpireId, ref: string): { unit: Unit } | { code: string; message: string } {
    const id = this.refs.get(empire)?.get(ref) ?? ref;
    const unit = own(this.state.units, id);
    // A foreign unit gets the same answer as a missing one: the reply must not
    // reveal whether, or whose, a unit the empire cannot see exists.
    if (!unit || unit.owner !== empire) {
      // Units formed this turn with the ref orders may use: "A8 (ref new1)"; in the check a new fleet's id is its ref.
      const refOf = new Map([...(this.refs.get(empire) ?? [])].map(([r, u]) => [u, r]));
      const yours = this.unitsOf(empire).map((u) => {
        const r = refOf.get(u.id);
        return r === undefined ? u.id : r === u.id ? `${r} (a new starfleet)` : `${u.id} (ref ${r})`;
      });
      return {
        code: "not-your-unit",
        message: `you have no unit "${ref}"; your units are ${yours.length > 0 ? yours.join(", ") : "none"}`,
      };
    }
    return { unit };
  }

  /**
   * The unit an order names (see `ownUnit`), or null after recording the problem,
   * its message prefixed with `what` ("construct: ...") when given.
   */
  ownUnitOr(io: IndexedOrder, ref: string, what?: string): Unit | null {
    const r = this.ownUnit(io.empire, ref);
    if ("unit" in r) return r.unit;
    this.fail(io, r.code, what === undefined ? r.message : `${what}: ${r.message}`);
    return null;
  }

  /**
   * Every unit, by id. The order is worked out again only when the set of unit
   * objects has changed (a unit added, removed or replaced; ids never change),
   * and then by merging the new units into the last order: this saves sorting
   * thousands of units in every phase (issue 3, speed). Ids of the game's form
   * ("A12", "G7") are totally ordered by `compareUnitIds`, so the merge gives
   * the very order a full sort gives; any other id falls back to a full sort.
   */
  unitsSorted(): Unit[] {
    const now = Object.values(this.state.units);
    const last = this.unitsSeen;
    let same = last !== null && last.length === now.length;
    for (let i = 0; same && i < now.length; i++) same = now[i] === last![i];
    if (same && this.unitsOrder !== null) return [...this.unitsOrder];
    const before = this.unitsOrder;
    this.unitsSeen = now;
    if (before === null || !this.unitsWellFormed) {
      this.unitsOrder = sortUnitsById([...now]);
      this.unitsWellFormed = now.every((u) => UNIT_ID.test(u.id));
      return [...this.unitsOrder];
    }
    const present = new Set(now);
    const known = new Set(before);
    const kept = before.filter((u) => present.has(u));
    const added = now.filter((u) => !known.has(u));
    if (!added.every((u) => UNIT_ID.test(u.id))) {
      this.unitsOrder = sortUnitsById([...now]);
      this.unitsWellFormed = false;
      return [...this.unitsOrder];
    }
    sortUnitsById(added);
    const merged: Unit[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length && j < added.length) {
      merged.push(compareUnitIds(kept[i]!.id, added[j]!.id) <= 0 ? kept[i++]! : added[j++]!);
    }
    while (i < kept.length) merged.push(kept[i++]!);
    while (j < added.length) merged.push(added[j++]!);
    this.unitsOrder = merged;
    return [...merged];
  }
  private unitsSeen: Unit[] | null = null;
  private unitsOrder: Unit[] | null = null;
  private unitsWellFormed = false;

  unitsOf(empire: EmpireId): Unit[] {
    return Object.values(this.state.units)
      .filter((u) => u.owner === empire)
      .sort(byUnitId);
  }

  unitsIn(sector: SectorId): Unit[] {
    return Object.values(this.state.units)
      .filter((u) => u.sector === sector)
      .sort(byUnitId);
  }

  // --- map -------------------------------------------------------------------

  sector(id: SectorId): Sector | undefined {
    return this.sectorIndex.get(id);
  }

  /** Sectors connected to `id` by a border without a barrier, ascending. */
  neighbours(id: SectorId): readonly SectorId[] {
    return this.adjacency.get(id) ?? [];
  }

  connected(a: SectorId, b: SectorId): boolean {
    return this.neighbours(a).includes(b);
  }

  // --- diplomacy and permission ---------------------------------------------

  relation(a: EmpireId, b: EmpireId): Relation | "self" {
    return relationOf(this.state, a, b);
  }
  atWar(a: EmpireId, b: EmpireId): boolean {
    return this.relation(a, b) === "war";
  }
  /** Same empire or allied ("friendly", chapter 6). */
  friendly(a: EmpireId, b: EmpireId): boolean {
    const r = this.relation(a, b);
    return r === "self" || r === "alliance";
  }

  /**
   * Hostile for battle: at war, or an independent sector's forces against an
   * intruder who has no Special Permission for that sector (chapter 4 "Battles Are
   * Fought" note 2).
   */
  hostileIn(a: EmpireId, b: EmpireId, sector: SectorId): boolean {
    if (a === b) return false;
    if (a === INDEPENDENT || b === INDEPENDENT) {
      const other = a === INDEPENDENT ? b : a;
      const s = this.sector(sector);
      if (s && s.owner === INDEPENDENT && s.permission.includes(other)) return false;
      return true;
    }
    return this.atWar(a, b);
  }

  /**
   * Permission (chapter 5, "Permission"): you own the sector, its owner granted you
   * Passage Rights, or you hold Special Permission for it.
   */
  hasPermission(empire: EmpireId, sectorId: SectorId): boolean {
    const s = this.sector(sectorId);
    if (!s) return false;
    if (s.owner === empire) return true;
    if (s.permission.includes(empire)) return true;
    if (s.owner === INDEPENDENT) return false;
    return own(this.state.empires, s.owner)?.toward[empire]?.passage === true;
  }

  /** May `empire` enter the sector at all: permission, or its owner is an enemy or independent. */
  mayEnter(empire: EmpireId, sectorId: SectorId): boolean {
    const s = this.sector(sectorId);
    if (!s) return false;
    if (this.hasPermission(empire, sectorId)) return true;
    return s.owner === INDEPENDENT || this.atWar(empire, s.owner);
  }

  /**
   * Move cost into a sector (chapter 5, "Move-points"): 1 with permission into a
   * sector that has not changed owner this turn, else 2.
   */
  moveCost(empire: EmpireId, sectorId: SectorId): number {
    if (this.changedOwner.has(sectorId)) return 2;
    return this.hasPermission(empire, sectorId) ? 1 : 2;
  }

  // --- units -----------------------------------------------------------------

  /** Move points left: those of its slowest starship (chapter 5, "Move-points"). Garrisons have none. */
  movePoints(unit: Unit): number {
    if (unit.kind === "garrison") return 0;
    let mp = Number.POSITIVE_INFINITY;
    for (const s of unit.ships) {
      if (s.count <= 0) continue;
      mp = Math.min(mp, shipType(s.type).move - s.used);
    }
    if (mp === Number.POSITIVE_INFINITY) mp = unit.admirals.length > 0 ? ADMIRAL_MOVE - (this.admiralUsed.get(unit.id) ?? 0) : 0;
    return Math.max(0, mp);
  }

  /** Move points used by admiral-only fleets (they have no starship stacks to carry it). */
  readonly admiralUsed = new Map<UnitId, number>();

  /** Spend move points: every starship of the unit has used them. */
  spendMove(unit: Unit, cost: number): void {
    for (const s of unit.ships) s.used += cost;
    this.admiralUsed.set(unit.id, (this.admiralUsed.get(unit.id) ?? 0) + cost);
  }

  /** Set move points to 0 (battle on foreign soil, pillage, retreat, construction). */
  exhaust(unit: Unit): void {
    for (const s of unit.ships) s.used = Math.max(s.used, shipType(s.type).move);
    this.admiralUsed.set(unit.id, ADMIRAL_MOVE);
  }

  starshipCount(unit: Unit): number {
    let n = 0;
    for (const s of unit.ships) n += s.count;
    return n;
  }

  /**
   * Workers for construction and razing: the unit's starships less those built this turn
   * (chapter 4, "Construction Happens": the workers "do nothing but build the sector defences for
   * their turn", and the Construction Action is taken in First Events, before any were built).
   */
  workers(unit: Unit): { workers: number; builtNow: number } {
    const builtNow = this.builtNow.get(unit.id) ?? 0;
    return { workers: Math.max(0, this.starshipCount(unit) - builtNow), builtNow };
  }

  /** Total combat: attacks x combat of every starship, plus admirals (chapter 5, "Total Combat"). */
  totalCombat(unit: Unit): number {
    let t = 0;
    for (const s of unit.ships) t += totalCombatOf(shipType(s.type)) * s.count;
    for (const a of unit.admirals) t += own(this.state.admirals, a)?.combat ?? 0;
    return t;
  }

  /** Combat for taking a sector: cloak-capable starships count a tenth (chapter 4, "Sector Ownership Changes"). */
  conquestCombat(unit: Unit): number {
    let t = 0;
    for (const s of unit.ships) {
      const type = shipType(s.type);
      t += (totalCombatOf(type) * s.count) / (canCloak(type, this.state.settings) ? 10 : 1);
    }
    for (const a of unit.admirals) t += own(this.state.admirals, a)?.combat ?? 0;
    return t;
  }

  /** Add starships to a unit, merging with a stack of the same type, rank and used move points. */
  addShips(unit: Unit, type: StarshipTypeId, rank: Rank, count: number, used: number): void {
    if (count <= 0) return;
    const s = unit.ships.find((x) => x.type === type && x.rank === rank && x.used === used);
    if (s) s.count += count;
    else unit.ships.push({ type, rank, count, used });
    sortStacks(unit.ships);
  }

  /**
   * Take up to `count` starships of a type from a unit, lowest ranks first
   * (chapter 5, "Transferring"); returns the stacks taken (with their used points).
   */
  takeShips(unit: Unit, type: StarshipTypeId, count: number, fromRank?: Rank): ShipStack[] {
    sortStacks(unit.ships); // lowest ranks first, whatever order a saved file lists them in
    const taken: ShipStack[] = [];
    let left = count;
    for (const s of unit.ships) {
      if (left <= 0) break;
      if (s.type !== type || s.count <= 0) continue;
      if (fromRank !== undefined && s.rank !== fromRank) continue;
      const n = Math.min(s.count, left);
      s.count -= n;
      left -= n;
      taken.push({ type, rank: s.rank, count: n, used: s.used });
    }
    unit.ships = unit.ships.filter((s) => s.count > 0);
    return taken;
  }

  countOf(unit: Unit, type: StarshipTypeId, fromRank?: Rank): number {
    let n = 0;
    for (const s of unit.ships) if (s.type === type && (fromRank === undefined || s.rank === fromRank)) n += s.count;
    return n;
  }

  /** Treasury arithmetic, kept to hundredths so sums never drift. */
  credit(empire: EmpireId, amount: number): void {
    // The independents' pool (state.independentTreasury) pays for the troops they build (bot/independents.ts).
    if (empire === INDEPENDENT) {
      this.state.independentTreasury = round((this.state.independentTreasury ?? 0) + amount, 2);
      return;
    }
    const e = own(this.state.empires, empire);
    if (e) e.treasury = round(e.treasury + amount, 2);
  }
  /** Pay if the treasury holds enough; returns whether it did. */
  pay(empire: EmpireId, amount: number): boolean {
    if (empire === INDEPENDENT) {
      const pool = this.state.independentTreasury ?? 0;
      if (pool + 1e-9 < amount) return false;
      this.state.independentTreasury = round(Math.max(0, pool - amount), 2);
      return true;
    }
    const e = own(this.state.empires, empire);
    if (!e || e.treasury + 1e-9 < amount) return false;
    e.treasury = round(Math.max(0, e.treasury - amount), 2);
    return true;
  }
  treasury(empire: EmpireId): number {
    if (empire === INDEPENDENT) return this.state.independentTreasury ?? 0;
    return own(this.state.empires, empire)?.treasury ?? 0;
  }
}

export function byUnitId(a: Unit, b: Unit): number {
  return compareUnitIds(a.id, b.id);
}

/** A unit id of the game's form: "A12" (starfleet) or "G7" (garrison). */
const UNIT_ID = /^[AG](0|[1-9]\d*)$/;

export function sortStacks(ships: ShipStack[]): void {
  ships.sort((x, y) => x.rank - y.rank || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0) || x.used - y.used);
}

/**
 * Every unit grouped by owner, each list by unit id (as `unitsOf` returns them),
 * in one pass instead of one pass per empire. A snapshot: it holds until a unit
 * is added, removed or changes owner (added for speed, issue 3).
 */
export function unitsByOwner(ctx: TurnContext): Map<EmpireId, Unit[]> {
  return unitsGroupedBy(ctx, (u) => u.owner);
}

/** Every unit grouped by `key`, each list by unit id, in one pass over the units. */
export function unitsGroupedBy<K>(ctx: TurnContext, key: (u: Unit) => K): Map<K, Unit[]> {
  const out = new Map<K, Unit[]>();
  for (const u of ctx.unitsSorted()) {
    const k = key(u);
    const list = out.get(k);
    if (list) list.push(u);
    else out.set(k, [u]);
  }
  return out;
}

/**
 * Sorts units in place in `compareUnitIds` order, with each id's kind letter and
 * number worked out once instead of at every comparison: the same order, several
 * times faster on thousands of units (issue 3, speed).
 */
export function sortUnitsById(units: Unit[]): Unit[] {
  const keyed = units.map((u) => ({ u, id: u.id, kind: u.id[0] ?? "", no: Number(u.id.slice(1)) }));
  keyed.sort((a, b) => {
    if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
    return a.no - b.no || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  for (let i = 0; i < keyed.length; i++) units[i] = keyed[i]!.u;
  return units;
}
