/**
 * The site store suite on a real PostgreSQL: DATABASE_URL names the database. Without it the suite is
 * skipped with the way to run it; CI runs it through scripts/with-postgres.sh.
 */
import { describe, it } from "vitest";
import { openSite } from "../../src/store/open.js";
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
}
