/**
 * Every route, thrown random ids, query strings, bodies and content types by fast-check, as nobody, with
 * a cookie session (CSRF token sent), and with an API token: never a 500, never a stack trace or a source
 * path in the reply, every refusal a JSON body with a stable code and a message. Plus the rulesets' tools.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type TestServer, testServer } from "./support.js";

const ROOT = join(import.meta.dirname, "..", "..");

let s: TestServer;
let gameId: string;
let owner: Client;
let scripted: Client;
beforeAll(async () => {
  s = await testServer();
  owner = new Client(s.app);
  await owner.register("fuzz-owner");
  const made = await owner.call("POST", "/api/games", {
    body: { ruleset: "galactic-empires", scenario: "tutorial", seed: 9, seats: { klingon: "me" }, bots: "random" },
  });
  gameId = made.body.id;
  await owner.call("POST", `/api/games/${gameId}/start`);
  scripted = new Client(s.app);
  scripted.token = (await owner.call("POST", "/api/tokens", { body: { name: "fuzz" } })).body.token;
}, 120_000);
afterAll(async () => s?.close());

/** The API's routes as OpenAPI lists them: method and path template. */
async function routes(): Promise<[string, string][]> {
  const doc = (await new Client(s.app).call("GET", "/docs/json")).body as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m): [string, string] => [m.toUpperCase(), path]));
}

const weird = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    "__proto__",
    "constructor",
    "toString",
    "..",
    "../../etc/passwd",
    "a".repeat(65),
    "",
    " ",
    "klingon",
    "romulan",
    "0",
    "-1",
    "99999999999999999999",
    "%00",
    "null",
  ),
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,70}$/),
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ text: JSON.stringify(v), type: "application/json" })),
  fc.string({ maxLength: 200 }).map((t) => ({ text: t, type: "application/json" })),
  fc.string({ maxLength: 200 }).map((t) => ({ text: t, type: "application/yaml" })),
  fc.string({ maxLength: 200 }).map((t) => ({ text: t, type: "text/plain" })),
  fc.string({ maxLength: 100 }).map((t) => ({ text: t, type: "application/octet-stream" })),
  fc
    .record(
      {
        name: weird,
        password: fc.string({ maxLength: 30 }),
        ruleset: weird,
        scenario: weird,
        seat: weird,
        holder: fc.jsonValue({ maxDepth: 2 }),
        seed: fc.oneof(fc.integer(), fc.double()),
        // A deadline's new time, or a message's recipients.
        to: fc.oneof(
          weird,
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.constant("all"),
          fc.array(weird, { maxLength: 4 }),
        ),
        steps: fc.oneof(fc.array(fc.integer(), { maxLength: 5 }), fc.jsonValue({ maxDepth: 1 })),
        deadlines: fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          fc.record(
            {
              schedule: fc.oneof(
                fc.constant({ kind: "every", hours: 1 }),
                fc.record({ kind: fc.constant("weekly"), times: fc.constant([{ day: "tue", time: "17:00" }]), timeZone: weird }),
              ),
              graceMinutes: fc.integer(),
              botLevel: weird,
            },
            { requiredKeys: [] },
          ),
        ),
        // Messages and mail play.
        text: fc.oneof(fc.string({ maxLength: 200 }), fc.constant("\u0000\u202e"), fc.constant("x".repeat(4001))),
        replyTo: fc.oneof(fc.integer(), fc.double(), weird),
        from: weird,
        on: fc.oneof(fc.boolean(), weird),
        email: fc.oneof(weird, fc.constant(null), fc.emailAddress()),
      },
      { requiredKeys: [] },
    )
    .map((v) => ({ text: JSON.stringify(v), type: "application/json" })),
  fc.constantFrom(
    { text: "empire: klingon\nturn: 1\norders:\n  - { type: travel, unit: A5, to: 3 }\n", type: "application/yaml" },
    { text: "empire: klingon\nturn: 7\norders: []\n", type: "application/yaml" },
    { text: "{", type: "application/json" },
    { text: "[1,2", type: "application/yaml" },
    { text: "- &a [*a]", type: "application/yaml" },
  ),
);

const query = fc.dictionary(fc.constantFrom("seat", "step", "mine", "runs", "seed", "exact", "format", "x", "turn"), weird, { maxKeys: 3 });

function fill(template: string, params: string[], realGame: boolean): string {
  let i = 0;
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params[i++] ?? "x";
    if (name === "id" && realGame) return gameId;
    return encodeURIComponent(v);
  });
}

