/**
 * The replay of a Space War battle (issue 13: "a replay (SVG or self-contained HTML) that shows every move, shot, roll
 * and damaged module"): a frame for the deployment and one for each player turn, the table after it with the step's
 * events and dice; a seat's replay shows only what that seat may see (the harness's `secrets`); refusals.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GameAccess } from "../../src/core/ruleset.js";
import { newGame, runStep } from "../../src/host/lifecycle.js";
import { botSubmissions } from "../../src/host/play.js";
import type { SxEvent } from "../../src/rules/space-war/events.js";
import { spaceWar } from "../../src/rules/space-war/index.js";
import type { SpaceWarState } from "../../src/rules/space-war/model.js";
import { secrets } from "../../src/rules/space-war/presentation/known-state.js";
import {
  frameLog,
  frameMarks,
  NOTHING,
  renderReplayHtml,
  renderReplaySvg,
  rollLine,
  rosterLines,
  type SxReplay,
  type SxReplayFrame,
} from "../../src/rules/space-war/presentation/replay.js";
import { tableSvg } from "../../src/rules/space-war/presentation/table-svg.js";
import { replayFrames, replayTool } from "../../src/rules/space-war/tools.js";
import type { GameRecord, StepEntry, Submission } from "../../src/store/store.js";
import { starhost } from "../cli/run-cli.js";

/** Blue's designs renamed, so that its names are its own (the bots name both squadrons' designs alike). */
const AZURE = "Azure ";

/**
 * A campaign of `games` games played by the normal bot on both seats, blue's designs renamed; `until` stops it after
 * that many steps. Every step's entry is kept (the state it started from and its events), as a game folder keeps them.
 */
/**
 * The bots play a campaign of `games` games for at most `until` steps, or until `stop` says (the second game's battle
 * under way: the step count that reaches it changes whenever the bots play differently).
 */
function play(
  seed: number,
  games: number,
  until = 400,
  stop: (s: SpaceWarState) => boolean = () => false,
): { record: GameRecord; entries: StepEntry[] } {
  const made = newGame({ id: `replay-${seed}`, ruleset: spaceWar as never, scenario: "campaign", inputs: { options: [{ games }] }, seed });
  if (!made.ok) throw new Error(made.error.map((p) => p.message).join("; "));
  let record = made.value;
  const entries: StepEntry[] = [];
  for (let i = 0; i < until && !record.outcome && !stop(record.state as SpaceWarState); i++) {
    const subs = botSubmissions(spaceWar as never, record, { blue: "normal", red: "normal" }).map(
      (s): Submission => (s.seat === "blue" && record.step === 1 ? renamed(s) : s),
    );
    const r = runStep(spaceWar as never, record, subs);
    entries.push(r.entry);
    record = r.next;
  }
  return { record, entries };
}

function renamed(s: Submission): Submission {
  const o = s.orders as { orders: { type: string; name?: string }[] };
  return { ...s, orders: { ...o, orders: o.orders.map((x) => (x.type === "design" ? { ...x, name: `${AZURE}${x.name}` } : x)) } };
}

/** A game tool's access to the campaign after its first `n` steps (all of them without `n`), as the host gives it. */
function access(game: { record: GameRecord; entries: StepEntry[] }, n = game.entries.length): GameAccess<SpaceWarState, SxEvent> {
  const entries = game.entries.slice(0, n);
  const state = (n < game.entries.length ? game.entries[n]?.state : game.record.state) as SpaceWarState;
  return {
    step: state.step,
    state,
    steps: entries.map((e) => e.step),
    stepAt: async (k) => {
      const e = entries.find((x) => x.step === k);
      if (!e) throw new Error(`no step ${k}`);
      return { state: e.state as SpaceWarState, events: e.events as SxEvent[] };
    },
  };
}

const ONE = play(3, 1);
const TWO = play(5, 2, 400, (s) => s.campaign.game === 1 && s.campaign.step === "battle" && (s.campaign.battle?.turn ?? 0) >= 4);

async function replayOf(game: GameAccess<SpaceWarState, SxEvent>, options: { game?: number; seat?: string } = {}): Promise<SxReplay> {
  const r = await replayFrames(game, options);
  if (typeof r === "string") throw new Error(r);
  return r;
}

