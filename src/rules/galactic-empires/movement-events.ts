/**
 * Movement Events, seed 003 chapter 4: phases repeat while any unit has orders
 * left to carry out, then one extra phase (chapter 4, "Movement Events Repeat").
 * Each phase runs the steps of chapter 9's list, in order:
 *
 *   1 Transfers Happen, 2 Starfleets Travel, 3 Defend Sector defences Option
 *   Changed, 4 Starfleet Cloaking Changed, 5 Searches Happen, 6 Cross-border
 *   Battles Are Fought, 7 Space Battles are Fought, 8 Sector Ownership Changes,
 *   9 Sectors are Pillaged, 10 Movement Events Repeat.
 *
 * Travel, queues and cloaking are in movement.ts, searches in searches.ts,
 * ownership in ownership.ts, pillage in pillage.ts; the battles (steps 6 and 7),
 * which call battle.ts's fightBattle, are here.
 */
import { own } from "../../core/ids.js";
import { type BattleInput, type BattleResult, type BattleUnit, fightBattle } from "./battle.js";
import { shipType } from "./catalog.js";
import { byUnitId, type TurnContext } from "./context.js";
import { admiralLabel, compareUnitIds, type EmpireId, INDEPENDENT, type Rank, type SectorId, type Unit, type UnitId } from "./model.js";
import {
  buildMovementRun,
  cloakingChanged,
  defendOptionChanged,
  dropMovement,
  hasQueuedOrders,
  type MovementRun,
  sectorLabel,
  starfleetsTravel,
  type Travel,
  unitsBySector,
} from "./movement.js";
import { sectorOwnershipChanges } from "./ownership.js";
import { sectorsArePillaged } from "./pillage.js";
import type { Subject } from "./preview.js";
import { searchesHappen } from "./searches.js";
import { runTransfers } from "./transfers.js";

export function runMovementEvents(ctx: TurnContext): void {
  const run = buildMovementRun(ctx);
  const maxPhases = Math.max(1, ctx.state.settings.maxPhases);
  for (let phase = 1; ; phase++) {
    // The extra phase: nobody has orders left (chapter 4: "When there are no more
    // units that can move, then there is 1 more extra Phase"). With no orders at
    // all, phase 1 is that phase: battles still happen wherever enemies meet.
    const extra = !hasQueuedOrders(run);
    ctx.phase = phase;
    runPhase(ctx, run);
    if (extra) break;
    if (phase >= maxPhases) {
      ctx.step = "Movement Events Repeat";
      for (const q of run.queues.values()) {
        for (const io of q) {
          ctx.fail(io, "phase-limit", `movement stopped after ${maxPhases} phases (the game's phase limit) before this order was reached`);
        }
        q.length = 0;
      }
      break;
    }
  }
  finishMovement(ctx, run);
}

function runPhase(ctx: TurnContext, run: MovementRun): void {
  const steps: [string, () => void][] = [
    ["Transfers Happen", () => runTransfers(ctx)],
    ["Starfleets Travel", () => starfleetsTravel(ctx, run)],
    ["Defend Sector defences Option Changed", () => defendOptionChanged(ctx, run)],
    ["Starfleet Cloaking Changed", () => cloakingChanged(ctx, run)],
    ["Searches Happen", () => searchesHappen(ctx, run)],
    ["Cross-border Battles Are Fought", () => crossBorderBattles(ctx, run)],
    ["Space Battles are Fought", () => sectorBattles(ctx, run)],
    ["Sector Ownership Changes", () => sectorOwnershipChanges(ctx)],
    ["Sectors are Pillaged", () => sectorsArePillaged(ctx, run)],
  ];
  for (const [name, step] of steps) {
    ctx.step = name;
    // The check: a step says what its lines are about where it knows; what it leaves unsaid is in doubt (preview.ts).
    ctx.about = null;
    step();
  }
  ctx.about = null;
  ctx.step = "Movement Events Repeat";
}

