/**
 * Issue 11's budget for the orders check in the browser: "the check of a 100-order GE file in the browser at most
 * 100 ms". The check runs on the server (POST /api/games/ID/check): a browser's own check would need the whole
 * state, which a seat may not see (README, web client). So the figure is the round trip a player waits for: from
 * the browser posting a 100-order file to the check shown in the page (the verdict, the check's lines step by step
 * and HQ Plans' ruling beside each of the 100 orders), measured in Debian's Chromium against a real `starhost
 * serve` (PGlite, as built by the tests: test/web/support.ts) serving a fresh build of the client. The half second
 * the editor waits after the last key before it posts is not in it (it is a choice, not work).
 *
 * The file: 100 orders for the Klingons of the tutorial scenario (war, a proclamation, ranks, retreat levels,
 * follow, transfers into a new fleet, travels, builds...), the kind a turn holds; one transfer's count alternates
 * between 1 and 2 so that the check of each post can be told from the last one's, and the page is watched (a MutationObserver) until the
 * check of that file is in it, then one animation frame for it to be painted. No two posts are the same file
 * (a name in it changes), so none is answered from the server's memory of checks (CheckMemo). Also printed: the server's part
 * (the request's Resource Timing, from its start to the last byte of the reply). The median of RUNS posts.
 *
 *   npx tsx bench/run.ts ge-orders-check
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { parse } from "yaml";
import { checkOrders } from "../src/rules/galactic-empires/check.js";
import { galacticEmpires } from "../src/rules/galactic-empires/index.js";
import { parseOrders } from "../src/rules/galactic-empires/orders.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const ROOT = join(import.meta.dirname, "..");
const CHROMIUM = "/usr/bin/chromium";
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const VITE = join(ROOT, "node_modules", "vite", "bin", "vite.js");
const RUNS = Number(process.env.RUNS ?? 9);

/**
 * A 100-order file for the tutorial's Klingons, ending with the order `last` (YAML flow); `nonce` goes into a
 * name, so that no two posts are the same file (the server remembers the check of a file it has seen: CheckMemo).
 */
export function hundredOrders(last: string, nonce = 0): string {
  const o: string[] = [
    "{ type: declareWar, empire: romulan }",
    '{ type: proclaim, text: "The Klingon Empire greets the quadrant. Our warriors seek honour among the stars." }',
    "{ type: formFleet, ref: strike, at: G1, name: Strike Group }",
    `{ type: transfer, from: G1, to: strike, starship: klingon/k-tinga-class-destroyer, count: ${1 + (nonce % 2)}, rank: 1 }`,
    "{ type: transfer, from: G1, to: strike, starship: klingon/hawk-heavy-cruiser, count: 1, rank: 4 }",
    "{ type: travel, unit: strike, to: 6 }",
    "{ type: build, unit: G1, starship: klingon/klingon-bird-of-prey, count: 2, rank: 1 }",
    "{ type: hireAdmiral, unit: G1 }",
    "{ type: infoSharing, empire: federation, grant: true }",
    "{ type: passage, empire: federation, grant: true }",
  ];
  const ranks = [1, 2, 3, 4, 5];
  for (let i = 0; o.length < 99; i++) {
    const r = ranks[i % 5];
    switch (i % 6) {
      case 0:
        o.push(`{ type: retreatLevel, unit: A5, level: ${r} }`);
        break;
      case 1:
        o.push(`{ type: reassign, unit: G1, starship: klingon/k-tinga-class-destroyer, toRank: ${r}, count: 1 }`);
        break;
      case 2:
        o.push(`{ type: follow, unit: strike, leader: ${i % 12 === 2 ? "A5" : "null"} }`);
        break;
      case 3:
        o.push(`{ type: defend, unit: A5, value: ${i % 2 === 0} }`);
        break;
      case 4:
        o.push(`{ type: rename, unit: A5, name: "Patrol Force ${i}-${nonce}" }`);
        break;
      default:
        o.push(`{ type: reassign, unit: A5, starship: klingon/hawk-heavy-cruiser, toRank: ${r} }`);
    }
  }
  o.push(last);
  return `empire: klingon\nturn: 1\norders:\n${o.map((x) => `  - ${x}`).join("\n")}\n`;
}

function startServe(data: string, web: string): Promise<{ child: ChildProcess; base: string }> {
  const { DATABASE_URL: _, ...env } = process.env;
  const child = spawn(
    process.execPath,
    [TSX, join(ROOT, "src", "cli", "main.ts"), "serve", "--port", "0", "--data", data, "--web", web, "--tick", "3600"],
    {
      cwd: ROOT,
      env,
    },
  );
  let out = "";
  child.stdout?.on("data", (b) => (out += b));
  child.stderr?.on("data", (b) => (out += b));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 120_000);
    child.stdout?.on("data", () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({ child, base: m[1] as string });
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

/** A Klingon player of a new tutorial game, its other empires bots, at the "As text" tab of turn 1. */
async function openGame(page: Page, base: string): Promise<void> {
  await page.goto(base);
  const form = page.getByRole("region", { name: "New account" });
  await form.getByLabel("Name").fill("bencher");
  await form.getByLabel(/^Password/).fill("correct horse battery");
  await form.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: "Lobby" }).waitFor();
  await page.getByLabel("Ruleset").selectOption("galactic-empires");
  await page.getByLabel("Scenario").selectOption("tutorial");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("button", { name: "Join as Klingon Empire" }).click();
  await page.getByRole("button", { name: "Leave Klingon Empire" }).waitFor();
  await page.getByLabel("Who plays Federation Core").selectOption("bot:normal");
  await page.getByRole("row", { name: /Federation Core.*normal bot/ }).waitFor();
  await page.getByLabel("Who plays Romulan Star Empire").selectOption("bot:easy");
  await page.getByRole("row", { name: /Romulan Star Empire.*easy bot/ }).waitFor();
  await page.getByRole("button", { name: "Start the game" }).click();
  await page.getByText("Orders for turn 1").waitFor();
  await page.getByRole("tab", { name: "As text" }).click();
}