/** Tags balance, attributes are quoted, every & starts an entity (as views.test.ts). */
function xmlProblems(svg: string, root = "<svg "): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  const body = svg.trim();
  if (!body.startsWith(root)) out.push(`does not start with ${root}`);
  if (/&(?!amp;|lt;|gt;|quot;|apos;|larr;|rarr;|#\d+;)/.test(body)) out.push("a bare &");
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+(?:="[^"<]*")?)*)\s*(\/?)>/g;
  const voids = new Set(["meta", "input", "br", "link", "img"]);
  let last = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const between = body.slice(last, m.index);
    if (between.includes("<") || between.includes(">")) out.push(`stray markup before ${m[0].slice(0, 40)}`);
    last = re.lastIndex;
    const [, close, name, , self] = m;
    if (self || (root !== "<svg " && voids.has(name as string))) continue;
    if (close) {
      const open = stack.pop();
      if (open !== name) out.push(`</${name}> closes <${open}>`);
    } else stack.push(name as string);
  }
  if (body.slice(last).trim() !== "") out.push("text after the last tag");
  if (stack.length > 0) out.push(`unclosed: ${stack.join(", ")}`);
  return out;
}

/** The HTML's frames (its script's data) and the HTML with the script's body taken out. */
function splitHtml(html: string): { frames: { title: string; svg: string; log: string[]; craft: string[] }[]; markup: string } {
  const m = html.match(/<script>\nconst F=(.*);\nlet i=0;[\s\S]*?<\/script>/);
  if (!m?.[1]) throw new Error("no script data");
  return { frames: JSON.parse(m[1]), markup: html.replace(m[0], "<script></script>") };
}

/** The battle steps of game `g` in the entries: the deployment, then the player turns. */
function battleSteps(game: { entries: StepEntry[] }, g: number): StepEntry[] {
  return game.entries.filter((e) => {
    const c = (e.state as SpaceWarState).campaign;
    return c.game === g - 1 && (c.step === "deploy" || c.step === "battle");
  });
}

