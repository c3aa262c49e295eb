/**
 * Battle odds for Galactic Empires (seed 003 chapter 6, "Battles: Mayhem and
 * Destruction"): one battle described in a file, fought N times by the very
 * `fightBattle` the adjudicator's movement events call (report off), from one
 * seeded generator, so the odds are those of the game itself.
 *
 * The input names starships as players see them, by printed name and builder
 * ("Hawk Heavy Cruiser" of the "Klingon" builder: the same name is built by the
 * Romulans too), or by catalogue id ("klingon/hawk-heavy-cruiser"). Every side
 * is at war with every other side; readings of what the file leaves open are in
 * RULINGS.md ("Battle odds").
 */
import { z } from "zod";
import { round } from "../../core/json.js";
import { err, ok, type Result } from "../../core/result.js";
import { Rng } from "../../core/rng.js";
import { type BattleAdmiral, BattleArrays, type BattleInput, type BattleUnit, fightBattle } from "./battle.js";
import { MAX_DEFENCE_LEVEL, STARSHIP_TYPES, type StarshipTypeData, starshipType } from "./catalog.js";
import { LIMITS } from "./limits.js";
import type { EmpireId, Rank, StarshipTypeId } from "./model.js";

// ---------------------------------------------------------------------------
// Input

/**
 * An admiral's personal corvette when the file does not give one: the middle of a
 * hired admiral's range (economy.ts `rollAdmiral`: combat 5-20, hit points 0.5-2.0).
 */
export const DEFAULT_ADMIRAL = { tactics: 0, siegecraft: 0, combat: 12, hits: 1.2 } as const;
/** Starships in one entry: the engine expands every starship, so a sanity cap (limits.ts `LIMITS.oddsShipsPerEntry`). */
export const MAX_COUNT = LIMITS.oddsShipsPerEntry;

const wholeIn = (what: string, lo: number, hi: number) =>
  z
    .number({ error: `${what} must be a whole number from ${lo} to ${hi}` })
    .int({ error: `${what} must be a whole number from ${lo} to ${hi}` })
    .min(lo, { error: (i) => `${what} must be a whole number from ${lo} to ${hi}, not ${String(i.input)}` })
    .max(hi, { error: (i) => `${what} must be a whole number from ${lo} to ${hi}, not ${String(i.input)}` });

const rankSchema = wholeIn("a rank", 1, 5).transform((r) => r as Rank);

const shipSchema = z
  .object({
    type: z
      .string({ error: 'the starship type: a printed name ("Hawk Heavy Cruiser") or a catalogue id ("klingon/hawk-heavy-cruiser")' })
      .max(100, { error: "a starship type has at most 100 characters" }),
    builder: z
      .string({ error: 'the builder, as the catalogue prints it ("Klingon", "Federation-a")' })
      .max(100, { error: "a builder has at most 100 characters" })
      .optional(),
    count: z
      .number({ error: "the number of starships: a whole number, 0 or more" })
      .int({ error: "the number of starships must be a whole number" })
      .min(0, { error: (i) => `the number of starships cannot be negative (got ${String(i.input)})` })
      .max(MAX_COUNT, { error: `at most ${MAX_COUNT} starships in one entry` }),
    rank: rankSchema,
  })
  .strict()
  .transform((s, ctx) => {
    const found = resolveStarshipType(s.type, s.builder);
    if (!found.ok) {
      ctx.addIssue({ code: "custom", message: found.error, path: [found.field] });
      return z.NEVER;
    }
    return { type: found.value.id, rank: s.rank, count: s.count };
  });

/** A name in an odds file: text, at most `LIMITS.name` characters. */
const nameText = z.string({ error: "a name is a text" }).max(LIMITS.name, { error: `a name has at most ${LIMITS.name} characters` });

