/**
 * Galactic Empires orders through forms and the map (issue 11), in Debian's Chromium against a real `starhost
 * serve` (test/web/support.ts). A signed-in player takes the Klingons of the tutorial (the other two empires are
 * bots) and writes turn 1 without typing YAML: at Headquarters, war on the Romulans from the diplomatic orders
 * their neutral relation allows, a proclamation, and an espionage order undone again in HQ Plans; for the units,
 * Patrol Force 2's retreat level, and its path clicked on the map (Narendra, then Archanis: the second travel is
 * refused by the check, with its reason beside it in HQ Plans); at Qo'noS, two Birds of Prey in its build box.
 * The check comes first and its odds after (useCheckedDraft.ts): A5's travel into Narendra brings a battle, and the
 * page asks for the check without odds, then with them, and shows the odds when they come.
 * The text tab shows the same orders as the file; the draft is saved and submitted. Every page is checked with
 * axe-core and kept as a screenshot (ge-orders-*.png).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, mapSectorPoint, review, startWeb, type WebSession } from "./support.js";

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("ge-orders");
  base = session.base;
  browser = session.browser;
}, 240_000);

afterAll(async () => session?.close());

/** Click a sector's cell on the map where it is drawn (its middle; the cell takes the click through any label). */
async function clickSector(page: Page, id: number): Promise<void> {
  await page.getByRole("region", { name: "Map of the galaxy as klingon sees it" }).scrollIntoViewIfNeeded();
  const at = (await mapSectorPoint(page, id))!;
  await page.mouse.click(at.x, at.y);
}

