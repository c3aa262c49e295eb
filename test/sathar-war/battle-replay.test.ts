/**
 * A battle fought out in Battleshift, replayed (issue 12 "Battles", way 2: "The Battleshift battle is kept and its
 * replay linked from the campaign's report"; RULINGS.md "Battles: Replay"): the kept fleets and seed fight the same
 * battle again, step for step, and it ends in the losses the campaign recorded; the tool draws it as HTML or SVG, for
 * any battle a seat knows of (all are open), and refuses clearly what it cannot replay.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { GameAccess } from "../../src/core/ruleset.js";
import { newGame, runStep } from "../../src/host/lifecycle.js";
import { botSubmissions } from "../../src/host/play.js";
import type { BattleInput, BattleShip } from "../../src/rules/sathar-war/battles/battle.js";
import { battleReplayTool, replayBattle } from "../../src/rules/sathar-war/battles/battleshift/battle-replay.js";
import { resolveInBattleshift } from "../../src/rules/sathar-war/battles/battleshift/battleshift-resolver.js";
import type { SwEvent } from "../../src/rules/sathar-war/events.js";
import { satharWar } from "../../src/rules/sathar-war/index.js";
import type { BattleRecord, SatharWarState, Side } from "../../src/rules/sathar-war/model.js";
import type { ShipClass } from "../../src/rules/sathar-war/orders-of-battle/ship-classes.js";

/** A campaign with its battles fought out in Battleshift (option battles 2), played by the normal bots until `days` passed. */
function campaignWithBattles(seed: number, steps: number): SatharWarState {
  const made = newGame({ id: `replay-${seed}`, ruleset: satharWar as never, scenario: "war", inputs: { options: [{ battles: 2 }] }, seed });
  if (!made.ok) throw new Error(made.error.map((p) => p.message).join("; "));
  let record = made.value;
  for (let i = 0; i < steps && !record.outcome; i++)
    record = runStep(satharWar as never, record, botSubmissions(satharWar as never, record, { sathar: "normal", upf: "normal" })).next;
  return record.state as SatharWarState;
}

/** A game tool's view of a campaign at its step now (the tool reads only `state`). */
function access(state: SatharWarState): GameAccess<SatharWarState, SwEvent> {
  return { step: state.step, state, steps: [], stepAt: async () => ({ state, events: [] }) };
}

/** What the campaign recorded as lost in a battle: its ships destroyed that day, its stations destroyed that day. */
function recordedLosses(state: SatharWarState, b: BattleRecord): { ships: string[]; stations: string[] } {
  const ships = state.losses.filter((l) => l.day === b.day && l.how === "destroyed" && b.ships.includes(l.ship)).map((l) => l.ship);
  const stations = b.stations.filter((id) => state.stations[id]?.destroyedDay === b.day);
  return { ships: ships.sort(), stations: stations.sort() };
}

const CAMPAIGN = campaignWithBattles(1, 16);
const FOUGHT = CAMPAIGN.battles.filter((b) => b.battleshift);

