/**
 * Issue 10, the server's budget: order submissions over loopback (autocannon) to
 * `starhost serve` as built (bin/starhost.js), each answered with the check.
 * Budget: at least 1,000 a second with p99 at most 50 ms, on one `serve` on
 * PGlite, and on PostgreSQL with two `serve` processes (when DATABASE_URL is set:
 * `bash scripts/with-postgres.sh npx tsx bench/run.ts server`). Each is also given
 * as a ratio to bare Fastify answering a constant, measured in the same run on the
 * same machine (shared and noisy: the ratio is the steadier figure).
 *
 * The servers run in their own processes and autocannon in this one, so on a
 * 2-core machine the load generator takes one core and the server the other.
 * The orders are the tutorial's Klingon sample (examples/tutorial/orders), as JSON;
 * every submission is kept as a revision and checked.
 *
 *   npx tsx bench/run.ts server        (SECONDS=5 for a quicker look; WARMUP_SECONDS=0 to measure from cold)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { parse as parseYaml } from "yaml";

type Figure = { name: string; value: number; unit: string; budget?: number };

const ROOT = join(import.meta.dirname, "..");
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
/**
 * Each target is first loaded this long, unmeasured, as a server that has run a while is: the JIT has compiled the
 * hot paths and each database connection has prepared its statements (the first seconds of a fresh `serve` on
 * PostgreSQL are about half as fast).
 */
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 3);

