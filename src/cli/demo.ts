/**
 * `starhost demo`: a whole game played by bots, written as a game folder step by
 * step (orders, history, and a picture of the game after each step where the
 * ruleset draws one), ending with the ruleset's table of standings. The README's
 * first command. Every seat's results are derived on demand (`starhost report`).
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SingleBar } from "cli-progress";
import { type Command, Option } from "commander";
import type { GameAccess } from "../core/ruleset.js";
import { HostError } from "../host/errors.js";
import { writeJson, writeText } from "../host/files.js";
import { createGame, playBots } from "../host/games.js";
import { allRulesets, rulesetById, rulesetIds } from "../host/registry.js";
import { FolderStore } from "../store/folder.js";
import { gameIdFor, intOption, now, seedOption } from "./common.js";
import { requireOutputFolder } from "./output.js";

/** A file marking a folder as the demo's own, so a later demo may replace it (and never a real game). */
const MARKER = "demo.json";

export interface DemoOptions {
  ruleset?: string;
  turns: number;
  scenario?: string;
  seed: number;
  out: string;
  level: string;
  quiet?: boolean;
}

export function registerDemoCommand(program: Command): void {
  const first = allRulesets()[0];
  const levels = [...new Set(allRulesets().flatMap((r) => Object.keys(r.bots)))];
  program
    .command("demo")
    .description("watch a game played by bots: the game folder step by step, a picture of each step, then a table of standings")
    .option("--ruleset <id>", `the ruleset (${rulesetIds().join(", ")}; default ${first?.id})`)
    .option("--turns <n>", "steps to play (fewer if the game is won sooner)", intOption("--turns", 1, 100_000), 10)
    .option("--scenario <name>", "scenario (default: the ruleset's default; see `starhost rulesets`)")
    .option("--seed <n>", "the game's seed: the map, every die and every bot decision follow from it", seedOption, 1)
    .addOption(new Option("--out <dir>", "the game folder to write (a folder from an earlier demo is replaced)").default("games/demo"))
    .addOption(new Option("--level <level>", "how the bots play").choices(levels).default("normal"))
    .option("--quiet", "no progress, only the final table")
    .addHelpText(
      "after",
      `
The folder holds game.json, history/<step>/ (state, orders, events) and pictures/<step>.svg.
Read any seat's results with "starhost report DIR --seat S"; play on by hand with
orders in DIR/orders/<seat>.yaml and "starhost turn DIR".

Examples:
  starhost demo                                  10 turns of the default galaxy
  starhost demo --scenario frontier --turns 30 --seed 7 --out games/frontier`,
    )
    .action(async (o: DemoOptions) => runDemo(o));
}

export async function runDemo(o: DemoOptions): Promise<void> {
  const ruleset = o.ruleset ? rulesetById(o.ruleset) : allRulesets()[0];
  if (!ruleset) throw new HostError("no-ruleset", "no ruleset is registered");
  if (!Object.hasOwn(ruleset.bots, o.level)) {
    throw new HostError("unknown-bot", `${ruleset.id} has no bot level "${o.level}"; levels: ${Object.keys(ruleset.bots).join(", ")}`);
  }
  requireOutputFolder(o.out);
  if (existsSync(join(o.out, "game.json"))) {
    if (!existsSync(join(o.out, MARKER)))
      throw new HostError("game-exists", `${o.out} already holds a game that is not a demo; choose another --out`);
    rmSync(o.out, { recursive: true, force: true });
  }
  const store = new FolderStore(o.out);
  const scenario = o.scenario ?? ruleset.defaultScenario;
  const record = await createGame(store, { id: gameIdFor(o.out), ruleset, scenario, inputs: {}, seed: o.seed });
  writeJson(join(o.out, MARKER), { demo: true, ruleset: ruleset.id, scenario, seed: o.seed, level: o.level, turns: o.turns });
  const picture = Object.values(ruleset.tools).find((t) => t.kind === "game" && t.perStep);
  // The picture after each step is drawn from the step just run (its state and events at hand), not reloaded.
  const steps: number[] = [];
  let last: { step: number; state: unknown; events: unknown[] } | null = null;
  const draw = async (step: number, state: unknown) => {
    if (picture?.kind !== "game") return;
    const access: GameAccess<unknown, unknown> = {
      step,
      state,
      steps,
      stepAt: async (n) => {
        if (last?.step !== n) throw new HostError("no-history", `step ${n} is not at hand`);
        return last;
      },
    };
    const out = await picture.run(access, {});
    if (out.file) writeText(join(o.out, "pictures", `${step}.${out.file.extension}`), out.file.content);
  };
  await draw(record.step, record.state);
  const seats = ruleset.describe(record.state).seats;
  const say = (line: string) => {
    if (!o.quiet) console.log(line);
  };
  say(
    `Demo: ${ruleset.title}, ${ruleset.scenarios[scenario]?.title ?? scenario} (${ruleset.describe(record.state).summary}), seed ${o.seed}, ${o.level} bots, up to ${o.turns} steps, in ${o.out}`,
  );
  const tty = !o.quiet && process.stdout.isTTY === true;
  const bar = tty
    ? new SingleBar({
        format: "  {label} [{bar}] {percentage}% | {summary} | {ms} ms",
        barCompleteChar: "#",
        barIncompleteChar: ".",
        hideCursor: true,
      })
    : null;
  bar?.start(o.turns, 0, { label: record.label, summary: "", ms: 0 });
  const every = Math.max(1, Math.round(o.turns / 10));
  let played = 0;
  const result = await playBots(store, record.id, {
    bots: Object.fromEntries(seats.map((s) => [s.id, o.level])),
    maxSteps: o.turns,
    holder: "starhost demo",
    clock: now,
    onStep: async ({ run, stepMs }) => {
      played++;
      steps.push(run.entry.step);
      last = { step: run.entry.step, state: run.entry.state, events: run.entry.events };
      await draw(run.next.step, run.next.state);
      const summary = ruleset.describe(run.next.state).summary;
      if (bar) bar.update(played, { label: run.entry.label, summary, ms: Math.round(stepMs) });
      else if (played % every === 0 || run.next.outcome || played === o.turns)
        say(`  ${run.entry.label} done (${played}/${o.turns}): ${summary}; ${run.entry.events.length} events, ${Math.round(stepMs)} ms`);
    },
  });
  bar?.stop();
  console.log("");
  console.log(ruleset.standings(result.record.state));
  console.log("");
  if (result.record.outcome)
    console.log(
      `The game is over after ${played} step(s): ${result.record.outcome.reason}. Winners: ${result.record.outcome.winners.join(", ") || "none"}.`,
    );
  else console.log(`After ${played} step(s) the game goes on (${result.record.label} awaits orders).`);
  console.log(
    `Results: starhost report ${o.out} --seat <${ruleset.seatNoun}>${picture ? `; pictures in ${join(o.out, "pictures")}` : ""}. Continue with "starhost turn ${o.out}".`,
  );
}
