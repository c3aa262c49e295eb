/** Colour science for maps (core/colour.ts): CIEDE2000 against its published test data, and colour-blind vision. */
import { describe, expect, it } from "vitest";
import { colourDistance, deltaE2000, labOf, tintHex } from "../../src/core/colour.js";

describe("CIEDE2000 (Sharma, Wu and Dalal 2005, table 1)", () => {
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
  ])("%j and %j differ by %d", (a, b, want) => {
    expect(deltaE2000(a, b)).toBeCloseTo(want, 3);
    expect(deltaE2000(b, a)).toBeCloseTo(want, 3);
  });
});

describe("colour-blind vision (Machado et al. 2009)", () => {
  it("white, black and greys look the same to everyone", () => {
    for (const v of ["protanopia", "deuteranopia", "tritanopia"] as const)
      for (const g of ["#ffffff", "#000000", "#808080"]) expect(deltaE2000(labOf(g), labOf(g, v))).toBeLessThan(1);
  });
  it("a red and a green that normal vision tells far apart come close for protanopia and deuteranopia", () => {
    const [red, green] = ["#c0392b", "#27ae60"];
    expect(colourDistance(red, green, ["normal"])).toBeGreaterThan(40);
    expect(colourDistance(red, green, ["deuteranopia"])).toBeLessThan(colourDistance(red, green, ["normal"]) / 2);
  });
  it("tints mix with white", () => {
    expect(tintHex("#ff0000", 0.3)).toBe("#ff4d4d");
    expect(tintHex("#000000", 1)).toBe("#ffffff");
  });
});
