/**
 * Releasing a friendly engulfed ship (RULINGS "Releasing a friendly engulfed ship"): the seed's "Engulfing" lets a ship
 * take friends aboard ("This can be done to friendly ships automatically during movement ... Friendly ships that are
 * engulfed can be repaired by the repair systems of the larger ship") and gives no way out; the ruling's `release` order.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders } from "../../src/rules/battleshift/bot/bot.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { ctxFor, FixedRng, korzineBesideFrigates, unitOf } from "./support.js";

function run(state: BattleState, orders: Order[], rng: Rng = Rng.fromSeed(3)) {
  const ctx = ctxFor(state, "blue", rng);
  runActivation(ctx, unitOf(state, "blue", "blue-tf1"), orders);
  return ctx;
}
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);

/** A Korzine (size 4, engulfs up to size 2) with the Sword Frigate b2.1 aboard; b2.2 is left at (12, 12). */
function engulfedFriend(disabled = false): { s: BattleState; prize: string } {
  const s = korzineBesideFrigates(disabled);
  // FixedRng(6): every repair roll fails, so a disabled frigate stays disabled aboard.
  run(s, [{ type: "engulf", squadron: "b1", target: "b2", ship: "b2.1" }], new FixedRng(6));
  return { s, prize: Object.keys(s.prizes)[0] as string };
}

describe('Releasing a friendly engulfed ship (the seed has no release rule: RULINGS "Releasing a friendly engulfed ship")', () => {
  it('the engulfer sets its friend down 1" astern and it rejoins a squadron of its own design with room, in coherency', () => {
    const { s, prize } = engulfedFriend();
    const ctx = run(s, [{ type: "release", squadron: "b1", target: prize }]);
    expect(codes(ctx)).toEqual([]);
    expect(s.prizes).toEqual({});
    expect(s.squadrons.b2?.ships.map((x) => [x.id, x.x, x.y, x.disabled])).toEqual([
      ["b2.2", 12, 12, false],
      ["b2.1", 9, 10, false],
    ]);
    expect(ctx.lines.find((l) => l.step === "6. Boarding")?.text).toBe(
      'b1.1 releases the Sword Frigate b2.1 (repaired, 1" from b1.1) into b2',
    );
  });

  it("with no squadron to rejoin it becomes a detached squadron of one, still disabled if it was not repaired", () => {
    const { s, prize } = engulfedFriend(true);
    s.squadrons.b2!.ships[0]!.x = 40;
    s.squadrons.b2!.taskforce = null;
    const ctx = run(s, [{ type: "release", squadron: "b1", target: prize, to: { x: 10.5, y: 10.5 } }], new FixedRng(6));
    expect(codes(ctx)).toEqual([]);
    const made = Object.values(s.squadrons).find((q) => q.ships.some((x) => x.id === "b2.1"));
    expect(made).toMatchObject({ side: "blue", taskforce: null, design: "generic/sword-frigate", initialShips: 1, facing: 90 });
    expect(made?.ships).toEqual([{ id: "b2.1", x: 10.5, y: 10.5, disabled: true }]);
    expect(made?.activatedTurn).toBe(s.turn);
  });

  it("refuses, with the reason: not engulfed, not friendly, not the engulfer's squadron, unknown, too far, no room or another design", () => {
    const floating = engulfedFriend();
    floating.s.prizes[floating.prize]!.engulfed = false;
    expect(codes(run(floating.s, [{ type: "release", squadron: "b1", target: floating.prize }]))).toEqual(["not-engulfed"]);
    const enemy = engulfedFriend();
    enemy.s.prizes[enemy.prize]!.fromSide = "red";
    expect(codes(run(enemy.s, [{ type: "release", squadron: "b1", target: enemy.prize }]))).toEqual(["not-friendly"]);
    const other = engulfedFriend();
    const notYours = run(other.s, [{ type: "release", squadron: "b2", target: other.prize }]);
    expect(codes(notYours)).toEqual(["not-your-squadron"]);
    expect(notYours.problems[0]?.message).toMatch(/is carried by b1, not b2/);
    expect(codes(run(other.s, [{ type: "release", squadron: "b1", target: "blue-p99" }]))).toEqual(["unknown-prize"]);
    const far = run(other.s, [{ type: "release", squadron: "b1", target: other.prize, to: { x: 12, y: 10 } }]);
    expect(codes(far)).toEqual(["too-far"]);
    expect(far.problems[0]?.message).toMatch(/is 2" from the engulfer b1\.1; a released ship is set down within 1"/);
    const design = run(other.s, [{ type: "release", squadron: "b1", target: other.prize, join: "b1" }]);
    expect(codes(design)).toEqual(["cannot-rejoin"]);
    expect(design.problems[0]?.message).toMatch(/b1 is a squadron of Korzine Carrier; the released ship is a Sword Frigate/);
    // Seven frigates already: "Each squadron may have 1 — 7 ships".
    const full = other.s.squadrons.b2!;
    for (let i = 3; i <= 8; i++) full.ships.push({ id: `b2.${i}`, x: 12, y: 11 + i * 0.2, disabled: false });
    const room = run(other.s, [{ type: "release", squadron: "b1", target: other.prize, join: "b2" }]);
    expect(room.problems[0]?.message).toMatch(/b2 has no room: 8 ships of size 2 would be 16 size units \(at most 7 ships, 21 units\)/);
    expect(Object.keys(other.s.prizes)).toEqual([other.prize]);
  });

  it("the sensible bot releases a repaired friend", () => {
    const { s, prize } = engulfedFriend();
    const orders = botOrders(s, "blue").orders;
    expect(orders).toContainEqual({ type: "release", squadron: "b1", target: prize });
  });
});
