/**
 * Parsing raw game files and map files into a legal GameState (chessops style:
 * raw input in, a Result with specific messages out). The schema checks shape;
 * `validateState` then checks references (unit sectors, border ends, owners,
 * starship types, admirals' units) so a hand-edited file fails with the field
 * named, not with a crash in the middle of a turn.
 */
import { z } from "zod";
import { err, ok, type Problem, type Result } from "../../core/result.js";
import { starshipType } from "./catalog.js";
import { DEFAULT_SETTINGS, type GameState, INDEPENDENT } from "./model.js";

const int = z.number().int();
const nonneg = z.number().nonnegative();
const rank = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
const standing = z.object({ accept: z.boolean().default(true), passage: z.boolean().default(false), share: z.boolean().default(false) });

const sectorSchema = z.object({
  id: int.nonnegative(),
  name: z.string().min(1),
  x: z.number(),
  y: z.number(),
  owner: z.string().min(1).default(INDEPENDENT),
  annexedTo: z.string().nullable().default(null),
  annexDrift: int.nonnegative().default(0),
  revenue: nonneg,
  damage: int.min(0).max(3).default(0),
  defence: z.object({ level: int.min(0).max(12), damage: int.nonnegative() }).default({ level: 0, damage: 0 }),
  industry: z
    .object({ maxBuild: int.nonnegative(), builds: z.array(z.string()) })
    .nullable()
    .default(null),
  permission: z.array(z.string()).default([]),
});

const unitSchema = z.object({
  id: z.string().regex(/^[AG]\d+$/, 'a unit id is "A<number>" (starfleet) or "G<sector>" (garrison)'),
  kind: z.enum(["starfleet", "garrison"]),
  owner: z.string().min(1),
  name: z.string(),
  sector: int,
  ships: z.array(z.object({ type: z.string(), rank, count: int.nonnegative(), used: nonneg.default(0) })).default([]),
  admirals: z.array(z.string()).default([]),
  leader: z.string().nullable().default(null),
  retreatLevel: rank.default(5),
  follow: z.string().nullable().default(null),
  defendDefences: z.boolean().default(false),
  cloaked: z.boolean().default(false),
});

const empireSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  ruler: z.string().default("The Ruler"),
  status: z.enum(["commoner", "royalty"]).default("commoner"),
  treasury: nonneg.default(0),
  colour: z.string().default("#888888"),
  builder: z.string().default(""),
  defeated: z.boolean().default(false),
  scouted: z.array(int).default([]),
  toward: z.record(z.string(), standing).default({}),
  nextFleetNumber: int.positive().default(1),
});

const admiralSchema = z.object({
  id: z.string().min(1),
  owner: z.string().min(1),
  name: z.string(),
  tactics: z.number().min(0).max(100),
  siegecraft: z.number().min(0).max(100),
  combat: nonneg,
  hits: z.number().positive(),
  unit: z.string(),
});

const settingsSchema = z.object({
  defenceBonus: z.enum(["table", "example"]).default(DEFAULT_SETTINGS.defenceBonus),
  cloakCapable: z.enum(["all", "scouts"]).default(DEFAULT_SETTINGS.cloakCapable),
  orionUpkeep: z.enum(["erratum", "printed"]).default(DEFAULT_SETTINGS.orionUpkeep),
  independentPermissionCostFactor: nonneg.default(DEFAULT_SETTINGS.independentPermissionCostFactor),
  admiralUpkeep: nonneg.default(DEFAULT_SETTINGS.admiralUpkeep),
  maxPhases: int.min(1).max(1000).default(DEFAULT_SETTINGS.maxPhases),
  turnLimit: int.positive().nullable().default(DEFAULT_SETTINGS.turnLimit),
  victorySectorShare: z.number().gt(0).max(100).nullable().default(DEFAULT_SETTINGS.victorySectorShare),
  victoryIndustryShare: z.number().gt(0).max(100).nullable().default(DEFAULT_SETTINGS.victoryIndustryShare),
  victoryAllianceSize: int.min(1).max(6).default(DEFAULT_SETTINGS.victoryAllianceSize),
});

/** A map file: the galaxy and its starting forces (turn 1 is implied). */
export const mapSchema = z.object({
  name: z.string().default("Custom map"),
  settings: settingsSchema.default(() => settingsSchema.parse({})),
  empires: z.record(z.string(), empireSchema),
  relations: z.record(z.string(), z.enum(["war", "neutral", "alliance"])).default({}),
  sectors: z.array(sectorSchema).min(1),
  borders: z.array(z.object({ a: int, b: int, barrier: z.boolean().default(false) })),
  units: z.record(z.string(), unitSchema).default({}),
  admirals: z.record(z.string(), admiralSchema).default({}),
  /** The independents' pool for building troops (model.ts); absent means 0. */
  independentTreasury: nonneg.optional(),
});

