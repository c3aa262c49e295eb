/**
 * Battleshift orders by pointing, without a browser (issue 11): the pointer to the table in inches and the squadron
 * under it (hit testing), a drag to a move ("Movement": the allowance, the movement arc on the nose, the facing change
 * after the move) and the move order it writes, which the rules' own check then agrees with; the draft's editing (one
 * move a squadron, one sequence, rulings beside their orders by place in the file); and the forms made from the menus.
 */
import { describe, expect, it } from "vitest";
import { checkOrders } from "../../src/rules/battleshift/index.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import { legalOrders } from "../../src/rules/battleshift/turn/legal-orders.js";
import {
  draftText,
  emptyDraft,
  lightFireOf,
  orderPlace,
  readDraft,
  reorder,
  rulingsByOrder,
  withFireAt,
  withMove,
  withOrder,
  withoutOrder,
} from "../../src/web/rulesets/battleshift/draft.js";
import { formOrder } from "../../src/web/rulesets/battleshift/order-form.js";
import {
  afterMove,
  alongMove,
  firePoint,
  moveOrder,
  planMove,
  planText,
  pointerToTable,
  pointOnPath,
  squadronAt,
  turnBy,
} from "../../src/web/rulesets/battleshift/pointing.js";
import { fireText, measure } from "../../src/web/rulesets/battleshift/table-state.js";
import { tinyBattle } from "../battleshift/support.js";

// A fleet battleship (size 4, 12") of blue facing east, a fleet destroyer (size 1, 18") beside it; red's cruiser ahead.
const battle = () =>
  tinyBattle([
    {
      id: "b1",
      side: "blue",
      design: "generic/fleet-battleship",
      at: [
        [10, 20],
        [10, 21],
      ],
      facing: 90,
    },
    { id: "b2", side: "blue", design: "generic/fleet-destroyer", at: [[10, 30]], facing: 90, taskforce: null },
    { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[40, 20]], facing: 270 },
  ]);

const check = (state: ReturnType<typeof battle>, orders: unknown[]) => checkOrders(state, "blue", { orders } as Orders);

describe("pointing at the table", () => {
  it("turns a pointer into inches from the west and north edges (20 drawing units an inch, the SVG scaled to its frame)", () => {
    // A 6' table drawn 1448 units wide (a 4-unit margin each side) in a frame 724 pixels wide: 2 units a pixel.
    const f = { rect: { left: 100, top: 50, width: 724, height: 484 }, viewBox: { x: -4, y: -4, width: 1448, height: 968 }, scale: 20 };
    expect(pointerToTable(102, 52, f)).toEqual({ x: 0, y: 0 });
    expect(pointerToTable(100 + 362, 50 + 242, f)).toEqual({ x: 36, y: 24 });
  });

  it("finds the squadron whose base is under the pointer, the nearest ship first, and none on open space", () => {
    const s = battle();
    expect(squadronAt(s, { x: 10.3, y: 20.9 }, 0.75)).toBe("b1");
    expect(squadronAt(s, { x: 40, y: 20.5 }, 0.75)).toBe("r1");
    expect(squadronAt(s, { x: 25, y: 25 }, 0.75)).toBeNull();
  });
});

