/**
 * The store suite on a real PostgreSQL: DATABASE_URL names the database. Without
 * it the suite is skipped; CI runs it through scripts/with-postgres.sh, which
 * starts a throwaway PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/open.js";
import { SqlStore } from "../../src/store/sql/store.js";
import { freshId, makeRecord, storeSuite } from "./store-suite.js";

const url = process.env.DATABASE_URL;
const HOW =
  "set DATABASE_URL to run it: DATABASE_URL=postgres://postgres@127.0.0.1:5432/starhost_test npx vitest run test/store/postgres.test.ts, " +
  "or let a throwaway PostgreSQL be started: bash scripts/with-postgres.sh npx vitest run test/store";

if (!url) {
  console.warn(`test/store/postgres.test.ts: the PostgreSQL store suite is skipped: no DATABASE_URL; ${HOW}`);
  describe("PostgreSQL store", () => {
    it.skip(`skipped: no DATABASE_URL; ${HOW}`, () => {});
  });
} else {
  storeSuite("PostgreSQL store", (options) => openStore(url, options), { sharedBacking: true });

  describe("PostgreSQL database", () => {
    it("is migrated once, even by stores opened at the same time, and says where it is without the password", async () => {
      const stores = await Promise.all([openStore(url), openStore(url), openStore(url)]);
      try {
        // At most one of them migrates (a fresh database); the others wait for it and find the schema current.
        expect(stores.filter((s) => (s as SqlStore).migrated.length > 0).length).toBeLessThanOrEqual(1);
        for (const s of stores) {
          expect(s).toBeInstanceOf(SqlStore);
          expect(s.where).toMatch(/^postgres /);
          expect(s.where).not.toContain("@");
        }
        const id = freshId("shared");
        await stores[0]!.create(makeRecord(id));
        expect((await stores[1]!.load(id))?.id).toBe(id);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });
  });
}
