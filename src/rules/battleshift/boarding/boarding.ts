/**
 * Boarding, Assault Units and Engulfing ("Boarding", "Assault Units (Highly
 * experimental)", "Engulfing (Highly experimental)").
 *
 * - "A ship that is disabled can be captured by moving another ship (or several
 *   ships) into contact with it. After the Taskforce has moved, the boarding is
 *   resolved by a simple opposed die roll. The boarding ships add their combined ship
 *   size to their die roll, and the enemy ship adds its size to its own die roll. If
 *   the boarders roll higher than the disabled ship, they capture the ship."
 *   Contact: within 1" (bases touching).
 * - Assault units board a ship that is not disabled from within 3": one attack per
 *   unit at targeting 4 with the normal modifiers, no suppression, resisted by the
 *   ship's shields at full hardness; each unit that penetrates rolls a d3 for the
 *   attack "while the enemy ship rolls as a normal boarding action" (d6 + size). "A
 *   ship that is captured adds its hull to the total damage taken by its former
 *   squadron, though that squadron will not have to take any immediate Destruction
 *   tests." Against disabled ships "each assault unit adds another d3 for the attacker
 *   or defender".
 * - Engulfing: a ship "can engulf up to 1/3 of its size in smaller ship sizes (rounded
 *   up)" by moving into contact with a disabled enemy ship; one a turn; engulfed ships
 *   are captured.
 * Captured ships become prizes of the captor squadron (VP as if destroyed).
 */

import { own } from "../../../core/ids.js";
import { rollHits } from "../combat/interceptors.js";
import { coverAt } from "../combat/line-of-sight.js";
import type { Ctx } from "../context.js";
import { diceList, roll, rolledField } from "../events.js";
import type { ShipDesign } from "../fleet/ship-building.js";
import { engulfCapacity } from "../fleet/ship-building.js";
import { hitBonus, marineBonus, suppressionPenalty } from "../formations-and-experience/experience.js";
import { centroid, dist, inches, type Point } from "../geometry.js";
import {
  assaultAboard,
  type BattleState,
  type Capabilities,
  capabilitiesOf,
  type Ship,
  type Squadron,
  shipCaps,
  shipDesignOf,
} from "../model.js";
import type { OrderOf } from "../orders.js";

export const STEP_BOARDING = "6. Boarding";
const STEP = STEP_BOARDING;
export const CONTACT = 1;
export const ASSAULT_RANGE = 3;

/** `n` d3s, each added to a side's boarding roll ("each assault unit adds another d3"). */
function d3s(ctx: Ctx, n: number): number[] {
  const rolls: number[] = [];
  for (let i = 0; i < n; i++) rolls.push(ctx.rng.int(1, 3));
  return rolls;
}

const sum = (rolls: readonly number[]): number => rolls.reduce((t, r) => t + r, 0);

/** "+ 2d3 [1,3]" in a boarding note; nothing when no d3 was rolled. */
function d3Text(rolls: readonly number[]): string {
  return rolls.length ? ` + ${rolls.length}d3 ${diceList(rolls)}` : "";
}

/**
 * The boarders of a disabled ship or prize: "moving another ship (or several ships) into contact with it"
 * (within CONTACT). Every boarding ship in contact adds its size ("The boarding ships add their combined
 * ship size to their die roll") and its assault units (a d3 each against disabled ships); the first
 * squadron with a ship in contact is the captor. `nearest` is the closest boarding ship, for the refusal.
 */
function boardersInContact(
  ctx: Ctx,
  boarders: readonly Squadron[],
  boarded: Point,
): { sizes: number; extra: number; nearest: number; captor: Squadron | null } {
  let sizes = 0;
  let extra = 0;
  let nearest = Number.POSITIVE_INFINITY;
  let captor: Squadron | null = null;
  for (const sq of boarders) {
    for (const s of sq.ships) {
      if (s.disabled) continue;
      const dd = dist(s, boarded);
      nearest = Math.min(nearest, dd);
      if (dd <= CONTACT + 1e-9) {
        // Each ship its own size and assault units (a mixed squadron's differ).
        const own = shipDesignOf(ctx.state, sq, s);
        sizes += own.size;
        extra += capabilitiesOf(own).assault;
        captor ??= sq;
      }
    }
  }
  return { sizes, extra, nearest, captor };
}

