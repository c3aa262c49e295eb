import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { openStore } from "../../src/store/open.js";
import { openPglite } from "../../src/store/sql/pglite.js";
import { SqlStore } from "../../src/store/sql/store.js";
import { bigState, makeRecord, storeSuite } from "./store-suite.js";

const root = mkdtempSync(join(tmpdir(), "starhost-pglite-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Making a PGlite folder takes seconds (initdb in WebAssembly): the suite's folder is reopened below.
const dir = join(root, "suite");
let firstMigrated: readonly string[] | undefined;

storeSuite("PGlite store", async (options) => {
  const store = await openStore(`pglite:${dir}`, options);
  firstMigrated ??= (store as SqlStore).migrated;
  return store;
});

describe("PGlite folder", () => {
  it("keeps its games across a reopen and does not migrate twice", async () => {
    expect(firstMigrated).toEqual([
      "1 games, steps, submissions, game_locks",
      "2 game_locks: the holder's host and process",
      "3 the site: accounts, sessions, api_tokens, hosted_games, game_masters, seats, invites",
      "4 deadlines: hosted games' settings and step clocks, seats' attendance",
      "5 mail play and diplomacy: accounts.email, seats.mail and mail_secret, hosted_games.gm_reads_private, messages",
      "6 reminders: seats.last_call_step",
      "7 sign_in_hits: the sign-in limit's counts, shared by every serve",
      "8 starhost_submit: a batch of submissions in one round trip",
    ]);
    const again = await openStore(dir);
    try {
      expect(again).toBeInstanceOf(SqlStore);
      expect((again as SqlStore).migrated).toEqual([]);
      expect(again.where).toBe(`pglite ${dir}`);
      const games = await again.list();
      expect(games.length).toBeGreaterThan(10);
      // The suite's first test made a game of the 792-sector state.
      const big = games.find((g) => g.id.startsWith("big-"))!;
      expect(canonicalJson(await again.load(big.id))).toBe(canonicalJson(makeRecord(big.id, bigState())));
      const revised = games.find((g) => g.id.startsWith("rev-") && !g.id.startsWith("rev-race"))!;
      expect((await again.submissions(revised.id, 1)).map((s) => s.revision)).toEqual([1, 2, 1, 3]);
      expect(await again.submit(revised.id, { seat: "red", step: 1, orders: {}, problems: [], source: "after reopen", at: "t" })).toBe(4);
    } finally {
      await again.close();
    }
  });
});

describe("PGlite's ledger of revisions (src/store/sql/ledger.ts)", () => {
  it("numbers revisions from memory, and should anything else add one, counts in SQL instead: no number given twice", async () => {
    const driver = await openPglite(join(root, "ledger"));
    // Two stores on one database: what src/store/open.ts never does, so each one's ledger misses the other's rows.
    const a = await SqlStore.open(driver);
    const b = await SqlStore.open(driver);
    try {
      await a.create(makeRecord("ledger"));
      const sub = (seat: string, source: string) => ({ seat, step: 1, orders: { source }, problems: [], source, at: "t" });
      expect(await a.submit("ledger", sub("red", "a1"))).toBe(1);
      expect(await a.submitters("ledger", 1)).toEqual(["red"]);
      expect(await b.submit("ledger", sub("red", "b1"))).toBe(2);
      // a's ledger still says 1: its number 2 collides on the primary key, and the batch is counted in SQL.
      expect(await a.submit("ledger", sub("red", "a2"))).toBe(3);
      expect(await a.submit("ledger", sub("red", "a3"))).toBe(4);
      const kept = await a.submissions("ledger", 1);
      expect(kept.map((s) => [s.revision, s.source])).toEqual([
        [1, "a1"],
        [2, "b1"],
        [3, "a2"],
        [4, "a3"],
      ]);
      // A stale submission is refused whatever the ledger says.
      await a.commit(
        "ledger",
        {
          step: 1,
          label: "turn 1",
          seed: makeRecord("ledger").seed,
          state: makeRecord("ledger").state,
          orders: {},
          sources: {},
          events: [],
        },
        makeRecord("ledger", { turn: 2 }, 2),
      );
      await expect(a.submit("ledger", sub("red", "late"))).rejects.toMatchObject({ code: "stale-submission" });
      expect(await a.submit("ledger", { ...sub("blue", "next"), step: 2 })).toBe(1);
      expect(await a.submitters("ledger", 2)).toEqual(["blue"]);
    } finally {
      await driver.close();
    }
  });
});
