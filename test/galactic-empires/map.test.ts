/**
 * The printed map (chapter 3, "The Map"): an empire's view drawn as SVG, the
 * game master's map, and what an empire's map must never show.
 */
import { describe, expect, it } from "vitest";
import { colourDistance, tintHex } from "../../src/core/colour.js";
import { cloneData } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { GeEvent } from "../../src/rules/galactic-empires/events.js";
import { EMPIRE_PALETTE, empireHops, FILL_TINT, fillDistance, INDEPENDENT_FILL } from "../../src/rules/galactic-empires/galaxy/colours.js";
import { galacticEmpires, type Orders } from "../../src/rules/galactic-empires/index.js";
import { type GameState, INDEPENDENT, relationKey } from "../../src/rules/galactic-empires/model.js";
import { gmMapSvg, mapSvg } from "../../src/rules/galactic-empires/presentation/map-svg.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";
import { parseMap, parseState } from "../../src/rules/galactic-empires/state-schema.js";
import { seenSectors, viewFor } from "../../src/rules/galactic-empires/view.js";
import { addUnit, HAWK, KTINGA, tinyGalaxy } from "./fixtures.js";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

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

/** Start of the element whose tooltip names the sector (its cell). */
function cellFill(svg: string, id: number, name: string): string | undefined {
  const m = new RegExp(`<path d="[^"]*" fill="([^"]*)"><title>${esc(`${id} ${name}`)}\\n`).exec(svg);
  return m?.[1];
}

function group(svg: string, id: string): string {
  const start = svg.indexOf(`<g id="${id}"`);
  if (start < 0) return "";
  const end = svg.indexOf("</g>\n<g id=", start);
  return end < 0 ? svg.slice(start) : svg.slice(start, end + 4);
}

function frontierAfter(turns: number, seed = 3): { state: GameState; events: GeEvent[] } {
  let state = galacticEmpires.scenarios.frontier?.create(seed, {}) as GameState;
  let events: GeEvent[] = [];
  for (let t = 0; t < turns; t++) {
    const orders: Record<string, Orders> = {};
    for (const seat of galacticEmpires.awaiting(state))
      orders[seat] = galacticEmpires.randomOrders(state, seat, Rng.forTurn(seed, t, seat));
    const r = galacticEmpires.resolve(state, orders, Rng.forTurn(seed, state.turn));
    state = r.state;
    events = r.events;
  }
  return { state, events };
}

