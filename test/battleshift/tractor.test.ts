import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders, randomLegalOrders } from "../../src/rules/battleshift/bot/bot.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { createBattle } from "../../src/rules/battleshift/fleet/setup.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, DiceRng, type SqSpec, tinyBattle, unitOf } from "./support.js";

const PASSAGE = '"They may also be engulfed or captured by a combat tractor beam" (L384-385, L525-526)';

function run(state: BattleState, orders: Order[]) {
  const rng = new DiceRng([]);
  const ctx = ctxFor(state, "blue", rng);
  runActivation(ctx, unitOf(state, "blue", "blue-tf1"), orders);
  return { ctx, rng };
}
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);
const sq = (id: string, side: "blue" | "red", design: string, at: [number, number][], extra: Partial<SqSpec> = {}): SqSpec => ({
  id,
  side,
  design,
  at,
  facing: side === "blue" ? 90 : 270,
  ...extra,
});
/** A blue cruiser (size 3) at (10, 20) and a red squadron of `design` whose first ship, at (x, 20), is disabled. */
function battle(design = "generic/fleet-cruiser", x = 10.8, beams = true, blue = "generic/fleet-cruiser"): BattleState {
  const s = tinyBattle([
    sq("b1", "blue", blue, [[10, 20]]),
    sq("r1", "red", design, [
      [x, 20],
      [x, 30],
    ]),
  ]);
  (s.squadrons.r1?.ships[0] as { disabled: boolean }).disabled = true;
  if (beams) s.settings.tractorBeams = true;
  return s;
}
const tractor = (ship = "r1.1"): Order => ({ type: "tractor", squadron: "b1", target: "r1", ship });

describe(`Combat tractor beams (option tractorBeams): ${PASSAGE}`, () => {
  it("a ship in contact with a disabled enemy ship no larger than itself captures it, with no boarding roll: a towed prize", () => {
    const s = battle();
    const { ctx, rng } = run(s, [tractor()]);
    expect(codes(ctx)).toEqual([]);
    // No opposed boarding roll: the only die is the new prize's own repair roll at deactivation.
    expect(ctx.events.some((e) => /^Boarding/.test((e as { text?: string }).text ?? ""))).toBe(false);
    expect(rng.rolled).toHaveLength(1);
    expect(ctx.events.some((e) => /Prize blue-p1 repair rolls/.test((e as { text?: string }).text ?? ""))).toBe(true);
    const prize = Object.values(s.prizes)[0];
    expect(prize).toMatchObject({ side: "blue", fromSide: "red", engulfed: false, squadron: "b1", design: "generic/fleet-cruiser" });
    expect(s.squadrons.r1?.ships.map((x) => x.id)).toEqual(["r1.2"]);
    // A captured ship scores its cost for the captor, as boarding does.
    expect(s.sides.blue?.vp).toBe(30);
  });
  it("off by default: no ship carries a tractor beam (none in the System table), so the order is refused", () => {
    const s = battle(undefined, undefined, false);
    const { ctx } = run(s, [tractor()]);
    expect(codes(ctx)).toEqual(["tractor-beams-off"]);
    expect(ctx.problems[0]?.message).toMatch(/options\.tractorBeams: true/);
    expect(Object.keys(s.prizes)).toEqual([]);
  });
  it('the beam needs contact (1"): a disabled ship 1.5" away is refused with the distance', () => {
    const { ctx } = run(battle(undefined, 11.5), [tractor()]);
    expect(codes(ctx)).toEqual(["no-contact"]);
    expect(ctx.problems[0]?.message).toMatch(/1\.5" from it; a tractor beam needs contact \(1"\)/);
  });
  it("a ship captures only a ship no larger than itself: a frigate (size 2) cannot take a disabled cruiser (size 3)", () => {
    const { ctx } = run(battle(undefined, undefined, true, "generic/defense-frigate"), [tractor()]);
    expect(codes(ctx)).toEqual(["too-large"]);
    expect(ctx.problems[0]?.message).toMatch(/r1\.1 is size 3: the largest active ship of b1 is size 2/);
  });
  it("only disabled enemy ships: a ship that is not disabled, or a friend, is refused", () => {
    const { ctx } = run(battle(), [tractor("r1.2")]);
    expect(codes(ctx)).toEqual(["not-disabled"]);
    const s = tinyBattle([
      sq("b1", "blue", "generic/fleet-cruiser", [[10, 20]]),
      sq("b2", "blue", "generic/defense-frigate", [[10.8, 20]]),
    ]);
    s.settings.tractorBeams = true;
    const friendly = run(s, [{ type: "tractor", squadron: "b1", target: "b2" }]).ctx;
    expect(codes(friendly)).toEqual(["friendly"]);
  });
  it("one capture per ship per activation: a second disabled ship in contact waits", () => {
    const s = battle("generic/defense-frigate");
    const r1 = s.squadrons.r1 as { ships: { x: number; y: number; disabled: boolean }[] };
    Object.assign(r1.ships[1] as object, { x: 10, y: 20.8, disabled: true });
    const { ctx } = run(s, [tractor("r1.1"), tractor("r1.2")]);
    expect(codes(ctx)).toEqual(["too-large"]);
    expect(ctx.problems[0]?.message).toMatch(/used its tractor beam this activation \(one capture per ship\)/);
    expect(Object.keys(s.prizes)).toHaveLength(1);
  });
  it("a fleet file's options.tractorBeams: true turns the option on for the battle", () => {
    const a = parseFleet({
      name: "Tow",
      options: { tractorBeams: true },
      taskforces: [{ name: "T", squadrons: [{ design: "generic/fleet-cruiser", ships: 2 }] }],
    });
    const b = parseFleet({ name: "Foe", taskforces: [{ name: "F", squadrons: [{ design: "generic/fleet-cruiser", ships: 2 }] }] });
    if (!a.ok || !b.ok) throw new Error("fleet");
    expect(createBattle({ seed: 1, scenario: "t", fleets: [a.value, b.value] }).state.settings.tractorBeams).toBe(true);
    expect(createBattle({ seed: 1, scenario: "t", fleets: [b.value, b.value] }).state.settings.tractorBeams).toBeUndefined();
  });
  it("the sensible bot takes a disabled ship in contact by tractor beam rather than boarding it", () => {
    const s = battle();
    const orders = botOrders(s, "blue").orders;
    expect(orders.filter((o) => o.type === "tractor")).toEqual([tractor()]);
    expect(orders.some((o) => o.type === "board" && o.target === "r1")).toBe(false);
    const off = battle(undefined, undefined, false);
    expect(botOrders(off, "blue").orders.some((o) => o.type === "tractor")).toBe(false);
  });
  it("the random-legal bot uses its beams about half of the time when the option is on, and every tractor order is accepted", () => {
    let given = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const s = battle();
      const orders = randomLegalOrders(s, "blue", Rng.fromSeed(seed)).orders;
      const beams = orders.filter((o) => o.type === "tractor");
      if (beams.length === 0) continue;
      given++;
      expect(beams[0]).toMatchObject({ squadron: "b1", target: "r1", ship: "r1.1" });
      const r = battleshift.resolve(s, { blue: { orders } }, Rng.fromSeed(seed));
      expect(r.problems.blue?.filter((p) => p.order.includes("tractor"))).toEqual([]);
    }
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(12);
    expect(randomLegalOrders(battle(undefined, undefined, false), "blue", Rng.fromSeed(1)).orders.some((o) => o.type === "tractor")).toBe(
      false,
    );
  });
});
