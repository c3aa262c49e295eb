/**
 * Parsing a saved Battleshift state (game.json) into a legal BattleState: the
 * schema checks the shape, then references are checked (squadron designs and
 * taskforces, flagships, flight carriers) so a hand-edited file fails with the
 * field named rather than in the middle of an activation.
 */
import { z } from "zod";
import { idRecord, idSchema, keySchema, own, refSchema, safeRecord } from "../../core/ids.js";
import { listUpTo, numberIn, plainTextUpTo, recordUpTo, showNumber, wholeIn } from "../../core/ranges.js";
import { err, ok, type Problem, type Result } from "../../core/result.js";
import { seedProblem } from "../../core/rng.js";
import { stateSchemaProblems } from "../../core/state-problems.js";
import { TERRAIN_KINDS, type TerrainKind } from "./battlespace/battlespace.js";
import { SHIP_CLASSES, SHIP_SYSTEM_NAMES, type ShipClass, type ShipSystems, SYSTEM_KINDS, type SystemKind } from "./fleet/ship-building.js";
import { LIMITS, MAX_TABLE_INCHES, RANGES } from "./limits.js";
import { BASE_TOLERANCE, type BattleState, baseOverlap, basesTouch, quadrantRef, type Squadron } from "./model.js";

/** Ids: of sides, taskforces, squadrons, flights, prizes, planets (core/ids.ts). */
const id = idSchema;
/** References made of ids: a ship ("blue-tf1-s2.3"), a quadrant ("planet:N"), or any id. */
const ref = refSchema;
/** A design's key: its catalogue id ("generic/fleet-cruiser") or a fleet's own name for it. */
const designKey = keySchema;
/** A position in inches: on the largest table, give or take `RANGES.margin` (parseState checks this table). */
const coord = (what: string) => numberIn(-RANGES.margin, MAX_TABLE_INCHES + RANGES.margin, what);
const facingNum = numberIn(...RANGES.facing, "a facing in degrees");
const inches = (what: string) => numberIn(...RANGES.inches, what);
const positiveInches = (what: string) =>
  inches(what).refine((v) => v > 0, { error: `${what} must be above 0 (inches, at most ${showNumber(MAX_TABLE_INCHES)})` });
const turnNo = wholeIn(...RANGES.turn, "a turn");
const counter = (what: string) => wholeIn(...RANGES.counter, what);
const mark = (what: string) => wholeIn(...RANGES.mark, what);
const count = (what: string) => wholeIn(...RANGES.count, what);
/** Texts and names are plain text on one line (issue 9 item 4): a hand-edited state cannot forge a report's lines. */
const text = (what: string) => plainTextUpTo(1000, what);
const name = (what: string) => plainTextUpTo(LIMITS.name, what);

const settings = z.object({
  turnLimit: turnNo,
  squadronsPerTaskforce: wholeIn(1, 100, "squadronsPerTaskforce"),
  commandRange: positiveInches("commandRange"),
  coherency: positiveInches("coherency"),
  chain: positiveInches("chain"),
  shipRadius: positiveInches("shipRadius"),
  broadsideRange: positiveInches("broadsideRange"),
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
  name: name("a terrain feature's name"),
  x: coord("x"),
  y: coord("y"),
  radius: positiveInches("a radius"),
  hazardous: z.boolean().optional(),
});

