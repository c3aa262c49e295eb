/**
 * The galaxy generator and the scenarios built with it: chapter 3 "The Map",
 * chapter 7's builders, chapter 8 "Empires".
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { shipType, starshipType } from "../../src/rules/galactic-empires/catalog.js";
import { CHAPTER_8_EMPIRES } from "../../src/rules/galactic-empires/galaxy/chapter8.js";
import {
  DEFAULT_SPEC,
  type GalaxySpec,
  generateGalaxy,
  generateGalaxyWithLayout,
  INDEPENDENT_BUILDER,
  START_RECIPES,
  startingBudget,
  typesOf,
} from "../../src/rules/galactic-empires/galaxy/generate.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { type GameState, INDEPENDENT } from "../../src/rules/galactic-empires/model.js";
import { ALPHA_BETA_SECTORS, ALPHA_BETA_SPEC } from "../../src/rules/galactic-empires/scenarios/alpha-beta-quadrants.js";
import { FRONTIER_SPEC } from "../../src/rules/galactic-empires/scenarios/frontier.js";
import { parseState, validateState } from "../../src/rules/galactic-empires/state-schema.js";
import { rulesetHarness } from "../harness/ruleset-harness.js";

const FOUR = CHAPTER_8_EMPIRES.filter((e) => ["federation", "klingon", "romulan", "cardassian"].includes(e.id));

function spec(sectors: number, over: Partial<GalaxySpec> = {}): GalaxySpec {
  return { ...DEFAULT_SPEC, name: "Test", scenario: "test", sectors, empires: FOUR, ...over };
}

/** Sectors reachable from the first over borders that are not barriers. */
function reachable(state: GameState): number {
  const adj = new Map<number, number[]>();
  for (const b of state.borders) {
    if (b.barrier) continue;
    adj.set(b.a, [...(adj.get(b.a) ?? []), b.b]);
    adj.set(b.b, [...(adj.get(b.b) ?? []), b.a]);
  }
  const first = state.sectors[0]?.id ?? 0;
  const seen = new Set([first]);
  const queue = [first];
  while (queue.length > 0) {
    const s = queue.pop() as number;
    for (const t of adj.get(s) ?? [])
      if (!seen.has(t)) {
        seen.add(t);
        queue.push(t);
      }
  }
  return seen.size;
}

/**
 * Pairs of borders that cross (as drawn from sector to sector), found through a
 * grid of buckets; an independent check, in integers (positions are tenths).
 */
function crossings(state: GameState): [number, number][] {
  const pos = new Map(state.sectors.map((s) => [s.id, [Math.round(s.x * 10), Math.round(s.y * 10)] as const]));
  const segs = state.borders.map((b) => [...(pos.get(b.a) ?? [0, 0]), ...(pos.get(b.b) ?? [0, 0])] as [number, number, number, number]);
  const cell = 200;
  const buckets = new Map<string, number[]>();
  segs.forEach(([x1, y1, x2, y2], i) => {
    for (let cx = Math.floor(Math.min(x1, x2) / cell); cx <= Math.floor(Math.max(x1, x2) / cell); cx++)
      for (let cy = Math.floor(Math.min(y1, y2) / cell); cy <= Math.floor(Math.max(y1, y2) / cell); cy++) {
        const k = `${cx},${cy}`;
        buckets.set(k, [...(buckets.get(k) ?? []), i]);
      }
  });
  const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) =>
    Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  const out = new Set<string>();
  for (const list of buckets.values()) {
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const [ax, ay, bx, by] = segs[list[i] as number] as [number, number, number, number];
        const [cx, cy, dx, dy] = segs[list[j] as number] as [number, number, number, number];
        const shared = (ax === cx && ay === cy) || (ax === dx && ay === dy) || (bx === cx && by === cy) || (bx === dx && by === dy);
        if (shared) {
          // Two borders from one sector overlap only if collinear and pointing the same way.
          const o = orient(ax, ay, bx, by, cx, cy) === 0 && orient(ax, ay, bx, by, dx, dy) === 0;
          if (o) {
            const [px, py] = ax === cx && ay === cy ? [ax, ay] : ax === dx && ay === dy ? [ax, ay] : [bx, by];
            const [ux, uy] = px === ax && py === ay ? [bx - ax, by - ay] : [ax - bx, ay - by];
            const [vx, vy] = px === cx && py === cy ? [dx - cx, dy - cy] : [cx - dx, cy - dy];
            if (ux * vx + uy * vy > 0) out.add([list[i], list[j]].sort().join("|"));
          }
          continue;
        }
        const o1 = orient(ax, ay, bx, by, cx, cy);
        const o2 = orient(ax, ay, bx, by, dx, dy);
        const o3 = orient(cx, cy, dx, dy, ax, ay);
        const o4 = orient(cx, cy, dx, dy, bx, by);
        const touches = (o1 === 0 || o2 === 0 || o3 === 0 || o4 === 0) && o1 * o2 <= 0 && o3 * o4 <= 0;
        if ((o1 * o2 < 0 && o3 * o4 < 0) || touches) out.add([list[i], list[j]].sort().join("|"));
      }
  }
  return [...out].map((k) => k.split("|").map(Number) as [number, number]);
}

