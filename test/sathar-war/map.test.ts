/**
 * The Frontier Deployment Map as a picture (seed 000 "THE FRONTIER DEPLOYMENT MAP", "The Time Record Track") and as
 * SVG (issue 12 "`starhost map`"): what a new campaign's map holds, where the counters stand, and that no name from a
 * map file can break the SVG.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cloneData } from "../../src/core/json.js";
import type { GameAccess } from "../../src/core/ruleset.js";
import { FRONTIER } from "../../src/rules/sathar-war/deployment-map/frontier.js";
import type { FrontierMap } from "../../src/rules/sathar-war/deployment-map/map.js";
import type { SwEvent } from "../../src/rules/sathar-war/events.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import { mapPicture, timeRecordOf } from "../../src/rules/sathar-war/presentation/map-picture.js";
import { mapSvg } from "../../src/rules/sathar-war/presentation/map-svg.js";
import { createCampaign, seatsFor } from "../../src/rules/sathar-war/setting-up/create.js";
import { mapTool } from "../../src/rules/sathar-war/tools.js";

/** A full map's SVG stays under this (a busy mid-war map included). */
const MAX_SVG_BYTES = 200_000;

/** Tags balance, attributes are quoted, every & starts an entity: enough of XML for a browser and rsvg. */
function xmlProblems(svg: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  const body = svg.trim();
  if (!body.startsWith("<svg ")) out.push("does not start with <svg");
  if (/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/.test(body)) out.push("a bare &");
  const re = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const between = body.slice(last, m.index);
    if (between.includes("<") || between.includes(">")) out.push(`stray markup before ${m[0].slice(0, 40)}: ${between.slice(0, 40)}`);
    last = re.lastIndex;
    const [, close, name, , self] = m;
    if (self) continue;
    if (close) {
      const open = stack.pop();
      if (open !== name) out.push(`</${name}> closes <${open}>`);
    } else stack.push(name as string);
  }
  if (body.slice(last).trim() !== "") out.push("text after the last tag");
  if (stack.length > 0) out.push(`unclosed: ${stack.join(", ")}`);
  return out;
}

function ship(state: SatharWarState, id: string) {
  const s = state.ships[id];
  if (!s) throw new Error(`no ship ${id}`);
  return s;
}

/** Every Sathar ship out on the map, spread over circles, red boxes and transit boxes, some damaged: a busy map. */
function busyWar(): SatharWarState {
  const state = createCampaign();
  const sathar = Object.values(state.ships).filter((s) => s.side === "sathar" && s.cls !== "FT");
  sathar.forEach((s, i) => {
    const circle = state.map.circles[i % state.map.circles.length];
    const route = state.map.routes[i % state.map.routes.length];
    if (!circle || !route) return;
    if (i % 3 === 0) s.location = { kind: "circle", circle: circle.id };
    else if (i % 3 === 1) s.location = { kind: "red", circle: circle.id, box: 1 + (i % circle.redBoxes), outbound: false };
    else s.location = { kind: "transit", route: route.id, box: 1 + (i % route.boxes), toward: route.b, rate: 1, jumped: false };
    if (i % 4 === 0) s.damage = { hull: 3 };
  });
  state.day = 23;
  state.phase = "upf-attack";
  return state;
}

