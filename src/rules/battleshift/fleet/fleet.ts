/**
 * Battleshift fleet files (seed 004, "Definitions": Fleet, Taskforce, Squadron; "Building a
 * Fleet"; "New rules for mixed ships in a Squadron"). A fleet file (YAML or JSON, decoded by
 * the caller) names taskforces of squadrons of catalogue or inline designs; `parseFleet`
 * prices it and reports one Problem per fault, never throwing.
 *
 * File shape:
 *   name: Blue Fleet
 *   points: 200                 # the agreed point total (the limit); optional
 *   options: { mixedSquadrons: true, squadronsPerTaskforce: 3 }   # optional
 *   designs:                    # optional inline designs (ship-building.ts DesignInput)
 *     - { name: Lancer, size: 3, systems: { heavy: 2, light: 2 } }
 *   taskforces:
 *     - name: Hammer
 *       flagship: Hammer cruisers   # optional: the squadron carrying the flagship
 *       squadrons:
 *         - { name: Hammer cruisers, design: generic/fleet-cruiser, ships: 4 }
 *         - { name: Pickets, mixed: [ { design: generic/fleet-destroyer, ships: 2 }, { design: Lancer, ships: 1 } ] }
 *   defenses:                   # optional: a defended planet and/or its moon (RULINGS "Planets and moons from a fleet file")
 *     - { kind: planet, name: Kethra, size: 6, quadrant: { heavy: 4, light: 1, interceptor: 1, assault: 2 } }
 *   stations:                   # optional: space stations on the fleet's own half (RULINGS "Stations from a fleet file")
 *     - { design: station/hyperspace-gate, name: Gate Alpha, sector: 2B }
 */
import { z } from "zod";
import { issueCode, keySchema, own, safeRecord } from "../../../core/ids.js";
import { listUpTo, numberIn, plainTextUpTo, recordUpTo, wholeIn } from "../../../core/ranges.js";
import type { Problem } from "../../../core/result.js";
import { plainTextProblem } from "../../../core/text.js";
import { EXPERIENCE_TRAITS } from "../formations-and-experience/experience.js";
import { LIMITS } from "../limits.js";
import { defenseFault, type InstallationKind, type PlanetDefense, QUADRANTS } from "../planets/planet.js";
import { CATALOGUE, catalogueDesign, STATION_DESIGNS, suggestDesigns } from "./catalogue.js";
import { type BuildOptions, buildShip, type DesignInput, type ShipDesign, SYSTEM_KINDS, type SystemKind } from "./ship-building.js";

export type { DesignInput, ShipDesign } from "./ship-building.js";

/** "Each squadron may have 1 - 7 ships of one particular type". */
export const MAX_SHIPS_PER_SQUADRON = 7;
/** "no squadron should have more than 21 size units in it". */
export const MAX_SIZE_UNITS_PER_SQUADRON = 21;

export interface SquadronSpec {
  name: string;
  /** Catalogue id or inline design name (for a mixed squadron: its largest design). */
  design: string;
  /** Ships in the squadron (for a mixed squadron: all of them). */
  ships: number;
  /** Mixed squadrons only (option `mixedSquadrons`): the designs and counts, in the order given. */
  mixed?: { design: string; ships: number }[];
  /** Points: ships x cost. */
  cost?: number;
  /** "Experience" traits (option `experience`; experience.ts EXPERIENCE_TRAITS). */
  experience?: string[];
  /** Damage the squadron starts the battle with (RULINGS "Starting damage"); absent: none. */
  damage?: number;
}

export interface Taskforce {
  name: string;
  squadrons: SquadronSpec[];
  /** Name of the squadron whose ship is the flagship ("one of its largest ships"); default: the first squadron of the largest ships. */
  flagship?: string;
}

export interface FleetOptions {
  /** "New rules for mixed ships in a Squadron" (highly experimental): off by default. */
  mixedSquadrons: boolean;
  /** Squadrons per taskforce: 5 ("A TF can have up to five squadrons"); the playtester note suggests 3 or 4. */
  squadronsPerTaskforce: number;
  /** Ships per taskforce ("1 - 3 Squadrons, or up to 21 ships"): null = no limit beyond the squadrons (default). */
  shipsPerTaskforce: number | null;
  /** Ruling "Hardened hull costs 3 per size": 3 (catalogue) or 2 (the System table as printed). */
  hardenedHullCost: 2 | 3;
  /** "recomputed" (default) or "printed": catalogue ships with the printed figures of the ERRATA. */
  catalogueValues: "recomputed" | "printed";
  /** "Formations (experimental rules)": cone and ring formations in play (off by default). */
  formations?: boolean;
  /** "Experience": squadrons may carry experience traits (off by default). */
  experience?: boolean;
  /** Planets in play: the defender names its quadrants' targets (setting `planetOrders`; off by default). */
  planetOrders?: boolean;
  /** Planets in play: assault units move to an "adjacent" quadrant (default) or "any" one (setting `assaultMoves`). */
  assaultMoves?: "adjacent" | "any";
  /** Fighters shooting down missiles on 3 (default) or 4 or less (setting `fighterMissileTargeting`). */
  fighterMissileTargeting?: 3 | 4;
  /** "combat tractor beam": every ship carries one (setting `tractorBeams`; off by default). */
  tractorBeams?: boolean;
}

export const DEFAULT_FLEET_OPTIONS: FleetOptions = {
  mixedSquadrons: false,
  squadronsPerTaskforce: 5,
  shipsPerTaskforce: null,
  hardenedHullCost: 3,
  catalogueValues: "recomputed",
};

