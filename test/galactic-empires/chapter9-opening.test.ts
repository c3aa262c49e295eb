/**
 * Seed 003 chapter 9, "What to do when you're new" 4): "All your starships are in
 * garrisons ... You should be able to conquer two or three neighbouring independents in
 * your first turn. So form a new unit in each of your sectors, and transfer your
 * starships from the garrison to the unit. Put the light starships in the lower ranks,
 * and the heavies into the fourth or fifth rank. Leave the retreat level at 5 ...
 * Compare your force with the neighbouring independent. If your force has significantly
 * more combat power and hits, you are almost certainly going to win ... You can order two
 * starfleets to hit the same neighbouring sector."
 *
 * Every empire of a game gives exactly those orders on turn 1, and the test counts the
 * independent sectors each one holds after the turn. Whether that works depends on which
 * starships have cloaking ability: cloak-capable starships count a tenth of their combat
 * for taking a sector (chapter 4, "Sector Ownership Changes"), so with every type
 * cloak-capable most won battles cannot take the sector (RULINGS.md, "Which starships can
 * cloak").
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { shipType, totalCombatOf } from "../../src/rules/galactic-empires/catalog.js";
import { galacticEmpires } from "../../src/rules/galactic-empires/index.js";
import { DEFAULT_SETTINGS, type GameState, INDEPENDENT, type Rank, type Unit } from "../../src/rules/galactic-empires/model.js";
import type { Order, Orders } from "../../src/rules/galactic-empires/orders.js";
import { knownState } from "../../src/rules/galactic-empires/view.js";

const combatOf = (u: Unit) => u.ships.reduce((t, s) => t + totalCombatOf(shipType(s.type)) * s.count, 0);
const hitsOf = (u: Unit) => u.ships.reduce((t, s) => t + shipType(s.type).hits * s.count, 0);

/**
 * Chapter 9's first-turn orders for one empire, from what it knows: every unit with
 * starships (a garrison's through a new starfleet that takes all of them, light types in
 * rank 1, the heaviest in 5, the next in 4) travels into a neighbouring independent
 * sector whose visible defenders it beats at least twice over in both total combat and
 * hit points ("significantly more combat power and hits"), a sector no other unit of it
 * goes for if there is one, else one already chosen ("two starfleets ... the same
 * neighbouring sector"). Retreat levels stay at 5. No other orders.
 */
function chapter9Opening(state: GameState, empire: string): Order[] {
  const k = knownState(state, empire);
  const neighbours = new Map<number, number[]>();
  for (const b of k.borders) {
    if (b.barrier) continue;
    neighbours.set(b.a, [...(neighbours.get(b.a) ?? []), b.b]);
    neighbours.set(b.b, [...(neighbours.get(b.b) ?? []), b.a]);
  }
  const sectors = new Map(k.sectors.map((s) => [s.id, s]));
  const units = Object.values(k.units);
  const orders: Order[] = [];
  const chosen = new Set<number>();
  const mine = units.filter((u) => u.owner === empire && u.ships.some((s) => s.count > 0)).sort((a, b) => (a.id < b.id ? -1 : 1));
  let formed = 0;
  for (const u of mine) {
    const target = (neighbours.get(u.sector) ?? [])
      .filter((id) => sectors.get(id)?.owner === INDEPENDENT && !sectors.get(id)?.permission.includes(empire))
      .map((id) => {
        const defenders = units.filter((x) => x.owner === INDEPENDENT && x.sector === id);
        return { id, combat: defenders.reduce((t, x) => t + combatOf(x), 0), hits: defenders.reduce((t, x) => t + hitsOf(x), 0) };
      })
      .filter((t) => combatOf(u) >= 2 * t.combat && hitsOf(u) >= 2 * t.hits)
      .sort((a, b) => Number(chosen.has(a.id)) - Number(chosen.has(b.id)) || a.combat - b.combat || a.id - b.id)[0];
    if (!target) continue;
    chosen.add(target.id);
    let unit = u.id;
    if (u.kind === "garrison") {
      unit = `opening${++formed}`;
      orders.push({ type: "formFleet", ref: unit, at: u.id });
      const types = [...new Set(u.ships.map((s) => s.type))].sort((a, b) => totalCombatOf(shipType(a)) - totalCombatOf(shipType(b)));
      types.forEach((type, i) => {
        const count = u.ships.filter((s) => s.type === type).reduce((n, s) => n + s.count, 0);
        const fromTop = types.length - 1 - i;
        const rank = (types.length === 1 ? 1 : fromTop === 0 ? 5 : fromTop === 1 ? 4 : Math.min(3, i + 1)) as Rank;
        orders.push({ type: "transfer", from: u.id, to: unit, starship: type, count, rank });
      });
    }
    orders.push({ type: "travel", unit, to: target.id });
  }
  return orders;
}

/** Independent sectors each empire holds after a first turn of chapter 9's orders by everyone. */
function firstTurnTakes(scenario: string, seed: number, cloakCapable: "scouts" | "all"): number[] {
  const sc = galacticEmpires.scenarios[scenario];
  if (!sc) throw new Error(scenario);
  const state = sc.create(seed, {}) as GameState;
  state.settings.cloakCapable = cloakCapable;
  const seats = galacticEmpires.seats(state);
  const orders: Record<string, Orders> = {};
  for (const e of seats) orders[e] = { empire: e, turn: 1, orders: chapter9Opening(state, e) };
  const res = galacticEmpires.resolve(state, orders, Rng.forTurn(seed, 1));
  expect(
    seats.flatMap((e) => (res.problems[e] ?? []).filter((p) => !["lost-border-battle", "unit-lost"].includes(p.code))),
    "chapter 9's orders are all legal",
  ).toEqual([]);
  const wasIndependent = new Set(state.sectors.filter((s) => s.owner === INDEPENDENT).map((s) => s.id));
  return seats.map((e) => res.state.sectors.filter((s) => s.owner === e && wasIndependent.has(s.id)).length);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe("chapter 9 'What to do when you're new' 4): 'conquer two or three neighbouring independents in your first turn'", () => {
  it("the default reading is cloakCapable 'scouts'", () => {
    expect(DEFAULT_SETTINGS.cloakCapable).toBe("scouts");
  });

  it("frontier, seeds 1-5 (30 empires): the chapter 9 opening takes two or three independents (median), and at least 80% of the empires take two or more", () => {
    const takes = [1, 2, 3, 4, 5].flatMap((seed) => firstTurnTakes("frontier", seed, DEFAULT_SETTINGS.cloakCapable));
    expect(takes).toHaveLength(30);
    expect([2, 3]).toContain(median(takes));
    expect(takes.filter((n) => n >= 2).length / takes.length).toBeGreaterThanOrEqual(0.8);
    // The other reading (every type cloak-capable, a tenth of its combat for conquest): a median of one.
    const all = [1, 2, 3, 4, 5].flatMap((seed) => firstTurnTakes("frontier", seed, "all"));
    expect(median(all)).toBeLessThanOrEqual(1);
  });

  it("the default galaxy, seed 1 (26 empires): every empire but a few takes two or more in its first turn; with 'all' the median is one", () => {
    const takes = firstTurnTakes("alpha-beta-quadrants", 1, DEFAULT_SETTINGS.cloakCapable);
    expect(takes).toHaveLength(26);
    expect(median(takes)).toBeGreaterThanOrEqual(2);
    expect(takes.filter((n) => n >= 2).length).toBeGreaterThanOrEqual(23);
    expect(median(firstTurnTakes("alpha-beta-quadrants", 1, "all"))).toBeLessThanOrEqual(1);
  });
});