const systemCount = numberIn(...RANGES.systems, "a system count");
/** The System table's names (fleet/ship-building.ts), for the `input` a design was built from. */
const systemKind = z.enum(SYSTEM_KINDS as [SystemKind, ...SystemKind[]]);
/** An unknown key among a design's systems, with the names that are known. */
const unknownSystem = (known: readonly string[]) => (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys"
    ? `unknown system(s) ${issue.keys.map((k) => `"${k}"`).join(", ")}; the systems are ${known.join(", ")}`
    : undefined;
const designSystems = z.partialRecord(systemKind, systemCount, { error: unknownSystem(SYSTEM_KINDS) });
/** The counts `buildShip` writes (ShipSystems): every one, and nothing else. */
const shipSystems = Object.fromEntries(SHIP_SYSTEM_NAMES.map((k) => [k, systemCount])) as Record<keyof ShipSystems, typeof systemCount>;
/** A design exactly as `buildShip` writes it (fleet/ship-building.ts ShipDesign), so the parsed state is a BattleState. */
const design = z
  .object({
    id: plainTextUpTo(LIMITS.name, "a design's id"),
    name: name("a design's name"),
    faction: name("a design's faction"),
    size: wholeIn(...RANGES.size, "a design's size"),
    className: z.enum(SHIP_CLASSES as [ShipClass, ...ShipClass[]]),
    hull: wholeIn(...RANGES.hull, "a design's hull"),
    shields: wholeIn(0, RANGES.hull[1], "a design's shields"),
    hardness: wholeIn(...RANGES.hardness, "a design's hardness"),
    move: inches("a design's move"),
    cost: numberIn(...RANGES.cost, "a design's cost"),
    hullRule: z.enum(["normal", "hardened", "flimsy"]),
    fast: z.boolean(),
    slow: z.boolean(),
    space: z.object({ total: systemCount, used: systemCount, free: numberIn(-RANGES.systems[1], RANGES.systems[1], "free space") }),
    hitsToSuppress: wholeIn(1, RANGES.hull[1], "hitsToSuppress"),
    systems: z.strictObject(shipSystems, { error: unknownSystem(Object.keys(shipSystems)) }),
    costBreakdown: listUpTo(
      z.object({ item: text("a cost line"), points: numberIn(-RANGES.cost[1], RANGES.cost[1], "a cost line's points") }),
      200,
      "cost lines",
    ),
    /** What the design was built from (kept for reports; the engine reads the fields above). */
    input: z
      .object({
        id: plainTextUpTo(LIMITS.name, "a design's id").optional(),
        name: name("a design's name"),
        faction: name("a design's faction").optional(),
        size: wholeIn(...RANGES.size, "a design's size"),
        systems: designSystems,
        byCost: designSystems.optional(),
      })
      .passthrough(),
  })
  .passthrough();

const ship = z.object({ id: ref, x: coord("a ship's x"), y: coord("a ship's y"), disabled: z.boolean(), design: designKey.optional() });
const mixedRoster = z.object({
  roster: listUpTo(
    z.object({ ship: ref, design: designKey, tests: count("tests"), destroyed: z.boolean() }),
    LIMITS.shipsPerSquadron,
    "ships in a roster",
  ),
  next: count("next"),
});

const squadron = z.object({
  id,
  side: id,
  name: name("a squadron's name"),
  design: designKey,
  taskforce: id.nullable(),
  ships: listUpTo(ship, LIMITS.shipsPerSquadron, "ships in a squadron"),
  initialShips: wholeIn(1, LIMITS.shipsPerSquadron, "initialShips"),
  facing: facingNum,
  damage: count("damage"),
  suppression: count("suppression"),
  location: z.enum(["table", "hyperspace", "reserve", "gone"]),
  goneReason: z.enum(["destroyed", "shifted", "emergency", "abandoned", "captured"]).nullable(),
  arrival: z.object({ turn: turnNo, sector: plainTextUpTo(20, "a sector"), facing: facingNum }).nullable(),
  arrivedTurn: wholeIn(-1, RANGES.turn[1], "arrivedTurn").nullable(),
  activatedTurn: wholeIn(-1, RANGES.turn[1], "activatedTurn"),
  fighters: count("fighters"),
  fightersMax: count("fightersMax"),
  suppressedAt: mark("suppressedAt"),
  interceptAt: mark("interceptAt"),
  lightAt: mark("lightAt"),
  station: z.boolean(),
  mixed: mixedRoster.optional(),
  formation: z.enum(["cone", "ring"]).nullable().optional(),
  experience: listUpTo(plainTextUpTo(40, "an experience trait"), 20, "experience traits").optional(),
  assaultLost: count("assaultLost").optional(),
});

const taskforce = z.object({
  id,
  side: id,
  name: name("a taskforce's name"),
  flagship: z.object({ squadron: id, ship: ref }).nullable(),
  alive: z.boolean(),
  formation: z.enum(["cone"]).nullable().optional(),
});

const flight = z.object({
  id,
  side: id,
  carrier: ref,
  wings: wholeIn(1, RANGES.count[1], "wings"),
  x: coord("a flight's x"),
  y: coord("a flight's y"),
  movedTurn: wholeIn(-1, RANGES.turn[1], "movedTurn"),
  interceptAt: mark("interceptAt"),
  dogfighting: ref.nullable(),
  grounded: ref.optional(),
});

const prize = z.object({
  id,
  side: id,
  fromSide: id,
  design: designKey,
  squadron: ref,
  x: coord("a prize's x"),
  y: coord("a prize's y"),
  engulfed: z.boolean(),
  engulfer: ref.nullable().optional(),
  repaired: z.boolean().optional(),
  ship: ref.optional(),
});

const plannedShift = z.object({
  unit: id,
  returnTurn: turnNo.nullable(),
  sector: plainTextUpTo(20, "a sector").nullable(),
  facing: facingNum.nullable(),
});

/** A game's seed: a safe integer (every bit counts: core/rng.ts). */
const seedSchema = z.number().superRefine((v, ctx) => {
  const p = seedProblem(v);
  if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-seed" } });
});

const stateSchema = z.object({
  ruleset: z.literal("battleshift"),
  version: z.literal(1),
  seed: seedSchema,
  scenario: plainTextUpTo(1000, "a scenario"),
  step: wholeIn(1, RANGES.counter[1], "step"),
  turn: turnNo,
  activationNo: counter("activationNo"),
  settings,
  battlespace: z.object({
    widthFt: wholeIn(1, LIMITS.tableWidthFt, "the table's width in feet"),
    depthFt: wholeIn(1, LIMITS.tableDepthFt, "the table's depth in feet"),
    terrain: listUpTo(terrain, LIMITS.terrain, "terrain features"),
    noShifting: z.boolean(),
  }),
  sides: idRecord(
    z.object({
      id,
      name: name("a side's name"),
      points: numberIn(...RANGES.points, "points"),
      vp: numberIn(...RANGES.points, "victory points"),
      vpLog: listUpTo(
        z.object({ turn: turnNo, vp: numberIn(...RANGES.points, "victory points"), why: text("a reason") }),
        LIMITS.vpLog,
        "lines of a VP log",
      ),
    }),
  ),
  designs: recordUpTo(safeRecord(designKey, design, "invalid-name"), LIMITS.designs, "designs"),
  taskforces: recordUpTo(idRecord(taskforce), LIMITS.taskforces, "taskforces"),
  squadrons: recordUpTo(idRecord(squadron), LIMITS.squadrons, "squadrons"),
  flights: recordUpTo(idRecord(flight), LIMITS.flights, "flights"),
  prizes: recordUpTo(idRecord(prize), LIMITS.prizes, "prizes"),
  planets: recordUpTo(
    idRecord(
      z.object({
        id,
        kind: z.enum(["planet", "moon"]),
        side: id,
        activatedTurn: wholeIn(-1, RANGES.turn[1], "activatedTurn"),
        defense: z.object({
          size: wholeIn(...RANGES.size, "a defense's size"),
          quadrants: listUpTo(
            z.object({
              id: z.enum(["N", "E", "S", "W"]),
              weapons: z.partialRecord(z.enum(["heavy", "missile", "fighterBay", "interceptor", "light"]), count("installations")),
              damage: count("damage"),
              assault: count("assault units"),
              holder: id,
              scored: listUpTo(plainTextUpTo(40, "an objective"), 10, "objectives").optional(),
              fighters: count("fighters").optional(),
            }),
            4,
            "quadrants",
          ),
        }),
      }),
    ),
    LIMITS.planets,
    "planets",
  ).optional(),
  nextId: counter("nextId"),
  turnState: z.object({
    phase: z.enum(["sequences", "activation", "over"]),
    sequences: idRecord(listUpTo(id, LIMITS.taskforces, "taskforces in a sequence")),
    planned: idRecord(listUpTo(plannedShift, LIMITS.taskforces, "planned shifts")),
    initiative: z
      .object({
        rolls: idRecord(listUpTo(wholeIn(...RANGES.roll, "an initiative roll"), 100, "initiative rolls")),
        winner: id,
        first: id,
      })
      .nullable(),
    queue: listUpTo(z.object({ side: id, taskforce: id.nullable() }), LIMITS.taskforces * 2, "activations queued"),
    index: counter("index"),
    detachedNext: id.nullable(),
    activated: idRecord(listUpTo(id, LIMITS.taskforces + LIMITS.squadrons, "activated units")),
  }),
  outcome: z.object({ winners: listUpTo(id, 2, "winners"), reason: text("a reason") }).nullable(),
});

/** The problem code of a schema issue: the id, ref, name and seed codes of core/ids.ts, else "invalid-state". */
const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export function parseState(raw: unknown): Result<BattleState, Problem[]> {
  const p = stateSchema.safeParse(raw);
  if (!p.success) {
    return err(stateSchemaProblems(p.error));
  }
  const s: BattleState = p.data;
  const problems: Problem[] = [];
  const sides = Object.keys(s.sides);
  if (sides.length !== 2)
    problems.push({ order: "state.sides", code: "invalid-state", message: `a battle has two sides; found ${sides.length}` });
  for (const [k, side] of Object.entries(s.sides))
    if (side.id !== k) problems.push({ order: `state.sides.${k}`, code: "id-mismatch", message: `key ${k} holds side ${side.id}` });
  // Positions lie on this table, give or take RANGES.margin inches.
  const b = s.battlespace;
  const w = b.widthFt * 12;
  const h = b.depthFt * 12;
  const m = RANGES.margin;
  const offTable = (at: string, x: number, y: number) => {
    if (x < -m || y < -m || x > w + m || y > h + m)
      problems.push({
        order: at,
        code: "off-table",
        message: `(${x}, ${y}) is off the ${b.widthFt}' x ${b.depthFt}' table: x must be from ${-m} to ${w + m} and y from ${-m} to ${h + m} inches`,
      });
  };
  b.terrain.forEach((t, i) => {
    offTable(`state.battlespace.terrain[${i}]`, t.x, t.y);
  });
  for (const [k, sq] of Object.entries(s.squadrons)) {
    const at = `state.squadrons.${k}`;
    if (sq.id !== k) problems.push({ order: at, code: "id-mismatch", message: `key ${k} holds squadron ${sq.id}` });
    if (!own(s.designs, sq.design))
      problems.push({ order: `${at}.design`, code: "unknown-design", message: `no design ${sq.design} in state.designs` });
    for (const sh of sq.ships)
      if (sh.design !== undefined && !own(s.designs, sh.design))
        problems.push({ order: `${at}.ships`, code: "unknown-design", message: `ship ${sh.id}: no design ${sh.design} in state.designs` });
    if (!own(s.sides, sq.side)) problems.push({ order: `${at}.side`, code: "unknown-side", message: `no side ${sq.side}` });
    if (sq.taskforce && !own(s.taskforces, sq.taskforce))
      problems.push({ order: `${at}.taskforce`, code: "unknown-taskforce", message: `no taskforce ${sq.taskforce}` });
    sq.ships.forEach((sh, i) => {
      offTable(`${at}.ships[${i}]`, sh.x, sh.y);
    });
  }
  // RULINGS "Bases": the bases of ships of different squadrons on the table do not overlap (issue 9 item 13).
  const placed: string[] = [];
  for (const [k, sq] of Object.entries(s.squadrons)) {
    if (sq.location !== "table") continue;
    const o = baseOverlap({ ...s, squadrons: Object.fromEntries(placed.map((id) => [id, s.squadrons[id] as Squadron])) }, k, sq.ships);
    if (o)
      problems.push({
        order: `state.squadrons.${k}.ships`,
        code: "bases-overlap",
        message: `ship ${o.ship} at (${o.at.x}, ${o.at.y}) is ${round3(o.distance)}" from ${o.other} of ${o.squadron} at (${o.otherAt.x}, ${o.otherAt.y}): bases are ${basesTouch(s)}" across and may not overlap (ships of different squadrons at least ${round3(basesTouch(s) - BASE_TOLERANCE)}" apart, centre to centre)`,
      });
    placed.push(k);
  }
  for (const [k, tf] of Object.entries(s.taskforces)) {
    if (tf.flagship && !own(s.squadrons, tf.flagship.squadron)) {
      problems.push({
        order: `state.taskforces.${k}.flagship`,
        code: "unknown-squadron",
        message: `flagship squadron ${tf.flagship.squadron} does not exist`,
      });
    }
  }
  for (const [k, f] of Object.entries(s.flights)) {
    if (!own(s.squadrons, f.carrier) && !quadrantRef(s, f.carrier))
      problems.push({ order: `state.flights.${k}.carrier`, code: "unknown-squadron", message: `carrier ${f.carrier} does not exist` });
    offTable(`state.flights.${k}`, f.x, f.y);
  }
  for (const [k, pr] of Object.entries(s.prizes)) {
    if (!own(s.designs, pr.design))
      problems.push({ order: `state.prizes.${k}.design`, code: "unknown-design", message: `no design ${pr.design} in state.designs` });
    offTable(`state.prizes.${k}`, pr.x, pr.y);
  }
  return problems.length ? err(problems) : ok(s);
}
