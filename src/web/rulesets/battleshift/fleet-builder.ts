/**
 * The fleet builder's model (issue 11): a fleet being written (its own ship designs, taskforces of squadrons) as plain
 * data, priced and checked as it is edited by the rules' own code, nothing re-derived here: a design by "Ship Building"
 * (fleet/ship-building.ts buildShip: hull, shields, space, cost item by item, a fault per rule broken), the fleet by
 * "Building a Fleet" (fleet/fleet.ts parseFleet, the same check as the fleet-check tool: squadron sizes, taskforce
 * limits, the point total), with the fleet's options, each taskforce's flagship, a defended planet and moon and space
 * stations priced and checked by the same code. It is exported as the ruleset's fleet file (docs/formats.md), which
 * `starhost new battleshift --fleet FILE` and the fleet-check tool take. Pure: every edit returns a new draft.
 */
import { stringify } from "yaml";
import { own } from "../../../core/ids.js";
import type { Problem } from "../../../core/result.js";
import { CATALOGUE, catalogueDesign, STATION_DESIGNS } from "../../../rules/battleshift/fleet/catalogue.js";
import {
  DEFAULT_FLEET_OPTIONS,
  type Fleet,
  type FleetOptions,
  fleetOptionsSchema,
  parseFleet,
} from "../../../rules/battleshift/fleet/fleet.js";
import { buildShip, type ShipDesign, SYSTEM_KINDS, SYSTEMS, type SystemKind } from "../../../rules/battleshift/fleet/ship-building.js";
import { fleetReport, shipCostLine } from "../../../rules/battleshift/tools.js";

export interface DesignDraft {
  name: string;
  size: number;
  /** How many of each system or weakness (1 for those bought once). */
  systems: Partial<Record<SystemKind, number>>;
  /** How many of those are paid with points instead of space (engulfing, extra shields, fast drives, repair systems). */
  byCost: Partial<Record<SystemKind, number>>;
}

export interface SquadronDraft {
  name: string;
  /** A catalogue id ("generic/fleet-cruiser") or the name of one of the draft's designs. */
  design: string;
  ships: number;
}

export interface TaskforceDraft {
  name: string;
  /** The squadron carrying the flagship ("one of its largest ships"); none: the rules' default, the first of the largest. */
  flagship?: string;
  squadrons: SquadronDraft[];
}

/** What a planet's quadrant holds (fleet.ts layout): installations and garrison assault units. */
export const LAYOUT_KINDS = ["heavy", "light", "missile", "fighterBay", "interceptor", "assault"] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];
export const LAYOUT_LABELS: Readonly<Record<LayoutKind, string>> = {
  heavy: "Heavy batteries",
  light: "Light batteries",
  missile: "Missile launchers",
  fighterBay: "Fighter bays",
  interceptor: "Interceptors",
  assault: "Assault units (garrison)",
};

/** A defended planet or moon the fleet brings (seed 004 "Planets": "like buying a ship"), one layout for all four quadrants. */
export interface DefenseDraft {
  kind: "planet" | "moon";
  name: string;
  size: number;
  /** Inches across, or null for the rules' default (a planet 12, a moon 4). */
  diameter: number | null;
  quadrant: Partial<Record<LayoutKind, number>>;
  /** A layout quadrant by quadrant (N, E, S, W) loaded from a file: kept as written (the builder edits one for all four). */
  quadrants?: unknown;
}

/** A space station the fleet brings ("Space Stations"), at the centre of a sector of its own half. */
export interface StationDraft {
  design: string;
  name: string;
  sector: string;
}

export interface FleetDraft {
  name: string;
  /** The agreed point total, or null for none. */
  points: number | null;
  /** The options set away from the rules' defaults (fleet.ts FleetOptions). */
  options?: Partial<FleetOptions>;
  designs: DesignDraft[];
  taskforces: TaskforceDraft[];
  defenses?: DefenseDraft[];
  stations?: StationDraft[];
}