/** In the page: note when a check is posted (a wrapped fetch), and wait for the check naming `marker` to be shown. */
const WATCH = `(marker) => new Promise((resolve) => {
  if (!window.__benchFetch) {
    const orig = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).includes("/check?")) window.__posted = performance.now();
      return orig(input, init);
    };
    window.__benchFetch = true;
  }
  const region = document.querySelector('[aria-label="The check of these orders"]');
  const plans = document.querySelector(".hq-plans");
  const done = () => {
    obs.disconnect();
    requestAnimationFrame(() => {
      const shown = performance.now();
      const entry = performance.getEntriesByType("resource").filter((e) => e.name.includes("/check?")).at(-1);
      resolve({
        shown: shown - window.__posted,
        server: entry ? entry.responseEnd - entry.startTime : NaN,
        page: entry ? shown - entry.responseEnd : NaN,
      });
    });
  };
  const ready = () => region.textContent.includes(marker) && plans.querySelectorAll("ul.rulings").length >= 100;
  const obs = new MutationObserver(() => { if (ready()) done(); });
  obs.observe(document.body, { subtree: true, childList: true, characterData: true });
})`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

export async function run(): Promise<Figure[]> {
  if (!existsSync(CHROMIUM)) {
    console.log(`${CHROMIUM} is missing (apt-get install chromium): the check's round trip was not measured.`);
    return [];
  }
  const work = mkdtempSync(join(tmpdir(), "starhost-bench-check-"));
  const web = join(work, "web");
  const built = spawnSync(
    process.execPath,
    [VITE, "build", "--config", "scripts/vite.web.config.ts", "--outDir", web, "--logLevel", "warn"],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  if (built.status !== 0) throw new Error(`the web build failed: ${built.stdout}${built.stderr}`);
  const serve = await startServe(join(work, "data"), web);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (e) => console.error(e));
    await openGame(page, serve.base);
    const editor = page.getByLabel("Orders file (YAML or JSON)");
    await editor.waitFor();
    const figures: Figure[] = [];
    // Two files: one whose orders bring on no battle (the check's own work on 100 orders), and one whose last
    // travel takes Patrol Force 2 into Narendra's local forces, so the check simulates the battle for its odds and
    // runs the turn again with other dice (check.ts).
    const cases = [
      { name: "no battle", last: "{ type: travel, unit: A5, to: 1 }" },
      { name: "a battle's odds", last: "{ type: travel, unit: A5, to: 3 }" },
    ];
    for (const c of cases) {
      const shown: number[] = [];
      const server: number[] = [];
      const drawn: number[] = [];
      // One run first to warm the server's and the page's code; then RUNS measured.
      for (let i = 0; i <= RUNS; i++) {
        // The check names the transfer by its count, which alternates: each post's own check is awaited.
        const marker = `#3 transfer G1 klingon/k-tinga-class-destroyer ${1 + (i % 2)} -> strike`;
        const watched = page.evaluate(`(${WATCH})(${JSON.stringify(marker)})`) as Promise<{ shown: number; server: number; page: number }>;
        await editor.fill(hundredOrders(c.last, i));
        const t = await watched;
        if (i === 0) continue;
        shown.push(t.shown);
        server.push(t.server);
        drawn.push(t.page);
      }
      // The rules' check alone on the same files, in this process (a tutorial state of its own): what of the
      // server's reply is the check, and what is the rest (HTTP, the game's state read, YAML, JSON).
      const state = galacticEmpires.scenarios.tutorial!.create(1, {});
      const alone: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const orders = parseOrders(parse(hundredOrders(c.last, i))).orders;
        const t0 = performance.now();
        checkOrders(state, "klingon", orders, { odds: true });
        if (i > 0) alone.push(performance.now() - t0);
      }
      figures.push(
        { name: `check of a 100-order GE file, ${c.name}: posted to shown (median)`, value: median(shown), unit: "ms", budget: 100 },
        { name: "  of which the server's reply (median)", value: median(server), unit: "ms" },
        { name: "  the rules' check alone, in this process (median)", value: median(alone), unit: "ms" },
        { name: "  the page: reply received to check shown (median)", value: median(drawn), unit: "ms" },
        { name: "  posted to shown, slowest", value: Math.max(...shown), unit: "ms" },
      );
    }
    return figures;
  } finally {
    await browser.close();
    const done = new Promise((r) => serve.child.once("exit", r));
    serve.child.kill("SIGTERM");
    await done;
    rmSync(work, { recursive: true, force: true });
  }
}
