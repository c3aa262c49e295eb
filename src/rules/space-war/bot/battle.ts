/**
 * A player turn of the normal bot (l.263-665): its orders for S3-S10, in the seed's order.
 *
 * - S3 give up (l.408-416) only when it may and the battle is lost: its strength under two fifths of the enemy's, or
 *   nothing it has left can hurt the enemy, or the battle has stalled (50 turns); giving up then saves the crews still
 *   aboard and denies the enemy Valour (l.755, l.1029).
 * - S8 rams (ramming.ts): a disarmed craft into an un-powered enemy.
 * - S4 fighters aboard with a weapon ready are launched beside their vessel toward the enemy; a fighter with its
 *   Expendables spent, within 3" of a vessel with a Shuttle Bay, is retrieved to reload (S11, l.651-655); an enemy
 *   fighter held by the bot's tractor is pulled aboard a Shuttle Bay and made prisoner (l.446).
 * - S5 each Tractor module tries for an enemy fighter within 3" (l.442).
 * - S6 a Nuke explodes only when the enemy stands to lose more than the bot (the carrier itself included, l.458).
 * - S7 manoeuvre.ts; S9 fire.ts (from the places the moves lead to).
 * - S10 each repair die fixes, in order of preference, Engines and Thrusters (to stay powered: powered craft are
 *   harder to hit, l.577), then weapons, then the rest (l.639-647).
 */
import type { SeatId } from "../../../core/ids.js";
import type { Rng } from "../../../core/rng.js";
import { alliesOf, enemiesOf } from "../campaign-sequence/step.js";
import type { Module } from "../designing-craft/modules.js";
import { crewMedals } from "../medals/in-play.js";
import { type Battle, type Craft, operating, type Point, powered, type SpaceWarState } from "../model.js";
import type { Order, RepairOrder } from "../orders.js";
import { military } from "../scenarios/set-up.js";
import { ADJACENT, along, bearing, blockingPlanet, distance } from "../the-turn/geometry.js";
import { enemyHome } from "./deploy.js";
import { fireOrders } from "./fire.js";
import { craftValue, isPlaced, type Placed, sideStrength, weapons } from "./knowledge.js";
import { type Allies, type Lane, moveOrders } from "./manoeuvre.js";
import { nukeWorth } from "./nukes.js";
import { ramOrders } from "./ramming.js";

export { nukeWorth };

/** Giving up when the bot's strength is under this share of the enemy's. */
export const GIVE_UP_SHARE = 0.4;

/**
 * May the seat give up (l.416)? As S3 counts (the-turn/s3-give-up.ts): ruling C.6, lost craft (or vessels, setting
 * `giveUpCounts`) destroyed or captured, at least 5, or only one left; C.7, never a seat that started with one craft.
 */
export function mayGiveUp(knownState: SpaceWarState, b: Battle, seat: SeatId): boolean {
  const vessels = knownState.settings.giveUpCounts === "vessels";
  const mine = b.craft.filter((c) => c.owner === seat && military(c) && (!vessels || c.type === "vessel"));
  const lost = mine.filter((c) => c.where.kind === "gone" && c.where.how !== "fled").length;
  const left = mine.filter((c) => c.where.kind !== "gone").length;
  const tallied = b.tally[seat]?.started ?? 0;
  const started = tallied > 0 ? tallied : b.craft.filter((c) => c.owner === seat && military(c)).length;
  return started > 1 && (lost >= 5 || left <= 1);
}

/**
 * Nothing the seat has can hurt the enemy, now or later: no armed craft that can move or has a face-up enemy in reach,
 * no fighter aboard with a weapon, no craft that may still ram (un-powered enemies for a vessel, l.508).
 */
export function helpless(b: Battle, seat: SeatId): boolean {
  const foes = b.craft.filter((e): e is Placed => e.owner !== seat && isPlaced(e) && military(e));
  for (const c of b.craft) {
    if (c.owner !== seat || !military(c)) continue;
    const w = weapons(c);
    const armed = w.L + w.M + w.EM + w.N > 0;
    if (c.where.kind === "aboard" && armed) return false;
    if (!isPlaced(c)) continue;
    const mobile = powered(c) && operating(c, "E") > 0;
    if (armed && mobile) return false;
    if (armed && foes.some((e) => e.where.kind === "table" && distance(e.where.at, c.where.at) <= (w.L > 0 ? 12 : 6))) return false;
    if (mobile && foes.some((e) => e.where.kind === "table" && (c.type === "fighter" || !powered(e)))) return false;
  }
  return true;
}

