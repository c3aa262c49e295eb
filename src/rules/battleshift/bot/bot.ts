/**
 * Bots for Battleshift.
 *
 * `botOrders` fights sensibly: it writes a sequence that sends the taskforces
 * nearest the enemy first, plans a battleshift for a taskforce buried under
 * suppression markers (they come back clean) and makes emergency shifts for
 * squadrons being shot to pieces ("an excellent way to rescue taskforces that are
 * being targeted by superior firepower"); it focuses the fire of a taskforce on one
 * enemy squadron, synchronising every squadron that can bear so the hits stack for
 * suppression and swamp the shields; it moves a taskforce as one block (same
 * heading and distance for every squadron, facings matched to the flagship), so
 * coherency and command range hold; it launches missiles and fighters at the best
 * target in reach and recovers idle flights.
 *
 * `randomLegalOrders` is the yardstick: every order it gives passes the engine's own
 * checks when given (random legal targets, random moves inside the movement arc that
 * stay on the table), with no plan at all.
 *
 * Both plan on a throwaway copy of the state with the engine's own geometry,
 * movement and firing checks, so what they order is what the engine will accept.
 */
import { cloneData } from "../../../core/json.js";
import { Rng } from "../../../core/rng.js";
import { shiftInBlocked, shiftOutBlocked } from "../battlespace/battleshifting.js";
import { bears, defaultHeavyWeapons, defaultLightWeapons, type Moment, momentNow, WEAPONS, type WeaponKey } from "../combat/fire.js";
import { lineOfSight } from "../combat/line-of-sight.js";
import { Ctx } from "../context.js";
import { FIGHTER_MOVE, flightsOf, wingsReady } from "../fighters-and-missiles/fighters.js";
import { carrierPresent, MISSILE_RANGE } from "../fighters-and-missiles/missiles.js";
import { angleDiff, bearing, centroid, dist, inArc, normDeg, offset, type Point } from "../geometry.js";
import {
  type BattleState,
  baseOverlap,
  capsOf,
  designOfSquadron,
  type Flight,
  flagshipPoint,
  movementLimits,
  otherSide,
  type PlanetInPlay,
  type Prize,
  type SideId,
  type Squadron,
  squadronList,
  squadronMove,
  squadronsOfTaskforce,
  systemsOf,
} from "../model.js";
import type { Order, OrderOf, Orders } from "../orders.js";
import { surfaceCost } from "../planets/planet.js";
import { quadrantFlightTarget } from "../planets/planet-air.js";
import { groundBotOrders, planetBotTurn, randomPlanetOrders } from "../planets/planet-orders.js";
import { planetApproachOrders, planetBotOrders, planetList } from "../planets/planet-play.js";
import { moveSquadron, taskforceCone } from "../turn/movement.js";
import { activationUnit, currentSlot, taskforcesOnTable } from "../turn/turn.js";
import {
  engulfable,
  engulfHunt,
  engulfStalk,
  hasPrey,
  type MoveEnd,
  onTableAfter,
  preySquadrons,
  randomEngulfOrders,
  randomTractorOrders,
  tractorBy,
} from "./bot-engulf.js";

// ---------------------------------------------------------------------------
// Shared helpers

function planner(state: BattleState, side: SideId): Ctx {
  const copy = cloneData(state);
  copy.activationNo++;
  return new Ctx(copy, Rng.fromSeed(0), side, true);
}

function enemies(state: BattleState, side: SideId): Squadron[] {
  return squadronList(state).filter((s) => s.side !== side && s.location === "table" && s.ships.length > 0);
}

function minShipDist(a: Squadron, b: Squadron): number {
  let m = Number.POSITIVE_INFINITY;
  for (const p of a.ships) for (const q of b.ships) m = Math.min(m, dist(p, q));
  return m;
}

/** Expected unsaved hits of `dice` at `targeting` against a squadron (a rough measure for choosing targets). */
function expectedDamage(state: BattleState, dice: number, targeting: number, target: Squadron, reduction: number): number {
  const d = designOfSquadron(state, target);
  const p = Math.max(1, Math.min(6, targeting)) / 6;
  const hits = dice * p;
  const hardness = Math.max(0, d.hardness - reduction);
  const save = Math.min(1, hardness / 6);
  const shieldRolls = Math.min(hits, target.ships.length) * d.shields;
  const saved = Math.min(hits, shieldRolls * save);
  return Math.max(0, hits - saved);
}

/** How attractive a target is: expected damage against what is left of it, weighted by its cost. */
function targetValue(state: BattleState, target: Squadron, expDmg: number): number {
  const d = designOfSquadron(state, target);
  const left = Math.max(1, target.initialShips * d.hull - target.damage);
  return (expDmg / left) * d.cost * target.ships.length + expDmg * 0.1;
}

interface Shot {
  squadrons: string[];
  target: string;
  keys: WeaponKey[];
}

/** Which of the keys can a squadron bring on the target now (range, arc, line of sight)? */
function bearingKeys(
  ctx: Ctx,
  sq: Squadron,
  target: Squadron,
  keys: readonly WeaponKey[],
  m: Moment,
): { keys: WeaponKey[]; dice: number; targeting: number } {
  const out: WeaponKey[] = [];
  let dice = 0;
  const active = sq.ships.filter((s) => !s.disabled);
  let penalty = 0;
  let losDone = false;
  for (const k of keys) {
    const w = WEAPONS[k];
    // Each active ship's own batteries (a mixed squadron's differ).
    const per = systemsOf(ctx.state, sq, active, w.count);
    if (per <= 0) continue;
    if (!bears(ctx, sq, w, m, target).ok) continue;
    if (!losDone) {
      const los = lineOfSight(ctx.los, sq, target, m.ships);
      losDone = true;
      if (!los.ok) return { keys: [], dice: 0, targeting: 0 };
      penalty = los.penalty;
    }
    out.push(k);
    dice += per;
  }
  return { keys: out, dice, targeting: 4 - sq.suppression - penalty };
}

