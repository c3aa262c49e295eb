/**
 * Planets and moons in play (seed 004, "Planets (Extremely experimental)", "Moonbases"):
 * the option `settings.planets` (RULINGS "Planets and moons in play"). The pure rules are in
 * planet.ts; this module puts them on the table:
 *
 * - ships fire their heavy-class batteries at a named quadrant ("Space ships firing at the
 *   planet must attack the quadrant they are facing"), with range, arc and the faced quadrant
 *   measured;
 * - "Planets are their own task force for determining initiative and when they activate": the
 *   planet's activation slot (turn.ts) repairs its quadrants ("Quadrants may make a repair roll
 *   each turn") and fires each quadrant's working installations;
 * - landing ships put their assault units on a quadrant ("A quadrant may be invaded by enemy
 *   assault units from landing ships ... it takes 12" of movement to go from orbit to the surface").
 */
import { ASSAULT_RANGE } from "../boarding/boarding.js";
import { effectiveTargeting, rollToHit, shieldReduction } from "../combat/combat.js";
import { type Moment, momentNow, WEAPONS, type WeaponKey } from "../combat/fire.js";
import type { Ctx } from "../context.js";
import { diceList, roll, rolledField } from "../events.js";
import { hitBonus, suppressionPenalty } from "../formations-and-experience/experience.js";
import { angleDiff, bearingXY, centroid, inArc, inches, type Point } from "../geometry.js";
import {
  assaultAboard,
  type BattleState,
  capsOf,
  designOfSquadron,
  type PlanetInPlay,
  quadrantRef,
  type SideId,
  type Squadron,
  squadronList,
  systemsOf,
} from "../model.js";
import {
  attackQuadrant,
  groundAssault,
  inQuadrantArc,
  landingCost,
  outgoingFire,
  PLANET_HARDNESS,
  type Quadrant,
  type QuadrantId,
  quadrantFacing,
  repairQuadrant,
  workingWeapons,
} from "./planet.js";

export const STEP_PLANET = "Planet activation";

/** Base range and targeting of a quadrant's installations (as the ships' batteries: heavy 36", light 12", targeting 4). */
const INSTALLATION_RANGE = { heavy: 36, light: 12 } as const;
/** Interceptors roll 4 or less ("Interceptors"); the atmosphere's -1 is not applied (RULINGS). */
const INTERCEPTOR_TARGETING = 4;

/** A fire or board target naming a quadrant: "<planet id>:<N|E|S|W>". */
export function parseQuadrantTarget(state: BattleState, target: string): { planet: PlanetInPlay; quadrant: Quadrant } | null {
  return quadrantRef(state, target);
}

export function planetBody(state: BattleState, planet: PlanetInPlay): { centre: Point; radius: number } {
  const t = state.battlespace.terrain.find((x) => x.id === planet.id);
  return { centre: { x: t?.x ?? 0, y: t?.y ?? 0 }, radius: t?.radius ?? 0 };
}

/** Planets in play, in id order. */
export function planetList(state: BattleState): PlanetInPlay[] {
  if (!state.settings.planets || !state.planets) return [];
  return Object.keys(state.planets)
    .sort()
    .map((k) => state.planets?.[k] as PlanetInPlay);
}

/** Planets that activate for `side` (counted as taskforces for the initiative): it still holds a quadrant. */
export function planetsOfSide(state: BattleState, side: SideId): string[] {
  return planetList(state)
    .filter((p) => p.side === side && p.defense.quadrants.some((q) => q.holder === side))
    .map((p) => p.id);
}

/** "planet kethra", or just "planet" when its id is its kind (the scenarios' "planet" and "moon"). */
export function bodyName(planet: PlanetInPlay): string {
  return planet.id === planet.kind ? planet.kind : `${planet.kind} ${planet.id}`;
}

export function quadrantName(planet: PlanetInPlay, q: Quadrant): string {
  return `${bodyName(planet)} quadrant ${q.id}`;
}

/** A planet note's facts as data (the replay draws from these, never from the note's wording). */
export interface QuadrantNote {
  body: string;
  quadrant: QuadrantId;
  hits?: number;
  wounds?: number;
  wings?: number;
  landed?: number;
  invadersLost?: number;
  defendersLost?: number;
  to?: QuadrantId;
  units?: number;
}

export function quadrantNote(
  planet: PlanetInPlay,
  q: Quadrant,
  facts: Omit<QuadrantNote, "body" | "quadrant"> = {},
): { data: Record<string, unknown> } {
  return { data: { body: planet.id, quadrant: q.id, ...facts } };
}

