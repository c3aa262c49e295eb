import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { botOrders, randomLegalOrders } from "../../src/rules/battleshift/bot/bot.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState, SideId } from "../../src/rules/battleshift/model.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import { tinyBattle } from "./support.js";

type Player = (state: BattleState, seat: SideId, rng: Rng) => Orders;
const smartBot: Player = (s, seat) => botOrders(s, seat);
const randomBot: Player = (s, seat, rng) => randomLegalOrders(s, seat, rng);

function battle(seed: number, players: Record<SideId, Player>, problems?: Record<SideId, Record<string, number>>): BattleState {
  let state = battleshift.scenarios.playtest?.create(seed, {}) as BattleState;
  const rng = Rng.forTurn(seed, 0, "random-bot");
  for (let i = 0; i < 5000 && !state.outcome; i++) {
    const orders: Record<string, Orders> = {};
    for (const seat of battleshift.awaiting(state)) orders[seat] = (players[seat] as Player)(state, seat, rng);
    const r = battleshift.resolve(state, orders, Rng.forTurn(seed, state.step));
    if (problems)
      for (const [seat, ps] of Object.entries(r.problems))
        for (const p of ps) (problems[seat] ??= {})[p.code] = (problems[seat]?.[p.code] ?? 0) + 1;
    state = r.state;
  }
  return state;
}

describe("bot: measured against the random-legal bot", () => {
  it("beats a random-legal bot in at least 90% of 50 seeded battles (the 160-ship playtest, sides alternating)", () => {
    const rows: string[] = [];
    let wins = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const smart: SideId = seed % 2 === 0 ? "blue" : "red";
      const other: SideId = smart === "blue" ? "red" : "blue";
      const end = battle(seed, { [smart]: smartBot, [other]: randomBot });
      const won = end.outcome?.winners.includes(smart) ?? false;
      if (won) wins++;
      rows.push(
        `${String(seed).padStart(2)}  bot=${smart.padEnd(4)}  ${won ? "WIN " : "loss"}  turn ${String(end.turn).padStart(2)}  VP blue ${String(end.sides.blue?.vp).padStart(4)} red ${String(end.sides.red?.vp).padStart(4)}  ${end.outcome?.reason ?? "unfinished"}`,
      );
    }
    console.log(
      `Battleshift bot against the random-legal bot, 50 playtest battles:\n${rows.join("\n")}\nbot won ${wins}/50 (${(wins * 2).toFixed(0)}%)`,
    );
    expect(wins).toBeGreaterThanOrEqual(45);
  });
});

describe("bot: sensible orders", () => {
  it("its moves, fire and fighters pass the engine's own checks: the only problems left are dice consequences", () => {
    const problems: Record<SideId, Record<string, number>> = {};
    battle(2, { blue: smartBot, red: smartBot }, problems);
    const codes = new Set([...Object.keys(problems.blue ?? {}), ...Object.keys(problems.red ?? {})]);
    // Targets destroyed (or moved out of reach) by earlier fire of the same activation are all it may run into.
    for (const c of codes) expect(["target-absent", "unknown-target", "no-contact", "cannot-fire"], c).toContain(c);
    for (const c of ["coherency", "out-of-command-range", "taskforce-facing", "outside-movement-arc", "too-far", "facing-change"])
      expect(codes.has(c), c).toBe(false);
  });
  it("focuses fire: the squadrons of a taskforce that can bear synchronise on one target", () => {
    const s = tinyBattle(
      [
        {
          id: "b1",
          side: "blue",
          design: "generic/fleet-cruiser",
          at: [
            [10, 20],
            [10, 21],
          ],
          facing: 90,
        },
        {
          id: "b2",
          side: "blue",
          design: "generic/fleet-cruiser",
          at: [
            [10, 24],
            [10, 25],
          ],
          facing: 90,
        },
        { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[30, 22]], facing: 270, damage: 3 },
        {
          id: "r2",
          side: "red",
          design: "generic/fleet-battleship",
          at: [
            [30, 30],
            [31, 30],
            [32, 30],
          ],
          facing: 270,
          taskforce: "red-tf2",
        },
      ],
      { activating: { side: "blue", taskforce: "blue-tf1" } },
    );
    const o = botOrders(s, "blue").orders;
    const heavy = o.filter((x) => x.type === "heavy");
    expect(heavy).toHaveLength(1);
    expect(heavy[0]).toMatchObject({ squadrons: ["b1", "b2"], target: "r1" });
  });
  it("keeps the taskforce together: every squadron moves the same way and keeps within command range", () => {
    const s = tinyBattle(
      [
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
        {
          id: "b2",
          side: "blue",
          design: "generic/fleet-cruiser",
          at: [
            [10, 24],
            [10, 25],
          ],
          facing: 90,
        },
        { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[60, 30]], facing: 270 },
      ],
      { activating: { side: "blue", taskforce: "blue-tf1" } },
    );
    const moves = botOrders(s, "blue").orders.filter((x) => x.type === "move");
    expect(moves).toHaveLength(2);
    const [a, b] = moves as { heading?: number; distance?: number }[];
    expect(a?.heading).toBe(b?.heading);
    expect(a?.distance).toBe(b?.distance);
    expect(a?.distance).toBeGreaterThan(11);
  });
  it("launches missiles and fighters at targets in reach", () => {
    const s = tinyBattle(
      [
        { id: "b1", side: "blue", design: "generic/missile-cruiser", at: [[10, 20]], facing: 90 },
        { id: "b2", side: "blue", design: "generic/light-carrier", at: [[10, 24]], facing: 90 },
        { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[28, 22]], facing: 270 },
      ],
      { activating: { side: "blue", taskforce: "blue-tf1" } },
    );
    const types = botOrders(s, "blue").orders.map((x) => x.type);
    expect(types).toContain("missiles");
    expect(types).toContain("flight");
  });
  it("shifts away from a losing fight: a wrecked squadron with the enemy close makes an emergency shift", () => {
    const s = tinyBattle(
      [
        { id: "b1", side: "blue", design: "generic/fleet-battleship", at: [[10, 20]], facing: 90 },
        { id: "b2", side: "blue", design: "generic/fleet-cruiser", at: [[10, 24]], facing: 90, damage: 6 },
        {
          id: "r1",
          side: "red",
          design: "generic/fleet-cruiser",
          at: [
            [20, 22],
            [21, 22],
            [22, 22],
          ],
          facing: 270,
        },
      ],
      { activating: { side: "blue", taskforce: "blue-tf1" }, flagships: { "blue-tf1": "b1" } },
    );
    s.squadrons.b2!.initialShips = 5;
    expect(botOrders(s, "blue").orders).toContainEqual({ type: "emergencyShift", squadron: "b2" });
  });
});

