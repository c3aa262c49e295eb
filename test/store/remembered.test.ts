/**
 * Reads remembered on a database only this process writes (src/store/sql/remembered.ts): what is kept,
 * and that every write of a table forgets what was read of it, on a real PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlDriver } from "../../src/store/sql/driver.js";
import { openPglite } from "../../src/store/sql/pglite.js";
import { classify, type Remembered, rememberReads } from "../../src/store/sql/remembered.js";

describe("which statements are reads", () => {
  it.each([
    ["SELECT a FROM t WHERE id = $1", { read: true, tables: ["t"] }],
    ["SELECT a FROM t JOIN u ON u.id = t.id", { read: true, tables: ["t", "u"] }],
    ["WITH x AS (SELECT 1 FROM t) SELECT * FROM x", { read: true, tables: ["t", "x"] }],
    ["  select a\n  from t", { read: true, tables: ["t"] }],
  ])("%s is a read of its tables", (text, kind) => {
    expect(classify(text)).toEqual(kind);
  });

  it.each([
    ["SELECT step FROM games WHERE id = $1 FOR UPDATE", []],
    ["SELECT pg_notify($1, $2)", []],
    ["SELECT nextval(pg_get_serial_sequence('messages', 'id')) AS id", []],
    ["SELECT a FROM t WHERE at > now()", []],
    ["SELECT a FROM t, u", []],
    ["INSERT INTO submissions (a) SELECT 1 FROM submissions", ["submissions"]],
    ["UPDATE accounts SET x = 1", ["accounts"]],
    ["WITH held AS (SELECT id FROM games FOR UPDATE), kept AS (INSERT INTO steps SELECT 1) UPDATE games SET a = 1", ["games", "steps"]],
    ["DELETE FROM sessions WHERE id = $1", "all"],
    ["CREATE TABLE x (a int)", "all"],
  ])("%s is not kept, and forgets %j", (text, tables) => {
    expect(classify(text)).toEqual({ read: false, tables });
  });
});

describe("reads remembered on PGlite", () => {
  let raw: SqlDriver;
  let db: Remembered;
  beforeAll(async () => {
    raw = await openPglite("memory://");
    db = rememberReads(raw);
    await db.query("CREATE TABLE t (id int PRIMARY KEY, v text, b bytea)");
    await db.query("CREATE TABLE u (id int PRIMARY KEY, v text)");
    await db.query("INSERT INTO t VALUES (1, 'one', NULL), (2, 'two', '\\x0102')");
    await db.query("INSERT INTO u VALUES (1, 'uno')");
    // Making a PGlite database runs initdb in WebAssembly: seconds, more on a busy machine.
  }, 120_000);
  afterAll(() => db.close());

  const read = async (text: string, params?: unknown[]) => {
    const before = { ...db.counts };
    const r = await db.query<Record<string, unknown>>(text, params);
    return { rows: r.rows, fromMemory: db.counts.remembered > before.remembered };
  };

  it("answers the same read from memory until a write of its table", async () => {
    expect((await read("SELECT v FROM t WHERE id = $1", [1])).fromMemory).toBe(false);
    const again = await read("SELECT v FROM t WHERE id = $1", [1]);
    expect(again).toEqual({ rows: [{ v: "one" }], fromMemory: true });
    // Another parameter is another read.
    expect((await read("SELECT v FROM t WHERE id = $1", [3])).fromMemory).toBe(false);
    // A write of another table keeps it.
    await db.query("UPDATE u SET v = 'eins' WHERE id = 1");
    expect((await read("SELECT v FROM t WHERE id = $1", [1])).fromMemory).toBe(true);
    // A write of its table forgets it, and the next read sees the write.
    await db.query("UPDATE t SET v = 'uno' WHERE id = 1");
    expect(await read("SELECT v FROM t WHERE id = $1", [1])).toEqual({ rows: [{ v: "uno" }], fromMemory: false });
  });

  it("never keeps a call of Starhost's own functions (starhost_*, which write), and forgets every read on one", async () => {
    await db.query(
      "CREATE FUNCTION starhost_bump(n int) RETURNS TABLE (w text) LANGUAGE plpgsql AS $$ BEGIN UPDATE u SET v = u.v || '+' WHERE id = n; RETURN QUERY SELECT u.v FROM u WHERE id = n; END $$",
    );
    expect((await read("SELECT v FROM u WHERE id = $1", [1])).fromMemory).toBe(false);
    expect((await read("SELECT v FROM u WHERE id = $1", [1])).fromMemory).toBe(true);
    const first = await read("SELECT w AS v FROM starhost_bump($1)", [1]);
    const second = await read("SELECT w AS v FROM starhost_bump($1)", [1]);
    expect(first.fromMemory || second.fromMemory).toBe(false);
    expect(second.rows[0]!.v).toBe(`${first.rows[0]!.v}+`);
    expect(await read("SELECT v FROM u WHERE id = $1", [1])).toEqual({ rows: second.rows, fromMemory: false });
  });

  it("forgets everything on a DELETE (a foreign key may cascade it)", async () => {
    await read("SELECT v FROM u WHERE id = $1", [1]);
    expect((await read("SELECT v FROM u WHERE id = $1", [1])).fromMemory).toBe(true);
    await db.query("DELETE FROM t WHERE id = 99");
    expect((await read("SELECT v FROM u WHERE id = $1", [1])).fromMemory).toBe(false);
  });

  it("keeps nothing read inside a transaction, and forgets what a transaction wrote, committed or not", async () => {
    await read("SELECT v FROM u WHERE id = $1", [1]);
    await db.transaction(async (tx) => {
      await tx.query("UPDATE u SET v = 'one' WHERE id = 1");
      const inside = await tx.query<{ v: string }>("SELECT v FROM u WHERE id = $1", [1]);
      expect(inside.rows).toEqual([{ v: "one" }]);
    });
    expect(await read("SELECT v FROM u WHERE id = $1", [1])).toEqual({ rows: [{ v: "one" }], fromMemory: false });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE u SET v = 'never' WHERE id = 1");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await read("SELECT v FROM u WHERE id = $1", [1])).toEqual({ rows: [{ v: "one" }], fromMemory: false });
  });

  it("does not keep a read that a write overtook while it ran", async () => {
    await db.query("UPDATE u SET v = 'a' WHERE id = 1");
    // Both sent at once: PGlite runs them in turn, the read first; the write moves the table on meanwhile.
    const [r] = await Promise.all([
      db.query<{ v: string }>("SELECT v FROM u WHERE id = $1", [1]),
      db.query("UPDATE u SET v = 'b' WHERE id = 1"),
    ]);
    expect(r.rows).toEqual([{ v: "a" }]);
    expect(await read("SELECT v FROM u WHERE id = $1", [1])).toEqual({ rows: [{ v: "b" }], fromMemory: false });
  });

  it("hands out frozen rows, and never keeps binary answers or a read of no table", async () => {
    await read("SELECT id, v FROM t ORDER BY id");
    const kept = await read("SELECT id, v FROM t ORDER BY id");
    expect(kept.fromMemory).toBe(true);
    expect(Object.isFrozen(kept.rows[0])).toBe(true);
    expect(() => {
      (kept.rows[0] as { v: string }).v = "changed";
    }).toThrow(TypeError);
    await read("SELECT b FROM t WHERE id = 2");
    expect((await read("SELECT b FROM t WHERE id = 2")).fromMemory).toBe(false);
    await read("SELECT 1 AS one");
    expect((await read("SELECT 1 AS one")).fromMemory).toBe(false);
  });

  it("tells its own listeners without a statement", async () => {
    const heard: string[] = [];
    const stop = await db.listen("c", (p) => heard.push(p));
    await db.notify("c", "hello");
    await db.notify("other", "not for c");
    await new Promise((r) => setImmediate(r));
    expect(heard).toEqual(["hello"]);
    await stop();
    await db.notify("c", "after");
    await new Promise((r) => setImmediate(r));
    expect(heard).toEqual(["hello"]);
  });
});
