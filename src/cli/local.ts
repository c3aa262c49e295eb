/**
 * `starhost serve --local` (what `npm start` runs): a site on this machine with a game ready to play at once.
 * On the first start it makes a local account and two games through the server's own API (so they are ordinary
 * hosted games): the tutorial galaxy of Galactic Empires with you holding the Klingon Empire against bots, and a
 * Battleshift skirmish (two small example fleets) with you holding blue against the red bot. Both run on the
 * game master's word or as soon as you have submitted (early advance), so no deadline passes while the server is
 * off. Later starts find the account and the games (by their fixed ids) and make nothing twice.
 *
 * The account's password is random and kept beside the data, in `local.json`, so that each start can print it:
 * the server listens on 127.0.0.1 by default, and the folder is the player's own.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { parse } from "yaml";
import { PACKAGE_ROOT } from "./common.js";

export interface LocalSite {
  name: string;
  password: string;
  /** The games made for the local account, by id, with their titles. */
  games: { id: string; title: string }[];
  /** Games made on this start (none when they were there already). */
  made: string[];
}

const FILE = "local.json";
const NAME = "player";

interface LocalGame {
  id: string;
  title: string;
  body: () => Record<string, unknown>;
}

const manual = { schedule: { kind: "manual" }, earlyAdvance: true };

/** The two games of a local site, each created only if its id is free. */
const GAMES: LocalGame[] = [
  {
    id: "tutorial",
    title: "Tutorial galaxy",
    body: () => ({
      ruleset: "galactic-empires",
      scenario: "tutorial",
      seats: { klingon: "me" },
      bots: "normal",
      deadlines: manual,
    }),
  },
  {
    id: "skirmish",
    title: "Battleshift skirmish",
    body: () => ({
      ruleset: "battleshift",
      scenario: "default",
      inputs: {
        fleet: ["terran-home-fleet.yaml", "raishek-raiders.yaml"].map((f) =>
          parse(readFileSync(join(PACKAGE_ROOT, "examples", "battleshift", "fleets", f), "utf8")),
        ),
      },
      seats: { blue: "me" },
      bots: "normal",
      deadlines: manual,
    }),
  },
];

/** Make (once) the local account and its games in the app's stores; `dir` keeps local.json. */
export async function ensureLocalSite(app: FastifyInstance, dir: string): Promise<LocalSite> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, FILE);
  let creds: { name: string; password: string };
  let cookie: string;
  let csrf: string;
  if (existsSync(file)) {
    creds = JSON.parse(readFileSync(file, "utf8")) as { name: string; password: string };
    ({ cookie, csrf } = await session(app, "POST", "/api/session", creds));
  } else {
    creds = { name: NAME, password: randomBytes(12).toString("base64url") };
    ({ cookie, csrf } = await session(app, "POST", "/api/accounts", creds));
    writeFileSync(file, `${JSON.stringify(creds, null, 2)}\n`, { mode: 0o600 });
  }
  const headers = { cookie, "x-csrf-token": csrf };
  const made: string[] = [];
  for (const g of GAMES) {
    const there = await app.inject({ method: "GET", url: `/api/games/${g.id}` });
    if (there.statusCode === 200) continue;
    const created = await app.inject({ method: "POST", url: "/api/games", headers, payload: { id: g.id, title: g.title, ...g.body() } });
    if (created.statusCode !== 201) throw new Error(`the local game ${g.id} could not be made: ${created.body}`);
    const started = await app.inject({ method: "POST", url: `/api/games/${g.id}/start`, headers });
    if (started.statusCode !== 200) throw new Error(`the local game ${g.id} could not start: ${started.body}`);
    made.push(g.id);
  }
  // Sign this session out again: the browser signs in with the printed password.
  await app.inject({ method: "DELETE", url: "/api/session", headers });
  return { ...creds, games: GAMES.map((g) => ({ id: g.id, title: g.title })), made };
}

async function session(app: FastifyInstance, method: "POST", url: string, creds: { name: string; password: string }) {
  const r = await app.inject({ method, url, payload: creds });
  if (r.statusCode !== 200 && r.statusCode !== 201)
    throw new Error(
      url === "/api/accounts"
        ? `the local account "${creds.name}" could not be made (${r.json<{ message?: string }>().message ?? r.statusCode}): remove the data folder or sign in as before`
        : `the local account "${creds.name}" no longer signs in with the password kept in ${FILE} (${r.statusCode})`,
    );
  const cookie = r.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { cookie, csrf: r.json<{ csrfToken: string }>().csrfToken };
}

/** What `npm start` prints once the server listens. */
export function localWelcome(address: string, local: LocalSite): string {
  const page = `${address.replace(/\/$/, "")}/`;
  return [
    "",
    `  Open ${page} in your browser and sign in`,
    `    name:     ${local.name}`,
    `    password: ${local.password}`,
    `  Your games${local.made.length ? " (made now)" : ""}:`,
    ...local.games.map((g) => `    ${g.title}: ${page}#/games/${g.id}`),
    "  Stop with Ctrl-C; the games stay in the data folder for the next start.",
    "",
  ].join("\n");
}
