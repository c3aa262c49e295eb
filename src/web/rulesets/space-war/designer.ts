/**
 * The squadron designer's model (issue 13, seed 001 "DESIGNING CRAFT", l.74-256): a squadron file being written (up to
 * three designs, the craft bought of each, crews with medals, the budget option) as plain data, priced and checked as
 * it is edited by the rules' own code, nothing re-derived here: `parseSquadron` reads the file's shape and
 * `checkSquadron` finds every fault and prices what it can, exactly as `starhost space-war design-check --input FILE`
 * does. Each fault is placed beside what it is about (`faultPlace`: a design, one of its modules, a purchase, a crew,
 * the designs, or the squadron). Pure: every edit returns a new draft.
 */
import { stringify } from "yaml";
import type { Problem } from "../../../core/result.js";
import { BUDGETS, type BudgetOption, MACHINE_BUDGET, MAX_CRAFT, MAX_DESIGNS } from "../../../rules/space-war/designing-craft/cost.js";
import type { DesignModule } from "../../../rules/space-war/designing-craft/design.js";
import { type Arc, type CraftType, MODULE_DATA, type Module, mayCarry } from "../../../rules/space-war/designing-craft/modules.js";
import { checkSquadron, type DesignPrice, parseSquadron, type SquadronFile } from "../../../rules/space-war/designing-craft/squadron.js";
import type { Medal } from "../../../rules/space-war/medals/medals.js";
import { DEFAULT_SETTINGS, type Settings } from "../../../rules/space-war/settings.js";

export interface DesignDraft {
  name: string;
  type: CraftType;
  modules: DesignModule[];
  /** A captured enemy fighter kept above the 3 design limit (l.454). */
  prisoner: boolean;
}

export interface CrewDraft {
  name: string;
  medals: Medal[];
}

/** One entry of the file's `craft:` list: how many of a design are bought, and the crews with medals aboard them. */
export interface PurchaseDraft {
  design: string;
  count: number;
  crews: CrewDraft[];
}

export interface SquadronDraft {
  name: string;
  budget: BudgetOption;
  machine: boolean;
  /** The settings set away from the rules' readings (settings.ts), as the file names them. */
  settings: Partial<Settings>;
  designs: DesignDraft[];
  craft: PurchaseDraft[];
}

/** The designer's first squadron: a carrier and its fighters, a legal squadron of 98 M€ (examples/space-war/blue-squadron.yaml). */
export function newSquadron(): SquadronDraft {
  return {
    name: "Blue Squadron",
    budget: "normal",
    machine: false,
    settings: {},
    designs: [
      {
        name: "Carrier",
        type: "vessel",
        modules: [{ module: "E" }, { module: "E" }, { module: "SB" }, { module: "L" }, { module: "L", arc: "rear" }],
        prisoner: false,
      },
      { name: "Dart", type: "fighter", modules: [{ module: "E" }, { module: "L" }], prisoner: false },
    ],
    craft: [
      { design: "Carrier", count: 2, crews: [] },
      { design: "Dart", count: 4, crews: [] },
    ],
  };
}

/** A new design: the least a craft may be, an Engine (l.104) and one more module (2 modules, l.170). */
export function newDesign(name: string, type: CraftType): DesignDraft {
  return { name, type, modules: [{ module: "E" }, { module: type === "vessel" ? "A" : "L" }], prisoner: false };
}

/** The budget choices as the select shows them (l.7, l.1042), and a machine force's (l.975). */
export const BUDGET_CHOICES: readonly { id: BudgetOption; label: string }[] = [
  { id: "normal", label: `normal: ${BUDGETS.normal} M€ (l.7)` },
  { id: "incompetent", label: `incompetent players: ${BUDGETS.incompetent} M€ (l.1042)` },
  { id: "expert", label: `expert players: ${BUDGETS.expert} M€ (l.1042)` },
];
export { MACHINE_BUDGET, MAX_CRAFT, MAX_DESIGNS };

/** Designs that count against the limit of 3 (l.57): prisoners apart (l.454). */
export const designsCounted = (s: SquadronDraft): number => s.designs.filter((d) => !d.prisoner).length;

// ---------------------------------------------------------------- the file both ways

const moduleEntry = (m: DesignModule): string | { module: string; arc: Arc } =>
  m.arc === undefined ? m.module : { module: m.module, arc: m.arc };

