/**
 * A Battleshift battle played in the browser by pointing (issue 11): a real `starhost serve` on a PGlite folder serves a
 * fresh build of src/web, and Debian's Chromium (/usr/bin/chromium, driven by playwright-core; never a downloaded
 * browser) plays blue against red's bot. The order sheet is written with its forms (the secret activation sequence
 * reordered, the initiative choice); then in several of blue's activations a squadron is dragged with the mouse (too far
 * first: the check's refusal and its measured figure shown beside the move; then within its allowance), turned with
 * the keyboard, an enemy chosen with the mouse (the measured distance, range band and blocker shown) and fired at, and
 * the orders submitted with the reply shown; red's activations are run by the game master's button. Every page is
 * checked with axe-core and kept as a screenshot in test/web/screenshots/ (play-bs-*.png). The build, serve, browser and
 * review are test/web/support.ts's, the pointing helpers test/web/bs-pointing.ts's.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drag, pixelsPerInch, untilBlueActivates, WAIT } from "./bs-pointing.js";
import { haveChromium, review as reviewPage, signUpAt, startWeb, type WebSession } from "./support.js";

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("web-bsplay");
  base = session.base;
  browser = session.browser;
}, 240_000);

afterAll(async () => session?.close());

let shot = 0;
const review = (page: Page, name: string) => reviewPage(page, `play-bs-${String(++shot).padStart(2, "0")}-${name}`);

const signUp = (context: BrowserContext, name: string, password: string): Promise<Page> => signUpAt(base, context, name, password, WAIT);

/** The draft's first order, with its rulings. */
const draft0 = (page: Page) => page.locator(".bs-draft > li").first();

/**
 * A point of the squadron's drafted move's path (the dashed line from where it stands to where it goes), in page
 * pixels: the one farthest from any ship of it or of its ghost, so that a click there is on the path, not a ship.
 */
