/**
 * A squadron file: up to three designs, how many craft of each are bought for the next game and the crews with
 * medals aboard them (seed 001 l.7, l.19-57, l.74-256, l.454, l.729-801, l.975-977, l.1042). `squadronSchema` is the
 * file's shape; `checkSquadron` finds every fault of the rules, a Problem each, and prices what it can.
 *
 * The limits: 2 to 10 modules a design (l.170-256, ruling C.16); at least one Engine (l.104); only modules the type
 * may carry (l.90-150); arcs only on Lasers and Expendables, and only a vessel's away from the front (l.635, C.31);
 * at most 3 designs (l.7, l.57), prisoner fighters apart (l.454, C.36); at most 16 craft (l.7, C.39); at most the
 * budget, 100 M€, 120 for incompetent players, 90 for experts (l.1042) and 120 for machine forces (l.975); fighters
 * only with a vessel with a Shuttle Bay (l.51); one crew per craft, never two of the same medal (l.801), and none for
 * machines (l.977).
 */
import { z } from "zod";
import type { Problem } from "../../../core/result.js";
import { MEDALS, type Medal } from "../medals/medals.js";
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from "../settings.js";
import { BUDGETS, type BudgetOption, budgetOf, MAX_CRAFT, MAX_DESIGNS } from "./cost.js";
import { arcOf, countOf, type Design, designCost, designText } from "./design.js";
import { ARCS, CRAFT_TYPES, MAX_MODULES, MIN_MODULES, MODULE_DATA, MODULES, mayCarry, moduleOf } from "./modules.js";

const MODULE_WORDS = MODULES.map((m) => `${m} (${MODULE_DATA[m].name})`).join(", ");

const moduleName = z
  .string({ error: `a module: one of ${MODULE_WORDS}` })
  .refine((m) => moduleOf(m) !== undefined, { error: (i) => `unknown module "${String(i.input)}"; one of ${MODULE_WORDS}` });

/** A module: its abbreviation or name, or `{ module, arc }` for a Lasers module fired into another arc (l.635). */
export const designModuleSchema = z.union(
  [
    moduleName,
    z
      .object({
        module: moduleName,
        arc: z.enum(ARCS, { error: `arc: one of ${ARCS.join(", ")}` }).optional(),
      })
      .strict(),
  ],
  { error: `a module: "E", "Lasers", or { module: L, arc: rear }; modules are ${MODULE_WORDS}` },
);

const designSchema = z
  .object({
    name: z.string({ error: "a design's name is a text" }).min(1, { error: "a design needs a name" }).max(60),
    type: z.enum(CRAFT_TYPES, { error: "type: vessel or fighter" }),
    modules: z.array(designModuleSchema, { error: "modules: a list such as [E, E, SB, L]" }).max(100),
    /** A captured enemy fighter kept after the game: "used above the normal 3 Design limit but only that particular unique Craft" (l.454). */
    prisoner: z.boolean({ error: "prisoner: true or false" }).default(false),
  })
  .strict();

const crewSchema = z
  .object({
    name: z.string({ error: "a crew's name is a text" }).min(1).max(60),
    medals: z
      .array(z.enum(MEDALS, { error: `a medal: one of ${MEDALS.join(", ")}` }), { error: "medals: a list such as [ace, star]" })
      .default([]),
  })
  .strict();

const purchaseSchema = z
  .object({
    design: z.string({ error: "design: the name of one of the file's designs" }),
    count: z
      .number({ error: "count: a whole number, 0 or more" })
      .int({ error: "count must be a whole number" })
      .min(0, { error: "count cannot be negative" })
      .max(100, { error: "count: at most 100" }),
    /** Crews with medals, one per craft of this entry (l.29: "you must keep track of which Craft they are on"). */
    crews: z.array(crewSchema, { error: "crews: a list of { name, medals }" }).default([]),
  })
  .strict();

/** The squadron file (JSON or YAML). */
export const squadronSchema = z
  .object({
    name: z.string({ error: "name: the squadron's name" }).max(100).optional(),
    /** The budget option (l.1042): normal 100 M€, incompetent 120, expert 90. */
    budget: z
      .enum(Object.keys(BUDGETS) as [BudgetOption, ...BudgetOption[]], { error: "budget: normal, incompetent or expert" })
      .default("normal"),
    /** A machine force (l.969-977): 120 M€, no medals. */
    machine: z.boolean({ error: "machine: true or false" }).default(false),
    /** Named settings for passages read two ways (RULINGS.md; `settings.ts`). */
    settings: settingsSchema.default(DEFAULT_SETTINGS),
    designs: z.array(designSchema, { error: "designs: a list of { name, type, modules }" }),
    craft: z.array(purchaseSchema, { error: "craft: a list of { design, count, crews }" }).default([]),
  })
  .strict();