/** A defended planet or moon bought with the fleet ("The planet has its own size category of defense, like buying a ship"). */
export interface DefenseSpec {
  kind: "planet" | "moon";
  name: string;
  /** Inches across: a planet "A minimum of 6", and 12" is more like it"; moons "between 2" and 6" diameter". */
  diameter: number;
  /** The defense layout (every quadrant held by the fleet's side when the battle is set up). */
  defense: PlanetDefense;
  /** Points: 10 per size category and 3 per garrison assault unit (RULINGS). */
  cost: number;
}

/** "like buying a ship": a ship's base cost is 10 per size; a garrison unit is priced as an extra space (3). */
export const DEFENSE_COST_PER_SIZE = 10;
export const GARRISON_UNIT_COST = 3;

export interface Fleet {
  name: string;
  /** The fleet's total cost in points. */
  points: number;
  /** The agreed point total from the file (or --points), null when none. */
  pointsLimit: number | null;
  taskforces: Taskforce[];
  /** Every design the squadrons name, by the name used in the file. */
  designs: Record<string, ShipDesign>;
  options: FleetOptions;
  /** Defended planets and moons the fleet brings (turns the setting `planets` on). */
  defenses?: DefenseSpec[];
  /** Space stations the fleet brings, each placed in the centre of a sector of its own half. */
  stations?: StationSpec[];
}

/** A station from a fleet file ("Space Stations"; "Sample Space Stations"). */
export interface StationSpec {
  /** Key into `STATION_DESIGNS`. */
  design: string;
  name: string;
  /** A sector such as "2B": the station stands at its centre. */
  sector: string;
  /** Its design's cost. */
  cost: number;
  /** Damage it starts the battle with (RULINGS "Starting damage"); absent: none. */
  damage?: number;
}

export type FleetResult = { ok: true; value: Fleet } | { ok: false; error: Problem[]; value?: Fleet };

// ---------------------------------------------------------------------------
// Shape

const count = wholeIn(0, 10_000, "a count of systems or installations");
/** Names that become keys (design names: `fleet.designs[name]`): never a prototype name (core/ids.ts `keyProblem`). */
const keyName = keySchema.superRefine((v, ctx) => {
  // Plain text (core/text.ts, issue 9 item 4): no bidirectional controls either (keySchema refuses the other controls).
  const p = typeof v === "string" ? plainTextProblem(v) : null;
  if (p) ctx.addIssue({ code: "custom", message: `a name ${p}`, params: { problem: "not-plain-text" } });
});
/** Names are plain text on one line (issue 9 item 4): a report or a check prints them; none may forge a line or move the cursor. */
const name = (what: string) => plainTextUpTo(LIMITS.name, what, 1);
const designSchema = z
  .object({
    /** At most 100 characters: a game keys it by its name, prefixed "red:" when both fleets use the name. */
    name: keyName
      .max(100, { error: "an inline design's name has at most 100 characters" })
      .describe("the design's name, as squadrons name it (not a catalogue ship's name)"),
    size: wholeIn(1, 100, "a design's size").describe(
      "1 destroyer, 2 frigate, 3 cruiser, 4 battleship, 5 dreadnought, 6-7 behemoth, 8+ titan",
    ),
    faction: plainTextUpTo(LIMITS.name, "a faction").optional(),
    systems: recordUpTo(safeRecord(keyName, count, "invalid-name"), 100, "systems")
      .default({})
      .describe(`how many of each system or weakness the ship buys ("Ship Building"): ${SYSTEM_KINDS.join(", ")}`),
    byCost: recordUpTo(safeRecord(keyName, count, "invalid-name"), 100, "systems")
      .optional()
      .describe("how many of those under systems are paid with points instead of space (engulfing, extraShield, fast, repair)"),
  })
  .strict()
  .describe('a design of the fleet\'s own, built by the "Ship Building" rules');
/**
 * Ships of a squadron: 1 to 7 are legal (parseFleet says so, naming the squadron); beyond -1,000 to 1,000 a
 * number is not read at all. The published JSON Schema states the legal 1 to 7.
 */
const shipsError = (i: { input?: unknown }) =>
  i.input === undefined
    ? undefined
    : `a number of ships is a whole number (a squadron has 1 to ${MAX_SHIPS_PER_SQUADRON}), not ${typeof i.input === "string" ? JSON.stringify(i.input.slice(0, 20)) : String(i.input)}`;
const shipCount = z
  .number({ error: shipsError })
  .int({ error: shipsError })
  .min(-1_000, { error: shipsError })
  .max(1_000, { error: shipsError })
  .meta({ minimum: 1, maximum: MAX_SHIPS_PER_SQUADRON });
/** "Starting damage" (RULINGS): a squadron or station already damaged when the battle begins. */
const STARTING_DAMAGE =
  "damage it starts the battle with (default 0): less than its total hull (its ships' hulls added); a destruction test is taken only for damage done in this battle";
const startingDamage = wholeIn(0, 100_000, "starting damage");
const squadronSchema = z
  .object({
    name: name("a squadron's name").optional().describe("the squadron's name (default: its taskforce's name and number, \"Hammer 2\")"),
    design: keyName.optional().describe('a catalogue id such as "generic/fleet-cruiser", or the name of one of the file\'s designs'),
    ships: shipCount.optional().describe("how many ships: 1 to 7, at most 21 size units"),
    mixed: listUpTo(z.object({ design: keyName, ships: shipCount }).strict(), 21, "designs in a mixed squadron")
      .optional()
      .describe("instead of design and ships, designs and counts of a mixed squadron (option mixedSquadrons)"),
    experience: listUpTo(plainTextUpTo(40, "an experience trait"), 20, "experience traits")
      .optional()
      .describe(`experience traits (option experience): ${EXPERIENCE_TRAITS.join(", ")}`),
    damage: startingDamage.optional().describe(STARTING_DAMAGE),
  })
  .strict();