async function pathPoint(page: Page, squadron: Locator, ppi: number): Promise<{ x: number; y: number }> {
  const line = page.locator(".bs-plan .bs-path").first();
  // In view first: the page and the table's frame scroll, and a click lands where the pointer is on the screen.
  await line.scrollIntoViewIfNeeded();
  const [x1, y1, x2, y2] = await Promise.all(["x1", "y1", "x2", "y2"].map(async (k) => Number(await line.getAttribute(k))));
  const svg = page.locator(".map-frame svg").first();
  const box = (await svg.boundingBox())!;
  const vb = (await svg.getAttribute("viewBox"))!.split(" ").map(Number);
  const k = box.width / vb[2]!;
  const toPage = (ux: number, uy: number) => ({ x: box.x + (ux - vb[0]!) * k, y: box.y + (uy - vb[1]!) * k });
  const centres = await Promise.all(
    [...(await squadron.locator("circle").all()), ...(await page.locator(".bs-plan circle").all())].map(async (c) => {
      const b = (await c.boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }),
  );
  let best = { x: 0, y: 0, room: -1 };
  for (let i = 1; i < 20; i++) {
    const p = toPage(x1! + ((x2! - x1!) * i) / 20, y1! + ((y2! - y1!) * i) / 20);
    const room = Math.min(...centres.map((c) => Math.hypot(c.x - p.x, c.y - p.y)));
    if (room > best.room) best = { ...p, room };
  }
  // Clear of the ships' bases (0.75" reach a ship).
  expect(best.room).toBeGreaterThan(0.8 * ppi);
  return best;
}

describe.skipIf(!haveChromium)("a Battleshift battle played by pointing", () => {
  it("writes the order sheet with forms, then plays blue's activations by dragging and clicking against red's bot", {
    timeout: 600_000,
  }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const erin = await signUp(ctx, "erin", "a long enough password");
    await erin.getByLabel("Ruleset").selectOption("battleshift");
    await erin.getByLabel("Scenario").selectOption("playtest");
    await erin.getByLabel("Title (optional)").fill("Pointing battle");
    await erin.getByLabel("Every seat to start with").selectOption("normal");
    await erin.getByRole("button", { name: "Create game" }).click();
    await erin.getByRole("heading", { name: "Pointing battle" }).waitFor();
    await erin.getByLabel(/^Who plays .*\(blue\)/).selectOption("open");
    await erin.getByRole("button", { name: /^Join as .*\(blue\)/ }).click();
    await erin.getByRole("button", { name: "Start the game" }).click();
    await erin.getByRole("heading", { name: "The table as blue sees it" }).waitFor();

    // The order sheet: the secret activation sequence, reordered by its buttons, and the initiative by its form.
    await erin.getByRole("heading", { name: "Activation sequence (secret)" }).waitFor();
    await erin.getByRole("button", { name: "blue-tf3 earlier" }).click();
    await expect.poll(() => erin.locator(".bs-draft").innerText(), WAIT).toContain("activation sequence: blue-tf1, blue-tf3, blue-tf2");
    const sheetForm = erin.getByRole("form", { name: "Add to the order sheet" });
    await sheetForm.getByLabel("Order").selectOption("initiative");
    // Only the menus' choices are offered: first or second.
    const choose = sheetForm.getByLabel("choose");
    expect(await choose.locator("option").allInnerTexts()).toEqual(["(choose)", "first", "second"]);
    await choose.selectOption("first");
    await sheetForm.getByRole("button", { name: "Add to the draft" }).click();
    await expect.poll(() => erin.locator(".bs-draft").innerText(), WAIT).toContain("initiative: go first");
    // The check of the latest draft (no older one still shown), with each ruling beside its order.
    await expect.poll(() => erin.locator(".bs-stale").count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => erin.locator(".verdict").innerText(), { timeout: 30_000 }).toBe("Every order is expected to succeed.");
    await expect.poll(() => draft0(erin).innerText(), WAIT).toContain("Order sheet: activation sequence: blue-tf1, blue-tf3, blue-tf2");
    await expect.poll(() => erin.locator(".bs-draft > li").nth(1).innerText(), WAIT).toContain("if you win the initiative you go first");
    await review(erin, "sheet");
    // The same draft, as text.
    await erin.getByRole("button", { name: "As text" }).click();
    expect(await erin.getByLabel("Orders file (YAML or JSON), the same draft").inputValue()).toContain(
      '"type":"initiative","choose":"first"',
    );
    await erin.getByRole("button", { name: "By pointing" }).click();
    await erin.getByRole("button", { name: "Submit orders" }).click();
    await erin.getByText(/^Submitted revision 1 for /).waitFor();

    const table = erin.getByRole("region", { name: /^Table of \d+' by \d+'/ });
    const ppi = await pixelsPerInch(table);
    let played = 0;
    for (let round = 0; round < 3; round++) {
      if (!(await untilBlueActivates(erin))) break;
      const mine = table.getByRole("button", { name: /^Squadron \S+ \(blue\).*in this activation/ }).first();
      const label = (await mine.getAttribute("aria-label"))!;
      const id = /^Squadron (\S+)/.exec(label)![1]!;
      const facing = Number(/facing (\d+)/.exec(label)![1]);
      const draft = erin.locator(".bs-draft");
      // A tap on one of its ships chooses it (or lets it go), as on any squadron.
      const was = await mine.getAttribute("aria-pressed");
      await mine.locator("circle").first().click();
      await expect.poll(() => mine.getAttribute("aria-pressed"), WAIT).toBe(was === "true" ? "false" : "true");

      if (round === 0) {
        // Too far: the check refuses the move, with the measured distance and the allowance beside it.
        await drag(erin, mine, 30, facing, ppi);
        await expect.poll(() => draft.innerText(), WAIT).toMatch(new RegExp(`#0 move ${id} to`));
        await expect
          .poll(
            () =>
              draft
                .locator("li.fail")
                .first()
                .innerText({ timeout: 1000 })
                .catch(() => ""),
            { timeout: 30_000 },
          )
          .toMatch(/fails.* would move [\d.]+"; .* moves up to \d+"/);
        await review(erin, `refused-${round}`);
      }
      // Within its allowance: the new drag replaces the move in its place.
      await drag(erin, mine, 3, facing, ppi);
      await expect
        .poll(
          () =>
            draft
              .locator("li.pass")
              .first()
              .innerText({ timeout: 1000 })
              .catch(() => ""),
          { timeout: 30_000 },
        )
        .toMatch(new RegExp(`ok.*${id} moves [\\d.]+" of \\d+"`));
      expect((await draft.innerText()).match(/#\d+ move /g)?.length).toBe(1);

      // The keyboard turns its end facing 15 degrees, and back.
      await mine.focus();
      await erin.keyboard.press("]");
      await expect.poll(() => draft.innerText(), WAIT).toContain(`facing ${(facing + 15) % 360}`);
      await erin.keyboard.press("[");
      await expect.poll(() => draft.innerText(), WAIT).toContain(`facing ${facing}`);
      if (round === 0) {
        // The facing handle, 3" ahead of the end of the move, dragged round 30 degrees to starboard.
        const h = (await erin.locator(".bs-handle").boundingBox())!;
        const hx = h.x + h.width / 2;
        const hy = h.y + h.height / 2;
        const f = (facing * Math.PI) / 180;
        const g = ((facing + 30) * Math.PI) / 180;
        const ex = hx - Math.sin(f) * 3 * ppi;
        const ey = hy + Math.cos(f) * 3 * ppi;
        await erin.mouse.move(hx, hy);
        await erin.mouse.down();
        for (let i = 1; i <= 6; i++) {
          const a = f + ((g - f) * i) / 6;
          await erin.mouse.move(ex + Math.sin(a) * 3 * ppi, ey - Math.cos(a) * 3 * ppi);
        }
        await erin.mouse.up();
        const turned = new RegExp(`facing (${facing + 29}|${facing + 30}|${facing + 31})\\b`);
        await expect.poll(() => draft.innerText(), WAIT).toMatch(turned);
        await review(erin, "turned");
        // And back by the keys, onto the 15 degree marks.
        await mine.focus();
        await erin.keyboard.press("[");
        await erin.keyboard.press("[");
        await expect.poll(() => draft.innerText(), WAIT).toContain(`facing ${facing}`);
      }

      // Choose an enemy with the mouse: the measure before any order, then fire at it.
      if ((await mine.getAttribute("aria-pressed")) !== "true") await mine.press("Enter");
      const theirs = table.getByRole("button", { name: /^Squadron \S+ \(red\)/ }).nth(round);
      const theirId = /^Squadron (\S+)/.exec((await theirs.getAttribute("aria-label"))!)![1]!;
      await theirs.locator("circle").first().click();
      await erin.getByRole("heading", { name: `${id} to ${theirId}`, exact: true }).waitFor();
      const figures = await erin.locator(".bs-measure").innerText();
      expect(figures).toMatch(/Distance \d+(\.\d)?" \(nearest ships\); bearing \d+ degrees, \d+ degrees off/);
      expect(figures).toMatch(/Range band: [\d.]+": (within reach of|beyond every weapon|no weapons)/);
      expect(figures).toMatch(/No squadron blocks the line\.|Blocked by \S+\./);
      expect(figures).toContain(`From the end of ${id}'s drafted move`);
      const fire = erin.locator(".bs-aim button").first();
      if ((await fire.count()) > 0) {
        const what = await fire.innerText();
        await fire.click();
        await expect.poll(() => erin.getByRole("status").filter({ hasText: "Added to the draft" }).count(), WAIT).toBeGreaterThan(0);
        // Its ruling (fires, or why not, with the measured figure) appears beside it.
        await expect.poll(() => draft.locator("> li").nth(1).locator(".check li").count(), { timeout: 30_000 }).toBeGreaterThan(0);
        expect(what).toMatch(new RegExp(`${id} at ${theirId}`));
      }
      if (round === 0) {
        // Light fire along the move (seed 004 "Light Batteries": "at any point during the squadron's movement"): order
        // it, then click a point of the drafted move's path; the order takes `at`, and the page measures from there.
        const light = erin.locator(".bs-aim button", { hasText: "Fire light batteries" });
        await expect.poll(() => light.count(), WAIT).toBe(1);
        await light.click();
        await expect.poll(() => draft.innerText(), WAIT).toMatch(new RegExp(`fire light batteries: ${id} at ${theirId}`));
        const at = await pathPoint(erin, mine, ppi);
        await erin.mouse.click(at.x, at.y);
        await expect
          .poll(() => draft.innerText(), WAIT)
          .toMatch(new RegExp(`fire light batteries: ${id} at ${theirId}, [\\d.]+" along the move`));
        const inches = Number(new RegExp(`${id} at ${theirId}, ([\\d.]+)" along the move`).exec(await draft.innerText())![1]);
        expect(inches).toBeGreaterThan(0);
        expect(inches).toBeLessThan(3.5);
        await erin
          .getByRole("status")
          .filter({ hasText: `${id}'s light fire set to ${inches}" along its move.` })
          .waitFor();
        await expect
          .poll(() => erin.locator(".bs-drag").innerText(), WAIT)
          .toMatch(
            new RegExp(`light batteries fire from ${inches.toFixed(1)}" along its [\\d.]+" move, facing \\d+: ${theirId} is [\\d.]+" away`),
          );
        await erin.locator(".bs-fire-point").waitFor();
        await erin
          .getByRole("heading", { name: `From ${inches.toFixed(1)}" along ${id}'s move, where its light batteries fire`, exact: true })
          .waitFor();
        // The keyboard steps the point an inch along the move.
        await mine.focus();
        await erin.keyboard.press(",");
        const back = Math.max(0, Math.round((inches - 1) * 10) / 10);
        await expect.poll(() => draft.innerText(), WAIT).toContain(`${id} at ${theirId}, ${back}" along the move`);
        // The check rules on the light order with its point.
        await expect.poll(() => draft.locator("> li").last().locator(".check li").count(), { timeout: 30_000 }).toBeGreaterThan(0);
        await review(erin, "fire-point");
      }
      if (round === 1) {
        // A form's point by pointing: "Pick to on the table", then a click on open space in the middle of the table.
        const form = erin.getByRole("form", { name: "Add an order" });
        await form.getByLabel("Order").selectOption("move");
        await form.getByRole("button", { name: "Pick to on the table" }).click();
        await erin.getByRole("status").filter({ hasText: "Click the table for to." }).waitFor();
        const svg = table.locator("svg").first();
        const box = (await svg.boundingBox())!;
        await svg.click({ position: { x: box.width / 2, y: box.height / 2 } });
        await expect.poll(async () => Number(await form.getByLabel("x", { exact: true }).inputValue()), WAIT).toBeCloseTo(36, 0);
        expect(Number(await form.getByLabel("y", { exact: true }).inputValue())).toBeCloseTo(24, 0);
      }
      await review(erin, `activation-${round}`);
      const step = (await erin.locator(".bs-orders h3").innerText()).replace(/^Orders for /, "");
      await erin.getByRole("button", { name: "Submit orders" }).click();
      await erin.getByText(`Submitted revision 1 for ${step}.`, { exact: false }).waitFor();
      // Blue was the only seat awaited: the step has run, and the page has moved on to the next.
      await expect.poll(() => erin.locator(".bs-orders h3").innerText(), { timeout: 30_000 }).not.toBe(`Orders for ${step}`);
      played++;
    }
    expect(played).toBeGreaterThanOrEqual(2);
    await review(erin, "after");
    // Readable on a phone: the same page, narrow.
    await erin.setViewportSize({ width: 390, height: 844 });
    await review(erin, "phone");
    await ctx.close();
  });
});
