/**
 * Test support for the Battleshift play engine: a d6-scripted generator (replays
 * a rulebook example die by die) and a builder for small hand-placed battles.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { Rng } from "../../src/core/rng.js";
import type { Terrain } from "../../src/rules/battleshift/battlespace/battlespace.js";
import { Ctx } from "../../src/rules/battleshift/context.js";
import { findDesign, type ShipDesign } from "../../src/rules/battleshift/fleet/fleet.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import { type BattleState, DEFAULT_SETTINGS, type Squadron } from "../../src/rules/battleshift/model.js";
import type { Order, Orders } from "../../src/rules/battleshift/orders.js";

/** An Rng whose d6 rolls (int(1, 6)) come from a script, then from a seeded generator. */
export class DiceRng extends Rng {
  private readonly script: number[];
  rolled: number[] = [];
  constructor(script: number[], seed = 1) {
    super(xoroshiro128plus(seed));
    this.script = [...script];
  }
  protected override drawInt(lo: number, hi: number): number {
    if (lo === 1 && hi === 6 && this.script.length > 0) {
      const r = this.script.shift() as number;
      this.rolled.push(r);
      return r;
    }
    const r = super.drawInt(lo, hi);
    if (lo === 1 && hi === 6) this.rolled.push(r);
    return r;
  }
  get remaining(): number {
    return this.script.length;
  }
}

/** An Rng that always rolls the same d6 face (6: every roll misses; 1: every roll hits). */
export class FixedRng extends Rng {
  constructor(private readonly face: number) {
    super(xoroshiro128plus(1));
  }
  protected override drawInt(lo: number, hi: number): number {
    if (lo === 1 && hi === 6) return this.face;
    return lo;
  }
}

export interface SqSpec {
  id: string;
  side: "blue" | "red";
  design: string;
  /** Ship positions (inches). */
  at: [number, number][];
  facing: number;
  taskforce?: string | null;
  damage?: number;
  suppression?: number;
  fighters?: number;
}

export function design(id: string): ShipDesign {
  const d = findDesign(id);
  if (!d) throw new Error(`no catalogue design ${id}`);
  return d;
}

/** A battle with hand-placed squadrons, at turn 1 in the activation phase with blue's `tf` activating. */
export function tinyBattle(
  specs: SqSpec[],
  opts: { terrain?: Terrain[]; flagships?: Record<string, string>; activating?: { side: string; taskforce: string | null } } = {},
): BattleState {
  const state: BattleState = {
    ruleset: "battleshift",
    version: 1,
    seed: 1,
    scenario: "test",
    step: 1,
    turn: 1,
    activationNo: 0,
    settings: { ...DEFAULT_SETTINGS },
    battlespace: { widthFt: 6, depthFt: 4, terrain: opts.terrain ?? [], noShifting: false },
    sides: {
      blue: { id: "blue", name: "Blue", points: 0, vp: 0, vpLog: [] },
      red: { id: "red", name: "Red", points: 0, vp: 0, vpLog: [] },
    },
    designs: {},
    taskforces: {},
    squadrons: {},
    flights: {},
    prizes: {},
    nextId: 0,
    turnState: {
      phase: "activation",
      sequences: {},
      planned: {},
      initiative: null,
      queue: [],
      index: 0,
      detachedNext: null,
      activated: {},
    },
    outcome: null,
  };
  for (const s of specs) {
    const d = design(s.design);
    state.designs[s.design] = d;
    const tf = s.taskforce === undefined ? `${s.side}-tf1` : s.taskforce;
    if (tf && !state.taskforces[tf]) state.taskforces[tf] = { id: tf, side: s.side, name: tf, flagship: null, alive: true };
    const sq: Squadron = {
      id: s.id,
      side: s.side,
      name: s.id,
      design: s.design,
      taskforce: tf,
      ships: s.at.map(([x, y], i) => ({ id: `${s.id}.${i + 1}`, x, y, disabled: false })),
      initialShips: s.at.length,
      facing: s.facing,
      damage: s.damage ?? 0,
      suppression: s.suppression ?? 0,
      location: "table",
      goneReason: null,
      arrival: null,
      arrivedTurn: 0,
      activatedTurn: 0,
      fighters: s.fighters ?? d.systems.fighterBay * s.at.length,
      fightersMax: d.systems.fighterBay * s.at.length,
      suppressedAt: -1,
      interceptAt: -1,
      lightAt: -1,
      station: false,
    };
    state.squadrons[s.id] = sq;
  }
  // Flagships: the named squadron, else the first squadron of each taskforce.
  for (const tf of Object.values(state.taskforces)) {
    const named = opts.flagships?.[tf.id];
    const sq = Object.values(state.squadrons).find((q) => q.taskforce === tf.id && (!named || q.id === named));
    if (sq?.ships[0]) tf.flagship = { squadron: sq.id, ship: sq.ships[0].id };
  }
  const act = opts.activating ?? { side: "blue", taskforce: "blue-tf1" };
  state.turnState.queue = [act];
  return state;
}