/** One option as a control: its kind and choices; its words are the fleet file schema's own (fleetOptionsSchema). */
export interface OptionControl {
  key: keyof FleetOptions;
  kind: "boolean" | "number" | "choice";
  choices?: readonly (string | number)[];
  min?: number;
  max?: number;
  /** A number left empty is null (shipsPerTaskforce: no limit). */
  nullable?: boolean;
  help: string;
}

const CONTROLS: readonly Omit<OptionControl, "help">[] = [
  { key: "squadronsPerTaskforce", kind: "number", min: 1, max: 100 },
  { key: "shipsPerTaskforce", kind: "number", min: 1, max: 10_000, nullable: true },
  { key: "hardenedHullCost", kind: "choice", choices: [3, 2] },
  { key: "catalogueValues", kind: "choice", choices: ["recomputed", "printed"] },
  { key: "mixedSquadrons", kind: "boolean" },
  { key: "formations", kind: "boolean" },
  { key: "experience", kind: "boolean" },
  { key: "tractorBeams", kind: "boolean" },
  { key: "fighterMissileTargeting", kind: "choice", choices: [3, 4] },
  { key: "planetOrders", kind: "boolean" },
  { key: "assaultMoves", kind: "choice", choices: ["adjacent", "any"] },
];

export const OPTION_CONTROLS: readonly OptionControl[] = CONTROLS.map((c) => ({
  ...c,
  help: fleetOptionsSchema.shape[c.key].description ?? c.key,
}));

/** An option's value in force: the draft's, else the rules' default (false for the options off by default). */
export function optionValue(f: FleetDraft, key: keyof FleetOptions): boolean | number | string | null {
  const v = f.options?.[key] ?? (DEFAULT_FLEET_OPTIONS as Partial<FleetOptions>)[key];
  return v === undefined ? (OPTION_CONTROLS.find((c) => c.key === key)?.kind === "boolean" ? false : null) : v;
}

/** Set an option; set back to the rules' default, it leaves the file (both fleets of a battle should agree on them). */
export function setOption(f: FleetDraft, key: keyof FleetOptions, value: boolean | number | string | null): FleetDraft {
  const rest: Record<string, unknown> = { ...(f.options ?? {}) };
  delete rest[key];
  const def = (DEFAULT_FLEET_OPTIONS as Partial<FleetOptions>)[key];
  const isDefault = value === def || (def === undefined && (value === false || value === null));
  const options = (isDefault ? rest : { ...rest, [key]: value }) as Partial<FleetOptions>;
  const { options: _old, ...without } = f;
  return Object.keys(options).length ? { ...without, options } : without;
}

/** The station designs a fleet may buy ("Sample Space Stations"), with their cost. */
export const STATION_CHOICES: readonly { id: string; name: string; cost: number }[] = Object.entries(STATION_DESIGNS).map(([id, d]) => ({
  id,
  name: d.name,
  cost: d.cost,
}));

export function newDefense(kind: "planet" | "moon"): DefenseDraft {
  return kind === "planet"
    ? { kind, name: "Home", size: 4, diameter: null, quadrant: { heavy: 1, light: 1, interceptor: 1, assault: 1 } }
    : { kind, name: "Home's moon", size: 2, diameter: null, quadrant: { light: 1 } };
}

export function newStation(): StationDraft {
  const first = STATION_CHOICES[0];
  return { design: first?.id ?? "", name: first?.name ?? "Station", sector: "1B" };
}

/** Systems that can be paid with points instead of space ("Space Units OR Cost increase": both columns filled). */
export const DUAL_SYSTEMS: readonly SystemKind[] = SYSTEM_KINDS.filter((k) => {
  const r = SYSTEMS[k];
  return r.space !== null && r.cost !== null && !r.both && !r.weakness;
});

export const SYSTEM_LABELS: Readonly<Record<SystemKind, string>> = Object.fromEntries(
  SYSTEM_KINDS.map((k) => [k, SYSTEMS[k].label]),
) as Record<SystemKind, string>;

