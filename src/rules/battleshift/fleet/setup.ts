/**
 * Setting up a battle from two fleets ("Building a Fleet", "Turn Sequence": "At
 * the start of each turn, players place any arriving Taskforces on the table").
 * Each side's taskforces arrive on turn 1 in the sectors along its own short edge
 * (blue: column 1 facing east; red: the last column facing west), squadrons in a
 * default formation; `place` orders may rearrange them inside their sector before
 * the first sequences are written. "One of the largest ships in the Taskforce
 * becomes the Taskforce Flagship".
 */

import { cloneData } from "../../../core/json.js";
import { arrivals } from "../battlespace/battleshifting.js";
import {
  type Battlespace,
  defaultBattlespace,
  parseSector,
  sectorCentre,
  sectorInTable,
  sectorName,
  type Terrain,
} from "../battlespace/battlespace.js";
import { mixedOrder } from "../combat/combat.js";
import type { BsEvent } from "../events.js";
import { type BattleState, DEFAULT_SETTINGS, largestShip, type Settings, type SideId, type Squadron, type Taskforce } from "../model.js";
import { type InstallationKind, type PlanetDefense, QUADRANTS, type QuadrantId } from "../planets/planet.js";
import { STATION_DESIGNS } from "./catalogue.js";
import { type Fleet, parseFleet, type ShipDesign } from "./fleet.js";

export const SIDES: readonly SideId[] = ["blue", "red"];

export interface BattleOptions {
  seed: number;
  scenario: string;
  fleets: Fleet[];
  battlespace?: Battlespace;
  settings?: Partial<Settings>;
  /** Space stations, each its own taskforce of one squadron ("Stations are immobile during a game"). */
  stations?: StationPlacement[];
}

/** A station on the table: its side, design, place and facing (a scenario's, or a fleet file's). */
export interface StationPlacement {
  side: SideId;
  design: string;
  name?: string;
  x: number;
  y: number;
  facing: number;
  /** Damage it starts the battle with (a fleet file's `damage`; RULINGS "Starting damage"). */
  damage?: number;
}

/**
 * The fleets' own stations (RULINGS "Stations from a fleet file"): each in the centre of its sector, which must be on
 * the table, in its fleet's half (blue the west columns, red the east), and clear of planets and moons. Facing the
 * enemy's edge. Every fault is named, and the battle is refused.
 */
function fleetStations(b: Battlespace, fleets: readonly Fleet[]): StationPlacement[] {
  const out: StationPlacement[] = [];
  const faults: string[] = [];
  const half = Math.floor(b.widthFt / 2);
  fleets.slice(0, 2).forEach((fleet, k) => {
    const side = SIDES[k] as SideId;
    for (const st of fleet.stations ?? []) {
      const at = `${fleet.name}'s station ${st.name} in sector ${st.sector}`;
      const s = parseSector(st.sector);
      if (!s || !sectorInTable(b, s)) {
        faults.push(
          `${at}: the sector is off the ${b.widthFt}' x ${b.depthFt}' table (1-${b.widthFt}, A-${sectorName({ col: 1, row: b.depthFt }).slice(1)})`,
        );
        continue;
      }
      const own = k === 0 ? s.col <= half : s.col > b.widthFt - half;
      if (!own) {
        const cols = k === 0 ? `1-${half}` : `${b.widthFt - half + 1}-${b.widthFt}`;
        faults.push(`${at}: a station stands in its own fleet's half of the table (${side}: columns ${cols})`);
        continue;
      }
      const c = sectorCentre(s);
      const body = b.terrain.find((t) => (t.kind === "planet" || t.kind === "moon") && Math.hypot(t.x - c.x, t.y - c.y) < t.radius + 1);
      if (body) {
        faults.push(`${at}: the sector's centre (${c.x}, ${c.y}) is on ${body.name}; choose another sector`);
        continue;
      }
      out.push({
        side,
        design: st.design,
        name: st.name,
        x: c.x,
        y: c.y,
        facing: k === 0 ? 90 : 270,
        ...(st.damage !== undefined ? { damage: st.damage } : {}),
      });
    }
  });
  if (faults.length) throw new Error(`the fleets' stations cannot be placed:\n${faults.map((f) => `  ${f}`).join("\n")}`);
  return out;
}