const admiralSchema = z
  .object({
    name: nameText.optional(),
    tactics: wholeIn("tactics", 0, 100).default(DEFAULT_ADMIRAL.tactics),
    siegecraft: wholeIn("siegecraft", 0, 100).default(DEFAULT_ADMIRAL.siegecraft),
    combat: z
      .number({ error: "the corvette's combat: a percentage from 0 to 99" })
      .min(0, { error: "combat cannot be negative" })
      .max(99, { error: "combat is a percentage, at most 99" })
      .default(DEFAULT_ADMIRAL.combat),
    hits: z
      .number({ error: "the corvette's hit points: a number above 0" })
      .positive({ error: "hit points must be above 0" })
      .max(100, { error: "hit points above 100 are not an admiral's corvette" })
      .default(DEFAULT_ADMIRAL.hits),
  })
  .strict();

const unitSchema = z
  .object({
    name: nameText.optional(),
    kind: z.enum(["starfleet", "garrison"], { error: 'kind is "starfleet" (default) or "garrison"' }).default("starfleet"),
    ships: z
      .array(shipSchema, { error: "a list of { type, builder, count, rank }" })
      .max(LIMITS.oddsEntriesPerUnit, {
        error: `at most ${LIMITS.oddsEntriesPerUnit} starship entries in one unit (LIMITS.oddsEntriesPerUnit)`,
      })
      .default([]),
    /** The unit's leader (chapter 5, "Admirals": only the leader gives bonuses). */
    admiral: admiralSchema.nullable().default(null),
    retreatLevel: wholeIn("the retreat level", 1, 5)
      .transform((r) => r as Rank)
      .default(5),
    defendsDefences: z.boolean({ error: "true or false" }).default(false),
    canRetreat: z.boolean({ error: "true or false" }).default(true),
  })
  .strict();

const sideSchema = z
  .object({
    name: nameText.min(1, { error: "each side needs a name" }),
    units: z
      .array(unitSchema, { error: "a list of units" })
      .min(1, { error: "a side needs at least one unit" })
      .max(LIMITS.oddsUnitsPerSide, { error: `at most ${LIMITS.oddsUnitsPerSide} units on one side (LIMITS.oddsUnitsPerSide)` }),
  })
  .strict();

/** The battle-odds input file: the sides of one battle and where it is fought. */
export const oddsInputSchema = z
  .object({
    sides: z
      .array(sideSchema, { error: "a list of at least two sides" })
      .min(2, { error: "a battle needs at least two sides" })
      .max(LIMITS.oddsSides, { error: `at most ${LIMITS.oddsSides} sides` }),
    sectorDefence: z
      .object({
        level: wholeIn("the sector defence level", 0, MAX_DEFENCE_LEVEL).default(0),
        damage: wholeIn("the sector defence damage", 0, MAX_DEFENCE_LEVEL).default(0),
        /** The side the defence protects: its index in `sides` or its name; null for none. */
        ownerSide: z
          .union(
            [
              z
                .number()
                .int()
                .min(0)
                .max(LIMITS.oddsSides - 1),
              nameText,
            ],
            {
              error: `a side's index (0 to ${LIMITS.oddsSides - 1}) or name, or null`,
            },
          )
          .nullable()
          .default(null),
      })
      .strict()
      .default({ level: 0, damage: 0, ownerSide: null }),
    crossBorder: z.boolean({ error: "true or false" }).default(false),
    settings: z
      .object({ defenceBonus: z.enum(["table", "example"], { error: '"table" or "example"' }).default("table") })
      .strict()
      .default({ defenceBonus: "table" }),
  })
  .strict();

export type OddsInputFile = z.input<typeof oddsInputSchema>;

/** One side as the odds report it. */
export interface OddsSide {
  name: string;
  /** The side's owner id in the battle input ("side1"). */
  owner: EmpireId;
  /** Starships the side brings, by type (input order of first appearance). */
  ships: { type: StarshipTypeId; count: number }[];
}

export interface OddsSetup {
  sides: OddsSide[];
  battle: BattleInput;
}

/**
 * Parses and checks an odds file. Every problem is one line naming its field:
 * `sides[0].units[0].ships[1].type: no starship "Hawk Heavy Crusier" of builder
 * "Klingon"; did you mean "Hawk Heavy Cruiser"?`.
 */
