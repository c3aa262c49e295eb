/**
 * The web replay's pure helpers (src/web/rulesets/battleshift/replay-*.ts): labels placed without collisions, the
 * replay made from a side's own reports, stepping activation by activation and volley by volley, the dice read as
 * the rules read them (seed 004 "Basic Combat Resolution"), and a camera that moves only when asked.
 */
import { describe, expect, it } from "vitest";
import { cloneData } from "../../src/core/json.js";
import type { BsEvent, FireEvent } from "../../src/rules/battleshift/events.js";
import { frameTitle } from "../../src/rules/battleshift/presentation/replay.js";
import { reportFor, viewFor } from "../../src/rules/battleshift/presentation/view.js";
import { clampCamera, panCamera, zoomCamera } from "../../src/web/rulesets/battleshift/replay-camera.js";
import { type Box, frameLabels, layoutLabels, lengthInside, overlapArea } from "../../src/web/rulesets/battleshift/replay-labels.js";
import {
  beatOfStep,
  beatsOf,
  diceOf,
  eventsAt,
  frameOfReport,
  START_LABEL,
  seatFrames,
  stepBeat,
} from "../../src/web/rulesets/battleshift/replay-steps.js";
import { stateOfView } from "../../src/web/rulesets/battleshift/table-state.js";
import { tinyBattle } from "../battleshift/support.js";

const TABLE: Box = { x: 0, y: 0, w: 1440, h: 960 };
const label = (id: string, x: number, y: number, text = `${id} 3 d2`) => ({ id, text, x, y, size: 22, priority: 1 });

describe("labels that do not collide", () => {
  it("puts a lone label just above what it names", () => {
    const [l] = layoutLabels([label("tf1-s1", 400, 400)], [], TABLE);
    expect(l!.box.y + l!.box.h).toBeLessThan(400);
    expect(l!.box.x + l!.box.w / 2).toBeCloseTo(400, 0);
    expect(l!.leader).toBe(false);
  });

  it("spreads five squadrons stacked on one point so that no two labels overlap, none covers a ship, all on the table", () => {
    const wanted = ["s1", "s2", "s3", "s4", "s5"].map((id) => label(id, 700, 500));
    const ships: Box[] = [{ x: 690, y: 490, w: 20, h: 20 }];
    const placed = layoutLabels(wanted, ships, TABLE);
    for (const a of placed) {
      expect(overlapArea(a.box, ships[0]!)).toBe(0);
      expect(a.box.x).toBeGreaterThanOrEqual(0);
      for (const b of placed) if (a !== b) expect(overlapArea(a.box, b.box), `${a.id} on ${b.id}`).toBe(0);
    }
  });

  it("keeps a label by the table's edge on the table", () => {
    const [l] = layoutLabels([label("edge", 5, 5)], [], TABLE);
    expect(l!.box.x).toBeGreaterThanOrEqual(0);
    expect(l!.box.y).toBeGreaterThanOrEqual(0);
  });

  it("is deterministic: the same labels in another order get the same places", () => {
    const wanted = ["a", "b", "c", "d"].map((id, i) => label(id, 300 + i * 10, 300));
    const one = layoutLabels(wanted, [], TABLE);
    const two = layoutLabels([...wanted].reverse(), [], TABLE);
    const byId = (ls: typeof one) => Object.fromEntries(ls.map((l) => [l.id, l.box]));
    expect(byId(two)).toEqual(byId(one));
  });

  it("labels a frame as the rules' replay does: each squadron with its ships, damage and suppression", () => {
    const state = tinyBattle([
      { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 10]], facing: 90 },
      {
        id: "r1",
        side: "red",
        design: "generic/fleet-cruiser",
        at: [
          [10.5, 10],
          [11, 11],
        ],
        facing: 270,
      },
    ]);
    state.squadrons.r1!.damage = 2;
    const { wanted, obstacles } = frameLabels(state, [], 20);
    expect(wanted.map((w) => w.text).sort()).toEqual(["b1 1", "r1 2 d2"]);
    expect(obstacles).toHaveLength(3);
  });

  it("writes a squadron's label beside its line of ships, covering none, for two lines side by side", () => {
    const column = (x: number): [number, number][] => Array.from({ length: 7 }, (_, i) => [x, 10 + i * 1.5]);
    const state = tinyBattle([
      { id: "b1", side: "blue", design: "generic/fleet-destroyer", at: column(10), facing: 90 },
      { id: "b2", side: "blue", design: "generic/fleet-destroyer", at: column(12), facing: 90 },
    ]);
    const { wanted, obstacles, bounds } = frameLabels(state, [], 20);
    const placed = layoutLabels(wanted, obstacles, bounds);
    for (const l of placed) {
      expect(l.overlap, l.id).toBe(0);
      expect(l.leader, l.id).toBe(false);
    }
  });
});

