/**
 * Quick battle odds (issue 12 "Battles", way 1: `starhost battle sathar-war --input FILE --runs N --seed S [--json]`):
 * one battle described in a file, fought N times by the very `fightQuick` the campaign's quick battles use (report
 * and damage control off: the figures asked for do not depend on them), from one seeded generator.
 *
 * The file gives the two forces (ship classes with counts, and damage or spent charges if they carry any; the UPF's
 * stations), the rules ("auto": as seed 000 "Which Rules To Use?" suggests for the number of ships), the attacker,
 * the defender's mines and seekers, and each side's stance (model.ts `Stance`: when it breaks off, whether the
 * defender fights near the planet, whether drones detonate).
 */
import { z } from "zod";
import { round } from "../../../../core/json.js";
import { err, ok, type Result } from "../../../../core/result.js";
import { Rng } from "../../../../core/rng.js";
import type { InputTool, ToolOutput } from "../../../../core/ruleset.js";
import type { Damage, Side } from "../../model.js";
import {
  CLASS_NAMES,
  DEFENCES,
  EXPENDABLES,
  type Expendable,
  SHIP_CLASSES,
  SHIP_RATINGS,
  type ShipClass,
  STATION_RATINGS,
  STATION_TYPES,
  WEAPONS,
} from "../../orders-of-battle/ship-classes.js";
import type { BattleInput, BattleShip, BattleStation, KnightHawksRules } from "../battle.js";
import { suggestedRules } from "../knight-hawks-tables.js";
import { fightQuick } from "./quick-battle.js";
import { DESTROYED, DETONATED, unitsOf } from "./units.js";

/** The most ships of one entry, and battles one request may fight. */
export const MAX_ENTRY_COUNT = 200;
export const MAX_RUNS = 1_000_000;

const SIDES = ["sathar", "upf"] as const;

/** Damage keys a file may give (model.ts `Damage`). */
const DAMAGE_KEYS: readonly string[] = [
  "hull",
  "ADF",
  "MR",
  "DCR",
  ...WEAPONS,
  ...DEFENCES.filter((d) => d !== "RH"),
  "power-short",
  "combat-control",
  "navigation",
  "electrical-fire",
  "disastrous-fire",
];

const whole = (what: string) =>
  z
    .number({ error: `${what}: a whole number, 0 or more` })
    .int({ error: `${what} must be a whole number` })
    .min(0, { error: (i) => `${what} cannot be negative (got ${String(i.input)})` });

/** A record of whole numbers whose keys must be among `keys`: one message per unknown key. */
const countsOf = (what: string, keys: readonly string[]) =>
  z.record(z.string(), whole(what), { error: `${what}: a map such as { hull: 10 } or { T: 1 }` }).superRefine((rec, ctx) => {
    for (const k of Object.keys(rec))
      if (!keys.includes(k)) ctx.addIssue({ code: "custom", path: [k], message: `unknown ${what} "${k}"; one of ${keys.join(", ")}` });
  });
const damageSchema = countsOf("damage", DAMAGE_KEYS);
const spentSchema = countsOf("spent", EXPENDABLES);

const CLASS_WORDS = SHIP_CLASSES.map((c) => `${c} (${CLASS_NAMES[c]})`).join(", ");

/** A class by its abbreviation ("DD") or name ("destroyer"), any case. */
export function classOf(text: string): ShipClass | undefined {
  const t = text.trim().toLowerCase();
  return SHIP_CLASSES.find((c) => c.toLowerCase() === t || CLASS_NAMES[c] === t);
}