describe("replaying a campaign's Battleshift battle (RULINGS Battles: Replay)", () => {
  it("the campaign kept its Battleshift battles, with which Knight Hawks ship each Battleshift ship stands for", () => {
    expect(FOUGHT.length).toBeGreaterThan(0);
    for (const b of FOUGHT) {
      expect(Object.keys(b.battleshift?.ships ?? {}).length).toBeGreaterThan(0);
      for (const kh of Object.values(b.battleshift?.ships ?? {})) expect([...b.ships, ...b.stations]).toContain(kh);
    }
  });

  it("the replay's final losses are the losses the campaign recorded, battle by battle", () => {
    for (const b of FOUGHT) {
      const r = replayBattle(b);
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      expect({ ships: [...r.value.lost.ships].sort(), stations: [...r.value.lost.stations].sort() }, b.id).toEqual(
        recordedLosses(CAMPAIGN, b),
      );
      // The report's Battleshift outcome line names the turns the replay ended on.
      expect(b.report.join("\n")).toContain(`Battleshift outcome after ${r.value.final.turn} turns`);
    }
  });

  it("the same kept input and seed give the same battle, frame for frame", () => {
    const b = FOUGHT[0] as BattleRecord;
    const one = replayBattle(b);
    const two = replayBattle(structuredClone(b));
    if (!one.ok || !two.ok) throw new Error("refused");
    expect(canonicalJson(two.value.frames)).toBe(canonicalJson(one.value.frames));
    // The deployment first, then one frame a step, numbered as the steps were.
    expect(one.value.frames[0]?.step).toBe(0);
    expect(one.value.frames.length).toBeGreaterThan(2);
    const steps = one.value.frames.slice(1).map((f) => f.step);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    expect(one.value.frames.at(-1)?.state.outcome).toBeTruthy();
  });

  it("a battle resolved in Battleshift replays to the losses its result mapped back", () => {
    const ships = (side: Side, list: [ShipClass, number][]): BattleShip[] =>
      list.flatMap(([cls, n]) =>
        Array.from({ length: n }, (_, i) => ({ id: `${side}-${cls}${i + 1}`, name: `${side} ${cls}`, side, cls, damage: {}, spent: {} })),
      );
    const input: BattleInput = {
      id: "d3-prenglar-sathar",
      day: 3,
      system: "prenglar",
      planet: "gran-quivera",
      attacker: "sathar",
      nearPlanet: false,
      rules: "advanced",
      ships: [
        ...ships("upf", [
          ["DD", 2],
          ["FF", 2],
        ]),
        ...ships("sathar", [
          ["HC", 1],
          ["DD", 3],
        ]),
      ],
      stations: [],
      breakOff: { upf: { hullLost: 1, outgunned: 0 }, sathar: { hullLost: 1, outgunned: 0 } },
    };
    const result = resolveInBattleshift(input, Rng.fromSeed(7));
    const record: BattleRecord = {
      id: input.id,
      day: 3,
      system: input.system,
      planet: input.planet,
      attacker: "sathar",
      mode: "battleshift",
      ships: input.ships.map((s) => s.id),
      stations: [],
      report: [],
      ...(result.battleshift ? { battleshift: result.battleshift } : {}),
    };
    const r = replayBattle(record);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const destroyed = Object.entries(result.ships)
      .filter(([, o]) => o.fate === "destroyed")
      .map(([id]) => id)
      .sort();
    const escaped = Object.entries(result.ships)
      .filter(([, o]) => o.fate === "escaped")
      .map(([id]) => id)
      .sort();
    expect([...r.value.lost.ships].sort()).toEqual(destroyed);
    expect([...r.value.escaped].sort()).toEqual(escaped);
  });
});

describe("the replay's cost", () => {
  it("a 20-against-20 battle replays and draws in seconds (measured; bound 30 s on a shared machine)", { timeout: 120_000 }, async () => {
    // The Sathar's and the UPF's usual lines (battleshift-battles.test.ts LINE): 20 ships a side, fighters included.
    const line: [ShipClass, number][] = [
      ["BB", 1],
      ["HC", 3],
      ["LC", 3],
      ["DD", 4],
      ["FF", 5],
      ["AC", 1],
      ["FT", 3],
    ];
    const ships = (side: Side): BattleShip[] =>
      line.flatMap(([cls, n]) =>
        Array.from({ length: n }, (_, i) => ({ id: `${side}-${cls}${i + 1}`, name: `${side} ${cls}`, side, cls, damage: {}, spent: {} })),
      );
    const input: BattleInput = {
      id: "d9-prenglar-sathar",
      day: 9,
      system: "prenglar",
      planet: "gran-quivera",
      attacker: "sathar",
      nearPlanet: false,
      rules: "basic",
      ships: [...ships("upf"), ...ships("sathar")],
      stations: [],
      breakOff: { upf: { hullLost: 1, outgunned: 0 }, sathar: { hullLost: 1, outgunned: 0 } },
    };
    let t = performance.now();
    const result = resolveInBattleshift(input, Rng.fromSeed(20));
    const fought = performance.now() - t;
    const record: BattleRecord = {
      id: input.id,
      day: 9,
      system: "prenglar",
      planet: "gran-quivera",
      attacker: "sathar",
      mode: "battleshift",
      ships: input.ships.map((s) => s.id),
      stations: [],
      report: [],
      ...(result.battleshift ? { battleshift: result.battleshift } : {}),
    };
    const state: SatharWarState = { ...CAMPAIGN, battles: [record] };
    t = performance.now();
    const html = await battleReplayTool.run(access(state), { battle: input.id, format: "html" });
    const htmlMs = performance.now() - t;
    t = performance.now();
    const svg = await battleReplayTool.run(access(state), { battle: input.id, format: "svg" });
    const svgMs = performance.now() - t;
    expect(html.ok && svg.ok).toBe(true);
    const steps = (html.json as { steps: number }).steps;
    console.log(
      `20 against 20: fought in ${fought.toFixed(0)} ms; replay as HTML ${htmlMs.toFixed(0)} ms (${steps} steps, ${((html.file?.content.length ?? 0) / 1024).toFixed(0)} KiB), as SVG ${svgMs.toFixed(0)} ms (${((svg.file?.content.length ?? 0) / 1024).toFixed(0)} KiB)`,
    );
    expect(htmlMs).toBeLessThan(30_000);
  });
});

