import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  gravityWellAt,
  inSector,
  parseSector,
  sectorCentre,
  sectorName,
  sectorShiftBlocked,
} from "../../src/rules/battleshift/battlespace/battlespace.js";
import { LosContext, lineOfSight } from "../../src/rules/battleshift/combat/line-of-sight.js";
import {
  angleDiff,
  bearing,
  bodyOf,
  coherency,
  convexHull,
  dist,
  inArc,
  normDeg,
  offset,
  parseFacing,
  segmentHitsBody,
  segmentsIntersect,
} from "../../src/rules/battleshift/geometry.js";
import { tinyBattle } from "./support.js";

describe("geometry: bearings and arcs in compass degrees", () => {
  it("0 is north (towards the numbered edge), 90 east, 180 south, 270 west", () => {
    const o = { x: 10, y: 10 };
    expect(bearing(o, { x: 10, y: 0 })).toBe(0);
    expect(bearing(o, { x: 20, y: 10 })).toBe(90);
    expect(bearing(o, { x: 10, y: 20 })).toBe(180);
    expect(bearing(o, { x: 0, y: 10 })).toBe(270);
    expect(bearing(o, { x: 20, y: 0 })).toBeCloseTo(45, 9);
  });
  it("angleDiff is the signed turn in (-180, 180]", () => {
    expect(angleDiff(350, 10)).toBe(20);
    expect(angleDiff(10, 350)).toBe(-20);
    expect(angleDiff(0, 180)).toBe(180);
  });
  it("a 90 degree forward arc takes a target exactly 45 degrees off the nose, not 46", () => {
    expect(inArc(90, 90, 135)).toBe(true);
    expect(inArc(90, 90, 136)).toBe(false);
    expect(inArc(0, 270, 225)).toBe(true); // light batteries: 270 forward arc, 135 either side
    expect(inArc(0, 270, 180)).toBe(false); // the 90 degrees astern are out
  });
  it("offset and bearing agree (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 359.9, noNaN: true }), fc.double({ min: 0.1, max: 50, noNaN: true }), (h, d) => {
        const p = offset({ x: 30, y: 30 }, h, d);
        expect(dist({ x: 30, y: 30 }, p)).toBeCloseTo(d, 6);
        expect(Math.abs(angleDiff(h, bearing({ x: 30, y: 30 }, p)))).toBeLessThan(1e-6);
      }),
    );
  });
  it("parses facings written as degrees or compass names", () => {
    expect(parseFacing("W")).toBe(270);
    expect(parseFacing("west")).toBe(270);
    expect(parseFacing("north-east")).toBe(45);
    expect(parseFacing(-90)).toBe(270);
    expect(parseFacing("sideways")).toBeNull();
    expect(normDeg(720)).toBe(0);
  });
});

describe("geometry: segments and squadron bodies", () => {
  it("crossing and touching segments intersect; parallel ones do not", () => {
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }, { x: 10, y: 0 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 5 })).toBe(true);
    expect(segmentsIntersect({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 1 }, { x: 10, y: 1 })).toBe(false);
  });
  it("the convex hull drops inner points", () => {
    const h = convexHull([
      { x: 0, y: 0 },
      { x: 4, y: 0 },
      { x: 4, y: 4 },
      { x: 0, y: 4 },
      { x: 2, y: 2 },
    ]);
    expect(h).toHaveLength(4);
  });
  it("a line passes through a squadron when it crosses the hull of its ships widened by a base radius", () => {
    const body = bodyOf(
      [
        { x: 10, y: 8 },
        { x: 10, y: 12 },
      ],
      0.5,
    );
    expect(segmentHitsBody({ x: 0, y: 10 }, { x: 20, y: 10 }, body)).toBe(true); // between the two ships
    expect(segmentHitsBody({ x: 0, y: 13 }, { x: 20, y: 13 }, body)).toBe(false); // 1" beyond the last ship
    expect(segmentHitsBody({ x: 0, y: 12.4 }, { x: 20, y: 12.4 }, body)).toBe(true); // within the base radius
  });
});