describe("a drag is a move (seed 004 Movement, Facing Change)", () => {
  it("measures the distance against the allowance and the bearing against the arc on the nose", () => {
    const s = battle();
    const p = planMove(s, "b1", { x: 20, y: 20.5 })!;
    expect(p).toMatchObject({ distance: 10, allowance: 12, heading: 90, offFacing: 0, arc: 90, inArc: true, facing: 90, ok: true });
    const far = planMove(s, "b1", { x: 24, y: 20.5 })!;
    expect(far.ok).toBe(false);
    expect(planText(far)).toContain('14.0" of 12" (too far)');
    // 60 degrees off the nose is outside a size 4 ship's forward 90 degree arc (+/-45).
    const wide = planMove(s, "b1", { x: 15, y: 20.5 - 5 * Math.sqrt(3) })!;
    expect(Math.round(wide.heading)).toBe(30);
    expect(wide.inArc).toBe(false);
    expect(planText(wide)).toContain("outside its movement arc");
  });

  it("limits the turn to the new facing: up to 90 degrees from the direction of movement at size 4, any at size 1", () => {
    const s = battle();
    expect(planMove(s, "b1", { x: 20, y: 20.5 }, 180)).toMatchObject({ turn: 90, maxTurn: 90, turnOk: true });
    expect(planMove(s, "b1", { x: 20, y: 20.5 }, 225)).toMatchObject({ turnOk: false });
    expect(planMove(s, "b2", { x: 10, y: 40 }, 0)).toMatchObject({ arc: 360, maxTurn: 360, turnOk: true, ok: true });
    expect(turnBy(90, 15)).toBe(105);
    expect(turnBy(89.4, 15)).toBe(105);
    expect(turnBy(350, 15)).toBe(0);
    expect(turnBy(10, -45)).toBe(330);
  });

  it("writes the move order the check then agrees with: a plan within its limits passes, one past them fails for that reason", () => {
    const s = battle();
    const good = moveOrder(planMove(s, "b1", { x: 20, y: 20.5 }, 135)!);
    expect(good).toEqual({ type: "move", squadron: "b1", to: { x: 20, y: 20.5 }, facing: 135 });
    expect(check(s, [good]).problems).toEqual([]);
    // The direction of movement is the default facing: a straight drag writes none.
    expect(moveOrder(planMove(s, "b1", { x: 20, y: 20.5 })!).facing).toBeUndefined();
    const far = check(s, [moveOrder(planMove(s, "b1", { x: 24, y: 20.5 })!)]);
    expect(far.problems.map((p) => p.code)).toEqual(["too-far"]);
    const turned = check(s, [moveOrder(planMove(s, "b1", { x: 20, y: 20.5 }, 225)!)]);
    expect(turned.problems.map((p) => p.code)).toEqual(["facing-change"]);
    const wide = check(s, [moveOrder(planMove(s, "b1", { x: 15, y: 20.5 - 5 * Math.sqrt(3) })!)]);
    expect(wide.problems.map((p) => p.code)).toEqual(["outside-movement-arc"]);
  });

  it("measures from the end of a drafted move without touching the state it was given", () => {
    const s = battle();
    const moved = afterMove(s, planMove(s, "b1", { x: 20, y: 20.5 }, 0)!);
    expect(moved.squadrons.b1!.ships.map((x) => [x.x, x.y])).toEqual([
      [20, 20],
      [20, 21],
    ]);
    expect(moved.squadrons.b1!.facing).toBe(0);
    expect(s.squadrons.b1!.ships[0]!.x).toBe(10);
  });
});

