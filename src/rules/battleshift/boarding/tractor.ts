/**
 * Combat tractor beams (option `tractorBeams`; RULINGS "Combat tractor beams").
 *
 * "Disabled ships ... may be boarded by any ship that ends its movement in contact with it. They may also be
 * engulfed or captured by a combat tractor beam." ("Basic Combat Resolution" 6, "Firing to disable"). No tractor
 * beam is in the System table or on any sample ship, so the option gives every ship one: after the move, a ship
 * in contact (1") with a disabled enemy ship no larger than itself captures it with no boarding roll. The
 * captured ship becomes a prize of the capturing squadron, towed as prizes are ("towed by an equal sized or
 * larger ship"). Each ship's beam captures one ship per activation.
 */

import type { Ctx } from "../context.js";
import { dist, inches } from "../geometry.js";
import { type Ship, type Squadron, shipDesignOf } from "../model.js";
import type { OrderOf } from "../orders.js";
import { CONTACT, capture, ownSquadrons, pickShip, STEP_BOARDING } from "./boarding.js";

const STEP = STEP_BOARDING;

/** The active ships of `sq` whose beam could take a ship of `size`: at least as large, not used this activation. */
export function tractorsFor(ctx: Ctx, sq: Squadron, size: number, used: ReadonlySet<string>): Ship[] {
  return sq.ships.filter((s) => !s.disabled && !used.has(s.id) && shipDesignOf(ctx.state, sq, s).size >= size);
}

/** The enemy squadron and disabled ship a tractor order names, or null once refused. */
function tractorTarget(ctx: Ctx, o: OrderOf<"tractor">, label: string): { target: Squadron; ship: Ship } | null {
  const target = ctx.sq(o.target);
  if (target?.location !== "table" || target.ships.length === 0) {
    ctx.fail(STEP, label, "unknown-target", `no squadron ${o.target} on the table`);
    return null;
  }
  if (target.side === ctx.side) {
    ctx.fail(STEP, label, "friendly", `${target.id} is your own squadron; a combat tractor beam captures disabled enemy ships`);
    return null;
  }
  const ship = pickShip(target, o.ship, true);
  if (!ship) {
    const why = `"Disabled ships ... may also be engulfed or captured by a combat tractor beam"`;
    ctx.fail(STEP, label, "not-disabled", `${target.id} has no disabled ship${o.ship ? ` ${o.ship}` : ""}: ${why}`);
    return null;
  }
  return { target, ship };
}

/** A `tractor` order: the first able ship of the squadron in contact captures the disabled ship. */
export function tractorOrder(ctx: Ctx, o: OrderOf<"tractor">, label: string, active: Set<string>, used: Set<string>): void {
  if (!ctx.state.settings.tractorBeams)
    return void ctx.fail(
      STEP,
      label,
      "tractor-beams-off",
      "combat tractor beams are an option (no ship system carries one): set options.tractorBeams: true in a fleet file",
    );
  const sq = ownSquadrons(ctx, [o.squadron], label, active)?.[0];
  if (!sq) return;
  const aim = tractorTarget(ctx, o, label);
  if (!aim) return;
  const size = shipDesignOf(ctx.state, aim.target, aim.ship).size;
  const able = tractorsFor(ctx, sq, size, used);
  if (able.length === 0) {
    const largest = Math.max(0, ...sq.ships.filter((s) => !s.disabled).map((s) => shipDesignOf(ctx.state, sq, s).size));
    const why =
      largest >= size
        ? `every ship of ${sq.id} large enough has used its tractor beam this activation (one capture per ship)`
        : `the largest active ship of ${sq.id} is size ${largest}; a tractor beam captures a ship no larger than its own`;
    return void ctx.fail(STEP, label, "too-large", `${aim.ship.id} is size ${size}: ${why}`);
  }
  const beam = able.find((s) => dist(s, aim.ship) <= CONTACT + 1e-9);
  if (!beam) {
    const near = Math.min(...able.map((s) => dist(s, aim.ship)));
    return void ctx.fail(
      STEP,
      label,
      "no-contact",
      `the nearest ship of ${sq.id} able to take ${aim.ship.id} is ${inches(near)} from it; a tractor beam needs contact (${CONTACT}")`,
    );
  }
  used.add(beam.id);
  const name = shipDesignOf(ctx.state, aim.target, aim.ship).name;
  ctx.ok(STEP, label, `${beam.id} (size ${shipDesignOf(ctx.state, sq, beam).size}) in contact with ${aim.ship.id} (size ${size})`);
  ctx.note("board", `${beam.id} of ${sq.id} captures the disabled ${name} ${aim.ship.id} with its tractor beam`, {
    side: ctx.side,
    unit: aim.target.id,
  });
  capture(ctx, sq, aim.target, aim.ship, false, false);
}
