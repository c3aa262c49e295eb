/**
 * One turn of Galactic Empires as a numbered pipeline of the named steps of seed
 * 003 chapter 9's event list ("First Events", "Movement Events", "Final Events"),
 * each step a function over the turn's working state (context.ts).
 */
import { own } from "../../core/ids.js";
import { clonePlain } from "../../core/json.js";
import type { Rng } from "../../core/rng.js";
import type { Resolution } from "../../core/ruleset.js";
import { sortStacks, TurnContext } from "./context.js";
import type { GeEvent } from "./events.js";
import * as final from "./final-events.js";
import * as first from "./first-events.js";
import { type EmpireId, type GameState, INDEPENDENT, type ShipStack } from "./model.js";
import { runMovementEvents } from "./movement-events.js";
import type { Order } from "./orders.js";
import type { Preview } from "./preview.js";

export interface TurnStep {
  /** "1.1", "3.14": part and position in chapter 9's list. */
  no: string;
  name: string;
  run(ctx: TurnContext): void;
}

/** Chapter 9, "First Events" ("New Fleets Formed" is a naval step with no starship counterpart). */
export const FIRST_EVENTS: readonly TurnStep[] = [
  { no: "1.1", name: "War Declared", run: first.warDeclared },
  { no: "1.2", name: "Acceptance Changed", run: first.acceptanceChanged },
  { no: "1.3", name: "Passage Rights Changed", run: first.passageRightsChanged },
  { no: "1.4", name: "Special Permission Changed", run: first.specialPermissionChanged },
  { no: "1.5", name: "New Starfleets Formed", run: first.newStarfleetsFormed },
  { no: "1.6", name: "Various Administrative Actions Performed", run: first.administrativeActions },
  { no: "1.7", name: "Starfleets Change Cloaking", run: first.starfleetsChangeCloaking },
  { no: "1.8", name: "Same Location Transfers Occur", run: first.sameLocationTransfers },
  { no: "1.9", name: "Starships Reassigned To Ranks", run: first.starshipsReassigned },
  { no: "1.10", name: "Disbanding/Salvaging Starships", run: first.disbandingSalvaging },
  // Not in chapter 9's list; chapter 4 "Construction Happens" puts the Construction Action in First Events.
  { no: "1.11", name: "Construction Actions Taken", run: first.constructionActionsTaken },
];

/** Chapter 9, "Final Events". */
export const FINAL_EVENTS: readonly TurnStep[] = [
  { no: "3.1", name: "Sector Damage Increases", run: final.sectorDamageIncreases },
  { no: "3.2", name: "Resources Sent", run: final.resourcesSent },
  { no: "3.3", name: "Upkeep Paid", run: final.upkeepPaid },
  { no: "3.4", name: "Starships Built", run: final.starshipsBuilt },
  { no: "3.5", name: "Admirals Hired", run: final.admiralsHired },
  { no: "3.6", name: "Sectors Annexed", run: final.sectorsAnnexed },
  { no: "3.7", name: "Sector Annexation Declines", run: final.annexationDeclines },
  { no: "3.8", name: "Construction Happens", run: final.constructionHappens },
  { no: "3.9", name: "Resources Decay", run: final.resourcesDecay },
  { no: "3.10", name: "Structures Razed", run: final.structuresRazed },
  { no: "3.11", name: "Sector Revenue Gained", run: final.sectorRevenueGained },
  { no: "3.12", name: "Sectors Gifted", run: final.sectorsGifted },
  { no: "3.13", name: "Proclamations Income", run: final.proclamationsIncome },
  { no: "3.14", name: "Sector Damage Repaired", run: final.sectorDamageRepaired },
  { no: "3.15", name: "Peace Established", run: final.peaceEstablished },
  { no: "3.16", name: "Alliances Cancelled", run: final.alliancesCancelled },
  { no: "3.17", name: "Alliances Formed", run: final.alliancesFormed },
  { no: "3.18", name: "Info Sharing Changes", run: final.infoSharingChanges },
  { no: "3.19", name: "Espionage Occurs", run: final.espionageOccurs },
  { no: "3.20", name: "Empire Limits Checked", run: final.empireLimitsChecked },
  { no: "3.21", name: "Defeated Empires Removed", run: final.defeatedEmpiresRemoved },
  { no: "3.22", name: "Scouting Occurs", run: final.scoutingOccurs },
];

function runSteps(ctx: TurnContext, steps: readonly TurnStep[], about: TurnContext["about"] = null): void {
  for (const step of steps) {
    ctx.step = step.name;
    ctx.about = about;
    step.run(ctx);
  }
  ctx.about = null;
}

/**
 * "Turn Events Are Complete": each unit begins the next turn with the move
 * points of its slowest starship (chapter 5, "Move-points"), so what was used
 * this turn is forgotten, and stacks that differed only by it merge again.
 */
export function newSeason(state: GameState): void {
  for (const unit of Object.values(state.units)) {
    const merged = new Map<string, ShipStack>();
    for (const s of unit.ships) {
      const key = `${s.rank}|${s.type}`;
      const m = merged.get(key);
      if (m) m.count += s.count;
      else merged.set(key, { ...s, used: 0 });
    }
    unit.ships = [...merged.values()].filter((s) => s.count > 0);
    sortStacks(unit.ships);
  }
}

/**
 * Adjudicate one turn. Pure: the input state is not touched, and the same
 * state, orders and generator state give byte-identical output.
 * `ordersByEmpire` holds parsed order lists, `positions` where each order stood
 * in its file (problems name it so); empires without orders only pay upkeep,
 * collect revenue and defend (chapter 4, introduction).
 */
export function runTurn(
  state: GameState,
  ordersByEmpire: Record<EmpireId, readonly Order[]>,
  rng: Rng,
  positions: Readonly<Record<EmpireId, readonly number[]>> = {},
  preview: Preview | null = null,
): Resolution<GameState, GeEvent> {
  // A plain deep copy (states are JSON data): much faster than structuredClone on a large galaxy.
  const work = clonePlain(state);
  const known: Record<EmpireId, readonly Order[]> = {};
  for (const id of Object.keys(ordersByEmpire).sort()) {
    const e = own(work.empires, id);
    // The independents' orders are generated by the ruleset's resolve (bot/independents.ts, chapter 8 "Local Forces").
    if ((e && !e.defeated) || id === INDEPENDENT) known[id] = ordersByEmpire[id] ?? [];
  }
  const ctx = new TurnContext(work, known, rng, positions);
  ctx.preview = preview;
  first.palaceCoup(ctx);
  runSteps(ctx, FIRST_EVENTS);
  ctx.step = "Movement Events";
  runMovementEvents(ctx);
  ctx.phase = 0;
  // The check: what Final Events tell the empire is about its treasury and holdings, in doubt once anything
  // that feeds them is (its units' losses, sectors taken or damaged, unpaid upkeep; preview.ts).
  runSteps(ctx, FINAL_EVENTS, preview ? [`empire:${preview.empire}`] : null);
  ctx.step = "Turn Events Are Complete";
  newSeason(work);
  work.turn += 1;
  return { state: work, events: ctx.events, problems: ctx.problems };
}
