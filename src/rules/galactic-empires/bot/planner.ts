/**
 * The planning bots (normal, easy, passive): one seat's orders for one turn,
 * decided from the empire's view only (knowledge.ts), the way seed 003 chapter 9
 * ("Advice") tells a new ruler to play:
 *
 *  - "The first few turns are all about grabbing independents": independents are
 *    attacked first and valued higher; an empire is chosen as a target only when no
 *    independent sector borders ours ("Expand Quickly", "Think Long Term").
 *  - "form a new unit in each of your sectors, and transfer your starships from the
 *    garrison to the unit": surplus starships of garrisons become new starfleets.
 *  - "Put Your Worst Starships Up Front": ranks by total combat, weakest in rank 1,
 *    strongest in rank 5 (odds.ts `rankByCombat`).
 *  - "Use Starfleets Together": forces converge on one target and arrive in the same
 *    phase, the nearer ones holding position first (chapter 4, "Phases": "Hold
 *    Position ... to synchronize their movement").
 *  - "Compare your force with the neighbouring independent. If your force has
 *    significantly more combat power and hits ... go ahead": the normal bot runs the
 *    battle itself a few times (odds.ts) and attacks when it takes the sector often
 *    enough.
 *  - "Pillage what you can't annex", "Don't pillage your own sectors", annex what is
 *    held ("Commoners should annex only their most valuable sectors").
 *  - "Make sure you build more starships ... The most expensive starships you can buy
 *    are usually the best purchase"; "Consider building a admiral - if you're royalty".
 *  - "Offer alliances to those you want to befriend": one ally at a time, kept - the
 *    biggest neighbour at least 80% its size - and peace to enemies it does not target.
 *  - Borders are defended (garrisons keep what the visible threat needs) and
 *    garrisons search for cloaked units.
 *
 * Every order is built to pass the check (check.ts) on the state the empire knows;
 * orders that can still fail depend on other empires' orders or on the dice
 * (rulings-bots.md, "Bots' orders and the check").
 */
import type { Rng } from "../../../core/rng.js";
import type { BattleAdmiral } from "../battle.js";
import { ADMIRAL_HIRE_COST, CONSTRUCTION_COST, CONSTRUCTION_WORKERS, MAX_STARFLEETS, shipType, totalCombatOf } from "../catalog.js";
import { sortStacks } from "../context.js";
import { type EmpireId, type GameState, INDEPENDENT, type Rank, type SectorId, type ShipStack, type Unit, type UnitId } from "../model.js";
import type { Order, Orders } from "../orders.js";
import type { SectorView } from "../view.js";
import { combatOf, conquestOf, Knowledge, moveOf, type ShipCount, shipsOfUnit, strengthOf } from "./knowledge.js";
import { type Attacker, attackOdds, rankByCombat } from "./odds.js";

/** How a level plays. */
export interface BotStyle {
  /** Attacks at all (false: the passive bot). */
  attack: boolean;
  /** Runs the battle odds before attacking (else compares total combat). */
  useOdds: boolean;
  oddsRuns: number;
  /** Share of simulated battles that must end with the sector taken. */
  captureThreshold: number;
  /** Without odds: attack when our total combat is at least this many times theirs. */
  naiveRatio: number;
  /** Synchronise converging forces with waits. */
  timing: boolean;
  /** Fodder in front, heavies behind. */
  ranks: boolean;
  search: boolean;
  pillage: boolean;
  /** Offer alliances and peace ("full"), offer them but never declare war ("peaceful"), or none. */
  diplomacy: "full" | "peaceful" | "none";
  admirals: boolean;
  /** Builds sector defences at its industrial centres when money allows. */
  construct: boolean;
  /** Most defended targets whose odds are simulated each turn. */
  maxSimulatedTargets: number;
  /** Starships are bought while their upkeep stays under this share of next turn's revenue ... */
  upkeepShare: number;
  /** ... plus this share of the treasury. */
  treasuryShare: number;
}

export const NORMAL: BotStyle = {
  attack: true,
  useOdds: true,
  oddsRuns: 12,
  captureThreshold: 0.8,
  naiveRatio: 1,
  timing: true,
  ranks: true,
  search: true,
  pillage: true,
  diplomacy: "full",
  admirals: true,
  construct: true,
  maxSimulatedTargets: 6,
  upkeepShare: 0.8,
  treasuryShare: 0.05,
};

export const EASY: BotStyle = {
  ...NORMAL,
  useOdds: false,
  naiveRatio: 1,
  timing: false,
  ranks: false,
  search: false,
  pillage: false,
  diplomacy: "none",
  admirals: false,
  construct: false,
};

export const PASSIVE: BotStyle = {
  ...NORMAL,
  attack: false,
  pillage: false,
  diplomacy: "peaceful",
};

/** Where a group of starships comes from: an existing starfleet, or starships taken out of a garrison. */
type Source = { kind: "fleet"; unit: Unit } | { kind: "pool"; pool: Pool };

interface Pool {
  garrison: Unit;
  sector: SectorId;
  /** Starships the garrison can spare this turn, by type. */
  spare: Map<string, number>;
}

interface Option {
  source: Source;
  ships: ShipCount[];
  mp: number;
  /** Sectors entered before the target (all with Permission, cost 1 each). */
  path: SectorId[];
  /** Move points of the path plus the target (2). */
  cost: number;
}

