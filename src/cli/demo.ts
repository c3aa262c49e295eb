/**
 * `starhost demo`: a whole Galactic Empires game played by bots, written as a game
 * folder turn by turn (orders, history, every empire's results and a map of each
 * turn), ending with a table of the empires. The README's first command.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SingleBar } from "cli-progress";
import { type Command, InvalidArgumentError, Option } from "commander";
import { SEED_MAX, seedProblem } from "../core/rng.js";
import { writeJson, writeText } from "../host/files.js";
import { createGame, type LoadedGame, runBotTurn } from "../host/game-dir.js";
import { HostError, rulesetById, scenarioOf } from "../host/registry.js";
import type { GeEvent } from "../rules/galactic-empires/events.js";
import { mapSvg } from "../rules/galactic-empires/map-svg.js";
import { type GameState, INDEPENDENT } from "../rules/galactic-empires/model.js";
import { holdingsOf } from "../rules/galactic-empires/victory.js";

/** The scenario the demo plays unless told otherwise: the default galaxy when there is one. */
function defaultScenario(scenarios: Record<string, unknown>): string {
  return scenarios["alpha-beta-quadrants"] ? "alpha-beta-quadrants" : "tutorial";
}

function positiveInt(name: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`${name} takes a whole number of at least 1, not "${v}"`);
    return Number(v);
  };
}

function wholeNumber(v: string): number {
  if (!/^-?\d+$/.test(v) || seedProblem(Number(v)) !== null)
    throw new InvalidArgumentError(`--seed takes a whole number from ${-SEED_MAX} to ${SEED_MAX}, not "${v}"`);
  return Number(v);
}

/** A file marking a folder as the demo's own, so a later demo may replace it (and never a real game). */
const MARKER = "demo.json";

export interface DemoOptions {
  turns: number;
  scenario?: string;
  seed: number;
  out: string;
  level: string;
  quiet?: boolean;
}

export function registerDemoCommand(program: Command): void {
  program
    .command("demo")
    .description(
      "watch a game of Galactic Empires played by bots: every empire's results and a map for each turn, then a table of the empires",
    )
    .option("--turns <n>", "turns to play (fewer if the game is won sooner)", positiveInt("--turns"), 10)
    .option("--scenario <name>", "scenario (default: alpha-beta-quadrants, else tutorial; see `starhost rulesets`)")
    .option("--seed <n>", "the game's seed: the galaxy, every die and every bot decision follow from it", wholeNumber, 1)
    .addOption(new Option("--out <dir>", "the game folder to write (a folder from an earlier demo is replaced)").default("games/demo"))
    .addOption(new Option("--level <level>", "how the bots play").choices(["normal", "easy", "passive", "random"]).default("normal"))
    .option("--quiet", "no progress, only the final table")
    .addHelpText(
      "after",
      `
The folder holds game.json, history/<turn>/ (state, orders, events) and results/<turn>/ with
<empire>.txt and .json for every empire and map.svg (the whole galaxy after the turn).
Continue the game by hand: put orders in DIR/orders/<empire>.yaml and run "starhost turn DIR".

Examples:
  starhost demo                                  10 turns of the default galaxy
  starhost demo --scenario frontier --turns 30 --seed 7 --out games/frontier`,
    )
    .action((o: DemoOptions) => {
      runDemo(o);
    });
}

