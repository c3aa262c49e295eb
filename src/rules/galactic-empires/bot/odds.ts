/**
 * Battle odds as a bot sees them: the very battle code of the adjudicator
 * (battle.ts `fightBattle`, chapter 6) run a few times on the bot's own estimate
 * of an attack - its own starships as they will be ranked, and the defenders it
 * can see, with the ranks and admirals it cannot see guessed (rulings-bots.md,
 * "Battle odds before an attack").
 */
import type { Rng } from "../../../core/rng.js";
import { type BattleAdmiral, BattleArrays, type BattleUnit, fightBattle } from "../battle.js";
import { shipType, totalCombatOf } from "../catalog.js";
import { type EmpireId, INDEPENDENT, type Rank, type SectorId } from "../model.js";
import type { ForeignUnitView } from "../view.js";
import { conquestOf, type Knowledge, type ShipCount } from "./knowledge.js";

/** One of our attacking groups: starships in the ranks they will hold, and its admirals. */
export interface Attacker {
  id: string;
  ships: { type: string; rank: Rank; count: number }[];
  admirals: BattleAdmiral[];
  leader: string | null;
}

/** An unknown foreign admiral: the middle of a hired admiral's range (economy.ts `rollAdmiral`). */
const GUESSED_ADMIRAL = { tactics: 25, siegecraft: 25, combat: 12, hits: 1.2 } as const;

/**
 * Ranks we cannot see are guessed the way chapter 9 advises ("Put Your Worst
 * Starships Up Front"): types by total combat per starship, weakest in rank 1,
 * strongest in rank 5.
 */
export function rankByCombat(types: readonly string[]): Map<string, Rank> {
  const sorted = [...new Set(types)].sort(
    (a, b) => totalCombatOf(shipType(a)) - totalCombatOf(shipType(b)) || shipType(a).build - shipType(b).build || (a < b ? -1 : 1),
  );
  const out = new Map<string, Rank>();
  const n = sorted.length;
  sorted.forEach((t, i) => {
    out.set(t, (n <= 1 ? 1 : 1 + Math.round((i * 4) / (n - 1))) as Rank);
  });
  return out;
}

function defenderUnit(u: ForeignUnitView): BattleUnit {
  const ranks = rankByCombat(u.ships.map((s) => s.type));
  const admirals: BattleAdmiral[] = [];
  for (let i = 0; i < u.admirals; i++) admirals.push({ id: `${u.id}-adm${i}`, name: "Admiral", ...GUESSED_ADMIRAL });
  return {
    id: u.id,
    name: u.name,
    owner: u.owner,
    kind: u.kind,
    ships: u.ships.map((s) => ({ type: s.type, rank: ranks.get(s.type) ?? 1, count: s.count })),
    admirals,
    leader: admirals[0]?.id ?? null,
    retreatLevel: 5,
    follow: null,
    defendDefences: true,
    canRetreat: u.kind === "starfleet",
  };
}

export interface Odds {
  /** Share of runs in which we alone hold the field. */
  win: number;
  /** Share of runs in which we hold the field with enough combat left to take the sector. */
  capture: number;
}

/**
 * Fight the attack on `target` `runs` times. Foreign empires' relations with each
 * other are not known to us: they are taken as not hostile, except independents,
 * who fight every intruder without their permission.
 */
export function attackOdds(k: Knowledge, attackers: readonly Attacker[], target: SectorId, rng: Rng, runs: number): Odds {
  const s = k.sector(target);
  const defenders = k.hostilesIn(target);
  if (!s) return { win: 0, capture: 0 };
  const me = k.me;
  const hostile = (a: EmpireId, b: EmpireId): boolean => {
    if (a === b) return false;
    if (a === me || b === me) {
      const other = a === me ? b : a;
      return other === INDEPENDENT || k.atWar(other);
    }
    return a === INDEPENDENT || b === INDEPENDENT;
  };
  const friendly = (a: EmpireId, b: EmpireId): boolean =>
    a === b || ((a === me || b === me) && k.relation(a === me ? b : a) === "alliance");
  const units: BattleUnit[] = [
    ...attackers.map(
      (a): BattleUnit => ({
        id: a.id,
        name: a.id,
        owner: me,
        kind: "starfleet",
        ships: a.ships.filter((x) => x.count > 0),
        admirals: a.admirals,
        leader: a.leader,
        retreatLevel: 5,
        follow: null,
        defendDefences: false,
        canRetreat: true,
      }),
    ),
    ...defenders.map(defenderUnit),
  ];
  const ownIds = new Set(attackers.map((a) => a.id));
  let win = 0;
  let capture = 0;
  const arrays = new BattleArrays();
  for (let i = 0; i < runs; i++) {
    const r = fightBattle(
      {
        kind: "sector",
        where: s.name,
        sector: s.id,
        units,
        hostile,
        friendly,
        defence: s.defenceLevel > 0 ? { level: s.defenceLevel, damage: s.defenceDamage ?? 0, protects: [s.owner] } : null,
        settings: k.settings,
        report: false,
      },
      rng,
      arrays,
    );
    if (!(r.holders.length === 1 && r.holders[0] === me)) continue;
    win++;
    const left: ShipCount[] = [];
    let admiralCombat = 0;
    for (const o of r.units) {
      if (!ownIds.has(o.id) || o.retreatedAfterRound !== null) continue;
      for (const x of o.ships) left.push({ type: x.type, count: x.count });
      const a = attackers.find((y) => y.id === o.id);
      for (const id of o.admirals) admiralCombat += a?.admirals.find((y) => y.id === id)?.combat ?? 0;
    }
    if (conquestOf(left, k.settings) + admiralCombat >= 10) capture++;
  }
  return { win: win / runs, capture: capture / runs };
}
