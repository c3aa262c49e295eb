/**
 * `starhost sample [--ruleset R]`: a ruleset's sample game, one step played from
 * hand-written orders (examples/<ruleset>/sample.json names the scenario, the seed
 * and the folder of orders), every seat's results printed.
 */
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Command, Option } from "commander";
import { HostError } from "../host/errors.js";
import { readDataFile } from "../host/files.js";
import { createGame, playStep, seatReport } from "../host/games.js";
import { allRulesets, rulesetById } from "../host/registry.js";
import { FolderStore } from "../store/folder.js";
import { gameIdFor, now, PACKAGE_ROOT, seedOption, takeInbox } from "./common.js";
import { requireOutputFolder } from "./output.js";

const EXAMPLES = join(PACKAGE_ROOT, "examples");

interface SampleFile {
  scenario: string;
  seed: number;
  orders: string;
}

function sampleOf(rulesetId: string): SampleFile | null {
  const p = join(EXAMPLES, rulesetId, "sample.json");
  return existsSync(p) ? (readDataFile(p) as SampleFile) : null;
}

export function registerSampleCommand(program: Command): void {
  program
    .command("sample")
    .description("a sample game: one step played from hand-written orders, every seat's results printed")
    .option("--ruleset <id>", "the ruleset (default: the first with a sample)")
    .addOption(new Option("--out <dir>", "folder for the game").default("games/sample"))
    .option("--seed <n>", "seed (default: the sample's own)", seedOption)
    .option("--quiet", "print only the summary")
    .action(async (o: { ruleset?: string; out: string; seed?: number; quiet?: boolean }) => {
      const ruleset = o.ruleset ? rulesetById(o.ruleset) : allRulesets().find((r) => sampleOf(r.id));
      const sample = ruleset ? sampleOf(ruleset.id) : null;
      if (!ruleset || !sample)
        throw new HostError("no-sample", `no sample for ${o.ruleset ?? "any ruleset"} (examples/<ruleset>/sample.json)`);
      requireOutputFolder(o.out);
      if (existsSync(join(o.out, "game.json")))
        throw new HostError("game-exists", `${o.out} already holds a game; remove it or pass --out`);
      const seed = o.seed ?? sample.seed;
      const store = new FolderStore(o.out);
      const record = await createGame(store, { id: gameIdFor(o.out), ruleset, scenario: sample.scenario, inputs: {}, seed });
      const src = resolve(EXAMPLES, ruleset.id, sample.orders);
      for (const f of readdirSync(src)) cpSync(join(src, f), join(o.out, "orders", f));
      console.log(`Created the ${sample.scenario} game of ${ruleset.title} in ${o.out} (seed ${seed}) with sample orders from ${src}.`);
      const run = await playStep(store, record.id, {
        holder: "starhost sample",
        at: now(),
        before: (rec, rs) => takeInbox(store, rec, rs),
      });
      for (const seat of Object.keys(run.entry.sources)) {
        console.log(`\n${"=".repeat(78)}`);
        if (o.quiet) console.log(`${seat}: starhost report ${o.out} --seat ${seat}`);
        else process.stdout.write((await seatReport(store, record.id, seat, run.entry.step)).text);
      }
      console.log(
        `\n${run.entry.label} adjudicated. Next: put orders in ${join(o.out, "orders")}/<${ruleset.seatNoun}>.yaml and run "starhost turn ${o.out}".`,
      );
    });
}
