/**
 * Parsing raw game files and map files into a legal GameState (chessops style:
 * raw input in, a Result with specific messages out). The schema checks shape;
 * `validateState` then checks references (unit sectors, border ends, owners,
 * starship types, admirals' units) so a hand-edited file fails with the field
 * named, not with a crash in the middle of a turn.
 */
import { z } from "zod";
import { COLOUR_PATTERN, colourProblem } from "../../core/colour.js";
import { idProblem, idRecord, idSchema, issueCode, keyProblem, own, safeRecord } from "../../core/ids.js";
import { listUpTo, numberAbove, numberIn, plainTextUpTo, recordUpTo, showNumber, wholeIn } from "../../core/ranges.js";
import { err, ok, type Problem, type Result } from "../../core/result.js";
import { seedProblem } from "../../core/rng.js";
import { starshipType } from "./catalog.js";
import { LIMITS, RANGES } from "./limits.js";
import { DEFAULT_SETTINGS, type GameState, INDEPENDENT } from "./model.js";

const rank = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
  error: (i) => `a rank is a whole number from 1 to 5, not ${String(i.input)}`,
});
const standing = z.object({ accept: z.boolean().default(true), passage: z.boolean().default(false), share: z.boolean().default(false) });
/** Names are plain text on one line (core/text.ts): no name can forge a line of a report or control a terminal. */
const name = (what: string, min = 0) => plainTextUpTo(LIMITS.name, what, min);
const sectorId = wholeIn(...RANGES.sectorId, "a sector id");
const counter = (what: string) => wholeIn(...RANGES.counter, what);
/** An empire id, or "independent" where the schema says so (the pattern admits it; validateState decides). */
const empireId = idSchema;
/** A starship type id of the catalogue ("klingon/hawk-heavy-cruiser"): checked against it by validateState. */
const starshipId = z.string().superRefine((v, ctx) => {
  const p = keyProblem(v);
  if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-name" } });
});
/** "A<number>" (starfleet) or "G<sector>" (garrison). */
const unitId = idSchema.pipe(
  z.string().regex(/^[AG]\d{1,10}$/, 'a unit id is "A<number>" (starfleet) or "G<sector>" (garrison), with at most 10 digits'),
);
/** A key of `relations`: two empire ids joined by "|" ("klingon|romulan"). */
const relationKey = z.string().superRefine((v, ctx) => {
  const parts = v.split("|");
  const p = parts.length !== 2 ? `"${v.slice(0, 40)}" is not two empire ids joined by "|"` : (idProblem(parts[0]) ?? idProblem(parts[1]));
  if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-id" } });
});
const listOf = listUpTo;
/**
 * An empire's banner colour (chapter 3, "The Map": the ownership banner; the rulebook names no colours):
 * "#rgb", "#rrggbb" or a CSS colour name, the colours the map can draw and tint (core/colour.ts). The
 * pattern is stated in the published schema too; zodProblems names the empire in the message.
 */
const colour = z
  .string()
  .superRefine((v, ctx) => {
    const p = colourProblem(v);
    if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-colour" } });
  })
  .meta({
    pattern: COLOUR_PATTERN,
    description: 'its banner colour on the map: "#rgb", "#rrggbb" or a CSS colour name in lower case ("navy")',
  });

const sectorSchema = z.object({
  id: sectorId,
  name: name("a sector's name", 1),
  x: numberIn(...RANGES.coordinate, "x"),
  y: numberIn(...RANGES.coordinate, "y"),
  owner: empireId.default(INDEPENDENT).describe(`the empire that owns it, or "${INDEPENDENT}" (the default)`),
  annexedTo: empireId.nullable().default(null).describe("the empire it is annexed to, or null"),
  annexDrift: wholeIn(...RANGES.annexDrift, "annexDrift").default(0),
  revenue: numberIn(...RANGES.revenue, "a sector's revenue").describe("resources it yields a turn"),
  damage: wholeIn(0, 3, "sector damage").default(0).describe("damage from pillage, 0 to 3"),
  defence: z
    .object({ level: wholeIn(0, 12, "a defence level"), damage: wholeIn(0, 12, "defence damage") })
    .default({ level: 0, damage: 0 }),
  industry: z
    .object({
      maxBuild: wholeIn(...RANGES.maxBuild, "an industrial centre's maxBuild"),
      builds: listOf(starshipId, LIMITS.buildList, "starship types on a build list"),
    })
    .nullable()
    .default(null)
    .describe("an industrial centre: how many starships it builds a turn and which types, or null"),
  permission: listOf(empireId, LIMITS.empires, "empires with permission").default([]).describe("empires with Special Permission here"),
});

