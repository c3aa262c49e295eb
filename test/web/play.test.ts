/**
 * The web client end to end (issue 11): a real `starhost serve` on a PGlite folder serves a fresh build of
 * src/web, and Debian's Chromium (/usr/bin/chromium, driven by playwright-core; never a downloaded browser)
 * plays a Galactic Empires tutorial turn as two people would. Alice and Bob sign up; Alice creates the game,
 * takes the Klingons and gives the Federation to a bot; Bob joins as the Romulans; Alice starts it; both write
 * their orders in the editor, whose check (shown as they type) refuses one of Alice's with its reason, and Alice
 * writes to Bob, who reads it live; the turn runs on early advance; each sees their own results, live, and
 * nothing of the other's. Then a Battleshift side against a bot, with the game master's panel and the history. Every page is
 * checked with axe-core (no serious or critical violations) and kept as a screenshot in test/web/screenshots/.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, ROOT, review as reviewPage, SHOTS, signUpAt, startWeb, type WebSession } from "./support.js";

const KLINGON_YAML = readFileSync(join(ROOT, "examples/tutorial/orders/klingon.yaml"), "utf8");
const ROMULAN_YAML = readFileSync(join(ROOT, "examples/tutorial/orders/romulan.yaml"), "utf8");

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
let web = "";
beforeAll(async () => {
  session = await startWeb("web");
  base = session.base;
  web = session.web;
  browser = session.browser;
  // This file's pictures replace the folder's (the others add theirs after, named map-... and table-...).
  if (haveChromium) {
    rmSync(SHOTS, { recursive: true, force: true });
    mkdirSync(SHOTS, { recursive: true });
  }
}, 240_000);

afterAll(async () => session?.close());

let shot = 0;
/** Keep a screenshot of the page (numbered in order) and check it with axe-core. */
const review = (page: Page, name: string) => reviewPage(page, `${String(++shot).padStart(2, "0")}-${name}`);

const signUp = (context: BrowserContext, name: string, password: string): Promise<Page> => signUpAt(base, context, name, password);

/** Type the orders into the editor and wait for the check of exactly this text. */
async function writeOrders(page: Page, seat: string, text: string): Promise<void> {
  // A ruleset whose orders have forms (Galactic Empires) keeps the file in its "As text" tab.
  const asText = page.getByRole("tab", { name: "As text" });
  if ((await asText.count()) > 0) await asText.click();
  const editor = page.getByLabel("Orders file (YAML or JSON)");
  await expect.poll(() => editor.isEnabled()).toBe(true);
  const checked = page.waitForResponse((r) => r.url().includes("/check?") && r.request().postData() === text);
  await editor.fill(text);
  const reply = await checked;
  expect(reply.status(), `the check of ${seat}'s orders`).toBe(200);
  await page
    .getByRole("region", { name: "The check of these orders" })
    .locator(".verdict")
    .getByText(/expected to succeed|will fail or be skipped/)
    .waitFor();
}

describe("the built client", () => {
  it("the first page's JavaScript is within issue 11's budget: 500 kB gzipped (each ruleset's view loads later)", () => {
    const index = readFileSync(join(web, "index.html"), "utf8");
    // The page's scripts and whatever it preloads: all that runs before a game is opened.
    const first = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(first.length).toBeGreaterThan(0);
    const bytes = first.reduce((n, f) => n + gzipSync(readFileSync(join(web, f)), { level: 9 }).length, 0);
    expect(bytes).toBeLessThan(500 * 1024);
    // The rules do not come with the first page: the Galactic Empires map code is in its view's own chunk.
    for (const f of first) expect(readFileSync(join(web, f), "utf8")).not.toContain("Foreign forces are shown where you scouted");
  });
});

