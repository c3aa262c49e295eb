/**
 * The craft card's picture (src/web/rulesets/space-war/craft-card.ts, drawn by CraftCard.tsx): a lettered circle a
 * module as the seed's COST table draws them (l.168-256; letters l.909-938), the 90° arc of a Lasers module (l.635),
 * a damaged module struck through (l.396), an expended Expendable hollow (l.128), and all of it said in words.
 */
import { describe, expect, it } from "vitest";
import { design } from "../../src/rules/space-war/designing-craft/design.js";
import { cardPicture, moduleWords, PER_ROW, wedge } from "../../src/web/rulesets/space-war/craft-card.js";

const carrier = {
  name: "Carrier",
  type: "vessel" as const,
  modules: [...design("Carrier", "vessel", ["E", "E", "SB", "L"]).modules, { module: "L" as const, arc: "rear" as const }],
};

/** The heights of a wedge's two ends ("M x y L x1 y1 A r r 0 0 1 x2 y2 Z"). */
const ends = (path: string | undefined): number[] => {
  const m = /L \S+ (\S+) A \S+ \S+ 0 0 1 \S+ (\S+) Z/.exec(path ?? "");
  return m ? [Number(m[1]), Number(m[2])] : [];
};

describe("the craft card", () => {
  it("a 5-module vessel is five lettered circles in a row, as the COST table's 'ooooo' (l.168-256)", () => {
    const p = cardPicture(carrier);
    expect(p.circles.map((c) => c.letters)).toEqual(["E", "E", "SB", "L", "L"]);
    expect(new Set(p.circles.map((c) => c.y)).size).toBe(1);
    expect(p.label).toBe("Vessel of 5 module(s): Engine, Engine, Shuttle Bay, Lasers (front arc), Lasers (rear arc)");
    expect(p.text).toBe("E+E+SB+L+L(rear)");
  });

  it("each Lasers module's arc is a 90° wedge about its centre: the front up, the rear down (l.635)", () => {
    const p = cardPicture(carrier);
    expect(p.circles.filter((c) => c.arc).length).toBe(2);
    const front = p.circles[3]!;
    expect(front.arc).toBe(wedge(front.x, front.y, p.radius, "front"));
    // Front: from 45° left of straight ahead to 45° right, both ends above the centre.
    expect(ends(front.arc)).toHaveLength(2);
    expect(ends(front.arc).every((y) => y < front.y)).toBe(true);
    const rear = p.circles[4]!;
    expect(ends(rear.arc).every((y) => y > rear.y)).toBe(true);
  });

  it("marks a damaged module and an expended Expendable, and says so", () => {
    const bomber = design("Bomber", "fighter", ["E", "EM", "A"]);
    const p = cardPicture(bomber, [{ damaged: true }, { expended: true }, undefined]);
    expect(p.circles.map((c) => [c.damaged, c.expended])).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    expect(p.label).toBe("Fighter of 3 module(s): Engine (damaged), Expendable munitions (front arc, expended), Armour");
    expect(p.damaged).toBe(1);
  });

  it("ten modules (the most, l.256) make two rows; a faulty module is said to be", () => {
    const big = design("Monster", "vessel", ["E", "E", "E", "L", "L", "L", "M", "M", "A", "A"]);
    const p = cardPicture(big, undefined, [9]);
    expect(new Set(p.circles.map((c) => c.y)).size).toBe(2);
    expect(p.circles.filter((c) => c.y === p.circles[0]!.y).length).toBe(PER_ROW);
    expect(p.circles[9]!.words).toBe("Armour (faulty)");
  });

  it("a space station's hotels (l.876) and an empty design", () => {
    expect(moduleWords({ module: "hotel" }, { damaged: true })).toBe("Hotels and hospitals (damaged)");
    expect(cardPicture({ name: "", type: "vessel", modules: [] }).label).toBe("Vessel of 0 module(s): none");
  });
});