interface Assignment {
  target: SectorId;
  options: Option[];
  /** Phase of arrival (with timing), all arrive together. */
  phase: number;
  /** Whether the target showed no defenders (a pillage may follow). */
  empty: boolean;
}

const REF_PREFIX = "bot";

export function planOrders(state: GameState, seat: EmpireId, rng: Rng, style: BotStyle): Orders {
  const k = Knowledge.of(state, seat);
  const orders = k.view.me.defeated ? [] : new Planner(k, style, rng).run();
  return { empire: seat, turn: state.turn, orders };
}

class Planner {
  private readonly k: Knowledge;
  private readonly style: BotStyle;
  private readonly rng: Rng;
  private readonly diplomacy: Order[] = [];
  private readonly forming: Order[] = [];
  private readonly transfers: Order[] = [];
  private readonly admin: Order[] = [];
  private readonly movement: Order[] = [];
  private readonly finals: Order[] = [];
  private refCount = 0;
  private newFleets = 0;
  /** Starships leaving each unit this turn by type (for the rank orders that follow transfers). */
  private readonly leaving = new Map<string, Map<string, number>>();
  /** Units given a travel, wait or pillage order. */
  private readonly moving = new Set<string>();
  private readonly pools: Pool[] = [];
  private readonly fleets: Unit[] = [];
  /** Our empty starfleets (all their starships transferred out earlier): reused instead of forming new ones. */
  private readonly shells: Unit[] = [];
  /** Starships arriving in each unit this turn by type. */
  private readonly arriving = new Map<string, Map<string, number>>();
  private target: EmpireId | null = null;
  /** Sectors to annex this turn, most valuable first, and what they cost (cents). */
  private annexPlan: SectorId[] = [];
  private annexCents = 0;
  /** Our sectors not annexed to us that cannot be annexed this turn (the limit): pillaged instead. */
  private readonly unannexable = new Set<SectorId>();
  /**
   * "Use Starfleets Together": the best target not attacked this turn; idle forces
   * gather in the sector of ours next to it (the normal bot), so that a later turn
   * brings overwhelming force ("try to wipe him out in the first round").
   */
  private focus: SectorId | null = null;
  /** Sectors a unit of ours pillages this turn (one pillage a sector a turn). */
  private readonly pillaged = new Set<SectorId>();

  constructor(k: Knowledge, style: BotStyle, rng: Rng) {
    this.k = k;
    this.style = style;
    this.rng = rng;
  }

  run(): Order[] {
    this.decideDiplomacy();
    this.collectForces();
    let assignments: Assignment[] = [];
    if (this.style.attack) assignments = this.assignAttacks();
    for (const a of assignments) this.orderAttack(a);
    this.planAnnexation();
    this.orderRest();
    if (this.style.ranks) this.mergeIdle();
    this.orderRanksAndAdmin();
    this.orderEconomy();
    return [...this.diplomacy, ...this.forming, ...this.transfers, ...this.admin, ...this.movement, ...this.finals];
  }

  // --- diplomacy -------------------------------------------------------------

  /** Empires owning sectors next to ours. */
  private neighbourEmpires(): EmpireId[] {
    const out = new Set<EmpireId>();
    for (const s of this.k.mySectors()) {
      for (const n of this.k.neighbours(s.id)) {
        const o = this.k.sector(n)?.owner;
        if (o && o !== this.k.me && o !== INDEPENDENT && this.k.relations.has(o)) out.add(o);
      }
    }
    return [...out].sort();
  }

  private independentsNear(): boolean {
    for (const s of this.k.mySectors()) {
      for (const n of this.k.neighbours(s.id)) {
        const v = this.k.sector(n);
        if (v && v.owner === INDEPENDENT && !v.permission.includes(this.k.me)) return true;
      }
    }
    return false;
  }

  /** Visible strength of an empire's forces in its sectors next to ours, per such sector. */
  private borderWeakness(e: EmpireId): number {
    const seen = new Set<SectorId>();
    let strength = 0;
    for (const s of this.k.mySectors()) {
      for (const n of this.k.neighbours(s.id)) {
        const v = this.k.sector(n);
        if (!v || v.owner !== e || seen.has(n)) continue;
        seen.add(n);
        const ships: ShipCount[] = [];
        for (const u of this.k.foreignBySector.get(n) ?? []) if (u.owner === e) ships.push(...u.ships);
        strength += strengthOf(ships) * (1 + v.defenceLevel * 0.1);
      }
    }
    return seen.size === 0 ? Number.POSITIVE_INFINITY : strength / seen.size;
  }