describe("The Frontier Deployment Map: a new campaign's picture", () => {
  const state = createCampaign();
  const p = mapPicture(state);

  it("shows the 18 star systems, each with its one or two planets, placed by the map's coordinates", () => {
    expect(p.systems).toHaveLength(18);
    for (const s of p.systems) expect(s.planets.length === 1 || s.planets.length === 2).toBe(true);
    const prenglar = p.systems.find((s) => s.id === "prenglar");
    expect(prenglar?.planets.map((q) => q.name)).toEqual(["Gran Quivera", "Morgaine's World"]);
    // Scaled, not bent: Prenglar (19, 20) lies straight below Cassidine (19, 13), seven units apart.
    const cassidine = p.systems.find((s) => s.id === "cassidine");
    expect(prenglar?.x).toBe(cassidine?.x);
    expect(((prenglar?.y ?? 0) - (cassidine?.y ?? 0)) / p.scale).toBeCloseTo(7, 1);
    for (const s of p.systems) {
      expect(s.x).toBeGreaterThan(0);
      expect(s.x).toBeLessThan(p.width);
      expect(s.y).toBeGreaterThan(0);
      expect(s.y).toBeLessThan(p.height);
    }
  });

  it("'Using The Transit Boxes': 20 routes, each with its boxes and a dark blue jump box for each direction", () => {
    expect(p.routes).toHaveLength(20);
    for (const r of p.routes) {
      const route = FRONTIER.routes.find((x) => x.id === r.id);
      expect(route).toBeDefined();
      if (!route) continue;
      expect(r.boxes.map((b) => b.n)).toEqual(Array.from({ length: route.boxes }, (_, i) => i + 1));
      expect(r.boxes.filter((b) => b.jumpTo.includes(route.b)).map((b) => b.n)).toEqual([route.jumpToB]);
      expect(r.boxes.filter((b) => b.jumpTo.includes(route.a)).map((b) => b.n)).toEqual([route.jumpToA]);
    }
    // Prenglar to Cassidine: seven boxes, box 4 the jump box both ways (RULINGS "The map's geometry").
    const pc = p.routes.find((r) => r.id === "prenglar~cassidine");
    expect(pc?.boxes).toHaveLength(7);
    expect(pc?.boxes[3]?.jumpTo).toEqual(["prenglar", "cassidine"]);
    // Boxes run from a to b: box 1 is nearest Prenglar.
    const pren = p.systems.find((s) => s.id === "prenglar");
    const d = (b: { x: number; y: number } | undefined) => Math.hypot((b?.x ?? 0) - (pren?.x ?? 0), (b?.y ?? 0) - (pren?.y ?? 0));
    expect(d(pc?.boxes[0])).toBeLessThan(d(pc?.boxes[6]));
  });

  it("'Sathar Start Circles': five dark red circles, each with its light red boxes to its system", () => {
    expect(p.circles).toHaveLength(5);
    for (const c of p.circles) {
      const circle = FRONTIER.circles.find((x) => x.id === c.id);
      expect(c.boxes).toHaveLength(circle?.redBoxes ?? -1);
      expect(c.system).toBe(circle?.system);
    }
    expect(p.circles.find((c) => c.id === "ssc-prenglar")?.system).toBe("prenglar");
  });

  it("the 19 stations at their planets, none destroyed", () => {
    expect(p.stations).toHaveLength(19);
    expect(p.stations.filter((s) => s.type === "fortress")).toHaveLength(4);
    expect(p.stations.some((s) => s.destroyed)).toBe(false);
    const gollwin = p.stations.find((s) => s.id === "st-morgaines-world");
    const morgaine = p.systems.find((s) => s.id === "prenglar")?.planets.find((q) => q.id === "morgaines-world");
    expect([gollwin?.x, gollwin?.y]).toEqual([morgaine?.x, morgaine?.y]);
  });

  it("every ship is counted once: stacks on the map, the Sathar reserve and Strike Force NOVA off it", () => {
    const counted = [...p.stacks.flatMap((s) => s.ships), ...p.offMap.flatMap((o) => o.ships)];
    expect(counted.sort()).toEqual(Object.keys(state.ships).sort());
    expect(p.stacks.every((s) => s.side === "upf" && s.place.kind === "planet")).toBe(true);
    expect(p.offMap.find((o) => o.kind === "reserve")?.text).toBe("4 AC 8 HC 7 LC 15 DD 8 FF 25 FT");
    expect(p.offMap.find((o) => o.kind === "offmap")?.text).toBe("1 BB 1 AC 2 LC 1 DD 2 FF 3 AS 6 FT");
  });

  it("Task Force Cassidine's stack at Triad counts the fighters aboard its carrier; militia stand docked apart", () => {
    const triad = p.stacks.filter((s) => s.place.kind === "planet" && s.place.planet === "triad");
    expect(triad.map((s) => s.text)).toEqual(["1 BB 1 AC 1 HC 1 LC 1 ML 2 FF 3 AS 6 FT"]);
    const minotaur = p.stacks.filter((s) => s.place.kind === "planet" && s.place.planet === "minotaur");
    expect(minotaur).toHaveLength(1);
    expect(minotaur[0]?.place).toEqual({ kind: "planet", system: "theseus", planet: "minotaur", docked: true });
    expect(minotaur[0]?.damaged).toBe(false);
  });

  it("with two UPF seats, a stack names every command with ships in it", () => {
    const two = mapPicture(createCampaign({}, seatsFor(2)));
    const morgaine = two.stacks.find((s) => s.place.kind === "planet" && s.place.planet === "morgaines-world" && !s.place.docked);
    // Task Force Prenglar (upf2) and the non-attached ships (upf1) start together at Morgaine's World.
    expect(morgaine?.seats).toEqual(["upf1", "upf2"]);
    expect(mapSvg(two)).toContain("Commanded by upf1, upf2: ");
  });

  it("the Time Record Track reads Day 1 and no Tenday", () => {
    expect(p.timeRecord).toEqual({ day: 1, tenday: 0 });
  });
});