/** Capital position as fractions of the map (0 west/north edge, 1 east/south edge). */
function spots(seed: number) {
  const { state, layout } = generateGalaxyWithLayout(ALPHA_BETA_SPEC, seed);
  const w = layout.geometry.width;
  const h = layout.geometry.height;
  const at: Record<string, { x: number; y: number }> = {};
  for (const [e, id] of Object.entries(layout.capitals)) {
    const s = state.sectors[id - 1];
    if (s) at[e] = { x: s.x / w, y: s.y / h };
  }
  return { state, layout, at: (e: string) => at[e] as { x: number; y: number } };
}

function forcesValue(state: GameState, empire: string) {
  let value = 0;
  let combat = 0;
  let hits = 0;
  for (const u of Object.values(state.units))
    if (u.owner === empire)
      for (const s of u.ships) {
        const t = shipType(s.type);
        value += t.build * s.count;
        combat += t.attacks * t.combat * s.count;
        hits += t.hits * s.count;
      }
  return { value, combat, hits };
}

describe("galaxy generator: determinism, sizes, connectivity, planarity", () => {
  it("the same seed gives the same galaxy byte for byte; another seed another galaxy", () => {
    const a = canonicalJson(generateGalaxy(spec(300), 7));
    expect(canonicalJson(generateGalaxy(spec(300), 7))).toBe(a);
    const b = generateGalaxy(spec(300), 8);
    expect(canonicalJson(b)).not.toBe(a);
    expect(b.sectors.map((s) => [s.x, s.y])).not.toEqual(generateGalaxy(spec(300), 7).sectors.map((s) => [s.x, s.y]));
  });

  for (const n of [50, 51, 137, 500, 999, 2000, 5000]) {
    it(`${n} sectors: exactly ${n}, ids 1..${n} in reading order, a valid state, every sector reachable without crossing a barrier (chapter 3 'Barriers')`, () => {
      const s = generateGalaxy(spec(n), n);
      expect(s.sectors.length).toBe(n);
      expect(s.sectors.map((x) => x.id)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(validateState(s)).toEqual([]);
      expect(new Set(s.sectors.map((x) => x.name)).size, "names are unique").toBe(n);
      // About four borders a sector, none repeated.
      expect(s.borders.length).toBeGreaterThan(1.5 * n);
      expect(s.borders.length).toBeLessThan(3 * n);
      expect(new Set(s.borders.map((b) => `${b.a}|${b.b}`)).size).toBe(s.borders.length);
      expect(reachable(s)).toBe(n);
      if (n >= 500) expect(s.borders.filter((b) => b.barrier).length).toBeGreaterThan(n / 50);
      if (n <= 2000) expect(crossings(s), "no two borders cross").toEqual([]);
    });
  }

  it("the map is planar: no two borders of alpha-beta-quadrants or of 5,000 sectors cross", () => {
    expect(crossings(generateGalaxy(ALPHA_BETA_SPEC, 3))).toEqual([]);
    expect(crossings(generateGalaxy(spec(5000), 11))).toEqual([]);
  });

  it("the crossing check finds a crossing when there is one", () => {
    const s = generateGalaxy(spec(50), 1);
    // Join the sectors at two opposite corners: that line crosses many borders.
    s.borders.push({ a: 1, b: 50, barrier: false });
    expect(crossings(s).length).toBeGreaterThan(0);
  });

  it("connectivity holds over many seeds, barriers or not", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const s = generateGalaxy(spec(120, { rifts: 8 }), seed);
      expect(reachable(s), `seed ${seed}`).toBe(120);
    }
  });

  it("5,000 sectors are generated in well under a second", () => {
    generateGalaxy(spec(5000), 1);
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 2; k++) {
      const t0 = performance.now();
      generateGalaxy(spec(5000), 2 + k);
      best = Math.min(best, performance.now() - t0);
    }
    expect(best).toBeLessThan(1000);
  });

  it("sizes outside 50..5,000 are refused", () => {
    expect(() => generateGalaxy(spec(49), 1)).toThrow(/50 to 5000/);
    expect(() => generateGalaxy(spec(5001), 1)).toThrow(/50 to 5000/);
  });
});

