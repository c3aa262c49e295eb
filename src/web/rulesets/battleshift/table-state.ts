/**
 * The table as the seat's view holds it, made into the rules' own state type so that the ruleset's replay drawing
 * (presentation/replay.ts) and its combat measures (combat/fire.ts, combat/line-of-sight.ts) run on it in the
 * browser: the page shows and measures what the server would, from nothing but the view (no secret of the other
 * side reaches the page: the view has already left the enemy's arrivals and order sheet out).
 */
import { Rng } from "../../../core/rng.js";
import { bears, momentNow, WEAPONS, type WeaponKey } from "../../../rules/battleshift/combat/fire.js";
import { describeLos, lineOfSight } from "../../../rules/battleshift/combat/line-of-sight.js";
import { Ctx } from "../../../rules/battleshift/context.js";
import { MISSILE_RANGE } from "../../../rules/battleshift/fighters-and-missiles/missiles.js";
import { angleDiff, bearing, centroid } from "../../../rules/battleshift/geometry.js";
import { type BattleState, capsOf, type Squadron, type TurnState } from "../../../rules/battleshift/model.js";
import type { BattleView } from "../../../rules/battleshift/presentation/view.js";

/** The view types its squadrons loosely (the enemy's have their arrival blanked): each is checked before use. */
function isSquadron(x: unknown): x is Squadron {
  return (
    typeof x === "object" &&
    x !== null &&
    "id" in x &&
    typeof x.id === "string" &&
    "side" in x &&
    typeof x.side === "string" &&
    "ships" in x &&
    Array.isArray(x.ships) &&
    "facing" in x &&
    typeof x.facing === "number" &&
    "location" in x &&
    typeof x.location === "string"
  );
}

const PHASES: readonly TurnState["phase"][] = ["sequences", "activation", "over"];

/**
 * A BattleState holding what the view holds. The parts a view does not carry are the ones drawing and measuring never
 * read (the seed, the id counter, the activation queue): they are given neutral values rather than guessed.
 */
export function stateOfView(view: BattleView): BattleState {
  const squadrons: Record<string, Squadron> = {};
  for (const [id, sq] of Object.entries(view.squadrons)) if (isSquadron(sq)) squadrons[id] = sq;
  const phase = PHASES.find((p) => p === view.phase) ?? "activation";
  return {
    ruleset: "battleshift",
    version: 1,
    seed: 0,
    scenario: "",
    step: view.step,
    turn: view.turn,
    activationNo: 0,
    settings: view.settings,
    battlespace: view.battlespace,
    sides: view.sides,
    designs: view.designs,
    taskforces: view.taskforces,
    squadrons,
    flights: view.flights,
    prizes: view.prizes,
    ...(view.planets ? { planets: view.planets } : {}),
    nextId: 0,
    turnState: {
      phase,
      sequences: { [view.seat]: view.mySequence },
      planned: { [view.seat]: view.myShifts },
      initiative: view.initiative,
      queue: [],
      index: 0,
      detachedNext: null,
      activated: view.activated,
    },
    outcome: view.outcome,
  };
}

/** A squadron's weapons with their range and arcs (relative to its facing), as the fire rules define them. */
export interface WeaponReach {
  key: WeaponKey;
  name: string;
  range: number;
  arcs: number[];
  width: number;
}

function ctxFor(state: BattleState, side: string): Ctx {
  // A preview context: nothing is rolled (measuring needs no dice), so any seed does.
  return new Ctx(state, Rng.fromSeed(0), side, true);
}

export function weaponsOf(state: BattleState, sq: Squadron): WeaponReach[] {
  const ctx = ctxFor(state, sq.side);
  const caps = capsOf(state, sq);
  const out: WeaponReach[] = [];
  for (const w of Object.values(WEAPONS)) {
    if (w.count(caps) <= 0) continue;
    const station = sq.station && w.attack === "heavy";
    out.push({ key: w.key, name: w.name, range: w.range(ctx), arcs: w.arcs, width: station ? 360 : w.width });
  }
  return out;
}