export function createBattle(opts: BattleOptions): { state: BattleState; events: BsEvent[] } {
  const totalShips = opts.fleets.reduce(
    (t, f) => t + f.taskforces.reduce((u, tf) => u + tf.squadrons.reduce((v, s) => v + s.ships, 0), 0),
    0,
  );
  const battlespace = opts.battlespace ?? defaultBattlespace(totalShips);
  const settings: Settings = { ...DEFAULT_SETTINGS, ...(opts.settings ?? {}) };
  if (opts.fleets[0]?.options?.squadronsPerTaskforce) settings.squadronsPerTaskforce = opts.fleets[0].options.squadronsPerTaskforce;
  // Experimental options ("Formations", "Experience"): on when either fleet file turns them on.
  if (opts.fleets.some((f) => f.options?.formations)) settings.formations = true;
  if (opts.fleets.some((f) => f.options?.experience)) settings.experience = true;
  // "Planets (Extremely experimental)": a fleet file that brings a defended planet or moon turns the option on.
  if (opts.fleets.some((f) => f.defenses?.length)) settings.planets = true;
  if (opts.fleets.some((f) => f.options?.planetOrders)) settings.planetOrders = true;
  if (opts.fleets.some((f) => f.options?.assaultMoves === "any")) settings.assaultMoves = "any";
  if (opts.fleets.some((f) => f.options?.fighterMissileTargeting === 4)) settings.fighterMissileTargeting = 4;
  if (opts.fleets.some((f) => f.options?.tractorBeams)) settings.tractorBeams = true;
  const state: BattleState = {
    ruleset: "battleshift",
    version: 1,
    seed: opts.seed,
    scenario: opts.scenario,
    step: 1,
    turn: 1,
    activationNo: 0,
    settings,
    battlespace,
    sides: {},
    designs: {},
    taskforces: {},
    squadrons: {},
    flights: {},
    prizes: {},
    nextId: 0,
    turnState: { phase: "sequences", sequences: {}, planned: {}, initiative: null, queue: [], index: 0, detachedNext: null, activated: {} },
    outcome: null,
  };
  opts.fleets.slice(0, 2).forEach((fleet, k) => {
    const side = SIDES[k] as SideId;
    state.sides[side] = { id: side, name: fleet.name, points: fleet.points, vp: 0, vpLog: [] };
    const designKey = (name: string): string => {
      const d = fleet.designs[name] as ShipDesign;
      // Keys are the design ids; two fleets naming different designs alike get a side prefix.
      let key = d.id || name;
      const existing = state.designs[key];
      if (existing && JSON.stringify(existing) !== JSON.stringify(d)) key = `${side}:${key}`;
      state.designs[key] = d;
      return key;
    };
    const west = k === 0;
    const col = west ? 1 : battlespace.widthFt;
    const facing = west ? 90 : 270;
    fleet.taskforces.forEach((tfSpec, ti) => {
      const tfId = `${side}-tf${ti + 1}`;
      const row = (ti % battlespace.depthFt) + 1;
      const colHere = west ? col + Math.floor(ti / battlespace.depthFt / 2) : col - Math.floor(ti / battlespace.depthFt / 2);
      const sector = sectorName({ col: Math.max(1, Math.min(battlespace.widthFt, colHere)), row });
      const tf: Taskforce = { id: tfId, side, name: tfSpec.name, flagship: null, alive: true };
      state.taskforces[tfId] = tf;
      const members: { sq: Squadron; size: number; name: string }[] = [];
      tfSpec.squadrons.forEach((spec, si) => {
        const sqId = `${side}-tf${ti + 1}-s${si + 1}`;
        const key = designKey(spec.design);
        const d = state.designs[key] as ShipDesign;
        const ships: Squadron["ships"] = Array.from({ length: spec.ships }, (_, j) => ({
          id: `${sqId}.${j + 1}`,
          x: 0,
          y: 0,
          disabled: false,
        }));
        const bays = d.systems.fighterBay ?? 0;
        let wings = bays * spec.ships;
        // "New rules for mixed ships in a Squadron": each ship keeps its own design; the list in test order.
        let mixed: Squadron["mixed"];
        if (spec.mixed?.length) {
          const keys = spec.mixed.flatMap((part) => Array.from({ length: part.ships }, () => designKey(part.design)));
          keys.forEach((k2, j) => {
            const ship = ships[j];
            if (ship) ship.design = k2;
          });
          const rows = ships.map((sh) => ({
            ship: sh.id,
            design: sh.design ?? key,
            hull: (state.designs[sh.design ?? key] as ShipDesign).hull,
          }));
          mixed = { roster: mixedOrder(rows).map((r) => ({ ship: r.ship, design: r.design, tests: 0, destroyed: false })), next: 0 };
          wings = ships.reduce((t, sh) => t + ((state.designs[sh.design ?? key] as ShipDesign).systems.fighterBay ?? 0), 0);
        }
        const sq: Squadron = {
          id: sqId,
          side,
          name: spec.name,
          design: key,
          taskforce: tfId,
          ships,
          initialShips: spec.ships,
          facing,
          // "Starting damage" (RULINGS): a squadron already damaged; tests are taken only for damage done from here.
          damage: spec.damage ?? 0,
          suppression: 0,
          location: "reserve",
          goneReason: null,
          arrival: { turn: 1, sector, facing },
          arrivedTurn: null,
          activatedTurn: 0,
          fighters: wings,
          fightersMax: wings,
          suppressedAt: -1,
          interceptAt: -1,
          lightAt: -1,
          station: false,
          ...(spec.experience?.length ? { experience: [...spec.experience] } : {}),
          ...(mixed ? { mixed } : {}),
        };
        state.squadrons[sqId] = sq;
        members.push({ sq, size: d.size, name: spec.name });
      });
      // The named flagship squadron, else the first squadron of the largest ships.
      const biggest = Math.max(0, ...members.map((m) => m.size));
      const f = members.find((m) => tfSpec.flagship !== undefined && m.name === tfSpec.flagship) ?? members.find((m) => m.size === biggest);
      // "One of the largest ships in the Taskforce becomes the Taskforce Flagship": in a mixed squadron, its first largest ship.
      const flagShip = f ? largestShip(state, f.sq) : undefined;
      if (f && flagShip) tf.flagship = { squadron: f.sq.id, ship: flagShip.id };
    });
  });
  const events: BsEvent[] = [];
  arrivals(state, events);
  [...(opts.stations ?? []), ...fleetStations(state.battlespace, opts.fleets)].forEach((st, k) => {
    const d = STATION_DESIGNS[st.design];
    if (!d) throw new Error(`no station design "${st.design}"; known: ${Object.keys(STATION_DESIGNS).join(", ")}`);
    // A copy: the state owns its designs (STATION_DESIGNS is shared by every battle).
    state.designs[d.id] = cloneData(d);
    const tfId = `${st.side}-st${k + 1}`;
    const sqId = `${tfId}-s1`;
    const name = st.name ?? d.name;
    state.taskforces[tfId] = { id: tfId, side: st.side, name, flagship: { squadron: sqId, ship: `${sqId}.1` }, alive: true };
    state.squadrons[sqId] = {
      id: sqId,
      side: st.side,
      name,
      design: d.id,
      taskforce: tfId,
      ships: [{ id: `${sqId}.1`, x: st.x, y: st.y, disabled: false }],
      initialShips: 1,
      facing: st.facing,
      damage: st.damage ?? 0,
      suppression: 0,
      location: "table",
      goneReason: null,
      arrival: null,
      arrivedTurn: 0,
      activatedTurn: 0,
      fighters: d.systems.fighterBay,
      fightersMax: d.systems.fighterBay,
      suppressedAt: -1,
      interceptAt: -1,
      lightAt: -1,
      station: true,
    };
  });
  opts.fleets.slice(0, 2).forEach((fleet, k) => {
    placeDefenses(state, fleet, SIDES[k] as SideId, events);
  });
  return { state, events };
}

