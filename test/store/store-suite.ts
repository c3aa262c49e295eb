/**
 * The one suite every Store passes (src/store/store.ts): memory, PGlite,
 * PostgreSQL (and the folder store). Every test makes its own game ids, so runs
 * against one database never collide.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import type { StoreOptions } from "../../src/store/check.js";
import type { GameRecord, JoinedWrite, StepEntry, Store } from "../../src/store/store.js";

export interface SuiteTraits {
  /** Two stores from `makeStore` share one database (PostgreSQL): concurrent commits are also raced across two stores. */
  sharedBacking?: boolean;
}

/** Resolves to the StoreError code of a rejected promise (fails if it resolves). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as { code?: string }).code ?? `not a StoreError: ${(e as Error).message}`;
  }
  throw new Error("expected a refusal");
}

export async function errorOf(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return { code: (e as { code: string }).code, message: (e as Error).message };
  }
  throw new Error("expected a refusal");
}

/** A fresh game id: a tag and 12 random hex digits. */
export function freshId(tag = "g"): string {
  return `${tag}-${randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

let big: unknown;
/** The 792-sector Galactic Empires state (about 426 KB of canonical JSON), made once. */
export function bigState(): unknown {
  big ??= galacticEmpires.scenarios["alpha-beta-quadrants"]!.create(1, {});
  return big;
}

export function makeRecord(id: string, state: unknown = { turn: 1, units: [{ id: "u1", hp: 5.4 }] }, step = 1): GameRecord {
  return {
    id,
    ruleset: "galactic-empires",
    rulesetVersion: "0.3.0",
    scenario: "alpha-beta-quadrants",
    options: { seed: 7, empires: 4, map: { width: 40, wrap: false } },
    seed: 987_654_321_012,
    step,
    label: `turn ${step}`,
    outcome: null,
    state,
  };
}

function entryFor(record: GameRecord, events: unknown[] = [{ kind: "moved", step: record.step, text: "u1 moves" }]): StepEntry {
  return {
    step: record.step,
    label: record.label,
    seed: record.seed,
    state: record.state,
    orders: { red: { orders: [{ kind: "move", unit: "u1", to: [3, 4] }] }, blue: { orders: [] } },
    sources: { red: "submission 2", blue: "default" },
    events,
  };
}

function nextOf(record: GameRecord, state: unknown = { ...(record.state as object), moved: record.step }): GameRecord {
  return { ...record, step: record.step + 1, label: `turn ${record.step + 1}`, state };
}

const same = (a: unknown, b: unknown) => expect(canonicalJson(a)).toBe(canonicalJson(b));

export const HOSTILE_IDS: readonly unknown[] = [
  "../../evil",
  "__proto__",
  "constructor",
  "toString",
  "x".repeat(10_000),
  "ünïcødé",
  "spiel-🚀",
  "a'; DROP TABLE games; --",
  "",
  " g1",
  "g1\n",
  "g1\u0000",
  null,
  42,
];

export function storeSuite(name: string, makeStore: (options: StoreOptions) => Promise<Store>, traits: SuiteTraits = {}): void {
  describe(name, () => {
    let store: Store;
    /** The stores' lock clock: tests move it on to abandon locks. */
    let clock = Date.parse("2031-05-06T07:08:09.000Z");
    const LEASE = 60_000;
    const options: StoreOptions = { lockLeaseMs: LEASE, now: () => clock };

    // A new PGlite folder takes seconds to make (initdb in WebAssembly), more on a busy machine.
    beforeAll(async () => {
      store = await makeStore(options);
    }, 120_000);
    afterAll(async () => {
      await store?.close();
    });

    it("creates, loads and lists a big realistic game byte-identically, and no caller can change what it keeps", async () => {
      const id = freshId("big");
      const record = makeRecord(id, bigState());
      expect(canonicalJson(record.state).length).toBeGreaterThan(400_000);
      await store.create(record);
      const loaded = await store.load(id);
      same(loaded, record);
      // What a caller holds is its own copy, or frozen where the store shares it between callers (the SQL stores'
      // cache of recent games): either way changing it changes nothing stored, and a frozen one says so at once.
      const held = loaded!.state as { turn: number };
      try {
        held.turn = -1;
        expect(Object.isFrozen(held)).toBe(false);
      } catch (e) {
        expect(e).toBeInstanceOf(TypeError);
        expect(Object.isFrozen(held)).toBe(true);
      }
      // What it was given stays the caller's: never frozen.
      (record.options as { seed: number }).seed = -1;
      const again = await store.load(id);
      same(again!.state, bigState());
      expect((again!.options as { seed: number }).seed).toBe(7);
      const summary = (await store.list()).find((g) => g.id === id);
      expect(summary).toEqual({ id, ruleset: "galactic-empires", scenario: "alpha-beta-quadrants", step: 1, label: "turn 1", over: false });
    });

    it("lists games in id order and says which are over", async () => {
      const a = freshId("list-a");
      const b = freshId("list-B");
      await store.create({ ...makeRecord(a), outcome: { winners: ["red"], reason: "last empire standing" } });
      await store.create(makeRecord(b));
      const list = await store.list();
      const ids = list.map((g) => g.id);
      expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(list.find((g) => g.id === a)!.over).toBe(true);
      expect(list.find((g) => g.id === b)!.over).toBe(false);
      same((await store.load(a))!.outcome, { winners: ["red"], reason: "last empire standing" });
    });

    it("refuses a game id used already and keeps the first game", async () => {
      const id = freshId("dup");
      await store.create(makeRecord(id, { first: true }));
      const e = await errorOf(store.create(makeRecord(id, { first: false })));
      expect(e.code).toBe("game-exists");
      expect(e.message).toContain(id);
      same((await store.load(id))!.state, { first: true });
    });

    it("knows no game it was not given", async () => {
      const id = freshId("none");
      expect(await store.load(id)).toBeNull();
      expect(await store.history(id, 1)).toBeNull();
      expect(await store.steps(id)).toEqual([]);
      expect(await store.submissions(id, 1)).toEqual([]);
      expect(
        await codeOf(store.submit(id, { seat: "red", step: 1, orders: {}, problems: [], source: "test", at: "2031-01-01T00:00:00Z" })),
      ).toBe("no-game");
      const r = makeRecord(id);
      expect(await codeOf(store.commit(id, entryFor(r), nextOf(r)))).toBe("no-game");
      expect(await codeOf(store.lock(id, "worker 1"))).toBe("no-game");
      expect((await store.list()).some((g) => g.id === id)).toBe(false);
    });

    it("refuses a submission for another step, naming both steps", async () => {
      const id = freshId("stale-sub");
      const r = makeRecord(id);
      await store.create(r);
      const ahead = await errorOf(store.submit(id, { seat: "red", step: 2, orders: {}, problems: [], source: "test", at: "t" }));
      expect(ahead.code).toBe("stale-submission");
      expect(ahead.message).toContain("these orders are for step 2, but the game awaits step 1 (turn 1)");
      await store.commit(id, entryFor(r), nextOf(r));
      const late = await errorOf(store.submit(id, { seat: "red", step: 1, orders: {}, problems: [], source: "test", at: "t" }));
      expect(late.code).toBe("stale-submission");
      expect(late.message).toContain("these orders are for step 1, but the game awaits step 2 (turn 2)");
      expect(await store.submissions(id, 1)).toEqual([]);
      expect(await store.submissions(id, 2)).toEqual([]);
    });

    it("numbers revisions 1, 2, 3 per seat and step, keeps every one, oldest first; the last counts", async () => {
      const id = freshId("rev");
      await store.create(makeRecord(id));
      const problem = { order: "orders[2] move u9 -> 14", code: "no-unit", message: 'there is no unit u9 ("u" + 9)' };
      const sent = [
        { seat: "red", orders: { v: 1 }, problems: [] },
        { seat: "red", orders: { v: 2 }, problems: [] },
        { seat: "blue", orders: { v: "b1" }, problems: [] },
        { seat: "red", orders: { v: 3, deep: [{ a: null }] }, problems: [problem] },
      ];
      const revisions: number[] = [];
      for (const [i, s] of sent.entries())
        revisions.push(await store.submit(id, { ...s, step: 1, source: `file orders/${s.seat}.yaml`, at: `2031-01-01T00:00:0${i}Z` }));
      expect(revisions).toEqual([1, 2, 1, 3]);
      const kept = await store.submissions(id, 1);
      expect(kept.map((s) => [s.seat, s.revision])).toEqual([
        ["red", 1],
        ["red", 2],
        ["blue", 1],
        ["red", 3],
      ]);
      same(kept[3], {
        seat: "red",
        step: 1,
        revision: 3,
        orders: { v: 3, deep: [{ a: null }] },
        problems: [problem],
        source: "file orders/red.yaml",
        at: "2031-01-01T00:00:03Z",
      });
      const lastRed = kept.filter((s) => s.seat === "red").reduce((a, b) => (b.revision > a.revision ? b : a));
      same(lastRed.orders, { v: 3, deep: [{ a: null }] });
      // Who has submitted, sorted, once each; nothing for another step or another game.
      expect(await store.submitters(id, 1)).toEqual(["blue", "red"]);
      expect(await store.submitters(id, 2)).toEqual([]);
      expect(await store.submitters(freshId("none"), 1)).toEqual([]);
    });

    it("answers each of many submissions at once on its own: kept, stale or for no game (a store may keep them together)", async () => {
      const a = freshId("many-a");
      const b = freshId("many-b");
      await store.create(makeRecord(a));
      await store.create(makeRecord(b));
      const sub = (seat: string, step: number) => ({ seat, step, orders: { seat, step }, problems: [], source: "many", at: "t" });
      const answers = await Promise.allSettled([
        store.submit(a, sub("red", 1)),
        store.submit(b, sub("red", 2)),
        store.submit(a, sub("blue", 1)),
        store.submit(freshId("many-none"), sub("red", 1)),
        store.submit(a, sub("red", 1)),
        store.submit(b, sub("blue", 1)),
      ]);
      const outcome = answers.map((x) => (x.status === "fulfilled" ? x.value : (x.reason as { code: string }).code));
      expect(outcome).toEqual([1, "stale-submission", 1, "no-game", 2, 1]);
      // Sent at once, they have no order between seats (a database may take them on several connections); one seat's revisions do.
      const kept = (await store.submissions(a, 1)).map((s) => `${s.seat} ${s.revision}`);
      expect([...kept].sort()).toEqual(["blue 1", "red 1", "red 2"]);
      expect(kept.filter((k) => k.startsWith("red"))).toEqual(["red 1", "red 2"]);
      expect(await store.submitters(b, 1)).toEqual(["blue"]);
      expect(await store.submissions(b, 2)).toEqual([]);
    });

    it("answers a submission with who had submitted once it was kept, where the store offers it; the last one in sees all", async () => {
      const submitWith = store.submitWithSubmitters?.bind(store);
      if (!submitWith) return;
      const id = freshId("with-submitters");
      const r = makeRecord(id);
      await store.create(r);
      const sub = (seat: string) => ({ seat, step: 1, orders: { seat }, problems: [], source: "with", at: "t" });
      expect(await submitWith(id, sub("red"))).toEqual({ revision: 1, submitters: ["red"] });
      expect(await submitWith(id, sub("red"))).toEqual({ revision: 2, submitters: ["red"] });
      // Several at once: each sees itself and what came before it; the one kept last sees every seat.
      const at = await Promise.all([submitWith(id, sub("blue")), submitWith(id, sub("green")), submitWith(id, sub("red"))]);
      for (const [i, seat] of ["blue", "green", "red"].entries()) expect(at[i]!.submitters).toContain(seat);
      expect(at.some((a) => a.submitters.length === 3)).toBe(true);
      expect(await store.submitters(id, 1)).toEqual(["blue", "green", "red"]);
      // A stale one is refused as by submit.
      await store.commit(id, entryFor(r), nextOf(r));
      expect(await codeOf(submitWith(id, sub("red")))).toBe("stale-submission");
    });

    it("loads the game as it stands whatever row version a caller says it saw (a version it does not hold is asked again)", async () => {
      const id = freshId("seen");
      const r = makeRecord(id);
      await store.create(r);
      expect((await store.load(id, { version: "no-such-version" }))!.step).toBe(1);
      await store.commit(id, entryFor(r), nextOf(r));
      expect((await store.load(id, { version: "no-such-version" }))!.step).toBe(2);
      expect(await store.load(freshId("seen-none"), { version: "1" })).toBeNull();
    });

    it("refuses a commit run from fewer submissions than it holds (orders that came while the step ran), changing nothing", async () => {
      const id = freshId("counted");
      const r = makeRecord(id);
      await store.create(r);
      await store.submit(id, { seat: "red", step: 1, orders: { v: 1 }, problems: [], source: "test", at: "t" });
      // The run read one submission; a second came before its commit.
      await store.submit(id, { seat: "blue", step: 1, orders: { v: 2 }, problems: [], source: "late", at: "t" });
      const e = await errorOf(store.commit(id, entryFor(r), nextOf(r), undefined, 1));
      expect(e.code).toBe("new-submissions");
      expect(e.message).toContain("holds 2 submissions for step 1, but the step was run from 1");
      expect((await store.load(id))!.step).toBe(1);
      expect(await store.steps(id)).toEqual([]);
      // Run again from both: it commits.
      await store.commit(id, entryFor(r), nextOf(r), undefined, 2);
      expect((await store.load(id))!.step).toBe(2);
    });

    it("gives concurrent submissions of one seat distinct revisions", async () => {
      const id = freshId("rev-race");
      await store.create(makeRecord(id));
      const n = 12;
      const revisions = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          store.submit(id, { seat: "red", step: 1, orders: { i }, problems: [], source: "race", at: "t" }),
        ),
      );
      expect([...revisions].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect((await store.submissions(id, 1)).length).toBe(n);
    });

    it("commits a step by compare-and-swap and gives its history back byte-identically", async () => {
      const id = freshId("commit");
      const r = makeRecord(id, bigState());
      await store.create(r);
      const events = [
        { kind: "battle", step: 1, text: "Red fleet meets blue fleet at 12.7", to: ["red", "blue"], hits: [0.5, -0, 1e21, 5e-324] },
        { kind: "note", step: 1, text: "ünïcødé 🚀 \u0000 \ud800 quotes ' \" \\", extra: JSON.parse('{"__proto__":{"sneaky":1}}') },
      ];
      expect(canonicalJson(events)).toContain('"__proto__":{"sneaky":1}');
      const entry = entryFor(r, events);
      const next = nextOf(r, { ...(bigState() as object), after: true });
      await store.commit(id, entry, next);
      same(await store.load(id), next);
      same(await store.history(id, 1), entry);
      expect(await store.steps(id)).toEqual([1]);
      // The same step again: refused, naming the step the game is at, and nothing changes.
      const e = await errorOf(store.commit(id, { ...entry, events: [] }, { ...next, label: "other" }));
      expect(e.code).toBe("stale-step");
      expect(e.message).toContain("step 2 (turn 2)");
      same(await store.load(id), next);
      same(await store.history(id, 1), entry);
      expect(await store.steps(id)).toEqual([1]);
      // A step the game is not at yet: refused too.
      const ahead = makeRecord(id, {}, 5);
      expect(await codeOf(store.commit(id, entryFor(ahead), nextOf(ahead)))).toBe("stale-step");
      expect(await store.steps(id)).toEqual([1]);
    });

    it("writes a joined write in the step's transaction: both or neither; one for another database is refused", async () => {
      const id = freshId("joined");
      const r = makeRecord(id);
      await store.create(r);
      const elsewhere: JoinedWrite = { database: {}, run: async () => {} };
      expect(await codeOf(store.commit(id, entryFor(r), nextOf(r), elsewhere))).toBe("cannot-join");
      expect((await store.load(id))?.step).toBe(1);
      expect(await store.steps(id)).toEqual([]);
      const database = store.database;
      if (database === undefined) return;
      // A write that fails after the step's rows are in: the step is not committed.
      let seen: number | undefined;
      const failing: JoinedWrite = {
        database,
        async run(tx) {
          seen = Number((await tx.query<{ step: number }>("SELECT step FROM games WHERE id = $1", [id])).rows[0]?.step);
          throw new Error("injected: the joined write fails");
        },
      };
      await expect(store.commit(id, entryFor(r), nextOf(r), failing)).rejects.toThrow("injected");
      expect(seen).toBe(2);
      same(await store.load(id), r);
      expect(await store.steps(id)).toEqual([]);
      expect(await store.history(id, 1)).toBeNull();
      // One that succeeds sees the step moved on in its transaction, and commits with it.
      let ran = 0;
      const ok: JoinedWrite = {
        database,
        async run(tx) {
          ran += Number((await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM steps WHERE game_id = $1", [id])).rows[0]?.n);
        },
      };
      await store.commit(id, entryFor(r), nextOf(r), ok);
      expect(ran).toBe(1);
      expect(await store.steps(id)).toEqual([1]);
      // A stale commit runs no joined write.
      expect(await codeOf(store.commit(id, entryFor(r), nextOf(r), ok))).toBe("stale-step");
      expect(ran).toBe(1);
    });

    it("refuses a commit whose next record does not follow the entry", async () => {
      const id = freshId("bad-next");
      const r = makeRecord(id);
      await store.create(r);
      expect(await codeOf(store.commit(id, entryFor(r), { ...nextOf(r), step: 3 }))).toBe("bad-record");
      expect(await codeOf(store.commit(id, entryFor(r), { ...nextOf(r), id: freshId() }))).toBe("bad-record");
      // A step keeps the game's seed: the dice of every later step follow from it.
      expect(await codeOf(store.commit(id, entryFor(r), { ...nextOf(r), seed: r.seed + 1 }))).toBe("bad-record");
      same(await store.load(id), r);
    });

    it("a load sees a commit made meanwhile by another store on the same database (no stale cached game)", async () => {
      if (!traits.sharedBacking) return;
      const id = freshId("seen");
      const r = makeRecord(id, bigState());
      await store.create(r);
      same((await store.load(id))?.state, r.state);
      const other = await makeStore(options);
      try {
        const next = nextOf(r, { ...(bigState() as object), after: "by the other store" });
        await other.commit(id, entryFor(r), next);
        same(await store.load(id), next);
      } finally {
        await other.close();
      }
    });

    it("lets exactly one of concurrent commits of one step win", async () => {
      const id = freshId("race");
      const r = makeRecord(id);
      await store.create(r);
      const other = traits.sharedBacking ? await makeStore(options) : store;
      try {
        const runs = Array.from({ length: 6 }, (_, i) => ({ entry: entryFor(r, [{ run: i }]), next: nextOf(r, { run: i }) }));
        const settled = await Promise.allSettled(runs.map((x, i) => (i % 2 ? other : store).commit(id, x.entry, x.next)));
        const won = settled.flatMap((s, i) => (s.status === "fulfilled" ? [i] : []));
        expect(won.length).toBe(1);
        for (const s of settled) if (s.status === "rejected") expect((s.reason as { code: string }).code).toBe("stale-step");
        const w = runs[won[0]!]!;
        same(await other.load(id), w.next);
        same(await store.history(id, 1), w.entry);
        expect(await other.steps(id)).toEqual([1]);
      } finally {
        if (other !== store) await other.close();
      }
    });

    it("lists the steps run in ascending order", async () => {
      const id = freshId("steps");
      let r = makeRecord(id, { n: 0 });
      await store.create(r);
      for (let i = 0; i < 11; i++) {
        const next = nextOf(r, { n: i + 1 });
        await store.commit(id, entryFor(r), next);
        r = next;
      }
      expect(await store.steps(id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      same((await store.history(id, 10))!.state, { n: 9 });
      expect(await store.history(id, 12)).toBeNull();
      same((await store.load(id))!.state, { n: 11 });
      expect((await store.load(id))!.step).toBe(12);
    });

    it("locks a game: a second holder is refused, naming the holder and since when; release frees it", async () => {
      const id = freshId("lock");
      await store.create(makeRecord(id));
      const a = await store.lock(id, "worker A");
      const e = await errorOf(store.lock(id, "worker B"));
      expect(e.code).toBe("locked");
      expect(e.message).toContain('"worker A"');
      expect(e.message).toContain(new Date(clock).toISOString());
      expect(await codeOf(store.lock(id, "worker A"))).toBe("locked");
      await a.release();
      await a.release();
      const b = await store.lock(id, "worker B");
      // A late release by A frees nothing of B's.
      await a.release();
      expect(await codeOf(store.lock(id, "worker C"))).toBe("locked");
      await b.release();
      // Other games are not held by this game's lock.
      const other = freshId("lock-other");
      await store.create(makeRecord(other));
      const c = await store.lock(id, "worker C");
      await (await store.lock(other, "worker D")).release();
      await c.release();
    });

    it("takes over an abandoned lock (older than the lease) and the old holder cannot release it", async () => {
      const id = freshId("lease");
      await store.create(makeRecord(id));
      const a = await store.lock(id, "crashed worker");
      clock += LEASE - 1000;
      expect(await codeOf(store.lock(id, "worker B"))).toBe("locked");
      clock += 1000;
      const b = await store.lock(id, "worker B");
      await a.release();
      const e = await errorOf(store.lock(id, "worker C"));
      expect(e.message).toContain('"worker B"');
      await b.release();
      await (await store.lock(id, "worker C")).release();
    });

    it("refuses hostile game and seat ids before anything is written", async () => {
      const good = freshId("host");
      const r = makeRecord(good);
      await store.create(r);
      const before = canonicalJson(await store.list());
      for (const bad of HOSTILE_IDS) {
        const id = bad as string;
        const refusals = [
          store.create({ ...makeRecord(id), id }),
          store.load(id),
          store.submit(id, { seat: "red", step: 1, orders: {}, problems: [], source: "t", at: "t" }),
          store.submit(good, { seat: id, step: 1, orders: {}, problems: [], source: "t", at: "t" }),
          store.submissions(id, 1),
          store.commit(id, entryFor(r), nextOf(r)),
          ...(typeof bad === "string" ? [store.commit(good, { ...entryFor(r), orders: { [id]: {} } }, nextOf(r))] : []),
          store.history(id, 1),
          store.steps(id),
          store.lock(id, "worker"),
        ];
        for (const p of refusals) expect(await codeOf(p)).toBe("bad-id");
      }
      expect(canonicalJson(await store.list())).toBe(before);
      expect(await store.submissions(good, 1)).toEqual([]);
      expect(await store.steps(good)).toEqual([]);
      same(await store.load(good), r);
    });

    it("refuses what is not JSON or not a whole step, writing nothing", async () => {
      const id = freshId("not-json");
      const cases: GameRecord[] = [
        { ...makeRecord(id), state: undefined },
        makeRecord(id, { n: 10n }),
        makeRecord(id, { x: Number.NaN }),
        { ...makeRecord(id), step: 0 },
        { ...makeRecord(id), step: 1.5 },
        { ...makeRecord(id), seed: 2 ** 60 },
        { ...makeRecord(id), label: "turn\u00001" },
        { ...makeRecord(id), options: undefined },
      ];
      for (const c of cases) expect(await codeOf(store.create(c))).toBe("bad-record");
      expect(await store.load(id)).toBeNull();
    });

    it("keeps any JSON state, events, orders and problems byte-identically (property)", async () => {
      const id = freshId("prop");
      let r = makeRecord(id, { start: true });
      await store.create(r);
      const json = fc.jsonValue({ stringUnit: "binary", maxDepth: 4 });
      const text = fc.string({ unit: "binary", maxLength: 60 });
      const problemsOf = fc.array(fc.record({ order: text, code: text, message: text }), { maxLength: 3 });
      await fc.assert(
        fc.asyncProperty(json, fc.array(json, { maxLength: 5 }), json, problemsOf, async (state, events, orders, problems) => {
          const entry: StepEntry = { ...entryFor(r, events), orders: { red: orders } };
          const next = nextOf(r, state);
          await store.commit(id, entry, next);
          const [loaded, history] = await Promise.all([store.load(id), store.history(id, r.step)]);
          expect(canonicalJson(loaded)).toBe(canonicalJson(next));
          expect(canonicalJson(history)).toBe(canonicalJson(entry));
          const rev = await store.submit(id, { seat: "red", step: next.step, orders, problems, source: "property", at: "t" });
          const sub = (await store.submissions(id, next.step)).find((s) => s.revision === rev);
          expect(canonicalJson(sub!.orders)).toBe(canonicalJson(orders));
          expect(canonicalJson(sub!.problems)).toBe(canonicalJson(problems));
          r = next;
        }),
        { numRuns: 40 },
      );
    });
  });
}