const taskforceSchema = z
  .object({
    name: name("a taskforce's name").describe("the taskforce's name, different from the others' (the activation sequence names it)"),
    flagship: plainTextUpTo(LIMITS.name, "a flagship squadron's name")
      .optional()
      .describe("the squadron carrying the flagship, one of the largest ships (default: the first squadron of the largest ships)"),
    squadrons: listUpTo(squadronSchema, 100, "squadrons in a taskforce").describe("1 to 5 squadrons (option squadronsPerTaskforce)"),
  })
  .strict();
const optionsSchema = z
  .object({
    mixedSquadrons: z.boolean().optional().describe('"New rules for mixed ships in a Squadron" (default false)'),
    squadronsPerTaskforce: wholeIn(1, 100, "squadronsPerTaskforce").optional().describe("squadrons a taskforce may have (default 5)"),
    shipsPerTaskforce: wholeIn(1, LIMITS.shipsPerFleet, "shipsPerTaskforce")
      .nullable()
      .optional()
      .describe("ships a taskforce may have (default null: no limit beyond its squadrons)"),
    hardenedHullCost: z
      .literal([2, 3])
      .optional()
      .describe("points per size of a Hardened Hull: 3 (default, as the catalogue prices it) or 2 (as the table prints it)"),
    catalogueValues: z
      .enum(["recomputed", "printed"])
      .optional()
      .describe('catalogue ships with the figures the rules give ("recomputed", default) or as printed'),
    formations: z.boolean().optional().describe('"Formations (experimental rules)": cone and ring formations (default false)'),
    experience: z.boolean().optional().describe('"Experience": squadrons may carry experience traits (default false)'),
    planetOrders: z.boolean().optional().describe("planets: the defender names its quadrants' targets (default false)"),
    assaultMoves: z.enum(["adjacent", "any"]).optional().describe("planets: assault units move to an adjacent quadrant (default) or any"),
    fighterMissileTargeting: z.literal([3, 4]).optional().describe("fighters shoot down missiles on 3 (default) or 4 or less"),
    tractorBeams: z.boolean().optional().describe("every ship carries a combat tractor beam (default false)"),
  })
  .strict()
  .describe("the fleet's options (RULINGS.md names each); both fleets of a battle should agree");
const layoutSchema = z
  .object({
    heavy: count.optional(),
    light: count.optional(),
    missile: count.optional(),
    fighterBay: count.optional(),
    interceptor: count.optional(),
    assault: count.optional(),
  })
  .strict();
const stationSchema = z
  .object({
    design: keyName.describe(`a station design: ${Object.keys(STATION_DESIGNS).join(", ")}`),
    name: name("a station's name").optional(),
    sector: z.string().min(1).max(20).describe('a sector of the fleet\'s own half, such as "2B": the station stands at its centre'),
    damage: startingDamage.optional().describe(STARTING_DAMAGE),
  })
  .strict();
const defenseSchema = z
  .object({
    kind: z.enum(["planet", "moon"]).describe("at most one planet and one moon"),
    name: name("a planet's or moon's name").optional(),
    size: wholeIn(1, 100, "a defense's size").describe("the defense's size category (10 points each; a moon's at most half its planet's)"),
    diameter: numberIn(0, 1_000, "a diameter in inches")
      .refine((v) => v > 0, { error: "a diameter in inches must be above 0" })
      .optional()
      .describe("inches across: a planet at least 6 (default 12), a moon 2 to 6 (default 4)"),
    /** One layout for every quadrant... */
    quadrant: layoutSchema.optional(),
    /** ...or one per quadrant. */
    quadrants: z.partialRecord(z.enum(["N", "E", "S", "W"]), layoutSchema).optional(),
  })
  .strict();
const fleetSchema = z
  .object({
    name: name("a fleet's name"),
    points: wholeIn(1, 1_000_000_000, "points").optional().describe("the agreed point total: the fleet may cost no more"),
    options: optionsSchema.optional(),
    designs: listUpTo(designSchema, LIMITS.designsPerFleet, "inline designs").optional().describe("designs of the fleet's own"),
    taskforces: listUpTo(taskforceSchema, LIMITS.taskforcesPerFleet, "taskforces").min(1).describe("the fleet's taskforces"),
    defenses: listUpTo(defenseSchema, LIMITS.defensesPerFleet, "defended planets and moons")
      .optional()
      .describe("a defended planet and its moon the fleet brings"),
    stations: listUpTo(stationSchema, LIMITS.stationsPerFleet, "stations").optional().describe("space stations the fleet brings"),
  })
  .strict();

/** The options' shape, each described in RULINGS' words: the fleet builder labels its controls with them. */
export const fleetOptionsSchema = optionsSchema;

/** A fleet file as a schema (the shape only; `parseFleet` checks the rules): its JSON Schema is published. */
export const fleetFileSchema: z.ZodType = fleetSchema;

type DefenseInput = z.infer<typeof defenseSchema>;
const INSTALLATIONS: readonly InstallationKind[] = ["heavy", "light", "missile", "fighterBay", "interceptor"];

/**
 * A fleet's defended planet and moon: at most one of each, every quadrant laid out (`quadrant` for all four or
 * `quadrants` by N/E/S/W), installations within the size ("one space for each quadrant" per category), a planet
 * at least 6" across and a moon 2" to 6" with a defense size "no more than half of their planet's".
 */