/** The draft as the squadron file (squadron.ts `squadronSchema`): what design-check reads. */
export function squadronFile(s: SquadronDraft): SquadronFile {
  const settings = Object.fromEntries(
    Object.entries(s.settings).filter(([k, v]) => v !== undefined && v !== DEFAULT_SETTINGS[k as keyof Settings]),
  );
  return {
    name: s.name,
    budget: s.budget,
    ...(s.machine ? { machine: true } : {}),
    ...(Object.keys(settings).length ? { settings } : {}),
    designs: s.designs.map((d) => ({
      name: d.name,
      type: d.type,
      modules: d.modules.map(moduleEntry),
      ...(d.prisoner ? { prisoner: true } : {}),
    })),
    craft: s.craft.map((c) => ({
      design: c.design,
      count: c.count,
      ...(c.crews.length ? { crews: c.crews.map((k) => ({ name: k.name, medals: [...k.medals] })) } : {}),
    })),
  };
}

/** The file as YAML, with a line saying how to check it from the command line. */
export function squadronYaml(s: SquadronDraft): string {
  return `# Space War squadron file, written by the Starhost squadron designer (seed 001 "Design My UCSV").\n# Check it: starhost space-war design-check --input FILE\n${stringify(squadronFile(s))}`;
}

/**
 * A decoded squadron file (YAML or JSON) as a draft to edit: read by `parseSquadron`, so a file with a field the
 * file's shape refuses is not loaded and its problems are given instead. Modules are kept by abbreviation.
 */
export function draftOfFile(raw: unknown): { ok: true; draft: SquadronDraft } | { ok: false; problems: Problem[] } {
  const r = parseSquadron(raw);
  if (!r.ok) return r;
  const v = r.value;
  const settings = Object.fromEntries(
    Object.entries(v.settings).filter(([k, x]) => x !== DEFAULT_SETTINGS[k as keyof Settings]),
  ) as Partial<Settings>;
  const named = typeof raw === "object" && raw !== null && typeof (raw as { name?: unknown }).name === "string";
  return {
    ok: true,
    draft: {
      name: named ? v.name : "",
      budget: v.budgetOption,
      machine: v.machine,
      settings,
      designs: v.designs.map((d) => ({ name: d.name, type: d.type, prisoner: d.prisoner, modules: d.modules.map((m) => ({ ...m })) })),
      craft: v.craft.map((c) => ({
        design: c.design,
        count: c.count,
        crews: c.crews.map((k) => ({ name: k.name, medals: [...k.medals] })),
      })),
    },
  };
}

// ---------------------------------------------------------------- the price and the check

export interface SquadronChecked {
  ok: boolean;
  /** Every fault, in the rules' words: the file's shape first (parseSquadron), else the rules (checkSquadron). */
  problems: Problem[];
  /** Each design's line of the price list, when the file could be read. */
  prices: DesignPrice[];
  /** The M€ spent, when every design bought has a price. */
  total: number | undefined;
  budget: number;
  craft: number;
}

/** The draft priced and checked as design-check does it. */
export function checkDraft(s: SquadronDraft): SquadronChecked {
  const parsed = parseSquadron(squadronFile(s));
  if (!parsed.ok) {
    const craft = s.craft.reduce((t, c) => t + (Number.isFinite(c.count) ? c.count : 0), 0);
    return {
      ok: false,
      problems: parsed.problems,
      prices: [],
      total: undefined,
      budget: s.machine ? MACHINE_BUDGET : BUDGETS[s.budget],
      craft,
    };
  }
  const c = checkSquadron(parsed.value);
  return { ok: c.ok, problems: c.problems, prices: c.prices, total: c.total, budget: c.budget, craft: c.craft };
}

/** What a fault is about, so the page shows it beside that. */
export type FaultPlace =
  | { at: "squadron" }
  | { at: "designs" }
  | { at: "design"; design: number; module?: number }
  | { at: "purchase"; purchase: number; crew?: number };

/**
 * Where a fault belongs, read from the name the check gives it (its `order`): "designs[2] Heavy Fighter modules[1]",
 * "designs[0].name", "craft[1] Heavy Fighter crews[0] Twice Lucky", "craft Prize" (a design by name), "designs",
 * "craft" (the squadron as a whole: 16 craft, the budget, the Shuttle Bay).
 */
export function faultPlace(p: Problem, s: SquadronDraft): FaultPlace {
  const design = /^designs\[(\d+)\](?:\.modules\[(\d+)\]|.* modules\[(\d+)\]$)?/.exec(p.order);
  if (design) {
    const module = design[2] ?? design[3];
    return module === undefined
      ? { at: "design", design: Number(design[1]) }
      : { at: "design", design: Number(design[1]), module: Number(module) };
  }
  const purchase = /^craft\[(\d+)\](?:\.crews\[(\d+)\]|.* crews\[(\d+)\] )?/.exec(p.order);
  if (purchase) {
    const crew = purchase[2] ?? purchase[3];
    return crew === undefined
      ? { at: "purchase", purchase: Number(purchase[1]) }
      : { at: "purchase", purchase: Number(purchase[1]), crew: Number(crew) };
  }
  const byName = /^craft (.+)$/.exec(p.order);
  if (byName) {
    const k = s.designs.findIndex((d) => d.name === byName[1]);
    if (k >= 0) return { at: "design", design: k };
  }
  if (p.order === "designs") return { at: "designs" };
  return { at: "squadron" };
}

