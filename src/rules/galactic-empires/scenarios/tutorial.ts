/**
 * The hand-made `tutorial` map: 20 sectors, 3 empires, independents between them,
 * barriers, industrial centres and sector defences. Small enough to read whole,
 * big enough to hold every situation of chapters 4-6, so tests and the README's
 * first command use it.
 *
 *      1 Qo'noS*  -  2 Khitomer  -  3 Narendra  -  4 Nimbus  -  5 Romulus*
 *         |             |             |            ‖            |
 *      6 Boreth   -  7 Ty'Gokor  -  8 Archanis  -  9 Galorndon - 10 Remus*
 *         |             ‖             |            |            |
 *     11 Mempa    - 12 Sherman   - 13 Tranome Sar* - 14 Algeron - 15 Nelvana
 *         |             |             |            |            |
 *     16 Deneb    - 17 Vega      - 18 Earth*   - 19 Andor*  - 20 Tellar
 *
 *  * industrial centre;  ‖ barrier border.
 *
 * Victory (RULINGS.md, "The tutorial's victory conditions"): one empire alone must hold
 * half the sectors (10 of 20) and half the industrial centres (3 of 6); after turn 30 the
 * empire with most sectors wins. With the general defaults (40%, alliances of up to 3)
 * two allies start with 4 of the 6 centres and won after two conquests.
 */
import { assignColours } from "../galaxy/colours.js";
import { DEFAULT_SETTINGS, type Empire, type GameState, INDEPENDENT, newUnit, type Sector, type Unit } from "../model.js";

const NAMES: readonly string[] = [
  "Qo'noS",
  "Khitomer",
  "Narendra",
  "Nimbus",
  "Romulus",
  "Boreth",
  "Ty'Gokor",
  "Archanis",
  "Galorndon",
  "Remus",
  "Mempa",
  "Sherman",
  "Tranome Sar",
  "Algeron",
  "Nelvana",
  "Deneb",
  "Vega",
  "Earth",
  "Andor",
  "Tellar",
];

const KLINGON: readonly string[] = [
  "klingon/hawk-heavy-cruiser",
  "klingon/k-tinga-class-destroyer",
  "klingon/klingon-bird-of-prey",
  "klingon/c-7-light-cruiser",
  "klingon/vor-cha-battlecruiser",
  "klingon/negh-var-battleship",
];
const ROMULAN: readonly string[] = [
  "romulan/talon-class-scout",
  "romulan/romulan-bird-of-prey",
  "romulan/harrier-light-cruiser",
  "romulan/hawk-heavy-cruiser",
  "romulan/d-deridex-warbird",
];
const FEDERATION: readonly string[] = [
  "federation-a/defiant-class-scout",
  "federation-a/norway-class-destroyer",
  "federation-a/akira-strike-cruiser",
  "federation-a/nebula-heavy-cruiser",
  "federation-a/sovereign-dreadnought",
];
const LOCAL: readonly string[] = [
  "federation-c/akula-class-destroyer",
  "federation-c/miranda-class-cruiser",
  "federation-c/constitution-refit-cruiser",
];

/** The tutorial's victory conditions: a game of about 6 to 22 turns between bots (RULINGS.md). */
export const TUTORIAL_VICTORY = {
  victorySectorShare: 50,
  victoryIndustryShare: 50,
  victoryAllianceSize: 1,
  turnLimit: 30,
} as const satisfies Partial<GameState["settings"]>;

function empire(id: string, name: string, ruler: string, builder: string, colour: string, status: Empire["status"]): Empire {
  return { id, name, ruler, status, treasury: 60, colour, builder, defeated: false, scouted: [], toward: {}, nextFleetNumber: 1 };
}