describe("map SVG: a picture a player would print", () => {
  it("is well-formed, titled, with a legend naming every empire", () => {
    const state = galacticEmpires.scenarios["alpha-beta-quadrants"]?.create(1, {}) as GameState;
    for (const svg of [mapSvg(state, { empire: "klingon" }), mapSvg(state)]) {
      expect(xmlProblems(svg)).toEqual([]);
      expect(svg).toContain("<title>The Alpha and Beta Quadrants - turn 1</title>");
      for (const e of Object.values(state.empires)) expect(svg).toContain(`>${esc(e.name)}`);
      expect(group(svg, "legend")).toMatch(/industrial centre/);
    }
    expect(mapSvg(state, { empire: "klingon" })).toContain("As seen by Klingon Empire");
    expect(mapSvg(state)).toContain("Game master&apos;s map");
  });

  it("is deterministic: the same state draws the same picture", () => {
    const { state, events } = frontierAfter(2);
    expect(mapSvg(state, { empire: "romulan", events })).toBe(mapSvg(state, { empire: "romulan", events }));
  });

  it("chapter 3 'Annexation': annexed sectors solid in the owner's colour, owned but not annexed hatched, independents plain", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "alpha", 4: "beta" } });
    s.empires.alpha!.colour = "#ff0000";
    (s.sectors[1] as GameState["sectors"][number]).annexedTo = null;
    const svg = mapSvg(s, { empire: "alpha" });
    expect(cellFill(svg, 1, "Sector 1")).toBe("#ff4d4d"); // red mixed with 30% white (galaxy/colours.ts FILL_TINT)
    expect(cellFill(svg, 2, "Sector 2")).toMatch(/^url\(#hatch-\d+\)$/);
    expect(cellFill(svg, 3, "Sector 3")).toBe("#f6f2e6");
  });

  it("chapter 3 'Barriers': one thick bar per barrier border", () => {
    const state = galacticEmpires.scenarios["alpha-beta-quadrants"]?.create(2, {}) as GameState;
    const svg = mapSvg(state, { empire: "federation" });
    const bars = group(svg, "barriers").match(/<line /g) ?? [];
    expect(bars.length).toBe(state.borders.filter((b) => b.barrier).length);
    const lanes = group(svg, "lanes").match(/<line /g) ?? [];
    expect(lanes.length).toBe(state.borders.filter((b) => !b.barrier).length);
  });

  it("chapter 3 'Map Options': a planet icon for every industrial centre, the defence level in a shield", () => {
    const state = galacticEmpires.scenarios.frontier?.create(4, {}) as GameState;
    const svg = mapSvg(state, { empire: "ferengi" });
    expect(svg.split("<title>Industrial centre</title>").length - 1).toBe(state.sectors.filter((s) => s.industry).length);
    const defended = state.sectors.filter((s) => s.defence.level > 0);
    expect(svg.split("<title>Sector defence level").length - 1).toBe(defended.length);
    const s3 = tinyGalaxy();
    (s3.sectors[2] as GameState["sectors"][number]).defence = { level: 3, damage: 1 };
    addUnit(s3, "A1", "alpha", 3, [[HAWK, 1]]);
    expect(mapSvg(s3, { empire: "alpha" })).toMatch(/<title>Sector defence level 3, damaged 1<\/title>.*>2<\/text>/);
  });

  it("chapter 3 'Starships': own starships on a blue base, foreign on a red one, with the number at the location", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 3: "beta" } });
    addUnit(s, "A1", "alpha", 1, [[HAWK, 3]]);
    addUnit(s, "A2", "alpha", 1, [[KTINGA, 5]]);
    addUnit(s, "A3", "beta", 2, [[HAWK, 2]]);
    addUnit(s, "A4", "alpha", 2, [[HAWK, 1]]);
    const svg = mapSvg(s, { empire: "alpha" });
    expect(svg).toMatch(
      /<title>Your starships: 8 \(most formidable: Hawk Heavy Cruiser\)\nA1 A1: 3 Hawk Heavy Cruiser\nA2 A2: 5 K&apos;Tinga Class Destroyer<\/title><rect[^>]*fill="#1f5fbf"[^>]*\/><text[^>]*>8<\/text>/,
    );
    expect(svg).toMatch(/<title>Foreign starships: 2[^<]*<\/title><rect[^>]*fill="#c62828"[^>]*\/><text[^>]*>2<\/text>/);
  });

  it("last turn's battles are marked where they were fought, in a sector or on a border", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 2: "beta" } });
    s.relations[relationKey("alpha", "beta")] = "war";
    addUnit(s, "A1", "alpha", 1, [[HAWK, 4]]);
    addUnit(s, "G2", "beta", 2, [[KTINGA, 2]]);
    const res = galacticEmpires.resolve(
      s,
      {
        alpha: { empire: "alpha", turn: 1, orders: [{ type: "travel", unit: "A1", to: 2 }] },
        beta: { empire: "beta", turn: 1, orders: [] },
      },
      Rng.fromSeed(1),
    );
    const battles = res.events.filter((e) => e.kind === "battle");
    expect(battles.length).toBeGreaterThan(0);
    const svg = mapSvg(res.state, { empire: "alpha", events: res.events });
    expect(svg).toMatch(/<title>Battle at 2 Sector 2 \(/);
    expect(group(svg, "battles").match(/<polygon /g)?.length).toBe(1);
    // Cross-border battles are placed on the border between the two sectors.
    const cross = {
      ...battles[0],
      report: { ...(battles[0] as { report: object }).report, kind: "cross-border", where: "the border of 3 Sector 3 and 4 Sector 4" },
    } as GeEvent;
    const svg2 = mapSvg(res.state, { empire: "alpha", events: [cross] });
    expect(svg2).toContain("<title>Battle at the border of 3 Sector 3 and 4 Sector 4");
    // Another empire's battles are not in this empire's events, so not on its map.
    const gamma = tinyGalaxy({ owners: { 1: "alpha", 2: "beta", 5: "gamma" }, empires: ["alpha", "beta", "gamma"] });
    expect(mapSvg(gamma, { empire: "gamma", events: res.events })).not.toMatch(/Battle at/);
  });

  it("sectors not seen this turn are stippled (chapter 5: no scouting report this turn)", () => {
    const { state } = frontierAfter(1);
    const view = viewFor(state, "klingon", []);
    const svg = mapSvg(state, { empire: "klingon" });
    const unseen = group(svg, "unseen").match(/<path /g)?.length ?? 0;
    expect(unseen).toBe(view.sectors.filter((s) => !s.seen).length);
    expect(unseen).toBeGreaterThan(0);
    expect(group(gmMapSvg(state, []), "unseen")).toBe("");
  });
});