/** Focus fire: pick the target where the squadrons that can bear do the most, fire them together; the rest pick their own. */
function focusFire(
  ctx: Ctx,
  shooters: Squadron[],
  foes: Squadron[],
  keysOf: (sq: Squadron) => WeaponKey[],
  momentOf: (sq: Squadron) => Moment,
  reduction: number,
): Shot[] {
  const state = ctx.state;
  const shots: Shot[] = [];
  let left = shooters.filter((s) => keysOf(s).length > 0 && s.ships.some((x) => !x.disabled));
  while (left.length > 0) {
    let best: { value: number; target: Squadron; group: { sq: Squadron; keys: WeaponKey[] }[] } | null = null;
    for (const t of foes) {
      if (t.ships.length === 0) continue;
      const group: { sq: Squadron; keys: WeaponKey[] }[] = [];
      let dmg = 0;
      for (const sq of left) {
        const b = bearingKeys(ctx, sq, t, keysOf(sq), momentOf(sq));
        if (b.keys.length === 0) continue;
        group.push({ sq, keys: b.keys });
        dmg += expectedDamage(state, b.dice, b.targeting, t, reduction);
      }
      if (group.length === 0) continue;
      const value = targetValue(state, t, dmg);
      if (!best || value > best.value) best = { value, target: t, group };
    }
    if (!best) break;
    // Detached squadrons cannot synchronise: split them into single shots.
    const together = best.group.filter((g) => g.sq.taskforce !== null);
    const alone = best.group.filter((g) => g.sq.taskforce === null);
    const byTf = new Map<string, { sq: Squadron; keys: WeaponKey[] }[]>();
    for (const g of together) {
      const k = g.sq.taskforce as string;
      byTf.set(k, [...(byTf.get(k) ?? []), g]);
    }
    for (const list of byTf.values()) {
      for (let i = 0; i < list.length; i += 5) {
        const part = list.slice(i, i + 5);
        shots.push({ squadrons: part.map((g) => g.sq.id), target: best.target.id, keys: [...new Set(part.flatMap((g) => g.keys))] });
      }
    }
    for (const g of alone) shots.push({ squadrons: [g.sq.id], target: best.target.id, keys: g.keys });
    const used = new Set(best.group.map((g) => g.sq.id));
    left = left.filter((s) => !used.has(s.id));
  }
  return shots;
}

function clampTurn(target: number, centre: number, maxDev: number): number {
  if (maxDev >= 180) return normDeg(target);
  const d = angleDiff(centre, target);
  if (Math.abs(d) <= maxDev) return normDeg(target);
  return normDeg(centre + Math.sign(d) * maxDev);
}

/** The farthest a set of points can go along `heading` (up to `want`) and stay on the table. */
function onTableDistance(state: BattleState, pts: readonly Point[], heading: number, want: number): number {
  let d = want;
  for (let k = 0; k < 30 && d > 0.05; k++) {
    if (onTableAfter(state, pts, heading, d)) return d;
    d *= 0.8;
  }
  return 0;
}

/** A heading inside every squadron's movement arc, as close as possible to `desired` (null when the arcs do not overlap). */
function commonHeading(state: BattleState, squadrons: readonly Squadron[], desired: number): number | null {
  const arcs = squadrons.map((s) => ({ c: s.facing, half: movementLimits(designOfSquadron(state, s).size).arc / 2 }));
  const fits = (h: number) => arcs.every((a) => a.half >= 180 || Math.abs(angleDiff(a.c, h)) <= a.half + 0.001);
  if (fits(desired)) return normDeg(desired);
  let best: number | null = null;
  for (const a of arcs) {
    if (a.half >= 180) continue;
    for (const e of [a.c - a.half, a.c + a.half]) {
      if (!fits(e)) continue;
      if (best === null || Math.abs(angleDiff(desired, e)) < Math.abs(angleDiff(desired, best))) best = normDeg(e);
    }
  }
  return best;
}

// ---------------------------------------------------------------------------
// The sensible bot

export function botOrders(state: BattleState, side: SideId): Orders {
  const ts = state.turnState;
  if (state.outcome || ts.phase === "over") return { orders: [] };
  if (ts.phase === "sequences") return { orders: sheetOrders(state, side) };
  const slot = currentSlot(state);
  if (!slot || slot.side !== side) return { orders: [] };
  return { orders: activationOrders(state, side) };
}

function sheetOrders(state: BattleState, side: SideId): Order[] {
  const foes = enemies(state, side);
  const tfs = taskforcesOnTable(state, side);
  const distTo = (tf: string): number => {
    const sqs = squadronsOfTaskforce(state, tf);
    let m = Number.POSITIVE_INFINITY;
    for (const s of sqs) for (const e of foes) m = Math.min(m, dist(centroid(s.ships), centroid(e.ships)));
    return m;
  };
  const seq = [...tfs].sort((a, b) => distTo(a) - distTo(b) || (a < b ? -1 : 1));
  const orders: Order[] = [
    { type: "sequence", taskforces: seq },
    { type: "initiative", choose: "first" },
  ];
  // A taskforce buried under suppression shifts out and comes back two turns later, clean, on its own side of the table.
  for (const tf of tfs) {
    const sqs = squadronsOfTaskforce(state, tf);
    if (sqs.length === 0) continue;
    const buried = sqs.every((s) => s.suppression >= 2) && distTo(tf) < 30;
    if (!buried) continue;
    if (sqs.some((s) => shiftOutBlocked(state, s))) continue;
    const home = side === "blue" ? 1 : state.battlespace.widthFt;
    for (let row = 1; row <= state.battlespace.depthFt; row++) {
      const sector = { col: home, row };
      if (shiftInBlocked(state, side, sector)) continue;
      if (state.turn + 2 > state.settings.turnLimit) break;
      orders.push({
        type: "shift",
        unit: tf,
        returnTurn: state.turn + 2,
        sector: `${home}${"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[row - 1]}`,
        facing: side === "blue" ? 90 : 270,
      });
      break;
    }
  }
  return orders;
}