const samePlace = (a: FaultPlace, b: FaultPlace): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The check's faults about exactly one place (a design's own faults leave out its modules', shown beside each module). */
export function faultsAt(c: SquadronChecked, s: SquadronDraft, place: FaultPlace): Problem[] {
  return c.problems.filter((p) => samePlace(faultPlace(p, s), place));
}

/** The line the page reads out after each edit: the total against the budget, the craft against 16, the faults. */
export function summaryLine(c: SquadronChecked, s: SquadronDraft): string {
  const spent = c.total === undefined ? "not priced yet" : `${c.total} M€`;
  const designs = designsCounted(s);
  const head = `Cost ${spent} of ${c.budget} M€; ${c.craft} craft of ${MAX_CRAFT}; ${designs} design(s) of ${MAX_DESIGNS}.`;
  return c.ok ? `${head} A legal squadron.` : `${head} ${c.problems.length} fault(s).`;
}

// ---------------------------------------------------------------- edits (each returns a new draft)

export function replaceAt<T>(list: readonly T[], i: number, value: T): T[] {
  return list.map((x, k) => (k === i ? value : x));
}

export function removeAt<T>(list: readonly T[], i: number): T[] {
  return list.filter((_, k) => k !== i);
}

const editDesign = (s: SquadronDraft, i: number, f: (d: DesignDraft) => DesignDraft): SquadronDraft => {
  const d = s.designs[i];
  return d === undefined ? s : { ...s, designs: replaceAt(s.designs, i, f(d)) };
};

/** A module added at the end of design `i` (l.82-152); the check says when it is one too many or not for this type. */
export const addModule = (s: SquadronDraft, i: number, module: Module): SquadronDraft =>
  editDesign(s, i, (d) => ({ ...d, modules: [...d.modules, { module }] }));

export const removeModule = (s: SquadronDraft, i: number, j: number): SquadronDraft =>
  editDesign(s, i, (d) => ({ ...d, modules: removeAt(d.modules, j) }));

/** A Lasers or Expendables module turned to another 90° arc (l.635); the front is the file's default, so it is left out. */
export const setArc = (s: SquadronDraft, i: number, j: number, arc: Arc): SquadronDraft =>
  editDesign(s, i, (d) => ({
    ...d,
    modules: d.modules.map((m, k) => (k !== j ? m : arc === "front" ? { module: m.module } : { module: m.module, arc })),
  }));

/** A vessel made a fighter or back: its modules stay, and the check names those the new type may not carry. */
export const setType = (s: SquadronDraft, i: number, type: CraftType): SquadronDraft => editDesign(s, i, (d) => ({ ...d, type }));

export const setPrisoner = (s: SquadronDraft, i: number, prisoner: boolean): SquadronDraft => editDesign(s, i, (d) => ({ ...d, prisoner }));

/** A design renamed: the craft bought of it follow. */
export function renameDesign(s: SquadronDraft, i: number, name: string): SquadronDraft {
  const old = s.designs[i]?.name;
  return {
    ...s,
    designs: s.designs.map((d, k) => (k === i ? { ...d, name } : d)),
    craft: s.craft.map((c) => (c.design === old ? { ...c, design: name } : c)),
  };
}

/** A design scrapped ("Between games you may scrap one Design", l.57), with the craft bought of it. */
export function removeDesign(s: SquadronDraft, i: number): SquadronDraft {
  const name = s.designs[i]?.name;
  const others = s.designs.filter((d, k) => k !== i && d.name === name).length;
  return { ...s, designs: removeAt(s.designs, i), craft: others > 0 ? s.craft : s.craft.filter((c) => c.design !== name) };
}

/** A design added under a name no other design has. */
export function addDesign(s: SquadronDraft, type: CraftType): SquadronDraft {
  let n = s.designs.length + 1;
  while (s.designs.some((d) => d.name === `Design ${n}`)) n++;
  return { ...s, designs: [...s.designs, newDesign(`Design ${n}`, type)] };
}

/** The purchases of one design (usually one entry), with their place in the file's `craft:` list. */
export function purchasesOf(s: SquadronDraft, design: string): { purchase: PurchaseDraft; k: number }[] {
  return s.craft.flatMap((purchase, k) => (purchase.design === design ? [{ purchase, k }] : []));
}

