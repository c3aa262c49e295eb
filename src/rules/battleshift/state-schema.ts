/**
 * Parsing a saved Battleshift state (game.json) into a legal BattleState: the
 * schema checks the shape, then references are checked (squadron designs and
 * taskforces, flagships, flight carriers) so a hand-edited file fails with the
 * field named rather than in the middle of an activation.
 */
import { z } from "zod";
import { err, ok, type Problem, type Result } from "../../core/result.js";
import { TERRAIN_KINDS, type TerrainKind } from "./battlespace/battlespace.js";
import type { ShipDesign } from "./fleet/fleet.js";
import { type BattleState, quadrantRef } from "./model.js";

const num = z.number().finite();
const int = z.number().int();
const id = z.string().min(1);

const settings = z.object({
  turnLimit: int.positive(),
  squadronsPerTaskforce: int.positive(),
  commandRange: num.positive(),
  coherency: num.positive(),
  chain: num.positive(),
  shipRadius: num.positive(),
  broadsideRange: num.positive(),
  emergencyHalfVp: z.enum(["damaged", "over-threshold", "over-total"]),
  massiveBodies: z.enum(["block", "obscure"]),
  formations: z.boolean().optional(),
  taskforceCone: z.enum(["strip", "wedge"]).optional(),
  experience: z.boolean().optional(),
  planets: z.boolean().optional(),
  planetOrders: z.boolean().optional(),
  assaultMoves: z.enum(["adjacent", "any"]).optional(),
  fighterMissileTargeting: z.union([z.literal(3), z.literal(4)]).optional(),
  tractorBeams: z.boolean().optional(),
});

const terrain = z.object({
  id,
  kind: z.enum(TERRAIN_KINDS as [TerrainKind, ...TerrainKind[]]),
  name: z.string(),
  x: num,
  y: num,
  radius: num.positive(),
  hazardous: z.boolean().optional(),
});

const design = z
  .object({
    id: z.string(),
    name: z.string(),
    size: int.positive(),
    hull: int.positive(),
    shields: int.nonnegative(),
    hardness: int,
    move: num.nonnegative(),
    cost: num.nonnegative(),
    hullRule: z.enum(["normal", "hardened", "flimsy"]),
    hitsToSuppress: int.positive(),
    systems: z.record(z.string(), num),
  })
  .passthrough();

const ship = z.object({ id, x: num, y: num, disabled: z.boolean(), design: id.optional() });
const mixedRoster = z.object({
  roster: z.array(z.object({ ship: id, design: id, tests: int.nonnegative(), destroyed: z.boolean() })),
  next: int.nonnegative(),
});

const squadron = z.object({
  id,
  side: id,
  name: z.string(),
  design: id,
  taskforce: id.nullable(),
  ships: z.array(ship),
  initialShips: int.positive(),
  facing: num,
  damage: int.nonnegative(),
  suppression: int.nonnegative(),
  location: z.enum(["table", "hyperspace", "reserve", "gone"]),
  goneReason: z.enum(["destroyed", "shifted", "emergency", "abandoned", "captured"]).nullable(),
  arrival: z.object({ turn: int, sector: z.string(), facing: num }).nullable(),
  arrivedTurn: int.nullable(),
  activatedTurn: int,
  fighters: int.nonnegative(),
  fightersMax: int.nonnegative(),
  suppressedAt: int,
  interceptAt: int,
  lightAt: int,
  station: z.boolean(),
  mixed: mixedRoster.optional(),
  formation: z.enum(["cone", "ring"]).nullable().optional(),
  experience: z.array(z.string()).optional(),
  assaultLost: int.nonnegative().optional(),
});

const taskforce = z.object({
  id,
  side: id,
  name: z.string(),
  flagship: z.object({ squadron: id, ship: id }).nullable(),
  alive: z.boolean(),
  formation: z.enum(["cone"]).nullable().optional(),
});

const flight = z.object({
  id,
  side: id,
  carrier: id,
  wings: int.positive(),
  x: num,
  y: num,
  movedTurn: int,
  interceptAt: int,
  dogfighting: id.nullable(),
  grounded: id.optional(),
});

const prize = z.object({
  id,
  side: id,
  fromSide: id,
  design: id,
  squadron: id,
  x: num,
  y: num,
  engulfed: z.boolean(),
  engulfer: id.nullable().optional(),
  repaired: z.boolean().optional(),
  ship: id.optional(),
});

