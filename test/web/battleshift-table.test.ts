/**
 * Battleshift's table in the browser (issue 11): a real `starhost serve` on a PGlite folder serves a fresh build of
 * src/web, and Debian's Chromium (/usr/bin/chromium, driven by playwright-core; never a downloaded browser) opens a
 * Battleshift side against a bot. The table is drawn from the side's view; the arcs, ranges, command range and
 * coherency are toggled on; a squadron is chosen by the keyboard (its details shown) and an enemy one by the mouse, and
 * the measured figures (distance, bearing against each weapon's arc, line of sight) appear without any order being
 * submitted. Every page is checked with axe-core and kept as a screenshot in test/web/screenshots/ (table-*.png).
 * The build, serve, browser and review are test/web/support.ts's; the sign-up is play.test.ts's, copied. First,
 * without a browser: the page's measures, made from the view alone, are the server's own on the whole state.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { bears, momentNow, WEAPONS } from "../../src/rules/battleshift/combat/fire.js";
import { describeLos, lineOfSight } from "../../src/rules/battleshift/combat/line-of-sight.js";
import { Ctx } from "../../src/rules/battleshift/context.js";
import { viewFor } from "../../src/rules/battleshift/presentation/view.js";
import { measure, stateOfView } from "../../src/web/rulesets/battleshift/table-state.js";
import { tinyBattle } from "../battleshift/support.js";
import { haveChromium, review as reviewPage, signUpAt, startWeb, type WebSession } from "./support.js";

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("web-table");
  base = session.base;
  browser = session.browser;
  // play.test.ts empties the folder for its own pictures; this file only adds its own (named "table-...").
}, 240_000);

afterAll(async () => session?.close());

let shot = 0;
/** Keep a screenshot of the page (named "table-NN-...") and check it with axe-core. */
const review = (page: Page, name: string) => reviewPage(page, `table-${String(++shot).padStart(2, "0")}-${name}`);

const signUp = (context: BrowserContext, name: string, password: string): Promise<Page> => signUpAt(base, context, name, password);

describe("the table's measures, made from the seat's view alone", () => {
  // Blue's cruiser faces east at red's r1, 20" away, with red's r2 across the line; red's r3 is in hyperspace with a
  // secret return point.
  const state = tinyBattle([
    { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 10]], facing: 90 },
    { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[30, 10]], facing: 270 },
    { id: "r2", side: "red", design: "generic/fleet-cruiser", at: [[20, 10]], facing: 270 },
    { id: "r3", side: "red", design: "generic/fleet-cruiser", at: [[50, 30]], facing: 270 },
  ]);
  state.squadrons.r3!.location = "hyperspace";
  state.squadrons.r3!.arrival = { turn: 3, sector: "C5", facing: 270 };
  const seen = stateOfView(viewFor(state, "blue", []));

  it("keeps the other side's secrets out: the return point of red's ships in hyperspace is not there", () => {
    expect(seen.squadrons.r3?.arrival).toBeNull();
    expect(seen.turnState.sequences.red).toBeUndefined();
  });

  it("gives the distance, bearing, arcs and blocker the rules measure on the whole state", () => {
    const ctx = new Ctx(state, Rng.fromSeed(1), "blue", true);
    const b1 = state.squadrons.b1!;
    const r1 = state.squadrons.r1!;
    const m = measure(seen, "b1", "r1")!;
    expect(m).toMatchObject({ distance: 20, bearing: 90, offFacing: 0, blocker: "r2" });
    expect(m.lineOfSight).toBe(describeLos(lineOfSight(ctx.los, b1, r1)));
    const heavy = bears(ctx, b1, WEAPONS.heavy, momentNow(b1), r1);
    expect(m.weapons.find((w) => w.name === "heavy batteries")).toMatchObject({ ok: heavy.ok, range: 36, arc: heavy.arcText });
    // Red's r2 faces west, straight at blue's b1; a squadron in hyperspace is not on the table to measure to.
    const behind = measure(seen, "r2", "b1")!;
    expect(behind.offFacing).toBe(0);
    expect(measure(seen, "b1", "r3")).toBeNull();
  });
});

