/**
 * Live updates (issue 10): what happens to a game is told to every `serve` process
 * sharing the database, through the site store's notifications (PostgreSQL
 * LISTEN/NOTIFY; PGlite's own, in-process). A notification carries ids only; each
 * process re-reads what it names and filters it per subscriber (src/server/messages.ts
 * `maySee`), so a message never reaches a stream it was not for.
 *
 * One hub per app: it listens on the database once, from the first subscriber on, and
 * hands each notification to the subscribers of its game.
 */
import type { SiteStore } from "../store/site.js";
import { accessChanged } from "./auth-cache.js";

export type GameEvent =
  | { kind: "submitted"; game: string; seat: string; step: number }
  | { kind: "step"; game: string; step: number }
  | { kind: "message"; game: string; id: number }
  | { kind: "deadline"; game: string }
  /** For one seat only: a reminder before the deadline, or "you are the last to submit" (live.ts tells no one else). */
  | { kind: "reminder"; game: string; seat: string; step: number; reason: "deadline" | "last" };

/** A notification's payload as an event, or null when it is not one (another sender on the channel). */
export function parseEvent(payload: string): GameEvent | null {
  let e: unknown;
  try {
    e = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof e !== "object" || e === null) return null;
  const o = e as Record<string, unknown>;
  const game = o.game;
  if (typeof game !== "string") return null;
  if (o.kind === "submitted" && typeof o.seat === "string" && typeof o.step === "number")
    return { kind: "submitted", game, seat: o.seat, step: o.step };
  if (o.kind === "step" && typeof o.step === "number") return { kind: "step", game, step: o.step };
  if (o.kind === "message" && typeof o.id === "number") return { kind: "message", game, id: o.id };
  if (o.kind === "deadline") return { kind: "deadline", game };
  if (o.kind === "reminder" && typeof o.seat === "string" && typeof o.step === "number" && (o.reason === "deadline" || o.reason === "last"))
    return { kind: "reminder", game, seat: o.seat, step: o.step, reason: o.reason };
  return null;
}

export type Listener = (e: GameEvent) => void;

export class EventHub {
  private readonly byGame = new Map<string, Set<Listener>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private readonly closers = new Set<() => void>();

  constructor(private readonly site: SiteStore) {}

  /** "submitted" notifications on their way, by payload (see publish). */
  private readonly sending = new Map<string, Promise<void>>();

  /**
   * Tell every process; a failure to notify is not the caller's failure (live updates are best effort).
   * "Seat S has submitted for step N" says the same however often it is said, and a seat resubmitting (a client
   * that submits each draft, a script) says it many times a second: one identical to a notification still on its
   * way joins it instead of costing a statement and a wake-up of every listening process of its own.
   */
  async publish(e: GameEvent): Promise<void> {
    const payload = JSON.stringify(e);
    if (e.kind !== "submitted") return this.send(payload);
    const had = this.sending.get(payload);
    if (had) return had;
    const p = this.send(payload).finally(() => this.sending.delete(payload));
    this.sending.set(payload, p);
    return p;
  }

  private async send(payload: string): Promise<void> {
    try {
      await this.site.notify(payload);
    } catch {
      // The database is gone or closing: the change itself is committed; subscribers re-read on reconnect.
    }
  }

  /** Hear a game's events; the function returned stops. `onClose` runs when the app closes. */
  async subscribe(game: string, fn: Listener, onClose: () => void): Promise<() => void> {
    if (!this.listening) this.listening = this.site.listen((p) => this.dispatch(p));
    await this.listening;
    let set = this.byGame.get(game);
    if (!set) {
      set = new Set();
      this.byGame.set(game, set);
    }
    set.add(fn);
    this.closers.add(onClose);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.byGame.delete(game);
      this.closers.delete(onClose);
    };
  }

  /** Who hears that an account's access changed (the auth cache), once listening. */
  private accessWatcher: ((account: string) => void) | null = null;

  /**
   * Hear, from now on, that an account's access changed in any process (auth-cache.ts): the hub listens on the
   * database from the first call on, as it does for its first subscriber.
   */
  async watchAccess(fn: (account: string) => void): Promise<void> {
    this.accessWatcher = fn;
    if (!this.listening) this.listening = this.site.listen((p) => this.dispatch(p));
    await this.listening;
  }

  private dispatch(payload: string): void {
    const account = accessChanged(payload);
    if (account !== null) {
      this.accessWatcher?.(account);
      return;
    }
    const e = parseEvent(payload);
    if (!e) return;
    for (const fn of [...(this.byGame.get(e.game) ?? [])]) fn(e);
  }

  /** End every stream (the app is closing). */
  endStreams(): void {
    for (const c of [...this.closers]) c();
    this.closers.clear();
  }

  /** End every stream and stop listening (the app closes). */
  async close(): Promise<void> {
    this.endStreams();
    this.byGame.clear();
    const l = this.listening;
    this.listening = null;
    if (l) await (await l)().catch(() => {});
  }
}
