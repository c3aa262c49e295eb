/**
 * Movement ("Movement", QRS Activation Sequence 3a-3c).
 *
 * "Ships have movement arcs based on their size. A movement arc centers on the
 * nose of the ship, and a ship must end its move within that movement arc. Ships
 * move in straight lines. Their facing after moving should be the same as the
 * direction of their movement." Then "After a squadron moves, it can adopt a new
 * facing": any for size 3 and smaller, up to 90 degrees from the direction of
 * movement for sizes 4-7 and 45 for 8+. "A squadron does not have to use its full
 * movement, and does not have to move every ship in the squadron identically."
 *
 * Coherency: "All ships in a squadron must remain within 6" of each other, or have
 * no ships separated from another by more than 2" (such as in a line)". Command:
 * "at least one ship in a squadron must remain within 8" of the Taskforce
 * Flagship", else the squadron becomes detached. "After moving, all squadrons in a
 * Taskforce must have a facing that would allow them to move in the same direction
 * that the Flagship faces" (a squadron that cannot is detached: RULINGS).
 * Disabled ships do not move: they "may be freely abandoned by their Squadron", and
 * if left beyond command distance "they immediately shift out of the battle".
 */
import { hazardsOnPath, isHazardous, onTable } from "../battlespace/battlespace.js";
import type { Ctx } from "../context.js";
import { extraTurn } from "../formations-and-experience/experience.js";
import {
  coneMoveFault,
  type Formation,
  formationFault,
  formationOf,
  RING_MOVE_LOSS,
  taskforceConeFault,
  taskforceConeSquadrons,
} from "../formations-and-experience/formations.js";
import { angleDiff, bearingXY, centroid, coherency, dist, inArc, inches, offset, type Point, parseFacing, r2 } from "../geometry.js";
import {
  BASE_TOLERANCE,
  type BaseOverlap,
  type BattleState,
  baseOverlap,
  basesTouch,
  contactAim,
  designOfSquadron,
  flagshipPoint,
  movementLimits,
  otherSide,
  type Squadron,
  squadronList,
  squadronMove,
  type Taskforce,
} from "../model.js";
import type { OrderOf } from "../orders.js";

export const STEP_MOVE = "3. Move";

export interface ShipPath {
  id: string;
  from: Point;
  to: Point;
  heading: number;
}

export interface MovePath {
  squadron: string;
  oldFacing: number;
  newFacing: number;
  ships: ShipPath[];
  /** Longest distance any ship moved. */
  length: number;
}

