import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import type { NoteEvent } from "../../src/rules/battleshift/events.js";
import { createBattle, fleetsFrom } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import { currentSlot } from "../../src/rules/battleshift/turn/turn.js";
import { DiceRng } from "./support.js";

const sq = (name: string, design: string, ships: number) => ({ name, design, ships });
/** Blue has `blueTfs` taskforces, red `redTfs`; each a squadron of cruisers. */
function battle(blueTfs: number, redTfs: number, seed = 1): BattleState {
  const fleet = (name: string, n: number) => ({
    name,
    taskforces: Array.from({ length: n }, (_, i) => ({
      name: `${name} ${i + 1}`,
      squadrons: [sq(`${name} cruisers ${i + 1}`, "generic/fleet-cruiser", 3)],
    })),
  });
  return createBattle({ seed, scenario: "test", fleets: fleetsFrom([fleet("Blue", blueTfs), fleet("Red", redTfs)]) }).state;
}

function step(state: BattleState, orders: Record<string, Orders>, rng: Rng = Rng.forTurn(state.seed, state.step)) {
  return battleshift.resolve(state, orders, rng);
}

describe("Turn Sequence: the order sheet", () => {
  it("both seats write their sheets at once; the step number grows every resolve", () => {
    const s = battle(2, 2);
    expect(battleshift.awaiting(s)).toEqual(["blue", "red"]);
    expect(battleshift.step(s)).toBe(1);
    const r = step(s, { blue: { orders: [] }, red: { orders: [] } });
    expect(battleshift.step(r.state)).toBe(2);
    expect(r.state.turnState.phase).toBe("activation");
    expect(battleshift.awaiting(r.state)).toHaveLength(1);
  });
  it("the written sequence sets the order; unknown and repeated taskforces are refused, forgotten ones go last", () => {
    const s = battle(3, 1);
    const r = step(s, { blue: { orders: [{ type: "sequence", taskforces: ["blue-tf3", "blue-tf3", "nope"] }] }, red: { orders: [] } });
    expect(r.state.turnState.sequences.blue).toEqual(["blue-tf3", "blue-tf1", "blue-tf2"]);
    expect(r.problems.blue?.map((p) => p.code)).toEqual(["duplicate-taskforce", "unknown-taskforce", "incomplete-sequence"]);
  });
  it("an activation order on the sheet is refused with the step named", () => {
    const s = battle(1, 1);
    const r = step(s, { blue: { orders: [{ type: "move", squadron: "blue-tf1-s1", heading: 90, distance: 3 }] }, red: { orders: [] } });
    expect(r.problems.blue?.[0]?.code).toBe("wrong-step");
  });
  it("orders written for another step are refused whole", () => {
    const s = battle(1, 1);
    const r = step(s, { blue: { step: 7, orders: [{ type: "sequence", taskforces: [] }] }, red: { orders: [] } });
    expect(r.problems.blue?.[0]).toMatchObject({ code: "wrong-step" });
  });
});

describe('Turn Sequence: initiative ("The player with the greater number of Taskforces on the table adds one to his die roll")', () => {
  it("with scripted dice 3 against 3, the side with more taskforces wins by its +1", () => {
    const s = battle(3, 2);
    const r = step(s, { blue: { orders: [] }, red: { orders: [] } }, new DiceRng([3, 3]));
    expect(r.state.turnState.initiative).toMatchObject({ winner: "blue", first: "blue", rolls: { blue: [4], red: [3] } });
  });
  it("ties are rolled again; the winner may choose to go second", () => {
    const s = battle(2, 2);
    const r = step(s, { blue: { orders: [] }, red: { orders: [{ type: "initiative", choose: "second" }] } }, new DiceRng([4, 4, 2, 5]));
    expect(r.state.turnState.initiative).toMatchObject({ winner: "red", first: "blue", rolls: { blue: [4, 2], red: [4, 5] } });
  });
  it("statistically, +1 wins 21/36 + ties... = 0.7 of the time (2000 rolls, within 4 standard errors)", () => {
    let wins = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const s = battle(2, 1, i);
      const r = step(s, { blue: { orders: [] }, red: { orders: [] } }, Rng.fromSeed(i + 1));
      if (r.state.turnState.initiative?.winner === "blue") wins++;
    }
    // P(d6+1 > d6) = 21/36, P(tie) = 5/36, rerolled: p = (21/36) / (1 - 5/36) = 21/31.
    const p = 21 / 31;
    const se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(wins / n - p)).toBeLessThan(4 * se);
  });
});

describe("Turn Sequence: alternating activations, then detached squadrons", () => {
  it("A1 B1 A2 B2 A3 A4: the side with more taskforces activates its last ones in a row", () => {
    const s = battle(4, 2);
    let r = step(s, { blue: { orders: [] }, red: { orders: [] } }, new DiceRng([6, 1]));
    const seen: string[] = [];
    let state = r.state;
    for (let i = 0; i < 6; i++) {
      const slot = currentSlot(state);
      if (!slot) break;
      seen.push(`${slot.side}:${slot.taskforce}`);
      r = step(state, { [slot.side]: { orders: [] } });
      state = r.state;
    }
    expect(seen).toEqual(["blue:blue-tf1", "red:red-tf1", "blue:blue-tf2", "red:red-tf2", "blue:blue-tf3", "blue:blue-tf4"]);
    expect(state.turn).toBe(2);
    expect(state.turnState.phase).toBe("sequences");
  });
  it("detached squadrons activate after every taskforce, alternating, one at a time", () => {
    const s = battle(2, 2);
    // Detach one squadron of each side before the turn starts (as if their flagships had died).
    for (const id of ["blue-tf2-s1", "red-tf2-s1"]) {
      (s.squadrons[id] as { taskforce: string | null }).taskforce = null;
      (s.taskforces[id.replace("-s1", "")] as { alive: boolean }).alive = false;
    }
    let state = step(s, { blue: { orders: [] }, red: { orders: [] } }, new DiceRng([1, 6])).state;
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const slot = currentSlot(state);
      if (!slot) break;
      seen.push(`${slot.side}:${slot.taskforce ?? "detached"}`);
      state = step(state, { [slot.side]: { orders: [] } }).state;
    }
    expect(seen).toEqual(["red:red-tf1", "blue:blue-tf1", "red:detached", "blue:detached"]);
    expect(state.turn).toBe(2);
  });
});