  private decideDiplomacy(): void {
    const k = this.k;
    const neighbours = this.neighbourEmpires();
    if (this.style.attack) {
      const atWar = neighbours.filter((e) => k.relation(e) === "war");
      const open = neighbours.filter((e) => k.relation(e) !== "alliance");
      let pool = atWar.length > 0 ? atWar : this.independentsNear() ? [] : open;
      if (pool.length === 0 && atWar.length === 0 && !this.independentsNear() && this.style.diplomacy === "full") {
        // Boxed in by allies with no independents left: the weakest ally's alliance is
        // cancelled now, so war can be declared next turn (chapter 4, "War Declared").
        const allies = neighbours.filter((e) => k.relation(e) === "alliance");
        const weakest = this.weakest(allies);
        if (weakest) this.diplomacy.push({ type: "cancelAlliance", empire: weakest });
        pool = [];
      }
      this.target = this.weakest(pool);
      if (this.target && k.relation(this.target) === "neutral") {
        this.diplomacy.push({ type: "declareWar", empire: this.target });
        k.warThisTurn.add(this.target);
      }
    }
    if (this.style.diplomacy === "none") return;
    for (const e of neighbours) {
      if (e !== this.target && k.relation(e) === "war") this.diplomacy.push({ type: "offerPeace", empire: e });
    }
    const cancelled = new Set(this.diplomacy.flatMap((o) => (o.type === "cancelAlliance" ? [o.empire] : [])));
    const candidates = neighbours.filter((e) => e !== this.target && k.relation(e) === "neutral" && !cancelled.has(e));
    if (this.style.diplomacy === "peaceful") {
      // The passive bot wants peace with everyone next to it.
      for (const e of candidates) this.diplomacy.push({ type: "offerAlliance", empire: e });
      return;
    }
    // One ally at a time, kept: the biggest neighbour (most sectors, a fact on every map)
    // at least 80% our size - a power worth befriending rather than a prey.
    if ([...k.relations.values()].includes("alliance")) return;
    const sizes = new Map<EmpireId, number>();
    for (const s of k.view.sectors) sizes.set(s.owner, (sizes.get(s.owner) ?? 0) + 1);
    const size = (e: EmpireId) => sizes.get(e) ?? 0;
    const mine = size(k.me);
    const best = candidates.filter((e) => size(e) >= 0.8 * mine).sort((a, b) => size(b) - size(a) || (a < b ? -1 : 1))[0];
    if (best) this.diplomacy.push({ type: "offerAlliance", empire: best });
  }

  private weakest(list: readonly EmpireId[]): EmpireId | null {
    let best: EmpireId | null = null;
    let bestScore = Number.POSITIVE_INFINITY;
    for (const e of list) {
      const w = this.borderWeakness(e);
      if (w < bestScore) {
        bestScore = w;
        best = e;
      }
    }
    return best;
  }

  // --- forces ------------------------------------------------------------------

  /**
   * Starfleets that can act, and what each garrison can spare: a garrison keeps
   * enough to face 1.4 times the visible threat next to its sector (chapter 9's
   * "do not leave yourself undefended"), keeping its sturdiest starships (most hit
   * points per resource) first.
   */
  private collectForces(): void {
    const k = this.k;
    for (const u of k.myUnits) {
      if (u.kind === "starfleet" && !u.cloaked && u.admirals.length === 0 && u.ships.every((s) => s.count <= 0)) {
        this.shells.push(u);
        continue;
      }
      if (u.cloaked || u.ships.every((s) => s.count <= 0)) continue;
      if (u.kind === "starfleet") {
        this.fleets.push(u);
        continue;
      }
      const threat = k.threatTo(u.sector);
      const ships = shipsOfUnit(u);
      const keepStrength = threat > 0 ? 1.4 * threat : 0;
      const spare = new Map<string, number>(ships.map((s) => [s.type, s.count]));
      if (keepStrength > 0 || !this.style.attack) {
        if (!this.style.attack) {
          // The passive bot keeps its garrisons whole.
          spare.clear();
        } else {
          const order = [...ships].sort(
            (a, b) =>
              shipType(b.type).hits / shipType(b.type).build - shipType(a.type).hits / shipType(a.type).build || (a.type < b.type ? -1 : 1),
          );
          const kept: ShipCount[] = [];
          for (const s of order) {
            const entry = { type: s.type, count: 0 };
            kept.push(entry);
            while (entry.count < s.count && strengthOf(kept) < keepStrength) {
              entry.count++;
              spare.set(s.type, (spare.get(s.type) ?? 0) - 1);
            }
            if (strengthOf(kept) >= keepStrength) break;
          }
        }
      }
      for (const [t, n] of [...spare]) if (n <= 0) spare.delete(t);
      if (spare.size > 0) this.pools.push({ garrison: u, sector: u.sector, spare });
    }
  }

  /**
   * Starfleets that must stay to defend their sector: threatened beyond what the
   * garrison keeps there - unless the starfleet is many times the threat, when it
   * is better used attacking (often the very force that threatens).
   */
  private holds(u: Unit): boolean {
    const k = this.k;
    if (!k.mine(u.sector)) return false;
    const threat = k.threatTo(u.sector);
    if (threat <= 0) return false;
    const g = k.myGarrison(u.sector);
    const gs = g ? strengthOf(shipsOfUnit(g)) : 0;
    return gs < 1.4 * threat && strengthOf(shipsOfUnit(u)) < 4 * threat;
  }

  // --- attacks -----------------------------------------------------------------

  private value(s: SectorView): number {
    let v = s.revenue + (s.industrialCentre ? 25 : 0) + (s.annexedTo === this.k.me ? 15 : 0);
    if (s.owner === INDEPENDENT) v *= 1.3;
    return v - s.defenceLevel * 2;
  }

  private nextRef(): string {
    this.refCount++;
    return `${REF_PREFIX}${this.refCount}`;
  }

