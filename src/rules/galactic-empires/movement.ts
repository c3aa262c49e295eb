/**
 * Movement Events, seed 003 chapter 4: each unit's queue of movement orders, and
 * the steps "Starfleets Travel", "Defend Sector defences Option Changed" and
 * "Starfleet Cloaking Changed" (chapter 5, "Movement", "Move-points", "Cloaking").
 *
 * A unit's travel, wait and pillage orders (and the cloak, decloak and defend
 * orders that follow its first one of those) form a queue in the empire's list
 * order. The queue advances through the steps of each phase: at most one travel or
 * wait a phase (chapter 4, "Starfleets Travel": "a starfleet can only move 1
 * location per phase"), then the defend, cloak and pillage orders reached after it.
 * An order whose step has already passed in this phase waits for the next phase,
 * so orders always happen in the order they were written.
 */
import { own } from "../../core/ids.js";
import { cloakProblem } from "./cloaking.js";
import { type IndexedOrder, type TurnContext, unitsGroupedBy } from "./context.js";
import { compareUnitIds, type Sector, type SectorId, type Unit, type UnitId } from "./model.js";
import type { OrderOf } from "./orders.js";

export type QueuedOrder = IndexedOrder<OrderOf<"travel" | "wait" | "pillage" | "cloak" | "decloak" | "defend">>;

/** The step of a phase an order belongs to (chapter 9's list of Movement Events, numbered from 1). */
const STEP_OF: Record<QueuedOrder["order"]["type"], number> = {
  travel: 2,
  wait: 2,
  defend: 3,
  cloak: 4,
  decloak: 4,
  pillage: 9,
};
export const TRAVEL_STEP = 2;
export const DEFEND_STEP = 3;
export const CLOAK_STEP = 4;
export const PILLAGE_STEP = 9;

/** One travel made this phase: cross-border battles and retreats need where it came from. */
export interface Travel {
  unit: UnitId;
  from: SectorId;
  to: SectorId;
  io: QueuedOrder;
  /** The unit's previous cameFrom (restored when a cross-border battle sends it back). */
  previousCameFrom: SectorId | undefined;
}

/** The working state of Movement Events shared by its steps. */
export interface MovementRun {
  /** Each unit's orders not yet reached, in list order. */
  queues: Map<UnitId, QueuedOrder[]>;
  /** Travels made in the current phase, by unit. */
  travels: Map<UnitId, Travel>;
  /** Units with a search order: the order, by unit. */
  searchers: Map<UnitId, IndexedOrder<OrderOf<"search">>>;
  /** Units that searched at least once. */
  searched: Set<UnitId>;
}

const MOVEMENT_TYPES: ReadonlySet<string> = new Set(["travel", "wait", "pillage"]);
const LATE_TYPES: ReadonlySet<string> = new Set(["cloak", "decloak", "defend"]);

/**
 * Build every unit's queue from its empire's orders, in list order. Cloak,
 * decloak and defend orders before the unit's first travel, wait or pillage
 * belong to First Events (ctx.isFirstEventsPart) and are left to them.
 */
export function buildMovementRun(ctx: TurnContext): MovementRun {
  const run: MovementRun = { queues: new Map(), travels: new Map(), searchers: new Map(), searched: new Set() };
  for (const [empire, list] of ctx.orders) {
    if (ctx.deposed.has(empire)) continue;
    for (const io of list) {
      const t = io.order.type;
      const isSearch = t === "search";
      if (!isSearch && !MOVEMENT_TYPES.has(t) && !(LATE_TYPES.has(t) && !ctx.isFirstEventsPart(io))) continue;
      const ref = (io.order as { unit: string }).unit;
      ctx.step = "Movement Events";
      const unit = ctx.ownUnitOr(io, ref);
      if (!unit) continue;
      const id = unit.id;
      if (isSearch) {
        if (run.searchers.has(id)) {
          ctx.fail(io, "duplicate-order", `${id} already has a search order; one search order makes it search in every phase`);
        } else {
          run.searchers.set(id, io as IndexedOrder<OrderOf<"search">>);
        }
        continue;
      }
      const q = run.queues.get(id) ?? [];
      q.push(io as QueuedOrder);
      run.queues.set(id, q);
    }
  }
  return run;
}