/**
 * A fleet's defended planet and moon on its own side of the table (RULINGS "Planets and moons from a fleet file"):
 * the planet "on the intersections of sectors", 24" in from the side's edge at mid-depth; its moon "between 12" and
 * 24" away from their planet, in the center of a sector" (the sector 6" nearer the edge and 18" further south, or
 * north if the table ends first). One that would overlap terrain already there is not placed (a note says so).
 */
function placeDefenses(state: BattleState, fleet: Fleet, side: SideId, events: BsEvent[]): void {
  const width = state.battlespace.widthFt * 12;
  const depth = state.battlespace.depthFt * 12;
  const edgeX = (inset: number): number => (side === SIDES[0] ? inset : width - inset);
  const py = 12 * Math.max(1, Math.floor(state.battlespace.depthFt / 2));
  for (const d of fleet.defenses ?? []) {
    const y = d.kind === "planet" ? py : py + 18 + d.diameter / 2 <= depth ? py + 18 : py - 18;
    const t: Terrain = {
      id: `${side}-${d.kind}`,
      kind: d.kind,
      name: d.name,
      x: edgeX(d.kind === "planet" ? 24 : 18),
      y,
      radius: d.diameter / 2,
    };
    const clash = state.battlespace.terrain.find((o) => Math.hypot(o.x - t.x, o.y - t.y) < o.radius + t.radius + 1);
    if (clash) {
      events.push({
        kind: "note",
        what: "setup",
        act: 0,
        turn: 1,
        text: `${fleet.name}'s ${d.kind} ${d.name} is not placed: it would overlap ${clash.name} at (${clash.x}, ${clash.y})`,
      });
      continue;
    }
    state.battlespace = { ...state.battlespace, terrain: [...state.battlespace.terrain, t] };
    const defense = {
      size: d.defense.size,
      quadrants: d.defense.quadrants.map((q) => ({ ...q, weapons: { ...q.weapons }, holder: side })),
    };
    state.planets = { ...(state.planets ?? {}), [t.id]: { id: t.id, kind: d.kind, side, defense, activatedTurn: 0 } };
  }
}

