/**
 * The browser map's geometry (src/web/rulesets/galactic-empires/map-geometry.ts) and the picture it works on (the
 * rules' presentation/map-picture.ts), read as the map: chapter 3 "The Map" draws each sector as the region nearest
 * its point, so a click anywhere in that region is a click on the sector; the whole galaxy fits the frame at first;
 * the arrow keys walk the map sector by sector. The tutorial's Klingon Empire, and the 5,000-sector galaxy.
 */
import { describe, expect, it } from "vitest";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { INDEPENDENT } from "../../src/rules/galactic-empires/model.js";
import { mapPicture } from "../../src/rules/galactic-empires/presentation/map-picture.js";
import { viewFor } from "../../src/rules/galactic-empires/view.js";
import {
  fitMap,
  insidePolygon,
  nextSector,
  sectorAt,
  sectorIndex,
  toPicture,
  toScreen,
} from "../../src/web/rulesets/galactic-empires/map-geometry.js";

const state = galacticEmpires.scenarios.tutorial!.create(1, {});
const view = viewFor(state, "klingon", []);
const picture = mapPicture(view);
const index = sectorIndex(picture);

describe("the map picture a seat's browser paints", () => {
  it("draws every sector of the view, each in a cell around its markers", () => {
    expect(picture.sectors.map((s) => s.id).sort((a, b) => a - b)).toEqual(view.sectors.map((s) => s.id).sort((a, b) => a - b));
    for (const s of picture.sectors) {
      expect(s.cell.length).toBeGreaterThanOrEqual(6);
      expect(insidePolygon(s.cell, s.cx, s.cy)).toBe(true);
    }
  });

  it("chapter 3 'Annexation': annexed sectors solid, owned but not annexed hatched, independents plain", () => {
    for (const s of picture.sectors) {
      if (s.owner === INDEPENDENT) expect(s.fill.kind).toBe("independent");
      else expect(s.fill.kind).toBe(s.annexedTo === s.owner ? "annexed" : "hatched");
    }
    expect(picture.ownOutline).not.toBeNull();
    expect(picture.ownEdges.length).toBeGreaterThan(0);
  });
});

describe("finding a sector by where it is drawn", () => {
  it("a click at a sector's middle, or anywhere inside its cell, finds that sector", () => {
    for (const s of picture.sectors) {
      expect(sectorAt(index, s.cx, s.cy)?.id).toBe(s.id);
      // A point a third of the way to each corner is still in the cell.
      for (let k = 0; k < s.cell.length; k += 2) {
        const x = s.cx + ((s.cell[k] as number) - s.cx) / 3;
        const y = s.cy + ((s.cell[k + 1] as number) - s.cy) / 3;
        expect(sectorAt(index, x, y)?.id).toBe(s.id);
      }
    }
  });

  it("outside the map there is no sector", () => {
    expect(sectorAt(index, picture.map.x - 50, picture.map.y - 50)).toBeNull();
    expect(sectorAt(index, picture.map.x + picture.map.width + 1, picture.map.y + 10)).toBeNull();
  });

  it("at first the whole galaxy fits the frame, centred; a screen point and its picture point are one", () => {
    const fit = fitMap(picture, 800, 500);
    const v = { x: 0, y: 0, k: 1 };
    const t = toScreen(fit, v);
    const left = t.ax + t.m * picture.map.x;
    const right = t.ax + t.m * (picture.map.x + picture.map.width);
    const top = t.ay + t.m * picture.map.y;
    const bottom = t.ay + t.m * (picture.map.y + picture.map.height);
    expect(left).toBeGreaterThanOrEqual(-1e-9);
    expect(right).toBeLessThanOrEqual(800 + 1e-9);
    expect(top).toBeGreaterThanOrEqual(-1e-9);
    expect(bottom).toBeLessThanOrEqual(500 + 1e-9);
    // Touching two opposite sides, with equal room at the other two.
    expect(Math.min(left, top)).toBeCloseTo(0, 6);
    expect(left).toBeCloseTo(800 - right, 6);
    expect(top).toBeCloseTo(500 - bottom, 6);
    const zoomed = { x: -120, y: 40, k: 3.5 };
    const s = picture.sectors[5]!;
    const z = toScreen(fit, zoomed);
    const back = toPicture(fit, zoomed, z.ax + z.m * s.cx, z.ay + z.m * s.cy);
    expect(back.x).toBeCloseTo(s.cx, 6);
    expect(back.y).toBeCloseTo(s.cy, 6);
  });
});

describe("the sector cursor's walk (the arrow keys)", () => {
  it("each arrow goes to a sector that way, and at the edge of the galaxy nowhere", () => {
    for (const s of picture.sectors) {
      const right = nextSector(picture.sectors, s, "right");
      if (right) expect(right.cx).toBeGreaterThan(s.cx);
      const up = nextSector(picture.sectors, s, "up");
      if (up) expect(up.cy).toBeLessThan(s.cy);
    }
    const westmost = picture.sectors.reduce((a, b) => (b.cx < a.cx ? b : a));
    expect(nextSector(picture.sectors, westmost, "left")).toBeNull();
  });

  it("from any sector, the arrows reach every other (no sector is out of the keyboard's reach)", () => {
    const start = picture.sectors[0]!;
    const seen = new Set([start.id]);
    const todo = [start];
    while (todo.length > 0) {
      const s = todo.pop()!;
      for (const way of ["left", "right", "up", "down"] as const) {
        const n = nextSector(picture.sectors, s, way);
        if (n && !seen.has(n.id)) {
          seen.add(n.id);
          todo.push(n);
        }
      }
    }
    expect(seen.size).toBe(picture.sectors.length);
  });

  it("at 5,000 sectors every sector's middle finds its own cell", { timeout: 60_000 }, () => {
    const big = galacticEmpires.scenarios["galaxy-5000"]!.create(1, {});
    const seat = Object.keys(big.empires).sort()[0]!;
    const p = mapPicture(viewFor(big, seat, []));
    const ix = sectorIndex(p);
    expect(p.sectors.length).toBe(5000);
    for (const s of p.sectors) expect(sectorAt(ix, s.cx, s.cy)?.id).toBe(s.id);
  });
});
