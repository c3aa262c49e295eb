/**
 * Battleshift fleet files (seed 004 "Definitions", "Building a Fleet", "New rules for mixed
 * ships in a Squadron") and `starhost fleet check`, end to end.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { designOf, type FleetResult, parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { fleetCheckTool } from "../../src/rules/battleshift/tools.js";

const EX = "examples/battleshift/fleets";
const load = (f: string): unknown => parseYaml(readFileSync(`${EX}/${f}`, "utf8"));
const codes = (r: FleetResult) => (r.ok ? [] : r.error.map((p) => p.code));

const fleetOf = (squadrons: unknown[], extra: Record<string, unknown> = {}) => ({
  name: "Test Fleet",
  ...extra,
  taskforces: [{ name: "TF1", squadrons }],
});
const sq = (design: string, ships: number, name?: string) => ({ ...(name ? { name } : {}), design, ships });
const inline = (name: string, size: number) => ({ name, size, systems: {} });

describe("fleet files: the examples", () => {
  it("terran-home-fleet.yaml and raishek-raiders.yaml are legal 200-point fleets", () => {
    for (const f of ["terran-home-fleet.yaml", "raishek-raiders.yaml"]) {
      const r = parseFleet(load(f));
      expect(r.ok ? [] : r.error, f).toEqual([]);
      if (r.ok) {
        expect(r.value.points).toBe(200);
        expect(r.value.pointsLimit).toBe(200);
      }
    }
  });
  it("faulty-fleet.yaml reports each deliberate fault once, with its own code", () => {
    const r = parseFleet(load("faulty-fleet.yaml"));
    expect(codes(r).sort()).toEqual(
      [
        "over-space",
        "size-1-weapon",
        "too-many-size-units",
        "unknown-design",
        "too-many-ships",
        "duplicate-taskforce",
        "mixed-not-allowed",
        "over-points",
      ].sort(),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const unknown = r.error.find((p) => p.code === "unknown-design");
      expect(unknown?.order).toBe('fleet.taskforces[0].squadrons[1] "Anvil cruisers"');
      expect(unknown?.message).toContain("generic/fleet-cruiser");
    }
  });
});

describe("Definitions 'Squadron' and 'Building a Fleet': squadron limits", () => {
  it("'Each squadron may have 1 - 7 ships of one particular type'", () => {
    expect(codes(parseFleet(fleetOf([sq("generic/fleet-destroyer", 7)])))).toEqual([]);
    expect(codes(parseFleet(fleetOf([sq("generic/fleet-destroyer", 8)])))).toEqual(["too-many-ships"]);
    expect(codes(parseFleet(fleetOf([sq("generic/fleet-destroyer", 0)])))).toEqual(["bad-ship-count"]);
  });
  it("'no squadron should have more than 21 size units in it. This limits a squadron to 5 battleships (size 4), 4 Dreadnoughts (size 5), 3 Behemoths (Size 6 or 7) and two Titans (size 8+)'", () => {
    const limit = (size: number, fits: number) => {
      const designs = [inline("Hull", size)];
      expect(codes(parseFleet(fleetOf([sq("Hull", fits)], { designs }))), `${fits} x size ${size}`).toEqual([]);
      expect(codes(parseFleet(fleetOf([sq("Hull", fits + 1)], { designs }))), `${fits + 1} x size ${size}`).toEqual([
        "too-many-size-units",
      ]);
    };
    limit(4, 5);
    limit(5, 4);
    limit(6, 3);
    limit(7, 3);
    limit(8, 2);
    limit(10, 2);
  });
  it("'up to seven size 3 or smaller ships ... and 1 size 11+ ships'; a single ship of any size is allowed", () => {
    expect(codes(parseFleet(fleetOf([sq("generic/fleet-cruiser", 7)])))).toEqual([]);
    expect(codes(parseFleet(fleetOf([sq("raishek/dominator", 1)])))).toEqual([]);
    expect(codes(parseFleet(fleetOf([sq("raishek/dominator", 2)])))).toEqual(["too-many-size-units"]);
    expect(codes(parseFleet(fleetOf([sq("Huge", 1)], { designs: [inline("Huge", 30)] })))).toEqual([]);
  });
  it("the size-unit message says how many ships of that size fit", () => {
    const r = parseFleet(fleetOf([sq("generic/fleet-battleship", 6)]));
    expect(r.ok ? "" : r.error[0]?.message).toContain("24 size units (6 x size 4); at most 21: at most 5 size-4 ships");
  });
});

describe("Definitions 'Taskforce'", () => {
  const five = [1, 2, 3, 4, 5].map((i) => sq("generic/fleet-destroyer", 1, `D${i}`));
  it("'A TF can have up to five squadrons in it' (default); a sixth is refused", () => {
    expect(codes(parseFleet(fleetOf(five)))).toEqual([]);
    expect(codes(parseFleet(fleetOf([...five, sq("generic/fleet-destroyer", 1, "D6")])))).toEqual(["too-many-squadrons"]);
  });
  it("playtester note 'only 3 or 4 squadrons allowed per TF': option squadronsPerTaskforce", () => {
    const r = parseFleet(fleetOf(five, { options: { squadronsPerTaskforce: 3 } }));
    expect(codes(r)).toEqual(["too-many-squadrons"]);
    expect(r.ok ? "" : r.error[0]?.message).toContain("has 5 squadrons; a taskforce may have at most 3");
  });
  it("'1 - 3 Squadrons, or up to 21 ships': option shipsPerTaskforce", () => {
    const big = [
      sq("generic/fleet-destroyer", 7, "A"),
      sq("generic/fleet-destroyer", 7, "B"),
      sq("generic/fleet-destroyer", 7, "C"),
      sq("generic/fleet-destroyer", 1, "D"),
    ];
    expect(codes(parseFleet(fleetOf(big)))).toEqual([]);
    expect(codes(parseFleet(fleetOf(big, { options: { shipsPerTaskforce: 21 } })))).toEqual(["too-many-ships-in-taskforce"]);
  });
  it("'Each Taskforce should be give a name ... used to record the order': names must differ; squadron names too", () => {
    const twoTf = {
      name: "F",
      taskforces: [
        { name: "A", squadrons: [sq("generic/fleet-destroyer", 1, "x")] },
        { name: "A", squadrons: [sq("generic/fleet-destroyer", 1, "y")] },
      ],
    };
    expect(codes(parseFleet(twoTf))).toEqual(["duplicate-taskforce"]);
    expect(codes(parseFleet(fleetOf([sq("generic/fleet-destroyer", 1, "x"), sq("generic/fleet-destroyer", 1, "x")])))).toEqual([
      "duplicate-squadron",
    ]);
  });
  it("unnamed squadrons are named after their taskforce", () => {
    const r = parseFleet(fleetOf([sq("generic/fleet-destroyer", 1), sq("generic/fleet-cruiser", 1)]));
    expect(r.ok && r.value.taskforces[0]?.squadrons.map((s) => s.name)).toEqual(["TF1 1", "TF1 2"]);
  });
  it("'One of the largest ships in the Taskforce becomes the Taskforce Flagship'", () => {
    const base = [sq("generic/fleet-battleship", 2, "BB"), sq("generic/fleet-cruiser", 2, "CA")];
    const withFlag = (flagship: string) => ({ name: "F", taskforces: [{ name: "TF", flagship, squadrons: base }] });
    expect(codes(parseFleet(withFlag("BB")))).toEqual([]);
    expect(codes(parseFleet(withFlag("CA")))).toEqual(["small-flagship"]);
    expect(codes(parseFleet(withFlag("XX")))).toEqual(["unknown-flagship"]);
  });
});

describe("points", () => {
  it("'Fleets are bought at the start of the game, based on a point cost system': total = ships x cost; over the limit is a fault", () => {
    const r = parseFleet(fleetOf([sq("generic/fleet-battleship", 2), sq("generic/fleet-cruiser", 3)], { points: 150 }));
    expect(codes(r)).toEqual(["over-points"]);
    expect(r.ok ? "" : r.error[0]?.message).toBe(
      "the fleet costs 170 points, 20 over the limit of 150: remove ships worth at least 20 points",
    );
    expect(r.ok ? 0 : r.value?.points).toBe(170);
  });
  it("--points overrides the file's limit", () => {
    const raw = fleetOf([sq("generic/fleet-battleship", 2)], { points: 50 });
    expect(codes(parseFleet(raw))).toEqual(["over-points"]);
    expect(codes(parseFleet(raw, { points: 80 }))).toEqual([]);
  });
  it("option catalogueValues 'printed' prices errata ships as printed (Missile Dreadnought 60 instead of 55)", () => {
    const raw = fleetOf([sq("generic/missile-dreadnought", 2)]);
    expect(parseFleet(raw).ok && (parseFleet(raw) as { value: { points: number } }).value.points).toBe(110);
    const printed = parseFleet({ ...raw, options: { catalogueValues: "printed" } });
    expect(printed.ok && printed.value.points).toBe(120);
  });
});

describe("inline designs", () => {
  it("a fleet may define its own designs, built and checked by the Ship Building rules", () => {
    const raw = fleetOf([sq("Lancer", 3)], { designs: [{ name: "Lancer", size: 3, systems: { heavy: 2, light: 2 } }] });
    const r = parseFleet(raw);
    expect(codes(r)).toEqual([]);
    if (r.ok) {
      expect(r.value.points).toBe(90);
      expect(designOf("Lancer", r.value).systems.heavy).toBe(2);
    }
  });
  it("design faults name the design; unknown systems list the known ones", () => {
    const r = parseFleet(fleetOf([sq("Bad", 1)], { designs: [{ name: "Bad", size: 2, systems: { lasers: 2, heavy: 3 } }] }));
    expect(codes(r).sort()).toEqual(["over-space", "unknown-system"]);
    expect(r.ok ? "" : r.error[0]?.order).toBe('fleet.designs[0] "Bad"');
  });
  it("an inline design may not take a catalogue ship's name", () => {
    expect(codes(parseFleet(fleetOf([sq("Fleet Cruiser", 1)], { designs: [inline("Fleet Cruiser", 3)] })))).toEqual([
      "design-shadows-catalogue",
    ]);
  });
});

describe("New rules for mixed ships in a Squadron (option mixedSquadrons)", () => {
  const mixed = {
    name: "Pickets",
    mixed: [
      { design: "generic/fleet-destroyer", ships: 2 },
      { design: "generic/missile-dreadnought", ships: 2 },
    ],
  };
  it("refused unless the option is on", () => {
    expect(codes(parseFleet(fleetOf([mixed])))).toEqual(["mixed-not-allowed"]);
  });
  it("allowed with the option: points summed, the largest design named", () => {
    const r = parseFleet(fleetOf([mixed], { options: { mixedSquadrons: true } }));
    expect(codes(r)).toEqual([]);
    if (r.ok) {
      const s = r.value.taskforces[0]?.squadrons[0];
      expect(s?.ships).toBe(4);
      expect(s?.cost).toBe(2 * 10 + 2 * 55);
      expect(s?.design).toBe("generic/missile-dreadnought");
    }
  });
  it("'Mixed Squadrons are still limited to 21 size units, or 7 total ships'", () => {
    const big = {
      name: "Big",
      mixed: [
        { design: "generic/fleet-destroyer", ships: 2 },
        { design: "generic/missile-dreadnought", ships: 4 },
      ],
    };
    expect(codes(parseFleet(fleetOf([big], { options: { mixedSquadrons: true } })))).toEqual(["too-many-size-units"]);
    const many = {
      name: "Many",
      mixed: [
        { design: "generic/fleet-destroyer", ships: 5 },
        { design: "generic/fleet-cruiser", ships: 3 },
      ],
    };
    expect(codes(parseFleet(fleetOf([many], { options: { mixedSquadrons: true } })))).toEqual(["too-many-ships"]);
  });
});

describe("shape", () => {
  it("missing and unknown fields are named by their path (in the problem's order; the message says what is wrong and what is valid)", () => {
    const r = parseFleet({ taskforces: [{ name: "A", squadrons: [{ design: "generic/fleet-cruiser", ships: 1, colour: "red" }] }] });
    expect(r.ok).toBe(false);
    const problems = r.ok ? [] : r.error;
    expect(problems).toContainEqual({ order: "fleet.name", code: "bad-field", message: "missing: give a text" });
    expect(problems).toContainEqual({
      order: "fleet.taskforces[0].squadrons[0]",
      code: "unknown-field",
      message: 'unknown field(s) "colour"; a squadron has name, design, ships, mixed, experience, damage',
    });
  });
  it("property: any decoded value is answered with a result, never an exception", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const r = parseFleet(raw);
        expect(typeof r.ok).toBe("boolean");
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ design: fc.constantFrom("generic/fleet-cruiser", "raishek/dominator", "x"), ships: fc.integer({ min: -2, max: 9 }) }),
          { maxLength: 7 },
        ),
        (sqs) => {
          const r = parseFleet(fleetOf(sqs));
          if (r.ok) expect(r.value.points).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("'Building a Fleet': fleet check finds every fault at once, in words that say what would be valid (issue 9 item 18)", () => {
  // One file with faults of shape (a field of the wrong type, an unknown field, an unknown option) and of the
  // rules (too many ships, an unknown design, a design over its space): every one is reported in one run.
  const faulty = {
    name: "Many Faults",
    points: 100,
    options: { mixedSquadrons: "yes", tractorbeams: true },
    designs: [
      { name: "Cramped", size: 2, systems: { heavy: 3 } },
      { name: "Sizeless", size: "big", systems: {} },
    ],
    taskforces: [
      {
        name: "Anvil",
        squadrons: [
          { name: "Bad count", design: "generic/fleet-cruiser", ships: "four" },
          { name: "Too many", design: "generic/fleet-destroyer", ships: 8 },
          { name: "Typo", design: "generic/fleet-crusier", ships: 1 },
          { name: "Cramped ones", design: "Cramped", ships: 1 },
          { name: "Sizeless ones", design: "Sizeless", ships: 1 },
          { name: "Negative", design: "generic/fleet-battleship", ships: -3 },
        ],
      },
      { name: "Hollow", squadrons: 7 },
    ],
  };
  const r = parseFleet(faulty);
  const problems = r.ok ? [] : r.error;

  it("a fault of shape in one part does not hide the faults of the rules in the others", () => {
    expect(problems.map((p) => `${p.order} ${p.code}`)).toEqual([
      "fleet.options unknown-field",
      "fleet.options.mixedSquadrons bad-field",
      "fleet.designs[1].size bad-field",
      "fleet.taskforces[0].squadrons[0].ships bad-field",
      "fleet.taskforces[1].squadrons bad-field",
      'fleet.designs[0] "Cramped" over-space',
      'fleet.taskforces[0] "Anvil" too-many-squadrons',
      'fleet.taskforces[0].squadrons[1] "Too many" too-many-ships',
      'fleet.taskforces[0].squadrons[2] "Typo" unknown-design',
      'fleet.taskforces[0].squadrons[5] "Negative" bad-ship-count',
    ]);
  });

  it("a design with faults of shape is not also called unknown by its squadrons; a list that is not one is not also 'empty'", () => {
    expect(problems.some((p) => p.message.includes('"Sizeless"'))).toBe(false);
    expect(problems.some((p) => p.code === "empty-taskforce")).toBe(false);
  });

  it("no message repeats the path its problem names", () => {
    for (const p of problems) {
      const path = p.order.split(" ")[0] as string;
      expect(p.message, p.order).not.toContain(path);
    }
  });

  it("messages of shape say what was found and what is valid", () => {
    const by = (order: string) => problems.find((p) => p.order === order)?.message;
    expect(by("fleet.options.mixedSquadrons")).toBe('expected true or false, not "yes"');
    expect(by("fleet.options")).toMatch(/^unknown field\(s\) "tractorbeams"; options has mixedSquadrons, .*tractorBeams$/);
    expect(by("fleet.designs[1].size")).toBe('a design\'s size must be a whole number from 1 to 100, not "big"');
    expect(by("fleet.taskforces[0].squadrons[0].ships")).toBe('a number of ships is a whole number (a squadron has 1 to 7), not "four"');
    expect(by("fleet.taskforces[1].squadrons")).toBe("expected a list, not 7");
  });

  it("'Ship Building' byCost: a count above what systems buys says so, not 'from 0 to the 0 bought'", () => {
    const b = parseFleet(
      fleetOf([sq("Runner", 1)], { designs: [{ name: "Runner", size: 2, systems: { light: 1 }, byCost: { fast: 1 } }] }),
    );
    const m = b.ok ? "" : (b.error[0]?.message ?? "");
    expect(m).toBe(
      'Fast (+6" Movement): byCost pays for 1 with points, but systems buys none; byCost only says how many of those under systems are paid with points instead of space: set systems fast: 1, or byCost fast: 0 (or remove it)',
    );
    expect(m).not.toMatch(/the 0 bought/);
  });

  it("a squadron of 0 or fewer ships prices nothing: no total of the fleet or a taskforce is ever negative", () => {
    const neg = parseFleet(fleetOf([sq("generic/fleet-battleship", -3), sq("generic/fleet-cruiser", 1)]));
    expect(neg.ok).toBe(false);
    expect(neg.value?.points).toBe(30);
    expect(neg.value?.taskforces[0]?.squadrons[0]?.cost).toBe(0);
  });
});

describe("starhost fleet check: the text (issue 9 item 18)", () => {
  it("a legal fleet: each ship's cost item by item ('Ship Building': base 10 per size, systems by points) and the space its systems fill", () => {
    const raw = fleetOf([sq("Lancer", 2)], {
      designs: [{ name: "Lancer", size: 3, systems: { heavy: 2, extraShield: 1, fast: 1, weakShields: 1 }, byCost: { fast: 1 } }],
    });
    const out = fleetCheckTool.run(raw, {}, "lancers.yaml");
    expect(out.ok).toBe(true);
    expect(out.text).toContain('Fleet "Test Fleet": 66 points (no points limit), 1 taskforce(s)');
    expect(out.text).toContain(
      'cost 33: base 3 x 10 = 30; 1 x Fast (+6" Movement) (+9) = +9; 1 x Weak Shields (Shield Hardness 3) (-6) = -6. Space 5 of 6 (3 x 2): 2 Heavy Battery = 4, 1 Extra Shield = 1',
    );
    expect(out.text.split("\n").at(-1)).toBe("Valid: lancers.yaml is a legal fleet of 66 points.");
  });

  it("a printed catalogue cost (option catalogueValues: printed) is shown beside the cost the rules give", () => {
    const out = fleetCheckTool.run(fleetOf([sq("generic/missile-dreadnought", 1)], { options: { catalogueValues: "printed" } }), {});
    expect(out.text).toMatch(/cost 60 \(the rules give 55; this is the printed cost, option catalogueValues: printed\): base 5 x 10 = 50/);
  });

  it("a rejected fleet: its faults come first, then what could be priced, with no totals and no negative figure", () => {
    const out = fleetCheckTool.run(
      fleetOf([sq("generic/fleet-battleship", -3), sq("generic/fleet-cruiser", 2)], { points: 50 }),
      {},
      "f.yaml",
    );
    const lines = out.text.split("\n");
    expect(out.ok).toBe(false);
    expect(lines[0]).toBe("Invalid: f.yaml has 2 fault(s):");
    expect(lines[1]).toContain(
      "-3 ships of generic/fleet-battleship: a squadron has 1 to 7 ships of each design it lists (bad-ship-count)",
    );
    expect(lines[2]).toContain("the fleet costs 60 points, 10 over the limit of 50");
    expect(out.text).not.toMatch(/^Fleet "/m);
    expect(out.text).not.toMatch(/Taskforce "TF1": .*points/);
    expect(out.text).toContain('Squadron "TF1 1": not priced (see its faults)');
    expect(out.text).toContain('Squadron "TF1 2": 2 ship(s), 6 size units, 60 points');
    expect(out.text.slice(out.text.indexOf("What could be priced"))).not.toMatch(/-\d/);
  });
});

describe("starhost fleet check (end to end)", () => {
  const TSX = "node_modules/tsx/dist/cli.mjs";
  const run = (...args: string[]) => spawnSync("node", [TSX, "src/cli/main.ts", ...args], { encoding: "utf8" });
  it("the tsx entry exists", () => {
    expect(existsSync(TSX)).toBe(true);
  });
  it("a valid fleet: exit 0, priced per taskforce and squadron", () => {
    const r = run("fleet", "check", `${EX}/terran-home-fleet.yaml`);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Fleet "Terran Home Fleet": 200 points (limit 200), 2 taskforce(s)');
    expect(r.stdout).toContain('Taskforce "Hammer": 2 squadron(s), 4 ships, 140 points');
    expect(r.stdout).toContain('Squadron "Hammer battleships": 2 ship(s), 8 size units, 80 points, threshold 5, total damage 10');
    expect(r.stdout).toContain(
      "cost 40: base 4 x 10 = 40. Space 8 of 8 (4 x 2): 2 Light Battery = 2, 2 Heavy Battery = 4, 2 Interceptor = 2",
    );
    expect(r.stdout).toContain("Valid: ");
  });
  it("--points below the total: exit 1 with the over-points fault", () => {
    const r = run("fleet", "check", `${EX}/raishek-raiders.yaml`, "--points", "150");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("fleet.points: the fleet costs 200 points, 50 over the limit of 150");
  });
  it("the faulty fleet: exit 1 and one line per fault", () => {
    const r = run("fleet", "check", `${EX}/faulty-fleet.yaml`);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("has 8 fault(s):");
    expect(r.stdout.startsWith("Invalid: examples/battleshift/fleets/faulty-fleet.yaml has 8 fault(s):")).toBe(true);
    expect(r.stdout).toContain('"Anvil pickets" has 8 ships; a squadron has 1 to 7: split it (too-many-ships)');
    expect(r.stdout).toContain("(mixed-not-allowed)");
  });
  it("--json prints { ok, fleet, problems }", () => {
    const r = run("fleet", "check", `${EX}/faulty-fleet.yaml`, "--json");
    expect(r.status).toBe(1);
    const j = JSON.parse(r.stdout) as { ok: boolean; problems: { code: string }[]; fleet: { points: number } };
    expect(j.ok).toBe(false);
    expect(j.problems).toHaveLength(8);
    expect(j.fleet.points).toBe(450);
  });
  it("a missing file: exit 1 with a message naming it", () => {
    const r = run("fleet", "check", `${EX}/no-such-fleet.yaml`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("no-such-fleet.yaml");
  });
});
