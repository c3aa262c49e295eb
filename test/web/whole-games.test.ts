/**
 * Whole games in the browser, from the lobby to the end (issue 11: "a person can ... play a whole Galactic Empires
 * game and a Battleshift battle against bots in the browser"). A real `starhost serve` on a PGlite folder serves a
 * fresh build of src/web, and Debian's Chromium (driven by playwright-core through test/web/support.ts) plays.
 *
 * Galactic Empires: one person makes the tutorial with the normal bot in every other seat through the lobby's form,
 * with a fixed seed and the Settings' turn limit of 3 (the tutorial's own is 30; the victory conditions are
 * settings, RULINGS.md "Victory", and 3 is the fewest turns that still leave the charts a line: 1 is the smallest
 * legal), early advance on (the default). Each turn is written with the forms (a proclamation at Headquarters; on
 * turn 1 also Patrol Force 2's path clicked on the map) and submitted; the bots' turn runs at once. After turn 3
 * the game is over: the final results, who won and why, the charts with every empire's history, and the lobby's
 * "Your games" saying it is over.
 *
 * Battleshift: one person makes the `skirmish` (the two small example fleets) against the red bot with a fixed seed
 * and a turn limit of 3, and plays blue to the end by pointing (a squadron dragged toward the enemy, an enemy
 * clicked, fire), then opens the replay and steps to the last volley.
 *
 * Every end page passes axe and is kept as a screenshot (test/web/screenshots/whole-*.png).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVATION_HINT, drag, pixelsPerInch } from "./bs-pointing.js";
import { haveChromium, mapSectorPoint, review as reviewPage, signUpAt, startWeb, type WebSession } from "./support.js";

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("web-whole");
  base = session.base;
  browser = session.browser;
}, 240_000);

afterAll(async () => session?.close());

const review = (page: Page, name: string) => reviewPage(page, `whole-${name}`);

/** What the page does after a click (a render, a check, a turn run by the bots) may take a while on a busy machine. */
const WAIT = { timeout: 30_000 };

/** The GE tutorial's turn limit chosen in the lobby's Settings. */
const GE_TURNS = 3;
/** The Battleshift skirmish's turn limit chosen in the lobby's Settings (the default is 10). */
const BS_TURNS = 3;

/** Click a sector's cell on the map where it is drawn, at its middle (as ge-orders.test.ts does). */
async function clickSector(page: Page, seat: string, id: number): Promise<void> {
  await page.getByRole("region", { name: `Map of the galaxy as ${seat} sees it` }).scrollIntoViewIfNeeded();
  const at = await mapSectorPoint(page, id);
  if (!at) throw new Error(`sector ${id} is not on the map`);
  await page.mouse.click(at.x, at.y);
}