describe("labels that keep off the lines of fire", () => {
  it("measures how much of a line crosses a box, and none when it passes by", () => {
    const box = { x: 100, y: 100, w: 50, h: 20 };
    expect(lengthInside({ x1: 0, y1: 110, x2: 300, y2: 110 }, box)).toBeCloseTo(50, 6);
    expect(lengthInside({ x1: 125, y1: 0, x2: 125, y2: 105 }, box)).toBeCloseTo(5, 6);
    expect(lengthInside({ x1: 0, y1: 0, x2: 300, y2: 0 }, box)).toBe(0);
    expect(lengthInside({ x1: 160, y1: 0, x2: 160, y2: 300 }, box)).toBe(0);
    // Both ends inside: the whole line.
    expect(lengthInside({ x1: 110, y1: 105, x2: 140, y2: 109 }, box)).toBeCloseTo(Math.hypot(30, 4), 6);
  });

  it("moves a label off a line of fire crossing the spot it would take (above its squadron)", () => {
    const line = { x1: 400, y1: 0, x2: 400, y2: 390 };
    const [l] = layoutLabels([label("tf1-s1", 400, 400)], [], TABLE, [line]);
    expect(lengthInside(line, l!.box)).toBe(0);
    expect(l!.overlap).toBe(0);
    // Without the line it stands above, across where the line runs.
    const [free] = layoutLabels([label("tf1-s1", 400, 400)], [], TABLE);
    expect(lengthInside(line, free!.box)).toBeGreaterThan(0);
  });

  it("keeps every label of a frame off its volleys' and missiles' lines: a squadron beside a line of fire, the volley's own count", () => {
    const state = tinyBattle([
      { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 10]], facing: 180 },
      { id: "b2", side: "blue", design: "generic/fleet-cruiser", at: [[11, 20]], facing: 180 },
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[10, 30]], facing: 0 },
      { id: "r2", side: "red", design: "generic/fleet-cruiser", at: [[30, 20]], facing: 270 },
    ]);
    const volley: FireEvent = {
      kind: "fire",
      act: 1,
      turn: 1,
      text: "b1 fires heavy batteries at r1",
      side: "blue",
      weapon: "heavy batteries",
      firer: "b1",
      from: ["b1"],
      fromPos: [{ x: 10, y: 10 }],
      target: "r1",
      targetPos: { x: 10, y: 30 },
      dice: 4,
      targeting: 4,
      rolls: [1, 5, 4, 6],
      hits: 2,
      suppressed: false,
      shieldsUsed: 1,
      damage: 1,
      destroyed: 0,
      disabled: 0,
      damageTaken: 1,
      shipsLeft: 1,
    };
    const events: BsEvent[] = [
      volley,
      {
        kind: "missiles",
        act: 1,
        turn: 1,
        text: "r2 launches",
        side: "red",
        from: { x: 30, y: 20 },
        targetPos: { x: 11, y: 20 },
        target: "b2",
        launched: 4,
        arrived: 4,
      },
    ];
    const { wanted, obstacles, bounds, lines } = frameLabels(state, events, 20);
    expect(lines).toEqual([
      { x1: 200, y1: 200, x2: 200, y2: 600 },
      { x1: 600, y1: 400, x2: 220, y2: 400 },
    ]);
    const placed = layoutLabels(wanted, obstacles, bounds, lines);
    expect(placed.map((l) => l.id).sort()).toEqual(["fire:0000", "sq:b1", "sq:b2", "sq:r1", "sq:r2"]);
    for (const l of placed) {
      for (const line of lines) expect(lengthInside(line, l.box), `${l.id} across a line`).toBe(0);
      expect(l.overlap, l.id).toBe(0);
    }
  });
});