describe("End of a Turn: victory", () => {
  it("a side with no ship left loses by annihilation, at once", () => {
    const s = battle(1, 1);
    let state = step(s, { blue: { orders: [] }, red: { orders: [] } }).state;
    const red = state.squadrons["red-tf1-s1"] as { ships: unknown[]; location: string; goneReason: string | null };
    red.ships = [];
    red.location = "gone";
    red.goneReason = "destroyed";
    const slot = currentSlot(state);
    state = step(state, { [slot?.side ?? "blue"]: { orders: [] } }).state;
    expect(battleshift.outcome(state)).toMatchObject({ winners: ["blue"] });
    expect(battleshift.awaiting(state)).toEqual([]);
  });
  it("the turn limit ends the battle on victory points", () => {
    const s = battle(1, 1);
    s.settings.turnLimit = 1;
    s.sides.red!.vp = 30;
    let state = step(s, { blue: { orders: [] }, red: { orders: [] } }).state;
    for (let i = 0; i < 4 && !state.outcome; i++) {
      const slot = currentSlot(state);
      state = step(state, { [slot?.side ?? "blue"]: { orders: [] } }).state;
    }
    expect(state.outcome).toMatchObject({ winners: ["red"] });
    expect(state.outcome?.reason).toMatch(/turn limit \(1\).*30 to 0/);
  });
});

describe("Secrets: the order sheet is not revealed to the other player", () => {
  it("red's view holds neither blue's sequence nor its planned shift; blue's does", () => {
    const s = battle(2, 1);
    const r = step(s, {
      blue: { orders: [{ type: "sequence", taskforces: ["blue-tf2", "blue-tf1"] }] },
      red: { orders: [] },
    });
    // Blue's sheet step recorded; plant a planned shift as the sheet would on turn 2 (shifts are refused on the turn of arrival).
    r.state.turnState.planned.blue = [{ unit: "blue-tf1", returnTurn: 4, sector: "3C", facing: 180 }];
    const redView = canonicalJson(battleshift.view(r.state, "red", r.events));
    const blueView = canonicalJson(battleshift.view(r.state, "blue", r.events));
    for (const needle of battleshift.secrets(r.state, "red", r.events)) {
      expect(redView.includes(needle), needle).toBe(false);
      expect(blueView.includes(needle) || needle.startsWith('"sequence"'), needle).toBe(true);
    }
    expect(battleshift.secrets(r.state, "red", r.events).length).toBeGreaterThan(0);
    const sheet = r.events.find((e) => e.kind === "note" && (e as NoteEvent).what === "sheet" && e.to?.includes("blue"));
    expect(sheet?.to).toEqual(["blue"]);
  });
});

describe("check: each order legal or not, with the measured figure", () => {
  it("previews an activation without changing the state", () => {
    const s = battle(1, 1);
    const state = step(s, { blue: { orders: [] }, red: { orders: [] } }, new DiceRng([6, 1])).state;
    const before = canonicalJson(state);
    const c = battleshift.check(state, "blue", {
      orders: [
        { type: "move", squadron: "blue-tf1-s1", heading: 90, distance: 13 },
        { type: "heavy", squadrons: ["blue-tf1-s1"], target: "red-tf1-s1" },
      ],
    });
    expect(canonicalJson(state)).toBe(before);
    expect(c.ok).toBe(false);
    const texts = c.lines.map((l) => `${l.ok ? "ok" : "FAIL"} ${l.text}`).join("\n");
    expect(texts).toMatch(/FAIL .*away \(range 36"\)/);
    expect(texts).toMatch(/FAIL .*would move 13"; Fleet Cruiser moves up to 12"/);
    expect(battleshift.check(state, "red", { orders: [] }).lines[0]?.text).toMatch(/blue's activation/);
  });
});

describe("orders template and report", () => {
  it("the template is a YAML orders file that parses, and its example orders (the bot's) pass the check", async () => {
    const { parse } = await import("yaml");
    let state = battle(2, 2);
    for (let k = 0; k < 3; k++) {
      for (const seat of battleshift.awaiting(state)) {
        const text = battleshift.ordersTemplate(state, seat);
        expect(text).toMatch(/^# Battleshift orders for/);
        const parsed = battleshift.parseOrders(parse(text));
        expect(parsed.problems).toEqual([]);
        const c = battleshift.check(state, seat, parsed.orders);
        expect(c.problems, `${seat} at step ${state.step}`).toEqual([]);
      }
      const orders: Record<string, Orders> = {};
      for (const seat of battleshift.awaiting(state))
        orders[seat] = battleshift.parseOrders(parse(battleshift.ordersTemplate(state, seat))).orders;
      const r = step(state, orders);
      const rep = battleshift.report(r.state, "blue", r.events);
      expect(rep.text).toMatch(/Next: /);
      state = r.state;
    }
  });
});
