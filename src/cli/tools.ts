/**
 * The rulesets' tools as commands, built from the registry (no ruleset named here):
 *   starhost <ruleset> <tool> --input FILE [options]      an input tool (odds, fleet check)
 *   starhost <tool> DIR --out FILE [options]              a game tool (map, replay) on a game folder
 *   starhost battle <ruleset> --input FILE                the ruleset's "odds" tool (kept for the README)
 *   starhost fleet check FILE                             the "fleet-check" tool of the ruleset that has one
 *   starhost <ruleset> <noun> check FILE                  any "<noun>-check" tool, as the issues spell it
 *                                                         (`starhost space-war design check FILE`)
 */
import { type Command, InvalidArgumentError } from "commander";
import type { AnyRuleset, InputTool, ToolOption } from "../core/ruleset.js";
import { HostError } from "../host/errors.js";
import { readDataFile } from "../host/files.js";
import { gameAccess } from "../host/games.js";
import { allRulesets, rulesetById, rulesetIds } from "../host/registry.js";
import { group, intOption, openFolder, seatOf, UsageError } from "./common.js";
import { autoPlay } from "./games.js";
import { outputProblem, writeOutput } from "./output.js";

function addToolOptions(c: Command, options: readonly ToolOption[]): Command {
  for (const o of options) {
    const flag = o.name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);
    const dflt = o.default !== undefined ? ` (default ${o.default})` : "";
    if (o.kind === "boolean") c.option(`--${flag}`, o.description);
    else if (o.kind === "integer" || o.kind === "step")
      c.option(
        `--${flag} <n>`,
        `${o.description}${dflt}`,
        intOption(`--${flag}`, o.min ?? Number.MIN_SAFE_INTEGER, o.max ?? Number.MAX_SAFE_INTEGER),
      );
    else if (o.kind === "seat") {
      /* --seat/--empire/--side are added by the caller */
    } else c.option(`--${flag} <value>`, `${o.description}${dflt}`);
  }
  return c;
}

function optionValues(tool: { options: readonly ToolOption[] }, o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const opt of tool.options) {
    for (const other of opt.conflicts ?? [])
      if (o[opt.name] !== undefined && o[other] !== undefined) throw new UsageError(`give either --${opt.name} or --${other}, not both`);
  }
  for (const opt of tool.options) {
    const v = opt.kind === "seat" ? seatOf(o, false) : o[opt.name];
    if (v !== undefined) out[opt.name] = v;
    else if (opt.default !== undefined) out[opt.name] = opt.default;
  }
  return out;
}

/** The answer on standard output (JSON in the tool's own key order); a refused input on standard error, exit 1. */
function runInput(tool: InputTool, file: string, o: Record<string, unknown> & { json?: boolean }): void {
  const values = optionValues(tool, o);
  const out = tool.run(readDataFile(file), values, file);
  if (out.refused && !o.json) {
    throw new HostError(
      `invalid-${tool.input.replace(/\W+/g, "-")}`,
      `${file} is not a valid ${tool.input}`,
      out.text.split("\n").map((l) => l.trim()),
    );
  }
  console.log(o.json ? JSON.stringify(out.json, null, 2) : out.text);
  if (!out.ok) process.exitCode = 1;
}

function inputToolCommand(parent: Command, name: string, tool: InputTool, inputAsArgument: boolean): Command {
  const c = parent.command(name).description(tool.summary);
  if (inputAsArgument) c.argument("<file>", "the input file (JSON or YAML)");
  else c.requiredOption("--input <file>", "the input file (JSON or YAML)");
  addToolOptions(c, tool.options).option("--json", "print the answer as JSON").addHelpText("after", `\n${tool.help}`);
  return c;
}