/** After the last phase: transfers that never met, searches never made, tactics gains. */
function finishMovement(ctx: TurnContext, run: MovementRun): void {
  ctx.step = "Movement Events Repeat";
  for (const io of ctx.pendingTransfers) {
    const o = io.order as { from?: string; admiral?: string; to?: string };
    ctx.fail(
      io,
      "never-met",
      `${o.from ?? o.admiral ?? "the sender"} and ${o.to ?? "the receiver"} were never in the same place, both uncloaked, in any phase, so the transfer did not happen (chapter 5, "Transferring")`,
    );
  }
  ctx.pendingTransfers = [];
  for (const [id, io] of [...run.searchers].sort((a, b) => compareUnitIds(a[0], b[0]))) {
    if (run.searched.has(id)) continue;
    if (io.empire === INDEPENDENT) {
      ctx.fail(io, "did-not-search", `independents never search (chapter 5, "Cloaking")`);
      continue;
    }
    const unit = own(ctx.state.units, id);
    const why =
      !unit || unit.owner !== io.empire
        ? `${id} no longer exists or is no longer yours`
        : `${id} travelled in phase 1, and a unit that moves cannot search`;
    ctx.fail(io, "did-not-search", `${why} (FAQ: "Search takes up a whole turn")`);
  }
  // Chapter 6, "Battle Aftermath": "Tactics can only increase 1 time per turn. For
  // multiple battles, the battle with the greatest increase in Tactics will be used".
  for (const id of [...ctx.tacticsGain.keys()].sort()) {
    const a = own(ctx.state.admirals, id);
    const gain = ctx.tacticsGain.get(id) ?? 0;
    if (!a || gain <= 0) continue;
    const before = a.tactics;
    a.tactics = Math.min(100, a.tactics + gain);
    if (a.tactics !== before) ctx.message([a.owner], `${admiralLabel(a)} gained ${a.tactics - before} Starship Tactics (now ${a.tactics})`);
  }
  ctx.phase = 0;
}

// --- battles ---------------------------------------------------------------------

/** Units with something to fight with: starships or admirals. */
function armed(ctx: TurnContext, u: Unit): boolean {
  return ctx.starshipCount(u) > 0 || u.admirals.length > 0;
}

function battleUnit(ctx: TurnContext, u: Unit, canRetreat: boolean): BattleUnit {
  const merged = new Map<string, { type: string; rank: Rank; count: number }>();
  for (const s of u.ships) {
    if (s.count <= 0) continue;
    const key = `${s.rank}|${s.type}`;
    const m = merged.get(key);
    if (m) m.count += s.count;
    else merged.set(key, { type: s.type, rank: s.rank, count: s.count });
  }
  return {
    id: u.id,
    name: u.name,
    owner: u.owner,
    kind: u.kind,
    ships: [...merged.values()],
    admirals: u.admirals.flatMap((id) => {
      const a = own(ctx.state.admirals, id);
      return a ? [{ id: a.id, name: a.name, tactics: a.tactics, siegecraft: a.siegecraft, combat: a.combat, hits: a.hits }] : [];
    }),
    leader: u.leader,
    retreatLevel: u.retreatLevel,
    follow: u.follow,
    defendDefences: u.kind === "garrison" ? true : u.defendDefences,
    canRetreat: u.kind === "starfleet" && canRetreat,
  };
}

/**
 * Units by sector kept up to date through a step (sectorBattles): a snapshot plus
 * the units that arrived since; a unit that left or was removed is skipped by a
 * look-up. Saves a scan of every unit per retreat check (issue 3, speed).
 */
type SectorIndex = Map<SectorId, Unit[]>;

/** Enemy starships visible in a sector, for `empire`'s retreat (cloaked units are not seen). */
function enemyStarshipsIn(ctx: TurnContext, empire: EmpireId, sector: SectorId, index?: SectorIndex): boolean {
  const units = index
    ? (index.get(sector) ?? []).filter((u) => own(ctx.state.units, u.id) === u && u.sector === sector)
    : ctx.unitsIn(sector);
  return units.some((u) => !u.cloaked && ctx.starshipCount(u) > 0 && ctx.hostileIn(empire, u.owner, sector));
}

