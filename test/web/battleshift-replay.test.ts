/**
 * Battleshift's replay and fleet builder in the browser (issue 11). A real `starhost serve` serves a fresh build of
 * src/web (test/web/support.ts); Dana plays blue against red's bot, and her game master's "run now" plays a few
 * steps (blue's bot takes over her missed orders) until the battle has fired. Her seat's replay, made from her own
 * reports, opens on the fleets as deployed, then steps through the activations and volleys forwards and back by buttons and keys; each die is shown with
 * what it was rolled for; stepping never moves the camera (only zoom and pan do). Then the fleet builder, reached from
 * the lobby: a price, and a fault for a design that does not fit; its options, a flagship, a defended planet and moon
 * and a station, each priced and checked as edited. Every page passes axe and is kept as a screenshot
 * (test/web/screenshots/replay-*.png).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveChromium, review as reviewPage, SHOTS, signUpAt, startWeb, type WebSession } from "./support.js";

let session: WebSession | undefined;
let browser: Browser | undefined;
let base = "";
beforeAll(async () => {
  session = await startWeb("web-replay");
  base = session.base;
  browser = session.browser;
}, 240_000);

afterAll(async () => session?.close());

let shot = 0;
const review = (page: Page, name: string) => reviewPage(page, `replay-${String(++shot).padStart(2, "0")}-${name}`);

const signUp = (context: BrowserContext, name: string, password: string): Promise<Page> => signUpAt(base, context, name, password);

/** Has blue seen a volley yet? Its own reports say. */
async function blueHasFired(page: Page, game: string): Promise<boolean> {
  const h = (await (await page.request.get(`${base}/api/games/${game}/seats/blue/history`)).json()) as { steps: { step: number }[] };
  const last = h.steps.at(-1);
  if (!last) return false;
  const r = (await (await page.request.get(`${base}/api/games/${game}/seats/blue/report?step=${last.step}`)).json()) as {
    json: { events: { kind: string }[] };
  };
  return r.json.events.some((e) => e.kind === "fire");
}

