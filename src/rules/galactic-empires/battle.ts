/**
 * Space battles, seed 003 chapter 6 ("Battles: Mayhem and Destruction").
 *
 * One pure function fights one battle, sector or cross-border, from plain data:
 * the adjudicator's movement events call it, and so does the battle-odds command,
 * so both always run the very same code.
 *
 * The engine expands every starship and admiral into flat typed arrays once per
 * battle and runs the rounds on them without allocating, so an odds run of
 * 10,000 battles stays fast; the report is only built when asked for. Hit points
 * and damage are counted in hundredths (integers), so "2.1 hit points takes 3
 * hits; three of them take 7 hits" holds exactly. Readings of silent or garbled
 * passages are listed in RULINGS.md ("Battles").
 */
import { round } from "../../core/json.js";
import type { Rng, Trials } from "../../core/rng.js";
import { defenceLevel, shipType } from "./catalog.js";
import { compareUnitIds, type EmpireId, type Rank, type SectorId, type Settings, type StarshipTypeId, type UnitId } from "./model.js";

export interface BattleAdmiral {
  id: string;
  name: string;
  tactics: number;
  siegecraft: number;
  combat: number;
  hits: number;
}

export interface BattleUnit {
  id: UnitId;
  /** As shown in reports: "Patrol Force 2 (Our Starfleet #2)" is built by the report from name and id. */
  name: string;
  owner: EmpireId;
  /** The owner's printed name for other empires' reports ("Romulan"); defaults to the capitalised id. */
  ownerName?: string;
  kind: "starfleet" | "garrison";
  ships: { type: StarshipTypeId; rank: Rank; count: number }[];
  admirals: BattleAdmiral[];
  /** Id of the leading admiral (one of `admirals`), or null. */
  leader: string | null;
  retreatLevel: Rank;
  follow: UnitId | null;
  defendDefences: boolean;
  /** False when the unit has nowhere to retreat to (chapter 4: "the unit will not retreat"). */
  canRetreat: boolean;
}

export interface BattleInput {
  kind: "sector" | "cross-border";
  /** Label for the report: "224 Tranome Sar", or "the border of 3 Alpha and 4 Beta". */
  where: string;
  sector: SectorId | null;
  units: BattleUnit[];
  /** Who is at war with whom here (independents against intruders included). */
  hostile: (a: EmpireId, b: EmpireId) => boolean;
  /** Same empire or allied: such units take casualties as one team. */
  friendly: (a: EmpireId, b: EmpireId) => boolean;
  /**
   * The sector defence, for sector battles only: its level and damage, and the
   * empires it protects (the sector's owner at the end of the previous phase and
   * his allies).
   */
  defence: { level: number; damage: number; protects: EmpireId[] } | null;
  settings: Pick<Settings, "defenceBonus">;
  /** Safety stop; battles end long before (RULINGS.md). Default 1000. */
  maxRounds?: number;
  /** Build the round-by-round report (default true); odds runs pass false and get an empty report. */
  report?: boolean;
}

export interface UnitOutcome {
  id: UnitId;
  /** Starships left after casualties and the aftermath, by type and rank. */
  ships: { type: StarshipTypeId; rank: Rank; count: number }[];
  /**
   * Starships left in each of the input's `ships` entries, index for index (zeros
   * kept), so the caller can keep per-stack data such as move points used.
   */
  stackCounts?: number[];
  /** Admirals still alive. */
  admirals: string[];
  /** Losses by starship type (casualties plus wounded destroyed in the aftermath). */
  lost: Record<StarshipTypeId, number>;
  admiralsLost: string[];
  /** Round at whose end it retreated, or null. */
  retreatedAfterRound: number | null;
  /** Successful siege attempts by its starships (raises its leader's siegecraft). */
  siegeHits: number;
  /** Enemy starships it destroyed (drives its leader's tactics gain). */
  kills: number;
  /** False for a unit that only watched: its owner is hostile to no one in the battle (chapter 4, note 1). */
  fought?: boolean;
}

export interface BattleResult {
  rounds: number;
  units: UnitOutcome[];
  /** Owners whose units hold the field at the end (none left: empty). */
  holders: EmpireId[];
  /** Sector defence damage after siege (sector battles with a defence). */
  defenceDamage: number | null;
  /** Tactics gain per admiral id for victorious leaders. */
  tacticsGain: Record<string, number>;
  report: BattleReport;
}

/** The chapter 6 battle report, as data; presentation/battle-report.ts `battleReportText` prints it in the rulebook's layout. */
export interface BattleReport {
  kind: "sector" | "cross-border";
  where: string;
  units: {
    id: UnitId;
    name: string;
    owner: EmpireId;
    modifiers: string;
    totalCombat: number;
    totalHits: number;
    /** Printed owner name ("Romulan"). */
    ownerName?: string;
    kind?: "starfleet" | "garrison";
  }[];
  siege: { unit: UnitId; attempts: number; hits: number }[];
  defence: { level: number; damageBefore: number; damageAfter: number } | null;
  rounds: {
    round: number;
    fire: { unit: UnitId; retreatLevel: Rank; lines: { count: number; starship: string; damage: number }[] }[];
    status: { unit: UnitId; suffered: number; totalHits: number; totalDamage: number }[];
    casualtyRound: boolean;
    casualties: { unit: UnitId; suffered: number; losses: { starship: string; hits: number; killed: boolean; remaining: number }[] }[];
    retreats: { unit: UnitId; to: string | null }[];
  }[];
  wounded: { unit: UnitId; starship: string; damage: number; hits: number; destroyed: boolean }[];
  holders: EmpireId[];
}

// ---------------------------------------------------------------------------
// Engine

/** Hit points and damage are kept in hundredths: exact for 2.1, 6.6 and the 0.7..2.4 bonuses. */
const SCALE = 100;
/** One successful attack: "an attack can only cause 1 damage each round" (chapter 5, "Starships"). */
const ONE_HIT = SCALE;
/** Chapter 6 "Causing Damage": "If the modified Combat is 100 or greater, then it will be reduced to 99". */
const MAX_CHANCE = 99;
/** Admirals fight from Rank 5 but after every Rank 5 starship ("Admirals in Battle"): sort key 6. */
const ADMIRAL_RANK = 6;
const DEFAULT_MAX_ROUNDS = 1000;
/** Scaled hit points as the report prints them (one decimal). */
const hitsOut = (scaled: number): number => round(scaled / SCALE, 1);

// Entry states.
const ALIVE = 0;
/** Damage reached its hit points: still fires until casualties are taken (chapter 6, "Determine Casualties"). */
const CASUALTY = 1;
/** Casualty taken: off the field. */
const REMOVED = 2;
/** Left the field alive with its retreating unit. */
const GONE = 3;

