/**
 * Playing a game by files: `new`, `orders template`, `check`, `submit`, `turn`,
 * `report`, `auto`, `export`, `import`. Every command goes through the host's
 * lifecycle and a store, for every ruleset alike.
 */
import { join } from "node:path";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { canonicalJson } from "../core/json.js";
import type { Problem } from "../core/result.js";
import type { AnyRuleset, CheckLine } from "../core/ruleset.js";
import { readDataFile } from "../host/files.js";
import {
  createGame,
  exportGame,
  type GameExport,
  importGame,
  playBots,
  playStep,
  problemLines,
  seatReport,
  submitOrders,
} from "../host/games.js";
import { acceptOrders, assertNotOver, gameOverMessage, newGameWarnings } from "../host/lifecycle.js";
import { allRulesets, rulesetById, rulesetIds } from "../host/registry.js";
import { FolderStore } from "../store/folder.js";
import { openStore } from "../store/open.js";
import type { Store } from "../store/store.js";
import {
  addSeatOptions,
  gameIdFor,
  intOption,
  now,
  openFolder,
  requireSeat,
  type SeatOptions,
  seatOf,
  seedOption,
  takeInbox,
  UsageError,
} from "./common.js";
import { outputProblem, requireOutputFolder, writeOutput, writeUnstamped } from "./output.js";

/** Every scenario input of every ruleset, as `--<name> FILE` (repeatable). */
function scenarioInputs(): { name: string; description: string }[] {
  const seen = new Map<string, string>();
  for (const r of allRulesets())
    for (const sc of Object.values(r.scenarios)) for (const i of sc.inputs) if (!seen.has(i.name)) seen.set(i.name, i.description);
  return [...seen].map(([name, description]) => ({ name, description }));
}

/** The scenario to start when none is named: the one taking exactly the inputs given, else the ruleset's default. */
function pickScenario(ruleset: AnyRuleset, given: string[]): string {
  if (given.length === 0) return ruleset.defaultScenario;
  const fits = Object.values(ruleset.scenarios).filter(
    (sc) => given.every((g) => sc.inputs.some((i) => i.name === g)) && sc.inputs.every((i) => i.min === 0 || given.includes(i.name)),
  );
  const needing = fits.filter((sc) => sc.inputs.some((i) => i.min > 0));
  // Settings alone (--victory) leave the ruleset's default scenario when it takes them.
  const pick = needing[0] ?? fits.find((sc) => sc.id === ruleset.defaultScenario) ?? fits[0];
  if (!pick) throw new UsageError(`no ${ruleset.id} scenario takes ${given.map((g) => `--${g}`).join(", ")}; see "starhost rulesets"`);
  return pick.id;
}

