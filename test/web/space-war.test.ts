/**
 * A Space War campaign played in the browser (issue 13: "the ruleset's views in the web client"): a real `starhost
 * serve` serves a fresh build of src/web, and Debian's Chromium (driven by playwright-core; never a downloaded browser)
 * plays the blue squadron against the red squadron's bot. Blue's three designs are written with the design form (the
 * modules typed, l.19, l.57), the purchase is the page's "fits the budget" button (l.29), every craft is deployed by
 * clicking the table within 6" of blue's planet (l.884), and turns are played by pointing: a craft chosen, a point
 * clicked to move it (S7, the check shows the inches), an enemy face up clicked to shoot at it when one is (S9, the
 * check shows the score each die needs). Every page is checked with axe-core and kept as a screenshot in
 * test/web/screenshots/ (sx-play-*.png), the last at a phone's width. The build, serve, browser and review are
 * test/web/support.ts's.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haveChromium, numberedReview, playAs, seatDriver, startGameAs, WAIT, webSessionFor } from "./support.js";

const web = webSessionFor("web-sx");
const review = numberedReview("sx-play");

/**
 * The table's heading names the step, the game and whose turn it is. Only red's turns are the bot's alone, run by the
 * game master's button: the other steps await blue (our seat) too (its draft may still be loading).
 */
const { heading, allGood, untilOurs, submitAndWait } = seatDriver({
  heading: "#sx-table-h",
  panel: ".sx-draft-panel",
  ours: (now) => now !== "" && !/red to play/.test(now),
  botsStep: (now) => /red to play/.test(now),
  over: async (page) => /campaign is over/i.test(await page.locator("main").innerText()),
});
const draftItems = (page: Page) => page.locator(".sx-draft > li:not(.hint)");

/**
 * An SVG circle of the table (its centre and radius) in the table's own box, measured together, so a click placed by it
 * lands where meant even if the page moves (a list above the table grows as the step's history loads).
 */
async function circleInTable(page: Page, selector: string): Promise<{ x: number; y: number; r: number; w: number; h: number }> {
  return page.locator("svg.sx-table").evaluate((svg, sel) => {
    const t = svg.getBoundingClientRect();
    const c = svg.querySelector(sel)?.getBoundingClientRect();
    if (!c) throw new Error(`${sel} is not on the table`);
    return { x: c.x + c.width / 2 - t.x, y: c.y + c.height / 2 - t.y, r: c.width / 2, w: t.width, h: t.height };
  }, selector);
}

/** Click the table at a point of its own box (Playwright scrolls it into the window and waits for it to stand still). */
const clickTable = (page: Page, p: { x: number; y: number }) => page.locator("svg.sx-table").click({ position: p });

describe.skipIf(!haveChromium)("a Space War campaign played by pointing", () => {
  it("designs, buys, deploys by clicking and plays turns by pointing, against red's bot", { timeout: 900_000 }, async () => {
    await playAs(web(), "sxpilot", play, ".sx-view", 4000);
  });
});

