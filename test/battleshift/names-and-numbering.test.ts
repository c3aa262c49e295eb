/**
 * Orders named by their place in the file, and names as plain text (issue 9 items 4 and 5, as Galactic Empires has
 * them). Definitions, "Taskforce": "Each Taskforce should be give a name" (the activation sequence names it), and
 * "Building a Fleet": fleets, taskforces and squadrons are named. A name reaches every report and check a player
 * reads in a terminal, so it is plain text on one line within a length limit; and a problem names the order it is
 * about by its position in the file as written, #0 the first, the skipped ones counted.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { acceptOrders } from "../../src/host/lifecycle.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { createBattle, fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";

/** What the test calls not plain text, written out independently of core/text.ts. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the test looks for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const PIECES = [
  "\n",
  "\r\n",
  "\t",
  "\u001b[31m",
  "\u001b]0;pwned\u0007",
  "\u009b2J",
  "\u202e",
  "\u2066",
  "\u200f",
  "\u2028",
  "\n\nTurn 2, activation 1: red activates ",
  "Hammer",
  "Молот",
  "鉄槌",
  "פטיש",
  " ",
  "'",
  "-",
];
const forged = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((a) => a.join("")),
  fc.string({ minLength: 1, maxLength: 130, unit: "binary" }),
  fc.string({ minLength: 1, maxLength: 20, unit: "grapheme" }),
);

const sq = (name: string, design: string, ships: number) => ({ name, design, ships });
const fleet = (names: { fleet?: string; taskforce?: string; squadron?: string; design?: string } = {}) => ({
  name: names.fleet ?? "Blue",
  ...(names.design ? { designs: [{ name: names.design, size: 2, systems: { light: 2 } }] } : {}),
  taskforces: [
    {
      name: names.taskforce ?? "Hammer",
      squadrons: [sq(names.squadron ?? "Cruisers", "generic/fleet-cruiser", 3), ...(names.design ? [sq("Own", names.design, 2)] : [])],
    },
  ],
});

describe("names in a fleet file are plain text within a length limit", () => {
  it("a fleet, taskforce, squadron or design name with a control character, line break or bidi control is refused, saying which and where; a plain one stands", () => {
    const FIELDS = ["fleet", "taskforce", "squadron", "design"] as const;
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), forged, (field, name) => {
        const r = parseFleet(fleet({ [field]: name }));
        const limit = field === "design" ? 100 : 120;
        const plain = !CONTROL.test(name) && name.length <= limit;
        if (plain) return; // a plain name may still be refused for other reasons (a catalogue id, a reserved name)
        expect(r.ok, JSON.stringify(name)).toBe(false);
        if (r.ok) return;
        if (CONTROL.test(name) && name.length <= limit) {
          expect(r.error.map((p) => p.message).join("\n")).toMatch(/\(U\+[0-9A-F]{4}\)|control character/);
        }
        // The refusal echoes nothing raw.
        for (const p of r.error) expect(CONTROL.test(`${p.order}${p.message}`), `${p.order}: ${p.message}`).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("plain names of any script stand", () => {
    const r = parseFleet(fleet({ fleet: "Флот Севера", taskforce: "鉄槌", squadron: "פטיש 1", design: "Lancier d'Été" }));
    expect(r.ok).toBe(true);
  });

  it("a saved state whose names hold a control character is refused, naming the field", () => {
    const s = createBattle({ seed: 1, scenario: "test", fleets: fleetsFrom([fleet(), fleet({ fleet: "Red" })]) }).state;
    const bad = JSON.parse(JSON.stringify(s)) as BattleState;
    const first = Object.values(bad.squadrons)[0];
    if (!first) throw new Error("no squadron");
    first.name = "Cruisers\n\nTurn 9: blue wins";
    const p = battleshift.parseState(bad);
    expect(p.ok).toBe(false);
    if (!p.ok) {
      expect(p.error[0]).toMatchObject({ code: "not-plain-text", order: `state.squadrons.${first.id}.name` });
      expect(p.error[0]?.message).toMatch(/a line break \(U\+000A\) at character 9/);
    }
    expect(battleshift.parseState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
  });
});

/** Two taskforces of three cruisers a side, at blue's first activation (seed 1). */
function blueActivation(): BattleState {
  const f = (name: string) => ({
    name,
    taskforces: [1, 2].map((i) => ({ name: `${name} ${i}`, squadrons: [sq(`${name} cruisers ${i}`, "generic/fleet-cruiser", 3)] })),
  });
  let s = createBattle({ seed: 1, scenario: "test", fleets: fleetsFrom([f("Blue"), f("Red")]) }).state;
  const orders: Record<string, Orders> = {};
  for (const seat of battleshift.awaiting(s))
    orders[seat] = { orders: [{ type: "initiative", choose: seat === "blue" ? "first" : "second" }] };
  s = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step)).state;
  return s;
}

describe("problems name an order by its place in the file as written (#0 the first, skipped orders counted)", () => {
  const record = (state: BattleState) => ({
    id: "g",
    ruleset: "battleshift",
    rulesetVersion: "1",
    scenario: "test",
    options: {},
    seed: 1,
    step: state.step,
    label: battleshift.label(state),
    outcome: null,
    state,
  });

  it("after a malformed order, the third order of the file is #2 in the check and in the step's results", () => {
    const s = blueActivation();
    const seat = battleshift.awaiting(s)[0] as string;
    const file = {
      side: seat,
      orders: [
        { type: "move", squadron: `${seat}-tf1-s1`, heading: "north" }, // #0 malformed: a heading is degrees
        { type: "move", squadron: `${seat}-tf1-s1`, heading: 90, distance: 2 }, // #1 stands
        { type: "move", squadron: `${seat}-tf1-s1`, heading: 90, distance: 2 }, // #2 a second move of the same squadron
      ],
    };
    const a = acceptOrders(battleshift as never, record(s) as never, seat, file);
    if (!a.ok) throw new Error(JSON.stringify(a.error));
    expect(a.value.problems.map((p) => p.order)).toEqual(["#0 move"]);
    expect(a.value.check.problems.map((p) => p.order)).toEqual([`#2 move ${seat}-tf1-s1`]);
    expect(a.value.check.lines.map((l) => l.order)).toContain("#0");
    expect(a.value.check.ok).toBe(false);
    const r = battleshift.resolve(s, { [seat]: a.value.orders as Orders }, Rng.forTurn(s.seed, s.step));
    expect(r.problems[seat]?.map((p) => p.order)).toEqual([`#2 move ${seat}-tf1-s1`]);
  });

  it("whatever orders are skipped, every problem of an order that stands names its place in the file", () => {
    const s = blueActivation();
    const seat = battleshift.awaiting(s)[0] as string;
    const good = (k: number) => ({ type: "detach", squadron: `${seat}-tf9-s${k}` }); // always refused: no such squadron
    const bad = { type: "detach" }; // malformed: no squadron
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), (which) => {
        const list = which.map((ok, k) => (ok ? good(k) : bad));
        const parsed = battleshift.parseOrders({ side: seat, orders: list });
        const want = which.flatMap((ok, k) => (ok ? [`#${k} detach ${seat}-tf9-s${k}`] : []));
        const c = battleshift.check(s, seat, parsed.orders);
        expect(c.problems.map((p) => p.order)).toEqual(want);
        const r = battleshift.resolve(s, { [seat]: parsed.orders }, Rng.forTurn(s.seed, s.step));
        expect(r.problems[seat]?.map((p) => p.order)).toEqual(want);
      }),
      { numRuns: 60 },
    );
  });
});
