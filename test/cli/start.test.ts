/**
 * `npm start` (`starhost serve --local`): the README's first command. Started on a fresh data folder and a free
 * port, it prints the address to open and a local account's name and password; the address serves the web client,
 * the account signs in and holds a seat in both ready games (the tutorial galaxy and a Battleshift skirmish, each
 * against bots, both started), and a second start on the same folder finds them again and makes nothing twice.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const work = mkdtempSync(join(tmpdir(), "starhost-start-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  base: string;
  name: string;
  password: string;
  out: () => string;
}

/** `starhost serve --local` on a free port, as npm start runs it (but the port and the folder). */
function start(data: string): Promise<Started> {
  const child = spawn(process.execPath, [TSX, join(ROOT, "src", "cli", "main.ts"), "serve", "--local", "--port", "0", "--data", data], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "" },
  });
  let out = "";
  child.stdout!.on("data", (b) => (out += b));
  child.stderr!.on("data", (b) => (out += b));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve --local did not start: ${out}`)), 120_000);
    child.stdout!.on("data", () => {
      const m = /Open (http:\/\/127\.0\.0\.1:\d+)\/ in your browser[\s\S]*name: +(\S+)\n +password: +(\S+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1]!, name: m[2]!, password: m[3]!, out: () => out });
      }
    });
    child.on("exit", (code) => reject(new Error(`serve --local exited ${code}: ${out}`)));
  });
}

async function stop(child: ChildProcess): Promise<number | null> {
  const done = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return done;
}

/** The local account's games, signed in with the printed password. */
async function myGames(s: Started): Promise<{ id: string; ruleset: string; started: boolean; you: { seats: string[] } }[]> {
  const signIn = await fetch(`${s.base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: s.name, password: s.password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const r = await fetch(`${s.base}/api/games?mine=true`, { headers: { cookie } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { games: never[] }).games;
}

describe("npm start: starhost serve --local", () => {
  it("package.json's start script is serve --local, and the all-bot demo is one script away", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/ serve --local /);
    expect(pkg.scripts.demo).toMatch(/ demo /);
  });

  it("prints the address and a local account; the page, the health and both games are there; a second start duplicates nothing", {
    timeout: 240_000,
  }, async () => {
    const data = join(work, "data");
    const first = await start(data);
    try {
      expect(first.out()).toContain("Your games (made now)");
      expect(first.out()).toContain(`${first.base}/#/games/tutorial`);
      const page = await fetch(`${first.base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="root"/);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
      const games = await myGames(first);
      expect(games.map((g) => g.id).sort()).toEqual(["skirmish", "tutorial"]);
      expect(games.every((g) => g.started)).toBe(true);
      expect(games.find((g) => g.id === "tutorial")!.you.seats).toEqual(["klingon"]);
      expect(games.find((g) => g.id === "skirmish")!.ruleset).toBe("battleshift");
    } finally {
      expect(await stop(first.child)).toBe(0);
    }

    const second = await start(data);
    try {
      expect(second.password).toBe(first.password);
      expect(second.out()).not.toContain("made now");
      expect((await myGames(second)).map((g) => g.id).sort()).toEqual(["skirmish", "tutorial"]);
      // Nobody else's lobby grew either: the games are started, so none is open to join.
      const lobby = (await (await fetch(`${second.base}/api/games`)).json()) as { games: unknown[] };
      expect(lobby.games).toEqual([]);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  });
});
