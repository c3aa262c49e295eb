/**
 * The Space War squadron designer in the browser (issue 13: "the designer with live prices"): a real `starhost serve`
 * serves a fresh build of src/web and Debian's Chromium (playwright-core, never a downloaded browser) builds a
 * squadron by clicking, sees the price change as modules are added and removed, buys a 17th craft and sees the fault
 * (l.7), takes the Carrier's Shuttle Bay away and sees the fighters' fault (l.51), then pastes the faulty example and
 * sees each of the design check's problems beside what it is about. Checked with the keyboard and at a phone's width;
 * every page is checked with axe-core and kept as a screenshot in test/web/screenshots/ (sx-designer-*.png).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Problem } from "../../src/core/result.js";
import { designCheckTool } from "../../src/rules/space-war/designing-craft/design-check.js";
import { haveChromium, ROOT, review as reviewPage, signUpAt, startWeb, type WebSession } from "./support.js";

const WAIT = { timeout: 30_000 };

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("web-sx-designer");
  base = session.base;
  browser = session.browser;
}, 240_000);

afterAll(async () => session?.close());

let shot = 0;
const review = (page: Page, name: string) => reviewPage(page, `sx-designer-${String(++shot).padStart(2, "0")}-${name}`);

const summary = (page: Page) => page.locator("p.sx-summary");

async function open(page: Page): Promise<void> {
  await page.goto(`${base}/#/rulesets/space-war/designer`);
  await page.getByRole("heading", { name: "Space War squadron designer" }).waitFor(WAIT);
}

describe.skipIf(!haveChromium)("the squadron designer, by clicking", () => {
  it("builds a squadron, prices it live, shows each fault beside what it is about, and loads the faulty example", {
    timeout: 300_000,
  }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signUpAt(base, ctx, "designer", "correct horse battery");
    // The lobby lists the page by its title.
    await page.getByRole("link", { name: /Space War squadron designer/ }).click();
    await page.getByRole("heading", { name: "Space War squadron designer" }).waitFor(WAIT);
    await expect
      .poll(() => summary(page).innerText(), WAIT)
      .toBe("Cost 82 M€ of 100 M€; 6 craft of 16; 2 design(s) of 3. A legal squadron.");
    await review(page, "start");

    // A sixth module makes each Carrier 36 M€ instead of 25 (l.156-256): 2 x 36 + 4 x 8 = 104, over the 100 M€.
    await page.getByRole("button", { name: "Add Armour (A) to Carrier" }).click();
    await expect.poll(() => summary(page).innerText()).toMatch(/^Cost 104 M€ of 100 M€; 6 craft of 16/);
    await page.getByRole("list", { name: "Faults of the squadron" }).getByText("104 M€ spent of 100 M€ (l.7) (over-budget)").waitFor();
    await page.getByRole("button", { name: "Remove Armour (module 6 of Carrier)" }).click();
    await expect.poll(() => summary(page).innerText()).toMatch(/^Cost 82 M€ of 100 M€/);

    // A third design, a fighter of 2 modules (8 M€), two of them bought; its Lasers stay on the front (l.635).
    await page.getByRole("button", { name: "Add a fighter design" }).click();
    await page.getByLabel("Design 3: craft bought").fill("2");
    await expect.poll(() => summary(page).innerText()).toBe("Cost 98 M€ of 100 M€; 8 craft of 16; 3 design(s) of 3. A legal squadron.");
    await expect(page.getByRole("button", { name: "Add a vessel design" }).isDisabled()).resolves.toBe(true);
    // A vessel's Lasers turned to the left arc; the craft card says so.
    await page.getByLabel("arc of Lasers (module 4 of Carrier)").selectOption("left");
    await expect
      .poll(() => page.getByRole("article", { name: "Craft card: Carrier" }).getByRole("img").getAttribute("aria-label"))
      .toBe("Vessel of 5 module(s): Engine, Engine, Shuttle Bay, Lasers (left arc), Lasers (rear arc)");
    await review(page, "three-designs");

    // The keyboard alone: Tab to a module button and press Enter.
    await page.getByRole("button", { name: "Add Electronics (EL) to Dart" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#sx-design-1-price").innerText()).toMatch(/^Dart: 3 module\(s\), 27 M€ each/);
    await page.getByRole("button", { name: "Remove Electronics (module 3 of Dart)" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#sx-design-1-price").innerText()).toMatch(/^Dart: 2 module\(s\), 8 M€ each/);

    // A crew with a medal aboard a Carrier (l.29, l.741-801), written in the squadron file.
    await page.getByRole("button", { name: "Add a crew with medals to Carrier" }).click();
    await page.getByRole("group", { name: "Medals of Crew 1" }).getByLabel("Ace").check();
    await expect.poll(() => page.getByLabel("Squadron file (YAML)").inputValue()).toMatch(/- name: Crew 1\n\s+medals:\n\s+- ace/);
    await expect.poll(() => summary(page).innerText()).toMatch(/A legal squadron\.$/);

    // A 17th craft: "Players are limited to a maximum of 16 Craft" (l.7).
    await page.getByLabel("Dart: craft bought").fill("13");
    await expect.poll(() => summary(page).innerText()).toMatch(/; 17 craft of 16;/);
    await page
      .getByRole("list", { name: "Faults of the squadron" })
      .getByText('17 craft; "Players are limited to a maximum of 16 Craft" (l.7) (too-many-craft)')
      .waitFor();
    await page.getByLabel("Dart: craft bought").fill("4");
    await expect.poll(() => summary(page).innerText()).toMatch(/A legal squadron\.$/);

    // Fighters without a vessel with a Shuttle Bay (l.51).
    await page.getByRole("button", { name: "Remove Shuttle Bay (module 3 of Carrier)" }).click();
    await page
      .getByRole("list", { name: "Faults of the squadron" })
      .getByText(/6 fighter\(s\) and no vessel with a Shuttle Bay/)
      .waitFor();
    await review(page, "no-shuttle-bay");

    // The file as YAML, both ways: the faulty example pasted in, each problem of the design check shown in its place.
    await expect(page.getByLabel("Squadron file (YAML)").inputValue()).resolves.toMatch(/^name: Blue Squadron$/m);
    await expect(page.getByRole("link", { name: "Download blue-squadron.yaml" }).getAttribute("href")).resolves.toMatch(/^blob:/);
    const text = readFileSync(join(ROOT, "examples/space-war/faulty-squadron.yaml"), "utf8");
    await page.getByLabel("Squadron file to load (YAML or JSON)").fill(text);
    await page.getByRole("button", { name: "Load it" }).click();
    const problems = (designCheckTool.run(parse(text), {}).json as { problems: Problem[] }).problems;
    expect(problems.length).toBeGreaterThan(5);
    await page
      .getByRole("status")
      .filter({ hasText: `Loaded "Faulty Squadron": ${problems.length} fault(s)` })
      .waitFor(WAIT);
    for (const p of problems)
      expect(await page.getByText(`${p.message} (${p.code})`, { exact: true }).count(), `${p.order}: ${p.message}`).toBeGreaterThan(0);
    // Beside what each is about: a module's, a design's, a crew's, the designs', the squadron's.
    await page
      .getByRole("list", { name: "Faults of Shuttle Bay (module 2 of Heavy Fighter)" })
      .getByText(/a fighter may not carry Shuttle Bay/)
      .waitFor();
    await page
      .getByRole("list", { name: "Faults of design Brick" })
      .getByText(/no Engine/)
      .waitFor();
    await page
      .getByRole("list", { name: "Faults of crew Twice Lucky" })
      .getByText(/two tek medals/)
      .waitFor();
    await page
      .getByRole("list", { name: "Faults of the designs" })
      .getByText(/4 designs/)
      .waitFor();
    await page
      .getByRole("list", { name: "Faults of the squadron" })
      .getByText(/spent of 90 M€/)
      .waitFor();
    await review(page, "faulty-example");

    // A file the shape refuses is not loaded: parseSquadron's problems are said.
    await page.getByLabel("Squadron file to load (YAML or JSON)").fill("designs:\n  - { name: X, type: cruiser, modules: [E, Warp] }\n");
    await page.getByRole("button", { name: "Load it" }).click();
    await page
      .getByRole("alert")
      .getByText(/designs\[0\]\.type: type: vessel or fighter/)
      .waitFor();
    await review(page, "refused-file");
    await ctx.close();
  });

  it("reads on a phone: one column, no sideways scrolling", { timeout: 120_000 }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await signUpAt(base, ctx, "phone-designer", "correct horse battery");
    await open(page);
    await expect.poll(() => summary(page).innerText(), WAIT).toMatch(/^Cost 82 M€ of 100 M€/);
    const overflow = await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth");
    expect(overflow).toBeLessThanOrEqual(0);
    await review(page, "phone");
    await ctx.close();
  });
});