export function hasQueuedOrders(run: MovementRun): boolean {
  for (const q of run.queues.values()) if (q.length > 0) return true;
  return false;
}

/** Units with queued orders, by id. */
export function queuedUnitIds(run: MovementRun): UnitId[] {
  return [...run.queues.keys()].filter((id) => (run.queues.get(id)?.length ?? 0) > 0).sort(compareUnitIds);
}

/**
 * The unit a queue belongs to, if it still exists and still belongs to the
 * empire that gave the orders; otherwise every queued order fails and the queue
 * is emptied (a unit destroyed in battle, or a garrison whose sector was taken).
 */
export function liveUnit(ctx: TurnContext, run: MovementRun, id: UnitId): Unit | null {
  const q = run.queues.get(id) ?? [];
  const head = q[0];
  const unit = own(ctx.state.units, id);
  if (head && (!unit || unit.owner !== head.empire)) {
    const why = unit ? `${id} no longer belongs to you (its sector changed hands)` : `${id} no longer exists (destroyed in battle)`;
    for (const io of q) ctx.fail(io, "unit-lost", `${why}, so this order was not carried out`);
    run.queues.set(id, []);
    return null;
  }
  return unit ?? null;
}

/** Take the unit's next order if it belongs to `step`. */
export function takeHead(run: MovementRun, id: UnitId, step: number): QueuedOrder | undefined {
  const q = run.queues.get(id);
  const head = q?.[0];
  if (!q || !head || STEP_OF[head.order.type] !== step) return undefined;
  q.shift();
  return head;
}

/**
 * Drop the unit's remaining travel and wait orders, each failing with a reason
 * (chapter 5, "Movement": the unit "only moves as far as it can, and then stops";
 * chapter 6, "About Retreating": a retreated unit "could not do any movement").
 */
export function dropMovement(ctx: TurnContext, run: MovementRun, id: UnitId, code: string, why: string): void {
  const q = run.queues.get(id);
  if (!q) return;
  const keep: QueuedOrder[] = [];
  for (const io of q) {
    if (io.order.type === "travel" || io.order.type === "wait") ctx.fail(io, code, why);
    else keep.push(io);
  }
  run.queues.set(id, keep);
}

/** Units by sector, each list by unit id: one pass over the units instead of one per sector. */
export function unitsBySector(ctx: TurnContext): Map<SectorId, Unit[]> {
  return unitsGroupedBy(ctx, (u) => u.sector);
}

export function pointsLeft(n: number): string {
  return `${n} move point${n === 1 ? "" : "s"} left`;
}

export function sectorLabel(s: Sector | undefined, id: SectorId): string {
  return s ? `${s.id} ${s.name}` : `sector ${id}`;
}

// --- Starfleets Travel ---------------------------------------------------------

/**
 * Chapter 4, "Starfleets Travel": every unit whose next order is a travel or a
 * wait carries it out. Travels are checked against the state before anyone moves
 * in this step (nothing a travel does changes another travel's cost or
 * permission), so the result does not depend on the order units are handled in.
 */
export function starfleetsTravel(ctx: TurnContext, run: MovementRun): void {
  run.travels.clear();
  for (const id of queuedUnitIds(run)) {
    // The check: these lines are about the unit, its owner, where it is and where it goes (preview.ts).
    ctx.about = [`unit:${id}`];
    const unit = liveUnit(ctx, run, id);
    if (!unit) continue;
    const io = takeHead(run, id, TRAVEL_STEP);
    if (!io) continue;
    ctx.about = [`unit:${id}`, `sector:${unit.sector}`];
    if (io.order.type === "travel") ctx.about = [...ctx.about, `sector:${(io.order as OrderOf<"travel">).to}`];
    if (io.order.type === "wait") waitOrder(ctx, run, unit, io);
    else if (io.order.type === "travel") travelOrder(ctx, run, unit, io as IndexedOrder<OrderOf<"travel">>);
  }
  ctx.about = null;
}

/**
 * Chapter 5, "Move-points", Waiting: "The first time a unit waits, there is no
 * move cost. All other times, the move cost for waiting is 1."
 */