const unitSchema = z.object({
  id: unitId,
  kind: z.enum(["starfleet", "garrison"]).describe('a starfleet ("A<number>") or a sector\'s garrison ("G<sector>")'),
  owner: empireId,
  name: name("a unit's name"),
  sector: sectorId.describe("the sector it is in"),
  ships: listOf(
    z.object({
      type: starshipId,
      rank,
      count: wholeIn(...RANGES.shipCount, "a starship count"),
      used: numberIn(...RANGES.moveUsed, "move points used").default(0),
    }),
    LIMITS.stacksPerUnit,
    "starship stacks in a unit",
  )
    .default([])
    .describe('its starships: type (a catalogue id such as "klingon/hawk-heavy-cruiser"), rank 1 to 5, count'),
  admirals: listOf(idSchema, LIMITS.admiralsPerUnit, "admirals in a unit").default([]),
  leader: idSchema.nullable().default(null),
  retreatLevel: rank.default(5),
  follow: unitId.nullable().default(null),
  defendDefences: z.boolean().default(false),
  cloaked: z.boolean().default(false),
});

const empireSchema = z.object({
  id: empireId,
  name: name("an empire's name", 1),
  ruler: name("a ruler's name").default("The Ruler"),
  status: z.enum(["commoner", "royalty"]).default("commoner"),
  treasury: numberIn(...RANGES.treasury, "a treasury").default(0),
  colour: colour.default("#888888"),
  builder: name("a builder").default(""),
  defeated: z.boolean().default(false),
  scouted: listOf(sectorId, LIMITS.sectors, "scouted sectors").default([]),
  toward: recordUpTo(idRecord(standing), LIMITS.empires, "empires in toward").default({}),
  nextFleetNumber: counter("nextFleetNumber").default(1),
});

const admiralSchema = z.object({
  id: idSchema,
  owner: empireId,
  name: name("an admiral's name"),
  tactics: numberIn(0, 100, "tactics"),
  siegecraft: numberIn(0, 100, "siegecraft"),
  combat: numberIn(...RANGES.admiralCombat, "an admiral's combat"),
  hits: numberAbove(...RANGES.admiralHits, "an admiral's hit points"),
  unit: unitId,
});

const settingsSchema = z.object({
  defenceBonus: z.enum(["table", "example"]).default(DEFAULT_SETTINGS.defenceBonus),
  cloakCapable: z.enum(["all", "scouts"]).default(DEFAULT_SETTINGS.cloakCapable),
  orionUpkeep: z.enum(["erratum", "printed"]).default(DEFAULT_SETTINGS.orionUpkeep),
  independentPermissionCostFactor: numberIn(...RANGES.factor, "independentPermissionCostFactor").default(
    DEFAULT_SETTINGS.independentPermissionCostFactor,
  ),
  admiralUpkeep: numberIn(...RANGES.factor, "admiralUpkeep").default(DEFAULT_SETTINGS.admiralUpkeep),
  maxPhases: wholeIn(1, 1000, "maxPhases").default(DEFAULT_SETTINGS.maxPhases),
  turnLimit: wholeIn(...RANGES.turnLimit, "turnLimit")
    .nullable()
    .default(DEFAULT_SETTINGS.turnLimit),
  victorySectorShare: numberAbove(0, 100, "victorySectorShare").nullable().default(DEFAULT_SETTINGS.victorySectorShare),
  victoryIndustryShare: numberAbove(0, 100, "victoryIndustryShare").nullable().default(DEFAULT_SETTINGS.victoryIndustryShare),
  victoryAllianceSize: wholeIn(1, 6, "victoryAllianceSize").default(DEFAULT_SETTINGS.victoryAllianceSize),
});