/** Validate and carry out one move order; returns the paths (null if refused). */
export function moveSquadron(ctx: Ctx, o: OrderOf<"move">, label: string, active: Set<string>, moved: Set<string>): MovePath | null {
  const state = ctx.state;
  const sq = ctx.sq(o.squadron);
  const fail = (code: string, msg: string): null => {
    ctx.fail(STEP_MOVE, label, code, msg);
    return null;
  };
  if (!sq || sq.side !== ctx.side) return fail("unknown-squadron", `no squadron ${o.squadron} of yours`);
  if (!active.has(sq.id) || sq.location !== "table") return fail("not-activating", `${sq.id} is not part of this activation`);
  if (moved.has(sq.id)) return fail("already-moved", `${sq.id} has already moved this activation`);
  if (sq.station) return fail("station-immobile", `${sq.id} is a station: "Stations are immobile during a game"`);
  const d = designOfSquadron(state, sq);
  const mobile = sq.ships.filter((s) => !s.disabled);
  if (mobile.length === 0) return fail("all-disabled", `every ship of ${sq.id} is disabled and cannot move`);
  const lim = movementLimits(d.size);
  // "Formations (experimental rules)": adopt, keep or break a cone or ring (RULINGS "Formations").
  const held = formationOf(state, sq);
  const want = o.formation;
  if (want !== undefined && state.settings.formations !== true)
    return fail("formations-off", `formations are an experimental option ("Formations"): set options.formations: true in a fleet file`);
  if (held && want && want !== "none" && want !== held)
    return fail(
      "formation-change",
      `${sq.id} is in a ${held}: break formation in one move (formation: none) before adopting a ${want} in a later one`,
    );
  // "A full taskforce may also adopt this formation" (RULINGS "The full-taskforce cone"): the squadron moves as
  // part of its taskforce's cone; the cone itself (5 ships in all, the 1" chain, one facing) is checked on the
  // taskforce after all its moves (taskforceCone).
  const tfWant = o.taskforceFormation;
  if (tfWant !== undefined && state.settings.formations !== true)
    return fail("formations-off", `formations are an experimental option ("Formations"): set options.formations: true in a fleet file`);
  if (tfWant !== undefined && !sq.taskforce)
    return fail("no-taskforce", `${sq.id} is detached: only a taskforce adopts or breaks a taskforce cone`);
  if (tfWant === "cone" && ((want !== undefined && want !== "cone") || held === "ring"))
    return fail(
      "formation-change",
      `${sq.id} ${held === "ring" ? "is in a ring: break it in one move before joining" : `cannot take a ${want} and join`} its taskforce's cone`,
    );
  const inTaskforceCone =
    tfWant === "cone" || (tfWant === undefined && sq.formation === "cone" && state.taskforces[sq.taskforce ?? ""]?.formation === "cone");
  const next: Formation | null =
    tfWant === "none" ? null : tfWant === "cone" ? held : want === undefined ? held : want === "none" ? null : want;
  // A mixed squadron moves at its slowest ship's speed (RULINGS "Mixed squadrons in play").
  const ownMove = squadronMove(state, sq);
  let maxMove = ownMove;
  let anyFacing = lim.facingChange >= 360;
  if (held === "ring") {
    // "The squadron loses 12" of movement ... though they can move in any direction"; breaking: "any facing".
    maxMove = Math.max(0, ownMove - RING_MOVE_LOSS);
    lim.arc = 360;
    anyFacing = true;
  }
  // The common displacement.
  let vx = 0;
  let vy = 0;
  if (o.to) {
    const c = centroid(mobile);
    vx = o.to.x - c.x;
    vy = o.to.y - c.y;
  } else if (o.heading !== undefined) {
    const p = offset({ x: 0, y: 0 }, o.heading, o.distance ?? maxMove);
    vx = p.x;
    vy = p.y;
  }
  const overrides = new Map<string, Point>();
  for (const s of o.ships ?? []) {
    const ship = sq.ships.find((x) => x.id === s.ship);
    if (!ship) return fail("unknown-ship", `${sq.id} has no ship ${s.ship}`);
    if (ship.disabled) return fail("ship-disabled", `${s.ship} is disabled and cannot move`);
    overrides.set(s.ship, s.to);
  }
  const ships: ShipPath[] = [];
  let longest = 0;
  for (const s of mobile) {
    const to = overrides.get(s.id) ?? { x: s.x + vx, y: s.y + vy };
    const len = dist(s, to);
    if (len > maxMove + 1e-6)
      return fail(
        "too-far",
        `${s.id} would move ${inches(len)}; ${sq.mixed ? "the mixed squadron's slowest ship" : d.name} moves up to ${maxMove}"${held === "ring" ? ` in a ring (${ownMove}" less ${RING_MOVE_LOSS}")` : ""}`,
      );
    const heading = len > 1e-9 ? bearingXY(s.x, s.y, to.x, to.y) : sq.facing;
    if (len > 1e-9 && !inArc(sq.facing, lim.arc, heading)) {
      return fail(
        "outside-movement-arc",
        `${s.id} would move on bearing ${r2(heading)}, ${r2(Math.abs(angleDiff(sq.facing, heading)))} degrees off its facing ${r2(sq.facing)}; size ${d.size} ships move within a forward ${lim.arc} degree arc (+/-${lim.arc / 2})`,
      );
    }
    if (!onTable(state.battlespace, to))
      return fail(
        "off-table",
        `${s.id} would end at (${r2(to.x)}, ${r2(to.y)}), off the table; ships leave the battlespace only by battleshifting`,
      );
    ships.push({ id: s.id, from: { x: s.x, y: s.y }, to, heading });
    longest = Math.max(longest, len);
  }
  // The facing after the move.
  const movedShips = ships.filter((p) => dist(p.from, p.to) > 1e-9);
  let facing: number;
  if (o.facing !== undefined) {
    const f = parseFacing(o.facing);
    if (f === null) return fail("bad-facing", `facing ${JSON.stringify(o.facing)} is neither degrees nor a compass point (N, NE, E, ...)`);
    facing = f;
  } else facing = movedShips.length ? (movedShips[0] as ShipPath).heading : sq.facing;
  lim.facingChange += extraTurn(state, sq); // Experience: "Extra 45 degree turn".
  if (held === "cone" && next === "cone") {
    const why = coneMoveFault(
      sq.facing,
      movedShips.map((p) => p.heading),
      facing,
    );
    if (why) return fail("cone-move", why);
  } else if (!anyFacing && lim.facingChange < 360) {
    const refs = movedShips.length ? movedShips.map((p) => p.heading) : [sq.facing];
    for (const h of refs) {
      const turn = Math.abs(angleDiff(h, facing));
      if (turn > lim.facingChange + 0.01) {
        return fail(
          "facing-change",
          `a new facing of ${r2(facing)} is ${r2(turn)} degrees from the direction of movement ${r2(h)}; size ${d.size} ships may change facing by up to ${lim.facingChange} degrees after moving`,
        );
      }
    }
  }
  const ends = ships.map((p) => p.to);
  if (next && !(inTaskforceCone && want !== "none")) {
    const why = formationFault(next, ends);
    if (why) return fail("formation", `${sq.id}: ${why}`);
  }
  const coh = coherency(ends, state.settings.coherency, state.settings.chain);
  if (!coh.ok) {
    return fail(
      "coherency",
      `after the move the ships of ${sq.id} would be up to ${inches(coh.widest)} apart (limit ${state.settings.coherency}") and a ${inches(coh.chainGap)} gap breaks the ${state.settings.chain}" chain`,
    );
  }
  // RULINGS "Bases": no ship may end its move on the base of a ship of another squadron (issue 9 item 13).
  const ending = sq.ships.map((x) => {
    const p = ships.find((q) => q.id === x.id);
    return { id: x.id, x: p ? p.to.x : x.x, y: p ? p.to.y : x.y };
  });
  const clash = baseOverlap(state, sq.id, ending);
  if (clash) return fail("bases-overlap", overlapMessage(state, sq, ships, clash, o));
  // Carry it out.
  const from = centroid(mobile);
  for (const p of ships) {
    const s = sq.ships.find((x) => x.id === p.id);
    if (s) {
      s.x = p.to.x;
      s.y = p.to.y;
    }
  }
  const oldFacing = sq.facing;
  sq.facing = facing;
  if (want !== undefined || tfWant === "none") sq.formation = next;
  moved.add(sq.id);
  ctx.los.invalidate(sq.id);
  ctx.ok(
    STEP_MOVE,
    label,
    `${sq.id} moves ${inches(longest)} of ${ownMove}" within its ${lim.arc} degree arc, facing ${r2(facing)}; ships within ${inches(coh.widest)} of each other`,
  );
  ctx.push({
    kind: "move",
    side: sq.side,
    squadron: sq.id,
    start: from,
    end: centroid(mobile),
    facing,
    act: ctx.act,
    turn: state.turn,
    text: `${sq.id} (${sq.name}) moves ${inches(longest)} to (${r2(centroid(mobile).x)}, ${r2(centroid(mobile).y)}) facing ${r2(facing)}`,
  });
  hazards(ctx, sq, ships);
  return { squadron: sq.id, oldFacing, newFacing: facing, ships, length: longest };
}

