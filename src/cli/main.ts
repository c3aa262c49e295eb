/**
 * The `starhost` command. Exit codes scripts can trust:
 *   0  success
 *   1  the input was refused (bad file, invalid state, orders that are refused or expected to fail on check)
 *   2  usage error (unknown command or option, missing argument)
 *
 * This module only answers `--version`; everything else is in program.ts, loaded
 * here when needed, so `starhost --version` loads commander and nothing of the
 * rules, host or stores (issue 9 item 20: the command's start, bench/startup.bench.ts).
 */
import { Command, CommanderError } from "commander";

const VERSION = "0.2.0";

// Output to a closed pipe (`starhost turn DIR | head -1`) is not a failure of the command: what it did is done.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
    throw e;
  });
}

/**
 * Whether commander would answer the whole command line with the version: the
 * program's own option parser (the same `parseOptions` the full program runs first)
 * with the version as its only option. Any other line, `--help` included, goes to
 * the full program, which also answers the version in every case this one misses.
 */
function asksVersion(args: string[]): boolean {
  const quick = new Command().version(VERSION).helpOption(false).exitOverride();
  quick.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  try {
    quick.parseOptions(args);
    return false;
  } catch (e) {
    if (e instanceof CommanderError && e.code === "commander.version") return true;
    throw e;
  }
}

if (asksVersion(process.argv.slice(2))) console.log(VERSION);
else await (await import("./program.js")).runProgram(process.argv, VERSION);
