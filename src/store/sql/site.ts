/**
 * The site store on SQL (../site.ts): the same driver, the same SQL text on PGlite
 * and PostgreSQL, the schema in ./migrations.ts (versions 3 to 6). It does not close the
 * driver: the game store it shares it with does (open.ts `openSite`).
 *
 * Seats change by compare-and-swap (`UPDATE ... WHERE kind = $from`), invites and
 * the start under the hosted game's row lock, so two requests at once cannot both
 * take one seat, use one invite twice, or join after the start.
 */
import { createHash } from "node:crypto";
import type {
  Account,
  ApiToken,
  GameClock,
  GameMessage,
  GameSchedule,
  HostedGame,
  HostedSeat,
  Invite,
  SeatAttendance,
  SeatHolder,
  SeatMail,
  Session,
  SiteStore,
  Spectators,
} from "../site.js";
import { SiteError } from "../site.js";
import type { JoinedWrite } from "../store.js";
import type { Queryable, SqlDriver } from "./driver.js";

interface AccountRow {
  id: string;
  name: string;
  password_hash: string;
  admin: boolean;
  created_at: Date | string;
  email: string | null;
}

interface TokenRow {
  id: string;
  account_id: string;
  name: string;
  hash: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

interface GameRow {
  game_id: string;
  title: string;
  creator_id: string;
  spectators: Spectators;
  created_at: Date | string;
  started_at: Date | string | null;
  gm_reads_private: boolean;
  seat_rows: SeatRow[] | string;
  master_ids: string[] | string;
}

interface SeatMailRow {
  game_id: string;
  seat: string;
  account_id: string;
  email: string | null;
  mail: boolean;
  mail_secret: string | null;
}

interface MessageRow {
  id: string | number | bigint;
  game_id: string;
  from_seat: string;
  to_seats: string[] | null;
  reply_to: string | number | bigint | null;
  thread: string | number | bigint;
  body: string;
  at: Date | string;
}

/** The channel of the server's notifications (src/server/events.ts). */
export const EVENTS_CHANNEL = "starhost_events";

const MESSAGE_COLUMNS = "id, game_id, from_seat, to_seats, reply_to, thread, body, at";
/**
 * A hosted game with its seats and game masters in one round trip (every request about a game starts here): the
 * seats and masters come as JSON arrays of the row's own subqueries. `h` is hosted_games.
 */
const GAME_COLUMNS = `h.game_id, h.title, h.creator_id, h.spectators, h.created_at, h.started_at, h.gm_reads_private,
  (SELECT coalesce(json_agg(json_build_object('game_id', s.game_id, 'seat', s.seat, 'kind', s.kind, 'account_id', s.account_id,
     'bot_level', s.bot_level) ORDER BY s.ord), '[]') FROM seats s WHERE s.game_id = h.game_id) AS seat_rows,
  (SELECT coalesce(json_agg(m.account_id ORDER BY m.account_id), '[]') FROM game_masters m WHERE m.game_id = h.game_id) AS master_ids`;

function seatMail(r: SeatMailRow): SeatMail {
  return { gameId: r.game_id, seat: r.seat, accountId: r.account_id, email: r.email, on: r.mail, secret: r.mail_secret };
}

function gameMessage(r: MessageRow): GameMessage {
  return {
    id: Number(r.id),
    gameId: r.game_id,
    from: r.from_seat,
    to: r.to_seats,
    replyTo: r.reply_to === null ? null : Number(r.reply_to),
    thread: Number(r.thread),
    text: r.body,
    at: iso(r.at),
  };
}

interface SeatRow {
  game_id: string;
  seat: string;
  kind: SeatHolder["kind"];
  account_id: string | null;
  bot_level: string | null;
}

interface InviteRow {
  token_hash: string;
  game_id: string;
  seat: string;
  created_by: string;
  created_at: Date | string;
  used_by: string | null;
  used_at: Date | string | null;
}

const iso = (t: Date | string): string => (t instanceof Date ? t : new Date(t)).toISOString();
const isoOrNull = (t: Date | string | null): string | null => (t === null ? null : iso(t));

const ACCOUNT_COLUMNS = "id, name, password_hash, admin, created_at, email";

function account(r: AccountRow): Account {
  return {
    id: r.id,
    name: r.name,
    passwordHash: r.password_hash,
    admin: r.admin,
    createdAt: iso(r.created_at),
    ...(r.email ? { email: r.email } : {}),
  };
}

function token(r: TokenRow): ApiToken {
  return {
    id: r.id,
    accountId: r.account_id,
    name: r.name,
    hash: r.hash,
    createdAt: iso(r.created_at),
    lastUsedAt: isoOrNull(r.last_used_at),
    revokedAt: isoOrNull(r.revoked_at),
  };
}

function holderOf(r: SeatRow): SeatHolder {
  if (r.kind === "account") return { kind: "account", accountId: r.account_id ?? "" };
  if (r.kind === "bot") return { kind: "bot", level: r.bot_level ?? "" };
  return { kind: r.kind };
}

/** JSON as PostgreSQL's driver gives it (parsed) or PGlite's (parsed too; text if a driver leaves it as text). */
function jsonOf<T>(v: T | string): T {
  return typeof v === "string" ? (JSON.parse(v) as T) : v;
}

function hostedOf(r: GameRow): HostedGame {
  return {
    gameId: r.game_id,
    title: r.title,
    creatorId: r.creator_id,
    gameMasters: [...jsonOf(r.master_ids)],
    spectators: r.spectators,
    createdAt: iso(r.created_at),
    startedAt: isoOrNull(r.started_at),
    seats: jsonOf(r.seat_rows).map((s): HostedSeat => ({ seat: s.seat, holder: holderOf(s) })),
    ...(r.gm_reads_private === true ? { gameMastersReadPrivate: true } : {}),
  };
}

function invite(r: InviteRow): Invite {
  return {
    tokenHash: r.token_hash,
    gameId: r.game_id,
    seat: r.seat,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    usedBy: r.used_by,
    usedAt: isoOrNull(r.used_at),
  };
}

/** Whether a database error is a unique-key violation (PostgreSQL's 23505, the same in PGlite). */
function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string })?.code === "23505";
}