describe('bots and "Engulfing (Highly experimental)"', () => {
  const prey = () =>
    tinyBattle([
      { id: "b1", side: "blue", design: "bionid/ankax-feedship", at: [[10, 20]], facing: 90 },
      {
        id: "r1",
        side: "red",
        design: "generic/fleet-cruiser",
        at: [
          [15, 20],
          [15, 23],
        ],
        facing: 270,
      },
    ]);
  it('the sensible bot: "A ship merely has to move into contact with the disabled ship during its movement to engulf": an Ankax closes with a disabled cruiser in its move and engulfs it, holding its fire on that squadron', () => {
    const s = prey();
    s.squadrons.r1!.ships[0]!.disabled = true;
    const orders = botOrders(s, "blue").orders;
    expect(orders.filter((o) => o.type === "engulf")).toEqual([{ type: "engulf", squadron: "b1", target: "r1", ship: "r1.1" }]);
    expect(orders.some((o) => (o.type === "heavy" || o.type === "light") && o.target === "r1")).toBe(false);
    const r = battleshift.resolve(s, { blue: { orders } }, Rng.fromSeed(1));
    expect(r.problems.blue).toEqual([]);
    const prize = Object.values(r.state.prizes)[0];
    expect(prize).toMatchObject({ side: "blue", fromSide: "red", engulfed: true, design: "generic/fleet-cruiser", squadron: "b1" });
    // "A captured ship scores its cost as VP for the captor" (RULINGS "Boarding, assault units, engulfing, prizes").
    expect(r.state.sides.blue?.vp).toBe(30);
  });
  it("the sensible bot: with no disabled ship in reach it does not engulf; it boards nothing it means to engulf", () => {
    const s = prey();
    expect(botOrders(s, "blue").orders.some((o) => o.type === "engulf")).toBe(false);
    const far = prey();
    far.squadrons.r1!.ships[0]!.disabled = true;
    far.squadrons.r1!.ships[0]!.x = 40;
    expect(botOrders(far, "blue").orders.some((o) => o.type === "engulf")).toBe(false);
  });
  it("the random-legal bot: a third of the time engulfs a disabled enemy ship in contact, and every engulf it gives is accepted", () => {
    let given = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const s = prey();
      s.squadrons.r1!.ships[0]!.disabled = true;
      s.squadrons.r1!.ships[0]!.x = 11; // bases touching: 1" apart (RULINGS "Bases"; 0.8" would overlap)
      const orders = randomLegalOrders(s, "blue", Rng.fromSeed(seed)).orders;
      const engulfs = orders.filter((o) => o.type === "engulf");
      if (engulfs.length === 0) continue;
      given++;
      expect(engulfs[0]).toMatchObject({ squadron: "b1", target: "r1", ship: "r1.1" });
    }
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(12);
  });
});