  /** Options of reaching `target` from each available source, best routes only. */
  private optionsFor(target: SectorId, fleets: readonly Unit[], pools: readonly Pool[], minimal: boolean): Option[] {
    const out: Option[] = [];
    const k = this.k;
    const reach = (from: SectorId, mp: number): { path: SectorId[]; cost: number } | null => {
      if (mp < 2) return null;
      const routes = k.routes(from, mp - 2);
      let best: { path: SectorId[]; cost: number } | null = null;
      for (const n of k.neighbours(target)) {
        const r = routes.get(n);
        if (!r) continue;
        const cost = r.cost + 2;
        if (cost > mp) continue;
        if (!best || cost < best.cost) best = { path: Knowledge.pathTo(routes, n), cost };
      }
      return best;
    };
    for (const u of fleets) {
      const ships = shipsOfUnit(u);
      const mp = moveOf(ships);
      const r = reach(u.sector, mp);
      if (r) out.push({ source: { kind: "fleet", unit: u }, ships, mp, ...r });
    }
    for (const p of pools) {
      let ships: ShipCount[] = [...p.spare].map(([type, count]) => ({ type, count }));
      if (minimal) {
        // Enough to take an empty sector: the strongest starships first, one at a time.
        const order = [...ships].sort(
          (a, b) => totalCombatOf(shipType(b.type)) - totalCombatOf(shipType(a.type)) || (a.type < b.type ? -1 : 1),
        );
        const took: ShipCount[] = [];
        for (const s of order) {
          const e = { type: s.type, count: 0 };
          took.push(e);
          while (e.count < s.count && conquestOf(took, k.settings) < 12) e.count++;
          if (conquestOf(took, k.settings) >= 12) break;
        }
        ships = took.filter((s) => s.count > 0);
      }
      const mp = moveOf(ships);
      const r = reach(p.sector, mp);
      if (r) out.push({ source: { kind: "pool", pool: p }, ships, mp, ...r });
    }
    return out;
  }

  /** Arrival phase and feasibility of a set of options arriving together. */
  private timingOf(options: readonly Option[]): number | null {
    if (!this.style.timing) return 0;
    const phase = Math.max(...options.map((o) => o.path.length + 1));
    for (const o of options) {
      const waits = phase - (o.path.length + 1);
      // "The first time a unit waits, there is no move cost. All other times ... 1" (chapter 5).
      if (o.cost + Math.max(0, waits - 1) > o.mp) return null;
    }
    return phase;
  }

  private attackers(options: readonly Option[]): Attacker[] {
    return options.map((o, i) => {
      const types = o.ships.map((s) => s.type);
      const ranks = rankByCombat(types);
      let admirals: BattleAdmiral[] = [];
      let leader: string | null = null;
      if (o.source.kind === "fleet") {
        const u = o.source.unit;
        admirals = u.admirals.flatMap((id) => {
          const a = this.k.view.admirals.find((x) => x.id === id);
          return a ? [{ id: a.id, name: a.name, tactics: a.tactics, siegecraft: a.siegecraft, combat: a.combat, hits: a.hits }] : [];
        });
        leader = u.leader;
      }
      return {
        id: o.source.kind === "fleet" ? o.source.unit.id : `new${i}`,
        ships: o.ships.map((s) => ({ type: s.type, rank: this.style.ranks ? (ranks.get(s.type) ?? 1) : 1, count: s.count })),
        admirals,
        leader,
      };
    });
  }

  /**
   * Targets in order of worth; each gets the nearest forces, most powerful first,
   * until the attack is judged good enough (odds or total combat); targets that
   * would need more than what is left are not attacked this turn.
   */
  private assignAttacks(): Assignment[] {
    const k = this.k;
    const fleets = this.fleets.filter((u) => !this.holds(u));
    const used = new Set<string>();
    const out: Assignment[] = [];
    const candidates = k.view.sectors
      .filter((s) => s.seen && k.invadable(s.id) && (s.owner === INDEPENDENT || s.owner === this.target || k.relation(s.owner) === "war"))
      .map((s) => {
        const def = k.hostileShipsIn(s.id);
        return { s, def, empty: k.hostilesIn(s.id).length === 0, defStrength: strengthOf(def) * (1 + s.defenceLevel * 0.1) };
      })
      .sort((a, b) => this.value(b.s) / (1 + b.defStrength / 10) - this.value(a.s) / (1 + a.defStrength / 10) || a.s.id - b.s.id);
    let simulated = 0;
    for (const c of candidates) {
      const freeFleets = fleets.filter((u) => !used.has(u.id));
      const freePools = this.pools.filter((p) => p.spare.size > 0);
      if (freeFleets.length === 0 && freePools.length === 0) break;
      if (c.empty) {
        // An empty sector: the weakest single force that can take it.
        const opts = this.optionsFor(c.s.id, freeFleets, freePools, true)
          .filter((o) => conquestOf(o.ships, k.settings) >= 10)
          .sort((a, b) => strengthOf(a.ships) - strengthOf(b.ships) || a.cost - b.cost);
        const o = opts[0];
        if (!o) continue;
        this.take(o, used);
        out.push({ target: c.s.id, options: [o], phase: o.path.length + 1, empty: true });
        continue;
      }
      if (this.style.useOdds && simulated >= this.style.maxSimulatedTargets) continue;
      const opts = this.optionsFor(c.s.id, freeFleets, freePools, false).sort(
        (a, b) => a.path.length - b.path.length || strengthOf(b.ships) - strengthOf(a.ships),
      );
      const chosen: Option[] = [];
      let ok = false;
      let sims = 0;
      for (const o of opts) {
        chosen.push(o);
        if (this.timingOf(chosen) === null) {
          chosen.pop();
          continue;
        }
        const ships = chosen.flatMap((x) => x.ships);
        if (conquestOf(ships, k.settings) < 10) continue;
        if (!this.style.useOdds) {
          if (combatOf(ships) >= this.style.naiveRatio * combatOf(c.def) * (1 + c.s.defenceLevel * 0.1)) {
            ok = true;
            break;
          }
          continue;
        }
        const ratio = strengthOf(ships) / Math.max(1e-9, c.defStrength);
        if (ratio < 1.2) continue;
        if (ratio >= 4) {
          ok = true;
          break;
        }
        if (sims >= 3 && chosen.length < opts.length) continue;
        if (sims === 0) simulated++;
        sims++;
        const odds = attackOdds(k, this.attackers(chosen), c.s.id, this.rng, this.style.oddsRuns);
        if (odds.capture >= this.style.captureThreshold) {
          ok = true;
          break;
        }
        // After three tries, only everything that can reach it is tried once more.
      }
      if (!ok) {
        if (this.focus === null && this.style.timing) {
          const next = k.neighbours(c.s.id).find((n) => k.mine(n) && !k.contested(n));
          if (next !== undefined) this.focus = next;
        }
        continue;
      }
      const phase = this.timingOf(chosen) ?? 0;
      for (const o of chosen) this.take(o, used);
      out.push({ target: c.s.id, options: chosen, phase, empty: false });
    }
    return out;
  }

