/**
 * The Galactic Empires map in the browser (issue 11, "The map"): a real `starhost serve` on a PGlite folder serves
 * a fresh build of src/web, and Debian's Chromium (/usr/bin/chromium, driven by playwright-core; never a
 * downloaded browser) opens an empire's map in a tutorial game against bots. The map is painted on a canvas; it is
 * zoomed (button, wheel, keyboard), panned (drag, keyboard), and a sector is asked about by a click where it is
 * drawn and by Enter on the sector cursor, walked there with the arrow keys: its location report says what the seat
 * knows and nothing of what it does not. Checked with axe-core (no serious
 * or critical violations), with screenshots in test/web/screenshots/ (named map-*, beside play.test.ts's).
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, mapSectorPoint, review as reviewPage, SHOTS, startWeb, type WebSession } from "./support.js";

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("map");
  base = session.base;
  browser = session.browser;
  // Only this file's own screenshots are replaced; play.test.ts's stay.
  for (const f of ["map-1-opened.png", "map-2-moved.png", "map-3-report.png"]) rmSync(join(SHOTS, f), { force: true });
}, 240_000);

afterAll(async () => session?.close());

/** Keep a screenshot of the page and check it with axe-core. */
const review = (page: Page, name: string) => reviewPage(page, name);

/** The map's viewport (the picture's transform) as numbers: translate x, y (CSS pixels) and scale. */
async function viewport(page: Page): Promise<{ x: number; y: number; k: number }> {
  // Written once a frame: wait for the frame to be drawn first.
  await page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))");
  const t = (await page.locator(".map-picture").getAttribute("style")) ?? "";
  const m = /translate\(([-\d.]+)px, ([-\d.]+)px\) scale\(([-\d.]+)\)/.exec(t);
  if (!m) throw new Error(`no viewport transform: "${t}"`);
  return { x: Number(m[1]), y: Number(m[2]), k: Number(m[3]) };
}

