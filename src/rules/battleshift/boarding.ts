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
import type { Ctx } from "./context.js";
import { centroid, dist, inches, type Point } from "./geometry.js";
import { rollHits } from "./interceptors.js";
import { designOfSquadron, type Ship, type Squadron } from "./model.js";
import type { OrderOf } from "./orders.js";

const STEP = "6. Boarding";
export const CONTACT = 1;
export const ASSAULT_RANGE = 3;

function d3(ctx: Ctx): number {
  return ctx.rng.int(1, 3);
}

function pickShip(target: Squadron, wanted: string | undefined, disabledOnly: boolean): Ship | null {
  const pool = target.ships.filter((s) => !disabledOnly || s.disabled);
  if (wanted) return pool.find((s) => s.id === wanted) ?? null;
  return pool[0] ?? null;
}

function ownSquadrons(ctx: Ctx, ids: readonly string[], label: string, active: Set<string>): Squadron[] | null {
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
  const target = ctx.sq(o.target);
  if (!target || target.side === ctx.side || target.location !== "table" || target.ships.length === 0) {
    return void ctx.fail(STEP, label, "unknown-target", `no enemy squadron ${o.target} on the table`);
  }
  const td = designOfSquadron(state, target);
  const tCaps = ctx.caps(target);
  if (o.assault) {
    // Assault units against a ship that need not be disabled.
    const ship = pickShip(target, o.ship, false);
    if (!ship) return void ctx.fail(STEP, label, "unknown-ship", `${target.id} has no ship ${o.ship}`);
    let units = 0;
    let suppression = 0;
    let nearest = Number.POSITIVE_INFINITY;
    const used: Squadron[] = [];
    for (const sq of boarders) {
      const caps = ctx.caps(sq);
      if (caps.assault <= 0) continue;
      const close = sq.ships.filter((s) => !s.disabled && dist(s, ship) <= ASSAULT_RANGE + 1e-9);
      nearest = Math.min(nearest, ...sq.ships.map((s) => dist(s, ship)));
      if (close.length === 0) continue;
      units += caps.assault * close.length;
      suppression = Math.max(suppression, sq.suppression);
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
    const attack = rollHits(ctx, units, 4 - suppression);
    // "The assault unit may be resisted by the enemy's shields, and have no strength": one ship's shields at full hardness.
    let saves = 0;
    const shieldRolls: number[] = [];
    for (let i = 0; i < Math.min(td.shields, attack.hits); i++) {
      const r = ctx.rng.d6();
      shieldRolls.push(r);
      if (r <= td.hardness) saves++;
    }
    const through = Math.max(0, attack.hits - saves);
    let att = 0;
    for (let i = 0; i < through; i++) att += d3(ctx);
    const defRoll = ctx.rng.d6();
    let def = defRoll + td.size;
    for (let i = 0; i < tCaps.assault; i++) def += d3(ctx);
    const won = through > 0 && att > def;
    ctx.ok(
      STEP,
      label,
      `${units} assault unit(s) within ${ASSAULT_RANGE}" of ${ship.id}: ${attack.hits} hit(s), ${saves} saved by shields, ${through} through`,
    );
    ctx.note(
      "board",
      `Assault on ${ship.id} of ${target.id}: ${units} units roll [${attack.rolls.join(",")}] needing ${4 - suppression}, shields [${shieldRolls.join(",")}]: ${through} through, attack ${att} against defence ${def} (d6 ${defRoll} + size ${td.size}): ${won ? "captured" : "repelled"}`,
      { side: ctx.side, unit: target.id },
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
  let sizes = 0;
  let extra = 0;
  let nearest = Number.POSITIVE_INFINITY;
  let captor: Squadron | null = null;
  for (const sq of boarders) {
    const d = designOfSquadron(state, sq);
    const caps = ctx.caps(sq);
    for (const s of sq.ships) {
      if (s.disabled) continue;
      const dd = dist(s, ship);
      nearest = Math.min(nearest, dd);
      if (dd <= CONTACT + 1e-9) {
        sizes += d.size;
        extra += caps.assault;
        captor ??= sq;
      }
    }
  }
  if (!captor)
    return void ctx.fail(
      STEP,
      label,
      "no-contact",
      `no boarding ship is in contact with ${ship.id} (nearest ${inches(nearest)}, contact is ${CONTACT}")`,
    );
  const ar = ctx.rng.d6();
  let att = ar + sizes;
  for (let i = 0; i < extra; i++) att += d3(ctx);
  const dr = ctx.rng.d6();
  let def = dr + td.size;
  for (let i = 0; i < tCaps.assault; i++) def += d3(ctx);
  const won = att > def;
  ctx.ok(STEP, label, `boarding ${ship.id} with ships of combined size ${sizes} in contact`);
  ctx.note(
    "board",
    `Boarding ${ship.id} of ${target.id}: ${ar} + ${sizes}${extra ? ` + ${extra}d3` : ""} = ${att} against ${dr} + ${td.size} = ${def}: ${won ? "captured" : "repelled"}`,
    {
      side: ctx.side,
      unit: target.id,
    },
  );
  if (won) capture(ctx, captor, target, ship, false, false);
}

export function engulfOrder(ctx: Ctx, o: OrderOf<"engulf">, label: string, active: Set<string>, engulfed: Set<string>): void {
  const state = ctx.state;
  const sq = ctx.sq(o.squadron);
  if (!sq || sq.side !== ctx.side || !active.has(sq.id) || sq.location !== "table") {
    return void ctx.fail(STEP, label, "not-activating", `${o.squadron} is not a squadron of yours in this activation`);
  }
  if (ctx.caps(sq).engulfing <= 0) return void ctx.fail(STEP, label, "cannot-engulf", `${sq.id} has no engulfing system`);
  const target = ctx.sq(o.target);
  if (!target || target.side === ctx.side || target.location !== "table")
    return void ctx.fail(STEP, label, "unknown-target", `no enemy squadron ${o.target} on the table`);
  const ship = pickShip(target, o.ship, true);
  if (!ship)
    return void ctx.fail(
      STEP,
      label,
      "not-disabled",
      `${target.id} has no disabled ship${o.ship ? ` ${o.ship}` : ""}: "Enemy ships must be disabled to be engulfed"`,
    );
  const d = designOfSquadron(state, sq);
  const td = designOfSquadron(state, target);
  const max = Math.ceil(d.size / 3);
  if (td.size > max)
    return void ctx.fail(
      STEP,
      label,
      "too-large",
      `${ship.id} is size ${td.size}; a size ${d.size} ship engulfs up to size ${max} (1/3 of its size, rounded up)`,
    );
  const engulfer = sq.ships.find((s) => !s.disabled && !engulfed.has(s.id) && dist(s, ship) <= CONTACT + 1e-9);
  if (!engulfer) {
    const near = Math.min(...sq.ships.map((s) => dist(s, ship)));
    return void ctx.fail(
      STEP,
      label,
      "no-contact",
      `no ship of ${sq.id} that has not engulfed this turn is in contact with ${ship.id} (nearest ${inches(near)})`,
    );
  }
  engulfed.add(engulfer.id);
  ctx.ok(STEP, label, `${engulfer.id} engulfs ${ship.id}`);
  ctx.note("board", `${engulfer.id} of ${sq.id} engulfs the disabled ${td.name} ${ship.id}`, { side: ctx.side, unit: target.id });
  capture(ctx, sq, target, ship, true, false);
}

/** A captured ship leaves its squadron (VP to the captor's side) and becomes a prize of the captor squadron. */
function capture(ctx: Ctx, captor: Squadron, target: Squadron, ship: Ship, engulfed: boolean, assault: boolean): void {
  const state = ctx.state;
  const td = designOfSquadron(state, target);
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
    design: target.design,
    squadron: captor.id,
    x: at.x,
    y: at.y,
    engulfed,
  };
  void centroid;
}