/** The outpost: a planet with a moon, an asteroid field, dust clouds and a nebula; red holds an orbital defense station. */
export const OUTPOST_TERRAIN: Terrain[] = [
  { id: "planet", kind: "planet", name: "Kethra", x: 48, y: 24, radius: 6 },
  { id: "moon", kind: "moon", name: "Kethra's moon", x: 54, y: 42, radius: 2 },
  { id: "asteroids", kind: "asteroids", name: "the Shoals", x: 30, y: 12, radius: 4 },
  { id: "dust", kind: "dust", name: "the Veil", x: 24, y: 36, radius: 4 },
  { id: "nebula", kind: "nebula", name: "the Ember nebula", x: 36, y: 30, radius: 3 },
];

/** Decode and check two fleet files; refuse with every fault named. */
export function fleetsFrom(raw: readonly unknown[] | undefined): Fleet[] {
  if (raw?.length !== 2) throw new Error(`battleshift needs exactly two fleets (--fleet A --fleet B); got ${raw?.length ?? 0}`);
  return raw.map((r, i) => {
    const p = parseFleet(r);
    if (!p.ok) {
      throw new Error(`fleet ${i + 1} is not valid:\n${p.error.map((e) => `  ${e.order}: ${e.message} (${e.code})`).join("\n")}`);
    }
    return p.value;
  });
}

const sq = (name: string, design: string, ships: number) => ({ name, design, ships });

/** The seed's largest playtest: 160 ships, 80 a side (generic sample ships against the Raishek). */
export const PLAYTEST_FLEETS: readonly unknown[] = [
  {
    name: "Terran Home Fleet",
    taskforces: [
      {
        name: "First Battle Group",
        squadrons: [
          sq("Dreadnoughts", "generic/dreadnought", 3),
          sq("Cruisers A", "generic/fleet-cruiser", 7),
          sq("Destroyers A", "generic/fleet-destroyer", 6),
        ],
      },
      {
        name: "Second Battle Group",
        squadrons: [
          sq("Battleships", "generic/fleet-battleship", 4),
          sq("Cruisers B", "generic/fleet-cruiser", 7),
          sq("Swords A", "generic/sword-frigate", 6),
        ],
      },
      {
        name: "Carrier Group",
        squadrons: [
          sq("Fleet Carriers", "generic/fleet-carrier", 3),
          sq("Light Carriers", "generic/light-carrier", 4),
          sq("Defenders", "generic/defense-frigate", 6),
        ],
      },
      {
        name: "Missile Group",
        squadrons: [
          sq("Missile Dreadnoughts", "generic/missile-dreadnought", 2),
          sq("Missile Cruisers", "generic/missile-cruiser", 5),
          sq("Missile Frigates", "generic/missile-frigate", 6),
        ],
      },
      {
        name: "Screen",
        squadrons: [
          sq("Attack Destroyers", "generic/attack-destroyer", 7),
          sq("Destroyers B", "generic/fleet-destroyer", 7),
          sq("Swords B", "generic/sword-frigate", 7),
        ],
      },
    ],
  },
  {
    name: "Raishek Strike Fleet",
    taskforces: [
      {
        name: "Hammer",
        squadrons: [
          sq("Battleships", "raishek/battleship", 2),
          sq("Cruisers A", "raishek/cruiser", 6),
          sq("Destroyers A", "raishek/destroyer", 7),
        ],
      },
      {
        name: "Anvil",
        squadrons: [
          sq("Heavy Cruisers", "raishek/heavy-cruiser", 2),
          sq("Frigates A", "raishek/frigate", 7),
          sq("Destroyers B", "raishek/destroyer", 7),
        ],
      },
      {
        name: "Talon",
        squadrons: [
          sq("Carriers", "raishek/carrier", 2),
          sq("Light Carriers", "raishek/light-carrier", 2),
          sq("Destroyers C", "raishek/destroyer", 7),
        ],
      },
      { name: "Storm", squadrons: [sq("Missile Cruisers", "raishek/missile-cruiser", 4), sq("Frigates B", "raishek/frigate", 7)] },
      {
        name: "Swarm",
        squadrons: [
          sq("Destroyers D", "raishek/destroyer", 7),
          sq("Destroyers E", "raishek/destroyer", 7),
          sq("Destroyers F", "raishek/destroyer", 7),
        ],
      },
      { name: "Pickets", squadrons: [sq("Destroyers G", "raishek/destroyer", 6)] },
    ],
  },
];

