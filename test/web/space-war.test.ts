/**
 * A Space War campaign played in the browser (issue 13: "the ruleset's views in the web client"): a real `starhost
 * serve` serves a fresh build of src/web, and Debian's Chromium (driven by playwright-core; never a downloaded browser)
 * plays the blue squadron against the red squadron's bot. Blue's three designs are written with the design form (the
 * modules typed, l.19, l.57), the purchase is the page's "fits the budget" button (l.29), every craft is deployed by
 * clicking the table within 6" of blue's planet (l.884), and turns are played by pointing: a craft chosen, a point
 * clicked to move it (S7, the check shows the inches), an enemy face up clicked and the shot it offers taken when one
 * is (S9, the check shows the score each die needs); then a battle set up for it shows the other orders the table
 * offers: a tractor, a ram and a launch. Every page is checked with axe-core and kept as a screenshot in
 * test/web/screenshots/ (sx-play-*.png), the last at a phone's width. The build, serve, browser and review are
 * test/web/support.ts's.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haveChromium, numberedReview, playAs, seatDriver, signUpAt, startGameAs, WAIT, webSessionFor } from "./support.js";

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
      // The enemy clicked offers the orders of our craft against it (offers.ts); the first shot is taken.
      await enemies.first().click();
      await page
        .getByRole("region", { name: /^Orders of .* against / })
        .getByRole("button", { name: /^shoot / })
        .first()
        .click();
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

/**
 * The table's offers (offers.ts): a battle set up through the API between two players (the test's own orders for both
 * squadrons, so the position is known), then blue plays by pointing: its Tug (a vessel with a Tractor Beam and a
 * Shuttle Bay, a fighter aboard) chosen, red's fighter face up within 3" clicked offers a tractor, a ram and a shot,
 * each with the check's figure; the tractor is taken by a click, the ram by the keyboard; the Tug clicked offers its
 * fighter's launch. The same server as the campaign above.
 */
type Api = (method: "GET" | "POST", path: string, body?: unknown) => Promise<unknown>;

/** The API as the page's signed-in user (its session cookie and CSRF token). */
const apiOf =
  (page: Page): Api =>
  (method, path, body) =>
    // A string, run in the page, so that the tests need no DOM types (as support.ts's review does).
    page.evaluate(`(async () => {
      const csrf = /(?:^|;\\s*)starhost_csrf=([^;]+)/.exec(document.cookie)?.[1];
      const r = await fetch(${JSON.stringify(path)}, {
        method: ${JSON.stringify(method)},
        headers: { ${body === undefined ? "" : '"content-type": "application/json", '}...(csrf ? { "x-csrf-token": decodeURIComponent(csrf) } : {}) },
        body: ${body === undefined ? "undefined" : JSON.stringify(JSON.stringify(body))},
      });
      const data = await r.json();
      if (!r.ok) throw new Error(${JSON.stringify(`${method} ${path}: `)} + r.status + " " + JSON.stringify(data));
      return data;
    })()`);

interface P {
  x: number;
  y: number;
}
interface SxCraft {
  id: string;
  owner: string;
  design: string;
  where: { kind: string; at?: P };
}
interface Battle {
  turn: number;
  active: string;
  planets: { at: P }[];
  homes: Record<string, { planet: number }>;
  craft: SxCraft[];
}

/** `d` inches from `from` toward `to`, at most the whole way. */
const toward = (from: P, to: P, d: number): P => {
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  const k = Math.min(1, d / len);
  return { x: Math.round((from.x + (to.x - from.x) * k) * 10) / 10, y: Math.round((from.y + (to.y - from.y) * k) * 10) / 10 };
};

/**
 * A game in which blue's Tug and red's two Darts close until a Dart ends red's turn 2" from the Tug, face up to blue.
 * Returns the game's id and the craft ids.
 */