/** The planet or moon whose activation `slot` is, if any. */
function slotPlanet(state: BattleState, slot: { taskforce: string | null }): PlanetInPlay | undefined {
  return slot.taskforce && state.settings.planets ? state.planets?.[slot.taskforce] : undefined;
}

/** Ground moves of the invaders on the other sides' planets (RULINGS "Assault forces from quadrant to quadrant"). */
function invaderMoves(state: BattleState, side: SideId): Order[] {
  return planetList(state)
    .filter((p) => p.side !== side)
    .flatMap((p) => groundBotOrders(state, side, p, false));
}

function activationOrders(state: BattleState, side: SideId): Order[] {
  const slot = currentSlot(state);
  if (!slot) return [];
  const planet = slotPlanet(state, slot);
  if (planet) return planetBotTurn(state, side, planet);
  const unit = activationUnit(state, slot, []);
  if (unit.squadrons.length === 0) return [];
  const ctx = planner(state, side);
  const s = ctx.state;
  const mine = unit.squadrons.map((q) => s.squadrons[q.id] as Squadron).filter((q) => q.location === "table" && q.ships.length > 0);
  const foes = enemies(s, side);
  const orders: Order[] = [];
  // With no enemy squadron left the bot attacks the planet: its ships close in, its fighters go at the quadrants,
  // its landed assault units walk on.
  if (foes.length === 0 && mine.length > 0)
    return [...planetApproachOrders(s, side, mine), ...fighterOrders(ctx, side, unit.squadrons, mine, foes), ...invaderMoves(s, side)];
  if (foes.length === 0 || mine.length === 0) return orders;

  // 0. Command: move the flag off a squadron about to die.
  if (unit.taskforce) {
    const tf = s.taskforces[unit.taskforce];
    const flagSq = tf?.flagship ? s.squadrons[tf.flagship.squadron] : undefined;
    if (tf && flagSq && flagSq.ships.length <= 1) {
      const size = designOfSquadron(s, flagSq).size;
      const heir = mine.find((q) => q.id !== flagSq.id && q.ships.length >= 2 && designOfSquadron(s, q).size >= size);
      if (heir) {
        orders.push({ type: "command", squadron: heir.id });
        tf.flagship = { squadron: heir.id, ship: (heir.ships[0] as { id: string }).id };
      }
    }
  }

  // Emergency shifts for squadrons being shot to pieces with the enemy close.
  const stay: Squadron[] = [];
  for (const q of mine) {
    const d = designOfSquadron(s, q);
    const wrecked = q.ships.length <= Math.ceil(q.initialShips / 3) && q.damage >= d.hull && q.initialShips > 1;
    const threatened = foes.some((e) => minShipDist(q, e) <= 18);
    const isFlag = unit.taskforce && s.taskforces[unit.taskforce]?.flagship?.squadron === q.id;
    if (wrecked && threatened && !isFlag && !shiftOutBlocked(s, q)) {
      orders.push({ type: "emergencyShift", squadron: q.id });
    } else stay.push(q);
  }
  if (stay.length === 0) return orders;

  // Squadrons whose disabled ship an engulfer of ours can take this move: no missiles, fire or fighters at them.
  const prey = preySquadrons(s, stay);
  // 1. Missiles: each launcher at the best target within 24" it can see.
  for (const q of stay) {
    if (capsOf(s, q).missiles <= 0 || !q.ships.some((x) => !x.disabled)) continue;
    let best: { v: number; t: Squadron } | null = null;
    for (const t of foes) {
      if (prey.has(t.id) || minShipDist(q, t) > MISSILE_RANGE) continue;
      const los = lineOfSight(ctx.los, q, t);
      if (!los.ok) continue;
      // Each active ship's own launchers (a mixed squadron's differ).
      const missiles = systemsOf(
        s,
        q,
        q.ships.filter((x) => !x.disabled),
        (c) => c.missiles,
      );
      const p = Math.max(1, Math.min(6, 5 - q.suppression - los.penalty)) / 6;
      const v = targetValue(s, t, expectedDamage(s, p * missiles, 6, t, 1));
      if (!best || v > best.v) best = { v, t };
    }
    if (best) orders.push({ type: "missiles", squadron: q.id, target: best.t.id });
  }

  // 2. Heavy batteries: focus fire (not at a squadron whose disabled ship an engulfer of ours is about to take).
  const heavyShots = focusFire(
    ctx,
    stay,
    foes.filter((t) => !prey.has(t.id)),
    (q) => defaultHeavyWeapons(capsOf(s, q)),
    (q) => momentNow(q),
    2,
  );
  // A target an engulfer of this side could reach next (its move and 6" more) is fired at to disable: "A ship merely
  // has to move into contact with the disabled ship during its movement to engulf", and it scores its cost as a prize.
  const takeable = (id: string): boolean => {
    const t = s.squadrons[id];
    return (
      !!t &&
      engulfable(s, side, t) &&
      squadronList(s).some(
        (q) =>
          q.side === side &&
          q.location === "table" &&
          !q.station &&
          capsOf(s, q).engulfing > 0 &&
          t.ships.some((x) => q.ships.some((e) => dist(e, x) <= squadronMove(s, q) + 6)),
      )
    );
  };
  /** The planned shots of one kind of battery as orders: at a ship an engulfer of the side could take, to disable. */
  const fire = <T extends "heavy" | "light">(type: T, shots: readonly Shot[]): void => {
    for (const sh of shots)
      orders.push({
        type,
        squadrons: sh.squadrons,
        target: sh.target,
        weapons: sh.keys as OrderOf<T>["weapons"],
        ...(takeable(sh.target) ? { disable: true } : {}),
      } as OrderOf<T>);
  };
  fire("heavy", heavyShots);

  // 3. Move the taskforce as one block toward the nearest enemy, stopping at its preferred range; an engulfing
  // squadron with a disabled enemy ship it can take within its move goes into contact with it instead.
  const hunts: OrderOf<"engulf">[] = [];
  const hunted = new Set<string>();
  const movers = stay.filter((q) => !q.station && q.ships.some((x) => !x.disabled));
  if (movers.length) {
    const centre = centroid(movers.flatMap((q) => q.ships));
    let goal = foes[0] as Squadron;
    for (const e of foes) if (dist(centre, centroid(e.ships)) < dist(centre, centroid(goal.ships))) goal = e;
    const goalPt = centroid(goal.ships);
    const caps = movers.map((q) => capsOf(s, q));
    const lightPower = caps.reduce((t, c) => t + c.light + c.ion, 0);
    const heavyPower = caps.reduce((t, c) => t + c.heavy + c.broadside + c.superHeavy + c.heavyIon, 0);
    const standoff = heavyPower > lightPower ? 15 : lightPower > 0 ? 7 : 18;
    const gap = dist(centre, goalPt);
    const want = Math.max(0, gap - standoff);
    const desired = bearing(centre, goalPt);
    const speed = Math.min(...movers.map((q) => squadronMove(s, q)));
    const heading = commonHeading(s, movers, desired);
    const flagId = unit.taskforce ? s.taskforces[unit.taskforce]?.flagship?.squadron : undefined;
    const flagSq = movers.find((q) => q.id === flagId) ?? movers[0];
    let distance = 0;
    if (heading !== null)
      distance = onTableDistance(
        s,
        movers.flatMap((q) => q.ships.filter((x) => !x.disabled)),
        heading,
        Math.min(speed, want),
      );
    // RULINGS "Bases": the block stops short where one of its ships would end on another squadron's base (the block
    // moves as one, so its own squadrons keep their places; the others are where they are now).
    if (heading !== null && distance > 0) {
      const ids = new Set(movers.map((q) => q.id));
      const others = { ...s, squadrons: Object.fromEntries(Object.entries(s.squadrons).filter(([id]) => !ids.has(id))) };
      const clear = (d: number) =>
        movers.every(
          (q) =>
            !baseOverlap(
              others,
              q.id,
              q.ships.filter((x) => !x.disabled).map((x) => ({ id: x.id, ...offset(x, heading, d) })),
            ),
        );
      while (distance > 0 && !clear(distance)) distance = Math.max(0, Math.floor((distance - 0.5) * 1000) / 1000);
    }
    // Facings: the flagship turns toward the enemy as far as it may; the others match it.
    const moved = new Set<string>();
    const active = new Set(movers.map((q) => q.id));
    const flagRef = distance > 0 && heading !== null ? heading : (flagSq as Squadron).facing;
    const endCentre = distance > 0 && heading !== null ? offset(centre, heading, distance) : centre;
    const wantFacing = bearing(endCentre, goalPt);
    const flagFacing = clampTurn(wantFacing, flagRef, movementLimits(designOfSquadron(s, flagSq as Squadron).size).facingChange);
    const ordered = [flagSq as Squadron, ...movers.filter((q) => q !== flagSq)];
    const blockEnd = (q: Squadron): Point[] =>
      q.ships.filter((x) => !x.disabled).map((x) => (distance > 0 && heading !== null ? offset(x, heading, distance) : x));
    for (const q of ordered) {
      const hunt = engulfHunt(
        ctx,
        q,
        flagFacing,
        huntFits(s, q, flagSq as Squadron, ordered, flagFacing, blockEnd),
        { active, moved },
        hunted,
      );
      if (hunt) {
        orders.push(hunt.move);
        hunts.push(hunt.engulf);
        continue;
      }
      // Prey out of reach but within two moves: close on it, to take it next turn.
      const stalk = engulfStalk(
        ctx,
        q,
        { active, moved },
        2 * squadronMove(s, q),
        flagFacing,
        huntFits(s, q, flagSq as Squadron, ordered, flagFacing, blockEnd),
      );
      if (stalk) {
        orders.push(stalk);
        continue;
      }
      const lim = movementLimits(designOfSquadron(s, q).size);
      const ref = distance > 0 && heading !== null ? heading : q.facing;
      let facing = clampTurn(q === flagSq ? flagFacing : flagFacing, ref, lim.facingChange);
      if (q !== flagSq && !inArc(facing, lim.arc, flagFacing)) facing = clampTurn(flagFacing, ref, lim.facingChange);
      const o: OrderOf<"move"> =
        distance > 0 && heading !== null
          ? {
              type: "move",
              squadron: q.id,
              heading: Math.round(heading * 1000) / 1000,
              distance: Math.floor(distance * 1000) / 1000,
              facing: Math.round(facing * 1000) / 1000,
            }
          : { type: "move", squadron: q.id, distance: 0, heading: q.facing, facing: Math.round(facing * 1000) / 1000 };
      // The sensible bot fights out of formation ("Formations"): a squadron found in one breaks it as it moves.
      if (q.formation && s.settings.formations === true) o.formation = "none";
      // Apply on the planning copy with the engine's own rules; keep only what it accepts.
      const before = ctx.problems.length;
      let p = moveSquadron(ctx, o, "plan", active, moved);
      // A block move that would end on another squadron's bases (RULINGS "Bases"): the same move, a little shorter,
      // else the same distance a little to either side, so the squadron keeps with its taskforce.
      if (!p && ctx.problems.at(-1)?.code === "bases-overlap" && distance > 0 && heading !== null) {
        const tries: { h: number; d: number }[] = [];
        for (let cut = 0.5; cut <= Math.min(distance, 6); cut += 0.5) tries.push({ h: heading, d: distance - cut });
        for (const side of [15, -15, 30, -30, 45, -45, 60, -60, 90, -90])
          for (let d = distance; d > 0; d -= 1) tries.push({ h: heading + side, d });
        // Those that end within command range of the flagship (already moved on the copy) first.
        const tf = q.taskforce ? s.taskforces[q.taskforce] : undefined;
        const flag = tf ? flagshipPoint(s, tf) : null;
        const inRange = (t: { h: number; d: number }): boolean =>
          !flag || q.ships.some((x) => !x.disabled && dist(offset(x, t.h, t.d), flag) <= s.settings.commandRange - 0.05);
        tries.sort((a, b) => Number(inRange(b)) - Number(inRange(a)));
        for (const t of tries) {
          ctx.problems.length = before;
          o.heading = Math.round(normDeg(t.h) * 1000) / 1000;
          o.distance = Math.floor(t.d * 1000) / 1000;
          p = moveSquadron(ctx, o, "plan", active, moved);
          if (p) break;
        }
      }
      if (p && ctx.problems.length === before) orders.push(o);
      else if (o.formation === "none") {
        // A ring cannot move 12" ships: break it on the spot, turning to the wanted facing.
        const stay: OrderOf<"move"> = {
          type: "move",
          squadron: q.id,
          distance: 0,
          heading: q.facing,
          facing: o.facing ?? q.facing,
          formation: "none",
        };
        ctx.problems.length = before;
        if (moveSquadron(ctx, stay, "plan", active, moved) && ctx.problems.length === before) orders.push(stay);
      }
    }
  }

  // Light batteries (after the move, at the end positions): focus again.
  const foesNow = enemies(s, side);
  const lightShots = focusFire(
    ctx,
    stay.filter((q) => q.location === "table"),
    foesNow.filter((t) => !prey.has(t.id)),
    (q) => defaultLightWeapons(capsOf(s, q)),
    (q) => momentNow(q),
    0,
  );
  fire("light", lightShots);

  // 4. Fighters: launch ready wings as one flight at the best target within reach; move or land flights already out.
  orders.push(
    ...fighterOrders(
      ctx,
      side,
      unit.squadrons,
      stay,
      foesNow.filter((t) => !prey.has(t.id)),
    ),
  );

  // 6. Board disabled enemy ships our ships touch.
  const beamsUsed = new Set<string>();
  for (const t of foesNow) {
    const dis = t.ships.find((x) => x.disabled && !hunted.has(x.id));
    if (!dis) continue;
    // With tractor beams a ship in contact at least as large takes it with no roll (tractor.ts).
    const beam = s.settings.tractorBeams ? tractorBy(ctx, stay, { squadron: t, ship: dis }, beamsUsed) : undefined;
    if (beam) {
      orders.push({ type: "tractor", squadron: beam.id, target: t.id, ship: dis.id });
      continue;
    }
    const touching = stay.filter((q) => q.ships.some((x) => !x.disabled && dist(x, dis) <= 1));
    if (touching.length) orders.push({ type: "board", squadrons: touching.slice(0, 5).map((q) => q.id), target: t.id, ship: dis.id });
  }

  // "A ship merely has to move into contact with the disabled ship during its movement to engulf" (bot-engulf.ts).
  orders.push(...hunts);

  // Release friends repaired inside our engulfers: they fight again (RULINGS "Releasing a friendly engulfed ship").
  for (const p of Object.keys(s.prizes)
    .sort()
    .map((k) => s.prizes[k] as Prize)) {
    if (p.side === side && p.fromSide === side && p.engulfed && p.repaired && stay.some((q) => q.id === p.squadron))
      orders.push({ type: "release", squadron: p.squadron, target: p.id });
  }

  // 8. Gather detached friends near the flagship.
  if (unit.taskforce) {
    const tf = s.taskforces[unit.taskforce];
    const fs = tf?.flagship ? s.squadrons[tf.flagship.squadron]?.ships.find((x) => x.id === tf.flagship?.ship) : undefined;
    if (tf && fs) {
      let members = squadronsOfTaskforce(s, tf.id).length;
      for (const q of squadronList(s)) {
        if (members >= s.settings.squadronsPerTaskforce) break;
        if (q.side !== side || q.taskforce !== null || q.location !== "table" || q.ships.length === 0 || q.station) continue;
        if (q.ships.some((x) => dist(x, fs) <= s.settings.commandRange - 0.01)) {
          orders.push({ type: "join", squadron: q.id });
          members++;
        }
      }
    }
  }
  // A detached activation names its squadron first.
  // "Planets (Extremely experimental)": fire at the quadrant faced with idle heavy batteries; land assault units in reach.
  for (const o of planetBotOrders(s, side, mine, orders as { type: string; squadrons?: string[] }[], () => 0)) {
    if (o.type === "board") {
      // The landing squadron holds position (its move would carry it off the surface).
      const i = orders.findIndex((x) => x.type === "move" && x.squadron === o.squadrons[0]);
      if (i >= 0) orders.splice(i, 1);
    }
    orders.push(o);
  }
  orders.push(...invaderMoves(s, side));
  if (!unit.taskforce && unit.squadrons[0]) orders.sort((a, b) => Number(b.type === "move") - Number(a.type === "move"));
  return orders;
}

