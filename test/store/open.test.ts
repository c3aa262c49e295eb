import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory.js";
import { openStore } from "../../src/store/open.js";
import { describeUrl } from "../../src/store/sql/postgres.js";
import { codeOf, makeRecord } from "./store-suite.js";

describe("openStore", () => {
  it('opens "memory"', async () => {
    const s = await openStore("memory");
    expect(s).toBeInstanceOf(MemoryStore);
    expect(s.where).toBe("memory");
    await s.close();
  });

  it("refuses what it does not know, saying what it takes", async () => {
    for (const spec of ["", "   ", "mysql://root@localhost/db", "https://example.com/x", "pglite:"])
      expect(await codeOf(openStore(spec))).toBe("bad-spec");
  });

  it("names a PostgreSQL database without its user or password", () => {
    expect(describeUrl("postgres://admin:s3cret@db.example.com:5433/starhost?sslmode=require")).toBe("db.example.com:5433/starhost");
  });

  it("refuses use after close", async () => {
    const s = await openStore("memory");
    await s.create(makeRecord("g1"));
    await s.close();
    expect(await codeOf(s.load("g1"))).toBe("closed");
    expect(await codeOf(s.create(makeRecord("g2")))).toBe("closed");
  });
});