async function closeQuarters(blue: Api, red: Api): Promise<{ id: string; tug: string; wasp: string; dart: string }> {
  const g = (await blue("POST", "/api/games", {
    ruleset: "space-war",
    title: "Close quarters",
    seed: 3,
    seats: { blue: "me", red: "open" },
  })) as { id: string };
  const base = `/api/games/${g.id}`;
  await red("POST", `${base}/seats/red/join`);
  await blue("POST", `${base}/start`);
  const step = async () => ((await blue("GET", base)) as { step: number }).step;
  // Every order of the set-up must be taken: a refused one says why.
  const send = async (api: Api, seat: string, orders: unknown[]) => {
    const r = (await api("POST", `${base}/orders?seat=${seat}&step=${await step()}`, { seat, orders })) as {
      check: { problems: unknown[] };
      skipped: unknown[];
    };
    if (r.check.problems.length + r.skipped.length > 0) throw new Error(`${seat}'s orders refused: ${JSON.stringify(r)}`);
  };
  const battle = async (api = blue, seat = "blue") =>
    ((await api("GET", `${base}/seats/${seat}/view`)) as { view: { state: { campaign: { battle: Battle } } } }).view.state.campaign.battle;
  // Designs (l.19): a Tug of 5 modules (25 M€) and a fighter of 2 (8 M€) for blue; for red, fighters of 3 (27 M€, 18")
  // and the vessel with a Shuttle Bay that fighters need (9 M€, l.51).
  await send(blue, "blue", [
    { type: "design", name: "Tug", craft: "vessel", modules: ["E", "E", "TR", "SB", "L"] },
    { type: "design", name: "Wasp", craft: "fighter", modules: ["E", "L"] },
  ]);
  await send(red, "red", [
    { type: "design", name: "Dart", craft: "fighter", modules: ["E", "E", "L"] },
    { type: "design", name: "Ferry", craft: "vessel", modules: ["E", "E", "SB"] },
  ]);
  await send(blue, "blue", [
    { type: "buy", design: "Tug", count: 1 },
    { type: "buy", design: "Wasp", count: 1 },
  ]);
  await send(red, "red", [
    { type: "buy", design: "Dart", count: 2 },
    { type: "buy", design: "Ferry", count: 1 },
  ]);
  // Deployment (l.884): the Tug 4" toward the middle from blue's planet, the Wasp aboard it; the Darts likewise.
  let b = await battle();
  const of = (owner: string, design: string) => b.craft.filter((c) => c.owner === owner && c.design === design).map((c) => c.id);
  const [tug] = of("blue", "Tug");
  const [wasp] = of("blue", "Wasp");
  // Red's craft still to deploy are red's to see.
  b = await battle(red, "red");
  const darts = of("red", "Dart");
  const [ferry] = of("red", "Ferry");
  const mid = { x: 36, y: 24 };
  const home = (s: string) => b.planets[b.homes[s]!.planet]!.at;
  await send(blue, "blue", [
    { type: "deploy", craft: tug, at: toward(home("blue"), mid, 4), heading: 90 },
    { type: "deploy", craft: wasp, aboard: tug },
  ]);
  await send(red, "red", [
    ...darts.map((d, i) => ({
      type: "deploy",
      craft: d,
      at: toward({ ...home("red"), y: home("red").y + (i === 0 ? 2 : -2) }, mid, 4),
      heading: 270,
    })),
    { type: "deploy", craft: ferry, at: toward(home("red"), mid, 2), heading: 270 },
  ]);
  // Turns: the Tug closes 10" a turn toward the first Dart; the first Dart closes to 2" of the Tug; the other waits.
  for (let i = 0; i < 12; i++) {
    b = await battle();
    const at = (id: string | undefined) => b.craft.find((c) => c.id === id)?.where.at;
    const t = at(tug)!;
    const d = at(darts[0])!;
    const gap = Math.hypot(t.x - d.x, t.y - d.y);
    const dartUp = b.craft.find((c) => c.id === darts[0])?.where.kind === "table";
    if (b.active === "blue" && gap <= 2.5 && dartUp) return { id: g.id, tug: tug!, wasp: wasp!, dart: darts[0]! };
    if (b.active === "blue") await send(blue, "blue", gap > 14 ? [{ type: "move", craft: tug, to: toward(t, d, 10) }] : []);
    else await send(red, "red", [{ type: "move", craft: darts[0], to: toward(d, t, Math.max(0, Math.min(17, gap - 2))) }]);
  }
  throw new Error("the craft never closed");
}

const reviewOffers = numberedReview("sx-offers");

