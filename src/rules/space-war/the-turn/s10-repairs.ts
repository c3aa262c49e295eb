/**
 * S10 - Repairs (seed 001 l.639-647): "Vessel Repairs: For each Self Repair Module operating throw a die. Each 5,6
 * allows the repair of one damaged Module on that Vessel. If you have several SR modules throw for them all at once and
 * allocate any fixes as preferred." "Fighter Repairs: Each Shuttle Bay module may dice. Each 5,6 fixes a damaged
 * module on a Fighter being held aboard." The Saboteur medal "Counts as an extra Self-Repair" (l.771-775): one more
 * die for the craft its crew is aboard.
 *
 * A craft rolls only when it has something to fix (a vessel: a damaged module of its own; a bay: a damaged fighter
 * aboard). The fixes go where the seat's `repair` orders say, in their order; fixes left over go by `REPAIR_PRIORITY`
 * (ruling "Repairs": what lets a craft move and fight first); orders beyond the fixes rolled are not carried out (an
 * event, not a problem: the player could not know the dice).
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, failing, type Given, ownCraft, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import type { Roll } from "../events.js";
import { crewMedals } from "../medals/in-play.js";
import { type Craft, type CraftModule, operating } from "../model.js";
import type { RepairOrder } from "../orders.js";
import { needAfter, needText, reaches } from "./dice.js";
import { aboard, seenBy } from "./losses.js";

/** Each repair die fixes one module on a 5,6 (l.643, l.647). */
export const REPAIR_NEED = 5;

/**
 * Which damaged module a fix left over goes to: Engines (move, powered), Thrusters, Lasers, Missiles, Expendables,
 * Armour, Electronics, Self-Repair, Shuttle Bay, Tractor, Nuclear Warhead, then a station's hotels.
 */
export const REPAIR_PRIORITY: readonly CraftModule["module"][] = ["E", "T", "L", "M", "EM", "A", "EL", "SR", "SB", "TR", "N", "hotel"];

/** Repair dice of a vessel for itself: its operating Self-Repair modules, one more for a Saboteur crew (l.775). */
export function selfRepairDice(ctx: StepContext, c: Craft): number {
  return operating(c, "SR") + (crewMedals(ctx.state, c).includes("saboteur") ? 1 : 0);
}

/** The damaged module to fix next by the priority, among `craft` (the first craft first on a tie); undefined if none. */
function byPriority(craft: readonly Craft[]): { c: Craft; i: number } | undefined {
  for (const m of REPAIR_PRIORITY)
    for (const c of craft) {
      const i = c.modules.findIndex((x) => x.module === m && x.damaged);
      if (i >= 0) return { c, i };
    }
  return undefined;
}

/** One pool of fixes: `dice` rolled for `what`, spent on `craft` (the vessel, or the fighters aboard it). */
interface Pool {
  roller: Craft;
  what: string;
  craft: Craft[];
  fixes: number;
  rolls: Roll[];
  fixed: string[];
}

/** S10 for `seat`: every repair die rolled at once (l.643), the fixes placed by the orders, then by priority. */
export function repairs(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  const b = battleOf(ctx.state);
  const need = needAfter(REPAIR_NEED, 0);
  const pools = new Map<string, Pool>();
  const roll = (roller: Craft, what: string, craft: Craft[], dice: number): Pool => {
    const p: Pool = { roller, what, craft, fixes: 0, rolls: [], fixed: [] };
    for (let k = 0; k < dice; k++) {
      const value = ctx.rng.d6();
      p.rolls.push({ die: "d6", value, for: `${what} die ${k + 1} of ${dice}`, ...(need === null ? {} : { need }) });
      if (reaches(value, need)) p.fixes++;
    }
    return p;
  };
  // Which pool mends each craft: a vessel its own, a fighter aboard its vessel's bays.
  const poolOf = new Map<string, string>();
  for (const v of b.craft) {
    if (v.owner !== seat || v.where.kind === "gone" || v.where.kind === "entering") continue;
    if (v.where.kind !== "aboard" && v.modules.some((m) => m.damaged)) {
      const dice = selfRepairDice(ctx, v);
      if (dice > 0) {
        pools.set(`${v.id}/self`, roll(v, `self-repair of ${v.id}`, [v], dice));
        poolOf.set(v.id, `${v.id}/self`);
      }
    }
    if (v.type === "vessel") {
      const damaged = aboard(b, v).filter((f) => f.modules.some((m) => m.damaged));
      const bays = operating(v, "SB");
      if (damaged.length > 0 && bays > 0) {
        pools.set(`${v.id}/bay`, roll(v, `Shuttle Bays of ${v.id}`, damaged, bays));
        for (const f of damaged) poolOf.set(f.id, `${v.id}/bay`);
      }
    }
  }
  for (const given of orders.repair) ordered(ctx, seat, given, pools, poolOf);
  for (const p of pools.values()) {
    for (let pick = byPriority(p.craft); p.fixes > 0 && pick; pick = byPriority(p.craft)) fix(p, pick.c, pick.i);
    const to = seenBy(p.roller);
    const text = `${p.what}: ${p.rolls.filter((r) => reaches(r.value, need)).length} of ${p.rolls.length} dice fix a module (${needText(need)})${p.fixed.length > 0 ? `: ${p.fixed.join(", ")}` : ""}.`;
    ctx.emit("repaired", text, to === undefined ? { craft: [p.roller.id], rolls: p.rolls } : { craft: [p.roller.id], rolls: p.rolls, to });
  }
}

function fix(p: Pool, c: Craft, i: number): void {
  const m = c.modules[i];
  if (!m?.damaged || p.fixes <= 0) return;
  m.damaged = false;
  p.fixes--;
  p.fixed.push(`${c.id} ${m.module} (#${i})`);
}

function ordered(
  ctx: StepContext,
  seat: SeatId,
  given: Given<RepairOrder>,
  pools: Map<string, Pool>,
  poolOf: Map<string, string>,
): boolean {
  const _b = battleOf(ctx.state);
  const { craft: id, module: i } = given.order;
  const fail = failing(ctx, seat, given);
  const own = ownCraft(ctx.state, seat, id);
  if (!own.ok) return fail(own.code, own.text);
  const c = own.craft;
  const m = c.modules[i];
  if (!m) return fail("no-such-module", `${id} has modules #0 to #${c.modules.length - 1}, not #${i}`);
  const key = poolOf.get(id);
  const p = key === undefined ? undefined : pools.get(key);
  if (!p)
    return fail(
      "no-repair",
      c.type === "vessel" || c.where.kind !== "aboard"
        ? `${id} has no repair dice: a vessel repairs itself with operating Self-Repair modules (l.643)${c.type === "fighter" ? "; a fighter is repaired aboard a vessel's Shuttle Bay (l.647)" : ""}`
        : `${id} is aboard a vessel with no operating Shuttle Bay (l.647)`,
    );
  if (!m.damaged) return fail("not-damaged", `${id}'s module #${i} (${m.module}) is not damaged`);
  if (p.fixes <= 0) {
    ctx.emit("repaired", `no fix left from ${p.what} for ${id} ${m.module} (#${i}).`, {
      craft: [id],
      order: given.at,
      ...(seenBy(c) === undefined ? {} : { to: [seat] }),
    });
    return false;
  }
  fix(p, c, i);
  return true;
}
