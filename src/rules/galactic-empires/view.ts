/**
 * What one empire may see (fog of war). Seed 003: the map shows every sector's
 * banner, annexation, industrial centre and defence level (chapter 3, "Map Options",
 * "Location Report"); foreign forces, damage and defence damage only where the
 * empire scouted this turn (chapter 4, "Scouting Occurs"), where its own units
 * are, or in its own sectors; cloaked foreign units never (chapter 3, "Cloaking
 * ability"); treasuries, ranks, retreat levels, orders and admirals of others never.
 */
import { own } from "../../core/ids.js";
import type { GeEvent } from "./events.js";
import { isFor } from "./events.js";
import type { Admiral, Border, EmpireId, GameState, PublicSector, Relation, Sector, SectorId, Standing, Unit } from "./model.js";
import { defaultStanding, INDEPENDENT, publicSector, relationOf } from "./model.js";

export interface ForeignEmpireView {
  id: EmpireId;
  name: string;
  ruler: string;
  colour: string;
  defeated: boolean;
  /** Our relation with them. */
  relation: Relation;
  /** What we grant them. */
  ours: Standing;
  /** What they grant us: known, since it governs our own movement and gifts. */
  theirs: Standing;
}

export interface SectorView extends PublicSector {
  industrialCentre: boolean;
  /** The build list and size, known for our own industrial centres only. */
  industry: Sector["industry"];
  defenceLevel: number;
  /** Known only where we see the sector this turn, else null. */
  damage: number | null;
  defenceDamage: number | null;
  /** Special permission list: our own sectors in full; elsewhere only whether we hold it. */
  permission: EmpireId[];
  /** Seen this turn (own, occupied or scouted). */
  seen: boolean;
}

export interface ForeignUnitView {
  id: string;
  owner: EmpireId;
  kind: Unit["kind"];
  name: string;
  sector: SectorId;
  /** Starships by type (ranks are not visible). */
  ships: { type: string; count: number }[];
  admirals: number;
}

export interface EmpireView {
  ruleset: "galactic-empires";
  game: string;
  turn: number;
  empire: EmpireId;
  me: GameState["empires"][string];
  settings: GameState["settings"];
  empires: ForeignEmpireView[];
  sectors: SectorView[];
  borders: Border[];
  units: Unit[];
  admirals: Admiral[];
  foreignUnits: ForeignUnitView[];
  events: GeEvent[];
}

/** Sectors an empire sees now: owned, occupied by its units, or scouted. */
export function seenSectors(state: GameState, empire: EmpireId): Set<SectorId> {
  const seen = new Set<SectorId>(own(state.empires, empire)?.scouted ?? []);
  const owned = new Set<SectorId>();
  for (const s of state.sectors) if (s.owner === empire) owned.add(s.id);
  for (const id of owned) seen.add(id);
  for (const u of Object.values(state.units)) if (u.owner === empire) seen.add(u.sector);
  // Chapter 4 "Scouting Occurs": "Each sector you own will scout adjacent locations"
  // (those with a movement route). That part of scouting needs no dice, so it holds
  // before the first turn's scouting too. (A set of owned ids: one pass over the borders.)
  for (const b of state.borders) {
    if (b.barrier) continue;
    if (owned.has(b.a)) seen.add(b.b);
    if (owned.has(b.b)) seen.add(b.a);
  }
  return seen;
}