/** The boarded ship's own design and systems (its size and assault units defend; a mixed squadron's ships differ). */
function defender(ctx: Ctx, target: Squadron, ship: Ship): { td: ShipDesign; tCaps: Capabilities } {
  const td = shipDesignOf(ctx.state, target, ship);
  return { td, tCaps: capabilitiesOf(td) };
}

export function pickShip(target: Squadron, wanted: string | undefined, disabledOnly: boolean): Ship | null {
  const pool = target.ships.filter((s) => !disabledOnly || s.disabled);
  if (wanted) return pool.find((s) => s.id === wanted) ?? null;
  return pool[0] ?? null;
}

export function ownSquadrons(ctx: Ctx, ids: readonly string[], label: string, active: Set<string>): Squadron[] | null {
  const out: Squadron[] = [];
  for (const id of new Set(ids)) {
    const sq = ctx.sq(id);
    if (!sq || sq.side !== ctx.side || !active.has(sq.id) || sq.location !== "table") {
      ctx.fail(STEP, label, "not-activating", `${id} is not a squadron of yours in this activation`);
      return null;
    }
    out.push(sq);
  }
  return out;
}

export function boardOrder(ctx: Ctx, o: OrderOf<"board">, label: string, active: Set<string>): void {
  const state = ctx.state;
  const boarders = ownSquadrons(ctx, o.squadrons, label, active);
  if (!boarders) return;
  if (!o.assault && own(state.prizes, o.target)) {
    recapture(ctx, o, label, boarders);
    return;
  }
  const target = ctx.sq(o.target);
  if (!target || target.side === ctx.side || target.location !== "table" || target.ships.length === 0) {
    return void ctx.fail(STEP, label, "unknown-target", `no enemy squadron or prize ${o.target} on the table`);
  }
  if (o.assault) {
    // Assault units against a ship that need not be disabled.
    const ship = pickShip(target, o.ship, false);
    if (!ship) return void ctx.fail(STEP, label, "unknown-ship", `${target.id} has no ship ${o.ship}`);
    const { td, tCaps } = defender(ctx, target, ship);
    let units = 0;
    let targeting = Number.POSITIVE_INFINITY;
    let nearest = Number.POSITIVE_INFINITY;
    const used: Squadron[] = [];
    for (const sq of boarders) {
      const caps = ctx.caps(sq);
      if (caps.assault <= 0) continue;
      const close = sq.ships.filter((s) => !s.disabled && dist(s, ship) <= ASSAULT_RANGE + 1e-9);
      nearest = Math.min(nearest, ...sq.ships.map((s) => dist(s, ship)));
      // Units lost or landed on a planet are no longer aboard (RULINGS "Assault units lost from the landing ships").
      const aboard = assaultAboard(state, sq, close);
      if (aboard === 0) continue;
      units += aboard;
      // "a targeting of 4 and normal modifiers": each squadron's suppression and "+1 to hit"; several squadrons roll
      // together at the worst of theirs (as synchronised fire does).
      targeting = Math.min(targeting, 4 - suppressionPenalty(state, sq) + hitBonus(state, sq));
      used.push(sq);
    }
    if (units === 0) {
      return void ctx.fail(
        STEP,
        label,
        "no-assault-units",
        `no ship with assault units within ${ASSAULT_RANGE}" of ${ship.id} (nearest ${inches(nearest)})`,
      );
    }
    // The target's side of the normal modifiers: +1 against a station, -1 when the ship is in cover (RULINGS "Boarding,
    // assault units, engulfing, prizes"). No line of sight is needed: teleporters and breaching pods reach 3".
    const cover = coverAt(state, ship);
    targeting += (target.station ? 1 : 0) - (cover ? 1 : 0);
    const attack = rollHits(ctx, units, targeting);
    // "The assault unit may be resisted by the enemy's shields, and have no strength": one ship's shields at full hardness.
    let saves = 0;
    const shieldRolls: number[] = [];
    for (let i = 0; i < Math.min(td.shields, attack.hits); i++) {
      const r = ctx.rng.d6();
      shieldRolls.push(r);
      if (r <= td.hardness) saves++;
    }
    const through = Math.max(0, attack.hits - saves);
    const attD3 = d3s(ctx, through);
    const att = sum(attD3);
    const defRoll = ctx.rng.d6();
    const defD3 = d3s(ctx, tCaps.assault);
    const defBonus = marineBonus(ctx.state, target);
    const def = defRoll + td.size + defBonus + sum(defD3);
    const won = through > 0 && att > def;
    ctx.ok(
      STEP,
      label,
      `${units} assault unit(s) within ${ASSAULT_RANGE}" of ${ship.id}: ${attack.hits} hit(s), ${saves} saved by shields, ${through} through`,
    );
    ctx.note(
      "board",
      `Assault on ${ship.id} of ${target.id}: ${units} units roll ${diceList(attack.rolls)} needing ${targeting}${cover ? ` (in cover: ${cover})` : ""}, shields ${diceList(shieldRolls)}: ${through} through, attack ${att}${attD3.length ? ` (${through}d3 ${diceList(attD3)})` : ""} against defence ${def} (d6 ${diceList([defRoll])} + size ${td.size}${defBonus ? ` + ${defBonus}` : ""}${d3Text(defD3)}): ${won ? "captured" : "repelled"}`,
      {
        side: ctx.side,
        unit: target.id,
        ...rolledField(
          roll("assault units to hit", attack.rolls, targeting),
          roll("shields", shieldRolls, td.hardness),
          roll("assault d3s", attD3, undefined, 3),
          roll("defence", [defRoll]),
          roll("defence d3s", defD3, undefined, 3),
        ),
      },
    );
    if (won) capture(ctx, used[0] as Squadron, target, ship, false, true);
    return;
  }
  // "Stations may be boarded by enemy ships that move up to them": a station need not be disabled.
  const ship = pickShip(target, o.ship, !target.station);
  if (!ship)
    return void ctx.fail(
      STEP,
      label,
      "not-disabled",
      `${target.id} has no disabled ship${o.ship ? ` ${o.ship}` : ""}: only disabled ships can be boarded (or use assault units)`,
    );
  const { td, tCaps } = defender(ctx, target, ship);
  const { sizes, extra, nearest, captor } = boardersInContact(ctx, boarders, ship);
  if (!captor)
    return void ctx.fail(
      STEP,
      label,
      "no-contact",
      `no boarding ship is in contact with ${ship.id} (nearest ${inches(nearest)}, contact is ${CONTACT}")`,
    );
  const ar = ctx.rng.d6();
  // Experience: Veteran / Elite Marines +1 / +2 (RULINGS "Experience").
  const attBonus = marineBonus(ctx.state, captor);
  const attD3 = d3s(ctx, extra);
  const att = ar + sizes + attBonus + sum(attD3);
  const dr = ctx.rng.d6();
  const defBonus = marineBonus(ctx.state, target);
  const defD3 = d3s(ctx, tCaps.assault);
  const def = dr + td.size + defBonus + sum(defD3);
  const won = att > def;
  ctx.ok(STEP, label, `boarding ${ship.id} with ships of combined size ${sizes} in contact`);
  ctx.note(
    "board",
    `Boarding ${ship.id} of ${target.id}: ${diceList([ar])} + ${sizes}${attBonus ? ` + ${attBonus}` : ""}${d3Text(attD3)} = ${att} against ${diceList([dr])} + ${td.size}${defBonus ? ` + ${defBonus}` : ""}${d3Text(defD3)} = ${def}: ${won ? "captured" : "repelled"}`,
    {
      side: ctx.side,
      unit: target.id,
      ...rolledField(
        roll("boarders", [ar]),
        roll("boarders' d3s", attD3, undefined, 3),
        roll("defence", [dr]),
        roll("defence d3s", defD3, undefined, 3),
      ),
    },
  );
  if (won) capture(ctx, captor, target, ship, false, false);
}

