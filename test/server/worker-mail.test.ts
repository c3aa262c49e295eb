/**
 * `starhost worker` mails as `serve` does (issue 10): with --smtp and --mail-domain, a step the worker runs
 * mails its results to the seats played by mail, and a reminder its tick claims goes by mail too, through the
 * app's own follow-up (src/server/follow-up.ts). The worker is the real command, run as its own process against
 * PostgreSQL and a test SMTP mailbox on loopback. Two runners on two connections looking at once send each
 * reminder once. Needs PostgreSQL (skipped without DATABASE_URL:
 * bash scripts/with-postgres.sh npx vitest run test/server/worker-mail.test.ts); --help and the refusals do not.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_DEADLINES, type DeadlineSettings } from "../../src/host/deadlines.js";
import { createGame } from "../../src/host/games.js";
import { rulesetById } from "../../src/host/registry.js";
import { runDue, type SeatNotice } from "../../src/server/deadlines.js";
import { newSeatSecret } from "../../src/server/mail/addresses.js";
import { openSite } from "../../src/store/open.js";
import type { SiteStore } from "../../src/store/site.js";
import type { Store } from "../../src/store/store.js";
import { starhost } from "../cli/run-cli.js";
import { mailbox } from "./mailbox.js";

const url = process.env.DATABASE_URL;
const HOW = "bash scripts/with-postgres.sh npx vitest run test/server/worker-mail.test.ts";
const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const DOMAIN = "starhost.test";
const MIN = 60_000;
const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
const ge = rulesetById("galactic-empires");
const iso = (ms: number) => new Date(ms).toISOString();

describe("starhost worker's mail options", () => {
  it("--help names them; --smtp without --mail-domain, or not an SMTP URL, is refused", () => {
    const help = starhost(["worker", "--help"]);
    expect(help.code).toBe(0);
    for (const o of ["--smtp", "--mail-domain", "--mail-from", "reminders"]) expect(help.stdout).toContain(o);
    const env = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = env.DATABASE_URL;
    try {
      const noDomain = starhost(["worker", "--smtp", "smtp://127.0.0.1:25"]);
      expect(noDomain.code).toBe(2);
      expect(noDomain.stderr).toContain("--smtp needs --mail-domain");
      const notSmtp = starhost(["worker", "--smtp", "http://relay", "--mail-domain", DOMAIN]);
      expect(notSmtp.code).toBe(2);
      expect(notSmtp.stderr).toContain('--smtp is an smtp:// or smtps:// URL, not "http://relay"');
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});

/** A hosted, started tutorial game: the Klingons held by `account` (played by mail), bots the rest; its clock as given. */
async function mailGame(
  games: Store,
  site: SiteStore,
  id: string,
  account: string,
  clock: { opened: number; deadline: number },
  deadlines: DeadlineSettings,
): Promise<void> {
  const record = await createGame(games, { id, ruleset: ge, scenario: "tutorial", inputs: {}, seed: 3 });
  const seats = ge.describe(record.state).seats.map((s) => s.id);
  await site.hostGame({
    gameId: id,
    title: `game ${id}`,
    creatorId: account,
    gameMasters: [],
    spectators: "none",
    createdAt: iso(clock.opened),
    startedAt: null,
    seats: seats.map((seat) => ({
      seat,
      holder: seat === "klingon" ? { kind: "account", accountId: account } : { kind: "bot", level: "passive" },
    })),
    deadlines,
  });
  await site.setSeatMail(id, "klingon", true, newSeatSecret());
  await site.startGame(id, iso(clock.opened), { step: 1, opened: iso(clock.opened), deadline: iso(clock.deadline), pausedAt: null });
}

