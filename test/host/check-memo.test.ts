/**
 * The check is a pure function of the game at its awaited step, the seat and its
 * orders: one made once answers again (host/lifecycle.ts CheckMemo), and answers
 * exactly as a fresh check would.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { canonicalJson } from "../../src/core/json.js";
import { acceptOrders, CheckMemo, newGame } from "../../src/host/lifecycle.js";
import { rulesetById } from "../../src/host/registry.js";
import { deepFreeze } from "../../src/store/frozen.js";

const ge = rulesetById("galactic-empires");
const made = newGame({ id: "g1", ruleset: ge, scenario: "tutorial", inputs: {}, seed: 7 });
if (!made.ok) throw new Error("the tutorial must start");
const record = made.value;
const klingon = parse(readFileSync("examples/tutorial/orders/klingon.yaml", "utf8"));

describe("checks made once answer again", () => {
  it("the same orders get the very check made the first time, equal to a fresh one", () => {
    const memo = new CheckMemo();
    const a = acceptOrders(ge, record, "klingon", klingon, memo);
    const b = acceptOrders(ge, record, "klingon", JSON.parse(JSON.stringify(klingon)), memo);
    const fresh = acceptOrders(ge, record, "klingon", klingon);
    if (!a.ok || !b.ok || !fresh.ok) throw new Error("accepted");
    expect(b.value.check).toBe(a.value.check);
    expect(canonicalJson(a.value.check)).toBe(canonicalJson(fresh.value.check));
    expect(Object.isFrozen(a.value.check)).toBe(true);
  });

  it("other orders, another seat, another step or another game are checked afresh", () => {
    const memo = new CheckMemo();
    const a = acceptOrders(ge, record, "klingon", klingon, memo);
    const fewer = { ...klingon, orders: klingon.orders.slice(1) };
    const b = acceptOrders(ge, record, "klingon", fewer, memo);
    const other = acceptOrders(ge, { ...record, id: "g2" }, "klingon", klingon, memo);
    const reseeded = acceptOrders(ge, { ...record, seed: 8 }, "klingon", klingon, memo);
    if (!a.ok || !b.ok || !other.ok || !reseeded.ok) throw new Error("accepted");
    expect(b.value.check).not.toBe(a.value.check);
    expect(other.value.check).not.toBe(a.value.check);
    expect(reseeded.value.check).not.toBe(a.value.check);
  });

  it("keeps at most its size, the least recently used leaving first", () => {
    const memo = new CheckMemo(1);
    const a = acceptOrders(ge, record, "klingon", klingon, memo);
    acceptOrders(ge, record, "klingon", { ...klingon, orders: [] }, memo);
    const again = acceptOrders(ge, record, "klingon", klingon, memo);
    if (!a.ok || !again.ok) throw new Error("accepted");
    expect(again.value.check).not.toBe(a.value.check);
  });
});

describe("a check asked without its odds (a page's first answer as its player types) is kept apart", () => {
  // Patrol Force 2 travels into Narendra's local forces: a battle, so the check with odds simulates it and runs trials.
  const battle = { empire: "klingon", turn: 1, orders: [{ type: "travel", unit: "A5", to: 3 }] };

  it("without odds it says they follow; with odds it is checked afresh; then the check with odds answers both", () => {
    const memo = new CheckMemo();
    const quick = acceptOrders(ge, record, "klingon", battle, memo, undefined, { odds: false });
    const full = acceptOrders(ge, record, "klingon", battle, memo);
    const quickAgain = acceptOrders(ge, record, "klingon", battle, memo, undefined, { odds: false });
    const fresh = acceptOrders(ge, record, "klingon", battle);
    if (!quick.ok || !full.ok || !quickAgain.ok || !fresh.ok) throw new Error("accepted");
    expect(quick.value.check.oddsFollow).toBe(true);
    expect(full.value.check.oddsFollow).toBeUndefined();
    expect(canonicalJson(full.value.check)).toBe(canonicalJson(fresh.value.check));
    expect(quickAgain.value.check).toBe(full.value.check);
  });

  it("orders that roll no dice leave nothing out: the check asked without odds is the check with them", () => {
    const memo = new CheckMemo();
    const quiet = { empire: "klingon", turn: 1, orders: [{ type: "hireAdmiral", unit: "G1" }] };
    const quick = acceptOrders(ge, record, "klingon", quiet, memo, undefined, { odds: false });
    const full = acceptOrders(ge, record, "klingon", quiet, memo);
    if (!quick.ok || !full.ok) throw new Error("accepted");
    expect(quick.value.check.oddsFollow).toBeUndefined();
    expect(full.value.check).toBe(quick.value.check);
  });
});

describe("the seats a state awaits, worked out once per frozen state", () => {
  it("answers as the ruleset does, asks it once for a frozen state, and every time for one that may change", () => {
    let asked = 0;
    const counting = {
      ...ge,
      awaiting: (s: unknown) => {
        asked += 1;
        return ge.awaiting(s);
      },
    };
    const memo = new CheckMemo();
    const frozen = deepFreeze(structuredClone(record.state));
    expect(memo.awaiting(counting, frozen)).toEqual(ge.awaiting(record.state));
    expect(memo.awaiting(counting, frozen)).toEqual(ge.awaiting(record.state));
    expect(asked).toBe(1);
    const open = structuredClone(record.state);
    memo.awaiting(counting, open);
    memo.awaiting(counting, open);
    expect(asked).toBe(3);
    expect(Object.isFrozen(memo.awaiting(counting, frozen))).toBe(true);
  });
});
