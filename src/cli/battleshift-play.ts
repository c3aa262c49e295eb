/**
 * Battleshift play commands:
 *   starhost battleshift auto DIR [--max-steps N]   bots finish the battle in a game folder
 *   starhost replay DIR --out FILE.svg|FILE.html     a replay a person can follow
 *
 * `auto` writes each awaited seat's bot orders into DIR/orders and adjudicates the
 * step exactly as `starhost turn` does, so the folder's history holds every step
 * (and the replay can be drawn from it).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import cliProgress from "cli-progress";
import type { Command } from "commander";
import { readDataFile, writeJson, writeText } from "../host/files.js";
import { loadGame, runGameTurn } from "../host/game-dir.js";
import { HostError } from "../host/registry.js";
import { botOrders } from "../rules/battleshift/bot/bot.js";
import type { BsEvent } from "../rules/battleshift/events.js";
import type { BattleState } from "../rules/battleshift/model.js";
import { type ReplayFrame, renderReplayHtml, renderReplaySvg } from "../rules/battleshift/presentation/replay.js";

function group(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

function positiveInt(name: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < 1) throw new HostError("bad-option", `${name} takes a whole number of at least 1, not "${v}"`);
    return Number(v);
  };
}

export function registerPlayCommands(program: Command): void {
  const bs = group(program, "battleshift", "Battleshift tools: volley odds, bot battles");
  bs.command("auto")
    .description("let the bots finish the battle in a game folder, step by step (history kept for replays)")
    .argument("<dir>", "game folder made by `starhost new battleshift`")
    .option("--max-steps <n>", "stop after this many steps", positiveInt("--max-steps"), 100_000)
    .action((dir: string, o: { maxSteps: number }) => {
      let game = loadGame(dir);
      if (game.ruleset.id !== "battleshift")
        throw new HostError("not-battleshift", `${dir} holds a ${game.ruleset.id} game, not battleshift`);
      const tty = process.stdout.isTTY === true;
      // The bar counts turns against the turn limit (a battle's length in steps is not known in advance).
      const bar = tty
        ? new cliProgress.SingleBar(
            { format: "Battle [{bar}] turn {value}/{total} | step {step} | {vp}", hideCursor: true },
            cliProgress.Presets.shades_classic,
          )
        : null;
      const limit = o.maxSteps;
      const start = game.state as BattleState;
      bar?.start(start.settings.turnLimit, Math.min(start.turn, start.settings.turnLimit), { step: start.step, vp: "" });
      let steps = 0;
      while (steps < limit) {
        const state = game.state as BattleState;
        if (game.ruleset.outcome(state)) break;
        for (const seat of game.ruleset.awaiting(state))
          writeJson(join(dir, "orders", `${seat}.json`), { side: seat, step: state.step, ...botOrders(state, seat) });
        runGameTurn(dir);
        steps++;
        game = loadGame(dir);
        const s = game.state as BattleState;
        bar?.update(Math.min(s.turn, s.settings.turnLimit), {
          step: s.step,
          vp: Object.values(s.sides)
            .map((x) => `${x.id} ${x.vp} VP`)
            .join(", "),
        });
      }
      bar?.stop();
      const s = game.state as BattleState;
      const vp = Object.values(s.sides)
        .map((x) => `${x.name} (${x.id}) ${x.vp} VP`)
        .join(", ");
      if (s.outcome) console.log(`The battle is over after ${steps} step(s), turn ${s.turn}: ${s.outcome.reason}. ${vp}.`);
      else console.log(`Stopped after ${steps} step(s) at turn ${s.turn} (--max-steps ${limit}); the battle goes on. ${vp}.`);
      console.log(`Replay: starhost replay ${dir} --out ${join(dir, "replay.html")}`);
    });

  program
    .command("replay")
    .description("draw a Battleshift battle from its game folder: an SVG sheet (one panel per activation) or a self-contained HTML file")
    .argument("<dir>", "game folder")
    .requiredOption("--out <file>", "FILE.svg or FILE.html")
    .action((dir: string, o: { out: string }) => {
      const frames = readFrames(dir);
      let text: string;
      if (o.out.endsWith(".svg")) text = renderReplaySvg(frames);
      else if (o.out.endsWith(".html") || o.out.endsWith(".htm")) text = renderReplayHtml(frames);
      else throw new HostError("bad-option", `--out must end in .svg or .html, not "${o.out}"`);
      writeText(o.out, text);
      console.log(`Wrote ${o.out}: ${frames.length} step(s) from ${dir}.`);
    });
}

/** Frames from a game folder: the state before the first step, then the state after each step with its events. */
export function readFrames(dir: string): ReplayFrame[] {
  const game = loadGame(dir);
  if (game.ruleset.id !== "battleshift")
    throw new HostError("not-battleshift", `${dir} holds a ${game.ruleset.id} game; replays are for battleshift`);
  const hist = join(dir, "history");
  const steps = existsSync(hist)
    ? readdirSync(hist)
        .filter((d) => /^\d+$/.test(d))
        .map(Number)
        .sort((a, b) => a - b)
    : [];
  const stateAt = (k: number): BattleState => {
    const p = join(hist, String(k), "state.json");
    const parsed = game.ruleset.parseState(readDataFile(p));
    if (!parsed.ok) throw new HostError("invalid-state", `${p} holds an invalid state`);
    return parsed.value as BattleState;
  };
  const frames: ReplayFrame[] = [];
  if (steps.length === 0) return [{ step: 0, state: game.state as BattleState, events: [] }];
  frames.push({ step: 0, state: stateAt(steps[0] as number), events: [] });
  steps.forEach((k, i) => {
    const next = steps[i + 1];
    const after = next !== undefined ? stateAt(next) : (game.state as BattleState);
    const events = readDataFile(join(hist, String(k), "events.json")) as BsEvent[];
    frames.push({ step: k, state: after, events });
  });
  return frames;
}
