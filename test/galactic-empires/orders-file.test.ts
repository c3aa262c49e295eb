/**
 * The orders file as a player writes it (seed 003 chapter 1, "The File You Send"
 * and "Invalid Orders"): a malformed order is skipped and the rest stand, and
 * every problem, in the check and in the turn's results, names an order by its
 * place in the file as written (#0 the first), however many were skipped before it.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { acceptOrders, newGame, runStep } from "../../src/host/lifecycle.js";
import type { GeEvent } from "../../src/rules/galactic-empires/events.js";
import { galacticEmpires as ge } from "../../src/rules/galactic-empires/index.js";

function tutorialRecord() {
  const r = newGame({ id: "g1", ruleset: ge as never, scenario: "tutorial", inputs: {}, seed: 7 });
  if (!r.ok) throw new Error("no game");
  return r.value;
}

/** The file: #0 fine, #1 and #2 malformed (skipped), #3 fails on its own (sector 99 does not exist), #4 fine. */
const FILE = {
  empire: "klingon",
  turn: 1,
  orders: [
    { type: "retreatLevel", unit: "A5", level: 3 },
    { type: "travle", unit: "A5", to: 3 },
    { type: "travel", unit: "A5" },
    { type: "travel", unit: "A5", to: 99 },
    { type: "rename", unit: "G1", name: "Home Guard" },
  ],
};

describe("chapter 1 'Invalid Orders': problems name orders by their place in the file as written", () => {
  it("the check lists every order in its place: #0 and #4 accepted, #1 and #2 skipped, #3 accepted and expected to fail", () => {
    const record = tutorialRecord();
    const a = acceptOrders(ge as never, record, "klingon", FILE);
    if (!a.ok) throw new Error("refused");
    expect(a.value.problems.map((p) => p.order)).toEqual(["#1 travle", "#2 travel"]);
    expect(a.value.check.problems.map((p) => p.order)).toEqual(["#3 travel A5 -> 99"]);
    const listed = a.value.check.lines.filter((l) => l.step === "Orders" && l.order !== "").map((l) => `${l.order}: ${l.text}`);
    expect(listed).toEqual([
      "#0 retreatLevel A5: accepted for adjudication",
      "#1: skipped as malformed (its problem says why)",
      "#2: skipped as malformed (its problem says why)",
      "#3 travel A5 -> 99: accepted for adjudication",
      "#4 rename G1: accepted for adjudication",
    ]);
  });

  it("the turn's results, from the orders as stored, name them the same: #1, #2 skipped, #3 failed", () => {
    const record = tutorialRecord();
    const a = acceptOrders(ge as never, record, "klingon", FILE);
    if (!a.ok) throw new Error("refused");
    // Stored as JSON, read back, then run: as the host does between `submit` and `turn`.
    const stored = JSON.parse(canonicalJson(a.value.orders));
    const run = runStep(ge as never, record, [
      { seat: "klingon", step: 1, revision: 1, orders: stored, problems: a.value.problems, source: "test", at: "now" },
    ]);
    const events = run.entry.events as GeEvent[];
    const problems = events.flatMap((e) => (e.kind === "problem" && e.to.includes("klingon") ? [e.problem.order] : []));
    expect(problems).toEqual(["#1 travle", "#2 travel", "#3 travel A5 -> 99"]);
  });

  it("a 'skipped' field is the parser's, not a player's: a file that gives one is refused whole", () => {
    const r = ge.parseOrders({ ...FILE, skipped: [0] });
    expect(r.refused.map((p) => p.code)).toEqual(["unknown-field"]);
  });
});
