/**
 * Releasing a friendly ship from its engulfer (RULINGS "Releasing a friendly engulfed ship").
 *
 * The seed's "Engulfing": "This can be done to friendly ships automatically during movement ...
 * Friendly ships that are engulfed can be repaired by the repair systems of the larger ship." It
 * gives no way out; the ruling adds one: a `release` order in the engulfer's own activation (after
 * its move, with boarding and engulfing) sets the ship down within 1" (contact) of its engulfer. It
 * rejoins a squadron of its side of its own design that has room ("Each squadron may have 1 — 7
 * ships", "no squadron should have more than 21 size units") and that it is in coherency with;
 * otherwise it becomes a detached squadron of one, repaired or still disabled.
 */

import { own } from "../../../core/ids.js";
import { onTable } from "../battlespace/battlespace.js";
import type { Ctx } from "../context.js";
import { coherency, dist, inches, offset, type Point, r2 } from "../geometry.js";
import { activeShips, baseOverlap, basesTouch, designOfSquadron, type Prize, type Ship, type Squadron, squadronList } from "../model.js";
import type { OrderOf } from "../orders.js";
import { CONTACT } from "./boarding.js";

const STEP = "6. Boarding";
/** "Each squadron may have 1 — 7 ships"; "no squadron should have more than 21 size units". */
export const SQUADRON_MAX_SHIPS = 7;
export const SQUADRON_MAX_SIZE = 21;

/** Why `sq` cannot take the released ship at `at`, or null when it can. */
export function rejoinFault(ctx: Ctx, sq: Squadron, prize: Prize, at: Point): string | null {
  const state = ctx.state;
  if (sq.side !== prize.side || sq.location !== "table" || sq.ships.length === 0) return `${sq.id} is not a squadron of yours on the table`;
  if (sq.station) return `${sq.id} is a station`;
  if (sq.mixed) return `${sq.id} is a mixed squadron: its written list cannot take a ship in the middle of a battle`;
  if (sq.design !== prize.design)
    return `${sq.id} is a squadron of ${designOfSquadron(state, sq).name}; the released ship is a ${state.designs[prize.design]?.name ?? prize.design} ("1 — 7 ships of one particular type")`;
  const size = designOfSquadron(state, sq).size;
  const ships = sq.ships.length + 1;
  if (ships > SQUADRON_MAX_SHIPS || ships * size > SQUADRON_MAX_SIZE)
    return `${sq.id} has no room: ${ships} ships of size ${size} would be ${ships * size} size units (at most ${SQUADRON_MAX_SHIPS} ships, ${SQUADRON_MAX_SIZE} units)`;
  const clash = baseOverlap(state, sq.id, [{ id: "released", x: at.x, y: at.y }]);
  if (clash)
    return `set down at (${r2(at.x)}, ${r2(at.y)}) it would be ${Math.round(clash.distance * 1000) / 1000}" from ${clash.other} of ${clash.squadron}: bases are ${basesTouch(state)}" across and may not overlap (RULINGS "Bases")`;
  const c = coherency([...activeShips(sq), at], state.settings.coherency, state.settings.chain);
  if (!c.ok)
    return `set down at (${r2(at.x)}, ${r2(at.y)}) it would be out of coherency with ${sq.id}: up to ${inches(c.widest)} apart (limit ${state.settings.coherency}") and a ${inches(c.chainGap)} gap breaks the ${state.settings.chain}" chain`;
  return null;
}

/** Where the ship is set down: `to` (within contact of the engulfer), else 1" astern of it (bases touching), else the nearest bearing round it clear of other bases. */
function placement(ctx: Ctx, o: OrderOf<"release">, engulfer: Ship, facing: number, label: string): Point | null {
  if (o.to) {
    const d = dist(o.to, engulfer);
    const why =
      d > CONTACT + 1e-9
        ? ["too-far", `is ${inches(d)} from the engulfer ${engulfer.id}; a released ship is set down within ${CONTACT}"`]
        : !onTable(ctx.state.battlespace, o.to)
          ? ["off-table", "is off the table"]
          : null;
    if (!why) return o.to;
    ctx.fail(STEP, label, why[0] as string, `(${r2(o.to.x)}, ${r2(o.to.y)}) ${why[1]}`);
    return null;
  }
  // 1" astern, else the nearest bearing round the engulfer where its base is clear of every squadron's (RULINGS "Bases").
  for (let k = 0; k < 16; k++) {
    const turn = Math.ceil(k / 2) * 22.5 * (k % 2 === 0 ? 1 : -1);
    const p = offset(engulfer, facing + 180 + turn, CONTACT);
    // To a thousandth: a hundredth could round it out of the touching band (RULINGS "Bases").
    const at = { x: Math.round(p.x * 1000) / 1000, y: Math.round(p.y * 1000) / 1000 };
    if (onTable(ctx.state.battlespace, at) && !baseOverlap(ctx.state, "", [{ id: "released", ...at }])) return at;
  }
  ctx.fail(
    STEP,
    label,
    "no-room",
    `no point in contact with the engulfer ${engulfer.id} is clear of other ships' bases to set the ship down`,
  );
  return null;
}