export function registerToolCommands(program: Command): void {
  for (const ruleset of allRulesets()) {
    const g = group(program, ruleset.id, `${ruleset.title}: its tools, and bots that finish a game`);
    for (const tool of Object.values(ruleset.tools)) {
      if (tool.kind !== "input") continue;
      inputToolCommand(g, tool.id, tool, false).action((o: Record<string, unknown> & { input: string; json?: boolean }) =>
        runInput(tool, o.input, o),
      );
      // A checker ("design-check") is also "<ruleset> design check FILE": the words a player reads in the issue and
      // the README, with the file as an argument like `fleet check FILE`.
      const noun = /^([a-z]+)-check$/.exec(tool.id)?.[1];
      if (noun)
        inputToolCommand(group(g, noun, `${tool.summary} (the same as ${tool.id} --input FILE)`), "check", tool, true).action(
          (file: string, o: Record<string, unknown> & { json?: boolean }) => runInput(tool, file, o),
        );
    }
    g.command("auto")
      .description("let the bots finish the game in a folder (the same as `starhost auto`)")
      .argument("<dir>", "game folder")
      .option("--level <level>", "the bots' level", "normal")
      .option("--max-steps <n>", "stop after this many steps", intOption("--max-steps", 1, 10_000_000), 100_000)
      .option("--quiet", "no progress bar")
      .action(async (dir: string, o: { level: string; maxSteps: number; quiet?: boolean }) => {
        const { ruleset: held } = await openFolder(dir);
        if (held.id !== ruleset.id) throw new HostError("wrong-ruleset", `${dir} holds a ${held.id} game, not ${ruleset.id}`);
        await autoPlay(dir, o);
      });
  }

  // `battle <ruleset>`: the ruleset's odds tool.
  const odds = allRulesets().find((r) => r.tools.odds?.kind === "input")?.tools.odds as InputTool | undefined;
  if (odds) {
    const c = program
      .command("battle")
      .description("the odds of one battle (or volley), fought many times by the adjudicator's own code")
      .argument("<ruleset>", `ruleset id (${rulesetIds().join(", ")})`)
      .requiredOption("--input <file>", "the input file (JSON or YAML)")
      .option("--json", "print the answer as JSON");
    const seen = new Set<string>();
    for (const r of allRulesets()) {
      const t = r.tools.odds;
      if (t?.kind !== "input") continue;
      addToolOptions(
        c,
        t.options.filter((x) => !seen.has(x.name)),
      );
      for (const x of t.options) seen.add(x.name);
    }
    c.action((rulesetId: string, o: Record<string, unknown> & { input: string; json?: boolean }) => {
      const r = rulesetById(rulesetId);
      const t = r.tools.odds;
      if (t?.kind !== "input") throw new HostError("no-odds", `${r.id} has no odds tool; its tools: ${Object.keys(r.tools).join(", ")}`);
      runInput(t, o.input, o);
    });
  }

  // `fleet check FILE`: the fleet-check tool of the ruleset that has one.
  const fleetOwner = allRulesets().find((r) => r.tools["fleet-check"]?.kind === "input");
  const fleetTool = fleetOwner?.tools["fleet-check"] as InputTool | undefined;
  if (fleetTool) {
    const fleet = group(program, "fleet", "fleet files");
    inputToolCommand(fleet, "check", fleetTool, true).action((file: string, o: Record<string, unknown> & { json?: boolean }) =>
      runInput(fleetTool, file, o),
    );
  }

  // Game tools (map, replay): one command each, on a game folder of a ruleset that has the tool.
  const gameTools = new Map<
    string,
    { tool: Extract<AnyRuleset["tools"][string], { kind: "game" }>; owners: string[]; options: ToolOption[] }
  >();
  for (const r of allRulesets())
    for (const t of Object.values(r.tools)) {
      if (t.kind !== "game") continue;
      const had = gameTools.get(t.id);
      if (had) {
        had.owners.push(r.id);
        // A tool two rulesets name alike (the replay) takes the options of both: each ruleset's reads its own.
        for (const o of t.options) if (!had.options.some((x) => x.name === o.name)) had.options.push(o);
      } else gameTools.set(t.id, { tool: t, owners: [r.id], options: [...t.options] });
    }
  for (const [id, { tool: first, owners, options }] of gameTools) {
    const tool = { ...first, options };
    const c = program
      .command(id)
      .description(`${tool.summary} (${owners.join(", ")})`)
      .argument("<dir>", "game folder")
      .requiredOption("--out <file>", `the file to write${tool.options.some((o) => o.name === "format") ? " (.svg or .html)" : " (.svg)"}`)
      .option("--force", `replace --out even if it is not an unchanged file of "starhost ${id}"`)
      .addHelpText("after", `\n${tool.help}`);
    if (tool.options.some((o) => o.kind === "seat"))
      c.option("--seat <id>", "the seat whose view to draw")
        .option("--empire <id>", "the same as --seat")
        .option("--side <id>", "the same as --seat");
    // A tool's own options (a replay's --battle), as an input tool's; seat, step and format are the folder command's.
    addToolOptions(
      c,
      tool.options.filter((o) => o.kind !== "seat" && o.kind !== "step" && o.name !== "format"),
    );
    if (tool.options.some((o) => o.kind === "step")) {
      c.option("--step <n>", "the step to draw", stepArg("--step")).option("--turn <n>", "the same as --step", stepArg("--turn"));
    }
    c.action(async (dir: string, o: Record<string, unknown> & { out: string; force?: boolean; turn?: number }) => {
      const { store, record, ruleset } = await openFolder(dir);
      const t = ruleset.tools[id];
      if (t?.kind !== "game")
        throw new HostError("wrong-ruleset", `${dir} holds a ${ruleset.id} game; "${id}" is for ${owners.join(", ")}`);
      const out = o.out;
      // Refused before any work: a folder, another command's or a person's file (exit 2).
      const bad = outputProblem(out, id, o.force === true);
      if (bad !== null) throw new UsageError(bad);
      // An option of another ruleset's tool of this name (--game of the Space War's replay) is refused, not ignored.
      const others = owners.filter((r) => r !== ruleset.id).join(", ");
      if ([o.seat, o.empire, o.side].some((v) => v !== undefined) && !t.options.some((x) => x.kind === "seat"))
        throw new UsageError(`${id} of ${ruleset.id} draws the whole game: --seat is an option of ${id} for ${others}`);
      for (const x of options)
        if (
          o[x.name] !== undefined &&
          x.kind !== "seat" &&
          x.kind !== "step" &&
          x.name !== "format" &&
          !t.options.some((y) => y.name === x.name)
        )
          throw new UsageError(
            `--${x.name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)} is an option of ${id} for ${others}, not ${ruleset.id}`,
          );
      const values = optionValues(t, { ...o, step: o.step ?? o.turn });
      if (t.options.some((x) => x.name === "format")) {
        const ext = out.toLowerCase().match(/\.(svg|html?)$/)?.[1];
        if (!ext) throw new HostError("bad-option", `--out must end in .svg or .html, not "${out}"`);
        values.format = ext === "svg" ? "svg" : "html";
      }
      const { access } = await gameAccess(store, record.id);
      const result = await t.run(access, values);
      if (!result.ok) throw new HostError("tool-refused", result.text);
      if (!result.file) throw new HostError("no-file", `${id} drew nothing`);
      writeOutput(out, result.file.content, id, o.force === true);
      console.log(`Wrote ${out}: ${result.text}.`);
    });
  }
}

function stepArg(name: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`${name} takes a step number (1 or more), not "${v}"`);
    return Number(v);
  };
}