describe('Movement: coherency (within 6" of each other, or a 2" chain)', () => {
  it('ships all within 6" are coherent', () => {
    expect(
      coherency(
        [
          { x: 0, y: 0 },
          { x: 6, y: 0 },
          { x: 3, y: 5 },
        ],
        6,
        2,
      ).ok,
    ).toBe(true);
  });
  it('a line of ships 2" apart is coherent however long ("such as in a line")', () => {
    const line = Array.from({ length: 7 }, (_, i) => ({ x: i * 2, y: 0 }));
    const c = coherency(line, 6, 2);
    expect(c.ok).toBe(true);
    expect(c.widest).toBe(12);
  });
  it('a gap of more than 2" in a spread beyond 6" breaks coherency, and the gap is measured', () => {
    const c = coherency(
      [
        { x: 0, y: 0 },
        { x: 2, y: 0 },
        { x: 4, y: 0 },
        { x: 6.5, y: 0 },
      ],
      6,
      2,
    );
    expect(c.ok).toBe(false);
    expect(c.chainGap).toBeCloseTo(2.5, 9);
  });
});

describe("Definitions: Battlespace sectors", () => {
  it("\"6' X 4' table would have the long edge marked 1, 2, 3, 4, 5, 6; the other would be A, B, C, D\"", () => {
    expect(sectorName({ col: 1, row: 1 })).toBe("1A");
    expect(sectorName({ col: 6, row: 4 })).toBe("6D");
    expect(parseSector("5, B")).toEqual({ col: 5, row: 2 });
    expect(parseSector("B5")).toEqual({ col: 5, row: 2 });
  });
  it('"sector 5, B ... within the 1 foot area between 4 and 5 feet along the length, and 1 and 2 feet along the width"', () => {
    const s = parseSector("5B");
    expect(s).not.toBeNull();
    if (!s) return;
    expect(sectorCentre(s)).toEqual({ x: 54, y: 18 });
    expect(inSector(s, { x: 48.5, y: 12.5 })).toBe(true);
    expect(inSector(s, { x: 47, y: 18 })).toBe(false);
  });
});

describe('Definitions: gravity wells ("1\' from planets, or the same sector as a moon")', () => {
  const b = {
    widthFt: 6,
    depthFt: 4,
    noShifting: false,
    terrain: [
      { id: "p", kind: "planet" as const, name: "Kesh", x: 24, y: 24, radius: 6 },
      { id: "m", kind: "moon" as const, name: "Lune", x: 66, y: 6, radius: 2 },
    ],
  };
  it('a ship 11.9" from a planet\'s surface cannot shift; at 12.1" it can', () => {
    expect(gravityWellAt(b, { x: 24 + 6 + 11.9, y: 24 })).toMatch(/gravity well of Kesh/);
    expect(gravityWellAt(b, { x: 24 + 6 + 12.1, y: 24 })).toBeNull();
  });
  it("a ship in the moon's sector cannot shift", () => {
    expect(gravityWellAt(b, { x: 61, y: 11 })).toMatch(/moon Lune/);
    expect(gravityWellAt(b, { x: 59, y: 11 })).toBeNull();
  });
  it("the four sectors a planet on a sector corner sits in cannot be used to shift in", () => {
    for (const s of ["2B", "3B", "2C", "3C"]) expect(sectorShiftBlocked(b, parseSector(s) as never), s).toMatch(/planet Kesh/);
    expect(sectorShiftBlocked(b, parseSector("4B") as never)).toBeNull();
    expect(sectorShiftBlocked(b, parseSector("6A") as never)).toMatch(/moon/);
    expect(sectorShiftBlocked(b, parseSector("7A") as never)).toMatch(/off the table/);
  });
  it("with no shifting anywhere (dark matter, suppression fields) nothing shifts", () => {
    expect(gravityWellAt({ ...b, noShifting: true, terrain: [] }, { x: 1, y: 1 })).toMatch(/no battleshifting/);
  });
});