describe("chapter 3 'The Map': banners neighbours can tell apart, colour-blind or not (issue 9 item 11)", () => {
  const galaxies: [string, number][] = [
    ["tutorial", 1],
    ["frontier", 1],
    ["frontier", 4],
    ["alpha-beta-quadrants", 1],
    ["alpha-beta-quadrants", 2],
    ["galaxy-500", 3],
  ];

  it("any two palette colours, as the map fills them, differ by at least 9.5 (CIEDE2000) for normal, protanopic and deuteranopic vision; none comes within 12 of the independents' cream", () => {
    for (const a of EMPIRE_PALETTE) {
      expect(colourDistance(tintHex(a, FILL_TINT), INDEPENDENT_FILL), a).toBeGreaterThanOrEqual(12);
      for (const b of EMPIRE_PALETTE) if (a !== b) expect(fillDistance(a, b), `${a} ${b}`).toBeGreaterThanOrEqual(9.5);
    }
  });

  for (const [scenario, seed] of galaxies)
    it(`${scenario} (seed ${seed}): empires within four borders of each other differ by at least 30 / borders between them (bordering: 30), never by less than 9.5`, () => {
      const state = galacticEmpires.scenarios[scenario]?.create(seed, {}) as GameState;
      const ids = Object.keys(state.empires);
      const hops = empireHops(state.sectors, state.borders, ids);
      let pairs = 0;
      for (const a of ids)
        for (const [b, h] of hops.get(a) ?? []) {
          const d = fillDistance(state.empires[a]?.colour as string, state.empires[b]?.colour as string);
          expect(d, `${a} and ${b}, ${h} border(s) apart`).toBeGreaterThanOrEqual(Math.max(9.5, 30 / h));
          pairs++;
        }
      expect(pairs).toBeGreaterThan(0);
    });

  it("the 26 empires of chapter 8 use all ten colours, none more than three times (no field of greys and purples)", () => {
    const state = galacticEmpires.scenarios["alpha-beta-quadrants"]?.create(1, {}) as GameState;
    const uses = new Map<string, number>();
    for (const e of Object.values(state.empires)) uses.set(e.colour, (uses.get(e.colour) ?? 0) + 1);
    expect([...uses.keys()].sort()).toEqual([...EMPIRE_PALETTE].sort());
    expect(Math.max(...uses.values())).toBeLessThanOrEqual(3);
  });

  it("'Barriers': the bars are neither the blue of your own starships nor the red of foreign ones (a charcoal bar with a white core)", () => {
    const state = galacticEmpires.scenarios["alpha-beta-quadrants"]?.create(2, {}) as GameState;
    const svg = mapSvg(state, { empire: "federation" });
    const bar = /<g id="barriers" stroke="(#[0-9a-f]{6})"/.exec(svg)?.[1] as string;
    expect(colourDistance(bar, "#1f5fbf")).toBeGreaterThanOrEqual(20);
    expect(colourDistance(bar, "#c62828")).toBeGreaterThanOrEqual(20);
    expect(group(svg, "barrier-cores").match(/<line /g)?.length).toBe(state.borders.filter((b) => b.barrier).length);
  });

  it("each empire's name is written across its territory, so a colour used twice is never ambiguous", () => {
    const state = galacticEmpires.scenarios["alpha-beta-quadrants"]?.create(1, {}) as GameState;
    const names = group(mapSvg(state), "empire-names");
    for (const e of Object.values(state.empires)) expect(names).toContain(`>${esc(e.name)}</text>`);
  });

  it("chapter 3 'Starships', 'Tax Revenue' and 'Sector Damage': the ids of the units under each count, each sector's revenue, its damage as pips", () => {
    const s = tinyGalaxy({ owners: { 1: "alpha", 3: "beta" } });
    (s.sectors[0] as GameState["sectors"][number]).revenue = 12;
    (s.sectors[1] as GameState["sectors"][number]).damage = 2;
    addUnit(s, "A1", "alpha", 1, [[HAWK, 3]]);
    addUnit(s, "A2", "alpha", 1, [[KTINGA, 5]]);
    const svg = mapSvg(s, { empire: "alpha" });
    expect(svg).toMatch(/<text class="unit-ids"[^>]*>A1 A2<\/text>/);
    expect(group(svg, "markers")).toMatch(/>12<\/text>/);
    expect(svg).toMatch(/<title>Sector damage 2<\/title>(<circle [^>]*\/>){2}<\/g>/);
    // Where the damage is not known (a sector not seen), no pips.
    expect(svg.match(/<title>Sector damage/g)?.length).toBe(1);
  });
});