export type SquadronFile = z.input<typeof squadronSchema>;

/** A squadron as the rules read it: designs with their modules resolved. */
export interface Squadron {
  name: string;
  budgetOption: BudgetOption;
  machine: boolean;
  settings: Readonly<Settings>;
  designs: (Design & { prisoner: boolean })[];
  craft: { design: string; count: number; crews: { name: string; medals: Medal[] }[] }[];
}

const pathText = (path: readonly PropertyKey[]): string =>
  path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
    .join("")
    .replace(/^\./, "");

/** The file to a squadron, or a Problem per field that is not what the file's shape says. */
export function parseSquadron(raw: unknown): { ok: true; value: Squadron } | { ok: false; problems: Problem[] } {
  const parsed = squadronSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ order: pathText(i.path) || "squadron", code: "bad-field", message: i.message })),
    };
  const f = parsed.data;
  return {
    ok: true,
    value: {
      name: f.name ?? "the squadron",
      budgetOption: f.budget,
      machine: f.machine,
      settings: f.settings,
      designs: f.designs.map((d) => ({
        name: d.name,
        type: d.type,
        prisoner: d.prisoner,
        modules: d.modules.map((m) => {
          if (typeof m === "string") return { module: moduleOf(m) ?? "E" };
          const module = moduleOf(m.module) ?? "E";
          return m.arc === undefined ? { module } : { module, arc: m.arc };
        }),
      })),
      craft: f.craft.map((c) => ({
        design: c.design,
        count: c.count,
        crews: c.crews.map((k) => ({ name: k.name, medals: [...k.medals] })),
      })),
    },
  };
}

/** Every fault of one design (l.74-256, l.454, l.635), each a Problem naming `at`. */
export function designProblems(
  d: Design & { prisoner?: boolean },
  at: string,
  settings: Pick<Settings, "fighterArcs"> = DEFAULT_SETTINGS,
): Problem[] {
  const out: Problem[] = [];
  const n = d.modules.length;
  if (n < MIN_MODULES)
    out.push({
      order: at,
      code: "too-few-modules",
      message: `${n} module(s); a craft has ${MIN_MODULES} to ${MAX_MODULES} (the COST table, l.170-256)`,
    });
  if (n > MAX_MODULES)
    out.push({
      order: at,
      code: "too-many-modules",
      message: `${n} modules; a craft has ${MIN_MODULES} to ${MAX_MODULES} (the COST table, l.170-256)`,
    });
  if (countOf(d, "E") === 0) out.push({ order: at, code: "no-engine", message: "no Engine: Craft must have at least one engine (l.104)" });
  d.modules.forEach((m, k) => {
    const data = MODULE_DATA[m.module];
    if (!mayCarry(d.type, m.module))
      out.push({
        order: `${at} modules[${k}]`,
        code: "module-not-allowed",
        message: `a ${d.type} may not carry ${data.name} (${data.on[0] === "fighter" ? "Fighter" : "Vessel"} only, l.90-150)`,
      });
    if (m.arc !== undefined && !data.arc)
      out.push({
        order: `${at} modules[${k}]`,
        code: "arc-not-allowed",
        message: `${data.name} has no arc of fire; only Lasers and Expendables fire into an arc (l.635)${m.module === "M" ? ", Missiles fire in any direction (l.631)" : ""}`,
      });
    else if (d.type === "fighter" && !settings.fighterArcs && (arcOf(m) ?? "front") !== "front")
      out.push({
        order: `${at} modules[${k}]`,
        code: "arc-not-allowed",
        message: `a fighter fires into the front 90° only; "Vessels may be rearranged to fire their weapons into another 90° arc" (l.635, ruling C.31)`,
      });
  });
  if (d.prisoner === true && d.type !== "fighter")
    out.push({
      order: at,
      code: "prisoner-not-fighter",
      message: "only a captured Fighter is a prisoner kept above the design limit (l.454)",
    });
  return out;
}

/** One design's line of the price list. */
export interface DesignPrice {
  name: string;
  text: string;
  /** M€ a craft, or undefined when its size is outside the table. */
  each: number | undefined;
  count: number;
  subtotal: number | undefined;
  prisoner: boolean;
}

export interface SquadronCheck {
  ok: boolean;
  problems: Problem[];
  prices: DesignPrice[];
  /** Total M€ of the craft bought, when every bought design has a price. */
  total: number | undefined;
  budget: number;
  craft: number;
}

