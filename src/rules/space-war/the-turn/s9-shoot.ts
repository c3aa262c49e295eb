/**
 * S9 - Shoot (seed 001 l.525-635), read with rulings C.3 (three target columns), C.4 ("-" is no hit), C.31 (arcs)
 * and reference E.6:
 *
 * - "A shot requires a score as below to become a hit" (l.529): the SHOTS table (`shooting.ts` `SHOTS`, `shotNeed`).
 * - Each operating Lasers and Missiles module fires once a turn (E.6: one shot each, each module its own target);
 *   each Expendables module throws one volley of six shots (nine with Superior Expendables, l.688-690) "against a
 *   single Craft then mark as Expended" (l.128) until reloaded in a Shuttle Bay (S11).
 * - Range centre to centre (`shotRange`: Lasers 12", Missiles and Expendables 6").
 * - "Lasers and Expendables have arcs of fire ... 45° each side of straight ahead"; a vessel's design may turn a
 *   module to another 90° arc (l.635, C.31: `ARC_CENTRE` from the craft's heading); 45° exactly is inside. Missiles
 *   "can fire in any direction" (l.631).
 * - A planet blocks the line of fire (l.872). The target is an enemy craft face up on the table: "You may not fire at
 *   a face down enemy counter" (l.665), nor at a fighter aboard ("Fighters in a Bay may not attack or be attacked",
 *   l.428). A craft held by a tractor "can do nothing at all" (l.442).
 * - The need: the Ace row for a crew with the Ace medal (l.583, l.747); the target's Electronics are its operating
 *   modules plus the Tek medal (l.777-781); un-powered is no operating Engine or Thruster, or held (l.442, l.627);
 *   Superior Lasers / Better Missiles +1 (l.684-698), used (and so revealed, l.672) only when they change the need;
 *   never better than 2+ (l.11).
 *
 * Hits are rolled now, every die in the event, and put on the target's pending hits, resolved at its owner's next S1
 * (l.355, reference E.4). A face-down counter that fires gives itself away and is turned face up.
 */
import type { SeatId } from "../../../core/ids.js";
import { battleOf, craftById, type Sorted, type StepContext } from "../campaign-sequence/step.js";
import type { Arc, Module } from "../designing-craft/modules.js";
import { ARC_CENTRE } from "../designing-craft/modules.js";
import type { Roll } from "../events.js";
import { crewMedals } from "../medals/in-play.js";
import { operating, powered, type SpaceWarState } from "../model.js";
import type { ShootOrder } from "../orders.js";
import { CARD_DATA, type Card } from "../technology-cards/cards.js";
import { holds, useCard } from "../technology-cards/in-play.js";
import { type Need, needText, reaches } from "./dice.js";
import { angleBetween, bearing, blockingPlanet, distance, inchesText } from "./geometry.js";
import { addHits } from "./losses.js";
import { degrees, EPSILON, enemyCraft, ownCraftOnTable, pointText, type Ruling } from "./s7-movement.js";
import { turnFaceUp } from "./s12-spotting.js";
import { type Firer, type ShotTarget, shotNeed, shotRange, volleyShots, type Weapon } from "./shooting.js";

/** The module each weapon is (l.106-128). */
export const WEAPON_MODULE: Readonly<Record<Weapon, Module>> = { laser: "L", missile: "M", expendables: "EM" };

/** Half of a 90° arc of fire (l.635: "45° each side of straight ahead"). */
export const HALF_ARC = 45;

export interface ShotFigures {
  craft: string;
  target: string;
  weapon: Weapon;
  /** The firing modules (their places on the craft, from 0). */
  modules: number[];
  /** Centre to centre, inches. */
  distance: number;
  /** Degrees between the line of fire and the centre of the firing modules' arc (0 for missiles, which need none). */
  bearingOff: number;
  need: Need;
  /** Dice thrown: one a module, a volley (6 or 9) an Expendables module. */
  shots: number;
  /** Cards whose bonus this shot wants (revealed at first use, l.672). */
  cards: Card[];
  /** Fired from within the target's rear 90° with the setting `rearShots` (C.5): its hits are `rearHits` too. */
  rear: boolean;
  text: string;
}

/** A module's arc of fire: its own for a vessel (C.31), the front for a fighter unless the setting `fighterArcs`. */
function arcOfModule(state: SpaceWarState, type: "vessel" | "fighter", arc: Arc | undefined): Arc {
  if (type === "fighter" && !state.settings.fighterArcs) return "front";
  return arc ?? "front";
}