  /** Mark an option's starships as committed. */
  private take(o: Option, used: Set<string>): void {
    if (o.source.kind === "fleet") {
      used.add(o.source.unit.id);
      this.fleets.splice(this.fleets.indexOf(o.source.unit), 1);
      return;
    }
    const spare = o.source.pool.spare;
    for (const s of o.ships) {
      const left = (spare.get(s.type) ?? 0) - s.count;
      if (left > 0) spare.set(s.type, left);
      else spare.delete(s.type);
    }
  }

  /** A new starfleet at a garrison with the given starships: formFleet and transfers; returns its ref. */
  private formFrom(pool: Pool, ships: readonly ShipCount[]): string | null {
    const k = this.k;
    let ref: string;
    const shell = this.shells.findIndex((u) => u.sector === pool.sector);
    if (shell >= 0) {
      // An empty starfleet of ours already here takes the starships: no new unit.
      ref = (this.shells[shell] as Unit).id;
      this.shells.splice(shell, 1);
    } else {
      const starfleets = k.myUnits.filter((u) => u.kind === "starfleet").length + this.newFleets;
      if (starfleets >= MAX_STARFLEETS) return null;
      ref = this.nextRef();
      this.newFleets++;
      this.forming.push({ type: "formFleet", ref, at: pool.garrison.id });
    }
    this.sendShips(pool.garrison.id, ref, ships, rankByCombat(ships.map((s) => s.type)));
    return ref;
  }

  /** Transfer orders for starships from one of our units to another (ranked if the style ranks), counted as leaving `from`. */
  private sendShips(from: UnitId, to: string, ships: readonly ShipCount[], ranks: Map<string, Rank>): void {
    const leaving = this.leaving.get(from) ?? new Map<string, number>();
    for (const s of ships) {
      if (s.count <= 0) continue;
      this.transfers.push({
        type: "transfer",
        from,
        to,
        starship: s.type,
        count: s.count,
        rank: this.style.ranks ? (ranks.get(s.type) ?? 1) : 1,
      });
      leaving.set(s.type, (leaving.get(s.type) ?? 0) + s.count);
    }
    this.leaving.set(from, leaving);
  }

  private orderAttack(a: Assignment): void {
    let pillager: string | null = null;
    for (const o of a.options) {
      const id = o.source.kind === "fleet" ? o.source.unit.id : this.formFrom(o.source.pool, o.ships);
      if (!id) continue;
      if (o.source.kind === "pool" && this.style.admirals) {
        // An admiral waiting in the garrison goes with the attack (it can lead from next turn).
        const g = o.source.pool.garrison;
        const adm = g.admirals.find((x) => !this.transfers.some((t) => t.type === "transferAdmiral" && t.admiral === x));
        if (adm && !a.empty) this.transfers.push({ type: "transferAdmiral", admiral: adm, to: id });
      }
      const waits = this.style.timing ? a.phase - (o.path.length + 1) : 0;
      for (let i = 0; i < waits; i++) this.movement.push({ type: "wait", unit: id });
      for (const s of o.path) this.movement.push({ type: "travel", unit: id, to: s });
      this.movement.push({ type: "travel", unit: id, to: a.target });
      this.moving.add(id);
      const left = o.mp - o.cost - Math.max(0, waits - 1);
      // "Pillage what you can't annex": a sector entered without a fight is pillaged at
      // once if move points remain - it yields no revenue the turn it changes owner anyway.
      if (this.style.pillage && a.empty && pillager === null && left >= 1 && combatOf(o.ships) >= 10 && !this.pillaged.has(a.target)) {
        pillager = id;
        this.pillaged.add(a.target);
        this.movement.push({ type: "pillage", unit: id });
      }
    }
  }