function retreatOk(ctx: TurnContext, unit: Unit, from: SectorId, to: SectorId, index?: SectorIndex): boolean {
  return to !== from && ctx.connected(from, to) && ctx.hasPermission(unit.owner, to) && !enemyStarshipsIn(ctx, unit.owner, to, index);
}

/**
 * Chapter 4 "Battles Are Fought" note 3 and chapter 6 "About Retreating": a unit
 * retreats to "the sector that the starfleet moved from, unless this sector has
 * enemy starships in it. In this case, the starfleet will retreat to any available
 * sector": one it has Permission for, with no enemy starships - the lowest-numbered
 * such neighbour (RULINGS, "Retreat destination"). The FAQ: if the sector it came
 * from was taken "in the first phase ... you will not be able to retreat to it".
 */
export function retreatDestination(ctx: TurnContext, unit: Unit, from: SectorId, index?: SectorIndex): SectorId | null {
  if (unit.kind !== "starfleet") return null;
  const came = ctx.cameFrom.get(unit.id);
  if (came !== undefined && retreatOk(ctx, unit, from, came, index)) return came;
  for (const n of ctx.neighbours(from)) if (retreatOk(ctx, unit, from, n, index)) return n;
  return null;
}

/** `places`: every sector a unit of the battle may end in (its own, retreat destinations): its dice reach them. */
function fight(ctx: TurnContext, input: BattleInput, places: readonly SectorId[]): BattleResult {
  // The check: the battle's odds from simulated battles, and whatever follows depends on its dice.
  const odds = ctx.preview?.battleOdds(input) ?? null;
  const at = ctx.events.length;
  // Its dice touch the units in it, their owners' treasuries and the sector; whether it is fought at all
  // hangs on what was in doubt about them before.
  const present: Subject[] = input.units.map((u): Subject => `unit:${u.id}`);
  if (input.sector !== null) present.push(`sector:${input.sector}`);
  const before = ctx.doubtAbout(present);
  const subjects: Subject[] = [...present, ...input.units.map((u): Subject => `empire:${u.owner}`)];
  for (const s of places) subjects.push(`sector:${s}`, `empire:${ctx.sector(s)?.owner ?? INDEPENDENT}`);
  ctx.uncertain(`the battle at ${input.where}`, subjects);
  const result = fightBattle(input, ctx.rng, ctx.battleArrays);
  ctx.preview?.battleAt.set(result.report, at);
  ctx.preview?.battleDoubt.set(result.report, before);
  if (odds !== null) ctx.preview?.odds.set(result.report, odds);
  return result;
}

/**
 * Write a battle's outcome back: losses (ledger), dead admirals, siegecraft and
 * tactics gains. Returns the ids of units that retreated.
 */
function applyBattle(ctx: TurnContext, units: Unit[], result: BattleResult): Set<UnitId> {
  const retreated = new Set<UnitId>();
  const byId = new Map(units.map((u) => [u.id, u]));
  for (const out of [...result.units].sort((a, b) => compareUnitIds(a.id, b.id))) {
    const unit = byId.get(out.id);
    if (!unit) continue;
    applyLosses(ctx, unit, out.ships, result);
    for (const adm of out.admiralsLost) {
      const a = own(ctx.state.admirals, adm);
      unit.admirals = unit.admirals.filter((x) => x !== adm);
      if (unit.leader === adm) unit.leader = null;
      delete ctx.state.admirals[adm];
      ctx.message([unit.owner], `${a ? admiralLabel(a) : adm} of ${unit.id} was killed in the battle at ${result.report.where}`);
    }
    // Chapter 6, "Siege Damage Occurs": successful siege "will improve the Siegecraft of
    // the unit leader (Siegecraft can only be improved 1 time per turn)" (RULINGS: +1 to +3).
    if (out.siegeHits > 0 && unit.leader && !ctx.siegecraftRaised.has(unit.leader)) {
      const a = own(ctx.state.admirals, unit.leader);
      if (a) {
        ctx.siegecraftRaised.add(a.id);
        const before = a.siegecraft;
        a.siegecraft = Math.min(100, a.siegecraft + ctx.rng.int(1, 3));
        if (a.siegecraft !== before)
          ctx.message([a.owner], `${admiralLabel(a)} gained ${a.siegecraft - before} Siegecraft (now ${a.siegecraft})`);
      }
    }
    if (out.retreatedAfterRound !== null) retreated.add(unit.id);
  }
  for (const [adm, gain] of Object.entries(result.tacticsGain).sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (gain > (ctx.tacticsGain.get(adm) ?? 0)) ctx.tacticsGain.set(adm, gain);
  }
  return retreated;
}