interface Group {
  /** Entries that this group's enemies may hit, in casualty order. */
  order: Int32Array;
  /** Entries in `order` (the pooled array may be longer). */
  len: number;
  ptr: number;
  /**
   * Entries still on the field (casualties not yet taken included): the
   * "starship count" that weighs targets (chapter 4 note 6) and the Admiral
   * Modifier's "10 enemy are defended ... 30 are not".
   */
  present: number;
  /** Present entries that defend the sector defence. */
  defPresent: number;
  /** Unit that took the last damage: overflow beyond the last starship is booked to it. */
  lastUnit: number;
  /** Look for a wounded entry anywhere (only when groups of one team overlap). */
  scanWounded: boolean;
}

interface Line {
  label: string;
  stacks: number[];
}

type RoundReport = BattleReport["rounds"][number];

type NumArray = Int32Array | Uint8Array | Int8Array | Float64Array;

/**
 * The typed arrays a battle runs on, kept for the next one: an odds run fights thousands of
 * battles in a row, and handing out the same arrays again (cleared) keeps it free of garbage.
 * Whoever fights many battles makes one and passes it to each `fightBattle`; without one, a
 * battle takes fresh arrays. A battle asks for its arrays in the same order every time, so slot
 * k always holds the same kind; arrays may be longer than asked, so code never reads `.length`
 * of a pooled array. One battle at a time: a battle started while another holds them (never in
 * practice) takes fresh arrays.
 */
export class BattleArrays {
  private readonly slots: NumArray[] = [];
  private next = 0;
  /** A battle is running on these arrays. */
  busy = false;

  reset(): this {
    this.next = 0;
    return this;
  }
  int32(n: number, fill = 0): Int32Array {
    return this.take(Int32Array, n, fill);
  }
  uint8(n: number, fill = 0): Uint8Array {
    return this.take(Uint8Array, n, fill);
  }
  int8(n: number, fill = 0): Int8Array {
    return this.take(Int8Array, n, fill);
  }
  float64(n: number, fill = 0): Float64Array {
    return this.take(Float64Array, n, fill);
  }
  private take<T extends NumArray>(kind: new (n: number) => T, n: number, fill: number): T {
    const k = this.next++;
    let a = this.slots[k];
    if (!(a instanceof kind) || a.length < n) {
      a = new kind(Math.max(16, 2 ** Math.ceil(Math.log2(Math.max(1, n)))));
      this.slots[k] = a;
    }
    a.fill(fill, 0, n);
    return a as T;
  }
}

/**
 * One stack's attacks in a round, as `Rng.successes` counts them: kind 0 at the plain chance,
 * kind 1 (starships with the sector defence combat bonus this round) at the boosted one; in
 * order, starship by starship, each with all its attacks (chapter 6, "Causing Damage").
 */
class StackAttacks implements Trials {
  readonly kinds = 2;
  first = 0;
  end = 0;
  attacks = 0;
  plainCount = 0;
  boostedCount = 0;
  plain = 0;
  boosted = 0;
  constructor(
    private readonly state: Uint8Array,
    private readonly bonus: Uint8Array,
  ) {}
  count(kind: number): number {
    return kind === 0 ? this.plainCount : this.boostedCount;
  }
  percent(kind: number): number {
    return kind === 0 ? this.plain : this.boosted;
  }
  forEachRun(visit: (kind: number, n: number) => void): void {
    for (let x = this.first; x < this.end; x++) {
      const st = this.state[x];
      if (st === ALIVE || st === CASUALTY) visit(this.bonus[x] ? 1 : 0, this.attacks);
    }
  }
}

class Battle {
  private readonly input: BattleInput;
  private readonly rng: Rng;
  private readonly wantReport: boolean;

  // Units, sorted by id.
  private readonly units: BattleUnit[];
  private readonly nU: number;
  private readonly uOwner: Int32Array;
  private readonly uPart: Uint8Array;
  private readonly uDefender: Uint8Array;
  private readonly uMayRetreat: Uint8Array;
  private readonly uFollow: Int32Array;
  private readonly uRetreatedAt: Int32Array;
  private readonly uTactics: Float64Array;
  private readonly uLeaderEntry: Int32Array;
  private readonly uAlive: Int32Array;
  /** ALIVE entries per unit and rank 1..6 (index u * 7 + rank). */
  private readonly uAliveRank: Int32Array;
  private readonly uRound: Int32Array;
  private readonly uPeriod: Int32Array;
  private readonly uWasted: Int32Array;
  private readonly uTotal: Int32Array;
  private readonly uKills: Int32Array;
  private readonly uSiegeHits: Int32Array;
  private readonly uFirst: Int32Array;
  private readonly uEnd: Int32Array;
  private readonly uStartHits: Int32Array;

  // Owners, sorted.
  private readonly owners: EmpireId[];
  private readonly nO: number;
  private readonly hostileM: Uint8Array;
  private readonly oTargets: number[][];
  private readonly oMemberOf: number[][];
  private readonly oFraction: Float64Array;

  // Entries: one per starship or admiral of a fighting unit.
  private readonly nE: number;
  private readonly eUnit: Int32Array;
  private readonly eRank: Uint8Array;
  private readonly eAttacks: Uint8Array;
  private readonly eCombat: Float64Array;
  private readonly eHp: Int32Array;
  private readonly eDmg: Int32Array;
  private readonly eMark: Int32Array;
  private readonly eState: Uint8Array;
  private readonly eHpBonus: Uint8Array;
  private readonly eDefender: Uint8Array;
  private readonly eCombatBonus: Uint8Array;
  /** The stack (or admiral) each entry belongs to. */
  private readonly eStack: Int32Array;
  /** Input stack index, or -1 - admiral index for admirals. */
  private readonly eSource: Int32Array;
  private readonly eTeam: Int32Array;

  // Stacks: the entries of one input stack, or one admiral, contiguous.
  private readonly nS: number;
  private readonly sFirst: Int32Array;
  private readonly sEnd: Int32Array;
  private readonly sUnit: Int32Array;
  /** Entries still firing (ALIVE or CASUALTY). */
  private readonly sPresent: Int32Array;
  /** Of those, how many have the sector defence combat bonus this round. */
  private readonly sBonus: Int32Array;
  private readonly sHits: Int32Array;
  /** Entries still firing per unit. */
  private readonly uPresent: Int32Array;
  /** Casualties not yet taken, in the order they fell. */
  private readonly pending: Int32Array;
  private nPending = 0;
  private readonly taken: Int32Array;

  private readonly groups: Group[] = [];
  /** The stack whose attacks `fire` asks the generator for. */
  private readonly stackAttacks: StackAttacks;
  // Per-round scratch, allocated once.
  private readonly memo: Int8Array;
  private readonly take: Uint8Array;
  private readonly retreating: Int32Array;
  private readonly ownerAlive: Uint8Array;
  private readonly defenders: Int32Array;
  private readonly scratch: Int32Array;

  // The sector defence after siege.
  private level = 0;
  private capacity = 0;
  private combatBonus = 0;
  private hpBonus = 0;
  private anyDefenders = false;