const shipEntrySchema = z
  .object({
    class: z.string({ error: `the ship class: one of ${CLASS_WORDS}` }).refine((c) => classOf(c) !== undefined, {
      error: (i) => `unknown ship class "${String(i.input)}"; one of ${CLASS_WORDS}`,
    }),
    count: whole("count")
      .max(MAX_ENTRY_COUNT, { error: `at most ${MAX_ENTRY_COUNT} ships in one entry` })
      .default(1),
    damage: damageSchema.default({}),
    spent: spentSchema.default({}),
    /** Militia in their home system: they must fire before breaking off. */
    militia: z.boolean({ error: "militia: true or false" }).default(false),
    /** Shatter drones (frigates only). */
    drone: z.boolean({ error: "drone: true or false" }).default(false),
    /** Docked at this station of the file (its name). */
    docked: z.string({ error: "docked: the name of a station in the file" }).optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const cls = classOf(e.class);
    if (cls === undefined) return;
    for (const p of ratingProblems(e.damage, e.spent, SHIP_RATINGS[cls]))
      ctx.addIssue({ code: "custom", path: p.path, message: p.message });
    if (e.drone && cls !== "FF")
      ctx.addIssue({ code: "custom", path: ["drone"], message: 'only frigates are made shatter drones (seed 000 "SHATTER DRONES")' });
  });

const stationEntrySchema = z
  .object({
    type: z.enum(STATION_TYPES, { error: `the station type: one of ${STATION_TYPES.join(", ")}` }),
    name: z.string({ error: "a station's name is a text" }).max(100).optional(),
    damage: damageSchema.default({}),
    spent: spentSchema.default({}),
  })
  .strict()
  .superRefine((e, ctx) => {
    for (const p of ratingProblems(e.damage, e.spent, STATION_RATINGS[e.type]))
      ctx.addIssue({ code: "custom", path: p.path, message: p.message });
  });

const stanceSchema = z
  .object({
    breakOffAtHullLost: z
      .number({ error: "breakOffAtHullLost: a share from 0 to 1 (1: never)" })
      .min(0, { error: "breakOffAtHullLost: a share from 0 to 1" })
      .max(1, { error: "breakOffAtHullLost: a share from 0 to 1" })
      .default(0.5),
    breakOffOutgunned: z
      .number({ error: "breakOffOutgunned: a ratio, 0 (never) or more" })
      .min(0, { error: "breakOffOutgunned cannot be negative" })
      .default(3),
    nearPlanet: z.boolean({ error: "nearPlanet: true or false" }).default(true),
    detonateDrones: z.boolean({ error: "detonateDrones: true or false" }).default(true),
  })
  .strict();

const sideSchema = z
  .object({
    ships: z.array(shipEntrySchema, { error: "ships: a list of { class, count }" }).default([]),
    stations: z.array(stationEntrySchema, { error: "stations: a list of { type, name }" }).default([]),
    stance: stanceSchema.default({ breakOffAtHullLost: 0.5, breakOffOutgunned: 3, nearPlanet: true, detonateDrones: true }),
  })
  .strict();

export const oddsInputSchema = z
  .object({
    rules: z
      .enum(["auto", "basic", "advanced", "advanced-skilled"], { error: "rules: auto, basic, advanced or advanced-skilled" })
      .default("auto"),
    attacker: z.enum(SIDES, { error: "attacker: sathar or upf" }).default("sathar"),
    mines: z
      .object({ mines: whole("mines").default(0), seekers: whole("seekers").default(0) })
      .strict()
      .optional(),
    sathar: sideSchema,
    upf: sideSchema,
  })
  .strict();

export type OddsInputFile = z.input<typeof oddsInputSchema>;

/** A parsed file: the battle as the resolver takes it, and what the figures need to name. */
export interface OddsSetup {
  input: BattleInput;
  /** Ships a side brought, by class. */
  brought: Record<Side, Partial<Record<ShipClass, number>>>;
  /** Ships and stations in the battle (the rule size, C.2 #28). */
  size: number;
  suggested: boolean;
}

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
    .join("")
    .replace(/^\./, "");
}

