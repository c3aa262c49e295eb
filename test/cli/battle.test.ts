/** `starhost battle galactic-empires`: battle odds from a file, end to end. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { starhost } from "./run-cli.js";

const EXAMPLE = join("examples", "galactic-empires", "battle-patrol-force.json");

function inputFile(content: unknown): string {
  const f = join(mkdtempSync(join(tmpdir(), "starhost-battle-")), "battle.json");
  writeFileSync(f, JSON.stringify(content));
  return f;
}

describe("starhost battle galactic-empires", () => {
  it("--json prints { runs, sides: [ { name, winRate, winRateStdErr, meanShipsLost, lostByType } ], neitherRate, meanRounds }", () => {
    const r = starhost(["battle", "galactic-empires", "--input", EXAMPLE, "--runs", "2000", "--seed", "5", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.runs).toBe(2000);
    expect(j.sides).toHaveLength(2);
    for (const s of j.sides) {
      expect(typeof s.name).toBe("string");
      for (const k of ["winRate", "winRateStdErr", "meanShipsLost"]) expect(typeof s[k]).toBe("number");
      expect(typeof s.lostByType).toBe("object");
    }
    expect(typeof j.neitherRate).toBe("number");
    expect(j.meanRounds).toBeGreaterThan(0);
    expect(j.sides[0].winRate + j.sides[1].winRate + j.neitherRate).toBeCloseTo(1, 5);
    // Same seed, same output.
    const again = starhost(["battle", "galactic-empires", "--input", EXAMPLE, "--runs", "2000", "--seed", "5", "--json"]);
    expect(again.stdout).toBe(r.stdout);
  });

  it("prints a readable table by default", () => {
    const r = starhost(["battle", "galactic-empires", "--input", EXAMPLE, "--runs", "500"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Battle odds: 500 runs, seed 1/);
    expect(r.stdout).toMatch(/Side +Holds the field/);
    expect(r.stdout).toMatch(/Romulan Starfleet 20 +\d+\.\d\d%/);
    expect(r.stdout).toMatch(/Hawk Heavy Cruiser \(Romulan\)/);
  });

  it("bad input: exit 1 and one line per bad field", () => {
    const f = inputFile({
      sides: [
        { name: "A", units: [{ ships: [{ type: "Hawk Heavy Crusier", builder: "Klingon", count: -1, rank: 1 }] }] },
        { name: "B", units: [{ ships: [{ type: "Hawk Heavy Cruiser", builder: "Romulan", count: 1, rank: 7 }] }] },
      ],
    });
    const r = starhost(["battle", "galactic-empires", "--input", f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not a valid battle input \(invalid-battle-input\)/);
    expect(r.stderr).toMatch(/sides\[0\]\.units\[0\]\.ships\[0\]\.count: the number of starships cannot be negative/);
    expect(r.stderr).toMatch(
      /sides\[0\]\.units\[0\]\.ships\[0\]\.type: no starship "Hawk Heavy Crusier" of builder "Klingon"; did you mean "Hawk Heavy Cruiser"\?/,
    );
    expect(r.stderr).toMatch(/sides\[1\]\.units\[0\]\.ships\[0\]\.rank: a rank must be a whole number from 1 to 5, not 7/);
    expect(starhost(["battle", "galactic-empires", "--input", join(tmpdir(), "no-such-file.json")]).code).toBe(1);
    expect(starhost(["battle", "battleshift", "--input", EXAMPLE]).code).toBe(1);
  });

  it("usage errors exit 2", () => {
    expect(starhost(["battle", "galactic-empires"]).code).toBe(2); // --input missing
    expect(starhost(["battle", "galactic-empires", "--input", EXAMPLE, "--runs", "0"]).code).toBe(2);
    expect(starhost(["battle", "galactic-empires", "--input", EXAMPLE, "--seed", "x"]).code).toBe(2);
  });
});
