/**
 * The web client's shell (issue 11), whatever the ruleset: the lobby's "your games" (what each awaits from you and
 * its countdown), the game master's panel (invite by link and its acceptance at #/invite/TOKEN, signed in or by a
 * newcomer who makes an account first; naming another game master, starting, moving the deadline, the reminders,
 * handing a seat over; each action says what it did or the server's reason), spectators (a live game shows any seat's history and its
 * ruleset's own view read-only: a Galactic Empires empire's areas and map, a Battleshift side's table, with no orders
 * desk, pointing tool or letter, and asks for nothing of the orders routes; the public messages only; a
 * game watched "after the end" says plainly that nothing is visible yet, and the server gives such a spectator
 * nothing more), and every page on a phone (390 x 844: the page never scrolls sideways, wide tables scroll in their
 * own box; a Galactic Empires empire has one tab list, its areas and its orders' tabs, kept at the top of the screen). Every page is checked with axe-core and kept as a screenshot (test/web/screenshots/shell-*.png).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, review as reviewPage, startWeb, type WebSession } from "./support.js";

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("shell");
  base = session.base;
  browser = session.browser;
}, 240_000);
afterAll(async () => session?.close());

const review = (page: Page, name: string) => reviewPage(page, `shell-${name}`);
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

interface Person {
  name: string;
  ctx: BrowserContext;
  page: Page;
  csrf: string;
}

/** An account made over the API in a browser context of its own (its cookies are the page's), and a page. */
async function person(name: string, viewport: { width: number; height: number }): Promise<Person> {
  const ctx = await browser!.newContext({ viewport, timezoneId: "UTC" });
  const r = await ctx.request.post(`${base}/api/accounts`, { data: { name, password: "a long enough password" } });
  expect(r.status(), await r.text()).toBe(201);
  const csrf = ((await r.json()) as { csrfToken: string }).csrfToken;
  const page = await ctx.newPage();
  page.on("pageerror", (e) => {
    throw e;
  });
  return { name, ctx, page, csrf };
}

/** A call of the API as this person (the test's own setup and checks, beside what the page does). */
// biome-ignore lint/suspicious/noExplicitAny: the replies are read as JSON, field by field, by the checks.
async function api(p: Person, method: string, path: string, data?: unknown): Promise<{ status: number; body: any }> {
  const r = await p.ctx.request.fetch(`${base}${path}`, { method, data, headers: { "x-csrf-token": p.csrf } });
  const text = await r.text();
  return { status: r.status(), body: text.startsWith("{") ? JSON.parse(text) : text };
}

/** The page is no wider than the window: nothing scrolls sideways but the boxes made to. */
async function fitsThePhone(page: Page, what: string): Promise<void> {
  const [scroll, inner, wide] = (await page.evaluate(`[
    document.documentElement.scrollWidth,
    window.innerWidth,
    // The outermost elements that stick out (a child of one is not named again), to say what to fix.
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.parentElement.closest("[data-wide]"))
      .filter((e, _, all) => !all.some((o) => o !== e && o.contains(e)))
      .slice(0, 5)
      .map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\\s+/).join(".") : "") + " to " + Math.round(e.getBoundingClientRect().right) + " px"),
  ]`)) as [number, number, string[]];
  expect(scroll, `${what}: the page is ${scroll} px wide on a ${inner} px screen (${wide.join("; ")})`).toBeLessThanOrEqual(inner);
}

