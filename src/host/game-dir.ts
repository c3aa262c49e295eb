/**
 * A game as a folder (the play-by-email way, and what the CLI uses):
 *
 *   DIR/game.json                       ruleset, scenario, seed, current turn and state
 *   DIR/orders/<seat>.json|yaml|yml     orders awaiting the current turn
 *   DIR/history/<turn>/state.json       the state the turn started from
 *   DIR/history/<turn>/orders/<seat>.json  the orders it was adjudicated with (parsed)
 *   DIR/history/<turn>/events.json      every event of the turn (for replays)
 *   DIR/results/<turn>/<seat>.json|txt  each seat's results
 *
 * A turn is a pure function of game.json, the orders and the seed, so a turn can be
 * re-run exactly from history (seed 003 chapter 1, "Turn Re-runs").
 */
import { existsSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { Problem } from "../core/result.js";
import { Rng } from "../core/rng.js";
import type { AnyRuleset, SeatId } from "../core/ruleset.js";
import { readDataFile, writeJson, writeText } from "./files.js";
import { HostError, rulesetById } from "./registry.js";

export interface GameFile {
  starhost: 1;
  ruleset: string;
  state: unknown;
}

export interface LoadedGame {
  dir: string;
  ruleset: AnyRuleset;
  // biome-ignore lint/suspicious/noExplicitAny: the state type belongs to the ruleset.
  state: any;
}

export function createGame(dir: string, rulesetId: string, state: unknown): LoadedGame {
  const ruleset = rulesetById(rulesetId);
  if (existsSync(join(dir, "game.json")))
    throw new HostError("game-exists", `${dir} already holds a game (game.json); choose another --out`);
  const file: GameFile = { starhost: 1, ruleset: rulesetId, state };
  writeJson(join(dir, "game.json"), file);
  mkdirSync(join(dir, "orders"), { recursive: true });
  return { dir, ruleset, state };
}

export function loadGame(dir: string): LoadedGame {
  const path = join(dir, "game.json");
  if (!existsSync(path)) throw new HostError("no-game", `${dir} holds no game (no game.json); create one with "starhost new"`);
  const raw = readDataFile(path) as Partial<GameFile> | null;
  if (!raw || typeof raw !== "object" || raw.starhost !== 1 || typeof raw.ruleset !== "string") {
    throw new HostError("malformed-game", `${path} is not a Starhost game file (expected { "starhost": 1, "ruleset": ..., "state": ... })`);
  }
  const ruleset = rulesetById(raw.ruleset);
  const parsed = ruleset.parseState(raw.state);
  if (!parsed.ok) {
    throw new HostError(
      "invalid-state",
      `${path} holds an invalid ${raw.ruleset} state`,
      parsed.error.map((p: Problem) => `${p.order}: ${p.message} (${p.code})`),
    );
  }
  return { dir, ruleset, state: parsed.value };
}

function ordersFileOf(dir: string, seat: SeatId): string | null {
  for (const ext of ["json", "yaml", "yml"]) {
    const p = join(dir, "orders", `${seat}.${ext}`);
    if (existsSync(p)) return p;
  }
  return null;
}

/** Read and parse one seat's orders file; bad parts become problems, never a crash. */
export function readOrders(game: LoadedGame, seat: SeatId, file?: string): { orders: unknown; problems: Problem[]; file: string | null } {
  const path = file ?? ordersFileOf(game.dir, seat);
  if (!path) return { orders: game.ruleset.emptyOrders(game.state, seat), problems: [], file: null };
  let raw: unknown;
  try {
    raw = readDataFile(path);
  } catch (e) {
    if (e instanceof HostError) {
      return {
        orders: game.ruleset.emptyOrders(game.state, seat),
        problems: [{ order: path, code: e.code, message: e.message }],
        file: path,
      };
    }
    throw e;
  }
  const { orders, problems } = game.ruleset.parseOrders(raw);
  return { orders, problems: problems.map((p: Problem) => ({ ...p, message: `${p.message} [in ${path}]` })), file: path };
}

export interface TurnSummary {
  turn: number;
  seats: { seat: SeatId; file: string | null; orders: number; problems: number }[];
  events: number;
  outcome: { winners: SeatId[]; reason: string } | null;
}

/** Adjudicate the awaited turn from the orders in DIR/orders, write history and results. */
export function runGameTurn(dir: string): TurnSummary {
  return adjudicate(loadGame(dir)).summary;
}

/** A turn just adjudicated: the summary, the new state and the turn's events. */
export interface AdjudicatedTurn {
  summary: TurnSummary;
  /** The game after the turn (what game.json now holds). */
  game: LoadedGame;
  events: unknown[];
}

/**
 * Computer players take the turn: each seat in `botsBySeat` gets its orders from the
 * ruleset's bot of that name (Ruleset.bots), with a generator made from the game
 * seed, the turn and the seat (`Rng.forTurn(seed, turn, "bot:<seat>")`); they are
 * written to DIR/orders/<seat>.json like any player's, then the turn is adjudicated
 * as `runGameTurn` does. Pass the game from the previous call to skip reloading it.
 */
export function runBotTurn(dir: string, botsBySeat: Record<SeatId, string>, loaded?: LoadedGame): AdjudicatedTurn & { botMs: number } {
  const game = loaded ?? loadGame(dir);
  const { ruleset } = game;
  if (ruleset.outcome(game.state)) throw new HostError("game-over", "the game is over; no more turns");
  const turn: number = ruleset.turn(game.state);
  const bots = ruleset.bots ?? {};
  const started = performance.now();
  for (const seat of ruleset.awaiting(game.state)) {
    const name = botsBySeat[seat];
    if (name === undefined) continue;
    const bot = bots[name];
    if (!bot) {
      throw new HostError("unknown-bot", `${ruleset.id} has no bot "${name}"; its bots are ${Object.keys(bots).join(", ") || "none"}`);
    }
    writeJson(join(dir, "orders", `${seat}.json`), bot(game.state, seat, Rng.forTurn(game.state.seed ?? 0, turn, `bot:${seat}`)));
  }
  const botMs = performance.now() - started;
  return { ...adjudicate(game), botMs };
}

function adjudicate(game: LoadedGame): AdjudicatedTurn {
  const { dir, ruleset } = game;
  if (ruleset.outcome(game.state)) throw new HostError("game-over", "the game is over; no more turns");
  const turn: number = ruleset.turn(game.state);
  const ordersBySeat: Record<SeatId, unknown> = {};
  const fileProblems: Record<SeatId, Problem[]> = {};
  const seats: TurnSummary["seats"] = [];
  for (const seat of ruleset.awaiting(game.state)) {
    const r = readOrders(game, seat);
    ordersBySeat[seat] = r.orders;
    fileProblems[seat] = r.problems;
    seats.push({ seat, file: r.file, orders: (r.orders as { orders?: unknown[] }).orders?.length ?? 0, problems: r.problems.length });
  }
  const res = ruleset.resolve(game.state, ordersBySeat, Rng.forTurn(game.state.seed ?? 0, turn));
  // File-level problems (malformed orders) join the seat's results first.
  const events = [...res.events];
  for (const [seat, problems] of Object.entries(fileProblems)) {
    for (const p of problems.reverse()) events.unshift({ kind: "problem", to: [seat], step: "Orders received", problem: p });
  }
  const hist = join(dir, "history", String(turn));
  writeJson(join(hist, "state.json"), game.state);
  for (const [seat, o] of Object.entries(ordersBySeat)) writeJson(join(hist, "orders", `${seat}.json`), o);
  writeJson(join(hist, "events.json"), events);
  for (const seat of ruleset
    .seats(res.state)
    .concat(ruleset.awaiting(game.state))
    .filter((s: string, i: number, a: string[]) => a.indexOf(s) === i)) {
    const report = ruleset.report(res.state, seat, events);
    writeJson(join(dir, "results", String(turn), `${seat}.json`), report.json);
    writeText(join(dir, "results", String(turn), `${seat}.txt`), report.text);
  }
  // Orders are consumed: keep them under history and clear the inbox.
  const inbox = join(dir, "orders");
  if (existsSync(inbox)) {
    for (const f of readdirSync(inbox)) renameSync(join(inbox, f), join(hist, "orders", `submitted-${f}`));
  }
  writeJson(join(dir, "game.json"), { starhost: 1, ruleset: ruleset.id, state: res.state } satisfies GameFile);
  return {
    summary: { turn, seats, events: events.length, outcome: ruleset.outcome(res.state) },
    game: { dir, ruleset, state: res.state },
    events,
  };
}

export function resultsPath(dir: string, turn: number, seat: SeatId, ext: "json" | "txt"): string {
  return join(dir, "results", String(turn), `${seat}.${ext}`);
}