export function runDemo(o: DemoOptions): void {
  const ruleset = rulesetById("galactic-empires");
  const scenario = o.scenario ?? defaultScenario(ruleset.scenarios);
  const sc = scenarioOf(ruleset, scenario);
  if (!ruleset.bots?.[o.level]) {
    throw new HostError("unknown-bot", `no bot level "${o.level}"; levels: ${Object.keys(ruleset.bots ?? {}).join(", ")}`);
  }
  if (existsSync(join(o.out, "game.json"))) {
    if (!existsSync(join(o.out, MARKER))) {
      throw new HostError("game-exists", `${o.out} already holds a game that is not a demo; choose another --out`);
    }
    rmSync(o.out, { recursive: true, force: true });
  }
  const start = sc.create({ seed: o.seed }) as GameState;
  let game: LoadedGame = createGame(o.out, ruleset.id, start);
  writeJson(join(o.out, MARKER), { demo: true, scenario, seed: o.seed, level: o.level, turns: o.turns });
  writeText(join(o.out, "results", "0", "map.svg"), mapSvg(start, {}));
  const seats: string[] = ruleset.seats(start);
  const bots: Record<string, string> = Object.fromEntries(seats.map((s) => [s, o.level]));
  const say = (line: string) => {
    if (!o.quiet) console.log(line);
  };
  say(
    `Demo: ${sc.title} (${start.sectors.length} sectors, ${seats.length} empires), seed ${o.seed}, ${o.level} bots, up to ${o.turns} turns, in ${o.out}`,
  );
  const tty = !o.quiet && process.stdout.isTTY === true;
  const bar = tty
    ? new SingleBar({
        format: "  turn {value}/{total} [{bar}] {percentage}% | {empires} empires | bots {bots} ms, turn {adj} ms",
        barCompleteChar: "#",
        barIncompleteChar: ".",
        hideCursor: true,
      })
    : null;
  bar?.start(o.turns, 0, { empires: seats.length, bots: 0, adj: 0 });
  const every = Math.max(1, Math.round(o.turns / 10));
  let played = 0;
  let outcome: { winners: string[]; reason: string } | null = ruleset.outcome(start);
  for (let t = 0; t < o.turns && !outcome; t++) {
    const began = performance.now();
    const r = runBotTurn(o.out, bots, game);
    game = r.game;
    const state = game.state as GameState;
    writeText(join(o.out, "results", String(r.summary.turn), "map.svg"), mapSvg(state, { events: r.events as GeEvent[] }));
    played++;
    outcome = r.summary.outcome;
    const alive = ruleset.seats(state).length;
    const adj = Math.round(performance.now() - began - r.botMs);
    if (bar) bar.update(played, { empires: alive, bots: Math.round(r.botMs), adj });
    else if (played % every === 0 || outcome || played === o.turns) {
      say(
        `  turn ${r.summary.turn} done (${played}/${o.turns}): ${alive} empires left, ${r.summary.events} events; bots ${Math.round(r.botMs)} ms, turn ${adj} ms`,
      );
    }
  }
  bar?.stop();
  const state = game.state as GameState;
  console.log("");
  console.log(empireTable(state));
  console.log("");
  if (outcome)
    console.log(`The game is over after turn ${state.turn - 1}: ${outcome.reason}. Winners: ${outcome.winners.join(", ") || "none"}.`);
  else console.log(`After ${played} turn(s) the game goes on (turn ${state.turn} awaits orders).`);
  console.log(`Results and maps: ${join(o.out, "results")}/<turn>/<empire>.txt, map.svg. Continue with "starhost turn ${o.out}".`);
}

/** Sectors, annexed, industrial centres, starships and treasury per empire, most sectors first. */
export function empireTable(state: GameState): string {
  const h = holdingsOf(state);
  const ships = new Map<string, number>();
  for (const u of Object.values(state.units)) {
    if (u.owner === INDEPENDENT) continue;
    ships.set(u.owner, (ships.get(u.owner) ?? 0) + u.ships.reduce((n, s) => n + s.count, 0));
  }
  const rows = Object.values(state.empires)
    .map((e) => ({
      name: e.defeated ? `${e.name} (defeated)` : e.name,
      sectors: h[e.id]?.sectors ?? 0,
      annexed: h[e.id]?.annexed ?? 0,
      centres: h[e.id]?.industrialCentres ?? 0,
      ships: ships.get(e.id) ?? 0,
      treasury: Math.round(e.treasury),
    }))
    .sort((a, b) => b.sectors - a.sectors || b.centres - a.centres || (a.name < b.name ? -1 : 1));
  const independent = state.sectors.filter((s) => s.owner === INDEPENDENT).length;
  const head = ["empire", "sectors", "annexed", "industrial centres", "starships", "treasury"];
  const body = rows.map((r) => [r.name, r.sectors, r.annexed, r.centres, r.ships, r.treasury].map(String));
  const width = head.map((hd, i) => Math.max(hd.length, ...body.map((b) => (b[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width[i] ?? 0) : c.padStart(width[i] ?? 0))).join("  ");
  return [
    line(head),
    line(width.map((w) => "-".repeat(w))),
    ...body.map(line),
    `(${independent} of ${state.sectors.length} sectors still independent)`,
  ].join("\n");
}
