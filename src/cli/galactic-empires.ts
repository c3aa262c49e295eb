/** Galactic Empires commands: `starhost map`. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import type { Problem } from "../core/result.js";
import { readDataFile, writeText } from "../host/files.js";
import { loadGame } from "../host/game-dir.js";
import { HostError } from "../host/registry.js";
import type { GeEvent } from "../rules/galactic-empires/events.js";
import type { GameState } from "../rules/galactic-empires/model.js";
import { mapSvg } from "../rules/galactic-empires/presentation/map-svg.js";
import { parseState } from "../rules/galactic-empires/state-schema.js";

export function registerGalacticEmpiresCommands(program: Command): void {
  program
    .command("map")
    .description(
      "draw a Galactic Empires game as an SVG map to print: an empire's view (--empire) or, without it, the game master's map of everything",
    )
    .argument("<dir>", "game folder")
    .option("--empire <id>", "draw the map as this empire sees it (fog of war); without it, the game master's map")
    .option("--turn <n>", "the map as it was when turn N's orders were due, with the battles of turn N-1 (default: now)", turnArg)
    .requiredOption("--out <file>", "the SVG file to write")
    .addHelpText(
      "after",
      `
Examples:
  starhost map games/g1 --empire klingon --out klingon.svg
  starhost map games/g1 --turn 3 --out gm-turn3.svg`,
    )
    .action((dir: string, o: { empire?: string; turn?: number; out: string }) => {
      const { state, events, turn } = mapInputs(dir, o.turn);
      if (o.empire !== undefined && !state.empires[o.empire]) {
        throw new HostError(
          "unknown-seat",
          `no empire "${o.empire}" in this game; empires: ${Object.keys(state.empires).sort().join(", ")}`,
        );
      }
      writeText(o.out, mapSvg(state, { empire: o.empire, events }));
      const who = o.empire === undefined ? "the game master's map" : `as seen by ${state.empires[o.empire]?.name ?? o.empire}`;
      console.log(`Wrote ${o.out}: turn ${turn}, ${who}${events.length > 0 ? `, with the battles of turn ${turn - 1}` : ""}.`);
    });
}

function turnArg(v: string): number {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`--turn takes a turn number (1 or more), not "${v}"`);
  return Number(v);
}

/** The state awaiting turn `turn`'s orders (history/<turn>/state.json, or game.json for now) and the events of the turn before. */
function mapInputs(dir: string, wanted: number | undefined): { state: GameState; events: GeEvent[]; turn: number } {
  const game = loadGame(dir);
  if (game.ruleset.id !== "galactic-empires")
    throw new HostError("wrong-ruleset", `${dir} holds a ${game.ruleset.id} game; maps are for galactic-empires`);
  const now = game.state as GameState;
  const turn = wanted ?? now.turn;
  let state = now;
  if (turn > now.turn) throw new HostError("no-such-turn", `turn ${turn} has not come yet; the game is at turn ${now.turn}`);
  if (turn < now.turn) {
    const path = join(dir, "history", String(turn), "state.json");
    if (!existsSync(path)) throw new HostError("no-history", `no saved state for turn ${turn} (${path})`);
    const parsed = parseState(readDataFile(path));
    if (!parsed.ok)
      throw new HostError(
        "invalid-state",
        `${path} holds an invalid state`,
        parsed.error.map((p: Problem) => `${p.order}: ${p.message} (${p.code})`),
      );
    state = parsed.value;
  }
  const eventsPath = join(dir, "history", String(turn - 1), "events.json");
  const raw = turn > 1 && existsSync(eventsPath) ? readDataFile(eventsPath) : [];
  const events = Array.isArray(raw) ? (raw as GeEvent[]) : [];
  return { state, events, turn };
}
