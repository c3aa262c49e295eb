/** What the `starhost` commands share: usage errors, number options, seats, the game folder's store. */
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Command, InvalidArgumentError } from "commander";
import type { AnyRuleset } from "../core/ruleset.js";
import { HostError } from "../host/errors.js";
import { decodeData } from "../host/files.js";
import { loadGame, problemLines, submitOrders } from "../host/games.js";
import { acceptOrders, CheckMemo, MAX_SEED } from "../host/lifecycle.js";
import { FolderStore } from "../store/folder.js";
import type { GameRecord } from "../store/store.js";

/**
 * The package's folder (examples/, dist-web/), relative to this file's: two folders up from src/cli; a build
 * (scripts/build.mjs) defines STARHOST_PACKAGE_ROOT as the way up from its own folder.
 */
declare const STARHOST_PACKAGE_ROOT: string | undefined;
export const PACKAGE_ROOT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  typeof STARHOST_PACKAGE_ROOT === "string" ? STARHOST_PACKAGE_ROOT : join("..", ".."),
);

/** A mistake in how the command was called: exit code 2. */
export class UsageError extends Error {}

export function intOption(name: string, min: number, max: number) {
  return (v: string): number => {
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(Number(v)) || Number(v) < min || Number(v) > max) {
      throw new InvalidArgumentError(`${name} takes a whole number from ${min} to ${max}, not "${v}"`);
    }
    return Number(v);
  };
}

export const seedOption = intOption("--seed", -MAX_SEED, MAX_SEED);

/** `--seat`, or its ruleset-flavoured names `--empire` and `--side`. */
export interface SeatOptions {
  seat?: string;
  empire?: string;
  side?: string;
}

export function addSeatOptions(c: Command, what: string): Command {
  return c
    .option("--seat <id>", `${what}: an empire, a side or a player, as the ruleset calls its seats`)
    .option("--empire <id>", "the same as --seat")
    .option("--side <id>", "the same as --seat");
}

export function seatOf(o: SeatOptions, required: true): string;
export function seatOf(o: SeatOptions, required: false): string | undefined;
export function seatOf(o: SeatOptions, required: boolean): string | undefined {
  const given = [o.seat, o.empire, o.side].filter((x): x is string => x !== undefined);
  if (given.length > 1) throw new UsageError("name the seat once: --seat ID (or --empire ID, or --side ID)");
  if (given.length === 0 && required) throw new UsageError("name the seat once: --seat ID (or --empire ID, or --side ID)");
  return given[0];
}

/** The game in a folder: its store, record and ruleset. */
export async function openFolder(dir: string): Promise<{ store: FolderStore; record: GameRecord; ruleset: AnyRuleset }> {
  const store = new FolderStore(dir);
  const only = await store.only();
  if (!only) throw new HostError("no-game", `${dir} holds no game (no game.json); create one with "starhost new"`);
  const { record, ruleset } = await loadGame(store, only.id);
  return { store, record, ruleset };
}

/** A game id from a folder name: the id pattern's letters, digits, "_" and "-". */
export function gameIdFor(dir: string): string {
  const base = basename(resolve(dir))
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[-_]+/, "")
    .slice(0, 64);
  return base.length > 0 && !["constructor", "toString", "valueOf", "__proto__"].includes(base) ? base : "game";
}

export function requireSeat(ruleset: AnyRuleset, record: GameRecord, seat: string): string {
  const seats = ruleset.describe(record.state).seats.map((s) => s.id);
  if (!seats.includes(seat)) {
    throw new HostError("unknown-seat", `no seat "${seat}" in this game; its ${ruleset.seatNoun}s: ${seats.join(", ")}`);
  }
  return seat;
}

/** The named sub-command group, created once whoever registers first. */
export function group(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}

/** "now" as the caller's clock says: the CLI is the edge where time enters. */
export function now(): string {
  return new Date().toISOString();
}

/**
 * The orders files of a game folder's inbox become submissions of the awaited step. Every file is read and
 * checked first: if any is malformed, names another seat, was written for another step, or shares its seat
 * with another file, nothing is kept and the step does not run (HostError naming each file and problem).
 * Otherwise each is kept as a revision and leaves the inbox.
 */
export async function takeInbox(store: FolderStore, record: GameRecord, ruleset: AnyRuleset): Promise<void> {
  store.sweep();
  const inbox = store.inbox();
  const refused: string[] = [];
  const accepted: { seat: string; file: string; raw: unknown }[] = [];
  // Each file is checked once: submitting it finds its check here.
  const checks = new CheckMemo();
  const bySeat = new Map<string, number>();
  for (const f of inbox) bySeat.set(f.seat, (bySeat.get(f.seat) ?? 0) + 1);
  for (const f of inbox) {
    if ((bySeat.get(f.seat) ?? 0) > 1) {
      refused.push(`${f.file}: ${f.seat} has more than one orders file in the inbox; keep one`);
      continue;
    }
    let raw: unknown;
    try {
      raw = decodeData(store.readInbox(f.file), f.file);
    } catch (e) {
      refused.push(`${f.file}: ${(e as Error).message}`);
      continue;
    }
    const a = acceptOrders(ruleset, record, f.seat, raw, checks);
    if (!a.ok) for (const l of problemLines(a.error)) refused.push(`${f.file}: ${l}`);
    else accepted.push({ seat: f.seat, file: f.file, raw });
  }
  if (refused.length > 0) throw new HostError("orders-refused", `${record.label} was not run: fix or remove these orders files`, refused);
  for (const a of accepted) {
    await submitOrders(store, record.id, a.seat, a.raw, `file orders/${basename(a.file)}`, now(), checks);
    store.consumeInbox(a.file);
  }
}