describe.skipIf(!haveChromium)("Battleshift's table in the browser", () => {
  it("draws the side's table, toggles its layers, shows a squadron's details and measures to a target without submitting", {
    timeout: 300_000,
  }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const dana = await signUp(ctx, "dana", "a long enough password");
    await dana.getByLabel("Ruleset").selectOption("battleshift");
    await dana.getByLabel("Scenario").selectOption("playtest");
    await dana.getByLabel("Title (optional)").fill("Table battle");
    await dana.getByLabel("Every seat to start with").selectOption("normal");
    await dana.getByRole("button", { name: "Create game" }).click();
    await dana.getByRole("heading", { name: "Table battle" }).waitFor();
    // Every side starts with the bot; Dana takes blue back for herself.
    await dana.getByLabel(/^Who plays .*\(blue\)/).selectOption("open");
    await dana.getByRole("button", { name: /^Join as .*\(blue\)/ }).click();
    await dana.getByRole("button", { name: "Start the game" }).click();
    await dana.getByRole("heading", { name: "The table as blue sees it" }).waitFor();
    const table = dana.getByRole("region", { name: /^Table of \d+' by \d+'/ });
    // Both fleets are on the open table: blue's own squadrons and red's, each a button.
    const blueSquadrons = table.getByRole("button", { name: /^Squadron \S+ \(blue\)/ });
    const redSquadrons = table.getByRole("button", { name: /^Squadron \S+ \(red\)/ });
    await expect.poll(() => blueSquadrons.count()).toBeGreaterThan(0);
    expect(await redSquadrons.count()).toBeGreaterThan(0);
    const paths = () => table.locator("path").count();
    const before = await paths();
    for (const layer of ["Weapon arcs", "Weapon ranges", "Command range", "Coherency"]) await dana.getByLabel(layer).check();
    // Arcs and ranges are drawn as wedges for every squadron on the table.
    expect(await paths()).toBeGreaterThan(before);
    await review(dana, "layers");

    // A blue squadron by the keyboard: its details.
    const mine = blueSquadrons.first();
    const mineName = (await mine.getAttribute("aria-label"))!;
    const mineId = /^Squadron (\S+)/.exec(mineName)![1]!;
    await mine.focus();
    await dana.keyboard.press("Enter");
    await dana.getByRole("heading", { name: `Squadron ${mineId}` }).waitFor();
    expect(await mine.getAttribute("aria-pressed")).toBe("true");
    // Then a red one by the mouse: the figures measured by the rules' own fire and line-of-sight code.
    const theirs = redSquadrons.first();
    const theirId = /^Squadron (\S+)/.exec((await theirs.getAttribute("aria-label"))!)![1]!;
    // A real click, on one of its ships' bases.
    await theirs.locator("circle").first().click();
    await dana.getByRole("heading", { name: `${mineId} to ${theirId}` }).waitFor();
    const figures = await dana.locator(".bs-measure").innerText();
    expect(figures).toMatch(/Distance \d+(\.\d)?" \(nearest ships\); bearing \d+ degrees, \d+ degrees off/);
    expect(figures).toMatch(/line of sight (clear|-\d|blocked)/);
    expect(figures).toMatch(
      /heavy batteries \(36", 90 degree forward arc \(\+\/-45\)\): (bears|out of range|out of arc \(\d+ degrees off\))/,
    );
    await review(dana, "measure");
    // Nothing was submitted: the orders are still awaited.
    expect(await dana.getByText(/^Submitted revision/).count()).toBe(0);
    await dana.getByRole("button", { name: "Clear the target" }).click();
    await expect.poll(() => dana.locator(".bs-measure").count()).toBe(0);
    // Escape on the table lets go of the squadron too.
    await mine.focus();
    await dana.keyboard.press("Escape");
    await expect.poll(() => dana.getByRole("heading", { name: `Squadron ${mineId}` }).count()).toBe(0);
    expect(await mine.getAttribute("aria-pressed")).toBe("false");
    await ctx.close();
  });
});