export function parseOddsInput(raw: unknown): Result<OddsSetup, string[]> {
  const parsed = oddsInputSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(issueLine);
    // A starship entry with a bad count or rank never reaches its type check: name
    // unknown types there too, so one run of the command shows every mistake.
    const flagged = new Set(parsed.error.issues.map((i) => pathText(i.path)));
    lines.push(...typeProblems(raw, flagged));
    return err(lines.sort(byPath));
  }
  const file = parsed.data;
  const problems: string[] = [];
  const total = file.sides.reduce((t, side) => t + side.units.reduce((u, x) => u + x.ships.reduce((n, sh) => n + sh.count, 0), 0), 0);
  if (total > LIMITS.oddsShips)
    problems.push(
      `sides: ${total.toLocaleString("en-US")} starships in all; a battle for odds has at most ${LIMITS.oddsShips.toLocaleString("en-US")} (LIMITS.oddsShips)`,
    );

  const sides: OddsSide[] = [];
  const units: BattleUnit[] = [];
  let nextUnit = 1;
  file.sides.forEach((side, si) => {
    const owner = `side${si + 1}`;
    const ships = new Map<StarshipTypeId, number>();
    let garrisons = 0;
    side.units.forEach((u, ui) => {
      const at = `sides[${si}].units[${ui}]`;
      const starships = u.ships.reduce((n, s) => n + s.count, 0);
      if (starships === 0 && u.admiral === null) {
        problems.push(`${at}: the unit has no starships and no admiral; give it something to fight with`);
      }
      if (u.kind === "garrison") {
        garrisons++;
        if (garrisons === 2) problems.push(`${at}.kind: a side has at most one garrison (chapter 3: one garrison per empire and sector)`);
        if (file.crossBorder) {
          problems.push(`${at}.kind: garrisons stay in their sector; a cross-border battle is fought between starfleets`);
        }
      }
      for (const s of u.ships) ships.set(s.type, (ships.get(s.type) ?? 0) + s.count);
      const id = `${u.kind === "garrison" ? "G" : "A"}${nextUnit++}`;
      const admirals: BattleAdmiral[] = [];
      if (u.admiral) {
        const a = u.admiral;
        admirals.push({
          id: `${id}-admiral`,
          name: a.name ?? `of ${side.name}`,
          tactics: a.tactics,
          siegecraft: a.siegecraft,
          combat: a.combat,
          hits: a.hits,
        });
      }
      units.push({
        id,
        name: u.name ?? (side.units.length === 1 ? side.name : `${side.name} #${ui + 1}`),
        owner,
        ownerName: side.name,
        kind: u.kind,
        ships: u.ships.filter((s) => s.count > 0),
        admirals,
        leader: admirals[0]?.id ?? null,
        retreatLevel: u.retreatLevel,
        follow: null,
        // Chapter 6 "Units Commit to Defending": garrisons always defend.
        defendDefences: u.kind === "garrison" || u.defendsDefences,
        canRetreat: u.kind === "starfleet" && u.canRetreat,
      });
    });
    sides.push({ name: side.name, owner, ships: [...ships].map(([type, count]) => ({ type, count })) });
  });

  // Sector defence: which side it protects.
  const d = file.sectorDefence;
  let protects: EmpireId[] = [];
  if (d.ownerSide !== null) {
    const idx =
      typeof d.ownerSide === "number"
        ? d.ownerSide
        : file.sides.findIndex((s) => s.name.toLowerCase() === String(d.ownerSide).toLowerCase());
    if (idx < 0 || idx >= file.sides.length) {
      problems.push(
        `sectorDefence.ownerSide: no side ${JSON.stringify(d.ownerSide)}; give an index from 0 to ${file.sides.length - 1} or one of ${file.sides.map((s) => JSON.stringify(s.name)).join(", ")}`,
      );
    } else protects = [`side${idx + 1}`];
  }
  if (d.damage > d.level) {
    problems.push(
      `sectorDefence.damage: at most the level (${d.level}): "the maximum damage that sector defences can have is the sector defence level"`,
    );
  }
  if (file.crossBorder && d.level > 0) {
    problems.push(
      "sectorDefence.level: a cross-border battle has no sector defence (chapter 6, 'Siege Damage Occurs'); set the level to 0 or crossBorder to false",
    );
  }
  if (!file.crossBorder && d.level > 0 && d.ownerSide === null) {
    problems.push(
      `sectorDefence.ownerSide: a level ${d.level} sector defence protects a side; give its index (0 to ${file.sides.length - 1}) or name`,
    );
  }
  // A side made only of defending garrisons with nothing to defend is fine; a side
  // whose units defend a defence it does not own simply does not defend (chapter 6).
  if (problems.length > 0) return err(problems);

  const crossBorder = file.crossBorder;
  const battle: BattleInput = {
    kind: crossBorder ? "cross-border" : "sector",
    where: crossBorder ? "a border" : "the sector",
    sector: crossBorder ? null : 0,
    units,
    // Every side is at war with every other side, and allied with none.
    hostile: (a, b) => a !== b,
    friendly: (a, b) => a === b,
    defence: crossBorder ? null : { level: d.level, damage: d.damage, protects },
    settings: { defenceBonus: file.settings.defenceBonus },
    report: false,
  };
  return ok({ sides, battle });
}

