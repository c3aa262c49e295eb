/**
 * The server on a real PostgreSQL (DATABASE_URL; skipped with how to run it otherwise): a tutorial turn
 * played through the API, and two apps on one database (two `serve` processes behind a load balancer)
 * seeing each other's accounts, sessions and submissions, and running one step once.
 */
import { describe, expect, it } from "vitest";
import { Client, testServer } from "./support.js";

const url = process.env.DATABASE_URL;
const HOW =
  "set DATABASE_URL to run it, or let a throwaway PostgreSQL be started: bash scripts/with-postgres.sh npx vitest run test/server/postgres.test.ts";

if (!url) {
  console.warn(`test/server/postgres.test.ts: the server on PostgreSQL is skipped: no DATABASE_URL; ${HOW}`);
  describe("server on PostgreSQL", () => {
    it.skip(`skipped: no DATABASE_URL; ${HOW}`, () => {});
  });
} else {
  describe("server on PostgreSQL", () => {
    it("two apps on one database share the sign-in limit: 10 tries a name in all, not 10 each", { timeout: 120_000 }, async () => {
      const one = await testServer({}, url);
      const two = await testServer({}, url);
      try {
        const name = `rl-${Math.floor(Math.random() * 1e9).toString(36)}`;
        await new Client(one.app).register(name);
        const a = new Client(one.app);
        const b = new Client(two.app);
        // Both at once, five on each: the row lock of the name's count serialises them.
        const tries = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).signIn(name, `guess number ${i}`)));
        expect(tries.map((r) => r.status)).toEqual(Array(10).fill(401));
        expect((await a.signIn(name)).status).toBe(429);
        const limited = await b.signIn(name);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      } finally {
        await one.close();
        await two.close();
      }
    });

    it("two apps on one database: accounts, sessions, orders and runs are shared; a step runs once", { timeout: 120_000 }, async () => {
      const one = await testServer({}, url);
      const two = await testServer({}, url);
      try {
        const tag = Math.floor(Math.random() * 1e9).toString(36);
        const a = new Client(one.app);
        await a.register(`pa-${tag}`);
        const id = (
          await a.call("POST", "/api/games", {
            // The game master runs the step (no early advance): two runs at once, one wins.
            body: {
              ruleset: "galactic-empires",
              scenario: "tutorial",
              seed: 7,
              seats: { klingon: "me" },
              bots: "normal",
              deadlines: { schedule: { kind: "manual" }, earlyAdvance: false },
            },
          })
        ).body.id;
        // The same cookie works on the other process.
        const a2 = new Client(two.app);
        for (const [k, v] of a.cookies) a2.cookies.set(k, v);
        a2.csrf = a.csrf;
        expect((await a2.call("POST", `/api/games/${id}/start`)).status).toBe(200);
        const k = await a.call("POST", `/api/games/${id}/orders?step=1`, {
          body: { empire: "klingon", orders: [{ type: "hireAdmiral", unit: "G1" }] },
        });
        expect(k.status, k.text).toBe(200);
        expect((await a2.call("GET", `/api/games/${id}`)).body.seats.find((x: { id: string }) => x.id === "klingon").submitted).toBe(true);
        const runs = await Promise.all([a.call("POST", `/api/games/${id}/run`), a2.call("POST", `/api/games/${id}/run`)]);
        const ran = runs.filter((r) => r.status === 200).map((r) => r.body.ran.step);
        for (const r of runs) expect([200, 409], r.text).toContain(r.status);
        expect(new Set(ran).size).toBe(ran.length);
        expect(ran).toContain(1);
        const rep = await a2.call("GET", `/api/games/${id}/seats/klingon/report?step=1`);
        expect(rep.status, rep.text).toBe(200);
        expect(rep.body.text).toContain("Klingon");
      } finally {
        await one.close();
        await two.close();
      }
    });
  });
}