/** A gap for a bases message, to a thousandth of an inch (the touching band is a hundredth wide). */
const gap = (x: number): string => `${Math.round(x * 1000) / 1000}"`;

/**
 * The first fraction of a straight move (every ship along its own path by the same fraction) at which `p`'s base comes
 * to touch the base at `o` (centres `aim` apart), or null when it ends no nearer than that.
 */
function touchAt(p: ShipPath, o: Point, aim: number): number | null {
  const dx = p.to.x - p.from.x;
  const dy = p.to.y - p.from.y;
  const fx = p.from.x - o.x;
  const fy = p.from.y - o.y;
  const a = dx * dx + dy * dy;
  if (a < 1e-12) return null;
  const b = 2 * (fx * dx + fy * dy);
  const c = fx * fx + fy * fy - aim * aim;
  const disc = b * b - 4 * a * c;
  if (disc < 0) return null;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  return t >= 0 && t <= 1 ? t : c < 0 ? 0 : null;
}

/**
 * Why a move that ends on another squadron's base is refused (RULINGS "Bases"), with the measured gap and what would be
 * valid: for a straight move (`heading` and `distance`, or `to`), the same move stopped where the bases first touch
 * (a move into contact: centres `contactAim` apart, within the touching band), else the longest part of it (in 0.1"
 * steps) that ends clear, if any.
 */