describe.skipIf(!haveChromium)("the shell in Chromium", () => {
  it("the game master's panel, an invite by link, your games on a phone, and spectators by the game's setting", {
    timeout: 300_000,
  }, async () => {
    const gm = await person("gamemaster", LAPTOP);
    const pia = await person("pia", PHONE);
    const vic = await person("vic", LAPTOP);
    const sam = await person("sam", LAPTOP);

    // A tutorial galaxy anyone may watch live: the Klingons open, the others played by bots.
    const made = await api(gm, "POST", "/api/games", {
      ruleset: "galactic-empires",
      scenario: "tutorial",
      title: "Shell tutorial",
      spectators: "live",
      seats: { klingon: "open", romulan: "invited" },
      bots: "normal",
    });
    expect(made.status).toBe(201);
    const live = made.body.id as string;

    // The game master invites a player to the Klingons: the link is shown to copy.
    await gm.page.goto(`${base}/#/games/${live}`);
    const panel = gm.page.getByRole("region", { name: "Game master" });
    await panel.getByLabel("Empire to keep for them").selectOption("klingon");
    await panel.getByRole("button", { name: "Make an invite link" }).click();
    await panel.getByRole("status").getByText("An invite link for Klingon Empire is ready").waitFor();
    const link = await panel.getByLabel("Invite link for Klingon Empire (shown once: copy it now)").inputValue();
    expect(link).toMatch(new RegExp(`^${base}/#/invite/shi_[A-Za-z0-9_-]+$`));
    await gm.page.getByRole("row", { name: /Klingon Empire.*kept for an invite/ }).waitFor();
    await review(gm.page, "gm-invite");

    // A refusal says the server's reason; a success says what it did.
    await panel.getByLabel("Name another game master (an account name)").fill("nobody-here");
    await panel.getByRole("button", { name: "Name a game master" }).click();
    await panel.getByRole("alert").getByText('no account "nobody-here"').waitFor();
    await panel.getByLabel("Name another game master (an account name)").fill("vic");
    await panel.getByRole("button", { name: "Name a game master" }).click();
    await panel.getByRole("status").getByText("vic is now a game master of this game.").waitFor();
    expect(await panel.getByRole("alert").count()).toBe(0);
    await panel.getByText(/^(gamemaster, vic|vic, gamemaster)$/).waitFor();

    // Pia follows the link on her phone and accepts: the seat is hers.
    await pia.page.goto(link);
    await pia.page.getByRole("heading", { name: "An invite to a game" }).waitFor();
    await review(pia.page, "invite-phone");
    await fitsThePhone(pia.page, "the invite");
    await pia.page.getByRole("button", { name: "Accept the invite" }).click();
    await pia.page.getByRole("heading", { name: "Shell tutorial" }).waitFor();
    await pia.page.getByRole("row", { name: /Klingon Empire.*pia/ }).waitFor();
    // An invite is used once: the same link again is refused with the server's reason.
    await pia.page.goto(link);
    await pia.page.getByRole("button", { name: "Accept the invite" }).click();
    await pia.page.getByRole("alert").getByText("this invite has been used already").waitFor();

    // A second link, for the Romulans, opened by someone not signed in: they make an account, then accept.
    await gm.page.reload();
    await panel.getByLabel("Empire to keep for them").selectOption("romulan");
    await panel.getByRole("button", { name: "Make an invite link" }).click();
    const link2 = await panel.getByLabel("Invite link for Romulan Star Empire (shown once: copy it now)").inputValue();
    const quinnCtx = await browser!.newContext({ viewport: PHONE });
    const quinn = await quinnCtx.newPage();
    await quinn.goto(link2);
    await quinn.getByText("You have an invite to a game: sign in, or make an account, to accept it.").waitFor();
    const form = quinn.getByRole("region", { name: "New account" });
    await form.getByLabel("Name").fill("quinn");
    await form.getByLabel(/^Password/).fill("a long enough password");
    await form.getByRole("button", { name: "Create account" }).click();
    await quinn.getByRole("button", { name: "Accept the invite" }).click();
    await quinn.getByRole("row", { name: /Romulan Star Empire.*quinn/ }).waitFor();
    await quinnCtx.close();

    // Start, then move the deadline, set the reminders and hand the Romulans to Vic.
    await gm.page.reload();
    await panel.getByRole("button", { name: "Start the game" }).click();
    await panel.getByRole("status").getByText("The game has started.").waitFor();
    await panel.getByLabel(/^New deadline of turn 1/).fill("2030-01-02T03:04");
    await panel.getByRole("button", { name: "Move the deadline" }).click();
    await panel
      .getByRole("status")
      .getByText(/The deadline of turn 1 is now/)
      .waitFor();
    await panel.getByLabel(/^Hours before each deadline/).fill("12, 1");
    await panel.getByRole("button", { name: "Set the reminders" }).click();
    await panel.getByRole("status").getByText("Seats without orders are reminded 12 and 1 hours before each deadline.").waitFor();
    await panel.getByLabel(/^Hours before each deadline/).fill("soon");
    await panel.getByRole("button", { name: "Set the reminders" }).click();
    await panel
      .getByRole("alert")
      .getByText(/whole numbers of hours/)
      .waitFor();
    await panel.getByLabel("Empire", { exact: true }).selectOption("romulan");
    await panel.getByLabel("To the account").fill("vic");
    await panel.getByRole("button", { name: "Hand over" }).click();
    await panel.getByRole("status").getByText("Romulan Star Empire is now played by vic.").waitFor();
    await gm.page.getByRole("row", { name: /Romulan Star Empire.*vic/ }).waitFor();
    const summary = (await api(gm, "GET", `/api/games/${live}`)).body;
    expect(summary.deadline.at).toBe("2030-01-02T03:04:00.000Z");
    expect(summary.deadline.settings.remindHoursBefore).toEqual([12, 1]);
    expect([...summary.gameMasters].sort()).toEqual(["gamemaster", "vic"]);
    await review(gm.page, "gm-panel");
    await gm.page.setViewportSize(PHONE);
    await review(gm.page, "gm-panel-phone");
    await fitsThePhone(gm.page, "the game master's page");

    // Pia's lobby on her phone: the game awaits her orders, with its countdown; the table scrolls in its own box.
    await pia.page.goto(base);
    const mine = pia.page.getByRole("region", { name: "Your games, scrollable" });
    await mine.getByRole("row", { name: /Shell tutorial.*turn 1.*your orders for turn 1 \(Klingon Empire\).*left\)/ }).waitFor();
    await review(pia.page, "lobby-phone");
    await fitsThePhone(pia.page, "the lobby");
    await pia.page.getByRole("link", { name: "Shell tutorial" }).click();
    await pia.page.getByText("Orders for turn 1").waitFor();
    await review(pia.page, "game-phone");
    await fitsThePhone(pia.page, "a player's game page");
    // One navigation on a phone: the empire's areas and its orders' tabs are one tab list, kept in reach at the top.
    const seatView = pia.page.getByRole("region", { name: "Klingon Empire" });
    expect(await seatView.getByRole("tablist").count()).toBe(1);
    const nav = seatView.getByRole("tablist", { name: "Areas of Klingon Empire" });
    expect(await nav.getByRole("tab").allInnerTexts()).toEqual([
      "Headquarters",
      "Map",
      "Messages",
      "Game",
      "Empire orders",
      "Unit orders",
      "Building",
      "As text",
    ]);
    // An area shown: the orders say in a line what is planned; their forms and Submit wait behind their tabs.
    await seatView.getByText(/^No orders planned yet\. The orders' tabs are above/).waitFor();
    expect(await seatView.getByRole("button", { name: "Submit orders" }).isVisible()).toBe(false);
    await nav.getByRole("tab", { name: "Unit orders" }).click();
    await seatView.getByLabel("Starfleet to plan").waitFor();
    await seatView.getByRole("button", { name: "Submit orders" }).waitFor();
    expect(await seatView.getByRole("table", { name: "Finances" }).isVisible()).toBe(false);
    // The arrow keys walk the one list, areas and orders alike.
    await nav.getByRole("tab", { name: "Unit orders" }).press("ArrowLeft");
    await expect.poll(() => nav.getByRole("tab", { name: "Empire orders" }).getAttribute("aria-selected")).toBe("true");
    await nav.getByRole("tab", { name: "Empire orders" }).press("ArrowLeft");
    await expect.poll(() => nav.getByRole("tab", { name: "Game" }).getAttribute("aria-selected")).toBe("true");
    await nav.getByRole("tab", { name: "As text" }).click();
    await seatView.getByLabel("Orders file (YAML or JSON)").waitFor();
    await review(pia.page, "game-phone-orders");
    await fitsThePhone(pia.page, "a player's orders on a phone");
    // Scrolled down to the foot of the orders, the tab list is still at the top of the screen.
    await pia.page.evaluate(
      "window.scrollTo(0, document.querySelector('.ge-orders').getBoundingClientRect().bottom + window.scrollY - window.innerHeight)",
    );
    await expect.poll(async () => (await nav.boundingBox())?.y).toBeGreaterThanOrEqual(-0.5);
    expect((await nav.boundingBox())!.y).toBeLessThan(10);
    await review(pia.page, "game-phone-orders-scrolled");
    await nav.getByRole("tab", { name: "Headquarters" }).click();
    await seatView.getByRole("table", { name: "Finances" }).waitFor();

    // Messages: one public, one private between the players.
    expect((await api(pia, "POST", `/api/games/${live}/messages`, { to: "all", text: "Greetings, galaxy." })).status).toBe(201);
    expect((await api(pia, "POST", `/api/games/${live}/messages`, { to: ["romulan"], text: "A secret pact, Vic?" })).status).toBe(201);

    // Sam holds no seat: the live game shows him any seat's history and results, and the public messages only.
    const seen: string[] = [];
    sam.page.on("response", async (r) => {
      if (r.url().includes("/api/")) seen.push(`${r.status()} ${new URL(r.url()).pathname} ${await r.text().catch(() => "")}`);
    });
    await sam.page.goto(`${base}/#/games/${live}`);
    const watch = sam.page.getByRole("region", { name: "Watching this game" });
    await watch.getByLabel("Watch the empire").selectOption("romulan");
    await watch.getByRole("heading", { name: "Results: the start" }).waitFor();
    // The seat is shown by the ruleset's own view, read-only: its areas and map, but no orders desk, plans or letters.
    const areas = watch.getByRole("tablist", { name: "Areas of Romulan Star Empire" });
    await areas.getByRole("tab", { name: "Map" }).click();
    await watch.getByRole("region", { name: "Map of the galaxy as romulan sees it" }).waitFor();
    // The watched empire is not the spectator's own: its legend says so.
    await watch
      .getByRole("complementary", { name: "Map legend and location report" })
      .getByText(/Romulan Star Empire \(watched\)/)
      .waitFor();
    await areas.getByRole("tab", { name: "Messages" }).click();
    await watch.getByRole("heading", { name: "Diplomacy with other players" }).waitFor();
    await areas.getByRole("tab", { name: "Headquarters" }).click();
    for (const absent of [
      watch.getByRole("heading", { name: /^Orders for/ }),
      watch.getByRole("tablist", { name: "Orders by area" }),
      watch.getByLabel("Starfleet to plan"),
      watch.getByLabel("Orders file (YAML or JSON)"),
      watch.getByRole("button", { name: "Save draft" }),
    ])
      expect(await absent.count()).toBe(0);
    await sam.page.getByRole("region", { name: "Messages" }).getByText("Greetings, galaxy.").waitFor();
    expect(await sam.page.getByText("A secret pact, Vic?").count()).toBe(0);
    expect(await sam.page.getByLabel("Message", { exact: true }).count()).toBe(0);
    expect(await sam.page.getByRole("button", { name: "Submit orders" }).count()).toBe(0);
    // Nothing of the orders routes is asked for: a spectator reads the seat's view, report and history only.
    expect(seen.filter((l) => /\/(template|options|check|orders)\b/.test(l))).toEqual([]);
    await review(sam.page, "spectator-live");
    await sam.page.setViewportSize(PHONE);
    await review(sam.page, "spectator-live-phone");
    await fitsThePhone(sam.page, "a spectator's page");
    for (const line of seen) expect(line, "a spectator's page never carries a private message").not.toContain("A secret pact");

    // A game watched only after its end: while it is in play Sam is told so, and the server gives him nothing more.
    const closed = (
      await api(gm, "POST", "/api/games", {
        ruleset: "galactic-empires",
        scenario: "tutorial",
        title: "After the end",
        spectators: "after-end",
        bots: "normal",
      })
    ).body.id as string;
    expect((await api(gm, "POST", `/api/games/${closed}/start`)).status).toBe(200);
    seen.length = 0;
    await sam.page.goto(`${base}/#/games/${closed}`);
    await sam.page
      .getByText(
        "Its game master lets spectators watch once the game is over: until then you see its seats and who has submitted, nothing more.",
      )
      .waitFor();
    expect(await sam.page.getByRole("region", { name: "Messages" }).count()).toBe(0);
    await review(sam.page, "spectator-after-end-phone");
    await fitsThePhone(sam.page, "a spectator's page before the end");
    // The page asked for the summary alone; whatever else a spectator asks for is refused.
    expect(seen.filter((l) => l.includes(closed) && !l.startsWith(`200 /api/games/${closed} `))).toEqual([]);
    for (const path of ["seats/klingon/report", "seats/klingon/view", "seats/klingon/history", "state", "steps/1", "messages"])
      expect((await api(sam, "GET", `/api/games/${closed}/${path}`)).status, path).toBe(403);
    const asSam = (await api(sam, "GET", `/api/games/${closed}`)).body;
    expect(asSam.you).toEqual({ seats: [], gameMaster: false, seesAll: false });

    // A Battleshift battle watched live: the side's table as its player sees it, without the pointing tools or orders.
    const battle = (
      await api(gm, "POST", "/api/games", {
        ruleset: "battleshift",
        scenario: "playtest",
        title: "Watched battle",
        spectators: "live",
        bots: "normal",
      })
    ).body.id as string;
    expect((await api(gm, "POST", `/api/games/${battle}/start`)).status).toBe(200);
    seen.length = 0;
    await sam.page.setViewportSize(LAPTOP);
    await sam.page.goto(`${base}/#/games/${battle}`);
    const watched = sam.page.getByRole("region", { name: "Watching this game" });
    await watched.getByRole("heading", { name: "The table as blue sees it" }).waitFor();
    await watched.getByRole("region", { name: /^Table of \d+' by \d+'/ }).waitFor();
    await watched
      .getByRole("button", { name: /^Squadron \S+ \(blue\)/ })
      .first()
      .waitFor();
    expect(await watched.getByRole("button", { name: /drag it/ }).count()).toBe(0);
    expect(await watched.getByRole("heading", { name: /^Orders for/ }).count()).toBe(0);
    expect(await watched.getByRole("button", { name: "By pointing" }).count()).toBe(0);
    await review(sam.page, "spectator-battleshift");
    expect(seen.filter((l) => /\/(template|options|check|orders)\b/.test(l))).toEqual([]);

    for (const p of [gm, pia, vic, sam]) await p.ctx.close();
  });
});