/** RULINGS "Planets and moons in play", objectives: silencing and capturing a quadrant score VP once each. */
export function scoreQuadrant(ctx: Ctx, planet: PlanetInPlay, q: Quadrant, what: "silenced" | "captured", side: SideId): void {
  const scored = (q.scored ??= []);
  if (scored.includes(what)) return;
  scored.push(what);
  const size = planet.defense.size;
  const vp = what === "silenced" ? 5 * size : 10 * size;
  ctx.addVp(side, vp, `${quadrantName(planet, q)} ${what}`);
}

/**
 * Heavy-class fire at a quadrant. Every firing squadron must face the named quadrant (the one whose 90 degree arc
 * holds its centre's bearing from the planet's centre); each weapon needs the planet's surface within range and
 * the planet's centre in its arc. Each squadron's weapon class rolls as one attack ("Every hit gets one shield
 * roll"). Returns the squadrons that fired. `momentOf` gives the ships' places and facings when they fire (light
 * batteries "at any point during the squadron's movement"; default: where they are now).
 */
export function fireAtQuadrant(
  ctx: Ctx,
  step: string,
  label: string,
  squadrons: Squadron[],
  target: string,
  keys: WeaponKey[],
  momentOf: (sq: Squadron) => Moment = momentNow,
): Squadron[] {
  const state = ctx.state;
  const t = parseQuadrantTarget(state, target);
  if (!t) return [];
  const { planet, quadrant } = t;
  if (planet.side === ctx.side && quadrant.holder === ctx.side) {
    ctx.fail(step, label, "friendly-target", `${quadrantName(planet, quadrant)} is yours`);
    return [];
  }
  const { centre, radius } = planetBody(state, planet);
  for (const sq of squadrons) {
    const at = momentOf(sq).ships;
    const c = centroid(at.length > 0 ? at : sq.ships);
    const faced = quadrantFacing(centre, c);
    if (faced !== quadrant.id) {
      const b = Math.round(bearingXY(centre.x, centre.y, c.x, c.y));
      ctx.fail(
        step,
        label,
        "wrong-quadrant",
        `${sq.id} lies at bearing ${b} degrees from the centre of ${planet.id}, facing quadrant ${faced}: "Space ships firing at the planet must attack the quadrant they are facing" (fire at ${planet.id}:${faced})`,
      );
      return [];
    }
  }
  const fired: Squadron[] = [];
  const reasons: string[] = [];
  for (const sq of squadrons) {
    const caps = ctx.caps(sq);
    const moment = momentOf(sq);
    const ships = moment.ships;
    for (const key of keys) {
      const w = WEAPONS[key];
      if (w.flags.ion) {
        reasons.push(`${sq.id} ${w.name}: ion weapons only disable ships; a quadrant has no ship to disable`);
        continue;
      }
      const per = w.count(caps);
      if (per <= 0) continue;
      const range = w.range(ctx);
      let bearing = 0;
      let nearest = Number.POSITIVE_INFINITY;
      let off = Number.POSITIVE_INFINITY;
      for (const s of ships) {
        const d = Math.max(0, Math.hypot(centre.x - s.x, centre.y - s.y) - radius);
        nearest = Math.min(nearest, d);
        if (d > range + 1e-9) continue;
        const b = bearingXY(s.x, s.y, centre.x, centre.y);
        for (const c of w.arcs) {
          off = Math.min(off, Math.abs(angleDiff(s.facing + c, b)));
          if (inArc(s.facing + c, sq.station ? 360 : w.width, b)) {
            bearing++;
            break;
          }
        }
      }
      if (bearing === 0) {
        reasons.push(
          nearest > range + 1e-9
            ? `${sq.id} ${w.name}: the surface of ${planet.id} is ${inches(nearest)} away (range ${range}")`
            : `${sq.id} ${w.name}: ${planet.id} is ${Math.round(off)} degrees off the arc centre, outside the ${w.width} degree arc`,
        );
        continue;
      }
      const targeting = 4 - suppressionPenalty(state, sq) + hitBonus(state, sq);
      const attack = { weapon: w.attack, dice: per * bearing, targeting, ...w.flags };
      const wasSilenced = planet.defense.size - quadrant.damage <= 0;
      const out = attackQuadrant(attack, planet.defense, quadrant, ctx.rng);
      ctx.note(
        "planet-fire",
        `${sq.id} fires ${attack.dice} ${w.name}${moment.label ? ` at ${moment.label}` : ""} at ${quadrantName(planet, quadrant)} (targeting ${targeting} - 1 against installations): rolls ${diceList(out.rolls)} = ${out.hits} hit(s); shield rolls ${diceList(out.saves)} saving on ${PLANET_HARDNESS - shieldReduction(attack)} or less (hardness ${PLANET_HARDNESS} less the weapon's ${shieldReduction(attack)}); ${out.wounds} wound(s), ${out.damage} in all`,
        {
          side: ctx.side,
          unit: sq.id,
          ...quadrantNote(planet, quadrant, { hits: out.hits, wounds: out.wounds }),
          ...rolledField(
            roll("to hit", out.rolls, effectiveTargeting(attack) - 1),
            roll("shields", out.saves, PLANET_HARDNESS - shieldReduction(attack)),
          ),
        },
      );
      if (!wasSilenced && planet.defense.size - quadrant.damage <= 0) scoreQuadrant(ctx, planet, quadrant, "silenced", ctx.side);
      if (!fired.includes(sq)) fired.push(sq);
    }
  }
  if (fired.length === 0) ctx.fail(step, label, "cannot-bear", reasons.join("; ") || "no weapon of these squadrons can fire at it");
  else ctx.ok(step, label, `fire at ${quadrantName(planet, quadrant)}`);
  return fired;
}

