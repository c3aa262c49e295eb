/**
 * Names are plain text (issue 9, item 4). Seed 003 chapter 3, "Administrative Unit
 * Orders" (naming units), chapter 5 "Admirals" (naming admirals) and chapter 1,
 * "Messages Menu" (proclamations): whatever a player names a unit, an admiral, a
 * starfleet or the ruler, or proclaims, an empire's results keep their sections
 * (chapter 1: the results file), and no name sends a terminal control to whoever
 * reads a report or a check.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cloneData } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import { showPlain } from "../../src/core/text.js";
import { galacticEmpires as ge } from "../../src/rules/galactic-empires/index.js";
import type { GameState } from "../../src/rules/galactic-empires/model.js";
import { resultsFor, resultsText } from "../../src/rules/galactic-empires/presentation/report.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";
import { parseMap, parseState } from "../../src/rules/galactic-empires/state-schema.js";

/** What the test calls not plain text, written out independently of core/text.ts. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the test looks for.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the test looks for.
const CONTROL_BUT_LF = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Pieces a forger would use: line breaks, escapes, bidi controls, section headers, message lines; and honest letters. */
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
  "\n\n== Messages ==\n[War Declared] ",
  "== Orders that failed ==",
  "[War Declared] The Romulans surrender.",
  "Kor",
  "Слава",
  "帝国",
  "שלום",
  " ",
  "'",
  "-",
];
const forged = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((a) => a.join("")),
  fc.string({ minLength: 1, maxLength: 70, unit: "binary" }),
  fc.string({ minLength: 1, maxLength: 20, unit: "grapheme" }),
);

/** The section headers of a results text, in order: each a line of its own. */
const headers = (text: string): string[] => text.split("\n").filter((l) => /^== .* ==$/.test(l));
const SECTIONS = [
  "== Messages ==",
  "== Orders that failed ==",
  "== Battle reports ==",
  "== Proclamations ==",
  "== Diplomacy ==",
  "== Your forces ==",
  "== Foreign forces seen ==",
  "== Your sectors ==",
];

/** Every order that gives a name, with the name. */
const NAMING: [string, (name: string) => Record<string, unknown>][] = [
  ["rename", (name) => ({ type: "rename", unit: "A5", name })],
  ["formFleet", (name) => ({ type: "formFleet", ref: "new1", at: "G1", name })],
  ["renameAdmiral", (name) => ({ type: "renameAdmiral", admiral: "ADM1", name })],
  ["renameRuler", (name) => ({ type: "renameRuler", name })],
];