/**
 * Whether an engulfing squadron may leave the block for its prey: in a taskforce, a ship of each squadron ends within
 * command range of the flagship (a hunting flagship: of where it ends, the others where the block takes them; and it
 * ends facing the block's facing, so the taskforce facing rule holds).
 */
function huntFits(
  s: BattleState,
  q: Squadron,
  flagSq: Squadron,
  ordered: readonly Squadron[],
  flagFacing: number,
  blockEnd: (q: Squadron) => Point[],
): (end: MoveEnd) => boolean {
  const tf = q.taskforce ? s.taskforces[q.taskforce] : undefined;
  const near = (pts: readonly Point[], at: Point) => pts.some((p) => dist(p, at) <= s.settings.commandRange - 0.5);
  if (!tf?.flagship) return () => true;
  const flagShip = tf.flagship.ship;
  if (q === flagSq)
    return (end) => {
      const at = end.ends.get(flagShip);
      return !!at && Math.abs(angleDiff(end.facing, flagFacing)) < 0.01 && ordered.every((o) => o === q || near(blockEnd(o), at));
    };
  const arc = movementLimits(designOfSquadron(s, q).size).arc;
  return (end) => {
    const at = flagshipPoint(s, tf);
    return (!at || near([...end.ends.values()], at)) && inArc(end.facing, arc, flagFacing);
  };
}