/** Nearest surface distance of a ship of `sq` inside quadrant `q`'s "90 degree firing arc" (Infinity when none is). */
export function reachInArc(state: BattleState, planet: PlanetInPlay, q: QuadrantId, sq: Squadron): number {
  const { centre, radius } = planetBody(state, planet);
  let best = Number.POSITIVE_INFINITY;
  for (const s of sq.ships) {
    if (!inQuadrantArc(centre, q, s)) continue;
    best = Math.min(best, Math.max(0, Math.hypot(s.x - centre.x, s.y - centre.y) - radius));
  }
  return best;
}

/** Enemy squadrons on the table, in id order, for `planet`'s quadrants to fire at. */
export function planetFoes(state: BattleState, planet: PlanetInPlay): Squadron[] {
  return squadronList(state).filter((sq) => sq.side !== planet.side && sq.location === "table" && sq.ships.length > 0);
}

/** A quadrant's working heavy installations (and a moon's light ones) that can fire: range and targeting (planet.ts `outgoingFire`). */
export function quadrantBatteries(planet: PlanetInPlay, q: Quadrant) {
  const working = workingWeapons(q);
  return (["heavy", "light"] as const)
    .map((kind) => ({ kind, dice: working[kind], ...outgoingFire(planet.kind, kind, INSTALLATION_RANGE[kind], 4) }))
    .filter((b) => b.dice > 0 && b.usable);
}

/**
 * The planet's own activation: repairs, then each quadrant fires its working heavy installations (and a moon's
 * light ones) at the squadron the defender named for it (`chosen`, setting `planetOrders`) when it is in that
 * battery's arc and range, else at the nearest enemy squadron with a ship in the quadrant's arc and range.
 */
export function planetActivation(ctx: Ctx, planet: PlanetInPlay, chosen: Partial<Record<QuadrantId, Squadron>> = {}): void {
  repairQuadrants(ctx, planet);
  quadrantsFire(ctx, planet, chosen);
}

/** "Quadrants may make a repair roll each turn, needing a 3 or less to improve one level" (those the defender holds). */
export function repairQuadrants(ctx: Ctx, planet: PlanetInPlay): void {
  for (const q of planet.defense.quadrants) {
    if (q.holder !== planet.side || q.damage <= 0) continue;
    const r = repairQuadrant(q, ctx.rng);
    ctx.note(
      "planet-repair",
      `${quadrantName(planet, q)} repair roll ${diceList([r.roll])} (3 or less): ${r.repaired ? `repaired to ${q.damage} damage` : "no repair"}`,
      rolledField(roll("repair", [r.roll], 3)),
    );
  }
}