/**
 * Two small fleets of 200 points (examples/battleshift/fleets/terran-home-fleet.yaml and raishek-raiders.yaml, the
 * fleets of `npm start`'s skirmish; test/battleshift/skirmish.test.ts holds them equal): a battle of 15 ships,
 * played to its end in a few minutes.
 */
export const SKIRMISH_FLEETS: readonly unknown[] = [
  {
    name: "Terran Home Fleet",
    points: 200,
    taskforces: [
      {
        name: "Hammer",
        flagship: "Hammer battleships",
        squadrons: [sq("Hammer battleships", "generic/fleet-battleship", 2), sq("Hammer missile cruisers", "generic/missile-cruiser", 2)],
      },
      {
        name: "Lance",
        squadrons: [sq("Lance frigates", "generic/sword-frigate", 2), sq("Lance destroyers", "generic/fleet-destroyer", 2)],
      },
    ],
  },
  {
    name: "Raishek Raiders",
    points: 200,
    taskforces: [
      {
        name: "Shield Wall",
        flagship: "Wall battleship",
        squadrons: [sq("Wall battleship", "raishek/battleship", 1), sq("Wall cruisers", "raishek/cruiser", 2)],
      },
      { name: "Wolves", squadrons: [sq("Wolf destroyers", "raishek/destroyer", 3)] },
    ],
  },
];

/**
 * Fleets of about `shipsPerSide` ships each, made by repeating the playtest
 * taskforces (for benchmarks of how time grows with ship count).
 */
export function scaledPlaytestFleets(shipsPerSide: number): unknown[] {
  return (
    PLAYTEST_FLEETS as { name: string; taskforces: { name: string; squadrons: { name: string; design: string; ships: number }[] }[] }[]
  ).map((f) => {
    const taskforces: { name: string; squadrons: { name: string; design: string; ships: number }[] }[] = [];
    let total = 0;
    for (let k = 0; total < shipsPerSide; k++) {
      const tf = f.taskforces[k % f.taskforces.length] as (typeof f.taskforces)[number];
      const round = Math.floor(k / f.taskforces.length);
      const squadrons: { name: string; design: string; ships: number }[] = [];
      for (const s of tf.squadrons) {
        if (total >= shipsPerSide) break;
        const ships = Math.min(s.ships, shipsPerSide - total);
        squadrons.push({ ...s, name: `${s.name} ${round + 1}`, ships });
        total += ships;
      }
      taskforces.push({ name: `${tf.name} ${round + 1}`, squadrons });
    }
    return { name: f.name, taskforces };
  });
}

/** "minefields, gravity rifts and small singularities" (RULINGS "Minefields, gravity rifts and small singularities"). */
export const VETERAN_HAZARDS: Terrain[] = [
  { id: "minefield", kind: "minefield", name: "the Sown Field", x: 18, y: 24, radius: 3 },
  { id: "rift", kind: "rift", name: "the Tear", x: 60, y: 6, radius: 2 },
  { id: "singularity", kind: "singularity", name: "the Maw", x: 30, y: 44, radius: 1 },
];