  // --- everything else a unit does ----------------------------------------------

  /** Own sectors worth standing in: threatened ones, and frontier sectors next to something we could invade. */
  private stagingSectors(): Set<SectorId> {
    const k = this.k;
    const out = new Set<SectorId>();
    for (const s of k.mySectors()) {
      if (k.threatTo(s.id) > 0) out.add(s.id);
      else if (this.style.attack && k.neighbours(s.id).some((n) => k.invadable(n))) out.add(s.id);
    }
    return out;
  }

  /** Pillage the sector `u` stands in (one pillage a sector a turn); `u` moves no further. */
  private orderPillage(u: Unit): void {
    this.pillaged.add(u.sector);
    this.movement.push({ type: "pillage", unit: u.id });
    this.moving.add(u.id);
  }

  /**
   * Where forces with these routes go: the focus of the attack if they can reach
   * it, else the staging sector cheapest to reach (the lowest id among equals), or null.
   */
  private destination(routes: ReturnType<Knowledge["routes"]>, staging: Set<SectorId>): SectorId | null {
    if (this.focus !== null && routes.has(this.focus)) return this.focus;
    let best: SectorId | null = null;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const s of [...staging].sort((a, b) => a - b)) {
      const r = routes.get(s);
      if (r && r.cost < bestCost) {
        best = s;
        bestCost = r.cost;
      }
    }
    return best;
  }

  private orderRest(): void {
    const k = this.k;
    const staging = this.stagingSectors();
    for (const u of this.fleets) {
      if (this.moving.has(u.id)) continue;
      const here = k.sector(u.sector);
      if (!here) continue;
      const ships = shipsOfUnit(u);
      // In a foreign sector with no one to fight: pillage it.
      if (here.owner !== k.me) {
        if (
          this.style.pillage &&
          k.invadable(u.sector) &&
          k.hostilesIn(u.sector).length === 0 &&
          combatOf(ships) >= 10 &&
          !this.pillaged.has(u.sector)
        ) {
          this.orderPillage(u);
        }
        continue;
      }
      const mp = moveOf(ships);
      const routes = k.routes(u.sector, 60);
      const toFocus = this.focus !== null && u.sector !== this.focus && routes.has(this.focus) && mp >= 1 && !this.holds(u);
      // Gathering for the next attack comes first; a starfleet with nothing better to do
      // pillages the sector of ours it stands in if that cannot be annexed.
      if (!toFocus && this.style.pillage && this.unannexable.has(u.sector) && !this.pillaged.has(u.sector) && combatOf(ships) >= 10) {
        this.orderPillage(u);
        continue;
      }
      if (this.holds(u) || u.sector === this.focus) continue;
      if (mp < 1) continue;
      // To the focus of the attack if there is one, else to the nearest staging sector.
      const reachesFocus = this.focus !== null && routes.has(this.focus);
      if (!reachesFocus && staging.has(u.sector)) continue; // already staged
      const best = this.destination(routes, staging);
      if (best === null) continue;
      const path = Knowledge.pathTo(routes, best).slice(0, mp);
      for (const s of path) this.movement.push({ type: "travel", unit: u.id, to: s });
      if (path.length > 0) this.moving.add(u.id);
    }
    // Starships that interior garrisons can spare go to the front as a new starfleet.
    if (this.style.attack) {
      for (const p of this.pools) {
        if (p.spare.size === 0 || p.sector === this.focus) continue;
        const toFocus = this.focus !== null;
        if (!toFocus && (k.isFrontier(p.sector) || staging.has(p.sector))) continue;
        const ships = [...p.spare].map(([type, count]) => ({ type, count }));
        if (ships.reduce((n, s) => n + s.count, 0) < 3) continue;
        const mp = moveOf(ships);
        const routes = k.routes(p.sector, 60);
        const best = this.destination(routes, staging);
        if (best === null) continue;
        const path = Knowledge.pathTo(routes, best).slice(0, mp);
        if (path.length === 0) continue;
        const ref = this.formFrom(p, ships);
        if (!ref) continue;
        p.spare.clear();
        for (const s of path) this.movement.push({ type: "travel", unit: ref, to: s });
        this.moving.add(ref);
      }
    }
  }

  /**
   * "Use Starfleets Together": our starfleets that stay in the same sector this turn
   * are merged into the one with the lowest id, so forces grow instead of scattering
   * (the emptied ones are reused later by formFrom).
   */
  private mergeIdle(): void {
    const bySector = new Map<SectorId, Unit[]>();
    for (const u of this.fleets) {
      if (this.moving.has(u.id) || u.admirals.length > 0 || !this.k.mine(u.sector)) continue;
      const l = bySector.get(u.sector) ?? [];
      l.push(u);
      bySector.set(u.sector, l);
    }
    for (const [, list] of [...bySector].sort(([a], [b]) => a - b)) {
      if (list.length < 2) continue;
      const [keeper, ...donors] = list as [Unit, ...Unit[]];
      const all = [keeper, ...donors].flatMap((u) => shipsOfUnit(u));
      const ranks = rankByCombat(all.map((x) => x.type));
      const arriving = this.arriving.get(keeper.id) ?? new Map<string, number>();
      for (const d of donors) {
        const ships = shipsOfUnit(d);
        this.sendShips(d.id, keeper.id, ships, ranks);
        for (const x of ships) arriving.set(x.type, (arriving.get(x.type) ?? 0) + x.count);
      }
      this.arriving.set(keeper.id, arriving);
    }
  }

  /**
   * Ranks (after this turn's transfers out), leaders, the defend option and
   * searches. Reassignments are ordered only where a starship would really move:
   * chapter 4, "Starships Reassigned To Ranks" comes after the transfers.
   */
  private orderRanksAndAdmin(): void {
    const k = this.k;
    for (const u of k.myUnits) {
      if (u.ships.length === 0) continue;
      if (this.style.ranks) {
        const stacks: ShipStack[] = u.ships.map((s) => ({ ...s }));
        sortStacks(stacks);
        const leaving = this.leaving.get(u.id);
        if (leaving) {
          // Transfers take from the lowest-numbered ranks first (chapter 5, "Transferring").
          for (const [type, n] of leaving) {
            let left = n;
            for (const s of stacks) {
              if (left <= 0) break;
              if (s.type !== type) continue;
              const t = Math.min(s.count, left);
              s.count -= t;
              left -= t;
            }
          }
        }
        const remaining = stacks.filter((s) => s.count > 0);
        const allTypes = new Set([...remaining.map((s) => s.type), ...(this.arriving.get(u.id)?.keys() ?? [])]);
        const ranks = rankByCombat([...allTypes]);
        // One type only: its rank makes no difference, so no order moves it.
        const types = allTypes.size < 2 ? [] : [...new Set(remaining.map((s) => s.type))].sort();
        for (const type of types) {
          const want = ranks.get(type) as Rank;
          if (remaining.some((s) => s.type === type && s.rank !== want)) {
            this.admin.push({ type: "reassign", unit: u.id, starship: type, toRank: want });
          }
        }
      }
      if (this.style.admirals && u.leader === null && u.admirals.length > 0) {
        const best = [...u.admirals]
          .map((id) => k.view.admirals.find((a) => a.id === id))
          .filter((a) => a !== undefined)
          .sort((a, b) => b.tactics - a.tactics || (a.id < b.id ? -1 : 1))[0];
        if (best) this.admin.push({ type: "leader", unit: u.id, admiral: best.id });
      }
      const stays = !this.moving.has(u.id);
      if (u.kind === "starfleet" && stays && !u.defendDefences && k.mine(u.sector) && (k.sector(u.sector)?.defenceLevel ?? 0) > 0) {
        this.admin.push({ type: "defend", unit: u.id, value: true });
      }
      if (this.style.search && stays && k.mine(u.sector) && k.isFrontier(u.sector)) {
        // Chapter 5, "Cloaking": cloaked scouts are found only by searching.
        this.finals.push({ type: "search", unit: u.id });
      }
    }
  }

  // --- money -------------------------------------------------------------------

  /**
   * Spending in the order chapter 4 takes it (upkeep first, then starships built,
   * admirals hired, sectors annexed, construction), kept within the treasury after
   * upkeep so every purchase succeeds. Annexation is reserved first: it pays for
   * itself in a turn. Starships are bought while the upkeep stays under 80% of the
   * revenue expected next turn.
   */
  /**
   * Annexation first among purchases (it pays for itself in a turn): our sectors not
   * annexed to us, most valuable first ("Commoners should annex only their most
   * valuable sectors"), while the limit (chapter 5, "Player Status") and the
   * treasury after upkeep allow. Sectors left over because of the limit are to be
   * pillaged ("Pillage what you can't annex").
   */
  private planAnnexation(): void {
    const k = this.k;
    let cents = Math.round(k.treasury * 100) - Math.round(k.upkeep() * 100);
    let slots = k.annexLimit - k.annexedCount();
    const toAnnex = k
      .mySectors()
      .filter((s) => s.annexedTo !== k.me && !k.contested(s.id))
      .sort((a, b) => b.revenue - a.revenue || a.id - b.id);
    for (const s of toAnnex) {
      const c = Math.round(s.revenue * 100);
      if (slots > 0 && c <= cents) {
        cents -= c;
        this.annexCents += c;
        slots--;
        this.annexPlan.push(s.id);
      } else if (slots <= 0) {
        this.unannexable.add(s.id);
      }
    }
  }

  private orderEconomy(): void {
    const k = this.k;
    let cents = Math.round(k.treasury * 100) - Math.round(k.upkeep() * 100) - this.annexCents;
    const annexOrders: Order[] = this.annexPlan.map((sector) => ({ type: "annex", sector }));
    const annexed = this.annexPlan;
    // "Pillage what you can't annex": our own sectors that cannot be annexed (the limit)
    // are pillaged by a unit standing there that is not otherwise busy.
    if (this.style.pillage) {
      for (const id of [...this.unannexable].sort((a, b) => a - b)) {
        const u = k.myUnits.find(
          (x) =>
            x.sector === id &&
            !x.cloaked &&
            !this.moving.has(x.id) &&
            combatOf(this.remainingShips(x)) >= 10 &&
            (x.kind === "garrison" || moveOf(this.remainingShips(x)) >= 1),
        );
        if (!u || this.pillaged.has(id)) continue;
        this.pillaged.add(id);
        this.moving.add(u.id);
        this.movement.push({ type: "pillage", unit: u.id });
      }
    }
    if (cents <= 0) {
      this.finals.push(...annexOrders);
      return;
    }
    const hire: Order[] = [];
    if (
      this.style.admirals &&
      k.turn >= 2 &&
      k.view.admirals.length < Math.min(2, k.admiralLimit) &&
      cents >= Math.round((ADMIRAL_HIRE_COST + 20) * 100)
    ) {
      const ic = k.myUnits
        .filter((u) => u.kind === "garrison" && k.sector(u.sector)?.industry && k.mine(u.sector) && !k.contested(u.sector))
        .sort((a, b) => b.ships.length - a.ships.length || a.sector - b.sector)[0];
      if (ic) {
        hire.push({ type: "hireAdmiral", unit: ic.id });
        cents -= ADMIRAL_HIRE_COST * 100;
      }
    }
    const builds = this.orderBuilds(cents, annexed);
    cents = builds.cents;
    const construct: Order[] = [];
    if (this.style.construct && cents >= (CONSTRUCTION_COST + (this.style.attack ? 40 : 10)) * 100) {
      const g = k.myUnits
        .filter((u) => {
          const s = k.sector(u.sector);
          return (
            u.kind === "garrison" &&
            s?.owner === k.me &&
            !k.contested(s.id) &&
            s.industry !== null &&
            s.defenceLevel < (this.style.attack ? 4 : 6) &&
            this.remainingShips(u).reduce((n, x) => n + x.count, 0) >= CONSTRUCTION_WORKERS
          );
        })
        .sort((a, b) => k.threatTo(b.sector) - k.threatTo(a.sector) || a.sector - b.sector)[0];
      if (g) {
        construct.push({ type: "construct", unit: g.id });
        cents -= CONSTRUCTION_COST * 100;
      }
    }
    this.finals.push(...builds.orders, ...hire, ...annexOrders, ...construct);
  }

  /** A unit's starships once this turn's transfers out have happened. */
  private remainingShips(u: Unit): ShipCount[] {
    const leaving = this.leaving.get(u.id);
    return shipsOfUnit(u)
      .map((s) => ({ type: s.type, count: s.count - (leaving?.get(s.type) ?? 0) }))
      .filter((s) => s.count > 0);
  }

  /**
   * Chapter 9, "Make sure you build more starships": "The most expensive starships
   * you can buy are usually the best purchase, because they'll be very powerful".
   * Each industrial centre fills its build slots ("0/13", chapter 5) with the type
   * of most total combat on its list, as many as money and the upkeep limit allow;
   * what is left is saved for it. Mixing in light front-rank starships (chapter 9
   * also suggests it), or buying cheaper types with what is left, lost clearly in
   * measured bot-against-bot games: the build slots, not the money, are what
   * usually runs out (rulings-bots.md, "What the bots build").
   */
  private orderBuilds(cents: number, annexedNow: readonly SectorId[]): { orders: Order[]; cents: number } {
    const k = this.k;
    const orders: Order[] = [];
    let upkeep = Math.round(k.upkeep() * 100);
    const cap = Math.round((this.style.upkeepShare * k.income(annexedNow) + this.style.treasuryShare * k.treasury) * 100);
    const ics = k
      .mySectors()
      .filter((s) => s.industry && s.industry.builds.length > 0 && s.industry.maxBuild > 0 && k.myGarrison(s.id) && !k.contested(s.id))
      .sort((a, b) => k.threatTo(b.id) - k.threatTo(a.id) || (b.industry?.maxBuild ?? 0) - (a.industry?.maxBuild ?? 0) || a.id - b.id);
    for (const s of ics) {
      const g = k.myGarrison(s.id);
      const list = (s.industry?.builds ?? []).filter((t) => shipType(t).build > 0);
      if (!g || list.length === 0) continue;
      const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      // The hardest-hitting type only: when it is too dear the money is saved for it.
      const options = [...list]
        .sort((a, b) => totalCombatOf(shipType(b)) - totalCombatOf(shipType(a)) || shipType(a).build - shipType(b).build || byId(a, b))
        .slice(0, 1);
      const counts = new Map<string, number>();
      const max = s.industry?.maxBuild ?? 0;
      let built = 0;
      while (built < max) {
        let bought = false;
        for (const t of options) {
          const x = shipType(t);
          const c = Math.round(x.build * 100);
          const up = Math.round(x.upkeep * 100);
          if (c <= cents && upkeep + up <= cap) {
            cents -= c;
            upkeep += up;
            counts.set(t, (counts.get(t) ?? 0) + 1);
            built++;
            bought = true;
            break;
          }
        }
        if (!bought) break;
      }
      const types = [...new Set([...g.ships.map((x) => x.type), ...counts.keys()])];
      const ranks = rankByCombat(types);
      for (const [t, n] of [...counts].sort(([a], [b]) => byId(a, b))) {
        orders.push({ type: "build", unit: g.id, starship: t, count: n, rank: this.style.ranks ? (ranks.get(t) ?? 1) : 1 });
      }
    }
    return { orders, cents };
  }
}
