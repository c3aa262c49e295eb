/**
 * S9 Shoot (l.525-635), the bot's fire plan: every weapon that may shoots, each group of shots at the face-up enemy
 * where it adds most to the chance of destroying a craft (a damaged craft first: the hits of one turn are resolved
 * together at its owner's next S1, l.355, so shots of several craft at one target add up), weighed by what the
 * target is worth (`targetValue`: an enemy station only when it is the seat's aim, l.716, l.921, l.1050). The odds are the rules' own (`exactShotOdds`: hits, armour, damage over the surviving
 * modules, l.357-404).
 */
import type { SeatId } from "../../../core/ids.js";
import { ARC_CENTRE, type Arc } from "../designing-craft/modules.js";
import { crewMedals } from "../medals/in-play.js";
import { type Craft, type Point, powered, type SpaceWarState } from "../model.js";
import type { ShootOrder } from "../orders.js";
import { angleBetween, bearing, blockingPlanet, distance } from "../the-turn/geometry.js";
import { exactShotOdds, type ShotGroup, shotNeed, shotRange, volleyShots, type Weapon } from "../the-turn/shooting.js";
import { armourOf, electronicsOf, holdsCard, isPlaced, known, targetValue } from "./knowledge.js";

/** Where a craft is and faces (after the bot's moves). */
export interface Pose {
  at: Point;
  heading: number;
}

/** Half of a 90° arc (l.635). */
export const HALF_ARC = 45;

/** Is the point inside the arc of a craft posed so (l.635)? A hair of slack for rounding. */
export function inArc(pose: Pose, arc: Arc, p: Point): boolean {
  return angleBetween((pose.heading + ARC_CENTRE[arc]) % 360, bearing(pose.at, p)) <= HALF_ARC - 0.5;
}

/** One group of a craft's weapons that fire together: a weapon kind, the arc (none for Missiles) and how many. */
export interface WeaponGroup {
  craft: Craft;
  weapon: Weapon;
  arc?: Arc;
  count: number;
}

/** The craft's ready weapons as groups: Lasers and Expendables by arc, Missiles together (l.631). */
export function weaponGroups(c: Craft): WeaponGroup[] {
  const out: WeaponGroup[] = [];
  const add = (weapon: Weapon, arc: Arc | undefined) => {
    const g = out.find((x) => x.weapon === weapon && x.arc === arc);
    if (g) g.count++;
    else out.push(arc === undefined ? { craft: c, weapon, count: 1 } : { craft: c, weapon, arc, count: 1 });
  };
  for (const m of c.modules) {
    if (m.damaged) continue;
    if (m.module === "L") add("laser", m.arc ?? "front");
    else if (m.module === "M") add("missile", undefined);
    else if (m.module === "EM" && !m.expended) add("expendables", m.arc ?? "front");
  }
  return out;
}

interface Planned {
  target: Craft;
  groups: ShotGroup[];
  /** `worth` of the groups. */
  worth: number;
}

/** A target as the odds need it: modules, damage, armour and value, worked out once. */
interface TargetFacts {
  modules: number;
  damaged: number;
  armour: number;
  value: number;
  /**
   * Hits already on it, to be rolled at its owner's next S1 with this turn's (l.355): in the Wall of Battle an ally
   * who played before the bot may have hit it; the bot's shots add to them, so it finishes what its allies began.
   */
  pending: ShotGroup[];
  /** `worth` of no shots of the bot's: what the pending hits are worth already. */
  base: number;
}

/** What the planned shots are worth against one target: its value times the chance it is destroyed, and a little per module damaged. */
function worth(t: TargetFacts, groups: readonly ShotGroup[]): number {
  const o = exactShotOdds([...t.pending, ...groups], t);
  return t.value * o.pDestroyed + (0.35 * t.value * o.meanDamaged) / Math.max(1, t.modules);
}