describe("Basic Combat Resolution 1-2: line of sight", () => {
  const line = (x: number, ys: number[]): [number, number][] => ys.map((y) => [x, y]);
  it("an enemy squadron squarely between blocks the target beyond it", () => {
    const s = tinyBattle([
      { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: line(10, [20, 21]), facing: 90 },
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: line(30, [20, 21]), facing: 270 },
      {
        id: "r2",
        side: "red",
        design: "generic/fleet-cruiser",
        at: line(20, [17, 18, 19, 20, 21, 22, 23, 24]),
        facing: 270,
        taskforce: "red-tf2",
      },
    ]);
    const l = lineOfSight(new LosContext(s), s.squadrons.b1 as never, s.squadrons.r1 as never);
    expect(l.ok).toBe(false);
    expect(l.blocker).toBe("r2");
  });
  it('"If at least one ship can get a clear line of sight, but some are blocked, then the target may be fired at with a -1 penalty"', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: [
          [10, 20],
          [10, 30],
        ],
        facing: 90,
      },
      {
        id: "r1",
        side: "red",
        design: "generic/fleet-cruiser",
        at: [
          [30, 20],
          [30, 30],
        ],
        facing: 270,
      },
      // A screen at x 20 from y 18 to 26 cuts every line from b1.1 (y 20); b1.2 (y 30) sees past it.
      { id: "r2", side: "red", design: "generic/fleet-cruiser", at: line(20, [18, 20, 22, 24, 26]), facing: 270, taskforce: "red-tf2" },
    ]);
    const l = lineOfSight(new LosContext(s), s.squadrons.b1 as never, s.squadrons.r1 as never);
    expect(l.ok).toBe(true);
    expect(l.penalty).toBe(1);
    expect(l.obscurers).toEqual(["r2"]);
    expect(l.blockedShips).toBe(1);
  });
  it('"You may see through friendly squadrons with no penalty"', () => {
    const s = tinyBattle([
      { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: line(10, [20, 21]), facing: 90 },
      {
        id: "b2",
        side: "blue",
        design: "generic/fleet-cruiser",
        at: line(20, [17, 18, 19, 20, 21, 22, 23]),
        facing: 90,
        taskforce: "blue-tf2",
      },
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: line(30, [20, 21]), facing: 270 },
    ]);
    const l = lineOfSight(new LosContext(s), s.squadrons.b1 as never, s.squadrons.r1 as never);
    expect(l).toMatchObject({ ok: true, penalty: 0 });
  });
  it("a dust cloud in between obscures (-1); a target inside one has cover (-1); a planet in between blocks", () => {
    const mk = (terrain: never[]) =>
      tinyBattle(
        [
          { id: "b1", side: "blue", design: "generic/fleet-cruiser", at: [[10, 20]], facing: 90 },
          { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[30, 20]], facing: 270 },
        ],
        { terrain },
      );
    const dust = mk([{ id: "d", kind: "dust", name: "Haze", x: 20, y: 20, radius: 3 }] as never[]);
    expect(lineOfSight(new LosContext(dust), dust.squadrons.b1 as never, dust.squadrons.r1 as never)).toMatchObject({
      ok: true,
      penalty: 1,
      obscurers: ["Haze"],
    });
    const cover = mk([{ id: "d", kind: "asteroids", name: "Rocks", x: 30, y: 20, radius: 3 }] as never[]);
    expect(lineOfSight(new LosContext(cover), cover.squadrons.b1 as never, cover.squadrons.r1 as never)).toMatchObject({
      ok: true,
      penalty: 1,
      cover: "Rocks",
    });
    const planet = mk([{ id: "p", kind: "planet", name: "Kesh", x: 20, y: 20, radius: 4 }] as never[]);
    expect(lineOfSight(new LosContext(planet), planet.squadrons.b1 as never, planet.squadrons.r1 as never)).toMatchObject({
      ok: false,
      blocker: "Kesh",
    });
  });
});