describe.skipIf(!haveChromium)("the Galactic Empires map in Chromium", () => {
  it("pans, zooms and reports a sector as the seat sees it", { timeout: 300_000 }, async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => {
      throw e;
    });
    await page.goto(base);
    const form = page.getByRole("region", { name: "New account" });
    await form.getByLabel("Name").fill("mapper");
    await form.getByLabel(/^Password/).fill("correct horse battery");
    await form.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Lobby" }).waitFor();

    // A tutorial game: the Klingons played here, the Federation and the Romulans by bots.
    await page.getByLabel("Ruleset").selectOption("galactic-empires");
    await page.getByLabel("Scenario").selectOption("tutorial");
    await page.getByLabel("Title (optional)").fill("Map tutorial");
    await page.getByRole("button", { name: "Create game" }).click();
    await page.getByRole("heading", { name: "Map tutorial" }).waitFor();
    await page.getByRole("button", { name: "Join as Klingon Empire" }).click();
    await page.getByRole("button", { name: "Leave Klingon Empire" }).waitFor();
    await page.getByLabel("Who plays Federation Core").selectOption("bot:normal");
    await page.getByRole("row", { name: /Federation Core.*normal bot/ }).waitFor();
    await page.getByLabel("Who plays Romulan Star Empire").selectOption("bot:easy");
    await page.getByRole("row", { name: /Romulan Star Empire.*easy bot/ }).waitFor();
    await page.getByRole("button", { name: "Start the game" }).click();
    // The seat view opens on its Headquarters (seed 003 chapter 2); the map is its own area.
    await page.getByRole("tab", { name: "Map" }).click();

    // The map: all 20 sectors drawn (the overlay lists where), painted on the canvas (not a blank one); the map is
    // one stop in the tab order, its sector cursor on a sector of your own, described in a status line.
    const frame = page.getByRole("region", { name: "Map of the galaxy as klingon sees it" });
    await frame.waitFor();
    await page.getByRole("img", { name: /Map of the galaxy as klingon sees it, at a glance: 20 sectors, 3 of them yours/ }).waitFor();
    const centres = async () =>
      ((await frame.locator("svg.map-picture").getAttribute("data-sector-centres")) ?? "").split(",").filter(Boolean);
    await expect.poll(async () => (await centres()).length).toBe(20);
    const inked = (await page.evaluate(`(() => {
      const c = document.querySelector(".ge-map-frame canvas");
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++;
      return n / (c.width * c.height);
    })()`)) as number;
    expect(inked).toBeGreaterThan(0.05);
    expect(await frame.getAttribute("tabindex")).toBe("0");
    expect(await frame.locator("[tabindex]").count()).toBe(0);
    const cursorLine = page.getByRole("status").filter({ hasText: /^Sector / });
    expect(await cursorLine.innerText()).toMatch(/^Sector 1 Qo'noS; Owner: Klingon Empire/);
    const legend = page.getByRole("complementary", { name: "Map legend and location report" });
    await legend.getByText("Klingon Empire (you): 3 sectors").waitFor();
    await legend.getByText("Federation Core: 3 sectors").waitFor();
    await legend.getByText("Independent: 11 sectors").waitFor();
    await review(page, "map-1-opened");
    expect(await viewport(page)).toEqual({ x: 0, y: 0, k: 1 });

    // Zoom: a button, the wheel (about the cursor), the keyboard.
    const zoom = page.getByRole("toolbar", { name: "Map view" });
    await zoom.getByRole("button", { name: "Zoom in" }).click();
    await zoom.getByText("125%").waitFor();
    expect((await viewport(page)).k).toBeCloseTo(1.25, 3);
    // The pointer works on what is on the screen: the map is scrolled into view first.
    await frame.scrollIntoViewIfNeeded();
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -200);
    await expect.poll(async () => (await viewport(page)).k).toBeGreaterThan(1.3);
    const wheeled = (await viewport(page)).k;
    await frame.focus();
    await page.keyboard.press("-");
    await expect.poll(async () => (await viewport(page)).k).toBeCloseTo(wheeled * 0.8, 3);
    await page.keyboard.press("+");
    await expect.poll(async () => (await viewport(page)).k).toBeCloseTo(wheeled, 3);

    // Pan: a drag moves the picture with the pointer, the arrows and the buttons by a step.
    const before = await viewport(page);
    await page.mouse.move(box.x + 300, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 340, box.y + 220, { steps: 5 });
    await page.mouse.move(box.x + 400, box.y + 250, { steps: 5 });
    await page.mouse.up();
    const dragged = await viewport(page);
    expect(dragged.x).toBeGreaterThan(before.x);
    expect(dragged.y).toBeGreaterThan(before.y);
    expect(dragged.k).toBe(before.k);
    // The arrow keys walk the sector cursor (below); with Shift they pan.
    await frame.focus();
    await page.keyboard.press("Shift+ArrowLeft");
    await expect.poll(async () => (await viewport(page)).x).toBeGreaterThan(dragged.x);
    await page.keyboard.press("Shift+ArrowUp");
    await expect.poll(async () => (await viewport(page)).y).toBeGreaterThan(dragged.y);
    const keyed = await viewport(page);
    await zoom.getByRole("button", { name: "Pan right" }).click();
    await expect.poll(async () => (await viewport(page)).x).toBeLessThan(keyed.x);
    // A drag is not a click: no sector was selected by it.
    await page.getByRole("region", { name: "Location report" }).getByText("Select a sector on the map.").waitFor();
    await review(page, "map-2-moved");

    // Back to the whole galaxy, then a click on Vega (the Federation's, next to nothing of ours): its report
    // names the owner and what we see there, and no foreign forces, which we did not scout.
    await zoom.getByRole("button", { name: "Reset view" }).click();
    await expect.poll(() => viewport(page)).toEqual({ x: 0, y: 0, k: 1 });
    const report = page.getByRole("region", { name: "Location report" });
    await frame.scrollIntoViewIfNeeded();
    const vega = (await mapSectorPoint(page, 17))!;
    // The cell's middle may hold its id or a badge: the click reaches the sector through them.
    await page.mouse.click(vega.x, vega.y);
    await report.getByRole("heading", { name: "Location report: 17 Vega" }).waitFor();
    await report.getByText("Federation Core").first().waitFor();
    expect(await report.innerText()).toMatch(/Foreign forces\s*None seen\./);
    // Outlined as the one selected, and the cursor is on it.
    expect(await frame.locator("polygon.map-selected").count()).toBe(1);
    expect(await frame.locator("polygon.map-selected").getAttribute("data-sector")).toBe("17");
    expect(await cursorLine.innerText()).toMatch(/^Sector 17 Vega; Owner: Federation Core/);

    // The keyboard: the arrow keys walk the cursor from Vega, sector by sector, to our home, and Enter asks
    // about it. Our home: its report lists our own forces there by id.
    await frame.focus();
    const home = (await mapSectorPoint(page, 1))!;
    const walked: string[] = [];
    for (let step = 0; step < 20; step++) {
      const line = await cursorLine.innerText();
      if (/^Sector 1 Qo'noS/.test(line)) break;
      const at = (await mapSectorPoint(page, Number(/^Sector (\d+)/.exec(line)![1])))!;
      const dx = home.x - at.x;
      const dy = home.y - at.y;
      await page.keyboard.press(Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "ArrowLeft" : "ArrowRight") : dy < 0 ? "ArrowUp" : "ArrowDown");
      await expect.poll(() => cursorLine.innerText()).not.toBe(line);
      walked.push(line);
    }
    expect(await cursorLine.innerText()).toMatch(/^Sector 1 Qo'noS; Owner: Klingon Empire/);
    expect(walked.length).toBeGreaterThan(0);
    // Walking is not choosing: the report is still Vega's until Enter.
    await report.getByRole("heading", { name: "Location report: 17 Vega" }).waitFor();
    await page.keyboard.press("Enter");
    await report.getByRole("heading", { name: "Location report: 1 Qo'noS" }).waitFor();
    await report.getByText("Klingon Empire (you)").first().waitFor();
    await report.getByRole("heading", { name: "Your forces" }).waitFor();
    expect(
      await report
        .locator("li")
        .filter({ hasText: /^[AG]\d+ / })
        .count(),
    ).toBeGreaterThan(0);
    await report.getByText(/2 Khitomer/).waitFor();

    // By name in the sector field: the report, and the map focused for the keys with its cursor there.
    await page.getByLabel("Sector (id or name)").fill("Remus");
    await page.getByRole("button", { name: "Show report" }).click();
    await report.getByRole("heading", { name: "Location report: 10 Remus" }).waitFor();
    expect(await cursorLine.innerText()).toMatch(/^Sector 10 Remus/);
    expect(await page.evaluate("document.activeElement?.classList.contains('ge-map-frame')")).toBe(true);
    await page.getByLabel("Sector (id or name)").fill("Nowhere");
    await page.getByRole("button", { name: "Show report" }).click();
    await page.getByRole("alert").getByText('No sector "Nowhere" on this map.').waitFor();
    await review(page, "map-3-report");
    await context.close();
  });
});
