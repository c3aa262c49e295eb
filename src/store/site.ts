/**
 * What the server keeps besides the games (issue 10): accounts, their sessions and
 * API tokens, and the hosted games' settings, game masters, seats and invites. One
 * SQL implementation (./sql/site.ts) on the same driver as the game store, so PGlite
 * by default and PostgreSQL by DATABASE_URL; one shared suite (test/store/site-suite.ts).
 *
 * Secrets never reach the store in the clear: sessions, API tokens and invites are
 * found by the SHA-256 of their secret, passwords are kept as scrypt hashes. Times are
 * given by the caller (the server's injected clock) as ISO 8601 text.
 */
import type { GameId, JoinedWrite } from "./store.js";

export interface Account {
  id: string;
  /** What the person signs in with and others see: 2 to 32 letters, digits, "_", "." and "-". Unique ignoring case. */
  name: string;
  /** An encoded password hash ("scrypt$..."); the store never reads it. */
  passwordHash: string;
  /** A site admin may act as the game master of every game. */
  admin: boolean;
  createdAt: string;
  /** Where results and messages go for the seats it plays by mail (set by the account). */
  email?: string | null;
}

export interface Session {
  idHash: string;
  accountId: string;
  /** The double-submit token cookie-authenticated writes must send back (X-CSRF-Token). */
  csrf: string;
  createdAt: string;
  expiresAt: string;
}