describe.skipIf(!haveChromium)("the battle table offers every order that has a target", () => {
  it("a tractor, a ram and a launch made by pointing, each offered with the check's figure", { timeout: 600_000 }, async () => {
    const w = web();
    const redCtx = await w.browser!.newContext();
    const redPage = await signUpAt(w.base, redCtx, "sxred", "a long enough password", WAIT);
    await playAs(
      w,
      "sxtug",
      async (page) => {
        const game = await closeQuarters(apiOf(page), apiOf(redPage));
        await page.goto(`${w.base}/#/games/${game.id}`);
        await expect.poll(() => heading(page).innerText(), WAIT).toMatch(/blue to play/);
        await offers(page, game);
      },
      ".sx-view",
      4000,
    );
    await redCtx.close();
  });
});

async function offers(page: Page, game: { tug: string; wasp: string; dart: string }): Promise<void> {
  const list = page.getByRole("navigation", { name: "Your craft" });
  const panel = page.getByRole("region", { name: new RegExp(`^Orders of ${game.tug} against ${game.dart}$`) });
  const offer = (name: string) => panel.getByRole("button", { name });
  const figure = async (name: string) => {
    const id = await offer(name).getAttribute("aria-describedby");
    const text = () => page.locator(`[id="${id}"]`).innerText();
    await expect.poll(text, WAIT).not.toBe("checking…");
    return text();
  };
  const enemy = page.locator(`.sx-table g.sx-craft.enemy[data-craft="${game.dart}"]`);
  const tugOnTable = page.locator(`.sx-table g.sx-craft.mine[data-craft="${game.tug}"]`);

  // The Tug chosen from the list; red's Dart clicked: the menus' orders of the Tug against it, each checked.
  await list.getByRole("button", { name: new RegExp(`^${game.tug} Tug`) }).click();
  await enemy.click();
  await panel.waitFor();
  expect(await panel.getByRole("button").allInnerTexts()).toEqual(
    expect.arrayContaining([`tractor ${game.dart}`, `ram ${game.dart}`, `shoot ${game.dart} with Lasers`]),
  );
  // S5: the tractor works within 3" on a 5 or 6 (l.442); S9: the shot's score each die needs (l.525-635).
  expect(await figure(`tractor ${game.dart}`)).toMatch(/needs 5\+/);
  expect(await figure(`shoot ${game.dart} with Lasers`)).toMatch(/needs \d\+/);
  expect(await figure(`ram ${game.dart}`)).not.toBe("");
  await reviewOffers(page, "offered");
  await offer(`tractor ${game.dart}`).click();
  await expect.poll(() => draftItems(page).count(), WAIT).toBe(1);
  await expect.poll(() => draftItems(page).first().innerText(), WAIT).toMatch(new RegExp(`^#0 tractor.*${game.dart}[\\s\\S]*needs 5\\+`));

  // The ram by the keyboard: Enter on the Dart (a button of the table) opens the offers and moves the focus to them.
  await enemy.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate("document.activeElement && document.activeElement.id"), WAIT).toBe("sx-offers-h");
  await offer(`ram ${game.dart}`).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => draftItems(page).count(), WAIT).toBe(2);
  await expect.poll(() => draftItems(page).nth(1).innerText(), WAIT).toMatch(new RegExp(`^#1 ram.*${game.dart}`));

  // The Tug clicked on the table (chosen afresh): its fighter's launch is offered, 1" ahead of it (l.424).
  await page.getByRole("button", { name: "Close the craft" }).click();
  // Its arrow is clicked: red's Dart, 2" off, lies over the middle of the Tug's button with its label.
  await tugOnTable.locator("polygon").click();
  const vessel = page.getByRole("region", { name: `Orders of ${game.tug}` });
  const launch = vessel.getByRole("button", { name: `launch ${game.wasp} from ${game.tug}` });
  await launch.waitFor();
  const launchFigure = page.locator(`[id="${await launch.getAttribute("aria-describedby")}"]`);
  await expect.poll(() => launchFigure.innerText(), WAIT).not.toBe("checking…");
  expect(await launchFigure.innerText()).toMatch(/^ok/);
  await launch.click();
  await expect.poll(() => draftItems(page).count(), WAIT).toBe(3);
  await expect.poll(() => draftItems(page).nth(2).innerText(), WAIT).toMatch(new RegExp(`^#2 launch.*${game.wasp}`));
  await reviewOffers(page, "taken");
}