function round(p: Point): Point {
  return { x: Math.round(p.x * 1000) / 1000, y: Math.round(p.y * 1000) / 1000 };
}

/**
 * Fighters: launch ready wings as one flight at the best target within reach, else at the weakest enemy-held quadrant
 * in reach (planet-air.ts); move or land flights already out. Flights of a planet's quadrants move in its activation.
 */
function fighterOrders(
  ctx: Ctx,
  side: SideId,
  unit: readonly Squadron[],
  carriers: readonly Squadron[],
  foes: readonly Squadron[],
): Order[] {
  const s = ctx.state;
  const orders: Order[] = [];
  for (const q of carriers) {
    const bays = capsOf(s, q).fighterBays;
    if (bays <= 0) continue;
    const ready = wingsReady(s, q);
    const launchFrom = q.ships.find((x) => !x.disabled);
    if (ready > 0 && launchFrom && flightsOf(ctx, q.id).length < 2) {
      const t = fighterTarget(s, side, launchFrom, foes) ?? quadrantFlightTarget(s, side, launchFrom);
      if (t) orders.push({ type: "flight", squadron: q.id, wings: ready, path: [t.end], target: t.id });
    }
  }
  for (const f of ownFlights(s, side)) {
    const carrier = s.squadrons[f.carrier];
    const carrierHere = carrierPresent(ctx, f);
    if (carrierHere && !unit.some((q) => q.id === f.carrier)) continue;
    if (f.movedTurn === s.turn) continue;
    // "It takes 12" of movement for a fighter flight to go ... from ground to space."
    const ascent = surfaceCost(s.battlespace.terrain, f.grounded);
    const t = fighterTarget(s, side, f, foes, FIGHTER_MOVE - ascent) ?? quadrantFlightTarget(s, side, f, f.grounded);
    if (t) {
      orders.push({ type: "flight", flight: f.id, path: [t.end], target: t.id });
    } else if (carrierHere && carrier) {
      const home = carrier.ships.find((x) => !x.disabled) ?? carrier.ships[0];
      if (home && dist(f, home) + ascent <= FIGHTER_MOVE) {
        const end = dist(f, home) > 0.5 ? offset(home, bearing(home, f), 0.5) : { x: f.x, y: f.y };
        orders.push({ type: "flight", flight: f.id, path: [round(end)] });
        orders.push({ type: "recover", flight: f.id });
      }
    }
  }
  return orders;
}