describe('light fire along the move (seed 004 Light Batteries: "at any point during the squadron\'s movement")', () => {
  // b1 (12", light batteries 12") moves 10" east, from x 10 to x 20; red's cruiser waits at x 30 on its line.
  const along = () =>
    tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-battleship",
        at: [
          [10, 20],
          [10, 21],
        ],
        facing: 90,
      },
      { id: "b2", side: "blue", design: "generic/fleet-destroyer", at: [[10, 30]], facing: 90, taskforce: null },
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[30, 20.5]], facing: 270 },
    ]);

  it("reads a click on a drafted move's path as the inches along the move, and how far off the path it is", () => {
    const plan = planMove(along(), "b1", { x: 20, y: 20.5 })!;
    expect(pointOnPath(plan, { x: 14, y: 20.5 })).toEqual({ along: 4, off: 0 });
    const off = pointOnPath(plan, { x: 17.26, y: 21 });
    expect(off.along).toBe(7.3);
    expect(off.off).toBeCloseTo(0.5, 6);
    // Before the start or past the end: the start or the end of the move.
    expect(pointOnPath(plan, { x: 5, y: 20.5 }).along).toBe(0);
    expect(pointOnPath(plan, { x: 25, y: 20.5 })).toEqual({ along: 10, off: 5 });
  });

  it("stands the squadron where it fires from: old facing at the start, the direction of movement on the way, the new facing at the end", () => {
    const s = along();
    // b2 (size 1, any turn) goes 10" north-east and ends facing south.
    const plan = planMove(s, "b2", { x: 10 + 5 * Math.SQRT2, y: 30 - 5 * Math.SQRT2 }, 180)!;
    expect(alongMove(s, plan, 0).squadrons.b2!.facing).toBe(90);
    const mid = alongMove(s, plan, 5).squadrons.b2!;
    expect(mid.facing).toBeCloseTo(45, 6);
    expect(mid.ships[0]!.x).toBeCloseTo(10 + 2.5 * Math.SQRT2, 6);
    expect(mid.ships[0]!.y).toBeCloseTo(30 - 2.5 * Math.SQRT2, 6);
    // At the end (the step's `at` as long as the move, or past it): from the end, turned.
    expect(alongMove(s, plan, plan.distance).squadrons.b2!.facing).toBe(180);
    const past = alongMove(s, plan, 14).squadrons.b2!;
    expect(past.facing).toBe(180);
    expect(past.ships[0]!.x).toBeCloseTo(10 + 5 * Math.SQRT2, 6);
    expect(firePoint(s, plan, 5).at.x).toBeCloseTo(10 + 2.5 * Math.SQRT2, 6);
    // The state given is untouched.
    expect(s.squadrons.b2!.ships[0]!.x).toBe(10);
  });

  it("measures from that point what the check then finds for a light order with the same `at`", () => {
    const s = along();
    const plan = planMove(s, "b1", { x: 20, y: 20.5 })!;
    for (const at of [0, 5, 10]) {
      const m = measure(alongMove(s, plan, at), "b1", "r1")!;
      const reply = check(s, [moveOrder(plan), { type: "light", squadrons: ["b1"], target: "r1", at }]);
      const line = reply.lines.find((l) => l.order.startsWith("#1 light"))!;
      // Out of range, the check says how far: the same distance, measured from the same point.
      const checked = /r1 is ([\d.]+)" away/.exec(line.text)?.[1];
      if (checked !== undefined) expect(m.distance).toBeCloseTo(Number(checked), 1);
      else expect(line.text).not.toMatch(/range/);
      const light = m.weapons.find((w) => w.name === "light batteries")!;
      // 12" of range: out of it from the start (20" away) and half way (15"), within it from the end (10").
      expect(light.ok).toBe(at === 10);
      expect(line.ok).toBe(at === 10);
    }
    const m = measure(alongMove(s, plan, 10), "b1", "r1");
    expect(fireText("b1", 10, 10, 90, m)).toMatch(
      /^b1's light batteries fire from 10\.0" along its 10\.0" move \(the end, after turning\), facing 90: r1 is 10" away, bearing 90, 0 degrees off; light batteries bear; /,
    );
    expect(fireText("b1", 0, 10, 90, null)).toBe(`b1's light batteries fire from 0.0" along its 10.0" move (the start), facing 90`);
  });

  it("writes the point into every light order the squadron fires in, and none other", () => {
    const d = {
      orders: [
        { type: "move", squadron: "b1", to: { x: 20, y: 20.5 } },
        { type: "light", squadrons: ["b1", "b3"], target: "r1" },
        { type: "heavy", squadrons: ["b1"], target: "r1" },
        { type: "light", squadrons: ["b3"], target: "r2" },
      ],
    };
    const r = withFireAt(d, "b1", 4.5);
    expect(r.changed).toBe(1);
    expect(r.draft.orders[1]).toEqual({ type: "light", squadrons: ["b1", "b3"], target: "r1", at: 4.5 });
    expect(r.draft.orders.filter((o) => "at" in o)).toHaveLength(1);
    expect(lightFireOf(r.draft)).toEqual({ b1: { target: "r1", at: 4.5 }, b3: { target: "r1", at: 4.5 } });
    // No light order of it: the draft stays as it was.
    expect(withFireAt(d, "b9", 2)).toEqual({ draft: d, changed: 0 });
  });
});