function waitOrder(ctx: TurnContext, run: MovementRun, unit: Unit, io: QueuedOrder): void {
  const where = sectorLabel(ctx.sector(unit.sector), unit.sector);
  if (unit.kind === "garrison") {
    // Garrisons never move, so holding position is what they always do: no cost.
    ctx.message([unit.owner], `${unit.id} holds position in ${where}`);
    return;
  }
  if (!ctx.waited.has(unit.id)) {
    ctx.waited.add(unit.id);
    ctx.message([unit.owner], `${unit.id} holds position in ${where} (first wait this turn: no move cost)`);
    return;
  }
  const mp = ctx.movePoints(unit);
  if (mp < 1) {
    ctx.fail(
      io,
      "not-enough-move-points",
      `${unit.id} has ${mp} move points left; waiting again costs 1 (only the first wait of a turn is free, chapter 5 "Move-points")`,
    );
    dropMovement(ctx, run, unit.id, "unit-stopped", `${unit.id} stopped: it had no move points left for an earlier wait`);
    return;
  }
  ctx.spendMove(unit, 1);
  ctx.message([unit.owner], `${unit.id} holds position in ${where} (cost 1; ${pointsLeft(ctx.movePoints(unit))})`);
}

function travelOrder(ctx: TurnContext, run: MovementRun, unit: Unit, io: IndexedOrder<OrderOf<"travel">>): void {
  const fromId = unit.sector;
  const from = ctx.sector(fromId);
  const toId = io.order.to;
  const to = ctx.sector(toId);
  const here = sectorLabel(from, fromId);
  if (unit.kind === "garrison") {
    ctx.fail(
      io,
      "garrison-cannot-travel",
      `${unit.id} is a garrison; garrisons cannot move (chapter 5, "Units"). Form a starfleet and transfer starships into it`,
    );
    return;
  }
  const valid = ctx.neighbours(fromId);
  const validText = valid.length > 0 ? valid.map((n) => sectorLabel(ctx.sector(n), n)).join(", ") : "none";
  if (!to) {
    ctx.fail(io, "unknown-sector", `there is no sector ${toId}; from ${here} ${unit.id} can travel to ${validText}`);
    return;
  }
  if (toId === fromId) {
    ctx.fail(
      io,
      "already-there",
      `${unit.id} is already in ${here}; a travel order takes it to a neighbouring sector (${validText}), and a wait order keeps it where it is`,
    );
    return;
  }
  if (!ctx.connected(fromId, toId)) {
    const barrier = ctx.state.borders.some((b) => b.barrier && ((b.a === fromId && b.b === toId) || (b.a === toId && b.b === fromId)));
    const why = barrier
      ? `a barrier lies between ${here} and ${sectorLabel(to, toId)} ("Barriers naturally will prevent movement", chapter 4)`
      : `${sectorLabel(to, toId)} is not connected to ${here}, where ${unit.id} is`;
    ctx.fail(io, "not-adjacent", `${why}; it can travel to ${validText}; it stays in ${here}`);
    return;
  }
  if (!ctx.mayEnter(unit.owner, toId)) {
    ctx.fail(
      io,
      "refused-entry",
      `${sectorLabel(to, toId)} belongs to ${to.owner}, with whom you are not at war, and you have neither Passage Rights nor Special Permission there: ${unit.id} is refused entry and stays in ${here} (chapter 5, "Movement"; FAQ "bounce")`,
    );
    return;
  }
  const cost = ctx.moveCost(unit.owner, toId);
  const mp = ctx.movePoints(unit);
  if (mp < cost) {
    const why = ctx.changedOwner.has(toId)
      ? "it changed owner this turn, so it costs 2 for the rest of the turn"
      : cost === 2
        ? "without Permission it costs 2: one move point is not enough to get into an enemy or independent sector"
        : "a sector you have Permission for costs 1";
    ctx.fail(
      io,
      "not-enough-move-points",
      `${unit.id} needs ${cost} move point${cost === 1 ? "" : "s"} to enter ${sectorLabel(to, toId)} (${why}) but has ${mp} left` +
        `${ctx.constructing.has(unit.id) ? ` (its construct order used them up in First Events: it stays to build, chapter 4 "Construction Happens")` : ""}` +
        `; it stays in ${here} and moves no further this turn`,
    );
    dropMovement(
      ctx,
      run,
      unit.id,
      "unit-stopped",
      `${unit.id} stopped in ${here}: it had too few move points for an earlier travel order`,
    );
    return;
  }
  ctx.spendMove(unit, cost);
  const previousCameFrom = ctx.cameFrom.get(unit.id);
  unit.sector = toId;
  ctx.moved.add(unit.id);
  ctx.cameFrom.set(unit.id, fromId);
  run.travels.set(unit.id, { unit: unit.id, from: fromId, to: toId, io, previousCameFrom });
  ctx.message(
    [unit.owner],
    `${unit.id} travelled from ${here} to ${sectorLabel(to, toId)} (cost ${cost}; ${pointsLeft(ctx.movePoints(unit))})`,
  );
  const p = ctx.preview;
  if (p && ctx.previewing(unit.owner) && !p.seen.has(toId) && !p.said.has(`travel ${toId}`)) {
    // The check: forces out of sight are not in the state it runs on.
    p.said.add(`travel ${toId}`);
    ctx.cannotVerify(
      io,
      `what waits in ${sectorLabel(to, toId)} cannot be verified from what you know: it is out of your sight, and forces there would fight or stop ${unit.id}`,
    );
    ctx.uncertain(`what is in ${sectorLabel(to, toId)}, out of your sight`, [`unit:${unit.id}`, `sector:${toId}`]);
  }
}