/** A battle this long has stalled: the bot gives up when it may rather than play on for ever. */
export const STALLED_TURN = 50;

/**
 * Give up when it may and is helpless, stalled or outmatched: its side (with its allies still in, the Wall of Battle;
 * `whole`: the known state with the allies' craft) weaker than `GIVE_UP_SHARE` of the enemy's.
 */
export function giveUp(knownState: SpaceWarState, b: Battle, seat: SeatId, whole: SpaceWarState = knownState): boolean {
  if (!mayGiveUp(knownState, b, seat)) return false;
  if (helpless(b, seat) || b.turn >= STALLED_TURN) return true;
  const all = whole.campaign.battle ?? b;
  const enemies = enemiesOf(whole, seat);
  const foes = Object.keys(all.tally).filter((s) => enemies.includes(s) && !all.gaveUp.includes(s));
  const friends = [seat, ...alliesOf(whole, seat).filter((s) => !all.gaveUp.includes(s))];
  const enemy = foes.reduce((t, s) => t + sideStrength(all, s), 0);
  const own = friends.reduce((t, s) => t + sideStrength(all, s), 0);
  return own < GIVE_UP_SHARE * enemy;
}

/** Where launched fighters go around their vessel, degrees from the way to the enemy. */
const LAUNCH_OFFSETS = [0, 60, -60, 120, -120, 180];

/** S4: launches, retrievals and prisoners. Launched fighters' places are returned so S7 can move them. */
export function fighterOrders(b: Battle, seat: SeatId): { orders: Order[]; launched: Map<string, { at: Point; heading: number }> } {
  const orders: Order[] = [];
  const launched = new Map<string, { at: Point; heading: number }>();
  const foes = b.craft.filter((c): c is Placed => c.owner !== seat && isPlaced(c));
  const aim = (from: Point): Point => {
    let best = enemyHome(b, seat, from);
    for (const f of foes) if (distance(from, f.where.at) < distance(from, best)) best = f.where.at;
    return best;
  };
  const bayOf = (v: Craft) => v.owner === seat && v.type === "vessel" && isPlaced(v) && operating(v, "SB") > 0;
  let k = 0;
  for (const f of b.craft) {
    if (f.owner !== seat || f.where.kind !== "aboard") continue;
    const vid = f.where.vessel;
    const v = b.craft.find((c) => c.id === vid);
    const w = weapons(f);
    if (!v || !isPlaced(v) || w.L + w.M + w.EM + w.N === 0 || operating(f, "E") === 0) continue;
    const toward = bearing(v.where.at, aim(v.where.at));
    // The first free place around the vessel, within 3" of it (l.424), on the table and clear of planets (l.872).
    for (let j = k; j < k + 18; j++) {
      const at = along(v.where.at, (toward + (LAUNCH_OFFSETS[j % 6] ?? 0) + 360) % 360, Math.min(2.7, 1.6 + 0.5 * Math.floor(j / 6)));
      const p = { x: Math.round(at.x * 100) / 100, y: Math.round(at.y * 100) / 100 };
      if (p.x < 0.5 || p.y < 0.5 || p.x > b.table.width - 0.5 || p.y > b.table.depth - 0.5) continue;
      if (blockingPlanet(v.where.at, p, b.planets) || b.planets.some((pl) => distance(p, pl.at) < pl.diameter / 2 + 0.8)) continue;
      const heading = Math.round(bearing(p, aim(p))) % 360;
      orders.push({ type: "launch", craft: f.id, at: p, heading });
      launched.set(f.id, { at: p, heading });
      k = j + 1;
      break;
    }
  }
  for (const f of b.craft) {
    if (f.owner !== seat || f.type !== "fighter" || !isPlaced(f)) continue;
    const w = weapons(f);
    const spent = f.modules.some((m) => m.module === "EM" && !m.damaged) && w.EM === 0 && w.L + w.M === 0;
    if (!spent) continue;
    const bay = b.craft.find((v) => bayOf(v) && isPlaced(v) && distance(v.where.at, f.where.at) <= ADJACENT - 0.05);
    if (bay) orders.push({ type: "retrieve", craft: f.id, into: bay.id });
  }
  for (const e of b.craft) {
    if (e.owner === seat || e.type !== "fighter" || !isPlaced(e) || e.tractoredBy === undefined) continue;
    const v = b.craft.find((c) => c.id === e.tractoredBy);
    if (v && bayOf(v) && isPlaced(v) && distance(v.where.at, e.where.at) <= ADJACENT - 0.05)
      orders.push({ type: "prisoner", craft: e.id, into: v.id });
  }
  return { orders, launched };
}

