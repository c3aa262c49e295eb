/**
 * Playing a Battleshift side by pointing, as the browser tests do it (battleshift-play, whole-games): the game
 * master's button runs red's steps until blue's activation is awaited, and a squadron is dragged by the mouse
 * along a compass heading, measured in the drawn table's own inches.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** What the page does after a click (a render, a check) may take a while on a busy machine. */
export const WAIT = { timeout: 15_000 };

export const ACTIVATION_HINT = /^Drag a squadron of this activation/;

/** Run red's steps (the game master's button) until blue's activation is awaited; false if the battle ends first. */
export async function untilBlueActivates(page: Page): Promise<boolean> {
  for (let i = 0; i < 20; i++) {
    if ((await page.getByText(ACTIVATION_HINT).count()) > 0) return true;
    if ((await page.getByText("The game is over.").count()) > 0) return false;
    const run = page.getByRole("button", { name: /^Run .* now$/ });
    if ((await run.count()) === 0) return false;
    const label = (await run.innerText()).trim();
    // A step of blue's own is blue's to play: the server runs red's steps by themselves after blue's orders (early
    // advance), and a page slower than that (a busy machine) may not show blue's activation yet. Running it from
    // here would play it with no orders and send the battle down another path.
    if (/\bblue\b/.test(label)) {
      await page.getByText(ACTIVATION_HINT).first().waitFor({ timeout: 30_000 });
      return true;
    }
    await run.click();
    // The step ran: the button names the next step (or the page says whose turn it is).
    await expect.poll(async () => ((await run.count()) === 0 ? "" : (await run.innerText()).trim()), { timeout: 30_000 }).not.toBe(label);
    await expect.poll(() => page.getByText(/^Checking…$/).count(), { timeout: 30_000 }).toBe(0);
  }
  return (await page.getByText(ACTIVATION_HINT).count()) > 0;
}

/** Pixels an inch on the drawn table: the SVG's width on the page over its viewBox width, 20 units an inch. */
export async function pixelsPerInch(table: Locator): Promise<number> {
  const svg = table.locator("svg").first();
  const box = (await svg.boundingBox())!;
  const vb = (await svg.getAttribute("viewBox"))!.split(" ").map(Number);
  return (box.width / vb[2]!) * 20;
}

/** Drag a squadron by the mouse `inches` along compass `heading`, from its first ship. */
export async function drag(page: Page, squadron: Locator, inches: number, heading: number, ppi: number): Promise<void> {
  const ship = squadron.locator("circle").first();
  await ship.scrollIntoViewIfNeeded();
  const b = (await ship.boundingBox())!;
  const x0 = b.x + b.width / 2;
  const y0 = b.y + b.height / 2;
  const r = (heading * Math.PI) / 180;
  const dx = Math.sin(r) * inches * ppi;
  const dy = -Math.cos(r) * inches * ppi;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + (dx * i) / 8, y0 + (dy * i) / 8);
  // While dragging, the path's figures are shown: the distance against the allowance.
  await expect.poll(() => page.locator(".bs-drag").innerText(), WAIT).toMatch(/\d+\.\d" of \d+"/);
  await page.mouse.up();
}