// --- Defend Sector defences Option Changed, Starfleet Cloaking Changed ---------

/** Chapter 4, "Defend Sector defences Option Changed", for defend orders reached this phase. */
export function defendOptionChanged(ctx: TurnContext, run: MovementRun): void {
  for (const id of queuedUnitIds(run)) {
    ctx.about = [`unit:${id}`];
    const unit = liveUnit(ctx, run, id);
    if (!unit) continue;
    ctx.about = [`unit:${id}`, `sector:${unit.sector}`];
    for (let io = takeHead(run, id, DEFEND_STEP); io; io = takeHead(run, id, DEFEND_STEP)) {
      if (io.order.type !== "defend") continue;
      if (unit.kind === "garrison") {
        ctx.fail(io, "garrison-always-defends", `${unit.id} is a garrison; garrisons always defend their sector (chapter 5, "Units")`);
        continue;
      }
      unit.defendDefences = io.order.value;
      ctx.message([unit.owner], `${unit.id} will ${io.order.value ? "" : "not "}defend sector defences in battles`);
    }
  }
}

/**
 * Chapter 4, "Starfleet Cloaking Changed" ("the exact same step that is described
 * in First Events"), with chapter 5, "Cloaking": "Cloaked units cannot move and
 * uncloak themselves in the same turn".
 */
export function cloakingChanged(ctx: TurnContext, run: MovementRun): void {
  for (const id of queuedUnitIds(run)) {
    ctx.about = [`unit:${id}`];
    const unit = liveUnit(ctx, run, id);
    if (!unit) continue;
    ctx.about = [`unit:${id}`, `sector:${unit.sector}`];
    for (let io = takeHead(run, id, CLOAK_STEP); io; io = takeHead(run, id, CLOAK_STEP)) {
      const wantCloak = io.order.type === "cloak";
      const p = cloakProblem(ctx, unit, wantCloak);
      if (p) {
        ctx.fail(io, p.code, p.message);
        continue;
      }
      if (!wantCloak && ctx.moved.has(unit.id)) {
        ctx.fail(
          io,
          "moved-this-turn",
          `${unit.id} moved this turn; cloaked units cannot move and uncloak themselves in the same turn (chapter 5, "Cloaking")`,
        );
        continue;
      }
      unit.cloaked = wantCloak;
      ctx.cloakChanged.add(unit.id);
      ctx.message(
        [unit.owner],
        `${unit.id} ${wantCloak ? "cloaked" : "decloaked"} in ${sectorLabel(ctx.sector(unit.sector), unit.sector)}`,
      );
    }
  }
}
