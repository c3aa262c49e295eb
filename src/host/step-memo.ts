/**
 * What tools derive from the steps a game has run, kept by the process that serves them: a step run never changes
 * (the store commits it once, whole), so what is worked out from it once (one turn's standings) holds for good and
 * need not be read from the store again. Bounded: the least recently used go first. Held by a server's context
 * (like CheckMemo), never at module level.
 */
import { deepFreeze } from "../store/frozen.js";

export class StepMemo {
  private readonly values = new Map<string, unknown>();
  constructor(private readonly size = 4096) {}

  /** The key of what `key` derives from step `step` of game `game` under one ruleset version. */
  static key(game: string, version: string, step: number, key: string): string {
    return JSON.stringify([game, version, step, key]);
  }

  get(key: string): { value: unknown } | undefined {
    if (!this.values.has(key)) return undefined;
    const value = this.values.get(key);
    this.values.delete(key);
    this.values.set(key, value);
    return { value };
  }

  set(key: string, value: unknown): void {
    this.values.delete(key);
    if (this.size <= 0) return;
    // Frozen: every later caller gets the same value, and none may change it under another.
    this.values.set(key, typeof value === "object" && value !== null ? deepFreeze(value) : value);
    for (const old of this.values.keys()) {
      if (this.values.size <= this.size) break;
      this.values.delete(old);
    }
  }
}
