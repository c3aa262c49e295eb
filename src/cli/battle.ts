/**
 * `starhost battle galactic-empires --input FILE [--runs N] [--seed S] [--json]`:
 * the odds of one Galactic Empires battle (seed 003 chapter 6), fought N times by
 * the adjudicator's own battle code (src/rules/galactic-empires/odds.ts).
 * Exit codes: 0 answered; 1 the input was refused (one line per bad field); 2 usage.
 */
import { type Command, InvalidArgumentError } from "commander";
import { readDataFile } from "../host/files.js";
import { HostError } from "../host/registry.js";
import { LIMITS } from "../rules/galactic-empires/limits.js";
import { oddsJson, oddsText, parseOddsInput, runOdds } from "../rules/galactic-empires/odds.js";

const MAX_RUNS = LIMITS.oddsRuns;

function wholeOption(name: string, min: number, max: number) {
  return (v: string): number => {
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      throw new InvalidArgumentError(`${name} takes a whole number from ${min} to ${max}, not "${v}"`);
    }
    return Number(v);
  };
}

export function registerBattleCommand(program: Command): void {
  program
    .command("battle")
    .description("the odds of one battle, fought many times by the adjudicator's own battle code")
    .argument("<ruleset>", "ruleset id (galactic-empires)")
    .requiredOption(
      "--input <file>",
      "JSON/YAML: { sides: [ { name, units: [ { ships: [ { type, builder, count, rank } ], admiral, retreatLevel, defendsDefences } ] } ], sectorDefence, crossBorder }",
    )
    .option("--runs <n>", "number of battles fought", wholeOption("--runs", 1, MAX_RUNS), 10_000)
    .option("--seed <n>", "seed of the runs: same seed, same figures", wholeOption("--seed", -2147483648, 4294967295), 1)
    .option(
      "--json",
      'print { "runs", "sides": [ { "name", "winRate", "winRateStdErr", "meanShipsLost", "lostByType" } ], "neitherRate", "meanRounds" }',
    )
    .addHelpText(
      "after",
      `
Each side is at war with every other. Starships are named as printed with their
builder ("Hawk Heavy Cruiser", "Klingon") or by id ("klingon/hawk-heavy-cruiser").

Example:
  starhost battle galactic-empires --input examples/galactic-empires/battle-patrol-force.json --runs 10000 --seed 1`,
    )
    .action((ruleset: string, o: { input: string; runs: number; seed: number; json?: boolean }) => {
      if (ruleset !== "galactic-empires") {
        throw new HostError(
          "no-battle-odds",
          `battle odds are for galactic-empires${ruleset === "battleshift" ? '; for Battleshift use "starhost battleshift odds"' : ""}, not "${ruleset}"`,
        );
      }
      const parsed = parseOddsInput(readDataFile(o.input));
      if (!parsed.ok) throw new HostError("invalid-battle-input", `${o.input} is not a valid battle input`, parsed.error);
      const result = runOdds(parsed.value, o.runs, o.seed);
      if (o.json) console.log(JSON.stringify(oddsJson(result), null, 2));
      else console.log(oddsText(parsed.value, result));
    });
}
