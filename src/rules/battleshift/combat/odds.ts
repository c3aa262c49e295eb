/**
 * Volley odds (issue 4, "Volley odds"): for one attack on one squadron, the mean hits,
 * the chance the target is suppressed, the mean damage, the mean ships destroyed and the
 * distribution of ships destroyed — by Monte Carlo over the engine's own `resolveAttack`
 * with a seeded Rng, or exactly (`exactOdds`, enumerated in combat.ts: no sampling).
 */
import { z } from "zod";
import type { Problem } from "../../../core/result.js";
import { Rng } from "../../../core/rng.js";
import { LIMITS } from "../limits.js";
import { type Attack, type CombatOptions, type Odds, resolveAttack, type TargetSquadron } from "./combat.js";

export { exactOdds, type Odds } from "./combat.js";

export interface OddsInput {
  attack: Attack;
  target: TargetSquadron;
}

const attackSchema = z
  .object({
    weapon: z.enum(["heavy", "light", "missile", "fighter"]),
    dice: z.number().int().min(0).max(LIMITS.oddsDice),
    targeting: z.number().int().min(-10).max(10),
    ion: z.boolean().optional(),
    heavyIon: z.boolean().optional(),
    disable: z.boolean().optional(),
    superHeavy: z.boolean().optional(),
    missilesPerShip: z.number().int().min(1).max(100).optional(),
    noSuppression: z.boolean().optional(),
  })
  .strict();
const targetSchema = z
  .object({
    ships: z.number().int().min(1).max(7),
    size: z.number().int().min(1).max(100),
    shieldsPerShip: z.number().int().min(0).max(100),
    hardness: z.number().int().min(0).max(6),
    hull: z.number().int().min(1).max(200),
    damageTaken: z.number().int().min(0).max(10000),
    hullRule: z.enum(["normal", "hardened", "flimsy"]),
    suppressedAlready: z.boolean().optional(),
    disabled: z.number().int().min(0).max(7).optional(),
    totalHull: z.number().int().min(1).max(10000).optional(),
    hitsPerShip: z.number().int().min(1).max(100).optional(),
    savePerHit: z.boolean().optional(),
  })
  .strict();
const inputSchema = z.object({ attack: attackSchema, target: targetSchema }).strict();
/** An odds file's schema (its JSON Schema is published). */
export const oddsInputSchema: z.ZodType = inputSchema;

/** Check an odds FILE (decoded JSON/YAML); each problem names the field. */
export function parseOddsInput(raw: unknown): { ok: true; value: OddsInput } | { ok: false; error: Problem[] } {
  const r = inputSchema.safeParse(raw);
  if (!r.success) {
    return {
      ok: false,
      error: r.error.issues.map((i) => {
        const field = i.path.length ? i.path.map(String).join(".") : "(top level)";
        const msg =
          i.code === "unrecognized_keys"
            ? `unknown field(s) ${i.keys.map((k) => `"${k}"`).join(", ")}`
            : /received undefined/.test(i.message)
              ? `missing (${i.message})`
              : i.message;
        return { order: field, code: "bad-field", message: `${field}: ${msg}` };
      }),
    };
  }
  const v = r.data;
  const problems: Problem[] = [];
  if ((v.target.disabled ?? 0) > v.target.ships)
    problems.push({
      order: "target.disabled",
      code: "bad-field",
      message: `target.disabled: ${v.target.disabled} disabled ships but only ${v.target.ships} ships`,
    });
  if (v.attack.missilesPerShip !== undefined && v.attack.weapon !== "missile")
    problems.push({
      order: "attack.missilesPerShip",
      code: "bad-field",
      message: `attack.missilesPerShip only applies to weapon "missile", not "${v.attack.weapon}"`,
    });
  if (v.attack.ion && v.attack.heavyIon)
    problems.push({ order: "attack.ion", code: "bad-field", message: "attack.ion and attack.heavyIon: a beam is one or the other" });
  if (problems.length) return { ok: false, error: problems };
  return { ok: true, value: { attack: v.attack as Attack, target: v.target as TargetSquadron } };
}

/** Why `runs` is not a number of sampled attacks (1 to `LIMITS.oddsRuns`), or null. */
export function oddsRunsProblem(runs: number): string | null {
  return Number.isInteger(runs) && runs >= 1 && runs <= LIMITS.oddsRuns
    ? null
    : `the number of sampled attacks is a whole number from 1 to ${LIMITS.oddsRuns.toLocaleString("en-US")} (LIMITS.oddsRuns), not ${runs}`;
}

/** Sampled odds: `runs` attacks from one seeded generator, in order. */
export function monteCarloOdds(attack: Attack, target: TargetSquadron, runs: number, seed: number, options: CombatOptions = {}): Odds {
  const rng = Rng.fromSeed(seed);
  let hits = 0;
  let suppressed = 0;
  let damage = 0;
  let destroyed = 0;
  const dist = new Array<number>(target.ships + 1).fill(0);
  for (let i = 0; i < runs; i++) {
    const o = resolveAttack(attack, target, rng, options);
    hits += o.hits;
    if (o.suppressed) suppressed++;
    damage += o.damage;
    destroyed += o.destroyed;
    dist[o.destroyed] = (dist[o.destroyed] as number) + 1;
  }
  const n = Math.max(1, runs);
  return {
    meanHits: hits / n,
    suppressedRate: suppressed / n,
    meanDamage: damage / n,
    meanShipsDestroyed: destroyed / n,
    destroyedDistribution: dist.map((c) => c / n),
  };
}

/** The JSON the issue asks for, with numbers rounded to 6 decimals. */
export function oddsJson(o: Odds): Odds {
  const r = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    meanHits: r(o.meanHits),
    suppressedRate: r(o.suppressedRate),
    meanDamage: r(o.meanDamage),
    meanShipsDestroyed: r(o.meanShipsDestroyed),
    destroyedDistribution: o.destroyedDistribution.map(r),
  };
}