/** The file to a battle, or a message per fault ("upf.ships[2].class: unknown ship class ..."). */
export function parseOddsInput(raw: unknown): Result<OddsSetup, string[]> {
  const parsed = oddsInputSchema.safeParse(raw);
  if (!parsed.success) return err(parsed.error.issues.map((i) => `${pathText(i.path) || "input"}: ${i.message}`));
  const file = parsed.data;
  const problems: string[] = [];
  const ships: BattleShip[] = [];
  const stations: BattleStation[] = [];
  const brought: Record<Side, Partial<Record<ShipClass, number>>> = { sathar: {}, upf: {} };
  if (file.sathar.stations.length > 0)
    problems.push('sathar.stations: the stations are all the UPF\'s (seed 000 "Fortified and Armed Space Stations")');
  const stationNames = new Map<string, string>();
  file.upf.stations.forEach((s, k) => {
    const id = `st-${k + 1}`;
    const name = s.name ?? `${s.type} ${k + 1}`;
    if (stationNames.has(name)) problems.push(`upf.stations[${k}].name: two stations are named "${name}"`);
    stationNames.set(name, id);
    stations.push({ id, name, type: s.type, damage: s.damage as Damage, spent: s.spent as Partial<Record<Expendable, number>> });
  });
  for (const side of SIDES) {
    const numbers: Partial<Record<ShipClass, number>> = {};
    file[side].ships.forEach((e, k) => {
      const at = `${side}.ships[${k}]`;
      const cls = classOf(e.class) as ShipClass;
      if (e.militia && side !== "upf") problems.push(`${at}.militia: militia are the UPF's`);
      if (e.docked !== undefined && !stationNames.has(e.docked))
        problems.push(`${at}.docked: no station "${e.docked}" in the file; stations: ${[...stationNames.keys()].join(", ") || "none"}`);
      if (e.docked !== undefined && side !== "upf") problems.push(`${at}.docked: only UPF ships dock at the UPF's stations`);
      brought[side][cls] = (brought[side][cls] ?? 0) + e.count;
      for (let n = 0; n < e.count; n++) {
        const number = (numbers[cls] = (numbers[cls] ?? 0) + 1);
        const docked = e.docked === undefined ? undefined : stationNames.get(e.docked);
        ships.push({
          id: `${side}-${cls}${number}`,
          name: `${side === "upf" ? "UPF" : "Sathar"} ${CLASS_NAMES[cls]} ${number}`,
          side,
          cls,
          damage: e.damage as Damage,
          spent: e.spent as Partial<Record<Expendable, number>>,
          ...(e.militia ? { mustFireBeforeBreakOff: true } : {}),
          ...(e.drone ? { drone: true } : {}),
          ...(docked !== undefined ? { docked } : {}),
        });
      }
    });
  }
  for (const side of SIDES)
    if (!ships.some((s) => s.side === side) && (side === "sathar" || stations.length === 0))
      problems.push(`${side}: no ships${side === "upf" ? " or stations" : ""}; a battle needs both sides`);
  if (problems.length > 0) return err(problems);
  const size = ships.length + stations.length;
  const rules: KnightHawksRules = file.rules === "auto" ? suggestedRules(size) : file.rules;
  const defender: Side = file.attacker === "sathar" ? "upf" : "sathar";
  const policy = (side: Side) => ({ hullLost: file[side].stance.breakOffAtHullLost, outgunned: file[side].stance.breakOffOutgunned });
  const input: BattleInput = {
    id: "odds",
    day: 1,
    system: "odds",
    planet: "the planet",
    attacker: file.attacker,
    nearPlanet: file[defender].stance.nearPlanet,
    rules,
    ships,
    stations,
    ...(file.mines !== undefined ? { mines: { mines: file.mines.mines, seekers: file.mines.seekers } } : {}),
    breakOff: { sathar: policy("sathar"), upf: policy("upf") },
    detonateDrones: { sathar: file.sathar.stance.detonateDrones, upf: file.upf.stance.detonateDrones },
  };
  return ok({ input, brought, size, suggested: file.rules === "auto" });
}

/** Damage a ship or station cannot carry (its hull points all gone: it would not be in the battle) and charges it never had. */
function ratingProblems(
  damage: Record<string, number>,
  spent: Record<string, number>,
  rating: { hp: number; weapons: Partial<Record<string, number>>; defences: Partial<Record<string, number>> },
): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  const hull = damage.hull ?? 0;
  if (hull >= rating.hp) out.push({ path: ["damage", "hull"], message: `${hull} is not less than its ${rating.hp} hull points` });
  for (const [k, v] of Object.entries(spent)) {
    const rated = rating.weapons[k] ?? rating.defences[k] ?? 0;
    if (v > rated) out.push({ path: ["spent", k], message: `${v} spent, but it carries ${rated}` });
  }
  return out;
}