describe("Stacks as the counters move", () => {
  it("a battleship moved into a transit box stands there, heading its way; the fighters go with their carrier", () => {
    const state = createCampaign();
    const route = state.map.routes.find((r) => r.id === "prenglar~cassidine");
    ship(state, "TFC-BB1").location = { kind: "transit", route: "prenglar~cassidine", box: 2, toward: "prenglar", rate: 2, jumped: false };
    ship(state, "TFC-BB1").damage = { hull: 10 };
    ship(state, "TFC-AC1").location = { kind: "transit", route: "prenglar~cassidine", box: 2, toward: "prenglar", rate: 1, jumped: false };
    const p = mapPicture(state);
    const inBox = p.stacks.filter((s) => s.place.kind === "transit");
    expect(inBox.map((s) => [s.text, s.damaged])).toEqual([
      ["1 AC 6 FT", false],
      ["1 BB", true],
    ]);
    const box2 = p.routes.find((r) => r.id === route?.id)?.boxes[1];
    for (const s of inBox) expect([s.x, s.y]).toEqual([box2?.x, box2?.y]);
    expect(inBox[1]?.place).toEqual({
      kind: "transit",
      route: "prenglar~cassidine",
      box: 2,
      toward: "prenglar",
      rate: 2,
      jumped: false,
      coasting: false,
    });
    expect(inBox[1]?.where).toBe("transit box 2 from Cassidine to Prenglar, risk-jumping 2 boxes a day");
    const triad = p.stacks.find((s) => s.place.kind === "planet" && s.place.planet === "triad");
    expect(triad?.text).toBe("1 HC 1 LC 1 ML 2 FF 3 AS");
    const svg = mapSvg(p);
    expect(svg).toContain("\u2192Prenglar: 1 BB RJ2 damaged");
    expect(svg).toContain("\u2192Prenglar: 1 AC 6 FT<");
  });

  it("Sathar in a start circle and its red boxes: diamonds, told apart from the UPF's squares without colour", () => {
    const state = createCampaign();
    ship(state, "S-HC1").location = { kind: "circle", circle: "ssc-prenglar" };
    ship(state, "S-DD01").location = { kind: "red", circle: "ssc-prenglar", box: 3, outbound: false };
    ship(state, "S-DD02").location = { kind: "red", circle: "ssc-prenglar", box: 3, outbound: false };
    const p = mapPicture(state);
    const sathar = p.stacks.filter((s) => s.side === "sathar");
    expect(sathar.map((s) => [s.place.kind, s.text])).toEqual([
      ["circle", "1 HC"],
      ["red", "2 DD"],
    ]);
    expect(sathar[1]?.where).toBe("red box 3 of Start Circle Prenglar, toward Prenglar");
    const svg = mapSvg(p);
    const groups = [...svg.matchAll(/<g class="stack"><title>([^<]*)<\/title>(<[a-z]+)/g)];
    expect(groups.length).toBeGreaterThan(0);
    for (const [, title, shape] of groups) expect(shape).toBe(title?.startsWith("UPF") ? "<rect" : "<path");
    expect(groups.some(([, title]) => title?.startsWith("Sathar"))).toBe(true);
  });

  it("a destroyed station is crossed out and says so; the Time Record reads day 23 as Day 3, Tenday 20", () => {
    const state = busyWar();
    const hentz = state.stations["st-hentz"];
    if (hentz) hentz.destroyedDay = 4;
    const p = mapPicture(state);
    expect(p.stations.find((s) => s.id === "st-hentz")?.destroyed).toBe(true);
    expect(p.timeRecord).toEqual({ day: 3, tenday: 20 });
    const svg = mapSvg(p);
    expect(svg).toContain("Hentz (station destroyed)");
    expect(svg).toContain("Hentz Station: fortified station, destroyed");
    expect(svg).toContain("Day 3, Tenday 20: day 23 of the war, UPF attacks");
  });

  it("ships gone from the war are not drawn; Sathar in the Void are listed off the map", () => {
    const state = createCampaign();
    ship(state, "TFC-BB1").location = { kind: "gone", how: "destroyed", day: 2 };
    ship(state, "S-HC1").location = { kind: "void", returnDay: 9 };
    const p = mapPicture(state);
    expect(p.stacks.flatMap((s) => s.ships)).not.toContain("TFC-BB1");
    expect(p.offMap.find((o) => o.kind === "void")?.ships).toEqual(["S-HC1"]);
  });
});