/** Each quadrant the defender holds fires its batteries: at its `chosen` squadron when in that battery's arc and range, else the nearest. */
export function quadrantsFire(ctx: Ctx, planet: PlanetInPlay, chosen: Partial<Record<QuadrantId, Squadron>>): void {
  const state = ctx.state;
  for (const q of planet.defense.quadrants) {
    if (q.holder !== planet.side) continue;
    for (const f of quadrantBatteries(planet, q)) {
      const named = chosen[q.id];
      const namedAt = named ? reachInArc(state, planet, q.id, named) : Number.POSITIVE_INFINITY;
      let best: { sq: Squadron; d: number } | null = named && namedAt <= f.range + 1e-9 ? { sq: named, d: namedAt } : null;
      for (const sq of best ? [] : planetFoes(state, planet)) {
        const d = reachInArc(state, planet, q.id, sq);
        if (d <= f.range + 1e-9 && (!best || d < best.d - 1e-9)) best = { sq, d };
      }
      if (!best) continue;
      ctx.note(
        "planet-fire",
        `${quadrantName(planet, q)} fires ${f.dice} ${f.kind} installation(s) at ${best.sq.id}${best.sq === named ? " (the defender's target)" : ""}, ${inches(best.d)} from the surface (range ${f.range}", targeting ${f.targeting})`,
        { side: planet.side, unit: planet.id, ...quadrantNote(planet, q) },
      );
      ctx.attackSquadron([], best.sq, { weapon: f.kind, dice: f.dice, targeting: f.targeting }, `${f.kind} installations`, {
        by: planet.side,
        firer: quadrantName(planet, q),
      });
    }
  }
}

/**
 * "A quadrant may be invaded by enemy assault units from landing ships. Again, it takes 12" of movement to go from
 * orbit to the surface": the landing squadron's ships with assault units within 3" of the surface land them,
 * provided the squadron moved no more than its move less 12" this activation (a moon: no landing cost). The
 * invaders are the squadron's assault units (systems x ships within reach).
 */
export function groundAssaultOrder(
  ctx: Ctx,
  step: string,
  label: string,
  squadrons: Squadron[],
  target: string,
  movedBy: (sq: Squadron) => number,
): void {
  const state = ctx.state;
  const t = parseQuadrantTarget(state, target);
  if (!t) return;
  const { planet, quadrant } = t;
  if (quadrant.holder === ctx.side) {
    ctx.fail(step, label, "friendly-target", `${quadrantName(planet, quadrant)} is already yours`);
    return;
  }
  const { centre, radius } = planetBody(state, planet);
  const terrain = state.battlespace.terrain.find((x) => x.id === planet.id);
  const landing = terrain ? landingCost(terrain) : 0;
  const shares: { sq: Squadron; units: number }[] = [];
  for (const sq of squadrons) {
    const caps = ctx.caps(sq);
    if (caps.assault <= 0) {
      ctx.fail(step, label, "no-assault-units", `${sq.id} carries no assault units`);
      return;
    }
    if (assaultAboard(state, sq, sq.ships) === 0) {
      ctx.fail(
        step,
        label,
        "no-assault-units",
        `${sq.id} has lost or landed all its ${systemsOf(state, sq, sq.ships, (c) => c.assault)} assault unit(s) (${sq.assaultLost ?? 0} gone): it has no landing party left`,
      );
      return;
    }
    const move = designOfSquadron(state, sq).move;
    const moved = movedBy(sq);
    if (moved + landing > move + 1e-9) {
      ctx.fail(
        step,
        label,
        "no-landing-move",
        `${sq.id} moved ${inches(moved)} of its ${move}"; landing on a planet takes 12" of movement ("it takes 12" of movement to go from orbit to the surface"): move at most ${inches(Math.max(0, move - landing))}`,
      );
      return;
    }
    const close = sq.ships.filter((s) => !s.disabled && Math.hypot(s.x - centre.x, s.y - centre.y) - radius <= ASSAULT_RANGE + 1e-9);
    if (close.length === 0) {
      const nearest = Math.min(...sq.ships.map((s) => Math.hypot(s.x - centre.x, s.y - centre.y) - radius));
      ctx.fail(
        step,
        label,
        "too-far",
        `${sq.id} is ${inches(Math.max(0, nearest))} from the surface of ${planet.id} (within ${ASSAULT_RANGE}")`,
      );
      return;
    }
    const faced = quadrantFacing(centre, centroid(close));
    if (faced !== quadrant.id) {
      ctx.fail(step, label, "wrong-quadrant", `${sq.id}'s landing ships are over quadrant ${faced}, not ${quadrant.id}`);
      return;
    }
    const aboard = assaultAboard(state, sq, close);
    if (aboard > 0) shares.push({ sq, units: aboard });
  }
  const units = shares.reduce((t, x) => t + x.units, 0);
  ctx.ok(step, label, `ground assault on ${quadrantName(planet, quadrant)}`);
  const out = resolveGroundAssault(ctx, planet, quadrant, units, "land on");
  // RULINGS "Assault units lost from the landing ships": the units lost leave the ships; winners stay as the garrison.
  let gone = out.captured ? units : out.attackersLost;
  for (const x of shares) {
    const n = Math.min(gone, x.units);
    if (n > 0) x.sq.assaultLost = (x.sq.assaultLost ?? 0) + n;
    gone -= n;
  }
}