describe("map SVG: an empire's map shows nothing its view does not (fog of war, chapter 3 'Cloaking ability')", () => {
  it("cloaked foreign units and foreign units out of sight are not drawn; the game master's map has them", () => {
    const state = galacticEmpires.scenarios.frontier?.create(1, {}) as GameState;
    const fedSector = state.sectors.find((s) => s.owner === "federation") as GameState["sectors"][number];
    const far = state.sectors.find((s) => s.owner === "romulan") as GameState["sectors"][number];
    expect(seenSectors(state, "federation").has(far.id)).toBe(false);
    addUnit(state, "A900", "klingon", far.id, [[HAWK, 7]], { name: "Secret Armada" });
    addUnit(state, "A901", "klingon", fedSector.id, [[HAWK, 6]], { name: "Cloaked Raider", cloaked: true });
    const svg = mapSvg(state, { empire: "federation" });
    for (const needle of ["A900", "Secret Armada", "A901", "Cloaked Raider"]) expect(svg).not.toContain(needle);
    // No red base at all: no foreign force is visible at the start but the independents'.
    const view = viewFor(state, "federation", []);
    const foreignSectors = new Set(view.foreignUnits.map((u) => u.sector));
    expect((group(svg, "markers").match(/fill="#c62828"/g) ?? []).length).toBe(foreignSectors.size);
    const gm = mapSvg(state);
    expect(gm).toContain("A900 Secret Armada");
    expect(gm).toContain("A901 Cloaked Raider: 6 Hawk Heavy Cruiser (cloaked)");
  });

  it("over random games, no seat's map names a unit hidden from it", () => {
    let visible = 0;
    for (const seed of [1, 2]) {
      let state = galacticEmpires.scenarios.frontier?.create(seed, {}) as GameState;
      for (let t = 0; t < 4; t++) {
        const orders: Record<string, Orders> = {};
        for (const seat of galacticEmpires.awaiting(state))
          orders[seat] = galacticEmpires.randomOrders(state, seat, Rng.forTurn(seed, t, seat));
        const r = galacticEmpires.resolve(state, orders, Rng.forTurn(seed, state.turn));
        state = r.state;
        for (const seat of galacticEmpires.seats(state)) {
          const svg = mapSvg(state, { empire: seat, events: r.events });
          expect(xmlProblems(svg)).toEqual([]);
          const seen = seenSectors(state, seat);
          for (const u of Object.values(state.units)) {
            if (u.owner === seat) continue;
            const shown = `${u.id} ${u.owner === INDEPENDENT ? "Local Forces" : u.name}`;
            if (u.cloaked || !seen.has(u.sector)) expect(svg, `${seat} sees ${u.id}`).not.toContain(`${esc(shown)} (`);
            else if (u.ships.length > 0 && svg.includes(`${esc(shown)} (`)) visible++;
          }
          for (const a of Object.values(state.admirals)) if (a.owner !== seat) expect(svg).not.toContain(esc(a.name));
        }
      }
    }
    expect(visible, "foreign units in sight are drawn").toBeGreaterThan(0);
  });
});