/** A system bought at most once (on or off), as the table says. */
export const isOnOff = (k: SystemKind): boolean => !SYSTEMS[k].multiple;

/** The catalogue's ships a squadron may name, by faction then name. */
export const CATALOGUE_CHOICES: readonly { id: string; name: string; faction: string; size: number }[] = CATALOGUE.map((e) => ({
  id: e.id,
  name: e.input.name,
  faction: e.faction,
  size: e.input.size,
}));

export function newDesign(name: string): DesignDraft {
  return { name, size: 3, systems: { heavy: 2, light: 1, interceptor: 1 }, byCost: {} };
}

export function newFleet(): FleetDraft {
  return {
    name: "My Fleet",
    points: 200,
    designs: [newDesign("Line Cruiser")],
    taskforces: [
      {
        name: "First",
        squadrons: [
          { name: "Line cruisers", design: "Line Cruiser", ships: 3 },
          { name: "Pickets", design: "generic/fleet-destroyer", ships: 3 },
        ],
      },
    ],
  };
}

/** One design as the rules build it: every figure, the cost line by line, and its faults. */
export interface DesignPriced {
  design: ShipDesign;
  /** "cost 30: base 3 x 10 = 30. Space 6 of 6 (3 x 2): 2 Heavy Battery = 4, ..." (the fleet check's own words). */
  costLine: string;
  faults: Problem[];
}

function designInput(d: DesignDraft) {
  const keep = (r: Partial<Record<SystemKind, number>>) => Object.fromEntries(Object.entries(r).filter(([, n]) => (n ?? 0) > 0));
  const byCost = keep(d.byCost);
  return {
    name: d.name,
    size: d.size,
    systems: keep(d.systems),
    ...(Object.keys(byCost).length ? { byCost } : {}),
  };
}

/** The options ship building reads (a Hardened Hull's cost per size, printed catalogue figures), as parseFleet sets them. */
function buildOptions(f?: FleetDraft) {
  const hardened = f ? optionValue(f, "hardenedHullCost") : 3;
  return {
    hardenedCostPerSize: hardened === 2 ? 2 : 3,
    ...(f && optionValue(f, "catalogueValues") === "printed" ? { printed: true } : {}),
  } as const;
}

export function priceDesign(d: DesignDraft, f?: FleetDraft): DesignPriced {
  const r = buildShip({ id: d.name, faction: "custom", ...designInput(d) }, buildOptions(f), `design "${d.name}"`);
  return { design: r.value, costLine: shipCostLine(r.value), faults: r.ok ? [] : r.error };
}

/** The draft as the ruleset's fleet file (docs/formats.md "fleet file"): what fleet-check and `starhost new` read. */
export function fleetFile(f: FleetDraft): Record<string, unknown> {
  const defenses = (f.defenses ?? []).map((d) => {
    const layout = Object.fromEntries(LAYOUT_KINDS.filter((k) => (d.quadrant[k] ?? 0) > 0).map((k) => [k, d.quadrant[k]]));
    return {
      kind: d.kind,
      name: d.name,
      size: d.size,
      ...(d.diameter !== null ? { diameter: d.diameter } : {}),
      ...(d.quadrants !== undefined ? { quadrants: d.quadrants } : { quadrant: layout }),
    };
  });
  const stations = (f.stations ?? []).map((st) => ({ design: st.design, name: st.name, sector: st.sector }));
  return {
    name: f.name,
    ...(f.points !== null ? { points: f.points } : {}),
    ...(f.options && Object.keys(f.options).length ? { options: f.options } : {}),
    ...(f.designs.length ? { designs: f.designs.map(designInput) } : {}),
    taskforces: f.taskforces.map((tf) => ({
      name: tf.name,
      ...(tf.flagship ? { flagship: tf.flagship } : {}),
      squadrons: tf.squadrons.map((s) => ({ name: s.name, design: s.design, ships: s.ships })),
    })),
    ...(defenses.length ? { defenses } : {}),
    ...(stations.length ? { stations } : {}),
  };
}