/**
 * A ground assault by `units` assault units of the active side on `quadrant` ("resolved similar to a boarding
 * action": planet.ts `groundAssault`), noted and scored: a quadrant taken from the planet's defender scores
 * "captured" once (RULINGS "Planets and moons in play", objectives).
 */
export function resolveGroundAssault(ctx: Ctx, planet: PlanetInPlay, quadrant: Quadrant, units: number, how: string) {
  const before = quadrant.holder;
  const out = groundAssault(planet.defense, quadrant, units, ctx.side, ctx.rng);
  ctx.note(
    "ground-assault",
    `${units} assault unit(s) ${how} ${quadrantName(planet, quadrant)}: defence ${diceList(out.defence.rolls)} - damage = ${out.defence.total}, invaders ${diceList(out.attack.rolls)} = ${out.attack.total}; invaders lose ${out.attackersLost}, defenders lose ${out.defendersLost} unit(s) and ${out.installationsDestroyed} installation(s)${out.captured ? `; ${ctx.side} now holds the quadrant` : ""}`,
    {
      side: ctx.side,
      unit: planet.id,
      ...quadrantNote(planet, quadrant, { landed: units, invadersLost: out.attackersLost, defendersLost: out.defendersLost }),
      ...rolledField(roll("defence", out.defence.rolls), roll("invaders", out.attack.rolls)),
    },
  );
  if (out.captured && before !== ctx.side && ctx.side !== planet.side) scoreQuadrant(ctx, planet, quadrant, "captured", ctx.side);
  return out;
}

export type PlanetOrder =
  | { type: "heavy" | "board"; squadrons: string[]; target: string }
  | { type: "missiles"; squadron: string; target: string };

/**
 * Bot orders against enemy-held quadrants (RULINGS "Planets and moons in play", bots): squadrons of `mine` that
 * have no heavy order yet fire at the quadrant they face when a heavy weapon reaches its surface in arc; squadrons
 * with assault units within 3" of the surface (plus `reach`, the distance they may still close) land them.
 */
export function planetBotOrders(
  state: BattleState,
  side: SideId,
  mine: Squadron[],
  existing: readonly { type: string; squadron?: string; squadrons?: string[] }[],
  reach: (sq: Squadron) => number,
): PlanetOrder[] {
  const out: PlanetOrder[] = [];
  const planets = planetList(state);
  if (planets.length === 0) return out;
  const heavyDone = new Set(existing.filter((o) => o.type === "heavy").flatMap((o) => o.squadrons ?? []));
  const missileDone = new Set(existing.filter((o) => o.type === "missiles").flatMap((o) => (o.squadron ? [o.squadron] : [])));
  for (const sq of mine) {
    if (sq.location !== "table" || sq.ships.length === 0) continue;
    const caps = capsOf(state, sq);
    for (const planet of planets) {
      const { centre, radius } = planetBody(state, planet);
      const qid = quadrantFacing(centre, centroid(sq.ships));
      const q = planet.defense.quadrants.find((x) => x.id === qid);
      if (!q || q.holder === side) continue;
      const near = Math.min(...sq.ships.map((s) => Math.hypot(s.x - centre.x, s.y - centre.y) - radius));
      if (!heavyDone.has(sq.id) && planet.defense.size - q.damage > 0 && caps.heavy > 0) {
        const bearsOn = sq.ships.some(
          (s) =>
            !s.disabled &&
            Math.hypot(s.x - centre.x, s.y - centre.y) - radius <= INSTALLATION_RANGE.heavy - 0.01 &&
            inArc(sq.facing, WEAPONS.heavy.width - 1, bearingXY(s.x, s.y, centre.x, centre.y)),
        );
        if (bearsOn) {
          out.push({ type: "heavy", squadrons: [sq.id], target: `${planet.id}:${qid}` });
          heavyDone.add(sq.id);
        }
      }
      if (caps.missiles > 0 && !missileDone.has(sq.id) && near <= 24 - 0.01) {
        out.push({ type: "missiles", squadron: sq.id, target: `${planet.id}:${qid}` });
        missileDone.add(sq.id);
      }
      if (assaultAboard(state, sq, sq.ships) > 0 && near <= ASSAULT_RANGE + reach(sq))
        out.push({ type: "board", squadrons: [sq.id], target: `${planet.id}:${qid}` });
    }
  }
  return out;
}

