/**
 * The `starhost` command. Exit codes scripts can trust:
 *   0  success
 *   1  the input was refused (bad file, invalid state, orders expected to fail on check)
 *   2  usage error (unknown command or option, missing argument)
 */
import { cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Command, CommanderError, Option } from "commander";
import { canonicalJson } from "../core/json.js";
import type { Problem } from "../core/result.js";
import { SEED_MAX, seedProblem } from "../core/rng.js";
import { readDataFile, writeText } from "../host/files.js";
import { createGame, loadGame, readOrders, resultsPath, runGameTurn } from "../host/game-dir.js";
import { HostError, RULESETS, rulesetById, scenarioOf } from "../host/registry.js";
import { parseMap } from "../rules/galactic-empires/state-schema.js";
import { registerBattleCommand } from "./battle.js";
import { registerBattleshiftCommands } from "./battleshift.js";
import { registerDemoCommand } from "./demo.js";
import { registerGalacticEmpiresCommands } from "./galactic-empires.js";

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, "..", "..");

const program = new Command();
// Before any subcommand is added, so every subcommand inherits it: commander's
// errors become exceptions here and usage errors exit 2.
program.exitOverride();
program
  .name("starhost")
  .description("Starhost: a host for space fleet wargames. Adjudicates Galactic Empires turns from order files.")
  .version("0.1.0")
  .showHelpAfterError("(run with --help for usage)")
  .addHelpText(
    "after",
    `
Exit codes: 0 success; 1 input refused (bad file, invalid state, orders that will fail on check); 2 usage error.

Quick start:
  starhost demo                        bots play 10 turns of the default galaxy; a table of the empires at the end
  starhost sample                      a tutorial game: one turn from sample orders, results printed
  starhost new galactic-empires --scenario tutorial --seed 7 --out games/g1
  starhost orders template games/g1 --empire klingon > games/g1/orders/klingon.yaml
  starhost check games/g1 --empire klingon games/g1/orders/klingon.yaml
  starhost turn games/g1
  starhost report games/g1 --empire klingon`,
  );

program
  .command("rulesets")
  .description("list the rulesets and their scenarios")
  .action(() => {
    for (const r of Object.values(RULESETS)) {
      console.log(`${r.id}: ${r.title}`);
      for (const s of Object.values(r.scenarios)) console.log(`  --scenario ${s.id}: ${s.description}`);
    }
  });

program
  .command("new")
  .description("create a game folder from a scenario or a map file")
  .argument("<ruleset>", `ruleset id (${Object.keys(RULESETS).join(", ")})`)
  .option("--scenario <name>", "a built-in scenario (see `starhost rulesets`)")
  .option("--map <file>", "a map file (JSON or YAML) with sectors, borders, empires and units")
  .option("--seed <n>", "the game's seed: every die of every turn follows from it", seedArg, 1)
  .option(
    "--fleet <file>",
    "a fleet file (YAML or JSON), once per side (battleshift)",
    (v: string, acc: string[]) => [...acc, v],
    [] as string[],
  )
  .requiredOption("--out <dir>", "the folder to create the game in")
  .action((rulesetId: string, o: { scenario?: string; map?: string; seed: number; out: string; fleet: string[] }) => {
    const ruleset = rulesetById(rulesetId);
    if (o.fleet.length > 0) {
      // Fleet-based rulesets: the scenario (default "default") gets the decoded fleet files.
      const name = o.scenario ?? "default";
      const sc = scenarioOf(ruleset, name);
      const fleets = o.fleet.map((f) => readDataFile(f));
      const state = createScenario(() => sc.create({ seed: o.seed, fleets }), `the fleets ${o.fleet.join(", ")}`);
      createGame(o.out, ruleset.id, state);
      console.log(`Created a ${ruleset.title} game in ${o.out} (seed ${o.seed}). Seats: ${ruleset.seats(state).join(", ")}.`);
      return;
    }
    if ((o.scenario === undefined) === (o.map === undefined)) throw new UsageError("give exactly one of --scenario NAME or --map FILE");
    let state: unknown;
    if (o.scenario !== undefined) {
      const sc = scenarioOf(ruleset, o.scenario);
      state = createScenario(() => sc.create({ seed: o.seed }), `scenario ${o.scenario}`);
    } else {
      if (ruleset.id !== "galactic-empires") throw new HostError("no-map-support", `${ruleset.id} does not take --map`);
      const parsed = parseMap(readDataFile(o.map as string), o.seed, `map:${o.map}`);
      if (!parsed.ok) throw problemsError("invalid-map", `${o.map} is not a valid map`, parsed.error);
      state = parsed.value;
    }
    createGame(o.out, ruleset.id, state);
    const seats = ruleset.seats(state);
    console.log(`Created a ${ruleset.title} game in ${o.out} (seed ${o.seed}). Seats: ${seats.join(", ")}.`);
    console.log(`Put each seat's orders in ${join(o.out, "orders", "<seat>.yaml")} (or .json), then run: starhost turn ${o.out}`);
  });

