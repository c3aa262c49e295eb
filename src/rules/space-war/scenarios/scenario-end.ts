/**
 * The scenarios' own ends (l.919-921 the CT's, l.942 the Convoy, l.1008 Machine Wars II) and their in-battle rules
 * the turn's steps ask for (l.942 the Convoy's exit; l.979 the machines' fighters are the-turn/s6's `machineSelfDestruct`). `the-turn/battle-end.ts` calls
 * `scenarioOver(state)` before its own test (a side wiped out or given up, l.37, l.267, C.19): a scenario's terms win.
 */
import type { SeatId } from "../../../core/ids.js";
import type { Battle, Craft, Point, Role, SpaceWarState } from "../model.js";
import { military } from "./set-up.js";

/** The Convoy's exit (l.942): "within 6" of the centre of the enemy squadron's table edge". */
export const EXIT_HALF_WIDTH = 6;

type End = { winner: SeatId | "draw"; reason: string };

const lost = (c: Craft): boolean => c.where.kind === "gone" && (c.where.how === "destroyed" || c.where.how === "captured");
const seatOf = (roles: Readonly<Record<SeatId, Role>>, role: Role): SeatId | undefined => Object.keys(roles).find((s) => roles[s] === role);
/** The seat still has a military vessel in the battle (not destroyed, captured, fled or exited). */
const hasVessels = (b: Battle, seat: SeatId): boolean =>
  b.craft.some((c) => c.owner === seat && military(c) && c.type === "vessel" && c.where.kind !== "gone");

/**
 * Does a transport leaving the table at `exit` (a point on or past the edge) leave by the Convoy's exit: the enemy's
 * edge, within 6" of its centre (l.942)? The movement step asks this and marks the craft `gone: exited`.
 */
export function convoyExit(b: Battle, escort: SeatId, exit: Point): boolean {
  const enemy = Object.keys(b.homes).find((s) => s !== escort);
  const edge = enemy === undefined ? undefined : b.homes[enemy]?.edge;
  if (edge === undefined) return false;
  const past = edge === "west" ? exit.x <= 0 : exit.x >= b.table.width;
  return past && Math.abs(exit.y - b.table.depth / 2) <= EXIT_HALF_WIDTH;
}

/** A scenario's own end, or undefined when its terms have not decided the battle (the common end then applies). */
export function scenarioOver(state: SpaceWarState): End | undefined {
  const b = state.campaign.battle;
  const roles = state.campaign.roles ?? {};
  if (!b) return undefined;
  if (b.scenario === "cultural-terrorists") {
    const defender = seatOf(roles, "squadron");
    const ct = seatOf(roles, "ct");
    if (defender === undefined || ct === undefined) return undefined;
    const station = b.craft.find((c) => c.station && c.owner === defender);
    if (station && lost(station)) return { winner: ct, reason: "the local franchise, the Space Station, is destroyed (l.921)" };
    if (b.gaveUp.includes(defender))
      return { winner: ct, reason: "the defending squadron flees: the Space Station is assumed destroyed (l.921)" };
    if (!hasVessels(b, defender)) return { winner: ct, reason: "the squadron protecting the Space Station is destroyed (l.921)" };
    if (!b.craft.some((c) => c.owner === ct && military(c) && c.where.kind !== "gone"))
      return { winner: defender, reason: "every cultural terrorist is destroyed or fled" };
    return undefined;
  }
  if (b.scenario === "convoy-escort") {
    const escort = seatOf(roles, "escort");
    const attacker = seatOf(roles, "attacker");
    if (escort === undefined || attacker === undefined) return undefined;
    const transports = b.craft.filter((c) => c.owner === escort && c.civilian && !c.station);
    const exited = transports.filter((c) => c.where.kind === "gone" && c.where.how === "exited").length;
    const dead = transports.filter(lost).length;
    if (transports.length > 0 && dead === transports.length)
      return { winner: attacker, reason: "the attackers destroy all three Transports (l.942)" };
    if (exited >= 2) return { winner: escort, reason: `${exited} of the three Transports exit by the enemy's edge (l.942)` };
    if (transports.length > 0 && exited + dead === transports.length)
      return { winner: "draw", reason: `${exited} Transport exits and ${dead} are destroyed: neither side wins (l.942, C.28)` };
    return undefined;
  }
  if (b.scenario === "machine-wars-ii") {
    const defender = seatOf(roles, "squadron");
    const machine = seatOf(roles, "machine");
    if (defender === undefined || machine === undefined) return undefined;
    const invader = b.craft.filter((c) => c.owner === machine && military(c));
    if (invader.length > 0 && invader.every(lost)) return { winner: defender, reason: "the invader is destroyed (l.1008)" };
    if (invader.length > 0 && invader.every((c) => c.where.kind === "gone"))
      return { winner: defender, reason: "the invader is driven off the table (l.1008, C.15)" };
    const station = b.craft.find((c) => c.station && c.owner === defender);
    if (station && lost(station)) return { winner: machine, reason: "the Space Station is destroyed: it was to be defended (l.1008)" };
    return undefined;
  }
  return undefined;
}
