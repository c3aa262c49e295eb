/**
 * The site store suite on a real PostgreSQL: DATABASE_URL names the database. Without it the suite is
 * skipped with the way to run it; CI runs it through scripts/with-postgres.sh.
 */
import { describe, expect, it } from "vitest";
import { openSite } from "../../src/store/open.js";
import { openPostgres } from "../../src/store/sql/postgres.js";
import { siteSuite } from "./site-suite.js";

const url = process.env.DATABASE_URL;
const HOW =
  "set DATABASE_URL to run it (DATABASE_URL=postgres://postgres@127.0.0.1:5432/starhost_test npx vitest run test/store/site-postgres.test.ts), " +
  "or let a throwaway PostgreSQL be started: bash scripts/with-postgres.sh npx vitest run test/store";

if (!url) {
  console.warn(`test/store/site-postgres.test.ts: the PostgreSQL site store suite is skipped: no DATABASE_URL; ${HOW}`);
  describe("PostgreSQL site store", () => {
    it.skip(`skipped: no DATABASE_URL; ${HOW}`, () => {});
  });
} else {
  siteSuite("PostgreSQL site store", () => openSite(url));

  describe("PostgreSQL's notifications (src/store/sql/postgres.ts)", () => {
    it("sends those asked for together in one statement, in order, and identical ones each (not merged as one)", async () => {
      const db = await openPostgres(url);
      try {
        const heard: string[] = [];
        const stop = await db.listen("starhost_test_order", (p) => heard.push(p));
        const sent = ["a", "a", "b", "a", "c", "c"];
        await Promise.all(sent.map((p) => db.notify("starhost_test_order", p)));
        await db.notify("starhost_test_order", "last");
        for (let i = 0; i < 100 && heard.length < sent.length + 1; i++) await new Promise((r) => setTimeout(r, 20));
        expect(heard).toEqual([...sent, "last"]);
        await stop();
      } finally {
        await db.close();
      }
    });
  });
}