/** "craft#module" for the modules fired this turn. */
export const firedKey = (craft: string, module: number): string => `${craft}#${module}`;

/**
 * The figures of a shot, or why it may not be made (pure: the step and the check both ask it). `fired` holds the
 * modules that fired already this turn (`firedKey`).
 */
export function shotRuling(
  state: SpaceWarState,
  seat: SeatId,
  order: ShootOrder,
  fired: ReadonlySet<string> = new Set(),
): Ruling<ShotFigures> {
  const own = ownCraftOnTable(state, seat, order.craft);
  if (!own.ok) return own;
  const c = own.craft;
  const b = battleOf(state);
  const enemy = enemyCraft(state, seat, order.target);
  if (!enemy.ok) return enemy;
  const t = enemy.craft;
  if (t.where.kind === "hidden")
    return { ok: false, code: "face-down-target", text: `${t.id} is face down: you may not fire at a face-down counter (l.665)` };
  if (t.where.kind === "aboard")
    return {
      ok: false,
      code: "target-aboard",
      text: `${t.id} is aboard a vessel: "Fighters in a Bay may not attack or be attacked" (l.428)`,
    };
  if (t.where.kind !== "table") return { ok: false, code: "target-not-on-table", text: `${t.id} is not on the table` };
  const weapon = order.weapon;
  const mod = WEAPON_MODULE[weapon];
  // Every module of the weapon, and whether it may fire now: operating, loaded, not fired this turn, in arc.
  const all = c.modules.map((m, i) => ({ m, i })).filter(({ m }) => m.module === mod);
  if (all.length === 0) return { ok: false, code: "no-such-weapon", text: `${c.id} carries no ${weapon} module` };
  const d = distance(c.where.at, t.where.at);
  const range = shotRange(weapon);
  if (d > range + EPSILON)
    return {
      ok: false,
      code: "out-of-range",
      text: `${t.id} is ${inchesText(d)} from ${c.id}: ${weapon} reach ${inchesText(range)} (l.571-623)`,
    };
  const p = blockingPlanet(c.where.at, t.where.at, b.planets);
  if (p)
    return {
      ok: false,
      code: "planet-in-the-way",
      text: `the planet at ${pointText(p.at)} blocks the line of fire from ${c.id} to ${t.id} (l.872)`,
    };
  const line = bearing(c.where.at, t.where.at);
  const heading = c.where.heading;
  const ready = all.filter(({ m, i }) => !m.damaged && !m.expended && !fired.has(firedKey(c.id, i)));
  const offOf = (arc: Arc | undefined): number =>
    mod === "M" ? 0 : angleBetween(line, heading + ARC_CENTRE[arcOfModule(state, c.type, arc)]);
  const inArc = ready.filter(({ m }) => offOf(m.arc) <= HALF_ARC + EPSILON);
  if (inArc.length === 0) {
    const why =
      ready.length === 0
        ? `every ${weapon} module of ${c.id} is damaged, expended or has fired this turn`
        : `${t.id} is ${degrees(Math.min(...ready.map(({ m }) => offOf(m.arc))))} off the centre of the nearest arc (45° each side, l.635)`;
    return {
      ok: false,
      code: ready.length === 0 ? "nothing-to-fire" : "out-of-arc",
      text: `${c.id} cannot fire ${weapon} at ${t.id}: ${why}`,
    };
  }
  const count = order.count ?? inArc.length;
  if (count > inArc.length) {
    return {
      ok: false,
      code: "too-many-modules",
      text: `${c.id} has ${inArc.length} ${weapon} module${inArc.length === 1 ? "" : "s"} that may fire at ${t.id}, not ${count}`,
    };
  }
  const firing = inArc.slice(0, count);
  const bearingOff = Math.max(...firing.map(({ m }) => offOf(m.arc)));
  // The firer and the target as the SHOTS table reads them.
  const medals = crewMedals(state, c);
  const ace = weapon === "laser" && medals.includes("ace");
  const card: Card | undefined = weapon === "laser" ? "superior-lasers" : weapon === "missile" ? "better-missiles" : undefined;
  const withCard = card !== undefined && holds(state, seat, card);
  const firer = (bonus: boolean): Firer => ({
    ace,
    superiorLasers: bonus && weapon === "laser",
    betterMissiles: bonus && weapon === "missile",
  });
  const target: ShotTarget = {
    type: t.type,
    powered: powered(t),
    electronics: operating(t, "EL") + (crewMedals(state, t).includes("tek") ? 1 : 0),
  };
  const plain = shotNeed(weapon, firer(false), target, state.settings);
  const bettered = shotNeed(weapon, firer(true), target, state.settings);
  const cards: Card[] = [];
  let need = plain;
  if (withCard && card !== undefined && bettered !== plain) {
    cards.push(card);
    need = bettered;
  }
  const superior = weapon === "expendables" && holds(state, seat, "superior-expendables");
  if (superior) cards.push("superior-expendables");
  const shots = weapon === "expendables" ? count * volleyShots(superior) : count;
  // C.5 (setting rearShots): from the target's rear 90°, 45° each side of straight behind it.
  const rear = state.settings.rearShots && angleBetween(bearing(t.where.at, c.where.at), t.where.heading + 180) <= HALF_ARC + EPSILON;
  const targetText = `${rear ? "from the rear, " : ""}${target.powered ? "powered" : "un-powered"} ${t.type}${target.electronics > 0 ? `, ${target.electronics} Electronics` : ""}`;
  const arcText = mod === "M" ? "missiles fire in any direction" : `${degrees(bearingOff)} off ${c.id}'s arc centre (arc 90°)`;
  const extras = [...(ace ? ["Ace"] : []), ...cards.map((k) => CARD_DATA[k].name)].join(", ");
  if (need === null) {
    return {
      ok: false,
      code: "cannot-hit",
      text: `${weapon} cannot hit ${t.id} (${targetText}): the SHOTS table gives "-" (l.621)`,
    };
  }
  const text = `${t.id} at ${inchesText(d)}, ${arcText}: ${weapon} need ${needText(need)} (${targetText}${extras ? `; ${extras}` : ""}), ${shots} shot${shots === 1 ? "" : "s"}`;
  return {
    ok: true,
    craft: c.id,
    target: t.id,
    weapon,
    modules: firing.map(({ i }) => i),
    rear,
    distance: d,
    bearingOff,
    need,
    shots,
    cards,
    text,
  };
}