export interface ApiToken {
  id: string;
  accountId: string;
  name: string;
  hash: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Who may watch a game besides its players: nobody, anyone (everything, live), or anyone once the game is over. */
export type Spectators = "none" | "live" | "after-end";

export type SeatHolder = { kind: "open" } | { kind: "invited" } | { kind: "account"; accountId: string } | { kind: "bot"; level: string };

export interface HostedSeat {
  seat: string;
  holder: SeatHolder;
}

export interface HostedGame {
  gameId: GameId;
  title: string;
  creatorId: string;
  /** The creator and whom the creator named. */
  gameMasters: string[];
  spectators: Spectators;
  createdAt: string;
  /** Null while the game is in the lobby (seats may be joined and left). */
  startedAt: string | null;
  /** In the game's seat order. */
  seats: HostedSeat[];
  /** Game masters read the seats' private messages too (default false: only public ones). */
  gameMastersReadPrivate?: boolean;
  /** Written by hostGame only (read back with `schedule`): the deadline settings as JSON (src/host/deadlines.ts). */
  deadlines?: unknown;
}

/** The awaited step's clock (src/host/deadlines.ts StepClock) with the step it belongs to; times ISO 8601. */
export interface GameClock {
  step: number;
  opened: string;
  deadline: string | null;
  pausedAt: string | null;
}

/** A seat's attendance: deadlines missed in a row, the steps its player will miss, the last reminder sent. */
export interface SeatAttendance {
  seat: string;
  holder: SeatHolder;
  missed: number;
  holiday: number[];
  remindedAt: string | null;
  /** The step for which the seat was told it is the last to submit (migration 6); null for none. */
  lastCallStep?: number | null;
}

/** What the due-step runner reads of a hosted game (migration 4). */
export interface GameSchedule {
  gameId: GameId;
  /** The deadline settings as kept (JSON); null for a game hosted before deadlines existed (no deadline). */
  deadlines: unknown;
  startedAt: string | null;
  /** Null before the start and once the game is over. */
  clock: GameClock | null;
  /** In the game's seat order. */
  seats: SeatAttendance[];
}

/** How a seat plays by mail: its holder's address, whether it is on, and the secret of its orders address. */
export interface SeatMail {
  gameId: GameId;
  seat: string;
  accountId: string;
  email: string | null;
  on: boolean;
  secret: string | null;
}

/** A message between seats: to some seats, or public (`to` null). */
export interface GameMessage {
  id: number;
  gameId: GameId;
  from: string;
  to: string[] | null;
  replyTo: number | null;
  /** The id of the thread's first message. */
  thread: number;
  text: string;
  at: string;
}

export interface Invite {
  tokenHash: string;
  gameId: GameId;
  seat: string;
  createdBy: string;
  createdAt: string;
  usedBy: string | null;
  usedAt: string | null;
}

export class SiteError extends Error {
  constructor(
    /** Stable: "name-taken", "no-account", "no-game", "game-hosted", "seat-taken", "no-seat", "started", "invite-used", "no-invite", "bad-record". */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface SiteStore {
  createAccount(a: Account): Promise<void>;
  accountById(id: string): Promise<Account | null>;
  /** Ignoring case. */
  accountByName(name: string): Promise<Account | null>;
  setAdmin(accountId: string, admin: boolean): Promise<void>;
  /** The names of these accounts, by id (ids with no account are left out). One query, for summaries and lobbies. */
  accountNames(ids: readonly string[]): Promise<Map<string, string>>;

  /** Keep a new session; the account's sessions ended by `s.createdAt` are forgotten. */
  createSession(s: Session): Promise<void>;
  /** The session and its account while `now` is before its end; null otherwise. */
  session(idHash: string, now: string): Promise<{ session: Session; account: Account } | null>;
  deleteSession(idHash: string): Promise<void>;

  createToken(t: ApiToken): Promise<void>;
  /** The account's tokens, revoked ones too, oldest first. */
  tokens(accountId: string): Promise<ApiToken[]>;
  /** The token and its account, unless revoked; marks it used at `now` (to the minute: at most one write a minute). */
  useToken(hash: string, now: string): Promise<{ token: ApiToken; account: Account } | null>;
  /** False when the account has no such token, or it was revoked already. */
  revokeToken(accountId: string, tokenId: string, now: string): Promise<boolean>;

  /** A game of the game store becomes hosted, with its seats. Refused "game-hosted" once it is. */
  hostGame(g: HostedGame): Promise<void>;
  hostedGame(gameId: GameId): Promise<HostedGame | null>;
  /**
   * The hosted game and its schedule, read together (one round trip: an order submission wants both). A site on
   * the game store's own database adds the game row's version as that read saw it (`gameVersion`): the game
   * store's `load` may then answer from memory (see `GameStore.load`), and a submission costs one query less.
   */
  hostedWithSchedule(gameId: GameId): Promise<{ hosted: HostedGame; schedule: GameSchedule; gameVersion?: string } | null>;
  /** Games not started yet, newest first. */
  lobby(): Promise<HostedGame[]>;
  /** Games where the account holds a seat or is a game master, newest first. */
  gamesOf(accountId: string): Promise<HostedGame[]>;
  addGameMaster(gameId: GameId, accountId: string): Promise<void>;
  /**
   * Change a seat's holder before the start, only if it is held as `from` says (a compare-and-swap: two
   * people joining one open seat cannot both get it). Refused "started" after the start, "seat-taken" when
   * the holder changed, "no-seat" when there is no such seat.
   */
  setSeat(gameId: GameId, seat: string, from: SeatHolder["kind"] | "any", to: SeatHolder): Promise<void>;
  /** The game starts now, its first step's clock set; refused "started" the second time. */
  startGame(gameId: GameId, at: string, clock?: GameClock | null): Promise<void>;

  /** The deadline settings, clock and attendance of a hosted game; null when it is not hosted. */
  schedule(gameId: GameId): Promise<GameSchedule | null>;
  /** Every started game whose clock runs (not over), for the due-step runner. */
  scheduled(): Promise<GameSchedule[]>;
  /** Set the clock if it still belongs to step `expectStep` (null: no clock); false if it moved on (compare-and-swap). */
  setClock(gameId: GameId, expectStep: number | null, clock: GameClock | null): Promise<boolean>;
  /**
   * Step `ranStep` has run: the seats' attendance and the next clock (null when the game is over), in one
   * transaction, once: false (nothing changed) when the clock no longer belongs to `ranStep`.
   */
  settleStep(
    gameId: GameId,
    ranStep: number,
    next: GameClock | null,
    attendance: readonly { seat: string; missed: number; holiday: readonly number[] }[],
  ): Promise<boolean>;
  /** Replace a hosted game's deadline settings (JSON, as hostGame keeps them); "no-game" when it is not hosted. */
  setDeadlines(gameId: GameId, deadlines: unknown): Promise<void>;
  /**
   * `settleStep` as a write for the step's own commit (`Store.commit`'s `joined`), so the step and its
   * attendance and next clock commit together or not at all. `settled` says afterwards what `settleStep`
   * would have returned (false until it has run).
   */
  settleWrite(
    gameId: GameId,
    ranStep: number,
    next: GameClock | null,
    attendance: readonly { seat: string; missed: number; holiday: readonly number[] }[],
  ): JoinedWrite & { readonly settled: boolean };
  /** The steps a seat's player will miss ("no-seat" when there is no such seat). */
  setHoliday(gameId: GameId, seat: string, steps: readonly number[]): Promise<void>;
  /** A game master hands a seat to another holder, before or after the start; its attendance starts afresh. */
  handSeat(gameId: GameId, seat: string, to: SeatHolder): Promise<void>;
  /**
   * Claim the reminder due at `dueAt` for a seat a player holds: true (and its `remindedAt` becomes `at`) unless a
   * reminder was claimed at or after `dueAt` already. A compare-and-swap, so one of several runners sends it.
   */
  claimReminder(gameId: GameId, seat: string, dueAt: string, at: string): Promise<boolean>;
  /** Claim "you are the last to submit" for step `step` of a seat a player holds: true the first time for that step. */
  claimLastCall(gameId: GameId, seat: string, step: number): Promise<boolean>;

  createInvite(i: Invite): Promise<void>;
  invite(tokenHash: string): Promise<Invite | null>;
  /** The invited seat goes to the account, once: "invite-used" the second time, "started" after the start. */
  acceptInvite(tokenHash: string, accountId: string, at: string): Promise<Invite>;

  /** The account's mail address (null to forget it). */
  setEmail(accountId: string, email: string | null): Promise<void>;
  /** The seat's mail settings when an account holds it; null otherwise. */
  seatMail(gameId: GameId, seat: string): Promise<SeatMail | null>;
  /** The game's seats held by accounts that play by mail. */
  mailSeats(gameId: GameId): Promise<SeatMail[]>;
  /** Turn mail play on or off; the secret is kept once made (the first `secret` given). "no-seat" unless an account holds it. */
  setSeatMail(gameId: GameId, seat: string, on: boolean, secret: string): Promise<SeatMail>;

  /** Keep a message; its id and thread are given here (thread: the replied message's, else its own id). */
  addMessage(m: Omit<GameMessage, "id" | "thread">): Promise<GameMessage>;
  /** The game's messages, oldest first (all of them: the caller filters what a reader may see). */
  messages(gameId: GameId, opts?: { afterId?: number; limit?: number }): Promise<GameMessage[]>;
  message(gameId: GameId, id: number): Promise<GameMessage | null>;

  /**
   * The sign-in limit's counts, shared by every process on the database: under a lock on each key, `decide` gets
   * the times (ms) kept for each key (none: an empty list) and gives the times to keep; a key given no times is
   * forgotten, and so is every key whose last time is before `forgetBefore`. Keys are kept as their SHA-256.
   */
  signInHits(
    keys: readonly string[],
    decide: (hits: ReadonlyMap<string, number[]>) => ReadonlyMap<string, number[]>,
    forgetBefore: number,
  ): Promise<void>;

  /** Tell every process sharing the database (LISTEN/NOTIFY; in-process on PGlite). Payloads carry ids only. */
  notify(payload: string): Promise<void>;
  /** Hear notifications; the function returned stops listening. */
  listen(onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}
