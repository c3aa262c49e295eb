/**
 * Battleshift volley odds: how fast the engine's `resolveAttack` samples (attacks per
 * second through `monteCarloOdds`) and how long `exactOdds` takes to enumerate a volley.
 */
import { performance } from "node:perf_hooks";
import type { Attack, TargetSquadron } from "../src/rules/battleshift/combat/combat.js";
import { exactOdds, monteCarloOdds } from "../src/rules/battleshift/combat/odds.js";

const ISSUE: { attack: Attack; target: TargetSquadron } = {
  attack: { weapon: "heavy", dice: 8, targeting: 4 },
  target: { ships: 5, size: 3, shieldsPerShip: 2, hardness: 4, hull: 4, damageTaken: 0, hullRule: "normal" },
};
/** A large synchronised volley: 60 heavy dice on seven hardened size-3 ships already near their total. */
const BIG: { attack: Attack; target: TargetSquadron } = {
  attack: { weapon: "heavy", dice: 60, targeting: 4, superHeavy: true },
  target: { ships: 7, size: 3, shieldsPerShip: 3, hardness: 4, hull: 5, damageTaken: 20, hullRule: "hardened" },
};

function time<T>(f: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = f();
  return { ms: performance.now() - t0, value };
}

export async function run(): Promise<{ name: string; value: number; unit: string; budget?: number }[]> {
  monteCarloOdds(ISSUE.attack, ISSUE.target, 20_000, 1); // warm up
  const runs = 500_000;
  const mc = time(() => monteCarloOdds(ISSUE.attack, ISSUE.target, runs, 1));
  const mcBig = time(() => monteCarloOdds(BIG.attack, BIG.target, 100_000, 1));
  exactOdds(ISSUE.attack, ISSUE.target);
  const reps = 200;
  const ex = time(() => {
    for (let i = 0; i < reps; i++) exactOdds(ISSUE.attack, ISSUE.target);
  });
  const exBig = time(() => exactOdds(BIG.attack, BIG.target));
  return [
    { name: "odds: sampled attacks per second (issue example)", value: runs / (mc.ms / 1000), unit: "attacks/s" },
    { name: "odds: sampled attacks per second (60 super heavy dice)", value: 100_000 / (mcBig.ms / 1000), unit: "attacks/s" },
    { name: "odds: exactOdds, issue example", value: ex.ms / reps, unit: "ms", budget: 50 },
    { name: "odds: exactOdds, 60 super heavy dice on 7 hardened ships", value: exBig.ms, unit: "ms", budget: 1000 },
  ];
}
