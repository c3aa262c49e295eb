/**
 * Micro-benchmark: Galactic Empires space battles (seed 003 chapter 6), 100 vs 100
 * starships, as the battle-odds command runs them (no report). Prints ms per battle.
 *
 *   npx tsx bench/ge-battle.bench.ts [battles]
 */
import { Rng } from "../src/core/rng.js";
import { BattleArrays, type BattleInput, type BattleUnit, fightBattle } from "../src/rules/galactic-empires/battle.js";

function unit(id: string, owner: string, ships: BattleUnit["ships"], extra: Partial<BattleUnit> = {}): BattleUnit {
  return {
    id,
    name: id,
    owner,
    kind: "starfleet",
    ships,
    admirals: [],
    leader: null,
    retreatLevel: 5,
    follow: null,
    defendDefences: true,
    canRetreat: true,
    ...extra,
  };
}

/** A mixed 100-starship force per side, in two starfleets, one led by an admiral. */
function hundredVsHundred(defence: boolean, report = false): BattleInput {
  return {
    kind: "sector",
    where: "bench",
    sector: 1,
    units: [
      unit("A1", "klingon", [
        { type: "klingon/k-tinga-class-destroyer", rank: 1, count: 30 },
        { type: "klingon/c-7-light-cruiser", rank: 2, count: 20 },
      ]),
      unit(
        "A2",
        "klingon",
        [
          { type: "klingon/hawk-heavy-cruiser", rank: 3, count: 20 },
          { type: "klingon/negh-var-battleship", rank: 5, count: 30 },
        ],
        {
          admirals: [{ id: "m", name: "Martok", tactics: 46, siegecraft: 42, combat: 20, hits: 2 }],
          leader: "m",
        },
      ),
      unit(
        "G1",
        "romulan",
        [
          { type: "romulan/romulan-bird-of-prey", rank: 1, count: 30 },
          { type: "romulan/harrier-light-cruiser", rank: 2, count: 20 },
        ],
        { kind: "garrison" },
      ),
      unit("A3", "romulan", [
        { type: "romulan/hawk-heavy-cruiser", rank: 3, count: 20 },
        { type: "romulan/d-deridex-warbird", rank: 5, count: 30 },
      ]),
    ],
    hostile: (a, b) => a !== b,
    friendly: (a, b) => a === b,
    defence: defence ? { level: 6, damage: 0, protects: ["romulan"] } : null,
    settings: { defenceBonus: "table" },
    report,
  };
}

function bench(label: string, input: BattleInput, n: number): void {
  const rng = Rng.fromSeed(42);
  const arrays = new BattleArrays(); // as the odds keep them from battle to battle
  for (let i = 0; i < Math.min(200, n); i++) fightBattle(input, rng, arrays); // warm-up
  let rounds = 0;
  let wins = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const r = fightBattle(input, rng, arrays);
    rounds += r.rounds;
    if (r.holders.length === 1 && r.holders[0] === "klingon") wins++;
  }
  const ms = performance.now() - t0;
  console.log(
    `${label}: ${(ms / n).toFixed(4)} ms per battle (${n} battles, ${(rounds / n).toFixed(1)} rounds avg, klingon holds ${((100 * wins) / n).toFixed(1)}%)`,
  );
}

/** 100 Hawk Heavy Cruisers a side: a long battle (about 25 rounds), the slow case. */
function hawks(): BattleInput {
  return {
    kind: "cross-border",
    where: "bench",
    sector: null,
    units: [
      unit("A1", "klingon", [{ type: "klingon/hawk-heavy-cruiser", rank: 1, count: 100 }]),
      unit("A2", "romulan", [{ type: "romulan/hawk-heavy-cruiser", rank: 1, count: 100 }]),
    ],
    hostile: (a, b) => a !== b,
    friendly: (a, b) => a === b,
    defence: null,
    settings: { defenceBonus: "table" },
    report: false,
  };
}

// Run alone, the first argument is the number of battles; under bench/run.ts it is the benchmark's name.
const arg = Number(process.argv[2]);
const n = Number.isInteger(arg) && arg > 0 ? arg : 10_000;
bench("ge-battle 100v100, no defence, no report", hundredVsHundred(false), n);
bench("ge-battle 100v100, level 6 defence, no report", hundredVsHundred(true), n);
bench("ge-battle 100v100 Hawks (long battle), no report", hawks(), n);
bench("ge-battle 100v100, no defence, with report", hundredVsHundred(false, true), Math.max(1, Math.floor(n / 10)));