export function registerGameCommands(program: Command): void {
  const inputs = scenarioInputs();
  const make = program
    .command("new")
    .description("create a game folder from a scenario (and its input files)")
    .argument("<ruleset>", `ruleset id (${rulesetIds().join(", ")})`)
    .option(
      "--scenario <name>",
      "a scenario (see `starhost rulesets`; default: the one fitting the files given, else the ruleset's default)",
    )
    .option("--seed <n>", "the game's seed: every die of every step follows from it", seedOption, 1)
    .requiredOption("--out <dir>", "the folder to create the game in");
  for (const i of inputs)
    make.option(`--${i.name} <file>`, `${i.description} (repeatable)`, (v: string, acc: string[] = []) => [...acc, v]);
  make.action(async (rulesetId: string, o: Record<string, unknown> & { scenario?: string; seed: number; out: string }) => {
    const ruleset = rulesetById(rulesetId);
    requireOutputFolder(o.out);
    const given: Record<string, unknown[]> = {};
    const files: string[] = [];
    for (const i of inputs) {
      const list = o[i.name] as string[] | undefined;
      if (!list?.length) continue;
      given[i.name] = list.map((f) => readDataFile(f));
      files.push(...list);
    }
    const scenario = o.scenario ?? pickScenario(ruleset, Object.keys(given));
    const store = new FolderStore(o.out);
    const game = { id: gameIdFor(o.out), ruleset, scenario, inputs: given, seed: o.seed };
    const record = await createGame(store, game);
    const seats = ruleset.describe(record.state).seats.map((s) => s.id);
    console.log(
      `Created a ${ruleset.title} game in ${o.out} (scenario ${scenario}, seed ${o.seed}${files.length ? `, from ${files.join(", ")}` : ""}). Seats: ${seats.join(", ")}.`,
    );
    for (const w of newGameWarnings(game)) console.log(`Warning: ${w}.`);
    console.log(
      `It awaits ${record.label}. Put each ${ruleset.seatNoun}'s orders in ${join(o.out, "orders", "<seat>.yaml")} (or .json), then run: starhost turn ${o.out}`,
    );
  });

  const orders = program.command("orders").description("work with orders files");
  addSeatOptions(
    orders.command("template").description("print a commented orders file for one seat to start from").argument("<dir>", "game folder"),
    "the seat to write orders for",
  )
    .option("--out <file>", "write to this file instead of standard output")
    .option("--force", 'replace --out even if it is not an unchanged file of "starhost orders template" (one you edited)')
    .action(async (dir: string, o: SeatOptions & { out?: string; force?: boolean }) => {
      const { record, ruleset } = await openFolder(dir);
      assertNotOver(record);
      const seat = requireSeat(ruleset, record, seatOf(o, true));
      const text = ruleset.ordersTemplate(record.state, seat);
      if (o.out !== undefined) {
        writeOutput(o.out, text, "orders template", o.force === true);
        console.log(`Wrote ${o.out}`);
      } else process.stdout.write(text);
    });
  orders
    .command("options")
    .description("what a seat can order now, as data (menus for a client)")
    .argument("<dir>", "game folder")
    .option("--seat <id>", "the seat")
    .action(async (dir: string, o: { seat?: string }) => {
      const { record, ruleset } = await openFolder(dir);
      assertNotOver(record);
      const seat = requireSeat(ruleset, record, seatOf(o, true));
      console.log(canonicalJson(ruleset.legalOrders(record.state, seat), 2));
    });

  addSeatOptions(
    program
      .command("check")
      .description(
        "preview orders: what each will do, step by step, and what will fail and why (exit 1 if any fails or the file is refused)",
      )
      .argument("<dir>", "game folder")
      .argument("<file>", "orders file (JSON or YAML)"),
    "the seat whose orders these are",
  )
    .option("--json", "print the check as JSON")
    .action(async (dir: string, file: string, o: SeatOptions & { json?: boolean }) => {
      const { record, ruleset } = await openFolder(dir);
      if (record.outcome && o.json) {
        const over = [{ order: "game", code: "game-over", message: gameOverMessage(record.outcome) }];
        console.log(canonicalJson({ ok: false, refused: over, lines: [], problems: over }, 2));
        process.exitCode = 1;
        return;
      }
      assertNotOver(record);
      const seat = requireSeat(ruleset, record, seatOf(o, true));
      const a = acceptOrders(ruleset, record, seat, readDataFile(file));
      if (!a.ok) {
        if (o.json) console.log(canonicalJson({ ok: false, refused: a.error, lines: [], problems: a.error }, 2));
        else {
          console.log(`${file} is refused whole (nothing in it would be adjudicated):`);
          for (const l of problemLines(a.error)) console.log(`  ${l}`);
        }
        process.exitCode = 1;
        return;
      }
      const problems: Problem[] = [...a.value.problems, ...a.value.check.problems];
      // One verdict: the check's own and its problems agree on it, and so does the exit code (issue 9 item 15).
      const passed = a.value.check.ok && problems.length === 0;
      if (o.json) console.log(canonicalJson({ ok: passed, lines: a.value.check.lines, problems }, 2));
      else printCheck(a.value.check.lines, problems, passed);
      if (!passed) process.exitCode = 1;
    });

  addSeatOptions(
    program
      .command("submit")
      .description("keep orders for the awaited step as a new revision (the last one before the step runs counts); prints the check")
      .argument("<dir>", "game folder")
      .argument("<file>", "orders file (JSON or YAML)"),
    "the seat whose orders these are (default: the file's own seat field)",
  ).action(async (dir: string, file: string, o: SeatOptions) => {
    const { store, record, ruleset } = await openFolder(dir);
    assertNotOver(record);
    const raw = readDataFile(file);
    const seat = requireSeat(ruleset, record, seatOf(o, false) ?? ruleset.parseOrders(raw).seat ?? "");
    const lock = await store.lock(record.id, `starhost submit ${file}`);
    try {
      const s = await submitOrders(store, record.id, seat, raw, `file ${file}`, now());
      const problems = [...s.problems, ...s.check.problems];
      printCheck(s.check.lines, problems, s.check.ok && problems.length === 0);
      console.log(`Kept as revision ${s.revision} of ${seat}'s orders for ${record.label}.`);
    } finally {
      await lock.release();
    }
  });

  program
    .command("turn")
    .description("run the awaited step: orders from DIR/orders/<seat>.yaml|json and earlier submissions; seats with none get their default")
    .argument("<dir>", "game folder")
    .addHelpText(
      "after",
      `
Every orders file in DIR/orders is read first. If any is malformed, names another seat or was
written for another step, nothing happens: the command names the file and the problem and exits 1.
Otherwise each file is kept as a revision under DIR/submissions/<step>/<seat>/ (and leaves the
inbox), the step runs and commits whole. Read the results with "starhost report DIR --seat S".`,
    )
    .action(async (dir: string) => {
      const { store, record } = await openFolder(dir);
      assertNotOver(record);
      const run = await playStep(store, record.id, {
        holder: `starhost turn ${dir}`,
        at: now(),
        before: (rec, ruleset) => takeInbox(store, rec, ruleset),
      });
      const { entry, next, ruleset } = run;
      console.log(`${cap(entry.label)} adjudicated in ${dir} (${entry.events.length} events).`);
      for (const [seat, source] of Object.entries(entry.sources)) console.log(`  ${seat}: ${source}`);
      console.log(`Results: starhost report ${dir} --seat <${ruleset.seatNoun}>`);
      if (next.outcome) console.log(`The game is over: ${next.outcome.reason}. Winners: ${next.outcome.winners.join(", ") || "none"}.`);
      else console.log(`Now awaiting ${next.label}.`);
    });

  addSeatOptions(
    program
      .command("report")
      .description("print a seat's results of a step (default: the last step run; before any, the starting position)")
      .argument("<dir>", "game folder"),
    "the seat",
  )
    .option("--step <n>", "the step", intOption("--step", 0, Number.MAX_SAFE_INTEGER))
    .option("--turn <n>", "the same as --step", intOption("--turn", 0, Number.MAX_SAFE_INTEGER))
    .option("--json", "print the JSON results")
    .action(async (dir: string, o: SeatOptions & { step?: number; turn?: number; json?: boolean }) => {
      const { store, record } = await openFolder(dir);
      const seat = seatOf(o, true);
      const r = await seatReport(store, record.id, seat, o.step ?? o.turn);
      if (o.json) console.log(canonicalJson(r.json, 2));
      else process.stdout.write(r.text.endsWith("\n") ? r.text : `${r.text}\n`);
    });

  program
    .command("auto")
    .description("let the bots play the game in a folder, step by step, to the end (history kept for replays)")
    .argument("<dir>", "game folder")
    .option("--level <level>", "the bots' level (default: normal)", "normal")
    .option("--max-steps <n>", "stop after this many steps", intOption("--max-steps", 1, 10_000_000), 100_000)
    .option("--quiet", "no progress bar")
    .action(async (dir: string, o: { level: string; maxSteps: number; quiet?: boolean }) => autoPlay(dir, o));

  program
    .command("export")
    .description("write a game (every step and submission) as one JSON file, to move it to another store")
    .argument("[dir]", "game folder (or --store and --game)")
    .option("--store <spec>", 'a database: "pglite:DIR" (PGlite in a folder) or a postgres:// URL')
    .option("--game <id>", "the game's id in --store")
    .requiredOption("--out <file>", "the file to write")
    .option("--force", "replace --out if it exists")
    .addHelpText(
      "after",
      "\nExamples:\n  starhost export games/g1 --out g1.json\n  starhost export --store pglite:./starhost-data --game g1 --out g1.json",
    )
    .action(async (dir: string | undefined, o: { out: string; force?: boolean; store?: string; game?: string }) => {
      const bad = outputProblem(o.out, null, o.force === true);
      if (bad !== null) throw new UsageError(bad);
      const { store, id } = await source(dir, o);
      try {
        const doc = await exportGame(store, id);
        writeUnstamped(o.out, `${canonicalJson(doc)}\n`, o.force === true);
        console.log(`Wrote ${o.out}: ${id}, ${doc.steps.length} step(s), ${doc.submissions.length} submission(s).`);
      } finally {
        await store.close();
      }
    });

  program
    .command("import")
    .description("put an exported game into a new game folder, or into a database")
    .argument("<file>", "a file written by `starhost export`")
    .option("--out <dir>", "the game folder to create")
    .option("--store <spec>", 'or a database: "pglite:DIR" or a postgres:// URL')
    .addHelpText(
      "after",
      "\nExamples:\n  starhost import g1.json --out games/g1-copy\n  starhost import g1.json --store pglite:./starhost-data",
    )
    .action(async (file: string, o: { out?: string; store?: string }) => {
      if ((o.out === undefined) === (o.store === undefined)) throw new UsageError("give one of --out DIR or --store SPEC");
      if (o.out !== undefined) requireOutputFolder(o.out);
      const doc = readDataFile(file) as GameExport;
      const store = o.out !== undefined ? new FolderStore(o.out) : await openStore(o.store as string);
      try {
        const record = await importGame(store, doc);
        console.log(`Imported ${record.id} into ${store.where}: ${record.label}.`);
      } finally {
        await store.close();
      }
    });
}