describe("every route, random input", () => {
  it("never answers 500 or shows a stack; every refusal is { error, message }", { timeout: 600_000 }, async () => {
    // Signing out would leave the rest of the run anonymous (accounts.test.ts tests it).
    const list = (await routes()).filter(([m, p]) => !(m === "DELETE" && p === "/api/session"));
    expect(list.length).toBeGreaterThan(25);
    const anon = new Client(s.app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...list),
        fc.array(weird, { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        query,
        body,
        fc.constantFrom("anon", "cookie", "token"),
        async ([method, path], params, realGame, q, b, who) => {
          const client = who === "anon" ? anon : who === "cookie" ? owner : scripted;
          const qs = new URLSearchParams(q).toString();
          const url = fill(path, params, realGame) + (qs ? `?${qs}` : "");
          // The live updates answer a stream that does not end: only its headers are read when it opens.
          const stream = path.endsWith("/events");
          const r = await client.call(method as "GET", url, { ...(b ? { body: b.text, type: b.type } : {}), stream });
          if (stream && r.status === 200) expect(String(r.headers["content-type"])).toMatch(/^text\/event-stream/);
          const where = `${method} ${url} (${who}) ${b ? `${b.type}: ${b.text.slice(0, 80)}` : ""} -> ${r.status} ${r.text.slice(0, 300)}`;
          expect(r.status, where).toBeLessThan(500);
          expect(r.text, where).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|\.js:\d+/);
          if (r.status >= 400) {
            expect(typeof r.body?.error, where).toBe("string");
            expect(r.body.error, where).toMatch(/^[a-z][a-z0-9-]*$/);
            expect(typeof r.body.message, where).toBe("string");
            expect(r.body.message.length, where).toBeGreaterThan(10);
          }
        },
      ),
      { numRuns: 400, seed: 42 },
    );
  });
});

describe("the rulesets' tools as endpoints", () => {
  it("lists rulesets with scenarios, bots and tools; runs input tools with query options; refuses clearly", {
    timeout: 120_000,
  }, async () => {
    const c = new Client(s.app);
    const list = await c.call("GET", "/api/rulesets");
    expect(list.body.rulesets.map((r: { id: string }) => r.id)).toEqual(["galactic-empires", "battleshift", "sathar-war", "space-war"]);
    const ge = list.body.rulesets[0];
    expect(ge.tools.map((t: { id: string }) => t.id)).toEqual(["odds", "map", "standings"]);
    const input = readFileSync(join(ROOT, "examples/galactic-empires/battle-patrol-force.json"), "utf8");
    const odds = await c.call("POST", "/api/rulesets/galactic-empires/tools/odds?runs=200&seed=1", {
      body: input,
      type: "application/json",
    });
    expect(odds.status, odds.text).toBe(200);
    expect(odds.body.ok).toBe(true);
    expect(odds.body.text.length).toBeGreaterThan(20);
    const again = await c.call("POST", "/api/rulesets/galactic-empires/tools/odds?runs=200&seed=1", {
      body: input,
      type: "application/json",
    });
    expect(again.body.json).toEqual(odds.body.json);
    expect(
      (await c.call("POST", "/api/rulesets/galactic-empires/tools/odds?runs=0", { body: input, type: "application/json" })).body,
    ).toMatchObject({
      error: "bad-option",
      message: expect.stringMatching(/^runs takes a whole number from 1 to/),
    });
    expect(
      (await c.call("POST", "/api/rulesets/galactic-empires/tools/odds?speed=9", { body: input, type: "application/json" })).body.error,
    ).toBe("unknown-option");
    expect((await c.call("POST", "/api/rulesets/galactic-empires/tools/map", { body: input, type: "application/json" })).body.error).toBe(
      "unknown-tool",
    );
    const refused = await c.call("POST", "/api/rulesets/galactic-empires/tools/odds", { body: { sides: 3 } });
    expect(refused.status).toBe(422);
    expect(refused.body.details.length).toBeGreaterThan(0);
    const fleet = readFileSync(join(ROOT, "examples/battleshift/fleets/terran-home-fleet.yaml"), "utf8");
    const check = await c.call("POST", "/api/rulesets/battleshift/tools/fleet-check?points=200", { body: fleet, type: "application/yaml" });
    expect(check.status, check.text).toBe(200);
  });
});