/** Type and builder problems of every starship entry whose shape is readable. */
function typeProblems(raw: unknown, flagged: Set<string>): string[] {
  const out: string[] = [];
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const field = (v: unknown, k: string): unknown => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined);
  // Within the limits only: an oversized file is refused by the schema, not searched entry by entry.
  list(field(raw, "sides"))
    .slice(0, LIMITS.oddsSides)
    .forEach((side, si) => {
      list(field(side, "units"))
        .slice(0, LIMITS.oddsUnitsPerSide)
        .forEach((unit, ui) => {
          list(field(unit, "ships"))
            .slice(0, LIMITS.oddsEntriesPerUnit)
            .forEach((ship, k) => {
              const at = `sides[${si}].units[${ui}].ships[${k}]`;
              const type = field(ship, "type");
              const builder = field(ship, "builder");
              if (typeof type !== "string" || (builder !== undefined && typeof builder !== "string")) return;
              if (flagged.has(`${at}.type`) || flagged.has(`${at}.builder`)) return;
              const r = resolveStarshipType(type, builder);
              if (!r.ok) out.push(`${at}.${r.field}: ${r.error}`);
            });
        });
    });
  return out;
}

/** Orders problem lines by their field path, numbers compared as numbers. */
function byPath(a: string, b: string): number {
  const key = (s: string) => s.slice(0, Math.max(0, s.indexOf(": "))).replace(/\d+/g, (d) => d.padStart(6, "0"));
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function issueLine(issue: z.core.$ZodIssue): string {
  const where = pathText(issue.path);
  if (issue.code === "unrecognized_keys") {
    return issue.keys
      .map((k) => {
        const near = closest(k, KNOWN_KEYS, 3);
        return `${where === "" ? "" : `${where}.`}${k}: unknown field${near.length > 0 ? `; did you mean "${near[0]}"?` : ""}`;
      })
      .join("\n");
  }
  return `${where === "" ? "(file)" : where}: ${issue.message}`;
}

const KNOWN_KEYS = [
  "sides",
  "name",
  "units",
  "kind",
  "ships",
  "type",
  "builder",
  "count",
  "rank",
  "admiral",
  "tactics",
  "siegecraft",
  "combat",
  "hits",
  "retreatLevel",
  "defendsDefences",
  "canRetreat",
  "sectorDefence",
  "level",
  "damage",
  "ownerSide",
  "crossBorder",
  "settings",
  "defenceBonus",
];

/** `sides[0].units[0].ships[1].type` */
export function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `${out === "" ? "" : "."}${String(p)}`;
  return out;
}

// ---------------------------------------------------------------------------
// Starship types by printed name and builder

const norm = (s: string): string =>
  s
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

const BUILDERS: readonly string[] = [...new Set(STARSHIP_TYPES.map((t) => t.builder))];

/**
 * The catalogue type a file means: an id ("klingon/hawk-heavy-cruiser"), or a
 * printed name with its builder (needed when two builders print the same name).
 * Failures say what would be valid, with the closest names.
 */