describe("the frames: the deployment, then one per player turn", () => {
  it("a frame per battle step of the game, each the table as it stood after the step, with that step's events", async () => {
    const r = await replayOf(access(ONE));
    const steps = battleSteps(ONE, 1);
    expect(r.game).toBe(1);
    expect(r.frames).toHaveLength(steps.length);
    expect(r.frames.length).toBeGreaterThan(5);
    expect(r.frames[0]?.label).toBe("the deployment");
    expect(r.frames[1]?.label).toMatch(/^turn 1, (blue|red)'s player turn$/);
    r.frames.forEach((f, i) => {
      const k = ONE.entries.findIndex((e) => e.step === f.step);
      const after = (ONE.entries[k + 1]?.state ?? ONE.record.state) as SpaceWarState;
      expect(f.step).toBe(steps[i]?.step);
      expect(f.state).toEqual(after);
      expect(f.events).toEqual(((ONE.entries[k]?.events ?? []) as SxEvent[]).filter((e) => e.kind !== "problem"));
    });
    // The last frame: the battle over, its table still drawn.
    expect(r.frames[r.frames.length - 1]?.state.campaign.battle?.ended).toBeDefined();
  });

  it("every move, shot, die (with its need) and damaged module of the battle is in the log", async () => {
    const r = await replayOf(access(ONE));
    const events = r.frames.flatMap((f) => f.events);
    const log = r.frames.flatMap((f) => frameLog(f));
    for (const kind of ["moved", "shot", "damaged"])
      expect(
        events.some((e) => e.kind === kind),
        kind,
      ).toBe(true);
    for (const e of events) expect(log).toContain(`${e.step}: ${e.text}`);
    const rolls = events.flatMap((e) => e.rolls ?? []);
    expect(rolls.length).toBeGreaterThan(10);
    expect(log.filter((l) => /^ {4}(d6|2d6) \d+ for /.test(l))).toHaveLength(rolls.length);
    expect(rolls.some((x) => x.need !== undefined)).toBe(true);
  });

  it("a die as a line: its value, what it was for, the score it needed and whether it made it", () => {
    expect(rollLine({ die: "d6", value: 5, for: "laser blue-2 at red-5", need: 4 })).toBe("d6 5 for laser blue-2 at red-5: needs 4+, made");
    expect(rollLine({ die: "d6", value: 1, for: "armour save", need: 2 })).toBe("d6 1 for armour save: needs 2+, missed");
    expect(rollLine({ die: "2d6", value: 7, for: "nuke in contact" })).toBe("2d6 7 for nuke in contact");
  });

  it("damaged modules are named on each craft: the roster marks them *", async () => {
    const r = await replayOf(access(ONE));
    const last = r.frames[r.frames.length - 1] as SxReplayFrame;
    expect(rosterLines(last.state).some((l) => /\b[A-Z]{1,2}\*/.test(l))).toBe(true);
  });

  it("the table draws the step's moves as trails from where each craft stood, its shots and rams as lines to the target", async () => {
    const r = await replayOf(access(ONE));
    let moves = 0;
    let shots = 0;
    r.frames.forEach((f, i) => {
      const before = r.frames[i - 1]?.state;
      const marks = frameMarks(f, before);
      for (const m of marks.filter((x) => x.kind === "move")) {
        expect(m.from).not.toEqual(m.to);
        moves++;
      }
      const fired = f.events.filter((e) => e.kind === "shot").length;
      expect(marks.filter((m) => m.kind === "shot")).toHaveLength(fired);
      shots += fired;
      const svg = tableSvg(f.state, { marks });
      expect(xmlProblems(svg)).toEqual([]);
      expect(svg.match(/<line class="(move|shot|ram)"/g) ?? []).toHaveLength(marks.length);
    });
    expect(moves).toBeGreaterThan(10);
    expect(shots).toBeGreaterThan(5);
    // A move's trail: from where the craft stood in the frame before to where it stands now.
    const i = r.frames.findIndex((f) => f.events.some((e) => e.kind === "moved"));
    const f = r.frames[i] as SxReplayFrame;
    const id = f.events.find((e) => e.kind === "moved")?.craft?.[0] ?? "";
    const at = (s: SpaceWarState | undefined) => {
      const w = s?.campaign.battle?.craft.find((c) => c.id === id)?.where;
      return w && "at" in w ? w.at : undefined;
    };
    expect(frameMarks(f, r.frames[i - 1]?.state)).toContainEqual(
      expect.objectContaining({ kind: "move", from: at(r.frames[i - 1]?.state), to: at(f.state) }),
    );
  });

  it("--game picks the game of the campaign; without it the last battle deployed, finished or not", async () => {
    const at = access(TWO);
    expect(at.state.campaign.game).toBe(1);
    const last = await replayOf(at);
    expect(last.game).toBe(2);
    expect(last.frames).toHaveLength(battleSteps(TWO, 2).length);
    const first = await replayOf(at, { game: 1 });
    expect(first.game).toBe(1);
    expect(first.frames).toHaveLength(battleSteps(TWO, 1).length);
  });
});

describe("a seat's replay shows only what the seat may see", () => {
  it("a face-down enemy's design, its modules and the events the seat may not see never appear (the harness's secrets)", async () => {
    const referee = await replayOf(access(ONE));
    const red = await replayOf(access(ONE), { seat: "red" });
    expect(red.who).toBe("as Red squadron knows it");
    expect(red.frames).toHaveLength(referee.frames.length);
    let designsHidden = 0;
    let textsHidden = 0;
    referee.frames.forEach((whole, i) => {
      const f = red.frames[i] as SxReplayFrame;
      const html = renderReplayHtml({ ...red, frames: [f] });
      const log = frameLog(f).join("\n");
      const wholeHtml = renderReplayHtml({ ...referee, frames: [whole] });
      for (const needle of secrets(whole.state, "red", whole.events)) {
        const design = needle.match(/^"(?:design|name)":("[^"]*")/)?.[1];
        const text = needle.match(/^"text":(.*)$/)?.[1];
        if (design) {
          const name = JSON.parse(design) as string;
          expect(name.startsWith(AZURE)).toBe(true);
          expect(wholeHtml).toContain(name);
          expect(html, `frame ${i + 1}: ${name}`).not.toContain(name);
          designsHidden++;
        } else if (text) {
          const t = JSON.parse(text) as string;
          expect(log, `frame ${i + 1}`).not.toContain(t);
          textsHidden++;
        } else expect(html).not.toContain(needle);
      }
    });
    // The test is not empty: red did not know blue's designs for a while, nor the moves of blue's counters.
    expect(designsHidden).toBeGreaterThan(0);
    expect(textsHidden).toBeGreaterThan(0);
  });

  it("enemy counters are drawn as counters, and the seat's own craft whole", async () => {
    const red = await replayOf(access(ONE), { seat: "red" });
    const deployed = red.frames[0] as SxReplayFrame;
    const svg = tableSvg(deployed.state, { seat: "red" });
    expect(svg.match(/class="counter"/g)?.length).toBeGreaterThan(0);
    expect(rosterLines(deployed.state).some((l) => l.includes("a face-down counter"))).toBe(true);
    expect(renderReplayHtml({ ...red, frames: [deployed] })).not.toContain(AZURE);
  });
});

describe("the files", () => {
  it("the HTML is well-formed, self-contained, with First/Previous/Next/Last, the keyboard and a labelled slider", async () => {
    const out = await replayTool.run(access(ONE), { seat: "blue", format: "html" });
    expect(out.ok).toBe(true);
    expect(out.file?.extension).toBe("html");
    const html = out.file?.content ?? "";
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    const { frames, markup } = splitHtml(html);
    expect(xmlProblems(markup.replace(/^<!doctype html>\n/, ""), "<html ")).toEqual([]);
    expect(frames).toHaveLength((out.json as { frames: number }).frames);
    for (const f of frames) expect(xmlProblems(f.svg)).toEqual([]);
    // No external resource: nothing fetched, linked or imported.
    expect(html).not.toMatch(/<(link|img|iframe|object|embed)\b|\bsrc=|\bhref=|@import|url\(\s*['"]?https?:/i);
    expect(html.replaceAll('xmlns="http://www.w3.org/2000/svg"', "").replaceAll('xmlns=\\"http://www.w3.org/2000/svg\\"', "")).not.toMatch(
      /https?:\/\//,
    );
    for (const id of ["first", "prev", "next", "last"]) expect(html).toContain(`<button id="${id}" type="button">`);
    expect(html).toMatch(/<label for="slider">Frame <span id="at">1<\/span> of \d+<\/label><input id="slider" type="range"/);
    expect(html).toContain('addEventListener("keydown"');
    expect(html).toContain("ArrowLeft");
    expect(html).toContain("ArrowRight");
  });

  it("every word from the game is escaped, in the HTML, its script and the SVG sheet", async () => {
    const r = await replayOf(access(ONE));
    const f = structuredClone(r.frames[1] as SxReplayFrame);
    const c = f.state.campaign.battle?.craft.find((x) => x.where.kind === "table" || x.where.kind === "hidden");
    if (!c) throw new Error("no craft on the table");
    c.design = 'A&B <"x"> </script>';
    f.events.unshift({ kind: "moved", game: 1, step: "<b>step</b>", text: "</script><script>alert(1)</script> & more" });
    f.state.seats[0] = { id: f.state.seats[0]?.id ?? "blue", name: "Blue <&> squadron" };
    const replay: SxReplay = { ...r, who: 'the "referee" <view>', frames: [f] };
    const html = renderReplayHtml(replay);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain("<b>step</b>");
    const { frames, markup } = splitHtml(html);
    expect(xmlProblems(markup.replace(/^<!doctype html>\n/, ""), "<html ")).toEqual([]);
    expect(frames[0]?.log[0]).toBe("<b>step</b>: </script><script>alert(1)</script> & more");
    expect(xmlProblems(frames[0]?.svg ?? "")).toEqual([]);
    const svg = renderReplaySvg(replay);
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain("A&amp;B &lt;&quot;x&quot;&gt;");
  });

  it("the SVG sheet: well-formed, a panel per frame with its table and its events", async () => {
    const out = await replayTool.run(access(ONE), { format: "svg", game: 1 });
    expect(out.ok).toBe(true);
    const svg = out.file?.content ?? "";
    expect(xmlProblems(svg)).toEqual([]);
    const n = (out.json as { frames: number }).frames;
    expect(svg.match(/<g class="frame">/g)).toHaveLength(n);
    // Each panel's table keeps its own clip path.
    expect(new Set(svg.match(/id="table-edge-\d+"/g)).size).toBe(n);
    expect(svg).toMatch(/Space War replay: game 1, the referee(&apos;|&#39;|')s view/);
  });

  it("is the ruleset's replay tool", () => {
    expect(spaceWar.tools.replay).toBe(replayTool);
    expect(replayTool.options.map((o) => o.name)).toEqual(["seat", "game", "format"]);
  });
});

describe("refusals", () => {
  it("an unknown seat", async () => {
    const out = await replayTool.run(access(ONE), { seat: "green" });
    expect(out.ok).toBe(false);
    expect(out.text).toBe('no seat "green" in this campaign; seats: blue, red');
    expect(out.file).toBeUndefined();
  });

  it("a game not played yet, a game the campaign does not have", async () => {
    const inFirst = access(TWO, battleSteps(TWO, 1).length + 1);
    expect(inFirst.state.campaign.game).toBe(0);
    const later = await replayTool.run(inFirst, { game: 2 });
    expect(later.ok).toBe(false);
    expect(later.text).toBe("game 2 of the campaign has not been played yet (its battle is not deployed); battles deployed so far: game 1");
    const beyond = await replayTool.run(access(ONE), { game: 4 });
    expect(beyond.ok).toBe(false);
    expect(beyond.text).toBe("game 4 is not a game of this campaign (it has 1); battles deployed so far: game 1");
  });

  it("asked at a step before any battle (no --game): an empty replay that says so, HTML and SVG well-formed", async () => {
    for (const format of ["html", "svg"]) {
      const none = await replayTool.run(access(ONE, 2), { seat: "blue", format });
      expect(none.ok).toBe(true);
      expect(none.text).toBe("no battle has been deployed yet: nothing to replay, as Blue squadron knows it");
      expect(none.json).toEqual({ game: 1, frames: 0, seat: "blue" });
      const content = none.file?.content ?? "";
      expect(content).toContain(NOTHING);
      if (format === "svg") expect(xmlProblems(content)).toEqual([]);
      else {
        const { frames, markup } = splitHtml(content);
        expect(frames).toEqual([]);
        expect(xmlProblems(markup.replace(/^<!doctype html>\n/, ""), "<html ")).toEqual([]);
      }
    }
  });

  it("a format other than svg or html", async () => {
    const out = await replayTool.run(access(ONE), { format: "pdf" });
    expect(out.ok).toBe(false);
    expect(out.text).toBe('the replay is drawn as svg or html, not "pdf"');
  });
});

describe("the command: starhost replay DIR --out FILE [--seat S] [--game N]", () => {
  it("writes a seat's replay of a campaign's battle, refuses a game not played as the tool does, and --game or --seat on Battleshift's replay", () => {
    const dir = mkdtempSync(join(tmpdir(), "sx-replay-"));
    try {
      const game = join(dir, "g");
      writeFileSync(join(dir, "options.json"), JSON.stringify({ games: 1 }));
      const made = starhost(["new", "space-war", "--seed", "3", "--options", join(dir, "options.json"), "--out", game]);
      expect(made.code, made.stderr).toBe(0);
      const auto = starhost(["auto", game]);
      expect(auto.code, auto.stderr).toBe(0);
      const red = starhost(["replay", game, "--seat", "red", "--game", "1", "--out", join(dir, "red.html")]);
      expect(red.code, red.stderr).toBe(0);
      expect(red.stdout).toMatch(/game 1, \d+ frame\(s\), as Red squadron knows it/);
      expect(readFileSync(join(dir, "red.html"), "utf8")).toMatch(/^<!doctype html>/);
      const later = starhost(["replay", game, "--game", "2", "--out", join(dir, "later.svg")]);
      expect(later.code).not.toBe(0);
      expect(later.stderr).toContain("game 2 is not a game of this campaign (it has 1)");
      // Battleshift's replay has neither option: refused (a usage error), not ignored.
      const bs = join(dir, "bs");
      expect(starhost(["new", "battleshift", "--seed", "1", "--out", bs]).code).toBe(0);
      const gameOption = starhost(["replay", bs, "--game", "1", "--out", join(dir, "bs.svg")]);
      expect(gameOption.code).toBe(2);
      expect(gameOption.stderr).toContain("--game is an option of replay for space-war, not battleshift");
      const seat = starhost(["replay", bs, "--seat", "blue", "--out", join(dir, "bs.svg")]);
      expect(seat.code).toBe(2);
      expect(seat.stderr).toContain("--seat is an option of replay for space-war");
      expect(starhost(["replay", bs, "--out", join(dir, "bs.svg")]).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
