/**
 * The Second Sathar War played in the browser (issue 12 "Play"): a real `starhost serve` serves a fresh build of
 * src/web, and Debian's Chromium (/usr/bin/chromium, driven by playwright-core; never a downloaded browser) plays the
 * Sathar against the UPF's bot. The Sathar set-up is written with the step's forms (two placements of ten ships,
 * checked as they are added), then a Sathar stack is clicked on the Frontier Deployment Map and moved with its own
 * menu; the days are played on until the Sathar can attack, and an attack is declared with the attack menu; the
 * battle's report and its Battleshift download are shown. Every page is checked with axe-core and kept as a
 * screenshot in test/web/screenshots/ (sw-*.png). The build, serve, browser and review are test/web/support.ts's.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haveChromium, numberedReview, playAs, seatDriver, startGameAs, WAIT, webSessionFor } from "./support.js";

const web = webSessionFor("web-sw");
const review = numberedReview("sw");

/**
 * The map's heading names the day and phase the seat's view is at. A step that awaits the UPF's bot is run by the game
 * master's button (the test's server ticks once an hour), as the Battleshift play test runs red's, until the step
 * awaits the Sathar (our seat).
 */
const ours = (phase: string) => /Sathar (set-up|movement|attacks)/.test(phase);
const { heading, allGood, untilOurs, submitAndWait } = seatDriver({
  heading: "#sw-map-h",
  panel: ".sw-draft-panel",
  ours,
  botsStep: (phase) => !ours(phase),
});

describe.skipIf(!haveChromium)("the Second Sathar War played by clicking", () => {
  it("places the Sathar, moves a stack from the map and declares an attack, against the UPF's bot", { timeout: 900_000 }, async () => {
    await playAs(web(), "sssra", play, "main");
  });
});

async function play(page: Page): Promise<void> {
  await startGameAs(page, { ruleset: "sathar-war", title: "Frontier war", seed: 12, seat: "Sathar" });

  // The UPF's bot sets up; the Sathar set-up is ours.
  expect(await untilOurs(page)).toContain("Sathar set-up");
  await review(page, "setup");

  // Two placements of ten ships each in two circles (000 "Sathar Set-Up": at least 20, at most half in one).
  const form = page.getByRole("form", { name: "Add an order of the step" });
  const menu = page.getByLabel("Order", { exact: true });
  // The menus come with the seat's options (GET .../options).
  const menuIndex = async (type: string) => (await menu.locator("option").allTextContents()).findIndex((t) => t.startsWith(`${type}:`));
  await expect.poll(() => menuIndex("place"), WAIT).toBeGreaterThanOrEqual(0);
  const placeIndex = await menuIndex("place");
  for (const [first, circle] of [
    [0, 1],
    [10, 2],
  ] as const) {
    await menu.selectOption({ index: placeIndex });
    const boxes = form.getByRole("checkbox");
    for (let i = first; i < first + 10; i++) await boxes.nth(i).check();
    await form.getByLabel("circle").selectOption({ index: circle });
    await form.getByRole("button", { name: "Add place to the draft" }).click();
  }
  await expect.poll(() => page.locator(".sw-draft > li").count(), WAIT).toBe(2);
  await allGood(page);
  await review(page, "placed");
  await submitAndWait(page, await heading(page).innerText());

  // Day one: a Sathar stack in its start circle, chosen on the map, moves into its first red box.
  expect(await untilOurs(page)).toContain("Sathar movement");
  const stack = page.locator(".sw-map-frame g[data-stack][role=button]", { hasText: /./ }).filter({ has: page.locator("text") });
  const sathar = page.getByRole("button", { name: /, Sathar stack at .*start circle/i }).first();
  await sathar.click();
  expect(await stack.count()).toBeGreaterThan(0);
  await expect.poll(() => sathar.getAttribute("aria-pressed"), WAIT).toBe("true");
  const panel = page.getByRole("region", { name: /^Sathar stack at / });
  await panel.getByRole("table").waitFor();
  const moveForm = panel.getByRole("form", { name: "move order for this stack" });
  await moveForm.getByLabel("action").selectOption("advance");
  await moveForm.getByRole("button", { name: "Add move to the draft" }).click();
  await expect.poll(() => page.locator(".sw-draft > li").count(), WAIT).toBe(1);
  await allGood(page);
  await review(page, "move");
  // The map's stacks are buttons by the keyboard too: Enter on a focused stack chooses it (and again lets it go).
  await sathar.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => sathar.getAttribute("aria-pressed"), WAIT).toBe("false");
  await submitAndWait(page, await heading(page).innerText());

  // Day by day (the red boxes move the Sathar toward their systems by themselves) until an attack is on the menus.
  let attacked = false;
  for (let i = 0; i < 30 && !attacked; i++) {
    const now = await untilOurs(page);
    if (now.includes("Sathar attacks")) {
      const options = await menu.locator("option").allTextContents();
      const at = options.findIndex((t) => t.startsWith("attack:"));
      if (at >= 0) {
        await menu.selectOption({ index: at });
        await form.getByLabel("system").selectOption({ index: 1 });
        const planet = form.getByLabel("planet");
        if ((await planet.count()) > 0) await planet.selectOption({ index: 1 });
        await form.getByRole("button", { name: "Add attack to the draft" }).click();
        await expect.poll(() => page.locator(".sw-draft > li").count(), WAIT).toBe(1);
        await expect
          .poll(
            () =>
              page
                .locator(".sw-draft-panel")
                .innerText()
                .catch(() => ""),
            WAIT,
          )
          .toMatch(/with stand-in dice: Battle .* at /);
        await allGood(page);
        await review(page, "attack");
        attacked = true;
      }
    }
    await submitAndWait(page, now);
  }
  expect(attacked).toBe(true);
  // The battle fought: its report, and its Battleshift fleets and seed to download.
  await expect.poll(() => page.locator(".sw-battles li").count(), WAIT).toBeGreaterThan(0);
  await page.locator(".sw-battles summary").first().click();
  await review(page, "battle");

  // On a phone: the map scrolls in its frame, a stack is chosen from the list of the side's stacks, its panel follows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("navigation", { name: "Your stacks" }).getByRole("button").first().click();
  await page
    .getByRole("region", { name: /^Sathar stack at / })
    .getByRole("table")
    .waitFor();
  await review(page, "phone");
}