async function play(page: Page): Promise<void> {
  await startGameAs(page, { ruleset: "space-war", title: "Squadron war", seed: 7, seat: "Blue squadron" });

  // Designs (l.19, l.57): three, each with the design form, the modules typed as the seed abbreviates them.
  expect(await untilOurs(page)).toMatch(/designing/);
  const form = page.getByRole("form", { name: "Add an order of the step" });
  await expect.poll(() => form.count(), WAIT).toBe(1);
  for (const [name, craft, modules] of [
    ["Frigate", "vessel", "E E A L L M"],
    ["Carrier", "vessel", "E E SB A L L/rear"],
    ["Interceptor", "fighter", "E L"],
  ] as const) {
    await form.getByLabel("name").fill(name);
    await form.getByLabel("craft").selectOption(craft);
    await form.getByLabel(/^modules/).fill(modules);
    await form.getByRole("button", { name: "Add design to the draft" }).click();
  }
  await expect.poll(() => draftItems(page).count(), WAIT).toBe(3);
  await allGood(page);
  await review(page, "designs");
  await submitAndWait(page, await heading(page).innerText());

  // Purchase (l.29): a purchase that fits the 100 M€.
  expect(await untilOurs(page)).toMatch(/buying/);
  await page.getByRole("button", { name: "Use a purchase that fits the budget" }).click();
  await expect.poll(() => draftItems(page).count(), WAIT).toBeGreaterThan(0);
  await allGood(page);
  await review(page, "purchase");
  await submitAndWait(page, await heading(page).innerText());

  // Deployment (l.884): each craft clicked onto the table within 6" of the planet; the next craft is chosen for us.
  expect(await untilOurs(page)).toMatch(/deploying/);
  const list = page.getByRole("navigation", { name: "Your craft" });
  const toDeploy = list.getByRole("button", { name: /to deploy/ });
  const n = await toDeploy.count();
  expect(n).toBeGreaterThan(0);
  await toDeploy.first().click();
  const home = await circleInTable(page, "circle.sx-reach");
  // Points on rings 2.5" and 4" about the planet, clear of the craft already on the table (the Space Station, l.876).
  const ring = Array.from({ length: 24 }, (_, k) => {
    const a = (2 * Math.PI * (k % 12)) / 12;
    const r = home.r * (k < 12 ? 2.5 / 6 : 4 / 6);
    return { x: home.x + Math.cos(a) * r, y: home.y + Math.sin(a) * r };
  });
  for (let i = 0; i < n; i++) {
    const taken = await page.locator("svg.sx-table").evaluate((svg) => {
      const t = svg.getBoundingClientRect();
      return [...svg.querySelectorAll("g.sx-craft")].map((g) => {
        const b = g.getBoundingClientRect();
        return { x: b.x + b.width / 2 - t.x, y: b.y + b.height / 2 - t.y };
      });
    });
    const clear = ring.find((p) => taken.every((t) => Math.hypot(t.x - p.x, t.y - p.y) > home.r / 3));
    if (!clear) throw new Error("no clear point about the planet");
    ring.splice(ring.indexOf(clear), 1);
    await clickTable(page, clear);
    await expect.poll(() => draftItems(page).count(), WAIT).toBe(i + 1);
  }
  await expect(page.locator(".sx-note").innerText()).resolves.toMatch(/from your planet/);
  await allGood(page);
  await review(page, "deployed");
  await submitAndWait(page, await heading(page).innerText());

  // Turns by pointing: our first craft on the table moves toward the middle of the table; an enemy face up is shot at.
  let turns = 0;
  let shots = 0;
  for (let i = 0; i < 12 && (turns < 3 || shots === 0) && turns < 6; i++) {
    const now = await untilOurs(page);
    if (!/blue to play/.test(now)) break;
    // The new step's draft (empty) has replaced the last one's before we point.
    await expect.poll(() => page.locator(".sx-draft > li.hint").count(), WAIT).toBe(1);
    turns++;
    const flying = list.getByRole("button", { name: / at \(/ });
    if ((await flying.count()) === 0) break;
    if ((await flying.first().getAttribute("aria-pressed")) !== "true") await flying.first().click();
    const reach = await circleInTable(page, "circle.sx-reach");
    const mid = { x: reach.w / 2, y: reach.h / 2 };
    const len = Math.hypot(mid.x - reach.x, mid.y - reach.y) || 1;
    const step = Math.min(reach.r * 0.8, len);
    await clickTable(page, { x: reach.x + ((mid.x - reach.x) / len) * step, y: reach.y + ((mid.y - reach.y) / len) * step });
    await expect.poll(() => draftItems(page).count(), WAIT).toBe(1);
    await expect(page.locator(".sx-note").innerText()).resolves.toMatch(/" of its /);
    // The check says how far the craft moves (S7).
    await expect
      .poll(
        () =>
          draftItems(page)
            .first()
            .innerText()
            .catch(() => ""),
        WAIT,
      )
      .toMatch(/moves \d+(\.\d)?"/);
    const enemies = page.locator(".sx-table g.sx-craft.enemy:has(polygon)");
    if ((await enemies.count()) > 0) {
      await enemies.first().click();
      await expect.poll(() => draftItems(page).count(), WAIT).toBe(2);
      await expect
        .poll(
          () =>
            draftItems(page)
              .nth(1)
              .innerText()
              .catch(() => ""),
          WAIT,
        )
        .toMatch(/needs \d\+|range|out of|cannot|arc/);
      shots++;
      if (shots === 1) await review(page, "shot");
    }
    if (turns === 1) await review(page, "turn");
    await submitAndWait(page, now);
  }
  expect(turns).toBeGreaterThan(0);

  // The table's craft are buttons by the keyboard too: Enter on a focused craft of ours chooses it, or lets it go.
  const ours = page.locator(".sx-table g.sx-craft.mine").first();
  if ((await ours.count()) > 0) {
    const before = await ours.getAttribute("aria-pressed");
    await ours.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => ours.getAttribute("aria-pressed"), WAIT).toBe(before === "true" ? "false" : "true");
  }

  // On a phone: the table scrolls in its frame, a craft is chosen from the list, its card follows.
  await untilOurs(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const any = list.getByRole("button").first();
  if ((await any.count()) > 0) {
    if ((await any.getAttribute("aria-pressed")) !== "true") await any.click();
    await page.getByRole("region", { name: /^blue-/ }).waitFor();
  }
  await review(page, "phone");
}