describe("the draft", () => {
  it("reads and writes the orders file, one order a line, and refuses what is not one", () => {
    const d = withOrder(emptyDraft("blue", 3), { type: "heavy", squadrons: ["b1"], target: "r1" });
    const text = draftText(d);
    expect(text).toContain('    {"type":"heavy","squadrons":["b1"],"target":"r1"}');
    expect(readDraft(text)).toEqual({ draft: d });
    // YAML too, as the server reads it.
    expect(readDraft("side: blue\norders:\n  - {type: join, squadron: b2}\n")).toEqual({
      draft: { side: "blue", orders: [{ type: "join", squadron: "b2" }] },
    });
    expect(readDraft("orders: 3")).toEqual({ error: "orders is not a list" });
    expect("error" in readDraft("orders: [")).toBe(true);
  });

  it("moves a squadron once (a new drag replaces its move in place) and keeps one sequence and one initiative choice", () => {
    let d = emptyDraft("blue", 3);
    d = withMove(d, { type: "move", squadron: "b1", to: { x: 1, y: 1 } });
    d = withOrder(d, { type: "heavy", squadrons: ["b1"], target: "r1" });
    d = withMove(d, { type: "move", squadron: "b1", to: { x: 2, y: 2 } });
    expect(d.orders.map((o) => o.type)).toEqual(["move", "heavy"]);
    expect(d.orders[0]!.to).toEqual({ x: 2, y: 2 });
    d = withOrder(d, { type: "sequence", taskforces: ["a", "b"] });
    d = withOrder(d, { type: "sequence", taskforces: ["b", "a"] });
    expect(d.orders.filter((o) => o.type === "sequence")).toEqual([{ type: "sequence", taskforces: ["b", "a"] }]);
    expect(withoutOrder(d, 0).orders.map((o) => o.type)).toEqual(["heavy", "sequence"]);
    expect(reorder(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(reorder(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  });

  it("puts each of the check's rulings beside the order it names by its place in the file", () => {
    const s = battle();
    const orders = [
      { type: "move", squadron: "b1", to: { x: 24, y: 20.5 } },
      { type: "heavy", squadrons: ["b2"], target: "r1" },
    ];
    const c = check(s, orders);
    const r = rulingsByOrder({ check: c, skipped: [] }, orders);
    expect(orderPlace("#1 heavy b2 -> r1")).toBe(1);
    expect(orderPlace("command range b1")).toBeNull();
    expect(r.byOrder[0]!.some((x) => !x.ok && x.text.includes('moves up to 12"'))).toBe(true);
    expect(r.byOrder[1]!.length).toBeGreaterThan(0);
    expect(r.general.some((x) => x.text.includes("activates"))).toBe(true);
    // The order sheet's check names the activation sequence by its type: it goes beside the one sequence order.
    const sheet = [
      { type: "initiative", choose: "first" },
      { type: "sequence", taskforces: ["blue-tf1"] },
    ];
    const lines = [
      { step: "Order sheet", order: "#0 initiative", text: "if you win the initiative you go first", ok: true },
      { step: "Order sheet", order: "sequence", text: "activation sequence: blue-tf1", ok: true },
    ];
    const onSheet = rulingsByOrder({ check: { lines, problems: [] }, skipped: [] }, sheet);
    expect(onSheet.byOrder[1]).toEqual([{ ok: true, mark: "ok", text: "Order sheet: activation sequence: blue-tf1" }]);
    expect(onSheet.general).toEqual([]);
  });
});

describe("forms from the menus (GET .../options)", () => {
  it("make the order the file takes, offering only the menus' choices and refusing a blank required field", () => {
    const s = battle();
    const menus = legalOrders(s, "blue").orders;
    const heavy = menus.find((m) => m.type === "heavy")!;
    expect(heavy.fields.target).toMatchObject({ kind: "choice" });
    expect(formOrder("heavy", heavy.fields, { squadrons: ["b1"], target: "r1", disable: "true" })).toEqual({
      order: { type: "heavy", squadrons: ["b1"], target: "r1", disable: true },
    });
    expect(formOrder("heavy", heavy.fields, { target: "r1" })).toEqual({ missing: "squadrons" });
    // A target the menus do not offer is not taken.
    expect(formOrder("heavy", heavy.fields, { squadrons: ["b1"], target: "b2" })).toEqual({ missing: "target" });
    const flight = menus.find((m) => m.type === "flight")!;
    expect(
      formOrder("flight", flight.fields, { squadron: "b1", "path.0.x": "20", "path.0.y": "20", "path.1.x": "30", "path.1.y": "20" }),
    ).toEqual({
      order: {
        type: "flight",
        squadron: "b1",
        path: [
          { x: 20, y: 20 },
          { x: 30, y: 20 },
        ],
      },
    });
    const move = menus.find((m) => m.type === "move")!;
    expect(formOrder("move", move.fields, { squadron: "b1", "to.x": "20", "to.y": "20.5", facing: "SE" })).toEqual({
      order: { type: "move", squadron: "b1", to: { x: 20, y: 20.5 }, facing: "SE" },
    });
  });
});