describe("Timing: the Time Record Track (seed 000 'The Time Record Track', C.2 #15)", () => {
  it("'When day 10 is reached, the marker is moved back to day 1 and the Tenday marker is placed over the 10': day 11", () => {
    expect(timeRecordOf(1)).toEqual({ day: 1, tenday: 0 });
    expect(timeRecordOf(10)).toEqual({ day: 10, tenday: 0 });
    expect(timeRecordOf(11)).toEqual({ day: 1, tenday: 10 });
    expect(timeRecordOf(20)).toEqual({ day: 10, tenday: 10 });
    expect(timeRecordOf(101)).toEqual({ day: 1, tenday: 100 });
  });
});

describe("The SVG", () => {
  it(`is well-formed, titled and described, with a legend and the Time Record Track, and under ${MAX_SVG_BYTES / 1000} kB`, () => {
    for (const state of [createCampaign(), busyWar()]) {
      const svg = mapSvg(mapPicture(state));
      expect(xmlProblems(svg)).toEqual([]);
      expect(svg).toMatch(/<title id="map-title">Second Sathar War: the Frontier Deployment Map, day \d+, /);
      expect(svg).toContain('<desc id="map-desc">The Frontier (default): 18 star systems, 20 routes');
      expect(svg).toContain('<g id="legend"');
      expect(svg).toContain('<g id="time-record"');
      expect(Buffer.byteLength(svg)).toBeLessThan(MAX_SVG_BYTES);
      for (const s of state.map.systems) expect(svg).toContain(`>${s.name.replace(/'/g, "&apos;")}</text>`);
    }
    const busy = mapSvg(mapPicture(busyWar()));
    const file = join(tmpdir(), "sathar-war-map.svg");
    writeFileSync(file, busy);
    expect(busy.length).toBeGreaterThan(20_000);
  });

  it("escapes every name from a map file: a hostile name cannot break it", () => {
    const hostile = `</text><script>alert("x")</script>&amp; ' <!-- ]]>`;
    const map: FrontierMap = cloneData(FRONTIER);
    map.name = hostile;
    map.source = hostile;
    for (const s of map.systems) {
      s.name = `${s.name} ${hostile}`;
      for (const q of s.planets) q.name = `${q.name} ${hostile}\u001b[31m`;
    }
    for (const c of map.circles) c.name = hostile;
    const state = createCampaign({}, seatsFor(1), map);
    ship(state, "S-HC1").location = { kind: "circle", circle: "ssc-prenglar" };
    for (const st of Object.values(state.stations)) st.name = hostile;
    const svg = mapSvg(mapPicture(state), { subtitle: hostile });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("<!--");
    expect(svg).not.toContain("\u001b");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;amp; &apos; &lt;!-- ]]&gt;");
  });

  it("is pure: the same state draws the same bytes, and drawing changes nothing", () => {
    const state = busyWar();
    const before = cloneData(state);
    const a = mapSvg(mapPicture(state));
    expect(mapSvg(mapPicture(cloneData(state)))).toBe(a);
    expect(state).toEqual(before);
  });
});

