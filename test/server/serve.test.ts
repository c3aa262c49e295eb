/**
 * `starhost serve` as a person runs it: the command listens on a free port with a PGlite folder, the
 * README's "Playing over HTTP" curl commands run against it word for word (but the port), and SIGTERM
 * and SIGINT stop it cleanly (exit 0, the folder reopens).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { starhost } from "../cli/run-cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const work = mkdtempSync(join(tmpdir(), "starhost-serve-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Start `starhost serve --port 0`; resolves with the address it prints. */
function serve(data: string, databaseUrl = ""): Promise<{ child: ChildProcess; base: string; out: () => string }> {
  const child = spawn(process.execPath, [TSX, join(ROOT, "src", "cli", "main.ts"), "serve", "--port", "0", "--data", data], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  let out = "";
  child.stdout!.on("data", (b) => (out += b));
  child.stderr!.on("data", (b) => (out += b));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 90_000);
    child.stdout!.on("data", () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!, out: () => out });
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

/** A README section's shell blocks. */
function readmeBlocks(heading = "## Playing over HTTP"): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const at = readme.indexOf(heading);
  const section = readme.slice(at, readme.indexOf("\n## ", at + 10));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe("starhost serve", () => {
  it("--help names its options", () => {
    const r = starhost(["serve", "--help"]);
    expect(r.code).toBe(0);
    for (const o of [
      "--port",
      "--data",
      "--host",
      "--admin",
      "--secure-cookies",
      "--trust-proxy",
      "DATABASE_URL",
      "--smtp",
      "--smtp-in",
      "--mail-domain",
      "--web",
    ])
      expect(r.stdout).toContain(o);
    const bad = starhost(["serve", "--port", "99999"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--port takes a whole number from 0 to 65535/);
  });

  it("the README's curl commands play a tutorial turn against it; SIGTERM stops it cleanly", { timeout: 240_000 }, async () => {
    const [start, play] = readmeBlocks();
    expect(start).toContain("npm run starhost -- serve --port 8080 --data ./starhost-data");
    const data = join(work, "data");
    const { child, base, out } = await serve(data);
    const port = new URL(base).port;
    // The messages section goes on from the same session; its live stream is cut after 3 seconds (curl's 28).
    const [messages] = readmeBlocks("## Messages, mail play and live updates");
    const live = messages!.replace(/^curl -sN (.*?)\s*(#.*)?$/m, "curl -sN --max-time 3 $1 || [ $? -eq 28 ]");
    expect(live).toContain("--max-time 3");
    const r = spawnSync("bash", ["-euo", "pipefail", "-c", `${play!}\n${live}`.replaceAll("8080", port)], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('"ok":true');
    expect(r.stdout).toMatch(/"seat":"klingon","step":1,"label":"turn 1","revision":1/);
    expect(r.stdout).toMatch(/"seat":"romulan","step":1,"label":"turn 1","revision":1/);
    // Bob's were the last orders awaited: the turn ran at once (early advance).
    expect(r.stdout).toContain('"advanced":{"step":1,"label":"turn 1"}');
    expect(r.stdout).toMatch(/\{"seat":"romulan","step":1,"label":"turn 1","json":/);
    expect(r.stdout).toContain("Results of turn 1 for Romulan Star Empire (romulan)");
    expect(r.stdout).not.toContain('"error"');
    // The messages: the pact and its answer in one thread, the public announcement, the stream's head.
    expect(r.stdout).toMatch(
      /"id":1,"from":"klingon","to":\["romulan"\],"replyTo":null,"thread":1,"text":"A pact against the Federation\?"/,
    );
    expect(r.stdout).toMatch(/"id":2,"from":"romulan","to":\["klingon"\],"replyTo":1,"thread":1,"text":"Agreed\."/);
    expect(r.stdout).toMatch(/"from":"klingon","to":"all",.*"text":"The Klingon Empire wants peace\."/);
    expect(r.stdout).toContain(": live updates of ");
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    expect(out()).toContain("starhost serve: stopped");

    // SIGINT too; the folder reopens with its games.
    const again = await serve(data);
    const games = await (await fetch(`${again.base}/api/games?mine=false`)).json();
    expect(games).toEqual({ games: [] });
    const health = await (await fetch(`${again.base}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, store: "pglite" });
    again.child.kill("SIGINT");
    expect(await exited(again.child)).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "with DATABASE_URL it keeps its data in PostgreSQL, not in --data",
    { timeout: 120_000 },
    async () => {
      const data = join(work, "unused");
      const { child, base, out } = await serve(data, process.env.DATABASE_URL);
      expect(out()).toMatch(/data: postgres /);
      expect(out()).not.toContain("@");
      expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ ok: true, store: "postgres" });
      child.kill("SIGTERM");
      expect(await exited(child)).toBe(0);
    },
  );
});