describe.skipIf(!haveChromium)("the web client in Chromium", () => {
  it("two players and a bot play a Galactic Empires tutorial turn in the browser", { timeout: 300_000 }, async () => {
    const aliceCtx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const bobCtx = await browser!.newContext({ viewport: { width: 390, height: 844 } });
    const alice = await signUp(aliceCtx, "alice", "correct horse battery");
    await review(alice, "lobby-empty");
    const bob = await signUp(bobCtx, "bob", "battery staple horse");

    // Sign out and in again: the session cookie goes and comes back.
    await bob.getByRole("button", { name: "Sign out" }).click();
    await bob.getByRole("heading", { name: "Sign in" }).waitFor();
    await review(bob, "sign-in");
    const signIn = bob.getByRole("region", { name: "Sign in" });
    await signIn.getByLabel("Name").fill("bob");
    await signIn.getByLabel("Password").fill("wrong password here");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await signIn.getByRole("alert").waitFor();
    await signIn.getByLabel("Password").fill("battery staple horse");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await bob.getByRole("heading", { name: "Lobby" }).waitFor();

    // Alice makes the game: every seat open, then she takes the Klingons and gives the Federation to a bot.
    await alice.getByLabel("Ruleset").selectOption("galactic-empires");
    await alice.getByLabel("Scenario").selectOption("tutorial");
    await alice.getByLabel("Title (optional)").fill("Browser tutorial");
    await alice.getByRole("button", { name: "Create game" }).click();
    await alice.getByRole("heading", { name: "Browser tutorial" }).waitFor();
    const gameUrl = alice.url();
    expect(gameUrl).toMatch(/#\/games\/g[0-9a-f]+$/);
    await alice.getByRole("button", { name: "Join as Klingon Empire" }).click();
    await alice.getByRole("button", { name: "Leave Klingon Empire" }).waitFor();
    await alice.getByLabel("Who plays Federation Core").selectOption("bot:normal");
    await alice.getByRole("row", { name: /Federation Core.*normal bot/ }).waitFor();
    await review(alice, "game-before-start");

    // Bob finds it in the lobby's open games and takes the Romulans.
    await bob.reload();
    await bob.getByRole("link", { name: "Browser tutorial" }).click();
    await bob.getByRole("button", { name: "Join as Romulan Star Empire" }).click();
    await bob.getByRole("row", { name: /Romulan Star Empire.*bob/ }).waitFor();
    // Only a game master sees the panel.
    expect(await bob.getByRole("heading", { name: "Game master" }).count()).toBe(0);

    await alice.reload();
    await alice.getByRole("button", { name: "Start the game" }).click();
    await alice.getByRole("button", { name: "Run turn 1 now" }).waitFor();
    await alice.getByText("Orders for turn 1").waitFor();
    // The seat view opens on its Headquarters (seed 003 chapter 2); the map is its own area.
    await alice.getByRole("tab", { name: "Map" }).click();
    await alice.getByRole("img", { name: /Map of the galaxy as klingon sees it/ }).waitFor();
    await review(alice, "game-started");

    // Alice's orders: one travel is refused by the check, with its reason, before anything is submitted.
    await writeOrders(alice, "klingon", KLINGON_YAML);
    const aliceCheck = alice.getByRole("region", { name: "The check of these orders" });
    await aliceCheck.locator(".verdict").getByText("1 order will fail or be skipped.").waitFor();
    // The verdict is also said to screen readers, in a live region that stays while the text changes.
    expect(await aliceCheck.locator("[aria-live=polite]").innerText()).toBe("1 order will fail or be skipped.");
    await aliceCheck.getByText(/fails.*#8 travel strike -> 11.*needs 2 move points to enter 11 Mempa/).waitFor();
    await review(alice, "orders-checked");
    // The text is kept in the browser as a draft: a reload brings it back, checked again.
    await alice.reload();
    await expect.poll(() => alice.getByLabel("Orders file (YAML or JSON)").inputValue()).toBe(KLINGON_YAML);
    await aliceCheck.locator(".verdict").getByText("1 order will fail or be skipped.").waitFor();
    await alice.getByRole("button", { name: "Submit orders" }).click();
    await alice.getByRole("status").getByText("Submitted revision 1 for turn 1.").waitFor();

    // Bob sees that the Klingons have submitted (never what), then writes and submits his own.
    await bob.reload();
    await bob.getByRole("row", { name: /Klingon Empire.*alice.*submitted/ }).waitFor();

    // Diplomacy: Alice writes to the Romulans alone; Bob reads it live, with no reload.
    await alice.getByLabel("Send to", { exact: true }).selectOption("romulan");
    await alice.getByLabel("Message", { exact: true }).fill("A pact against the Federation?");
    await alice.getByRole("button", { name: "Send" }).click();
    const bobMessages = bob.getByRole("region", { name: "Messages" });
    await bobMessages.getByText("A pact against the Federation?").waitFor();
    await bobMessages.getByText(/Klingon Empire to Romulan Star Empire/).waitFor();
    await review(bob, "message");
    await writeOrders(bob, "romulan", ROMULAN_YAML);
    await review(bob, "orders-phone");
    await bob.getByRole("button", { name: "Submit orders" }).click();
    await bob.getByText(/Submitted revision 1 for turn 1\. Every awaited seat had submitted: turn 1 has run\./).waitFor();

    // The turn ran on early advance; both pages hear it over the live stream and show turn 1's results.
    for (const page of [alice, bob]) {
      await page.getByText("A step has run: the game now awaits turn 2.").waitFor({ timeout: 60_000 });
      await page.getByRole("heading", { name: "Results: turn 1" }).waitFor();
      await page.getByText("Orders for turn 2").waitFor();
    }
    await review(alice, "results-alice");
    await review(bob, "results-bob");

    // Each reads only their own: one seat on the page, their own report, and the other's refused.
    const reportOf = async (page: Page, seat: string) => {
      const r = await page.request.get(`${base}${new URL(gameUrl).hash.replace("#", "/api")}/seats/${seat}/report`);
      return { status: r.status(), text: r.status() === 200 ? ((await r.json()) as { text: string }).text : "" };
    };
    const klingon = await reportOf(alice, "klingon");
    const romulan = await reportOf(bob, "romulan");
    expect(klingon.status).toBe(200);
    expect(romulan.status).toBe(200);
    expect((await reportOf(bob, "klingon")).status).toBe(403);
    // Alice is the game master too, who may read every seat over the API (README, "Playing over HTTP"); her
    // page shows her own seat only, as the checks below say.
    expect((await reportOf(alice, "romulan")).status).toBe(200);
    expect(await alice.getByRole("heading", { name: "Romulan Star Empire", level: 2 }).count()).toBe(0);
    expect(await bob.getByRole("heading", { name: "Klingon Empire", level: 2 }).count()).toBe(0);
    // The results in full are in the Messages area (seed 003 chapter 1, "Messages Menu"): both open it, so that
    // all of each one's results is on the page for the checks below.
    for (const page of [alice, bob]) await page.getByRole("tab", { name: "Messages" }).click();
    const alicePage = await alice.locator("main").innerText();
    const bobPage = await bob.locator("main").innerText();
    expect(alicePage).toContain(
      klingon.text
        .split("\n")
        .find((l) => l.trim().length > 20)!
        .trim(),
    );
    // Lines of one's results that the other's results do not hold never appear on the other's page.
    const own = (a: string, b: string) =>
      a
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.length > 30 && !b.includes(l));
    const onlyBob = own(romulan.text, klingon.text);
    const onlyAlice = own(klingon.text, romulan.text);
    expect(onlyBob.length).toBeGreaterThan(0);
    expect(onlyAlice.length).toBeGreaterThan(0);
    for (const l of onlyBob) expect(alicePage, "Alice's page shows a line of Bob's results").not.toContain(l);
    for (const l of onlyAlice) expect(bobPage, "Bob's page shows a line of Alice's results").not.toContain(l);

    // Your games in the lobby: what each awaits from you.
    await alice.goto(base);
    await alice.getByRole("row", { name: /Browser tutorial.*turn 2.*your orders for turn 2/ }).waitFor();
    await review(alice, "lobby-your-games");
    await aliceCtx.close();
    await bobCtx.close();
  });

  it("a Battleshift battle against a bot: the side's view, its orders checked and submitted, the next step, the game master's panel, the history", {
    timeout: 300_000,
  }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const carol = await signUp(ctx, "carol", "a long enough password");
    await carol.getByLabel("Ruleset").selectOption("battleshift");
    await carol.getByLabel("Scenario").selectOption("playtest");
    await carol.getByLabel("Title (optional)").fill("Browser battle");
    await carol.getByLabel("Every seat to start with").selectOption("normal");
    await carol.getByRole("button", { name: "Create game" }).click();
    await carol.getByRole("heading", { name: "Browser battle" }).waitFor();
    // Every side starts with the bot; Carol takes blue back for herself.
    const blue = carol.getByLabel(/^Who plays .*\(blue\)/);
    await blue.selectOption("open");
    await carol.getByRole("button", { name: /^Join as .*\(blue\)/ }).click();
    await carol.getByRole("button", { name: "Start the game" }).click();
    await carol.getByRole("heading", { name: /^Battle report/ }).waitFor();
    const label = (await carol.locator(".step-label").innerText()).trim();
    await carol.getByText(`Orders for ${label}`).waitFor();
    // A side writes its orders by pointing at the table (test/web/battleshift-play.test.ts); here its file, "As text".
    await carol.getByRole("button", { name: "As text" }).click();
    const editor = carol.getByLabel("Orders file (YAML or JSON)");
    await expect.poll(async () => (await editor.inputValue()).length).toBeGreaterThan(0);
    await carol
      .getByRole("region", { name: "The check of these orders" })
      .locator(".verdict")
      .getByText(/expected to succeed|will fail or be skipped/)
      .waitFor();
    await review(carol, "battleshift");
    await carol.getByRole("button", { name: "Submit orders" }).click();
    await carol.getByText(new RegExp(`Submitted revision 1 for ${label}\\. Every awaited seat had submitted`)).waitFor();
    await carol.getByText(/A step has run: the game now awaits/).waitFor({ timeout: 60_000 });
    // The order sheets ran, and then, if red won the initiative, red's activation at once (only its bot was awaited,
    // early advance): the game awaits blue's activation.
    await expect.poll(async () => (await carol.locator(".step-label").innerText()).trim(), { timeout: 60_000 }).toMatch(/blue activation/);
    const next = (await carol.locator(".step-label").innerText()).trim();
    // The page follows: the results of the last step run (the sheets', or red's activation after them), the sheets'
    // in the history, and the orders for the next.
    const shown = async () =>
      (await carol.getByRole("heading", { name: /^Battle report: / }).innerText()).replace(/^Battle report: /, "").trim();
    await expect
      .poll(
        async () => {
          const t = await shown();
          return t === label || /red activation/.test(t);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await carol.getByRole("button", { name: `Results of ${label}` }).waitFor();
    await carol.getByText(`Orders for ${next}`).waitFor();
    await review(carol, "battleshift-next-step");

    // The game master's panel: pause and resume the deadline, then run blue's activation now (Carol sent nothing).
    await carol.getByRole("button", { name: "Pause the deadline" }).click();
    await carol.getByRole("button", { name: "Resume the deadline" }).waitFor();
    expect(await carol.locator(".summary").innerText()).toContain("Deadline: paused");
    await carol.getByRole("button", { name: "Resume the deadline" }).click();
    await carol.getByRole("button", { name: "Pause the deadline" }).waitFor();
    await carol.getByRole("button", { name: `Run ${next} now` }).click();
    await carol.getByRole("heading", { name: `Battle report: ${next}` }).waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await carol.locator(".step-label").innerText()).trim()).not.toBe(next);
    await carol.getByRole("button", { name: `Results of ${label}` }).click();
    await carol.getByRole("heading", { name: `Battle report: ${label}` }).waitFor();
    await review(carol, "battleshift-history");
    await ctx.close();
  });
});