/** Blue's cruiser and red's, 20" apart; after the step red has moved, taken damage, and red's r3 has gone to hyperspace. */
function twoSteps() {
  const before = tinyBattle([
    { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 10]], facing: 90 },
    { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[30, 10]], facing: 270 },
    { id: "r3", side: "red", design: "generic/fleet-cruiser", at: [[50, 30]], facing: 270 },
  ]);
  const after = cloneData(before);
  after.squadrons.r1!.ships[0]!.x = 24;
  after.squadrons.r1!.damage = 1;
  after.squadrons.r3!.location = "hyperspace";
  after.squadrons.r3!.arrival = { turn: 3, sector: "C5", facing: 270 };
  const fire: FireEvent = {
    kind: "fire",
    act: 1,
    turn: 1,
    text: "b1 fires heavy batteries at r1",
    side: "blue",
    weapon: "heavy batteries",
    firer: "b1",
    from: ["b1"],
    fromPos: [{ x: 10, y: 10 }],
    target: "r1",
    targetPos: { x: 24, y: 10 },
    dice: 4,
    targeting: 4,
    rolls: [1, 5, 4, 6],
    hits: 2,
    suppressed: false,
    shieldsUsed: 1,
    damage: 1,
    destroyed: 0,
    disabled: 0,
    damageTaken: 1,
    shipsLeft: 1,
    rolled: [
      { what: "to hit", rolls: [1, 5, 4, 6], need: 4 },
      { what: "shields", rolls: [3, 5], need: 4 },
    ],
  };
  const events: BsEvent[] = [
    { kind: "note", what: "activation", act: 1, turn: 1, text: "Turn 1, activation 1: blue activates taskforce A (blue-tf1)" },
    {
      kind: "move",
      act: 1,
      turn: 1,
      text: "r1 moves",
      side: "red",
      squadron: "r1",
      start: { x: 30, y: 10 },
      end: { x: 24, y: 10 },
      facing: 270,
    },
    fire,
    { ...fire, text: "second volley", rolled: [{ what: "to hit", rolls: [2], need: 4 }] },
    { kind: "note", what: "secret", act: 1, turn: 1, text: "red's order sheet", to: ["red"] },
  ];
  return { before, after, events };
}

describe("a side's replay, made from its own reports", () => {
  const { before, after, events } = twoSteps();
  const now = stateOfView(viewFor(after, "blue", []));
  const json = JSON.parse(JSON.stringify(reportFor(after, "blue", events).json));
  const frame = frameOfReport(now, 1, "turn 1, blue activation 1", json)!;

  it("puts every squadron where the report saw it after the step", () => {
    expect(frame.state.squadrons.r1!.ships.map((s) => [s.x, s.y])).toEqual([[24, 10]]);
    expect(frame.state.squadrons.r1!.damage).toBe(1);
    expect(frame.state.squadrons.b1!.ships).toHaveLength(1);
    expect(frame.state.squadrons.r3!.location).toBe("hyperspace");
    void before;
  });

  it("keeps the other side's secrets out: no return point from hyperspace, no event meant for red only", () => {
    expect(frame.state.squadrons.r3!.arrival).toBeNull();
    expect(frame.events.map((e) => e.text)).not.toContain("red's order sheet");
    expect(frameOfReport(now, 1, "x", { text: "not a report" })).toBeNull();
  });

  it("opens on the start, the fleets as deployed, before the first step: its report of step 0, then one frame per step", () => {
    const startJson = JSON.parse(JSON.stringify(reportFor(before, "blue", []).json));
    const reports = new Map([
      [0, { json: startJson }],
      [1, { json }],
    ]);
    const frames = seatFrames(now, [{ step: 1, label: "turn 1, blue activation 1" }], reports)!;
    expect(frames.map((f) => [f.step, f.label])).toEqual([
      [0, START_LABEL],
      [1, "turn 1, blue activation 1"],
    ]);
    expect(frameTitle(frames[0]!)).toMatch(/^Deployment: /);
    expect(frames[0]!.events).toEqual([]);
    // Where the fleets stood before anything moved: r1 still at 30, r3 on the table.
    expect(frames[0]!.state.squadrons.r1!.ships.map((s) => [s.x, s.y])).toEqual([[30, 10]]);
    expect(frames[0]!.state.squadrons.r3!.location).toBe("table");
    // The start comes first on the steps: stepping back from the first activation reaches it.
    const beats = beatsOf(frames);
    expect(beats[0]).toEqual({ frame: 0, event: null });
    expect(beats[stepBeat(beats, beatOfStep(beats, frames, 1), "previous-step")]).toEqual({ frame: 0, event: null });
    // A report still to come: no frames yet; no step run: nothing to replay.
    expect(seatFrames(now, [{ step: 1, label: "x" }], new Map([[1, { json }]]))).toBeNull();
    expect(seatFrames(now, [], new Map())).toEqual([]);
  });

  it("shows the prizes as they stood after the step, not as they stand now", () => {
    const later = cloneData(after);
    later.prizes.z1 = { id: "z1", side: "blue", fromSide: "red", design: "d", squadron: "b1", x: 1, y: 1, engulfed: false };
    const f = frameOfReport(stateOfView(viewFor(later, "blue", [])), 1, "x", json)!;
    expect(f.state.prizes).toEqual({});
  });
});