export function resolveStarshipType(
  type: string,
  builder: string | undefined,
): { ok: true; value: StarshipTypeData } | { ok: false; error: string; field: "type" | "builder" } {
  const fail = (field: "type" | "builder", message: string) => ({ ok: false as const, error: message, field });
  const found = (value: StarshipTypeData) => ({ ok: true as const, value });
  const byId = starshipType(type.trim().toLowerCase());
  if (byId) {
    if (builder !== undefined && norm(builder) !== norm(byId.builder)) {
      return fail("builder", `starship ${byId.id} is built by "${byId.builder}", not "${builder}"`);
    }
    return found(byId);
  }
  if (builder !== undefined) {
    const b = BUILDERS.find((x) => norm(x) === norm(builder));
    if (!b) {
      const near = closest(builder, BUILDERS, 4);
      return fail(
        "builder",
        `no builder "${builder}"${near.length > 0 ? `; did you mean "${near[0]}"?` : ""} (builders: ${BUILDERS.join(", ")})`,
      );
    }
    const of = STARSHIP_TYPES.filter((t) => t.builder === b);
    const t = of.find((x) => norm(x.name) === norm(type));
    if (t) return found(t);
    const elsewhere = STARSHIP_TYPES.filter((x) => norm(x.name) === norm(type)).map((x) => x.builder);
    if (elsewhere.length > 0) {
      return fail("type", `no starship "${type}" of builder "${b}"; "${type}" is built by ${elsewhere.map((x) => `"${x}"`).join(", ")}`);
    }
    const near = closest(
      type,
      of.map((x) => x.name),
      6,
    );
    return fail(
      "type",
      `no starship "${type}" of builder "${b}"; ${near.length > 0 ? `did you mean "${near[0]}"?` : `"${b}" builds ${of.map((x) => `"${x.name}"`).join(", ")}`}`,
    );
  }
  const named = STARSHIP_TYPES.filter((t) => norm(t.name) === norm(type));
  if (named.length === 1) return found(named[0]!);
  if (named.length > 1) {
    return fail("builder", `"${type}" is built by ${named.map((t) => `"${t.builder}"`).join(" and ")}; say which with "builder"`);
  }
  const near = closest(
    type,
    STARSHIP_TYPES.map((t) => t.name),
    6,
  );
  return fail(
    "type",
    `no starship "${type}" in the catalogue${near.length > 0 ? `; did you mean "${near[0]}"?` : ""} (give a printed name with its builder, or an id such as "klingon/hawk-heavy-cruiser")`,
  );
}