/**
 * The battle event, for every empire with units in it, once retreat destinations
 * (which the battle itself does not know) are written into the report.
 */
function reportBattle(ctx: TurnContext, units: Unit[], result: BattleResult, destinations: Map<UnitId, SectorId>): void {
  for (const round of result.report.rounds) {
    for (const r of round.retreats) {
      const to = destinations.get(r.unit);
      if (to !== undefined) r.to = sectorLabel(ctx.sector(to), to);
    }
  }
  const to = [...new Set(units.map((u) => u.owner))].filter((e) => e !== INDEPENDENT).sort();
  if (to.length > 0) ctx.events.push({ kind: "battle", to, step: ctx.stepLabel(), report: result.report });
}

/** Set the unit's starships to the battle's survivors; record each loss in the ledger. */
function applyLosses(ctx: TurnContext, unit: Unit, after: { type: string; rank: Rank; count: number }[], result: BattleResult): void {
  const left = new Map<string, number>();
  for (const s of after) left.set(`${s.rank}|${s.type}`, (left.get(`${s.rank}|${s.type}`) ?? 0) + s.count);
  const lostByType = new Map<string, number>();
  // Remove from the stacks with most move points used first (they carry the least movement).
  const stacks = [...unit.ships].sort((a, b) => b.used - a.used);
  const have = new Map<string, number>();
  for (const s of stacks) have.set(`${s.rank}|${s.type}`, (have.get(`${s.rank}|${s.type}`) ?? 0) + s.count);
  for (const [key, n] of have) {
    let excess = n - Math.min(n, left.get(key) ?? 0);
    for (const s of stacks) {
      if (excess <= 0) break;
      if (`${s.rank}|${s.type}` !== key) continue;
      const k = Math.min(s.count, excess);
      s.count -= k;
      excess -= k;
      lostByType.set(s.type, (lostByType.get(s.type) ?? 0) + k);
    }
  }
  unit.ships = unit.ships.filter((s) => s.count > 0);
  for (const [type, lost] of [...lostByType].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const name = shipType(type).name;
    const aftermath = Math.min(
      lost,
      result.report.wounded.filter((w) => w.unit === unit.id && w.destroyed && (w.starship === type || w.starship === name)).length,
    );
    ctx.ledger(unit, type, -(lost - aftermath), "battle");
    ctx.ledger(unit, type, -aftermath, "aftermath");
  }
  const total = [...lostByType.values()].reduce((a, b) => a + b, 0);
  if (total > 0)
    ctx.message([unit.owner], `${unit.id} lost ${total} starship${total === 1 ? "" : "s"} in the battle at ${result.report.where}`);
}

/** A starfleet with neither starships nor admirals left is gone. */
function removeIfEmpty(ctx: TurnContext, unit: Unit): boolean {
  if (unit.kind !== "starfleet" || armed(ctx, unit)) return false;
  // Its queued orders fail when they come up (movement.ts, liveUnit).
  delete ctx.state.units[unit.id];
  ctx.message([unit.owner], `${unit.id} was wiped out`);
  return true;
}