/** The shoot orders for the seat's craft posed as `poses` says (ids not in it stand where they are), but those in `hold`. */
export function fireOrders(
  knownState: SpaceWarState,
  seat: SeatId,
  poses: ReadonlyMap<string, Pose>,
  hold: ReadonlySet<string> = new Set(),
): ShootOrder[] {
  const b = knownState.campaign.battle;
  if (!b) return [];
  // An enemy station only when it is worth something to the seat (knowledge.ts `targetValue`, l.1050).
  const targets = b.craft.filter(
    (c) =>
      c.owner !== seat &&
      c.where.kind === "table" &&
      known(c) &&
      !c.modules.every((m) => m.damaged) &&
      (!c.station || targetValue(knownState, seat, c) > 0),
  );
  if (targets.length === 0) return [];
  const superiorX = holdsCard(knownState, seat, "superior-expendables");
  const options: { g: WeaponGroup; shots: number; choices: { t: Craft; group: ShotGroup }[] }[] = [];
  for (const c of b.craft) {
    if (c.owner !== seat || !isPlaced(c) || c.tractoredBy !== undefined || hold.has(c.id)) continue;
    const pose = poses.get(c.id) ?? { at: c.where.at, heading: c.where.heading };
    const medals = crewMedals(knownState, c);
    const firer = {
      ace: medals.includes("ace"),
      superiorLasers: holdsCard(knownState, seat, "superior-lasers"),
      betterMissiles: holdsCard(knownState, seat, "better-missiles"),
    };
    for (const g of weaponGroups(c)) {
      const shots = g.weapon === "expendables" ? g.count * volleyShots(superiorX) : g.count;
      const choices: { t: Craft; group: ShotGroup }[] = [];
      for (const t of targets) {
        if (!isPlaced(t)) continue;
        const at = t.where.at;
        if (distance(pose.at, at) > shotRange(g.weapon) - 0.05) continue;
        if (g.arc !== undefined && !inArc(pose, g.arc, at)) continue;
        if (blockingPlanet(pose.at, at, b.planets)) continue;
        const need = shotNeed(
          g.weapon,
          firer,
          { type: t.type, powered: powered(t), electronics: electronicsOf(knownState, t) },
          knownState.settings,
        );
        if (need === null) continue;
        choices.push({ t, group: { shots, need } });
      }
      if (choices.length > 0) options.push({ g, shots, choices });
    }
  }
  // The fewest choices first: a weapon with one target takes it, the others then go where they add most.
  options.sort((a, c) => a.choices.length - c.choices.length || a.g.craft.id.localeCompare(c.g.craft.id));
  const facts = new Map<string, TargetFacts>();
  for (const t of targets) {
    const f: TargetFacts = {
      modules: t.modules.length,
      damaged: t.modules.filter((m) => m.damaged).length,
      armour: armourOf(knownState, t),
      value: targetValue(knownState, seat, t),
      pending: t.pendingHits > 0 ? [{ shots: t.pendingHits, need: 1 }] : [],
      base: 0,
    };
    if (f.pending.length > 0) f.base = worth(f, []);
    facts.set(t.id, f);
  }
  const plan = new Map<string, Planned>();
  const out: ShootOrder[] = [];
  for (const o of options) {
    let best: { t: Craft; group: ShotGroup; gain: number; worth: number } | undefined;
    for (const ch of o.choices) {
      const f = facts.get(ch.t.id);
      if (!f) continue;
      const p = plan.get(ch.t.id);
      const after = worth(f, [...(p?.groups ?? []), ch.group]);
      const gain = after - (p?.worth ?? f.base);
      if (!best || gain > best.gain + 1e-12) best = { ...ch, gain, worth: after };
    }
    if (!best) continue;
    const p = plan.get(best.t.id) ?? { target: best.t, groups: [], worth: facts.get(best.t.id)?.base ?? 0 };
    p.groups.push(best.group);
    p.worth = best.worth;
    plan.set(best.t.id, p);
    const same = out.find((x) => x.craft === o.g.craft.id && x.target === best.t.id && x.weapon === o.g.weapon);
    if (same) same.count = (same.count ?? 0) + o.g.count;
    else out.push({ type: "shoot", craft: o.g.craft.id, target: best.t.id, weapon: o.g.weapon, count: o.g.count });
  }
  return out;
}