function parseDefenses(list: readonly DefenseInput[], fail: (order: string, code: string, message: string) => void): DefenseSpec[] {
  const out: DefenseSpec[] = [];
  const planetSize = list.find((d) => d.kind === "planet")?.size;
  list.forEach((d, i) => {
    const name = d.name ?? (d.kind === "planet" ? "Planet" : "Moon");
    const at = `fleet.defenses[${i}] "${name}"`;
    if (list.findIndex((x) => x.kind === d.kind) !== i) {
      fail(at, "too-many-defenses", `a fleet brings at most one defended planet and one moon; this is a second ${d.kind}`);
      return;
    }
    if (d.kind === "moon" && planetSize === undefined)
      fail(
        at,
        "moon-without-planet",
        `a moon's defense "cannot be more than half of their planet's": add the planet (kind: planet) it circles`,
      );
    const diameter = d.diameter ?? (d.kind === "planet" ? 12 : 4);
    if (d.kind === "planet" && diameter < 6)
      fail(at, "planet-too-small", `the planet is ${diameter}" across; "Planets should be big. A minimum of 6""`);
    if (d.kind === "moon" && (diameter < 2 || diameter > 6))
      fail(at, "moon-size", `the moon is ${diameter}" across; moons "should typically be between 2" and 6" diameter"`);
    if ((d.quadrant === undefined) === (d.quadrants === undefined))
      fail(
        at,
        "quadrant-layout",
        `give either quadrant (one layout for all four) or quadrants (N, E, S, W), ${d.quadrant ? "not both" : "one of them"}`,
      );
    const layouts = QUADRANTS.map((q) => ({ q, l: d.quadrant ?? d.quadrants?.[q] }));
    const missing = layouts.filter((x) => x.l === undefined).map((x) => x.q);
    if (d.quadrants !== undefined && missing.length > 0)
      fail(
        at,
        "missing-quadrant",
        `quadrant(s) ${missing.join(", ")} have no layout: "Planets should be divided into quadrants", all four`,
      );
    const defense: PlanetDefense = {
      size: d.size,
      quadrants: layouts.map(({ q, l }) => ({
        id: q,
        weapons: Object.fromEntries(INSTALLATIONS.filter((k) => (l?.[k] ?? 0) > 0).map((k) => [k, l?.[k] ?? 0])),
        damage: 0,
        assault: l?.assault ?? 0,
        holder: "",
      })),
    };
    const fault = defenseFault(defense, d.kind, d.kind === "moon" ? planetSize : undefined);
    if (fault) fail(at, d.kind === "moon" && fault.startsWith("a moon's") ? "moon-too-large" : "too-many-installations", fault);
    const garrison = defense.quadrants.reduce((t, q) => t + q.assault, 0);
    out.push({ kind: d.kind, name, diameter, defense, cost: DEFENSE_COST_PER_SIZE * d.size + GARRISON_UNIT_COST * garrison });
  });
  return out;
}

type Fail = (order: string, code: string, message: string) => void;

/** Where a value sits in the file: "fleet.taskforces[0].squadrons[2].ships". */
function pathOf(at: string, path: readonly PropertyKey[]): string {
  let out = at;
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `.${String(p).slice(0, 40)}`;
  return out;
}