/** A map file: the galaxy and its starting forces (turn 1 is implied). Sizes and ranges: limits.ts. */
export const mapSchema = z.object({
  name: name("a map's name").default("Custom map"),
  settings: settingsSchema
    .default(() => settingsSchema.parse({}))
    .describe("the game's named options (RULINGS.md): each absent one takes its default"),
  empires: recordUpTo(idRecord(empireSchema), LIMITS.empires, "empires").describe(
    'the empires by id ("klingon"); an empire\'s id field repeats its key',
  ),
  relations: recordUpTo(safeRecord(relationKey, z.enum(["war", "neutral", "alliance"])), LIMITS.empires ** 2, "relations")
    .default({})
    .describe('relations between two empires, keyed "a|b" (the two ids in sorted order): war, neutral (the default) or alliance'),
  sectors: listOf(sectorSchema, LIMITS.sectors, "sectors").min(1).describe("every sector of the galaxy"),
  borders: listOf(
    z.object({
      a: sectorId,
      b: sectorId,
      barrier: z.boolean().default(false).describe("a barrier on this border (starfleets cannot cross it)"),
    }),
    LIMITS.borders,
    "borders",
  ).describe("which sectors border which (each pair once)"),
  units: recordUpTo(safeRecord(unitId, unitSchema), LIMITS.units, "units")
    .default({})
    .describe('starfleets ("A<number>") and garrisons ("G<sector>") by id; a unit\'s id field repeats its key'),
  admirals: recordUpTo(idRecord(admiralSchema), LIMITS.admirals, "admirals")
    .default({})
    .describe("admirals by id, each with the unit it serves in"),
  /** The independents' pool for building troops (model.ts); absent means 0. */
  independentTreasury: numberIn(...RANGES.treasury, "independentTreasury")
    .optional()
    .describe("the independents' pool for building troops (default 0)"),
});

/** A game's seed: a safe integer (every bit counts: core/rng.ts). */
const seedSchema = z.number().superRefine((v, ctx) => {
  const p = seedProblem(v);
  if (p) ctx.addIssue({ code: "custom", message: p, params: { problem: "invalid-seed" } });
});

/**
 * An empire of a saved game: its colour as checked before the map's colour pattern (plain text up to 64),
 * so that a game begun from a map with another colour still loads; every new game's colours come through
 * the map schema or the galaxy palette.
 */
const savedEmpireSchema = empireSchema.extend({ colour: plainTextUpTo(64, "a colour").default("#888888") });

export const stateSchema = mapSchema.extend({
  empires: recordUpTo(idRecord(savedEmpireSchema), LIMITS.empires, "empires"),
  ruleset: z.literal("galactic-empires"),
  version: z.literal(1),
  scenario: plainTextUpTo(1000, "a scenario"),
  seed: seedSchema,
  turn: counter("turn"),
  nextUnit: counter("nextUnit"),
  nextAdmiral: counter("nextAdmiral"),
});