describe("stepping through every activation and every volley", () => {
  const { after, events } = twoSteps();
  const frames = [
    { step: 1, state: after, events: events.slice(0, 1) },
    { step: 2, state: after, events },
    { step: 3, state: after, events: events.slice(0, 2) },
  ];
  const beats = beatsOf(frames);

  it("stops at each step, then at each volley or roll of the dice in it", () => {
    expect(beats).toEqual([
      { frame: 0, event: null },
      { frame: 1, event: null },
      { frame: 1, event: 2 },
      { frame: 1, event: 3 },
      { frame: 2, event: null },
    ]);
  });

  it("goes forwards and back volley by volley and step by step, never past either end", () => {
    expect(stepBeat(beats, 0, "previous")).toBe(0);
    expect(stepBeat(beats, 1, "next")).toBe(2);
    expect(stepBeat(beats, 3, "previous")).toBe(2);
    expect(stepBeat(beats, 2, "next-step")).toBe(4);
    expect(stepBeat(beats, 3, "previous-step")).toBe(1);
    expect(stepBeat(beats, 1, "previous-step")).toBe(0);
    expect(stepBeat(beats, 4, "next")).toBe(4);
    expect(stepBeat(beats, 0, "last")).toBe(4);
    expect(beatOfStep(beats, frames, 2)).toBe(1);
  });

  it("draws a volley with what came before it, not the volleys after it", () => {
    const first = eventsAt(frames[1]!, beats[2]!).map((e) => e.text);
    expect(first).toContain("b1 fires heavy batteries at r1");
    expect(first).not.toContain("second volley");
    expect(eventsAt(frames[1]!, beats[1]!)).toHaveLength(events.length);
  });

  it("reads each die as the rules do: to hit on the targeting number or less, a 1 always hitting; shields on the hardness", () => {
    const [toHit, shields] = diceOf(events[2]!);
    expect(toHit).toMatchObject({ what: "to hit", summary: "2 of 4 succeed" });
    expect(toHit!.dice.map((d) => d.result)).toEqual(["success", "failure", "success", "failure"]);
    expect(shields).toMatchObject({ what: "shields", rule: "d6, succeeds on 4 or less", summary: "1 of 2 succeed" });
    const lowTargeting = diceOf({ ...events[2]!, rolled: [{ what: "to hit", rolls: [1, 2], need: 0 }] } as BsEvent)[0]!;
    expect(lowTargeting.dice.map((d) => d.result)).toEqual(["success", "failure"]);
    // Interceptors and missile locks are rolled as attacks are; a fighter's dodge is not.
    const locks = diceOf({ ...events[2]!, rolled: [{ what: "missile locks", rolls: [1], need: 0 }] } as BsEvent)[0]!;
    expect(locks.dice[0]!.result).toBe("success");
    const dodge = diceOf({ ...events[2]!, rolled: [{ what: "dodges: blue-f1", rolls: [1], need: 0 }] } as BsEvent)[0]!;
    expect(dodge.dice[0]!.result).toBe("failure");
    const opposed = diceOf({ ...events[0]!, rolled: [{ what: "initiative: blue", rolls: [5] }] } as BsEvent)[0]!;
    expect(opposed).toMatchObject({ rule: "d6", summary: "total 5" });
  });
});

describe("a camera that moves only when asked", () => {
  const table: Box = { x: 0, y: 0, w: 1440, h: 960 };
  it("zooms about the pointer, keeping that point still", () => {
    const c = { x: 0, y: 0, w: 1440, h: 960 };
    const z = zoomCamera(c, 2, 360, 240, table);
    expect(z.w).toBe(720);
    // (360, 240) was a quarter across and down; it still is.
    expect((360 - z.x) / z.w).toBeCloseTo(0.25);
    expect((240 - z.y) / z.h).toBeCloseTo(0.25);
  });
  it("pans, but never so far that the table leaves the view", () => {
    const c = { x: 0, y: 0, w: 720, h: 480 };
    expect(panCamera(c, 100, 0, table).x).toBe(100);
    const far = panCamera(c, 10_000, 10_000, table);
    expect(far.x + far.w / 2).toBe(1440);
    expect(clampCamera({ x: 0, y: 0, w: 10, h: 10 }, table).w).toBe(120);
  });
});