/**
 * With no enemy squadron left, the sensible bot turns on the enemy's planets: squadrons fire at the quadrant they
 * face, close to 2" from the surface of the nearest enemy-held quadrant, and land assault units once there.
 */
export function planetApproachOrders(
  state: BattleState,
  side: SideId,
  mine: Squadron[],
): (PlanetOrder | { type: "move"; squadron: string; heading: number; distance: number })[] {
  const out: (PlanetOrder | { type: "move"; squadron: string; heading: number; distance: number })[] = [
    ...planetBotOrders(state, side, mine, [], () => 0),
  ];
  const landing = new Set(out.flatMap((o) => (o.type === "board" ? o.squadrons : [])));
  for (const sq of mine) {
    if (landing.has(sq.id) || sq.station || sq.location !== "table" || sq.ships.length === 0) continue;
    let best: { heading: number; d: number } | null = null;
    for (const planet of planetList(state)) {
      if (!planet.defense.quadrants.some((q) => q.holder !== side)) continue;
      const { centre, radius } = planetBody(state, planet);
      const c = centroid(sq.ships);
      const d = Math.hypot(c.x - centre.x, c.y - centre.y) - radius - 2;
      if (!best || d < best.d) best = { heading: bearingXY(c.x, c.y, centre.x, centre.y), d };
    }
    if (!best || best.d <= 0.05) continue;
    const move = designOfSquadron(state, sq).move;
    out.push({
      type: "move",
      squadron: sq.id,
      heading: Math.round(best.heading * 1000) / 1000,
      distance: Math.floor(Math.min(move, best.d) * 1000) / 1000,
    });
  }
  return out;
}

/**
 * "Missiles and fighters may be attacked by interceptors for the quadrant they are attacking": the quadrant's working
 * interceptors roll 4 or less at `at` (a planet's atmosphere -1 is not applied: RULINGS); returns the hits.
 */
export function quadrantInterceptorFire(ctx: Ctx, planet: PlanetInPlay, q: Quadrant, at: string): number {
  const n = workingWeapons(q).interceptor;
  if (n <= 0) return 0;
  const r = rollToHit(n, INTERCEPTOR_TARGETING, ctx.rng);
  ctx.note(
    "intercept",
    `${quadrantName(planet, q)}'s ${n} interceptor(s) fire at ${at}: ${diceList(r.rolls)} needing ${INTERCEPTOR_TARGETING} or less - ${r.hits} hit(s)`,
    { side: q.holder, unit: planet.id, ...rolledField(roll("interceptors", r.rolls, INTERCEPTOR_TARGETING)) },
  );
  return r.hits;
}

/**
 * `n` missiles of `from` reach a quadrant: "Missiles that reach their target automatically hit", and "Missiles attack
 * quadrants and shields normally": one shield roll each at hardness 5 less the missile's 1; wounds as for fire, and
 * silencing scores for `side`.
 */
export function missilesHitQuadrant(ctx: Ctx, planet: PlanetInPlay, q: Quadrant, n: number, from: string, side: SideId): void {
  const attack = { weapon: "missile" as const, dice: n, targeting: 4 };
  const wasSilenced = planet.defense.size - q.damage <= 0;
  const out = attackQuadrant(attack, planet.defense, q, ctx.rng);
  ctx.note(
    "planet-fire",
    `${n} missile(s) of ${from} hit ${quadrantName(planet, q)}: shield rolls ${diceList(out.saves)} saving on ${PLANET_HARDNESS - shieldReduction(attack)} or less (hardness ${PLANET_HARDNESS} less the missile's ${shieldReduction(attack)}); ${out.wounds} wound(s), ${out.damage} in all`,
    {
      side,
      unit: from,
      ...quadrantNote(planet, q, { hits: n, wounds: out.wounds }),
      ...rolledField(roll("shields", out.saves, PLANET_HARDNESS - shieldReduction(attack))),
    },
  );
  if (!wasSilenced && planet.defense.size - q.damage <= 0) scoreQuadrant(ctx, planet, q, "silenced", side);
}