export function fleetYaml(f: FleetDraft): string {
  return `# Battleshift fleet file, written by the Starhost fleet builder.\n# Check it: starhost fleet check FILE; play it: starhost new battleshift --fleet FILE --fleet OTHER\n${stringify(fleetFile(f))}`;
}

/** The whole fleet priced and checked, as the fleet-check tool does it. */
export interface FleetChecked {
  ok: boolean;
  /** The fleet as the check priced it (also when it has faults, as far as it could be built). */
  fleet: Fleet | null;
  /** The fleet's price, when it could be priced (a fleet with faults may still be, part by part). */
  points: number | null;
  faults: Problem[];
  /** The fleet check's own report lines: taskforce by taskforce, squadron by squadron, ship by ship. */
  lines: string[];
}

export function checkFleet(f: FleetDraft): FleetChecked {
  const r = parseFleet(fleetFile(f));
  if (r.ok) return { ok: true, fleet: r.value, points: r.value.points, faults: [], lines: fleetReport(r.value) };
  const v: Fleet | undefined = r.value;
  return { ok: false, fleet: v ?? null, points: v ? partialPoints(v) : null, faults: r.error, lines: v ? fleetReport(v, false) : [] };
}

/** The check's faults about one part of the file: those it names by that part's path ("fleet.defenses[0]", "fleet.options"). */
export function faultsAt(c: FleetChecked, path: string, codes?: readonly string[]): Problem[] {
  return c.faults.filter(
    (p) =>
      (p.order === path || p.order.startsWith(`${path} `) || p.order.startsWith(`${path}.`) || p.order.startsWith(`${path}[`)) &&
      (!codes || codes.includes(p.code)),
  );
}

/** What the check prices a defended planet or moon at (10 a size, 3 a garrison unit), or null while it cannot. */
export function defensePoints(c: FleetChecked, d: DefenseDraft): number | null {
  return c.fleet?.defenses?.find((x) => x.kind === d.kind && x.name === d.name)?.cost ?? null;
}

/** A station's price: its design's cost, as the check prices it ("Sample Space Stations"); null for an unknown design. */
export function stationPoints(st: StationDraft): number | null {
  return own(STATION_DESIGNS, st.design)?.cost ?? null;
}

/** What could be priced of a fleet with faults: every squadron whose design is known, ships times cost. */
function partialPoints(v: Fleet): number {
  let t = 0;
  for (const tf of v.taskforces)
    for (const s of tf.squadrons) {
      const d = Object.hasOwn(v.designs, s.design) ? v.designs[s.design] : undefined;
      if (d && s.ships > 0) t += d.cost * s.ships;
    }
  for (const d of v.defenses ?? []) t += d.cost;
  for (const st of v.stations ?? []) t += st.cost;
  return t;
}

// ---------------------------------------------------------------- edits (each returns a new draft)

export function setSystem(d: DesignDraft, k: SystemKind, n: number, byCost = false): DesignDraft {
  const count = Math.max(0, Math.floor(Number.isFinite(n) ? n : 0));
  if (byCost) return { ...d, byCost: { ...d.byCost, [k]: count } };
  return { ...d, systems: { ...d.systems, [k]: count } };
}

export function replaceAt<T>(list: readonly T[], i: number, value: T): T[] {
  return list.map((x, k) => (k === i ? value : x));
}

export function removeAt<T>(list: readonly T[], i: number): T[] {
  return list.filter((_, k) => k !== i);
}

/** A design renamed: the squadrons that named it follow. */
export function renameDesign(f: FleetDraft, i: number, name: string): FleetDraft {
  const old = f.designs[i]?.name;
  return {
    ...f,
    designs: f.designs.map((d, k) => (k === i ? { ...d, name } : d)),
    taskforces: f.taskforces.map((tf) => ({
      ...tf,
      squadrons: tf.squadrons.map((s) => (s.design === old ? { ...s, design: name } : s)),
    })),
  };
}

