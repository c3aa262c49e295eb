/**
 * Small hand-built galaxies for rule tests: a line or grid of sectors, empires and
 * units given in a few lines, so each test reads like the rulebook passage it checks.
 */
import {
  DEFAULT_SETTINGS,
  type Empire,
  type GameState,
  INDEPENDENT,
  type Rank,
  type Sector,
  type Unit,
} from "../../src/rules/galactic-empires/model.js";

export interface TinyOptions {
  /** Sector owners by id 1..n (default: all independent). */
  owners?: Record<number, string>;
  /** Number of sectors in a row, each bordering the next (default 5). */
  sectors?: number;
  /** Extra borders [a, b] or barriers [a, b, true]. */
  borders?: [number, number, boolean?][];
  empires?: string[];
  treasury?: number;
}

export function tinyGalaxy(opts: TinyOptions = {}): GameState {
  const n = opts.sectors ?? 5;
  const empires = opts.empires ?? ["alpha", "beta"];
  const sectors: Sector[] = [];
  for (let i = 1; i <= n; i++) {
    const owner = opts.owners?.[i] ?? INDEPENDENT;
    sectors.push({
      id: i,
      name: `Sector ${i}`,
      x: i * 10,
      y: 10,
      owner,
      annexedTo: owner === INDEPENDENT ? null : owner,
      annexDrift: 0,
      revenue: 10,
      damage: 0,
      defence: { level: 0, damage: 0 },
      industry: null,
      permission: [],
    });
  }
  const borders: GameState["borders"] = [];
  for (let i = 1; i < n; i++) borders.push({ a: i, b: i + 1, barrier: false });
  for (const [a, b, barrier] of opts.borders ?? []) borders.push({ a, b, barrier: barrier === true });
  const emp: Record<string, Empire> = {};
  for (const id of empires) {
    emp[id] = {
      id,
      name: id[0]?.toUpperCase() + id.slice(1),
      ruler: `Ruler of ${id}`,
      status: "royalty",
      treasury: opts.treasury ?? 100,
      colour: "#888",
      builder: "Klingon",
      defeated: false,
      scouted: [],
      toward: {},
      nextFleetNumber: 1,
    };
  }
  return {
    ruleset: "galactic-empires",
    version: 1,
    name: "test",
    scenario: "test",
    seed: 1,
    turn: 1,
    settings: { ...DEFAULT_SETTINGS },
    empires: emp,
    relations: {},
    sectors,
    borders,
    units: {},
    admirals: {},
    nextUnit: 100,
    nextAdmiral: 100,
  };
}

/** Add a unit: `fleet(state, "A1", "alpha", 2, [["klingon/hawk-heavy-cruiser", 3, 1]])`. */
export function addUnit(
  state: GameState,
  id: string,
  owner: string,
  sector: number,
  ships: [type: string, count: number, rank?: number, used?: number][],
  extra: Partial<Unit> = {},
): Unit {
  const unit: Unit = {
    id,
    kind: id.startsWith("G") ? "garrison" : "starfleet",
    owner,
    name: extra.name ?? id,
    sector,
    ships: ships.map(([type, count, rank, used]) => ({ type, count, rank: (rank ?? 1) as Rank, used: used ?? 0 })),
    admirals: [],
    leader: null,
    retreatLevel: 5,
    follow: null,
    defendDefences: true,
    cloaked: false,
    ...extra,
  };
  state.units[id] = unit;
  return unit;
}

export const HAWK = "klingon/hawk-heavy-cruiser";
export const NEGHVAR = "klingon/negh-var-battleship";
export const ROMULAN_HAWK = "romulan/hawk-heavy-cruiser";
export const BIRD = "klingon/klingon-bird-of-prey";
export const KTINGA = "klingon/k-tinga-class-destroyer";