const orders = program.command("orders").description("work with orders files");
orders
  .command("template")
  .description("print a commented orders file for one seat to start from")
  .argument("<dir>", "game folder")
  .option("--seat <id>", "the seat to write orders for: an empire (galactic-empires) or a side (battleshift)")
  .option("--empire <id>", "the same as --seat")
  .option("--side <id>", "the same as --seat")
  .option("--out <file>", "write to this file instead of standard output")
  .action((dir: string, o: SeatOptions & { out?: string }) => {
    const game = loadGame(dir);
    const seat = requireSeat(game, seatOf(o));
    const text = game.ruleset.ordersTemplate(game.state, seat);
    if (o.out) {
      writeText(o.out, text);
      console.log(`Wrote ${o.out}`);
    } else process.stdout.write(text);
  });

program
  .command("check")
  .description("preview orders: what each will do, step by step and phase by phase, and what will fail and why (exit 1 if any fails)")
  .argument("<dir>", "game folder")
  .argument("<file>", "orders file (JSON or YAML)")
  .option("--seat <id>", "the seat whose orders these are: an empire (galactic-empires) or a side (battleshift)")
  .option("--empire <id>", "the same as --seat")
  .option("--side <id>", "the same as --seat")
  .option("--json", "print the check as JSON")
  .action((dir: string, file: string, o: SeatOptions & { json?: boolean }) => {
    const game = loadGame(dir);
    const seat = requireSeat(game, seatOf(o));
    const r = readOrders(game, seat, file);
    const check = game.ruleset.check(game.state, seat, r.orders);
    const problems: Problem[] = [...r.problems, ...check.problems];
    if (o.json) {
      console.log(canonicalJson({ ok: problems.length === 0, lines: check.lines, problems }, 2));
    } else {
      let last = "";
      for (const line of check.lines) {
        if (line.step !== last) {
          console.log(`\n${line.step}`);
          last = line.step;
        }
        console.log(`  ${line.ok ? "ok  " : "FAIL"} ${line.order ? `${line.order}: ` : ""}${line.text}`);
      }
      console.log("");
      if (problems.length === 0) console.log("No problems found: every order is expected to succeed.");
      else {
        console.log(`${problems.length} problem(s):`);
        for (const p of problems) console.log(`  ${p.order}: ${p.message} (${p.code})`);
      }
    }
    if (problems.length > 0) process.exitCode = 1;
  });

program
  .command("turn")
  .description("adjudicate the awaited turn from DIR/orders/<seat>.json|yaml; write history and each seat's results")
  .argument("<dir>", "game folder")
  .action((dir: string) => {
    const s = runGameTurn(dir);
    console.log(`Turn ${s.turn} adjudicated in ${dir} (${s.events} events).`);
    for (const seat of s.seats) {
      console.log(
        `  ${seat.seat}: ${seat.file ? `${seat.orders} orders from ${seat.file}` : "no orders file (the seat's default: no orders)"}${seat.problems ? `, ${seat.problems} malformed` : ""}`,
      );
    }
    console.log(`Results: ${join(dir, "results", String(s.turn))}/<seat>.txt and .json`);
    if (s.outcome) console.log(`The game is over: ${s.outcome.reason}. Winners: ${s.outcome.winners.join(", ") || "none"}.`);
  });

program
  .command("report")
  .description("print a seat's results of a turn (default: the last adjudicated turn)")
  .argument("<dir>", "game folder")
  .option("--seat <id>", "the seat: an empire (galactic-empires) or a side (battleshift)")
  .option("--empire <id>", "the same as --seat")
  .option("--side <id>", "the same as --seat")
  .option("--turn <n>", "the turn", intArg("--turn"))
  .option("--json", "print the JSON results")
  .action((dir: string, o: SeatOptions & { turn?: number; json?: boolean }) => {
    const game = loadGame(dir);
    const seat = requireSeat(game, seatOf(o));
    const turn = o.turn ?? game.ruleset.turn(game.state) - 1;
    if (turn < 1) throw new HostError("no-results", `no turn has been adjudicated yet in ${dir}`);
    const p = resultsPath(dir, turn, seat, o.json ? "json" : "txt");
    if (!existsSync(p)) throw new HostError("no-results", `no results for ${seat} at turn ${turn} (${p})`);
    process.stdout.write(readFileSync(p, "utf8"));
  });

