/**
 * `starhost space-war odds --input FILE [--exact | --runs N --seed S] [--json]` (issue 13 "Shot odds"): what shots
 * do to one craft, by the engine's own code (`shooting.ts`): the chance each shot hits, the mean hits, the mean
 * modules damaged and their distribution, and the chance the craft is destroyed. Exact by default or with
 * `--exact`; rolled `--runs` times from `--seed` otherwise.
 *
 * The target's armour and electronics are its operating modules; what counts as them is added as the rules say:
 * Better Armour (l.692-694), Star and Corporation (l.759-769) as armour, Tek as Electronics (l.777-781). The
 * firer's cards: Superior Lasers and Better Missiles +1 (l.684-698), Superior Expendables 9 shots a volley
 * (l.688-690). Wingman (l.793) depends on the target's squadron and is not an input (ruling "The odds tool").
 */
import { z } from "zod";
import { round } from "../../../core/json.js";
import type { Problem } from "../../../core/result.js";
import { Rng } from "../../../core/rng.js";
import type { InputTool, ToolOutput } from "../../../core/ruleset.js";
import { refusedInput, seedOption } from "../../../core/tool-options.js";
import { CRAFT_TYPES } from "../designing-craft/modules.js";
import { MEDALS } from "../medals/medals.js";
import { CARDS } from "../technology-cards/cards.js";
import { toDamage } from "./armour.js";
import { needText } from "./dice.js";
import {
  exactShotOdds,
  type Firer,
  rowOf,
  SHOTS,
  type ShotGroup,
  type ShotOdds,
  sampledShotOdds,
  shotNeed,
  shotRange,
  volleyShots,
  WEAPONS,
  type Weapon,
} from "./shooting.js";

