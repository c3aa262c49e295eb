/**
 * A Sathar War battle fought out in Battleshift, watched from the campaign's report (issue 12: "The Battleshift
 * battle is kept and its replay linked from the campaign's report"). A real `starhost serve` serves a fresh build of
 * src/web, and Debian's Chromium (/usr/bin/chromium, driven by playwright-core; never a downloaded browser) makes a
 * campaign whose battles are fought out in Battleshift (option "Battles" 2), every seat a bot; its game master runs
 * the steps until a battle is in the report, then follows "Watch the replay": the battle-replay tool's page opens in
 * a new tab (GET .../tools/battle-replay/file, sandboxed) and steps through the battle. Both pages are checked with axe-core and kept as screenshots in
 * test/web/screenshots/ (sw-replay-*.png). The build, serve, browser and review are test/web/support.ts's.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, review as reviewPage, signUpAt, startWeb, type WebSession } from "./support.js";

const WAIT = { timeout: 60_000 };

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("web-sw-replay");
  base = session.base;
  browser = session.browser;
}, 240_000);

afterAll(async () => session?.close());

let shot = 0;
const review = (page: Page, name: string) => reviewPage(page, `sw-replay-${String(++shot).padStart(2, "0")}-${name}`);

describe.skipIf(!haveChromium)("a Battleshift battle's replay, from the Sathar War's report", () => {
  it("opens the replay of a battle in a new tab from the report's 'Watch the replay'", { timeout: 600_000 }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signUpAt(base, ctx, "swreplay", "a long enough password", WAIT);
    try {
      await page.getByLabel("Ruleset").selectOption("sathar-war");
      await page.getByLabel(/^Battles: 1 quick/).fill("2");
      await page.getByLabel("Title (optional)").fill("Replayed war");
      await page.getByLabel("Every seat to start with").selectOption("normal");
      await page.getByLabel("Seed (optional: the same seed, the same dice)").fill("1");
      await page.getByRole("button", { name: "Create game" }).click();
      await page.getByRole("heading", { name: "Replayed war" }).waitFor();
      await page.getByRole("button", { name: "Start the game" }).click();

      // The game master runs the bots' steps until a battle fought in Battleshift is in the report.
      const watch = page.getByRole("link", { name: /^Watch the replay of battle / }).first();
      for (let i = 0; i < 40 && (await watch.count()) === 0; i++) {
        const run = page.getByRole("button", { name: /^Run step \d+: .* now$/ });
        await run.waitFor(WAIT);
        const label = await run.innerText();
        await run.click();
        await expect.poll(async () => (await run.count()) === 0 || (await run.innerText()) !== label, WAIT).toBe(true);
      }
      await watch.waitFor(WAIT);
      const name = (await watch.innerText()).trim();
      const battle = name.replace(/^Watch the replay of battle /, "");
      await page.locator(".sw-battles summary").first().click();
      await review(page, "report");

      // The replay opens in a new tab: the battle's own page, titled with the campaign's battle.
      const [tab] = await Promise.all([ctx.waitForEvent("page"), watch.click()]);
      await tab.waitForURL(/\/api\/games\/[^/]+\/tools\/battle-replay\/file\?battle=/, WAIT);
      await tab.getByRole("heading", { name: new RegExp(`^Battle ${battle}: day \\d+`) }).waitFor(WAIT);
      await expect.poll(() => tab.locator("#title").innerText(), WAIT).toMatch(/^1\/\d+\. /);
      await tab.getByRole("button", { name: /Next/ }).click();
      await expect.poll(() => tab.locator("#title").innerText(), WAIT).toMatch(/^2\/\d+\. /);
      // The step slider and the keyboard step through it too.
      await tab.keyboard.press("ArrowRight");
      await expect.poll(() => tab.locator("#title").innerText(), WAIT).toMatch(/^3\/\d+\. /);
      await tab.getByText("Which Knight Hawks ship is which Battleshift ship").click();
      await tab.getByRole("table").waitFor();
      await review(tab, "replay");
      await tab.close();

      // The download is still offered.
      expect(await page.getByRole("link", { name: new RegExp(`^Download battle ${battle} for a Battleshift replay`) }).count()).toBe(1);
    } catch (e) {
      throw new Error(
        `${String(e)}\n--- the page said:\n${(
          await page
            .locator("main")
            .innerText()
            .catch(() => "")
        ).slice(0, 3000)}`,
      );
    }
    await ctx.close();
  });
});