export function viewFor(state: GameState, empire: EmpireId, events: readonly GeEvent[]): EmpireView {
  const me = own(state.empires, empire);
  if (!me) throw new Error(`no empire "${empire}" in this game`);
  const seen = seenSectors(state, empire);
  const empires: ForeignEmpireView[] = Object.values(state.empires)
    .filter((e) => e.id !== empire)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((e) => ({
      id: e.id,
      name: e.name,
      ruler: e.ruler,
      colour: e.colour,
      defeated: e.defeated,
      relation: relationOf(state, empire, e.id) as Relation,
      ours: { ...defaultStanding(), ...own(me.toward, e.id) },
      theirs: { ...defaultStanding(), ...own(e.toward, empire) },
    }));
  const sectors: SectorView[] = state.sectors.map((s) => {
    const visible = seen.has(s.id);
    // The public fields, then the empire's own, set one by one: an object spread here made every view of a
    // 5,000-sector galaxy 15x slower (bench/ge-scale: the bots read 26 views a turn).
    const v = publicSector(s) as SectorView;
    v.industrialCentre = s.industry !== null;
    v.industry = s.owner === empire ? s.industry : null;
    v.defenceLevel = s.defence.level;
    v.damage = visible ? s.damage : null;
    v.defenceDamage = visible ? s.defence.damage : null;
    v.permission = s.owner === empire ? [...s.permission] : s.permission.filter((p) => p === empire);
    v.seen = visible;
    return v;
  });
  const units = Object.values(state.units)
    .filter((u) => u.owner === empire)
    .sort(byId);
  const admirals = Object.values(state.admirals)
    .filter((a) => a.owner === empire)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const foreignUnits: ForeignUnitView[] = Object.values(state.units)
    .filter((u) => u.owner !== empire && !u.cloaked && seen.has(u.sector) && (u.ships.length > 0 || u.admirals.length > 0))
    .sort(byId)
    .map((u) => {
      const byType = new Map<string, number>();
      for (const s of u.ships) byType.set(s.type, (byType.get(s.type) ?? 0) + s.count);
      return {
        id: u.id,
        owner: u.owner,
        kind: u.kind,
        name: u.owner === INDEPENDENT ? "Local Forces" : u.name,
        sector: u.sector,
        ships: [...byType].sort(([a], [b]) => (a < b ? -1 : 1)).map(([type, count]) => ({ type, count })),
        admirals: u.admirals.length,
      };
    });
  return {
    ruleset: "galactic-empires",
    game: state.name,
    turn: state.turn,
    empire,
    me: structuredClone(me),
    settings: state.settings,
    empires,
    sectors,
    borders: state.borders,
    units: structuredClone(units),
    admirals: structuredClone(admirals),
    foreignUnits,
    events: events.filter((e) => isFor(e, empire)),
  };
}

function byId(a: { id: string }, b: { id: string }): number {
  const ka = a.id[0] ?? "";
  const kb = b.id[0] ?? "";
  if (ka !== kb) return ka < kb ? -1 : 1;
  return Number(a.id.slice(1)) - Number(b.id.slice(1));
}

/**
 * The state as `empire` knows it, for the check (the FAQ's "scroll"): own forces,
 * foreign forces it can see, nothing else. Hidden foreign units are removed, so a
 * check can never reveal them by what it predicts.
 */
export function knownState(state: GameState, empire: EmpireId): GameState {
  const seen = seenSectors(state, empire);
  // A new record of what the empire knows; what it knows whole (sectors, borders, its own units) is shared, not
  // copied: the state is plain data nobody mutates (a turn works on its own copy), and 26 bots a turn read this.
  const units: GameState["units"] = {};
  for (const [id, u] of Object.entries(state.units)) {
    if (u.owner === empire || (!u.cloaked && seen.has(u.sector))) units[id] = u;
  }
  // A foreign admiral is known only as "an admiral" of a unit in sight: not its id, name or skills
  // (the check assumes none). It is kept under a stand-in id, so the check still counts its corvette.
  const admirals: GameState["admirals"] = {};
  const standIns: GameState["admirals"][string][] = [];
  const renamed = new Map<string, string>();
  for (const [id, a] of Object.entries(state.admirals)) {
    if (a.owner === empire) {
      admirals[id] = a;
      continue;
    }
    const unit = own(units, a.unit);
    if (!unit) continue;
    const stand = `${unit.id}-admiral-${unit.admirals.indexOf(id) + 1}`;
    renamed.set(id, stand);
    standIns.push({ ...a, id: stand, name: "an admiral", tactics: 0, siegecraft: 0 });
  }
  for (const a of standIns) admirals[a.id] = a;
  if (renamed.size > 0) {
    for (const [id, u] of Object.entries(units)) {
      if (u.owner === empire || !u.admirals.some((a) => renamed.has(a))) continue;
      units[id] = {
        ...u,
        admirals: u.admirals.map((a) => renamed.get(a) ?? a),
        leader: u.leader === null ? null : (renamed.get(u.leader) ?? u.leader),
      };
    }
  }
  const empires: GameState["empires"] = {};
  for (const [id, e] of Object.entries(state.empires)) empires[id] = id === empire ? e : { ...e, treasury: 0 };
  const copy: GameState = { ...state, units, admirals, empires };
  return copy;
}