export const MAX_SHOTS = 100;
export const MAX_TARGET_MODULES = 12;
export const MAX_RUNS = 1_000_000;

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what}: a whole number from ${min} to ${max}` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: (i) => `${what}: at least ${min} (got ${String(i.input)})` })
    .max(max, { error: (i) => `${what}: at most ${max} (got ${String(i.input)})` });

const cardsSchema = z.array(z.enum(CARDS, { error: `a technology card: one of ${CARDS.join(", ")}` }), {
  error: "cards: a list of card ids",
});

export const oddsInputSchema = z
  .object({
    shots: z
      .array(
        z
          .object({
            weapon: z.enum(WEAPONS, { error: `weapon: one of ${WEAPONS.join(", ")}` }),
            /** Shots, or volleys for expendables. */
            count: whole("count", 1, MAX_SHOTS),
            ace: z.boolean({ error: "ace: true or false" }).default(false),
          })
          .strict(),
        { error: "shots: a list of { weapon, count, ace }" },
      )
      .min(1, { error: "shots: at least one" }),
    cards: cardsSchema.default([]),
    target: z
      .object({
        kind: z.enum(CRAFT_TYPES, { error: "kind: vessel or fighter" }),
        powered: z.boolean({ error: "powered: true or false" }),
        modules: whole("modules", 1, MAX_TARGET_MODULES),
        damaged: whole("damaged", 0, MAX_TARGET_MODULES).default(0),
        armour: whole("armour", 0, MAX_TARGET_MODULES).default(0),
        electronics: whole("electronics", 0, MAX_TARGET_MODULES).default(0),
        medals: z
          .array(z.enum(MEDALS, { error: `a medal: one of ${MEDALS.join(", ")}` }), { error: "medals: a list of medals" })
          .default([]),
        cards: cardsSchema.default([]),
      })
      .strict(),
  })
  .strict();

export type OddsInputFile = z.input<typeof oddsInputSchema>;

/** One line of the shots: its weapon, shots rolled, and the need after every modifier. */
export interface OddsLine {
  weapon: Weapon;
  ace: boolean;
  count: number;
  shots: number;
  row: string;
  need: number | null;
}

export interface OddsSetup {
  lines: OddsLine[];
  groups: ShotGroup[];
  target: { modules: number; damaged: number; armour: number; electronics: number };
  column: string;
}

const pathText = (path: readonly PropertyKey[]): string =>
  path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
    .join("")
    .replace(/^\./, "");

/** The file to shots and a target, or a Problem per fault. */
export function parseOddsInput(raw: unknown): { ok: true; value: OddsSetup } | { ok: false; problems: Problem[] } {
  const parsed = oddsInputSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ order: pathText(i.path) || "input", code: "bad-field", message: i.message })),
    };
  const f = parsed.data;
  const t = f.target;
  const problems: Problem[] = [];
  if (t.damaged >= t.modules)
    problems.push({
      order: "target.damaged",
      code: "already-destroyed",
      message: `${t.damaged} of ${t.modules} modules damaged: a craft with all its modules damaged is destroyed (l.404)`,
    });
  const operating = t.modules - t.damaged;
  const needed = t.armour + t.electronics + (t.powered ? 1 : 0);
  if (t.damaged < t.modules && needed > operating)
    problems.push({
      order: "target",
      code: "too-many-operating",
      message: `${t.armour} Armour + ${t.electronics} Electronics${t.powered ? " + an Engine or Thruster (powered, l.627)" : ""} operating, but only ${operating} module(s) undamaged`,
    });
  f.shots.forEach((s, k) => {
    if (s.ace && s.weapon !== "laser")
      problems.push({
        order: `shots[${k}].ace`,
        code: "ace-not-laser",
        message: 'an Ace is "Better when firing Lasers" only (l.751, l.583)',
      });
  });
  const seen = new Set<string>();
  for (const [at, list] of [
    ["cards", f.cards],
    ["target.cards", t.cards],
    ["target.medals", t.medals],
  ] as const) {
    seen.clear();
    for (const c of list) {
      if (seen.has(c))
        problems.push({
          order: at,
          code: "duplicate",
          message: `"${c}" twice${at === "target.medals" ? ': "An individual crew cannot get two of same Medal" (l.801)' : ": one copy of each card (ruling C.25)"}`,
        });
      seen.add(c);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const firerCards = new Set(f.cards);
  const targetCards = new Set(t.cards);
  const medals = new Set(t.medals);
  const armour = t.armour + (targetCards.has("better-armour") ? 1 : 0) + (medals.has("star") ? 1 : 0) + (medals.has("corporation") ? 1 : 0);
  const electronics = t.electronics + (medals.has("tek") ? 1 : 0);
  const target = { type: t.kind, powered: t.powered, electronics };
  const lines = f.shots.map((s): OddsLine => {
    const firer: Firer = {
      ace: s.ace,
      superiorLasers: firerCards.has("superior-lasers"),
      betterMissiles: firerCards.has("better-missiles"),
    };
    const shots = s.weapon === "expendables" ? s.count * volleyShots(firerCards.has("superior-expendables")) : s.count;
    return {
      weapon: s.weapon,
      ace: s.ace,
      count: s.count,
      shots,
      row: SHOTS[rowOf(s.weapon, s.ace, electronics)].name,
      need: shotNeed(s.weapon, firer, target),
    };
  });
  const column = !t.powered ? "un-powered" : t.kind === "vessel" ? "powered vessel" : "powered fighter";
  return {
    ok: true,
    value: {
      lines,
      groups: lines.map((l) => ({ shots: l.shots, need: l.need })),
      target: { modules: t.modules, damaged: t.damaged, armour, electronics },
      column,
    },
  };
}

/** The figures: exact, or rolled `runs` times from `seed`. */
export function shotOdds(setup: OddsSetup, mode: { exact: true } | { runs: number; seed: number }): ShotOdds {
  return "exact" in mode
    ? exactShotOdds(setup.groups, setup.target)
    : sampledShotOdds(Rng.fromSeed(mode.seed), setup.groups, setup.target, mode.runs);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The figures as text. */
export function oddsText(setup: OddsSetup, o: ShotOdds, how: string): string {
  const t = setup.target;
  const dmg = toDamage(t.armour);
  const out = [
    `Shot odds (${how}): a ${setup.column} target of ${t.modules} modules, ${t.damaged} damaged; armour ${t.armour} (a hit damages ${dmg === "automatic" ? "automatically" : `on ${dmg}+`}), electronics ${t.electronics}`,
  ];
  setup.lines.forEach((l, k) => {
    const what =
      l.weapon === "expendables"
        ? `${l.count} volley(s) of expendables (${l.shots} shots)`
        : `${l.count} ${l.weapon} shot(s)${l.ace ? " by an Ace" : ""}`;
    out.push(`  ${what}: ${l.row}, range ${shotRange(l.weapon)}", needs ${needText(l.need)}: ${pct(o.pHitPerShot[k] ?? 0)} a shot`);
  });
  out.push(`mean hits ${round(o.meanHits, 3)}; mean modules damaged ${round(o.meanDamaged, 3)}`);
  out.push(`modules damaged: ${o.damagedDistribution.map((p, k) => `${k}: ${pct(p)}`).join(", ")}`);
  out.push(`destroyed (every module damaged, l.404): ${pct(o.pDestroyed)}`);
  return out.join("\n");
}