  private readonly report: BattleReport;
  private readonly unitLines: Line[][] = [];

  constructor(input: BattleInput, rng: Rng, pool: BattleArrays) {
    this.input = input;
    this.rng = rng;
    this.wantReport = input.report !== false;

    const units = [...input.units].sort((a, b) => compareUnitIds(a.id, b.id));
    this.units = units;
    const nU = units.length;
    this.nU = nU;

    // --- owners, hostility, who fights -----------------------------------
    const owners = [...new Set(units.map((u) => u.owner))].sort();
    this.owners = owners;
    const nO = owners.length;
    this.nO = nO;
    const oIndex = new Map(owners.map((o, i) => [o, i]));
    this.hostileM = pool.uint8(nO * nO);
    const friendlyM = pool.uint8(nO * nO);
    for (let a = 0; a < nO; a++) {
      for (let b = 0; b < nO; b++) {
        if (a === b) {
          friendlyM[a * nO + b] = 1;
          continue;
        }
        const oa = owners[a]!;
        const ob = owners[b]!;
        // Hostility is taken as mutual: either side's war is a battle.
        if (input.hostile(oa, ob) || input.hostile(ob, oa)) this.hostileM[a * nO + b] = 1;
        else if (input.friendly(oa, ob) && input.friendly(ob, oa)) friendlyM[a * nO + b] = 1;
      }
    }
    // Chapter 4 "Battles Are Fought" note 1: "Starfleets that are not at war will
    // never fight each other ... you will simply watch". An owner hostile to no one
    // present only watches.
    const fights = pool.uint8(nO);
    for (let a = 0; a < nO; a++) for (let b = 0; b < nO; b++) if (this.hostileM[a * nO + b]) fights[a] = 1;

    // Teams (chapter 6 "Battle Aftermath": "Your units and allied units will work
    // together for taking casualties ... This would not happen for a unit that was
    // neutral to you"): owners in sorted order join the first team all of whose
    // members are friendly to them (RULINGS.md, "Battle teams").
    const teamOf = pool.int32(nO, -1);
    const teams: number[][] = [];
    for (let o = 0; o < nO; o++) {
      if (!fights[o]) continue;
      let joined = false;
      for (let t = 0; t < teams.length && !joined; t++) {
        const members = teams[t]!;
        if (members.every((m) => friendlyM[o * nO + m] === 1)) {
          members.push(o);
          teamOf[o] = t;
          joined = true;
        }
      }
      if (!joined) {
        teamOf[o] = teams.length;
        teams.push([o]);
      }
    }

    // --- units ------------------------------------------------------------
    this.uOwner = pool.int32(nU);
    this.uPart = pool.uint8(nU);
    this.uDefender = pool.uint8(nU);
    this.uMayRetreat = pool.uint8(nU);
    this.uFollow = pool.int32(nU, -1);
    this.uRetreatedAt = pool.int32(nU);
    this.uTactics = pool.float64(nU);
    this.uLeaderEntry = pool.int32(nU, -1);
    this.uAlive = pool.int32(nU);
    this.uAliveRank = pool.int32(nU * 7);
    this.uRound = pool.int32(nU);
    this.uPeriod = pool.int32(nU);
    this.uWasted = pool.int32(nU);
    this.uTotal = pool.int32(nU);
    this.uKills = pool.int32(nU);
    this.uSiegeHits = pool.int32(nU);
    this.uFirst = pool.int32(nU);
    this.uEnd = pool.int32(nU);
    this.uStartHits = pool.int32(nU);
    this.memo = pool.int8(nU);
    this.take = pool.uint8(nU);
    this.retreating = pool.int32(nU);
    this.ownerAlive = pool.uint8(nO);
    const uIndex = new Map(units.map((u, i) => [u.id, i]));

    let nE = 0;
    let nS = 0;
    for (let u = 0; u < nU; u++) {
      const unit = units[u]!;
      const o = oIndex.get(unit.owner)!;
      this.uOwner[u] = o;
      if (!fights[o]) continue;
      this.uPart[u] = 1;
      for (const s of unit.ships) {
        if (s.count > 0) {
          nE += s.count;
          nS++;
        }
      }
      nE += unit.admirals.length;
      nS += unit.admirals.length;
    }
    this.uPresent = pool.int32(nU);
    for (let u = 0; u < nU; u++) {
      const f = units[u]!.follow;
      const fi = f === null ? undefined : uIndex.get(f);
      if (fi !== undefined && fi !== u) this.uFollow[u] = fi;
    }

    // --- entries ----------------------------------------------------------
    this.nE = nE;
    this.eUnit = pool.int32(nE);
    this.eRank = pool.uint8(nE);
    this.eAttacks = pool.uint8(nE);
    this.eCombat = pool.float64(nE);
    this.eHp = pool.int32(nE);
    this.eDmg = pool.int32(nE);
    this.eMark = pool.int32(nE);
    this.eState = pool.uint8(nE);
    this.eHpBonus = pool.uint8(nE);
    this.eDefender = pool.uint8(nE);
    this.eCombatBonus = pool.uint8(nE);
    this.eStack = pool.int32(nE);
    this.eSource = pool.int32(nE);
    this.eTeam = pool.int32(nE);
    this.defenders = pool.int32(nE);
    this.scratch = pool.int32(nE);
    this.pending = pool.int32(nE);
    this.taken = pool.int32(nE);
    this.nS = nS;
    this.sFirst = pool.int32(nS);
    this.sEnd = pool.int32(nS);
    this.sUnit = pool.int32(nS);
    this.sPresent = pool.int32(nS);
    this.sBonus = pool.int32(nS);
    this.sHits = pool.int32(nS);
    this.stackAttacks = new StackAttacks(this.eState, this.eCombatBonus);
    let e = 0;
    let st = 0;
    for (let u = 0; u < nU; u++) {
      this.uFirst[u] = e;
      const unit = units[u]!;
      if (this.uPart[u]) {
        const team = teamOf[this.uOwner[u]!]!;
        for (let si = 0; si < unit.ships.length; si++) {
          const s = unit.ships[si]!;
          const t = shipType(s.type);
          const hp = Math.round(t.hits * SCALE);
          if (s.count <= 0) continue;
          this.sFirst[st] = e;
          this.sUnit[st] = u;
          this.sPresent[st] = s.count;
          for (let k = 0; k < s.count; k++, e++) {
            this.eStack[e] = st;
            this.eUnit[e] = u;
            this.eRank[e] = s.rank;
            this.eAttacks[e] = t.attacks;
            this.eCombat[e] = t.combat;
            this.eHp[e] = hp;
            this.eSource[e] = si;
            this.eTeam[e] = team;
          }
          this.sEnd[st++] = e;
        }
        for (let ai = 0; ai < unit.admirals.length; ai++, e++) {
          const a = unit.admirals[ai]!;
          // Chapter 6 "Space Battles": "Admirals have Hit-points and a combat
          // statistic, and are treated exactly like starships"; one attack each.
          this.eUnit[e] = u;
          this.eRank[e] = ADMIRAL_RANK;
          this.eAttacks[e] = 1;
          this.eCombat[e] = a.combat;
          this.eHp[e] = Math.max(1, Math.round(a.hits * SCALE));
          this.eSource[e] = -1 - ai;
          this.eTeam[e] = team;
          this.eStack[e] = st;
          this.sFirst[st] = e;
          this.sEnd[st] = e + 1;
          this.sUnit[st] = u;
          this.sPresent[st++] = 1;
          if (a.id === unit.leader) {
            this.uLeaderEntry[u] = e;
            this.uTactics[u] = a.tactics;
          }
        }
      }
      this.uEnd[u] = e;
    }

    // --- target groups ----------------------------------------------------
    // Each owner fires at every team holding owners hostile to it; within a team
    // only those hostile owners' starships can be hit (chapter 4 note 1: a
    // neutral ally "will simply watch").
    this.oTargets = owners.map(() => []);
    this.oMemberOf = owners.map(() => []);
    this.oFraction = pool.float64(nO);
    const teamOverlaps = pool.uint8(teams.length);
    const groupKey = new Map<string, number>();
    const pending: { team: number; members: number[] }[] = [];
    for (let o = 0; o < nO; o++) {
      if (!fights[o]) continue;
      for (let t = 0; t < teams.length; t++) {
        const members = teams[t]!.filter((m) => this.hostileM[o * nO + m] === 1);
        if (members.length === 0) continue;
        if (members.length < teams[t]!.length) teamOverlaps[t] = 1;
        const key = `${t}:${members.join(",")}`;
        let g = groupKey.get(key);
        if (g === undefined) {
          g = pending.length;
          groupKey.set(key, g);
          pending.push({ team: t, members });
          for (const m of members) this.oMemberOf[m]!.push(g);
        }
        this.oTargets[o]!.push(g);
      }
    }
    for (const p of pending) {
      const isMember = pool.uint8(nO);
      for (const m of p.members) isMember[m] = 1;
      // Casualty order (chapter 6 "Battle Aftermath"): lowest rank first across
      // the whole team, admirals after every Rank 5 starship; ties by unit id,
      // then the unit's own stack order (RULINGS.md, "Casualty order"). A stable
      // counting sort by rank of the members' entries.
      const byRank = pool.int32(ADMIRAL_RANK + 2);
      let size = 0;
      for (let u = 0; u < nU; u++) {
        if (!this.uPart[u] || !isMember[this.uOwner[u]!]) continue;
        for (let x = this.uFirst[u]!; x < this.uEnd[u]!; x++) {
          const k = this.eRank[x]! + 1;
          byRank[k] = byRank[k]! + 1;
        }
        size += this.uEnd[u]! - this.uFirst[u]!;
      }
      for (let r = 1; r <= ADMIRAL_RANK + 1; r++) byRank[r] = byRank[r]! + byRank[r - 1]!;
      const order = pool.int32(size);
      for (let u = 0; u < nU; u++) {
        if (!this.uPart[u] || !isMember[this.uOwner[u]!]) continue;
        for (let x = this.uFirst[u]!; x < this.uEnd[u]!; x++) {
          const r = this.eRank[x]!;
          order[byRank[r]!] = x;
          byRank[r] = byRank[r]! + 1;
        }
      }
      const last = size > 0 ? this.eUnit[order[size - 1]!]! : -1;
      this.groups.push({ order, len: size, ptr: 0, present: 0, defPresent: 0, lastUnit: last, scanWounded: false });
    }
    for (let g = 0; g < pending.length; g++) this.groups[g]!.scanWounded = teamOverlaps[pending[g]!.team] === 1;

    this.report = {
      kind: input.kind,
      where: input.where,
      units: [],
      siege: [],
      defence: null,
      rounds: [],
      wounded: [],
      holders: [],
    };
  }