describe("chapter 8 'Empires': alpha-beta-quadrants places each empire where chapter 8 says", () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: every capital where its chapter 8 paragraph puts it`, () => {
      const { state, at } = spots(seed);
      expect(state.sectors.length).toBe(ALPHA_BETA_SECTORS);
      expect(Object.keys(state.empires).length).toBe(26);
      const fed = at("federation");
      const hive = at("hive");
      // "The Hive is located near the middle of the right mapedge."
      expect(hive.x).toBeGreaterThan(0.9);
      expect(hive.y).toBeGreaterThan(0.4);
      expect(hive.y).toBeLessThan(0.6);
      // "All three Dominion Warfleets appear around the upper left corner of the map."
      for (const d of ["dominion-vi", "dominion-xii", "dominion-xxv"]) {
        expect(at(d).x).toBeLessThan(0.25);
        expect(at(d).y).toBeLessThan(0.25);
      }
      // "The Cardassians are located near the middle of the left mapedge."
      const card = at("cardassian");
      expect(card.x).toBeLessThan(0.07);
      expect(card.y).toBeGreaterThan(0.35);
      expect(card.y).toBeLessThan(0.6);
      // Obsidian Order: "a little distance 'south' of the Cardassian Union."
      const obs = at("obsidian-order");
      expect(obs.y).toBeGreaterThan(card.y + 0.08);
      expect(obs.y).toBeLessThan(card.y + 0.3);
      expect(Math.abs(obs.x - card.x)).toBeLessThan(0.08);
      // "The Orions are located on the lower left corner of the map."
      expect(at("orion").x).toBeLessThan(0.07);
      expect(at("orion").y).toBeGreaterThan(0.9);
      // Efrosians "along the lower mapedge, near the middle"; Tholians "near the middle of the lower mapedge".
      for (const e of ["efrosian", "tholian"]) {
        expect(at(e).y).toBeGreaterThan(0.9);
        expect(at(e).x).toBeGreaterThan(0.3);
        expect(at(e).x).toBeLessThan(0.7);
      }
      // "Earth is located near the map's center."
      expect(Math.abs(fed.x - 0.5)).toBeLessThan(0.05);
      expect(Math.abs(fed.y - 0.5)).toBeLessThan(0.07);
      // Vulcans "a bit to the 'south' of the Federation core"; Ferengi "due north".
      expect(at("vulcan").y).toBeGreaterThan(fed.y + 0.08);
      expect(Math.abs(at("vulcan").x - fed.x)).toBeLessThan(0.05);
      expect(at("ferengi").y).toBeLessThan(fed.y - 0.08);
      expect(Math.abs(at("ferengi").x - fed.x)).toBeLessThan(0.05);
      // Betazed "to the 'northwest'", Andorans "to the 'east'", Gorn "'southeast'".
      expect(at("betazoid").x).toBeLessThan(fed.x - 0.05);
      expect(at("betazoid").y).toBeLessThan(fed.y - 0.05);
      expect(at("andoran").x).toBeGreaterThan(fed.x + 0.08);
      expect(Math.abs(at("andoran").y - fed.y)).toBeLessThan(0.06);
      expect(at("gorn").x).toBeGreaterThan(fed.x + 0.05);
      expect(at("gorn").y).toBeGreaterThan(fed.y + 0.05);
      // Breen "near the upper left corner, but not quite on the mapedge".
      const breen = at("breen");
      expect(breen.x).toBeLessThan(0.3);
      expect(breen.y).toBeLessThan(0.3);
      expect(breen.x).toBeGreaterThan(0.08);
      expect(breen.y).toBeGreaterThan(0.08);
      // Borg: "different locations on the mapedge, along the upper right corner".
      const borg = ["borg-1", "borg-2", "borg-3", "borg-4"].map(at);
      for (const b of borg) {
        expect(b.x).toBeGreaterThan(0.6);
        expect(b.y).toBeLessThan(0.35);
        expect(b.x > 0.93 || b.y < 0.07, "on the mapedge").toBe(true);
      }
      expect(new Set(borg.map((b) => `${b.x},${b.y}`)).size).toBe(4);
      // Kazon "on the right mapedge, between the 8472 Hive and House Korgoroth".
      const kazon = at("kazon");
      const korg = at("korgoroth");
      expect(kazon.x).toBeGreaterThan(0.93);
      expect(kazon.y).toBeGreaterThan(hive.y);
      expect(kazon.y).toBeLessThan(korg.y);
      // Romulans "in the right-center of the map, halfway between Andora and the Hive".
      const rom = at("romulan");
      const andor = at("andoran");
      expect(rom.x).toBeGreaterThan(andor.x);
      expect(rom.x).toBeLessThan(hive.x);
      expect(Math.abs(rom.x - (andor.x + hive.x) / 2)).toBeLessThan(0.06);
      expect(Math.abs(rom.y - 0.5)).toBeLessThan(0.07);
      // Remans "'north' of the Romulan Empire".
      expect(at("reman").y).toBeLessThan(rom.y - 0.08);
      expect(Math.abs(at("reman").x - rom.x)).toBeLessThan(0.05);
      // Klingons "near the lower right corner of the map, but not quite on the edge".
      const kl = at("klingon");
      expect(kl.x).toBeGreaterThan(0.7);
      expect(kl.x).toBeLessThan(0.92);
      expect(kl.y).toBeGreaterThan(0.65);
      expect(kl.y).toBeLessThan(0.9);
      // Duras "due south of the Klingon Empire, near the mapedge".
      expect(at("duras").y).toBeGreaterThan(0.9);
      expect(Math.abs(at("duras").x - kl.x)).toBeLessThan(0.05);
      // Korgoroth "on the mapedge of the lower right corner".
      expect(korg.x).toBeGreaterThan(0.93);
      expect(korg.y).toBeGreaterThan(0.9);
    });
  }

  it("capitals carry their homeworlds' names", () => {
    const { state, layout } = spots(1);
    const name = (e: string) => state.sectors[(layout.capitals[e] as number) - 1]?.name;
    expect(name("federation")).toBe("Earth");
    expect(name("klingon")).toBe("Qo'noS");
    expect(name("romulan")).toBe("Romulus");
    expect(name("reman")).toBe("Remus");
    expect(name("vulcan")).toBe("Vulcan");
  });
});

describe("chapter 8: 'The different empires begin in a roughly equal standing'", () => {
  for (const [label, sp] of [
    ["alpha-beta-quadrants", ALPHA_BETA_SPEC],
    ["frontier", FRONTIER_SPEC],
  ] as const) {
    it(`${label}: same home sectors, revenue, defences, industrial centres, treasury and status for every empire`, () => {
      const { state, layout } = generateGalaxyWithLayout(sp, 5);
      const sig = (e: string) => {
        const home = (layout.homes[e] ?? []).map((id) => state.sectors[id - 1]);
        return {
          home: home.length,
          owned: state.sectors.filter((s) => s.owner === e).length,
          annexed: state.sectors.filter((s) => s.annexedTo === e).length,
          revenue: home.reduce((t, s) => t + (s?.revenue ?? 0), 0),
          defence: home.map((s) => s?.defence.level).join(","),
          centres: home.map((s) => (s?.industry ? `${s.industry.maxBuild}x${s.industry.builds.length}` : "-")).join(","),
          treasury: state.empires[e]?.treasury,
          status: state.empires[e]?.status,
          admirals: Object.values(state.admirals)
            .filter((a) => a.owner === e)
            .map((a) => `${a.tactics}/${a.siegecraft}`)
            .join(","),
        };
      };
      const ids = Object.keys(state.empires);
      const first = sig(ids[0] as string);
      expect(first.home).toBe(sp.homeSize);
      expect(first.owned).toBe(sp.homeSize);
      for (const e of ids) expect(sig(e), e).toEqual(first);
    });

    it(`${label}: starting forces of the same build value (within one destroyer), garrison strength within the catalogue's spread`, () => {
      const state = generateGalaxy(sp, 5);
      const budget = startingBudget(sp.homeSize);
      const all = Object.keys(state.empires).map((e) => ({ e, ...forcesValue(state, e) }));
      for (const f of all) {
        expect(f.value, f.e).toBeLessThanOrEqual(budget);
        expect(f.value, f.e).toBeGreaterThan(budget - 5);
      }
      // Builders differ (chapter 7): strength follows cost, within the catalogue's own spread.
      const combat = all.map((f) => f.combat);
      const hits = all.map((f) => f.hits);
      expect(Math.max(...combat) / Math.min(...combat)).toBeLessThan(2);
      expect(Math.max(...hits) / Math.min(...hits)).toBeLessThan(1.4);
    });
  }

  it("chapter 4 'Ranks': starting garrisons put fodder in front and heavies behind", () => {
    const state = generateGalaxy(ALPHA_BETA_SPEC, 1);
    for (const u of Object.values(state.units)) {
      if (u.owner === INDEPENDENT) continue;
      for (const s of u.ships) {
        const cls = shipType(s.type).class;
        if (cls === "Destroyer" || cls === "Scout") expect(s.rank).toBe(1);
        if (cls === "Battlecruiser" || cls === "Heavy Cruiser") expect(s.rank).toBeGreaterThanOrEqual(4);
      }
    }
    expect(START_RECIPES.capitalGarrison.fill?.[1]).toBe(1);
  });
});

