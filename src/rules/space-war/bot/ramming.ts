/**
 * S8 Ramming (l.504-516), the bot's rams: "Both involved Craft takes one Hit for each Module in size of the rammer's
 * original number of Modules" (l.512), so a ram trades the rammer's hits for the target's. A vessel may ram only an
 * un-powered enemy (l.508, ruling C.12: a fighter any). The bot rams when the target is worth more than what it
 * risks: above all with a craft whose weapons are all damaged, which can do nothing else, against an enemy that
 * cannot move (a battle of such craft would otherwise never end). The ram moves the rammer itself (S8 after S7, at
 * most its allowance, the-turn/s8-ramming.ts), so a rammer does not move in S7.
 */
import type { SeatId } from "../../../core/ids.js";
import { designCost } from "../designing-craft/design.js";
import { type Battle, type Craft, operating, powered, type SpaceWarState } from "../model.js";
import type { RamOrder } from "../orders.js";
import { military } from "../scenarios/set-up.js";
import { along, bearing, blockingPlanet, CONTACT, distance } from "../the-turn/geometry.js";
import { movementAllowance } from "../the-turn/movement.js";
import { exactShotOdds } from "../the-turn/shooting.js";
import { armourOf, craftValue, isPlaced, type Placed, squadronOf } from "./knowledge.js";
import { nukeWorth } from "./nukes.js";

/** The rammer's original number of modules (l.512): its design's, or the modules it carries. */
export function ramHits(known: SpaceWarState, c: Craft): number {
  const d = squadronOf(known, c.owner)?.designs.find((x) => x.name === c.design);
  return d && designCost(d) !== undefined ? d.modules.length : c.modules.length;
}

/** P(destroyed) and mean modules damaged by `hits` hits at once on the craft (armour rolled for each, l.357-404). */
function blow(known: SpaceWarState, c: Craft, hits: number): { kill: number; damaged: number } {
  const damaged = c.modules.filter((m) => m.damaged).length;
  const o = exactShotOdds([{ shots: hits, need: 1 }], { modules: c.modules.length, damaged, armour: armourOf(known, c) });
  return { kill: o.pDestroyed, damaged: o.meanDamaged };
}

/** What a ram is worth to the rammer's side: the target's expected loss less the rammer's. */
export function ramWorth(known: SpaceWarState, rammer: Craft, target: Craft): number {
  const hits = ramHits(known, rammer);
  const them = blow(known, target, hits);
  const us = blow(known, rammer, hits);
  const loss = (c: Craft, o: { kill: number; damaged: number }) =>
    craftValue(c) * (o.kill + (0.35 * o.damaged) / Math.max(1, c.modules.length));
  return loss(target, them) - loss(rammer, us);
}

/** May the rammer reach and touch the target this turn (l.508)? */
export function mayRam(b: Battle, rammer: Placed, target: Craft): target is Placed {
  if (!isPlaced(target) || target.where.kind !== "table" || !military(target)) return false;
  if (rammer.type === "vessel" && powered(target)) return false;
  if (!powered(rammer)) return false;
  const reach = movementAllowance(rammer.type, operating(rammer, "E")) + CONTACT - 0.1;
  return distance(rammer.where.at, target.where.at) <= reach && !blockingPlanet(rammer.where.at, target.where.at, b.planets);
}

/**
 * What a Nuke rammed in is worth (l.516 "a rammer may instead opt to explode a Nuclear device carried on board upon
 * contact with the enemy Craft"): the blast where the rammer ends, touching the target (2d6 on it, d6 on the rest
 * within the radius, l.462). Only a fighter: a vessel may not contact a powered craft and explodes its nuke
 * adjacent, in S6 (C.11). Undefined when the rammer carries none.
 */
export function nukeRamWorth(known: SpaceWarState, b: Battle, rammer: Placed, target: Placed): number | undefined {
  if (rammer.type !== "fighter" || operating(rammer, "N") === 0) return undefined;
  const at = along(target.where.at, bearing(target.where.at, rammer.where.at), CONTACT - 1e-3);
  return nukeWorth(known, b, rammer.owner, { ...rammer, where: { ...rammer.where, at } });
}

/**
 * The rams worth making, each target rammed once, the best first; a Nuke rammed in where its blast is worth more.
 * `whole`: the known state with the allies' craft (the Wall of Battle), whom a blast would catch too.
 */
export function ramOrders(
  known: SpaceWarState,
  b: Battle,
  seat: SeatId,
  skip: ReadonlySet<string>,
  whole: SpaceWarState = known,
): RamOrder[] {
  const options: { rammer: Placed; target: Placed; worth: number; nuke: boolean }[] = [];
  for (const r of b.craft) {
    if (r.owner !== seat || !isPlaced(r) || r.tractoredBy !== undefined || skip.has(r.id) || !military(r)) continue;
    for (const t of b.craft) {
      if (t.owner === seat || !mayRam(b, r, t)) continue;
      const worth = ramWorth(known, r, t);
      const blast = nukeRamWorth(whole, whole.campaign.battle ?? b, r, t);
      if (blast !== undefined && blast > worth && blast > 0.5) options.push({ rammer: r, target: t, worth: blast, nuke: true });
      else if (worth > 0.3) options.push({ rammer: r, target: t, worth, nuke: false });
    }
  }
  options.sort((a, c) => c.worth - a.worth || a.rammer.id.localeCompare(c.rammer.id) || a.target.id.localeCompare(c.target.id));
  const used = new Set<string>();
  const out: RamOrder[] = [];
  for (const o of options) {
    if (used.has(o.rammer.id) || used.has(o.target.id)) continue;
    used.add(o.rammer.id);
    used.add(o.target.id);
    out.push({ type: "ram", craft: o.rammer.id, target: o.target.id, nuke: o.nuke });
  }
  return out;
}