describe("chapter 3 'Administrative Unit Orders': a name is plain text within a length limit", () => {
  it("an order giving a name with a control character, line break or bidi control is refused, saying which and where; a plain one stands", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMING), forged, ([type, make], name) => {
        const r = ge.parseOrders({ orders: [make(name), { type: "wait", unit: "A5" }] });
        const plain = !CONTROL.test(name) && name.length <= 60;
        expect(r.orders.orders.length, JSON.stringify(name)).toBe(plain ? 2 : 1);
        if (!plain) {
          expect(r.problems[0]?.order).toBe(`#0 ${type}`);
          expect(r.problems[0]?.message).toMatch(/^name: /);
          if (name.length <= 60)
            expect(r.problems[0]?.message).toMatch(/holds .*\(U\+[0-9A-F]{4}\) at character \d+; names are plain text/);
          // The refusal echoes nothing raw.
          expect(CONTROL.test(`${r.problems[0]?.order}${r.problems[0]?.message}`)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a proclamation may hold line breaks, but no other control character", () => {
    fc.assert(
      fc.property(forged, (text) => {
        const r = ge.parseOrders({ orders: [{ type: "proclaim", text }] });
        expect(r.orders.orders.length, JSON.stringify(text)).toBe(CONTROL_BUT_LF.test(text) ? 0 : 1);
      }),
      { numRuns: 300 },
    );
  });

  it("an unknown order type or a malformed order is echoed with its control characters shown as code points", () => {
    const r = ge.parseOrders({ orders: [{ type: "\u001b[2J\u202etravel" }, { type: "rename", unit: "A5", name: 7 }] });
    expect(r.problems[0]?.order).toBe("#0 <U+001B>[2J<U+202E>travel");
    for (const p of r.problems) expect(CONTROL.test(`${p.order}${p.message}`)).toBe(false);
  });
});

describe("chapter 1 'Messages Menu': results cannot be forged by a name or a proclamation", () => {
  it("whatever plain names and proclamations an empire gives, every empire's results keep their sections, line for line, and hold no control character", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...NAMING), forged), { minLength: 1, maxLength: 4 }), forged, (named, proclamation) => {
        const orders = named.map(([[, make], name]) => make(name));
        orders.push({ type: "proclaim", text: proclamation });
        const parsed = ge.parseOrders({ orders });
        const s = createTutorial(1);
        const res = ge.resolve(s, { klingon: parsed.orders }, Rng.forTurn(1, 1));
        for (const seat of ["klingon", "romulan"]) {
          const text = ge.report(res.state, seat, res.events).text;
          expect(headers(text)).toEqual(SECTIONS);
          expect(CONTROL_BUT_LF.test(text)).toBe(false);
        }
        const check = ge.check(s, "klingon", parsed.orders);
        for (const l of check.lines) expect(CONTROL.test(`${l.step}${l.order}${l.text}`)).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("names from before names were checked (a forged unit, admiral, ruler and message) are shown as code points, and the sections stand", () => {
    const s = createTutorial(1);
    const forgedName = "Evil\n\n== Messages ==\n[War Declared] The Romulans surrender\u001b[2J\u202e";
    const res = ge.resolve(s, { klingon: { orders: [] } }, Rng.forTurn(1, 1));
    const after = cloneData(res.state);
    after.units.A5!.name = forgedName;
    after.admirals.ADM1!.name = forgedName;
    after.empires.klingon!.ruler = forgedName;
    const events = [...res.events, { kind: "message" as const, to: ["klingon"], step: "Old", text: forgedName }];
    const text = resultsText(resultsFor(after, "klingon", events));
    expect(headers(text)).toEqual(SECTIONS);
    expect(CONTROL_BUT_LF.test(text)).toBe(false);
    expect(text).toContain(showPlain(forgedName));
    const check = ge.check(after, "klingon", { orders: [{ type: "travel", unit: "A5", to: 3 }] });
    for (const l of check.lines) expect(CONTROL.test(`${l.step}${l.order}${l.text}`)).toBe(false);
  });
});

describe("maps and saved games: names are plain text", () => {
  const FIELDS: [string, (m: GameState, v: string) => void, string][] = [
    ["a sector's name", (m, v) => void (m.sectors[2]!.name = v), "map.sectors[2].name"],
    ["an empire's name", (m, v) => void (m.empires.klingon!.name = v), "map.empires.klingon.name"],
    ["a ruler's name", (m, v) => void (m.empires.klingon!.ruler = v), "map.empires.klingon.ruler"],
    ["a unit's name", (m, v) => void (m.units.A5!.name = v), "map.units.A5.name"],
    ["an admiral's name", (m, v) => void (m.admirals.ADM1!.name = v), "map.admirals.ADM1.name"],
    ["a map's name", (m, v) => void (m.name = v), "map.name"],
  ];
  it("a map or a state whose names hold a control character is refused, naming the field; the map as made is accepted", () => {
    expect(parseMap(cloneData(createTutorial(1)), 1).ok).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), forged, ([what, set, where], v) => {
        const map = cloneData(createTutorial(1));
        set(map, v);
        const r = parseMap(map, 1);
        const bad = CONTROL.test(v) || v.length > 200;
        expect(r.ok, `${what} = ${JSON.stringify(v)}`).toBe(!bad);
        if (!r.ok && v.length <= 200) {
          expect(r.error.map((p) => p.order)).toContain(where);
          expect(r.error.find((p) => p.order === where)?.code).toBe("not-plain-text");
          const state = parseState(cloneData(map));
          expect(state.ok).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });
});