function ownFlights(state: BattleState, side: SideId): Flight[] {
  return Object.keys(state.flights)
    .sort()
    .map((k) => state.flights[k] as Flight)
    .filter((f) => f.side === side);
}

/** The nearest enemy squadron whose nearest ship is within a fighter's 24" (path stops on contact). */
function fighterTarget(
  state: BattleState,
  side: SideId,
  from: Point,
  foes: readonly Squadron[],
  reach = FIGHTER_MOVE,
): { id: string; end: Point } | null {
  let best: { id: string; end: Point; d: number } | null = null;
  for (const t of foes) {
    for (const x of t.ships) {
      const d = dist(from, x);
      if (d > reach - 0.2) continue;
      if (!best || d < best.d) {
        const end = d > 0.6 ? offset(from, bearing(from, x), d - 0.5) : { x: from.x, y: from.y };
        best = { id: t.id, end: round(end), d };
      }
    }
  }
  void side;
  void state;
  return best ? { id: best.id, end: best.end } : null;
}

// ---------------------------------------------------------------------------
// The random-legal bot

export function randomLegalOrders(state: BattleState, side: SideId, rng: Rng): Orders {
  const ts = state.turnState;
  if (state.outcome || ts.phase === "over") return { orders: [] };
  if (ts.phase === "sequences") {
    const tfs = rng.shuffle([...taskforcesOnTable(state, side)]);
    return {
      orders: [
        { type: "sequence", taskforces: tfs },
        { type: "initiative", choose: rng.pick(["first", "second"] as const) },
      ],
    };
  }
  const slot = currentSlot(state);
  if (!slot || slot.side !== side) return { orders: [] };
  const planet = slotPlanet(state, slot);
  if (planet) return { orders: randomPlanetOrders(state, side, [planet], true, rng) };
  const unit = activationUnit(state, slot, []);
  const ctx = planner(state, side);
  const s = ctx.state;
  const mine = unit.squadrons.map((q) => s.squadrons[q.id] as Squadron).filter((q) => q.location === "table" && q.ships.length > 0);
  const orders: Order[] = [];
  const foes = enemies(s, side);
  if (foes.length === 0) return { orders };
  for (const q of mine) {
    if (capsOf(s, q).missiles <= 0) continue;
    const options = foes.filter((t) => minShipDist(q, t) <= MISSILE_RANGE && lineOfSight(ctx.los, q, t).ok);
    if (options.length && rng.chance(70)) orders.push({ type: "missiles", squadron: q.id, target: rng.pick(options).id });
  }
  for (const q of mine) {
    const keys = defaultHeavyWeapons(capsOf(s, q));
    if (!keys.length) continue;
    const options = foes.filter((t) => bearingKeys(ctx, q, t, keys, momentNow(q)).keys.length > 0);
    if (!options.length) continue;
    const t = rng.pick(options);
    orders.push({ type: "heavy", squadrons: [q.id], target: t.id, ...(engulfable(s, side, t) && rng.chance(50) ? { disable: true } : {}) });
  }
  const moved = new Set<string>();
  const active = new Set(mine.map((q) => q.id));
  const hunters = new Set<string>();
  if (s.settings.formations === true && unit.taskforce) orders.push(...taskforceConeOrders(ctx, unit.taskforce, mine, rng, active, moved));
  for (const q of mine) {
    if (q.station || moved.has(q.id) || !q.ships.some((x) => !x.disabled)) continue;
    // An engulfing squadron with prey in reach goes into contact with it two times in three, and then engulfs it.
    if (preySquadrons(s, [q]).size > 0 && rng.chance(67)) {
      const hunt = engulfHunt(ctx, q, q.facing, () => true, { active, moved }, new Set());
      if (hunt) {
        orders.push(hunt.move);
        hunters.add(q.id);
        continue;
      }
    }
    // Out of reach, it closes on the nearest two times in three (the dice drawn only when there is prey on the table).
    if (hasPrey(s, q) && rng.chance(67)) {
      const stalk = engulfStalk(ctx, q, { active, moved });
      if (stalk) {
        orders.push(stalk);
        continue;
      }
    }
    // ...and a smaller friend a third of the time: contact is bases touching, which a random move never ends in
    // (RULINGS "Bases"), so the random-legal bot moves into it on purpose.
    if (capsOf(s, q).engulfing > 0 && rng.chance(33)) {
      const hunt = engulfHunt(ctx, q, q.facing, () => true, { active, moved }, new Set(), true);
      if (hunt) {
        orders.push(hunt.move);
        hunters.add(q.id);
        continue;
      }
    }
    const d = designOfSquadron(s, q);
    const lim = movementLimits(d.size);
    const heading = normDeg(q.facing + (rng.float() - 0.5) * Math.min(lim.arc, 359));
    const want = rng.float() * squadronMove(s, q);
    const distance = onTableDistance(
      s,
      q.ships.filter((x) => !x.disabled),
      heading,
      want,
    );
    const ref = distance > 0 ? heading : q.facing;
    const facing = normDeg(ref + (rng.float() - 0.5) * 2 * Math.min(lim.facingChange, 180));
    const o: OrderOf<"move"> = {
      type: "move",
      squadron: q.id,
      heading: Math.round(heading * 1000) / 1000,
      distance: Math.floor(distance * 1000) / 1000,
      facing: Math.round(facing * 1000) / 1000,
    };
    // "Formations (experimental rules)": with the option on, sometimes try to adopt or break one.
    if (s.settings.formations === true && rng.chance(25)) o.formation = rng.pick(["cone", "ring", "none"] as const);
    const before = ctx.problems.length;
    const p = moveSquadron(ctx, o, "plan", active, moved);
    if (p && ctx.problems.length === before) orders.push(o);
  }
  if (s.settings.planets && rng.chance(50))
    orders.push(...planetBotOrders(s, side, mine, orders as { type: string; squadrons?: string[] }[], (q) => squadronMove(s, q)));
  if (s.settings.planets && rng.chance(30))
    orders.push(
      ...randomPlanetOrders(
        s,
        side,
        planetList(s).filter((p) => p.side !== side),
        false,
        rng,
      ),
    );
  for (const q of mine) {
    const keys = defaultLightWeapons(capsOf(s, q));
    if (!keys.length || q.location !== "table") continue;
    const options = enemies(s, side).filter((t) => bearingKeys(ctx, q, t, keys, momentNow(q)).keys.length > 0);
    if (!options.length) continue;
    const t = rng.pick(options);
    orders.push({ type: "light", squadrons: [q.id], target: t.id, ...(engulfable(s, side, t) && rng.chance(50) ? { disable: true } : {}) });
  }
  for (const q of mine) {
    if (capsOf(s, q).fighterBays <= 0 || wingsReady(s, q) <= 0 || !rng.chance(50)) continue;
    const from = q.ships.find((x) => !x.disabled);
    if (!from) continue;
    // "Fighters can only attack a quadrant by coming into contact with it" (planet-air.ts): sometimes a quadrant.
    const ground = s.settings.planets && rng.chance(30) ? quadrantFlightTarget(s, side, from) : null;
    if (ground) {
      orders.push({ type: "flight", squadron: q.id, path: [ground.end], target: ground.id });
      continue;
    }
    const options = enemies(s, side).filter((t) => t.ships.some((x) => dist(x, from) <= FIGHTER_MOVE - 0.2));
    if (!options.length) continue;
    const t = rng.pick(options);
    const x = t.ships.reduce((a, b) => (dist(a, from) <= dist(b, from) ? a : b));
    const dd = dist(from, x);
    orders.push({
      type: "flight",
      squadron: q.id,
      path: [round(dd > 0.6 ? offset(from, bearing(from, x), dd - 0.5) : from)],
      target: t.id,
    });
  }
  // "Engulfing (Highly experimental)": sometimes engulf what is in contact, sometimes release a friend carried inside.
  orders.push(...randomEngulfOrders(ctx, mine, { active, hunters }, rng));
  orders.push(...randomTractorOrders(ctx, mine, active, rng));
  return { orders };
}