function overlapMessage(state: BattleState, sq: Squadron, ships: readonly ShipPath[], clash: BaseOverlap, o: OrderOf<"move">): string {
  const touch = basesTouch(state);
  const head =
    `${clash.ship} would end at (${r2(clash.at.x)}, ${r2(clash.at.y)}), ${gap(clash.distance)} from ${clash.other} of ${clash.squadron} ` +
    `at (${r2(clash.otherAt.x)}, ${r2(clash.otherAt.y)}), centre to centre: bases are ${touch}" across (RULINGS "Bases") and may not overlap, ` +
    `so ships of different squadrons end at least ${touch}" apart (${gap(touch - clash.distance)} short; from ${r2(touch - BASE_TOLERANCE)}" to ${touch}" the bases touch, which is contact)`;
  const longest = Math.max(0, ...ships.map((p) => dist(p.from, p.to)));
  const straight = (o.heading !== undefined || o.to !== undefined) && !o.ships?.length;
  if (!straight || longest < 1e-6) return `${head}; end the move elsewhere`;
  const still = sq.ships.filter((x) => !ships.some((p) => p.id === x.id));
  const at = (t: number) => [
    ...still.map((x) => ({ id: x.id, x: x.x, y: x.y })),
    ...ships.map((p) => ({ id: p.id, x: p.from.x + (p.to.x - p.from.x) * t, y: p.from.y + (p.to.y - p.from.y) * t })),
  ];
  const ok = (t: number) => {
    const pts = at(t);
    return !baseOverlap(state, sq.id, pts) && coherency(pts, state.settings.coherency, state.settings.chain).ok;
  };
  const stopped = (d: number, t: number): string => {
    if (o.to === undefined) return `(distance: ${d})`;
    const c = centroid(ships.map((p) => p.from));
    return `(to: {x: ${Math.round((c.x + (o.to.x - c.x) * t) * 1000) / 1000}, y: ${Math.round((c.y + (o.to.y - c.y) * t) * 1000) / 1000}})`;
  };
  // Into contact: where the first of the bases it would end on is reached, bases touching.
  const ending = at(1);
  let first: { t: number; other: string } | null = null;
  for (const p of ships) {
    const end = ending.find((x) => x.id === p.id) as { x: number; y: number };
    for (const q of Object.values(state.squadrons)) {
      if (q.id === sq.id || q.location !== "table") continue;
      for (const x of q.ships) {
        if (Math.hypot(end.x - x.x, end.y - x.y) >= touch - BASE_TOLERANCE) continue;
        const t = touchAt(p, x, contactAim(state));
        if (t !== null && (!first || t < first.t)) first = { t, other: x.id };
      }
    }
  }
  if (first && first.t > 0) {
    const d = Math.round(first.t * longest * 1000) / 1000;
    const t = d / longest;
    if (ok(t))
      return `${head}; to move into contact, stop the same move where the bases touch: after ${gap(d)} ${stopped(d, t)}, in contact with ${first.other}; or end it elsewhere`;
  }
  for (let d = Math.floor(longest * 10) / 10; d >= 0.1 - 1e-9; d = Math.round((d - 0.1) * 10) / 10) {
    const t = d / longest;
    if (ok(t)) return `${head}; the same move stopped after ${gap(d)} ${stopped(d, t)} ends clear, or end it elsewhere`;
  }
  return `${head}; no shorter part of this move ends clear: move another way`;
}

/**
 * "Some space "terrain" features may be considered hazardous to move near, such as a plasma filled
 * nebula ... These will have their own special rules that are resolved as the squadron moves."
 * RULINGS "Hazardous terrain": each ship whose move enters or crosses a feature the scenario marks
 * hazardous rolls a die; each 1 is a hit on the squadron, resisted by its shields like a light
 * battery hit, with no suppression. Ships lost this way count as destroyed (the enemy scores them).
 * Minefields, gravity rifts and small singularities are always hazardous (battlespace.ts isHazardous).
 */