/** Every fault of a squadron, a Problem each, and its prices (l.7, l.51, l.57, l.156-256, l.454, l.801, l.975-977, l.1042). */
export function checkSquadron(s: Squadron): SquadronCheck {
  const problems: Problem[] = [];
  const byName = new Map<string, { d: Design & { prisoner: boolean }; k: number }>();
  s.designs.forEach((d, k) => {
    const at = `designs[${k}] ${d.name}`;
    if (byName.has(d.name))
      problems.push({ order: at, code: "duplicate-design", message: `two designs are named "${d.name}"; each design needs its own name` });
    else byName.set(d.name, { d, k });
    problems.push(...designProblems(d, at, s.settings));
  });
  const designs = s.designs.filter((d) => !d.prisoner).length;
  if (designs > MAX_DESIGNS)
    problems.push({
      order: "designs",
      code: "too-many-designs",
      message: `${designs} designs; "You may never have more than 3 Designs" (l.57)${s.designs.some((d) => d.prisoner) ? " (prisoners apart, l.454)" : ""}`,
    });

  const bought = new Map<string, number>();
  const crewNames = new Set<string>();
  s.craft.forEach((c, k) => {
    const at = `craft[${k}] ${c.design}`;
    const entry = byName.get(c.design);
    if (entry === undefined) {
      problems.push({
        order: at,
        code: "unknown-design",
        message: `no design named "${c.design}" in the file; designs: ${s.designs.map((d) => d.name).join(", ") || "none"}`,
      });
      return;
    }
    bought.set(c.design, (bought.get(c.design) ?? 0) + c.count);
    if (c.crews.length > c.count)
      problems.push({
        order: at,
        code: "crews-exceed-craft",
        message: `${c.crews.length} crews with medals for ${c.count} craft; one crew a craft (l.29: "keep track of which Craft they are on")`,
      });
    c.crews.forEach((crew, j) => {
      const cat = `${at} crews[${j}] ${crew.name}`;
      if (crewNames.has(crew.name)) problems.push({ order: cat, code: "duplicate-crew", message: `two crews are named "${crew.name}"` });
      crewNames.add(crew.name);
      const seen = new Set<Medal>();
      for (const m of crew.medals) {
        if (seen.has(m))
          problems.push({
            order: cat,
            code: "same-medal-twice",
            message: `two ${m} medals; "An individual crew cannot get two of same Medal" (l.801)`,
          });
        seen.add(m);
      }
      if (s.machine && crew.medals.length > 0)
        problems.push({ order: cat, code: "machine-medals", message: '"Machine forces never receive Medals" (l.977)' });
    });
  });
  for (const d of s.designs)
    if (d.prisoner && (bought.get(d.name) ?? 0) > 1)
      problems.push({
        order: `craft ${d.name}`,
        code: "prisoner-more-than-one",
        message: `${bought.get(d.name)} bought; a prisoner is "only that particular unique Craft" (l.454)`,
      });

  const prices: DesignPrice[] = s.designs.map((d) => {
    const each = d.prisoner && s.settings.prisonersFree ? 0 : designCost(d);
    const count = bought.get(d.name) ?? 0;
    return {
      name: d.name,
      text: designText(d),
      each,
      count,
      subtotal: each === undefined ? undefined : each * count,
      prisoner: d.prisoner,
    };
  });
  const craft = [...bought.values()].reduce((t, n) => t + n, 0);
  if (craft > MAX_CRAFT)
    problems.push({
      order: "craft",
      code: "too-many-craft",
      message: `${craft} craft; "Players are limited to a maximum of 16 Craft" (l.7)`,
    });
  const budget = budgetOf(s.budgetOption, s.machine);
  const priced = prices.filter((p) => p.count > 0);
  const total = priced.every((p) => p.subtotal !== undefined) ? priced.reduce((t, p) => t + (p.subtotal ?? 0), 0) : undefined;
  if (total !== undefined && total > budget)
    problems.push({
      order: "craft",
      code: "over-budget",
      message: `${total} M€ spent of ${budget} M€ (${s.machine ? "machine forces, l.975" : s.budgetOption === "normal" ? "l.7" : `${s.budgetOption} players, l.1042`})`,
    });
  const fighters = s.designs.filter((d) => d.type === "fighter").reduce((t, d) => t + (bought.get(d.name) ?? 0), 0);
  const carriers = s.designs.filter((d) => d.type === "vessel" && countOf(d, "SB") > 0).reduce((t, d) => t + (bought.get(d.name) ?? 0), 0);
  if (fighters > 0 && carriers === 0)
    problems.push({
      order: "craft",
      code: "fighters-without-shuttle-bay",
      message: `${fighters} fighter(s) and no vessel with a Shuttle Bay: "you must have at least one Vessel with a Shuttle Bay to carry them" (l.51)`,
    });
  return { ok: problems.length === 0, problems, prices, total, budget, craft };
}
