/**
 * Battle odds benchmark (issue 3, "Speed"): "Battle odds, 10,000 runs of 100
 * against 100 mixed starships: at most 1 s"; and random draws per second inside
 * the battle loop as a ratio to the same generator drawing bare numbers in a
 * tight loop (aim: within 3x).
 *
 *   npx tsx bench/run.ts ge-odds
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { Rng, type Trials } from "../src/core/rng.js";
import { BattleArrays, fightBattle } from "../src/rules/galactic-empires/battle.js";
import { type OddsInputFile, parseOddsInput, runOdds } from "../src/rules/galactic-empires/odds.js";

/** 100 mixed starships a side in two starfleets, one led by an admiral; the Romulans defend a level 6 defence with a garrison. */
export function hundredVsHundred(defence: boolean): OddsInputFile {
  return {
    sides: [
      {
        name: "Klingon",
        units: [
          {
            ships: [
              { type: "K'Tinga Class Destroyer", builder: "Klingon", count: 30, rank: 1 },
              { type: "C-7 Light Cruiser", builder: "Klingon", count: 20, rank: 2 },
            ],
          },
          {
            ships: [
              { type: "Hawk Heavy Cruiser", builder: "Klingon", count: 20, rank: 3 },
              { type: "Negh'var Battleship", builder: "Klingon", count: 30, rank: 5 },
            ],
            admiral: { name: "Martok", tactics: 46, siegecraft: 42, combat: 20, hits: 2 },
          },
        ],
      },
      {
        name: "Romulan",
        units: [
          {
            kind: "garrison",
            ships: [
              { type: "Romulan Bird of Prey", builder: "Romulan", count: 30, rank: 1 },
              { type: "Harrier Light Cruiser", builder: "Romulan", count: 20, rank: 2 },
            ],
          },
          {
            ships: [
              { type: "Hawk Heavy Cruiser", builder: "Romulan", count: 20, rank: 3 },
              { type: "D'deridex Warbird", builder: "Romulan", count: 30, rank: 5 },
            ],
            defendsDefences: true,
          },
        ],
      },
    ],
    sectorDefence: defence ? { level: 6, damage: 0, ownerSide: 1 } : { level: 0, damage: 0, ownerSide: null },
  };
}

function setupOf(file: OddsInputFile) {
  const p = parseOddsInput(file);
  if (!p.ok) throw new Error(p.error.join("\n"));
  return p.value;
}

/** Bare draws per second of the same generator (xoroshiro128+ through Rng), best of 5. */
function bareDrawsPerSecond(n: number): number {
  let best = 0;
  let sink = 0;
  for (let rep = 0; rep < 5; rep++) {
    const rng = Rng.fromSeed(rep);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) sink ^= rng.nextUint32();
    const s = (performance.now() - t0) / 1000;
    best = Math.max(best, n / s);
  }
  if (sink === 0.5) console.log(sink); // keep the loop alive
  return best;
}

/**
 * The same generator answering a stack's attacks (`successes`) one `chance` draw per
 * attack, as a test replaying a battle die by die does, instead of one binomial draw
 * per stack and round: every attack of the battle loop is then a draw.
 */
class PerAttackRng extends Rng {
  constructor(seed: number) {
    super(xoroshiro128plus(seed));
  }
  protected override drawSuccesses(trials: Trials): number {
    return this.successesTrialByTrial(trials);
  }
}

/** Draws per second of `runs` battles fought with one draw per attack. */
function perAttackDrawsPerSecond(file: OddsInputFile, runs: number): { perSecond: number; perBattle: number } {
  const battle = setupOf(file).battle;
  const warm = new PerAttackRng(7);
  const arrays = new BattleArrays();
  for (let i = 0; i < 300; i++) fightBattle(battle, warm, arrays);
  let best = 0;
  let perBattle = 0;
  for (let rep = 0; rep < 3; rep++) {
    const rng = new PerAttackRng(rep + 1);
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) fightBattle(battle, rng, arrays);
    const s = (performance.now() - t0) / 1000;
    if (rng.draws / s > best) {
      best = rng.draws / s;
      perBattle = rng.draws / runs;
    }
  }
  return { perSecond: best, perBattle };
}

/** `chance(p)` answers per second in a tight loop: the generator's own cost of one attack's draw. */
function bareChancePerSecond(n: number): number {
  let best = 0;
  let sink = 0;
  for (let rep = 0; rep < 5; rep++) {
    const rng = Rng.fromSeed(rep);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) if (rng.chance(36.3)) sink++;
    best = Math.max(best, n / ((performance.now() - t0) / 1000));
  }
  if (sink === -1) console.log(sink);
  return best;
}

export async function run(): Promise<{ name: string; value: number; unit: string; budget?: number }[]> {
  const out: { name: string; value: number; unit: string; budget?: number }[] = [];
  const bare = bareDrawsPerSecond(20_000_000);
  out.push({ name: "bare draws per second (Rng.nextUint32 in a tight loop)", value: bare / 1e6, unit: "M/s" });
  const bareChance = bareChancePerSecond(20_000_000);
  out.push({ name: "bare chance(p) per second in a tight loop", value: bareChance / 1e6, unit: "M/s" });
  for (const defence of [false, true]) {
    const label = defence ? "level 6 defence" : "no defence";
    const file = hundredVsHundred(defence);
    const setup = setupOf(file);
    runOdds(setup, 500, 99); // warm-up
    let best = Number.POSITIVE_INFINITY;
    let draws = 0;
    for (let rep = 0; rep < 3; rep++) {
      const t0 = performance.now();
      const r = runOdds(setup, 10_000, 1 + rep);
      const t = performance.now() - t0;
      if (t < best) {
        best = t;
        draws = r.draws;
      }
    }
    out.push({ name: `battle odds, 10,000 runs of 100 v 100 mixed, ${label}`, value: best / 1000, unit: "s", budget: 1 });
    // As the odds run them: one binomial draw per stack and round (battle.ts).
    out.push({ name: `  draws per battle, one per stack and round (${label})`, value: draws / 10_000, unit: "draws" });
    // One draw per attack: the draws the battle loop makes, and how fast.
    const perAttack = perAttackDrawsPerSecond(file, 10_000);
    out.push({ name: `  draws per battle, one per attack (${label})`, value: perAttack.perBattle, unit: "draws" });
    out.push({
      name: `  draws per second inside the battle loop, one per attack (${label})`,
      value: perAttack.perSecond / 1e6,
      unit: "M/s",
    });
    out.push({ name: `  bare / in-loop draws per second (${label})`, value: bare / perAttack.perSecond, unit: "x", budget: 3 });
    out.push({ name: `  bare chance(p) / in-loop draws per second (${label})`, value: bareChance / perAttack.perSecond, unit: "x" });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await run()) console.log(`${r.name.padEnd(70)} ${r.value.toFixed(3).padStart(10)} ${r.unit}`);
}
