/**
 * The Galactic Empires areas in the browser (issue 11; seed 003 chapters 2 and 3, the Diploware's Headquarters,
 * Map, Messages and Game): a real `starhost serve` on a PGlite folder serves a fresh build of src/web, and Debian's
 * Chromium (playwright-core; never a downloaded browser) plays the Klingons of a tutorial game against two bots.
 * After turn 1 has run, each area is opened from the tab list (by mouse and by the arrow keys): the figures on the
 * Headquarters, the failed orders, battle reports and proclamations in Messages, and the charts of the Game area
 * are those of the seat's own report; the battle odds page fights a battle through the odds tool. Every area is
 * checked with axe-core (no serious or critical violations) and kept as a screenshot (test/web/screenshots/ge-*).
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Results } from "../../src/rules/galactic-empires/presentation/report.js";
import { holdingsOf, resources } from "../../src/web/rulesets/galactic-empires/hq.js";
import { haveChromium, ROOT, review, SHOTS, startWeb, type WebSession } from "./support.js";

const KLINGON_YAML = readFileSync(join(ROOT, "examples/tutorial/orders/klingon.yaml"), "utf8");
const SHOT_NAMES = ["ge-1-headquarters", "ge-2-map", "ge-3-messages", "ge-4-odds", "ge-5-game", "ge-6-phone-headquarters"];

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("ge-panels");
  base = session.base;
  browser = session.browser;
  // Only this file's own screenshots are replaced.
  for (const f of SHOT_NAMES) rmSync(join(SHOTS, `${f}.png`), { force: true });
}, 240_000);

afterAll(async () => session?.close());

/** The text of a table row's cell, by the row's header. */
async function cell(page: Page, table: string, row: string): Promise<string> {
  const t = page.getByRole("table", { name: table });
  return (
    await t
      .getByRole("row", { name: new RegExp(`^${row}\\b`) })
      .getByRole("cell")
      .first()
      .innerText()
  ).trim();
}