function isForeignKeyViolation(e: unknown): boolean {
  return (e as { code?: string })?.code === "23503";
}

export class SqlSiteStore implements SiteStore {
  constructor(private readonly db: SqlDriver) {}

  async createAccount(a: Account): Promise<void> {
    try {
      await this.db.query(`INSERT INTO accounts (id, name, name_key, password_hash, admin, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        a.id,
        a.name,
        a.name.toLowerCase(),
        a.passwordHash,
        a.admin,
        a.createdAt,
      ]);
    } catch (e) {
      if (isUniqueViolation(e)) throw new SiteError("name-taken", `the name "${a.name}" is taken; choose another`);
      throw e;
    }
  }

  async accountById(id: string): Promise<Account | null> {
    const r = await this.db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
    return r.rows[0] ? account(r.rows[0]) : null;
  }

  async accountByName(name: string): Promise<Account | null> {
    const r = await this.db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1`, [name.toLowerCase()]);
    return r.rows[0] ? account(r.rows[0]) : null;
  }

  async setAdmin(accountId: string, admin: boolean): Promise<void> {
    const r = await this.db.query("UPDATE accounts SET admin = $2 WHERE id = $1", [accountId, admin]);
    if (r.rowCount !== 1) throw new SiteError("no-account", `no account "${accountId}"`);
  }

  async accountNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const r = await this.db.query<{ id: string; name: string }>("SELECT id, name FROM accounts WHERE id = ANY($1::text[])", [
      [...new Set(ids)],
    ]);
    return new Map(r.rows.map((x) => [x.id, x.name]));
  }