/** What pointing at a target tells before any order is written: the same figures the check and the step measure. */
export interface Measure {
  from: string;
  to: string;
  /** Nearest ship to ship, in inches. */
  distance: number;
  /** Compass bearing from the firer's centre to the target's, and how far that is off the firer's facing. */
  bearing: number;
  offFacing: number;
  weapons: { name: string; range: number; ok: boolean; arc: string; offArc: number; inRange: boolean }[];
  lineOfSight: string;
  blocker: string | null;
}

export function measure(state: BattleState, fromId: string, toId: string): Measure | null {
  const from = state.squadrons[fromId];
  const to = state.squadrons[toId];
  // Only squadrons on the table are measured: one in hyperspace keeps the ships it left with, but is not there.
  const here = (sq: Squadron | undefined): sq is Squadron => sq?.location === "table" && sq.ships.length > 0;
  if (!here(from) || !here(to)) return null;
  const ctx = ctxFor(state, from.side);
  const m = momentNow(from);
  const weapons = Object.values(WEAPONS)
    .filter((w) => w.count(capsOf(state, from)) > 0)
    .map((w) => {
      const b = bears(ctx, from, w, m, to);
      const range = w.range(ctx);
      return { name: w.name, range, ok: b.ok, arc: b.arcText, offArc: Math.round(b.offArc), inRange: b.range <= range + 1e-9 };
    });
  const distance = Math.min(...from.ships.flatMap((a) => to.ships.map((b) => Math.hypot(a.x - b.x, a.y - b.y))));
  const b = bearing(centroid(from.ships), centroid(to.ships));
  const off = Math.abs(angleDiff(from.facing, b));
  const los = lineOfSight(ctx.los, from, to);
  return {
    from: fromId,
    to: toId,
    distance: Math.round(distance * 10) / 10,
    bearing: Math.round(b),
    offFacing: Math.round(off),
    weapons,
    lineOfSight: describeLos(los),
    blocker: los.blocker,
  };
}

/**
 * The range band a target is in: the squadron's weapons (and its missiles, 24", Missile Resolution) whose range reaches
 * the nearest ship, and those it is beyond. The seed's fire has no range modifiers, so reaching is the whole band.
 */
export function rangeBand(state: BattleState, m: Measure): string {
  const from = state.squadrons[m.from];
  const reach = [...m.weapons.map((w) => ({ name: w.name, range: w.range }))];
  if (from && capsOf(state, from).missiles > 0) reach.push({ name: "missiles", range: MISSILE_RANGE });
  if (reach.length === 0) return `${m.distance}": no weapons`;
  const within = reach.filter((w) => m.distance <= w.range + 1e-9).map((w) => `${w.name} (${w.range}")`);
  const beyond = reach.filter((w) => m.distance > w.range + 1e-9).map((w) => `${w.name} (${w.range}")`);
  return `${m.distance}": ${within.length ? `within reach of ${within.join(", ")}` : "beyond every weapon"}${within.length && beyond.length ? `; beyond ${beyond.join(", ")}` : ""}`;
}

/** The weapons that fire during the move (seed 004 "Light Batteries"; "Ion Beams": "during movement"). */
export const MOVING_FIRE: readonly string[] = ["light batteries", "ion beams"];

/**
 * Where light fire is drafted from, in words: `along` inches into a move of `length`, the facing there, and, measured
 * from there (measure on table-state's alongMove copy), the distance to the target and whether each light weapon bears.
 */
export function fireText(squadron: string, along: number, length: number, facing: number, m: Measure | null): string {
  const where = `${squadron}'s light batteries fire from ${along.toFixed(1)}" along its ${length.toFixed(1)}" move${along >= length ? " (the end, after turning)" : along <= 0 ? " (the start)" : ""}, facing ${Math.round(facing)}`;
  if (!m) return where;
  const weapons = m.weapons
    .filter((w) => MOVING_FIRE.includes(w.name))
    .map((w) => `${w.name} ${w.ok ? "bear" : !w.inRange ? `out of range (${w.range}")` : `out of arc (${w.offArc} degrees off ${w.arc})`}`);
  return `${where}: ${m.to} is ${m.distance}" away, bearing ${m.bearing}, ${m.offFacing} degrees off; ${weapons.length ? weapons.join(", ") : "no light weapons"}; ${m.lineOfSight}`;
}