/** The active ships of `sq` with an engulfing system of their own big enough to engulf a ship of `size` (1/3 of their own size, rounded up). */
export function engulfersFor(state: BattleState, sq: Squadron, size: number): Ship[] {
  return sq.ships.filter((s) => {
    const d = shipDesignOf(state, sq, s);
    return !s.disabled && capabilitiesOf(d).engulfing > 0 && engulfCapacity(d.size) >= size;
  });
}

/**
 * Engulfing: "A ship can engulf up to 1/3 of its size in smaller ship sizes (rounded up)", by moving into
 * contact; each ship engulfs once a turn. Only ships with an engulfing system of their own engulf, each up
 * to 1/3 of its own size (a mixed squadron's ships differ: RULINGS "Mixed squadrons: engulfing"). The ship
 * of `sq` that engulfs `ship` (of size `size`), marked in `engulfed`; or null once the order is refused
 * (`contactNote` ends the no-contact refusal).
 */
function engulferOf(
  ctx: Ctx,
  sq: Squadron,
  ship: Ship,
  size: number,
  label: string,
  engulfed: Set<string>,
  contactNote: string,
): Ship | null {
  const own = (s: Ship): ShipDesign => shipDesignOf(ctx.state, sq, s);
  const engulfers = sq.ships.filter((s) => capabilitiesOf(own(s)).engulfing > 0);
  const largest = engulfers.reduce((m, s) => Math.max(m, own(s).size), 0);
  const max = engulfCapacity(largest);
  if (size > max) {
    ctx.fail(
      STEP,
      label,
      "too-large",
      `${ship.id} is size ${size}; ${sq.mixed ? `the largest engulfing ship of ${sq.id}, a size ${largest},` : `a size ${largest} ship`} engulfs up to size ${max} (1/3 of its size, rounded up)`,
    );
    return null;
  }
  // Active engulfing ships big enough for this one that have not engulfed this turn.
  const able = engulfersFor(ctx.state, sq, size).filter((s) => !engulfed.has(s.id));
  const engulfer = able.find((s) => dist(s, ship) <= CONTACT + 1e-9);
  if (!engulfer) {
    const near = Math.min(...(able.length ? able : sq.ships).map((s) => dist(s, ship)));
    const which = sq.mixed ? ` able to engulf a size ${size} ship` : "";
    ctx.fail(
      STEP,
      label,
      "no-contact",
      `no ship of ${sq.id}${which} that has not engulfed this turn is in contact with ${ship.id} (nearest ${inches(near)}${contactNote})`,
    );
    return null;
  }
  engulfed.add(engulfer.id);
  return engulfer;
}