  run(): BattleResult {
    const input = this.input;
    let anyFight = false;
    for (let u = 0; u < this.nU; u++) if (this.uPart[u]) anyFight = true;
    const defence = input.kind === "sector" ? input.defence : null;
    const damageBefore = defence ? defence.damage : 0;
    let defenceDamage = damageBefore;

    // --- Siege Damage Occurs ---------------------------------------------
    if (anyFight && defence && defence.level > 0) defenceDamage = this.siege(defence);
    if (defence && this.wantReport) {
      this.report.defence = { level: defence.level, damageBefore, damageAfter: defenceDamage };
    }

    // --- Units Commit to Defending Sector defences ------------------------
    const actual = defence ? defence.level - defenceDamage : 0;
    const row = defence && actual > 0 ? defenceLevel(actual, input.settings) : null;
    if (defence && row) {
      this.level = actual;
      this.capacity = row.capacity;
      this.combatBonus = row.combatBonus;
      this.hpBonus = Math.round(row.hitPointBonus * SCALE);
      for (let u = 0; u < this.nU; u++) {
        if (!this.uPart[u]) continue;
        const unit = this.units[u]!;
        // "Garrisons always defend of course"; a starfleet set to Defend Sector
        // defences, in a sector owned by it or an ally; the defence not ruined.
        if ((unit.kind === "garrison" || unit.defendDefences) && defence.protects.includes(unit.owner)) {
          this.uDefender[u] = 1;
          this.anyDefenders = true;
        }
      }
    }
    for (let u = 0; u < this.nU; u++) {
      const unit = this.units[u]!;
      // Chapter 6 "About Retreating": only starfleets retreat, never defenders.
      this.uMayRetreat[u] = this.uPart[u] && unit.kind === "starfleet" && unit.canRetreat && !this.uDefender[u] ? 1 : 0;
    }
    let nDef = 0;
    for (let e = 0; e < this.nE; e++) {
      const u = this.eUnit[e]!;
      this.uAlive[u] = this.uAlive[u]! + 1;
      this.uPresent[u] = this.uPresent[u]! + 1;
      const k = u * 7 + this.eRank[e]!;
      this.uAliveRank[k] = this.uAliveRank[k]! + 1;
      if (this.uDefender[u]) {
        this.eDefender[e] = 1;
        this.defenders[nDef++] = e;
      }
    }
    // Chapter 5 "Hit-points Bonus": "The maximum number of starships that gain the
    // Hit-points bonus per battle depends on the defence capacity ... each would
    // have a 30/50 chance" — drawn once, at the start.
    if (nDef > 0 && this.hpBonus > 0) {
      const chosen = this.chooseSubset(this.defenders, nDef, this.capacity);
      for (let i = 0; i < chosen; i++) {
        const x = this.scratch[i]!;
        this.eHpBonus[x] = 1;
        this.eHp[x] = this.eHp[x]! + this.hpBonus;
      }
    }
    for (const g of this.groups) {
      for (let i = 0; i < g.len; i++) {
        const x = g.order[i]!;
        g.present++;
        if (this.eDefender[x]) g.defPresent++;
      }
    }
    for (let e = 0; e < this.nE; e++) {
      const u = this.eUnit[e]!;
      this.uStartHits[u] = this.uStartHits[u]! + this.eHp[e]!;
    }
    if (this.wantReport) this.reportHeader();

    // --- Battle Rounds -----------------------------------------------------
    const maxRounds = this.input.maxRounds ?? DEFAULT_MAX_ROUNDS;
    let rounds = 0;
    if (this.fieldHostile()) {
      for (let r = 1; r <= maxRounds; r++) {
        rounds = r;
        const rr = this.wantReport ? this.newRoundReport(r) : null;
        this.fire(rr);
        if (this.endRound(r, rr, r === maxRounds)) break;
      }
    }

    // --- Battle Aftermath --------------------------------------------------
    return this.aftermath(rounds, defence ? defenceDamage : null);
  }