describe.skipIf(!haveChromium)("the Galactic Empires areas in Chromium", () => {
  it("Headquarters, Map, Messages and Game show the seat's own results after a turn", { timeout: 300_000 }, async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => {
      throw e;
    });
    await page.goto(base);
    const form = page.getByRole("region", { name: "New account" });
    await form.getByLabel("Name").fill("kahless");
    await form.getByLabel(/^Password/).fill("correct horse battery");
    await form.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Lobby" }).waitFor();

    // A tutorial game: the Klingons played here, the Federation and the Romulans by bots.
    await page.getByLabel("Ruleset").selectOption("galactic-empires");
    await page.getByLabel("Scenario").selectOption("tutorial");
    await page.getByLabel("Title (optional)").fill("Panels tutorial");
    await page.getByRole("button", { name: "Create game" }).click();
    await page.getByRole("heading", { name: "Panels tutorial" }).waitFor();
    const gameUrl = page.url();
    await page.getByRole("button", { name: "Join as Klingon Empire" }).click();
    await page.getByRole("button", { name: "Leave Klingon Empire" }).waitFor();
    await page.getByLabel("Who plays Federation Core").selectOption("bot:normal");
    await page.getByRole("row", { name: /Federation Core.*normal bot/ }).waitFor();
    await page.getByLabel("Who plays Romulan Star Empire").selectOption("bot:easy");
    await page.getByRole("row", { name: /Romulan Star Empire.*easy bot/ }).waitFor();
    await page.getByRole("button", { name: "Start the game" }).click();

    // Turn 1: the tutorial's Klingon orders (an invasion, a proclamation, one order that fails); the bots have
    // submitted, so the turn runs on early advance.
    // The orders file is the orders' "As text" tab.
    await page.getByRole("tab", { name: "As text" }).click();
    const editor = page.getByLabel("Orders file (YAML or JSON)");
    await expect.poll(() => editor.isEnabled()).toBe(true);
    await editor.fill(KLINGON_YAML);
    await page
      .getByRole("region", { name: "The check of these orders" })
      .locator(".verdict")
      .getByText(/will fail or be skipped/)
      .waitFor();
    await page.getByRole("button", { name: "Submit orders" }).click();
    await page.getByText("A step has run: the game now awaits turn 2.").waitFor({ timeout: 60_000 });
    await page.getByRole("heading", { name: "Results: turn 1" }).waitFor();

    // The seat's own report, as the API gives it: the figures every area must agree with.
    const api = new URL(gameUrl).hash.replace("#", "/api");
    const got = await page.request.get(`${base}${api}/seats/klingon/report`);
    expect(got.status()).toBe(200);
    const results = ((await got.json()) as { json: Results }).json;
    expect(results.turn).toBe(1);
    const v = results.view;

    // The tab list: four areas, Headquarters first (seed 003 chapter 2: "After opening your turn, you are brought
    // to your Headquarters"); the turn is shown above them all.
    const tabs = page.getByRole("tablist", { name: "Areas of Klingon Empire" });
    expect(await tabs.getByRole("tab").allInnerTexts()).toEqual(["Headquarters", "Map", "Messages", "Game"]);
    expect(await tabs.getByRole("tab", { name: "Headquarters" }).getAttribute("aria-selected")).toBe("true");
    await page.getByText("Orders are due for turn 2.").waitFor();

    // Headquarters: Finances and Holdings as the report has them.
    const hq = page.getByRole("tabpanel", { name: "Headquarters" });
    await hq.getByRole("table", { name: "Finances" }).waitFor();
    expect(await cell(page, "Finances", "Treasury")).toBe(resources(v.me.treasury));
    const h = holdingsOf(v);
    expect(h.sectors).toBe(v.sectors.filter((s) => s.owner === "klingon").length);
    expect(await cell(page, "Holdings", "Sectors")).toBe(String(h.sectors));
    expect(await cell(page, "Holdings", "Annexed")).toBe(String(v.sectors.filter((s) => s.annexedTo === "klingon").length));
    expect(await cell(page, "Holdings", "Industrial centres")).toBe(String(h.industrialCentres));
    expect(await cell(page, "Holdings", "Starfleets")).toBe(String(v.units.filter((u) => u.kind === "starfleet").length));
    expect(await cell(page, "Holdings", "Starships")).toBe(String(v.units.flatMap((u) => u.ships).reduce((n, s) => n + s.count, 0)));
    expect(await cell(page, "Holdings", "Admirals")).toBe(String(v.admirals.length));
    // Diplomacy: the war the Klingons declared on the Romulans, one row per foreign empire.
    const diplomacy = hq.getByRole("table", { name: "Diplomacy: the foreign empires" });
    expect(await diplomacy.getByRole("row").count()).toBe(1 + v.empires.length);
    expect(v.empires.find((e) => e.id === "romulan")?.relation).toBe("war");
    await diplomacy.getByRole("row", { name: /^Romulan Star Empire War/ }).waitFor();
    // Help on the panel: closed, opened on request.
    await hq.getByText("What this shows").click();
    await hq.getByText(/Your empire at a glance/).waitFor();
    await review(page, "ge-1-headquarters");

    // Map, by the keyboard: the arrow key moves to the next tab and shows its panel.
    await tabs.getByRole("tab", { name: "Headquarters" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await tabs.getByRole("tab", { name: "Map" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.evaluate("document.activeElement?.textContent")).toBe("Map");
    expect(await hq.isVisible()).toBe(false);
    await page.getByRole("img", { name: /Map of the galaxy as klingon sees it/ }).waitFor();
    await page.getByText("Orders are due for turn 2.").waitFor();
    await review(page, "ge-2-map");

    // Messages: the results in sections, each as the report has it.
    await page.keyboard.press("ArrowRight");
    const messages = page.getByRole("tabpanel", { name: "Messages" });
    await messages.waitFor();
    const problems = v.events.filter((e) => e.kind === "problem");
    const battles = v.events.filter((e) => e.kind === "battle");
    const procs = v.events.filter((e) => e.kind === "proclamation");
    expect(problems.length).toBeGreaterThan(0);
    expect(battles.length).toBeGreaterThan(0);
    const failed = messages.getByRole("region", { name: /^Orders that failed/ });
    expect(await failed.getByRole("row").count()).toBe(1 + problems.length);
    for (const p of problems)
      if (p.kind === "problem") await failed.getByRole("row", { name: new RegExp(`^${literal(p.problem.order)}`) }).waitFor();
    await failed.getByText(/needs 2 move points to enter 11 Mempa/).waitFor();
    const reports = messages.getByRole("region", { name: /^Battle reports/ }).getByRole("article");
    expect(await reports.count()).toBe(battles.length);
    const first = battles[0]!;
    if (first.kind === "battle") {
      const r = first.report;
      await reports
        .first()
        .getByRole("heading", { name: `A ${r.kind === "sector" ? "sector" : "cross-border"} battle at ${r.where}` })
        .waitFor();
      const units = reports.first().getByRole("table", { name: "The units involved" });
      expect(await units.getByRole("row").count()).toBe(1 + r.units.length);
      // Chapter 6's figures, to one decimal: each unit's total combat and hit points.
      const shown = await units.innerText();
      for (const u of r.units) {
        expect(shown).toContain(String(Math.round(u.totalCombat * 10) / 10));
        expect(shown).toContain(String(Math.round(u.totalHits * 10) / 10));
      }
      // A round opens on request.
      await reports.first().getByText("Round #1", { exact: false }).first().click();
      await reports.first().getByRole("table", { name: "The events for round #1" }).waitFor();
    }
    const proclaimed = messages.getByRole("region", { name: /^Proclamations and announcements/ });
    for (const p of procs) if (p.kind === "proclamation") await proclaimed.getByText(p.text).waitFor();
    // The letters with other players (the shell's panel), and the whole report as text.
    await messages.getByRole("heading", { name: "Diplomacy with other players" }).waitFor();
    // A message sent from elsewhere (here the API, as another tab or a mail would) shows in this area at once.
    const csrf = (await page.context().cookies()).find((c) => c.name === "starhost_csrf")?.value ?? "";
    const sent = await page.request.post(`${base}${api}/messages`, {
      data: { to: "all", text: "Qapla'! Heard live in the Messages area." },
      headers: { "x-csrf-token": csrf },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await messages.getByText("Qapla'! Heard live in the Messages area.").waitFor({ timeout: 15_000 });
    const text = messages.getByRole("region", { name: "Results of klingon, turn 1" });
    expect(await text.innerText()).toContain("Results of turn 1 for Klingon Empire (klingon)");
    await review(page, "ge-3-messages");

    // Battle odds: our largest force against a side of two Romulan heavy cruisers, fought 500 times by the odds tool.
    const odds = messages.getByRole("region", { name: "Battle odds" });
    await odds.getByRole("button", { name: "Add starships to side 2" }).click();
    await odds.getByLabel("Side 2, row 1: starship type").selectOption("romulan/hawk-heavy-cruiser");
    await odds.getByLabel("Side 2, row 1: count").fill("2");
    await odds.getByLabel("Battles to fight").fill("500");
    const fought = page.waitForResponse((r) => r.url().includes("/api/rulesets/galactic-empires/tools/odds"));
    await odds.getByRole("button", { name: "Fight it 500 times" }).click();
    expect((await fought).status()).toBe(200);
    const answer = odds.getByRole("table", { name: "The odds over 500 battles" });
    await answer.waitFor();
    expect(await answer.getByRole("row").count()).toBe(4);
    await odds.getByRole("status").getByText("Fought 500 times.").waitFor();
    await answer.scrollIntoViewIfNeeded();
    await review(page, "ge-4-odds");

    // Game: the charts of the seat's own figures, turn by turn (turns 1 and 2), from the standings tool.
    await tabs.getByRole("tab", { name: "Game" }).click();
    const game = page.getByRole("tabpanel", { name: "Game" });
    await game.getByRole("img", { name: /^Sectors by turn/ }).waitFor();
    await game.getByRole("img", { name: /^Starships by turn/ }).waitFor();
    await game.getByRole("img", { name: /^Treasury by turn/ }).waitFor();
    const sectorsNow = String(h.sectors);
    expect(await game.getByRole("img", { name: /^Sectors by turn/ }).getAttribute("aria-label")).toMatch(
      new RegExp(`Klingon Empire: \\d+ at turn 1, ${sectorsNow} at turn 2`),
    );
    await game.getByText("Treasury: the figures as a table").click();
    const table = game
      .getByRole("table")
      .filter({ has: page.getByRole("columnheader", { name: "Klingon Empire" }) })
      .last();
    expect(await table.getByRole("row", { name: /^2\b/ }).innerText()).toContain(resources(v.me.treasury));
    // Before the end, no other empire's figures are on the page.
    expect(await game.innerText()).not.toMatch(/Romulan Star Empire: \d+ at turn/);
    await review(page, "ge-5-game");

    // On a phone: the Headquarters still reads (the tabs wrap, the diplomacy table scrolls sideways).
    await page.setViewportSize({ width: 390, height: 844 });
    await tabs.getByRole("tab", { name: "Headquarters" }).click();
    await hq.getByRole("table", { name: "Finances" }).waitFor();
    await review(page, "ge-6-phone-headquarters");
    await context.close();
  });
});

/** A string as a literal inside a regular expression. */
function literal(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