/** A value as a message shows it: `"four"`, `2.5`, a list, an object. */
function shown(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "a mapping of fields";
  if (typeof v === "string") return JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}...` : v);
  return String(v);
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: "a text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a mapping of fields",
  record: "a mapping of fields",
  null: "null",
};

/**
 * A zod issue as a message that does not repeat its path (the problem's `order` holds it) and says what
 * would be valid: "missing (a text)", "expected a number, not "four"", "must be one of planet, moon, not "star"".
 */
function issueMessage(i: z.core.$ZodIssue): string {
  const input = (i as { input?: unknown }).input;
  // A schema's own message (ranges.ts: "a design's size must be a whole number from 1 to 100, not ...") says it best.
  if (!/^(Invalid|Unrecognized)/.test(i.message) && !(i.code === "invalid_type" && input === undefined)) return i.message;
  switch (i.code) {
    case "invalid_type": {
      const want = EXPECTED[i.expected] ?? i.expected;
      return input === undefined ? `missing: give ${want}` : `expected ${want}, not ${shown(input)}`;
    }
    case "invalid_value":
      return `must be ${i.values.length === 1 ? "" : "one of "}${i.values.map((v) => (typeof v === "string" ? v : String(v))).join(", ")}, not ${shown(input)}`;
    case "unrecognized_keys":
      return `unknown field(s) ${i.keys.map((k) => `"${k.slice(0, 40)}"`).join(", ")}`;
    default:
      return i.message;
  }
}

function issueProblems(at: string, error: z.ZodError, fail: Fail): void {
  for (const i of error.issues.slice(0, 20)) {
    const special = issueCode(i);
    const code = /^invalid-(id|ref|name)$|^not-plain-text$/.test(special)
      ? special
      : i.code === "unrecognized_keys"
        ? "unknown-field"
        : "bad-field";
    fail(pathOf(at, i.path), code, issueMessage(i));
  }
}

type Shape = Readonly<Record<string, z.ZodType>>;
type Parsed<S extends Shape> = { [K in keyof S]?: z.output<S[K]> };

/**
 * An object of the file read field by field, so that no fault hides another: each field that breaks its
 * schema is a problem and is left out, every unknown field is named with the fields that `what` has.
 * `faulty` says whether any fault was found. Not an object at all: one problem, null.
 */
function readFields<S extends Shape>(
  raw: unknown,
  shape: S,
  at: string,
  what: string,
  fail: Fail,
): { value: Parsed<S>; faulty: boolean } | null {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    fail(at, "bad-field", `${what} is a mapping of fields (${Object.keys(shape).join(", ")}), not ${shown(raw)}`);
    return null;
  }
  const r = raw as Record<string, unknown>;
  let faulty = false;
  const unknown = Object.keys(r).filter((k) => !Object.hasOwn(shape, k));
  if (unknown.length > 0) {
    faulty = true;
    fail(
      at,
      "unknown-field",
      `unknown field(s) ${unknown.map((k) => `"${k.slice(0, 40)}"`).join(", ")}; ${what} has ${Object.keys(shape).join(", ")}`,
    );
  }
  const value: Record<string, unknown> = {};
  for (const [k, schema] of Object.entries(shape)) {
    const p = schema.safeParse(Object.hasOwn(r, k) ? r[k] : undefined, { reportInput: true });
    if (p.success) {
      if (p.data !== undefined) value[k] = p.data;
    } else {
      faulty = true;
      issueProblems(`${at}.${k}`, p.error, fail);
    }
  }
  return { value: value as Parsed<S>, faulty };
}

/** A list of the file: its length checked by `schema`, then each item read by `item` (null: not a list, or too long). */
function readList(raw: unknown, schema: z.ZodType, at: string, fail: Fail): unknown[] | null {
  if (raw === undefined) return [];
  const p = schema.safeParse(raw, { reportInput: true });
  if (!p.success) {
    issueProblems(at, p.error, fail);
    return null;
  }
  return raw as unknown[];
}

/** A fleet file read part by part: what parsed, and which designs and parts had shape faults (not checked further). */
interface FleetInput {
  name: string;
  points?: number;
  options?: z.output<typeof optionsSchema>;
  designs: (z.output<typeof designSchema> | null)[];
  /** Names of inline designs whose shape is at fault: squadrons naming them are not priced, nor called unknown. */
  faultyDesigns: Set<string>;
  /** `squadronsFaulty`: the squadrons are missing or not a list (already a fault: not called empty too). */
  taskforces: { name: string; flagship?: string; squadrons: (z.output<typeof squadronSchema> | null)[]; squadronsFaulty: boolean }[];
  defenses: DefenseInput[];
  stations: z.output<typeof stationSchema>[];
}

const shapeOf = <T extends z.ZodObject>(s: T): Shape => s.shape as Shape;

function readFleet(raw: unknown, fail: Fail): FleetInput | null {
  const top = readFields(
    raw,
    {
      ...shapeOf(fleetSchema),
      options: z.unknown(),
      designs: z.unknown(),
      taskforces: z.unknown(),
      defenses: z.unknown(),
      stations: z.unknown(),
    },
    "fleet",
    "a fleet file",
    fail,
  );
  if (!top) return null;
  const t = top.value as Parsed<typeof fleetSchema.shape> & {
    designs?: unknown;
    taskforces?: unknown;
    defenses?: unknown;
    stations?: unknown;
  };
  const input: FleetInput = {
    name: t.name ?? "(unnamed fleet)",
    designs: [],
    faultyDesigns: new Set(),
    taskforces: [],
    defenses: [],
    stations: [],
  };
  if (t.points !== undefined) input.points = t.points;
  if (t.options !== undefined) {
    const o = readFields(t.options, shapeOf(optionsSchema), "fleet.options", "options", fail);
    if (o) input.options = o.value as z.output<typeof optionsSchema>;
  }
  for (const [i, d] of (
    readList(t.designs, listUpTo(z.unknown(), LIMITS.designsPerFleet, "inline designs"), "fleet.designs", fail) ?? []
  ).entries()) {
    const r = readFields(d, shapeOf(designSchema), `fleet.designs[${i}]`, "an inline design", fail);
    const named = d !== null && typeof d === "object" ? (d as { name?: unknown }).name : undefined;
    if (r && !r.faulty) input.designs.push(r.value as z.output<typeof designSchema>);
    else {
      input.designs.push(null);
      if (typeof named === "string") input.faultyDesigns.add(named);
    }
  }
  if (t.taskforces === undefined) fail("fleet.taskforces", "bad-field", "missing: a fleet has at least one taskforce (name and squadrons)");
  for (const [ti, tf] of (
    readList(
      t.taskforces,
      listUpTo(z.unknown(), LIMITS.taskforcesPerFleet, "taskforces").min(1, { error: "a fleet has at least one taskforce" }),
      "fleet.taskforces",
      fail,
    ) ?? []
  ).entries()) {
    const tAt = `fleet.taskforces[${ti}]`;
    const r = readFields(tf, { ...shapeOf(taskforceSchema), squadrons: z.unknown() }, tAt, "a taskforce", fail);
    if (!r) continue;
    const v = r.value as { name?: string; flagship?: string; squadrons?: unknown };
    const squadrons: (z.output<typeof squadronSchema> | null)[] = [];
    if (v.squadrons === undefined) fail(`${tAt}.squadrons`, "bad-field", "missing: a taskforce has a list of squadrons");
    const list =
      v.squadrons === undefined
        ? null
        : readList(v.squadrons, listUpTo(z.unknown(), 100, "squadrons in a taskforce"), `${tAt}.squadrons`, fail);
    for (const [si, sq] of (list ?? []).entries()) {
      const q = readFields(sq, shapeOf(squadronSchema), `${tAt}.squadrons[${si}]`, "a squadron", fail);
      squadrons.push(q && !q.faulty ? (q.value as z.output<typeof squadronSchema>) : null);
    }
    input.taskforces.push({
      name: v.name ?? `(taskforce ${ti + 1})`,
      ...(v.flagship !== undefined ? { flagship: v.flagship } : {}),
      squadrons,
      squadronsFaulty: list === null,
    });
  }
  for (const [i, d] of (
    readList(t.defenses, listUpTo(z.unknown(), LIMITS.defensesPerFleet, "defended planets and moons"), "fleet.defenses", fail) ?? []
  ).entries()) {
    const r = readFields(d, shapeOf(defenseSchema), `fleet.defenses[${i}]`, "a defended planet or moon", fail);
    if (r && !r.faulty) input.defenses.push(r.value as DefenseInput);
  }
  for (const [i, st] of (
    readList(t.stations, listUpTo(z.unknown(), LIMITS.stationsPerFleet, "stations"), "fleet.stations", fail) ?? []
  ).entries()) {
    const r = readFields(st, shapeOf(stationSchema), `fleet.stations[${i}]`, "a station", fail);
    if (r && !r.faulty) input.stations.push(r.value as z.output<typeof stationSchema>);
  }
  return input;
}

// ---------------------------------------------------------------------------
// Designs

const byLowerName: ReadonlyMap<string, string> = new Map(CATALOGUE.map((e) => [e.input.name.toLowerCase(), e.id]));

/** A catalogue design by id (or by its printed name, case-insensitive), or undefined. */
export function findDesign(id: string, opts: BuildOptions & { printed?: boolean } = {}): ShipDesign | undefined {
  const exact = catalogueDesign(id, opts);
  if (exact) return exact;
  const byName = byLowerName.get(id.toLowerCase());
  return byName ? catalogueDesign(byName, opts) : undefined;
}

/**
 * The design of a catalogue id, or (given a parsed fleet) of a name the fleet uses.
 * Meant for ids a fleet check has accepted: an unknown id is a programming error and throws.
 */
export function designOf(id: string, fleet?: Pick<Fleet, "designs">): ShipDesign {
  const d = (fleet ? own(fleet.designs, id) : undefined) ?? findDesign(id);
  if (!d) throw new Error(`battleshift: unknown ship design "${id}"`);
  return d;
}

/** Size units of a squadron ("no squadron should have more than 21 size units"). */
function sizeUnits(designs: { d: ShipDesign; ships: number }[]): number {
  return designs.reduce((t, x) => t + x.d.size * x.ships, 0);
}

// ---------------------------------------------------------------------------
// parseFleet

/**
 * Validate and price a decoded fleet file. `overrides.points` replaces the file's limit
 * (`fleet check --points N`). On failure the priced fleet is still returned when it could
 * be built, so a report can show it beside the faults.
 */
export function parseFleet(raw: unknown, overrides: { points?: number } = {}): FleetResult {
  const problems: Problem[] = [];
  const fail: Fail = (order, code, message) => problems.push({ order, code, message });
  // Every part is read and checked, whatever faults other parts have: all the faults at once.
  const f = readFleet(raw, fail);
  if (!f) return { ok: false, error: problems };
  const options: FleetOptions = { ...DEFAULT_FLEET_OPTIONS, ...(f.options ?? {}) } as FleetOptions;
  const buildOpts: BuildOptions & { printed?: boolean } = {
    hardenedCostPerSize: options.hardenedHullCost,
    printed: options.catalogueValues === "printed",
  };

  // Inline designs.
  const designs: Record<string, ShipDesign> = {};
  const inline = new Map<string, ShipDesign>();
  f.designs.forEach((di, i) => {
    if (di === null) return;
    const at = `fleet.designs[${i}] "${di.name}"`;
    for (const k of [...Object.keys(di.systems), ...Object.keys(di.byCost ?? {})]) {
      if (!(SYSTEM_KINDS as readonly string[]).includes(k))
        fail(at, "unknown-system", `unknown system "${k}"; known systems: ${SYSTEM_KINDS.join(", ")}`);
    }
    if (inline.has(di.name)) fail(at, "duplicate-design", `two inline designs are called "${di.name}": give each its own name`);
    if (findDesign(di.name)) fail(at, "design-shadows-catalogue", `"${di.name}" is a catalogue ship; give the inline design another name`);
    const input: DesignInput = {
      id: di.name,
      name: di.name,
      faction: di.faction ?? "custom",
      size: di.size,
      systems: filterKinds(di.systems),
      ...(di.byCost ? { byCost: filterKinds(di.byCost) } : {}),
    };
    const r = buildShip(input, buildOpts, at);
    if (!r.ok) problems.push(...r.error);
    inline.set(di.name, r.value);
  });

  const resolve = (name: string, at: string): ShipDesign | undefined => {
    const d = inline.get(name) ?? findDesign(name, buildOpts);
    // An inline design with faults of its own: already reported, so its squadrons are not priced.
    if (!d && f.faultyDesigns.has(name)) return undefined;
    if (!d) {
      const near = suggestDesigns(name);
      fail(
        at,
        "unknown-design",
        `no ship design "${name}": use a catalogue id (e.g. ${near.length ? near.join(", ") : "generic/fleet-cruiser, bionid/arbite-cruiser, raishek/battleship"}) or the name of a design under "designs"`,
      );
      return undefined;
    }
    designs[name] = d;
    return d;
  };

  // Taskforces and squadrons.
  const taskforces: Taskforce[] = [];
  const tfNames = new Set<string>();
  const sqNames = new Set<string>();
  let total = 0;
  f.taskforces.forEach((tf, ti) => {
    const tAt = `fleet.taskforces[${ti}] "${tf.name}"`;
    if (tfNames.has(tf.name))
      fail(tAt, "duplicate-taskforce", `two taskforces are called "${tf.name}": each needs its own name for the activation sequence`);
    tfNames.add(tf.name);
    if (tf.squadrons.length === 0 && !tf.squadronsFaulty)
      fail(tAt, "empty-taskforce", `taskforce "${tf.name}" has no squadrons: give it 1 to ${options.squadronsPerTaskforce}`);
    if (tf.squadrons.length > options.squadronsPerTaskforce)
      fail(
        tAt,
        "too-many-squadrons",
        `taskforce "${tf.name}" has ${tf.squadrons.length} squadrons; a taskforce may have at most ${options.squadronsPerTaskforce} (option squadronsPerTaskforce): split it into two taskforces`,
      );
    const squadrons: SquadronSpec[] = [];
    let tfShips = 0;
    tf.squadrons.forEach((sq, si) => {
      if (sq === null) return;
      const name = sq.name ?? `${tf.name} ${si + 1}`;
      const at = `fleet.taskforces[${ti}].squadrons[${si}] "${name}"`;
      if (sqNames.has(name)) fail(at, "duplicate-squadron", `two squadrons are called "${name}": give each its own name`);
      sqNames.add(name);
      let parts: { design: string; ships: number; d?: ShipDesign }[];
      if (sq.mixed !== undefined) {
        if (sq.design !== undefined || sq.ships !== undefined)
          fail(at, "mixed-and-design", `a squadron has either "design" and "ships" or "mixed", not both`);
        if (!options.mixedSquadrons) {
          fail(
            at,
            "mixed-not-allowed",
            `mixed squadrons are an experimental option ("New rules for mixed ships in a Squadron"): set options.mixedSquadrons: true, or give the squadron one design`,
          );
        }
        if (sq.mixed.length === 0) fail(at, "empty-squadron", `the mixed list is empty: give at least one design and count`);
        parts = sq.mixed.map((m, mi) => ({ ...m, d: resolve(m.design, `${at}.mixed[${mi}]`) }));
      } else {
        if (sq.design === undefined) {
          fail(at, "missing-design", `squadron "${name}" names no design: add design: <catalogue id or inline design name>`);
          return;
        }
        if (sq.ships === undefined) {
          fail(at, "missing-ships", `squadron "${name}" gives no number of ships: add ships: 1 to ${MAX_SHIPS_PER_SQUADRON}`);
          return;
        }
        parts = [{ design: sq.design, ships: sq.ships, d: resolve(sq.design, at) }];
      }
      const ships = parts.reduce((t, x) => t + x.ships, 0);
      for (const part of parts)
        if (part.ships < 1)
          fail(
            at,
            "bad-ship-count",
            `${part.ships} ships of ${part.design}: a squadron has 1 to ${MAX_SHIPS_PER_SQUADRON} ships of each design it lists`,
          );
      if (ships > MAX_SHIPS_PER_SQUADRON)
        fail(at, "too-many-ships", `squadron "${name}" has ${ships} ships; a squadron has 1 to ${MAX_SHIPS_PER_SQUADRON}: split it`);
      const known = parts.filter((x): x is { design: string; ships: number; d: ShipDesign } => x.d !== undefined);
      if (known.length === parts.length && ships >= 1) {
        const units = sizeUnits(known);
        // "1 size 11+ ships": a squadron of one ship is always allowed, whatever its size.
        if (units > MAX_SIZE_UNITS_PER_SQUADRON && ships > 1) {
          const per = known[0]?.d.size ?? 1;
          const fit = Math.max(1, Math.floor(MAX_SIZE_UNITS_PER_SQUADRON / per));
          fail(
            at,
            "too-many-size-units",
            `squadron "${name}" has ${units} size units (${known.map((x) => `${x.ships} x size ${x.d.size}`).join(" + ")}); at most ${MAX_SIZE_UNITS_PER_SQUADRON}${known.length === 1 ? `: at most ${fit} size-${per} ships` : ""}`,
          );
        }
      }
      // A count at fault (0 or fewer ships) prices nothing: no negative points in any total.
      const cost = known.reduce((t, x) => t + Math.max(0, x.ships) * x.d.cost, 0);
      total += cost;
      // "Experience": traits need the option, and must be ones the seed lists.
      if (sq.experience !== undefined) {
        if (!options.experience)
          fail(at, "experience-not-allowed", `experience is an option ("Experience"): set options.experience: true, or drop the traits`);
        for (const t of sq.experience)
          if (!(EXPERIENCE_TRAITS as readonly string[]).includes(t))
            fail(at, "unknown-experience", `unknown experience trait "${t}"; known: ${EXPERIENCE_TRAITS.join(", ")}`);
      }
      // "Starting damage": less than the squadron's total hull, or it would start destroyed.
      if (sq.damage !== undefined && known.length === parts.length) {
        const totalHull = known.reduce((t, x) => t + Math.max(0, x.ships) * x.d.hull, 0);
        if (sq.damage >= totalHull)
          fail(
            at,
            "too-much-damage",
            `squadron "${name}" starts with ${sq.damage} damage but its ships' total hull is ${totalHull}: starting damage must be less (0 to ${Math.max(0, totalHull - 1)})`,
          );
      }
      tfShips += Math.max(0, ships);
      const largest = [...known].sort((a, b) => b.d.size - a.d.size)[0];
      squadrons.push({
        name,
        design: largest?.design ?? parts[0]?.design ?? "",
        ships,
        ...(sq.mixed !== undefined ? { mixed: parts.map((x) => ({ design: x.design, ships: x.ships })) } : {}),
        cost,
        ...(sq.experience !== undefined ? { experience: [...sq.experience] } : {}),
        ...(sq.damage !== undefined ? { damage: sq.damage } : {}),
      });
    });
    if (options.shipsPerTaskforce !== null && tfShips > options.shipsPerTaskforce)
      fail(
        tAt,
        "too-many-ships-in-taskforce",
        `taskforce "${tf.name}" has ${tfShips} ships; at most ${options.shipsPerTaskforce} (option shipsPerTaskforce)`,
      );
    if (tf.flagship !== undefined) {
      const flag = squadrons.find((s) => s.name === tf.flagship);
      const sizeOf = (s: SquadronSpec) => Math.max(0, ...(s.mixed ?? [s]).map((m) => own(designs, m.design)?.size ?? 0));
      const biggest = Math.max(0, ...squadrons.map(sizeOf));
      if (!flag)
        fail(
          tAt,
          "unknown-flagship",
          `flagship "${tf.flagship}" is not a squadron of "${tf.name}"; its squadrons: ${squadrons.map((s) => s.name).join(", ")}`,
        );
      else if (sizeOf(flag) < biggest)
        fail(
          tAt,
          "small-flagship",
          `the flagship must be "one of its largest ships": "${flag.name}" has size ${sizeOf(flag)} ships, the taskforce has size ${biggest}`,
        );
    }
    taskforces.push({ name: tf.name, squadrons, ...(tf.flagship !== undefined ? { flagship: tf.flagship } : {}) });
  });

  // Size limits a host can state (limits.ts): the whole fleet, beyond each taskforce's own limits.
  const squadronCount = taskforces.reduce((t, tf) => t + tf.squadrons.length, 0);
  const shipCount = taskforces.reduce((t, tf) => t + tf.squadrons.reduce((n, sq) => n + Math.max(0, sq.ships), 0), 0);
  if (squadronCount > LIMITS.squadronsPerFleet)
    fail(
      "fleet.taskforces",
      "too-many-squadrons-in-fleet",
      `the fleet has ${squadronCount} squadrons; a fleet file has at most ${LIMITS.squadronsPerFleet} (LIMITS.squadronsPerFleet)`,
    );
  if (shipCount > LIMITS.shipsPerFleet)
    fail(
      "fleet.taskforces",
      "too-many-ships-in-fleet",
      `the fleet has ${shipCount} ships; a fleet file has at most ${LIMITS.shipsPerFleet} (LIMITS.shipsPerFleet)`,
    );

  const defenses = parseDefenses(f.defenses, fail);
  total += defenses.reduce((t, d) => t + d.cost, 0);
  const stations = parseStations(f.stations, fail);
  total += stations.reduce((t, st) => t + st.cost, 0);
  const pointsLimit = overrides.points ?? f.points ?? null;
  if (pointsLimit !== null && total > pointsLimit)
    fail(
      "fleet.points",
      "over-points",
      `the fleet costs ${total} points, ${total - pointsLimit} over the limit of ${pointsLimit}: remove ships worth at least ${total - pointsLimit} points`,
    );

  const fleet: Fleet = {
    name: f.name,
    points: total,
    pointsLimit,
    taskforces,
    designs,
    options,
    ...(defenses.length ? { defenses } : {}),
    ...(stations.length ? { stations } : {}),
  };
  return problems.length ? { ok: false, error: problems, value: fleet } : { ok: true, value: fleet };
}

