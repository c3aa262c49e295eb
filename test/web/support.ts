/**
 * What every browser test of the web client shares (play, map, battleshift-table): a fresh build of src/web
 * in a folder of the test's own (never a stale client), a real `starhost serve` on a PGlite folder serving it
 * (its due-step ticker out of the way, --tick 3600: each test says when steps run), Debian's Chromium driven by
 * playwright-core (never a downloaded browser), and the review of a page: a screenshot kept in
 * test/web/screenshots/ and axe-core finding no serious or critical violation.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

export const ROOT = join(import.meta.dirname, "..", "..");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const VITE = join(ROOT, "node_modules", "vite", "bin", "vite.js");
export const CHROMIUM = "/usr/bin/chromium";
export const SHOTS = join(import.meta.dirname, "screenshots");
const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");

// CI installs Chromium (.ci/run); a developer without it is told so rather than failed, but CI never skips.
export const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);

export interface WebSession {
  /** The server's address; "" without Chromium (the client is built, nothing runs). */
  base: string;
  browser: Browser | undefined;
  /** The client's build, as served. */
  web: string;
  /** The server's output so far, for messages. */
  out(): string;
  close(): Promise<void>;
}

/** `starhost serve` on a free port; resolves with its address. */
function startServe(data: string, web: string, log: { out: string }): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(
    process.execPath,
    [TSX, join(ROOT, "src", "cli", "main.ts"), "serve", "--port", "0", "--data", data, "--web", web, "--tick", "3600"],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: "" } },
  );
  child.stdout!.on("data", (b) => (log.out += b));
  child.stderr!.on("data", (b) => (log.out += b));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${log.out}`)), 120_000);
    child.stdout!.on("data", () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log.out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${log.out}`)));
  });
  return { child, ready };
}

/** Build the client, start serve and Chromium; `tag` names the work folder. */
export async function startWeb(tag: string): Promise<WebSession> {
  const work = mkdtempSync(join(tmpdir(), `starhost-${tag}-`));
  const web = join(work, "web");
  const log = { out: "" };
  let child: ChildProcess | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const done = new Promise((r) => child!.on("exit", r));
      child.kill("SIGTERM");
      await done;
    }
    rmSync(work, { recursive: true, force: true });
  };
  const built = spawnSync(
    process.execPath,
    [VITE, "build", "--config", "scripts/vite.web.config.ts", "--outDir", web, "--logLevel", "warn"],
    { cwd: ROOT, encoding: "utf8" },
  );
  if (built.status !== 0) throw new Error(`the web build failed: ${built.stdout}${built.stderr}`);
  if (!haveChromium) return { base: "", browser: undefined, web, out: () => log.out, close };
  const served = startServe(join(work, "data"), web, log);
  child = served.child;
  const base = await served.ready;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  mkdirSync(SHOTS, { recursive: true });
  return { base, browser, web, out: () => log.out, close };
}