describe("map files: an empire's colour is one the map can draw (issue 9, loose end of item 11)", () => {
  const withColour = (c: string) => {
    const map = cloneData(createTutorial(1));
    map.empires.klingon!.colour = c;
    return parseMap(map, 1);
  };

  it('"#rgb", "#rrggbb" (either case) and the CSS colour names are accepted', () => {
    for (const c of ["#abc", "#A1B2C3", "#c0392b", "navy", "rebeccapurple", "lightgoldenrodyellow"]) expect(withColour(c).ok, c).toBe(true);
  });

  it("anything else is refused, the message naming the empire and what is valid", () => {
    for (const c of ["red-ish", "#12345", "#ggg", "c0392b", "rgb(1,2,3)", "url(#x)", "", " navy", "constructor", "Navy", "#abcd"]) {
      const r = withColour(c);
      expect(r.ok, JSON.stringify(c)).toBe(false);
      if (r.ok) continue;
      const p = r.error.find((x) => x.order === "map.empires.klingon.colour");
      expect(p?.code, JSON.stringify(c)).toBe("invalid-colour");
      expect(p?.message).toMatch(/^empire klingon: .* is not a colour/);
      expect(p?.message).toContain('"#rgb" or "#rrggbb"');
      expect(p?.message).toContain("CSS colour name in lower case");
    }
    const navy = withColour("Navy");
    expect(navy.ok ? "" : navy.error[0]?.message).toContain('(did you mean "navy"?)');
  });

  it("a game saved before the pattern, with another colour, still loads (its map is drawn as before)", () => {
    const state = cloneData(createTutorial(1));
    state.empires.klingon!.colour = "red-ish";
    expect(parseState(state).ok).toBe(true);
    expect(xmlProblems(mapSvg(state, { empire: "klingon" }))).toEqual([]);
  });

  it("a named colour is drawn and tinted as its hex code is", () => {
    const named = tinyGalaxy({ owners: { 1: "alpha" } });
    named.empires.alpha!.colour = "red";
    const hex = tinyGalaxy({ owners: { 1: "alpha" } });
    hex.empires.alpha!.colour = "#ff0000";
    expect(cellFill(mapSvg(named, { empire: "alpha" }), 1, "Sector 1")).toBe("#ff4d4d");
    expect(cellFill(mapSvg(named, { empire: "alpha" }), 1, "Sector 1")).toBe(cellFill(mapSvg(hex, { empire: "alpha" }), 1, "Sector 1"));
    expect(colourDistance("navy", "#000080")).toBe(0);
  });
});