describe.skipIf(!haveChromium)("Galactic Empires orders in the browser", () => {
  it("a player plans a turn with the forms and the map, sees the check's ruling beside each order, and submits", {
    timeout: 300_000,
  }, async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => {
      throw e;
    });
    // The checks the page asks for: with odds=0 (the check at once) and odds=1 (its odds, when they follow).
    const checks: string[] = [];
    page.on("request", (r) => {
      const m = /\/check\?.*odds=(\d)/.exec(r.url());
      if (m) checks.push(m[1]!);
    });
    await page.goto(base);
    const form = page.getByRole("region", { name: "New account" });
    await form.getByLabel("Name").fill("gowron");
    await form.getByLabel(/^Password/).fill("correct horse battery");
    await form.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Lobby" }).waitFor();
    await page.getByLabel("Ruleset").selectOption("galactic-empires");
    await page.getByLabel("Scenario").selectOption("tutorial");
    await page.getByLabel("Title (optional)").fill("Forms tutorial");
    await page.getByRole("button", { name: "Create game" }).click();
    await page.getByRole("heading", { name: "Forms tutorial" }).waitFor();
    await page.getByRole("button", { name: "Join as Klingon Empire" }).click();
    await page.getByRole("button", { name: "Leave Klingon Empire" }).waitFor();
    await page.getByLabel("Who plays Federation Core").selectOption("bot:normal");
    await page.getByRole("row", { name: /Federation Core.*normal bot/ }).waitFor();
    await page.getByLabel("Who plays Romulan Star Empire").selectOption("bot:easy");
    await page.getByRole("row", { name: /Romulan Star Empire.*easy bot/ }).waitFor();
    await page.getByRole("button", { name: "Start the game" }).click();
    await page.getByText("Orders for turn 1").waitFor();

    const plans = page.getByRole("region", { name: "HQ Plans for turn 1" });
    const check = page.getByRole("region", { name: "The check of these orders" });
    await plans.getByText("No orders planned yet.").waitFor();
    // The template has no orders: the check says so before anything is planned.
    await check.locator(".verdict").waitFor();

    // Headquarters: the Romulans are neutral, so war may be declared on them and peace not offered (chapter 2).
    const hq = page.getByRole("tabpanel", { name: "Empire orders" });
    const romulans = hq.getByRole("row", { name: /Romulan Star Empire/ });
    await romulans.getByRole("cell", { name: "neutral" }).waitFor();
    expect(await romulans.getByRole("button", { name: /Offer peace/ }).count()).toBe(0);
    await romulans.getByRole("button", { name: "Declare war: Romulan Star Empire" }).click();
    await plans.getByText("#0 declareWar: empire romulan").waitFor();
    // Espionage on the Federation, then undone: HQ Plans' Undo (chapter 2).
    await hq.getByRole("button", { name: "Espionage (35 resources): Federation Core" }).click();
    await plans.getByText("#1 espionage: empire federation").waitFor();
    await plans.getByRole("button", { name: "Undo #1 espionage: empire federation" }).click();
    await expect.poll(() => plans.getByText(/espionage/).count()).toBe(0);
    // A proclamation, from the other Headquarters orders.
    await hq.getByLabel("Order", { exact: true }).selectOption("proclaim");
    await hq.getByLabel("Text").fill("The Klingon Empire greets the quadrant. Our warriors seek honour and glory among the stars.");
    await hq.getByRole("button", { name: "Plan proclaim" }).click();
    await plans.getByText(/#1 proclamation: "The Klingon Empire greets/).waitFor();
    await review(page, "ge-orders-1-headquarters");

    // Units: Patrol Force 2 retreats only when rank 5 is lost.
    await page.getByRole("tab", { name: "Unit orders" }).click();
    const units = page.getByRole("tabpanel", { name: "Unit orders" });
    await units.getByLabel("Order", { exact: true }).selectOption("retreatLevel");
    await units.getByLabel("Unit", { exact: true }).selectOption("A5");
    await units.getByLabel("Retreat at the loss of rank").fill("5");
    await units.getByRole("button", { name: "Plan retreatLevel" }).click();
    await plans.getByText("#2 retreatLevel: unit A5, level 5").waitFor();
    // A travel form offers only the sectors bordering the fleet: from Khitomer (2), Qo'noS, Narendra and Ty'Gokor.
    await units.getByLabel("Order", { exact: true }).selectOption("travel");
    await units.getByLabel("Unit", { exact: true }).selectOption("A5");
    const to = units.getByLabel("To sector");
    expect((await to.locator("option").allTextContents()).sort()).toEqual(["1 Qo'noS", "3 Narendra", "7 Ty'Gokor"]);

    // The map: A5's path, clicked. Narendra (independent) costs both its move points; Archanis is one too far.
    await units.getByLabel("Starfleet to plan").selectOption("A5");
    // Where the seat view shows the map as one of the Diploware's areas, that area is opened first.
    const mapArea = page.getByRole("tab", { name: "Map", exact: true });
    if ((await mapArea.count()) > 0) await mapArea.click();
    await clickSector(page, 3);
    await plans.getByText("#3 A5 travels to sector 3").waitFor();
    await clickSector(page, 8);
    await plans.getByText("#4 A5 travels to sector 8").waitFor();
    const steps = units.getByRole("table", { name: "Path of A5, phase by phase" });
    await steps.getByRole("row", { name: /1 2 Khitomer → 3 Narendra 2 spent, 0 left can travel/ }).waitFor();
    await steps.getByRole("row", { name: /2 3 Narendra → 8 Archanis .*needs 2 move points, 0 left/ }).waitFor();
    // Drawn as arrows on the map: the second dashed, refused.
    const arrows = page.locator("svg g.plan-arrows line");
    await expect.poll(() => arrows.count()).toBe(2);
    expect(await page.locator('svg g.plan-arrows line[data-arrow="3-8"]').getAttribute("stroke-dasharray")).not.toBeNull();
    expect(await page.locator("svg g.plan-arrows text").allTextContents()).toEqual(["A5 1: 2 mp", "A5 2: 2 mp"]);
    await review(page, "ge-orders-2-path");

    // Building: Qo'noS's build box, 0 of 8, then 2 Birds of Prey: 2/8.
    await page.getByRole("tab", { name: "Building" }).click();
    const qonos = page.getByRole("region", { name: "Build box of Qo'noS" });
    await qonos.getByText("0/8").waitFor();
    await qonos.getByLabel("Unit", { exact: true }).selectOption("G1");
    await qonos.getByLabel("Starship type").selectOption("klingon/klingon-bird-of-prey");
    expect(await qonos.getByLabel(/How many/).getAttribute("max")).toBe("8");
    await qonos.getByLabel(/How many/).fill("2");
    await qonos.getByLabel("Rank", { exact: true }).fill("1");
    await qonos.getByRole("button", { name: "Plan build at Qo'noS" }).click();
    await qonos.getByText("2/8").waitFor();
    await plans.getByText("#5 G1 builds 2 Klingon Bird of Prey (rank 1)").waitFor();
    expect(await qonos.getByLabel(/How many/).getAttribute("max")).toBe("6");

    // The check: the one refused order, with its reason beside it in HQ Plans and in the check's Movement phase.
    await check.locator(".verdict").getByText("1 order will fail or be skipped.").waitFor();
    const refused = plans.getByRole("list", { name: "The check on #4" });
    await refused.getByText(/fails.*A5 needs 2 move points to enter 8 Archanis.*but has 0 left/).waitFor();
    expect(await plans.locator("li.plan.fail").count()).toBe(1);
    // In the check, step by step: the refusal comes in the second phase's travel step.
    await check
      .getByRole("region", { name: "Phase 2: Starfleets Travel" })
      .getByText(/fails.*#4 travel A5 -> 8.*needs 2 move points/)
      .waitFor();
    // The battle at Narendra: the check came first without its odds and asked for them; they are filled in.
    const battle = check.getByRole("region", { name: "Phase 1: Space Battles are Fought" });
    await battle.getByText(/a battle will be fought at 3 Narendra; its outcome is chance: odds from \d+ simulated battles/).waitFor();
    await check
      .getByText(/\(chance: in \d+ of 20 trial runs of the turn; depends on the battle at 3 Narendra/)
      .first()
      .waitFor();
    await expect.poll(() => check.getByRole("status").textContent()).toBe("");
    expect(await check.getByText(/odds follow/).count()).toBe(0);
    expect(checks[0]).toBe("0");
    expect(checks).toContain("1");
    await review(page, "ge-orders-3-checked");

    // As text: the same orders, as the file the forms wrote.
    await page.getByRole("tab", { name: "As text" }).click();
    const text = await page.getByLabel("Orders file (YAML or JSON)").inputValue();
    expect(text).toContain("empire: klingon\nturn: 1\norders:\n  - { type: declareWar, empire: romulan }\n");
    expect(text).toContain("  - { type: travel, unit: A5, to: 3 }\n  - { type: travel, unit: A5, to: 8 }\n");
    expect(text).toContain("type: build, unit: G1, starship: klingon/klingon-bird-of-prey, count: 2, rank: 1");
    // A starfleet formed this turn (chapter 4, "New Starfleets Formed"), written as text: the path planner offers it
    // by its ref, starting where G1 forms it (Qo'noS, 1), and its path becomes travel orders by that ref.
    await page
      .getByLabel("Orders file (YAML or JSON)")
      .fill(
        `${text}  - { type: formFleet, ref: new1, at: G1, name: Strike Force }\n  - { type: transfer, from: G1, to: new1, starship: klingon/k-tinga-class-destroyer, count: 2 }\n`,
      );
    await page.getByRole("tab", { name: "Unit orders" }).click();
    await units.getByLabel("Starfleet to plan").selectOption("new1");
    expect(await units.getByLabel("Starfleet to plan").locator("option:checked").textContent()).toBe(
      "new1 Strike Force (formed this turn by G1 in sector 1, 2 move points)",
    );
    if ((await mapArea.count()) > 0) await mapArea.click();
    await clickSector(page, 6);
    await plans.getByText("#8 new1 travels to sector 6").waitFor();
    await units
      .getByRole("table", { name: "Path of new1, phase by phase" })
      .getByRole("row", { name: /1 1 Qo'noS → 6 Boreth 1 spent, 1 left can travel/ })
      .waitFor();
    await expect.poll(() => page.locator("svg g.plan-arrows text").allTextContents()).toContain("new1 1: 1 mp");
    // The check agrees: still the one refused order (#4), the new fleet's travel among those that succeed.
    await check.locator(".verdict").getByText("1 order will fail or be skipped.").waitFor();
    await check
      .getByRole("region", { name: "Phase 1: Starfleets Travel" })
      .getByText(/new1 travelled from 1 Qo'noS to 6 Boreth/)
      .waitFor();
    await review(page, "ge-orders-3b-new-fleet");
    await page.getByRole("tab", { name: "As text" }).click();
    // Save, reload: the draft is back.
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByRole("status").getByText("Draft saved in this browser for turn 1.").waitFor();
    await page.reload();
    await page.getByRole("region", { name: "HQ Plans for turn 1" }).getByText("#4 A5 travels to sector 8").waitFor();
    await check.locator(".verdict").getByText("1 order will fail or be skipped.").waitFor();
    await review(page, "ge-orders-4-reloaded");

    // Submit: the reply is shown, and (every other seat a bot) the turn runs.
    await page.getByRole("button", { name: "Submit orders" }).click();
    await page
      .getByRole("status")
      .getByText(/Submitted revision 1 for turn 1\./)
      .waitFor();
    await page.getByText("Orders for turn 2").waitFor();
    await review(page, "ge-orders-5-submitted");
    await context.close();
  });
});