  // --- siege -----------------------------------------------------------------

  private siege(defence: NonNullable<BattleInput["defence"]>): number {
    let damage = Math.min(defence.level, Math.max(0, defence.damage));
    const protects = defence.protects;
    for (let u = 0; u < this.nU; u++) {
      if (!this.uPart[u]) continue;
      const unit = this.units[u]!;
      // "starships only attack enemy sector defences, and cause no damage to
      // neutral or allied sector defences".
      if (protects.includes(unit.owner)) continue;
      if (!protects.some((p) => this.input.hostile(unit.owner, p) || this.input.hostile(p, unit.owner))) continue;
      const leader = unit.leader === null ? undefined : unit.admirals.find((a) => a.id === unit.leader);
      const siegecraft = leader ? leader.siegecraft : 0;
      let attempts = 0;
      let hits = 0;
      for (const s of unit.ships) {
        const power = shipType(s.type).siege;
        if (power <= 0) continue;
        // "(Siege Power)+(Siege Power)*(Siegecraft)/200%": 30+30*42/200=36.3.
        const chance = siegeChance(power, siegecraft);
        for (let k = 0; k < s.count; k++) {
          attempts++;
          if (damage >= defence.level) continue; // ruined: nothing left to damage
          if (this.rng.chance(chance)) {
            damage++;
            hits++;
          }
        }
      }
      this.uSiegeHits[u] = hits;
      if (attempts > 0 && this.wantReport) this.report.siege.push({ unit: unit.id, attempts, hits });
    }
    return damage;
  }

  // --- one round of fire -----------------------------------------------------

  private fire(rr: RoundReport | null): void {
    const nE = this.nE;
    const nO = this.nO;
    const nS = this.nS;
    // Which defenders get the combat bonus this round: at most `capacity`, drawn
    // afresh each round (chapter 5 "Combat Bonus": "each would have a 12/20 chance").
    if (this.anyDefenders) {
      this.sBonus.fill(0, 0, nS);
      let nDef = 0;
      for (let i = 0; i < nE; i++) {
        this.eCombatBonus[i] = 0;
        const st = this.eState[i]!;
        if (this.eDefender[i] && (st === ALIVE || st === CASUALTY)) this.defenders[nDef++] = i;
      }
      const chosen = this.chooseSubset(this.defenders, nDef, this.capacity);
      for (let i = 0; i < chosen; i++) {
        const x = this.scratch[i]!;
        this.eCombatBonus[x] = 1;
        const k = this.eStack[x]!;
        this.sBonus[k] = this.sBonus[k]! + 1;
      }
    }
    // Chapter 6 "Admiral Modifier": the Number is 600 against defended starships;
    // "If only some enemy starships are defended ... the chance of gaining the
    // bigger number is 10/40". That fraction, per firing owner, from the enemy
    // starships on the field.
    for (let o = 0; o < nO; o++) {
      let all = 0;
      let def = 0;
      for (const g of this.oTargets[o]!) {
        const grp = this.groups[g]!;
        all += grp.present;
        def += grp.defPresent;
      }
      this.oFraction[o] = all > 0 ? def / all : 0;
    }
    const bonusFactor = 1 + this.combatBonus / 100;
    for (let s = 0; s < nS; s++) {
      // Casualties not yet taken still fire (chapter 6, "Determine Casualties").
      const shooters = this.sPresent[s]!;
      if (rr) this.sHits[s] = 0;
      if (shooters === 0) continue;
      const u = this.sUnit[s]!;
      const e0 = this.sFirst[s]!;
      const c = this.eCombat[e0]!;
      const attacks = this.eAttacks[e0]!;
      const tactics = this.uTactics[u]!;
      let plain: number;
      let boosted = 0;
      if (this.eDefender[e0]) {
        const base = c + (c * tactics) / 600;
        plain = Math.min(MAX_CHANCE, base);
        boosted = Math.min(MAX_CHANCE, base * bonusFactor);
      } else {
        const f = this.oFraction[this.uOwner[u]!]!;
        const p200 = Math.min(MAX_CHANCE, c + (c * tactics) / 200);
        // Each attack is an independent trial, so "which Number" and "does it hit"
        // fold into one draw with the mixed chance (RULINGS.md).
        plain = f > 0 ? f * Math.min(MAX_CHANCE, c + (c * tactics) / 600) + (1 - f) * p200 : p200;
      }
      const withBonus = this.sBonus[s]!;
      const stack = this.stackAttacks;
      stack.first = this.sFirst[s]!;
      stack.end = this.sEnd[s]!;
      stack.attacks = attacks;
      stack.plainCount = (shooters - withBonus) * attacks;
      stack.boostedCount = withBonus * attacks;
      stack.plain = plain;
      stack.boosted = boosted;
      // One question a stack, whatever the generator: the seeded one draws each kind's count at once.
      const hits = this.rng.successes(stack);
      if (rr) this.sHits[s] = hits;
      this.hits(u, hits);
    }
    if (rr) this.reportFire(rr);
  }

  /**
   * A stack's hits from unit `firer`, each to a team chosen by its size (chapter 4
   * note 6), then in casualty order. Against a single enemy team no draw picks the
   * team, so the hits pour into its casualty order together: the same starships
   * take the same damage as hit by hit ("the excess carries on to the next starship").
   */
  private hits(firer: number, hits: number): void {
    const targets = this.oTargets[this.uOwner[firer]!]!;
    if (targets.length === 0 || hits === 0) return;
    if (targets.length === 1) {
      this.damage(firer, this.groups[targets[0]!]!, hits * ONE_HIT);
      return;
    }
    for (let h = 0; h < hits; h++) this.damage(firer, this.pickTeam(targets), ONE_HIT);
  }