describe("the map tool", () => {
  function access(state: SatharWarState): GameAccess<SatharWarState, SwEvent> {
    const first = cloneData(state);
    first.step = 0;
    return {
      step: state.step,
      state,
      steps: [0, state.step],
      stepAt: async (n) => ({ state: n === 0 ? first : state, events: [] }),
    };
  }

  it("draws a seat's map from what it knows, or the referee's, per step", async () => {
    const state = createCampaign();
    state.step = 3;
    state.retreatCondition = 4;
    expect(mapTool.id).toBe("map");
    expect(mapTool.perStep).toBe(true);
    const mine = await mapTool.run(access(state), { seat: "upf" });
    expect(mine.ok).toBe(true);
    expect(mine.text).toBe("step 3, day 1, as UPF Spacefleet knows it");
    expect(mine.file?.extension).toBe("svg");
    expect(xmlProblems(mine.file?.content ?? "")).toEqual([]);
    const referee = await mapTool.run(access(state), {});
    expect(referee.text).toBe("step 3, day 1, the referee's map");
    const past = await mapTool.run(access(state), { step: 0 });
    expect(past.json).toEqual({ step: 0, day: 1, seat: null });
  });

  it("mines show on the UPF's and the referee's maps, never the Sathar's; a battle of today is marked", async () => {
    const state = createCampaign();
    state.step = 5;
    state.mines = { prenglar: { minelayer: "TFP-ML1", mines: 2, seekers: 1 } };
    state.battles = [
      { id: "b1", day: 1, system: "cassidine", planet: "triad", attacker: "sathar", mode: "quick", ships: [], stations: [], report: [] },
    ];
    const secret = "TFP-ML1: 2 mines and 1 seekers in Prenglar (secret)";
    const svgOf = async (seat?: string) => (await mapTool.run(access(state), seat ? { seat } : {})).file?.content ?? "";
    expect(await svgOf("upf")).toContain(secret);
    expect(await svgOf()).toContain(secret);
    const sathar = await svgOf("sathar");
    expect(sathar).not.toContain("(secret)");
    expect(sathar).toContain("Battle on day 1 at Cassidine, Triad: the Sathar attacked");
    expect(mapPicture(state).battles.map((b) => b.id)).toEqual(["b1"]);
    state.day = 3;
    expect(mapPicture(state).battles).toEqual([]);
  });

  it("refuses an unknown seat or a step not yet come", async () => {
    const state = createCampaign();
    const bad = await mapTool.run(access(state), { seat: "klingon" });
    expect(bad.ok).toBe(false);
    expect(bad.text).toBe('no seat "klingon" in this campaign; seats: sathar, upf');
    const future = await mapTool.run(access(state), { step: 9 });
    expect(future.ok).toBe(false);
    expect(future.text).toBe("step 9 has not come yet; the campaign is at step 0");
  });
});