/** Turn zod issues into problems that name the field ("sectors[3].owner"). */
export function zodProblems(where: string, error: z.ZodError): Problem[] {
  return error.issues.slice(0, 20).map((i) => ({
    order: `${where}${
      i.path.length
        ? `.${i.path
            .map((p) => (typeof p === "number" ? `[${p}]` : String(p).slice(0, 40)))
            .join(".")
            .replace(/\.\[/g, "[")}`
        : ""
    }`,
    code: issueCode(i),
    // A colour's check cannot see whose colour it is; its path can (empires.<id>.colour).
    message: issueCode(i) === "invalid-colour" ? `empire ${String(i.path.at(-2) ?? "").slice(0, 40)}: ${i.message}` : i.message,
  }));
}

export function parseState(raw: unknown): Result<GameState, Problem[]> {
  const r = stateSchema.safeParse(raw);
  if (!r.success) return err(zodProblems("state", r.error));
  const state = r.data as GameState;
  const problems = validateState(state);
  return problems.length > 0 ? err(problems) : ok(state);
}

/** A map file becomes the state of turn 1. */
export function parseMap(raw: unknown, seed: number, scenario = "custom-map"): Result<GameState, Problem[]> {
  const bad = seedProblem(seed);
  if (bad) return err([{ order: "seed", code: "invalid-seed", message: bad }]);
  const r = mapSchema.safeParse(raw);
  if (!r.success) return err(zodProblems("map", r.error));
  const m = r.data;
  let maxUnit = 0;
  for (const u of Object.values(m.units)) if (u.kind === "starfleet") maxUnit = Math.max(maxUnit, Number(u.id.slice(1)));
  let maxAdm = 0;
  for (const a of Object.keys(m.admirals)) maxAdm = Math.max(maxAdm, Number(a.replace(/\D/g, "")) || 0);
  // The counters of new units and admirals continue from the map's largest numbers, within their range.
  const top = RANGES.counter[1] - 1;
  const counters: Problem[] = [];
  if (maxUnit > top)
    counters.push({
      order: "map.units",
      code: "invalid-too_big",
      message: `starfleet numbers go up to ${showNumber(top)} (a unit id is "A1" to "A${top}")`,
    });
  if (maxAdm > top)
    counters.push({
      order: "map.admirals",
      code: "invalid-too_big",
      message: `the digits of an admiral id make a number of at most ${showNumber(top)} ("ADM1")`,
    });
  if (counters.length > 0) return err(counters);
  const state = {
    ruleset: "galactic-empires",
    version: 1,
    scenario,
    seed,
    turn: 1,
    nextUnit: maxUnit + 1,
    nextAdmiral: maxAdm + 1,
    ...m,
  } as GameState;
  const problems = validateState(state);
  return problems.length > 0 ? err(problems) : ok(state);
}

/** Cross-references the schema cannot see. */
export function validateState(state: GameState): Problem[] {
  const out: Problem[] = [];
  const add = (where: string, code: string, message: string) => out.push({ order: where, code, message });
  const sectorIds = new Set<number>();
  state.sectors.forEach((s, i) => {
    if (sectorIds.has(s.id)) add(`sectors[${i}].id`, "duplicate-sector", `sector id ${s.id} is used twice`);
    sectorIds.add(s.id);
    if (s.owner !== INDEPENDENT && !own(state.empires, s.owner))
      add(`sectors[${i}].owner`, "unknown-empire", `owner "${s.owner}" is not an empire of this game (or "${INDEPENDENT}")`);
    if (s.defence.damage > s.defence.level)
      add(`sectors[${i}].defence.damage`, "damage-above-level", `defence damage ${s.defence.damage} exceeds level ${s.defence.level}`);
    s.industry?.builds.forEach((t, j) => {
      if (!starshipType(t)) add(`sectors[${i}].industry.builds[${j}]`, "unknown-starship", `no starship type "${t}" in the catalogue`);
    });
  });
  const degree = new Map<number, number>();
  state.borders.forEach((b, i) => {
    if (!sectorIds.has(b.a) || !sectorIds.has(b.b))
      add(`borders[${i}]`, "unknown-sector", `border ${b.a}-${b.b} names a sector that does not exist`);
    if (b.a === b.b) add(`borders[${i}]`, "self-border", `sector ${b.a} cannot border itself`);
    for (const end of b.a === b.b ? [b.a] : [b.a, b.b]) {
      const n = (degree.get(end) ?? 0) + 1;
      degree.set(end, n);
      if (n === LIMITS.bordersPerSector + 1)
        add(
          `borders[${i}]`,
          "too-many-borders",
          `sector ${end} has more than ${LIMITS.bordersPerSector} borders (LIMITS.bordersPerSector); a sector borders at most ${LIMITS.bordersPerSector} others`,
        );
    }
  });
  for (const [key, e] of Object.entries(state.empires)) {
    if (e.id !== key) add(`empires.${key}.id`, "id-mismatch", `empire key "${key}" holds id "${e.id}"`);
    if (key === INDEPENDENT) add(`empires.${key}`, "reserved-id", `"${INDEPENDENT}" is reserved for local forces`);
  }
  for (const [key, u] of Object.entries(state.units)) {
    const w = `units.${key}`;
    if (u.id !== key) add(`${w}.id`, "id-mismatch", `unit key "${key}" holds id "${u.id}"`);
    if (!sectorIds.has(u.sector)) add(`${w}.sector`, "unknown-sector", `sector ${u.sector} does not exist`);
    if (u.owner !== INDEPENDENT && !own(state.empires, u.owner))
      add(`${w}.owner`, "unknown-empire", `owner "${u.owner}" is not an empire of this game`);
    if ((u.kind === "garrison") !== u.id.startsWith("G"))
      add(`${w}.kind`, "kind-mismatch", `unit ${u.id} is a ${u.kind}, but ids of garrisons start with G and of starfleets with A`);
    u.ships.forEach((s, j) => {
      if (!starshipType(s.type)) add(`${w}.ships[${j}].type`, "unknown-starship", `no starship type "${s.type}" in the catalogue`);
    });
    for (const a of u.admirals)
      if (!own(state.admirals, a)) add(`${w}.admirals`, "unknown-admiral", `admiral "${a}" is not listed under admirals`);
    if (u.leader !== null && !u.admirals.includes(u.leader))
      add(`${w}.leader`, "leader-not-in-unit", `leader "${u.leader}" is not one of the unit's admirals`);
  }
  for (const [key, a] of Object.entries(state.admirals)) {
    const unit = own(state.units, a.unit);
    if (!unit?.admirals.includes(key))
      add(`admirals.${key}.unit`, "admiral-unit-mismatch", `admiral ${key} says it is in unit "${a.unit}", which does not list it`);
  }
  return out;
}
