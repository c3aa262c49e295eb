/**
 * Parsing a saved campaign (game.json) into a legal state: the schema checks the shape and ranges, then references
 * are checked (every ship's and station's place is on the map, carriers and stations fighters are aboard exist), so
 * a hand-edited file fails with the field named, not in the middle of a day.
 */
import { z } from "zod";
import { idRecord, idSchema } from "../../core/ids.js";
import { listUpTo, numberIn, plainTextUpTo, recordUpTo, wholeIn } from "../../core/ranges.js";
import type { Problem, Result } from "../../core/result.js";
import { parseStateWith } from "../../core/state-problems.js";
import { PHASES, type SatharWarState } from "./model.js";
import { EXPENDABLES, SHIP_CLASSES, STATION_TYPES } from "./orders-of-battle/ship-classes.js";

const id = idSchema;
const name = (what: string) => plainTextUpTo(120, what);
const day = wholeIn(0, 100_000, "a day");
/** A Battleshift ship or squadron id ("blue-tf1-s2.3"), the key of a kept battle (battles/battle.ts KeptBattleshift). */
const bsId = z
  .string()
  .regex(/^[a-z]+-[a-z0-9.-]+$/)
  .max(64);
const count = (what: string) => wholeIn(0, 100_000, what);
const damage = recordUpTo(z.record(z.string().min(1).max(32), wholeIn(0, 1000, "damage points")), 64, "damage");
const spent = z.partialRecord(z.enum(EXPENDABLES), wholeIn(0, 1000, "charges spent"));
const lossCause = z.enum(["destroyed", "misjumped", "detonated", "stranded"]);

const location = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("system"), system: id, planet: id, docked: z.boolean().optional() }),
  z.object({
    kind: z.literal("transit"),
    route: z.string().min(3).max(140),
    box: wholeIn(1, 1000, "a box"),
    toward: id,
    rate: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    jumped: z.boolean(),
    coasting: z.boolean().optional(),
    planet: id.optional(),
  }),
  z.object({
    kind: z.literal("red"),
    circle: id,
    box: wholeIn(1, 1000, "a red box"),
    outbound: z.boolean(),
    planet: id.optional(),
    rate: z.union([z.literal(2), z.literal(3)]).optional(),
  }),
  z.object({ kind: z.literal("circle"), circle: id, outbound: z.boolean().optional() }),
  z.object({ kind: z.literal("reserve") }),
  z.object({ kind: z.literal("offmap") }),
  z.object({ kind: z.literal("void"), returnDay: day }),
  z.object({ kind: z.literal("aboard"), carrier: id.optional(), station: id.optional() }),
  z.object({ kind: z.literal("gone"), how: lossCause, day }),
]);

const ship = z.object({
  id,
  name: name("a ship's name"),
  side: z.enum(["sathar", "upf"]),
  cls: z.enum(SHIP_CLASSES),
  force: name("a force's name"),
  seat: id,
  militiaOf: id.optional(),
  location,
  damage,
  spent,
  stationOnly: listUpTo(z.string().min(1).max(32), 64, "systems only a station mends").optional(),
  drone: z.boolean().optional(),
  replaces: id.optional(),
});

const station = z.object({
  id,
  name: name("a station's name"),
  type: z.enum(STATION_TYPES),
  system: id,
  planet: id,
  scc: wholeIn(0, 1000, "an SCC's daily capacity").optional(),
  damage,
  spent,
  destroyedDay: day.optional(),
});

const map = z.object({
  name: name("the map's name"),
  source: plainTextUpTo(1000, "the map's source"),
  systems: listUpTo(
    z.object({
      id,
      name: name("a system's name"),
      planets: listUpTo(z.object({ id, name: name("a planet's name") }), 2, "a system's planets").refine((p) => p.length >= 1, {
        message: "a system has one or two planets",
      }),
      x: numberIn(-1000, 1000, "x"),
      y: numberIn(-1000, 1000, "y"),
    }),
    200,
    "systems",
  ),
  routes: listUpTo(
    z.object({
      id: z.string().min(3).max(140),
      a: id,
      b: id,
      boxes: wholeIn(1, 100, "boxes"),
      jumpToB: wholeIn(1, 100, "a jump box"),
      jumpToA: wholeIn(1, 100, "a jump box"),
    }),
    1000,
    "routes",
  ),
  circles: listUpTo(
    z.object({
      id,
      name: name("a start circle's name"),
      system: id,
      redBoxes: wholeIn(1, 100, "red boxes"),
      x: numberIn(-1000, 1000, "x"),
      y: numberIn(-1000, 1000, "y"),
    }),
    50,
    "start circles",
  ),
});