export function engulfOrder(ctx: Ctx, o: OrderOf<"engulf">, label: string, active: Set<string>, engulfed: Set<string>): void {
  const state = ctx.state;
  const sq = ctx.sq(o.squadron);
  if (!sq || sq.side !== ctx.side || !active.has(sq.id) || sq.location !== "table") {
    return void ctx.fail(STEP, label, "not-activating", `${o.squadron} is not a squadron of yours in this activation`);
  }
  if (ctx.caps(sq).engulfing <= 0) return void ctx.fail(STEP, label, "cannot-engulf", `${sq.id} has no engulfing system`);
  const target = ctx.sq(o.target);
  if (target && target.side === ctx.side && target.location === "table") return void friendlyEngulf(ctx, sq, target, o, label, engulfed);
  if (!target || target.side === ctx.side || target.location !== "table")
    return void ctx.fail(STEP, label, "unknown-target", `no squadron ${o.target} on the table`);
  const ship = pickShip(target, o.ship, true);
  if (!ship)
    return void ctx.fail(
      STEP,
      label,
      "not-disabled",
      `${target.id} has no disabled ship${o.ship ? ` ${o.ship}` : ""}: "Enemy ships must be disabled to be engulfed"`,
    );
  const td = shipDesignOf(state, target, ship);
  const engulfer = engulferOf(ctx, sq, ship, td.size, label, engulfed, "");
  if (!engulfer) return;
  ctx.ok(STEP, label, `${engulfer.id} engulfs ${ship.id}`);
  ctx.note("board", `${engulfer.id} of ${sq.id} engulfs the disabled ${td.name} ${ship.id}`, { side: ctx.side, unit: target.id });
  capture(ctx, sq, target, ship, true, false, engulfer.id);
}

/**
 * "Engulfing": "This can be done to friendly ships automatically during movement ... Friendly ships that are
 * engulfed can be repaired by the repair systems of the larger ship." A friendly ship (disabled or not, of
 * another squadron, not a flagship) in contact after the move is taken aboard: it leaves its squadron (whose
 * damage stays) and is carried as a prize of its own side inside the engulfer (RULINGS "Friendly engulfing").
 */
