/**
 * The one suite the site store passes (src/store/site.ts) on PGlite and on PostgreSQL. Every test makes
 * its own ids, so runs against one database never collide.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account, HostedGame, SiteStore } from "../../src/store/site.js";
import type { Store } from "../../src/store/store.js";
import { freshId, makeRecord } from "./store-suite.js";

export async function siteCodeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code?: string }).code ?? `not a SiteError: ${(e as Error).message}`;
  }
  throw new Error("expected a refusal");
}

const T0 = "2026-11-27T10:00:00.000Z";
const T1 = "2026-11-27T11:00:00.000Z";
const T2 = "2026-11-27T12:00:00.000Z";

function makeAccount(tag = "a"): Account {
  const id = freshId(tag);
  return { id, name: `n${id.slice(-12)}`, passwordHash: "scrypt$test", admin: false, createdAt: T0 };
}

export function siteSuite(name: string, open: () => Promise<{ games: Store; site: SiteStore }>): void {
  describe(name, () => {
    let games: Store;
    let site: SiteStore;
    beforeAll(async () => {
      ({ games, site } = await open());
    }, 120_000);
    afterAll(async () => {
      await games?.close();
    });

    async function hosted(creator: Account, seats: HostedGame["seats"]): Promise<HostedGame> {
      const id = freshId("hg");
      await games.create(makeRecord(id));
      const g: HostedGame = {
        gameId: id,
        title: `game ${id}`,
        creatorId: creator.id,
        gameMasters: [],
        spectators: "after-end",
        createdAt: T0,
        startedAt: null,
        seats,
      };
      await site.hostGame(g);
      return g;
    }

    it("keeps accounts; names are unique ignoring case; admin is set by name", async () => {
      const a = makeAccount();
      await site.createAccount(a);
      expect(await site.accountById(a.id)).toEqual(a);
      expect(await site.accountByName(a.name.toUpperCase())).toEqual(a);
      expect(await site.accountByName("nobody-here")).toBeNull();
      expect(await siteCodeOf(site.createAccount({ ...makeAccount(), name: a.name.toUpperCase() }))).toBe("name-taken");
      await site.setAdmin(a.id, true);
      expect((await site.accountById(a.id))?.admin).toBe(true);
      expect(await siteCodeOf(site.setAdmin("no-such-account", true))).toBe("no-account");
      const b = makeAccount();
      await site.createAccount(b);
      expect(await site.accountNames([a.id, b.id, a.id, "nobody"])).toEqual(
        new Map([
          [a.id, a.name],
          [b.id, b.name],
        ]),
      );
      expect(await site.accountNames([])).toEqual(new Map());
    });

    it("finds a session by its hash until it ends, and forgets it when deleted", async () => {
      const a = makeAccount();
      await site.createAccount(a);
      const idHash = randomUUID();
      await site.createSession({ idHash, accountId: a.id, csrf: "c1", createdAt: T0, expiresAt: T1 });
      const s = await site.session(idHash, T0);
      expect(s?.account.id).toBe(a.id);
      expect(s?.session).toEqual({ idHash, accountId: a.id, csrf: "c1", createdAt: T0, expiresAt: T1 });
      expect(await site.session(idHash, T1)).toBeNull();
      expect(await site.session(randomUUID(), T0)).toBeNull();
      await site.deleteSession(idHash);
      expect(await site.session(idHash, T0)).toBeNull();
      // A new session forgets the account's ended ones (and keeps those still running).
      const ended = randomUUID();
      const running = randomUUID();
      await site.createSession({ idHash: ended, accountId: a.id, csrf: "c2", createdAt: T0, expiresAt: T1 });
      await site.createSession({ idHash: running, accountId: a.id, csrf: "c3", createdAt: T0, expiresAt: "2026-12-27T10:00:00.000Z" });
      await site.createSession({ idHash: randomUUID(), accountId: a.id, csrf: "c4", createdAt: T2, expiresAt: "2026-12-27T10:00:00.000Z" });
      expect(await site.session(ended, T0)).toBeNull();
      expect((await site.session(running, T2))?.session.csrf).toBe("c3");
    });

    it("API tokens: found by hash and marked used, listed, revoked once", async () => {
      const a = makeAccount();
      await site.createAccount(a);
      const hash = randomUUID();
      const id = freshId("t");
      await site.createToken({ id, accountId: a.id, name: "bot script", hash, createdAt: T0, lastUsedAt: null, revokedAt: null });
      const used = await site.useToken(hash, T1);
      expect(used?.account.id).toBe(a.id);
      expect(used?.token.lastUsedAt).toBe(T1);
      expect((await site.tokens(a.id)).map((t) => [t.id, t.name, t.lastUsedAt])).toEqual([[id, "bot script", T1]]);
      const other = makeAccount();
      await site.createAccount(other);
      expect(await site.revokeToken(other.id, id, T2)).toBe(false);
      expect(await site.revokeToken(a.id, id, T2)).toBe(true);
      expect(await site.revokeToken(a.id, id, T2)).toBe(false);
      expect(await site.useToken(hash, T2)).toBeNull();
      expect((await site.tokens(a.id))[0]?.revokedAt).toBe(T2);
    });

    it("hosts a game with its seats in order and game masters; refuses hosting twice or a game the store lacks", async () => {
      const gm = makeAccount("gm");
      const p = makeAccount("p");
      await site.createAccount(gm);
      await site.createAccount(p);
      const g = await hosted(gm, [
        { seat: "zeta", holder: { kind: "open" } },
        { seat: "alpha", holder: { kind: "bot", level: "normal" } },
        { seat: "mid", holder: { kind: "account", accountId: p.id } },
        { seat: "inv", holder: { kind: "invited" } },
      ]);
      const got = await site.hostedGame(g.gameId);
      expect(got).toEqual({ ...g, gameMasters: [gm.id] });
      expect(await siteCodeOf(site.hostGame(g))).toBe("game-hosted");
      expect(await siteCodeOf(site.hostGame({ ...g, gameId: freshId("none") }))).toBe("no-game");
      expect(await site.hostedGame(freshId("none"))).toBeNull();
      await site.addGameMaster(g.gameId, p.id);
      expect((await site.hostedGame(g.gameId))?.gameMasters.sort()).toEqual([gm.id, p.id].sort());
      expect((await site.lobby()).some((x) => x.gameId === g.gameId)).toBe(true);
      expect((await site.gamesOf(p.id)).map((x) => x.gameId)).toContain(g.gameId);
    });

    it("a seat changes by compare-and-swap, and not after the start", async () => {
      const gm = makeAccount("gm");
      const a = makeAccount("p");
      const b = makeAccount("p");
      for (const x of [gm, a, b]) await site.createAccount(x);
      const g = await hosted(gm, [
        { seat: "red", holder: { kind: "open" } },
        { seat: "blue", holder: { kind: "open" } },
      ]);
      // Two joins of one open seat at once: exactly one wins.
      const results = await Promise.allSettled([
        site.setSeat(g.gameId, "red", "open", { kind: "account", accountId: a.id }),
        site.setSeat(g.gameId, "red", "open", { kind: "account", accountId: b.id }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
      const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason.code).toBe("seat-taken");
      expect(await siteCodeOf(site.setSeat(g.gameId, "green", "open", { kind: "open" }))).toBe("no-seat");
      await site.setSeat(g.gameId, "blue", "any", { kind: "bot", level: "easy" });
      expect((await site.hostedGame(g.gameId))?.seats[1]).toEqual({ seat: "blue", holder: { kind: "bot", level: "easy" } });
      await site.startGame(g.gameId, T1);
      expect((await site.hostedGame(g.gameId))?.startedAt).toBe(T1);
      expect(await siteCodeOf(site.startGame(g.gameId, T2))).toBe("started");
      expect(await siteCodeOf(site.setSeat(g.gameId, "blue", "any", { kind: "open" }))).toBe("started");
      expect((await site.lobby()).some((x) => x.gameId === g.gameId)).toBe(false);
    });

    it("an invite gives its seat once, and not after the start", async () => {
      const gm = makeAccount("gm");
      const a = makeAccount("p");
      const b = makeAccount("p");
      for (const x of [gm, a, b]) await site.createAccount(x);
      const g = await hosted(gm, [
        { seat: "red", holder: { kind: "invited" } },
        { seat: "blue", holder: { kind: "invited" } },
      ]);
      const tokenHash = randomUUID();
      await site.createInvite({ tokenHash, gameId: g.gameId, seat: "red", createdBy: gm.id, createdAt: T0, usedBy: null, usedAt: null });
      expect((await site.invite(tokenHash))?.seat).toBe("red");
      const used = await site.acceptInvite(tokenHash, a.id, T1);
      expect(used).toMatchObject({ usedBy: a.id, usedAt: T1, seat: "red" });
      expect(await siteCodeOf(site.acceptInvite(tokenHash, b.id, T1))).toBe("invite-used");
      expect(await siteCodeOf(site.acceptInvite(randomUUID(), b.id, T1))).toBe("no-invite");
      expect((await site.hostedGame(g.gameId))?.seats[0]?.holder).toEqual({ kind: "account", accountId: a.id });
      const late = randomUUID();
      await site.createInvite({
        tokenHash: late,
        gameId: g.gameId,
        seat: "blue",
        createdBy: gm.id,
        createdAt: T0,
        usedBy: null,
        usedAt: null,
      });
      await site.startGame(g.gameId, T2);
      expect(await siteCodeOf(site.acceptInvite(late, b.id, T2))).toBe("started");
    });

    it("deadlines: settings, the step's clock (set by compare-and-swap), attendance settled once, holiday, a seat handed on", async () => {
      const gm = makeAccount("gm");
      const a = makeAccount("p");
      for (const x of [gm, a]) await site.createAccount(x);
      const id = freshId("dl");
      await games.create(makeRecord(id));
      const settings = { schedule: { kind: "every", hours: 24 }, earlyAdvance: true };
      await site.hostGame({
        gameId: id,
        title: "t",
        creatorId: gm.id,
        gameMasters: [],
        spectators: "none",
        createdAt: T0,
        startedAt: null,
        seats: [
          { seat: "red", holder: { kind: "account", accountId: a.id } },
          { seat: "blue", holder: { kind: "bot", level: "easy" } },
        ],
        deadlines: settings,
      });
      const before = await site.schedule(id);
      expect(before).toMatchObject({ gameId: id, deadlines: settings, startedAt: null, clock: null });
      expect(before?.seats.map((s) => [s.seat, s.missed, s.holiday, s.remindedAt])).toEqual([
        ["red", 0, [], null],
        ["blue", 0, [], null],
      ]);
      expect((await site.scheduled()).some((x) => x.gameId === id)).toBe(false);
      const clock = { step: 1, opened: T1, deadline: T2, pausedAt: null };
      await site.startGame(id, T1, clock);
      expect((await site.schedule(id))?.clock).toEqual(clock);
      expect((await site.scheduled()).some((x) => x.gameId === id)).toBe(true);
      expect(await site.setClock(id, 2, { ...clock, pausedAt: T1 })).toBe(false);
      expect(await site.setClock(id, 1, { ...clock, pausedAt: T1 })).toBe(true);
      expect((await site.schedule(id))?.clock?.pausedAt).toBe(T1);
      // Read together (one round trip), the hosted game and its schedule are what each read alone gives.
      const both = await site.hostedWithSchedule(id);
      expect({ hosted: both?.hosted, schedule: both?.schedule }).toEqual({
        hosted: await site.hostedGame(id),
        schedule: await site.schedule(id),
      });
      // A site on the game store's database adds the game row's version (GameStore.load's `seen`), else nothing.
      if (both?.gameVersion !== undefined) expect(both.gameVersion).toMatch(/^\d+$/);
      expect(Object.keys(both ?? {}).filter((k) => !["hosted", "schedule", "gameVersion"].includes(k))).toEqual([]);
      expect(await site.hostedWithSchedule("no-such-game")).toBeNull();
      await site.setDeadlines(id, { ...settings, remindHoursBefore: [] });
      expect((await site.schedule(id))?.deadlines).toEqual({ ...settings, remindHoursBefore: [] });
      await site.setDeadlines(id, settings);
      expect(await siteCodeOf(site.setDeadlines("no-such-game", settings))).toBe("no-game");
      await site.setHoliday(id, "red", [3, 4]);
      expect(await siteCodeOf(site.setHoliday(id, "green", [3]))).toBe("no-seat");
      const next = { step: 2, opened: T2, deadline: null, pausedAt: null };
      expect(await site.settleStep(id, 1, next, [{ seat: "red", missed: 1, holiday: [3, 4] }])).toBe(true);
      expect(await site.settleStep(id, 1, next, [{ seat: "red", missed: 5, holiday: [] }])).toBe(false);
      const after = await site.schedule(id);
      expect(after?.clock).toEqual(next);
      expect(after?.seats[0]).toMatchObject({ seat: "red", missed: 1, holiday: [3, 4] });
      // Reminders are claimed once per due time; "last to submit" once per step; only for a seat a player holds.
      expect(await site.claimReminder(id, "red", T1, T2)).toBe(true);
      expect(await site.claimReminder(id, "red", T1, T2)).toBe(false);
      expect(await site.claimReminder(id, "red", T2, T2)).toBe(false);
      expect((await site.schedule(id))?.seats[0]?.remindedAt).toBe(T2);
      expect(await site.claimReminder(id, "blue", T1, T2)).toBe(false);
      expect(await site.claimLastCall(id, "red", 2)).toBe(true);
      expect((await site.schedule(id))?.seats[0]?.lastCallStep).toBe(2);
      expect(await site.claimLastCall(id, "red", 2)).toBe(false);
      expect(await site.claimLastCall(id, "red", 3)).toBe(true);
      expect(await site.claimLastCall(id, "blue", 3)).toBe(false);
      await site.handSeat(id, "red", { kind: "account", accountId: gm.id });
      expect((await site.schedule(id))?.seats[0]).toMatchObject({
        holder: { kind: "account", accountId: gm.id },
        missed: 0,
        holiday: [],
        remindedAt: null,
      });
      // The seat's new player has not been told yet.
      expect(await site.claimLastCall(id, "red", 3)).toBe(true);
      expect(await site.settleStep(id, 2, null, [])).toBe(true);
      expect((await site.scheduled()).some((x) => x.gameId === id)).toBe(false);
    });

    it("settles a step in the step's own commit: attendance, the next clock and the step commit together or not at all", async () => {
      const a = makeAccount("j");
      await site.createAccount(a);
      const id = freshId("sj");
      const record = makeRecord(id);
      await games.create(record);
      await site.hostGame({
        gameId: id,
        title: "t",
        creatorId: a.id,
        gameMasters: [],
        spectators: "none",
        createdAt: T0,
        startedAt: null,
        seats: [{ seat: "red", holder: { kind: "account", accountId: a.id } }],
        deadlines: { schedule: { kind: "every", hours: 24 } },
      });
      const clock = { step: 1, opened: T1, deadline: T2, pausedAt: null };
      await site.startGame(id, T1, clock);
      const entry = { step: 1, label: record.label, seed: record.seed, state: record.state, orders: {}, sources: {}, events: [] };
      const next = { ...record, step: 2, label: "turn 2" };
      const nextClock = { step: 2, opened: T2, deadline: null, pausedAt: null };
      const settle = () => site.settleWrite(id, 1, nextClock, [{ seat: "red", missed: 1, holiday: [] }]);
      expect(settle().database).toBe(games.database);
      // A failure injected after the attendance is written: neither the step nor the attendance nor the clock moved.
      const w = settle();
      const failing = {
        database: w.database,
        async run(tx: Parameters<typeof w.run>[0]) {
          await w.run(tx);
          throw new Error("injected after the attendance write");
        },
      };
      await expect(games.commit(id, entry, next, failing)).rejects.toThrow("injected");
      expect(w.settled).toBe(true);
      expect((await games.load(id))?.step).toBe(1);
      expect(await games.steps(id)).toEqual([]);
      const unchanged = await site.schedule(id);
      expect(unchanged?.clock).toEqual(clock);
      expect(unchanged?.seats[0]).toMatchObject({ seat: "red", missed: 0 });
      // Then the step commits with them.
      const ok = settle();
      await games.commit(id, entry, next, ok);
      expect(ok.settled).toBe(true);
      expect(await games.steps(id)).toEqual([1]);
      const after = await site.schedule(id);
      expect(after?.clock).toEqual(nextClock);
      expect(after?.seats[0]).toMatchObject({ seat: "red", missed: 1 });
      // A clock that is not the step's: the step commits, nothing of the settlement is written, and it says so.
      const late = site.settleWrite(id, 1, null, [{ seat: "red", missed: 7, holiday: [] }]);
      await games.commit(id, { ...entry, step: 2, label: "turn 2", state: next.state }, { ...next, step: 3, label: "turn 3" }, late);
      expect(late.settled).toBe(false);
      expect((await site.schedule(id))?.seats[0]).toMatchObject({ missed: 1 });
    });

    it("keeps the sign-in counts: by key, updates serialised per key, forgotten when empty or stale", async () => {
      const k = `name:${freshId("rl")}`;
      const other = `addr:${freshId("rl")}`;
      const seen = async (key: string) => {
        let got: number[] = [];
        await site.signInHits(
          [key],
          (h) => {
            got = h.get(key) ?? [];
            return h;
          },
          0,
        );
        return got;
      };
      // Twenty at once, each adding its own time to what it read: none is lost.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          site.signInHits(
            [k, other],
            (h) =>
              new Map([
                [k, [...(h.get(k) ?? []), 1000 + i]],
                [other, h.get(other) ?? []],
              ]),
            0,
          ),
        ),
      );
      expect((await seen(k)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 1000 + i));
      expect(await seen(other)).toEqual([]);
      // Given no times: forgotten. Older than forgetBefore: forgotten whatever the key.
      await site.signInHits([other], () => new Map([[other, [5000]]]), 0);
      await site.signInHits([k], () => new Map([[k, []]]), 0);
      expect(await seen(k)).toEqual([]);
      expect(await seen(other)).toEqual([5000]);
      await site.signInHits([k], (h) => h, 6000);
      expect(await seen(other)).toEqual([]);
    });

    it("mail play: the account's address, a seat's mail switch and its secret (kept once made)", async () => {
      const a = makeAccount();
      await site.createAccount(a);
      const g = await hosted(a, [
        { seat: "s1", holder: { kind: "account", accountId: a.id } },
        { seat: "s2", holder: { kind: "open" } },
      ]);
      expect((await site.seatMail(g.gameId, "s1"))?.on).toBe(false);
      expect(await site.seatMail(g.gameId, "s2")).toBeNull();
      await site.setEmail(a.id, "a@example.org");
      expect((await site.accountById(a.id))?.email).toBe("a@example.org");
      const on = await site.setSeatMail(g.gameId, "s1", true, "secret-one-abcdefghij");
      expect(on).toMatchObject({ seat: "s1", accountId: a.id, email: "a@example.org", on: true, secret: "secret-one-abcdefghij" });
      expect((await site.setSeatMail(g.gameId, "s1", true, "secret-two-abcdefghij")).secret).toBe("secret-one-abcdefghij");
      expect((await site.mailSeats(g.gameId)).map((m) => m.seat)).toEqual(["s1"]);
      await site.setSeatMail(g.gameId, "s1", false, "x-abcdefghijklmnop");
      expect(await site.mailSeats(g.gameId)).toEqual([]);
      expect(await siteCodeOf(site.setSeatMail(g.gameId, "s2", true, "x-abcdefghijklmnop"))).toBe("no-seat");
    });

    it("messages: kept in order with their thread; a reply to a message of another game is refused", async () => {
      const a = makeAccount();
      await site.createAccount(a);
      const g = await hosted(a, [{ seat: "s1", holder: { kind: "open" } }]);
      const other = await hosted(a, [{ seat: "s1", holder: { kind: "open" } }]);
      const m1 = await site.addMessage({ gameId: g.gameId, from: "s1", to: ["s2"], replyTo: null, text: "hello", at: T0 });
      expect(m1.thread).toBe(m1.id);
      const m2 = await site.addMessage({ gameId: g.gameId, from: "s2", to: ["s1"], replyTo: m1.id, text: "hi", at: T0 });
      expect([m2.replyTo, m2.thread]).toEqual([m1.id, m1.id]);
      const m3 = await site.addMessage({ gameId: g.gameId, from: "s1", to: null, replyTo: m2.id, text: "all", at: T0 });
      expect(m3.thread).toBe(m1.id);
      expect((await site.messages(g.gameId)).map((m) => [m.id, m.to, m.text])).toEqual([
        [m1.id, ["s2"], "hello"],
        [m2.id, ["s1"], "hi"],
        [m3.id, null, "all"],
      ]);
      expect((await site.messages(g.gameId, { afterId: m2.id })).map((m) => m.id)).toEqual([m3.id]);
      expect(await site.message(g.gameId, m1.id)).toEqual(m1);
      expect(await site.message(other.gameId, m1.id)).toBeNull();
      expect(await siteCodeOf(site.addMessage({ gameId: other.gameId, from: "s1", to: null, replyTo: m1.id, text: "x", at: T0 }))).toBe(
        "no-message",
      );
    });
  });
}