/** S5: each Tractor module of each vessel at an enemy fighter face up within 3" (l.442), the most valuable first. */
export function tractorOrders(b: Battle, seat: SeatId): Order[] {
  const out: Order[] = [];
  for (const v of b.craft) {
    if (v.owner !== seat || v.type !== "vessel" || !isPlaced(v)) continue;
    const tries = operating(v, "TR");
    if (tries === 0) continue;
    const near = b.craft
      .filter(
        (f): f is Placed =>
          f.owner !== seat &&
          f.type === "fighter" &&
          f.where.kind === "table" &&
          f.tractoredBy === undefined &&
          distance(f.where.at, v.where.at) <= ADJACENT - 0.05,
      )
      .sort((a, c) => craftValue(c) - craftValue(a) || a.id.localeCompare(c.id));
    for (let i = 0; i < tries && near.length > 0; i++) {
      const f = near[i % near.length] as Placed;
      out.push({ type: "tractor", craft: v.id, target: f.id });
    }
  }
  return out;
}

/** S6: the Nukes worth exploding, at most one a turn (the blast changes what the next would catch). */
export function nukeOrders(knownState: SpaceWarState, b: Battle, seat: SeatId): Order[] {
  let best: { id: string; worth: number } | undefined;
  for (const c of b.craft) {
    if (c.owner !== seat || !isPlaced(c) || c.tractoredBy !== undefined || weapons(c).N === 0) continue;
    const worth = nukeWorth(knownState, b, seat, c);
    if (worth > 0.5 && (!best || worth > best.worth)) best = { id: c.id, worth };
  }
  return best ? [{ type: "nuke", craft: best.id }] : [];
}

/** The order in which damaged modules are repaired. */
export const REPAIR_PREFERENCE: readonly (Module | "hotel")[] = ["E", "T", "L", "M", "EM", "SB", "SR", "EL", "A", "TR", "N", "hotel"];

function repairsOf(c: Craft, dice: number): RepairOrder[] {
  const damaged = c.modules
    .map((m, i) => ({ m, i }))
    .filter((x) => x.m.damaged)
    .sort((a, d) => REPAIR_PREFERENCE.indexOf(a.m.module) - REPAIR_PREFERENCE.indexOf(d.m.module) || a.i - d.i);
  return damaged.slice(0, dice).map((x) => ({ type: "repair", craft: c.id, module: x.i }));
}

/** S10: Self-Repair dice on each vessel (the Saboteur's one more, l.775), Shuttle Bay dice on the fighters aboard (l.643-647). */
export function repairOrders(knownState: SpaceWarState, b: Battle, seat: SeatId): Order[] {
  const out: Order[] = [];
  for (const v of b.craft) {
    if (v.owner !== seat || v.type !== "vessel" || !isPlaced(v)) continue;
    const sr = operating(v, "SR");
    if (sr > 0) out.push(...repairsOf(v, sr + (crewMedals(knownState, v).includes("saboteur") ? 1 : 0)));
    let bays = operating(v, "SB");
    for (const f of b.craft) {
      if (bays <= 0) break;
      if (f.owner !== seat || f.where.kind !== "aboard" || f.where.vessel !== v.id) continue;
      const r = repairsOf(f, bays);
      bays -= r.length;
      out.push(...r);
    }
  }
  return out;
}

/**
 * The known state as S7 will find it: the craft just launched on the table (face down), those retrieved or exploded
 * off it.
 */