  /** The team one hit goes to, among several: chosen by their sizes. */
  private pickTeam(targets: number[]): Group {
    let total = 0;
    for (let i = 0; i < targets.length; i++) total += this.groups[targets[i]!]!.present;
    if (total === 0) return this.groups[targets[0]!]!;
    // "10/25 chance the independent will attack one of your starships, 15/25
    // chance of attacking the other invader".
    let x = this.rng.int(0, total - 1);
    for (let i = 0; ; i++) {
      const cand = this.groups[targets[i]!]!;
      if (x < cand.present || i === targets.length - 1) return cand;
      x -= cand.present;
    }
  }

  /** `damage` (scaled hit points) from unit `firer` into team g, in casualty order. */
  private damage(firer: number, g: Group, damage: number): void {
    let rem = damage;
    while (rem > 0) {
      const t = this.target(g);
      if (t < 0) {
        // Nothing left to absorb it: the report still books it to the unit last hit
        // ("Romulan Starfleet #20 suffered 6 damage" on 5.4 hit points).
        if (g.lastUnit >= 0) {
          this.uRound[g.lastUnit] = this.uRound[g.lastUnit]! + rem;
          this.uWasted[g.lastUnit] = this.uWasted[g.lastUnit]! + rem;
        }
        return;
      }
      const u = this.eUnit[t]!;
      g.lastUnit = u;
      const room = this.eHp[t]! - this.eDmg[t]!;
      if (room > rem) {
        this.eDmg[t] = this.eDmg[t]! + rem;
        this.uRound[u] = this.uRound[u]! + rem;
        return;
      }
      // Killed; the excess carries on to the next starship ("If a starship has 2.1
      // hit points, then it will take 3 hits to kill it (if there were 3 of them,
      // it would take 7 hits").
      this.eDmg[t] = this.eHp[t]!;
      this.uRound[u] = this.uRound[u]! + room;
      rem -= room;
      this.uKills[firer] = this.uKills[firer]! + 1;
      this.becomeCasualty(t);
    }
  }

  /** The starship the next damage goes to: a wounded one if any, else the front of the order. */
  private target(g: Group): number {
    const order = g.order;
    const len = g.len;
    let p = g.ptr;
    while (p < len && this.eState[order[p]!] !== ALIVE) p++;
    g.ptr = p;
    if (p >= len) return -1;
    if (g.scanWounded && this.eDmg[order[p]!] === 0) {
      for (let q = p + 1; q < len; q++) {
        const x = order[q]!;
        if (this.eState[x] === ALIVE && this.eDmg[x]! > 0) return x;
      }
    }
    return order[p]!;
  }

  /** Leaves the ALIVE state (killed, or gone with a retreat): no longer takes damage. */
  private leaveAlive(e: number, state: number): void {
    this.eState[e] = state;
    const u = this.eUnit[e]!;
    this.uAlive[u] = this.uAlive[u]! - 1;
    const k = u * 7 + this.eRank[e]!;
    this.uAliveRank[k] = this.uAliveRank[k]! - 1;
    if (state === GONE) this.leaveField(e);
  }

  /** Off the field (casualty taken, or retreated): no longer counted as a target. */
  private leaveField(e: number): void {
    const u = this.eUnit[e]!;
    this.uPresent[u] = this.uPresent[u]! - 1;
    const k = this.eStack[e]!;
    this.sPresent[k] = this.sPresent[k]! - 1;
    for (const g of this.oMemberOf[this.uOwner[this.eUnit[e]!]!]!) {
      const grp = this.groups[g]!;
      grp.present--;
      if (this.eDefender[e]) grp.defPresent--;
    }
  }

  private becomeCasualty(e: number): void {
    this.leaveAlive(e, CASUALTY);
    this.pending[this.nPending++] = e;
    // Chapter 5 "Defence Capacity": "The bonus transfers to other starships when
    // casualties occur" — to a surviving defender that lacks it.
    if (this.eHpBonus[e]) {
      let n = 0;
      for (let x = 0; x < this.nE; x++) {
        if (this.eDefender[x] && !this.eHpBonus[x] && this.eState[x] === ALIVE) this.scratch[n++] = x;
      }
      if (n > 0) {
        const x = this.scratch[n === 1 ? 0 : this.rng.int(0, n - 1)]!;
        this.eHpBonus[x] = 1;
        this.eHp[x] = this.eHp[x]! + this.hpBonus;
      }
    }
  }

  /** Picks min(k, n) of list[0..n) at random into scratch[0..k); returns how many. */
  private chooseSubset(list: Int32Array, n: number, k: number): number {
    for (let i = 0; i < n; i++) this.scratch[i] = list[i]!;
    if (n <= k) return n;
    for (let i = 0; i < k; i++) {
      const j = this.rng.int(i, n - 1);
      const t = this.scratch[i]!;
      this.scratch[i] = this.scratch[j]!;
      this.scratch[j] = t;
    }
    return k;
  }

  // --- end of round: casualties, retreats, end ---------------------------------

  /** Returns true when the battle is over. */
  private endRound(r: number, rr: RoundReport | null, lastAllowed: boolean): boolean {
    const nU = this.nU;
    for (let u = 0; u < nU; u++) {
      this.uPeriod[u] = this.uPeriod[u]! + this.uRound[u]!;
      this.uTotal[u] = this.uTotal[u]! + this.uRound[u]!;
    }
    if (rr) {
      for (let u = 0; u < nU; u++) {
        if (!this.onField(u)) continue;
        rr.status.push({
          unit: this.units[u]!.id,
          suffered: hitsOut(this.uRound[u]!),
          totalHits: hitsOut(this.uStartHits[u]!),
          totalDamage: hitsOut(this.uTotal[u]!),
        });
      }
    }
    this.uRound.fill(0);

    // Units Retreat (decided on this round's casualties; they leave after their
    // casualties are taken below).
    const memo = this.memo.fill(-1);
    const take = this.take.fill(0);
    let nRetreat = 0;
    for (let u = 0; u < nU; u++) if (this.onField(u) && this.wantsRetreat(u, memo)) this.retreating[nRetreat++] = u;
    for (let i = 0; i < nRetreat; i++) {
      const u = this.retreating[i]!;
      this.uRetreatedAt[u] = r;
      // "Your retreating starships will take the hits" (chapter 10).
      take[u] = 1;
    }

    // Determine Casualties: every second round, or at once for a force wiped out
    // ("This does not apply if a force is wiped out"), and at the battle's end.
    const casualtyRound = r % 2 === 0;
    let over = !this.fieldHostile() || lastAllowed;
    for (let u = 0; u < nU; u++) {
      if (!this.onField(u)) continue;
      if (casualtyRound || over || (this.uAlive[u] === 0 && this.teamWiped(u))) take[u] = 1;
    }
    if (rr) rr.casualtyRound = casualtyRound || over;
    for (let u = 0; u < nU; u++) if (take[u]) this.takeCasualties(u, rr);
    for (let i = 0; i < nRetreat; i++) {
      const u = this.retreating[i]!;
      for (let e = this.uFirst[u]!; e < this.uEnd[u]!; e++) if (this.eState[e] === ALIVE) this.leaveAlive(e, GONE);
      if (rr) rr.retreats.push({ unit: this.units[u]!.id, to: null });
    }
    if (!over) over = !this.fieldHostile();
    return over;
  }