/**
 * The random-legal bot and "A full taskforce may also adopt this formation": a taskforce in cone moves as one
 * (every squadron the same random distance straight ahead, so the chain holds); one out of it, a fifth of the
 * time, closes its squadrons up straight ahead, rank behind rank 0.8" apart, and adopts the cone with 0"+ moves.
 * Planned on the throwaway copy with the engine's own checks; nothing is ordered unless all of it is accepted.
 */
function taskforceConeOrders(
  ctx: Ctx,
  tfId: string,
  mine: readonly Squadron[],
  rng: Rng,
  active: Set<string>,
  moved: Set<string>,
): Order[] {
  const s = ctx.state;
  const tf = s.taskforces[tfId];
  const sqs = mine.filter((q) => q.taskforce === tfId && !q.station && q.ships.some((x) => !x.disabled));
  const first = sqs[0];
  if (!tf || !first || sqs.length < 2) return [];
  const holding = tf.formation === "cone";
  if (!holding && !rng.chance(20)) return [];
  const unit = offset({ x: 0, y: 0 }, first.facing, 1);
  const along = (q: Squadron) => q.ships.filter((x) => !x.disabled).map((p) => unit.x * p.x + unit.y * p.y);
  const step = holding ? rng.float() * Math.min(...sqs.map((q) => squadronMove(s, q))) : 0;
  const ranked = [...sqs].sort((a, b) => Math.max(...along(b)) - Math.max(...along(a)));
  const orders: OrderOf<"move">[] = [];
  let rear = Math.min(...along(ranked[0] as Squadron));
  for (const q of ranked) {
    const distance = holding || q === ranked[0] ? step : rear - 0.8 - Math.max(...along(q));
    if (!holding) rear = Math.min(...along(q)) + distance;
    const o: OrderOf<"move"> = { type: "move", squadron: q.id, heading: q.facing, distance: Math.floor(distance * 1000) / 1000 };
    orders.push(holding ? o : { ...o, taskforceFormation: "cone" });
  }
  // Try it on a copy first; then carry it out on the planning state the other orders are planned on.
  const carryOut = (c: Ctx, done: Set<string>): boolean => {
    const before = c.problems.length;
    for (const o of orders) if (!moveSquadron(c, o, "plan", active, done) || c.problems.length > before) return false;
    taskforceCone(c, tfId, holding ? new Set() : new Set(orders.map((o) => o.squadron)), false);
    return c.problems.length === before;
  };
  if (!carryOut(planner(s, ctx.side), new Set())) return [];
  carryOut(ctx, moved);
  return orders;
}