/** What one squadron costs (ships x the design's cost, "Building a Fleet"), or null while its design is unknown. */
export function squadronPoints(f: FleetDraft, s: SquadronDraft): number | null {
  const own = f.designs.find((d) => d.name === s.design);
  const d = own ? priceDesign(own, f).design : catalogueDesign(s.design, buildOptions(f));
  return d && s.ships > 0 ? d.cost * s.ships : null;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function counts(x: unknown): Partial<Record<SystemKind, number>> {
  const out: Partial<Record<SystemKind, number>> = {};
  if (!isRecord(x)) return out;
  for (const k of SYSTEM_KINDS) if (typeof x[k] === "number") out[k] = x[k];
  return out;
}

/**
 * A fleet file (as decoded from YAML or JSON) as a draft to edit further: its name, points, options, designs,
 * taskforces with their flagships, defended planet and moon, and stations. What the builder does not edit (mixed
 * squadrons) is left out, and said so.
 */
export function draftOfFile(raw: unknown): { draft: FleetDraft; dropped: string[] } | null {
  if (!isRecord(raw) || !Array.isArray(raw.taskforces)) return null;
  const dropped: string[] = [];
  const designs: DesignDraft[] = (Array.isArray(raw.designs) ? raw.designs : []).filter(isRecord).map((d) => ({
    name: String(d.name ?? ""),
    size: typeof d.size === "number" ? d.size : 1,
    systems: counts(d.systems),
    byCost: counts(d.byCost),
  }));
  const taskforces: TaskforceDraft[] = raw.taskforces.filter(isRecord).map((tf) => {
    return {
      name: String(tf.name ?? ""),
      ...(typeof tf.flagship === "string" ? { flagship: tf.flagship } : {}),
      squadrons: (Array.isArray(tf.squadrons) ? tf.squadrons : []).filter(isRecord).flatMap((s) => {
        if (s.mixed !== undefined) {
          dropped.push(`mixed squadron ${String(s.name)}`);
          return [];
        }
        return [{ name: String(s.name ?? ""), design: String(s.design ?? ""), ships: typeof s.ships === "number" ? s.ships : 1 }];
      }),
    };
  });
  const points = typeof raw.points === "number" ? raw.points : null;
  // Options as written: the check says what is wrong with any of them.
  const options = isRecord(raw.options) ? (raw.options as Partial<FleetOptions>) : undefined;
  const defenses: DefenseDraft[] = (Array.isArray(raw.defenses) ? raw.defenses : []).filter(isRecord).map((d) => ({
    kind: d.kind === "moon" ? "moon" : "planet",
    name: String(d.name ?? (d.kind === "moon" ? "Moon" : "Planet")),
    size: typeof d.size === "number" ? d.size : 1,
    diameter: typeof d.diameter === "number" ? d.diameter : null,
    quadrant: isRecord(d.quadrant)
      ? Object.fromEntries(
          LAYOUT_KINDS.filter((k) => typeof (d.quadrant as Record<string, unknown>)[k] === "number").map((k) => [
            k,
            (d.quadrant as Record<string, number>)[k],
          ]),
        )
      : {},
    ...(d.quadrants !== undefined ? { quadrants: d.quadrants } : {}),
  }));
  const stations: StationDraft[] = (Array.isArray(raw.stations) ? raw.stations : []).filter(isRecord).map((st) => ({
    design: String(st.design ?? ""),
    name: String(st.name ?? own(STATION_DESIGNS, String(st.design))?.name ?? "Station"),
    sector: String(st.sector ?? ""),
  }));
  return {
    draft: {
      name: String(raw.name ?? "Fleet"),
      points,
      ...(options && Object.keys(options).length ? { options } : {}),
      designs,
      taskforces,
      ...(defenses.length ? { defenses } : {}),
      ...(stations.length ? { stations } : {}),
    },
    dropped,
  };
}
