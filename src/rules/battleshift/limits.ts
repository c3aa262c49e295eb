/**
 * What a Battleshift host accepts (issue 8): the size limits of fleet files, game
 * states, orders and volley-odds requests, and the ranges of the numbers in them.
 * `parseFleet`, `parseState`, `parseOrders` and `parseOddsInput` (and the
 * `battleshift odds` command) enforce these, so a host can state them.
 *
 * Chosen generous for real play: the seed's largest playtest has 80 ships a side
 * on a 6' x 4' table, the 1,000-ship benchmark 500 a side in about 40 taskforces
 * on 12' x 8'; "a TF can have up to five squadrons", a squadron 1 to 7 ships.
 */
export const LIMITS = {
  /** The table: feet along the numbered edge (columns 1, 2, 3...). */
  tableWidthFt: 100,
  /** The table: feet along the lettered edge (rows A to Z). */
  tableDepthFt: 26,
  /** Taskforces in one fleet file (an activation sequence lists at most 500). */
  taskforcesPerFleet: 500,
  /** Squadrons in one fleet file. */
  squadronsPerFleet: 2_500,
  /** Ships in one fleet file (5 times the 1,000-ship benchmark's side). */
  shipsPerFleet: 5_000,
  /** Inline designs in one fleet file. */
  designsPerFleet: 200,
  /** Stations and defended planets or moons in one fleet file. */
  stationsPerFleet: 20,
  defensesPerFleet: 10,
  /** A game state: designs, taskforces, squadrons, flights and prizes. */
  designs: 1_000,
  taskforces: 2_000,
  squadrons: 10_000,
  flights: 10_000,
  prizes: 10_000,
  /** Ships in one squadron of a saved game (mixed squadrons and rejoined prizes stay within 21 size units). */
  shipsPerSquadron: 21,
  /** Terrain features on the table, and planets or moons in play. */
  terrain: 200,
  planets: 20,
  /** Lines of one side's victory-point log. */
  vpLog: 100_000,
  /** Orders in one orders file. */
  orders: 2_000,
  /** Volley odds: sampled attacks for one answer (`battleshift odds --runs`). */
  oddsRuns: 10_000_000,
  /** Volley odds: dice of one attack. */
  oddsDice: 1_000,
  /** Characters of a name (fleet, taskforce, squadron, design, station, planet). */
  name: 120,
} as const;

/** Inches of the largest table's longer edge: every position in a state lies within it (and `RANGES.margin`). */
export const MAX_TABLE_INCHES = LIMITS.tableWidthFt * 12;

/** The ranges of the numbers of a saved game (each schema's message states its range). */
export const RANGES = {
  /** Positions may lie this many inches off the table's edge (a ship's centre never does; a flight or strike may cross it). */
  margin: 12,
  /** Facings and headings in compass degrees. */
  facing: [-3_600, 3_600],
  /** Lengths in inches (ranges, radii, moves): at most the largest table's length. */
  inches: [0, MAX_TABLE_INCHES],
  /** Turns of a battle, and the turn limit. */
  turn: [1, 100_000],
  /** Counters: steps, activations, the next id. */
  counter: [0, 1_000_000_000],
  /** Activation numbers marking when something happened (-1: never). */
  mark: [-1, 1_000_000_000],
  /** Damage, suppression, fighters, wings and other counts of a squadron or quadrant. */
  count: [0, 1_000_000],
  /** A design: size, hull, shields, hits to suppress, systems. */
  size: [1, 100],
  hull: [1, 10_000],
  systems: [0, 10_000],
  hardness: [0, 10],
  cost: [0, 1_000_000],
  /** Points and victory points of a side. */
  points: [0, 1_000_000_000],
  /** An initiative roll (a d6 and its bonuses). */
  roll: [-100, 100],
} as const;
