/**
 * What a Galactic Empires host accepts (issue 8): the size limits of maps, game
 * states, orders and battle-odds requests, and the ranges of the numbers in them.
 * `parseMap`, `parseState`, `parseOrders` and `parseOddsInput` enforce these, so
 * a host can state them ("maps of up to 10,000 sectors") and rely on them.
 *
 * Chosen generous for real play: the largest built-in galaxy (galaxy-5000) has
 * 5,000 sectors, 12,535 borders (at most 8 at one sector), 26 empires and 3,152
 * units; the rulebook's galaxy has 792 sectors and 26 empires. A fully connected
 * map of 1,520 sectors (1,154,440 borders, 1.25 GB a turn) is refused.
 */
export const LIMITS = {
  /** Sectors in a map or game. */
  sectors: 10_000,
  /** Borders in a map or game (an average of 8 a sector at the largest size). */
  borders: 40_000,
  /** Borders at one sector (the generated galaxies have at most 8). */
  bordersPerSector: 32,
  /** Empires in a map or game (the rulebook has 26). */
  empires: 64,
  /** Units (starfleets and garrisons) in a map or game. */
  units: 100_000,
  /** Admirals in a map or game. */
  admirals: 10_000,
  /** Starship stacks (type and rank) in one unit. */
  stacksPerUnit: 1_000,
  /** Admirals in one unit. */
  admiralsPerUnit: 100,
  /** Starship types on one industrial centre's build list. */
  buildList: 200,
  /** Orders in one empire's orders file. */
  orders: 5_000,
  /** Characters of a name (sector, empire, ruler, unit, admiral, map) in a map or state. */
  name: 200,
  /** Characters of a name an order gives (a unit, a starfleet, an admiral, the ruler). */
  orderName: 60,
  /** Characters of a proclamation. */
  proclamation: 4000,
  /** Battle odds: sides in one battle. */
  oddsSides: 26,
  /** Battle odds: units of one side. */
  oddsUnitsPerSide: 100,
  /** Battle odds: starship entries (type and rank) of one unit. */
  oddsEntriesPerUnit: 1_000,
  /** Battle odds: starships in one entry of a unit. */
  oddsShipsPerEntry: 100_000,
  /** Battle odds: starships in the whole battle (the engine expands every one, every run). */
  oddsShips: 200_000,
  /** Battle odds: battles fought for one answer (`starhost battle --runs`). */
  oddsRuns: 10_000_000,
} as const;

/**
 * The ranges of the numbers of a map or state (each schema's message states its
 * range). Ids of sectors are at most 9 digits so a garrison id "G<sector>" stays
 * an id; counters for new units and admirals stay far below 2^53.
 */
export const RANGES = {
  /** Sector ids. */
  sectorId: [0, 999_999_999],
  /** Map coordinates (galaxy-5000 spans 888 x 568). */
  coordinate: [-1_000_000, 1_000_000],
  /** A sector's tax revenue (the rulebook's example sector yields 40; generated ones 4 to 16). */
  revenue: [0, 10_000],
  /** Resources in a treasury (never reached: 10,000 sectors at full revenue for 100,000 turns is 10^13). */
  treasury: [0, 1e15],
  /** Most starships an industrial centre builds in a turn (the rulebook's "0/13"). */
  maxBuild: [0, 1_000],
  /** Starships in one stack. */
  shipCount: [0, 1_000_000_000],
  /** Move points already used by a stack this turn. */
  moveUsed: [0, 1_000],
  /** Turns a sector's owner has differed from its annexation (it lapses after 3). */
  annexDrift: [0, 100],
  /** Counters: turns, next unit and admiral numbers, next fleet numbers. */
  counter: [1, 1_000_000_000],
  /** An admiral's personal corvette: combat % and hit points (hired ones: 5-20 and 0.5-2). */
  admiralCombat: [0, 100],
  admiralHits: [0, 100],
  /** Settings: resources factors and upkeep. */
  factor: [0, 1_000],
  /** Settings: the turn limit of a game. */
  turnLimit: [1, 100_000],
} as const;