program
  .command("sample")
  .description("a tutorial game, one turn adjudicated from sample orders, results printed")
  .addOption(new Option("--out <dir>", "folder for the game").default("games/sample"))
  .option("--seed <n>", "seed", seedArg, 7)
  .option("--quiet", "print only the summary")
  .action((o: { out: string; seed: number; quiet?: boolean }) => {
    const ruleset = rulesetById("galactic-empires");
    const state = ruleset.scenarios.tutorial?.create({ seed: o.seed });
    if (existsSync(join(o.out, "game.json"))) throw new HostError("game-exists", `${o.out} already holds a game; remove it or pass --out`);
    createGame(o.out, ruleset.id, state);
    const src = join(ROOT, "examples", "tutorial", "orders");
    for (const f of readdirSync(src)) cpSync(join(src, f), join(o.out, "orders", f));
    console.log(`Created the tutorial game in ${o.out} (seed ${o.seed}) with sample orders from examples/tutorial/orders.`);
    const s = runGameTurn(o.out);
    for (const seat of s.seats) {
      console.log(`\n${"=".repeat(78)}`);
      if (o.quiet) console.log(`${seat.seat}: results in ${resultsPath(o.out, s.turn, seat.seat, "txt")}`);
      else process.stdout.write(readFileSync(resultsPath(o.out, s.turn, seat.seat, "txt"), "utf8"));
    }
    console.log(
      `\nTurn ${s.turn} adjudicated. Results: ${join(o.out, "results", String(s.turn))}. Next: edit ${join(o.out, "orders")}/<empire>.yaml and run "starhost turn ${o.out}".`,
    );
  });

class UsageError extends Error {}

/** `--seat`, or its ruleset-flavoured names `--empire` and `--side`: exactly one of them. */
interface SeatOptions {
  seat?: string;
  empire?: string;
  side?: string;
}
function seatOf(o: SeatOptions): string {
  const given = [o.seat, o.empire, o.side].filter((x): x is string => x !== undefined);
  if (given.length !== 1) throw new UsageError("name the seat once: --seat ID (or --empire ID, or --side ID)");
  return given[0] as string;
}

/** A scenario that refuses its inputs (a bad fleet file) throws: report it as refused input, not a crash. */
function createScenario<T>(make: () => T, what: string): T {
  try {
    return make();
  } catch (e) {
    if (e instanceof HostError) throw e;
    throw new HostError("invalid-scenario-input", `${what} cannot start a game: ${(e as Error).message}`);
  }
}

/** A seed: a safe integer, every bit of which counts (core/rng.ts). */
function seedArg(v: string): number {
  const n = Number(v);
  if (!/^-?\d+$/.test(v) || seedProblem(n) !== null)
    throw new UsageError(`--seed takes a whole number from ${-SEED_MAX} to ${SEED_MAX}, not "${v}"`);
  return n;
}

function intArg(name: string) {
  return (v: string): number => {
    if (!/^-?\d+$/.test(v)) throw new UsageError(`${name} takes a whole number, not "${v}"`);
    return Number(v);
  };
}

function requireSeat(game: { ruleset: { seats(s: unknown): string[] }; state: unknown }, seat: string): string {
  const seats = game.ruleset.seats(game.state);
  if (!seats.includes(seat)) throw new HostError("unknown-seat", `no seat "${seat}" in this game; seats: ${seats.join(", ")}`);
  return seat;
}

function problemsError(code: string, message: string, problems: Problem[]): HostError {
  return new HostError(
    code,
    message,
    problems.map((p) => `${p.order}: ${p.message} (${p.code})`),
  );
}

registerBattleCommand(program);
registerBattleshiftCommands(program);
registerDemoCommand(program);
registerGalacticEmpiresCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    // Help and version exit 0; every other commander error is a usage error.
    process.exit(e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help" ? 0 : 2);
  }
  if (e instanceof UsageError) {
    console.error(`starhost: ${e.message}`);
    process.exit(2);
  }
  if (e instanceof HostError) {
    console.error(`starhost: ${e.message} (${e.code})`);
    for (const d of e.details) console.error(`  ${d}`);
    process.exit(1);
  }
  throw e;
}