function hazards(ctx: Ctx, sq: Squadron, paths: readonly ShipPath[]): void {
  for (const t of ctx.state.battlespace.terrain) {
    if (!isHazardous(t) || sq.location !== "table" || sq.ships.length === 0) continue;
    const through = paths.filter((p) => hazardsOnPath(ctx.state.battlespace, p.from, p.to).includes(t)).length;
    if (through === 0) continue;
    ctx.attackSquadron([], sq, { weapon: "light", dice: through, targeting: 1, noSuppression: true }, `hazard (${t.name})`, {
      by: otherSide(ctx.state, sq.side),
    });
  }
}

/**
 * "A full taskforce may also adopt this formation" (RULINGS "The full-taskforce cone"), after the taskforce's
 * moves (before command range): `adopting` are the squadrons moved with `taskforceFormation: "cone"`, `breaking`
 * whether a move broke it. Adopting needs every squadron of the taskforce on the table in the cone; the cone
 * (adopted or held) needs 5 active ships in all, one 1" chain and one facing, or it is not (or no longer) held.
 */
export function taskforceCone(ctx: Ctx, tfId: string | null, adopting: ReadonlySet<string>, breaking: boolean): void {
  const state = ctx.state;
  const tf = tfId ? state.taskforces[tfId] : undefined;
  if (!tf || (adopting.size === 0 && !breaking && tf.formation !== "cone")) return;
  const label = `taskforce cone ${tf.id}`;
  const squadrons = Object.values(state.squadrons).filter(
    (q) => q.taskforce === tf.id && q.location === "table" && q.ships.some((s) => !s.disabled),
  );
  const dissolve = (): void => dissolveTaskforceCone(state, tf);
  if (breaking) {
    const was = tf.formation === "cone";
    dissolve();
    if (adopting.size > 0)
      return void ctx.fail(STEP_MOVE, label, "taskforce-cone", `${tf.id}'s moves both adopt and break its cone: it is broken`);
    if (was) ctx.note("formation", `${tf.name} breaks its taskforce cone`, { side: tf.side, unit: tf.id });
    return;
  }
  if (adopting.size > 0) {
    const missing = squadrons.filter((q) => !adopting.has(q.id)).map((q) => q.id);
    if (missing.length > 0)
      return void ctx.fail(
        STEP_MOVE,
        label,
        "taskforce-cone",
        `"A full taskforce may also adopt this formation": ${missing.join(", ")} of ${tf.id} did not move into the cone (every squadron moves with taskforceFormation: cone; a 0" move counts)`,
      );
    const why = taskforceConeFault(squadrons);
    if (why) return void ctx.fail(STEP_MOVE, label, "taskforce-cone", `${tf.id}: ${why}`);
    tf.formation = "cone";
    for (const q of squadrons) q.formation = "cone";
    ctx.ok(STEP_MOVE, label, `${tf.id} adopts a taskforce cone: ${squadrons.map((q) => q.id).join(", ")}`);
    ctx.note("formation", `${tf.name} adopts a taskforce cone`, { side: tf.side, unit: tf.id });
    return;
  }
  const why = heldConeFault(state, tf);
  if (!why) return;
  ctx.fail(STEP_MOVE, label, "taskforce-cone-broken", `${tf.id}'s cone no longer holds after its moves and is broken: ${why}`);
}

function dissolveTaskforceCone(state: BattleState, tf: Taskforce): void {
  tf.formation = null;
  for (const q of taskforceConeSquadrons(state, tf)) q.formation = null;
}

/**
 * A held taskforce cone measured again: why it no longer holds (it is then dissolved), or null. With no squadron
 * left in it (every one broke out, was lost, or the taskforce dissolved) the cone is simply gone.
 */
function heldConeFault(state: BattleState, tf: Taskforce): string | null {
  const members = taskforceConeSquadrons(state, tf);
  if (members.length === 0) {
    tf.formation = null;
    return null;
  }
  const why = taskforceConeFault(members);
  if (why) dissolveTaskforceCone(state, tf);
  return why;
}