/** Keep a screenshot of the page as SHOTS/`file`.png and check it with axe-core: no serious or critical violation. */
export async function review(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${file}.png`), fullPage: true });
  await page.evaluate(AXE);
  // A string, run in the page (where axe now is), so that the tests need no DOM types.
  const found = (await page.evaluate(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, at: v.nodes.map((n) => n.target.join(" ")) })))`,
  )) as { id: string; impact: string; help: string; at: string[] }[];
  const violations = found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.at.join(", ")}`);
  expect(violations, `axe on ${file}`).toEqual([]);
}

/** A new page in `context` where `name` makes an account on the server at `base` and lands in the lobby signed in. */
export async function signUpAt(
  base: string,
  context: BrowserContext,
  name: string,
  password: string,
  wait: { timeout?: number } = {},
): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (e) => {
    throw e;
  });
  await page.goto(base);
  await expect.poll(() => page.getByRole("heading", { name: "New account" }).count(), wait).toBe(1);
  const form = page.getByRole("region", { name: "New account" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: "Lobby" }).waitFor();
  await page.getByText(`Signed in as ${name}`).waitFor();
  return page;
}

/**
 * Where the Galactic Empires map draws a sector's middle, in the window's pixels: the map is painted on a canvas,
 * so a test finds a sector by the centres its overlay lists (`data-sector-centres`, "id x y" in the overlay's own
 * units), placed on the screen as the overlay is (its viewBox, the pan and zoom). Null where the map has no such
 * sector.
 */
export async function mapSectorPoint(page: Page, id: number): Promise<{ x: number; y: number } | null> {
  return (await page.evaluate(`(() => {
    const svg = document.querySelector(".ge-map-frame svg.map-picture");
    const entry = (svg?.dataset.sectorCentres ?? "").split(",").map((e) => e.split(" ").map(Number)).find((e) => e[0] === ${id});
    const m = svg?.getScreenCTM();
    if (!entry || !m) return null;
    const p = new DOMPoint(entry[1], entry[2]).matrixTransform(m);
    return { x: p.x, y: p.y };
  })()`)) as { x: number; y: number } | null;
}

/** How long a browser test waits for the page to show what it should. */
export const WAIT = { timeout: 60_000 };

/**
 * One server and browser for a test file: started before its tests (startWeb), closed after them. The session is read
 * through the getter, since it exists only once the tests run.
 */
export function webSessionFor(tag: string): () => WebSession {
  let session: WebSession | undefined;
  beforeAll(async () => {
    session = await startWeb(tag);
  }, 240_000);
  afterAll(async () => session?.close());
  return () => {
    if (!session) throw new Error("the web session has not started");
    return session;
  };
}

/** `review` with the screenshots numbered in the order taken: `prefix-01-name`, `prefix-02-name`, ... */
export function numberedReview(prefix: string): (page: Page, name: string) => Promise<void> {
  let shot = 0;
  return (page, name) => review(page, `${prefix}-${String(++shot).padStart(2, "0")}-${name}`);
}

/**
 * A seat played from sign-up: a page at a laptop's size where `user` has an account, handed to `play`; if it fails,
 * the error says what the page's `shown` part said then (the first `chars` characters).
 */
export async function playAs(
  web: WebSession,
  user: string,
  play: (page: Page) => Promise<void>,
  shown: string,
  chars = 3000,
): Promise<void> {
  const ctx = await web.browser!.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await signUpAt(web.base, ctx, user, "a long enough password", WAIT);
  try {
    await play(page);
  } catch (e) {
    await page.screenshot({ path: join(tmpdir(), `starhost-${user}-failed.png`), fullPage: true }).catch(() => undefined);
    const said = await page
      .locator(shown)
      .innerText()
      .catch(() => "");
    throw new Error(
      `${String(e)} ${JSON.stringify((e as { actual?: unknown }).actual ?? "")}\n--- the page said:\n${said.slice(0, chars)}`,
    );
  }
  await ctx.close();
}

/** From the lobby: a game of `ruleset` with bots on every seat, `seat` opened and joined by the page's user, started. */
export async function startGameAs(page: Page, game: { ruleset: string; title: string; seed: number; seat: string }): Promise<void> {
  await page.getByLabel("Ruleset").selectOption(game.ruleset);
  await page.getByLabel("Title (optional)").fill(game.title);
  await page.getByLabel("Every seat to start with").selectOption("normal");
  await page.getByLabel("Seed (optional: the same seed, the same dice)").fill(String(game.seed));
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("heading", { name: game.title }).waitFor();
  await page.getByLabel(`Who plays ${game.seat}`, { exact: true }).selectOption("open");
  await page.getByRole("button", { name: `Join as ${game.seat}`, exact: true }).click();
  await page.getByRole("button", { name: "Start the game" }).click();
}

/** What a browser test does again and again with a ruleset's seat view, by the view's own heading and draft panel. */
export interface SeatDriver {
  /** The view's heading, which names the step the seat's view is at. */
  heading(page: Page): Locator;
  /** Wait until the check of the draft as it now is says every order will succeed. */
  allGood(page: Page): Promise<void>;
  /**
   * Until a step awaits the page's seat (its orders can be submitted and `ours` says the heading is its step): a step
   * that `botsStep` says is the bots' alone is run by the game master's button (the tests' servers tick once an hour).
   * Returns the heading then (or when `over` says the game has ended).
   */
  untilOurs(page: Page): Promise<string>;
  /** "Submit orders", then wait until the heading says the game has moved on from `from`. */
  submitAndWait(page: Page, from: string): Promise<void>;
}

export function seatDriver(view: {
  /** The heading's selector. */
  heading: string;
  /** The draft panel's selector (shell/DraftPanel.tsx). */
  panel: string;
  ours: (heading: string) => boolean;
  botsStep: (heading: string) => boolean;
  over?: (page: Page) => Promise<boolean>;
}): SeatDriver {
  const heading = (page: Page) => page.locator(view.heading);
  return {
    heading,
    allGood: async (page) => {
      await expect
        .poll(
          () =>
            page
              .locator(`${view.panel} .verdict`)
              .innerText()
              .catch(() => ""),
          WAIT,
        )
        .toBe("Every order is expected to succeed.");
    },
    untilOurs: async (page) => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const run = page.getByRole("button", { name: /^Run step \d+: .* now$/ });
        const now = await heading(page)
          .innerText()
          .catch(() => "");
        const submittable = await page
          .getByRole("button", { name: "Submit orders" })
          .isEnabled()
          .catch(() => false);
        if (view.over && (await view.over(page))) return now;
        if (submittable && view.ours(now)) return now;
        if (!submittable && view.botsStep(now) && (await run.count()) > 0) {
          await run.click();
          await expect.poll(() => heading(page).innerText(), WAIT).not.toBe(now);
          continue;
        }
        await page.waitForTimeout(300);
      }
      throw new Error("the step never came to the page's seat");
    },
    submitAndWait: async (page, from) => {
      await page.getByRole("button", { name: "Submit orders" }).click();
      await expect.poll(() => heading(page).innerText(), WAIT).not.toBe(from);
    },
  };
}