const plannedShift = z.object({ unit: id, returnTurn: int.nullable(), sector: z.string().nullable(), facing: num.nullable() });

const stateSchema = z.object({
  ruleset: z.literal("battleshift"),
  version: z.literal(1),
  seed: int,
  scenario: z.string(),
  step: int.positive(),
  turn: int.positive(),
  activationNo: int.nonnegative(),
  settings,
  battlespace: z.object({ widthFt: int.positive(), depthFt: int.positive(), terrain: z.array(terrain), noShifting: z.boolean() }),
  sides: z.record(
    z.string(),
    z.object({ id, name: z.string(), points: num, vp: num, vpLog: z.array(z.object({ turn: int, vp: num, why: z.string() })) }),
  ),
  designs: z.record(z.string(), design),
  taskforces: z.record(z.string(), taskforce),
  squadrons: z.record(z.string(), squadron),
  flights: z.record(z.string(), flight),
  prizes: z.record(z.string(), prize),
  planets: z
    .record(
      z.string(),
      z.object({
        id,
        kind: z.enum(["planet", "moon"]),
        side: id,
        activatedTurn: int,
        defense: z.object({
          size: int.positive(),
          quadrants: z.array(
            z.object({
              id: z.enum(["N", "E", "S", "W"]),
              weapons: z.partialRecord(z.enum(["heavy", "missile", "fighterBay", "interceptor", "light"]), int.nonnegative()),
              damage: int,
              assault: int.nonnegative(),
              holder: id,
              scored: z.array(z.string()).optional(),
              fighters: int.nonnegative().optional(),
            }),
          ),
        }),
      }),
    )
    .optional(),
  nextId: int.nonnegative(),
  turnState: z.object({
    phase: z.enum(["sequences", "activation", "over"]),
    sequences: z.record(z.string(), z.array(id)),
    planned: z.record(z.string(), z.array(plannedShift)),
    initiative: z.object({ rolls: z.record(z.string(), z.array(int)), winner: id, first: id }).nullable(),
    queue: z.array(z.object({ side: id, taskforce: id.nullable() })),
    index: int.nonnegative(),
    detachedNext: id.nullable(),
    activated: z.record(z.string(), z.array(id)),
  }),
  outcome: z.object({ winners: z.array(z.string()), reason: z.string() }).nullable(),
});

export function parseState(raw: unknown): Result<BattleState, Problem[]> {
  const p = stateSchema.safeParse(raw);
  if (!p.success) {
    return err(p.error.issues.slice(0, 20).map((i) => ({ order: `state.${i.path.join(".")}`, code: "invalid-state", message: i.message })));
  }
  const s = p.data as unknown as BattleState;
  const problems: Problem[] = [];
  const sides = Object.keys(s.sides);
  if (sides.length !== 2)
    problems.push({ order: "state.sides", code: "invalid-state", message: `a battle has two sides; found ${sides.length}` });
  for (const [k, sq] of Object.entries(s.squadrons)) {
    const at = `state.squadrons.${k}`;
    if (sq.id !== k) problems.push({ order: at, code: "id-mismatch", message: `key ${k} holds squadron ${sq.id}` });
    if (!s.designs[sq.design])
      problems.push({ order: `${at}.design`, code: "unknown-design", message: `no design ${sq.design} in state.designs` });
    if (!s.sides[sq.side]) problems.push({ order: `${at}.side`, code: "unknown-side", message: `no side ${sq.side}` });
    if (sq.taskforce && !s.taskforces[sq.taskforce])
      problems.push({ order: `${at}.taskforce`, code: "unknown-taskforce", message: `no taskforce ${sq.taskforce}` });
  }
  for (const [k, tf] of Object.entries(s.taskforces)) {
    if (tf.flagship && !s.squadrons[tf.flagship.squadron]) {
      problems.push({
        order: `state.taskforces.${k}.flagship`,
        code: "unknown-squadron",
        message: `flagship squadron ${tf.flagship.squadron} does not exist`,
      });
    }
  }
  for (const [k, f] of Object.entries(s.flights)) {
    if (!s.squadrons[f.carrier] && !quadrantRef(s, f.carrier))
      problems.push({ order: `state.flights.${k}.carrier`, code: "unknown-squadron", message: `carrier ${f.carrier} does not exist` });
  }
  for (const d of Object.values(s.designs)) void (d as ShipDesign);
  return problems.length ? err(problems) : ok(s);
}