/** A context for one activation of `side` on the state (activation number bumped). */
export function ctxFor(state: BattleState, side: string, rng: Rng = Rng.fromSeed(7)): Ctx {
  state.activationNo++;
  return new Ctx(state, rng, side);
}

/** The squadrons of a unit for runActivation. */
export function unitOf(state: BattleState, side: string, taskforce: string | null, ids?: string[]) {
  const squadrons = Object.values(state.squadrons).filter((s) => (ids ? ids.includes(s.id) : s.taskforce === taskforce) && s.side === side);
  return { side, taskforce, squadrons };
}

export type { Order };

/** Put a squadron on the table in a north-south line at x, centred on y, facing `facing`. */
export function place(state: BattleState, id: string, x: number, y: number, facing = 90): Squadron {
  const sq = state.squadrons[id] as Squadron;
  sq.location = "table";
  sq.arrival = null;
  sq.facing = facing;
  sq.ships.forEach((s, i) => {
    s.x = x;
    s.y = y - (sq.ships.length - 1) / 2 + i;
  });
  return sq;
}

/** Every squadron off the table (in reserve until turn 99), so a test can place only the ones it needs. */
export function clearTable(state: BattleState): void {
  for (const sq of Object.values(state.squadrons)) {
    sq.location = "reserve";
    sq.arrival = { turn: 99, sector: "A1", facing: 0 };
  }
}

/**
 * Play steps with blue's order-sheet orders from `sheet` (empty orders otherwise) until `until` holds: blue's problems and
 * every note's text along the way.
 */
export function playSteps(state: BattleState, sheet: (s: BattleState) => Order[], until: (s: BattleState) => boolean, max = 200) {
  let s = state;
  const problems: { code: string; message: string }[] = [];
  const notes: string[] = [];
  for (let i = 0; i < max && !until(s) && !s.outcome; i++) {
    const orders: Record<string, Orders> = {};
    for (const seat of battleshift.awaiting(s))
      orders[seat] = { orders: s.turnState.phase === "sequences" && seat === "blue" ? sheet(s) : [] };
    const r = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step));
    problems.push(...(r.problems.blue ?? []));
    for (const e of r.events) if (e.kind === "note") notes.push(e.text);
    s = r.state;
  }
  return { state: s, problems, notes };
}

/**
 * A Korzine carrier b1 (size 4, engulfs up to size 2) at (10, 10) beside blue's Sword Frigates b2 (b2.1 0.85" away, b2.2 at
 * (12, 12)), and a red Fleet Cruiser far off; b2.1 disabled or not. The friendly-engulfing and release tests start here.
 */
export function korzineBesideFrigates(disabled: boolean): BattleState {
  const s = tinyBattle([
    { id: "b1", side: "blue", design: "bionid/korzine-carrier", at: [[10, 10]], facing: 90 },
    {
      id: "b2",
      side: "blue",
      design: "generic/sword-frigate",
      at: [
        [10.6, 10.6],
        [12, 12],
      ],
      facing: 90,
    },
    { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[60, 40]], facing: 270 },
  ]);
  const frigate = s.squadrons.b2?.ships[0];
  if (frigate) frigate.disabled = disabled;
  return s;
}