/** Candidates within `maxDistance` edits (case-insensitive), closest first. */
export function closest(word: string, candidates: readonly string[], maxDistance: number): string[] {
  const w = norm(word);
  const scored = [...new Set(candidates)]
    .map((c) => ({ c, d: editDistance(w, norm(c)) }))
    .filter((x) => x.d <= Math.max(1, Math.min(maxDistance, Math.floor(w.length / 2))))
    .sort((a, b) => a.d - b.d || (a.c < b.c ? -1 : a.c > b.c ? 1 : 0));
  return scored.map((x) => x.c);
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

// ---------------------------------------------------------------------------
// Runs

export interface OddsSideResult {
  name: string;
  /** Share of runs in which this side holds the field at the end (chapter 6, "Battle Aftermath"). */
  winRate: number;
  /** sqrt(p(1-p)/runs). */
  winRateStdErr: number;
  /** Mean starships lost per battle (casualties plus wounded destroyed in the aftermath). */
  meanShipsLost: number;
  meanShipsLostStdErr: number;
  /** Mean lost per battle by starship type id (every type the side brings, zeros kept). */
  lostByType: Record<StarshipTypeId, number>;
  /** Starships the side brings. */
  ships: number;
  /** Mean admirals lost per battle. */
  meanAdmiralsLost: number;
}

export interface OddsResult {
  runs: number;
  seed: number;
  sides: OddsSideResult[];
  /** Share of runs in which no side is left on the field. */
  neitherRate: number;
  neitherRateStdErr: number;
  meanRounds: number;
  /** Random numbers drawn over all runs (for the benchmarks). */
  draws: number;
}

/**
 * Fights the battle `runs` times from `Rng.fromSeed(seed)`, one generator for all
 * runs, and tallies the outcomes. Deterministic: same setup, runs and seed, same result.
 */
export function runOdds(setup: OddsSetup, runs: number, seed: number): OddsResult {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`runOdds: runs must be a whole number of at least 1, got ${runs}`);
  const rng = Rng.fromSeed(seed);
  const nSides = setup.sides.length;
  const sideOf = new Map<EmpireId, number>(setup.sides.map((s, i) => [s.owner, i]));
  const unitSide = new Map<string, number>(setup.battle.units.map((u) => [u.id, sideOf.get(u.owner)!]));
  const wins = new Float64Array(nSides);
  const lostSum = new Float64Array(nSides);
  const lostSq = new Float64Array(nSides);
  const admiralsLost = new Float64Array(nSides);
  const lostByType: Map<StarshipTypeId, number>[] = setup.sides.map((s) => new Map(s.ships.map((x) => [x.type, 0])));
  const lostNow = new Float64Array(nSides);
  let neither = 0;
  let rounds = 0;
  const arrays = new BattleArrays();
  for (let run = 0; run < runs; run++) {
    const r = fightBattle(setup.battle, rng, arrays);
    rounds += r.rounds;
    if (r.holders.length === 0) neither++;
    for (const h of r.holders) {
      const si = sideOf.get(h)!;
      wins[si] = wins[si]! + 1;
    }
    lostNow.fill(0);
    for (const u of r.units) {
      const si = unitSide.get(u.id)!;
      admiralsLost[si] = admiralsLost[si]! + u.admiralsLost.length;
      const byType = lostByType[si]!;
      for (const type in u.lost) {
        const n = u.lost[type]!;
        lostNow[si] = lostNow[si]! + n;
        byType.set(type, (byType.get(type) ?? 0) + n);
      }
    }
    for (let s = 0; s < nSides; s++) {
      const n = lostNow[s]!;
      lostSum[s] = lostSum[s]! + n;
      lostSq[s] = lostSq[s]! + n * n;
    }
  }
  const rate = (k: number) => k / runs;
  const se = (p: number) => Math.sqrt((p * (1 - p)) / runs);
  const sides = setup.sides.map((s, i): OddsSideResult => {
    const p = rate(wins[i]!);
    const mean = lostSum[i]! / runs;
    const variance = runs > 1 ? Math.max(0, (lostSq[i]! - runs * mean * mean) / (runs - 1)) : 0;
    const byType: Record<StarshipTypeId, number> = {};
    for (const [type, n] of lostByType[i]!) byType[type] = n / runs;
    return {
      name: s.name,
      winRate: p,
      winRateStdErr: se(p),
      meanShipsLost: mean,
      meanShipsLostStdErr: Math.sqrt(variance / runs),
      lostByType: byType,
      ships: s.ships.reduce((n, x) => n + x.count, 0),
      meanAdmiralsLost: admiralsLost[i]! / runs,
    };
  });
  const q = rate(neither);
  return { runs, seed, sides, neitherRate: q, neitherRateStdErr: se(q), meanRounds: rounds / runs, draws: rng.draws };
}

/** The `--json` shape of the issue, figures rounded to 6 decimals. */
export function oddsJson(r: OddsResult): {
  runs: number;
  sides: { name: string; winRate: number; winRateStdErr: number; meanShipsLost: number; lostByType: Record<string, number> }[];
  neitherRate: number;
  neitherRateStdErr: number;
  meanRounds: number;
} {
  const r6 = (x: number) => round(x, 6);
  return {
    runs: r.runs,
    sides: r.sides.map((s) => ({
      name: s.name,
      winRate: r6(s.winRate),
      winRateStdErr: r6(s.winRateStdErr),
      meanShipsLost: r6(s.meanShipsLost),
      lostByType: Object.fromEntries(Object.entries(s.lostByType).map(([k, v]) => [k, r6(v)])),
    })),
    neitherRate: r6(r.neitherRate),
    neitherRateStdErr: r6(r.neitherRateStdErr),
    meanRounds: r6(r.meanRounds),
  };
}