  /** A fighting unit still on the field: not retreated, with a starship or admiral not yet removed. */
  private onField(u: number): boolean {
    return this.uPart[u] === 1 && this.uRetreatedAt[u] === 0 && this.uPresent[u]! > 0;
  }

  /** Every unit of u's team on the field has nothing left ALIVE. */
  private teamWiped(u: number): boolean {
    const team = this.uFirst[u]! < this.uEnd[u]! ? this.eTeam[this.uFirst[u]!]! : -1;
    for (let v = 0; v < this.nU; v++) {
      if (this.uAlive[v] === 0 || this.uRetreatedAt[v] !== 0 || !this.uPart[v]) continue;
      if (this.uFirst[v]! < this.uEnd[v]! && this.eTeam[this.uFirst[v]!] === team) return false;
    }
    return true;
  }

  /** Two owners at war, each with something alive on the field. */
  private fieldHostile(): boolean {
    const nO = this.nO;
    const alive = this.ownerAlive.fill(0);
    for (let u = 0; u < this.nU; u++) if (this.uPart[u] && this.uRetreatedAt[u] === 0 && this.uAlive[u]! > 0) alive[this.uOwner[u]!] = 1;
    for (let a = 0; a < nO; a++) {
      if (!alive[a]) continue;
      for (let b = a + 1; b < nO; b++) if (alive[b] && this.hostileM[a * nO + b]) return true;
    }
    return false;
  }

  /**
   * Chapter 6 "About Retreating": following takes precedence over the retreat
   * level; a unit retreats when every starship in its retreat rank and the ranks
   * before it is a casualty (or there are none); admirals retreat once their unit
   * has no starships (chapter 5, "Admirals").
   */
  private wantsRetreat(u: number, memo: Int8Array): boolean {
    const m = memo[u]!;
    if (m === 0 || m === 1) return m === 1;
    memo[u] = 2; // visiting
    let result: boolean;
    if (!this.uMayRetreat[u] || this.uAlive[u] === 0) {
      result = false;
    } else {
      let starships = 0;
      for (let r = 1; r <= 5; r++) starships += this.uAliveRank[u * 7 + r]!;
      const f = this.uFollow[u]!;
      if (starships === 0) {
        result = true;
      } else if (f >= 0 && memo[f] !== 2 && this.onField(f)) {
        result = this.wantsRetreat(f, memo);
      } else {
        const level = this.units[u]!.retreatLevel;
        let front = 0;
        for (let r = 1; r <= level; r++) front += this.uAliveRank[u * 7 + r]!;
        result = front === 0;
      }
    }
    memo[u] = result ? 1 : 0;
    return result;
  }

  private takeCasualties(u: number, rr: RoundReport | null): void {
    // This unit's casualties, out of the pending list.
    let m = 0;
    let keep = 0;
    for (let i = 0; i < this.nPending; i++) {
      const e = this.pending[i]!;
      if (this.eUnit[e] === u) this.taken[m++] = e;
      else this.pending[keep++] = e;
    }
    this.nPending = keep;
    const suffered = this.uPeriod[u]!;
    if (rr) {
      // Losses in casualty order (rank, then stack order), each with the damage
      // still to be dealt out after it ("is killed, 0 more Damage remains"); damage
      // that found no starship left to take it is dropped from the last line.
      const taken = this.taken;
      for (let i = 1; i < m; i++) {
        const x = taken[i]!;
        let j = i - 1;
        while (j >= 0 && (this.eRank[taken[j]!]! > this.eRank[x]! || (this.eRank[taken[j]!] === this.eRank[x] && taken[j]! > x))) {
          taken[j + 1] = taken[j]!;
          j--;
        }
        taken[j + 1] = x;
      }
      const losses: RoundReport["casualties"][number]["losses"] = [];
      let remaining = suffered;
      for (let i = 0; i < m; i++) {
        const e = taken[i]!;
        remaining -= this.eDmg[e]! - this.eMark[e]!;
        losses.push({ starship: this.nameOf(e), hits: hitsOut(this.eHp[e]!), killed: true, remaining: hitsOut(Math.max(0, remaining)) });
      }
      const last = losses[losses.length - 1];
      if (last) last.remaining = hitsOut(Math.max(0, remaining - this.uWasted[u]!));
      rr.casualties.push({ unit: this.units[u]!.id, suffered: hitsOut(suffered), losses });
      for (let e = this.uFirst[u]!; e < this.uEnd[u]!; e++) this.eMark[e] = this.eDmg[e]!;
    }
    for (let i = 0; i < m; i++) {
      const e = this.taken[i]!;
      this.eState[e] = REMOVED;
      this.leaveField(e);
      // "If you had several starships in the fifth rank, and the admiral is killed,
      // the remaining starships will act as though they have no admiral."
      if (e === this.uLeaderEntry[u]) this.uTactics[u] = 0;
    }
    this.uPeriod[u] = 0;
    this.uWasted[u] = 0;
  }

  // --- aftermath ------------------------------------------------------------------