export function createTutorial(seed: number): GameState {
  const sectors: Sector[] = NAMES.map((name, i) => ({
    id: i + 1,
    name,
    x: 10 + (i % 5) * 20,
    y: 10 + Math.floor(i / 5) * 20,
    owner: INDEPENDENT,
    annexedTo: null,
    annexDrift: 0,
    revenue: [12, 8, 6, 8, 12, 8, 10, 6, 6, 9, 6, 7, 11, 8, 6, 7, 8, 14, 10, 7][i] ?? 6,
    damage: 0,
    defence: { level: 0, damage: 0 },
    industry: null,
    permission: [],
  }));
  const s = (id: number) => sectors[id - 1] as Sector;
  const own = (id: number, owner: string) => {
    s(id).owner = owner;
    s(id).annexedTo = owner;
  };
  own(1, "klingon");
  own(2, "klingon");
  own(6, "klingon");
  own(5, "romulan");
  own(4, "romulan");
  own(10, "romulan");
  own(18, "federation");
  own(17, "federation");
  own(19, "federation");
  s(1).industry = { maxBuild: 8, builds: [...KLINGON] };
  s(5).industry = { maxBuild: 8, builds: [...ROMULAN] };
  s(10).industry = { maxBuild: 4, builds: ROMULAN.slice(0, 3) };
  s(18).industry = { maxBuild: 8, builds: [...FEDERATION] };
  s(19).industry = { maxBuild: 5, builds: FEDERATION.slice(0, 4) };
  s(13).industry = { maxBuild: 5, builds: [...LOCAL] };
  s(1).defence = { level: 2, damage: 0 };
  s(5).defence = { level: 2, damage: 0 };
  s(18).defence = { level: 2, damage: 0 };
  s(13).defence = { level: 1, damage: 0 };
  s(8).defence = { level: 1, damage: 0 };

  const borders: GameState["borders"] = [];
  for (let i = 1; i <= 20; i++) {
    if (i % 5 !== 0) borders.push({ a: i, b: i + 1, barrier: false });
    if (i <= 15) borders.push({ a: i, b: i + 5, barrier: false });
  }
  for (const [a, b] of [
    [4, 9],
    [7, 12],
  ] as const) {
    const border = borders.find((x) => x.a === a && x.b === b);
    if (border) border.barrier = true;
  }

  const units: Record<string, Unit> = {};
  const garrison = (sector: number, owner: string, ships: Unit["ships"]) => {
    units[`G${sector}`] = newUnit({ id: `G${sector}`, kind: "garrison", owner, name: `Garrison of ${s(sector).name}`, sector, ships });
  };
  const st = (type: string, count: number, rank: 1 | 2 | 3 | 4 | 5 = 1) => ({ type, rank, count, used: 0 });
  garrison(1, "klingon", [st(KLINGON[1] as string, 4, 1), st(KLINGON[0] as string, 2, 4)]);
  garrison(5, "romulan", [st(ROMULAN[1] as string, 4, 1), st(ROMULAN[3] as string, 2, 4)]);
  garrison(10, "romulan", [st(ROMULAN[0] as string, 2, 1)]);
  garrison(18, "federation", [st(FEDERATION[1] as string, 4, 1), st(FEDERATION[3] as string, 2, 4)]);
  garrison(19, "federation", [st(FEDERATION[0] as string, 2, 1)]);
  garrison(13, INDEPENDENT, [st(LOCAL[0] as string, 3, 1), st(LOCAL[1] as string, 1, 3)]);
  garrison(8, INDEPENDENT, [st(LOCAL[0] as string, 2, 1)]);
  // Local forces in open independent sectors.
  const localFleet = (n: number, sector: number, ships: Unit["ships"]) => {
    units[`A${n}`] = newUnit({
      id: `A${n}`,
      kind: "starfleet",
      owner: INDEPENDENT,
      name: `Local Forces of ${s(sector).name}`,
      sector,
      ships,
      defendDefences: true,
    });
  };
  localFleet(1, 3, [st(LOCAL[0] as string, 1, 1)]);
  localFleet(2, 12, [st(LOCAL[0] as string, 2, 1)]);
  localFleet(3, 15, [st(LOCAL[1] as string, 1, 1)]);
  localFleet(4, 16, [st(LOCAL[0] as string, 1, 1)]);
  // One starfleet for each empire, ready to move on turn 1.
  units.A5 = newUnit({
    id: "A5",
    kind: "starfleet",
    owner: "klingon",
    name: "Patrol Force 2",
    sector: 2,
    ships: [st(KLINGON[0] as string, 1, 1), st(KLINGON[5] as string, 1, 5)],
    admirals: ["ADM1"],
    leader: "ADM1",
  });
  units.A6 = newUnit({
    id: "A6",
    kind: "starfleet",
    owner: "romulan",
    name: "Romulan Starfleet #20",
    sector: 4,
    ships: [st(ROMULAN[3] as string, 1, 1), st(ROMULAN[1] as string, 2, 1)],
  });
  units.A7 = newUnit({
    id: "A7",
    kind: "starfleet",
    owner: "federation",
    name: "Second Fleet",
    sector: 17,
    ships: [st(FEDERATION[1] as string, 2, 1), st(FEDERATION[2] as string, 1, 3)],
  });

  const empires: Record<string, Empire> = {
    federation: empire("federation", "Federation Core", "President Okeg", "Federation-a", "#888888", "commoner"),
    klingon: empire("klingon", "Klingon Empire", "Chancellor Gowron", "Klingon", "#888888", "royalty"),
    romulan: empire("romulan", "Romulan Star Empire", "Praetor Neral", "Romulan", "#888888", "royalty"),
  };
  // Banners as every galaxy's: neighbours differ most, for colour-blind readers too (galaxy/colours.ts).
  for (const [id, c] of Object.entries(assignColours(sectors, borders, Object.keys(empires)))) (empires[id] as Empire).colour = c;
  const relations: GameState["relations"] = {};

  return {
    ruleset: "galactic-empires",
    version: 1,
    name: "Tutorial",
    scenario: "tutorial",
    seed,
    turn: 1,
    settings: { ...DEFAULT_SETTINGS, ...TUTORIAL_VICTORY },
    empires,
    relations,
    sectors,
    borders,
    units,
    admirals: {
      ADM1: { id: "ADM1", owner: "klingon", name: "General Martok", tactics: 46, siegecraft: 42, combat: 10, hits: 1, unit: "A5" },
    },
    nextUnit: 8,
    nextAdmiral: 2,
  };
}
