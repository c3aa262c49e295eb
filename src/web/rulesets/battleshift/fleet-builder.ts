/**
 * The fleet builder's model (issue 11): a fleet being written (its own ship designs, taskforces of squadrons) as plain
 * data, priced and checked as it is edited by the rules' own code, nothing re-derived here: a design by "Ship Building"
 * (fleet/ship-building.ts buildShip: hull, shields, space, cost item by item, a fault per rule broken), the fleet by
 * "Building a Fleet" (fleet/fleet.ts parseFleet, the same check as the fleet-check tool: squadron sizes, taskforce
 * limits, the point total). It is exported as the ruleset's fleet file (docs/formats.md), which `starhost new
 * battleshift --fleet FILE` and the fleet-check tool take. Pure: every edit returns a new draft.
 */
import { stringify } from "yaml";
import type { Problem } from "../../../core/result.js";
import { CATALOGUE, catalogueDesign } from "../../../rules/battleshift/fleet/catalogue.js";
import { type Fleet, parseFleet } from "../../../rules/battleshift/fleet/fleet.js";
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
  squadrons: SquadronDraft[];
}

export interface FleetDraft {
  name: string;
  /** The agreed point total, or null for none. */
  points: number | null;
  designs: DesignDraft[];
  taskforces: TaskforceDraft[];
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

export function priceDesign(d: DesignDraft): DesignPriced {
  const r = buildShip({ id: d.name, faction: "custom", ...designInput(d) }, {}, `design "${d.name}"`);
  return { design: r.value, costLine: shipCostLine(r.value), faults: r.ok ? [] : r.error };
}

/** The draft as the ruleset's fleet file (docs/formats.md "fleet file"): what fleet-check and `starhost new` read. */
export function fleetFile(f: FleetDraft): Record<string, unknown> {
  return {
    name: f.name,
    ...(f.points !== null ? { points: f.points } : {}),
    ...(f.designs.length ? { designs: f.designs.map(designInput) } : {}),
    taskforces: f.taskforces.map((tf) => ({
      name: tf.name,
      squadrons: tf.squadrons.map((s) => ({ name: s.name, design: s.design, ships: s.ships })),
    })),
  };
}

export function fleetYaml(f: FleetDraft): string {
  return `# Battleshift fleet file, written by the Starhost fleet builder.\n# Check it: starhost fleet check FILE; play it: starhost new battleshift --fleet FILE --fleet OTHER\n${stringify(fleetFile(f))}`;
}

/** The whole fleet priced and checked, as the fleet-check tool does it. */
export interface FleetChecked {
  ok: boolean;
  /** The fleet's price, when it could be priced (a fleet with faults may still be, part by part). */
  points: number | null;
  faults: Problem[];
  /** The fleet check's own report lines: taskforce by taskforce, squadron by squadron, ship by ship. */
  lines: string[];
}

export function checkFleet(f: FleetDraft): FleetChecked {
  const r = parseFleet(fleetFile(f));
  if (r.ok) return { ok: true, points: r.value.points, faults: [], lines: fleetReport(r.value) };
  const v: Fleet | undefined = r.value;
  return { ok: false, points: v ? partialPoints(v) : null, faults: r.error, lines: v ? fleetReport(v, false) : [] };
}

/** What could be priced of a fleet with faults: every squadron whose design is known, ships times cost. */
function partialPoints(v: Fleet): number {
  let t = 0;
  for (const tf of v.taskforces)
    for (const s of tf.squadrons) {
      const d = Object.hasOwn(v.designs, s.design) ? v.designs[s.design] : undefined;
      if (d && s.ships > 0) t += d.cost * s.ships;
    }
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
  const d = own ? priceDesign(own).design : catalogueDesign(s.design);
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
 * A fleet file (as decoded from YAML or JSON) as a draft to edit further: its name, points, designs and taskforces.
 * What the builder does not edit (mixed squadrons, flagships, options, planets, stations) is left out, and said so.
 */
export function draftOfFile(raw: unknown): { draft: FleetDraft; dropped: string[] } | null {
  if (!isRecord(raw) || !Array.isArray(raw.taskforces)) return null;
  const dropped: string[] = [];
  for (const k of ["options", "defenses", "stations"]) if (raw[k] !== undefined) dropped.push(k);
  const designs: DesignDraft[] = (Array.isArray(raw.designs) ? raw.designs : []).filter(isRecord).map((d) => ({
    name: String(d.name ?? ""),
    size: typeof d.size === "number" ? d.size : 1,
    systems: counts(d.systems),
    byCost: counts(d.byCost),
  }));
  const taskforces: TaskforceDraft[] = raw.taskforces.filter(isRecord).map((tf) => {
    if (tf.flagship !== undefined) dropped.push(`flagship of ${String(tf.name)}`);
    return {
      name: String(tf.name ?? ""),
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
  return { draft: { name: String(raw.name ?? "Fleet"), points, designs, taskforces }, dropped };
}