/** The figures as data: `{ pHitPerShot, meanHits, meanDamaged, damagedDistribution, pDestroyed }` (chances rounded to 6 places). */
export function oddsJson(o: ShotOdds): {
  pHitPerShot: number[];
  meanHits: number;
  meanDamaged: number;
  damagedDistribution: number[];
  pDestroyed: number;
} {
  return {
    pHitPerShot: o.pHitPerShot.map((p) => round(p, 6)),
    meanHits: round(o.meanHits, 6),
    meanDamaged: round(o.meanDamaged, 6),
    damagedDistribution: o.damagedDistribution.map((p) => round(p, 6)),
    pDestroyed: round(o.pDestroyed, 6),
  };
}

export const oddsTool: InputTool = {
  kind: "input",
  id: "odds",
  input: "odds input",
  schema: oddsInputSchema,
  summary: "what shots do to one craft: the chance each hits, the modules damaged and the chance it is destroyed (exact, or rolled)",
  help: `The input (JSON or YAML):
  { "shots": [ { "weapon": "laser", "count": 2, "ace": false } ],
    "cards": ["superior-lasers"],
    "target": { "kind": "vessel", "powered": true, "modules": 6, "damaged": 0,
                "armour": 2, "electronics": 0, "medals": [], "cards": [] } }
  weapon: expendables (count = volleys of 6 shots, 9 with superior-expendables), laser, missile
  cards: the firer's technology cards; target.cards the target's (better-armour: +1 armour)
  armour, electronics: the target's operating modules; star and corporation medals add armour, tek electronics
Without --runs the odds are exact. Example: examples/space-war/shots.json`,
  options: [
    {
      name: "exact",
      description: "exact odds (the default without --runs)",
      kind: "boolean",
      default: false,
      conflicts: ["runs", "seed"],
    },
    { name: "runs", description: "roll the shots this many times instead", kind: "integer", min: 1, max: MAX_RUNS },
    seedOption("seed of the rolled runs: same seed, same figures"),
  ],
  run(input, options): ToolOutput {
    const parsed = parseOddsInput(input);
    if (!parsed.ok) return refusedInput(parsed.problems);
    const runs = options.runs === undefined || options.exact === true ? undefined : Number(options.runs);
    const seed = Number(options.seed ?? 1);
    const odds = shotOdds(parsed.value, runs === undefined ? { exact: true } : { runs, seed });
    return {
      ok: true,
      text: oddsText(parsed.value, odds, runs === undefined ? "exact" : `${runs.toLocaleString("en-US")} runs, seed ${seed}`),
      json: oddsJson(odds),
    };
  },
};