/**
 * "A full taskforce may also adopt this formation" under fire (RULINGS "The full-taskforce cone: losses"): at the
 * end of every activation (an enemy's, a planet's, or its own after its later steps) every taskforce cone is
 * measured again, so ships lost to fire, boarding, engulfing or hazards break a cone whose 5 ships, 1" chain or one
 * facing no longer hold. Not an order refused: a public note (`taskforce-cone-broken`) for both seats.
 */
export function recheckTaskforceCones(ctx: Ctx): void {
  const state = ctx.state;
  for (const id of Object.keys(state.taskforces).sort()) {
    const tf = state.taskforces[id] as Taskforce;
    if (tf.formation !== "cone") continue;
    const why = heldConeFault(state, tf);
    if (!why) continue;
    ctx.note("formation", `${tf.name}'s taskforce cone no longer holds and is broken (taskforce-cone-broken): ${why}`, {
      side: tf.side,
      unit: tf.id,
      data: { code: "taskforce-cone-broken" },
    });
  }
}

/** After the taskforce has moved: command range, the taskforce facing rule, abandoned disabled ships. */
export function afterMovement(ctx: Ctx, squadrons: readonly Squadron[]): void {
  const state = ctx.state;
  for (const sq of squadrons) {
    if (sq.location !== "table" || sq.ships.length === 0) continue;
    abandonDisabled(ctx, sq);
    if (!sq.taskforce) continue;
    const tf = state.taskforces[sq.taskforce];
    if (!tf?.flagship) continue;
    const fp = flagshipPoint(state, tf);
    if (!fp) continue;
    if (tf.flagship.squadron === sq.id) continue;
    const near = Math.min(...sq.ships.map((s) => dist(s, fp)));
    if (near > state.settings.commandRange + 1e-9) {
      sq.taskforce = null;
      ctx.fail(
        STEP_MOVE,
        `command range ${sq.id}`,
        "out-of-command-range",
        `${sq.id}'s nearest ship is ${inches(near)} from the flagship of ${tf.name} (command range ${state.settings.commandRange}"): it is detached`,
      );
      continue;
    }
    const flagSq = state.squadrons[tf.flagship.squadron];
    if (!flagSq) continue;
    const lim = movementLimits(designOfSquadron(state, sq).size);
    if (!inArc(sq.facing, lim.arc, flagSq.facing)) {
      sq.taskforce = null;
      ctx.fail(
        STEP_MOVE,
        `taskforce facing ${sq.id}`,
        "taskforce-facing",
        `${sq.id} faces ${r2(sq.facing)} and the flagship ${r2(flagSq.facing)}: ${r2(Math.abs(angleDiff(sq.facing, flagSq.facing)))} degrees apart, outside its ${lim.arc} degree movement arc, so it could not move the flagship's way: it is detached`,
      );
    }
  }
}

/** Disabled ships left more than the command distance from every active ship of their squadron shift out for good. */
function abandonDisabled(ctx: Ctx, sq: Squadron): void {
  const activeShips = sq.ships.filter((s) => !s.disabled);
  if (activeShips.length === 0) return;
  const range = ctx.state.settings.commandRange;
  const left = sq.ships.filter((s) => s.disabled && Math.min(...activeShips.map((a) => dist(a, s))) > range + 1e-9);
  if (left.length === 0) return;
  // Abandoned ships leave without scoring (they are not destroyed): remove them directly.
  const ids = new Set(left.map((s) => s.id));
  const flag = ctx.flagshipShipOf(sq);
  if (flag && ids.has(flag)) ids.delete(flag);
  if (ids.size === 0) return;
  const before = sq.ships.length;
  sq.ships = sq.ships.filter((s) => !ids.has(s.id));
  ctx.push({
    kind: "loss",
    side: sq.side,
    squadron: sq.id,
    ships: before - sq.ships.length,
    at: centroid(left),
    what: "abandoned",
    act: ctx.act,
    turn: ctx.state.turn,
    text: `${sq.id} abandons ${before - sq.ships.length} disabled ship(s) beyond ${range}": they shift out of the battle and do not return`,
  });
  ctx.los.invalidate(sq.id);
}

/** All squadrons of a side on the table (stable order). */
export function sideSquadrons(ctx: Ctx, side: string): Squadron[] {
  return squadronList(ctx.state).filter((s) => s.side === side && s.location === "table" && s.ships.length > 0);
}
