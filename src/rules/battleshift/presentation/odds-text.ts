/**
 * The volley-odds command's print-out (combat/odds.ts computes the odds): the attack and the target in words,
 * the four means and a bar per number of ships destroyed.
 */
import type { Odds } from "../combat/combat.js";
import type { OddsInput } from "../combat/odds.js";

/** Human report: the four means and a bar per number of ships destroyed. */
export function formatOdds(input: OddsInput, o: Odds, how: string): string {
  const { attack: a, target: t } = input;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines: string[] = [];
  const extras = [
    a.disable ? "firing to disable" : "",
    a.ion ? "ion" : "",
    a.heavyIon ? "heavy ion" : "",
    a.superHeavy ? "super heavy" : "",
  ].filter(Boolean);
  const missileNote =
    a.weapon === "missile"
      ? a.missilesPerShip
        ? `, ${a.dice} ships locking on ${a.targeting}, ${a.missilesPerShip} missiles each`
        : " (missiles that reach their target all hit)"
      : "";
  lines.push(
    `Attack: ${a.dice} ${a.weapon}${extras.length ? ` (${extras.join(", ")})` : ""} dice${a.weapon === "missile" && !a.missilesPerShip ? "" : ` hitting on ${a.targeting} or less (1s always hit)`}${missileNote}`,
  );
  lines.push(
    `Target: ${t.ships} size-${t.size} ships, ${t.shieldsPerShip} shields each at hardness ${t.hardness}, hull ${t.hull} (total ${t.totalHull ?? t.ships * t.hull}), ${t.damageTaken} damage taken, ${t.hullRule} hull`,
  );
  lines.push(`Odds (${how}):`);
  lines.push(`  mean hits              ${o.meanHits.toFixed(3)}`);
  lines.push(`  suppressed             ${pct(o.suppressedRate)}`);
  lines.push(`  mean damage            ${o.meanDamage.toFixed(3)}`);
  lines.push(`  mean ships destroyed   ${o.meanShipsDestroyed.toFixed(3)}`);
  lines.push("  ships destroyed:");
  const max = Math.max(...o.destroyedDistribution, 1e-12);
  o.destroyedDistribution.forEach((p, k) => {
    const bar = "#".repeat(Math.round((40 * p) / max));
    lines.push(`    ${String(k).padStart(2)}  ${pct(p).padStart(6)}  ${bar}`);
  });
  return lines.join("\n");
}