/** The purchases naming no design of the file (a pasted file's mistake): shown apart with their fault. */
export function strayPurchases(s: SquadronDraft): { purchase: PurchaseDraft; k: number }[] {
  return s.craft.flatMap((purchase, k) => (s.designs.some((d) => d.name === purchase.design) ? [] : [{ purchase, k }]));
}

/** How many craft of design `name` are bought: its first entry's count set, or an entry added for it. */
export function setCount(s: SquadronDraft, name: string, count: number): SquadronDraft {
  const n = Number.isFinite(count) ? Math.trunc(count) : 0;
  const first = purchasesOf(s, name)[0];
  if (first === undefined) return { ...s, craft: [...s.craft, { design: name, count: n, crews: [] }] };
  return { ...s, craft: replaceAt(s.craft, first.k, { ...first.purchase, count: n }) };
}

export const bought = (s: SquadronDraft, name: string): number => purchasesOf(s, name).reduce((t, p) => t + p.purchase.count, 0);

const editPurchase = (s: SquadronDraft, k: number, f: (p: PurchaseDraft) => PurchaseDraft): SquadronDraft => {
  const p = s.craft[k];
  return p === undefined ? s : { ...s, craft: replaceAt(s.craft, k, f(p)) };
};

export const setPurchaseCount = (s: SquadronDraft, k: number, count: number): SquadronDraft =>
  editPurchase(s, k, (p) => ({ ...p, count: Number.isFinite(count) ? Math.trunc(count) : 0 }));

export const removePurchase = (s: SquadronDraft, k: number): SquadronDraft => ({ ...s, craft: removeAt(s.craft, k) });

/** A crew added to purchase `k`, under a name no other crew has (crews are kept track of by craft, l.29). */
export function addCrew(s: SquadronDraft, k: number): SquadronDraft {
  const names = new Set(s.craft.flatMap((c) => c.crews.map((x) => x.name)));
  let n = names.size + 1;
  while (names.has(`Crew ${n}`)) n++;
  return editPurchase(s, k, (p) => ({ ...p, crews: [...p.crews, { name: `Crew ${n}`, medals: [] }] }));
}

export const removeCrew = (s: SquadronDraft, k: number, j: number): SquadronDraft =>
  editPurchase(s, k, (p) => ({ ...p, crews: removeAt(p.crews, j) }));

export const renameCrew = (s: SquadronDraft, k: number, j: number, name: string): SquadronDraft =>
  editPurchase(s, k, (p) => ({ ...p, crews: p.crews.map((c, x) => (x === j ? { ...c, name } : c)) }));

/** A medal given or taken away ("An individual crew cannot get two of same Medal", l.801: taking one away takes all copies). */
export const setMedal = (s: SquadronDraft, k: number, j: number, medal: Medal, on: boolean): SquadronDraft =>
  editPurchase(s, k, (p) => ({
    ...p,
    crews: p.crews.map((c, x) =>
      x !== j
        ? c
        : { ...c, medals: on ? (c.medals.includes(medal) ? c.medals : [...c.medals, medal]) : c.medals.filter((m) => m !== medal) },
    ),
  }));

/** A setting of the designer's (C.31 fighterArcs, C.36 prisonersFree): set back to the rules' reading, it leaves the file. */
export function setSetting(s: SquadronDraft, key: "fighterArcs" | "prisonersFree", on: boolean): SquadronDraft {
  const { [key]: _old, ...rest } = s.settings;
  return { ...s, settings: on === DEFAULT_SETTINGS[key] ? rest : { ...rest, [key]: on } };
}

export const settingOn = (s: SquadronDraft, key: "fighterArcs" | "prisonersFree"): boolean => s.settings[key] ?? DEFAULT_SETTINGS[key];

/** Whether a module's arc may be chosen in this design: Lasers and Expendables of a vessel (l.635), a fighter's only by C.31's setting. */
export const arcChoosable = (s: SquadronDraft, d: DesignDraft, m: DesignModule): boolean =>
  MODULE_DATA[m.module].arc && (d.type === "vessel" || settingOn(s, "fighterArcs") || (m.arc !== undefined && m.arc !== "front"));

/** The modules a button may add to a design of this type (l.90-150: "(Vessel only)", "(Fighter only)"). */
export const addable = (type: CraftType, module: Module): boolean => mayCarry(type, module);

/** A file name for the download: the squadron's name in lower case. */
export function fileName(s: SquadronDraft): string {
  const base = s.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${base || "squadron"}.yaml`;
}