export function releaseOrder(ctx: Ctx, o: OrderOf<"release">, label: string, active: Set<string>): void {
  const state = ctx.state;
  const sq = ctx.sq(o.squadron);
  if (!sq || sq.side !== ctx.side || !active.has(sq.id) || sq.location !== "table")
    return void ctx.fail(STEP, label, "not-activating", `${o.squadron} is not a squadron of yours in this activation`);
  const prize = own(state.prizes, o.target);
  if (!prize)
    return void ctx.fail(STEP, label, "unknown-prize", `no engulfed ship ${o.target}; engulfed ships are prizes (ids like blue-p7)`);
  if (prize.side !== ctx.side) return void ctx.fail(STEP, label, "not-yours", `${prize.id} is a prize of ${prize.side}`);
  if (!prize.engulfed)
    return void ctx.fail(STEP, label, "not-engulfed", `${prize.id} is not engulfed: it lies on the table as a prize of ${prize.squadron}`);
  if (prize.fromSide !== prize.side)
    return void ctx.fail(
      STEP,
      label,
      "not-friendly",
      `${prize.id} is an enemy ship of ${prize.fromSide}: "Ships that are engulfed are automatically considered captured"; only a friendly ship is released`,
    );
  if (prize.squadron !== sq.id)
    return void ctx.fail(
      STEP,
      label,
      "not-your-squadron",
      `${prize.id} is carried by ${prize.squadron}, not ${sq.id}: release it in that squadron's activation`,
    );
  const engulfer = sq.ships.find((s) => s.id === prize.engulfer);
  if (!engulfer) return void ctx.fail(STEP, label, "no-engulfer", `${prize.id}'s engulfer ${prize.engulfer ?? "?"} is not in ${sq.id}`);
  const at = placement(ctx, o, engulfer, sq.facing, label);
  if (!at) return;
  let home: Squadron | null = null;
  if (o.join) {
    const named = ctx.sq(o.join);
    const why = named ? rejoinFault(ctx, named, prize, at) : `no squadron ${o.join}`;
    if (why) return void ctx.fail(STEP, label, "cannot-rejoin", `${prize.id} cannot rejoin ${o.join}: ${why}`);
    home = named as Squadron;
  } else home = squadronList(state).find((q) => rejoinFault(ctx, q, prize, at) === null) ?? null;
  const ship: Ship = { id: prize.ship ?? prize.id, x: at.x, y: at.y, disabled: !prize.repaired };
  delete state.prizes[prize.id];
  const name = state.designs[prize.design]?.name ?? prize.design;
  if (home) {
    home.ships.push(ship);
    home.initialShips = Math.max(home.initialShips, home.ships.length);
    ctx.los.invalidate(home.id);
  } else home = detachedSquadronOfOne(ctx, sq, prize, ship, name);
  const how = `${ship.disabled ? "still disabled" : "repaired"}, ${inches(dist(at, engulfer))} from ${engulfer.id}`;
  ctx.ok(STEP, label, `${engulfer.id} releases the ${name} ${ship.id} (${how}) into ${home.id}`);
  ctx.note(
    "release",
    `${engulfer.id} of ${sq.id} releases the friendly ${name} ${ship.id}: it ${o.join || home.ships.length > 1 ? "rejoins" : "forms the detached squadron"} ${home.id} (${how})`,
    {
      side: sq.side,
      unit: home.id,
    },
  );
}

/** No squadron to rejoin: the ship is a detached squadron of one, facing as its engulfer, which has activated this turn. */
function detachedSquadronOfOne(ctx: Ctx, carrier: Squadron, prize: Prize, ship: Ship, name: string): Squadron {
  const state = ctx.state;
  const id = ctx.newId(`${prize.side}-r`);
  const bays = state.designs[prize.design]?.systems.fighterBay ?? 0;
  const sq: Squadron = {
    id,
    side: prize.side,
    name: `${name} (released)`,
    design: prize.design,
    taskforce: null,
    ships: [ship],
    initialShips: 1,
    facing: carrier.facing,
    damage: 0,
    suppression: 0,
    location: "table",
    goneReason: null,
    arrival: null,
    arrivedTurn: carrier.arrivedTurn,
    activatedTurn: state.turn,
    fighters: 0,
    fightersMax: bays,
    suppressedAt: -1,
    interceptAt: -1,
    lightAt: -1,
    station: false,
  };
  state.squadrons[id] = sq;
  return sq;
}