describe("the battle-replay tool", () => {
  const b = FOUGHT[0] as BattleRecord;

  it("answers a seat with the self-contained HTML replay, titled with the campaign's battle and keyed to its ships", async () => {
    for (const seat of ["upf", "sathar"]) {
      const out = await battleReplayTool.run(access(CAMPAIGN), { battle: b.id, seat, format: "html" });
      expect(out.ok, out.text).toBe(true);
      expect(out.file?.extension).toBe("html");
      const html = out.file?.content ?? "";
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(`<title>Battle ${b.id}: day ${b.day}`);
      expect(html).toContain("Which Knight Hawks ship is which Battleshift ship");
      for (const kh of Object.values(b.battleshift?.ships ?? {})) expect(html).toContain(kh);
      // Self-contained: nothing fetched from elsewhere.
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
      const json = out.json as { battle: string; lost: { ships: string[]; stations: string[] } };
      expect(json.battle).toBe(b.id);
      expect({ ships: [...json.lost.ships].sort(), stations: [...json.lost.stations].sort() }).toEqual(recordedLosses(CAMPAIGN, b));
    }
  });

  it("draws an SVG sheet with format svg", async () => {
    const out = await battleReplayTool.run(access(CAMPAIGN), { battle: b.id, format: "svg" });
    expect(out.ok, out.text).toBe(true);
    expect(out.file?.extension).toBe("svg");
    expect(out.file?.content).toMatch(/^<svg /);
  });

  it("without a battle named, replays the last fought out in Battleshift; before any, a page says there is none", async () => {
    const last = FOUGHT.at(-1) as BattleRecord;
    const out = await battleReplayTool.run(access(CAMPAIGN), { seat: "upf", format: "html" });
    expect(out.ok, out.text).toBe(true);
    expect(out.json).toMatchObject({ battle: last.id });
    const before = await battleReplayTool.run(access({ ...CAMPAIGN, battles: [] }), { seat: "sathar", format: "html" });
    expect(before.ok).toBe(true);
    expect(before.file?.content).toContain("No battle of this campaign has been fought out in Battleshift yet");
  });

  it("refuses, saying which battles it can replay: an unknown battle, a quick one, an unknown seat or format", async () => {
    const unknown = await battleReplayTool.run(access(CAMPAIGN), { battle: "d99-nowhere-sathar", seat: "upf", format: "html" });
    expect(unknown.ok).toBe(false);
    expect(unknown.text).toContain('no battle "d99-nowhere-sathar" in this campaign; battles fought out in Battleshift:');
    const quick: SatharWarState = {
      ...CAMPAIGN,
      battles: [{ ...b, id: "d5-quick-sathar", mode: "quick", battleshift: undefined } as BattleRecord],
    };
    delete quick.battles[0]?.battleshift;
    const q = await battleReplayTool.run(access(quick), { battle: "d5-quick-sathar", format: "html" });
    expect(q.ok).toBe(false);
    expect(q.text).toContain("was resolved quick, not fought out in Battleshift");
    const seat = await battleReplayTool.run(access(CAMPAIGN), { battle: b.id, seat: "klingon", format: "html" });
    expect(seat.text).toContain('no seat "klingon"');
    const format = await battleReplayTool.run(access(CAMPAIGN), { battle: b.id, format: "png" });
    expect(format.text).toContain('svg or html, not "png"');
  });

  it("a kept input Battleshift refuses is a problem, not an exception", () => {
    const broken: BattleRecord = {
      ...b,
      battleshift: { seed: 1, input: { ruleset: "battleshift", scenario: "default", seed: 1, inputs: { fleet: [{}] } } },
    };
    const r = replayBattle(broken);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]?.order).toBe(`battle ${b.id}`);
    const garbled = replayBattle({ ...b, battleshift: { seed: 1, input: "not an input" } });
    expect(garbled.ok).toBe(false);
    if (!garbled.ok) expect(garbled.error[0]?.code).toBe("bad-kept-battle");
  });
});