/** Chapter 6, "About Retreating": 0 move points, no more movement, construction cancelled. */
function markRetreated(ctx: TurnContext, run: MovementRun, unit: Unit, from: SectorId, to: SectorId): void {
  // The check: whether it retreats there is chance, so what happens there is too.
  ctx.preview?.spread(`unit:${unit.id}`, [`sector:${to}`], ctx.events.length);
  unit.sector = to;
  ctx.retreated.add(unit.id);
  ctx.moved.add(unit.id);
  ctx.cameFrom.set(unit.id, from);
  ctx.exhaust(unit);
  dropMovement(
    ctx,
    run,
    unit.id,
    "retreated",
    `${unit.id} retreated from a battle, so it has 0 move points for the rest of the turn (chapter 6, "About Retreating")`,
  );
}

/**
 * Chapter 4, "Cross-border Battles Are Fought": enemy starfleets that crossed the
 * same border in opposite directions in this phase fight on the border, without
 * sector defences or garrisons. "if a unit retreats, it will go back to where it
 * was before it attempted to move"; "As for the loser, his starfleet will not be
 * able to successfully complete its ordered move." Winners go on. No move cost
 * (chapter 5, "Move-points": "there is no move cost for a cross-border battle").
 */
export function crossBorderBattles(ctx: TurnContext, run: MovementRun): void {
  const borders = new Map<string, Travel[]>();
  for (const t of run.travels.values()) {
    const u = own(ctx.state.units, t.unit);
    if (!u || u.cloaked || !armed(ctx, u)) continue;
    const key = t.from < t.to ? `${t.from}|${t.to}` : `${t.to}|${t.from}`;
    const list = borders.get(key) ?? [];
    list.push(t);
    borders.set(key, list);
  }
  const keys = [...borders.keys()].sort((a, b) => {
    const [a1, a2] = a.split("|").map(Number) as [number, number];
    const [b1, b2] = b.split("|").map(Number) as [number, number];
    return a1 - b1 || a2 - b2;
  });
  for (const key of keys) {
    const list = borders.get(key) ?? [];
    const unitOf = (t: Travel) => own(ctx.state.units, t.unit) as Unit;
    // Only units with an enemy coming the other way take part.
    const fighting = list.filter((t) => list.some((o) => o.from === t.to && ctx.atWar(unitOf(t).owner, unitOf(o).owner)));
    if (fighting.length === 0) continue;
    fighting.sort((a, b) => compareUnitIds(a.unit, b.unit));
    const [lo, hi] = key.split("|").map(Number) as [number, number];
    const where = `the border of ${sectorLabel(ctx.sector(lo), lo)} and ${sectorLabel(ctx.sector(hi), hi)}`;
    const units = fighting.map(unitOf);
    const result = fight(
      ctx,
      {
        kind: "cross-border",
        where,
        sector: null,
        units: units.map((u) => battleUnit(ctx, u, true)),
        hostile: (a, b) => ctx.atWar(a, b),
        friendly: (a, b) => ctx.friendly(a, b),
        defence: null,
        settings: ctx.state.settings,
      },
      [lo, hi],
    );
    const retreated = applyBattle(ctx, units, result);
    reportBattle(ctx, units, result, new Map(fighting.filter((t) => retreated.has(t.unit)).map((t) => [t.unit, t.from])));
    for (const t of fighting) {
      const u = unitOf(t);
      const gone = removeIfEmpty(ctx, u);
      if (gone || retreated.has(u.id)) {
        ctx.fail(
          t.io,
          "lost-border-battle",
          `${u.id} lost the cross-border battle on ${where}${gone ? " and was destroyed" : ` and fell back to ${sectorLabel(ctx.sector(t.from), t.from)}`}`,
        );
      }
      if (gone) continue;
      if (retreated.has(u.id)) {
        markRetreated(ctx, run, u, t.to, t.from);
        // It never got into the sector: where it came from before this move still counts.
        if (t.previousCameFrom === undefined) ctx.cameFrom.delete(u.id);
        else ctx.cameFrom.set(u.id, t.previousCameFrom);
      }
    }
  }
}