if (!url) {
  console.warn(`test/server/worker-mail.test.ts: the worker on PostgreSQL is skipped: no DATABASE_URL; ${HOW}`);
  describe("starhost worker on PostgreSQL", () => {
    it.skip(`skipped: no DATABASE_URL; ${HOW}`, () => {});
  });
} else {
  describe("starhost worker on PostgreSQL", () => {
    const opened: { games: Store }[] = [];
    afterAll(async () => {
      for (const o of opened) await o.games.close();
    });

    async function account(site: SiteStore, name: string, email: string): Promise<string> {
      const id = `acc-${name}-${tag}`;
      await site.createAccount({ id, name: `${name}${tag}`.slice(0, 32), passwordHash: "x", admin: false, createdAt: iso(Date.now()) });
      await site.setEmail(id, email);
      return id;
    }

    it("two runners on two connections looking at once send each reminder once", { timeout: 60_000 }, async () => {
      const a = await openSite(url);
      const b = await openSite(url);
      opened.push(a, b);
      const worf = await account(a.site, "rworf", "worf@klingon.example");
      const now = Date.now();
      const ids = Array.from({ length: 5 }, (_, i) => `race${tag}-${i}`);
      for (const id of ids)
        await mailGame(
          a.games,
          a.site,
          id,
          worf,
          { opened: now - 2 * 60 * MIN, deadline: now + 30 * MIN },
          {
            ...DEFAULT_DEADLINES,
            remindHoursBefore: [1],
          },
        );
      const sent: SeatNotice[] = [];
      const remind = async (n: SeatNotice) => void sent.push(n);
      const looks = [a, b, a, b].map((x) => runDue({ games: x.games, site: x.site, remind }, now));
      const reports = await Promise.all(looks);
      const mine = (n: SeatNotice) => ids.includes(n.gameId);
      expect(
        sent
          .filter(mine)
          .map((n) => n.gameId)
          .sort(),
      ).toEqual(ids);
      expect(reports.flatMap((r) => r.reminded).filter(mine).length).toBe(ids.length);
      expect(reports.flatMap((r) => r.failed)).toEqual([]);
    });

    it("mails the results of the steps it runs and the reminders it claims, over real SMTP", { timeout: 120_000 }, async () => {
      const box = await mailbox();
      const { games, site } = await openSite(url);
      opened.push({ games });
      let child: ChildProcess | null = null;
      try {
        const worf = await account(site, "wworf", "worf@klingon.example");
        const now = Date.now();
        const ran = `wran${tag}`;
        const reminded = `wrem${tag}`;
        // One game whose deadline has passed (the worker runs it), one an hour and a half before its deadline
        // with a reminder two hours before it (the worker's tick reminds).
        await mailGame(games, site, ran, worf, { opened: now - 60 * MIN, deadline: now - MIN }, DEFAULT_DEADLINES);
        await mailGame(
          games,
          site,
          reminded,
          worf,
          { opened: now - 60 * MIN, deadline: now + 90 * MIN },
          {
            ...DEFAULT_DEADLINES,
            remindHoursBefore: [2],
          },
        );
        const args = [
          "worker",
          "--tick",
          "1",
          "--poll",
          "1",
          "--smtp",
          `smtp://127.0.0.1:${box.port}?ignoreTLS=true`,
          "--mail-domain",
          DOMAIN,
        ];
        child = spawn(process.execPath, [TSX, join(ROOT, "src", "cli", "main.ts"), ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url },
        });
        let out = "";
        child.stdout!.on("data", (b) => (out += b));
        child.stderr!.on("data", (b) => (out += b));
        const got: { to: string[]; subject: string; text: string; replyTo: string | undefined; json: unknown }[] = [];
        const deadline = Date.now() + 90_000;
        // Read off the mailbox as it fills (its `next` would hand a mail to a waiter given up on at a timeout).
        while (box.received.length < 2) {
          if (Date.now() > deadline) throw new Error(`the worker mailed ${box.received.length} of 2 within 90 s; its output:\n${out}`);
          await new Promise((r) => setTimeout(r, 250));
        }
        for (const r of box.received.splice(0)) {
          const m = await simpleParser(r.raw);
          const json = m.attachments[0] ? JSON.parse(m.attachments[0].content.toString("utf8")) : null;
          got.push({ to: r.to, subject: m.subject ?? "", text: m.text ?? "", replyTo: m.replyTo?.value[0]?.address, json });
        }
        const results = got.find((m) => m.subject.startsWith(`${ran}:`));
        const reminder = got.find((m) => m.subject.startsWith(`${reminded}:`));
        expect(results, JSON.stringify(got)).toBeDefined();
        expect(results!.to).toEqual(["worf@klingon.example"]);
        expect(results!.subject).toBe(`${ran}: results of turn 1 for klingon`);
        expect(results!.replyTo).toMatch(new RegExp(`^orders\\+${ran}\\.klingon\\.[A-Za-z0-9_-]+@${DOMAIN}$`));
        // The same results the app mails: the seat's own report of the step.
        const report = ge.report((await games.load(ran))!.state, "klingon", (await games.history(ran, 1))!.events);
        expect(results!.json).toEqual(JSON.parse(JSON.stringify(report.json)));
        expect(reminder, JSON.stringify(got)).toBeDefined();
        expect(reminder!.to).toEqual(["worf@klingon.example"]);
        // Sent a moment after the worker started: the deadline is a little less than 90 minutes away.
        expect(reminder!.subject).toMatch(new RegExp(`^${reminded}: reminder, turn 1 is due in 1 hour \\d+ minutes? \\(klingon\\)$`));
        expect(reminder!.text).toContain(`game ${reminded} (${reminded}), seat klingon`);
        expect(out).toContain(`starhost worker: ${ran} ran step 1 (turn 1)`);
        expect((await games.load(ran))!.step).toBe(2);
        // Once: no second reminder or results come while the worker keeps looking.
        await new Promise((r) => setTimeout(r, 3000));
        expect(box.received.filter((r) => r.raw.toString("utf8").includes(tag))).toEqual([]);
        child.kill("SIGTERM");
        const code = await new Promise<number | null>((res) => child!.on("exit", (c) => res(c)));
        expect(code, out).toBe(0);
        expect(out).toContain("starhost worker: stopped");
      } finally {
        if (child && child.exitCode === null) child.kill("SIGKILL");
        await box.close();
      }
    });
  });
}