describe("chapter 7: each industrial centre builds its region's starships", () => {
  const { state, layout } = generateGalaxyWithLayout(ALPHA_BETA_SPEC, 4);
  const builderOf = (id: string) => starshipType(id)?.builder;

  it("empires' centres build their builder's starships: Federation-a at the Federation core, Federation-b for Andorians, Betazoids and Efrosians, factions their parent's", () => {
    const expected: Record<string, string> = {
      federation: "Federation-a",
      andoran: "Federation-b",
      betazoid: "Federation-b",
      efrosian: "Federation-b",
      "dominion-vi": "Dominion",
      "dominion-xii": "Dominion",
      "dominion-xxv": "Dominion",
      "obsidian-order": "Cardassian",
      cardassian: "Cardassian",
      duras: "Klingon",
      korgoroth: "Klingon",
      klingon: "Klingon",
      reman: "Romulan",
      romulan: "Romulan",
      "borg-1": "Borg",
      "borg-2": "Borg",
      "borg-3": "Borg",
      "borg-4": "Borg",
      hive: "8472 Hive",
      vulcan: "Vulcan",
      ferengi: "Ferengi",
      breen: "Breen",
      tholian: "Tholian",
      gorn: "Gorn",
      kazon: "Kazon",
      orion: "Orion",
    };
    expect(Object.keys(expected).sort()).toEqual(Object.keys(state.empires).sort());
    for (const [e, b] of Object.entries(expected)) {
      expect(state.empires[e]?.builder, e).toBe(b);
      const home = layout.homes[e] ?? [];
      const capital = state.sectors[(home[0] as number) - 1];
      expect(capital?.industry?.builds, `${e} capital builds all of ${b}`).toEqual(typesOf(b).map((t) => t.id));
      const centres = home.map((id) => state.sectors[id - 1]).filter((s) => s?.industry);
      expect(centres.length).toBe(2);
      for (const c of centres) for (const t of c?.industry?.builds ?? []) expect(builderOf(t)).toBe(b);
      // Starting starships come from the same builder.
      for (const u of Object.values(state.units)) if (u.owner === e) for (const s of u.ships) expect(builderOf(s.type)).toBe(b);
    }
  });

  it("independent centres build Federation-c mostly, and a nearby empire's starships within its region", () => {
    const capitals = Object.entries(layout.capitals).map(([e, id]) => ({ e, s: state.sectors[id - 1] }));
    let fedC = 0;
    let regional = 0;
    for (const s of state.sectors) {
      if (s.owner !== INDEPENDENT || !s.industry) continue;
      const builders = new Set(s.industry.builds.map(builderOf));
      expect(builders.size, `${s.id} builds one builder's starships`).toBe(1);
      expect(s.industry.builds.length).toBeGreaterThanOrEqual(3);
      const b = [...builders][0];
      if (b === INDEPENDENT_BUILDER) fedC++;
      else {
        regional++;
        // The nearest capital is of an empire with that builder, within the region radius.
        const nearest = [...capitals].sort(
          (p, q) => Math.hypot((p.s?.x ?? 0) - s.x, (p.s?.y ?? 0) - s.y) - Math.hypot((q.s?.x ?? 0) - s.x, (q.s?.y ?? 0) - s.y),
        )[0];
        expect(state.empires[nearest?.e ?? ""]?.builder).toBe(b);
        expect(Math.hypot((nearest?.s?.x ?? 0) - s.x, (nearest?.s?.y ?? 0) - s.y)).toBeLessThanOrEqual(
          ALPHA_BETA_SPEC.regionRadius * 10 + 1e-9,
        );
      }
    }
    expect(fedC).toBeGreaterThan(regional);
    expect(fedC + regional).toBeGreaterThan(40);
  });

  it("chapter 3 'Map Options': an industrial centre 'will always have a garrison'; no independent centre borders another centre", () => {
    const centres = new Set(state.sectors.filter((s) => s.industry).map((s) => s.id));
    const independent = new Set(state.sectors.filter((s) => s.industry && s.owner === INDEPENDENT).map((s) => s.id));
    for (const id of centres) expect(state.units[`G${id}`], `garrison at ${id}`).toBeDefined();
    for (const b of state.borders)
      expect((independent.has(b.a) && centres.has(b.b)) || (independent.has(b.b) && centres.has(b.a)), `${b.a}-${b.b}`).toBe(false);
  });

  it("independents' garrisons, revenues and defences stay in their ranges", () => {
    for (const s of state.sectors) {
      if (s.owner !== INDEPENDENT) continue;
      expect(s.revenue).toBeGreaterThanOrEqual(4);
      expect(s.revenue).toBeLessThanOrEqual(16);
      expect(s.defence.level).toBeLessThanOrEqual(4);
      expect(s.annexedTo).toBeNull();
      const g = state.units[`G${s.id}`];
      if (g) {
        expect(g.owner).toBe(INDEPENDENT);
        expect(g.ships.reduce((t, x) => t + x.count, 0)).toBeGreaterThan(0);
      }
    }
  });
});