/**
 * Chapter 4, "Battles Are Fought" (chapter 9: "Space Battles are Fought"): in every
 * sector where units of owners hostile to each other meet, not cloaked, one battle
 * with every unit that has an enemy there (neutral units watch, note 1). The
 * sector defence protects the sector's owner at the end of the previous phase
 * and his allies (chapter 6, "Sector defence Modifier") - ownership only changes
 * in the step after this one, so that is the owner now.
 */
export function sectorBattles(ctx: TurnContext, run: MovementRun): void {
  const bySector = unitsBySector(ctx);
  for (const s of ctx.state.sectors) {
    const here = (bySector.get(s.id) ?? [])
      .filter((u) => own(ctx.state.units, u.id) === u && u.sector === s.id && !u.cloaked && armed(ctx, u))
      .sort(byUnitId);
    const units = here.filter((u) => here.some((v) => ctx.hostileIn(u.owner, v.owner, s.id)));
    if (units.length === 0) continue;
    units.sort(byUnitId);
    // Decide where each would retreat to before the battle (BattleUnit.canRetreat).
    const dest = new Map<UnitId, SectorId | null>(units.map((u) => [u.id, retreatDestination(ctx, u, s.id, bySector)]));
    const protects =
      s.owner === INDEPENDENT
        ? [INDEPENDENT]
        : Object.keys(ctx.state.empires)
            .filter((e) => ctx.friendly(s.owner, e))
            .sort();
    const where = sectorLabel(s, s.id);
    const result = fight(
      ctx,
      {
        kind: "sector",
        where,
        sector: s.id,
        units: units.map((u) => battleUnit(ctx, u, dest.get(u.id) !== null)),
        hostile: (a, b) => ctx.hostileIn(a, b, s.id),
        friendly: (a, b) => ctx.friendly(a, b),
        defence: s.defence.level > 0 ? { level: s.defence.level, damage: s.defence.damage, protects } : null,
        settings: ctx.state.settings,
      },
      [s.id, ...[...dest.values()].filter((d): d is SectorId => d !== null)],
    );
    ctx.battles.set(s.id, (ctx.battles.get(s.id) ?? 0) + 1);
    if (result.defenceDamage !== null && s.defence.level > 0) {
      s.defence.damage = Math.max(0, Math.min(s.defence.level, result.defenceDamage));
    }
    const retreated = applyBattle(ctx, units, result);
    // Where each retreating unit goes: after its leader if it follows one that retreated
    // and may go there too, else its own destination.
    const goesTo = new Map<UnitId, SectorId>();
    for (const u of units) {
      if (!retreated.has(u.id)) continue;
      const own = dest.get(u.id) ?? null;
      const leaderTo = u.follow && retreated.has(u.follow) ? dest.get(u.follow) : null;
      const to = leaderTo != null && retreatOk(ctx, u, s.id, leaderTo, bySector) ? leaderTo : own;
      if (to !== null) goesTo.set(u.id, to);
    }
    reportBattle(ctx, units, result, goesTo);
    for (const u of units) {
      if (removeIfEmpty(ctx, u)) continue;
      const to = goesTo.get(u.id);
      if (to !== undefined) {
        markRetreated(ctx, run, u, s.id, to);
        // A sector later in this step sees it there.
        bySector.set(to, [...(bySector.get(to) ?? []), u]);
        ctx.message([u.owner], `${u.id} retreated from ${where} to ${sectorLabel(ctx.sector(to), to)}`);
      } else if (u.owner !== s.owner) {
        // Chapter 5, "Invading": "At the end of a battle, all surviving troops will have
        // 0 Move-points ... Exception: Move is not lost for battles fought in your own territory."
        ctx.exhaust(u);
      }
    }
  }
}