describe.skipIf(!haveChromium)("Battleshift's replay and fleet builder in the browser", () => {
  it("replays the battle volley by volley, forwards and back, with every die, the camera still; the fleet builder prices and finds faults", {
    timeout: 600_000,
  }, async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    const dana = await signUp(ctx, "dana", "a long enough password");
    await dana.getByLabel("Ruleset").selectOption("battleshift");
    await dana.getByLabel("Scenario").selectOption("playtest");
    await dana.getByLabel("Title (optional)").fill("Replay battle");
    await dana.getByLabel("Every seat to start with").selectOption("normal");
    await dana.getByRole("button", { name: "Create game" }).click();
    await dana.getByRole("heading", { name: "Replay battle" }).waitFor();
    await dana.getByLabel(/^Who plays .*\(blue\)/).selectOption("open");
    await dana.getByRole("button", { name: /^Join as .*\(blue\)/ }).click();
    await dana.getByRole("button", { name: "Start the game" }).click();
    await dana.getByRole("heading", { name: "The table as blue sees it" }).waitFor();
    const game = /#\/games\/(.+)$/.exec(dana.url())![1]!;

    // The game master runs steps until the battle has fired (the playtest's fleets close in on turn 2).
    const csrf = (await ctx.cookies()).find((c) => c.name === "starhost_csrf")!.value;
    let steps = 0;
    while (!(await blueHasFired(dana, game))) {
      expect(steps++, "steps run before the first volley").toBeLessThan(40);
      const r = await dana.request.post(`${base}/api/games/${game}/run`, { headers: { "x-csrf-token": csrf } });
      expect(r.status(), await r.text()).toBeLessThan(300);
    }

    // The replay, opened: it starts at the last step, and the camera is where the whole battle is.
    await dana.reload();
    const replay = dana.getByRole("region", { name: "Replay", exact: true });
    await replay.getByRole("button", { name: "Show the replay" }).click();
    const where = replay.locator(".bs-where");
    await expect.poll(() => where.textContent(), { timeout: 120_000 }).toMatch(/^Step \d+ of \d+/);
    const svg = replay.locator(".bs-replay-frame svg");
    const camera = () => svg.getAttribute("viewBox");
    const home = await camera();
    expect(home).toMatch(/^[\d.-]+ [\d.-]+ [\d.]+ [\d.]+$/);
    const total = Number(/^Step \d+ of (\d+)/.exec((await where.textContent())!)![1]);
    expect(total).toBeGreaterThanOrEqual(steps);

    // Back to the start, then forwards step by step (the buttons) to the first step with a volley.
    await replay.getByRole("button", { name: "First" }).click();
    await expect.poll(() => where.textContent()).toMatch(/^Step 1 of/);
    expect(await camera()).toBe(home);
    // The first frame is the start: the fleets as deployed, before the order sheets and the first activation.
    expect(await where.textContent()).toMatch(/^Step 1 of \d+ \(the start, as deployed\): Deployment: .+ against .+\. 0 volley/);
    expect(await replay.locator(".bs-labels [data-label^='sq:']").count()).toBeGreaterThan(10);
    await review(dana, "deployment");
    await replay.getByRole("button", { name: "Next step" }).click();
    await expect.poll(() => where.textContent()).toMatch(/^Step 2 of \d+ \(step 1: turn 1, order sheets\): Turn 1: order sheets/);
    await replay.getByRole("button", { name: "First" }).click();
    await expect.poll(() => where.textContent()).toMatch(/^Step 1 of/);
    let guard = 0;
    while (!/ fires? /.test((await replay.locator(".bs-replay-events").textContent()) ?? "")) {
      expect(guard++).toBeLessThan(total);
      await replay.getByRole("button", { name: "Next step" }).click();
      expect(await camera()).toBe(home);
    }
    const stepText = (await where.textContent())!;
    // Then volley by volley with the keyboard, on the table: the current volley's dice, named by what they were for.
    const table = replay.getByRole("region", { name: /^Replay table as blue saw it/ });
    await table.focus();
    await dana.keyboard.press("ArrowRight");
    await expect.poll(() => where.textContent()).toMatch(/Volley or roll 1 of \d+/);
    const current = replay.locator(".bs-events li.current");
    await expect.poll(() => current.locator(".bs-die").count()).toBeGreaterThan(0);
    // Every event of the step with dice shows them with what they were rolled for (to hit, shields, destruction tests...).
    const rolledFor = await replay.locator(".bs-dice-what").allTextContents();
    expect(rolledFor.some((t) => /^to hit/.test(t))).toBe(true);
    expect(await camera()).toBe(home);
    let volleys = 0;
    while (
      /Volley or roll (\d+) of (\d+)/
        .exec((await where.textContent())!)
        ?.slice(1)
        .reduce((a, b) => (a === b ? "end" : a)) !== "end"
    ) {
      expect(volleys++).toBeLessThan(50);
      if (/ fires? /.test((await current.textContent()) ?? "")) break;
      await dana.keyboard.press("ArrowRight");
    }
    expect(await current.textContent()).toMatch(/ fires? |shields|destruction|to hit/);
    await review(dana, "volley");
    // The table alone, at full size, to judge the labels by eye.
    await table.screenshot({ path: join(SHOTS, "replay-table.png") });
    // And back: the arrow steps back a volley, Page Up to the step's start, then the step before.
    const atVolley = (await where.textContent())!;
    await dana.keyboard.press("ArrowLeft");
    await expect.poll(() => where.textContent()).not.toBe(atVolley);
    // (The first volley's step back is the step's start already; from a later one, Page Up goes there.)
    if ((await where.textContent()) !== stepText) await dana.keyboard.press("PageUp");
    await expect.poll(() => where.textContent()).toBe(stepText);
    const stepNo = Number(/^Step (\d+)/.exec(stepText)![1]);
    await dana.keyboard.press("PageUp");
    await expect.poll(() => where.textContent()).toMatch(new RegExp(`^Step ${stepNo - 1} of`));
    expect(await camera()).toBe(home);
    // The labels do not collide: no two label boxes overlap.
    const boxes = await replay
      .locator(".bs-labels rect")
      .evaluateAll((rs) => rs.map((r) => ["x", "y", "width", "height"].map((a) => Number(r.getAttribute(a)))));
    expect(boxes.length).toBeGreaterThan(0);
    let overlapping = 0;
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [ax, ay, aw, ah] = boxes[i]!;
        const [bx, by, bw, bh] = boxes[j]!;
        if (ax! < bx! + bw! - 0.5 && bx! < ax! + aw! - 0.5 && ay! < by! + bh! - 0.5 && by! < ay! + ah! - 0.5) overlapping++;
      }
    expect(overlapping).toBe(0);
    // Only the player moves the camera: zoom in, then stepping keeps the zoomed view.
    await replay.getByRole("button", { name: "Zoom in" }).click();
    const zoomed = await camera();
    expect(zoomed).not.toBe(home);
    await replay.getByRole("button", { name: "Next volley" }).click();
    await replay.getByRole("button", { name: "Next step" }).click();
    expect(await camera()).toBe(zoomed);
    await review(dana, "stepped");
    // On a phone the controls wrap and the table keeps its width.
    await dana.setViewportSize({ width: 390, height: 844 });
    await replay.scrollIntoViewIfNeeded();
    await review(dana, "phone");
    const phoneBox = (await table.boundingBox())!;
    expect(phoneBox.width).toBeGreaterThan(300);
    expect(phoneBox.height).toBeGreaterThan(150);
    await dana.setViewportSize({ width: 1280, height: 900 });

    // The fleet builder, from the lobby.
    await dana.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Lobby" }).click();
    await dana.getByRole("heading", { name: "Lobby" }).waitFor();
    await dana.getByRole("link", { name: /^Battleshift fleet builder/ }).click();
    await dana.getByRole("heading", { name: "Battleshift fleet builder" }).waitFor();
    const price = dana.locator(".bs-fleet-price");
    await expect.poll(() => price.textContent()).toBe("Price: 120 points of 200. A legal fleet.");
    await review(dana, "builder");
    // The fleet's options, each taskforce's flagship, a defended planet and moon and a station: each priced and checked
    // by the fleet check as it is edited.
    const yamlText = () => dana.getByLabel("Fleet file (YAML)").inputValue();
    const fleetFaults = dana.getByRole("list", { name: "Faults of the fleet" });
    await dana.getByLabel(/^squadronsPerTaskforce: /).fill("1");
    await expect.poll(() => fleetFaults.textContent()).toMatch(/has 2 squadrons; a taskforce may have at most 1.*\(too-many-squadrons\)/);
    await dana.getByLabel(/^squadronsPerTaskforce: /).fill("5");
    await dana.getByRole("checkbox", { name: /formations: "Formations/ }).check();
    await expect.poll(() => price.textContent()).toBe("Price: 120 points of 200. A legal fleet.");
    expect(await yamlText()).toMatch(/options:\s+formations: true/);
    const flagship = dana.getByLabel("First: flagship");
    await flagship.selectOption("Pickets");
    await expect
      .poll(() => dana.getByRole("list", { name: "Faults of First's flagship" }).textContent())
      .toMatch(/"one of its largest ships".*\(small-flagship\)/);
    await flagship.selectOption("Line cruisers");
    await expect.poll(() => price.textContent()).toBe("Price: 120 points of 200. A legal fleet.");
    expect(await yamlText()).toContain("flagship: Line cruisers");
    // A planet of defense size 4 with an assault unit a quadrant: 40 + 4 x 3 = 52 points.
    await dana.getByRole("button", { name: "Add a defended planet" }).click();
    await expect.poll(() => dana.getByText("Planet Home: 52 points").count()).toBe(1);
    await expect.poll(() => price.textContent()).toBe("Price: 172 points of 200. A legal fleet.");
    // A moon's defense at most half its planet's: size 3 beside a size 4 planet is refused, beside it.
    await dana.getByRole("button", { name: "Add a defended moon" }).click();
    await dana.getByLabel("Moon Home's moon: defense size").fill("3");
    await expect.poll(() => dana.getByRole("list", { name: "Faults of Moon Home's moon" }).textContent()).toMatch(/\(moon-too-large\)/);
    await dana.getByRole("button", { name: "Remove Moon Home's moon" }).click();
    await dana.getByRole("button", { name: "Add a space station" }).click();
    await expect.poll(() => price.textContent()).toMatch(/^Price so far: 2\d\d points \(limit 200\)\. 1 fault\(s\)\.$/);
    expect(await fleetFaults.textContent()).toMatch(/over the limit of 200.*\(over-points\)/);
    await dana.getByLabel("Station 1: sector").fill("here");
    await expect.poll(() => dana.getByRole("list", { name: "Faults of Station 1" }).textContent()).toMatch(/\(bad-sector\)/);
    expect(await yamlText()).toMatch(/defenses:[\s\S]*kind: planet[\s\S]*stations:[\s\S]*sector: here/);
    await review(dana, "builder-parts");
    // Back as it was, for what follows.
    await dana.getByRole("button", { name: "Remove Station 1" }).click();
    await dana.getByRole("button", { name: "Remove Planet Home" }).click();
    await flagship.selectOption("");
    await dana.getByRole("checkbox", { name: /formations: "Formations/ }).uncheck();
    await expect.poll(() => price.textContent()).toBe("Price: 120 points of 200. A legal fleet.");
    // Four heavy batteries do not fit a size 3 ship's 6 space units: the design's fault and the fleet's.
    await dana.getByLabel("Line Cruiser: Heavy Battery", { exact: true }).fill("4");
    const faults = dana.getByRole("list", { name: "Faults of Line Cruiser" });
    await expect.poll(() => faults.textContent()).toMatch(/fill 10 space units but a size 3 ship has 6.*\(over-space\)/);
    await expect.poll(() => price.textContent()).toMatch(/1 fault\(s\)/);
    expect(await dana.getByLabel("Fleet file (YAML)").inputValue()).toMatch(/heavy: 4/);
    await review(dana, "builder-fault");
    // A fleet file loaded to edit: the faulty example's faults, all at once, as the fleet check lists them.
    const faulty = readFileSync(join(import.meta.dirname, "../../examples/battleshift/fleets/faulty-fleet.yaml"), "utf8");
    await dana.getByLabel("Fleet file to load (YAML or JSON)").fill(faulty);
    await dana.getByRole("button", { name: "Load it" }).click();
    await dana.getByText('Loaded "Faulty Fleet". Left out (the builder does not edit them): mixed squadron Odd ones.').waitFor();
    await expect.poll(async () => Number(/(\d+) fault\(s\)/.exec((await price.textContent()) ?? "")?.[1])).toBeGreaterThanOrEqual(5);
    expect(await dana.getByRole("list", { name: "Faults of the fleet" }).textContent()).toMatch(/fleet-crusier/);
    await ctx.close();
  });
});