/** The game to export: a game folder, or a game of a database. */
async function source(dir: string | undefined, o: { store?: string; game?: string }): Promise<{ store: Store; id: string }> {
  if (dir !== undefined) {
    if (o.store !== undefined || o.game !== undefined) throw new UsageError("give a game folder, or --store and --game, not both");
    const { store, record } = await openFolder(dir);
    return { store, id: record.id };
  }
  if (o.store === undefined || o.game === undefined) throw new UsageError("give a game folder, or --store SPEC and --game ID");
  return { store: await openStore(o.store), id: o.game };
}

/** Bots finish a game folder: the play loop of the host, with a progress bar on a terminal. */
export async function autoPlay(dir: string, o: { level: string; maxSteps: number; quiet?: boolean }): Promise<void> {
  const { store, record, ruleset } = await openFolder(dir);
  if (!Object.hasOwn(ruleset.bots, o.level)) {
    throw new UsageError(`${ruleset.id} has no bot "${o.level}"; its bots: ${Object.keys(ruleset.bots).join(", ")}`);
  }
  const bots = Object.fromEntries(ruleset.describe(record.state).seats.map((s) => [s.id, o.level]));
  const bar =
    process.stdout.isTTY && !o.quiet
      ? new cliProgress.SingleBar(
          { format: "  {label} [{bar}] step {value} | {summary}", hideCursor: true },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(Math.min(o.maxSteps, 1000), 0, { label: record.label, summary: "" });
  const r = await playBots(store, record.id, {
    bots,
    maxSteps: o.maxSteps,
    holder: `starhost auto ${dir}`,
    clock: now,
    onStep: ({ run }) => bar?.increment(1, { label: run.next.label, summary: ruleset.describe(run.next.state).summary }),
  });
  bar?.stop();
  console.log(ruleset.standings(r.record.state));
  if (r.record.outcome) console.log(`The game is over after ${r.steps} step(s): ${r.record.outcome.reason}.`);
  else console.log(`Stopped after ${r.steps} step(s) (--max-steps ${o.maxSteps}); the game goes on at ${r.record.label}.`);
  const perStep = Object.values(ruleset.tools).find((t) => t.kind === "game");
  if (perStep) console.log(`Draw it: starhost ${perStep.id} ${dir} --out FILE (${perStep.summary})`);
}

/** The check's lines, then one verdict: "No problems found" only when `passed` (the check's ok and no problem). */
function printCheck(lines: readonly CheckLine[], problems: readonly Problem[], passed: boolean): void {
  let last = "";
  for (const line of lines) {
    if (line.step !== last) {
      console.log(`\n${line.step}`);
      last = line.step;
    }
    // "odds": dice decide (the text says how often); "??": cannot be verified from what the seat knows.
    const mark = line.certainty === "unknown" ? " ?? " : line.certainty === "chance" ? "odds" : line.ok ? "ok  " : "FAIL";
    console.log(`  ${mark} ${line.order ? `${line.order}: ` : ""}${line.text}`);
  }
  console.log("");
  if (passed) console.log("No problems found: every order is expected to succeed.");
  else if (problems.length === 0) console.log("The check failed: see the FAIL lines above.");
  else {
    console.log(`${problems.length} problem(s):`);
    for (const l of problemLines(problems)) console.log(`  ${l}`);
  }
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