/**
 * Stations a fleet brings: a known station design, a sector written as "2B" (the table's size, and so the fleet's
 * own half, is known only when the battle is set up: setup.ts checks it). Priced at the design's cost.
 */
function parseStations(
  list: readonly z.infer<typeof stationSchema>[],
  fail: (order: string, code: string, message: string) => void,
): StationSpec[] {
  const out: StationSpec[] = [];
  for (const [i, st] of list.entries()) {
    const at = `fleet.stations[${i}]`;
    const d = own(STATION_DESIGNS, st.design);
    if (!d) {
      fail(at, "unknown-station", `no station design "${st.design}"; station designs: ${Object.keys(STATION_DESIGNS).join(", ")}`);
      continue;
    }
    if (!/^(\d+[A-Za-z]|[A-Za-z]\d+)$/.test(st.sector.trim())) {
      fail(at, "bad-sector", `sector "${st.sector}" is not a sector such as "2B" (column number, row letter)`);
      continue;
    }
    if (st.damage !== undefined && st.damage >= d.hull) {
      fail(
        at,
        "too-much-damage",
        `station "${st.name ?? d.name}" starts with ${st.damage} damage but its hull is ${d.hull}: starting damage must be less (0 to ${d.hull - 1})`,
      );
      continue;
    }
    out.push({
      design: st.design,
      name: st.name ?? d.name,
      sector: st.sector.trim().toUpperCase(),
      cost: d.cost,
      ...(st.damage !== undefined ? { damage: st.damage } : {}),
    });
  }
  return out;
}

function filterKinds(r: Record<string, number>): Partial<Record<SystemKind, number>> {
  const out: Partial<Record<SystemKind, number>> = {};
  for (const k of SYSTEM_KINDS) if (r[k] !== undefined) out[k] = r[k];
  return out;
}

/** Squadron ships, size units and cost lines for reports. */
export function squadronSummary(fleet: Fleet, sq: SquadronSpec): { units: number; cost: number; lines: string[] } {
  const parts = sq.mixed ?? [{ design: sq.design, ships: sq.ships }];
  let units = 0;
  let cost = 0;
  const lines: string[] = [];
  for (const p of parts) {
    const d = own(fleet.designs, p.design);
    if (!d) continue;
    units += d.size * p.ships;
    cost += d.cost * p.ships;
    lines.push(`${p.ships} x ${d.name} (${p.design}) @ ${d.cost} = ${d.cost * p.ships}`);
  }
  return { units, cost, lines };
}