/** What N battles came to. */
export interface OddsResult {
  runs: number;
  seed: number;
  rules: KnightHawksRules;
  holds: Record<Side | "neither", number>;
  sides: Record<Side, { shipsLost: Partial<Record<ShipClass, number>>; dronesDetonated: number; hullLost: number; hullAtStart: number }>;
  stations: { id: string; name: string; type: string; destroyed: number }[];
  rounds: number;
}

/** Fights the battle `runs` times from one generator seeded `seed`; figures are means and shares (0..1). */
export function runOdds(setup: OddsSetup, runs: number, seed: number): OddsResult {
  const rng = Rng.fromSeed(seed);
  const template = unitsOf(setup.input);
  const holds = { sathar: 0, upf: 0, neither: 0 };
  const lost: Record<Side, Partial<Record<ShipClass, number>>> = { sathar: {}, upf: {} };
  const drones = { sathar: 0, upf: 0 };
  const hull = { sathar: 0, upf: 0 };
  const stationLost = new Array<number>(setup.input.stations.length).fill(0);
  let rounds = 0;
  for (let r = 0; r < runs; r++) {
    const { fight, holder } = fightQuick(setup.input, rng, { report: false, repair: false, units: template });
    holds[holder ?? "neither"]++;
    rounds += fight.round;
    for (const u of fight.units) {
      hull[u.side] += u.hullLost;
      if (u.cls === null) {
        if (u.status === DESTROYED) stationLost[u.i] = (stationLost[u.i] ?? 0) + 1;
      } else if (u.status === DESTROYED && u.hpStart > 0) lost[u.side][u.cls] = (lost[u.side][u.cls] ?? 0) + 1;
      else if (u.status === DETONATED) drones[u.side]++;
    }
  }
  const mean = (x: number) => x / runs;
  const side = (s: Side) => ({
    shipsLost: Object.fromEntries(SHIP_CLASSES.filter((c) => setup.brought[s][c] !== undefined).map((c) => [c, mean(lost[s][c] ?? 0)])),
    dronesDetonated: mean(drones[s]),
    hullLost: mean(hull[s]),
    hullAtStart: template.filter((u) => u.side === s).reduce((t, u) => t + u.hpStart, 0),
  });
  return {
    runs,
    seed,
    rules: setup.input.rules,
    holds: { sathar: mean(holds.sathar), upf: mean(holds.upf), neither: mean(holds.neither) },
    sides: { sathar: side("sathar"), upf: side("upf") },
    stations: setup.input.stations.map((s, k) => ({ id: s.id, name: s.name, type: s.type, destroyed: mean(stationLost[k] ?? 0) })),
    rounds: mean(rounds),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The figures as text. */
export function oddsText(setup: OddsSetup, r: OddsResult): string {
  const i = setup.input;
  const out: string[] = [
    `Quick battle odds: ${r.runs.toLocaleString("en-US")} battle(s), seed ${r.seed}`,
    `${r.rules} rules${setup.suggested ? ` (suggested for ${setup.size} ships and stations)` : ""}; the ${i.attacker} attack; the defender fights ${i.nearPlanet ? "near the planet" : "away from the planet"}`,
    "",
    `${"side".padEnd(8)} ${"holds the field".padStart(16)} ${"hull lost (mean)".padStart(18)}  ships lost (mean of brought)`,
  ];
  for (const s of SIDES) {
    const f = r.sides[s];
    const lost = Object.entries(f.shipsLost)
      .map(([c, m]) => `${c} ${round(m ?? 0, 2)}/${setup.brought[s][c as ShipClass] ?? 0}`)
      .join(", ");
    out.push(
      `${s.padEnd(8)} ${pct(r.holds[s]).padStart(16)} ${`${round(f.hullLost, 1)} of ${f.hullAtStart}`.padStart(18)}  ${lost || "-"}${f.dronesDetonated > 0 ? `; drones detonated ${round(f.dronesDetonated, 2)}` : ""}`,
    );
  }
  out.push(`${"neither".padEnd(8)} ${pct(r.holds.neither).padStart(16)}`);
  if (r.stations.length > 0) {
    out.push("", "stations destroyed:");
    for (const s of r.stations) out.push(`  ${s.name} (${s.type}): ${pct(s.destroyed)}`);
  }
  out.push("", `rounds fought (mean): ${round(r.rounds, 2)}`);
  return out.join("\n");
}

/** The figures as data (shares 0..1, rounded to 4 places; means to 3). */
export function oddsJson(setup: OddsSetup, r: OddsResult): unknown {
  const side = (s: Side) => ({
    holds: round(r.holds[s], 4),
    shipsBrought: setup.brought[s],
    shipsLost: Object.fromEntries(Object.entries(r.sides[s].shipsLost).map(([c, m]) => [c, round(m ?? 0, 3)])),
    dronesDetonated: round(r.sides[s].dronesDetonated, 3),
    hullLost: round(r.sides[s].hullLost, 3),
    hullAtStart: r.sides[s].hullAtStart,
  });
  return {
    ok: true,
    runs: r.runs,
    seed: r.seed,
    rules: r.rules,
    suggested: setup.suggested,
    attacker: setup.input.attacker,
    nearPlanet: setup.input.nearPlanet,
    neither: round(r.holds.neither, 4),
    sathar: side("sathar"),
    upf: side("upf"),
    stations: r.stations.map((s) => ({ name: s.name, type: s.type, destroyed: round(s.destroyed, 4) })),
    rounds: round(r.rounds, 3),
  };
}

export const oddsTool: InputTool = {
  kind: "input",
  id: "odds",
  input: "battle input",
  schema: oddsInputSchema,
  summary: "the odds of one quick battle (Knight Hawks tables, auto-resolved), fought many times by the campaign's own quick battle code",
  help: `The input (JSON or YAML): the two forces, the rules and the stances.
  rules: auto | basic | advanced | advanced-skilled   (auto: seed 000 "Which Rules To Use?" by ship count)
  attacker: sathar | upf                              (default sathar)
  mines: { mines: 20, seekers: 4 }                    (the defender's, placed before the battle)
  sathar: { ships: [ { class, count, damage, spent, drone } ], stance }
  upf:    { ships: [ { class, count, damage, spent, militia, drone, docked } ], stations: [ { type, name, damage, spent } ], stance }
  class: ${CLASS_WORDS}
  station type: ${STATION_TYPES.join(", ")}
  damage: { hull: 10, LB: 1, ... }; spent: { T: 1, ICM: 2, ... }
  stance: { breakOffAtHullLost: 0.5, breakOffOutgunned: 3, nearPlanet: true, detonateDrones: true }
    (the defender's nearPlanet is used; a side breaks off once it has lost that share of its hull points,
     or the enemy has that many times its hull points left)
Example (YAML):
  rules: auto
  attacker: sathar
  sathar:
    ships: [ { class: HC, count: 2 }, { class: LC, count: 3 }, { class: DD, count: 5 }, { class: FF, count: 4 },
             { class: AC, count: 1 }, { class: FT, count: 5 } ]
  upf:
    ships: [ { class: BB, count: 1 }, { class: LC, count: 2 }, { class: DD, count: 4 }, { class: FF, count: 5 },
             { class: AS, count: 6 }, { class: AC, count: 1 }, { class: ML, count: 1 } ]
    stations: [ { type: fortress, name: Gran Quivera Fortress } ]
    stance: { breakOffAtHullLost: 0.6, nearPlanet: true }`,
  options: [
    { name: "runs", description: "number of battles fought", kind: "integer", min: 1, max: MAX_RUNS, default: 10_000 },
    {
      name: "seed",
      description: "seed of the runs: same seed, same figures",
      kind: "integer",
      min: -2147483648,
      max: 4294967295,
      default: 1,
    },
  ],
  run(input, options): ToolOutput {
    const parsed = parseOddsInput(input);
    if (!parsed.ok)
      return { ok: false, refused: true, text: parsed.error.map((l) => `  ${l}`).join("\n"), json: { ok: false, problems: parsed.error } };
    const result = runOdds(parsed.value, Number(options.runs ?? 10_000), Number(options.seed ?? 1));
    return { ok: true, text: oddsText(parsed.value, result), json: oddsJson(parsed.value, result) };
  },
};