const stance = z.object({
  breakOffAtHullLost: numberIn(0, 1, "a share of hull"),
  breakOffOutgunned: numberIn(0, 100, "a ratio"),
  nearPlanet: z.boolean(),
  detonateDrones: z.boolean(),
  escapeToward: id.optional(),
  battleWay: z.enum(["quick", "battleshift", "table"]).optional(),
});

const side = z.enum(["sathar", "upf"]);
const breakOff = z.object({ hullLost: numberIn(0, 1, "a share of hull"), outgunned: numberIn(0, 100, "a ratio") });

/** A battle awaiting its result from the table (battles/battle.ts `BattleInput`). */
const pendingBattle = z.object({
  id: z.string().min(1).max(140),
  day,
  system: id,
  planet: id,
  attacker: side,
  nearPlanet: z.boolean(),
  rules: z.enum(["basic", "advanced", "advanced-skilled"]),
  ships: listUpTo(
    z.object({
      id,
      name: name("a ship's name"),
      side,
      cls: z.enum(SHIP_CLASSES),
      damage,
      spent,
      mustFireBeforeBreakOff: z.boolean().optional(),
      aboard: id.optional(),
      drone: z.boolean().optional(),
      docked: id.optional(),
    }),
    1000,
    "ships in a battle",
  ),
  stations: listUpTo(
    z.object({ id, name: name("a station's name"), type: z.enum(STATION_TYPES), damage, spent }),
    100,
    "stations in a battle",
  ),
  mines: z.object({ mines: count("mines"), seekers: count("seekers") }).optional(),
  breakOff: z.object({ sathar: breakOff, upf: breakOff }),
  detonateDrones: z.object({ sathar: z.boolean(), upf: z.boolean() }).optional(),
});

export const stateSchema = z.object({
  ruleset: z.literal("sathar-war"),
  settings: z.object({
    replacements: z.boolean(),
    replacementFail: wholeIn(1, 101, "a d100 roll"),
    shatterDrones: z.boolean(),
    battles: z.enum(["quick", "battleshift", "table"]),
    carrierCapacity: wholeIn(1, 100, "fighters a carrier holds"),
    retreatWithNoFortress: z.enum(["sathar", "draw"]),
    dayLimit: wholeIn(0, 100_000, "a day limit"),
    movement: z
      .object({
        afterJump: z.enum(["any", "one"]).optional(),
        half: z.enum(["down", "up"]).optional(),
        reinforcementsWait: z.boolean().optional(),
        militiaReturn: z.enum(["any", "fastest"]).optional(),
        outboundRed: z.enum(["one", "risk-jump"]).optional(),
      })
      .optional(),
    firstTendayExempt: z.boolean().optional(),
  }),
  map,
  seats: listUpTo(z.object({ id, name: name("a seat's name"), side: z.enum(["sathar", "upf"]) }), 4, "seats"),
  day,
  phase: z.enum(PHASES),
  step: wholeIn(1, 2_147_483_647, "a step"),
  ships: idRecord(ship),
  stations: idRecord(station),
  retreatCondition: wholeIn(0, 5, "a retreat condition"),
  losses: listUpTo(
    z.object({
      ship: id,
      side: z.enum(["sathar", "upf"]),
      cls: z.enum(SHIP_CLASSES),
      militia: z.boolean(),
      day,
      how: lossCause,
      replacement: z.enum(["replaced", "never"]).optional(),
    }),
    10_000,
    "losses",
  ),
  today: z.object({
    moved: listUpTo(id, 10_000, "ships moved"),
    fought: listUpTo(id, 10_000, "ships that fought"),
    attacked: listUpTo(id, 10_000, "ships that attacked"),
    repairs: idRecord(
      listUpTo(
        z.object({
          type: z.literal("repair"),
          ship: id,
          what: z.string().min(1).max(32),
          points: wholeIn(1, 300, "hull points").optional(),
        }),
        500,
        "repair orders",
      ),
    ).optional(),
  }),
  stances: idRecord(stance),
  fighterRearms: idRecord(count("rearms")),
  mines: idRecord(z.object({ minelayer: id, mines: count("mines"), seekers: count("seekers") })),
  battles: listUpTo(
    z.object({
      id: z.string().min(1).max(140),
      day,
      system: id,
      planet: id,
      attacker: z.enum(["sathar", "upf"]),
      mode: z.enum(["quick", "battleshift", "table"]),
      ships: listUpTo(id, 1000, "ships"),
      stations: listUpTo(id, 100, "stations"),
      // A line may name every ship of a large battle (its losses, a table result): 1,000 characters are too few.
      report: listUpTo(plainTextUpTo(20_000, "a report line"), 5000, "report lines"),
      battleshift: z
        .object({
          seed: z.number().int(),
          input: z.unknown(),
          // Keyed by Battleshift's own ship and squadron ids ("blue-tf1-s2.3"), which hold a dot.
          ships: z.record(bsId, id).optional(),
          stations: z.record(bsId, id).optional(),
          // The break-off rules the battle was held to (battles/battleshift/breaking-off.ts).
          breakOff: z.object({ blue: breakOff, red: breakOff }).optional(),
          mustFire: listUpTo(bsId, 1000, "squadrons bound to fire").optional(),
        })
        .optional(),
    }),
    10_000,
    "battles",
  ),
  pendingBattles: listUpTo(pendingBattle, 200, "pending battles").optional(),
  replacementChoices: idRecord(listUpTo(id, 2, "ships a station replaces")).optional(),
  outcome: z.object({ winner: z.enum(["sathar", "upf", "draw"]), reason: plainTextUpTo(1000, "a reason"), day }).optional(),
});