describe("scenarios: registered, valid, round-trip through the state schema", () => {
  for (const id of ["alpha-beta-quadrants", "frontier", "galaxy-500", "galaxy-1000"]) {
    it(`${id} is registered and creates a valid state`, () => {
      const sc = galacticEmpires.scenarios[id];
      expect(sc).toBeDefined();
      const state = sc?.create(9, {}) as GameState;
      const parsed = parseState(JSON.parse(JSON.stringify(state)));
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(canonicalJson(parsed.value)).toBe(canonicalJson(state));
      expect(galacticEmpires.outcome(state)).toBeNull();
    });
  }
  it("galaxy-2000 and galaxy-5000 are registered with 26 empires", () => {
    for (const n of [2000, 5000]) {
      const state = galacticEmpires.scenarios[`galaxy-${n}`]?.create(1, {}) as GameState;
      expect(state.sectors.length).toBe(n);
      expect(galacticEmpires.seats(state).length).toBe(26);
    }
  });
  it("frontier: six empires, 80 sectors, three home sectors each, a 30-turn limit", () => {
    const state = galacticEmpires.scenarios.frontier?.create(1, {}) as GameState;
    expect(galacticEmpires.seats(state).length).toBe(6);
    expect(state.sectors.length).toBe(80);
    expect(state.settings.turnLimit).toBe(30);
    for (const e of Object.keys(state.empires)) expect(state.sectors.filter((s) => s.owner === e).length).toBe(3);
  });
});

rulesetHarness(galacticEmpires, { scenario: "frontier", seeds: [1, 2], turns: 4 });
rulesetHarness(galacticEmpires, { scenario: "alpha-beta-quadrants", seeds: [1], turns: 2 });
