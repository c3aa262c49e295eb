/**
 * The whole `starhost` command: every command, built from the registry, and how its
 * errors become exit codes (see main.ts for the codes). main.ts loads this module
 * for everything but `--version`.
 *
 * The commands know only the Ruleset contract, the host and the stores: every
 * ruleset-specific command (its tools, its scenario inputs) is built from the
 * registry.
 */
import { Command, CommanderError } from "commander";
import { HostError } from "../host/errors.js";
import { allRulesets } from "../host/registry.js";
import { StoreError } from "../store/store.js";
import { UsageError } from "./common.js";
import { registerDemoCommand } from "./demo.js";
import { registerGameCommands } from "./games.js";
import { registerSampleCommand } from "./sample.js";
import { registerSchemaCommand } from "./schema.js";
import { registerServeCommand, registerWorkerCommand } from "./serve.js";
import { registerToolCommands } from "./tools.js";

/** Runs the command line `argv` (node's: the program and script first). */
export async function runProgram(argv: readonly string[], version: string): Promise<void> {
  const program = new Command();
  // Before any subcommand is added, so every subcommand inherits it: commander's
  // errors become exceptions here and usage errors exit 2.
  program.exitOverride();
  program
    .name("starhost")
    .description("Starhost: a host for space fleet wargames. Adjudicates games from orders files, or lets bots play them.")
    .version(version)
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText(
      "after",
      `
Exit codes: 0 success; 1 input refused (bad file, invalid state, orders refused or expected to fail on check);
2 usage error (unknown command or option, missing argument, an --out the command may not write).

File formats: docs/formats.md; their JSON Schemas: starhost schema (docs/schemas).

Quick start:
  starhost demo                        bots play 10 turns of the default galaxy; a table of the empires at the end
  starhost sample                      a tutorial game: one turn from sample orders, results printed
  starhost new galactic-empires --scenario tutorial --seed 7 --out games/g1
  starhost orders template games/g1 --seat klingon --out games/g1/orders/klingon.yaml
  starhost check games/g1 --seat klingon games/g1/orders/klingon.yaml
  starhost turn games/g1
  starhost report games/g1 --seat klingon
  starhost serve --port 8080           the HTTP API (see /docs)`,
    );

  program
    .command("rulesets")
    .description("list the rulesets: their scenarios (and the files they take), bots and tools")
    .action(() => {
      for (const r of allRulesets()) {
        console.log(`${r.id}: ${r.title} - ${r.summary}`);
        for (const s of Object.values(r.scenarios)) {
          const inputs = s.inputs
            .map((i) => ` --${i.name} FILE${i.max > 1 ? ` (x${i.min === i.max ? i.max : `${i.min}-${i.max}`})` : ""}`)
            .join("");
          console.log(`  --scenario ${s.id}${inputs}${s.id === r.defaultScenario ? " (default)" : ""}: ${s.description}`);
        }
        console.log(
          `  bots: ${Object.entries(r.bots)
            .map(([k, b]) => `${k} (${b.summary})`)
            .join("; ")}`,
        );
        console.log(
          `  tools: ${Object.values(r.tools)
            .map((t) => `${t.id} (${t.summary})`)
            .join("; ")}`,
        );
      }
    });

  registerGameCommands(program);
  registerToolCommands(program);
  registerDemoCommand(program);
  registerSampleCommand(program);
  registerSchemaCommand(program);
  registerServeCommand(program);
  registerWorkerCommand(program);

  try {
    await program.parseAsync([...argv]);
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version exit 0; every other commander error is a usage error.
      process.exit(e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help" ? 0 : 2);
    }
    if (e instanceof UsageError) {
      console.error(`starhost: ${e.message}`);
      process.exit(2);
    }
    if (e instanceof HostError || e instanceof StoreError) {
      console.error(`starhost: ${e.message} (${e.code})`);
      for (const d of e instanceof HostError ? e.details : []) console.error(`  ${d}`);
      process.exit(1);
    }
    // A file system error no command foresaw (no room, no permission): a message naming the path, not a stack trace.
    const fsError = e as NodeJS.ErrnoException;
    if (typeof fsError?.code === "string" && typeof fsError.syscall === "string") {
      console.error(`starhost: cannot ${fsError.syscall} ${fsError.path ?? ""}: ${fsError.code} (file-system)`);
      process.exit(1);
    }
    throw e;
  }
}