interface Started {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** A process that prints "listening on http://127.0.0.1:PORT". */
function start(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  // DATABASE_URL only where asked for: `serve` with it would use PostgreSQL, whatever --data says.
  const { DATABASE_URL: _, ...rest } = process.env;
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...rest, ...env } });
  let out = "";
  child.stdout?.on("data", (b) => (out += b));
  child.stderr?.on("data", (b) => (out += b));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start: ${out}`)), 120_000);
    child.stdout?.on("data", () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        child,
        base: m[1] as string,
        stop: () =>
          new Promise<void>((done) => {
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

const CONSTANT = `
import Fastify from "fastify";
const app = Fastify();
app.get("/", async () => ({ ok: true }));
app.post("/", async () => ({ ok: true }));
await app.listen({ port: 0, host: "127.0.0.1" });
console.log("listening on http://127.0.0.1:" + app.server.address().port);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
`;

function serveArgs(data: string): string[] {
  return [join(ROOT, "bin", "starhost.js"), "serve", "--port", "0", "--data", data];
}

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const r = await fetch(base + path, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, json: await r.json().catch(() => undefined) };
}

/** An account with a token, a started tutorial game; the token and the Klingon seat's orders address. */
async function setUp(base: string, tag: string): Promise<{ token: string; orders: string }> {
  const token = async (name: string) => {
    await call(base, "POST", "/api/accounts", { name, password: "correct horse battery" });
    const t = await call(base, "POST", "/api/tokens", { name: "bench", account: name, password: "correct horse battery" });
    return (t.json as { token: string }).token;
  };
  const a = await token(`alice${tag}`);
  const g = await call(
    base,
    "POST",
    "/api/games",
    // Two seats held by people (the same account, for the bench) and the rest bots: the Romulan never submits,
    // so the turn waits for it and every Klingon submission is checked, kept and weighed for early advance.
    { ruleset: "galactic-empires", scenario: "tutorial", seed: 7, seats: { klingon: "me", romulan: "me" }, bots: "normal" },
    a,
  );
  const game = (g.json as { id: string }).id;
  const s = await call(base, "POST", `/api/games/${game}/start`, undefined, a);
  if (s.status !== 200) throw new Error(`start: ${s.status} ${JSON.stringify(s.json)}`);
  return { token: a, orders: `/api/games/${game}/orders?seat=klingon` };
}

interface Load {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function hammer(
  url: string,
  method: "GET" | "POST",
  body?: string,
  token?: string,
  connections = CONNECTIONS,
  duration = SECONDS,
): Promise<Load> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    autocannon({ url, method, body, headers, connections, duration }, (err, r) => {
      if (err) reject(err);
      else resolve({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

/** Several targets at once (two serve processes), the connections shared: rates add up, the worse p99 counts. */
async function hammerAll(urls: string[], method: "GET" | "POST", body?: string, token?: string): Promise<Load> {
  const each = Math.max(1, Math.round(CONNECTIONS / urls.length));
  if (WARMUP_SECONDS > 0) await Promise.all(urls.map((u) => hammer(u, method, body, token, each, WARMUP_SECONDS)));
  const loads = await Promise.all(urls.map((u) => hammer(u, method, body, token, each)));
  return {
    rps: loads.reduce((a, l) => a + l.rps, 0),
    p99: Math.max(...loads.map((l) => l.p99)),
    non2xx: loads.reduce((a, l) => a + l.non2xx, 0),
    errors: loads.reduce((a, l) => a + l.errors, 0),
  };
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const orders = JSON.stringify(parseYaml(readFileSync(join(ROOT, "examples", "tutorial", "orders", "klingon.yaml"), "utf8")));
  const constant = await start(["--input-type=module", "-e", CONSTANT]);
  const bare = await hammerAll([`${constant.base}/`], "POST", "{}");
  await constant.stop();
  console.log(`  bare Fastify, a constant: ${bare.rps.toFixed(0)} requests/s, p99 ${bare.p99} ms`);
  figures.push({ name: "bare Fastify answering a constant (requests/s)", value: bare.rps, unit: "/s" });

  const work = mkdtempSync(join(tmpdir(), "starhost-server-bench-"));
  try {
    const one = await start(serveArgs(join(work, "pglite")));
    try {
      const { token, orders: path } = await setUp(one.base, "");
      const r = await hammerAll([`${one.base}${path}`], "POST", orders, token);
      console.log(`  serve on PGlite: ${r.rps.toFixed(0)} submissions/s, p99 ${r.p99} ms, ${r.non2xx} not 2xx, ${r.errors} errors`);
      if (r.non2xx > 0 || r.errors > 0) console.log("  (some submissions failed: the figures are not valid)");
      figures.push(
        { name: "order submissions/s, one serve on PGlite", value: r.rps, unit: "/s" },
        { name: "  as a share of bare Fastify's rate", value: r.rps / bare.rps, unit: "x" },
        { name: "order submissions p99, one serve on PGlite", value: r.p99, unit: "ms", budget: 50 },
        // "At least 1,000 a second", as a figure that must stay under its budget.
        { name: "  seconds per 1,000 submissions, one serve on PGlite", value: 1000 / r.rps, unit: "s", budget: 1 },
      );
    } finally {
      await one.stop();
    }
    const url = process.env.DATABASE_URL;
    if (!url) {
      console.log(
        "  PostgreSQL with two serve processes: skipped (no DATABASE_URL; bash scripts/with-postgres.sh npx tsx bench/run.ts server)",
      );
    } else {
      const a = await start(serveArgs(join(work, "unused-a")), { DATABASE_URL: url });
      const b = await start(serveArgs(join(work, "unused-b")), { DATABASE_URL: url });
      try {
        const { token, orders: path } = await setUp(a.base, `-${Date.now().toString(36)}`);
        const r = await hammerAll([`${a.base}${path}`, `${b.base}${path}`], "POST", orders, token);
        console.log(
          `  two serve on PostgreSQL: ${r.rps.toFixed(0)} submissions/s, p99 ${r.p99} ms, ${r.non2xx} not 2xx, ${r.errors} errors`,
        );
        figures.push(
          { name: "order submissions/s, two serve on PostgreSQL", value: r.rps, unit: "/s" },
          { name: "  as a share of bare Fastify's rate", value: r.rps / bare.rps, unit: "x" },
          { name: "order submissions p99, two serve on PostgreSQL", value: r.p99, unit: "ms", budget: 50 },
          { name: "  seconds per 1,000 submissions, two serve on PostgreSQL", value: 1000 / r.rps, unit: "s", budget: 1 },
        );
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return figures;
}