describe.skipIf(!haveChromium)("whole games in the browser", () => {
  it("Galactic Empires: one person against the bots, from the lobby's form to the final results and charts", {
    timeout: 300_000,
  }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signUpAt(base, ctx, "kahless", "correct horse battery", WAIT);

    // The lobby's form: the tutorial, the normal bot everywhere, a fixed seed and a short turn limit.
    await page.getByLabel("Ruleset").selectOption("galactic-empires");
    await page.getByLabel("Scenario").selectOption("tutorial");
    await page.getByLabel(/^Turn limit/).fill(String(GE_TURNS));
    await page.getByLabel(/^Seed/).fill("7");
    await page.getByLabel("Title (optional)").fill("Whole tutorial");
    await page.getByLabel("Every seat to start with").selectOption("normal");
    await review(page, "ge-1-new-game");
    await page.getByRole("button", { name: "Create game" }).click();
    await page.getByRole("heading", { name: "Whole tutorial" }).waitFor();
    // Every empire starts with the bot; the Klingons are taken back for the person.
    await page.getByLabel("Who plays Klingon Empire").selectOption("open");
    await page.getByRole("button", { name: "Join as Klingon Empire" }).click();
    await page.getByRole("button", { name: "Leave Klingon Empire" }).waitFor();
    await page.getByRole("row", { name: /Romulan Star Empire.*normal bot/ }).waitFor();
    await page.getByRole("row", { name: /Federation Core.*normal bot/ }).waitFor();
    await page.getByRole("button", { name: "Start the game" }).click();

    const check = page.getByRole("region", { name: "The check of these orders" });
    for (let turn = 1; turn <= GE_TURNS; turn++) {
      await page.getByText(`Orders for turn ${turn}`).waitFor(WAIT);
      const plans = page.getByRole("region", { name: `HQ Plans for turn ${turn}` });
      await plans.getByText("No orders planned yet.").waitFor(WAIT);
      let planned = 0;
      if (turn === 1) {
        // Patrol Force 2 (A5) at Khitomer: its path clicked on the map, to Narendra (2 move points, chapter 4).
        await page.getByRole("tab", { name: "Unit orders" }).click();
        await page.getByRole("tabpanel", { name: "Unit orders" }).getByLabel("Starfleet to plan").selectOption("A5");
        await page.getByRole("tab", { name: "Map", exact: true }).click();
        await clickSector(page, "klingon", 3);
        await plans.getByText("#0 A5 travels to sector 3").waitFor(WAIT);
        await expect.poll(() => page.locator("svg g.plan-arrows line").count(), WAIT).toBe(1);
        planned++;
        await page.getByRole("tab", { name: "Empire orders" }).click();
      }
      // Headquarters: a proclamation, written with its form (chapter 2).
      const hq = page.getByRole("tabpanel", { name: "Empire orders" });
      await hq.getByLabel("Order", { exact: true }).selectOption("proclaim");
      await hq.getByLabel("Text").fill(`Turn ${turn}: the Klingon Empire stands. Our warriors seek honour among the stars.`);
      await hq.getByRole("button", { name: "Plan proclaim" }).click();
      await plans.getByText(new RegExp(`#${planned} proclamation: "Turn ${turn}: the Klingon Empire stands`)).waitFor(WAIT);
      // The check of exactly these orders, then submit: the bots have theirs, so the turn runs at once.
      await check
        .locator(".verdict")
        .getByText(/expected to succeed|will fail or be skipped/)
        .waitFor(WAIT);
      if (turn === 1) await review(page, "ge-2-turn-1-planned");
      await page.getByRole("button", { name: "Submit orders" }).click();
      // The reply, until the last turn: then the game is over, and the page says so in place of the orders desk.
      if (turn < GE_TURNS)
        await page
          .getByRole("status")
          .getByText(new RegExp(`Submitted revision 1 for turn ${turn}\\.`))
          .waitFor(WAIT);
    }
    await page.getByRole("status").getByText("The game is over.", { exact: true }).waitFor({ timeout: 60_000 });

    // The end: the summary says it is over, and why; no more orders are asked for.
    await expect.poll(() => page.locator(".summary").innerText(), { timeout: 60_000 }).toMatch(/Over: the turn limit \(3\) was reached/);
    // It names no step to come: "Ended", where a game going on names the awaited turn.
    expect((await page.locator(".step-label").innerText()).trim()).toBe("Ended");
    await page.getByRole("heading", { name: `Results: turn ${GE_TURNS}` }).waitFor(WAIT);
    await expect.poll(() => page.locator(".ge-turn").innerText(), WAIT).toContain("The game is over.");
    // No orders desk for a turn that never comes: only the word that it takes no more orders.
    await page.getByRole("region", { name: "Orders" }).getByText("The game is over. It takes no more orders.").waitFor(WAIT);
    expect(await page.getByRole("button", { name: "Submit orders" }).count()).toBe(0);
    // The game master's panel says so too, and no longer "The game has started." from its first action.
    const gm = page.getByRole("region", { name: "Game master" });
    await gm.getByText("The game is over: there is nothing left to start, pause or run.").waitFor(WAIT);
    expect(await gm.getByText("The game has started.").count()).toBe(0);
    await review(page, "ge-3-over");
    // The final results, in full, in the Messages area: who won and why.
    await page.getByRole("tab", { name: "Messages" }).click();
    await page
      .getByText(new RegExp(`The game is over after turn ${GE_TURNS}\\. .* won.*: the turn limit \\(3\\) was reached`))
      .first()
      .waitFor(WAIT);
    await review(page, "ge-4-final-results");
    // The Game area: who won, and the charts with every empire's history, turn by turn.
    await page.getByRole("tab", { name: "Game" }).click();
    const game = page.getByRole("tabpanel", { name: "Game" });
    await game
      .locator(".ge-outcome")
      .getByText(/won: the turn limit \(3\) was reached/)
      .waitFor(WAIT);
    await game.getByText("The game is over: every empire's figures, turn by turn.").waitFor(WAIT);
    const key = game.getByRole("list", { name: "Key" });
    expect((await key.locator("li").allInnerTexts()).map((t) => t.trim()).sort()).toEqual([
      "Federation Core",
      "Klingon Empire",
      "Romulan Star Empire",
    ]);
    for (const figure of ["Sectors", "Starships", "Treasury"]) {
      const chart = game.getByRole("img", { name: new RegExp(`^${figure} by turn`) });
      await chart.waitFor(WAIT);
      // One line an empire, each with a point a turn from the start to the end.
      expect(await chart.locator("path").count()).toBe(3);
      expect(await chart.locator("circle").count()).toBeGreaterThanOrEqual(3 * GE_TURNS);
    }
    // The figures as a table: a row a turn, a column an empire.
    const sectors = game.locator("figure", { hasText: "Sectors by turn" });
    await sectors.getByText("Sectors: the figures as a table").click();
    const head = await sectors.locator("thead th").allInnerTexts();
    expect(head).toEqual(expect.arrayContaining(["Turn", "Klingon Empire", "Romulan Star Empire", "Federation Core"]));
    expect(await sectors.locator("tbody tr").count()).toBeGreaterThanOrEqual(GE_TURNS);
    await review(page, "ge-5-charts");

    // The lobby lists it among your games as ended: no step, nothing awaited.
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Lobby" }).click();
    await page.getByRole("heading", { name: "Lobby" }).waitFor();
    const mine = page.getByRole("region", { name: "Your games" });
    await mine.getByRole("row", { name: /Whole tutorial ended over/ }).waitFor(WAIT);
    await review(page, "ge-6-lobby");
    await ctx.close();
  });

  it("Battleshift: one person plays a skirmish against the bot by pointing to its end, then replays it to the last volley", {
    timeout: 300_000,
  }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signUpAt(base, ctx, "rhea", "a long enough password", WAIT);
    await page.getByLabel("Ruleset").selectOption("battleshift");
    await page.getByLabel("Scenario").selectOption("skirmish");
    await page.getByLabel(/^Turn limit/).fill(String(BS_TURNS));
    await page.getByLabel(/^Seed/).fill("5");
    await page.getByLabel("Title (optional)").fill("Whole skirmish");
    await page.getByLabel("Every seat to start with").selectOption("normal");
    await page.getByRole("button", { name: "Create game" }).click();
    await page.getByRole("heading", { name: "Whole skirmish" }).waitFor();
    await page.getByLabel(/^Who plays .*\(blue\)/).selectOption("open");
    await page.getByRole("button", { name: /^Join as .*\(blue\)/ }).click();
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.getByRole("heading", { name: "The table as blue sees it" }).waitFor(WAIT);

    const table = page.getByRole("region", { name: /^Table of \d+' by \d+'/ });
    const draft = page.locator(".bs-draft");
    let activations = 0;
    let fired = 0;
    for (let guard = 0; ; guard++) {
      expect(guard, "blue's steps before the end").toBeLessThan(40);
      if ((await page.getByText("The game is over.").count()) > 0) break;
      // The order sheet (the start of each turn) is submitted as drafted. Red's activations run by themselves right
      // after blue's step (early advance: only its bot is awaited), so the page comes back to blue's next step or
      // sheet with no "Run now".
      const orders = page.locator(".bs-orders h3");
      await expect
        .poll(async () => ((await orders.count()) === 0 ? "" : await orders.innerText()), { timeout: 30_000 })
        .toMatch(/^Orders$|^Orders for .*(order sheets|blue activation)/);
      if ((await page.getByText("The game is over.").count()) > 0) break;
      if (!/order sheets/.test(await orders.innerText())) await page.getByText(ACTIVATION_HINT).waitFor(WAIT);
      const heading = (await page.locator(".bs-orders h3").innerText()).replace(/^Orders for /, "");
      if (!/order sheets/.test(heading)) {
        // A squadron of this activation, dragged 4" ahead (toward the enemy), then an enemy clicked and fired at.
        const mine = table.getByRole("button", { name: /^Squadron \S+ \(blue\).*in this activation/ }).first();
        const label = (await mine.getAttribute("aria-label"))!;
        const id = /^Squadron (\S+)/.exec(label)![1]!;
        const facing = Number(/facing (\d+)/.exec(label)![1]);
        await drag(page, mine, 4, facing, await pixelsPerInch(table));
        await expect.poll(() => draft.innerText(), WAIT).toMatch(new RegExp(`#0 move ${id} to`));
        if ((await mine.getAttribute("aria-pressed")) !== "true") await mine.press("Enter");
        const theirs = table.getByRole("button", { name: /^Squadron \S+ \(red\)/ }).first();
        const theirId = /^Squadron (\S+)/.exec((await theirs.getAttribute("aria-label"))!)![1]!;
        await theirs.locator("circle").first().click();
        await page.getByRole("heading", { name: `${id} to ${theirId}`, exact: true }).waitFor(WAIT);
        const fire = page.locator(".bs-aim button").first();
        if ((await fire.count()) > 0) {
          await fire.click();
          await expect.poll(() => page.getByRole("status").filter({ hasText: "Added to the draft" }).count(), WAIT).toBeGreaterThan(0);
          fired++;
        }
        await expect.poll(() => page.locator(".bs-stale").count(), WAIT).toBe(0);
        // The menus offered only squadrons this activation takes: the check refuses none for that.
        await expect.poll(() => page.locator(".verdict").count(), WAIT).toBeGreaterThan(0);
        expect(await draft.innerText()).not.toMatch(/not part of this activation|not a squadron of this activation/);
        if (activations === 0) await review(page, "bs-1-activation");
        activations++;
      }
      const step = (await page.locator(".bs-orders h3").innerText()).replace(/^Orders for /, "");
      await page.getByRole("button", { name: "Submit orders" }).click();
      await page.getByText(`Submitted revision 1 for ${step}.`, { exact: false }).waitFor(WAIT);
      await expect
        .poll(async () => ((await page.locator(".bs-orders h3").count()) === 0 ? "" : await page.locator(".bs-orders h3").innerText()), {
          timeout: 30_000,
        })
        .not.toBe(`Orders for ${step}`);
    }
    expect(activations).toBeGreaterThanOrEqual(2);
    expect(fired).toBeGreaterThan(0);
    // The end: by annihilation or on victory points after the turn limit.
    await expect.poll(() => page.locator(".summary").innerText(), WAIT).toMatch(/Over: .*(no ship left|turn limit \(3\) is reached)/);
    await page.getByRole("region", { name: "Orders" }).getByText("The game is over. It takes no more orders.").waitFor(WAIT);
    expect(await page.getByRole("button", { name: "Submit orders" }).count()).toBe(0);
    await review(page, "bs-2-over");

    // The replay, made from blue's own reports: every volley from the first step to the last one.
    const replay = page.getByRole("region", { name: "Replay", exact: true });
    await replay.getByRole("button", { name: "Show the replay" }).click();
    const where = replay.locator(".bs-where");
    await expect.poll(() => where.textContent(), { timeout: 120_000 }).toMatch(/^Step \d+ of \d+/);
    await replay.getByRole("button", { name: "First" }).click();
    await expect.poll(() => where.textContent(), WAIT).toMatch(/^Step 1 of/);
    const next = replay.getByRole("button", { name: "Next volley" });
    let volleys = 0;
    for (let i = 0; await next.isEnabled(); i++) {
      expect(i, "beats in the replay").toBeLessThan(2000);
      await next.click();
      if (/Volley or roll \d+ of \d+/.test((await where.textContent()) ?? "")) volleys++;
    }
    expect(volleys).toBeGreaterThan(0);
    // At the end: back to the last volley of the battle.
    const previous = replay.getByRole("button", { name: "Previous volley" });
    while (!/Volley or roll \d+ of \d+/.test((await where.textContent()) ?? "")) await previous.click();
    const last = (await where.textContent())!;
    expect(last).toMatch(/Volley or roll (\d+) of \1:/);
    await replay.scrollIntoViewIfNeeded();
    await review(page, "bs-3-last-volley");
    await ctx.close();
  });
});