export const stateSchema = mapSchema.extend({
  ruleset: z.literal("galactic-empires"),
  version: z.literal(1),
  scenario: z.string(),
  seed: int,
  turn: int.positive(),
  nextUnit: int.positive(),
  nextAdmiral: int.positive(),
});

/** Turn zod issues into problems that name the field ("sectors[3].owner"). */
export function zodProblems(where: string, error: z.ZodError): Problem[] {
  return error.issues.slice(0, 20).map((i) => ({
    order: `${where}${
      i.path.length
        ? `.${i.path
            .map((p) => (typeof p === "number" ? `[${p}]` : String(p)))
            .join(".")
            .replace(/\.\[/g, "[")}`
        : ""
    }`,
    code: `invalid-${i.code}`,
    message: i.message,
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
  const r = mapSchema.safeParse(raw);
  if (!r.success) return err(zodProblems("map", r.error));
  const m = r.data;
  let maxUnit = 0;
  for (const u of Object.values(m.units)) if (u.kind === "starfleet") maxUnit = Math.max(maxUnit, Number(u.id.slice(1)));
  let maxAdm = 0;
  for (const a of Object.keys(m.admirals)) maxAdm = Math.max(maxAdm, Number(a.replace(/\D/g, "")) || 0);
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
    if (s.owner !== INDEPENDENT && !state.empires[s.owner])
      add(`sectors[${i}].owner`, "unknown-empire", `owner "${s.owner}" is not an empire of this game (or "${INDEPENDENT}")`);
    if (s.defence.damage > s.defence.level)
      add(`sectors[${i}].defence.damage`, "damage-above-level", `defence damage ${s.defence.damage} exceeds level ${s.defence.level}`);
    s.industry?.builds.forEach((t, j) => {
      if (!starshipType(t)) add(`sectors[${i}].industry.builds[${j}]`, "unknown-starship", `no starship type "${t}" in the catalogue`);
    });
  });
  state.borders.forEach((b, i) => {
    if (!sectorIds.has(b.a) || !sectorIds.has(b.b))
      add(`borders[${i}]`, "unknown-sector", `border ${b.a}-${b.b} names a sector that does not exist`);
    if (b.a === b.b) add(`borders[${i}]`, "self-border", `sector ${b.a} cannot border itself`);
  });
  for (const [key, e] of Object.entries(state.empires)) {
    if (e.id !== key) add(`empires.${key}.id`, "id-mismatch", `empire key "${key}" holds id "${e.id}"`);
    if (key === INDEPENDENT) add(`empires.${key}`, "reserved-id", `"${INDEPENDENT}" is reserved for local forces`);
  }
  for (const [key, u] of Object.entries(state.units)) {
    const w = `units.${key}`;
    if (u.id !== key) add(`${w}.id`, "id-mismatch", `unit key "${key}" holds id "${u.id}"`);
    if (!sectorIds.has(u.sector)) add(`${w}.sector`, "unknown-sector", `sector ${u.sector} does not exist`);
    if (u.owner !== INDEPENDENT && !state.empires[u.owner])
      add(`${w}.owner`, "unknown-empire", `owner "${u.owner}" is not an empire of this game`);
    if ((u.kind === "garrison") !== u.id.startsWith("G"))
      add(`${w}.kind`, "kind-mismatch", `unit ${u.id} is a ${u.kind}, but ids of garrisons start with G and of starfleets with A`);
    u.ships.forEach((s, j) => {
      if (!starshipType(s.type)) add(`${w}.ships[${j}].type`, "unknown-starship", `no starship type "${s.type}" in the catalogue`);
    });
    for (const a of u.admirals)
      if (!state.admirals[a]) add(`${w}.admirals`, "unknown-admiral", `admiral "${a}" is not listed under admirals`);
    if (u.leader !== null && !u.admirals.includes(u.leader))
      add(`${w}.leader`, "leader-not-in-unit", `leader "${u.leader}" is not one of the unit's admirals`);
  }
  for (const [key, a] of Object.entries(state.admirals)) {
    const unit = state.units[a.unit];
    if (!unit?.admirals.includes(key))
      add(`admirals.${key}.unit`, "admiral-unit-mismatch", `admiral ${key} says it is in unit "${a.unit}", which does not list it`);
  }
  return out;
}