  async createSession(s: Session): Promise<void> {
    // The account's ended sessions go as a new one starts, so the table holds live sessions only.
    await this.db.query("DELETE FROM sessions WHERE account_id = $1 AND expires_at <= $2", [s.accountId, s.createdAt]);
    await this.db.query("INSERT INTO sessions (id_hash, account_id, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
      s.idHash,
      s.accountId,
      s.csrf,
      s.createdAt,
      s.expiresAt,
    ]);
  }

  async session(idHash: string, now: string): Promise<{ session: Session; account: Account } | null> {
    const r = await this.db.query<AccountRow & { id_hash: string; csrf: string; s_created_at: Date | string; expires_at: Date | string }>(
      `SELECT s.id_hash, s.csrf, s.created_at AS s_created_at, s.expires_at, a.id, a.name, a.password_hash, a.admin, a.created_at, a.email
       FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = $1 AND s.expires_at > $2`,
      [idHash, now],
    );
    const row = r.rows[0];
    if (!row) return null;
    return {
      session: { idHash: row.id_hash, accountId: row.id, csrf: row.csrf, createdAt: iso(row.s_created_at), expiresAt: iso(row.expires_at) },
      account: account(row),
    };
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.query("DELETE FROM sessions WHERE id_hash = $1", [idHash]);
  }

  async createToken(t: ApiToken): Promise<void> {
    await this.db.query(
      "INSERT INTO api_tokens (id, account_id, name, hash, created_at, last_used_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [t.id, t.accountId, t.name, t.hash, t.createdAt, t.lastUsedAt, t.revokedAt],
    );
  }

  async tokens(accountId: string): Promise<ApiToken[]> {
    const r = await this.db.query<TokenRow>(
      "SELECT id, account_id, name, hash, created_at, last_used_at, revoked_at FROM api_tokens WHERE account_id = $1 ORDER BY created_at, id",
      [accountId],
    );
    return r.rows.map(token);
  }

  async useToken(hash: string, now: string): Promise<{ token: ApiToken; account: Account } | null> {
    // The token, then its account. Its last use is written at most once a minute: a script that submits many
    // times a second would otherwise make every request a write (a commit to disk each). Whether it is due is
    // decided here, not in the query, so the query's text and parameters are the same on every request (and
    // PGlite remembers its answer: ./remembered.ts).
    // With its account in the same round trip: a script's every request starts here.
    const r = await this.db.query<TokenRow & { a: AccountRow }>(
      `SELECT t.id, t.account_id, t.name, t.hash, t.created_at, t.last_used_at, t.revoked_at,
         json_build_object('id', a.id, 'name', a.name, 'password_hash', a.password_hash, 'admin', a.admin,
           'created_at', a.created_at, 'email', a.email) AS a
       FROM api_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.hash = $1 AND t.revoked_at IS NULL`,
      [hash],
    );
    const row = r.rows[0];
    if (!row) return null;
    const { a, ...tokenRow } = row;
    const last = tokenRow.last_used_at === null ? Number.NaN : new Date(tokenRow.last_used_at).getTime();
    const used = !(last >= new Date(now).getTime() - 60_000) ? { ...tokenRow, last_used_at: now } : tokenRow;
    if (used !== tokenRow)
      await this.db.query("UPDATE api_tokens SET last_used_at = $2 WHERE id = $1 AND revoked_at IS NULL", [tokenRow.id, now]);
    return { token: token(used), account: account(a) };
  }

  async revokeToken(accountId: string, tokenId: string, now: string): Promise<boolean> {
    const r = await this.db.query("UPDATE api_tokens SET revoked_at = $3 WHERE account_id = $1 AND id = $2 AND revoked_at IS NULL", [
      accountId,
      tokenId,
      now,
    ]);
    return r.rowCount === 1;
  }

  async hostGame(g: HostedGame): Promise<void> {
    await this.db.transaction(async (tx) => {
      try {
        await tx.query(
          "INSERT INTO hosted_games (game_id, title, creator_id, spectators, created_at, started_at, deadlines, gm_reads_private) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
          [
            g.gameId,
            g.title,
            g.creatorId,
            g.spectators,
            g.createdAt,
            g.startedAt,
            g.deadlines === undefined ? null : JSON.stringify(g.deadlines),
            g.gameMastersReadPrivate === true,
          ],
        );
      } catch (e) {
        if (isUniqueViolation(e)) throw new SiteError("game-hosted", `game ${g.gameId} is hosted already`);
        if (isForeignKeyViolation(e)) throw new SiteError("no-game", `no game ${g.gameId} in the game store, or no account ${g.creatorId}`);
        throw e;
      }
      for (const m of new Set([g.creatorId, ...g.gameMasters]))
        await tx.query("INSERT INTO game_masters (game_id, account_id) VALUES ($1, $2)", [g.gameId, m]);
      for (const s of g.seats) await insertSeat(tx, g.gameId, s);
    });
  }

  async hostedWithSchedule(gameId: string): Promise<{ hosted: HostedGame; schedule: GameSchedule; gameVersion?: string } | null> {
    // The game row's version (xmin, as SqlStore.load keeps it) comes too: the games table is in this database.
    const r = await this.db.query<ScheduleRow & GameRow & { game_version: string | null }>(
      `SELECT ${SCHEDULE_COLUMNS}, h.title, h.creator_id, h.spectators, h.created_at, h.gm_reads_private,
         (SELECT coalesce(json_agg(m.account_id ORDER BY m.account_id), '[]') FROM game_masters m WHERE m.game_id = h.game_id) AS master_ids,
         (SELECT g.xmin::text FROM games g WHERE g.id = h.game_id) AS game_version
       FROM hosted_games h WHERE h.game_id = $1`,
      [gameId],
    );
    const row = r.rows[0];
    if (!row) return null;
    const both = { hosted: hostedOf(row), schedule: scheduleOf(row) };
    return row.game_version === null ? both : { ...both, gameVersion: row.game_version };
  }

  async hostedGame(gameId: string): Promise<HostedGame | null> {
    const r = await this.db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM hosted_games h WHERE h.game_id = $1`, [gameId]);
    const row = r.rows[0];
    return row ? hostedOf(row) : null;
  }

  async lobby(): Promise<HostedGame[]> {
    const r = await this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM hosted_games h
       WHERE h.started_at IS NULL ORDER BY h.created_at DESC, h.game_id LIMIT 200`,
    );
    return r.rows.map(hostedOf);
  }

  async gamesOf(accountId: string): Promise<HostedGame[]> {
    const r = await this.db.query<GameRow>(
      `SELECT ${GAME_COLUMNS} FROM hosted_games h
       WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = h.game_id AND s.account_id = $1)
          OR EXISTS (SELECT 1 FROM game_masters m WHERE m.game_id = h.game_id AND m.account_id = $1)
       ORDER BY h.created_at DESC, h.game_id LIMIT 500`,
      [accountId],
    );
    return r.rows.map(hostedOf);
  }

  async addGameMaster(gameId: string, accountId: string): Promise<void> {
    try {
      await this.db.query("INSERT INTO game_masters (game_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [gameId, accountId]);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw new SiteError("no-account", `no hosted game ${gameId}, or no account ${accountId}`);
      throw e;
    }
  }

  async setSeat(gameId: string, seat: string, from: SeatHolder["kind"] | "any", to: SeatHolder): Promise<void> {
    await this.db.transaction(async (tx) => {
      const started = await lockGame(tx, gameId);
      if (started) throw new SiteError("started", `game ${gameId} has started: its seats no longer change`);
      const cols = seatColumns(to);
      const r = await tx.query(
        `UPDATE seats SET kind = $3, account_id = $4, bot_level = $5 WHERE game_id = $1 AND seat = $2 AND ($6 = 'any' OR kind = $6)`,
        [gameId, seat, cols.kind, cols.accountId, cols.botLevel, from],
      );
      if (r.rowCount === 1) return;
      const had = await tx.query<SeatRow>("SELECT kind FROM seats WHERE game_id = $1 AND seat = $2", [gameId, seat]);
      if (had.rows.length === 0) throw new SiteError("no-seat", `game ${gameId} has no seat "${seat}"`);
      throw new SiteError(
        "seat-taken",
        `seat "${seat}" of game ${gameId} is ${describeKind(had.rows[0]!.kind)}, not ${describeKind(from)}`,
      );
    });
  }

  async startGame(gameId: string, at: string, clock: GameClock | null = null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const started = await lockGame(tx, gameId);
      if (started) throw new SiteError("started", `game ${gameId} has started already`);
      await tx.query("UPDATE hosted_games SET started_at = $2 WHERE game_id = $1", [gameId, at]);
      await writeClock(tx, gameId, clock);
    });
  }

  async schedule(gameId: string): Promise<GameSchedule | null> {
    const r = await this.db.query<ScheduleRow>(`SELECT ${SCHEDULE_COLUMNS} FROM hosted_games h WHERE h.game_id = $1`, [gameId]);
    return r.rows[0] ? scheduleOf(r.rows[0]) : null;
  }

  async scheduled(): Promise<GameSchedule[]> {
    const r = await this.db.query<ScheduleRow>(
      `SELECT ${SCHEDULE_COLUMNS} FROM hosted_games h
       WHERE h.started_at IS NOT NULL AND h.clock_step IS NOT NULL ORDER BY h.step_deadline NULLS LAST, h.game_id`,
    );
    return r.rows.map(scheduleOf);
  }

  async setClock(gameId: string, expectStep: number | null, clock: GameClock | null): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const r = await tx.query<{ clock_step: number | null }>("SELECT clock_step FROM hosted_games WHERE game_id = $1 FOR UPDATE", [
        gameId,
      ]);
      const row = r.rows[0];
      if (!row) throw new SiteError("no-game", `no hosted game ${gameId}`);
      if ((row.clock_step === null ? null : Number(row.clock_step)) !== expectStep) return false;
      await writeClock(tx, gameId, clock);
      return true;
    });
  }

  async settleStep(
    gameId: string,
    ranStep: number,
    next: GameClock | null,
    attendance: readonly { seat: string; missed: number; holiday: readonly number[] }[],
  ): Promise<boolean> {
    return this.db.transaction((tx) => settle(tx, gameId, ranStep, next, attendance));
  }

  settleWrite(
    gameId: string,
    ranStep: number,
    next: GameClock | null,
    attendance: readonly { seat: string; missed: number; holiday: readonly number[] }[],
  ): JoinedWrite & { readonly settled: boolean } {
    const w = {
      database: this.db,
      settled: false,
      async run(tx: Queryable) {
        w.settled = await settle(tx, gameId, ranStep, next, attendance);
      },
    };
    return w;
  }

  async setDeadlines(gameId: string, deadlines: unknown): Promise<void> {
    const r = await this.db.query("UPDATE hosted_games SET deadlines = $2 WHERE game_id = $1", [gameId, JSON.stringify(deadlines)]);
    if (r.rowCount !== 1) throw new SiteError("no-game", `no hosted game ${gameId}`);
  }

  async setHoliday(gameId: string, seat: string, steps: readonly number[]): Promise<void> {
    const r = await this.db.query("UPDATE seats SET holiday = $3 WHERE game_id = $1 AND seat = $2", [gameId, seat, JSON.stringify(steps)]);
    if (r.rowCount !== 1) throw new SiteError("no-seat", `game ${gameId} has no seat "${seat}"`);
  }

  async handSeat(gameId: string, seat: string, to: SeatHolder): Promise<void> {
    const c = seatColumns(to);
    const r = await this.db.query(
      "UPDATE seats SET kind = $3, account_id = $4, bot_level = $5, missed = 0, holiday = '[]', reminded_at = NULL, last_call_step = NULL WHERE game_id = $1 AND seat = $2",
      [gameId, seat, c.kind, c.accountId, c.botLevel],
    );
    if (r.rowCount !== 1) throw new SiteError("no-seat", `game ${gameId} has no seat "${seat}"`);
  }

  async claimReminder(gameId: string, seat: string, dueAt: string, at: string): Promise<boolean> {
    const r = await this.db.query(
      "UPDATE seats SET reminded_at = $4 WHERE game_id = $1 AND seat = $2 AND kind = 'account' AND (reminded_at IS NULL OR reminded_at < $3)",
      [gameId, seat, dueAt, at],
    );
    return r.rowCount === 1;
  }

  async claimLastCall(gameId: string, seat: string, step: number): Promise<boolean> {
    const r = await this.db.query(
      "UPDATE seats SET last_call_step = $3 WHERE game_id = $1 AND seat = $2 AND kind = 'account' AND (last_call_step IS NULL OR last_call_step < $3)",
      [gameId, seat, step],
    );
    return r.rowCount === 1;
  }

  async createInvite(i: Invite): Promise<void> {
    await this.db.query(
      "INSERT INTO invites (token_hash, game_id, seat, created_by, created_at, used_by, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [i.tokenHash, i.gameId, i.seat, i.createdBy, i.createdAt, i.usedBy, i.usedAt],
    );
  }

  async invite(tokenHash: string): Promise<Invite | null> {
    const r = await this.db.query<InviteRow>(
      "SELECT token_hash, game_id, seat, created_by, created_at, used_by, used_at FROM invites WHERE token_hash = $1",
      [tokenHash],
    );
    return r.rows[0] ? invite(r.rows[0]) : null;
  }

  async acceptInvite(tokenHash: string, accountId: string, at: string): Promise<Invite> {
    return this.db.transaction(async (tx) => {
      const r = await tx.query<InviteRow>(
        "SELECT token_hash, game_id, seat, created_by, created_at, used_by, used_at FROM invites WHERE token_hash = $1 FOR UPDATE",
        [tokenHash],
      );
      const row = r.rows[0];
      if (!row) throw new SiteError("no-invite", "no such invite: the link is wrong or was withdrawn");
      if (row.used_by !== null) throw new SiteError("invite-used", "this invite has been used already");
      const started = await lockGame(tx, row.game_id);
      if (started) throw new SiteError("started", `game ${row.game_id} has started: its seats no longer change`);
      const u = await tx.query(
        "UPDATE seats SET kind = 'account', account_id = $3, bot_level = NULL WHERE game_id = $1 AND seat = $2 AND kind IN ('invited', 'open')",
        [row.game_id, row.seat, accountId],
      );
      if (u.rowCount !== 1) throw new SiteError("seat-taken", `seat "${row.seat}" of game ${row.game_id} has been taken`);
      await tx.query("UPDATE invites SET used_by = $2, used_at = $3 WHERE token_hash = $1", [tokenHash, accountId, at]);
      return invite({ ...row, used_by: accountId, used_at: at });
    });
  }

  async setEmail(accountId: string, email: string | null): Promise<void> {
    await this.db.query("UPDATE accounts SET email = $2 WHERE id = $1", [accountId, email]);
  }

  async seatMail(gameId: string, seat: string): Promise<SeatMail | null> {
    const r = await this.db.query<SeatMailRow>(
      `SELECT s.game_id, s.seat, s.account_id, a.email, s.mail, s.mail_secret FROM seats s JOIN accounts a ON a.id = s.account_id
       WHERE s.game_id = $1 AND s.seat = $2 AND s.kind = 'account'`,
      [gameId, seat],
    );
    return r.rows[0] ? seatMail(r.rows[0]) : null;
  }

  async mailSeats(gameId: string): Promise<SeatMail[]> {
    const r = await this.db.query<SeatMailRow>(
      `SELECT s.game_id, s.seat, s.account_id, a.email, s.mail, s.mail_secret FROM seats s JOIN accounts a ON a.id = s.account_id
       WHERE s.game_id = $1 AND s.kind = 'account' AND s.mail ORDER BY s.ord`,
      [gameId],
    );
    return r.rows.map(seatMail);
  }

  async setSeatMail(gameId: string, seat: string, on: boolean, secret: string): Promise<SeatMail> {
    const r = await this.db.query(
      "UPDATE seats SET mail = $3, mail_secret = COALESCE(mail_secret, $4) WHERE game_id = $1 AND seat = $2 AND kind = 'account'",
      [gameId, seat, on, secret],
    );
    const m = r.rowCount === 1 ? await this.seatMail(gameId, seat) : null;
    if (!m) throw new SiteError("no-seat", `seat "${seat}" of game ${gameId} is not held by a player`);
    return m;
  }

  async addMessage(m: Omit<GameMessage, "id" | "thread">): Promise<GameMessage> {
    return this.db.transaction(async (tx) => {
      let thread: number | null = null;
      if (m.replyTo !== null) {
        const p = await tx.query<{ thread: string | number }>("SELECT thread FROM messages WHERE game_id = $1 AND id = $2", [
          m.gameId,
          m.replyTo,
        ]);
        if (!p.rows[0]) throw new SiteError("no-message", `game ${m.gameId} has no message ${m.replyTo}`);
        thread = Number(p.rows[0].thread);
      }
      const n = await tx.query<{ id: string | number }>("SELECT nextval(pg_get_serial_sequence('messages', 'id')) AS id");
      const id = Number(n.rows[0]!.id);
      try {
        const r = await tx.query<MessageRow>(
          `INSERT INTO messages (id, game_id, from_seat, to_seats, reply_to, thread, body, at) OVERRIDING SYSTEM VALUE
           VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8) RETURNING ${MESSAGE_COLUMNS}`,
          [id, m.gameId, m.from, m.to, m.replyTo, thread ?? id, m.text, m.at],
        );
        return gameMessage(r.rows[0]!);
      } catch (e) {
        if (isForeignKeyViolation(e)) throw new SiteError("no-game", `no hosted game ${m.gameId}`);
        throw e;
      }
    });
  }

  async messages(gameId: string, opts: { afterId?: number; limit?: number } = {}): Promise<GameMessage[]> {
    const r = await this.db.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE game_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [gameId, opts.afterId ?? 0, opts.limit ?? 10_000],
    );
    return r.rows.map(gameMessage);
  }

  async message(gameId: string, id: number): Promise<GameMessage | null> {
    const r = await this.db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE game_id = $1 AND id = $2`, [gameId, id]);
    return r.rows[0] ? gameMessage(r.rows[0]) : null;
  }

  async signInHits(
    keys: readonly string[],
    decide: (hits: ReadonlyMap<string, number[]>) => ReadonlyMap<string, number[]>,
    forgetBefore: number,
  ): Promise<void> {
    const hashed = new Map(keys.map((k) => [createHash("sha256").update(k).digest("hex"), k]));
    // In key order, so two attempts sharing keys take their row locks in the same order and cannot deadlock.
    const order = [...hashed.keys()].sort();
    await this.db.transaction(async (tx) => {
      await tx.query("DELETE FROM sign_in_hits WHERE last_at < $1", [new Date(forgetBefore).toISOString()]);
      const hits = new Map<string, number[]>();
      for (const h of order) {
        await tx.query("INSERT INTO sign_in_hits (key, hits, last_at) VALUES ($1, '[]', $2) ON CONFLICT (key) DO NOTHING", [
          h,
          new Date(forgetBefore).toISOString(),
        ]);
        const row = (await tx.query<{ hits: unknown }>("SELECT hits FROM sign_in_hits WHERE key = $1 FOR UPDATE", [h])).rows[0];
        const raw = typeof row?.hits === "string" ? JSON.parse(row.hits) : row?.hits;
        hits.set(hashed.get(h)!, Array.isArray(raw) ? raw.map(Number) : []);
      }
      const kept = decide(hits);
      for (const h of order) {
        const times = kept.get(hashed.get(h)!) ?? [];
        if (times.length === 0) await tx.query("DELETE FROM sign_in_hits WHERE key = $1", [h]);
        // An upsert: another attempt may have forgotten the row meanwhile (it gave the key no times).
        else
          await tx.query(
            `INSERT INTO sign_in_hits (key, hits, last_at) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET hits = EXCLUDED.hits, last_at = EXCLUDED.last_at`,
            [h, JSON.stringify(times), new Date(Math.max(...times)).toISOString()],
          );
      }
    });
  }

  async notify(payload: string): Promise<void> {
    await this.db.notify(EVENTS_CHANNEL, payload);
  }

  listen(onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(EVENTS_CHANNEL, onPayload);
  }
}

interface ScheduleRow {
  game_id: string;
  deadlines: unknown;
  started_at: Date | string | null;
  clock_step: number | null;
  step_opened: Date | string | null;
  step_deadline: Date | string | null;
  paused_at: Date | string | null;
  seat_rows: AttendanceRow[] | string;
}

type AttendanceRow = SeatRow & { missed: number; holiday: unknown; reminded_at: Date | string | null; last_call_step: number | null };

/** A game's schedule with its seats' attendance in one round trip (every submission reads it). `h` is hosted_games. */
const SCHEDULE_COLUMNS = `h.game_id, h.deadlines, h.started_at, h.clock_step, h.step_opened, h.step_deadline, h.paused_at,
  (SELECT coalesce(json_agg(json_build_object('game_id', s.game_id, 'seat', s.seat, 'kind', s.kind, 'account_id', s.account_id,
     'bot_level', s.bot_level, 'missed', s.missed, 'holiday', s.holiday, 'reminded_at', s.reminded_at,
     'last_call_step', s.last_call_step) ORDER BY s.ord), '[]') FROM seats s WHERE s.game_id = h.game_id) AS seat_rows`;

function scheduleOf(r: ScheduleRow): GameSchedule {
  return {
    gameId: r.game_id,
    deadlines: typeof r.deadlines === "string" ? JSON.parse(r.deadlines) : r.deadlines,
    startedAt: isoOrNull(r.started_at),
    clock:
      r.clock_step === null || r.step_opened === null
        ? null
        : {
            step: Number(r.clock_step),
            opened: iso(r.step_opened),
            deadline: isoOrNull(r.step_deadline),
            pausedAt: isoOrNull(r.paused_at),
          },
    seats: jsonOf(r.seat_rows).map((s): SeatAttendance => {
      const holiday = typeof s.holiday === "string" ? JSON.parse(s.holiday) : s.holiday;
      return {
        seat: s.seat,
        holder: holderOf(s),
        missed: Number(s.missed),
        holiday: Array.isArray(holiday) ? holiday.map(Number) : [],
        remindedAt: isoOrNull(s.reminded_at),
        lastCallStep: s.last_call_step === null ? null : Number(s.last_call_step),
      };
    }),
  };
}

async function writeClock(tx: Queryable, gameId: string, c: GameClock | null): Promise<void> {
  await tx.query("UPDATE hosted_games SET clock_step = $2, step_opened = $3, step_deadline = $4, paused_at = $5 WHERE game_id = $1", [
    gameId,
    c?.step ?? null,
    c?.opened ?? null,
    c?.deadline ?? null,
    c?.pausedAt ?? null,
  ]);
}

function seatColumns(h: SeatHolder): { kind: string; accountId: string | null; botLevel: string | null } {
  return {
    kind: h.kind,
    accountId: h.kind === "account" ? h.accountId : null,
    botLevel: h.kind === "bot" ? h.level : null,
  };
}

async function insertSeat(tx: Queryable, gameId: string, s: HostedSeat): Promise<void> {
  const c = seatColumns(s.holder);
  await tx.query(
    "INSERT INTO seats (game_id, seat, kind, account_id, bot_level, ord) VALUES ($1, $2, $3, $4, $5, (SELECT count(*) FROM seats WHERE game_id = $1))",
    [gameId, s.seat, c.kind, c.accountId, c.botLevel],
  );
}

/** Step `ranStep`'s attendance and the next clock, if the clock is still that step's (`settleStep`). */
async function settle(
  tx: Queryable,
  gameId: string,
  ranStep: number,
  next: GameClock | null,
  attendance: readonly { seat: string; missed: number; holiday: readonly number[] }[],
): Promise<boolean> {
  const r = await tx.query<{ clock_step: number | null }>("SELECT clock_step FROM hosted_games WHERE game_id = $1 FOR UPDATE", [gameId]);
  const row = r.rows[0];
  if (!row) throw new SiteError("no-game", `no hosted game ${gameId}`);
  if (row.clock_step === null || Number(row.clock_step) !== ranStep) return false;
  for (const a of attendance)
    await tx.query("UPDATE seats SET missed = $3, holiday = $4 WHERE game_id = $1 AND seat = $2", [
      gameId,
      a.seat,
      a.missed,
      JSON.stringify(a.holiday),
    ]);
  await writeClock(tx, gameId, next);
  return true;
}

/** Lock the hosted game's row for the transaction: whether it has started ("no-game" when it is not hosted). */
async function lockGame(tx: Queryable, gameId: string): Promise<boolean> {
  const g = await tx.query<{ started_at: Date | string | null }>("SELECT started_at FROM hosted_games WHERE game_id = $1 FOR UPDATE", [
    gameId,
  ]);
  const row = g.rows[0];
  if (!row) throw new SiteError("no-game", `no hosted game ${gameId}`);
  return row.started_at !== null;
}

function describeKind(kind: string): string {
  if (kind === "any") return "any";
  if (kind === "account") return "held by a player";
  if (kind === "bot") return "given to a bot";
  if (kind === "invited") return "kept for an invited player";
  return "open";
}