function friendlyEngulf(ctx: Ctx, sq: Squadron, target: Squadron, o: OrderOf<"engulf">, label: string, engulfed: Set<string>): void {
  const state = ctx.state;
  if (target.id === sq.id) return void ctx.fail(STEP, label, "own-squadron", `${sq.id} cannot engulf a ship of its own squadron`);
  if (target.station) return void ctx.fail(STEP, label, "station", `${target.id} is a station`);
  const ship = o.ship ? target.ships.find((s) => s.id === o.ship) : target.ships[0];
  if (!ship) return void ctx.fail(STEP, label, "unknown-ship", `${target.id} has no ship ${o.ship}`);
  if (ctx.flagshipShipOf(target) === ship.id)
    return void ctx.fail(
      STEP,
      label,
      "flagship",
      `${ship.id} is the flagship of ${target.taskforce}; transfer command first (command order)`,
    );
  // The engulfed ship by its own size (a mixed squadron's ships differ).
  const td = shipDesignOf(state, target, ship);
  const engulfer = engulferOf(ctx, sq, ship, td.size, label, engulfed, `, contact is ${CONTACT}"`);
  if (!engulfer) return;
  target.ships = target.ships.filter((s) => s !== ship);
  if (target.ships.length === 0) {
    target.location = "gone";
    target.goneReason = "abandoned";
    target.fighters = 0;
  }
  ctx.los.invalidate(target.id);
  const id = ctx.newId(`${sq.side}-p`);
  state.prizes[id] = {
    id,
    side: sq.side,
    fromSide: sq.side,
    design: ship.design ?? target.design,
    squadron: sq.id,
    x: engulfer.x,
    y: engulfer.y,
    engulfed: true,
    engulfer: engulfer.id,
    ship: ship.id,
    ...(ship.disabled ? {} : { repaired: true }),
  };
  ctx.ok(STEP, label, `${engulfer.id} engulfs the friendly ${td.name} ${ship.id} (${inches(dist(engulfer, ship))} away)`);
  ctx.note("board", `${engulfer.id} of ${sq.id} takes the friendly ${td.name} ${ship.id} of ${target.id} aboard (${id})`, {
    side: ctx.side,
    unit: target.id,
  });
}

/** A captured ship leaves its squadron (VP to the captor's side) and becomes a prize of the captor squadron. */
export function capture(
  ctx: Ctx,
  captor: Squadron,
  target: Squadron,
  ship: Ship,
  engulfed: boolean,
  assault: boolean,
  engulfer?: string,
): void {
  const state = ctx.state;
  const td = shipDesignOf(state, target, ship);
  const at: Point = { x: ship.x, y: ship.y };
  // Make sure this very ship is the one removed.
  target.ships = target.ships.filter((s) => s.id !== ship.id).concat([ship]);
  if (ctx.flagshipShipOf(target) === ship.id) {
    // The flagship captured: the taskforce loses its flagship.
    ctx.flagshipLost(target);
  }
  ship.disabled = true;
  ctx.destroyShips(target, 1, captor.side, "captured", at, true);
  if (assault && target.location === "table") target.damage += td.hull;
  const id = ctx.newId(`${captor.side}-p`);
  state.prizes[id] = {
    id,
    side: captor.side,
    fromSide: target.side,
    // A ship of a mixed squadron keeps its own design.
    design: ship.design ?? target.design,
    squadron: captor.id,
    x: at.x,
    y: at.y,
    engulfed,
    ...(engulfer ? { engulfer } : {}),
  };
  void centroid;
}

/**
 * Recapture: a prize that is not engulfed lies disabled on the table and is boarded like any disabled
 * ship ("A ship that is disabled can be captured by moving another ship (or several ships) into contact
 * with it"): d6 + the boarders' sizes (+ a d3 per assault unit) against d6 + its size. Retaken by its own
 * side, the VP its captor scored for it are taken back; taken by the captor's enemy otherwise (RULINGS
 * "Prizes and recapture"). Either way it becomes a prize of the boarding squadron.
 */
