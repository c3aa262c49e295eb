/**
 * `starhost schema`: the JSON Schema of every file format of every ruleset (issue 9 item 17), built from
 * the registry (no ruleset named here). docs/schemas holds what `starhost schema --all --out docs/schemas`
 * writes; a test keeps the two equal.
 */
import { join } from "node:path";
import type { Command } from "commander";
import { formatOf, formatsOf, schemaFileName, schemaText } from "../host/formats.js";
import { allRulesets, rulesetById, rulesetIds } from "../host/registry.js";
import { UsageError } from "./common.js";
import { requireOutputFolder, writeUnstamped } from "./output.js";

export function registerSchemaCommand(program: Command): void {
  program
    .command("schema")
    .description("the JSON Schema of a ruleset's file formats: orders, fleet or map files, tool inputs")
    .argument("[ruleset]", `ruleset id (${rulesetIds().join(", ")}); without one, every ruleset's formats are listed`)
    .argument("[format]", 'a format of the ruleset: "orders", a scenario\'s input ("fleet", "map") or a tool\'s ("odds")')
    .option("--out <path>", "write the schema to this file (with --all: every schema into this folder) instead of standard output")
    .option("--all", "every format of every ruleset, as <ruleset>.<format>.schema.json in the folder --out names")
    .option("--force", "replace files that exist")
    .addHelpText(
      "after",
      `
Examples:
  starhost schema                                   list the formats of every ruleset
  starhost schema battleshift fleet                 print the fleet file's JSON Schema
  starhost schema galactic-empires orders --out ge-orders.schema.json
  starhost schema --all --out docs/schemas --force  write them all (what docs/schemas holds)
The formats are described, with an example of every order, in docs/formats.md.`,
    )
    .action((rulesetId: string | undefined, format: string | undefined, o: { out?: string; all?: boolean; force?: boolean }) => {
      if (o.all) {
        if (rulesetId !== undefined) throw new UsageError("give either --all or a ruleset, not both");
        if (o.out === undefined) throw new UsageError("--all writes files: give the folder with --out DIR");
        requireOutputFolder(o.out);
        let n = 0;
        for (const r of allRulesets())
          for (const f of formatsOf(r)) {
            writeUnstamped(join(o.out, schemaFileName(r, f.name)), schemaText(r, f), o.force === true, true);
            n++;
          }
        console.log(`Wrote ${n} schemas into ${o.out}.`);
        return;
      }
      if (rulesetId === undefined || format === undefined) {
        if (o.out !== undefined) throw new UsageError("--out writes one schema: name the ruleset and the format (or give --all)");
        for (const r of rulesetId === undefined ? allRulesets() : [rulesetById(rulesetId)]) {
          console.log(`${r.id}:`);
          for (const f of formatsOf(r)) console.log(`  ${f.name.padEnd(8)} ${f.description} (docs/schemas/${schemaFileName(r, f.name)})`);
        }
        return;
      }
      const r = rulesetById(rulesetId);
      const text = schemaText(r, formatOf(r, format));
      if (o.out === undefined) process.stdout.write(text);
      else {
        writeUnstamped(o.out, text, o.force === true, true);
        console.log(`Wrote ${o.out}`);
      }
    });
}