/**
 * The outpost with the experimental options on ("Formations", "Experience") and its asteroid field and
 * nebula hazardous ("a plasma filled nebula"), plus a minefield, a gravity rift and a small singularity:
 * some squadrons of each side carry experience traits.
 */
export function veteranOutpost(seed: number, fleets: Fleet[]): BattleState {
  const { state } = createBattle({
    seed,
    scenario: "veterans",
    fleets,
    battlespace: {
      widthFt: 6,
      depthFt: 4,
      terrain: [
        ...OUTPOST_TERRAIN.map((t) => ({ ...t, ...(t.kind === "nebula" || t.kind === "asteroids" ? { hazardous: true } : {}) })),
        ...VETERAN_HAZARDS.map((t) => ({ ...t })),
      ],
      noShifting: false,
    },
    settings: { formations: true, experience: true },
    stations: [{ side: "red", design: "station/orbital-defense", x: 40, y: 24, facing: 270 }],
  });
  const traits: Record<string, string[]> = {
    "blue-tf1-s1": ["plus-one-to-hit", "veteran-admiral"],
    "blue-tf1-s2": ["ignores-first-suppression", "recovery", "extra-turn"],
    "blue-tf3-s1": ["veteran-fighters", "elite-fighters"],
    "red-tf1-s1": ["plus-one-to-hit", "veteran-engineers", "veteran-marines"],
    "red-tf2-s1": ["elite-marines", "recovery"],
    "red-tf3-s1": ["elite-fighters", "veteran-fighters"],
  };
  for (const [id, t] of Object.entries(traits)) {
    const sq = state.squadrons[id];
    if (sq && !sq.experience) sq.experience = [...t];
  }
  return state;
}

/**
 * "planetfall"'s default fleets: a Bionid landing force (Dargen Battleships carry assault units; light carriers for
 * fighter strikes at the quadrants) against a small Terran garrison.
 */
export const PLANETFALL_FLEETS: readonly unknown[] = [
  {
    name: "Bionid Landing Swarm",
    taskforces: [
      { name: "Landing Group", squadrons: [sq("Dargens", "bionid/dargen-battleship", 4)] },
      { name: "Escort", squadrons: [sq("Cruisers", "generic/fleet-cruiser", 5), sq("Light Carriers", "generic/light-carrier", 2)] },
    ],
  },
  {
    name: "Kethra Garrison",
    taskforces: [{ name: "Home Guard", squadrons: [sq("Swords", "generic/sword-frigate", 4), sq("Cruisers", "generic/fleet-cruiser", 3)] }],
  },
];

/**
 * A planet's or moon's defense: `heavy` batteries, one `other` installation (a light battery by default) and
 * interceptors in the rest of each quadrant's spaces, `garrison` assault units.
 */
function defense(
  size: number,
  heavy: number,
  garrison: number,
  holder: SideId,
  other: (q: QuadrantId) => InstallationKind = () => "light",
): PlanetDefense {
  return {
    size,
    quadrants: QUADRANTS.map((id) => ({
      id,
      weapons: { heavy, [other(id)]: 1, interceptor: size - heavy - 1 },
      damage: 0,
      assault: garrison,
      holder,
    })),
  };
}

/** Kethra's sixth space: fighter bays in N and S, missile installations in E and W (a planet's light batteries are useless). */
const KETHRA_OTHER = (q: QuadrantId): InstallationKind => (q === "N" || q === "S" ? "fighterBay" : "missile");

/**
 * "planetfall" (RULINGS "Planets and moons in play"): the outpost's planet Kethra (defense size 6) and its moon
 * (size 3, "cannot be more than half of their planet's planetary defense size") defended by red, with the
 * option `planets` on; blue brings landing ships.
 */
export function planetfall(seed: number, fleets: Fleet[]): BattleState {
  const { state } = createBattle({
    seed,
    scenario: "planetfall",
    fleets,
    battlespace: { widthFt: 6, depthFt: 4, terrain: OUTPOST_TERRAIN.map((t) => ({ ...t })), noShifting: false },
    settings: { planets: true },
  });
  state.planets = {
    moon: { id: "moon", kind: "moon", side: "red", defense: defense(3, 2, 1, "red"), activatedTurn: 0 },
    planet: { id: "planet", kind: "planet", side: "red", defense: defense(6, 4, 2, "red", KETHRA_OTHER), activatedTurn: 0 },
  };
  return state;
}