function recapture(ctx: Ctx, o: OrderOf<"board">, label: string, boarders: Squadron[]): void {
  const state = ctx.state;
  const prize = own(state.prizes, o.target);
  if (!prize) return;
  if (prize.side === ctx.side) return void ctx.fail(STEP, label, "own-prize", `${prize.id} is already your prize`);
  if (prize.engulfed)
    return void ctx.fail(STEP, label, "engulfed", `${prize.id} is engulfed inside ${prize.engulfer ?? "its captor"} and cannot be boarded`);
  const pd = state.designs[prize.design];
  const size = pd?.size ?? 1;
  const { sizes, extra, nearest, captor } = boardersInContact(ctx, boarders, prize);
  if (!captor)
    return void ctx.fail(
      STEP,
      label,
      "no-contact",
      `no boarding ship is in contact with the prize ${prize.id} (nearest ${inches(nearest)}, contact is ${CONTACT}")`,
    );
  const ar = ctx.rng.d6();
  const attD3 = d3s(ctx, extra);
  const att = ar + sizes + sum(attD3);
  const dr = ctx.rng.d6();
  const def = dr + size;
  const won = att > def;
  ctx.ok(STEP, label, `boarding the prize ${prize.id} with ships of combined size ${sizes} in contact`);
  ctx.note(
    "board",
    `Recapture of ${prize.id} (${pd?.name ?? prize.design}): ${diceList([ar])} + ${sizes}${d3Text(attD3)} = ${att} against ${diceList([dr])} + ${size} = ${def}: ${won ? "retaken" : "repelled"}`,
    {
      side: ctx.side,
      unit: prize.id,
      ...rolledField(roll("boarders", [ar]), roll("boarders' d3s", attD3, undefined, 3), roll("defence", [dr])),
    },
  );
  if (!won) return;
  // VP never go down: the recapturing side scores the ship's cost, which evens out what the captor scored when it is retaken by its own side.
  ctx.addVp(
    ctx.side,
    pd?.cost ?? 0,
    `prize ${prize.id} (${pd?.name ?? prize.design}) ${prize.fromSide === ctx.side ? "retaken" : "captured"}`,
  );
  prize.side = ctx.side;
  prize.squadron = captor.id;
  prize.repaired = false;
}

/** The repair systems of the ship carrying an engulfed friendly ship: its own design's (a mixed squadron's ships differ). */
function hostRepairSystems(ctx: Ctx, host: Squadron, engulfer: string | null | undefined): number {
  const ship = host.ships.find((s) => s.id === engulfer);
  return ship ? shipCaps(ctx.state, host, ship).repair : ctx.caps(host).repair;
}

/**
 * Prizes at their captor's activation (step 7): "A captured ship cannot fight, but it can be moved once it
 * is repaired. ... It activates at the same time the squadron that captured it activates." A prize not yet
 * repaired rolls one die plus one per repair system and is repaired on any 1, as a disabled ship is; "Enemy
 * ships cannot be repaired when engulfed."
 */
export function repairPrizes(ctx: Ctx, captors: readonly Squadron[]): void {
  const state = ctx.state;
  const ids = new Set(captors.map((s) => s.id));
  for (const pid of Object.keys(state.prizes).sort()) {
    const p = state.prizes[pid];
    const friendly = p?.side === p?.fromSide;
    if (!p || p.repaired || (p.engulfed && !friendly) || !ids.has(p.squadron)) continue;
    // "Friendly ships that are engulfed can be repaired by the repair systems of the larger ship."
    const host = p.engulfed ? state.squadrons[p.squadron] : undefined;
    const pd = state.designs[p.design];
    const n = 1 + (host ? hostRepairSystems(ctx, host, p.engulfer) : pd ? capabilitiesOf(pd).repair : 0);
    const rolls: number[] = [];
    for (let i = 0; i < n; i++) rolls.push(ctx.rng.d6());
    if (rolls.includes(1)) p.repaired = true;
    ctx.note(
      "repair",
      `Prize ${p.id} repair rolls ${diceList(rolls)} needing a 1: ${p.repaired ? "repaired, it can move" : "not repaired"}`,
      { side: p.side, unit: p.id, ...rolledField(roll("repairs", rolls, 1)) },
    );
  }
}