/**
 * Random orders, legal or not, for the property tests: the random-legal bot's
 * orders with some made wrong (unknown ids, impossible ranges, wrong steps).
 */
export function randomOrders(state: BattleState, side: SideId, rng: Rng): Orders {
  const base = randomLegalOrders(state, side, rng).orders;
  const sqs = squadronList(state);
  const anyId = (): string => (sqs.length && rng.chance(80) ? rng.pick(sqs).id : `nope-${rng.int(1, 99)}`);
  const extra: Order[] = [];
  const n = rng.int(0, 3);
  for (let i = 0; i < n; i++) {
    switch (rng.int(0, 9)) {
      case 0:
        extra.push({ type: "heavy", squadrons: [anyId()], target: anyId(), disable: rng.chance(30) });
        break;
      case 1:
        extra.push({ type: "move", squadron: anyId(), heading: rng.int(0, 359), distance: rng.int(0, 40), facing: rng.int(0, 359) });
        break;
      case 2:
        extra.push({ type: "light", squadrons: [anyId(), anyId()], target: anyId(), at: rng.int(0, 12) });
        break;
      case 3:
        extra.push({ type: "missiles", squadron: anyId(), target: anyId() });
        break;
      case 4:
        extra.push({
          type: "shift",
          unit: rng.chance(50) ? `${side}-tf${rng.int(1, 6)}` : anyId(),
          returnTurn: rng.int(1, 12),
          sector: `${rng.int(1, 8)}${"ABCDE"[rng.int(0, 4)]}`,
          facing: rng.pick(["N", "E", "S", "W", 45]),
        });
        break;
      case 5:
        extra.push({
          type: "flight",
          squadron: anyId(),
          path: [{ x: rng.int(0, 72), y: rng.int(0, 48) }],
          target: rng.chance(25) ? `${rng.pick(["planet", "moon"])}:${rng.pick(["N", "E", "S", "W"])}` : anyId(),
          evade: rng.chance(50),
        });
        break;
      case 6:
        extra.push({ type: "emergencyShift", squadron: anyId() });
        break;
      case 7:
        extra.push({ type: "board", squadrons: [anyId()], target: anyId(), assault: rng.chance(50) });
        break;
      case 8:
        extra.push({ type: "join", squadron: anyId() });
        break;
      default:
        extra.push({ type: "detach", squadron: anyId() });
    }
  }
  const all = [...base, ...extra];
  return { orders: all };
}

export { otherSide };
