/**
 * `starhost fleet check FILE [--points N] [--json]` and
 * `starhost battleshift odds --input FILE [--exact | --runs N --seed S] [--json]`.
 * Exit codes: 0 valid / answered, 1 the input was refused (message per fault), 2 usage.
 * Errors are printed and set `process.exitCode`; nothing is thrown at the user.
 */
import { type Command, InvalidArgumentError } from "commander";
import type { Problem } from "../core/result.js";
import { readDataFile } from "../host/files.js";
import { HostError } from "../host/registry.js";
import { type Fleet, parseFleet, squadronSummary } from "../rules/battleshift/fleet.js";
import { LIMITS } from "../rules/battleshift/limits.js";
import { exactOdds, formatOdds, monteCarloOdds, oddsJson, parseOddsInput } from "../rules/battleshift/odds.js";
import { describeDesign } from "../rules/battleshift/ship-building.js";

function intOption(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (v: string): number => {
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
      throw new InvalidArgumentError(`${name} takes a whole number ${range}, not "${v}"`);
    }
    return Number(v);
  };
}

/** The named sub-command group, created once whoever registers first (the play commands share "battleshift"). */
function group(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

/** Read a JSON/YAML file; a read or syntax error is printed and gives exit 1. */
function readInput(path: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: readDataFile(path) };
  } catch (e) {
    if (e instanceof HostError) {
      console.error(`starhost: ${e.message} (${e.code})`);
      process.exitCode = 1;
      return { ok: false };
    }
    throw e;
  }
}

const faultLine = (p: Problem): string => `  ${p.order}: ${p.message} (${p.code})`;

/** The priced fleet, taskforce by taskforce and squadron by squadron. */
export function fleetReport(fleet: Fleet): string[] {
  const lines: string[] = [];
  const limit = fleet.pointsLimit === null ? "no points limit" : `limit ${fleet.pointsLimit}`;
  lines.push(`Fleet "${fleet.name}": ${fleet.points} points (${limit}), ${fleet.taskforces.length} taskforce(s)`);
  for (const tf of fleet.taskforces) {
    const ships = tf.squadrons.reduce((t, s) => t + s.ships, 0);
    const pts = tf.squadrons.reduce((t, s) => t + (s.cost ?? 0), 0);
    lines.push(
      `  Taskforce "${tf.name}": ${tf.squadrons.length} squadron(s), ${ships} ships, ${pts} points${tf.flagship ? `, flagship in "${tf.flagship}"` : ""}`,
    );
    for (const sq of tf.squadrons) {
      const s = squadronSummary(fleet, sq);
      const d = fleet.designs[sq.design];
      const thresholds = d && !sq.mixed ? `, threshold ${d.hull}, total damage ${d.hull * sq.ships}` : "";
      lines.push(`    Squadron "${sq.name}": ${sq.ships} ship(s), ${s.units} size units, ${s.cost} points${thresholds}`);
      for (const l of s.lines) lines.push(`      ${l}`);
    }
  }
  for (const d of fleet.defenses ?? []) {
    lines.push(`  Defended ${d.kind} "${d.name}": defense size ${d.defense.size}, ${d.diameter}" across, ${d.cost} points`);
    for (const q of d.defense.quadrants) {
      const w = Object.entries(q.weapons).map(([k, n]) => `${n} ${k}`);
      lines.push(`    Quadrant ${q.id}: ${w.length ? w.join(", ") : "no installations"}; ${q.assault} assault unit(s)`);
    }
  }
  for (const st of fleet.stations ?? []) lines.push(`  Station "${st.name}" (${st.design}) in sector ${st.sector}: ${st.cost} points`);
  const used = Object.entries(fleet.designs).sort(([a], [b]) => a.localeCompare(b));
  if (used.length) {
    lines.push("  Designs:");
    for (const [key, d] of used) lines.push(`    ${key}: ${describeDesign(d)}`);
  }
  return lines;
}

export function registerFleetCommands(program: Command): void {
  const fleet = group(program, "fleet", "Battleshift fleet files");
  fleet
    .command("check")
    .description("validate and price a Battleshift fleet file (YAML or JSON): one message per fault; exit 0 valid, 1 invalid")
    .argument("<file>", "the fleet file")
    .option("--points <n>", "the agreed point total (overrides the file's points:)", intOption("--points", 1))
    .option("--json", "print { ok, fleet, problems } as JSON")
    .action((file: string, o: { points?: number; json?: boolean }) => {
      const raw = readInput(file);
      if (!raw.ok) return;
      const r = parseFleet(raw.value, o.points !== undefined ? { points: o.points } : {});
      const problems = r.ok ? [] : r.error;
      const value = r.ok ? r.value : r.value;
      if (o.json) {
        console.log(JSON.stringify({ ok: r.ok, fleet: value ?? null, problems }, null, 2));
      } else {
        if (value) for (const l of fleetReport(value)) console.log(l);
        if (r.ok) console.log(`Valid: ${file} is a legal fleet of ${r.value.points} points.`);
        else {
          console.log(`Invalid: ${file} has ${problems.length} fault(s):`);
          for (const p of problems) console.log(faultLine(p));
        }
      }
      if (!r.ok) process.exitCode = 1;
    });

  const bs = group(program, "battleshift", "Battleshift tools: volley odds, bot battles");
  bs.command("odds")
    .description("odds of one attack on one squadron, from the engine's own combat code (sampled, or exact with --exact)")
    .requiredOption(
      "--input <file>",
      'JSON/YAML: { "attack": { weapon, dice, targeting }, "target": { ships, size, shieldsPerShip, hardness, hull, damageTaken, hullRule } }',
    )
    .option("--exact", "compute the odds exactly by enumerating the dice (no sampling)")
    .option("--runs <n>", `number of sampled attacks (default 100000, at most ${LIMITS.oddsRuns})`, intOption("--runs", 1, LIMITS.oddsRuns))
    .option("--seed <n>", "seed of the sampled attacks (default 1)", intOption("--seed", -Number.MAX_SAFE_INTEGER))
    .option("--json", "print { meanHits, suppressedRate, meanDamage, meanShipsDestroyed, destroyedDistribution }")
    .action((o: { input: string; exact?: boolean; runs?: number; seed?: number; json?: boolean }) => {
      if (o.exact && (o.runs !== undefined || o.seed !== undefined)) {
        console.error("starhost: give either --exact or --runs N --seed S, not both");
        process.exitCode = 2;
        return;
      }
      const raw = readInput(o.input);
      if (!raw.ok) return;
      const parsed = parseOddsInput(raw.value);
      if (!parsed.ok) {
        console.error(`starhost: ${o.input} is not a valid odds input:`);
        for (const p of parsed.error) console.error(`  ${p.message}`);
        process.exitCode = 1;
        return;
      }
      const { attack, target } = parsed.value;
      const runs = o.runs ?? 100_000;
      const seed = o.seed ?? 1;
      const odds = o.exact ? exactOdds(attack, target) : monteCarloOdds(attack, target, runs, seed);
      if (o.json) console.log(JSON.stringify(oddsJson(odds)));
      else console.log(formatOdds(parsed.value, odds, o.exact ? "exact" : `${runs} sampled attacks, seed ${seed}`));
    });
}