function afterS6(
  knownState: SpaceWarState,
  launched: ReadonlyMap<string, { at: Point; heading: number }>,
  off: ReadonlySet<string>,
): SpaceWarState {
  const b = knownState.campaign.battle;
  if (!b || (launched.size === 0 && off.size === 0)) return knownState;
  const craft = b.craft.map((c): Craft => {
    const p = launched.get(c.id);
    if (p) return { ...c, where: { kind: "hidden", at: p.at, heading: p.heading } };
    return off.has(c.id) ? { ...c, where: { kind: "gone", how: "destroyed" } } : c;
  });
  return { ...knownState, campaign: { ...knownState.campaign, battle: { ...b, craft } } };
}

/** The known state without the seat's allies' craft and tallies (the Wall of Battle; unchanged elsewhere). */
export function withoutAllies(known: SpaceWarState, seat: SeatId): SpaceWarState {
  const b = known.campaign.battle;
  const allies = alliesOf(known, seat);
  if (!b || allies.length === 0) return known;
  const tally = Object.fromEntries(Object.entries(b.tally).filter(([s]) => !allies.includes(s)));
  const craft = b.craft.filter((c) => !allies.includes(c.owner));
  return { ...known, campaign: { ...known.campaign, battle: { ...b, craft, tally } } };
}

/**
 * The seat's allies (the Wall of Battle) as its moves see them: their craft to keep clear of, and each armed ally
 * craft's line to the enemy craft nearest it (within 24"), which the bot's craft should not end across ("don't block
 * their lines": an ally's move goes around a craft in its way, l.508).
 */
export function alliesOnTable(whole: SpaceWarState, all: Battle, seat: SeatId): Allies {
  const allies = alliesOf(whole, seat);
  if (allies.length === 0) return { at: [], lanes: [] };
  const enemies = enemiesOf(whole, seat);
  const theirs = all.craft.filter((c): c is Placed => allies.includes(c.owner) && isPlaced(c));
  const foes = all.craft.filter((c): c is Placed => enemies.includes(c.owner) && isPlaced(c) && military(c));
  const lanes: Lane[] = [];
  for (const a of theirs) {
    const w = weapons(a);
    if (w.L + w.M + w.EM === 0) continue;
    let near: Placed | undefined;
    for (const f of foes) if (!near || distance(a.where.at, f.where.at) < distance(a.where.at, near.where.at)) near = f;
    if (near && distance(a.where.at, near.where.at) <= 24) lanes.push({ from: a.where.at, to: near.where.at });
  }
  return { at: theirs.map((c) => c.where.at), lanes };
}

/** The seat's orders for its player turn (S3-S10). */
export function turnOrders(whole: SpaceWarState, seat: SeatId, _rng: Rng): Order[] {
  const all = whole.campaign.battle;
  if (!all || all.ended || all.active !== seat) return [];
  // The nukes weigh every craft, allies' too; every other choice sees only the bot's and the enemy's craft, so that it
  // never aims at, rams, tractors or closes on an ally ("You may not target friendly allied Craft", l.1023).
  const nukes = nukeOrders(whole, all, seat);
  const knownState = withoutAllies(whole, seat);
  const b = knownState.campaign.battle ?? all;
  if (giveUp(knownState, b, seat, whole)) return [{ type: "give-up" }];
  const s4 = fighterOrders(b, seat);
  const off = new Set<string>();
  // Off the table for S7 and S9: retrieved and exploded craft, and rammers (the ram moves them, S8).
  for (const o of [...s4.orders, ...nukes]) if ((o.type === "retrieve" || o.type === "nuke") && o.craft) off.add(o.craft);
  const rams = ramOrders(knownState, b, seat, new Set([...off, ...s4.launched.keys()]), whole);
  // Rammers stay where they are for S7 (others keep clear of them) and are moved by their ram in S8; they do not shoot.
  const rammers = new Set(rams.map((r) => r.craft));
  const after = afterS6(knownState, s4.launched, off);
  const moves = moveOrders(after, seat, rammers, alliesOnTable(whole, all, seat));
  return [
    ...s4.orders,
    ...tractorOrders(b, seat),
    ...nukes,
    ...moves.orders,
    ...rams,
    ...fireOrders(after, seat, moves.poses, rammers),
    ...repairOrders(knownState, b, seat),
  ];
}