  private aftermath(rounds: number, defenceDamage: number | null): BattleResult {
    const nU = this.nU;
    // "A starship that takes damage will have a chance of being destroyed at this
    // time. This is for both the victors and vanquished": damage/hit points.
    for (let e = 0; e < this.nE; e++) {
      const s = this.eState[e];
      if (s === REMOVED || this.eDmg[e] === 0) continue;
      if (s === CASUALTY) {
        this.eState[e] = REMOVED; // safety: every casualty is taken at the end
        continue;
      }
      const dmg = this.eDmg[e]!;
      const hp = this.eHp[e]!;
      const destroyed = this.rng.chance((100 * dmg) / hp);
      if (destroyed) this.eState[e] = REMOVED;
      if (this.wantReport) {
        this.report.wounded.push({
          unit: this.units[this.eUnit[e]!]!.id,
          starship: this.nameOf(e),
          damage: hitsOut(dmg),
          hits: hitsOut(hp),
          destroyed,
        });
      }
    }

    // Holders: owners with something left on the field.
    const holdSet = new Set<number>();
    for (let u = 0; u < nU; u++) {
      if (!this.uPart[u] || this.uRetreatedAt[u] !== 0) continue;
      for (let e = this.uFirst[u]!; e < this.uEnd[u]!; e++) {
        if (this.eState[e] !== REMOVED) {
          holdSet.add(this.uOwner[u]!);
          break;
        }
      }
    }
    const holders = [...holdSet].sort((a, b) => a - b).map((o) => this.owners[o]!);

    // Tactics Increase: "The more starships a unit destroys, the higher the tactics
    // increase for a admiral can be, but there is a random element as well."
    const tacticsGain: Record<string, number> = {};
    if (rounds > 0) {
      for (let u = 0; u < nU; u++) {
        const le = this.uLeaderEntry[u]!;
        if (le < 0 || this.uRetreatedAt[u] !== 0 || this.eState[le] === REMOVED || !holdSet.has(this.uOwner[u]!)) continue;
        const gain = this.rng.int(0, Math.min(10, 1 + this.uKills[u]!));
        if (gain > 0) tacticsGain[this.units[u]!.leader!] = gain;
      }
    }

    const outcomes: UnitOutcome[] = [];
    for (let u = 0; u < nU; u++) {
      const unit = this.units[u]!;
      const stackCounts = unit.ships.map((s) => (this.uPart[u] ? 0 : s.count));
      const lost: Record<StarshipTypeId, number> = {};
      const admiralsLost: string[] = [];
      const alive = unit.admirals.map(() => (this.uPart[u] ? 0 : 1));
      for (let e = this.uFirst[u]!; e < this.uEnd[u]!; e++) {
        const src = this.eSource[e]!;
        const dead = this.eState[e] === REMOVED;
        if (src >= 0) {
          if (!dead) stackCounts[src] = stackCounts[src]! + 1;
        } else if (dead) admiralsLost.push(unit.admirals[-1 - src]!.id);
        else alive[-1 - src] = 1;
      }
      const ships: UnitOutcome["ships"] = [];
      for (let si = 0; si < unit.ships.length; si++) {
        const s = unit.ships[si]!;
        const n = stackCounts[si]!;
        if (n < s.count) lost[s.type] = (lost[s.type] ?? 0) + s.count - Math.max(0, n);
        if (n <= 0) continue;
        const same = ships.find((x) => x.type === s.type && x.rank === s.rank);
        if (same) same.count += n;
        else ships.push({ type: s.type, rank: s.rank, count: n });
      }
      outcomes.push({
        id: unit.id,
        ships,
        stackCounts,
        admirals: unit.admirals.filter((_, i) => alive[i] === 1).map((a) => a.id),
        lost,
        admiralsLost,
        retreatedAfterRound: this.uRetreatedAt[u] === 0 ? null : this.uRetreatedAt[u]!,
        siegeHits: this.uSiegeHits[u]!,
        kills: this.uKills[u]!,
        fought: this.uPart[u] === 1,
      });
    }
    this.report.holders = holders;
    return { rounds, units: outcomes, holders, defenceDamage, tacticsGain, report: this.report };
  }

  // --- report building ----------------------------------------------------------

  /** "Hawk Heavy Cruiser", or "General Martok's corvette" (chapter 5, "Admirals": "the admiral's personal corvette"). */
  private nameOf(e: number): string {
    const unit = this.units[this.eUnit[e]!]!;
    const src = this.eSource[e]!;
    return src >= 0 ? shipType(unit.ships[src]!.type).name : `${unit.admirals[-1 - src]!.name}'s corvette`;
  }

  private reportHeader(): void {
    for (let u = 0; u < this.nU; u++) {
      if (!this.uPart[u]) continue;
      const unit = this.units[u]!;
      let combat = 0;
      for (let e = this.uFirst[u]!; e < this.uEnd[u]!; e++) combat += this.eAttacks[e]! * this.eCombat[e]!;
      const mods: string[] = [];
      const leader = unit.leader === null ? undefined : unit.admirals.find((a) => a.id === unit.leader);
      if (leader) mods.push(`led by ${leader.name} (tactics ${leader.tactics})`);
      if (this.uDefender[u]) mods.push(`defending level ${this.level} defences`);
      this.report.units.push({
        id: unit.id,
        name: unit.name,
        owner: unit.owner,
        ownerName: unit.ownerName ?? defaultOwnerName(unit.owner),
        kind: unit.kind,
        modifiers: mods.join(", "),
        totalCombat: round(combat, 1),
        totalHits: hitsOut(this.uStartHits[u]!),
      });
      // Fire lines: one per starship type, one per admiral.
      const lines: Line[] = [];
      const byType = new Map<string, Line>();
      for (let k = 0; k < this.nS; k++) {
        if (this.sUnit[k] !== u) continue;
        const e = this.sFirst[k]!;
        const src = this.eSource[e]!;
        if (src >= 0) {
          const type = unit.ships[src]!.type;
          let line = byType.get(type);
          if (!line) {
            line = { label: this.nameOf(e), stacks: [] };
            byType.set(type, line);
            lines.push(line);
          }
          line.stacks.push(k);
        } else lines.push({ label: this.nameOf(e), stacks: [k] });
      }
      this.unitLines[u] = lines;
    }
  }

  private newRoundReport(r: number): RoundReport {
    const rr: RoundReport = { round: r, fire: [], status: [], casualtyRound: false, casualties: [], retreats: [] };
    this.report.rounds.push(rr);
    return rr;
  }

  private reportFire(rr: RoundReport): void {
    for (let u = 0; u < this.nU; u++) {
      if (!this.onField(u)) continue;
      const lines: { count: number; starship: string; damage: number }[] = [];
      for (const line of this.unitLines[u] ?? []) {
        let count = 0;
        let damage = 0;
        for (const k of line.stacks) {
          count += this.sPresent[k]!;
          damage += this.sHits[k]!;
        }
        if (count > 0) lines.push({ count, starship: line.label, damage });
      }
      rr.fire.push({ unit: this.units[u]!.id, retreatLevel: this.units[u]!.retreatLevel, lines });
    }
  }
}

/** An owner's printed name when the battle is not given one: its id, capitalised ("romulan" -> "Romulan"). */
export function defaultOwnerName(owner: EmpireId): string {
  return owner.length === 0 ? owner : owner[0]!.toUpperCase() + owner.slice(1);
}

/** Chapter 6 "Siege Damage Occurs": (Siege Power)+(Siege Power)*(Siegecraft)/200. */
export function siegeChance(power: number, siegecraft: number): number {
  return power + (power * siegecraft) / 200;
}

/**
 * Chance per attack, chapter 6 "Causing Damage": (Combat+Admiral), times the sector
 * defence modifier for a defended starship, at most 99. `number` is the Admiral
 * Modifier's 200 or 600.
 */
export function attackChance(combat: number, tactics: number, number: 200 | 600, defenceBonusPercent = 0): number {
  const base = combat + (combat * tactics) / number;
  return Math.min(MAX_CHANCE, base * (1 + defenceBonusPercent / 100));
}

/**
 * Fights one battle. `arrays`: typed arrays kept from earlier battles, for a caller that fights
 * many in a row (the odds); the result is the same with or without them.
 */
export function fightBattle(input: BattleInput, rng: Rng, arrays?: BattleArrays): BattleResult {
  const pool = arrays && !arrays.busy ? arrays.reset() : new BattleArrays();
  pool.busy = true;
  try {
    return new Battle(input, rng, pool).run();
  } finally {
    // Frees the arrays, also when the input was bad (an unknown starship type).
    pool.busy = false;
  }
}