/** References the schema cannot see: places on the map, carriers and stations, seats. */
function referenceProblems(s: SatharWarState): Problem[] {
  const problems: Problem[] = [];
  const systems = new Set(s.map.systems.map((x) => x.id));
  const planets = new Set(s.map.systems.flatMap((x) => x.planets.map((p) => p.id)));
  const routes = new Set(s.map.routes.map((r) => r.id));
  const circles = new Set(s.map.circles.map((c) => c.id));
  const seats = new Set(s.seats.map((x) => x.id));
  const bad = (at: string, message: string) => problems.push({ order: at, code: "invalid-state", message });
  for (const r of s.map.routes) {
    if (!systems.has(r.a) || !systems.has(r.b)) bad(`state.map.routes.${r.id}`, `route ${r.id} joins a system not on the map`);
    if (r.jumpToB > r.boxes || r.jumpToA > r.boxes)
      bad(`state.map.routes.${r.id}`, `route ${r.id}'s jump boxes must be among its ${r.boxes} boxes`);
  }
  for (const c of s.map.circles)
    if (!systems.has(c.system)) bad(`state.map.circles.${c.id}`, `start circle ${c.id} leads to no system on the map`);
  for (const [k, sh] of Object.entries(s.ships)) {
    const at = `state.ships.${k}`;
    if (sh.id !== k) bad(at, `key ${k} holds ship ${sh.id}`);
    if (!seats.has(sh.seat)) bad(at, `ship ${k} belongs to seat ${sh.seat}, not a seat of this campaign`);
    const l = sh.location;
    if (l.kind === "system" && (!systems.has(l.system) || !planets.has(l.planet))) bad(at, `ship ${k} is at a place not on the map`);
    if (l.kind === "transit" && !routes.has(l.route)) bad(at, `ship ${k} is on route ${l.route}, not on the map`);
    if ((l.kind === "red" || l.kind === "circle") && !circles.has(l.circle))
      bad(at, `ship ${k} is at start circle ${l.circle}, not on the map`);
    if (l.kind === "aboard") {
      if ((l.carrier === undefined) === (l.station === undefined)) bad(at, `fighter ${k} must be aboard one carrier or one station`);
      if (l.carrier !== undefined && s.ships[l.carrier]?.cls !== "AC") bad(at, `ship ${k} is aboard ${l.carrier}, not an assault carrier`);
      if (l.station !== undefined && !s.stations[l.station]) bad(at, `ship ${k} is based at ${l.station}, not a station`);
    }
  }
  for (const [k, st] of Object.entries(s.stations)) {
    if (st.id !== k) bad(`state.stations.${k}`, `key ${k} holds station ${st.id}`);
    if (!planets.has(st.planet)) bad(`state.stations.${k}`, `station ${k} orbits ${st.planet}, not a planet of the map`);
  }
  return problems.slice(0, 20);
}

export function parseState(raw: unknown): Result<SatharWarState, Problem[]> {
  return parseStateWith<SatharWarState>(stateSchema, raw, referenceProblems);
}