/** S9: each `shoot` order of the seat in turn, in file order; every module fires at most once a turn. */
export function shoot(ctx: StepContext, seat: SeatId, orders: Sorted): void {
  const b = battleOf(ctx.state);
  const fired = new Set<string>();
  for (const given of orders.shoot) {
    let r = shotRuling(ctx.state, seat, given.order, fired);
    if (!r.ok) {
      ctx.fail(seat, given.at, r.code, r.text);
      continue;
    }
    // The cards wanted are played now: revealed at first use, perhaps cancelled by an enemy's Subterfuge (l.706).
    if (!r.cards.map((k) => useCard(ctx, seat, k)).every((x) => x)) {
      r = shotRuling(ctx.state, seat, given.order, fired);
      if (!r.ok) {
        ctx.fail(seat, given.at, r.code, r.text);
        continue;
      }
    }
    const c = craftById(b, r.craft);
    const t = craftById(b, r.target);
    if (c === undefined || t === undefined) continue;
    turnFaceUp(ctx, c, "it fires", given.at);
    for (const i of r.modules) {
      fired.add(firedKey(c.id, i));
      const m = c.modules[i];
      if (m && r.weapon === "expendables") m.expended = true;
    }
    const rolls: Roll[] = [];
    let hits = 0;
    for (let k = 0; k < r.shots; k++) {
      const value = ctx.rng.d6();
      rolls.push({ die: "d6", value, for: `${r.weapon} ${c.id} at ${t.id}`, ...(r.need === null ? {} : { need: r.need }) });
      if (reaches(value, r.need)) hits++;
    }
    addHits(t, hits, seat);
    if (r.rear && hits > 0) t.rearHits = (t.rearHits ?? 0) + hits;
    ctx.emit(
      "shot",
      `${c.id} fires: ${r.text}; rolled ${rolls.map((x) => x.value).join(", ")}: ${hits} hit${hits === 1 ? "" : "s"} on ${t.id}, pending until ${t.owner}'s S1.`,
      { craft: [c.id, t.id], rolls, order: given.at },
    );
  }
}
